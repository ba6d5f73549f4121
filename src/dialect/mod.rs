//! The extended PGN dialect: text to record and record to text. Syntax only, no rules.
//!
//! Reading has two passes. [`split::Splitter`] cuts a stream of any size into the text of one
//! game at a time in bounded memory; [`parse_game`] then reads one game's text completely
//! into a [`crate::record::Game`]. [`write_game`] writes a record in the one canonical form.
//! The grammar is in notation/SPEC.md.
//!
//! [`GameReader`] puts the passes together for a file: it decodes each game's bytes (UTF-8,
//! or ISO-8859-1 when they are not UTF-8, as the PGN standard's character set), so that a
//! caller gets the text, its place in the file, and the parse.

mod chars;
mod lex;
mod parse;
pub mod plain;
mod plain_write;
pub mod split;
mod write;

use std::io::{self, Read};

pub use lex::{LexError, file as lex_file, square as lex_square};
pub use parse::{Parsed, ends_tag_name, move_number, parse_game, parse_game_with, start_of};
pub use plain::{PlainGame, PlainStep, San, SanKind, read_plain};
pub use plain_write::{
    PlainComments, Walked, each_plain_step, tags_in_export_order as plain_tags_in_export_order, write_plain,
    write_plain_with, write_sans,
};
pub use split::{Chunk, DEFAULT_GAME_LIMIT, Origin, Splitter};
pub use write::{MAX_LINE, Style, write_action, write_action_in, write_game, write_game_as, write_turn};

use crate::diag::{Diagnostic, Kind};
use crate::record::{Action, Span};

/// The one action `text` is, read as the movetext reader reads it (lenient forms included,
/// such as `e2e4`); `None` unless the whole text is one action.
pub fn read_action(text: &str) -> Option<Action> {
    match lex::action(text) {
        Ok(("", (action, _))) => Some(action),
        _ => None,
    }
}

/// The bounds reading keeps to, so that no input, however large or hostile, costs more than a
/// fixed amount of memory and time per game. Each default is far above anything in real
/// archives; an input past a bound is an error that names the place, the bound and the option
/// that raises it, and the run goes on with the next game. notation/SPEC.md lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Largest game text, in bytes: a larger game is skipped whole without being kept in
    /// memory (`--max-game-size`).
    pub game_bytes: usize,
    /// Deepest nesting of variations (`--max-depth`). The default is the depth the JSON and
    /// YAML records carry, so that every game that reads converts.
    pub depth: usize,
    /// Longest tag pair, name and value, in bytes (`--max-tag-size`).
    pub tag_bytes: usize,
    /// Longest comment, in bytes (`--max-comment-size`).
    pub comment_bytes: usize,
    /// Most games read from one input (`--max-games`); the rest is not read.
    pub games: u64,
}

impl Limits {
    /// Default deepest nesting of variations.
    pub const DEPTH: usize = 100;
    /// Default longest tag pair: a FEN of the largest board fits many times over.
    pub const TAG_BYTES: usize = 64 << 10;
    /// Default longest comment: the longest annotations in real archives are a few kilobytes.
    pub const COMMENT_BYTES: usize = 1 << 20;

    /// What to say of a game of at least `size` bytes, larger than the limit.
    pub fn too_large(&self, size: u64) -> String {
        let limit = self.game_bytes;
        format!("larger than the game size limit of {limit} bytes (read {size}; --max-game-size raises it); skipped")
    }

    /// What to say where reading stopped after `games` games.
    pub fn stopped(games: u64) -> String {
        format!("stopped after {games} games (--max-games); the rest of the input was not read")
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            game_bytes: DEFAULT_GAME_LIMIT,
            depth: Limits::DEPTH,
            tag_bytes: Limits::TAG_BYTES,
            comment_bytes: Limits::COMMENT_BYTES,
            games: u64::MAX,
        }
    }
}

/// One game's text, decoded, with where it was in the file.
#[derive(Clone, Debug)]
pub struct GameText {
    /// Where the text starts.
    pub origin: Origin,
    /// The text (decoded from ISO-8859-1 when it was not UTF-8).
    pub text: String,
    /// The bytes were not UTF-8 and were read as ISO-8859-1.
    pub latin1: bool,
    /// Where in `text` a byte-order mark (U+FEFF) starts a line: another file began there,
    /// when files were joined (the splitter read it as white space).
    pub line_boms: Vec<usize>,
}

impl GameText {
    /// Decodes `bytes`.
    pub fn decode(origin: Origin, bytes: Vec<u8>) -> GameText {
        GameText::decode_seeking_boms(origin, bytes, true)
    }

