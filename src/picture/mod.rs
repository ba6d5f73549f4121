//! Pictures of positions: diagrams of any catalogue board, as SVG, PNG and text.
//!
//! The chain, each step knowing only the one before it:
//!
//! 1. [`diagram`]: a position read as a [`diagram::Diagram`] from its FEN and its variant's
//!    board shape (rectangle or Circular Chess's folded ring), so that any variant whose FEN
//!    carries its state is drawn without this module knowing its rules; marks laid over it
//!    (the last action, an attempted one, the candidates). [`moment`] finds a game's diagram
//!    at a moment of its main line, or where the record goes wrong.
//! 2. [`board`]: a diagram laid out as a [`scene::Scene`] of shapes and placed symbols, with
//!    nothing of chess left in it; or [`text`]: a diagram as lines of text.
//! 3. [`svg`] writes a scene; [`raster`] paints it (paths read by [`path`]) and [`png`]
//!    encodes the pixels. Both read the same scene, so the SVG a browser shows and the PNG
//!    arbiter writes are one picture (tests/browser.rs compares them).
//!
//! Pieces ([`pieces`]) and letters ([`font`]) are symbols arbiter draws itself, under its own
//! licence (PIECES.md beside this file); no font or image of the machine is used, so a
//! diagram looks the same everywhere. A piece without a drawing is its letter in a circle.
//! Nothing in the rules core depends on this module; the command line's `show`, `validate
//! --report` and `variants gallery` use it.

pub mod board;
pub mod diagram;
pub mod font;
pub mod moment;
pub mod path;
pub mod pieces;
pub mod png;
pub mod raster;
pub mod scene;
pub mod svg;
pub mod text;
