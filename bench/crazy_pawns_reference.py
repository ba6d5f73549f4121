#!/usr/bin/env python3
"""Independent reference perft for the Crazy Pawns variants.

This script exists only to cross-check the perft counts of the Rust engine.
It was written from the rule texts alone (the seed text and the readings in
notation/variants/crazy-pawns-*.yaml), not from the engine's code.  It
favours clarity over speed.  python-chess is used only for the orthodox parts:
board container, FEN parsing, attacks (king safety), and the moves of the
pieces other than pawns (including castling).  Every pawn move is generated
and played here.

Usage:
    python3 bench/crazy_pawns_reference.py VARIANT FEN DEPTH [--list] [--divide]
    python3 bench/crazy_pawns_reference.py --selftest

Variants:
    crazy-pawns-queen   crazy-pawns-queen-forward
    crazy-pawns-rook    crazy-pawns-rook-forward
    crazy-pawns-bishop  crazy-pawns-bishop-forward
    crazy-pawns-knight  crazy-pawns-knight-forward
    crazy-pawns-king    crazy-pawns-king-forward
    orthodox            (control: pawns without extra moves; must give the
                         well-known orthodox perft numbers)

Output: one line "depth d: N" for d = 1..DEPTH, N being the number of
sequences of d moves (ordinary perft).  With --list, a line "moves: ..." lists
the depth-1 moves in UCI, sorted; an en passant capture is written with the
suffix "(ep)", e.g. "c5d6(ep)", so that it is told apart from a quiet pawn
move to the same square.  With --divide, one line "MOVE: N" per depth-1 move
gives the number of sequences of DEPTH moves starting with it.

The rules as implemented
------------------------
Seed text ("Crazy Pawns Variants"):
    "Additional to their standard moves, Pawns also move (only to an empty
    square) like a Queen (or a Rook or a Knight or a Bishop or a King,
    depending on the variant).  In some variants these additional moves are
    restricted to being sideways and forward."

A pawn keeps its orthodox moves (Betza fmWfcFifmnD):
  * a step straight forward to an empty square;
  * a double step straight forward from its start rank (rank 2 for White,
    rank 7 for Black), both squares empty;
  * a capture one square diagonally forward;
  * en passant;
  * promotion to Q, R, B or N on reaching the far rank.
It additionally moves like the named piece, only to an EMPTY square, never
capturing that way (riders are blocked by any piece in between, as the
orthodox rider; a leaper jumps).  In the -forward forms only the moves that
go forward (straight or diagonally) or straight sideways are kept; for the
knight these are its four forward leaps.  Extra moves per variant (Betza in
the YAML; the first part fmWfcFifmnD is the orthodox pawn):
    queen  mQ         queen-forward   mfsRmfB
    rook   mR         rook-forward    mfsR
    bishop mB         bishop-forward  mfB
    knight mN         knight-forward  mfhN
    king   mK         king-forward    mfsK

Decisions taken from the YAML readings (quoted):
  1. "A pawn reaching the far rank, by any move, promotes": every pawn move,
     orthodox or additional, that ends on the far rank is four moves (=Q, =R,
     =B, =N).
  2. "a pawn may go back to its own first rank, where it is still a pawn and
     has no double step" (non-forward forms): backward moves are generated;
     a pawn on its own first rank is an ordinary pawn (it steps forward,
     captures diagonally forward, and has its extra moves) but has no double
     step.  A rook/queen pawn on its first rank can still slide two or more
     squares forward by its EXTRA move; that is not a double step.
     The forward forms: "it never moves backwards".
  3. "A square it reaches two ways is one move": the non-capturing moves of a
     pawn are collected per destination square, so e.g. e2-e3 (step and rook
     move) and e2-e4 (double step and rook move) are one move each, and a
     promotion square reached two ways gives four moves, not eight.
     Captures land on occupied squares and extra moves on empty ones, so they
     never coincide -- EXCEPT en passant: the en passant square is empty, so
     a bishop/queen/king pawn may also move quietly onto it.  These are two
     different moves (one removes the enemy pawn, one does not) and both are
     generated.
  4. En passant rights.  "a double step keeps its en passant".  Decision:
     ONLY the orthodox double step (from the start rank, two squares straight
     forward) gives the opponent an en passant right.  No other pawn move
     does, even if it passes over a square: e.g. a rook pawn sliding e3-e5,
     e2-e5, or from its first rank e1-e3, or a knight pawn leaping, gives no
     en passant right.  Reason: the readings tie en passant to the double
     step only, and the orthodox rule (FIDE 3.7.4.1) gives it only to a pawn
     "which has just advanced two squares in one move from its original
     square"; the extra moves are "like a Queen (...)", i.e. moves of another
     kind.  When the double step coincides with an extra move (a rook pawn
     e2-e4), rule 3 makes it one move, and that move is the double step, so
     it does set the en passant square.
  5. The double step is available to any pawn standing on its start rank
     (position-based, as a FEN cannot say whether a pawn has moved before),
     also to a pawn that came back to that rank.
  6. Extra moves never capture, so they never attack: check, mate, castling
     (through/into attacked squares) are exactly orthodox, with pawns
     attacking only diagonally forward (also from unusual ranks, e.g. a white
     pawn on rank 1 attacks rank 2).
  7. The en passant field of the FEN is accepted as given: an en passant
     capture onto square S is generated for a pawn that could capture onto S
     diagonally forward, if S is empty and the square behind S (seen from the
     capturer) holds an enemy pawn.
"""

