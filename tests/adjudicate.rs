//! `arbiter adjudicate` end to end: every verdict kind comes from some game of
//! corpus/adjudicate/, `--write` leaves its input alone and writes records that read back and
//! validate, the exit codes, and the Result tags of real archives that contradict a mate
//! (../shared/corpus/, skipped where absent).

mod common;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use arbiter::dialect::{GameReader, Item, Limits};
use arbiter::record::NodeId;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"))
}

/// The JSON objects of one game each (the summary left out).
fn games(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .filter(|v| v.get("game").is_some())
        .collect()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-adjudicate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[test]
fn every_verdict_kind_comes_from_a_corpus_game() {
    let mut kinds = BTreeSet::new();
    let mut flags = BTreeSet::new();
    let mut claims = BTreeSet::new();
    let mut mismatches = 0;
    let mut broken = 0;
    let runs: [&[&str]; 2] = [
        &["adjudicate", "--format", "json", "corpus/adjudicate"],
        &["adjudicate", "--format", "json", "--as-of", "2026-04-15", "corpus/adjudicate/in-progress.pgn"],
    ];
    for args in runs {
        for game in games(&arbiter(args)) {
            let Some(verdict) = game.get("verdict") else {
                broken += 1;
                continue;
            };
            kinds.insert(verdict["kind"].as_str().unwrap_or_default().to_owned());
            if let Some(by) = verdict["time_forfeit"]["by"].as_str() {
                flags.insert(by.to_owned());
            }
            for c in game["claims"].as_array().into_iter().flatten() {
                claims.insert(format!(
                    "{} {}",
                    c["claim"].as_str().unwrap_or_default(),
                    c["way"].as_str().unwrap_or_default()
                ));
            }
            if game["record"]["agrees"] == false {
                mismatches += 1;
            }
        }
    }
    let expected = [
        "checkmate",
        "far-rank",
        "fivefold-repetition",
        "immobilised",
        "insufficient-material",
        "king-captured",
        "open",
        "seventy-five-moves",
        "stalemate",
        "time-forfeit",
    ];
    assert_eq!(kinds, expected.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
    assert_eq!(flags, ["clock", "dates", "deadline"].iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
    let expected_claims =
        ["fifty-moves by announcing", "fifty-moves on the board", "threefold by announcing", "threefold on the board"];
    assert_eq!(claims, expected_claims.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>());
    assert!(mismatches >= 3, "{mismatches} result mismatches");
    assert!(broken >= 2, "{broken} games without a verdict");
}

#[test]
fn write_leaves_the_input_alone_and_its_records_read_back() {
    let dir = temp_dir("write");
    for name in ["verdicts.pgn", "broken.pgn", "variants.pgn"] {
        let input = dir.join(name);
        let original = std::fs::read(root().join("corpus/adjudicate").join(name)).unwrap_or_default();
        std::fs::write(&input, &original).unwrap_or_else(|e| panic!("{e}"));
        let written = dir.join(format!("judged-{name}"));
        let (input_arg, written_arg) = (input.to_string_lossy(), written.to_string_lossy());
        let first = arbiter(&["adjudicate", "-q", "--write", &written_arg, &input_arg]);
        assert_eq!(std::fs::read(&input).unwrap_or_default(), original, "{name}: the input changed");
        assert!(first.status.code().is_some_and(|c| c <= 1), "{name}: {first:?}");
        let text = std::fs::read_to_string(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Every game that parses is written (the broken ones as they were), in order, with
        // the verdict's tags and grounds.
        let before = games(&arbiter(&["adjudicate", "--format", "json", &input_arg]));
        let after = games(&arbiter(&["adjudicate", "--format", "json", &written_arg]));
        assert_eq!(after.len(), before.len(), "{name}");
        let judged = before.iter().filter(|g| g.get("verdict").is_some()).count();
        assert_eq!(text.matches("[Termination \"adjudication\"]").count(), judged, "{name}");
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(a["verdict"]["kind"], b["verdict"]["kind"], "{name}: {a}");
            if b.get("verdict").is_some() {
                assert_eq!(a["record"]["result_tag"], b["verdict"]["result"], "{name}: {a}");
                assert_eq!(a["record"]["token"], b["verdict"]["result"], "{name}: {a}");
            }
        }
        let reader = GameReader::new(text.as_bytes(), &Limits::default());
        let mut grounds = 0;
        for item in reader {
            let Ok(Item::Game(game)) = item else { panic!("{name}: the written text cannot be read") };
            let game = game.parse(&Limits::default()).game.unwrap_or_else(|| panic!("{name}: unreadable game"));
            let last = game.mainline().last().unwrap_or(NodeId::ROOT);
            grounds += game.node(last).comments.iter().filter(|c| c.text.starts_with("Adjudication: ")).count();
        }
        assert_eq!(grounds, judged, "{name}");
        // The verdicts' records agree with themselves, and valid games stay valid.
        if name != "broken.pgn" {
            let again = arbiter(&["adjudicate", "-q", &written_arg]);
            assert_eq!(again.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&again.stdout));
            let validated = arbiter(&["validate", "-q", &written_arg]);
            assert_eq!(validated.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&validated.stdout));
        }
    }
    // Writing over an input is refused, and the input stays as it was.
    let input = dir.join("verdicts.pgn");
    let before = std::fs::read(&input).unwrap_or_default();
    let input_arg = input.to_string_lossy();
    let refused = arbiter(&["adjudicate", "-q", "--write", &input_arg, &input_arg]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("would replace an input"));
    assert_eq!(std::fs::read(&input).unwrap_or_default(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exit_codes_say_how_the_run_went() {
    assert_eq!(arbiter(&["adjudicate", "-q", "corpus/adjudicate/verdicts.pgn"]).status.code(), Some(0));
    assert_eq!(arbiter(&["adjudicate", "-q", "corpus/adjudicate/broken.pgn"]).status.code(), Some(1));
    assert_eq!(arbiter(&["adjudicate", "-q", "corpus/adjudicate/no-such-file.pgn"]).status.code(), Some(2));
    let bad_date = arbiter(&["adjudicate", "--as-of", "2026-02-30", "corpus/adjudicate/verdicts.pgn"]);
    assert_eq!(bad_date.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad_date.stderr).contains("has no day 30"));
}

#[test]
fn standard_input_and_the_game_limit() {
    let mut child = common::spawn_arbiter(&["adjudicate", "--format", "json", "--max-games", "2", "-"]);
    let text = std::fs::read(root().join("corpus/adjudicate/verdicts.pgn")).unwrap_or_default();
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(&text).unwrap_or_else(|e| panic!("{e}"));
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let all = games(&output);
    assert_eq!(all.len(), 2);
    assert_eq!(all[0]["file"], "<stdin>");
    assert!(String::from_utf8_lossy(&output.stdout).contains("\"stopped\""));
}

/// The master-game collections hold a few games whose Result tag contradicts a mate on the
/// board (the shared corpus's README names data_Benjamin.pgn and data_Yermolinsky.pgn).
#[test]
fn results_that_contradict_a_mate_in_real_archives_are_reported() {
    let test = "results_that_contradict_a_mate_in_real_archives_are_reported";
    let Some(dir) =
        common::shared_corpus(test).and_then(|c| common::present_or_skip(&c.join("orthodox/pgnmentor"), test))
    else {
        return;
    };
    for name in ["data_Benjamin.pgn", "data_Yermolinsky.pgn"] {
        let path = dir.join(name);
        let output = arbiter(&["adjudicate", "--format", "json", "-q", &path.to_string_lossy()]);
        assert_eq!(output.status.code(), Some(1), "{name}");
        let contradictions: Vec<serde_json::Value> = games(&output)
            .into_iter()
            .filter(|g| g["verdict"]["kind"] == "checkmate" && g["record"]["agrees"] == false)
            .collect();
        assert!(!contradictions.is_empty(), "{name}: no contradiction found");
        for g in &contradictions {
            assert_eq!(g["final"]["checkmate"], true, "{g}");
            assert_ne!(g["record"]["result_tag"], g["verdict"]["result"], "{g}");
        }
    }
}

/// Every TimeControl form in notation/SPEC.md, "Time controls", reads, and its meaning in the
/// table's words comes back from the reader.
#[test]
fn the_time_controls_of_the_spec_read_as_it_says() {
    use arbiter::adjudicate::time::TimeControl;
    let spec = include_str!("../notation/SPEC.md");
    let section = spec.split("### Time controls").nth(1).unwrap_or_default();
    let section = section.split("###").next().unwrap_or_default();
    let mut rows = 0;
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let form = line.split('`').nth(1).unwrap_or_default();
        let meaning = line.split('|').nth(2).unwrap_or_default().trim();
        let read: TimeControl = form.parse().unwrap_or_else(|e| panic!("{form}: {e}"));
        let words = read.to_string();
        match read {
            TimeControl::Unknown => assert!(meaning.starts_with("unknown"), "{form}"),
            TimeControl::Untimed => assert!(meaning.starts_with("no time control"), "{form}"),
            TimeControl::Sandclock(_) => assert!(meaning.contains("sandclock"), "{form}"),
            TimeControl::Periods(periods) => {
                assert!(!periods.is_empty(), "{form}");
                assert_eq!(words.ends_with("repeated"), meaning.contains("repeated"), "{form}: {words} / {meaning}");
                assert_eq!(words.contains("per move"), meaning.contains("per move"), "{form}: {words} / {meaning}");
            }
        }
        rows += 1;
    }
    assert!(rows >= 10, "only {rows} forms in the table");
}

/// `validate` and `adjudicate` judge a record's result alike: for every game of the files,
/// both accept it or both call it an error, in the same words, wherever the record gives a
/// result (`*` is the one difference: `validate` reads it as no result given, `adjudicate`
/// asks for its verdict to be written in). corpus/adjudicate/laws.pgn holds the automatic
/// draws of FIDE 9.6 before and after 1 July 2014 and undated (notation/SPEC.md, section 9,
/// "The laws in force").
#[test]
fn validate_and_adjudicate_judge_a_result_alike() {
    let files = ["corpus/adjudicate/laws.pgn", "corpus/adjudicate/verdicts.pgn", "corpus/adjudicate/variants.pgn"];
    for file in files {
        let validated = games(&arbiter(&["validate", "--format", "json", file]));
        let judged = games(&arbiter(&["adjudicate", "--format", "json", file]));
        assert_eq!(validated.len(), judged.len(), "{file}");
        for (v, a) in validated.iter().zip(&judged) {
            let at = format!("{file}: game {}", v["game"]);
            assert_eq!(v["game"], a["game"], "{at}");
            if a.get("verdict").is_none() || a["record"]["token"] == "*" {
                continue;
            }
            // The errors about the result are those at no move.
            let result_errors: Vec<&str> = v["problems"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["severity"] == "error" && p.get("move").is_none())
                .filter_map(|p| p["message"].as_str())
                .collect();
            let mismatches: Vec<&str> =
                a["record"]["mismatches"].as_array().into_iter().flatten().filter_map(|m| m.as_str()).collect();
            assert_eq!(result_errors.is_empty(), mismatches.is_empty(), "{at}: {result_errors:?} / {mismatches:?}");
            if ["fivefold-repetition", "seventy-five-moves", "insufficient-material"]
                .contains(&a["verdict"]["kind"].as_str().unwrap_or_default())
            {
                assert_eq!(result_errors, mismatches, "{at}");
            }
        }
    }
    // Before July 2014 both accept a decisive result after the automatic draws; from then on,
    // and where the date cannot tell, both refuse it.
    let file = "corpus/adjudicate/laws.pgn";
    let validated = games(&arbiter(&["validate", "--format", "json", file]));
    let valid: Vec<bool> = validated.iter().map(|g| g["valid"] == true).collect();
    assert_eq!(valid, [true, false, false, true, false, false, true]);
    let judged = games(&arbiter(&["adjudicate", "--format", "json", file]));
    let kinds: Vec<&str> = judged.iter().map(|g| g["verdict"]["kind"].as_str().unwrap_or_default()).collect();
    assert_eq!(
        kinds,
        [
            "checkmate",
            "fivefold-repetition",
            "fivefold-repetition",
            "open",
            "seventy-five-moves",
            "seventy-five-moves",
            "open"
        ]
    );
    let grounds = judged[0]["verdict"]["grounds"].to_string();
    assert!(grounds.contains("which ended no game begun before 1 July 2014"), "{grounds}");
}
