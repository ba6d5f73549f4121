//! A [`Diagram`] laid out as a [`Scene`]: rectangles of any size with their file names and
//! rank numbers, Circular Chess's ring as four circles of sixteen cells, holes left out and
//! walls drawn as bricks, the pockets (hand, bank) of each side beside its edge of the board,
//! every board of a game side by side, the marks (arrows and outlined cells) over the pieces,
//! and what the FEN says besides, written under it.
//!
//! All sizes derive from the side of a square, [`SQUARE`] user units; the PNG writer picks
//! the pixels per unit.

use std::f32::consts::PI;

use crate::rules::geometry::Geometry;

use super::diagram::{Board, Content, Diagram, Figure, Mark, Pocket, Shape, Spot, Tone};
use super::font::{self, Anchor};
use super::pieces;
use super::scene::{Item, Library, Paint, Rgba, Scene, Style, Symbol};

/// The side of a square, in user units.
pub const SQUARE: f32 = 45.0;

const LIGHT: Rgba = Rgba::rgb(0xf0, 0xd9, 0xb5);
const DARK: Rgba = Rgba::rgb(0xb5, 0x88, 0x63);
const INK: Rgba = Rgba::rgb(0x33, 0x33, 0x33);
const FAINT_INK: Rgba = Rgba::rgb(0x66, 0x66, 0x66);
const PAPER: Rgba = Rgba::rgb(0xff, 0xff, 0xff);
const WALL: Rgba = Rgba::rgb(0x5a, 0x55, 0x50);
const MORTAR: Rgba = Rgba::rgb(0x8d, 0x86, 0x7e);
const FRAME: Rgba = Rgba::rgb(0x7a, 0x5a, 0x3c);
const PIECE_LIGHT: Rgba = Rgba::rgb(0xfa, 0xfa, 0xf5);
const PIECE_DARK: Rgba = Rgba::rgb(0x2a, 0x2a, 0x2a);
const POCKET: Rgba = Rgba::rgb(0xe8, 0xe4, 0xdc);
/// The colour of a placed symbol whose colours are its own (a piece, a board): black, which
/// SVG need not write.
const PLAIN: Rgba = Rgba::rgb(0, 0, 0);

/// The colour of a tone: the last action blue, an attempted one red, candidates green, all
/// translucent so that the pieces show through.
fn tone_color(tone: Tone) -> Rgba {
    match tone {
        Tone::Played => Rgba(0x1f, 0x5f, 0xbf, 0xb0),
        Tone::Attempted => Rgba(0xd0, 0x20, 0x20, 0xd0),
        Tone::Candidate => Rgba(0x20, 0x90, 0x30, 0x90),
    }
}

/// The tint of a cell the last action left or reached.
const PLAYED_TINT: Rgba = Rgba(0xcd, 0xd2, 0x6a, 0xa0);

/// How big each part of a diagram is, from the side of a square.
#[derive(Clone, Copy, Debug)]
struct Metrics {
    square: f32,
    /// Room for the coordinates outside the board.
    margin: f32,
    /// The height of one pocket row.
    pocket: f32,
    /// The height of a line of the text under the boards.
    line: f32,
    /// Between two boards.
    gap: f32,
}

const METRICS: Metrics = Metrics { square: SQUARE, margin: 20.0, pocket: 36.0, line: 16.0, gap: 36.0 };

/// Where one board is drawn.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// Top left of the cells (or of the ring's box).
    x: f32,
    y: f32,
    /// Size of the cells' area.
    w: f32,
    h: f32,
}

/// The scene of `diagram`, adding to `library` the symbols it places (pieces, letters); with
/// `captioned`, what the FEN says besides the boards is written under them (a page that
/// says it in its own text leaves it out).
pub fn scene(diagram: &Diagram, library: &mut Library, captioned: bool) -> Scene {
    // The letters, once per library.
    if font::glyph_id('a').is_none_or(|id| !library.symbols.contains_key(&id)) {
        font::add_to(library);
    }
    let m = METRICS;
    let (w, h) = match diagram.shape {
        Shape::Rectangle => (f32::from(diagram.files) * m.square, f32::from(diagram.ranks) * m.square),
        Shape::Ring => {
            let d = 2.0 * ring_outer(diagram);
            (d, d)
        }
    };
    let pockets_above = diagram.boards.iter().map(pocket_rows).max().unwrap_or(0);
    let boards = diagram.boards.len().max(1) as f32;
    let labelled = diagram.boards.len() > 1;
    let title = if labelled { m.line } else { 0.0 };
    let board_y = m.margin * 0.5 + title + pockets_above as f32 * m.pocket;
    let board_w = m.margin + w + m.margin;
    let width = boards * board_w + (boards - 1.0) * m.gap;
    let mut items = Vec::new();
    let mut frames = Vec::new();
    for (index, board) in diagram.boards.iter().enumerate() {
        let x0 = index as f32 * (board_w + m.gap);
        let frame = Frame { x: x0 + m.margin, y: board_y, w, h };
        if labelled {
            items.extend(font::text(
                &format!("board {}", index + 1),
                x0 + board_w / 2.0,
                m.margin * 0.5 + m.line * 0.8,
                13.0,
                INK,
                Anchor::Middle,
            ));
        }
        match diagram.shape {
            Shape::Rectangle => rectangle(diagram, index as u8, frame, library, &mut items),
            Shape::Ring => ring(diagram, index as u8, frame, &mut items),
        }
        side_to_move(diagram, board, frame, &mut items);
        pockets(diagram, board, frame, library, &mut items);
        frames.push(frame);
    }
    // The pieces, after every board's cells so that a mark of one board may cross another's.
    for (index, frame) in frames.iter().enumerate() {
        place_pieces(diagram, index as u8, *frame, library, &mut items);
    }
    marks(diagram, &frames, &mut items);
    // What the FEN says besides, under everything.
    let pockets_below = diagram.boards.iter().map(pocket_rows).max().unwrap_or(0);
    let mut y = board_y + h + m.margin + pockets_below as f32 * m.pocket + 4.0;
    let state: &[String] = if captioned { &diagram.state } else { &[] };
    for phrase in state {
        y += m.line;
        items.extend(font::text(phrase, m.margin, y - 4.0, 12.0, FAINT_INK, Anchor::Start));
    }
    let text_width = state.iter().map(|p| font::width(p, 12.0) + 2.0 * m.margin).fold(0.0, f32::max);
    Scene {
        width: width.max(text_width).ceil(),
        height: (y + m.margin * 0.5).ceil(),
        background: Some(PAPER),
        items,
        title: format!("{}: {}", diagram.variant, diagram.fen),
    }
}

