//! Shogi's repetition (`sennichite`): the fourth occurrence of a position ends the game. It is
//! drawn, unless one player gave check with every move since the first of the four
//! occurrences: that player loses (perpetual check). No other draw is ruled: no fifty or
//! seventy-five moves, no threefold claim (the module breaks
//! [`super::Capability::FideDraws`]).
//!
//! A position is the same where its key is (pieces, hands, side to move). Whether each
//! position was in check is the core's history of checks, kept where a module asks for it
//! (`Position::checks`).

use crate::rules::position::{Ending, Position};
use crate::rules::variant::Color;

/// How many occurrences of a position end the game.
const TIMES: usize = 4;

impl Position {
    /// The ending of a fourth repetition, if the position stands for the fourth time.
    pub(in crate::rules) fn sennichite(&mut self) -> Option<Ending> {
        let key = self.key();
        let history = self.key_history();
        let mut seen = 1;
        let mut first = None;
        for (i, &k) in history.iter().enumerate().rev() {
            if k == key {
                seen += 1;
                if seen == TIMES {
                    first = Some(i);
                    break;
                }
            }
        }
        let first = first?;
        // Positions first+1 ..= now: each one's side to move, and whether it was in check.
        let now = history.len();
        let checks = self.check_history();
        let in_check_now = self.in_check();
        let mut always_checked = [true, true];
        for j in first + 1..=now {
            let side = if (now - j) % 2 == 0 { self.mover() } else { self.mover().other() };
            let checked = if j == now { in_check_now } else { checks.get(j).copied().unwrap_or(false) };
            always_checked[side.index()] &= checked;
        }
        Some(match always_checked {
            [true, false] => Ending::PerpetualCheck { winner: Color::White },
            [false, true] => Ending::PerpetualCheck { winner: Color::Black },
            _ => Ending::Sennichite,
        })
    }
}
