//! Pictures of positions: diagrams of any catalogue board, as SVG, PNG and text.
//!
//! The chain: a position becomes a [`scene::Scene`] (shapes and placed symbols, nothing of
//! chess), which `svg` writes and `raster` paints, so that the SVG a browser shows and
//! the PNG arbiter writes are one picture. Pieces (`pieces`) and letters (`font`) are
//! symbols drawn by arbiter itself, under arbiter's licence; no font of the machine is used,
//! so a diagram looks the same everywhere.

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
