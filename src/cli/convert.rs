//! `arbiter convert`: records written again in another notation, or as the positions their
//! main lines pass through.

use std::io;
use std::path::PathBuf;

use arbiter::convert::{self, Notation};
use arbiter::diag::{Kind, Place, Severity};
use arbiter::dialect::{GameReader, GameText, Item, Limits, Origin, Style, read_plain, write_game, write_game_as};
use arbiter::record::{Game, Span};
use arbiter::replay::Problem;
use arbiter::replay::convert_plain;
use arbiter::variants::Catalogue;
use clap::{Args, ValueEnum};
use rayon::prelude::*;

use super::Status;
use super::inputs;
use super::kinds::LevelArgs;
use super::limits::CountedLimitArgs;
use super::output::{self, Output, eprint_line};
use super::records::{self, Next, RecordPlaces, Records};
use super::report::{Judging, Located, Reporter, game_label};

/// Converts records: every action resolved against the rules and written again, or the
/// position after every turn of the main line.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter convert --to uci games.pgn          # coordinates, one record per game
  arbiter convert --to pgn coordinates.pgn    # a record in coordinates (or long algebraic) as SAN
  arbiter convert --to fen game.pgn           # the FEN after every turn of the main line
  arbiter convert --to uci --check games.pgn  # converts there and back, shows any difference")]
pub struct ConvertArgs {
    /// Files, directories (searched for *.pgn and *.bpgn, or with --from, for *.json, *.jsonl and
    /// *.ndjson, or *.yaml and *.yml; compressed or not, and *.zip), glob patterns, or `-` for
    /// standard input; with none, standard input unless it is a terminal.
    pub paths: Vec<PathBuf>,
    /// What to write.
    #[arg(long, value_enum)]
    to: Target,
    /// What the inputs hold.
    #[arg(long, value_enum, default_value_t = Source::Pgn)]
    from: Source,
    /// Converts to the target and back to SAN, and shows where the two SAN records differ
    /// (exit 1 if they do); writes no conversion.
    #[arg(long, conflicts_with = "output")]
    check: bool,
    /// Writes to FILE (through a temporary file renamed over it once everything is written)
    /// instead of standard output; FILE must not be an input.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Leaves out the games that cannot be converted (by default they are written as they
    /// were read, and reported).
    #[arg(long)]
    skip_invalid: bool,
    /// No warnings (errors are always reported).
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Target {
    /// The dialect in SAN, as `arbiter fmt` writes it.
    Pgn,
    /// Long algebraic notation: `Ng1f3`, `e2e4`, `Bf1xc6+`.
    Lan,
    /// Coordinates as UCI writes them: `g1f3`, `e7e8q`.
    Uci,
    /// The FEN after every turn of the main line, the start first, one per line.
    Fen,
    /// The same as EPD (the first four FEN fields).
    Epd,
    /// The whole record as JSON, one game per line (notation/FORMATS.md).
    Json,
    /// The whole record as YAML, one document per game (notation/FORMATS.md).
    Yaml,
    /// The rules-free explicit form: JSON records, one per line, whose actions say what
    /// vanishes and appears where (notation/FORMATS.md).
    Explicit,
}

/// What the inputs hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Source {
    /// Records in the dialect (PGN, SAN or coordinates).
    Pgn,
    /// JSON records, one per line as `--to json` writes them, or over several lines as `jq .` prints them.
    Json,
    /// YAML records, one document each, as `--to yaml` writes them.
    Yaml,
}

impl Source {
    /// The files a directory given as an input is searched for.
    fn extensions(self) -> &'static [&'static str] {
        match self {
            Source::Pgn => inputs::PGN,
            Source::Json => &["json", "jsonl", "ndjson"],
            Source::Yaml => &["yaml", "yml"],
        }
    }
}

impl Target {
    fn notation(self) -> Option<Notation> {
        match self {
            Target::Pgn => Some(Notation::San),
            Target::Lan => Some(Notation::Lan),
            Target::Uci => Some(Notation::Uci),
            Target::Fen | Target::Epd | Target::Json | Target::Yaml | Target::Explicit => None,
        }
    }
}

