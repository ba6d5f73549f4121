#!/usr/bin/env python3
"""Checks arbiter's Seirawan chess, Seirawan960 and S-House against Fairy-Stockfish (pyffish).

arbiter is used as a black box, through its command line only; Fairy-Stockfish (FS) is the
reference for which moves are legal. Checks, for each variant:

1. random games: seeded random games played with FS's legal moves until no move is left or
   --max-plies, written in FS's SAN (`Nc3/H`, `O-O/Ee1`) with the result FS gives (`*` where
   the game goes on). `arbiter validate` must accept every game without a diagnostic;
   `arbiter convert --to pgn` must write FS's SAN, `--to uci` FS's moves (`b1c3h`, `h1e1h`),
   `--to fen` FS's positions after every ply (the holdings compared as multisets and the
   castling field as the set of squares it gives: K and Q name the king's and the outermost
   rook's squares, a file its first-rank square); `convert --check` must round-trip the games
   through lan, uci, json, yaml and the explicit form; `adjudicate` must run on every game and
   agree with a finished game's result.
2. perft: positions taken from the random games (every `--stride` plies), `arbiter perft`
   at depth 2 (and depth 3 for the first few) against counts made with pyffish.legal_moves.
3. illegal gatings: after a legal prefix, a gating FS does not offer (on a square whose piece
   has moved or that another piece came to, with a hand that holds no such piece, by a pawn):
   `arbiter validate` must refuse each.

Seirawan960 games start from random Chess960 positions, both hands holding a hawk and an
elephant, and FS is asked in Chess960 mode.

Run (after `cargo build --release`), from anywhere:

    python3 bench/seirawan_pyffish.py                    # about a minute
    python3 bench/seirawan_pyffish.py --games 100 --seed 7 -v

Needs pyffish and the standard library. Exit code 0 when everything agreed, 1 on any
disagreement (each printed, the first few of each kind unless -v), 2 when arbiter or pyffish
cannot be run. With --write-corpus DIR, the games of each variant are also written to
DIR/<variant>.pgn.
"""

import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

try:
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.stderr.write("seirawan_pyffish: pyffish is not installed (pip install pyffish)\n")
    sys.exit(2)

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")
FILES = "abcdefgh"

# (arbiter's name, FS's variant, Chess960 mode)
VARIANTS = [("Seirawan", "seirawan", False), ("Seirawan960", "seirawan", True), ("S-House", "shouse", False)]


class Report:
    def __init__(self, verbose):
        self.verbose = verbose
        self.problems = collections.Counter()
        self.figures = collections.Counter()

    def bad(self, kind, text):
        self.problems[kind] += 1
        if self.verbose or self.problems[kind] <= 3:
            print(f"  [{kind}] {text}")


