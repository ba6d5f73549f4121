#!/usr/bin/env python3
"""Independent reference implementation of Freeze Chess and Deepfreeze Chess.

Written from the "reading" texts of notation/variants/freeze.yaml and
notation/variants/deepfreeze.yaml only (no engine source was consulted).
It uses python-chess (``pip install chess``) for the board container, FEN
parsing, the orthodox pseudo-legal move generator (non-king, non-castling
moves), attack tables and make/unmake; every variant rule (freezing,
immobilisation, legality, check, castling, game end, SAN marks) is
implemented here.

Usage
-----
  freeze_reference.py VARIANT FEN DEPTH            perft count
  freeze_reference.py VARIANT FEN DEPTH --list     per-move counts + total
  freeze_reference.py --games VARIANT N SEED [--out FILE]
  freeze_reference.py --play VARIANT FEN UCI...    FEN after the moves
  freeze_reference.py --selftest
  add --freeze-castle-dest-by-legality to any command for choice F1's
  alternative (see below)

VARIANT is ``freeze`` or ``deepfreeze``.  FEN is a standard FEN; for Freeze
an optional extra field ``last:SQ`` (anywhere after the sixth field, in
practice the seventh) names the square of the piece that moved last.

Common ground (both variants)
-----------------------------
* "Attack" is the orthodox capture relation, as check is judged: sliders up
  to the first piece (blocked as usual), knights, kings on adjacent cells,
  pawns only on the two cells diagonally forward (never the straight step,
  en passant plays no part).  A promoted pawn attacks as its new piece.
* Otherwise FIDE chess: en passant, promotion to Q/R/B/N, castling rights lost
  when king or rook moves or the rook is captured on its home square,
  castling needs the cells between king and rook empty.  No move ever
  captures a king (such pseudo-moves are simply not generated).
* Perft counts leaves of the legal-move tree; a node without legal moves at
  depth > 0 contributes 0 (game-end draws such as the 50/75-move rule,
  repetition or insufficient material are ignored in perft, as usual).

Freeze Chess (as implemented)
-----------------------------
* State = board + "last" = square of the piece that moved last (None: no
  freeze).  After a move ``last`` is the destination of the moved piece; for
  castling, the king's destination (castling is a move of the king).
* Frozen pieces (computed once per node): the pieces of the side to move that
  the piece on ``last`` attacks on the current board.  Frozen pieces cannot
  move: no step, no capture, no en passant, no castling (castling needs both
  king and rook unfrozen).
* A move is legal iff, in the position after it, every enemy piece attacking
  the mover's king is attacked by the moved piece from its landing square
  (i.e. frozen by it).  The rook of a castling move freezes nothing.
* In check (side to move): its king is attacked by any enemy piece (plain
  attack; the enemy is never frozen during this side's turn).
* Castling: rights, king on e1/e8, rook on its home corner, cells between
  empty, king and rook not frozen, king not in check (plain attack), and the
  squares the king crosses - see CHOICE F1 - not attacked by any enemy piece
  (plain attack, frozen or not), judged on the board before castling; and the
  resulting position must be legal by the legality rule above.
* Game end: no legal move -> checkmate if in check (side to move loses),
  otherwise stalemate (draw).  There is NO draw by insufficient material.
* Repetition: positions are equal when board, side to move, castling rights,
  en-passant possibility (only if a variant-legal e.p. capture exists) and
  the set of frozen pieces are equal.

Deepfreeze Chess (as implemented)
---------------------------------
* A piece is immobilised iff an enemy piece attacks it (plain attack; it
  does not matter whether the attacker is itself immobilised).  Computed once
  per node.  Immobilised pieces cannot move (no step, capture, e.p.,
  castling; castling needs king and rook both not immobilised).
* A move is legal iff, in the position after it, every enemy piece attacking
  the mover's king is attacked by at least one piece of the mover.
* In check (side to move): its king is attacked by an enemy piece that no
  piece of the side to move attacks.
* Castling: rights and FIDE emptiness, king and rook not immobilised, the
  squares the king crosses, its destination included (f1,g1 / d1,c1; the
  king's own square is unattacked since the king is not immobilised), are
  not attacked by any enemy piece that is not itself attacked by a piece of
  the castling side, all judged on the board before castling; and the final
  position must be legal by the rule above.
* Game end when the side to move has no legal move: in check -> checkmate
  (it loses); else if every piece of the side to move is immobilised and not
  every piece of the opponent is -> it loses ("immobilised", scored like a
  mate); else draw (stalemate, including both sides fully immobilised).
  Draw by insufficient material only with exactly two bare kings.
* Repetition: board, side to move, castling rights, e.p. possibility.

Games (--games)
---------------
random.Random(SEED); at every ply the legal moves are sorted by UCI and one
is drawn with rng.choice.  Games start from the orthodox start position and
stop at game end, at the 75-move rule (halfmove clock >= 150) or fivefold
repetition (both 1/2-1/2, no comment), or after 200 plies (``*``) if the
position after ply 200 is not itself terminal.  Order of the end tests after
each move: checkmate, (Deepfreeze) immobilisation loss, (Deepfreeze)
insufficient material, stalemate, 75-move rule, fivefold repetition.
Comments: ``{immobilised}`` / ``{stalemate}`` after the last move.  SAN:
``+`` when the side to move after the move is in check (variant notion),
``#`` when it is checkmated (in check and no legal move; an immobilisation
loss without check gets no mark); disambiguation only among legal moves of
the same piece type to the same square (file, else rank, else both).

Ambiguities and the choices made
--------------------------------
F1 (Freeze castling): "the squares it crosses" with a reference to FIDE
   3.8.2.2 "read as it is written".  FIDE 3.8.2.2 names the square the king
   stands on, the square it crosses and the square it is to occupy.  CHOICE:
   the destination is included (e1,f1,g1 / e1,d1,c1 all unattacked by any
   enemy piece), i.e. FIDE's text as written.  The alternative (destination
   judged only by the freeze legality rule) is available with the option
   ``--freeze-castle-dest-by-legality`` for cross-checking.
F2 (Freeze FEN ``last:``): if the ``last:`` square is empty or holds a piece
   of the side to move, nothing is frozen (there is no enemy piece that moved
   last there).  ``last:-`` is accepted as "no field".
F3 (Freeze legality uses the post-move board): the moved piece's attacks,
   and the enemy attacks on the king, are both judged on the board after
   the move (sliders blocked by the new occupancy, captured pieces gone).
F4 (Freeze): the frozen set only restricts which of the mover's pieces may
   move; it changes no attack (a frozen piece still attacks, protects and
   pins, e.g. it still counts as attacking a square in the opponent's
   castling test and in the opponent's legality test).
F5 (Freeze check marks): "in check" is the plain attack of the reading, so
   a move gets ``+`` whenever the opponent's king is attacked afterwards,
   even by a piece that was already attacking it before the move (e.g. a
   king that stood next to an enemy rook, freezing it, is "in check" again
   in its next turn once any other piece has moved).
D1 (Deepfreeze castling "squares the king crosses", read through FIDE
   3.8.2.2): the squares f1,g1 / d1,c1 (destination included); the king's
   own square is covered by "king not immobilised"; b1/b8 (crossed only by
   the rook) is not tested.  Attacks judged on the board before castling,
   including the castling king and rook as possible attackers of an enemy
   attacker.
D2 (Deepfreeze game end) when the side to move has no legal move and is not
   in check: "fully immobilised" means every piece of that side, king
   included, is attacked by an enemy piece.
D3 (Deepfreeze, two bare kings side by side): both are immobilised, so it
   is also a "both fully immobilised" stalemate; in games the insufficient
   material test is applied first, so it is reported as 1/2-1/2 without a
   {stalemate} comment.
G1 (FEN output of --play): the e.p. field is written only when a
   variant-legal en passant capture exists; Freeze FENs always carry
   ``last:<destination of the last move>`` after a move.
G2 Positions without a king of the mover: legality is then unconstrained
   (no king to protect); this never happens in normal play.
"""

