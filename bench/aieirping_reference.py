#!/usr/bin/env python3
"""Independent reference implementation of Aieirping Chess (zzo38 A. Black, 2006).

Written from notation/variants/aieirping.yaml (its `interpretation` readings, word for
word), the seed text and notation/SPEC.md (sections 2-4 for the record, 8 for FEN) alone,
WITHOUT reading arbiter's code, tests or other bench scripts, to cross-check arbiter's
engine.  Python 3, standard library only.

Which reading each part implements (the readings are quoted by their `quote` key):

* Board, files and setup ("+OUNNROMEHAJSIFKFISJAHEMORNNUO= ..."): 29 files a..w, y, z, a',
  b', c', d' by 14 ranks; the setup is the seed's drawing as the reading says (which differs
  from the YAML's `setup:` FEN on rank 6, see SETUP); `*` cells are walls.  `FILES`,
  `parse_fen`, `fen_of`.
* Halves ("+OUNNROMEHAJSIFKFISJAHEMORNNUO="): ranks 8-14 are White's half, 1-7 Black's.
  `own_half`.
* Sides ("Pawn in chess, but no initial double move."): upper case is White, moves first,
  forward = towards rank 1; Black's forward towards rank 14.  `FWD`, `LAST_ROW`.
* Walls ("[*] This is a wall..."): riders stop before walls, leapers jump over them but never
  land on one, nothing captures a wall.  `_ride`, `_leap`.
* K ("[K] As king in chess..."): steps, no check, king capture wins, no castling.
* P ("[P] Pawn..."): one step forward to empty, diagonal forward capture, no double step,
  forced promotion to Q on the last rank (`=Q`).
* Z ("[Z] Any distance straight forward."): fR, forced promotion to R (`=R`).
* A (fRbB), B, N, Q, R, M (BN), O (W), Y (bWfF): plain Betza movers (`_plain_targets`).
* X ("[X] As queen, but does not move except to capture."): cQ only.  `_targets` 'X'.
* H / U ("[H] As knight on your side...", "[U] As a rook..."): judged by the half the piece
  stands on when the move begins.
* E ("[E] Moves as knight, but can capture opponent's king..."): N, plus capturing the enemy
  king as the first piece on a queen line.
* S ("[S] Move as queen or knight, but cannot capture opponent..."): mQmN to empty cells,
  captures only its own pieces (the king included), as first piece on a queen line or on a
  knight cell.
* T ("[T] Switches places..."): switch with an own non-king piece on its rank/file with
  nothing (piece or wall) between; no P/Z brought onto its last rank; neither side held.
* I ("[I] Rook, but if capturing, put captured piece..."): R; a capture places the captured
  piece, converted, on any vacant cell after the capture (origin included) except a P/Z on
  its new owner's last rank; nothing placed when the capture ended the game.
* J ("[J] Moves one space..."): K-step mover; an enemy piece on any of the 8 neighbours is
  held and has no action at all (no move, no wall, no switch, not switched with).
  `held_set`.
* D ("[D] Move as bishop, and then mark all orthogonally adjacent squares as walls."):
  bishop move, then every vacant orthogonal neighbour walled, each wall an action, any
  order (k! sequences); none after a game-ending capture.
* L ("[L] Move as rook, and then mark a vacant horizontally adjacent space as a wall."):
  rook move, then one wall on a vacant left/right neighbour (origin included) where one is
  vacant.
* F ("[F] Moves as a knight, or you can mark a vacant adjacent space as a wall."): knight
  move, or a wall alone on one of its 8 vacant neighbours; the wall `*e5` is one action
  whichever F made it (deduplicated).
* Losses ("You lose if you cannot make a move..."): king captured; no P and no Q left (both
  judged after every action, ending the game at once, the rest of the turn not made); no
  legal action when a turn begins (judged after the material losses).  `_end_of_capture`,
  `Game`.
* Draws (second reading of the same quote): fivefold repetition and 75 moves (150 turns
  without capture or pawn move; a wall does not reset) end the game as a draw in `random`
  and `replay`; perft ignores them.  The halfmove clock restarts on a capture or a pawn's
  own move (promotion included) or a T's switch that moves a pawn, not on a wall.
* Perft counts every distinct action sequence of a complete turn (a D's k! wall orders,
  one per I placement cell, an F wall once per cell); a position where the game is over
  (including a root FEN without a king or without pawn and queen) counts 0 turns.

Commands: perft FEN DEPTH | divide FEN DEPTH | random SEED PLIES | fen SEED PLIES |
replay FILE | selftest.  FEN may be `startpos` (the seed's drawing, see SETUP) or
`yamlstart` (the YAML's literal setup FEN, which differs on rank 6).  Options (anywhere):
--tt-both counts a switch of two T's once per T (`Ta<>Tb` and `Tb<>Ta` as two actions)
instead of once; --yaml-setup makes `startpos` (and games without a FEN tag) the YAML's
literal setup FEN; --by-move makes `random` and `fen` choose each turn uniformly among
the distinct first actions (piece and destination), then among their completions,
instead of uniformly among all complete action sequences; --fen makes `replay` print
each game's final FEN after its verdict.
"""

import math
import random as _random
import re
import sys

# ---------------------------------------------------------------- board geometry

NF, NR = 29, 14
PAD = 2
W = NF + 2 * PAD
H = NR + 2 * PAD
SIZE = W * H
OFF, EMPTY, WALL = '#', '.', '*'

