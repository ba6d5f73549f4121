#!/usr/bin/env python3
"""Independent reference implementation of Deflector Chess and Sticky Chess.

Written only from the "reading" texts of notation/variants/deflector.yaml and
notation/variants/sticky.yaml (Karl's chess variants), to cross-check perft counts and
random games of the Rust engine.  Its own move generator works on a plain 64-square list
(a1 = 0, b1 = 1, ..., h8 = 63); python-chess is not used.

Usage
-----
    deflector_sticky_reference.py VARIANT FEN DEPTH            perft count
    deflector_sticky_reference.py VARIANT FEN DEPTH --list     "UCI COUNT" per legal move,
                                                               sorted, blank line, total
    deflector_sticky_reference.py --games VARIANT N SEED [--out FILE]
    deflector_sticky_reference.py --selftest

VARIANT is `deflector` or `sticky` (`orthodox`, plain FIDE chess, is accepted too: it is
what the other two are built on, and lets the base generator be checked against
python-chess).

Rules as implemented
--------------------
Everything not said below is orthodox chess (FIDE Laws): moves, check, castling
(king not in check, does not cross or land on an attacked square, squares between king
and rook empty, neither has moved), en passant, promotion to Q/R/B/N, checkmate,
stalemate, 75-move rule, fivefold repetition.

Deflector Chess
  * A rook, bishop or queen moving along one of its lines may, when the FIRST piece on
    that line (over empty squares, adjacent included) is a pawn of its own side, turn
    on that pawn's square: it goes on along one of the two directions at right angles
    (file <-> rank for rook/queen on an orthogonal line; one diagonal <-> the other
    diagonal for bishop/queen on a diagonal line), over empty squares, ending on an
    empty square or capturing the first enemy piece.  It never ends on a friendly piece
    (a second friendly pawn just blocks; there is only one turn per move) and never ends
    on the turning pawn's square; where both right-angle directions give no square it
    simply cannot go onto that pawn.  The pawn stays where it is.
  * A move is its from-square and to-square: every route (straight or via any pawn) to
    the same square is ONE move (deduplicated; counted once in perft).
  * Deflected routes are attacks: they give check, pin, mate, and a king may not castle
    out of, across or into a square attacked that way.  Attacks are computed on the
    board as it stands (for castling: before the move).
  * Insufficient material: the python-chess rule (both sides insufficient; a side with a
    pawn, rook or queen is never insufficient; a lone knight is insufficient when the
    other side has only king/queens; bishops only when all bishops on the board stand
    on one square colour and there are no pawns and knights).

Sticky Chess
  * South is towards rank 1 for both colours.  When a piece moves from S to T, the piece
    of the mover's colour on the square directly south of S (if any) is dragged to the
    square directly south of T, provided that square exists and is empty once the mover
    has left S, arrived on T and its capture (the en passant victim included) has been
    removed.  Exception: a black pawn is never dragged onto rank 1 (no drag then).
    Only one piece is dragged, it drags nothing itself, it never captures, enemy pieces
    are never dragged.  No drag happens otherwise; the move is still played.
  * Castling is a move of the king from its start square to its destination: the piece
    south of the king's start is dragged to the square south of the king's destination
    (so only Black's castling can drag: e7 -> g7 / c7).  The rook does not drag.
  * A pawn's double step is made only from its own second rank (white rank 2, black
    rank 7) over two empty squares.  A white pawn dragged onto rank 1 stays a pawn and
    moves one square forward (or captures diagonally forward) from there.
  * A double step that dragged a piece gives no en passant right; one that dragged
    nothing gives the usual right for the very next move.  (Only white double steps can
    drag: the square south of a black pawn on rank 7 is the square it passes over.)
  * A dragged king loses both castling rights, a dragged rook its own (rights are
    cleared whenever a piece leaves or is captured on e1/a1/h1/e8/a8/h8, by moving or
    by being dragged).
  * A move is illegal if after it, drag included, the mover's own king is attacked
    (attacks themselves are orthodox).  A drag may give check and mate.
  * The 50/75-move clock is reset by captures, pawn moves and moves that drag a pawn.
  * Insufficient material: only two bare kings.

Choices where the reading left a question (the most literal reading was taken)
----------------------------------------------------------------------------
  Q1 (Sticky, castling): FIDE 3.8.2.2 forbids castling when the square the king "is to
     occupy" is attacked.  Is that judged before the move, or after it with the drag
     (Black's e7 piece dragged to g7/c7 can block a rook/queen on the g/c file)?
     CHOICE: literally FIDE: start, crossed and destination squares must all be
     unattacked BEFORE the move, and in addition the king must not be attacked after
     the move (drag included).  (The "after only" alternative is available internally
     via STICKY_CASTLE_DEST_AFTER_ONLY = True, used to report both counts.)
  Q2 (Sticky, FEN): the en passant square is written after every double step that
     dragged nothing (python-chess's stored ep square, its en_passant="fen" style, not
     only when capturable), '-' after one that dragged; for repetition (fivefold) only
     an en passant capture that is actually legal makes positions differ.
  Q3 (Sticky): a white pawn on rank 1 captures diagonally forward like any pawn; it
     cannot double step (rank 1 is not its second rank) and is never en passant prey.
  Q4 (Deflector): the turning pawn may be on any rank (its start rank included) and may
     stand next to the rider; deflected attacks through the king's own square are not
     considered for castling (the king is then in check anyway).
  Q5 (both, insufficient material in Deflector): python-chess's rule, see above.
  Q6 (Sticky): a promoting white pawn drags like any mover (the piece south of its
     start goes to rank 7 below the new piece); a black pawn promoting on rank 1 drags
     nothing (no square south of rank 1).  A black pawn dragged sideways onto rank 7
     (e.g. Ra8-b8 taking a7 to b7) stands on its second rank and may double-step.
  Q7 (Deflector): a queen turns like the line it came along (orthogonal -> the
     perpendicular orthogonal, diagonal -> the other diagonal), never orthogonal <->
     diagonal.  Perft counts a move by (from, to, promotion).
  Q8 (--games): each ply picks random.Random(SEED).choice() over the legal moves sorted
     by UCI string; one Random object for all N games; game k has [Round "k"].
     The game stops before the 201st ply; a finished position reached by the 200th
     ply still gets its result, otherwise the result is `*`.  Checkmate is checked
     first, then insufficient material, stalemate, 75-move rule, fivefold repetition.
"""
import random
import sys

