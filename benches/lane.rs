//! The orthodox lane alone: the replays of games already read, on one core.
//!
//! Reads the benchmark archive (`target/bench/orthodox-archive.pgn`, made by
//! `python3 bench/suite.py --runs 1`; set `ARBITER_LANE_PGN` to use another file) into
//! records; then times only the lane's replays of them (`replay_in_lane`), so that reading
//! does not drown the figure. (`arbiter validate` replays a plain game while reading it, in
//! the same lane: `cargo bench --bench parse` times the two together.)
//! The same is done for random games of the lane's other variants (Crazyhouse, Limpy,
//! Fastpawn, Checkers Chess), written by the generic core, so that their cost per move can be
//! set against orthodox chess's in games of the same kind. Each set runs a few times and the best run counts;
//! `ARBITER_LANE_ONLY=checkers,orthodox` times only the sets named.
//!
//! Run with `cargo bench --bench lane`.

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::record::Game;
use arbiter::replay::{replay_in_lane, san_in_turn};
use arbiter::rules::position::Position;
use arbiter::rules::random::XorShift;
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

/// `count` random games of the variant `name`, written as PGN by the generic core, with the
/// moves their turns hold (mostly captures, so that hands fill and chains of jumps come up).
fn random_games(name: &str, count: usize) -> String {
    let variant = match Catalogue::builtin().find(Some(name)) {
        Ok(variant) => variant,
        Err(e) => panic!("{name}: {e}"),
    };
    let mut random = XorShift::new(0x2545_F491_4F6C_DD1D);
    let mut text = String::new();
    let mut moves = Vec::new();
    for _ in 0..count {
        let Ok(mut position) = Position::start(&variant) else { panic!("{name}: no start position") };
        text.push_str(&format!("[Variant \"{name}\"]\n\n"));
        for ply in 0.. {
            // A game stops between turns.
            if ply >= 160 && position.actions_done() == 0 {
                break;
            }
            moves.clear();
            position.legal_moves(&mut moves);
            if moves.is_empty() || position.ending().is_some() {
                // A pawn that cannot go on ends its turn where it stands.
                if position.actions_done() > 0 && position.may_end_turn() {
                    position.end_turn();
                    text.push(' ');
                    continue;
                }
                break;
            }
            let captures: Vec<_> = moves.iter().copied().filter(|m| m.capture).collect();
            let pool = if !captures.is_empty() && random.below(4) == 0 { &captures } else { &moves };
            let m = pool[random.below(pool.len())];
            if position.actions_done() > 0 {
                text.push(',');
            } else if position.side_to_move() == arbiter::rules::variant::Color::White {
                text.push_str(&format!("{}. ", position.fullmove()));
            }
            let mut after = position.clone();
            after.play(m);
            let goes_on = after.may_end_turn() && random.below(2) == 0;
            text.push_str(&san_in_turn(&mut position, m, !goes_on));
            position.play(m);
            if position.may_end_turn() && !goes_on {
                position.end_turn();
            }
            if position.actions_done() == 0 {
                text.push(' ');
            }
        }
        if !text.ends_with(' ') {
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    text
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
    let path = std::env::var_os("ARBITER_LANE_PGN").map_or_else(
        || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/orthodox-archive.pgn"),
        std::path::PathBuf::from,
    );
    if wanted("archive") {
        match std::fs::read(&path) {
            Ok(text) => report("archive", &read(&text), runs),
            Err(e) => println!("lane bench: no orthodox archive at {} ({e}); see bench/suite.py", path.display()),
        }
    }
    for name in ["orthodox", "crazyhouse", "limpy", "fastpawn 2", "checkers"] {
        if wanted(name) {
            report(name, &read(random_games(name, 400).as_bytes()), runs);
        }
    }
}
