#!/usr/bin/env python3
"""Independent reference implementation of several of Karl's chess variants.

Written only from the rule readings (the interpretations of notation/variants/double-move-*.yaml, twin*.yaml, one-two.yaml, two-one.yaml, pass*.yaml, penalty*.yaml and hungry-pawns.yaml) plus orthodox
(FIDE) chess, to cross-check the Rust engine "arbiter".  Clarity over speed.
python-chess is used for the orthodox parts only (board container, FEN,
orthodox / pseudo-legal move generation, attacks, making a move).

Usage
-----
    python3 multi_reference.py VARIANT FEN DEPTH [--list] [--bank W,B] [--penalty]
    python3 multi_reference.py --games VARIANT N SEED [--out FILE]
    python3 multi_reference.py --selftest

VARIANT is one of
    double-move-1 .. double-move-9, twin, twin-optional, one-two, two-one,
    pass, pass-restricted, penalty, penalty-optional, hungry-pawns
The FEN may be given quoted or split into words.

Perft output: "depth d: N" for d = 1..DEPTH, N = number of sequences of d
COMPLETE turns.  A turn that may end after a partial move or go on is counted
once per possible end (ending it is one turn, each legal continuation is
another).  With --list, or when there are fewer than 60 depth-1 turns, a line
"turns: ..." lists the depth-1 turns in UCI, partial moves joined by commas
(e2e4,e4e5), a pass as 0000, sorted (plain string sort).

State a FEN cannot carry:
    --bank W,B   Pass chess (pass, pass-restricted): moves banked by White and
                 by Black (default 0,0).
    --penalty    Penalty chess (penalty, penalty-optional): the side to move
                 owes... i.e. its turn is TWO moves, because the opponent
                 captured in its last turn (default: one move).

--games writes N random legal games from the start position in PGN (tags
Event, Variant, Result), a turn's moves in SAN joined by commas, a pass "--".
Games have a random length of 20..80 turns (one side's turn = one turn) and
stop early when the game ends (mate, stalemate, king capture, no move).

Choices made where the readings leave room (the "simplest reading"):
  General
  * A move never captures a king, except in one-two / two-one where the
    readings allow it (with one's own pieces).
  * Castling follows FIDE (rights, empty squares, king not in check, not
    crossing or landing on an attacked square) in every variant where check
    is judged; in one-two / two-one only rights + empty squares.
  * SAN disambiguation is judged against the moves that are possible at that
    step of the turn (moves that start/continue at least one legal turn).
    No check suffix inside a turn; "+"/"#" only after the whole turn, on its
    last move, when the side to move next is in check (mate: no legal turn).
  * Games: no draw by repetition / 50 moves / material is claimed.
  Double move 1..9
  * The first partial move is any pseudo-legal move (own king may be left
    attacked) except castling, which is FIDE-legal castling (the turn ends
    with it, so it must anyway leave the king safe; not out of / through
    check either).  En passant only as first partial move.
  * The second partial move: same piece, from where it stands, pseudo-legal,
    no castling, no promotion, no en passant, no king capture; condition of
    the variant on captures / direction.  The turn must end with own king
    safe.  After a two-move turn there is no en passant right.
  * Direction (8/9): vectors reduced by the gcd of |files|,|ranks|.
  Twin
  * Standard move: any orthodox legal move.  Twin: a different piece of the
    mover's colour and of the type the moved piece has after the standard
    move, with exactly the same vector, orthodox-legal (own king safe),
    no en passant, no castling, no king capture; a twin pawn reaching the
    last rank promotes (4 choices, each a different turn).
  * Forced: if a legal twin exists the turn must contain one.
  * En passant right after the turn: from the last move of the turn.
  One-two / Two-one
  * Moves are pseudo-legal (check never judged).  A move with the
    opponent's pieces may not take one's own king; a move with one's own
    pieces that takes the opponent's king ends the turn and the game (that
    shorter turn counts as one complete turn).
  * If at some step of a turn the required side has no move, the game ends
    drawn: at the first step that means "no turn" (0 turns); later in a turn
    the turn made so far counts as one complete, game-ending turn.
  * En passant: by a pawn of either side against the pawn whose double step
    was the move immediately before (whoever made it, even across turns).
  Pass / pass restricted
  * A pass banks a move and lets the en passant right lapse; not allowed in
    check.  Extra moves: orthodox legal, no en passant, no king capture;
    restricted: extra moves by pawns only.  En passant right after a turn
    only when its last move was a double step.
  Penalty
  * The side that owes two moves plays two orthodox-legal moves (second with
    no en passant, no king capture).  Forced: the second is made whenever one
    is legal.  The opponent owes two moves iff any move of the turn captured.
  Hungry pawns
  * After a (non-promoting) pawn capture the same pawn may capture again
    diagonally forward (not en passant, not a king), each capture leaving the
    own king safe; stopping is allowed after any capture.
"""

