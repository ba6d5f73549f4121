#!/usr/bin/env python3
"""Checks `arbiter adjudicate` against python-chess on real orthodox games.

For each PGN file, runs `arbiter adjudicate --format json` on it and reads the same file with
python-chess (which shares no code with arbiter), then compares, game by game, what holds in
the position at the end of the main line:

  checkmate               board.is_checkmate()
  stalemate               board.is_stalemate()
  insufficient material   board.is_insufficient_material()
  threefold, on the board board.is_repetition(3)                  vs arbiter final.threefold
  threefold, claimable    board.can_claim_threefold_repetition()  vs final.threefold, or a
                          move that makes it (final.threefold_by_move): python-chess counts the
                          claim by announcing the move (FIDE 9.2.1.1) too, so both are compared
  fifty moves, on board   board.is_fifty_moves()                  vs final.fifty_moves
  fifty moves, claimable  board.can_claim_fifty_moves()           vs final.fifty_moves, or a
                          move that completes them (final.fifty_moves_by_move)

The games must also have the same number of half-moves (so that the two readers are known to
look at the same game). Like with like: python-chess's insufficient material is "neither side
has mating material" (K v K, K+minor v K, bishops all on one colour), which is what arbiter's
rules core implements too; neither is FIDE's full dead position.

It also lists the games whose Result contradicts a mate on the board (python-chess's
finding), and checks that arbiter reports exactly those games as result mismatches with a
checkmate verdict.

Needs python-chess (`pip install chess`) and a release build (`cargo build --release`).
Exits 0 when everything agrees, 1 on any disagreement, 2 when arbiter cannot be run; skips
(exit 0) when the default corpus is absent.

    python3 bench/compare_adjudicate.py [FILES or DIRECTORIES] [--arbiter PATH] [-j N]
"""

import argparse
import io
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time

import chess
import chess.pgn

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.normpath(os.path.join(CRATE, "..", "shared", "corpus"))
DEFAULT_INPUTS = [os.path.join(CORPUS, "orthodox")]
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")

ITEMS = [
    "checkmate",
    "stalemate",
    "insufficient_material",
    "threefold_on_board",
    "threefold_claimable",
    "fifty_on_board",
    "fifty_claimable",
]

# Disagreements described in full, per item.
SHOWN = 10


