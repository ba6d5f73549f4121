//! Real archives that no one here wrote, from ../shared/corpus/ (see its README): tens of
//! thousands of master games, lichess games with clocks, studies with deep variations, the
//! ECO classification. Every game must read without an error, its canonical text must read
//! back as the same record, and a second formatting pass must change nothing. The test
//! skips where the directory is absent, and says so in the output of `cargo test`
//! (`ARBITER_SHARED_CORPUS` names another folder); nothing from it is copied into the
//! repository.

mod common;

use std::path::Path;
use std::process::Command;

use arbiter::dialect::{GameReader, Item, Limits, parse_game, write_game};

/// Where the shared corpus is absent, a test that needs it says in `cargo test`'s own output
/// (without `--nocapture`) that it skipped, which test, and why: a skip cannot pass for a
/// pass. The test binary runs itself, with the corpus made to look absent.
#[test]
fn a_test_skipped_for_want_of_the_shared_corpus_says_so() {
    let absent = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-shared-corpus-here");
    let test = "real_archives_read_without_errors_and_format_stably";
    let exe = std::env::current_exe().unwrap_or_else(|e| panic!("no test binary: {e}"));
    let output = Command::new(exe)
        .args([test, "--exact"])
        .env(common::SHARED_CORPUS_VAR, &absent)
        .output()
        .unwrap_or_else(|e| panic!("cannot run the test binary: {e}"));
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains(&format!("test {test} ... ok")) && stdout.contains("1 passed"), "{stdout}");
    let said = format!("skipped {test}: {} is absent\n", absent.display());
    assert!(stderr.contains(&said), "expected {said:?} on standard error, got {stderr:?}");
}

#[test]
fn real_archives_read_without_errors_and_format_stably() {
    let Some(root) = common::shared_corpus("real_archives_read_without_errors_and_format_stably") else { return };
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

/// The master games and lichess games that reach the fifth occurrence of a position or the
/// 75th move without capture or pawn move (FIDE 9.6.1, 9.6.2): `validate` and `adjudicate`
/// judge each one's result alike, by the laws of its Date tag. The lane gives up on every
/// game with such a draw but one drawn on its last move and scored as a draw (or `*`), which
/// no laws contradict; the others are judged by both commands here. The counts go to
/// standard error.
#[test]
fn the_automatic_draws_of_real_games_are_judged_alike() {
    use arbiter::adjudicate::{Decision, Settings, adjudicate};
    use arbiter::diag::Severity;
    use arbiter::rules::position::Ending;

    let Some(root) = common::shared_corpus("the_automatic_draws_of_real_games_are_judged_alike") else { return };
    let mut files = common::files_with_extension(&root.join("orthodox"), "pgn");
    files.sort();
    let variant = arbiter::variants::find(None).unwrap_or_else(|e| panic!("{e}"));
    let (mut drawn, mut unapplied, mut failures) = (0, 0, Vec::new());
    for file in &files {
        let Ok(handle) = std::fs::File::open(file) else { continue };
        for item in GameReader::new(std::io::BufReader::new(handle), &Limits::default()).flatten() {
            let Item::Game(text) = item else { continue };
            let Some(game) = text.parse(&Limits::default()).game else { continue };
            if game.tag("Variant").is_some() || arbiter::replay::replay_in_lane(&variant, &game).is_some() {
                continue;
            }
            let Ok(verdict) = adjudicate(&variant, &game, Settings::default()) else { continue };
            let automatic = |e: &Ending| matches!(e, Ending::FivefoldRepetition | Ending::SeventyFiveMoves);
            match &verdict.decision {
                Decision::Rules { ending, .. } if automatic(ending) => drawn += 1,
                _ if verdict.unapplied.is_some() => unapplied += 1,
                _ => continue,
            }
            let report = arbiter::replay::replay(&variant, &game);
            let errors: Vec<(arbiter::diag::Kind, String)> = report
                .problems
                .into_iter()
                .filter(|p| p.severity == Severity::Error && p.at.is_none())
                .map(|p| (p.kind, p.message))
                .collect();
            let mismatches: Vec<(arbiter::diag::Kind, String)> =
                verdict.mismatches.iter().map(|m| (m.kind, m.message.clone())).collect();
            if verdict.token != arbiter::record::Outcome::Unknown && errors != mismatches {
                let at = format!("{}:{}", file.display(), text.origin.line);
                failures.push(format!("{at}: validate {errors:?}, adjudicate {:?}", verdict.mismatches));
            }
        }
    }
    eprintln!("{drawn} games drawn by FIDE 9.6.1 or 9.6.2, {unapplied} that reach them before July 2014 and go on");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(drawn + unapplied > 0, "no game reaches an automatic draw");
}

/// The five FICS bughouse games of the pychess-variants archive (BPGN, no Variant tag): each
/// reads without an error as a bughouse record, validates without an error, agrees with
/// `adjudicate` on its result (two end in a mate the rules find, on board B and on board A;
/// one is aborted, two lost on time), and its canonical text, BPGN numbering and clock
/// comments included, reads back as the same record.
#[test]
fn the_fics_bughouse_games_read_and_validate() {
    use arbiter::adjudicate::{Decision, Settings, adjudicate};
    use arbiter::diag::Severity;

    let Some(root) = common::shared_corpus("the_fics_bughouse_games_read_and_validate") else { return };
    let mut files = common::files_with_extension(&root.join("bughouse"), "bpgn");
    files.sort();
    let catalogue = arbiter::variants::Catalogue::builtin();
    let (mut games, mut mates, mut failures) = (0, 0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let at = file.display().to_string();
        let parsed = parse_game(&text);
        let Some(game) = parsed.game.filter(|_| !parsed.diagnostics.iter().any(|d| d.is_error())) else {
            failures.push(format!("{at}: {:?}", parsed.diagnostics));
            continue;
        };
        games += 1;
        let variant = catalogue.find(game.variant_name()).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(variant.spec.name, "bughouse", "{at}");
        let report = arbiter::replay::replay(&variant, &game);
        let errors: Vec<_> = report.problems.iter().filter(|p| p.severity == Severity::Error).collect();
        if !errors.is_empty() {
            failures.push(format!("{at}: {errors:?}"));
        }
        let verdict = adjudicate(&variant, &game, Settings::default()).unwrap_or_else(|e| panic!("{at}: {e:?}"));
        if !verdict.mismatches.is_empty() {
            failures.push(format!("{at}: adjudicate {:?}", verdict.mismatches));
        }
        if matches!(verdict.decision, Decision::Rules { .. }) {
            mates += 1;
        }
        let written = write_game(&game);
        match parse_game(&written).game {
            Some(again) if again == game && write_game(&again) == written => {}
            _ => failures.push(format!("{at}: the canonical text does not read back the same")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!((games, mates), (5, 2), "games read, games the rules end");
}
