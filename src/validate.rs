//! Reading and validating games in one call: the library's entry point.
//!
//! A [`Validator`] holds a catalogue of variants (the built-in one, or one with a variant of
//! the caller's own: [`Catalogue::with_text`]) and the [`Limits`] reading keeps to. Given a
//! string ([`Validator::validate_str`]) or anything that reads ([`Validator::validate_reader`]),
//! it yields one [`Report`] per game, in the order of the input: the game's number and place,
//! its players, whether it is valid, how many moves were replayed, and every problem located
//! by line and column ([`Located`]), with the move and the position where there is one.
//!
//! It is [`crate::batch`] seen from outside: the same checks (the orthodox lane while a plain
//! game is read, the generic replay otherwise), with the spans of [`crate::diag`] turned into
//! lines and columns of the input. With the `parallel` feature (on by default) the games of a
//! stretch of the input are checked on all cores; the reports come in the input's order all
//! the same.
//!
//! ```
//! use arbiter::validate::Validator;
//!
//! let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let reports: Vec<_> = Validator::new().validate_str(pgn).collect();
//! assert_eq!(reports.len(), 1);
//! assert!(reports[0].valid);
//! assert_eq!(reports[0].moves, 7);
//! ```

use std::borrow::Cow;
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read};

use crate::batch::{Checked, check_all, next_batch};
use crate::diag::{Kind, Levels, Place, Severity};
use crate::dialect::{GameReader, GameText, Item, Limits, Origin};
use crate::replay::TurnRef;
use crate::variants::Catalogue;

/// Validates the games of a text or a stream: see the [module documentation](self).
///
/// Built with the shipped catalogue and the default limits ([`Validator::new`]), then changed
/// with [`Validator::with_catalogue`], [`Validator::with_limits`] and
/// [`Validator::parallel`].
#[derive(Clone, Debug)]
pub struct Validator {
    catalogue: Cow<'static, Catalogue>,
    limits: Limits,
    levels: Levels,
    parallel: bool,
}

impl Default for Validator {
    fn default() -> Validator {
        Validator::new()
    }
}

impl Validator {
    /// A validator with the shipped catalogue ([`Catalogue::builtin`]) and the default
    /// [`Limits`], checking on all cores where the `parallel` feature is on.
    pub fn new() -> Validator {
        Validator {
            catalogue: Cow::Borrowed(Catalogue::builtin()),
            limits: Limits::default(),
            levels: Levels::default(),
            parallel: cfg!(feature = "parallel"),
        }
    }

    /// The same, playing by `catalogue` (such as one with a variant of one's own:
    /// [`Catalogue::with_text`], [`Catalogue::with_file`]).
    pub fn with_catalogue(mut self, catalogue: Catalogue) -> Validator {
        self.catalogue = Cow::Owned(catalogue);
        self
    }

    /// The same, reading within `limits`.
    pub fn with_limits(mut self, limits: Limits) -> Validator {
        self.limits = limits;
        self
    }

    /// The same, reporting each kind of problem at the level `levels` give it, as
    /// `arbiter validate --allow`, `--warn` and `--deny` do: an allowed kind is left out of the
    /// reports, a denied one is an error and makes its game invalid.
    ///
    /// ```
    /// use arbiter::diag::{Kind, Level, Levels};
    /// use arbiter::validate::Validator;
    ///
    /// let mut levels = Levels::default();
    /// levels.set(Kind::MissingTag, Level::Allow).expect("a warning's level can change");
    /// levels.set(Kind::ZeroCastling, Level::Deny).expect("a warning's level can change");
    /// let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n";
    /// let report = Validator::new().with_levels(levels).validate_str(pgn).next().expect("one game");
    /// assert!(!report.valid);
    /// assert_eq!(report.problems.len(), 1);
    /// assert_eq!(report.problems[0].kind, Kind::ZeroCastling);
    /// ```
    pub fn with_levels(mut self, levels: Levels) -> Validator {
        self.levels = levels;
        self
    }

