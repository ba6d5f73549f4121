#!/usr/bin/env python3
"""Independent reference of shogi and Cancellation Shogi (for cross-checking arbiter).

Written only from the rule readings in notation/variants/shogi.yaml, cancellation-shogi.yaml
and (for the mechanics Cancellation Shogi takes "as in Cancellation Chess") cancellation.yaml,
and notation/SPEC.md on FEN and cancellation captures.  The board and the move generator are
our own (an 11x13 mailbox: one padding file either side, two padding ranks above and below
for the knight).  pyffish (Fairy-Stockfish) is used only by --selftest, to check the plain
shogi generator (--shogi).

Board: files a-i, ranks 1-9; White (Sente, upper case) moves up, Black down.

Shogi, as implemented:
  * P fW, L fR, N fN, S FfW, G WfF, B, R, K; +P +L +N +S move as G, +B = BW, +R = RF.
  * Promotion zone: the mover's last three ranks.  A P, L, N, S, B or R whose move starts or
    ends in the zone may promote (both moves are generated); it must where the unpromoted
    piece could never move from its new square (P, L on the last rank, N on the last two).
  * Captured pieces go to the captor's hand unpromoted.  Drops on any empty square, not
    where the piece could never move; no pawn drop on a file holding an unpromoted pawn of
    the dropper (nifu); no pawn drop that gives check when the checked side then has no legal
    move (uchifuzume; a pawn that *moves* to mate is fine).
  * A move may not leave the mover's king attacked.  No king is ever captured.

Cancellation Shogi (default), on top of that:
  * Values: P 1, L 3, N 4, S 5, G 6, B 8, R 10, +P +L +N +S 6, +B 10, +R 12; the king none.
  * A capture by the king is an ordinary shogi capture (victim to the king's hand, unpromoted).
  * Any other capture cancels; the capturing piece never stays, and no capture promotes.
      - captor worth more: victim -> captor's hand (unpromoted); remainder vc - vv is the
        mover's, placed by the mover.
      - victim worth more: captor -> the victim owner's hand (unpromoted); remainder vv - vc
        is the victim owner's (the player not on move), placed by him.
      - equal: victim -> captor owner's hand, captor -> victim owner's hand, nothing placed.
  * The remainder is split greedily over the unpromoted non-royal kinds (1 P, 3 L, 4 N, 5 S,
    6 G, 8 B, 10 R): 2 = P+P, 7 = G+P, 9 = B+P, 11 = R+P.  Each value has one kind, so the
    only choice is where further pieces stand.
  * The first piece stands on the capture square, unless it could never move there (a pawn or
    lance on its owner's last rank, a knight on its owner's last two): then it is lost.
  * Each further piece on its own square one king step from the capture square, vacant after
    both pieces left (the captor's origin counts as vacant), not where it could never move.
    Where fewer such squares than further pieces, as many as fit are placed (owner chooses
    which and where); the rest are lost.  Every distinct resulting board is one move.
  * Legality: after the whole capture, placements included, the mover's king must not be
    attacked; choices that would are removed (a capture all of whose choices would, is
    illegal).  Placements may give check or mate.  Nifu does not bar placements.
  * Uchifuzume is judged with the Cancellation Shogi legal moves of the checked side (its
    cancellation captures of the dropped pawn count as escapes).

Cancellation Shogi (reserve of values), option --values (notation/variants/
cancellation-shogi-values.yaml): everything as above but what goes into a hand.  Every piece
that goes to a hand -- the lower-valued piece of a cancellation, both pieces where the values
are equal, and a piece the king captures -- goes as the unpromoted kind whose value equals
the piece's value as it stood on the board: +P +L +N +S as G (6), +B as R (10), an
unpromoted piece as itself.  A dragon (12, no unpromoted kind has it) goes to no hand: it is
lost.  Remainders, placements, promotion, drops are unchanged.

Choices made where the readings leave one (see also the report):
  1. The "as many as fit" count is taken from the squares alone (vacant, not a could-never-
     move square); the king test then removes choices.  The owner may not place fewer pieces
     to avoid a check (as bench/cancellation_reference.py does for Cancellation Chess).  In
     shogi at most one further piece (a pawn) exists, so this only matters when every open
     neighbour of the capture square would leave the mover in check: then the capture is
     illegal, rather than legal with the pawn lost.
  2. A first piece that cannot stand on the capture square is lost; it is not moved to a
     neighbour, and a further piece does not move onto the capture square in its stead.
  3. The capture square itself is not "one king step from" itself: further pieces never go
     there, even when the first piece is lost.
  4. "Could never move" for placement is the rank test of drops (P/L on the owner's last
     rank, N on the last two), whatever blocks the square in front.
  5. Equal-value captures involving promoted pieces (a +P taking a G, a +B taking an R) are
     equal: both to hands (unpromoted), nothing placed.
  6. A pawn dropped with check is uchifuzume only if the checked side has no legal move at
     all (king moves, captures of any kind, drops), computed under the variant's rules.
  7. The owner's choice of placement squares is one move per distinct resulting position;
     with one further pawn this is one move per usable neighbour square.
  8. The remainder's owner is fixed by the values alone (the captured piece's owner when it
     was worth more), and the hand piece is the lower piece's unpromoted kind, whichever
     side moved; nothing else (no promotion, no choice of kind) varies with the capture.
  9. Perft counts legal moves only: a pawn drop that mates is left out.  Fairy-Stockfish's
     legal_moves lists it (and scores it as a loss for the dropper), and so does arbiter's
     perft (its validate refuses it); --uchifuzume-moves counts it, for comparisons.

Move text (as arbiter's perft --divide writes it): `c3c4`, `b2h8+b` (promotion: `+` and the
unpromoted letter in lower case), `P@e5` (drops upper case for both sides), cancellation
`h2h7=B&Pg6` / `c5c6=b&pd6` (remainder letters in their owner's case); a first piece that is
lost writes no `=` (`e8e9&Pd8`).

Usage:
  cancellation_shogi_reference.py [--shogi] FEN DEPTH          perft 1..DEPTH, `depth nodes`
  cancellation_shogi_reference.py [--shogi] --divide FEN DEPTH `move: nodes` sorted, `total N`
  cancellation_shogi_reference.py [--shogi] --moves FEN [--fen] legal moves (and successors)
  cancellation_shogi_reference.py --selftest [--quick]          self-checks (pyffish for shogi)
  option --values: Cancellation Shogi (reserve of values) instead of Cancellation Shogi.
  option --uchifuzume-moves: count pawn drops that mate as moves, as Fairy-Stockfish's
  legal_moves (and arbiter's perft) do; off by default (the readings make them illegal).
FEN: Fairy-Stockfish shogi FEN, e.g.
  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1
(hands `[PPb]`, `[2P]`, `[]` or `[-]`; the hand may also stand as its own field).
"""

