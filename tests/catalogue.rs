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

fn arbiter(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"))
}

/// What `arbiter variants` shows is for users: every variant names where its rules come from
/// as a user can find them (no file name of the project's), the names sort as people sort
/// them, and `variants show` writes only what a variant sets, as a variant file that
/// `variants check` and `validate --variant-file` read back as the same variant.
#[test]
fn the_catalogue_as_users_see_it() {
    let list = String::from_utf8_lossy(&arbiter(&["variants"]).stdout).into_owned();
    let names: Vec<&str> =
        list.lines().filter(|l| !l.starts_with(' ')).map(|l| l.split(" [").next().unwrap_or(l)).collect();
    let sources: Vec<&str> = list.lines().filter_map(|l| l.strip_prefix("    from: ")).collect();
    assert_eq!(names.len(), sources.len(), "{list}");
    for source in &sources {
        assert!(!source.contains(".txt") && !source.contains("shared/"), "{source}");
    }
    let position = |name: &str| names.iter().position(|&n| n == name).unwrap_or_else(|| panic!("{name}: {list}"));
    assert!(position("better pawns 2") < position("better pawns 10"), "{list}");
    assert!(position("angle") < position("angle rooks"), "{list}");
    let dir = std::env::temp_dir().join(format!("arbiter-catalogue-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let game = dir.join("game.pgn");
    std::fs::write(&game, "[Variant \"written back\"]\n\n*\n").unwrap_or_else(|e| panic!("{e}"));
    for definition in Catalogue::builtin().definitions() {
        let name = &definition.resolved.name;
        let shown = arbiter(&["variants", "show", name]);
        assert_eq!(shown.status.code(), Some(0), "{name}");
        let text = String::from_utf8_lossy(&shown.stdout);
        assert!(!text.contains("null"), "{name}: {text}");
        // Under a name of its own, so that the game names it and not the shipped file.
        let renamed: String = text
            .lines()
            .map(|l| if l.starts_with("name: ") { "name: written back\n".to_owned() } else { format!("{l}\n") })
            .collect();
        let file = dir.join("written-back.yaml");
        std::fs::write(&file, renamed).unwrap_or_else(|e| panic!("{e}"));
        let file = file.to_string_lossy();
        let checked = arbiter(&["variants", "check", &file]);
        assert_eq!(checked.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&checked.stderr));
        let said = String::from_utf8_lossy(&checked.stdout);
        assert_eq!(said.contains("not playable"), definition.playable.is_err(), "{name}: {said}");
        if definition.playable.is_ok() {
            let validated = arbiter(&["validate", "-q", "--variant-file", &file, &game.to_string_lossy()]);
            assert_eq!(validated.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&validated.stdout));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
