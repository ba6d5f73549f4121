#!/usr/bin/env python3
"""Independent perft counts for Karl's variants that change orthodox chess a little.

python-chess plays the orthodox rules; this script adds each variant's rule on top of them
(from the seed's wording, written without looking at arbiter's code), so that the counts
in tests/perft/*.txt are checked by a second implementation.

    python3 bench/perft_variants.py VARIANT FEN DEPTH

VARIANT: transparent-all, transparent-friendly, transparent-enemy, companion.
"""
import sys

import chess

RIDERS = {chess.ROOK: [(1, 0), (-1, 0), (0, 1), (0, -1)],
          chess.BISHOP: [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
RIDERS[chess.QUEEN] = RIDERS[chess.ROOK] + RIDERS[chess.BISHOP]


def transparent_moves(board, through):
    """Quiet moves of riders beyond the first piece they pass through."""
    extra = []
    for sq in chess.SquareSet(board.occupied_co[board.turn]):
        piece = board.piece_at(sq)
        for dx, dy in RIDERS.get(piece.piece_type, []):
            f, r = chess.square_file(sq), chess.square_rank(sq)
            passed = False
            while True:
                f, r = f + dx, r + dy
                if not (0 <= f < 8 and 0 <= r < 8):
                    break
                target = chess.square(f, r)
                other = board.piece_at(target)
                if other is None:
                    if passed:
                        extra.append(chess.Move(sq, target))
                    continue
                friendly = other.color == board.turn
                if through == "all" or (through == "friendly") == friendly:
                    passed = True
                    continue
                break
    return extra


def legal(board, variant):
    moves = list(board.legal_moves)
    if variant.startswith("transparent-"):
        for m in transparent_moves(board, variant.split("-")[1]):
            board.push(m)
            safe = not board.was_into_check()
            board.pop()
            if safe:
                moves.append(m)
    if variant == "companion":
        def companion(m):
            sq = m.from_square
            f, r = chess.square_file(sq), chess.square_rank(sq)
            for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
                if 0 <= f + dx < 8 and 0 <= r + dy < 8:
                    p = board.piece_at(chess.square(f + dx, r + dy))
                    if p is not None and p.color == board.turn:
                        return True
            return False
        with_companion = [m for m in moves if companion(m)]
        if with_companion:
            moves = with_companion
    return moves


def perft(board, variant, depth):
    if depth == 0:
        return 1
    moves = legal(board, variant)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, variant, depth - 1)
        board.pop()
    return total


def main():
    variant, fen, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    board = chess.Board(fen)
    for d in range(1, depth + 1):
        print(f"depth {d}: {perft(board, variant, d)}")


if __name__ == "__main__":
    main()
