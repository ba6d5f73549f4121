#!/usr/bin/env python3
"""Independent reference implementation of Bank Chess and its relatives.

Variants: bank, bank-swap, bank-half-standard-1, bank-half-standard-2,
bank-half-standard-swap-1, bank-half-standard-swap-2.

Written only from the rule readings in notation/variants/bank*.yaml and the
FIDE Laws of Chess; python-chess supplies the orthodox parts (board, orthodox
legal moves, attacks, SAN of board moves).

Usage:
  bank_reference.py VARIANT FEN DEPTH [--list]      perft 1..DEPTH
  bank_reference.py --games VARIANT N SEED [--out FILE]
  bank_reference.py --selftest

Rules as implemented
--------------------
* A turn is one action: an orthodox board move, a banking (`Nf3@`, a pawn
  `Pe4@`: one own non-king piece leaves its square for the own bank) or a
  re-insertion (`N@f3`, `P@e4`: one piece of the own bank is put on an empty
  square).
* No action may leave the own king attacked.  Banking removes an own piece,
  so it can never resolve a check and a pinned piece cannot be banked.  A
  re-insertion may block a check, give check or give mate.
* Pawns are re-inserted on ranks 2..7 only (both colours).  A pawn on its own
  second rank may double-step (and be taken en passant), one on its seventh
  rank promotes on its next move: python-chess does this by itself.
* A banked rook loses its castling right for good (the corner bit is cleared
  when it is banked; castling bits are always cleaned against the board, so a
  rook re-inserted on a corner never revives a right).
* Banking or re-inserting clears the en-passant square, bumps the fullmove
  number after Black, and resets the halfmove clock for a pawn (increments
  it otherwise).
* Swap (holds=1): banking while the bank is full forfeits the oldest piece.
* Half-standard: "move number" = FEN fullmove field (same for both colours).
  standard-moves: even -> on even move numbers only board moves;
  standard-moves: odd  -> on odd move numbers only board moves.
* Mate / stalemate: the side to move has no legal action at all (under the
  half-standard restriction of that turn); mate if in check.
* Several identical pieces in a bank give one re-insertion per square.
"""

import random
import sys

import chess

VARIANTS = {
    "bank": dict(name="bank", holds=None, standard=None),
    "bank-swap": dict(name="bank swap", holds=1, standard=None),
    "bank-half-standard-1": dict(name="bank half-standard 1", holds=None, standard="even"),
    "bank-half-standard-2": dict(name="bank half-standard 2", holds=None, standard="odd"),
    "bank-half-standard-swap-1": dict(name="bank half-standard swap 1", holds=1, standard="even"),
    "bank-half-standard-swap-2": dict(name="bank half-standard swap 2", holds=1, standard="odd"),
}

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR{} w KQkq - 0 1"

LETTER = {chess.PAWN: "P", chess.KNIGHT: "N", chess.BISHOP: "B",
          chess.ROOK: "R", chess.QUEEN: "Q", chess.KING: "K"}
PAWN_DROP_BB = chess.BB_ALL & ~chess.BB_RANK_1 & ~chess.BB_RANK_8


class Pos:
    """A board (python-chess) plus the two banks (ordered, oldest first)."""

    __slots__ = ("board", "banks", "rules")

    def __init__(self, board, banks, rules):
        self.board = board
        self.banks = banks          # {chess.WHITE: tuple(ptypes), chess.BLACK: ...}
        self.rules = rules

    def fen(self):
        parts = self.board.fen().split(" ")
        bank = "".join(LETTER[p] for p in self.banks[chess.WHITE]) + \
               "".join(LETTER[p].lower() for p in self.banks[chess.BLACK])
        parts[0] += "{" + bank + "}"
        return " ".join(parts)


def parse(fen, variant):
    rules = VARIANTS[variant]
    fields = fen.split()
    placement = fields[0]
    white, black = [], []
    if "{" in placement:
        i = placement.index("{")
        j = placement.index("}", i)
        inside = placement[i + 1:j]
        placement = placement[:i] + placement[j + 1:]
        for ch in inside:
            pt = chess.PIECE_SYMBOLS.index(ch.lower())
            if pt == 0 or pt == chess.KING:
                raise ValueError("bad bank piece %r" % ch)
            (white if ch.isupper() else black).append(pt)
    if rules["holds"] is not None:
        for bank in (white, black):
            if len(bank) > rules["holds"]:
                raise ValueError("bank holds more than %d piece(s)" % rules["holds"])
    fields[0] = placement
    board = chess.Board(" ".join(fields))
    board.castling_rights = board.clean_castling_rights()
    return Pos(board, {chess.WHITE: tuple(white), chess.BLACK: tuple(black)}, rules)


