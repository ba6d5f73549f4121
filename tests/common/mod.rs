//! Helpers shared by the end-to-end tests.

use std::path::{Path, PathBuf};

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
