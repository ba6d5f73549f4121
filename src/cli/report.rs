//! Reporting diagnostics the way a compiler does: the level of each kind applied (`--allow`,
//! `--warn`, `--deny`), repeats of a kind in one game collapsed into one line with a count,
//! and every kind counted for the closing summary.
//!
//! `path:line:col: severity[kind]: game N (White - Black), move 23... (Black): Nxe5: message`.

use std::collections::BTreeMap;
use std::io::{self, Write};

use arbiter::diag::{Diagnostic, Kind, Levels, Place, Severity};
use arbiter::dialect::{GameText, Origin};

use super::kinds::LevelArgs;

/// One problem of a game, located in its file, with what a report shows of it.
#[derive(Clone, Debug)]
pub struct Located {
    /// Error or warning, once the levels are applied.
    pub severity: Severity,
    /// What it is about.
    pub kind: Kind,
    /// Where, 1-based.
    pub line: u64,
    /// Where, 1-based, in characters.
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
    /// Further problems of the same kind in the same game, collapsed into this one.
    pub more: u64,
}

impl Located {
    /// A problem of the game as a whole, or of its text, at a line and column, with its kind's
    /// default severity.
    pub fn plain(kind: Kind, line: u64, col: u64, message: impl Into<String>) -> Located {
        Located {
            severity: kind.severity(),
            kind,
            line,
            col,
            turn: None,
            written: None,
            message: message.into(),
            fen: None,
            candidates: Vec::new(),
            more: 0,
        }
    }

    /// A problem the library located ([`arbiter::validate::Located`]).
    pub fn of_located(l: &arbiter::validate::Located) -> Located {
        Located {
            severity: l.severity,
            turn: l.turn.map(|t| format!("{} ({})", t.label(), t.shown_color())),
            written: l.written.clone(),
            fen: l.fen.clone(),
            candidates: l.candidates.clone(),
            ..Located::plain(l.kind, l.line, l.col, l.message.clone())
        }
    }

    /// A diagnostic of a game's text, located with `place`.
    pub fn of(place: &Place<'_>, d: &Diagnostic) -> Located {
        let at = place.line_col(d.span.start as usize);
        Located { severity: d.severity, ..Located::plain(d.kind, at.line, at.col, d.message.clone()) }
    }

    /// What the problem is about and says, after its place and kind: `, move 4. (White):
    /// Nd5: illegal: no knight can reach d5 (2 more like it in this game)`.
    pub fn what(&self) -> String {
        let mut text = String::new();
        if let Some(turn) = &self.turn {
            text.push_str(&format!(", move {turn}"));
        }
        if let Some(written) = &self.written {
            text.push_str(&format!(": {written}"));
        }
        text.push_str(&format!(": {}", self.message));
        if self.more > 0 {
            text.push_str(&format!(" ({} more like it in this game)", self.more));
        }
        text
    }

    /// How many problems this line stands for.
    pub fn occurrences(&self) -> u64 {
        self.more + 1
    }
}

/// How a command judges what it reports: the level of each kind, and whether repeats of a
/// kind in a game are collapsed; and the count of each kind reported so far.
#[derive(Clone, Debug)]
pub struct Judging {
    levels: Levels,
    every: bool,
    /// Only errors are reported (and counted): warnings are another command's to give.
    errors_only: bool,
    /// What was reported.
    pub tally: Tally,
}

impl Judging {
    /// The judging the command line asks for.
    pub fn new(args: &LevelArgs) -> Result<Judging, String> {
        Ok(Judging {
            levels: args.levels()?,
            every: args.every_occurrence,
            errors_only: false,
            tally: Tally::default(),
        })
    }

    /// The same judging, reporting errors only (a denied kind among them).
    pub fn errors_only(self) -> Judging {
        Judging { errors_only: true, ..self }
    }

    /// The severity a problem of `kind` is reported with; `None` where it is not reported.
    fn severity(&self, kind: Kind) -> Option<Severity> {
        self.levels.severity(kind).filter(|s| *s == Severity::Error || !self.errors_only)
    }

