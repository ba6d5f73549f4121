//! Tokens of the dialect, as nom parsers over `&str`.
//!
//! Each parser reads one token at the start of its input and returns the rest. They know the
//! shape of squares, actions, tag pairs and the small tokens of movetext, nothing about what
//! a move means. Failures carry what was expected ([`LexError`]); a branch that has committed
//! (say, `<` of a die cast) fails with `nom::Err::Failure` so that no other branch is tried.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{opt, value};
use nom::error::{ContextError, ErrorKind, ParseError};
use nom::{IResult, Parser};

use super::plain::{San, SanKind};
use crate::record::{
    Action, ActionKind, CastleSide, Check, Gate, Move, Nag, PieceAt, PieceLetter, Placement, SquareName, read_file,
};

/// Why a token could not be read: where, and what would have been accepted there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LexError<'a> {
    /// The input at the failing place.
    pub at: &'a str,
    /// What was expected, for the message (`""` when nothing more specific is known).
    pub expected: &'static str,
}

impl<'a> ParseError<&'a str> for LexError<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        LexError { at: input, expected: "" }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Keep the error that got furthest: it says the most about what went wrong.
        if other.at.len() < self.at.len() { other } else { self }
    }
}

impl<'a> ContextError<&'a str> for LexError<'a> {
    fn add_context(_: &'a str, ctx: &'static str, mut other: Self) -> Self {
        if other.expected.is_empty() {
            other.expected = ctx;
        }
        other
    }
}

impl fmt::Display for LexError<'_> {
    /// `expected a square, found "z9"`: what would have been read, and the start of what was
    /// there instead (a token, at most 20 characters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let token: String = self.at.chars().take_while(|c| !c.is_whitespace()).take(20).collect();
        let found = match self.at.chars().next() {
            None => "the end of the text".to_owned(),
            Some(c) if token.is_empty() => format!("{:?}", c),
            Some(_) => format!("\"{}\"", token.escape_debug()),
        };
        match self.expected {
            "" => write!(f, "cannot read {found}"),
            expected => write!(f, "expected {expected}, found {found}"),
        }
    }
}

impl std::error::Error for LexError<'_> {}

/// A token parser's result.
pub type Lexed<'a, T> = IResult<&'a str, T, LexError<'a>>;

fn fail<'a, T>(at: &'a str, expected: &'static str) -> Lexed<'a, T> {
    Err(nom::Err::Error(LexError { at, expected }))
}

fn failure<'a, T>(at: &'a str, expected: &'static str) -> Lexed<'a, T> {
    Err(nom::Err::Failure(LexError { at, expected }))
}

/// Something a lenient reader accepted that the standard would not write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leniency {
    /// `0-0` or `0-0-0` with zeros.
    ZeroCastling,
    /// `Z0`, `0000` or `@@@@` for a pass.
    NullMoveSpelling,
    /// `e8Q` without `=`.
    PromotionWithoutEquals,
    /// `++` for check.
    DoubleCheckMark,
    /// `Ng1-f3`, `e2-e4` or `e2e4`: the origin square written in full.
    LongAlgebraic,
    /// `:` for a capture.
    ColonCapture,
    /// A Unicode dash or hyphen where `-` belongs.
    UnicodeDash,
    /// `e.p.` written after an en passant capture.
    EnPassantMark,
}

/// A file: a file letter (any lowercase letter but `x`), then an apostrophe for each time
/// round the alphabet (see [`crate::record::FILE_LETTERS`]).
pub fn file(i: &str) -> Lexed<'_, u8> {
    match read_file(i) {
        Some((index, len)) => Ok((&i[len..], index)),
        None if i.starts_with(|c: char| c.is_ascii_lowercase() && c != 'x') => failure(i, "a file within 256 files"),
        None => fail(i, "a file"),
    }
}

/// A rank: a decimal number from 1 to 256 without leading zeros, returned counted from 0.
pub fn rank(i: &str) -> Lexed<'_, u8> {
    let (rest, digits) = digit1(i)?;
    if digits.starts_with('0') {
        return fail(i, "a rank from 1");
    }
    match digits.parse::<u16>() {
        Ok(n @ 1..=256) => Ok((rest, (n - 1) as u8)),
        _ => failure(i, "a rank from 1 to 256"),
    }
}

/// A square: file then rank (`e4`, `a10`, `c'14`).
pub fn square(i: &str) -> Lexed<'_, SquareName> {
    let (i, file) = file(i)?;
    let (i, rank) = rank(i)?;
    Ok((i, SquareName::new(file, rank)))
}

/// A piece letter: an uppercase ASCII letter, perhaps after `+` (a piece promoted in the
/// shogi way: `+P`).
pub fn piece(i: &str) -> Lexed<'_, PieceLetter> {
    letter_of_case(i, |c| c.is_ascii_uppercase())
}

/// A piece letter of either case: after `=` and `&`, where lower case says the piece is
/// Black's (a cancellation's remainder, notation/SPEC.md).
fn cased_piece(i: &str) -> Lexed<'_, PieceLetter> {
    letter_of_case(i, |c| c.is_ascii_alphabetic())
}

