//! Throughput of the dialect's passes on real master games, on one core.
//!
//! Reads every `.pgn` file under `../shared/corpus/orthodox` (relative to the crate; set
//! `ARBITER_BENCH_CORPUS` to use another folder) into memory, then times five stages over
//! all of them: (a) splitting into games, (b) splitting and parsing, (c) splitting, parsing
//! and writing the canonical text, (d) converting to the JSON record, (e) converting to UCI
//! coordinates through the rules. Each stage runs a few times and the best run counts (the
//! UCI conversion once).
//! Skips with a message when the folder is absent.
//!
//! Run with `cargo bench --bench parse`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter::dialect::{GameReader, Item, Limits, write_game};

/// How many times each stage runs; the fastest run is reported.
const RUNS: usize = 5;

/// What one pass over the corpus counted, so that the work cannot be optimised away and the
/// stages can be checked against each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    games: u64,
    too_large: u64,
    parsed: u64,
    failed: u64,
    turns: u64,
    written_bytes: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Split,
    Parse,
    Write,
    /// Parse, replay and write every action as UCI coordinates (`arbiter convert --to uci`).
    Uci,
    /// Parse and write the JSON record (`arbiter convert --to json`).
    Json,
    /// Read plain (without the tree of turns) where the game allows it.
    Plain,
    /// Check each game as `arbiter validate` does, on one thread.
    Check,
}

impl Stage {
    fn label(self) -> &'static str {
        match self {
            Stage::Split => "split",
            Stage::Parse => "split + parse",
            Stage::Write => "split + parse + write",
            Stage::Uci => "convert to uci",
            Stage::Json => "convert to json",
            Stage::Plain => "split + plain read",
            Stage::Check => "split + check",
        }
    }
}

fn corpus_dir() -> PathBuf {
    match std::env::var_os("ARBITER_BENCH_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/orthodox"),
    }
}

/// Every `.pgn` file under `dir`, sorted by path.
fn pgn_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn")) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn run(stage: Stage, inputs: &[Vec<u8>]) -> Tally {
    let mut tally = Tally::default();
    for input in inputs {
        for item in GameReader::new(input.as_slice(), &Limits::default()) {
            let text = match item {
                Ok(Item::Game(text)) => text,
                Ok(Item::TooLarge { .. }) => {
                    tally.too_large += 1;
                    continue;
                }
                Ok(Item::Stopped { .. }) => break,
                Err(e) => panic!("reading from memory failed: {e}"),
            };
            tally.games += 1;
            if stage == Stage::Split {
                black_box(&text);
                continue;
            }
            if stage == Stage::Plain {
                let mut actions = Vec::new();
                match text.parse_plain(&Limits::default(), &mut actions) {
                    Some(parsed) => {
                        tally.parsed += 1;
                        tally.turns += actions.len() as u64;
                        black_box(parsed);
                    }
                    None => tally.failed += 1,
                }
                continue;
            }
            if stage == Stage::Check {
                let checked =
                    arbiter::batch::check_game(text, arbiter::variants::Catalogue::builtin(), &Limits::default());
                tally.parsed += 1;
                tally.turns += checked.turns();
                black_box(checked);
                continue;
            }
            let parsed = text.parse(&Limits::default());
            match &parsed.game {
                Some(game) => {
                    tally.parsed += 1;
                    tally.turns += game.turn_count() as u64;
                    if stage == Stage::Write {
                        tally.written_bytes += black_box(write_game(game)).len() as u64;
                    }
                    if stage == Stage::Uci {
                        let variant = arbiter::variants::find(game.tag("Variant"));
                        if let Ok(uci) = variant.map_err(|_| ()).and_then(|v| {
                            arbiter::convert::rewrite(&v, game, arbiter::convert::Notation::Uci).map_err(|_| ())
                        }) {
                            tally.written_bytes += black_box(write_game(&uci)).len() as u64;
                        }
                    }
                    if stage == Stage::Json
                        && let Ok(record) = arbiter::convert::to_record(game)
                    {
                        tally.written_bytes += serde_json::to_string(&record).map_or(0, |j| black_box(j).len() as u64);
                    }
                }
                None => tally.failed += 1,
            }
            black_box(parsed);
        }
    }
    tally
}

fn mb_per_s(bytes: u64, time: Duration) -> f64 {
    bytes as f64 / 1e6 / time.as_secs_f64()
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and then one quick run
    // is enough to show that the bench still works.
    let runs = if std::env::args().any(|a| a == "--bench") { RUNS } else { 1 };
    let dir = corpus_dir();
    let dir = dir.canonicalize().unwrap_or(dir);
    if !dir.is_dir() {
        println!("parse bench: skipped, no corpus at {} (see ../shared/corpus/README.md)", dir.display());
        return;
    }
    let files = match pgn_files(&dir) {
        Ok(files) => files,
        Err(e) => {
            println!("parse bench: skipped, cannot list {}: {e}", dir.display());
            return;
        }
    };
    if files.is_empty() {
        println!("parse bench: skipped, no .pgn files under {}", dir.display());
        return;
    }
    let mut inputs = Vec::with_capacity(files.len());
    for file in &files {
        match std::fs::read(file) {
            Ok(bytes) => inputs.push(bytes),
            Err(e) => {
                println!("parse bench: skipped, cannot read {}: {e}", file.display());
                return;
            }
        }
    }
    let total_bytes: u64 = inputs.iter().map(|b| b.len() as u64).sum();
    println!(
        "parse bench: {} files, {total_bytes} bytes ({:.1} MB) under {}; best of {runs} runs per stage, one thread",
        files.len(),
        total_bytes as f64 / 1e6,
        dir.display()
    );

    let mut reference: Option<Tally> = None;
    for stage in [Stage::Split, Stage::Plain, Stage::Check, Stage::Parse, Stage::Write, Stage::Json, Stage::Uci] {
        let mut best = Duration::MAX;
        let mut tally = Tally::default();
        // Conversion through the rules is slow: one run is enough to read its speed.
        let runs = if stage == Stage::Uci { 1 } else { runs };
        for _ in 0..runs {
            let start = Instant::now();
            tally = black_box(run(stage, black_box(&inputs)));
            best = best.min(start.elapsed());
        }
        if let Some(reference) = reference {
            assert_eq!(tally.games, reference.games, "stages disagree on the number of games");
        }
        reference.get_or_insert(tally);
        println!(
            "{:<22} {:>8.1} MB/s {:>10.0} games/s   ({} games in {:.3} s)",
            stage.label(),
            mb_per_s(total_bytes, best),
            tally.games as f64 / best.as_secs_f64(),
            tally.games,
            best.as_secs_f64()
        );
        if stage == Stage::Write {
            println!(
                "totals: {total_bytes} bytes, {} games ({} parsed, {} with errors, {} too large), {} turns, {} bytes written",
                tally.games, tally.parsed, tally.failed, tally.too_large, tally.turns, tally.written_bytes
            );
        }
    }
}
