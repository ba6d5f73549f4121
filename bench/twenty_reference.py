#!/usr/bin/env python3
"""Independent perft reference for 20-chess, written from the YAML readings alone.

Source of the rules: notation/variants/20-chess.yaml (the `reading` of each quoted sentence,
for the entry and for each face of its `die` list), notation/variants/orthodox.yaml and the
seed text. Nothing of the engine (src/, tests/, other references) was read to write it; the
orthodox part was checked against the well-known perft numbers only.

It implements faces 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 18, 19 and 20 (12, 13, 14 and
17 are refused):

* base: FIDE chess; every capture puts the captured piece in the capturer's hand, in the
  capturer's colour, a promoted piece (`Q~` in FEN) as a pawn. Hands are the FEN brackets
  (`[Nb]`: White holds a knight, Black a bishop). No action ever takes a king; after every
  action one's own king must not be attacked (by the attacks of the face in force).
* perft counts complete turns (a turn of two actions counts once). The cast (`cast:N` after
  the sixth FEN field) stays the same for every round. A FEN with Black to move starts with
  Black's turn alone.
* `fallback: true` faces (2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 19): when the face's turn has no legal
  complete form for the player, the turn is one orthodox move (no drops).
* 1: one orthodox move.  2: two moves by two different pieces (castling is the king's move).
  3: a swap of two own pieces (unordered pair; any two, king and same kind included; a pawn
  never onto rank 1 or 8; a swapped king/rook loses its castling rights; judged as a move),
  then a move by a third piece.  4 and 5 (identical for counting): when both hands hold a
  piece at the start of the turn, a drop (empty square, no pawn on rank 1/8, the dropped piece
  may not attack the enemy king, own king safe) then a move by another piece.
  6: when the round's die is cast (a new round at White's turn; at the root, a FEN without
  `*N` is a cast made now, also with Black to move), k = the smaller of the two hands' sizes
  is fixed for both turns of the round (captures in the round do not change it). k = 0: each
  turn is one orthodox move. Else a turn is k drops, each as in 4 (ordered: `N@c3,N@d4,e4`
  and `N@d4,N@c3,e4` are two turns), then one move by a piece not dropped in this turn
  (castling is the king's move); where no such move is legal after the drops, the drops
  alone are the turn. Where k legal drops cannot be made, one orthodox move, and the
  opponent still drops k. FEN may give an open turn in the side field: `*N` the k of the
  turn (`b*2`: Black's turn, the round's last, with k = 2), `+M` the actions already made and
  `&c3&d4` the cells dropped on so far (`w+1&c3*2`: one more drop, then a move by neither
  dropped piece). An open turn with drops already made has no fallback (a one-move turn
  cannot follow drops), so it has no continuation if its drops cannot be completed; one
  without `*N` takes k from the hands as written.
  7/8/9/10: the move is by a pawn/knight/bishop/rook or the king (castling allowed).
  11: bishop = BW, rook = RF (moves and attacks).  15: king = KN for both kings, no castling.
  16: files wrap (a/h neighbours) for every move and attack; a rider stops at the first
  piece and never comes back round to its start; castling squares of the flat board.
  18: only moves with a backward part (never pawns or castling; a king's diagonal step
  back counts, like a bishop's diagonal back).
  19: a gift (own non-king piece to the opponent's hand, promoted as a pawn, a rook takes its
  castling right; own king safe after it) then one orthodox move.
  20: after a knight/bishop/rook move another piece of the same kind (promoted ones
  included) must move if one has a legal move; queen/king/pawn moves and castling are turns
  of one move.
* en passant: a double step makes the ep square; any later action clears it, so an ep
  capture is only possible as the first action of a turn, against a double step that was the
  last action of the opponent's turn (face 2's reading, applied to every face). With
  `--ep-after-first-action`, a swap, drop or gift leaves the ep square for the move after it.
* end of round: "mate and stalemate at the end of a round, before the next cast, are judged
  as in orthodox chess": when Black's turn ends (a new round begins with White), White with
  no orthodox legal move has no continuation, even if the face would give one. Turn this off
  with `--no-round-end-check`.

Turns are counted as sequences of actions: `Nf3,e4` and `e4,Nf3` are two turns; a swap is an
unordered pair of squares (`e1<>h1` is `h1<>e1`), counted once even when both pieces are of
one kind (two pawns); drops are told apart by piece and square, gifts by square.

The last level of perft is counted without making the moves of unpinned pieces when the king
is not in check (`--no-fast-count` enumerates everything; both agree on every test run).

Usage: python3 bench/twenty_reference.py --fen "<FEN> cast:N" --depth D [--divide [--by-first]]
"""