/// An uppercase letter with no `+` before it: a promotion written without `=` (`e8Q`), where
/// a `+` would be a check mark.
fn bare_letter(i: &str) -> Lexed<'_, PieceLetter> {
    let (rest, c) = satisfy(|c| c.is_ascii_uppercase()).parse(i)?;
    match PieceLetter::new(c as u8) {
        Some(p) => Ok((rest, p)),
        None => fail(i, "a piece letter"),
    }
}

/// A letter `case` accepts, perhaps after `+`.
fn letter_of_case(i: &str, case: impl Fn(char) -> bool) -> Lexed<'_, PieceLetter> {
    let (after, plus) = match i.strip_prefix('+') {
        Some(after) => (after, true),
        None => (i, false),
    };
    let (rest, c) = satisfy(case).parse(after)?;
    match PieceLetter::new(c as u8) {
        Some(p) if plus => Ok((rest, p.promoted())),
        Some(p) => Ok((rest, p)),
        None => fail(i, "a piece letter"),
    }
}

/// Whether `c` may follow a token: white space or punctuation that starts another token.
pub fn ends_token(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || is_filler(c)
                || matches!(c, '(' | ')' | '{' | '}' | ';' | '$' | ',' | '!' | '?' | '+' | '#')
        }
    }
}

/// NUL and the DOS end-of-file mark (Ctrl-Z), which old tools leave at the end of files.
pub fn is_filler(c: char) -> bool {
    c == '\0' || c == '\u{1a}'
}

fn at_token_end(i: &str) -> Lexed<'_, ()> {
    if ends_token(i.chars().next()) { Ok((i, ())) } else { fail(i, "the end of the action") }
}

fn gate(i: &str) -> Lexed<'_, Option<Gate>> {
    let Ok((rest, _)) = char::<_, LexError>('/').parse(i) else {
        return Ok((i, None));
    };
    let Ok((rest, piece)) = piece(rest) else {
        return failure(rest, "a piece letter to gate after '/'");
    };
    let (rest, at) = opt(square).parse(rest)?;
    Ok((rest, Some(Gate { piece, at })))
}

/// Whether `c` is a dash that some exporters write for `-`: the non-breaking hyphen, the en
/// and em dashes and the minus sign.
pub fn is_unicode_dash(c: char) -> bool {
    matches!(c, '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}')
}

fn castle(i: &str) -> Lexed<'_, (ActionKind, Option<Leniency>)> {
    let circle = |i| satisfy(|c| c == 'O' || c == '0').parse(i);
    let dash = |i| satisfy(|c| c == '-' || is_unicode_dash(c)).parse(i);
    let (rest, first) = circle(i)?;
    let (rest, _) = dash(rest)?;
    let (rest, _) = circle(rest)?;
    let (rest, side) = match (dash, circle).parse(rest) {
        Ok((after, _)) => (after, CastleSide::Queen),
        Err(_) => (rest, CastleSide::King),
    };
    let written = &i[..i.len() - rest.len()];
    let leniency = if first == '0' {
        Some(Leniency::ZeroCastling)
    } else if written.chars().any(is_unicode_dash) || written.contains('0') {
        Some(Leniency::UnicodeDash)
    } else {
        None
    };
    let (rest, gate) = gate(rest)?;
    let (rest, ()) = at_token_end(rest)?;
    Ok((rest, (ActionKind::Castle { side, gate }, leniency)))
}

fn pass(i: &str) -> Lexed<'_, (ActionKind, Option<Leniency>)> {
    let (rest, standard) =
        alt((value(true, tag("--")), value(false, alt((tag("Z0"), tag("0000"), tag("@@@@")))))).parse(i)?;
    let (rest, ()) = at_token_end(rest)?;
    Ok((rest, (ActionKind::Pass, (!standard).then_some(Leniency::NullMoveSpelling))))
}

fn drop(i: &str) -> Lexed<'_, ActionKind> {
    let (rest, piece) = opt(piece).parse(i)?;
    let (rest, _) = char('@').parse(rest)?;
    let Ok((rest, to)) = square(rest) else {
        return failure(rest, "a square after '@'");
    };
    Ok((rest, ActionKind::Drop { piece: piece.unwrap_or(PieceLetter::PAWN), to }))
}

fn wall(i: &str) -> Lexed<'_, ActionKind> {
    let (rest, _) = char('*').parse(i)?;
    let (rest, at) = square(rest)?;
    Ok((rest, ActionKind::Wall { at }))
}

fn piece_at(i: &str) -> Lexed<'_, PieceAt> {
    let (rest, piece) = opt(piece).parse(i)?;
    let (rest, at) = square(rest)?;
    Ok((rest, PieceAt { piece, at }))
}

