//! Diagnostics: what arbiter has to say about a place in a file, and how it is printed.
//!
//! A [`Diagnostic`] carries a [`Span`] relative to its game's text; line and column are
//! computed only when a message is rendered, from the game's text and the line it starts on
//! ([`Place`]), as a compiler does. Every diagnostic has a [`Kind`], a stable name users can
//! set the [`Level`] of ([`Levels`]: allow, warn, deny), as rustc's lints. This module names
//! every kind arbiter reports, and knows no rules of chess.

use std::cell::Cell;
use std::fmt;
use std::str::FromStr;

use crate::record::Span;

/// Declares [`Kind`]: every kind of diagnostic, with its stable name, its default level,
/// whether a user may change that level, and what it is about.
macro_rules! kinds {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $level:ident, $fixed:literal, $about:literal;)*) => {
        /// What a diagnostic is about: a stable name for each kind of warning and error, as
        /// notation/SPEC.md (sections 6 and 7) lists them. Users name kinds on the command
        /// line (`--allow long-algebraic`, `--deny mate-marked-as-check`); the names never
        /// change once released.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Kind {
            $($(#[$doc])* $variant,)*
        }

        impl Kind {
            /// Every kind, in the order of notation/SPEC.md.
            pub const ALL: &'static [Kind] = &[$(Kind::$variant,)*];

            /// The kind's stable name, in lower case with dashes: `long-algebraic`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Kind::$variant => $name,)*
                }
            }

            /// The level a kind has unless the user sets another.
            pub fn default_level(self) -> Level {
                match self {
                    $(Kind::$variant => Level::$level,)*
                }
            }

            /// Whether the level is fixed: an error that stops the game's reading or replay
            /// (a move that cannot be played, text that cannot be read) cannot be allowed or
            /// made a warning.
            pub fn fixed(self) -> bool {
                match self {
                    $(Kind::$variant => $fixed,)*
                }
            }

            /// What the kind is about, in a few words.
            pub fn about(self) -> &'static str {
                match self {
                    $(Kind::$variant => $about,)*
                }
            }
        }
    };
}

