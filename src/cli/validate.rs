//! `arbiter validate`: every game of an archive replayed, every problem reported.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use arbiter::batch::{self, Checked};
use arbiter::diag::{Kind, Severity};
use arbiter::dialect::Limits;
use arbiter::validate::Report;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::Status;
use super::html;
use super::inputs::{self, Input};
use super::kinds::LevelArgs;
use super::limits::CountedLimitArgs;
use super::output::{self, Output};
use super::report::{Judging, Located, plural, write_located};

/// Replays every game and reports every illegal move, broken record and wrong result.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter validate archive/                 # every *.pgn under archive/
  arbiter validate --format json games.pgn  # one JSON object per game, then a summary
  arbiter validate -j 1 'archive/**/*.pgn'  # one thread; the output is the same with any number
  arbiter validate --valid-out good.pgn --invalid-out broken.pgn archive/   # sort the games
  arbiter validate --report report.html archive/   # a page with a diagram of every error")]
pub struct ValidateArgs {
    /// Files, directories (searched for *.pgn and *.bpgn, *.pgn.gz, .zst, .bz2, .xz and *.zip), glob
    /// patterns, or `-` for standard input; with none, standard input unless it is a
    /// terminal. Compressed or zipped input is read as it is.
    pub paths: Vec<PathBuf>,
    /// How to report.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// No progress bar and no warnings (errors are always reported).
    #[arg(short, long)]
    quiet: bool,
    /// Threads to use [default: all cores].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// A variant file of your own, added to the catalogue (see notation/VARIANTS.md).
    #[arg(long, value_name = "FILE")]
    variant_file: Option<PathBuf>,
    /// Writes the text of every valid game, exactly as read, to FILE (replaced only once the
    /// run has written it all; FILE must not be an input).
    #[arg(long, value_name = "FILE")]
    valid_out: Option<PathBuf>,
    /// Writes the text of every invalid game, exactly as read, to FILE.
    #[arg(long, value_name = "FILE")]
    invalid_out: Option<PathBuf>,
    /// Writes the run as one self-contained HTML page to FILE: the summary, the problems by
    /// kind, and every invalid game with its diagnostics, its moves and a diagram of where it
    /// goes wrong (the first 10,000 invalid games in full).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    levels: LevelArgs,
    #[command(flatten)]
    limits: CountedLimitArgs,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Compiler-style lines on standard output.
    Text,
    /// One JSON object per game, then one with the summary.
    Json,
}

#[derive(Serialize)]
struct JsonProblem {
    severity: String,
    kind: &'static str,
    /// Occurrences of the kind in the game this one stands for.
    #[serde(skip_serializing_if = "is_one")]
    count: u64,
    line: u64,
    col: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    san: Option<String>,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    candidates: Vec<String>,
}

fn is_one(n: &u64) -> bool {
    *n == 1
}

#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    game: u64,
    line: u64,
    white: &'a str,
    black: &'a str,
    valid: bool,
    moves: u64,
    problems: Vec<JsonProblem>,
}

#[derive(Serialize, Default)]
struct Summary {
    files: u64,
    games: u64,
    moves: u64,
    invalid_games: u64,
    errors: u64,
    warnings: u64,
    kinds: std::collections::BTreeMap<&'static str, u64>,
    seconds: f64,
    megabytes_per_second: f64,
    games_per_second: f64,
}

