#!/usr/bin/env python3
"""Independent reference implementation of Cancellation Chess (for cross-checking arbiter).

Written only from the rule readings in notation/variants/cancellation.yaml and
cancellation-wazir.yaml (and the FIDE Laws for the orthodox part).  The board and the move
generator are our own (a 10x12 mailbox), because python-chess cannot hold a wazir; python-chess
is used only in --selftest: orthodox perft of the generator (--orthodox), quiet moves and the
check test of cancellation captures along random games, whose captures are also compared with
a slow brute-force enumeration of the placement rule.

Rules as implemented:
  * Piece values: pawn 1, knight 3, bishop 3, rook 5, queen 9 (`--queen N` changes the queen's
    value), and with `--wazir` a wazir W (one step orthogonally) worth 2.  The king has no
    value.  The wazir appears in no setup and is never a promotion choice.
  * A capture by the king is an ordinary capture (the king stands on the target, nothing is
    placed).  A king is never captured.
  * Any other capture cancels: the capturing and the captured piece both leave the board.  If
    their values differ, the remainder |v(captor) - v(victim)| belongs to the owner of the piece
    worth more -- the captor's owner or the victim's owner, whether or not that player is on
    move (the turn passes to the opponent as usual).  Equal values:
    nothing is placed (this includes pawn takes pawn and en passant, where both pawns vanish).
    A pawn never survives a capture, so no capture promotes.
  * The remainder is spent greedily: repeatedly the greatest value among the non-king piece
    kinds that fits into what is left.  Where several kinds share that value (knight and
    bishop) the owner chooses the kind, for each piece separately.
  * The first (largest) piece goes on the capture square.  Every further piece goes on its own
    square one king step from the capture square that is vacant once both pieces have left
    (the captor's origin counts as vacant).  Pawns are never placed on rank 1 or rank 8, for
    either colour; a first piece that would be a pawn there is lost.  If fewer usable squares
    exist than further pieces, the owner places the greatest number of them that can be placed
    and chooses which and where; the rest are lost.  Every distinct resulting board is one move
    (placing two pawns on c5 and e5 in either order is a single move).
  * Legality: after the whole capture, placements included (whoever owns the placed pieces),
    the mover's king must not be attacked.  Each legal choice is its own move for perft.
    The "greatest number placed" above is counted from the squares alone (vacant, pawn ranks);
    the check test then removes choices, and never lets the owner place fewer pieces to
    avoid a check (if every choice checks the mover's king, the capture is illegal).
  * Everything else is orthodox: castling (a placed rook never gives castling rights; any move
    from, to or onto a king's or rook's original square removes the right), en passant,
    promotion to Q, R, B, N on a non-capturing move to the last rank, a pawn standing on its
    own second rank (placed or not) may make the double step.

Move text (SAN-like; no check or mate suffix):
  * castling `O-O`, `O-O-O`; quiet moves as in SAN with minimal disambiguation (`Nbd2`, `e4`,
    `e8=Q`); captures `Qxd4`, `exd5` (en passant too, without `e.p.`).
  * a capture that places pieces appends `=X` for the piece placed on the capture square and
    `&Xsq` for each further placed piece (upper-case letters whatever the owner), the further
    pieces ordered by value (highest first), then by square a1..h8 (file, then rank);
    `=X` is left out when the first piece is lost (`Nxh8&Pg7`) or nothing is placed (`Bxc6`).
    Example: `Qxd4=B&Pc5`, `dxe5=R&Bd6`, `Qxd4=R` (queen at 10).
  * `--long` writes every move with its origin square: `Qa1xd4=B&Pc5`, `e2e4`, `Ng1f3`,
    `d4xe5=R&Bd6`, `e7e8=Q`, castling still `O-O`.

Usage:
  cancellation_reference.py [--queen N] [--wazir] FEN DEPTH    perft 1..DEPTH, lines `depth nodes`
  cancellation_reference.py [opts] --divide FEN DEPTH         lines `move nodes` (sorted by move
                                                              text), then `total nodes`
  cancellation_reference.py [opts] --moves FEN [--fen]        one legal move a line (sorted; with
                                                              --fen also the FEN after it), then
                                                              `total N`
  cancellation_reference.py --selftest
  options: --queen N, --wazir, --long (move text with origin), --orthodox (captures replace:
  plain chess, only for checking the generator)
FEN may be given as one quoted argument or as separate fields; FEN letters W/w are wazirs.
FENs printed by --fen carry `0 1` as move counters (not tracked).  Timing goes to stderr.
"""

import sys
import time