/// The pocket rows above (and, alike, below) a board: one for the hand, one for the bank.
fn pocket_rows(board: &Board) -> usize {
    usize::from(board.hands.is_some()) + usize::from(board.banks.is_some())
}

/// The cell a spot is drawn in, on the board the frame shows: its top left corner.
fn cell_origin(diagram: &Diagram, frame: Frame, file: u8, rank: u8) -> (f32, f32) {
    let s = METRICS.square;
    let (col, row) = if diagram.flipped {
        (diagram.files.saturating_sub(file + 1), rank)
    } else {
        (file, diagram.ranks.saturating_sub(rank + 1))
    };
    (frame.x + f32::from(col) * s, frame.y + f32::from(row) * s)
}

/// Whether a cell is a dark one: a1 is dark, as on every chessboard.
fn is_dark(file: u8, rank: u8) -> bool {
    (u16::from(file) + u16::from(rank)).is_multiple_of(2)
}

/// A rectangular board: its cells (holes and walls where it has them), the last action's
/// cells tinted, and its file names and rank numbers. A board of plain cells is a symbol
/// placed once, defined once however many diagrams show it.
fn rectangle(diagram: &Diagram, board: u8, frame: Frame, library: &mut Library, items: &mut Vec<Item>) {
    let s = METRICS.square;
    let plain = (0..diagram.ranks).all(|rank| {
        (0..diagram.files)
            .all(|file| !matches!(diagram.content(Spot { board, file, rank }), Some(Content::Hole | Content::Wall)))
    });
    let placed = plain && plain_board(diagram, frame, library, items);
    if !placed {
        items.push(frame_rect(frame));
    }
    for rank in 0..diagram.ranks {
        for file in 0..diagram.files {
            let spot = Spot { board, file, rank };
            let (x, y) = cell_origin(diagram, frame, file, rank);
            if !placed {
                match diagram.content(spot) {
                    Some(Content::Hole) => {
                        // No cell: the page shows through the frame.
                        items.push(Item::Rect { x, y, w: s, h: s, style: Style::fill(Paint::Color(PAPER)) });
                    }
                    Some(Content::Wall) => wall(x, y, s, items),
                    _ => items.push(cell_rect(x, y, file, rank)),
                }
            }
            if played_cell(diagram, spot) {
                items.push(Item::Rect { x, y, w: s, h: s, style: Style::fill(Paint::Color(PLAYED_TINT)) });
            }
        }
    }
    if !placed {
        coordinates(diagram, frame, items);
    }
}

/// The frame of a rectangle of cells.
fn frame_rect(frame: Frame) -> Item {
    Item::Rect {
        x: frame.x - 1.5,
        y: frame.y - 1.5,
        w: frame.w + 3.0,
        h: frame.h + 3.0,
        style: Style::fill(Paint::Color(FRAME)),
    }
}

/// A cell, light or dark.
fn cell_rect(x: f32, y: f32, file: u8, rank: u8) -> Item {
    let color = if is_dark(file, rank) { DARK } else { LIGHT };
    let s = METRICS.square;
    Item::Rect { x, y, w: s, h: s, style: Style::fill(Paint::Color(color)) }
}

/// The file names under a rectangle (over it when flipped) and the rank numbers on its left.
fn coordinates(diagram: &Diagram, frame: Frame, items: &mut Vec<Item>) {
    let (s, size) = (METRICS.square, 11.0);
    for file in 0..diagram.files {
        let (x, _) = cell_origin(diagram, frame, file, 0);
        let name = file_name(file);
        items.extend(font::text(&name, x + s / 2.0, frame.y + frame.h + 14.0, size, FAINT_INK, Anchor::Middle));
    }
    for rank in 0..diagram.ranks {
        let (_, y) = cell_origin(diagram, frame, 0, rank);
        let name = (u32::from(rank) + 1).to_string();
        items.extend(font::text(&name, frame.x - 5.0, y + s / 2.0 + 4.0, size, FAINT_INK, Anchor::End));
    }
}

