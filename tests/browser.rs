//! The pictures in a real browser: the report of `validate --report` and the gallery of
//! `variants gallery` opened in headless Chromium, their DOM checked (every game listed, every
//! diagram present), and a diagram's screenshot compared with arbiter's own PNG of it.
//!
//! Chromium comes from the distribution's packages: `.ci/install-browser` installs it where
//! it is missing and the machine allows (root, or sudo without a password), and these tests
//! run it first. With no browser they say that they skip, on standard error. `ARBITER_BROWSER`
//! names a browser binary to use instead.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use arbiter::picture::{png, raster};
use serde_json::Value;

fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A fresh directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-browser-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// The browser, installed first where it is missing; `None` (after saying why the test
/// skips) where there is none.
fn browser(test: &str) -> Option<PathBuf> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        if let Some(named) = std::env::var_os("ARBITER_BROWSER") {
            return Some(PathBuf::from(named));
        }
        let look = || {
            ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"].iter().find_map(|name| {
                let out = Command::new("sh").arg("-c").arg(format!("command -v {name}")).output().ok()?;
                let path = String::from_utf8(out.stdout).ok()?;
                (out.status.success() && !path.trim().is_empty()).then(|| PathBuf::from(path.trim()))
            })
        };
        look().or_else(|| {
            if std::env::var_os("ARBITER_NO_INSTALL").is_none() {
                let _ = Command::new("bash").arg(repo(".ci/install-browser")).status();
            }
            look()
        })
    });
    if found.is_none() {
        let why = match std::env::var_os("ARBITER_NO_INSTALL") {
            Some(_) => {
                "no headless browser (Chromium), and ARBITER_NO_INSTALL keeps .ci/install-browser from installing one"
            }
            None => "no headless browser (Chromium): .ci/install-browser could not install one",
        };
        common::skip(test, why);
    }
    found.clone()
}

/// What the browser wrote.
struct Ran {
    stdout: String,
    stderr: String,
}