EMPTY = 0
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, WAZIR = 1, 2, 3, 4, 5, 6, 7
OFF = 100  # off-board sentinel
LETTER = {PAWN: "P", KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K", WAZIR: "W"}
FROM_LETTER = {v: k for k, v in LETTER.items()}

N_OFF = (-21, -19, -12, -8, 8, 12, 19, 21)
K_OFF = (-11, -10, -9, -1, 1, 9, 10, 11)
ORTH = (-10, -1, 1, 10)
DIAG = (-11, -9, 9, 11)


def sq120(f, r):
    return 21 + f + 10 * r


SQ64 = [sq120(f, r) for r in range(8) for f in range(8)]
RANK = [-1] * 120
FILE = [-1] * 120
for _r in range(8):
    for _f in range(8):
        RANK[sq120(_f, _r)] = _r
        FILE[sq120(_f, _r)] = _f


def sqname(s):
    return "abcdefgh"[FILE[s]] + str(RANK[s] + 1)


def parse_sq(t):
    return sq120("abcdefgh".index(t[0]), int(t[1]) - 1)


A1, C1, D1, E1, F1, G1, H1 = (sq120(f, 0) for f in (0, 2, 3, 4, 5, 6, 7))
A8, C8, D8, E8, F8, G8, H8 = (sq120(f, 7) for f in (0, 2, 3, 4, 5, 6, 7))
B1, B8 = sq120(1, 0), sq120(1, 7)
# castling rights bits: 1 K, 2 Q, 4 k, 8 q; a move writing on one of these squares clears them
CMASK = [15] * 120
CMASK[A1], CMASK[H1], CMASK[E1] = 15 & ~2, 15 & ~1, 15 & ~3
CMASK[A8], CMASK[H8], CMASK[E8] = 15 & ~8, 15 & ~4, 15 & ~12

# move kinds
QUIET, CAPTURE, CASTLE, EP = 0, 1, 2, 3


def attacked(b, sq, by, wazir):
    """Is square sq attacked by side `by` (1 white, -1 black)?"""
    if by == 1:
        if b[sq - 9] == 1 or b[sq - 11] == 1:
            return True
    else:
        if b[sq + 9] == -1 or b[sq + 11] == -1:
            return True
    x = 2 * by
    for d in N_OFF:
        if b[sq + d] == x:
            return True
    x = 6 * by
    for d in K_OFF:
        if b[sq + d] == x:
            return True
    if wazir:
        x = 7 * by
        for d in ORTH:
            if b[sq + d] == x:
                return True
    bb, qq = 3 * by, 5 * by
    for d in DIAG:
        t = sq + d
        p = b[t]
        while p == 0:
            t += d
            p = b[t]
        if p == bb or p == qq:
            return True
    rr = 4 * by
    for d in ORTH:
        t = sq + d
        p = b[t]
        while p == 0:
            t += d
            p = b[t]
        if p == rr or p == qq:
            return True
    return False


class Rules:
    """Piece values and the remainder's placements (memoised)."""

    def __init__(self, queen=9, wazir=False, orthodox=False):
        if queen < 1:
            raise ValueError("the queen's value must be at least 1")
        self.wazir = wazir
        self.orthodox = orthodox
        self.value = [0] * 8
        self.value[PAWN], self.value[KNIGHT], self.value[BISHOP] = 1, 3, 3
        self.value[ROOK], self.value[QUEEN], self.value[KING] = 5, queen, 0
        kinds = [QUEEN, ROOK, BISHOP, KNIGHT, PAWN]
        if wazir:
            self.value[WAZIR] = 2
            kinds.append(WAZIR)
        self.groups = {}  # value -> kinds of that value
        for k in kinds:
            self.groups.setdefault(self.value[k], []).append(k)
        self.values_desc = sorted(self.groups, reverse=True)
        self.cache = {}

    def split(self, rem):
        """Greedy split of a remainder into piece values (largest first)."""
        out = []
        while rem > 0:
            for v in self.values_desc:
                if v <= rem:
                    out.append(v)
                    rem -= v
                    break
            else:
                break  # nothing fits: the rest is lost
        return out

    def outcomes(self, owner, rem, t, mask):
        """All distinct placements for a remainder `rem` of side `owner` on capture square t;
        mask: bit i set when t + K_OFF[i] is vacant after both pieces left.
        Returns a list of (first_piece_signed_or_0, ((sq, piece_signed), ...))."""
        key = (owner, rem, t, mask)
        res = self.cache.get(key)
        if res is not None:
            return res
        vals = self.split(rem)
        if not vals:
            res = [(0, ())]
            self.cache[key] = res
            return res
        edge_t = RANK[t] in (0, 7)
        firsts = [owner * k for k in self.groups[vals[0]] if not (k == PAWN and edge_t)]
        if not firsts:
            firsts = [0]  # the first piece cannot stand there: lost
        counts = {}
        for v in vals[1:]:
            counts[v] = counts.get(v, 0) + 1
        total = len(vals) - 1
        nbrs = [t + K_OFF[i] for i in range(8) if mask >> i & 1]
        found = []
        best = [0]

        def rec(i, left, acc):
            n = len(acc)
            if n + min(left, len(nbrs) - i) < best[0]:
                return
            if i == len(nbrs) or left == 0:
                if n > best[0]:
                    best[0] = n
                found.append(acc)
                return
            sq = nbrs[i]
            edge = RANK[sq] in (0, 7)
            for v in list(counts):
                if counts[v] == 0:
                    continue
                for k in self.groups[v]:
                    if k == PAWN and edge:
                        continue
                    counts[v] -= 1
                    rec(i + 1, left - 1, acc + ((sq, owner * k),))
                    counts[v] += 1
            rec(i + 1, left, acc)  # this square stays empty

        rec(0, total, ())
        extras = [a for a in found if len(a) == best[0]]
        res = [(f, e) for f in firsts for e in extras]
        self.cache[key] = res
        return res


class Position:
    def __init__(self, fen, rules):
        self.rules = rules
        f = fen.split()
        while len(f) < 4:
            f.append("-")
        b = [OFF] * 120
        for s in SQ64:
            b[s] = EMPTY
        rows = f[0].split("/")
        if len(rows) != 8:
            raise ValueError(f"bad FEN placement {f[0]!r}")
        self.kings = {1: None, -1: None}
        for i, row in enumerate(rows):
            r = 7 - i
            fl = 0
            for ch in row:
                if ch.isdigit():
                    fl += int(ch)
                    continue
                k = FROM_LETTER[ch.upper()]
                if k == WAZIR and not rules.wazir:
                    raise ValueError("a wazir in the FEN needs --wazir")
                s = sq120(fl, r)
                col = 1 if ch.isupper() else -1
                b[s] = col * k
                if k == KING:
                    self.kings[col] = s
                fl += 1
            if fl != 8:
                raise ValueError(f"bad FEN row {row!r}")
        if self.kings[1] is None or self.kings[-1] is None:
            raise ValueError("each side needs a king")
        self.board = b
        self.side = 1 if f[1] == "w" else -1
        c = 0
        for ch, bit in (("K", 1), ("Q", 2), ("k", 4), ("q", 8)):
            if ch in f[2]:
                c |= bit
        # drop rights whose king or rook is not on its square
        if b[E1] != KING:
            c &= ~3
        if b[H1] != ROOK:
            c &= ~1
        if b[A1] != ROOK:
            c &= ~2
        if b[E8] != -KING:
            c &= ~12
        if b[H8] != -ROOK:
            c &= ~4
        if b[A8] != -ROOK:
            c &= ~8
        self.castling = c
        self.ep = parse_sq(f[3]) if f[3] != "-" else 0
        self.stack = []

    # ------------------------------------------------------------------ FEN
    def fen(self):
        b = self.board
        rows = []
        for r in range(7, -1, -1):
            row, empty = "", 0
            for fl in range(8):
                p = b[sq120(fl, r)]
                if p == 0:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                ch = LETTER[abs(p)]
                row += ch if p > 0 else ch.lower()
            if empty:
                row += str(empty)
            rows.append(row)
        c = "".join(ch for ch, bit in (("K", 1), ("Q", 2), ("k", 4), ("q", 8))
                    if self.castling & bit) or "-"
        ep = sqname(self.ep) if self.ep else "-"
        return f"{'/'.join(rows)} {'w' if self.side == 1 else 'b'} {c} {ep} 0 1"

    # ----------------------------------------------------------- generation
    def pins(self, k, s):
        b = self.board
        pinned = set()
        opp = -s
        for dirs, a, q in ((DIAG, 3 * opp, 5 * opp), (ORTH, 4 * opp, 5 * opp)):
            for d in dirs:
                t = k + d
                p = b[t]
                while p == 0:
                    t += d
                    p = b[t]
                if p == OFF or p * s < 0:
                    continue
                own = t
                t += d
                p = b[t]
                while p == 0:
                    t += d
                    p = b[t]
                if p == a or p == q:
                    pinned.add(own)
        return pinned

    def legal_moves(self):
        """Legal moves as tuples (frm, to, writes, newep, kind, promo, first, extras)."""
        b = self.board
        s = self.side
        opp = -s
        rules = self.rules
        wz = rules.wazir
        ortho = rules.orthodox
        val = rules.value
        ksq = self.kings[s]
        incheck = attacked(b, ksq, opp, wz)
        pinned = set() if incheck else self.pins(ksq, s)
        out = []
        append = out.append

        def quiet(frm, to, writes, newep, promo, king):
            # cheap legality for quiet moves of unpinned non-king pieces out of check
            if incheck or king or frm in pinned:
                olds = [b[x] for x, _ in writes]
                for x, v in writes:
                    b[x] = v
                bad = attacked(b, to if king else ksq, opp, wz)
                for (x, _), o in zip(writes, olds):
                    b[x] = o
                if bad:
                    return
            append((frm, to, writes, newep, QUIET, promo, 0, ()))

        def capture(frm, t, p, v, promos=None):
            # p: captor (signed), v: victim (signed)
            if v == -s * KING:
                return  # a king is never captured (only in an illegal position)
            ap = p * s
            if ortho or ap == KING:
                if promos:
                    wl = [(((frm, 0), (t, s * pr)), pr) for pr in promos]
                else:
                    wl = [(((frm, 0), (t, p)), 0)]
                for writes, pr in wl:
                    b[frm] = 0
                    b[t] = writes[1][1]
                    bad = attacked(b, t if ap == KING else ksq, opp, wz)
                    b[frm] = p
                    b[t] = v
                    if not bad:
                        append((frm, t, writes, 0, CAPTURE, pr, 0, ()))
                return
            vc = val[ap]
            vv = val[-v * s]
            if vc == vv:
                b[frm] = 0
                b[t] = 0
                bad = attacked(b, ksq, opp, wz)
                b[frm] = p
                b[t] = v
                if not bad:
                    append((frm, t, ((frm, 0), (t, 0)), 0, CAPTURE, 0, 0, ()))
                return
            owner = s if vc > vv else opp
            rem = vc - vv if vc > vv else vv - vc
            mask = 0
            for i in range(8):
                n = t + K_OFF[i]
                if b[n] == 0 or n == frm:
                    mask |= 1 << i
            outs = rules.outcomes(owner, rem, t, mask)
            b[frm] = 0
            for first, extras in outs:
                b[t] = first
                for x, pc in extras:
                    b[x] = pc
                bad = attacked(b, ksq, opp, wz)
                for x, _ in extras:
                    b[x] = 0
                if not bad:
                    append((frm, t, ((frm, 0), (t, first)) + extras, 0, CAPTURE, 0, first,
                            extras))
            b[frm] = p
            b[t] = v

        promo_rank = 7 if s == 1 else 0
        start_rank = 1 if s == 1 else 6
        fwd = 10 * s
        for frm in SQ64:
            p = b[frm]
            if p == 0 or p * s < 0:
                continue
            a = p * s
            if a == PAWN:
                to = frm + fwd
                if b[to] == 0:
                    if RANK[to] == promo_rank:
                        for pr in (QUEEN, ROOK, BISHOP, KNIGHT):
                            quiet(frm, to, ((frm, 0), (to, s * pr)), 0, pr, False)
                    else:
                        quiet(frm, to, ((frm, 0), (to, p)), 0, 0, False)
                        if RANK[frm] == start_rank and b[to + fwd] == 0:
                            quiet(frm, to + fwd, ((frm, 0), (to + fwd, p)), to, 0, False)
                for d in (fwd - 1, fwd + 1):
                    t = frm + d
                    v = b[t]
                    if v != OFF and v * s < 0:
                        if ortho and RANK[t] == promo_rank:
                            capture(frm, t, p, v, (QUEEN, ROOK, BISHOP, KNIGHT))
                        else:
                            capture(frm, t, p, v)
                    elif v == 0 and t == self.ep and b[t - fwd] == -p:
                        cs = t - fwd
                        writes = ((frm, 0), (t, p if ortho else 0), (cs, 0))
                        b[frm] = 0
                        b[t] = writes[1][1]
                        b[cs] = 0
                        bad = attacked(b, ksq, opp, wz)
                        b[frm] = p
                        b[t] = 0
                        b[cs] = -p
                        if not bad:
                            append((frm, t, writes, 0, EP, 0, 0, ()))
            elif a == KNIGHT or a == KING or a == WAZIR:
                offs = N_OFF if a == KNIGHT else (K_OFF if a == KING else ORTH)
                king = a == KING
                for d in offs:
                    t = frm + d
                    v = b[t]
                    if v == 0:
                        quiet(frm, t, ((frm, 0), (t, p)), 0, 0, king)
                    elif v != OFF and v * s < 0:
                        capture(frm, t, p, v)
            else:
                dirs = DIAG if a == BISHOP else (ORTH if a == ROOK else K_OFF)
                for d in dirs:
                    t = frm + d
                    v = b[t]
                    while v == 0:
                        quiet(frm, t, ((frm, 0), (t, p)), 0, 0, False)
                        t += d
                        v = b[t]
                    if v != OFF and v * s < 0:
                        capture(frm, t, p, v)
        # castling
        c = self.castling
        if c and not incheck:
            if s == 1:
                if (c & 1 and ksq == E1 and b[H1] == ROOK and b[F1] == 0 and b[G1] == 0
                        and not attacked(b, F1, opp, wz) and not attacked(b, G1, opp, wz)):
                    append((E1, G1, ((E1, 0), (G1, KING), (H1, 0), (F1, ROOK)), 0, CASTLE,
                            0, 0, ()))
                if (c & 2 and ksq == E1 and b[A1] == ROOK and b[D1] == 0 and b[C1] == 0
                        and b[B1] == 0 and not attacked(b, D1, opp, wz)
                        and not attacked(b, C1, opp, wz)):
                    append((E1, C1, ((E1, 0), (C1, KING), (A1, 0), (D1, ROOK)), 0, CASTLE,
                            0, 0, ()))
            else:
                if (c & 4 and ksq == E8 and b[H8] == -ROOK and b[F8] == 0 and b[G8] == 0
                        and not attacked(b, F8, opp, wz) and not attacked(b, G8, opp, wz)):
                    append((E8, G8, ((E8, 0), (G8, -KING), (H8, 0), (F8, -ROOK)), 0, CASTLE,
                            0, 0, ()))
                if (c & 8 and ksq == E8 and b[A8] == -ROOK and b[D8] == 0 and b[C8] == 0
                        and b[B8] == 0 and not attacked(b, D8, opp, wz)
                        and not attacked(b, C8, opp, wz)):
                    append((E8, C8, ((E8, 0), (C8, -KING), (A8, 0), (D8, -ROOK)), 0, CASTLE,
                            0, 0, ()))
        return out

    # ------------------------------------------------------------ make/undo
    def push(self, m):
        b = self.board
        writes = m[2]
        olds = [b[x] for x, _ in writes]
        s = self.side
        ksave = self.kings[s]
        if b[m[0]] == KING * s:
            self.kings[s] = m[1]
        c = self.castling
        self.stack.append((m, olds, c, self.ep, ksave))
        if c:
            for x, _ in writes:
                c &= CMASK[x]
            self.castling = c
        for x, v in writes:
            b[x] = v
        self.ep = m[3]
        self.side = -s

    def pop(self):
        m, olds, c, ep, ksave = self.stack.pop()
        b = self.board
        for (x, _), o in zip(m[2], olds):
            b[x] = o
        self.side = s = -self.side
        self.kings[s] = ksave
        self.castling = c
        self.ep = ep

    def in_check(self):
        return attacked(self.board, self.kings[self.side], -self.side, self.rules.wazir)

    # ------------------------------------------------------------ move text
    def text(self, m, legal=None, long=False):
        frm, to, writes, newep, kind, promo, first, extras = m
        b = self.board
        if kind == CASTLE:
            return "O-O" if to > frm else "O-O-O"
        a = abs(b[frm])
        cap = kind in (CAPTURE, EP)
        if long:
            s = ("" if a == PAWN else LETTER[a]) + sqname(frm) + ("x" if cap else "") + sqname(to)
        elif a == PAWN:
            s = ("abcdefgh"[FILE[frm]] + "x" if cap else "") + sqname(to)
        else:
            if legal is None:
                legal = self.legal_moves()
            others = {o[0] for o in legal
                      if o[1] == to and o[0] != frm and abs(b[o[0]]) == a and o[4] != CASTLE}
            dis = ""
            if others:
                if all(FILE[o] != FILE[frm] for o in others):
                    dis = "abcdefgh"[FILE[frm]]
                elif all(RANK[o] != RANK[frm] for o in others):
                    dis = str(RANK[frm] + 1)
                else:
                    dis = sqname(frm)
            s = LETTER[a] + dis + ("x" if cap else "") + sqname(to)
        if promo:
            s += "=" + LETTER[promo]
        if first:
            s += "=" + LETTER[abs(first)]
        val = self.rules.value
        for x, pc in sorted(extras, key=lambda e: (-val[abs(e[1])], FILE[e[0]], RANK[e[0]],
                                                  LETTER[abs(e[1])])):
            s += "&" + LETTER[abs(pc)] + sqname(x)
        return s


# ---------------------------------------------------------------------- perft
def perft(pos, depth):
    moves = pos.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    n = 0
    push, pop = pos.push, pos.pop
    for m in moves:
        push(m)
        n += perft(pos, depth - 1)
        pop()
    return n


def divide(pos, depth, long=False):
    moves = pos.legal_moves()
    rows = []
    for m in moves:
        t = pos.text(m, moves, long)
        pos.push(m)
        rows.append((t, perft(pos, depth - 1)))
        pos.pop()
    return rows


# ------------------------------------------------------------------- selftest
def selftest():
    import random
    import chess

    def texts(pos):
        ms = pos.legal_moves()
        return {pos.text(m, ms) for m in ms}

    def caps_from(pos, frm, to):
        ms = pos.legal_moves()
        return {pos.text(m, ms) for m in ms if sqname(m[0]) == frm and sqname(m[1]) == to}

    def play(pos, t):
        ms = pos.legal_moves()
        for m in ms:
            if pos.text(m, ms) == t:
                pos.push(m)
                return m
        raise AssertionError(f"{t} not legal in {pos.fen()}: {sorted(texts(pos))}")

    std = Rules()
    q10 = Rules(queen=10)
    wz = Rules(wazir=True)
    adj_d4 = ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    adj_e5 = ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]

    # Example 1: white Q a1 takes black R d4: B or N on d4, and a white P on any vacant
    # square adjacent to d4.
    f1 = "8/7k/8/8/3r4/8/8/Q6K w - - 0 1"
    pos = Position(f1, std)
    got = caps_from(pos, "a1", "d4")
    want = {f"Qxd4={x}&P{sq}" for x in "BN" for sq in adj_d4}
    assert got == want, sorted(got ^ want)
    play(pos, "Qxd4=B&Pc5")
    assert pos.fen() == "8/7k/8/2P5/3B4/8/8/7K b - - 0 1", pos.fen()
    pos.pop()
    assert pos.fen() == Position(f1, std).fen()
    # queen at 10: 10 - 5 = 5 is a rook on d4 and nothing more (the method, per the reading)
    pos = Position(f1, q10)
    assert caps_from(pos, "a1", "d4") == {"Qxd4=R"}

    # Example 2: white P d4 takes black Q e5: black R on e5, and a black B or N adjacent.
    f2 = "7k/8/8/4q3/K2P4/8/8/8 w - - 0 1"
    pos = Position(f2, std)
    got = caps_from(pos, "d4", "e5")
    want = {f"dxe5=R&{x}{sq}" for x in "BN" for sq in adj_e5}
    assert got == want, sorted(got ^ want)
    play(pos, "dxe5=R&Bd6")
    assert pos.fen() == "7k/8/3b4/4r3/K7/8/8/8 b - - 0 1", pos.fen()
    assert pos.side == -1  # Black to move as usual
    # queen at 10: 9 = R on e5, B or N and a P adjacent, all Black's
    pos = Position(f2, q10)
    got = caps_from(pos, "d4", "e5")
    want = {f"dxe5=R&{x}{a}&P{c}" for x in "BN" for a in adj_e5 for c in adj_e5 if a != c}
    assert got == want and len(got) == 112, sorted(got ^ want)
    # the wazir changes nothing here (8 = R + B/N)
    assert caps_from(Position(f2, wz), "d4", "e5") == {f"dxe5=R&{x}{sq}" for x in "BN"
                                                         for sq in adj_e5}

    # The wazir: one step orthogonally, it gives check that way, and it cancels at value 2.
    pos = Position("4k3/8/8/8/3W4/8/8/4K3 w - - 0 1", wz)
    assert {t for t in texts(pos) if t[0] == "W"} == {"Wd5", "Wd3", "Wc4", "We4"}
    pos = Position("4k3/8/8/8/8/8/4w3/3K4 w - - 0 1", wz)
    assert texts(pos) == {"Kc1", "Kc2", "Kxe2"}  # d2 and e1 are attacked by the wazir e2
    pos = Position("4k3/8/8/8/3p4/3W4/8/4K3 w - - 0 1", wz)
    assert caps_from(pos, "d3", "d4") == {"Wxd4=P"}  # 2 - 1 = 1, White's pawn on d4
    pos = Position("4k3/8/8/3q4/3W4/8/8/K7 w - - 0 1", wz)
    got = caps_from(pos, "d4", "d5")  # 9 - 2 = 7 = R + W, Black's
    assert got == {f"Wxd5=R&W{sq}" for sq in ["c4", "c5", "c6", "d4", "d6", "e4", "e5",
                                               "e6"]}, got

    # Legality of the opponent's placements: with the white king on a1, a black bishop
    # placed on d4 would check it, so that choice is open to neither side.
    pos = Position("7k/8/8/4q3/3P4/8/8/K7 w - - 0 1", std)
    got = caps_from(pos, "d4", "e5")
    assert len(got) == 15 and "dxe5=R&Bd4" not in got and "dxe5=R&Nd4" in got

    # Pawns never on rank 1/8; a first pawn that cannot stand is lost; wazir 2 = W.
    f3 = "4k2r/8/6N1/8/8/8/8/4K3 w k - 0 1"
    pos = Position(f3, std)
    assert caps_from(pos, "g6", "h8") == {"Nxh8&Pg7", "Nxh8&Ph7"}
    play(pos, "Nxh8&Pg7")
    assert pos.fen() == "4k3/6p1/8/8/8/8/8/4K3 b - - 0 1", pos.fen()  # no k right left
    pos = Position(f3, wz)
    assert caps_from(pos, "g6", "h8") == {"Nxh8=W"}
    # Q takes N, queen at 10: 7 = R + P + P.  Vacant neighbours of f2: e2, e3, f3, g1, g2,
    # g3 and f1 (the origin); no pawn on rank 1, so both pawns go on e2/e3/f3/g2/g3.
    pos = Position("7K/8/8/8/8/8/5N2/4kq2 b - - 0 1", q10)
    got = caps_from(pos, "f1", "f2")
    sqs = ["e2", "e3", "f3", "g2", "g3"]
    want = {f"Qxf2=R&P{a}&P{c}" for a in sqs for c in sqs if a < c}
    assert got == want, sorted(got ^ want)
    # only one vacant square (the origin d4) for two further pieces: the owner places one
    # of them and chooses which
    pos = Position("7k/8/3ppp2/3pqp2/3PPP2/8/8/7K w - - 0 1", q10)
    assert caps_from(pos, "d4", "e5") == {"dxe5=R&Bd4", "dxe5=R&Nd4", "dxe5=R&Pd4"}
    # equal values: both vanish; the king captures normally
    pos = Position("4k3/8/8/3n4/4B3/8/8/4K3 w - - 0 1", std)
    play(pos, "Bxd5")
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1", pos.fen()
    pos = Position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", std)
    assert caps_from(pos, "e1", "d2") == {"Kxd2"}
    play(pos, "Kxd2")
    assert pos.fen() == "4k3/8/8/8/8/8/3K4/8 b - - 0 1", pos.fen()
    # en passant: both pawns vanish
    pos = Position("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", std)
    play(pos, "dxe6")
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1", pos.fen()
    # B takes P: 2 = P + P, the first pawn on the capture square
    pos = Position("4k3/8/8/3p4/4B3/8/8/4K3 w - - 0 1", std)
    got = caps_from(pos, "e4", "d5")
    want = {f"Bxd5=P&P{sq}" for sq in ["c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"]}
    assert got == want, sorted(got ^ want)
    # a placed pawn on its own second rank may double-step
    pos = Position("4k3/8/8/8/8/8/2b5/2R1K3 w - - 0 1", std)  # Rxc2: P on c2 + P adjacent
    play(pos, "Rxc2=P&Pb3")
    play(pos, "Ke7")
    play(pos, "c4")
    assert pos.ep == parse_sq("c3")
    # a pawn capturing on the last rank does not promote; a captured corner rook ends the
    # castling right
    pos = Position("4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1", std)
    got = caps_from(pos, "b2", "a1")
    assert got == {"bxa1=B&Pa2", "bxa1=B&Pb2", "bxa1=N&Pa2", "bxa1=N&Pb2"}, got
    play(pos, "bxa1=B&Pb2")
    assert pos.castling == 0

    # The orthodox start: depths 1 and 2 agree with python-chess.  Depth 3 does not: captures
    # happen at ply 3, and besides the 34 pawn-takes-pawn captures (equal values, nothing
    # placed, one move each as in orthodox chess) a piece may take a pawn, which leaves
    # pieces to place.  Extra moves over orthodox 8902, counted by hand:
    #   N takes P (2 = P on the square + P beside it, 8 vacant neighbours: +7 each):
    #     Nf3xe5, Nf3xg5, Nc3xb5, Nc3xd5, Nh3xg5, Na3xb5                           +42
    #   after e3 or e4: Bxa6 (a5 b5 b6 a7: +3), Bxb5 (+7), Qxh5 (8 = R + B/N on one of
    #     g4 g5 g6 h4 h6: 10 moves, +9)                                        2 x 19 = +38
    #   after d3 or d4: Bxg5 (+7), Bxh6 (g5 h5 g6 h7: +3)                      2 x 10 = +20
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

    def pc_perft(board, d):
        if d == 1:
            return board.legal_moves.count()
        n = 0
        for mv in board.legal_moves:
            board.push(mv)
            n += pc_perft(board, d - 1)
            board.pop()
        return n

    for d, extra in ((1, 0), (2, 0), (3, 100)):
        mine = perft(Position(start, std), d)
        ref = pc_perft(chess.Board(start), d)
        assert mine == ref + extra, (d, mine, ref)

    # The generator in orthodox mode (captures replace) against python-chess perft.
    orth = Rules(orthodox=True)
    for fen, d in [
        (start, 3),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 2),
    ]:
        assert perft(Position(fen, orth), d) == pc_perft(chess.Board(fen), d), fen

    # Random cancellation games: the quiet moves (and castling, promotions) agree with
    # python-chess's; make/undo restores the position; the capture outcomes agree with a
    # slow brute-force enumeration of the rule.
    rng = random.Random(7)
    checked = outcomes = 0
    for g in range(18):
        rules = [std, q10, wz][g % 3]
        pos = Position(start, rules)
        for _ in range(160):
            ms = pos.legal_moves()
            if rules is not wz or "W" not in pos.fen().split()[0].upper():
                board = chess.Board(pos.fen())
                pc_quiet = {mv.uci() for mv in board.legal_moves if not board.is_capture(mv)}
                mine_quiet = set()
                for m in ms:
                    if m[4] in (QUIET, CASTLE):
                        u = (sqname(m[0]) + sqname(m[1])
                             + (LETTER[m[5]].lower() if m[5] else ""))
                        mine_quiet.add(u)
                assert pc_quiet == mine_quiet, (pos.fen(), pc_quiet ^ mine_quiet)
            brute = brute_captures(pos)
            fast = {tuple(sorted(m[2])) for m in ms if m[4] in (CAPTURE, EP)}
            assert brute == fast, (pos.fen(), brute ^ fast)
            assert len(fast) == len([m for m in ms if m[4] in (CAPTURE, EP)])
            checked += 1
            outcomes += len(fast)
            if not ms:
                break
            caps = [m for m in ms if m[4] == CAPTURE]
            m = rng.choice(caps) if caps and rng.random() < 0.5 else rng.choice(ms)
            before = pos.fen()
            pos.push(m)
            pos.pop()
            assert pos.fen() == before
            pos.push(m)
    assert checked > 500, checked
    print(f"selftest: ok ({checked} positions, {outcomes} capture moves checked against"
          " the brute force)")


