//! Pieces whose move is a switch with a piece of their own (Aieirping's T: it exchanges cells
//! with one of its own pieces on its rank or file, never the king).
//!
//! The piece has no move of its own (its movement is `-`); this module gives it
//! ([`super::Hook::MovesBesides`]) a swap ([`MoveKind::Swap`], written `Tb12<>Db10`) with the
//! first piece along each of the four orthogonal lines, where that piece is its side's, not of
//! a kind the module excepts, free to move (not held: [`super::Hook::Immobile`]), and not a
//! piece that would stand where it could never move (a pawn on its last rank). Nothing
//! between them: no piece, no wall. The swap itself is played as any swap is
//! (`exchanges.rs`).

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position};

impl Position {
    /// The switches of `piece` on `from`, where its kind is among `kinds`, with pieces of its
    /// side not among `never` (bits of kind indices).
    pub(in crate::rules) fn switches(
        &self,
        (kinds, never): (u64, u64),
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) {
        if kinds >> piece.kind.index() & 1 == 0 {
            return;
        }
        // (The four orthogonal directions, the first of `jailers::AROUND`.)
        for direction in 0..4 {
            let Some(cur) = self.first_piece_by(from, 0, |sq| self.next_cell(sq, direction)) else { continue };
            let Some(other) = self.piece_at(cur) else { continue };
            // (Two switchers switch once, from the first cell: the same action either way.)
            let twin = kinds >> other.kind.index() & 1 == 1 && cur < from;
            if other.color == piece.color
                && !twin
                && never >> other.kind.index() & 1 == 0
                && !self.immobile(cur)
                && !(self.variant().kind(other.kind).promotes.is_some()
                    && self.variant().modules.stuck.at(other.kind, other.color, from))
            {
                out.push(Move {
                    from,
                    to: cur,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::Swap,
                    capture: false,
                });
            }
        }
    }
}

impl Position {
    /// Why the pieces on `a` and `b`, both of the side to move, do not switch, in a refusal's
    /// words (after the swap as written).
    pub fn switch_refusal(&self, a: Square, b: Square) -> String {
        let Some(&super::Module::Switchers(kinds, never)) =
            self.variant().modules.list.iter().find(|m| matches!(m, super::Module::Switchers(..)))
        else {
            return "is no action of this variant".to_owned();
        };
        let v = self.variant();
        let switcher = |sq: Square| self.piece_at(sq).is_some_and(|p| kinds >> p.kind.index() & 1 == 1);
        let (from, to) = if switcher(a) { (a, b) } else { (b, a) };
        let (Some(mover), Some(other)) = (self.piece_at(from), self.piece_at(to)) else {
            return "moves no piece".to_owned();
        };
        let name = |sq: Square| self.piece_at(sq).map_or_else(String::new, |p| v.kind(p.kind).spec.name.clone());
        if !switcher(from) {
            return "is no action: only a piece that switches (its move is the swap) exchanges cells with another"
                .to_owned();
        }
        if never >> other.kind.index() & 1 == 1 {
            return format!("switches the {} with the {}, which it never may", name(from), name(to));
        }
        let g = &v.geometry;
        let (fx, fy, tx, ty) = (g.file(from), g.rank(from), g.file(to), g.rank(to));
        if fx != tx && fy != ty {
            return format!("switches the {} with a piece neither on its rank nor on its file", name(from));
        }
        let (dx, dy) = ((i16::from(tx) - i16::from(fx)).signum() as i8, (i16::from(ty) - i16::from(fy)).signum() as i8);
        let mut cur = from;
        while let Some(next) = g.offset(cur, dx, dy) {
            if next == to {
                break;
            }
            if self.piece_at(next).is_some() || self.is_wall(next) {
                return format!(
                    "switches the {} over {}, which stands between them",
                    name(from),
                    self.square_label(next)
                );
            }
            cur = next;
        }
        if self.immobile(from) || self.immobile(to) {
            let held = if self.immobile(from) { from } else { to };
            return format!("moves the {} on {}, which is held", name(held), self.square_label(held));
        }
        let _ = (mover, other);
        if v.kind(other.kind).promotes.is_some() && v.modules.stuck.at(other.kind, other.color, from) {
            return format!("would put the {} where it could never move (its last rank)", name(to));
        }
        format!("is no action of this turn: {}", self.open_steps_about())
    }
}
