//! arbiter reads, checks, converts and judges game records of chess variants.
//!
//! Without its default features (`arbiter = { version = "0.1", default-features = false }`)
//! this is the library alone: the `cli` feature adds the `arbiter` command and its
//! dependencies, and the `parallel` feature (which `cli` implies) checks games on all cores
//! in [`batch::validate`].
//!
//! The modules form one chain, each using only those before it: [`record`] (the game
//! record) <- [`dialect`] (text to record and back) ; [`rules`] (the laws: geometry, pieces,
//! positions; no notation but square names and FEN) <- [`variants`] (the catalogue) <-
//! [`replay`] (notated actions resolved against positions) <- [`convert`] (records written
//! again in another notation) and [`batch`] (whole archives in parallel) <- [`validate`]
//! (the entry point: games from a string or a reader, reports with lines and columns).
//! [`diag`] is how any of them reports a problem at a place in a file.

#![deny(missing_docs)]

pub mod adjudicate;
pub mod batch;
pub mod convert;
pub mod diag;
pub mod dialect;
pub mod record;
pub mod replay;
pub mod rules;
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