def bank_turn_allowed(pos):
    std = pos.rules["standard"]
    if std is None:
        return True
    n = pos.board.fullmove_number
    if std == "even":
        return n % 2 == 1
    return n % 2 == 0


def _leaves_king_safe_after_removal(board, us, sq, king):
    promoted = bool(board.promoted & chess.BB_SQUARES[sq])
    piece = board.remove_piece_at(sq)
    ok = not board.is_attacked_by(not us, king)
    board.set_piece_at(sq, piece, promoted=promoted)
    return ok


def _leaves_king_safe_after_drop(board, us, pt, sq, king):
    board.set_piece_at(sq, chess.Piece(pt, us))
    ok = not board.is_attacked_by(not us, king)
    board.remove_piece_at(sq)
    return ok


def bank_actions(pos):
    """Bankings and re-insertions (no board moves), legal ones only."""
    acts = []
    if not bank_turn_allowed(pos):
        return acts
    b = pos.board
    us = b.turn
    king = b.king(us)
    in_check = b.is_attacked_by(not us, king)
    # banking: never while in check (removing an own piece opens lines only)
    if not in_check:
        for sq in chess.SquareSet(b.occupied_co[us] & ~b.kings):
            if _leaves_king_safe_after_removal(b, us, sq, king):
                acts.append(("b", sq))
    # re-insertion
    empty = ~b.occupied & chess.BB_ALL
    for pt in sorted(set(pos.banks[us])):
        targets = empty & PAWN_DROP_BB if pt == chess.PAWN else empty
        for sq in chess.SquareSet(targets):
            # without check, adding an own piece cannot expose the king
            if not in_check or _leaves_king_safe_after_drop(b, us, pt, sq, king):
                acts.append(("d", pt, sq))
    return acts


def legal_actions(pos):
    return [("m", m) for m in pos.board.legal_moves] + bank_actions(pos)


def count_actions(pos):
    b = pos.board
    n = b.legal_moves.count()
    if not bank_turn_allowed(pos):
        return n
    us = b.turn
    king = b.king(us)
    in_check = b.is_attacked_by(not us, king)
    if not in_check:
        for sq in chess.SquareSet(b.occupied_co[us] & ~b.kings):
            if _leaves_king_safe_after_removal(b, us, sq, king):
                n += 1
    empty = ~b.occupied & chess.BB_ALL
    for pt in set(pos.banks[us]):
        targets = empty & PAWN_DROP_BB if pt == chess.PAWN else empty
        if not in_check:
            n += chess.popcount(targets)
        else:
            for sq in chess.SquareSet(targets):
                if _leaves_king_safe_after_drop(b, us, pt, sq, king):
                    n += 1
    return n


def apply(pos, act):
    """Return a new Pos after the action (the old one is left untouched)."""
    b = pos.board.copy(stack=False)
    us = b.turn
    banks = dict(pos.banks)
    if act[0] == "m":
        b.push(act[1])
        b.castling_rights = b.clean_castling_rights()
        return Pos(b, banks, pos.rules)
    if act[0] == "b":
        sq = act[1]
        pt = b.piece_type_at(sq)
        assert pt is not None and pt != chess.KING and b.color_at(sq) == us
        b.remove_piece_at(sq)
        bank = list(banks[us])
        holds = pos.rules["holds"]
        if holds is not None:
            while len(bank) >= holds:
                bank.pop(0)          # forfeit the oldest piece
        bank.append(pt)
        banks[us] = tuple(bank)
        if pt == chess.ROOK:
            b.castling_rights &= ~chess.BB_SQUARES[sq]
    else:
        _, pt, sq = act
        assert b.piece_at(sq) is None
        bank = list(banks[us])
        bank.remove(pt)
        banks[us] = tuple(bank)
        b.set_piece_at(sq, chess.Piece(pt, us))
    b.castling_rights = b.clean_castling_rights()
    b.ep_square = None
    b.halfmove_clock = 0 if pt == chess.PAWN else b.halfmove_clock + 1
    if us == chess.BLACK:
        b.fullmove_number += 1
    b.turn = not us
    return Pos(b, banks, pos.rules)


def uci(act):
    if act[0] == "m":
        return act[1].uci()
    if act[0] == "b":
        raise ValueError("banking needs the piece; use action_text")
    return LETTER[act[1]] + "@" + chess.square_name(act[2])


