#!/usr/bin/env python3
"""Perft of two-board bughouse positions, with Fairy-Stockfish (pyffish) moving on each board.

A check of arbiter's bughouse (notation/variants/bughouse.yaml), written from the rule
readings there, not from arbiter's code. Bench use only: arbiter never depends on Python.

pyffish's variant "bughouse" is one board of bughouse: crazyhouse moves and drops, captured
pieces going to no hand of that board (they are the partner's). This script joins two such
boards:

* a position is two FENs, board A and board B, each with its side to move, castling rights,
  en passant square and holdings (`[...]`);
* the moves of a position are the legal moves of board A's side to move on board A, then those
  of board B's on board B (each board keeps its own side to move);
* a capture on one board puts the captured piece, in its own color, into the other board's
  holdings (the captor's partner, who plays that color there), a promoted piece (FEN `~`) as a
  pawn; en passant captures a pawn;
* mate as FICS judges it: where the side to move on a board is in check, has no legal move
  there, and no drop of a queen (a piece that may go on any empty cell) would be legal either,
  the game is over: the position has no moves at all.

Usage: bughouse_pyffish.py 'FEN_A|FEN_B' DEPTH   (FENs as arbiter writes a two-board FEN,
fields joined per board with `|`, or two full FENs joined by ` | `).
"""

import sys

import pyffish as sf

V = "bughouse"


def split_fen(text):
    """Two single-board FENs from arbiter's joined form."""
    if " | " in text:
        a, b = text.split(" | ")
        return [a.strip(), b.strip()]
    fields = text.split()
    per = [f.split("|") for f in fields]
    boards = []
    for i in range(2):
        parts = [p[i] if len(p) > 1 else p[0] for p in per]
        boards.append(" ".join(parts))
    return boards


def board_cells(fen):
    """Square name -> piece letter (with `~` kept), from a FEN's board field."""
    placement = fen.split()[0]
    if "[" in placement:
        placement = placement[: placement.index("[")]
    cells = {}
    for r, row in enumerate(placement.split("/")):
        rank = 8 - r
        f = 0
        i = 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                f += int(c)
            else:
                piece = c
                if i + 1 < len(row) and row[i + 1] == "~":
                    piece += "~"
                    i += 1
                cells["abcdefgh"[f] + str(rank)] = piece
                f += 1
            i += 1
    return cells


def add_to_hand(fen, letter):
    placement, rest = fen.split(" ", 1)
    if "[" in placement:
        board, hand = placement[:-1].split("[")
    else:
        board, hand = placement, ""
    return f"{board}[{hand}{letter}] {rest}"


def captured(fen, move):
    """The piece `move` captures on the board `fen`, or None."""
    if "@" in move:
        return None
    cells = board_cells(fen)
    src, dst = move[0:2], move[2:4]
    if dst in cells:
        return cells[dst]
    mover = cells.get(src, "")
    if mover.lower().startswith("p") and src[0] != dst[0]:
        return "p" if mover.isupper() else "P"  # en passant
    return None


def in_check(fen):
    return sf.gives_check(V, fen, [])


def fics_mated(fen):
    if sf.legal_moves(V, fen, []) or not in_check(fen):
        return False
    white = fen.split()[1] == "w"
    probe = add_to_hand(fen, "Q" if white else "q")
    return not any("@" in m for m in sf.legal_moves(V, probe, []))


def play(boards, b, move):
    boards = list(boards)
    victim = captured(boards[b], move)
    boards[b] = sf.get_fen(V, boards[b], [move])
    if victim is not None:
        letter = victim[0]
        if victim.endswith("~"):
            letter = "P" if letter.isupper() else "p"
        boards[1 - b] = add_to_hand(boards[1 - b], letter)
    return boards


def perft(boards, depth):
    if depth == 0:
        return 1
    if any(fics_mated(f) for f in boards):
        return 0
    nodes = 0
    for b in (0, 1):
        moves = sf.legal_moves(V, boards[b], [])
        if depth == 1:
            nodes += len(moves)
            continue
        for m in moves:
            nodes += perft(play(boards, b, m), depth - 1)
    return nodes


def main():
    boards = split_fen(sys.argv[1])
    for depth in range(1, int(sys.argv[2]) + 1):
        print(f"depth {depth}: {perft(boards, depth)}", flush=True)


if __name__ == "__main__":
    main()