import argparse
import re
import sys

P, N, B, R, Q, K = 1, 2, 3, 4, 5, 6
BLK = 8
PROMO = 16
LETTERS = ".PNBRQK"

# move kinds
MV, DBL, EP, CASTLE, DROP, SWAP, GIFT = 0, 1, 2, 3, 4, 5, 6

CMASK = [15] * 64
CMASK[4] = 15 & ~3
CMASK[7] = 15 & ~1
CMASK[0] = 15 & ~2
CMASK[60] = 15 & ~12
CMASK[63] = 15 & ~4
CMASK[56] = 15 & ~8

ROOK_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))
BISHOP_DIRS = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def sqname(s):
    return "abcdefgh"[s & 7] + str((s >> 3) + 1)


class Geometry:
    """Move and attack tables of one face (11, 15 and 16 change them)."""

    def __init__(self, face):
        wrap = face == 16
        self.face = face
        self.wrap = wrap
        self.castling = face != 15

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
                f, r = s & 7, s >> 3
                lst = []
                for df, dr in offs:
                    x = at(f + df, r + dr)
                    if x is not None and x != s and x not in lst:
                        lst.append(x)
                t.append(lst)
            return t

        knight_offs = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        king_offs = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
        self.knight = steps(knight_offs)
        self.king = steps(king_offs + (knight_offs if face == 15 else []))
        self.orth1 = steps(ROOK_DIRS) if face == 11 else None
        self.diag1 = steps(BISHOP_DIRS) if face == 11 else None

        def rays(dirs):
            t = []
            for s in range(64):
                f0, r0 = s & 7, s >> 3
                lst = []
                for df, dr in dirs:
                    ray = []
                    f, r = f0, r0
                    while True:
                        f += df
                        r += dr
                        x = at(f, r)
                        if x is None or x == s:
                            break
                        f, r = x & 7, x >> 3
                        ray.append(x)
                    if ray:
                        lst.append(tuple(ray))
                t.append(tuple(lst))
            return t

        self.rrays = rays(ROOK_DIRS)
        self.brays = rays(BISHOP_DIRS)
        # pawn capture targets of a pawn of colour c on s; squares whose pawn of colour c
        # attacks s
        self.pcap = [steps([(-1, 1), (1, 1)]), steps([(-1, -1), (1, -1)])]
        self.pfrom = [steps([(-1, -1), (1, -1)]), steps([(-1, 1), (1, 1)])]


