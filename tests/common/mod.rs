//! Helpers shared by the end-to-end tests.
// Each test crate compiles this module and uses a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The environment variable that names the shared corpus's folder in place of
/// ../shared/corpus (a folder that does not exist makes the tests that need it skip).
pub const SHARED_CORPUS_VAR: &str = "ARBITER_SHARED_CORPUS";

/// The shared corpus of real archives (../shared/corpus from the repository's root, or the
/// folder [`SHARED_CORPUS_VAR`] names), or `None` after saying that `test` is skipped
/// ([`skip`]) because it is absent.
pub fn shared_corpus(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os(SHARED_CORPUS_VAR) {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    present_or_skip(&dir, test)
}

/// `dir`, if it is a folder; else `None`, after saying that `test` is skipped because it is
/// absent.
pub fn present_or_skip(dir: &Path, test: &str) -> Option<PathBuf> {
    if dir.is_dir() {
        return Some(dir.to_path_buf());
    }
    skip(test, &format!("{} is absent", dir.display()));
    None
}

/// Says that `test` is skipped and why, on standard error. The line is written to the
/// process's standard error itself, not through `eprintln!`, which the test harness captures
/// and shows only for a failing test: so it shows in `cargo test`'s output beside the test's
/// `ok`, and a skip cannot pass for a pass.
pub fn skip(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr().lock(), "skipped {test}: {why}");
}

/// `arbiter` started with `args`, its standard streams piped.
pub fn spawn_arbiter(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"))
}

/// The peak resident memory of process `pid` so far, in KiB (`None` where /proc cannot say).
pub fn peak_memory_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Every file under `dir` (recursively) whose extension is `extension` (any case), sorted.
pub fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case(extension)) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}