/// Places the symbol of a plain board of the diagram's size (its frame, cells and
/// coordinates), defining it where the library lacks it; `false` where it cannot be one.
fn plain_board(diagram: &Diagram, frame: Frame, library: &mut Library, items: &mut Vec<Item>) -> bool {
    let id = format!("board-{}x{}{}", diagram.files, diagram.ranks, if diagram.flipped { "-flipped" } else { "" });
    let side = frame.w.max(frame.h);
    if !library.symbols.contains_key(&id) {
        // Drawn at the diagram's size from (0, 0), then scaled into the symbol's box.
        let origin = Frame { x: 0.0, y: 0.0, ..frame };
        let mut drawn = vec![frame_rect(origin)];
        for rank in 0..diagram.ranks {
            for file in 0..diagram.files {
                let (x, y) = cell_origin(diagram, origin, file, rank);
                drawn.push(cell_rect(x, y, file, rank));
            }
        }
        coordinates(diagram, origin, &mut drawn);
        let Some(scaled) = scaled(drawn, 100.0 / side) else { return false };
        library.symbols.insert(id.clone(), Symbol { items: scaled, advance: 100.0 });
    }
    items.push(Item::Use { symbol: id, x: frame.x, y: frame.y, size: side, color: PLAIN });
    true
}

/// Rectangles, circles and placed symbols scaled by `k` about (0, 0); `None` for a path,
/// whose data is not rewritten.
fn scaled(items: Vec<Item>, k: f32) -> Option<Vec<Item>> {
    let style = |s: Style| Style { stroke: s.stroke.map(|(p, w)| (p, w * k)), ..s };
    items
        .into_iter()
        .map(|item| match item {
            Item::Rect { x, y, w, h, style: s } => {
                Some(Item::Rect { x: x * k, y: y * k, w: w * k, h: h * k, style: style(s) })
            }
            Item::Circle { cx, cy, r, style: s } => {
                Some(Item::Circle { cx: cx * k, cy: cy * k, r: r * k, style: style(s) })
            }
            Item::Use { symbol, x, y, size, color } => {
                Some(Item::Use { symbol, x: x * k, y: y * k, size: size * k, color })
            }
            Item::Path { .. } => None,
        })
        .collect()
}

/// A file's name as SAN writes it: `a`..`z` (no `x`), then `a'`.
pub fn file_name(file: u8) -> String {
    let mut name = String::new();
    let _ = crate::record::write_file(&mut name, file);
    name
}

/// A wall: bricks on a cell.
fn wall(x: f32, y: f32, s: f32, items: &mut Vec<Item>) {
    items.push(Item::Rect { x, y, w: s, h: s, style: Style::fill(Paint::Color(WALL)) });
    let row = s / 4.0;
    let mut d = String::new();
    for i in 1..4 {
        let yy = y + row * i as f32;
        d.push_str(&format!("M{:.1} {:.1}H{:.1}", x, yy, x + s));
    }
    for i in 0..4 {
        let offset = if i % 2 == 0 { s / 4.0 } else { 3.0 * s / 4.0 };
        let (y0, y1) = (y + row * i as f32, y + row * (i + 1) as f32);
        d.push_str(&format!("M{:.1} {:.1}V{:.1}", x + offset, y0, y1));
    }
    items.push(Item::Path { d, style: Style::stroke(Paint::Color(MORTAR), 1.5) });
}

/// Whether the last action left or reached the cell.
fn played_cell(diagram: &Diagram, spot: Spot) -> bool {
    diagram.marks.iter().any(|mark| match *mark {
        Mark::Arrow { from, to, tone: Tone::Played } => from == spot || to == spot,
        Mark::Cell { at, tone: Tone::Played } => at == spot,
        _ => false,
    })
}

/// The ring's inner radius: the unused centre.
fn ring_inner() -> f32 {
    1.6 * METRICS.square
}

/// The ring's outer radius: one square per ring beyond the centre.
fn ring_outer(diagram: &Diagram) -> f32 {
    ring_inner() + f32::from(diagram.files / 2) * METRICS.square
}

/// Where a cell of the folded board lies on the ring: its ring (0 the outer one) and its
/// place round it (0 at the bottom, going up the left side, down the right).
fn ring_place(diagram: &Diagram, file: u8, rank: u8) -> (u8, u16) {
    Geometry::ring_place(diagram.files, diagram.ranks, file, rank)
}

/// The angles (radians, y downwards, 0 to the right) a place round the ring spans. Place 0
/// starts at the bottom and the places go clockwise on the page: up the left side.
fn ring_angles(diagram: &Diagram, place: u16) -> (f32, f32) {
    let step = 2.0 * PI / (2.0 * f32::from(diagram.ranks));
    let flip = if diagram.flipped { PI } else { 0.0 };
    let start = PI / 2.0 + flip + step * f32::from(place);
    (start, start + step)
}

/// The radii a ring spans.
fn ring_radii(diagram: &Diagram, ring: u8) -> (f32, f32) {
    let outer = ring_outer(diagram) - f32::from(ring) * METRICS.square;
    (outer - METRICS.square, outer)
}

