#!/usr/bin/env python3
"""Independent perft reference for 20-chess positions with the extra piece (rules 12-14).

Sources: only the `reading` texts of notation/variants/20-chess.yaml (the entry and every
`die` face), notation/variants/orthodox.yaml and the seed text "Additional rules of 20-chess".
Nothing of the engine (src/, tests/, the other bench references) was read; the FEN and perft
conventions follow bench/twenty_reference.py, which was read but is not imported: this file is
a separate implementation, so that the two can check each other on positions without an
extra piece.

Implemented faces: 1, 3, 11, 12, 13, 14, 15, 16, 17, 19 (the others are refused).

The extra piece
* Each side owns one extra piece, on the board at most once, written E (elephant), M
  (mountain) or F (fool), White upper case, Black lower case; off the board it is not written.
* Elephant: FA (one or two squares diagonally, the two-square step jumping), moving and
  capturing, and it attacks so.  Mountain: never moves, attacks nothing, is never captured
  (by either side), blocks every line (and pawn steps) through its square.
* Fool: moves and captures as the kind of the piece that made the last move on the board,
  whichever side made it (FEN `fool:X` after the sixth field; without it no move was made and
  fools neither move nor attack). One kind is shared by both fools.  A move sets the kind to
  the moving piece's kind (castling: king; promotion, en passant: pawn; elephant: E; the
  identical move of rule 17: the piece making it) unless the mover is a fool (kind kept).
  Placings, swaps and gifts keep it.  The fool moves as that kind under the face in force
  (rule 11 BW/RF, rule 15 KN, rule 16 wrap), never castles, promotes, takes or gives en
  passant, and is not royal; as a pawn it steps forward for its own side, double steps from
  its own second rank (lame) and captures diagonally forward.  It attacks as it moves, with
  the kind as it is after the move just made: every action is judged with the kind it leaves.
* Captures: a captured non-extra piece goes to the capturer's hand (a promoted one as a
  pawn); a captured elephant/fool leaves the board and is nobody's hand.  No action takes a
  king.  Pawns promote to Q, R, B, N only.
* Rules 12/13/14: the turn is a placing of the player's extra piece as F/E/M on any empty
  square (it is lifted first when on the board, so its own square counts; one placing per
  square), judged as a move (own king not attacked after it; it may give check), then one
  legal move by another piece than the extra one.  No such turn: one move as in orthodox
  chess (any piece, the extra one included).
* Rule 3: swap of two own pieces (unordered pair; not the mountain; any other two, king and
  extra piece included; a pawn never onto rank 1 or 8; a swapped king/rook loses its
  castling right), judged as a move, then a move by a third piece; fallback one move.
* Rule 17: a legal move (never castling), then the identical move (same file/rank vector, on
  the flat board) of another own piece, not the mountain, jumping, onto an empty square, a
  pawn never landing on rank 1 or 8; each judged as a move.  No such pair: one move (castling
  included in that fallback).  The turn leaves no en passant right.
* Rule 19: a gift of an own piece (not the king, not the extra piece) to the opponent's hand,
  judged as a move (a rook takes its castling right), then any legal move; fallback one move.
* Rules 1, 11 (B=BW, R=RF), 15 (K=KN for both kings, no castling), 16 (files wrap for every
  piece and attack, a rider stops before coming back to its start, castling on the flat
  squares): one move.

Conventions (as twenty_reference.py): perft counts complete turns; a turn is the sequence of
its actions (placing and move are two actions; `E@d4,Nf3` differs from `E@e5,Nf3`); the cast
is the same every round; en passant only as the first action of a turn against the last action
of the opponent's turn (a placing/swap/gift clears it); a double step of a real pawn only gives
the right. Castling needs the king's square, the square crossed and the destination not
attacked in the position before it (fools as the kind then in force), and the own king safe
after it (fools then as kings); `--castle-fool-as-king` judges the crossed and destination
squares with the fools as kings instead. When a new round begins (White to move, not at the
root) and White has no orthodox legal move (flat board, orthodox K/B/R), the game is over and
the node counts 0 (`--no-round-end-check` turns this off). Hands are Crazyhouse brackets.

Every count is made by full enumeration (make every action, test the own king); there is no
shortcut counting.

Usage: python3 bench/twenty_extra_reference.py --fen "<FEN> cast:N [fool:X]" --depth D [--divide]
"""

