#!/usr/bin/env python3
"""Independent reference implementation of Black Hole Chess (and its Swap variant).

Written only from the rule readings in notation/variants/black-hole.yaml and
notation/variants/black-hole-swap.yaml plus the FIDE laws; it shares no code with
the engine.  Clarity over speed: a plain 64-square mailbox, copy-make, and
legality by "make the move and see whether the own king is attacked".

Rules implemented (summary):
  * d4, d5, e4, e5 form the hole.  Nothing stands on, passes over or attacks
    through a hole square; a ray (rook, bishop, queen, pawn double step) ends at
    the first hole square it meets.  Knights leap over anything.
  * A piece other than the king may enter the hole by any NON-capturing move
    that lands on a hole square (a pawn only straight ahead, by its step or its
    double step).  The piece leaves the board into its owner's bank, unchanged.
    In the swap variant the bank holds at most one piece: diving with a full
    bank puts the diver in the bank and the previously banked piece is gone for
    good.
  * A rook entering the hole loses its castling right; a pawn diving by its
    double step leaves no en-passant square.  Dives count for the 50-move rule
    like any other move (pawn dives reset the clock, other dives do not).
  * Re-insertion (a drop) is a whole turn: a banked piece goes to any empty
    non-hole square; pawns only on ranks 2..7.  Pawn drops reset the 50-move
    clock, other drops do not.  Drops may block checks, give check and mate.
  * Everything else is orthodox chess.

Usage:
  black_hole_reference.py VARIANT FEN DEPTH [--list]
  black_hole_reference.py --games VARIANT N SEED [--out FILE]
  black_hole_reference.py --selftest
VARIANT is `black-hole` or `black-hole-swap`.
"""

import random
import re
import sys
from collections import Counter

import chess  # only used for square names/parsing and, in the self-test, as an orthodox oracle

WHITE, BLACK = True, False
PIECE_TYPES = "PNBRQK"
BANKABLE = "PNBRQ"  # order used when writing banks and generating drops
START_FEN = "rnbqkbnr/pppppppp/8/3**3/3**3/8/PPPPPPPP/RNBQKBNR{} w KQkq - 0 1"
HOLE = frozenset(chess.parse_square(s) for s in ("d4", "d5", "e4", "e5"))


class Variant:
    def __init__(self, name, pgn_name, holes, capacity):
        self.name = name          # command-line name
        self.pgn_name = pgn_name  # value of the PGN Variant tag
        self.holes = holes        # frozenset of hole squares
        self.capacity = capacity  # None = unlimited bank, 1 = swap, 0 = no banks (orthodox test mode)


VARIANTS = {
    "black-hole": Variant("black-hole", "black hole", HOLE, None),
    "black-hole-swap": Variant("black-hole-swap", "black hole swap", HOLE, 1),
}
# Orthodox chess with the same code, used only by the self-test to compare against python-chess.
ORTHODOX_TEST = Variant("orthodox", "orthodox", frozenset(), 0)


# ---------------------------------------------------------------------------
# Geometry
# ---------------------------------------------------------------------------

def sq_file(sq):
    return sq & 7


def sq_rank(sq):
    return sq >> 3


def offset(sq, df, dr):
    f, r = sq_file(sq) + df, sq_rank(sq) + dr
    if 0 <= f < 8 and 0 <= r < 8:
        return r * 8 + f
    return None


def name(sq):
    return chess.square_name(sq)


KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

KNIGHT_TARGETS = [[t for t in (offset(s, df, dr) for df, dr in KNIGHT_STEPS) if t is not None] for s in range(64)]
KING_TARGETS = [[t for t in (offset(s, df, dr) for df, dr in KING_STEPS) if t is not None] for s in range(64)]


def _ray(s, df, dr):
    out = []
    t = offset(s, df, dr)
    while t is not None:
        out.append(t)
        t = offset(t, df, dr)
    return out


# Rays run to the board edge; callers stop them at the first piece or hole square.
ROOK_RAYS = [[_ray(s, df, dr) for df, dr in ROOK_DIRS] for s in range(64)]
BISHOP_RAYS = [[_ray(s, df, dr) for df, dr in BISHOP_DIRS] for s in range(64)]

# PAWN_ATTACKERS[color][sq]: squares from which a pawn of `color` attacks sq.
PAWN_ATTACKERS = {
    WHITE: [[t for t in (offset(s, -1, -1), offset(s, 1, -1)) if t is not None] for s in range(64)],
    BLACK: [[t for t in (offset(s, -1, 1), offset(s, 1, 1)) if t is not None] for s in range(64)],
}