fn point(cx: f32, cy: f32, r: f32, angle: f32) -> (f32, f32) {
    (cx + r * angle.cos(), cy + r * angle.sin())
}

/// The outline of a ring cell, as path data.
fn sector(cx: f32, cy: f32, (r0, r1): (f32, f32), (a0, a1): (f32, f32)) -> String {
    let (x0, y0) = point(cx, cy, r1, a0);
    let (x1, y1) = point(cx, cy, r1, a1);
    let (x2, y2) = point(cx, cy, r0, a1);
    let (x3, y3) = point(cx, cy, r0, a0);
    format!(
        "M{x0:.2} {y0:.2}A{r1:.2} {r1:.2} 0 0 1 {x1:.2} {y1:.2}L{x2:.2} {y2:.2}A{r0:.2} {r0:.2} 0 0 0 {x3:.2} {y3:.2}Z"
    )
}

/// The centre of a cell, on the page.
fn cell_centre(diagram: &Diagram, frame: Frame, file: u8, rank: u8) -> (f32, f32) {
    match diagram.shape {
        Shape::Rectangle => {
            let (x, y) = cell_origin(diagram, frame, file, rank);
            (x + METRICS.square / 2.0, y + METRICS.square / 2.0)
        }
        Shape::Ring => {
            let (cx, cy) = (frame.x + frame.w / 2.0, frame.y + frame.h / 2.0);
            let (ring, place) = ring_place(diagram, file, rank);
            let (r0, r1) = ring_radii(diagram, ring);
            let (a0, a1) = ring_angles(diagram, place);
            point(cx, cy, (r0 + r1) / 2.0, (a0 + a1) / 2.0)
        }
    }
}

/// The side of the box a piece is drawn in on a cell.
fn piece_size(diagram: &Diagram, rank_or_ring: u8) -> f32 {
    let s = METRICS.square;
    match diagram.shape {
        Shape::Rectangle => s,
        Shape::Ring => {
            // The arc of the cell's middle bounds it on the inner rings.
            let (r0, r1) = ring_radii(diagram, rank_or_ring);
            let arc = (r0 + r1) / 2.0 * 2.0 * PI / (2.0 * f32::from(diagram.ranks));
            s.min(arc * 0.95)
        }
    }
}

fn ring(diagram: &Diagram, board: u8, frame: Frame, items: &mut Vec<Item>) {
    let (cx, cy) = (frame.x + frame.w / 2.0, frame.y + frame.h / 2.0);
    items.push(Item::Circle { cx, cy, r: ring_outer(diagram) + 1.5, style: Style::fill(Paint::Color(FRAME)) });
    for rank in 0..diagram.ranks {
        for file in 0..diagram.files {
            let spot = Spot { board, file, rank };
            let (ring, place) = ring_place(diagram, file, rank);
            let d = sector(cx, cy, ring_radii(diagram, ring), ring_angles(diagram, place));
            let fill = match diagram.content(spot) {
                Some(Content::Hole) => PAPER,
                Some(Content::Wall) => WALL,
                _ if is_dark(file, rank) => DARK,
                _ => LIGHT,
            };
            items.push(Item::Path { d: d.clone(), style: Style::fill(Paint::Color(fill)) });
            if played_cell(diagram, spot) {
                items.push(Item::Path { d, style: Style::fill(Paint::Color(PLAYED_TINT)) });
            }
        }
    }
    // The unused centre.
    items.push(Item::Circle {
        cx,
        cy,
        r: ring_inner(),
        style: Style::both(Paint::Color(PAPER), Paint::Color(FRAME), 1.5),
    });
    // Rank numbers round the outside; the rings' file names across the ring at its left and
    // right, where a half of the folded board meets the other (a-d on the left, h-e on the
    // right, the outer ring first).
    let size = 11.0;
    let outside = ring_outer(diagram) + 10.0;
    for rank in 0..diagram.ranks {
        for file in [0, diagram.files.saturating_sub(1)] {
            let (_, place) = ring_place(diagram, file, rank);
            let (a0, a1) = ring_angles(diagram, place);
            let (x, y) = point(cx, cy, outside, (a0 + a1) / 2.0);
            items.extend(font::text(&(rank + 1).to_string(), x, y + 4.0, size, FAINT_INK, Anchor::Middle));
        }
    }
    let half = diagram.ranks;
    for file in 0..diagram.files {
        let (ring, place) = ring_place(diagram, file, half.saturating_sub(1) / 2);
        let (r0, r1) = ring_radii(diagram, ring);
        let (_, a1) = ring_angles(diagram, place);
        // The boundary after the middle place of the half: 9 o'clock on the left, 3 on the
        // right.
        let angle = if file < diagram.files / 2 { a1 } else { ring_angles(diagram, place).0 };
        let (x, y) = point(cx, cy, (r0 + r1) / 2.0, angle);
        items.push(Item::Circle { cx: x, cy: y, r: 6.5, style: Style::fill(Paint::Color(Rgba(255, 255, 255, 0xc0))) });
        items.extend(font::text(&file_name(file), x, y + 3.5, 10.0, INK, Anchor::Middle));
    }
}