    /// One game's problems as they are reported: the allowed kinds left out, the others with
    /// the severity of their level, and (unless every occurrence is asked for) the repeats of
    /// a kind folded into its first occurrence, with a count. All are counted.
    pub fn game(&mut self, problems: Vec<Located>) -> Vec<Located> {
        let mut out: Vec<Located> = Vec::with_capacity(problems.len());
        for mut p in problems {
            let Some(severity) = self.severity(p.kind) else { continue };
            p.severity = severity;
            self.tally.count(p.kind, severity, p.occurrences());
            if !self.every
                && let Some(first) = out.iter_mut().find(|q| q.kind == p.kind)
            {
                first.more += p.occurrences();
                continue;
            }
            out.push(p);
        }
        out
    }

    /// Reports a problem of `kind` about the whole input `name` on standard error, above the
    /// progress bar; a warning only unless `quiet`. Its severity, `None` where it is allowed.
    pub fn about_input(
        &mut self,
        progress: &indicatif::ProgressBar,
        name: &str,
        kind: Kind,
        message: &str,
        quiet: bool,
    ) -> Option<Severity> {
        let severity = self.one(kind)?;
        if severity == Severity::Error || !quiet {
            progress.suspend(|| print_line(&format!("{name}: {severity}[{kind}]: {message}")));
        }
        Some(severity)
    }

    /// The severity a problem of `kind` outside any game (about a whole input, or where its
    /// reading stopped) is reported with, counted; `None` where it is allowed.
    pub fn one(&mut self, kind: Kind) -> Option<Severity> {
        let severity = self.levels.severity(kind)?;
        self.tally.count(kind, severity, 1);
        Some(severity)
    }
}

/// The count of each kind of problem reported, and of errors and warnings.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Problems of each kind, with their severity.
    pub kinds: BTreeMap<Kind, (Severity, u64)>,
    /// Errors.
    pub errors: u64,
    /// Warnings.
    pub warnings: u64,
}

impl Tally {
    /// Counts `n` problems of `kind` reported with `severity`.
    pub fn count(&mut self, kind: Kind, severity: Severity, n: u64) {
        match severity {
            Severity::Error => self.errors += n,
            Severity::Warning => self.warnings += n,
        }
        let entry = self.kinds.entry(kind).or_insert((severity, 0));
        entry.1 += n;
    }

    /// `errors: wrong-result 2; warnings: mate-marked-as-check 511, latin1 10`: each kind
    /// reported, the commonest first; `None` when nothing was.
    pub fn by_kind(&self) -> Option<String> {
        let part = |severity: Severity| {
            let mut kinds: Vec<(Kind, u64)> =
                self.kinds.iter().filter(|(_, (s, _))| *s == severity).map(|(k, (_, n))| (*k, *n)).collect();
            kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let listed: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
            (!listed.is_empty()).then(|| format!("{severity}s: {}", listed.join(", ")))
        };
        let parts: Vec<String> = [part(Severity::Error), part(Severity::Warning)].into_iter().flatten().collect();
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// Each kind's count, by name, for a JSON summary.
    pub fn json(&self) -> BTreeMap<&'static str, u64> {
        self.kinds.iter().map(|(k, (_, n))| (k.name(), *n)).collect()
    }
}

/// Prints diagnostics on standard error as they come, and keeps count (`fmt`, `convert`).
pub struct Reporter {
    quiet: bool,
    judging: Judging,
}

impl Reporter {
    /// A reporter; `quiet` hides warnings (errors are always printed; both are counted).
    pub fn new(quiet: bool, judging: Judging) -> Reporter {
        Reporter { quiet, judging }
    }

    /// Errors reported.
    pub fn errors(&self) -> u64 {
        self.judging.tally.errors
    }

    /// Prints one game's problems, judged.
    pub fn game(&mut self, input: &str, label: &str, problems: Vec<Located>) -> Severity {
        let judged = self.judging.game(problems);
        let worst = judged.iter().map(|p| p.severity).max().unwrap_or(Severity::Warning);
        let mut err = io::stderr().lock();
        let _ = write_located(&mut err, input, label, &judged, self.quiet);
        worst
    }

    /// Prints the diagnostics of a game's text.
    pub fn text(&mut self, input: &str, game: &GameText, label: &str, diagnostics: &[Diagnostic]) -> Severity {
        let place = Place::new(&game.text, game.origin.line, game.origin.col);
        self.game(input, label, diagnostics.iter().map(|d| Located::of(&place, d)).collect())
    }

    /// Prints a problem of `kind` at a place in a file outside any parsed game; returns its
    /// severity, `None` where it is allowed.
    pub fn at(&mut self, input: &str, origin: Origin, kind: Kind, label: &str, message: &str) -> Option<Severity> {
        let severity = self.judging.one(kind)?;
        if severity == Severity::Error || !self.quiet {
            print_line(&format!("{input}:{}:{}: {severity}[{kind}]: {label}: {message}", origin.line, origin.col));
        }
        Some(severity)
    }

