//! The canonical writer: one text for every record.
//!
//! For an orthodox game the text is PGN export format: the seven tag roster first, then the
//! other tags in ASCII order; an empty line; movetext in lines of at most 79 characters
//! with single spaces between tokens; a white move always numbered (`12.`), a black move
//! numbered (`12...`) only where the standard says: first in the game or in a variation, or
//! after a comment, NAG or variation; suffix annotations as NAGs; an empty line after
//! the game. The dialect's other tokens are written in their one canonical form (see
//! notation/SPEC.md). Reading the text back gives the same record, and writing that record
//! gives the same bytes.
//!
//! The tree is walked with an explicit stack, so nesting depth is not limited by the call
//! stack.

use super::parse::{move_number, start_of};
use crate::record::{
    Action, ActionKind, CastleSide, Check, Comment, Game, Gate, Move, Nag, NodeId, PieceAt, PieceLetter, Seat,
    SquareName, tags_in_export_order, write_file,
};

/// The longest line the writer produces, unless a single token is longer.
pub const MAX_LINE: usize = 79;

/// How moves are spelled: the canonical form, or coordinates as UCI spells them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// The canonical form: a promotion is `=Q`.
    #[default]
    Canonical,
    /// A move written with both coordinates of its origin and no piece letter promotes with
    /// the piece's letter in lower case and no `=` (`e7e8q`), as UCI writes it; the rest is
    /// canonical. `arbiter convert --to uci` writes so.
    Uci,
}

/// Writes `game` in canonical form, ending with an empty line.
pub fn write_game(game: &Game) -> String {
    write_game_as(game, Style::Canonical)
}

/// Writes `game` in `style`, ending with an empty line.
pub fn write_game_as(game: &Game, style: Style) -> String {
    let mut out = String::new();
    for escape in &game.escapes {
        out.push('%');
        out.push_str(&escape.text);
        out.push('\n');
    }
    for comment in &game.prelude {
        let mut lines = Lines::new(&mut out);
        lines.comment(comment);
        lines.finish();
    }
    for tag in tags_in_export_order(&game.tags) {
        out.push('[');
        out.push_str(&tag.name);
        out.push_str(" \"");
        push_escaped(&mut out, &tag.value);
        out.push_str("\"]\n");
    }
    out.push('\n');
    let mut lines = Lines::new(&mut out);
    movetext(game, style, &mut lines);
    lines.unit(game.outcome.as_str());
    for comment in &game.trailing {
        lines.comment(comment);
    }
    lines.finish();
    out.push('\n');
    out
}