/// A small disc beside the board on the side to move's edge.
fn side_to_move(diagram: &Diagram, board: &Board, frame: Frame, items: &mut Vec<Item>) {
    let bottom = (board.white_to_move != diagram.flipped) != diagram.white_at_top;
    let (x, y) = match diagram.shape {
        Shape::Rectangle => {
            let y = if bottom { frame.y + frame.h - 7.0 } else { frame.y + 7.0 };
            (frame.x + frame.w + METRICS.margin / 2.0, y)
        }
        // Beside the ring, off its lower (or upper) right edge.
        Shape::Ring => {
            let reach = ring_outer(diagram) * 0.82;
            let (cx, cy) = (frame.x + frame.w / 2.0, frame.y + frame.h / 2.0);
            (cx + reach, if bottom { cy + reach } else { cy - reach })
        }
    };
    let fill = if board.white_to_move { PIECE_LIGHT } else { PIECE_DARK };
    items.push(Item::Circle { cx: x, cy: y, r: 5.5, style: Style::both(Paint::Color(fill), Paint::Color(INK), 1.2) });
}

/// The symbol of a piece, added to the library where it is not yet: its picture, or its
/// letter in a circle.
fn figure_symbol(figure: &Figure, library: &mut Library) -> String {
    if let Some(art) = figure.art {
        let id = pieces::symbol_id(art, figure.white);
        library.symbols.entry(id.clone()).or_insert_with(|| pieces::symbol(art, figure.white));
        return id;
    }
    let letter_id: String =
        figure.letter.chars().map(|c| if c == '+' { "plus-".to_owned() } else { c.to_string() }).collect();
    let id = format!("d-{}-{letter_id}", if figure.white { 'w' } else { 'b' });
    if !library.symbols.contains_key(&id) {
        let (fill, ink) = if figure.white { (PIECE_LIGHT, PIECE_DARK) } else { (PIECE_DARK, PIECE_LIGHT) };
        let mut items = vec![Item::Circle {
            cx: 50.0,
            cy: 50.0,
            r: 38.0,
            style: Style::both(Paint::Color(fill), Paint::Color(PIECE_DARK), 4.0),
        }];
        let size = if figure.letter.chars().count() > 1 { 40.0 } else { 52.0 };
        items.extend(font::text(&figure.letter, 50.0, 50.0 + size * 0.29, size, ink, Anchor::Middle));
        library.symbols.insert(id.clone(), Symbol { items, advance: 100.0 });
    }
    id
}

/// A piece and its FEN marks (`~` promoted, `^` going the other way, `!` a statue) as small
/// badges in its box's top right corner.
fn place_figure(figure: &Figure, (cx, cy): (f32, f32), size: f32, library: &mut Library, items: &mut Vec<Item>) {
    let symbol = figure_symbol(figure, library);
    items.push(Item::Use { symbol, x: cx - size / 2.0, y: cy - size / 2.0, size, color: PLAIN });
    let marks = [(figure.promoted, "~"), (figure.reversed, "^"), (figure.statue, "!")];
    let mut x = cx + size * 0.36;
    for (_, mark) in marks.iter().filter(|(on, _)| *on) {
        let r = size * 0.14;
        let y = cy - size * 0.36;
        items.push(Item::Circle { cx: x, cy: y, r, style: Style::both(Paint::Color(PAPER), Paint::Color(INK), 1.0) });
        items.extend(font::text(mark, x, y + r * 0.6, r * 1.8, INK, Anchor::Middle));
        x -= 2.2 * r;
    }
}

fn place_pieces(diagram: &Diagram, board: u8, frame: Frame, library: &mut Library, items: &mut Vec<Item>) {
    for rank in 0..diagram.ranks {
        for file in 0..diagram.files {
            if let Some(Content::Piece(figure)) = diagram.content(Spot { board, file, rank }) {
                let centre = cell_centre(diagram, frame, file, rank);
                let size = match diagram.shape {
                    Shape::Rectangle => piece_size(diagram, rank),
                    Shape::Ring => piece_size(diagram, ring_place(diagram, file, rank).0),
                };
                place_figure(figure, centre, size, library, items);
            }
        }
    }
}

/// The hand and the bank of each side: Black's over the board, White's under it (the other
/// way round when flipped).
fn pockets(diagram: &Diagram, board: &Board, frame: Frame, library: &mut Library, items: &mut Vec<Item>) {
    let m = METRICS;
    let rows: Vec<(&str, &[Pocket; 2])> = [("hand", board.hands.as_ref()), ("bank", board.banks.as_ref())]
        .into_iter()
        .filter_map(|(name, p)| p.map(|p| (name, p)))
        .collect();
    for (row, (name, pair)) in rows.iter().enumerate() {
        for (side, pocket) in pair.iter().enumerate() {
            let white = side == 0;
            let below = white != diagram.flipped;
            let y = if below {
                frame.y + frame.h + m.margin + row as f32 * m.pocket
            } else {
                frame.y - (row + 1) as f32 * m.pocket - 2.0
            };
            pocket_row(name, pocket, frame.x, y, frame.w, library, items);
        }
    }
}