def action_text(pos, act):
    """UCI-like text: e2e4, Nf3@, N@f3."""
    if act[0] == "b":
        return LETTER[pos.board.piece_type_at(act[1])] + chess.square_name(act[1]) + "@"
    return uci(act)


def parse_action(pos, text):
    for act in legal_actions(pos):
        if action_text(pos, act) == text:
            return act
    raise ValueError("illegal or unknown action %s in %s" % (text, pos.fen()))


def in_check(pos):
    b = pos.board
    return b.is_attacked_by(not b.turn, b.king(b.turn))


def san(pos, act):
    if act[0] == "m":
        s = pos.board.san(act[1]).rstrip("+#")
    else:
        s = action_text(pos, act)
    after = apply(pos, act)
    if in_check(after):
        s += "#" if not legal_actions(after) else "+"
    return s


def perft(pos, depth):
    if depth <= 0:
        return 1
    if depth == 1:
        return count_actions(pos)
    total = 0
    b = pos.board
    for m in list(b.legal_moves):
        total += perft(apply(pos, ("m", m)), depth - 1)
    for act in bank_actions(pos):
        total += perft(apply(pos, act), depth - 1)
    return total


def run_perft(variant, fen, depth, want_list):
    pos = parse(fen, variant)
    acts = legal_actions(pos)
    for d in range(1, depth + 1):
        print("depth %d: %d" % (d, perft(pos, d)), flush=True)
    if want_list or len(acts) < 60:
        print("moves: " + " ".join(sorted(action_text(pos, a) for a in acts)))


# ---------------------------------------------------------------- games

def random_game(variant, rng, k, max_plies=150):
    pos = parse(START, variant)
    tokens = []
    result = "*"
    for ply in range(max_plies):
        acts = legal_actions(pos)
        if not acts:
            break
        acts.sort(key=lambda a: action_text(pos, a))
        moves = [a for a in acts if a[0] == "m"]
        banks = [a for a in acts if a[0] == "b"]
        drops = [a for a in acts if a[0] == "d"]
        r = rng.random()
        if drops and r < 0.25:
            act = rng.choice(drops)
        elif banks and r < 0.40:
            act = rng.choice(banks)
        elif moves:
            act = rng.choice(moves)
        else:
            act = rng.choice(acts)
        text = san(pos, act)
        if pos.board.turn == chess.WHITE:
            text = "%d. %s" % (pos.board.fullmove_number, text)
        elif ply == 0:
            text = "%d... %s" % (pos.board.fullmove_number, text)
        tokens.append(text)
        pos = apply(pos, act)
    if not legal_actions(pos):
        if in_check(pos):
            result = "0-1" if pos.board.turn == chess.WHITE else "1-0"
        else:
            result = "1/2-1/2"
    tokens.append(result)
    lines, line = [], ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = t if not line else line + " " + t
    if line:
        lines.append(line)
    tags = [("Event", "bank reference game %d" % k), ("Site", "?"),
            ("Date", "????.??.??"), ("Round", str(k)), ("White", "?"),
            ("Black", "?"), ("Result", result), ("Variant", VARIANTS[variant]["name"])]
    head = "\n".join('[%s "%s"]' % kv for kv in tags)
    return head + "\n\n" + "\n".join(lines) + "\n"


