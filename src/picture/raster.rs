//! A [`Scene`] painted into pixels: the PNG side of a diagram.
//!
//! Every shape, fill or stroke, becomes polygons handed to one scanline rasterizer: sixteen
//! sample rows per pixel row, each cut exactly where the edges cross it, the nonzero rule
//! applied per sample row. A stroke is the union of its segments (quads), round joins
//! (wedges) and round caps (discs), all wound the same way, so that where they overlap the
//! nonzero rule counts the place once: a translucent stroke is not darker at its joins. The
//! coverage of a shape is clamped to one before the shape is blended, source over, into
//! the image's pixels, straight RGBA.
//!
//! This module knows scenes and path data, nothing of chess, SVG or PNG.

use std::f64::consts::{PI, TAU};
use std::fmt;

use super::path::{self, PathError, Point};
use super::scene::{Item, Library, Paint, Rgba, Scene, Style};

/// The widest and tallest image [`render`] makes, in pixels.
pub const MAX_SIDE: u32 = 16384;
/// The most pixels an image [`render`] makes has (64 Mpx, 256 MiB of RGBA).
pub const MAX_PIXELS: u64 = 64 << 20;
/// How deep symbols may place symbols: a scene's `Use` of a symbol is depth one.
pub const MAX_NESTING: usize = 8;

/// How far, in pixels, a flattened curve or arc may stray from the true one.
const TOLERANCE: f32 = 0.1;
/// How far, in pixels, the polygon of a disc, cap or join may stray from its circle: finer
/// than curves, since the small discs of a thin stroke's caps would otherwise be polygons.
const ARC_TOLERANCE: f32 = 0.025;
/// Sample rows per pixel row.
const SUBSAMPLES: u32 = 16;
/// Coordinates are clamped into this range, in pixels, before rasterizing: far outside the
/// image, a clamped polygon still winds around the same pixels, and no arithmetic overflows.
const FAR: f32 = 1.0e6;

/// Pixels, RGBA with 8 bits a channel, straight (not premultiplied) alpha, row after row from
/// the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Width, in pixels.
    pub width: u32,
    /// Height, in pixels.
    pub height: u32,
    /// `width * height * 4` bytes.
    pub pixels: Vec<u8>,
}

impl Image {
    /// The pixel at (`x`, `y`), or `None` outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Rgba> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = (y as usize * self.width as usize + x as usize) * 4;
        match self.pixels.get(at..at + 4) {
            Some(&[r, g, b, a]) => Some(Rgba(r, g, b, a)),
            _ => None,
        }
    }
}

/// Why a scene could not be painted.
#[derive(Clone, Debug, PartialEq)]
pub enum RenderError {
    /// `render(&scene, &library, 0.0)`: pixels per user unit must be a positive number.
    Scale(f32),
    /// A scene of width 0 (or negative, or not a number).
    Size {
        /// The scene's width.
        width: f32,
        /// The scene's height.
        height: f32,
    },
    /// A scene of 20,000 x 20,000 user units at scale 1: more than [`MAX_SIDE`] pixels a
    /// side or [`MAX_PIXELS`] pixels.
    TooLarge {
        /// The width the image would have.
        width: u64,
        /// The height the image would have.
        height: u64,
    },
    /// An `Item::Path` whose data is not path data (`M 1`).
    Path {
        /// The symbol it is in, or `None` in the scene itself.
        symbol: Option<String>,
        /// What is wrong with it.
        error: PathError,
    },
    /// A circle, rectangle, placement or stroke width that is not a finite number.
    NotFinite {
        /// The symbol it is in, or `None` in the scene itself.
        symbol: Option<String>,
    },
    /// An `Item::Use` of a symbol the library does not have.
    UnknownSymbol(String),
    /// A symbol that places itself, directly or through others.
    Cycle(String),
    /// Symbols placed inside symbols more than [`MAX_NESTING`] deep; the symbol too deep.
    TooDeep(String),
}

struct InSymbol<'a>(&'a Option<String>);

impl fmt::Display for InSymbol<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(id) => write!(f, " in symbol {id:?}"),
            None => Ok(()),
        }
    }
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Scale(scale) => write!(f, "the scale {scale} is not a positive number of pixels per unit"),
            RenderError::Size { width, height } => {
                write!(f, "the picture's size {width} x {height} is not a positive size")
            }
            RenderError::TooLarge { width, height } => write!(
                f,
                "an image of {width} x {height} pixels is larger than the limit ({MAX_SIDE} a side, {} Mpx)",
                MAX_PIXELS >> 20
            ),
            RenderError::Path { symbol, error } => write!(f, "bad path data{}: {error}", InSymbol(symbol)),
            RenderError::NotFinite { symbol } => {
                write!(f, "a shape or placement{} has a coordinate that is not a finite number", InSymbol(symbol))
            }
            RenderError::UnknownSymbol(id) => write!(f, "symbol {id:?} is not in the library"),
            RenderError::Cycle(id) => write!(f, "symbol {id:?} places itself"),
            RenderError::TooDeep(id) => write!(f, "symbol {id:?} is placed more than {MAX_NESTING} symbols deep"),
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Path { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Paints `scene` at `scale` pixels per user unit. The image is the scene's size times the
/// scale, rounded up; [`Paint::Current`] outside any symbol is black.
pub fn render(scene: &Scene, library: &Library, scale: f32) -> Result<Image, RenderError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError::Scale(scale));
    }
    let (width, height) = (scene.width, scene.height);
    if !(width.is_finite() && height.is_finite() && width > 0.0 && height > 0.0) {
        return Err(RenderError::Size { width, height });
    }
    // A hair under a whole number of pixels is that number: 640 units at 1.0 are 640 pixels
    // even when the product is 640.00006.
    let side = |units: f32| (f64::from(units) * f64::from(scale) - 1e-3).ceil().max(1.0) as u64;
    let (w, h) = (side(width), side(height));
    if w > u64::from(MAX_SIDE) || h > u64::from(MAX_SIDE) || w * h > MAX_PIXELS {
        return Err(RenderError::TooLarge { width: w, height: h });
    }
    let (w, h) = (w as usize, h as usize);
    let mut pixels = vec![0; w * h * 4];
    if let Some(Rgba(r, g, b, a)) = scene.background {
        for pixel in pixels.chunks_exact_mut(4) {
            pixel.copy_from_slice(&[r, g, b, a]);
        }
    }
    let mut painter = Painter {
        library,
        canvas: Canvas { width: w, pixels },
        raster: Rasterizer::default(),
        stack: Vec::new(),
        scratch: Vec::new(),
    };
    painter.items(&scene.items, Place { scale, dx: 0.0, dy: 0.0 }, Rgba::rgb(0, 0, 0))?;
    let pixels = painter.canvas.pixels;
    Ok(Image { width: w as u32, height: h as u32, pixels })
}

