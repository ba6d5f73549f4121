//! arbiter's own lettering: a single-line (monoline) font whose glyphs are stroked paths, so
//! that a diagram's coordinates, counts and names look the same in every browser and in
//! arbiter's own PNG, with no font of the machine asked for.
//!
//! Each glyph is a [`Symbol`] in the usual 100 x 100 box (the em is 100 units), drawn with
//! round-capped, round-joined strokes [`STROKE`] units wide in [`Paint::Current`], so that one
//! glyph serves every colour. The lines of the box, y downwards:
//!
//! | line | y | from the baseline |
//! | --- | --- | --- |
//! | ascender (b d f h k l) | 16 | 62 |
//! | cap height, figures | 20 | 58 |
//! | x-height | 36 | 42 |
//! | baseline | 78 | 0 |
//! | descender (g j p q y) | 94 | -16 |
//!
//! These are the lines the strokes' centres run along; the ink reaches half a stroke beyond
//! them and never leaves the box. Letters are proportional (an `i` is narrow, an `m` wide);
//! the ten figures share one advance so that counts and rank numbers line up in columns.
//!
//! This module owns the glyph shapes and how a line of text is laid out; it knows nothing of
//! chess, and nothing of how a scene is written or painted.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use super::scene::{Item, Library, Paint, Rgba, Style, Symbol};

/// The baseline's y in a glyph's box (the em is 100).
pub const BASELINE: f32 = 78.0;
/// The height of capitals and figures above the baseline.
pub const CAP_HEIGHT: f32 = 58.0;
/// The height of lower-case letters without ascenders above the baseline.
pub const X_HEIGHT: f32 = 42.0;
/// The height of ascenders (b d f h k l) above the baseline.
pub const ASCENT: f32 = 62.0;
/// How far descenders (g j p q y) reach below the baseline.
pub const DESCENT: f32 = 16.0;
/// The width of every stroke, in the box's units.
pub const STROKE: f32 = 9.0;

/// The glyph drawn for a character the font has no glyph for: a question mark in a box, so
/// that an unexpected character shows instead of vanishing.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Where the point given to [`text`] is on the line of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The text starts there.
    Start,
    /// The text is centred on it.
    Middle,
    /// The text ends there.
    End,
}

/// The id of `c`'s glyph in a [`Library`] (`g-61` for `a`: the code point in hexadecimal, so
/// that the id is safe in XML), or `None` when the font has no glyph for it. The space has
/// one, without strokes.
pub fn glyph_id(c: char) -> Option<String> {
    glyphs().contains_key(&c).then(|| id(c))
}

/// Every glyph of the font with its id, the replacement glyph among them.
pub fn library() -> impl Iterator<Item = (String, Symbol)> {
    glyphs().iter().map(|(&c, glyph)| (id(c), glyph.symbol()))
}

/// Adds every glyph of the font to `library`.
pub fn add_to(library: &mut Library) {
    library.symbols.extend(self::library());
}

/// How wide `text` is when set at `size` (the em, in user units): the sum of its characters'
/// advances, the replacement glyph's for a character without a glyph.
pub fn width(text: &str, size: f32) -> f32 {
    text.chars().map(|c| glyph(c).advance).sum::<f32>() * size / 100.0
}

/// `text` set on one line at `size` (the em, in user units) in `color`, its baseline at
/// `baseline` and its start, middle or end at `x`: one [`Item::Use`] per character whose glyph
/// has strokes (a space only moves the next one on). The glyphs must be in the scene's
/// library ([`add_to`]).
pub fn text(text: &str, x: f32, baseline: f32, size: f32, color: Rgba, anchor: Anchor) -> Vec<Item> {
    let scale = size / 100.0;
    let mut pen = match anchor {
        Anchor::Start => x,
        Anchor::Middle => x - width(text, size) / 2.0,
        Anchor::End => x - width(text, size),
    };
    let top = baseline - BASELINE * scale;
    let mut items = Vec::new();
    for c in text.chars() {
        let c = if glyphs().contains_key(&c) { c } else { REPLACEMENT };
        let glyph = glyph(c);
        if !glyph.d.is_empty() {
            items.push(Item::Use { symbol: id(c), x: pen, y: top, size, color });
        }
        pen += glyph.advance * scale;
    }
    items
}

fn id(c: char) -> String {
    format!("g-{:x}", u32::from(c))
}

/// One glyph as built: its path data (empty for the space) and its advance.
struct Glyph {
    d: String,
    advance: f32,
}

impl Glyph {
    fn symbol(&self) -> Symbol {
        let items = if self.d.is_empty() {
            Vec::new()
        } else {
            vec![Item::Path { d: self.d.clone(), style: Style::stroke(Paint::Current, STROKE) }]
        };
        Symbol { items, advance: self.advance }
    }
}

/// The glyph of `c`, or the replacement glyph.
fn glyph(c: char) -> &'static Glyph {
    let glyphs = glyphs();
    match glyphs.get(&c) {
        Some(glyph) => glyph,
        None => &glyphs[&REPLACEMENT],
    }
}

/// Every glyph, built once.
fn glyphs() -> &'static BTreeMap<char, Glyph> {
    static GLYPHS: OnceLock<BTreeMap<char, Glyph>> = OnceLock::new();
    GLYPHS.get_or_init(|| {
        (' '..='~').chain(['×', '′', REPLACEMENT]).filter_map(|c| draw(c).map(|glyph| (c, glyph))).collect()
    })
}

// The lines the strokes run along, y downwards (see the module's table).
const ASC: f32 = BASELINE - ASCENT;
const CAP: f32 = BASELINE - CAP_HEIGHT;
const XH: f32 = BASELINE - X_HEIGHT;
const B: f32 = BASELINE;
const DESC: f32 = BASELINE + DESCENT;
/// The middle of the x-height and of the cap height.
const XMID: f32 = (XH + B) / 2.0;
const CMID: f32 = (CAP + B) / 2.0;
/// Where operators (+ = < > ~ ×) are centred: between the two middles, as figures beside
/// them expect.
const AXIS: f32 = 53.0;

