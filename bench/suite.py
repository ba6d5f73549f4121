#!/usr/bin/env python3
"""arbiter's benchmark suite: arbiter and the tools users would pick instead, on the same
bytes, in the same run, with ratios.

    python3 bench/suite.py [--runs N] [--input FILE.pgn] [--variant-games N]

Inputs (kept in target/bench/, never in the repository):
  - the orthodox archive: FILE if given, else the orthodox games of ../shared/corpus joined
    into one file, else random legal games made by examples/random_game;
  - for each variant measured, random legal games of it (and of orthodox chess, the same way,
    so that throughput per move compares like with like).

Measured, each the median of N runs (3 by default), with its peak memory (from GNU time where
/usr/bin/time exists, else from the rusage of the run, which counts this script's own size):
  - arbiter validate on one thread and on all threads, fmt (reading and writing only; it runs
    on one thread), convert to JSON, YAML, SAN, long algebraic and UCI, and adjudicate, each on
    one thread, with its time against shakmaty + pgn-reader's and the target issue 30 set it;
  - pgn-extract -s -r (Debian package pgn-extract; skipped when absent);
  - python-chess replaying every move (PyPI package chess; skipped when absent; slow, so it
    runs on the first 2 MB of whole games and its rate is given for those);
  - shakmaty + pgn-reader (bench/peers/shakmaty-validate, a crate of its own: its GPL licence
    stays out of arbiter's dependency tree).
Variants: every variant of the catalogue (or those of --variants), moves per second against orthodox random games; and,
where valgrind is installed, instructions per move (callgrind, less the start-up that
`validate` of an empty file costs). Each input takes a tenth of a second or so, of which the
start-up is a tenth, so the wall-clock ratios move from run to run; the instruction counts
do not, and they are the figures the speed work quotes.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "bench"
ARBITER = ROOT / "target" / "release" / "arbiter"
RANDOM_GAME = ROOT / "target" / "release" / "examples" / "random_game"
PEER_DIR = ROOT / "bench" / "peers" / "shakmaty-validate"
PEER = PEER_DIR / "target" / "release" / "shakmaty-validate"
SHARED = ROOT.parent / "shared" / "corpus" / "orthodox"
# Every variant of the catalogue (one file each in notation/variants/), so that a change that
# slows any of them shows here.
VARIANTS = sorted(p.stem for p in (ROOT / "notation" / "variants").glob("*.yaml") if p.stem != "orthodox")
PYTHON_CHESS_SAMPLE = 2_000_000


def build():
    subprocess.run(["cargo", "build", "--release", "--quiet", "--bin", "arbiter", "--example", "random_game"],
                   cwd=ROOT, check=True)
    subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path", str(PEER_DIR / "Cargo.toml")],
                   cwd=ROOT, check=True)


# Variants whose games start from a Chess960 position each (random_game --shuffle), as their
# real games do: from the orthodox one alone they would measure orthodox castling only.
SHUFFLED = {"chess960"}


def random_games(variant, count, parts=2):
    """`count` random legal games of `variant`, made once and kept."""
    shuffled = variant in SHUFFLED
    path = WORK / f"random-{variant}{'-shuffled' if shuffled else ''}-{count}.pgn"
    if path.exists():
        return path
    print(f"making {count} random games of {variant} ...", file=sys.stderr)
    share = (count + parts - 1) // parts
    jobs, files = [], []
    for part in range(parts):
        out = WORK / f".{path.name}.{part}"
        files.append(out)
        handle = open(out, "w")
        seed = 1 + part * share
        shuffle = ["--shuffle"] if shuffled else []
        jobs.append((subprocess.Popen([str(RANDOM_GAME), "--games", str(share), *shuffle, variant, str(seed), "150"],
                                      stdout=handle), handle))
    for job, handle in jobs:
        job.wait()
        handle.close()
    with open(path, "wb") as out:
        for f in files:
            out.write(f.read_bytes())
            f.unlink()
    return path


def orthodox_archive(given):
    if given:
        return Path(given)
    path = WORK / "orthodox-archive.pgn"
    if SHARED.is_dir():
        files = sorted(SHARED.rglob("*.pgn"))
        if not path.exists() or path.stat().st_size != sum(f.stat().st_size for f in files):
            with open(path, "wb") as out:
                for f in files:
                    out.write(f.read_bytes())
        return path
    return random_games("orthodox", 8000)


# GNU time reports the peak memory of the measured program alone: the rusage of a child of
# this script would count the Python interpreter it was forked from.
GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").exists() else None


def run_once(command, stdin=None):
    """Wall time and peak memory (KiB) of one run; standard output is discarded."""
    source = open(stdin, "rb") if stdin else subprocess.DEVNULL
    peak_file = WORK / ".peak"
    if GNU_TIME:
        command = [GNU_TIME, "-f", "%M", "-o", str(peak_file)] + command
    start = time.perf_counter()
    process = subprocess.Popen(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stderr = process.stderr.read().decode(errors="replace") if process.stderr else ""
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    peak = usage.ru_maxrss
    if GNU_TIME:
        lines = peak_file.read_text().split() if peak_file.exists() else []
        peak = int(lines[-1]) if lines and lines[-1].isdigit() else peak
    if stdin:
        source.close()
    return seconds, peak, process.returncode, stderr


def measure(command, runs, stdin=None):
    run_once(command, stdin)  # warms the page cache
    results = [run_once(command, stdin) for _ in range(runs)]
    seconds = statistics.median(r[0] for r in results)
    peak = max(r[1] for r in results)
    return seconds, peak, results[-1][2], results[-1][3]


def counts(path):
    """Games and moves of a file, as arbiter validate counts them."""
    _, _, _, stderr = run_once([str(ARBITER), "validate", "-q", "-j", "1", str(path)])
    match = re.search(r"(\d+) games?, (\d+) moves", stderr)
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


def python_chess_command(path):
    """A python-chess run over the first whole games of `path` up to the sample size."""
    sample = WORK / "python-chess-sample.pgn"
    data = path.read_text(encoding="utf-8", errors="replace")
    cut = data.find("\n[Event ", PYTHON_CHESS_SAMPLE)
    sample.write_text(data[: cut if cut > 0 else len(data)], encoding="utf-8")
    script = (
        "import sys, chess.pgn\n"
        "with open(sys.argv[1], encoding='utf-8') as f:\n"
        "    while (g := chess.pgn.read_game(f)) is not None:\n"
        "        b = g.board()\n"
        "        for m in g.mainline_moves():\n"
        "            b.push(m)\n"
    )
    return [sys.executable, "-c", script, str(sample)], sample


def instructions(command):
    """The instructions `command` executes, counted by callgrind; None without valgrind."""
    valgrind = shutil.which("valgrind")
    if not valgrind:
        return None
    run = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                         capture_output=True, text=True)
    found = re.search(r"refs:\s+([\d,]+)", run.stderr)
    return int(found.group(1).replace(",", "")) if found else None


def row(name, seconds, peak, size, games, moves, base, speedup=False, reference=None, target=None):
    ratio = seconds / base if base else float("nan")
    # The all-threads row says how many times one thread's throughput it reaches (target 1.9).
    shown = f"{ratio:.2f} ({base / seconds:.2f}x)" if speedup else f"{ratio:.2f}"
    against = f"{seconds / reference:.2f}" if reference else ""
    if speedup:
        goal = "1.9x: " + ("met" if base / seconds >= 1.9 else "missed")
    elif target is not None and reference:
        goal = f"{target}: " + ("met" if seconds / reference <= target else "missed")
    else:
        goal = ""
    return (f"| {name} | {seconds:.3f} | {size / seconds / 1e6:.1f} | {games / seconds:,.0f} | "
            f"{moves / seconds / 1e6:.2f} | {peak / 1024:.0f} | {shown} | {against} | {goal} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (the median is shown)")
    parser.add_argument("--input", help="the orthodox archive to measure (default: ../shared/corpus/orthodox)")
    parser.add_argument("--variant-games", type=int, default=1000, help="random games per variant")
    parser.add_argument("--variants", default=None,
                        help="the variants to measure, comma-separated (default: every variant of the catalogue)")
    parser.add_argument("--variants-only", action="store_true", help="measure the variants only, not the archive")
    args = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    build()
    a = str(ARBITER)
    if not args.variants_only:
        archive = orthodox_archive(args.input)
        size = archive.stat().st_size
        games, moves = counts(archive)
        threads = os.cpu_count() or 1
        print(f"input: {archive} ({size / 1e6:.1f} MB, {games:,} games, {moves:,} moves); "
              f"{threads} cores; median of {args.runs} runs\n")
        # The reference every target is set against: shakmaty + pgn-reader on one thread.
        peer = measure([str(PEER), str(archive)], args.runs) if PEER.exists() else None
        print("| tool | seconds | MB/s | games/s | M moves/s | peak MB | time / arbiter -j 1 "
              "| time / shakmaty | target |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        # (name, command, the target as a share of shakmaty + pgn-reader's time)
        ours = [
            ("arbiter validate -j 1", [a, "validate", "-q", "-j", "1", str(archive)], 0.5),
            (f"arbiter validate (-j {threads})", [a, "validate", "-q", str(archive)], None),
            ("arbiter fmt (read and write only)", [a, "fmt", "-q", str(archive)], 0.5),
            ("arbiter convert --to json -j 1", [a, "convert", "-q", "-j", "1", "--to", "json", str(archive)], 0.7),
            ("arbiter convert --to yaml -j 1", [a, "convert", "-q", "-j", "1", "--to", "yaml", str(archive)], 0.7),
            ("arbiter convert --to pgn -j 1", [a, "convert", "-q", "-j", "1", "--to", "pgn", str(archive)], 1.0),
            ("arbiter convert --to lan -j 1", [a, "convert", "-q", "-j", "1", "--to", "lan", str(archive)], 1.0),
            ("arbiter convert --to uci -j 1", [a, "convert", "-q", "-j", "1", "--to", "uci", str(archive)], 1.0),
            ("arbiter adjudicate -j 1", [a, "adjudicate", "-q", "-j", "1", str(archive)], 1.0),
        ]
        reference = peer[0] if peer else None
        base = None
        for name, command, target in ours:
            seconds, peak, _, _ = measure(command, args.runs)
            base = base or seconds
            print(row(name, seconds, peak, size, games, moves, base,
                      speedup=name.startswith("arbiter validate (-j"), reference=reference, target=target))
        pgn_extract = shutil.which("pgn-extract") or ("/usr/games/pgn-extract" if Path("/usr/games/pgn-extract").exists() else None)
        if pgn_extract:
            seconds, peak, _, _ = measure([pgn_extract, "-s", "-r", str(archive)], args.runs)
            print(row("pgn-extract -s -r", seconds, peak, size, games, moves, base, reference=reference))
        else:
            print("| pgn-extract | skipped: not installed (apt install pgn-extract) | | | | | | | |")
        if peer:
            print(row("shakmaty + pgn-reader", peer[0], peer[1], size, games, moves, base, reference=reference))
        else:
            print("| shakmaty + pgn-reader | skipped: not built | | | | | | | |")
        try:
            import chess  # noqa: F401
            command, sample = python_chess_command(archive)
            sample_games, sample_moves = counts(sample)
            sample_size = sample.stat().st_size
            seconds, peak, _, _ = measure(command, 1)
            # Its ratio is to arbiter's time for as many bytes.
            print(row(f"python-chess (first {sample_size / 1e6:.1f} MB)", seconds, peak, sample_size, sample_games,
                      sample_moves, base * sample_size / size,
                      reference=reference * sample_size / size if reference else None))
        except ImportError:
            print("| python-chess | skipped: not installed (pip install chess) | | | | | | | |")

    print(f"\nvariants: {args.variant_games} random games each, arbiter validate -j 1\n")
    empty = WORK / "empty.pgn"
    empty.write_bytes(b"")
    start_up = instructions([a, "validate", "-q", "-j", "1", str(empty)])
    print("| variant | MB | moves | seconds | M moves/s | per move / orthodox | instructions per move "
          "| per move / orthodox (instructions) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    reference = reference_count = None
    chosen = args.variants.split(",") if args.variants else VARIANTS
    for variant in ["orthodox"] + [v for v in chosen if v != "orthodox"]:
        path = random_games(variant, args.variant_games)
        _, variant_moves = counts(path)
        command = [a, "validate", "-q", "-j", "1", str(path)]
        seconds, _, _, _ = measure(command, args.runs)
        rate = variant_moves / seconds
        reference = reference or rate
        total = instructions(command) if start_up is not None else None
        if total is None:
            counted = "not counted (no valgrind) | "
        else:
            per_move = (total - start_up) / variant_moves
            reference_count = reference_count or per_move
            counted = f"{per_move:,.0f} | {per_move / reference_count:.2f}"
        print(f"| {variant} | {path.stat().st_size / 1e6:.1f} | {variant_moves:,} | {seconds:.3f} | "
              f"{rate / 1e6:.2f} | {reference / rate:.2f} | {counted} |")


if __name__ == "__main__":
    main()
