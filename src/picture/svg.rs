//! A [`Scene`] written as SVG: a standalone document, or for an HTML page of many diagrams an
//! `<svg>` element without definitions plus, once for the page, the symbols it places.
//!
//! The output is compact, since a page may hold ten thousand diagrams: numbers with at most
//! two decimals and no trailing zeros, colours as `#rgb` where they can be, round caps and
//! joins and `fill="none"` said once on the root (shapes and the symbols they place inherit
//! them), shapes that draw nothing left out.
//!
//! What `super::raster` refuses the writer leaves out, since it cannot fail: a path whose data
//! is not path data, a shape with a coordinate that is not a finite number, a placement of a
//! symbol the library does not have. Symbol ids are written as they are when made of ASCII
//! letters, digits, `-` and `_`; any other byte is written `.` and two hex digits (`glyph-+`
//! is `glyph-.2b`), so that an id is always a valid attribute and URL fragment.
//!
//! This module knows scenes and SVG, nothing of chess or pixels.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::path;
use super::scene::{Item, Library, Paint, Rgba, Scene, Style};

/// Presentation attributes on every root `<svg>`: shapes inherit them, and so do the shapes
/// of the symbols a `<use>` places, whose properties come from the `<use>`'s ancestors.
const ROOT_ATTRIBUTES: &str = r##" fill="none" stroke-linecap="round" stroke-linejoin="round" color="#000""##;

/// The scene as a standalone SVG document: the symbols it places (and those they place)
/// defined in `<defs>`, then its shapes. [`Paint::Current`] outside any symbol is the
/// viewer's default colour, black.
pub fn document(scene: &Scene, library: &Library) -> String {
    let mut out = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg""#);
    root(&mut out, scene);
    let used = used(scene, library);
    if !used.is_empty() {
        out.push_str("<defs>");
        symbols(&mut out, library, &used);
        out.push_str("</defs>");
    }
    body(&mut out, scene);
    out.push_str("</svg>\n");
    out
}

/// The scene as an `<svg>` element for an HTML page, without `xmlns` (HTML knows the
/// namespace) and without the symbols it places: the page holds them once, written by
/// [`defs`] from the [`used`] ids of all its diagrams. [`Paint::Current`] outside any symbol
/// is the page's text colour.
pub fn inline(scene: &Scene) -> String {
    let mut out = String::from("<svg");
    root(&mut out, scene);
    body(&mut out, scene);
    out.push_str("</svg>");
    out
}

/// A hidden `<svg>` of no size defining the symbols of `ids` and those they place, for an
/// HTML page whose diagrams are written by [`inline`]. Ids the library does not have are left
/// out.
pub fn defs(library: &Library, ids: &BTreeSet<String>) -> String {
    let mut out = String::from(r#"<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>"#);
    symbols(&mut out, library, &closure(ids.iter().map(String::as_str), library));
    out.push_str("</defs></svg>");
    out
}

/// The ids of the library's symbols the scene places, and of those they place in turn. A
/// symbol placing itself is listed once (the raster refuses it; browsers draw nothing of it).
pub fn used(scene: &Scene, library: &Library) -> BTreeSet<String> {
    closure(placed(&scene.items), library)
}

fn placed(items: &[Item]) -> impl Iterator<Item = &str> {
    items.iter().filter_map(|item| match item {
        Item::Use { symbol, .. } => Some(symbol.as_str()),
        _ => None,
    })
}

fn closure<'a>(ids: impl Iterator<Item = &'a str>, library: &'a Library) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut pending: Vec<&str> = ids.collect();
    while let Some(id) = pending.pop() {
        if let Some(symbol) = library.symbols.get(id)
            && seen.insert(id.to_string())
        {
            pending.extend(placed(&symbol.items));
        }
    }
    seen
}

fn root(out: &mut String, scene: &Scene) {
    let (width, height) = (finite_or_zero(scene.width), finite_or_zero(scene.height));
    out.push_str(" width=\"");
    number(out, width);
    out.push_str("\" height=\"");
    number(out, height);
    out.push_str("\" viewBox=\"0 0 ");
    number(out, width);
    out.push(' ');
    number(out, height);
    out.push('"');
    out.push_str(ROOT_ATTRIBUTES);
    out.push('>');
    if !scene.title.is_empty() {
        out.push_str("<title>");
        escaped(out, &scene.title);
        out.push_str("</title>");
    }
}

fn finite_or_zero(v: f32) -> f32 {
    if v.is_finite() && v > 0.0 { v } else { 0.0 }
}

