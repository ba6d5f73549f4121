//! Sticky Chess: a moving piece drags the piece of its own side that stands south of its
//! start (towards rank 1, for both sides) to the cell south of its destination, where that
//! cell is empty once the move and its capture are made.
//!
//! The drag is what the move does afterwards ([`super::Hook::AfterAction`]): one piece moved,
//! pushed on the position's stack of changes (`Change::Moved`), which the core takes back
//! and reads for castling rights and the 50-move count. Castling is a move of the king: the
//! king drags, the rook does not. A double step that dragged leaves no en passant right. A
//! pawn is not dragged onto its last rank, where it would have to be exchanged for a piece
//! that nothing names.

use super::super::position::{Move, MoveKind, Position};

impl Position {
    /// The drag after `m`, if any: one change, or none.
    #[inline(never)]
    pub(in crate::rules) fn drag(&mut self, m: Move) -> u8 {
        if matches!(m.kind, MoveKind::Drop | MoveKind::Bank | MoveKind::Pass | MoveKind::RemoveBlocked) {
            return 0;
        }
        let g = &self.variant().geometry;
        let (Some(behind), Some(into)) = (g.offset(m.from, 0, -1), g.offset(m.to, 0, -1)) else { return 0 };
        // A piece moving south one square stands where the dragged piece would: before the
        // move that square was empty, or held the enemy piece it took.
        if behind == m.to {
            return 0;
        }
        let Some(mover) = self.piece_at(m.to) else { return 0 };
        let Some(dragged) = self.piece_at(behind).filter(|p| p.color == mover.color) else { return 0 };
        if self.piece_at(into).is_some() || self.is_wall(into) {
            return 0;
        }
        if self.is_pawn(dragged) && self.on_last_rank(into, dragged.color) {
            return 0;
        }
        if matches!(m.kind, MoveKind::DoubleStep) {
            self.clear_en_passant();
        }
        self.move_piece(behind, into);
        1
    }
}
