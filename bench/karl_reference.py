#!/usr/bin/env python3
"""Independent reference perft for a few chess variants.

This script exists only to cross-check the perft counts of the Rust engine.
It was written from the rule descriptions alone (not from the engine's code),
favours clarity over speed, and uses python-chess only for orthodox parts
(board container, FEN parsing, orthodox move generation and attacks).

Usage:
    python3 bench/karl_reference.py VARIANT FEN DEPTH [--allow-king-capture] [--list]
    python3 bench/karl_reference.py --selftest

Variants:
    fastpawn-N   (N >= 1; fastpawn-1 is plain orthodox chess)
    deadly-1, deadly-2
    crosseyed

Output: one line "depth d: N" for d = 1..DEPTH, where N is the number of
sequences of d complete turns (as in ordinary perft).  If the number of turns
at depth 1 is below 40 (or --list is given), a line "moves: ..." lists them in
UCI form, sorted.  A fastpawn turn made of several partial moves is written as
the partial UCI moves joined by commas, e.g. "e2e4,e4e5".  For crosseyed a
further line "captures: ..." names, for each capturing move, the square of the
captured piece, e.g. "h4h3(xh5)".

--allow-king-capture (fastpawn only): see the note on king captures in the
fastpawn section; by default a partial move may never capture a king.
"""

import sys

import chess

WHITE, BLACK = chess.WHITE, chess.BLACK


# --------------------------------------------------------------------------
# Small geometry helpers.  Squares are numbered as in python-chess:
# a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63.
# --------------------------------------------------------------------------

def sq_of(f, r):
    """Square index of file f (0 = a) and rank r (0 = rank 1)."""
    return r * 8 + f


def file_rank(sq):
    return sq % 8, sq // 8


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def name(sq):
    return chess.square_name(sq)


def pawn_dir(color):
    """Rank direction in which pawns of this color move."""
    return 1 if color == WHITE else -1


def last_rank(color):
    return 7 if color == WHITE else 0


def pawn_start_rank(color):
    return 1 if color == WHITE else 6


KING_STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
DIAGONAL_STEPS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ROOK_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP_DIRS = DIAGONAL_STEPS


# ==========================================================================
# Variant 1: fastpawn-N
#
# Rules: orthodox chess, except that a turn is one ordinary legal move and,
# if that move was a pawn move that did not promote, the SAME pawn may then
# make up to N-1 further ordinary pawn moves in the same turn (step forward to
# an empty square, or capture diagonally forward; double steps only from the
# second rank, so never mid-turn; en passant only as the first move of the
# turn, because the en passant right lapses after the first partial move).
# Each partial move must be legal by itself (must not leave the mover's king
# attacked).  The turn may stop after any partial move, so the complete turns
# are: every legal first move, plus every legal continuation sequence of
# length 2..N by the same pawn.  A promotion ends the turn.  After the turn the
# opponent has an en passant right only if the turn was a single double step.
#
# Note on king captures (a rule ambiguity): a pawn that gives check with a
# partial move could "capture the king" with its next partial move.  A king is
# never captured by an ordinary chess move, so by default such partial moves
# are not generated.  With --allow-king-capture they are generated; capturing
# the king ends the turn, and a side without a king has no moves.
# ==========================================================================