fn body(out: &mut String, scene: &Scene) {
    if let Some(background) = scene.background {
        item(
            out,
            &Item::Rect {
                x: 0.0,
                y: 0.0,
                w: scene.width,
                h: scene.height,
                style: Style::fill(Paint::Color(background)),
            },
        );
    }
    for each in &scene.items {
        item(out, each);
    }
}

fn symbols(out: &mut String, library: &Library, ids: &BTreeSet<String>) {
    for (id, symbol) in ids.iter().filter_map(|id| library.symbols.get_key_value(id)) {
        out.push_str("<symbol id=\"");
        symbol_id(out, id);
        out.push_str(r#"" viewBox="0 0 100 100" overflow="visible">"#);
        for each in &symbol.items {
            item(out, each);
        }
        out.push_str("</symbol>");
    }
}

fn item(out: &mut String, item: &Item) {
    let style = match item {
        Item::Path { style, .. } | Item::Circle { style, .. } | Item::Rect { style, .. } => Some(*style),
        Item::Use { .. } => None,
    };
    if let Some(style) = style {
        let stroke = style.stroke.is_some_and(|(_, width)| width > 0.0);
        if style.stroke.is_some_and(|(_, width)| !width.is_finite()) || (style.fill.is_none() && !stroke) {
            return;
        }
    }
    let finite = |values: &[f32]| values.iter().all(|v| v.is_finite());
    match item {
        Item::Path { d, style } => {
            if path::parse(d).is_err() {
                return;
            }
            out.push_str("<path d=\"");
            path_data(out, d);
            out.push('"');
            paints(out, style);
        }
        &Item::Circle { cx, cy, r, ref style } => {
            if !finite(&[cx, cy, r]) || r <= 0.0 {
                return;
            }
            out.push_str("<circle");
            attribute(out, "cx", cx);
            attribute(out, "cy", cy);
            attribute(out, "r", r);
            paints(out, style);
        }
        &Item::Rect { x, y, w, h, ref style } => {
            if !finite(&[x, y, w, h]) || w <= 0.0 || h <= 0.0 {
                return;
            }
            out.push_str("<rect");
            optional_attribute(out, "x", x);
            optional_attribute(out, "y", y);
            attribute(out, "width", w);
            attribute(out, "height", h);
            paints(out, style);
        }
        &Item::Use { ref symbol, x, y, size, color } => {
            if !finite(&[x, y, size]) || size <= 0.0 {
                return;
            }
            out.push_str("<use href=\"#");
            symbol_id(out, symbol);
            out.push('"');
            optional_attribute(out, "x", x);
            optional_attribute(out, "y", y);
            attribute(out, "width", size);
            attribute(out, "height", size);
            // Black is the root's colour, which a `<use>` inherits: a page of pieces, whose
            // colours are their own, need not repeat it.
            if color == Rgba(0, 0, 0, 255) {
                out.push_str("/>");
                return;
            }
            out.push_str(" color=\"");
            let Rgba(r, g, b, a) = color;
            if a == 255 {
                hex(out, color);
            } else {
                let _ = write!(out, "rgba({r},{g},{b},");
                opacity(out, a);
                out.push(')');
            }
            out.push('"');
        }
    }
    out.push_str("/>");
}

fn paints(out: &mut String, style: &Style) {
    if let Some(fill) = style.fill {
        paint(out, "fill", fill);
    }
    if let Some((stroke, width)) = style.stroke
        && width > 0.0
    {
        paint(out, "stroke", stroke);
        if width != 1.0 {
            attribute(out, "stroke-width", width);
        }
    }
}

fn paint(out: &mut String, name: &str, paint: Paint) {
    let _ = write!(out, " {name}=\"");
    match paint {
        Paint::Current => out.push_str("currentColor\""),
        Paint::Color(color) => {
            hex(out, color);
            out.push('"');
            if color.3 < 255 {
                let _ = write!(out, " {name}-opacity=\"");
                opacity(out, color.3);
                out.push('"');
            }
        }
    }
}

/// `#rgb` where each channel's two hex digits are the same, else `#rrggbb`.
fn hex(out: &mut String, Rgba(r, g, b, _): Rgba) {
    if [r, g, b].iter().all(|c| (c >> 4) == (c & 15)) {
        let _ = write!(out, "#{:x}{:x}{:x}", r & 15, g & 15, b & 15);
    } else {
        let _ = write!(out, "#{r:02x}{g:02x}{b:02x}");
    }
}

/// An opacity with three decimals: two would move 8-bit alphas by up to a step and a half.
fn opacity(out: &mut String, alpha: u8) {
    decimal(out, f64::from(alpha) / 255.0, 3);
}

fn attribute(out: &mut String, name: &str, value: f32) {
    let _ = write!(out, " {name}=\"");
    number(out, value);
    out.push('"');
}

/// An attribute whose default, 0, is not written.
fn optional_attribute(out: &mut String, name: &str, value: f32) {
    if decimal_units(f64::from(value), 2) != 0 {
        attribute(out, name, value);
    }
}

/// A user unit: at most two decimals, no trailing zeros, no zero before the point.
fn number(out: &mut String, value: f32) {
    decimal(out, f64::from(value), 2);
}

/// `value` in units of 10^-places, rounded (saturating far beyond what a picture holds).
fn decimal_units(value: f64, places: u32) -> i64 {
    (value * 10_f64.powi(places as i32)).round() as i64
}

fn decimal(out: &mut String, value: f64, places: u32) {
    if !value.is_finite() {
        out.push('0');
        return;
    }
    if value.abs() >= 1e12 {
        let _ = write!(out, "{value:.0}");
        return;
    }
    let scale = 10_i64.pow(places);
    let units = decimal_units(value, places);
    if units < 0 {
        out.push('-');
    }
    let (whole, mut fraction) = (units.unsigned_abs() / scale as u64, units.unsigned_abs() % scale as u64);
    if whole != 0 || fraction == 0 {
        let _ = write!(out, "{whole}");
    }
    if fraction != 0 {
        out.push('.');
        let mut digits = places;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        let _ = write!(out, "{fraction:0width$}", width = digits as usize);
    }
}

/// Path data already read without error, written with the white space no reader needs left
/// out: around letters and commas and before a sign. Between two numbers a space stays (`1
/// .5` is not `1.5`).
fn path_data(out: &mut String, d: &str) {
    let mut previous: Option<char> = None;
    let mut chars = d.trim().chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_whitespace() {
            while chars.next_if(char::is_ascii_whitespace).is_some() {}
            let next = chars.peek().copied();
            // In path data that reads, a letter beside white space is a command, never an
            // exponent's `e`.
            let needless = |c: Option<char>| c.is_none_or(|c| c.is_ascii_alphabetic() || c == ',');
            if needless(previous) || needless(next) || matches!(next, Some('-' | '+')) {
                continue;
            }
            out.push(' ');
            previous = Some(' ');
        } else {
            out.push(c);
            previous = Some(c);
        }
    }
}

