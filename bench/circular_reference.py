#!/usr/bin/env python3
"""Independent reference move generator / perft counter for Circular Chess.

Written from the rule description alone, to cross-check the perft counts of
the Rust engine.  It is deliberately simple and slow.

Usage
-----
    python3 bench/circular_reference.py FEN DEPTH [--list] [--divide]
                                        [--paths] [--jobs N]
    python3 bench/circular_reference.py selftest

Prints ``depth 1: N`` ... ``depth DEPTH: N`` (perft = number of legal move
sequences of that length).  With ``--list`` (or automatically when the
depth-1 count is below 40) the depth-1 moves are printed too, as ``from-to``
in folded square names, sorted.  ``--divide`` prints the perft(DEPTH) count
below each root move.  ``--paths`` counts a rook/queen ring slide that can
reach the same cell both ways round as two moves (default: one move, since
from, to and the resulting position are identical).  ``--jobs N`` splits the
root moves over N processes (default: number of CPUs, used for depth >= 4).

The rules implemented
---------------------
BOARD.  4 concentric rings x 16 cells; the centre is unused.  Internally a
cell is (r, c): ring r = 0 (outer) .. 3 (inner), round position c = 0..15,
which wraps mod 16; r does not wrap.  Cell index = 16*r + c.

Square names are the "folded" 8x8 algebraic names a1..h8:
  * files a, b, c, d are rings 0, 1, 2, 3 on the LEFT half, c = rank-1
    (rank 1 -> c=0 ... rank 8 -> c=7);
  * files e, f, g, h are rings 3, 2, 1, 0 on the RIGHT half,
    c = 15-(rank-1) (rank 8 -> c=8 ... rank 1 -> c=15).
So a1 (r0,c0) is next to h1 (r0,c15), a8 (r0,c7) next to h8 (r0,c8), d1 next
to e1 (inner ring), d4 next to d5, d3, c3, c4, c5 but NOT e4.
FEN is ordinary FEN over this folded 8x8 board (rank 8 first, files a..h),
side to move, castling field, en-passant square, clocks.

MOVEMENT, vectors (dr, dc) = (rings inward, cells round):
  * Rook: slides along (0,+-1) round the ring, any distance, wrapping, but it
    stops before it would come back to its own starting cell (at most 15
    steps), and along (+-1,0) radially.  It cannot pass pieces.
  * Bishop: slides along (+-1,+-1) (at most 3 steps since rings stop).
  * Queen: rook + bishop.  King: one step in the 8 directions.
  * Knight: leaps (+-1,+-2) and (+-2,+-1).
  * Captures by landing on an enemy piece, as in chess.
  * Pawns: each pawn has its own direction d = +1 or -1 in c, kept forever
    (also when it passes a glued end, c 7<->8 or 15<->0).  The starting d
    for a half is: White +1 on the left half (c 0..7), -1 on the right half
    (c 8..15); Black -1 on the left half, +1 on the right half.
      - one step (0,d) to an empty cell;
      - two steps (0,2d) if both cells are empty, the pawn stands on its own
        second-rank cell (rank 2 for White: c=1 or c=14; rank 7 for Black:
        c=6 or c=9) AND its d is its side's starting d for that half;
      - capture (+-1,d) onto an enemy piece (never straight ahead);
      - en passant: right after an enemy pawn's two-step, a pawn may capture
        onto the cell that pawn passed over, by a (+-1,d) step, removing the
        pawn that moved;
      - NO promotion, ever.
    In FEN a pawn whose d is not its side's starting d for the half it now
    stands on is written with a trailing ^ (e.g. ``P^``); without ^ it has
    the starting d for its half.
  * Castling: only with the rook on the king's own radial line.  White: king
    e1, rook h1 (e1,f1,g1,h1 = rings 3,2,1,0 at c=15); king -> g1, rook ->
    f1.  Black: king e8, rook h8; king -> g8, rook -> f8.  Needs the FEN
    right K / k, king and rook on their squares, f1,g1 (f8,g8) empty, the
    king not in check and f1, g1 (f8, g8) not attacked.  Never with the
    a-rook.  A king move, a rook move from h1/h8, or a capture on h1/h8
    loses the right.
  * Legality: a move may not leave the mover's king attacked.  Perft counts
    legal moves only.

Resolved ambiguities (see also the report that came with this file):
  * A ring slide that reaches the same cell clockwise and anticlockwise is
    ONE move by default (``--paths`` counts both).
  * FEN castling letters Q / q are accepted and ignored (no a-rook castling).
  * The en-passant victim of a FEN ep square is the enemy pawn one cell
    beyond it in the enemy's starting direction for that half; if no such
    enemy pawn exists the ep square is ignored (a warning goes to stderr).
  * "Attacked" for castling is tested on the position before the move (king
    still on e1); the usual after-move legality test is applied as well.
"""