class FastPawn:
    def __init__(self, n, allow_king_capture=False):
        if n < 1:
            raise ValueError("fastpawn-N needs N >= 1")
        self.n = n
        self.allow_king_capture = allow_king_capture

    def initial(self, fen):
        return chess.Board(fen)

    def turns(self, board):
        """All complete turns: list of (label, resulting board, note)."""
        if board.king(board.turn) is None:   # only possible after a king capture
            return []
        result = []
        for move in board.legal_moves:       # orthodox legal first moves
            after = board.copy(stack=False)
            after.push(move)
            result.append((move.uci(), after, ""))
            is_pawn_move = board.piece_type_at(move.from_square) == chess.PAWN
            if is_pawn_move and move.promotion is None and self.n > 1:
                self._continue(after, move.to_square, [move.uci()], self.n - 1, result)
        return result

    def _continue(self, after, pawn_sq, labels, remaining, result):
        """Extend a turn by further moves of the pawn now standing on pawn_sq.

        `after` is the board after the previous partial move; python-chess has
        already handed the move to the opponent, so we give it back to the
        mover and drop any en passant right (it lapses after the first partial
        move).  Legality of each partial move is python-chess's orthodox
        legality: the mover's king must not be attacked afterwards.
        """
        mover = not after.turn
        board = after.copy(stack=False)
        board.turn = mover
        board.ep_square = None
        for move in board.generate_legal_moves(from_mask=chess.BB_SQUARES[pawn_sq]):
            captures_king = board.piece_type_at(move.to_square) == chess.KING
            if captures_king and not self.allow_king_capture:
                continue
            nxt = board.copy(stack=False)
            nxt.push(move)                   # hands the turn to the opponent again
            seq = labels + [move.uci()]
            result.append((",".join(seq), nxt, ""))
            if move.promotion is None and not captures_king and remaining > 1:
                self._continue(nxt, move.to_square, seq, remaining - 1, result)


# ==========================================================================
# Variant 2: deadly-1 / deadly-2
#
# Rules: orthodox chess plus "deadly pawns".  The zone of a pawn is, for
# deadly-1, the four diagonally adjacent squares; for deadly-2, all eight
# adjacent squares.  After every move (the mover's own capture happens first),
# every piece of either color, pawns and kings included, standing in the zone
# of an ENEMY pawn is removed, all at once (two enemy pawns in each other's
# zones both disappear).  A promoted pawn is no longer a pawn.
# A move is illegal if, after it and its removals, the mover has no king or
# the mover's king is "threatened".  A king of color C on square s is
# threatened if
#   (a) some enemy piece attacks s in the orthodox sense, or
#   (b) some enemy pawn has a pseudo-legal pawn move (step, double step,
#       capture, en passant; not a promoting one) after which s lies in that
#       pawn's zone; s lying in the zone of an enemy pawn right now counts too.
# Castling: as in chess, but the king may not castle while threatened nor
# cross or land on a threatened square (evaluated in the current position).
# A side without a king has no legal moves (every move would leave it without
# a king), so such a node simply has no children.
# ==========================================================================

def _zone_table(steps):
    table = []
    for sq in range(64):
        f, r = file_rank(sq)
        table.append(frozenset(sq_of(f + df, r + dr) for df, dr in steps
                               if on_board(f + df, r + dr)))
    return table


