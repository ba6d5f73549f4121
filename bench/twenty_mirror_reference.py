#!/usr/bin/env python3
"""Independent perft reference for 20-chess under die face 17 ("mirror": a move only with an
identical move of another chessman).

Written from the readings of notation/variants/20-chess.yaml alone (the entry's own readings
and those of face 17), plus the seed text; no engine source, test, or other reference script was
consulted.  python-chess is used for the orthodox parts (legal move generation, making moves,
attack masks).

What is implemented
-------------------
* Base: orthodox chess (FIDE), via python-chess.
* Every round uses rule 17 (the FEN's `cast:17`; another cast is refused).
* A turn under rule 17 is two actions:
    1. a move M: any legal orthodox move except castling ("Castling cannot be made identically
       ... so it is not allowed in this round"); it may capture, promote (each promotion piece is
       a different turn), be en passant or a double step; it may not leave one's own king
       attacked (python-chess legality);
    2. the identical move of ANOTHER piece of the same player (any piece other than the one
       that made M, the king included): the same vector (file delta, rank delta) as M, made
       whatever that piece's movement, jumping over anything in between, from the position
       after M; it must land on an on-board EMPTY square (it never captures); a pawn may not
       land on rank 1 or rank 8 by it (no promotion); it is never a double step and gives no
       en passant right; a king or rook moved by it loses the castling right(s) it carries;
       after it, the mover's own king must not be attacked.
  The turn is counted once, at its end.  Turns are counted as ordered (M, identical move)
  pairs: "Nf3,Rh1g3" and "Rg3,Ng1f3"-style pairs that reach the same position are different
  turns (different records), and so are counted separately.
* After a two-action turn there is no en passant right (the last action is never a double step).
* Fallback: if the player has NO (M, identical move) pair at all, his turn is one ordinary
  orthodox move (castling included, double steps giving the usual en passant right).
* En passant is only available as the first action of a turn (or as the fallback move), on
  the square given by the FEN or left by an opponent's fallback double step.
* Captures go to the capturer's hand; no drops exist under rule 17, so hands never change the
  counts.  The bracketed holdings of the FEN are parsed (and validated) but not tracked.
* A side with no legal turn has 0 continuations; perft(0) = 1.

Usage: python3 bench/twenty_mirror_reference.py --fen "<FEN> cast:17" --depth D [--divide]
       [--naive] [--jobs N] [--check-fallback]
  --naive builds every intermediate board (slow self-check of the fast leaf counter);
  --check-fallback is an alternative reading of the YAML's parenthesis "(few pieces, or a
  player in check)": a player in check always plays one orthodox move.  Off by default.
"""

import argparse
import sys

import chess

CAST = 17
PAWN_FORBIDDEN = chess.BB_RANK_1 | chess.BB_RANK_8


def parse_fen(fen):
    fields = fen.split()
    cast = None
    rest = []
    for f in fields:
        if f.startswith("cast:"):
            cast = int(f[5:])
        else:
            rest.append(f)
    if cast is not None and cast != CAST:
        raise SystemExit(f"only rule {CAST} is implemented, FEN says cast:{cast}")
    board_field = rest[0]
    hands = ""
    if "[" in board_field:
        board_field, hands = board_field.split("[", 1)
        if not hands.endswith("]"):
            raise SystemExit("bad holdings in FEN")
        hands = hands[:-1]
        for c in hands:
            if c not in "PNBRQpnbrq":
                raise SystemExit(f"bad holding piece {c!r}")
    rest[0] = board_field
    while len(rest) < 6:
        rest.append({2: "-", 3: "-", 4: "0", 5: "1"}.get(len(rest), "w"))
    board = chess.Board(" ".join(rest[:6]))
    return board, hands


def identical_move(b1, frm, to):
    """Return the board after the identical move frm->to (no legality check)."""
    b2 = b1.copy(stack=False)
    piece = b2.remove_piece_at(frm)
    b2.set_piece_at(to, piece)
    b2.castling_rights &= ~chess.BB_SQUARES[frm]
    if piece.piece_type == chess.KING:
        b2.castling_rights &= ~(chess.BB_RANK_1 if piece.color == chess.WHITE else chess.BB_RANK_8)
    b2.ep_square = None
    return b2


