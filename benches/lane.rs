//! The orthodox lane alone: the replays of games already read, on one core.
//!
//! Reads the benchmark archive (`target/bench/orthodox-archive.pgn`, made by
//! `python3 bench/suite.py --runs 1`; set `ARBITER_LANE_PGN` to use another file) into
//! records; then times only the lane's replays of them (`replay_in_lane`), so that reading
//! does not drown the figure. (`arbiter validate` replays a plain game while reading it, in
//! the same lane: `cargo bench --bench parse` times the two together.)
//! The same is done for the random games of orthodox chess and of the lane's other variants
//! (Crazyhouse, Limpy, Fastpawn 2, Checkers Chess) that the suite makes
//! (`target/bench/random-VARIANT-1000.pgn`), so that their cost per move can be set against
//! orthodox chess's in games of the same kind. Each set runs a few times and the best run
//! counts; `ARBITER_LANE_ONLY=checkers,orthodox` times only the sets named.
//!
//! Run with `cargo bench --bench lane`.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::record::Game;
use arbiter::replay::replay_in_lane;
use arbiter::rules::variant::Variant;
use arbiter::variants::Catalogue;

/// How many times each set is replayed; the fastest run is reported.
const RUNS: usize = 7;

/// Whether the set `label` is to be timed: all of them, or those `ARBITER_LANE_ONLY` names
/// (a comma-separated list, for a profiler's run).
fn wanted(label: &str) -> bool {
    std::env::var("ARBITER_LANE_ONLY").map_or(true, |only| only.split(',').any(|l| l == label))
}

/// Games read, each with its variant.
type Games = Vec<(Arc<Variant>, Game)>;

/// The games of `text`, read whole.
fn read(text: &[u8]) -> Games {
    let catalogue = Catalogue::builtin();
    let mut games = Vec::new();
    for item in GameReader::new(text, &Limits::default()) {
        let Ok(Item::Game(text)) = item else { continue };
        let Some(game) = text.parse(&Limits::default()).game else { continue };
        let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
        games.push((variant, game));
    }
    games
}

/// Replays `games` in the lane `runs` times: the best time, the games judged and their turns.
fn time(games: &Games, runs: usize) -> (Duration, u64, u64) {
    let mut best = Duration::MAX;
    let (mut judged, mut turns) = (0, 0);
    for _ in 0..runs {
        let start = Instant::now();
        (judged, turns) = (0, 0);
        for (variant, game) in games {
            if let Some(replay) = black_box(replay_in_lane(variant, game)) {
                judged += 1;
                turns += replay.turns;
            }
        }
        best = best.min(start.elapsed());
    }
    (best, judged, turns)
}

fn report(label: &str, games: &Games, runs: usize) {
    let (best, judged, turns) = time(games, runs);
    println!(
        "{label:<14} {:>6} games, {:>6} judged, {:>8} turns in {:.4} s: {:>6.1} ns a turn",
        games.len(),
        judged,
        turns,
        best.as_secs_f64(),
        best.as_secs_f64() * 1e9 / turns.max(1) as f64
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` does not, and then one run is
    // enough to show that the bench still works.
    let runs = if std::env::args().any(|a| a == "--bench") { RUNS } else { 1 };
    let bench = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    let archive = std::env::var_os("ARBITER_LANE_PGN")
        .map_or_else(|| bench.join("orthodox-archive.pgn"), std::path::PathBuf::from);
    // The archive, then the random games `bench/suite.py` makes with `examples/random_game`
    // and measures too.
    let random = ["orthodox", "crazyhouse", "limpy", "fastpawn-2", "checkers"]
        .map(|name| (name, bench.join(format!("random-{name}-1000.pgn"))));
    for (name, path) in std::iter::once(("archive", archive)).chain(random) {
        if !wanted(name) {
            continue;
        }
        match std::fs::read(&path) {
            Ok(text) => report(name, &read(&text), runs),
            Err(e) => println!("lane bench: no {name} games at {} ({e}); bench/suite.py makes them", path.display()),
        }
    }
}
