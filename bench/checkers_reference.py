#!/usr/bin/env python3
"""Independent, deliberately simple reference move generator for the
"checkers" chess variants, used only to cross-check perft counts.

Usage:
    python3 bench/checkers_reference.py VARIANT FEN DEPTH [--list]
                                        [--castle-landing-after]
    python3 bench/checkers_reference.py selftest

Prints ``depth 1: N`` ... ``depth DEPTH: N`` where perft counts sequences of
complete turns.  With ``--list`` (or when the depth-1 count is below 40) the
depth-1 turns are also printed in UCI notation, one per line; a turn made of
several jumps is written as its steps joined by commas (``d3d5,d5d7``).

VARIANT is one of ``checkers``, ``checkers-pawns-diagonal``,
``checkers-pawns-forward`` (and ``chess``, plain FIDE chess without any
jumps, which exists only so that ``selftest`` can check the orthodox part of
this file against well-known perft numbers).

Rules implemented
=================
All variants are orthodox FIDE chess (castling, en passant, promotion to
Q/R/B/N) plus jumps:

1. JUMPS.  A king, queen, rook or bishop may, in addition to its orthodox
   moves, jump: along one of its own line directions (rook: 4 orthogonal;
   bishop: 4 diagonal; queen and king: all 8), over a piece (of EITHER
   color) standing on the adjacent square in that direction, to the square
   immediately beyond, which must be empty (and on the board).  If the jumped
   piece is an enemy, it is captured (removed).  A jump over a friendly piece
   captures nothing.  Knights never jump.
   In ``checkers`` pawns do not jump.  In ``checkers-pawns-diagonal`` a pawn
   may also jump diagonally forward (its two forward diagonals).  In
   ``checkers-pawns-forward`` a pawn may jump diagonally forward AND straight
   forward (over the piece directly in front to the empty square beyond; this
   is not a double step and gives no en passant right).  A pawn jump landing
   on the last rank promotes (Q, R, B or N).
2. CHAINS.  After a jump that CAPTURED, the same piece may continue its turn
   with further capturing jumps (each must capture an enemy piece), any
   number of times, or stop; every prefix of a chain is a distinct complete
   turn.  A non-capturing jump, any normal move, or a promotion ends the
   turn.  During a chain only that piece moves, and only by capturing jumps.
3. LEGALITY.  Every single move or jump (including each jump inside a chain)
   must leave the mover's own king NOT capturable.  A king of color C on s is
   capturable if the opponent could, in its next turn, capture it:
   (a) by an orthodox capture (ordinary chess attack, incl. pawn attacks),
   (b) by a jump over s, or
   (c) by a chain of capturing jumps by one enemy piece (each over a piece of
       color C onto an empty square, captured pieces removed as it goes)
       whose last jump is over s.  A pawn chain ends when the pawn promotes.
   No move or jump may capture a king.
4. CASTLING as in chess, but "attacked" for the king's current square, the
   crossed square and the landing square means capturable as in 3 (with the
   king imagined standing on that square).
5. En passant as in chess (only orthodox double steps create it; only as
   the first -- and then only -- move of a turn).

Interpretation choices (where the brief left room)
---------------------------------------------------
* A jump over one's OWN king is allowed (it is a non-capturing jump; rule 1
  says "a piece of either color").  Jumping over the ENEMY king is never
  generated (it would capture a king).
* "Capturable" is judged pseudo-legally for the attacker, exactly like
  "attacked" in orthodox chess: the attacker's own king safety is ignored,
  both for orthodox attacks and for every jump of an attacking chain.
* An attacking chain (rule 3c) consists of capturing jumps only, starting
  with the first one (a non-capturing jump would end the attacker's turn).
  The attacker vacates its start square, so later jumps may land there.
* Castling: the current, crossed and landing squares are tested with the
  king placed on them and the rook still on its corner; in addition the
  general rule 3 is applied to the real position after castling (king AND
  rook moved).  Both must pass.  The two tests of the landing square can
  disagree (example: ``4k3/8/8/8/8/1r6/1P6/R3K3 w Q - 0 1``: the chain
  b3b1,b1d1 jumps over c1 only while d1 is still empty, so O-O-O is refused
  by default).  Option ``--castle-landing-after`` drops the "imagined" test
  of the landing square and keeps only the real post-castling test.
* Castling rights are lost when a step (a move or any jump of a chain)
  starts or ends on the king's or a rook's home square.  Corner squares can
  never be jumped over, so a rook at home cannot be captured by a jump.
* A promotion by a capturing pawn jump ends the turn (no continuation with
  the new piece).
* An en passant capture is an orthodox move and never starts a chain.
* The en passant square is recorded after every orthodox double step
  (whether or not a capture is possible; this does not affect counts).
* Turns are counted as move sequences: different chains reaching the same
  position are different turns.

Board representation: a list of 64 entries, index = file + 8 * rank
(a1 = 0, h8 = 63); an entry is None or a FEN letter (upper case = white).
Everything is written from scratch; python-chess is not used.
"""

