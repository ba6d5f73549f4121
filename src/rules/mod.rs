//! The rules core: board geometry, piece movement, positions and their laws, as data.
//!
//! It knows no notation beyond square names and FEN: `replay` turns what a record says into
//! the concrete moves this module plays.

pub mod betza;
pub mod board8;
pub mod dice;
pub mod fen;
pub mod geometry;
pub mod laws;
pub mod modules;
pub mod position;
pub mod random;
pub mod turn;
pub mod variant;
