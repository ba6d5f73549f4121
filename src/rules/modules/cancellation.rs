//! Cancellation captures: a capture between two valued pieces takes both off the board, and
//! the difference of their values comes back as lesser pieces of the player whose piece was
//! worth more (who may be the player not on move). The variant file's readings
//! (notation/variants/cancellation.yaml) say how each sentence of the rule text is read.
//!
//! - **The split.** The remainder is spent greedily over the variant's pieces (the royal
//!   ones and those of value 0 aside): a piece of the greatest value that fits, then again
//!   with what is left. The split is forced; among pieces of one value the owner chooses.
//!   [`Cancellation::compile`] works every remainder's split out once, as levels of kinds.
//! - **The cells.** The first piece stands on the capture square, each further one on its
//!   own vacant cell one king step from it (the captor's cell, left by the move, is vacant).
//!   A pawn never stands on the first or last rank; a piece with no cell is lost, and where
//!   cells are fewer than pieces the owner places as many as fit, choosing which.
//! - **The record.** The choice is written in the capture, each letter in its owner's case
//!   (`Qxd4=B&Pc5`, `dxe5=r&bd4`): the record shows who chose, and the replay refuses the
//!   wrong side choosing.
//! - **The moves.** Every choice is a move of its own, [`MoveKind::Cancel`] with its
//!   [`Remainder`], so that legality (the mover's king safe once the pieces are placed) and
//!   perft treat choices as moves: [`super::Hook::Outcomes`] turns each capture into its
//!   choices when moves are generated, and [`super::Hook::AfterAction`] replaces the captor on
//!   the capture square by the remainder's pieces when one is played (changes on the
//!   position's stack, which `Position::undo` takes back).
//! - **What stays ordinary.** A capture by a piece without value (the king) replaces the
//!   piece taken, as in chess. En passant cancels two pawns of one value: both leave.
//!
//! At most two pieces go beside the capture square (the orthodox values need two: 7 is a
//! rook and two pawns); a variant whose values would need more is refused when compiled.

use super::super::geometry::Square;
use super::super::position::{Move, MoveKind, Piece, Position};
use super::super::variant::{Color, Kind, PieceKind, VariantError};

/// The king steps round a cell, in the order a [`Remainder`]'s cells count them.
const AROUND: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// How many pieces a remainder may place beside the capture square.
const BESIDE: usize = 2;

/// What a cancellation capture leaves, as the choices of the remainder's owner: the piece on
/// the capture square and those beside it, and the kind captured. Five bytes, so that a
/// [`Move`] stays as small as it was (castling's two squares are as large).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Remainder {
    /// The kind left on the capture square, as its index plus one (0: none).
    target: u8,
    /// The kinds placed beside it, each as its index plus one (0: none), in the order of
    /// their cells.
    beside: [u8; BESIDE],
    /// Bits 0-2 and 3-5: each placed piece's cell, as an index into [`AROUND`]; bit 7: the
    /// pieces are the opponent's of the side that captures.
    cells: u8,
    /// The piece captured, for the hands where the lower-valued piece goes to one: its kind's
    /// index plus one, and bit 7 where it is a promoted piece of the crazyhouse kind (FEN `~`);
    /// 0 elsewhere, and for en passant.
    victim: u8,
}

impl Remainder {
    const THEIRS: u8 = 0x80;

    /// The kind left on the capture square.
    pub fn on_target(self) -> Option<Kind> {
        self.target.checked_sub(1).map(Kind)
    }

    /// Whether the pieces are the opponent's of the side that captured.
    pub fn theirs(self) -> bool {
        self.cells & Self::THEIRS != 0
    }

    /// The pieces placed beside the capture square: each kind with its step from it.
    pub fn beside(self) -> impl Iterator<Item = (Kind, (i8, i8))> {
        (0..BESIDE).filter_map(move |i| {
            let kind = self.beside[i].checked_sub(1)?;
            let at = AROUND[usize::from(self.cells >> (3 * i) & 7)];
            Some((Kind(kind), at))
        })
    }

