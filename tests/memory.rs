//! Memory bounds: a file of any size streams through in the memory of a few games, and one
//! game, whatever its shape, costs at most a fixed multiple of the game size limit
//! (notation/SPEC.md, "Limits"). Peak memory is read from /proc; where there is none (not
//! Linux), the tests only check that the commands finish.

mod common;

use std::io::{Read, Write};
use std::time::Duration;

use common::{peak_memory_kib, spawn_arbiter};

/// What a run gave: exit code, bytes written to standard output, standard error, and the
/// peak memory seen (KiB; 0 where it cannot be read).
struct Run {
    code: i32,
    stdout_bytes: u64,
    stderr: String,
    peak_kib: u64,
}

/// Runs `arbiter` with `args`, feeding it `input` (chunk by chunk, so that the input itself
/// need not be in memory at once) and draining its output, while watching its memory.
fn run(args: &[&str], input: impl Iterator<Item = Vec<u8>> + Send + 'static) -> Run {
    let mut child = spawn_arbiter(args);
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("no stdin"));
    let feeder = std::thread::spawn(move || {
        for chunk in input {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().unwrap_or_else(|| panic!("no stdout"));
    let drainer = std::thread::spawn(move || {
        let mut buffer = vec![0u8; 1 << 16];
        let mut total = 0u64;
        while let Ok(n) = stdout.read(&mut buffer) {
            if n == 0 {
                break;
            }
            total += n as u64;
        }
        total
    });
    let mut stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
    let reporter = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    // The peak only grows: the last reading before the process ends is close to the whole
    // run's, and a run whose memory grew with its input would show it long before.
    let mut peak = 0;
    let status = loop {
        peak = peak.max(peak_memory_kib(pid).unwrap_or(0));
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => panic!("{e}"),
        }
    };
    let _ = feeder.join();
    Run {
        code: status.code().unwrap_or(-1),
        stdout_bytes: drainer.join().unwrap_or(0),
        stderr: reporter.join().unwrap_or_default(),
        peak_kib: peak,
    }
}

/// The games of corpus/orthodox/legal.pgn.
fn legal_games() -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/orthodox/legal.pgn");
    std::fs::read(path).unwrap_or_else(|e| panic!("corpus/orthodox/legal.pgn: {e}"))
}

const MIB: u64 = 1 << 20;

#[test]
fn an_archive_streams_through_in_the_memory_of_a_few_games() {
    // 48 MiB of legal games.
    let games = legal_games();
    let copies = (48 * MIB) as usize / games.len();
    let commands: [&[&str]; 4] = [
        &["validate", "-q", "-"],
        &["fmt", "-q", "-"],
        &["convert", "-q", "--to", "json", "-"],
        &["convert", "-q", "--to", "yaml", "-"],
    ];
    for args in commands {
        let input = std::iter::repeat_n(games.clone(), copies);
        let run = run(args, input);
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(run.stdout_bytes > 0 || args[0] == "validate", "{args:?} wrote nothing");
        eprintln!("{args:?}: {} KiB", run.peak_kib);
        assert!(run.peak_kib < 32 * 1024, "{args:?}: peak {} KiB for a 48 MiB stream", run.peak_kib);
    }
}

/// Compressed, the archive streams through as it does plain: decoding holds a few chunks and
/// the decoder's window, never the file.
#[cfg(feature = "compression")]
#[test]
fn a_compressed_archive_streams_through_in_the_same_memory() {
    let games = legal_games();
    let copies = (48 * MIB) as usize / games.len();
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let mut zstd = zstd::stream::Encoder::new(Vec::new(), 1).unwrap_or_else(|e| panic!("zstd: {e}"));
    for _ in 0..copies {
        gzip.write_all(&games).unwrap_or_else(|e| panic!("gzip: {e}"));
        zstd.write_all(&games).unwrap_or_else(|e| panic!("zstd: {e}"));
    }
    let gzip = gzip.finish().unwrap_or_else(|e| panic!("gzip: {e}"));
    let zstd = zstd.finish().unwrap_or_else(|e| panic!("zstd: {e}"));
    for (name, bytes) in [("gzip", gzip), ("zstd", zstd)] {
        let chunks: Vec<Vec<u8>> = bytes.chunks(1 << 16).map(<[u8]>::to_vec).collect();
        let run = run(&["validate", "-q", "-"], chunks.into_iter());
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert!(run.stderr.contains(": 0 invalid"), "{name}: {}", run.stderr);
        eprintln!("{name}: {} KiB", run.peak_kib);
        assert!(run.peak_kib < 32 * 1024, "{name}: peak {} KiB for a 48 MiB stream", run.peak_kib);
    }
}

/// One game of `size` bytes: `head`, then `unit` repeated, after a tag section of `tags`.
fn one_game(tags: &str, head: &str, unit: &str, size: usize) -> Vec<u8> {
    let tail = " *\n";
    let mut text = format!("{tags}\n{head}");
    let room = size - text.len() - tail.len();
    let count = room.checked_div(unit.len()).unwrap_or(0);
    text.push_str(&unit.repeat(count));
    text.push_str(&" ".repeat(room - count * unit.len()));
    text.push_str(tail);
    text.into_bytes()
}

#[test]
fn a_game_costs_at_most_a_fixed_multiple_of_the_size_limit() {
    const LIMIT: usize = 1 << 20;
    // The shapes that cost the most memory per byte of text, found by measuring.
    let shapes = [
        ("", "Nf3 Nf6 Ng1 Ng8 "),
        ("1. e4 ", "(1. d4) "),
        ("1. e4 ", &format!("{}{} ", "(1. d4 ".repeat(99), ")".repeat(99))),
        ("1. e4 ", "{} "),
        ("1. e4 ", "$1 "),
    ];
    let commands: [&[&str]; 4] = [
        &["validate", "-q", "--max-game-size", "1M", "-"],
        &["fmt", "-q", "--max-game-size", "1M", "-"],
        &["convert", "-q", "--to", "json", "--max-game-size", "1M", "-"],
        &["convert", "-q", "--to", "uci", "--max-game-size", "1M", "-"],
    ];
    let tag = "[Event \"shape\"]\n";
    let mut inputs: Vec<(String, Vec<u8>)> =
        shapes.iter().map(|(head, unit)| (format!("{head}{unit}"), one_game(tag, head, unit, LIMIT))).collect();
    let tags = "[A \"\"]\n".repeat((LIMIT - 20) / 8);
    inputs.push(("tags".to_owned(), one_game(&tags, "1. e4", "", LIMIT)));
    for (shape, input) in &inputs {
        assert_eq!(input.len(), LIMIT);
        for args in commands {
            let run = run(args, std::iter::once(input.clone()));
            // Repeated shuffles are a drawn game with a warning; the rest are clean.
            assert!(run.code == 0, "{args:?} on {shape:?}: {}", run.stderr);
            let bound = 256 * LIMIT as u64 / 1024 + 32 * 1024;
            eprintln!("{args:?} on {shape:.20}: {} KiB", run.peak_kib);
            assert!(run.peak_kib < bound, "{args:?} on {shape:?}: peak {} KiB, bound {bound} KiB", run.peak_kib);
        }
        // One byte over the limit, the game is skipped without being read into memory.
        let mut over = input.clone();
        over.insert(input.len() - 3, b' ');
        assert_eq!(over.len(), LIMIT + 1);
        let run = run(commands[1], std::iter::once(over));
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stderr.contains("larger than the game size limit of 1048576 bytes"), "{}", run.stderr);
    }
}