/// A symbol id as written in `id` and after `#` in `href`.
fn symbol_id(out: &mut String, id: &str) {
    if id.is_empty() {
        out.push('.');
    }
    for byte in id.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_' {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, ".{byte:02x}");
        }
    }
}

/// Text for an element's content or a quoted attribute, in SVG or HTML: markup and quotes
/// escaped, characters XML forbids left out.
pub fn escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => {}
            _ => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::scene::Symbol;

    /// Checks that `xml` is one element, every tag closed in order, attributes quoted once each,
    /// no stray `<` or `&` in text; returns the element names in document order.
    fn well_formed(xml: &str) -> Vec<String> {
        let mut stack: Vec<&str> = Vec::new();
        let mut names = Vec::new();
        let mut rest = xml.trim_end();
        let mut roots = 0;
        while !rest.is_empty() {
            let Some(open) = rest.find('<') else { panic!("text after the root: {rest:?}") };
            let text = &rest[..open];
            assert!(!stack.is_empty() || text.is_empty(), "text outside the root: {text:?}");
            for (i, _) in text.match_indices('&') {
                let entity = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e + 1)];
                assert!(["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity), "bad entity {entity:?}");
            }
            let close = rest[open..].find('>').expect("tag not closed") + open;
            let tag = &rest[open + 1..close];
            rest = &rest[close + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "closing {name}");
                continue;
            }
            let self_closing = tag.ends_with('/');
            let tag = tag.trim_end_matches('/');
            let (name, mut attributes) = tag.split_once(' ').unwrap_or((tag, ""));
            assert!(!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()), "name {name:?}");
            let mut seen = Vec::new();
            while !attributes.is_empty() {
                let (key, value) = attributes.split_once("=\"").expect("attribute without a quoted value");
                let end = value.find('"').expect("unterminated value");
                assert!(!value[..end].contains('<'), "< in {key}");
                assert!(!seen.contains(&key), "{key} twice in {name}");
                seen.push(key);
                attributes = value[end + 1..].strip_prefix(' ').unwrap_or(&value[end + 1..]);
            }
            if stack.is_empty() {
                roots += 1;
            }
            names.push(name.to_string());
            if !self_closing {
                stack.push(name);
            }
        }
        assert!(stack.is_empty(), "unclosed {stack:?}");
        assert_eq!(roots, 1);
        names
    }

    #[test]
    fn the_checker_refuses_broken_markup() {
        for broken in [
            "<svg><g></svg></g>",
            "<svg><rect/>",
            "<svg x=\"1\" x=\"2\"/>",
            "<svg x=1/>",
            "<svg/><svg/>",
            "<svg>a & b</svg>",
            "<svg><title>a < b</title></svg>",
        ] {
            assert!(std::panic::catch_unwind(|| well_formed(broken)).is_err(), "{broken}");
        }
        assert_eq!(well_formed("<svg><g a=\"1\" b=\"2\"><rect/></g>&amp;</svg>"), ["svg", "g", "rect"]);
    }

    fn library() -> Library {
        let symbol = |items| Symbol { items, advance: 100.0 };
        Library {
            symbols: [
                (
                    "piece-w-K".to_string(),
                    symbol(vec![
                        Item::Path {
                            d: "M 10 90 L 50 10 L 90 90 Z".to_string(),
                            style: Style::both(Paint::Current, Paint::Color(Rgba::rgb(0, 0, 0)), 3.0),
                        },
                        Item::Use {
                            symbol: "glyph-+".to_string(),
                            x: 25.0,
                            y: 25.0,
                            size: 50.0,
                            color: Rgba(255, 0, 0, 128),
                        },
                    ]),
                ),
                (
                    "glyph-+".to_string(),
                    symbol(vec![Item::Rect { x: 45.0, y: 10.0, w: 10.0, h: 80.0, style: Style::fill(Paint::Current) }]),
                ),
                ("unused".to_string(), symbol(vec![])),
                (
                    "loop".to_string(),
                    symbol(vec![Item::Use {
                        symbol: "loop".to_string(),
                        x: 0.0,
                        y: 0.0,
                        size: 100.0,
                        color: Rgba::rgb(0, 0, 0),
                    }]),
                ),
            ]
            .into_iter()
            .collect(),
        }
    }

    fn scene() -> Scene {
        Scene {
            width: 80.0,
            height: 40.5,
            background: Some(Rgba::rgb(0xff, 0xee, 0xdd)),
            items: vec![
                Item::Rect {
                    x: 0.0,
                    y: 0.0,
                    w: 40.0,
                    h: 40.0,
                    style: Style::fill(Paint::Color(Rgba(0xb5, 0x88, 0x63, 255))),
                },
                Item::Use {
                    symbol: "piece-w-K".to_string(),
                    x: 40.125,
                    y: 0.0,
                    size: 40.0,
                    color: Rgba::rgb(255, 255, 255),
                },
                Item::Circle {
                    cx: 20.0,
                    cy: 20.0,
                    r: 0.5,
                    style: Style::stroke(Paint::Color(Rgba(0, 0, 255, 64)), 1.0),
                },
                // Left out: bad path data, a coordinate not a number, nothing painted.
                Item::Path { d: "M 1 2 L 3 \"/><script>".to_string(), style: Style::fill(Paint::Current) },
                Item::Circle { cx: f32::NAN, cy: 1.0, r: 1.0, style: Style::fill(Paint::Current) },
                Item::Rect { x: 1.0, y: 1.0, w: 1.0, h: 1.0, style: Style { fill: None, stroke: None } },
            ],
            title: "White <to> move & \"win\"\u{7}".to_string(),
        }
    }

    #[test]
    fn a_small_document() {
        let svg = document(&scene(), &library());
        assert_eq!(
            svg,
            concat!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40.5" viewBox="0 0 80 40.5""##,
                r##" fill="none" stroke-linecap="round" stroke-linejoin="round" color="#000">"##,
                r##"<title>White &lt;to&gt; move &amp; &quot;win&quot;</title>"##,
                r##"<defs>"##,
                r##"<symbol id="glyph-.2b" viewBox="0 0 100 100" overflow="visible">"##,
                r##"<rect x="45" y="10" width="10" height="80" fill="currentColor"/></symbol>"##,
                r##"<symbol id="piece-w-K" viewBox="0 0 100 100" overflow="visible">"##,
                r##"<path d="M10 90L50 10L90 90Z" fill="currentColor" stroke="#000" stroke-width="3"/>"##,
                r##"<use href="#glyph-.2b" x="25" y="25" width="50" height="50" color="rgba(255,0,0,.502)"/>"##,
                r##"</symbol></defs>"##,
                r##"<rect width="80" height="40.5" fill="#fed"/>"##,
                r##"<rect width="40" height="40" fill="#b58863"/>"##,
                r##"<use href="#piece-w-K" x="40.13" width="40" height="40" color="#fff"/>"##,
                r##"<circle cx="20" cy="20" r=".5" stroke="#00f" stroke-opacity=".251"/>"##,
                "</svg>\n",
            )
        );
        assert_eq!(
            well_formed(&svg),
            ["svg", "title", "defs", "symbol", "rect", "symbol", "path", "use", "rect", "rect", "use", "circle"]
        );
    }

    #[test]
    fn inline_and_defs_for_a_page() {
        let (scene, library) = (scene(), library());
        let svg = inline(&scene);
        assert!(svg.starts_with(r#"<svg width="80" height="40.5" viewBox="0 0 80 40.5" fill="none""#), "{svg}");
        assert!(!svg.contains("<defs") && !svg.contains("<symbol") && svg.contains(r##"href="#piece-w-K""##));
        well_formed(&svg);
        let used = used(&scene, &library);
        assert_eq!(used, BTreeSet::from(["glyph-+".to_string(), "piece-w-K".to_string()]));
        // Asked for the piece alone, or with ids the library lacks, the page still gets what it places.
        let ids = BTreeSet::from(["piece-w-K".to_string(), "missing".to_string(), "loop".to_string()]);
        let hidden = defs(&library, &ids);
        assert!(hidden.starts_with(r#"<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>"#));
        assert_eq!(hidden.matches("<symbol").count(), 3, "{hidden}");
        assert!(hidden.contains(r#"<symbol id="glyph-.2b""#) && hidden.contains(r#"<symbol id="loop""#));
        assert!(!hidden.contains("missing"));
        assert_eq!(well_formed(&hidden).iter().filter(|name| *name == "use").count(), 2);
    }

    #[test]
    fn a_symbol_placing_itself_is_listed_once() {
        let library = library();
        let scene = Scene {
            width: 1.0,
            height: 1.0,
            background: None,
            items: vec![Item::Use { symbol: "loop".to_string(), x: 0.0, y: 0.0, size: 1.0, color: Rgba::rgb(0, 0, 0) }],
            title: String::new(),
        };
        assert_eq!(used(&scene, &library), BTreeSet::from(["loop".to_string()]));
        let svg = document(&scene, &library);
        assert_eq!(svg.matches("<symbol").count(), 1);
        assert!(!svg.contains("<title>"));
        well_formed(&svg);
    }

    #[test]
    fn numbers() {
        let written = |value: f32| {
            let mut out = String::new();
            number(&mut out, value);
            out
        };
        for (value, text) in [
            (0.0, "0"),
            (-0.0, "0"),
            (-0.001, "0"),
            (0.5, ".5"),
            (-0.5, "-.5"),
            (1.05, "1.05"),
            (12.3, "12.3"),
            (100.0, "100"),
            (2.999, "3"),
            (-1234.5678, "-1234.57"),
            (f32::NAN, "0"),
            (2_f32.powi(42), "4398046511104"),
        ] {
            assert_eq!(written(value), text, "{value}");
        }
        let mut out = String::new();
        opacity(&mut out, 128);
        opacity(&mut out, 1);
        opacity(&mut out, 0);
        assert_eq!(out, ".502.0040");
    }

    #[test]
    fn path_data_is_written_short_and_means_the_same() {
        for (d, short) in [
            ("M 10 90 L 50 10 L 90 90 Z", "M10 90L50 10L90 90Z"),
            ("  M1,2 , 3 -4\n\tl .5 .5 a10 10 0 0 1 10 10 z ", "M1,2,3-4l.5 .5a10 10 0 0 1 10 10z"),
            ("M1e2 -3 1E-2 +4", "M1e2-3 1E-2+4"),
        ] {
            let mut out = String::new();
            path_data(&mut out, d);
            assert_eq!(out, short);
            assert_eq!(path::parse(&out), path::parse(d), "{d}");
        }
    }

    #[test]
    fn ids_are_safe_in_attributes_and_urls() {
        let mut out = String::new();
        for id in ["piece-w-K", "a b\"<&", "é.", ""] {
            symbol_id(&mut out, id);
            out.push('|');
        }
        assert_eq!(out, "piece-w-K|a.20b.22.3c.26|.c3.a9.2e|.|");
    }
}