    /// The remainder of a capture that leaves nothing.
    const fn nothing(theirs: bool, victim: u8) -> Remainder {
        Remainder { target: 0, beside: [0; BESIDE], cells: if theirs { Self::THEIRS } else { 0 }, victim }
    }

    const PROMOTED: u8 = 0x80;

    /// The piece captured, of `color`, where the hands need it.
    fn victim(self, color: Color) -> Option<Piece> {
        let kind = (self.victim & !Self::PROMOTED).checked_sub(1)?;
        Some(Piece { promoted: self.victim & Self::PROMOTED != 0, ..Piece::new(color, Kind(kind)) })
    }
}

/// A level of a split: the kinds of one value, any of which the owner may choose.
type Level = Box<[Kind]>;

/// The values of a variant's pieces and every remainder's split, worked out once.
#[derive(Clone, Debug, Default)]
pub struct Cancellation {
    /// Each kind's value; 0 for a piece without one (the king), which never cancels.
    values: Box<[u32]>,
    /// For each remainder (the index), its split: the levels, greatest first.
    splits: Box<[Box<[Level]>]>,
    /// The lower-valued piece goes to its opponent's hand, unpromoted; both where the values
    /// are equal (Cancellation Shogi, `hand: lower`).
    lower_to_hand: bool,
    /// With a reserve of values (`reserve: values`): for each kind, the unpromoted kind of its
    /// value that it goes to a hand as (`None`: no kind has the value, and it is lost).
    hand_of: Option<Box<[Option<Kind>]>>,
}

impl Cancellation {
    /// The splits of every remainder two of `kinds` can leave; refused where one needs more
    /// than three pieces (the capture square's and two beside it), or where pawns (which
    /// take one another en passant) differ in value.
    pub fn compile(kinds: &[PieceKind], lower_to_hand: bool, by_value: bool) -> Result<Cancellation, VariantError> {
        let values: Box<[u32]> = kinds.iter().map(|k| if k.spec.royal { 0 } else { k.spec.value }).collect();
        // Placed pieces are unpromoted (Cancellation Shogi): a promoted kind cancels with its
        // value but is never part of a remainder.
        let placeable: Box<[u32]> =
            kinds.iter().zip(values.iter()).map(|(k, &v)| if k.demotes.is_some() { 0 } else { v }).collect();
        let mut pawn_values = kinds.iter().filter(|k| k.spec.pawn).map(|k| k.spec.value);
        if let Some(first) = pawn_values.next()
            && pawn_values.any(|v| v != first)
        {
            return Err(VariantError::Cancellation("pawns of different values".to_owned()));
        }
        let top = values.iter().copied().max().unwrap_or(0);
        let mut splits = Vec::with_capacity(top as usize + 1);
        for remainder in 0..=top {
            let mut levels: Vec<Level> = Vec::new();
            let mut left = remainder;
            while left > 0 {
                let Some(value) = placeable.iter().copied().filter(|&v| v > 0 && v <= left).max() else { break };
                let level = (0..kinds.len()).filter(|&i| placeable[i] == value).map(|i| Kind(i as u8)).collect();
                levels.push(level);
                left -= value;
            }
            if levels.len() > 1 + BESIDE {
                return Err(VariantError::Cancellation(format!(
                    "a remainder of {remainder} is {} pieces, and at most {} are placed",
                    levels.len(),
                    1 + BESIDE
                )));
            }
            splits.push(levels.into_boxed_slice());
        }
        let hand_of = match by_value {
            true => Some(Self::hand_of_values(kinds, &values, &placeable)?),
            false => None,
        };
        Ok(Cancellation { values, splits: splits.into_boxed_slice(), lower_to_hand, hand_of })
    }

