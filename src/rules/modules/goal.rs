//! Goals: a royal piece that stands on a goal cell wins the game (King of the Hill: the four
//! centre squares; Racing Kings: the last rank, for both sides).
//!
//! With the reply (Racing Kings), the first player's royal piece on a goal does not win at
//! once: if the second player, to move, has a legal move that brings a royal piece onto a
//! goal too, the game goes on for that move; both royal pieces on goals is a draw. The
//! module answers [`super::Hook::Ending`]; its material is never short, for a lone king may
//! walk to its goal ([`super::Hook::Material`]).

use crate::rules::geometry::Square;
use crate::rules::position::{Ending, Move, Position};
use crate::rules::variant::{Color, VariantError, VariantSpec};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The goal cells, as bits of their indices (boards of at most 64 cells).
    pub cells: u64,
    /// Whether the second player may answer the first player's reaching a goal by reaching
    /// one too, a draw.
    pub reply: bool,
}

impl Goal {
    /// Whether `sq` is a goal cell.
    fn has(self, sq: Square) -> bool {
        1u64.checked_shl(u32::from(sq.0)).is_some_and(|bit| self.cells & bit != 0)
    }
}

/// The goal of the catalogue's cells (file and rank, from 0).
pub(super) fn compile(spec: &VariantSpec, cells: &[(u8, u8)], reply: bool) -> Result<Goal, VariantError> {
    if let (Some(&(file, rank)), true) = (cells.first(), spec.boards.len() > 1) {
        return Err(VariantError::ModuleCell { file, rank });
    }
    Ok(Goal { cells: super::cell_mask(spec, cells)?, reply })
}

impl Position {
    /// Whether a royal piece of `color` stands on a goal cell.
    fn on_goal(&self, goal: Goal, color: Color) -> bool {
        self.royal_cells(color).any(|sq| goal.has(sq))
    }

    /// How the goals end the game here, if they do.
    pub(in crate::rules) fn goal_ending(&mut self, goal: Goal) -> Option<Ending> {
        let (white, black) = (self.on_goal(goal, Color::White), self.on_goal(goal, Color::Black));
        let winner = match (white, black) {
            (false, false) => return None,
            (true, true) if goal.reply => None,
            // (Only a setup could show both; the side that moved last got there last.)
            (true, true) => Some(self.side.other()),
            (true, false) if goal.reply && self.side == Color::Black && self.may_reach_goal(goal) => return None,
            (true, false) => Some(Color::White),
            (false, true) => Some(Color::Black),
        };
        Some(Ending::Goal { winner })
    }

    /// Whether the side to move has a legal move that brings a royal piece onto a goal cell
    /// (found without asking the endings, which ask this).
    fn may_reach_goal(&mut self, goal: Goal) -> bool {
        let side = self.side;
        let mut moves: Vec<Move> = Vec::new();
        let royals: Vec<Square> = self.royal_cells(side).collect();
        for from in royals {
            let Some(piece) = self.piece_at(from) else { continue };
            self.piece_moves(from, piece, &mut moves);
        }
        moves.retain(|m| goal.has(m.to));
        moves.into_iter().any(|m| self.is_safe(m) && self.modules_allow(m))
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::{Ending, Position};

    fn ending(variant: &str, fen: &str) -> Option<Ending> {
        let variant = crate::variants::find(Some(variant)).unwrap_or_else(|e| panic!("{e}"));
        let mut pos = Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        pos.game_over()
    }

    /// A king on the hill wins; the centre is the four squares d4, e4, d5, e5.
    #[test]
    fn the_hill() {
        use crate::rules::variant::Color::*;
        assert_eq!(
            ending("king of the hill", "4k3/8/8/8/3K4/8/8/8 b - - 1 1"),
            Some(Ending::Goal { winner: Some(White) })
        );
        assert_eq!(ending("king of the hill", "4k3/8/8/8/2K5/8/8/8 b - - 1 1"), None);
    }

    /// In Racing Kings, Black may answer White's reaching the last rank; if it cannot, or
    /// does not, White wins; both there is a draw.
    #[test]
    fn the_race_and_its_reply() {
        use crate::rules::variant::Color::*;
        // Black's king can step onto the eighth rank: the game goes on.
        assert_eq!(ending("racing kings", "4K3/6k1/8/8/8/8/8/8 b - - 0 1"), None);
        // It cannot: its king is two ranks away.
        assert_eq!(ending("racing kings", "K7/8/5k2/8/8/8/8/8 b - - 0 1"), Some(Ending::Goal { winner: Some(White) }));
        assert_eq!(ending("racing kings", "K5k1/8/8/8/8/8/8/8 w - - 0 2"), Some(Ending::Goal { winner: None }));
        assert_eq!(ending("racing kings", "6k1/8/K7/8/8/8/8/8 w - - 0 2"), Some(Ending::Goal { winner: Some(Black) }));
    }
}
