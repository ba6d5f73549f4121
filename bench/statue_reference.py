#!/usr/bin/env python3
"""Independent reference implementation of Statue Chess and its Swap variant.

Written from the rule readings in notation/variants/statue.yaml and
statue-swap.yaml and the FIDE Laws only (not from arbiter's code).

Rules as implemented (everything else is orthodox chess):

* A captured piece that is not a statue goes to the reserve of the player who
  lost it, as the piece it is when captured (a promoted queen comes back a
  queen).  The captor gains nothing.  A captured statue leaves the game.
* Instead of a move, the player to move may re-insert (drop) one piece of his
  reserve on any empty square; a pawn only on ranks 2..7 (either colour).  The
  dropped piece is a statue for the rest of the game.  A drop may block a check,
  give check or give mate; it must not leave the own king in check.
* A statue never makes a move that captures nothing: no step, no double step,
  no castling, no en passant.  It captures exactly as its piece captures and
  stays a statue on the capture square.  A statue pawn that captures onto the
  last rank promotes to a statue Q/R/B/N.  Statues attack, check and pin.
  A statue rook never castles.
* Re-inserting a pawn resets the 50-move counter (other drops do not).
* Swap variant: each reserve holds at most one piece; a capture of a normal
  piece while its owner's reserve is full replaces the stored piece (which
  leaves the game).  A captured statue changes nothing.

Usage:
  statue_reference.py VARIANT FEN DEPTH [--list]
  statue_reference.py --games VARIANT N SEED [--out FILE]
  statue_reference.py --selftest
VARIANT is `statue` or `statue-swap`.
"""

import random
import sys
from collections import namedtuple

FILES = 'abcdefgh'
KINDS = 'PNBRQK'
RESERVE_ORDER = 'QRBNP'          # order used when writing a reserve in FEN
PROMOTIONS = 'QRBN'
START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1'
VARIANTS = {'statue': None, 'statue-swap': 1}        # variant -> reserve capacity
VARIANT_TAG = {'statue': 'statue', 'statue-swap': 'statue swap'}


class FenError(ValueError):
    pass


# ---------------------------------------------------------------- squares ---

def sq_name(s):
    return FILES[s % 8] + str(s // 8 + 1)


def parse_sq(name):
    if len(name) != 2 or name[0] not in FILES or name[1] not in '12345678':
        raise FenError('bad square %r' % name)
    return FILES.index(name[0]) + 8 * (int(name[1]) - 1)


# Pieces are strings: 'N' white knight, 'n' black knight, 'N!' white statue knight.
def color_of(p):           # True = white
    return p[0].isupper()


def kind_of(p):
    return p[0].upper()


def is_statue(p):
    return p.endswith('!')


def make_piece(kind, white, statue=False):
    s = kind if white else kind.lower()
    return s + '!' if statue else s


def _leaper_table(deltas):
    table = []
    for s in range(64):
        f, r = s % 8, s // 8
        table.append([(r + dr) * 8 + f + df for df, dr in deltas
                      if 0 <= f + df < 8 and 0 <= r + dr < 8])
    return table


def _ray_table(dirs):
    table = []
    for s in range(64):
        rays = []
        for df, dr in dirs:
            ray = []
            f, r = s % 8 + df, s // 8 + dr
            while 0 <= f < 8 and 0 <= r < 8:
                ray.append(r * 8 + f)
                f += df
                r += dr
            rays.append(ray)
        table.append(rays)
    return table


KNIGHT = _leaper_table([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)])
KING = _leaper_table([(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)])
ROOK_RAYS = _ray_table([(1, 0), (-1, 0), (0, 1), (0, -1)])
BISHOP_RAYS = _ray_table([(1, 1), (1, -1), (-1, 1), (-1, -1)])
# squares a pawn of the given colour standing on s attacks (captures onto)
PAWN_ATTACKS = {True: _leaper_table([(-1, 1), (1, 1)]),
                False: _leaper_table([(-1, -1), (1, -1)])}


def is_attacked(board, s, by_white):
    """Is square s attacked by a piece (statue or not) of colour by_white?"""
    for t in KNIGHT[s]:
        p = board[t]
        if p and color_of(p) == by_white and kind_of(p) == 'N':
            return True
    for t in KING[s]:
        p = board[t]
        if p and color_of(p) == by_white and kind_of(p) == 'K':
            return True
    # a pawn of by_white on t attacks s  <=>  t is where a pawn of the other
    # colour standing on s would capture
    for t in PAWN_ATTACKS[not by_white][s]:
        p = board[t]
        if p and color_of(p) == by_white and kind_of(p) == 'P':
            return True
    for rays, kinds in ((ROOK_RAYS, 'RQ'), (BISHOP_RAYS, 'BQ')):
        for ray in rays[s]:
            for t in ray:
                p = board[t]
                if p:
                    if color_of(p) == by_white and kind_of(p) in kinds:
                        return True
                    break
    return False