kinds! {
    /// An input that is not PGN at all: an HTML page, an image, an archive of another kind.
    NotPgn = "not-pgn", Deny, true, "an input that is not PGN (an HTML page, a binary file, an encrypted zip member)";
    /// An input that cannot be read, or an output that cannot be written.
    Io = "io", Deny, true, "an input that cannot be read, or an output that cannot be written";
    /// An input without a single game.
    EmptyInput = "empty-input", Warn, false, "an input that holds no game";
    /// Reading stopped at `--max-games`.
    MaxGames = "max-games", Warn, false, "reading stopped after the games --max-games allows";
    /// A game, tag pair, comment or nesting past a limit (notation/SPEC.md, "Limits").
    Limit = "limit", Deny, true, "a game, tag pair, comment or nesting of variations past a limit";
    /// Text that is not UTF-8, read as ISO-8859-1.
    Latin1 = "latin1", Warn, false, "text that is not UTF-8, read as ISO-8859-1 (Latin-1)";
    /// A byte-order mark: at the start of a file, which the canonical form leaves out, or at
    /// the start of a line inside one, where files were joined.
    ByteOrderMark = "byte-order-mark", Warn, false, "a byte-order mark (U+FEFF) before a game";
    /// Text in UTF-16, decoded; `fmt` writes it as UTF-8.
    Utf16 = "utf16", Warn, false, "a file in UTF-16, decoded (fmt writes UTF-8)";
    /// CRLF line ends, which the canonical form writes as LF.
    Crlf = "crlf", Warn, false, "CRLF line ends, which the canonical form writes as LF";
    /// Text that cannot be read: the game's reading stops there.
    Syntax = "syntax", Deny, true, "text that cannot be read as the dialect; the game's reading stops there";
    /// `[pgn]` and `[/pgn]` around a game.
    ForumDelimiter = "forum-delimiter", Warn, false, "a forum's [pgn] ... [/pgn] delimiters, ignored";
    /// NUL or Ctrl-Z characters outside comments.
    Padding = "padding", Warn, false, "NUL or Ctrl-Z characters outside comments, ignored";
    /// A tag name with characters the standard does not allow.
    TagName = "tag-name", Warn, false, "a tag name with characters the standard does not allow";
    /// A quote inside a tag value, not escaped.
    UnescapedQuote = "unescaped-quote", Warn, false, "a '\"' inside a tag value, not escaped, kept in the value";
    /// A tag value in typographic quotes (`“Paris”`).
    TypographicQuotes = "typographic-quotes", Warn, false, "a tag value in typographic quotes (“Paris”), read as in '\"'";
    /// A tag value without its closing quote.
    UnclosedValue = "unclosed-value", Warn, false, "a tag value without its closing '\"', read up to ']'";
    /// A tag pair without its closing bracket.
    UnclosedTag = "unclosed-tag", Warn, false, "a tag pair without its closing ']'";
    /// A tag name given twice in one game.
    DuplicateTag = "duplicate-tag", Warn, false, "a tag name given twice in one game; all are kept";
    /// A tag of the seven tag roster that the game lacks.
    MissingTag = "missing-tag", Warn, false, "a tag of the seven tag roster the game lacks (read as '?')";
    /// `0-0` for `O-O`.
    ZeroCastling = "zero-castling", Warn, false, "castling written with zeros (0-0)";
    /// `Z0`, `0000` or `@@@@` for `--`.
    NullMoveSpelling = "null-move-spelling", Warn, false, "a null move written Z0, 0000 or @@@@";
    /// A move in long algebraic or coordinate form in a game otherwise in SAN.
    LongAlgebraic = "long-algebraic", Warn, false, "a move in long algebraic or coordinate form (Ng1-f3, e2e4) among SAN";
    /// A game written in coordinates or long algebraic throughout.
    Coordinates = "coordinates", Warn, false, "a game written in long algebraic or coordinate form throughout";
    /// `e8Q` for `e8=Q`.
    PromotionWithoutEquals = "promotion-without-equals", Warn, false, "a promotion without '=' (e8Q)";
    /// `N:e5` for `Nxe5`.
    ColonCapture = "colon-capture", Warn, false, "':' for a capture (N:e5)";
    /// `++` for `+`.
    DoublePlus = "double-plus", Warn, false, "'++' for check";
    /// `e.p.` after an en passant capture.
    EnPassantMark = "en-passant-mark", Warn, false, "'e.p.' after an en passant capture, dropped";
    /// A Unicode dash for `-`.
    UnicodeDash = "unicode-dash", Warn, false, "a Unicode dash for '-' (1–0, O‑O)";
    /// A result written `½-½`, `1/2` and the like.
    ResultSpelling = "result-spelling", Warn, false, "a result written otherwise than 1-0, 0-1, 1/2-1/2 or *";
    /// An annotation glyph such as `±` for a NAG.
    AnnotationGlyph = "annotation-glyph", Warn, false, "an annotation glyph (±, +-, ∞) read as a NAG";
    /// An annotation separated from its move.
    SpacedAnnotation = "spaced-annotation", Warn, false, "an annotation separated from its move by a space (e4 !)";
    /// A move number without a period, or periods without a number.
    MoveNumberForm = "move-number-form", Warn, false, "a move number without a period, or periods without a number";
    /// A move number that is not the turn's.
    MoveNumber = "move-number", Warn, false, "a move number that is not the turn's";
    /// `)` without a variation to close.
    StrayParenthesis = "stray-parenthesis", Warn, false, "')' without a variation to close, ignored";
    /// A variation without a move.
    EmptyVariation = "empty-variation", Warn, false, "a variation without a move, left out";
    /// A variation still open at the end of the game.
    UnclosedVariation = "unclosed-variation", Warn, false, "a variation still open at the end of the game, closed there";
    /// A NAG before the first move of a variation.
    MisplacedNag = "misplaced-nag", Warn, false, "a NAG before the first move of a variation, moved after it";
    /// A game whose movetext ends without a result.
    MissingResult = "missing-result", Warn, false, "movetext that ends without a result";
    /// Castling rights of the FEN tag without a king and rook to use them.
    FenCastling = "fen-castling", Warn, false, "castling rights of the FEN tag without a king and rook, left out";
    /// A FEN tag whose fullmove number is 0.
    FenFullmove = "fen-fullmove", Warn, false, "a FEN tag whose fullmove number is 0, read as 1";
    /// A null move: the turn passes.
    NullMove = "null-move", Warn, false, "a null move (--), which passes the turn";
    /// A capture without `x`, or `x` on a move that captures nothing.
    CaptureMark = "capture-mark", Warn, false, "a capture without 'x', or 'x' on a move that captures nothing";
    /// A check without `+`.
    UnmarkedCheck = "unmarked-check", Warn, false, "a move that gives check, not marked with '+'";
    /// A mate without `#` or `+`.
    UnmarkedMate = "unmarked-mate", Warn, false, "a move that gives mate, not marked with '#'";
    /// A mate marked only with `+`.
    MateMarkedAsCheck = "mate-marked-as-check", Warn, false, "a move that gives mate, marked only with '+'";
    /// A check mark the position does not bear out.
    WrongCheckMark = "wrong-check-mark", Warn, false, "'+' or '#' on a move that gives no check, or '#' on a check";
    /// Moves after a draw that FIDE 9.6 makes automatic.
    MovesAfterDraw = "moves-after-draw", Warn, false, "moves after a draw the laws make automatic (FIDE 9.6)";
    /// A TimeControl tag that cannot be read (adjudicate).
    TimeControl = "time-control", Warn, false, "a TimeControl tag that cannot be read; time is not judged";
    /// A clock reading or date that cannot be read, or comes out of order (adjudicate).
    TimeReading = "time-reading", Warn, false, "a [%clk] or [%sent] reading that cannot be read or is out of order";
    /// The Result tag and the movetext's result differ.
    ResultMismatch = "result-mismatch", Deny, false, "a Result tag that differs from the movetext's result";
    /// A result the final position contradicts.
    WrongResult = "wrong-result", Deny, false, "a result that the final position, or the verdict, contradicts";
    /// A move that no piece can make, or that leaves the king in check.
    IllegalMove = "illegal-move", Deny, true, "a move that is not legal in the position";
    /// A move that could be more than one legal move.
    AmbiguousMove = "ambiguous-move", Deny, true, "a move that could be more than one legal move";
    /// A move after the game ended (mate, stalemate).
    MovesAfterEnd = "moves-after-end", Deny, true, "a move after the game ended by mate, stalemate or the like";
    /// A turn the variant's turn plan does not allow.
    TurnPlan = "turn-plan", Deny, true, "a turn of more or fewer actions than the variant's turn allows";
    /// A die cast missing where a round begins, written where none is due, or off the die.
    DieCast = "die-cast", Deny, true, "a die cast (<7>) missing where a round begins, written where none is due, or off the die";
    /// A FEN tag that cannot be read, or is no position of the variant.
    BadFen = "bad-fen", Deny, true, "a FEN tag that cannot be read, or is no position of the variant";
    /// A Variant tag that names no variant arbiter knows.
    UnknownVariant = "unknown-variant", Deny, true, "a Variant tag that names no variant arbiter knows";
    /// A variant whose rules arbiter does not play yet: its games are not validated.
    UnsupportedVariant = "unsupported-variant", Deny, true, "a variant whose rules arbiter does not play yet";
    /// A variant whose file does not build.
    BrokenVariant = "broken-variant", Deny, true, "a variant whose file does not build";
    /// A JSON or YAML record that cannot be read.
    BadRecord = "bad-record", Deny, true, "a JSON or YAML record that cannot be read";
    /// A game that cannot be written in the format asked for.
    NotConvertible = "not-convertible", Deny, true, "a game that cannot be written in the format asked for";
}

