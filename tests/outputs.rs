//! What the commands write, and what they never do: every option that writes a file (`-o`,
//! `--write`, `--valid-out`, `--invalid-out`) creates, truncates or replaces nothing unless
//! the command writes it whole; `--check` never writes; no output replaces an input; no game
//! is dropped from an output; and every command's exit code says what the README says.
//!
//! Each test is named after what it holds; the first of them is the bug that emptied a user's
//! file (`convert --to uci --check -o keep.pgn` truncated keep.pgn).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A directory of its own for each test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("arbiter-outputs-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        Scratch(dir)
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        path
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.0.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    /// The names of the files in the directory, sorted (temporary files included).
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.0)
            .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        names.sort();
        names
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The outcome of a run: exit code, standard output, standard error.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs arbiter in `dir` with `args`, `stdin` as its standard input.
fn arbiter(dir: &Path, args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("arbiter did not finish: {e}"));
    Run {
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

const VALID: &str = "[Event \"valid\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
const ILLEGAL: &str = "[Event \"illegal\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n";
const UNREADABLE: &str =
    "[Event \"unreadable\"]\n[White \"E\"]\n[Black \"F\"]\n[Result \"*\"]\n\n1. e4 { never closed\n\n";

fn three_games() -> String {
    format!("{VALID}{ILLEGAL}{UNREADABLE}")
}

#[test]
fn convert_check_with_an_output_file_is_refused_and_the_file_kept() {
    let dir = Scratch::new("check-o");
    dir.file("games.pgn", VALID);
    dir.file("keep.pgn", "what the user had\n");
    let run = arbiter(&dir.0, &["convert", "--to", "uci", "--check", "-o", "keep.pgn", "games.pgn"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(dir.read("keep.pgn"), "what the user had\n");
    assert_eq!(dir.names(), vec!["games.pgn", "keep.pgn"]);
}

#[test]
fn no_output_replaces_an_input() {
    let dir = Scratch::new("over-input");
    dir.file("games.pgn", VALID);
    for args in [
        &["convert", "--to", "uci", "-o", "games.pgn", "games.pgn"][..],
        &["convert", "--to", "uci", "-o", "./games.pgn", "games.pgn"],
        &["adjudicate", "--write", "games.pgn", "games.pgn"],
        &["validate", "--valid-out", "games.pgn", "games.pgn"],
        &["validate", "--invalid-out", "./games.pgn", "."],
        &["validate", "--valid-out", "a.pgn", "--invalid-out", "a.pgn", "games.pgn"],
        &["validate", "--valid-out", "-", "games.pgn"],
    ] {
        let run = arbiter(&dir.0, args, "");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("error"), "{args:?}: {}", run.stderr);
        assert_eq!(dir.read("games.pgn"), VALID, "{args:?}");
        assert_eq!(dir.names(), vec!["games.pgn"], "{args:?}");
    }
}

#[test]
fn standard_output_into_an_input_is_refused() {
    // `arbiter fmt games.pgn >> games.pgn` would read its own output for ever.
    let dir = Scratch::new("stdout-input");
    let path = dir.file("games.pgn", VALID);
    for args in [
        &["fmt", "games.pgn"][..],
        &["convert", "--to", "uci", "games.pgn"],
        &["validate", "games.pgn"],
        &["adjudicate", "games.pgn"],
    ] {
        let append = fs::OpenOptions::new().append(true).open(&path).unwrap_or_else(|e| panic!("{e}"));
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .current_dir(&dir.0)
            .stdin(Stdio::null())
            .stdout(append)
            .stderr(Stdio::piped())
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("standard output is the input"), "{args:?}: {stderr}");
        assert_eq!(dir.read("games.pgn"), VALID, "{args:?}");
    }
}

#[test]
fn an_output_file_appears_only_when_complete() {
    let dir = Scratch::new("complete");
    dir.file("games.pgn", VALID);
    // A file that cannot be created: an error before any work, and nothing left behind.
    let run = arbiter(&dir.0, &["convert", "--to", "uci", "-o", "missing/out.pgn", "games.pgn"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(dir.names(), vec!["games.pgn"]);
    // A variant file that cannot be read: nothing is created.
    let run =
        arbiter(&dir.0, &["convert", "--to", "uci", "--variant-file", "no.yaml", "-o", "out.pgn", "games.pgn"], "");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(dir.names(), vec!["games.pgn"]);
    // Success: the file, and no temporary file beside it.
    let run = arbiter(&dir.0, &["convert", "--to", "uci", "-o", "out.pgn", "games.pgn"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(dir.names(), vec!["games.pgn", "out.pgn"]);
    assert!(dir.read("out.pgn").contains("1. e2e4 e7e5 2. d1h5"));
}

#[test]
fn convert_drops_no_game() {
    let dir = Scratch::new("convert-all");
    dir.file("games.pgn", &three_games());
    // The two games that cannot be converted are written as they were read.
    let run = arbiter(&dir.0, &["convert", "--to", "uci", "games.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.contains("1. e2e4 e7e5 2. d1h5"), "{}", run.stdout);
    assert!(run.stdout.contains(ILLEGAL), "{}", run.stdout);
    assert!(run.stdout.contains(UNREADABLE.trim_end()), "{}", run.stdout);
    assert!(run.stderr.contains("error[illegal-move]: game 2 (C - D), move 2. (White): Ke3"), "{}", run.stderr);
    assert!(run.stderr.contains("error[syntax]: game 3 (E - F)"), "{}", run.stderr);
    // On request, left out.
    let run = arbiter(&dir.0, &["convert", "--to", "uci", "--skip-invalid", "games.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains("Ke3") && !run.stdout.contains("never closed"), "{}", run.stdout);
    assert_eq!(run.stdout.matches("[Event").count(), 1);
    // JSON: one record each; the unreadable game as its text, which comes back as it was.
    let run = arbiter(&dir.0, &["convert", "--to", "json", "games.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(lines[2].contains("\"text\":"), "{}", lines[2]);
    dir.file("games.jsonl", &run.stdout);
    let back = arbiter(&dir.0, &["convert", "--from", "json", "--to", "pgn", "games.jsonl"], "");
    assert_eq!(back.code, 1, "{}", back.stderr);
    assert!(back.stdout.contains(UNREADABLE.trim_end()), "{}", back.stdout);
    assert!(back.stdout.contains("2. Ke3"), "{}", back.stdout);
    // The explicit form needs the rules: the illegal game keeps its actions as written.
    let run = arbiter(&dir.0, &["convert", "--to", "explicit", "games.pgn"], "");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(lines[0].contains("\"notation\":\"explicit\""), "{}", lines[0]);
    assert!(lines[1].contains("\"Ke3\"") && !lines[1].contains("explicit"), "{}", lines[1]);
    // Positions: up to the move that cannot be played, then the blank line that ends a game;
    // a game that cannot be read is that blank line alone.
    let run = arbiter(&dir.0, &["convert", "--to", "fen", "games.pgn"], "");
    let blocks: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{}", run.stdout);
    assert_eq!(blocks[0].lines().count(), 8, "{}", blocks[0]);
    assert_eq!(blocks[1].lines().count(), 3, "{}", blocks[1]);
    assert_eq!(blocks[2], "\n", "{}", run.stdout);
}

#[test]
fn json_places_are_in_the_users_file() {
    let dir = Scratch::new("json-places");
    let record = |moves: &str| {
        format!(
            "{{\"format\":\"arbiter-record\",\"version\":1,\"tags\":[[\"White\",\"A\"],[\"Black\",\"B\"]],\"moves\":[{moves}],\"result\":\"*\"}}\n"
        )
    };
    let good = record("{\"actions\":[\"e4\"]}");
    let bad = record("{\"actions\":[\"e4\"]},{\"actions\":[\"e5\"]},{\"actions\":[\"Ke3\"]}");
    dir.file("bad.jsonl", &format!("{good}{good}{bad}"));
    let run = arbiter(&dir.0, &["convert", "--from", "json", "--to", "uci", "bad.jsonl"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let col = bad.find("Ke3").map_or(0, |i| i + 1);
    assert!(
        run.stderr.starts_with(&format!("bad.jsonl:3:{col}: error[illegal-move]: game 3 (A - B)")),
        "{}",
        run.stderr
    );
    // YAML: the action's own line.
    let doc = "---\nformat: arbiter-record\nversion: 1\ntags:\n- [White, A]\nmoves:\n- actions:\n  - e4\n- actions:\n  - Ke7\nresult: '*'\n";
    dir.file("bad.yaml", doc);
    let run = arbiter(&dir.0, &["convert", "--from", "yaml", "--to", "uci", "bad.yaml"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.starts_with("bad.yaml:10:5: error[illegal-move]"), "{}", run.stderr);
}

#[test]
fn fmt_writes_only_what_it_may() {
    let dir = Scratch::new("fmt");
    dir.file("bad.pgn", &format!("{VALID}{UNREADABLE}"));
    dir.file("sloppy.pgn", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
    // --check never writes.
    let run = arbiter(&dir.0, &["fmt", "--check", "sloppy.pgn", "bad.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(dir.read("sloppy.pgn"), "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
    // --write leaves a file with errors as it is, and rewrites the other.
    let run = arbiter(&dir.0, &["fmt", "--write", "sloppy.pgn", "bad.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(dir.read("bad.pgn"), format!("{VALID}{UNREADABLE}"));
    assert!(dir.read("sloppy.pgn").starts_with("[Event \"x\"]\n[Site \"?\"]"));
    assert_eq!(dir.names(), vec!["bad.pgn", "sloppy.pgn"]);
    // Standard input cannot be rewritten.
    let run = arbiter(&dir.0, &["fmt", "--write", "-"], VALID);
    assert_eq!(run.code, 2, "{}", run.stderr);
    // Printing passes every game through, the unreadable one as it was.
    let run = arbiter(&dir.0, &["fmt", "bad.pgn"], "");
    assert!(run.stdout.ends_with(UNREADABLE), "{}", run.stdout);
}

#[test]
fn adjudicate_writes_every_game() {
    let dir = Scratch::new("adjudicate");
    dir.file("games.pgn", &three_games());
    let run = arbiter(&dir.0, &["adjudicate", "--write", "judged.pgn", "games.pgn"], "");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let judged = dir.read("judged.pgn");
    assert_eq!(judged.matches("[Event").count(), 3, "{judged}");
    assert!(judged.contains(UNREADABLE.trim_end()), "{judged}");
    assert_eq!(dir.names(), vec!["games.pgn", "judged.pgn"]);
}

#[test]
fn validate_sorts_games_into_valid_and_invalid() {
    let dir = Scratch::new("sort");
    // A game larger than the limit, kept out of memory, is copied from the input again.
    let big = format!("[Event \"big\"]\n\n1. e4 {{{}}} e5 *\n\n", "x".repeat(4000));
    // The last game of a file without a line end gets one.
    dir.file("a.pgn", &format!("{VALID}{ILLEGAL}{big}"));
    dir.file("b.pgn", &format!("{UNREADABLE}{}", VALID.trim_end()));
    let run = arbiter(
        &dir.0,
        &["validate", "--max-game-size", "1K", "--valid-out", "good.pgn", "--invalid-out", "bad.pgn", "a.pgn", "b.pgn"],
        "",
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(dir.read("good.pgn"), format!("{VALID}{}\n", VALID.trim_end()));
    assert_eq!(dir.read("bad.pgn"), format!("{ILLEGAL}{big}{UNREADABLE}"));
    // Latin-1 text comes out in its own bytes.
    let latin1 = b"[Event \"Caf\xe9\"]\n\n1. e4 *\n";
    let _ = fs::write(dir.0.join("latin1.pgn"), latin1);
    let run = arbiter(&dir.0, &["validate", "-q", "--valid-out", "l.pgn", "latin1.pgn"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(fs::read(dir.0.join("l.pgn")).unwrap_or_default(), latin1.to_vec());
}

#[test]
fn exit_codes_say_what_went_wrong() {
    let dir = Scratch::new("exit");
    dir.file("valid.pgn", VALID);
    dir.file("invalid.pgn", ILLEGAL);
    dir.file("empty.pgn", "");
    let cases: &[(&[&str], i32)] = &[
        (&["validate", "valid.pgn"], 0),
        (&["validate", "invalid.pgn"], 1),
        (&["validate", "missing.pgn"], 2),
        (&["validate", "--allow", "no-such-kind", "valid.pgn"], 2),
        (&["validate", "--allow", "illegal-move", "invalid.pgn"], 2),
        // The game lacks roster tags: a warning, denied.
        (&["validate", "--deny", "warnings", "valid.pgn"], 1),
        (&["validate", "--allow", "missing-tag", "--deny", "warnings", "valid.pgn"], 0),
        (&["validate", "--no-such-option"], 2),
        (&["validate", "empty.pgn"], 0),
        (&["validate", "--deny", "empty-input", "empty.pgn"], 1),
        (&["fmt", "valid.pgn"], 0),
        (&["fmt", "empty.pgn"], 0),
        (&["fmt", "missing.pgn"], 2),
        (&["convert", "--to", "uci", "valid.pgn"], 0),
        (&["convert", "--to", "uci", "invalid.pgn"], 1),
        (&["convert", "--to", "uci", "missing.pgn"], 2),
        (&["convert", "--to", "uci", "empty.pgn"], 0),
        (&["adjudicate", "valid.pgn"], 0),
        (&["adjudicate", "missing.pgn"], 2),
        (&["adjudicate", "empty.pgn"], 0),
        (&["kinds"], 0),
        (&["perft", "--depth", "1"], 0),
        (&["perft", "--fen", "not a fen", "--depth", "1"], 2),
        (&["variants"], 0),
        (&["variants", "show", "no-such-variant"], 2),
        (&["variants", "check", "missing.yaml"], 2),
        (&["--version"], 0),
        (&["--help"], 0),
    ];
    for (args, code) in cases {
        let run = arbiter(&dir.0, args, "");
        assert_eq!(run.code, *code, "{args:?}: {}", run.stderr);
    }
    // An empty input is a warning that names it.
    let run = arbiter(&dir.0, &["validate", "empty.pgn"], "");
    assert!(run.stderr.contains("empty.pgn: warning[empty-input]: no game in this input"), "{}", run.stderr);
}

#[test]
fn an_interrupted_run_leaves_the_files_as_they_were() {
    let dir = Scratch::new("interrupted");
    dir.file("out.pgn", "what the user had\n");
    for args in [
        &["convert", "--to", "uci", "-o", "out.pgn", "-"][..],
        &["validate", "--valid-out", "out.pgn", "-"],
        &["adjudicate", "--write", "out.pgn", "-"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .current_dir(&dir.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
        // A game, and standard input left open: the run waits for more, its output unfinished.
        let mut stdin = child.stdin.take();
        if let Some(input) = stdin.as_mut() {
            let _ = input.write_all(VALID.as_bytes());
            let _ = input.flush();
        }
        let waited = std::time::Instant::now();
        while dir.names().len() < 2 && waited.elapsed() < std::time::Duration::from_secs(20) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(dir.names().len(), 2, "{args:?}: no temporary file appeared: {:?}", dir.names());
        let interrupted = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
        assert!(interrupted.is_ok_and(|s| s.success()), "{args:?}: kill failed");
        let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
        drop(stdin);
        assert_eq!(status.code(), Some(130), "{args:?}");
        assert_eq!(dir.names(), vec!["out.pgn"], "{args:?}");
        assert_eq!(dir.read("out.pgn"), "what the user had\n", "{args:?}");
    }
}
