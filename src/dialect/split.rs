//! The fast first pass: cutting a stream into the text of one game at a time.
//!
//! [`Splitter`] reads any `BufRead` in bounded memory and yields [`Chunk`]s that tile the
//! stream: every byte belongs to exactly one chunk, so writing the chunks back in order
//! reproduces the input (a leading byte-order mark aside). It knows just enough syntax to
//! find where a game starts: a line whose first non-blank character is `[`, outside a
//! comment, once the current game has movetext (or a blank line after its tags). Brackets
//! inside tag values and comments do not count, so `{ [%clk 0:03:00] }` at the start of a
//! wrapped line stays inside its game.
//!
//! Files joined with `cat` are read as they were apart: a byte-order mark at the start of a
//! line (where a file that began with one was appended) counts as white space, and NUL or
//! Ctrl-Z padding (which old tools leave at the end of a file) as the end of a line.
//!
//! A comment left open swallows what follows; to keep one missing `}` from eating an archive,
//! a blank line followed by a line that looks like a tag pair (`[Name "`) ends the game
//! anyway, and the parser then reports the unterminated comment.
//!
//! A game larger than the limit is not kept in memory: the splitter reports it as
//! [`Chunk::TooLarge`] and skips its bytes.

use std::io::{self, Read};

/// Default largest game, in bytes, kept in memory: far above any real game (the longest
/// annotated games and opening trees are a few hundred kilobytes) and small enough that the
/// worst game, at a few hundred bytes of memory per byte of text, fits beside others.
pub const DEFAULT_GAME_LIMIT: usize = 4 << 20;

/// Where a chunk sits in the stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The chunk's index in the stream, from 0.
    pub index: u64,
    /// Byte offset of its first byte in the stream.
    pub offset: u64,
    /// Line of its first byte, from 1.
    pub line: u64,
    /// Column of its first byte, from 1 (a game follows padding on the same line only when
    /// files were concatenated).
    pub col: u64,
}

/// One piece of the stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chunk {
    /// The text of a game (and the blank lines and comments up to the next one).
    Game {
        /// Where it starts.
        origin: Origin,
        /// Its bytes, exactly as read.
        bytes: Vec<u8>,
    },
    /// A game larger than the limit; its bytes were skipped.
    TooLarge {
        /// Where it starts.
        origin: Origin,
        /// How many bytes it had.
        size: u64,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Movetext, or white space between games.
    Text,
    /// Inside `{...}`.
    Brace,
    /// From `;` or `%` to the end of the line.
    ToLineEnd,
    /// Inside a tag pair line, outside its string.
    Tag,
    /// Inside a tag value string.
    TagString,
    /// Just after a backslash in a tag value string.
    TagEscape,
}

/// Cuts a byte stream into game chunks; see the module documentation.
pub struct Splitter<R> {
    reader: R,
    /// Read-ahead: `buffer[start..end]` is read and not yet scanned.
    buffer: Vec<u8>,
    start: usize,
    end: usize,
    at_eof: bool,
    scanner: Scanner,
}

/// How far the scanner may need to look past a `[` to tell a tag pair from other text.
const LOOKAHEAD: usize = 256;

/// The UTF-8 byte-order mark, U+FEFF.
pub const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// Whether `bytes` hold nothing but white space and byte-order marks.
pub fn is_blank(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    while let Some((&b, after)) = rest.split_first() {
        rest = match rest.strip_prefix(&BOM) {
            Some(after_bom) => after_bom,
            None if b.is_ascii_whitespace() => after,
            None => return false,
        };
    }
    true
}

/// How a scan of the available bytes ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    /// Every byte belongs to the current chunk.
    Whole,
    /// The next chunk starts after the bytes taken.
    Boundary,
    /// The bytes after those taken are too few to decide; read more first.
    NeedMore,
}