/// Where a symbol's (or the scene's) units land: `device = local * scale + (dx, dy)`. Symbols
/// are only ever moved and scaled alike in both directions, so circles stay circles.
#[derive(Clone, Copy, Debug)]
struct Place {
    scale: f32,
    dx: f32,
    dy: f32,
}

impl Place {
    fn map(self, p: Point) -> Point {
        Point::new(p.x * self.scale + self.dx, p.y * self.scale + self.dy)
    }
}

struct Painter<'a> {
    library: &'a Library,
    canvas: Canvas,
    raster: Rasterizer,
    /// The symbols being drawn, outermost first.
    stack: Vec<&'a str>,
    scratch: Vec<Point>,
}

impl<'a> Painter<'a> {
    fn symbol(&self) -> Option<String> {
        self.stack.last().map(|id| id.to_string())
    }

    fn items(&mut self, items: &'a [Item], place: Place, current: Rgba) -> Result<(), RenderError> {
        let paint = |paint: Paint| match paint {
            Paint::Color(color) => color,
            Paint::Current => current,
        };
        for item in items {
            let style = match item {
                Item::Path { style, .. } | Item::Circle { style, .. } | Item::Rect { style, .. } => *style,
                Item::Use { .. } => Style { fill: None, stroke: None },
            };
            let half_width = match style.stroke {
                Some((_, width)) if !width.is_finite() => return Err(RenderError::NotFinite { symbol: self.symbol() }),
                Some((paint, width)) if width > 0.0 => Some((paint, width * place.scale / 2.0)),
                _ => None,
            };
            match item {
                Item::Path { d, .. } => {
                    let commands =
                        path::parse(d).map_err(|error| RenderError::Path { symbol: self.symbol(), error })?;
                    let mut lines = path::flatten(&commands, TOLERANCE / place.scale);
                    for line in &mut lines {
                        for p in &mut line.points {
                            *p = place.map(*p);
                        }
                    }
                    if let Some(fill) = style.fill {
                        for line in &lines {
                            self.raster.polygon(&line.points, 1);
                        }
                        self.raster.fill(&mut self.canvas, paint(fill));
                    }
                    if let Some((stroke, half_width)) = half_width {
                        for line in &lines {
                            self.raster.stroke(&mut self.scratch, &line.points, line.closed, half_width);
                        }
                        self.raster.fill(&mut self.canvas, paint(stroke));
                    }
                }
                &Item::Circle { cx, cy, r, .. } => {
                    if ![cx, cy, r].iter().all(|v| v.is_finite()) {
                        return Err(RenderError::NotFinite { symbol: self.symbol() });
                    }
                    if r <= 0.0 {
                        continue;
                    }
                    let (centre, r) = (place.map(Point::new(cx, cy)), r * place.scale);
                    if let Some(fill) = style.fill {
                        self.raster.disc(&mut self.scratch, centre, r, 1);
                        self.raster.fill(&mut self.canvas, paint(fill));
                    }
                    if let Some((stroke, half_width)) = half_width {
                        // A ring: the outer circle one way round, the inner one the other.
                        self.raster.disc(&mut self.scratch, centre, r + half_width, 1);
                        if r > half_width {
                            self.raster.disc(&mut self.scratch, centre, r - half_width, -1);
                        }
                        self.raster.fill(&mut self.canvas, paint(stroke));
                    }
                }
                &Item::Rect { x, y, w, h, .. } => {
                    if ![x, y, w, h].iter().all(|v| v.is_finite()) {
                        return Err(RenderError::NotFinite { symbol: self.symbol() });
                    }
                    // SVG draws no rectangle without area.
                    if w <= 0.0 || h <= 0.0 {
                        continue;
                    }
                    let corners =
                        [Point::new(x, y), Point::new(x + w, y), Point::new(x + w, y + h), Point::new(x, y + h)]
                            .map(|p| place.map(p));
                    if let Some(fill) = style.fill {
                        self.raster.polygon(&corners, 1);
                        self.raster.fill(&mut self.canvas, paint(fill));
                    }
                    if let Some((stroke, half_width)) = half_width {
                        self.raster.stroke(&mut self.scratch, &corners, true, half_width);
                        self.raster.fill(&mut self.canvas, paint(stroke));
                    }
                }
                Item::Use { symbol, x, y, size, color } => {
                    if ![*x, *y, *size].iter().all(|v| v.is_finite()) {
                        return Err(RenderError::NotFinite { symbol: self.symbol() });
                    }
                    let Some((id, placed)) = self.library.symbols.get_key_value(symbol) else {
                        return Err(RenderError::UnknownSymbol(symbol.clone()));
                    };
                    if self.stack.contains(&id.as_str()) {
                        return Err(RenderError::Cycle(symbol.clone()));
                    }
                    if self.stack.len() >= MAX_NESTING {
                        return Err(RenderError::TooDeep(symbol.clone()));
                    }
                    if *size <= 0.0 {
                        continue;
                    }
                    let inner = Place {
                        scale: place.scale * size / 100.0,
                        dx: place.dx + x * place.scale,
                        dy: place.dy + y * place.scale,
                    };
                    self.stack.push(id);
                    self.items(&placed.items, inner, *color)?;
                    self.stack.pop();
                }
            }
        }
        Ok(())
    }
}

