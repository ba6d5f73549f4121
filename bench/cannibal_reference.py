#!/usr/bin/env python3
"""Independent reference implementation of Cannibal Chess and Cannibal Chess (move).

Written only from the rule readings in notation/variants/cannibal.yaml and
notation/variants/cannibal-move.yaml and the FIDE Laws of Chess, to cross-check
the engine.  python-chess does the orthodox parts (board, orthodox legal moves,
attacks); own captures, re-insertions, two-move turns, legality of those,
SAN and check/mate marks are done here.

Usage:
  cannibal_reference.py VARIANT FEN DEPTH [--list]
  cannibal_reference.py --games VARIANT N SEED [--out FILE]
  cannibal_reference.py --selftest

VARIANT is `cannibal` or `cannibal-move`.

Rules as implemented (see the readings):
  * Every piece, the king included, may eat a friend other than the king,
    along its capture lines (first piece met), a pawn only diagonally forward,
    promoting on the last rank.  No en passant of one's own pawn.
  * An own capture must not leave one's own king attacked.
  * An eaten rook loses its castling right; a king or rook that eats has moved.
  * An own capture resets the 50-move counter.
  * cannibal: the eaten piece goes to the eater's reserve as what it is; a
    whole turn may be a re-insertion (drop) of one reserve piece on an empty
    square, pawns on ranks 2..7 only.  A drop must not leave one's own king
    attacked (so in check it must block).  A pawn drop resets the 50-move
    counter.
  * cannibal-move: after an own capture the same piece (as it stands, a
    promoted pawn as what it became) may make ONE more move in the same turn:
    any legal move of that piece but castling (quiet, an enemy capture, or
    eating another friend), never en passant (see the note below).  That
    second move earns nothing more, so a turn is at most two moves.  The
    compensation is optional: the player may end the turn after the
    sacrifice.  Each move must leave one's own king safe.  The eaten
    piece(s) are gone for good.

Perft counts sequences of whole turns (different orders of eating that lead to
the same position are different turns) and ignores the draw rules.  It is
memoised (a transposition table over placement, side, castling, e.p. square
and reserves); perft_plain() enumerates without it.  cannibal-move from the
start position: 192, 34734, 5502321 turn sequences at depths 1, 2, 3.
"""

import random
import sys
from typing import NamedTuple, Optional

import chess

CANNIBAL = "cannibal"
CANNIBAL_MOVE = "cannibal-move"
VARIANTS = (CANNIBAL, CANNIBAL_MOVE)
PGN_VARIANT_NAME = {CANNIBAL: "cannibal", CANNIBAL_MOVE: "cannibal move"}

START_FEN = {
    CANNIBAL: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    CANNIBAL_MOVE: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
}

# Choice: en passant is only possible as the first move of a turn (FIDE 3.7.4.2:
# "only on the move following this advance").  In cannibal-move the second move
# of a turn is therefore never en passant (the own capture that came first
# already was "the move following the advance"): apply_eat clears the e.p.
# square.

# Ranks on which a pawn may be re-inserted (ranks 2..7 for both colours).
PAWN_DROP_MASK = chess.BB_ALL & ~chess.BB_RANK_1 & ~chess.BB_RANK_8


class Mv(NamedTuple):
    """One move inside a turn.

    kind: 'std'  orthodox move (python-chess move: quiet, enemy capture,
                 castling, en passant, promotion)
          'eat'  capture of one's own piece
          'drop' re-insertion of a reserve piece (cannibal only); promo holds
                 the piece type.
    """
    kind: str
    frm: Optional[int]
    to: int
    promo: Optional[int]

    def chess_move(self):
        return chess.Move(self.frm, self.to, self.promo)