# --------------------------------------------------------------- position ---

Move = namedtuple('Move', 'frm to promo drop')   # drop: kind letter, frm None


class Position:
    __slots__ = ('board', 'white', 'castling', 'ep', 'halfmove', 'fullmove',
                 'reserve', 'holds')

    def copy(self):
        p = Position()
        p.board = self.board[:]
        p.white = self.white
        p.castling = self.castling
        p.ep = self.ep
        p.halfmove = self.halfmove
        p.fullmove = self.fullmove
        p.reserve = {True: self.reserve[True][:], False: self.reserve[False][:]}
        p.holds = self.holds
        return p

    def king_square(self, white):
        return self.board.index('K' if white else 'k')

    def in_check(self):
        return is_attacked(self.board, self.king_square(self.white), not self.white)


def parse_fen(fen, variant):
    if variant not in VARIANTS:
        raise FenError('unknown variant %r' % variant)
    parts = fen.split()
    if not parts:
        raise FenError('empty FEN')
    placement = parts[0]
    reserve_text = ''
    if '[' in placement:
        i = placement.index('[')
        if not placement.endswith(']'):
            raise FenError('unterminated reserve')
        reserve_text = placement[i + 1:-1]
        placement = placement[:i]
    rows = placement.split('/')
    if len(rows) != 8:
        raise FenError('board must have 8 ranks')
    board = [None] * 64
    for ri, row in enumerate(rows):
        rank = 7 - ri
        f = 0
        i = 0
        while i < len(row):
            c = row[i]
            if c in '12345678':
                f += int(c)
                i += 1
                continue
            if c.upper() not in KINDS:
                raise FenError('bad piece %r' % c)
            statue = i + 1 < len(row) and row[i + 1] == '!'
            if f >= 8:
                raise FenError('rank too long')
            board[rank * 8 + f] = make_piece(c.upper(), c.isupper(), statue)
            f += 1
            i += 2 if statue else 1
        if f != 8:
            raise FenError('rank %d does not have 8 squares' % (rank + 1))
    pos = Position()
    pos.board = board
    pos.holds = VARIANTS[variant]
    pos.reserve = {True: [], False: []}
    for c in reserve_text:
        if c.upper() not in 'PNBRQ':
            raise FenError('bad reserve piece %r' % c)
        pos.reserve[c.isupper()].append(c.upper())
    side = parts[1] if len(parts) > 1 else 'w'
    if side not in ('w', 'b'):
        raise FenError('bad side to move')
    pos.white = side == 'w'
    castling = parts[2] if len(parts) > 2 else '-'
    ep = parts[3] if len(parts) > 3 else '-'
    try:
        pos.halfmove = int(parts[4]) if len(parts) > 4 else 0
        pos.fullmove = int(parts[5]) if len(parts) > 5 else 1
    except ValueError:
        raise FenError('bad move counters')

    # validation
    if pos.holds is not None:
        for w in (True, False):
            if len(pos.reserve[w]) > pos.holds:
                raise FenError('a reserve holds more than %d piece(s)' % pos.holds)
    for k in ('K', 'k'):
        if board.count(k) != 1:
            raise FenError('each side needs exactly one king')
    if 'K!' in board or 'k!' in board:
        raise FenError('a king cannot be a statue')
    for s in list(range(8)) + list(range(56, 64)):
        if board[s] and kind_of(board[s]) == 'P':
            raise FenError('pawn on the first or last rank')
    if is_attacked(board, pos.king_square(not pos.white), pos.white):
        raise FenError('the side not to move is in check')

    # castling rights: kept only where king and (non-statue) rook stand on
    # their original squares
    rights = ''
    if castling != '-':
        for c in castling:
            if c not in 'KQkq':
                raise FenError('bad castling field')
        for c, ksq, rsq, king, rook in (('K', 4, 7, 'K', 'R'), ('Q', 4, 0, 'K', 'R'),
                                        ('k', 60, 63, 'k', 'r'), ('q', 60, 56, 'k', 'r')):
            if c in castling and board[ksq] == king and board[rsq] == rook:
                rights += c
    pos.castling = rights

    # en passant: kept only if consistent with a double step just made by a
    # normal pawn of the side not to move
    pos.ep = None
    if ep != '-':
        e = parse_sq(ep)
        if pos.white:
            ok = e // 8 == 5 and board[e] is None and board[e + 8] is None and board[e - 8] == 'p'
        else:
            ok = e // 8 == 2 and board[e] is None and board[e - 8] is None and board[e + 8] == 'P'
        if ok:
            pos.ep = e
    return pos


