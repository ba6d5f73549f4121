//! `arbiter adjudicate`: a verdict on every game, with its grounds, and whether the record
//! agrees with it.
//!
//! Inputs, limits, streaming and parallelism are those of `validate`. The verdict itself is
//! [`arbiter::adjudicate`]'s; this module reads, locates and prints.

use std::collections::BTreeMap;
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use arbiter::adjudicate::time::{Moment, Span as Duration};
use arbiter::adjudicate::{self, Decision, Flag, Settings, Verdict, Way};
use arbiter::batch::next_batch;
use arbiter::diag::{Kind, Place, Severity};
use arbiter::dialect::{GameReader, GameText, Item, Limits, Origin, read_plain, write_game};
use arbiter::record::Span;
use arbiter::record::players_of;
use arbiter::variants::Catalogue;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde_json::{Value, json};

use super::Status;
use super::inputs::{self, Input};
use super::kinds::LevelArgs;
use super::limits::CountedLimitArgs;
use super::output::Output;
use super::report::{Judging, Located, plural, write_located};

/// Gives every game a verdict: the result the rules give (or that the game is open), the draws
/// either side could claim, time-control breaches, and whether the record's result agrees.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter adjudicate games.pgn                     # a verdict and its grounds for every game
  arbiter adjudicate --format json games.pgn       # one JSON object per game, then a summary
  arbiter adjudicate --as-of 2026-06-01 games.pgn  # also judge the time of the side to move
  arbiter adjudicate --write judged.pgn games.pgn  # the records with the verdicts written in

Exit code: 0 when every game has a verdict the record agrees with, 1 when a game is broken
or its result disagrees, 2 on a usage or I/O error. notation/SPEC.md, \"Adjudication\", has
the rules.")]
pub struct AdjudicateArgs {
    /// Files, directories (searched for *.pgn and *.bpgn, *.pgn.gz, .zst, .bz2, .xz and *.zip), glob
    /// patterns, or `-` for standard input; with none, standard input unless it is a
    /// terminal. Compressed or zipped input is read as it is.
    pub paths: Vec<PathBuf>,
    /// How to report.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Writes every record with its verdict (Result, Termination "adjudication" and the grounds
    /// as a comment) to FILE, or to standard output for `-` (the report then goes to standard
    /// error). The inputs are never changed.
    #[arg(long, value_name = "FILE")]
    write: Option<PathBuf>,
    /// The day of the adjudication (2026-06-01, or 2026-06-01T12:00): the side to move loses
    /// if its time ran out before it.
    #[arg(long, value_name = "DATE", value_parser = parse_date)]
    as_of: Option<Moment>,
    /// No progress bar, no warnings and no grounds (the verdicts and errors are always
    /// reported).
    #[arg(short, long)]
    quiet: bool,
    /// Threads to use [default: all cores].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// A variant file of your own, added to the catalogue (see notation/VARIANTS.md).
    #[arg(long, value_name = "FILE")]
    variant_file: Option<PathBuf>,
    #[command(flatten)]
    levels: LevelArgs,
    #[command(flatten)]
    limits: CountedLimitArgs,
}

fn parse_date(text: &str) -> Result<Moment, String> {
    text.parse::<Moment>().map_err(|e| e.to_string())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The verdict and its grounds for a human; problems as compiler-style lines.
    Text,
    /// One JSON object per game, then one with the summary.
    Json,
}

/// What judging one game gave.
struct Judged {
    origin: Origin,
    players: Option<(String, String)>,
    problems: Vec<Located>,
    verdict: Option<Verdict>,
    /// The record with its verdict, when asked for.
    written: Option<String>,
    bytes: u64,
    /// Not a game: where reading stopped (--max-games).
    stopped: bool,
    /// The size of a game too large to keep in memory, whose text is not here.
    unkept: Option<u64>,
    /// Its report, written where it was judged (a game without problems).
    report: Option<Vec<u8>>,
}

