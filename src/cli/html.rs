//! `validate --report FILE`: the run as one self-contained HTML page. The summary, a table
//! of the problems by kind, and for each invalid game its diagnostics, its moves up to where
//! it goes wrong and a diagram of that position with the attempted action and the
//! candidates. No network, no framework: the pieces and letters are defined once in the page
//! and every diagram places them; past the first [`DRAWN`] games, a diagram is held as text
//! that a few lines of script turn into SVG when its game is scrolled near, and the games off
//! screen are not laid out until then (`content-visibility`), so that a page of ten thousand
//! games opens in a few seconds.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use arbiter::diag::Severity;
use arbiter::dialect::GameText;
use arbiter::dialect::Limits;
use arbiter::picture::board;
use arbiter::picture::moment::{self, Moment, When};
use arbiter::picture::scene::Library;
use arbiter::picture::svg;
use arbiter::validate::Report;
use arbiter::variants::Catalogue;
use rayon::prelude::*;

use super::report::Located;

/// The games a page shows in full; past them, the invalid games are counted, not shown.
pub const SHOWN: usize = 10_000;

/// The diagrams a page holds as SVG elements; the others are held as text and drawn by the
/// page's script when their game is scrolled near (or the page printed). A browser builds
/// thousands of `<use>` elements slowly: a page of 10,000 diagrams took 16 s to show its first
/// screen with every diagram in place, 2.3 s with these held as text (bench/README.md).
pub const DRAWN: usize = 100;

/// One invalid game the page shows, kept until the page is written: its diagram is drawn
/// then, the games' in parallel.
struct Entry {
    /// The input's name.
    name: String,
    /// `game 3 (White - Black)`.
    label: String,
    /// Its problems.
    located: Vec<Located>,
    /// Its text, where it was kept.
    text: Option<GameText>,
}

/// A page being gathered, game by game.
pub struct Page {
    library: Library,
    entries: Vec<Entry>,
    /// Invalid games past [`SHOWN`].
    unshown: u64,
    /// Per kind: its severity, how often, and in how many games; and the first game's anchor.
    kinds: BTreeMap<&'static str, KindRow>,
    inputs: BTreeSet<String>,
}

#[derive(Default)]
struct KindRow {
    errors: u64,
    warnings: u64,
    games: u64,
    first: Option<usize>,
}

/// The totals of the run, for the summary.
pub struct Totals {
    pub files: u64,
    pub games: u64,
    pub moves: u64,
    pub invalid: u64,
    pub errors: u64,
    pub warnings: u64,
    pub seconds: f64,
}

impl Page {
    pub fn new() -> Page {
        Page {
            library: Library::default(),
            entries: Vec::new(),
            unshown: 0,
            kinds: BTreeMap::new(),
            inputs: BTreeSet::new(),
        }
    }

    /// Takes note of one game's problems, and shows it if it is invalid.
    pub fn game(&mut self, name: &str, report: &Report, located: &[Located]) {
        self.inputs.insert(name.to_owned());
        let valid = !located.iter().any(|l| l.severity == Severity::Error);
        let index = (!valid && self.entries.len() < SHOWN).then_some(self.entries.len());
        let mut seen = BTreeSet::new();
        for l in located {
            let row = self.kinds.entry(l.kind.name()).or_default();
            match l.severity {
                Severity::Error => row.errors += l.occurrences(),
                Severity::Warning => row.warnings += l.occurrences(),
            }
            if seen.insert(l.kind.name()) {
                row.games += 1;
                if row.first.is_none() {
                    row.first = index;
                }
            }
        }
        if valid {
            return;
        }
        if index.is_none() {
            self.unshown += 1;
            return;
        }
        self.entries.push(Entry {
            name: name.to_owned(),
            label: report.label(),
            located: located.to_vec(),
            text: report.text.clone(),
        });
    }

    /// The section of the invalid game `number` (from 1), with the moment it goes wrong.
    fn section(&mut self, number: usize, entry: &Entry, moment: Option<Moment>) -> String {
        let mut html = String::new();
        let kinds: BTreeSet<&str> = entry.located.iter().map(|l| l.kind.name()).collect();
        let _ = write!(
            html,
            "<article class=\"game\" id=\"g{number}\" data-kinds=\"{}\"><h3><a href=\"#g{number}\">{}</a> {}</h3><ul class=\"problems\">",
            escape(&kinds.into_iter().collect::<Vec<_>>().join(" ")),
            escape(&entry.name),
            escape(&entry.label),
        );
        for l in &entry.located {
            let class = if l.severity == Severity::Error { "error" } else { "warning" };
            let line = format!("{}:{}: {}[{}]{}", l.line, l.col, l.severity, l.kind, l.what());
            let _ = write!(html, "<li class=\"{class}\">{}</li>", escape(&line));
        }
        html.push_str("</ul>");
        if let Some(moment) = moment {
            html.push_str(&self.picture(number, &moment));
        }
        html.push_str("</article>\n");
        html
    }