fn pocket_row(name: &str, pocket: &Pocket, x: f32, y: f32, w: f32, library: &mut Library, items: &mut Vec<Item>) {
    let m = METRICS;
    let h = m.pocket - 4.0;
    items.push(Item::Rect { x, y, w, h, style: Style::fill(Paint::Color(POCKET)) });
    items.extend(font::text(name, x + 4.0, y + h / 2.0 + 4.0, 11.0, FAINT_INK, Anchor::Start));
    let mut px = x + 4.0 + font::width(name, 11.0) + 6.0;
    if pocket.pieces.is_empty() {
        items.extend(font::text("empty", px, y + h / 2.0 + 4.0, 11.0, FAINT_INK, Anchor::Start));
        return;
    }
    for (figure, count) in &pocket.pieces {
        let size = h;
        place_figure(figure, (px + size / 2.0, y + h / 2.0), size, library, items);
        px += size;
        if *count > 1 {
            let text = format!("{count}");
            items.extend(font::text(&text, px, y + h - 3.0, 11.0, INK, Anchor::Start));
            px += font::width(&text, 11.0) + 2.0;
        }
        px += 4.0;
    }
}

/// Arrows and outlined cells, candidates first so that the attempted and the played ones lie
/// over them.
fn marks(diagram: &Diagram, frames: &[Frame], items: &mut Vec<Item>) {
    let order = [Tone::Candidate, Tone::Attempted, Tone::Played];
    for tone in order {
        // A mark laid by hand past the boards' edges shows nothing.
        let on = |spot: &Spot| spot.file < diagram.files && spot.rank < diagram.ranks;
        let shown = |m: &&Mark| match m {
            Mark::Arrow { from, to, .. } => on(from) && on(to),
            Mark::Cell { at, .. } => on(at),
        };
        for mark in diagram.marks.iter().filter(shown).filter(|m| mark_tone(m) == tone) {
            match *mark {
                Mark::Arrow { from, to, tone } => {
                    let (Some(f0), Some(f1)) = (frames.get(usize::from(from.board)), frames.get(usize::from(to.board)))
                    else {
                        continue;
                    };
                    let a = cell_centre(diagram, *f0, from.file, from.rank);
                    let b = cell_centre(diagram, *f1, to.file, to.rank);
                    let width = if tone == Tone::Candidate { 0.1 } else { 0.16 } * METRICS.square;
                    if let Some(d) = arrow(a, b, width) {
                        items.push(Item::Path { d, style: Style::fill(Paint::Color(tone_color(tone))) });
                    }
                }
                // A played cell is tinted with the cells.
                Mark::Cell { at, tone } if tone != Tone::Played => {
                    let Some(frame) = frames.get(usize::from(at.board)) else { continue };
                    let stroke = Style::stroke(Paint::Color(tone_color(tone)), 4.0);
                    match diagram.shape {
                        Shape::Rectangle => {
                            let (x, y) = cell_origin(diagram, *frame, at.file, at.rank);
                            let s = METRICS.square;
                            items.push(Item::Rect { x: x + 2.0, y: y + 2.0, w: s - 4.0, h: s - 4.0, style: stroke });
                        }
                        Shape::Ring => {
                            let (cx, cy) = (frame.x + frame.w / 2.0, frame.y + frame.h / 2.0);
                            let (ring, place) = ring_place(diagram, at.file, at.rank);
                            let (r0, r1) = ring_radii(diagram, ring);
                            let (a0, a1) = ring_angles(diagram, place);
                            let inset = 2.0 / r1;
                            let d = sector(cx, cy, (r0 + 2.0, r1 - 2.0), (a0 + inset, a1 - inset));
                            items.push(Item::Path { d, style: stroke });
                        }
                    }
                }
                Mark::Cell { .. } => {}
            }
        }
    }
}

fn mark_tone(mark: &Mark) -> Tone {
    match *mark {
        Mark::Arrow { tone, .. } | Mark::Cell { tone, .. } => tone,
    }
}

