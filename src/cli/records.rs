//! Reading JSON and YAML records (notation/FORMATS.md) one at a time, as the dialect.
//!
//! `convert --from json|yaml` reads a record, turns it into the dialect's text, and hands it on
//! like a game read from a PGN file, so that memory stays bounded by the largest record
//! whatever the size of the input. A record that cannot be read is reported with its line in
//! the input, and reading goes on with the next one.

use std::io::{self, BufRead};

use arbiter::convert;
use arbiter::dialect::{GameText, Item, Limits, Origin, write_game};
use arbiter::record::Game;
use arbiter::variants::Catalogue;
use serde::Deserialize;

/// The kind of records an input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One JSON record per line.
    Json,
    /// One YAML document per record, each begun by `---`.
    Yaml,
}

/// What reading the next record gave.
pub enum Next {
    /// The record as the dialect (or a record too large, or the end of the games allowed).
    Item(Item),
    /// A record that cannot be read: where in the input (line, and column when known), and
    /// why.
    Bad { line: u64, col: Option<u64>, message: String },
}

/// Why a record cannot be read, and where in its text (line and column, from 1) when the
/// reader knows.
pub struct Unreadable {
    pub message: String,
    pub at: Option<(usize, usize)>,
}

impl From<String> for Unreadable {
    fn from(message: String) -> Unreadable {
        Unreadable { message, at: None }
    }
}

/// The game of one record's text.
pub fn game_of(text: &str, kind: Kind, catalogue: &Catalogue) -> Result<Game, Unreadable> {
    // The readers' messages end with the place; it is given apart, in the input's lines.
    let without_place = |message: String| match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message,
    };
    let record: convert::RecordFile = match kind {
        Kind::Json => serde_json::from_str(text.trim_end())
            .map_err(|e| Unreadable { at: Some((e.line(), e.column())), message: without_place(e.to_string()) })?,
        Kind::Yaml => convert::RecordFile::deserialize(serde_yaml::Deserializer::from_str(text)).map_err(|e| {
            Unreadable { at: e.location().map(|l| (l.line(), l.column())), message: without_place(e.to_string()) }
        })?,
    };
    // An explicit record is read with the rules of its variant.
    if record.notation.as_deref() == Some("explicit") {
        let variant_tag = record.tags.iter().find(|(n, _)| n == "Variant").map(|(_, v)| v.as_str());
        let variant = catalogue.find(variant_tag).map_err(|e| e.to_string())?;
        Ok(convert::from_explicit_record(&variant, &record)?)
    } else {
        Ok(convert::from_record(&record)?)
    }
}

/// The records of one input, one at a time. Each game's place is given in the input as the
/// dialect would write it (the record's games one after another), which is what
/// diagnostics point into.
pub struct Records<'a, R> {
    reader: R,
    kind: Kind,
    catalogue: &'a Catalogue,
    limits: Limits,
    /// Lines of the input read.
    line: u64,
    /// A YAML document's first line already read, with its number: it begins the next record.
    pending_start: Option<(u64, Vec<u8>)>,
    /// Records read.
    records: u64,
    /// Where the next game's text starts in the dialect.
    written: Origin,
    done: bool,
}

impl<'a, R: BufRead> Records<'a, R> {
    /// The records of `reader`, within `limits` (a record larger than the game size limit is
    /// skipped whole, without being kept).
    pub fn new(reader: R, kind: Kind, catalogue: &'a Catalogue, limits: Limits) -> Records<'a, R> {
        let written = Origin { index: 0, offset: 0, line: 1, col: 1 };
        Records { reader, kind, catalogue, limits, line: 0, pending_start: None, records: 0, written, done: false }
    }

    /// Reads one line into `line`, keeping at most the game size limit and one byte of it;
    /// returns the line's whole length (0 at the end of the input).
    fn read_line(&mut self, line: &mut Vec<u8>) -> io::Result<usize> {
        line.clear();
        let mut length = 0;
        loop {
            let available = self.reader.fill_buf()?;
            if available.is_empty() {
                break;
            }
            let (taken, ends) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            let room = (self.limits.game_bytes + 1).saturating_sub(line.len());
            line.extend_from_slice(&available[..taken.min(room)]);
            length += taken;
            self.reader.consume(taken);
            if ends {
                break;
            }
        }
        if length > 0 {
            self.line += 1;
        }
        Ok(length)
    }

    /// The next record's text, its first line, and its size (when that is over the limit,
    /// the text is not kept); `None` at the end.
    fn record(&mut self) -> io::Result<Option<(Vec<u8>, u64, usize)>> {
        let mut line = Vec::new();
        let mut text = Vec::new();
        let limit = self.limits.game_bytes;
        match self.kind {
            Kind::Json => loop {
                let length = self.read_line(&mut line)?;
                if length == 0 {
                    return Ok(None);
                }
                if !line.iter().all(u8::is_ascii_whitespace) {
                    if length <= limit {
                        text = line;
                    }
                    return Ok(Some((text, self.line, length)));
                }
            },
            Kind::Yaml => {
                let (mut first, mut size, mut content) = (None, 0, false);
                if let Some((number, marker)) = self.pending_start.take() {
                    first = Some(number);
                    size = marker.len();
                    text = marker;
                }
                loop {
                    let length = self.read_line(&mut line)?;
                    if length == 0 {
                        break;
                    }
                    let start = line.starts_with(b"---") && line.get(3).is_none_or(u8::is_ascii_whitespace);
                    if start && content {
                        // The next document begins: its marker is its first line.
                        self.pending_start = Some((self.line, std::mem::take(&mut line)));
                        return Ok(Some((text, first.unwrap_or(self.line), size)));
                    }
                    content |= !is_blank_yaml(&String::from_utf8_lossy(&line));
                    if content {
                        first.get_or_insert(self.line);
                    }
                    size += length;
                    if size <= limit {
                        text.extend_from_slice(&line);
                    } else {
                        text = Vec::new();
                    }
                }
                Ok(content.then(|| (text, first.unwrap_or(self.line), size)))
            }
        }
    }
}

/// A YAML line that holds no content: blank, a comment, or a document marker.
fn is_blank_yaml(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#') || line == "---" || line == "..."
}

impl<R: BufRead> Iterator for Records<'_, R> {
    type Item = io::Result<Next>;

