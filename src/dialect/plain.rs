//! Plain reading: a game that says nothing but its moves, read straight from its text.
//!
//! Nearly every game of a real archive is plain: tag pairs, then numbered SAN moves, perhaps
//! `{...}` comments, and a standard result. [`read_plain`] reads such a game without building
//! its record: the tags a replay asks about are borrowed from the text, and the moves come one
//! turn at a time as small [`San`] values ([`PlainGame::next_turn`]), so that a replay can
//! judge the game while it is being read.
//!
//! Plain is narrower than the dialect, on purpose: a game reads plain only where
//! [`super::parse_game_with`] reads it without a single diagnostic and finds the same tags,
//! the same main line and the same result, and no other line. Anything else (a variation, a
//! NAG or annotation, an escape line, a leniency, a missing or repeated tag, a move number
//! that is not its turn's, a game without a result...) makes the reader answer
//! [`PlainStep::NotPlain`] or `None`, at whatever point it meets it, and the caller reads the
//! game whole. The unit tests, the orthodox-lane tests over every archive at hand and the
//! `parse` fuzz target hold the two readers to each other.

use super::Limits;
use super::lex;
use super::parse::{
    PlainNumber, forum_delimiter, move_number, move_number_token, plain_number, result_marker, start_of_fen,
};
use crate::record::{Action, ActionKind, CastleSide, Check, Move, Outcome, PieceLetter, Span, SquareName};

/// The most actions a turn read plain may have: the longest turn the orthodox lane plays, a
/// Checkers Chess chain of capturing jumps. A turn of more is read whole.
pub const MOST_ACTIONS: usize = 16;

/// The most tag pairs a game read plain may have (each is checked against the others for a
/// repeated name); a game with more is read whole.
pub(super) const MOST_TAGS: usize = 32;

/// An action of the forms the orthodox lane plays, as a small `Copy` value: a piece move in
/// SAN (or long algebraic with its piece letter), castling, or a drop; and its check mark.
/// Syntax only: which move it names is the replay's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct San {
    /// What the action does.
    pub kind: SanKind,
    /// `+` or `#` as written.
    pub check: Check,
}

/// What a [`San`] action does, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanKind {
    /// A piece moves, perhaps capturing: `Nbd7`, `exd5`, `e8=Q`, `Ng1f3`.
    Move {
        /// The piece letter; `None` for a pawn.
        piece: Option<PieceLetter>,
        /// The origin's file, where written.
        from_file: Option<u8>,
        /// The origin's rank, where written.
        from_rank: Option<u8>,
        /// `x` was written.
        capture: bool,
        /// The destination.
        to: SquareName,
        /// The piece a pawn promotes to.
        becomes: Option<PieceLetter>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastleSide),
    /// `N@f3`: a piece from the hand put on a square.
    Drop {
        /// The piece (a pawn where no letter was written).
        piece: PieceLetter,
        /// The square.
        to: SquareName,
    },
    /// `Nf3@`, `Pe4@`: a piece leaves the board for its owner's bank (Bank Chess).
    Bank {
        /// The piece letter (`P` for a pawn).
        piece: PieceLetter,
        /// Where it stood.
        from: SquareName,
    },
}

impl San {
    /// A value to fill a buffer of actions with before they are read.
    pub const BLANK: San = San { kind: SanKind::Castle(CastleSide::King), check: Check::None };

    /// The action, as the record holds it, read at `span`.
    pub fn to_action(self, span: Span) -> Action {
        let kind = match self.kind {
            SanKind::Move { piece, from_file, from_rank, capture, to, becomes } => ActionKind::Move(Move {
                piece,
                from_file,
                from_rank,
                capture,
                to,
                becomes,
                becomes_lower: false,
                placements: Vec::new(),
                gate: None,
            }),
            SanKind::Castle(side) => ActionKind::Castle { side, gate: None },
            SanKind::Drop { piece, to } => ActionKind::Drop { piece, to },
            SanKind::Bank { piece, from } => ActionKind::Bank { piece: Some(piece), from },
        };
        Action { kind, board: None, check: self.check, span }
    }