CASTLE_INFO = {
    # right: (color, king from, king to, rook from, rook to, squares that must be empty, squares not attacked)
    "K": (WHITE, 4, 6, 7, 5, (5, 6), (4, 5, 6)),
    "Q": (WHITE, 4, 2, 0, 3, (1, 2, 3), (4, 3, 2)),
    "k": (BLACK, 60, 62, 63, 61, (61, 62), (60, 61, 62)),
    "q": (BLACK, 60, 58, 56, 59, (57, 58, 59), (60, 59, 58)),
}
# A right is lost when anything moves from or to one of these squares.
CASTLE_SQUARES = {"K": (4, 7), "Q": (4, 0), "k": (60, 63), "q": (60, 56)}


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------

class Move:
    """kind is one of:
    'move'   ordinary move or capture (incl. king moves and promotions)
    'double' pawn double step (sets the en-passant square)
    'ep'     en-passant capture
    'castle' castling (frm/to are the king's squares)
    'dive'   a non-king piece moves onto a hole square and goes to the bank
    'drop'   re-insertion of `piece` (an uppercase letter) from the bank on `to`
    """
    __slots__ = ("kind", "frm", "to", "promo", "piece")

    def __init__(self, kind, frm, to, promo=None, piece=None):
        self.kind, self.frm, self.to, self.promo, self.piece = kind, frm, to, promo, piece

    def key(self):
        return (self.kind, self.frm, self.to, self.promo, self.piece)

    def __eq__(self, other):
        return isinstance(other, Move) and self.key() == other.key()

    def __hash__(self):
        return hash(self.key())

    def uci(self):
        if self.kind == "drop":
            return "%s@%s" % (self.piece, name(self.to))
        return name(self.frm) + name(self.to) + (self.promo.lower() if self.promo else "")

    def __repr__(self):
        return "Move(%s %s)" % (self.kind, self.uci())


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

class FenError(ValueError):
    pass


