//! arbiter reads, checks, converts and judges game records of chess variants.
//!
//! The modules form one chain, each using only those before it: [`record`] (the game
//! record) <- [`dialect`] (text to record and back) ; [`rules`] (the laws: geometry, pieces,
//! positions; no notation but square names and FEN) <- [`variants`] (the catalogue) <-
//! [`replay`] (notated actions resolved against positions) <- [`convert`] (records written
//! again in another notation) and [`batch`] (whole archives in parallel). [`diag`] is how any of them reports a problem at a place in a file.
//! [`source`] stands apart, below them all: it makes an input's bytes text (compressed data and
//! zip archives decoded, UTF-16 decoded, what is not text refused) for the dialect to read.

#![deny(missing_docs)]

pub mod adjudicate;
pub mod batch;
pub mod convert;
pub mod diag;
pub mod dialect;
pub mod oracles;
pub mod record;
pub mod replay;
pub mod rules;
pub mod source;
pub mod variants;