// Side bearings, from a stroke's ink to the edge of its advance: a straight stem needs more
// room than a round side, and an open side (a diagonal, an arm) least, so that the white
// between letters looks even.
const STEM: f32 = 7.0;
const ROUND: f32 = 5.5;
const OPEN: f32 = 3.0;

/// The advance of every figure.
const FIGURE: f32 = 50.0;
/// The width between the outermost strokes' centres of the frame the figures are drawn in.
const FIGURE_FRAME: f32 = 30.0;

/// The space's advance.
const SPACE: f32 = 26.0;

/// The drawing of `c`, in skeleton coordinates: x from the centre of the leftmost stroke.
fn draw(c: char) -> Option<Glyph> {
    let glyph = match c {
        ' ' => Glyph { d: String::new(), advance: SPACE },
        // Lower case.
        'a' => shape(ROUND, 28.0, STEM, |p| {
            p.arc(14.0, 50.0, 14.0, 14.0, -160.0, 0.0);
            p.line(&[(28.0, 50.0), (28.0, B)]);
            p.line(&[(28.0, XMID), (14.0, XMID)]);
            p.arc(14.0, 67.5, 14.0, 10.5, -90.0, -325.0);
        }),
        'b' => shape(STEM, 34.0, ROUND, |p| {
            p.line(&[(0.0, ASC), (0.0, B)]);
            p.ellipse(17.0, XMID, 17.0, 21.0);
        }),
        'c' => shape(ROUND, 29.0, OPEN + 1.0, |p| {
            p.arc(17.0, XMID, 17.0, 21.0, -45.0, -315.0);
        }),
        'd' => shape(ROUND, 34.0, STEM, |p| {
            p.ellipse(17.0, XMID, 17.0, 21.0);
            p.line(&[(34.0, ASC), (34.0, B)]);
        }),
        'e' => shape(ROUND, 34.0, OPEN + 1.0, |p| {
            p.line(&[(0.0, XMID), (34.0, XMID)]);
            p.arc(17.0, XMID, 17.0, 21.0, 0.0, -315.0);
        }),
        'f' => shape(OPEN, 19.0, OPEN, |p| {
            p.line(&[(5.0, B), (5.0, 25.0)]);
            p.arc(14.0, 25.0, 9.0, 9.0, 180.0, 270.0);
            p.line(&[(14.0, ASC), (19.0, ASC)]);
            p.line(&[(0.0, XH), (18.0, XH)]);
        }),
        'g' => shape(ROUND, 34.0, STEM, |p| {
            p.ellipse(17.0, XMID, 17.0, 21.0);
            p.line(&[(34.0, XH), (34.0, 84.0)]);
            p.arc(17.0, 84.0, 17.0, 10.0, 0.0, 150.0);
        }),
        'h' => shape(STEM, 30.0, STEM, |p| {
            p.line(&[(0.0, ASC), (0.0, B)]);
            p.arch(0.0, 30.0);
        }),
        'i' => shape(STEM, 0.0, STEM, |p| {
            p.line(&[(0.0, XH), (0.0, B)]);
            p.dot(0.0, 21.0);
        }),
        'j' => shape(OPEN, 12.0, STEM, |p| {
            p.line(&[(12.0, XH), (12.0, 85.0)]);
            p.arc(5.5, 85.0, 6.5, 9.0, 0.0, 140.0);
            p.dot(12.0, 21.0);
        }),
        'k' => shape(STEM, 29.0, OPEN, |p| {
            p.line(&[(0.0, ASC), (0.0, B)]);
            p.line(&[(28.0, XH), (0.0, 64.0)]);
            p.line(&[(9.0, 55.0), (29.0, B)]);
        }),
        'l' => shape(STEM, 10.0, OPEN, |p| {
            p.line(&[(0.0, ASC), (0.0, 70.0)]);
            p.arc(8.0, 70.0, 8.0, 8.0, 180.0, 90.0);
            p.line(&[(8.0, B), (10.0, B)]);
        }),
        'm' => shape(STEM, 50.0, STEM, |p| {
            p.line(&[(0.0, XH), (0.0, B)]);
            p.arch(0.0, 25.0);
            p.arch(25.0, 50.0);
        }),
        'n' => shape(STEM, 30.0, STEM, |p| {
            p.line(&[(0.0, XH), (0.0, B)]);
            p.arch(0.0, 30.0);
        }),
        'o' => shape(ROUND, 36.0, ROUND, |p| p.ellipse(18.0, XMID, 18.0, 21.0)),
        'p' => shape(STEM, 34.0, ROUND, |p| {
            p.line(&[(0.0, XH), (0.0, DESC)]);
            p.ellipse(17.0, XMID, 17.0, 21.0);
        }),
        'q' => shape(ROUND, 34.0, STEM, |p| {
            p.ellipse(17.0, XMID, 17.0, 21.0);
            p.line(&[(34.0, XH), (34.0, DESC)]);
        }),
        'r' => shape(STEM, 21.5, OPEN, |p| {
            p.line(&[(0.0, XH), (0.0, B)]);
            p.arc(16.0, 52.0, 16.0, 16.0, 180.0, 290.0);
        }),
        's' => shape(ROUND, 27.0, ROUND, |p| {
            p.arc(13.5, 46.5, 12.5, 10.5, -25.0, -270.0);
            p.arc(13.5, 67.5, 13.5, 10.5, -90.0, 155.0);
        }),
        't' => shape(OPEN, 17.0, OPEN, |p| {
            p.line(&[(6.0, 24.0), (6.0, 70.0)]);
            p.arc(14.0, 70.0, 8.0, 8.0, 180.0, 90.0);
            p.line(&[(14.0, B), (17.0, B)]);
            p.line(&[(0.0, XH), (17.0, XH)]);
        }),
        'u' => shape(STEM, 30.0, STEM, |p| {
            p.line(&[(0.0, XH), (0.0, 63.0)]);
            p.arc(15.0, 63.0, 15.0, 15.0, 180.0, 0.0);
            p.line(&[(30.0, XH), (30.0, B)]);
        }),
        'v' => shape(OPEN, 32.0, OPEN, |p| p.line(&[(0.0, XH), (16.0, B), (32.0, XH)])),
        'w' => shape(OPEN, 50.0, OPEN, |p| p.line(&[(0.0, XH), (12.5, B), (25.0, XH), (37.5, B), (50.0, XH)])),
        'x' => shape(OPEN, 30.0, OPEN, |p| {
            p.line(&[(0.0, XH), (30.0, B)]);
            p.line(&[(30.0, XH), (0.0, B)]);
        }),
        'y' => shape(OPEN, 32.0, OPEN, |p| {
            p.line(&[(32.0, XH), (8.0, DESC)]);
            let x = 32.0 - 24.0 * (B - XH) / (DESC - XH);
            p.line(&[(0.0, XH), (x, B)]);
        }),
        'z' => shape(ROUND, 28.0, ROUND, |p| p.line(&[(0.0, XH), (28.0, XH), (0.0, B), (28.0, B)])),
        // Capitals.
        'A' => shape(OPEN, 40.0, OPEN, |p| {
            p.line(&[(0.0, B), (20.0, CAP), (40.0, B)]);
            let x = 20.0 * (B - 62.0) / (B - CAP);
            p.line(&[(x, 62.0), (40.0 - x, 62.0)]);
        }),
        'B' => shape(STEM, 32.0, ROUND, |p| {
            p.line(&[(0.0, B), (0.0, CAP), (16.0, CAP)]);
            p.arc(16.0, 34.0, 14.0, 14.0, -90.0, 90.0);
            p.line(&[(16.0, 48.0), (0.0, 48.0), (17.0, 48.0)]);
            p.arc(17.0, 63.0, 15.0, 15.0, -90.0, 90.0);
            p.line(&[(17.0, B), (0.0, B)]);
        }),
        'C' => shape(ROUND, 39.3, OPEN + 1.0, |p| p.arc(23.0, CMID, 23.0, 29.0, -45.0, -315.0)),
        'D' => shape(STEM, 36.0, ROUND, |p| {
            p.line(&[(0.0, B), (0.0, CAP), (10.0, CAP)]);
            p.arc(10.0, CMID, 26.0, 29.0, -90.0, 90.0);
            p.line(&[(10.0, B), (0.0, B)]);
        }),
        'E' => shape(STEM, 28.0, OPEN, |p| {
            p.line(&[(28.0, CAP), (0.0, CAP), (0.0, B), (28.0, B)]);
            p.line(&[(0.0, CMID), (24.0, CMID)]);
        }),
        'F' => shape(STEM, 28.0, OPEN, |p| {
            p.line(&[(28.0, CAP), (0.0, CAP), (0.0, B)]);
            p.line(&[(0.0, CMID), (24.0, CMID)]);
        }),
        'G' => shape(ROUND, 46.0, STEM, |p| {
            p.arc(23.0, CMID, 23.0, 29.0, -45.0, -360.0);
            p.line(&[(46.0, CMID), (28.0, CMID)]);
        }),
        'H' => shape(STEM, 32.0, STEM, |p| {
            p.line(&[(0.0, CAP), (0.0, B)]);
            p.line(&[(32.0, CAP), (32.0, B)]);
            p.line(&[(0.0, CMID), (32.0, CMID)]);
        }),
        'I' => shape(STEM, 0.0, STEM, |p| p.line(&[(0.0, CAP), (0.0, B)])),
        'J' => shape(OPEN, 26.0, STEM, |p| {
            p.line(&[(26.0, CAP), (26.0, 64.0)]);
            p.arc(13.0, 64.0, 13.0, 14.0, 0.0, 165.0);
        }),
        'K' => shape(STEM, 33.0, OPEN, |p| {
            p.line(&[(0.0, CAP), (0.0, B)]);
            p.line(&[(32.0, CAP), (0.0, 58.0)]);
            // The leg springs from the arm where it is 10 units from the stem.
            p.line(&[(10.0, CAP + (58.0 - CAP) * 22.0 / 32.0), (33.0, B)]);
        }),
        'L' => shape(STEM, 26.0, OPEN, |p| p.line(&[(0.0, CAP), (0.0, B), (26.0, B)])),
        'M' => shape(STEM, 44.0, STEM, |p| p.line(&[(0.0, B), (0.0, CAP), (22.0, 62.0), (44.0, CAP), (44.0, B)])),
        'N' => shape(STEM, 34.0, STEM, |p| p.line(&[(0.0, B), (0.0, CAP), (34.0, B), (34.0, CAP)])),
        'O' => shape(ROUND, 48.0, ROUND, |p| p.ellipse(24.0, CMID, 24.0, 29.0)),
        'P' => shape(STEM, 31.0, ROUND, |p| {
            p.line(&[(0.0, B), (0.0, CAP), (16.0, CAP)]);
            p.arc(16.0, 35.0, 15.0, 15.0, -90.0, 90.0);
            p.line(&[(16.0, 50.0), (0.0, 50.0)]);
        }),
        'Q' => shape(ROUND, 48.0, ROUND, |p| {
            p.ellipse(24.0, CMID, 24.0, 29.0);
            p.line(&[(29.0, 62.0), (47.0, 82.0)]);
        }),
        'R' => shape(STEM, 32.0, OPEN, |p| {
            p.line(&[(0.0, B), (0.0, CAP), (16.0, CAP)]);
            p.arc(16.0, 35.0, 15.0, 15.0, -90.0, 90.0);
            p.line(&[(16.0, 50.0), (0.0, 50.0)]);
            p.line(&[(14.0, 50.0), (32.0, B)]);
        }),
        'S' => shape(ROUND, 32.0, ROUND, |p| {
            p.arc(16.0, 34.0, 15.0, 14.0, -25.0, -270.0);
            p.arc(16.0, 63.0, 16.0, 15.0, -90.0, 155.0);
        }),
        'T' => shape(OPEN, 34.0, OPEN, |p| {
            p.line(&[(0.0, CAP), (34.0, CAP)]);
            p.line(&[(17.0, CAP), (17.0, B)]);
        }),
        'U' => shape(STEM, 34.0, STEM, |p| {
            p.line(&[(0.0, CAP), (0.0, 58.0)]);
            p.arc(17.0, 58.0, 17.0, 20.0, 180.0, 0.0);
            p.line(&[(34.0, 58.0), (34.0, CAP)]);
        }),
        'V' => shape(OPEN, 40.0, OPEN, |p| p.line(&[(0.0, CAP), (20.0, B), (40.0, CAP)])),
        'W' => shape(OPEN, 60.0, OPEN, |p| p.line(&[(0.0, CAP), (14.0, B), (30.0, CAP), (46.0, B), (60.0, CAP)])),
        'X' => shape(OPEN, 36.0, OPEN, |p| {
            p.line(&[(0.0, CAP), (36.0, B)]);
            p.line(&[(36.0, CAP), (0.0, B)]);
        }),
        'Y' => shape(OPEN, 38.0, OPEN, |p| {
            p.line(&[(0.0, CAP), (19.0, 50.0), (38.0, CAP)]);
            p.line(&[(19.0, 50.0), (19.0, B)]);
        }),
        'Z' => shape(ROUND, 34.0, ROUND, |p| p.line(&[(1.0, CAP), (33.0, CAP), (0.0, B), (34.0, B)])),
        // Figures, each in the same frame.
        '0' => figure(|p| p.ellipse(15.0, CMID, 15.0, 29.0)),
        '1' => figure(|p| p.line(&[(5.0, 29.0), (19.0, CAP), (19.0, B)])),
        '2' => figure(|p| {
            p.arc(15.0, 34.0, 15.0, 14.0, -165.0, 35.0);
            let (x, y) = Pen::on(15.0, 34.0, 15.0, 14.0, 35.0);
            p.line(&[(x, y), (0.0, B), (31.0, B)]);
        }),
        '3' => figure(|p| {
            p.arc(15.0, 33.0, 14.0, 13.0, -155.0, 90.0);
            p.line(&[(15.0, 46.0), (9.0, 46.0)]);
            p.arc(15.0, 62.0, 15.0, 16.0, -90.0, 155.0);
        }),
        '4' => figure(|p| p.line(&[(21.0, B), (21.0, CAP), (0.0, 61.0), (30.0, 61.0)])),
        '5' => figure(|p| {
            let start = Pen::on(15.0, 60.0, 15.0, 18.0, -145.0);
            p.line(&[(28.0, CAP), (4.0, CAP), start]);
            p.arc(15.0, 60.0, 15.0, 18.0, -145.0, 150.0);
        }),
        '6' => figure(|p| {
            p.arc(15.0, 44.0, 15.0, 24.0, -60.0, -180.0);
            p.line(&[(0.0, 44.0), (0.0, 60.0)]);
            p.ellipse(15.0, 60.0, 15.0, 18.0);
        }),
        '7' => figure(|p| p.line(&[(0.0, CAP), (30.0, CAP), (10.0, B)])),
        '8' => figure(|p| {
            p.ellipse(15.0, 34.0, 13.0, 14.0);
            p.ellipse(15.0, 63.0, 15.0, 15.0);
        }),
        '9' => figure(|p| {
            p.ellipse(15.0, 38.0, 15.0, 18.0);
            p.line(&[(30.0, 38.0), (30.0, 54.0)]);
            p.arc(15.0, 54.0, 15.0, 24.0, 0.0, 120.0);
        }),
        // Signs.
        '!' => shape(STEM, 0.0, STEM, |p| {
            p.line(&[(0.0, CAP), (0.0, 60.0)]);
            p.dot(0.0, B);
        }),
        '"' => shape(STEM, 11.0, STEM, |p| {
            p.line(&[(0.0, CAP), (0.0, 34.0)]);
            p.line(&[(11.0, CAP), (11.0, 34.0)]);
        }),
        '#' => shape(OPEN, 34.0, OPEN, |p| {
            p.line(&[(14.0, 22.0), (10.0, 76.0)]);
            p.line(&[(26.0, 22.0), (22.0, 76.0)]);
            p.line(&[(0.0, 40.0), (34.0, 40.0)]);
            p.line(&[(0.0, 60.0), (34.0, 60.0)]);
        }),
        '$' => shape(ROUND, 32.0, ROUND, |p| {
            p.arc(16.0, 34.0, 15.0, 14.0, -25.0, -270.0);
            p.arc(16.0, 63.0, 16.0, 15.0, -90.0, 155.0);
            p.line(&[(16.0, 12.0), (16.0, 86.0)]);
        }),
        '%' => shape(ROUND, 40.0, ROUND, |p| {
            p.ellipse(8.0, 30.0, 8.0, 10.0);
            p.ellipse(32.0, 68.0, 8.0, 10.0);
            p.line(&[(36.0, CAP), (4.0, B)]);
        }),
        '&' => shape(ROUND, 38.0, OPEN, |p| {
            let top = Pen::on(16.0, 33.0, 10.0, 13.0, 140.0);
            p.line(&[(38.0, B), top]);
            p.arc(16.0, 33.0, 10.0, 13.0, 140.0, 400.0);
            let bowl = Pen::on(16.0, 64.0, 15.0, 14.0, 210.0);
            p.line(&[Pen::on(16.0, 33.0, 10.0, 13.0, 40.0), bowl]);
            p.arc(16.0, 64.0, 15.0, 14.0, 210.0, -30.0);
            p.line(&[Pen::on(16.0, 64.0, 15.0, 14.0, -30.0), (37.0, 50.0)]);
        }),
        '\'' => shape(STEM, 0.0, STEM, |p| p.line(&[(0.0, CAP), (0.0, 33.0)])),
        '(' => shape(ROUND, 6.3, OPEN, |p| p.arc(14.0, 50.0, 14.0, 42.0, -123.6, -236.4)),
        ')' => shape(OPEN, 6.3, ROUND, |p| p.arc(-7.7, 50.0, 14.0, 42.0, -56.4, 56.4)),
        '*' => shape(OPEN, 20.8, OPEN, |p| {
            let (cx, cy, r) = (10.4, 34.0, 12.0);
            for angle in [90.0_f32, 30.0, 150.0] {
                let (dx, dy) = (r * angle.to_radians().cos(), r * angle.to_radians().sin());
                p.line(&[(cx - dx, cy - dy), (cx + dx, cy + dy)]);
            }
        }),
        '+' => shape(OPEN, 32.0, OPEN, |p| {
            p.line(&[(0.0, AXIS), (32.0, AXIS)]);
            p.line(&[(16.0, AXIS - 16.0), (16.0, AXIS + 16.0)]);
        }),
        ',' => shape(STEM, 3.0, STEM, |p| p.line(&[(3.0, 76.0), (0.0, 90.0)])),
        '-' => shape(OPEN, 18.0, OPEN, |p| p.line(&[(0.0, 55.0), (18.0, 55.0)])),
        '.' => shape(STEM, 2.0, STEM, |p| p.dot(1.0, B)),
        '/' => shape(OPEN, 24.0, OPEN, |p| p.line(&[(0.0, 86.0), (24.0, 14.0)])),
        ':' => shape(STEM, 2.0, STEM, |p| {
            p.dot(1.0, 40.0);
            p.dot(1.0, B);
        }),
        ';' => shape(STEM, 3.0, STEM, |p| {
            p.dot(3.0, 40.0);
            p.line(&[(3.0, 76.0), (0.0, 90.0)]);
        }),
        '<' => shape(OPEN, 28.0, OPEN, |p| p.line(&[(28.0, AXIS - 18.0), (0.0, AXIS), (28.0, AXIS + 18.0)])),
        '=' => shape(OPEN, 30.0, OPEN, |p| {
            p.line(&[(0.0, AXIS - 9.0), (30.0, AXIS - 9.0)]);
            p.line(&[(0.0, AXIS + 9.0), (30.0, AXIS + 9.0)]);
        }),
        '>' => shape(OPEN, 28.0, OPEN, |p| p.line(&[(0.0, AXIS - 18.0), (28.0, AXIS), (0.0, AXIS + 18.0)])),
        '?' => shape(ROUND, 28.0, ROUND, |p| {
            p.arc(14.0, 34.0, 14.0, 14.0, -160.0, 90.0);
            p.line(&[(14.0, 48.0), (14.0, 60.0)]);
            p.dot(14.0, B);
        }),
        '@' => shape(ROUND, 56.0, ROUND, |p| {
            p.ellipse(26.0, 52.0, 10.0, 12.0);
            p.line(&[(36.0, 40.0), (36.0, 60.0)]);
            p.cubic((36.0, 68.0), (56.0, 68.0), (56.0, 50.0));
            p.arc(28.0, 50.0, 28.0, 30.0, 0.0, -300.0);
        }),
        '[' => shape(STEM, 10.0, OPEN, |p| p.line(&[(10.0, 15.0), (0.0, 15.0), (0.0, 85.0), (10.0, 85.0)])),
        '\\' => shape(OPEN, 24.0, OPEN, |p| p.line(&[(0.0, 14.0), (24.0, 86.0)])),
        ']' => shape(OPEN, 10.0, STEM, |p| p.line(&[(0.0, 15.0), (10.0, 15.0), (10.0, 85.0), (0.0, 85.0)])),
        '^' => shape(OPEN, 28.0, OPEN, |p| p.line(&[(0.0, 42.0), (14.0, CAP), (28.0, 42.0)])),
        '_' => shape(OPEN, 40.0, OPEN, |p| p.line(&[(0.0, 90.0), (40.0, 90.0)])),
        '`' => shape(STEM, 7.0, STEM, |p| p.line(&[(0.0, CAP), (7.0, 30.0)])),
        '{' => shape(ROUND, 12.0, OPEN, |p| {
            p.line(&[(12.0, 15.0)]);
            p.quad((5.0, 15.0), (5.0, 23.0));
            p.line(&[(5.0, 23.0), (5.0, 42.0)]);
            p.quad((5.0, 50.0), (0.0, 50.0));
            p.quad((5.0, 50.0), (5.0, 58.0));
            p.line(&[(5.0, 58.0), (5.0, 77.0)]);
            p.quad((5.0, 85.0), (12.0, 85.0));
        }),
        '|' => shape(STEM, 0.0, STEM, |p| p.line(&[(0.0, 12.0), (0.0, 88.0)])),
        '}' => shape(OPEN, 12.0, ROUND, |p| {
            p.line(&[(0.0, 15.0)]);
            p.quad((7.0, 15.0), (7.0, 23.0));
            p.line(&[(7.0, 23.0), (7.0, 42.0)]);
            p.quad((7.0, 50.0), (12.0, 50.0));
            p.quad((7.0, 50.0), (7.0, 58.0));
            p.line(&[(7.0, 58.0), (7.0, 77.0)]);
            p.quad((7.0, 85.0), (0.0, 85.0));
        }),
        '~' => shape(OPEN, 32.0, OPEN, |p| {
            p.line(&[(0.0, AXIS + 4.0)]);
            p.cubic((4.0, AXIS - 6.0), (11.0, AXIS - 6.0), (16.0, AXIS));
            p.cubic((21.0, AXIS + 6.0), (28.0, AXIS + 6.0), (32.0, AXIS - 4.0));
        }),
        '×' => shape(OPEN, 24.0, OPEN, |p| {
            p.line(&[(0.0, AXIS - 12.0), (24.0, AXIS + 12.0)]);
            p.line(&[(24.0, AXIS - 12.0), (0.0, AXIS + 12.0)]);
        }),
        '′' => shape(STEM, 5.0, STEM, |p| p.line(&[(5.0, CAP), (0.0, 34.0)])),
        REPLACEMENT => shape(OPEN, 44.0, OPEN, |p| {
            p.line(&[(0.0, 12.0), (44.0, 12.0), (44.0, 86.0), (0.0, 86.0)]);
            p.close();
            p.arc(22.0, 36.0, 9.0, 8.0, -160.0, 90.0);
            p.line(&[(22.0, 44.0), (22.0, 53.0)]);
            p.dot(22.0, 69.0);
        }),
        _ => return None,
    };
    Some(glyph)
}

