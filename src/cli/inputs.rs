//! Turning the paths on the command line into the inputs to read.

use std::fs;
use std::io::{self, BufRead, BufReader, Read};
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
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        const CAPACITY: usize = 1 << 16;
        Ok(match self {
            Input::Stdin => Box::new(BufReader::with_capacity(CAPACITY, io::stdin())),
            Input::File(path) => Box::new(BufReader::with_capacity(CAPACITY, fs::File::open(path)?)),
        })
    }
}

/// The extensions of the game files a directory walk picks up: records in the dialect.
pub const PGN: &[&str] = &["pgn"];

/// Whether `path` ends in one of `extensions` (in any case).
fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// Expands `paths` into inputs: `-` is standard input, a directory gives every file under
/// it (recursively, in name order) whose extension is one of `extensions`, anything else is a
/// file. Paths that cannot be read are returned apart, with the reason.
pub fn expand(paths: &[PathBuf], extensions: &[&str]) -> (Vec<Input>, Vec<(PathBuf, io::Error)>) {
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
            Ok(meta) if meta.is_dir() => walk(path, extensions, &mut inputs, &mut failures),
            Ok(_) => inputs.push(Input::File(path.clone())),
            // A pattern the shell left alone (quoted, or on a system without globbing).
            Err(_) if is_pattern(path) => {
                let matches = glob(path);
                if matches.is_empty() {
                    failures
                        .push((path.clone(), io::Error::new(io::ErrorKind::NotFound, "no file matches the pattern")));
                }
                inputs.extend(matches.into_iter().map(Input::File));
            }
            Err(e) => failures.push((path.clone(), e)),
        }
    }
    (inputs, failures)
}

fn is_pattern(path: &Path) -> bool {
    path.to_string_lossy().contains(['*', '?'])
}

/// The files matching a glob pattern: `*` and `?` within one path component, `**` for any
/// number of directories. The walk starts at the pattern's longest literal prefix.
fn glob(pattern: &Path) -> Vec<PathBuf> {
    let components: Vec<String> = pattern.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    let literal = components.iter().take_while(|c| !c.contains(['*', '?'])).count();
    let base: PathBuf = if literal == 0 { PathBuf::from(".") } else { components[..literal].iter().collect() };
    let rest = &components[literal..];
    let mut found = Vec::new();
    let mut pending = vec![base.clone()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(relative) = path.strip_prefix(&base) else { continue };
            let parts: Vec<String> =
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                pending.push(path);
            } else if matches_components(rest, &parts) {
                found.push(if literal == 0 { relative.to_path_buf() } else { path });
            }
        }
    }
    found.sort();
    found
}

fn matches_components(pattern: &[String], parts: &[String]) -> bool {
    match (pattern.first(), parts.first()) {
        (None, None) => true,
        (Some(p), _) if p == "**" => {
            matches_components(&pattern[1..], parts) || (!parts.is_empty() && matches_components(pattern, &parts[1..]))
        }
        (Some(p), Some(part)) => {
            wildcard(p.as_bytes(), part.as_bytes()) && matches_components(&pattern[1..], &parts[1..])
        }
        _ => false,
    }
}

/// `*` any run of characters, `?` one character, anything else itself.
fn wildcard(pattern: &[u8], text: &[u8]) -> bool {
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && (pattern[p] == b'?' || pattern[p] == text[t]) {
            p += 1;
            t += 1;
        } else if p < pattern.len() && pattern[p] == b'*' {
            star = Some((p, t));
            p += 1;
        } else if let Some((sp, st)) = star {
            p = sp + 1;
            t = st + 1;
            star = Some((sp, st + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&c| c == b'*')
}

/// Collects the game files under `dir`, iteratively (no recursion on deep trees).
fn walk(dir: &Path, extensions: &[&str], inputs: &mut Vec<Input>, failures: &mut Vec<(PathBuf, io::Error)>) {
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
                Ok(_) if has_extension(&path, extensions) => found.push(path),
                Ok(_) => {}
                Err(e) => failures.push((path, e)),
            }
        }
    }
    if found.is_empty() {
        let names: Vec<String> = extensions.iter().map(|e| format!("*.{e}")).collect();
        let message = format!("no {} file in this directory or under it", names.join(" or "));
        failures.push((dir.to_path_buf(), io::Error::new(io::ErrorKind::NotFound, message)));
    }
    found.sort();
    inputs.extend(found.into_iter().map(Input::File));
}