    /// `action` as a [`San`], where it is one of the forms a [`San`] holds, on the first
    /// board; `None` for every other action (passes, walls, swaps, gating, placements...).
    pub fn from_action(action: &Action) -> Option<San> {
        if action.board.is_some_and(|b| b != 1) {
            return None;
        }
        let kind = match &action.kind {
            ActionKind::Move(m) if m.placements.is_empty() && m.gate.is_none() && !m.becomes_lower => SanKind::Move {
                piece: m.piece,
                from_file: m.from_file,
                from_rank: m.from_rank,
                capture: m.capture,
                to: m.to,
                becomes: m.becomes,
            },
            ActionKind::Castle { side, gate: None } => SanKind::Castle(*side),
            &ActionKind::Drop { piece, to } => SanKind::Drop { piece, to },
            &ActionKind::Bank { piece: Some(piece), from } => SanKind::Bank { piece, from },
            _ => return None,
        };
        Some(San { kind, check: action.check })
    }
}

/// A game being read plain: its tags, and its movetext as far as read.
#[derive(Clone, Debug)]
pub struct PlainGame<'a> {
    /// The Variant tag, if any.
    pub variant: Option<&'a str>,
    /// The FEN tag, if any.
    pub fen: Option<&'a str>,
    /// The Result tag (a plain game has all seven tags of the roster).
    pub result: &'a str,
    /// The White tag.
    pub white: &'a str,
    /// The Black tag.
    pub black: &'a str,
    /// The Date tag.
    pub date: &'a str,
    /// The TimeControl tag, if any.
    pub time_control: Option<&'a str>,
    /// The tag pairs, name and value, in the order written: the first `tag_count`.
    tag_pairs: [(&'a str, &'a str); MOST_TAGS],
    tag_count: usize,
    /// The game's text, and where reading goes on in it (always after an ASCII character).
    text: &'a str,
    at: usize,
    /// Who moves first and the number of the first move.
    start: (bool, u32),
    /// Turns read.
    ply: u32,
    /// Where the action read last starts and ends.
    last: (usize, usize),
    /// Where the turn read last starts.
    turn_start: usize,
    /// How many actions the turn read last has.
    turn_len: usize,
    /// The result marker read ([`Outcome::Unknown`] until then).
    outcome: Outcome,
    comment_bytes: usize,
    /// The actions of the turn read last.
    turn: [San; MOST_ACTIONS],
    /// Whether the turn read last is one action written as the canonical writer writes it,
    /// where it was read noting that ([`PlainGame::next_turn_noting`]).
    canonical: bool,
}

/// What [`PlainGame::next_turn`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum PlainStep<'t> {
    /// The actions of the next turn, in order (at least one).
    Turn(&'t [San]),
    /// The result marker that ends the game; only white space follows it.
    End(Outcome),
    /// Something that is not plain: the game must be read whole.
    NotPlain,
}

/// The tags of the seven tag roster, as bits of [`read_plain`]'s tally.
fn roster_bit(name: &str) -> u8 {
    match name {
        "Event" => 1,
        "Site" => 2,
        "Date" => 4,
        "Round" => 8,
        "White" => 16,
        "Black" => 32,
        "Result" => 64,
        _ => 0,
    }
}

