//! The catalogue's promise, checked mechanically: every shipped variant has an interpretation
//! section, counts from at least two positions in tests/perft/, and at least one legal and one
//! illegal game in corpus/ (games name their variant in the Variant tag).

mod common;

use std::collections::HashMap;
use std::path::Path;

use arbiter::diag::Severity;
use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::variants::Catalogue;

/// For each variant name (as the catalogue names it), how many legal and illegal games of it
/// corpus/ holds.
fn corpus_games(catalogue: &Catalogue) -> HashMap<String, (usize, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut games: HashMap<String, (usize, usize)> = HashMap::new();
    for file in common::files_with_extension(&root.join("corpus"), "pgn") {
        let Ok(reader) = std::fs::File::open(&file) else { continue };
        for item in GameReader::new(reader, &Limits::default()).flatten() {
            let Item::Game(text) = item else { continue };
            let Some(game) = text.parse(&Limits::default()).game else { continue };
            let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
            let report = arbiter::replay::replay(&variant, &game);
            let legal = !report.problems.iter().any(|p| p.severity == Severity::Error);
            let entry = games.entry(variant.spec.name.clone()).or_default();
            if legal {
                entry.0 += 1;
            } else {
                entry.1 += 1;
            }
        }
    }
    games
}

#[test]
fn every_variant_has_an_interpretation_counts_and_legal_and_illegal_games() {
    let catalogue = Catalogue::builtin();
    let games = corpus_games(catalogue);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for definition in catalogue.definitions() {
        let name = &definition.resolved.name;
        if definition.resolved.interpretation.is_empty() {
            missing.push(format!("{name}: no interpretation section"));
        }
        let stem = definition.file.trim_end_matches(".yaml");
        let counts = std::fs::read_to_string(root.join("tests/perft").join(format!("{stem}.txt"))).unwrap_or_default();
        let positions = counts.lines().filter(|l| l.trim_start().starts_with("fen:")).count();
        // Cloak Chess plays orthodox chess and is checked against the orthodox counts.
        if positions < 2 && name != "cloak" {
            missing.push(format!("{name}: counts from {positions} positions in tests/perft/{stem}.txt"));
        }
        let (legal, illegal) = games.get(name).copied().unwrap_or_default();
        if legal == 0 || illegal == 0 {
            missing.push(format!("{name}: {legal} legal and {illegal} illegal games in corpus/"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
