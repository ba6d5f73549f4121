//! Statue Chess: a captured piece goes to its owner's reserve (a reserve of one piece in the
//! Swap variant, where the piece it held is forfeited); a piece re-inserted from the reserve
//! (a drop) is a statue for the rest of the game: it has no move that captures nothing, and
//! captures as its piece does, moving onto the victim's cell; a captured statue is gone.
//!
//! A statue is a piece marked fixed (`Piece::fixed`, FEN `!`), which the core keys and writes.
//! This file makes a dropped piece fixed ([`super::Hook::Arrival`]), gives fixed pieces their
//! captures instead of their rays ([`super::Hook::MovesInstead`], answered only for them),
//! and sends captured pieces to their owner's reserve ([`super::Hook::Capture`]).

use crate::rules::geometry::Square;
use crate::rules::position::{Change, Move, MoveKind, Piece, Position};
use crate::rules::variant::Kind;

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statue {
    /// The most pieces a reserve holds (the Swap variant: 1); a piece captured beyond
    /// forfeits the one held.
    pub holds: Option<u16>,
}

impl Position {
    /// The captures of `piece` on `from` where it is a statue, along its capturing rays up to
    /// the first piece (an enemy); `false`, generating nothing, where it is none.
    pub(in crate::rules) fn statue_captures(&self, from: Square, piece: Piece, out: &mut Vec<Move>) -> bool {
        if !piece.fixed {
            return false;
        }
        // The first piece along each capturing ray, where it is an enemy; once, where two
        // rays reach it (a wrapped board).
        self.for_each_attacked(from, piece, |cur| {
            if self.piece_at(cur).is_some_and(|other| other.color != piece.color)
                && !out.iter().any(|m| m.from == from && m.to == cur)
            {
                self.push_move(from, cur, piece, MoveKind::Normal, true, out);
            }
        });
        true
    }

    /// `victim`, captured, goes to its owner's reserve as what it is, unless it is a statue;
    /// a full reserve forfeits the piece it held (a change on the position's stack). With
    /// `undo`, it leaves the reserve again (the forfeit is taken back from the stack).
    pub(in crate::rules) fn captured_to_owner(&mut self, statue: Statue, victim: Piece, undo: bool) -> u8 {
        if victim.fixed {
            return 0;
        }
        let color = victim.color;
        if undo {
            self.change_hand(color, victim.kind, -1);
            return 0;
        }
        let mut changes = 0;
        if let Some(limit) = statue.holds {
            while self.hands[color.index()].iter().sum::<u16>() >= limit {
                let Some(k) = self.hands[color.index()].iter().position(|&count| count > 0) else { break };
                self.change_hand(color, Kind(k as u8), -1);
                self.changes.push(Change::Forfeited(color, 0, Kind(k as u8)));
                changes += 1;
            }
        }
        self.change_hand(color, victim.kind, 1);
        changes
    }
}
