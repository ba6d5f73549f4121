//! Turning the paths on the command line into the inputs to read.

use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

/// One input: standard input or a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// `-`, or no path at all.
    Stdin,
    /// A file (named, or found under a named directory).
    File(PathBuf),
}

impl Input {
    /// The name diagnostics use.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }

    /// Opens the input for buffered reading.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        const CAPACITY: usize = 1 << 16;
        Ok(match self {
            Input::Stdin => Box::new(BufReader::with_capacity(CAPACITY, io::stdin())),
            Input::File(path) => Box::new(BufReader::with_capacity(CAPACITY, fs::File::open(path)?)),
        })
    }
}

/// Whether `path` names a game file that a directory walk should pick up.
fn is_game_file(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Expands `paths` into inputs: `-` is standard input, a directory gives every `.pgn` file
/// under it (recursively, in name order), anything else is a file. Paths that cannot be read
/// are returned apart, with the reason.
pub fn expand(paths: &[PathBuf]) -> (Vec<Input>, Vec<(PathBuf, io::Error)>) {
    let mut inputs = Vec::new();
    let mut failures = Vec::new();
    if paths.is_empty() {
        inputs.push(Input::Stdin);
    }
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk(path, &mut inputs, &mut failures),
            Ok(_) => inputs.push(Input::File(path.clone())),
            Err(e) => failures.push((path.clone(), e)),
        }
    }
    (inputs, failures)
}

/// Collects the game files under `dir`, iteratively (no recursion on deep trees).
fn walk(dir: &Path, inputs: &mut Vec<Input>, failures: &mut Vec<(PathBuf, io::Error)>) {
    let mut pending = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                failures.push((dir, e));
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    failures.push((dir.clone(), e));
                    continue;
                }
            };
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => pending.push(path),
                Ok(_) if is_game_file(&path) => found.push(path),
                Ok(_) => {}
                Err(e) => failures.push((path, e)),
            }
        }
    }
    found.sort();
    inputs.extend(found.into_iter().map(Input::File));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directories_give_their_game_files_in_order() {
        let dir = std::env::temp_dir().join(format!("arbiter-inputs-{}", std::process::id()));
        let sub = dir.join("sub");
        let _ = fs::create_dir_all(&sub);
        for name in ["b.pgn", "a.PGN", "notes.txt", "sub/c.pgn"] {
            let _ = fs::write(dir.join(name), "");
        }
        let (inputs, failures) = expand(std::slice::from_ref(&dir));
        let names: Vec<String> = inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => p.strip_prefix(&dir).map(|p| p.display().to_string()).unwrap_or_default(),
                Input::Stdin => "-".to_owned(),
            })
            .collect();
        assert_eq!(names, vec!["a.PGN", "b.pgn", "sub/c.pgn"]);
        assert!(failures.is_empty());
        let (_, failures) = expand(&[dir.join("missing.pgn")]);
        assert_eq!(failures.len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }
}
