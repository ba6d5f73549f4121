//! `arbiter fmt`: the canonical form of every game, to standard output, as a diff, or
//! written back.
//!
//! A game that cannot be parsed is passed through as it was, so the output never loses a
//! game; `--write` leaves a file with errors untouched, and replaces a changed file only
//! through a temporary file renamed over it. Memory stays bounded by the largest game: files
//! are streamed game by game, and `--check` diffs game by game.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use arbiter::diag::{Kind, Severity};
use arbiter::dialect::{GameReader, GameText, Item, read_plain, write_game, write_plain};
use arbiter::source::Layer;
use clap::Args;
use similar::{ChangeTag, TextDiff};

use super::Status;
use super::inputs::{self, Input, Source};
use super::kinds::LevelArgs;
use super::limits::LimitArgs;
use super::output::Rewrite;
use super::output::eprint_line;
use super::report::{Judging, Reporter, game_label};

/// Writes games in the dialect's canonical form.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  arbiter fmt games.pgn > canonical.pgn
  arbiter fmt --check archive/          # show what would change, exit 1 if anything would
  arbiter fmt --write archive/          # rewrite changed files in place, atomically
  cat games.pgn | arbiter fmt -")]
pub struct FmtArgs {
    /// Files, directories (searched for *.pgn and *.bpgn, *.pgn.gz, .zst, .bz2, .xz and *.zip) or `-`
    /// for standard input; with none, standard input unless it is a terminal. Compressed or
    /// zipped input is read as it is.
    pub paths: Vec<PathBuf>,
    /// Print a unified diff of what would change instead of the games; exit 1 if anything
    /// would change.
    #[arg(long, conflicts_with = "write")]
    check: bool,
    /// Rewrite each file whose canonical form differs, in place (atomically; a file with
    /// errors is left untouched).
    #[arg(long)]
    write: bool,
    /// Do not print warnings (errors are always printed).
    #[arg(short, long)]
    quiet: bool,
    #[command(flatten)]
    levels: LevelArgs,
    #[command(flatten)]
    limits: LimitArgs,
}

