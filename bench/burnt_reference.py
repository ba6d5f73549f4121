#!/usr/bin/env python3
"""Independent reference implementation of Burnt Chess (8x8, walls).

Written only from the rule text of notation/variants/burnt.yaml and the FIDE
Laws of Chess, to cross-check arbiter.  Clarity over speed.

Rules modelled:
  * Orthodox chess, plus: after every capture the square the capturing piece
    started from burns and becomes a wall ('*') for the rest of the game
    (en passant and capture-promotions included; castling never captures).
  * A wall is out of play: nothing moves to, stands on or passes over it.
    Riders, the pawn double step and castling paths stop before it; riders
    do not attack through it.  Knights may leap over walls but never land
    on one.
  * A move is illegal when the own king is attacked in the position after
    the move (i.e. after the starting square has burnt).
  * Checkmate / stalemate as in orthodox chess.
  * FEN: '*' in the board field is a wall and counts as one cell.

Usage:
  burnt_reference.py FEN DEPTH [--list]
  burnt_reference.py --games N SEED [--out FILE]
  burnt_reference.py --selftest
"""

import random
import sys
from collections import namedtuple

EMPTY = '.'
WALL = '*'
FILES = 'abcdefgh'

KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS


def sq(f, r):
    return r * 8 + f


def sq_file(s):
    return s % 8


def sq_rank(s):
    return s // 8


def sq_name(s):
    return FILES[sq_file(s)] + str(sq_rank(s) + 1)


