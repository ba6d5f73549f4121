//! What arbiter reads, end to end: compressed files (gzip, zstd, bzip2, xz) and zip archives,
//! read by their first bytes, from files, directories and standard input; files joined with
//! `cat` across a byte-order mark; UTF-16; and what is not PGN at all, refused in one line.
//! Every fixture is written here, by the test, with the crates' own encoders.
#![cfg(feature = "compression")]

mod common;

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

/// Two games: the first valid, the second with an illegal move (line 19, column 13).
const GAMES: &str = "[Event \"A\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"Anna\"]\n\
[Black \"Bert\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
[Event \"B\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"2\"]\n[White \"Cleo\"]\n[Black \"Dan\"]\n\
[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

/// Where the illegal move of [`GAMES`] is reported, after the input's name.
const ILLEGAL: &str = ":19:13: error[illegal-move]: game 2 (Cleo - Dan), move 2. (White): Ke3: illegal";

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap_or_else(|e| panic!("gzip: {e}"));
    encoder.finish().unwrap_or_else(|e| panic!("gzip: {e}"))
}

/// With a checksum of its content, as the `zstd` command writes by default.
fn zstd(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = zstd::stream::Encoder::new(Vec::new(), 1).unwrap_or_else(|e| panic!("zstd: {e}"));
    encoder.include_checksum(true).unwrap_or_else(|e| panic!("zstd: {e}"));
    encoder.write_all(bytes).unwrap_or_else(|e| panic!("zstd: {e}"));
    encoder.finish().unwrap_or_else(|e| panic!("zstd: {e}"))
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    encoder.write_all(bytes).unwrap_or_else(|e| panic!("bzip2: {e}"));
    encoder.finish().unwrap_or_else(|e| panic!("bzip2: {e}"))
}

fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = lzma_rust2::XzWriter::new(Vec::new(), lzma_rust2::XzOptions::with_preset(1))
        .unwrap_or_else(|e| panic!("xz: {e}"));
    encoder.write_all(bytes).unwrap_or_else(|e| panic!("xz: {e}"));
    encoder.finish().unwrap_or_else(|e| panic!("xz: {e}"))
}

fn zip(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in members {
        writer.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap_or_else(|e| panic!("zip: {e}"));
        writer.write_all(bytes).unwrap_or_else(|e| panic!("zip: {e}"));
    }
    writer.finish().unwrap_or_else(|e| panic!("zip: {e}")).into_inner()
}

fn utf16(text: &str, big_endian: bool, bom: bool) -> Vec<u8> {
    let units = bom.then_some(0xfeff).into_iter().chain(text.encode_utf16());
    units.flat_map(|u| if big_endian { u.to_be_bytes() } else { u.to_le_bytes() }).collect()
}

