//! Black Hole Chess: some cells (the centre of the board) are a hole. Nothing stands on,
//! crosses or attacks through a hole cell; a piece other than a royal one may move onto one
//! by a move that captures nothing, and leaves the board at once for its owner's bank; from
//! the bank it comes back as a drop, a whole turn (a bank may hold one piece only: the Swap
//! variant, where the piece held is forfeited).
//!
//! The hole cells are walls of the position (FEN `*`), so the core's ray walkers, attacks,
//! drops and castling stop at them as at any wall; a setup must wall exactly the hole. What
//! this file adds is the dive: for each piece, the first hole cell each of its moving rays
//! meets before any piece, as a move of kind [`MoveKind::Bank`] whose `to` is the hole cell
//! (the core's banking takes the piece off `from` into its owner's reserve, and forfeits
//! the piece a full bank held), and the pieces that reach a hole cell so, for reading SAN.

use crate::rules::geometry::{Square, Steps};
use crate::rules::position::{Move, MoveKind, Piece, Position, Reach, SetupError};
use crate::rules::variant::{Color, Kind, Variant, VariantError};

/// The module's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlackHole {
    /// The hole's cells, as bits of their indices (boards of at most 64 cells).
    pub cells: u64,
    /// The most pieces a bank holds (the Swap variant: 1); a piece that dives into a full
    /// bank forfeits the one it held.
    pub holds: Option<u16>,
}

impl BlackHole {
    /// Whether `sq` is a cell of the hole.
    pub fn has(self, sq: Square) -> bool {
        1u64.checked_shl(u32::from(sq.0)).is_some_and(|bit| self.cells & bit != 0)
    }
}

impl Position {
    /// The dives of `piece` on `from`: along each of its rays that may move (not only
    /// capture), across empty cells, onto the first cell of the hole, if no piece stands
    /// before it. A royal piece never dives.
    pub(in crate::rules) fn dives(&self, hole: BlackHole, from: Square, piece: Piece, out: &mut Vec<Move>) {
        if self.is_royal(piece) {
            return;
        }
        let variant = self.variant();
        let c = piece.frame();
        for ray in &variant.kind(piece.kind).rays {
            if !Variant::moves(ray.mode) || !self.ray_opens(from, piece, ray) {
                continue;
            }
            let row = variant.steps.row(usize::from(ray.step[c]));
            let mut cur = from;
            for _ in 0..ray.range {
                let Some(next) = Steps::follow(row, cur) else { break };
                if next == from {
                    break;
                }
                cur = next;
                if hole.has(cur) {
                    if !out.iter().any(|m| m.from == from && m.to == cur && matches!(m.kind, MoveKind::Bank)) {
                        out.push(Move {
                            from,
                            to: cur,
                            piece: piece.kind,
                            promotion: None,
                            kind: MoveKind::Bank,
                            capture: false,
                        });
                    }
                    break;
                }
                if self.piece_at(cur).is_some() || self.is_wall(cur) {
                    break;
                }
            }
        }
    }

    /// The pieces of `kind` and `color` that dive into the hole cell `to` (none where `to` is
    /// no hole cell), added after `start` as reaches whose moves are made whole.
    pub(in crate::rules) fn diving_to(
        &self,
        hole: BlackHole,
        (to, kind, color): (Square, Kind, Color),
        start: usize,
        out: &mut Vec<Reach>,
    ) {
        if hole.has(to) {
            self.reaching_by(|sq, piece, moves| self.dives(hole, sq, piece, moves), (to, kind, color), start, out);
        }
    }

    /// Refuses a setup whose walls are not exactly the hole, or whose bank holds more than
    /// the module lets it.
    pub(in crate::rules) fn check_hole(&self, hole: BlackHole) -> Result<(), SetupError> {
        for sq in self.variant().geometry.squares() {
            if hole.has(sq) != self.is_wall(sq) {
                return Err(SetupError::Wall { square: self.square_name(sq), expected: hole.has(sq) });
            }
        }
        self.check_reserve_limit(hole.holds)
    }
}

/// The module of the hole cells `cells` (file and rank, from 0) and the bank's limit, on the
/// board of `spec`: refused where a cell is off the board or past the 64th.
pub(super) fn compile(
    spec: &crate::rules::variant::VariantSpec,
    hole: &crate::rules::variant::HoleSpec,
) -> Result<BlackHole, VariantError> {
    Ok(BlackHole { cells: super::cell_mask(spec, &hole.cells)?, holds: hole.holds })
}