class Pos:
    def __init__(self, fen, face_override=None):
        self.parse(fen)
        if face_override is not None:
            self.face = face_override
        if self.face in (12, 13, 14, 17):
            raise SystemExit("face %d is not implemented (as the YAML says)" % self.face)
        if not 1 <= self.face <= 20:
            raise SystemExit("bad cast %d" % self.face)
        self.geo = Geometry(self.face)
        self.orth = Geometry(1)
        self.g = self.geo
        self.ep_after_first = False
        self.round_end_check = True
        self.fast_count = True
        if self.face != 6 and (self.open_k is not None or self.open_cells
                               or self.open_done):
            raise SystemExit("an open turn (+M, &cell, *N) is only read with cast:6")
        self.round_k = 0
        self.pending_open = None

    # ------------------------------------------------------------------ FEN
    def parse(self, fen):
        parts = fen.split()
        boardf = parts[0]
        hand = [[0] * 7, [0] * 7]
        if "[" in boardf:
            boardf, h = boardf.split("[", 1)
            h = h.rstrip("]")
            for ch in h:
                t = LETTERS.index(ch.upper())
                hand[0 if ch.isupper() else 1][t] += 1
        b = [0] * 64
        rows = boardf.split("/")
        assert len(rows) == 8, fen
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
            assert f == 8, fen
        self.b = b
        self.hand = hand
        # side to move, with an optional open turn of face 6: `w+1&c3*2` (+M actions made,
        # &cells dropped on so far in the turn, *N drops granted to the turn)
        sm = re.fullmatch(r"([wb])((?:[+*][0-9]+|&[a-h][1-8])*)", parts[1])
        assert sm, fen
        self.side = 0 if sm.group(1) == "w" else 1
        self.open_k = None
        self.open_done = 0
        self.open_cells = []
        for tok in re.findall(r"[+*][0-9]+|&[a-h][1-8]", sm.group(2)):
            if tok[0] == "*":
                self.open_k = int(tok[1:])
            elif tok[0] == "+":
                self.open_done = int(tok[1:])
            else:
                self.open_cells.append((int(tok[2]) - 1) * 8 + "abcdefgh".index(tok[1]))
        if self.open_cells and not self.open_done:
            self.open_done = len(self.open_cells)
        assert self.open_done == len(self.open_cells), "+M must match the &cells: " + fen
        c = 0
        cs = parts[2] if len(parts) > 2 else "-"
        for ch, bit in (("K", 1), ("Q", 2), ("k", 4), ("q", 8)):
            if ch in cs:
                c |= bit
        self.castle = c
        self.ep = -1
        self.ep_side = -1
        if len(parts) > 3 and parts[3] != "-":
            e = parts[3]
            self.ep = (int(e[1]) - 1) * 8 + "abcdefgh".index(e[0])
            self.ep_side = self.side
        self.face = 1
        for p in parts[6:]:
            if p.startswith("cast:"):
                self.face = int(p[5:])
        self.kpos = [-1, -1]
        for s in range(64):
            if b[s] & 15 == K:
                self.kpos[0] = s
            elif b[s] & 15 == K | BLK:
                self.kpos[1] = s

    # -------------------------------------------------------------- attacks
    def attacked(self, sq, by):
        """Is sq attacked by colour `by` (0 White, 1 Black), by the geometry in force?"""
        b = self.b
        g = self.g
        cb = by << 3
        pawn = P | cb
        for x in g.pfrom[by][sq]:
            if b[x] & 15 == pawn:
                return True
        kn = N | cb
        for x in g.knight[sq]:
            if b[x] & 15 == kn:
                return True
        kg = K | cb
        for x in g.king[sq]:
            if b[x] & 15 == kg:
                return True
        rq1 = R | cb
        rq2 = Q | cb
        for ray in g.rrays[sq]:
            for x in ray:
                p = b[x]
                if p:
                    p &= 15
                    if p == rq1 or p == rq2:
                        return True
                    break
        bq1 = B | cb
        for ray in g.brays[sq]:
            for x in ray:
                p = b[x]
                if p:
                    p &= 15
                    if p == bq1 or p == rq2:
                        return True
                    break
        if g.orth1 is not None:
            for x in g.orth1[sq]:
                if b[x] & 15 == bq1:
                    return True
            for x in g.diag1[sq]:
                if b[x] & 15 == rq1:
                    return True
        return False

    def piece_attacks(self, s, target):
        """Does the piece on s attack target (geometry in force)?"""
        b = self.b
        g = self.g
        p = b[s]
        t = p & 7
        c = (p >> 3) & 1
        if t == P:
            return target in g.pcap[c][s]
        if t == N:
            return target in g.knight[s]
        if t == K:
            return target in g.king[s]
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

    # -------------------------------------------------------------- moves
    def piece_moves(self, s, out):
        """Pseudo-legal moves of the piece on s (never taking a king), appended to out."""
        b = self.b
        g = self.g
        p = b[s]
        t = p & 7
        col = p & BLK
        c = col >> 3
        if t == P:
            if c == 0:
                fwd = s + 8
                last = fwd >= 56
                start = 8 <= s < 16
            else:
                fwd = s - 8
                last = fwd < 8
                start = 48 <= s < 56
            if 0 <= fwd < 64 and b[fwd] == 0:
                if last:
                    for pr in (Q, R, B, N):
                        out.append((s, fwd, pr | col | PROMO, MV))
                else:
                    out.append((s, fwd, 0, MV))
                    if start:
                        two = fwd + (fwd - s)
                        if b[two] == 0:
                            out.append((s, two, 0, DBL))
            for x in g.pcap[c][s]:
                q = b[x]
                if q:
                    if (q & BLK) != col and (q & 7) != K:
                        if x >= 56 or x < 8:
                            for pr in (Q, R, B, N):
                                out.append((s, x, pr | col | PROMO, MV))
                        else:
                            out.append((s, x, 0, MV))
                elif x == self.ep and self.ep_side == c:
                    out.append((s, x, 0, EP))
            return
        if t == N or t == K:
            for x in (g.knight[s] if t == N else g.king[s]):
                q = b[x]
                if q == 0 or ((q & BLK) != col and (q & 7) != K):
                    out.append((s, x, 0, MV))
            if t == K and g.castling:
                self.castlings(c, out)
            return
        rays = ()
        if t == R or t == Q:
            rays += g.rrays[s]
        if t == B or t == Q:
            rays += g.brays[s]
        seen = set() if g.wrap else None
        for ray in rays:
            for x in ray:
                q = b[x]
                if q == 0:
                    if seen is None:
                        out.append((s, x, 0, MV))
                    elif x not in seen:
                        seen.add(x)
                        out.append((s, x, 0, MV))
                else:
                    if (q & BLK) != col and (q & 7) != K:
                        if seen is None:
                            out.append((s, x, 0, MV))
                        elif x not in seen:
                            seen.add(x)
                            out.append((s, x, 0, MV))
                    break
        if g.orth1 is not None and (t == B or t == R):
            for x in (g.orth1[s] if t == B else g.diag1[s]):
                q = b[x]
                if q == 0 or ((q & BLK) != col and (q & 7) != K):
                    out.append((s, x, 0, MV))

    def castlings(self, c, out):
        b = self.b
        cr = self.castle
        col = c << 3
        base = 56 if c else 0
        ks = base + 4
        if b[ks] & 15 != K | col:
            return
        opp = 1 - c
        if cr & (4 if c else 1):
            if (b[base + 7] & 15) == R | col and b[base + 5] == 0 and b[base + 6] == 0:
                if not (self.attacked(ks, opp) or self.attacked(base + 5, opp)
                        or self.attacked(base + 6, opp)):
                    out.append((ks, base + 6, 0, CASTLE))
        if cr & (8 if c else 2):
            if ((b[base] & 15) == R | col and b[base + 1] == 0 and b[base + 2] == 0
                    and b[base + 3] == 0):
                if not (self.attacked(ks, opp) or self.attacked(base + 3, opp)
                        or self.attacked(base + 2, opp)):
                    out.append((ks, base + 2, 0, CASTLE))

    def gen_moves(self, c, out):
        b = self.b
        col = c << 3
        for s in range(64):
            p = b[s]
            if p and (p & BLK) == col:
                self.piece_moves(s, out)
        return out

    # ---------------------------------------------------------- make/unmake
    def make(self, m):
        frm, to, x, kind = m
        b = self.b
        side = self.side
        undo = (self.castle, self.ep, self.ep_side)
        if kind <= CASTLE:
            p = b[frm]
            if kind == EP:
                cs = to - 8 if side == 0 else to + 8
                cap = b[cs]
                b[cs] = 0
            else:
                cap = b[to]
                cs = to
            if cap:
                self.hand[side][P if cap & PROMO else cap & 7] += 1
            b[to] = x if x else p
            b[frm] = 0
            if p & 7 == K:
                self.kpos[side] = to
                if kind == CASTLE:
                    if to & 7 == 6:
                        b[to - 1] = b[to + 1]
                        b[to + 1] = 0
                    else:
                        b[to + 1] = b[to - 2]
                        b[to - 2] = 0
            self.castle &= CMASK[frm] & CMASK[to]
            if kind == DBL:
                self.ep = (frm + to) >> 1
                self.ep_side = 1 - side
            else:
                self.ep = -1
                self.ep_side = -1
            return undo + (cap, cs)
        if kind == DROP:
            self.hand[side][frm] -= 1
            b[to] = frm | (side << 3)
        elif kind == SWAP:
            pa, pb = b[frm], b[to]
            b[frm], b[to] = pb, pa
            if pa & 7 == K:
                self.kpos[side] = to
            elif pb & 7 == K:
                self.kpos[side] = frm
            self.castle &= CMASK[frm] & CMASK[to]
        else:  # GIFT
            p = b[frm]
            b[frm] = 0
            self.hand[1 - side][P if p & PROMO else p & 7] += 1
            self.castle &= CMASK[frm]
            undo = undo + (p,)
        if not self.ep_after_first:
            self.ep = -1
            self.ep_side = -1
        return undo

    def unmake(self, m, undo):
        frm, to, x, kind = m
        b = self.b
        side = self.side
        self.castle, self.ep, self.ep_side = undo[0], undo[1], undo[2]
        if kind <= CASTLE:
            cap, cs = undo[3], undo[4]
            p = b[to]
            if x:
                p = P | (side << 3)
            b[frm] = p
            b[to] = 0
            b[cs] = cap
            if cap:
                self.hand[side][P if cap & PROMO else cap & 7] -= 1
            if p & 7 == K:
                self.kpos[side] = frm
                if kind == CASTLE:
                    if to & 7 == 6:
                        b[to + 1] = b[to - 1]
                        b[to - 1] = 0
                    else:
                        b[to - 2] = b[to + 1]
                        b[to + 1] = 0
            return
        if kind == DROP:
            self.hand[side][frm] += 1
            b[to] = 0
        elif kind == SWAP:
            pa, pb = b[frm], b[to]
            b[frm], b[to] = pb, pa
            if pa & 7 == K:
                self.kpos[side] = to
            elif pb & 7 == K:
                self.kpos[side] = frm
        else:
            p = undo[3]
            b[frm] = p
            self.hand[1 - side][P if p & PROMO else p & 7] -= 1

    def safe(self):
        return not self.attacked(self.kpos[self.side], 1 - self.side)

    # ------------------------------------------------------------- turns
    def legal_moves(self, only_from=None, exclude=(), pred=None):
        """Legal single moves of the side to move."""
        out = []
        side = self.side
        if only_from is None:
            self.gen_moves(side, out)
        else:
            for s in only_from:
                self.piece_moves(s, out)
        res = []
        for m in out:
            if m[0] in exclude:
                continue
            if pred is not None and not pred(m):
                continue
            u = self.make(m)
            if self.safe():
                res.append(m)
            self.unmake(m, u)
        return res

    def end_turn(self):
        self.side ^= 1

    def one_move_turns(self, pred=None):
        """Generator of one-move turns; yields the action tuple with the turn ended."""
        out = []
        self.gen_moves(self.side, out)
        for m in out:
            if pred is not None and not pred(m):
                continue
            u = self.make(m)
            if self.safe():
                self.side ^= 1
                yield (m,)
                self.side ^= 1
            self.unmake(m, u)

    def second_moves(self, first, exclude):
        """Yields first + (m,) for each legal move whose origin is not in exclude."""
        out = []
        self.gen_moves(self.side, out)
        for m in out:
            if m[0] in exclude:
                continue
            u = self.make(m)
            if self.safe():
                self.side ^= 1
                yield first + (m,)
                self.side ^= 1
            self.unmake(m, u)

    def turns(self):
        face = self.face
        side = self.side
        b = self.b
        if face in (1, 11, 15, 16):
            yield from self.one_move_turns()
            return
        if face in (7, 8, 9, 10, 18):
            if face == 18:
                if side == 0:
                    pred = lambda m: m[3] != CASTLE and (m[1] >> 3) < (m[0] >> 3)
                else:
                    pred = lambda m: m[3] != CASTLE and (m[1] >> 3) > (m[0] >> 3)
            else:
                allowed = {7: P, 8: N, 9: B, 10: R}[face]
                pred = lambda m: (b[m[0]] & 7) in (allowed, K)
            found = False
            for t in self.one_move_turns(pred):
                found = True
                yield t
            if not found:
                yield from self.one_move_turns()
            return
        if face == 20:
            out = []
            self.gen_moves(side, out)
            for m in out:
                t = b[m[0]] & 7
                u = self.make(m)
                if self.safe():
                    if m[3] == MV and (t == N or t == B or t == R) and not m[2]:
                        dest = m[1]
                        col = side << 3
                        others = [s for s in range(64)
                                  if s != dest and b[s] & 15 == t | col]
                        seconds = self.legal_moves(only_from=others) if others else []
                        if seconds:
                            for m2 in seconds:
                                u2 = self.make(m2)
                                self.side ^= 1
                                yield (m, m2)
                                self.side ^= 1
                                self.unmake(m2, u2)
                        else:
                            self.side ^= 1
                            yield (m,)
                            self.side ^= 1
                    else:
                        self.side ^= 1
                        yield (m,)
                        self.side ^= 1
                self.unmake(m, u)
            return
        if face == 6:
            yield from self.turns6()
            return
        found = False
        if face == 2:
            out = []
            self.gen_moves(side, out)
            for m in out:
                u = self.make(m)
                if self.safe():
                    for t in self.second_moves((m,), (m[1],)):
                        found = True
                        yield t
                self.unmake(m, u)
        elif face == 3:
            col = side << 3
            own = [s for s in range(64) if b[s] and (b[s] & BLK) == col]
            for i in range(len(own)):
                a = own[i]
                pa = b[a] & 7
                for j in range(i + 1, len(own)):
                    c = own[j]
                    pc = b[c] & 7
                    if pa == P and (c < 8 or c >= 56):
                        continue
                    if pc == P and (a < 8 or a >= 56):
                        continue
                    m = (a, c, 0, SWAP)
                    u = self.make(m)
                    if self.safe():
                        for t in self.second_moves((m,), (a, c)):
                            found = True
                            yield t
                    self.unmake(m, u)
        elif face in (4, 5):
            h = self.hand
            if sum(h[0][1:6]) > 0 and sum(h[1][1:6]) > 0:
                oppk = self.kpos[1 - side]
                for t in (P, N, B, R, Q):
                    if not h[side][t]:
                        continue
                    for s in range(64):
                        if b[s]:
                            continue
                        if t == P and (s < 8 or s >= 56):
                            continue
                        m = (t, s, 0, DROP)
                        u = self.make(m)
                        if not self.piece_attacks(s, oppk) and self.safe():
                            for tt in self.second_moves((m,), (s,)):
                                found = True
                                yield tt
                        self.unmake(m, u)
        elif face == 19:
            col = side << 3
            own = [s for s in range(64)
                   if b[s] and (b[s] & BLK) == col and (b[s] & 7) != K]
            for s in own:
                m = (s, -1, 0, GIFT)
                u = self.make(m)
                if self.safe():
                    for t in self.second_moves((m,), ()):
                        found = True
                        yield t
                self.unmake(m, u)
        else:
            raise SystemExit("face %d not implemented" % face)
        if not found:
            yield from self.one_move_turns()

    # ----------------------------------------------------------- face 6
    def hand_size(self, c):
        return sum(self.hand[c][1:6])

    def turn6_spec(self):
        """(drops still to make, cells already dropped on, fallback allowed) for the turn
        that begins now; an open turn read from the FEN is used once, at the root."""
        if self.pending_open is not None:
            cells, done = self.pending_open
            self.pending_open = None
            left = self.round_k - done
            return (max(left, 0), tuple(cells), done == 0) if left >= 0 else (-1, (), False)
        return self.round_k, (), True

    def drops6(self, n, cells, acts):
        """Makes every legal sequence of n drops (rule 4 each), yielding with them made;
        cells/acts hold the squares and actions of the turn so far."""
        if n == 0:
            yield
            return
        side = self.side
        b = self.b
        h = self.hand[side]
        oppk = self.kpos[1 - side]
        for t in (P, N, B, R, Q):
            if not h[t]:
                continue
            for s in range(64):
                if b[s] or (t == P and (s < 8 or s >= 56)):
                    continue
                m = (t, s, 0, DROP)
                u = self.make(m)
                if not self.piece_attacks(s, oppk) and self.safe():
                    cells.append(s)
                    acts.append(m)
                    yield from self.drops6(n - 1, cells, acts)
                    cells.pop()
                    acts.pop()
                self.unmake(m, u)

    def turns6(self):
        k, pre, fallback = self.turn6_spec()
        if k < 0:
            return
        if k == 0 and not pre:
            yield from self.one_move_turns()
            return
        found = False
        cells = list(pre)
        acts = []
        for _ in self.drops6(k, cells, acts):
            found = True
            moved = False
            for t in self.second_moves(tuple(acts), tuple(cells)):
                moved = True
                yield t
            if not moved:
                # no piece but the ones just dropped could move: the drops are the turn
                self.side ^= 1
                yield tuple(acts)
                self.side ^= 1
        if not found and fallback:
            yield from self.one_move_turns()

    def count6(self):
        k, pre, fallback = self.turn6_spec()
        if k < 0:
            return 0
        if k == 0 and not pre:
            return self.count_last()
        n = 0
        cells = list(pre)
        for _ in self.drops6(k, cells, []):
            n += self.count_last(tuple(cells)) or 1
        if n == 0 and fallback:
            return self.count_last()
        return n

    # ------------------------------------------------- leaf counting (depth 1)
    def pinned(self):
        """Own pieces that are the only piece between the own king and an enemy rider."""
        b = self.b
        g = self.g
        side = self.side
        col = side << 3
        ocol = col ^ BLK
        ks = self.kpos[side]
        res = set()
        for rays, kinds in ((g.rrays[ks], (R | ocol, Q | ocol)),
                            (g.brays[ks], (B | ocol, Q | ocol))):
            for ray in rays:
                own = -1
                for x in ray:
                    p = b[x]
                    if p:
                        if (p & BLK) == col:
                            if own >= 0:
                                break
                            own = x
                        else:
                            if own >= 0 and (p & 15) in kinds:
                                res.add(own)
                            break
        return res

    def count_last(self, exclude=(), pred=None):
        """Number of legal moves of the side to move (origin not in exclude)."""
        out = []
        side = self.side
        self.gen_moves(side, out)
        if not out:
            return 0
        incheck = self.attacked(self.kpos[side], 1 - side)
        pins = None if incheck else self.pinned()
        b = self.b
        n = 0
        for m in out:
            frm = m[0]
            if frm in exclude:
                continue
            if pred is not None and not pred(m):
                continue
            if pins is not None and m[3] <= DBL and frm not in pins and (b[frm] & 7) != K:
                n += 1
                continue
            u = self.make(m)
            if self.safe():
                n += 1
            self.unmake(m, u)
        return n

    def count_turns(self):
        """Same number as len(list(self.turns())), faster."""
        face = self.face
        side = self.side
        b = self.b
        if face in (1, 11, 15, 16):
            return self.count_last()
        if face == 6:
            return self.count6()
        if face in (7, 8, 9, 10, 18):
            if face == 18:
                if side == 0:
                    pred = lambda m: m[3] != CASTLE and (m[1] >> 3) < (m[0] >> 3)
                else:
                    pred = lambda m: m[3] != CASTLE and (m[1] >> 3) > (m[0] >> 3)
            else:
                allowed = {7: P, 8: N, 9: B, 10: R}[face]
                pred = lambda m: (b[m[0]] & 7) in (allowed, K)
            return self.count_last(pred=pred) or self.count_last()
        n = 0
        if face == 20:
            out = []
            self.gen_moves(side, out)
            col = side << 3
            for m in out:
                t = b[m[0]] & 7
                u = self.make(m)
                if self.safe():
                    if m[3] == MV and (t == N or t == B or t == R) and not m[2]:
                        dest = m[1]
                        others = [s for s in range(64)
                                  if s != dest and b[s] & 15 == t | col]
                        k = 0
                        if others:
                            k = self.count_last(pred=lambda mm: b[mm[0]] & 15 == t | col
                                                and mm[0] != dest)
                        n += k if k else 1
                    else:
                        n += 1
                self.unmake(m, u)
            return n
        for first, exclude in self.first_actions():
            u = self.make(first)
            if self.safe():
                n += self.count_last(exclude)
            self.unmake(first, u)
        return n or self.count_last()

    def first_actions(self):
        """(action, origins excluded for the move after it) for faces 2, 3, 4/5, 19;
        the drop-attacks-king test of faces 4/5 is made here (the action is legal-tested
        by the caller)."""
        face = self.face
        side = self.side
        b = self.b
        res = []
        if face == 2:
            out = []
            self.gen_moves(side, out)
            for m in out:
                res.append((m, (m[1],)))
        elif face == 3:
            col = side << 3
            own = [s for s in range(64) if b[s] and (b[s] & BLK) == col]
            for i in range(len(own)):
                a = own[i]
                pa = b[a] & 7
                for j in range(i + 1, len(own)):
                    c = own[j]
                    pc = b[c] & 7
                    if pa == P and (c < 8 or c >= 56):
                        continue
                    if pc == P and (a < 8 or a >= 56):
                        continue
                    res.append(((a, c, 0, SWAP), (a, c)))
        elif face in (4, 5):
            h = self.hand
            if sum(h[0][1:6]) > 0 and sum(h[1][1:6]) > 0:
                oppk = self.kpos[1 - side]
                for t in (P, N, B, R, Q):
                    if not h[side][t]:
                        continue
                    for s in range(64):
                        if b[s] or (t == P and (s < 8 or s >= 56)):
                            continue
                        b[s] = t | (side << 3)
                        hits = self.piece_attacks(s, oppk)
                        b[s] = 0
                        if not hits:
                            res.append(((t, s, 0, DROP), (s,)))
        elif face == 19:
            col = side << 3
            for s in range(64):
                if b[s] and (b[s] & BLK) == col and (b[s] & 7) != K:
                    res.append(((s, -1, 0, GIFT), ()))
        return res

    def has_orthodox_move(self):
        g = self.g
        self.g = self.orth
        try:
            out = []
            self.gen_moves(self.side, out)
            for m in out:
                u = self.make(m)
                ok = self.safe()
                self.unmake(m, u)
                if ok:
                    return True
            return False
        finally:
            self.g = g

    def perft(self, depth):
        if depth == 0:
            return 1
        if self.round_end_check and self.side == 0 and depth < self.root_depth:
            # a new round begins: it begins only if the game goes on (orthodox judgement)
            if not self.has_orthodox_move():
                return 0
        if self.face == 6 and self.side == 0 and depth < self.root_depth:
            # the die is cast for a new round: k fixed now for both turns of the round
            saved = self.round_k
            self.round_k = min(self.hand_size(0), self.hand_size(1))
            try:
                return self.perft_turns(depth)
            finally:
                self.round_k = saved
        return self.perft_turns(depth)

    def perft_turns(self, depth):
        n = 0
        if depth == 1:
            if self.fast_count:
                return self.count_turns()
            for _ in self.turns():
                n += 1
            return n
        for _ in self.turns():
            n += self.perft(depth - 1)
        return n

    def run(self, depth, divide=False, by_first=False):
        self.root_depth = depth
        if self.face == 6:
            # the root: a cast made now, unless the FEN gives the open turn's *N
            if self.open_k is not None:
                self.round_k = self.open_k
            else:
                self.round_k = min(self.hand_size(0), self.hand_size(1))
            if self.open_done or self.open_k is not None:
                self.pending_open = (list(self.open_cells), self.open_done)
            if self.open_done and not self.ep_after_first:
                self.ep = -1
                self.ep_side = -1
        if not divide:
            return self.perft(depth)
        total = 0
        rows = {}
        for t in self.turns():
            c = self.perft(depth - 1) if depth > 1 else 1
            key = action_str(t[0]) if by_first else ",".join(action_str(a) for a in t)
            rows[key] = rows.get(key, 0) + c
            total += c
        for s in sorted(rows):
            print(s, rows[s])
        return total


