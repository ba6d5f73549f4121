//! SVG path data: read into absolute [`Command`]s, written back, and flattened into
//! [`Polyline`]s for the rasterizer.
//!
//! This module owns the grammar of the `d` attribute (SVG 1.1, section 8.3.9, as browsers
//! read it) and the geometry of its curves; it knows nothing of scenes, styles or pixels.
//! Reading never panics: what is not path data is a [`PathError`] with its byte offset.

use std::f64::consts::{PI, TAU};
use std::fmt;

/// A point in user units (y downwards).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Rightwards.
    pub x: f32,
    /// Downwards.
    pub y: f32,
}

impl Point {
    /// The point (`x`, `y`).
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// One step of a path, every point absolute: `H`, `V`, `S`, `T` and the relative forms are
/// resolved while reading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    /// Starts a subpath (`M`).
    Move(Point),
    /// A straight line to the point (`L`, `H`, `V`).
    Line(Point),
    /// A cubic Bézier curve: two control points, then the end (`C`, `S`).
    Cubic(Point, Point, Point),
    /// A quadratic Bézier curve: the control point, then the end (`Q`, `T`).
    Quad(Point, Point),
    /// An elliptical arc to `to` (`A`).
    Arc {
        /// The radii, x then y.
        radii: (f32, f32),
        /// The rotation of the ellipse's x axis, in degrees.
        rotation: f32,
        /// The longer of the two possible arcs.
        large: bool,
        /// Drawn in the direction of growing angles (clockwise on the screen).
        sweep: bool,
        /// Where the arc ends.
        to: Point,
    },
    /// Closes the subpath with a line to its start (`Z`).
    Close,
}

/// Why path data could not be read; `at` is a byte offset into the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathError {
    /// `L 1 2`: path data begins with a move (`M` or `m`).
    NoMove {
        /// Where the first command is.
        at: usize,
    },
    /// `M 1 2 X`, `M 0 0 Z 1`: something that is no command letter where one is due.
    Command {
        /// Where it is.
        at: usize,
        /// What was found.
        found: char,
    },
    /// `M 1`, `M 1 x`, `M 1,,2`: a number is due.
    Number {
        /// Where it was due.
        at: usize,
    },
    /// `A 1 1 0 2 0 3 3`: an arc's flags are `0` or `1`.
    Flag {
        /// Where the flag was due.
        at: usize,
    },
    /// `M 1e39 0`: a number too large for the picture's arithmetic.
    Range {
        /// Where the number begins.
        at: usize,
    },
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PathError::NoMove { at } => write!(f, "path data does not begin with a move (M) at byte {at}"),
            PathError::Command { at, found } => write!(f, "expected a path command, found {found:?} at byte {at}"),
            PathError::Number { at } => write!(f, "expected a number at byte {at}"),
            PathError::Flag { at } => write!(f, "expected an arc flag (0 or 1) at byte {at}"),
            PathError::Range { at } => write!(f, "number out of range at byte {at}"),
        }
    }
}

impl std::error::Error for PathError {}