/// The splitter's state, apart from the reader so that both can be borrowed at once.
struct Scanner {
    limit: usize,
    state: State,
    current: Vec<u8>,
    /// Bytes of the current chunk, counted even when not kept.
    current_size: u64,
    /// Newlines of the current chunk, counted by `scan`, even when not kept.
    current_newlines: u64,
    /// The current chunk grew past the limit: its bytes are counted, not kept.
    skipping: bool,
    origin: Origin,
    /// Index in `current` where the line being scanned starts.
    line_start: usize,
    /// Only white space so far on this line.
    line_blank: bool,
    previous_line_blank: bool,
    seen_tag: bool,
    /// The names of the tags read in this chunk, each followed by a space (names are
    /// letters, digits and `_`): one buffer, kept from chunk to chunk.
    tag_names: Vec<u8>,
    blank_after_tag: bool,
    /// This line holds tag pairs so far (`[WhiteA "x"][WhiteAElo "1"]`, as FICS writes them).
    tag_line: bool,
    has_movetext: bool,
    started: bool,
    bom: bool,
    /// Byte-order marks read as white space at the start of a line, so far.
    line_boms: u64,
    carriage_return: bool,
}

impl<R: Read> Splitter<R> {
    /// A splitter over `reader` that keeps games up to `limit` bytes.
    pub fn new(reader: R, limit: usize) -> Splitter<R> {
        Splitter::with_capacity(reader, limit, 1 << 16)
    }

    /// A splitter that reads `capacity` bytes at a time (at least what the look-ahead needs).
    pub fn with_capacity(reader: R, limit: usize, capacity: usize) -> Splitter<R> {
        Splitter {
            reader,
            buffer: vec![0; capacity.max(1)],
            start: 0,
            end: 0,
            at_eof: false,
            scanner: Scanner {
                limit,
                state: State::Text,
                current: Vec::new(),
                current_size: 0,
                current_newlines: 0,
                skipping: false,
                origin: Origin { index: 0, offset: 0, line: 1, col: 1 },
                line_start: 0,
                line_blank: true,
                previous_line_blank: true,
                seen_tag: false,
                tag_names: Vec::new(),
                blank_after_tag: false,
                tag_line: false,
                has_movetext: false,
                started: false,
                bom: false,
                line_boms: 0,
                carriage_return: false,
            },
        }
    }

    /// Whether the stream began with a UTF-8 byte-order mark (which no chunk contains).
    pub fn had_bom(&self) -> bool {
        self.scanner.bom
    }

    /// Whether a carriage return has been read so far (CRLF line ends).
    pub fn had_carriage_return(&self) -> bool {
        self.scanner.carriage_return
    }

    /// How many byte-order marks have been read as white space at the start of a line so far.
    /// One read while a chunk was sought is in that chunk or, when it starts the line the
    /// next game starts on, in the next one.
    pub fn line_boms(&self) -> u64 {
        self.scanner.line_boms
    }
}

/// The bytes that change something within a line, in each state that skips: movetext
/// ([`TEXT`]), a brace comment ([`BRACE`]), a tag pair outside its value ([`TAG`]) and
/// inside it ([`STRING`]), and a rest of line to ignore ([`LINE`]); as bits of a table
/// indexed by the byte. A carriage return stops every skip, to be noted.
const STOPS: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'\n' as usize] = TEXT | BRACE | TAG | STRING | LINE;
    table[b'\r' as usize] = TEXT | BRACE | TAG | STRING | LINE;
    table[b'{' as usize] = TEXT;
    table[b';' as usize] = TEXT;
    table[b'[' as usize] = TEXT;
    table[0] = TEXT;
    table[0x1a] = TEXT;
    table[b'}' as usize] = BRACE;
    table[b'"' as usize] = TAG | STRING;
    table[b']' as usize] = TAG;
    table[b'\\' as usize] = STRING;
    table
};
const TEXT: u8 = 1;
const BRACE: u8 = 2;
const TAG: u8 = 4;
const STRING: u8 = 8;
const LINE: u8 = 16;