def run_games(variant, n, seed, out):
    rng = random.Random(seed)
    text = "\n".join(random_game(variant, rng, k) for k in range(1, n + 1))
    if out:
        with open(out, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


# ---------------------------------------------------------------- selftest

def _texts(pos):
    return sorted(action_text(pos, a) for a in legal_actions(pos))


def _play(pos, *texts):
    for t in texts:
        pos = apply(pos, parse_action(pos, t))
    return pos


def selftest():
    # pinned piece cannot be banked; other pieces can
    p = parse("4r1k1/8/8/8/8/8/4N3/4K3{} w - - 0 30", "bank")
    t = _texts(p)
    assert "Ne2@" not in t and not any(x.startswith("e2") for x in t), t
    p = parse("4r1k1/8/8/8/8/8/4N1P1/4K3{} w - - 0 30", "bank")
    assert "Pg2@" in _texts(p) and "Ne2@" not in _texts(p)

    # banking never answers a check; a re-insertion may block one
    p = parse("4r1k1/8/8/8/8/8/P7/4K3{N} w - - 0 1", "bank")
    t = _texts(p)
    assert not any(x.endswith("@") for x in t), t
    assert sorted(x for x in t if "@" in x) == ["N@e%d" % r for r in range(2, 8)], t
    # adjacent check cannot be blocked
    p = parse("4k3/8/8/8/8/8/3q4/4K3{RPp} w - - 0 40", "bank")
    assert _texts(p) == ["e1d2", "e1f1"], _texts(p)
    # double check: no re-insertion helps
    p = parse("4r1k1/8/8/8/1b6/8/8/4K3{Q} w - - 0 1", "bank")
    assert not any("@" in x for x in _texts(p)), _texts(p)
    # re-insertion can mate (pawn drop too) and is marked #
    p = parse("7k/8/6K1/8/8/8/8/8{Q} w - - 0 1", "bank")
    assert san(p, parse_action(p, "Q@g7")) == "Q@g7#"
    p = parse("k7/p1K5/8/8/8/8/8/8{P} w - - 0 1", "bank")
    assert san(p, parse_action(p, "P@b7")) == "P@b7#"
    # a drop that checks is only + when a block / escape exists
    p = parse("7k/8/8/8/8/8/8/K7{Rr} w - - 0 1", "bank")
    assert san(p, parse_action(p, "R@h1")) == "R@h1+"
    # banking may discover check
    p = parse("k7/8/8/8/8/8/N7/R3K3{} w - - 0 1", "bank")
    assert san(p, parse_action(p, "Na2@")) == "Na2@+"

    # pawns only on ranks 2..7, both colours
    p = parse("4k3/8/8/8/8/8/8/4K3{P} w - - 0 1", "bank")
    drops = [x for x in _texts(p) if x.startswith("P@")]
    assert len(drops) == 48 and not any(x[-1] in "18" for x in drops)
    p = parse("4k3/8/8/8/8/8/8/4K3{p} b - - 0 1", "bank")
    drops = [x for x in _texts(p) if x.startswith("P@")]
    assert len(drops) == 48 and not any(x[-1] in "18" for x in drops)

    # a pawn re-inserted on its second rank may double-step, and be taken e.p.
    p = parse("4k3/8/8/8/4p3/8/8/4K3{P} w - - 0 1", "bank")
    p = _play(p, "P@d2", "e8e7")
    assert "d2d4" in _texts(p)
    p = _play(p, "d2d4")
    assert "e4d3" in _texts(p)
    # black pawn re-inserted on rank 7 double-steps; on rank 2 it promotes
    p = parse("4k3/8/8/8/8/8/8/4K3{p} b - - 0 1", "bank")
    q = _play(p, "P@d7", "e1e2")
    assert "d7d5" in _texts(q)
    q = _play(p, "P@a2", "e1e2")
    assert "a2a1q" in _texts(q) and "a2a1n" in _texts(q)

    # Swap forfeits the older piece
    p = parse("4k3/8/8/8/8/8/8/R3K3{N} w - - 0 1", "bank-swap")
    q = _play(p, "Ra1@")
    assert q.banks[chess.WHITE] == (chess.ROOK,), q.banks
    q = _play(q, "e8e7")
    assert [x for x in _texts(q) if "@" in x and x[0] == "N"] == []
    # without swap the bank grows
    q = _play(parse("4k3/8/8/8/8/8/8/R3K3{N} w - - 0 1", "bank"), "Ra1@")
    assert sorted(q.banks[chess.WHITE]) == [chess.KNIGHT, chess.ROOK]
    # swap FEN with two pieces in a bank is refused
    try:
        parse("4k3/8/8/8/8/8/8/4K3{NB} w - - 0 1", "bank-swap")
        raise AssertionError("accepted an over-full swap bank")
    except ValueError:
        pass

    # half-standard parity, counted by the fullmove field for both sides
    fen = "r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R{NBbq} w KQkq - 0 %d"
    for variant, free_on in (("bank-half-standard-1", 1), ("bank-half-standard-2", 0)):
        for n in (8, 9):
            p = parse(fen % n, variant)
            has = any("@" in x for x in _texts(p))
            assert has == (n % 2 == free_on), (variant, n)
            pb = parse((fen % n).replace(" w ", " b "), variant)
            assert any("@" in x for x in _texts(pb)) == (n % 2 == free_on)
    p = parse(START, "bank-half-standard-1")
    assert "Nb1@" in _texts(p)
    p = _play(p, "Nb1@", "Ng8@")
    assert p.board.fullmove_number == 2 and not any("@" in x for x in _texts(p))
    p = _play(p, "e2e4", "e7e5")
    assert "N@b1" in _texts(p)
    p = parse(START, "bank-half-standard-2")
    assert not any("@" in x for x in _texts(p))
    p = _play(p, "e2e4", "e7e5")
    assert "Ng1@" in _texts(p)
    # mate under a standard-only turn: the drop that would block is not allowed
    f = "4r1k1/8/8/8/8/8/3P1P2/3RKR2{N} w - - 0 %d"
    p = parse(f % 2, "bank-half-standard-1")
    assert _texts(p) == [] and in_check(p)
    p = parse(f % 3, "bank-half-standard-1")
    assert _texts(p) == ["N@e%d" % r for r in range(2, 8)], _texts(p)
    p = parse(f % 2, "bank")
    assert _texts(p) == ["N@e%d" % r for r in range(2, 8)], _texts(p)
    # ... and the drop that would have blocked it is marked # on the move before
    p = parse("6k1/8/8/8/8/8/3P1P2/3RKR2{Nr} b - - 0 1", "bank-half-standard-1")
    assert san(p, parse_action(p, "R@e8")) == "R@e8#"
    p = parse("6k1/8/8/8/8/8/3P1P2/3RKR2{Nr} b - - 0 1", "bank")
    assert san(p, parse_action(p, "R@e8")) == "R@e8+"

    # a banked rook loses its castling right, wherever it comes back
    p = parse("r3k2r/8/8/8/8/8/8/R3K2R{} w KQkq - 0 1", "bank")
    assert "e1g1" in _texts(p) and "e1c1" in _texts(p)
    p = _play(p, "Rh1@", "a8b8", "R@h1", "b8a8")
    t = _texts(p)
    assert "e1g1" not in t and "e1c1" in t, t
    assert p.board.castling_rights & chess.BB_H1 == 0
    # black likewise
    p = parse("r3k2r/8/8/8/8/8/8/R3K2R{} b KQkq - 0 1", "bank")
    p = _play(p, "Ra8@", "a1b1", "R@a8", "b1a1")
    t = _texts(p)
    assert "e8c8" not in t and "e8g8" in t, t
    # banking another piece keeps castling
    p = parse("r3k2r/8/8/8/8/8/8/R3K1NR{} w KQkq - 0 1", "bank")
    p = _play(p, "Ng1@", "a8b8")
    assert "e1g1" in _texts(p)

    # banking clears en passant; king cannot be banked; counters
    p = parse("4k3/8/8/3p4/8/8/4P3/4K3{} w - - 5 1", "bank")
    assert "Ke1@" not in _texts(p)
    q = _play(p, "e2e4")
    assert q.board.ep_square == chess.E3
    q = _play(q, "Pd5@")
    assert q.board.ep_square is None and q.board.halfmove_clock == 0
    assert q.board.fullmove_number == 2 and q.banks[chess.BLACK] == (chess.PAWN,)
    q = _play(parse("4k3/8/8/3p4/8/8/4N3/4K3{} w - - 5 1", "bank"), "Ne2@")
    assert q.board.halfmove_clock == 6
    # a promoted piece is banked as what it is now
    p = parse("4k3/P7/8/8/8/8/8/4K3{} w - - 0 1", "bank")
    p = _play(p, "a7a8q", "e8e7", "Qa8@")
    assert p.banks[chess.WHITE] == (chess.QUEEN,)
    # identical pieces give one re-insertion per square
    p = parse("4k3/8/8/8/8/8/8/4K3{NN} w - - 0 1", "bank")
    assert sum(1 for x in _texts(p) if x.startswith("N@")) == 62
    # FEN round trip
    f = "r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R{NBbq} w KQkq - 0 8"
    assert parse(f, "bank").fen() == f
    # perft sanity: orthodox start has 20 moves + 15 bankings
    assert perft(parse(START, "bank"), 1) == 35
    assert perft(parse(START, "bank-half-standard-2"), 1) == 20
    print("selftest ok")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--selftest":
        selftest()
        return 0
    if argv[0] == "--games":
        args = argv[1:]
        out = None
        if "--out" in args:
            i = args.index("--out")
            out = args[i + 1]
            del args[i:i + 2]
        variant, n, seed = args[0], int(args[1]), int(args[2])
        if variant not in VARIANTS:
            raise SystemExit("unknown variant %s" % variant)
        run_games(variant, n, seed, out)
        return 0
    args = list(argv)
    want_list = "--list" in args
    args = [a for a in args if a != "--list"]
    variant, fen, depth = args[0], args[1], int(args[2])
    if variant not in VARIANTS:
        raise SystemExit("unknown variant %s" % variant)
    run_perft(variant, fen, depth, want_list)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