class Position:
    """board[sq] is None or (color, piece letter uppercase). Hole squares are always None
    and are recognised through variant.holes.  banks[color] is a Counter of piece letters."""

    def __init__(self, variant, board, turn, castling, ep, halfmove, fullmove, banks):
        self.variant = variant
        self.board = board
        self.turn = turn
        self.castling = castling  # frozenset of 'K','Q','k','q'
        self.ep = ep              # en-passant target square or None
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.banks = banks        # {WHITE: Counter, BLACK: Counter}

    # ----- FEN -----------------------------------------------------------

    @classmethod
    def from_fen(cls, variant, fen):
        m = re.match(r"^\s*([^\s{\[]+)\s*(?:\{([^}]*)\})?\s*(.*)$", fen)
        if not m:
            raise FenError("bad FEN: %r" % fen)
        board_str, bank_str, rest = m.group(1), m.group(2) or "", m.group(3).split()
        rows = board_str.split("/")
        if len(rows) != 8:
            raise FenError("board needs 8 ranks")
        board = [None] * 64
        walls = set()
        for i, row in enumerate(rows):
            rank = 7 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch == "*":
                    if f > 7:
                        raise FenError("rank too long")
                    walls.add(rank * 8 + f)
                    f += 1
                elif ch.upper() in PIECE_TYPES:
                    if f > 7:
                        raise FenError("rank too long")
                    board[rank * 8 + f] = (ch.isupper(), ch.upper())
                    f += 1
                else:
                    raise FenError("bad board character %r" % ch)
            if f != 8:
                raise FenError("rank %d does not have 8 squares" % (rank + 1))
        if walls != set(variant.holes):
            raise FenError("walls must be exactly the hole squares %s" % sorted(name(s) for s in variant.holes))
        banks = {WHITE: Counter(), BLACK: Counter()}
        for ch in bank_str:
            if ch.upper() not in BANKABLE:
                raise FenError("bad bank character %r" % ch)
            banks[ch.isupper()][ch.upper()] += 1
        if variant.capacity is not None:
            for c in (WHITE, BLACK):
                if sum(banks[c].values()) > variant.capacity:
                    raise FenError("bank holds more than %d piece(s)" % variant.capacity)
        if not rest:
            raise FenError("missing side to move")
        if rest[0] not in ("w", "b"):
            raise FenError("bad side to move")
        turn = rest[0] == "w"
        cast_str = rest[1] if len(rest) > 1 else "-"
        ep_str = rest[2] if len(rest) > 2 else "-"
        halfmove = int(rest[3]) if len(rest) > 3 else 0
        fullmove = int(rest[4]) if len(rest) > 4 else 1
        castling = set()
        if cast_str != "-":
            for ch in cast_str:
                if ch not in "KQkq":
                    raise FenError("bad castling field %r" % cast_str)
                castling.add(ch)
        # Keep only rights whose king and rook stand on their home squares.
        for r in list(castling):
            color, kfrom, _, rfrom, _, _, _ = CASTLE_INFO[r]
            if board[kfrom] != (color, "K") or board[rfrom] != (color, "R"):
                castling.discard(r)
        ep = None
        if ep_str != "-":
            ep = chess.parse_square(ep_str)
            if sq_rank(ep) != (5 if turn == WHITE else 2):
                raise FenError("bad en-passant square")
        pos = cls(variant, board, turn, frozenset(castling), ep, halfmove, fullmove, banks)
        # Sanity checks of a legal position.
        for c in (WHITE, BLACK):
            if sum(1 for p in board if p == (c, "K")) != 1:
                raise FenError("each side needs exactly one king")
        for s in range(64):
            if board[s] and board[s][1] == "P" and sq_rank(s) in (0, 7):
                raise FenError("pawn on the first or last rank")
        if pos.king_attacked(not turn):
            raise FenError("side not to move is in check")
        return pos

    def fen(self):
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                s = rank * 8 + f
                p = self.board[s]
                if s in self.variant.holes:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += "*"
                elif p is None:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p[1] if p[0] == WHITE else p[1].lower()
            if empty:
                row += str(empty)
            rows.append(row)
        bank = "".join(p * self.banks[WHITE][p] for p in BANKABLE) + \
            "".join(p.lower() * self.banks[BLACK][p] for p in BANKABLE)
        cast = "".join(r for r in "KQkq" if r in self.castling) or "-"
        ep = name(self.ep) if self.ep is not None else "-"
        return "%s{%s} %s %s %s %d %d" % ("/".join(rows), bank, "w" if self.turn else "b",
                                          cast, ep, self.halfmove, self.fullmove)

    # ----- attacks ----------------------------------------------------------

    def is_attacked(self, sq, by):
        """Is square sq attacked by side `by`?  Rays stop at pieces and at hole squares."""
        b = self.board
        holes = self.variant.holes
        for t in KNIGHT_TARGETS[sq]:
            if b[t] == (by, "N"):
                return True
        for t in KING_TARGETS[sq]:
            if b[t] == (by, "K"):
                return True
        for t in PAWN_ATTACKERS[by][sq]:
            if b[t] == (by, "P"):
                return True
        for rays, kinds in ((ROOK_RAYS[sq], ("R", "Q")), (BISHOP_RAYS[sq], ("B", "Q"))):
            for ray in rays:
                for t in ray:
                    if t in holes:
                        break  # the hole shields like a piece
                    p = b[t]
                    if p is not None:
                        if p[0] == by and p[1] in kinds:
                            return True
                        break
        return False

    def king_square(self, color):
        for s in range(64):
            if self.board[s] == (color, "K"):
                return s
        raise AssertionError("no king")

    def king_attacked(self, color):
        return self.is_attacked(self.king_square(color), not color)

    def in_check(self):
        return self.king_attacked(self.turn)

    # ----- move generation ------------------------------------------------

    def pseudo_moves(self):
        us = self.turn
        b = self.board
        holes = self.variant.holes
        moves = []
        for s in range(64):
            p = b[s]
            if p is None or p[0] != us:
                continue
            kind = p[1]
            if kind == "P":
                fwd = 1 if us == WHITE else -1
                start_rank = 1 if us == WHITE else 6
                last_rank = 7 if us == WHITE else 0
                one = offset(s, 0, fwd)
                if one is not None:
                    if one in holes:
                        moves.append(Move("dive", s, one))
                    elif b[one] is None:
                        if sq_rank(one) == last_rank:
                            for pr in "QRBN":
                                moves.append(Move("move", s, one, promo=pr))
                        else:
                            moves.append(Move("move", s, one))
                        if sq_rank(s) == start_rank:
                            two = offset(s, 0, 2 * fwd)
                            if two in holes:
                                moves.append(Move("dive", s, two))
                            elif b[two] is None:
                                moves.append(Move("double", s, two))
                for df in (-1, 1):
                    t = offset(s, df, fwd)
                    if t is None or t in holes:
                        continue
                    q = b[t]
                    if q is not None and q[0] != us:
                        if sq_rank(t) == last_rank:
                            for pr in "QRBN":
                                moves.append(Move("move", s, t, promo=pr))
                        else:
                            moves.append(Move("move", s, t))
                    elif q is None and t == self.ep:
                        victim = offset(t, 0, -fwd)
                        if b[victim] == (not us, "P"):
                            moves.append(Move("ep", s, t))
            elif kind == "N":
                for t in KNIGHT_TARGETS[s]:
                    if t in holes:
                        moves.append(Move("dive", s, t))
                    elif b[t] is None or b[t][0] != us:
                        moves.append(Move("move", s, t))
            elif kind in ("B", "R", "Q"):
                rays = []
                if kind in ("R", "Q"):
                    rays += ROOK_RAYS[s]
                if kind in ("B", "Q"):
                    rays += BISHOP_RAYS[s]
                for ray in rays:
                    for t in ray:
                        if t in holes:
                            moves.append(Move("dive", s, t))  # may enter, never cross
                            break
                        q = b[t]
                        if q is None:
                            moves.append(Move("move", s, t))
                            continue
                        if q[0] != us:
                            moves.append(Move("move", s, t))
                        break
            elif kind == "K":
                for t in KING_TARGETS[s]:
                    if t in holes:
                        continue  # the king never enters the hole
                    if b[t] is None or b[t][0] != us:
                        moves.append(Move("move", s, t))
                for right in ("K", "Q") if us == WHITE else ("k", "q"):
                    if right not in self.castling:
                        continue
                    color, kfrom, kto, rfrom, rto, empty, safe = CASTLE_INFO[right]
                    if s != kfrom or b[rfrom] != (us, "R"):
                        continue
                    if any(b[e] is not None or e in holes for e in empty):
                        continue
                    if any(self.is_attacked(x, not us) for x in safe):
                        continue
                    moves.append(Move("castle", kfrom, kto))
        # Re-insertions from the bank.
        for piece in BANKABLE:
            if self.banks[us][piece] <= 0:
                continue
            for t in range(64):
                if t in holes or b[t] is not None:
                    continue
                if piece == "P" and sq_rank(t) in (0, 7):
                    continue
                moves.append(Move("drop", None, t, piece=piece))
        return moves

    def legal_moves(self):
        us = self.turn
        return [m for m in self.pseudo_moves() if not self.apply(m).king_attacked(us)]

    # ----- making moves -------------------------------------------------------

    def apply(self, m):
        """Return the position after move m (no legality check)."""
        us = self.turn
        b = list(self.board)
        banks = {WHITE: Counter(self.banks[WHITE]), BLACK: Counter(self.banks[BLACK])}
        castling = set(self.castling)
        ep = None
        halfmove = self.halfmove + 1
        if m.kind == "drop":
            b[m.to] = (us, m.piece)
            banks[us][m.piece] -= 1
            if banks[us][m.piece] == 0:
                del banks[us][m.piece]
            if m.piece == "P":
                halfmove = 0
            touched = ()
        elif m.kind == "dive":
            piece = b[m.frm]
            b[m.frm] = None
            if self.variant.capacity == 1:
                banks[us] = Counter()  # the previously banked piece (if any) is gone for good
            banks[us][piece[1]] += 1
            if piece[1] == "P":
                halfmove = 0
            touched = (m.frm,)
        elif m.kind == "castle":
            right = [r for r, info in CASTLE_INFO.items() if info[0] == us and info[2] == m.to][0]
            _, kfrom, kto, rfrom, rto, _, _ = CASTLE_INFO[right]
            b[kfrom] = None
            b[rfrom] = None
            b[kto] = (us, "K")
            b[rto] = (us, "R")
            touched = (kfrom, rfrom)
        else:
            piece = b[m.frm]
            captured = b[m.to]
            b[m.frm] = None
            b[m.to] = (us, m.promo) if m.promo else piece
            if m.kind == "ep":
                victim = offset(m.to, 0, -1 if us == WHITE else 1)
                b[victim] = None
                captured = (not us, "P")
            if m.kind == "double":
                ep = offset(m.frm, 0, 1 if us == WHITE else -1)
            if piece[1] == "P" or captured is not None:
                halfmove = 0
            touched = (m.frm, m.to)
        for r in list(castling):
            if any(t in CASTLE_SQUARES[r] for t in touched):
                castling.discard(r)
        fullmove = self.fullmove + (1 if us == BLACK else 0)
        return Position(self.variant, b, not us, frozenset(castling), ep, halfmove, fullmove, banks)

    # ----- SAN ---------------------------------------------------------------

    def san(self, m, legal=None):
        if legal is None:
            legal = self.legal_moves()
        b = self.board
        if m.kind == "castle":
            s = "O-O" if sq_file(m.to) == 6 else "O-O-O"
        elif m.kind == "drop":
            s = "%s@%s" % (m.piece, name(m.to))
        else:
            kind = b[m.frm][1]
            capture = m.kind == "ep" or (m.kind == "move" and b[m.to] is not None)
            if kind == "P":
                s = (name(m.frm)[0] + "x" if capture else "") + name(m.to)
                if m.promo:
                    s += "=" + m.promo
            else:
                dis = ""
                if kind != "K":
                    rivals = [o for o in legal if o.kind in ("move", "dive") and o.frm != m.frm
                              and o.to == m.to and b[o.frm][1] == kind]
                    if rivals:
                        if all(sq_file(o.frm) != sq_file(m.frm) for o in rivals):
                            dis = name(m.frm)[0]
                        elif all(sq_rank(o.frm) != sq_rank(m.frm) for o in rivals):
                            dis = name(m.frm)[1]
                        else:
                            dis = name(m.frm)
                s = kind + dis + ("x" if capture else "") + name(m.to)
        after = self.apply(m)
        if after.in_check():
            s += "#" if not after.legal_moves() else "+"
        return s

    # ----- game end helpers ---------------------------------------------------

    def insufficient_material(self):
        """Dead position by the orthodox material rule, only when both banks are empty."""
        if sum(self.banks[WHITE].values()) or sum(self.banks[BLACK].values()):
            return False
        others = [(s, p) for s, p in enumerate(self.board) if p is not None and p[1] != "K"]
        if any(p[1] in "PRQ" for _, p in others):
            return False
        if len(others) <= 1:
            return True
        if all(p[1] == "B" for _, p in others):
            colours = {(sq_file(s) + sq_rank(s)) % 2 for s, _ in others}
            return len(colours) == 1
        return False

    def repetition_key(self, legal):
        ep = self.ep if any(m.kind == "ep" for m in legal) else None
        banks = tuple(tuple(sorted(self.banks[c].items())) for c in (WHITE, BLACK))
        return (tuple(self.board), self.turn, self.castling, ep, banks)


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.apply(m), depth - 1) for m in moves)