/// Runs `arbiter convert`.
pub fn run(args: &ConvertArgs) -> Status {
    // Warnings about the text are `validate`'s and `fmt`'s; a conversion reports errors.
    let judging = match Judging::new(&args.levels) {
        Ok(j) => j.errors_only(),
        Err(e) => {
            eprint_line(&format!("arbiter: error: {e}"));
            return Status::Failure;
        }
    };
    let mut reporter = Reporter::new(args.quiet, judging);
    super::set_threads(args.threads);
    let catalogue = match super::catalogue(args.variant_file.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprint_line(&format!("arbiter: error: {e}"));
            return Status::Failure;
        }
    };
    if args.check && matches!(args.to, Target::Fen | Target::Epd) {
        eprint_line("arbiter: error: --check needs a format to convert back from (not fen or epd)");
        return Status::Failure;
    }
    let (inputs, failures) = inputs::expand(&args.paths, args.from.extensions());
    let mut status = Status::Clean;
    for (path, e) in &failures {
        reporter.file(&path.display().to_string(), Kind::Io, &format!("cannot read: {e}"));
        status = Status::Failure;
    }
    // Nothing is written over an input: the output is refused before any work.
    let files = inputs::files(&inputs);
    if let Some(path) = &args.output
        && let Err(e) = output::refuse_overlaps(&[("-o", path)], &files)
    {
        eprint_line(&format!("arbiter: error: {e}"));
        return Status::Failure;
    }
    if args.output.is_none()
        && let Some(input) = output::stdout_into_input(&files)
    {
        eprint_line(&format!("arbiter: error: standard output is the input {}; write elsewhere", input.display()));
        return Status::Failure;
    }
    let mut out = match Output::open(args.output.as_deref()) {
        Ok(out) => out,
        Err(e) => {
            let name = args.output.as_ref().map_or(String::new(), |p| p.display().to_string());
            reporter.file(&name, Kind::Io, &format!("cannot write: {e}"));
            return Status::Failure;
        }
    };
    let (mut games, mut files) = (0u64, 0u64);
    let limits = args.limits.limits();
    // A write that failed: the rest is not converted, and a file output is not put in place.
    let write_failed = std::cell::Cell::new(false);
    for source in inputs::sources(&inputs, args.from.extensions(), &indicatif::ProgressBar::hidden()) {
        files += 1;
        let name = source.name.clone();
        let reader = match source.text(args.from.extensions()) {
            Ok(r) => io::BufReader::new(r),
            Err(refused) => {
                reporter.file(&name, refused.kind, &refused.message);
                status = status.max(refused.status);
                continue;
            }
        };
        let games_before = games;
        let items: Box<dyn Iterator<Item = io::Result<Next>>> = match args.from {
            Source::Pgn => Box::new(GameReader::new(reader, &limits).map(|item| item.map(Next::Item))),
            Source::Json => Box::new(Records::new(reader, records::Kind::Json, &catalogue, limits)),
            Source::Yaml => Box::new(Records::new(reader, records::Kind::Yaml, &catalogue, limits)),
        };
        // Games are converted in parallel, a chunk at a time, and written in their order.
        let mut chunk: Vec<Pending> = Vec::with_capacity(CHUNK);
        let flush = |chunk: &mut Vec<Pending>, reporter: &mut Reporter, out: &mut Output| {
            let done: Vec<Done> =
                chunk.par_iter().map(|source| convert_game(args, &catalogue, &name, source)).collect();
            let mut status = Status::Clean;
            for (source, done) in chunk.iter().zip(done) {
                // (A game's label is found in its text only where there is something to say.)
                let worst = match done.problems.is_empty() {
                    true => Severity::Warning,
                    false => {
                        let label = game_label(source.text.origin.index, &source.text.text);
                        reporter.game(&name, &label, done.problems)
                    }
                };
                let invalid = done.converted.is_none() || worst == Severity::Error;
                if invalid || !done.diff.is_empty() {
                    status = status.max(Status::Problems);
                }
                let text = match (done.converted, invalid) {
                    _ if args.check => done.diff,
                    (Some(converted), false) => converted,
                    _ if args.skip_invalid => String::new(),
                    (_, _) => done.as_read.unwrap_or_else(|| as_read(args.to, &source.text.text)),
                };
                if let Err(e) = out.write(&text)
                    && !write_failed.replace(true)
                {
                    reporter.file(&name, Kind::Io, &format!("cannot write: {e}"));
                }
            }
            chunk.clear();
            status
        };
        for (index, item) in items.enumerate() {
            if out.closed() || write_failed.get() {
                break;
            }
            games += 1;
            let source = match item {
                Ok(Next::Item(Item::Game(text))) => Pending { text, places: None },
                Ok(Next::Record(text, places)) => Pending { text, places: Some(places) },
                Ok(Next::Item(Item::TooLarge { origin, size })) => {
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Problems);
                    let message = limits.too_large(size);
                    reporter.at(&name, origin, Kind::Limit, &format!("game {}", index + 1), &message);
                    continue;
                }
                Ok(Next::Item(Item::Stopped { origin, games: read })) => {
                    games -= 1;
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out));
                    let label = format!("game {}", read + 1);
                    if reporter.at(&name, origin, Kind::MaxGames, &label, &Limits::stopped(read))
                        == Some(Severity::Error)
                    {
                        status = status.max(Status::Problems);
                    }
                    continue;
                }
                Ok(Next::Bad { line, col, message }) => {
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Problems);
                    let origin = Origin { index: index as u64, offset: 0, line, col: col.unwrap_or(1) };
                    let label = format!("record {}", index + 1);
                    reporter.at(&name, origin, Kind::BadRecord, &label, &format!("cannot be read: {message}"));
                    continue;
                }
                Err(e) => {
                    // No game: where reading failed.
                    games -= 1;
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Failure);
                    reporter.file(&name, Kind::Io, &e.to_string());
                    break;
                }
            };
            chunk.push(source);
            if chunk.len() == CHUNK {
                status = status.max(flush(&mut chunk, &mut reporter, &mut out));
            }
        }
        status = status.max(flush(&mut chunk, &mut reporter, &mut out));
        if games == games_before
            && reporter.file(&name, Kind::EmptyInput, "no game in this input") == Some(Severity::Error)
        {
            status = status.max(Status::Problems);
        }
    }
    if write_failed.get() {
        // What was written is incomplete: the file, if any, is left as it was.
        out.abandon();
        status = Status::Failure;
    } else if let Err(e) = out.finish() {
        let name = args.output.as_ref().map_or("<stdout>".to_owned(), |p| p.display().to_string());
        reporter.file(&name, Kind::Io, &format!("cannot write: {e}"));
        status = Status::Failure;
    }
    reporter.summary(games, files);
    if reporter.errors() > 0 {
        status = status.max(Status::Problems);
    }
    status
}