class Pos:
    """A position: python-chess board (pieces, side to move, castling,
    e.p. square, clocks) plus the two reserves (cannibal only)."""

    __slots__ = ("board", "res", "variant")

    def __init__(self, board, res, variant):
        self.board = board
        # res[color][piece_type] = count, color as int (WHITE=1, BLACK=0)
        self.res = res
        self.variant = variant

    def copy(self):
        return Pos(self.board.copy(stack=False), [self.res[0][:], self.res[1][:]], self.variant)

    def reserve_str(self):
        """Reserve letters, White's first (uppercase), e.g. `QNNb`."""
        s = ""
        for color in (chess.WHITE, chess.BLACK):
            for pt in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
                letter = chess.piece_symbol(pt)
                s += (letter.upper() if color else letter) * self.res[color][pt]
        return s

    def fen(self):
        b = self.board
        rest = b.fen(en_passant="fen").split(" ", 1)[1]
        if self.variant == CANNIBAL:
            return "%s[%s] %s" % (b.board_fen(), self.reserve_str(), rest)
        return "%s %s" % (b.board_fen(), rest)

    def key(self):
        """Position identity for repetition (same pieces, side, castling
        rights, e.p. possibilities, reserves)."""
        b = self.board
        ep = b.ep_square if b.has_legal_en_passant() else None
        return (b.board_fen(), b.turn, b.clean_castling_rights(), ep,
                tuple(self.res[0]), tuple(self.res[1]))


def parse_fen(fen, variant):
    fen = fen.strip()
    parts = fen.split()
    placement = parts[0]
    res = [[0] * 7, [0] * 7]
    if "[" in placement:
        placement, inside = placement.split("[", 1)
        if not inside.endswith("]"):
            raise ValueError("bad reserve in FEN: %r" % fen)
        for ch in inside[:-1]:
            pt = chess.PIECE_SYMBOLS.index(ch.lower())
            if pt in (0, chess.KING):
                raise ValueError("bad reserve piece %r" % ch)
            res[1 if ch.isupper() else 0][pt] += 1
    if variant == CANNIBAL_MOVE and any(res[0]) + any(res[1]):
        raise ValueError("cannibal-move has no reserves")
    board = chess.Board(" ".join([placement] + parts[1:]))
    return Pos(board, res, variant)


# ---------------------------------------------------------------------------
# Move generation
# ---------------------------------------------------------------------------

def enemy_king_mask(board):
    return board.kings & board.occupied_co[not board.turn]


def king_safe(board, color):
    k = board.king(color)
    return k is None or not board.is_attacked_by(not color, k)


def pseudo_own_captures(board, from_mask=chess.BB_ALL):
    """Own captures (frm, to, promo), not yet checked for legality."""
    us = board.turn
    ours = board.occupied_co[us]
    victims = ours & ~board.kings
    last_rank = chess.BB_RANK_8 if us == chess.WHITE else chess.BB_RANK_1
    for frm in chess.scan_forward(ours & from_mask):
        pt = board.piece_type_at(frm)
        if pt == chess.PAWN:
            lines = chess.BB_PAWN_ATTACKS[us][frm]  # diagonally forward only
        else:
            lines = board.attacks_mask(frm)  # stops at first piece met
        for to in chess.scan_forward(lines & victims):
            if pt == chess.PAWN and chess.BB_SQUARES[to] & last_rank:
                for promo in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT):
                    yield frm, to, promo
            else:
                yield frm, to, None


def apply_eat(board, frm, to, promo):
    """Play an own capture on `board` (side to move unchanged).
    Returns the type of the eaten piece."""
    us = board.turn
    mover = board.piece_type_at(frm)
    eaten = board.piece_type_at(to)
    board.remove_piece_at(frm)
    board.set_piece_at(to, chess.Piece(promo or mover, us))
    cr = board.castling_rights & ~chess.BB_SQUARES[frm] & ~chess.BB_SQUARES[to]
    if mover == chess.KING:
        cr &= ~(chess.BB_RANK_1 if us == chess.WHITE else chess.BB_RANK_8)
    board.castling_rights = cr
    board.ep_square = None
    board.halfmove_clock = 0
    return eaten


def end_turn(board, zeroing):
    """Pass the turn after a turn made by hand (own capture / drop)."""
    if board.turn == chess.BLACK:
        board.fullmove_number += 1
    board.turn = not board.turn
    board.ep_square = None
    board.halfmove_clock = 0 if zeroing else board.halfmove_clock + 1


