//! The second pass: the complete parse of one game's text into a [`Game`].
//!
//! Tokens come from [`super::lex`]; this module puts them together: the tag section, then
//! the movetext, building the tree of turns with an explicit stack of open variations (so
//! that nesting depth costs memory, never call stack). Real-world defects that other readers
//! accept are accepted here with a warning; anything else is an error that ends the game's
//! parse (the caller goes on with the next game).

use super::Limits;
use super::chars;
use super::lex::{self, Leniency, LexError};
use crate::diag::{Diagnostic, Kind};
use crate::record::{Comment, EscapeLine, Game, Nag, NodeId, Outcome, Seat, Span, Tag, Turn, fold_white_space};

/// The outcome of parsing one game's text.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The game, unless an error stopped the parse.
    pub game: Option<Game>,
    /// Everything worth saying, in the order found; at least one error when `game` is `None`.
    pub diagnostics: Vec<Diagnostic>,
}

/// Who moves first and the number of the first move, read from a FEN tag's second and sixth
/// fields (syntax only: a FEN that cannot be read gives White and 1, and the rules say why).
pub fn start_of(game: &Game) -> (bool, u32) {
    start_of_fen(game.tag("FEN"))
}

/// [`start_of`] a game whose FEN tag is `fen`.
pub(super) fn start_of_fen(fen: Option<&str>) -> (bool, u32) {
    let Some(fen) = fen else {
        return (true, 1);
    };
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    // Three-check's counters of checks still to give (`3+3`) may stand before the clocks.
    let counters = |f: &str| {
        f.split_once('+').is_some_and(|(w, b)| !w.is_empty() && !b.is_empty() && !w.contains('+') && !b.contains('+'))
    };
    if fields.get(4).is_some_and(|f| counters(f)) {
        fields.remove(4);
    }
    let white = !fields.get(1).is_some_and(|side| side.starts_with('b'));
    let fullmove = fields.get(5).and_then(|n| n.parse::<u32>().ok()).filter(|&n| n >= 1).unwrap_or(1);
    (white, fullmove)
}

/// The number and side of the turn at `ply` (0 = the first turn of the game).
pub fn move_number(start: (bool, u32), ply: u32) -> (u32, bool) {
    let absolute = ply + u32::from(!start.0);
    (start.1.saturating_add(absolute / 2), absolute.is_multiple_of(2))
}

/// Parses the text of one game within the default [`Limits`].
pub fn parse_game(text: &str) -> Parsed {
    parse_game_with(text, &Limits::default())
}

/// Parses the text of one game; a variation, tag pair or comment past `limits` is an error.
pub fn parse_game_with(text: &str, limits: &Limits) -> Parsed {
    let mut parser =
        GameParser { text, limits: *limits, game: Game::new(), diagnostics: Vec::new(), long_algebraic: Vec::new() };
    let ok = parser.run().is_ok();
    let mut diagnostics = parser.diagnostics;
    note_coordinates(text, ok.then_some(&parser.game), &parser.long_algebraic, &mut diagnostics);
    diagnostics.sort_by_key(|d| d.span.start);
    Parsed { game: ok.then_some(parser.game), diagnostics }
}

/// The warnings about the moves in long algebraic or coordinate form, at `spans`: one a move,
/// or for a game written so throughout ([`Game::in_coordinates`]), as `arbiter convert`
/// writes them, one for the game, at its first such move.
fn note_coordinates(text: &str, game: Option<&Game>, spans: &[Span], diagnostics: &mut Vec<Diagnostic>) {
    let Some(&first) = spans.first() else { return };
    if game.is_some_and(Game::in_coordinates) {
        diagnostics.push(Diagnostic::new(
            Kind::Coordinates,
            first,
            "the game is written in coordinates or long algebraic throughout, not SAN; read so (checks and captures need no mark)",
        ));
        return;
    }
    for &span in spans {
        let written = text.get(span.start as usize..span.end as usize).unwrap_or_default();
        diagnostics.push(Diagnostic::new(
            Kind::LongAlgebraic,
            span,
            leniency_message(Leniency::LongAlgebraic, written),
        ));
    }
}

/// `1A.`, `12b.`: a move number of a bughouse record (BPGN), with the board's letter.
fn is_bughouse_number(at: &str) -> bool {
    let digits = at.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(at.as_bytes().get(digits..digits + 2), Some([b'A' | b'a' | b'B' | b'b', b'.']))
}

/// A bughouse move number (`12B.`, as [`is_bughouse_number`]): what follows it, the number
/// (`None` where too large) and the seat it names.
fn bughouse_number(at: &str) -> Option<(&str, Option<u32>, Seat)> {
    if !is_bughouse_number(at) {
        return None;
    }
    let digits = at.bytes().take_while(u8::is_ascii_digit).count();
    let seat = Seat::from_letter(*at.as_bytes().get(digits)?)?;
    Some((&at[digits + 2..], at[..digits].parse::<u32>().ok(), seat))
}

/// At a digit or `*` in plain movetext: a standard result marker that ends its token
/// (its length and outcome), or a move number of up to nine digits followed directly by one
/// to three periods (its length, number and periods), as [`result_marker`] and
/// [`move_number_token`] read them; neither for anything else, which those functions read.
#[inline(always)]
pub(super) fn plain_number(b: &[u8]) -> PlainNumber {
    // The commonest form first, `12.`: a result never has a period.
    // (Ten digits or four periods are as many as too many.)
    let digits = b.iter().take(10).take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && b.get(digits) == Some(&b'.') {
        let dots = b[digits..].iter().take(4).take_while(|&&c| c == b'.').count();
        if digits > 9 || dots > 3 || b.get(digits + dots).is_some_and(|&c| c >= 0x80) {
            return PlainNumber::Neither;
        }
        let number = b[..digits].iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        return PlainNumber::Number(digits + dots, number, dots);
    }
    let result = match b {
        [b'1', b'-', b'0', ..] => Some((3, Outcome::WhiteWins)),
        [b'0', b'-', b'1', ..] => Some((3, Outcome::BlackWins)),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => Some((7, Outcome::Draw)),
        [b'*', ..] => Some((1, Outcome::Unknown)),
        _ => None,
    };
    // Only where the token ends; else the general readers say what it is.
    let ends =
        |len: usize| b.get(len).is_none_or(|&c| c.is_ascii_whitespace() || matches!(c, b'{' | b';' | b'(' | b')'));
    match result {
        Some((len, outcome)) if ends(len) => PlainNumber::Result(len, outcome),
        _ => PlainNumber::Neither,
    }
}

/// What [`plain_number`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PlainNumber {
    /// A result marker: its length and outcome.
    Result(usize, Outcome),
    /// A move number: its length, number and periods.
    Number(usize, u32, usize),
    /// Neither, as far as the common forms go.
    Neither,
}

/// The parse stopped; the error is in the diagnostics.
struct Stop;

/// A move number read before a turn: the number, whether it is a white move's (one period),
/// and where.
type Numbered = (u32, bool, Span);

/// A bughouse move number read before a turn (`12B.`): the number, the seat it names, and
/// where.
type Seated = (u32, Seat, Span);

/// One open line of play: the main line or a variation.
struct Line {
    /// The node the next turn follows.
    parent: NodeId,
    /// The last turn read in this line.
    last: Option<NodeId>,
    /// The ply of the next turn.
    ply: u32,
    /// Comments read before the line's first turn.
    pending: Vec<Comment>,
    /// NAGs read before the line's first turn (written after it: NAGs follow their move).
    pending_nags: Vec<Nag>,
    /// Where `(` was, for an unclosed variation.
    opened_at: usize,
}

struct GameParser<'a> {
    text: &'a str,
    limits: Limits,
    game: Game,
    diagnostics: Vec<Diagnostic>,
    /// The moves in long algebraic or coordinate form: worded at the end, each or as one
    /// warning for the game ([`note_coordinates`]), so that a game in coordinates throughout
    /// costs no message a move.
    long_algebraic: Vec<Span>,
}