import sys
import time

# ------------------------------------------------------------------- board
W = 11
OFF = 100
P, L, N, S, G, B, R, K, TP, TL, TN, TS, HB, DR = range(1, 15)
LETTER = {P: "P", L: "L", N: "N", S: "S", G: "G", B: "B", R: "R", K: "K",
          TP: "+P", TL: "+L", TN: "+N", TS: "+S", HB: "+B", DR: "+R"}
FROM_LETTER = {v: k for k, v in LETTER.items()}
PROMOTE = {P: TP, L: TL, N: TN, S: TS, B: HB, R: DR}
UNPROMOTE = {TP: P, TL: L, TN: N, TS: S, HB: B, DR: R}
BASE = {k: UNPROMOTE.get(k, k) for k in range(1, 15)}
VALUE = {P: 1, L: 3, N: 4, S: 5, G: 6, B: 8, R: 10, K: 0,
         TP: 6, TL: 6, TN: 6, TS: 6, HB: 10, DR: 12}
GOLDS = (G, TP, TL, TN, TS)
HAND_KINDS = (R, B, G, S, N, L, P)  # hand order for FEN output
# remainder kinds: unpromoted, non-royal; value -> kind (one kind per value here)
REM_KIND = {VALUE[k]: k for k in (P, L, N, S, G, B, R)}
REM_VALUES = sorted(REM_KIND, reverse=True)


def sq(f, r):
    return (r + 2) * W + f + 1


SQS = [sq(f, r) for r in range(9) for f in range(9)]
FILE = [-1] * (13 * W)
RANK = [-1] * (13 * W)
for _r in range(9):
    for _f in range(9):
        FILE[sq(_f, _r)] = _f
        RANK[sq(_f, _r)] = _r
K_OFF = (W - 1, W, W + 1, -1, 1, -W - 1, -W, -W + 1)
ORTH = (W, -W, 1, -1)
DIAG = (W + 1, W - 1, -W + 1, -W - 1)


def sqname(s):
    return "abcdefghi"[FILE[s]] + str(RANK[s] + 1)


def steps(kind, side):
    """(step offsets, slide offsets) of a piece of `kind` for side (1 White, -1 Black)."""
    f = W * side
    if kind == P:
        return (f,), ()
    if kind == L:
        return (), (f,)
    if kind == N:
        return (2 * f - 1, 2 * f + 1), ()
    if kind == S:
        return (f - 1, f, f + 1, -f - 1, -f + 1), ()
    if kind in GOLDS:
        return (f - 1, f, f + 1, -1, 1, -f), ()
    if kind == B:
        return (), DIAG
    if kind == R:
        return (), ORTH
    if kind == K:
        return K_OFF, ()
    if kind == HB:
        return ORTH, DIAG
    if kind == DR:
        return DIAG, ORTH
    raise ValueError(kind)


