//! The fastest known way to check a PGN archive in Rust, as a peer for arbiter's benchmarks:
//! pgn-reader splits and lexes, shakmaty resolves each SAN move among the legal moves and
//! plays it. Main lines only (pgn-reader skips variations unless asked), as a user after speed
//! would write it.
//!
//! Usage: shakmaty-validate FILE... ; prints `games N moves M invalid K` and exits 1 if any
//! game had an illegal move or an unreadable FEN.

use std::ops::ControlFlow;
use std::process::ExitCode;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

#[derive(Default)]
struct Tally {
    games: u64,
    moves: u64,
    invalid: u64,
}

impl Visitor for Tally {
    /// The position a FEN tag sets up, if any.
    type Tags = Option<Chess>;
    type Movetext = Chess;
    /// Whether the game replayed.
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, start: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<bool> {
        if name != b"FEN" {
            return ControlFlow::Continue(());
        }
        let position = Fen::from_ascii(value.as_bytes())
            .ok()
            .and_then(|fen| fen.into_position::<Chess>(CastlingMode::Chess960).ok());
        match position {
            Some(position) => {
                *start = Some(position);
                ControlFlow::Continue(())
            }
            None => ControlFlow::Break(false),
        }
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, position: &mut Chess, san: SanPlus) -> ControlFlow<bool> {
        let Ok(m) = san.san.to_move(position) else {
            return ControlFlow::Break(false);
        };
        position.play_unchecked(m);
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _position: Chess) -> bool {
        true
    }
}

fn main() -> ExitCode {
    let mut tally = Tally::default();
    for path in std::env::args().skip(1) {
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        };
        let mut reader = Reader::new(file);
        loop {
            match reader.read_game(&mut tally) {
                Ok(Some(true)) => {}
                Ok(Some(false)) => tally.invalid += 1,
                Ok(None) => break,
                Err(e) => {
                    eprintln!("{path}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    println!("games {} moves {} invalid {}", tally.games, tally.moves, tally.invalid);
    ExitCode::from(u8::from(tally.invalid > 0))
}