import math
import random
import sys

import chess

WHITE, BLACK = chess.WHITE, chess.BLACK
BB = chess.BB_SQUARES

VARIANT_NAMES = {
    "double-move-%d" % i: "double move %d" % i for i in range(1, 10)
}
VARIANT_NAMES.update({
    "twin": "twin", "twin-optional": "twin optional",
    "one-two": "one-two", "two-one": "two-one",
    "pass": "pass", "pass-restricted": "pass restricted",
    "penalty": "penalty", "penalty-optional": "penalty optional",
    "hungry-pawns": "hungry pawns",
})


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------

class State:
    """A position between turns."""
    __slots__ = ("board", "bank", "owes", "result")

    def __init__(self, board, bank=(0, 0), owes=False, result=None):
        self.board = board          # chess.Board, board.turn = side to move
        self.bank = bank            # (white's banked moves, black's)
        self.owes = owes            # penalty: side to move plays two moves
        self.result = result        # game over: "1-0", "0-1", "1/2-1/2"


class Node:
    """A prefix of a turn.  `board` is the board after the prefix (made
    lazily: leaf prefixes that are only counted never need it); `move` /
    `color` the last partial move and the colour of the piece it moved
    (None for the root; move None with data passed=True for a pass)."""
    __slots__ = ("parent", "move", "color", "_board", "_before", "data")

    def __init__(self, parent, move, color, board=None, before=None, **data):
        self.parent = parent
        self.move = move
        self.color = color
        self._board = board
        self._before = before     # board the move is made on (if board is None)
        self.data = data

    @property
    def board(self):
        if self._board is None:
            self._board = play(self._before, self.move, self.color)
            self._before = None
        return self._board

    def moves(self):
        out = []
        n = self
        while n.parent is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def label(self):
        return ",".join("0000" if n.move is None else n.move.uci() for n in self.moves())


def play(board, move, color):
    """Copy of `board` after `move` made by a piece of `color`."""
    b = board.copy(stack=False)
    b.turn = color
    b.push(move)
    return b


def king_safe(board, color):
    k = board.king(color)
    return k is None or not board.is_attacked_by(not color, k)


def captures_king(board, move):
    return board.piece_type_at(move.to_square) == chess.KING


def is_capture(board, move, color):
    """Does `move` (by `color`) remove an enemy piece (en passant included)?"""
    target = board.color_at(move.to_square)
    if target is not None and target != color:
        return True
    if board.piece_type_at(move.from_square) == chess.PAWN:
        return chess.square_file(move.from_square) != chess.square_file(move.to_square)
    return False


def vector(move):
    return (chess.square_file(move.to_square) - chess.square_file(move.from_square),
            chess.square_rank(move.to_square) - chess.square_rank(move.from_square))