import argparse
import re

P, N, B, R, Q, K, E, M, F = 1, 2, 3, 4, 5, 6, 7, 8, 9
BLK = 16
PROMO = 32
LETTERS = ".PNBRQKEMF"
EXTRA = (E, M, F)

MV, DBL, EP, CASTLE, PLACE, SWAP, GIFT, MIRROR = range(8)

CMASK = [15] * 64
CMASK[4] = 15 & ~3
CMASK[7] = 15 & ~1
CMASK[0] = 15 & ~2
CMASK[60] = 15 & ~12
CMASK[63] = 15 & ~4
CMASK[56] = 15 & ~8

ROOK_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT_OFFS = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING_OFFS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr)
ELEPHANT_OFFS = ((1, 1), (1, -1), (-1, 1), (-1, -1), (2, 2), (2, -2), (-2, 2), (-2, -2))


def sqname(s):
    return "abcdefgh"[s & 7] + str((s >> 3) + 1)


def parse_sq(t):
    return (int(t[1]) - 1) * 8 + "abcdefgh".index(t[0])


class Geometry:
    """Step and ray tables for one face (11, 15, 16 change them; the rest are flat orthodox)."""

    def __init__(self, face):
        self.face = face
        self.wrap = wrap = face == 16
        self.castling = face not in (15,)

        def at(f, r):
            if not 0 <= r < 8:
                return None
            if wrap:
                f %= 8
            elif not 0 <= f < 8:
                return None
            return r * 8 + f

        def steps(offs):
            t = []
            for s in range(64):
                lst = []
                for df, dr in offs:
                    x = at((s & 7) + df, (s >> 3) + dr)
                    if x is not None and x != s and x not in lst:
                        lst.append(x)
                t.append(tuple(lst))
            return t

        def rays(dirs):
            t = []
            for s in range(64):
                lst = []
                for df, dr in dirs:
                    ray = []
                    f, r = s & 7, s >> 3
                    while True:
                        x = at(f + df, r + dr)
                        if x is None or x == s:
                            break
                        ray.append(x)
                        f, r = x & 7, x >> 3
                    if ray:
                        lst.append(tuple(ray))
                t.append(tuple(lst))
            return t

        self.knight = steps(KNIGHT_OFFS)
        self.king = steps(KING_OFFS + (KNIGHT_OFFS if face == 15 else ()))
        self.elephant = steps(ELEPHANT_OFFS)
        self.orth1 = steps(ROOK_DIRS) if face == 11 else None
        self.diag1 = steps(BISHOP_DIRS) if face == 11 else None
        self.rrays = rays(ROOK_DIRS)
        self.brays = rays(BISHOP_DIRS)
        # pcap[c][s]: squares a pawn (or pawn-fool) of colour c on s attacks;
        # pfrom[c][s]: squares from which a pawn of colour c attacks s
        self.pcap = [steps(((-1, 1), (1, 1))), steps(((-1, -1), (1, -1)))]
        self.pfrom = [steps(((-1, -1), (1, -1))), steps(((-1, 1), (1, 1)))]


class State:
    __slots__ = ("b", "hand", "castle", "ep", "side", "fk", "kpos", "xsq")

    def copy(self):
        n = State.__new__(State)
        n.b = self.b[:]
        n.hand = [self.hand[0][:], self.hand[1][:]]
        n.castle = self.castle
        n.ep = self.ep
        n.side = self.side
        n.fk = self.fk
        n.kpos = self.kpos[:]
        n.xsq = self.xsq[:]
        return n