def parse_sq(name):
    return sq(FILES.index(name[0]), int(name[1]) - 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def color_of(p):
    """'w', 'b' or None for empty/wall."""
    if p in (EMPTY, WALL):
        return None
    return 'w' if p.isupper() else 'b'


def other(c):
    return 'b' if c == 'w' else 'w'


# kind: 'normal', 'double', 'ep', 'castle_k', 'castle_q'
Move = namedtuple('Move', 'frm to promo kind')


def uci(m):
    return sq_name(m.frm) + sq_name(m.to) + (m.promo.lower() if m.promo else '')


class Position:
    __slots__ = ('board', 'turn', 'castling', 'ep', 'halfmove', 'fullmove')

    def __init__(self, board, turn, castling, ep, halfmove=0, fullmove=1):
        self.board = board          # list of 64 chars: '.', '*', or piece letter
        self.turn = turn            # 'w' / 'b'
        self.castling = castling    # string subset of 'KQkq'
        self.ep = ep                # square index or None
        self.halfmove = halfmove
        self.fullmove = fullmove

    # ---------------------------------------------------------------- FEN
    @classmethod
    def from_fen(cls, fen):
        parts = fen.split()
        if len(parts) < 4:
            raise ValueError('FEN needs at least 4 fields: %r' % fen)
        rows = parts[0].split('/')
        if len(rows) != 8:
            raise ValueError('FEN board needs 8 ranks: %r' % fen)
        board = [EMPTY] * 64
        for i, row in enumerate(rows):
            r = 7 - i
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                elif ch == WALL or ch in 'pnbrqkPNBRQK':
                    if f >= 8:
                        raise ValueError('rank too long in %r' % fen)
                    board[sq(f, r)] = ch
                    f += 1
                else:
                    raise ValueError('bad FEN char %r' % ch)
            if f != 8:
                raise ValueError('rank %d has %d cells in %r' % (r + 1, f, fen))
        turn = parts[1]
        castling = '' if parts[2] == '-' else parts[2]
        ep = None if parts[3] == '-' else parse_sq(parts[3])
        halfmove = int(parts[4]) if len(parts) > 4 else 0
        fullmove = int(parts[5]) if len(parts) > 5 else 1
        return cls(board, turn, castling, ep, halfmove, fullmove)

    def fen(self):
        rows = []
        for r in range(7, -1, -1):
            row = ''
            n = 0
            for f in range(8):
                p = self.board[sq(f, r)]
                if p == EMPTY:
                    n += 1
                else:
                    if n:
                        row += str(n)
                        n = 0
                    row += p
            if n:
                row += str(n)
            rows.append(row)
        return '%s %s %s %s %d %d' % (
            '/'.join(rows), self.turn, self.castling or '-',
            sq_name(self.ep) if self.ep is not None else '-',
            self.halfmove, self.fullmove)

    def copy(self):
        return Position(self.board[:], self.turn, self.castling, self.ep,
                        self.halfmove, self.fullmove)

    # ---------------------------------------------------------------- attacks
    def attacked(self, target, by):
        """Is square `target` attacked by side `by`?  Walls and pieces block riders."""
        b = self.board
        tf, tr = sq_file(target), sq_rank(target)
        # pawns: a white pawn attacks from one rank below
        pr = tr - 1 if by == 'w' else tr + 1
        pawn = 'P' if by == 'w' else 'p'
        for df in (-1, 1):
            if on_board(tf + df, pr) and b[sq(tf + df, pr)] == pawn:
                return True
        knight = 'N' if by == 'w' else 'n'
        for df, dr in KNIGHT_STEPS:
            if on_board(tf + df, tr + dr) and b[sq(tf + df, tr + dr)] == knight:
                return True
        king = 'K' if by == 'w' else 'k'
        for df, dr in KING_STEPS:
            if on_board(tf + df, tr + dr) and b[sq(tf + df, tr + dr)] == king:
                return True
        rq = ('R', 'Q') if by == 'w' else ('r', 'q')
        bq = ('B', 'Q') if by == 'w' else ('b', 'q')
        for dirs, attackers in ((ROOK_DIRS, rq), (BISHOP_DIRS, bq)):
            for df, dr in dirs:
                f, r = tf + df, tr + dr
                while on_board(f, r):
                    p = b[sq(f, r)]
                    if p != EMPTY:           # a piece or a wall stops the ray
                        if p in attackers:
                            return True
                        break
                    f += df
                    r += dr
        return False

    def king_square(self, c):
        k = 'K' if c == 'w' else 'k'
        for s in range(64):
            if self.board[s] == k:
                return s
        return None

    def in_check(self, c=None):
        c = c or self.turn
        k = self.king_square(c)
        return k is not None and self.attacked(k, other(c))

    # ---------------------------------------------------------------- moves
    def pseudo_moves(self):
        b = self.board
        me = self.turn
        out = []
        for s in range(64):
            p = b[s]
            if color_of(p) != me:
                continue
            f, r = sq_file(s), sq_rank(s)
            t = p.upper()
            if t == 'P':
                d = 1 if me == 'w' else -1
                start_rank = 1 if me == 'w' else 6
                last_rank = 7 if me == 'w' else 0
                r1 = r + d
                if not (0 <= r1 < 8):
                    continue
                one = sq(f, r1)
                if b[one] == EMPTY:
                    if r1 == last_rank:
                        for pr in 'QRBN':
                            out.append(Move(s, one, pr, 'normal'))
                    else:
                        out.append(Move(s, one, None, 'normal'))
                    if r == start_rank:
                        two = sq(f, r + 2 * d)
                        if b[two] == EMPTY:
                            out.append(Move(s, two, None, 'double'))
                for df in (-1, 1):
                    if not on_board(f + df, r1):
                        continue
                    to = sq(f + df, r1)
                    if color_of(b[to]) == other(me):
                        if r1 == last_rank:
                            for pr in 'QRBN':
                                out.append(Move(s, to, pr, 'normal'))
                        else:
                            out.append(Move(s, to, None, 'normal'))
                    elif to == self.ep and b[to] == EMPTY:
                        victim = sq(f + df, r)
                        if b[victim] == ('p' if me == 'w' else 'P'):
                            out.append(Move(s, to, None, 'ep'))
            elif t == 'N' or t == 'K':
                steps = KNIGHT_STEPS if t == 'N' else KING_STEPS
                for df, dr in steps:
                    if not on_board(f + df, r + dr):
                        continue
                    to = sq(f + df, r + dr)
                    q = b[to]
                    if q == WALL or color_of(q) == me:
                        continue
                    out.append(Move(s, to, None, 'normal'))
            else:
                dirs = {'R': ROOK_DIRS, 'B': BISHOP_DIRS, 'Q': QUEEN_DIRS}[t]
                for df, dr in dirs:
                    ff, rr = f + df, r + dr
                    while on_board(ff, rr):
                        to = sq(ff, rr)
                        q = b[to]
                        if q == WALL or color_of(q) == me:
                            break
                        out.append(Move(s, to, None, 'normal'))
                        if q != EMPTY:
                            break
                        ff += df
                        rr += dr
        out.extend(self.castling_moves())
        return out

    def castling_moves(self):
        b = self.board
        me = self.turn
        out = []
        home = 0 if me == 'w' else 7
        king, rook = ('K', 'R') if me == 'w' else ('k', 'r')
        ksq = sq(4, home)
        if b[ksq] != king:
            return out
        rights = [('K' if me == 'w' else 'k', 7, 6, 5, 'castle_k'),
                  ('Q' if me == 'w' else 'q', 0, 2, 3, 'castle_q')]
        for right, rfile, kdest, rdest, kind in rights:
            if right not in self.castling:
                continue
            rsq = sq(rfile, home)
            if b[rsq] != rook:
                continue
            lo, hi = sorted((4, rfile))
            # every square strictly between king and rook: no piece, no wall
            if any(b[sq(f, home)] != EMPTY for f in range(lo + 1, hi)):
                continue
            # destinations free of walls (and pieces other than king/rook)
            if any(b[sq(f, home)] not in (EMPTY, king, rook) for f in (kdest, rdest)):
                continue
            # king not in check, does not pass through an attacked square
            # (landing on an attacked square is caught by the legality test)
            opp = other(me)
            if self.attacked(ksq, opp):
                continue
            step = 1 if kdest > 4 else -1
            if any(self.attacked(sq(f, home), opp) for f in range(4 + step, kdest, step)):
                continue
            out.append(Move(ksq, sq(kdest, home), None, kind))
        return out

    def is_capture(self, m):
        return m.kind == 'ep' or color_of(self.board[m.to]) == other(self.turn)

    def make(self, m):
        """Return the position after move m (burning included)."""
        n = self.copy()
        b = n.board
        me = self.turn
        piece = b[m.frm]
        capture = self.is_capture(m)
        b[m.frm] = WALL if capture else EMPTY       # the burn
        if m.kind == 'ep':
            victim = sq(sq_file(m.to), sq_rank(m.frm))
            b[victim] = EMPTY
        b[m.to] = (m.promo if me == 'w' else m.promo.lower()) if m.promo else piece
        if m.kind in ('castle_k', 'castle_q'):
            home = sq_rank(m.frm)
            rfrom, rto = (sq(7, home), sq(5, home)) if m.kind == 'castle_k' else (sq(0, home), sq(3, home))
            rook = b[rfrom]
            b[rfrom] = EMPTY
            b[rto] = rook
        # castling rights
        rights = n.castling
        if piece == 'K':
            rights = rights.replace('K', '').replace('Q', '')
        elif piece == 'k':
            rights = rights.replace('k', '').replace('q', '')
        for s, ch in ((sq(0, 0), 'Q'), (sq(7, 0), 'K'), (sq(0, 7), 'q'), (sq(7, 7), 'k')):
            if m.frm == s or m.to == s:
                rights = rights.replace(ch, '')
        n.castling = rights
        n.ep = sq(sq_file(m.frm), (sq_rank(m.frm) + sq_rank(m.to)) // 2) if m.kind == 'double' else None
        n.halfmove = 0 if (capture or piece in 'Pp') else self.halfmove + 1
        if me == 'b':
            n.fullmove += 1
        n.turn = other(me)
        return n

    def legal_moves(self):
        me = self.turn
        out = []
        for m in self.pseudo_moves():
            n = self.make(m)
            k = n.king_square(me)
            if k is not None and n.attacked(k, other(me)):
                continue
            out.append(m)
        return out

    # ---------------------------------------------------------------- SAN
    def san(self, m, legal=None):
        if legal is None:
            legal = self.legal_moves()
        if m.kind == 'castle_k':
            s = 'O-O'
        elif m.kind == 'castle_q':
            s = 'O-O-O'
        else:
            piece = self.board[m.frm].upper()
            cap = self.is_capture(m)
            if piece == 'P':
                s = (FILES[sq_file(m.frm)] + 'x' if cap else '') + sq_name(m.to)
                if m.promo:
                    s += '=' + m.promo.upper()
            else:
                rivals = [o for o in legal if o.to == m.to and o.frm != m.frm
                          and o.kind not in ('castle_k', 'castle_q')
                          and self.board[o.frm].upper() == piece]
                dis = ''
                if rivals:
                    if all(sq_file(o.frm) != sq_file(m.frm) for o in rivals):
                        dis = FILES[sq_file(m.frm)]
                    elif all(sq_rank(o.frm) != sq_rank(m.frm) for o in rivals):
                        dis = str(sq_rank(m.frm) + 1)
                    else:
                        dis = sq_name(m.frm)
                s = piece + dis + ('x' if cap else '') + sq_name(m.to)
        n = self.make(m)
        if n.in_check():
            s += '#' if not n.legal_moves() else '+'
        return s


# -------------------------------------------------------------------- perft
def perft(pos, depth):
    if depth == 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(pos.make(m), depth - 1) for m in moves)


def run_perft(fen, depth, show_list):
    pos = Position.from_fen(fen)
    moves = pos.legal_moves()
    for d in range(1, depth + 1):
        print('depth %d: %d' % (d, perft(pos, d)))
        sys.stdout.flush()
    if show_list or len(moves) < 40:
        print('moves: ' + ' '.join(sorted(uci(m) for m in moves)))


# -------------------------------------------------------------------- games
START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'


def random_game(rng, max_plies=120):
    pos = Position.from_fen(START_FEN)
    sans = []
    result = '*'
    for _ in range(max_plies):
        legal = sorted(pos.legal_moves(), key=uci)
        if not legal:
            break
        caps = [m for m in legal if pos.is_capture(m)]
        if caps and rng.random() < 0.5:
            m = rng.choice(caps)
        else:
            m = rng.choice(legal)
        sans.append(pos.san(m, legal))
        pos = pos.make(m)
    if not pos.legal_moves():
        if pos.in_check():
            result = '0-1' if pos.turn == 'w' else '1-0'
        else:
            result = '1/2-1/2'
    return sans, result, pos


def format_pgn(k, sans, result):
    tags = [('Event', 'burnt reference game %d' % k), ('Site', '?'),
            ('Date', '????.??.??'), ('Round', str(k)), ('White', '?'),
            ('Black', '?'), ('Result', result), ('Variant', 'Burnt')]
    head = '\n'.join('[%s "%s"]' % t for t in tags)
    tokens = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            tokens.append('%d.' % (i // 2 + 1))
        tokens.append(s)
    tokens.append(result)
    lines, cur = [], ''
    for t in tokens:
        if cur and len(cur) + 1 + len(t) > 79:
            lines.append(cur)
            cur = t
        else:
            cur = cur + ' ' + t if cur else t
    lines.append(cur)
    return head + '\n\n' + '\n'.join(lines) + '\n'


def run_games(n, seed, out):
    rng = random.Random(seed)
    chunks = []
    for k in range(1, n + 1):
        sans, result, _ = random_game(rng)
        chunks.append(format_pgn(k, sans, result))
    text = '\n'.join(chunks)
    if out:
        with open(out, 'w') as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


# -------------------------------------------------------------------- selftest
def selftest():
    def moves_of(fen):
        return sorted(uci(m) for m in Position.from_fen(fen).legal_moves())

    def play(fen, u):
        p = Position.from_fen(fen)
        for m in p.legal_moves():
            if uci(m) == u:
                return p.make(m)
        raise AssertionError('%s not legal in %s' % (u, fen))

    # FEN round trip with walls
    f = 'r3k2r/p1*1pp1p/1p4p1/2*5/5*2/1P4P1/P1*1PP1P/R3K2R w KQkq - 0 1'
    assert Position.from_fen(f).fen() == f

    # 1. pinned bishop may capture off its line: the burnt e4 shields e1
    mv = moves_of('4r1k1/8/8/3n4/4B3/8/8/4K3 w - - 0 1')
    assert 'e4d5' in mv, mv
    assert 'e4f5' not in mv and 'e4d3' not in mv and 'e4f3' not in mv, mv
    assert mv == sorted(['e4d5', 'e1d1', 'e1d2', 'e1e2', 'e1f1', 'e1f2']), mv
    after = play('4r1k1/8/8/3n4/4B3/8/8/4K3 w - - 0 1', 'e4d5')
    assert after.board[parse_sq('e4')] == WALL and not after.in_check('w')
    assert after.fen().startswith('4r1k1/8/8/3B4/4*3/8/8/4K3 b')

    # king capture shielded by its own burnt square (orthodox: illegal)
    mv = moves_of('7k/8/8/8/8/5p2/4K3/3b4 w - - 0 1')
    assert 'e2f3' in mv, mv
    import chess
    assert 'e2f3' not in [m.uci() for m in chess.Board('7k/8/8/8/8/5p2/4K3/3b4 w - - 0 1').legal_moves]

    # 2. castling blocked by a wall (f1), queen side still fine
    mv = moves_of('4k3/8/8/8/8/8/8/R3K*1R w KQ - 0 1')
    assert 'e1g1' not in mv and 'e1c1' in mv and 'e1f1' not in mv, mv
    assert 'h1f1' not in mv and 'h1g1' in mv, mv
    # wall on b1 blocks O-O-O even though the king never crosses b1
    mv = moves_of('4k3/8/8/8/8/8/8/R*2K2R w KQ - 0 1')
    assert 'e1c1' not in mv and 'e1g1' in mv, mv
    # castling into a wall-shielded line: rook e8 does not check through e4 wall
    assert 'e1g1' in moves_of('4r1k1/8/8/8/4*3/8/8/4K2R w K - 0 1')

    # 3. double step blocked by a wall on the passed square
    mv = moves_of('4k3/8/8/8/8/4*3/4P3/4K3 w - - 0 1')
    assert 'e2e3' not in mv and 'e2e4' not in mv, mv
    mv = moves_of('4k3/8/8/8/4*3/8/4P3/4K3 w - - 0 1')
    assert 'e2e3' in mv and 'e2e4' not in mv, mv

    # 4. en passant burns the capturing pawn's starting square
    a = play('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'e5d6')
    assert a.board[parse_sq('e5')] == WALL
    assert a.board[parse_sq('d5')] == EMPTY
    assert a.board[parse_sq('d6')] == 'P'
    assert a.fen().split()[0] == '4k3/8/3P4/4*3/8/8/8/4K3'
    # capture-promotion burns the pawn's starting square
    a = play('1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7b8q')
    assert a.board[parse_sq('a7')] == WALL and a.board[parse_sq('b8')] == 'Q'
    # non-capture burns nothing
    a = play('4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', 'e2e4')
    assert WALL not in a.board and a.ep == parse_sq('e3')

    # 5. check blocked by a wall
    p = Position.from_fen('4k3/8/8/8/4*3/8/8/4R1K1 b - - 0 1')
    assert not p.in_check()
    p = Position.from_fen('4k3/8/8/8/4*3/8/8/4R1K1 w - - 0 1')
    san = {p.san(m): uci(m) for m in p.legal_moves()}
    assert 'Re3' in san and 'Re5+' not in san and 'Re5' not in san  # cannot pass the wall
    assert 'Rd1' in san
    p = Position.from_fen('4k3/8/8/4*3/8/8/8/4R1K1 w - - 0 1')
    assert 'Re4' in [p.san(m) for m in p.legal_moves()]      # no '+': wall on e5
    p = Position.from_fen('4k3/8/2*5/8/B7/8/8/6K1 b - - 0 1')
    assert not p.in_check()                                   # bishop blocked on c6

    # knights leap over walls, never land on one
    mv = moves_of('4k3/8/8/8/8/***5/*1*5/1N2K3 w - - 0 1')
    assert 'b1d2' in mv and 'b1a3' not in mv and 'b1c3' not in mv, mv

    # SAN disambiguation and mate mark
    p = Position.from_fen('4k3/8/8/R7/8/8/4K3/R6R w - - 0 1')
    sans = sorted(p.san(m) for m in p.legal_moves())
    assert 'Rad1' in sans and 'Rhd1' in sans and 'Rd1' not in sans, sans
    assert 'R1a3' in sans and 'R5a3' in sans and 'Ra1a3' not in sans, sans
    p = Position.from_fen('7k/8/8/8/8/Q7/8/Q1Q3K1 w - - 0 1')
    sans = sorted(p.san(m) for m in p.legal_moves())
    assert {'Qa1b2+', 'Qcb2+', 'Q3b2+'} <= set(sans), sans
    # a rival blocked by a wall does not force disambiguation
    p = Position.from_fen('4k3/8/8/8/8/8/4K3/R1*4R w - - 0 1')
    sans = sorted(p.san(m) for m in p.legal_moves())
    assert 'Rd1' in sans and 'Rhd1' not in sans, sans
    p = Position.from_fen('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')
    assert 'Ra8#' in [p.san(m) for m in p.legal_moves()]
    # wall-assisted mate: a lone rook mates a king boxed in by walls
    p = Position.from_fen('7k/6**/8/8/8/8/8/R5K1 w - - 0 1')
    assert 'Ra8#' in [p.san(m) for m in p.legal_moves()]

    # Without walls the orthodox legal moves are a subset, extras are captures
    rng = random.Random(1)
    for _ in range(40):
        b = chess.Board()
        for _ in range(rng.randrange(0, 40)):
            ms = list(b.legal_moves)
            if not ms:
                break
            b.push(rng.choice(ms))
        ours = Position.from_fen(b.fen())
        lm = {uci(m): m for m in ours.legal_moves()}
        orth = {m.uci() for m in b.legal_moves}
        assert orth <= set(lm), (b.fen(), orth - set(lm))
        for u in set(lm) - orth:
            assert ours.is_capture(lm[u]), (b.fen(), u)

    # orthodox perft agrees while no wall can matter yet
    s = Position.from_fen(START_FEN)
    assert [perft(s, d) for d in (1, 2, 3)] == [20, 400, 8902]
    print('selftest ok')


# -------------------------------------------------------------------- main
def main(argv):
    if not argv or argv[0] in ('-h', '--help'):
        print(__doc__)
        return 0
    if argv[0] == '--selftest':
        selftest()
        return 0
    if argv[0] == '--games':
        n, seed = int(argv[1]), int(argv[2])
        out = None
        if '--out' in argv:
            out = argv[argv.index('--out') + 1]
        run_games(n, seed, out)
        return 0
    fen = argv[0]
    depth = int(argv[1])
    run_perft(fen, depth, '--list' in argv[2:])
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