/// A glyph whose strokes' centres span `width` from x = 0, with `left` and `right` side
/// bearings beyond its ink.
fn shape(left: f32, width: f32, right: f32, f: impl FnOnce(&mut Pen)) -> Glyph {
    let mut pen = Pen { dx: left + STROKE / 2.0, d: String::new(), at: None };
    f(&mut pen);
    Glyph { d: pen.d, advance: left + STROKE + width + right }
}

/// A figure, drawn in the frame all figures share and centred in their common advance.
fn figure(f: impl FnOnce(&mut Pen)) -> Glyph {
    let side = (FIGURE - STROKE - FIGURE_FRAME) / 2.0;
    shape(side, FIGURE_FRAME, side, f)
}

/// Writes path data in the glyph's box from skeleton coordinates.
struct Pen {
    /// Added to every x: the left side bearing and half a stroke.
    dx: f32,
    d: String,
    /// The current point, in skeleton coordinates, when a path is open.
    at: Option<(f32, f32)>,
}

impl Pen {
    /// The point at `angle` degrees (clockwise from the right, as y points down) on an
    /// ellipse.
    fn on(cx: f32, cy: f32, rx: f32, ry: f32, angle: f32) -> (f32, f32) {
        let t = angle.to_radians();
        (cx + rx * t.cos(), cy + ry * t.sin())
    }