/// Reads path data into absolute commands. Empty data (or only white space) is an empty path,
/// which draws nothing.
pub fn parse(d: &str) -> Result<Vec<Command>, PathError> {
    Reader { text: d, pos: 0 }.path()
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

fn is_wsp(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn byte(&self, i: usize) -> Option<u8> {
        self.text.as_bytes().get(i).copied()
    }

    fn skip_wsp(&mut self) {
        while self.peek().is_some_and(is_wsp) {
            self.pos += 1;
        }
    }

    /// Skips white space with at most one comma in it; says whether there was a comma.
    fn skip_comma_wsp(&mut self) -> bool {
        self.skip_wsp();
        if self.peek() == Some(b',') {
            self.pos += 1;
            self.skip_wsp();
            true
        } else {
            false
        }
    }

    fn starts_number(&self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+'))
    }

    fn found(&self) -> PathError {
        // `pos` only ever moves over ASCII bytes, so it is a character boundary.
        match self.text.get(self.pos..).and_then(|rest| rest.chars().next()) {
            Some(found) => PathError::Command { at: self.pos, found },
            None => PathError::Number { at: self.pos },
        }
    }

    fn number(&mut self) -> Result<f32, PathError> {
        let start = self.pos;
        let mut i = start;
        if matches!(self.byte(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let mut digits = 0;
        while self.byte(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
            digits += 1;
        }
        if self.byte(i) == Some(b'.') {
            i += 1;
            while self.byte(i).is_some_and(|b| b.is_ascii_digit()) {
                i += 1;
                digits += 1;
            }
        }
        if digits == 0 {
            return Err(PathError::Number { at: start });
        }
        // An exponent only if digits follow: in `1e` the `e` is no part of the number.
        if matches!(self.byte(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(self.byte(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if self.byte(j).is_some_and(|b| b.is_ascii_digit()) {
                while self.byte(j).is_some_and(|b| b.is_ascii_digit()) {
                    j += 1;
                }
                i = j;
            }
        }
        let value: f32 = self.text.get(start..i).and_then(|s| s.parse().ok()).ok_or(PathError::Number { at: start })?;
        if !value.is_finite() {
            return Err(PathError::Range { at: start });
        }
        self.pos = i;
        Ok(value)
    }

    /// A number after the command's previous one (or its letter): `first` is false when a
    /// comma may come before it.
    fn argument(&mut self, first: bool) -> Result<f32, PathError> {
        if !first {
            self.skip_comma_wsp();
        }
        self.number()
    }

    fn flag(&mut self) -> Result<bool, PathError> {
        self.skip_comma_wsp();
        let at = self.pos;
        let flag = match self.peek() {
            Some(b'0') => false,
            Some(b'1') => true,
            _ => return Err(PathError::Flag { at }),
        };
        self.pos += 1;
        Ok(flag)
    }

    fn pair(&mut self, first: bool) -> Result<Point, PathError> {
        let x = self.argument(first)?;
        let y = self.argument(false)?;
        Ok(Point::new(x, y))
    }

    fn path(mut self) -> Result<Vec<Command>, PathError> {
        let mut out = Vec::new();
        let mut current = Point::default();
        let mut start = Point::default();
        // The last control point of a cubic (for `S`) or a quadratic (for `T`) just drawn.
        let mut last_cubic: Option<Point> = None;
        let mut last_quad: Option<Point> = None;
        self.skip_wsp();
        if self.peek().is_some() && !matches!(self.peek(), Some(b'M' | b'm')) {
            return Err(PathError::NoMove { at: self.pos });
        }
        while let Some(letter) = self.peek() {
            if !letter.is_ascii_alphabetic() {
                return Err(self.found());
            }
            let command = letter.to_ascii_uppercase();
            if !b"MLHVCSQTAZ".contains(&command) {
                return Err(self.found());
            }
            let relative = letter.is_ascii_lowercase();
            self.pos += 1;
            self.skip_wsp();
            let mut repeat = false;
            loop {
                let base = if relative { current } else { Point::default() };
                let at = |p: Point| Point::new(base.x + p.x, base.y + p.y);
                let mut cubic = None;
                let mut quad = None;
                match command {
                    b'M' if !repeat => {
                        let p = at(self.pair(true)?);
                        out.push(Command::Move(p));
                        current = p;
                        start = p;
                    }
                    // Pairs after a move's first are lines.
                    b'M' | b'L' => {
                        let p = at(self.pair(true)?);
                        out.push(Command::Line(p));
                        current = p;
                    }
                    b'H' => {
                        let x = self.argument(true)?;
                        current = Point::new(if relative { current.x + x } else { x }, current.y);
                        out.push(Command::Line(current));
                    }
                    b'V' => {
                        let y = self.argument(true)?;
                        current = Point::new(current.x, if relative { current.y + y } else { y });
                        out.push(Command::Line(current));
                    }
                    b'C' => {
                        let c1 = at(self.pair(true)?);
                        let c2 = at(self.pair(false)?);
                        let p = at(self.pair(false)?);
                        out.push(Command::Cubic(c1, c2, p));
                        current = p;
                        cubic = Some(c2);
                    }
                    b'S' => {
                        let c1 = reflect(last_cubic, current);
                        let c2 = at(self.pair(true)?);
                        let p = at(self.pair(false)?);
                        out.push(Command::Cubic(c1, c2, p));
                        current = p;
                        cubic = Some(c2);
                    }
                    b'Q' => {
                        let c = at(self.pair(true)?);
                        let p = at(self.pair(false)?);
                        out.push(Command::Quad(c, p));
                        current = p;
                        quad = Some(c);
                    }
                    b'T' => {
                        let c = reflect(last_quad, current);
                        let p = at(self.pair(true)?);
                        out.push(Command::Quad(c, p));
                        current = p;
                        quad = Some(c);
                    }
                    b'A' => {
                        let rx = self.argument(true)?;
                        let ry = self.argument(false)?;
                        let rotation = self.argument(false)?;
                        let large = self.flag()?;
                        let sweep = self.flag()?;
                        let to = at(self.pair(false)?);
                        out.push(Command::Arc { radii: (rx, ry), rotation, large, sweep, to });
                        current = to;
                    }
                    _ => {
                        out.push(Command::Close);
                        current = start;
                    }
                }
                last_cubic = cubic;
                last_quad = quad;
                if command == b'Z' {
                    self.skip_wsp();
                    break;
                }
                let comma = self.skip_comma_wsp();
                if self.starts_number() {
                    repeat = true;
                } else if comma {
                    return Err(PathError::Number { at: self.pos });
                } else {
                    break;
                }
            }
        }
        Ok(out)
    }
}

/// The first control point of a smooth curve: the previous curve's last one mirrored through
/// the current point, or the current point itself after anything else.
fn reflect(control: Option<Point>, current: Point) -> Point {
    match control {
        Some(c) => Point::new(2.0 * current.x - c.x, 2.0 * current.y - c.y),
        None => current,
    }
}

/// Writes commands as path data, absolute, every number exactly (reading it back gives the
/// same commands).
pub fn write(commands: &[Command]) -> String {
    use fmt::Write as _;
    let mut out = String::new();
    fn pair(out: &mut String, p: Point) {
        let _ = write!(out, "{} {}", p.x, p.y);
    }
    for (i, command) in commands.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match *command {
            Command::Move(p) => {
                out.push('M');
                pair(&mut out, p);
            }
            Command::Line(p) => {
                out.push('L');
                pair(&mut out, p);
            }
            Command::Cubic(c1, c2, p) => {
                out.push('C');
                pair(&mut out, c1);
                out.push(' ');
                pair(&mut out, c2);
                out.push(' ');
                pair(&mut out, p);
            }
            Command::Quad(c, p) => {
                out.push('Q');
                pair(&mut out, c);
                out.push(' ');
                pair(&mut out, p);
            }
            Command::Arc { radii, rotation, large, sweep, to } => {
                let _ = write!(out, "A{} {} {} {} {} ", radii.0, radii.1, rotation, u8::from(large), u8::from(sweep));
                pair(&mut out, to);
            }
            Command::Close => out.push('Z'),
        }
    }
    out
}

/// One subpath flattened into straight lines.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Polyline {
    /// The points, the subpath's start first. A closed subpath does not repeat its start at
    /// the end unless the data drew a line back to it.
    pub points: Vec<Point>,
    /// Ended by `Z`: a stroke joins the last point to the first instead of capping both.
    pub closed: bool,
}

/// The most segments one curve or arc is cut into, whatever its size: a hostile path cannot
/// make the rasterizer's work grow beyond the number of its commands.
const MAX_PIECES: u32 = 4096;

/// Flattens commands into polylines, no point of a curve or arc further than `tolerance` from
/// its chord. A subpath that is only a move is left out; one with segments of no length (`M 1
/// 1 Z`, `M 1 1 L 1 1`) is kept, since its round caps make a dot.
pub fn flatten(commands: &[Command], tolerance: f32) -> Vec<Polyline> {
    // An infinite tolerance (a symbol placed at a vanishing size) makes every curve a chord.
    let tolerance = if tolerance > 0.0 { f64::from(tolerance) } else { 0.1 };
    let mut out = Vec::new();
    let mut line = Polyline::default();
    let mut current = Point::default();
    let mut start = Point::default();
    let finish = |out: &mut Vec<Polyline>, line: &mut Polyline| {
        if line.points.len() >= 2 || line.closed {
            out.push(std::mem::take(line));
        } else {
            line.points.clear();
        }
    };
    for command in commands {
        if line.points.is_empty() && !matches!(command, Command::Move(_)) {
            // A subpath begun by drawing, after `Z`, starts where the closed one did.
            line.points.push(current);
        }
        match *command {
            Command::Move(p) => {
                finish(&mut out, &mut line);
                line.points.push(p);
                start = p;
                current = p;
            }
            Command::Line(p) => {
                line.points.push(p);
                current = p;
            }
            Command::Cubic(c1, c2, p) => {
                cubic(&mut line.points, current, c1, c2, p, tolerance);
                current = p;
            }
            Command::Quad(c, p) => {
                quadratic(&mut line.points, current, c, p, tolerance);
                current = p;
            }
            Command::Arc { radii, rotation, large, sweep, to } => {
                arc(&mut line.points, current, radii, rotation, large, sweep, to, tolerance);
                current = to;
            }
            Command::Close => {
                line.closed = true;
                finish(&mut out, &mut line);
                current = start;
            }
        }
    }
    finish(&mut out, &mut line);
    out
}

fn pieces(estimate: f64) -> u32 {
    if estimate.is_finite() { (estimate.ceil() as u32).clamp(1, MAX_PIECES) } else { MAX_PIECES }
}

fn wide(p: Point) -> (f64, f64) {
    (f64::from(p.x), f64::from(p.y))
}

fn cubic(out: &mut Vec<Point>, p0: Point, p1: Point, p2: Point, p3: Point, tolerance: f64) {
    let ((x0, y0), (x1, y1), (x2, y2), (x3, y3)) = (wide(p0), wide(p1), wide(p2), wide(p3));
    // Cut into n equal steps of t, a polynomial curve strays from its chords by at most
    // max|B''| / (8 n^2), and a cubic's |B''| is at most 6 times the larger second difference.
    let dd = ((x0 - 2.0 * x1 + x2).hypot(y0 - 2.0 * y1 + y2)).max((x1 - 2.0 * x2 + x3).hypot(y1 - 2.0 * y2 + y3));
    let n = pieces((0.75 * dd / tolerance).sqrt());
    for i in 1..n {
        let t = f64::from(i) / f64::from(n);
        let u = 1.0 - t;
        let (a, b, c, d) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        out.push(Point::new((a * x0 + b * x1 + c * x2 + d * x3) as f32, (a * y0 + b * y1 + c * y2 + d * y3) as f32));
    }
    out.push(p3);
}

fn quadratic(out: &mut Vec<Point>, p0: Point, p1: Point, p2: Point, tolerance: f64) {
    let ((x0, y0), (x1, y1), (x2, y2)) = (wide(p0), wide(p1), wide(p2));
    let dd = (x0 - 2.0 * x1 + x2).hypot(y0 - 2.0 * y1 + y2);
    let n = pieces((0.25 * dd / tolerance).sqrt());
    for i in 1..n {
        let t = f64::from(i) / f64::from(n);
        let u = 1.0 - t;
        let (a, b, c) = (u * u, 2.0 * u * t, t * t);
        out.push(Point::new((a * x0 + b * x1 + c * x2) as f32, (a * y0 + b * y1 + c * y2) as f32));
    }
    out.push(p2);
}

/// The largest step of angle along a circle of `radius` whose chord strays from it by at most
/// `tolerance`.
pub(crate) fn angle_step(radius: f64, tolerance: f64) -> f64 {
    if radius <= tolerance { PI / 2.0 } else { 2.0 * (1.0 - tolerance / radius).acos() }
}

/// An elliptical arc, as SVG's implementation notes (F.6.5, F.6.6) turn endpoints into a
/// centre: radii too small to reach are scaled up, zero radii make a line.
#[allow(clippy::too_many_arguments)]
fn arc(
    out: &mut Vec<Point>,
    from: Point,
    radii: (f32, f32),
    rotation: f32,
    large: bool,
    sweep: bool,
    to: Point,
    tolerance: f64,
) {
    if from == to {
        return;
    }
    let (mut rx, mut ry) = (f64::from(radii.0).abs(), f64::from(radii.1).abs());
    if rx == 0.0 || ry == 0.0 {
        out.push(to);
        return;
    }
    let ((x1, y1), (x2, y2)) = (wide(from), wide(to));
    let (sin, cos) = f64::from(rotation).to_radians().sin_cos();
    let (hx, hy) = ((x1 - x2) / 2.0, (y1 - y2) / 2.0);
    let (x1p, y1p) = (cos * hx + sin * hy, -sin * hx + cos * hy);
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
    if lambda > 1.0 {
        rx *= lambda.sqrt();
        ry *= lambda.sqrt();
    }
    let (rx2, ry2) = (rx * rx, ry * ry);
    let num = rx2 * ry2 - rx2 * y1p * y1p - ry2 * x1p * x1p;
    let den = rx2 * y1p * y1p + ry2 * x1p * x1p;
    let mut coef = if den > 0.0 { (num / den).max(0.0).sqrt() } else { 0.0 };
    if large == sweep {
        coef = -coef;
    }
    let (cxp, cyp) = (coef * rx * y1p / ry, -coef * ry * x1p / rx);
    let (cx, cy) = (cos * cxp - sin * cyp + (x1 + x2) / 2.0, sin * cxp + cos * cyp + (y1 + y2) / 2.0);
    let angle = |ux: f64, uy: f64| uy.atan2(ux);
    let theta = angle((x1p - cxp) / rx, (y1p - cyp) / ry);
    let mut delta = angle((-x1p - cxp) / rx, (-y1p - cyp) / ry) - theta;
    if sweep && delta < 0.0 {
        delta += TAU;
    } else if !sweep && delta > 0.0 {
        delta -= TAU;
    }
    let n = pieces(delta.abs() / angle_step(rx.max(ry), tolerance));
    for i in 1..n {
        let (s, c) = (theta + delta * f64::from(i) / f64::from(n)).sin_cos();
        out.push(Point::new((cx + rx * cos * c - ry * sin * s) as f32, (cy + rx * sin * c + ry * cos * s) as f32));
    }
    out.push(to);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f32, y: f32) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn compact_numbers() {
        assert_eq!(parse("M.5.5-1-2").unwrap(), [Command::Move(p(0.5, 0.5)), Command::Line(p(-1.0, -2.0))]);
        assert_eq!(parse("M1e-3,2E1 +3.-.5").unwrap(), [Command::Move(p(0.001, 20.0)), Command::Line(p(3.0, -0.5))]);
        assert_eq!(parse("  ").unwrap(), []);
    }

    #[test]
    fn arc_flags_without_separators() {
        let commands = parse("M5 5a10 10 0 0110 10").unwrap();
        assert_eq!(
            commands[1],
            Command::Arc { radii: (10.0, 10.0), rotation: 0.0, large: false, sweep: true, to: p(15.0, 15.0) }
        );
        let commands = parse("M0 0A1,2,30,1,0,4,5").unwrap();
        assert_eq!(
            commands[1],
            Command::Arc { radii: (1.0, 2.0), rotation: 30.0, large: true, sweep: false, to: p(4.0, 5.0) }
        );
    }

    #[test]
    fn relative_and_implicit_commands() {
        let commands = parse("m1 1 2 2h3v-1l1 1 1 1zl1 0").unwrap();
        assert_eq!(
            commands,
            [
                Command::Move(p(1.0, 1.0)),
                Command::Line(p(3.0, 3.0)),
                Command::Line(p(6.0, 3.0)),
                Command::Line(p(6.0, 2.0)),
                Command::Line(p(7.0, 3.0)),
                Command::Line(p(8.0, 4.0)),
                Command::Close,
                // After Z the current point is the subpath's start.
                Command::Line(p(2.0, 1.0)),
            ]
        );
    }

    #[test]
    fn smooth_curves_reflect_their_control_points() {
        let commands = parse("M0 0C1 1 2 1 3 0s2-1 3 0Q7 2 8 0t2 0").unwrap();
        assert_eq!(commands[2], Command::Cubic(p(4.0, -1.0), p(5.0, -1.0), p(6.0, 0.0)));
        assert_eq!(commands[4], Command::Quad(p(9.0, -2.0), p(10.0, 0.0)));
        // Without a curve before it, S's first control point is the current point.
        let commands = parse("M1 1S2 2 3 3").unwrap();
        assert_eq!(commands[1], Command::Cubic(p(1.0, 1.0), p(2.0, 2.0), p(3.0, 3.0)));
    }

    #[test]
    fn writing_round_trips() {
        for d in [
            "M.5.5-1-2",
            "m1 1 2 2h3v-1l1 1 1 1zl1 0",
            "M0 0C1 1 2 1 3 0s2-1 3 0Q7 2 8 0t2 0",
            "M5 5a10 10 0 0110 10A1 2 30 1 0 4 5Z",
            "M0.1 0.2L1e-7 123456.79",
        ] {
            let commands = parse(d).unwrap();
            let written = write(&commands);
            assert_eq!(parse(&written).unwrap(), commands, "{d} written as {written}");
        }
    }

    #[test]
    fn errors() {
        assert_eq!(parse("L1 2"), Err(PathError::NoMove { at: 0 }));
        assert_eq!(parse("M1"), Err(PathError::Number { at: 2 }));
        assert_eq!(parse("M1 x"), Err(PathError::Number { at: 3 }));
        assert_eq!(parse("M1,,2"), Err(PathError::Number { at: 3 }));
        assert_eq!(parse("M1 2,"), Err(PathError::Number { at: 5 }));
        assert_eq!(parse("M1 2 X"), Err(PathError::Command { at: 5, found: 'X' }));
        assert_eq!(parse("M0 0Z1"), Err(PathError::Command { at: 5, found: '1' }));
        assert_eq!(parse("M0 0 é"), Err(PathError::Command { at: 5, found: 'é' }));
        assert_eq!(parse("M1e 2"), Err(PathError::Number { at: 2 }));
        assert_eq!(parse("M1 2e"), Err(PathError::Command { at: 4, found: 'e' }));
        assert_eq!(parse("M0 0A1 1 0 2 0 3 3"), Err(PathError::Flag { at: 11 }));
        assert_eq!(parse("M1e39 0"), Err(PathError::Range { at: 1 }));
        assert_eq!(parse("M."), Err(PathError::Number { at: 1 }));
        assert_eq!(PathError::Number { at: 2 }.to_string(), "expected a number at byte 2");
    }

    #[test]
    fn hostile_data_never_panics() {
        let alphabet = b"MmLlHhVvCcSsQqTtAaZz0123456789.,+-eE \x00\xc3\xa9";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20_000 {
            let len = (seed % 24) as usize;
            let mut bytes = Vec::with_capacity(len);
            for _ in 0..len {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                bytes.push(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(commands) = parse(&text) {
                let _ = flatten(&commands, 0.1);
            }
        }
    }

    fn area(points: &[Point]) -> f64 {
        let n = points.len();
        (0..n)
            .map(|i| {
                let (a, b) = (points[i], points[(i + 1) % n]);
                f64::from(a.x) * f64::from(b.y) - f64::from(b.x) * f64::from(a.y)
            })
            .sum::<f64>()
            / 2.0
    }

    #[test]
    fn arcs_flatten_onto_their_circle() {
        // Two half circles of radius 10 around (10, 0).
        let lines = flatten(&parse("M0 0A10 10 0 0 1 20 0A10 10 0 0 1 0 0Z").unwrap(), 0.01);
        assert_eq!(lines.len(), 1);
        assert!(lines[0].closed);
        for q in &lines[0].points {
            let r = (q.x - 10.0).hypot(q.y);
            assert!((r - 10.0).abs() < 1e-4, "{q:?} is {r} from the centre");
        }
        let a = area(&lines[0].points).abs();
        assert!((a - 100.0 * std::f64::consts::PI).abs() < 0.5, "{a}");
        // Sweep 1 goes clockwise on the screen: through the top (y < 0) from left to right.
        assert!(lines[0].points.iter().any(|q| q.y < -9.9));
        let top = flatten(&parse("M0 0A10 10 0 0 1 20 0").unwrap(), 0.01);
        assert!(top[0].points.iter().all(|q| q.y <= 1e-4));
    }

    #[test]
    fn radii_too_small_are_scaled_up() {
        let lines = flatten(&parse("M0 0A1 1 0 0 1 20 0").unwrap(), 0.01);
        let lowest = lines[0].points.iter().map(|q| q.y).fold(f32::MAX, f32::min);
        assert!((lowest + 10.0).abs() < 1e-3, "{lowest}");
    }

    #[test]
    fn curves_flatten_within_tolerance() {
        let lines = flatten(&parse("M0 0C0 100 100 100 100 0").unwrap(), 0.1);
        let points = &lines[0].points;
        assert!(points.len() > 10 && points.len() < 100, "{}", points.len());
        // Each chord's midpoint lies near the curve: check against the curve at the chord's t.
        let n = points.len() - 1;
        for i in 0..n {
            let t = (i as f64 + 0.5) / n as f64;
            let y = 300.0 * t * (1.0 - t) * (1.0 - t) + 300.0 * t * t * (1.0 - t);
            let mid = (f64::from(points[i].y) + f64::from(points[i + 1].y)) / 2.0;
            assert!((y - mid).abs() < 0.1, "{y} vs {mid}");
        }
        assert_eq!(points.last(), Some(&p(100.0, 0.0)));
    }

    #[test]
    fn subpaths() {
        let lines = flatten(&parse("M0 0M1 1 2 2M5 5ZL6 6").unwrap(), 0.1);
        assert_eq!(
            lines,
            [
                Polyline { points: vec![p(1.0, 1.0), p(2.0, 2.0)], closed: false },
                Polyline { points: vec![p(5.0, 5.0)], closed: true },
                Polyline { points: vec![p(5.0, 5.0), p(6.0, 6.0)], closed: false },
            ]
        );
    }
}