def parse_fen(fen):
    parts = fen.split()
    boardf = parts[0]
    st = State()
    st.hand = [[0] * 10, [0] * 10]
    if "[" in boardf:
        boardf, h = boardf.split("[", 1)
        for ch in h.rstrip("]"):
            t = LETTERS.index(ch.upper())
            if t not in (P, N, B, R, Q):
                raise SystemExit("only P N B R Q can be in a hand: " + fen)
            st.hand[0 if ch.isupper() else 1][t] += 1
    b = [0] * 64
    rows = boardf.split("/")
    if len(rows) != 8:
        raise SystemExit("bad board: " + fen)
    for i, row in enumerate(rows):
        r = 7 - i
        f = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            t = LETTERS.index(ch.upper())
            p = t | (0 if ch.isupper() else BLK)
            if j + 1 < len(row) and row[j + 1] == "~":
                p |= PROMO
                j += 1
            b[r * 8 + f] = p
            f += 1
            j += 1
        if f != 8:
            raise SystemExit("bad rank: " + fen)
    st.b = b
    st.side = 0 if parts[1][0] == "w" else 1
    cs = parts[2] if len(parts) > 2 else "-"
    st.castle = sum(bit for ch, bit in (("K", 1), ("Q", 2), ("k", 4), ("q", 8)) if ch in cs)
    st.ep = parse_sq(parts[3]) if len(parts) > 3 and parts[3] != "-" else -1
    face = 1
    st.fk = 0
    for p in parts[6:]:
        if p.startswith("cast:"):
            face = int(p[5:])
        elif p.startswith("fool:"):
            t = LETTERS.index(p[5:].upper())
            if t not in (P, N, B, R, Q, K, E):
                raise SystemExit("a fool moves as P N B R Q K or E: " + fen)
            st.fk = t
    st.kpos = [-1, -1]
    st.xsq = [-1, -1]
    for s in range(64):
        p = b[s]
        if not p:
            continue
        c = (p >> 4) & 1
        if p & 15 == K:
            st.kpos[c] = s
        elif p & 15 in EXTRA:
            if st.xsq[c] >= 0:
                raise SystemExit("a side has at most one extra piece on the board: " + fen)
            st.xsq[c] = s
    if min(st.kpos) < 0:
        raise SystemExit("each side needs a king: " + fen)
    return st, face


