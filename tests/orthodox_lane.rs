//! The orthodox lane of the replay against the generic core, and games read plain (without
//! their tree of turns) against games read whole, on every game at hand: the
//! shipped corpus, and the real archives of ../shared/corpus/ where they are present (the
//! test skips them where they are absent; nothing from them is copied here). Wherever the
//! lane gives a report, it must be the generic core's, problem for problem (and a game
//! checked plain must be checked as when read whole, diagnostic for diagnostic); and on the master
//! games, which are nearly all clean, the lane must judge most games itself.

mod common;

use std::path::{Path, PathBuf};

use arbiter::batch::{check_plain, check_whole};
use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::replay::{replay_generic, replay_in_lane};
use arbiter::variants::Catalogue;
use rayon::prelude::*;

/// Games read, games the lane judged (read whole, and read plain), and the disagreements
/// found, in `files`.
fn compare(files: &[PathBuf]) -> (u64, [u64; 2], Vec<String>) {
    let catalogue = Catalogue::builtin();
    let per_file: Vec<(u64, [u64; 2], Vec<String>)> = files
        .par_iter()
        .map(|file| {
            let (mut games, mut judged, mut disagreements) = (0, [0, 0], Vec::new());
            let Ok(handle) = std::fs::File::open(file) else { return (0, [0, 0], Vec::new()) };
            for item in GameReader::new(std::io::BufReader::new(handle), &Limits::default()) {
                let Ok(Item::Game(text)) = item else { continue };
                let Some(game) = text.parse(&Limits::default()).game else { continue };
                let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
                games += 1;
                // Read plain and replayed in the lane, the game is checked as when read whole.
                if let Some(plain) = check_plain(&text, catalogue, &Limits::default()) {
                    judged[1] += 1;
                    let whole = check_whole(&text, catalogue, &Limits::default());
                    if (&plain.syntax, &plain.replay, &plain.players) != (&whole.syntax, &whole.replay, &whole.players)
                    {
                        disagreements.push(format!("{}:{}: read plain", file.display(), text.origin.line));
                    }
                }
                if let Some(lane) = replay_in_lane(&variant, &game) {
                    judged[0] += 1;
                    if lane != replay_generic(&variant, &game) {
                        disagreements.push(format!("{}:{}", file.display(), text.origin.line));
                    }
                }
            }
            (games, judged, disagreements)
        })
        .collect();
    per_file.into_iter().fold((0, [0, 0], Vec::new()), |(g, j, mut d), (g2, j2, d2)| {
        d.extend(d2);
        (g + g2, [j[0] + j2[0], j[1] + j2[1]], d)
    })
}

#[test]
fn the_lane_agrees_with_the_generic_core_on_the_shipped_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files = common::files_with_extension(&root, "pgn");
    let (games, judged, disagreements) = compare(&files);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
    assert!(games > 100 && judged[0] > 0 && judged[1] > 0, "{games} games, {judged:?} in the lane");
}

#[test]
fn the_lane_agrees_with_the_generic_core_on_real_archives() {
    let Some(root) = common::shared_corpus("the_lane_agrees_with_the_generic_core_on_real_archives") else { return };
    let masters = common::files_with_extension(&root.join("orthodox"), "pgn");
    let (games, judged, disagreements) = compare(&masters);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
    let [whole, plain] = judged;
    eprintln!("of {games} master games, {whole} judged in the lane, {plain} of them read plain");
    // Master games are nearly all clean: the lane must take at least nine in ten, and most
    // of them must be read plain.
    assert!(games > 40_000 && whole * 10 >= games * 9, "{whole} of {games} master games in the lane");
    assert!(plain * 10 >= games * 8, "{plain} of {games} master games read plain");
    let crazyhouse = common::files_with_extension(&root.join("crazyhouse"), "pgn");
    let (games, [whole, plain], disagreements) = compare(&crazyhouse);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
    eprintln!("of {games} Crazyhouse games, {whole} judged in the lane, {plain} of them read plain");
    assert!(whole * 2 >= games, "{whole} of {games} Crazyhouse games in the lane");
    let mut others = Vec::new();
    for sub in ["quirks", "gating"] {
        others.extend(common::files_with_extension(&root.join(sub), "pgn"));
    }
    let (_, _, disagreements) = compare(&others);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
}