def board_fen(pos):
    rows = []
    for rank in range(7, -1, -1):
        row = ''
        empty = 0
        for f in range(8):
            p = pos.board[rank * 8 + f]
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    res = ''.join(sorted(pos.reserve[True], key=RESERVE_ORDER.index))
    res += ''.join(sorted(pos.reserve[False], key=RESERVE_ORDER.index)).lower()
    return '/'.join(rows) + '[' + res + ']'


def to_fen(pos):
    return '%s %s %s %s %d %d' % (board_fen(pos), 'w' if pos.white else 'b',
                                  pos.castling or '-',
                                  sq_name(pos.ep) if pos.ep is not None else '-',
                                  pos.halfmove, pos.fullmove)


# -------------------------------------------------------- move generation ---

def pseudo_moves(pos):
    """Moves of the side to move, not yet tested for leaving the king in check."""
    b = pos.board
    us = pos.white
    moves = []
    for s in range(64):
        p = b[s]
        if p is None or color_of(p) != us:
            continue
        kind = kind_of(p)
        statue = is_statue(p)

        def target(t):
            """Add the move s->t if allowed; return True if the square was empty."""
            q = b[t]
            if q is None:
                if not statue:
                    moves.append(Move(s, t, None, None))
                return True
            if color_of(q) != us and kind_of(q) != 'K':
                moves.append(Move(s, t, None, None))
            return False

        if kind == 'P':
            step = 8 if us else -8
            last = 7 if us else 0
            start = 1 if us else 6
            targets = []
            if not statue:                               # moves: normal pawns only
                t = s + step
                if b[t] is None:
                    targets.append(t)
                    if s // 8 == start and b[t + step] is None:
                        targets.append(t + step)
            for t in PAWN_ATTACKS[us][s]:                # captures
                q = b[t]
                if q is not None and color_of(q) != us and kind_of(q) != 'K':
                    targets.append(t)
                elif q is None and t == pos.ep and not statue:
                    targets.append(t)                    # en passant: normal pawns only
            for t in targets:
                if t // 8 == last:
                    for pr in PROMOTIONS:
                        moves.append(Move(s, t, pr, None))
                else:
                    moves.append(Move(s, t, None, None))
        elif kind == 'N':
            for t in KNIGHT[s]:
                target(t)
        elif kind == 'K':
            for t in KING[s]:
                target(t)
        else:
            rays = []
            if kind in 'RQ':
                rays += ROOK_RAYS[s]
            if kind in 'BQ':
                rays += BISHOP_RAYS[s]
            for ray in rays:
                for t in ray:
                    if not target(t):
                        break
    # castling (kings are never statues; rights exist only with a normal rook)
    them = not us
    if us:
        if ('K' in pos.castling and b[4] == 'K' and b[7] == 'R' and b[5] is None and b[6] is None
                and not any(is_attacked(b, x, them) for x in (4, 5, 6))):
            moves.append(Move(4, 6, None, None))
        if ('Q' in pos.castling and b[4] == 'K' and b[0] == 'R' and b[1] is None and b[2] is None
                and b[3] is None and not any(is_attacked(b, x, them) for x in (4, 3, 2))):
            moves.append(Move(4, 2, None, None))
    else:
        if ('k' in pos.castling and b[60] == 'k' and b[63] == 'r' and b[61] is None
                and b[62] is None and not any(is_attacked(b, x, them) for x in (60, 61, 62))):
            moves.append(Move(60, 62, None, None))
        if ('q' in pos.castling and b[60] == 'k' and b[56] == 'r' and b[57] is None
                and b[58] is None and b[59] is None
                and not any(is_attacked(b, x, them) for x in (60, 59, 58))):
            moves.append(Move(60, 58, None, None))
    moves.extend(drop_moves(pos))
    return moves


def drop_moves(pos):
    """Re-insertions: one per (kind, empty square); pawns on ranks 2..7 only."""
    moves = []
    for kind in sorted(set(pos.reserve[pos.white]), key=KINDS.index):
        for s in range(64):
            if pos.board[s] is None and (kind != 'P' or 8 <= s < 56):
                moves.append(Move(None, s, None, kind))
    return moves


def store(pos, owner, kind):
    """A normal piece of `owner` was captured: put it in his reserve."""
    if pos.holds is None:
        pos.reserve[owner].append(kind)
    else:                               # swap: the new piece replaces the stored one
        pos.reserve[owner] = [kind]