    /// Prints a problem of `kind` about a whole input; returns its severity, `None` where it
    /// is allowed.
    pub fn file(&mut self, input: &str, kind: Kind, message: &str) -> Option<Severity> {
        let severity = self.judging.one(kind)?;
        if severity == Severity::Error || !self.quiet {
            print_line(&format!("{input}: {severity}[{kind}]: {message}"));
        }
        Some(severity)
    }

    /// The closing count, when there is anything to count.
    pub fn summary(&self, games: u64, files: u64) {
        let tally = &self.judging.tally;
        if tally.errors == 0 && (tally.warnings == 0 || self.quiet) {
            return;
        }
        print_line(&format!(
            "arbiter: {games} game{} in {files} file{}: {} error{}, {} warning{}",
            plural(games),
            plural(files),
            tally.errors,
            plural(tally.errors),
            tally.warnings,
            plural(tally.warnings)
        ));
        if let Some(kinds) = tally.by_kind() {
            print_line(&format!("arbiter: {kinds}"));
        }
    }
}

/// `s` after a count other than one.
pub fn plural(n: u64) -> &'static str {
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

/// Prints problems as `name:line:col: severity[kind]: label, move N: written: message`, each
/// with its position and legal moves, and the count of the problems of its kind folded into
/// it; with `quiet`, errors only.
pub fn write_located(out: &mut dyn Write, name: &str, label: &str, located: &[Located], quiet: bool) -> io::Result<()> {
    for l in located {
        if quiet && l.severity == Severity::Warning {
            continue;
        }
        writeln!(out, "{name}:{}:{}: {}[{}]: {label}{}", l.line, l.col, l.severity, l.kind, l.what())?;
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

    fn judging(allow: &[&str], deny: &[&str], every: bool) -> Judging {
        let args = LevelArgs {
            allow: allow.iter().map(|s| s.to_string()).collect(),
            warn: Vec::new(),
            deny: deny.iter().map(|s| s.to_string()).collect(),
            every_occurrence: every,
        };
        Judging::new(&args).unwrap_or_else(|e| panic!("{e}"))
    }

    fn problems() -> Vec<Located> {
        vec![
            Located::plain(Kind::LongAlgebraic, 1, 1, "a"),
            Located::plain(Kind::UnmarkedCheck, 1, 5, "b"),
            Located::plain(Kind::LongAlgebraic, 2, 1, "c"),
            Located::plain(Kind::LongAlgebraic, 3, 1, "d"),
        ]
    }

    #[test]
    fn repeats_of_a_kind_in_a_game_are_one_line_with_a_count() {
        let mut j = judging(&[], &[], false);
        let out = j.game(problems());
        assert_eq!(out.len(), 2);
        assert_eq!((out[0].kind, out[0].more, out[0].message.as_str()), (Kind::LongAlgebraic, 2, "a"));
        assert_eq!((out[1].kind, out[1].more), (Kind::UnmarkedCheck, 0));
        assert_eq!(j.tally.warnings, 4);
        assert_eq!(j.tally.by_kind().as_deref(), Some("warnings: long-algebraic 3, unmarked-check 1"));
        let mut text = Vec::new();
        assert!(write_located(&mut text, "f.pgn", "game 1", &out, false).is_ok());
        let text = String::from_utf8_lossy(&text);
        assert!(
            text.starts_with("f.pgn:1:1: warning[long-algebraic]: game 1: a (2 more like it in this game)\n"),
            "{text}"
        );
        // On request, every occurrence.
        let mut j = judging(&[], &[], true);
        assert_eq!(j.game(problems()).len(), 4);
    }

    #[test]
    fn levels_leave_out_allowed_kinds_and_make_denied_ones_errors() {
        let mut j = judging(&["long-algebraic"], &["unmarked-check"], false);
        let out = j.game(problems());
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].kind, out[0].severity), (Kind::UnmarkedCheck, Severity::Error));
        assert_eq!((j.tally.errors, j.tally.warnings), (1, 0));
        assert_eq!(j.one(Kind::LongAlgebraic), None);
        assert_eq!(j.one(Kind::MissingTag), Some(Severity::Warning));
    }
}
