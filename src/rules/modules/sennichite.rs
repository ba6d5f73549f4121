//! Shogi's repetition (`sennichite`): the fourth occurrence of a position ends the game. It is
//! drawn, unless one player gave check with every move since the first of the four
//! occurrences: that player loses (perpetual check). No other draw is ruled: no fifty or
//! seventy-five moves, no threefold claim (the module breaks
//! [`super::Capability::FideDraws`]).
//!
//! A position is the same where its key is (pieces, hands, side to move). Whether each
//! position was in check is noted after every action (the module answers
//! [`super::Hook::AfterAction`], a change the position takes back with the action), so that
//! no other variant keeps it.

use crate::rules::position::{Ending, Position};
use crate::rules::variant::Color;

/// How many occurrences of a position end the game.
const TIMES: usize = 4;

impl Position {
    /// The ending of a fourth repetition, if the position stands for the fourth time.
    pub(in crate::rules) fn sennichite(&mut self) -> Option<Ending> {
        let key = self.key();
        let history = self.key_history();
        let mut seen = 1;
        let mut first = None;
        for (i, &k) in history.iter().enumerate().rev() {
            if k == key {
                seen += 1;
                if seen == TIMES {
                    first = Some(i);
                    break;
                }
            }
        }
        let first = first?;
        // Positions first+1 ..= now (one action a turn: the sides alternate), each one's side
        // to move and whether it stood in check. The last check noted is this position's, and
        // each before it the position's before: position `j` is entry `noted - 1 - (now - j)`.
        let now = history.len();
        let checks = self.check_history();
        let noted = checks.len();
        let mut always_checked = [true, true];
        for j in first + 1..=now {
            let side = if (now - j).is_multiple_of(2) { self.mover() } else { self.mover().other() };
            let checked = (noted + j).checked_sub(now + 1).and_then(|i| checks.get(i)).copied().unwrap_or(false);
            always_checked[side.index()] &= checked;
        }
        Some(match always_checked {
            [true, false] => Ending::PerpetualCheck { winner: Color::White },
            [false, true] => Ending::PerpetualCheck { winner: Color::Black },
            _ => Ending::Sennichite,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::{Ending, Position};
    use crate::rules::variant::Color;

    /// Plays `moves` (SAN, as arbiter writes them) in shogi from `fen` and returns how the
    /// game stands.
    fn after(fen: &str, moves: &[&str]) -> Option<Ending> {
        let variant = crate::variants::find(Some("shogi")).unwrap_or_else(|e| panic!("{e}"));
        let mut p = Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{e}"));
        for text in moves {
            super::super::testing::play_san(&mut p, text);
        }
        p.game_over()
    }

    const ROOKS: &str = "4k4/9/9/9/9/9/9/9/R3K4[] w - - 0 1";
    const CHECKS: &str = "4k4/R8/9/9/9/9/9/9/4K4[] w - - 0 1";

    #[test]
    fn the_fourth_occurrence_ends_the_game_and_not_the_third() {
        let cycle = ["Ra2", "Kd9", "Ra1", "Ke9"];
        let three: Vec<&str> = cycle.iter().cycle().take(8).copied().collect();
        assert_eq!(after(ROOKS, &three), None);
        let four: Vec<&str> = cycle.iter().cycle().take(12).copied().collect();
        assert_eq!(after(ROOKS, &four), Some(Ending::Sennichite));
    }

    #[test]
    fn checks_with_every_move_lose_and_one_quiet_move_makes_it_a_draw() {
        let checks = ["Ra9+", "Ke8", "Ra8+", "Ke9"];
        let perpetual: Vec<&str> = checks.iter().cycle().take(12).copied().collect();
        assert_eq!(after(CHECKS, &perpetual), Some(Ending::PerpetualCheck { winner: Color::Black }));
        // The same cycle once without a check (the rook waits on a7, then comes back): the
        // fourth occurrence is drawn.
        let mut broken: Vec<&str> = checks.iter().cycle().take(8).copied().collect();
        broken.extend(["Ra7", "Kd9", "Ra8", "Ke9"]);
        assert_eq!(after(CHECKS, &broken), Some(Ending::Sennichite));
    }
}