STEPS = {(k, s): steps(k, s) for k in range(1, 15) for s in (1, -1)}

# STEP_ATT[side][o]: signed pieces of `side` standing at target+o that attack target by a step
# SLIDE_ATT[side][d]: signed pieces of `side` that attack along a ray from target in direction d
STEP_ATT = {1: {}, -1: {}}
SLIDE_ATT = {1: {}, -1: {}}
for _s in (1, -1):
    for _k in range(1, 15):
        st, sl = STEPS[(_k, _s)]
        for d in st:
            STEP_ATT[_s].setdefault(-d, set()).add(_s * _k)
        for d in sl:
            SLIDE_ATT[_s].setdefault(-d, set()).add(_s * _k)
STEP_ATT = {s: tuple((o, frozenset(v)) for o, v in STEP_ATT[s].items()) for s in (1, -1)}
SLIDE_ATT = {s: tuple((o, frozenset(v)) for o, v in SLIDE_ATT[s].items()) for s in (1, -1)}


def attacked(b, t, by):
    """Is square t attacked by side `by`?"""
    for o, kinds in STEP_ATT[by]:
        if b[t + o] in kinds:
            return True
    for d, kinds in SLIDE_ATT[by]:
        x = t + d
        p = b[x]
        while p == 0:
            x += d
            p = b[x]
        if p in kinds:
            return True
    return False


def dead(kind, side, s):
    """Could a piece of `kind` of `side` never move from square s? (P/L last rank, N last two)"""
    r = RANK[s] if side == 1 else 8 - RANK[s]
    if kind == P or kind == L:
        return r == 8
    if kind == N:
        return r >= 7
    return False


def in_zone(side, s):
    return RANK[s] >= 6 if side == 1 else RANK[s] <= 2


def split(rem):
    out = []
    while rem > 0:
        for v in REM_VALUES:
            if v <= rem:
                out.append(v)
                rem -= v
                break
    return out


# move kinds
QUIET, CAPTURE, DROP = 0, 1, 2