import os
import sys

WHITE, BLACK = 0, 1
NCELL = 64


# ----------------------------------------------------------------- geometry

def cell(r, c):
    """Cell index of ring r, round position c (c wraps, r must be 0..3)."""
    return 16 * r + (c % 16)


def rc(s):
    return divmod(s, 16)


def name(s):
    """Folded algebraic name of cell s."""
    r, c = rc(s)
    if c < 8:
        f, k = r, c
    else:
        f, k = 7 - r, 15 - c
    return "abcdefgh"[f] + str(k + 1)


def parse_square(text):
    f = ord(text[0]) - ord("a")
    k = int(text[1:]) - 1
    if not (0 <= f < 8 and 0 <= k < 8) or len(text) != 2:
        raise ValueError("bad square %r" % text)
    return file_rank_to_cell(f, k)


def file_rank_to_cell(f, k):
    """f = file 0..7 (a..h), k = rank 0..7 (1..8)."""
    if f < 4:
        return cell(f, k)
    return cell(7 - f, 15 - k)


def half(c):
    """0 = left half (c 0..7), 1 = right half (c 8..15)."""
    return 0 if c < 8 else 1


def start_dir(color, h):
    d = 1 if h == 0 else -1
    return d if color == WHITE else -d


def second_rank_cells(color):
    return (1, 14) if color == WHITE else (6, 9)


def _offsets_table(vectors):
    table = []
    for s in range(NCELL):
        r, c = rc(s)
        table.append([cell(r + dr, c + dc) for dr, dc in vectors
                      if 0 <= r + dr < 4])
    return table


KING_VECTORS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr, dc) != (0, 0)]
KNIGHT_VECTORS = [(1, 2), (1, -2), (-1, 2), (-1, -2),
                  (2, 1), (2, -1), (-2, 1), (-2, -1)]
KING_TABLE = _offsets_table(KING_VECTORS)
KNIGHT_TABLE = _offsets_table(KNIGHT_VECTORS)


def _rook_rays(s):
    r, c = rc(s)
    rays = [[cell(r, c + k) for k in range(1, 16)],        # round, +1
            [cell(r, c - k) for k in range(1, 16)]]        # round, -1
    rays.append([cell(rr, c) for rr in range(r + 1, 4)])     # inward
    rays.append([cell(rr, c) for rr in range(r - 1, -1, -1)])  # outward
    return [ray for ray in rays if ray]


def _bishop_rays(s):
    r, c = rc(s)
    rays = []
    for dr in (1, -1):
        for dc in (1, -1):
            ray = []
            k = 1
            while 0 <= r + k * dr < 4:
                ray.append(cell(r + k * dr, c + k * dc))
                k += 1
            if ray:
                rays.append(ray)
    return rays


ROOK_RAYS = [_rook_rays(s) for s in range(NCELL)]
BISHOP_RAYS = [_bishop_rays(s) for s in range(NCELL)]

E1, F1, G1, H1 = (parse_square(x) for x in ("e1", "f1", "g1", "h1"))
E8, F8, G8, H8 = (parse_square(x) for x in ("e8", "f8", "g8", "h8"))
# per colour: king from, king to, rook from, rook to, must-be-empty/safe
CASTLE = {
    WHITE: (E1, G1, H1, F1, (F1, G1)),
    BLACK: (E8, G8, H8, F8, (F8, G8)),
}
RIGHT_BIT = {WHITE: 1, BLACK: 2}