def pgn_files(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files.extend(os.path.join(root, n) for n in names if n.lower().endswith(".pgn"))
        else:
            files.append(path)
    return sorted(files)


def python_chess_facts(path):
    """The facts at the end of every game of `path`, as python-chess sees them."""
    out = []
    with open(path, "rb") as raw:
        data = raw.read()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        # As arbiter reads bytes that are not UTF-8: ISO-8859-1, the PGN standard's set.
        text = data.decode("latin-1")
    # python-chess ends a game at a second empty line after the tags, where the movetext of
    # some files begins; runs of empty lines separate games alike for both readers.
    text = re.sub(r"\n[ \t\r]*\n(?:[ \t\r]*\n)+", "\n\n", text)
    with io.StringIO(text) as handle:
        index = 0
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            index += 1
            if game.errors:
                out.append({"game": index, "error": str(game.errors[0]),
                            "white": game.headers.get("White", "?"), "black": game.headers.get("Black", "?")})
                continue
            board = game.end().board()
            out.append({
                "game": index,
                "plies": len(board.move_stack),
                "result": game.headers.get("Result", "*"),
                "white": game.headers.get("White", "?"),
                "black": game.headers.get("Black", "?"),
                "checkmate": board.is_checkmate(),
                "stalemate": board.is_stalemate(),
                "insufficient_material": board.is_insufficient_material(),
                "threefold_on_board": board.is_repetition(3),
                "threefold_claimable": board.can_claim_threefold_repetition(),
                "fifty_on_board": board.is_fifty_moves(),
                "fifty_claimable": board.can_claim_fifty_moves(),
                "winner": None if not board.is_checkmate() else ("1-0" if board.turn == chess.BLACK else "0-1"),
            })
    return path, out


def arbiter_facts(arbiter, path):
    """The facts at the end of every game of `path`, as `arbiter adjudicate` gives them."""
    run = subprocess.run([arbiter, "adjudicate", "--format", "json", "-q", "-j", "1", path],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"{path}: arbiter exited {run.returncode}: {run.stderr.strip()}")
    games = {}
    for line in run.stdout.splitlines():
        record = json.loads(line)
        if "game" not in record:
            continue
        final = record.get("final")
        if final is None:
            games[record["game"]] = {
                "white": record["white"],
                "black": record["black"],
                "error": "; ".join(p["message"] for p in record.get("problems", [])),
            }
            continue
        games[record["game"]] = {
            "white": record["white"],
            "black": record["black"],
            "plies": record["moves"],
            "checkmate": final["checkmate"],
            "stalemate": final["stalemate"],
            "insufficient_material": final["insufficient_material"],
            "threefold_on_board": final["threefold"],
            "threefold_claimable": final["threefold"] or final["threefold_by_move"] is not None,
            "fifty_on_board": final["fifty_moves"],
            "fifty_claimable": final["fifty_moves"] or final["fifty_moves_by_move"] is not None,
            "kind": record["verdict"]["kind"],
            "agrees": record["record"]["agrees"],
            "mismatches": record["record"]["mismatches"],
        }
    return games


def players(game):
    """The players' names, in ASCII letters only (the readers may decode a file differently)."""
    return tuple("".join(c for c in game.get(side, "?") if c.isascii()) for side in ("white", "black"))


def align(path, ours_in_order, theirs):
    """Pairs the games of one file as the two readers split it: in order, by players and
    number of half-moves. python-chess splits a few files differently (an empty line after the
    tags ends a game for it); a game that one reader has and the other has not is paired with
    None. Yields (where, arbiter's, python-chess's)."""
    name = os.path.relpath(path, CRATE)
    i = 0
    for g in theirs:
        same = lambda a: players(a) == players(g) and (
            "error" in a or "error" in g or a["plies"] == g["plies"])
        found = next((k for k in range(i, min(i + 4, len(ours_in_order))) if same(ours_in_order[k][1])), None)
        if found is None:
            yield f"{name}: python-chess's game {g['game']}", None, g
            continue
        for n, a in ours_in_order[i:found]:
            yield f"{name}: arbiter's game {n}", a, None
        n, a = ours_in_order[found]
        yield f"{name} game {n}", a, g
        i = found + 1
    for n, a in ours_in_order[i:]:
        yield f"{name}: arbiter's game {n}", a, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="PGN files or directories [default: ../shared/corpus/orthodox]")
    parser.add_argument("--arbiter", default=DEFAULT_ARBITER, help="the arbiter binary")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="python-chess processes")
    args = parser.parse_args()
    paths = args.paths or DEFAULT_INPUTS
    if not args.paths and not all(os.path.exists(p) for p in paths):
        print(f"skipped: {CORPUS} is absent")
        return 0
    if not os.access(args.arbiter, os.X_OK):
        print(f"cannot run {args.arbiter}: build it with `cargo build --release`", file=sys.stderr)
        return 2
    files = pgn_files(paths)
    started = time.time()
    try:
        ours = {path: arbiter_facts(args.arbiter, path) for path in files}
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 2
    arbiter_seconds = time.time() - started
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        theirs = dict(pool.imap_unordered(python_chess_facts, files))
    python_seconds = time.time() - started - arbiter_seconds

    compared = skipped = 0
    only = {"arbiter": 0, "python-chess": 0}  # games one reader has and the other has not
    agree = {item: 0 for item in ITEMS}
    positive = {item: 0 for item in ITEMS}
    disagreements = {item: [] for item in ITEMS}
    contradictions = []  # (file, game, players, result, winner) as python-chess finds them
    arbiter_flags = set()  # the games arbiter reports as mate against the record
    for path in files:
        ours_in_order = [(n, ours[path][n]) for n in sorted(ours[path])]
        for where, a, g in align(path, ours_in_order, theirs.get(path, [])):
            if a is None or g is None:
                only["python-chess" if a is None else "arbiter"] += 1
                print(f"read differently: {where}")
                continue
            if "error" in g or "error" in a:
                skipped += 1
                print(f"skipped: {where}: {g.get('error') or a.get('error')}")
                continue
            compared += 1
            for item in ITEMS:
                if a[item] == g[item]:
                    agree[item] += 1
                    positive[item] += g[item]
                else:
                    disagreements[item].append(f"{where}: arbiter {a[item]}, python-chess {g[item]}")
            if g["checkmate"] and g["result"] != g["winner"]:
                contradictions.append((where, f"{g['white']} - {g['black']}", g["result"], g["winner"]))
            if a["kind"] == "checkmate" and not a["agrees"]:
                arbiter_flags.add(where)

    print()
    print(f"files: {len(files)}; games compared: {compared}; skipped (a reader found an error): {skipped};"
          f" games only arbiter read so: {only['arbiter']}, only python-chess: {only['python-chess']}")
    print(f"arbiter: {arbiter_seconds:.1f} s; python-chess: {python_seconds:.1f} s")
    failed = False
    for item in ITEMS:
        wrong = disagreements[item]
        print(f"  {item:22} {agree[item]:6} agree ({positive[item]} where it holds), {len(wrong)} disagree")
        for line in wrong[:SHOWN]:
            print(f"      {line}")
        failed |= bool(wrong)
    print()
    print(f"Result tags contradicting a mate on the board (python-chess): {len(contradictions)}")
    for where, players, result, winner in contradictions:
        print(f"  {where} ({players}): Result {result}, but {winner} by mate")
    found = {c[0] for c in contradictions}
    if found != arbiter_flags:
        failed = True
        for where in sorted(found - arbiter_flags):
            print(f"  not reported by arbiter: {where}")
        for where in sorted(arbiter_flags - found):
            print(f"  reported by arbiter only: {where}")
    else:
        print("arbiter reports exactly these games as result mismatches with a checkmate verdict")
    print("agreement: " + ("complete" if not failed else "INCOMPLETE"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