import sys
from typing import NamedTuple, Optional

import chess

WHITE, BLACK = chess.WHITE, chess.BLACK
PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)


# --------------------------------------------------------------------------
# Geometry.  Squares as in python-chess: a1 = 0, b1 = 1, ..., h8 = 63.
# Vectors below are (file step, rank step) in the MOVER's frame: a positive
# rank step is "forward" (towards rank 8 for White, towards rank 1 for Black).
# --------------------------------------------------------------------------

def sq_of(f, r):
    return r * 8 + f


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def forward(color):
    return 1 if color == WHITE else -1


def first_rank(color):      # the pawn's own first rank (rank 1 for White)
    return 0 if color == WHITE else 7


def start_rank(color):      # where the double step starts (rank 2 for White)
    return 1 if color == WHITE else 6


def far_rank(color):        # where it promotes (rank 8 for White)
    return 7 if color == WHITE else 0


ROOK_DIRS = [(0, 1), (0, -1), (1, 0), (-1, 0)]
BISHOP_DIRS = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KING_STEPS = ROOK_DIRS + BISHOP_DIRS
KNIGHT_LEAPS = [(1, 2), (-1, 2), (2, 1), (-2, 1), (1, -2), (-1, -2), (2, -1), (-2, -1)]

# Restricted ("sideways and forward") sets, written out explicitly.
FS_ROOK_DIRS = [(0, 1), (1, 0), (-1, 0)]                        # mfsR
F_BISHOP_DIRS = [(1, 1), (-1, 1)]                               # mfB
FS_KING_STEPS = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)]      # mfsK
FH_KNIGHT_LEAPS = [(1, 2), (-1, 2), (2, 1), (-2, 1)]            # mfhN

# Each variant: list of (vectors, slides).  slides=True: a rider, moving any
# number of squares along the vector through empty squares; False: a leaper
# or stepper, moving exactly one vector.
VARIANTS = {
    "orthodox":                   [],
    "crazy-pawns-queen":          [(ROOK_DIRS + BISHOP_DIRS, True)],        # mQ
    "crazy-pawns-rook":           [(ROOK_DIRS, True)],                      # mR
    "crazy-pawns-bishop":         [(BISHOP_DIRS, True)],                    # mB
    "crazy-pawns-knight":         [(KNIGHT_LEAPS, False)],                  # mN
    "crazy-pawns-king":           [(KING_STEPS, False)],                    # mK
    "crazy-pawns-queen-forward":  [(FS_ROOK_DIRS + F_BISHOP_DIRS, True)],   # mfsRmfB
    "crazy-pawns-rook-forward":   [(FS_ROOK_DIRS, True)],                   # mfsR
    "crazy-pawns-bishop-forward": [(F_BISHOP_DIRS, True)],                  # mfB
    "crazy-pawns-knight-forward": [(FH_KNIGHT_LEAPS, False)],               # mfhN
    "crazy-pawns-king-forward":   [(FS_KING_STEPS, False)],                 # mfsK
}

