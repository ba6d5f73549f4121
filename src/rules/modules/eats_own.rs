//! Pieces that capture only their own side's pieces (Aieirping's S: it moves as a queen or a
//! knight to empty cells, never captures an opponent's piece, and may capture its own).
//!
//! The kind's movement gives its moves to empty cells only (`mQmN`); this module adds
//! ([`super::Hook::MovesBesides`]) the captures: along each of those rays, the first piece met,
//! where it is one of the mover's own side, the royal piece too (losing it loses the game, as
//! any loss of a royal piece does where kings are taken). What a capture of one's own piece
//! does besides is the core's, as for any capture.

use crate::rules::geometry::{Square, Steps};
use crate::rules::position::{Move, MoveKind, Piece, Position};

impl Position {
    /// The captures of its own side's pieces that `piece` on `from` makes along its rays,
    /// where its kind is among `kinds` (bits of kind indices).
    pub(in crate::rules) fn own_captures(&self, kinds: u64, from: Square, piece: Piece, out: &mut Vec<Move>) {
        if kinds >> piece.kind.index() & 1 == 0 {
            return;
        }
        let variant = self.variant();
        let frame = piece.frame();
        let start = out.len();
        for ray in &variant.kind(piece.kind).rays {
            let row = variant.steps.row(usize::from(ray.step[frame]));
            let Some(cur) = self.first_piece_by(from, ray.range, |sq| Steps::follow(row, sq)) else { continue };
            let own = self.piece_at(cur).is_some_and(|other| other.color == piece.color);
            if own && !out[start..].iter().any(|m| m.to == cur) {
                out.push(Move {
                    from,
                    to: cur,
                    piece: piece.kind,
                    promotion: None,
                    kind: MoveKind::Normal,
                    capture: true,
                });
            }
        }
    }
}
