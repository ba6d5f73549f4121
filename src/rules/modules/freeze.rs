//! Freeze and Deepfreeze Chess: pieces that may not move because an enemy piece attacks
//! them, and the check such pieces do not give.
//!
//! In Freeze Chess the piece that moved last (the position's landing cell, which the core
//! keeps, keys and writes in FEN as `last:e4`) freezes the enemy pieces it attacks for their
//! side's next turn. In Deepfreeze Chess every piece an enemy piece attacks is immobilised,
//! at every moment. Either way an immobile piece cannot take the king, so check is an attack
//! by a piece that is free to move when its side's turn comes
//! ([`super::Hook::AttackedInstead`]): a move is legal when no free enemy piece attacks the
//! mover's king after it. Deepfreeze adds an ending: a side whose pieces are all immobilised
//! loses, unless the other side's are too ([`Position::immobilised_loser`]).

use super::super::geometry::Square;
use super::super::position::Position;
use super::super::variant::{Color, Kind};

/// Which pieces are frozen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freeze {
    /// Those the piece that moved last attacks, for their side's next turn (Freeze Chess).
    LastMoved,
    /// Every piece an enemy piece attacks (Deepfreeze Chess).
    Deep,
}

impl Position {
    /// [`super::Hook::Immobile`]: whether the piece on `sq` may not move now.
    #[inline(never)]
    pub(in crate::rules) fn frozen(&self, freeze: Freeze, sq: Square) -> bool {
        let Some(piece) = self.piece_at(sq) else { return false };
        match freeze {
            Freeze::LastMoved => self.frozen_by_last(sq, piece.color),
            Freeze::Deep => self.attacked_plainly(sq, piece.color.other()),
        }
    }

    /// Whether the piece that moved last, an enemy of `color`, attacks `sq`.
    fn frozen_by_last(&self, sq: Square, color: Color) -> bool {
        self.landed
            .is_some_and(|last| self.piece_at(last).is_some_and(|p| p.color != color) && self.piece_attacks(last, sq))
    }

    /// [`super::Hook::AttackedInstead`]: whether a piece of `by` that is free to move in its
    /// side's next turn attacks `target`. In Freeze only the side to move has frozen pieces;
    /// in Deepfreeze a piece of `by` is free unless a piece of the other side attacks it.
    #[inline(never)]
    pub(in crate::rules) fn attacked_by_free(&self, freeze: Freeze, target: Square, by: Color) -> bool {
        if !self.attacked_plainly(target, by) {
            return false;
        }
        match freeze {
            Freeze::LastMoved if by != self.side || self.landed.is_none() => true,
            Freeze::LastMoved => self.attacks_on(target, by).any(|s| !self.frozen_by_last(s, by)),
            Freeze::Deep => self.attacks_on(target, by).any(|s| !self.attacked_plainly(s, by.other())),
        }
    }

    /// [`super::Module::landing_key`] for Freeze: the pieces the piece that moved last
    /// freezes, which are what makes two positions with the same pieces differ.
    #[inline(never)]
    pub(in crate::rules) fn frozen_key(&self, last: Square) -> u64 {
        let Some(mover) = self.piece_at(last) else { return 0 };
        let mut frozen = Vec::new();
        self.for_each_attacked(last, mover, |sq| {
            if self.piece_at(sq).is_some_and(|p| p.color != mover.color) && !frozen.contains(&sq) {
                frozen.push(sq);
            }
        });
        frozen.into_iter().fold(0, |key, sq| key ^ self.variant().key(sq, Color::White, Kind(0)).rotate_left(23))
    }

