//! Hostile input: arbiter must never panic, hang or grow without bound, and must say what is
//! wrong. Random bytes, mutations of valid games, a 100,000-deep nest of variations, a 50 MB
//! comment, a 1 GB stream, truncated games, invalid UTF-8, NUL bytes.

mod common;

use std::io::{BufReader, Read, Write};
use std::process::{Command, Stdio};

use common::{peak_memory_kib, spawn_arbiter};

use arbiter::dialect::{GameReader, Item, Limits, parse_game, write_game};
use arbiter::rules::random::XorShift;

/// Everything the library promises about one input, whatever it is.
fn check_invariants(bytes: &[u8]) {
    let limits = Limits { game_bytes: 1 << 16, ..Limits::default() };
    let reader = GameReader::new(BufReader::with_capacity(64, bytes), &limits);
    let mut total = 0u64;
    for item in reader {
        let Ok(item) = item else { panic!("an in-memory read cannot fail") };
        let game = match item {
            Item::Game(game) => game,
            Item::TooLarge { size, .. } => {
                total += size;
                continue;
            }
            Item::Stopped { .. } => panic!("no limit on the number of games was set"),
        };
        total += game.text.len() as u64;
        let parsed = game.parse(&limits);
        for d in &parsed.diagnostics {
            assert!(d.span.range().end <= game.text.len(), "span {:?} outside the game's text", d.span);
        }
        match parsed.game {
            Some(record) => {
                let written = write_game(&record);
                let again = parse_game(&written);
                assert_eq!(again.game.as_ref(), Some(&record), "the canonical text reads differently:\n{written}");
                assert!(again.diagnostics.iter().all(|d| !d.is_error()), "{:?}", again.diagnostics);
                if let Some(again) = again.game {
                    assert_eq!(write_game(&again), written, "writing is not idempotent");
                }
            }
            None => assert!(
                parsed.diagnostics.iter().any(|d| d.is_error()),
                "a failed parse without an error: {:?}",
                game.text
            ),
        }
    }
    // Every byte but a leading byte-order mark is in some game (Latin-1 decoding makes the
    // text longer, never shorter); only a stream of white space holds no game at all.
    let body = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    let blank = body.iter().all(u8::is_ascii_whitespace);
    assert!(
        total >= body.len() as u64 || blank,
        "{total} of {} bytes in games: {:?}",
        body.len(),
        String::from_utf8_lossy(bytes)
    );
}

/// How many random inputs each generator tries: `ARBITER_HOSTILE_ROUNDS` raises it for a
/// longer hunt.
fn rounds() -> usize {
    std::env::var("ARBITER_HOSTILE_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5000)
}

const ALPHABET: &[u8] = b"[]{}()\"\\;%$!?+#*<>@,&/=:.-_ \n\t\r0123456789abcdefghxyzKQRBNPO-OZ\x00\xc3\xa9\xff";

#[test]
fn random_bytes() {
    let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
    for _ in 0..rounds() {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len)
            .map(|_| if rng.below(4) == 0 { rng.next_u64() as u8 } else { ALPHABET[rng.below(ALPHABET.len())] })
            .collect();
        check_invariants(&bytes);
    }
}

fn seeds() -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/dialect");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "pgn"))
                .filter_map(|e| std::fs::read(e.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    seeds.sort();
    assert!(!seeds.is_empty(), "corpus/dialect has no .pgn files");
    seeds
}

#[test]
fn mutations_of_valid_records() {
    let seeds = seeds();
    let mut rng = XorShift::new(0x2545_F491_4F6C_DD1D);
    for _ in 0..rounds() {
        let mut bytes = seeds[rng.below(seeds.len())].clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len() + 1);
            match rng.below(5) {
                0 if at < bytes.len() => bytes[at] = ALPHABET[rng.below(ALPHABET.len())],
                1 => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
                2 if at < bytes.len() => {
                    bytes.remove(at);
                }
                3 => {
                    let end = (at + rng.below(40)).min(bytes.len());
                    let piece = bytes[at..end].to_vec();
                    bytes.splice(at..at, piece);
                }
                _ => bytes.truncate(at),
            }
        }
        check_invariants(&bytes);
    }
}

