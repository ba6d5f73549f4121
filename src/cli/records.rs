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
    /// A record too large, or the end of the games allowed (or, from a PGN input, a game).
    Item(Item),
    /// A record's game, as the dialect, with where its actions are in the input.
    Record(GameText, RecordPlaces),
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

impl From<convert::RecordError> for Unreadable {
    fn from(e: convert::RecordError) -> Unreadable {
        Unreadable::from(String::from(e))
    }
}

/// One record's text as read (empty when its size is over the limit: it is not kept), its
/// first line with content, the line its text starts on, and its size.
type RawRecord = (Vec<u8>, u64, u64, usize);

/// Where a record and its actions are in the input, for diagnostics: the dialect's text of a
/// record is read and replayed, and what is found in it is reported at these places.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordPlaces {
    /// The record's first line.
    pub line: u64,
    /// The line and column of each action text, in the order of the record (the main line's
    /// turns, each followed by its variations), which is the order of the dialect's text.
    pub actions: Vec<(u64, u64)>,
}

impl RecordPlaces {
    /// The line and column in the input of what is at byte `offset` of the record's text in
    /// the dialect, whose actions are at `spans`: the action's own place where `offset` is in
    /// one, else the record's first line.
    pub fn locate(&self, spans: &[arbiter::record::Span], offset: u32) -> (u64, u64) {
        let action = spans.iter().position(|s| s.start <= offset && offset < s.end.max(s.start + 1));
        match action.filter(|_| spans.len() == self.actions.len()).and_then(|i| self.actions.get(i)) {
            Some(&place) => place,
            None => (self.line, 1),
        }
    }
}

/// What a record holds: a game, or the text of a game that could not be read, kept as it was
/// (a record with `text`, notation/FORMATS.md).
pub enum RecordGame {
    /// A game.
    Game(Game),
    /// A game's text as read.
    Text(String),
}

/// The game of one record's text.
pub fn game_of(text: &str, kind: Kind, catalogue: &Catalogue) -> Result<RecordGame, Unreadable> {
    // The readers' messages end with the place; it is given apart, in the input's lines.
    let without_place = |message: String| match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message,
    };
    let record: convert::RecordFile = match kind {
        Kind::Json => {
            let text = text.trim_end();
            if text.trim_start().starts_with('[') {
                let message = "an array of records on one line: arbiter reads one record per line, or per \
                               value over several lines (as `jq -c '.[]'` or `jq '.[]'` write them)";
                return Err(Unreadable { at: Some((1, 1)), message: message.to_owned() });
            }
            // In an array of records written over several lines (`jq -s .`), a record is
            // followed by a comma, or by the array's closing bracket.
            let text = match text.trim_start().starts_with('{') {
                true => text.trim_end_matches(|c: char| c == ',' || c == ']' || c.is_whitespace()),
                false => text,
            };
            serde_json::from_str(text)
                .map_err(|e| Unreadable { at: Some((e.line(), e.column())), message: without_place(e.to_string()) })?
        }
        Kind::Yaml => convert::RecordFile::deserialize(serde_yaml::Deserializer::from_str(text)).map_err(|e| {
            Unreadable { at: e.location().map(|l| (l.line(), l.column())), message: without_place(e.to_string()) }
        })?,
    };
    if let Some(text) = convert::unread_text(&record)? {
        return Ok(RecordGame::Text(text.to_owned()));
    }
    // An explicit record is read with the rules of its variant.
    if record.notation.as_deref() == Some("explicit") {
        // (A record without a Variant tag whose turns name their seat is bughouse's, as the
        // dialect reads one: `Game::variant_name`.)
        let variant_tag = record
            .tags
            .iter()
            .find(|(n, _)| n == "Variant")
            .map(|(_, v)| v.as_str())
            .or_else(|| record.moves.first().and_then(|turn| turn.seat.as_ref()).map(|_| "bughouse"));
        let variant = catalogue.find(variant_tag).map_err(|e| e.to_string())?;
        Ok(RecordGame::Game(convert::from_explicit_record(&variant, &record)?))
    } else {
        Ok(RecordGame::Game(convert::from_record(&record)?))
    }
}