import random
import sys

import chess

FREEZE = "freeze"
DEEPFREEZE = "deepfreeze"
VARIANTS = (FREEZE, DEEPFREEZE)

BB_SQ = chess.BB_SQUARES
scan = chess.scan_forward

# CHOICE F1 switch (False = FIDE 3.8.2.2 as written: destination included).
FREEZE_CASTLE_DEST_BY_LEGALITY = False


# --------------------------------------------------------------------------
# Position parsing / output
# --------------------------------------------------------------------------

def parse_fen(variant, fen):
    """Return (board, last) from a FEN, with the optional Freeze last: field."""
    parts = fen.split()
    last = None
    core = []
    for i, p in enumerate(parts):
        if p.startswith("last:"):
            if variant != FREEZE:
                raise ValueError("last: field is only meaningful in Freeze")
            if i < 6 and len(parts) > 6:
                raise ValueError("last: field must come after the sixth field")
            v = p[5:]
            last = None if v in ("-", "") else chess.parse_square(v)
        else:
            core.append(p)
    if len(core) > 6:
        raise ValueError("too many FEN fields: %r" % fen)
    board = chess.Board(" ".join(core))
    return board, last


def fen_out(variant, board, last):
    ep = "-"
    if board.ep_square is not None:
        for m in legal_moves(variant, board, last):
            if is_en_passant(board, m):
                ep = chess.square_name(board.ep_square)
                break
    castling = board.castling_xfen()
    s = "%s %s %s %s %d %d" % (board.board_fen(), "w" if board.turn else "b",
                               castling, ep, board.halfmove_clock,
                               board.fullmove_number)
    if variant == FREEZE and last is not None:
        s += " last:" + chess.square_name(last)
    return s


