//! The far rank: a piece that lands on the opponent's back rank wins, at once or if the
//! opponent cannot take it with the next move. The module notes where an action landed on
//! the mover's far rank (the position's `landed` cell, which `Undo` keeps) and ends the game
//! from there.

use super::Module;
use crate::rules::geometry::Square;
use crate::rules::position::{Move, Piece, Position};
use crate::rules::variant::{Color, FarRank};

impl Position {
    /// The player whose piece has reached the far rank and won.
    pub fn far_rank_winner(&mut self) -> Option<Color> {
        let rule = self.variant.modules.list.iter().find_map(|m| match m {
            Module::FarRank(rule) => Some(*rule),
            _ => None,
        })?;
        self.far_rank_winner_by(rule)
    }

    /// [`Position::far_rank_winner`] under `rule`.
    pub(in crate::rules) fn far_rank_winner_by(&mut self, rule: FarRank) -> Option<Color> {
        let landed = self.landed?;
        let mover = self.piece_at(landed)?.color;
        match rule {
            FarRank::Reach => Some(mover),
            FarRank::ReachSafely => {
                // Safe: the opponent has no capture of it (no royal piece here needs guarding,
                // but where one does, only captures that leave it safe count).
                let mut replies = Vec::new();
                self.pseudo_legal_moves(&mut replies);
                let taken = replies.into_iter().any(|r| r.capture && r.to == landed && self.is_safe(r));
                (!taken).then_some(mover)
            }
        }
    }

    /// Where `m`, moving `moved`, put a piece on its far rank.
    #[inline]
    pub(in crate::rules) fn far_rank_landing(&self, m: Move, moved: Piece) -> Option<Square> {
        self.on_last_rank(m.to, moved.color).then_some(m.to)
    }
}
