//! Hades Chess: a captured piece goes back to its owner's reserve one step down the ladder
//! queen, rook, bishop, knight, pawn; a captured pawn is gone. The re-insertion is a drop
//! from the reserve (the reserves module); this file holds only where a captured piece goes.

use crate::rules::position::{Piece, Position};
use crate::rules::variant::{Kind, VariantError};

/// The ladder, by letter: each piece comes back as the next one.
const LADDER: [u8; 5] = [b'Q', b'R', b'B', b'N', b'P'];

/// Refuses a variant whose pieces lack a rung of the ladder.
pub(super) fn check(kinds: &[crate::rules::variant::PieceKind]) -> Result<(), VariantError> {
    for letter in LADDER {
        if !kinds.iter().any(|k| k.spec.letter == letter) {
            return Err(VariantError::UnknownModulePiece(char::from(letter)));
        }
    }
    Ok(())
}

impl Position {
    /// The kind a captured piece of `kind` comes back as, if it comes back.
    fn weaker(&self, kind: Kind) -> Option<Kind> {
        let letter = self.variant().kind(kind).spec.letter;
        let rung = LADDER.iter().position(|&l| l == letter)?;
        let next = *LADDER.get(rung + 1)?;
        self.variant().kind_of_letter(next)
    }

    /// `victim`, captured, joins its owner's reserve one step weaker (or, with `undo`,
    /// leaves it again); a pawn, or a piece off the ladder, is gone.
    pub(in crate::rules) fn capture_to_owner(&mut self, victim: Piece, undo: bool) {
        if let Some(kind) = self.weaker(victim.kind) {
            self.change_hand(victim.color, kind, if undo { -1 } else { 1 });
        }
    }
}