CRAZY_VARIANTS = [v for v in VARIANTS if v != "orthodox"]


def _check_forward_tables():
    """The forward forms keep exactly the moves of the full forms that go
    forward or straight sideways (rank step >= 0)."""
    for name in CRAZY_VARIANTS:
        if name.endswith("-forward"):
            full = VARIANTS[name[:-len("-forward")]]
            restricted = VARIANTS[name]
            want = sorted(v for vecs, _ in full for v in vecs if v[1] >= 0)
            have = sorted(v for vecs, _ in restricted for v in vecs)
            assert want == have, name


_check_forward_tables()


# --------------------------------------------------------------------------
# Pawn moves
# --------------------------------------------------------------------------

class PawnMove(NamedTuple):
    frm: int
    to: int
    promotion: Optional[int] = None   # chess.QUEEN, ... or None
    en_passant: bool = False          # True: also removes the enemy pawn behind `to`
    double_step: bool = False         # True: gives the opponent an en passant right

    def label(self):
        text = chess.square_name(self.frm) + chess.square_name(self.to)
        if self.promotion:
            text += chess.piece_symbol(self.promotion)
        if self.en_passant:
            text += "(ep)"
        return text


class CrazyPawns:
    def __init__(self, variant):
        if variant not in VARIANTS:
            raise ValueError("unknown variant: %s (known: %s)" % (variant, ", ".join(VARIANTS)))
        self.variant = variant
        self.extra = VARIANTS[variant]

    # -- pseudo-legal pawn moves ---------------------------------------------

    def pawn_moves(self, board, sq):
        """Pseudo-legal moves of the pawn of the side to move on square sq."""
        us = board.turn
        d = forward(us)
        f, r = chess.square_file(sq), chess.square_rank(sq)

        def empty(ff, rr):
            return board.piece_at(sq_of(ff, rr)) is None

        # Non-capturing destinations, one entry per square (decision 3).
        # Value: True if reaching it is the orthodox double step.
        quiet = {}

        # Orthodox step and double step (fmW, ifmnD).
        if on_board(f, r + d) and empty(f, r + d):
            quiet[sq_of(f, r + d)] = False
            if r == start_rank(us) and empty(f, r + 2 * d):
                quiet[sq_of(f, r + 2 * d)] = True

        # Extra moves like the named piece, to empty squares only.
        for vectors, slides in self.extra:
            for df, dr in vectors:
                dr *= d                                  # mover's frame -> board
                ff, rr = f + df, r + dr
                while on_board(ff, rr) and empty(ff, rr):
                    quiet.setdefault(sq_of(ff, rr), False)   # keep a double-step mark
                    if not slides:
                        break
                    ff, rr = ff + df, rr + dr

        moves = []
        for to, double in quiet.items():
            moves += self._with_promotions(us, sq, to, double_step=double)

        # Orthodox diagonal captures (fcF) and en passant.
        for df in (-1, 1):
            ff, rr = f + df, r + d
            if not on_board(ff, rr):
                continue
            to = sq_of(ff, rr)
            target = board.piece_at(to)
            if target is not None:
                if target.color != us:
                    moves += self._with_promotions(us, sq, to)
            elif to == board.ep_square:
                victim = board.piece_at(sq_of(ff, r))   # the pawn that double-stepped
                if victim == chess.Piece(chess.PAWN, not us):
                    moves.append(PawnMove(sq, to, en_passant=True))
        return moves

    @staticmethod
    def _with_promotions(us, frm, to, double_step=False):
        if chess.square_rank(to) == far_rank(us):               # decision 1
            return [PawnMove(frm, to, promotion=p) for p in PROMOTIONS]
        return [PawnMove(frm, to, double_step=double_step)]

    # -- playing moves -------------------------------------------------------

    @staticmethod
    def play_pawn_move(board, move):
        """The position after a pawn move (python-chess's push() is not used
        for pawn moves: it would take a quiet diagonal move onto the en
        passant square for an en passant capture)."""
        us = board.turn
        child = board.copy(stack=False)
        child.remove_piece_at(move.frm)
        if move.en_passant:
            child.remove_piece_at(move.to - 8 * forward(us))
        child.set_piece_at(move.to, chess.Piece(move.promotion or chess.PAWN, us))
        # A captured rook on its corner takes its castling right with it.
        child.castling_rights &= ~chess.BB_SQUARES[move.to]
        # Decision 4: only the double step gives an en passant right.
        child.ep_square = (move.frm + move.to) // 2 if move.double_step else None
        child.halfmove_clock = 0
        if us == BLACK:
            child.fullmove_number += 1
        child.turn = not us
        return child

    # -- legal moves -----------------------------------------------------------

    def legal_moves(self, board):
        """All legal moves: list of (label, resulting board)."""
        us = board.turn
        result = []
        # Pieces other than pawns (and castling): orthodox, from python-chess.
        for move in board.generate_legal_moves(from_mask=~board.pawns & chess.BB_ALL):
            child = board.copy(stack=False)
            child.push(move)
            result.append((move.uci(), child))
        # Pawns: generated here; legal if the mover's king is not attacked.
        for sq in board.pieces(chess.PAWN, us):
            for move in self.pawn_moves(board, sq):
                child = self.play_pawn_move(board, move)
                king = child.king(us)
                if king is not None and child.is_attacked_by(not us, king):
                    continue
                result.append((move.label(), child))
        return result

    def count_legal_moves(self, board):
        """len(legal_moves(board)), a little cheaper (for the last ply)."""
        us = board.turn
        n = sum(1 for _ in board.generate_legal_moves(from_mask=~board.pawns & chess.BB_ALL))
        for sq in board.pieces(chess.PAWN, us):
            for move in self.pawn_moves(board, sq):
                child = self.play_pawn_move(board, move)
                king = child.king(us)
                if king is None or not child.is_attacked_by(not us, king):
                    n += 1
        return n


