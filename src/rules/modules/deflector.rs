//! Deflector Chess: a rider that meets a friendly pawn first on its line may go on from the
//! pawn's cell at right angles, either way, and the pawn stays where it was.
//!
//! The turn is a move like any other: it is made by [`Position::deflected_moves`] besides the
//! rider's own rays ([`super::Hook::MovesBesides`]), and it may capture, so it attacks
//! ([`super::Hook::Threatens`]: a king that a turned rider could take is in check). A piece
//! turns once per move: the second leg stops before any piece of its own side. Since the
//! pawn comes back, a move is its start and end cell: where a rider reaches a cell both
//! straight and by turning, or by turning on two pawns, it is one move.

use super::super::geometry::{Square, Steps};
use super::super::position::{Move, MoveKind, Piece, Position, Reach};
use super::super::variant::{Color, CompiledRay, Kind, PieceKind, Variant, VariantError, VariantSpec};

/// Which kinds turn, and on which of their side's pieces (as bits of kind indices).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Deflector {
    /// The riders that turn.
    pub pieces: u64,
    /// The pieces they turn on.
    pub deflectors: u64,
}

impl Deflector {
    fn turns(self, kind: Kind) -> bool {
        self.pieces >> kind.index() & 1 == 1
    }

    fn deflects(self, kind: Kind) -> bool {
        self.deflectors >> kind.index() & 1 == 1
    }
}

/// The module's kinds from the catalogue's letters; the board must be one flat board, where
/// "at right angles" has its plain meaning.
pub(super) fn compile(
    spec: &VariantSpec,
    pieces: &[u8],
    deflectors: &[u8],
    kind_of: &dyn Fn(u8) -> Result<Kind, VariantError>,
) -> Result<Deflector, VariantError> {
    if spec.ring || spec.boards.len() > 1 || spec.wrap_files || spec.wrap_ranks {
        return Err(VariantError::FlatBoardOnly("deflector"));
    }
    let bits = |letters: &[u8]| -> Result<u64, VariantError> {
        letters.iter().try_fold(0u64, |bits, &l| Ok(bits | 1 << kind_of(l)?.index()))
    };
    Ok(Deflector { pieces: bits(pieces)?, deflectors: bits(deflectors)? })
}

/// The piece's ray along the vector `(dx, dy)` in its frame `c`, if it has one.
fn ray_along<'a>(variant: &Variant, kind: &'a PieceKind, c: usize, (dx, dy): (i8, i8)) -> Option<&'a CompiledRay> {
    let index = variant.steps.vector(dx, dy)?;
    kind.rays.iter().find(|r| usize::from(r.step[c]) == index)
}

impl Position {
    /// The turned moves of `piece` on `from`: for each of its rays whose first piece is a
    /// friendly deflector, the moves from that cell along its two rays at right angles, up to
    /// and including the first enemy piece, except those to a cell it already reaches.
    #[inline(never)]
    pub(in crate::rules) fn deflected_moves(&self, d: Deflector, from: Square, piece: Piece, out: &mut Vec<Move>) {
        if !d.turns(piece.kind) {
            return;
        }
        let variant = &*self.variant;
        let c = piece.frame();
        let kind = variant.kind(piece.kind);
        for ray in &kind.rays {
            if !Variant::moves(ray.mode) || !self.ray_opens(from, piece, ray) {
                continue;
            }
            let Some(turn_at) = self
                .first_piece(from, ray.step[c], ray.range, None)
                .filter(|&at| self.piece_at(at).is_some_and(|p| p.color == piece.color && d.deflects(p.kind)))
            else {
                continue;
            };
            let (dx, dy) = variant.steps.vectors()[usize::from(ray.step[c])];
            for across in [(-dy, dx), (dy, -dx)] {
                let Some(leg) = ray_along(variant, kind, c, across) else { continue };
                let row = variant.steps.row(usize::from(leg.step[c]));
                let mut cur = turn_at;
                for _ in 0..leg.range {
                    let Some(next) = Steps::follow(row, cur) else { break };
                    cur = next;
                    if self.is_wall(cur) {
                        break;
                    }
                    let target = self.piece_at(cur);
                    let capture = target.is_some();
                    let allowed = match target {
                        None => Variant::moves(leg.mode),
                        Some(p) => p.color != piece.color && Variant::captures(leg.mode),
                    };
                    let known = out.iter().rev().take_while(|m| m.from == from).any(|m| m.to == cur);
                    if allowed && !known {
                        self.push_move(from, cur, piece, MoveKind::Normal, capture, out);
                    }
                    if capture {
                        break;
                    }
                }
            }
        }
    }