# move kinds
NORMAL, DOUBLE, EP, CASTLING = 0, 1, 2, 3


# ----------------------------------------------------------------- position

class Position:
    """board[s] is None or a tuple (color, kind, d); d only matters for
    pawns (0 for other pieces).  kind is one of 'PNBRQK'."""

    def __init__(self, fen):
        parts = fen.split()
        if len(parts) < 2:
            raise ValueError("FEN needs at least placement and side")
        self.board = [None] * NCELL
        rows = parts[0].split("/")
        if len(rows) != 8:
            raise ValueError("FEN placement needs 8 ranks")
        for i, row in enumerate(rows):
            k = 7 - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                j += 1
                if ch.isdigit():
                    f += int(ch)
                    continue
                if ch.upper() not in "PNBRQK":
                    raise ValueError("bad piece %r" % ch)
                if f > 7:
                    raise ValueError("rank %d too long" % (k + 1))
                color = WHITE if ch.isupper() else BLACK
                kind = ch.upper()
                flipped = j < len(row) and row[j] == "^"
                if flipped:
                    j += 1
                s = file_rank_to_cell(f, k)
                d = 0
                if kind == "P":
                    d = start_dir(color, half(rc(s)[1]))
                    if flipped:
                        d = -d
                elif flipped:
                    raise ValueError("^ only allowed after a pawn")
                self.board[s] = (color, kind, d)
                f += 1
            if f != 8:
                raise ValueError("rank %d has %d files" % (k + 1, f))
        self.side = WHITE if parts[1] == "w" else BLACK
        if parts[1] not in ("w", "b"):
            raise ValueError("side must be w or b")
        cast = parts[2] if len(parts) > 2 else "-"
        self.rights = 0
        if "K" in cast:
            self.rights |= 1
        if "k" in cast:
            self.rights |= 2
        self.ep = None  # (cell passed over, cell of the pawn that moved)
        if len(parts) > 3 and parts[3] != "-":
            e = parse_square(parts[3])
            enemy = 1 - self.side
            r, c = rc(e)
            victim = cell(r, c + start_dir(enemy, half(c)))
            vp = self.board[victim]
            if vp is not None and vp[0] == enemy and vp[1] == "P" \
                    and self.board[e] is None:
                self.ep = (e, victim)
            else:
                sys.stderr.write("warning: ep square %s has no matching "
                                 "pawn, ignored\n" % parts[3])
        self.kings = [None, None]
        for s, p in enumerate(self.board):
            if p is not None and p[1] == "K":
                self.kings[p[0]] = s

    def fen(self):
        rows = []
        for k in range(7, -1, -1):
            row = ""
            empty = 0
            for f in range(8):
                p = self.board[file_rank_to_cell(f, k)]
                if p is None:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                color, kind, d = p
                row += kind if color == WHITE else kind.lower()
                s = file_rank_to_cell(f, k)
                if kind == "P" and d != start_dir(color, half(rc(s)[1])):
                    row += "^"
            if empty:
                row += str(empty)
            rows.append(row)
        cast = ("K" if self.rights & 1 else "") + \
               ("k" if self.rights & 2 else "")
        ep = name(self.ep[0]) if self.ep else "-"
        return "%s %s %s %s 0 1" % ("/".join(rows), "wb"[self.side],
                                    cast or "-", ep)

    # ------------------------------------------------------------ attacks

    def attacked(self, s, by):
        """Is cell s attacked by a piece of colour `by`?"""
        b = self.board
        for t in KNIGHT_TABLE[s]:
            p = b[t]
            if p is not None and p[0] == by and p[1] == "N":
                return True
        for t in KING_TABLE[s]:
            p = b[t]
            if p is not None and p[0] == by and p[1] == "K":
                return True
        for ray in ROOK_RAYS[s]:
            for t in ray:
                p = b[t]
                if p is not None:
                    if p[0] == by and (p[1] == "R" or p[1] == "Q"):
                        return True
                    break
        for ray in BISHOP_RAYS[s]:
            for t in ray:
                p = b[t]
                if p is not None:
                    if p[0] == by and (p[1] == "B" or p[1] == "Q"):
                        return True
                    break
        # a pawn at (r', c - d) with direction d attacks (r'+-1, c)
        r, c = rc(s)
        for rr in (r - 1, r + 1):
            if 0 <= rr < 4:
                for d in (1, -1):
                    p = b[cell(rr, c - d)]
                    if p is not None and p[0] == by and p[1] == "P" \
                            and p[2] == d:
                        return True
        return False

    def in_check(self, color):
        return self.attacked(self.kings[color], 1 - color)

    # ------------------------------------------------------- generation

    def pseudo_moves(self, dedup=True):
        b = self.board
        side = self.side
        moves = []
        for s in range(NCELL):
            p = b[s]
            if p is None or p[0] != side:
                continue
            kind = p[1]
            if kind == "P":
                r, c = rc(s)
                d = p[2]
                t = cell(r, c + d)
                if b[t] is None:
                    moves.append((s, t, NORMAL))
                    if c in second_rank_cells(side) and \
                            d == start_dir(side, half(c)):
                        t2 = cell(r, c + 2 * d)
                        if b[t2] is None:
                            moves.append((s, t2, DOUBLE))
                for rr in (r - 1, r + 1):
                    if 0 <= rr < 4:
                        t = cell(rr, c + d)
                        q = b[t]
                        if q is not None:
                            if q[0] != side:
                                moves.append((s, t, NORMAL))
                        elif self.ep is not None and t == self.ep[0]:
                            moves.append((s, t, EP))
            elif kind == "N" or kind == "K":
                table = KNIGHT_TABLE if kind == "N" else KING_TABLE
                for t in table[s]:
                    q = b[t]
                    if q is None or q[0] != side:
                        moves.append((s, t, NORMAL))
            else:
                rays = []
                if kind in "RQ":
                    rays += ROOK_RAYS[s]
                if kind in "BQ":
                    rays += BISHOP_RAYS[s]
                seen = set()
                for ray in rays:
                    for t in ray:
                        q = b[t]
                        if q is not None and q[0] == side:
                            break
                        if not dedup or t not in seen:
                            seen.add(t)
                            moves.append((s, t, NORMAL))
                        if q is not None:
                            break
        # castling
        if self.rights & RIGHT_BIT[side]:
            kfrom, kto, rfrom, rto, between = CASTLE[side]
            if b[kfrom] == (side, "K", 0) and b[rfrom] == (side, "R", 0) \
                    and all(b[x] is None for x in between):
                enemy = 1 - side
                if not self.attacked(kfrom, enemy) and \
                        not any(self.attacked(x, enemy) for x in between):
                    moves.append((kfrom, kto, CASTLING))
        return moves

    def make(self, m):
        frm, to, kind = m
        b = self.board
        p = b[frm]
        undo = (m, b[to], None, None, self.rights, self.ep)
        if kind == EP:
            vsq = self.ep[1]
            undo = (m, None, vsq, b[vsq], self.rights, self.ep)
            b[vsq] = None
        b[to] = p
        b[frm] = None
        side = self.side
        if kind == CASTLING:
            _, _, rfrom, rto, _ = CASTLE[side]
            b[rto] = b[rfrom]
            b[rfrom] = None
        if p[1] == "K":
            self.kings[side] = to
        for x in (frm, to):
            if x == E1 or x == H1:
                self.rights &= ~1
            elif x == E8 or x == H8:
                self.rights &= ~2
        if kind == DOUBLE:
            r, c = rc(frm)
            self.ep = (cell(r, c + p[2]), to)
        else:
            self.ep = None
        self.side = 1 - side
        return undo

    def unmake(self, undo):
        (frm, to, kind), captured, vsq, vpiece, rights, ep = undo
        b = self.board
        self.side = 1 - self.side
        side = self.side
        p = b[to]
        b[frm] = p
        b[to] = captured
        if vsq is not None:
            b[vsq] = vpiece
        if kind == CASTLING:
            _, _, rfrom, rto, _ = CASTLE[side]
            b[rfrom] = b[rto]
            b[rto] = None
        if p[1] == "K":
            self.kings[side] = frm
        self.rights = rights
        self.ep = ep

    def legal_moves(self, dedup=True):
        out = []
        side = self.side
        for m in self.pseudo_moves(dedup):
            u = self.make(m)
            if self.kings[side] is None or \
                    not self.attacked(self.kings[side], 1 - side):
                out.append(m)
            self.unmake(u)
        return out


