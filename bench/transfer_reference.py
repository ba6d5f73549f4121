#!/usr/bin/env python3
"""Independent reference implementation of Transfer Chess and its Swap and Parallel variants.

Written from the rule readings in notation/variants/transfer.yaml, transfer-swap.yaml and
transfer-parallel.yaml only (python-chess does the single-board FIDE move generation).

Rules as implemented
--------------------
* Two orthodox 8x8 boards, each starting from the orthodox position. Player Blue moves first
  and has White on board 1 and Black on board 2; player Red has Black on board 1 and White on
  board 2. Blue is the record's White (`1-0` = Blue wins).
* A turn is ONE action on either board, chosen by the player: a FIDE move on that board
  (castling, en passant, promotion to Q/R/B/N, all by the FIDE laws of that board alone) or,
  in Transfer and Swap only, a drop (re-insertion) from the mover's reserve for that board.
  Pieces never move from one board to the other except through the reserves.
* Castling rights and the en passant square are per board. En passant keeps FIDE's
  "immediately": a double step may be taken en passant only by the very next turn, so only
  if that turn is on the same board. After each turn the other board's en passant square is
  cleared; the board moved on gets the ep square of a double step (python-chess style: set
  after every double step).
* A player may never leave either of their two kings attacked: a turn is illegal if after it
  any of the mover's kings is attacked on its own board. So a player in check on one board
  must answer it there (king move, capture, block by a move or a drop); every turn on the
  other board is then illegal.
* Checkmate: the player to move has a king in check and no legal turn on either board; that
  player loses. No legal turn on either board and no king in check: stalemate (draw).
* Transfer: a captured piece (en passant captures included) goes to the capturer's reserve
  as the piece it is when captured (a promoted queen stays a queen) and may be dropped only on
  the OTHER board, where it keeps its color, which is the capturer's color there (Blue takes a
  black knight on board 1 -> Blue may drop a black knight on board 2). A drop goes on any empty
  square of that board; a pawn never on rank 1 or 8. A dropped pawn on its own second rank may
  later make its double step. Drops may give check and mate and may block a check; a drop may
  not leave any of the mover's kings in check. Dropping never gives castling rights back.
* Swap: as Transfer, but each player's reserve for each board holds at most one piece (the
  piece captured last on the other board). A capture while that reserve already holds a piece
  replaces it; the old piece leaves the game. A drop empties that reserve.
* Parallel: no reserves and no drops; captured pieces leave the game.
* Halfmove clock: one count for the whole game, reset by any capture, any pawn move or any
  pawn drop on either board. The fullmove number increases after each of Red's turns.
* Game end used by --games: checkmate (1-0 / 0-1), stalemate (1/2-1/2), dead position
  (1/2-1/2): Transfer/Swap: only the four kings on the boards and every reserve empty;
  Parallel: each board alone is a FIDE insufficient-material board (kings only; kings and one
  knight or bishop; kings and bishops all on one square color). The random games also stop
  (result `*`) when the halfmove clock reaches 100, when a position (both boards, reserves,
  castling rights, en passant rights in the FIDE sense (a legal ep capture exists), side to
  move) occurs for the third time, or at the random target length (20..150 turns).

FEN
---
`<board1>[<reserve1>]|<board2>[<reserve2>] <side1>|<side2> <castling1>|<castling2> <ep1>|<ep2>
[<halfmove> [<fullmove>]]`. Each bracket lists the pieces that may be dropped ON THAT BOARD, in
the color they have there (uppercase: the player having White on that board). Side `w|b` =
Blue to move, `b|w` = Red to move (a single `w`/`b` is read as the board-1 letter). Parallel
has no brackets (empty `[]` is tolerated). Missing brackets in Transfer/Swap are read as empty.
A single castling or ep field without `|` applies to both boards.

Notation
--------
Board-1 moves are ordinary SAN (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`), board-2 moves are prefixed
with `2:` (`2:e5`); drops are `N@f3` / `2:N@f6`. `+`/`#` are computed across both boards (any
king of the player now to move attacked; `#` if that player has no legal turn). Coordinates
for --list: `e2e4`, `2:e7e5`, `e1g1` (castling as the king's two-square move), `e7e8q`,
`N@f3`, `2:P@e4`.

Usage
-----
  transfer_reference.py VARIANT FEN DEPTH [--list]
      perft count (VARIANT: transfer | transfer-swap | transfer-parallel; FEN may be
      `startpos`). With --list: one line per legal turn `<coord> <count>`, sorted, a blank
      line, then the total.
  transfer_reference.py --games VARIANT N SEED [--out FILE]
      N random legal games as PGN (stdout or FILE).
  transfer_reference.py --selftest
      internal sanity checks (includes an independent brute-force oracle).
"""