    /// The first cell holding a piece along the step `step` from `from`, within `range`
    /// steps, over empty cells (`vacated` counting as empty); `None` past the edge, a wall or
    /// the range.
    fn first_piece(&self, from: Square, step: u16, range: u8, vacated: Option<Square>) -> Option<Square> {
        let row = self.variant.steps.row(usize::from(step));
        let mut cur = from;
        for _ in 0..range {
            cur = Steps::follow(row, cur)?;
            if cur == from || self.is_wall(cur) {
                return None;
            }
            if self.piece_at(cur).is_some() && Some(cur) != vacated {
                return Some(cur);
            }
        }
        None
    }

    /// [`super::Hook::MovesBesides`]: the pieces of `kind` and `color` that reach `to` by
    /// turning, added to the reaches from `start` on where not there already.
    #[inline(never)]
    pub(in crate::rules) fn deflected_to(
        &self,
        d: Deflector,
        (to, kind, color): (Square, Kind, Color),
        start: usize,
        out: &mut Vec<Reach>,
    ) {
        if d.turns(kind) {
            let turned = |sq, piece, moves: &mut Vec<Move>| self.deflected_moves(d, sq, piece, moves);
            self.reaching_by(turned, (to, kind, color), start, out);
        }
    }

    /// [`super::Hook::Threatens`]: whether a rider of `by` could take a royal piece on
    /// `target` by turning on one of its deflectors, the royal piece having left `vacated`.
    /// Walked back from the target: the first piece along each line is the deflector, and the
    /// first piece along a line at right angles from it the rider.
    #[inline(never)]
    pub(in crate::rules) fn deflected_attack(
        &self,
        d: Deflector,
        target: Square,
        by: Color,
        vacated: Option<Square>,
    ) -> bool {
        let variant = &*self.variant;
        let vectors = variant.steps.vectors();
        for (back, &(dx, dy)) in vectors.iter().enumerate() {
            // Only king-step directions are lines a rider turns along.
            if dx.abs() > 1 || dy.abs() > 1 || (dx, dy) == (0, 0) {
                continue;
            }
            let Some(turn_at) = self.first_piece(target, back as u16, u8::MAX, vacated) else { continue };
            if !self.piece_at(turn_at).is_some_and(|p| p.color == by && d.deflects(p.kind)) {
                continue;
            }
            let legs = self.distance(target, turn_at);
            for (ax, ay) in [(-dy, dx), (dy, -dx)] {
                let Some(toward) = variant.steps.vector(ax, ay) else { continue };
                // The rider stands first along that line from the deflector (which meets the
                // target's line only on the deflector).
                let Some(rider_at) = self.first_piece(turn_at, toward as u16, u8::MAX, vacated) else { continue };
                let Some(rider) = self.piece_at(rider_at).filter(|p| p.color == by && d.turns(p.kind)) else {
                    continue;
                };
                let kind = variant.kind(rider.kind);
                let c = rider.frame();
                // It goes to the deflector against `(ax, ay)`, and on to the target against
                // `(dx, dy)`.
                let first = ray_along(variant, kind, c, (-ax, -ay));
                let second = ray_along(variant, kind, c, (-dx, -dy));
                if let (Some(first), Some(second)) = (first, second)
                    && Variant::moves(first.mode)
                    && Variant::captures(second.mode)
                    && self.ray_opens(rider_at, rider, first)
                    && usize::from(first.range) >= self.distance(rider_at, turn_at)
                    && usize::from(second.range) >= legs
                {
                    return true;
                }
            }
        }
        false
    }

    /// The number of king steps between two cells on one line.
    fn distance(&self, a: Square, b: Square) -> usize {
        let g = &self.variant.geometry;
        let (df, dr) = (i16::from(g.file(a)) - i16::from(g.file(b)), i16::from(g.rank(a)) - i16::from(g.rank(b)));
        df.unsigned_abs().max(dr.unsigned_abs()) as usize
    }
}