/// Reads the tag section of `text`, one game's text, where the game may be plain; the
/// movetext is then read by [`PlainGame::next_turn`]. `None` where the tag section is not
/// plain: it has anything but tag pairs (escape lines, comments, forum delimiters, text that
/// is not ASCII between them), a tag pair [`super::parse_game_with`] would say anything about
/// (a character the standard does not allow in a name, a backslash or stray quote in a value,
/// a missing `]`, a size past `limits`), a name twice, or not all seven tags of the roster.
pub fn read_plain<'a>(text: &'a str, limits: &Limits) -> Option<PlainGame<'a>> {
    let b = text.as_bytes();
    let mut tag_pairs: [(&str, &str); MOST_TAGS] = [("", ""); MOST_TAGS];
    let mut count = 0;
    // A bit per name seen, chosen by its length and its first and last letters: only a name
    // whose bit is taken is compared with the others.
    let mut seen = 0u64;
    let mut roster = 0u8;
    let (mut variant, mut fen, mut result, mut white, mut black) = (None, None, "", "", "");
    let (mut date, mut time_control) = ("", None);
    let mut at = 0;
    loop {
        at += b[at..].iter().take_while(|c| c.is_ascii_whitespace()).count();
        match b.get(at) {
            Some(b'[') => {
                if matches!(b.get(at + 1), Some(b'p' | b'P' | b'/')) && forum_delimiter(&text[at..]).is_some() {
                    return None;
                }
                let (name, value, after) = tag_pair(text, at)?;
                let bit = name_bit(name);
                if count == MOST_TAGS
                    || name.len() + value.len() > limits.tag_bytes
                    || (seen & bit != 0 && tag_pairs[..count].iter().any(|&(n, _)| n == name))
                {
                    return None;
                }
                seen |= bit;
                tag_pairs[count] = (name, value);
                count += 1;
                roster |= roster_bit(name);
                match name {
                    "Variant" => variant = Some(value),
                    "FEN" => fen = Some(value),
                    "Result" => result = value,
                    "White" => white = value,
                    "Black" => black = value,
                    "Date" => date = value,
                    "TimeControl" => time_control = Some(value),
                    _ => {}
                }
                at = after;
            }
            // A comment after the tags opens the movetext; before them, it is the game's.
            Some(b'{') if count > 0 => break,
            // Escape lines, line comments, nothing after the tags.
            Some(b'%' | b'{' | b';') | None => return None,
            Some(c) if !c.is_ascii() => return None,
            Some(_) => break,
        }
    }
    if roster != 0x7F {
        return None;
    }
    Some(PlainGame {
        variant,
        fen,
        result,
        white,
        black,
        date,
        time_control,
        tag_pairs,
        tag_count: count,
        text,
        at,
        start: start_of_fen(fen),
        ply: 0,
        last: (0, 0),
        turn_start: 0,
        turn_len: 0,
        outcome: Outcome::Unknown,
        comment_bytes: limits.comment_bytes,
        turn: [San::BLANK; MOST_ACTIONS],
        canonical: false,
    })
}

/// The bit of [`read_plain`]'s set of names seen that stands for `name` (not empty).
fn name_bit(name: &str) -> u64 {
    let b = name.as_bytes();
    let (first, last) = (b.first().copied().unwrap_or(0), b.last().copied().unwrap_or(0));
    1 << ((b.len() as u32 * 7 + u32::from(first) * 3 + u32::from(last)) % 64)
}

/// The tag pair at `at` (a `[`) in `text`, where [`super::parse_game_with`] reads it without
/// a word: its name, its value and where reading goes on (after the `]`).
fn tag_pair(text: &str, at: usize) -> Option<(&str, &str, usize)> {
    let b = text.as_bytes();
    let spaces = |from: usize| from + b[from..].iter().take_while(|&&c| c == b' ' || c == b'\t').count();
    let name_start = spaces(at + 1);
    let name_end = name_start + b[name_start..].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
    let quote = spaces(name_end);
    if name_end == name_start || b.get(quote) != Some(&b'"') {
        return None;
    }
    // The value ends at the first quote, on the same line and without a backslash before it.
    let value_len = b[quote + 1..].iter().position(|&c| c == b'"' || c == b'\\' || c == b'\n')?;
    let value_end = quote + 1 + value_len;
    if b[value_end] != b'"' {
        return None;
    }
    let close = spaces(value_end + 1);
    (b.get(close) == Some(&b']')).then(|| (&text[name_start..name_end], &text[quote + 1..value_end], close + 1))
}

