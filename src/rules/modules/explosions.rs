//! Explosions (Atomic): a capture blows up the capturing piece and every piece next to the
//! cell of the capture, of either side, but pawns; the captured piece is gone as in any
//! capture (en passant too: the explosion is round the cell the capturing pawn reached). A
//! side whose royal piece is blown up loses at once.
//!
//! - The removals follow the move ([`super::Hook::AfterAction`]); castling rights go with
//!   the king or rook blown up, as with any piece removed.
//! - A move is legal where the mover's king survives it and stands safe afterwards, or the
//!   enemy king does not survive it (the game is then over): the core plays the move out,
//!   since the module breaks [`super::Capability::MovesOnlyMove`], and a royal piece that
//!   has left the board is lost ([`super::Capability::RoyalsStay`]).
//! - Kings never capture (the variant file gives the king no capture: `mK`), and a king next
//!   to the enemy king is not in check: a capture of it would blow up the captor's own king.
//!   The module answers [`super::Hook::AttackedInstead`] so: no cell next to a royal piece of
//!   the attacker is attacked (this also lets a king castle over or onto such cells), and a
//!   side whose king is gone attacks nothing. A king that castles may not pass a cell that an
//!   enemy piece attacks through the king's own cell ([`super::Hook::Forbid`]): unchecked
//!   beside the enemy king, it still stands in that line.
//! - Its material ([`super::Hook::Material`]) follows what explosions can do: a bare king
//!   cannot win; one bishop, knight or rook (or two knights) cannot blow up a bare king;
//!   while the opponent has other pieces, an explosion may reach its king, unless only
//!   bishops are left that can never meet.

use crate::rules::geometry::Square;
use crate::rules::position::{Ending, Move, MoveKind, Position};
use crate::rules::variant::Color;

/// The eight neighbours of a cell, as steps.
const AROUND: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

impl Position {
    /// Blows up the captor of `m`, a capture, and every piece but pawns next to its cell:
    /// how many changes (pieces removed).
    pub(in crate::rules) fn explode(&mut self, m: Move) -> u8 {
        if !m.capture {
            return 0;
        }
        let center = m.to;
        let g = &self.variant().geometry;
        let around: Vec<Square> = AROUND.iter().filter_map(|&(dx, dy)| g.offset(center, dx, dy)).collect();
        let mut removed = 0;
        if self.piece_at(center).is_some() {
            self.remove_piece(center);
            removed += 1;
        }
        for sq in around {
            if self.piece_at(sq).is_some_and(|p| !self.is_pawn(p)) {
                self.remove_piece(sq);
                removed += 1;
            }
        }
        removed
    }

    /// Whether a piece of `by` attacks `target`, where no piece attacks a cell next to one of
    /// its own side's royal pieces, and a side without one attacks nothing.
    pub(in crate::rules) fn attacked_unless_kings_touch(&self, target: Square, by: Color) -> bool {
        let g = &self.variant().geometry;
        let mut royals = self.royal_cells(by).peekable();
        if royals.peek().is_none() {
            return false;
        }
        let touches =
            royals.any(|k| g.file(k).abs_diff(g.file(target)) <= 1 && g.rank(k).abs_diff(g.rank(target)) <= 1);
        !touches && self.attacked_plainly(target, by)
    }

    /// Whether the castling `m` takes the king over a cell that an enemy piece attacks
    /// through the king's own cell (which, with the king in check, no other variant needs to
    /// ask: here a king next to the enemy king stands unchecked in such a line).
    pub(in crate::rules) fn castles_through_line(&mut self, m: Move) -> bool {
        if !matches!(m.kind, MoveKind::Castle { .. }) {
            return false;
        }
        let Some(king) = self.piece_at(m.from) else { return false };
        let g = &self.variant().geometry;
        let (from, to) = (g.file(m.from), g.file(m.to));
        let rank = g.rank(m.from);
        let between: Vec<Square> = (from.min(to) + 1..from.max(to))
            .filter_map(|file| self.variant().cell(g.board(m.from), file, rank))
            .collect();
        let by = self.side.other();
        self.put(m.from, None);
        let hit = between.into_iter().any(|sq| self.attacked_unless_kings_touch(sq, by));
        self.put(m.from, Some(king));
        hit
    }

