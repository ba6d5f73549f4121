//! Forced captures and losing everything (Antichess): a player who can capture must, and a
//! player with no legal move, having lost every piece or being stalemated, wins.
//!
//! The capture rule forbids the safe moves that capture nothing while a safe capture is left
//! ([`super::Hook::Forbid`]), so it never forbids a player's only move. The winning rule is
//! [`super::Module::NoMoveWins`]: it breaks [`super::Capability::StalemateDraws`], and its
//! material is judged here ([`super::Hook::Material`]): a side can still win while the
//! opponent could still take all its pieces.

use crate::rules::geometry::Square;
use crate::rules::position::{Move, Position};
use crate::rules::variant::Color;

impl Position {
    /// Keeps, among the safe moves `out[start..]`, the captures, where there is one.
    pub(in crate::rules) fn keep_captures(&self, out: &mut Vec<Move>, start: usize) {
        if !out[start..].iter().any(|m| m.capture) {
            return;
        }
        let mut keep = start;
        for i in start..out.len() {
            if out[i].capture {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether the rule allows the safe move `m`: it captures, or no safe move does.
    pub(in crate::rules) fn capture_allowed(&mut self, m: Move) -> bool {
        if m.capture {
            return true;
        }
        let mut moves = Vec::new();
        self.pseudo_legal_moves(&mut moves);
        !moves.into_iter().any(|c| c.capture && self.is_safe(c))
    }

    /// Whether `side` can still win by losing every piece, as far as the material tells:
    /// not where the opponent has lost every piece already (and won), nor where only
    /// bishops are left and one of `side`'s stands on a color none of the opponent's does
    /// (no piece can ever take it), nor where a knight of each side is all that is left and
    /// the two can never meet with `side`'s knight the one to be taken (which the colors of
    /// their squares and the side to move decide: a knight changes color with each move).
    pub(in crate::rules) fn can_lose_everything(&self, side: Color) -> bool {
        let variant = self.variant();
        let g = &variant.geometry;
        let letter = |p: crate::rules::position::Piece| variant.kind(p.kind).spec.letter;
        let light = |sq: Square| (g.file(sq) + g.rank(sq)) % 2 == 1;
        let ours: Vec<(Square, u8)> = self.squares_of(side).map(|(sq, p)| (sq, letter(p))).collect();
        let theirs: Vec<(Square, u8)> = self.squares_of(side.other()).map(|(sq, p)| (sq, letter(p))).collect();
        if ours.is_empty() {
            return true;
        }
        if theirs.is_empty() {
            return false;
        }
        let all = |l: u8| ours.iter().chain(&theirs).all(|&(_, k)| k == l);
        if all(b'B') {
            let shades = |pieces: &[(Square, u8)]| pieces.iter().fold(0u8, |s, &(sq, _)| s | 1 << u8::from(light(sq)));
            return shades(&ours) & !shades(&theirs) == 0;
        }
        if all(b'N') && ours.len() == 1 && theirs.len() == 1 {
            let on_light = |color: Color| {
                let (sq, _) = if color == side { ours[0] } else { theirs[0] };
                light(sq)
            };
            // (The knights can meet, `side`'s to be taken, exactly where this is false.)
            let stuck = (self.side == Color::White)
                == ((side == Color::White) ^ on_light(Color::White) ^ !on_light(Color::Black));
            return !stuck;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::position::{Ending, Position};
    use crate::rules::variant::Color;

    fn antichess(fen: &str) -> Position {
        let variant = crate::variants::find(Some("antichess")).unwrap_or_else(|e| panic!("{e}"));
        Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Where a capture is possible, only captures are legal; without pieces, or without a
    /// move, a player wins.
    #[test]
    fn captures_are_forced_and_losing_everything_wins() {
        let mut p = antichess("8/8/8/3p4/4P3/8/8/7K w - - 0 1");
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        assert_eq!(moves.len(), 1);
        assert_eq!(crate::replay::san(&mut p, moves[0]), "exd5");
        let mut p = antichess("8/8/8/8/8/8/8/7K b - - 0 1");
        assert_eq!(p.game_over(), Some(Ending::NoMoveWins { winner: Color::Black }));
        // Blocked pawns: no move, and the blocked side wins.
        let mut p = antichess("8/8/8/4p3/4P3/8/8/8 w - - 0 1");
        assert_eq!(p.game_over(), Some(Ending::NoMoveWins { winner: Color::White }));
    }

    /// Bishops on squares of different colors never meet: a dead position.
    #[test]
    fn bishops_apart_are_a_draw() {
        let p = antichess("8/8/8/8/8/8/B7/7b w - - 0 1");
        assert!(!p.insufficient_material());
        let p = antichess("8/8/8/8/8/8/1B6/7b w - - 0 1");
        assert!(p.insufficient_material());
    }
}