import sys
import time

WHITE, BLACK = 'w', 'b'
VARIANTS = ('checkers', 'checkers-pawns-diagonal', 'checkers-pawns-forward',
            'chess')

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_DELTAS = [(1, 2), (2, 1), (2, -1), (1, -2),
                 (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
PROMOTIONS = 'qrbn'

# Set by --castle-landing-after: test the castling landing square only in the
# real position after castling (see the module docstring).
CASTLE_LANDING_ONLY_AFTER = False


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def square_name(s):
    return 'abcdefgh'[s % 8] + str(s // 8 + 1)


def parse_square(name):
    return 'abcdefgh'.index(name[0]) + 8 * (int(name[1]) - 1)


# ---------------------------------------------------------------------------
# Precomputed geometry
# ---------------------------------------------------------------------------

# RAY[s, d] = squares met when walking from s in direction d (s excluded).
RAY = {}
for _s in range(64):
    for _d in ORTH + DIAG:
        _f, _r = _s % 8 + _d[0], _s // 8 + _d[1]
        _ray = []
        while on_board(_f, _r):
            _ray.append(_f + 8 * _r)
            _f += _d[0]
            _r += _d[1]
        RAY[_s, _d] = _ray

# KNIGHT_TO[s] = knight destinations from s.
KNIGHT_TO = []
for _s in range(64):
    _f, _r = _s % 8, _s // 8
    KNIGHT_TO.append([(_f + a) + 8 * (_r + b) for a, b in KNIGHT_DELTAS
                      if on_board(_f + a, _r + b)])

# Which castling rights disappear when a step starts or ends on a square.
RIGHTS_LOST_AT = {
    parse_square('e1'): 'KQ', parse_square('a1'): 'Q', parse_square('h1'): 'K',
    parse_square('e8'): 'kq', parse_square('a8'): 'q', parse_square('h8'): 'k',
}


def color_of(piece):
    return WHITE if piece.isupper() else BLACK


def other(color):
    return BLACK if color == WHITE else WHITE


def forward(color):
    """Rank direction in which pawns of `color` move."""
    return 1 if color == WHITE else -1


def last_rank(color):
    return 7 if color == WHITE else 0


def jump_dirs(piece, variant):
    """Directions in which `piece` may jump in `variant` (rule 1)."""
    if variant == 'chess':
        return []
    kind = piece.upper()
    if kind == 'R':
        return ORTH
    if kind == 'B':
        return DIAG
    if kind in 'QK':
        return ORTH + DIAG
    if kind == 'P':
        fwd = forward(color_of(piece))
        if variant == 'checkers-pawns-diagonal':
            return [(-1, fwd), (1, fwd)]
        if variant == 'checkers-pawns-forward':
            return [(-1, fwd), (1, fwd), (0, fwd)]
    return []  # knights; pawns in plain `checkers`


# ---------------------------------------------------------------------------
# Position and FEN
# ---------------------------------------------------------------------------

class Position:
    """board: list of 64; turn: 'w'/'b'; castling: frozenset of 'KQkq'
    letters; ep: en passant target square index or None."""

    __slots__ = ('board', 'turn', 'castling', 'ep')

    def __init__(self, board, turn, castling, ep):
        self.board = board
        self.turn = turn
        self.castling = castling
        self.ep = ep


def parse_fen(fen):
    fields = fen.split()
    board = [None] * 64
    for i, row in enumerate(fields[0].split('/')):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[f + 8 * rank] = ch
                f += 1
    turn = fields[1] if len(fields) > 1 else WHITE
    castling = frozenset(fields[2]) - {'-'} if len(fields) > 2 else frozenset()
    ep = None
    if len(fields) > 3 and fields[3] != '-':
        ep = parse_square(fields[3])
    return Position(board, turn, castling, ep)


# ---------------------------------------------------------------------------
# Capturability (rule 3)
# ---------------------------------------------------------------------------

def orthodox_attacked(board, s, by):
    """Rule 3(a): can a piece of color `by` capture on s by an ordinary
    chess capture (pseudo-legally)?"""
    P, N, B, R, Q, K = 'PNBRQK' if by == WHITE else 'pnbrqk'
    # A pawn of `by` attacks s from one rank "behind" s (from its viewpoint).
    back = -forward(by)
    for df in (-1, 1):
        ray = RAY[s, (df, back)]
        if ray and board[ray[0]] == P:
            return True
    for t in KNIGHT_TO[s]:
        if board[t] == N:
            return True
    for dirs, slider in ((ORTH, R), (DIAG, B)):
        for d in dirs:
            ray = RAY[s, d]
            for i, t in enumerate(ray):
                p = board[t]
                if p is None:
                    continue
                if p == slider or p == Q or (p == K and i == 0):
                    return True
                break
    return False


def _chain_hits(board, at, piece, dirs, target, by):
    """DFS over chains of capturing jumps of `piece` (color `by`) standing
    on `at`.  True if some chain ends with a jump over `target`.
    `board` is modified temporarily and restored before returning."""
    for d in dirs:
        ray = RAY[at, d]
        if len(ray) < 2:
            continue
        mid, land = ray[0], ray[1]
        victim = board[mid]
        if victim is None or color_of(victim) == by or board[land] is not None:
            continue  # chain jumps must capture and land on an empty square
        if mid == target:
            return True
        # Capture `victim` and look for continuations from `land`.
        board[mid] = None
        board[at] = None
        board[land] = piece
        promoted = piece.upper() == 'P' and land // 8 == last_rank(by)
        found = (not promoted) and _chain_hits(board, land, piece, dirs,
                                               target, by)
        board[land] = None
        board[at] = piece
        board[mid] = victim
        if found:
            return True
    return False


def capturable(board, s, owner, variant):
    """Rule 3: could the opponent of `owner` capture the piece (a king) of
    color `owner` standing on s during its next turn?"""
    by = other(owner)
    if orthodox_attacked(board, s, by):
        return True
    work = board[:]  # scratch copy for the chain search
    for at in range(64):
        piece = work[at]
        if piece is None or color_of(piece) != by:
            continue
        dirs = jump_dirs(piece, variant)
        if dirs and _chain_hits(work, at, piece, dirs, s, by):
            return True
    return False


def king_capturable(board, owner, variant):
    king = 'K' if owner == WHITE else 'k'
    for s in range(64):
        if board[s] == king:
            return capturable(board, s, owner, variant)
    return False  # no king (not expected in test positions)


# ---------------------------------------------------------------------------
# Steps (single moves / single jumps)
# ---------------------------------------------------------------------------
# A step is a tuple (kind, frm, to, promo, captures):
#   kind     'move'   orthodox move or capture (incl. promotions)
#            'double' orthodox pawn double step
#            'ep'     en passant capture
#            'castle' castling, given as the king's move
#            'jump'   a jump; the jumped square is (frm + to) // 2
#   promo    None or one of 'qrbn'
#   captures for jumps: whether an enemy piece is jumped (and removed)


def step_uci(step):
    return square_name(step[1]) + square_name(step[2]) + (step[3] or '')


def turn_uci(steps):
    return ','.join(step_uci(st) for st in steps)


def apply_step(board, castling, step):
    """Play `step` on `board` (in place).  Returns the new castling rights."""
    kind, frm, to, promo, captures = step
    piece = board[frm]
    board[frm] = None
    if kind == 'ep':
        board[to % 8 + 8 * (frm // 8)] = None  # the pawn passed by
    elif kind == 'castle':
        rank = frm // 8
        if to > frm:   # king side: rook h -> f
            rook_from, rook_to = 7 + 8 * rank, 5 + 8 * rank
        else:          # queen side: rook a -> d
            rook_from, rook_to = 0 + 8 * rank, 3 + 8 * rank
        board[rook_to] = board[rook_from]
        board[rook_from] = None
    elif kind == 'jump' and captures:
        board[(frm + to) // 2] = None
    if promo:
        piece = promo.upper() if piece.isupper() else promo
    board[to] = piece
    lost = RIGHTS_LOST_AT.get(frm, '') + RIGHTS_LOST_AT.get(to, '')
    return castling - frozenset(lost) if lost else castling


def _with_promotions(kind, frm, to, captures, is_pawn, color):
    if is_pawn and to // 8 == last_rank(color):
        return [(kind, frm, to, p, captures) for p in PROMOTIONS]
    return [(kind, frm, to, None, captures)]


def jump_steps(board, s, variant, capturing_only):
    """Pseudo-legal jumps of the piece on s (rule 1)."""
    piece = board[s]
    us = color_of(piece)
    is_pawn = piece.upper() == 'P'
    steps = []
    for d in jump_dirs(piece, variant):
        ray = RAY[s, d]
        if len(ray) < 2:
            continue
        mid, land = ray[0], ray[1]
        jumped = board[mid]
        if jumped is None or board[land] is not None:
            continue
        captures = color_of(jumped) != us
        if captures and jumped.upper() == 'K':
            continue  # never capture a king
        if capturing_only and not captures:
            continue
        steps += _with_promotions('jump', s, land, captures, is_pawn, us)
    return steps


def castling_steps(pos, variant):
    board, us = pos.board, pos.turn
    home = 0 if us == WHITE else 56
    king_sq = home + 4
    K, R = ('K', 'R') if us == WHITE else ('k', 'r')
    if board[king_sq] != K:
        return []
    sides = []
    # (right, rook square, squares that must be empty, crossed + landing)
    if ('K' if us == WHITE else 'k') in pos.castling:
        sides.append((home + 7, [home + 5, home + 6], [home + 5, home + 6]))
    if ('Q' if us == WHITE else 'q') in pos.castling:
        sides.append((home + 0, [home + 1, home + 2, home + 3],
                      [home + 3, home + 2]))
    result = []
    for rook_sq, empty, path in sides:
        if board[rook_sq] != R or any(board[t] is not None for t in empty):
            continue
        if capturable(board, king_sq, us, variant):
            continue  # may not castle out of "check"
        ok = True
        imagined = path[:-1] if CASTLE_LANDING_ONLY_AFTER else path
        for t in imagined:  # imagine the king standing on t
            b = board[:]
            b[king_sq] = None
            b[t] = K
            if capturable(b, t, us, variant):
                ok = False
                break
        if ok:
            result.append(('castle', king_sq, path[-1], None, False))
    return result


def first_steps(pos, variant):
    """All pseudo-legal first steps of a turn: orthodox moves, castling,
    en passant and (capturing or not) jumps."""
    board, us = pos.board, pos.turn
    steps = []
    for s in range(64):
        piece = board[s]
        if piece is None or color_of(piece) != us:
            continue
        kind = piece.upper()
        f, r = s % 8, s // 8

        def target_ok(t):
            p = board[t]
            return p is None or (color_of(p) != us and p.upper() != 'K')

        if kind == 'P':
            fwd = forward(us)
            one = RAY[s, (0, fwd)]
            if one and board[one[0]] is None:
                steps += _with_promotions('move', s, one[0], False, True, us)
                start_rank = 1 if us == WHITE else 6
                if r == start_rank and board[one[1]] is None:
                    steps.append(('double', s, one[1], None, False))
            for df in (-1, 1):
                diag = RAY[s, (df, fwd)]
                if not diag:
                    continue
                t = diag[0]
                p = board[t]
                if p is not None and color_of(p) != us and p.upper() != 'K':
                    steps += _with_promotions('move', s, t, True, True, us)
                elif p is None and t == pos.ep:
                    passed = board[t % 8 + 8 * r]
                    if passed == ('p' if us == WHITE else 'P'):
                        steps.append(('ep', s, t, None, True))
        elif kind == 'N':
            for t in KNIGHT_TO[s]:
                if target_ok(t):
                    steps.append(('move', s, t, None, False))
        elif kind == 'K':
            for d in ORTH + DIAG:
                ray = RAY[s, d]
                if ray and target_ok(ray[0]):
                    steps.append(('move', s, ray[0], None, False))
        else:  # sliders
            dirs = {'R': ORTH, 'B': DIAG, 'Q': ORTH + DIAG}[kind]
            for d in dirs:
                for t in RAY[s, d]:
                    if target_ok(t):
                        steps.append(('move', s, t, None, False))
                    if board[t] is not None:
                        break
        steps += jump_steps(board, s, variant, capturing_only=False)
    steps += castling_steps(pos, variant)
    return steps


# ---------------------------------------------------------------------------
# Complete turns (rule 2) and perft
# ---------------------------------------------------------------------------

def legal_turns(pos, variant):
    """Yield (steps, resulting position) for every legal complete turn."""
    us = pos.turn
    for step in first_steps(pos, variant):
        board = pos.board[:]
        castling = apply_step(board, pos.castling, step)
        if king_capturable(board, us, variant):
            continue
        yield from _turns_after(pos, variant, [step], board, castling)


def _turns_after(pos, variant, steps, board, castling):
    """`steps` (legal so far) have been played, giving `board`.  Stopping
    here is a complete turn; a capturing, non-promoting jump may continue."""
    us = pos.turn
    last = steps[-1]
    ep = None
    if len(steps) == 1 and last[0] == 'double':
        ep = (last[1] + last[2]) // 2
    yield steps, Position(board, other(us), castling, ep)
    kind, _, to, promo, captures = last
    if kind != 'jump' or not captures or promo:
        return
    for step in jump_steps(board, to, variant, capturing_only=True):
        b2 = board[:]
        c2 = apply_step(b2, castling, step)
        if king_capturable(b2, us, variant):
            continue
        yield from _turns_after(pos, variant, steps + [step], b2, c2)


def perft_all(pos, variant, depth, counts, level=0):
    """counts[k] += number of turn sequences of length k+1 (k < depth)."""
    for _, child in legal_turns(pos, variant):
        counts[level] += 1
        if level + 1 < depth:
            perft_all(child, variant, depth, counts, level + 1)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def selftest():
    """Orthodox perft (variant `chess`) against well-known values."""
    cases = [
        ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 3, 8902),
        ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
         3, 97862),
        ('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 4, 43238),
        ('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
         3, 9467),
        ('rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8', 3, 62379),
    ]
    ok = True
    for fen, depth, expected in cases:
        counts = [0] * depth
        perft_all(parse_fen(fen), 'chess', depth, counts)
        status = 'ok' if counts[-1] == expected else 'FAIL'
        ok &= counts[-1] == expected
        print(f'{status}: {fen} depth {depth}: {counts[-1]} (expected {expected})')
    return ok


def main(argv):
    if len(argv) == 1 and argv[0] == 'selftest':
        return 0 if selftest() else 1
    global CASTLE_LANDING_ONLY_AFTER
    options = {'--list', '--castle-landing-after'}
    args = [a for a in argv if a not in options]
    want_list = '--list' in argv
    CASTLE_LANDING_ONLY_AFTER = '--castle-landing-after' in argv
    if len(args) != 3 or args[0] not in VARIANTS:
        print(__doc__.split('\n\n')[1], file=sys.stderr)
        print('variants: ' + ', '.join(VARIANTS), file=sys.stderr)
        return 2
    variant, fen, depth = args[0], args[1], int(args[2])
    pos = parse_fen(fen)
    start = time.time()
    counts = [0] * depth
    perft_all(pos, variant, depth, counts)
    for i, n in enumerate(counts):
        print(f'depth {i + 1}: {n}')
    if want_list or counts[0] < 40:
        turns = sorted(turn_uci(steps) for steps, _ in legal_turns(pos, variant))
        print(f'depth-1 turns ({len(turns)}):')
        for t in turns:
            print(t)
    print(f'({time.time() - start:.1f}s)', file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
