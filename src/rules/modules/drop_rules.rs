//! Shogi's restrictions on drops (`drop-rules`), over the reserve's own (reserves.rs):
//!
//! - no piece is dropped where it could never move (a pawn or lance on the last rank, a
//!   knight on the last two: `zone_promotion::Stuck`);
//! - nifu: no pawn is dropped on a file where an unpromoted pawn of its side stands;
//! - uchifuzume: no pawn is dropped to give mate. (Mate given by a pawn that moves is
//!   allowed, and so is a pawn drop that checks without mating.)
//!
//! The first two are facts of the cell, asked where drops are generated and offered
//! ([`super::Hook::DropRules`]); the third needs the replies, and is judged among the safe
//! moves ([`super::Hook::Forbid`]). Since it may forbid a player's only safe move, the core
//! asks it when it looks for any legal move at all ([`super::Module::forbids_alone`]).

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Position};
use crate::rules::variant::Kind;

impl Position {
    /// Why a piece of `kind` may not be dropped on `sq` by the side to move, as far as the
    /// cell goes; `pawn` is the restricted pawn's kind.
    pub(in crate::rules) fn drop_rule_refusal(&self, pawn: Kind, kind: Kind, sq: Square) -> Option<&'static str> {
        if self.variant.modules.stuck.at(kind, self.side, sq) {
            return Some("where it could never move");
        }
        if kind == pawn {
            let g = &self.variant.geometry;
            let file = g.file(sq);
            let doubled = self.squares_of_kind(self.side, pawn).any(|(at, _)| g.file(at) == file && at != sq);
            if doubled {
                return Some("on a file where an unpromoted pawn of its side stands (nifu)");
            }
        }
        None
    }

    /// Keeps among `out[start..]` (safe moves) those that are no drop of `pawn` that mates.
    pub(in crate::rules) fn keep_unless_pawn_drop_mates(&mut self, pawn: Kind, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < out.len() {
            if self.pawn_drop_mates(pawn, out[i]) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Whether the safe move `m` is a drop of `pawn` that mates (uchifuzume).
    pub(in crate::rules) fn pawn_drop_mates(&mut self, pawn: Kind, m: Move) -> bool {
        if !matches!(m.kind, MoveKind::Drop) || m.piece != pawn {
            return false;
        }
        // Only a pawn on the cell in front of the enemy king checks it: test that first.
        let enemy = self.side.other();
        let (dx, dy) = self.variant.piece_forward(self.side, false);
        let front = self.variant.geometry.offset(m.to, dx, dy);
        if !front.is_some_and(|sq| self.piece_at(sq).is_some_and(|p| p.color == enemy && self.is_royal(p))) {
            return false;
        }
        let undo = self.play(m);
        let mate = self.in_check() && !self.has_legal_move();
        self.undo(m, undo);
        mate
    }
}