/// A fresh directory for one test, removed when the test is over (passed or not).
fn scratch(test: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("arbiter-inputs-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    Scratch(dir)
}

struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// `arbiter args` run in `dir`, `input` on standard input: exit code, standard output and
/// standard error.
fn arbiter(dir: &Path, args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no standard input"));
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("arbiter did not finish: {e}"));
    let _ = feeder.join();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

/// The report's lines without the closing summary's timings.
fn report(stdout: &str, stderr: &str) -> String {
    let summary = |line: &'_ str| line.split("; ").next().unwrap_or_default().to_owned();
    stdout.lines().map(str::to_owned).chain(stderr.lines().map(summary)).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_compression_reads_as_the_plain_file() {
    let dir = scratch("formats");
    write(&dir, "games.pgn", GAMES.as_bytes());
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "games.pgn"], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains(&format!("games.pgn{ILLEGAL}")), "{stdout}");
    let plain = report(&stdout, &stderr);
    // Each file holds the games twice over, in two members (or frames, or streams), as
    // `cat a.gz b.gz` makes them.
    let two = format!("{GAMES}\n{GAMES}");
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "-"], two.as_bytes());
    assert_eq!(code, 1, "{stderr}");
    let plain_twice = report(&stdout, &stderr);
    for (name, encode) in [
        ("games.pgn.gz", gzip as fn(&[u8]) -> Vec<u8>),
        ("games.pgn.zst", zstd),
        ("games.pgn.bz2", bzip2),
        ("games.pgn.xz", xz),
    ] {
        write(&dir, name, &encode(GAMES.as_bytes()));
        let (code, stdout, stderr) = arbiter(&dir, &["validate", name], b"");
        assert_eq!(code, 1, "{name}: {stderr}");
        assert_eq!(report(&stdout, &stderr), plain.replace("games.pgn", name), "{name}");
        // Two members, read whole, from standard input: recognised by their bytes alone.
        let members = [encode(GAMES.as_bytes()), encode(format!("\n{GAMES}").as_bytes())].concat();
        let (code, stdout, stderr) = arbiter(&dir, &["validate", "-"], &members);
        assert_eq!(code, 1, "{name}: {stderr}");
        assert_eq!(report(&stdout, &stderr), plain_twice, "{name} on standard input");
        // A misleading name changes nothing.
        write(&dir, &format!("{name}.pgn"), &encode(GAMES.as_bytes()));
        let (_, stdout, _) = arbiter(&dir, &["validate", &format!("{name}.pgn")], b"");
        assert!(stdout.contains(ILLEGAL), "{name}.pgn: {stdout}");
    }
    // The other commands read them too.
    let (code, stdout, stderr) = arbiter(&dir, &["fmt", "games.pgn.zst"], b"");
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("[Event \"B\"]") && stdout.contains("Ke3"), "{stdout}");
    let (code, stdout, stderr) = arbiter(&dir, &["convert", "--to", "uci", "games.pgn.bz2"], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("1. e2e4 e7e5 2. f1c4") && stderr.contains("games.pgn.bz2:19:13"), "{stderr}");
    let (code, stdout, stderr) = arbiter(&dir, &["adjudicate", "games.pgn.xz"], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains("games.pgn.xz:1:1: game 1 (Anna - Bert): 1-0"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn each_zip_member_is_named_after_its_archive() {
    let dir = scratch("zip");
    let second = GAMES.replace("Cleo", "Eve");
    let archive = zip(&[
        ("readme.txt", b"two games\n"),
        ("first.pgn", GAMES.as_bytes()),
        ("more/second.PGN.gz", &gzip(second.as_bytes())),
    ]);
    write(&dir, "twic.zip", &archive);
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "twic.zip"], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains(&format!("twic.zip:first.pgn{ILLEGAL}")), "{stdout}");
    assert!(stdout.contains("twic.zip:more/second.PGN.gz:19:13: error[illegal-move]: game 2 (Eve - Dan)"), "{stdout}");
    assert!(stderr.contains("arbiter: 2 files, 4 games"), "{stderr}");
    // From standard input, by the local headers.
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "-"], &archive);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.contains(&format!("<stdin>:first.pgn{ILLEGAL}")), "{stdout}");
    // An archive without a game file is an error that says so.
    write(&dir, "docs.zip", &zip(&[("readme.txt", b"no games\n")]));
    let (code, _, stderr) = arbiter(&dir, &["validate", "docs.zip"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("docs.zip: error[io]: cannot read: the zip archive holds no *.pgn or *.bpgn file"),
        "{stderr}"
    );
    // A member that is not PGN is refused by name; the others are read.
    write(&dir, "mixed.zip", &zip(&[("a.pgn", b"<html><body>gone</body></html>"), ("b.pgn", GAMES.as_bytes())]));
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "mixed.zip"], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("mixed.zip:a.pgn: error[not-pgn]: this looks like an HTML page, not PGN; skipped"),
        "{stderr}"
    );
    assert!(stdout.contains("mixed.zip:b.pgn:19:13"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn directories_are_searched_for_compressed_and_zipped_game_files() {
    let dir = scratch("directory");
    write(&dir, "a.pgn", GAMES.as_bytes());
    write(&dir, "b.PGN.GZ", &gzip(GAMES.as_bytes()));
    write(&dir, "sub/c.pgn.zst", &zstd(GAMES.as_bytes()));
    write(&dir, "sub/d.pgn.bz2", &bzip2(GAMES.as_bytes()));
    write(&dir, "sub/e.pgn.xz", &xz(GAMES.as_bytes()));
    write(&dir, "sub/f.ZIP", &zip(&[("f.pgn", GAMES.as_bytes())]));
    write(&dir, "notes.txt", b"not read");
    write(&dir, "notes.txt.gz", &gzip(b"not read"));
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "."], b"");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("arbiter: 6 files, 12 games"), "{stderr}");
    for name in ["a.pgn", "b.PGN.GZ", "sub/c.pgn.zst", "sub/d.pgn.bz2", "sub/e.pgn.xz", "sub/f.ZIP:f.pgn"] {
        assert!(stdout.contains(&format!("./{name}{ILLEGAL}")), "{name}: {stdout}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_compressed_data_is_an_error_and_the_run_goes_on() {
    let dir = scratch("damaged");
    let many = GAMES.repeat(200);
    let whole = gzip(many.as_bytes());
    write(&dir, "cut.pgn.gz", &whole[..whole.len() / 2]);
    write(&dir, "next.pgn", GAMES.as_bytes());
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "cut.pgn.gz", "next.pgn"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cut.pgn.gz: error[io]: the gzip data ends early (is the file cut short?)"), "{stderr}");
    // The games before the damage are read, and so is the next file.
    assert!(stdout.contains(&format!("cut.pgn.gz{ILLEGAL}")), "{stdout}");
    assert!(stdout.contains(&format!("next.pgn{ILLEGAL}")), "{stdout}");
    // Every command counts the same games read before the damage, and none where it stopped.
    let counted = |args: &[&str]| {
        let (code, _, stderr) = arbiter(&dir, args, b"");
        let line = stderr.lines().find(|l| l.starts_with("arbiter: ") && l.contains(" game")).unwrap_or_default();
        let before = &line[..line.find(" game").unwrap_or(0)];
        let digits: String = before.chars().rev().take_while(char::is_ascii_digit).collect();
        (code, digits.chars().rev().collect::<String>().parse::<u64>().unwrap_or(0), stderr)
    };
    let (code, games, stderr) = counted(&["validate", "-q", "cut.pgn.gz"]);
    assert!(code == 2 && games > 0, "{stderr}");
    for args in [
        &["fmt", "-q", "cut.pgn.gz"][..],
        &["convert", "-q", "--to", "json", "cut.pgn.gz"],
        &["adjudicate", "-q", "cut.pgn.gz"],
    ] {
        let (code, counted, stderr) = counted(args);
        assert_eq!((code, counted), (2, games), "{args:?}: {stderr}");
    }
    // Damaged in its first bytes.
    let mut damaged = zstd(many.as_bytes());
    for byte in damaged.iter_mut().skip(20).take(40) {
        *byte ^= 0xa5;
    }
    write(&dir, "damaged.pgn.zst", &damaged);
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "damaged.pgn.zst", "next.pgn"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("damaged.pgn.zst: error[io]:") && stderr.contains("the zstd data"), "{stderr}");
    assert!(stdout.contains(&format!("next.pgn{ILLEGAL}")), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_joined_across_a_byte_order_mark_read_as_they_do_apart() {
    let dir = scratch("bom");
    let first = GAMES.replace('\n', "\r\n");
    let second = format!("\u{feff}{}", GAMES.replace("Anna", "Fay").replace('\n', "\r\n"));
    write(&dir, "first.pgn", first.as_bytes());
    write(&dir, "second.pgn", second.as_bytes());
    let (apart_code, apart, stderr) = arbiter(&dir, &["validate", "--format", "json", "first.pgn", "second.pgn"], b"");
    assert_eq!(apart_code, 1, "{stderr}");
    let joined = format!("{first}{second}");
    let (code, together, stderr) = arbiter(&dir, &["validate", "--format", "json", "-"], joined.as_bytes());
    assert_eq!(code, apart_code, "{stderr}");
    // The same games, the same verdicts, one warning more: where the second file began.
    let verdicts = |report: &str| -> Vec<(String, bool)> {
        report
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v.get("game").is_some())
            .map(|v| (v["white"].to_string(), v["valid"].as_bool().unwrap_or_default()))
            .collect()
    };
    assert_eq!(verdicts(&apart), verdicts(&together));
    assert_eq!(verdicts(&together).len(), 4);
    let (_, stdout, _) = arbiter(&dir, &["validate", "-"], joined.as_bytes());
    assert!(
        stdout.contains(
            "<stdin>:20:1: warning[byte-order-mark]: game 3 (Fay - Bert): byte-order mark (U+FEFF) at the start of a line; read as the \
             start of a new file"
        ),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn utf16_is_read_as_text() {
    let dir = scratch("utf16");
    let text = GAMES.replace("Anna", "Anaïs");
    for (name, bytes) in [
        ("le.pgn", utf16(&text, false, true)),
        ("be.pgn", utf16(&text, true, true)),
        ("le-without-mark.pgn", utf16(&text, false, false)),
    ] {
        write(&dir, name, &bytes);
        let (code, stdout, stderr) = arbiter(&dir, &["validate", name], b"");
        assert_eq!(code, 1, "{name}: {stderr}");
        assert!(stdout.contains(&format!("{name}{ILLEGAL}")), "{name}: {stdout}");
        assert!(stderr.contains("2 games"), "{name}: {stderr}");
        let (code, stdout, _) = arbiter(&dir, &["fmt", "-"], &bytes);
        assert_eq!(code, 0, "{name}");
        assert!(stdout.contains("[White \"Anaïs\"]"), "{name}: {stdout}");
    }
    // fmt --write makes it UTF-8, and says so.
    let (code, _, stderr) = arbiter(&dir, &["fmt", "--write", "be.pgn"], b"");
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("be.pgn: warning[utf16]: is UTF-16; the canonical form is UTF-8"), "{stderr}");
    let written = std::fs::read_to_string(dir.join("be.pgn")).unwrap_or_default();
    assert!(written.starts_with("[Event \"A\"]") && written.contains("Anaïs"), "{written}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_is_not_pgn_is_refused_in_one_line() {
    let dir = scratch("not-pgn");
    write(&dir, "page.pgn", b"<!DOCTYPE html>\n<html><head><title>Games</title></head><body>[Event]</body></html>\n");
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    png.extend((0..2000u32).map(|i| (i * 7919 % 251) as u8));
    write(&dir, "picture.pgn", &png);
    write(&dir, "noise.pgn", &(0..4000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect::<Vec<_>>());
    write(&dir, "games.pgn", GAMES.as_bytes());
    let (code, stdout, stderr) = arbiter(&dir, &["validate", "page.pgn", "picture.pgn", "noise.pgn", "games.pgn"], b"");
    assert_eq!(code, 1, "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.contains(": error[not-pgn]: ")).collect();
    assert_eq!(
        errors,
        [
            "page.pgn: error[not-pgn]: this looks like an HTML page, not PGN; skipped",
            "picture.pgn: error[not-pgn]: this looks like a PNG image, not PGN; skipped",
            "noise.pgn: error[not-pgn]: this looks like binary data, not PGN; skipped",
        ],
        "{stderr}"
    );
    assert!(stdout.contains(&format!("games.pgn{ILLEGAL}")), "{stdout}");
    // Standard input too, and a page compressed.
    let (code, _, stderr) = arbiter(&dir, &["fmt", "-"], &gzip(b"<html><body>404</body></html>"));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("<stdin>: error[not-pgn]: this looks like an HTML page, not PGN; skipped"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fmt_write_refuses_what_it_cannot_rewrite_in_place() {
    let dir = scratch("fmt-write");
    let untidy = GAMES.replace("1. e4 e5 2. Bc4", "1.e4 e5 2.Bc4");
    let compressed = gzip(untidy.as_bytes());
    write(&dir, "games.pgn.gz", &compressed);
    write(&dir, "games.zip", &zip(&[("games.pgn", untidy.as_bytes())]));
    let (code, _, stderr) = arbiter(&dir, &["fmt", "--write", "games.pgn.gz", "games.zip"], b"");
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "games.pgn.gz: error[io]: a gzip-compressed file cannot be rewritten in place; not rewritten (fmt without \
             --write prints it)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("games.zip:games.pgn: error[io]: a member of a zip archive cannot be rewritten"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.join("games.pgn.gz")).unwrap_or_default(), compressed);
    // Printing and checking are fine.
    let (code, stdout, _) = arbiter(&dir, &["fmt", "--check", "games.pgn.gz"], b"");
    assert_eq!(code, 1);
    assert!(stdout.contains("+1. e4 e5 2. Bc4"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The real archives: a pgnmentor file that starts with a byte-order mark, joined between two
/// others, reads as the three files do apart.
#[test]
fn pgnmentor_files_joined_with_cat() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/orthodox/pgnmentor");
    let names = ["data_Tal.pgn", "data_AlphaZero-Stockfish_game54.pgn", "data_Fischer.pgn"];
    let Ok(files) = names.iter().map(|n| std::fs::read(root.join(n))).collect::<Result<Vec<_>, _>>() else {
        eprintln!("skipped pgnmentor_files_joined_with_cat: {} is absent", root.display());
        return;
    };
    let dir = scratch("pgnmentor");
    let paths: Vec<String> = names.iter().map(|n| root.join(n).display().to_string()).collect();
    let mut args = vec!["validate", "--format", "json"];
    args.extend(paths.iter().map(String::as_str));
    let (_, apart, _) = arbiter(&dir, &args, b"");
    let (_, together, _) = arbiter(&dir, &["validate", "--format", "json", "-"], &files.concat());
    let summary = |report: &str| -> (u64, u64, u64) {
        let last = report.lines().last().and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok());
        let value = last.map(|v| v["summary"].clone()).unwrap_or_default();
        let field = |name: &str| value[name].as_u64().unwrap_or(u64::MAX);
        (field("games"), field("moves"), field("invalid_games"))
    };
    assert_eq!(summary(&apart), summary(&together));
    assert!(together.contains("byte-order mark (U+FEFF) at the start of a line"), "no warning");
    let _ = std::fs::remove_dir_all(&dir);
}