def first_moves(pos):
    """Legal first moves of the turn: list of (Mv, child, mid).
    mid=True: cannibal-move after an own capture; child is the position with
    the same player still to move and the turn may go on (one more move) with
    child's piece on Mv.to.  mid=False: the turn is over in child."""
    b = pos.board
    us = b.turn
    out = []
    ek = enemy_king_mask(b)
    for m in b.generate_legal_moves(to_mask=chess.BB_ALL & ~ek):
        child = pos.copy()
        child.board.push(m)
        out.append((Mv("std", m.from_square, m.to_square, m.promotion), child, False))
    for frm, to, promo in pseudo_own_captures(b):
        child = pos.copy()
        eaten = apply_eat(child.board, frm, to, promo)
        if not king_safe(child.board, us):
            continue
        if pos.variant == CANNIBAL:
            child.res[us][eaten] += 1
            end_turn(child.board, True)
            out.append((Mv("eat", frm, to, promo), child, False))
        else:
            out.append((Mv("eat", frm, to, promo), child, True))
    if pos.variant == CANNIBAL:
        empty = chess.BB_ALL & ~b.occupied
        for pt in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
            if not pos.res[us][pt]:
                continue
            mask = empty & (PAWN_DROP_MASK if pt == chess.PAWN else chess.BB_ALL)
            for to in chess.scan_forward(mask):
                child = pos.copy()
                child.board.set_piece_at(to, chess.Piece(pt, us))
                if not king_safe(child.board, us):
                    continue
                child.res[us][pt] -= 1
                end_turn(child.board, pt == chess.PAWN)
                out.append((Mv("drop", None, to, pt), child, False))
    return out


def continuation_moves(mid, sq):
    """cannibal-move: legal second moves of the piece on `sq` after it ate a
    friend (castling excluded; e.p. impossible, see the note at the top).
    Same format as first_moves; the second move is the last of the turn, so
    every child is a finished turn (mid=False), an own capture included (it
    earns no further move)."""
    b = mid.board
    us = b.turn
    out = []
    ek = enemy_king_mask(b)
    for m in b.generate_legal_moves(from_mask=chess.BB_SQUARES[sq], to_mask=chess.BB_ALL & ~ek):
        if b.is_castling(m):
            continue
        child = mid.copy()
        child.board.push(m)
        child.board.halfmove_clock = 0  # the turn contained a capture
        out.append((Mv("std", m.from_square, m.to_square, m.promotion), child, False))
    for frm, to, promo in pseudo_own_captures(b, chess.BB_SQUARES[sq]):
        child = mid.copy()
        apply_eat(child.board, frm, to, promo)
        if not king_safe(child.board, us):
            continue
        end_turn(child.board, True)
        out.append((Mv("eat", frm, to, promo), child, False))
    return out


def ended(mid):
    """cannibal-move: the player stops after an own capture."""
    child = mid.copy()
    end_turn(child.board, True)
    return child


def turns(pos):
    """All legal turns: list of (list of Mv, resulting position)."""
    out = []
    for mv, child, is_mid in first_moves(pos):
        if is_mid:
            _extend_turns(child, [mv], out)
        else:
            out.append(([mv], child))
    return out


def _extend_turns(mid, prefix, out):
    """Turns starting with the sacrifice `prefix` (one own capture): stop
    there, or one more move of the same piece."""
    out.append((prefix, ended(mid)))
    for mv, child, is_mid in continuation_moves(mid, prefix[-1].to):
        assert not is_mid
        out.append((prefix + [mv], child))


