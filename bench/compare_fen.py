#!/usr/bin/env python3
"""Compares `arbiter convert --to fen` with python-chess on orthodox games.

    python3 bench/compare_fen.py FILE.pgn [FILE.pgn ...]

For every game python-chess reads without errors, the FEN of the start and of the position
after every main-line move must equal arbiter's line for line. Prints each difference and a
summary; exits 1 if any. Games with a Variant tag other than standard are skipped. Set
ARBITER to the binary (default: target/release/arbiter).
"""
import os
import subprocess
import sys

import chess.pgn

ARBITER = os.environ.get("ARBITER", "target/release/arbiter")


def python_chess_fens(path):
    """The FEN lists of the games of `path` python-chess reads cleanly (None for the others)."""
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            # python-chess ends a game's tags at a second blank line and reads the moves after
            # it as another game; arbiter reads one game. Games without moves are left out on
            # both sides to keep the two lists in step.
            if not any(game.mainline_moves()):
                continue
            variant = game.headers.get("Variant", "Standard").lower()
            if game.errors or variant not in ("standard", "chess", "normal", "from position"):
                out.append(None)
                continue
            board = game.board()
            fens = [board.fen()]
            for move in game.mainline_moves():
                board.push(move)
                fens.append(board.fen())
            out.append(fens)
    return out


def arbiter_fens(path):
    """arbiter's FEN lists, one per game it converted (games are separated by blank lines)."""
    run = subprocess.run([ARBITER, "convert", "--to", "fen", "-q", path], capture_output=True, text=True)
    games = [block.split("\n") for block in run.stdout.strip("\n").split("\n\n") if block]
    return [fens for fens in games if len(fens) > 1]


def main():
    games = differences = skipped = 0
    for path in sys.argv[1:]:
        ours = arbiter_fens(path)
        theirs = python_chess_fens(path)
        if len(ours) != len(theirs):
            # arbiter leaves out games it refuses; line them up only when both have all.
            print(f"{path}: arbiter converted {len(ours)} games, python-chess read {len(theirs)}; compared in order")
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if b is None:
                skipped += 1
                continue
            games += 1
            if a != b:
                differences += 1
                for n, (x, y) in enumerate(zip(a, b)):
                    if x != y:
                        print(f"{path}: game {i + 1}, position {n}: arbiter {x!r}, python-chess {y!r}")
                        break
                else:
                    print(f"{path}: game {i + 1}: {len(a)} positions against {len(b)}")
    print(f"{games} games compared, {differences} differ, {skipped} skipped")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
