//! Pieces that make walls (Aieirping's D: after its move, a wall on every vacant cell
//! orthogonally next to it; its L: after its move, a wall on one vacant cell beside it on
//! its rank; its F: a wall on a vacant cell next to it, instead of moving).
//!
//! A wall is an action of its own ([`MoveKind::Wall`], written `*e5`): `from` is the cell of
//! the piece that makes it, `to` the cell walled. The turn plan says when walls may come
//! ([`crate::rules::turn::walls`]); this module ([`super::Hook::ExtraActions`]) says which:
//! before a turn's first action, the walls of the pieces that wall instead of moving, one per
//! cell however many such pieces could make it (the wall is the same); after the move of a
//! piece that walls after moving, and after each of its walls, the walls it may still make.
//! A held piece ([`super::Hook::Immobile`]) makes none. The wall stands for the rest of the
//! game; it is one change of the action, which taking the action back lowers.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position, Undo};
use crate::rules::turn;

/// When a piece makes its walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildWhen {
    /// After its move (the D, the L).
    AfterMove,
    /// Instead of moving (the F).
    Instead,
}

/// Which cells next to it a piece walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildCells {
    /// The four orthogonally next to it.
    Orthogonal,
    /// The two beside it on its rank.
    Horizontal,
    /// The eight next to it.
    Adjacent,
}

impl BuildCells {
    /// The cells' directions, as the first so many of `jailers::AROUND`.
    pub fn count(self) -> usize {
        match self {
            BuildCells::Orthogonal => 4,
            BuildCells::Horizontal => 2,
            BuildCells::Adjacent => 8,
        }
    }
}

/// How a kind of piece makes walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builder {
    /// When.
    pub when: BuildWhen,
    /// Where.
    pub cells: BuildCells,
    /// On every vacant one of those cells (the D), or on one (the L, the F).
    pub all: bool,
}

impl Position {
    /// The walls the side to move may make now, by the builders of `table` (per kind index).
    pub(in crate::rules) fn walls_to_make(&self, table: &[Option<Builder>], out: &mut Vec<Move>) {
        let builder = |piece: Piece| table.get(piece.kind.index()).copied().flatten();
        let side = self.mover();
        let start = out.len();
        let wall_around = |pos: &Position, from: Square, piece: Piece, cells: BuildCells, out: &mut Vec<Move>| {
            for direction in 0..cells.count() {
                let Some(to) = pos.next_cell(from, direction) else { continue };
                if pos.piece_at(to).is_some() || pos.is_wall(to) || out[start..].iter().any(|m| m.to == to) {
                    continue;
                }
                out.push(Move { from, to, piece: piece.kind, promotion: None, kind: MoveKind::Wall, capture: false });
            }
        };
        match self.turn_last() {
            None => {
                for (from, piece) in self.squares_of(side) {
                    if let Some(b) = builder(piece).filter(|b| b.when == BuildWhen::Instead)
                        && !self.immobile(from)
                    {
                        wall_around(self, from, piece, b.cells, out);
                    }
                }
            }
            Some(last) => {
                // The builder stands where its move took it, or where its last wall was made from.
                let at = if last.has(turn::LAST_MOVE) { last.to } else { last.from };
                let Some(piece) = self.piece_at(at).filter(|p| p.color == side && p.kind == last.piece) else { return };
                // (A piece free when it moved makes its walls, held by then or not.)
                if let Some(b) = builder(piece).filter(|b| b.when == BuildWhen::AfterMove) {
                    wall_around(self, at, piece, b.cells, out);
                }
            }
        }
    }

    /// Plays the wall `m`. A wall that follows a move is part of that move's turn: the
    /// fifty-move count, which counts turns, goes on as the move left it.
    pub(in crate::rules) fn play_wall(&mut self, m: Move) -> Undo {
        let side = self.side_to_move();
        let after_move = self.turn_begun();
        let mut undo = self.begin_action(Piece::new(side, m.piece));
        let before = self.changes.len();
        self.raise_wall(m.to);
        undo.changes = (self.changes.len() - before) as u8;
        let count = self.halfmove_clock();
        self.end_exchange(m, false);
        if after_move {
            self.set_halfmove(count);
        }
        undo
    }

    /// Takes back [`Position::play_wall`].
    pub(in crate::rules) fn undo_wall(&mut self, undo: Undo) {
        self.restore_changed(undo.changes);
        self.undo_pass(undo);
    }
}

impl Position {
    /// Why no piece of the side to move may wall the vacant cell `sq` now, in a refusal's
    /// words.
    pub fn wall_refusal(&self, sq: Square) -> String {
        let table = &self.variant().modules.builders;
        let builder = |piece: Piece| table.get(piece.kind.index()).copied().flatten();
        let name = |piece: Piece| self.variant().kind(piece.kind).spec.name.clone();
        let next_to = |from: Square, cells: BuildCells| (0..cells.count()).any(|d| self.next_cell(from, d) == Some(sq));
        match self.turn_last() {
            None => {
                let mut instead = self
                    .squares_of(self.mover())
                    .filter(|&(_, p)| builder(p).is_some_and(|b| b.when == BuildWhen::Instead));
                match instead.find(|&(from, p)| builder(p).is_some_and(|b| next_to(from, b.cells))) {
                    Some((from, p)) if self.immobile(from) => {
                        format!("the {} on {} that could wall it is held", name(p), self.square_label(from))
                    }
                    _ => "a wall begins a turn only where a piece that walls instead of moving stands next to the cell"
                        .to_owned(),
                }
            }
            Some(last) => {
                let at = if last.has(turn::LAST_MOVE) { last.to } else { last.from };
                match self.piece_at(at).filter(|p| p.kind == last.piece).and_then(|p| builder(p).map(|b| (p, b))) {
                    Some((p, b)) if b.when == BuildWhen::AfterMove => {
                        let cells = match b.cells {
                            BuildCells::Orthogonal => "orthogonally next to it",
                            BuildCells::Horizontal => "beside it on its rank",
                            BuildCells::Adjacent => "next to it",
                        };
                        format!(
                            "the {} that moved to {} walls only the vacant cells {cells}",
                            name(p),
                            self.square_label(at)
                        )
                    }
                    _ => format!("it is no action of this turn: {}", self.open_steps_about()),
                }
            }
        }
    }
}