    /// For a reserve of values, each kind's unpromoted kind of its value; refused where two
    /// unpromoted kinds share a value (a hand would then hold a value, which FEN cannot write).
    fn hand_of_values(
        kinds: &[PieceKind],
        values: &[u32],
        placeable: &[u32],
    ) -> Result<Box<[Option<Kind>]>, VariantError> {
        for (i, &v) in placeable.iter().enumerate() {
            if v > 0 && placeable[..i].contains(&v) {
                return Err(VariantError::Cancellation(format!(
                    "a reserve of values needs one unpromoted piece of each value, and two have the value {v}"
                )));
            }
        }
        Ok((0..kinds.len())
            .map(|i| match kinds[i].spec.royal {
                true => Some(Kind(i as u8)),
                false => placeable.iter().position(|&p| p > 0 && p == values[i]).map(|k| Kind(k as u8)),
            })
            .collect())
    }

    /// Where a reserve of values decides what a piece goes to a hand as: `Some` of the kind
    /// (`Some(None)`: lost); `None` elsewhere.
    pub fn hand_of(&self, kind: Kind) -> Option<Option<Kind>> {
        self.hand_of.as_ref().map(|table| table.get(kind.index()).copied().flatten())
    }

    /// The value of `kind` (0: none).
    pub fn value(&self, kind: Kind) -> u32 {
        self.values.get(kind.index()).copied().unwrap_or(0)
    }

    /// The split of a remainder: its levels, greatest first.
    pub fn split(&self, remainder: u32) -> &[Level] {
        self.splits.get(remainder as usize).map_or(&[], |s| s)
    }
}

/// One piece of a remainder put somewhere: its kind and, beside the capture square, its step.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Put {
    kind: Kind,
    around: u8,
}

impl Position {
    /// [`super::Hook::Outcomes`]: each cancellation capture among `out[start..]` becomes one
    /// move per choice its remainder leaves.
    #[inline(never)]
    pub(in crate::rules) fn cancellation_outcomes(&self, out: &mut Vec<Move>, start: usize) {
        let mut i = start;
        let end = out.len();
        let mut expanded: Vec<(usize, Vec<Remainder>)> = Vec::new();
        while i < end {
            let m = out[i];
            i += 1;
            if !matches!(m.kind, MoveKind::Normal) || !m.capture {
                continue;
            }
            let (Some(captor), Some(victim)) = (self.piece_at(m.from), self.piece_at(m.to)) else { continue };
            // A pawn never survives a capture, so a capture onto the last rank promotes
            // nothing: its promotions are one capture, the first, and the others go.
            if m.promotion.is_some() && expanded.iter().any(|&(at, _)| out[at].from == m.from && out[at].to == m.to) {
                expanded.push((i - 1, Vec::new()));
                continue;
            }
            if let Some(remainders) = self.remainders(m, captor, victim) {
                expanded.push((i - 1, remainders));
            }
        }
        // Replaced from the back, so that the indices before stay where they were.
        for (at, remainders) in expanded.into_iter().rev() {
            let m = Move { promotion: None, ..out[at] };
            out.splice(at..=at, remainders.into_iter().map(|r| Move { kind: MoveKind::Cancel(r), ..m }));
        }
    }

    /// Every remainder the capture `m` of `victim` by `captor` may leave, where it cancels
    /// (both pieces have a value).
    fn remainders(&self, m: Move, captor: Piece, victim: Piece) -> Option<Vec<Remainder>> {
        let table = &self.variant().modules.cancellation;
        let (mine, theirs) = (table.value(captor.kind), table.value(victim.kind));
        if mine == 0 || theirs == 0 {
            return None;
        }
        let owner = if mine > theirs { captor.color } else { victim.color };
        let flag = mine < theirs;
        let levels = table.split(mine.abs_diff(theirs));
        let victim_kind = match table.lower_to_hand {
            true => (victim.kind.0 + 1) | if victim.promoted { Remainder::PROMOTED } else { 0 },
            false => 0,
        };
        let Some((first, rest)) = levels.split_first() else {
            return Some(vec![Remainder::nothing(flag, victim_kind)]);
        };
        // The first piece on the capture square, where it may stand.
        let targets: Vec<u8> = first.iter().filter(|&&k| self.may_stand(owner, k, m.to)).map(|k| k.0 + 1).collect();
        let targets = if targets.is_empty() { vec![0] } else { targets };
        // The cells beside it, vacant once both pieces have left.
        let g = &self.variant().geometry;
        let cells: Vec<(u8, Square)> = AROUND
            .iter()
            .enumerate()
            .filter_map(|(i, &(dx, dy))| g.offset(m.to, dx, dy).map(|sq| (i as u8, sq)))
            .filter(|&(_, sq)| sq == m.from || (self.piece_at(sq).is_none() && !self.is_wall(sq)))
            .collect();
        let placings = self.remainder_placings(owner, rest, &cells);
        let mut out = Vec::with_capacity(targets.len() * placings.len());
        for &target in &targets {
            for placing in &placings {
                let mut r = Remainder {
                    target,
                    beside: [0; BESIDE],
                    cells: if flag { Remainder::THEIRS } else { 0 },
                    victim: victim_kind,
                };
                for (slot, put) in placing.iter().enumerate() {
                    r.beside[slot] = put.kind.0 + 1;
                    r.cells |= put.around << (3 * slot);
                }
                out.push(r);
            }
        }
        Some(out)
    }