fn judge(item: Item, catalogue: &Catalogue, limits: &Limits, settings: Settings, write: bool) -> Judged {
    let text = match item {
        Item::Game(text) => text,
        Item::TooLarge { origin, size } => {
            let problem = Located::plain(Kind::Limit, origin.line, origin.col, limits.too_large(size));
            return Judged {
                origin,
                players: None,
                problems: vec![problem],
                verdict: None,
                written: None,
                bytes: size,
                stopped: false,
                unkept: Some(size),
                report: None,
            };
        }
        Item::Stopped { origin, games } => {
            let problem = Located::plain(Kind::MaxGames, origin.line, origin.col, Limits::stopped(games));
            return Judged {
                origin,
                players: None,
                problems: vec![problem],
                verdict: None,
                written: None,
                bytes: 0,
                stopped: true,
                unkept: None,
                report: None,
            };
        }
    };
    if !write && let Some(judged) = judge_plain(&text, catalogue, limits, settings) {
        return judged;
    }
    let place = Place::new(&text.text, text.origin.line, text.origin.col);
    let at = |span: Span| place.line_col(span.start as usize);
    let mut judged = Judged {
        origin: text.origin,
        players: None,
        problems: Vec::new(),
        verdict: None,
        written: None,
        bytes: text.text.len() as u64,
        stopped: false,
        unkept: None,
        report: None,
    };
    let parsed = text.parse(limits);
    // Warnings about the text are `validate`'s; errors stop the verdict.
    for d in parsed.diagnostics.iter().filter(|d| d.is_error()) {
        judged.problems.push(Located::of(&place, d));
    }
    let Some(game) = parsed.game else {
        // A game that cannot be read is written as it was read.
        if write {
            let mut text = text.text.clone();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            judged.written = Some(text);
        }
        return judged;
    };
    judged.players = Some(game.players());
    let variant = match catalogue.find(game.variant_name()) {
        Ok(v) => v,
        Err(e) => {
            let span = game.tags.iter().find(|t| t.name == "Variant").map(|t| t.span).unwrap_or_default();
            let lc = at(span);
            judged.problems.push(Located::plain(e.kind(), lc.line, lc.col, e.to_string()));
            if write {
                judged.written = Some(write_game(&game));
            }
            return judged;
        }
    };
    match adjudicate::adjudicate(&variant, &game, settings) {
        Err(broken) => {
            let lc = at(broken.span);
            judged.problems.push(Located {
                turn: broken.at.clone(),
                written: broken.written.clone(),
                fen: broken.fen.clone(),
                candidates: broken.candidates.clone(),
                ..Located::plain(broken.kind, lc.line, lc.col, format!("{}; no verdict", broken.message))
            });
            if write {
                judged.written = Some(write_game(&game));
            }
        }
        Ok(verdict) => {
            for note in &verdict.notes {
                let lc = at(note.span);
                judged.problems.push(Located {
                    turn: note.at.clone(),
                    ..Located::plain(note.kind, lc.line, lc.col, note.message.clone())
                });
            }
            if let Some((ply, why)) = &verdict.unplayable {
                let lc = at(ply.span);
                judged.problems.push(Located {
                    turn: Some(ply.label()),
                    written: Some(ply.text.clone()),
                    ..Located::plain(
                        Kind::MovesAfterEnd,
                        lc.line,
                        lc.col,
                        format!("the record goes on after the end of the game: {why}"),
                    )
                });
            }
            let result_span = game.tags.iter().find(|t| t.name == "Result").map(|t| t.span).unwrap_or_default();
            for m in &verdict.mismatches {
                let lc = at(result_span);
                judged.problems.push(Located::plain(
                    m.kind,
                    lc.line,
                    lc.col,
                    format!("the record's result does not agree: {m}"),
                ));
            }
            if write {
                judged.written = Some(write_game(&adjudicate::with_verdict(&game, &verdict)));
            }
            judged.verdict = Some(verdict);
        }
    }
    judged.problems.sort_by_key(|p| (p.line, p.col));
    judged
}