# ---------------------------------------------------------------------------
# Random games
# ---------------------------------------------------------------------------

def gives_mate(pos, m):
    after = pos.apply(m)
    return after.in_check() and not after.legal_moves()


def choose_move(pos, moves, rng):
    # Play a mate when one is there (most of the time), so that games end in '#'.
    if rng.random() < 0.7:
        mates = [m for m in moves if gives_mate(pos, m)]
        if mates:
            return rng.choice(mates)
    castles = [m for m in moves if m.kind == "castle"]
    if castles and rng.random() < 0.5:
        return rng.choice(castles)
    dives = [m for m in moves if m.kind == "dive"]
    drops = [m for m in moves if m.kind == "drop"]
    r = rng.random()
    if dives and r < 0.25:
        return rng.choice(dives)
    if drops and r < 0.55:
        return rng.choice(drops)
    return rng.choice(moves)


def random_game(variant, rng):
    pos = Position.from_fen(variant, START_FEN)
    target = rng.randint(20, 120)
    sans = []
    seen = Counter()
    result = "*"
    while True:
        moves = pos.legal_moves()
        if not moves:
            if pos.in_check():
                result = "0-1" if pos.turn == WHITE else "1-0"
            else:
                result = "1/2-1/2"
            break
        seen[pos.repetition_key(moves)] += 1
        if seen[pos.repetition_key(moves)] >= 3 or pos.halfmove >= 100 or pos.insufficient_material():
            break  # threefold repetition / 50-move rule / dead material: written as '*'
        if len(sans) >= target:
            break
        m = choose_move(pos, moves, rng)
        sans.append(pos.san(m, moves))
        pos = pos.apply(m)
    return sans, result