class Deadly:
    def __init__(self, kind):
        if kind == 1:
            self.zone = _zone_table(DIAGONAL_STEPS)
        elif kind == 2:
            self.zone = _zone_table(KING_STEPS)
        else:
            raise ValueError("deadly-K needs K = 1 or 2")
        # Both step sets are symmetric, so "s is in the zone of a pawn on p"
        # is the same as "p is in self.zone[s]".  threatened() relies on this.

    def initial(self, fen):
        return chess.Board(fen)

    # -- removals ----------------------------------------------------------

    def remove_victims(self, board):
        """Remove (simultaneously) every piece in the zone of an enemy pawn."""
        doomed = set()
        for pawn_color in (WHITE, BLACK):
            for p in board.pieces(chess.PAWN, pawn_color):
                for z in self.zone[p]:
                    victim_color = board.color_at(z)
                    if victim_color is not None and victim_color != pawn_color:
                        doomed.add(z)
        for z in doomed:
            board.remove_piece_at(z)
            board.castling_rights &= ~chess.BB_SQUARES[z]  # a removed rook loses its right
        # The en passant right needs the pawn that double-stepped; if it was
        # just removed, there is nothing left to capture en passant.
        if board.ep_square is not None:
            victim_sq = board.ep_square + (8 if board.turn == BLACK else -8)
            if board.piece_at(victim_sq) != chess.Piece(chess.PAWN, not board.turn):
                board.ep_square = None

    # -- threat ------------------------------------------------------------

    def pawn_destinations(self, board, p, pawn_color):
        """Squares a pawn of pawn_color on p can reach with a pseudo-legal,
        non-promoting pawn move (step, double step, capture, en passant)."""
        f, r = file_rank(p)
        d = pawn_dir(pawn_color)
        r1 = r + d
        if not on_board(f, r1):
            return
        promotes = r1 == last_rank(pawn_color)
        one = sq_of(f, r1)
        if board.piece_at(one) is None:
            if not promotes:
                yield one
            if r == pawn_start_rank(pawn_color) and board.piece_at(sq_of(f, r + 2 * d)) is None:
                yield sq_of(f, r + 2 * d)
        for df in (-1, 1):
            if not on_board(f + df, r1):
                continue
            t = sq_of(f + df, r1)
            target_color = board.color_at(t)
            if target_color is not None and target_color != pawn_color:
                if not promotes:
                    yield t
            elif (target_color is None and t == board.ep_square
                  and board.turn == pawn_color):
                # en passant right belongs to the side to move only
                yield t

    def threatened(self, board, s, color):
        """Is a king of `color` on square s threatened (rules (a) and (b))?"""
        enemy = not color
        if board.is_attacked_by(enemy, s):                      # (a)
            return True
        near = self.zone[s]   # enemy pawns on these squares have s in their zone
        for p in board.pieces(chess.PAWN, enemy):               # (b)
            if p in near:
                return True
            for dest in self.pawn_destinations(board, p, enemy):
                if dest in near:
                    return True
        return False

    # -- move generation ---------------------------------------------------

    def castling_candidates(self, board):
        us = board.turn
        back = 0 if us == WHITE else 7
        e = sq_of(4, back)
        if board.piece_at(e) != chess.Piece(chess.KING, us):
            return []
        rook = chess.Piece(chess.ROOK, us)
        moves = []
        # (rook file, squares that must be empty, squares the king stands on,
        #  crosses or lands on, king destination)
        for rook_file, empty_files, king_files, to_file in (
                (7, (5, 6), (4, 5, 6), 6),
                (0, (1, 2, 3), (4, 3, 2), 2)):
            rook_sq = sq_of(rook_file, back)
            if not board.castling_rights & chess.BB_SQUARES[rook_sq]:
                continue
            if board.piece_at(rook_sq) != rook:
                continue
            if any(board.piece_at(sq_of(f, back)) is not None for f in empty_files):
                continue
            if any(self.threatened(board, sq_of(f, back), us) for f in king_files):
                continue
            moves.append(chess.Move(e, sq_of(to_file, back)))
        return moves

    def turns(self, board):
        us = board.turn
        if board.king(us) is None:
            return []
        candidates = [m for m in board.generate_pseudo_legal_moves()
                      if not board.is_castling(m)            # orthodox castling test: replaced
                      and board.piece_type_at(m.to_square) != chess.KING]
        candidates += self.castling_candidates(board)
        result = []
        for move in candidates:
            after = board.copy(stack=False)
            after.push(move)                  # the move itself, with its capture
            self.remove_victims(after)        # then the removals
            king = after.king(us)
            if king is None or self.threatened(after, king, us):
                continue
            result.append((move.uci(), after, ""))
        return result