impl<'a> GameParser<'a> {
    /// Whether `part`, a slice of the game's text, starts a line.
    fn at_line_start(&self, part: &str) -> bool {
        self.offset(part).checked_sub(1).is_none_or(|before| self.text.as_bytes().get(before) == Some(&b'\n'))
    }

    /// The offset of `part`, a slice of the game's text, from the text's start.
    fn offset(&self, part: &str) -> usize {
        (part.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize).min(self.text.len())
    }

    /// The span of `len` bytes from `part` (clamped to the text).
    fn span(&self, part: &str, len: usize) -> Span {
        let start = self.offset(part);
        Span::new(start, start.saturating_add(len).min(self.text.len()))
    }

    fn warn(&mut self, kind: Kind, span: Span, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::new(kind, span, message));
    }

    /// Text that cannot be read: the parse stops.
    fn error(&mut self, span: Span, message: impl Into<String>) -> Stop {
        self.diagnostics.push(Diagnostic::new(Kind::Syntax, span, message));
        Stop
    }

    /// Text past a limit: the parse stops.
    fn limit_error(&mut self, span: Span, message: impl Into<String>) -> Stop {
        self.diagnostics.push(Diagnostic::new(Kind::Limit, span, message));
        Stop
    }

    /// Reports a token that could not be read. A branch that had committed (`Failure`) knows
    /// the exact place; otherwise the whole token at `token` is named.
    fn lex_error(&mut self, e: nom::Err<LexError<'_>>, token: &str, what: &str) -> Stop {
        let (at, expected) = match e {
            nom::Err::Failure(e) => (e.at, e.expected),
            nom::Err::Error(e) => (token, if e.at.len() == token.len() { e.expected } else { "" }),
            nom::Err::Incomplete(_) => (token, ""),
        };
        let found = describe(at);
        let len =
            at.find(|c: char| c.is_whitespace()).unwrap_or(at.len()).max(at.chars().next().map_or(0, char::len_utf8));
        let span = self.span(at, len);
        let expected = if expected.is_empty() { what } else { expected };
        self.error(span, format!("expected {expected}, found {found}"))
    }

    fn run(&mut self) -> Result<(), Stop> {
        let rest = self.tag_section(self.text)?;
        if self.game.tags.is_empty() {
            // A game without tags: comments before its moves are the game's opening comments.
            let prelude = std::mem::take(&mut self.game.prelude);
            self.game.node_mut(NodeId::ROOT).comments = prelude.into();
        }
        self.movetext(rest)?;
        self.fill_roster();
        Ok(())
    }

    /// Escape lines, comments before the tags, and the tag pairs.
    fn tag_section(&mut self, mut rest: &'a str) -> Result<&'a str, Stop> {
        loop {
            let trimmed = skip_blank(rest);
            let line_start = trimmed.len() == rest.len() || self.text[..self.offset(trimmed)].ends_with('\n');
            match trimmed.chars().next() {
                Some('%') if line_start => rest = self.escape_line(trimmed),
                // Only `[p`, `[P` and `[/` may open a forum's delimiter.
                Some('[') if !matches!(trimmed.as_bytes().get(1), Some(b'p' | b'P' | b'/')) => {
                    rest = self.tag_pair(trimmed)?;
                }
                Some('[') => match forum_delimiter(trimmed) {
                    Some(after) => {
                        self.warn(
                            Kind::ForumDelimiter,
                            self.span(trimmed, trimmed.len() - after.len()),
                            "forum delimiter ignored",
                        );
                        rest = after;
                    }
                    None => rest = self.tag_pair(trimmed)?,
                },
                Some('{') if self.game.tags.is_empty() => {
                    let (after, comment) = self.brace_comment(trimmed)?;
                    self.game.prelude.push(comment);
                    rest = after;
                }
                Some(';') if self.game.tags.is_empty() => {
                    let (after, comment) = self.line_comment(trimmed)?;
                    self.game.prelude.push(comment);
                    rest = after;
                }
                _ => return Ok(trimmed),
            }
        }
    }

    /// Skips NUL and Ctrl-Z characters, with one warning for the run.
    fn skip_filler(&mut self, at: &'a str) -> &'a str {
        let after = at.trim_start_matches(|c: char| lex::is_filler(c) || c.is_whitespace());
        let span = self.span(at, at.len() - after.len());
        self.warn(Kind::Padding, span, "NUL or Ctrl-Z characters outside comments; ignored");
        after
    }

    fn escape_line(&mut self, at: &'a str) -> &'a str {
        let end = at.find('\n').unwrap_or(at.len());
        let line = at[1..end].trim_end_matches('\r');
        self.game.escapes.push(EscapeLine { text: line.to_owned() });
        &at[end..]
    }

    /// `[Name "value"]`, leniently: an unescaped quote inside the value, a missing `]`.
    fn tag_pair(&mut self, at: &'a str) -> Result<&'a str, Stop> {
        let line_end = at.find('\n').unwrap_or(at.len());
        let line = at[..line_end].trim_end_matches('\r');
        let inner = skip_tag_spaces(&line[1..]);
        // The name ends where `ends_tag_name` says; read byte-wise up to the first non-ASCII
        // character, if any.
        let ascii_end =
            inner.bytes().position(|b| !b.is_ascii() || ends_tag_name(char::from(b))).unwrap_or(inner.len());
        let name_len = match inner.as_bytes().get(ascii_end) {
            Some(b) if !b.is_ascii() => inner.find(ends_tag_name).unwrap_or(inner.len()),
            _ => ascii_end,
        };
        let name = &inner[..name_len];
        if name.is_empty() {
            return Err(self.error(self.span(inner, 1), format!("expected a tag name, found {}", describe(inner))));
        }
        // Messages show at most the first 40 characters of a name.
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            self.warn(
                Kind::TagName,
                self.span(inner, name_len),
                match chars::first_named(name) {
                    Some(named) => {
                        format!("tag name {:?} has characters the standard does not allow: {named}", shorten(name))
                    }
                    None => format!("tag name {:?} has characters the standard does not allow", shorten(name)),
                },
            );
        }
        let after_name = skip_tag_spaces(&inner[name_len..]);
        let Some(value_text) = after_name.strip_prefix('"') else {
            if let Some((value, rest)) = self.typographic_value(name, after_name) {
                let rest = &at[line.len() - rest.len()..];
                return self.push_tag(at, name, value, rest);
            }
            return Err(self.error(
                self.span(after_name, 1),
                format!("expected '\"' opening the value of tag {}, found {}", shorten(name), describe(after_name)),
            ));
        };
        // The common case, a value with no backslash and one quote, followed by `]`, is
        // copied whole.
        let plain = value_text
            .bytes()
            .position(|b| b == b'"' || b == b'\\')
            .filter(|&end| value_text.as_bytes()[end] == b'"' && skip_spaces(&value_text[end + 1..]).starts_with(']'));
        if let Some(end) = plain {
            let after = skip_spaces(&value_text[end + 1..]);
            let rest = &at[line.len() - after.len() + 1..];
            return self.push_tag(at, name, value_text[..end].to_owned(), rest);
        }
        let shown = shorten(name);
        // The value ends at the first unescaped quote that is followed only by `]` (or the
        // end of the line); other quotes are taken as part of the value.
        let mut value = String::new();
        let mut chars = value_text.char_indices();
        let mut end = None;
        let mut stray_quote = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some((_, q @ ('"' | '\\'))) => value.push(q),
                    Some((_, other)) => {
                        value.push('\\');
                        value.push(other);
                    }
                    None => value.push('\\'),
                },
                '"' => {
                    let tail = skip_spaces(&value_text[i + 1..]);
                    if tail.is_empty() || tail.starts_with(']') {
                        end = Some(i);
                        break;
                    }
                    stray_quote.get_or_insert(i);
                    value.push('"');
                }
                _ => value.push(c),
            }
        }
        let Some(end) = end else {
            // `[Event "Paris]`: the value runs to the last `]` of the line.
            let Some(close) = value_text.rfind(']') else {
                return Err(self.error(
                    self.span(value_text, value_text.len()),
                    format!("the value of tag {shown} has no closing '\"'"),
                ));
            };
            // `[Event "Paris”]`: closed by a typographic quote.
            let inside = value_text[..close].trim_end_matches([' ', '\t']);
            let value = match inside.chars().next_back().filter(|&c| is_typographic_quote(c)) {
                Some(c) => {
                    self.warn(
                        Kind::TypographicQuotes,
                        self.span(&inside[inside.len() - c.len_utf8()..], 1),
                        format!(
                            "the value of tag {shown} is closed by a typographic quote, {c} (U+{:04X}); read as if by '\"'",
                            u32::from(c)
                        ),
                    );
                    &inside[..inside.len() - c.len_utf8()]
                }
                None => {
                    self.warn(
                        Kind::UnclosedValue,
                        self.span(&value_text[close..], 1),
                        format!("the value of tag {shown} has no closing '\"'; read up to ']'"),
                    );
                    &value_text[..close]
                }
            };
            let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
            return self.push_tag(at, name, value, &at[line.len() - value_text[close + 1..].len()..]);
        };
        if let Some(i) = stray_quote {
            self.warn(
                Kind::UnescapedQuote,
                self.span(&value_text[i..], 1),
                format!("unescaped '\"' inside the value of tag {shown}; kept as part of the value"),
            );
        }
        // `tail` and what follows are suffixes of `line`, which starts where `at` does.
        let tail = skip_spaces(&value_text[end + 1..]);
        let rest = match tail.strip_prefix(']') {
            Some(after) => &at[line.len() - after.len()..],
            None => {
                let rest = &at[line.len() - tail.len()..];
                self.warn(Kind::UnclosedTag, self.span(rest, 0), format!("tag {shown} has no closing ']'"));
                rest
            }
        };
        self.push_tag(at, name, value, rest)
    }

    /// A value in typographic quotes, as word processors write them (`“Paris”`, `„Paris“`,
    /// `«Paris»`), or opened by one and closed by `"`: the value, and what follows the `]`
    /// (or the line, where the `]` is missing), with a warning that names the quotes. `at`
    /// starts with the opening quote.
    fn typographic_value(&mut self, name: &str, at: &'a str) -> Option<(String, &'a str)> {
        let open = at.chars().next().filter(|&c| is_typographic_quote(c))?;
        let body = &at[open.len_utf8()..];
        // The value ends at the last quote of either kind that only spaces and `]` follow.
        let (end, close) =
            body.char_indices().rev().filter(|&(_, c)| c == '"' || is_typographic_quote(c)).find(|&(i, c)| {
                let tail = skip_tag_spaces(&body[i + c.len_utf8()..]);
                tail.is_empty() || tail.starts_with(']')
            })?;
        let tail = skip_tag_spaces(&body[end + close.len_utf8()..]);
        let rest = tail.strip_prefix(']').unwrap_or(tail);
        let quotes = |c: char| format!("{c} (U+{:04X})", u32::from(c));
        self.warn(
            Kind::TypographicQuotes,
            self.span(at, 1),
            format!(
                "the value of tag {} is in typographic quotes, {} and {}; read as if in '\"'",
                shorten(name),
                quotes(open),
                quotes(close)
            ),
        );
        Some((body[..end].to_owned(), rest))
    }

    fn push_tag(&mut self, at: &'a str, name: &str, value: String, rest: &'a str) -> Result<&'a str, Stop> {
        let span = Span::new(self.offset(at), self.offset(rest));
        let size = name.len() + value.len();
        if size > self.limits.tag_bytes {
            let limit = self.limits.tag_bytes;
            return Err(self.limit_error(
                span,
                format!(
                    "tag {} is {size} bytes long, over the limit of {limit} (--max-tag-size raises it)",
                    shorten(name)
                ),
            ));
        }
        if self.game.tags.iter().any(|t| t.name == name) {
            self.warn(Kind::DuplicateTag, span, format!("tag {} appears more than once; all are kept", shorten(name)));
        }
        if self.game.tags.capacity() == 0 {
            // Room for a lichess export's tags, without growing the list as they come.
            self.game.tags.reserve(20);
        }
        self.game.tags.push(Tag { name: name.to_owned(), value, span });
        Ok(rest)
    }

    /// Adds the missing tags of the seven tag roster, with a warning.
    fn fill_roster(&mut self) {
        let missing = self.game.fill_roster();
        if !missing.is_empty() {
            let span = Span::new(0, 0);
            self.warn(
                Kind::MissingTag,
                span,
                format!(
                    "missing tag{} {} of the seven tag roster; read as unknown",
                    plural(missing.len()),
                    missing.join(", ")
                ),
            );
        }
    }

    fn brace_comment(&mut self, at: &'a str) -> Result<(&'a str, Comment), Stop> {
        let body = &at[1..];
        match body.find('}') {
            Some(close) => {
                let span = self.span(at, close + 2);
                self.check_comment_size(close, span)?;
                Ok((&body[close + 1..], Comment { text: fold_white_space(&body[..close]), span }))
            }
            None => Err(self.error(self.span(at, 1), "comment opened with '{' is never closed")),
        }
    }

    fn line_comment(&mut self, at: &'a str) -> Result<(&'a str, Comment), Stop> {
        let end = at.find('\n').unwrap_or(at.len());
        let span = self.span(at, end);
        self.check_comment_size(end - 1, span)?;
        Ok((&at[end..], Comment { text: fold_white_space(&at[1..end]), span }))
    }

    fn check_comment_size(&mut self, size: usize, span: Span) -> Result<(), Stop> {
        let limit = self.limits.comment_bytes;
        if size > limit {
            return Err(self.limit_error(
                Span::new(span.start as usize, span.start as usize + 1),
                format!("comment of {size} bytes, over the limit of {limit} (--max-comment-size raises it)"),
            ));
        }
        Ok(())
    }

    fn movetext(&mut self, mut rest: &'a str) -> Result<(), Stop> {
        // Dense movetext (`1. e4 e5 2. Nf3`) takes about five bytes a turn; the room made
        // for turns is bounded, for a huge game text need not be one of many turns.
        self.game.reserve_turns((rest.len() / 5).min(1024));
        let start = start_of(&self.game);
        let mut lines = vec![Line {
            parent: NodeId::ROOT,
            last: None,
            ply: 0,
            pending: Vec::new(),
            pending_nags: Vec::new(),
            opened_at: 0,
        }];
        let mut cast: Option<(u16, Span)> = None;
        let mut numbered: Option<Numbered> = None;
        let mut seated: Option<Seated> = None;
        loop {
            let at = skip_blank(rest);
            let c = match at.as_bytes().first() {
                Some(&b) if b.is_ascii() => char::from(b),
                _ => match at.chars().next() {
                    Some(c) => c,
                    None => return self.end_without_marker(&mut lines, cast, at),
                },
            };
            let line = lines.last_mut().ok_or(Stop)?;
            rest = match c {
                '%' if self.at_line_start(at) => self.escape_line(at),
                '{' => {
                    let (after, comment) = self.brace_comment(at)?;
                    self.attach_comment(&mut lines, comment);
                    after
                }
                ';' => {
                    let (after, comment) = self.line_comment(at)?;
                    self.attach_comment(&mut lines, comment);
                    after
                }
                '(' => {
                    let Some(last) = line.last else {
                        return Err(self.error(self.span(at, 1), "variation opened before any move it could replace"));
                    };
                    if let Some((_, span)) = cast.take() {
                        return Err(self.error(span, "die cast not followed by a turn"));
                    }
                    let parent = self.game.node(last).parent().unwrap_or(NodeId::ROOT);
                    let ply = line.ply.saturating_sub(1);
                    let opened_at = self.offset(at);
                    if lines.len() > self.limits.depth {
                        let limit = self.limits.depth;
                        return Err(self.limit_error(
                            self.span(at, 1),
                            format!("variations nested more than {limit} deep (--max-depth raises the limit)"),
                        ));
                    }
                    lines.push(Line {
                        parent,
                        last: None,
                        ply,
                        pending: Vec::new(),
                        pending_nags: Vec::new(),
                        opened_at,
                    });
                    numbered = None;
                    &at[1..]
                }
                ')' => {
                    if lines.len() == 1 {
                        self.warn(
                            Kind::StrayParenthesis,
                            self.span(at, 1),
                            "')' without a variation to close; ignored",
                        );
                    } else if let Some(closed) = lines.pop() {
                        if let Some((_, span)) = cast.take() {
                            return Err(self.error(span, "die cast not followed by a turn"));
                        }
                        if closed.last.is_none() {
                            let span = Span::new(closed.opened_at, self.offset(at) + 1);
                            // Its comments and NAGs stay with the move it was an alternative to.
                            if let Some(node) = lines.last().and_then(|l| l.last) {
                                let n = self.game.node_mut(node);
                                n.comments.extend(closed.pending);
                                n.nags.extend(closed.pending_nags);
                            }
                            self.warn(
                                Kind::EmptyVariation,
                                span,
                                "empty variation; left out (its comments kept with the move before)",
                            );
                        }
                    }
                    numbered = None;
                    &at[1..]
                }
                '$' => {
                    let (after, nag) = lex::nag(at).map_err(|e| self.lex_error(e, at, "a NAG"))?;
                    self.attach_nag(&mut lines, nag, self.span(at, at.len() - after.len()))?;
                    after
                }
                '!' | '?' => {
                    let (after, nag) =
                        lex::suffix_annotation(at).map_err(|e| self.lex_error(e, at, "an annotation"))?;
                    let span = self.span(at, at.len() - after.len());
                    self.warn(Kind::SpacedAnnotation, span, "annotation separated from its move by a space");
                    self.attach_nag(&mut lines, nag, span)?;
                    after
                }
                '<' => {
                    let (after, n) = lex::cast(at).map_err(|e| self.lex_error(e, at, "a die cast"))?;
                    let span = self.span(at, at.len() - after.len());
                    if cast.is_some() {
                        return Err(self.error(span, "two die casts for one turn"));
                    }
                    cast = Some((n, span));
                    self.expect_end(after)?
                }
                '[' => {
                    let Some(after) = forum_delimiter(at) else {
                        return Err(self.error(self.span(at, 1), "tag pair inside movetext: a new game starts at the beginning of a line after the previous game's result"));
                    };
                    self.warn(Kind::ForumDelimiter, self.span(at, at.len() - after.len()), "forum delimiter ignored");
                    after
                }
                c if lex::is_filler(c) => self.skip_filler(at),
                // A letter starts a move (or `e.p.`): nothing else need be tried.
                c if c.is_ascii_alphabetic() && !at.starts_with("e.p.") => {
                    self.numbered_turn(at, &mut lines, cast.take(), (numbered.take(), seated.take()), start)?
                }
                _ => {
                    // Glyphs are tried only where no move can start, to keep moves fast.
                    let maybe_glyph = !(c.is_ascii_alphanumeric() || matches!(c, '*' | '½' | '@' | '.' | '…' | '-'));
                    if let Some((after, nag)) = maybe_glyph.then(|| glyph(at)).flatten().or_else(|| minus_glyph(at)) {
                        let span = self.span(at, at.len() - after.len());
                        self.warn(
                            Kind::AnnotationGlyph,
                            span,
                            format!("annotation glyph {:?} read as ${}", &at[..at.len() - after.len()], nag.0),
                        );
                        self.attach_nag(&mut lines, nag, span)?;
                        after
                    } else if let Some((after, outcome, lenient)) = result_marker(at) {
                        let span = self.span(at, at.len() - after.len());
                        if lenient {
                            self.warn(
                                Kind::ResultSpelling,
                                span,
                                format!("result written as {:?}; read as {}", &at[..at.len() - after.len()], outcome),
                            );
                        }
                        return self.finish(lines, cast, outcome, span, after);
                    } else if let Some((after, number, seat)) = bughouse_number(at) {
                        // BPGN: the number names the board and the color (`12B.`, `12b.`).
                        let span = self.span(at, at.len() - after.len());
                        let Some(number) = number else {
                            let written = shorten(&at[..at.len() - after.len()]);
                            return Err(self.error(span, format!("move number {written} is too large")));
                        };
                        seated = Some((number, seat, span));
                        numbered = None;
                        after
                    } else if let Some((after, number, dots)) = move_number_token(at) {
                        let span = self.span(at, at.len() - after.len());
                        let Some(number) = number else {
                            let written = shorten(&at[..at.len() - after.len()]);
                            return Err(self.error(span, format!("move number {written} is too large")));
                        };
                        if dots == 0 {
                            self.warn(Kind::MoveNumberForm, span, "move number without a period");
                        }
                        numbered = Some((number, dots < 2, span));
                        after
                    } else if c == '.' || c == '…' {
                        // `12. ... Nf6`: the periods of a black move number written apart.
                        let after = at.trim_start_matches(['.', '…']);
                        let span = self.span(at, at.len() - after.len());
                        match numbered.as_mut() {
                            Some(n) => n.1 = false,
                            None => self.warn(Kind::MoveNumberForm, span, "periods without a move number; ignored"),
                        }
                        after
                    } else if let Some(after) = at.strip_prefix("e.p.") {
                        self.warn(
                            Kind::EnPassantMark,
                            self.span(at, 4),
                            "'e.p.' after an en passant capture is not SAN; ignored",
                        );
                        after
                    } else {
                        self.numbered_turn(at, &mut lines, cast.take(), (numbered.take(), seated.take()), start)?
                    }
                }
            };
        }
    }

    /// Reads the turn at `at`, after the die cast and the move number written before it.
    fn numbered_turn(
        &mut self,
        at: &'a str,
        lines: &mut [Line],
        cast: Option<(u16, Span)>,
        (numbered, seated): (Option<Numbered>, Option<Seated>),
        start: (bool, u32),
    ) -> Result<&'a str, Stop> {
        let (after, mut turn) = self.turn(at, cast)?;
        match seated {
            Some((_, seat, _)) => {
                // The board is the number's: a board prefix of the action's own gives way.
                turn.seat = Some(seat);
                turn.seat_actions();
            }
            None => self.check_move_number(numbered, start, lines.last().map_or(0, |l| l.ply)),
        }
        self.add_turn(lines, turn, Span::new(self.offset(at), self.offset(after)), after)
    }

    /// Warns when the move number written before a turn is not the turn's.
    fn check_move_number(&mut self, numbered: Option<(u32, bool, Span)>, start: (bool, u32), ply: u32) {
        let Some((number, white, span)) = numbered else { return };
        let (expected, expected_white) = move_number(start, ply);
        // `12.` before a black move is common and harmless; `12...` before a white move is not.
        if number != expected || (!white && expected_white) {
            let written = if white { "." } else { "..." };
            let side = if expected_white { "." } else { "..." };
            self.warn(
                Kind::MoveNumber,
                span,
                format!("move number says {number}{written} but this turn is {expected}{side}"),
            );
        }
    }

    /// Adds a turn read at `span` to the open line, with a suffix annotation that follows it.
    fn add_turn(&mut self, lines: &mut [Line], turn: Turn, span: Span, after: &'a str) -> Result<&'a str, Stop> {
        let line = lines.last_mut().ok_or(Stop)?;
        let pending = std::mem::take(&mut line.pending);
        let pending_nags = std::mem::take(&mut line.pending_nags);
        let node = self.game.add_noted_turn(line.parent, turn, span, pending.into(), pending_nags);
        line.parent = node;
        line.last = Some(node);
        line.ply = line.ply.saturating_add(1);
        let after = match after.as_bytes().first() {
            Some(b'!' | b'?') => match lex::suffix_annotation(after) {
                Ok((rest, nag)) => {
                    self.game.node_mut(node).nags.push(nag);
                    rest
                }
                Err(_) => after,
            },
            _ => after,
        };
        self.expect_end(after)
    }

    /// One turn: actions joined by `,`.
    fn turn(&mut self, at: &'a str, cast: Option<(u16, Span)>) -> Result<(&'a str, Turn), Stop> {
        let mut turn = Turn { cast: cast.map(|(n, _)| n), actions: crate::record::Actions::new(), seat: None };
        let mut rest = at;
        loop {
            let (after, (mut action, leniencies)) = lex::action(rest)
                .map_err(|e| self.lex_error(e, rest, "a move, a move number, a comment, a variation or a result"))?;
            action.span = self.span(rest, rest.len() - after.len());
            for leniency in leniencies.into_iter().flatten() {
                if leniency == Leniency::LongAlgebraic {
                    self.long_algebraic.push(action.span);
                    continue;
                }
                let written = &rest[..rest.len() - after.len()];
                self.warn(leniency_kind(leniency), action.span, leniency_message(leniency, written));
            }
            turn.actions.push(action);
            match after.strip_prefix(',') {
                Some(next) => rest = skip_blank(next),
                None => return Ok((after, turn)),
            }
        }
    }

    /// After a token: white space or the start of another token.
    fn expect_end(&mut self, after: &'a str) -> Result<&'a str, Stop> {
        match after.chars().next() {
            None => Ok(after),
            Some(c) if c.is_whitespace() || matches!(c, '(' | ')' | '{' | ';' | '$') => Ok(after),
            Some(_) => Err(self.error(
                self.span(after, 1),
                format!("expected white space after the token, found {}", describe(after)),
            )),
        }
    }

    fn attach_comment(&mut self, lines: &mut [Line], comment: Comment) {
        let depth = lines.len();
        let Some(line) = lines.last_mut() else { return };
        match line.last {
            Some(node) => self.game.node_mut(node).comments.push(comment),
            None if depth == 1 => self.game.node_mut(NodeId::ROOT).comments.push(comment),
            None => line.pending.push(comment),
        }
    }

    fn attach_nag(&mut self, lines: &mut [Line], nag: Nag, span: Span) -> Result<(), Stop> {
        let depth = lines.len();
        let Some(line) = lines.last_mut() else { return Err(Stop) };
        match line.last {
            Some(node) => self.game.node_mut(node).nags.push(nag),
            None if depth == 1 => self.game.node_mut(NodeId::ROOT).nags.push(nag),
            None => {
                self.warn(Kind::MisplacedNag, span, "NAG before the first move of a variation; read as that move's");
                line.pending_nags.push(nag);
            }
        }
        Ok(())
    }

    fn close_open_variations(&mut self, lines: &mut Vec<Line>) {
        while lines.len() > 1 {
            if let Some(line) = lines.pop() {
                self.warn(
                    Kind::UnclosedVariation,
                    Span::new(line.opened_at, line.opened_at + 1),
                    "variation not closed before the end of the game; closed there",
                );
            }
        }
    }

    fn end_without_marker(&mut self, lines: &mut Vec<Line>, cast: Option<(u16, Span)>, at: &str) -> Result<(), Stop> {
        if let Some((_, span)) = cast {
            return Err(self.error(span, "die cast not followed by a turn"));
        }
        self.close_open_variations(lines);
        let tag = self.game.tag("Result").and_then(Outcome::from_pgn);
        let outcome = tag.unwrap_or(Outcome::Unknown);
        self.warn(
            Kind::MissingResult,
            self.span(at, 0),
            format!(
                "the game ends without a result (1-0, 0-1, 1/2-1/2 or *); {outcome} {} is used",
                if tag.is_some() { "from the Result tag" } else { "(unknown)" }
            ),
        );
        self.game.outcome = outcome;
        Ok(())
    }

    fn finish(
        &mut self,
        mut lines: Vec<Line>,
        cast: Option<(u16, Span)>,
        outcome: Outcome,
        span: Span,
        mut rest: &'a str,
    ) -> Result<(), Stop> {
        if let Some((_, cast_span)) = cast {
            return Err(self.error(cast_span, "die cast not followed by a turn"));
        }
        if lines.len() > 1 {
            return Err(self.error(span, "result inside a variation"));
        }
        self.close_open_variations(&mut lines);
        // Whether the Result tag agrees is a question of content, which validation answers.
        self.game.outcome = outcome;
        loop {
            let at = skip_blank(rest);
            let line_start = self.text[..self.offset(at)].ends_with('\n');
            match at.chars().next() {
                None => return Ok(()),
                Some('{') => {
                    let (after, comment) = self.brace_comment(at)?;
                    self.game.trailing.push(comment);
                    rest = after;
                }
                Some(';') => {
                    let (after, comment) = self.line_comment(at)?;
                    self.game.trailing.push(comment);
                    rest = after;
                }
                Some('%') if line_start => rest = self.escape_line(at),
                Some(c) if lex::is_filler(c) => rest = self.skip_filler(at),
                Some('[') if forum_delimiter(at).is_some() => {
                    let after = forum_delimiter(at).unwrap_or(at);
                    self.warn(Kind::ForumDelimiter, self.span(at, at.len() - after.len()), "forum delimiter ignored");
                    rest = after;
                }
                Some(_) => {
                    return Err(self.error(
                        self.span(at, at.chars().next().map_or(0, char::len_utf8)),
                        format!("{} after the game's result; a new game starts with its tag pairs", describe(at)),
                    ));
                }
            }
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn leniency_kind(leniency: Leniency) -> Kind {
    match leniency {
        Leniency::ZeroCastling => Kind::ZeroCastling,
        Leniency::NullMoveSpelling => Kind::NullMoveSpelling,
        Leniency::PromotionWithoutEquals => Kind::PromotionWithoutEquals,
        Leniency::DoubleCheckMark => Kind::DoublePlus,
        Leniency::LongAlgebraic => Kind::LongAlgebraic,
        Leniency::ColonCapture => Kind::ColonCapture,
        Leniency::UnicodeDash => Kind::UnicodeDash,
        Leniency::EnPassantMark => Kind::EnPassantMark,
    }
}

fn leniency_message(leniency: Leniency, written: &str) -> String {
    match leniency {
        Leniency::ZeroCastling => format!("castling written with zeros ({written}); read as O-O or O-O-O"),
        Leniency::NullMoveSpelling => format!("null move written as {written}; read as --"),
        Leniency::PromotionWithoutEquals => format!("promotion without '=' ({written})"),
        Leniency::DoubleCheckMark => format!("'++' for check ({written}); read as '+'"),
        Leniency::LongAlgebraic => format!("long algebraic notation ({written}); kept with its origin square"),
        Leniency::ColonCapture => format!("':' for a capture ({written}); read as 'x'"),
        Leniency::UnicodeDash => format!("a Unicode dash in {written}; read as '-'"),
        Leniency::EnPassantMark => format!("'e.p.' after an en passant capture ({written}) is not SAN; ignored"),
    }
}

/// A short description of what starts `at`, for messages.
/// `text`, or its first 40 characters and an ellipsis when it is longer.
fn shorten(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]).into(),
        None => text.into(),
    }
}

fn describe(at: &str) -> String {
    match at.chars().next() {
        None => "the end of the game".to_owned(),
        Some(c) if c.is_control() => format!("the control character U+{:04X}", u32::from(c)),
        // What cannot be seen is named by its code point alone.
        Some(c) if c.is_whitespace() || chars::name(c).is_some_and(|_| !c.is_alphanumeric()) => {
            chars::name(c).unwrap_or_else(|| format!("{c:?}"))
        }
        Some(_) => {
            let token: String = at.chars().take_while(|c| !c.is_whitespace()).take(20).collect();
            match chars::first_named(&token) {
                Some(name) => format!("\"{token}\" with {name}"),
                None => format!("\"{token}\""),
            }
        }
    }
}

/// Skips white space (including the no-break space some exporters write).
fn skip_blank(s: &str) -> &str {
    let ascii = s.bytes().take_while(u8::is_ascii_whitespace).count();
    let s = &s[ascii..];
    if s.as_bytes().first().is_some_and(u8::is_ascii) {
        return s;
    }
    s.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// Whether `c` ends a tag name: white space, `"` or `]`. What the writer writes back as a
/// name must not hold one (notation/SPEC.md, "Tag pair").
pub fn ends_tag_name(c: char) -> bool {
    c.is_whitespace() || c == '"' || c == ']'
}

/// Quotes that word processors put for `"`: the curly double and single quotes, low and
/// reversed ones, guillemets and the full-width quote.
fn is_typographic_quote(c: char) -> bool {
    matches!(
        c,
        '\u{201C}'
            | '\u{201D}'
            | '\u{201E}'
            | '\u{201F}'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{201A}'
            | '\u{201B}'
            | '\u{00AB}'
            | '\u{00BB}'
            | '\u{2039}'
            | '\u{203A}'
            | '\u{FF02}'
    )
}

/// Skips the white space inside a tag pair's line: any but a line end.
fn skip_tag_spaces(s: &str) -> &str {
    let ascii = s.bytes().take_while(|&b| b == b' ' || b == b'\t').count();
    let s = &s[ascii..];
    match s.as_bytes().first() {
        Some(&b) if b.is_ascii() && b != 0x0b && b != 0x0c => s,
        _ => s.trim_start_matches(|c: char| c.is_whitespace() && c != '\n' && c != '\r'),
    }
}

fn skip_spaces(s: &str) -> &str {
    &s[s.bytes().take_while(|&b| b == b' ' || b == b'\t').count()..]
}

/// A game termination marker followed by the end of a token; `true` when it was written in a
/// form the standard does not have (`½-½`, `1–0` with an en dash).
pub(super) fn result_marker(at: &str) -> Option<(&str, Outcome, bool)> {
    if !at.starts_with(['0', '1', '*', '½']) {
        return None;
    }
    const FORMS: [(&str, Outcome); 6] = [
        ("1/2-1/2", Outcome::Draw),
        ("1-0", Outcome::WhiteWins),
        ("0-1", Outcome::BlackWins),
        ("*", Outcome::Unknown),
        ("½-½", Outcome::Draw),
        ("1/2", Outcome::Draw),
    ];
    // `1.`, `10.`, `1 ...`: a digit not followed by a dash or a slash (or a non-ASCII dash)
    // starts no result.
    if at.starts_with(['0', '1']) && at.as_bytes().get(1).is_some_and(|&b| b.is_ascii() && b != b'-' && b != b'/') {
        return None;
    }
    // Compare with every dash read as '-', keeping track of the bytes used.
    let mut normal = String::new();
    let mut ends = Vec::new();
    for (i, c) in at.char_indices().take(8) {
        normal.push(if lex::is_unicode_dash(c) { '-' } else { c });
        ends.push(i + c.len_utf8());
    }
    FORMS.iter().find_map(|&(form, outcome)| {
        normal.strip_prefix(form)?;
        let used = *ends.get(form.chars().count() - 1)?;
        let after = &at[used..];
        let next = after.chars().next();
        let ends_token =
            next.is_none_or(|c| c.is_whitespace() || lex::is_filler(c) || matches!(c, '{' | ';' | ')' | '('));
        let standard = &at[..used] == form && !matches!(form, "½-½" | "1/2");
        ends_token.then_some((after, outcome, !standard))
    })
}

/// The annotation glyphs of chess publishing, which some exporters write instead of NAGs.
const GLYPHS: [(&str, u8); 22] = [
    ("+/-", 16),
    ("-/+", 17),
    ("+-", 18),
    ("-+", 19),
    ("+=", 14),
    ("=+", 15),
    ("=/∞", 44),
    ("⩲", 14),
    ("⩱", 15),
    ("±", 16),
    ("∓", 17),
    ("∞", 13),
    ("=", 10),
    ("□", 7),
    ("⨀", 22),
    ("⟳", 32),
    ("↑", 36),
    ("→", 40),
    ("⇆", 132),
    ("⊕", 138),
    ("∆", 140),
    ("⌓", 142),
];

/// An annotation glyph standing as a token of its own, as its NAG.
fn glyph(at: &str) -> Option<(&str, Nag)> {
    GLYPHS.iter().find_map(|&(glyph, nag)| {
        let after = at.strip_prefix(glyph)?;
        after
            .chars()
            .next()
            .is_none_or(|c| c.is_whitespace() || matches!(c, '{' | ';' | ')' | '('))
            .then_some((after, Nag(nag)))
    })
}

/// The glyphs that start with `-` (`-+`, `-/+`), which a pass `--` must not be taken for.
fn minus_glyph(at: &str) -> Option<(&str, Nag)> {
    if at.starts_with("--") { None } else { at.starts_with('-').then(|| glyph(at)).flatten() }
}

/// `[pgn]` and `[/pgn]`: the delimiters of forum posts, which some pasted games keep.
pub(super) fn forum_delimiter(at: &str) -> Option<&str> {
    ["[pgn]", "[/pgn]", "[PGN]", "[/PGN]"].iter().find_map(|d| at.strip_prefix(d))
}

/// A move number indication: digits, optional spaces, then periods (`12.`, `12...`, `12 .`)
/// or the ellipsis character. Returns the number and how many periods (0 for a bare number).
/// A move number: what follows it, the number (`None`: too large for one), and the periods.
pub(super) fn move_number_token(at: &str) -> Option<(&str, Option<u32>, usize)> {
    let digits_len = at.bytes().take_while(u8::is_ascii_digit).count();
    if digits_len == 0 {
        return None;
    }
    let number = at[..digits_len].parse::<u32>().ok();
    let after_digits = &at[digits_len..];
    let after_spaces = skip_spaces(after_digits);
    let (mut dots_len, mut dots) = (0, 0);
    loop {
        let rest = &after_spaces.as_bytes()[dots_len..];
        if rest.first() == Some(&b'.') {
            (dots_len, dots) = (dots_len + 1, dots + 1);
        } else if rest.starts_with("…".as_bytes()) {
            (dots_len, dots) = (dots_len + "…".len(), dots + 3);
        } else {
            break;
        }
    }
    if dots > 0 {
        return Some((&after_spaces[dots_len..], number, dots));
    }
    // A bare number only when followed by white space: `0-0` and `2:Nf3` are not numbers.
    let next = after_digits.chars().next();
    next.is_none_or(char::is_whitespace).then_some((after_digits, number, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{ActionKind, Check};

    /// The common numbers and results of plain movetext read as the general readers read
    /// them, on every token of up to six characters from the characters that matter.
    #[test]
    fn plain_numbers_read_as_the_general_readers_do() {
        const ALPHABET: &[char] = &['0', '1', '2', '9', '.', '/', '-', '*', '{', ' ', 'e', '…'];
        let mut read = 0;
        lex::every_token(ALPHABET.len(), 6, |letters| {
            let token: String = letters.iter().map(|&c| ALPHABET[c]).collect();
            match plain_number(token.as_bytes()) {
                PlainNumber::Result(len, outcome) => {
                    read += 1;
                    assert_eq!(result_marker(&token), Some((&token[len..], outcome, false)), "{token:?}");
                }
                PlainNumber::Number(len, n, dots) => {
                    read += 1;
                    assert_eq!(result_marker(&token), None, "{token:?}");
                    assert_eq!(move_number_token(&token), Some((&token[len..], Some(n), dots)), "{token:?}");
                }
                PlainNumber::Neither => {}
            }
        });
        assert!(read > 1_000, "only {read} tokens read");
    }

    fn parse_ok(text: &str) -> Game {
        let parsed = parse_game(text);
        match parsed.game {
            Some(game) => game,
            None => panic!("{text}: {:?}", parsed.diagnostics),
        }
    }

    fn errors(text: &str) -> Vec<String> {
        parse_game(text).diagnostics.into_iter().filter(|d| d.is_error()).map(|d| d.message).collect()
    }

    fn warnings(text: &str) -> Vec<String> {
        parse_game(text).diagnostics.into_iter().filter(|d| !d.is_error()).map(|d| d.message).collect()
    }

    const ROSTER: &str = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n";

    #[test]
    fn values_in_typographic_quotes_are_read_with_a_warning_that_names_them() {
        for line in ["[Event “Paris”]", "[Event „Paris“]", "[Event «Paris»]", "[Event ”Paris”  ]", "[Event \"Paris”]"]
        {
            let text = format!("{line}\n\n1. e4 *\n");
            let parsed = parse_game(&text);
            let game = parsed.game.unwrap_or_else(|| panic!("{line}: {:?}", parsed.diagnostics));
            assert_eq!(game.tag("Event"), Some("Paris"), "{line}");
            let warnings: Vec<&Diagnostic> =
                parsed.diagnostics.iter().filter(|d| d.kind == Kind::TypographicQuotes).collect();
            assert_eq!(warnings.len(), 1, "{line}: {:?}", parsed.diagnostics);
            assert!(
                warnings[0].message.contains("(U+20") || warnings[0].message.contains("(U+00"),
                "{:?}",
                warnings[0]
            );
        }
        // Only around the value: a typographic quote inside one stays.
        let game = parse_ok("[Event \"Kasparov’s day\"]\n\n*\n");
        assert_eq!(game.tag("Event"), Some("Kasparov’s day"));
        // Not a tag pair at all.
        assert!(!errors("[Event “Paris]\n\n*\n").is_empty());
    }

    /// Found by the `convert` fuzz target: a vertical tab after a tag's name was read as part
    /// of the name, which a JSON record could then not carry back as a tag pair.
    #[test]
    fn a_tag_name_ends_at_any_white_space() {
        for line in ["[Round\u{b} \"2\"]", "[Round\u{c}\"2\"]", "[Round\u{a0}\"2\"]", "[\u{b}Round \"2\"]"] {
            let game = parse_ok(&format!("{line}\n\n*\n"));
            assert_eq!(game.tag("Round"), Some("2"), "{line:?}");
            let written = crate::dialect::write_game(&game);
            assert!(written.contains("[Round \"2\"]\n"), "{written}");
            assert_eq!(parse_ok(&written).tag("Round"), Some("2"));
        }
    }

    #[test]
    fn a_plain_game() {
        let game = parse_ok(&format!("{ROSTER}1. e4 e5 2. Nf3 {{good}} Nc6 $1 3. Bb5 a6 1-0\n"));
        assert_eq!(game.mainline().count(), 6);
        assert_eq!(game.outcome, Outcome::WhiteWins);
        assert_eq!(game.tag("White"), Some("W"));
        let nf3 = game.mainline().nth(2).unwrap_or(NodeId::ROOT);
        assert_eq!(game.node(nf3).comments[0].text, "good");
        assert!(warnings(&format!("{ROSTER}1. e4 e5 1-0")).is_empty());
    }

    #[test]
    fn variations_nest_and_attach_to_the_move_they_replace() {
        let game = parse_ok(&format!("{ROSTER}1. e4 (1. d4 d5 (1... Nf6 2. c4)) (1. c4) e5 1-0"));
        let root_children: Vec<NodeId> = game.children(NodeId::ROOT).collect();
        assert_eq!(root_children.len(), 3);
        let d4 = root_children[1];
        assert_eq!(game.children(d4).count(), 2);
        assert_eq!(game.mainline().count(), 2);
    }

    #[test]
    fn a_hundred_thousand_nested_variations() {
        let depth = 100_000;
        let mut text = String::from(ROSTER);
        text.push_str("1. e4 ");
        for _ in 0..depth {
            text.push_str("(1. d4 ");
        }
        text.push_str(&")".repeat(depth));
        text.push_str(" 1-0");
        let unbounded = Limits { depth: usize::MAX, ..Limits::default() };
        let game = parse_game_with(&text, &unbounded).game.unwrap_or_default();
        assert_eq!(game.turn_count(), depth + 1);
    }

    #[test]
    fn input_past_a_limit_is_an_error_that_names_its_option() {
        let limits = Limits { depth: 2, tag_bytes: 20, comment_bytes: 10, ..Limits::default() };
        let errors = |text: &str| -> Vec<String> {
            let parsed = parse_game_with(text, &limits);
            let errors: Vec<String> =
                parsed.diagnostics.into_iter().filter(|d| d.is_error()).map(|d| d.message).collect();
            assert_eq!(parsed.game.is_none(), !errors.is_empty(), "{text}");
            errors
        };
        assert!(errors("1. e4 (1. d4 (1. c4)) *").is_empty());
        assert_eq!(
            errors("1. e4 (1. d4 (1. c4 (1. Nf3))) *"),
            ["variations nested more than 2 deep (--max-depth raises the limit)"]
        );
        // Twenty bytes of name and value: `Event` and fifteen.
        assert!(errors("[Event \"123456789012345\"]\n\n*").is_empty());
        assert_eq!(
            errors("[Event \"1234567890123456\"]\n\n*"),
            ["tag Event is 21 bytes long, over the limit of 20 (--max-tag-size raises it)"]
        );
        assert_eq!(
            errors("[Event \"12345678901234567]\n\n*"),
            ["tag Event is 22 bytes long, over the limit of 20 (--max-tag-size raises it)"]
        );
        assert!(errors("1. e4 {0123456789} ;0123456789\n*").is_empty());
        for long in ["1. e4 {01234567890} *", "1. e4 ;01234567890\n*", "{01234567890} 1. e4 *"] {
            assert_eq!(errors(long), ["comment of 11 bytes, over the limit of 10 (--max-comment-size raises it)"]);
        }
    }

    #[test]
    fn turns_of_several_actions_and_a_die_cast() {
        let game = parse_ok(&format!("{ROSTER}1. <3> Ke1<>Rh1,e4 <2> Nf6,d5 1-0"));
        let first = game.mainline().next().unwrap_or(NodeId::ROOT);
        let turn = &game.node(first).turn;
        assert_eq!(turn.cast, Some(3));
        assert_eq!(turn.actions.len(), 2);
        assert!(matches!(turn.actions[0].kind, ActionKind::Swap { .. }));
    }

    #[test]
    fn check_marks_and_suffix_annotations() {
        let game = parse_ok(&format!("{ROSTER}1. e4!? e5?? 2. Qh5+ Nc6 3. Qxf7# 1-0"));
        let nodes: Vec<NodeId> = game.mainline().collect();
        assert_eq!(game.node(nodes[0]).nags, vec![Nag(5)]);
        assert_eq!(game.node(nodes[1]).nags, vec![Nag(4)]);
        assert_eq!(game.node(nodes[2]).turn.actions[0].check, Check::Check);
        assert_eq!(game.node(nodes[4]).turn.actions[0].check, Check::Mate);
    }

    #[test]
    fn comments_at_the_start_of_variations_come_before_the_move() {
        let game = parse_ok(&format!("{ROSTER}{{opening}} 1. e4 ({{instead}} 1. d4) 1-0"));
        assert_eq!(game.root().comments[0].text, "opening");
        let d4 = game.children(NodeId::ROOT).nth(1).unwrap_or(NodeId::ROOT);
        assert_eq!(game.node(d4).comments_before[0].text, "instead");
    }

    #[test]
    fn tag_values_unescape_and_tolerate_stray_quotes() {
        let game = parse_ok("[Event \"a \\\"b\\\" \\\\ c\"]\n[Site \"The \"Big\" Hall\"]\n\n*");
        assert_eq!(game.tag("Event"), Some("a \"b\" \\ c"));
        assert_eq!(game.tag("Site"), Some("The \"Big\" Hall"));
    }

    #[test]
    fn missing_roster_tags_are_added_with_a_warning() {
        let parsed = parse_game("1. e4 *");
        let game = parsed.game.unwrap_or_default();
        assert_eq!(game.tag("Date"), Some("????.??.??"));
        assert_eq!(game.tag("Result"), Some("*"));
        assert!(
            parsed.diagnostics[0].message.starts_with("missing tags Event, Site, Date, Round, White, Black, Result"),
            "{:?}",
            parsed.diagnostics
        );
    }

    #[test]
    fn defects_read_with_warnings() {
        let w = warnings(&format!("{ROSTER}1. 0-0 Z0 2. e2e4 e8Q 3. Qh5++ e.p. 1-0"));
        assert_eq!(w.len(), 6, "{w:?}");
        let w = warnings(&format!("{ROSTER}1. e4 e5"));
        assert!(w[0].contains("without a result"), "{w:?}");
        let w = warnings(&format!("{ROSTER}1. e4 3. e5 1-0"));
        assert!(w[0].contains("move number says 3. but this turn is 1..."), "{w:?}");
    }

    #[test]
    fn black_to_move_from_a_fen() {
        let text = "[FEN \"8/8/8/8/8/8/8/k6K b - - 0 40\"]\n[SetUp \"1\"]\n\n40... Ka2 41. Kh2 *";
        let parsed = parse_game(text);
        assert!(parsed.diagnostics.iter().all(|d| !d.message.contains("move number")), "{:?}", parsed.diagnostics);
    }

    #[test]
    fn errors_say_what_was_expected() {
        assert_eq!(errors(&format!("{ROSTER}1. e4 ?? e5")).len(), 0);
        let e = errors(&format!("{ROSTER}1. e4 e5 2. Nf3 Xyz 1-0"));
        assert_eq!(e.len(), 1);
        assert!(e[0].starts_with("expected"), "{e:?}");
        assert!(errors(&format!("{ROSTER}1. e4 {{ never closed")).len() == 1);
        assert!(errors(&format!("{ROSTER}( 1. e4 ) 1-0")).len() == 1);
        assert!(errors(&format!("{ROSTER}1. e4 1-0 2. d4")).len() == 1);
        assert!(errors(&format!("{ROSTER}1. e4 (1. d4 1-0)")).len() == 1);
        assert!(errors(&format!("{ROSTER}1. e4 <3> 1-0")).len() == 1);
        assert!(errors("[Event \"x\n\n1. e4 *").len() == 1);
        assert!(errors("[ \"x\"]\n\n1. e4 *").len() == 1);
        assert!(errors(&format!("{ROSTER}1. e4 \u{7} e5")).len() == 1);
        // NUL padding, as some old archives have, is only a warning.
        assert!(errors(&format!("{ROSTER}1. e4 \u{0} e5 1-0\u{0}\u{0}")).is_empty());
        assert_eq!(warnings(&format!("{ROSTER}1. e4 \u{0} e5 1-0\u{0}\u{0}")).len(), 2);
    }

    /// A bughouse record (BPGN) reads as turns that name their board and color, the clock
    /// readings after them kept as comments, and names the variant bughouse.
    #[test]
    fn bughouse_numbers_name_the_board_and_the_color() {
        let text = "[Event \"FICS rated bughouse match\"]\n[WhiteA \"p\"][WhiteAElo \"1\"]\n\n1A. e3{58.6} 1a. Nf6{59.9} 1B. d4 *";
        let parsed = parse_game(text);
        let game = parsed.game.unwrap_or_else(|| panic!("{:?}", parsed.diagnostics));
        assert!(!parsed.diagnostics.iter().any(|d| d.is_error()), "{:?}", parsed.diagnostics);
        let seats: Vec<_> = game.mainline().map(|id| game.node(id).turn.seat).collect();
        let seat = |board, white| Some(Seat { board, white });
        assert_eq!(seats, [seat(1, true), seat(1, false), seat(2, true)]);
        let last = game.mainline().last().map(|id| game.node(id).turn.actions[0].board);
        assert_eq!(last, Some(Some(2)));
        let first = game.mainline().next().map(|id| game.node(id).comments[0].text.clone());
        assert_eq!(first.as_deref(), Some("58.6"));
        assert_eq!(game.variant_name(), Some("bughouse"));
        assert!(is_bughouse_number("12b. Nf3") && !is_bughouse_number("12. b4") && !is_bughouse_number("1e4"));
    }

    /// A message that points at a character a reader cannot see, or can take for another,
    /// names its code point.
    #[test]
    fn invisible_and_look_alike_characters_are_named() {
        let cases = [
            ("1. e4 1-0\n\u{200b}[Event \"B\"]\n", "U+200B (a zero width space) after the game's result"),
            ("1. e4 \u{feff}\u{feff}\u{200b} *", "found U+200B (a zero width space)"),
            ("1. e4\u{200b} e5 *", "found \"e4\u{200b}\" with U+200B (a zero width space)"),
            ("1. \u{39d}f3 *", "found \"\u{39d}f3\" with U+039D (Greek capital letter nu, which looks like N)"),
            ("1. e4 \u{2060}e5 *", "U+2060 (a word joiner)"),
            // (A value in typographic quotes is read, with a warning; one never closed is not.)
            ("[Event \u{201c}Paris]\n\n*", "found U+201C (a left double quotation mark, which looks like \")"),
        ];
        for (text, expected) in cases {
            let errors = errors(text);
            assert!(errors.iter().any(|e| e.contains(expected)), "{text:?}: {errors:?}");
        }
        let parsed = parse_game("[Ev\u{200b}ent \"x\"]\n\n*");
        let messages: Vec<&str> = parsed.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert!(messages.iter().any(|m| m.ends_with("does not allow: U+200B (a zero width space)")), "{messages:?}");
    }

    #[test]
    fn trailing_comments_and_escape_lines_are_kept() {
        let game = parse_ok(&format!("%first\n{ROSTER}1. e4 1-0 {{after}}\n%second\n"));
        assert_eq!(game.escapes.len(), 2);
        assert_eq!(game.trailing[0].text, "after");
    }

    #[test]
    fn move_numbers() {
        assert_eq!(move_number_token("12. e4"), Some((" e4", Some(12), 1)));
        assert_eq!(move_number_token("12...e5"), Some(("e5", Some(12), 3)));
        assert_eq!(move_number_token("12 . e4"), Some((" e4", Some(12), 1)));
        assert_eq!(move_number_token("12…e5"), Some(("e5", Some(12), 3)));
        assert_eq!(move_number_token("0-0"), None);
        assert_eq!(move_number_token("2:Nf3"), None);
        assert_eq!(move_number_token("99999999999. e4"), Some((" e4", None, 1)));
        assert_eq!(move_number((true, 1), 0), (1, true));
        assert_eq!(move_number((true, 1), 1), (1, false));
        assert_eq!(move_number((false, 40), 0), (40, false));
        assert_eq!(move_number((false, 40), 1), (41, true));
    }
}