/// Runs the browser headless on `page` with `args`, at most a minute. Its output goes to files,
/// not pipes, so that a large DOM never blocks it while it is waited for.
fn headless(browser: &Path, args: &[&str], page: &Path) -> Ran {
    let profile = scratch(&format!("profile-{}", page.file_name().and_then(|n| n.to_str()).unwrap_or("page")));
    let (out, err) = (profile.join("stdout"), profile.join("stderr"));
    let mut child = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio"])
        .arg("--no-first-run")
        .arg(format!("--user-data-dir={}", profile.join("data").display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(std::fs::File::create(&out).expect("a file for the browser's output"))
        .stderr(std::fs::File::create(&err).expect("a file for the browser's errors"))
        .spawn()
        .expect("the browser starts");
    let started = Instant::now();
    while child.try_wait().expect("the browser runs").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("the browser took more than a minute on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let read = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap_or_default()).into_owned();
    let ran = Ran { stdout: read(&out), stderr: read(&err) };
    let _ = std::fs::remove_dir_all(profile);
    ran
}

/// The page's DOM once loaded, as the browser serialises it.
fn dom(browser: &Path, page: &Path) -> String {
    dom_with(browser, page, &[])
}

/// [`dom`], the browser given `args` besides.
fn dom_with(browser: &Path, page: &Path, args: &[&str]) -> String {
    let mut all = vec!["--dump-dom"];
    all.extend_from_slice(args);
    let ran = headless(browser, &all, page);
    assert!(ran.stdout.contains("</html>"), "no DOM from the browser: {}", ran.stderr);
    ran.stdout
}

/// The sections of a page that start with `start`, each up to the next.
fn sections<'a>(page: &'a str, start: &str) -> Vec<&'a str> {
    page.split(start).skip(1).collect()
}

#[test]
fn the_report_lists_every_invalid_game_with_its_diagram() {
    let Some(browser) = browser("the_report_lists_every_invalid_game_with_its_diagram") else { return };
    let dir = scratch("report");
    let report = dir.join("report.html");
    let inputs = [
        "corpus/orthodox/illegal.pgn",
        "corpus/crazyhouse/illegal.pgn",
        "corpus/bughouse/illegal.pgn",
        "corpus/circular/rules.pgn",
    ];
    let out = arbiter()
        .args(["validate", "-q", "--format", "json", "--report"])
        .arg(&report)
        .args(inputs.iter().map(|i| repo(i)))
        .output()
        .expect("arbiter runs");
    let lines: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    let games: Vec<&Value> = lines.iter().filter(|l| l.get("game").is_some()).collect();
    let invalid: Vec<&Value> = games.iter().copied().filter(|g| g["valid"] == false).collect();
    assert!(invalid.len() >= 10, "the fixtures hold invalid games: {}", invalid.len());
    // Games whose first error is an illegal action in a position: they get a diagram.
    let drawn = invalid
        .iter()
        .filter(|g| {
            g["problems"].as_array().into_iter().flatten().any(|p| p["severity"] == "error" && p.get("fen").is_some())
        })
        .count();
    let page = dom(&browser, &report);
    let articles = sections(&page, "<article class=\"game\"");
    assert_eq!(articles.len(), invalid.len(), "one section per invalid game");
    let figures = articles.iter().filter(|a| a.contains("<figure><svg")).count();
    assert_eq!(figures, drawn, "a diagram for every game that goes wrong in a position");
    for article in &articles {
        assert!(article.contains("<li class=\"error\">"), "every invalid game shows its error: {article:.300}");
        if article.contains("<figure>") {
            // The board's cells, its pieces (placed symbols) and the attempted action (red).
            assert!(article.contains("<use"), "pieces are placed: {article:.300}");
            assert!(article.contains("<mark>"), "the attempted move is marked in the moves: {article:.300}");
        }
    }
    // Every symbol a diagram places is defined once in the page.
    for id in page.split("href=\"#").skip(1).filter_map(|s| s.split('"').next()) {
        assert!(page.contains(&format!("id=\"{id}\"")), "symbol {id} is placed but not defined");
    }
    // The table of kinds counts the illegal moves.
    assert!(page.contains("data-kind=\"illegal-move\""), "the table of kinds lists illegal-move");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_report_of_many_games_draws_their_diagrams_when_they_come_near() {
    let Some(browser) = browser("a_report_of_many_games_draws_their_diagrams_when_they_come_near") else { return };
    let dir = scratch("many");
    // The orthodox illegal games sixteen times over: past the diagrams a page holds as SVG.
    let games = std::fs::read_to_string(repo("corpus/orthodox/illegal.pgn")).unwrap();
    let input = dir.join("many.pgn");
    std::fs::write(&input, format!("{games}\n").repeat(16)).unwrap();
    let report = dir.join("report.html");
    let out = arbiter().args(["validate", "-q", "--report"]).arg(&report).arg(&input).output().expect("arbiter runs");
    assert_eq!(out.status.code(), Some(1));
    let page = std::fs::read_to_string(&report).unwrap();
    let figures = page.matches("<figure").count();
    assert!(figures > 100, "more diagrams than a page holds as SVG: {figures}");
    assert!(page.contains("<figure class=\"later\""), "the later ones are held as text");
    // Near the screen, the script draws them; with `#all`, all of them at once.
    let top = dom_with(&browser, &report, &["--virtual-time-budget=5000"]);
    assert!(top.contains("<figure class=\"later\""), "the games far down are not drawn yet");
    let all = report.with_file_name("report.html#all");
    let drawn = dom_with(&browser, &all, &["--virtual-time-budget=5000"]);
    assert_eq!(drawn.matches("<figure").count(), figures);
    assert_eq!(
        drawn.matches("<figure><svg").count() + drawn.matches("<figure class=\"\"><svg").count(),
        figures,
        "every diagram drawn"
    );
    assert!(!drawn.contains("type=\"text/plain\""), "no diagram is left as text");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_gallery_draws_every_variant() {
    let Some(browser) = browser("the_gallery_draws_every_variant") else { return };
    let dir = scratch("gallery");
    let gallery = dir.join("gallery");
    let out = arbiter().args(["variants", "gallery"]).arg(&gallery).output().expect("arbiter runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed = arbiter().args(["variants", "list"]).output().expect("arbiter runs");
    let variants = String::from_utf8_lossy(&listed.stdout).lines().filter(|l| !l.starts_with(' ')).count();
    assert!(variants >= 100);
    let page = dom(&browser, &gallery.join("index.html"));
    let cards = sections(&page, "<article class=\"variant\"");
    assert_eq!(cards.len(), variants, "one card per variant");
    for card in &cards {
        assert!(card.contains("<svg"), "every variant has its diagram: {card:.200}");
        assert!(card.contains("href=\"#p-") || card.contains("href=\"#d-"), "pieces are drawn: {card:.200}");
    }
    // Every card's SVG file exists on its own.
    for card in &cards {
        let id = card.split("id=\"").nth(1).and_then(|s| s.split('"').next()).expect("a card's id");
        assert!(gallery.join(format!("{id}.svg")).is_file(), "{id}.svg is written");
    }
    // The ring is drawn as a ring: its cells are arcs.
    let circular = cards.iter().find(|c| c.starts_with(" id=\"circular\"")).expect("a card for circular");
    assert!(circular.matches(" A").count() + circular.matches("A").count() >= 64, "the ring's cells are arcs");
    let _ = std::fs::remove_dir_all(dir);
}

/// The share of pixels whose colours differ by more than `tolerance` in some channel.
fn differing(a: &raster::Image, b: &raster::Image, tolerance: u8) -> f64 {
    let pixels = a.pixels.chunks(4).zip(b.pixels.chunks(4));
    let off = pixels.filter(|(p, q)| p.iter().zip(q.iter()).take(3).any(|(x, y)| x.abs_diff(*y) > tolerance)).count();
    off as f64 / (a.width as f64 * a.height as f64)
}

#[test]
fn a_diagram_in_the_browser_is_arbiters_png_of_it() {
    let Some(browser) = browser("a_diagram_in_the_browser_is_arbiters_png_of_it") else { return };
    let dir = scratch("screenshot");
    // A known position: the Italian game after 3. Bc4, its last move marked.
    let game = dir.join("game.pgn");
    std::fs::write(&game, "1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n").unwrap();
    let svg = dir.join("diagram.svg");
    let ours = dir.join("ours.png");
    for (flag, path) in [("--svg", &svg), ("--png", &ours)] {
        let out = arbiter().args(["show", "--square", "45", flag]).arg(path).arg(&game).output().expect("arbiter runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let ours = png::decode(&std::fs::read(&ours).unwrap()).expect("our PNG reads back");
    // The SVG alone on a page of its size, one CSS pixel per user unit, as our PNG at 45 px a
    // square is.
    let page = dir.join("page.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body style=\"margin:0;background:#fff\"><img src=\"diagram.svg\" style=\"display:block\"></body></html>",
    )
    .unwrap();
    let shot = dir.join("shot.png");
    let size = format!("--window-size={},{}", ours.width, ours.height);
    let out = headless(
        &browser,
        &[&size, "--force-device-scale-factor=1", &format!("--screenshot={}", shot.display())],
        &page,
    );
    assert!(shot.is_file(), "no screenshot: {}", out.stderr);
    let theirs = png::decode(&std::fs::read(&shot).unwrap()).expect("the screenshot reads");
    assert_eq!((theirs.width, theirs.height), (ours.width, ours.height));
    // Edges are anti-aliased a little differently (Chromium 148: 0.011% of the pixels differ by
    // more than 48 levels, the mean difference is 0.67); the picture is the same.
    let off = differing(&ours, &theirs, 48);
    assert!(off < 0.005, "{:.2}% of the pixels differ", off * 100.0);
    // And it is the right picture: a dark square at a1 (bottom left), the bishop on c4 white
    // on a light square, the e-pawns' squares, Black's king dark.
    let pixel = |image: &raster::Image, x: u32, y: u32| {
        let at = ((y * image.width + x) * 4) as usize;
        [image.pixels[at], image.pixels[at + 1], image.pixels[at + 2]]
    };
    let margin = 20;
    let square = |file: u32, rank: u32| (margin + file * 45, margin / 2 + (7 - rank) * 45);
    let (x, y) = square(0, 0);
    let a1_corner = pixel(&theirs, x + 2, y + 2);
    assert_eq!(a1_corner, [0xb5, 0x88, 0x63], "a1 is a dark square");
    let (x, y) = square(7, 0);
    assert_eq!(pixel(&theirs, x + 2, y + 2), [0xf0, 0xd9, 0xb5], "h1 is a light square");
    // A square's share of dark pixels (a black piece's) and of near-white ones (a white one's).
    let shares = |file: u32, rank: u32| {
        let (x0, y0) = square(file, rank);
        let (mut dark, mut white) = (0, 0);
        for y in y0..y0 + 45 {
            for x in x0..x0 + 45 {
                let p = pixel(&theirs, x, y);
                dark += usize::from(p.iter().all(|&c| c < 70));
                white += usize::from(p.iter().all(|&c| c > 240));
            }
        }
        (dark as f64 / 2025.0, white as f64 / 2025.0)
    };
    let (dark, _) = shares(4, 7);
    assert!(dark > 0.2, "Black's king on e8 is dark: {dark:.2}");
    let (_, white) = shares(2, 3);
    assert!(white > 0.05, "White's bishop on c4 is white: {white:.2}");
    let (dark, white) = shares(3, 4);
    assert!(dark < 0.01 && white < 0.01, "d5 is empty: {dark:.2} {white:.2}");
    // The last move's arrow runs from f1 to c4 over e2 and d3: blue there.
    let (x, y) = square(3, 2);
    let [r, g, b] = pixel(&theirs, x + 22, y + 22);
    assert!(b > r + 40 && b > g + 20, "the arrow crosses d3 in blue: {:?}", [r, g, b]);
    let _ = std::fs::remove_dir_all(dir);
}
