//! Checkers Chess's jumps: a piece jumps an adjacent piece along its own unit directions to
//! the empty cell beyond, capturing it if it is an enemy; pawns as the module says. This
//! file holds the jump as a move, who reaches a cell by one, and the jump as an attack (a
//! chain of capturing jumps that ends by taking a royal piece). Whether a turn goes on after
//! a capturing jump is the turn machinery's (`Position::play`).

use std::sync::OnceLock;

use super::Lane;
use crate::rules::geometry::{Geometry, Square, Steps};
use crate::rules::position::{Move, MoveKind, Piece, Position, Reach};
use crate::rules::variant::{Color, Kind, PawnJumps, PieceKind, VariantSpec};

/// The jump tables of a variant with the module (empty elsewhere).
#[derive(Clone, Debug, Default)]
pub struct Jumps {
    /// Per kind: the directions it jumps in, in White's frame.
    pub dirs: Vec<Vec<(i8, i8)>>,
    /// Per kind, per color: each of `dirs` turned to the color's forward, as its number in
    /// the variant's [`Steps`] (every direction a piece jumps in is one it moves in).
    pub(crate) steps: Vec<[Vec<Option<u16>>; 2]>,
    /// The letters of the pieces the module names.
    pub letters: Vec<u8>,
    /// On boards of at most 64 cells: per kind, color and cell, the cells a jump from the
    /// cell passes over, as bits; built by `Variant::prepare`.
    overs: OnceLock<Option<Vec<u64>>>,
}

/// What the module asks of the orthodox lane: its jumps, where pawns do not jump.
pub(super) fn lane(pawns: PawnJumps) -> Lane {
    match pawns {
        PawnJumps::None => Lane::Jumps,
        PawnJumps::Diagonal | PawnJumps::Forward => Lane::Off,
    }
}

impl Jumps {
    /// A piece jumps along the unit directions of its own movement; pawns as `pawns` says.
    pub(super) fn build(
        spec: &VariantSpec,
        kinds: &[PieceKind],
        steps: &Steps,
        letters: &[u8],
        pawns: PawnJumps,
    ) -> Jumps {
        let mut dirs = vec![Vec::new(); kinds.len()];
        for &letter in letters {
            let Some(i) = kinds.iter().position(|k| k.spec.letter == letter) else { continue };
            let mut these: Vec<(i8, i8)> = kinds[i]
                .movement
                .rays
                .iter()
                .filter(|r| r.dx.abs() <= 1 && r.dy.abs() <= 1 && r.lame.is_none())
                .map(|r| (r.dx, r.dy))
                .collect();
            these.sort_unstable();
            these.dedup();
            dirs[i] = these;
        }
        for (i, _) in kinds.iter().enumerate().filter(|(_, k)| k.spec.pawn) {
            dirs[i] = match pawns {
                PawnJumps::None => Vec::new(),
                PawnJumps::Diagonal => vec![(-1, 1), (1, 1)],
                PawnJumps::Forward => vec![(-1, 1), (0, 1), (1, 1)],
            };
        }
        let jump_steps = dirs
            .iter()
            .map(|these| {
                [Color::White, Color::Black].map(|c| {
                    let turn = spec.directions[c.index()];
                    these
                        .iter()
                        .map(|&(dx, dy)| {
                            let v = turn.turn(dx, dy);
                            steps.vectors().iter().position(|&w| w == v).and_then(|i| u16::try_from(i).ok())
                        })
                        .collect()
                })
            })
            .collect();
        Jumps { dirs, steps: jump_steps, letters: letters.to_vec(), overs: OnceLock::new() }
    }

    /// How many directions pieces of `kind` jump in.
    #[inline]
    fn count(&self, kind: Kind) -> usize {
        self.dirs.get(kind.index()).map_or(0, Vec::len)
    }

    pub(super) fn prepare(&self, steps: &Steps, geometry: &Geometry, spec: &VariantSpec) {
        self.overs.get_or_init(|| self.build_overs(steps, geometry, spec));
    }

