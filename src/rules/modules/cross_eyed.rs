//! Cross-eyed Chess: no piece moves onto an occupied cell; a move to an empty cell captures
//! the enemy piece on the cell opposite it, seen from the mover's square. The module replaces
//! the walk along a piece's rays (its moves) and the walk along attack lines (whether a cell
//! is attacked).

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position};
use crate::rules::variant::{Color, CompiledRay, Variant};

/// What [`Position::cross_eyed_walk`] calls for each cell a piece may move to: the ray, the
/// cell, the cell opposite it, and whether the way there is clear; `true` stops the walk.
type CrossEyedVisit<'a> = dyn FnMut(&CompiledRay, Square, Option<Square>, bool) -> bool + 'a;

impl Position {
    /// Every move goes to an empty cell D; it captures the enemy piece on the cell M opposite
    /// D (as far from the mover's square, the other way), if the way to M is clear. A pawn's
    /// diagonal step is only a capture: of the piece diagonally behind it, or en passant of
    /// the pawn that passed over that cell.
    pub(in crate::rules) fn cross_eyed_rays(&self, from: Square, piece: Piece, out: &mut Vec<Move>) {
        let pawn = self.variant.kind(piece.kind).spec.pawn;
        self.cross_eyed_walk(from, piece, &mut |ray, to, mirror, clear| {
            let victim = mirror
                .filter(|_| clear)
                .and_then(|m| self.piece_at(m).map(|p| (m, p)))
                .filter(|&(_, p)| p.color != piece.color);
            match victim {
                Some((m, _)) if Variant::captures(ray.mode) => {
                    self.push_move(from, to, piece, MoveKind::Remote { victim: m }, true, out);
                }
                _ if pawn && !Variant::moves(ray.mode) => {
                    if let (Some(m), Some((target, victim))) = (mirror, self.en_passant)
                        && target == m
                        && clear
                        && self.piece_at(victim).is_some_and(|p| p.color != piece.color)
                    {
                        self.push_move(from, to, piece, MoveKind::EnPassant { victim }, true, out);
                    }
                }
                _ if Variant::moves(ray.mode) => {
                    let kind = if pawn && ray.initial { MoveKind::DoubleStep } else { MoveKind::Normal };
                    self.push_move(from, to, piece, kind, false, out);
                }
                _ => {}
            }
            false
        });
    }

    /// Walks the Cross-eyed moves of `piece` on `from`: for every empty cell D it may move to,
    /// calls `visit(ray, D, M, clear)` with M the cell opposite (None off the board or on a
    /// wall) and whether every cell between `from` and M is empty. Stops when `visit` says so,
    /// and returns whether it did.
    fn cross_eyed_walk(&self, from: Square, piece: Piece, visit: &mut CrossEyedVisit<'_>) -> bool {
        let variant = &*self.variant;
        let c = piece.frame();
        let kind = variant.kind(piece.kind);
        for ray in &kind.rays {
            if !self.ray_opens(from, piece, ray) {
                continue;
            }
            let (mut cur, mut mirror) = (from, Some(from));
            // Whether every cell strictly between the mover and `mirror` is empty.
            let mut clear = true;
            for step in 0..ray.range {
                let Some(next) = variant.steps.step(usize::from(ray.step[c]), cur) else { break };
                if next == from || self.is_wall(next) || self.piece_at(next).is_some() {
                    break;
                }
                cur = next;
                if step > 0 {
                    clear &= mirror.is_some_and(|m| self.piece_at(m).is_none() && !self.is_wall(m));
                }
                mirror =
                    mirror.and_then(|m| variant.steps.step(usize::from(ray.back[c]), m)).filter(|&m| !self.is_wall(m));
                if visit(ray, cur, mirror, clear) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece of `by` could capture a piece on `target` (empty or not) by moving the
    /// other way.
    pub(in crate::rules) fn cross_eyed_attacked(&self, target: Square, by: Color) -> bool {
        self.squares_of(by).any(|(sq, piece)| {
            self.cross_eyed_walk(sq, piece, &mut |ray, _, mirror, clear| {
                clear && mirror == Some(target) && Variant::captures(ray.mode)
            })
        })
    }
}
