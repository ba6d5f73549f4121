//! A side that has lost every piece of some kinds loses (Aieirping: all its pawns and
//! queens).
//!
//! Judged after every action ([`super::Hook::Ending`]): a side with no piece of the kinds on
//! the board has lost, and the game is over there. Where kings are taken, the action that
//! leaves a side so ends its turn at once, as the capture of a king does: the core asks
//! before a capture whether it takes the last such piece ([`Position::last_kept`], through
//! `Position::capture_would_end`), and nothing follows it (no conversion, no wall).

use crate::rules::geometry::Square;
use crate::rules::position::{Ending, Piece, Position};
use crate::rules::variant::Color;

impl Position {
    /// The side that has no piece of `kinds` (bits of kind indices) left, if one has none:
    /// the side not to move first.
    pub(in crate::rules) fn bereft(&self, kinds: u64) -> Option<Color> {
        [self.side_to_move().other(), self.side_to_move()].into_iter().find(|&color| self.bereft_of(color, kinds))
    }

    /// Whether `color` has no piece of `kinds` left. The board is searched from the side's own
    /// back line, where its pieces start (most often found within a few ranks).
    pub(in crate::rules) fn bereft_of(&self, color: Color, kinds: u64) -> bool {
        let kept = |p: &Option<Piece>| p.is_some_and(|p| p.color == color && kinds >> p.kind.index() & 1 == 1);
        let cells = self.cells_in_order();
        match self.variant().forward(color).1 < 0 {
            true => !cells.iter().rev().any(kept),
            false => !cells.iter().any(kept),
        }
    }

    /// Whether the piece on `sq` is the last of its side's pieces of `kinds`: capturing it
    /// would end the game.
    pub(in crate::rules) fn last_kept(&self, kinds: u64, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq).filter(|p| kinds >> p.kind.index() & 1 == 1) else { return false };
        !self.squares_of(piece.color).any(|(other, p)| other != sq && kinds >> p.kind.index() & 1 == 1)
    }

    /// [`super::Hook::Ending`]: the side left without those kinds loses.
    pub(in crate::rules) fn bereft_ending(&self, kinds: u64) -> Option<Ending> {
        self.bereft(kinds).map(|loser| Ending::Bereft { winner: loser.other() })
    }
}