import random
import re
import sys

import chess

VARIANTS = {
    "transfer": "Transfer Chess",
    "transfer-swap": "Transfer Chess - Swap Variant",
    "transfer-parallel": "Transfer Chess - Parallel Variant",
}
ALIASES = {
    "transfer": "transfer", "transfer-chess": "transfer",
    "transfer-swap": "transfer-swap", "swap": "transfer-swap", "transfer swap": "transfer-swap",
    "transfer-parallel": "transfer-parallel", "parallel": "transfer-parallel",
    "transfer parallel": "transfer-parallel",
}

START_TRANSFER = ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]|"
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w|b KQkq|KQkq -|- 0 1")
START_PARALLEL = ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|"
                  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w|b KQkq|KQkq -|- 0 1")

NULL = chess.Move.null()
ZERO = (0, 0, 0, 0, 0, 0, 0)  # reserve counts indexed by piece type (1..6)
DROP_TYPES = (chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
PAWN_DROP_MASK = chess.BB_ALL & ~(chess.BB_RANK_1 | chess.BB_RANK_8)
RES_ORDER = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)


class FenError(ValueError):
    pass


def popcount(x):
    return bin(x).count("1")


class Game:
    """State: two python-chess boards (each with its own side to move, castling, ep),
    reserves res[board][color] (a 7-tuple of counts by piece type: the pieces that may be
    dropped on that board in that color), the player to move, the game's clocks."""

    def __init__(self, variant="transfer", fen=None):
        variant = ALIASES.get(variant, variant)
        if variant not in VARIANTS:
            raise ValueError("unknown variant %r" % variant)
        self.variant = variant
        self.drops = variant != "transfer-parallel"
        self.swap = variant == "transfer-swap"
        self._undo = []
        if fen is None or fen == "startpos":
            fen = START_PARALLEL if not self.drops else START_TRANSFER
        self.set_fen(fen)

    # ------------------------------------------------------------------ FEN
    def set_fen(self, fen):
        fields = fen.split()
        if len(fields) < 4 or len(fields) > 6:
            raise FenError("expected 4 to 6 fields")
        parts = fields[0].split("|")
        if len(parts) != 2:
            raise FenError("expected two boards joined by |")
        boards = []
        res = [[ZERO, ZERO], [ZERO, ZERO]]
        for bi, part in enumerate(parts):
            mo = re.fullmatch(r"([^\[\]]*)(?:\[([^\[\]]*)\])?", part)
            if not mo:
                raise FenError("bad board field %r" % part)
            placement, hand = mo.group(1), mo.group(2)
            if hand and not self.drops:
                raise FenError("parallel variant has no reserves")
            B = chess.Board(None)
            try:
                B.set_board_fen(placement.replace("~", ""))
            except ValueError as e:
                raise FenError("bad placement %r: %s" % (placement, e))
            for color in (chess.WHITE, chess.BLACK):
                if popcount(B.kings & B.occupied_co[color]) != 1:
                    raise FenError("board %d: need exactly one king of each color" % (bi + 1))
            if B.pawns & (chess.BB_RANK_1 | chess.BB_RANK_8):
                raise FenError("board %d: pawn on first or last rank" % (bi + 1))
            counts = [[0] * 7, [0] * 7]
            for ch in hand or "":
                try:
                    p = chess.Piece.from_symbol(ch)
                except ValueError:
                    raise FenError("bad reserve piece %r" % ch)
                if p.piece_type == chess.KING:
                    raise FenError("a king cannot be in a reserve")
                counts[int(p.color)][p.piece_type] += 1
            for color in (chess.WHITE, chess.BLACK):
                if self.swap and sum(counts[int(color)]) > 1:
                    raise FenError("swap: a reserve holds at most one piece")
                res[bi][int(color)] = tuple(counts[int(color)])
            boards.append(B)
        side = fields[1].split("|")
        if len(side) == 1:
            side = [side[0], {"w": "b", "b": "w"}.get(side[0], "?")]
        if len(side) != 2 or side[0] not in "wb" or side[1] not in "wb" or side[0] == side[1] \
                or len(side[0]) != 1 or len(side[1]) != 1:
            raise FenError("bad side to move %r (w|b or b|w)" % fields[1])
        blue = side[0] == "w"
        boards[0].turn = chess.WHITE if blue else chess.BLACK
        boards[1].turn = chess.BLACK if blue else chess.WHITE
        cast = fields[2].split("|")
        if len(cast) == 1:
            cast = cast * 2
        if len(cast) != 2:
            raise FenError("bad castling field")
        for B, c in zip(boards, cast):
            if c != "-" and not re.fullmatch(r"K?Q?k?q?", c):
                raise FenError("bad castling %r" % c)
            B.set_castling_fen(c)
            if B.clean_castling_rights() != B.castling_rights:
                raise FenError("castling right without king and rook on their squares")
        eps = fields[3].split("|")
        if len(eps) == 1:
            eps = eps * 2
        if len(eps) != 2:
            raise FenError("bad en passant field")
        for B, e in zip(boards, eps):
            if e == "-":
                B.ep_square = None
                continue
            try:
                sq = chess.parse_square(e)
            except ValueError:
                raise FenError("bad en passant square %r" % e)
            # the pawn that just double-stepped belongs to the side NOT to move on this board
            them = not B.turn
            rank = chess.square_rank(sq)
            if them == chess.WHITE:
                ok = rank == 2 and B.piece_at(sq + 8) == chess.Piece(chess.PAWN, chess.WHITE) \
                    and B.piece_at(sq) is None and B.piece_at(sq - 8) is None
            else:
                ok = rank == 5 and B.piece_at(sq - 8) == chess.Piece(chess.PAWN, chess.BLACK) \
                    and B.piece_at(sq) is None and B.piece_at(sq + 8) is None
            if not ok:
                raise FenError("impossible en passant square %r" % e)
            B.ep_square = sq
        try:
            self.halfmove = int(fields[4]) if len(fields) > 4 else 0
            self.fullmove = int(fields[5]) if len(fields) > 5 else 1
        except ValueError:
            raise FenError("bad clocks")
        if self.halfmove < 0 or self.fullmove < 1:
            raise FenError("bad clocks")
        for B in boards:
            B.halfmove_clock = 0
            B.fullmove_number = 1
            # the player not to move may not stand in check on any board
            if B.attackers_mask(B.turn, B.king(not B.turn)):
                raise FenError("the side not to move is in check")
        self.boards = boards
        self.res = [list(r) for r in res]
        self.blue = blue
        self._undo = []

    def fen(self):
        out = []
        for bi, B in enumerate(self.boards):
            s = B.board_fen()
            if self.drops:
                h = ""
                for color in (chess.WHITE, chess.BLACK):
                    r = self.res[bi][int(color)]
                    for pt in RES_ORDER:
                        sym = chess.piece_symbol(pt)
                        h += (sym.upper() if color else sym) * r[pt]
                s += "[" + h + "]"
            out.append(s)
        side = "w|b" if self.blue else "b|w"
        cast = "|".join(B.castling_xfen() for B in self.boards)
        ep = "|".join(chess.square_name(B.ep_square) if B.ep_square is not None else "-"
                      for B in self.boards)
        return "%s %s %s %s %d %d" % ("|".join(out), side, cast, ep, self.halfmove, self.fullmove)

    # ------------------------------------------------------------------ move generation
    def _drop_turns(self, b, in_check):
        B = self.boards[b]
        c = B.turn
        r = self.res[b][int(c)]
        empty = ~B.occupied & chess.BB_ALL
        out = []
        for pt in DROP_TYPES:
            if not r[pt]:
                continue
            mask = empty & PAWN_DROP_MASK if pt == chess.PAWN else empty
            for sq in chess.scan_forward(mask):
                if in_check:
                    B._set_piece_at(sq, pt, c)
                    ok = not B.is_check()
                    B._remove_piece_at(sq)
                    if not ok:
                        continue
                out.append((b, chess.Move(sq, sq, drop=pt)))
        return out

    def legal_turns(self, boards=(0, 1)):
        chk = (self.boards[0].is_check(), self.boards[1].is_check())
        out = []
        for b in boards:
            if chk[1 - b]:
                continue  # a king of the mover stands in check on the other board
            B = self.boards[b]
            out.extend((b, m) for m in B.generate_legal_moves())
            if self.drops:
                out.extend(self._drop_turns(b, chk[b]))
        return out

    def count_turns(self, boards=(0, 1)):
        chk = (self.boards[0].is_check(), self.boards[1].is_check())
        n = 0
        for b in boards:
            if chk[1 - b]:
                continue
            B = self.boards[b]
            n += sum(1 for _ in B.generate_legal_moves())
            if self.drops:
                if chk[b]:
                    n += len(self._drop_turns(b, True))
                else:
                    r = self.res[b][int(B.turn)]
                    empty = ~B.occupied & chess.BB_ALL
                    for pt in DROP_TYPES:
                        if r[pt]:
                            n += popcount(empty & PAWN_DROP_MASK if pt == chess.PAWN else empty)
        return n

    def has_legal_turn(self):
        chk = (self.boards[0].is_check(), self.boards[1].is_check())
        for b in (0, 1):
            if chk[1 - b]:
                continue
            B = self.boards[b]
            for _ in B.generate_legal_moves():
                return True
            if self.drops and self._drop_turns(b, chk[b]):
                return True
        return False

    def in_check(self):
        return self.boards[0].is_check() or self.boards[1].is_check()

    # ------------------------------------------------------------------ make / unmake
    def captured_type(self, turn):
        b, m = turn
        if m.drop:
            return None
        B = self.boards[b]
        cap = B.piece_type_at(m.to_square)
        if cap is not None and B.color_at(m.to_square) == B.turn:
            cap = None  # never happens in standard castling notation, kept for safety
        if cap is None and B.is_en_passant(m):
            cap = chess.PAWN
        return cap

    def make(self, turn):
        b, m = turn
        B = self.boards[b]
        O = self.boards[1 - b]
        c = B.turn
        self._undo.append(([self.res[0][:], self.res[1][:]], self.halfmove, self.fullmove))
        zero = False
        if m.drop:
            r = list(self.res[b][int(c)])
            assert r[m.drop] > 0, "drop of a piece not in hand"
            r[m.drop] -= 1
            self.res[b][int(c)] = tuple(r)
            zero = m.drop == chess.PAWN
        else:
            cap = self.captured_type(turn)
            if cap is not None:
                zero = True
                if self.drops:
                    # the captured piece keeps its color, which is the capturer's color on
                    # the other board; it may be dropped only there
                    ob, col = 1 - b, int(not c)
                    if self.swap:
                        r = [0] * 7
                        r[cap] = 1
                    else:
                        r = list(self.res[ob][col])
                        r[cap] += 1
                    self.res[ob][col] = tuple(r)
            elif B.piece_type_at(m.from_square) == chess.PAWN:
                zero = True
        B.push(m)
        O.push(NULL)  # the other board: its side to move changes, its ep square is cleared
        self.halfmove = 0 if zero else self.halfmove + 1
        if not self.blue:
            self.fullmove += 1
        self.blue = not self.blue

    def unmake(self):
        res, self.halfmove, self.fullmove = self._undo.pop()
        self.res = res
        self.boards[0].pop()
        self.boards[1].pop()
        self.blue = not self.blue

    # ------------------------------------------------------------------ perft
    def perft(self, depth, boards=(0, 1)):
        if depth == 0:
            return 1
        if depth == 1:
            return self.count_turns(boards)
        n = 0
        for t in self.legal_turns(boards):
            self.make(t)
            n += self.perft(depth - 1, boards)
            self.unmake()
        return n

    # ------------------------------------------------------------------ notation
    @staticmethod
    def coord(turn):
        b, m = turn
        return ("2:" if b else "") + m.uci()

    def san_without_suffix(self, turn):
        b, m = turn
        pre = "2:" if b else ""
        if m.drop:
            return pre + chess.piece_symbol(m.drop).upper() + "@" + chess.square_name(m.to_square)
        return pre + self.boards[b]._algebraic_without_suffix(m)

    def san_and_make(self, turn):
        s = self.san_without_suffix(turn)
        self.make(turn)
        if self.in_check():
            s += "#" if not self.has_legal_turn() else "+"
        return s

    def parse_turn(self, text):
        """Accepts a coordinate turn or a SAN turn (with or without 2: / 1:)."""
        text = text.strip().rstrip("+#!?")
        if text.startswith("1:"):
            text = text[2:]
        for t in self.legal_turns():
            if self.coord(t) == text or self.san_without_suffix(t) == text:
                return t
        raise ValueError("illegal or unknown turn %r in %s" % (text, self.fen()))

    def play(self, *turns):
        for t in turns:
            self.make(self.parse_turn(t))
        return self

    # ------------------------------------------------------------------ game end
    def position_key(self):
        chk = (self.boards[0].is_check(), self.boards[1].is_check())
        parts = []
        for b, B in enumerate(self.boards):
            ep = None
            if B.ep_square is not None and not chk[1 - b] and B.has_legal_en_passant():
                ep = B.ep_square
            parts.append((B.board_fen(), B.clean_castling_rights(), ep))
        return (tuple(parts), tuple(map(tuple, self.res)), self.blue)

    def is_dead(self):
        if self.drops:
            for B in self.boards:
                if B.occupied != B.kings:
                    return False
            return all(sum(r) == 0 for rr in self.res for r in rr)
        for B in self.boards:
            others = B.occupied & ~B.kings
            n = popcount(others)
            if n == 0:
                continue
            if n == 1 and others & (B.knights | B.bishops):
                continue
            if others == others & B.bishops and (not others & chess.BB_DARK_SQUARES
                                                 or not others & chess.BB_LIGHT_SQUARES):
                continue
            return False
        return True


