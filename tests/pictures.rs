//! The pictures from the command line, without a browser: `show` as SVG and PNG, files never
//! written over an input, `validate --report`'s page, and `variants gallery`'s directory.
//! (tests/browser.rs opens the same pages in Chromium.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use arbiter::picture::png;

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("arbiter runs")
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path).display().to_string()
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-pictures-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn show_writes_svg_and_png_of_the_same_picture() {
    let dir = scratch("show");
    let game = dir.join("game.pgn");
    std::fs::write(&game, "1. e4 e5 2. Nf3 Nc6 3. Bc4 *\n").unwrap();
    let game = game.display().to_string();
    let svg = arbiter(&["show", "--svg", "-", &game]);
    assert!(svg.status.success(), "{}", text(&svg.stderr));
    let svg = text(&svg.stdout);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("href=\"#p-").count(), 32, "32 pieces placed");
    assert!(svg.contains("<symbol id=\"p-w-bishop\""), "the pieces are defined in the file");
    let png_path = dir.join("d.png");
    let out = arbiter(&["show", "--png", &png_path.display().to_string(), "--square", "30", &game]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("after 3. Bc4"), "the caption goes to standard error: {}", text(&out.stderr));
    let image = png::decode(&std::fs::read(&png_path).unwrap()).expect("a PNG");
    // The SVG's size at 30 pixels a square of 45 units.
    let width: f32 = svg.split("width=\"").nth(1).and_then(|s| s.split('"').next()).unwrap().parse().unwrap();
    assert_eq!(image.width, (width * 30.0 / 45.0).ceil() as u32);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn show_never_writes_over_its_input_and_says_what_is_missing() {
    let dir = scratch("refuse");
    let game = dir.join("game.pgn");
    let record = "1. e4 e5 *\n";
    std::fs::write(&game, record).unwrap();
    let game = game.display().to_string();
    let out = arbiter(&["show", "--svg", &game, &game]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&game).unwrap(), record, "the input is untouched");
    let out = arbiter(&["show", "--png", "-", &game]);
    assert_eq!(out.status.code(), Some(2), "a PNG is not written to standard output");
    let out = arbiter(&["show", "--game", "3", &game]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("there is no game 3: the input holds 1 game"), "{}", text(&out.stderr));
    let out = arbiter(&["show", "--move", "9b", &game]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("move 9... is not on the main line, which runs from 1. to 1..."),
        "{}",
        text(&out.stderr)
    );
    // A FEN that is no legal position is still drawn, with a warning.
    let out = arbiter(&["show", "--fen", "8/8/8/3Q4/8/8/8/8 w - - 0 1"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("5  .  .  .  Q"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("warning: --fen is not a position of orthodox"), "{}", text(&out.stderr));
    let out = arbiter(&["show", "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter(&["show", "--move", "b9", &game]);
    assert_eq!(out.status.code(), Some(2), "a move that is not one is a usage error");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn show_reads_compressed_and_piped_records() {
    let dir = scratch("piped");
    let gz = dir.join("game.pgn.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut encoder, b"1. d4 d5 2. c4 *\n").unwrap();
    std::fs::write(&gz, encoder.finish().unwrap()).unwrap();
    let out = arbiter(&["show", &gz.display().to_string()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("after 2. c4"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["show", "--ply", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), b"1. d4 d5 2. c4 *\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("after 1. d4"), "{}", text(&out.stdout));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_report_shows_every_invalid_game_and_counts_the_kinds() {
    let dir = scratch("report");
    let report = dir.join("report.html");
    let input = repo("corpus/orthodox/illegal.pgn");
    let out = arbiter(&["validate", "-q", "--format", "json", "--report", &report.display().to_string(), &input]);
    assert_eq!(out.status.code(), Some(1));
    let invalid = text(&out.stdout).lines().filter(|l| l.contains("\"valid\":false")).count();
    let page = std::fs::read_to_string(&report).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.trim_end().ends_with("</html>"));
    assert_eq!(page.matches("<article class=\"game\"").count(), invalid);
    assert!(
        page.contains("<a href=\"#only-illegal-move\"><code>illegal-move</code></a>"),
        "the kind links to its games"
    );
    assert!(page.contains("id=\"only-illegal-move\""), "and its games can be shown alone");
    assert!(!page.contains("http://") && !page.contains("https://"), "nothing from the network");
    // A page that would replace the input is refused before any work.
    let out = arbiter(&["validate", "-q", "--report", &input, &input]);
    assert_eq!(out.status.code(), Some(2));
    let out = arbiter(&["validate", "-q", "--report", "-", &input]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_gallery_is_written_only_where_nothing_else_is() {
    let dir = scratch("gallery");
    let gallery = dir.join("gallery");
    let out = arbiter(&["variants", "gallery", &gallery.display().to_string()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listed = text(&arbiter(&["variants"]).stdout).lines().filter(|l| !l.starts_with(' ')).count();
    let svgs = std::fs::read_dir(&gallery)
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "svg"))
        .count();
    assert_eq!(svgs, listed, "an SVG per variant");
    let index = std::fs::read_to_string(gallery.join("index.html")).unwrap();
    assert_eq!(index.matches("<article class=\"variant\"").count(), listed);
    // Again over its own gallery: fine.
    assert!(arbiter(&["variants", "gallery", &gallery.display().to_string()]).status.success());
    // Not into a directory of the user's.
    let mine = dir.join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    let out = arbiter(&["variants", "gallery", &mine.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("not a gallery of arbiter's"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_dir(&mine).unwrap().count(), 1, "nothing written there");
    let _ = std::fs::remove_dir_all(dir);
}