class Position:
    def __init__(self, fen, cancellation=True, uchifuzume_moves=False, values=False):
        self.cancel = cancellation
        # values: Cancellation Shogi (reserve of values); a piece goes to a hand as the
        # unpromoted kind of its board value (+P/+L/+N/+S -> G, +B -> R, +R lost)
        self.values = values and cancellation
        # uchifuzume_moves: count pawn-drop mates as moves, as Fairy-Stockfish's legal_moves
        # does (it lists them and scores them as a loss for the dropper); for comparisons only
        self.uchi_moves = uchifuzume_moves
        f = fen.split()
        board = f[0]
        hand = ""
        rest = f[1:]
        if "[" in board:
            board, hand = board.split("[", 1)
            hand = hand.rstrip("]")
        elif rest and rest[0].startswith("["):
            hand = rest[0].strip("[]")
            rest = rest[1:]
        b = [OFF] * (13 * W)
        for s in SQS:
            b[s] = 0
        rows = board.split("/")
        if len(rows) != 9:
            raise ValueError(f"bad board {board!r}")
        self.kings = {1: None, -1: None}
        for i, row in enumerate(rows):
            r = 8 - i
            fl = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    n = ch
                    while j + 1 < len(row) and row[j + 1].isdigit():
                        j += 1
                        n += row[j]
                    fl += int(n)
                    j += 1
                    continue
                prom = False
                if ch == "+":
                    prom = True
                    j += 1
                    ch = row[j]
                k = FROM_LETTER[ch.upper()]
                if prom:
                    k = PROMOTE[k]
                col = 1 if ch.isupper() else -1
                if fl > 8:
                    raise ValueError(f"bad row {row!r}")
                s = sq(fl, r)
                b[s] = col * k
                if k == K:
                    self.kings[col] = s
                fl += 1
                j += 1
            if fl != 9:
                raise ValueError(f"bad row {row!r}")
        if self.kings[1] is None or self.kings[-1] is None:
            raise ValueError("each side needs a king")
        self.board = b
        self.hand = {1: [0] * 15, -1: [0] * 15}
        n = ""
        for ch in hand:
            if ch == "-":
                continue
            if ch.isdigit():
                n += ch
                continue
            col = 1 if ch.isupper() else -1
            self.hand[col][FROM_LETTER[ch.upper()]] += int(n) if n else 1
            n = ""
        self.side = 1 if (rest[0] if rest else "w") == "w" else -1
        self.stack = []

    # ---------------------------------------------------------------- FEN
    def fen(self):
        b = self.board
        rows = []
        for r in range(8, -1, -1):
            row, e = "", 0
            for fl in range(9):
                p = b[sq(fl, r)]
                if p == 0:
                    e += 1
                    continue
                if e:
                    row += str(e)
                    e = 0
                t = LETTER[abs(p)]
                row += t if p > 0 else t.lower()
            if e:
                row += str(e)
            rows.append(row)
        h = ""
        for col in (1, -1):
            for k in HAND_KINDS:
                t = LETTER[k] if col == 1 else LETTER[k].lower()
                h += t * self.hand[col][k]
        return f"{'/'.join(rows)}[{h}] {'w' if self.side == 1 else 'b'} - - 0 1"

    def key(self):
        return (tuple(self.board), tuple(self.hand[1]), tuple(self.hand[-1]), self.side)

    # --------------------------------------------------------- generation
    def pseudo(self):
        """Pseudo-legal moves: (frm, to, writes, hands, kind, promo, first, extras, drop)
        writes: ((square, new value), ...); hands: ((side, kind, delta), ...)."""
        b = self.board
        s = self.side
        out = []
        app = out.append
        for frm in SQS:
            p = b[frm]
            if p * s <= 0:
                continue
            a = p * s
            st, sl = STEPS[(a, s)]
            targets = [frm + d for d in st]
            for d in sl:
                t = frm + d
                while b[t] == 0:
                    targets.append(t)
                    t += d
                targets.append(t)
            can_prom = a in PROMOTE
            from_zone = in_zone(s, frm)
            for t in targets:
                v = b[t]
                if v == OFF or v * s > 0:
                    continue
                if v == 0:
                    if can_prom and (from_zone or in_zone(s, t)):
                        app((frm, t, ((frm, 0), (t, s * PROMOTE[a])), (), QUIET, True, 0, (),
                             0))
                    if not dead(a, s, t):
                        app((frm, t, ((frm, 0), (t, p)), (), QUIET, False, 0, (), 0))
                    continue
                if v == -s * K:
                    continue  # a king is never captured
                av = -v * s
                hk = self.hand_kind
                if not self.cancel or a == K:
                    hands = self.hands(((s, hk(av)),))
                    if can_prom and (from_zone or in_zone(s, t)):
                        app((frm, t, ((frm, 0), (t, s * PROMOTE[a])), hands, CAPTURE, True, 0,
                             (), 0))
                    if not dead(a, s, t):
                        app((frm, t, ((frm, 0), (t, p)), hands, CAPTURE, False, 0, (), 0))
                    continue
                vc, vv = VALUE[a], VALUE[av]
                if vc == vv:
                    app((frm, t, ((frm, 0), (t, 0)), self.hands(((s, hk(av)), (-s, hk(a)))),
                         CAPTURE, False, 0, (), 0))
                    continue
                if vc > vv:
                    owner, rem, hands = s, vc - vv, self.hands(((s, hk(av)),))
                else:
                    owner, rem, hands = -s, vv - vc, self.hands(((-s, hk(a)),))
                for first, extras in self.outcomes(owner, rem, frm, t):
                    app((frm, t, ((frm, 0), (t, first)) + extras, hands, CAPTURE, False, first,
                         extras, 0))
        # drops
        hand = self.hand[s]
        kinds = [k for k in HAND_KINDS if hand[k]]
        if kinds:
            pawn_files = set()
            for x in SQS:
                if b[x] == s * P:
                    pawn_files.add(FILE[x])
            for t in SQS:
                if b[t]:
                    continue
                for k in kinds:
                    if dead(k, s, t):
                        continue
                    if k == P and FILE[t] in pawn_files:
                        continue
                    app((0, t, ((t, s * k),), ((s, k, -1),), DROP, False, 0, (), k))
        return out

    def hand_kind(self, kind):
        """The kind a captured/cancelled piece of `kind` goes to a hand as (None: lost)."""
        if self.values:
            return REM_KIND.get(VALUE[kind])
        return BASE[kind]

    @staticmethod
    def hands(pairs):
        """((side, kind or None), ...) -> hand deltas, a None kind (lost) left out."""
        return tuple((side, k, 1) for side, k in pairs if k is not None)

    def outcomes(self, owner, rem, frm, t):
        """Placements of remainder `rem` of side `owner` for a capture frm -> t, as a list of
        (first signed piece or 0, ((square, signed piece), ...))."""
        b = self.board
        vals = split(rem)
        k0 = REM_KIND[vals[0]]
        first = 0 if dead(k0, owner, t) else owner * k0
        rest = [REM_KIND[v] for v in vals[1:]]
        if not rest:
            return [(first, ())]
        nbrs = [t + d for d in K_OFF if b[t + d] == 0 or (t + d == frm)]
        nbrs = [x for x in nbrs if b[x] != OFF]
        found = set()
        best = [0]

        def rec(i, left, acc):
            # left: multiset (list) of kinds still to place
            if i == len(nbrs) or not left:
                if len(acc) > best[0]:
                    best[0] = len(acc)
                found.add(frozenset(acc))
                return
            x = nbrs[i]
            for k in set(left):
                if dead(k, owner, x):
                    continue
                nl = list(left)
                nl.remove(k)
                rec(i + 1, nl, acc + [(x, owner * k)])
            rec(i + 1, left, acc)

        rec(0, rest, [])
        extras = sorted(tuple(sorted(e)) for e in found if len(e) == best[0])
        return [(first, e) for e in extras]

    def push(self, m):
        b = self.board
        s = self.side
        writes, hands = m[2], m[3]
        olds = [b[x] for x, _ in writes]
        ks = self.kings[s]
        if m[4] != DROP and b[m[0]] == s * K:
            self.kings[s] = m[1]
        self.stack.append((m, olds, ks))
        for x, v in writes:
            b[x] = v
        for side, k, d in hands:
            self.hand[side][k] += d
        self.side = -s

    def pop(self):
        m, olds, ks = self.stack.pop()
        b = self.board
        for (x, _), o in zip(m[2], olds):
            b[x] = o
        for side, k, d in m[3]:
            self.hand[side][k] -= d
        self.side = s = -self.side
        self.kings[s] = ks

    def legal_moves(self):
        s = self.side
        b = self.board
        out = []
        for m in self.pseudo():
            writes = m[2]
            olds = [b[x] for x, _ in writes]
            for x, v in writes:
                b[x] = v
            k = self.kings[s]
            if m[4] != DROP and olds[0] == s * K:
                k = m[1]
            bad = attacked(b, k, -s)
            # uchifuzume: a pawn drop giving check that leaves the opponent no legal move
            check_drop = (not bad and m[4] == DROP and m[8] == P and not self.uchi_moves
                          and m[1] + W * s == self.kings[-s])
            for (x, _), o in zip(writes, olds):
                b[x] = o
            if bad:
                continue
            if check_drop:
                self.push(m)
                mate = not self.has_legal_move()
                self.pop()
                if mate:
                    continue
            out.append(m)
        return out

    def has_legal_move(self):
        s = self.side
        b = self.board
        for m in self.pseudo():
            writes = m[2]
            olds = [b[x] for x, _ in writes]
            for x, v in writes:
                b[x] = v
            k = self.kings[s]
            if m[4] != DROP and olds[0] == s * K:
                k = m[1]
            bad = attacked(b, k, -s)
            for (x, _), o in zip(writes, olds):
                b[x] = o
            if not bad:
                if (m[4] == DROP and m[8] == P and not self.uchi_moves
                        and m[1] + W * s == self.kings[-s]):
                    # a pawn drop mating back would itself be uchifuzume; decide it properly
                    self.push(m)
                    mate = not self.has_legal_move()
                    self.pop()
                    if mate:
                        continue
                return True
        return False

    def in_check(self):
        return attacked(self.board, self.kings[self.side], -self.side)

    # ---------------------------------------------------------- move text
    def text(self, m):
        frm, to, writes, hands, kind, promo, first, extras, drop = m
        if kind == DROP:
            return LETTER[drop] + "@" + sqname(to)
        t = sqname(frm) + sqname(to)
        if promo:
            t += "+" + LETTER[abs(self.board[frm])].lower()
        if first:
            lt = LETTER[abs(first)]
            t += "=" + (lt if first > 0 else lt.lower())
        for x, pc in sorted(extras, key=lambda e: (-VALUE[abs(e[1])], FILE[e[0]], RANK[e[0]])):
            lt = LETTER[abs(pc)]
            t += "&" + (lt if pc > 0 else lt.lower()) + sqname(x)
        return t