# ==========================================================================
# Perft driver
# ==========================================================================

def perft_counts(variant, board, depth):
    """counts[d-1] = number of sequences of d moves from board."""
    counts = [0] * depth

    def walk(b, ply):
        if ply == depth - 1:
            counts[ply] += variant.count_legal_moves(b)
            return
        for _label, child in variant.legal_moves(b):
            counts[ply] += 1
            walk(child, ply + 1)

    if depth > 0:
        walk(board, 0)
    return counts


def run(spec, fen, depth, force_list=False, divide=False, out=print):
    variant = CrazyPawns(spec)
    board = chess.Board(fen)
    counts = perft_counts(variant, board, depth)
    for d, n in enumerate(counts, 1):
        out("depth %d: %d" % (d, n))
    if depth >= 1 and (force_list or divide):
        first = sorted(variant.legal_moves(board), key=lambda lc: lc[0])
        if force_list:
            out("moves: " + " ".join(label for label, _ in first))
        if divide:
            for label, child in first:
                sub = perft_counts(variant, child, depth - 1)[-1] if depth > 1 else 1
                out("%s: %d" % (label, sub))
    return counts


def first_moves(spec, fen):
    variant = CrazyPawns(spec)
    return sorted(label for label, _ in variant.legal_moves(chess.Board(fen)))