    /// The same, checking the games of a stretch of the input on all cores (`true`, the
    /// default with the `parallel` feature) or one after another on the caller's thread.
    /// Without the `parallel` feature, games are always checked one after another. The
    /// reports are the same and in the same order either way.
    pub fn parallel(mut self, parallel: bool) -> Validator {
        self.parallel = parallel && cfg!(feature = "parallel");
        self
    }

    /// The catalogue games are played by.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The limits reading keeps to.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The reports of the games `reader` holds, in order. Reading is lazy: a game is read
    /// when its report is asked for (with the `parallel` feature, a few hundred games or a
    /// few megabytes at a time), and memory does not grow with the input.
    ///
    /// An error reading `reader` is yielded once, and ends the reports. Where the limit on
    /// the number of games stops the input, the reports end there and
    /// [`Reports::stopped`] says where.
    pub fn validate_reader<R: Read>(&self, reader: R) -> Reports<'_, R> {
        Reports {
            validator: self,
            games: GameReader::new(reader, &self.limits),
            ready: VecDeque::new(),
            stopped: None,
            ended: false,
        }
    }

    /// The reports of the games of `text`, in order; as [`Validator::validate_reader`], but
    /// a string cannot fail to be read.
    pub fn validate_str<'a>(&'a self, text: &'a str) -> StrReports<'a> {
        StrReports(self.validate_reader(text.as_bytes()))
    }
}

/// The reports of a stream's games, in order: see [`Validator::validate_reader`].
pub struct Reports<'v, R> {
    validator: &'v Validator,
    games: GameReader<R>,
    /// Reports of games checked and not yet handed out.
    ready: VecDeque<Report>,
    stopped: Option<(Origin, u64)>,
    /// Nothing more is to be read.
    ended: bool,
}

impl<R> fmt::Debug for Reports<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reports")
            .field("ready", &self.ready.len())
            .field("stopped", &self.stopped)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Reports<'_, R> {
    /// Where reading stopped, and how many games had been read, when the input held more
    /// games than [`Limits::games`] allows; known once the reports have ended.
    pub fn stopped(&self) -> Option<(Origin, u64)> {
        self.stopped
    }

    /// Reads and checks the next games: a batch of them, or one.
    fn fill(&mut self) -> io::Result<()> {
        let validator = self.validator;
        let mut batch = if validator.parallel {
            next_batch(&mut self.games)?
        } else {
            self.games.next().transpose()?.into_iter().collect()
        };
        if let Some(&Item::Stopped { origin, games }) = batch.last() {
            self.stopped = Some((origin, games));
            batch.pop();
            self.ended = true;
        }
        if batch.is_empty() {
            self.ended = true;
        }
        let checked = check_all(batch, &validator.catalogue, &validator.limits, validator.parallel);
        let levels = (!validator.levels.are_default()).then_some(&validator.levels);
        self.ready.extend(checked.into_iter().map(|c| match levels {
            None => Report::from(c),
            Some(levels) => Report::from(c).judged(levels),
        }));
        Ok(())
    }
}

impl<R: Read> Iterator for Reports<'_, R> {
    type Item = io::Result<Report>;

    fn next(&mut self) -> Option<io::Result<Report>> {
        while self.ready.is_empty() && !self.ended {
            if let Err(e) = self.fill() {
                self.ended = true;
                return Some(Err(e));
            }
        }
        self.ready.pop_front().map(Ok)
    }
}

/// The reports of a string's games, in order: see [`Validator::validate_str`].
#[derive(Debug)]
pub struct StrReports<'a>(Reports<'a, &'a [u8]>);

impl StrReports<'_> {
    /// Where reading stopped, as [`Reports::stopped`].
    pub fn stopped(&self) -> Option<(Origin, u64)> {
        self.0.stopped()
    }
}

impl Iterator for StrReports<'_> {
    type Item = Report;

    fn next(&mut self) -> Option<Report> {
        // Reading a slice never fails.
        self.0.next().and_then(Result::ok)
    }
}