FILES = "abcdefgh"
DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTH = (0, 1, 2, 3)
DIAG = (4, 5, 6, 7)
QUEEN_DIRS = ORTH + DIAG
# PERP[i]: indices of the two directions at right angles to DIRS[i] (same kind).
PERP = []
for _dx, _dy in DIRS:
    PERP.append((DIRS.index((_dy, -_dx)), DIRS.index((-_dy, _dx))))

RAYS = []
KNIGHT = []
KING = []
for _sq in range(64):
    _f, _r = _sq & 7, _sq >> 3
    rays = []
    for _dx, _dy in DIRS:
        ray = []
        f, r = _f + _dx, _r + _dy
        while 0 <= f < 8 and 0 <= r < 8:
            ray.append(r * 8 + f)
            f, r = f + _dx, r + _dy
        rays.append(tuple(ray))
    RAYS.append(rays)
    KNIGHT.append(tuple((_r + dy) * 8 + _f + dx for dx, dy in
                        [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                        if 0 <= _f + dx < 8 and 0 <= _r + dy < 8))
    KING.append(tuple((_r + dy) * 8 + _f + dx for dx, dy in DIRS
                      if 0 <= _f + dx < 8 and 0 <= _r + dy < 8))

CK, CQ, Ck, Cq = 1, 2, 4, 8
# castling rights lost when a piece leaves / is captured on these squares
RIGHTS_MASK = {4: CK | CQ, 7: CK, 0: CQ, 60: Ck | Cq, 63: Ck, 56: Cq}

# move kinds
NORMAL, DOUBLE, EP, CASTLE_K, CASTLE_Q = 0, 1, 2, 3, 4

# Alternative reading of Q1 (see docstring); False = the implemented choice.
STICKY_CASTLE_DEST_AFTER_ONLY = False


def sqname(s):
    return FILES[s & 7] + str((s >> 3) + 1)


def parse_sq(s):
    return (int(s[1]) - 1) * 8 + FILES.index(s[0])


class Pos:
    __slots__ = ("b", "white", "castle", "ep", "half", "full", "dragged")

    def __init__(self, b, white, castle, ep, half, full, dragged=None):
        self.b = b
        self.white = white
        self.castle = castle
        self.ep = ep
        self.half = half
        self.full = full
        self.dragged = dragged  # (from, to) of the piece dragged by the move that made it

    @staticmethod
    def from_fen(fen):
        parts = fen.split()
        while len(parts) < 6:
            parts.append(["w", "-", "-", "0", "1"][len(parts) - 1])
        rows = parts[0].split("/")
        if len(rows) != 8:
            raise ValueError("bad FEN board: " + fen)
        b = [None] * 64
        for i, row in enumerate(rows):
            r = 7 - i
            f = 0
            for c in row:
                if c.isdigit():
                    f += int(c)
                else:
                    if c not in "PNBRQKpnbrqk" or f > 7:
                        raise ValueError("bad FEN board: " + fen)
                    b[r * 8 + f] = c
                    f += 1
            if f != 8:
                raise ValueError("bad FEN row: " + row)
        white = parts[1] == "w"
        castle = 0
        for c in parts[2]:
            castle |= {"K": CK, "Q": CQ, "k": Ck, "q": Cq}.get(c, 0)
        # keep only rights whose king and rook stand on their home squares
        if b[4] != "K":
            castle &= ~(CK | CQ)
        if b[7] != "R":
            castle &= ~CK
        if b[0] != "R":
            castle &= ~CQ
        if b[60] != "k":
            castle &= ~(Ck | Cq)
        if b[63] != "r":
            castle &= ~Ck
        if b[56] != "r":
            castle &= ~Cq
        ep = None if parts[3] == "-" else parse_sq(parts[3])
        return Pos(b, white, castle, ep, int(parts[4]), int(parts[5]))

    def fen(self):
        rows = []
        for r in range(7, -1, -1):
            s, n = "", 0
            for f in range(8):
                p = self.b[r * 8 + f]
                if p is None:
                    n += 1
                else:
                    if n:
                        s += str(n)
                        n = 0
                    s += p
            if n:
                s += str(n)
            rows.append(s)
        c = "".join(ch for bit, ch in ((CK, "K"), (CQ, "Q"), (Ck, "k"), (Cq, "q"))
                    if self.castle & bit) or "-"
        ep = sqname(self.ep) if self.ep is not None else "-"
        return "%s %s %s %s %d %d" % ("/".join(rows), "w" if self.white else "b", c, ep,
                                      self.half, self.full)


START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def is_white(p):
    return p.isupper()


def attacked(b, sq, by_white, defl):
    """Is square sq attacked by the side by_white?  defl: include deflected routes."""
    f = sq & 7
    if by_white:
        P, N, B, R, Q, K = "P", "N", "B", "R", "Q", "K"
        if sq >= 8:
            if f > 0 and b[sq - 9] == "P":
                return True
            if f < 7 and b[sq - 7] == "P":
                return True
    else:
        P, N, B, R, Q, K = "p", "n", "b", "r", "q", "k"
        if sq < 56:
            if f > 0 and b[sq + 7] == "p":
                return True
            if f < 7 and b[sq + 9] == "p":
                return True
    for t in KNIGHT[sq]:
        if b[t] == N:
            return True
    for t in KING[sq]:
        if b[t] == K:
            return True
    rays = RAYS[sq]
    for i in range(8):
        rider = R if i < 4 else B
        for t in rays[i]:
            q = b[t]
            if q is None:
                continue
            if q == rider or q == Q:
                return True
            if defl and q == P:
                # a rider coming along a line at right angles, turning on this pawn
                for j in PERP[i]:
                    for u in RAYS[t][j]:
                        r = b[u]
                        if r is None:
                            continue
                        if r == rider or r == Q:
                            return True
                        break
            break
    return False


def king_attacked(b, white, defl):
    k = "K" if white else "k"
    try:
        ks = b.index(k)
    except ValueError:
        return False
    return attacked(b, ks, not white, defl)


def pseudo_moves(pos, variant):
    b = pos.b
    w = pos.white
    defl = variant == "deflector"
    moves = []
    own_pawn = "P" if w else "p"
    for sq in range(64):
        p = b[sq]
        if p is None or p.isupper() != w:
            continue
        t = p.upper()
        if t == "P":
            r = sq >> 3
            f = sq & 7
            if w:
                fwd, start_rank, promo_rank, ep_rank = 8, 1, 7, 4
            else:
                fwd, start_rank, promo_rank, ep_rank = -8, 6, 0, 3
            to = sq + fwd
            if 0 <= to < 64:
                if b[to] is None:
                    if to >> 3 == promo_rank:
                        for pr in "qrbn":
                            moves.append((sq, to, pr, NORMAL))
                    else:
                        moves.append((sq, to, "", NORMAL))
                        if r == start_rank and b[to + fwd] is None:
                            moves.append((sq, to + fwd, "", DOUBLE))
                for df in (-1, 1):
                    if not 0 <= f + df < 8:
                        continue
                    c = to + df
                    q = b[c]
                    if q is not None and q.isupper() != w:
                        if c >> 3 == promo_rank:
                            for pr in "qrbn":
                                moves.append((sq, c, pr, NORMAL))
                        else:
                            moves.append((sq, c, "", NORMAL))
                    elif q is None and c == pos.ep and r == ep_rank:
                        victim = c - fwd
                        if b[victim] == ("p" if w else "P"):
                            moves.append((sq, c, "", EP))
        elif t == "N":
            for to in KNIGHT[sq]:
                q = b[to]
                if q is None or q.isupper() != w:
                    moves.append((sq, to, "", NORMAL))
        elif t == "K":
            for to in KING[sq]:
                q = b[to]
                if q is None or q.isupper() != w:
                    moves.append((sq, to, "", NORMAL))
        else:
            dirs = ORTH if t == "R" else DIAG if t == "B" else QUEEN_DIRS
            dests = []
            seen = set()
            rays = RAYS[sq]
            for i in dirs:
                for to in rays[i]:
                    q = b[to]
                    if q is None:
                        if to not in seen:
                            seen.add(to)
                            dests.append(to)
                        continue
                    if q.isupper() != w:
                        if to not in seen:
                            seen.add(to)
                            dests.append(to)
                    elif defl and q == own_pawn:
                        for j in PERP[i]:
                            for u in RAYS[to][j]:
                                r2 = b[u]
                                if r2 is None:
                                    if u not in seen:
                                        seen.add(u)
                                        dests.append(u)
                                    continue
                                if r2.isupper() != w and u not in seen:
                                    seen.add(u)
                                    dests.append(u)
                                break
                    break
            for to in dests:
                moves.append((sq, to, "", NORMAL))
    # castling
    if w:
        ks, rights = 4, pos.castle & (CK | CQ)
        kr, qr = CK, CQ
    else:
        ks, rights = 60, pos.castle & (Ck | Cq)
        kr, qr = Ck, Cq
    if rights and b[ks] == ("K" if w else "k"):
        rook = "R" if w else "r"
        opp = not w
        after_only = variant == "sticky" and STICKY_CASTLE_DEST_AFTER_ONLY
        if rights & kr and b[ks + 3] == rook and b[ks + 1] is None and b[ks + 2] is None:
            if (not attacked(b, ks, opp, defl) and not attacked(b, ks + 1, opp, defl)
                    and (after_only or not attacked(b, ks + 2, opp, defl))):
                moves.append((ks, ks + 2, "", CASTLE_K))
        if (rights & qr and b[ks - 4] == rook and b[ks - 1] is None and b[ks - 2] is None
                and b[ks - 3] is None):
            if (not attacked(b, ks, opp, defl) and not attacked(b, ks - 1, opp, defl)
                    and (after_only or not attacked(b, ks - 2, opp, defl))):
                moves.append((ks, ks - 2, "", CASTLE_Q))
    return moves


def make(pos, m, variant):
    frm, to, promo, kind = m
    ob = pos.b
    b = ob[:]
    w = pos.white
    p = b[frm]
    captured = b[to] is not None
    b[frm] = None
    if kind == EP:
        b[to - 8 if w else to + 8] = None
        captured = True
    if promo:
        b[to] = promo.upper() if w else promo
    else:
        b[to] = p
    if kind == CASTLE_K:
        b[frm + 3] = None
        b[frm + 1] = "R" if w else "r"
    elif kind == CASTLE_Q:
        b[frm - 4] = None
        b[frm - 1] = "R" if w else "r"
    castle = pos.castle
    if castle:
        castle &= ~(RIGHTS_MASK.get(frm, 0) | RIGHTS_MASK.get(to, 0))
    half = pos.half + 1
    if p in "Pp" or captured:
        half = 0
    dragged = None
    if variant == "sticky" and frm >= 8 and to >= 8:
        s = frm - 8
        q = ob[s]
        if q is not None and q.isupper() == w and b[s] == q:
            tgt = to - 8
            if b[tgt] is None and not (q == "p" and tgt < 8):
                b[tgt] = q
                b[s] = None
                dragged = (s, tgt)
                if castle:
                    castle &= ~RIGHTS_MASK.get(s, 0)
                if q in "Pp":
                    half = 0
    ep = None
    if kind == DOUBLE and dragged is None:
        ep = (frm + to) // 2
    return Pos(b, not w, castle, ep, half, pos.full + (0 if w else 1), dragged)


def legal_moves(pos, variant):
    """List of (move, child position) for the legal moves."""
    defl = variant == "deflector"
    res = []
    w = pos.white
    for m in pseudo_moves(pos, variant):
        np = make(pos, m, variant)
        if not king_attacked(np.b, w, defl):
            res.append((m, np))
    return res


def count_legal(pos, variant):
    defl = variant == "deflector"
    w = pos.white
    n = 0
    for m in pseudo_moves(pos, variant):
        np = make(pos, m, variant)
        if not king_attacked(np.b, w, defl):
            n += 1
    return n


def perft(pos, depth, variant):
    if depth == 0:
        return 1
    if depth == 1:
        return count_legal(pos, variant)
    return sum(perft(np, depth - 1, variant) for _, np in legal_moves(pos, variant))


def uci(m):
    return sqname(m[0]) + sqname(m[1]) + m[2]


def in_check(pos, variant):
    return king_attacked(pos.b, pos.white, variant == "deflector")


def san(pos, m, legal, variant):
    """SAN of legal move m in pos; legal: list of (move, child) of pos."""
    frm, to, promo, kind = m
    child = None
    for mm, np in legal:
        if mm == m:
            child = np
            break
    assert child is not None, "illegal move"
    if kind == CASTLE_K:
        s = "O-O"
    elif kind == CASTLE_Q:
        s = "O-O-O"
    else:
        p = pos.b[frm].upper()
        capture = pos.b[to] is not None or kind == EP
        if p == "P":
            s = (FILES[frm & 7] + "x" if capture else "") + sqname(to)
            if promo:
                s += "=" + promo.upper()
        else:
            others = [mm[0] for mm, _ in legal
                      if mm[1] == to and mm[0] != frm and mm[3] not in (CASTLE_K, CASTLE_Q)
                      and pos.b[mm[0]].upper() == p]
            dis = ""
            if others:
                same_rank = any(o >> 3 == frm >> 3 for o in others)
                same_file = any(o & 7 == frm & 7 for o in others)
                col = same_rank or not same_file
                row = same_file
                if col:
                    dis += FILES[frm & 7]
                if row:
                    dis += str((frm >> 3) + 1)
            s = p + dis + ("x" if capture else "") + sqname(to)
    if in_check(child, variant):
        s += "#" if not legal_moves(child, variant) else "+"
    return s


def insufficient(b, variant):
    pieces = [p for p in b if p is not None]
    if variant == "sticky":
        return len(pieces) == 2
    # python-chess rule
    def side(white):
        mine = [p.upper() for p in pieces if p.isupper() == white]
        theirs = [p.upper() for p in pieces if p.isupper() != white]
        if any(t in "PRQ" for t in mine):
            return False
        if "N" in mine:
            return len(mine) <= 2 and all(t in "KQ" for t in theirs)
        if "B" in mine:
            colours = set(((s >> 3) + (s & 7)) % 2 for s in range(64)
                          if b[s] is not None and b[s] in "Bb")
            return len(colours) == 1 and not any(p in "PpNn" for p in pieces)
        return True
    return side(True) and side(False)


def rep_key(pos, legal):
    ep = None
    if pos.ep is not None and any(m[3] == EP for m, _ in legal):
        ep = pos.ep
    return (tuple(pos.b), pos.white, pos.castle, ep)


def play_game(variant, rng, max_plies=200):
    pos = Pos.from_fen(START_FEN)
    sans = []
    counts = {}
    result = "*"
    ply = 0
    while True:
        legal = legal_moves(pos, variant)
        key = rep_key(pos, legal)
        counts[key] = counts.get(key, 0) + 1
        if not legal:
            if in_check(pos, variant):
                result = "0-1" if pos.white else "1-0"
            else:
                result = "1/2-1/2"
            break
        if insufficient(pos.b, variant) or pos.half >= 150 or counts[key] >= 5:
            result = "1/2-1/2"
            break
        if ply >= max_plies:
            result = "*"
            break
        legal.sort(key=lambda x: uci(x[0]))
        m, np = rng.choice(legal)
        sans.append(san(pos, m, legal, variant))
        pos = np
        ply += 1
    return sans, result


def pgn_text(sans, result, round_no, variant):
    lines = ['[Event "?"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "%d"]' % round_no,
             '[White "?"]', '[Black "?"]', '[Result "%s"]' % result,
             '[Variant "%s"]' % variant.capitalize(), ""]
    if variant == "orthodox":
        lines.remove('[Variant "Orthodox"]')
    tokens = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            tokens.append("%d." % (i // 2 + 1))
        tokens.append(s)
    tokens.append(result)
    line = ""
    out = []
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            out.append(line)
            line = t
        else:
            line = line + " " + t if line else t
    out.append(line)
    return "\n".join(lines + out) + "\n"


def games_main(args):
    out = None
    if "--out" in args:
        i = args.index("--out")
        out = args[i + 1]
        args = args[:i] + args[i + 2:]
    variant, n, seed = args[0].lower(), int(args[1]), int(args[2])
    check_variant(variant)
    rng = random.Random(seed)
    texts = []
    for k in range(1, n + 1):
        sans, result = play_game(variant, rng)
        texts.append(pgn_text(sans, result, k, variant))
    data = "\n".join(texts)
    if out:
        with open(out, "w") as fh:
            fh.write(data)
    else:
        sys.stdout.write(data)


def check_variant(v):
    if v not in ("deflector", "sticky", "orthodox"):
        sys.exit("unknown variant %r (deflector or sticky)" % v)


# ---------------------------------------------------------------------------
# self test

def _ucis(fen, variant):
    return {uci(m) for m, _ in legal_moves(Pos.from_fen(fen), variant)}


def _play(fen, u, variant):
    pos = Pos.from_fen(fen)
    for m, np in legal_moves(pos, variant):
        if uci(m) == u:
            return np
    raise AssertionError("move %s not legal in %s" % (u, fen))


def _san_of(fen, u, variant):
    pos = Pos.from_fen(fen)
    legal = legal_moves(pos, variant)
    for m, _ in legal:
        if uci(m) == u:
            return san(pos, m, legal, variant)
    raise AssertionError("move %s not legal" % u)


def selftest():
    D, S, O = "deflector", "sticky", "orthodox"
    # --- Deflector -------------------------------------------------------
    # rook a1, own pawn a4: up the file, turns on a4 along rank 4 (only east exists)
    fen = "4k3/8/8/8/P7/8/8/R3K3 w - - 0 1"
    u = _ucis(fen, D)
    assert {"a1a2", "a1a3", "a1b4", "a1c4", "a1h4"} <= u, u
    assert "a1a4" not in u and "a1a5" not in u
    # both ways: rook d1, pawn d4 -> along rank 4 west and east
    fen = "4k3/8/8/8/3P4/8/8/3RK3 w - - 0 1"
    u = _ucis(fen, D)
    assert {"d1a4", "d1b4", "d1c4", "d1e4", "d1h4"} <= u and "d1d4" not in u, u
    # bishop b2, pawn d4: diagonal -> the other diagonal, both ways
    fen = "4k3/8/8/8/3P4/8/1B6/4K3 w - - 0 1"
    u = {x for x in _ucis(fen, D) if x.startswith("b2")}
    assert u == {"b2" + s for s in ["c3", "a3", "c1", "a1", "e3", "f2", "g1", "c5", "b6",
                                     "a7"]}, u
    assert {x for x in _ucis(fen, O) if x.startswith("b2")} == \
        {"b2c3", "b2a3", "b2c1", "b2a1"}
    # queen b1, pawn b3: an orthogonal line turns orthogonally only
    fen = "4k3/8/8/8/8/1P6/8/1Q2K3 w - - 0 1"
    u = _ucis(fen, D)
    assert {"b1a3", "b1c3", "b1h3"} <= u and "b1a4" not in u and "b1c4" not in u, u
    # one square reached two ways (c3-c6-f6 and c3-f3-f6) is one move
    fen = "4k3/8/2P5/8/8/2R2P2/8/4K3 w - - 0 1"
    ul = [uci(m) for m, _ in legal_moves(Pos.from_fen(fen), D)]
    assert len(ul) == len(set(ul)) and ul.count("c3f6") == 1
    assert {"c3a6", "c3h6", "c3f8", "c3f1"} <= set(ul), ul
    # forced partial move: both right-angle directions blocked -> no use of the pawn
    fen = "4k3/8/8/8/8/NPN5/8/1R2K3 w - - 0 1"
    u = {x for x in _ucis(fen, D) if x.startswith("b1")}
    assert u == {"b1b2", "b1a1", "b1c1", "b1d1"}, u
    # no second bounce: Ra1 turns on a4 east, b4 is an own pawn -> stop there
    fen = "4k3/8/8/8/PP6/8/8/R3K3 w - - 0 1"
    u = {x for x in _ucis(fen, D) if x.startswith("a1")}
    assert u == {"a1a2", "a1a3", "a1b1", "a1c1", "a1d1"}, u
    # deflected check: Ra1 via own pawn a4 checks the king on h4
    fen = "8/8/8/8/P6k/8/8/R3K3 b - - 0 1"
    assert in_check(Pos.from_fen(fen), D) and not in_check(Pos.from_fen(fen), O)
    u = _ucis(fen, D)
    assert "h4h3" in u and "h4g4" not in u and "h4h5" in u, u
    assert _san_of("8/8/8/8/P6k/8/8/1R2K3 w - - 0 1", "b1a1", D) == "Ra1+"
    assert _san_of("8/8/8/8/P6k/8/8/1R2K3 w - - 0 1", "b1a1", O) == "Ra1"
    # deflected capture is written as an ordinary capture
    assert _san_of("4k3/8/8/8/P6p/8/8/R3K3 w - - 0 1", "a1h4", D) == "Rxh4"
    # deflected mate: Rb1-a1, the rook's line turns on a4 along rank 4 to h4
    assert _san_of("8/8/4N3/6Pp/P6k/6pp/8/1R2K3 w - - 0 1", "b1a1", D) == "Ra1#"
    # deflected pin: knight d4 pinned by Ra8 turning on its own pawn a4
    fen = "r3k3/8/8/8/p2N2K1/8/8/8 w - - 0 1"
    assert not any(x.startswith("d4") for x in _ucis(fen, D))
    assert any(x.startswith("d4") for x in _ucis(fen, O))
    # castling across f1, attacked by Bf5 turning on its pawn d3 (e4-d3-e2-f1)
    fen = "4k3/8/8/5b2/8/3p4/8/4K2R w K - 0 1"
    assert "e1g1" not in _ucis(fen, D)
    assert "e1g1" in _ucis(fen, O)
    # SAN disambiguation counts deflected moves: Ra1 (turning on a3) and Rh3 reach d3
    fen = "4k3/8/8/8/8/P6R/8/R3K3 w - - 0 1"
    assert _san_of(fen, "a1d3", D) == "Rad3" and _san_of(fen, "h3d3", D) == "Rhd3"
    assert _san_of(fen, "h3d3", O) == "Rd3"
    # the pawn stays, only from/to change
    np = _play("4k3/8/8/8/P7/8/8/R3K3 w - - 0 1", "a1c4", D)
    assert np.fen().split()[0] == "4k3/8/8/8/P1R5/8/8/4K3"
    # the base generator
    assert perft(Pos.from_fen(START_FEN), 3, O) == 8902

    # --- Sticky ----------------------------------------------------------
    # e2-e4 drags the king e1 to e3; a dragging double step gives no en passant square
    np = _play(START_FEN, "e2e4", S)
    assert np.fen() == "rnbqkbnr/pppppppp/8/8/4P3/4K3/PPPP1PPP/RNBQ1BNR b kq - 0 1", np.fen()
    # e2-e3 drags the king onto e2, the square the pawn left
    np = _play(START_FEN, "e2e3", S)
    assert np.fen().startswith("rnbqkbnr/pppppppp/8/8/8/4P3/PPPPKPPP/RNBQ1BNR b kq"), np.fen()
    # a2-a3 drags the rook: White loses only the queen-side right
    np = _play(START_FEN, "a2a3", S)
    assert np.fen() == "rnbqkbnr/pppppppp/8/8/8/P7/RPPPPPPP/1NBQKBNR b Kkq - 0 1", np.fen()
    # black knight b8-c6 drags the pawn b7 to c5 (a pawn drag resets the clock)
    np = _play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 5 1", "b8c6", S)
    assert np.fen() == "r1bqkbnr/p1pppppp/2n5/2p5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", \
        np.fen()
    # no drag onto an occupied square
    np = _play("rn2k3/1p6/8/2P5/8/8/8/4K3 b - - 3 1", "b8c6", S)
    assert np.b[parse_sq("b7")] == "p" and np.b[parse_sq("c5")] == "P" and np.half == 4
    # an enemy piece is never dragged
    np = _play("4k3/8/8/8/8/8/4P2K/4r3 w - - 0 1", "e2e3", S)
    assert np.b[parse_sq("e1")] == "r"
    # double step without drag gives en passant; with a drag it does not
    fen = "4k3/8/8/8/3p4/8/2P1P3/4R1K1 w - - 0 1"
    np = _play(fen, "c2c4", S)
    assert np.fen().split()[3] == "c3"
    assert "d4c3" in {uci(m) for m, _ in legal_moves(np, S)}
    np = _play(fen, "e2e4", S)
    assert np.fen().split()[3] == "-" and np.b[parse_sq("e3")] == "R"
    np2 = _play(np.fen(), "d4e3", S)  # an ordinary capture of the dragged rook
    assert np2.b[parse_sq("e4")] == "P"
    # en passant capture drags into the victim's square
    np = _play("4k3/4p3/8/3P4/3N4/8/8/4K3 b - - 0 1", "e7e5", S)
    assert np.fen().split()[3] == "e6"
    np = _play(np.fen(), "d5e6", S)
    assert np.fen().split()[0] == "4k3/8/4P3/4N3/8/8/8/4K3", np.fen()
    # castling: only the king drags (e7 -> g7 / c7); the rook does not (h7, a7 stay)
    np = _play("r3k2r/4p2p/8/8/8/8/8/4K3 b kq - 0 1", "e8g8", S)
    assert np.fen().split()[0] == "r4rk1/6pp/8/8/8/8/8/4K3", np.fen()
    np = _play("r3k2r/p3p3/8/8/8/8/8/4K3 b kq - 0 1", "e8c8", S)
    assert np.fen().split()[0] == "2kr3r/p1p5/8/8/8/8/8/4K3", np.fen()
    # castling into a square attacked before the move is refused (choice Q1)
    assert "e8g8" not in _ucis("r3k2r/4p3/8/8/8/8/6Q1/4K3 b kq - 0 1", S)
    # a white pawn on rank 1 steps forward one, not two
    u = _ucis("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", S)
    assert "a1a2" in u and "a1a3" not in u
    # a white pawn dragged back onto rank 2 may double-step again
    np = _play("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a1a2", S)
    np = _play(np.fen(), "e8d8", S)
    assert "a2a4" in {uci(m) for m, _ in legal_moves(np, S)}
    # a black pawn is not dragged onto rank 1
    np = _play("4k3/8/8/8/8/3n4/3p4/7K b - - 0 1", "d3b2", S)
    assert np.b[parse_sq("d2")] == "p" and np.b[parse_sq("b1")] is None
    # ... but is dragged elsewhere: black pawn d3 follows the knight d4-b3 to b2
    np = _play("4k3/8/8/8/3n4/3p4/8/7K b - - 0 1", "d4b3", S)
    assert np.b[parse_sq("b2")] == "p" and np.b[parse_sq("d3")] is None
    # dragging the own king into an attack is illegal
    assert "e2e3" not in _ucis("4k3/8/8/8/8/8/4P2r/4K3 w - - 0 1", S)
    assert "e2e3" in _ucis("4k3/8/8/8/8/8/4P2r/4K3 w - - 0 1", O)
    # a drag gives check: bxc3 drags Rb1 to c2, attacking h2
    assert _san_of("8/8/8/8/8/2p5/1P5k/1R2K3 w - - 0 1", "b2c3", S) == "bxc3+"
    assert _san_of("8/8/8/8/8/2p5/1P5k/1R2K3 w - - 0 1", "b2c3", O) == "bxc3"
    # dragged rook / king lose their castling rights
    np = _play("r3k2r/8/8/8/8/8/4P2P/R3K2R w KQkq - 0 1", "h2h3", S)
    assert np.castle == CQ | Ck | Cq
    np = _play("r3k2r/8/8/8/8/8/4P2P/R3K2R w KQkq - 0 1", "e2e3", S)
    assert np.castle == Ck | Cq and np.b[parse_sq("e2")] == "K"
    np = _play("r3k2r/4p3/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8d8", S)
    assert np.castle == CK | CQ and np.b[parse_sq("d7")] == "p"
    # insufficient material: only two bare kings
    assert insufficient(Pos.from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").b, S)
    assert not insufficient(Pos.from_fen("4k3/8/8/8/8/8/8/3BK3 w - - 0 1").b, S)
    assert insufficient(Pos.from_fen("4k3/8/8/8/8/8/8/3BK3 w - - 0 1").b, D)
    print("selftest ok")
    return 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--selftest":
        return selftest()
    if argv[0] == "--games":
        games_main(argv[1:])
        return 0
    lst = "--list" in argv
    args = [a for a in argv if a != "--list"]
    if len(args) != 3:
        sys.exit("usage: VARIANT FEN DEPTH [--list]")
    variant, fen, depth = args[0].lower(), args[1], int(args[2])
    check_variant(variant)
    pos = Pos.from_fen(fen)
    if lst:
        total = 0
        rows = []
        for m, np in legal_moves(pos, variant):
            n = perft(np, depth - 1, variant)
            rows.append((uci(m), n))
            total += n
        for u, n in sorted(rows):
            print("%s %d" % (u, n))
        print()
        print(total)
    else:
        print(perft(pos, depth, variant))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