    /// Decodes `bytes`, looking for byte-order marks at the start of a line only where the
    /// splitter may have met one.
    fn decode_seeking_boms(origin: Origin, bytes: Vec<u8>, seek: bool) -> GameText {
        let boms = if seek && bytes.contains(&split::BOM[0]) { line_boms(&bytes) } else { Vec::new() };
        match String::from_utf8(bytes) {
            Ok(text) => GameText { origin, text, latin1: false, line_boms: boms },
            Err(e) => {
                // ISO-8859-1, but for the marks, which are read as what they are.
                let bytes = e.as_bytes();
                let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
                let mut line_boms = Vec::new();
                let mut at = 0;
                for &bom in &boms {
                    text.extend(bytes.get(at..bom).unwrap_or_default().iter().map(|&b| char::from(b)));
                    line_boms.push(text.len());
                    text.push('\u{feff}');
                    at = bom + split::BOM.len();
                }
                text.extend(bytes.get(at..).unwrap_or_default().iter().map(|&b| char::from(b)));
                GameText { origin, text, latin1: true, line_boms }
            }
        }
    }

    /// The bytes the text was decoded from, exactly as read.
    pub fn bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        if self.latin1 {
            // Every character was one byte, but for the byte-order marks at line starts.
            let mut bytes = Vec::with_capacity(self.text.len());
            for c in self.text.chars() {
                match u8::try_from(u32::from(c)) {
                    Ok(b) => bytes.push(b),
                    Err(_) => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                }
            }
            std::borrow::Cow::Owned(bytes)
        } else {
            std::borrow::Cow::Borrowed(self.text.as_bytes())
        }
    }

    /// Whether reading the text has something to say before its parse: the text is not
    /// UTF-8, or holds a byte-order mark at the start of a line.
    pub fn has_decoding_notes(&self) -> bool {
        self.latin1 || !self.line_boms.is_empty()
    }

    /// Parses the text within `limits`; an ISO-8859-1 decoding and byte-order marks at the
    /// start of a line are reported as warnings first.
    pub fn parse(&self, limits: &Limits) -> Parsed {
        self.noting_decoding(parse_game_with(&self.text, limits))
    }

    fn noting_decoding(&self, mut parsed: Parsed) -> Parsed {
        if !self.has_decoding_notes() {
            return parsed;
        }
        let mut notes = Vec::with_capacity(1 + self.line_boms.len() + parsed.diagnostics.len());
        if self.latin1 {
            notes.push(Diagnostic::new(Kind::Latin1, Span::new(0, 0), "not UTF-8; read as ISO-8859-1 (Latin-1)"));
        }
        for &at in &self.line_boms {
            notes.push(Diagnostic::new(
                Kind::ByteOrderMark,
                Span::new(at, at + '\u{feff}'.len_utf8()),
                "byte-order mark (U+FEFF) at the start of a line; read as the start of a new file",
            ));
        }
        notes.append(&mut parsed.diagnostics);
        parsed.diagnostics = notes;
        parsed
    }
}

/// Where in `bytes` a byte-order mark starts a line (after nothing but white space on it), as
/// the splitter reads them.
fn line_boms(bytes: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut line_blank = true;
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if line_blank && bytes[at..].starts_with(&split::BOM) {
            found.push(at);
            at += split::BOM.len();
            continue;
        }
        line_blank = b == b'\n' || (line_blank && b.is_ascii_whitespace());
        at += 1;
    }
    found
}

/// What a [`GameReader`] yields.
#[derive(Clone, Debug)]
pub enum Item {
    /// A game's text.
    Game(GameText),
    /// A game larger than the limit, skipped.
    TooLarge {
        /// Where it started.
        origin: Origin,
        /// Bytes read before giving up.
        size: u64,
    },
    /// The stream has more after the most games the limits allow; nothing more is read.
    Stopped {
        /// Where the first game not read starts.
        origin: Origin,
        /// The number of games read.
        games: u64,
    },
}

impl Item {
    /// Where the item starts.
    pub fn origin(&self) -> Origin {
        match self {
            Item::Game(text) => text.origin,
            Item::TooLarge { origin, .. } | Item::Stopped { origin, .. } => *origin,
        }
    }
}

/// Reads the games of one stream. After an error (the stream failed, or its compressed data
/// was damaged) it reads no more: what was read before the error is all there is.
pub struct GameReader<R> {
    splitter: Splitter<R>,
    /// Games still allowed.
    left: u64,
    /// Games read.
    read: u64,
    stopped: bool,
    /// An error met while reading ahead, given by the next call.
    deferred: Option<io::Error>,
    /// How many of the next chunks may hold a byte-order mark at the start of a line.
    seek_boms: u8,
}

impl<R: Read> GameReader<R> {
    /// A reader over `reader` within `limits` (the game size and the number of games; the
    /// others are the parser's).
    pub fn new(reader: R, limits: &Limits) -> GameReader<R> {
        GameReader {
            splitter: Splitter::new(reader, limits.game_bytes),
            left: limits.games,
            read: 0,
            stopped: false,
            deferred: None,
            seek_boms: 0,
        }
    }

