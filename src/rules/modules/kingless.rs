//! Sides without a king (Horde): the sides the module names play without a royal piece, so
//! no check is ever given to them; such a side loses when it has no piece left
//! ([`super::Hook::Ending`]). A setup shows no royal piece of theirs (the core asks
//! `Modules::royal_free`).
//!
//! Material ([`super::Hook::Material`]): the side with a king can always win, by taking
//! everything; a side without one can win while it has a piece. (lichess also calls
//! some Horde endings dead where the horde's few pieces can never mate; that finer reading
//! is not made: a flag fall against them is a loss, not a draw.)

use crate::rules::position::{Ending, Position};
use crate::rules::variant::Color;

impl Position {
    /// The side without a royal piece that has lost every piece has lost.
    pub(in crate::rules) fn annihilation(&self, sides: u8) -> Option<Ending> {
        [Color::White, Color::Black]
            .into_iter()
            .find(|&c| sides >> c.index() & 1 == 1 && self.squares_of(c).next().is_none())
            .map(|loser| Ending::Annihilated { winner: loser.other() })
    }

    /// Whether `side` can still win, as far as the material tells.
    pub(in crate::rules) fn kingless_can_win(&self, sides: u8, side: Color) -> bool {
        // The side with a king can always win by taking everything (and has won where
        // nothing is left to take).
        if sides >> side.index() & 1 == 0 {
            return true;
        }
        self.squares_of(side).next().is_some()
    }
}
