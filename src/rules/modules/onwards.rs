//! Onwards Chess: a piece that reaches its last rank turns round (it moves as if its side's
//! forward were backward) until it reaches its first rank again. The module transforms a
//! piece on arrival; turned pieces carry FEN's `^` mark and their own hash, and the core
//! looks for their attacks in both frames (the capability `PiecesKeepTheirFrame` is broken).

use crate::rules::geometry::Square;
use crate::rules::position::{Piece, Position};

impl Position {
    /// `piece` arriving on `sq` turns round on its last rank and back on its first. Pawns do
    /// not turn (they promote; the piece they become has arrived, and turns).
    pub(in crate::rules) fn turned(&self, piece: Piece, sq: Square) -> Piece {
        if self.is_pawn(piece) {
            return piece;
        }
        let depth = self.variant.depth(piece.color, sq);
        if !piece.reversed && depth + 1 == self.variant.depth_len(piece.color) {
            Piece { reversed: true, ..piece }
        } else if piece.reversed && depth == 0 {
            Piece { reversed: false, ..piece }
        } else {
            piece
        }
    }
}
