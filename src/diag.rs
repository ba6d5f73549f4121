//! Diagnostics: what arbiter has to say about a place in a file, and how it is printed.
//!
//! A [`Diagnostic`] carries a [`Span`] relative to its game's text; line and column are
//! computed only when a message is rendered, from the game's text and the line it starts on
//! ([`Place`]), as a compiler does. This module knows nothing of chess.

use std::cell::Cell;
use std::fmt;

use crate::record::Span;

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
    /// How bad.
    pub severity: Severity,
    /// Where, relative to the game's first byte.
    pub span: Span,
    /// What, in lower case without a final period.
    pub message: String,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, span, message: message.into() }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, span, message: message.into() }
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
