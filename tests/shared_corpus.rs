//! Real archives that no one here wrote, from ../shared/corpus/ (see its README): tens of
//! thousands of master games, lichess games with clocks, studies with deep variations, the
//! ECO classification. Every game must read without an error, its canonical text must read
//! back as the same record, and a second formatting pass must change nothing. The test
//! skips where the directory is absent; nothing from it is copied into the repository.

mod common;

use std::path::{Path, PathBuf};

use arbiter::dialect::{GameReader, Item, Limits, parse_game, write_game};

fn shared_corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    dir.is_dir().then_some(dir)
}

#[test]
fn real_archives_read_without_errors_and_format_stably() {
    let Some(root) = shared_corpus() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let mut files = Vec::new();
    // The scalachess fixtures were cut out of source code by a rough pattern: hostile input,
    // not truth (the corpus README says so); hostile.rs covers such input.
    for sub in ["orthodox", "crazyhouse", "gating", "quirks/python-chess", "quirks/lichess-studies", "quirks/eco.pgn"] {
        let path = root.join(sub);
        if path.is_file() { files.push(path) } else { files.extend(common::files_with_extension(&path, "pgn")) }
    }
    files.sort();
    let (mut games, mut failures) = (0u64, Vec::new());
    for file in &files {
        let Ok(handle) = std::fs::File::open(file) else { continue };
        let reader = GameReader::new(std::io::BufReader::new(handle), &Limits::default());
        for item in reader {
            let Ok(Item::Game(text)) = item else {
                failures.push(format!("{}: unreadable or too large", file.display()));
                continue;
            };
            games += 1;
            let parsed = text.parse(&Limits::default());
            let at = format!("{}:{}", file.display(), text.origin.line);
            let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).map(|d| &d.message).collect();
            let Some(game) = parsed.game.filter(|_| errors.is_empty()) else {
                failures.push(format!("{at}: {errors:?}"));
                continue;
            };
            let written = write_game(&game);
            match parse_game(&written).game {
                Some(again) if again == game && write_game(&again) == written => {}
                _ => failures.push(format!("{at}: the canonical text does not read back the same")),
            }
        }
    }
    assert!(failures.is_empty(), "{} of {games} games failed:\n{}", failures.len(), failures.join("\n"));
    assert!(games > 50_000, "only {games} games found");
}