/// The forms that start with a piece on a square and a mark: swap `Ke1<>Rh1`, removal of
/// blocked pawns `d4><d5`, banking `Nf3@`, gift `Nf3>`.
fn piece_on_square_forms(i: &str) -> Lexed<'_, ActionKind> {
    let (rest, first) = piece_at(i)?;
    if let Some(after) = rest.strip_prefix("<>") {
        let Ok((rest, second)) = piece_at(after) else {
            return failure(after, "a square after '<>'");
        };
        return Ok((rest, ActionKind::Swap { first, second }));
    }
    if let Some(after) = rest.strip_prefix("><") {
        if first.piece.is_some() {
            return failure(i, "two pawn squares around '><'");
        }
        let Ok((rest, second)) = square(after) else {
            return failure(after, "a square after '><'");
        };
        return Ok((rest, ActionKind::RemoveBlocked { first: first.at, second }));
    }
    if let Some(after) = rest.strip_prefix('@') {
        return Ok((after, ActionKind::Bank { piece: first.piece, from: first.at }));
    }
    if let Some(after) = rest.strip_prefix('>') {
        return Ok((after, ActionKind::Gift { piece: first.piece, from: first.at }));
    }
    fail(rest, "")
}

/// What may stand between origin and destination: `x` (capture), `-`, or `:` (capture).
fn separator(i: &str) -> Lexed<'_, Option<char>> {
    opt(satisfy(|c| matches!(c, 'x' | '-' | ':'))).parse(i)
}

/// The origin as written, the separator, and the destination of a move.
struct Path {
    from_file: Option<u8>,
    from_rank: Option<u8>,
    separator: Option<char>,
    to: SquareName,
}

/// Reads `[file][rank][separator]file rank` in one pass: the last file and rank are the
/// destination, whatever comes before them is the origin as written (`Nbd7`, `N1a3`,
/// `exd5`, `Ng1f3`, `Nab12` = from the a-file to b12).
fn path(i: &str) -> Lexed<'_, Path> {
    let (rest, first_file) = opt(file).parse(i)?;
    let (rest, first_rank) = opt(rank).parse(rest)?;
    let (rest, separator) = separator(rest)?;
    let (rest, second_file) = opt(file).parse(rest)?;
    let (rest, second_rank) = opt(rank).parse(rest)?;
    match (first_file, first_rank, separator, second_file, second_rank) {
        (from_file, from_rank, separator, Some(file), Some(rank)) => {
            Ok((rest, Path { from_file, from_rank, separator, to: SquareName::new(file, rank) }))
        }
        (Some(file), Some(rank), None, None, None) => {
            Ok((rest, Path { from_file: None, from_rank: None, separator: None, to: SquareName::new(file, rank) }))
        }
        _ => fail(i, "a square"),
    }
}

fn piece_move(i: &str) -> Lexed<'_, (ActionKind, Option<Leniency>)> {
    let (rest, piece) = opt(piece).parse(i)?;
    let (rest, path) = match path(rest) {
        Ok(ok) => ok,
        Err(nom::Err::Error(e)) => return fail(e.at, "a move, a drop or another action"),
        Err(e) => return Err(e),
    };
    let mut leniency = match path.separator {
        Some(':') => Some(Leniency::ColonCapture),
        // `e2e4`, `e4d5`: coordinates. A pawn capture that names its whole origin (`b3xc4`) is
        // SAN disambiguated by file and rank, as `Ng1f3` is: some variants need it.
        _ if path.from_file.is_some() && path.from_rank.is_some() && piece.is_none() && path.separator != Some('x') => {
            Some(Leniency::LongAlgebraic)
        }
        Some('-') => Some(Leniency::LongAlgebraic),
        _ => None,
    };
    let lower_at = |text: &str| text.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
    let mut becomes_lower = false;
    let (rest, becomes) = match char::<_, LexError>('=').parse(rest) {
        Ok((after, _)) => match cased_piece(after) {
            Ok((rest, p)) => {
                becomes_lower = lower_at(after);
                (rest, Some(p))
            }
            Err(_) => return failure(after, "a piece letter after '='"),
        },
        // (`e8Q`; a `+` here is a check mark, or a shogi promotion in coordinates, below.)
        Err(_) if piece.is_none() => {
            match bare_letter(rest) {
                Ok((after, p)) => {
                    leniency = Some(Leniency::PromotionWithoutEquals);
                    (after, Some(p))
                }
                // UCI writes the promotion in lower case after the coordinates: `e7e8q`.
                Err(_) if path.from_file.is_some() && path.from_rank.is_some() => {
                    // (`+b`: a piece promoted in the shogi way, `b2h8+b`.)
                    let (plus, letter_at) = match rest.as_bytes() {
                        [b'+', c, ..] if c.is_ascii_lowercase() => (true, 1),
                        _ => (false, 0),
                    };
                    match rest.as_bytes().get(letter_at).copied().filter(|b| b.is_ascii_lowercase() && *b != b'x') {
                        // (Followed by a cancellation's placements: `d1d4b&Pc5`.)
                        Some(letter)
                            if ends_token(rest[letter_at + 1..].chars().next())
                                || rest[letter_at + 1..].starts_with('&') =>
                        {
                            let piece = PieceLetter::new(letter).map(|p| if plus { p.promoted() } else { p });
                            (&rest[letter_at + 1..], piece)
                        }
                        _ => (rest, None),
                    }
                }
                Err(_) => (rest, None),
            }
        }
        Err(_) => (rest, None),
    };
    let mut placements = Vec::new();
    let mut rest = rest;
    while let Some(after) = rest.strip_prefix('&') {
        let lower = lower_at(after);
        let Ok((after, (piece, at))) = (cased_piece, square).parse(after) else {
            return failure(after, "a piece and a square after '&'");
        };
        placements.push(Placement { piece, at, lower });
        rest = after;
    }
    let (rest, gate) = gate(rest)?;
    let rest = match rest.strip_prefix("e.p.").or_else(|| rest.strip_prefix("ep")) {
        Some(after) if path.separator.is_some() && piece.is_none() && ends_token(after.chars().next()) => {
            leniency = leniency.or(Some(Leniency::EnPassantMark));
            after
        }
        _ => rest,
    };
    let (rest, ()) = at_token_end(rest)?;
    let m = Move {
        piece,
        from_file: path.from_file,
        from_rank: path.from_rank,
        capture: matches!(path.separator, Some('x' | ':')),
        to: path.to,
        becomes,
        becomes_lower,
        placements,
        gate,
    };
    Ok((rest, (ActionKind::Move(m), leniency)))
}

