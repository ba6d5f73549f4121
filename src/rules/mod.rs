//! The rules core: geometry, pieces, positions and their laws. So far it holds the syntax of
//! the extended FEN, which notation/SPEC.md specifies; the rest comes with the rules core.

pub mod fen;
