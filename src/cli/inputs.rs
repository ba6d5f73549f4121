//! Turning the paths on the command line into the inputs to read, and the inputs into the
//! streams of text to read ([`sources`], through [`arbiter::source`]): a compressed file is
//! one stream, a zip archive one per member, each named in diagnostics after its archive
//! (`twic1599.zip:twic1599.pgn`).

use std::fs;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use arbiter::source::{self, Compression, Refusal, Stream, Streams};

use super::Status;

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

    /// The file, for a file.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::File(path) => Some(path),
        }
    }

    /// The input's streams, recognised by their first bytes, its bytes counted on `progress`
    /// as they are read.
    pub fn streams(&self, options: &source::Options, progress: &indicatif::ProgressBar) -> Streams {
        match self {
            Input::Stdin => source::open(Counted { inner: io::stdin(), progress: progress.clone() }, options),
            Input::File(path) => match fs::File::open(path) {
                Ok(file) => source::open_seekable(Counted { inner: file, progress: progress.clone() }, options),
                Err(e) => Streams::refused(Refusal::Io(e)),
            },
        }
    }
}

/// A reader whose bytes move a progress bar (hidden or not).
struct Counted<R> {
    inner: R,
    progress: indicatif::ProgressBar,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.progress.inc(n as u64);
        Ok(n)
    }
}

impl<R: Seek> Seek for Counted<R> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        self.inner.seek(to)
    }
}

/// One stream of text to read: an input, or a member of an archive given as an input.
pub struct Source {
    /// The name diagnostics give it: the input's, and the member's after a `:`.
    pub name: String,
    /// The file it is, or is in; `None` for standard input.
    pub path: Option<PathBuf>,
    /// The stream.
    pub stream: Stream,
}

/// Why a source gives no text: what to say, its kind, and how the run stands after it.
pub struct Refused {
    pub message: String,
    pub kind: arbiter::diag::Kind,
    pub status: Status,
}

impl Source {
    /// Its text; or, when it has none, what to say: an input that cannot be read (an I/O
    /// error, damaged compressed data, an archive without a game file) is an I/O error, one
    /// that holds something else than records (an HTML page, an image...) a problem of the
    /// data, like a broken game.
    pub fn text(self, extensions: &[&str]) -> Result<Box<dyn Read + Send>, Refused> {
        let refusal = match self.stream.content {
            Ok(text) => return Ok(text),
            Err(refusal) => refusal,
        };
        let what = extensions.first().map_or_else(|| "a game record".to_owned(), |e| e.to_ascii_uppercase());
        use arbiter::diag::Kind;
        let (message, kind, status) = match &refusal {
            Refusal::Io(e) => (format!("cannot read: {e}"), Kind::Io, Status::Failure),
            Refusal::NotBuilt(_) => (format!("{refusal}; skipped"), Kind::Io, Status::Failure),
            Refusal::NoMember => {
                let names: Vec<String> = extensions.iter().map(|e| format!("*.{e}")).collect();
                let message = format!("cannot read: the zip archive holds no {} file", names.join(" or "));
                (message, Kind::Io, Status::Failure)
            }
            Refusal::Looks(_) => (format!("{refusal}, not {what}; skipped"), Kind::NotPgn, Status::Problems),
            Refusal::TooDeep | Refusal::Member(_) => (format!("{refusal}; skipped"), Kind::NotPgn, Status::Problems),
        };
        Err(Refused { message, kind, status })
    }

    /// Whether it can be rewritten in place: a plain file, not compressed or archived.
    pub fn rewritable(&self) -> bool {
        self.path.is_some() && !self.stream.is_packed()
    }
}

/// Every stream of every input, in order; each input is opened when reached.
pub fn sources<'a>(inputs: &'a [Input], extensions: &[&str], progress: &indicatif::ProgressBar) -> Sources<'a> {
    let options = source::Options { members: extensions.iter().map(|e| (*e).to_owned()).collect() };
    Sources { inputs: inputs.iter(), current: None, options, progress: progress.clone() }
}

/// See [`sources`].
pub struct Sources<'a> {
    inputs: std::slice::Iter<'a, Input>,
    current: Option<(&'a Input, Streams)>,
    options: source::Options,
    progress: indicatif::ProgressBar,
}

impl Iterator for Sources<'_> {
    type Item = Source;

    fn next(&mut self) -> Option<Source> {
        loop {
            if let Some((input, streams)) = &mut self.current {
                if let Some(stream) = streams.next() {
                    let name = match &stream.member {
                        Some(member) => format!("{}:{member}", input.name()),
                        None => input.name(),
                    };
                    return Some(Source { name, path: input.path().map(Path::to_path_buf), stream });
                }
                self.current = None;
            }
            let input = self.inputs.next()?;
            self.current = Some((input, input.streams(&self.options, &self.progress)));
        }
    }
}

/// The extensions of the game files a directory walk picks up: records in the dialect, and
/// bughouse records in BPGN (FICS writes `.bpgn`).
pub const PGN: &[&str] = &["pgn", "bpgn"];