def has_legal_turn(pos):
    b = pos.board
    us = b.turn
    ek = enemy_king_mask(b)
    if any(True for _ in b.generate_legal_moves(to_mask=chess.BB_ALL & ~ek)):
        return True
    for frm, to, promo in pseudo_own_captures(b):
        t = b.copy(stack=False)
        apply_eat(t, frm, to, promo)
        if king_safe(t, us):
            return True
    if pos.variant == CANNIBAL and any(pos.res[us][1:6]):
        # a drop never exposes the own king: out of check any drop will do
        return any(mv.kind == "drop" for mv, _, _ in first_moves(pos))
    return False


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def count_turns(pos, mid_memo=None):
    """Number of legal turns (same as len(turns(pos)), a bit faster)."""
    b = pos.board
    us = b.turn
    ek = enemy_king_mask(b)
    n = sum(1 for _ in b.generate_legal_moves(to_mask=chess.BB_ALL & ~ek))
    for frm, to, promo in pseudo_own_captures(b):
        t = b.copy(stack=False)
        apply_eat(t, frm, to, promo)
        if not king_safe(t, us):
            continue
        if pos.variant == CANNIBAL:
            n += 1
        else:
            n += _count_from_mid(Pos(t, pos.res, pos.variant), to, mid_memo)
    if pos.variant == CANNIBAL:
        in_check = b.is_check()
        empty = chess.BB_ALL & ~b.occupied
        for pt in (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
            if not pos.res[us][pt]:
                continue
            mask = empty & (PAWN_DROP_MASK if pt == chess.PAWN else chess.BB_ALL)
            if not in_check:
                n += chess.popcount(mask)
            else:
                for to in chess.scan_forward(mask):
                    b.set_piece_at(to, chess.Piece(pt, us))
                    if king_safe(b, us):
                        n += 1
                    b.remove_piece_at(to)
    return n


def _count_from_mid(mid, sq, memo=None):
    """Number of ways to finish a cannibal-move turn whose piece on `sq` has
    just eaten a friend (stopping now counts as one)."""
    if memo is not None:
        k = (mid.board.board_fen(), mid.board.turn, sq)
        if k in memo:
            return memo[k]
    n = 1 + len(continuation_moves(mid, sq))  # stop here, or one more move
    if memo is not None:
        memo[k] = n
    return n


def perft_plain(pos, depth):
    """Perft by plain enumeration of every turn (slow; used to check the
    memoised version)."""
    if depth == 0:
        return 1
    if depth == 1:
        return count_turns(pos)
    return sum(perft_plain(child, depth - 1) for _, child in turns(pos))


# Memoised perft.  The number of turn sequences from a position depends only
# on the placement, side to move, castling rights, e.p. square and reserves
# (perft ignores the clocks and draw rules), so positions reached twice are
# counted once.  In cannibal-move the turns of a position are grouped by the
# position they lead to (different orders of eating the same friends often
# lead to the same position).

def perft_key(pos):
    b = pos.board
    return (b.board_fen(), b.turn, b.clean_castling_rights(), b.ep_square,
            tuple(pos.res[0]), tuple(pos.res[1]))


def grouped_turns(pos, mid_memo):
    """{perft_key: [child, multiplicity]} over all legal turns of pos."""
    out = {}

    def add(child, mult):
        k = perft_key(child)
        if k in out:
            out[k][1] += mult
        else:
            out[k] = [child, mult]

    for mv, child, is_mid in first_moves(pos):
        if is_mid:
            for c, mult in _results_from_mid(child, mv.to, mid_memo).values():
                add(c, mult)
        else:
            add(child, 1)
    return out


def _results_from_mid(mid, sq, memo):
    k = (mid.board.board_fen(), mid.board.turn, mid.board.castling_rights, sq)
    if k in memo:
        return memo[k]
    out = {}

    def add(child, mult):
        kk = perft_key(child)
        if kk in out:
            out[kk][1] += mult
        else:
            out[kk] = [child, mult]

    add(ended(mid), 1)
    for mv, child, is_mid in continuation_moves(mid, sq):
        assert not is_mid
        add(child, 1)
    memo[k] = out
    return out


def perft(pos, depth, memo=None):
    if memo is None:
        memo = {"tt": {}, "count": {}, "results": {}}
    if depth == 0:
        return 1
    if depth == 1:
        return count_turns(pos, memo["count"])
    k = (perft_key(pos), depth)
    tt = memo["tt"]
    if k not in tt:
        tt[k] = sum(mult * perft(child, depth - 1, memo)
                    for child, mult in grouped_turns(pos, memo["results"]).values())
    return tt[k]


# ---------------------------------------------------------------------------
# SAN
# ---------------------------------------------------------------------------

def move_san(board, mv, context):
    """SAN of one move (without check mark).  `context` is the list of the
    Mv's legal at that point (for disambiguation)."""
    if mv.kind == "drop":
        return "%s@%s" % (chess.piece_symbol(mv.promo).upper(), chess.square_name(mv.to))
    pt = board.piece_type_at(mv.frm)
    if mv.kind == "std":
        m = mv.chess_move()
        if board.is_castling(m):
            return "O-O" if chess.square_file(mv.to) > chess.square_file(mv.frm) else "O-O-O"
        capture = board.is_capture(m)
    else:
        capture = True
    to_name = chess.square_name(mv.to)
    promo = "=" + chess.piece_symbol(mv.promo).upper() if mv.promo else ""
    if pt == chess.PAWN:
        if capture:
            return "%sx%s%s" % (chess.FILE_NAMES[chess.square_file(mv.frm)], to_name, promo)
        return to_name + promo
    others = {o.frm for o in context
              if o.kind in ("std", "eat") and o.to == mv.to and o.frm != mv.frm
              and board.piece_type_at(o.frm) == pt}
    dis = ""
    if others:
        f, r = chess.square_file(mv.frm), chess.square_rank(mv.frm)
        if all(chess.square_file(o) != f for o in others):
            dis = chess.FILE_NAMES[f]
        elif all(chess.square_rank(o) != r for o in others):
            dis = chess.RANK_NAMES[r]
        else:
            dis = chess.square_name(mv.frm)
    return "%s%s%s%s%s" % (chess.piece_symbol(pt).upper(), dis, "x" if capture else "", to_name, promo)


def check_mark(final):
    if not final.board.is_check():
        return ""
    return "+" if has_legal_turn(final) else "#"


def turn_sans(pos, moves):
    """SANs of the moves of one turn (list), the check mark on the last."""
    sans = []
    cur = pos
    mid = False
    for i, mv in enumerate(moves):
        options = continuation_moves(cur, moves[i - 1].to) if mid else first_moves(cur)
        context = [o for o, _, _ in options]
        sans.append(move_san(cur.board, mv, context))
        match = [(c, im) for o, c, im in options if o == mv]
        assert match, "illegal move in turn"
        cur, mid = match[0]
    final = ended(cur) if mid else cur
    sans[-1] += check_mark(final)
    return sans, final


def list_turns(pos):
    out = []
    firsts = first_moves(pos)
    ctx = [o for o, _, _ in firsts]
    for moves, final in turns(pos):
        sans = []
        cur = pos
        for i, mv in enumerate(moves):
            if i == 0:
                context = ctx
                nxt = [(c, im) for o, c, im in firsts if o == mv][0][0]
            else:
                opts = continuation_moves(cur, moves[i - 1].to)
                context = [o for o, _, _ in opts]
                nxt = [c for o, c, _ in opts if o == mv][0]
            sans.append(move_san(cur.board, mv, context))
            cur = nxt
        sans[-1] += check_mark(final)
        out.append(",".join(sans))
    return out


# ---------------------------------------------------------------------------
# Random games
# ---------------------------------------------------------------------------

def insufficient(pos):
    if any(pos.res[0][1:6]) or any(pos.res[1][1:6]):
        return False
    return pos.board.is_insufficient_material()


def pick(rng, options, p_eat, p_drop):
    eats = [o for o in options if o[0].kind == "eat"]
    drops = [o for o in options if o[0].kind == "drop"]
    stds = [o for o in options if o[0].kind == "std"]
    r = rng.random()
    if eats and r < p_eat:
        return rng.choice(eats)
    if drops and r < p_eat + p_drop:
        return rng.choice(drops)
    return rng.choice(stds or eats or drops)


def random_turn(rng, pos):
    """A random legal turn, biased towards own captures, drops and
    second moves.  Returns list of Mv, or None if there is none."""
    opts = first_moves(pos)
    if not opts:
        return None
    mv, child, mid = pick(rng, opts, 0.35, 0.3)
    moves = [mv]
    if mid:  # after a sacrifice: stop, or one more move (the last)
        conts = continuation_moves(child, mv.to)
        if conts and rng.random() >= 0.25:
            mv, child, mid = pick(rng, conts, 0.4, 0.0)
            moves.append(mv)
    return moves


def play_game(rng, variant, round_no):
    pos = parse_fen(START_FEN[variant], variant)
    length = rng.randint(20, 120)
    seen = {}
    seen[pos.key()] = 1
    slots = []  # SAN strings of the turns
    result = "*"
    for _ in range(length):
        moves = random_turn(rng, pos)
        if moves is None:
            break
        sans, pos = turn_sans(pos, moves)
        slots.append(",".join(sans))
        if not has_legal_turn(pos):
            if pos.board.is_check():
                result = "0-1" if pos.board.turn == chess.WHITE else "1-0"
            else:
                result = "1/2-1/2"
            break
        k = pos.key()
        seen[k] = seen.get(k, 0) + 1
        if pos.board.halfmove_clock >= 100 or seen[k] >= 3 or insufficient(pos):
            break
    tags = [
        ("Event", "cannibal reference random game"),
        ("Site", "?"),
        ("Date", "2026.11.26"),
        ("Round", str(round_no)),
        ("White", "A"),
        ("Black", "B"),
        ("Result", result),
        ("Variant", PGN_VARIANT_NAME[variant]),
    ]
    head = "".join('[%s "%s"]\n' % kv for kv in tags)
    tokens = []  # a move number stays on the line of White's turn
    for i, s in enumerate(slots):
        tokens.append("%d. %s" % (i // 2 + 1, s) if i % 2 == 0 else s)
    tokens.append(result)
    lines, line = [], ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = line + " " + t if line else t
    lines.append(line)
    return head + "\n" + "\n".join(lines) + "\n"


def games(variant, n, seed, out):
    rng = random.Random(seed)
    text = "\n".join(play_game(rng, variant, k + 1) for k in range(n))
    if out:
        with open(out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


# ---------------------------------------------------------------------------
# Self test
# ---------------------------------------------------------------------------

def _sans(variant, fen):
    return set(list_turns(parse_fen(fen, variant)))


def _turn_to(pos, san_turn):
    """The position after the turn written `san_turn` (from --list)."""
    firsts = first_moves(pos)
    ctx = [o for o, _, _ in firsts]
    for moves, child in turns(pos):
        if len(moves) == 1 and move_san(pos.board, moves[0], ctx).rstrip("+#") == san_turn:
            return child
    raise AssertionError("no turn %s" % san_turn)


def selftest():
    C, M = CANNIBAL, CANNIBAL_MOVE

    # Start position: 20 orthodox moves + 19 own captures.
    s = _sans(C, START_FEN[C])
    eats = {"Nxd2", "Nxe2", "Bxb2", "Bxd2", "Bxe2", "Bxg2", "Rxa2", "Rxb1", "Rxg1",
            "Rxh2", "Qxc1", "Qxc2", "Qxd2", "Qxe2", "Kxd1", "Kxd2", "Kxe2", "Kxf1", "Kxf2"}
    assert eats <= s and len(s) == 39, len(s)
    # After 1.Qxd2 the d-file is open: Black's king may not eat d7.
    p = _turn_to(parse_fen(START_FEN[C], C), "Qxd2")
    assert p.res[1][chess.PAWN] == 1 and p.reserve_str() == "P"
    assert p.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPQPPPP/RNB1KBNR[P] b KQkq - 0 1", p.fen()
    s = set(list_turns(p))
    assert "Kxd7" not in s and "Kxf7" in s and len(s) == 38

    # King may not eat a friend on an attacked square; a pinned pawn may not
    # eat off its pin line; a shielded pawn may eat along or off the line;
    # own captures are disambiguated like other moves.
    fen = "r3k2r/p6p/8/8/1b5q/4N1N1/Pn1P1P1P/R2QK2R[Nr] w KQkq - 0 1"
    s = _sans(C, fen)
    assert "Kxd1" not in s and "Kxd2" not in s and "Kxf2" in s
    assert "dxe3" not in s and "d3" not in s          # d2 pinned by Bb4
    assert {"fxe3", "fxg3", "f3", "hxg3", "Qxd2"} <= s  # f2/g3 shield each other
    assert {"Nef1", "Ngf1", "Nxd1", "Nxh1", "Qxa1", "Rxd1", "Rxa2", "Rxh2", "O-O"} <= s
    assert "N@c7+" in s and len(s) == 90
    # eaten / eating rooks lose their castling rights
    assert not _turn_to(parse_fen(fen, C), "Qxa1").board.castling_rights & chess.BB_A1
    q = _turn_to(parse_fen(fen, C), "Rxh2")
    assert q.board.castling_rights & chess.BB_RANK_1 == chess.BB_A1
    assert q.res[1][chess.PAWN] == 1 and q.res[0][chess.ROOK] == 1
    q = _turn_to(parse_fen(fen, C), "Kxf2")
    assert not q.board.castling_rights & chess.BB_RANK_1

    # Pawn eats a friend on the last rank and promotes; drops may give mate.
    fen = "3Bk3/2P5/8/8/8/8/6p1/K4n1b[Qr] w - - 0 1"
    s = _sans(C, fen)
    assert {"cxd8=Q+", "cxd8=R+", "cxd8=B", "cxd8=N", "Bxc7", "Q@e7#", "Q@a4+"} <= s
    q = _turn_to(parse_fen(fen, C), "cxd8=Q")
    assert q.res[1][chess.BISHOP] == 1 and q.board.piece_type_at(chess.D8) == chess.QUEEN
    s = set(list_turns(_turn_to(parse_fen(fen, C), "Ka2")))
    assert {"gxf1=Q", "gxh1=N", "gxf1=R"} <= s and "R@a8+" in s

    # In check: re-insertions may block, the king may eat out of check but
    # not onto an attacked square; other own captures cannot help.
    fen = "4k3/8/8/8/8/8/3PNP2/r3KB1R[RNp] w K - 0 1"
    s = _sans(C, fen)
    assert s == {"Kxd2", "Kxe2", "Kxf2", "N@b1", "N@c1", "N@d1", "R@b1", "R@c1",
                 "R@d1", "Nc1"}, s
    # pawns are re-inserted on ranks 2..7 only
    s = _sans(C, "4k3/8/8/8/8/8/8/4K3[p] b - - 0 1")
    assert len(s) == 5 + 48 and "P@a7" in s and "P@h2+" not in s and "P@f2+" in s
    # a re-inserted pawn on its second rank may double step
    q = _turn_to(parse_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", C), "P@d2")
    q = _turn_to(q, "Kd7")
    assert "d4" in _sans(C, q.fen())
    # FEN reserves round trip
    assert parse_fen("8/8/8/8/8/8/8/K1k5[QNNbp] w - - 0 1", C).reserve_str() == "QNNbp"

    # own captures are disambiguated among the legal moves (file, rank, both)
    s = _sans(C, "4k3/8/8/8/8/2N3N1/4P3/2N1K3[] w - - 0 1")
    assert {"N1xe2", "Nc3xe2", "Ngxe2", "Kxe2"} <= s
    s = _sans(C, "4k3/8/8/8/8/2N3N1/4P3/4K3[] w - - 0 1")
    assert {"Ncxe2", "Ngxe2", "Nce4", "Nge4"} <= s and len(s) == 21

    # cannibal-move: one more move after a sacrifice (which may eat another
    # friend but earns nothing more: at most two moves), the option to stop,
    # the eaten piece is gone, a sacrifice that exposes the king cannot be
    # mended.  31 orthodox moves, 7 sacrifices, 70 second moves.
    fen = "4r1k1/5ppp/8/8/8/4Q3/3BR3/4K3 w - - 0 1"
    s = _sans(M, fen)
    assert {"Qxd2", "Qxd2,Qxe2", "Kxd2,Kxe2", "Kxe2,Kxd2", "Rxe3,Rxe8+", "Rxd2",
            "Rxd2,Rd8", "Qxe2,Qxe8+"} <= s
    assert max(x.count(",") for x in s) == 1  # no third move
    assert "Qxd2,Qxe2,Qxe8+" not in s
    assert not any(x.startswith("Qxe2,Qxd2") for x in s)  # queen pinned alone on e2
    assert not any(x.startswith("Rxe3,Rx") and not x.startswith("Rxe3,Rxe8") for x in s)
    assert not any(x.startswith(("Kxd2,Kxe3", "Kxe2,Kxe3")) for x in s)  # e3 attacked
    assert len(s) == 108, len(s)
    for moves, child in turns(parse_fen(fen, M)):
        assert not any(child.res[0]) and not any(child.res[1])
        assert child.board.turn == chess.BLACK and len(moves) <= 2
    # a second own capture ends the turn: Black to move, both friends gone
    q = [c for mv, c in turns(parse_fen(fen, M))
         if [(m.kind, m.frm, m.to) for m in mv] == [("eat", chess.E3, chess.D2),
                                                   ("eat", chess.D2, chess.E2)]]
    assert len(q) == 1 and q[0].fen() == "4r1k1/5ppp/8/8/8/8/4Q3/4K3 b - - 0 1", q[0].fen()
    s = _sans(M, "4r1k1/8/8/8/8/8/3BR3/4K3 w - - 0 1")
    assert not any(x.startswith("Rxd2") for x in s)  # pinned rook off its line
    # check by the first move: left standing or not by the second
    fen = "r3k3/p2N4/1P3P2/1B6/8/8/8/4K3 w q - 0 1"
    s = _sans(M, fen)
    assert {"Nxb6+", "Nxb6,Nd7", "Nxb6,Nxa8+", "Nxf6,Ng8+", "Bxd7+", "Bxd7,Bc8"} <= s
    assert len(s) == 43
    # no en passant as the second move of a turn
    s = _sans(M, "4k3/8/8/3pN3/5P2/8/8/4K3 w - d6 0 1")
    assert "fxe5,e6" in s and "fxe5,exd6" not in s and len(s) == 16
    s = _sans(M, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert "exd6" in s
    # promotion by an own capture, then moving on as the new piece
    s = _sans(M, "k3N3/3P4/8/8/8/8/8/4K3 w - - 0 1")
    assert {"dxe8=Q+", "dxe8=N,Nc7+", "dxe8=Q,Qa4+", "dxe8=B,Bb5"} <= s, sorted(s)
    # a rook on a full rank of friends eats one and may eat the next, no more
    s = _sans(M, "4k3/8/8/8/8/8/8/RNBQK3 w Q - 0 1")
    assert {"Rxb1", "Rxb1,Rxc1", "Rxb1,Ra1", "Rxb1,Rb8+"} <= s
    assert not any(x.startswith("Rxb1,Rxc1,") for x in s)
    # no castling as the second move (moot anyway: a king or rook that eats
    # has moved and lost its castling right)
    assert not any(",O-O" in x for x in s)

    # The memoised perft agrees with plain enumeration.
    for v, f, d in ((C, START_FEN[C], 3),
                    (C, "3Bk3/2P5/8/8/8/8/6p1/K4n1b[Qr] w - - 0 1", 2),
                    (M, "r3k3/p2N4/1P3P2/1B6/8/8/8/4K3 w q - 0 1", 3),
                    (M, "4r1k1/5ppp/8/8/8/4Q3/3BR3/4K3 w - - 0 1", 2),
                    (M, START_FEN[M], 2)):
        q = parse_fen(f, v)
        assert perft(q, d) == perft_plain(q, d), (v, f)
        assert perft(q, 1) == len(list_turns(q)) == len(turns(q))
    assert [perft(parse_fen(START_FEN[C], C), d) for d in (1, 2, 3)] == [39, 1519, 86860]
    assert [perft(parse_fen(START_FEN[M], M), d) for d in (1, 2)] == [192, 34734]
    print("selftest passed")


# ---------------------------------------------------------------------------

def main(argv):
    if argv[:1] == ["--selftest"]:
        selftest()
        return 0
    if argv[:1] == ["--games"]:
        variant, n, seed = argv[1], int(argv[2]), int(argv[3])
        out = None
        if "--out" in argv:
            out = argv[argv.index("--out") + 1]
        if variant not in VARIANTS:
            raise SystemExit("unknown variant %r" % variant)
        games(variant, n, seed, out)
        return 0
    args = [a for a in argv if a != "--list"]
    if len(args) != 3 or args[0] not in VARIANTS:
        print(__doc__)
        return 2
    variant, fen, depth = args[0], args[1], int(args[2])
    pos = parse_fen(fen, variant)
    if "--list" in argv:
        for s in sorted(list_turns(pos)):
            print(s)
    for d in range(1, depth + 1):
        print("depth %d: %d" % (d, perft(pos, d)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