/// A board prefix: `2:`. The first board's, `1:`, says what no prefix says: it reads as none.
fn board(i: &str) -> Lexed<'_, Option<u8>> {
    let Ok((rest, digits)) = digit1::<_, LexError>(i) else {
        return Ok((i, None));
    };
    let Some(rest) = rest.strip_prefix(':') else {
        return Ok((i, None));
    };
    match digits.parse::<u8>() {
        Ok(1) if digits == "1" => Ok((rest, None)),
        Ok(n) if n >= 1 && !digits.starts_with('0') => Ok((rest, Some(n))),
        _ => failure(i, "a board number from 1 to 255"),
    }
}

fn check(i: &str) -> Lexed<'_, (Check, Option<Leniency>)> {
    if let Some(rest) = i.strip_prefix("++") {
        return Ok((rest, (Check::Check, Some(Leniency::DoubleCheckMark))));
    }
    if let Some(rest) = i.strip_prefix('+') {
        return Ok((rest, (Check::Check, None)));
    }
    if let Some(rest) = i.strip_prefix('#') {
        return Ok((rest, (Check::Mate, None)));
    }
    Ok((i, (Check::None, None)))
}

/// A suffix annotation, `!` `?` `!!` `??` `!?` `?!`, as its NAG.
pub fn suffix_annotation(i: &str) -> Lexed<'_, Nag> {
    alt((
        value(Nag(3), tag("!!")),
        value(Nag(4), tag("??")),
        value(Nag(5), tag("!?")),
        value(Nag(6), tag("?!")),
        value(Nag(1), tag("!")),
        value(Nag(2), tag("?")),
    ))
    .parse(i)
}

/// An action read, with the leniencies its move and its check mark needed.
pub type ReadAction = (Action, [Option<Leniency>; 2]);

/// One action with its board prefix and check mark; the leniencies it needed.
#[inline]
pub fn action(i: &str) -> Lexed<'_, ReadAction> {
    match plain_san(i) {
        Some(read) => Ok(read),
        None => any_action(i),
    }
}

/// The SAN moves that make up nearly all of every archive, read byte by byte: `e4`, `exd5`,
/// `Nbd7`, `R1a3`, `Qh4xe1`, `e8=Q`, drops `N@f3`, each perhaps with `+` or `#`, on files `a`
/// to `z` and ranks `1` to `9`; also coordinates `e2e4`, with their leniency, as converted
/// records write them. `None` for anything else (other forms and leniencies, errors), which
/// the general parsers then read; where this reads a token, they would read it the same way.
fn plain_san(i: &str) -> Option<(&str, ReadAction)> {
    let b = i.as_bytes();
    let file_at = |at: usize| {
        // `x` names no file: `y` is the 24th file, `z` the 25th.
        b.get(at)
            .filter(|c| c.is_ascii_lowercase() && **c != b'x' && b.get(at + 1) != Some(&b'\''))
            .map(|&c| if c < b'x' { c - b'a' } else { c - b'a' - 1 })
    };
    let rank_at = |at: usize| {
        b.get(at)
            .filter(|c| matches!(c, b'1'..=b'9') && !b.get(at + 1).is_some_and(u8::is_ascii_digit))
            .map(|c| c - b'1')
    };
    let mut at = 0;
    let piece = match b.first() {
        Some(&c) if c.is_ascii_uppercase() && c != b'O' && c != b'Z' => {
            at = 1;
            PieceLetter::new(c)
        }
        _ => None,
    };
    if b.get(at) == Some(&b'@') {
        // A drop: `P@e4`, `@e4` (a pawn), `N@f3+`.
        let (Some(file), Some(rank)) = (file_at(at + 1), rank_at(at + 2)) else { return None };
        let kind = ActionKind::Drop { piece: piece.unwrap_or(PieceLetter::PAWN), to: SquareName::new(file, rank) };
        return finish_plain(i.get(at + 3..)?, kind);
    }
    let first_file = file_at(at);
    at += usize::from(first_file.is_some());
    let first_rank = rank_at(at);
    at += usize::from(first_rank.is_some());
    let capture = b.get(at) == Some(&b'x');
    at += usize::from(capture);
    let second_file = file_at(at);
    at += usize::from(second_file.is_some());
    let second_rank = rank_at(at);
    at += usize::from(second_rank.is_some());
    let (from_file, from_rank, to) = match (first_file, first_rank, capture, second_file, second_rank) {
        (from_file, from_rank, _, Some(file), Some(rank)) => (from_file, from_rank, SquareName::new(file, rank)),
        (Some(file), Some(rank), false, None, None) => (None, None, SquareName::new(file, rank)),
        _ => return None,
    };
    // `e2e4`: long algebraic, a leniency (the piece standing there says what moves); `b3xc4`
    // is SAN, as in [`piece_move`].
    let leniency =
        (piece.is_none() && from_file.is_some() && from_rank.is_some() && !capture).then_some(Leniency::LongAlgebraic);
    let becomes = if b.get(at) == Some(&b'=') {
        let letter = b.get(at + 1).filter(|c| c.is_ascii_uppercase()).and_then(|&c| PieceLetter::new(c))?;
        at += 2;
        Some(letter)
    } else {
        None
    };
    let m = Move {
        piece,
        from_file,
        from_rank,
        capture,
        to,
        becomes,
        becomes_lower: false,
        placements: Vec::new(),
        gate: None,
    };
    let (rest, (action, _)) = finish_plain(i.get(at..)?, ActionKind::Move(m))?;
    Some((rest, (action, [leniency, None])))
}