    /// The cells a jump of a piece of `kind` and `color` from `from` passes over, as bits;
    /// `None` where they are not built (see `Variant::prepare`).
    #[inline]
    pub fn overs(&self, kind: Kind, color: Color, from: Square, cells: usize) -> Option<u64> {
        let overs = self.overs.get()?.as_ref()?;
        overs.get((kind.index() * 2 + color.index()) * cells + from.index()).copied()
    }

    fn build_overs(&self, steps: &Steps, geometry: &Geometry, spec: &VariantSpec) -> Option<Vec<u64>> {
        let cells = geometry.cells();
        if cells > 64 {
            return None;
        }
        let mut overs = Vec::with_capacity(self.dirs.len() * 2 * cells);
        for (k, jumps) in self.dirs.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                for from in (0..cells).map(|c| Square(c as u16)) {
                    let mask = (0..jumps.len()).fold(0u64, |mask, i| {
                        let over = match self.steps.get(k).and_then(|c| c[color.index()].get(i)).copied().flatten() {
                            Some(step) => steps.step(usize::from(step), from),
                            None => {
                                let (dx, dy) = jumps[i];
                                let (dx, dy) = spec.directions[color.index()].turn(dx, dy);
                                geometry.offset(from, dx, dy)
                            }
                        };
                        mask | over.map_or(0, |sq| 1u64 << (sq.0 & 63))
                    });
                    overs.push(mask);
                }
            }
        }
        Some(overs)
    }
}

impl Position {
    /// The jumps of `piece` on `from` over an adjacent piece to the empty cell beyond,
    /// capturing the piece jumped if it is an enemy; with `captures_only`, only those.
    pub(in crate::rules) fn jump_moves(&self, from: Square, piece: Piece, captures_only: bool, out: &mut Vec<Move>) {
        for i in 0..self.variant.modules.jumps.count(piece.kind) {
            let Some(over) = self.jump_step(piece, i, from) else { continue };
            let Some(jumped) = self.piece_at(over) else { continue };
            let Some(to) = self.jump_step(piece, i, over) else { continue };
            if self.piece_at(to).is_some() || self.is_wall(to) || self.is_wall(over) {
                continue;
            }
            if jumped.color != piece.color {
                self.push_move(from, to, piece, MoveKind::Remote { victim: over }, true, out);
            } else if !captures_only {
                self.push_move(from, to, piece, MoveKind::Normal, false, out);
            }
        }
    }

    /// The pieces of `kind` and `color` that land on `to` by a jump, among the reaches from
    /// `start` on (found along their rays): each has its moves made whole. In the board's
    /// order, as the candidates of an ambiguous move are listed.
    pub(in crate::rules) fn jump_reaching(
        &self,
        to: Square,
        kind: Kind,
        color: Color,
        start: usize,
        out: &mut Vec<Reach>,
    ) {
        // A jump lands on an empty cell, passing over a piece.
        let jumps = &self.variant.modules.jumps;
        let count = jumps.count(kind);
        if count == 0 || self.piece_at(to).is_some() || self.is_wall(to) {
            return;
        }
        let cells = self.variant.geometry.cells();
        for (sq, piece) in self.squares_of_kind(color, kind) {
            if jumps.overs(kind, color, sq, cells).is_some_and(|overs| overs & self.occupied == 0) {
                continue;
            }
            let lands = (0..count).any(|i| {
                self.jump_step(piece, i, sq).is_some_and(|over| {
                    self.piece_at(over).is_some() && !self.is_wall(over) && self.jump_step(piece, i, over) == Some(to)
                })
            });
            if !lands {
                continue;
            }
            // A jump passes over a piece, a step along a ray does not: one move cannot be both.
            match out[start..].iter_mut().find(|r| r.from == sq) {
                Some(found) => found.ray = None,
                None => out.push(Reach { from: sq, ray: None }),
            }
        }
    }

