//! Burnt Chess: after a capture, the square the capturing piece started from burns and is a
//! wall for the rest of the game (en passant and promotion included). The walls themselves,
//! their hash and their taking back are the position's ([`Position::raise_wall`]); what a
//! wall does to moves, attacks and castling is the core's, as for walls set up in a FEN.

use crate::rules::position::{Move, MoveKind, Position};

impl Position {
    /// Burns the square `m` started from where it captured; how many walls it raised (0 or 1,
    /// on the position's stack of changes for [`Position::undo`]).
    pub(in crate::rules) fn burn(&mut self, m: Move) -> u8 {
        let moved_off = matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant { .. } | MoveKind::Remote { .. }
        );
        if !m.capture || !moved_off || self.piece_at(m.from).is_some() || self.is_wall(m.from) {
            return 0;
        }
        self.raise_wall(m.from);
        1
    }
}
