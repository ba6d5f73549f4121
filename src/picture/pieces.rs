//! The pieces of arbiter's diagrams: one drawing per kind and colour, as [`Symbol`]s in the
//! 100 x 100 box of [`super::scene`]. It owns the drawings and the names that choose them; it
//! knows nothing of boards, positions or how a symbol is written out.
//!
//! The set is arbiter's own (src/picture/PIECES.md): simplified Staunton shapes on one common
//! base, standing on the line y = 88. A white piece is near-white with a dark outline; a black
//! piece is dark with the same outline, and its inner lines (the bands, the mitre's slit, the
//! horse's mane) are light, so that they stay visible on a dark body.

use super::scene::{Item, Paint, Rgba, Style, Symbol};

/// A kind of piece that has a drawing of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Art {
    /// A crowned king with a cross.
    King,
    /// A queen with a coronet of points and balls.
    Queen,
    /// A crenellated tower.
    Rook,
    /// A mitre with its slit.
    Bishop,
    /// A horse's head, facing left.
    Knight,
    /// A ball on a collar.
    Pawn,
    /// Bishop and knight in one (Seirawan's hawk, Capablanca's archbishop): a horse's head
    /// wearing a mitre.
    Archbishop,
    /// Rook and knight in one (Seirawan's elephant, Capablanca's chancellor): the horse's head
    /// rising from a tower's battlement.
    Chancellor,
}

impl Art {
    /// Every drawing, in the order above.
    pub const ALL: [Art; 8] =
        [Art::King, Art::Queen, Art::Rook, Art::Bishop, Art::Knight, Art::Pawn, Art::Archbishop, Art::Chancellor];

    /// The drawing for a piece's name as variant files write it, in any case: the orthodox six,
    /// and the two compounds of the knight by their usual names. "elephant" is Seirawan's
    /// rook and knight, as arbiter's catalogue names it (notation/variants/seirawan.yaml), not
    /// the shatranj or xiangqi elephant, which has no drawing here.
    pub fn from_name(name: &str) -> Option<Art> {
        const NAMES: [(&str, Art); 15] = [
            ("king", Art::King),
            ("queen", Art::Queen),
            ("rook", Art::Rook),
            ("bishop", Art::Bishop),
            ("knight", Art::Knight),
            ("pawn", Art::Pawn),
            ("archbishop", Art::Archbishop),
            ("hawk", Art::Archbishop),
            ("cardinal", Art::Archbishop),
            ("princess", Art::Archbishop),
            ("chancellor", Art::Chancellor),
            ("elephant", Art::Chancellor),
            ("marshal", Art::Chancellor),
            ("marshall", Art::Chancellor),
            ("empress", Art::Chancellor),
        ];
        NAMES.iter().find(|(known, _)| known.eq_ignore_ascii_case(name)).map(|&(_, art)| art)
    }

    /// The name in ids: lower case, one word.
    pub fn name(self) -> &'static str {
        match self {
            Art::King => "king",
            Art::Queen => "queen",
            Art::Rook => "rook",
            Art::Bishop => "bishop",
            Art::Knight => "knight",
            Art::Pawn => "pawn",
            Art::Archbishop => "archbishop",
            Art::Chancellor => "chancellor",
        }
    }
}

/// The id of a piece's symbol in a [`super::scene::Library`]: `p-w-king`, `p-b-knight`.
pub fn symbol_id(art: Art, white: bool) -> String {
    format!("p-{}-{}", if white { 'w' } else { 'b' }, art.name())
}

/// The piece drawn in its 100 x 100 box, centred, standing on y = 88.
pub fn symbol(art: Art, white: bool) -> Symbol {
    let ink = if white { WHITE } else { BLACK };
    let mut items = Vec::new();
    for layer in &layers(art) {
        for part in layer.parts {
            items.push(part.item(layer, &ink));
        }
    }
    Symbol { items, advance: 100.0 }
}