#[test]
fn every_prefix_of_a_game() {
    for seed in seeds().iter().take(3) {
        for end in 0..=seed.len() {
            check_invariants(&seed[..end]);
        }
    }
}

/// Runs `arbiter` with `args`, feeding `input` through standard input.
fn arbiter(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = spawn_arbiter(args);
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("arbiter did not finish: {e}"));
    let _ = feeder.join();
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&output.stdout).into_owned(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn random_bytes_through_the_command() {
    let mut rng = XorShift::new(42);
    let bytes: Vec<u8> = (0..1 << 20).map(|_| rng.next_u64() as u8).collect();
    let (code, _, stderr) = arbiter(&["fmt", "-q", "-"], &bytes);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("error["), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_hundred_thousand_nested_variations() {
    let depth = 100_000;
    let text = format!("[Event \"deep\"]\n\n1. e4 e5 {}{} *\n", "(1... e6 2. e4 ".repeat(depth), ")".repeat(depth));
    // Past the default limit: an error at the 101st '(', and the game passes through unchanged.
    let (code, out, stderr) = arbiter(&["fmt", "-q", "-"], text.as_bytes());
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        stderr.lines().next(),
        Some(
            "<stdin>:3:1510: error[limit]: game 1: variations nested more than 100 deep (--max-depth raises the limit)"
        )
    );
    assert!(out == text);
    // With the limit raised, read, written, and read again the same.
    let (code, first, stderr) = arbiter(&["fmt", "-q", "--max-depth", "100000", "-"], text.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    let (code, second, _) = arbiter(&["fmt", "-q", "--max-depth", "100000", "-"], first.as_bytes());
    assert_eq!(code, 0);
    assert!(first == second, "a second pass changed the output");
}

#[test]
fn a_fifty_megabyte_comment() {
    let line = format!("{}\n", "word ".repeat(14));
    let comment = line.repeat((50 << 20) / line.len());
    let text = format!("[Event \"long\"]\n\n1. e4 {{{comment}}} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n");
    let (code, stdout, stderr) = arbiter(&["fmt", "-q", "-"], text.as_bytes());
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("<stdin>:1:1: error[limit]: game 1: larger than the game size limit of 4194304 bytes"),
        "{stderr}"
    );
    assert!(stdout.contains("[Event \"next\"]"), "the next game was not read");
    // With the game limit above it, the comment is still past its own limit.
    let (code, _, stderr) = arbiter(&["fmt", "-q", "--max-game-size", "64M", "-"], text.as_bytes());
    assert_eq!(code, 1, "{stderr}");
    let expected = format!(
        "<stdin>:3:7: error[limit]: game 1: comment of {} bytes, over the limit of 1048576 (--max-comment-size raises it)",
        comment.len()
    );
    assert!(stderr.contains(&expected), "{stderr}");
    // With both limits above it, the comment is read and kept.
    let args = ["fmt", "-q", "--max-game-size", "64M", "--max-comment-size", "64M", "-"];
    let (code, stdout, stderr) = arbiter(&args, text.as_bytes());
    assert_eq!(code, 0, "{stderr}");
    // White space in comments is folded, so the output is a little shorter than the input.
    assert!(stdout.len() > 45 << 20, "{}", stdout.len());
}

/// A gigabyte that never finishes a comment: the reader must report the game as too large
/// and skip it in constant memory.
struct EndlessComment {
    left: u64,
    started: bool,
}

impl Read for EndlessComment {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.started {
            self.started = true;
            let head = b"[Event \"endless\"]\n\n1. e4 {";
            let n = head.len().min(buf.len());
            buf[..n].copy_from_slice(&head[..n]);
            return Ok(n);
        }
        let n = (buf.len() as u64).min(self.left) as usize;
        for (i, b) in buf[..n].iter_mut().enumerate() {
            *b = if i % 80 == 79 { b'\n' } else { b'a' };
        }
        self.left -= n as u64;
        Ok(n)
    }
}

#[test]
fn a_gigabyte_in_bounded_memory() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["fmt", "-q", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run arbiter: {e}"));
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let mut source = EndlessComment { left: 1 << 30, started: false };
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let n = source.read(&mut buffer).unwrap_or(0);
        if n == 0 {
            break;
        }
        stdin.write_all(&buffer[..n]).unwrap_or_else(|e| panic!("arbiter stopped reading: {e}"));
    }
    // Still running (its input is open): its peak memory so far is the peak of the whole run.
    let peak = peak_memory_kib(pid);
    drop(stdin);
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("larger than"), "{stderr}");
    if let Some(peak) = peak {
        assert!(peak < 128 * 1024, "peak memory {peak} KiB for a 1 GiB stream");
    }
}

