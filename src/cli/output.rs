//! Where commands write: a file replaced only when complete, or standard output.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::path::PathBuf;

/// The temporary files of the outputs being written, removed if the run is interrupted.
static UNFINISHED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// Removes, when the run is interrupted (Ctrl-C, SIGTERM or SIGHUP), the temporary files of
/// the outputs not yet complete, and exits with 130 as a shell does after Ctrl-C: the files
/// the user named are left as they were. Called once, at the start.
pub fn clean_up_when_interrupted() {
    let _ = ctrlc::set_handler(|| {
        let unfinished = UNFINISHED.lock().map(|files| files.clone()).unwrap_or_default();
        for temp in unfinished {
            let _ = fs::remove_file(temp);
        }
        std::process::exit(130);
    });
}

fn unfinished(temp: &Path, now: bool) {
    if let Ok(mut files) = UNFINISHED.lock() {
        match now {
            true => files.push(temp.to_path_buf()),
            false => files.retain(|f| f != temp),
        }
    }
}

/// A file being rewritten: the new text goes to a temporary file in the same directory,
/// renamed over the original only when complete. Dropped without [`Rewrite::commit`] (an
/// error on the way, a panic), the temporary file is removed and the original left as it was.
pub struct Rewrite {
    target: PathBuf,
    temp: PathBuf,
    /// `None` once committed or abandoned.
    file: Option<BufWriter<fs::File>>,
}

impl Rewrite {
    pub fn create(target: &Path) -> io::Result<Rewrite> {
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let base = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = dir.join(format!(".{base}.arbiter-{}.tmp", std::process::id()));
        let file = fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        unfinished(&temp, true);
        if let Ok(meta) = fs::metadata(target) {
            let _ = fs::set_permissions(&temp, meta.permissions());
        }
        Ok(Rewrite { target: target.to_path_buf(), temp, file: Some(BufWriter::new(file)) })
    }

    /// Writes `bytes` to the new text.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.file.as_mut() {
            Some(file) => file.write_all(bytes),
            None => Err(io::Error::other("the file is already complete")),
        }
    }

    /// Puts the new text in place of the original.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(file) = self.file.take() else { return Ok(()) };
        let result = file
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|f| f.sync_all())
            .and_then(|()| fs::rename(&self.temp, &self.target));
        if result.is_err() {
            let _ = fs::remove_file(&self.temp);
        }
        unfinished(&self.temp, false);
        result
    }

    /// Gives the new text up: the original stays as it was.
    pub fn abandon(self) {
        drop(self);
    }
}

impl Drop for Rewrite {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            drop(file);
            let _ = fs::remove_file(&self.temp);
            unfinished(&self.temp, false);
        }
    }
}

/// A command's output: standard output, or a file written through a [`Rewrite`]. Text is
/// written as it comes, so that memory does not grow with the output.
pub enum Output {
    /// Standard output; once its reader has gone, the rest is dropped.
    Stdout { out: BufWriter<io::Stdout>, closed: bool },
    /// A file, replaced when the output is complete.
    File(Rewrite),
}

impl Output {
    /// Standard output, or the file at `path` (its temporary file is created now, so that a
    /// file that cannot be written is reported before any work is done).
    pub fn open(path: Option<&Path>) -> io::Result<Output> {
        Ok(match path {
            None => Output::Stdout { out: BufWriter::new(io::stdout()), closed: false },
            Some(path) => Output::File(Rewrite::create(path)?),
        })
    }

    /// Writes `text`.
    pub fn write(&mut self, text: &str) -> io::Result<()> {
        self.write_bytes(text.as_bytes())
    }

    /// Writes `bytes`.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout { closed: true, .. } => Ok(()),
            Output::Stdout { out, closed } => match out.write_all(bytes) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    *closed = true;
                    Ok(())
                }
                other => other,
            },
            Output::File(rewrite) => rewrite.write_all(bytes),
        }
    }

    /// Whether standard output's reader has gone, so that nothing more need be done.
    pub fn closed(&self) -> bool {
        matches!(self, Output::Stdout { closed: true, .. })
    }

    /// Gives up the output: a file is left as it was (its temporary file removed); what was
    /// written to standard output stays written.
    pub fn abandon(self) {
        match self {
            Output::Stdout { mut out, .. } => {
                let _ = out.flush();
            }
            Output::File(rewrite) => rewrite.abandon(),
        }
    }

    /// Completes the output: flushes standard output, or puts the file in place.
    pub fn finish(self) -> io::Result<()> {
        match self {
            Output::Stdout { mut out, .. } => match out.flush() {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
                other => other,
            },
            Output::File(rewrite) => rewrite.commit(),
        }
    }
}