# --------------------------------------------------------------------------
# Basic helpers
# --------------------------------------------------------------------------

def is_en_passant(board, move):
    return (board.ep_square is not None and move.to_square == board.ep_square
            and bool(board.pawns & BB_SQ[move.from_square])
            and chess.square_file(move.from_square) != chess.square_file(move.to_square)
            and not board.occupied & BB_SQ[move.to_square])


def is_castling_move(board, move):
    return (bool(board.kings & BB_SQ[move.from_square])
            and abs(chess.square_file(move.to_square) - chess.square_file(move.from_square)) == 2)


def attacked_union(board, color):
    """All squares attacked by pieces of `color`."""
    m = 0
    for sq in scan(board.occupied_co[color]):
        m |= board.attacks_mask(sq)
    return m


def freeze_frozen(board, last):
    """Freeze: pieces of the side to move frozen by the piece that moved last."""
    if last is None:
        return 0
    if not board.occupied_co[not board.turn] & BB_SQ[last]:
        return 0  # CHOICE F2
    return board.attacks_mask(last) & board.occupied_co[board.turn]


def immobilised(board, color):
    """Deepfreeze: pieces of `color` attacked by an enemy piece."""
    return board.occupied_co[color] & attacked_union(board, not color)


def blocked_mask(variant, board, last):
    if variant == FREEZE:
        return freeze_frozen(board, last)
    return immobilised(board, board.turn)


def unanswered_attackers(board, attacker_color, sq):
    """Deepfreeze: pieces of attacker_color attacking sq that are not attacked
    by any piece of the other colour."""
    res = 0
    for a in scan(board.attackers_mask(attacker_color, sq)):
        if not board.attackers_mask(not attacker_color, a):
            res |= BB_SQ[a]
    return res


def in_check(variant, board):
    us = board.turn
    k = board.king(us)
    if k is None:
        return False
    att = board.attackers_mask(not us, k)
    if variant == FREEZE:
        return bool(att)
    for a in scan(att):
        if not board.attackers_mask(us, a):
            return True
    return False


# --------------------------------------------------------------------------
# Move generation
# --------------------------------------------------------------------------

def pseudo_moves(variant, board, blocked):
    """Candidate moves of unblocked pieces (no king captures), castling
    included with the variant's castling preconditions."""
    us = board.turn
    own = board.occupied_co[us]
    movable = own & ~blocked
    to_mask = chess.BB_ALL & ~board.kings  # never capture a king
    out = []
    # Non-king pieces (python-chess generates no castling when kings are
    # excluded from from_mask); en passant captures validated here.
    for m in board.generate_pseudo_legal_moves(movable & ~board.kings, to_mask):
        if is_en_passant(board, m):
            cap = m.to_square + (-8 if us == chess.WHITE else 8)
            if not (board.pawns & board.occupied_co[not us] & BB_SQ[cap]):
                continue
        out.append(m)
    # King steps.
    for k in scan(movable & board.kings):
        for t in scan(chess.BB_KING_ATTACKS[k] & ~own & to_mask):
            out.append(chess.Move(k, t))
    # Castling.
    out.extend(castling_candidates(variant, board, blocked))
    return out