/// The bytes that end a token [`common_san`] reads: ASCII white space, `{` and `,`.
static ENDS_SAN: [bool; 256] = {
    let mut table = [false; 256];
    let ends = *b" \t\n\r\x0C{,";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

/// The SAN of orthodox chess and Crazyhouse as nearly every archive writes it, read at `b`
/// (an action's text and what follows it): `O-O` or `O-O-O`; a drop, `N@f3` (`@f3` or
/// `P@f3` for a pawn, and the letters `K`, `Q`, `R`, `B`, `N`); a banking, `Nf3@` (`Pf3@` for a
/// pawn); or a move: an optional piece
/// letter `K`, `Q`, `R`, `B` or `N`, an origin file `a`-`h` and rank `1`-`8` as needed (not
/// both without a letter), `x`, the target on the 8x8 board, `=Q`, `=R`, `=B` or `=N`. Then
/// `+` or `#`, then ASCII white space, `{`, `,` or the end. The length read and the action,
/// exactly as [`action`] reads the same text; `None` for anything else, which [`action`]
/// reads.
#[inline(always)]
pub fn common_san(b: &[u8]) -> Option<(usize, San)> {
    // The token runs to white space, `{` or `,`; it is read from both ends: the check mark
    // and the promotion at its end, the target before them, and what comes before the target
    // from the start.
    let len = b.iter().position(|&c| ENDS_SAN[usize::from(c)]).unwrap_or(b.len());
    let (body, check) = match &b[..len] {
        [body @ .., b'+'] => (body, Check::Check),
        [body @ .., b'#'] => (body, Check::Mate),
        body => (body, Check::None),
    };
    let file = |c: u8| matches!(c, b'a'..=b'h').then(|| c - b'a');
    let rank = |c: u8| matches!(c, b'1'..=b'8').then(|| c - b'1');
    let square = |f: u8, r: u8| Some(SquareName::new(file(f)?, rank(r)?));
    let kind = match *body {
        // The commonest shapes first: `e4`, `Nf3`.
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => SanKind::Move {
            piece: None,
            from_file: None,
            from_rank: None,
            capture: false,
            to: SquareName::new(f - b'a', r - b'1'),
            becomes: None,
        },
        [p @ (b'K' | b'Q' | b'R' | b'B' | b'N'), f @ b'a'..=b'h', r @ b'1'..=b'8'] => SanKind::Move {
            piece: PieceLetter::new(p),
            from_file: None,
            from_rank: None,
            capture: false,
            to: SquareName::new(f - b'a', r - b'1'),
            becomes: None,
        },
        [b'O', b'-', b'O'] => SanKind::Castle(CastleSide::King),
        [b'O', b'-', b'O', b'-', b'O'] => SanKind::Castle(CastleSide::Queen),
        [b'@', f, r] => SanKind::Drop { piece: PieceLetter::PAWN, to: square(f, r)? },
        [p @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P'), b'@', f, r] => {
            SanKind::Drop { piece: PieceLetter::new(p)?, to: square(f, r)? }
        }
        [p @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P'), f, r, b'@'] => {
            SanKind::Bank { piece: PieceLetter::new(p)?, from: square(f, r)? }
        }
        _ => {
            let (body, becomes) = match *body {
                [.., _, _, b'=', p @ (b'Q' | b'R' | b'B' | b'N')] => (&body[..body.len() - 2], Some(p)),
                [.., b'='] | [.., b'=', _] => return None,
                _ => (body, None),
            };
            let [ref head @ .., f, r] = *body else { return None };
            let to = square(f, r)?;
            let (piece, head) = match *head {
                [p @ (b'K' | b'Q' | b'R' | b'B' | b'N'), ref rest @ ..] => (PieceLetter::new(p), rest),
                ref head => (None, head),
            };
            let (capture, head) = match *head {
                [ref rest @ .., b'x'] => (true, rest),
                ref head => (false, head),
            };
            let (from_file, head) = match *head {
                [f, ref rest @ ..] if file(f).is_some() => (file(f), rest),
                ref head => (None, head),
            };
            let (from_rank, head) = match *head {
                [r, ref rest @ ..] if rank(r).is_some() => (rank(r), rest),
                ref head => (None, head),
            };
            // Coordinates (`e2e4`) are a leniency, for `action` to read.
            if !head.is_empty() || (piece.is_none() && from_file.is_some() && from_rank.is_some()) {
                return None;
            }
            SanKind::Move { piece, from_file, from_rank, capture, to, becomes: becomes.and_then(PieceLetter::new) }
        }
    };
    Some((len, San { kind, check }))
}

/// The end of a token [`plain_san`] reads: the token must end, then may come `+` or `#`.
fn finish_plain(rest: &str, kind: ActionKind) -> Option<(&str, ReadAction)> {
    if !ends_token(rest.chars().next()) {
        return None;
    }
    let (rest, check) = match rest.as_bytes() {
        // (`b2h8+b`: a promotion in the shogi way in coordinates, for `piece_move`.)
        [b'+', b'+', ..] | [b'+', b'a'..=b'z', ..] => return None,
        [b'+', ..] => (&rest[1..], Check::Check),
        [b'#', ..] => (&rest[1..], Check::Mate),
        _ => (rest, Check::None),
    };
    let mut action = Action::new(kind);
    action.check = check;
    Some((rest, (action, [None, None])))
}

/// [`action`] by the general parsers: every form, with its leniencies and errors.
fn any_action(i: &str) -> Lexed<'_, ReadAction> {
    let (body, board) = board(i)?;
    // Most actions are plain SAN moves: go straight to them unless the first character or a
    // mark in the token says otherwise.
    let token_len = body.find(|c: char| ends_token(Some(c))).unwrap_or(body.len());
    let plain = body.starts_with(|c: char| c.is_ascii_alphabetic() && c != 'O' && c != 'Z')
        && !body[..token_len].contains(['<', '>', '@']);
    let (rest, (kind, leniency)) = if plain { piece_move(body)? } else { special_action(body)? };
    let (rest, ()) = at_token_end(rest)?;
    let (rest, (check, check_leniency)) = check(rest)?;
    let mut action = Action::new(kind);
    action.board = board;
    action.check = check;
    Ok((rest, (action, [leniency, check_leniency])))
}