    /// Whether a piece of `by` could take a piece on `target` in its next turn by a jump, or
    /// by a chain of capturing jumps ending with one over `target`.
    pub(in crate::rules) fn jump_capturable(&self, target: Square, by: Color, vacated: Option<Square>) -> bool {
        match self.jump_capturable_bits(target, by, vacated) {
            Some(found) => found,
            None => self.jump_capturable_on_copy(target, by, vacated),
        }
    }

    /// [`Position::jump_capturable`], the chains tried on a copy of the board.
    fn jump_capturable_on_copy(&self, target: Square, by: Color, vacated: Option<Square>) -> bool {
        // The chains are tried on a copy of the board, on the stack where it fits.
        let mut stack = [None; 128];
        let mut heap;
        let board: &mut [Option<Piece>] = match stack.get_mut(..self.board.len()) {
            Some(cells) => {
                cells.copy_from_slice(&self.board);
                cells
            }
            None => {
                heap = self.board.clone();
                &mut heap
            }
        };
        if let Some(slot) = vacated.and_then(|v| board.get_mut(usize::from(v.0))) {
            *slot = None;
        }
        if board.get(usize::from(target.0)).copied().flatten().is_none() {
            // A stand-in for the piece that would stand there.
            if let Some(slot) = board.get_mut(usize::from(target.0)) {
                *slot = Some(Piece::new(by.other(), Kind(0)));
            }
        }
        self.squares_of(by)
            .filter(|(_, p)| self.variant.modules.jumps.count(p.kind) > 0)
            .any(|(sq, piece)| self.chain_reaches(board, sq, piece, target, 0))
    }

    /// One step from `sq` in the direction of the `i`-th jump of `piece`.
    #[inline]
    fn jump_step(&self, piece: Piece, i: usize, sq: Square) -> Option<Square> {
        let v = &*self.variant;
        let jumps = &v.modules.jumps;
        match jumps.steps.get(piece.kind.index()).and_then(|c| c[piece.color.index()].get(i)).copied().flatten() {
            Some(step) => v.steps.step(usize::from(step), sq),
            None => {
                let (dx, dy) = *jumps.dirs.get(piece.kind.index())?.get(i)?;
                let (dx, dy) = v.spec.directions[piece.color.index()].turn(dx, dy);
                v.geometry.offset(sq, dx, dy)
            }
        }
    }