# ---------------------------------------------------------------------- random games
def random_game(variant, rng):
    g = Game(variant)
    target = rng.randint(20, 150)
    sans = []
    reps = {g.position_key(): 1}
    while True:
        turns = g.legal_turns()
        if not turns:
            if g.in_check():
                result = "0-1" if g.blue else "1-0"
            else:
                result = "1/2-1/2"
            break
        if g.is_dead():
            result = "1/2-1/2"
            break
        if g.halfmove >= 100:
            result = "*"
            break
        if reps[g.position_key()] >= 3:
            result = "*"
            break
        if len(sans) >= target:
            result = "*"
            break
        # choose the board roughly evenly, then the category (captures 4, drops 3, others 2)
        byboard = {}
        for t in turns:
            byboard.setdefault(t[0], []).append(t)
        b = rng.choice(sorted(byboard))
        cats = {"capture": [], "drop": [], "other": []}
        for t in byboard[b]:
            if t[1].drop:
                cats["drop"].append(t)
            elif g.captured_type(t) is not None:
                cats["capture"].append(t)
            else:
                cats["other"].append(t)
        weights = {"capture": 4, "drop": 3, "other": 2}
        names = [k for k in ("capture", "drop", "other") if cats[k]]
        k = rng.choices(names, weights=[weights[x] for x in names])[0]
        t = rng.choice(cats[k])
        sans.append((g.blue, g.fullmove, g.san_and_make(t)))
        key = g.position_key()
        reps[key] = reps.get(key, 0) + 1
    return sans, result