/// The colours of one side.
struct Ink {
    body: Rgba,
    outline: Rgba,
    detail: Rgba,
}

const OUTLINE: Rgba = Rgba::rgb(0x1d, 0x1d, 0x1d);
const WHITE: Ink = Ink { body: Rgba::rgb(0xfb, 0xfa, 0xf6), outline: OUTLINE, detail: OUTLINE };
const BLACK: Ink = Ink { body: Rgba::rgb(0x2e, 0x2e, 0x2e), outline: OUTLINE, detail: Rgba::rgb(0xec, 0xea, 0xe4) };

/// The outline's width; inner lines are thinner.
const LINE: f32 = 3.2;
const DETAIL: f32 = 2.2;

/// One stroke of a drawing.
#[derive(Clone, Copy)]
enum Part {
    /// A shape in the body's colour, outlined; later ones cover earlier ones.
    Body(&'static str),
    /// A ball in the body's colour, outlined: centre and radius.
    Ball(f32, f32, f32),
    /// An inner line: dark on a white piece, light on a black one.
    Line(&'static str),
    /// A small spot in the inner lines' colour (an eye).
    Dot(f32, f32, f32),
}

/// Parts placed in the box: scaled by `scale` about the origin, then moved by (`dx`, `dy`).
struct Layer {
    parts: &'static [Part],
    scale: f32,
    dx: f32,
    dy: f32,
}

impl Layer {
    const fn at_home(parts: &'static [Part]) -> Layer {
        Layer { parts, scale: 1.0, dx: 0.0, dy: 0.0 }
    }

    fn x(&self, x: f32) -> f32 {
        x * self.scale + self.dx
    }

    fn y(&self, y: f32) -> f32 {
        y * self.scale + self.dy
    }

    /// Path data moved into place. The drawings use only `M L C Q Z`, absolute, where every
    /// number is one of a point's two coordinates.
    fn path(&self, d: &str) -> String {
        if self.scale == 1.0 && self.dx == 0.0 && self.dy == 0.0 {
            return d.to_string();
        }
        let mut out = String::with_capacity(d.len());
        let mut is_x = true;
        for token in d.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            match token.parse::<f32>() {
                Ok(v) => {
                    let placed = if is_x { self.x(v) } else { self.y(v) };
                    is_x = !is_x;
                    out.push_str(&format_number(placed));
                }
                Err(_) => out.push_str(token),
            }
        }
        out
    }
}

/// A coordinate to a tenth of a unit, without a trailing `.0`.
fn format_number(v: f32) -> String {
    let text = format!("{v:.1}");
    match text.strip_suffix(".0") {
        Some(whole) => whole.to_string(),
        None => text,
    }
}

impl Part {
    fn item(&self, layer: &Layer, ink: &Ink) -> Item {
        let body = Style::both(Paint::Color(ink.body), Paint::Color(ink.outline), LINE);
        match *self {
            Part::Body(d) => Item::Path { d: layer.path(d), style: body },
            Part::Line(d) => Item::Path { d: layer.path(d), style: Style::stroke(Paint::Color(ink.detail), DETAIL) },
            Part::Ball(cx, cy, r) => Item::Circle { cx: layer.x(cx), cy: layer.y(cy), r: r * layer.scale, style: body },
            Part::Dot(cx, cy, r) => Item::Circle {
                cx: layer.x(cx),
                cy: layer.y(cy),
                r: r * layer.scale,
                style: Style::fill(Paint::Color(ink.detail)),
            },
        }
    }
}

// The drawings. Each is listed back to front: bodies, then the base over the foot of the body,
// then the inner lines. An inner line lies on an edge where one body covers another (a collar's
// rims, the foot of the body on the base), stopping short of the silhouette: on a white piece
// it repeats that edge's outline and is not seen; on a black one, whose outline vanishes into
// the body, it is the edge. The drawings use only `M L C Q Z`, absolute, so that
// `Layer::path` can move them.

/// The base every piece but the pawn stands on: a rounded plinth, x 20 to 80, y 78 to 88.
const BASE: Part = Part::Body(
    "M 21 88 L 79 88 C 80 88 80 87 80 86 L 80 83 C 80 80 77 78 74 78 L 26 78 C 23 78 20 80 20 83 L 20 86 C 20 87 20 88 21 88 Z",
);

/// The flared body of the king and the queen, and its collar.
const ROYAL_BODY: Part = Part::Body("M 28 80 C 34 71 40 63 41 52 L 59 52 C 60 63 66 71 72 80 Z");
const ROYAL_COLLAR: Part = Part::Body(
    "M 35 46 L 65 46 C 68 46 69 48 69 49.5 C 69 51 68 53 65 53 L 35 53 C 32 53 31 51 31 49.5 C 31 48 32 46 35 46 Z",
);
const ROYAL_LINES: [Part; 3] =
    [Part::Line("M 32 78 L 68 78"), Part::Line("M 35 46 L 65 46"), Part::Line("M 35 53 L 65 53")];

const KING: &[Part] = &[
    ROYAL_BODY,
    BASE,
    // The crown, a cup flaring upwards, under its collar.
    Part::Body("M 37 48 C 34 40 30 34 29 27 C 42 23 58 23 71 27 C 70 34 66 40 63 48 Z"),
    ROYAL_COLLAR,
    Part::Body(
        "M 47.5 4 L 52.5 4 L 52.5 9 L 57.5 9 L 57.5 14 L 52.5 14 L 52.5 20 L 47.5 20 L 47.5 14 L 42.5 14 L 42.5 9 L 47.5 9 Z",
    ),
    // The dome the cross stands on.
    Part::Body("M 38 25 C 38 16 62 16 62 25 Z"),
    ROYAL_LINES[0],
    ROYAL_LINES[1],
    ROYAL_LINES[2],
    // The crown's rim.
    Part::Line("M 33 32 C 44 29 56 29 67 32"),
    Part::Line("M 40 25 L 60 25"),
];

const QUEEN: &[Part] = &[
    ROYAL_BODY,
    BASE,
    // The coronet: five points, each with its ball.
    Part::Body("M 35 48 L 25 23 L 39 37 L 38 17 L 47 34 L 50 13 L 53 34 L 62 17 L 61 37 L 75 23 L 65 48 Z"),
    ROYAL_COLLAR,
    Part::Ball(25.0, 21.0, 4.0),
    Part::Ball(38.0, 15.0, 4.0),
    Part::Ball(50.0, 10.0, 4.0),
    Part::Ball(62.0, 15.0, 4.0),
    Part::Ball(75.0, 21.0, 4.0),
    ROYAL_LINES[0],
    ROYAL_LINES[1],
    ROYAL_LINES[2],
];

const ROOK: &[Part] = &[
    Part::Body("M 32 79 L 35 38 L 65 38 L 68 79 Z"),
    // The band at the foot of the tower.
    Part::Body("M 29 79 L 71 79 L 69 70 L 31 70 Z"),
    BASE,
    Part::Body("M 28 31 L 72 31 L 66 40 L 34 40 Z"),
    Part::Body("M 27 14 L 37 14 L 37 20 L 45 20 L 45 14 L 55 14 L 55 20 L 63 20 L 63 14 L 73 14 L 73 31 L 27 31 Z"),
    Part::Line("M 32 78 L 68 78"),
    Part::Line("M 34 70 L 66 70"),
    Part::Line("M 31 31 L 69 31"),
    Part::Line("M 36 40 L 64 40"),
];

const BISHOP: &[Part] = &[
    Part::Body("M 29 80 C 36 72 42 66 43 60 L 57 60 C 58 66 64 72 71 80 Z"),
    BASE,
    Part::Body(
        "M 37 54 L 63 54 C 66 54 67 56 67 57.5 C 67 59 66 61 63 61 L 37 61 C 34 61 33 59 33 57.5 C 33 56 34 54 37 54 Z",
    ),
    Part::Ball(50.0, 13.0, 5.0),
    Part::Body("M 50 18 C 42 24 34 34 34 43 C 34 50 40 55 50 55 C 60 55 66 50 66 43 C 66 34 58 24 50 18 Z"),
    Part::Line("M 33 78 L 67 78"),
    Part::Line("M 37 54 L 63 54"),
    Part::Line("M 37 61 L 63 61"),
    // The mitre's slit.
    Part::Line("M 56 29 L 46 41"),
];

/// The horse's head, without a base (the compounds place it): facing left, the ear up, the
/// mane scalloped down the back of the neck, the neck's foot at y 79 between x 30 and 75.
const HORSE: &[Part] = &[
    Part::Body(
        "M 30 79 C 26 69 32 60 46 52 C 40 58 34 63 28 65 C 21 67 14 63 15 56 C 16 50 18 46 22 42 C 25 38 28 35 31 32 C 35 27 38 22 41 16 L 46 3 C 51 6 54 10 55 14 Q 63 13 66 19 Q 72 21 73 27 Q 78 31 77 37 Q 81 42 79 48 Q 82 54 79 59 Q 81 65 77 69 Q 79 75 75 79 Z",
    ),
    // The mane's edge, the nostril, the ear's hollow, the mouth and the eye.
    Part::Line("M 59 22 C 66 30 71 42 71 56 C 71 64 70 70 69 75"),
    Part::Line("M 24 50 C 21 49 19 51 20 54"),
    Part::Line("M 46 9 Q 49 11 50 15"),
    Part::Line("M 17 60 Q 21 60 24 58"),
    Part::Line("M 45 53 L 39 56.5"),
    Part::Dot(39.0, 30.0, 2.8),
];

const KNIGHT_FOOT: &[Part] = &[BASE, Part::Line("M 32 78 L 72 78")];

const PAWN: &[Part] = &[
    Part::Body("M 31 80 C 36 71 42 65 43 57 L 57 57 C 58 65 64 71 69 80 Z"),
    // A narrower base than the others', for the smallest piece.
    Part::Body(
        "M 25 88 L 75 88 C 76 88 76 87 76 86 L 76 83 C 76 80 73 78 70 78 L 30 78 C 27 78 24 80 24 83 L 24 86 C 24 87 24 88 25 88 Z",
    ),
    Part::Body(
        "M 38 51 L 62 51 C 65 51 66 53 66 54.5 C 66 56 65 58 62 58 L 38 58 C 35 58 34 56 34 54.5 C 34 53 35 51 38 51 Z",
    ),
    Part::Ball(50.0, 37.0, 13.5),
    Part::Line("M 34 78 L 66 78"),
    Part::Line("M 38 51 L 62 51"),
    Part::Line("M 38 58 L 62 58"),
];

/// Where the archbishop's horse stands: a little smaller than the knight's, to leave room for
/// the mitre it wears.
const ARCHBISHOP_HORSE: Layer = Layer { parts: HORSE, scale: 0.76, dx: 10.5, dy: 19.0 };

const ARCHBISHOP_FOOT: &[Part] = &[BASE, Part::Line("M 35 78 L 66 78")];

/// The mitre the archbishop's horse wears, with its ball and slit, over the ear.
const MITRE_HAT: &[Part] = &[
    Part::Ball(53.0, 8.5, 4.2),
    Part::Body("M 53 13 C 46 17 41 24 41 30 C 41 33 42 35 45 35 L 61 35 C 64 35 65 33 65 30 C 65 24 60 17 53 13 Z"),
    Part::Line("M 58 20 L 51 28"),
    Part::Line("M 46 35 L 60 35"),
];

/// Where the chancellor's horse stands: its neck sunk into the tower, its chin clear of the
/// battlement.
const CHANCELLOR_HORSE: Layer = Layer { parts: HORSE, scale: 0.74, dx: 11.5, dy: 1.7 };

/// The short tower the chancellor's horse rises from, under its battlement.
const TOWER: &[Part] = &[Part::Body("M 31 79 L 34 70 L 66 70 L 69 79 Z"), BASE, Part::Line("M 33 78 L 67 78")];

const BATTLEMENT: &[Part] = &[
    Part::Body(
        "M 27 55 L 37 55 L 37 60 L 45 60 L 45 55 L 55 55 L 55 60 L 63 60 L 63 55 L 73 55 L 73 66 L 68 71 L 32 71 L 27 66 Z",
    ),
    // Where the battlement covers the horse's neck.
    Part::Line("M 35 55 L 37 55 L 37 60 L 45 60 L 45 55 L 55 55 L 55 60 L 63 60 L 63 55 L 65 55"),
    Part::Line("M 30 66 L 70 66"),
    Part::Line("M 35 71 L 65 71"),
];

/// A drawing's layers, back to front.
fn layers(art: Art) -> Vec<Layer> {
    match art {
        Art::King => vec![Layer::at_home(KING)],
        Art::Queen => vec![Layer::at_home(QUEEN)],
        Art::Rook => vec![Layer::at_home(ROOK)],
        Art::Bishop => vec![Layer::at_home(BISHOP)],
        Art::Knight => vec![Layer::at_home(HORSE), Layer::at_home(KNIGHT_FOOT)],
        Art::Pawn => vec![Layer::at_home(PAWN)],
        Art::Archbishop => vec![ARCHBISHOP_HORSE, Layer::at_home(ARCHBISHOP_FOOT), Layer::at_home(MITRE_HAT)],
        Art::Chancellor => vec![Layer::at_home(TOWER), CHANCELLOR_HORSE, Layer::at_home(BATTLEMENT)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: [bool; 2] = [true, false];

    /// A path's points; a test of its own checks that every number belongs to one.
    fn points(d: &str) -> Vec<(f32, f32)> {
        let numbers: Vec<f32> = d.split_whitespace().filter_map(|token| token.parse().ok()).collect();
        numbers.chunks(2).map(|pair| (pair[0], pair[1])).collect()
    }

    /// A box each item stays inside, its outline included: (left, top, right, bottom). A curve
    /// stays inside its control points, so the box may be a little larger than what is painted.
    fn extent(item: &Item) -> (f32, f32, f32, f32) {
        let half = |style: &Style| style.stroke.map_or(0.0, |(_, width)| width / 2.0);
        match item {
            Item::Path { d, style } => {
                let h = half(style);
                points(d).iter().fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |(l, t, r, b), &(x, y)| {
                    (l.min(x - h), t.min(y - h), r.max(x + h), b.max(y + h))
                })
            }
            Item::Circle { cx, cy, r, style } => {
                let r = r + half(style);
                (cx - r, cy - r, cx + r, cy + r)
            }
            Item::Rect { x, y, w, h, style } => {
                let s = half(style);
                (x - s, y - s, x + w + s, y + h + s)
            }
            Item::Use { .. } => panic!("a piece places no symbol"),
        }
    }

    #[test]
    fn every_art_is_drawn_in_both_colours_with_one_outline() {
        for art in Art::ALL {
            let white = symbol(art, true);
            let black = symbol(art, false);
            assert!(!white.items.is_empty(), "{art:?}");
            assert_eq!(white.advance, 100.0);
            assert_eq!(white.items.len(), black.items.len(), "{art:?}");
            let shapes = |symbol: &Symbol| -> Vec<String> {
                symbol.items.iter().map(|item| format!("{:?}", extent(item))).collect()
            };
            assert_eq!(shapes(&white), shapes(&black), "{art:?}: the same drawing in both colours");
            let bodies = |symbol: &Symbol| -> Vec<Rgba> {
                symbol
                    .items
                    .iter()
                    .filter_map(|item| match item {
                        Item::Path { style: Style { fill: Some(Paint::Color(c)), stroke: Some(_) }, .. } => Some(*c),
                        _ => None,
                    })
                    .collect()
            };
            let light = |c: &Rgba| u32::from(c.0) + u32::from(c.1) + u32::from(c.2) > 600;
            assert!(bodies(&white).iter().all(light), "{art:?}");
            assert!(bodies(&black).iter().all(|c| !light(c)), "{art:?}");
        }
    }

    #[test]
    fn ids_are_distinct_and_xml_names() {
        let mut ids: Vec<String> = Art::ALL.iter().flat_map(|&art| BOTH.map(|white| symbol_id(art, white))).collect();
        assert_eq!(symbol_id(Art::King, true), "p-w-king");
        assert_eq!(symbol_id(Art::Knight, false), "p-b-knight");
        assert!(ids.iter().all(|id| id.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')));
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 2 * Art::ALL.len());
    }

    #[test]
    fn paths_use_only_absolute_moves_lines_curves_and_points() {
        for art in Art::ALL {
            for item in symbol(art, true).items {
                if let Item::Path { d, .. } = item {
                    let tokens: Vec<&str> = d.split_whitespace().collect();
                    let numbers = tokens.iter().filter(|t| t.parse::<f32>().is_ok()).count();
                    assert!(tokens.iter().all(|t| t.parse::<f32>().is_ok() || ["M", "L", "C", "Q", "Z"].contains(t)));
                    assert_eq!(numbers % 2, 0, "{art:?}: {d}");
                }
            }
        }
    }

    #[test]
    fn pieces_stay_inside_the_box_and_stand_on_one_line() {
        for art in Art::ALL {
            for white in BOTH {
                let (l, t, r, b) = symbol(art, white)
                    .items
                    .iter()
                    .map(extent)
                    .fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |(l, t, r, b), (l2, t2, r2, b2)| {
                        (l.min(l2), t.min(t2), r.max(r2), b.max(b2))
                    });
                assert!(l >= 0.0 && t >= 0.0 && r <= 100.0 && b <= 100.0, "{art:?}: {l} {t} {r} {b}");
                assert_eq!(b, 88.0 + LINE / 2.0, "{art:?} stands on y = 88");
                assert!((60.0..=90.0).contains(&(b - t)), "{art:?} is {} high", b - t);
                assert!(((l + r) / 2.0 - 50.0).abs() <= 4.0, "{art:?} is centred: {l} {r}");
            }
        }
    }

    #[test]
    fn drawings_are_compact() {
        for art in Art::ALL {
            let bytes: usize = symbol(art, true)
                .items
                .iter()
                .map(|item| match item {
                    Item::Path { d, .. } => d.len(),
                    _ => 16,
                })
                .sum();
            assert!(bytes < 2000, "{art:?}: {bytes} bytes");
        }
    }

    #[test]
    fn names_choose_drawings() {
        let names = [
            ("king", Art::King),
            ("queen", Art::Queen),
            ("rook", Art::Rook),
            ("bishop", Art::Bishop),
            ("knight", Art::Knight),
            ("pawn", Art::Pawn),
            ("archbishop", Art::Archbishop),
            ("hawk", Art::Archbishop),
            ("cardinal", Art::Archbishop),
            ("princess", Art::Archbishop),
            ("chancellor", Art::Chancellor),
            ("elephant", Art::Chancellor),
            ("marshal", Art::Chancellor),
            ("empress", Art::Chancellor),
            ("Knight", Art::Knight),
            ("ELEPHANT", Art::Chancellor),
        ];
        for (name, art) in names {
            assert_eq!(Art::from_name(name), Some(art), "{name}");
        }
        for art in Art::ALL {
            assert_eq!(Art::from_name(art.name()), Some(art));
        }
        assert_eq!(Art::from_name("wazir"), None);
        assert_eq!(Art::from_name(""), None);
    }
}