/// The actions that are not plain moves: castling, passes, drops, walls, swaps, removals,
/// banking and gifts (and moves of pieces lettered `O` or `Z`).
fn special_action(body: &str) -> Lexed<'_, (ActionKind, Option<Leniency>)> {
    let (rest, (kind, leniency)) = match castle(body) {
        Ok(ok) => ok,
        Err(nom::Err::Error(_)) => match pass(body) {
            Ok(ok) => ok,
            Err(nom::Err::Error(_)) => {
                let other = alt((drop, wall, piece_on_square_forms)).parse(body);
                match other {
                    Ok((rest, kind)) => (rest, (kind, None)),
                    Err(nom::Err::Error(_)) => piece_move(body)?,
                    Err(e) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        },
        Err(e) => return Err(e),
    };
    Ok((rest, (kind, leniency)))
}

/// A NAG: `$` and a number from 0 to 255.
pub fn nag(i: &str) -> Lexed<'_, Nag> {
    let (rest, _) = char('$').parse(i)?;
    let Ok((rest, digits)) = digit1::<_, LexError>(rest) else {
        return failure(rest, "a number after '$'");
    };
    match digits.parse::<u8>() {
        Ok(n) => Ok((rest, Nag(n))),
        Err(_) => failure(i, "a NAG from $0 to $255"),
    }
}

/// A die cast: `<` number `>`.
pub fn cast(i: &str) -> Lexed<'_, u16> {
    let (rest, _) = char('<').parse(i)?;
    let Ok((rest, digits)) = digit1::<_, LexError>(rest) else {
        return failure(rest, "the number cast, as in <7>");
    };
    let Some(rest) = rest.strip_prefix('>') else {
        return failure(rest, "'>' closing the die cast");
    };
    match digits.parse::<u16>() {
        Ok(n) if n >= 1 => Ok((rest, n)),
        _ => failure(i, "a die cast from 1 to 65535"),
    }
}

