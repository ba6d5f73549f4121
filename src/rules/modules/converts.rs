//! Captures that convert (Aieirping's I: a rook whose captured piece is put on a vacant cell
//! and becomes its player's own).
//!
//! Each capture of an opponent's piece by such a piece is as many moves as the captured piece
//! has cells to go to ([`super::Hook::Outcomes`]): [`MoveKind::Convert`], the cell and the
//! kind, one move per vacant cell once the capture is made (the captor's own cell included),
//! but where a piece that promotes by moving could never move (a pawn on its new owner's last
//! rank); a capture whose piece no cell can take is no move. Written `Ixd5&Ne6`. After the capture the piece is put there
//! ([`super::Hook::AfterAction`]), one change of the action. A capture that ends the game
//! (of a royal piece, or of the last of the pieces its side must keep) converts nothing.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position};
use crate::rules::variant::Color;

impl Position {
    /// Each capture among `out[start..]` by a piece whose kind is among `kinds` (bits of kind
    /// indices), of an opponent's piece that is not royal, made into its conversions.
    pub(in crate::rules) fn conversions(&self, kinds: u64, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            // (A capture that ends the game, of a king or of the last piece its side must keep,
            // converts nothing.)
            let victim = self.piece_at(m.to).filter(|_| {
                m.capture
                    && matches!(m.kind, MoveKind::Normal)
                    && kinds >> m.piece.index() & 1 == 1
                    && !self.capture_would_end(m.to)
            });
            let Some(victim) = victim.filter(|v| self.piece_at(m.from).is_some_and(|p| p.color != v.color)) else {
                i += 1;
                continue;
            };
            let owner = self.piece_at(m.from).map_or(self.side_to_move(), |p| p.color);
            let variant = self.variant();
            let promotes = variant.kind(victim.kind).promotes.is_some();
            let cells = (0..variant.geometry.cells()).map(|c| Square(c as u16)).filter(|&sq| {
                sq != m.to
                    && variant.geometry.exists(sq)
                    && !self.is_wall(sq)
                    && (sq == m.from || self.piece_at(sq).is_none())
                    && !(promotes && variant.modules.stuck.at(victim.kind, owner, sq))
            });
            let choices: Vec<Move> =
                cells.map(|at| Move { kind: MoveKind::Convert { at, piece: victim.kind }, ..m }).collect();
            let n = choices.len();
            // (With no cell to go to, the capture cannot be made: the piece must be put.)
            out.splice(i..=i, choices);
            i += n;
        }
    }

    /// The converted piece of `m` as the dialect writes it after the capture, in its new
    /// owner's case as FEN writes pieces: `&Ne6` (White's), `&ne6` (Black's).
    pub fn converted_text(&self, m: Move) -> String {
        let MoveKind::Convert { at, piece } = m.kind else { return String::new() };
        // (Asked before the move is played and after: the captor is on one of its cells.)
        let owner = self.piece_at(m.from).or(self.piece_at(m.to)).map_or(self.mover(), |p| p.color);
        let letter = crate::rules::variant::letter_text(self.variant().kind(piece).spec.letter, owner == Color::Black);
        format!("&{letter}{}", self.fen_square(at))
    }

    /// [`super::Hook::AfterAction`]: the converted piece of `m` put on its cell, as the
    /// mover's own; the number of changes made.
    pub(in crate::rules) fn place_converted(&mut self, m: Move) -> u8 {
        let MoveKind::Convert { at, piece } = m.kind else { return 0 };
        let Some(owner) = self.piece_at(m.to).map(|p| p.color) else { return 0 };
        if self.piece_at(at).is_some() || self.is_wall(at) {
            return 0;
        }
        self.add_piece(at, Piece::new(owner, piece));
        1
    }
}
