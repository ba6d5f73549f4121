//! Promotion beyond the orthodox pawn's: every piece but pawns and royal ones may promote,
//! at will, on arriving on the last rank (Promotion Chess, `pieces-promote`); and a pawn also
//! promotes on the edge file far from the half of the board it started on (Better Pawns 3,
//! 4, 7, 8, 11, 12, `side-promotion`; FEN's `^` on a pawn says it started on the h-side).

use crate::rules::geometry::Square;
use crate::rules::position::{Piece, Position};

impl Position {
    /// Whether `sq` is on the file where the pawn `piece` promotes sideways.
    #[inline]
    pub(in crate::rules) fn on_side_goal(&self, sq: Square, piece: Piece) -> bool {
        if !self.is_pawn(piece) {
            return false;
        }
        let g = &self.variant.geometry;
        g.file(sq) == if piece.from_h_half { 0 } else { g.files() - 1 }
    }

    /// Whether `piece` (no pawn), moving from `from` onto its last rank, may promote: it is
    /// not royal and did not stand there already.
    #[inline]
    pub(in crate::rules) fn piece_may_promote(&self, from: Square, piece: Piece) -> bool {
        !self.is_royal(piece) && !self.on_last_rank(from, piece.color)
    }
}