/// Calls `visit` with every word of 1 to `longest` letters over an alphabet of `letters`
/// letters, each letter given by its index: the exhaustive token tests' enumeration.
#[cfg(test)]
pub(crate) fn every_token(letters: usize, longest: usize, mut visit: impl FnMut(&[usize])) {
    let mut counters = Vec::new();
    for len in 1..=longest {
        counters.clear();
        counters.resize(len, 0usize);
        loop {
            visit(&counters);
            let Some(i) = counters.iter().rposition(|&c| c + 1 < letters) else { break };
            counters[i] += 1;
            counters[i + 1..].fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_was_expected_and_what_was_found() {
        let error = |at, expected| LexError { at, expected }.to_string();
        assert_eq!(error("4e rest", "a file"), "expected a file, found \"4e\"");
        assert_eq!(error("", "a square"), "expected a square, found the end of the text");
        assert_eq!(error(" x", ""), "cannot read ' '");
        assert_eq!(error("\u{1}x", ""), "cannot read \"\\u{1}x\"");
        assert_eq!(error(&"a".repeat(30), "")[..], format!("cannot read \"{}\"", "a".repeat(20)));
        let boxed: Box<dyn std::error::Error> = Box::new(LexError { at: "", expected: "" });
        assert_eq!(boxed.to_string(), "cannot read the end of the text");
    }

    /// The byte-wise reader of plain SAN agrees with the general parsers on every token it
    /// reads: every token of up to four characters from an alphabet of the characters that
    /// matter, then longer random ones.
    #[test]
    fn plain_san_reads_as_the_general_parsers_do() {
        const ALPHABET: &[char] = &[
            'N', 'K', 'O', 'Z', 'e', 'a', 'x', '1', '8', '9', '0', '=', 'Q', 'q', '+', '#', '\'', '-', ':', '@', ' ',
            '!',
        ];
        let mut read = 0;
        let mut check = |token: &str| {
            if let Some(fast) = plain_san(token) {
                read += 1;
                assert_eq!(Ok(fast), any_action(token), "{token:?}");
            }
        };
        let mut token = String::new();
        every_token(ALPHABET.len(), 4, |letters| {
            token.clear();
            token.extend(letters.iter().map(|&c| ALPHABET[c]));
            check(&token);
        });
        let mut random = crate::rules::random::XorShift::new(7);
        for _ in 0..100_000 {
            let len = 5 + (random.next_u64() % 5) as usize;
            token.clear();
            token.extend((0..len).map(|_| ALPHABET[(random.next_u64() % ALPHABET.len() as u64) as usize]));
            check(&token);
        }
        for token in [
            "e4", "exd5", "Nbd7", "R1a3", "Qh4xe1", "e8=Q+", "gxh8=N#", "Ng1f3", "Kxz9", "P@e4", "@e4", "N@f3+",
            "e2e4", "e2xd3+", "e7e8=Q", "e7e8q", "a'1b'2",
        ] {
            check(token);
        }
        assert!(read > 1_000, "only {read} tokens read byte-wise");
    }

    /// The reader of orthodox SAN agrees with [`action`] on every token it reads, and reads
    /// the common ones.
    #[test]
    fn common_san_reads_as_action_does() {
        const ALPHABET: &[u8] = b"NKQPOae h18x=+#{,9'-@";
        let mut read = 0;
        let mut check = |token: &[u8]| {
            if let Some((len, fast)) = common_san(token) {
                read += 1;
                let text = std::str::from_utf8(token).unwrap_or_default();
                match action(text) {
                    Ok((rest, (general, [None, None]))) => {
                        assert_eq!(Some(fast), San::from_action(&general), "{text:?}");
                        assert_eq!(len, text.len() - rest.len(), "{text:?}");
                    }
                    other => panic!("{text:?}: {other:?}"),
                }
            }
        };
        let mut token = Vec::new();
        every_token(ALPHABET.len(), 6, |letters| {
            token.clear();
            token.extend(letters.iter().map(|&c| ALPHABET[c]));
            check(&token);
        });
        for token in [
            "e4", "exd5", "Nbd7", "R1a3", "Qh4xe1", "e8=Q+", "gxh8=N#", "Ng1f3", "Kxe2 ", "e4{", "e4,e5", "O-O",
            "O-O-O+", "N@f3", "@e4#", "P@h7,", "Nf3@", "Pe4@+",
        ] {
            assert!(common_san(token.as_bytes()).is_some(), "{token}");
            check(token.as_bytes());
        }
        for token in ["e2e4", "e8=K", "Pe4", "i4", "e9", "e4!", "e10", "Nxe4++", "O-O-", "0-0", "Z@e4", "N@i4"] {
            assert!(common_san(token.as_bytes()).is_none(), "{token}");
        }
        assert!(read > 10_000, "only {read} tokens read");
    }

    fn kind(text: &str) -> ActionKind {
        match action(text) {
            Ok(("", (a, _))) => a.kind,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn sq(s: &str) -> SquareName {
        square(s).map(|(_, sq)| sq).unwrap_or(SquareName::new(255, 255))
    }

    fn mv(text: &str) -> Move {
        match kind(text) {
            ActionKind::Move(m) => m,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn squares_on_big_boards_are_unambiguous() {
        assert_eq!(sq("a10"), SquareName::new(0, 9));
        assert_eq!(sq("d'14"), SquareName::new(28, 13));
        let m = mv("Nab12");
        assert_eq!((m.from_file, m.from_rank, m.to), (Some(0), None, SquareName::new(1, 11)));
        let m = mv("Na'b12");
        assert_eq!((m.from_file, m.to), (Some(25), SquareName::new(1, 11)));
        let m = mv("Nab'12");
        assert_eq!((m.from_file, m.to), (Some(0), SquareName::new(26, 11)));
        // `x` is always the capture mark, on any board.
        let m = mv("Nxe5");
        assert_eq!((m.from_file, m.capture), (None, true));
        let m = mv("Nyxe5");
        assert_eq!((m.from_file, m.capture), (Some(23), true));
        let m = mv("N12a3");
        assert_eq!((m.from_rank, m.to), (Some(11), SquareName::new(0, 2)));
        assert!(square("a0").is_err());
        assert!(square("a01").is_err());
        assert!(square("a257").is_err());
    }

    #[test]
    fn san_shapes() {
        let m = mv("Nbxd7");
        assert_eq!((m.piece.map(|p| p.char()), m.from_file, m.capture, m.to), (Some('N'), Some(1), true, sq("d7")));
        let m = mv("exd8=Q");
        assert_eq!((m.piece, m.from_file, m.becomes.map(|p| p.char())), (None, Some(4), Some('Q')));
        let m = mv("Ng1-f3");
        assert_eq!((m.from_file, m.from_rank, m.capture), (Some(6), Some(0), false));
        let m = mv("Qxd4=B&Pe3&Pc3");
        assert_eq!(m.placements.len(), 2);
        let m = mv("Qxd2/H");
        assert_eq!(m.gate, Some(Gate { piece: PieceLetter::new(b'H').unwrap_or(PieceLetter::PAWN), at: None }));
    }

    #[test]
    fn every_action_kind_has_its_own_form() {
        assert!(matches!(kind("O-O-O"), ActionKind::Castle { side: CastleSide::Queen, gate: None }));
        assert!(matches!(kind("O-O/Ed1"), ActionKind::Castle { side: CastleSide::King, gate: Some(_) }));
        assert!(matches!(kind("N@f3"), ActionKind::Drop { .. }));
        assert!(matches!(kind("@e4"), ActionKind::Drop { piece: PieceLetter::PAWN, .. }));
        assert!(matches!(kind("*d5"), ActionKind::Wall { .. }));
        assert!(matches!(kind("Ke1<>Rh1"), ActionKind::Swap { .. }));
        assert!(matches!(kind("d4><d5"), ActionKind::RemoveBlocked { .. }));
        assert!(matches!(kind("Nf3@"), ActionKind::Bank { .. }));
        assert!(matches!(kind("f3>"), ActionKind::Gift { piece: None, .. }));
        assert!(matches!(kind("--"), ActionKind::Pass));
        assert!(matches!(kind("Z0"), ActionKind::Pass));
        assert!(matches!(kind("0000"), ActionKind::Pass));
        assert!(matches!(kind("Oe4"), ActionKind::Move(_)));
        assert!(matches!(kind("Zd4"), ActionKind::Move(_)));
    }

    #[test]
    fn board_prefix_and_check_marks() {
        let (rest, (a, _)) = action("2:Nf3+ x").unwrap_or(("?", (Action::new(ActionKind::Pass), [None, None])));
        assert_eq!((a.board, a.check, rest), (Some(2), Check::Check, " x"));
        assert!(action("0:Nf3").is_err());
        assert_eq!(action("1:Nf3").map(|(_, (a, _))| a.board), Ok(None));
    }

    #[test]
    fn leniencies_are_reported() {
        let lenient = |t: &str| action(t).map(|(_, (_, l))| l).unwrap_or([None, None]);
        assert_eq!(lenient("0-0")[0], Some(Leniency::ZeroCastling));
        assert_eq!(lenient("e2e4")[0], Some(Leniency::LongAlgebraic));
        assert_eq!(lenient("e8Q")[0], Some(Leniency::PromotionWithoutEquals));
        assert_eq!(lenient("Qh5++")[1], Some(Leniency::DoubleCheckMark));
        assert_eq!(lenient("Nbd7"), [None, None]);
        assert_eq!(lenient("e7e8q")[0], Some(Leniency::LongAlgebraic));
        assert!(matches!(kind("e7e8q"), ActionKind::Move(Move { becomes: Some(_), .. })));
    }

    #[test]
    fn junk_is_refused() {
        for junk in ["e4x", "Nf3@@", "K", "e", "=Q", "Ke1<>", "*", "e4&", "x", "e4=", "<>"] {
            assert!(action(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn nags_and_casts() {
        assert_eq!(nag("$255"), Ok(("", Nag(255))));
        assert!(nag("$256").is_err());
        assert_eq!(cast("<20> e4"), Ok((" e4", 20)));
        assert!(cast("<0>").is_err());
        assert!(cast("<7").is_err());
        assert_eq!(suffix_annotation("!?x"), Ok(("x", Nag(5))));
    }
}