/// Pushes a tag's value with `\` before each `"` and `\`, copying the runs between them whole.
fn push_escaped(out: &mut String, value: &str) {
    let mut rest = value;
    // Both are ASCII, so never part of another character: every cut is at a character.
    while let Some(at) = rest.bytes().position(|b| matches!(b, b'"' | b'\\')) {
        out.push_str(&rest[..at]);
        out.push('\\');
        out.push_str(&rest[at..=at]);
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// Appends the canonical text of one action to `out`.
pub fn write_action(out: &mut String, action: &Action) {
    write_action_as(out, action, action.board, Style::Canonical);
}

/// Appends the text of one action in `style` to `out`.
pub fn write_action_in(out: &mut String, action: &Action, style: Style) {
    write_action_as(out, action, action.board, style);
}

/// Appends the text of one action in `style` to `out`, with the prefix of `board` in place of
/// the action's own (a BPGN turn's seat names the board, and no action writes it).
///
/// Every token is pushed a character at a time, as the `Display` of its type writes it:
/// `core::fmt` costs many times more than the one or two characters most tokens have.
fn write_action_as(out: &mut String, action: &Action, board: Option<u8>, style: Style) {
    // The first board needs no number (the reader reads `1:e4` as `e4`).
    if let Some(board) = board.filter(|&b| b != 1) {
        push_number(out, u32::from(board));
        out.push(':');
    }
    match &action.kind {
        ActionKind::Move(m) => write_move(out, m, style),
        ActionKind::Castle { side, gate } => {
            out.push_str(match side {
                CastleSide::King => "O-O",
                CastleSide::Queen => "O-O-O",
            });
            write_gate(out, *gate);
        }
        ActionKind::Drop { piece, to } => {
            push_piece(out, *piece, false);
            out.push('@');
            push_square(out, *to);
        }
        ActionKind::Wall { at } => {
            out.push('*');
            push_square(out, *at);
        }
        ActionKind::Swap { first, second } => {
            write_piece_at(out, *first);
            out.push_str("<>");
            write_piece_at(out, *second);
        }
        ActionKind::Pass => out.push_str("--"),
        ActionKind::Bank { piece, from } => {
            write_piece_at(out, PieceAt { piece: *piece, at: *from });
            out.push('@');
        }
        ActionKind::Gift { piece, from } => {
            write_piece_at(out, PieceAt { piece: *piece, at: *from });
            out.push('>');
        }
        ActionKind::RemoveBlocked { first, second } => {
            push_square(out, *first);
            out.push_str("><");
            push_square(out, *second);
        }
    }
    out.push_str(match action.check {
        Check::None => "",
        Check::Check => "+",
        Check::Mate => "#",
    });
}

fn write_piece_at(out: &mut String, p: PieceAt) {
    if let Some(piece) = p.piece {
        push_piece(out, piece, false);
    }
    push_square(out, p.at);
}

fn write_move(out: &mut String, m: &Move, style: Style) {
    if let Some(piece) = m.piece {
        push_piece(out, piece, false);
    }
    if let Some(file) = m.from_file {
        let _ = write_file(out, file);
    }
    if let Some(rank) = m.from_rank {
        push_rank(out, rank);
    }
    if m.capture {
        out.push('x');
    }
    push_square(out, m.to);
    let coordinates = m.piece.is_none() && m.from_file.is_some() && m.from_rank.is_some();
    match m.becomes {
        // (A letter written in lower case after `=` keeps `=` and its case: it says whose.)
        Some(becomes) if style == Style::Uci && coordinates && !m.becomes_lower => {
            push_piece(out, becomes, true);
        }
        Some(becomes) => {
            out.push('=');
            push_piece(out, becomes, m.becomes_lower);
        }
        None => {}
    }
    for p in &m.placements {
        out.push('&');
        push_piece(out, p.piece, p.lower);
        push_square(out, p.at);
    }
    write_gate(out, m.gate);
}

fn write_gate(out: &mut String, gate: Option<Gate>) {
    if let Some(gate) = gate {
        out.push('/');
        push_piece(out, gate.piece, false);
        if let Some(at) = gate.at {
            push_square(out, at);
        }
    }
}

/// Pushes a piece letter as its `Display` writes it (`N`, `+P`), or as
/// [`PieceLetter::cased`] writes it in lower case where `lower` (`n`, `+p`).
fn push_piece(out: &mut String, piece: PieceLetter, lower: bool) {
    if piece.is_promoted() {
        out.push('+');
    }
    out.push(if lower { piece.char().to_ascii_lowercase() } else { piece.char() });
}

/// Pushes a square's name as its `Display` writes it: the file (`a`, `a'` past `z`) by
/// [`write_file`], then the rank.
fn push_square(out: &mut String, square: SquareName) {
    let _ = write_file(out, square.file);
    push_rank(out, square.rank);
}

/// Pushes a rank's name as [`crate::record::write_rank`] writes it: the rank counted from 1,
/// in decimal (`1`, `14`, `256`).
fn push_rank(out: &mut String, rank: u8) {
    push_number(out, u32::from(rank) + 1);
}

/// Pushes `n` in decimal, as `{n}` formats it: move numbers, NAGs, ranks, boards and casts.
#[inline]
pub(super) fn push_number(out: &mut String, n: u32) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    // Digits from the last: `u32::MAX` has ten.
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    let mut rest = n;
    while rest > 0 {
        start -= 1;
        digits[start] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    for &digit in &digits[start..] {
        out.push(char::from(digit));
    }
}

/// Appends a turn's move number as export format writes it: always before a white move
/// (`12. `), before a black move (`12... `) only where it is `numbered` (first in its line, or
/// after a comment, NAG or variation).
#[inline]
pub(super) fn push_move_number(out: &mut String, number: u32, white: bool, numbered: bool) {
    if white || numbered {
        push_number(out, number);
        out.push_str(if white { ". " } else { "... " });
    }
}

/// Text of a turn: its actions joined by `,`.
pub fn write_turn(out: &mut String, actions: &[Action]) {
    write_turn_as(out, actions, false, Style::Canonical);
}

/// Appends a turn's actions in `style`, each without its board's prefix where `seated` (the
/// turn's BPGN seat names the board).
fn write_turn_as(out: &mut String, actions: &[Action], seated: bool, style: Style) {
    for (i, action) in actions.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_action_as(out, action, if seated { None } else { action.board }, style);
    }
}

/// Work left on the stack while walking the tree.
enum Step {
    /// Write this turn and go on with its line.
    Turn {
        node: NodeId,
        ply: u32,
        first_in_line: bool,
        /// The turns of each BPGN seat along the line before this one.
        seats: SeatTurns,
    },
    Open,
    Close,
}

/// How many turns each BPGN seat of boards A and B has played along a line: a seated turn's
/// number ([`Game::seat_number`]) counted as the walk goes down the tree, rather than by
/// walking back to the first turn from every turn.
#[derive(Clone, Copy, Default)]
struct SeatTurns([u32; 4]);

impl SeatTurns {
    /// `seat`'s place in the counts: `None` for a seat past board B, which BPGN does not
    /// write.
    fn slot(seat: Seat) -> Option<usize> {
        matches!(seat.board, 1 | 2).then(|| usize::from(seat.board - 1) * 2 + usize::from(!seat.white))
    }
}

fn movetext(game: &Game, style: Style, lines: &mut Lines<'_>) {
    let start = start_of(game);
    let root = game.root();
    let mut text = String::new();
    for &nag in &root.nags {
        write_nag(&mut text, nag);
        lines.unit(&text);
    }
    for comment in &root.comments {
        lines.comment(comment);
    }
    let mut stack: Vec<Step> = Vec::new();
    if let Some(first) = root.main_child() {
        stack.push(Step::Turn { node: first, ply: 0, first_in_line: true, seats: SeatTurns::default() });
    }
    // Whether the next black move needs its number: something stands between it and the
    // white move before it.
    let mut interrupted = true;
    while let Some(step) = stack.pop() {
        let (id, ply, first_in_line, seats) = match step {
            Step::Open => {
                lines.open();
                continue;
            }
            Step::Close => {
                lines.close();
                interrupted = true;
                continue;
            }
            Step::Turn { node, ply, first_in_line, seats } => (node, ply, first_in_line, seats),
        };
        let node = game.node(id);
        for comment in &node.comments_before {
            lines.comment(comment);
        }
        let (number, white) = move_number(start, ply);
        text.clear();
        let mut seats_after = seats;
        if let Some(seat) = node.turn.seat {
            // BPGN: every turn numbered by its board and color, the count of that player's
            // turns along the line.
            let number = match SeatTurns::slot(seat) {
                Some(slot) => {
                    seats_after.0[slot] = seats.0[slot].saturating_add(1);
                    seats_after.0[slot]
                }
                None => game.seat_number(id).unwrap_or(1),
            };
            push_number(&mut text, number);
            text.push(seat.letter());
            text.push_str(". ");
        } else {
            let numbered = interrupted || first_in_line || node.turn.cast.is_some() || !node.comments_before.is_empty();
            push_move_number(&mut text, number, white, numbered);
        }
        if let Some(cast) = node.turn.cast {
            text.push('<');
            push_number(&mut text, u32::from(cast));
            text.push_str("> ");
        }
        // A seat names the board: no action carries its prefix.
        write_turn_as(&mut text, &node.turn.actions, node.turn.seat.is_some(), style);
        lines.unit(&text);
        interrupted = false;
        for &nag in &node.nags {
            write_nag(&mut text, nag);
            lines.unit(&text);
            interrupted = true;
        }
        for comment in &node.comments {
            lines.comment(comment);
            interrupted = true;
        }
        // The continuation comes after this turn's alternatives, which only the main move
        // of a position writes (an alternative's own siblings are written by that main move).
        if let Some(next) = node.main_child() {
            stack.push(Step::Turn { node: next, ply: ply + 1, first_in_line: false, seats: seats_after });
        }
        let is_main = node.parent().is_some_and(|p| game.node(p).main_child() == Some(id));
        if is_main {
            // Each alternative is `Open`, its line, `Close`, and the first is taken off the
            // stack first: pushed in their order, then the steps pushed reversed in place.
            let pushed = stack.len();
            let mut alternative = node.next_sibling();
            while let Some(sibling) = alternative {
                stack.push(Step::Open);
                stack.push(Step::Turn { node: sibling, ply, first_in_line: true, seats });
                stack.push(Step::Close);
                alternative = game.node(sibling).next_sibling();
            }
            stack[pushed..].reverse();
        }
    }
}

/// Writes a NAG (`$14`) into `text`, in place of what it held.
fn write_nag(text: &mut String, nag: Nag) {
    text.clear();
    text.push('$');
    push_number(text, u32::from(nag.0));
}

/// Movetext being laid out in lines of at most [`MAX_LINE`] characters, written straight
/// into the output: the line being laid out is the end of `out`, and a unit is copied once.
pub(super) struct Lines<'a> {
    out: &'a mut String,
    /// Characters in the line being laid out (none: the line is empty).
    width: usize,
    /// Opening parentheses waiting to join the next unit.
    opened: usize,
    /// The line ends after the current content (after a `;` comment).
    must_break: bool,
}