/// What `fmt` does with each game's canonical text.
enum Mode<'a> {
    Print(&'a mut dyn Write),
    Check(&'a mut dyn Write),
    Write,
}

/// Per-file result.
struct FileOutcome {
    games: u64,
    changed: bool,
    errors: bool,
}

/// Runs `arbiter fmt`.
pub fn run(args: &FmtArgs) -> Status {
    let judging = match Judging::new(&args.levels) {
        Ok(j) => j,
        Err(e) => {
            eprint_line(&format!("arbiter: error: {e}"));
            return Status::Failure;
        }
    };
    let (inputs, failures) = inputs::expand(&args.paths, inputs::PGN);
    let mut reporter = Reporter::new(args.quiet, judging);
    let mut status = Status::Clean;
    for (path, e) in &failures {
        reporter.file(&path.display().to_string(), Kind::Io, &format!("cannot read: {e}"));
        status = Status::Failure;
    }
    if !args.write
        && let Some(input) = super::output::stdout_into_input(&inputs::files(&inputs))
    {
        eprint_line(&format!("arbiter: error: standard output is the input {}; write elsewhere", input.display()));
        return Status::Failure;
    }
    if args.write && inputs.contains(&Input::Stdin) {
        eprint_line("arbiter: error: --write needs files: standard input cannot be rewritten");
        return Status::Failure;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (mut games, mut files) = (0, 0);
    for source in inputs::sources(&inputs, inputs::PGN, &indicatif::ProgressBar::hidden()) {
        files += 1;
        let name = source.name.clone();
        if args.write && !source.rewritable() {
            let what = match source.stream.compression() {
                Some(c) => format!("a {}-compressed file", c.name()),
                None => "a member of a zip archive".to_owned(),
            };
            let message = format!("{what} cannot be rewritten in place; not rewritten (fmt without --write prints it)");
            reporter.file(&name, Kind::Io, &message);
            status = Status::Failure;
            continue;
        }
        let result = match (args.check, args.write) {
            (true, _) => format_input(source, args, &mut reporter, &mut Mode::Check(&mut out), &mut games),
            (_, true) => format_input(source, args, &mut reporter, &mut Mode::Write, &mut games),
            _ => format_input(source, args, &mut reporter, &mut Mode::Print(&mut out), &mut games),
        };
        match result {
            Ok(outcome) => {
                if outcome.games == 0
                    && reporter.file(&name, Kind::EmptyInput, "no game in this input") == Some(Severity::Error)
                {
                    status = status.max(Status::Problems);
                }
                if outcome.errors || (args.check && outcome.changed) {
                    status = status.max(Status::Problems);
                }
            }
            Err(Failed::Refused(refused)) => {
                reporter.file(&name, refused.kind, &refused.message);
                status = status.max(refused.status);
            }
            Err(Failed::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return status,
            Err(Failed::Io(e)) => {
                reporter.file(&name, Kind::Io, &e.to_string());
                status = Status::Failure;
            }
        }
    }
    if let Err(e) = out.flush()
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        reporter.file("<stdout>", Kind::Io, &e.to_string());
        status = Status::Failure;
    }
    reporter.summary(games, files);
    status
}

/// Why a file could not be formatted.
enum Failed {
    /// It gives no text.
    Refused(inputs::Refused),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Failed {
    fn from(e: io::Error) -> Failed {
        Failed::Io(e)
    }
}

fn format_input(
    source: Source,
    args: &FmtArgs,
    reporter: &mut Reporter,
    mode: &mut Mode<'_>,
    // Counted here too, so that the summary counts the games read before an error.
    games_read: &mut u64,
) -> Result<FileOutcome, Failed> {
    let name = source.name.clone();
    let path = source.path.clone();
    let utf16 = source.stream.layers.iter().any(|l| matches!(l, Layer::Utf16 { .. }));
    let limits = args.limits.limits(None);
    let mut reader = GameReader::new(source.text(inputs::PGN).map_err(Failed::Refused)?, &limits);
    let mut outcome = FileOutcome { games: 0, changed: false, errors: false };
    // For --write: the new text goes to a temporary file beside the original.
    let mut rewrite = match (&*mode, &path) {
        (Mode::Write, Some(path)) => Some(Rewrite::create(path)?),
        _ => None,
    };
    let mut diff = DiffState { header_printed: false, old_line: 0, new_line: 0 };
    if utf16 {
        outcome.changed = true;
        let severity = reporter.file(&name, Kind::Utf16, "is UTF-16; the canonical form is UTF-8");
        outcome.errors |= severity == Some(Severity::Error);
        if let Mode::Check(out) = mode {
            diff.header(out, &name)?;
            writeln!(out, "(the UTF-16 of {name} would be written as UTF-8)")?;
        }
    }
    let mut bom_reported = false;
    while let Some(item) = reader.next() {
        let item = item?;
        if reader.had_bom() && !bom_reported {
            bom_reported = true;
            outcome.changed = true;
            let severity =
                reporter.file(&name, Kind::ByteOrderMark, "starts with a byte-order mark; the canonical form has none");
            outcome.errors |= severity == Some(Severity::Error);
            if let Mode::Check(out) = mode {
                diff.header(out, &name)?;
                writeln!(out, "(the byte-order mark at the start of {name} would be removed)")?;
            }
        }
        outcome.games += 1;
        *games_read += 1;
        let (game, origin) = match item {
            Item::Game(game) => {
                let origin = game.origin;
                (game, origin)
            }
            Item::TooLarge { origin, size } => {
                outcome.errors = true;
                let message = limits.too_large(size);
                reporter.at(&name, origin, Kind::Limit, &format!("game {}", origin.index + 1), &message);
                continue;
            }
            // Not asked for: fmt reads every game, so that no output loses one.
            Item::Stopped { .. } => break,
        };
        // A plain game (nearly every game of an archive) is written as it is read, with
        // nothing to report; any other is parsed whole, its diagnostics reported.
        let plain =
            if game.has_decoding_notes() { None } else { read_plain(&game.text, &limits).and_then(write_plain) };
        let canonical = match plain {
            Some(canonical) => canonical,
            None => {
                let label = game_label(origin.index, &game.text);
                let parsed = game.parse(&limits);
                if reporter.text(&name, &game, &label, &parsed.diagnostics) == Severity::Error {
                    outcome.errors = true;
                }
                match &parsed.game {
                    Some(record) => write_game(record),
                    None => {
                        outcome.errors = true;
                        game.text.clone()
                    }
                }
            }
        };
        if canonical != game.text {
            outcome.changed = true;
        }
        match mode {
            Mode::Print(out) => out.write_all(canonical.as_bytes())?,
            Mode::Check(out) => diff.write(out, &name, &game, &canonical)?,
            Mode::Write => {
                if let Some(rewrite) = rewrite.as_mut() {
                    rewrite.write_all(canonical.as_bytes())?;
                }
            }
        }
    }
    if reader.had_carriage_return() {
        let severity = reporter.file(&name, Kind::Crlf, "has CRLF line ends; the canonical form uses LF");
        outcome.errors |= severity == Some(Severity::Error);
    }
    if let Some(rewrite) = rewrite {
        if outcome.errors {
            eprint_line(&format!("{name}: not rewritten: it has games with errors"));
            rewrite.abandon();
        } else if outcome.changed {
            rewrite.commit()?;
        } else {
            rewrite.abandon();
        }
    }
    Ok(outcome)
}

/// A unified diff written game by game, with line numbers of the whole file.
struct DiffState {
    header_printed: bool,
    /// Lines of the original before the current game.
    old_line: usize,
    /// Lines of the canonical text before the current game.
    new_line: usize,
}

impl DiffState {
    fn header(&mut self, out: &mut dyn Write, name: &str) -> io::Result<()> {
        if !self.header_printed {
            self.header_printed = true;
            writeln!(out, "--- {name}")?;
            writeln!(out, "+++ {name} (canonical)")?;
        }
        Ok(())
    }

    fn write(&mut self, out: &mut dyn Write, name: &str, game: &GameText, canonical: &str) -> io::Result<()> {
        let old_lines = game.text.split_inclusive('\n').count();
        let new_lines = canonical.split_inclusive('\n').count();
        if game.text != canonical {
            let diff = TextDiff::from_lines(game.text.as_str(), canonical);
            for group in diff.grouped_ops(3) {
                let (Some(first), Some(last)) = (group.first(), group.last()) else { continue };
                self.header(out, name)?;
                let old = first.old_range().start..last.old_range().end;
                let new = first.new_range().start..last.new_range().end;
                writeln!(
                    out,
                    "@@ -{} +{} @@",
                    hunk_range(self.old_line + old.start, old.len()),
                    hunk_range(self.new_line + new.start, new.len())
                )?;
                for op in &group {
                    for change in diff.iter_changes(op) {
                        let sign = match change.tag() {
                            ChangeTag::Equal => ' ',
                            ChangeTag::Delete => '-',
                            ChangeTag::Insert => '+',
                        };
                        // A carriage return is shown, since it may be all that changed.
                        let text = change.value();
                        let line = text.strip_suffix('\n').unwrap_or(text);
                        match line.strip_suffix('\r') {
                            Some(line) => writeln!(out, "{sign}{line}\\r")?,
                            None => writeln!(out, "{sign}{line}")?,
                        }
                        if change.missing_newline() {
                            writeln!(out, "\\ No newline at end of file")?;
                        }
                    }
                }
            }
        }
        self.old_line += old_lines;
        self.new_line += new_lines;
        Ok(())
    }
}

/// `start,len` as unified diffs write it (1-based; an empty range names the line before).
fn hunk_range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        _ => format!("{},{len}", start + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunk_ranges_follow_unified_diff() {
        assert_eq!(hunk_range(0, 3), "1,3");
        assert_eq!(hunk_range(4, 1), "5");
        assert_eq!(hunk_range(4, 0), "4,0");
    }
}
