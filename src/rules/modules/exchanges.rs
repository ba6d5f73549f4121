//! Swaps, gifts and leaps: actions a turn plan may allow besides moves and drops (20-chess
//! rules 3, 19 and 17), generated, played and taken back here. They are not modules of the
//! hooks: a plan's step that takes [`turn::actions::SWAP`], [`turn::actions::GIFT`] or
//! [`turn::actions::LEAP`] offers them.
//!
//! - A swap (`Ke1<>Rh1`, [`MoveKind::Swap`]): two pieces of the side to move exchange their
//!   cells. A pawn never lands on its first or last rank by it. A king or rook swapped has
//!   moved and loses its castling rights; a swap that moves a pawn starts the 50-move count
//!   again.
//! - A gift (`Nb1>`, [`MoveKind::Gift`]): a piece of the side to move, not a royal one, leaves
//!   the board as if the opponent had captured it (the capture modules put it in the
//!   opponent's hand); its castling right goes with it, and the 50-move count starts again.
//!
//! - A leap ([`MoveKind::Leap`]): a piece of the side to move goes by the vector of the move
//!   before it in the turn, whatever its own movement, to an empty cell (never a pawn onto
//!   its first or last rank). It is played as a move that captures nothing.
//!
//! - A placing ([`MoveKind::Place`]): the side to move's extra piece (20-chess rules 12 to 14)
//!   is put on an empty cell as the kind the rule gives it, lifted first from its cell where
//!   it stands on the board. The `place-extra` module offers it (`extra_piece.rs`).
//!
//! Swaps, gifts and placings are judged by playing them out, as any action that moves more
//! than one piece is; a leap as a move. A piece without moves of its own (the mountain) is
//! neither swapped nor leaps.

use super::super::position::{Move, MoveKind, Piece, Position, Undo};
use super::super::turn;

impl Position {
    /// The swaps and gifts of the side to move the action kinds `kinds` allow.
    pub(in crate::rules) fn exchanges(&self, kinds: turn::actions::Kinds, out: &mut Vec<Move>) {
        let side = self.side_to_move();
        let mine: Vec<(super::super::geometry::Square, Piece)> = self.squares_of(side).collect();
        if kinds & turn::actions::GIFT != 0 {
            for &(sq, piece) in &mine {
                // (The extra piece goes to no hand: it is given to nobody.)
                if !self.is_royal(piece) && !self.is_extra(piece) {
                    out.push(Move {
                        from: sq,
                        to: sq,
                        piece: piece.kind,
                        promotion: None,
                        kind: MoveKind::Gift,
                        capture: false,
                    });
                }
            }
        }
        // (Where a piece swaps as its move, the piece's moves give the swap.)
        if kinds & turn::actions::SWAP != 0 && self.variant().plan.swaps_any {
            // (A piece that cannot move, the mountain, is not moved by a swap either.)
            let mine: Vec<_> =
                mine.into_iter().filter(|&(_, p)| !self.variant().kind(p.kind).rays.is_empty()).collect();
            for (i, &(a, first)) in mine.iter().enumerate() {
                for &(b, second) in &mine[i + 1..] {
                    if self.pawn_may_stand(first, b) && self.pawn_may_stand(second, a) {
                        out.push(Move {
                            from: a,
                            to: b,
                            piece: first.kind,
                            promotion: None,
                            kind: MoveKind::Swap,
                            capture: false,
                        });
                    }
                }
            }
        }
    }

    /// The leaps of the side to move: each of its pieces but the one that made the turn's last
    /// move, by that move's vector, onto an empty cell.
    pub(in crate::rules) fn leaps(&self, out: &mut Vec<Move>) {
        let Some(last) = self.turn_last().filter(|l| l.has(turn::LAST_MOVE)) else { return };
        let (Ok(dx), Ok(dy)) = (i8::try_from(last.vector.0), i8::try_from(last.vector.1)) else { return };
        let geometry = &self.variant().geometry;
        for (sq, piece) in self.squares_of(self.side_to_move()) {
            // (Nor by an identical move: a piece without moves cannot move.)
            if sq == last.to || self.variant().kind(piece.kind).rays.is_empty() {
                continue;
            }
            let Some(to) = geometry.offset(sq, dx, dy) else { continue };
            if self.piece_at(to).is_none() && !self.is_wall(to) && self.pawn_may_stand(piece, to) {
                out.push(Move {
                    from: sq,
                    to,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::Leap,
                    capture: false,
                });
            }
        }
    }

    /// Whether `piece` may stand on `sq`: a pawn not on its first or last line.
    fn pawn_may_stand(&self, piece: Piece, sq: super::super::geometry::Square) -> bool {
        if !self.is_pawn(piece) {
            return true;
        }
        let variant = self.variant();
        let depth = variant.depth(piece.color, sq);
        depth != 0 && depth + 1 != variant.depth_len(piece.color)
    }

    /// Plays a swap, a gift or a placing of the extra piece.
    pub(in crate::rules) fn play_exchange(&mut self, m: Move) -> Undo {
        let side = self.side_to_move();
        if matches!(m.kind, MoveKind::Place) {
            // The extra piece, lifted where it stands (`Undo::captured` keeps it), placed anew.
            let lifted = self.piece_at(m.from).filter(|&p| p.color == side && self.is_extra(p));
            let mut undo = self.begin_action(Piece::new(side, m.piece));
            undo.captured = lifted.map(|p| (m.from, p));
            if lifted.is_some() {
                self.put(m.from, None);
            }
            self.put(m.to, Some(Piece::new(side, m.piece)));
            self.end_exchange(m, false);
            return undo;
        }
        let first = self.piece_at(m.from).unwrap_or(Piece::new(side, m.piece));
        let mut undo = self.begin_action(first);
        let mut pawn = self.is_pawn(first);
        match m.kind {
            MoveKind::Swap => {
                let second = self.piece_at(m.to);
                pawn |= second.is_some_and(|p| self.is_pawn(p));
                self.put(m.to, Some(first));
                self.put(m.from, second);
                self.lose_castling(&[m.from, m.to]);
            }
            _ => {
                self.put(m.from, None);
                undo.changes = self.captured_by(side.other(), first, m.from);
                self.lose_castling(&[m.from]);
                pawn = true;
            }
        }
        self.end_exchange(m, pawn);
        undo
    }

    /// Takes back [`Position::play_exchange`].
    pub(in crate::rules) fn undo_exchange(&mut self, m: Move, undo: Undo) {
        match m.kind {
            MoveKind::Place => {
                self.put(m.to, None);
                if let Some((from, piece)) = undo.captured {
                    self.put(from, Some(piece));
                }
            }
            MoveKind::Swap => {
                let (first, second) = (self.piece_at(m.to), self.piece_at(m.from));
                self.put(m.from, first);
                self.put(m.to, second);
            }
            _ => {
                let piece = undo.moved;
                self.uncaptured_by(piece.color.other(), piece, m.from, undo.changes);
                self.put(m.from, Some(piece));
            }
        }
        self.restore_castling(&undo);
        self.undo_pass(undo);
    }
}
