//! The golden files under corpus/: each `*.golden` starts with the command it records
//! (`$ arbiter fmt corpus/dialect/broken.pgn`), then the exit code, what arbiter wrote to
//! standard error and what it wrote to standard output. The test runs every command again
//! from the repository's root and compares byte for byte.
//!
//! After a deliberate change of output, `ARBITER_BLESS=1 cargo test --test golden` rewrites
//! the files; review the diff before committing it. A new golden file needs only its first
//! line.

mod common;

use std::path::Path;
use std::process::Command;

/// Timings differ from run to run: the golden files hold `(timing)` in their place.
fn without_timings(output: &str) -> String {
    output
        .split_inclusive('\n')
        .map(|piece| {
            let (line, end) = piece.strip_suffix('\n').map_or((piece, ""), |l| (l, "\n"));
            if line.starts_with("arbiter: ") && line.contains(" MB/s") {
                let cut = line.rfind("; ").unwrap_or(line.len());
                format!("{}; (timing){end}", &line[..cut])
            } else if line.starts_with("{\"summary\"") {
                let mut value: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
                if let Some(summary) = value.get_mut("summary").and_then(|s| s.as_object_mut()) {
                    for key in ["seconds", "megabytes_per_second", "games_per_second"] {
                        summary.insert(key.to_owned(), serde_json::Value::String("(timing)".to_owned()));
                    }
                }
                format!("{value}{end}")
            } else {
                piece.to_owned()
            }
        })
        .collect()
}

fn run(command_line: &str, root: &Path) -> String {
    let args: Vec<&str> = command_line.split_whitespace().skip(1).collect();
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(&args)
        .current_dir(root)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command_line}: {e}"));
    format!(
        "$ {command_line}\nexit {}\n--- stderr\n{}--- stdout\n{}",
        output.status.code().map_or("signal".to_owned(), |c| c.to_string()),
        without_timings(&String::from_utf8_lossy(&output.stderr)),
        without_timings(&String::from_utf8_lossy(&output.stdout))
    )
}

#[test]
fn golden_files_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = common::files_with_extension(&root.join("corpus"), "golden");
    assert!(files.len() >= 10, "only {} golden files under corpus/", files.len());
    let bless = std::env::var_os("ARBITER_BLESS").is_some();
    let mut failures = Vec::new();
    for file in &files {
        let expected = std::fs::read_to_string(file).unwrap_or_default();
        let Some(command_line) = expected.lines().next().and_then(|l| l.strip_prefix("$ ")) else {
            failures.push(format!("{}: the first line must be `$ arbiter ...`", file.display()));
            continue;
        };
        let actual = run(command_line, root);
        if actual == expected {
            continue;
        }
        if bless {
            std::fs::write(file, &actual).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        } else {
            let diff = similar::TextDiff::from_lines(&expected, &actual);
            failures.push(format!("{}:\n{}", file.display(), diff.unified_diff().header("expected", "actual")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
