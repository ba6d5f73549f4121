//! Bank Chess: a player's own pieces (never the king) leave the board for the player's bank,
//! each banking a whole turn, and come back as drops, each a whole turn too; a bank may hold
//! one piece only (the Swap variant: banking another forfeits it); and every second move of a
//! player may have to be a standard chess move (the Half-Standard variants).
//!
//! The bank is the position's reserve (`Position::hands`), written in FEN's braces (`{Nb}`);
//! the banking itself, a piece leaving the board for its owner's reserve, is the core's
//! `MoveKind::Bank`, and the re-insertion a drop. This file says which of them a position
//! offers, and what a full bank does.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bank {
    /// The most pieces a bank holds (the Swap variant: 1); banking one more forfeits the
    /// piece it held.
    pub holds: Option<u16>,
    /// Which of a player's moves, by the move number, must be standard chess moves (no
    /// banking, no re-inserting): `Some(0)` the even ones, `Some(1)` the odd ones.
    pub standard: Option<u8>,
}

impl Position {
    /// Whether the move now must be a standard chess move (`bank.standard`).
    pub(in crate::rules) fn standard_move_due(&self, bank: Bank) -> bool {
        bank.standard.is_some_and(|parity| self.fullmove() % 2 == u32::from(parity))
    }

    /// The bankings and re-insertions of the side to move, where its move may be one.
    pub(in crate::rules) fn bank_actions(&self, bank: Bank, out: &mut Vec<Move>) {
        if self.standard_move_due(bank) {
            return;
        }
        for i in 0..self.variant().geometry.cells() {
            let sq = Square(i as u16);
            if let Some(piece) = self.piece_at(sq).filter(|&p| self.bankable(p)) {
                out.push(Move {
                    from: sq,
                    to: sq,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::Bank,
                    capture: false,
                });
            }
        }
        self.drop_moves(out);
    }

    /// Whether `piece` may go to the bank now: one of the mover's, not royal.
    fn bankable(&self, piece: Piece) -> bool {
        piece.color == self.mover() && !self.is_royal(piece)
    }

    /// Whether the side to move may make the banking or re-insertion `m`, as far as the
    /// position goes.
    pub(in crate::rules) fn bank_offers(&self, bank: Bank, m: Move) -> bool {
        if self.standard_move_due(bank) {
            return false;
        }
        match m.kind {
            MoveKind::Drop => self.drop_fits(m.piece, m.to),
            MoveKind::Bank => self.piece_at(m.from).is_some_and(|p| p.kind == m.piece && self.bankable(p)),
            _ => false,
        }
    }
}