def move_name(m):
    return name(m[0]) + "-" + name(m[1])


# -------------------------------------------------------------------- perft

def walk(pos, depth, ply, counts, dedup):
    moves = pos.legal_moves(dedup)
    counts[ply] += len(moves)
    if ply + 1 < depth:
        for m in moves:
            u = pos.make(m)
            walk(pos, depth, ply + 1, counts, dedup)
            pos.unmake(u)


def perft_counts(pos, depth, dedup=True):
    """[perft(1), ..., perft(depth)] in one traversal."""
    counts = [0] * depth
    if depth > 0:
        walk(pos, depth, 0, counts, dedup)
    return counts


def _root_job(args):
    fen, m, depth, dedup = args
    pos = Position(fen)
    pos.make(m)
    return perft_counts(pos, depth - 1, dedup)


def perft_divided(fen, depth, dedup=True, jobs=1):
    """Returns (root moves, per-move count lists of length depth-1)."""
    pos = Position(fen)
    roots = pos.legal_moves(dedup)
    tasks = [(fen, m, depth, dedup) for m in roots]
    if jobs > 1 and depth >= 3 and len(roots) > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            sub = pool.map(_root_job, tasks, chunksize=1)
    else:
        sub = [_root_job(t) for t in tasks]
    return roots, sub


