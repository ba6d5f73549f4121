//! Pieces that hold the enemy pieces next to them (Aieirping's J: no opponent's piece on one
//! of the eight cells next to it can move).
//!
//! A held piece has no action at all ([`super::Hook::Immobile`]): the core generates none of
//! its moves, a switch never takes it, the wall builders leave it out, and a written action of
//! it is refused ([`super::Hook::Forbid`]). Whether a piece is held is read off the board as
//! it stands before each action.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Position};

/// The eight cells next to a cell, as (files, ranks).
pub(super) const AROUND: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Position {
    /// Whether the piece on `sq` stands next to a piece of the other side whose kind is among
    /// `kinds` (bits of kind indices).
    pub(in crate::rules) fn held_by(&self, kinds: u64, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else { return false };
        (0..AROUND.len()).any(|i| {
            self.next_cell(sq, i)
                .and_then(|n| self.piece_at(n))
                .is_some_and(|p| p.color != piece.color && kinds >> p.kind.index() & 1 == 1)
        })
    }

    /// The cell next to `sq` in direction `i` of [`AROUND`], read off the variant's step table
    /// where it has the vector.
    #[inline]
    pub(in crate::rules) fn next_cell(&self, sq: Square, i: usize) -> Option<Square> {
        let variant = self.variant();
        match variant.modules.around.get(i).copied().flatten() {
            Some(vector) => variant.steps.step(usize::from(vector), sq),
            None => AROUND.get(i).and_then(|&(dx, dy)| variant.geometry.offset(sq, dx, dy)),
        }
    }

    /// Whether `m`, an action of the side to move, is one a held piece makes: a move or a
    /// switch of it, or a wall it builds.
    pub(in crate::rules) fn acts_held(&self, kinds: u64, m: Move) -> bool {
        match m.kind {
            MoveKind::Drop | MoveKind::Pass | MoveKind::RemoveBlocked => false,
            MoveKind::Swap => self.held_by(kinds, m.from) || self.held_by(kinds, m.to),
            // (The walls that follow a move are part of it: the piece was free when it moved.)
            MoveKind::Wall => !self.turn_begun() && self.held_by(kinds, m.from),
            _ => self.held_by(kinds, m.from),
        }
    }
}