/// Absurd positions in a game's FEN tag: each is refused with its reason, at the tag, and the
/// next game is still read.
#[test]
fn absurd_fens_are_refused_with_their_reason() {
    let hand = "Q".repeat(61_440);
    let cases: Vec<(&str, String, &str)> = vec![
        ("", format!("{}/8/8/8/8/8/8/8 w - - 0 1", "K".repeat(8)), "white has 8 kings; it needs exactly one"),
        ("", format!("{} w - - 0 1", ["KKKKKKKK"; 125].join("/")), "the board is 8x125; the variant's is 8x8"),
        ("", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1".into(), "white has 0 kings; it needs exactly one"),
        (
            "",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - - 0 1".into(),
            "the 8th rank from the top has 9 cells, the top one 8",
        ),
        (
            "",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
            "the 3rd rank from the top has 9 cells, the top one 8",
        ),
        ("", format!("{} w - - 0 1", ["10000"; 8].join("/")), "board 1 is wider than 255 cells"),
        ("", "k7/8/8/8/8/8/8/99999999999999999999K w - - 0 1".into(), "empty run number is too large"),
        ("", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1".into(), "the halfmove clock is too large"),
        ("", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1".into(), "en passant square e9"),
        ("", "4k3/8/8/8/8/8/8/4K2P w - - 0 1".into(), "a pawn on h1"),
        ("", "4k3/8/8/8/8/8/8/4K3 w K!q - 0 1".into(), "unexpected character '!' in the castling field"),
        ("", "4k3/8/8/7Q/8/8/8/4K3 w - - 0 1".into(), "the side not to move is in check"),
        ("", "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1".into(), "a reserve in a variant that has none"),
        ("", String::new(), "the fen is empty"),
        ("", "/".repeat(10_000), "has no cells"),
        (
            "crazyhouse",
            format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{hand}] w KQkq - 0 1"),
            "more than 61439 of Q in hand",
        ),
    ];
    for (variant, fen, expected) in cases {
        let variant_tag = if variant.is_empty() { String::new() } else { format!("[Variant \"{variant}\"]\n") };
        let text = format!("[Event \"absurd\"]\n{variant_tag}[FEN \"{fen}\"]\n\n*\n\n[Event \"next\"]\n\n1. e4 *\n");
        let (code, stdout, stderr) = arbiter(&["validate", "-q", "--format", "json", "-"], text.as_bytes());
        assert_eq!(code, 1, "{fen:.80}: {stderr}");
        let first = stdout.lines().next().unwrap_or("");
        assert!(first.contains(expected), "{fen:.80}: expected {expected:?} in {first}");
        assert!(first.contains("\"line\":1"), "{first}");
        assert!(stdout.contains("\"valid\":true"), "the next game was not read: {stdout}");
    }
}

/// Absurd variant files: each is refused with a message naming the file and the place.
#[test]
fn absurd_variant_files_are_refused_with_their_reason() {
    let dir = std::env::temp_dir().join(format!("arbiter-hostile-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let deep = format!("name: deep\nparent: orthodox\nsetup: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let laughs = "name: &a laughs\naliases: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nseed: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nparent: orthodox\n";
    let huge_setup =
        format!("name: many\nparent: orthodox\nsetup: \"{}/8/8/8/8/8/8/KKKKKKKK w - - 0 1\"\n", "k".repeat(8));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "huge",
            b"name: huge\nparent: orthodox\nboard: { files: 10000, ranks: 10000 }\n".to_vec(),
            "huge.yaml:3:17: board.files: invalid value: integer `10000`",
        ),
        (
            "wide",
            b"name: wide\nparent: orthodox\nboard: { files: 100, ranks: 8 }\n".to_vec(),
            "a board has at most 64 files and 64 ranks, not 100x8",
        ),
        (
            "empty",
            b"name: empty\nparent: orthodox\nboard: { files: 0, ranks: 8 }\n".to_vec(),
            "a board needs at least one file and one rank, not 0x8",
        ),
        ("loop", b"name: loop\nparent: loop\n".to_vec(), "loop.yaml:2:1: the parents form a loop"),
        (
            "betza",
            b"name: betza\nparent: orthodox\npieces:\n  - { letter: N, name: x, betza: \"((((\" }\n".to_vec(),
            "betza.yaml:4:7: piece N: unexpected character '('",
        ),
        ("kings", huge_setup.into_bytes(), "start position: white has 8 kings; it needs exactly one"),
        ("deep", deep.into_bytes(), "deep.yaml:3:"),
        ("laughs", laughs.as_bytes().to_vec(), "laughs.yaml:3:7: seed: invalid type: sequence, expected a string"),
        ("binary", vec![0xff, 0xfe, 0x00, 0x01], "binary.yaml: cannot read: stream did not contain valid UTF-8"),
        ("nothing", Vec::new(), "nothing.yaml"),
        (
            "module",
            b"name: module\nparent: orthodox\nmodules:\n  - { name: teleport }\n".to_vec(),
            "not playable yet: rule module \"teleport\" is not implemented yet",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(format!("{name}.yaml"));
        std::fs::write(&path, &text).unwrap_or_else(|e| panic!("{e}"));
        let path_text = path.display().to_string();
        let (code, stdout, stderr) = arbiter(&["variants", "check", &path_text], b"");
        let said = format!("{stdout}{stderr}");
        assert!(!said.contains("panicked"), "{name}: {said}");
        // A file that reads but asks for a module arbiter lacks is valid, and refused by name
        // when a game names it.
        assert_eq!(code, if name == "module" { 0 } else { 1 }, "{name}: {said}");
        assert!(said.contains(expected), "{name}: expected {expected:?} in {said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A die with a face whose module arbiter lacks: the file is valid, the rounds of the other
/// faces are checked, and a cast of that face is refused by its number.
#[test]
fn a_die_face_arbiter_cannot_play_is_refused_by_its_number() {
    let dir = std::env::temp_dir().join(format!("arbiter-hostile-die-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let file = dir.join("dice-x.yaml");
    let text = "name: dice-x\nparent: orthodox\ndie:\n  - face: 1\n    title: plain\n  - face: 2\n    title: teleporting\n    modules:\n      - { name: teleport }\n";
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
    let file = file.display().to_string();
    let record = b"[Variant \"dice-x\"]\n\n1. <1> e4 e5 2. <2> Nf3 *\n";
    let (code, stdout, stderr) = arbiter(&["validate", "--variant-file", &file, "-"], record);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("move 2. (White): <2>: dice-x rule 2 (teleporting) cannot be checked yet"), "{stdout}");
    assert!(stderr.contains("3 moves: 1 invalid"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Odd bytes and huge tokens: each is read with its warning or refused with its error, and
/// the game after it is read.
#[test]
fn odd_bytes_and_huge_tokens_each_with_its_diagnostic() {
    let next = b"\n[Event \"next\"]\n\n1. d4 *\n";
    let huge = |token: &str, times: usize| token.repeat(times).into_bytes();
    let cases: Vec<(Vec<u8>, i32, &str)> = vec![
        (b"[Event \"a\"]\n\n1. e4 *\n\0\0\0\n".to_vec(), 0, "NUL or Ctrl-Z characters outside comments; ignored"),
        (b"[Event \"caf\xe9\"]\n\n1. e4 *\n".to_vec(), 0, "not UTF-8; read as ISO-8859-1 (Latin-1)"),
        (b"\xef\xbb\xbf[Event \"a\"]\n\n1. e4 *\n".to_vec(), 0, "starts with a byte-order mark"),
        (b"[Event \"a\"]\r\n\r\n1. e4 *\r\n".to_vec(), 0, "has CRLF line ends"),
        (b"[Event \"a\"]\n\n1. e4 {never closed\n".to_vec(), 1, "comment opened with '{' is never closed"),
        ([b"[Event \"a\"]\n\n1. N".to_vec(), huge("f3", 500_000), b" *\n".to_vec()].concat(), 1, "expected a move"),
        ([b"[Event \"a\"]\n\n".to_vec(), huge("1", 100_000), b". e4 *\n".to_vec()].concat(), 1, "is too large"),
        (
            [b"[Event \"a\"]\n\n1. e4 $".to_vec(), huge("9", 100_000), b" *\n".to_vec()].concat(),
            1,
            "expected a NAG from $0 to $255",
        ),
        (
            [b"[Event \"a\"]\n\n<".to_vec(), huge("9", 100_000), b"> 1. e4 *\n".to_vec()].concat(),
            1,
            "expected a die cast from 1 to 65535",
        ),
        (
            [b"[".to_vec(), huge("A", 100_000), b" \"x\"]\n\n1. e4 *\n".to_vec()].concat(),
            1,
            "is 100001 bytes long, over the limit of 65536",
        ),
        (
            [b"[Event \"".to_vec(), huge("x", 100_000), b"\"]\n\n1. e4 *\n".to_vec()].concat(),
            1,
            "tag Event is 100005 bytes long",
        ),
        (
            [b"%".to_vec(), huge("x", 5 << 20), b"\n[Event \"a\"]\n\n1. e4 *\n".to_vec()].concat(),
            1,
            "larger than the game size limit of 4194304 bytes",
        ),
        (
            [b"[Event \"a\"]\n\n1. e4 ".to_vec(), huge("1-0", 100_000), b"\n".to_vec()].concat(),
            1,
            "expected a move, a drop or another action",
        ),
        (b"[Event \"a\"]\n\n1. Nz99999999999999 *\n".to_vec(), 1, "expected a rank from 1 to 256"),
    ];
    for (mut input, code, expected) in cases {
        input.extend_from_slice(next);
        let (status, stdout, stderr) = arbiter(&["fmt", "-"], &input);
        let head = String::from_utf8_lossy(&input[..input.len().min(40)]).into_owned();
        assert_eq!(status, code, "{head:?}: {stderr}");
        assert!(stderr.contains(expected), "{head:?}: expected {expected:?} in {stderr}");
        assert!(stdout.contains("[Event \"next\"]"), "{head:?}: the next game was lost");
        assert!(stderr.lines().all(|l| l.len() < 400), "{head:?}: a diagnostic repeats a huge token: {stderr:.400}");
    }
}

/// Output to a reader that has gone (`arbiter variants | head -1`) ends every command without
/// a panic: standard output is closed before the command writes its first byte.
#[test]
fn a_reader_that_goes_away_is_no_panic() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/orthodox/legal.pgn");
    let commands: &[&[&str]] = &[
        &["variants"],
        &["variants", "show", "circular"],
        &["perft", "--depth", "2", "--divide"],
        &["perft", "--depth", "2"],
        &["fmt", game],
        &["convert", "--to", "uci", game],
        &["convert", "--to", "json", game],
    ];
    for args in commands {
        let mut child = spawn_arbiter(args);
        drop(child.stdout.take());
        let output = child.wait_with_output().unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?} panicked:\n{stderr}");
        assert_ne!(output.status.code(), Some(101), "{args:?}:\n{stderr}");
    }
}

/// A cancellation capture that places ten thousand pieces (and one that names its owner in
/// both cases at once): refused with the reason, the games after it read, no panic.
#[test]
fn a_cancellation_with_ten_thousand_placements() {
    let head = "[Variant \"Cancellation Chess\"]\n[SetUp \"1\"]\n[FEN \"8/7k/8/8/3r4/8/8/Q6K w - - 0 1\"]\n\n";
    let mut input = format!("{head}1. Qxd4=B{} *\n\n", "&Pc5".repeat(10_000));
    input.push_str(&format!("{head}1. Qxd4=B&pc5 *\n\n"));
    input.push_str(&format!("{head}1. Qxd4=N&Pe5 Kg6 *\n"));
    let (code, stdout, stderr) = arbiter(&["validate", "-q", "-"], input.as_bytes());
    assert_eq!(code, 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stdout.contains("game 1") && stdout.contains("more pieces are placed than the remainder holds"),
        "{stdout}"
    );
    assert!(stdout.contains("game 2") && stdout.contains("written in upper case"), "{stdout}");
    assert!(!stdout.contains("error[illegal-move]: game 3"), "{stdout}");
    // The action is named by its first hundred characters, not forty thousand.
    assert!(stdout.len() < 5_000, "{} bytes of report", stdout.len());
}
