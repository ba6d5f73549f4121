//! Deadly Pawns: a piece next to an enemy pawn (in its zone: the four diagonal neighbours or
//! all eight) is removed at once. The module removes pieces after each action, counts a royal
//! piece within reach of a zone as lost, and refuses setups with a piece already in a zone.

use crate::rules::geometry::Square;
use crate::rules::position::{Change, Move, MoveKind, Position, SetupError};
use crate::rules::variant::{Color, Kind, Zone};

impl Position {
    /// Removes, all at once, every piece that `m` brought into the zone of an enemy pawn and
    /// every enemy piece in the zone of a pawn that `m` brought; returns how many (they go on
    /// the position's stack for [`Position::undo`]). Only the cells a piece arrived on can
    /// make new neighbours: removals never do.
    pub(in crate::rules) fn eliminate(&mut self, m: Move, zone: Zone) -> u8 {
        let g = &self.variant.geometry;
        let arrivals = match m.kind {
            MoveKind::Castle { rook_to, .. } => [Some(m.to), Some(rook_to)],
            _ => [Some(m.to), None],
        };
        let mut doomed: Vec<Square> = Vec::new();
        for sq in arrivals.into_iter().flatten() {
            let Some(piece) = self.piece_at(sq) else { continue };
            let strikes = self.is_pawn(piece);
            for &(dx, dy) in zone.offsets() {
                let Some(n) = g.offset(sq, dx, dy) else { continue };
                let Some(other) = self.piece_at(n) else { continue };
                if other.color == piece.color {
                    continue;
                }
                if self.is_pawn(other) && !doomed.contains(&sq) {
                    doomed.push(sq);
                }
                if strikes && !doomed.contains(&n) {
                    doomed.push(n);
                }
            }
        }
        for &sq in &doomed {
            if let Some(piece) = self.piece_at(sq) {
                self.changes.push(Change::Removed(sq, piece));
                self.put(sq, None);
            }
        }
        doomed.len() as u8
    }

    /// Whether a piece of the other side than `by` on `target` is in the zone of a pawn of
    /// `by`, or would be after one move of such a pawn (one that stays a pawn).
    pub(in crate::rules) fn deadly_threat(&self, target: Square, by: Color, zone: Zone) -> bool {
        let g = &self.variant.geometry;
        let near = |a: Square, b: Square| {
            let (dx, dy) = (g.file(a).abs_diff(g.file(b)), g.rank(a).abs_diff(g.rank(b)));
            match zone {
                Zone::Diagonal => dx == 1 && dy == 1,
                Zone::Adjacent => dx.max(dy) == 1,
            }
        };
        let mut moves = Vec::new();
        let pawn_kinds =
            (0..self.variant.kinds.len()).map(|k| Kind(k as u8)).filter(|&k| self.variant.kind(k).spec.pawn);
        for (sq, piece) in pawn_kinds.flat_map(|k| self.squares_of_kind(by, k)) {
            if near(sq, target) {
                return true;
            }
            // A pawn moves at most two ranks and one file: only pawns near enough matter.
            if g.file(sq).abs_diff(g.file(target)).max(g.rank(sq).abs_diff(g.rank(target))) > 3 {
                continue;
            }
            moves.clear();
            self.piece_moves(sq, piece, &mut moves);
            if moves.iter().any(|m| m.promotion.is_none() && near(m.to, target)) {
                return true;
            }
        }
        false
    }

    /// Refuses a setup with a piece in the zone of an enemy pawn, which no move can leave there.
    pub(in crate::rules) fn check_pawn_zones(&self, zone: Zone) -> Result<(), SetupError> {
        let geometry = &self.variant.geometry;
        for (sq, piece) in self.squares_of(Color::White).chain(self.squares_of(Color::Black)) {
            let doomed = zone.offsets().iter().any(|&(dx, dy)| {
                geometry
                    .offset(sq, dx, dy)
                    .and_then(|n| self.piece_at(n))
                    .is_some_and(|p| p.color != piece.color && self.is_pawn(p))
            });
            if doomed {
                return Err(SetupError::InPawnZone(self.square_name(sq)));
            }
        }
        Ok(())
    }
}