def brute_captures(pos):
    """Slow, direct reading of the capture rule: every capture's every placement choice,
    filtered by the king.  Returns the set of sorted write tuples."""
    import itertools
    rules = pos.rules
    b = pos.board
    s = pos.side
    val = rules.value
    result = set()
    pairs = set()  # all pseudo-legal captures (frm, to)
    for frm in SQ64:
        p = b[frm]
        if p == 0 or p * s < 0:
            continue
        a = p * s
        targets = []
        if a == PAWN:
            for d in (10 * s - 1, 10 * s + 1):
                targets.append(frm + d)
        elif a in (KNIGHT, KING, WAZIR):
            targets = [frm + d for d in (N_OFF if a == KNIGHT else K_OFF if a == KING else ORTH)]
        else:
            for d in (DIAG if a == BISHOP else ORTH if a == ROOK else K_OFF):
                t = frm + d
                while b[t] == 0:
                    t += d
                targets.append(t)
        for t in targets:
            v = b[t]
            if v != OFF and v * s < 0:
                pairs.add((frm, t))
            if a == PAWN and v == 0 and t == pos.ep and b[t - 10 * s] == -PAWN * s:
                pairs.add((frm, t))
    for frm, t in pairs:
        p, v = b[frm], b[t]
        cands = []
        if v == 0:  # en passant
            cands.append(((frm, 0), (t, 0), (t - 10 * s, 0)))
        elif abs(p) == KING:
            cands.append(((frm, 0), (t, p)))
        else:
            rem = val[abs(p)] - val[abs(v)]
            owner = s if rem > 0 else -s
            rem = abs(rem)
            vals = rules.split(rem)
            if not vals:
                cands.append(((frm, 0), (t, 0)))
            else:
                def kinds(vl):
                    return [k for k in rules.groups[vl]]
                firsts = [k for k in kinds(vals[0]) if not (k == PAWN and RANK[t] in (0, 7))]
                firsts = [owner * k for k in firsts] or [0]
                vacant = [t + d for d in K_OFF if b[t + d] == 0 or t + d == frm]
                rest = vals[1:]
                boards = set()
                # every assignment of each further piece to a kind and to a square or nowhere
                kind_choices = itertools.product(*[kinds(vl) for vl in rest])
                for ks in kind_choices:
                    for sqs in itertools.product(*[vacant + [None] for _ in rest]):
                        placed = [q for q in sqs if q is not None]
                        if len(set(placed)) != len(placed):
                            continue
                        ok = all(q is None or not (k == PAWN and RANK[q] in (0, 7))
                                 for k, q in zip(ks, sqs))
                        if ok:
                            boards.add(frozenset((q, owner * k) for k, q in zip(ks, sqs)
                                                 if q is not None))
                most = max(len(x) for x in boards)
                for f in firsts:
                    for x in boards:
                        if len(x) == most:
                            cands.append(((frm, 0), (t, f)) + tuple(x))
        for writes in cands:
            olds = [b[x] for x, _ in writes]
            for x, pc in writes:
                b[x] = pc
            k = pos.kings[s] if abs(p) != KING else t
            if rules.wazir:
                bad = attacked(b, k, -s, True)
            else:  # python-chess decides the check, as an independent attack test
                import chess
                cb = chess.Board(None)
                for q in SQ64:
                    if b[q]:
                        cb.set_piece_at(chess.square(FILE[q], RANK[q]),
                                        chess.Piece(abs(b[q]), b[q] > 0))
                bad = cb.is_attacked_by(s < 0, chess.square(FILE[k], RANK[k]))
            for (x, _), o in zip(writes, olds):
                b[x] = o
            if not bad:
                result.add(tuple(sorted(writes)))
    return result