    /// The ways to place the pieces of `levels` (one piece a level, the owner choosing its
    /// kind) on distinct `cells`, as many as fit: each way its pieces in the order of their
    /// cells, each set of pieces on cells once.
    fn remainder_placings(&self, owner: Color, levels: &[Level], cells: &[(u8, Square)]) -> Vec<Vec<Put>> {
        let mut ways: Vec<Vec<Put>> = Vec::new();
        let mut best = 0;
        // Each level's piece: a kind on a cell, or not placed.
        fn walk(
            pos: &Position,
            owner: Color,
            levels: &[Level],
            cells: &[(u8, Square)],
            way: &mut Vec<Put>,
            found: &mut dyn FnMut(&[Put]),
        ) {
            let Some((level, rest)) = levels.split_first() else {
                found(way);
                return;
            };
            walk(pos, owner, rest, cells, way, found);
            for &kind in level.iter() {
                for &(around, sq) in cells {
                    if way.iter().any(|p| p.around == around) || !pos.may_stand(owner, kind, sq) {
                        continue;
                    }
                    way.push(Put { kind, around });
                    walk(pos, owner, rest, cells, way, found);
                    way.pop();
                }
            }
        }
        let mut way = Vec::with_capacity(BESIDE);
        walk(self, owner, levels, cells, &mut way, &mut |found: &[Put]| {
            if found.len() < best {
                return;
            }
            if found.len() > best {
                best = found.len();
                ways.clear();
            }
            let mut sorted = found.to_vec();
            sorted.sort_by_key(|p| p.around);
            if !ways.contains(&sorted) {
                ways.push(sorted);
            }
        });
        ways
    }

    /// Whether a piece of `owner` and `kind` may be placed on `sq`: a pawn not on the first
    /// or last rank, no piece where it could never move (shogi's pawn, lance and knight).
    fn may_stand(&self, owner: Color, kind: Kind, sq: Square) -> bool {
        let v = self.variant();
        if v.modules.stuck.at(kind, owner, sq) {
            return false;
        }
        if !v.kind(kind).spec.pawn {
            return true;
        }
        let depth = v.depth(owner, sq);
        depth != 0 && depth + 1 != v.depth_len(owner)
    }

