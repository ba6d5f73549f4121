//! `arbiter convert`: records written again in another notation, or as the positions their
//! main lines pass through.

use std::io;
use std::path::PathBuf;

use arbiter::convert::{self, Notation};
use arbiter::diag::{Diagnostic, Severity};
use arbiter::dialect::{GameReader, GameText, Item, Limits, Origin, write_game};
use arbiter::variants::Catalogue;
use clap::{Args, ValueEnum};
use rayon::prelude::*;

use super::Status;
use super::inputs;
use super::limits::CountedLimitArgs;
use super::output::Output;
use super::records::{self, Kind, Next, Records};
use super::report::{Reporter, game_label};

/// Converts records: every action resolved against the rules and written again, or the
/// position after every turn of the main line.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter convert --to uci games.pgn          # coordinates, one record per game
  arbiter convert --to pgn coordinates.pgn    # a record in coordinates (or long algebraic) as SAN
  arbiter convert --to fen game.pgn           # the FEN after every turn of the main line
  arbiter convert --to uci --check games.pgn  # converts there and back, shows any difference")]
pub struct ConvertArgs {
    /// Files, directories (searched for *.pgn, or with --from, for *.json, *.jsonl and
    /// *.ndjson, or *.yaml and *.yml; compressed or not, and *.zip), glob patterns, or `-` for
    /// standard input [default: -].
    paths: Vec<PathBuf>,
    /// What to write.
    #[arg(long, value_enum)]
    to: Target,
    /// What the inputs hold (for JSON and YAML, diagnostics give places in the record read
    /// back as the dialect).
    #[arg(long, value_enum, default_value_t = Source::Pgn)]
    from: Source,
    /// Converts to the target and back to SAN, and shows where the two SAN records differ
    /// (exit 1 if they do); writes no conversion.
    #[arg(long)]
    check: bool,
    /// Writes to FILE (through a temporary file renamed at the end) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// No warnings (errors are always reported).
    #[arg(short, long)]
    quiet: bool,
    /// A variant file of your own, added to the catalogue (see notation/VARIANTS.md).
    #[arg(long, value_name = "FILE")]
    variant_file: Option<PathBuf>,
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
    /// JSON records, one per line, as `--to json` writes them.
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
    let mut reporter = Reporter::new(args.quiet);
    let catalogue = match super::catalogue(args.variant_file.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            let path = args.variant_file.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
            reporter.file(&path, Severity::Error, &e.to_string());
            return Status::Failure;
        }
    };
    if args.check && matches!(args.to, Target::Fen | Target::Epd) {
        reporter.file("convert", Severity::Error, "--check needs a format to convert back from (not fen or epd)");
        return Status::Failure;
    }
    let (inputs, failures) = inputs::expand(&args.paths, args.from.extensions());
    let mut status = Status::Clean;
    for (path, e) in &failures {
        reporter.file(&path.display().to_string(), Severity::Error, &format!("cannot read: {e}"));
        status = Status::Failure;
    }
    let mut out = match Output::open(args.output.as_deref()) {
        Ok(out) => out,
        Err(e) => {
            let name = args.output.as_ref().map_or(String::new(), |p| p.display().to_string());
            reporter.file(&name, Severity::Error, &format!("cannot write: {e}"));
            return Status::Failure;
        }
    };
    let (mut games, mut files) = (0u64, 0u64);
    let limits = args.limits.limits();
    for source in inputs::sources(&inputs, args.from.extensions(), &indicatif::ProgressBar::hidden()) {
        files += 1;
        let name = source.name.clone();
        let reader = match source.text(args.from.extensions()) {
            Ok(r) => io::BufReader::new(r),
            Err(refused) => {
                reporter.file(&name, Severity::Error, &refused.message);
                status = status.max(refused.status);
                continue;
            }
        };
        let items: Box<dyn Iterator<Item = io::Result<Next>>> = match args.from {
            Source::Pgn => Box::new(GameReader::new(reader, &limits).map(|item| item.map(Next::Item))),
            Source::Json => Box::new(Records::new(reader, Kind::Json, &catalogue, limits)),
            Source::Yaml => Box::new(Records::new(reader, Kind::Yaml, &catalogue, limits)),
        };
        // Games are converted in parallel, a chunk at a time, and written in their order.
        let mut chunk: Vec<(usize, GameText)> = Vec::with_capacity(CHUNK);
        let flush = |chunk: &mut Vec<(usize, GameText)>, reporter: &mut Reporter, out: &mut Output| {
            let done: Vec<Done> =
                chunk.par_iter().map(|(index, text)| convert_game(args, &catalogue, &name, *index, text)).collect();
            let mut status = Status::Clean;
            for ((index, text), done) in chunk.iter().zip(done) {
                let label = game_label(*index as u64, &text.text);
                for report in &done.reports {
                    match report {
                        Report::Game(d) => reporter.game(&name, text, &label, d),
                        Report::At(message) => reporter.at(&name, text.origin, Severity::Error, &label, message),
                    }
                }
                status = status.max(done.status);
                if let Err(e) = out.write(&done.output) {
                    reporter.file(&name, Severity::Error, &format!("cannot write: {e}"));
                    status = Status::Failure;
                }
            }
            chunk.clear();
            status
        };
        for (index, item) in items.enumerate() {
            if out.closed() {
                break;
            }
            games += 1;
            match item {
                Ok(Next::Item(Item::Game(text))) => {
                    chunk.push((index, text));
                    if chunk.len() == CHUNK {
                        status = status.max(flush(&mut chunk, &mut reporter, &mut out));
                    }
                }
                Ok(Next::Item(Item::TooLarge { origin, size })) => {
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Problems);
                    let message = limits.too_large(size);
                    reporter.at(&name, origin, Severity::Error, &format!("game {}", index + 1), &message);
                }
                Ok(Next::Item(Item::Stopped { origin, games: read })) => {
                    games -= 1;
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out));
                    let label = format!("game {}", read + 1);
                    reporter.at(&name, origin, Severity::Warning, &label, &Limits::stopped(read));
                }
                Ok(Next::Bad { line, col, message }) => {
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Problems);
                    let origin = Origin { index: index as u64, offset: 0, line, col: col.unwrap_or(1) };
                    let label = format!("record {}", index + 1);
                    reporter.at(&name, origin, Severity::Error, &label, &format!("cannot be read: {message}"));
                }
                Err(e) => {
                    status = status.max(flush(&mut chunk, &mut reporter, &mut out)).max(Status::Failure);
                    reporter.file(&name, Severity::Error, &e.to_string());
                    break;
                }
            }
        }
        status = status.max(flush(&mut chunk, &mut reporter, &mut out));
    }
    if let Err(e) = out.finish() {
        let name = args.output.as_ref().map_or("<stdout>".to_owned(), |p| p.display().to_string());
        reporter.file(&name, Severity::Error, &e.to_string());
        status = Status::Failure;
    }
    reporter.summary(games, files);
    status
}

