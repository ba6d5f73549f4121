//! A picture as data: shapes, symbols and their colours, in user units, with nothing of chess
//! in it. The diagrams are built as a [`Scene`]; `super::svg` writes one as SVG and
//! `super::raster` paints it into pixels, so that both outputs show the same picture.
//!
//! Every shape is an SVG path (absolute or relative `M L H V C S Q T A Z`), a circle or a
//! rectangle, filled (nonzero) and/or stroked with round caps and joins. Pieces and letters are
//! [`Symbol`]s, drawn in a 100 x 100 box and placed by [`Item::Use`], so that a page of ten
//! thousand diagrams defines each piece and letter once.

use std::collections::BTreeMap;

/// A colour with its opacity, 0 to 255 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba(r, g, b, 255)
    }
}

/// What a shape is painted with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paint {
    /// This colour.
    Color(Rgba),
    /// The colour of the [`Item::Use`] that placed the symbol (SVG's `currentColor`): a letter
    /// drawn once is written in any colour.
    Current,
}

/// How a shape is filled and outlined.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The inside (nonzero rule), or nothing.
    pub fill: Option<Paint>,
    /// The outline and its width in user units, with round caps and joins, or nothing.
    pub stroke: Option<(Paint, f32)>,
}

impl Style {
    /// Filled, not outlined.
    pub const fn fill(paint: Paint) -> Style {
        Style { fill: Some(paint), stroke: None }
    }

    /// Outlined, not filled.
    pub const fn stroke(paint: Paint, width: f32) -> Style {
        Style { fill: None, stroke: Some((paint, width)) }
    }

    /// Filled and outlined.
    pub const fn both(fill: Paint, stroke: Paint, width: f32) -> Style {
        Style { fill: Some(fill), stroke: Some((stroke, width)) }
    }
}

/// One thing drawn, over what was drawn before it.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An SVG path's data (`d`), in user units.
    Path {
        /// The path data, as SVG writes it.
        d: String,
        /// How it is painted.
        style: Style,
    },
    /// A circle.
    Circle {
        /// Centre, x.
        cx: f32,
        /// Centre, y (downwards).
        cy: f32,
        /// Radius.
        r: f32,
        /// How it is painted.
        style: Style,
    },
    /// An axis-aligned rectangle.
    Rect {
        /// Left edge.
        x: f32,
        /// Top edge.
        y: f32,
        /// Width.
        w: f32,
        /// Height.
        h: f32,
        /// How it is painted.
        style: Style,
    },
    /// A symbol of the [`Library`], its 100 x 100 box scaled to `size` x `size` with its top
    /// left corner at (`x`, `y`); [`Paint::Current`] in it is `color`.
    Use {
        /// The symbol's id in the library.
        symbol: String,
        /// Left edge of the box.
        x: f32,
        /// Top edge of the box.
        y: f32,
        /// The side of the box, in user units.
        size: f32,
        /// What [`Paint::Current`] is inside.
        color: Rgba,
    },
}

/// A drawing defined once and placed many times: a piece, a letter.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// What it is drawn with, in its 100 x 100 box.
    pub items: Vec<Item>,
    /// How far the next letter starts from this one, in the box's units (a letter's advance);
    /// 100 for a piece.
    pub advance: f32,
}

/// The symbols scenes place, by id (`piece-w-K`, `glyph-a`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    /// The symbols, by id.
    pub symbols: BTreeMap<String, Symbol>,
}

/// A picture: its size in user units, a background, and what is drawn on it in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width, in user units.
    pub width: f32,
    /// Height, in user units.
    pub height: f32,
    /// Painted under everything, or transparent.
    pub background: Option<Rgba>,
    /// What is drawn, first to last.
    pub items: Vec<Item>,
    /// A title for the picture (SVG `<title>`, a page's alternative text).
    pub title: String,
}