impl<'a> PlainGame<'a> {
    /// Reads the next turn, or the result that ends the game. Once it has said
    /// [`PlainStep::End`] or [`PlainStep::NotPlain`], it says [`PlainStep::NotPlain`].
    #[inline(always)]
    pub fn next_turn(&mut self) -> PlainStep<'_> {
        self.next_turn_as::<false>()
    }

    /// [`PlainGame::next_turn`], noting whether the turn is one action written as the
    /// canonical writer writes it ([`PlainGame::last_turn_canonical`]).
    #[inline]
    pub fn next_turn_noting(&mut self) -> PlainStep<'_> {
        self.next_turn_as::<true>()
    }

    /// [`PlainGame::next_turn`], noting where `NOTE` (a constant, so that a replay pays
    /// nothing for it).
    #[inline(always)]
    fn next_turn_as<const NOTE: bool>(&mut self) -> PlainStep<'_> {
        let b = self.text.as_bytes();
        let mut at = self.at;
        // The move number read last, not yet checked against its turn: number, and whether
        // it has the one period of a White move.
        let mut numbered: Option<(u32, bool)> = None;
        loop {
            while b.get(at).is_some_and(u8::is_ascii_whitespace) {
                at += 1;
            }
            let Some(&first) = b.get(at) else { return self.not_plain() };
            match first {
                b'a'..=b'z' | b'A'..=b'Z' | b'@' => {
                    self.at = at;
                    let Some(count) = self.read_turn::<NOTE>() else { return self.not_plain() };
                    if let Some((number, white)) = numbered {
                        let (expected, expected_white) = move_number(self.start, self.ply);
                        if number != expected || (!white && expected_white) {
                            return self.not_plain();
                        }
                    }
                    self.ply += 1;
                    return PlainStep::Turn(&self.turn[..count]);
                }
                b'0'..=b'9' | b'*' => {
                    let (outcome, len) = match plain_number(&b[at..]) {
                        PlainNumber::Result(len, outcome) => (outcome, len),
                        PlainNumber::Number(len, number, dots) => {
                            numbered = Some((number, dots < 2));
                            at += len;
                            continue;
                        }
                        PlainNumber::Neither => {
                            let Some(rest) = self.text.get(at..) else { return self.not_plain() };
                            if let Some((after, outcome, lenient)) = result_marker(rest) {
                                if lenient {
                                    return self.not_plain();
                                }
                                (outcome, rest.len() - after.len())
                            } else {
                                let Some((after, Some(number), dots @ 1..)) = move_number_token(rest) else {
                                    return self.not_plain();
                                };
                                numbered = Some((number, dots < 2));
                                at += rest.len() - after.len();
                                continue;
                            }
                        }
                    };
                    if !b[at + len..].iter().all(u8::is_ascii_whitespace) {
                        return self.not_plain();
                    }
                    self.at = b.len();
                    self.outcome = outcome;
                    return PlainStep::End(outcome);
                }
                b'{' => match b[at + 1..].iter().position(|&c| c == b'}') {
                    Some(close) if close <= self.comment_bytes => at += close + 2,
                    _ => return self.not_plain(),
                },
                _ => return self.not_plain(),
            }
        }
    }

    /// Reads the actions of the turn at the reading place into `self.turn`: actions joined
    /// by `,`, each followed by white space, `{`, `,` or the end. Their number, or `None`.
    #[inline(always)]
    fn read_turn<const NOTE: bool>(&mut self) -> Option<usize> {
        let b = self.text.as_bytes();
        let mut count = 0;
        self.turn_start = self.at;
        loop {
            let (len, san) = match lex::common_san(&b[self.at..]) {
                Some(read) => {
                    // The common shapes are written canonically, but for a pawn's drop (`@e4`
                    // and `P@e4` read alike) and a banking, left to the writer.
                    if NOTE {
                        self.canonical =
                            count == 0 && !matches!(read.1.kind, SanKind::Drop { .. } | SanKind::Bank { .. });
                    }
                    read
                }
                None => {
                    if NOTE {
                        self.canonical = false;
                    }
                    // The other forms without a leniency, as the general reader reads them.
                    let rest = self.text.get(self.at..)?;
                    let Ok((after, (action, [None, None]))) = lex::action(rest) else { return None };
                    if !after.as_bytes().first().is_none_or(|&c| c.is_ascii_whitespace() || matches!(c, b'{' | b',')) {
                        return None;
                    }
                    (rest.len() - after.len(), San::from_action(&action)?)
                }
            };
            *self.turn.get_mut(count)? = san;
            count += 1;
            self.last = (self.at, self.at + len);
            self.at += len;
            if b.get(self.at) != Some(&b',') {
                self.turn_len = count;
                if NOTE && count > 1 {
                    self.canonical = false;
                }
                return Some(count);
            }
            self.at += 1;
            while b.get(self.at).is_some_and(u8::is_ascii_whitespace) {
                self.at += 1;
            }
        }
    }

    /// Whether the movetext not read yet holds `needle` anywhere (in a comment, or anywhere
    /// else).
    pub fn ahead_holds(&self, needle: &str) -> bool {
        self.rest().contains(needle)
    }

    /// The result marker that ended the game, once [`PlainGame::next_turn`] has read it.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// Turns read so far.
    pub fn turns(&self) -> u32 {
        self.ply
    }

    /// The text not read yet: what follows the turn read last (or the tags). Before the next
    /// turn or the result come white space, move numbers and `{...}` comments only, the
    /// comments of the turn read last (of the game, before the first turn): see
    /// [`super::each_plain_step`].
    pub fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// The length of the game's text.
    pub fn text_len(&self) -> usize {
        self.text.len()
    }

    /// Who moves first and the number of the first move, as the FEN tag says.
    pub fn start(&self) -> (bool, u32) {
        self.start
    }

    /// The tag pairs, name and value, in the order written.
    pub fn tags(&self) -> impl Iterator<Item = (&'a str, &'a str)> + '_ {
        self.tag_pairs[..self.tag_count].iter().copied()
    }

    /// The text of the turn read last, where it was read by
    /// [`PlainGame::next_turn_noting`] and is one action written as the canonical writer
    /// writes it (in one of the common shapes of SAN, as `lex::common_san` reads them).
    pub fn last_turn_canonical(&self) -> Option<&'a str> {
        self.text.get(self.last.0..self.last.1).filter(|_| self.canonical)
    }

    /// The actions of the turn read last, and where it is written (from its first action's
    /// start to its last action's end, as the record places a turn).
    pub fn last_turn(&self) -> (&[San], Span) {
        (&self.turn[..self.turn_len], Span::new(self.turn_start, self.last.1))
    }

    /// The comments of the turn read last (of the game, before the first turn), as
    /// [`super::each_plain_step`] shows them.
    pub fn comments(&self) -> super::PlainComments<'a> {
        super::PlainComments::of(self.rest())
    }

    /// The last action read, as the record holds it.
    pub fn last_action(&self) -> Option<Action> {
        let san = self.turn.get(self.turn_len.checked_sub(1)?)?;
        Some(san.to_action(Span::new(self.last.0, self.last.1)))
    }

    fn not_plain(&mut self) -> PlainStep<'_> {
        self.at = self.text.len();
        PlainStep::NotPlain
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::parse_game_with;

    const ROSTER: &str = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n";

    /// `text` read plain to its end: its turns and its result; `None` where it is not plain.
    fn read<'a>(text: &'a str, limits: &Limits) -> Option<(PlainGame<'a>, Vec<Vec<San>>, Outcome)> {
        let mut game = read_plain(text, limits)?;
        let tags = game.clone();
        let mut turns = Vec::new();
        loop {
            match game.next_turn() {
                PlainStep::Turn(actions) => turns.push(actions.to_vec()),
                PlainStep::End(outcome) => return Some((tags, turns, outcome)),
                PlainStep::NotPlain => return None,
            }
        }
    }

    #[test]
    fn a_san_is_small() {
        // Every turn read plain is written into a buffer of these.
        assert!(std::mem::size_of::<San>() <= 12, "{}", std::mem::size_of::<San>());
    }

    #[test]
    fn plain_games_read_as_the_whole_parser_reads_them() {
        let games = [
            format!("{ROSTER}\n1. e4 e5 2. Nf3 {{a comment}} Nc6 3. Bb5 a6 1-0\n"),
            format!("{ROSTER}\n1. e4 1... e5 2. O-O-O+ Kxe1# 0-1"),
            format!("{ROSTER}[FEN \"8/8/8/8/8/8/8/K6k b - - 0 7\"]\n\n7... Kh2 8. Kb1 *"),
            format!("{ROSTER}\n*"),
            format!("{ROSTER}1.e4 e5 1/2-1/2\n\n"),
            format!("{ROSTER}\n{{before the first move}} 1. e4 *"),
            format!("{ROSTER}[Variant \"crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 @b5 5. N@d5 *"),
            format!("{ROSTER}[Variant \"fastpawn 2\"]\n\n1. e4,e5 d5 2. exd6+, c3 *"),
            "[Event \"E\"] [Site \"S\"]\r\n[Date \"?\"]\r\n[Round \"?\"]  [White \"W\"]\r\n[Black \"B\"]\r\n[Result \"*\"]\r\n\r\n1. Ng1f3 *\r\n".to_owned(),
        ];
        for text in &games {
            let whole = parse_game_with(text, &Limits::default());
            assert_eq!(whole.diagnostics, Vec::new(), "{text}");
            let game = whole.game.unwrap_or_else(|| panic!("{text}"));
            let (tags, turns, outcome) = read(text, &Limits::default()).unwrap_or_else(|| panic!("not plain: {text}"));
            let line: Vec<Vec<San>> = game
                .mainline()
                .map(|n| game.node(n).turn.actions.iter().map(|a| San::from_action(a).unwrap_or(San::BLANK)).collect())
                .collect();
            assert_eq!(turns, line, "{text}");
            assert_eq!(outcome, game.outcome, "{text}");
            let read_tags = [tags.variant, tags.fen, Some(tags.result), Some(tags.white), Some(tags.black)];
            let whole_tags = ["Variant", "FEN", "Result", "White", "Black"].map(|name| game.tag(name));
            assert_eq!(read_tags, whole_tags, "{text}");
        }
    }

    #[test]
    fn games_with_anything_to_say_or_more_than_a_main_line_are_not_plain() {
        let movetexts = [
            "1. e4 e5",                                                 // no result
            "1. e4 e5 (1... c5) *",                                     // a variation
            "1. e4 $1 e5 *",                                            // a NAG
            "1. e4! e5 *",                                              // an annotation
            "1. e4 3. e5 *",                                            // a move number that is not the turn's
            "1... e4 *",                                                // a Black move number before White's move
            "1. 0-0 *",                                                 // a lenient castling
            "1. e2e4 *",                                                // coordinates
            "1. e4 e5 * {after}",                                       // a comment after the result
            "1. e4 e5 1/2",                                             // a lenient result
            "1. e4 ; a line comment\n*",                                // a line comment
            "1. e4 2:e5 *",                                             // a board number
            "1. e4 -- *",                                               // a pass
            "1. e4 e5 ,d4 *",                                           // a comma apart from its turn
            "1. e4 {never closed *",                                    // a comment left open
            "1. e4\u{a0}e5 *",                                          // white space that is not ASCII
            "1. e4,e5,d4,d5,c4,c5,b4,b5,a4,a5,f4,f5,g4,g5,h4,h5,Nc3 *", // more actions than a turn holds
        ];
        for movetext in movetexts {
            let text = format!("{ROSTER}\n{movetext}");
            assert!(read(&text, &Limits::default()).is_none(), "read plain: {text}");
        }
        let tag_sections = [
            "[Event \"E\"]\n\n1. e4 *",                                 // a roster tag missing
            &format!("{ROSTER}[Event \"F\"]\n\n1. e4 *"),               // a tag twice
            &format!("{ROSTER}[Annotator \"a \\\"b\\\"\"]\n\n1. e4 *"), // an escape
            &format!("{ROSTER}[Annotator \"a \"b\" c\"]\n\n1. e4 *"),   // a stray quote
            &format!("{ROSTER}[Annotator \"a\"\n\n1. e4 *"),            // no `]`
            &format!("{ROSTER}[Anno-tator \"a\"]\n\n1. e4 *"),          // a name the standard does not allow
            &format!("{ROSTER}[pgn]\n\n1. e4 *"),                       // a forum delimiter
            &format!("{ROSTER}% an escape line\n\n1. e4 *"),            // an escape line
            &format!("{{before}}\n{ROSTER}\n1. e4 *"),                  // a comment before the tags
            &format!("\u{feff}{ROSTER}\n1. e4 *"),                      // a byte-order mark inside the text
            ROSTER,                                                     // no movetext
        ];
        for text in tag_sections {
            assert!(read(text, &Limits::default()).is_none(), "read plain: {text}");
        }
        // Past the limits: the whole parser says so.
        let text = format!("{ROSTER}[Annotator \"{}\"]\n\n1. e4 {{{}}} *", "a".repeat(100), "c".repeat(100));
        assert!(read(&text, &Limits::default()).is_some());
        assert!(read(&text, &Limits { tag_bytes: 50, ..Limits::default() }).is_none());
        assert!(read(&text, &Limits { comment_bytes: 50, ..Limits::default() }).is_none());
    }
}