def castling_candidates(variant, board, blocked):
    us = board.turn
    them = not us
    back = 0 if us == chess.WHITE else 56
    ksq = back + 4
    if not (board.kings & board.occupied_co[us] & BB_SQ[ksq]):
        return []
    rights = board.clean_castling_rights() & board.rooks & board.occupied_co[us]
    res = []
    for rook_sq, between, cross, dest in (
            (back + 7, (back + 5, back + 6), (back + 5, back + 6), back + 6),
            (back + 0, (back + 1, back + 2, back + 3), (back + 3, back + 2), back + 2)):
        if not rights & BB_SQ[rook_sq]:
            continue
        if any(board.occupied & BB_SQ[s] for s in between):
            continue
        if blocked & (BB_SQ[ksq] | BB_SQ[rook_sq]):
            continue
        if variant == FREEZE:
            if board.attackers_mask(them, ksq):
                continue  # in check
            squares = cross
            if FREEZE_CASTLE_DEST_BY_LEGALITY:
                squares = tuple(s for s in cross if s != dest)
            if any(board.attackers_mask(them, s) for s in squares):
                continue
        else:
            # king not immobilised => its own square is not attacked at all
            if any(unanswered_attackers(board, them, s) for s in cross):
                continue
        res.append(chess.Move(ksq, dest))
    return res


def is_legal_after_push(variant, board, mover, dest):
    """board is the position after the move; mover = colour that moved,
    dest = landing square of the moved piece (king's for castling)."""
    k = board.king(mover)
    if k is None:
        return True  # G2
    att = board.attackers_mask(not mover, k)
    if not att:
        return True
    if variant == FREEZE:
        frozen = board.attacks_mask(dest) & board.occupied_co[not mover]
        return not (att & ~frozen)
    for a in scan(att):
        if not board.attackers_mask(mover, a):
            return False
    return True


def legal_moves(variant, board, last):
    blocked = blocked_mask(variant, board, last)
    us = board.turn
    res = []
    for m in pseudo_moves(variant, board, blocked):
        board.push(m)
        ok = is_legal_after_push(variant, board, us, m.to_square)
        board.pop()
        if ok:
            res.append(m)
    return res


# --------------------------------------------------------------------------
# Perft
# --------------------------------------------------------------------------

def perft(variant, board, last, depth):
    if depth == 0:
        return 1
    moves = legal_moves(variant, board, last)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(variant, board, m.to_square, depth - 1)
        board.pop()
    return total


def perft_list(variant, board, last, depth):
    res = []
    for m in sorted(legal_moves(variant, board, last), key=lambda m: m.uci()):
        board.push(m)
        res.append((m.uci(), perft(variant, board, m.to_square, depth - 1)))
        board.pop()
    return res


# --------------------------------------------------------------------------
# Game end, SAN, PGN
# --------------------------------------------------------------------------

def bare_kings(board):
    return board.occupied == board.kings and chess.popcount(board.kings) == 2


def terminal_status(variant, board, last, moves=None):
    """Return None or (result, comment) for the position (no repetition /
    move-rule tests here)."""
    if moves is None:
        moves = legal_moves(variant, board, last)
    if not moves:
        if in_check(variant, board):
            return ("0-1" if board.turn == chess.WHITE else "1-0", None)
        if variant == DEEPFREEZE:
            us = board.turn
            our_all = immobilised(board, us) == board.occupied_co[us]
            their_all = immobilised(board, not us) == board.occupied_co[not us]
            if our_all and not their_all:
                return ("0-1" if us == chess.WHITE else "1-0", "immobilised")
            if bare_kings(board):
                return ("1/2-1/2", None)
        return ("1/2-1/2", "stalemate")
    if variant == DEEPFREEZE and bare_kings(board):
        return ("1/2-1/2", None)
    return None