# ==========================================================================
# Variant 3: crosseyed (Cross-eyed Chess)
#
# "You move one way, but you capture as if you had moved into the opposite
# way.  E.g. Rook h4-h3 captures on h5.  En passant works the same way: if a8
# is empty, Black's move c7-c5 may be answered by b7-a8Q x c6.  The Queen
# stays on a8."
# Rules: no piece ever moves onto an occupied square.  Non-captures are as in
# chess (pawn step and double step to empty squares, castling, pieces to empty
# squares).  Captures: a piece on F moves to an EMPTY square D by one of its
# movements (rider: along a line, all squares between F and D empty; knight:
# a leap; king: one step; pawn: ONE square diagonally forward, which for pawns
# is only allowed as a capture) and captures the enemy piece on M = 2F - D,
# provided the way F -> M is clear (riders: all squares strictly between
# empty).  For non-pawns this is automatic: the move to D captures iff M holds
# an enemy piece with a clear path.  A pawn's diagonal move needs M (one
# square diagonally backward) to hold an enemy piece, or M to be the en
# passant square, in which case the pawn that double-stepped is captured.  A
# pawn reaching the last rank promotes (Q, R, B, N), capture or not.
# "Attacked": an enemy piece on F attacks M if it could capture a piece on M by
# the rule above (D = 2F - M on the board and empty, F -> D a valid movement
# with clear path, F -> M clear; pawns: M one square diagonally backward, D
# diagonally forward on the board and empty).  The mover's king must not be
# attacked after the move.  Castling as in chess (not in check, not crossing
# or landing on an attacked square) with this meaning of "attacked".
# ==========================================================================

class XPos:
    """Crosseyed position: board is a list of 64 entries, each None or a
    piece letter ('P', 'n', ...; uppercase = White)."""
    __slots__ = ("board", "turn", "castling", "ep")

    def __init__(self, board, turn, castling, ep):
        self.board = board        # list of 64
        self.turn = turn          # WHITE (True) or BLACK (False)
        self.castling = castling  # frozenset of 'K', 'Q', 'k', 'q'
        self.ep = ep              # en passant square (passed over) or None


def is_white(piece):
    return piece.isupper()


def piece_color(piece):
    return WHITE if piece.isupper() else BLACK


def parse_fen_xpos(fen):
    fields = fen.split()
    placement, side = fields[0], fields[1]
    castling = fields[2] if len(fields) > 2 else "-"
    ep = fields[3] if len(fields) > 3 else "-"
    board = [None] * 64
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise ValueError("bad FEN placement: " + placement)
    for i, row in enumerate(ranks):
        r = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                board[sq_of(f, r)] = ch
                f += 1
        if f != 8:
            raise ValueError("bad FEN rank: " + row)
    return XPos(board, WHITE if side == "w" else BLACK,
                frozenset(c for c in castling if c in "KQkq"),
                None if ep == "-" else chess.parse_square(ep))


# Castling rights lost when something happens on (leaves, arrives at, or is
# captured on) one of these squares.
RIGHTS_OF_SQUARE = {
    sq_of(4, 0): "KQ", sq_of(7, 0): "K", sq_of(0, 0): "Q",
    sq_of(4, 7): "kq", sq_of(7, 7): "k", sq_of(0, 7): "q",
}


