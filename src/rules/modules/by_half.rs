//! Pieces whose movement depends on the half of the board they stand on (Aieirping's H: a
//! knight on its own side's half, a queen on the opponent's; its U: a rook, and a bishop).
//!
//! A side's half is the half of the lines nearer its back line (on Aieirping's 14 ranks,
//! White's ranks 8 to 14, where it starts). The piece's kind keeps the movement it has on its
//! own half; on the other half it moves, captures and is found as the kind the module names
//! (its rays, walked by the core: [`super::Hook::MovesInstead`]). The cell it goes to does not
//! matter, only the one it stands on when its move begins.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, Piece, Position};
use crate::rules::variant::Kind;

impl Position {
    /// Whether `sq` lies on the half of the board nearer the back line of `piece`'s side.
    pub(in crate::rules) fn on_own_half(&self, piece: Piece, sq: Square) -> bool {
        let variant = self.variant();
        2 * u16::from(variant.depth(piece.color, sq)) < u16::from(variant.depth_len(piece.color))
    }

    /// The moves of `piece` on `from` where it stands on the opponent's half and moves there
    /// as another kind (`true`); else `false`, and the piece walks its own rays.
    pub(in crate::rules) fn moves_by_half(
        &self,
        table: &[Option<Kind>],
        from: Square,
        piece: Piece,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(&Some(beyond)) = table.get(piece.kind.index()) else { return false };
        if self.on_own_half(piece, from) {
            return false;
        }
        let start = out.len();
        // (The other kind answers no such table: its rays are walked.)
        self.piece_rays(from, Piece { kind: beyond, ..piece }, None, out);
        for m in &mut out[start..] {
            m.piece = piece.kind;
        }
        true
    }

    /// How a piece of `kind` moves, where its movement depends on the half of the board it
    /// stands on, in a refusal's words (after "a half knight").
    pub fn by_half_words(&self, kind: Kind) -> Option<String> {
        let variant = self.variant();
        let beyond = variant.modules.by_half.get(kind.index()).copied().flatten()?;
        Some(format!(
            "moves as {} on its own half of the board, and as a {} ({}) on the opponent's",
            variant.kind(kind).spec.betza,
            variant.kind(beyond).spec.name,
            variant.kind(beyond).spec.betza
        ))
    }
}
