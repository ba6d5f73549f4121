//! Transparent pieces: riders of the kinds named may pass through pieces (all, their own or
//! the enemy's) to empty cells beyond, not capturing in that move. The core's ray walks ask
//! this module whether a ray goes on past a piece it meets.

use crate::rules::position::Piece;
use crate::rules::variant::{Kind, Transparency};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transparent {
    /// Which pieces the riders pass through.
    pub through: Transparency,
    /// The kinds that pass through, as bits of their indices.
    pub kinds: u64,
}

impl Transparent {
    /// Whether pieces of `kind` pass through others.
    #[inline]
    pub fn kind_passes(self, kind: Kind) -> bool {
        self.kinds.checked_shr(u32::from(kind.0)).is_some_and(|bits| bits & 1 == 1)
    }

    /// Whether `mover` may pass through `piece`.
    #[inline]
    pub fn lets_through(self, mover: Piece, piece: Piece) -> bool {
        self.kind_passes(mover.kind) && self.through.lets_through(mover.color, piece.color)
    }
}