/// Whether `path` names a file of records: it ends in one of `extensions` (in any case),
/// perhaps followed by a compression's extension (`.pgn.gz`), or it is a zip archive.
fn is_game_file(path: &Path, extensions: &[&str]) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return false };
    let name = name.to_ascii_lowercase();
    let stem = Compression::ALL
        .iter()
        .find_map(|c| name.strip_suffix(c.extension()).and_then(|s| s.strip_suffix('.')))
        .unwrap_or(&name);
    let has =
        |text: &str, extension: &str| text.strip_suffix(extension).is_some_and(|s| s.ends_with('.') && s.len() > 1);
    has(&name, "zip") || extensions.iter().any(|e| has(stem, &e.to_ascii_lowercase()))
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
                Ok(_) if is_game_file(&path, extensions) => found.push(path),
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

/// Copies `size` bytes from `offset` of the stream `name` of the file at `path` (the file, or
/// a member of it), read again from its start: a game too large to have been kept in memory.
pub fn copy_again(
    path: Option<&Path>,
    name: &str,
    offset: u64,
    size: u64,
    out: &mut super::output::Output,
) -> io::Result<()> {
    let Some(path) = path else {
        return Err(io::Error::other("a game too large to keep in memory cannot be read again from standard input"));
    };
    let input = [Input::File(path.to_path_buf())];
    let hidden = indicatif::ProgressBar::hidden();
    let source = sources(&input, PGN, &hidden)
        .find(|s| s.name == name)
        .ok_or_else(|| io::Error::other("the input changed while it was read"))?;
    let mut reader = source.text(PGN).map_err(|refused| io::Error::other(refused.message))?;
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
    inputs.iter().filter_map(|i| i.path().map(Path::to_path_buf)).collect()
}

/// The bytes of the inputs together, as stored (compressed files by their compressed size):
/// a progress bar's total. `None` when standard input is a pipe, whose size nobody knows.
pub fn total_size(inputs: &[Input]) -> Option<u64> {
    inputs
        .iter()
        .map(|i| match i {
            Input::File(p) => Some(fs::metadata(p).map_or(0, |m| m.len())),
            // Standard input redirected from a file has the file's size.
            Input::Stdin => fs::metadata("/dev/stdin").ok().filter(fs::Metadata::is_file).map(|m| m.len()),
        })
        .sum()
}

/// Says on standard error that input `name` failed (`what`, an error of `kind`), above the
/// progress bar; a standard error that cannot be written is ignored.
pub fn input_error(progress: &indicatif::ProgressBar, name: &str, kind: arbiter::diag::Kind, what: &str) {
    progress.suspend(|| {
        let _ = io::Write::write_fmt(&mut io::stderr(), format_args!("{name}: error[{kind}]: {what}\n"));
    });
}

/// A progress bar over `total` bytes of input, drawn only when `shown`; with no total, a
/// spinner with the bytes read so far and their rate.
pub fn progress_bar(total: Option<u64>, shown: bool) -> indicatif::ProgressBar {
    if !shown {
        return indicatif::ProgressBar::hidden();
    }
    let bar = match total {
        Some(total) => indicatif::ProgressBar::new(total),
        None => indicatif::ProgressBar::no_length(),
    };
    let style = indicatif::ProgressStyle::with_template(progress_template(total))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    // The commands put the games counted so far in the message; this is the first frame's.
    bar.set_message("0 games");
    if total.is_none() {
        // A pipe can pause: the spinner shows the run is alive.
        bar.enable_steady_tick(Duration::from_millis(125));
    }
    bar
}

/// Puts the games counted so far, and their rate, in the progress line.
pub fn show_games(progress: &indicatif::ProgressBar, games: u64, started: Instant) {
    let rate = games as f64 / started.elapsed().as_secs_f64().max(1e-9);
    progress.set_message(format!("{games} games, {rate:.0} games/s"));
}

/// The progress line: a bar towards the total and the time left where the total is known;
/// else the bytes read and their rate, with no total and no time left to guess.
fn progress_template(total: Option<u64>) -> &'static str {
    match total {
        Some(_) => "{bar:30} {bytes}/{total_bytes} {msg} [{elapsed_precise}, ETA {eta}]",
        None => "{spinner} {bytes} read, {msg} [{elapsed_precise}, {bytes_per_sec}]",
    }
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
    fn game_files_plain_compressed_and_zipped() {
        for name in
            ["a.pgn", "a.PGN", "a.pgn.gz", "a.Pgn.ZST", "a.pgn.bz2", "a.pgn.xz", "twic.zip", "a.b.pgn", "fics.bpgn"]
        {
            assert!(is_game_file(Path::new(name), PGN), "{name}");
        }
        for name in ["pgn", ".pgn", "a.gz", "a.txt.gz", "a.pgn.7z", "a.zip.txt", "a.pgnx"] {
            assert!(!is_game_file(Path::new(name), PGN), "{name}");
        }
        assert!(is_game_file(Path::new("r.jsonl.zst"), &["json", "jsonl"]));
    }

    /// Without a total (standard input, a pipe), the progress line shows the bytes read and
    /// their rate, never a total or a time left.
    #[test]
    fn progress_without_a_total_guesses_no_end() {
        let unknown = progress_template(None);
        assert!(unknown.contains("{bytes}") && unknown.contains("{bytes_per_sec}") && unknown.contains("{msg}"));
        assert!(!unknown.contains("total") && !unknown.contains("eta") && !unknown.contains("{bar"));
        let known = progress_template(Some(1));
        assert!(known.contains("{total_bytes}") && known.contains("{eta}"));
        for total in [None, Some(10)] {
            assert!(indicatif::ProgressStyle::with_template(progress_template(total)).is_ok());
        }
        assert!(progress_bar(None, false).is_hidden());
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
