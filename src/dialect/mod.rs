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
pub mod split;
mod write;

use std::io::{self, Read};

pub use lex::{LexError, file as lex_file, square as lex_square};
pub use parse::{Parsed, move_number, parse_game, start_of};
pub use split::{Chunk, DEFAULT_GAME_LIMIT, Origin, Splitter};
pub use write::{MAX_LINE, write_action, write_game, write_turn};

use crate::diag::Diagnostic;
use crate::record::Span;

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

    /// Parses the text; an ISO-8859-1 decoding is reported as a warning first.
    pub fn parse(&self) -> Parsed {
        let mut parsed = parse_game(&self.text);
        if self.latin1 {
            parsed
                .diagnostics
                .insert(0, Diagnostic::warning(Span::new(0, 0), "not UTF-8; read as ISO-8859-1 (Latin-1)"));
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
}

/// Reads the games of one stream.
pub struct GameReader<R> {
    splitter: Splitter<R>,
}

impl<R: Read> GameReader<R> {
    /// A reader over `reader` keeping games up to `limit` bytes in memory.
    pub fn new(reader: R, limit: usize) -> GameReader<R> {
        GameReader { splitter: Splitter::new(reader, limit) }
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
        Some(self.splitter.next()?.map(|chunk| match chunk {
            Chunk::Game { origin, bytes } => Item::Game(GameText::decode(origin, bytes)),
            Chunk::TooLarge { origin, size } => Item::TooLarge { origin, size },
        }))
    }
}