class CrossEyed:
    def initial(self, fen):
        return parse_fen_xpos(fen)

    # -- attacks -----------------------------------------------------------

    @staticmethod
    def attacks(board, F, M):
        """Does the piece on F attack (could capture a piece on) square M?"""
        piece = board[F]
        ff, fr = file_rank(F)
        mf, mr = file_rank(M)
        df, dr = mf - ff, mr - fr            # vector F -> M
        if df == 0 and dr == 0:
            return False
        kind = piece.upper()
        # The mover would go to D = F - (df, dr), which must be on the board.
        dfile, drank = ff - df, fr - dr
        if not on_board(dfile, drank):
            return False
        if kind == "P":
            fwd = pawn_dir(piece_color(piece))
            # M one square diagonally backward; D is then diagonally forward.
            return dr == -fwd and abs(df) == 1 and board[sq_of(dfile, drank)] is None
        if kind == "N":
            return (df, dr) in KNIGHT_JUMPS and board[sq_of(dfile, drank)] is None
        if kind == "K":
            return max(abs(df), abs(dr)) == 1 and board[sq_of(dfile, drank)] is None
        # Riders.
        straight = df == 0 or dr == 0
        diagonal = abs(df) == abs(dr)
        if kind == "R" and not straight:
            return False
        if kind == "B" and not diagonal:
            return False
        if kind == "Q" and not (straight or diagonal):
            return False
        k = max(abs(df), abs(dr))
        uf, ur = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
        # Path F -> M: squares strictly between must be empty.
        for i in range(1, k):
            if board[sq_of(ff + i * uf, fr + i * ur)] is not None:
                return False
        # Path F -> D (opposite direction), D included, must be empty.
        for i in range(1, k + 1):
            if board[sq_of(ff - i * uf, fr - i * ur)] is not None:
                return False
        return True

    def attacked(self, board, M, by_color):
        for F in range(64):
            piece = board[F]
            if piece is not None and piece_color(piece) == by_color and self.attacks(board, F, M):
                return True
        return False

    # -- pseudo-legal moves ------------------------------------------------
    # A move is a tuple (frm, to, promotion letter or None, captured square or
    # None, kind) with kind in {"", "double", "ep", "castle"}.

    def pseudo_moves(self, pos):
        board, us = pos.board, pos.turn
        moves = []
        for F in range(64):
            piece = board[F]
            if piece is None or piece_color(piece) != us:
                continue
            kind = piece.upper()
            if kind == "P":
                self._pawn_moves(pos, F, moves)
            elif kind in "NK":
                steps = KNIGHT_JUMPS if kind == "N" else KING_STEPS
                self._leaper_moves(board, us, F, steps, moves)
                if kind == "K":
                    self._castling_moves(pos, F, moves)
            else:
                dirs = {"R": ROOK_DIRS, "B": BISHOP_DIRS, "Q": ROOK_DIRS + BISHOP_DIRS}[kind]
                self._rider_moves(board, us, F, dirs, moves)
        return moves

    @staticmethod
    def _enemy_at(board, sq, us):
        piece = board[sq]
        return piece is not None and piece_color(piece) != us

    def _leaper_moves(self, board, us, F, steps, moves):
        f, r = file_rank(F)
        for df, dr in steps:
            if not on_board(f + df, r + dr):
                continue
            D = sq_of(f + df, r + dr)
            if board[D] is not None:          # never onto an occupied square
                continue
            cap = None
            if on_board(f - df, r - dr):      # mirror square M = 2F - D
                M = sq_of(f - df, r - dr)
                if self._enemy_at(board, M, us):
                    cap = M
            moves.append((F, D, None, cap, ""))

    def _rider_moves(self, board, us, F, dirs, moves):
        f, r = file_rank(F)
        for uf, ur in dirs:
            # First occupied square looking the opposite way (-uf, -ur): a
            # capture is only possible on it, at distance j, by moving exactly
            # j squares in direction (uf, ur).
            j, blocker = 0, None
            while True:
                j += 1
                if not on_board(f - j * uf, r - j * ur):
                    j, blocker = 0, None
                    break
                s = sq_of(f - j * uf, r - j * ur)
                if board[s] is not None:
                    blocker = s
                    break
            k = 1
            while on_board(f + k * uf, r + k * ur):
                D = sq_of(f + k * uf, r + k * ur)
                if board[D] is not None:
                    break
                cap = blocker if (k == j and self._enemy_at(board, blocker, us)) else None
                moves.append((F, D, None, cap, ""))
                k += 1

    def _pawn_moves(self, pos, F, moves):
        board, us = pos.board, pos.turn
        f, r = file_rank(F)
        d = pawn_dir(us)
        if not on_board(f, r + d):
            return

        def add(D, cap, kind):
            if file_rank(D)[1] == last_rank(us):
                for promo in "QRBN":
                    moves.append((F, D, promo if us == WHITE else promo.lower(), cap, kind))
            else:
                moves.append((F, D, None, cap, kind))

        one = sq_of(f, r + d)
        if board[one] is None:
            add(one, None, "")
            if r == pawn_start_rank(us) and board[sq_of(f, r + 2 * d)] is None:
                moves.append((F, sq_of(f, r + 2 * d), None, None, "double"))
        for df in (-1, 1):
            if not on_board(f + df, r + d) or not on_board(f - df, r - d):
                continue
            D = sq_of(f + df, r + d)               # diagonally forward
            M = sq_of(f - df, r - d)               # diagonally backward
            if board[D] is not None:
                continue
            if self._enemy_at(board, M, us):
                add(D, M, "")
            elif M == pos.ep and board[M] is None:
                # the pawn that double-stepped stands one square beyond M,
                # seen from its own side (i.e. towards the capturer's back)
                victim = sq_of(f - df, r - 2 * d)
                if on_board(f - df, r - 2 * d) and board[victim] == ("p" if us == WHITE else "P"):
                    add(D, victim, "ep")

    def _castling_moves(self, pos, F, moves):
        board, us = pos.board, pos.turn
        back = 0 if us == WHITE else 7
        if F != sq_of(4, back):
            return
        enemy = not us
        rook = "R" if us == WHITE else "r"
        for right, rook_file, empty_files, king_files, to_file in (
                ("K", 7, (5, 6), (4, 5, 6), 6),
                ("Q", 0, (1, 2, 3), (4, 3, 2), 2)):
            if (right if us == WHITE else right.lower()) not in pos.castling:
                continue
            if board[sq_of(rook_file, back)] != rook:
                continue
            if any(board[sq_of(x, back)] is not None for x in empty_files):
                continue
            if any(self.attacked(board, sq_of(x, back), enemy) for x in king_files):
                continue
            moves.append((F, sq_of(to_file, back), None, None, "castle"))

    # -- make move / legality ----------------------------------------------

    @staticmethod
    def make(pos, move):
        frm, to, promo, cap, kind = move
        board = pos.board[:]
        piece = board[frm]
        board[frm] = None
        if cap is not None:
            board[cap] = None
        board[to] = promo if promo else piece
        if kind == "castle":
            back = file_rank(frm)[1]
            if file_rank(to)[0] == 6:
                board[sq_of(5, back)], board[sq_of(7, back)] = board[sq_of(7, back)], None
            else:
                board[sq_of(3, back)], board[sq_of(0, back)] = board[sq_of(0, back)], None
        lost = set()
        for s in (frm, to, cap):
            if s in RIGHTS_OF_SQUARE:
                lost.update(RIGHTS_OF_SQUARE[s])
        ep = (frm + to) // 2 if kind == "double" else None
        return XPos(board, not pos.turn, pos.castling - lost, ep)

    def turns(self, pos):
        us = pos.turn
        king = "K" if us == WHITE else "k"
        result = []
        for move in self.pseudo_moves(pos):
            after = self.make(pos, move)
            king_sq = next((s for s in range(64) if after.board[s] == king), None)
            if king_sq is None or self.attacked(after.board, king_sq, not us):
                continue
            frm, to, promo, cap, _ = move
            label = name(frm) + name(to) + (promo.lower() if promo else "")
            note = "x" + name(cap) if cap is not None else ""
            result.append((label, after, note))
        return result


