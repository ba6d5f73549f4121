//! Where commands write: a file replaced only when complete, or standard output.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::path::PathBuf;

/// A file being rewritten: the new text goes to a temporary file in the same directory,
/// renamed over the original only when complete.
pub struct Rewrite {
    target: PathBuf,
    temp: PathBuf,
    pub file: BufWriter<fs::File>,
}

impl Rewrite {
    pub fn create(target: &Path) -> io::Result<Rewrite> {
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let base = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let temp = dir.join(format!(".{base}.arbiter-{}.tmp", std::process::id()));
        let file = fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        if let Ok(meta) = fs::metadata(target) {
            let _ = fs::set_permissions(&temp, meta.permissions());
        }
        Ok(Rewrite { target: target.to_path_buf(), temp, file: BufWriter::new(file) })
    }

    pub fn commit(self) -> io::Result<()> {
        let Rewrite { target, temp, file } = self;
        let result = file
            .into_inner()
            .map_err(|e| e.into_error())
            .and_then(|f| f.sync_all())
            .and_then(|()| fs::rename(&temp, &target));
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result
    }

    pub fn abandon(self) {
        let Rewrite { temp, file, .. } = self;
        drop(file);
        let _ = fs::remove_file(&temp);
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
        match self {
            Output::Stdout { closed: true, .. } => Ok(()),
            Output::Stdout { out, closed } => match out.write_all(text.as_bytes()) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                    *closed = true;
                    Ok(())
                }
                other => other,
            },
            Output::File(rewrite) => rewrite.file.write_all(text.as_bytes()),
        }
    }

    /// Whether standard output's reader has gone, so that nothing more need be done.
    pub fn closed(&self) -> bool {
        matches!(self, Output::Stdout { closed: true, .. })
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