/// Games converted together, in parallel.
const CHUNK: usize = 512;

/// A game to convert: its text, and for a JSON or YAML record, where its actions are in the
/// input.
struct Pending {
    text: GameText,
    places: Option<RecordPlaces>,
}

/// What converting one game gave: its conversion, unless it cannot be converted, the game
/// as read (what is written in its place then), and its problems.
struct Done {
    converted: Option<String>,
    /// What to write in place of a conversion that failed, where it is not [`as_read`]'s.
    as_read: Option<String>,
    problems: Vec<Located>,
    /// With `--check`, where the conversion does not come back the same: the difference.
    diff: String,
}

/// Locates the problems of a game in its input: in its text, or for a record, at its actions
/// in the JSON or YAML the text was written from.
struct Locator<'a> {
    place: Place<'a>,
    record: Option<(&'a RecordPlaces, Vec<Span>)>,
}

impl Locator<'_> {
    fn at(&self, span: Span) -> (u64, u64) {
        match &self.record {
            Some((places, actions)) => places.locate(actions, span.start),
            None => {
                let at = self.place.line_col(span.start as usize);
                (at.line, at.col)
            }
        }
    }

    fn problem(&self, problem: &Problem) -> Located {
        let (line, col) = self.at(problem.span);
        Located {
            severity: problem.severity,
            turn: problem.at.map(|t| format!("{} ({})", t.label(), t.color)),
            written: problem.written.clone(),
            fen: problem.fen.clone(),
            candidates: problem.candidates.clone(),
            ..Located::plain(problem.kind, line, col, problem.message.clone())
        }
    }
}