    /// [`super::Hook::Ending`] for Deepfreeze: the side to move, where every one of its
    /// pieces is immobilised, it is not in check (that is mate, which the core tells) and
    /// some piece of the other side is free.
    #[inline(never)]
    pub(in crate::rules) fn immobilised_loser(&self) -> Option<Color> {
        let side = self.side;
        let all_attacked =
            |color: Color| self.squares_of(color).all(|(sq, _)| self.attacked_plainly(sq, color.other()));
        (all_attacked(side) && !self.in_check() && !all_attacked(side.other())).then_some(side)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::rules::position::{Ending, Move, Position};
    use crate::rules::variant::Variant;

    fn variant(name: &str) -> Arc<Variant> {
        crate::variants::find(Some(name)).unwrap_or_else(|e| panic!("{e}"))
    }

    fn play(p: &mut Position, uci: &str) {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let found: Vec<Move> =
            moves.into_iter().filter(|m| format!("{}{}", p.square_name(m.from), p.square_name(m.to)) == uci).collect();
        let [m] = found[..] else { panic!("{uci}: {found:?} in {}", p.fen()) };
        p.play(m);
    }

    /// The piece that moved last is written in FEN as `last:`, read back, and refused where it
    /// cannot be.
    #[test]
    fn the_piece_that_moved_last_goes_through_fen() {
        let freeze = variant("freeze");
        let mut p = Position::start(&freeze).unwrap_or_else(|e| panic!("{e}"));
        play(&mut p, "e2e4");
        play(&mut p, "d7d5");
        let fen = p.fen();
        assert!(fen.ends_with(" last:d5"), "{fen}");
        let mut again = Position::from_fen_text(&freeze, &fen).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.fen(), fen);
        assert_eq!(again.key(), p.key());
        // The pawn on e4 is frozen: it may not take d5.
        let mut moves = Vec::new();
        again.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| again.square_name(m.from) != "e4"), "{moves:?}");
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for (last, why) in [
            ("e2", "side that moved last"),
            ("e4", "side that moved last"),
            ("z9", "off the board"),
            ("e", "names no square"),
        ] {
            let text = format!("{start} last:{last}");
            let e = Position::from_fen_text(&freeze, &text).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(why), "{text}: {e}");
        }
        let e = Position::from_fen_text(&variant("orthodox"), &format!("{start} last:e7")).err();
        assert!(e.is_some_and(|e| e.to_string().contains("does not keep")));
    }

    /// Two positions with the same pieces are the same where the same pieces are frozen:
    /// knights out and back repeat the start, whatever moved last.
    #[test]
    fn positions_repeat_by_the_pieces_frozen() {
        let freeze = variant("freeze");
        let mut p = Position::start(&freeze).unwrap_or_else(|e| panic!("{e}"));
        let start = p.key();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            play(&mut p, uci);
        }
        assert_eq!(p.key(), start, "{}", p.fen());
        assert_eq!(p.repetitions(), 2);
        // The same pieces, but the knight on c6 frozen by a bishop that has just come to b5,
        // or not.
        let frozen = Position::from_fen_text(
            &freeze,
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 last:b5",
        );
        let free = Position::from_fen_text(
            &freeze,
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3 last:f3",
        );
        let (Ok(frozen), Ok(free)) = (frozen, free) else { panic!("setups") };
        assert_ne!(frozen.key(), free.key());
    }

    /// Deepfreeze: a side to move whose every piece is attacked loses, unless the other
    /// side's are too; and a king alone is no mating force, a knight is.
    #[test]
    fn immobilised_sides() {
        let deep = variant("deepfreeze");
        let mut lost =
            Position::from_fen_text(&deep, "7k/6Q1/5K2/8/8/8/8/8 b - - 1 1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(lost.ending(), Some(Ending::Immobilised { winner: crate::rules::variant::Color::White }));
        let mut both =
            Position::from_fen_text(&deep, "8/8/8/3k3p/3K2P1/8/8/8 b - - 1 1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(both.ending(), Some(Ending::Stalemate));
        let bare = Position::from_fen_text(&deep, "8/8/8/3k4/8/8/8/4K3 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        assert!(bare.insufficient_material());
        let knight =
            Position::from_fen_text(&deep, "8/8/8/3k4/8/8/8/4K1N1 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        assert!(!knight.insufficient_material() && knight.can_mate(crate::rules::variant::Color::White));
        let freeze = variant("freeze");
        let kings = Position::from_fen_text(&freeze, "8/8/8/3k4/8/8/8/4K3 w - - 0 1").unwrap_or_else(|e| panic!("{e}"));
        assert!(!kings.insufficient_material() && kings.can_mate(crate::rules::variant::Color::Black));
    }
}
