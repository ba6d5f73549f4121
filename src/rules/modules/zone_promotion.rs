//! Promotion kind by kind within a zone (shogi; `zone-promotion`).
//!
//! Each kind that promotes names the one kind it becomes (`promotes` in the variant file: a
//! silver general `S` becomes `+S`). A move that starts or ends within the last `ranks`
//! ranks of its side may promote the piece, and must where the piece, unpromoted, could
//! never move again from where it lands (a pawn or lance on the last rank, a knight on the
//! last two): [`Stuck`] says where, for every kind, from its movement on an empty board. The
//! promoted piece is a kind of its own, written `+S` in FEN and SAN, and goes back to a hand
//! as the kind it was promoted from (`PieceKind::demotes`, which the reserve's capture reads).
//! The hook replaces the last-rank rule of pawns ([`super::Hook::PromotionInstead`]), so
//! a variant with this module has no promotion list of its own.

use crate::rules::geometry::{Square, Steps};
use crate::rules::position::{Move, Piece, Position, SetupError};
use crate::rules::variant::{Color, Kind, PieceKind, Variant};

/// Per kind, color and cell: whether a piece of the kind and color standing there has no move
/// at all on an empty board (every ray's first step leaves the board).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stuck {
    cells: usize,
    bits: Vec<bool>,
}

impl Stuck {
    /// The table for `kinds` on a board of `cells` cells.
    pub(super) fn build(kinds: &[PieceKind], steps: &Steps, cells: usize) -> Stuck {
        let mut bits = Vec::with_capacity(kinds.len() * 2 * cells);
        for kind in kinds {
            for color in [Color::White, Color::Black] {
                let frame = Variant::frame(color, false);
                for i in 0..cells {
                    let from = Square(i as u16);
                    // (A kind without rays moves only as a module lets it, wherever it stands.)
                    let stuck = !kind.rays.is_empty()
                        && kind.rays.iter().all(|ray| steps.step(usize::from(ray.step[frame]), from).is_none());
                    bits.push(stuck);
                }
            }
        }
        Stuck { cells, bits }
    }

    /// Whether a piece of `kind` and `color` on `sq` could never move.
    #[inline]
    pub fn at(&self, kind: Kind, color: Color, sq: Square) -> bool {
        if self.bits.is_empty() {
            return false;
        }
        let i = (kind.index() * 2 + color.index()) * self.cells + sq.index();
        self.bits.get(i).copied().unwrap_or(false)
    }
}

impl Position {
    /// The move `m` of `piece` as the zone lets it be made: as it is, promoted, or both.
    #[inline]
    pub(in crate::rules) fn zone_promotions(&self, ranks: u8, m: Move, piece: Piece, out: &mut Vec<Move>) {
        let variant = &self.variant;
        let Some(target) = variant.kind(piece.kind).promotes else {
            out.push(m);
            return;
        };
        let len = u16::from(variant.depth_len(piece.color));
        let in_zone = |sq: Square| u16::from(variant.depth(piece.color, sq)) + u16::from(ranks) >= len;
        if !in_zone(m.from) && !in_zone(m.to) {
            out.push(m);
            return;
        }
        if !variant.modules.stuck.at(piece.kind, piece.color, m.to) {
            out.push(m);
        }
        out.push(Move { promotion: Some(target), ..m });
    }

    /// Refuses a setup with a piece where it could never move, which no game reaches (it
    /// promotes, or may not be dropped there).
    pub(in crate::rules) fn check_stuck_pieces(&self) -> Result<(), SetupError> {
        for sq in self.variant.geometry.squares() {
            if let Some(p) = self.piece_at(sq)
                && self.variant.modules.stuck.at(p.kind, p.color, sq)
            {
                return Err(SetupError::NeverMoves(self.square_name(sq)));
            }
        }
        Ok(())
    }
}
