//! Companion Chess: only a piece with a friendly piece orthogonally next to it may move,
//! unless no such piece has a legal move. The module forbids safe moves.

use crate::rules::position::{Move, MoveKind, Position};

impl Position {
    /// Keeps, among the safe moves `out[start..]`, those with a companion, where there is one.
    pub(in crate::rules) fn keep_companions(&self, out: &mut Vec<Move>, start: usize) {
        if !out[start..].iter().any(|&m| self.has_companion(m)) {
            return;
        }
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if self.has_companion(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether the rule allows the safe move `m`: it has a companion, or no safe move has one.
    pub(in crate::rules) fn companions_allow(&mut self, m: Move) -> bool {
        if self.has_companion(m) {
            return true;
        }
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        !moves.into_iter().any(|c| self.has_companion(c) && self.is_safe(c))
    }

    /// Whether the piece that `m` moves has a piece of its side orthogonally next to it
    /// (castling is the king's move, a drop needs no companion).
    fn has_companion(&self, m: Move) -> bool {
        if matches!(m.kind, MoveKind::Drop) {
            return true;
        }
        let g = &self.variant.geometry;
        [(1, 0), (-1, 0), (0, 1), (0, -1)].into_iter().any(|(dx, dy)| {
            g.offset(m.from, dx, dy).and_then(|s| self.piece_at(s)).is_some_and(|p| p.color == self.side)
        })
    }
}