def make(pos, m):
    """Return the position after move m (no legality test)."""
    n = pos.copy()
    b = n.board
    us = pos.white
    n.ep = None
    if m.drop:
        b[m.to] = make_piece(m.drop, us, statue=True)
        n.reserve[us].remove(m.drop)
        n.halfmove = 0 if m.drop == 'P' else pos.halfmove + 1
    else:
        p = b[m.frm]
        kind = kind_of(p)
        statue = is_statue(p)
        captured = b[m.to]
        if kind == 'P' and captured is None and m.frm % 8 != m.to % 8:
            victim = m.to - 8 if us else m.to + 8          # en passant
            captured = b[victim]
            b[victim] = None
        b[m.frm] = None
        b[m.to] = make_piece(m.promo, us, statue) if m.promo else p
        if kind == 'K' and abs(m.to - m.frm) == 2:         # castling: move the rook
            if m.to > m.frm:
                b[m.frm + 1] = b[m.frm + 3]
                b[m.frm + 3] = None
            else:
                b[m.frm - 1] = b[m.frm - 4]
                b[m.frm - 4] = None
        if captured is not None and not is_statue(captured):
            store(n, color_of(captured), kind_of(captured))
        rights = n.castling
        for sq, lost in ((4, 'KQ'), (60, 'kq'), (7, 'K'), (0, 'Q'), (63, 'k'), (56, 'q')):
            if m.frm == sq or m.to == sq:
                rights = ''.join(c for c in rights if c not in lost)
        n.castling = rights
        if kind == 'P' and not statue and abs(m.to - m.frm) == 16:
            n.ep = (m.frm + m.to) // 2
        n.halfmove = 0 if (kind == 'P' or captured is not None) else pos.halfmove + 1
    if not us:
        n.fullmove += 1
    n.white = not us
    return n


def legal_children(pos):
    """[(move, position after it)] for all legal moves."""
    out = []
    us = pos.white
    for m in pseudo_moves(pos):
        child = make(pos, m)
        if not is_attacked(child.board, child.king_square(us), not us):
            out.append((m, child))
    return out


def legal_moves(pos):
    """Legal moves.  Drops are tested only when in check: putting a piece on an
    empty square can never expose the own king, so out of check every drop is
    legal (the selftest checks this shortcut against the full test)."""
    if pos.in_check():
        return [m for m, _ in legal_children(pos)]
    us = pos.white
    out = []
    for m in pseudo_moves(pos):
        if m.drop:
            out.append(m)
        else:
            child = make(pos, m)
            if not is_attacked(child.board, child.king_square(us), not us):
                out.append(m)
    return out


def has_legal_move(pos):
    if pos.reserve[pos.white] and not pos.in_check():
        return True                     # some drop is legal (there is an empty square)
    us = pos.white
    for m in pseudo_moves(pos):
        child = make(pos, m)
        if not is_attacked(child.board, child.king_square(us), not us):
            return True
    return False