impl Scanner {
    /// Scans `data` until a game boundary. Returns how many bytes belong to the current
    /// chunk and what comes after them. `complete` says no more bytes can follow `data`.
    fn scan(&mut self, data: &[u8], complete: bool) -> (usize, Scan) {
        let mut next = 0;
        while let Some(&b) = data.get(next) {
            let i = next;
            next += 1;
            if !self.line_blank {
                // Within a line of moves or of a comment, only a few bytes change anything:
                // go straight to the next of them.
                let skip_to = |bits: u8| data[i..].iter().position(|&b| STOPS[usize::from(b)] & bits != 0);
                let stop = match self.state {
                    State::Text if self.has_movetext => skip_to(TEXT),
                    State::Brace => skip_to(BRACE),
                    State::Tag => skip_to(TAG),
                    State::TagString => skip_to(STRING),
                    State::ToLineEnd => skip_to(LINE),
                    _ => Some(0),
                };
                match stop {
                    Some(0) => {}
                    Some(n) => {
                        next = i + n;
                        continue;
                    }
                    None => break,
                }
            }
            if b == b'\n' {
                // Every line end stops the skips above, so it is counted here.
                self.current_newlines += 1;
                if matches!(self.state, State::ToLineEnd | State::Tag | State::TagString | State::TagEscape) {
                    self.state = State::Text;
                }
                if self.line_blank && self.seen_tag {
                    self.blank_after_tag = true;
                }
                self.previous_line_blank = self.line_blank;
                self.line_blank = true;
                self.tag_line = false;
                self.line_start = self.current.len() + i + 1;
                continue;
            }
            if b.is_ascii_whitespace() {
                self.carriage_return |= b == b'\r';
                continue;
            }
            if b == BOM[0] && self.line_blank && matches!(self.state, State::Text | State::Brace) {
                // A byte-order mark at the start of a line is where another file began, when
                // files were joined with `cat`: white space here, so that the game it starts
                // is found. (The game's reader warns about it.)
                let rest = &data[i..];
                if rest.starts_with(&BOM) {
                    self.line_boms += 1;
                    next = i + BOM.len();
                    continue;
                }
                if !complete && BOM.starts_with(rest) {
                    return (i, Scan::NeedMore);
                }
            }
            if matches!(b, 0 | 0x1a) && matches!(self.state, State::Text) {
                // NUL or Ctrl-Z padding ends a file: what follows it (another file, when
                // archives are concatenated) starts as if on a new line.
                self.line_blank = true;
                self.line_start = self.current.len() + i + 1;
                continue;
            }
            if b == b'[' && !self.line_blank && self.has_movetext && matches!(self.state, State::Text) {
                // A file that ended without a line end, joined to the next with `cat`: its
                // result and the next game's first tag pair share a line (`1-0[Event "`). The
                // next game starts at the `[`, as on a line of its own.
                let visible = &data[i..];
                if self.ends_with_result(&data[..i]) {
                    if !complete && visible.len() < LOOKAHEAD && !visible.contains(&b'\n') {
                        return (i, Scan::NeedMore);
                    }
                    if tag_name(visible).is_some() && looks_like_tag(visible) {
                        self.line_blank = true;
                        self.line_start = self.current.len() + i;
                    }
                }
            }
            let at_line_start = self.line_blank;
            if b == b'[' && at_line_start {
                let visible = &data[i..];
                if !complete && visible.len() < LOOKAHEAD && !visible.contains(&b'\n') {
                    return (i, Scan::NeedMore);
                }
                let boundary = match self.state {
                    // `[` and a name: a forum's `[/pgn]` after the moves is no new game.
                    State::Text => {
                        let name = tag_name(&data[i..]);
                        let named = data.get(i + 1).is_none_or(|b| b.is_ascii_alphanumeric() || *b == b'_');
                        // Tags, a blank line, tags again: a new game (tag sections without
                        // movetext, one after another) only if a tag name repeats; else a
                        // blank line inside one tag section.
                        let repeats =
                            || name.is_none_or(|name| self.tag_names.split(|&b| b == b' ').any(|n| n == name));
                        named && (self.has_movetext || (self.blank_after_tag && repeats()))
                    }
                    State::Brace => self.previous_line_blank && looks_like_tag(&data[i..]),
                    _ => false,
                };
                if boundary {
                    return (i, Scan::Boundary);
                }
            }
            self.line_blank = false;
            match self.state {
                State::Text => match b {
                    b'[' if at_line_start => {
                        // The common tag pair, a line of its own, is taken whole.
                        if let Some((name, end, carriage_return)) = simple_tag_line(&data[i..]) {
                            self.note_tag(Some(name));
                            self.carriage_return |= carriage_return;
                            self.current_newlines += 1;
                            self.previous_line_blank = false;
                            self.line_blank = true;
                            self.line_start = self.current.len() + i + end + 1;
                            next = i + end + 1;
                            continue;
                        }
                        self.note_tag(tag_name(&data[i..]));
                        self.state = State::Tag;
                        self.tag_line = true;
                    }
                    // Another tag pair on the line of one.
                    b'[' if self.tag_line => {
                        self.note_tag(tag_name(&data[i..]));
                        self.state = State::Tag;
                    }
                    b'%' if at_line_start => self.state = State::ToLineEnd,
                    _ => {
                        // Comments before the first tag are the game's prelude, not movetext.
                        if self.seen_tag || !matches!(b, b'{' | b';') {
                            self.has_movetext = true;
                        }
                        match b {
                            b'{' => self.state = State::Brace,
                            b';' => self.state = State::ToLineEnd,
                            _ => {}
                        }
                    }
                },
                State::Brace => {
                    if b == b'}' {
                        self.state = State::Text;
                    }
                }
                State::ToLineEnd => {}
                State::Tag => match b {
                    b'"' => self.state = State::TagString,
                    b']' => self.state = State::Text,
                    _ => {}
                },
                State::TagString => match b {
                    b'\\' => self.state = State::TagEscape,
                    b'"' => self.state = State::Tag,
                    _ => {}
                },
                State::TagEscape => self.state = State::TagString,
            }
        }
        (data.len(), Scan::Whole)
    }

