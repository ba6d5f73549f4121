//! arbiter reads, checks, converts and judges game records of chess variants.
//!
//! The records are written in an extended PGN dialect (notation/SPEC.md in the repository)
//! that reads plain PGN as the 1994 standard and real archives write it, and can also say
//! what variant games do: drops, walls, several actions in one turn, several boards. The
//! variants are data: YAML files (notation/VARIANTS.md), those shipped with arbiter built in,
//! and a caller's own added at run time.
//!
//! # Using the library
//!
//! ```toml
//! [dependencies]
//! arbiter = { version = "0.1", default-features = false }
//! ```
//!
//! Without its default features arbiter is the core alone, with no dependency of the command
//! line. The features:
//!
//! | feature | what it adds | default |
//! | --- | --- | --- |
//! | `cli` | the `arbiter` command (clap, indicatif, serde_json, similar); implies `parallel` | on |
//! | `parallel` | [`validate::Validator`] and [`batch::validate`] check games on all cores (rayon) | on, through `cli` |
//! | `compression` | [`source`] reads gzip, zstd, bzip2 and xz data and zip archives (zstd is the C libzstd) | on |
//!
//! The entry point is [`validate::Validator`]: games from a string or any reader in, one
//! [`validate::Report`] per game out, each problem with its kind ([`diag::Kind`], a stable
//! name such as `illegal-move` or `mate-marked-as-check`), line, column, move and position.
//! [`validate::Validator::with_levels`] sets the level of each kind, as the command's
//! `--allow`, `--warn` and `--deny` do.
//!
//! ## Validating a game from a string
//!
//! ```
//! use arbiter::validate::Validator;
//!
//! let pgn = r#"[Event "Paris"]
//! [Site "Paris FRA"]
//! [Date "1858.??.??"]
//! [Round "?"]
//! [White "Morphy, Paul"]
//! [Black "Duke Karl / Count Isouard"]
//! [Result "1-0"]
//!
//! 1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7
//! 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7
//! 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
//!
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "A"]
//! [Black "B"]
//! [Result "*"]
//!
//! 1. e4 e5 2. Nf3 Nf6 3. Nxe6 *
//! "#;
//! let validator = Validator::new();
//! for report in validator.validate_str(pgn) {
//!     println!("{}: {} moves, {}", report.label(), report.moves, if report.valid { "valid" } else { "invalid" });
//!     for problem in &report.problems {
//!         // As `arbiter validate` prints it:
//!         // games.pgn:21:24: error[illegal-move]: game 2 (A - B), move 3. (White): Nxe6: illegal: no knight can reach e6
//!         //   position: rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3
//!         //   legal: Na3 Nc3 Nd4 Ng1 Ng5 Nh4 Nxe5
//!         println!("games.pgn:{problem:#}");
//!     }
//! }
//! let reports: Vec<_> = validator.validate_str(pgn).collect();
//! assert!(reports[0].valid && reports[0].problems.is_empty());
//! assert!(!reports[1].valid);
//! let problem = &reports[1].problems[0];
//! assert_eq!((problem.line, problem.col, problem.written.as_deref()), (21, 24, Some("Nxe6")));
//! assert_eq!(problem.message, "illegal: no knight can reach e6");
//! assert_eq!(problem.kind, arbiter::diag::Kind::IllegalMove);
//! ```
//!
//! ## Reading games from a file or any reader
//!
//! [`validate::Validator::validate_reader`] takes anything that implements [`std::io::Read`]
//! and reads it a game at a time, in bounded memory. To read the records themselves, without
//! the rules, [`dialect::GameReader`] cuts a stream into games and [`dialect::GameText::parse`]
//! reads one into a [`record::Game`]:
//!
//! ```
//! use std::fs::File;
//!
//! use arbiter::dialect::{GameReader, Item, Limits};
//! use arbiter::validate::Validator;
//!
//! # fn main() -> std::io::Result<()> {
//! // One of the records that come with arbiter's source.
//! let path = "corpus/orthodox/legal.pgn";
//! let limits = Limits::default();
//! for item in GameReader::new(File::open(path)?, &limits) {
//!     if let Item::Game(text) = item? {
//!         let parsed = text.parse(&limits);
//!         if let Some(game) = parsed.game {
//!             println!("line {}: {} turns, White {:?}", text.origin.line, game.turn_count(), game.tag("White"));
//!         }
//!     }
//! }
//!
//! let validator = Validator::new();
//! let mut invalid = 0;
//! for report in validator.validate_reader(File::open(path)?) {
//!     let report = report?;
//!     invalid += usize::from(!report.valid);
//! }
//! assert_eq!(invalid, 0);
//! # Ok(())
//! # }
//! ```
//!
//! ## Converting a game
//!
//! [`convert`] writes a game again in another notation, as the positions it passes through,
//! or as the JSON/YAML record of notation/FORMATS.md ([`convert::RecordFile`] is `serde`
//! serializable: add `serde_json` or another format's crate to write it):
//!
//! ```
//! use arbiter::convert::{self, Notation};
//! use arbiter::dialect::{Style, parse_game, write_game_as};
//! use arbiter::variants::Catalogue;
//!
//! let parsed = parse_game("[White \"A\"]\n[Black \"B\"]\n\n1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 e6 5. bxa8=Q *\n");
//! let game = parsed.game.expect("the text reads");
//! let variant = Catalogue::builtin().find(game.tag("Variant")).expect("orthodox chess is built in");
//! let uci = convert::rewrite(&variant, &game, Notation::Uci).expect("the game replays");
//! // Written as UCI spells moves: a promotion in lower case, without `=`.
//! assert!(write_game_as(&uci, Style::Uci).contains("4. c6b7 e7e6 5. b7a8q *"));
//!
//! let record = convert::to_record(&game).expect("the game is within the record's limits");
//! let json = serde_json::to_string(&record).expect("a record writes as JSON");
//! assert!(json.contains("\"White\""));
//! ```
//!
//! ## A variant of one's own
//!
//! A variant file (notation/VARIANTS.md) added to the shipped catalogue, as
//! `arbiter validate --variant-file` does:
//!
//! ```
//! use arbiter::validate::Validator;
//! use arbiter::variants::Catalogue;
//!
//! // Orthodox chess with the knights and bishops swapped.
//! let yaml = "
//! name: swapped minors
//! parent: orthodox
//! setup: rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1
//! ";
//! let catalogue = Catalogue::with_text("swapped.yaml", yaml)?;
//! let validator = Validator::new().with_catalogue(catalogue);
//! let game = "[Variant \"Swapped Minors\"]\n\n1. Nd3 Nd6 2. e4 e5 *\n";
//! assert!(validator.validate_str(game).all(|report| report.valid));
//! // The shipped catalogue alone does not know it.
//! assert!(!Validator::new().validate_str(game).all(|report| report.valid));
//! # Ok::<(), arbiter::variants::CatalogueError>(())
//! ```
//!
//! # The modules
//!
//! The modules form one chain, each using only those before it: [`record`] (the game
//! record) <- [`dialect`] (text to record and back) ; [`rules`] (the laws: geometry, pieces,
//! positions; no notation but square names and FEN) <- [`variants`] (the catalogue) <-
//! [`replay`] (notated actions resolved against positions) <- [`convert`] (records written
//! again in another notation), [`adjudicate`] (verdicts) and [`batch`] (whole archives, in
//! parallel) <- [`validate`] (the entry point: reports with lines and columns). [`diag`] is
//! how any of them reports a problem at a place in a file. [`source`] stands apart, below
//! them all: it makes an input's bytes text (compressed data and zip archives decoded, UTF-16
//! decoded, what is not text refused) for the dialect to read.

#![deny(missing_docs)]

pub mod adjudicate;
pub mod batch;
pub mod convert;
pub mod diag;
pub mod dialect;
pub mod picture;
pub mod record;
pub mod replay;
pub mod rules;
pub mod source;
pub mod validate;
pub mod variants;

/// The fuzzing oracles are not part of the library: fuzz/oracles.rs is compiled into the fuzz
/// targets and tests/fuzz_corpora.rs instead.
///
/// ```compile_fail,E0433
/// let _ = arbiter::oracles::parse;
/// ```
#[cfg(doctest)]
pub struct OraclesAreNotPublic;
