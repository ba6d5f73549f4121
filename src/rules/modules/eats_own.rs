//! Pieces that capture only their own side's pieces (Aieirping's S: it moves as a queen or a
//! knight to empty cells, never captures an opponent's piece, and may capture its own).
//!
//! The kind's movement gives its moves to empty cells only (`mQmN`); this module adds
//! ([`super::Hook::MovesBesides`]) the captures: along each of those rays, the first piece met,
//! where it is one of the mover's own side, the royal piece too (losing it loses the game, as
//! any loss of a royal piece does where kings are taken). What a capture of one's own piece
//! does besides is the core's, as for any capture.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, Piece, Position};

impl Position {
    /// The captures of its own side's pieces that `piece` on `from` makes along its rays,
    /// where its kind is among `kinds` (bits of kind indices).
    pub(in crate::rules) fn own_captures(&self, kinds: u64, from: Square, piece: Piece, out: &mut Vec<Move>) {
        if kinds >> piece.kind.index() & 1 == 0 {
            return;
        }
        self.first_piece_captures(from, piece, piece.kind, false, |other| other.color == piece.color, out);
    }
}