/// Runs `arbiter validate`.
pub fn run(args: &ValidateArgs) -> Status {
    let Some((catalogue, inputs, mut status)) = super::start(args.threads, args.variant_file.as_deref(), &args.paths)
    else {
        return Status::Failure;
    };
    let catalogue = &*catalogue;
    let mut judging = match Judging::new(&args.levels) {
        Ok(j) => j,
        Err(e) => {
            let _ = writeln!(io::stderr(), "arbiter: error: {e}");
            return Status::Failure;
        }
    };
    let mut sorted = match Sorted::open(args, &inputs) {
        Ok(sorted) => sorted,
        Err(e) => {
            let _ = writeln!(io::stderr(), "arbiter: error: {e}");
            return Status::Failure;
        }
    };
    let mut page = args.report.as_ref().map(|_| html::Page::new());
    let stderr = io::stderr();
    let total_bytes = inputs::total_size(&inputs);
    let progress = inputs::progress_bar(total_bytes, !args.quiet && stderr.is_terminal());
    let limits = args.limits.limits();
    let started = Instant::now();
    let mut summary = Summary::default();
    // Not the locked handle: games are checked, and reported, on the threads of the pool.
    let mut out = io::BufWriter::new(io::stdout());
    let mut done_bytes = 0u64;
    for source in inputs::sources(&inputs, inputs::PGN, &progress) {
        summary.files += 1;
        let name = source.name.clone();
        let path = source.path.clone();
        let reader = match source.text(inputs::PGN) {
            Ok(r) => r,
            Err(refused) => {
                inputs::input_error(&progress, &name, refused.kind, &refused.message);
                judging.tally.count(refused.kind, Severity::Error, 1);
                status = status.max(refused.status);
                continue;
            }
        };
        let before = done_bytes;
        let games_before = summary.games;
        let result = batch::validate(reader, &limits, catalogue, |checked: Checked, read| {
            let unkept = checked.unkept;
            let report = Report::from(checked);
            summary.games += 1;
            summary.moves += report.moves;
            let located = judging.game(report.problems.iter().map(Located::of_located).collect());
            let valid = !located.iter().any(|l| l.severity == Severity::Error);
            if !valid {
                summary.invalid_games += 1;
            }
            if let Err(e) = sorted.write(path.as_deref(), &name, &report, unkept, valid) {
                inputs::input_error(&progress, &name, Kind::Io, &e);
            }
            if let Some(page) = page.as_mut() {
                page.game(&name, &report, &located);
            }
            let written = match args.format {
                Format::Text if located.is_empty() => Ok(()),
                Format::Text => write_located(&mut out, &name, &report.label(), &located, args.quiet),
                Format::Json => write_json(&mut out, &name, &report, valid, located),
            };
            if written.is_err() {
                // A closed pipe: nothing more to say.
                std::process::exit(status_code(status));
            }
            done_bytes = before + read;
            // Games take microseconds: the message is changed now and then, not after each
            // one. (The bar moves with the bytes read.)
            if !progress.is_hidden() && summary.games % 64 == 0 {
                inputs::show_games(&progress, summary.games, started);
            }
        });
        match result {
            Ok(Some((origin, games))) => {
                let message = Limits::stopped(games);
                let written = match (args.format, judging.one(Kind::MaxGames)) {
                    (_, None) | (Format::Text, Some(Severity::Warning)) if args.quiet => Ok(()),
                    (Format::Text, Some(severity)) => {
                        writeln!(out, "{name}:{}:{}: {severity}[max-games]: {message}", origin.line, origin.col)
                    }
                    (_, None) => Ok(()),
                    (Format::Json, Some(_)) => serde_json::to_string(&serde_json::json!({
                        "file": name, "line": origin.line, "col": origin.col, "stopped_after_games": games
                    }))
                    .map_err(io::Error::other)
                    .and_then(|s| writeln!(out, "{s}")),
                };
                if written.is_err() {
                    std::process::exit(status_code(status));
                }
            }
            Ok(None) => {}
            Err(e) => {
                inputs::input_error(&progress, &name, Kind::Io, &e.to_string());
                judging.tally.count(Kind::Io, Severity::Error, 1);
                status = Status::Failure;
                continue;
            }
        }
        if summary.games == games_before {
            judging.about_input(&progress, &name, Kind::EmptyInput, "no game in this input", args.quiet);
        }
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if let Some(page) = page {
        let totals = html::Totals {
            files: summary.files,
            games: summary.games,
            moves: summary.moves,
            invalid: summary.invalid_games,
            errors: judging.tally.errors,
            warnings: judging.tally.warnings,
            seconds,
        };
        sorted.write_report(&page.finish(&totals, catalogue, &limits));
    }
    if let Err(e) = sorted.finish() {
        let _ = writeln!(io::stderr(), "arbiter: error[io]: {e}");
        status = Status::Failure;
    }
    summary.seconds = (seconds * 1000.0).round() / 1000.0;
    summary.megabytes_per_second = ((done_bytes as f64 / 1e6 / seconds.max(1e-9)) * 10.0).round() / 10.0;
    summary.games_per_second = (summary.games as f64 / seconds.max(1e-9)).round();
    summary.errors = judging.tally.errors;
    summary.warnings = judging.tally.warnings;
    summary.kinds = judging.tally.json();
    if summary.invalid_games > 0 || summary.errors > 0 {
        status = status.max(Status::Problems);
    }
    let _ = match args.format {
        Format::Json => serde_json::to_string(&serde_json::json!({ "summary": &summary }))
            .map_err(io::Error::other)
            .and_then(|s| writeln!(out, "{s}")),
        Format::Text => Ok(()),
    };
    let _ = out.flush();
    if args.format == Format::Text {
        let _ = writeln!(
            io::stderr(),
            "arbiter: {} file{}, {} game{}, {} move{}: {} invalid, {} error{}, {} warning{}; {:.2} s, {:.1} MB/s, {:.0} games/s",
            summary.files,
            plural(summary.files),
            summary.games,
            plural(summary.games),
            summary.moves,
            plural(summary.moves),
            summary.invalid_games,
            summary.errors,
            plural(summary.errors),
            summary.warnings,
            plural(summary.warnings),
            summary.seconds,
            summary.megabytes_per_second,
            summary.games_per_second
        );
        if let Some(kinds) = judging.tally.by_kind() {
            let _ = writeln!(io::stderr(), "arbiter: {kinds}");
        }
    }
    status
}

/// The files `--valid-out` and `--invalid-out` write: each game's text as read goes to one
/// or the other, in the order of the inputs.
struct Sorted {
    valid: Option<(PathBuf, Output)>,
    invalid: Option<(PathBuf, Output)>,
    /// `--report`'s page, written once the run is over.
    report: Option<(PathBuf, Output)>,
    /// A write failed: the files are not put in place.
    failed: Option<String>,
}

impl Sorted {
    /// The outputs asked for, refused before any work where one would replace an input or
    /// the other.
    fn open(args: &ValidateArgs, inputs: &[Input]) -> Result<Sorted, String> {
        let mut named = Vec::new();
        for (option, path) in
            [("--valid-out", &args.valid_out), ("--invalid-out", &args.invalid_out), ("--report", &args.report)]
        {
            if let Some(path) = path {
                if path.as_os_str() == "-" {
                    return Err(format!("{option} needs a file: the report goes to standard output"));
                }
                named.push((option, path.as_path()));
            }
        }
        output::refuse_overlaps(&named, &inputs::files(inputs))?;
        let open = |path: &Option<PathBuf>| -> Result<Option<(PathBuf, Output)>, String> {
            path.as_ref()
                .map(|p| {
                    Output::open(Some(p))
                        .map(|o| (p.clone(), o))
                        .map_err(|e| format!("{}: cannot write: {e}", p.display()))
                })
                .transpose()
        };
        Ok(Sorted {
            valid: open(&args.valid_out)?,
            invalid: open(&args.invalid_out)?,
            report: open(&args.report)?,
            failed: None,
        })
    }

    /// Writes the text of the game of `report` (of `unkept` bytes, where it was too large to
    /// keep) of the source `name` (of the file at `path`) where it belongs.
    fn write(
        &mut self,
        input: Option<&std::path::Path>,
        name: &str,
        report: &Report,
        unkept: Option<u64>,
        valid: bool,
    ) -> Result<(), String> {
        let Some((path, out)) = (if valid { self.valid.as_mut() } else { self.invalid.as_mut() }) else {
            return Ok(());
        };
        if self.failed.is_some() {
            return Ok(());
        }
        let written = match (&report.text, unkept) {
            (Some(text), _) => {
                let bytes = text.bytes();
                // A game that ends its file without a line end gets one, so that the next
                // game starts a line.
                out.write_bytes(&bytes).and_then(|()| match bytes.last() {
                    Some(b'\n') | None => Ok(()),
                    Some(_) => out.write_bytes(b"\n"),
                })
            }
            // Too large to have been kept: read again from the input.
            (None, Some(size)) => inputs::copy_again(input, name, report.origin.offset, size, out),
            (None, None) => Ok(()),
        };
        written.map_err(|e| {
            let message = format!("{}: cannot write: {e}", path.display());
            self.failed = Some(message.clone());
            message
        })
    }

    /// Writes the page of `--report`.
    fn write_report(&mut self, page: &str) {
        if let Some((path, out)) = self.report.as_mut()
            && self.failed.is_none()
            && let Err(e) = out.write(page)
        {
            self.failed = Some(format!("{}: cannot write: {e}", path.display()));
        }
    }

    /// Puts the files in place, unless a write failed.
    fn finish(self) -> Result<(), String> {
        let outputs = [self.valid, self.invalid, self.report].into_iter().flatten();
        if let Some(failed) = self.failed {
            outputs.for_each(|(_, out)| out.abandon());
            return Err(format!("{failed}; no file written"));
        }
        for (path, out) in outputs {
            out.finish().map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        }
        Ok(())
    }
}

fn status_code(status: Status) -> i32 {
    match status {
        Status::Clean => 0,
        Status::Problems => 1,
        Status::Failure => 2,
    }
}

fn write_json(out: &mut impl Write, name: &str, report: &Report, valid: bool, located: Vec<Located>) -> io::Result<()> {
    let (white, black) = report.players.as_ref().map_or(("?", "?"), |(w, b)| (w.as_str(), b.as_str()));
    let game = JsonGame {
        file: name,
        game: report.number,
        line: report.origin.line,
        white,
        black,
        valid,
        moves: report.moves,
        problems: located
            .into_iter()
            .map(|l| JsonProblem {
                severity: l.severity.to_string(),
                kind: l.kind.name(),
                count: l.occurrences(),
                line: l.line,
                col: l.col,
                r#move: l.turn.map(|t| t.split(' ').next().unwrap_or_default().to_owned()),
                san: l.written,
                message: l.message,
                fen: l.fen,
                candidates: l.candidates,
            })
            .collect(),
    };
    let text = serde_json::to_string(&game).map_err(io::Error::other)?;
    writeln!(out, "{text}")
}
