//! `arbiter validate`: every game of an archive replayed, every problem reported.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use arbiter::batch::{self, Checked};
use arbiter::diag::{Place, Severity};
use arbiter::dialect::Limits;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::Status;
use super::inputs;
use super::limits::CountedLimitArgs;
use super::report::{Located, write_located};

/// Replays every game and reports every illegal move, broken record and wrong result.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter validate archive/                 # every *.pgn under archive/
  arbiter validate --format json games.pgn  # one JSON object per game, then a summary
  arbiter validate -j 1 'archive/**/*.pgn'  # one thread; the output is the same with any number")]
pub struct ValidateArgs {
    /// Files, directories (searched for *.pgn, *.pgn.gz, .zst, .bz2, .xz and *.zip), glob
    /// patterns, or `-` for standard input [default: -]; compressed or zipped input is read
    /// as it is.
    paths: Vec<PathBuf>,
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
    seconds: f64,
    megabytes_per_second: f64,
    games_per_second: f64,
}

fn locate(checked: &Checked) -> Vec<Located> {
    let mut out = Vec::new();
    let Some(text) = &checked.text else {
        if let Some(reason) = &checked.refused {
            out.push(Located::plain(Severity::Error, checked.origin.line, checked.origin.col, reason));
        }
        return out;
    };
    let place = Place::new(&text.text, text.origin.line, text.origin.col);
    for d in &checked.syntax {
        let at = place.line_col(d.span.start as usize);
        out.push(Located::plain(d.severity, at.line, at.col, &d.message));
    }
    if let Some(reason) = &checked.refused {
        let at = checked.refused_at.map(|span| place.line_col(span.start as usize));
        let (line, col) = at.map_or((checked.origin.line, checked.origin.col), |a| (a.line, a.col));
        out.push(Located::plain(Severity::Error, line, col, reason));
    }
    if let Some(replay) = &checked.replay {
        for p in &replay.problems {
            let at = place.line_col(p.span.start as usize);
            out.push(Located {
                turn: p.at.map(|t| format!("{} ({})", t.label(), t.color)),
                written: p.written.clone(),
                fen: p.fen.clone(),
                candidates: p.candidates.clone(),
                ..Located::plain(p.severity, at.line, at.col, &p.message)
            });
        }
    }
    out
}

/// Runs `arbiter validate`.
pub fn run(args: &ValidateArgs) -> Status {
    let Some((catalogue, inputs, mut status)) = super::start(args.threads, args.variant_file.as_deref(), &args.paths)
    else {
        return Status::Failure;
    };
    let catalogue = &*catalogue;
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
        let reader = match source.text(inputs::PGN) {
            Ok(r) => r,
            Err(refused) => {
                inputs::input_error(&progress, &name, &refused.message);
                status = status.max(refused.status);
                continue;
            }
        };
        let before = done_bytes;
        let result = batch::validate(reader, &limits, catalogue, |checked: Checked, read| {
            summary.games += 1;
            summary.moves += checked.turns();
            let located = locate(&checked);
            let errors = located.iter().filter(|l| l.severity == Severity::Error).count() as u64;
            let warnings = located.len() as u64 - errors;
            summary.errors += errors;
            summary.warnings += warnings;
            if !checked.valid() {
                summary.invalid_games += 1;
            }
            let written = match args.format {
                Format::Text if located.is_empty() => Ok(()),
                Format::Text => write_located(&mut out, &name, &game_label(&checked), &located, args.quiet),
                Format::Json => write_json(&mut out, &name, &checked, located),
            };
            if written.is_err() {
                // A closed pipe: nothing more to say.
                std::process::exit(status_code(status));
            }
            done_bytes = before + read;
            // Games take microseconds: the message is changed now and then, not after each
            // one. (The bar moves with the bytes read.)
            if !progress.is_hidden() && summary.games % 64 == 0 {
                let rate = summary.games as f64 / started.elapsed().as_secs_f64().max(1e-9);
                progress.set_message(format!("{} games, {rate:.0} games/s", summary.games));
            }
        });
        match result {
            Ok(Some((origin, games))) => {
                let message = Limits::stopped(games);
                let written = match args.format {
                    Format::Text if args.quiet => Ok(()),
                    Format::Text => writeln!(out, "{name}:{}:{}: warning: {message}", origin.line, origin.col),
                    Format::Json => serde_json::to_string(&serde_json::json!({
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
                inputs::input_error(&progress, &name, &e.to_string());
                status = Status::Failure;
            }
        }
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    summary.seconds = (seconds * 1000.0).round() / 1000.0;
    summary.megabytes_per_second = ((done_bytes as f64 / 1e6 / seconds.max(1e-9)) * 10.0).round() / 10.0;
    summary.games_per_second = (summary.games as f64 / seconds.max(1e-9)).round();
    if summary.invalid_games > 0 {
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
            "arbiter: {} file{}, {} game{}, {} moves: {} invalid, {} error{}, {} warning{}; {:.2} s, {:.1} MB/s, {:.0} games/s",
            summary.files,
            plural(summary.files),
            summary.games,
            plural(summary.games),
            summary.moves,
            summary.invalid_games,
            summary.errors,
            plural(summary.errors),
            summary.warnings,
            plural(summary.warnings),
            summary.seconds,
            summary.megabytes_per_second,
            summary.games_per_second
        );
    }
    status
}

fn status_code(status: Status) -> i32 {
    match status {
        Status::Clean => 0,
        Status::Problems => 1,
        Status::Failure => 2,
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn game_label(checked: &Checked) -> String {
    let n = checked.origin.index + 1;
    match &checked.players {
        Some((white, black)) => format!("game {n} ({white} - {black})"),
        None => format!("game {n}"),
    }
}

fn write_json(out: &mut impl Write, name: &str, checked: &Checked, located: Vec<Located>) -> io::Result<()> {
    let (white, black) = checked.players.as_ref().map_or(("?", "?"), |(w, b)| (w.as_str(), b.as_str()));
    let game = JsonGame {
        file: name,
        game: checked.origin.index + 1,
        line: checked.origin.line,
        white,
        black,
        valid: checked.valid(),
        moves: checked.turns(),
        problems: located
            .into_iter()
            .map(|l| JsonProblem {
                severity: l.severity.to_string(),
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