    /// Starts a new path at `p` unless the pen is already there.
    fn start(&mut self, p: (f32, f32)) {
        let here = self.at.is_some_and(|(x, y)| (x - p.0).abs() < 0.01 && (y - p.1).abs() < 0.01);
        if !here {
            self.command('M', &[p.0 + self.dx, p.1]);
        }
        self.at = Some(p);
    }

    fn command(&mut self, command: char, numbers: &[f32]) {
        self.d.push(command);
        for (i, &n) in numbers.iter().enumerate() {
            if i > 0 {
                self.d.push(' ');
            }
            number(&mut self.d, n);
        }
    }

    /// Straight lines through `points`, continuing the path if it ends at the first.
    fn line(&mut self, points: &[(f32, f32)]) {
        let Some((&first, rest)) = points.split_first() else { return };
        self.start(first);
        for &(x, y) in rest {
            self.command('L', &[x + self.dx, y]);
            self.at = Some((x, y));
        }
    }

    /// A quadratic curve from the current point.
    fn quad(&mut self, c: (f32, f32), to: (f32, f32)) {
        self.command('Q', &[c.0 + self.dx, c.1, to.0 + self.dx, to.1]);
        self.at = Some(to);
    }

    /// A cubic curve from the current point.
    fn cubic(&mut self, c1: (f32, f32), c2: (f32, f32), to: (f32, f32)) {
        self.command('C', &[c1.0 + self.dx, c1.1, c2.0 + self.dx, c2.1, to.0 + self.dx, to.1]);
        self.at = Some(to);
    }