impl Kind {
    /// The default severity of a diagnostic of this kind.
    pub fn severity(self) -> Severity {
        match self.default_level() {
            Level::Deny => Severity::Error,
            Level::Warn | Level::Allow => Severity::Warning,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(name: &str) -> Result<Kind, UnknownKind> {
        Kind::ALL.iter().copied().find(|k| k.name() == name).ok_or_else(|| UnknownKind(name.to_owned()))
    }
}

/// A name that is no [`Kind`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no kind of diagnostic is called {:?} (`arbiter kinds` lists them)", self.0)
    }
}

impl std::error::Error for UnknownKind {}

/// What is done with a diagnostic of a kind, as rustc's lint levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Not reported, not counted.
    Allow,
    /// Reported as a warning: the game stays valid.
    Warn,
    /// Reported as an error: the game is invalid.
    Deny,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Allow => "allow",
            Level::Warn => "warn",
            Level::Deny => "deny",
        })
    }
}

/// The level of every kind: the defaults, with the user's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels {
    levels: Vec<Level>,
}

impl Default for Levels {
    fn default() -> Levels {
        Levels { levels: Kind::ALL.iter().map(|k| k.default_level()).collect() }
    }
}

impl Levels {
    /// Sets the level of `kind`. A kind whose level is fixed cannot be lowered.
    pub fn set(&mut self, kind: Kind, level: Level) -> Result<(), FixedLevel> {
        if kind.fixed() && level != kind.default_level() {
            return Err(FixedLevel(kind));
        }
        if let Some(slot) = self.levels.get_mut(kind as usize) {
            *slot = level;
        }
        Ok(())
    }

    /// The level of `kind`.
    pub fn level(&self, kind: Kind) -> Level {
        self.levels.get(kind as usize).copied().unwrap_or(kind.default_level())
    }

    /// The severity a diagnostic of `kind` is reported with; `None` where it is allowed.
    pub fn severity(&self, kind: Kind) -> Option<Severity> {
        match self.level(kind) {
            Level::Allow => None,
            Level::Warn => Some(Severity::Warning),
            Level::Deny => Some(Severity::Error),
        }
    }