# ------------------------------------------------------------------- perft
def perft(pos, depth):
    moves = pos.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    n = 0
    for m in moves:
        pos.push(m)
        n += perft(pos, depth - 1)
        pos.pop()
    return n


def divide(pos, depth):
    rows = []
    for m in pos.legal_moves():
        t = pos.text(m)
        pos.push(m)
        rows.append((t, perft(pos, depth - 1)))
        pos.pop()
    return rows


# ---------------------------------------------------------------- selftest
def selftest(quick=False):
    start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    want = [30, 900, 25470, 719731]
    for d, n in enumerate(want[:3] if quick else want, 1):
        t0 = time.time()
        got = perft(Position(start, False), d)
        assert got == n, (d, got, n)
        print(f"shogi start perft {d} = {got} ok ({time.time() - t0:.1f}s)", flush=True)

    cancellation_selftest()

    import random
    import pyffish

    def fs_key(fen):
        return Position(fen, False).key()

    def fs_perft(f, d):
        ms = pyffish.legal_moves("shogi", f, [])
        if d == 1:
            return len(ms)
        return sum(fs_perft(pyffish.get_fen("shogi", f, [x]), d - 1) for x in ms)

    def compare(fen, depth=2):
        """Depth-`depth` perft divided by successor position, mine vs Fairy-Stockfish.
        Fairy-Stockfish's legal_moves lists a pawn drop that mates (and scores it as a loss
        for the dropper instead), so the comparison runs with uchifuzume_moves=True; the
        drops that option adds are checked to be exactly pawn drops that mate."""
        pos = Position(fen, False, uchifuzume_moves=True)
        mine = {}
        for m in pos.legal_moves():
            pos.push(m)
            k = pos.key()
            mine[k] = mine.get(k, 0) + perft(pos, depth - 1)
            pos.pop()
        fsfen = pos.fen()
        theirs = {}
        for mv in pyffish.legal_moves("shogi", fsfen, []):
            nf = pyffish.get_fen("shogi", fsfen, [mv])
            k = fs_key(nf)
            theirs[k] = theirs.get(k, 0) + (fs_perft(nf, depth - 1) if depth > 1 else 1)
        if mine != theirs:
            diff = [k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k)]
            raise AssertionError(f"{fen}: {len(mine)} vs {len(theirs)} successors; "
                                 f"{sum(mine.values())} vs {sum(theirs.values())}; "
                                 f"{len(diff)} differ")
        # the rule proper: the moves uchifuzume_moves added are pawn drops that mate
        strict = Position(fen, False)
        loose = {strict.text(m) for m in pos.legal_moves()}
        proper = {strict.text(m) for m in strict.legal_moves()}
        assert proper <= loose
        for t in loose - proper:
            assert t.startswith("P@"), t
            m = [x for x in pos.legal_moves() if pos.text(x) == t][0]
            pos.push(m)
            assert pos.in_check() and not pos.legal_moves(), t
            pos.pop()
            assert pyffish.game_result("shogi", fsfen, [t]) > 0, t  # FS: the dropper loses
        return sum(mine.values()), sorted(loose - proper)

    hand_made = [
        # uchifuzume: P@e8 would mate (king e9 boxed by its lances, e8/d8/f8 covered by the
        # gold e7); P@e8 is refused, other drops are fine
        "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1",
        "8k/9/7G1/4B4/9/9/9/9/4K4[P] w - - 0 1",
        # the same, but the drop is answered: a black silver h9 takes i8
        "7sk/9/7G1/4B4/9/9/9/9/4K4[P] w - - 0 1",
        # pawn drop check that is not mate (king can take)
        "4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1",
        # nifu, forced promotions, drops on last ranks
        "4k4/P1P6/1L7/2N6/9/9/9/9/4K4[PLNplnsgbr] w - - 0 1",
        "4k4/9/9/9/9/9/6n2/1p5l1/4K4[PLNplnsgbr] b - - 0 1",
        # promoted pieces on the board, check answered by drops
        "lnsgk2nl/1r3+R3/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/7+b1/LNSGKGSNL[Bs] b - - 0 1",
        "ln1g3nl/1r2k4/p1+Pspp1pp/2p3p2/1p7/2P1+B4/PP1PPPPPP/7R1/LNSGKGSNL[BSgp] w - - 0 1",
    ]
    for fen in hand_made:
        n, uchi = compare(fen)
        print(f"pyffish depth 2 ok: {n:7d}  {fen}" + (f"  (uchifuzume: {' '.join(uchi)})"
                                                       if uchi else ""), flush=True)
    # midgame positions from seeded random play (Fairy-Stockfish's own moves)
    rng = random.Random(11)
    fen0 = pyffish.start_fen("shogi")
    picked = 0
    for g in range(40 if not quick else 10):
        f = fen0
        plies = rng.randrange(20, 90)
        for _ in range(plies):
            ms = pyffish.legal_moves("shogi", f, [])
            if not ms:
                break
            caps = [x for x in ms if "+" in x or "@" in x]
            mv = rng.choice(caps) if caps and rng.random() < 0.3 else rng.choice(ms)
            f = pyffish.get_fen("shogi", f, [mv])
        p = Position(f, False)
        has_hand = any(p.hand[1]) or any(p.hand[-1])
        has_prom = any(abs(x) > K and x != OFF for x in p.board)
        if has_hand and (has_prom or g % 3 == 0):
            n, _ = compare(p.fen())
            picked += 1
            print(f"pyffish depth 2 ok: {n:7d}  {p.fen()}", flush=True)
    assert picked >= 5, picked
    print("selftest: ok")