impl<'a> Lines<'a> {
    /// Lines that start at the end of `out`, where a line starts.
    pub(super) fn new(out: &'a mut String) -> Lines<'a> {
        Lines { out, width: 0, opened: 0, must_break: false }
    }

    fn break_line(&mut self) {
        self.out.push('\n');
        self.width = 0;
        self.must_break = false;
    }

    /// Adds an unbreakable piece of text (with the parentheses opened before it).
    pub(super) fn unit(&mut self, text: &str) {
        self.unit_between("", text, "");
    }

    /// Adds `before`, `text` and `after` as one unbreakable piece, without joining them into
    /// a `String` first: the words of a comment are written so. `before` and `after` are
    /// ASCII.
    fn unit_between(&mut self, before: &str, text: &str, after: &str) {
        if self.must_break {
            self.break_line();
        }
        let added = self.opened + before.len() + width(text) + after.len();
        if self.width > 0 && self.width + 1 + added > MAX_LINE {
            self.break_line();
        }
        if self.width > 0 {
            self.out.push(' ');
            self.width += 1;
        }
        for _ in 0..self.opened {
            self.out.push('(');
        }
        self.opened = 0;
        // (Nearly every unit has no `before` or no `after`: no copy of nothing.)
        for part in [before, text, after] {
            if !part.is_empty() {
                self.out.push_str(part);
            }
        }
        self.width += added;
    }

    fn open(&mut self) {
        self.opened += 1;
    }

    fn close(&mut self) {
        if self.must_break || self.width + 1 > MAX_LINE {
            self.break_line();
        }
        self.out.push(')');
        self.width += 1;
    }

    /// Adds a comment: `{ first`, each word, `last }` as units of their own, so that a long
    /// comment is broken between its words; `;` and the text where it holds a `}`.
    fn comment(&mut self, comment: &Comment) {
        let text = &comment.text;
        if text.contains('}') {
            // A brace comment cannot hold '}': the rest-of-line form can.
            self.unit_between("; ", text, "");
            self.must_break = true;
            return;
        }
        self.comment_words(Words(text));
    }

    /// Adds a `{...}` comment of `words`, which hold neither white space nor `}`.
    pub(super) fn comment_words<'w>(&mut self, mut words: impl Iterator<Item = &'w str>) {
        let Some(mut word) = words.next() else {
            self.unit("{}");
            return;
        };
        let mut before = "{ ";
        for next in words {
            self.unit_between(before, word, "");
            before = "";
            word = next;
        }
        self.unit_between(before, word, " }");
    }