    /// Gives `error` back, to be returned by the next call: a reader of batches ends its batch
    /// at an error, so that the games before it are checked, and meets the error next.
    pub fn defer(&mut self, error: io::Error) {
        self.deferred = Some(error);
    }

    /// Whether the stream began with a byte-order mark.
    pub fn had_bom(&self) -> bool {
        self.splitter.had_bom()
    }

    /// Whether carriage returns have been seen so far.
    pub fn had_carriage_return(&self) -> bool {
        self.splitter.had_carriage_return()
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = io::Result<Item>;

    fn next(&mut self) -> Option<io::Result<Item>> {
        if let Some(error) = self.deferred.take() {
            self.stopped = true;
            return Some(Err(error));
        }
        if self.stopped {
            return None;
        }
        let boms = self.splitter.line_boms();
        let chunk = self.splitter.next()?;
        if chunk.is_err() {
            self.stopped = true;
        }
        if self.splitter.line_boms() != boms {
            // In this chunk, or starting the next.
            self.seek_boms = 2;
        }
        let seek_boms = self.seek_boms > 0;
        self.seek_boms = self.seek_boms.saturating_sub(1);
        Some(chunk.map(|chunk| {
            if self.left == 0 {
                self.stopped = true;
                let origin = match chunk {
                    Chunk::Game { origin, .. } | Chunk::TooLarge { origin, .. } => origin,
                };
                return Item::Stopped { origin, games: self.read };
            }
            self.left -= 1;
            self.read += 1;
            match chunk {
                Chunk::Game { origin, bytes } => Item::Game(GameText::decode_seeking_boms(origin, bytes, seek_boms)),
                Chunk::TooLarge { origin, size } => Item::TooLarge { origin, size },
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_text_gives_back_the_bytes_it_was_read_from() {
        let origin = Origin { index: 0, offset: 0, line: 1, col: 1 };
        let joined = b"[Event \"Caf\xe9\"]\n\n*\n\xef\xbb\xbf[Event \"x\"]\n";
        for bytes in [&b"[Event \"Caf\xe9\"]\n\n*\n"[..], "[Event \"Café\"]\n\n*\n".as_bytes(), b"\xff\x00\x80", joined]
        {
            let text = GameText::decode(origin, bytes.to_vec());
            assert_eq!(&*text.bytes(), bytes);
        }
    }

    fn origin() -> Origin {
        Origin { index: 1, offset: 0, line: 1, col: 1 }
    }

    #[test]
    fn a_byte_order_mark_at_the_start_of_a_line_is_a_warning() {
        let text = GameText::decode(origin(), b"\r\n\xef\xbb\xbf[Event \"B\"]\r\n\r\n1. d4 *\r\n".to_vec());
        assert_eq!((text.latin1, &text.line_boms[..]), (false, &[2][..]));
        let parsed = text.parse(&Limits::default());
        assert!(parsed.game.is_some());
        let messages: Vec<&str> = parsed.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages[0], "byte-order mark (U+FEFF) at the start of a line; read as the start of a new file");
        assert!(parsed.diagnostics.iter().all(|d| !d.is_error()), "{messages:?}");
        assert_eq!(parsed.diagnostics[0].span, Span::new(2, 5));
        // In a game read as ISO-8859-1 too, where the mark is read as what it is.
        let text = GameText::decode(origin(), b"\xef\xbb\xbf[Event \"caf\xe9\"]\n\n1. d4 *\n".to_vec());
        assert!(text.latin1 && text.text.starts_with("\u{feff}[Event \"caf\u{e9}\"]"), "{:?}", text.text);
        let parsed = text.parse(&Limits::default());
        assert!(parsed.game.is_some());
        let messages: Vec<&str> = parsed.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert!(messages[0].starts_with("not UTF-8") && messages[1].starts_with("byte-order mark"), "{messages:?}");
        // Read from a stream, the mark is found in the game it starts.
        let joined = "[Event \"A\"]\n\n1. e4 *\n\u{feff}[Event \"B\"]\n\n1. d4 *\n\u{feff}\n";
        let boms: Vec<Vec<usize>> = GameReader::new(joined.as_bytes(), &Limits::default())
            .map(|item| match item {
                Ok(Item::Game(text)) => text.line_boms,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(boms, [vec![], vec![0, 24]]);
        // Not at the start of a line: no mark of a file's start.
        let text = GameText::decode(origin(), b"1. d4 \xef\xbb\xbf*\n".to_vec());
        assert!(text.line_boms.is_empty() && !text.has_decoding_notes());
    }
}