def cancellation_selftest():
    """Hand-checked Cancellation Shogi captures, one reading each."""

    def moves(fen, prefix="", uchi=False):
        pos = Position(fen, True, uchi)
        out = {}
        for m in pos.legal_moves():
            t = pos.text(m)
            if t.startswith(prefix):
                pos.push(m)
                out[t] = pos.fen()
                pos.pop()
        return out

    # low takes high: the white pawn e5 takes the black rook e6; 9 = B + P, Black's, placed
    # by Black; the pawn goes to Black's hand.  A black pawn on e5 would check the king e4,
    # so that square is open to neither player; on g6 a black bishop would check the king
    # unless the black pawn stands on f5 and blocks.
    f = "4k4/9/9/4r1r2/4P1P2/4K4/9/9/9[] w - - 0 1"
    got = moves(f, "e5e6")
    assert set(got) == {f"e5e6=b&p{x}" for x in ("d5", "d6", "d7", "e7", "f5", "f6", "f7")}, got
    assert got["e5e6=b&pd5"] == "4k4/9/9/4b1r2/3p2P2/4K4/9/9/9[p] b - - 0 1"
    assert set(moves(f, "g5g6")) == {"g5g6=b&pf5"}
    # the rook takes the pawn: 9 = B + P, the mover's; the pawn to the mover's hand
    got = moves(f.replace(" w ", " b "), "e6e5")
    assert set(got) == {f"e6e5=b&p{x}" for x in ("d4", "d5", "d6", "e6", "f4", "f5", "f6")}, got
    assert got["e6e5=b&pe6"] == "4k4/9/9/4p1r2/4b1P2/4K4/9/9/9[p] w - - 0 1"
    # equal values (a tokin and a gold, two bishops): both to opposite hands, nothing placed
    f = "4k4/4g4/4+P4/9/9/9/2b6/9/B4K3[] w - - 0 1"
    got = moves(f)
    assert got["e7e8"] == "4k4/9/9/9/9/9/2b6/9/B4K3[Gp] b - - 0 1"
    assert got["a1c3"] == "4k4/4g4/4+P4/9/9/9/9/9/5K3[Bb] b - - 0 1"
    # two pieces and one open neighbour (the square the rook passed): B e5, P e4
    got = moves("3gk4/9/9/3sgs3/3ppp3/3g1s3/4R4/9/4K4[] w - - 0 1", "e3")
    assert {t for t in got if "=" in t} == {"e3e5=B&Pe4"}, got
    # no open neighbour but b9, White's last rank: the pawn of 9 = B + P is lost
    got = moves("R1pgk4/1sss5/9/9/9/9/9/9/4K4[] w - - 0 1", "a9c9")
    assert got == {"a9c9=B": "2Bgk4/1sss5/9/9/9/9/9/9/4K4[P] b - - 0 1"}, got
    # near the owner's last rank: L x P on c9 leaves 2 = P + P, the first lost on rank 9;
    # S x P on e9 leaves a knight that cannot stand on rank 9 (lost); the white pawn e1
    # taking the black silver e2 leaves Black a knight that cannot stand on rank 2 (lost)
    f = "2p1pk3/3S5/2L6/9/9/9/9/4s4/4P3K[] w - - 0 1"
    got = moves(f)
    assert {t for t in got if t.startswith("c7c9")} == {"c7c9&Pb8", "c7c9&Pc8"}, got
    assert got["d8e9"] == "2p2k3/9/2L6/9/9/9/9/4s4/4P3K[P] b - - 0 1"
    assert got["e1e2"] == "2p1pk3/3S5/2L6/9/9/9/9/9/8K[p] b - - 0 1"
    # promoted captors: tokin x rook (4 = black N, the tokin to Black's hand as a pawn),
    # horse x silver (5 = S), dragon x rook (2 = P + P, the rook to White's hand)
    f = "4k4/9/+R3rs3/4+P4/7+B1/9/9/9/4K4[] w - - 0 1"
    got = moves(f)
    assert got["e6e7=n"] == "4k4/9/+R3ns3/9/7+B1/9/9/9/4K4[p] b - - 0 1"
    assert got["h5f7=S"] == "4k4/9/+R3rS3/4+P4/9/9/9/9/4K4[S] b - - 0 1"
    assert {t for t in got if t.startswith("a7e7")} == {
        f"a7e7=P&P{x}" for x in ("d6", "d7", "d8", "e8", "f6", "f8")}, got
    assert not any(t.startswith(("e6e7+", "a7e7+", "h5f7+")) for t in got)  # no promotion
    # the king captures as in shogi
    got = moves("4k4/4P4/9/9/9/9/9/9/4K4[] b - - 0 1", "e9e8")
    assert got == {"e9e8": "9/4k4/9/9/9/9/9/9/4K4[p] w - - 0 1"}, got
    # uchifuzume: P@i8 mates (refused); with a black silver h9 the silver's cancellation
    # capture of the pawn answers it, so the drop is legal
    assert "P@i8" not in moves("8k/9/7G1/4B4/9/9/9/9/4K4[P] w - - 0 1")
    assert "P@i8" in moves("8k/9/7G1/4B4/9/9/9/9/4K4[P] w - - 0 1", uchi=True)
    assert "P@i8" in moves("7sk/9/7G1/4B4/9/9/9/9/4K4[P] w - - 0 1")
    assert "h9i8=n" in moves("7sk/8P/7G1/4B4/9/9/9/9/4K4[] b - - 0 1")
    # nifu does not bar placements: R x P on e5 (9 = B + P), the pawn may go to e4 with a
    # white pawn on e3
    got = moves("4k4/9/9/9/3Rp4/9/4P4/9/4K4[] w - - 0 1", "d5e5")
    assert "d5e5=B&Pe4" in got and "d5e5=B&Pd5" in got, got
    # start position: depths 1-3 (arbiter-independent figures, checked by hand in part:
    # at ply 3 B x B is one move, B x P on g7 is 7 = G + P with five squares for the pawn)
    st = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    assert [perft(Position(st), d) for d in (1, 2, 3)] == [30, 900, 25551]
    # reserve of values (--values): a piece goes to a hand as the unpromoted kind of its
    # board value; a dragon (12) is lost
    def vmoves(fen, prefix=""):
        pos = Position(fen, True, False, True)
        out = {}
        for m in pos.legal_moves():
            t = pos.text(m)
            if t.startswith(prefix):
                pos.push(m)
                out[t] = pos.fen()
                pos.pop()
        return out
    f = "4k4/9/+R3rs3/4+P4/7+B1/9/9/9/4K4[] w - - 0 1"
    got = vmoves(f)
    assert got["e6e7=n"] == "4k4/9/+R3ns3/9/7+B1/9/9/9/4K4[g] b - - 0 1"  # tokin as G
    assert got["h5f7=S"] == "4k4/9/+R3rS3/4+P4/9/9/9/9/4K4[S] b - - 0 1"
    assert got["a7e7=P&Pd6"] == "4k4/9/4Ps3/3P+P4/7+B1/9/9/9/4K4[R] b - - 0 1"
    assert vmoves("4k4/4g4/4+P4/9/9/9/9/9/4K4[] w - - 0 1", "e7e8") == {
        "e7e8": "4k4/9/9/9/9/9/9/9/4K4[Gg] b - - 0 1"}
    assert vmoves("4k4/9/9/9/9/9/r8/+B8/5K3[] w - - 0 1", "a2a3") == {
        "a2a3": "4k4/9/9/9/9/9/9/9/5K3[Rr] b - - 0 1"}  # +B = R: both as rooks
    got = vmoves("4k4/9/9/9/9/9/+r8/+B8/5K3[] w - - 0 1", "a2a3")
    assert got["a2a3=p&pa2"] == "4k4/9/9/9/9/9/p8/p8/5K3[r] b - - 0 1"  # horse as R
    assert vmoves("4k4/4+B4/9/9/9/9/9/9/4K4[] b - - 0 1", "e9e8") == {
        "e9e8": "9/4k4/9/9/9/9/9/9/4K4[r] w - - 0 1"}
    assert vmoves("4k4/4+R4/9/9/9/9/9/9/4K4[] b - - 0 1", "e9e8") == {
        "e9e8": "9/4k4/9/9/9/9/9/9/4K4[] w - - 0 1"}  # a dragon is lost
    assert vmoves("+R8/9/9/9/4k4/9/+r8/9/5K3[] w - - 0 1", "a9a3") == {
        "a9a3": "9/9/9/9/4k4/9/9/9/5K3[] b - - 0 1"}  # dragon x dragon: both lost
    print("cancellation selftest: ok", flush=True)