    /// Part of an ellipse, from angle `from` to angle `to` (degrees, clockwise from the right
    /// as y points down; `to` below `from` runs anticlockwise), in pieces of at most half a
    /// turn so that each SVG arc is unambiguous.
    fn arc(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, from: f32, to: f32) {
        self.start(Pen::on(cx, cy, rx, ry, from));
        let pieces = ((to - from).abs() / 180.0).ceil().max(1.0);
        let step = (to - from) / pieces;
        let sweep = if to > from { 1.0 } else { 0.0 };
        for i in 1..=pieces as usize {
            let (x, y) = Pen::on(cx, cy, rx, ry, from + step * i as f32);
            self.command('A', &[rx, ry, 0.0, 0.0, sweep, x + self.dx, y]);
            self.at = Some((x, y));
        }
    }

    /// A whole ellipse, closed: a path of its own, or closing it would draw a line back to
    /// the start of the path it continued.
    fn ellipse(&mut self, cx: f32, cy: f32, rx: f32, ry: f32) {
        self.at = None;
        self.arc(cx, cy, rx, ry, 180.0, 540.0);
        self.close();
    }

    /// The arch of an n, h or m from the stem at `x0` to the stem at `x1`, which it goes down.
    fn arch(&mut self, x0: f32, x1: f32) {
        let r = (x1 - x0) / 2.0;
        self.arc(x0 + r, XH + 15.0, r, 15.0, 180.0, 360.0);
        self.line(&[(x1, XH + 15.0), (x1, B)]);
    }

