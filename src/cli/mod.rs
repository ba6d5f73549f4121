//! The command line: clap subcommands, how diagnostics are printed, and exit codes.
//!
//! Exit codes: 0 when everything was fine, 1 when a game had errors (or `fmt --check` found
//! something to change, or an input held something else than records: an HTML page, an
//! image...), 2 on a usage or I/O error (damaged compressed data included). A problem in one
//! game or one input is reported and counted, never fatal: the run goes on with the next game
//! and the next file.

mod adjudicate;
mod convert;
mod fmt;
mod gallery;
mod html;
mod inputs;
mod kinds;
mod limits;
mod output;
mod perft;
mod records;
mod report;
mod show;
mod validate;
mod variants;

use std::borrow::Cow;
use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use arbiter::variants::{Catalogue, CatalogueError};

/// Reads, checks, converts and judges game records of chess variants.
#[derive(Parser, Debug)]
#[command(name = "arbiter", version, about, long_about = None, after_help = "Examples:
  arbiter validate archive/       # replay every game, report every illegal move
  arbiter fmt --check archive/    # report every broken game and what the canonical form changes
  arbiter convert --to uci game.pgn   # the record in coordinates (also lan, pgn, fen, epd)
  arbiter adjudicate games.pgn        # a verdict with its grounds for every game
  arbiter show --move 23b game.pgn    # a diagram of the position after Black's 23rd move

The notation is specified in notation/SPEC.md.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Fmt(fmt::FmtArgs),
    Convert(convert::ConvertArgs),
    Validate(validate::ValidateArgs),
    Adjudicate(adjudicate::AdjudicateArgs),
    Show(show::ShowArgs),
    Perft(perft::PerftArgs),
    Variants(variants::VariantsArgs),
    Kinds(kinds::KindsArgs),
}

/// The catalogue a command plays by: the built-in one, or it with the user's variant file.
fn catalogue(variant_file: Option<&std::path::Path>) -> Result<Cow<'static, Catalogue>, CatalogueError> {
    match variant_file {
        None => Ok(Cow::Borrowed(Catalogue::builtin())),
        Some(path) => Catalogue::with_file(path).map(Cow::Owned),
    }
}

/// Refuses to wait for standard input on a terminal when no input is named: a user who runs
/// `arbiter validate` alone is told what it reads, rather than left before a silent prompt.
/// Standard input that is a pipe or a file is read.
fn no_input_named(command: &str, paths: &[std::path::PathBuf]) -> Option<Status> {
    use std::io::IsTerminal;
    if !paths.is_empty() || !std::io::stdin().is_terminal() {
        return None;
    }
    let _ = writeln!(
        std::io::stderr(),
        "arbiter {command}: no input named: give files, directories or glob patterns, or `-` to read standard input"
    );
    Some(Status::Failure)
}

/// Sets the number of worker threads where the command line gives one.
fn set_threads(threads: Option<usize>) {
    if let Some(n) = threads {
        // The global pool can be set once; a failure means it already is, which is fine.
        let _ = rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build_global();
    }
}

/// Where `validate` and `adjudicate` start: the thread pool set, the catalogue loaded and the
/// inputs found, each unreadable path reported on standard error (and the status says so).
/// `None`, after a message, when the variant file cannot be read or standard output is one of
/// the inputs.
fn start(
    threads: Option<usize>,
    variant_file: Option<&std::path::Path>,
    paths: &[std::path::PathBuf],
) -> Option<(Cow<'static, Catalogue>, Vec<inputs::Input>, Status)> {
    set_threads(threads);
    let catalogue = match catalogue(variant_file) {
        Ok(c) => c,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{e}");
            return None;
        }
    };
    let (inputs, failures) = inputs::expand(paths, inputs::PGN);
    if let Some(input) = output::stdout_into_input(&inputs::files(&inputs)) {
        let _ = writeln!(
            std::io::stderr(),
            "arbiter: error: standard output is the input {}; write elsewhere",
            input.display()
        );
        return None;
    }
    let mut status = Status::Clean;
    for (path, e) in &failures {
        let _ = writeln!(std::io::stderr(), "{}: error[io]: cannot read: {e}", path.display());
        status = Status::Failure;
    }
    Some((catalogue, inputs, status))
}

/// How a run ended, most serious last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Nothing wrong.
    Clean,
    /// A game had errors, or a check found differences.
    Problems,
    /// A usage or I/O error.
    Failure,
}

impl Status {
    fn code(self) -> ExitCode {
        ExitCode::from(match self {
            Status::Clean => 0,
            Status::Problems => 1,
            Status::Failure => 2,
        })
    }
}

/// Parses the command line and runs the command.
pub fn run() -> ExitCode {
    output::clean_up_when_interrupted();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let usage_error = e.use_stderr();
            let _ = e.print();
            return if usage_error { Status::Failure.code() } else { Status::Clean.code() };
        }
    };
    let status = match cli.command {
        Command::Fmt(args) => no_input_named("fmt", &args.paths).unwrap_or_else(|| fmt::run(&args)),
        Command::Convert(args) => no_input_named("convert", &args.paths).unwrap_or_else(|| convert::run(&args)),
        Command::Validate(args) => no_input_named("validate", &args.paths).unwrap_or_else(|| validate::run(&args)),
        Command::Adjudicate(args) => {
            no_input_named("adjudicate", &args.paths).unwrap_or_else(|| adjudicate::run(&args))
        }
        Command::Show(args) => show::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Variants(args) => variants::run(&args),
        Command::Kinds(args) => kinds::run(&args),
    };
    status.code()
}