    /// Where the game goes wrong, drawn, with its moves up to there.
    fn picture(&mut self, number: usize, moment: &Moment) -> String {
        let Some(problem) = moment.problem.as_ref() else { return String::new() };
        let scene = board::scene(&moment.diagram, &mut self.library, false);
        let mut html = String::from("<div class=\"where\">");
        if number <= DRAWN {
            html.push_str("<figure>");
            html.push_str(&svg::inline(&scene));
        } else {
            // The SVG as the text of a script element, which the parser keeps as text: it
            // never holds `</script`, since its texts are escaped.
            let _ = write!(
                html,
                "<figure class=\"later\" style=\"width:{}px;height:{}px\"><script type=\"text/plain\">{}</script>",
                scene.width,
                scene.height,
                svg::inline(&scene)
            );
        }
        let _ = write!(html, "<figcaption>{}</figcaption></figure><div class=\"moves\">", escape(&moment.caption));
        let moves = moment::movetext(&moment.moves);
        let _ = write!(
            html,
            "<p>{}{}<mark>{}</mark></p>",
            escape(&moves),
            if moves.is_empty() { "" } else { " " },
            escape(&attempt(problem)),
        );
        if !problem.candidates.is_empty() {
            let _ = write!(html, "<p class=\"candidates\">legal: {}</p>", escape(&problem.candidates.join(" ")));
        }
        let _ = write!(html, "<p class=\"fen\">{}</p>", escape(&moment.diagram.fen));
        for phrase in &moment.diagram.state {
            let _ = write!(html, "<p class=\"state\">{}</p>", escape(phrase));
        }
        html.push_str("</div></div>");
        html
    }

    /// The whole page.
    pub fn finish(mut self, totals: &Totals, catalogue: &Catalogue, limits: &Limits) -> String {
        // Where each game goes wrong, found in parallel (a replay each); then drawn, in order,
        // with the page's one library of symbols.
        let moments: Vec<Option<Moment>> = self.entries.par_iter().map(|e| moment_of(e, catalogue, limits)).collect();
        let entries = std::mem::take(&mut self.entries);
        let sections: Vec<String> =
            entries.iter().zip(moments).enumerate().map(|(i, (e, m))| self.section(i + 1, e, m)).collect();
        let mut html = String::with_capacity(sections.iter().map(String::len).sum::<usize>() + 65_536);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let when = arbiter::adjudicate::time::Moment((now / 60 * 60_000) as i64);
        let _ = write!(
            html,
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
             <title>arbiter: validation report</title><style>{STYLE}</style></head><body>\n"
        );
        let used: BTreeSet<String> = self.library.symbols.keys().cloned().collect();
        html.push_str(&svg::defs(&self.library, &used));
        let _ = writeln!(
            html,
            "<header><h1>Validation report</h1><p>arbiter {}, {when} UTC: {}</p></header>",
            env!("CARGO_PKG_VERSION"),
            escape(&inputs_line(&self.inputs)),
        );
        let _ = writeln!(
            html,
            "<section id=\"summary\"><h2>Summary</h2><table><tbody>\
             <tr><th>files</th><td>{}</td></tr><tr><th>games</th><td>{}</td></tr><tr><th>moves</th><td>{}</td></tr>\
             <tr><th>invalid games</th><td>{}</td></tr><tr><th>errors</th><td>{}</td></tr><tr><th>warnings</th><td>{}</td></tr>\
             <tr><th>time</th><td>{:.2} s</td></tr></tbody></table></section>",
            totals.files, totals.games, totals.moves, totals.invalid, totals.errors, totals.warnings, totals.seconds
        );
        html.push_str("<section id=\"kinds\"><h2>Problems by kind</h2>");
        if self.kinds.is_empty() {
            html.push_str("<p>No problem.</p>");
        } else {
            html.push_str("<table><thead><tr><th>kind</th><th>errors</th><th>warnings</th><th>games</th><th>first shown</th></tr></thead><tbody>");
            let mut rows: Vec<(&&str, &KindRow)> = self.kinds.iter().collect();
            rows.sort_by(|a, b| (b.1.errors, b.1.warnings).cmp(&(a.1.errors, a.1.warnings)).then(a.0.cmp(b.0)));
            for (kind, row) in rows {
                let first =
                    row.first.map_or_else(String::new, |i| format!("<a href=\"#g{}\">game {}</a>", i + 1, i + 1));
                let _ = write!(
                    html,
                    "<tr class=\"kind\" data-kind=\"{kind}\"><td><a href=\"#only-{kind}\"><code>{kind}</code></a></td><td>{}</td><td>{}</td><td>{}</td><td>{first}</td></tr>",
                    row.errors, row.warnings, row.games
                );
            }
            html.push_str("</tbody></table>");
        }
        html.push_str("</section>\n");
        // A kind's link shows only the games that have it, with no script: its target comes
        // before the games, and the style hides the others while it is the target.
        let mut only = String::new();
        for kind in self.kinds.keys() {
            let _ = write!(html, "<span class=\"only\" id=\"only-{kind}\"></span>");
            let _ = write!(
                only,
                "#only-{kind}:target~#games article.game:not([data-kinds~=\"{kind}\"]){{display:none}}\
                 #only-{kind}:target~#games .filter::after{{content:\" Showing only the games with {kind}.\"}}"
            );
        }
        if !only.is_empty() {
            let _ = write!(html, "<style>{only}</style>");
        }
        let _ = writeln!(
            html,
            "<section id=\"games\"><h2>Invalid games ({})</h2><p class=\"filter\">A kind's name above shows only \
             the games that have it; <a href=\"#games\">all games</a>.</p>",
            totals.invalid
        );
        if sections.is_empty() {
            html.push_str("<p>Every game is valid.</p>");
        }
        for section in &sections {
            html.push_str(section);
        }
        if self.unshown > 0 {
            let _ = write!(
                html,
                "<p class=\"unshown\">{} more invalid game{} not shown: a page shows the first {SHOWN}. \
                 The text report (<code>arbiter validate</code> without <code>--report</code>) lists them all.</p>",
                self.unshown,
                if self.unshown == 1 { " is" } else { "s are" }
            );
        }
        html.push_str("</section>");
        if sections.len() > DRAWN {
            html.push_str(LATER);
        }
        html.push_str("</body></html>\n");
        html
    }
}