    /// A dot, a little heavier than a stroke so that it holds its own at small sizes: a cross
    /// of two strokes two units long (a tiny stroked circle would do, but some strokers leave
    /// a hole in a circle narrower than its stroke).
    fn dot(&mut self, x: f32, y: f32) {
        self.line(&[(x - 1.0, y), (x + 1.0, y)]);
        self.line(&[(x, y - 1.0), (x, y + 1.0)]);
    }

    fn close(&mut self) {
        self.d.push('Z');
        self.at = None;
    }
}

/// Writes `n` rounded to a hundredth, without trailing zeros.
fn number(out: &mut String, n: f32) {
    let n = (n * 100.0).round() / 100.0;
    let n = if n == 0.0 { 0.0 } else { n };
    let _ = write!(out, "{n}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One command of path data and its numbers.
    fn commands(d: &str) -> Vec<(char, Vec<f32>)> {
        let mut out: Vec<(char, Vec<f32>)> = Vec::new();
        let mut number = String::new();
        let flush = |number: &mut String, out: &mut Vec<(char, Vec<f32>)>| {
            if !number.is_empty() {
                let value = number.parse().unwrap_or_else(|_| panic!("not a number: {number} in {d}"));
                out.last_mut().expect("numbers before any command").1.push(value);
                number.clear();
            }
        };
        for c in d.chars() {
            match c {
                'M' | 'L' | 'A' | 'Q' | 'C' | 'Z' => {
                    flush(&mut number, &mut out);
                    out.push((c, Vec::new()));
                }
                '0'..='9' | '.' => number.push(c),
                '-' => {
                    flush(&mut number, &mut out);
                    number.push(c);
                }
                ' ' | ',' => flush(&mut number, &mut out),
                _ => panic!("{c:?} in path data {d}"),
            }
        }
        flush(&mut number, &mut out);
        out
    }

    /// Points along the strokes' centres: every end and control point (a curve stays within
    /// them), and arcs sampled after finding their centres as SVG does.
    fn points(d: &str) -> Vec<(f32, f32)> {
        let mut points = Vec::new();
        let mut at = (0.0, 0.0);
        let mut start = at;
        for (command, n) in commands(d) {
            let arity = match command {
                'M' | 'L' => 2,
                'Q' => 4,
                'C' => 6,
                'A' => 7,
                _ => 0,
            };
            assert_eq!(n.len(), arity, "{command} takes {arity} numbers in {d}");
            match command {
                'Z' => at = start,
                'A' => {
                    let end = (n[5], n[6]);
                    points.extend(arc_points(at, n[0], n[1], n[3] != 0.0, n[4] != 0.0, end));
                    at = end;
                }
                _ => {
                    points.extend(n.chunks(2).map(|p| (p[0], p[1])));
                    at = (n[arity - 2], n[arity - 1]);
                    if command == 'M' {
                        start = at;
                    }
                }
            }
        }
        points
    }

    fn arc_points(from: (f32, f32), rx: f32, ry: f32, large: bool, sweep: bool, to: (f32, f32)) -> Vec<(f32, f32)> {
        let (x1, y1) = ((from.0 - to.0) / 2.0, (from.1 - to.1) / 2.0);
        let lambda = (x1 / rx).powi(2) + (y1 / ry).powi(2);
        assert!(lambda < 1.002, "arc radii {rx} {ry} too small for {from:?} to {to:?}");
        let (rx2, ry2) = (rx * rx, ry * ry);
        let numerator = (rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1).max(0.0);
        let sign = if large == sweep { -1.0 } else { 1.0 };
        let coef = sign * (numerator / (rx2 * y1 * y1 + ry2 * x1 * x1)).sqrt();
        let (cx1, cy1) = (coef * rx * y1 / ry, -coef * ry * x1 / rx);
        let (cx, cy) = (cx1 + (from.0 + to.0) / 2.0, cy1 + (from.1 + to.1) / 2.0);
        let angle = |x: f32, y: f32| y.atan2(x);
        let t1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry);
        let t2 = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry);
        let mut dt = t2 - t1;
        if sweep && dt < 0.0 {
            dt += std::f32::consts::TAU;
        }
        if !sweep && dt > 0.0 {
            dt -= std::f32::consts::TAU;
        }
        (0..=64).map(|i| t1 + dt * i as f32 / 64.0).map(|t| (cx + rx * t.cos(), cy + ry * t.sin())).collect()
    }

    fn symbol(c: char) -> Symbol {
        let id = glyph_id(c).unwrap_or_else(|| panic!("no glyph for {c:?}"));
        library().find(|(i, _)| *i == id).map(|(_, s)| s).expect("the library has every glyph")
    }

    fn path(symbol: &Symbol) -> &str {
        match symbol.items.as_slice() {
            [Item::Path { d, style }] => {
                assert_eq!(*style, Style::stroke(Paint::Current, STROKE));
                d
            }
            items => panic!("a glyph is one stroked path, not {items:?}"),
        }
    }

    #[test]
    fn every_printable_character_has_a_glyph_whose_ink_stays_in_its_box() {
        let half = STROKE / 2.0;
        for c in (' '..='~').chain(['×', '′', REPLACEMENT]) {
            let symbol = symbol(c);
            assert!(symbol.advance > STROKE && symbol.advance < 100.0, "{c:?} advances {}", symbol.advance);
            if c == ' ' {
                assert!(symbol.items.is_empty());
                continue;
            }
            let d = path(&symbol);
            let points = points(d);
            assert!(points.len() >= 2, "{c:?}: {d}");
            for (x, y) in points {
                assert!(
                    x - half >= -0.05 && x + half <= symbol.advance + 0.05,
                    "{c:?} leaves its advance at x {x}: {d}"
                );
                assert!(y - half >= 0.0 && y + half <= 100.0, "{c:?} leaves its box at y {y}: {d}");
            }
        }
    }

    #[test]
    fn path_data_is_absolute_move_line_arc_and_curve_commands() {
        for (id, symbol) in library() {
            for item in &symbol.items {
                let Item::Path { d, .. } = item else { panic!("{id}: {item:?}") };
                assert!(d.starts_with('M'), "{id}: {d}");
                for (command, _) in commands(d) {
                    assert!("MLAQCZ".contains(command), "{id}: {d}");
                }
            }
        }
    }

    #[test]
    fn ids_are_safe_in_xml_and_name_the_code_point() {
        assert_eq!(glyph_id('a').as_deref(), Some("g-61"));
        assert_eq!(glyph_id('<').as_deref(), Some("g-3c"));
        assert_eq!(glyph_id('×').as_deref(), Some("g-d7"));
        for (id, _) in library() {
            assert!(id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{id}");
        }
    }

    #[test]
    fn figures_share_one_advance() {
        for c in '0'..='9' {
            assert_eq!(symbol(c).advance, FIGURE, "{c}");
        }
        assert_eq!(width("10", 20.0), width("88", 20.0));
    }

    #[test]
    fn narrow_letters_are_narrow_and_wide_ones_wide() {
        assert!(symbol('i').advance < symbol('n').advance);
        assert!(symbol('l').advance < symbol('n').advance);
        assert!(symbol('m').advance > symbol('n').advance);
        assert!(symbol('w').advance > symbol('v').advance);
    }

    #[test]
    fn width_is_the_sum_of_the_advances_scaled() {
        let text = "White x2 hand";
        let sum: f32 = text.chars().map(|c| symbol(c).advance).sum();
        assert!((width(text, 14.0) - sum * 0.14).abs() < 1e-3);
        assert_eq!(width("", 14.0), 0.0);
    }

    #[test]
    fn text_places_each_glyph_at_its_advance_on_the_baseline() {
        let color = Rgba::rgb(10, 20, 30);
        let items = text("a b", 5.0, 50.0, 20.0, color, Anchor::Start);
        let a = symbol('a').advance * 0.2;
        let space = SPACE * 0.2;
        let top = 50.0 - BASELINE * 0.2;
        assert_eq!(
            items,
            vec![
                Item::Use { symbol: "g-61".into(), x: 5.0, y: top, size: 20.0, color },
                Item::Use { symbol: "g-62".into(), x: 5.0 + a + space, y: top, size: 20.0, color },
            ]
        );
    }

    #[test]
    fn anchors_put_the_start_middle_or_end_at_x() {
        let color = Rgba::rgb(0, 0, 0);
        let first_x = |anchor| match text("hand", 100.0, 50.0, 12.0, color, anchor).first() {
            Some(Item::Use { x, .. }) => *x,
            other => panic!("{other:?}"),
        };
        let w = width("hand", 12.0);
        assert_eq!(first_x(Anchor::Start), 100.0);
        assert!((first_x(Anchor::Middle) - (100.0 - w / 2.0)).abs() < 1e-4);
        assert!((first_x(Anchor::End) - (100.0 - w)).abs() < 1e-4);
    }

    #[test]
    fn a_character_without_a_glyph_shows_the_replacement() {
        assert_eq!(glyph_id('\u{263A}'), None);
        assert_eq!(glyph_id('\n'), None);
        let items = text("a\u{263A}", 0.0, 0.0, 10.0, Rgba::rgb(0, 0, 0), Anchor::Start);
        let Some(Item::Use { symbol: id, .. }) = items.get(1) else { panic!("{items:?}") };
        assert_eq!(Some(id.clone()), glyph_id(REPLACEMENT));
        assert_eq!(width("\u{263A}", 100.0), width("\u{FFFD}", 100.0));
        assert!(!path(&symbol(REPLACEMENT)).is_empty());
    }

    #[test]
    fn add_to_fills_a_library() {
        let mut library = Library::default();
        add_to(&mut library);
        assert_eq!(library.symbols.len(), 95 + 3);
        assert!(library.symbols.contains_key("g-20"));
    }

    /// An SVG document `w` x `h` of `items` (glyphs placed by [`text`]) over `under` (raw SVG).
    fn document(w: f32, h: f32, under: &str, items: &[Item]) -> String {
        let mut svg = String::new();
        let _ = write!(svg, r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">"#);
        svg.push_str(r##"<rect width="100%" height="100%" fill="#fff"/>"##);
        for (id, symbol) in library() {
            let _ = write!(svg, r#"<symbol id="{id}" viewBox="0 0 100 100">"#);
            for item in &symbol.items {
                if let Item::Path { d, .. } = item {
                    let _ = write!(
                        svg,
                        r#"<path d="{d}" fill="none" stroke="currentColor" stroke-width="{STROKE}" stroke-linecap="round" stroke-linejoin="round"/>"#
                    );
                }
            }
            svg.push_str("</symbol>");
        }
        svg.push_str(under);
        for item in items {
            if let Item::Use { symbol, x, y, size, color: Rgba(r, g, b, _) } = item {
                let _ = write!(
                    svg,
                    r##"<use href="#{symbol}" x="{x}" y="{y}" width="{size}" height="{size}" color="rgb({r},{g},{b})"/>"##
                );
            }
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// Writes SVGs of every glyph on the font's lines and of diagram lettering at several
    /// sizes, to be looked at in a browser: `cargo test --lib font::tests::preview --
    /// --ignored`, then `chromium --headless --screenshot=font.png --window-size=1400,1000
    /// <each file>`.
    #[test]
    #[ignore = "writes files to look at"]
    fn preview() {
        let black = Rgba::rgb(0, 0, 0);
        let (mut under, mut items, mut y) = (String::new(), Vec::new(), 0.0);
        let all: Vec<char> = (' '..='~').chain(['×', '′', '☺']).collect();
        for line in all.chunks(16) {
            let (line, size): (String, f32) = (line.iter().collect(), 140.0);
            y += size;
            for guide in [ASC, CAP, XH, B, DESC] {
                let gy = y - (B - guide) * size / 100.0;
                let _ =
                    write!(under, r##"<line x1="0" x2="1400" y1="{gy}" y2="{gy}" stroke="#bde" stroke-width="0.7"/>"##);
            }
            let mut x = 10.0;
            for c in line.chars() {
                let cw = width(&c.to_string(), size);
                let top = y - BASELINE * size / 100.0;
                let _ = write!(
                    under,
                    r##"<rect x="{x}" y="{top}" width="{cw}" height="{size}" fill="none" stroke="#fbb" stroke-width="0.7"/>"##
                );
                x += cw;
            }
            items.extend(text(&line, 10.0, y, size, black, Anchor::Start));
            y += size * 0.3;
        }
        let glyphs = std::env::temp_dir().join("arbiter-font-glyphs.svg");
        std::fs::write(&glyphs, document(1400.0, 1300.0, &under, &items)).expect("the preview is written");

        let (mut under, mut items, mut y) = (String::new(), Vec::new(), 0.0);
        let samples = [
            "abcdefgh 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16",
            "K Q R B N P k q r b n p  White Black hand bank x2 \u{d7}3",
            "Crazyhouse Bughouse Capablanca Grand Chess Shogi Xiangqi",
            "a' b' c' a\u{2032} z 26 32 64  !?+~^ (x) [y] {z} 1-0 \u{bd}",
            "The quick brown fox jumps over the lazy dog.",
            "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789",
        ];
        for size in [10.0, 12.0, 14.0, 18.0, 28.0] {
            for sample in samples {
                y += size * 1.25;
                items.extend(text(sample, 10.0, y, size, black, Anchor::Start));
            }
            y += size * 0.3;
        }
        under.push_str(r##"<line x1="1100" x2="1100" y1="0" y2="1000" stroke="#f88" stroke-width="0.5"/>"##);
        items.extend(text("centred", 1100.0, 60.0, 24.0, Rgba::rgb(40, 90, 200), Anchor::Middle));
        items.extend(text("ends here", 1100.0, 90.0, 24.0, Rgba::rgb(200, 60, 40), Anchor::End));
        let lettering = std::env::temp_dir().join("arbiter-font.svg");
        std::fs::write(&lettering, document(1400.0, 1000.0, &under, &items)).expect("the preview is written");
        println!("{}\n{}", glyphs.display(), lettering.display());
    }
}