def identical_targets(b1, m, us):
    """Yield (frm, to) of identical moves available in b1 (position after M; b1.turn == them).

    Only geometric/emptiness/pawn-rank conditions; king safety is checked by the caller."""
    df = chess.square_file(m.to_square) - chess.square_file(m.from_square)
    dr = chess.square_rank(m.to_square) - chess.square_rank(m.from_square)
    own = b1.occupied_co[us] & ~chess.BB_SQUARES[m.to_square]
    occ = b1.occupied
    pawns = b1.pawns
    for frm in chess.scan_forward(own):
        f = chess.square_file(frm) + df
        r = chess.square_rank(frm) + dr
        if not (0 <= f < 8 and 0 <= r < 8):
            continue
        to = chess.square(f, r)
        tbb = chess.BB_SQUARES[to]
        if occ & tbb:
            continue
        if pawns & chess.BB_SQUARES[frm] and tbb & PAWN_FORBIDDEN:
            continue
        yield frm, to


def first_moves(board):
    return [m for m in board.legal_moves if not board.is_castling(m)]


CHECK_FALLBACK = False  # alternative reading (--check-fallback): a player in check plays one move


def turns(board):
    """List of (key, resulting board) for every legal turn (naive, full boards)."""
    us = board.turn
    them = not us
    out = []
    if CHECK_FALLBACK and board.is_check():
        return [((m, None, None), _pushed(board, m)) for m in board.legal_moves]
    for m in first_moves(board):
        b1 = board.copy(stack=False)
        b1.push(m)
        for frm, to in identical_targets(b1, m, us):
            b2 = identical_move(b1, frm, to)
            ksq = b2.king(us)
            if ksq is not None and b2.is_attacked_by(them, ksq):
                continue
            out.append(((m, frm, to), b2))
    if out:
        return out
    for m in board.legal_moves:
        b1 = board.copy(stack=False)
        b1.push(m)
        out.append(((m, None, None), b1))
    return out


def label_of(board, key):
    m, frm, to = key
    s = board.san(m)
    if frm is None:
        return s
    sym = board.piece_at(frm).symbol().upper()
    return f"{s},{sym}{chess.square_name(frm)}{chess.square_name(to)}"


def _pushed(board, m):
    b1 = board.copy(stack=False)
    b1.push(m)
    return b1


def count_turns(board):
    """Number of legal turns (fast: no full boards for the identical move)."""
    us = board.turn
    them = not us
    n = 0
    if CHECK_FALLBACK and board.is_check():
        return board.legal_moves.count()
    for m in first_moves(board):
        b1 = board.copy(stack=False)
        b1.push(m)
        ksq = b1.king(us)
        kbb = chess.BB_SQUARES[ksq] if ksq is not None else 0
        occ = b1.occupied
        for frm, to in identical_targets(b1, m, us):
            if ksq is None:
                n += 1
                continue
            occ2 = (occ & ~chess.BB_SQUARES[frm]) | chess.BB_SQUARES[to]
            k = to if kbb & chess.BB_SQUARES[frm] else ksq
            if not b1.attackers_mask(them, k, occ2):
                n += 1
    if n:
        return n
    return board.legal_moves.count()


def perft(board, depth, naive=False):
    if depth == 0:
        return 1
    if depth == 1 and not naive:
        return count_turns(board)
    return sum(perft(b, depth - 1, naive) for _, b in turns(board))


def _work(args):
    global CHECK_FALLBACK
    fen, label, depth, naive, cf = args
    CHECK_FALLBACK = cf
    return label, perft(chess.Board(fen), depth, naive)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fen", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--divide", action="store_true")
    ap.add_argument("--naive", action="store_true", help="slow path: build every board")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--check-fallback", action="store_true",
                    help="alternative reading: a player in check always plays one orthodox move")
    a = ap.parse_args()
    global CHECK_FALLBACK
    CHECK_FALLBACK = a.check_fallback
    board, _hands = parse_fen(a.fen)
    if a.depth == 0:
        print(1)
        return
    if not a.divide and a.jobs <= 1:
        print(perft(board, a.depth, a.naive))
        return
    roots = turns(board)
    tasks = [(b.fen(en_passant="fen"), label_of(board, k), a.depth - 1, a.naive, a.check_fallback)
             for k, b in roots]
    if a.jobs > 1:
        import multiprocessing as mp
        with mp.Pool(a.jobs) as pool:
            results = pool.map(_work, tasks, chunksize=1)
    else:
        results = [_work(t) for t in tasks]
    total = 0
    for lbl, n in results:
        if a.divide:
            print(f"{lbl} {n}")
        total += n
    if a.divide:
        print()
    print(total)


if __name__ == "__main__":
    main()