class Game:
    def __init__(self, face):
        if face not in (1, 3, 11, 12, 13, 14, 15, 16, 17, 19):
            raise SystemExit("face %d is not implemented here" % face)
        self.face = face
        self.g = Geometry(face)
        self.orth = Geometry(1)
        self.round_end_check = True
        self.castle_fool_as_king = False

    # ------------------------------------------------------------------ attacks
    def attacks_as(self, st, g, s, target, t, c):
        """Does a piece moving as kind t, of colour c, on s attack target?"""
        if t == P:
            return target in g.pcap[c][s]
        if t == N:
            return target in g.knight[s]
        if t == K:
            return target in g.king[s]
        if t == E:
            return target in g.elephant[s]
        b = st.b
        rays = ()
        if t == R or t == Q:
            rays += g.rrays[s]
        if t == B or t == Q:
            rays += g.brays[s]
        for ray in rays:
            for x in ray:
                if x == target:
                    return True
                if b[x]:
                    break
        if g.orth1 is not None:
            if t == B and target in g.orth1[s]:
                return True
            if t == R and target in g.diag1[s]:
                return True
        return False

    def attacked(self, st, sq, by, g, fk=None):
        """Is sq attacked by colour `by` (fools moving as fk, default the state's kind)?"""
        b = st.b
        cb = by << 4
        for x in g.pfrom[by][sq]:
            if b[x] & 31 == P | cb:
                return True
        for x in g.knight[sq]:
            if b[x] & 31 == N | cb:
                return True
        for x in g.king[sq]:
            if b[x] & 31 == K | cb:
                return True
        for x in g.elephant[sq]:
            if b[x] & 31 == E | cb:
                return True
        for ray in g.rrays[sq]:
            for x in ray:
                p = b[x]
                if p:
                    p &= 31
                    if p == R | cb or p == Q | cb:
                        return True
                    break
        for ray in g.brays[sq]:
            for x in ray:
                p = b[x]
                if p:
                    p &= 31
                    if p == B | cb or p == Q | cb:
                        return True
                    break
        if g.orth1 is not None:
            for x in g.orth1[sq]:
                if b[x] & 31 == B | cb:
                    return True
            for x in g.diag1[sq]:
                if b[x] & 31 == R | cb:
                    return True
        kind = st.fk if fk is None else fk
        fs = st.xsq[by]
        if kind and fs >= 0 and b[fs] & 15 == F:
            if self.attacks_as(st, g, fs, sq, kind, by):
                return True
        return False

    def safe(self, st, g):
        return not self.attacked(st, st.kpos[st.side], 1 - st.side, g)

    # -------------------------------------------------------------------- moves
    def moves_as(self, st, g, s, t, c, fool, out):
        """Pseudo-legal moves of the piece on s moving as kind t (never taking a king or a
        mountain); `fool`: no promotion, no en passant, no double-step right."""
        b = st.b
        col = c << 4

        def takes(q):
            return (q & BLK) != col and (q & 15) != K and (q & 15) != M

        if t == P:
            fwd = s + 8 if c == 0 else s - 8
            if 0 <= fwd < 64 and b[fwd] == 0:
                if not fool and (fwd >= 56 or fwd < 8):
                    for pr in (Q, R, B, N):
                        out.append((MV, s, fwd, pr | col | PROMO))
                else:
                    out.append((MV, s, fwd, 0))
                    if (8 <= s < 16) if c == 0 else (48 <= s < 56):
                        two = fwd + (fwd - s)
                        if b[two] == 0:
                            out.append((MV if fool else DBL, s, two, 0))
            for x in g.pcap[c][s]:
                q = b[x]
                if q:
                    if takes(q):
                        if not fool and (x >= 56 or x < 8):
                            for pr in (Q, R, B, N):
                                out.append((MV, s, x, pr | col | PROMO))
                        else:
                            out.append((MV, s, x, 0))
                elif not fool and x == st.ep:
                    cs = x - 8 if c == 0 else x + 8
                    if b[cs] & 31 == P | (col ^ BLK):
                        out.append((EP, s, x, 0))
            return
        if t == N or t == K or t == E:
            tbl = g.knight if t == N else g.king if t == K else g.elephant
            for x in tbl[s]:
                q = b[x]
                if q == 0 or takes(q):
                    out.append((MV, s, x, 0))
            return
        rays = ()
        if t == R or t == Q:
            rays += g.rrays[s]
        if t == B or t == Q:
            rays += g.brays[s]
        seen = set()
        for ray in rays:
            for x in ray:
                q = b[x]
                if q == 0 or takes(q):
                    if x not in seen:
                        seen.add(x)
                        out.append((MV, s, x, 0))
                if q:
                    break
        if g.orth1 is not None and (t == B or t == R):
            for x in (g.orth1[s] if t == B else g.diag1[s]):
                q = b[x]
                if (q == 0 or takes(q)) and x not in seen:
                    seen.add(x)
                    out.append((MV, s, x, 0))

    def castlings(self, st, g, out):
        b = st.b
        c = st.side
        col = c << 4
        base = 56 if c else 0
        ks = base + 4
        if b[ks] & 31 != K | col:
            return
        opp = 1 - c
        later = K if self.castle_fool_as_king else None
        for bit, rs, empty, cross, dest in (
                (4 if c else 1, base + 7, (base + 5, base + 6), base + 5, base + 6),
                (8 if c else 2, base, (base + 1, base + 2, base + 3), base + 3, base + 2)):
            if not st.castle & bit or b[rs] & 31 != R | col:
                continue
            if any(b[x] for x in empty):
                continue
            if (self.attacked(st, ks, opp, g) or self.attacked(st, cross, opp, g, later)
                    or self.attacked(st, dest, opp, g, later)):
                continue
            out.append((CASTLE, ks, dest, 0))

    def gen_moves(self, st, g, castling=True):
        out = []
        b = st.b
        c = st.side
        col = c << 4
        for s in range(64):
            p = b[s]
            if not p or (p & BLK) != col:
                continue
            t = p & 15
            if t == M:
                continue
            if t == F:
                if st.fk:
                    self.moves_as(st, g, s, st.fk, c, True, out)
                continue
            self.moves_as(st, g, s, t, c, False, out)
            if t == K and castling and g.castling:
                self.castlings(st, g, out)
        return out

    # ----------------------------------------------------------------- actions
    def apply(self, st, m):
        """The state after action m by the side to move (the side is not switched)."""
        kind, frm, to, x = m
        n = st.copy()
        b = n.b
        side = n.side
        col = side << 4
        if kind <= CASTLE:
            p = b[frm]
            t = p & 15
            cs = (to - 8 if side == 0 else to + 8) if kind == EP else to
            cap = b[cs]
            if cap:
                ct = cap & 15
                assert ct != K and ct != M and (cap & BLK) != col
                if ct == E or ct == F:
                    n.xsq[1 - side] = -1
                else:
                    n.hand[side][P if cap & PROMO else ct] += 1
                b[cs] = 0
            b[frm] = 0
            b[to] = x if x else p
            if t == K:
                n.kpos[side] = to
                if kind == CASTLE:
                    if to & 7 == 6:
                        b[to - 1] = b[to + 1]
                        b[to + 1] = 0
                    else:
                        b[to + 1] = b[to - 2]
                        b[to - 2] = 0
            elif t == E or t == F:
                n.xsq[side] = to
            n.castle &= CMASK[frm] & CMASK[to]
            n.ep = (frm + to) >> 1 if kind == DBL else -1
            if t != F:
                n.fk = t
            return n
        n.ep = -1
        if kind == PLACE:
            old = n.xsq[side]
            if old >= 0:
                b[old] = 0
            assert b[to] == 0
            b[to] = frm | col
            n.xsq[side] = to
        elif kind == SWAP:
            pa, pb = b[frm], b[to]
            b[frm], b[to] = pb, pa
            for s0, s1, p in ((frm, to, pa), (to, frm, pb)):
                if p & 15 == K:
                    n.kpos[side] = s1
                elif p & 15 in EXTRA:
                    n.xsq[side] = s1
            n.castle &= CMASK[frm] & CMASK[to]
        elif kind == GIFT:
            p = b[frm]
            b[frm] = 0
            n.hand[1 - side][P if p & PROMO else p & 15] += 1
            n.castle &= CMASK[frm]
        elif kind == MIRROR:
            p = b[frm]
            t = p & 15
            assert b[to] == 0
            b[frm] = 0
            b[to] = p
            if t == K:
                n.kpos[side] = to
            elif t in EXTRA:
                n.xsq[side] = to
            n.castle &= CMASK[frm] & CMASK[to]
            if t != F:
                n.fk = t
        return n

    def legal(self, st, g, castling=True):
        res = []
        for m in self.gen_moves(st, g, castling):
            n = self.apply(st, m)
            if self.safe(n, g):
                res.append((m, n))
        return res

    # ------------------------------------------------------------------- turns
    def turns(self, st):
        """Yields (actions, state after the turn with the other side to move)."""
        face = self.face
        g = self.g
        b = st.b
        side = st.side
        col = side << 4
        found = False
        if face in (12, 13, 14):
            kind = {12: F, 13: E, 14: M}[face]
            own = st.xsq[side]
            for sq in range(64):
                if b[sq] and sq != own:
                    continue
                m1 = (PLACE, kind, sq, 0)
                n1 = self.apply(st, m1)
                if not self.safe(n1, g):
                    continue
                for m2, n2 in self.legal(n1, g):
                    if m2[1] == sq:
                        continue
                    found = True
                    n2.side ^= 1
                    yield (m1, m2), n2
        elif face == 3:
            own = [s for s in range(64) if b[s] and (b[s] & BLK) == col and b[s] & 15 != M]
            for i, a in enumerate(own):
                for c in own[i + 1:]:
                    if b[a] & 15 == P and (c < 8 or c >= 56):
                        continue
                    if b[c] & 15 == P and (a < 8 or a >= 56):
                        continue
                    m1 = (SWAP, a, c, 0)
                    n1 = self.apply(st, m1)
                    if not self.safe(n1, g):
                        continue
                    for m2, n2 in self.legal(n1, g):
                        if m2[1] == a or m2[1] == c:
                            continue
                        found = True
                        n2.side ^= 1
                        yield (m1, m2), n2
        elif face == 19:
            for s in range(64):
                p = b[s]
                if not p or (p & BLK) != col or p & 15 in (K, E, M, F):
                    continue
                m1 = (GIFT, s, -1, 0)
                n1 = self.apply(st, m1)
                if not self.safe(n1, g):
                    continue
                for m2, n2 in self.legal(n1, g):
                    found = True
                    n2.side ^= 1
                    yield (m1, m2), n2
        elif face == 17:
            for m1, n1 in self.legal(st, g, castling=False):
                frm, to = m1[1], m1[2]
                df = (to & 7) - (frm & 7)
                dr = (to >> 3) - (frm >> 3)
                b1 = n1.b
                for q in range(64):
                    p = b1[q]
                    if not p or (p & BLK) != col or q == to or p & 15 == M:
                        continue
                    f2 = (q & 7) + df
                    r2 = (q >> 3) + dr
                    if not (0 <= f2 < 8 and 0 <= r2 < 8):
                        continue
                    d = r2 * 8 + f2
                    if b1[d]:
                        continue
                    if p & 15 == P and (r2 == 0 or r2 == 7):
                        continue
                    m2 = (MIRROR, q, d, 0)
                    n2 = self.apply(n1, m2)
                    if self.safe(n2, g):
                        found = True
                        n2.side ^= 1
                        yield (m1, m2), n2
        if face in (1, 11, 15, 16) or not found:
            for m, n in self.legal(st, g):
                n.side ^= 1
                yield (m,), n

    def has_orthodox_move(self, st):
        for m in self.gen_moves(st, self.orth):
            if self.safe(self.apply(st, m), self.orth):
                return True
        return False

    def perft(self, st, depth, root=False):
        if depth == 0:
            return 1
        if self.round_end_check and st.side == 0 and not root:
            if not self.has_orthodox_move(st):
                return 0
        if depth == 1:
            return sum(1 for _ in self.turns(st))
        return sum(self.perft(n, depth - 1) for _, n in self.turns(st))

    def divide(self, st, depth):
        rows = {}
        for acts, n in self.turns(st):
            key = ",".join(action_str(st, a) for a in acts)
            rows[key] = rows.get(key, 0) + (self.perft(n, depth - 1) if depth > 1 else 1)
        return rows