    /// [`super::Hook::AfterAction`]: the captor leaves the capture square of `m` and the
    /// remainder's pieces are placed; en passant, both pawns leave. Where the lower-valued
    /// piece goes to its opponent's hand (Cancellation Shogi), the hands are put right: the
    /// reserve's capture gave the captor the piece captured. How many changes.
    #[inline(never)]
    pub(in crate::rules) fn cancel(&mut self, m: Move) -> u8 {
        let remainder = match m.kind {
            MoveKind::Cancel(r) => r,
            MoveKind::EnPassant { .. } => Remainder::nothing(false, 0),
            _ => return 0,
        };
        let Some(captor) = self.piece_at(m.to) else { return 0 };
        let owner = if remainder.theirs() { captor.color.other() } else { captor.color };
        self.remove_piece(m.to);
        let mut changes = 1;
        if let Some(victim) = remainder.victim(captor.color.other()) {
            let table = &self.variant().modules.cancellation;
            let (mine, theirs) = (table.value(captor.kind), table.value(victim.kind));
            if mine < theirs
                && let Some(kind) = self.hand_kind(victim)
            {
                // The captured piece was worth more: it leaves for good, not to the hand.
                self.hand_change(captor.color, kind, false);
                changes += 1;
            }
            if mine <= theirs
                && let Some(kind) = self.hand_kind(captor)
            {
                // The capturing piece is the lower-valued (or as low): its opponent takes it.
                self.hand_change(victim.color, kind, true);
                changes += 1;
            }
        }
        if let Some(kind) = remainder.on_target() {
            self.add_piece(m.to, Piece::new(owner, kind));
            changes += 1;
        }
        for (kind, (dx, dy)) in remainder.beside() {
            if let Some(sq) = self.variant().geometry.offset(m.to, dx, dy) {
                self.add_piece(sq, Piece::new(owner, kind));
                changes += 1;
            }
        }
        changes
    }

    /// The remainder's pieces of the cancellation `m` as the dialect writes them after the
    /// capture square: `=B` for the capture square, `&Pc5` for each piece beside it, in lower
    /// case where they are Black's (`=r&bd4`), as FEN writes Black's pieces. `m` is a move of
    /// this position.
    pub fn remainder_text(&self, m: Move) -> String {
        let MoveKind::Cancel(r) = m.kind else { return String::new() };
        let v = self.variant();
        let black = self.remainder_owner(m) == Some(Color::Black);
        let letter = |k: Kind| crate::rules::variant::letter_text(v.kind(k).spec.letter, black);
        let mut text = String::new();
        if let Some(k) = r.on_target() {
            text.push('=');
            text.push_str(&letter(k));
        }
        for (k, (dx, dy)) in r.beside() {
            if let Some(sq) = v.geometry.offset(m.to, dx, dy) {
                text.push('&');
                text.push_str(&letter(k));
                text.push_str(&self.fen_square(sq).to_string());
            }
        }
        text
    }

    /// Whose pieces the remainder of the cancellation `m`, a move of this position, places.
    pub fn remainder_owner(&self, m: Move) -> Option<Color> {
        let MoveKind::Cancel(r) = m.kind else { return None };
        let captor = self.piece_at(m.from)?.color;
        Some(if r.theirs() { captor.other() } else { captor })
    }

    /// Among the cancellations `moves` (one capture's choices), the one leaving `target` on
    /// the capture square and exactly the pieces of `beside` next to it, written as kinds and
    /// cells.
    pub fn cancellation_written(
        &self,
        moves: &[Move],
        target: Option<Kind>,
        beside: &[(Kind, Square)],
    ) -> Option<Move> {
        let g = &self.variant().geometry;
        moves.iter().copied().find(|m| {
            let MoveKind::Cancel(r) = m.kind else { return false };
            let placed: Vec<(Kind, Square)> =
                r.beside().filter_map(|(k, (dx, dy))| g.offset(m.to, dx, dy).map(|sq| (k, sq))).collect();
            r.on_target() == target
                && placed.len() == beside.len()
                && beside.iter().all(|b| placed.contains(b))
                && placed.iter().all(|p| beside.contains(p))
        })
    }