    fn next(&mut self) -> Option<io::Result<Next>> {
        if self.done {
            return None;
        }
        let (text, line, size) = match self.record() {
            Ok(Some(record)) => record,
            Ok(None) => return None,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        let origin = Origin { index: self.records, ..self.written };
        if self.records == self.limits.games {
            self.done = true;
            return Some(Ok(Next::Item(Item::Stopped { origin, games: self.records })));
        }
        self.records += 1;
        if size > self.limits.game_bytes {
            return Some(Ok(Next::Item(Item::TooLarge { origin, size: size as u64 })));
        }
        let game = String::from_utf8(text)
            .map_err(|_| Unreadable::from("not UTF-8".to_owned()))
            .and_then(|text| game_of(&text, self.kind, self.catalogue));
        Some(Ok(match game {
            Ok(game) => {
                let mut text = write_game(&game);
                text.push('\n');
                self.written.offset += text.len() as u64;
                self.written.line += text.bytes().filter(|&b| b == b'\n').count() as u64;
                Next::Item(Item::Game(GameText { origin, text, latin1: false, line_boms: Vec::new() }))
            }
            Err(Unreadable { message, at: Some((l, c)) }) => {
                Next::Bad { line: line + l.saturating_sub(1) as u64, col: Some(c as u64), message }
            }
            Err(Unreadable { message, at: None }) => Next::Bad { line, col: None, message },
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &str, kind: Kind, limits: Limits) -> Vec<String> {
        let catalogue = Catalogue::builtin();
        Records::new(input.as_bytes(), kind, catalogue, limits)
            .map(|next| match next {
                Ok(Next::Item(Item::Game(text))) => {
                    format!("{}: {}", text.origin.line, text.text.lines().last().unwrap_or(""))
                }
                Ok(Next::Item(Item::TooLarge { size, .. })) => format!("too large: {size}"),
                Ok(Next::Item(Item::Stopped { games, .. })) => format!("stopped after {games}"),
                Ok(Next::Bad { line, col, message }) => format!("line {line}:{col:?}: {message}"),
                Err(e) => format!("error: {e}"),
            })
            .collect()
    }

    const GAME: &str =
        r#"{"format":"arbiter-record","version":1,"tags":[["Event","E"]],"moves":[{"actions":["e4"]}],"result":"*"}"#;

    #[test]
    fn json_lines_one_by_one_past_a_bad_one() {
        let input = format!("{GAME}\n\n{{\"version\": 1\n{GAME}\n");
        let games = read(&input, Kind::Json, Limits::default());
        assert_eq!(games.len(), 3, "{games:?}");
        assert!(games[0].starts_with("1: "), "{games:?}");
        assert_eq!(games[1], "line 3:Some(13): EOF while parsing an object");
        // The second game follows the first in the dialect.
        assert!(!games[2].starts_with("1: "), "{games:?}");
        let limited = read(&input, Kind::Json, Limits { games: 1, ..Limits::default() });
        assert_eq!(limited[1], "stopped after 1");
        assert_eq!(limited.len(), 2);
        let small = read(&input, Kind::Json, Limits { game_bytes: 20, ..Limits::default() });
        assert_eq!(small[0], format!("too large: {}", GAME.len() + 1));
    }

    #[test]
    fn yaml_documents_one_by_one() {
        let doc = "format: arbiter-record\nversion: 1\ntags:\n- [Event, E]\nmoves:\n- actions: [e4]\nresult: '*'\n";
        let input = format!("# records\n---\n{doc}---\n{doc}--- \nversion: [\n---\n{doc}\n");
        let games = read(&input, Kind::Yaml, Limits::default());
        assert_eq!(games.len(), 4, "{games:?}");
        assert!(games[2].starts_with("line 19:Some("), "{games:?}");
        assert!(read("", Kind::Yaml, Limits::default()).is_empty());
        assert!(read("# nothing\n---\n", Kind::Yaml, Limits::default()).is_empty());
    }
}
