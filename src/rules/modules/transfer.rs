//! Transfer Chess: a captured piece goes to the capturer's reserve for the other board, as
//! the piece it is, and comes back there as a drop (the reserves module) in the color the
//! capturer has on that board. The Swap variant's reserves hold one piece each.
//!
//! The boards, and who has which color on each, are the core's (`VariantSpec::boards`,
//! `Variant::reversed`): inside the core the player who moves first is White on every board,
//! so a piece that changes hands turns to the capturer's color as in Crazyhouse, and a
//! side's hand keeps one count per kind for each board. This module only says which board a
//! captured piece may enter and how many a reserve keeps.

use crate::rules::geometry::Square;
use crate::rules::position::{Change, Piece, Position};
use crate::rules::variant::{Color, Kind};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transfer {
    /// The most pieces each of a player's reserves (one per board) holds (the Swap variant:
    /// 1), where limited.
    pub holds: Option<u16>,
}

impl Position {
    /// `victim`, captured on `at` by `captor`'s side, joins the captor's reserve for the next
    /// board (with two boards, the other one) as what it is; a full reserve forfeits the
    /// piece it held (a change on the position's stack). With `undo`, it leaves the reserve
    /// again (the forfeit is taken back from the stack).
    pub(in crate::rules) fn captured_to_other_board(
        &mut self,
        transfer: Transfer,
        captor: Color,
        victim: Piece,
        at: Square,
        undo: bool,
    ) -> u8 {
        let boards = self.variant.geometry.boards().max(1);
        let board = (self.board_of(at) + 1) % boards;
        if undo {
            self.change_hand_on(captor, board, victim.kind, -1);
            return 0;
        }
        let mut changes = 0;
        if let Some(limit) = transfer.holds {
            while self.hand_on(captor, board).iter().sum::<u16>() >= limit {
                let Some(k) = self.hand_on(captor, board).iter().position(|&count| count > 0) else { break };
                let kind = Kind(k as u8);
                self.change_hand_on(captor, board, kind, -1);
                self.changes.push(Change::Forfeited(captor, board, kind));
                changes += 1;
            }
        }
        self.change_hand_on(captor, board, victim.kind, 1);
        changes
    }
}
