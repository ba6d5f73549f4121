//! The fuzz targets' properties (fuzz/oracles.rs) on every file of the fuzz corpora and of
//! fuzz/regressions/ (inputs that once broke a property), so that they run in `cargo test`
//! without a fuzzer.

#[path = "../fuzz/oracles.rs"]
mod oracles;

use std::path::Path;

type Oracle = fn(&[u8]);

#[test]
fn the_fuzz_corpora_keep_their_properties() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let targets: [(&str, Oracle); 6] = [
        ("parse", oracles::parse),
        ("roundtrip", oracles::roundtrip),
        ("fen", oracles::fen),
        ("replay", oracles::replay),
        ("convert", oracles::convert),
        ("records", oracles::records),
    ];
    let mut checked = 0;
    for (target, oracle) in targets {
        for dir in [root.join("corpus").join(target), root.join("regressions").join(target)] {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            let mut files: Vec<_> = entries.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect();
            files.sort();
            for file in files {
                let data = std::fs::read(&file).unwrap_or_default();
                let outcome = std::panic::catch_unwind(|| oracle(&data));
                assert!(outcome.is_ok(), "{target}: {}", file.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} corpus files");
}