# -------------------------------------------------------------------- main
def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if "--selftest" in argv:
        selftest(quick="--quick" in argv)
        return 0
    cancel, mode, show_fen, uchi, values = True, "perft", False, False, False
    args = []
    for a in argv:
        if a == "--shogi":
            cancel = False
        elif a == "--uchifuzume-moves":
            uchi = True
        elif a == "--values":
            values = True
        elif a == "--divide":
            mode = "divide"
        elif a == "--moves":
            mode = "moves"
        elif a == "--fen":
            show_fen = True
        else:
            args.append(a)
    if mode == "moves":
        pos = Position(" ".join(args), cancel, uchi, values)
        rows = []
        for m in pos.legal_moves():
            t = pos.text(m)
            if show_fen:
                pos.push(m)
                t += "  " + pos.fen()
                pos.pop()
            rows.append(t)
        for t in sorted(rows):
            print(t)
        print(f"total {len(rows)}")
        return 0
    if len(args) < 2:
        print("need FEN and DEPTH", file=sys.stderr)
        return 2
    depth = int(args[-1])
    pos = Position(" ".join(args[:-1]), cancel, uchi, values)
    if mode == "divide":
        t0 = time.time()
        rows = divide(pos, depth)
        for t, n in sorted(rows):
            print(f"{t}: {n}")
        print(f"total {sum(n for _, n in rows)}")
        print(f"({time.time() - t0:.1f}s)", file=sys.stderr)
        return 0
    for d in range(1, depth + 1):
        t0 = time.time()
        print(f"{d} {perft(pos, d)}", flush=True)
        print(f"  ({time.time() - t0:.1f}s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
