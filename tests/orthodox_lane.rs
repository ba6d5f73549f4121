//! The orthodox lane of the replay against the generic core, on every game at hand: the
//! shipped corpus, and the real archives of ../shared/corpus/ where they are present (the
//! test skips them where they are absent; nothing from them is copied here). Wherever the
//! lane gives a report, it must be the generic core's, problem for problem; and on the master
//! games, which are nearly all clean, the lane must judge most games itself.

mod common;

use std::path::{Path, PathBuf};

use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::replay::{replay_generic, replay_in_lane};
use arbiter::variants::Catalogue;
use rayon::prelude::*;

/// Games read, games the lane judged, and the disagreements found, in `files`.
fn compare(files: &[PathBuf]) -> (u64, u64, Vec<String>) {
    let catalogue = Catalogue::builtin();
    let per_file: Vec<(u64, u64, Vec<String>)> = files
        .par_iter()
        .map(|file| {
            let (mut games, mut judged, mut disagreements) = (0, 0, Vec::new());
            let Ok(handle) = std::fs::File::open(file) else { return (0, 0, Vec::new()) };
            for item in GameReader::new(std::io::BufReader::new(handle), &Limits::default()) {
                let Ok(Item::Game(text)) = item else { continue };
                let Some(game) = text.parse(&Limits::default()).game else { continue };
                let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
                games += 1;
                if let Some(lane) = replay_in_lane(&variant, &game) {
                    judged += 1;
                    if lane != replay_generic(&variant, &game) {
                        disagreements.push(format!("{}:{}", file.display(), text.origin.line));
                    }
                }
            }
            (games, judged, disagreements)
        })
        .collect();
    per_file.into_iter().fold((0, 0, Vec::new()), |(g, j, mut d), (g2, j2, d2)| {
        d.extend(d2);
        (g + g2, j + j2, d)
    })
}

#[test]
fn the_lane_agrees_with_the_generic_core_on_the_shipped_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let files = common::files_with_extension(&root, "pgn");
    let (games, judged, disagreements) = compare(&files);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
    assert!(games > 100 && judged > 0, "{games} games, {judged} in the lane");
}

#[test]
fn the_lane_agrees_with_the_generic_core_on_real_archives() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !root.is_dir() {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    }
    let masters = common::files_with_extension(&root.join("orthodox"), "pgn");
    let (games, judged, disagreements) = compare(&masters);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
    eprintln!("{judged} of {games} master games judged in the lane");
    // Master games are nearly all clean: the lane must take at least nine in ten.
    assert!(games > 40_000 && judged * 10 >= games * 9, "{judged} of {games} master games in the lane");
    let mut others = Vec::new();
    for sub in ["quirks", "crazyhouse", "gating"] {
        others.extend(common::files_with_extension(&root.join(sub), "pgn"));
    }
    let (_, _, disagreements) = compare(&others);
    assert!(disagreements.is_empty(), "the lane and the generic core disagree on:\n{}", disagreements.join("\n"));
}
