//! `arbiter variants gallery DIR`: the start position of every catalogue variant, one SVG
//! file each, and an index page showing them all, so that a player can check the setups at a
//! glance.
//!
//! The directory is new, empty, or a gallery written before (its index says so): a user's
//! directory of other files is refused, never written into.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use arbiter::picture::board;
use arbiter::picture::diagram::Diagram;
use arbiter::picture::scene::Library;
use arbiter::picture::svg;
use arbiter::rules::position::Position;
use arbiter::variants::Definition;

use super::html::escape;
use super::output;

/// What the index carries so that a later run knows the directory for a gallery.
const GENERATOR: &str = "<meta name=\"generator\" content=\"arbiter variants gallery\">";

/// A variant's file name: its name in lower case, with `-` for anything but letters and
/// digits.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    stem.trim_matches('-').to_owned()
}

/// Whether arbiter may write a gallery in `dir`: it does not exist, is empty, or holds a
/// gallery (its index written by arbiter).
fn writable(dir: &Path) -> Result<(), String> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("{}: cannot read: {e}", dir.display())),
    };
    if entries.count() == 0 {
        return Ok(());
    }
    let index = dir.join("index.html");
    match fs::read_to_string(&index) {
        Ok(text) if text.contains(GENERATOR) => Ok(()),
        _ => Err(format!(
            "{} holds files that are not a gallery of arbiter's: give a new or empty directory",
            dir.display()
        )),
    }
}

/// Writes the gallery of `definitions` (in the order given) into `dir`; returns how many
/// variants it shows, or what went wrong.
pub fn write(dir: &Path, definitions: &[&Definition]) -> Result<usize, String> {
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{} is not a directory", dir.display()));
    }
    writable(dir)?;
    fs::create_dir_all(dir).map_err(|e| format!("{}: cannot create: {e}", dir.display()))?;
    let mut library = Library::default();
    let mut cards = String::new();
    let mut shown = 0;
    let mut stems = BTreeSet::new();
    for d in definitions {
        let name = &d.resolved.name;
        let mut stem = file_stem(name);
        while !stems.insert(stem.clone()) {
            stem.push('-');
        }
        let (picture, note) = match &d.playable {
            Ok(variant) => match Position::start(variant) {
                Ok(position) => {
                    let diagram = Diagram::of_position(&position);
                    let mut own = Library::default();
                    let scene = board::scene(&diagram, &mut own, true);
                    output::write_whole(&dir.join(format!("{stem}.svg")), svg::document(&scene, &own).as_bytes())?;
                    let scene = board::scene(&diagram, &mut library, false);
                    shown += 1;
                    (svg::inline(&scene), escape(&diagram.fen))
                }
                Err(e) => (String::new(), escape(&format!("no start position: {e}"))),
            },
            Err(why) => (String::new(), escape(&format!("not playable yet: {why}"))),
        };
        let aliases = if d.resolved.aliases.is_empty() {
            String::new()
        } else {
            format!("<p class=\"aliases\">also {}</p>", escape(&d.resolved.aliases.join(", ")))
        };
        let seed =
            d.resolved.seed.as_ref().map_or_else(String::new, |s| format!("<p class=\"seed\">{}</p>", escape(s)));
        let link = if picture.is_empty() { String::new() } else { format!(" <a href=\"{stem}.svg\">SVG</a>") };
        let _ = writeln!(
            cards,
            "<article class=\"variant\" id=\"{stem}\"><h2>{}{link}</h2>{aliases}{seed}{picture}<p class=\"fen\">{note}</p></article>",
            escape(name)
        );
    }
    let used: BTreeSet<String> = library.symbols.keys().cloned().collect();
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">{GENERATOR}<meta name=\"viewport\" content=\"width=device-width\">\
         <title>arbiter: the variants' start positions</title><style>{STYLE}</style></head><body>\n{}\
         <header><h1>The start positions of arbiter's {} variants</h1><p>arbiter {}; each diagram is also a file of its own (SVG).</p></header>\n<main>\n{cards}</main></body></html>\n",
        svg::defs(&library, &used),
        definitions.len(),
        env!("CARGO_PKG_VERSION"),
    );
    output::write_whole(&dir.join("index.html"), page.as_bytes())?;
    Ok(shown)
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}\
h1{font-size:1.5em}main{display:flex;flex-wrap:wrap;gap:1.5em}\
article.variant{border:1px solid #ddd;border-radius:6px;padding:.6em;max-width:100%}\
article.variant h2{font-size:1.1em;margin:0 0 .3em}article.variant h2 a{font-size:.75em;font-weight:normal;color:#555}\
.aliases,.seed{margin:.1em 0;color:#555;font-size:.85em;max-width:40em}\
.fen{font-family:ui-monospace,monospace;font-size:.75em;color:#555;word-break:break-all;max-width:40em}\
article.variant svg{max-width:100%;height:auto;display:block}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_are_plain() {
        assert_eq!(file_stem("better pawns 10"), "better-pawns-10");
        assert_eq!(file_stem("Chess960"), "chess960");
        assert_eq!(file_stem("20-chess"), "20-chess");
        assert_eq!(file_stem("a / b"), "a-b");
    }
}