LETTERS = [chr(c) for c in range(ord('a'), ord('z') + 1) if chr(c) != 'x']  # 25 letters
FILES = [LETTERS[i % 25] + "'" * (i // 25) for i in range(NF)]
FILE_INDEX = {f: i for i, f in enumerate(FILES)}


def idx(f, r):
    """f: 0..28 (a..d'), r: 0..13 (rank 1..14)."""
    return (r + PAD) * W + f + PAD


def f_of(i):
    return i % W - PAD


def r_of(i):
    return i // W - PAD


def sqname(i):
    return FILES[f_of(i)] + str(r_of(i) + 1)


SQ_RE = r"[a-wyz]'*\d+"


def parse_sq(s):
    m = re.fullmatch(r"([a-wyz]'*)(\d+)", s)
    if not m or m.group(1) not in FILE_INDEX:
        return None
    r = int(m.group(2))
    if not 1 <= r <= NR:
        return None
    return idx(FILE_INDEX[m.group(1)], r - 1)


CELLS = [idx(f, r) for r in range(NR) for f in range(NF)]
ORTH = (1, -1, W, -W)
DIAG = (W + 1, W - 1, -W + 1, -W - 1)
QUEEN = ORTH + DIAG
KNIGHT = (2 * W + 1, 2 * W - 1, -2 * W + 1, -2 * W - 1, W + 2, W - 2, -W + 2, -W - 2)

# White (upper case) moves down the board (towards rank 1), Black up.
FWD = {True: -W, False: W}
LAST_ROW = {True: 0, False: NR - 1}   # rank 1 for White, rank 14 for Black

NAMES = {
    'A': 'advancer', 'B': 'bishop', 'D': 'wall bishop', 'E': 'hunter', 'F': 'wall knight',
    'H': 'half knight', 'I': 'converter', 'J': 'jailer', 'K': 'king', 'L': 'wall rook',
    'M': 'knight bishop', 'N': 'knight', 'O': 'wazir', 'P': 'pawn', 'Q': 'queen', 'R': 'rook',
    'S': 'friend eater', 'T': 'switcher', 'U': 'half rook', 'X': 'capturing queen',
    'Y': 'yeoman', 'Z': 'forward rook'}

# The setup.  The YAML's `setup:` FEN first wrote rank 6 as `17**10` (walls on r6 and s6),
# but the seed's drawing has `=................**...........+` there (16 empty cells: walls
# on q6 and r6), and the first reading says "The setup is the seed's drawing as it stands ...
# The drawing is symmetric under a half turn of the board (walls included)": rank 9 has its
# walls on l9 and m9, whose half-turn images are r6 and q6.  This reference found it; the
# YAML now writes the drawing.  `startpos` is the drawing (SETUP); `yamlstart` (or the
# option --yaml-setup) is the FEN the YAML first had, kept to reproduce the finding.
SETUP = ("OUNNROMEHAJSIFKFISJAHEMORNNUO/LXOZLXOZLXOZYOTOYZOXLZOXLZOXL/TD11BQB11DT/"
         "PPPPPPPPPPPPPPPPPPPPPPPPPPPPP/29/11**16/p10*1***1**9p/P9**1***1*10P/16**11/29/"
         "ppppppppppppppppppppppppppppp/td11bqb11dt/lxozlxozlxozyotoyzoxlzoxlzoxl/"
         "ounnromehajsifkfisjahemornnuo w - - 0 1")
YAML_SETUP = ("OUNNROMEHAJSIFKFISJAHEMORNNUO/LXOZLXOZLXOZYOTOYZOXLZOXLZOXL/TD11BQB11DT/"
              "PPPPPPPPPPPPPPPPPPPPPPPPPPPPP/29/11**16/p10*1***1**9p/P9**1***1*10P/17**10/29/"
              "ppppppppppppppppppppppppppppp/td11bqb11dt/lxozlxozlxozyotoyzoxlzoxlzoxl/"
              "ounnromehajsifkfisjahemornnuo w - - 0 1")
START = {'startpos': SETUP, 'yamlstart': YAML_SETUP}


def side_name(white):
    return 'White' if white else 'Black'


def is_side(c, white):
    return c.isalpha() and c.isupper() == white


def own_half(i, white):
    """Reading on the halves: ranks 8-14 are White's half, 1-7 Black's."""
    r = r_of(i)
    return r >= 7 if white else r <= 6


# ---------------------------------------------------------------- FEN

class FenError(ValueError):
    pass


def empty_board():
    b = [OFF] * SIZE
    for i in CELLS:
        b[i] = EMPTY
    return b


def parse_fen(fen):
    fen = START.get(fen.strip(), fen)
    parts = fen.split()
    if not parts:
        raise FenError('empty FEN')
    rows = parts[0].split('/')
    if len(rows) != NR:
        raise FenError('the board has %d ranks, not %d' % (len(rows), NR))
    b = empty_board()
    for ri, row in enumerate(rows):
        r = NR - 1 - ri
        f = 0
        for m in re.finditer(r"\d+|[A-Za-z*]|.", row):
            t = m.group(0)
            if t.isdigit():
                f += int(t)
                continue
            if t == '*':
                c = WALL
            elif t.isalpha() and t.upper() in NAMES:
                c = t
            else:
                raise FenError('unknown cell %r in rank %d' % (t, r + 1))
            if f >= NF:
                raise FenError('rank %d has more than %d cells' % (r + 1, NF))
            b[idx(f, r)] = c
            f += 1
        if f != NF:
            raise FenError('rank %d has %d cells, not %d' % (r + 1, f, NF))
    side = parts[1] if len(parts) > 1 else 'w'
    if side not in ('w', 'b'):
        raise FenError('side to move %r' % side)
    half = int(parts[4]) if len(parts) > 4 else 0
    full = int(parts[5]) if len(parts) > 5 else 1
    return b, side == 'w', half, full


def board_fen(b):
    rows = []
    for r in range(NR - 1, -1, -1):
        s, n = '', 0
        for f in range(NF):
            c = b[idx(f, r)]
            if c == EMPTY:
                n += 1
                continue
            if n:
                s += str(n)
                n = 0
            s += c
        if n:
            s += str(n)
        rows.append(s)
    return '/'.join(rows)


def fen_of(b, white, half, full):
    return '%s %s - - %d %d' % (board_fen(b), 'w' if white else 'b', half, full)


# ---------------------------------------------------------------- move generation

def held_set(b, white):
    """Reading [J]: the pieces of `white` standing next to an opponent's J (8 cells)."""
    ej = 'j' if white else 'J'
    held = set()
    for s in CELLS:
        if b[s] == ej:
            for d in QUEEN:
                if is_side(b[s + d], white):
                    held.add(s + d)
    return held


def _ride(b, s, dirs, white, out):
    """Rider: empty cells, then the first piece if it is the opponent's.  Walls stop it."""
    for d in dirs:
        t = s + d
        while b[t] == EMPTY:
            out.append(t)
            t += d
        if is_side(b[t], not white):
            out.append(t)


def _leap(b, s, dirs, white, out):
    """Leaper: jumps over anything, lands on an empty cell or an opponent's piece."""
    for d in dirs:
        t = s + d
        c = b[t]
        if c == EMPTY or is_side(c, not white):
            out.append(t)


def _plain_targets(b, s, k, white):
    """Destinations of the pieces that move and capture alike (plus H/U by half)."""
    out = []
    fwd = FWD[white]
    if k in 'BD':
        _ride(b, s, DIAG, white, out)
    elif k in 'RLI':
        _ride(b, s, ORTH, white, out)
    elif k == 'Q':
        _ride(b, s, QUEEN, white, out)
    elif k == 'M':
        _ride(b, s, DIAG, white, out)
        _leap(b, s, KNIGHT, white, out)
    elif k in 'NFE':
        _leap(b, s, KNIGHT, white, out)
    elif k in 'JK':
        _leap(b, s, QUEEN, white, out)
    elif k == 'O':
        _leap(b, s, ORTH, white, out)
    elif k == 'A':
        _ride(b, s, (fwd, -fwd + 1, -fwd - 1), white, out)
    elif k == 'Y':
        _leap(b, s, (-fwd, fwd + 1, fwd - 1), white, out)
    elif k == 'Z':
        _ride(b, s, (fwd,), white, out)
    elif k == 'H':
        if own_half(s, white):
            _leap(b, s, KNIGHT, white, out)
        else:
            _ride(b, s, QUEEN, white, out)
    elif k == 'U':
        _ride(b, s, ORTH if own_half(s, white) else DIAG, white, out)
    return out


def _targets(b, s, k, white):
    """All destinations of the piece at s (captures as the piece captures), ignoring J."""
    fwd = FWD[white]
    if k == 'P':
        out = []
        if b[s + fwd] == EMPTY:
            out.append(s + fwd)
        for d in (fwd + 1, fwd - 1):
            if is_side(b[s + d], not white):
                out.append(s + d)
        return out
    if k == 'X':
        out = []
        for d in QUEEN:
            t = s + d
            while b[t] == EMPTY:
                t += d
            if is_side(b[t], not white):
                out.append(t)
        return out
    if k == 'S':
        out = []
        for d in QUEEN:
            t = s + d
            while b[t] == EMPTY:
                out.append(t)
                t += d
            if is_side(b[t], white):
                out.append(t)
        for d in KNIGHT:
            t = s + d
            if b[t] == EMPTY or is_side(b[t], white):
                out.append(t)
        return out
    if k == 'T':
        return []
    out = _plain_targets(b, s, k, white)
    if k == 'E':
        ek = 'k' if white else 'K'
        for d in QUEEN:
            t = s + d
            while b[t] == EMPTY:
                t += d
            if b[t] == ek:
                out.append(t)
    return out


def _switch_targets(b, s, white, held, tt_both):
    """Reading [T]: own piece, not the king, first piece on a rank/file line, not held, no
    P/Z brought onto its last rank."""
    out = []
    for d in ORTH:
        t = s + d
        while b[t] == EMPTY:
            t += d
        c = b[t]
        if not is_side(c, white) or c.upper() == 'K' or t in held:
            continue
        if c.upper() in 'PZ' and r_of(s) == LAST_ROW[white]:
            continue
        if c.upper() == 'T' and not tt_both and t < s:
            continue   # the same exchange of two T's, counted once
        out.append(t)
    return out


def pq_counts(b):
    w = bl = 0
    for s in CELLS:
        c = b[s]
        if c in 'PQ':
            w += 1
        elif c in 'pq':
            bl += 1
    return {True: w, False: bl}


def _end_of_capture(captured, white, pq):
    """Losses by a capture: (loser_is_white, reason) or None.  `white` is the mover."""
    if captured == EMPTY:
        return None
    victim = captured.isupper()
    k = captured.upper()
    if k == 'K':
        return (victim, 'king captured')
    if k in 'PQ' and pq[victim] == 1:
        return (victim, 'no pawn and no queen left')
    return None


class Entry:
    """One first action with its forced follow-up.

    act: ('M', s, t, promo) | ('I', s, t, place) | ('T', s, t) | ('W', sq)
    kind: 'D' (walls: all of `walls`, any order, mult = k!), 'L' (walls: the one wall of
    this entry, or none), or None.  end: the loss the first action causes, or None.
    For ('I', s, t, None) in counting mode, mult is the number of placement cells.
    """
    __slots__ = ('act', 'kind', 'walls', 'mult', 'end')

    def __init__(self, act, kind=None, walls=(), mult=1, end=None):
        self.act, self.kind, self.walls, self.mult, self.end = act, kind, walls, mult, end


def gen_entries(b, white, tt_both=False, expand_i=True):
    """Every complete turn of the side `white`, grouped: each entry is one first action
    and its forced walls; the entry stands for `mult` distinct action sequences that all
    reach the same position."""
    held = held_set(b, white)
    pq = pq_counts(b)
    last = LAST_ROW[white]
    entries = []
    fwalls = set()
    empties = None
    for s in CELLS:
        c = b[s]
        if not is_side(c, white) or s in held:
            continue
        k = c.upper()
        if k == 'T':
            for t in _switch_targets(b, s, white, held, tt_both):
                entries.append(Entry(('T', s, t)))
            continue
        if k == 'F':
            for d in QUEEN:
                if b[s + d] == EMPTY:
                    fwalls.add(s + d)
        for t in _targets(b, s, k, white):
            captured = b[t]
            end = _end_of_capture(captured, white, pq)
            if k == 'I' and captured != EMPTY:
                if end:
                    entries.append(Entry(('I', s, t, None), end=end))
                    continue
                if empties is None:
                    empties = [i for i in CELLS if b[i] == EMPTY]
                forbid_last = captured.upper() in 'PZ'
                places = [p for p in empties if not (forbid_last and r_of(p) == last)]
                if not (forbid_last and r_of(s) == last):
                    places.append(s)
                if expand_i:
                    for p in places:
                        entries.append(Entry(('I', s, t, p)))
                elif places:
                    entries.append(Entry(('I', s, t, None), mult=len(places)))
                continue
            promo = ''
            if k == 'P' and r_of(t) == last:
                promo = 'Q'
            elif k == 'Z' and r_of(t) == last:
                promo = 'R'
            act = ('M', s, t, promo)
            if end:
                entries.append(Entry(act, end=end))
            elif k == 'D':
                walls = tuple(n for n in (t + d for d in ORTH) if b[n] == EMPTY or n == s)
                entries.append(Entry(act, 'D', walls, math.factorial(len(walls))))
            elif k == 'L':
                opts = [n for n in (t - 1, t + 1) if b[n] == EMPTY or n == s]
                if not opts:
                    entries.append(Entry(act, 'L', ()))
                for n in opts:
                    entries.append(Entry(act, 'L', (n,)))
            else:
                entries.append(Entry(act))
    for sq in sorted(fwalls):
        entries.append(Entry(('W', sq)))
    return entries


def apply_action(b, act, white):
    """Apply one first action in place; returns the captured piece (or EMPTY)."""
    typ = act[0]
    if typ == 'W':
        b[act[1]] = WALL
        return EMPTY
    if typ == 'T':
        s, t = act[1], act[2]
        b[s], b[t] = b[t], b[s]
        return EMPTY
    s, t = act[1], act[2]
    piece = b[s]
    captured = b[t]
    b[s] = EMPTY
    if typ == 'M' and act[3]:
        piece = act[3] if white else act[3].lower()
    b[t] = piece
    if typ == 'I' and act[3] is not None:
        k = captured.upper()
        b[act[3]] = k if white else k.lower()
    return captured


def child_board(b, e, white):
    nb = b[:]
    apply_action(nb, e.act, white)
    for w in e.walls:
        nb[w] = WALL
    return nb


def position_over(b):
    """Losses read off a position (for a FEN given as a root): (loser_white, reason)."""
    for white in (True, False):
        if not any(b[s] == ('K' if white else 'k') for s in CELLS):
            return (white, 'no king')
    pq = pq_counts(b)
    for white in (True, False):
        if pq[white] == 0:
            return (white, 'no pawn and no queen left')
    return None


# ---------------------------------------------------------------- perft

def perft(b, white, depth, tt_both=False):
    if depth == 0:
        return 1
    if depth == 1:
        return sum(e.mult for e in gen_entries(b, white, tt_both, expand_i=False))
    total = 0
    for e in gen_entries(b, white, tt_both):
        if e.end:
            continue
        total += e.mult * perft(child_board(b, e, white), not white, depth - 1, tt_both)
    return total


def perft_root(fen, depth, tt_both=False):
    b, white, _, _ = parse_fen(fen)
    if depth > 0 and position_over(b):
        return 0
    return perft(b, white, depth, tt_both)


# ---------------------------------------------------------------- notation

def act_str(b, act, white):
    """Long algebraic form of one action, on the board before it."""
    typ = act[0]
    if typ == 'W':
        return '*' + sqname(act[1])
    s, t = act[1], act[2]
    if typ == 'T':
        return 'T' + sqname(s) + '<>' + b[t].upper() + sqname(t)
    k = b[s].upper()
    out = k + sqname(s) + ('x' if b[t] != EMPTY else '') + sqname(t)
    if typ == 'M' and act[3]:
        out += '=' + act[3]
    if typ == 'I' and act[3] is not None:
        ck = b[t].upper()
        out += '&' + (ck if white else ck.lower()) + sqname(act[3])
    return out


def entry_sequences(b, e, white):
    """Every action sequence (as strings) of an entry, in a fixed order."""
    import itertools
    first = act_str(b, e.act, white)
    if e.kind == 'D' and e.walls:
        return [','.join([first] + ['*' + sqname(w) for w in perm])
                for perm in itertools.permutations(e.walls)]
    return [','.join([first] + ['*' + sqname(w) for w in e.walls])]


# ---------------------------------------------------------------- game (turn by turn)

class Game:
    """A game played action by action, judging the losses after every action."""

    def __init__(self, fen='startpos', tt_both=False):
        self.b, self.white, self.half, self.full = parse_fen(fen)
        self.tt_both = tt_both
        self.result = None          # (winner: True/False/None for a draw, reason)
        self.pending = None         # None, or ('D'|'L', set of wall cells, piece square)
        self.turn_actions = []
        self.turn_reset = False
        self.reps = {}
        over = position_over(self.b)
        if over:
            self.result = (not over[0], '%s: %s' % (side_name(over[0]), over[1]))
        self._count_rep()
        if not self.result:
            self._check_start()

    # -- turn start
    def entries(self):
        return gen_entries(self.b, self.white, self.tt_both)

    def _check_start(self):
        if not self.entries():
            self.result = (not self.white, '%s has no legal action when its turn begins'
                           % side_name(self.white))

    def _count_rep(self):
        key = (''.join(self.b), self.white)
        self.reps[key] = self.reps.get(key, 0) + 1
        return self.reps[key]

    def in_turn(self):
        return self.pending is not None

    def first_actions(self):
        """act -> (kind, set of walls, end) for every legal first action."""
        acts = {}
        for e in self.entries():
            a = acts.get(e.act)
            if a is None:
                acts[e.act] = [e.kind, set(e.walls), e.end]
            elif e.kind == 'L':
                a[1] |= set(e.walls)
        return acts

    def play_first(self, act, info):
        kind, walls, end = info
        if act[0] == 'M' and self.b[act[1]].upper() == 'P':
            self.turn_reset = True
        if act[0] in 'MI' and self.b[act[2]] != EMPTY:
            self.turn_reset = True
        # a switch that moves a pawn restarts the clock (the draws' reading: "a switch
        # that moves a pawn too, since the pawn moves")
        if act[0] == 'T' and 'P' in (self.b[act[1]].upper(), self.b[act[2]].upper()):
            self.turn_reset = True
        self.turn_actions.append(act)
        piece_to = act[2] if act[0] in 'MI' else None
        apply_action(self.b, act, self.white)
        if end:
            loser, why = end
            self.result = (not loser, '%s: %s' % (side_name(loser), why))
            self.pending = None
            return
        if kind in ('D', 'L') and walls:
            self.pending = (kind, set(walls), piece_to)
        else:
            self._end_turn()

    def play_wall(self, sq):
        kind, walls, _ = self.pending
        self.turn_actions.append(('W', sq))
        self.b[sq] = WALL
        if kind == 'D':
            walls.discard(sq)
            if walls:
                return
        self.pending = None
        self._end_turn()

    def _end_turn(self):
        self.half = 0 if self.turn_reset else self.half + 1
        if not self.white:
            self.full += 1
        self.white = not self.white
        self.turn_actions = []
        self.turn_reset = False
        if self.half == 0:
            self.reps = {}
        n = self._count_rep()
        self._check_start()
        if self.result:
            return
        if n >= 5:
            self.result = (None, 'the same position a fifth time (fivefold repetition)')
        elif self.half >= 150:
            self.result = (None, '75 moves of each side without capture or pawn move')

    def fen(self):
        return fen_of(self.b, self.white, self.half, self.full)

    def result_token(self):
        if not self.result:
            return '*'
        w = self.result[0]
        return '1/2-1/2' if w is None else ('1-0' if w else '0-1')

    def outcome_text(self):
        if not self.result:
            return 'none (game goes on, %s to move)' % side_name(self.white)
        w, why = self.result
        if w is None:
            return 'draw: ' + why
        return '%s wins (%s)' % (side_name(w), why)

    # -- random turns
    def random_turn(self, rng, by_move=False):
        """Plays one random turn.  By default uniformly among all complete action
        sequences (a D's k! orders and an I's placements each count); with by_move, first
        uniformly among the distinct (piece, destination) first actions (a switch, an F's
        wall), then uniformly among that action's completions."""
        es = self.entries()
        if by_move:
            groups = {}
            for e in es:
                groups.setdefault(e.act[:3], []).append(e)
            keys = list(groups)
            cands = groups[keys[rng.randrange(len(keys))]]
        else:
            cands = es
        total = sum(e.mult for e in cands)
        x = rng.randrange(total)
        for e in cands:
            if x < e.mult:
                break
            x -= e.mult
        b0 = self.b[:]
        toks = [act_str(b0, e.act, self.white)]
        walls = list(e.walls)
        if e.kind == 'D':
            rng.shuffle(walls)
        info = (e.kind, set(e.walls), e.end)
        self.play_first(e.act, info)
        for w in walls:
            if self.result:
                break
            toks.append('*' + sqname(w))
            self.play_wall(w)
        return ','.join(toks)


# ---------------------------------------------------------------- PGN writing

def pgn_text(tags, turns, first_white, first_full, result, comment=None):
    out = []
    for k, v in tags:
        out.append('[%s "%s"]' % (k, v.replace('\\', '\\\\').replace('"', '\\"')))
    out.append('')
    toks = []
    white, full = first_white, first_full
    for i, t in enumerate(turns):
        if white:
            toks.append('%d. %s' % (full, t))
        elif i == 0:
            toks.append('%d... %s' % (full, t))
        else:
            toks.append(t)
        if not white:
            full += 1
        white = not white
    toks.append(result)
    if comment:
        toks.append('{ %s }' % comment)
    lines, line = [], ''
    for t in toks:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = t if not line else line + ' ' + t
    if line:
        lines.append(line)
    out.extend(lines)
    out.append('')
    return '\n'.join(out)


def random_game(seed, plies, tt_both=False, by_move=False):
    rng = _random.Random(seed)
    g = Game('startpos', tt_both)
    turns = []
    while len(turns) < plies and not g.result:
        turns.append(g.random_turn(rng, by_move))
    return g, turns


def cmd_random(seed, plies, tt_both, by_move=False):
    g, turns = random_game(seed, plies, tt_both, by_move)
    res = g.result_token()
    event = 'Random game (aieirping_reference.py%s)' % (' --by-move' if by_move else '')
    tags = [('Event', event), ('Site', '?'),
            ('Date', '????.??.??'), ('Round', str(seed)), ('White', 'random'),
            ('Black', 'random'), ('Result', res), ('Variant', 'Aieirping Chess')]
    if START['startpos'] != YAML_SETUP:
        # the start is the seed's drawing, which differs from the YAML's setup FEN on rank 6:
        # say it, so that a reader using the YAML's FEN replays the same game
        tags += [('SetUp', '1'), ('FEN', START['startpos'])]
    comment = 'Outcome: %s. Final FEN: %s' % (g.outcome_text(), g.fen())
    sys.stdout.write(pgn_text(tags, turns, True, 1, res, comment) + '\n')
    sys.stderr.write('final FEN: %s\n' % g.fen())


# ---------------------------------------------------------------- PGN reading

MOVE_RE = re.compile(
    r"(?P<piece>[A-Z])?(?P<ofile>[a-wyz]'*)?(?P<orank>\d+)?(?P<sep>[x:-])?"
    r"(?P<file>[a-wyz]'*)(?P<rank>\d+)(?:=(?P<promo>[A-Za-z])|(?P<promo2>[A-Z]))?"
    r"(?P<places>(?:&[A-Za-z][a-wyz]'*\d+)*)")
SWAP_RE = re.compile(r"(?P<p1>[A-Z])?(?P<s1>[a-wyz]'*\d+)<>(?P<p2>[A-Z])?(?P<s2>[a-wyz]'*\d+)")
WALL_RE = re.compile(r"\*([a-wyz]'*\d+)")
RESULTS = ('1-0', '0-1', '1/2-1/2', '*')


class Illegal(Exception):
    pass


def parse_action(tok):
    """-> ('wall', sq) | ('swap', p1, s1, p2, s2) | ('move', dict)."""
    t = tok.rstrip('+#!?')
    m = WALL_RE.fullmatch(t)
    if m:
        sq = parse_sq(m.group(1))
        if sq is None:
            raise Illegal('%r names no square of the board' % m.group(1))
        return ('wall', sq)
    m = SWAP_RE.fullmatch(t)
    if m:
        s1, s2 = parse_sq(m.group('s1')), parse_sq(m.group('s2'))
        if s1 is None or s2 is None:
            raise Illegal('a square of the swap is not on the board')
        return ('swap', m.group('p1'), s1, m.group('p2'), s2)
    m = MOVE_RE.fullmatch(t)
    if m:
        d = m.groupdict()
        sq = parse_sq(d['file'] + d['rank'])
        if sq is None:
            raise Illegal('%s%s is not a square of the board' % (d['file'], d['rank']))
        if d['ofile'] and d['ofile'] not in FILE_INDEX:
            raise Illegal('no file %r' % d['ofile'])
        if d['orank'] and not 1 <= int(d['orank']) <= NR:
            raise Illegal('no rank %s' % d['orank'])
        places = []
        for pm in re.finditer(r"&([A-Za-z])([a-wyz]'*\d+)", d['places'] or ''):
            ps = parse_sq(pm.group(2))
            if ps is None:
                raise Illegal('placement square %s is not on the board' % pm.group(2))
            places.append((pm.group(1).upper(), ps))
        piece = d['piece']
        if not piece and not (d['ofile'] and d['orank']):
            piece = 'P'          # SAN: no letter is a pawn
        # no letter with a whole origin is coordinates (SPEC section 3): the piece there
        return ('move', {
            'piece': piece,
            'ofile': FILE_INDEX[d['ofile']] if d['ofile'] else None,
            'orank': int(d['orank']) - 1 if d['orank'] else None,
            'x': d['sep'] in ('x', ':'), 'to': sq,
            'promo': (d['promo'] or d['promo2']).upper() if (d['promo'] or d['promo2']) else None,
            'places': places})
    raise Illegal('cannot read %r as an action' % tok)


def read_games(text):
    """Splits a PGN file into (tags dict, list of (turn text, move-number-position))."""
    games = []
    tags, moves, cur_tags_done = {}, [], False
    lines = text.replace('\r\n', '\n').lstrip('\ufeff').split('\n')
    movetext = []

    def flush():
        if tags or movetext:
            games.append((dict(tags), '\n'.join(movetext)))

    for line in lines:
        s = line.strip()
        if s.startswith('%'):
            continue
        m = re.match(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]', s)
        if m and not _in_comment(movetext):
            if movetext and any(x.strip() for x in movetext):
                flush()
                tags.clear()
                movetext = []
            tags[m.group(1)] = re.sub(r'\\(.)', r'\1', m.group(2))
            continue
        movetext.append(line)
    flush()
    return [(t, mt) for t, mt in games if mt.strip() or t]


def _in_comment(movetext):
    s = '\n'.join(movetext)
    return s.count('{') > s.count('}')


def tokenize_movetext(mt):
    toks = []
    i, n = 0, len(mt)
    while i < n:
        c = mt[i]
        if c.isspace():
            i += 1
        elif c == '{':
            j = mt.find('}', i)
            i = n if j < 0 else j + 1
        elif c == ';':
            j = mt.find('\n', i)
            i = n if j < 0 else j + 1
        elif c == '(':
            depth = 0
            while i < n:
                if mt[i] == '(':
                    depth += 1
                elif mt[i] == ')':
                    depth -= 1
                    if depth == 0:
                        break
                elif mt[i] == '{':
                    j = mt.find('}', i)
                    i = n - 1 if j < 0 else j
                i += 1
            i += 1
        elif c == '$':
            j = i + 1
            while j < n and mt[j].isdigit():
                j += 1
            i = j
        else:
            j = i
            while j < n and not mt[j].isspace() and mt[j] not in '{};()':
                j += 1
            toks.append(mt[i:j])
            i = j
    # join turns written with a space after ',' and strip move numbers
    out = []
    for t in toks:
        m = re.match(r'^(\d+)(\.+)(.*)$', t)
        if m:
            t = m.group(3)
            if not t:
                continue
        if t in ('..', '...'):
            continue
        if out and (out[-1].endswith(',') or t.startswith(',')):
            out[-1] += t
            continue
        out.append(t)
    return out


def _candidates_for(game, mv):
    """Own pieces of the move's kind matching its origin filter."""
    b, white = game.b, game.white
    want = mv['piece']
    res = []
    for s in CELLS:
        c = b[s]
        if is_side(c, white) and (want is None or c.upper() == want):
            if mv['ofile'] is not None and f_of(s) != mv['ofile']:
                continue
            if mv['orank'] is not None and r_of(s) != mv['orank']:
                continue
            res.append(s)
    return res


def _match_move(game, mv, acts):
    b = game.b
    found = []
    for act in acts:
        if act[0] not in 'MI':
            continue
        s, t = act[1], act[2]
        if t != mv['to'] or (mv['piece'] and b[s].upper() != mv['piece']):
            continue
        if mv['ofile'] is not None and f_of(s) != mv['ofile']:
            continue
        if mv['orank'] is not None and r_of(s) != mv['orank']:
            continue
        if mv['x'] and b[t] == EMPTY:
            continue
        if act[0] == 'M':
            if (mv['promo'] or '') != act[3] or mv['places']:
                continue
        else:
            if act[3] is None:
                if mv['places'] or mv['promo']:
                    continue
            else:
                if mv['promo'] or len(mv['places']) != 1:
                    continue
                pk, ps = mv['places'][0]
                if ps != act[3] or pk != b[t].upper():
                    continue
        found.append(act)
    return found


def _explain_move(game, mv, acts):
    """Why a move token matches no legal action: names the rule it breaks."""
    b, white = game.b, game.white
    to = mv['to']
    cands = _candidates_for(game, mv)
    k = mv['piece'] or (b[cands[0]].upper() if cands else '?')
    if not cands:
        where = ''
        if mv['ofile'] is not None or mv['orank'] is not None:
            where = ' on %s%s' % (FILES[mv['ofile']] if mv['ofile'] is not None else '',
                                 mv['orank'] + 1 if mv['orank'] is not None else '')
        if mv['piece'] is None:
            return 'no piece of %s%s' % (side_name(white), where)
        return 'no %s %s (%s)%s on the board' % (side_name(white), k, NAMES.get(k, '?'), where)
    held = held_set(b, white)
    reasons = []
    for s in cands:
        name = '%s on %s' % (k, sqname(s))
        if s in held:
            js = [sqname(s + d) for d in QUEEN if b[s + d] == ('j' if white else 'J')]
            reasons.append('the %s is held by the opponent\'s J on %s: a held piece has no '
                           'action ([J] reading)' % (name, ', '.join(js)))
            continue
        tg = _targets(b, s, k, white)
        if k == 'T':
            reasons.append('a T has no move: its only action is a switch, written Ta<>Xb')
            continue
        if to in tg:
            c = b[to]
            last = r_of(to) == LAST_ROW[white]
            if mv['x'] and c == EMPTY:
                reasons.append('%s%s is empty: the %s captures nothing there' % ('', sqname(to), name))
            elif k in 'PZ' and last and mv['promo'] != ('Q' if k == 'P' else 'R'):
                if mv['promo']:
                    reasons.append('a %s on its last rank becomes a %s, not a %s' %
                                   (k, 'Q' if k == 'P' else 'R', mv['promo']))
                else:
                    reasons.append('a %s arriving on its last rank must promote, written =%s '
                                   '(promotion is forced)' % (k, 'Q' if k == 'P' else 'R'))
            elif mv['promo'] and not (k in 'PZ' and last):
                reasons.append('no promotion: only a P or Z arriving on its last rank promotes')
            elif k == 'I' and c != EMPTY:
                end = _end_of_capture(c, white, pq_counts(b))
                if end:
                    reasons.append('the capture ends the game (%s: %s): nothing is placed, '
                                   'the rest of the turn is not made' % (side_name(end[0]), end[1]))
                elif not mv['places']:
                    reasons.append('incomplete turn: an I capture must place the captured %s '
                                   'on a vacant cell (&%s...) ([I] reading)' % (c.upper(), c.upper()))
                elif len(mv['places']) > 1:
                    reasons.append('an I capture places exactly one piece')
                else:
                    pk, ps = mv['places'][0]
                    if pk != c.upper():
                        reasons.append('the captured piece is a %s, the placement names a %s'
                                       % (c.upper(), pk))
                    elif ps == to or (b[ps] != EMPTY and ps != s):
                        reasons.append('%s is not vacant once the capture is made' % sqname(ps))
                    elif c.upper() in 'PZ' and r_of(ps) == LAST_ROW[white]:
                        reasons.append('a %s may not be placed on its new owner\'s last rank'
                                       % c.upper())
                    else:
                        reasons.append('placement refused')
            elif mv['places']:
                reasons.append('only an I capture places a piece (&)')
            else:
                reasons.append('not a legal action')
            continue
        reasons.append(_why_not_reach(b, s, k, to, white))
    if len(reasons) == 1:
        return reasons[0]
    return '; '.join(sorted(set(reasons)))


def _line_between(s, t):
    """Direction d along a queen line from s to t, or None."""
    df, dr = f_of(t) - f_of(s), r_of(t) - r_of(s)
    if df == 0 and dr == 0:
        return None
    if df == 0 or dr == 0 or abs(df) == abs(dr):
        sf = (df > 0) - (df < 0)
        sr = (dr > 0) - (dr < 0)
        return sr * W + sf
    return None


def _why_not_reach(b, s, k, to, white):
    name = '%s on %s' % (k, sqname(s))
    c = b[to]
    fwd = FWD[white]
    if c == WALL:
        return '%s is a wall: no piece enters or captures a wall' % sqname(to)
    if k == 'X':
        if c == EMPTY:
            return 'an X moves only by capturing (cQ): %s is empty ([X] reading)' % sqname(to)
        if is_side(c, white):
            return 'an X captures only the opponent\'s pieces'
    if k == 'S' and is_side(c, not white):
        return 'an S never captures an opponent\'s piece ([S] reading)'
    if is_side(c, white) and k != 'S':
        return '%s holds the mover\'s own %s: only an S captures its own pieces' % (sqname(to), c)
    if k == 'P':
        if to == s + 2 * fwd:
            return 'a pawn has no double step'
        if to == s + fwd and c != EMPTY:
            return 'a pawn captures only diagonally forward'
        if to in (s + fwd + 1, s + fwd - 1) and c == EMPTY:
            return 'a pawn moves diagonally only to capture'
        return 'a pawn steps one cell forward (towards rank %d)' % (1 if white else NR)
    if k == 'E' and _line_between(s, to) is not None and c != EMPTY:
        if c.upper() != 'K':
            return 'an E captures along queen lines only the opponent\'s king ([E] reading)'
    d = _line_between(s, to)
    if d is not None and k not in 'NFJKOY':
        t = s + d
        while t != to:
            if b[t] != EMPTY:
                return 'the line from %s to %s is blocked on %s (%s)' % (
                    sqname(s), sqname(to), sqname(t), 'a wall' if b[t] == WALL else 'a piece')
            t += d
    how = {'H': ' (a knight on its own half, a queen on the opponent\'s: it stands on %s half)'
           % ('its own' if own_half(s, white) else 'the opponent\'s'),
           'U': ' (a rook on its own half, a bishop on the opponent\'s: it stands on %s half)'
           % ('its own' if own_half(s, white) else 'the opponent\'s')}.get(k, '')
    return 'the %s does not move to %s%s' % (name, sqname(to), how)


def _explain_swap(game, p1, s1, p2, s2):
    b, white = game.b, game.white
    held = held_set(b, white)
    c1, c2 = b[s1], b[s2]
    if not (is_side(c1, white) and c1.upper() == 'T') and is_side(c2, white) and c2.upper() == 'T':
        s1, s2, c1, c2, p1, p2 = s2, s1, c2, c1, p2, p1
    if not (is_side(c1, white) and c1.upper() == 'T'):
        return 'no %s T on %s or %s: only a T switches' % (side_name(white), sqname(s1), sqname(s2))
    if p2 and is_side(c2, white) and c2.upper() != p2:
        return '%s holds a %s, not a %s' % (sqname(s2), c2.upper(), p2)
    if not is_side(c2, white):
        return '%s holds no piece of %s: a T switches with its own pieces' % (sqname(s2), side_name(white))
    if c2.upper() == 'K':
        return 'a T never switches with its king ([T] reading)'
    if s1 in held:
        return 'the T on %s is held by an opponent\'s J' % sqname(s1)
    if s2 in held:
        return 'the %s on %s is held by an opponent\'s J: a T does not switch with a held piece' % (
            c2.upper(), sqname(s2))
    if f_of(s1) != f_of(s2) and r_of(s1) != r_of(s2):
        return '%s and %s are not on one rank or file' % (sqname(s1), sqname(s2))
    d = _line_between(s1, s2)
    t = s1 + d
    while t != s2:
        if b[t] != EMPTY:
            return 'a %s stands between on %s' % ('wall' if b[t] == WALL else 'piece', sqname(t))
        t += d
    if c2.upper() in 'PZ' and r_of(s1) == LAST_ROW[white]:
        return 'a %s may not be brought by a switch onto its last rank' % c2.upper()
    return 'not a legal switch'


def _explain_wall(game, sq):
    b, white = game.b, game.white
    if b[sq] != EMPTY:
        return '%s is not vacant' % sqname(sq)
    fs = [sq + d for d in QUEEN if is_side(b[sq + d], white) and b[sq + d].upper() == 'F']
    if not fs:
        return ('a wall alone is an F\'s action, and %s has no F next to %s ([F] reading)'
                % (side_name(white), sqname(sq)))
    return 'every F next to %s is held by an opponent\'s J' % sqname(sq)


def replay_game(tags, movetext, tt_both=False, show_fen=False):
    """-> (ok: bool, text)."""
    fen = 'startpos'
    if tags.get('SetUp') == '1' or 'FEN' in tags:
        fen = tags.get('FEN', 'startpos')
    try:
        g = Game(fen, tt_both)
    except (FenError, ValueError) as ex:
        return False, 'bad FEN: %s' % ex
    toks = tokenize_movetext(movetext)
    record_result = None
    if toks and toks[-1] in RESULTS:
        record_result = toks.pop()
    turn_no = 0
    white0, full0 = g.white, g.full
    for tok in toks:
        if tok in RESULTS:
            return False, 'result %r in the middle of the movetext' % tok
        turn_no += 1
        # the turn's number as the record counts it (also past the end of the game)
        k = turn_no - 1 + (0 if white0 else 1)
        t_white = k % 2 == 0
        side = side_name(t_white)
        num = '%d%s' % (full0 + k // 2, '.' if t_white else '...')
        actions = [a.strip() for a in tok.split(',')]
        for ai, atok in enumerate(actions, 1):
            where = 'turn %d (%s %s), action %d %r of %r' % (turn_no, num, side, ai, atok, tok)
            if g.result:
                return False, 'illegal: %s: the game is already over (%s)' % (where, g.outcome_text())
            try:
                pa = parse_action(atok)
                if g.in_turn():
                    kind, walls, psq = g.pending
                    if pa[0] != 'wall':
                        raise Illegal('incomplete turn: the %s on %s must still wall %s' % (
                            kind, sqname(psq), ', '.join('*' + sqname(w) for w in sorted(walls))))
                    if pa[1] not in walls:
                        raise Illegal('%s is not a wall this turn can still make: the %s on %s '
                                      'must wall %s%s' % (
                            '*' + sqname(pa[1]), kind, sqname(psq),
                            ('all of ' if kind == 'D' else 'one of ') if len(walls) > 1 else '',
                            ', '.join('*' + sqname(w) for w in sorted(walls))))
                    g.play_wall(pa[1])
                    continue
                if ai > 1:
                    raise Illegal('the turn is already complete: the actions before made it whole')
                acts = g.first_actions()
                if pa[0] == 'wall':
                    act = ('W', pa[1])
                    if act not in acts:
                        raise Illegal(_explain_wall(g, pa[1]))
                elif pa[0] == 'swap':
                    _, p1, s1, p2, s2 = pa
                    cands = [a for a in (('T', s1, s2), ('T', s2, s1)) if a in acts]
                    if cands and p1 and g.b[s1].upper() != p1:
                        cands = []
                    if cands and p2 and g.b[s2].upper() != p2:
                        cands = []
                    if not cands:
                        raise Illegal(_explain_swap(g, p1, s1, p2, s2))
                    act = cands[0]
                else:
                    mv = pa[1]
                    found = _match_move(g, mv, acts)
                    if not found:
                        raise Illegal(_explain_move(g, mv, acts))
                    if len(found) > 1:
                        raise Illegal('ambiguous: %s' % ', '.join(
                            act_str(g.b, a, g.white) for a in found))
                    act = found[0]
                g.play_first(act, acts[act])
            except Illegal as ex:
                return False, 'illegal: %s: %s' % (where, ex)
        if g.in_turn() and not g.result:
            kind, walls, psq = g.pending
            return False, ('illegal: turn %d (%s %s), action %d (missing) of %r: incomplete '
                           'turn: the %s on %s must still wall %s' % (
                               turn_no, num, side, len(actions) + 1, tok, kind, sqname(psq),
                               ', '.join('*' + sqname(w) for w in sorted(walls))))
    text = 'ok: %s' % g.outcome_text()
    if show_fen:
        text += '; final FEN: %s' % g.fen()
    rr = tags.get('Result', record_result)
    if rr and rr != '*' and rr != g.result_token():
        text += ' (note: the record says %s)' % rr
    elif rr == '*' and g.result:
        text += ' (note: the record says *)'
    return True, text


def cmd_replay(path, tt_both, show_fen=False):
    with open(path, encoding='utf-8', errors='replace') as fh:
        text = fh.read()
    games = read_games(text)
    bad = 0
    for i, (tags, mt) in enumerate(games, 1):
        ok, msg = replay_game(tags, mt, tt_both, show_fen)
        bad += not ok
        print('game %d: %s' % (i, msg))
    return 1 if bad else 0


# ---------------------------------------------------------------- selftest

def mk(pieces, fill=EMPTY, side='w'):
    """FEN of a board with `pieces` ({'e5': 'X'}) and every other cell `fill`."""
    b = empty_board()
    for i in CELLS:
        b[i] = fill
    for sq, c in pieces.items():
        s = parse_sq(sq)
        assert s is not None, sq
        b[s] = c
    return fen_of(b, side == 'w', 0, 1)


def turns_of(fen, tt_both=False):
    """Every complete turn (as text) of the side to move."""
    b, white, _, _ = parse_fen(fen)
    out = []
    for e in gen_entries(b, white, tt_both):
        out.extend(entry_sequences(b, e, white))
    return out


def selftest():
    base = {'o14': 'K', 'a14': 'P', 'o1': 'k', 'a1': 'p'}   # kings and a pawn each
    # pawns stand with their way blocked by walls so that they add nothing
    blockers = {'a13': '*', 'a2': '*', 'b13': '*', 'b2': '*'}

    def with_(extra, side='w', fill=EMPTY):
        d = dict(base)
        d.update(blockers)
        d.update(extra)
        return mk(d, fill, side)

    def piece_turns(fen, sq):
        b, white, _, _ = parse_fen(fen)
        s = parse_sq(sq)
        return [t for t in turns_of(fen) if t[1:].startswith(sq) and t[0] == b[s].upper()
                and not t[len(sq) + 1:len(sq) + 2].isdigit()]

    n = 0

    def check(cond, what):
        nonlocal n
        n += 1
        if not cond:
            raise AssertionError(what)

    # files and squares
    check(FILES[23] == 'y' and FILES[24] == 'z' and FILES[25] == "a'" and FILES[28] == "d'",
          'file names')
    b, white, _, _ = parse_fen('startpos')
    check(b[parse_sq('o14')] == 'K' and b[parse_sq('o1')] == 'k', 'kings on o14 / o1')
    check(b[parse_sq('a8')] == 'p' and b[parse_sq("d'7")] == 'P', 'pawns at the row ends')
    check(board_fen(b) + ' w - - 0 1' == SETUP, 'FEN round trip')
    # half-turn symmetry of the setup
    sym = all((b[idx(f, r)].swapcase() if b[idx(f, r)].isalpha() else b[idx(f, r)]) ==
              b[idx(NF - 1 - f, NR - 1 - r)] for f in range(NF) for r in range(NR))
    check(sym, 'setup symmetric under a half turn')

    # X: no capture, no move; one capture, one move; own piece is no target
    f = with_({'e5': 'X'})
    check(piece_turns(f, 'e5') == [], 'X without capture has no move')
    f = with_({'e5': 'X', 'e9': 'n', 'h8': 'N'})
    check(piece_turns(f, 'e5') == ['Xe5xe9'], 'X captures only: %s' % piece_turns(f, 'e5'))
    f = with_({'e5': 'X', 'e7': '*', 'e9': 'n'})
    check(piece_turns(f, 'e5') == [], 'X line stopped by a wall')

    # S: captures own (king included), never the opponent
    f = with_({'e5': 'S', 'e9': 'n', 'h5': 'N', 'f7': 'R', 'c5': '*'})
    st = piece_turns(f, 'e5')
    check('Se5xh5' in st and 'Se5xf7' in st, 'S captures own pieces')
    check(not any('xe9' in t for t in st), 'S never captures an enemy')
    check('Se5e8' in st and 'Se5d3' in st and 'Se5c5' not in st, 'S moves as Q/N to empty')
    f2 = with_({'n12': 'S', 'n13': '*', 'o13': '*'})   # knight's leap over walls
    check('Sn12xo14' in piece_turns(f2, 'n12'), 'S can capture its own king by a knight leap')
    g = Game(f2)
    acts = g.first_actions()
    a = ('M', parse_sq('n12'), parse_sq('o14'), '')
    check(acts[a][2] == (True, 'king captured'), 'S eating own king: White loses')

    # J holds: adjacent enemy pieces have no action
    f = with_({'e5': 'N', 'f6': 'j'})
    check(piece_turns(f, 'e5') == [], 'N next to an enemy J has no move')
    f = with_({'e5': 'J', 'f6': 'j'})
    check(piece_turns(f, 'e5') == [], 'J held by a J has no move')
    f = with_({'e5': 'J', 'f6': 'j'}, side='b')
    check(piece_turns(f, 'f6') == [], 'and the other J is held too')
    f = with_({'e5': 'F', 'd4': 'j'})
    check(turns_of(f).count('*e6') == 0, 'a held F makes no wall')
    f = with_({'e5': 'F', 'd5': 'J'})   # own J next to it: no effect
    check('*e6' in turns_of(f), 'own J holds nothing')

    # T: never with king, never through a piece or wall, not with a held piece
    f = with_({'e5': 'T', 'e9': 'K', 'o14': '.', 'h5': 'N', 'j5': 'R', 'e3': 'Q', 'e2': '*',
               'e1': 'R', 'c5': 'B', 'b5': 'N'})
    tt = [t for t in turns_of(f) if t.startswith('T')]
    check(sorted(tt) == sorted(['Te5<>Nh5', 'Te5<>Qe3', 'Te5<>Bc5']), 'T switches: %s' % tt)
    f = with_({'e5': 'T', 'h5': 'N', 'i6': 'j'})
    check(not [t for t in turns_of(f) if t.startswith('T')], 'T does not switch with a held piece')
    f = with_({'e5': 'T', 'h5': 'N', 'd4': 'j'})
    check(not [t for t in turns_of(f) if t.startswith('T')], 'a held T switches with nothing')
    f = with_({'e1': 'T', 'e4': 'P', 'g1': 'Z', 'h1': 'R'})
    tt = [t for t in turns_of(f) if t.startswith('T')]
    check(tt == [], 'no P/Z brought by a switch onto its last rank: %s' % tt)
    f = with_({'e5': 'T', 'e8': 'T'})
    tt = [t for t in turns_of(f) if t.startswith('T')]
    check(len(tt) == 1, 'a switch of two Ts counted once: %s' % tt)
    tt = [t for t in turns_of(f, tt_both=True) if t.startswith('T')]
    check(len(tt) == 2, '--tt-both counts it twice')

    # D: walls every vacant orthogonal neighbour, in any order
    f = with_({'e5': 'D', 'f6': '.', 'g7': '.', 'g8': 'n', 'h7': 'N', 'f7': '.', 'g6': '.'},
              fill=WALL)
    dt = piece_turns(f, 'e5')
    # to f6: neighbours f7 (vacant), g6 (vacant), e6/f5 walls -> 2 walls, 2 orders
    # to g7: neighbours g8 enemy, h7 own, f7 vacant, g6 vacant -> 2 walls, 2 orders
    check(sorted(dt) == sorted(['De5f6,*f7,*g6', 'De5f6,*g6,*f7', 'De5g7,*f7,*g6',
                                'De5g7,*g6,*f7']), 'D walls only vacant cells: %s' % dt)
    f = with_({'e5': 'D'})
    check(sum(1 for t in piece_turns(f, 'e5') if t.startswith('De5f6,')) == 24, 'D: 4! orders')
    # D capturing the king makes no wall
    f = with_({'e5': 'D', 'h8': 'k', 'o1': '.'})
    check([t for t in piece_turns(f, 'e5') if 'xh8' in t] == ['De5xh8'], 'D king capture: no walls')
    # L: one of the two horizontal cells, the one it left included
    f = with_({'e5': 'L', 'e6': '*', 'e4': '*', 'd5': '*', 'g5': 'N'})
    lt = piece_turns(f, 'e5')
    check(sorted(lt) == sorted(['Le5f5,*e5']), 'L after a one-step move walls the cell it left: %s' % lt)
    f = with_({'e5': 'L', 'e6': '*', 'e4': '*', 'd5': '*', 'f5': '*'})
    check(piece_turns(f, 'e5') == [], 'L boxed in')
    f = with_({'e5': 'L', 'e6': '*', 'd5': '*', 'f5': '*', 'e3': '*', 'd4': 'N', 'f4': 'n'})
    check(sorted(piece_turns(f, 'e5')) == ['Le5e4'], 'L with no vacant neighbour: move alone')
    # F: wall alone, deduplicated between Fs, knight leap over walls
    f = with_({'e5': 'F', 'g5': 'F'})
    ts = turns_of(f)
    check(ts.count('*f5') == 1 and ts.count('*f6') == 1, 'F wall counted once')
    f = with_({'e5': 'F', 'd5': '*', 'e6': '*', 'f6': '*', 'd6': '*', 'f5': '*', 'd4': '*',
               'e4': '*', 'f4': '*'})
    ts = piece_turns(f, 'e5')
    check(len(ts) == 8 and not [t for t in turns_of(f) if t.startswith('*')],
          'F boxed by walls: 8 leaps, no wall')
    # I: conversion, placement count
    f = with_({'e5': 'I', 'e9': 'n', 'd5': '*', 'f5': '*', 'e4': '*'})
    b, white, _, _ = parse_fen(f)
    vac = sum(1 for i in CELLS if b[i] == EMPTY)
    it = [t for t in piece_turns(f, 'e5') if 'x' in t]
    check(len(it) == vac + 1, 'I placements: every vacant cell after the capture (%d vs %d)'
          % (len(it), vac))
    check('Ie5xe9&Ne5' in it and 'Ie5xe9&Ne9' not in it, 'I may place on the cell it left')
    f = with_({'e5': 'I', 'e9': 'p', 'd5': '*', 'f5': '*', 'e4': '*', 'c4': 'p'})
    b, white, _, _ = parse_fen(f)
    vac = sum(1 for i in CELLS if b[i] == EMPTY)
    vac1 = sum(1 for fi in range(NF) if b[idx(fi, 0)] == EMPTY)
    it = [t for t in piece_turns(f, 'e5') if 'x' in t]
    check(not [t for t in it if re.search(r"&P[a-wyz]'*1$", t)], 'a converted P not placed on rank 1')
    check(len(it) == vac + 1 - vac1, 'P placement excludes the last rank (%d vs %d)'
          % (len(it), vac + 1 - vac1))
    f = with_({'e5': 'I', 'e9': 'k', 'o1': '.'})
    check([t for t in piece_turns(f, 'e5') if 'x' in t] == ['Ie5xe9'], 'I takes king: nothing placed')
    f = with_({'e5': 'I', 'e9': 'p', 'a1': '.'})
    check([t for t in piece_turns(f, 'e5') if 'x' in t] == ['Ie5xe9'],
          'I takes the last pawn: game over, nothing placed')
    # P: one step forward (down for White), no double step, diagonal capture, forced =Q
    f = with_({'e11': 'P', 'd10': 'n', 'f10': 'N'})
    check(sorted(piece_turns(f, 'e11')) == ['Pe11e10', 'Pe11xd10'], 'White pawn moves down')
    f = with_({'e4': 'p', 'f5': 'N'}, side='b')
    check(sorted(piece_turns(f, 'e4')) == ['Pe4e5', 'Pe4xf5'], 'Black pawn moves up')
    f = with_({'e2': 'P', 'd1': 'n'})
    check(sorted(piece_turns(f, 'e2')) == ['Pe2e1=Q', 'Pe2xd1=Q'], 'forced promotion to Q')
    f = with_({'e5': 'Z', 'e2': 'n'})
    check(sorted(piece_turns(f, 'e5')) == ['Ze5e3', 'Ze5e4', 'Ze5xe2'], 'Z rides forward')
    f = with_({'e5': 'Z'})
    check('Ze5e1=R' in piece_turns(f, 'e5'), 'Z promotes to R')
    # A: forward rider, backward diagonals
    f = with_({'e5': 'A', 'e3': '*', 'g7': 'N'})
    at = piece_turns(f, 'e5')
    check('Ae5e4' in at and 'Ae5e6' not in at and 'Ae5d6' in at and 'Ae5f6' in at
          and 'Ae5d4' not in at and 'Ae5g7' not in at, 'A: fRbB (White forward = down)')
    # Y: backward orthogonal, forward diagonals
    f = with_({'e5': 'Y'})
    check(sorted(piece_turns(f, 'e5')) == ['Ye5d4', 'Ye5e6', 'Ye5f4'], 'Y: bWfF')
    # H and U by half
    f = with_({'e10': 'H'})
    check(len(piece_turns(f, 'e10')) == 8, 'H on own half: knight')
    f = with_({'e5': 'H'})
    check(len(piece_turns(f, 'e5')) > 8 and 'He5e9' in piece_turns(f, 'e5'), 'H away: queen')
    f = with_({'e10': 'U'})
    check('Ue10e5' in piece_turns(f, 'e10') and 'Ue10f9' not in piece_turns(f, 'e10'), 'U own half: rook')
    f = with_({'e5': 'U'})
    check('Ue5f6' in piece_turns(f, 'e5') and 'Ue5e6' not in piece_turns(f, 'e5'), 'U away: bishop')
    f = with_({'e5': 'h'}, side='b')
    check(len(piece_turns(f, 'e5')) == 8, 'Black H on rank 5: own half, knight')
    # E: knight, plus the king along queen lines
    f = with_({'e5': 'E', 'e11': 'k', 'o1': '.', 'h8': 'n'})
    et = piece_turns(f, 'e5')
    check('Ee5xe11' in et and len(et) == 9 and 'Ee5xh8' not in et, 'E queen line: king only %s' % et)
    f = with_({'e5': 'E', 'e11': 'k', 'o1': '.', 'e8': '*'})
    check('Ee5xe11' not in piece_turns(f, 'e5'), 'E king line stopped by a wall')
    # walls stop riders, leapers jump
    f = with_({'e5': 'R', 'e7': '*'})
    check('Re5e6' in piece_turns(f, 'e5') and 'Re5e8' not in piece_turns(f, 'e5'), 'wall stops R')
    f = with_({'e5': 'N', 'e6': '*', 'f6': '*', 'f5': '*'})
    check('Ne5f7' in piece_turns(f, 'e5'), 'knight over walls')
    # material loss
    f = with_({'e5': 'Q', 'e9': 'p', 'a1': '.'})
    g = Game(f)
    g.play_first(('M', parse_sq('e5'), parse_sq('e9'), ''), g.first_actions()[
        ('M', parse_sq('e5'), parse_sq('e9'), '')])
    check(g.result == (True, 'Black: no pawn and no queen left'), 'last pawn captured: %s' % (g.result,))
    # no legal move loses
    f = mk({'a14': 'K', 'a13': 'P', 'a12': '*', 'b14': '*', 'b13': '*', 'b12': '*',
            'o1': 'k', 'o2': 'p'}, EMPTY)
    g = Game(f)
    check(g.result == (False, 'White has no legal action when its turn begins'), 'no move loses')

    # tiny perft by hand (see the report): a 3x3 box a12-c14, everything else walls
    d = {s: '.' for s in ('a12', 'b12', 'c12', 'a13', 'b13', 'c13', 'b14', 'c14')}
    d.update({'a14': 'K', 'c12': 'D', 'z8': 'P', "d'1": 'k', "d'2": 'p', "c'1": '.'})
    tiny = mk(d, WALL)
    got = [perft_root(tiny, i) for i in (1, 2, 3)]
    check(got == [27, 27, 103], 'tiny perft %s' % got)
    d2 = {s: '.' for s in ('a13', 'b13', 'c13', 'a14', 'b14', 'c14', 'b12')}
    d2.update({'a14': 'K', 'c14': 'P', 'a1': 'k', 'b1': 'p', 'a2': '.', 'b2': '.'})
    tiny2 = mk(d2, WALL)
    # White: K b14 a13 b13 (3), P c13 (1) -> 4; Black: k a2 b2, p b2 -> 3
    got = [perft_root(tiny2, i) for i in (1, 2)]
    check(got == [4, 12], 'tiny perft 2 %s' % got)

    # two independent counts agree: grouped entries (perft) and an action-by-action walk
    # of the Game's legal actions (replay's path), on a random middle position
    g, _ = random_game(5, 70)
    mid = g.fen()

    def walk(game):
        if game.in_turn():
            total = 0
            for w in sorted(game.pending[1]):
                g2 = clone(game)
                g2.play_wall(w)
                total += 1 if not g2.in_turn() else walk(g2)
            return total
        total = 0
        for act, info in game.first_actions().items():
            g2 = clone(game)
            g2.play_first(act, info)
            total += walk(g2) if g2.in_turn() else 1
        return total

    def clone(game):
        import copy
        g2 = copy.copy(game)
        g2.b = game.b[:]
        g2.reps = dict(game.reps)
        g2.pending = None if game.pending is None else (
            game.pending[0], set(game.pending[1]), game.pending[2])
        return g2
    for fen in (mid, with_({'e5': 'D', 'h8': 'L', 'c3': 'I', 'c9': 'n', 'k5': 'F', 'm5': 'F'})):
        gg = Game(fen)
        b, white, _, _ = parse_fen(fen)
        n1 = perft_root(fen, 1)
        n2 = sum(e.mult for e in gen_entries(b, white))
        n3 = walk(gg)
        check(n1 == n2 == n3, 'perft 1 three ways: %d %d %d' % (n1, n2, n3))

    # replay: notation round trip and refusals
    g, turns = random_game(3, 30)
    pgn = pgn_text([('Variant', 'Aieirping Chess')], turns, True, 1, g.result_token())
    games = read_games(pgn)
    ok, msg = replay_game(*games[0])
    check(ok, 'replay of a random game: %s' % msg)
    dd = with_({'e5': 'D'})
    cases = [
        ('De5f6,*f7,*g6,*e6', False),            # missing *f5
        ('De5f6,*f7,*g6,*e6,*f5', True),
        ('De5f6,*f7,*g6,*e6,*f5,*a3', False),    # too many
        ('Df6,*f5,*e6,*g6,*f7', True),           # SAN without origin
        ('De5f6,*f7,*g6,*e6,*e5', False),        # not a neighbour
    ]
    for mt, want in cases:
        ok, msg = replay_game({'SetUp': '1', 'FEN': dd}, '1. %s *' % mt)
        check(ok == want, 'replay %s: %s' % (mt, msg))
    ii = with_({'e5': 'I', 'e9': 'n'})
    for mt, want in [('Ie5xe9', False), ('Ie5xe9&Ne3', True), ('Ixe9&ne3', True),
                     ('Ie5xe9&Be3', False), ('Ie5xe9&Ne9', False), ('Ie5xe9&Ne5', True)]:
        ok, msg = replay_game({'SetUp': '1', 'FEN': ii}, '1. %s *' % mt)
        check(ok == want, 'replay %s: %s' % (mt, msg))
    xx = with_({'e5': 'X', 'e9': 'n', 'k10': 'j', 'j11': 'N', 'h3': 'P', 'g4': 'n'})
    for mt, want in [('Xe5e7', False), ('Xxe9', True), ('Nj11k9', False), ('Ph3g2', False),
                     ('Ph3h2', True), ('h2', True), ('hxg2', False), ('Ph3xg4', False),
                     ('Xxe9 Pb1b2', False)]:
        ok, msg = replay_game({'SetUp': '1', 'FEN': xx}, '1. %s *' % mt)
        check(ok == want, 'replay %s: %s' % (mt, msg))
    # play on after the game is over
    kk = with_({'e5': 'Q', 'e9': 'k', 'o1': '.'})
    ok, msg = replay_game({'SetUp': '1', 'FEN': kk}, '1. Qxe9 Pa1b1 *')
    check(not ok and 'already over' in msg, 'moves after the end: %s' % msg)
    ok, msg = replay_game({'SetUp': '1', 'FEN': kk}, '1. Qxe9 1-0')
    check(ok and 'White wins' in msg, 'king capture wins: %s' % msg)
    print('selftest: %d checks passed' % n)


# ---------------------------------------------------------------- main

def main(argv):
    try:
        import signal
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `divide ... | head` ends quietly
    except (ImportError, AttributeError, ValueError):
        pass
    tt_both = '--tt-both' in argv
    if '--yaml-setup' in argv:
        START['startpos'] = YAML_SETUP
    by_move = '--by-move' in argv
    show_fen = '--fen' in argv
    argv = [a for a in argv if a not in ('--tt-both', '--yaml-setup', '--by-move', '--fen')]
    if not argv:
        print(__doc__)
        return 2
    cmd = argv[0]
    if cmd in ('perft', 'divide'):
        fen, depth = argv[1], int(argv[2])
        if cmd == 'perft':
            print(perft_root(fen, depth, tt_both))
            return 0
        b, white, _, _ = parse_fen(fen)
        if depth < 1 or position_over(b):
            print('total 0' if depth >= 1 else 'total 1')
            return 0
        total = 0
        for e in gen_entries(b, white, tt_both):
            if depth == 1 or e.end:
                n = 1 if depth == 1 else 0
            else:
                n = perft(child_board(b, e, white), not white, depth - 1, tt_both)
            for seq in entry_sequences(b, e, white):
                print('%s %d' % (seq, n))
                total += n
        print('total %d' % total)
        return 0
    if cmd == 'random':
        cmd_random(int(argv[1]), int(argv[2]), tt_both, by_move)
        return 0
    if cmd == 'fen':
        g, _ = random_game(int(argv[1]), int(argv[2]), tt_both, by_move)
        print(g.fen())
        return 0
    if cmd == 'replay':
        return cmd_replay(argv[1], tt_both, show_fen)
    if cmd == 'selftest':
        selftest()
        return 0
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