def selftest():
    quiet = lambda *_: None

    # 1. Control: with no extra moves, the pawn code here must reproduce
    #    orthodox chess, both the well-known perft numbers and, node by node,
    #    python-chess's own legal move lists.
    start = chess.STARTING_FEN
    kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    pos3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    pos4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
    pos5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
    assert run("orthodox", start, 3, out=quiet) == [20, 400, 8902]
    assert run("orthodox", kiwi, 2, out=quiet) == [48, 2039]
    assert run("orthodox", pos3, 4, out=quiet) == [14, 191, 2812, 43238]
    assert run("orthodox", pos4, 3, out=quiet) == [6, 264, 9467]
    assert run("orthodox", pos5, 2, out=quiet) == [44, 1486]
    ortho = CrazyPawns("orthodox")
    compared = 0
    for fen in (kiwi, pos3, pos4, pos5, "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1"):
        frontier = [chess.Board(fen)]
        for _ in range(2):
            nxt = []
            for b in frontier:
                mine = ortho.legal_moves(b)
                ours = sorted(label.replace("(ep)", "") for label, _ in mine)
                theirs = sorted(m.uci() for m in b.legal_moves)
                assert ours == theirs, (b.fen(), ours, theirs)
                for label, child in mine:
                    ref = b.copy(stack=False)
                    ref.push_uci(label.replace("(ep)", ""))
                    assert child.board_fen() == ref.board_fen(), (b.fen(), label)
                    assert child.ep_square == ref.ep_square, (b.fen(), label)
                    assert child.clean_castling_rights() == ref.clean_castling_rights(), (b.fen(), label)
                compared += 1
                nxt += [child for _, child in mine]
            frontier = nxt

    # 2. Hand counts: 4k3/8/8/2Pp4/8/8/8/4K3 w - d6, White Ke1 + Pc5, Black
    #    Ke8 + Pd5 (just double-stepped).  The king always has 5 moves (d1,
    #    d2, e2, f1, f2).  The pawn always has c5-c6 and c5xd6 e.p.; d5 blocks
    #    it to the east and cannot be captured by an extra move.
    #    bishop: c6, ep, d6, e7, f8=QRBN, b6, a7, d4, e3, f2, g1, b4, a3 -> 16
    #    queen:  bishop's 16 + c7, c8=QRBN, b5, a5, c4, c3, c2, c1      -> 27
    #    rook:   c6, c7, c8=QRBN, b5, a5, c4, c3, c2, c1, ep            -> 13
    #    knight: c6, ep, a6, a4, b7, b3, d7, d3, e6, e4                 -> 10
    #    king:   b6, c6, d6, b5, b4, c4, d4, ep                         ->  8
    #    queen-forward:  c6, c7, c8=QRBN, b5, a5, d6, e7, f8=QRBN, b6, a7, ep -> 17
    #    rook-forward:   c6, c7, c8=QRBN, b5, a5, ep                    ->  9
    #    bishop-forward: c6, d6, e7, f8=QRBN, b6, a7, ep                ->  10
    #    knight-forward: c6, b7, d7, a6, e6, ep                         ->  6
    #    king-forward:   b6, c6, d6, b5, ep                             ->  5
    ep_fen = "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 1"
    expected = {
        "crazy-pawns-queen": 32, "crazy-pawns-rook": 18, "crazy-pawns-bishop": 21,
        "crazy-pawns-knight": 15, "crazy-pawns-king": 13,
        "crazy-pawns-queen-forward": 22, "crazy-pawns-rook-forward": 14,
        "crazy-pawns-bishop-forward": 15, "crazy-pawns-knight-forward": 11,
        "crazy-pawns-king-forward": 10, "orthodox": 7,
    }
    for spec, n in expected.items():
        got = len(first_moves(spec, ep_fen))
        assert got == n, (spec, got, n)
    king_moves = ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    assert first_moves("crazy-pawns-king", ep_fen) == sorted(king_moves + [
        "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d6", "c5d6(ep)"])
    assert first_moves("crazy-pawns-bishop-forward", ep_fen) == sorted(king_moves + [
        "c5a7", "c5b6", "c5c6", "c5d6", "c5d6(ep)", "c5e7",
        "c5f8b", "c5f8n", "c5f8q", "c5f8r"])
    # The en passant capture removes d5, the quiet move to d6 does not.
    moves = dict(CrazyPawns("crazy-pawns-bishop").legal_moves(chess.Board(ep_fen)))
    assert moves["c5d6(ep)"].piece_at(chess.D5) is None
    assert moves["c5d6"].piece_at(chess.D5) == chess.Piece(chess.PAWN, BLACK)

    # 3. Back to the first rank: still a pawn, no double step from there.
    #    Knight pawn on g3: g4 and the leaps h5, f5, h1, f1, e4, e2.
    fen = "4k3/8/8/8/8/6P1/8/4K3 w - - 0 1"
    assert [m for m in first_moves("crazy-pawns-knight", fen) if m.startswith("g3")] == [
        "g3e2", "g3e4", "g3f1", "g3f5", "g3g4", "g3h1", "g3h5"]
    after = dict(CrazyPawns("crazy-pawns-knight").legal_moves(chess.Board(fen)))["g3h1"]
    assert after.piece_at(chess.H1) == chess.Piece(chess.PAWN, WHITE)
    #    A knight pawn on h1 (White to move): h2, and leaps g3, f2; no h1-h3.
    fen = "4k3/8/8/8/8/8/8/4K2P w - - 0 1"
    assert [m for m in first_moves("crazy-pawns-knight", fen) if m.startswith("h1")] == [
        "h1f2", "h1g3", "h1h2"]
    #    Black likewise: a king pawn on b7 goes back to b8/a8/c8 and stays a pawn.
    fen = "4k3/1p6/8/8/8/8/8/4K3 b - - 0 1"
    assert [m for m in first_moves("crazy-pawns-king", fen) if m.startswith("b7")] == [
        "b7a6", "b7a7", "b7a8", "b7b5", "b7b6", "b7b8", "b7c6", "b7c7", "b7c8"]
    #    The forward forms never go back.
    assert [m for m in first_moves("crazy-pawns-king-forward", fen) if m.startswith("b7")] == [
        "b7a6", "b7a7", "b7b5", "b7b6", "b7c6", "b7c7"]

    # 4. En passant rights (decision 4): only the double step gives one.
    rook = CrazyPawns("crazy-pawns-rook")
    moves = dict(rook.legal_moves(chess.Board("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1")))
    assert moves["e2e4"].ep_square == chess.E3          # double step (= rook move)
    assert moves["e2e5"].ep_square is None              # three squares: no e.p.
    moves = dict(rook.legal_moves(chess.Board("4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1")))
    assert moves["e3e5"].ep_square is None              # two squares, not from rank 2
    moves = dict(rook.legal_moves(chess.Board("4k3/8/8/8/8/8/8/3K3P w - - 0 1")))
    assert moves["h1h3"].ep_square is None              # from the first rank
    #    A pawn back on its start rank double-steps again (decision 5).
    assert "e2e4" in first_moves("crazy-pawns-knight", "4k3/8/8/8/8/8/4P3/K7 w - - 0 1")

    # 5. Promotion by any move (decision 1), one move per promotion piece
    #    even if the square is reached two ways (decision 3).
    fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
    assert [m for m in first_moves("crazy-pawns-queen", fen) if m.endswith("8q")] == [
        "b7a8q", "b7b8q", "b7c8q"]
    assert [m for m in first_moves("crazy-pawns-knight", fen) if m[-1] in "qrbn"] == [
        "b7b8b", "b7b8n", "b7b8q", "b7b8r", "b7d8b", "b7d8n", "b7d8q", "b7d8r"]

    # 6. Extra moves never capture, so they attack nothing (decision 6): a
    #    queen pawn on e2 does not guard e7 along the open file, and a rook
    #    pawn cannot capture along a line.
    fen = "4k3/8/8/8/8/8/4P3/K7 b - - 0 1"
    assert first_moves("crazy-pawns-queen", fen) == [
        "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    fen = "4k3/8/8/8/8/8/P6r/4K3 w - - 0 1"
    assert "a2h2" not in first_moves("crazy-pawns-rook", fen)
    assert "a2g2" in first_moves("crazy-pawns-rook", fen)

    print("selftest ok (%d orthodox nodes compared with python-chess)" % compared)


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
    run(spec, fen, depth, "--list" in flags, "--divide" in flags)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