/// [`judge`] for a plain game ([`read_plain`]) of a variant the orthodox lane plays, where
/// [`adjudicate::adjudicate_plain`] can judge it: the same verdict, found without the
/// record. `None` where the record must be judged.
fn judge_plain(text: &GameText, catalogue: &Catalogue, limits: &Limits, settings: Settings) -> Option<Judged> {
    if text.has_decoding_notes() {
        return None;
    }
    let game = read_plain(&text.text, limits)?;
    let variant = catalogue.find(game.variant).ok()?;
    // (White and Black are always there; the other tags are looked for only where both are
    // unnamed.)
    let players = players_of(|name| match name {
        "White" => Some(game.white),
        "Black" => Some(game.black),
        _ => game.tags().find(|&(n, _)| n == name).map(|(_, v)| v),
    });
    let verdict = adjudicate::adjudicate_plain(&variant, game, settings)?;
    Some(Judged {
        origin: text.origin,
        players: Some(players),
        problems: Vec::new(),
        verdict: Some(verdict),
        written: None,
        bytes: text.text.len() as u64,
        stopped: false,
        unkept: None,
        report: None,
    })
}

#[derive(Default)]
struct Summary {
    files: u64,
    games: u64,
    verdicts: BTreeMap<&'static str, u64>,
    broken: u64,
    mismatches: u64,
    errors: u64,
    warnings: u64,
    bytes: u64,
}