/// Games converted together, in parallel.
const CHUNK: usize = 512;

/// What converting one game gave: its output, what to report about it, how it went.
struct Done {
    output: String,
    reports: Vec<Report>,
    status: Status,
}

/// A diagnostic about a game: at a place in its text, or about the game as a whole.
enum Report {
    Game(Diagnostic),
    At(String),
}

/// Converts (or, with `--check`, converts and back) one game.
fn convert_game(args: &ConvertArgs, catalogue: &Catalogue, name: &str, index: usize, text: &GameText) -> Done {
    let mut done = Done { output: String::new(), reports: Vec::new(), status: Status::Clean };
    let label = game_label(index as u64, &text.text);
    let parsed = text.parse(&args.limits.limits());
    let errors: Vec<&Diagnostic> = parsed.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
    let Some(game) = parsed.game.filter(|_| errors.is_empty()) else {
        done.reports.extend(errors.into_iter().cloned().map(Report::Game));
        done.status = Status::Problems;
        return done;
    };
    // JSON and YAML hold the record as written: they need no rules, so a game of any variant
    // converts.
    let structural = matches!(args.to, Target::Json | Target::Yaml);
    let variant = match catalogue.find(game.tag("Variant")) {
        Ok(v) => v,
        Err(_) if structural => arbiter::rules::variant::Variant::orthodox(),
        Err(e) => {
            done.reports.push(Report::At(e.to_string()));
            done.status = Status::Problems;
            return done;
        }
    };
    let report = |done: &mut Done, problem: arbiter::replay::Problem| {
        let message = match &problem.written {
            Some(w) => format!("{w}: {}", problem.message),
            None => problem.message.clone(),
        };
        done.reports.push(Report::Game(Diagnostic::error(problem.span, message)));
        done.status = Status::Problems;
    };
    let json_line = |r: convert::RecordFile| {
        serde_json::to_string(&r)
            .map(|mut line| {
                line.push('\n');
                line
            })
            .map_err(|e| arbiter::replay::Problem::of_game(e.to_string()))
    };
    let converted = match (args.to.notation(), args.to) {
        (Some(notation), _) => convert::rewrite(&variant, &game, notation).map(|g| write_game(&g)),
        (None, Target::Json) => convert::to_record(&game).and_then(json_line),
        (None, Target::Explicit) => convert::to_explicit_record(&variant, &game).and_then(json_line),
        (None, Target::Yaml) => convert::to_record(&game).and_then(|r| {
            serde_yaml::to_string(&r)
                .map(|doc| format!("---\n{doc}"))
                .map_err(|e| arbiter::replay::Problem::of_game(e.to_string()))
        }),
        (None, _) => convert::positions(&variant, &game, args.to == Target::Epd).map(|fens| {
            let mut lines = fens.join("\n");
            lines.push_str("\n\n");
            lines
        }),
    };
    let converted = match converted {
        Ok(c) => c,
        Err(problem) => {
            report(&mut done, problem);
            return done;
        }
    };
    if !args.check {
        done.output = converted;
        return done;
    }
    // There and back: the record read from the converted text must be the original, written
    // as SAN for the notations and the explicit form, and as it is for JSON and YAML.
    let back_game = match args.to {
        Target::Json | Target::Explicit => records::game_of(&converted, Kind::Json, catalogue).map_err(|e| e.message),
        Target::Yaml => records::game_of(&converted, Kind::Yaml, catalogue).map_err(|e| e.message),
        _ => arbiter::dialect::parse_game(&converted)
            .game
            .ok_or_else(|| "the converted text cannot be read back".to_owned()),
    };
    let back_game = back_game.map_err(arbiter::replay::Problem::of_game);
    let (san, back) = match (args.to.notation(), args.to) {
        (Some(_), _) | (None, Target::Explicit) => (
            convert::rewrite(&variant, &game, Notation::San).map(|g| write_game(&g)),
            back_game.and_then(|g| convert::rewrite(&variant, &g, Notation::San)).map(|g| write_game(&g)),
        ),
        (None, _) => (Ok(write_game(&game)), back_game.map(|g| write_game(&g))),
    };
    match (san, back) {
        (Ok(san), Ok(back)) if san == back => {}
        (Ok(san), Ok(back)) => {
            let diff = similar::TextDiff::from_lines(&san, &back);
            done.output = format!(
                "{}",
                diff.unified_diff().header(&format!("{name} {label}"), &format!("back from {:?}", args.to))
            );
            done.status = Status::Problems;
        }
        (Err(problem), _) | (_, Err(problem)) => report(&mut done, problem),
    }
    done
}
