//! Check counts (Three-check): each check a side gives is counted, and the side that gives
//! the set number of checks wins at once.
//!
//! After each action the module notes whether the side to move next stands in check, and if
//! so raises the mover's tally (`Position::tally`, part of the key, so that positions with
//! different counts never repeat one another; [`super::Hook::AfterAction`], a change taken
//! back with the action). FEN writes the checks each side has still to give (`3+3`, before
//! the clocks) and reads the lichess form of checks given too (`+1+0`, after them). A side
//! with only its king can give no check ([`super::Hook::Material`]).

use crate::rules::fen::CheckCounts;
use crate::rules::position::{Change, Ending, Position, SetupError};
use crate::rules::variant::Color;

use super::Module;

impl Position {
    /// Counts a check given by the action just played: one change of the action, or none.
    pub(in crate::rules) fn count_check(&mut self) -> u8 {
        let mover = self.mover();
        let checked = mover.other();
        if !self.king_attacked(checked) {
            return 0;
        }
        let tally = &mut self.tally[mover.index()];
        *tally = tally.saturating_add(1);
        self.changes.push(Change::Tally(mover));
        1
    }

    /// The side that has given `checks` checks, the winner.
    pub(in crate::rules) fn checks_ending(&self, checks: u8) -> Option<Ending> {
        // (Only a setup could show both: the side that moved last gave its last.)
        let last = self.side.other();
        [last, last.other()]
            .into_iter()
            .find(|c| self.tally[c.index()] >= checks)
            .map(|winner| Ending::Checks { winner })
    }

    /// Whether `side` could give a check: it has a piece besides its royal ones.
    pub(in crate::rules) fn can_check(&self, side: Color) -> bool {
        self.squares_of(side).any(|(_, p)| !self.is_royal(p))
    }

    /// The number of checks that wins, where the variant counts them.
    fn checks_to_win(&self) -> Option<u8> {
        self.variant().modules.list.iter().find_map(|m| match m {
            Module::CheckCount(n) => Some(*n),
            _ => None,
        })
    }

    /// The FEN's check counters: the checks each side has still to give.
    pub(in crate::rules) fn check_counts(&self) -> Option<CheckCounts> {
        let n = self.checks_to_win()?;
        Some(CheckCounts { counts: self.tally.map(|given| n.saturating_sub(given)), given: false })
    }

    /// Sets the tallies from a FEN's counters, in either form; none: no check given yet.
    pub(in crate::rules) fn read_check_counts(&mut self, counts: Option<CheckCounts>) -> Result<(), SetupError> {
        let Some(counts) = counts else { return Ok(()) };
        let Some(n) = self.checks_to_win() else {
            return Err(SetupError::CheckCounts(
                "counts checks, which this variant does not (a Three-check position?)".to_owned(),
            ));
        };
        for (color, &count) in [Color::White, Color::Black].iter().zip(&counts.counts) {
            if count > n {
                return Err(SetupError::CheckCounts(format!(
                    "gives {count} checks for {color:?}, more than the {n} that win"
                )));
            }
            self.tally[color.index()] = if counts.given { count } else { n - count };
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::{Ending, Position};
    use crate::rules::variant::Color;

    fn after(fen: &str, moves: &[&str]) -> (Option<Ending>, String) {
        let variant = crate::variants::find(Some("three-check")).unwrap_or_else(|e| panic!("{e}"));
        let mut p = Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{e}"));
        for text in moves {
            super::super::testing::play_san(&mut p, text);
        }
        (p.game_over(), p.fen())
    }

    /// Each check counts, in the FEN too; the third wins; the lichess form is read.
    #[test]
    fn the_third_check_wins() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1";
        let (ending, fen) = after(start, &["e4", "e5", "Bc4", "Nc6", "Bxf7+"]);
        assert_eq!(ending, None);
        assert!(fen.contains(" - 2+3 0 3"), "{fen}");
        let lichess = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +2+0";
        let (ending, fen) = after(lichess, &["Qh5", "Nc6", "Qxf7+"]);
        assert_eq!(ending, Some(Ending::Checks { winner: Color::White }));
        assert!(fen.contains(" 0+3 "), "{fen}");
    }
}