/// Copies `size` bytes from `offset` of `input`, read again from its start.
pub fn copy_again(input: &Input, offset: u64, size: u64, out: &mut super::output::Output) -> io::Result<()> {
    if *input == Input::Stdin {
        return Err(io::Error::other("a game too large to keep in memory cannot be read again from standard input"));
    }
    let mut reader = input.open()?;
    io::copy(&mut (&mut reader).take(offset), &mut io::sink())?;
    let mut buffer = vec![0; 1 << 16];
    let mut left = size;
    while left > 0 {
        let n = reader.read(&mut buffer[..left.min(1 << 16) as usize])?;
        if n == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "the input changed while it was read"));
        }
        out.write_bytes(&buffer[..n])?;
        left -= n as u64;
    }
    Ok(())
}

/// The files the inputs read (an output must not replace one).
pub fn files(inputs: &[Input]) -> Vec<PathBuf> {
    inputs
        .iter()
        .filter_map(|i| match i {
            Input::File(p) => Some(p.clone()),
            Input::Stdin => None,
        })
        .collect()
}

/// The bytes of the file inputs together (standard input counts nothing): a progress bar's
/// total.
pub fn total_size(inputs: &[Input]) -> u64 {
    inputs
        .iter()
        .map(|i| match i {
            Input::File(p) => fs::metadata(p).map_or(0, |m| m.len()),
            Input::Stdin => 0,
        })
        .sum()
}

/// Says on standard error that input `name` failed (`what`), above the progress bar; a
/// standard error that cannot be written is ignored.
pub fn input_error(progress: &indicatif::ProgressBar, name: &str, what: &str) {
    progress.suspend(|| {
        let _ = io::Write::write_fmt(&mut io::stderr(), format_args!("{name}: error[io]: {what}\n"));
    });
}

/// A progress bar over `total` bytes of input, drawn only when `shown`.
pub fn progress_bar(total: u64, shown: bool) -> indicatif::ProgressBar {
    if !shown {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    let style =
        indicatif::ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} {msg} [{elapsed_precise}, ETA {eta}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards() {
        assert!(wildcard(b"*.pgn", b"a.pgn"));
        assert!(wildcard(b"data_?.pgn", b"data_x.pgn"));
        assert!(!wildcard(b"*.pgn", b"a.txt"));
        assert!(wildcard(b"*a*b", b"xxaxxb"));
        assert!(!wildcard(b"a*", b"ba"));
    }

    #[test]
    fn directories_give_their_game_files_in_order() {
        let dir = std::env::temp_dir().join(format!("arbiter-inputs-{}", std::process::id()));
        let sub = dir.join("sub");
        let _ = fs::create_dir_all(&sub);
        for name in ["b.pgn", "a.PGN", "notes.txt", "sub/c.pgn"] {
            let _ = fs::write(dir.join(name), "");
        }
        let (inputs, failures) = expand(std::slice::from_ref(&dir), PGN);
        let names: Vec<String> = inputs
            .iter()
            .map(|i| match i {
                Input::File(p) => p.strip_prefix(&dir).map(|p| p.display().to_string()).unwrap_or_default(),
                Input::Stdin => "-".to_owned(),
            })
            .collect();
        assert_eq!(names, vec!["a.PGN", "b.pgn", "sub/c.pgn"]);
        assert!(failures.is_empty());
        let (_, failures) = expand(&[dir.join("missing.pgn")], PGN);
        assert_eq!(failures.len(), 1);
        let (inputs, _) = expand(&[dir.join("**").join("*.pgn")], PGN);
        assert_eq!(inputs.len(), 2, "{inputs:?}");
        let (inputs, _) = expand(&[dir.join("?.pgn")], PGN);
        assert_eq!(inputs.len(), 1, "{inputs:?}");
        let (_, failures) = expand(&[dir.join("*.none")], PGN);
        assert_eq!(failures.len(), 1);
        // Another kind of record: the walk looks for its extensions instead.
        let (inputs, failures) = expand(std::slice::from_ref(&dir), &["txt"]);
        assert_eq!(inputs, vec![Input::File(dir.join("notes.txt"))]);
        assert!(failures.is_empty());
        // A directory without a game file says so.
        let (inputs, failures) = expand(std::slice::from_ref(&sub), &["json", "jsonl"]);
        assert!(inputs.is_empty());
        assert_eq!(failures.len(), 1);
        assert!(failures[0].1.to_string().contains("no *.json or *.jsonl file"), "{:?}", failures[0]);
        let _ = fs::remove_dir_all(&dir);
    }
}
