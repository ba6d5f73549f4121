//! Freeze and Deepfreeze Chess: pieces that may not move because an enemy piece attacks
//! them, and the check such pieces do not give.
//!
//! In Freeze Chess the piece that moved last (the position's landing cell, which the core
//! keeps, keys and writes in FEN as `last:e4`) freezes the enemy pieces it attacks for their
//! side's next turn. In Deepfreeze Chess every piece an enemy piece attacks is immobilised,
//! at every moment. Either way an immobile piece cannot take the king, so check is an attack
//! by a piece that is free to move when its side's turn comes
//! ([`super::Hook::AttackedInstead`]): a move is legal when no free enemy piece attacks the
//! mover's king after it. Deepfreeze adds an ending: a side whose pieces are all immobilised
//! loses, unless the other side's are too ([`Position::immobilised_loser`]).

use super::super::geometry::Square;
use super::super::position::Position;
use super::super::variant::{Color, Kind};

/// Which pieces are frozen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freeze {
    /// Those the piece that moved last attacks, for their side's next turn (Freeze Chess).
    LastMoved,
    /// Every piece an enemy piece attacks (Deepfreeze Chess).
    Deep,
}

impl Position {
    /// [`super::Hook::Immobile`]: whether the piece on `sq` may not move now.
    #[inline(never)]
    pub(in crate::rules) fn frozen(&self, freeze: Freeze, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else { return false };
        match freeze {
            Freeze::LastMoved => self.frozen_by_last(sq, piece.color),
            Freeze::Deep => self.attacked_plainly(sq, piece.color.other()),
        }
    }

    /// Whether the piece that moved last, an enemy of `color`, attacks `sq`.
    fn frozen_by_last(&self, sq: Square, color: Color) -> bool {
        self.landed
            .is_some_and(|last| self.piece_at(last).is_some_and(|p| p.color != color) && self.piece_attacks(last, sq))
    }

    /// [`super::Hook::AttackedInstead`]: whether a piece of `by` that is free to move in its
    /// side's next turn attacks `target`. In Freeze only the side to move has frozen pieces;
    /// in Deepfreeze a piece of `by` is free unless a piece of the other side attacks it.
    #[inline(never)]
    pub(in crate::rules) fn attacked_by_free(&self, freeze: Freeze, target: Square, by: Color) -> bool {
        if !self.attacked_plainly(target, by) {
            return false;
        }
        match freeze {
            Freeze::LastMoved if by != self.side || self.landed.is_none() => true,
            Freeze::LastMoved => self.attacks_on(target, by).any(|s| !self.frozen_by_last(s, by)),
            Freeze::Deep => self.attacks_on(target, by).any(|s| !self.attacked_plainly(s, by.other())),
        }
    }

    /// [`super::Module::landing_key`] for Freeze: the pieces the piece that moved last
    /// freezes, which are what makes two positions with the same pieces differ.
    #[inline(never)]
    pub(in crate::rules) fn frozen_key(&self, last: Square) -> u64 {
        let Some(mover) = self.piece_at(last) else { return 0 };
        let mut frozen = Vec::new();
        self.for_each_attacked(last, |sq| {
            if self.piece_at(sq).is_some_and(|p| p.color != mover.color) && !frozen.contains(&sq) {
                frozen.push(sq);
            }
        });
        frozen.into_iter().fold(0, |key, sq| key ^ self.variant().key(sq, Color::White, Kind(0)).rotate_left(23))
    }

    /// [`super::Hook::Ending`] for Deepfreeze: the side to move, where every one of its
    /// pieces is immobilised, it is not in check (that is mate, which the core tells) and
    /// some piece of the other side is free.
    #[inline(never)]
    pub(in crate::rules) fn immobilised_loser(&self) -> Option<Color> {
        let side = self.side;
        let all_attacked =
            |color: Color| self.squares_of(color).all(|(sq, _)| self.attacked_plainly(sq, color.other()));
        (all_attacked(side) && !self.in_check() && !all_attacked(side.other())).then_some(side)
    }
}