    /// Whether the line before a `[` ends with a game's result (`1-0`, `0-1`, `1/2-1/2`, `*`,
    /// then spaces or tabs), a token of its own: `before` is what the buffer holds of it,
    /// after what the chunk holds already.
    fn ends_with_result(&self, before: &[u8]) -> bool {
        let mut tail: Vec<u8> = Vec::with_capacity(16);
        let want = 16usize.saturating_sub(before.len());
        let line_start = self.line_start.min(self.current.len());
        let kept = &self.current[line_start..];
        tail.extend_from_slice(&kept[kept.len().saturating_sub(want)..]);
        tail.extend_from_slice(&before[before.len().saturating_sub(16)..]);
        let end = tail.iter().rposition(|b| !matches!(b, b' ' | b'\t')).map_or(0, |p| p + 1);
        let tail = &tail[..end];
        [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].iter().any(|result| {
            tail.ends_with(result)
                && tail[..tail.len() - result.len()]
                    .last()
                    .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b')' | b'}'))
        })
    }

    /// Notes a tag pair starting, named `name` where its name is readable.
    fn note_tag(&mut self, name: Option<&[u8]>) {
        if let Some(name) = name {
            self.tag_names.extend_from_slice(name);
            self.tag_names.push(b' ');
        }
        self.seen_tag = true;
        self.blank_after_tag = false;
    }

    /// Adds scanned bytes to the current chunk (or only counts them, when skipping).
    fn keep(&mut self, bytes: &[u8]) {
        self.current_size += bytes.len() as u64;
        if !self.skipping {
            self.current.extend_from_slice(bytes);
        }
    }

    /// Ends the current chunk where the current line starts; the line's leading white space
    /// goes to the next chunk. Returns the finished chunk unless it was skipped.
    fn finish(&mut self, at_line_start: bool) -> Option<Chunk> {
        let cut = if at_line_start { self.line_start.min(self.current.len()) } else { self.current.len() };
        let rest = self.current.split_off(cut);
        let bytes = std::mem::replace(&mut self.current, rest);
        let rest_size = self.current.len() as u64;
        let rest_newlines = self.current.iter().filter(|&&b| b == b'\n').count() as u64;
        let origin = self.origin;
        let (size, newlines) = (self.current_size - rest_size, self.current_newlines - rest_newlines);
        // Columns count bytes here; a chunk starts mid-line only after NUL padding.
        let col = match bytes.iter().rposition(|&b| b == b'\n') {
            _ if self.skipping => 1,
            Some(nl) => (bytes.len() - nl) as u64,
            None => origin.col + bytes.len() as u64,
        };
        let chunk = (!self.skipping).then_some(Chunk::Game { origin, bytes });
        self.origin =
            Origin { index: origin.index + 1, offset: origin.offset + size, line: origin.line + newlines, col };
        self.current_size = rest_size;
        self.current_newlines = rest_newlines;
        self.line_start = 0;
        self.skipping = false;
        self.seen_tag = false;
        self.tag_names.clear();
        self.blank_after_tag = false;
        self.has_movetext = false;
        chunk
    }
}