/// Where a game goes wrong in a position (an illegal action, drawn with the attempt); `None`
/// where it cannot be replayed at all (a broken text, an unknown variant, a bad FEN) or goes
/// wrong in no position (its problems say why).
fn moment_of(entry: &Entry, catalogue: &Catalogue, limits: &Limits) -> Option<Moment> {
    let game = entry.text.as_ref()?.parse(limits).game?;
    let variant = catalogue.find(game.variant_name()).ok()?;
    moment::at(&variant, &game, When::End).ok().filter(|m| m.problem.as_ref().is_some_and(|p| p.fen.is_some()))
}

/// The attempted action as the movetext would have it.
fn attempt(problem: &arbiter::replay::Problem) -> String {
    let written = problem.written.as_deref().unwrap_or("?");
    match problem.at {
        Some(turn) => format!("{} {written}", turn.label()),
        None => written.to_owned(),
    }
}

fn inputs_line(inputs: &BTreeSet<String>) -> String {
    let shown: Vec<&str> = inputs.iter().take(5).map(String::as_str).collect();
    let more = inputs.len().saturating_sub(shown.len());
    let mut line = shown.join(", ");
    if more > 0 {
        let _ = write!(line, " and {more} more input{}", if more == 1 { "" } else { "s" });
    }
    line
}

/// Text made safe for HTML, in an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    svg::escaped(&mut out, text);
    out
}

/// Draws the diagrams held as text ([`DRAWN`]) when their game comes near the screen, and all
/// of them before the page is printed, or at once where its address ends in `#all`.
const LATER: &str = "<noscript><p class=\"unshown\">The diagrams after the first 100 games are drawn by the page's \
script, which is off.</p></noscript><script>(function(){\
function draw(f){var t=f.querySelector('script');if(!t)return;\
var d=document.createElement('div');d.innerHTML=t.textContent;var g=d.firstElementChild;\
if(g){f.replaceChild(g,t);}f.classList.remove('later');f.removeAttribute('style');}\
var later=document.querySelectorAll('figure.later');\
window.addEventListener('beforeprint',function(){later.forEach(draw);});\
if(location.hash==='#all'||!('IntersectionObserver' in window)){later.forEach(draw);return;}\
var near=new IntersectionObserver(function(seen){seen.forEach(function(e){\
if(e.isIntersecting){near.unobserve(e.target);draw(e.target);}});},{rootMargin:'2000px 0px'});\
later.forEach(function(f){near.observe(f);});})();</script>";

/// The page's look: plain, printable, readable on a phone.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:72em;padding:0 1em;color:#222;background:#fff}\
h1{font-size:1.6em;margin:0}header p{color:#555;margin:.2em 0 1em}h2{font-size:1.25em;border-bottom:1px solid #ccc;padding-bottom:.2em}\
table{border-collapse:collapse}th,td{padding:.2em .8em;text-align:left;border-bottom:1px solid #eee}td{font-variant-numeric:tabular-nums}\
article.game{content-visibility:auto;contain-intrinsic-size:auto 30em;border-top:1px solid #ddd;padding:.6em 0}\
article.game h3{font-size:1em;margin:.2em 0}article.game h3 a{color:#555}\
ul.problems{margin:.3em 0;padding-left:1.2em;font-family:ui-monospace,monospace;font-size:.85em}\
li.error{color:#a00}li.warning{color:#8a5a00}.where{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}\
figure{margin:0}figure svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#444;max-width:30em}\
.moves{flex:1;min-width:16em;font-size:.9em}.moves mark{background:#fcc;color:#700;font-weight:600}\
.fen,.candidates{font-family:ui-monospace,monospace;font-size:.85em;word-break:break-all}.state{color:#555;margin:.1em 0}\
.filter{color:#555;font-size:.9em}.filter::after{font-weight:600}\
@media print{article.game{content-visibility:visible;break-inside:avoid}}";
