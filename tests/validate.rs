//! `arbiter validate` end to end: the report does not depend on the number of threads.

use std::process::Command;

fn validate(threads: &str) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--format", "json", "-j", threads, "corpus/"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
    // The summary's timings differ between runs; everything else must not.
    let games: String = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with("{\"summary\""))
        .map(|line| format!("{line}\n"))
        .collect();
    (output.status.code(), games)
}

#[test]
fn the_same_report_with_one_thread_or_several() {
    let (one_code, one) = validate("1");
    let (three_code, three) = validate("3");
    assert_eq!(one_code, Some(1), "corpus/ holds invalid games on purpose");
    assert_eq!(one_code, three_code);
    assert!(one.lines().count() >= 40, "{one}");
    assert!(one == three, "the report depends on the number of threads");
}

/// `arbiter validate -` run on `text` given on standard input.
fn validate_stdin(text: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
    child.stdin.take().map(|mut stdin| stdin.write_all(text.as_bytes()));
    child.wait_with_output().unwrap_or_else(|e| panic!("arbiter did not finish: {e}"))
}

#[test]
fn the_summary_counts_in_words_that_agree_with_the_numbers() {
    let record = "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let output = validate_stdin(record);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("1 file, 1 game, 1 move: 0 invalid, 0 errors, 0 warnings;"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

/// A game is named by its players alike whether it is read plain and judged in the lane or
/// read whole (here, for a glyph): by the bughouse tags where White and Black name nobody.
#[test]
fn a_game_is_named_alike_on_either_path() {
    let tags = "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[WhiteA \"Ann\"]\n[BlackA \"Bob\"]\n\n";
    for moves in ["1. f3 e5 2. g4 Qh4+ 0-1\n", "1. f3 $2 e5 2. g4 Qh4+ 0-1\n"] {
        let output = validate_stdin(&format!("{tags}{moves}"));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.contains("game 1 (Ann - Bob), move 2... (Black): Qh4+: gives mate"), "{moves}: {stdout}");
    }
}
