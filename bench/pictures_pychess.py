#!/usr/bin/env python3
"""Does a diagram show the position? `arbiter show --svg` of positions from real games, read
back from the SVG alone (the piece each `<use>` places and where), against python-chess's
board of the same FEN (issue 28). A move's arrow is checked too: from and to the cells
python-chess's last move names.

    python3 bench/pictures_pychess.py [GAMES] [archive.pgn]

Reads the first GAMES games (default 200) of the archive (the shared corpus's lichess sample
by default), and for each the position after a ply chosen by its number.
"""
import io
import os
import re
import subprocess
import sys

import chess
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARBITER = os.path.join(ROOT, "target/release/arbiter")
GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 200
ARCHIVE = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "../shared/corpus/orthodox/lichess/lichess-2025-05-blitz.pgn")
SQUARE, LEFT, TOP = 45.0, 20.0, 10.0
NAMES = {"king": "k", "queen": "q", "rook": "r", "bishop": "b", "knight": "n", "pawn": "p"}


def drawn(svg):
    """The pieces the SVG places, by square, as python-chess's symbols."""
    pieces = {}
    for m in re.finditer(r'<use href="#p-([wb])-(\w+)"([^>]*)/>', svg):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', m.group(3)))
        x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
        file, row = round((x - LEFT) / SQUARE), round((y - TOP) / SQUARE)
        letter = NAMES[m.group(2)]
        pieces[chess.square(file, 7 - row)] = letter.upper() if m.group(1) == "w" else letter
    return pieces


def arrow_ends(svg):
    """The two ends of the played move's arrow (its outline's first and fourth corners)."""
    for m in re.finditer(r'<path d="M([\d.]+) ([\d.]+)L[\d.]+ [\d.]+L[\d.]+ [\d.]+L([\d.]+) ([\d.]+)[^"]*" fill="#1f5fbf"', svg):
        x0, y0, x1, y1 = map(float, m.groups())
        cell = lambda x, y: chess.square(int((x - LEFT) // SQUARE), 7 - int((y - TOP) // SQUARE))
        return cell(x0, y0), cell(x1, y1)
    return None


def main():
    text = open(ARCHIVE, encoding="utf-8", errors="replace").read()
    stream = io.StringIO(text)
    checked = disagreements = arrows = 0
    for index in range(GAMES):
        game = chess.pgn.read_game(stream)
        if game is None:
            break
        moves = list(game.mainline_moves())
        if not moves:
            continue
        ply = 1 + (index * 7) % len(moves)
        board = game.board()
        for move in moves[:ply]:
            board.push(move)
        pgn = str(game.variation(0).game().accept(chess.pgn.StringExporter(headers=False, variations=False, comments=False)))
        out = subprocess.run([ARBITER, "show", "--ply", str(ply), "--svg", "-", "-"], input=pgn.encode(), capture_output=True)
        svg = out.stdout.decode()
        expected = {sq: p.symbol() for sq, p in board.piece_map().items()}
        got = drawn(svg)
        checked += 1
        if got != expected:
            disagreements += 1
            print(f"game {index + 1}, ply {ply}: {board.fen()}: drawn {sorted(got.items())}", file=sys.stderr)
            continue
        last = board.peek()
        ends = arrow_ends(svg)
        # A castling's arrow is the king's; python-chess's move is the king's too.
        if ends == (last.from_square, last.to_square):
            arrows += 1
        else:
            disagreements += 1
            print(f"game {index + 1}, ply {ply}: the arrow is {ends}, the move {last.uci()}", file=sys.stderr)
    print(f"{checked} positions, {arrows} arrows, {disagreements} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