def action_str(st, m):
    kind, frm, to, x = m
    if kind == PLACE:
        return LETTERS[frm] + "@" + sqname(to)
    if kind == SWAP:
        return sqname(frm) + "<>" + sqname(to)
    if kind == GIFT:
        return sqname(frm) + ">"
    if kind == MIRROR:
        return "m" + sqname(frm) + sqname(to)
    s = sqname(frm) + sqname(to)
    if x:
        s += LETTERS[x & 15].lower()
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fen", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--cast", type=int, default=None, help="override the FEN's cast:N")
    ap.add_argument("--divide", action="store_true",
                    help="print each first turn (its actions joined by ',') and its count")
    ap.add_argument("--no-round-end-check", action="store_true",
                    help="do not judge orthodox mate/stalemate when a new round begins")
    ap.add_argument("--castle-fool-as-king", action="store_true",
                    help="judge the castling king's crossed/destination squares with fools "
                         "attacking as kings")
    a = ap.parse_args()
    st, face = parse_fen(a.fen)
    if a.cast is not None:
        face = a.cast
    game = Game(face)
    game.round_end_check = not a.no_round_end_check
    game.castle_fool_as_king = a.castle_fool_as_king
    if a.divide:
        rows = game.divide(st, a.depth)
        for k in sorted(rows):
            print(k, rows[k])
        print()
        print(sum(rows.values()))
    else:
        print(game.perft(st, a.depth, root=True))


if __name__ == "__main__":
    main()