    /// Keeps, among the safe moves `out[start..]`, those [`Position::castles_through_line`]
    /// allows.
    pub(in crate::rules) fn keep_unless_castling_through_line(&mut self, out: &mut Vec<Move>, start: usize) {
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if !self.castles_through_line(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The side whose royal piece has been blown up has lost.
    pub(in crate::rules) fn explosion_ending(&self) -> Option<Ending> {
        // (The side that moved last never blows up its own king: the mover's first.)
        let last = self.side.other();
        [last.other(), last]
            .into_iter()
            .find(|&c| self.royal_cells(c).next().is_none())
            .map(|loser| Ending::Explosion { winner: loser.other() })
    }

    /// Whether `side` could still blow up the enemy king by some series of legal moves, as
    /// far as the material tells.
    pub(in crate::rules) fn can_explode(&self, side: Color) -> bool {
        let variant = self.variant();
        let g = &variant.geometry;
        if self.royal_cells(side.other()).next().is_none() {
            return true;
        }
        let letter = |c: Color| -> Vec<(Square, u8)> {
            self.squares_of(c)
                .filter(|&(_, p)| !self.is_royal(p))
                .map(|(sq, p)| (sq, variant.kind(p.kind).spec.letter))
                .collect()
        };
        let ours = letter(side);
        let theirs = letter(side.other());
        if ours.is_empty() {
            return false;
        }
        let light = |sq: Square| (g.file(sq) + g.rank(sq)) % 2 == 1;
        if !theirs.is_empty() {
            // Bishops only, each side's on one color, the other's on the other: no capture
            // can ever be made.
            if ours.iter().chain(&theirs).all(|&(_, l)| l == b'B') {
                let shades =
                    |pieces: &[(Square, u8)]| pieces.iter().fold(0u8, |s, &(sq, _)| s | 1 << u8::from(light(sq)));
                let (white, black) = if side == Color::White { (&ours, &theirs) } else { (&theirs, &ours) };
                let (w, b) = (shades(white), shades(black));
                return !((w == 0b10 && b == 0b01) || (w == 0b01 && b == 0b10));
            }
            return true;
        }
        // Against a bare king.
        let everything = || ours.iter().map(|&(_, l)| l);
        if everything().any(|l| matches!(l, b'Q' | b'P')) {
            return true;
        }
        if everything().filter(|&l| matches!(l, b'N' | b'B' | b'R')).count() == 1 && ours.len() == 1 {
            return false;
        }
        if everything().all(|l| l == b'N') {
            return ours.len() > 2;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::play_san as play;
    use crate::rules::position::{Ending, Position};
    use crate::rules::variant::Color;

    fn atomic(fen: &str) -> Position {
        let variant = crate::variants::find(Some("atomic")).unwrap_or_else(|e| panic!("{e}"));
        Position::from_fen_text(&variant, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn legal(p: &mut Position) -> Vec<String> {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let mut names: Vec<String> = moves.into_iter().map(|m| crate::replay::san(p, m)).collect();
        names.sort();
        names
    }

    /// A capture removes the captor, its victim and the pieces round the square but pawns;
    /// a king so blown up loses.
    #[test]
    fn a_capture_explodes() {
        let mut p = atomic("4k3/8/8/2nrp3/8/8/8/3QK3 w - - 0 1");
        play(&mut p, "Qxd5");
        assert_eq!(p.fen().split(' ').next(), Some("4k3/8/8/4p3/8/8/8/4K3"));
        assert_eq!(p.game_over(), None);
        let mut p = atomic("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
        play(&mut p, "Qxd8#");
        assert_eq!(p.game_over(), Some(Ending::Explosion { winner: Color::White }));
    }

    /// Kings never capture; a king next to the enemy king stands unchecked, even on a line a
    /// rook attacks; a capture that blows up one's own king is illegal (python-chess agrees
    /// on every list).
    #[test]
    fn kings_touch_and_never_capture() {
        let mut p = atomic("8/8/8/3k4/3K3r/8/8/8 w - - 0 1");
        assert!(!p.in_check());
        assert_eq!(legal(&mut p), ["Kc3", "Kc4", "Kc5", "Kd3", "Ke3", "Ke4", "Ke5"]);
        let mut p = atomic("8/8/8/8/8/3k4/8/2rK3R w - - 0 1");
        // The black king on d3 and the rook on c1 are next to the white king: Rxc1 would blow
        // it up, and the king itself never takes.
        assert!(!legal(&mut p).iter().any(|m| m.contains('x')));
    }

    /// The king may not castle over a square attacked through its own square, though it
    /// stands unchecked beside the enemy king (lichess's and python-chess's rule).
    #[test]
    fn castling_through_the_kings_line() {
        let mut p = atomic("r3kR2/5K2/8/8/8/8/8/6r1 b q - 2 2");
        assert!(!p.in_check());
        assert!(!legal(&mut p).iter().any(|m| m.starts_with("O-O")));
    }
}