/// Runs `arbiter adjudicate`.
pub fn run(args: &AdjudicateArgs) -> Status {
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
    // With the records on standard output, the report goes to standard error.
    let records_to_stdout = args.write.as_deref().is_some_and(|p| p == Path::new("-"));
    // The inputs are never changed: writing over one of them is refused before any work.
    if let Some(target) = args.write.as_deref().filter(|_| !records_to_stdout)
        && let Ok(target) = std::fs::canonicalize(target)
        && inputs.iter().any(|i| matches!(i, Input::File(p) if std::fs::canonicalize(p).is_ok_and(|p| p == target)))
    {
        let _ = writeln!(io::stderr(), "{}: error: --write would replace an input; write elsewhere", target.display());
        return Status::Failure;
    }
    let mut records = match &args.write {
        None => None,
        Some(path) => match Output::open(if records_to_stdout { None } else { Some(path) }) {
            Ok(out) => Some(out),
            Err(e) => {
                let _ = writeln!(io::stderr(), "{}: error: cannot write: {e}", path.display());
                return Status::Failure;
            }
        },
    };
    let mut report: Box<dyn Write> =
        if records_to_stdout { Box::new(io::stderr()) } else { Box::new(io::BufWriter::new(io::stdout())) };
    let total_bytes = inputs::total_size(&inputs);
    let progress = inputs::progress_bar(total_bytes, !args.quiet && io::stderr().is_terminal() && !records_to_stdout);
    let limits = args.limits.limits();
    let settings = Settings { as_of: args.as_of };
    let started = Instant::now();
    let mut summary = Summary::default();
    let mut write_failed = false;
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
        let mut games = GameReader::new(BufReader::new(reader), &limits);
        let games_before = summary.games;
        // The next batch is read while this one is judged.
        let mut read = next_batch(&mut games);
        loop {
            let batch = match read {
                Ok(batch) => batch,
                Err(e) => {
                    inputs::input_error(&progress, &name, Kind::Io, &e.to_string());
                    judging.tally.count(Kind::Io, Severity::Error, 1);
                    status = Status::Failure;
                    break;
                }
            };
            if batch.is_empty() {
                break;
            }
            if !progress.is_hidden() {
                inputs::show_games(&progress, summary.games, started);
            }
            let write = records.is_some();
            let (format, quiet) = (args.format, args.quiet);
            // (On one thread the report is written where it is printed, as it costs less there.)
            let render = rayon::current_num_threads() > 1;
            let next;
            let judged: Vec<Judged>;
            (next, judged) = rayon::join(
                || next_batch(&mut games),
                || {
                    batch
                        .into_par_iter()
                        .map(|item| {
                            let mut j = judge(item, catalogue, &limits, settings, write);
                            // A game without problems is reported as it will be whatever the levels
                            // say: its report is written here, on the thread that judged it.
                            if render && j.problems.is_empty() && !j.stopped {
                                let mut line = Vec::new();
                                let _ = write_report(&mut line, &name, &j, format, quiet);
                                j.report = Some(line);
                            }
                            j
                        })
                        .collect()
                },
            );
            read = next;
            for mut j in judged {
                j.problems = judging.game(std::mem::take(&mut j.problems));
                if j.stopped {
                    // Where reading stopped (--max-games): a warning, no game.
                    let shown = j.problems.iter().any(|p| p.severity == Severity::Error) || !args.quiet;
                    if shown || args.format == Format::Json {
                        let _ = print_stop(&mut report, &name, &j, args.format);
                    }
                    continue;
                }
                summary.games += 1;
                summary.bytes += j.bytes;
                tally(&mut summary, &j);
                let printed = match &j.report {
                    Some(line) => report.write_all(line),
                    None => write_report(&mut report, &name, &j, args.format, args.quiet),
                };
                if printed.is_err() {
                    // A closed pipe: nothing more to say.
                    return status.max(Status::Problems);
                }
                if let Some(out) = records.as_mut().filter(|_| !write_failed) {
                    let written = match (&j.written, j.unkept) {
                        (Some(text), _) => out.write(text),
                        // Too large to have been kept: copied from the input again.
                        (None, Some(size)) => inputs::copy_again(path.as_deref(), &name, j.origin.offset, size, out),
                        (None, None) => Ok(()),
                    };
                    if let Err(e) = written {
                        inputs::input_error(&progress, &name, Kind::Io, &format!("cannot write the records: {e}"));
                        write_failed = true;
                    }
                }
            }
        }
        if summary.games == games_before {
            judging.about_input(&progress, &name, Kind::EmptyInput, "no game in this input", args.quiet);
        }
    }
    progress.finish_and_clear();
    if let Some(out) = records {
        // A file is put in place only when every record was written to it.
        let finished = if write_failed {
            out.abandon();
            Err(io::Error::other("a write failed"))
        } else {
            out.finish()
        };
        if let Err(e) = finished {
            let _ = writeln!(io::stderr(), "arbiter: error[io]: cannot write the records: {e}");
            status = Status::Failure;
        }
    }
    summary.errors = judging.tally.errors;
    summary.warnings = judging.tally.warnings;
    if summary.errors > 0 {
        status = status.max(Status::Problems);
    }
    let seconds = started.elapsed().as_secs_f64();
    let megabytes_per_second = ((summary.bytes as f64 / 1e6 / seconds.max(1e-9)) * 10.0).round() / 10.0;
    let games_per_second = (summary.games as f64 / seconds.max(1e-9)).round();
    let _ = match args.format {
        Format::Json => {
            let value = json!({ "summary": {
                "files": summary.files,
                "games": summary.games,
                "verdicts": &summary.verdicts,
                "broken": summary.broken,
                "mismatches": summary.mismatches,
                "errors": summary.errors,
                "warnings": summary.warnings,
                "kinds": judging.tally.json(),
                "seconds": (seconds * 1000.0).round() / 1000.0,
                "megabytes_per_second": megabytes_per_second,
                "games_per_second": games_per_second,
            }});
            writeln!(report, "{value}")
        }
        Format::Text => Ok(()),
    };
    let _ = report.flush();
    drop(report);
    if args.format == Format::Text {
        let kinds: Vec<String> = summary.verdicts.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let _ = writeln!(
            io::stderr(),
            "arbiter: {} file{}, {} game{}: {}; {} result mismatch{}, {} broken, {} error{}, {} warning{}; {:.2} s, {:.1} MB/s, {:.0} games/s",
            summary.files,
            plural(summary.files),
            summary.games,
            plural(summary.games),
            if kinds.is_empty() { "no verdict".to_owned() } else { kinds.join(", ") },
            summary.mismatches,
            if summary.mismatches == 1 { "" } else { "es" },
            summary.broken,
            summary.errors,
            plural(summary.errors),
            summary.warnings,
            plural(summary.warnings),
            seconds,
            megabytes_per_second,
            games_per_second
        );
    }
    status
}

