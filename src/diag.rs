//! Diagnostics: what arbiter has to say about a place in a file, and how it is printed.
//!
//! A [`Diagnostic`] carries a [`Span`] relative to its game's text; line and column are
//! computed only when a message is rendered, from the game's text and the line it starts on
//! ([`Place`]), as a compiler does. This module knows nothing of chess.

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

/// Locates byte offsets of a game's text in its file.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The game's text.
    pub text: &'a str,
    /// The line of the file the text starts on, from 1.
    pub first_line: u64,
    /// The column of the file the text starts at, from 1 (1 unless the game starts mid-line).
    pub first_col: u64,
}

impl Place<'_> {
    /// Line and column of byte `offset` (clamped to the text, and to a character boundary).
    pub fn line_col(&self, offset: usize) -> LineCol {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let newlines = before.bytes().filter(|&b| b == b'\n').count() as u64;
        match before.rfind('\n') {
            Some(nl) => LineCol { line: self.first_line + newlines, col: before[nl + 1..].chars().count() as u64 + 1 },
            None => LineCol { line: self.first_line, col: self.first_col + before.chars().count() as u64 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let place = Place { text: "ab\ncé\nx", first_line: 10, first_col: 1 };
        assert_eq!(place.line_col(0), LineCol { line: 10, col: 1 });
        assert_eq!(place.line_col(3), LineCol { line: 11, col: 1 });
        // 'é' is two bytes: the byte after it is column 3.
        assert_eq!(place.line_col(6), LineCol { line: 11, col: 3 });
        assert_eq!(place.line_col(8), LineCol { line: 12, col: 2 });
        assert_eq!(place.line_col(999), LineCol { line: 12, col: 2 });
        // Inside a character: the character's start.
        assert_eq!(place.line_col(5), LineCol { line: 11, col: 2 });
    }
}
