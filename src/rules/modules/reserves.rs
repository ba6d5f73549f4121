//! Pieces in hand: each side's reserve (FEN holdings), drops from it as a turn's action (on
//! any empty cell, pawns not on the first or last rank, and where the modules of
//! [`super::Hook::DropRules`] allow), and captured pieces going to the captor's hand, turned
//! to its color, a promoted piece as a pawn (the crazyhouse rule; FEN's `~` marks the
//! promoted pieces) or, promoted kind by kind (`+P`), as the kind it was promoted from. The hands themselves, their counts and keys, are the
//! position's.

use super::Lane;
use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position, SetupError};
use crate::rules::variant::{Color, Kind};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reserves {
    /// Each side has a reserve (FEN holdings).
    pub holdings: bool,
    /// Pieces in reserve may be dropped.
    pub drops: bool,
    /// Captured pieces go to the captor's reserve.
    pub to_hand: bool,
}

impl Reserves {
    /// The lane plays a reserve with drops, filled by captures to hand or by another module.
    pub(super) fn lane(self) -> Lane {
        match self {
            Reserves { holdings: true, drops: true, to_hand: true } => Lane::Drops,
            Reserves { holdings: true, drops: true, to_hand: false } => Lane::Reserve,
            _ => Lane::Off,
        }
    }
}

impl Position {
    /// Drops of the side to move: each kind in hand on each empty cell, pawns not on the first
    /// or last rank.
    /// Where the game has several boards, each board's hand drops on that board only.
    pub(in crate::rules) fn drop_moves(&self, out: &mut Vec<Move>) {
        let boards = self.variant.geometry.boards();
        for (slot, &count) in self.hands[self.side.index()].iter().enumerate() {
            if count == 0 {
                continue;
            }
            let kinds = self.variant.kinds.len();
            let (board, kind) = ((slot / kinds) as u8, Kind((slot % kinds) as u8));
            for sq in self.variant.geometry.squares() {
                if (boards == 1 || self.board_of(sq) == board) && self.drop_fits(kind, sq) {
                    out.push(Move {
                        from: sq,
                        to: sq,
                        piece: kind,
                        promotion: None,
                        kind: MoveKind::Drop,
                        capture: false,
                    });
                }
            }
        }
    }

    /// Whether a piece of `kind` may be dropped on `sq` as far as the cell goes: it is empty,
    /// no wall, and for a pawn neither the first nor the last rank.
    pub(in crate::rules) fn drop_fits(&self, kind: Kind, sq: Square) -> bool {
        if self.piece_at(sq).is_some() || self.is_wall(sq) {
            return false;
        }
        let depth = self.variant.depth(self.side, sq);
        if self.variant.kind(kind).spec.pawn && (depth == 0 || depth + 1 == self.variant.depth_len(self.side)) {
            return false;
        }
        self.drop_refused(kind, sq).is_none()
    }

    /// Why the modules forbid dropping a piece of `kind` on `sq`, an empty cell (shogi: where
    /// it could never move, a second pawn on a file).
    pub fn drop_refused(&self, kind: Kind, sq: Square) -> Option<&'static str> {
        let hook = &self.variant.modules.hooks.drop_rules;
        if hook.is_empty() {
            return None;
        }
        hook.iter().find_map(|module| module.drop_refusal(self, kind, sq))
    }

    /// Refuses a setup where a reserve holds more than `holds` pieces (a Swap bank: one); a
    /// side has one reserve per board.
    pub(in crate::rules) fn check_reserve_limit(&self, holds: Option<u16>) -> Result<(), SetupError> {
        let Some(limit) = holds else { return Ok(()) };
        let boards = self.variant.geometry.boards();
        let over = |color| (0..boards).any(|b| self.hand_on(color, b).iter().sum::<u16>() > limit);
        match over(Color::White) || over(Color::Black) {
            true if self.variant.modules.marks.bank => Err(SetupError::BankTooLarge(limit)),
            true => Err(SetupError::ReserveTooLarge(limit)),
            false => Ok(()),
        }
    }

    /// `victim`, taken by `captor`'s side, joins its hand (a promoted piece as a pawn); or,
    /// with `undo`, leaves it again.
    pub(in crate::rules) fn capture_to_hand(&mut self, captor: Color, victim: Piece, undo: bool) {
        // (An extra piece of 20-chess never goes to a hand: it is its owner's to place again.)
        if self.variant.modules.extra_kinds >> victim.kind.index() & 1 != 0 {
            return;
        }
        if let Some(kind) = self.hand_kind(victim) {
            self.change_hand(captor, kind, if undo { -1 } else { 1 });
        }
    }

    /// The kind `piece` enters a hand as: a promoted piece as a pawn (the crazyhouse rule) or,
    /// promoted kind by kind (`+P`), as the kind it was promoted from; with a reserve of
    /// values (Cancellation Shogi's option), as the unpromoted kind of its value, or none
    /// (lost) where no kind has it.
    pub(in crate::rules) fn hand_kind(&self, piece: Piece) -> Option<Kind> {
        if let Some(kind) = self.variant.modules.cancellation.hand_of(piece.kind) {
            return kind;
        }
        Some(match self.variant.kind(piece.kind).demotes {
            Some(kind) => kind,
            None if piece.promoted => self.pawn_kind().unwrap_or(piece.kind),
            None => piece.kind,
        })
    }
}