fn tally(summary: &mut Summary, j: &Judged) {
    match &j.verdict {
        Some(v) => {
            *summary.verdicts.entry(v.decision.kind()).or_insert(0) += 1;
            if !v.mismatches.is_empty() {
                summary.mismatches += 1;
            }
        }
        None => summary.broken += 1,
    }
}

fn game_label(j: &Judged) -> String {
    let n = j.origin.index + 1;
    match &j.players {
        Some((white, black)) => format!("game {n} ({white} - {black})"),
        None => format!("game {n}"),
    }
}

fn print_stop(out: &mut dyn Write, name: &str, j: &Judged, format: Format) -> io::Result<()> {
    let Some(p) = j.problems.first() else { return Ok(()) };
    match format {
        Format::Text => writeln!(out, "{name}:{}:{}: {}[{}]: {}", p.line, p.col, p.severity, p.kind, p.message),
        Format::Json => {
            writeln!(out, "{}", json!({ "file": name, "line": p.line, "col": p.col, "stopped": p.message }))
        }
    }
}

/// The report on one game, as `format` writes it.
fn write_report(out: &mut dyn Write, name: &str, j: &Judged, format: Format, quiet: bool) -> io::Result<()> {
    match format {
        Format::Text => write_text(out, name, j, quiet),
        Format::Json => write_json(out, name, j),
    }
}

fn write_text(out: &mut dyn Write, name: &str, j: &Judged, quiet: bool) -> io::Result<()> {
    let label = game_label(j);
    if let Some(v) = &j.verdict {
        let result = if matches!(v.decision, Decision::Open) { "open".to_owned() } else { v.result.to_string() };
        writeln!(out, "{name}:{}:{}: {label}: {result}: {}", j.origin.line, j.origin.col, adjudicate::headline(v))?;
        if !quiet {
            for ground in v.grounds() {
                writeln!(out, "  {ground}")?;
            }
        }
    }
    write_located(out, name, &label, &j.problems, quiet)
}

fn color_name(c: arbiter::rules::variant::Color) -> &'static str {
    c.name()
}

fn ply_json(p: Option<&adjudicate::Ply>) -> Value {
    p.map_or(Value::Null, |p| json!({ "move": p.label(), "san": p.text, "ply": p.index + 1 }))
}