/// Writes `bytes` whole to the file at `path` (through a temporary file renamed over it once
/// written), or to standard output for `-`; the error says which file.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let target = (path.as_os_str() != "-").then_some(path);
    let failed = |e: io::Error| format!("{}: cannot write: {e}", path.display());
    let mut out = Output::open(target).map_err(failed)?;
    if let Err(e) = out.write_bytes(bytes) {
        out.abandon();
        return Err(failed(e));
    }
    out.finish().map_err(failed)
}

/// Writes `text` to standard output now. A reader that has gone (`arbiter variants | head`) is
/// no error: the rest is not wanted. Any other failure is returned, to be reported.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Writes a line to standard error; a standard error that cannot be written is ignored, as
/// there is nowhere left to say so.
pub fn eprint_line(text: &str) {
    let _ = writeln!(io::stderr(), "{text}");
}

/// Where a file is, to tell whether two paths name the same file: its device and inode where
/// the system has them, else its canonical path. `None` for a file that does not exist.
fn identity(path: &Path) -> Option<(u64, u64, PathBuf)> {
    let meta = fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino(), PathBuf::new()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Some((0, 0, fs::canonicalize(path).ok()?))
    }
}

/// Where a path that may not exist yet will be: its directory's canonical path and its name.
fn destination(path: &Path) -> Option<PathBuf> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Some(fs::canonicalize(dir).ok()?.join(path.file_name()?))
}

/// Whether `a` and `b` name the same file, existing or to be written.
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (identity(a), identity(b)) {
        (Some(x), Some(y)) => x == y,
        _ => destination(a).is_some_and(|d| Some(d) == destination(b)),
    }
}

/// Refuses, before any work, outputs that would replace an input or each other: `outputs`
/// are the options' names and paths, `inputs` the files read.
pub fn refuse_overlaps(outputs: &[(&str, &Path)], inputs: &[PathBuf]) -> Result<(), String> {
    for (i, (option, path)) in outputs.iter().enumerate() {
        if let Some(input) = inputs.iter().find(|input| same_file(path, input)) {
            return Err(format!(
                "{option} {} would replace the input {}; write elsewhere",
                path.display(),
                input.display()
            ));
        }
        if let Some((other, _)) = outputs[..i].iter().find(|(_, p)| same_file(path, p)) {
            return Err(format!("{other} and {option} name the same file, {}", path.display()));
        }
    }
    Ok(())
}

/// The input that standard output writes into, when it is redirected to one of `inputs`
/// (`arbiter convert a.pgn >> a.pgn` would read its own output for ever, as `cat` knows).
pub fn stdout_into_input(inputs: &[PathBuf]) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let fd = io::stdout().as_fd().try_clone_to_owned().ok()?;
        let meta = fs::File::from(fd).metadata().ok()?;
        if !meta.is_file() {
            return None;
        }
        let id = (meta.dev(), meta.ino(), PathBuf::new());
        inputs.iter().find(|p| identity(p).as_ref() == Some(&id)).cloned()
    }
    #[cfg(not(unix))]
    {
        let _ = inputs;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_outputs_are_refused() {
        let dir = std::env::temp_dir().join(format!("arbiter-output-{}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        let input = dir.join("in.pgn");
        let _ = fs::write(&input, "*\n");
        let inputs = vec![input.clone()];
        // The same file by another path.
        let other_path = dir.join(".").join("in.pgn");
        let e = refuse_overlaps(&[("-o", &other_path)], &inputs).err().unwrap_or_default();
        assert!(e.contains("would replace the input"), "{e}");
        let new = dir.join("new.pgn");
        assert!(refuse_overlaps(&[("-o", &new)], &inputs).is_ok());
        let e = refuse_overlaps(&[("--valid-out", &new), ("--invalid-out", &dir.join("new.pgn"))], &inputs)
            .err()
            .unwrap_or_default();
        assert!(e.contains("name the same file"), "{e}");
        let _ = fs::remove_dir_all(&dir);
    }
}