    /// What a cancellation capture of the piece on `to` by the piece on `from` leaves, in
    /// words, for a refusal: `the remainder 9 - 5 = 4 is White's: a bishop or knight on d4, then
    /// a pawn on a vacant square next to it`. `None` where the capture does not cancel.
    pub fn remainder_words(&self, from: Square, to: Square) -> Option<String> {
        let (captor, victim) = (self.piece_at(from)?, self.piece_at(to)?);
        let table = &self.variant().modules.cancellation;
        let (mine, theirs) = (table.value(captor.kind), table.value(victim.kind));
        if mine == 0 || theirs == 0 {
            return None;
        }
        let (high, low) = (mine.max(theirs), mine.min(theirs));
        let owner = if mine > theirs { captor.color } else { victim.color };
        let who = if owner == Color::White { "White's" } else { "Black's" };
        let v = self.variant();
        let names = |level: &Level| {
            let names: Vec<&str> = level.iter().map(|&k| v.kind(k).spec.name.as_str()).collect();
            match names.split_last() {
                Some((last, [])) => (*last).to_owned(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            }
        };
        let levels = table.split(high - low);
        let square = self.fen_square(to);
        let mut words = format!("the remainder {high} - {low} = {} is {who}", high - low);
        match levels.split_first() {
            None => words = format!("the values {high} and {low} cancel: nothing is placed"),
            Some((first, rest)) => {
                match first.iter().any(|&k| self.may_stand(owner, k, to)) {
                    true => words.push_str(&format!(": a {} on {square}", names(first))),
                    false => {
                        words.push_str(&format!(": a {}, which cannot stand on {square} and is lost", names(first)))
                    }
                }
                for level in rest {
                    words.push_str(&format!(", a {} on a vacant square next to it", names(level)));
                }
            }
        }
        Some(words)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::rules::position::{Move, MoveKind, Position};
    use crate::rules::variant::Variant;

    fn variant(queen: u32) -> Arc<Variant> {
        let text = format!(
            "name: q\nparent: Cancellation Chess\npieces:\n  - {{ letter: Q, name: queen, betza: Q, value: {queen} }}\n"
        );
        let catalogue = crate::variants::Catalogue::with_text("q.yaml", text).unwrap_or_else(|e| panic!("{e}"));
        catalogue.find(Some("q")).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The SAN texts of the legal captures of `from` to `to`, sorted.
    fn captures(fen: &str, queen: u32, from: &str, to: &str) -> Vec<String> {
        let mut p = Position::from_fen_text(&variant(queen), fen).unwrap_or_else(|e| panic!("{e}"));
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        moves.retain(|m: &Move| p.fen_square(m.from).to_string() == from && p.fen_square(m.to).to_string() == to);
        let mut texts: Vec<String> = moves.into_iter().map(|m| crate::replay::san(&mut p, m)).collect();
        texts.sort();
        texts
    }

    #[test]
    fn the_queen_taking_the_rook_leaves_a_minor_piece_and_a_pawn_beside_it() {
        // The seed's first example: White's Q a1 takes Black's R d4.
        let found = captures("8/7k/8/8/3r4/8/8/Q6K w - - 0 1", 9, "a1", "d4");
        let mut expected = Vec::new();
        for minor in ['B', 'N'] {
            for cell in ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"] {
                expected.push(format!("Qxd4={minor}&P{cell}"));
            }
        }
        expected.sort();
        assert_eq!(found, expected);
    }

    #[test]
    fn the_pawn_taking_the_queen_leaves_black_a_rook_and_a_minor_piece() {
        // The seed's second example: White's P d4 takes Black's Q e5; Black places.
        let found = captures("7k/8/8/4q3/3P4/8/8/7K w - - 0 1", 9, "d4", "e5");
        // Eight cells, two pieces; a bishop on d5 or e4 would attack White's king on h1.
        assert_eq!(found.len(), 14, "{found:?}");
        assert!(!found.contains(&"dxe5=r&bd5".to_owned()) && !found.contains(&"dxe5=r&be4".to_owned()));
        assert!(found.contains(&"dxe5=r&bd4".to_owned()), "the pawn's cell is vacant: {found:?}");
        assert!(found.contains(&"dxe5=r&nf6".to_owned()));
        let mut p = Position::from_fen_text(&variant(9), "7k/8/8/4q3/3P4/8/8/7K w - - 0 1").unwrap();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let m = moves.iter().copied().find(|m| crate::replay::san(&mut p, *m) == "dxe5=r&bd4").unwrap();
        p.play(m);
        assert_eq!(p.fen(), "7k/8/8/4r3/3b4/8/8/7K b - - 0 1");
    }

    #[test]
    fn a_queen_of_ten_leaves_a_pawn_more_in_the_second_example_and_a_rook_in_the_first() {
        let found = captures("7k/8/8/4q3/3P4/8/8/7K w - - 0 1", 10, "d4", "e5");
        assert!(found.contains(&"dxe5=r&bd4&pf6".to_owned()), "{found:?}");
        assert!(found.iter().all(|t| t.matches('&').count() == 2), "{found:?}");
        assert_eq!(captures("7k/8/8/8/3r4/8/8/Q6K w - - 0 1", 10, "a1", "d4"), ["Qxd4=R"]);
    }

    #[test]
    fn equal_values_cancel_and_the_king_captures_as_in_chess() {
        assert_eq!(captures("7k/8/8/3n4/8/8/B7/7K w - - 0 1", 9, "a2", "d5"), ["Bxd5"]);
        let mut p = Position::from_fen_text(&variant(9), "7k/8/8/3n4/8/8/B7/7K w - - 0 1").unwrap();
        let mut moves = Vec::new();
        p.legal_moves(&mut moves);
        let m = moves.iter().copied().find(|m| m.capture).unwrap();
        assert!(matches!(m.kind, MoveKind::Cancel(_)));
        p.play(m);
        assert_eq!(p.fen(), "7k/8/8/8/8/8/8/7K b - - 0 1");
        assert_eq!(captures("7k/8/8/8/8/8/6r1/7K w - - 0 1", 9, "h1", "g2"), ["Kxg2"]);
    }

    #[test]
    fn a_pawn_is_never_placed_on_the_first_or_last_rank() {
        // A rook takes a bishop on b8: 2 is two pawns, White's; the first would stand on b8.
        let found = captures("1b5k/8/8/8/8/8/8/1R5K w - - 0 1", 9, "b1", "b8");
        let mut expected: Vec<String> = ["a7", "b7", "c7"].iter().map(|c| format!("Rxb8&P{c}")).collect();
        expected.sort();
        assert_eq!(found, expected);
    }

    #[test]
    fn placements_never_leave_the_movers_king_attacked() {
        // The black rook White's pawn leaves on e5 checks the king on e1 unless Black's minor
        // piece stands between them: that is Black's only choice.
        assert_eq!(captures("7k/8/8/4q3/3P4/8/8/4K3 w - - 0 1", 9, "d4", "e5"), ["dxe5=r&be4", "dxe5=r&ne4"]);
        // With the king next to the queen nothing can stand between: the capture is illegal.
        assert!(captures("7k/8/8/4q3/3PK3/8/8/8 w - - 0 1", 9, "d4", "e5").is_empty());
    }

    /// Cancellation joined by a user's file to Crazyhouse's reserve (captured pieces to hand):
    /// random games play, and every position's shortcuts, FEN and undo agree with the slow ways.
    #[test]
    fn cancellation_joins_other_modules_without_breaking_a_position() {
        let text = "name: cancelhouse\nparent: crazyhouse\nmodules:\n  - { name: captures-to-hand }\n  - { name: drops }\n  - { name: cancellation }\n";
        let catalogue = crate::variants::Catalogue::with_text("mix.yaml", text).unwrap_or_else(|e| panic!("{e}"));
        let variant = catalogue.find(Some("cancelhouse")).unwrap_or_else(|e| panic!("{e}"));
        let mut random = crate::rules::random::XorShift::new(26);
        let mut moves = Vec::new();
        let mut cancelled = 0;
        for _ in 0..20 {
            let mut p = Position::start(&variant).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..120 {
                p.check_shortcuts().unwrap_or_else(|e| panic!("{e}"));
                moves.clear();
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let m = moves[random.below(moves.len())];
                let (before, key) = (p.fen(), p.key());
                let undo = p.play(m);
                let again = Position::from_fen_text(&variant, &p.fen()).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(again.key(), p.key(), "{m:?} from {before}");
                p.undo(m, undo);
                assert_eq!((p.fen(), p.key()), (before, key), "{m:?} is not taken back");
                cancelled += usize::from(matches!(m.kind, MoveKind::Cancel(_)));
                p.play(m);
            }
        }
        assert!(cancelled > 100, "only {cancelled} cancellations");
    }
}
