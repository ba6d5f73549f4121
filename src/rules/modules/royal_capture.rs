//! Pieces that may also capture the opponent's royal piece as another kind moves (Aieirping's
//! E: a knight that captures the king along a queen's lines).
//!
//! Besides its own moves ([`super::Hook::MovesBesides`]), the piece walks the rays of the kind
//! the module names, up to the first piece or wall on each; where that piece is a royal piece
//! of the opponent's, the walk is a capture of it. No other move of that kind is the piece's.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, Piece, Position};
use crate::rules::variant::Kind;

impl Position {
    /// The captures of the opponent's royal pieces that `piece` on `from` makes as the kind
    /// `table` gives it (none where it gives none).
    pub(in crate::rules) fn royal_captures(
        &self,
        table: &[Option<Kind>],
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) {
        let Some(&Some(as_kind)) = table.get(piece.kind.index()) else { return };
        let takes = |other: Piece| other.color != piece.color && self.is_royal(other);
        self.first_piece_captures(from, piece, as_kind, true, takes, out);
    }
}
