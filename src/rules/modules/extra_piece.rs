//! 20-chess's extra piece: one piece a side besides the army, outside the board until a rule
//! places it (rules 12 to 14), whose kind each such rule gives it anew.
//!
//! - [`super::Module::ExtraPiece`], the entry's: the kinds the extra piece may have
//!   ([`super::Modules::extra_kinds`]) never go to a hand (a captured extra piece leaves the
//!   board and is its owner's to place again; the reserve's capture hook leaves it out), and
//!   those no move captures ([`super::Modules::immune`], the mountain) are refused as a
//!   capture's victim: the core's rays do not capture them, and a written capture is refused
//!   here ([`super::Hook::Forbid`]). A setup may put at most one extra piece of a side on the
//!   board, and none in a hand ([`super::Hook::Setup`]).
//! - [`super::Module::PlaceExtra`], a face's: the turn's placing of the extra piece as the
//!   face's kind ([`super::Hook::ExtraActions`]): onto any empty cell, or, where the piece is
//!   on the board already, lifted from its cell and placed anew (on that cell too), as
//!   [`MoveKind::Place`]. `exchanges.rs` plays it and takes it back.
//!
//! The extra piece keeps its kind from one round to the next: the kind is the piece's, on the
//! board, as FEN writes it (`E`, `M`).

use crate::rules::geometry::Square;
use crate::rules::position::{Move, MoveKind, Piece, Position, SetupError};
use crate::rules::variant::{Color, Kind};

/// What a fool that moves as a pawn does not do: promote, double step to give an en passant
/// right, take en passant.
fn fool_may(m: &Move) -> bool {
    m.promotion.is_none() && !matches!(m.kind, MoveKind::EnPassant { .. })
}

impl Position {
    /// The extra piece of `color` on the board, if it is there.
    pub(in crate::rules) fn extra_piece_of(&self, color: Color) -> Option<(Square, Piece)> {
        let kinds = self.variant().modules.extra_kinds;
        self.squares_of(color).find(|(_, p)| kinds >> p.kind.index() & 1 != 0)
    }

    /// The placings of the side to move's extra piece as `kind`: onto each empty cell, or
    /// back onto its own (it is lifted first).
    pub(in crate::rules) fn placings(&self, kind: Kind, out: &mut Vec<Move>) {
        let side = self.side_to_move();
        let lifted = self.extra_piece_of(side).map(|(sq, _)| sq);
        for to in self.variant().geometry.squares() {
            if (self.piece_at(to).is_none() && !self.is_wall(to)) || Some(to) == lifted {
                out.push(Move {
                    from: lifted.unwrap_or(to),
                    to,
                    piece: kind,
                    promotion: None,
                    kind: MoveKind::Place,
                    capture: false,
                });
            }
        }
    }

    /// Whether `m` is a placing of the side to move's extra piece as `kind` that the position
    /// offers.
    pub(in crate::rules) fn offers_placing(&self, kind: Kind, m: Move) -> bool {
        let lifted = self.extra_piece_of(self.side_to_move()).map(|(sq, _)| sq);
        matches!(m.kind, MoveKind::Place)
            && m.piece == kind
            && m.from == lifted.unwrap_or(m.to)
            && ((self.piece_at(m.to).is_none() && !self.is_wall(m.to)) || Some(m.to) == lifted)
    }

    /// Whether a move captures a piece no move captures (the mountain): refused where a move
    /// is written.
    pub(in crate::rules) fn captures_immune(&self, m: Move) -> bool {
        m.capture && matches!(m.kind, MoveKind::Normal) && self.piece_at(m.to).is_some_and(|p| self.is_immune(p))
    }

