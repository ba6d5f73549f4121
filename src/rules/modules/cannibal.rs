//! Cannibal Chess: a piece may capture a piece of its own side (never a royal one), as it
//! captures an enemy: along its capturing lines, up to the first piece. The sacrifice is
//! compensated: in the standard version the eaten piece goes to its player's reserve, whence
//! it comes back as a drop (the reserves module); in the variant the same piece moves again
//! at once (the turn's `sacrifice` step, in [`crate::rules::turn::sacrifice`]).
//!
//! The core asks this module, where a ray meets a piece of the mover's side, whether the
//! mover may take it ([`super::Hook::CapturesOwn`]); everything else about a capture (the
//! castling right of an eaten rook, the 50-move count) is the core's, as for any capture.

use crate::rules::position::{Piece, Position};
use crate::rules::variant::Color;

/// What a sacrifice earns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compensation {
    /// The eaten piece goes to its player's reserve, to be re-inserted later.
    Reserve,
    /// The piece that ate moves again in the same turn.
    Move,
}

impl Position {
    /// Whether a piece may eat `victim`, one of its own side: any but a royal piece.
    pub(in crate::rules) fn may_eat(&self, victim: Piece) -> bool {
        !self.is_royal(victim)
    }

    /// `victim`, eaten by its own side `captor` (a capture of an enemy is left alone), joins
    /// that side's reserve as what it is; or, with `undo`, leaves it again.
    pub(in crate::rules) fn eaten_to_reserve(&mut self, captor: Color, victim: Piece, undo: bool) {
        if victim.color == captor {
            self.change_hand(captor, victim.kind, if undo { -1 } else { 1 });
        }
    }
}
