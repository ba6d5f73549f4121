//! Gating (Seirawan chess, S-chess; `gating`): when a piece makes its first move from its
//! square on its first rank, its player may put a piece from hand on the square it left, in the
//! same move; with castling, on the king's square or the rook's. The variant file's readings
//! (notation/variants/seirawan.yaml) say how each sentence of the rules is read.
//!
//! - **The rights.** The cells whose piece has not moved since the game began are the
//!   position's `unmoved` cells, one bit a cell. FEN writes them in the castling field, as
//!   Fairy-Stockfish and pychess do: `K` and `Q` for a castling right (the king's and that
//!   rook's cells), then the file of every other such cell (`KQBCDFGkqbcdfg`). A move clears
//!   the cells it leaves and the cell it captures on ([`super::Hook::AfterAction`], on the
//!   position's stack of changes), so a piece that has moved, or that stands on a cell a
//!   piece has left, never gates; a castling right is one where the king's cell and the rook's
//!   are both unmoved ([`super::Hook::CastlingField`] reads and writes the field).
//! - **The moves.** A gating is part of the move, one action: [`MoveKind::Gated`] for a move
//!   of a piece, the `gate` of [`MoveKind::Castle`] for castling, each with its [`Gate`]. A
//!   legal move from an unmoved cell of the first rank is, besides itself, one move for each
//!   kind in hand (pawns aside) and, castling, for each of the two cells that is empty after
//!   it ([`super::Hook::Additions`]); perft counts each. Its legality is the move's own: the
//!   piece put in covers no check (Fairy-Stockfish: a piece pinned on the first rank may not
//!   leave it, even if a gated piece would block the line).
//! - **The record.** `Qxd2/H`, `O-O/Ed1` in SAN (the square only for castling, where it says
//!   which of the two); Fairy-Stockfish's coordinates `b1c3h`, and for castling `e1g1h` (on the
//!   king's square) and `h1e1h` (on the rook's: the rook's square to the king's).

use crate::rules::geometry::Square;
use crate::rules::position::{Change, Move, MoveKind, Piece, Position, SetupError};
use crate::rules::variant::{Color, Kind};

/// The piece a move puts in from its player's hand, and where: on the cell the moving piece
/// left, or, castling, on the rook's cell (`on_rook`) instead of the king's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// The kind put in.
    pub kind: Kind,
    /// Castling: on the rook's cell, not the king's.
    pub on_rook: bool,
}

/// The bit of `sq` in a set of cells (none beyond the 64th).
fn bit(sq: Square) -> u64 {
    1u64.checked_shl(u32::from(sq.0)).unwrap_or(0)
}

impl Position {
    /// The move `m` without what it puts in: the move whose legality is its own.
    pub(in crate::rules) fn ungated(m: Move) -> Move {
        match m.kind {
            MoveKind::Gated(_) => Move { kind: MoveKind::Normal, ..m },
            MoveKind::Castle { rook_from, rook_to, gate: Some(_) } => {
                Move { kind: MoveKind::Castle { rook_from, rook_to, gate: None }, ..m }
            }
            _ => m,
        }
    }

    /// What `m` puts in, and on which cell.
    pub fn gate_of(m: Move) -> Option<(Gate, Square)> {
        match m.kind {
            MoveKind::Gated(gate) => Some((gate, m.from)),
            MoveKind::Castle { rook_from, gate: Some(gate), .. } => {
                Some((gate, if gate.on_rook { rook_from } else { m.from }))
            }
            _ => None,
        }
    }

    /// The cells a legal move `m` (with no gate) may gate on: its origin, where unmoved on the
    /// first rank; castling, the king's cell and the rook's, each where empty after it.
    fn gate_cells(&self, m: Move) -> [Option<(Square, bool)>; 2] {
        let first_rank = |sq: Square| self.variant.depth(self.side, sq) == 0 && self.unmoved & bit(sq) != 0;
        match m.kind {
            MoveKind::Normal => [first_rank(m.from).then_some((m.from, false)), None],
            MoveKind::Castle { rook_from, rook_to, gate: None } => {
                let empty_after = |sq: Square| sq != m.to && sq != rook_to;
                [
                    (first_rank(m.from) && empty_after(m.from)).then_some((m.from, false)),
                    (first_rank(rook_from) && empty_after(rook_from)).then_some((rook_from, true)),
                ]
            }
            _ => [None, None],
        }
    }