/// A line at the start of `data` that is one tag pair, `[Name "value"]`, with nothing but
/// white space after it and nothing in its value that the scan would stop at (a backslash, a
/// carriage return): its name, where its line end is, and whether a carriage return precedes
/// that. Such a line leaves the scan as it found it, but for the tag name, the line counted,
/// and perhaps a carriage return noted.
fn simple_tag_line(data: &[u8]) -> Option<(&[u8], usize, bool)> {
    let name = tag_name(data)?;
    let mut at = 1 + name.len();
    at += data[at..].iter().take_while(|&&b| b == b' ' || b == b'\t').count();
    if data.get(at) != Some(&b'"') {
        return None;
    }
    at += 1;
    at += data[at..].iter().position(|&b| matches!(b, b'"' | b'\\' | b'\n' | b'\r'))?;
    if data.get(at..at + 2) != Some(b"\"]") {
        return None;
    }
    at += 2;
    let mut carriage_return = false;
    loop {
        match data.get(at)? {
            b'\n' => return Some((name, at, carriage_return)),
            b'\r' => carriage_return = true,
            b' ' | b'\t' | b'\x0C' => {}
            _ => return None,
        }
        at += 1;
    }
}

/// The tag name after the `[` at the start of `data`, when the buffer shows all of it.
fn tag_name(data: &[u8]) -> Option<&[u8]> {
    let rest = data.get(1..)?;
    let len = rest.iter().position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))?;
    (len > 0).then(|| &rest[..len])
}

/// `[Name "` at the start of `data`: a tag pair's opening, as far as the buffer shows (a
/// buffer that ends inside the pattern counts as a match).
fn looks_like_tag(data: &[u8]) -> bool {
    let name_len = data.iter().skip(1).take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    if 1 + name_len == data.len() {
        return true;
    }
    name_len > 0 && matches!(data.iter().skip(1 + name_len).find(|b| !matches!(b, b' ' | b'\t')), Some(b'"') | None)
}

