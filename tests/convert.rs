//! `arbiter convert` over corpus/: every game that replays converts to every format (SAN, long
//! algebraic, UCI, JSON, YAML, the explicit form) and back without losing anything.

mod common;

use std::path::Path;

use arbiter::convert::{self, Notation};
use arbiter::diag::Severity;
use arbiter::dialect::{GameReader, Item, Limits, parse_game, write_game};
use arbiter::variants::Catalogue;

#[test]
fn every_corpus_game_comes_back_from_every_format() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalogue = Catalogue::builtin();
    let (mut converted, mut structural) = (0, 0);
    for file in common::files_with_extension(&root.join("corpus"), "pgn") {
        let Ok(reader) = std::fs::File::open(&file) else { continue };
        for item in GameReader::new(reader, &Limits::default()).flatten() {
            let Item::Game(text) = item else { continue };
            let parsed = text.parse(&Limits::default());
            if parsed.diagnostics.iter().any(|d| d.severity == Severity::Error) {
                continue;
            }
            let Some(game) = parsed.game else { continue };
            let at = format!("{} line {}", file.display(), text.origin.line);
            // JSON and YAML: the record as written, whatever the variant.
            let canonical = write_game(&game);
            let record = convert::to_record(&game).unwrap_or_else(|p| panic!("{at}: {}", p.message));
            let json = serde_json::to_string(&record).unwrap_or_else(|e| panic!("{at}: {e}"));
            let from_json: convert::RecordFile = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{at}: {e}"));
            let back = convert::from_record(&from_json).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(write_game(&back), canonical, "{at}: json");
            let yaml = serde_yaml::to_string(&record).unwrap_or_else(|e| panic!("{at}: {e}"));
            let from_yaml: convert::RecordFile = serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("{at}: {e}"));
            let back = convert::from_record(&from_yaml).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(write_game(&back), canonical, "{at}: yaml");
            structural += 1;
            // The notations: games that replay, through the rules.
            let Ok(variant) = catalogue.find(game.tag("Variant")) else { continue };
            let Ok(san) = convert::rewrite(&variant, &game, Notation::San) else { continue };
            let san = write_game(&san);
            // The explicit form, read back by what each action changes.
            let explicit =
                convert::to_explicit_record(&variant, &game).unwrap_or_else(|p| panic!("{at}: {}", p.message));
            let json = serde_json::to_string(&explicit).unwrap_or_else(|e| panic!("{at}: {e}"));
            let reread: convert::RecordFile = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{at}: {e}"));
            let back =
                convert::from_explicit_record(&variant, &reread).unwrap_or_else(|e| panic!("{at}: explicit: {e}"));
            let back =
                convert::rewrite(&variant, &back, Notation::San).unwrap_or_else(|p| panic!("{at}: {}", p.message));
            assert_eq!(write_game(&back), san, "{at}: explicit");
            for notation in [Notation::Lan, Notation::Uci] {
                let there =
                    convert::rewrite(&variant, &game, notation).unwrap_or_else(|p| panic!("{at}: {}", p.message));
                let reread = parse_game(&write_game(&there)).game.unwrap_or_else(|| panic!("{at}: {notation:?}"));
                let back = convert::rewrite(&variant, &reread, Notation::San)
                    .unwrap_or_else(|p| panic!("{at}: {notation:?}: {}", p.message));
                assert_eq!(write_game(&back), san, "{at}: {notation:?}");
            }
            converted += 1;
        }
    }
    assert!(structural > 150 && converted > 80, "{structural} records, {converted} games through the rules");
}

/// A directory of JSON or YAML records is searched for their files, not for PGN files; one
/// without any says so and fails.
#[test]
fn directories_of_records_are_searched_for_their_own_files() {
    let dir = std::env::temp_dir().join(format!("arbiter-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("json")).unwrap_or_else(|e| panic!("{e}"));
    let pgn = dir.join("game.pgn");
    std::fs::write(&pgn, "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let run = |args: &[&str]| {
        let output = common::spawn_arbiter(args).wait_with_output().unwrap_or_else(|e| panic!("{e}"));
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let pgn_name = pgn.display().to_string();
    let (code, json, _) = run(&["convert", "-q", "--to", "json", &pgn_name]);
    assert_eq!(code, Some(0));
    std::fs::write(dir.join("json").join("games.jsonl"), &json).unwrap_or_else(|e| panic!("{e}"));
    let json_dir = dir.join("json").display().to_string();
    let (code, back, err) = run(&["convert", "-q", "--from", "json", "--to", "uci", &json_dir]);
    assert_eq!(code, Some(0), "{err}");
    assert!(back.contains("1. e2e4 e7e5 2. d1h5 b8c6 3. f1c4 g8f6 4. h5f7 1-0"), "{back}");
    // The same directory read as YAML holds nothing of the kind.
    let (code, _, err) = run(&["convert", "-q", "--from", "yaml", "--to", "uci", &json_dir]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no *.yaml or *.yml file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Cancellation Chess: the dialect writes a remainder's pieces in their owner's case,
/// and so does the explicit form; an explicit record that gives Black's remainder
/// to White (the wrong side choosing) is no action of its position, and is refused.
#[test]
fn an_explicit_cancellation_names_the_owner_of_the_remainder() {
    let variant = Catalogue::builtin().find(Some("Cancellation Chess")).unwrap_or_else(|e| panic!("{e}"));
    let text = "[Variant \"Cancellation Chess\"]\n[SetUp \"1\"]\n[FEN \"7k/8/8/4q3/3P4/8/8/7K w - - 0 1\"]\n\n1. dxe5=r&bd4 *\n";
    let game = parse_game(text).game.unwrap_or_default();
    let record = convert::to_explicit_record(&variant, &game).unwrap_or_else(|p| panic!("{}", p.message));
    let json = serde_json::to_string(&record).unwrap_or_default();
    assert!(json.contains("-qe5 -Pd4 +re5 +bd4"), "{json}");
    let back = convert::from_explicit_record(&variant, &record).unwrap_or_else(|e| panic!("{e}"));
    assert!(write_game(&back).contains("1. dxe5=r&bd4 *"), "{}", write_game(&back));
    let wrong: convert::RecordFile =
        serde_json::from_str(&json.replace("+re5 +bd4", "+Re5 +Bd4")).unwrap_or_else(|e| panic!("{e}"));
    let refused = convert::from_explicit_record(&variant, &wrong).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(refused.contains("no legal action"), "{refused}");
}