    /// The kinds the side to move may put in: those it holds, pawns aside.
    fn gate_kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        let side = self.side;
        (0..self.variant.kinds.len())
            .map(|i| Kind(i as u8))
            .filter(move |&k| !self.variant.kind(k).spec.pawn && self.in_hand_on(side, 0, k) > 0)
    }

    /// [`super::Hook::Additions`]: after the legal moves `out[start..]`, each one's gatings.
    pub(in crate::rules) fn gatings(&self, out: &mut Vec<Move>, start: usize) {
        if self.unmoved == 0 || self.hand_size(self.side) == 0 {
            return;
        }
        let end = out.len();
        for i in start..end {
            let m = out[i];
            for (_, on_rook) in self.gate_cells(m).into_iter().flatten() {
                for kind in self.gate_kinds() {
                    let gate = Gate { kind, on_rook };
                    out.push(Position::with_gate(m, gate));
                }
            }
        }
    }

    /// `m` with `gate`.
    fn with_gate(m: Move, gate: Gate) -> Move {
        match m.kind {
            MoveKind::Castle { rook_from, rook_to, .. } => {
                Move { kind: MoveKind::Castle { rook_from, rook_to, gate: Some(gate) }, ..m }
            }
            _ => Move { kind: MoveKind::Gated(gate), ..m },
        }
    }

    /// [`super::Hook::Additions`]: the legal move `m` (no gate) putting in a piece of `kind`
    /// on `at` (for castling, the king's cell or the rook's; `None`: the cell the piece left,
    /// which castling must name where both are open), or why it may not.
    pub(in crate::rules) fn gating(&self, m: Move, kind: Kind, at: Option<Square>) -> Result<Move, String> {
        let name = |sq: Square| self.square_name(sq);
        let cells = self.gate_cells(m);
        let Some(first) = Position::moved_from(m) else {
            return Err("only a piece moving from its square gates".to_owned());
        };
        let cell = match at {
            Some(sq) => cells.into_iter().flatten().find(|&(c, _)| c == sq),
            None if cells[1].is_some() && cells[0].is_some() => {
                return Err(format!(
                    "castling gates on the king's square or the rook's: name it ({} or {})",
                    cells[0].map_or_else(String::new, |(c, _)| name(c)),
                    cells[1].map_or_else(String::new, |(c, _)| name(c)),
                ));
            }
            None => cells.into_iter().flatten().next(),
        };
        let Some((_, on_rook)) = cell else {
            let sq = at.unwrap_or(first);
            match m.kind {
                MoveKind::Castle { rook_from, .. } if sq != m.from && sq != rook_from => {
                    return Err(format!(
                        "castling gates on the king's square ({}) or the rook's ({}), not {}",
                        name(m.from),
                        name(rook_from),
                        name(sq)
                    ));
                }
                MoveKind::Castle { .. } => {}
                _ if sq != first => {
                    return Err(format!(
                        "a gated piece enters on the square the piece left ({}), not {}",
                        name(first),
                        name(sq)
                    ));
                }
                _ => {}
            }
            if self.variant.depth(self.side, sq) != 0 {
                return Err(format!(
                    "{} is not on the first rank: only a piece leaving its first rank gates",
                    name(sq)
                ));
            }
            if self.unmoved & bit(sq) == 0 {
                return Err(format!(
                    "the piece on {} has moved before, or stands where another piece moved from: only a piece's first move from its square gates",
                    name(sq)
                ));
            }
            return Err(format!("{} is not empty after castling", name(sq)));
        };
        let letter = crate::rules::variant::letter_text(self.variant.kind(kind).spec.letter, false);
        if self.variant.kind(kind).spec.pawn {
            return Err("a pawn is never gated".to_owned());
        }
        if self.in_hand_on(self.side, 0, kind) == 0 {
            let name = &self.variant.kind(kind).spec.name;
            return Err(format!("no {name} ({letter}) in hand to gate"));
        }
        Ok(Position::with_gate(m, Gate { kind, on_rook }))
    }

    /// The cell a move leaves that a gate may fill: its origin (castling: the king's).
    fn moved_from(m: Move) -> Option<Square> {
        matches!(m.kind, MoveKind::Normal | MoveKind::Gated(_) | MoveKind::Castle { .. }).then_some(m.from)
    }

    /// [`super::Hook::AfterAction`]: the piece `m` gates put in from hand, and the cells it
    /// leaves or takes no longer unmoved; how many changes.
    pub(in crate::rules) fn gate_after(&mut self, m: Move) -> u8 {
        let mut changes = 0;
        if let Some((gate, at)) = Position::gate_of(m) {
            let piece = Piece::new(self.side, gate.kind);
            self.change_hand(self.side, gate.kind, -1);
            self.put(at, Some(piece));
            self.changes.push(Change::Entered(at, piece));
            changes += 1;
        }
        let mut left = bit(m.from) | bit(m.to);
        if let MoveKind::Castle { rook_from, rook_to, .. } = m.kind {
            left |= bit(rook_from) | bit(rook_to);
        }
        if let MoveKind::EnPassant { victim } | MoveKind::Remote { victim } = m.kind {
            left |= bit(victim);
        }
        if self.unmoved & left != 0 {
            self.changes.push(Change::Unmoved(self.unmoved));
            self.unmoved &= !left;
            changes += 1;
        }
        changes
    }

    /// [`super::Hook::CastlingField`]: reads FEN's castling field on board `on` as unmoved
    /// cells (`K`, `Q`: the king's and that rook's; a file: its first-rank cell), and the
    /// castling rights as the core reads them where the king's cell and a rook's are unmoved.
    pub(in crate::rules) fn read_unmoved(
        &mut self,
        text: &str,
        on: u8,
        lenient: bool,
        dropped: &mut Vec<char>,
    ) -> Result<(), SetupError> {
        let v = std::sync::Arc::clone(&self.variant);
        let rook = v.kind_of_letter(b'R');
        let castler = v.castler;
        let mut rights = String::new();
        // A side that gates no more: Fairy-Stockfish writes its castling rights alone, as
        // chess does (`K`, or a rook's file in Chess960), and so reads them.
        let empties = [self.gates_no_more(Color::White, on), self.gates_no_more(Color::Black, on)];
        let empty = |color: Color| empties[color.index()];
        let (plain, gating): (String, String) =
            text.chars().partition(|c| empty(if c.is_ascii_uppercase() { Color::White } else { Color::Black }));
        self.read_castling(&plain, on, lenient, dropped)?;
        for color in [Color::White, Color::Black] {
            let rooks: Vec<Square> = self.castling_rooks(color).collect();
            let king = self.castling_king_of(color).filter(|_| !rooks.is_empty());
            for sq in rooks.into_iter().chain(king) {
                self.unmoved |= bit(sq);
            }
        }
        for c in gating.chars() {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let files = v.lateral_len(color);
            let cell = |file: u8| v.line_square_on(color, on, file, 0);
            let own = |sq: Square, kind: Option<Kind>| {
                self.piece_at(sq).is_some_and(|p| p.color == color && kind.is_none_or(|k| p.kind == k))
            };
            let king = (0..files).filter_map(cell).find(|&sq| own(sq, castler));
            let mut cells = Vec::new();
            match c.to_ascii_uppercase() {
                'K' | 'Q' => {
                    let (Some(king), Some(_)) = (king, rook) else {
                        if lenient {
                            dropped.push(c);
                            continue;
                        }
                        return Err(SetupError::Castling(c));
                    };
                    let king_file = v.lateral(color, king);
                    let h_side = c.eq_ignore_ascii_case(&'K');
                    let mut beyond: Vec<u8> =
                        if h_side { (king_file + 1..files).rev().collect() } else { (0..king_file).collect() };
                    beyond.retain(|&f| cell(f).is_some_and(|sq| own(sq, rook)));
                    match beyond.first().and_then(|&f| cell(f)) {
                        Some(r) => cells.extend([king, r]),
                        None if lenient => {
                            dropped.push(c);
                            continue;
                        }
                        None => return Err(SetupError::Castling(c)),
                    }
                }
                letter @ 'A'..='Z' => match cell(letter as u8 - b'A').filter(|&sq| own(sq, None)) {
                    Some(sq) if !self.piece_at(sq).is_some_and(|p| self.is_pawn(p)) => cells.push(sq),
                    _ if lenient => {
                        dropped.push(c);
                        continue;
                    }
                    _ => return Err(SetupError::Castling(c)),
                },
                _ if lenient => {
                    dropped.push(c);
                    continue;
                }
                _ => return Err(SetupError::Castling(c)),
            }
            for sq in cells {
                self.unmoved |= bit(sq);
            }
        }
        // The castling rights: for each side, the outermost unmoved rook on each hand of an
        // unmoved king, named by its file for the core's reading.
        for color in [Color::White, Color::Black].into_iter().filter(|&c| !empty(c)) {
            let files = v.lateral_len(color);
            let cell = |file: u8| v.line_square_on(color, on, file, 0);
            let own = |sq: Square, kind: Option<Kind>| {
                self.piece_at(sq).is_some_and(|p| p.color == color && kind.is_none_or(|k| p.kind == k))
            };
            let Some(king) = (0..files).filter_map(cell).find(|&sq| own(sq, castler)) else { continue };
            if self.unmoved & bit(king) == 0 || rook.is_none() {
                continue;
            }
            let king_file = v.lateral(color, king);
            let unmoved_rook =
                |f: &u8| cell(*f).is_some_and(|sq| own(sq, rook) && self.unmoved & bit(sq) != 0 && !self.is_fixed(sq));
            let h = (king_file + 1..files).rev().find(unmoved_rook);
            let a = (0..king_file).find(unmoved_rook);
            for f in [h, a].into_iter().flatten() {
                let letter = char::from(b'A' + v.geometry.file(cell(f).unwrap_or(king)));
                rights.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
        }
        self.read_castling(&rights, on, false, dropped)
    }

    /// Whether `color` gates no more on board `on`: its hand is empty, and no capture fills it
    /// again (in S-House one does).
    fn gates_no_more(&self, color: Color, on: u8) -> bool {
        !self.variant.spec.captures_to_hand && self.hand_on(color, on).iter().all(|&n| n == 0)
    }

    /// Whether the piece on `sq` is fixed (a statue), which never castles.
    fn is_fixed(&self, sq: Square) -> bool {
        self.piece_at(sq).is_some_and(|p| p.fixed)
    }

    /// [`super::Hook::CastlingField`]: FEN's castling field on board `on`: the castling rights
    /// as the core writes them, each side's then followed by the files of its other unmoved
    /// cells (`KQBCDFGkqbcdfg`).
    pub(in crate::rules) fn unmoved_text(&self, on: u8) -> String {
        let rights = self.rights_text(on);
        let (white, black): (String, String) = rights.chars().partition(char::is_ascii_uppercase);
        let mut text = String::new();
        for (color, written) in [(Color::White, white), (Color::Black, black)] {
            text.push_str(&written);
            // (A side that gates no more: its castling rights alone, as Fairy-Stockfish
            // writes them.)
            if self.gates_no_more(color, on) {
                continue;
            }
            // The cells the rights cover: the king's, and each castling rook's.
            let mut covered = 0u64;
            for rook in self.castling_rooks(color) {
                covered |= bit(rook);
                if let Some(king) = self.castling_king_of(color) {
                    covered |= bit(king);
                }
            }
            let g = &self.variant.geometry;
            let mut files: Vec<u8> = g
                .squares()
                .filter(|&sq| self.unmoved & bit(sq) != 0 && covered & bit(sq) == 0)
                .filter(|&sq| g.board(sq) == on && self.piece_at(sq).is_some_and(|p| p.color == color))
                .map(|sq| g.file(sq))
                .collect();
            files.sort_unstable();
            for f in files {
                let letter = char::from(b'A' + f);
                text.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
            }
        }
        text
    }

    /// The part of the key the unmoved cells make: those of the sides that may still gate
    /// (the others never will, and FEN leaves them out).
    pub(in crate::rules) fn unmoved_key(&self) -> u64 {
        let mut cells = 0;
        for color in [Color::White, Color::Black] {
            if !self.gates_no_more(color, 0) {
                cells |= self.unmoved & self.sides[color.index()];
            }
        }
        cells.wrapping_mul(0x9FB2_1C65_1E98_DF25).rotate_left(23)
    }
}