/// What validating one game found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// Where its text starts: line and column (from 1) and byte offset in the input.
    pub origin: Origin,
    /// White and Black, from the tags (`?` for a tag that is missing); `None` when the game
    /// could not be read far enough to know.
    pub players: Option<(String, String)>,
    /// Whether the game is valid: no error anywhere (warnings allowed).
    pub valid: bool,
    /// Moves replayed: turns of the main line and of every variation.
    pub moves: u64,
    /// Every problem, errors and warnings, in the order of the text.
    pub problems: Vec<Located>,
    /// The game's text as read (decoded from ISO-8859-1 when it was not UTF-8); `None` for a
    /// game skipped unread, such as one larger than [`Limits::game_bytes`].
    pub text: Option<GameText>,
}

impl Report {
    /// The game as the reports name it: `game 3 (Tal, M - Fischer)`, or `game 3` when its
    /// players are not known.
    pub fn label(&self) -> String {
        label(self.number, self.players.as_ref())
    }

    /// The report with each problem at the level `levels` give its kind: allowed ones left
    /// out, the others with that severity; the game is valid when no error is left.
    pub fn judged(mut self, levels: &Levels) -> Report {
        self.problems.retain_mut(|p| match levels.severity(p.kind) {
            Some(severity) => {
                p.severity = severity;
                true
            }
            None => false,
        });
        self.valid = !self.problems.iter().any(Located::is_error);
        self
    }

    /// How many problems are errors.
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.severity == Severity::Error).count()
    }

    /// How many problems are warnings.
    pub fn warnings(&self) -> usize {
        self.problems.iter().filter(|p| p.severity == Severity::Warning).count()
    }
}

impl From<Checked> for Report {
    /// The report of a game checked by [`crate::batch`], its problems located.
    fn from(checked: Checked) -> Report {
        let number = checked.origin.index + 1;
        // Most games have nothing to say: their label is not written.
        let has_problems = checked.refused.is_some()
            || !checked.syntax.is_empty()
            || checked.replay.as_ref().is_some_and(|r| !r.problems.is_empty());
        let problems = match has_problems {
            true => locate(&checked, &label(number, checked.players.as_ref())),
            false => Vec::new(),
        };
        Report {
            number,
            origin: checked.origin,
            valid: checked.valid(),
            moves: checked.turns(),
            players: checked.players,
            problems,
            text: checked.text,
        }
    }
}

/// One problem of a game, located in its input, with what a report shows of it.
///
/// `Display` writes the line `arbiter validate --every-occurrence` prints, but for the name of
/// the input in front: `12:7: error[illegal-move]: game 2 (A - B), move 5... (Black): Nxe5:
/// illegal: no knight can reach e5`. The alternate form (`{:#}`) adds the lines that follow it, the position
/// (`  position: FEN`) and the legal moves (`  legal: ...`) where there are any, so that
/// `println!("{path}:{problem:#}")` prints what the command prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem it is: a stable name (notation/SPEC.md, sections 6 and 7), for
    /// choosing what to report ([`crate::diag::Levels`]).
    pub kind: Kind,
    /// Line in the input, from 1.
    pub line: u64,
    /// Column in the input, from 1, in characters.
    pub col: u64,
    /// The game, as [`Report::label`] names it.
    pub game: String,
    /// The turn the problem is about, where it is about one: its move number and side.
    pub turn: Option<TurnRef>,
    /// The action as written (`Nxe5`), where the problem is about one.
    pub written: Option<String>,
    /// What is wrong, in lower case without a final period.
    pub message: String,
    /// The position before the action, in FEN, for an illegal action.
    pub fen: Option<String>,
    /// The legal actions that come closest, for an illegal action.
    pub candidates: Vec<String>,
}