    /// Whether every kind is at its default level.
    pub fn are_default(&self) -> bool {
        *self == Levels::default()
    }
}

/// A try to lower the level of a kind whose level is fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedLevel(pub Kind);

impl fmt::Display for FixedLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is an error that stops the game's reading or replay; its level cannot be changed", self.0)
    }
}

impl std::error::Error for FixedLevel {}

/// How bad a problem is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Accepted, but not as the standard writes it; the record says what was meant.
    Warning,
    /// The game (or what follows the place) could not be read.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One problem at one place of a game's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// How bad: the kind's default severity.
    pub severity: Severity,
    /// What it is about.
    pub kind: Kind,
    /// Where, relative to the game's first byte.
    pub span: Span,
    /// What, in lower case without a final period.
    pub message: String,
}

impl Diagnostic {
    /// A diagnostic of `kind` at `span`, with the kind's default severity.
    pub fn new(kind: Kind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: kind.severity(), kind, span, message: message.into() }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// A 1-based line and column (the column counts characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// Line, from 1.
    pub line: u64,
    /// Column, from 1, in characters.
    pub col: u64,
}

/// Locates byte offsets of a game's text in its file. It remembers the last place found, so
/// that locating the diagnostics of a game in their order reads the text once, however many
/// there are.
#[derive(Clone, Debug)]
pub struct Place<'a> {
    text: &'a str,
    first_line: u64,
    first_col: u64,
    /// The last offset located, and its line and column.
    last: Cell<(usize, LineCol)>,
}

impl<'a> Place<'a> {
    /// The places of `text`, which starts on line `first_line` (from 1) and column `first_col`
    /// (1 unless the game starts mid-line).
    pub fn new(text: &'a str, first_line: u64, first_col: u64) -> Place<'a> {
        let start = LineCol { line: first_line, col: first_col };
        Place { text, first_line, first_col, last: Cell::new((0, start)) }
    }

    /// Line and column of byte `offset` (clamped to the text, and to a character boundary).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (mut from, mut at) = self.last.get();
        if offset < from {
            (from, at) = (0, LineCol { line: self.first_line, col: self.first_col });
        }
        let between = &self.text[from..offset];
        at = match between.rfind('\n') {
            Some(nl) => LineCol {
                line: at.line + between.bytes().filter(|&b| b == b'\n').count() as u64,
                col: between[nl + 1..].chars().count() as u64 + 1,
            },
            None => LineCol { line: at.line, col: at.col + between.chars().count() as u64 },
        };
        self.last.set((offset, at));
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_distinct_names_in_lower_case_with_dashes() {
        let mut names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
        for name in &names {
            assert!(name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'), "{name}");
            assert_eq!(name.parse::<Kind>().map(|k| k.name()), Ok(*name));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
        assert!("long_algebraic".parse::<Kind>().is_err());
        // Every kind is in ALL, at its own index (Levels index by it).
        for (i, kind) in Kind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i);
        }
    }

    #[test]
    fn levels_of_fixed_kinds_cannot_change() {
        let mut levels = Levels::default();
        assert_eq!(levels.severity(Kind::LongAlgebraic), Some(Severity::Warning));
        assert_eq!(levels.set(Kind::LongAlgebraic, Level::Allow), Ok(()));
        assert_eq!(levels.severity(Kind::LongAlgebraic), None);
        assert_eq!(levels.set(Kind::WrongResult, Level::Warn), Ok(()));
        assert_eq!(levels.severity(Kind::WrongResult), Some(Severity::Warning));
        assert_eq!(levels.set(Kind::IllegalMove, Level::Warn), Err(FixedLevel(Kind::IllegalMove)));
        assert_eq!(levels.set(Kind::IllegalMove, Level::Deny), Ok(()));
        assert_eq!(levels.severity(Kind::IllegalMove), Some(Severity::Error));
        assert!(!levels.are_default());
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let place = Place::new("ab\ncé\nx", 10, 1);
        assert_eq!(place.line_col(0), LineCol { line: 10, col: 1 });
        assert_eq!(place.line_col(3), LineCol { line: 11, col: 1 });
        // 'é' is two bytes: the byte after it is column 3.
        assert_eq!(place.line_col(6), LineCol { line: 11, col: 3 });
        assert_eq!(place.line_col(8), LineCol { line: 12, col: 2 });
        assert_eq!(place.line_col(999), LineCol { line: 12, col: 2 });
        // Inside a character: the character's start.
        assert_eq!(place.line_col(5), LineCol { line: 11, col: 2 });
        // Forwards again from an earlier place, and backwards.
        assert_eq!(place.line_col(8), LineCol { line: 12, col: 2 });
        assert_eq!(place.line_col(1), LineCol { line: 10, col: 2 });
    }
}