/// The line (from 0) and column (from 1, in characters) of every action text of a JSON
/// record: each string in an array that is the value of a key `actions`.
fn json_actions(text: &str) -> Vec<(u64, u64)> {
    enum Frame {
        Object { key: String, expecting_key: bool },
        Array { of_actions: bool },
    }
    let mut stack: Vec<Frame> = Vec::new();
    let mut found = Vec::new();
    let (mut line, mut col) = (0u64, 0u64);
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        col += 1;
        match c {
            '\n' => (line, col) = (line + 1, 0),
            '{' => stack.push(Frame::Object { key: String::new(), expecting_key: true }),
            '[' => {
                let of_actions =
                    matches!(stack.last(), Some(Frame::Object { key, expecting_key: false }) if key == "actions");
                stack.push(Frame::Array { of_actions });
            }
            '}' | ']' => {
                stack.pop();
            }
            ':' => {
                if let Some(Frame::Object { expecting_key, .. }) = stack.last_mut() {
                    *expecting_key = false;
                }
            }
            ',' => {
                if let Some(Frame::Object { expecting_key, .. }) = stack.last_mut() {
                    *expecting_key = true;
                }
            }
            '"' => {
                let at = (line, col + 1);
                let mut content = String::new();
                while let Some(c) = chars.next() {
                    col += 1;
                    match c {
                        '"' => break,
                        '\\' => {
                            chars.next();
                            col += 1;
                        }
                        c => content.push(c),
                    }
                }
                match stack.last_mut() {
                    Some(Frame::Object { key, expecting_key: true }) => *key = content,
                    Some(Frame::Array { of_actions: true }) => found.push(at),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    found
}

/// The line (from 0) and column (from 1, in characters) of every action text of a YAML
/// record, in the two styles in use: a block sequence under `actions:` (as arbiter writes
/// it) and a flow sequence `actions: [e4, Nf3]`.
fn yaml_actions(text: &str) -> Vec<(u64, u64)> {
    let mut found = Vec::new();
    // The indentation of an `actions:` key whose block sequence is being read.
    let mut block: Option<usize> = None;
    for (number, line) in text.lines().enumerate() {
        let number = number as u64;
        let chars: Vec<char> = line.chars().collect();
        let indent = chars.iter().take_while(|c| **c == ' ').count();
        if let Some(key) = block {
            let item = chars.get(indent) == Some(&'-') && chars.get(indent + 1).is_none_or(|c| *c == ' ');
            if indent >= key && item {
                let start = indent + 1 + chars[indent + 1..].iter().take_while(|c| **c == ' ').count();
                found.push((number, scalar_start(&chars, start)));
                continue;
            }
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            block = None;
        }
        // `actions:` after any number of `- ` that open sequence items.
        let mut at = indent;
        while chars.get(at) == Some(&'-') && chars.get(at + 1) == Some(&' ') {
            at += 2;
            at += chars[at..].iter().take_while(|c| **c == ' ').count();
        }
        let key: String = chars[at.min(chars.len())..].iter().take(8).collect();
        if key != "actions:" {
            continue;
        }
        let mut rest = at + 8;
        rest += chars[rest.min(chars.len())..].iter().take_while(|c| **c == ' ').count();
        match chars.get(rest) {
            None | Some('#') => block = Some(at),
            Some('[') => {
                // Items separated by commas outside quotes.
                let mut item = rest + 1;
                let mut quote: Option<char> = None;
                let mut i = item;
                while let Some(&c) = chars.get(i) {
                    match (quote, c) {
                        (Some(q), c) if c == q => quote = None,
                        (Some(_), _) => {}
                        (None, '\'' | '"') => quote = Some(c),
                        (None, ',' | ']') => {
                            let start = item + chars[item..i].iter().take_while(|c| **c == ' ').count();
                            if start < i {
                                found.push((number, scalar_start(&chars, start)));
                            }
                            if c == ']' {
                                break;
                            }
                            item = i + 1;
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            Some(_) => {}
        }
    }
    found
}

/// The column (from 1) of a YAML scalar's first character at index `start` of a line: inside
/// its quotes, where it has them.
fn scalar_start(chars: &[char], start: usize) -> u64 {
    let quoted = matches!(chars.get(start), Some('\'' | '"'));
    (start + usize::from(quoted) + 1) as u64
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
    /// A record's first line already read, with its number: a YAML document's marker, or a
    /// JSON record's opening brace after a broken record.
    pending_start: Option<(u64, Vec<u8>)>,
    /// Records read.
    records: u64,
    done: bool,
}

impl<'a, R: BufRead> Records<'a, R> {
    /// The records of `reader`, within `limits` (a record larger than the game size limit is
    /// skipped whole, without being kept).
    pub fn new(reader: R, kind: Kind, catalogue: &'a Catalogue, limits: Limits) -> Records<'a, R> {
        Records { reader, kind, catalogue, limits, line: 0, pending_start: None, records: 0, done: false }
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

    /// The next record; `None` at the end.
    fn record(&mut self) -> io::Result<Option<RawRecord>> {
        let mut line = Vec::new();
        let mut text = Vec::new();
        let limit = self.limits.game_bytes;
        match self.kind {
            Kind::Json => {
                let (mut first, mut size, mut depth) = (None, 0, Depth::default());
                if let Some((number, start)) = self.pending_start.take() {
                    first = Some(number);
                    size = start.len();
                    depth.scan(&start);
                    text = start;
                }
                while !(first.is_some() && depth.closed()) {
                    let length = self.read_line(&mut line)?;
                    if length == 0 {
                        break;
                    }
                    if first.is_none() && line.iter().all(|&b| b.is_ascii_whitespace() || b"[],".contains(&b)) {
                        // Blank lines, and the brackets and commas of an array of records.
                        continue;
                    }
                    if first.is_some() && line.first() == Some(&b'{') {
                        // A record begins at the start of a line: the one before is broken.
                        self.pending_start = Some((self.line, std::mem::take(&mut line)));
                        break;
                    }
                    first.get_or_insert(self.line);
                    keep_line(&mut text, &mut size, &line, length, limit);
                    depth.scan(&line);
                    if length > line.len() {
                        // A line cut short at the size limit: its end is the record's.
                        break;
                    }
                }
                Ok(first.map(|first| (text, first, first, size)))
            }
            Kind::Yaml => {
                let (mut first, mut size, mut content) = (None, 0, false);
                let mut text_line = self.line + 1;
                if let Some((number, marker)) = self.pending_start.take() {
                    first = Some(number);
                    text_line = number;
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
                        return Ok(Some((text, first.unwrap_or(self.line), text_line, size)));
                    }
                    content |= !is_blank_yaml(&String::from_utf8_lossy(&line));
                    if content {
                        first.get_or_insert(self.line);
                    }
                    keep_line(&mut text, &mut size, &line, length, limit);
                }
                Ok(content.then(|| (text, first.unwrap_or(self.line), text_line, size)))
            }
        }
    }
}

/// Adds a line of `length` bytes (`line`, cut at the limit) to a record's `text` and `size`:
/// past `limit` bytes the record is only counted, not kept.
fn keep_line(text: &mut Vec<u8>, size: &mut usize, line: &[u8], length: usize, limit: usize) {
    *size += length;
    if *size <= limit {
        text.extend_from_slice(line);
    } else {
        *text = Vec::new();
    }
}

/// How deep in brackets and braces a JSON record's text is, read line by line: a record
/// written over several lines (as `jq .` prints them) ends where its brackets close.
#[derive(Default)]
struct Depth {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl Depth {
    fn scan(&mut self, line: &[u8]) {
        for &b in line {
            match (self.in_string, self.escaped, b) {
                (true, true, _) => self.escaped = false,
                (true, false, b'\\') => self.escaped = true,
                (true, false, b'"') => self.in_string = false,
                (true, false, _) => {}
                (false, _, b'"') => self.in_string = true,
                (false, _, b'{' | b'[') => self.depth += 1,
                (false, _, b'}' | b']') => self.depth -= 1,
                _ => {}
            }
        }
    }

    /// Whether the brackets opened so far are closed (or closed too often: the reader says so).
    fn closed(&self) -> bool {
        self.depth <= 0
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
        let (text, line, text_line, size) = match self.record() {
            Ok(Some(record)) => record,
            Ok(None) => return None,
            Err(e) => {
                self.done = true;
                return Some(Err(e));
            }
        };
        let origin = Origin { index: self.records, offset: 0, line, col: 1 };
        if self.records == self.limits.games {
            self.done = true;
            return Some(Ok(Next::Item(Item::Stopped { origin, games: self.records })));
        }
        self.records += 1;
        if size > self.limits.game_bytes {
            return Some(Ok(Next::Item(Item::TooLarge { origin, size: size as u64 })));
        }
        let text = match String::from_utf8(text) {
            Ok(text) => text,
            Err(_) => return Some(Ok(Next::Bad { line, col: None, message: "not UTF-8".to_owned() })),
        };
        let game = game_of(&text, self.kind, self.catalogue);
        Some(Ok(match game {
            Ok(game) => {
                let mut written = match game {
                    RecordGame::Game(game) => write_game(&game),
                    RecordGame::Text(text) => text,
                };
                if !written.ends_with('\n') {
                    written.push('\n');
                }
                let actions = match self.kind {
                    Kind::Json => json_actions(&text),
                    Kind::Yaml => yaml_actions(&text),
                };
                let places =
                    RecordPlaces { line, actions: actions.into_iter().map(|(l, c)| (text_line + l, c)).collect() };
                let origin = Origin { index: origin.index, offset: 0, line: 1, col: 1 };
                Next::Record(GameText { origin, text: written, latin1: false, line_boms: Vec::new() }, places)
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
                Ok(Next::Record(text, places)) => {
                    format!(
                        "{}: {} {:?}",
                        places.line,
                        text.text.trim_end().lines().last().unwrap_or(""),
                        places.actions
                    )
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
        // Each record's line in the input, and its action's line and column.
        assert_eq!(games[0], "1: 1. e4 * [(1, 85)]", "{games:?}");
        assert_eq!(games[1], "line 3:Some(13): EOF while parsing an object");
        assert_eq!(games[2], "4: 1. e4 * [(4, 85)]", "{games:?}");
        let limited = read(&input, Kind::Json, Limits { games: 1, ..Limits::default() });
        assert_eq!(limited[1], "stopped after 1");
        assert_eq!(limited.len(), 2);
        let small = read(&input, Kind::Json, Limits { game_bytes: 20, ..Limits::default() });
        assert_eq!(small[0], format!("too large: {}", GAME.len() + 1));
    }

    #[test]
    fn json_records_over_several_lines_and_in_arrays() {
        let pretty = "{\n  \"format\": \"arbiter-record\",\n  \"version\": 1,\n  \"tags\": [[\"Event\", \"{[\\\"\"]],\n  \"moves\": [\n    {\"actions\": [\"e4\"]}\n  ],\n  \"result\": \"*\"\n}\n";
        let input = format!("{pretty}{pretty}");
        let games = read(&input, Kind::Json, Limits::default());
        assert_eq!(games, ["1: 1. e4 * [(6, 19)]", "10: 1. e4 * [(15, 19)]"], "{input}");
        // `jq -s .`: one array, each record indented and followed by a comma but the last.
        let indented: String = pretty.lines().map(|l| format!("  {l}\n")).collect();
        let array = format!("[\n{},\n{}]\n", indented.trim_end(), indented.trim_end());
        let games = read(&array, Kind::Json, Limits::default());
        assert_eq!(games, ["2: 1. e4 * [(7, 21)]", "11: 1. e4 * [(16, 21)]"], "{array}");
        // A record cut short ends where the next begins, at the start of a line.
        let cut = format!("{{\n  \"version\": 1,\n{pretty}");
        let games = read(&cut, Kind::Json, Limits::default());
        assert_eq!(games.len(), 2, "{games:?}");
        assert!(games[0].starts_with("line 2:Some(14): EOF while parsing an object"), "{games:?}");
        assert_eq!(games[1], "3: 1. e4 * [(8, 19)]");
        let one_line = format!("[{GAME},{GAME}]\n");
        let games = read(&one_line, Kind::Json, Limits::default());
        assert_eq!(games.len(), 1, "{games:?}");
        assert!(games[0].starts_with("line 1:Some(1): an array of records on one line"), "{games:?}");
    }

    /// Pieces of records cut and joined at random, within any size limit, are read (into
    /// games, refusals or nothing) without a panic.
    #[test]
    fn records_cut_and_joined_at_random_are_read_without_a_panic() {
        let pretty = "{\n  \"format\": \"arbiter-record\",\n  \"version\": 1,\n  \"moves\": [{\"actions\": [\"e4\"]}],\n  \"result\": \"*\"\n}\n";
        let pieces = [GAME, "\n", pretty, "[", "]", ",", "{", "}", "\"", "\\", "---\n", "moves:\n- actions: [e4]\n"];
        let mut random = arbiter::rules::random::XorShift::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let text: String = (0..random.below(12)).map(|_| pieces[random.below(pieces.len())]).collect();
            for kind in [Kind::Json, Kind::Yaml] {
                let small = Limits { game_bytes: 1 + random.below(200), ..Limits::default() };
                for limits in [Limits::default(), small] {
                    let _ = read(&text, kind, limits);
                }
            }
        }
    }

    #[test]
    fn actions_are_found_where_the_records_write_them() {
        let json = r#"{"tags": [["Event", "actions"]], "moves": [{"actions": ["e4", "d5"], "comments": ["x"],
  "variations": [[{"actions": ["c\"5"]}]]}, {"actions": []}]}"#;
        assert_eq!(json_actions(json), vec![(0, 58), (0, 64), (1, 33)]);
        let yaml =
            "moves:\n- actions:\n  - e4\n  - 'O-O'\n  comments: [a]\n  variations:\n  - - actions: [d4, \"c5\"]\n";
        assert_eq!(yaml_actions(yaml), vec![(2, 5), (3, 6), (6, 17), (6, 22)]);
    }

    #[test]
    fn yaml_documents_one_by_one() {
        let doc = "format: arbiter-record\nversion: 1\ntags:\n- [Event, E]\nmoves:\n- actions: [e4]\nresult: '*'\n";
        let input = format!("# records\n---\n{doc}---\n{doc}--- \nversion: [\n---\n{doc}\n");
        let games = read(&input, Kind::Yaml, Limits::default());
        assert_eq!(games.len(), 4, "{games:?}");
        assert_eq!(games[0], "3: 1. e4 * [(8, 13)]", "{games:?}");
        assert_eq!(games[1], "10: 1. e4 * [(16, 13)]", "{games:?}");
        assert!(games[2].starts_with("line 19:Some("), "{games:?}");
        assert!(read("", Kind::Yaml, Limits::default()).is_empty());
        assert!(read("# nothing\n---\n", Kind::Yaml, Limits::default()).is_empty());
    }
}