/// RGBA pixels, straight alpha, row after row. Blending into straight alpha costs a division
/// where the pixel below is translucent, and keeps a translucent colour over nothing exact.
struct Canvas {
    width: usize,
    pixels: Vec<u8>,
}

/// An edge of a polygon, top to bottom; `winding` is +1 or -1 by the way it was drawn.
#[derive(Clone, Copy, Debug)]
struct Edge {
    x0: f32,
    y0: f32,
    y1: f32,
    slope: f32,
    winding: i32,
}

/// The edges of the shape being built and the buffers of filling it, kept from shape to shape.
#[derive(Default)]
struct Rasterizer {
    edges: Vec<Edge>,
    active: Vec<Edge>,
    crossings: Vec<(f32, i32)>,
    /// A row's coverage as differences: a pixel's coverage is the sum of the entries up to it.
    cover: Vec<f32>,
}

fn signed_area(points: &[Point]) -> f64 {
    let mut sum = 0.0;
    let mut previous = match points.last() {
        Some(&p) => p,
        None => return 0.0,
    };
    for &p in points {
        sum += f64::from(previous.x) * f64::from(p.y) - f64::from(p.x) * f64::from(previous.y);
        previous = p;
    }
    sum / 2.0
}

/// Points around a circle's arc from angle `from` (radians, clockwise on the screen) through
/// `sweep`, both ends included, close enough to it for [`ARC_TOLERANCE`]. The points lie a little
/// outside the circle, where the polygon's area equals the arc's sector: a disc of radius r
/// covers pi r^2 pixels, not a little less.
fn arc_points(out: &mut Vec<Point>, centre: Point, radius: f32, from: f64, sweep: f64) {
    let radius = f64::from(radius);
    let steps = (sweep.abs() / path::angle_step(radius, f64::from(ARC_TOLERANCE))).ceil().clamp(1.0, 1024.0);
    let step = sweep / steps;
    let radius = if step.abs() > 1e-9 { radius * (step / step.sin()).abs().sqrt() } else { radius };
    for i in 0..=steps as u32 {
        let (sin, cos) = (from + step * f64::from(i)).sin_cos();
        out.push(Point::new((f64::from(centre.x) + radius * cos) as f32, (f64::from(centre.y) + radius * sin) as f32));
    }
}

fn add_span(cover: &mut [f32], x0: f32, x1: f32, bounds: &mut (usize, usize)) {
    const WEIGHT: f32 = 1.0 / SUBSAMPLES as f32;
    if x1 <= x0 {
        return;
    }
    let (i0, i1) = (x0 as usize, x1 as usize);
    let (f0, f1) = (x0 - i0 as f32, x1 - i1 as f32);
    for (i, amount) in
        [(i0, (1.0 - f0) * WEIGHT), (i0 + 1, f0 * WEIGHT), (i1, -(1.0 - f1) * WEIGHT), (i1 + 1, -f1 * WEIGHT)]
    {
        if let Some(c) = cover.get_mut(i) {
            *c += amount;
        }
    }
    bounds.0 = bounds.0.min(i0);
    bounds.1 = bounds.1.max(i1 + 1);
}

/// The unit vector from `a` to `b` (the points differ).
fn direction(a: Point, b: Point) -> (f64, f64) {
    let (dx, dy) = (f64::from(b.x - a.x), f64::from(b.y - a.y));
    let length = dx.hypot(dy);
    (dx / length, dy / length)
}

/// The angle of the left normal (-dy, dx) of a direction: where a stroke's left side is.
fn normal_angle(d: (f64, f64)) -> f64 {
    d.0.atan2(-d.1)
}

/// `p` moved `distance` along the left normal of `d`, then `along` in the direction `d`.
fn offset(p: Point, d: (f64, f64), distance: f64, along: f64) -> Point {
    Point::new(
        (f64::from(p.x) - d.1 * distance + d.0 * along) as f32,
        (f64::from(p.y) + d.0 * distance + d.1 * along) as f32,
    )
}

/// The left side of a stroke along `points` (two or more, none repeated), `half_width` from
/// them: the offset segments, and at each corner either a round join (the side outside the
/// turn) or a way across the overlap of the two segments (the side inside it).
fn offset_side(out: &mut Vec<Point>, points: &[Point], closed: bool, half_width: f64) {
    let n = points.len();
    if n < 2 {
        return;
    }
    let corners = if closed { 0..n } else { 1..n - 1 };
    if !closed {
        out.push(offset(points[0], direction(points[0], points[1]), half_width, 0.0));
    }
    for i in corners {
        let (previous, p, next) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
        let (d1, d2) = (direction(previous, p), direction(p, next));
        let cross = d1.0 * d2.1 - d1.1 * d2.0;
        let dot = d1.0 * d2.0 + d1.1 * d2.1;
        let turn = cross.atan2(dot);
        if turn.abs() * half_width < 1e-3 {
            // Straight on.
            out.push(offset(p, d1, half_width, 0.0));
            out.push(offset(p, d2, half_width, 0.0));
        } else if cross > 0.0 {
            // The inside of the turn, where the two segments' rectangles overlap: where their
            // sides cross if that is well within both segments, else through the corner
            // itself. Either way only places covered twice lose a winding.
            let back = half_width * (turn.abs() / 2.0).tan();
            let shortest =
                f64::from((p.x - previous.x).hypot(p.y - previous.y).min((next.x - p.x).hypot(next.y - p.y)));
            if back <= shortest / 2.0 {
                out.push(offset(p, d1, half_width, -back));
            } else {
                out.push(offset(p, d1, half_width, 0.0));
                out.push(p);
                out.push(offset(p, d2, half_width, 0.0));
            }
        } else {
            // The outside: a round join. A line turning straight back has it on both sides,
            // round the end.
            let sweep = if cross < 0.0 { turn } else { -PI };
            arc_points(out, p, half_width as f32, normal_angle(d1), sweep);
        }
    }
    if !closed {
        out.push(offset(points[n - 1], direction(points[n - 2], points[n - 1]), half_width, 0.0));
    }
}