def run(arbiter, args, stdin=None):
    p = subprocess.run([arbiter] + args, input=stdin, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def random_960(rng):
    """A Chess960 back rank (bishops on both colors, the king between the rooks)."""
    rank = [None] * 8
    rank[rng.choice(range(0, 8, 2))] = "B"
    rank[rng.choice(range(1, 8, 2))] = "B"
    free = [i for i in range(8) if rank[i] is None]
    for piece in "QNN":
        i = rng.choice(free)
        rank[i] = piece
        free.remove(i)
    for i, piece in zip(free, "RKR"):
        rank[i] = piece
    return "".join(rank)


def start_fen(fs_variant, c960, rng):
    if not c960:
        return sf.start_fen(fs_variant)
    back = random_960(rng)
    gates = "".join(FILES[i].upper() for i, p in enumerate(back) if p not in "KR")
    field = "KQ" + gates + "kq" + gates.lower()
    return f"{back.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{back}[HEhe] w {field} - 0 1"


def random_game(fs_variant, c960, fen, rng, max_plies):
    moves = []
    while len(moves) < max_plies:
        legal = sf.legal_moves(fs_variant, fen, moves, c960)
        if not legal:
            break
        moves.append(rng.choice(legal))
    legal = sf.legal_moves(fs_variant, fen, moves, c960)
    result = "*"
    if not legal:
        value = sf.game_result(fs_variant, fen, moves, c960)
        side = sf.get_fen(fs_variant, fen, moves, c960).split()[1]
        if value == 0:
            result = "1/2-1/2"
        else:
            result = "1-0" if (value > 0) == (side == "w") else "0-1"
    return moves, result


def pgn(name, fen, sans, result, number):
    lines = [
        '[Event "seirawan_pyffish"]',
        '[Site "?"]',
        '[Date "2026.11.27"]',
        f'[Round "{number}"]',
        '[White "A"]',
        '[Black "B"]',
        f'[Result "{result}"]',
        f'[Variant "{name}"]',
        '[SetUp "1"]',
        f'[FEN "{fen}"]',
        "",
    ]
    body = []
    for i, san in enumerate(sans):
        if i % 2 == 0:
            body.append(f"{i // 2 + 1}.")
        body.append(san)
    body.append(result)
    text, line = [], ""
    for token in body:
        if len(line) + len(token) + 1 > 79:
            text.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    text.append(line)
    return "\n".join(lines + text) + "\n\n"


def castling_cells(fen):
    """The set of first-rank squares FEN's castling field gives (K, Q: the king's and the
    outermost rook's on that side; a file: its square)."""
    fields = fen.split()
    ranks = fields[0].split("[")[0].split("/")

    def row(text):
        out = []
        for c in text:
            if c.isdigit():
                out.extend([None] * int(c))
            else:
                out.append(c)
        return out

    rows = {"w": row(ranks[-1]), "b": row(ranks[0])}
    hand = fields[0].split("[")[1] if "[" in fields[0] else ""
    holds = {"w": any(c.isupper() for c in hand), "b": any(c.islower() for c in hand)}
    cells = set()
    for c in fields[2] if fields[2] != "-" else "":
        color = "w" if c.isupper() else "b"
        back = rows[color]
        king, rook = ("K", "R") if color == "w" else ("k", "r")
        # A side with nothing in hand: its letters are castling rights (a rook's file in
        # Chess960), which name the king's square and the rook's.
        if not holds[color] and c.upper() not in "KQ" and king in back:
            cells.add((color, back.index(king)))
            cells.add((color, FILES.index(c.lower())))
        elif c.upper() in "KQ" and king in back:
            k = back.index(king)
            side = range(7, k, -1) if c.upper() == "K" else range(0, k)
            r = next((i for i in side if back[i] == rook), None)
            cells.add((color, k))
            if r is not None:
                cells.add((color, r))
        else:
            cells.add((color, FILES.index(c.lower())))
    return cells


def same_fen(a, b, clocks=True):
    """Board, holdings (as multisets), side, castling cells, clocks (where `clocks`); FS writes
    an en passant square only where a capture could use it, arbiter after every double step:
    not compared."""
    fa, fb = a.split(), b.split()
    board = lambda f: f[0].split("[")[0]
    hand = lambda f: sorted(f[0].split("[")[1].rstrip("]")) if "[" in f[0] else []
    return (
        board(fa) == board(fb)
        and hand(fa) == hand(fb)
        and fa[1] == fb[1]
        and castling_cells(a) == castling_cells(b)
        and (fa[4:6] == fb[4:6] if clocks else fa[5] == fb[5])
    )


def tokens(text):
    """The moves of a PGN body: no tags, move numbers, comments or results."""
    out = []
    for line in text.splitlines():
        if line.startswith("[") or not line.strip():
            continue
        for t in line.split():
            if t[0].isdigit() and (t.endswith(".") or t in ("1-0", "0-1", "1/2-1/2")):
                continue
            if t == "*" or t[0].isdigit() and "." in t:
                continue
            out.append(t)
    return out


def fs_sans(fs_variant, fen, moves, c960):
    """FS's SAN of `moves`, but a gating FS writes without the disambiguation its move needs
    (`Nb3/H` where knights on a1 and c1 may both gate: FS disambiguates no gating) written
    with it (`Nab3/H`), as arbiter writes and reads it; and how many were so mended."""
    sans = sf.get_san_moves(fs_variant, fen, moves, c960)
    mended = 0
    for i, (m, san) in enumerate(zip(moves, sans)):
        if "/" not in san or san.startswith("O"):
            continue
        here = sf.get_fen(fs_variant, fen, moves[:i], c960)
        base = sf.get_san(fs_variant, here, m[:4], c960).rstrip("+#")
        head, gate = san.split("/", 1)
        if base != head.rstrip("+#"):
            sans[i] = base + "/" + gate
            mended += 1
    return sans, mended


def fs_perft(fs_variant, fen, c960, depth):
    if depth == 0:
        return 1
    moves = sf.legal_moves(fs_variant, fen, [], c960)
    if depth == 1:
        return len(moves)
    return sum(fs_perft(fs_variant, sf.get_fen(fs_variant, fen, [m], c960), c960, depth - 1) for m in moves)


def check_variant(arbiter, name, fs_variant, c960, args, rng, report, corpus_dir):
    print(f"{name}:")
    games = []
    for number in range(1, args.games + 1):
        fen = start_fen(fs_variant, c960, rng)
        moves, result = random_game(fs_variant, c960, fen, rng, args.max_plies)
        sans, mended = fs_sans(fs_variant, fen, moves, c960)
        report.figures[f"{name} gatings FS writes ambiguously"] += mended
        games.append((fen, moves, sans, result))
    report.figures[f"{name} games"] += len(games)
    report.figures[f"{name} plies"] += sum(len(g[1]) for g in games)
    report.figures[f"{name} gatings"] += sum(1 for g in games for s in g[2] if "/" in s)
    text = "".join(pgn(name, fen, sans, result, i + 1) for i, (fen, _, sans, result) in enumerate(games))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pgn")
        with open(path, "w") as f:
            f.write(text)
        if corpus_dir:
            with open(os.path.join(corpus_dir, f"{name.lower()}.pgn"), "w") as f:
                f.write(text)
        rc, out, err = run(arbiter, ["validate", path])
        if rc != 0 or "error" in out:
            report.bad("validate", f"{name}: exit {rc}: {out[:600]}")
        # SAN, UCI and FEN per game (one game a file, for the FEN list).
        for i, (fen, moves, sans, result) in enumerate(games):
            one = os.path.join(tmp, f"g{i}.pgn")
            with open(one, "w") as f:
                f.write(pgn(name, fen, sans, result, i + 1))
            rc, out, _ = run(arbiter, ["convert", "--to", "pgn", one])
            if tokens(out) != sans:
                got = tokens(out)
                at = next((j for j, (x, y) in enumerate(zip(got, sans)) if x != y), min(len(got), len(sans)))
                report.bad("san", f"{name} game {i + 1} ply {at + 1}: arbiter {got[at:at + 1]} FS {sans[at:at + 1]}")
            rc, out, _ = run(arbiter, ["convert", "--to", "uci", one])
            if tokens(out) != moves:
                got = tokens(out)
                at = next((j for j, (x, y) in enumerate(zip(got, moves)) if x != y), min(len(got), len(moves)))
                report.bad("uci", f"{name} game {i + 1} ply {at + 1}: arbiter {got[at:at + 1]} FS {moves[at:at + 1]}")
            rc, out, _ = run(arbiter, ["convert", "--to", "fen", one])
            fens = [l for l in out.splitlines() if l.strip()]
            for ply in range(len(moves) + 1):
                want = sf.get_fen(fs_variant, fen, moves[:ply], c960)
                # (FS starts the fifty-move count again after a drop, in Crazyhouse too;
                # arbiter counts a drop as a move of a piece: S-House's halfmove clocks differ.)
                if ply >= len(fens) or not same_fen(fens[ply], want, clocks=name != "S-House"):
                    got = fens[ply] if ply < len(fens) else None
                    report.bad("fen", f"{name} game {i + 1} ply {ply}: arbiter {got} FS {want}")
                    break
                report.figures["fens compared"] += 1
        for to in ["lan", "uci", "json", "yaml", "explicit"]:
            rc, out, err = run(arbiter, ["convert", "--to", to, "--check", path])
            if rc != 0:
                report.bad("round-trip", f"{name} --to {to}: exit {rc}: {(out + err)[:400]}")
        rc, out, err = run(arbiter, ["adjudicate", "--format", "json", path])
        verdicts = [json.loads(l) for l in out.splitlines() if l.startswith("{") and '"summary"' not in l]
        if len(verdicts) != len(games):
            report.bad("adjudicate", f"{name}: {len(verdicts)} verdicts for {len(games)} games: {err[:300]}")
        else:
            for (fen, moves, sans, result), v in zip(games, verdicts):
                found = json.dumps(v)
                if result in ("1-0", "0-1") and f'"{result}"' not in found:
                    report.bad("adjudicate", f"{name}: FS {result}, arbiter {found[:300]}")
    # perft
    positions = []
    for fen, moves, _, _ in games:
        for ply in range(0, len(moves), args.stride):
            positions.append(sf.get_fen(fs_variant, fen, moves[:ply], c960))
    for k, pos in enumerate(positions):
        depths = [1, 2, 3] if k < args.depth3 else [1, 2]
        for d in depths:
            rc, out, err = run(arbiter, ["perft", "--variant", name, "--fen", pos, "--depth", str(d)])
            want = fs_perft(fs_variant, pos, c960, d)
            got = out.strip()
            report.figures["perft counts"] += 1
            report.figures["perft nodes"] += want
            if rc != 0 or got != str(want):
                report.bad("perft", f"{name} {pos} depth {d}: arbiter {got or err.strip()[:200]} FS {want}")
    # illegal gatings
    illegal = 0
    for fen, moves, sans, _ in games:
        for ply in range(min(len(moves), 30)):
            legal = sf.legal_moves(fs_variant, fen, moves[:ply], c960)
            plain = [m for m in legal if len(m) == 4 and "@" not in m]
            offered = set(legal)
            for m in plain:
                for letter in "hen":
                    if m + letter in offered:
                        continue
                    piece = sf.get_fen(fs_variant, fen, moves[:ply], c960)
                    # A pawn's move with a letter reads as a promotion: not a gating.
                    board = piece.split()[0]
                    if is_pawn_move(board, m, piece.split()[1]):
                        continue
                    prefix, _ = fs_sans(fs_variant, fen, moves[:ply], c960)
                    san = sf.get_san(fs_variant, piece, m, c960).rstrip("+#") + "/" + letter.upper()
                    body = pgn(name, fen, prefix + [san], "*", 1)
                    rc, out, _ = run(arbiter, ["validate", "-"], body)
                    illegal += 1
                    if rc != 1 or "illegal" not in out:
                        report.bad("illegal", f"{name}: {san} after {' '.join(moves[:ply])} accepted: {out[:300]}")
                    break
                if illegal >= args.illegal:
                    break
            if illegal >= args.illegal:
                break
    report.figures[f"{name} illegal gatings tried"] += illegal


def is_pawn_move(board, move, side):
    rows = board.split("[")[0].split("/")
    file, rank = FILES.index(move[0]), int(move[1])
    row = rows[8 - rank]
    cells = []
    for c in row:
        cells.extend([None] * int(c) if c.isdigit() else [c])
    return cells[file] is not None and cells[file].lower() == "p"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arbiter", default=DEFAULT_ARBITER)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--max-plies", type=int, default=120)
    parser.add_argument("--stride", type=int, default=15)
    parser.add_argument("--depth3", type=int, default=6)
    parser.add_argument("--illegal", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-corpus", metavar="DIR")
    parser.add_argument("--only", help="one variant's name (Seirawan, Seirawan960, S-House)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if not os.path.exists(args.arbiter):
        sys.stderr.write(f"seirawan_pyffish: no arbiter at {args.arbiter} (cargo build --release)\n")
        sys.exit(2)
    report = Report(args.verbose)
    rng = random.Random(args.seed)
    for name, fs_variant, c960 in VARIANTS:
        if args.only and args.only != name:
            continue
        check_variant(args.arbiter, name, fs_variant, c960, args, rng, report, args.write_corpus)
    print("figures:")
    for k, v in sorted(report.figures.items()):
        print(f"  {k}: {v}")
    print("disagreements:", dict(report.problems) or 0)
    sys.exit(1 if report.problems else 0)


if __name__ == "__main__":
    main()