def direction(move):
    df, dr = vector(move)
    g = math.gcd(abs(df), abs(dr))
    return (df // g, dr // g)


def moves_for(board, color, legal, ep=True, from_mask=chess.BB_ALL):
    """Moves of `color` on `board` (orthodox legal or pseudo-legal), never a
    king capture.  The board is changed only temporarily."""
    turn, eps = board.turn, board.ep_square
    board.turn = color
    if not ep:
        board.ep_square = None
    try:
        gen = board.generate_legal_moves if legal else board.generate_pseudo_legal_moves
        return [m for m in gen(from_mask=from_mask) if not captures_king(board, m)]
    finally:
        board.turn, board.ep_square = turn, eps


def in_check(board, color):
    return not king_safe(board, color)


# --------------------------------------------------------------------------
# Variants.  Each defines root(state) -> Node, expand(node) -> (can_end,
# children), finish(node) -> State.  A turn is a node with can_end True.
# --------------------------------------------------------------------------

class Variant:
    check_judged = True

    def initial(self, fen, bank=(0, 0), owes=False):
        return State(chess.Board(fen), bank, owes)

    def root(self, state):
        return Node(None, None, None, state.board, state=state)

    def finish(self, node):
        raise NotImplementedError

    def state_of(self, node):
        n = node
        while n.parent is not None:
            n = n.parent
        return n.data["state"]


class DoubleMove(Variant):
    CONDITIONS = {
        1: "always", 2: "first-captures", 3: "first-quiet", 4: "second-captures",
        5: "second-quiet", 6: "both-capture", 7: "neither", 8: "same-direction",
        9: "other-direction",
    }

    def __init__(self, k):
        self.when = self.CONDITIONS[k]

    def allow_second(self, cap1):
        if self.when in ("first-captures", "both-capture"):
            return cap1
        if self.when in ("first-quiet", "neither"):
            return not cap1
        return True

    def second_ok(self, m1, m2, cap2):
        w = self.when
        if w in ("second-captures", "both-capture"):
            return cap2
        if w in ("second-quiet", "neither"):
            return not cap2
        if w == "same-direction":
            return direction(m1) == direction(m2)
        if w == "other-direction":
            return direction(m1) != direction(m2)
        return True

    def expand(self, node):
        board = node.board
        stage = node.data.get("stage", 0)
        if stage == 0:
            us = board.turn
            children = []
            for m in board.generate_pseudo_legal_moves():   # castling here is FIDE-legal
                if captures_king(board, m):
                    continue
                children.append(Node(node, m, us, before=board, stage=1, us=us,
                                     cap=is_capture(board, m, us),
                                     special=board.is_castling(m) or m.promotion is not None))
            return False, children
        us = node.data["us"]
        can_end = king_safe(board, us)
        if stage == 2:
            return can_end, []
        children = []
        m1 = node.move
        if not node.data["special"] and self.allow_second(node.data["cap"]):
            b = board.copy(stack=False)
            b.turn = us
            b.ep_square = None
            for m2 in b.generate_pseudo_legal_moves(from_mask=BB[m1.to_square]):
                if b.is_castling(m2) or m2.promotion is not None or captures_king(b, m2):
                    continue
                if not self.second_ok(m1, m2, is_capture(b, m2, us)):
                    continue
                children.append(Node(node, m2, us, before=b, stage=2, us=us))
        return can_end, children

    def finish(self, node):
        b = node.board.copy(stack=False)
        b.turn = not node.data["us"]
        if node.data["stage"] == 2:
            b.ep_square = None
        return State(b)


class Twin(Variant):
    def __init__(self, forced):
        self.forced = forced

    def expand(self, node):
        board = node.board
        stage = node.data.get("stage", 0)
        if stage == 0:
            us = board.turn
            return False, [Node(node, m, us, before=board, stage=1, us=us,
                                castle=board.is_castling(m))
                           for m in moves_for(board, us, legal=True)]
        if stage == 2:
            return True, []
        us = node.data["us"]
        if node.data["castle"]:
            return True, []
        m1 = node.move
        ptype = board.piece_type_at(m1.to_square)
        mask = board.pieces_mask(ptype, us) & ~BB[m1.to_square]
        v = vector(m1)
        b = board.copy(stack=False)
        b.turn = us
        b.ep_square = None
        twins = []
        for m in moves_for(b, us, legal=True, ep=False, from_mask=mask):
            if vector(m) == v and not b.is_castling(m):
                twins.append(Node(node, m, us, before=b, stage=2, us=us))
        can_end = not (self.forced and twins)
        return can_end, twins

    def finish(self, node):
        b = node.board.copy(stack=False)
        b.turn = not node.data["us"]
        return State(b)


class HungryPawns(Variant):
    def expand(self, node):
        board = node.board
        if node.parent is None:
            us = board.turn
            children = []
            for m in moves_for(board, us, legal=True):
                go_on = (board.piece_type_at(m.from_square) == chess.PAWN
                         and is_capture(board, m, us) and m.promotion is None)
                children.append(Node(node, m, us, before=board, us=us, go_on=go_on))
            return False, children
        us = node.data["us"]
        children = []
        if node.data["go_on"]:
            sq = node.move.to_square
            for m in moves_for(board, us, legal=True, ep=False, from_mask=BB[sq]):
                if board.color_at(m.to_square) == (not us):   # diagonal onto an enemy piece
                    children.append(Node(node, m, us, before=board, us=us,
                                         go_on=m.promotion is None))
        return True, children

    def finish(self, node):
        b = node.board.copy(stack=False)
        b.turn = not node.data["us"]
        return State(b)


class Penalty(Variant):
    def __init__(self, forced):
        self.forced = forced

    def expand(self, node):
        board = node.board
        stage = node.data.get("stage", 0)
        if stage == 0:
            us = board.turn
            owes = node.data["state"].owes
            return False, [Node(node, m, us, before=board, stage=1, us=us, owes=owes,
                                cap=is_capture(board, m, us))
                           for m in moves_for(board, us, legal=True)]
        if stage == 2 or not node.data["owes"]:
            return True, []
        us = node.data["us"]
        seconds = [Node(node, m, us, before=board, stage=2, us=us,
                        cap=node.data["cap"] or is_capture(board, m, us))
                   for m in moves_for(board, us, legal=True, ep=False)]
        can_end = not (self.forced and seconds)
        return can_end, seconds

    def finish(self, node):
        b = node.board.copy(stack=False)
        b.turn = not node.data["us"]
        return State(b, owes=node.data["cap"])


class Pass(Variant):
    def __init__(self, restricted):
        self.restricted = restricted

    def expand(self, node):
        board = node.board
        if node.parent is None:
            state = node.data["state"]
            us = board.turn
            bank = state.bank[0 if us == WHITE else 1]
            children = []
            if not in_check(board, us):
                b = board.copy(stack=False)
                b.ep_square = None
                children.append(Node(node, None, us, b, us=us, left=bank, passed=True))
            for m in moves_for(board, us, legal=True):
                children.append(Node(node, m, us, before=board, us=us, left=bank))
            return False, children
        if node.data.get("passed") or node.data["left"] == 0:
            return True, []
        us = node.data["us"]
        mask = board.pieces_mask(chess.PAWN, us) if self.restricted else chess.BB_ALL
        left = node.data["left"] - 1
        return True, [Node(node, m, us, before=board, us=us, left=left)
                      for m in moves_for(board, us, legal=True, ep=False, from_mask=mask)]

    def finish(self, node):
        state = self.state_of(node)
        us = node.data["us"]
        b = node.board.copy(stack=False)
        b.turn = not us
        bank = list(state.bank)
        i = 0 if us == WHITE else 1
        if node.data.get("passed"):
            bank[i] += 1
        else:
            bank[i] = node.data["left"]
        return State(b, tuple(bank))


class Borrowed(Variant):
    """One-two (opponent, own, own) and Two-one (own, own, opponent)."""
    check_judged = False

    def __init__(self, order):
        self.order = order

    @staticmethod
    def step_moves(board, color, forbid_king):
        """Pseudo-legal moves of `color`'s pieces, check not judged; castling
        needs rights and empty squares only.  forbid_king: a colour whose
        king may not be captured.  The board is changed only temporarily."""
        turn = board.turn
        board.turn = color
        try:
            out = []
            for m in board.generate_pseudo_legal_moves():
                if board.is_castling(m):
                    continue
                if forbid_king is not None and board.piece_at(m.to_square) == chess.Piece(chess.KING, forbid_king):
                    continue
                out.append(m)
            back = 0 if color == WHITE else 7
            e = chess.square(4, back)
            if board.piece_at(e) == chess.Piece(chess.KING, color):
                for rook_file, empty, to_file in ((7, (5, 6), 6), (0, (1, 2, 3), 2)):
                    r = chess.square(rook_file, back)
                    if not board.castling_rights & BB[r]:
                        continue
                    if board.piece_at(r) != chess.Piece(chess.ROOK, color):
                        continue
                    if any(board.piece_at(chess.square(f, back)) is not None for f in empty):
                        continue
                    out.append(chess.Move(e, chess.square(to_file, back)))
            return out
        finally:
            board.turn = turn

    def expand(self, node):
        if node.parent is None:
            us = node.board.turn
            step = 0
        else:
            us = node.data["us"]
            if node.data.get("over"):
                return True, []
            step = node.data["step"] + 1
            if step == 3:
                return True, []
        board = node.board
        own = self.order[step] == "own"
        color = us if own else (not us)
        moves = self.step_moves(board, color, None if own else us)
        if not moves:
            if node.parent is None:
                return False, []
            node.data["over"] = "1/2-1/2"
            return True, []
        children = []
        their_king = chess.Piece(chess.KING, not us)
        for m in moves:
            data = dict(us=us, step=step)
            if own and board.piece_at(m.to_square) == their_king:
                data["over"] = "1-0" if us == WHITE else "0-1"
            children.append(Node(node, m, color, before=board, **data))
        return False, children

    def finish(self, node):
        b = node.board.copy(stack=False)
        b.turn = not node.data["us"]
        return State(b, result=node.data.get("over"))

    def initial(self, fen, bank=(0, 0), owes=False):
        return State(chess.Board(fen))


def make_variant(spec):
    if spec.startswith("double-move-"):
        return DoubleMove(int(spec.rsplit("-", 1)[1]))
    table = {
        "twin": lambda: Twin(True),
        "twin-optional": lambda: Twin(False),
        "one-two": lambda: Borrowed(("opponent", "own", "own")),
        "two-one": lambda: Borrowed(("own", "own", "opponent")),
        "pass": lambda: Pass(False),
        "pass-restricted": lambda: Pass(True),
        "penalty": lambda: Penalty(True),
        "penalty-optional": lambda: Penalty(False),
        "hungry-pawns": lambda: HungryPawns(),
    }
    if spec not in table:
        raise ValueError("unknown variant: " + spec)
    return table[spec]()


# --------------------------------------------------------------------------
# Turns, perft
# --------------------------------------------------------------------------

def complete_turns(variant, state):
    """All complete turns from `state`, as end nodes."""
    if state.result is not None:
        return []
    out = []
    stack = [variant.root(state)]
    while stack:
        node = stack.pop()
        can_end, children = variant.expand(node)
        if can_end and node.parent is not None:
            out.append(node)
        stack.extend(children)
    return out


def perft_counts(variant, state, depth):
    counts = [0] * depth

    def walk(st, ply):
        for node in complete_turns(variant, st):
            counts[ply] += 1
            if ply + 1 < depth:
                walk(variant.finish(node), ply + 1)

    if depth > 0:
        walk(state, 0)
    return counts


def run(spec, fen, depth, bank=(0, 0), owes=False, force_list=False, out=print):
    variant = make_variant(spec)
    state = variant.initial(fen, bank, owes)
    counts = perft_counts(variant, state, depth)
    for d, n in enumerate(counts, 1):
        out("depth %d: %d" % (d, n))
    first = complete_turns(variant, state)
    if force_list or len(first) < 60:
        out("turns: " + " ".join(sorted(n.label() for n in first)))
    return counts


def turn_labels(spec, fen, bank=(0, 0), owes=False):
    variant = make_variant(spec)
    return sorted(n.label() for n in complete_turns(variant, variant.initial(fen, bank, owes)))


# --------------------------------------------------------------------------
# SAN and random games
# --------------------------------------------------------------------------

def san(board, move, color, alternatives):
    """SAN of `move` by a piece of `color`, written from that side's view;
    `alternatives` are the other moves possible at that step."""
    if move is None:
        return "--"
    b = board.copy(stack=False)
    b.turn = color
    if b.is_castling(move):
        return "O-O" if chess.square_file(move.to_square) > chess.square_file(move.from_square) else "O-O-O"
    ptype = b.piece_type_at(move.from_square)
    to = chess.square_name(move.to_square)
    cap = is_capture(b, move, color)
    if ptype == chess.PAWN:
        s = (chess.FILE_NAMES[chess.square_file(move.from_square)] + "x" if cap else "") + to
        if move.promotion:
            s += "=" + chess.piece_symbol(move.promotion).upper()
        return s
    s = chess.piece_symbol(ptype).upper()
    others = [m.from_square for m in alternatives
              if m is not None and m.to_square == move.to_square and m.from_square != move.from_square
              and b.piece_type_at(m.from_square) == ptype and b.color_at(m.from_square) == color]
    if others:
        f, r = chess.square_file(move.from_square), chess.square_rank(move.from_square)
        if all(chess.square_file(o) != f for o in others):
            s += chess.FILE_NAMES[f]
        elif all(chess.square_rank(o) != r for o in others):
            s += chess.RANK_NAMES[r]
        else:
            s += chess.square_name(move.from_square)
    return s + ("x" if cap else "") + to


def viable(variant, node):
    """Does some complete turn start with this prefix?"""
    stack = [node]
    while stack:
        n = stack.pop()
        can_end, children = variant.expand(n)
        if can_end and n.parent is not None:
            return True
        stack.extend(children)
    return False


def random_turn(variant, state, rng):
    """A random legal turn (end node) and its SAN list, or None."""
    node = variant.root(state)
    sans = []
    while True:
        can_end, children = variant.expand(node)
        if node.parent is None:
            can_end = False
        options = [c for c in children if viable(variant, c)]
        if can_end and (not options or rng.random() < 0.5):
            return node, sans
        if not options:
            return None
        child = rng.choice(options)
        sans.append(san(node.board, child.move, child.color, [c.move for c in options]))
        node = child


def game_over(variant, state):
    """Result string if the game is over at `state`, else None."""
    if state.result is not None:
        return state.result
    if viable(variant, variant.root(state)):
        return None
    board = state.board
    if variant.check_judged and in_check(board, board.turn):
        return "0-1" if board.turn == WHITE else "1-0"
    return "1/2-1/2"


def random_game(spec, rng):
    variant = make_variant(spec)
    state = variant.initial(chess.STARTING_FEN)
    length = rng.randint(20, 80)
    parts = []
    result = "*"
    for i in range(length):
        res = game_over(variant, state)
        if res is not None:
            result = res
            break
        node, sans = random_turn(variant, state, rng)
        nxt = variant.finish(node)
        if variant.check_judged:
            if in_check(nxt.board, nxt.board.turn):
                mated = not viable(variant, variant.root(nxt))
                sans[-1] += "#" if mated else "+"
        text = ",".join(sans)
        if state.board.turn == WHITE:
            parts.append("%d. %s" % (i // 2 + 1, text))
        else:
            parts.append(text)
        state = nxt
    else:
        res = game_over(variant, state)
        if res is not None:
            result = res
    lines = ['[Event "reference"]', '[Variant "%s"]' % VARIANT_NAMES[spec],
             '[Result "%s"]' % result, ""]
    movetext = " ".join(parts + [result])
    # wrap at ~80 columns
    line = ""
    for tok in movetext.split(" "):
        if line and len(line) + 1 + len(tok) > 79:
            lines.append(line)
            line = tok
        else:
            line = tok if not line else line + " " + tok
    lines.append(line)
    lines.append("")
    return "\n".join(lines) + "\n"


def games(spec, n, seed, out):
    rng = random.Random(seed)
    for _ in range(n):
        out.write(random_game(spec, rng))


# --------------------------------------------------------------------------
# Self test
# --------------------------------------------------------------------------

def selftest():
    start = chess.STARTING_FEN
    quiet = lambda *_: None

    # Double move 1 from the start: 20 single moves, 16 pawn continuations
    # (one more step each), knights: a3->b1,b5,c4; c3->a4,b5,d5,e4,b1 (x2).
    assert run("double-move-1", start, 1, out=quiet) == [52]
    # Variant 2 (first must capture): nothing captures at the start.
    assert run("double-move-2", start, 1, out=quiet) == [20]
    # Variant 8: e2e4,e4e5 same direction; Nb1c3,c3d5 (1,2)x2 yes, c3e4 no.
    t8 = turn_labels("double-move-8", start)
    assert "e2e4,e4e5" in t8 and "b1c3,c3d5" in t8 and "b1c3,c3e4" not in t8
    t9 = turn_labels("double-move-9", start)
    assert "e2e4,e4e5" not in t9 and "b1c3,c3e4" in t9 and "b1c3,c3d5" not in t9
    # Double move: king moves into check and out again within a turn.
    fen = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"        # Rd2 covers rank 2 and d-file
    t = turn_labels("double-move-1", fen)
    assert "e1e2" not in t and "e1f2" not in t and "e1d1" not in t
    assert "e1d2" in t and "e1f1" in t                       # Kxd2, Kf1
    assert "e1f2,f2f3" in t and "e1e2,e2e3" in t and "e1e2,e2d2" in t
    assert "e1e2,e2f2" not in t                              # still attacked
    # Double move: no en passant against a pawn that moved twice.
    t = turn_labels("double-move-1", "4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")
    b = make_variant("double-move-1")
    st = b.initial("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1")
    for node in complete_turns(b, st):
        if node.label() == "e2e4":
            assert "f4e3" in turn_labels("double-move-1", b.finish(node).board.fen())
        if node.label() == "e2e3,e3e4":
            assert "f4e3" not in turn_labels("double-move-1", b.finish(node).board.fen())

    # Twin forced from the start: 16 pawn moves x 7 twins + 4 knight moves
    # with exactly one twin each; optional adds the 20 single moves.
    assert run("twin", start, 1, out=quiet) == [116]
    assert run("twin-optional", start, 1, out=quiet) == [136]
    t = turn_labels("twin", start)
    assert [x for x in t if x.startswith("e2e4")] == sorted(
        "e2e4,%s2%s4" % (f, f) for f in "abcdfgh")
    assert "b1a3,g1f3" in t and "b1c3,g1h3" in t and "b1c3" not in t
    # Twin: black vectors read as on the board.
    t = turn_labels("twin", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert "e7e5,h7h5" in t
    # Twin: a twin pawn reaching the last rank promotes (4 ways).
    t = turn_labels("twin", "4k3/7P/1P6/8/8/8/8/4K3 w - - 0 1")
    assert "b6b7,h7h8r" in t and "b6b7" not in t
    # ... and the piece "as it stands after" a promotion is a queen: no twin.
    t = turn_labels("twin", "4k3/P6P/8/8/8/8/8/4K3 w - - 0 1")
    assert "a7a8q" in t and not any(x.startswith("a7a8q,") for x in t)
    # Twin: castling has no twin.
    assert "e1g1" in turn_labels("twin", "4k3/8/8/8/8/8/8/4K2R w K - 0 1")

    # Hungry pawns: exd5,dxc6,cxb7 (and each prefix).
    t = turn_labels("hungry-pawns", "4k3/1p6/2p5/3p4/4P3/8/8/4K3 w - - 0 1")
    for x in ("e4d5", "e4d5,d5c6", "e4d5,d5c6,c6b7"):
        assert x in t
    # Hungry pawns: a capture that promotes ends the turn.
    t = turn_labels("hungry-pawns", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    assert "a7b8q" in t and not any(x.startswith("a7b8q,") for x in t)

    # Penalty: with the penalty, two moves (forced); without, one.
    assert run("penalty", start, 1, out=quiet) == [20]
    n2 = run("penalty", start, 1, owes=True, out=quiet)[0]
    n2o = run("penalty-optional", start, 1, owes=True, out=quiet)[0]
    assert n2o == n2 + 20
    # A capture gives the opponent two moves.
    pv = make_variant("penalty")
    st = pv.initial("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    for node in complete_turns(pv, st):
        assert pv.finish(node).owes == (node.label() == "e4d5")

    # Pass: with no bank, 20 moves + a pass.
    t = turn_labels("pass", start)
    assert len(t) == 21 and "0000" in t
    # Pass restricted with one banked move: the extra move is a pawn move.
    t = turn_labels("pass-restricted", start, bank=(1, 0))
    assert "g1f3,e2e4" in t and "g1f3,f3g5" not in t
    assert "g1f3,f3g5" in turn_labels("pass", start, bank=(1, 0))
    # Pass: no pass when in check.
    assert "0000" not in turn_labels("pass", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")

    # One-two: a turn is black move, white move, white move.
    t = turn_labels("one-two", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert "e8d8,e1d1,d1c1" in t and "e8d8,e1d1,d1e1" in t
    # White may capture Black's king with its own piece; it ends the game.
    ot = make_variant("one-two")
    fen = "4k3/8/8/8/8/8/8/4KR2 w - - 0 1"
    labels = turn_labels("one-two", fen)
    assert "e8f8,f1f8" in labels and not any(x.startswith("e8f8,f1f8,") for x in labels)
    for node in complete_turns(ot, ot.initial(fen)):
        if node.label() == "e8f8,f1f8":
            assert ot.finish(node).result == "1-0"
    # Black's pieces moved by White may not take White's king.
    labels = turn_labels("two-one", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")
    assert "e1d2,d2e1,a1e1" not in labels and "e1d2,d2d3,a1e1" in labels
    assert "e1d2,d2e1,a1b1" in labels
    # Castling through an attacked square is fine in one-two.
    labels = turn_labels("two-one", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    assert any(x.startswith("e1g1,") for x in labels)
    # Borrowed en passant: Black's double step made by White, then White's e.p.
    labels = turn_labels("one-two", "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1")
    assert "d7d5,e5d6,d6d7" in labels

    print("selftest ok")


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def main(argv):
    args, flags, opts = [], set(), {}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a.startswith("--"):
            key, eq, val = a.partition("=")
            if key in ("--bank", "--out") and not eq:
                i += 1
                val = argv[i]
                eq = "="
            if eq:
                opts[key] = val
            else:
                flags.add(key)
        else:
            args.append(a)
        i += 1
    if "--selftest" in flags:
        selftest()
        return 0
    if "--games" in flags:
        spec, n, seed = args[0], int(args[1]), int(args[2])
        if "--out" in opts:
            with open(opts["--out"], "w") as f:
                games(spec, n, seed, f)
        else:
            games(spec, n, seed, sys.stdout)
        return 0
    if len(args) < 3:
        print(__doc__)
        return 2
    spec, depth = args[0], int(args[-1])
    fen = " ".join(args[1:-1])
    bank = (0, 0)
    if "--bank" in opts:
        w, b = opts["--bank"].split(",")
        bank = (int(w), int(b))
    run(spec, fen, depth, bank=bank, owes="--penalty" in flags, force_list="--list" in flags)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
