//! arbiter reads, checks, converts and judges game records of chess variants.
//!
//! The modules form one chain, each using only those before it:
//! [`record`] (the game record) <- [`dialect`] (text) ; [`rules`] (the game's laws, knowing
//! no notation but square names and FEN). [`diag`] is how any of them reports a problem at a
//! place in a file.

#![deny(missing_docs)]

pub mod diag;
pub mod dialect;
pub mod record;
pub mod rules;
