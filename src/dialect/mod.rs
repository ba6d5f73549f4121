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

mod lex;
mod parse;
pub mod plain;
pub mod split;
mod write;

use std::io::{self, Read};

pub use lex::{LexError, file as lex_file, square as lex_square};
pub use parse::{Parsed, ends_tag_name, move_number, parse_game, parse_game_with, start_of};
pub use plain::{PlainGame, PlainStep, San, SanKind, read_plain};
pub use split::{Chunk, DEFAULT_GAME_LIMIT, Origin, Splitter};
pub use write::{MAX_LINE, Style, write_action, write_game, write_game_as, write_turn};

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
}

impl GameText {
    /// Decodes `bytes`.
    pub fn decode(origin: Origin, bytes: Vec<u8>) -> GameText {
        match String::from_utf8(bytes) {
            Ok(text) => GameText { origin, text, latin1: false },
            Err(e) => {
                let text = e.as_bytes().iter().map(|&b| char::from(b)).collect();
                GameText { origin, text, latin1: true }
            }
        }
    }

    /// The bytes the text was decoded from, exactly as read.
    pub fn bytes(&self) -> std::borrow::Cow<'_, [u8]> {
        if self.latin1 {
            // Every character was one byte.
            std::borrow::Cow::Owned(self.text.chars().map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?')).collect())
        } else {
            std::borrow::Cow::Borrowed(self.text.as_bytes())
        }
    }

    /// Parses the text within `limits`; an ISO-8859-1 decoding is reported as a warning first.
    pub fn parse(&self, limits: &Limits) -> Parsed {
        self.noting_decoding(parse_game_with(&self.text, limits))
    }

    fn noting_decoding(&self, mut parsed: Parsed) -> Parsed {
        if self.latin1 {
            parsed
                .diagnostics
                .insert(0, Diagnostic::new(Kind::Latin1, Span::new(0, 0), "not UTF-8; read as ISO-8859-1 (Latin-1)"));
        }
        parsed
    }
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

/// Reads the games of one stream.
pub struct GameReader<R> {
    splitter: Splitter<R>,
    /// Games still allowed.
    left: u64,
    /// Games read.
    read: u64,
    stopped: bool,
}

impl<R: Read> GameReader<R> {
    /// A reader over `reader` within `limits` (the game size and the number of games; the
    /// others are the parser's).
    pub fn new(reader: R, limits: &Limits) -> GameReader<R> {
        GameReader { splitter: Splitter::new(reader, limits.game_bytes), left: limits.games, read: 0, stopped: false }
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
        if self.stopped {
            return None;
        }
        Some(self.splitter.next()?.map(|chunk| {
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
                Chunk::Game { origin, bytes } => Item::Game(GameText::decode(origin, bytes)),
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
        for bytes in [&b"[Event \"Caf\xe9\"]\n\n*\n"[..], "[Event \"Café\"]\n\n*\n".as_bytes(), b"\xff\x00\x80"] {
            let text = GameText::decode(origin, bytes.to_vec());
            assert_eq!(&*text.bytes(), bytes);
        }
    }
}