def perft(pos, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return len(legal_moves(pos))
    return sum(perft(child, depth - 1) for _, child in legal_children(pos))


# -------------------------------------------------------------------- SAN ---

def san(pos, m, legal=None):
    if legal is None:
        legal = legal_moves(pos)
    if m.drop:
        s = m.drop + '@' + sq_name(m.to)
    else:
        p = pos.board[m.frm]
        kind = kind_of(p)
        if kind == 'K' and abs(m.to - m.frm) == 2:
            s = 'O-O' if m.to > m.frm else 'O-O-O'
        elif kind == 'P':
            if m.frm % 8 != m.to % 8:
                s = FILES[m.frm % 8] + 'x' + sq_name(m.to)
            else:
                s = sq_name(m.to)
            if m.promo:
                s += '=' + m.promo
        else:
            # disambiguate among the LEGAL moves of the same kind (statue or not)
            # to the same square
            others = set(o.frm for o in legal
                         if not o.drop and o.to == m.to and o.frm != m.frm
                         and kind_of(pos.board[o.frm]) == kind)
            dis = ''
            if others:
                if all(o % 8 != m.frm % 8 for o in others):
                    dis = FILES[m.frm % 8]
                elif all(o // 8 != m.frm // 8 for o in others):
                    dis = str(m.frm // 8 + 1)
                else:
                    dis = sq_name(m.frm)
            s = kind + dis + ('x' if pos.board[m.to] is not None else '') + sq_name(m.to)
    after = make(pos, m)
    if after.in_check():
        s += '+' if has_legal_move(after) else '#'
    return s


# ------------------------------------------------------------------ games ---

def effective_ep(pos):
    """The en-passant square only if an en-passant capture is actually legal."""
    if pos.ep is None:
        return None
    for m, _ in legal_children(pos):
        if (not m.drop and m.to == pos.ep and kind_of(pos.board[m.frm]) == 'P'
                and pos.board[m.to] is None):
            return pos.ep
    return None


def position_key(pos):
    return (tuple(pos.board), pos.white, pos.castling, effective_ep(pos),
            tuple(sorted(pos.reserve[True])), tuple(sorted(pos.reserve[False])))


def dead_material(pos):
    """Orthodox insufficient material (python-chess's test, statues counted as
    their piece), only when both reserves are empty."""
    if pos.reserve[True] or pos.reserve[False]:
        return False
    import chess
    board = chess.Board(None)
    for s, p in enumerate(pos.board):
        if p:
            board.set_piece_at(s, chess.Piece.from_symbol(p[0]))
    return board.is_insufficient_material()


def move_category(pos, m):
    if m.drop:
        return 'drop'
    p = pos.board[m.frm]
    captured = pos.board[m.to]
    if is_statue(p) or (captured is not None and is_statue(captured)):
        return 'statue'                 # capture by a statue or of a statue
    if captured is not None or (kind_of(p) == 'P' and m.frm % 8 != m.to % 8):
        return 'capture'
    return 'quiet'


CATEGORY_WEIGHT = {'statue': 6, 'capture': 4, 'drop': 3, 'quiet': 2}


def random_game(variant, rng, round_no):
    pos = parse_fen(START_FEN, variant)
    target = rng.randint(20, 120)
    seen = {position_key(pos): 1}
    sans = []
    result = '*'
    while True:
        legal = legal_moves(pos)
        if not legal:
            if pos.in_check():
                result = '0-1' if pos.white else '1-0'
            else:
                result = '1/2-1/2'
            break
        if len(sans) >= target:
            break
        if pos.halfmove >= 100 or dead_material(pos):
            break
        if seen[position_key(pos)] >= 3:
            break
        groups = {}
        for m in legal:
            groups.setdefault(move_category(pos, m), []).append(m)
        cats = sorted(groups)
        cat = rng.choices(cats, weights=[CATEGORY_WEIGHT[c] for c in cats])[0]
        m = rng.choice(groups[cat])
        sans.append(san(pos, m, legal))
        pos = make(pos, m)
        k = position_key(pos)
        seen[k] = seen.get(k, 0) + 1
    tags = [('Event', 'statue_reference random game'), ('Site', '?'), ('Date', '2026.11.26'),
            ('Round', str(round_no)), ('White', 'A'), ('Black', 'B'), ('Result', result),
            ('Variant', VARIANT_TAG[variant])]
    out = ''.join('[%s "%s"]\n' % t for t in tags) + '\n'
    tokens = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            tokens.append('%d.' % (i // 2 + 1))
        tokens.append(s)
    tokens.append(result)
    line = ''
    lines = []
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = t if not line else line + ' ' + t
    lines.append(line)
    return out + '\n'.join(lines) + '\n\n'


def games(variant, n, seed, out):
    rng = random.Random(seed)
    text = ''.join(random_game(variant, rng, k) for k in range(1, n + 1))
    if out:
        with open(out, 'w') as f:
            f.write(text)
    else:
        sys.stdout.write(text)


# --------------------------------------------------------------- selftest ---

def _pc_perft(variant, fen, depth):
    """A second, independent perft built on python-chess's move generator:
    statues are a set of squares, reserves are kept aside."""
    import chess
    pos = parse_fen(fen, variant)          # only to read the dialect
    board = chess.Board(None)
    statues = set()
    for s, p in enumerate(pos.board):
        if p:
            board.set_piece_at(s, chess.Piece.from_symbol(p[0]))
            if is_statue(p):
                statues.add(s)
    board.turn = pos.white
    board.castling_rights = 0
    for c, sq in (('K', chess.H1), ('Q', chess.A1), ('k', chess.H8), ('q', chess.A8)):
        if c in pos.castling:
            board.castling_rights |= chess.BB_SQUARES[sq]
    board.ep_square = pos.ep
    holds = VARIANTS[variant]
    reserve = {True: list(pos.reserve[True]), False: list(pos.reserve[False])}

    def children(board, statues, reserve):
        us = board.turn
        for mv in board.legal_moves:
            if mv.from_square in statues and board.piece_at(mv.to_square) is None:
                continue                       # statues only capture (no e.p.)
            b = board.copy(stack=False)
            victim_sq = mv.to_square
            if board.is_en_passant(mv):
                victim_sq = mv.to_square + (-8 if us else 8)
            victim = board.piece_at(victim_sq)
            st = set(statues)
            res = {True: list(reserve[True]), False: list(reserve[False])}
            if victim is not None:
                if victim_sq in st:
                    st.discard(victim_sq)
                elif holds is None:
                    res[victim.color].append(victim.symbol().upper())
                else:
                    res[victim.color] = [victim.symbol().upper()]
            if mv.from_square in st:
                st.discard(mv.from_square)
                st.add(mv.to_square)
            b.push(mv)
            yield b, st, res
        for kind in set(reserve[us]):
            for s in chess.SQUARES:
                if board.piece_at(s) is not None:
                    continue
                if kind == 'P' and chess.square_rank(s) in (0, 7):
                    continue
                b = board.copy(stack=False)
                b.set_piece_at(s, chess.Piece.from_symbol(kind if us else kind.lower()))
                if b.is_check():               # still our turn: own king attacked?
                    continue
                b.turn = not us
                b.ep_square = None
                res = {True: list(reserve[True]), False: list(reserve[False])}
                res[us].remove(kind)
                yield b, statues | {s}, res

    def rec(board, statues, reserve, d):
        if d == 0:
            return 1
        return sum(rec(b, st, res, d - 1) for b, st, res in children(board, statues, reserve))

    return rec(board, statues, reserve, depth)


def _sans(variant, fen):
    pos = parse_fen(fen, variant)
    legal = legal_moves(pos)
    return sorted(san(pos, m, legal) for m in legal)


def selftest():
    import chess
    S, W = 'statue', 'statue-swap'

    # -- orthodox start: no drop is possible before ply 4
    start = parse_fen(START_FEN, S)
    assert [perft(start, d) for d in (1, 2, 3)] == [20, 400, 8902]
    assert to_fen(start) == START_FEN

    # -- FEN round trip with statues and reserves
    f = 'r3k2r/8/8/3p!4/8/2N!5/8/R3K2R[QNPpp] w KQkq - 3 20'
    assert to_fen(parse_fen(f, S)) == f
    assert to_fen(parse_fen('4k3/8/8/8/8/8/8/4K3 w - - 0 1', S)) == '4k3/8/8/8/8/8/8/4K3[] w - - 0 1'

    # -- refused positions
    for bad, v in (('4k3/8/8/8/8/8/8/4K3[NB] w - - 0 1', W),      # swap: two pieces
                   ('4k3/8/8/8/8/8/8/4K!3[] w - - 0 1', S),       # statue king
                   ('4k3/8/8/8/8/8/8/3PK3[] w - - 0 1', S),       # pawn on rank 1
                   ('4k3/8/8/8/8/8/8/4K3[K] w - - 0 1', S)):      # king in reserve
        try:
            parse_fen(bad, v)
        except FenError:
            pass
        else:
            raise AssertionError('accepted ' + bad)
    parse_fen('4k3/8/8/8/8/8/8/4K3[Nb] w - - 0 1', W)            # one each: fine

    # -- a statue knight with no enemy in range has no move at all
    assert _sans(S, '4k3/8/8/8/3N!4/8/8/K7[] w - - 0 1') == ['Ka2', 'Kb1', 'Kb2']
    # ... and one capture when an enemy stands in range
    assert 'Nxe6' in _sans(S, '4k3/8/4p3/8/3N!4/8/8/K7[] w - - 0 1')
    assert len(_sans(S, '4k3/8/4p3/8/3N!4/8/8/K7[] w - - 0 1')) == 4

    # -- statue pawn: no step, no double step; capture onto last rank promotes
    #    to a statue
    sans = _sans(S, '3rk3/4P!3/8/8/8/8/6P!1/K7[] w - - 0 1')
    assert sans == sorted(['Ka2', 'Kb1', 'Kb2', 'exd8=Q+', 'exd8=R+', 'exd8=B', 'exd8=N']), sans
    p = parse_fen('3rk3/4P!3/8/8/8/8/8/K7[] w - - 0 1', S)
    m = Move(parse_sq('e7'), parse_sq('d8'), 'Q', None)
    assert san(p, m) == 'exd8=Q+'
    after = make(p, m)
    assert after.board[parse_sq('d8')] == 'Q!' and after.reserve[False] == ['R']
    assert to_fen(after) == '3Q!k3/8/8/8/8/8/8/K7[r] b - - 0 1'

    # -- en passant for a normal pawn, not for a statue pawn
    sans = _sans(S, '4k3/8/8/2P!pP3/8/8/8/4K3[] w - d6 0 1')
    assert sans == sorted(['Kd1', 'Kd2', 'Ke2', 'Kf1', 'Kf2', 'e6', 'exd6']), sans
    sans = _sans(S, '4k3/8/8/2P!p4/8/8/8/4K3[] w - d6 0 1')
    assert 'cxd6' not in sans and len(sans) == 5, sans
    p = parse_fen('4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1', S)
    after = make(p, Move(parse_sq('e5'), parse_sq('d6'), None, None))
    assert after.reserve[False] == ['P'] and after.board[parse_sq('d5')] is None

    # -- a statue rook never castles (the FEN's right is dropped)
    p = parse_fen('r3k2r/8/8/8/8/8/8/R!3K2R[] w KQkq - 0 1', S)
    assert p.castling == 'Kkq'
    sans = _sans(S, 'r3k2r/8/8/8/8/8/8/R!3K2R[] w KQkq - 0 1')
    assert 'O-O' in sans and 'O-O-O' not in sans

    # -- statues check and pin; castling through a statue's attack is refused
    p = parse_fen('4k3/8/8/8/8/8/8/r!3K3[] w - - 0 1', S)
    assert p.in_check()
    assert _sans(S, '4k3/8/8/8/8/8/8/r!3K3[] w - - 0 1') == ['Kd2', 'Ke2', 'Kf2']
    assert 'O-O' not in _sans(S, '4k3/8/8/8/8/8/6b!1/4K2R[] w K - 0 1')   # g2 statue hits f1
    # pinned by a statue bishop: the knight may not move
    assert not any(s.startswith('N') for s in _sans(S, '4k3/8/8/b!7/8/2N5/8/4K3[] w - - 0 1'))
    # a pinned statue may not capture off the pin line
    sans = _sans(S, '4k3/4r3/2p5/4N!3/8/8/8/4K3[] w - - 0 1')
    assert not any(s.startswith('N') for s in sans), sans
    assert 'Nxc6' in _sans(S, '4k3/3r4/2p5/4N!3/8/8/8/4K3[] w - - 0 1')

    # -- captured statue is deleted; normal piece goes to its owner's reserve
    p = parse_fen('4k3/8/8/3n!4/8/8/8/3RK3[] w - - 0 1', S)
    after = make(p, Move(parse_sq('d1'), parse_sq('d5'), None, None))
    assert after.reserve == {True: [], False: []}
    p = parse_fen('4k3/8/8/3n4/8/8/8/3RK3[N] w - - 0 1', S)
    after = make(p, Move(parse_sq('d1'), parse_sq('d5'), None, None))
    assert after.reserve == {True: ['N'], False: ['N']}
    # a promoted queen comes back a queen
    p = parse_fen('4k3/8/8/3Q4/8/8/3r4/4K3[] b - - 0 1', S)
    after = make(p, Move(parse_sq('d2'), parse_sq('d5'), None, None))
    assert after.reserve[True] == ['Q']

    # -- swap: a capture forfeits the stored piece; a statue capture does not
    p = parse_fen('4k3/8/8/3n4/8/8/8/3RK3[q] w - - 0 1', W)
    after = make(p, Move(parse_sq('d1'), parse_sq('d5'), None, None))
    assert after.reserve[False] == ['N']
    p = parse_fen('4k3/8/8/3n!4/8/8/8/3RK3[q] w - - 0 1', W)
    after = make(p, Move(parse_sq('d1'), parse_sq('d5'), None, None))
    assert after.reserve[False] == ['Q']

    # -- drops: pawns on ranks 2..7 only, any empty square for pieces,
    #    once per (kind, square)
    p = parse_fen('4k3/8/8/8/8/8/8/4K3[PPN] w - - 0 1', S)
    drops = [m for m in legal_moves(p) if m.drop]
    assert len([m for m in drops if m.drop == 'P']) == 48 - 0
    assert len([m for m in drops if m.drop == 'N']) == 62
    assert perft(p, 1) == 62 + 48 + 5
    # a dropped pawn is a statue, so it cannot step later
    after = make(p, Move(None, parse_sq('e3'), None, 'P'))
    assert after.board[parse_sq('e3')] == 'P!' and after.halfmove == 0
    after = make(p, Move(None, parse_sq('e3'), None, 'N'))
    assert after.halfmove == 1

    # -- a drop may block a check; only blocking drops are legal in check
    p = parse_fen('4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1', S)
    sans = _sans(S, '4r1k1/8/8/8/8/8/8/4K3[N] w - - 0 1')
    assert sorted(s.rstrip('+') for s in sans if '@' in s) == ['N@e%d' % r for r in range(2, 8)]
    # double check: no drop helps
    sans = _sans(S, '4r1k1/8/8/8/1b6/8/8/4K3[Q] w - - 0 1')
    assert not any('@' in s for s in sans)

    # -- drop mate, and a mate that an opponent's drop prevents
    p = parse_fen('7k/6pp/8/8/8/8/8/K7[R] w - - 0 1', S)
    assert san(p, Move(None, parse_sq('e8'), None, 'R')) == 'R@e8#'
    p = parse_fen('7k/6pp/8/8/8/8/8/K7[Rn] w - - 0 1', S)
    assert san(p, Move(None, parse_sq('e8'), None, 'R')) == 'R@e8+'
    # a statue delivers mate by capture-free attack: black to move is mated
    p = parse_fen('R!6k/6pp/8/8/8/8/8/K7[] b - - 0 1', S)
    assert p.in_check() and not has_legal_move(p)

    # -- SAN disambiguation counts a statue only where it can make the move
    # knights b1 (normal) and f1 (statue) both reach d2 when d2 is occupied
    assert 'Nd2' in _sans(S, '4k3/8/8/8/8/8/8/1N2KN!2[] w - - 0 1')
    assert sorted(s for s in _sans(S, '4k3/8/8/8/8/8/3p4/1N2KN!2[] w - - 0 1')
                  if s.startswith('N') and 'd2' in s) == ['Nbxd2', 'Nfxd2']
    # rank and square disambiguation
    # the statue rook a1 cannot go to the empty a2/a3: no disambiguation there
    assert sorted(s for s in _sans(S, '4k3/8/8/8/R7/8/8/R!3K3[] w - - 0 1')
                  if s.startswith('R')) == sorted(['Ra2', 'Ra3', 'Ra5', 'Ra6', 'Ra7', 'Ra8+',
                                                   'Rb4', 'Rc4', 'Rd4', 'Re4+', 'Rf4', 'Rg4',
                                                   'Rh4'])
    assert 'R1xa2' in _sans(S, '4k3/8/8/8/R7/8/p7/R!3K3[] w - - 0 1')
    assert 'R4xa2' in _sans(S, '4k3/8/8/8/R7/8/p7/R!3K3[] w - - 0 1')
    sans = _sans(S, '7k/8/8/8/4p1Q!1/8/4Q!1Q!1/K7[] w - - 0 1')   # statue queens e2 g2 g4
    assert sorted(s for s in sans if 'xe4' in s) == ['Q4xe4', 'Qexe4', 'Qg2xe4'], sans

    # -- the drop shortcut of legal_moves agrees with the full test, and SANs
    #    are unique, on positions from random games of both variants
    rng = random.Random(7)
    samples = []
    for variant in (S, W):
        for _ in range(12):
            pos = parse_fen(START_FEN, variant)
            for ply in range(rng.randint(10, 90)):
                legal = legal_moves(pos)
                full = [m for m, _ in legal_children(pos)]
                assert sorted(legal, key=repr) == sorted(full, key=repr)
                if not legal:
                    break
                sans = [san(pos, m, legal) for m in legal]
                assert len(set(sans)) == len(sans)
                groups = {}
                for m in legal:
                    groups.setdefault(move_category(pos, m), []).append(m)
                cats = sorted(groups)
                cat = rng.choices(cats, weights=[CATEGORY_WEIGHT[c] for c in cats])[0]
                pos = make(pos, rng.choice(groups[cat]))
                if ply % 9 == 0:
                    samples.append((variant, to_fen(pos)))

    # -- orthodox positions (no statues, empty reserves): depth-1 moves and SAN
    #    agree with python-chess
    rng = random.Random(11)
    for _ in range(40):
        b = chess.Board()
        for _ in range(rng.randint(0, 80)):
            ms = list(b.legal_moves)
            if not ms:
                break
            caps = [x for x in ms if b.is_capture(x)]
            b.push(rng.choice(caps if caps and rng.random() < 0.5 else ms))
        pos = parse_fen(b.fen(en_passant='fen'), S)
        assert sorted(_sans(S, b.fen(en_passant='fen'))) == sorted(b.san(x) for x in b.legal_moves)

    # -- perft against the second implementation built on python-chess
    fixed = [(S, START_FEN, 4),
             (S, 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1', 2),
             (S, 'r3k3/1P!6/8/2P!pP3/8/2n!5/8/R3K2R[Nq] w KQ d6 0 1', 3),
             (W, 'r3k2r/8/3b!4/8/8/8/2n!5/R3K2R[Qn] w KQkq - 0 1', 3)]
    for variant, fen, d in fixed:
        a, b2 = perft(parse_fen(fen, variant), d), _pc_perft(variant, fen, d)
        assert a == b2, (variant, fen, d, a, b2)
    for variant, fen in samples:
        a, b2 = perft(parse_fen(fen, variant), 2), _pc_perft(variant, fen, 2)
        assert a == b2, (variant, fen, a, b2)
    print('selftest ok (%d sampled positions cross-checked)' % len(samples))


# ------------------------------------------------------------------- main ---

def main(argv):
    if argv[:1] == ['--selftest']:
        selftest()
        return 0
    if argv[:1] == ['--games']:
        args = argv[1:]
        out = None
        if '--out' in args:
            i = args.index('--out')
            out = args[i + 1]
            del args[i:i + 2]
        if len(args) != 3 or args[0] not in VARIANTS:
            print(__doc__, file=sys.stderr)
            return 2
        games(args[0], int(args[1]), int(args[2]), out)
        return 0
    args = list(argv)
    show = '--list' in args
    if show:
        args.remove('--list')
    if len(args) != 3 or args[0] not in VARIANTS:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        pos = parse_fen(args[1], args[0])
    except FenError as e:
        print('invalid position: %s' % e, file=sys.stderr)
        return 1
    for d in range(1, int(args[2]) + 1):
        print('depth %d: %d' % (d, perft(pos, d)))
        sys.stdout.flush()
    if show:
        legal = legal_moves(pos)
        for s in sorted(san(pos, m, legal) for m in legal):
            print(s)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
