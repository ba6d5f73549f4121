//! A side that has lost every piece of some kinds loses (Aieirping: all its pawns and
//! queens).
//!
//! Judged after every action ([`super::Hook::Ending`]): a side with no piece of the kinds on
//! the board has lost, and the game is over there. Where kings are taken, the action that
//! leaves a side so ends its turn at once, as the capture of a king does
//! ([`Position::bereft`]).

use crate::rules::position::{Ending, Position};
use crate::rules::variant::Color;

impl Position {
    /// The side that has no piece of `kinds` (bits of kind indices) left, if one has none:
    /// the side not to move first.
    pub(in crate::rules) fn bereft(&self, kinds: u64) -> Option<Color> {
        [self.side_to_move().other(), self.side_to_move()].into_iter().find(|&color| self.bereft_of(color, kinds))
    }

    /// Whether `color` has no piece of `kinds` left.
    pub(in crate::rules) fn bereft_of(&self, color: Color, kinds: u64) -> bool {
        !self.squares_of(color).any(|(_, p)| kinds >> p.kind.index() & 1 == 1)
    }

    /// [`super::Hook::Ending`]: the side left without those kinds loses.
    pub(in crate::rules) fn bereft_ending(&self, kinds: u64) -> Option<Ending> {
        self.bereft(kinds).map(|loser| Ending::Bereft { winner: loser.other() })
    }
}