/// Sorts by `key`, in time proportional to the length and the pairs out of order: the
/// lists sorted here are short and nearly sorted already.
fn insertion_sort<T: Copy>(items: &mut [T], key: impl Fn(&T) -> f32) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

impl Rasterizer {
    fn line(&mut self, a: Point, b: Point, winding: i32) {
        let far = |p: Point| Point::new(p.x.clamp(-FAR, FAR), p.y.clamp(-FAR, FAR));
        let (a, b) = (far(a), far(b));
        if a.y == b.y || ![a.x, a.y, b.x, b.y].iter().all(|v| v.is_finite()) {
            return;
        }
        let (top, bottom, winding) = if a.y < b.y { (a, b, winding) } else { (b, a, -winding) };
        let slope = (bottom.x - top.x) / (bottom.y - top.y);
        self.edges.push(Edge { x0: top.x, y0: top.y, y1: bottom.y, slope, winding });
    }

    /// A closed polygon; `winding` -1 adds it the other way round.
    fn polygon(&mut self, points: &[Point], winding: i32) {
        let Some(&last) = points.last() else { return };
        let mut previous = last;
        for &p in points {
            self.line(previous, p, winding);
            previous = p;
        }
    }

    /// A closed polygon wound the same way as every other added by this method, whichever way
    /// its points go round.
    fn positive(&mut self, points: &[Point]) {
        let area = signed_area(points);
        if area != 0.0 {
            self.polygon(points, if area > 0.0 { 1 } else { -1 });
        }
    }

    fn disc(&mut self, scratch: &mut Vec<Point>, centre: Point, radius: f32, winding: i32) {
        scratch.clear();
        arc_points(scratch, centre, radius, 0.0, TAU);
        // The last point is the first again.
        scratch.pop();
        self.polygon(scratch, winding);
    }

    /// The outline of `line`, `half_width` pixels to each side with round joins and caps,
    /// added as one shape: one side forward, the other backward (the left of the reversed
    /// line), joined by the caps, or two loops for a closed line. Its winding is the sum of
    /// the windings of the segments' rectangles, the joins' wedges and the caps' half discs,
    /// all wound alike, so that the nonzero rule fills their union.
    fn stroke(&mut self, scratch: &mut Vec<Point>, line: &[Point], closed: bool, half_width: f32) {
        let mut points: Vec<Point> = Vec::with_capacity(line.len());
        for &p in line {
            if points.last().is_none_or(|q: &Point| (p.x - q.x).hypot(p.y - q.y) > 1e-3) {
                points.push(p);
            }
        }
        if closed
            && points.len() > 1
            && let (Some(first), Some(last)) = (points.first(), points.last())
            && (first.x - last.x).hypot(first.y - last.y) <= 1e-3
        {
            points.pop();
        }
        let half_width = f64::from(half_width);
        scratch.clear();
        match (points.as_slice(), closed) {
            ([], _) => {}
            (&[p], _) => {
                // A subpath of no length: its round caps make a dot.
                if line.len() > 1 || closed {
                    arc_points(scratch, p, half_width as f32, 0.0, TAU);
                    scratch.pop();
                    self.positive(scratch);
                }
            }
            (_, true) => {
                offset_side(scratch, &points, true, half_width);
                self.polygon(scratch, 1);
                scratch.clear();
                points.reverse();
                offset_side(scratch, &points, true, half_width);
                self.polygon(scratch, 1);
            }
            (_, false) => {
                for _ in 0..2 {
                    offset_side(scratch, &points, false, half_width);
                    if let [.., a, b] = points[..] {
                        // Round the end: from the left side, past the end, to the right.
                        arc_points(scratch, b, half_width as f32, normal_angle(direction(a, b)), -PI);
                    }
                    points.reverse();
                }
                self.polygon(scratch, 1);
            }
        }
    }