def san(variant, board, last, move, legal):
    if is_castling_move(board, move):
        s = "O-O" if chess.square_file(move.to_square) == 6 else "O-O-O"
    else:
        pt = board.piece_type_at(move.from_square)
        capture = bool(board.occupied & BB_SQ[move.to_square]) or is_en_passant(board, move)
        to = chess.square_name(move.to_square)
        if pt == chess.PAWN:
            s = (chess.FILE_NAMES[chess.square_file(move.from_square)] + "x" if capture else "") + to
            if move.promotion:
                s += "=" + chess.piece_symbol(move.promotion).upper()
        else:
            others = [m.from_square for m in legal
                      if m.to_square == move.to_square and m.from_square != move.from_square
                      and board.piece_type_at(m.from_square) == pt
                      and not is_castling_move(board, m)]
            dis = ""
            if others:
                f = chess.square_file(move.from_square)
                r = chess.square_rank(move.from_square)
                if all(chess.square_file(o) != f for o in others):
                    dis = chess.FILE_NAMES[f]
                elif all(chess.square_rank(o) != r for o in others):
                    dis = chess.RANK_NAMES[r]
                else:
                    dis = chess.square_name(move.from_square)
            s = chess.piece_symbol(pt).upper() + dis + ("x" if capture else "") + to
    board.push(move)
    if in_check(variant, board):
        s += "#" if not legal_moves(variant, board, move.to_square) else "+"
    board.pop()
    return s


def repetition_key(variant, board, last, moves):
    ep = None
    if board.ep_square is not None and any(is_en_passant(board, m) for m in moves):
        ep = board.ep_square
    frozen = freeze_frozen(board, last) if variant == FREEZE else 0
    return (board.board_fen(), board.turn, board.clean_castling_rights(), ep, frozen)


def play_game(variant, rng, max_plies=200):
    board = chess.Board()
    last = None
    sans = []
    reps = {}
    result, comment = "*", None
    while True:
        moves = legal_moves(variant, board, last)
        st = terminal_status(variant, board, last, moves)
        if st:
            result, comment = st
            break
        if board.halfmove_clock >= 150:
            result = "1/2-1/2"
            break
        key = repetition_key(variant, board, last, moves)
        reps[key] = reps.get(key, 0) + 1
        if reps[key] >= 5:
            result = "1/2-1/2"
            break
        if len(sans) >= max_plies:
            result = "*"
            break
        moves.sort(key=lambda m: m.uci())
        m = rng.choice(moves)
        sans.append(san(variant, board, last, m, moves))
        board.push(m)
        last = m.to_square
    return sans, result, comment