# ==========================================================================
# Perft driver
# ==========================================================================

def make_variant(spec, allow_king_capture=False):
    if spec.startswith("fastpawn-"):
        return FastPawn(int(spec.split("-", 1)[1]), allow_king_capture)
    if spec.startswith("deadly-"):
        return Deadly(int(spec.split("-", 1)[1]))
    if spec == "crosseyed":
        return CrossEyed()
    raise ValueError("unknown variant: " + spec)


def perft_counts(variant, pos, depth):
    """counts[d-1] = number of sequences of d complete turns from pos."""
    counts = [0] * depth

    def walk(p, ply):
        for _label, child, _note in variant.turns(p):
            counts[ply] += 1
            if ply + 1 < depth:
                walk(child, ply + 1)

    if depth > 0:
        walk(pos, 0)
    return counts


def run(spec, fen, depth, allow_king_capture=False, force_list=False, out=print):
    variant = make_variant(spec, allow_king_capture)
    pos = variant.initial(fen)
    counts = perft_counts(variant, pos, depth)
    for d, n in enumerate(counts, 1):
        out("depth %d: %d" % (d, n))
    if depth >= 1:
        first = variant.turns(pos)
        if len(first) < 40 or force_list:
            out("moves: " + " ".join(sorted(label for label, _, _ in first)))
            caps = sorted("%s(%s)" % (label, note) for label, _, note in first if note)
            if caps:
                out("captures: " + " ".join(caps))
    return counts