    /// Ends the last line.
    pub(super) fn finish(mut self) {
        if self.width > 0 {
            self.break_line();
        }
    }
}

/// The words of a comment: its text split at spaces, empty pieces left out, as
/// `split(' ').filter(|w| !w.is_empty())` gives them, but found by looking at each byte
/// rather than by a call to `memchr` a word, which costs more than a short word does.
struct Words<'t>(&'t str);

impl<'t> Iterator for Words<'t> {
    type Item = &'t str;

    fn next(&mut self) -> Option<&'t str> {
        // A space is one byte and a character of its own: every cut is at a character.
        let start = self.0.bytes().position(|b| b != b' ')?;
        let text = &self.0[start..];
        let end = text.bytes().position(|b| b == b' ').unwrap_or(text.len());
        let (word, rest) = text.split_at(end);
        self.0 = rest;
        Some(word)
    }
}

/// The characters in `text`: its length where it is ASCII, as a move or a word of a comment
/// nearly always is, without counting them one by one.
fn width(text: &str) -> usize {
    if text.is_ascii() { text.len() } else { text.chars().count() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::Limits;
    use crate::dialect::parse::{parse_game, parse_game_with};

    /// `convert --to uci` wrote `b7a8=Q`, which is not UCI: the style keeps the record and
    /// spells its promotions as UCI does.
    #[test]
    fn uci_style_writes_promotions_in_lower_case_without_equals() {
        let game = parse_game("1. e2e4 d7d5 2. e4d5 c7c6 3. d5c6 g8f6 4. c6b7 e7e6 5. b7a8q Nf6d5 6. e1e2 *")
            .game
            .unwrap_or_default();
        let uci = write_game_as(&game, Style::Uci);
        assert!(uci.contains("5. b7a8q Nf6d5"), "{uci}");
        assert!(write_game(&game).contains("5. b7a8=Q Nf6d5"));
        // Read back, the same record; a piece's promotion (Shogi-like) and SAN keep `=`.
        let back = parse_game(&uci).game.unwrap_or_default();
        assert_eq!(write_game(&back), write_game(&game));
        let san = parse_game("1. e8=Q Nxd8=B *").game.unwrap_or_default();
        assert!(write_game_as(&san, Style::Uci).contains("1. e8=Q Nxd8=B"));
    }

    /// The canonical text, with no bound on the nesting of variations.
    fn canonical(text: &str) -> String {
        match parse_game_with(text, &Limits { depth: usize::MAX, ..Limits::default() }).game {
            Some(game) => write_game(&game),
            None => panic!("{text}: {:?}", parse_game(text).diagnostics),
        }
    }

    #[test]
    fn export_format_to_the_letter() {
        let text = "[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n[Round \"29\"]\n[Result \"1/2-1/2\"]\n[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[Date \"1992.11.04\"]\n[ECO \"C95\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {This opening is called the Ruy Lopez.} 3... a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 42. g4 Bd3 43. Re6 1/2-1/2\n";
        let out = canonical(text);
        let expected = "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[Date \"1992.11.04\"]\n[Round \"29\"]\n[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n[Result \"1/2-1/2\"]\n[ECO \"C95\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bb5 { This opening is called the Ruy Lopez. } 3... a6\n\
4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n\
11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5\n\
Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5\n\
Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ 26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5\n\
29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 34. Kf2 Bf5 35. Ra7\n\
g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2\n\
42. g4 Bd3 43. Re6 1/2-1/2\n\n";
        assert_eq!(out, expected);
        assert_eq!(canonical(&out), out);
    }

    #[test]
    fn black_numbers_follow_interruptions() {
        let out = canonical("1. e4 $1 e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 {c} a6 *");
        assert!(out.contains("1. e4 $1 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 { c } 3... a6 *"), "{out}");
    }

    #[test]
    fn comments_with_a_closing_brace_become_line_comments() {
        let text = "1. e4 ; a } b\n e5 *";
        let out = canonical(text);
        assert!(out.contains("1. e4 ; a } b\n1... e5 *"), "{out}");
        assert_eq!(canonical(&out), out);
    }

    #[test]
    fn lines_stay_under_eighty_columns() {
        let words = "word ".repeat(200);
        let out = canonical(&format!("1. e4 {{{words}}} (1. d4 {{{words}}} 1... d5) *"));
        assert!(out.lines().all(|l| l.chars().count() <= MAX_LINE), "{out}");
        assert_eq!(canonical(&out), out);
    }

    /// A BPGN turn's number counts its seat's turns along its own line, variations included,
    /// and its actions carry no board prefix.
    #[test]
    fn bpgn_numbers_count_along_each_line() {
        let text = "[Variant \"Bughouse\"]\n\n1A. e4 1B. d4 1a. e5 2A. Nf3 (2A. Nc3 2a. Nc6 3A. Bc4 (3A. d3 2b. Nf6) \
                    2B. c4) 1b. d5 2a. Nc6 2B. c4 3A. Bb5 2b. P@e4 3B. 2:Nc3 *";
        let out = canonical(text).replace('\n', " ");
        let expected = "1A. e4 1B. d4 1a. e5 2A. Nf3 (2A. Nc3 2a. Nc6 3A. Bc4 (3A. d3 1b. Nf6) 2B. c4) 1b. d5 2a. Nc6 \
                        2B. c4 3A. Bb5 2b. P@e4 3B. Nc3 *";
        assert!(out.contains(expected), "{out}");
    }

    /// What the writer pushes a character at a time is what `Display` writes: every square
    /// of the largest board (files past `z`, ranks past 9), every letter, numbers of every
    /// length.
    #[test]
    fn pushed_tokens_are_their_display() {
        let mut out = String::new();
        for file in 0..=u8::MAX {
            for rank in 0..=u8::MAX {
                out.clear();
                push_square(&mut out, SquareName::new(file, rank));
                assert_eq!(out, SquareName::new(file, rank).to_string());
            }
        }
        for letter in (b'A'..=b'Z').flat_map(PieceLetter::new) {
            for piece in [letter, letter.promoted()] {
                out.clear();
                push_piece(&mut out, piece, false);
                assert_eq!(out, piece.to_string());
                for lower in [false, true] {
                    out.clear();
                    push_piece(&mut out, piece, lower);
                    assert_eq!(out, piece.cased(lower));
                }
            }
        }
        for n in [0, 1, 9, 10, 99, 100, 255, 256, 65_535, 999_999_999, 1_000_000_000, u32::MAX] {
            out.clear();
            push_number(&mut out, n);
            assert_eq!(out, n.to_string());
        }
    }

    #[test]
    fn words_are_the_pieces_between_spaces() {
        for text in ["", " ", "  ", "a", " a  b ", "é ü", "a\tb c", "[%clk 0:03:00]", "x}y"] {
            let expected: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
            assert_eq!(Words(text).collect::<Vec<_>>(), expected, "{text:?}");
        }
    }

    #[test]
    fn deep_variations_write_without_recursion() {
        let depth = 100_000;
        // Each variation replaces the last move of the one around it: a tree 200,000 deep.
        let text = format!("e4 e5 {}{} *", "(e6 e7 ".repeat(depth), ")".repeat(depth));
        let out = canonical(&text);
        assert_eq!(canonical(&out), out);
    }
}