    /// Paints the shape built so far with `color`, nonzero rule, and forgets it.
    fn fill(&mut self, canvas: &mut Canvas, color: Rgba) {
        let Rasterizer { edges, active, crossings, cover } = self;
        if edges.is_empty() || color.3 == 0 || canvas.width == 0 {
            edges.clear();
            return;
        }
        let height = canvas.pixels.len() / 4 / canvas.width;
        let (width_f, height_f) = (canvas.width as f32, height as f32);
        let (mut xmin, mut xmax, mut ymin, mut ymax) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
        for e in edges.iter() {
            let x1 = e.x0 + (e.y1 - e.y0) * e.slope;
            xmin = xmin.min(e.x0).min(x1);
            xmax = xmax.max(e.x0).max(x1);
            ymin = ymin.min(e.y0);
            ymax = ymax.max(e.y1);
        }
        let row0 = ymin.clamp(0.0, height_f).floor() as usize;
        let row1 = ymax.clamp(0.0, height_f).ceil() as usize;
        let col0 = xmin.clamp(0.0, width_f).floor() as usize;
        let col1 = xmax.clamp(0.0, width_f).ceil() as usize;
        if row0 >= row1 || col0 >= col1 {
            edges.clear();
            return;
        }
        edges.sort_unstable_by(|a, b| a.y0.total_cmp(&b.y0));
        cover.clear();
        cover.resize(col1 - col0 + 2, 0.0);
        active.clear();
        let (left, right) = (col0 as f32, col1 as f32);
        let (r, g, b) = (f32::from(color.0), f32::from(color.1), f32::from(color.2));
        let alpha = f32::from(color.3) / 255.0;
        let mut pending = edges.iter().peekable();
        let row_bytes = canvas.width * 4;
        for (y, row) in canvas.pixels.chunks_exact_mut(row_bytes).enumerate().take(row1).skip(row0) {
            let top = y as f32;
            while let Some(e) = pending.next_if(|e| e.y0 < top + 1.0) {
                active.push(*e);
            }
            active.retain(|e| e.y1 > top);
            if active.is_empty() {
                continue;
            }
            // Ordered by where they cross the row's middle, the edges cross each sample row
            // in nearly that order, and the sorts below have next to nothing to do.
            let middle = top + 0.5;
            insertion_sort(active, |e| e.x0 + (middle.clamp(e.y0, e.y1) - e.y0) * e.slope);
            let mut bounds = (usize::MAX, 0);
            for s in 0..SUBSAMPLES {
                let sy = top + (s as f32 + 0.5) / SUBSAMPLES as f32;
                crossings.clear();
                for e in active.iter() {
                    if e.y0 <= sy && sy < e.y1 {
                        crossings.push(((e.x0 + (sy - e.y0) * e.slope).clamp(left, right), e.winding));
                    }
                }
                if crossings.len() < 2 {
                    continue;
                }
                insertion_sort(crossings, |c| c.0);
                let (mut winding, mut start) = (0, 0.0);
                for &(x, w) in crossings.iter() {
                    let before = winding;
                    winding += w;
                    if before == 0 && winding != 0 {
                        start = x;
                    } else if before != 0 && winding == 0 {
                        add_span(cover, start - left, x - left, &mut bounds);
                    }
                }
            }
            let (lo, hi) = bounds;
            let Some(touched) = cover.get_mut(lo..=hi) else { continue };
            let mut coverage = 0.0;
            let pixels = row.chunks_exact_mut(4).skip(col0 + lo).take(col1.saturating_sub(col0 + lo));
            for (pixel, c) in pixels.zip(touched.iter()) {
                coverage += c;
                if coverage <= 1.0 / 1024.0 {
                    continue;
                }
                let a = if coverage >= 1.0 - 1.0 / 1024.0 { alpha } else { alpha * coverage };
                if a >= 1.0 {
                    pixel.copy_from_slice(&[color.0, color.1, color.2, 255]);
                } else if let [pr, pg, pb, pa] = pixel {
                    // Source over: what shows of the pixel below is its own opacity times
                    // what the colour lets through.
                    let below = f32::from(*pa) / 255.0 * (1.0 - a);
                    let total = a + below;
                    if total > 0.0 {
                        let mix = |c: f32, under: u8| ((c * a + f32::from(under) * below) / total + 0.5) as u8;
                        (*pr, *pg, *pb) = (mix(r, *pr), mix(g, *pg), mix(b, *pb));
                        *pa = (255.0 * total + 0.5) as u8;
                    }
                }
            }
            touched.fill(0.0);
        }
        edges.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::scene::Symbol;

    const WHITE: Rgba = Rgba::rgb(255, 255, 255);
    const RED: Rgba = Rgba::rgb(255, 0, 0);

    fn scene(width: f32, height: f32, background: Option<Rgba>, items: Vec<Item>) -> Scene {
        Scene { width, height, background, items, title: String::new() }
    }

    fn rect(x: f32, y: f32, w: f32, h: f32, style: Style) -> Item {
        Item::Rect { x, y, w, h, style }
    }

    fn path(d: &str, style: Style) -> Item {
        Item::Path { d: d.to_string(), style }
    }

    fn paint(scene: &Scene) -> Image {
        render(scene, &Library::default(), 1.0).unwrap()
    }

    fn px(image: &Image, x: u32, y: u32) -> Rgba {
        image.pixel(x, y).unwrap()
    }

    /// The sum of the pixels' opacity, in pixels.
    fn covered(image: &Image) -> f64 {
        image.pixels.chunks_exact(4).map(|p| f64::from(p[3]) / 255.0).sum()
    }

    #[test]
    fn edges_are_small() {
        // The rasterizer walks every active edge sixteen times a pixel row.
        assert_eq!(std::mem::size_of::<Edge>(), 20);
    }

    #[test]
    fn vanishing_and_huge_placements() {
        let library = library(&[(
            "dot",
            vec![path("M50 50a40 40 0 1 1 0 1Z", Style::both(Paint::Current, Paint::Current, 5.0))],
        )]);
        for size in [1e-30, f32::MIN_POSITIVE, 1e-3, 1e6, 1e30] {
            let scene = scene(10.0, 10.0, None, vec![place("dot", 0.0, 0.0, size, RED)]);
            assert!(render(&scene, &library, 1.0).is_ok(), "{size}");
        }
    }

    #[test]
    fn filled_rectangle_is_exact_inside_and_outside() {
        let image =
            paint(&scene(10.0, 8.0, Some(WHITE), vec![rect(2.0, 2.0, 4.0, 3.0, Style::fill(Paint::Color(RED)))]));
        assert_eq!((image.width, image.height, image.pixels.len()), (10, 8, 320));
        for y in 0..8 {
            for x in 0..10 {
                let inside = (2..6).contains(&x) && (2..5).contains(&y);
                assert_eq!(px(&image, x, y), if inside { RED } else { WHITE }, "({x}, {y})");
            }
        }
    }

    #[test]
    fn half_pixel_edges_are_half_covered() {
        let image =
            paint(&scene(10.0, 10.0, Some(WHITE), vec![rect(2.5, 3.5, 4.0, 4.0, Style::fill(Paint::Color(RED)))]));
        // Red half over white: 255 * 0.5 + 0.5, rounded.
        let half = Rgba(255, 128, 128, 255);
        assert_eq!(px(&image, 2, 5), half);
        assert_eq!(px(&image, 6, 5), half);
        assert_eq!(px(&image, 4, 3), half);
        assert_eq!(px(&image, 4, 7), half);
        assert_eq!(px(&image, 4, 5), RED);
        // A corner pixel is covered a quarter.
        assert_eq!(px(&image, 2, 3), Rgba(255, 191, 191, 255));
        assert_eq!(px(&image, 1, 5), WHITE);
    }

    #[test]
    fn circle_area() {
        for (r, scale) in [(20.0, 1.0), (10.0, 2.0), (3.3, 1.0), (40.0, 0.5)] {
            let circle = Item::Circle { cx: 50.3, cy: 49.6, r, style: Style::fill(Paint::Color(Rgba::rgb(0, 0, 0))) };
            let image = render(&scene(100.0, 100.0, None, vec![circle]), &Library::default(), scale).unwrap();
            let expected = PI * f64::from(r * scale).powi(2);
            let area = covered(&image);
            assert!((area / expected - 1.0).abs() < 0.01, "r {r} at {scale}: {area} for {expected}");
        }
    }

    #[test]
    fn stroked_line_coverage() {
        let black = Paint::Color(Rgba::rgb(0, 0, 0));
        let image = paint(&scene(60.0, 40.0, None, vec![path("M10 20.5H50", Style::stroke(black, 4.0))]));
        // A 40 x 4 band and two half discs.
        let expected = 160.0 + PI * 4.0;
        let area = covered(&image);
        assert!((area / expected - 1.0).abs() < 0.01, "{area} for {expected}");
        assert_eq!(px(&image, 30, 20).3, 255);
        assert_eq!(px(&image, 30, 19).3, 255);
        assert_eq!(px(&image, 30, 21).3, 255);
        assert_eq!(px(&image, 30, 17).3, 0);
        assert_eq!(px(&image, 30, 23).3, 0);
        // The round cap reaches 2 units beyond the end, to x = 8, at y = 20.5 only.
        assert_eq!(px(&image, 9, 20).3, 255);
        assert!((150..255).contains(&px(&image, 8, 20).3), "{:?}", px(&image, 8, 20));
        // The disc's polygon strays from the circle by a hundredth of a pixel.
        assert!(px(&image, 7, 20).3 < 3, "{:?}", px(&image, 7, 20));
        // A diagonal line: area of the band plus the caps' disc.
        let image = paint(&scene(60.0, 60.0, None, vec![path("M10 10L40 50", Style::stroke(black, 3.0))]));
        let expected = 50.0 * 3.0 + PI * 2.25;
        let area = covered(&image);
        assert!((area / expected - 1.0).abs() < 0.01, "{area} for {expected}");
    }

    #[test]
    fn translucent_stroke_is_not_darker_at_its_joins() {
        let half_black = Paint::Color(Rgba(0, 0, 0, 128));
        for d in ["M10 90L50 10L90 90", "M10 50L90 50L10 52", "M20 20H80V80H20Z", "M10 10C90 10 10 90 90 90"] {
            let image = paint(&scene(100.0, 100.0, Some(WHITE), vec![path(d, Style::stroke(half_black, 8.0))]));
            // Black at 128/255 over white, once.
            let once = 127;
            let mut darkest = 255;
            for p in image.pixels.chunks_exact(4) {
                darkest = darkest.min(p[0]);
            }
            assert_eq!(darkest, once, "{d}");
        }
        // Right at the sharp join, painted once.
        let image =
            paint(&scene(100.0, 100.0, Some(WHITE), vec![path("M10 90L50 10L90 90", Style::stroke(half_black, 8.0))]));
        assert_eq!(px(&image, 50, 12), Rgba(127, 127, 127, 255));
        assert_eq!(px(&image, 50, 7), Rgba(127, 127, 127, 255));
    }

    fn distance_to_segment(p: (f64, f64), a: Point, b: Point) -> f64 {
        let (ax, ay, bx, by) = (f64::from(a.x), f64::from(a.y), f64::from(b.x), f64::from(b.y));
        let (dx, dy) = (bx - ax, by - ay);
        let length2 = dx * dx + dy * dy;
        let t = if length2 > 0.0 { (((p.0 - ax) * dx + (p.1 - ay) * dy) / length2).clamp(0.0, 1.0) } else { 0.0 };
        (p.0 - ax - t * dx).hypot(p.1 - ay - t * dy)
    }

    #[test]
    fn strokes_cover_what_is_near_their_line() {
        // Random polylines, open and closed, thin and thick: every pixel whose square lies
        // wholly within half the width of the line is covered, every pixel wholly beyond it
        // is not. Holes in joins or stray corners would break one or the other.
        let mut seed = 0x853c_49e6_748f_ea9b_u64;
        let mut random = move |range: f32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32 * range
        };
        for case in 0..40 {
            let count = 2 + (random(12.0) as usize);
            let mut points: Vec<Point> =
                (0..count).map(|_| Point::new(10.0 + random(80.0), 10.0 + random(80.0))).collect();
            if case % 4 == 0 {
                // Short zigzags, with the width larger than the segments.
                points = (0..count).map(|i| Point::new(20.0 + 3.0 * i as f32, 50.0 + 4.0 * (i % 2) as f32)).collect();
            }
            let closed = case % 3 == 1;
            let width = 0.5 + random(20.0);
            let mut d = String::new();
            for (i, p) in points.iter().enumerate() {
                d.push_str(&format!("{}{} {}", if i == 0 { 'M' } else { 'L' }, p.x, p.y));
            }
            if closed {
                d.push('Z');
                points.push(points[0]);
            }
            let image = paint(&scene(100.0, 100.0, None, vec![path(&d, Style::stroke(Paint::Color(RED), width))]));
            let half = f64::from(width) / 2.0;
            for y in 0..100 {
                for x in 0..100 {
                    let centre = (f64::from(x) + 0.5, f64::from(y) + 0.5);
                    let distance =
                        points.windows(2).map(|w| distance_to_segment(centre, w[0], w[1])).fold(f64::MAX, f64::min);
                    let alpha = px(&image, x, y).3;
                    if distance < half - 0.75 {
                        assert_eq!(alpha, 255, "case {case}: ({x}, {y}) at {distance} of {half} in {d}");
                    } else if distance > half + 0.75 {
                        assert_eq!(alpha, 0, "case {case}: ({x}, {y}) at {distance} of {half} in {d}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_stroked_circle_path_is_the_ring() {
        let style = Style::stroke(Paint::Color(RED), 10.0);
        let ring = paint(&scene(100.0, 100.0, None, vec![Item::Circle { cx: 50.0, cy: 50.0, r: 30.0, style }]));
        let arcs = paint(&scene(100.0, 100.0, None, vec![path("M50 20A30 30 0 1 1 50 80A30 30 0 1 1 50 20Z", style)]));
        let worst =
            ring.pixels.chunks_exact(4).zip(arcs.pixels.chunks_exact(4)).map(|(a, b)| a[3].abs_diff(b[3])).max();
        assert!(worst <= Some(32), "{worst:?}");
        let (a, b) = (covered(&ring), covered(&arcs));
        assert!((a / b - 1.0).abs() < 0.005, "{a} {b}");
        assert!((a / (PI * (35.0 * 35.0 - 25.0 * 25.0)) - 1.0).abs() < 0.005, "{a}");
    }

    #[test]
    fn nonzero_fill() {
        let black = Style::fill(Paint::Color(Rgba::rgb(0, 0, 0)));
        // Both squares clockwise: the inner one is filled.
        let same = paint(&scene(20.0, 20.0, None, vec![path("M0 0H20V20H0ZM5 5H15V15H5Z", black)]));
        assert_eq!(px(&same, 10, 10).3, 255);
        // The inner one anticlockwise: a hole.
        let hole = paint(&scene(20.0, 20.0, None, vec![path("M0 0H20V20H0ZM5 5V15H15V5Z", black)]));
        assert_eq!(px(&hole, 10, 10).3, 0);
        assert_eq!(px(&hole, 2, 10).3, 255);
    }

    #[test]
    fn translucent_paint_keeps_its_colour_over_nothing() {
        let image = paint(&scene(
            4.0,
            4.0,
            None,
            vec![rect(0.0, 0.0, 4.0, 4.0, Style::fill(Paint::Color(Rgba(200, 100, 50, 128))))],
        ));
        assert_eq!(px(&image, 1, 1), Rgba(200, 100, 50, 128));
        let image = paint(&scene(
            4.0,
            4.0,
            Some(Rgba(0, 0, 255, 255)),
            vec![rect(0.0, 0.0, 4.0, 4.0, Style::fill(Paint::Color(Rgba(255, 0, 0, 64))))],
        ));
        assert_eq!(px(&image, 1, 1), Rgba(64, 0, 191, 255));
    }

    fn library(symbols: &[(&str, Vec<Item>)]) -> Library {
        Library {
            symbols: symbols
                .iter()
                .map(|(id, items)| (id.to_string(), Symbol { items: items.clone(), advance: 100.0 }))
                .collect(),
        }
    }

    fn place(symbol: &str, x: f32, y: f32, size: f32, color: Rgba) -> Item {
        Item::Use { symbol: symbol.to_string(), x, y, size, color }
    }

    #[test]
    fn symbols_are_scaled_and_take_the_current_colour() {
        let blue = Rgba::rgb(0, 0, 255);
        let green = Rgba::rgb(0, 128, 0);
        let library = library(&[
            // The top left quarter in the current colour, the bottom right one green.
            (
                "quarters",
                vec![
                    rect(0.0, 0.0, 50.0, 50.0, Style::fill(Paint::Current)),
                    rect(50.0, 50.0, 50.0, 50.0, Style::fill(Paint::Color(green))),
                ],
            ),
            // The quarters again, at half size in the middle, in red.
            ("nested", vec![place("quarters", 25.0, 25.0, 50.0, RED)]),
        ]);
        let scene = scene(
            60.0,
            60.0,
            Some(WHITE),
            vec![place("quarters", 35.0, 0.0, 20.0, blue), place("nested", 0.0, 0.0, 50.0, blue)],
        );
        let image = render(&scene, &library, 2.0).unwrap();
        assert_eq!((image.width, image.height), (120, 120));
        // The first placement: 20 units at scale 2 from (70, 0) pixels.
        assert_eq!(px(&image, 69, 0), WHITE);
        assert_eq!(px(&image, 70, 0), blue);
        assert_eq!(px(&image, 89, 19), blue);
        assert_eq!(px(&image, 90, 0), WHITE);
        assert_eq!(px(&image, 90, 20), green);
        assert_eq!(px(&image, 109, 39), green);
        assert_eq!(px(&image, 110, 40), WHITE);
        // The nested one: 50 units are 100 pixels, its inner box 50 pixels from (25, 25).
        assert_eq!(px(&image, 26, 60), WHITE);
        assert_eq!(px(&image, 25, 25), RED);
        assert_eq!(px(&image, 49, 49), RED);
        assert_eq!(px(&image, 50, 50), green);
        assert_eq!(px(&image, 74, 74), green);
        assert_eq!(px(&image, 75, 75), WHITE);
    }

    #[test]
    fn cycles_and_depth_are_errors() {
        let cyclic = library(&[
            ("a", vec![place("b", 0.0, 0.0, 50.0, RED)]),
            ("b", vec![place("a", 0.0, 0.0, 50.0, RED)]),
            ("self", vec![place("self", 0.0, 0.0, 100.0, RED)]),
        ]);
        let one = |id: &str| scene(10.0, 10.0, None, vec![place(id, 0.0, 0.0, 10.0, RED)]);
        assert_eq!(render(&one("a"), &cyclic, 1.0), Err(RenderError::Cycle("a".to_string())));
        assert_eq!(render(&one("self"), &cyclic, 1.0), Err(RenderError::Cycle("self".to_string())));
        assert_eq!(render(&one("c"), &cyclic, 1.0), Err(RenderError::UnknownSymbol("c".to_string())));
        assert_eq!(RenderError::Cycle("a".to_string()).to_string(), "symbol \"a\" places itself");

        // s0 places s1 places ... s9, which draws.
        let chain = |depth: usize| {
            let mut symbols: Vec<(String, Vec<Item>)> = (0..depth)
                .map(|i| (format!("s{i}"), vec![place(&format!("s{}", i + 1), 0.0, 0.0, 100.0, RED)]))
                .collect();
            symbols.push((format!("s{depth}"), vec![rect(0.0, 0.0, 100.0, 100.0, Style::fill(Paint::Current))]));
            let symbols: Vec<(&str, Vec<Item>)> =
                symbols.iter().map(|(id, items)| (id.as_str(), items.clone())).collect();
            library(&symbols)
        };
        let image = render(&one("s0"), &chain(MAX_NESTING - 1), 1.0).unwrap();
        assert_eq!(px(&image, 5, 5), RED);
        assert_eq!(render(&one("s0"), &chain(MAX_NESTING), 1.0), Err(RenderError::TooDeep(format!("s{MAX_NESTING}"))));
    }

    #[test]
    fn bad_scenes_are_errors() {
        let library = library(&[("bad", vec![path("M1", Style::fill(Paint::Current))])]);
        let err = render(&scene(10.0, 10.0, None, vec![place("bad", 0.0, 0.0, 10.0, RED)]), &library, 1.0).unwrap_err();
        assert_eq!(err, RenderError::Path { symbol: Some("bad".to_string()), error: PathError::Number { at: 2 } });
        assert_eq!(err.to_string(), "bad path data in symbol \"bad\": expected a number at byte 2");
        let empty = Library::default();
        let red = Style::fill(Paint::Color(RED));
        assert!(matches!(render(&scene(10.0, 10.0, None, vec![]), &empty, 0.0), Err(RenderError::Scale(_))));
        assert!(matches!(render(&scene(10.0, 10.0, None, vec![]), &empty, f32::NAN), Err(RenderError::Scale(_))));
        assert!(matches!(render(&scene(0.0, 10.0, None, vec![]), &empty, 1.0), Err(RenderError::Size { .. })));
        assert_eq!(
            render(&scene(20_000.0, 10.0, None, vec![]), &empty, 1.0),
            Err(RenderError::TooLarge { width: 20_000, height: 10 })
        );
        assert!(matches!(
            render(&scene(10000.0, 10000.0, None, vec![]), &empty, 1.0),
            Err(RenderError::TooLarge { .. })
        ));
        assert_eq!(
            render(&scene(10.0, 10.0, None, vec![rect(f32::NAN, 0.0, 1.0, 1.0, red)]), &empty, 1.0),
            Err(RenderError::NotFinite { symbol: None })
        );
    }

    #[test]
    fn shapes_far_outside_or_huge_are_clipped() {
        let red = Style::fill(Paint::Color(RED));
        let image = paint(&scene(
            10.0,
            10.0,
            Some(WHITE),
            vec![
                rect(-1e30, -1e30, 2e30, 2e30, red),
                path("M1e30 1e30L-1e30 0", Style::stroke(Paint::Color(WHITE), 1e20)),
                Item::Circle { cx: 1e9, cy: 1e9, r: 1.0, style: red },
            ],
        ));
        assert_eq!(image.pixels.len(), 400);
        let image = paint(&scene(10.0, 10.0, None, vec![rect(-1e30, -1e30, 2e30, 2e30, red)]));
        assert!(image.pixels.chunks_exact(4).all(|p| p == [255, 0, 0, 255]));
    }

    /// A diagram's worth of work: 32 pieces of 30 curves each, filled and outlined, on 64
    /// squares. Run with `cargo test --release --lib timing -- --ignored`.
    #[test]
    #[ignore = "timing, meaningful in release builds only"]
    fn timing_of_a_diagram() {
        let mut d = String::from("M50 10");
        for i in 0..30 {
            let a = f64::from(i + 1) / 30.0 * TAU;
            let (x, y) = (50.0 + 40.0 * a.sin(), 50.0 - 40.0 * a.cos());
            d.push_str(&format!(
                "Q{:.1} {:.1} {x:.1} {y:.1}",
                50.0 + 30.0 * (a - 0.1).sin(),
                50.0 - 20.0 * (a - 0.1).cos()
            ));
        }
        d.push('Z');
        let piece = Symbol {
            items: vec![path(&d, Style::both(Paint::Current, Paint::Color(Rgba::rgb(0, 0, 0)), 3.0))],
            advance: 100.0,
        };
        let library = Library { symbols: [("piece".to_string(), piece)].into_iter().collect() };
        let mut items = Vec::new();
        for i in 0..64 {
            let (x, y) = ((i % 8) as f32 * 80.0, (i / 8) as f32 * 80.0);
            let dark = (i + i / 8) % 2 == 1;
            let color = if dark { Rgba::rgb(181, 136, 99) } else { Rgba::rgb(240, 217, 181) };
            items.push(rect(x, y, 80.0, 80.0, Style::fill(Paint::Color(color))));
            if !(16..48).contains(&i) {
                items.push(place("piece", x, y, 80.0, WHITE));
            }
        }
        let scene = scene(640.0, 640.0, Some(WHITE), items);
        let start = std::time::Instant::now();
        let image = render(&scene, &library, 1.0).unwrap();
        let elapsed = start.elapsed();
        assert_eq!(image.width, 640);
        assert!(elapsed.as_millis() < 50, "{elapsed:?}");
    }
}
