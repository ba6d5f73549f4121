//! Printing diagnostics the way a compiler does, and counting them.
//!
//! `path:line:col: severity: game N (White - Black): message`, on standard error.

use std::io::{self, Write};

use arbiter::diag::{Diagnostic, Place, Severity};
use arbiter::dialect::{GameText, Origin};

/// Prints diagnostics and keeps count.
pub struct Reporter {
    quiet: bool,
    /// Errors printed.
    pub errors: u64,
    /// Warnings seen (printed unless quiet).
    pub warnings: u64,
}

impl Reporter {
    /// A reporter; `quiet` hides warnings (errors are always printed).
    pub fn new(quiet: bool) -> Reporter {
        Reporter { quiet, errors: 0, warnings: 0 }
    }

    fn count(&mut self, severity: Severity) -> bool {
        match severity {
            Severity::Error => {
                self.errors += 1;
                true
            }
            Severity::Warning => {
                self.warnings += 1;
                !self.quiet
            }
        }
    }

    /// Prints a diagnostic about a place in a game.
    pub fn game(&mut self, input: &str, game: &GameText, label: &str, diagnostic: &Diagnostic) {
        if !self.count(diagnostic.severity) {
            return;
        }
        let place = Place::new(&game.text, game.origin.line, game.origin.col);
        let at = place.line_col(diagnostic.span.start as usize);
        let line = format!("{input}:{}:{}: {}: {label}: {}", at.line, at.col, diagnostic.severity, diagnostic.message);
        print_line(&line);
    }

    /// Prints a diagnostic about a place in a file outside any parsed game.
    pub fn at(&mut self, input: &str, origin: Origin, severity: Severity, label: &str, message: &str) {
        if !self.count(severity) {
            return;
        }
        print_line(&format!("{input}:{}:{}: {severity}: {label}: {message}", origin.line, origin.col));
    }

    /// Prints a diagnostic about a whole input.
    pub fn file(&mut self, input: &str, severity: Severity, message: &str) {
        if !self.count(severity) {
            return;
        }
        print_line(&format!("{input}: {severity}: {message}"));
    }

    /// The closing count, when there is anything to count.
    pub fn summary(&self, games: u64, files: u64) {
        if self.errors == 0 && (self.warnings == 0 || self.quiet) {
            return;
        }
        print_line(&format!(
            "arbiter: {games} game{} in {files} file{}: {} error{}, {} warning{}",
            plural(games),
            plural(files),
            self.errors,
            plural(self.errors),
            self.warnings,
            plural(self.warnings)
        ));
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn print_line(line: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{line}");
}

/// `game N (White - Black)` for a game's index (from 0) and text. The names are read from
/// the tag lines directly, so that a game that failed to parse is named too.
pub fn game_label(index: u64, text: &str) -> String {
    let white = tag_value(text, "White");
    let black = tag_value(text, "Black");
    match (white, black) {
        (None, None) => format!("game {}", index + 1),
        (w, b) => format!("game {} ({} - {})", index + 1, w.unwrap_or("?"), b.unwrap_or("?")),
    }
}

fn tag_value<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().take(100).find_map(|line| {
        let rest = line.trim_start().strip_prefix('[')?.trim_start().strip_prefix(name)?;
        let rest = rest.trim_start().strip_prefix('"')?;
        let end = rest.rfind('"')?;
        Some(&rest[..end])
    })
}

/// One problem of a game, located in its file, with what a report shows of it.
pub struct Located {
    /// Error or warning.
    pub severity: Severity,
    /// Where, 1-based.
    pub line: u64,
    /// Where, 1-based, in bytes.
    pub col: u64,
    /// The turn, as `23... (Black)`.
    pub turn: Option<String>,
    /// The action as written.
    pub written: Option<String>,
    /// What is wrong.
    pub message: String,
    /// The position, for an illegal move.
    pub fen: Option<String>,
    /// The legal moves of the piece meant, for an illegal move.
    pub candidates: Vec<String>,
}

impl Located {
    /// A problem of the game as a whole, or of its text, at a line and column.
    pub fn plain(severity: Severity, line: u64, col: u64, message: impl Into<String>) -> Located {
        Located {
            severity,
            line,
            col,
            turn: None,
            written: None,
            message: message.into(),
            fen: None,
            candidates: Vec::new(),
        }
    }
}

/// Prints problems as `name:line:col: severity: label, move N: written: message`, each with
/// its position and legal moves; with `quiet`, errors only.
pub fn write_located(out: &mut dyn Write, name: &str, label: &str, located: &[Located], quiet: bool) -> io::Result<()> {
    for l in located {
        if quiet && l.severity == Severity::Warning {
            continue;
        }
        let mut head = format!("{name}:{}:{}: {}: {label}", l.line, l.col, l.severity);
        if let Some(turn) = &l.turn {
            head.push_str(&format!(", move {turn}"));
        }
        match &l.written {
            Some(w) => writeln!(out, "{head}: {w}: {}", l.message)?,
            None => writeln!(out, "{head}: {}", l.message)?,
        }
        if let Some(fen) = &l.fen {
            writeln!(out, "  position: {fen}")?;
        }
        if !l.candidates.is_empty() {
            writeln!(out, "  legal: {}", l.candidates.join(" "))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_players() {
        assert_eq!(game_label(0, "[White \"Tal, M\"]\n[Black \"Fischer\"]\n"), "game 1 (Tal, M - Fischer)");
        assert_eq!(game_label(4, "[Event \"x\"]\n1. e4 *"), "game 5");
        assert_eq!(game_label(1, "[White \"A\"]\n"), "game 2 (A - ?)");
    }
}