impl Located {
    /// A problem of the game as a whole, or of its text, with nothing but a place.
    fn plain(severity: Severity, kind: Kind, line: u64, col: u64, game: &str, message: impl Into<String>) -> Located {
        Located {
            severity,
            kind,
            line,
            col,
            game: game.to_owned(),
            turn: None,
            written: None,
            message: message.into(),
            fen: None,
            candidates: Vec::new(),
        }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}[{}]: {}", self.line, self.col, self.severity, self.kind, self.game)?;
        if let Some(turn) = &self.turn {
            write!(f, ", move {} ({})", turn.label(), turn.shown_color())?;
        }
        if let Some(written) = &self.written {
            write!(f, ": {written}")?;
        }
        write!(f, ": {}", self.message)?;
        if f.alternate() {
            if let Some(fen) = &self.fen {
                write!(f, "\n  position: {fen}")?;
            }
            if !self.candidates.is_empty() {
                write!(f, "\n  legal: {}", self.candidates.join(" "))?;
            }
        }
        Ok(())
    }
}

/// `game N (White - Black)`, or `game N`.
fn label(number: u64, players: Option<&(String, String)>) -> String {
    match players {
        Some((white, black)) => format!("game {number} ({white} - {black})"),
        None => format!("game {number}"),
    }
}