    /// [`Position::jump_capturable`] on boards of at most 64 cells, with the board as it
    /// changes along a chain kept as two sets of cells: those occupied, and those holding
    /// pieces the jumpers may take. `None` on larger boards.
    fn jump_capturable_bits(&self, target: Square, by: Color, vacated: Option<Square>) -> Option<bool> {
        let cells = self.variant.geometry.cells();
        if cells > 64 {
            return None;
        }
        let jumps = &self.variant.modules.jumps;
        let bit = |sq: Square| 1u64.checked_shl(u32::from(sq.0)).unwrap_or(0);
        let occupied = (self.occupied & !vacated.map_or(0, bit)) | bit(target);
        // The target's side: the pieces that are not `by`'s, and the target itself (a
        // stand-in where it is empty).
        let stand_in = if self.piece_at(target).is_none_or(|p| p.color != by) { bit(target) } else { 0 };
        let theirs = stand_in | (occupied & self.sides[by.other().index()]);
        // The jumpers: `by`'s pieces of the kinds that jump.
        let mut jumpers = (0..self.variant.kinds.len())
            .filter(|&k| jumps.count(Kind(k as u8)) > 0)
            .fold(0, |found, k| found | self.cells_of(by, Kind(k as u8)))
            & occupied
            & !theirs;
        while jumpers != 0 {
            let sq = Square(jumpers.trailing_zeros() as u16);
            jumpers &= jumpers - 1;
            let Some(piece) = self.piece_at(sq) else { continue };
            // As in `chain_reaches_bits`, without the call: nothing to jump over, no chain.
            if jumps.overs(piece.kind, piece.color, sq, cells).is_some_and(|overs| overs & theirs == 0) {
                continue;
            }
            if self.chain_reaches_bits(occupied, theirs, sq, piece, target, 0) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// [`Position::chain_reaches`] on the board as sets of cells (see
    /// [`Position::jump_capturable_bits`]).
    fn chain_reaches_bits(
        &self,
        occupied: u64,
        theirs: u64,
        from: Square,
        piece: Piece,
        target: Square,
        depth: u8,
    ) -> bool {
        let bit = |sq: Square| 1u64.checked_shl(u32::from(sq.0)).unwrap_or(0);
        let v = &*self.variant;
        let jumps = &v.modules.jumps;
        // A jump passes over a piece it may take: with none next to it, no chain starts here.
        if jumps.overs(piece.kind, piece.color, from, v.geometry.cells()).is_some_and(|overs| overs & theirs == 0) {
            return false;
        }
        let steps = jumps.steps.get(piece.kind.index()).map_or(&[][..], |c| &c[piece.color.index()][..]);
        for i in 0..jumps.count(piece.kind) {
            // Along the step table's row where the jump has one, else step by step.
            let row = steps.get(i).copied().flatten().map(|step| v.steps.row(usize::from(step)));
            let step = |sq: Square| match row {
                Some(row) => Steps::follow(row, sq),
                None => self.jump_step(piece, i, sq),
            };
            let Some(over) = step(from) else { continue };
            if theirs & bit(over) == 0 {
                continue;
            }
            let Some(to) = step(over) else { continue };
            if occupied & bit(to) != 0 || self.is_wall(to) {
                continue;
            }
            if over == target {
                return true;
            }
            // A pawn that promotes ends its chain; so does a chain as long as the pieces.
            if (self.is_pawn(piece) && self.on_last_rank(to, piece.color)) || depth > 32 {
                continue;
            }
            let occupied = (occupied & !bit(over) & !bit(from)) | bit(to);
            if self.chain_reaches_bits(occupied, theirs & !bit(over), to, piece, target, depth + 1) {
                return true;
            }
        }
        false
    }

    /// Depth-first search of capturing jump chains of `piece` from `from` on `board`.
    fn chain_reaches(
        &self,
        board: &mut [Option<Piece>],
        from: Square,
        piece: Piece,
        target: Square,
        depth: u8,
    ) -> bool {
        let at = |sq: Square| usize::from(sq.0);
        for i in 0..self.variant.modules.jumps.count(piece.kind) {
            let Some(over) = self.jump_step(piece, i, from) else { continue };
            let Some(to) = self.jump_step(piece, i, over) else { continue };
            let jumped = board[at(over)];
            if jumped.is_none_or(|j| j.color == piece.color) || board[at(to)].is_some() || self.is_wall(to) {
                continue;
            }
            if over == target {
                return true;
            }
            // A pawn that promotes ends its chain; so does a chain as long as the pieces.
            if (self.is_pawn(piece) && self.on_last_rank(to, piece.color)) || depth > 32 {
                continue;
            }
            board[at(over)] = None;
            board[at(from)] = None;
            board[at(to)] = Some(piece);
            let found = self.chain_reaches(board, to, piece, target, depth + 1);
            board[at(to)] = None;
            board[at(from)] = Some(piece);
            board[at(over)] = jumped;
            if found {
                return true;
            }
        }
        false
    }

    /// The chains of jumps on cell sets against the chains on a copy of the board, for every
    /// cell and side (for `Position::check_shortcuts`).
    pub(in crate::rules) fn check_jump_shortcuts(&self) -> Result<(), String> {
        for cell in 0..self.variant.geometry.cells() {
            let target = Square(cell as u16);
            for by in [Color::White, Color::Black] {
                let Some(fast) = self.jump_capturable_bits(target, by, None) else { continue };
                if fast != self.jump_capturable_on_copy(target, by, None) {
                    let name = self.square_name(target);
                    let here = self.to_fen();
                    return Err(format!("{name} taken by a chain of {by:?}: the cell sets say {fast} in {here}"));
                }
            }
        }
        Ok(())
    }
}