/// A refusal's words for a gating written where the variant has none.
pub const NOT_HERE: &str = "gating is not part of this variant";

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::rules::position::{Move, MoveKind, Position};
    use crate::rules::variant::Variant;

    fn variant(name: &str) -> Arc<Variant> {
        crate::variants::find(Some(name)).unwrap_or_else(|e| panic!("{e}"))
    }

    fn position(name: &str, fen: &str) -> Position {
        Position::from_fen_text(&variant(name), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// The SAN of the legal moves, sorted.
    fn sans(p: &mut Position) -> Vec<String> {
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.into_iter().map(|m: Move| crate::replay::san(p, m)).collect();
        texts.sort();
        texts
    }

    /// The castling field is read and written as Fairy-Stockfish writes it, whatever order
    /// and form the letters come in (pychess writes the files of every piece).
    #[test]
    fn the_castling_field_lists_the_unmoved_squares() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
        assert_eq!(position("seirawan", start).fen(), start);
        let pychess = "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w HECBFQKhecbfqk - 0 1";
        let read = position("seirawan960", pychess).fen();
        assert_eq!(read, "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w KQBCEFHkqbcefh - 0 1");
        // The kings have moved: the rooks' files, and no castling.
        let rooks = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w AHah - 0 1";
        let mut p = position("seirawan", rooks);
        assert_eq!(p.fen(), rooks);
        assert!(!sans(&mut p).iter().any(|s| s.starts_with("O-O")));
        // The king's square and a rook's, as files, make a castling right.
        let mut files = position("seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[HEhe] w EHah - 0 1");
        assert_eq!(files.fen().split(' ').nth(2), Some("Kah"));
    }

    /// A side that can never gate again has its castling rights alone, read and written as
    /// chess reads them; in S-House, where captures fill the hand again, the squares stay.
    #[test]
    fn an_empty_hand_keeps_castling_rights_alone() {
        let fen = "4k3/8/8/8/8/8/8/4K2R[] w H - 0 1";
        let mut p = position("seirawan", fen);
        assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K2R[] w K - 0 1");
        assert!(sans(&mut p).contains(&"O-O".to_owned()));
        let mut house = position("shouse", fen);
        assert!(!sans(&mut house).contains(&"O-O".to_owned()));
        assert_eq!(house.fen(), fen);
    }

    /// Each gating is a move of its own; castling gates on either square; a pinned piece
    /// does not leave its line because the piece put in would block it.
    #[test]
    fn gatings_are_moves_of_their_own() {
        let mut p = position("seirawan", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[He] w KQkq - 0 1");
        let moves = sans(&mut p);
        for castling in ["O-O", "O-O/He1", "O-O/Hh1", "O-O-O", "O-O-O/He1", "O-O-O/Ha1", "Kd1/H", "Rb1/H"] {
            assert!(moves.contains(&castling.to_owned()), "{castling} in {moves:?}");
        }
        let mut pinned = position("seirawan", "4k3/8/8/8/8/8/8/r2BK3[HEhe] w De - 0 1");
        assert_eq!(sans(&mut pinned), ["Kd2", "Ke2", "Kf1", "Kf2"]);
    }

    /// A gating's piece leaves the hand and stands on the square left; taking the move back
    /// puts all back, the key too.
    #[test]
    fn a_gating_is_taken_back_whole() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
        let mut p = position("seirawan", start);
        let key = p.key();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let gated = moves
            .iter()
            .copied()
            .find(|m| matches!(m.kind, MoveKind::Gated(_)) && p.fen_square(m.to).to_string() == "c3")
            .unwrap_or_else(|| panic!("no gating to c3"));
        let undo = p.play(gated);
        assert!(p.fen().starts_with("rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R"));
        assert!(p.fen().contains(" KQCDFGkqbcdfg "), "{}", p.fen());
        p.undo(gated, undo);
        assert_eq!((p.fen(), p.key()), (start.to_owned(), key));
    }
}