def action_str(m):
    frm, to, x, kind = m
    if kind == DROP:
        return LETTERS[frm] + "@" + sqname(to)
    if kind == SWAP:
        return sqname(frm) + "<>" + sqname(to)
    if kind == GIFT:
        return sqname(frm) + ">"
    s = sqname(frm) + sqname(to)
    if x:
        s += LETTERS[x & 7].lower()
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fen", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--cast", type=int, default=None, help="override the FEN's cast:N")
    ap.add_argument("--divide", action="store_true",
                    help="print each first turn (its actions joined by ',') and its count")
    ap.add_argument("--by-first", action="store_true",
                    help="with --divide, group the turns by their first action")
    ap.add_argument("--ep-after-first-action", action="store_true",
                    help="a swap/drop/gift keeps the ep square for the move after it")
    ap.add_argument("--no-round-end-check", action="store_true",
                    help="do not judge orthodox mate/stalemate when a new round begins")
    ap.add_argument("--no-fast-count", action="store_true",
                    help="count the last turns by enumerating them (checks the fast count)")
    a = ap.parse_args()
    pos = Pos(a.fen, a.cast)
    pos.ep_after_first = a.ep_after_first_action
    pos.round_end_check = not a.no_round_end_check
    pos.fast_count = not a.no_fast_count
    n = pos.run(a.depth, a.divide, a.by_first)
    if a.divide:
        print()
    print(n)


if __name__ == "__main__":
    main()