/// Every problem of `checked`, located in its input: those of the text, the refusal of the
/// whole game, then those of the replay.
fn locate(checked: &Checked, game: &str) -> Vec<Located> {
    let mut out = Vec::new();
    let Some(text) = &checked.text else {
        if let Some((kind, reason)) = &checked.refused {
            out.push(Located::plain(kind.severity(), *kind, checked.origin.line, checked.origin.col, game, reason));
        }
        return out;
    };
    let place = Place::new(&text.text, text.origin.line, text.origin.col);
    for d in &checked.syntax {
        let at = place.line_col(d.span.start as usize);
        out.push(Located::plain(d.severity, d.kind, at.line, at.col, game, &d.message));
    }
    if let Some((kind, reason)) = &checked.refused {
        let at = checked.refused_at.map(|span| place.line_col(span.start as usize));
        let (line, col) = at.map_or((checked.origin.line, checked.origin.col), |a| (a.line, a.col));
        out.push(Located::plain(kind.severity(), *kind, line, col, game, reason));
    }
    if let Some(replay) = &checked.replay {
        for p in &replay.problems {
            let at = place.line_col(p.span.start as usize);
            out.push(Located {
                turn: p.at,
                written: p.written.clone(),
                fen: p.fen.clone(),
                candidates: p.candidates.clone(),
                ..Located::plain(p.severity, p.kind, at.line, at.col, game, &p.message)
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with the seven tags, `white` and `black` playing `moves`.
    fn game(white: &str, black: &str, extra: &str, moves: &str) -> String {
        format!(
            "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[Result \"*\"]\n{extra}\n{moves} *\n"
        )
    }

    /// Two games of 9 lines each (and a blank line between), the second with an illegal move
    /// on its line 9, the file's line 18.
    fn two_games() -> String {
        format!("{}\n{}", game("A", "B", "", "1. e4 e5 2. Nf3 Nc6"), game("C", "D", "", "1. e4 e5 2. Ke3"))
    }

    #[test]
    fn a_string_gives_a_report_per_game_in_order() {
        let reports: Vec<Report> = Validator::new().validate_str(&two_games()).collect();
        assert_eq!(reports.len(), 2);
        let (first, second) = (&reports[0], &reports[1]);
        assert_eq!((first.number, first.origin.line, first.valid, first.moves), (1, 1, true, 4));
        assert_eq!(first.players, Some(("A".to_owned(), "B".to_owned())));
        assert!(first.problems.is_empty(), "{:?}", first.problems);
        assert_eq!((second.number, second.origin.line, second.valid), (2, 11, false));
        assert_eq!(second.label(), "game 2 (C - D)");
        assert_eq!((second.errors(), second.warnings()), (1, 0), "{:?}", second.problems);
        let illegal = &second.problems[0];
        assert_eq!((illegal.line, illegal.col, illegal.severity), (19, 13, Severity::Error));
        assert_eq!(illegal.written.as_deref(), Some("Ke3"));
        assert_eq!(illegal.turn.map(|t| t.label()), Some("2.".to_owned()));
        assert_eq!(illegal.fen.as_deref(), Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
        assert_eq!(illegal.kind, Kind::IllegalMove);
        assert!(second.text.as_ref().is_some_and(|t| t.text.contains("Ke3")));
    }

    #[test]
    fn a_problem_displays_as_the_command_prints_it() {
        let report = Validator::new().validate_str(&two_games()).nth(1).unwrap_or_else(|| panic!("no second game"));
        let illegal = &report.problems[0];
        let line = format!("19:13: error[illegal-move]: game 2 (C - D), move 2. (White): Ke3: {}", illegal.message);
        assert_eq!(illegal.to_string(), line);
        let fen = illegal.fen.as_deref().unwrap_or_default();
        let legal = format!("\n  legal: {}", illegal.candidates.join(" "));
        let legal = if illegal.candidates.is_empty() { String::new() } else { legal };
        assert_eq!(format!("{illegal:#}"), format!("{line}\n  position: {fen}{legal}"));
    }

    #[test]
    fn a_reader_gives_the_same_reports_one_at_a_time_or_in_parallel() {
        let text = two_games().repeat(300);
        let describe = |r: Report| (r.number, r.origin, r.valid, r.moves, r.problems);
        let validator = Validator::new().parallel(false);
        let one_by_one: Vec<_> = validator.validate_reader(text.as_bytes()).map(|r| r.map(describe).ok()).collect();
        let parallel = Validator::new().parallel(true);
        let together: Vec<_> = parallel.validate_reader(text.as_bytes()).map(|r| r.map(describe).ok()).collect();
        assert_eq!(one_by_one.len(), 600);
        assert_eq!(one_by_one, together);
    }

    #[test]
    fn a_game_too_large_and_a_stop_are_reported() {
        let limits = Limits { game_bytes: 100, games: 2, ..Limits::default() };
        let validator = Validator::new().with_limits(limits);
        let two = two_games();
        let mut reports = validator.validate_str(&two);
        let first = reports.next().unwrap_or_else(|| panic!("no report"));
        assert!(!first.valid && first.text.is_none());
        assert_eq!(first.problems.len(), 1);
        assert!(first.problems[0].message.contains("larger than the game size limit"), "{:?}", first.problems);
        assert_eq!(first.problems[0].to_string(), format!("1:1: error[limit]: game 1: {}", first.problems[0].message));
        assert!(reports.next().is_some());
        assert_eq!(reports.stopped(), None);
        let four = format!("{two}\n{two}");
        let mut reports = validator.validate_str(&four);
        assert_eq!(reports.by_ref().count(), 2);
        assert_eq!(reports.stopped().map(|(origin, games)| (origin.line, games)), Some((21, 2)));
    }

    #[test]
    fn an_unknown_variant_is_refused_at_its_tag() {
        let text = game("A", "B", "[Variant \"nonesuch\"]\n", "1. e4");
        let report = Validator::new().validate_str(&text).next().unwrap_or_else(|| panic!("no report"));
        assert!(!report.valid);
        assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
        assert_eq!((report.problems[0].line, report.problems[0].col), (8, 1));
        assert!(report.problems[0].message.contains("unknown variant"), "{:?}", report.problems);
    }

    #[test]
    fn a_failing_reader_ends_the_reports_with_its_error() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk is gone"))
            }
        }
        let validator = Validator::new();
        let mut reports = validator.validate_reader(Failing);
        assert!(reports.next().is_some_and(|r| r.is_err_and(|e| e.to_string() == "the disk is gone")));
        assert!(reports.next().is_none());
    }

    #[test]
    fn a_catalogue_of_ones_own_is_played_by() {
        let yaml = "name: swapped minors\nparent: orthodox\n\
                    setup: rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1\n";
        let catalogue = Catalogue::with_text("mine.yaml", yaml).unwrap_or_else(|e| panic!("{e}"));
        let text = game("A", "B", "[Variant \"Swapped Minors\"]\n", "1. Nd3 Nd6");
        assert!(!Validator::new().validate_str(&text).all(|r| r.valid));
        let validator = Validator::new().with_catalogue(catalogue);
        let reports: Vec<Report> = validator.validate_str(&text).collect();
        assert!(reports.len() == 1 && reports[0].valid, "{reports:?}");
    }
}