fn verdict_json(v: &Verdict) -> Value {
    let (rule_at, flag) = match &v.decision {
        Decision::Rules { at, .. } => (ply_json(at.as_ref()), Value::Null),
        Decision::Time { at, flag, loser, opponent_can_mate } => {
            let mut flag = match flag {
                Flag::Dates(o) => json!({
                    "by": "dates", "loser": color_name(*loser), "moves": o.nth,
                    "used_seconds": o.used / 1000, "allowed_seconds": o.allowed / 1000,
                    "used": Duration(o.used).to_string(), "allowed": Duration(o.allowed).to_string(),
                    "allowance": o.allowance, "from": o.first.to_string(), "to": o.last.2.to_string(),
                    "last_move_seconds": o.last.0 / 1000, "moves_without_dates": o.unknown,
                }),
                Flag::Clock { reading } => json!({
                    "by": "clock", "loser": color_name(*loser), "reading": Duration(*reading).to_string(),
                }),
                Flag::Deadline { since, left, as_of } => json!({
                    "by": "deadline", "loser": color_name(*loser), "since": since.to_string(),
                    "left_seconds": left / 1000, "deadline": Moment(since.0.saturating_add(*left)).to_string(),
                    "as_of": as_of.to_string(),
                }),
            };
            // FIDE 6.9: where the other side could not mate, the flag-fall draws.
            if let Value::Object(fields) = &mut flag {
                fields.insert("opponent_can_mate".to_owned(), json!(opponent_can_mate));
            }
            (ply_json(at.as_ref()), flag)
        }
        Decision::Open => (Value::Null, Value::Null),
    };
    let claims: Vec<Value> = v
        .claims
        .iter()
        .map(|c| {
            let (way, san) = match &c.way {
                Way::OnTheBoard => ("on the board", Value::Null),
                Way::ByAnnouncing(m) => ("by announcing", json!(m)),
            };
            json!({ "claim": c.name(), "by": color_name(c.by), "after": ply_json(c.after.as_ref()), "way": way, "san": san })
        })
        .collect();
    let e = &v.end;
    let sides: Vec<Value> = v
        .time
        .sides
        .iter()
        .map(|s| {
            json!({
                "moves": s.moves, "timed": s.timed, "used_seconds": s.used / 1000,
                "allowed_seconds": s.allowed.map(|a| a / 1000),
                "clock": s.clock.as_ref().map(|(c, _)| Duration(*c).to_string()),
                "clock_after": s.clock.as_ref().map(|(_, l)| l.clone()),
            })
        })
        .collect();
    let running = v.time.running.map(|(c, since, left, deadline)| {
        json!({ "to_move": color_name(c), "since": since.to_string(), "left_seconds": left / 1000, "deadline": deadline.to_string() })
    });
    json!({
        "variant": v.variant,
        "verdict": {
            "kind": v.decision.kind(),
            "result": v.result.as_str(),
            "decided": v.decision.result().is_some(),
            "at": rule_at,
            "time_forfeit": flag,
            "turns_after": v.after,
            "headline": adjudicate::headline(v),
            "grounds": v.grounds(),
        },
        "claims": claims,
        "final": {
            "fen": e.fen,
            "to_move": e.to_move.map(color_name),
            "legal_moves": e.legal_moves,
            "checkmate": e.checkmate,
            "stalemate": e.stalemate,
            "insufficient_material": e.insufficient_material,
            "far_rank": e.far_rank.map(color_name),
            "threefold": e.threefold,
            "threefold_by_move": e.threefold_by_move,
            "fifty_moves": e.fifty_moves,
            "fifty_moves_by_move": e.fifty_moves_by_move,
            "fivefold": e.fivefold,
            "seventy_five_moves": e.seventy_five_moves,
        },
        "time": { "control": v.time.control, "white": sides[0], "black": sides[1], "running": running },
        "record": {
            "result_tag": v.result_tag,
            "token": v.token.as_str(),
            "agrees": v.mismatches.is_empty(),
            "mismatches": v.mismatches.iter().map(|m| m.message.as_str()).collect::<Vec<_>>(),
        },
    })
}

fn write_json(out: &mut dyn Write, name: &str, j: &Judged) -> io::Result<()> {
    let (white, black) = j.players.as_ref().map_or(("?", "?"), |(w, b)| (w.as_str(), b.as_str()));
    let problems: Vec<Value> = j
        .problems
        .iter()
        .map(|l| {
            let mut p =
                json!({ "severity": l.severity.to_string(), "line": l.line, "col": l.col, "message": l.message });
            if let Some(map) = p.as_object_mut() {
                if let Some(t) = &l.turn {
                    map.insert("move".to_owned(), json!(t));
                }
                if let Some(w) = &l.written {
                    map.insert("san".to_owned(), json!(w));
                }
                if let Some(f) = &l.fen {
                    map.insert("fen".to_owned(), json!(f));
                }
                if !l.candidates.is_empty() {
                    map.insert("candidates".to_owned(), json!(l.candidates));
                }
            }
            p
        })
        .collect();
    let mut game = json!({
        "file": name,
        "game": j.origin.index + 1,
        "line": j.origin.line,
        "white": white,
        "black": black,
        "moves": j.verdict.as_ref().map_or(0, |v| v.plies),
    });
    if let (Some(map), Some(v)) = (game.as_object_mut(), &j.verdict)
        && let Value::Object(more) = verdict_json(v)
    {
        map.extend(more);
    }
    if let Some(map) = game.as_object_mut() {
        map.insert("problems".to_owned(), Value::Array(problems));
    }
    writeln!(out, "{game}")
}