def format_pgn(variant, round_no, sans, result):
    tags = [
        ("Event", "black hole reference random game"),
        ("Site", "?"),
        ("Date", "2026.11.26"),
        ("Round", str(round_no)),
        ("White", "A"),
        ("Black", "B"),
        ("Result", result),
        ("Variant", variant.pgn_name),
    ]
    out = ['[%s "%s"]' % kv for kv in tags]
    out.append("")
    tokens = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            tokens.append("%d." % (i // 2 + 1))
        tokens.append(s)
    tokens.append(result)
    line = ""
    lines = []
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = t if not line else line + " " + t
    if line:
        lines.append(line)
    out.extend(lines)
    out.append("")
    return "\n".join(out) + "\n"


def generate_games(variant, n, seed):
    rng = random.Random(seed)
    chunks = []
    for k in range(1, n + 1):
        sans, result = random_game(variant, rng)
        chunks.append(format_pgn(variant, k, sans, result))
    return "".join(chunks)


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

def _sans(pos):
    legal = pos.legal_moves()
    return sorted(pos.san(m, legal) for m in legal)


def pychess_wall_moves(pos):
    """A second, independent generator of the legal moves of a black-hole position (as UCI strings),
    built on python-chess: the hole squares are set in python-chess's occupancy as pieces of the
    opponent that have no type, so they block every ray and attack nothing; python-chess's own
    legality (pins, check evasions) then decides which "captures" of a hole square (= dives) are
    legal.  Pawn dives and drops are added by hand.  Only used by the self-test."""
    holes = pos.variant.holes
    board = chess.Board(None)
    for sq, p in enumerate(pos.board):
        if p is not None:
            board.set_piece_at(sq, chess.Piece(chess.PIECE_SYMBOLS.index(p[1].lower()), p[0]))
    board.turn = pos.turn
    board.castling_rights = 0
    for r in pos.castling:
        board.castling_rights |= chess.BB_SQUARES[CASTLE_INFO[r][3]]
    board.ep_square = pos.ep
    hole_bb = 0
    for h in holes:
        hole_bb |= chess.BB_SQUARES[h]
    board.occupied |= hole_bb
    board.occupied_co[not board.turn] |= hole_bb
    us = board.turn
    out = set()
    for m in board.legal_moves:
        if m.to_square in holes:
            if board.piece_type_at(m.from_square) in (chess.KING, chess.PAWN):
                continue  # the king never enters; a pawn never enters diagonally
        out.add(m.uci())
    king = board.king(us)
    fwd = 8 if us == WHITE else -8
    for s in board.pieces(chess.PAWN, us):
        one = s + fwd
        two = s + 2 * fwd
        cand = None
        if one in holes:
            cand = one
        elif sq_rank(s) == (1 if us == WHITE else 6) and two in holes and not board.occupied & chess.BB_SQUARES[one]:
            cand = two
        if cand is not None:
            occ = board.occupied & ~chess.BB_SQUARES[s]
            if not board.attackers_mask(not us, king, occ):
                out.add(name(s) + name(cand))
    for piece in BANKABLE:
        if pos.banks[us][piece] <= 0:
            continue
        for t in chess.SQUARES:
            if t in holes or board.occupied & chess.BB_SQUARES[t]:
                continue
            if piece == "P" and sq_rank(t) in (0, 7):
                continue
            occ = board.occupied | chess.BB_SQUARES[t]
            if not board.attackers_mask(not us, king, occ):
                out.add("%s@%s" % (piece, name(t)))
    return out


def selftest():
    bh = VARIANTS["black-hole"]
    sw = VARIANTS["black-hole-swap"]

    # 0. The orthodox core agrees with python-chess (no hole, no banks).
    ortho = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902]),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467]),
    ]
    for fen, counts in ortho:
        p = Position.from_fen(ORTHODOX_TEST, fen)
        for d, n in enumerate(counts, 1):
            assert perft(p, d) == n, (fen, d, perft(p, d), n)
    rng = random.Random(7)
    for _ in range(30):  # random orthodox games: same legal moves and SAN as python-chess
        board = chess.Board()
        p = Position.from_fen(ORTHODOX_TEST, board.fen())
        for _ply in range(80):
            mine = p.legal_moves()
            theirs = sorted(m.uci() for m in board.legal_moves)
            assert sorted(m.uci() for m in mine) == theirs, board.fen()
            if not mine:
                break
            m = rng.choice(mine)
            assert p.san(m, mine) == board.san(chess.Move.from_uci(m.uci())), board.fen()
            board.push_uci(m.uci())
            p = p.apply(m)

    # 1. Start position.
    start = Position.from_fen(bh, START_FEN)
    assert start.fen() == START_FEN
    s = _sans(start)
    assert len(s) == 20 and "d4" in s and "e4" in s and "d3" in s, s
    after = start.apply([m for m in start.legal_moves() if m.uci() == "e2e4"][0])
    assert after.ep is None and after.banks[WHITE]["P"] == 1 and after.board[chess.E2] is None
    assert after.fen() == "rnbqkbnr/pppppppp/8/3**3/3**3/8/PPPP1PPP/RNBQKBNR{P} b KQkq - 0 1", after.fen()
    assert Position.from_fen(bh, "rnbqkbnr/pppppppp/8/3**3/3**3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").fen() == START_FEN

    # 2. FEN validation.
    for bad in ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/2***3/3**3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "rnbqkbnr/pppppppp/8/3**3/3**3/8/PPPPPPPP/RNBQKBNR{K} w KQkq - 0 1"):
        try:
            Position.from_fen(bh, bad)
        except FenError:
            pass
        else:
            raise AssertionError("accepted " + bad)
    Position.from_fen(sw, "4k3/8/8/3**3/3**3/8/8/4K3{Nq} w - - 0 1")
    try:
        Position.from_fen(sw, "4k3/8/8/3**3/3**3/8/8/4K3{NB} w - - 0 1")
    except FenError:
        pass
    else:
        raise AssertionError("swap bank of two accepted")

    # 3. Rook next to the hole: reaches d2, d3, dives at d4, never d6.
    p = Position.from_fen(bh, "7k/8/8/3**3/3**3/8/8/K2R4{} w - - 0 1")
    s = _sans(p)
    assert "Rd2" in s and "Rd3" in s and "Rd4" in s and "Rd6" not in s, s
    assert len([x for x in s if x.startswith("R")]) == 2 + 3 + 4  # b1 c1 | d2 d3 d4 | e1..h1
    # 4. The hole shields: a bishop on a1 does not check h8 through d4/e5; a rook on d1 not d8.
    p = Position.from_fen(bh, "7k/8/8/3**3/3**3/8/8/B2RK3{} b - - 0 1")
    assert not p.in_check()
    # 5. The king never enters the hole.
    p = Position.from_fen(bh, "7k/8/8/3**3/2K**3/8/8/8{} w - - 0 1")
    assert sorted(_sans(p)) == sorted(["Kb3", "Kb4", "Kb5", "Kc3", "Kc5", "Kd3"]), _sans(p)
    # 6. A pinned piece may not dive: Bc3 pinned by Rc8 to Kc1.
    p = Position.from_fen(bh, "2r4k/8/8/3**3/3**3/2B5/8/2K5{} w - - 0 1")
    s = _sans(p)
    assert not any(x.startswith("B") for x in s), s
    # ... but the same bishop unpinned may dive and give a discovered check.
    p = Position.from_fen(bh, "2k4K/8/8/3**3/3**3/2B5/8/2R5{} w - - 0 1")
    s = _sans(p)
    assert "Bd4+" in s and "Bb2+" in s, s
    # 7. Diving never answers a check; a drop may block it.
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/5PPP/r5K1{N} w - - 0 1")
    s = _sans(p)
    assert s == sorted(["N@b1", "N@c1", "N@d1", "N@e1", "N@f1"]), s
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/5PPP/r5K1{P} w - - 0 1")
    assert p.legal_moves() == [] and p.in_check()  # pawns never drop on rank 1: mate
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/2N5/5PPP/r5K1{} w - - 0 1")
    s = _sans(p)
    assert s == ["Nb1", "Nd1"], s  # Nd4/Nd5 (dives) do not help
    # 8. Mate by a drop is written with '#'.
    p = Position.from_fen(bh, "6k1/5ppp/8/3**3/3**3/8/8/6K1{R} w - - 0 1")
    s = _sans(p)
    assert "R@a8#" in s and "R@e8#" in s and "R@a7" in s, s
    # 9. Pawn drops: ranks 2..7 only, a dropped pawn on its 2nd rank may double step.
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/4K3{P} w - - 0 1")
    drops = [m for m in p.legal_moves() if m.kind == "drop"]
    assert len(drops) == 48 - 4, len(drops)  # ranks 2..7 minus the hole
    p2 = p.apply(Move("drop", None, chess.A2, piece="P"))
    assert p2.halfmove == 0
    p3 = p2.apply(p2.legal_moves()[0])  # any black move
    assert "a4" in _sans(p3) and "a3" in _sans(p3)
    # 10. Knight disambiguation among dives.
    p = Position.from_fen(bh, "7k/8/8/3**3/3**3/1N3N2/8/K7{} w - - 0 1")
    s = _sans(p)
    assert "Nbd4" in s and "Nfd4" in s and "Nbd2" in s and "Nfd2" in s and "Ne5" in s, s
    p = Position.from_fen(bh, "7k/8/8/1N1**3/3**3/1N3N2/8/K7{} w - - 0 1")
    s = _sans(p)
    assert "Nb3d4" in s and "N5d4" in s and "Nfd4" in s and "Nc5" in s, s
    # 11. Pawns: no diagonal move into the hole, dives straight ahead, black too.
    p = Position.from_fen(bh, "4k3/3p4/2p5/3**3/3**3/2P5/3P4/4K3{} w - - 0 1")
    s = _sans(p)
    assert "d3" in s and "d4" in s and "c4" in s and "e4" not in s, s
    p = p.apply([m for m in p.legal_moves() if m.uci() == "d2d4"][0])
    assert p.ep is None and p.banks[WHITE]["P"] == 1
    s = _sans(p)
    assert "d5" in s and "d6" in s and "c5" in s, s
    # 12. Rook diving loses the castling right; castling still works on the other side.
    p = Position.from_fen(bh, "r3k2r/8/8/3**3/3**3/8/8/R2RK2R{} w KQkq - 0 1")
    m = [m for m in p.legal_moves() if m.uci() == "d1d4"][0]
    assert p.apply(m).castling == frozenset("KQkq")
    p = Position.from_fen(bh, "r3k2r/8/8/3**3/3**3/8/8/R3K2R{} w KQkq - 0 1")
    s = _sans(p)
    assert "O-O" in s and "O-O-O" in s
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/3RK2R{} w K - 0 1")
    m = [m for m in p.legal_moves() if m.uci() == "d1d4"][0]
    assert p.apply(m).castling == frozenset("K")
    p = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/4K2R{} w K - 0 1")
    p = p.apply([m for m in p.legal_moves() if m.uci() == "h1h4"][0])
    assert p.castling == frozenset()
    # 13. Swap: diving with a full bank forfeits the banked piece.
    p = Position.from_fen(sw, "4k3/8/8/3**3/3**3/8/8/3RK3{Q} w - - 0 1")
    m = [m for m in p.legal_moves() if m.uci() == "d1d4"][0]
    q = p.apply(m)
    assert dict(q.banks[WHITE]) == {"R": 1}, q.banks
    q = Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/3RK3{Q} w - - 0 1").apply(m)
    assert dict(q.banks[WHITE]) == {"R": 1, "Q": 1}, q.banks
    # 14. Insufficient material only with empty banks.
    assert Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/3NK3{} w - - 0 1").insufficient_material()
    assert not Position.from_fen(bh, "4k3/8/8/3**3/3**3/8/8/3NK3{p} w - - 0 1").insufficient_material()
    # 15. En passant still works away from the hole.
    p = Position.from_fen(bh, "4k3/2p5/8/1P1**3/3**3/8/8/4K3{} b - - 0 1")
    p = p.apply([m for m in p.legal_moves() if m.uci() == "c7c5"][0])
    assert "bxc6" in _sans(p)
    # 16. Hole shields the king: a queen on the d-file behind the hole gives no check.
    p = Position.from_fen(bh, "3q4/8/8/3**3/3**3/8/8/3K3k{} w - - 0 1")
    assert not p.in_check()
    # 17. Random games in both variants: the mailbox generator agrees with the python-chess
    #     "walls" generator in every position met.
    for variant, seed in ((bh, 11), (sw, 12)):
        rng = random.Random(seed)
        for _ in range(12):
            p = Position.from_fen(variant, START_FEN)
            for _ply in range(100):
                mine = p.legal_moves()
                assert sorted(m.uci() for m in mine) == sorted(pychess_wall_moves(p)), p.fen()
                sans = [p.san(m, mine) for m in mine]
                assert len(set(sans)) == len(sans), (p.fen(), sans)  # SAN names one move
                if not mine:
                    break
                p = p.apply(choose_move(p, mine, rng))
    print("selftest ok")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def usage():
    sys.stderr.write(__doc__)
    sys.exit(2)


def main(argv):
    if not argv:
        usage()
    if argv[0] == "--selftest":
        selftest()
        return
    if argv[0] == "--games":
        args = argv[1:]
        out = None
        if "--out" in args:
            i = args.index("--out")
            out = args[i + 1]
            args = args[:i] + args[i + 2:]
        if len(args) != 3 or args[0] not in VARIANTS:
            usage()
        text = generate_games(VARIANTS[args[0]], int(args[1]), int(args[2]))
        if out:
            with open(out, "w") as fh:
                fh.write(text)
        else:
            sys.stdout.write(text)
        return
    args = list(argv)
    show_list = "--list" in args
    args = [a for a in args if a != "--list"]
    if len(args) != 3 or args[0] not in VARIANTS:
        usage()
    pos = Position.from_fen(VARIANTS[args[0]], args[1])
    depth = int(args[2])
    if show_list:
        legal = pos.legal_moves()
        for s in sorted(pos.san(m, legal) for m in legal):
            print(s)
    for d in range(1, depth + 1):
        print("depth %d: %d" % (d, perft(pos, d)))


if __name__ == "__main__":
    main(sys.argv[1:])