# ----------------------------------------------------------------------- main
def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if "--selftest" in argv:
        selftest()
        return 0
    queen, wazir, long, orthodox, mode, show_fen = 9, False, False, False, "perft", False
    pos_args = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--queen":
            queen = int(argv[i + 1])
            i += 1
        elif a.startswith("--queen="):
            queen = int(a.split("=", 1)[1])
        elif a == "--wazir":
            wazir = True
        elif a == "--long":
            long = True
        elif a == "--orthodox":
            orthodox = True
        elif a == "--divide":
            mode = "divide"
        elif a == "--moves":
            mode = "moves"
        elif a == "--fen":
            show_fen = True
        else:
            pos_args.append(a)
        i += 1
    rules = Rules(queen=queen, wazir=wazir, orthodox=orthodox)
    if mode == "moves":
        pos = Position(" ".join(pos_args), rules)
        ms = pos.legal_moves()
        rows = []
        for m in ms:
            t = pos.text(m, ms, long)
            if show_fen:
                pos.push(m)
                t += "  " + pos.fen()
                pos.pop()
            rows.append(t)
        for t in sorted(rows):
            print(t)
        print(f"total {len(ms)}")
        return 0
    if len(pos_args) < 2:
        print("need FEN and DEPTH", file=sys.stderr)
        return 2
    depth = int(pos_args[-1])
    pos = Position(" ".join(pos_args[:-1]), rules)
    if mode == "divide":
        t0 = time.time()
        rows = divide(pos, depth, long)
        for t, n in sorted(rows):
            print(f"{t} {n}")
        print(f"total {sum(n for _, n in rows)}")
        print(f"({time.time() - t0:.1f}s)", file=sys.stderr)
        return 0
    for d in range(1, depth + 1):
        t0 = time.time()
        n = perft(pos, d)
        print(f"{d} {n}", flush=True)
        print(f"  ({time.time() - t0:.1f}s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
