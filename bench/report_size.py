#!/usr/bin/env python3
"""The size and load time of `validate --report` for many invalid games (issue 28).

Takes the first N games of a real archive (the shared corpus's lichess sample by default),
breaks each at a move chosen by its number (a knight's or king's move to a square it cannot
reach, replacing the move there), writes them to target/bench/invalid-N.pgn, runs
`arbiter validate --report` on them, and opens the page in headless Chromium: the time to
load it and lay it out (--dump-dom), and to paint the first screen (--screenshot).

    python3 bench/report_size.py [N] [archive.pgn]
"""
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
N = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
SOURCE = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target/bench/orthodox-archive.pgn")
ARBITER = os.path.join(ROOT, "target/release/arbiter")
OUT = os.path.join(ROOT, "target/bench")
BROWSER = next((b for b in ["chromium", "chromium-browser", "google-chrome"]
                if subprocess.run(["sh", "-c", f"command -v {b}"], capture_output=True).returncode == 0), None)


def games(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    for part in re.split(r"\n\n(?=\[Event )", text):
        yield part.strip() + "\n"


def broken(game, index):
    head, _, moves = game.partition("\n\n")
    tokens = moves.split()
    sans = [i for i, t in enumerate(tokens) if re.fullmatch(r"[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?|O-O(-O)?[+#]?", t)]
    if len(sans) < 4:
        return None
    at = sans[min(len(sans) - 1, 3 + index % max(1, len(sans) - 3))]
    # A knight's leap to a cell no knight reaches from most squares, or the king far away.
    tokens[at] = ["Nxa8", "Kh5", "Qxh8", "Bb1"][index % 4]
    return head + "\n\n" + " ".join(tokens) + "\n"


def main():
    os.makedirs(OUT, exist_ok=True)
    pgn = os.path.join(OUT, f"invalid-{N}.pgn")
    count = 0
    with open(pgn, "w") as out:
        for index, game in enumerate(games(SOURCE)):
            b = broken(game, index)
            if b:
                out.write(b + "\n")
                count += 1
            if count == N:
                break
    report = os.path.join(OUT, f"report-{N}.html")
    started = time.time()
    run = subprocess.run([ARBITER, "validate", "-q", "--report", report, pgn], capture_output=True)
    written = time.time() - started
    size = os.path.getsize(report)
    print(f"{count} games, {run.stderr.decode().strip().splitlines()[-1] if run.stderr else ''}")
    print(f"validate --report: {written:.2f} s; page {size / 1e6:.1f} MB, {size / max(count, 1) / 1e3:.1f} KB a game")
    if not BROWSER:
        print("no Chromium: load time not measured")
        return
    flags = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=/tmp/arbiter-bench-profile"]
    for label, extra in [("load and lay out (--dump-dom)", ["--dump-dom"]),
                         ("paint the first screen (--screenshot)", ["--screenshot=/tmp/arbiter-report-shot.png", "--window-size=1280,900"])]:
        times = []
        for _ in range(3):
            started = time.time()
            subprocess.run(flags + extra + ["file://" + report], capture_output=True)
            times.append(time.time() - started)
        print(f"chromium {label}: best {min(times):.2f} s of 3")
    started = time.time()
    subprocess.run(flags + ["--dump-dom", "about:blank"], capture_output=True)
    print(f"chromium on an empty page: {time.time() - started:.2f} s")


if __name__ == "__main__":
    main()