def pgn_text(variant, round_no, sans, result, comment):
    head = [
        '[Event "?"]', '[Site "?"]', '[Date "????.??.??"]',
        '[Round "%d"]' % round_no, '[White "?"]', '[Black "?"]',
        '[Result "%s"]' % result,
        '[Variant "%s"]' % ("Freeze" if variant == FREEZE else "Deepfreeze"),
    ]
    toks = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            toks.append("%d." % (i // 2 + 1))
        toks.append(s)
    if comment:
        toks.append("{%s}" % comment)
    toks.append(result)
    lines, cur = [], ""
    for t in toks:
        if cur and len(cur) + 1 + len(t) > 79:
            lines.append(cur)
            cur = t
        else:
            cur = t if not cur else cur + " " + t
    if cur:
        lines.append(cur)
    return "\n".join(head) + "\n\n" + "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Self test
# --------------------------------------------------------------------------

def _ucis(variant, fen):
    b, last = parse_fen(variant, fen)
    return {m.uci() for m in legal_moves(variant, b, last)}


def selftest():
    F, D = FREEZE, DEEPFREEZE

    # Start position: nothing is frozen or attacked at depth <= 2.
    for v in (F, D):
        b, l = parse_fen(v, chess.STARTING_FEN)
        assert perft(v, b, l, 2) == 400

    # Freeze: a frozen piece cannot move.  The black rook that moved last to
    # a5 attacks (freezes) the white rook a1; without last: it is free.
    fen = "4k3/8/8/r7/8/8/8/R3K3 w - - 0 1"
    assert "a1a5" in _ucis(F, fen)
    u = _ucis(F, fen + " last:a5")
    assert not any(m.startswith("a1") for m in u) and "e1d2" in u
    # A frozen rook forbids castling on its side only.
    fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert {"e1g1", "e1c1"} <= _ucis(F, fen)
    b, l = parse_fen(F, "4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1 last:g1")
    assert {m.uci() for m in legal_moves(F, b, l)} >= {"e1c1"}
    assert "e1g1" not in {m.uci() for m in legal_moves(F, b, l)}
    # Castling through a (plainly) attacked square is illegal in Freeze.
    fen = "4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1"        # Bh2 attacks g1
    u = _ucis(F, fen)
    assert "e1c1" in u and "e1g1" not in u
    # Freeze: a king may step next to the enemy queen (it freezes it).
    fen = "7k/8/8/8/4q3/8/3K4/8 w - - 0 1"
    u = _ucis(F, fen)
    assert "d2d3" in u        # d3 is attacked by the queen, but adjacent to it
    assert "d2e2" not in u    # e2 attacked along the e-file, not adjacent
    assert "d2d3" in _ucis(D, fen)   # same in Deepfreeze (king attacks queen)
    # Freeze: a piece may leave the king attacked if it freezes the attacker.
    fen = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"          # Re2 is attacked by Ke1
    assert "e1e2" in _ucis(F, fen)

    # Freeze: king mates king.  Kc6-b7 freezes and checks the black king a8;
    # Black has only its frozen king -> checkmate.
    fen = "k7/8/2K5/8/8/8/8/8 w - - 0 1"
    b, l = parse_fen(F, fen)
    assert "c6b7" in _ucis(F, fen)
    b.push(chess.Move.from_uci("c6b7"))
    assert in_check(F, b)
    assert legal_moves(F, b, chess.B7) == []
    assert terminal_status(F, b, chess.B7) == ("1-0", None)
    # The same position given without last: (nothing frozen): the black king
    # may step next to the white king (and freeze it), never capture it.
    b2, _ = parse_fen(F, b.fen())
    assert {m.uci() for m in legal_moves(F, b2, None)} == {"a8a7", "a8b8"}
    # With a black rook on h1 Black answers the king check by freezing the
    # white king with the rook.
    fen = "k7/8/2K5/8/8/8/8/7r w - - 0 1"
    assert "c6b7" in _ucis(F, fen)
    b, l = parse_fen(F, fen)
    b.push(chess.Move.from_uci("c6b7"))
    assert {m.uci() for m in legal_moves(F, b, chess.B7)} == {"h1h7", "h1b1"}
    # A rook on b1 would attack b7 unfrozen -> Kb7 illegal.
    assert "c6b7" not in _ucis(F, "k7/8/2K5/8/8/8/8/1r6 w - - 0 1")
    # No insufficient material draw in Freeze.
    b, l = parse_fen(F, "8/8/3k4/8/8/3K4/8/8 w - - 0 1")
    assert terminal_status(F, b, l) is None

    # Deepfreeze: adjacent kings are both immobile, forever.
    fen = "8/8/8/3kK3/8/8/8/8 w - - 0 1"
    b, l = parse_fen(D, fen)
    assert immobilised(b, chess.WHITE) and immobilised(b, chess.BLACK)
    assert legal_moves(D, b, None) == [] and not in_check(D, b)
    assert terminal_status(D, b, None) == ("1/2-1/2", None)   # bare kings
    b, l = parse_fen(D, "8/8/8/3kK3/8/8/8/R7 w - - 0 1")
    assert {m.from_square for m in legal_moves(D, b, None)} == {chess.A1}
    # Deepfreeze: checkmate by an unattacked bishop.
    b, l = parse_fen(D, "k7/8/2B5/8/8/8/8/6K1 b - - 0 1")
    assert in_check(D, b) and legal_moves(D, b, None) == []
    assert terminal_status(D, b, None) == ("1-0", None)
    # Deepfreeze: immobilisation win.  Rb1 attacks Ka1 but is attacked by it:
    # no check; Black's only piece is immobilised, White's Kg7 is free.
    b, l = parse_fen(D, "8/6K1/8/8/8/8/8/kR6 b - - 0 1")
    assert not in_check(D, b) and legal_moves(D, b, None) == []
    assert terminal_status(D, b, None) == ("1-0", "immobilised")
    # Both fully immobilised -> draw (stalemate).
    b, l = parse_fen(D, "8/8/8/8/8/8/1K6/kR6 b - - 0 1")
    assert legal_moves(D, b, None) == []
    assert immobilised(b, chess.WHITE) == b.occupied_co[chess.WHITE]
    assert terminal_status(D, b, None) == ("1/2-1/2", "stalemate")
    # Deepfreeze: a check is answered by attacking the checker.
    b, l = parse_fen(D, "4k3/8/8/8/3N4/8/8/r3K3 w - - 0 1")
    assert in_check(D, b)
    assert {m.uci() for m in legal_moves(D, b, None)} == {"d4b3", "d4c2"}
    # Deepfreeze castling: g1 attacked by a bishop that White attacks is fine.
    u = _ucis(D, "4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1")   # Rh1 attacks h2
    assert "e1g1" in u and "e1c1" in u
    u = _ucis(D, "4k3/8/8/8/8/5b2/8/R3K2R w KQ - 0 1")  # Bf3 hits h1 and d1
    assert "e1g1" not in u and "e1c1" not in u           # Rh1 immobile, d1 crossed
    u = _ucis(D, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "e1g1" in u and "e1c1" in u
    u = _ucis(D, "4k3/8/8/8/8/8/5n2/R3K2R w KQ - 0 1")  # Nf2: d1,h1 attacked
    # Rh1 is immobilised -> no O-O; d1 is attacked by the knight, but the
    # knight is attacked by Ke1 -> O-O-O allowed.
    assert "e1c1" in u and "e1g1" not in u
    u = _ucis(F, "4k3/8/8/8/8/8/5n2/R3K2R w KQ - 0 1")
    assert "e1c1" not in u and "e1g1" in u       # Freeze: d1 plainly attacked
    u = _ucis(F, "4k3/8/8/8/8/8/5n2/R3K2R w KQ - 0 1 last:f2")
    assert "e1c1" not in u and "e1g1" not in u   # Rh1 frozen by the knight
    print("selftest ok")


# --------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------

def main(argv):
    global FREEZE_CASTLE_DEST_BY_LEGALITY
    if "--freeze-castle-dest-by-legality" in argv:
        argv = [a for a in argv if a != "--freeze-castle-dest-by-legality"]
        FREEZE_CASTLE_DEST_BY_LEGALITY = True
    if not argv:
        print(__doc__)
        return 2
    if argv[0] == "--selftest":
        selftest()
        return 0
    if argv[0] == "--games":
        variant, n, seed = argv[1], int(argv[2]), int(argv[3])
        assert variant in VARIANTS
        out = None
        if "--out" in argv:
            out = argv[argv.index("--out") + 1]
        rng = random.Random(seed)
        texts = []
        for i in range(1, n + 1):
            sans, result, comment = play_game(variant, rng)
            texts.append(pgn_text(variant, i, sans, result, comment))
        data = "\n".join(texts)
        if out:
            with open(out, "w") as f:
                f.write(data)
        else:
            sys.stdout.write(data)
        return 0
    if argv[0] == "--play":
        variant, fen = argv[1], argv[2]
        assert variant in VARIANTS
        board, last = parse_fen(variant, fen)
        for u in argv[3:]:
            moves = legal_moves(variant, board, last)
            m = chess.Move.from_uci(u)
            if m not in moves:
                print("illegal move %s in %s" % (u, fen_out(variant, board, last)))
                return 1
            board.push(m)
            last = m.to_square
        print(fen_out(variant, board, last))
        return 0
    variant, fen, depth = argv[0], argv[1], int(argv[2])
    assert variant in VARIANTS, variant
    board, last = parse_fen(variant, fen)
    if "--list" in argv[3:]:
        if depth == 0:
            print()
            print(1)
            return 0
        rows = perft_list(variant, board, last, depth)
        for u, c in rows:
            print(u, c)
        print()
        print(sum(c for _, c in rows))
    else:
        print(perft(variant, board, last, depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