# ----------------------------------------------------------------- selftest

def selftest():
    def adj(a, b):
        return parse_square(b) in KING_TABLE[parse_square(a)]

    checks = [
        ("d4 next to d5", adj("d4", "d5")),
        ("d4 next to d3", adj("d4", "d3")),
        ("d4 next to c5", adj("d4", "c5")),
        ("d4 next to c4", adj("d4", "c4")),
        ("d4 next to c3", adj("d4", "c3")),
        ("d4 not next to e4", not adj("d4", "e4")),
        ("d4 not next to e5", not adj("d4", "e5")),
        ("d4 not next to e3", not adj("d4", "e3")),
        ("a1 next to h1", adj("a1", "h1")),
        ("a8 next to h8", adj("a8", "h8")),
        ("b1 next to g1", adj("b1", "g1")),
        ("d1 next to e1", adj("d1", "e1")),
        ("d8 next to e8", adj("d8", "e8")),
        ("e1 next to f1", adj("e1", "f1")),
        ("a1 not next to b8", not adj("a1", "b8")),
        ("a1 is (r0,c0)", parse_square("a1") == cell(0, 0)),
        ("h1 is (r0,c15)", parse_square("h1") == cell(0, 15)),
        ("e8 is (r3,c8)", parse_square("e8") == cell(3, 8)),
        ("d8 is (r3,c7)", parse_square("d8") == cell(3, 7)),
        ("names round-trip", all(parse_square(name(s)) == s
                                 for s in range(NCELL))),
        ("64 distinct names", len({name(s) for s in range(NCELL)}) == 64),
        ("king on inner ring has 5 neighbours", len(KING_TABLE[E1]) == 5),
        ("king on ring 1 has 8 neighbours",
         len(KING_TABLE[parse_square("b4")]) == 8),
        ("rook ring ray has 15 cells",
         all(len(ROOK_RAYS[s][0]) == 15 for s in range(NCELL))),
    ]
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1"
    fens = [start, "4k3/8/8/7P^/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"]
    for f in fens:
        checks.append(("FEN round trip " + f, Position(f).fen() == f))
    p = Position("4k3/8/8/7P^/8/8/8/4K3 w - - 0 1")
    h5 = p.board[parse_square("h5")]
    checks.append(("h5 P^ goes +1 (towards h4)", h5 == (WHITE, "P", 1)))
    checks.append(("h5 P^ moves", sorted(move_name(m)
                                         for m in p.legal_moves())
                   == ["e1-c1", "e1-d1", "e1-e2", "e1-f1", "e1-f2",
                       "h5-h4"]))
    p = Position(start)
    pawn_dirs = {name(s): q[2] for s, q in enumerate(p.board)
                 if q is not None and q[1] == "P"}
    checks.append(("start pawn directions",
                   pawn_dirs["a2"] == 1 and pawn_dirs["h2"] == -1 and
                   pawn_dirs["a7"] == -1 and pawn_dirs["h7"] == 1))
    # a white pawn passing a8 -> h8 keeps d=+1 and is then written P^
    q = Position("P7/8/8/3k4/8/8/8/4K3 w - - 0 1")
    ms = [move_name(m) for m in q.legal_moves() if name(m[0]) == "a8"]
    checks.append(("pawn a8 steps to h8", ms == ["a8-h8"]))
    q.make(q.legal_moves()[[move_name(m) for m in q.legal_moves()]
                           .index("a8-h8")])
    checks.append(("pawn on h8 is written P^",
                   q.fen().startswith("7P^/")))
    # en passant: e2-e4 passes e3; black f4 (d=+1) captures (+1 ring, +1)
    q = Position("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")
    e2e4 = [m for m in q.legal_moves() if move_name(m) == "e2-e4"]
    checks.append(("e2-e4 is a double step",
                   len(e2e4) == 1 and e2e4[0][2] == DOUBLE))
    q.make(e2e4[0])
    checks.append(("ep square after e2-e4 is e3", q.fen().split()[3] == "e3"))
    ep = [m for m in q.legal_moves() if m[2] == EP]
    checks.append(("f4xe3 en passant", [move_name(m) for m in ep]
                   == ["f4-e3"]))
    q.make(ep[0])
    checks.append(("ep removes e4",
                   q.fen().split()[0] == "4k3/8/8/8/8/4p3/8/4K3"))
    # castling e1-g1 with rook h1 -> f1
    q = Position("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    cs = [m for m in q.legal_moves() if m[2] == CASTLING]
    checks.append(("castling e1-g1", [move_name(m) for m in cs]
                   == ["e1-g1"]))
    q.make(cs[0])
    checks.append(("after castling", q.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 0 1"))
    # f1 attacked (black rook on f5 looks down the f-file? no: f5 is on
    # ring 2 at c=11, f1 ring 2 at c=15: same ring -> ring slide)
    q = Position("4k3/8/8/5r2/8/8/8/4K2R w K - 0 1")
    checks.append(("no castling through attacked f1",
                   not any(m[2] == CASTLING for m in q.legal_moves())))
    ok = True
    for label, good in checks:
        print("%-45s %s" % (label, "ok" if good else "FAIL"))
        ok = ok and good
    print("selftest", "passed" if ok else "FAILED")
    return ok


# --------------------------------------------------------------------- main

def main(argv):
    if argv and argv[0] in ("selftest", "--selftest"):
        return 0 if selftest() else 1
    args = [a for a in argv if not a.startswith("--")]
    flags = [a for a in argv if a.startswith("--")]
    jobs = os.cpu_count() or 1
    if "--jobs" in argv:
        i = argv.index("--jobs")
        jobs = int(argv[i + 1])
        args.remove(argv[i + 1])
    if len(args) != 2:
        sys.stderr.write(__doc__.split("The rules")[0])
        return 2
    fen, depth = args[0], int(args[1])
    dedup = "--paths" not in flags
    pos = Position(fen)
    roots = pos.legal_moves(dedup)
    if depth >= 2:
        roots, sub = perft_divided(fen, depth, dedup,
                                   jobs if depth >= 4 else 1)
        totals = [len(roots)] + [sum(x[i] for x in sub)
                                 for i in range(depth - 1)]
    else:
        sub = [[] for _ in roots]
        totals = [len(roots)][:depth]
    for i, n in enumerate(totals):
        print("depth %d: %d" % (i + 1, n))
    if "--list" in flags or len(roots) < 40:
        names = sorted(move_name(m) for m in roots)
        print("moves (%d): %s" % (len(names), " ".join(names)))
    if "--divide" in flags and depth >= 1:
        rows = sorted((move_name(m), (x[-1] if x else 1))
                      for m, x in zip(roots, sub))
        for mv, n in rows:
            print("%s: %d" % (mv, n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