/// The spans of every action of `game`, in the order of its text.
fn action_spans(game: &Game) -> Vec<Span> {
    game.nodes().flat_map(|(_, node)| node.turn.actions.iter().map(|a| a.span)).collect()
}

/// Converts (or, with `--check`, converts and back) one game.
fn convert_game(args: &ConvertArgs, catalogue: &Catalogue, name: &str, source: &Pending) -> Done {
    let text = &source.text;
    // A plain game of a variant the lane plays (nearly every game of an orthodox archive) is
    // converted while it is read, with nothing to report; any other, from its record.
    // (JSON and YAML need no rules: a plain game of any variant is written so.)
    if !args.check
        && source.places.is_none()
        && !text.has_decoding_notes()
        && let Some(mut plain) = read_plain(&text.text, &args.limits.limits())
    {
        let converted = match (args.to.notation(), args.to) {
            (Some(notation), _) => {
                catalogue.find(plain.variant).ok().and_then(|variant| convert_plain(&variant, &mut plain, notation))
            }
            (None, Target::Json) => convert::plain_record_json(&mut plain),
            (None, Target::Yaml) => convert::plain_record_yaml(&mut plain),
            _ => None,
        };
        if converted.is_some() {
            return Done { converted, as_read: None, problems: Vec::new(), diff: String::new() };
        }
    }
    let parsed = text.parse(&args.limits.limits());
    let mut locator = Locator { place: Place::new(&text.text, text.origin.line, text.origin.col), record: None };
    if let (Some(places), Some(game)) = (&source.places, &parsed.game) {
        locator.record = Some((places, action_spans(game)));
    }
    let record_line = source.places.as_ref().map(|p| (p.line, 1));
    let mut problems: Vec<Located> = parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (line, col) = record_line.filter(|_| locator.record.is_none()).unwrap_or_else(|| locator.at(d.span));
            Located { severity: d.severity, ..Located::plain(d.kind, line, col, d.message.clone()) }
        })
        .collect();
    // What is written in the place of a game that cannot be converted, where it is not the
    // game as read ([`as_read`]): for positions, those up to the problem; for the explicit
    // form, the record as written.
    let mut as_read = None;
    let done = |converted: Option<String>, as_read: Option<String>, problems: Vec<Located>| Done {
        converted,
        as_read,
        problems,
        diff: String::new(),
    };
    let Some(game) = parsed.game.filter(|_| !parsed.diagnostics.iter().any(|d| d.is_error())) else {
        return done(None, as_read, problems);
    };
    // JSON and YAML hold the record as written: they need no rules, so a game of any variant
    // converts. A game the rules cannot replay keeps its actions' texts in the explicit form.
    let structural = matches!(args.to, Target::Json | Target::Yaml);
    if args.to == Target::Explicit
        && let Ok(line) = convert::to_record(&game).map_err(|p| p.message).and_then(|r| json_line(&r))
    {
        as_read = Some(line);
    }
    let variant = match catalogue.find(game.variant_name()) {
        Ok(v) => v,
        Err(_) if structural => arbiter::rules::variant::Variant::orthodox(),
        Err(e) => {
            let span = game.tags.iter().find(|t| t.name == "Variant").map(|t| t.span).unwrap_or_default();
            let (line, col) = locator.at(span);
            problems.push(Located::plain(e.kind(), line, col, e.to_string()));
            return done(None, as_read, problems);
        }
    };
    let not_convertible = |message: String| Problem::of_game(Kind::NotConvertible, message);
    let converted = match (args.to.notation(), args.to) {
        (Some(notation), _) => {
            let style = if notation == Notation::Uci { Style::Uci } else { Style::Canonical };
            convert::rewrite(&variant, &game, notation).map(|g| write_game_as(&g, style))
        }
        (None, Target::Json) => convert::to_record(&game).and_then(|r| json_line(&r).map_err(not_convertible)),
        (None, Target::Explicit) => {
            convert::to_explicit_record(&variant, &game).and_then(|r| json_line(&r).map_err(not_convertible))
        }
        (None, Target::Yaml) => convert::to_record(&game).and_then(|r| yaml_document(&r).map_err(not_convertible)),
        (None, _) => {
            let (fens, stopped) = convert::positions(&variant, &game, args.to == Target::Epd);
            let mut lines = fens.join("\n");
            lines.push_str(if fens.is_empty() { "\n" } else { "\n\n" });
            match stopped {
                None => Ok(lines),
                Some(problem) => {
                    as_read = Some(lines);
                    Err(problem)
                }
            }
        }
    };
    let converted = match converted {
        Ok(c) => c,
        Err(problem) => {
            problems.push(locator.problem(&problem));
            return done(None, as_read, problems);
        }
    };
    if !args.check {
        return done(Some(converted), as_read, problems);
    }
    // There and back: the record read from the converted text must be the original, written
    // as SAN for the notations and the explicit form, and as it is for JSON and YAML.
    let record_back = |kind: records::Kind| match records::game_of(&converted, kind, catalogue) {
        Ok(records::RecordGame::Game(game)) => Ok(game),
        Ok(records::RecordGame::Text(_)) => Err("the converted record holds no game".to_owned()),
        Err(e) => Err(e.message),
    };
    let back_game = match args.to {
        Target::Json | Target::Explicit => record_back(records::Kind::Json),
        Target::Yaml => record_back(records::Kind::Yaml),
        _ => arbiter::dialect::parse_game(&converted)
            .game
            .ok_or_else(|| "the converted text cannot be read back".to_owned()),
    };
    let back_game = back_game.map_err(not_convertible);
    let (san, back) = match (args.to.notation(), args.to) {
        (Some(_), _) | (None, Target::Explicit) => (
            convert::rewrite(&variant, &game, Notation::San).map(|g| write_game(&g)),
            back_game.and_then(|g| convert::rewrite(&variant, &g, Notation::San)).map(|g| write_game(&g)),
        ),
        (None, _) => (Ok(write_game(&game)), back_game.map(|g| write_game(&g))),
    };
    match (san, back) {
        (Ok(san), Ok(back)) if san == back => done(Some(String::new()), as_read, problems),
        (Ok(san), Ok(back)) => {
            let label = game_label(text.origin.index, &text.text);
            let diff = similar::TextDiff::from_lines(&san, &back);
            let shown = format!(
                "{}",
                diff.unified_diff().header(&format!("{name} {label}"), &format!("back from {:?}", args.to))
            );
            Done { diff: shown, ..done(Some(String::new()), as_read, problems) }
        }
        (Err(problem), _) | (_, Err(problem)) => {
            problems.push(locator.problem(&problem));
            done(None, as_read, problems)
        }
    }
}

/// What is written in the place of a game that cannot be converted: the game as read, in
/// the dialect, or as a record of that text; for positions, an empty line. (Made only for
/// such a game: most convert.)
fn as_read(to: Target, text: &str) -> String {
    match to {
        Target::Json | Target::Explicit => json_line(&convert::unread_record(text)).unwrap_or_default(),
        Target::Yaml => yaml_document(&convert::unread_record(text)).unwrap_or_default(),
        Target::Fen | Target::Epd => "\n".to_owned(),
        Target::Pgn | Target::Lan | Target::Uci => with_line_end(text),
    }
}

/// `record` as one line of JSON.
fn json_line(record: &convert::RecordFile) -> Result<String, String> {
    serde_json::to_string(record).map(|line| line + "\n").map_err(|e| e.to_string())
}

/// `record` as one YAML document.
fn yaml_document(record: &convert::RecordFile) -> Result<String, String> {
    serde_yaml::to_string(record).map(|doc| format!("---\n{doc}")).map_err(|e| e.to_string())
}

/// `text` ending with a line end, so that what follows it starts a line.
fn with_line_end(text: &str) -> String {
    let mut text = text.to_owned();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text
}