def format_game(variant, round_no, sans, result):
    lines = [
        '[Event "transfer_reference random game"]',
        '[Site "?"]',
        '[Date "2026.11.26"]',
        '[Round "%d"]' % round_no,
        '[White "A"]',
        '[Black "B"]',
        '[Result "%s"]' % result,
        '[Variant "%s"]' % VARIANTS[variant],
        "",
    ]
    tokens = []
    for i, (blue, num, san) in enumerate(sans):
        if blue:
            tokens.append("%d. %s" % (num, san))
        elif i == 0:
            tokens.append("%d... %s" % (num, san))
        else:
            tokens.append(san)
    tokens.append(result)
    cur = ""
    for tok in tokens:
        if cur and len(cur) + 1 + len(tok) > 79:
            lines.append(cur)
            cur = tok
        else:
            cur = cur + " " + tok if cur else tok
    lines.append(cur)
    lines.append("")
    return "\n".join(lines) + "\n"


def games(variant, n, seed, out):
    rng = random.Random(seed)
    chunks = []
    for k in range(1, n + 1):
        sans, result = random_game(variant, rng)
        chunks.append(format_game(variant, k, sans, result))
    text = "".join(chunks)
    if out:
        with open(out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


# ---------------------------------------------------------------------- self test
class Oracle:
    """Slow, copy-based, independent legality: pseudo-legal moves and all drops are tried on
    copies and rejected if any king of the mover is attacked afterwards. The other board is
    updated by hand (turn flipped, ep cleared), without python-chess null moves."""

    def __init__(self, g):
        self.variant = g.variant
        self.drops = g.drops
        self.swap = g.swap

    def turns(self, state):
        boards, res = state
        out = []
        for b in (0, 1):
            B, O = boards[b], boards[1 - b]
            c = B.turn
            oc = O.turn
            if O.is_attacked_by(not oc, O.king(oc)):
                continue
            cands = list(B.generate_pseudo_legal_moves())
            if self.drops:
                for pt in DROP_TYPES:
                    if res[b][int(c)][pt]:
                        for sq in chess.SQUARES:
                            if B.piece_at(sq) is None and not (
                                    pt == chess.PAWN and chess.square_rank(sq) in (0, 7)):
                                cands.append(chess.Move(sq, sq, drop=pt))
            for m in cands:
                nb = B.copy(stack=False)
                nb.push(m)
                if nb.is_attacked_by(not c, nb.king(c)):
                    continue
                out.append((b, m, nb))
        return out

    def child(self, state, b, m, nb):
        boards, res = state
        res = [list(map(list, r)) for r in res]
        B = boards[b]
        c = B.turn
        if m.drop:
            res[b][int(c)][m.drop] -= 1
        else:
            cap = None
            if B.piece_at(m.to_square) is not None and B.color_at(m.to_square) != c:
                cap = B.piece_type_at(m.to_square)
            elif B.piece_type_at(m.from_square) == chess.PAWN and \
                    chess.square_file(m.from_square) != chess.square_file(m.to_square):
                cap = chess.PAWN  # en passant
            if cap and self.drops:
                if self.swap:
                    res[1 - b][int(not c)] = [0] * 7
                res[1 - b][int(not c)][cap] += 1
        O = boards[1 - b].copy(stack=False)
        O.turn = not O.turn
        O.ep_square = None
        nbs = [None, None]
        nbs[b] = nb
        nbs[1 - b] = O
        return (nbs, res)

    def perft(self, state, depth):
        if depth == 0:
            return 1
        n = 0
        for b, m, nb in self.turns(state):
            n += 1 if depth == 1 else self.perft(self.child(state, b, m, nb), depth - 1)
        return n


def oracle_perft(g, depth):
    o = Oracle(g)
    state = ([B.copy(stack=False) for B in g.boards],
             [[list(r) for r in rr] for rr in g.res])
    return o.perft(state, depth)


def single_board_perft(B, depth):
    if depth == 0:
        return 1
    n = 0
    for m in B.legal_moves:
        B.push(m)
        n += single_board_perft(B, depth - 1)
        B.pop()
    return n


def masked_board_count(B, seq):
    """Number of move sequences on one board where seq[i] is True for a real move and False
    for a 'null' (a turn on the other board, allowed only if this board is not in check)."""
    if not seq:
        return 1
    if seq[0]:
        n = 0
        for m in B.legal_moves:
            B.push(m)
            n += masked_board_count(B, seq[1:])
            B.pop()
        return n
    if B.is_check():
        return 0
    B.push(NULL)
    n = masked_board_count(B, seq[1:])
    B.pop()
    return n


def parallel_formula(g, depth):
    """Parallel perft as a sum over which turns are played on which board."""
    total = 0
    for mask in range(1 << depth):
        seq = [bool(mask >> i & 1) for i in range(depth)]
        a = masked_board_count(g.boards[0].copy(), seq)
        if a:
            total += a * masked_board_count(g.boards[1].copy(), [not x for x in seq])
    return total


def random_positions(variant, rng, n, plies_max=60):
    out = []
    while len(out) < n:
        g = Game(variant)
        target = rng.randint(4, plies_max)
        for _ in range(target):
            ts = g.legal_turns()
            if not ts:
                break
            caps = [t for t in ts if t[1].drop or g.captured_type(t) is not None]
            t = rng.choice(caps if caps and rng.random() < 0.6 else ts)
            g.make(t)
        if g.legal_turns():
            out.append(g.fen())
    return out


def selftest():
    fails = 0

    def check(name, got, want):
        nonlocal fails
        ok = got == want
        if not ok:
            fails += 1
        print("%s %s: got %r want %r" % ("ok  " if ok else "FAIL", name, got, want))

    for v in VARIANTS:
        g = Game(v)
        for d, want in ((1, 20), (2, 400), (3, 8902)):
            check("%s board 1 alone depth %d" % (v, d), g.perft(d, boards=(0,)), want)
            check("%s board 2 alone depth %d" % (v, d), g.perft(d, boards=(1,)), want)
        check("%s perft 1" % v, g.perft(1), 40)
        check("%s perft 2" % v, g.perft(2), 1600)
        check("%s fen roundtrip" % v, Game(v, g.fen()).fen(), g.fen())

    # Parallel: two-board perft equals the sum over board interleavings of single boards
    g = Game("transfer-parallel")
    check("parallel start depth 3 vs interleaving formula", g.perft(3), parallel_formula(g, 3))
    for fen in (
        # checks on board 2 possible quickly, ep on board 1
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR|rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQKBNR b|w KQkq|KQkq e3|- 0 3",
        "4k3/8/8/8/8/8/8/R3K2R|r3k2r/8/8/8/8/8/8/4K3 w|b KQ|kq -|- 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w|b -|KQkq -|- 0 1",
    ):
        g = Game("transfer-parallel", fen)
        for d in (1, 2, 3):
            check("parallel formula d%d %s" % (d, fen[:30]), g.perft(d), parallel_formula(g, d))

    # a king in check on board 2 forbids every move on board 1
    g = Game("transfer").play("2:e6", "2:f4", "2:Qh4")  # Blue plays black on board 2
    check("Qh4 gives check on board 2", g.boards[1].is_check(), True)
    ts = g.legal_turns()
    check("in check on board 2: no turn on board 1", any(b == 0 for b, _ in ts), False)
    check("in check on board 2: answers", sorted(g.coord(t) for t in ts), ["2:g2g3"])

    # drops only on the other board, in the capturer's color there
    g = Game("transfer").play("e4", "d5", "exd5")  # Blue takes a black pawn on board 1
    check("reserve after exd5 (fen)", g.fen().split()[0],
          "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[]|"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p]")
    g.play("Qxd5")  # Red takes a white pawn on board 1 -> Red may drop a white pawn on board 2
    check("reserve after Qxd5", g.fen().split()[0].split("|")[1], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pp]")
    ts = g.legal_turns()
    drops = sorted(g.coord(t) for t in ts if t[1].drop)
    check("Blue's drops only on board 2, black pawn on empty ranks 3..6",
          (len(drops), all(d.startswith("2:P@") for d in drops)), (32, True))
    g.play("2:P@e3")
    check("Red may drop a white pawn on board 2",
          sorted({g.coord(t)[:4] for t in g.legal_turns() if t[1].drop}), ["2:P@"])
    # drop count: pawn on board 2: empty squares on ranks 2..7 (board 2 has 16 empties on
    # ranks 3..6, minus e3 -> 31)
    check("Red pawn drop count", sum(1 for t in g.legal_turns() if t[1].drop), 31)

    # Swap: the reserve keeps only the last capture
    g2 = Game("transfer-swap", "4k3/8/8/3n4/2P1p3/5Q2/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g2.play("cxd5", "Kd7", "Qxe4")
    check("swap: second capture replaces the first", g2.fen().split()[0].split("|")[1],
          "4k3/8/8/8/8/8/8/4K3[p]")
    g2.unmake()
    check("swap: unmake restores", g2.fen().split()[0].split("|")[1], "4k3/8/8/8/8/8/8/4K3[n]")
    g3 = Game("transfer", "4k3/8/8/3n4/2P1p3/5Q2/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g3.play("cxd5", "Kd7", "Qxe4")
    check("transfer: both kept", g3.fen().split()[0].split("|")[1], "4k3/8/8/8/8/8/8/4K3[np]")
    check("swap: reserve with two refused", _raises(lambda: Game(
        "transfer-swap", "4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[np] w|b -|- -|- 0 1")), True)
    check("parallel: reserve refused", _raises(lambda: Game(
        "transfer-parallel", "4k3/8/8/8/8/8/8/4K3|4k3/8/8/8/8/8/8/4K3[n] w|b -|- -|- 0 1")), True)

    # promoted queen stays a queen; en passant capture fills the reserve
    g = Game("transfer", "8/3Pk3/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g.play("d8=Q+", "Kxd8")
    check("promoted queen captured stays a queen", g.fen().split()[0].split("|")[1],
          "4k3/8/8/8/8/8/8/4K3[Q]")
    g = Game("transfer", "4k3/8/8/8/3p4/8/4P3/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g.play("e4", "dxe3")
    check("ep capture goes to reserve", g.fen().split()[0].split("|")[1],
          "4k3/8/8/8/8/8/8/4K3[P]")
    # en passant only by the very next turn
    g = Game("transfer", "4k3/8/8/8/3p4/8/4P3/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g.play("e4", "2:Kd1", "2:Kd7")
    check("ep lost after a turn on the other board",
          "d4e3" in [g.coord(t) for t in g.legal_turns()], False)
    check("ep cleared in FEN", g.fen().split()[3], "-|-")
    g = Game("transfer", "4k3/8/8/8/3p4/8/4P3/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    g.play("e4")
    check("ep available immediately", "d4e3" in [g.coord(t) for t in g.legal_turns()], True)
    # dropped pawn on its own second rank may double-step
    g = Game("transfer", "4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[P] b|w -|- -|- 0 1")
    g.play("2:P@c2", "Kd2")
    check("dropped pawn double step", "2:c2c4" in [g.coord(t) for t in g.legal_turns()], True)
    # drops blocking a check; drop that does not block is illegal
    g = Game("transfer", "4k3/8/8/8/8/8/8/r3K3[N]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1")
    ts = sorted(g.coord(t) for t in g.legal_turns())
    check("drops blocking a rook check", [t for t in ts if "@" in t],
          ["N@b1", "N@c1", "N@d1"])
    check("no board-2 turn while in check on board 1", any(t.startswith("2:") for t in ts), False)
    # drop mate: checkmate notation across boards
    g = Game("transfer", "4k3/8/8/8/8/8/8/4K3[]|7k/8/8/8/8/8/5PPP/6K1[r] w|b -|- -|- 0 1")
    t = g.parse_turn("2:R@e1")
    s = g.san_and_make(t)
    check("drop mate on board 2", s, "2:R@e1#")
    check("mated: no legal turn", g.legal_turns(), [])
    g = Game("transfer", "4k3/8/8/8/8/8/8/4K3[N]|7k/8/8/8/8/8/5PPP/6K1[r] w|b -|- -|- 0 1")
    check("Blue's own reserve on board 1 does not help Red",
          g.san_and_make(g.parse_turn("2:R@e1")), "2:R@e1#")
    g = Game("transfer", "4k3/8/8/8/8/8/8/4K3[]|7k/8/8/8/8/8/5PPP/6K1[rN] w|b -|- -|- 0 1")
    check("blockable drop check gives +", g.san_and_make(g.parse_turn("2:R@e1")), "2:R@e1+")
    # checkmate on one board while the other board has moves
    g = Game("transfer", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR[]|"
                         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] b|w KQkq|KQkq -|- 0 2")
    check("fool's mate on board 1", g.san_and_make(g.parse_turn("Qh4")), "Qh4#")

    # dead positions
    check("dead transfer", Game("transfer", "4k3/8/8/8/8/8/8/4K3[]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1").is_dead(), True)
    check("not dead with reserve", Game("transfer", "4k3/8/8/8/8/8/8/4K3[n]|4k3/8/8/8/8/8/8/4K3[] w|b -|- -|- 0 1").is_dead(), False)
    check("dead parallel", Game("transfer-parallel", "4k3/8/8/8/8/8/8/2B1K3|4kb2/8/8/8/8/8/8/2B1K3 w|b -|- -|- 0 1").is_dead(), True)
    check("not dead parallel NN", Game("transfer-parallel", "4kn2/8/8/8/8/8/8/1N2K3|4k3/8/8/8/8/8/8/4K3 w|b -|- -|- 0 1").is_dead(), False)

    # brute-force oracle on random positions (all variants)
    rng = random.Random(12345)
    for v in VARIANTS:
        g = Game(v)
        check("%s start depth 3 vs oracle" % v, g.perft(3), oracle_perft(g, 3))
        for fen in random_positions(v, rng, 12):
            g = Game(v, fen)
            check("%s oracle d2 %s" % (v, fen), g.perft(2), oracle_perft(g, 2))

    print("selftest: %s (%d failures)" % ("PASS" if not fails else "FAIL", fails))
    return fails == 0


def _raises(f):
    try:
        f()
    except (FenError, ValueError):
        return True
    return False


# ---------------------------------------------------------------------- main
def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--selftest":
        return 0 if selftest() else 1
    if argv[0] == "--games":
        args = argv[1:]
        out = None
        if "--out" in args:
            i = args.index("--out")
            out = args[i + 1]
            del args[i:i + 2]
        if len(args) != 3:
            print("usage: transfer_reference.py --games VARIANT N SEED [--out FILE]", file=sys.stderr)
            return 2
        variant = ALIASES.get(args[0], args[0])
        if variant not in VARIANTS:
            print("unknown variant %r" % args[0], file=sys.stderr)
            return 2
        games(variant, int(args[1]), int(args[2]), out)
        return 0
    args = list(argv)
    listing = "--list" in args
    if listing:
        args.remove("--list")
    if len(args) != 3:
        print("usage: transfer_reference.py VARIANT FEN DEPTH [--list]", file=sys.stderr)
        return 2
    variant = ALIASES.get(args[0], args[0])
    if variant not in VARIANTS:
        print("unknown variant %r" % args[0], file=sys.stderr)
        return 2
    try:
        g = Game(variant, args[1])
    except ValueError as e:
        print("bad FEN: %s" % e, file=sys.stderr)
        return 2
    depth = int(args[2])
    if listing and depth >= 1:
        lines = []
        total = 0
        for t in g.legal_turns():
            g.make(t)
            n = g.perft(depth - 1)
            g.unmake()
            lines.append((g.coord(t), n))
            total += n
        for c, n in sorted(lines):
            print("%s %d" % (c, n))
        print()
        print(total)
    else:
        print(g.perft(depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