impl<R: Read> Splitter<R> {
    /// Reads more bytes after those not yet scanned; returns false at the end of the stream.
    fn fill(&mut self) -> io::Result<bool> {
        if self.start > 0 {
            self.buffer.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buffer.len() {
            // Only the look-ahead can need more room than a small buffer has.
            self.buffer.resize((self.buffer.len() * 2).max(2 * LOOKAHEAD), 0);
        }
        loop {
            match self.reader.read(&mut self.buffer[self.end..]) {
                Ok(0) => {
                    self.at_eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }
}

impl<R: Read> Iterator for Splitter<R> {
    type Item = io::Result<Chunk>;

    fn next(&mut self) -> Option<io::Result<Chunk>> {
        let mut need_more = false;
        loop {
            if (self.start == self.end || need_more) && !self.at_eof {
                if let Err(e) = self.fill() {
                    return Some(Err(e));
                }
                need_more = false;
            }
            let scanner = &mut self.scanner;
            if self.start == self.end && self.at_eof {
                let only_blank = is_blank(&scanner.current);
                if scanner.current_size == 0 || (only_blank && scanner.origin.index == 0 && !scanner.skipping) {
                    return None;
                }
                return scanner.finish(false).map(Ok);
            }
            let data = &self.buffer[self.start..self.end];
            if !scanner.started {
                if data.len() < 3 && !self.at_eof {
                    need_more = true;
                    continue;
                }
                scanner.started = true;
                if data.starts_with(&BOM) {
                    scanner.bom = true;
                    scanner.origin.offset = 3;
                    self.start += 3;
                    continue;
                }
            }
            let (n, scan) = scanner.scan(data, self.at_eof);
            scanner.keep(&data[..n]);
            self.start += n;
            if !scanner.skipping && scanner.current.len() > scanner.limit {
                // The boundary, if any, is found again on the next call: nothing was taken
                // past it and the line state still says "start of line".
                scanner.skipping = true;
                scanner.current = Vec::new();
                return Some(Ok(Chunk::TooLarge { origin: scanner.origin, size: scanner.current_size }));
            }
            match scan {
                Scan::Whole => {}
                Scan::NeedMore => need_more = true,
                Scan::Boundary => {
                    scanner.state = State::Text;
                    if let Some(chunk) = scanner.finish(true) {
                        return Some(Ok(chunk));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str, limit: usize) -> Vec<Chunk> {
        // A tiny buffer, so that boundaries fall across reads; the answer must not depend on it.
        let small = Splitter::with_capacity(text.as_bytes(), limit, 7).collect::<io::Result<Vec<_>>>();
        let large = Splitter::with_capacity(text.as_bytes(), limit, 1 << 16).collect::<io::Result<Vec<_>>>();
        assert_eq!(small.as_ref().ok(), large.as_ref().ok());
        large.unwrap_or_default()
    }

    fn texts(text: &str) -> Vec<String> {
        split(text, DEFAULT_GAME_LIMIT)
            .into_iter()
            .map(|c| match c {
                Chunk::Game { bytes, .. } => String::from_utf8_lossy(&bytes).into_owned(),
                Chunk::TooLarge { .. } => "<too large>".to_owned(),
            })
            .collect()
    }

    #[test]
    fn chunks_tile_the_input() {
        let input = "\n[Event \"A\"]\n\n1. e4 e5 1-0\n\n  [Event \"B\"]\n\n1. d4 *\n";
        let parts = texts(input);
        assert_eq!(parts, vec!["\n[Event \"A\"]\n\n1. e4 e5 1-0\n\n", "  [Event \"B\"]\n\n1. d4 *\n"]);
        assert_eq!(parts.concat(), input);
    }

    #[test]
    fn origins_count_bytes_lines_and_games() {
        let input = "[A \"1\"]\n\ne4 *\n[B \"2\"]\n\nd4 *\n";
        let origins: Vec<Origin> = split(input, 1000)
            .into_iter()
            .map(|c| match c {
                Chunk::Game { origin, .. } | Chunk::TooLarge { origin, .. } => origin,
            })
            .collect();
        assert_eq!(
            origins,
            vec![Origin { index: 0, offset: 0, line: 1, col: 1 }, Origin { index: 1, offset: 14, line: 4, col: 1 }]
        );
    }

    #[test]
    fn brackets_inside_comments_and_tag_values_do_not_split() {
        let input = "[Event \"x {\"]\n\n1. e4 {\n[%clk 0:01:00]\n} e5\n; [Not a tag\n*\n";
        assert_eq!(texts(input).len(), 1);
    }

    #[test]
    fn a_result_and_the_next_games_tag_pair_on_one_line_split() {
        // Files without a line end at their end, joined with `cat`.
        let input = "[Event \"A\"]\n\n1. e4 1/2-1/2[Event \"B\"]\n\n1. d4 1-0 [Event \"C\"]\n1. c4 *";
        assert_eq!(
            texts(input),
            vec!["[Event \"A\"]\n\n1. e4 1/2-1/2", "[Event \"B\"]\n\n1. d4 1-0 ", "[Event \"C\"]\n1. c4 *"]
        );
        // Not after a move, not without a tag pair's opening.
        for input in [
            "[Event \"A\"]\n1. e4[Event \"B\"] *\n",
            "[Event \"A\"]\n1. e4 * [%clk 0:01:00]\n",
            "[Event \"A\"]\n1. e4 e5 2. Nf3 12-0[Event \"B\"]\n",
        ] {
            assert_eq!(texts(input).len(), 1, "{input:?}");
        }
        // Read a byte at a time, the same.
        let small: Vec<Chunk> = Splitter::with_capacity(input_bytes(), DEFAULT_GAME_LIMIT, 1)
            .collect::<io::Result<_>>()
            .unwrap_or_default();
        assert_eq!(small.len(), 3);
    }

    fn input_bytes() -> &'static [u8] {
        b"[Event \"A\"]\n\n1. e4 1/2-1/2[Event \"B\"]\n\n1. d4 1-0 [Event \"C\"]\n1. c4 *"
    }

    #[test]
    fn games_without_a_blank_line_between_them_split() {
        let input = "[Event \"A\"]\n1. e4 0-1\n[Event \"B\"]\n1. d4 1-0";
        assert_eq!(texts(input), vec!["[Event \"A\"]\n1. e4 0-1\n", "[Event \"B\"]\n1. d4 1-0"]);
    }

    #[test]
    fn tag_sections_without_movetext_split_at_a_blank_line() {
        let input = "[Event \"A\"]\n\n[Event \"B\"]\n\n*\n";
        assert_eq!(texts(input).len(), 2);
    }

    #[test]
    fn tag_pairs_that_share_a_line_are_one_game() {
        let text = "[Event \"E\"]\n[WhiteA \"x\"][WhiteAElo \"1\"]\n[BlackA \"y\"] [BlackAElo \"2\"]\n[Result \"*\"]\n\n1. e4 *\n[Event \"F\"][Site \"S\"]\n1. d4 *\n";
        assert_eq!(texts(text).len(), 2, "{:?}", texts(text));
        // A tag pair after moves on one line is no tag line: the next tag section is a game.
        let moves_then_tag = "[Event \"E\"]\n\n1. e4 [x] *\n[Event \"F\"]\n\n1. d4 *\n";
        assert_eq!(texts(moves_then_tag).len(), 2);
    }

    #[test]
    fn a_blank_line_inside_a_tag_section_does_not_split() {
        let input = "[Event \"E\"]\n\n[Site \"S\"]\n\n1. e4 *\n";
        assert_eq!(texts(input).len(), 1);
        // A tag name seen again is a new game, even without movetext.
        let input = "[Event \"A\"]\n[Site \"S\"]\n\n[Event \"B\"]\n\n1. e4 *\n";
        assert_eq!(texts(input).len(), 2);
    }

    #[test]
    fn an_unterminated_comment_stops_at_the_next_tag_section() {
        let input = "[Event \"A\"]\n\n1. e4 { oops\n\n[Event \"B\"]\n\n1. d4 *\n";
        assert_eq!(texts(input).len(), 2);
    }

    #[test]
    fn a_byte_order_mark_is_left_out() {
        let input = "\u{feff}[Event \"A\"]\n\n*\n";
        let chunks = split(input, 1000);
        assert!(
            matches!(&chunks[..], [Chunk::Game { origin: Origin { offset: 3, .. }, bytes }] if bytes.starts_with(b"[Event"))
        );
    }

    #[test]
    fn a_byte_order_mark_at_the_start_of_a_line_starts_the_next_game() {
        // `cat a.pgn b.pgn`, where b.pgn starts with a byte-order mark.
        let a = "[Event \"A\"]\r\n\r\n1. e4 1-0\r\n\r\n";
        let b = "\u{feff}[Event \"B\"]\r\n\r\n1. d4 *\r\n";
        assert_eq!(texts(&format!("{a}{b}")), vec![a, b]);
        // After a game without a blank line, after white space, and inside a comment left open.
        assert_eq!(texts("1. e4 *\n\u{feff}[Event \"B\"]\n1. d4 *\n").len(), 2);
        assert_eq!(texts("1. e4 *\n \u{feff}\u{feff}[Event \"B\"]\n1. d4 *\n").len(), 2);
        assert_eq!(texts("[Event \"A\"]\n\n1. e4 {open\n\n\u{feff}[Event \"B\"]\n1. d4 *\n").len(), 2);
        // Within a line it is no white space; at the end it is no game.
        assert_eq!(texts("1. e4 *\n1-0 \u{feff}[Event \"B\"]\n1. d4 *\n").len(), 1);
        assert_eq!(texts("1. e4 *\n\u{feff}").len(), 1);
        assert!(texts("\u{feff}\n\u{feff}").is_empty());
        // A part of one, then something else, read a byte at a time.
        let bytes = b"1. e4 *\n\xef\xbb[Event \"B\"]\n1. d4 *\n\xef";
        assert_eq!(Splitter::with_capacity(&bytes[..], 1000, 1).count(), 1);
        assert!(is_blank(b" \xef\xbb\xbf\n") && !is_blank(b"\xef\xbb\n"));
    }

    #[test]
    fn large_games_are_skipped_and_the_next_one_is_read() {
        let big = format!("[Event \"A\"]\n\n1. e4 {{{}}} *\n", "x".repeat(100));
        let input = format!("{big}[Event \"B\"]\n\n1. d4 *\n");
        let chunks = split(&input, 50);
        assert_eq!(chunks.len(), 2);
        assert!(matches!(chunks[0], Chunk::TooLarge { origin: Origin { index: 0, .. }, .. }));
        match &chunks[1] {
            Chunk::Game { origin, bytes } => {
                assert_eq!((origin.index, origin.offset, origin.line), (1, big.len() as u64, 4));
                assert!(bytes.starts_with(b"[Event \"B\"]"));
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn a_game_after_padding_starts_a_new_chunk() {
        let input = "[Event \"A\"]\n\n1. e4 1-0\u{0}\u{0}[Event \"B\"]\n\n1. d4 *\n";
        assert_eq!(texts(input), vec!["[Event \"A\"]\n\n1. e4 1-0\u{0}\u{0}", "[Event \"B\"]\n\n1. d4 *\n"]);
    }

    #[test]
    fn tag_lines_taken_whole_count_their_lines_and_carriage_returns() {
        let input = "[Event \"A\"]\r\n[Site \"S\"] \t\r\n\r\n1. e4 *\r\n[Event \"B\"]\n\n1. d4 *\n";
        let chunks = split(input, 1000);
        let lines: Vec<u64> = chunks
            .iter()
            .map(|c| match c {
                Chunk::Game { origin, .. } | Chunk::TooLarge { origin, .. } => origin.line,
            })
            .collect();
        assert_eq!(lines, vec![1, 5]);
        let mut splitter = Splitter::new(input.as_bytes(), 1000);
        assert!(splitter.next().is_some() && splitter.had_carriage_return());
        // A carriage return inside a value, and none at the line ends: noted all the same.
        let mut splitter = Splitter::new("[Event \"A\rB\"]\n\n*\n".as_bytes(), 1000);
        assert!(splitter.next().is_some() && splitter.had_carriage_return());
        let mut splitter = Splitter::new("[Event \"A\"]\n\n*\n".as_bytes(), 1000);
        assert!(splitter.next().is_some() && !splitter.had_carriage_return());
        // Tags repeated after a blank line start a new game, however their lines are read.
        assert_eq!(texts("[Event \"A\"]\n\n[Event \"B\"] \n\n*\n").len(), 2);
    }

    #[test]
    fn white_space_alone_is_no_game() {
        assert!(texts("  \n\n ").is_empty());
        assert!(texts("").is_empty());
    }
}