/// An arrow from `a` to `b` as one outline (so that a translucent colour is even), its shaft
/// `width` wide and its point short of `b`'s centre; `None` for an arrow of no length.
fn arrow((x0, y0): (f32, f32), (x1, y1): (f32, f32), width: f32) -> Option<String> {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return None;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let head = (width * 2.8).min(length * 0.6);
    let half_head = width * 1.5;
    let start = METRICS.square * 0.12;
    let tip = length - METRICS.square * 0.12;
    let neck = tip - head;
    let at = |along: f32, across: f32| (x0 + ux * along + nx * across, y0 + uy * along + ny * across);
    let corners = [
        at(start, -width / 2.0),
        at(neck, -width / 2.0),
        at(neck, -half_head),
        at(tip, 0.0),
        at(neck, half_head),
        at(neck, width / 2.0),
        at(start, width / 2.0),
    ];
    let mut d = String::new();
    for (i, (x, y)) in corners.iter().enumerate() {
        d.push_str(&format!("{}{x:.2} {y:.2}", if i == 0 { "M" } else { "L" }));
    }
    d.push('Z');
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Position;
    use crate::variants::Catalogue;

    fn start(name: &str) -> Diagram {
        let variant = Catalogue::builtin().find(Some(name)).expect("a catalogue variant");
        Diagram::of_position(&Position::start(&variant).expect("a start position"))
    }

    /// The light and dark cells a scene draws, in its own items and in the boards it places.
    fn cells(scene: &Scene, library: &Library) -> usize {
        let square = |i: &&Item| {
            matches!(i, Item::Rect { style, .. }
            if matches!(style.fill, Some(Paint::Color(c)) if c == LIGHT || c == DARK))
        };
        let placed: usize = scene
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Use { symbol, .. } if symbol.starts_with("board-") => library.symbols.get(symbol),
                _ => None,
            })
            .map(|b| b.items.iter().filter(square).count())
            .sum();
        scene.items.iter().filter(square).count() + placed
    }

    fn uses<'a>(scene: &'a Scene, prefix: &'a str) -> impl Iterator<Item = (&'a str, f32, f32)> + 'a {
        scene.items.iter().filter_map(move |i| match i {
            Item::Use { symbol, x, y, .. } if symbol.starts_with(prefix) => Some((symbol.as_str(), *x, *y)),
            _ => None,
        })
    }

    #[test]
    fn a_rectangle_has_a_cell_per_square_and_a_piece_per_piece() {
        let mut library = Library::default();
        let drawn = scene(&start("orthodox"), &mut library, false);
        assert_eq!(cells(&drawn, &library), 64);
        assert!(library.symbols.contains_key("board-8x8"), "a plain board is placed whole");
        assert_eq!(uses(&drawn, "p-").count(), 32);
        // White's king stands on e1: the fifth column, the bottom row.
        let (_, x, y) = uses(&drawn, "p-w-king").next().expect("White's king");
        assert_eq!((x, y), (METRICS.margin + 4.0 * SQUARE, METRICS.margin * 0.5 + 7.0 * SQUARE));
        assert!(library.symbols.contains_key("p-b-knight") && library.symbols.contains_key("g-61"));
        let mut library = Library::default();
        let double = scene(&start("double"), &mut library, true);
        assert_eq!(cells(&double, &library), 128);
        assert!(double.width > 16.0 * SQUARE && double.height < 9.0 * SQUARE + 60.0);
    }

    fn scene_of(name: &str) -> Scene {
        scene(&start(name), &mut Library::default(), true)
    }

    #[test]
    fn a_board_with_holes_or_walls_draws_its_cells() {
        let variant = Catalogue::builtin().find(None).unwrap();
        let fen: crate::rules::fen::Fen = "rnbqkbnr/pppppppp/8/3*4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
        let diagram = Diagram::of_fen(&variant, &fen);
        let mut library = Library::default();
        let drawn = scene(&diagram, &mut library, false);
        assert!(!library.symbols.keys().any(|k| k.starts_with("board-")));
        assert_eq!(cells(&drawn, &library), 63);
        assert!(
            drawn.items.iter().any(|i| matches!(i, Item::Rect { style, .. } if style.fill == Some(Paint::Color(WALL))))
        );
    }

    #[test]
    fn the_ring_has_sixty_four_cells_round_an_empty_centre() {
        let scene = scene_of("circular");
        let sectors =
            scene.items.iter().filter(|i| matches!(i, Item::Path { d, .. } if d.matches('A').count() == 2)).count();
        assert_eq!(sectors, 64);
        assert_eq!(uses(&scene, "p-").count(), 32);
        // White's pieces a1 and h1 are neighbours across the bottom of the ring; Black's a8
        // and h8 across its top.
        let diagram = start("circular");
        let frame = Frame {
            x: METRICS.margin,
            y: METRICS.margin * 0.5,
            w: 2.0 * ring_outer(&diagram),
            h: 2.0 * ring_outer(&diagram),
        };
        let (a1, h1) = (cell_centre(&diagram, frame, 0, 0), cell_centre(&diagram, frame, 7, 0));
        let (a8, h8) = (cell_centre(&diagram, frame, 0, 7), cell_centre(&diagram, frame, 7, 7));
        let centre = (frame.x + frame.w / 2.0, frame.y + frame.h / 2.0);
        assert!(a1.1 > centre.1 && h1.1 > centre.1 && a1.0 < centre.0 && h1.0 > centre.0);
        assert!(a8.1 < centre.1 && h8.1 < centre.1);
        assert!((a1.0 - h1.0).abs() < SQUARE * 2.5 && (a1.1 - h1.1).abs() < 1.0, "{a1:?} {h1:?}");
        // d1 is on the inner ring, nearer the centre than a1.
        let d1 = cell_centre(&diagram, frame, 3, 0);
        let distance = |(x, y): (f32, f32)| ((x - centre.0).powi(2) + (y - centre.1).powi(2)).sqrt();
        assert!(distance(d1) < distance(a1) - 2.5 * SQUARE);
    }

    #[test]
    fn neighbours_on_the_ring_are_neighbours_in_the_picture() {
        // The rules' geometry says which cells touch; the picture must put them side by side:
        // one place round the ring at the same radius, or one ring in at the same angle.
        let variant = Catalogue::builtin().find(Some("circular")).unwrap();
        let diagram = start("circular");
        let side = 2.0 * ring_outer(&diagram);
        let frame = Frame { x: 0.0, y: 0.0, w: side, h: side };
        let centre = (side / 2.0, side / 2.0);
        let polar = |(x, y): (f32, f32)| {
            let (dx, dy) = (x - centre.0, y - centre.1);
            ((dx * dx + dy * dy).sqrt(), dy.atan2(dx))
        };
        let geometry = &variant.geometry;
        let step = 2.0 * PI / 16.0;
        let mut pairs = 0;
        for sq in geometry.squares() {
            let at = |sq| cell_centre(&diagram, frame, geometry.file(sq), geometry.rank(sq));
            let (r, a) = polar(at(sq));
            for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let Some(to) = geometry.offset(sq, dx, dy) else { continue };
                let (r2, a2) = polar(at(to));
                let turn = (a2 - a).rem_euclid(2.0 * PI);
                let turn = turn.min(2.0 * PI - turn);
                if dx == 0 {
                    assert!((r2 - r).abs() < 0.01 && (turn - step).abs() < 0.001, "{sq:?} and {to:?} round the ring");
                } else {
                    assert!(
                        ((r2 - r).abs() - SQUARE).abs() < 0.01 && turn < 0.001,
                        "{sq:?} and {to:?} across the rings"
                    );
                }
                pairs += 1;
            }
        }
        // 64 cells with two neighbours round and 48 ring crossings each way.
        assert_eq!(pairs, 64 * 2 + 48 * 2);
    }

    #[test]
    fn hands_lie_beside_their_sides_and_two_boards_side_by_side() {
        let orthodox = scene_of("orthodox");
        let crazyhouse = scene_of("crazyhouse");
        let pocket = |s: &Scene| {
            s.items
                .iter()
                .filter(|i| matches!(i, Item::Rect { style, .. } if style.fill == Some(Paint::Color(POCKET))))
                .count()
        };
        assert_eq!(pocket(&orthodox), 0);
        assert_eq!(pocket(&crazyhouse), 2);
        assert!(crazyhouse.height > orthodox.height + 2.0 * METRICS.pocket - 1.0);
        let mut library = Library::default();
        let bughouse = scene(&start("bughouse"), &mut library, true);
        assert_eq!(cells(&bughouse, &library), 128);
        assert_eq!(pocket(&bughouse), 4);
        assert!(bughouse.width > 2.0 * orthodox.width);
    }

    #[test]
    fn marks_are_arrows_and_outlines() {
        let mut diagram = start("orthodox");
        let spot = |file, rank| Spot { board: 0, file, rank };
        diagram.marks.push(Mark::Arrow { from: spot(4, 1), to: spot(4, 3), tone: Tone::Played });
        diagram.marks.push(Mark::Cell { at: spot(5, 2), tone: Tone::Attempted });
        let scene = scene(&diagram, &mut Library::default(), false);
        let tinted = scene
            .items
            .iter()
            .filter(|i| matches!(i, Item::Rect { style, .. } if style.fill == Some(Paint::Color(PLAYED_TINT))))
            .count();
        assert_eq!(tinted, 2, "the played move's two cells");
        let arrows = scene
            .items
            .iter()
            .filter(
                |i| matches!(i, Item::Path { style, .. } if style.fill == Some(Paint::Color(tone_color(Tone::Played)))),
            )
            .count();
        assert_eq!(arrows, 1);
        let outlined = scene.items.iter().filter(|i| matches!(i, Item::Rect { style, .. } if style.stroke.map(|s| s.0) == Some(Paint::Color(tone_color(Tone::Attempted))))).count();
        assert_eq!(outlined, 1);
        assert!(arrow((0.0, 0.0), (0.5, 0.0), 5.0).is_none());
    }

    #[test]
    fn every_catalogue_variant_is_drawn_and_painted() {
        let catalogue = Catalogue::builtin();
        let mut drawn = 0;
        for definition in catalogue.definitions() {
            let variant = definition.playable.as_ref().expect("a playable variant");
            let position = Position::start(variant).expect("a start position");
            let diagram = Diagram::of_position(&position);
            let mut library = Library::default();
            let scene = scene(&diagram, &mut library, true);
            let pieces = position.squares_of(crate::rules::variant::Color::White).count()
                + position.squares_of(crate::rules::variant::Color::Black).count();
            let placed = scene
                .items
                .iter()
                .filter(
                    |i| matches!(i, Item::Use { symbol, .. } if symbol.starts_with("p-") || symbol.starts_with("d-")),
                )
                .count();
            assert!(placed >= pieces, "{}: {placed} pieces drawn of {pieces}", definition.resolved.name);
            let image = crate::picture::raster::render(&scene, &library, 0.25)
                .unwrap_or_else(|e| panic!("{}: {e}", definition.resolved.name));
            assert!(image.width > 50 && image.height > 50);
            drawn += 1;
        }
        assert!(drawn >= 100);
    }

    #[test]
    fn marks_past_the_edge_show_nothing() {
        // `Nc9` names a rank the board lacks: the mark is not laid; one laid by hand is not
        // drawn.
        let mut diagram = start("orthodox");
        assert!(diagram.mark_written("Nc9", Tone::Attempted));
        assert!(diagram.marks.is_empty());
        let far = Spot { board: 0, file: 2, rank: 8 };
        diagram.marks.push(Mark::Cell { at: far, tone: Tone::Attempted });
        let mut ring = start("circular");
        ring.marks.push(Mark::Arrow { from: Spot { board: 0, file: 9, rank: 0 }, to: far, tone: Tone::Played });
        for d in [diagram, ring] {
            let mut library = Library::default();
            let drawn = scene(&d, &mut library, true);
            assert!(crate::picture::raster::render(&drawn, &library, 0.1).is_ok());
        }
    }
}