def selftest():
    """Quick sanity checks of the reference itself."""
    start = chess.STARTING_FEN
    kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    quiet = lambda *_: None
    # fastpawn-1 is orthodox chess: known perft numbers.
    assert run("fastpawn-1", start, 3, out=quiet) == [20, 400, 8902]
    assert run("fastpawn-1", kiwi, 2, out=quiet) == [48, 2039]

    def first_moves(spec, fen):
        variant = make_variant(spec)
        return sorted(label for label, _, _ in variant.turns(variant.initial(fen)))

    # Small positions whose first moves were worked out by hand.
    # fastpawn-2: en passant first, then one more step of the same pawn.
    assert first_moves("fastpawn-2", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2") == [
        "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5d6", "e5d6,d6d7", "e5e6", "e5e6,e6e7"]
    # deadly: black pawn f3.  deadly-1: e2 lies in its zone; f2 is next to it
    # but not in the diagonal zone.  deadly-2: f3-f2 would put f1 in the zone.
    assert first_moves("deadly-1", "4k3/8/8/8/8/5p2/8/4K3 w - - 0 1") == [
        "e1d1", "e1d2", "e1f1", "e1f2"]
    assert first_moves("deadly-2", "4k3/8/8/8/8/5p2/8/4K3 w - - 0 1") == ["e1d1", "e1d2"]
    # deadly-1: e2-e4 is illegal because d4xe3 e.p. would put d2 in the zone;
    # deadly-2: e2-e4 is legal because e4 and d4 remove each other.
    fen = "4k3/8/8/8/3p4/8/3KP3/8 w - - 0 1"
    assert first_moves("deadly-1", fen) == ["d2c1", "d2d1", "d2d3", "d2e1", "e2e3"]
    assert first_moves("deadly-2", fen) == ["d2c1", "d2d1", "d2e1", "e2e3", "e2e4"]
    # crosseyed: the rook on f3 attacks f1 (via f5) and f2 (via f4), so no
    # O-O; a piece on f5 blocks the attack on f1.
    assert "e1g1" not in first_moves("crosseyed", "4k3/8/8/8/8/5r2/8/R3K2R w KQ - 0 1")
    assert "e1g1" in first_moves("crosseyed", "4k3/8/8/5n2/8/5r2/8/R3K2R w KQ - 0 1")
    # crosseyed: the en passant example of the rules (b7-a8 captures c5).
    assert "b7a8q" in first_moves("crosseyed", "4k3/1P6/8/2p5/8/8/8/4K3 w - c6 0 2")
    # crosseyed: attacks() must agree with the captures the generator makes.
    cx = CrossEyed()
    frontier = [cx.initial(start), cx.initial(kiwi)]
    checked = 0
    for _ in range(2):
        nxt = []
        for pos in frontier:
            caps = set(m[3] for m in cx.pseudo_moves(pos) if m[3] is not None and m[4] != "ep")
            for s in range(64):
                piece = pos.board[s]
                if piece is not None and piece_color(piece) != pos.turn:
                    assert (s in caps) == cx.attacked(pos.board, s, pos.turn), (s, pos.board)
                    checked += 1
            nxt += [child for _, child, _ in cx.turns(pos)]
        frontier = nxt
    print("selftest ok (%d crosseyed attack checks)" % checked)


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    flags = set(a for a in argv if a.startswith("--"))
    if "--selftest" in flags:
        selftest()
        return 0
    if len(args) < 3:
        print(__doc__)
        return 2
    spec, depth = args[0], int(args[-1])
    fen = " ".join(args[1:-1])   # accept the FEN quoted or split into words
    run(spec, fen, depth, "--allow-king-capture" in flags, "--list" in flags)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