    /// [`super::Hook::MovesInstead`]: the moves of a fool on `from`, those of the kind of the
    /// piece that moved last (`Position::mimic`) in the rules in force, a pawn's without its
    /// promotion and en passant (a double step gives no en passant right); `false` for any
    /// other piece, which walks its own rays.
    pub(in crate::rules) fn fool_moves(&self, from: Square, piece: Piece, out: &mut Vec<Move>) -> bool {
        if Some(piece.kind) != self.variant().modules.fool {
            return false;
        }
        let Some(kind) = self.mimic else { return true };
        let start = out.len();
        self.piece_rays(from, Piece { kind, promoted: false, ..piece }, None, out);
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            // (On its last rank, a pawn's move is its promotions: the fool's is one move.)
            let promoting = m.promotion.is_some();
            if fool_may(&m) || (promoting && !out[start..keep].iter().any(|k| k.to == m.to && k.capture == m.capture)) {
                let kind = if matches!(m.kind, MoveKind::DoubleStep) { MoveKind::Normal } else { m.kind };
                out[keep] = Move { piece: piece.kind, promotion: None, kind, ..m };
                keep += 1;
            }
        }
        out.truncate(keep);
        true
    }

    /// [`super::Hook::AttackedInstead`], besides the lines: whether a fool of `by` attacks
    /// `target`, as the piece that moved last would from its cell.
    pub(in crate::rules) fn fool_attacks(&self, target: Square, by: Color) -> bool {
        let (Some(fool), Some(kind)) = (self.variant().modules.fool, self.mimic) else { return false };
        let Some((from, _)) = self.squares_of(by).find(|(_, p)| p.kind == fool) else { return false };
        let mut hit = false;
        self.for_each_attacked(from, Piece::new(by, kind), |sq| hit |= sq == target);
        hit
    }

    /// The kind the fools move as, as FEN writes it after the sixth field, where a fool stands
    /// on the board: `fool:N`.
    pub(in crate::rules) fn fool_field(&self) -> Option<String> {
        // (Only where a fool stands is it part of the position.)
        let kind = self.mimic.filter(|_| self.fool_stands())?;
        Some(format!("fool:{}", char::from(self.variant().kind(kind).spec.letter)))
    }

    /// Reads the kind the fools move as from a FEN field after the sixth, `fool:N`.
    pub(in crate::rules) fn read_fool(&mut self, fields: &[String]) -> Result<(), SetupError> {
        let Some(field) = fields.iter().find_map(|f| f.strip_prefix("fool:")) else { return Ok(()) };
        let bad = |why: &str| Err(SetupError::ExtraPiece(format!("fool:{field}: {why}")));
        if self.variant().modules.fool.is_none() {
            return bad("this variant has no fool");
        }
        let kind = match field.as_bytes() {
            [letter] => self.variant().kind_of_letter(letter.to_ascii_uppercase()),
            _ => None,
        };
        match kind {
            Some(kind) if Some(kind) != self.variant().modules.fool => {
                self.mimic = Some(kind);
                Ok(())
            }
            _ => bad("names no piece that moves (fool:N, the letter of the piece that moved last)"),
        }
    }

    /// Refuses a setup with two extra pieces of a side on the board, or one in a hand.
    pub(in crate::rules) fn check_extra_pieces(&self) -> Result<(), SetupError> {
        for color in [Color::White, Color::Black] {
            let mut extra = self.squares_of(color).filter(|&(_, p)| self.is_extra(p));
            if let (Some(_), Some((sq, p))) = (extra.next(), extra.next()) {
                let letter = char::from(self.variant().kind(p.kind).spec.letter);
                return Err(SetupError::ExtraPiece(format!(
                    "a second extra piece of one side ({letter} on {}): each side has one",
                    self.square_name(sq)
                )));
            }
            let kinds = self.variant().modules.extra_kinds;
            for (i, &count) in self.hands[color.index()].iter().enumerate() {
                let kind = i % self.variant().kinds.len();
                if count > 0 && kinds >> kind & 1 != 0 {
                    let letter = crate::rules::variant::letter_text(self.variant().kinds[kind].spec.letter, false);
                    return Err(SetupError::ExtraPiece(format!(
                        "an extra piece in hand ({letter}): it never goes to a hand"
                    )));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::rules::position::{MoveKind, Position};
    use crate::rules::variant::Variant;

    fn twenty() -> Arc<Variant> {
        crate::variants::Catalogue::builtin().find(Some("20-chess")).unwrap_or_else(|e| panic!("{e}"))
    }

    fn position(fen: &str) -> Position {
        Position::from_fen_text(&twenty(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// One extra piece a side, on the board or outside it, never in a hand; the fool's kind is
    /// a piece's that moves.
    #[test]
    fn setups_the_extra_piece_cannot_have_are_refused() {
        let variant = twenty();
        for fen in [
            "4k3/8/8/8/3E4/8/3M4/4K3[] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[E] w - - 0 1",
            "4k3/8/8/8/3F4/8/8/4K3[] w - - 0 1 fool:F",
            "4k3/8/8/8/3F4/8/8/4K3[] w - - 0 1 fool:X",
        ] {
            assert!(Position::from_fen_text(&variant, fen).is_err(), "{fen}");
        }
        let crazyhouse =
            crate::variants::Catalogue::builtin().find(Some("crazyhouse")).unwrap_or_else(|e| panic!("{e}"));
        assert!(Position::from_fen_text(&crazyhouse, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 fool:N").is_err());
        position("4k3/8/8/8/3E4/8/3m4/4K3[] w - - 0 1");
    }

    /// The fool's kind is the last mover's: keyed, written, read back and taken back.
    #[test]
    fn the_fool_moves_as_the_last_mover_through_fen_and_undo() {
        let mut p = position("4k3/8/8/8/3F4/8/8/R3K3[] w Q - 0 1 cast:1");
        let (key, fen) = (p.key(), p.fen());
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| m.piece.index() != 8), "no move yet: the fool has none");
        let rook = moves.iter().copied().find(|m| m.to == crate::rules::geometry::Square(8)).unwrap_or(moves[0]);
        let undo = p.play(rook);
        assert!(p.fen().ends_with(" fool:R"), "{}", p.fen());
        let mut again = Position::from_fen_text(&twenty(), &p.fen()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((again.key(), again.fen()), (p.key(), p.fen()));
        p.undo(rook, undo);
        assert_eq!((p.key(), p.fen()), (key, fen));
        // A drop moves no piece by its movement: the fools move as they did.
        let mut p = position("4k3/8/8/8/3F4/8/8/4K3[Nn] w - - 0 1 cast:6 fool:K");
        moves.clear();
        p.legal_moves(&mut moves);
        let drop = moves.iter().copied().find(|m| matches!(m.kind, MoveKind::Drop)).unwrap_or(moves[0]);
        p.play(drop);
        assert!(p.fen().ends_with(" fool:K"), "{}", p.fen());
    }

    /// A mountain is neither captured nor moved; a placing lifts the piece where it stands.
    #[test]
    fn the_mountain_stays_and_a_placing_lifts_the_piece() {
        let mut p = position("4k3/8/8/3m4/8/8/8/3RK3[] w - - 0 1 cast:1");
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| !m.capture), "{moves:?}");
        let mut p = position("4k3/8/8/8/3E4/8/8/4K3[] w - - 0 1 cast:14");
        let (key, fen) = (p.key(), p.fen());
        moves.clear();
        p.legal_moves(&mut moves);
        let placings: Vec<_> = moves.iter().filter(|m| matches!(m.kind, MoveKind::Place)).collect();
        assert_eq!(placings.len(), 64 - 2, "every empty square and its own");
        let back = *placings.iter().find(|m| m.to == m.from).copied().unwrap_or(placings[0]);
        let undo = p.play(back);
        assert!(p.fen().starts_with("4k3/8/8/8/3M4/"), "{}", p.fen());
        p.undo(back, undo);
        assert_eq!((p.key(), p.fen()), (key, fen));
    }
}
