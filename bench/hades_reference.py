#!/usr/bin/env python3
"""Independent reference implementation of Hades Chess (Karl's chess variants).

Written only from the rule readings in notation/variants/hades.yaml and the FIDE Laws;
python-chess does the orthodox part (board, orthodox legal moves, attacks, SAN of board moves).

Rules as implemented:
  * a captured piece goes to the reserve of its owner (the side that lost it), one step
    weaker: Q -> R, R -> B, B -> N, N -> P; a captured pawn (en passant or not) disappears.
    The step is taken from what the piece is when captured (a promoted queen comes back as
    a rook, a re-inserted knight captured again comes back as a pawn). The captor gains nothing.
  * instead of a board move, the side to move may re-insert one piece of its reserve on any
    empty square (`R@d1`, `P@e4`); pawns only on ranks 2..7 (for either colour). The
    re-insertion is the whole turn; it is legal when the own king is not in check afterwards
    (so it may block a check, but never answers a double check or a contact check), and it may
    give check or mate.
  * everything else orthodox.

Usage:
  hades_reference.py FEN DEPTH [--list]       perft 1..DEPTH
  hades_reference.py --games N SEED [--out F]  N random games as PGN
  hades_reference.py --selftest
"""

import random
import sys
import time

import chess

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"

# What a captured piece comes back as (None: it leaves the game).
DEMOTE = {
    chess.QUEEN: chess.ROOK,
    chess.ROOK: chess.BISHOP,
    chess.BISHOP: chess.KNIGHT,
    chess.KNIGHT: chess.PAWN,
    chess.PAWN: None,
}
RESERVE_ORDER = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN]
PAWN_DROP_MASK = chess.BB_ALL & ~chess.BB_RANK_1 & ~chess.BB_RANK_8
SLIDERS = (chess.BISHOP, chess.ROOK, chess.QUEEN)


class Position:
    """A python-chess board plus the two reserves (counts per piece type and colour)."""

    def __init__(self, fen=START):
        fields = fen.split()
        placement = fields[0]
        self.reserve = {chess.WHITE: {p: 0 for p in RESERVE_ORDER},
                        chess.BLACK: {p: 0 for p in RESERVE_ORDER}}
        if "[" in placement:
            i = placement.index("[")
            assert placement.endswith("]"), f"bad reserve field in {fen!r}"
            letters = placement[i + 1:-1]
            placement = placement[:i]
            for ch in letters:
                pt = chess.PIECE_SYMBOLS.index(ch.lower())
                assert pt in RESERVE_ORDER, f"bad reserve piece {ch!r}"
                colour = chess.WHITE if ch.isupper() else chess.BLACK
                self.reserve[colour][pt] += 1
        elif placement.count("/") == 8:
            # crazyhouse-style holdings as a ninth rank: accept them too
            placement, letters = placement.rsplit("/", 1)
            for ch in letters:
                pt = chess.PIECE_SYMBOLS.index(ch.lower())
                colour = chess.WHITE if ch.isupper() else chess.BLACK
                self.reserve[colour][pt] += 1
        self.board = chess.Board(" ".join([placement] + fields[1:]))
        self.undo = []

    # ------------------------------------------------------------------ FEN
    def reserve_string(self):
        s = ""
        for colour in (chess.WHITE, chess.BLACK):
            for pt in RESERVE_ORDER:
                sym = chess.piece_symbol(pt)
                s += (sym.upper() if colour == chess.WHITE else sym) * self.reserve[colour][pt]
        return s

    def fen(self):
        parts = self.board.fen().split()
        parts[0] += "[" + self.reserve_string() + "]"
        return " ".join(parts)

    # ------------------------------------------------------------ generation
    def drop_squares(self):
        """Bitboard of squares where the side to move may re-insert (any piece type),
        before the pawn rank restriction."""
        b = self.board
        empty = ~b.occupied & chess.BB_ALL
        if not b.is_check():
            # Placing a piece never exposes the own king.
            return empty
        checkers = b.checkers_mask()
        if chess.popcount(checkers) != 1:
            return 0  # double check: only the king can answer
        checker = chess.msb(checkers)
        if b.piece_type_at(checker) not in SLIDERS:
            return 0  # knight or pawn check cannot be blocked
        king = b.king(b.turn)
        return chess.between(king, checker) & empty

    def drops(self):
        res = self.reserve[self.board.turn]
        if not any(res.values()):
            return []
        squares = self.drop_squares()
        out = []
        for pt in RESERVE_ORDER:
            if res[pt]:
                mask = squares & PAWN_DROP_MASK if pt == chess.PAWN else squares
                for sq in chess.scan_forward(mask):
                    out.append(chess.Move(sq, sq, drop=pt))
        return out

    def count_drops(self):
        res = self.reserve[self.board.turn]
        if not any(res.values()):
            return 0
        squares = self.drop_squares()
        n = 0
        for pt in RESERVE_ORDER:
            if res[pt]:
                mask = squares & PAWN_DROP_MASK if pt == chess.PAWN else squares
                n += chess.popcount(mask)
        return n

    def legal_moves(self):
        return list(self.board.generate_legal_moves()) + self.drops()

    def count_legal(self):
        return self.board.legal_moves.count() + self.count_drops()

    # ------------------------------------------------------------- make/undo
    def captured_type(self, move):
        """Type of the piece the board move captures (None if none)."""
        b = self.board
        if move.drop:
            return None
        if b.is_en_passant(move):
            return chess.PAWN
        if b.is_castling(move):
            return None
        p = b.piece_at(move.to_square)
        if p is not None and p.color != b.turn:
            return p.piece_type
        return None

    def push(self, move):
        b = self.board
        mover = b.turn
        change = None
        if move.drop:
            assert self.reserve[mover][move.drop] > 0
            self.reserve[mover][move.drop] -= 1
            change = (mover, move.drop, +1)  # undo: give it back
        else:
            cap = self.captured_type(move)
            if cap is not None:
                back = DEMOTE[cap]
                if back is not None:
                    owner = not mover
                    self.reserve[owner][back] += 1
                    change = (owner, back, -1)
        b.push(move)
        self.undo.append(change)

    def pop(self):
        self.board.pop()
        change = self.undo.pop()
        if change is not None:
            colour, pt, delta = change
            self.reserve[colour][pt] += delta

    # --------------------------------------------------------------- status
    def is_checkmate(self):
        return self.board.is_check() and self.count_legal() == 0

    def is_stalemate(self):
        return not self.board.is_check() and self.count_legal() == 0

    def is_dead_material(self):
        """FIDE-style insufficient material, which applies only with both reserves empty."""
        if any(self.reserve[chess.WHITE].values()) or any(self.reserve[chess.BLACK].values()):
            return False
        return self.board.is_insufficient_material()

    # ------------------------------------------------------------------ SAN
    def move_text(self, move):
        """UCI for board moves, `R@d1` / `P@e4` for re-insertions."""
        if move.drop:
            return chess.piece_symbol(move.drop).upper() + "@" + chess.square_name(move.to_square)
        return move.uci()

    def san(self, move):
        if move.drop:
            s = chess.piece_symbol(move.drop).upper() + "@" + chess.square_name(move.to_square)
        else:
            s = self.board.san(move).rstrip("+#")
        self.push(move)
        if self.board.is_check():
            s += "#" if self.count_legal() == 0 else "+"
        self.pop()
        return s


# ---------------------------------------------------------------------- perft
def perft(pos, depth):
    if depth == 0:
        return 1
    if depth == 1:
        return pos.count_legal()
    n = 0
    for m in pos.legal_moves():
        pos.push(m)
        n += perft(pos, depth - 1)
        pos.pop()
    return n


def run_perft(fen, depth, show_list):
    pos = Position(fen)
    for d in range(1, depth + 1):
        t = time.time()
        n = perft(pos, d)
        print(f"depth {d}: {n}", flush=True)
        print(f"  ({time.time() - t:.1f}s)", file=sys.stderr, flush=True)
        if d == 1 and (show_list or n < 60):
            print("moves: " + " ".join(sorted(pos.move_text(m) for m in pos.legal_moves())),
                  flush=True)
    if depth < 1 and show_list:
        print("moves: " + " ".join(sorted(pos.move_text(m) for m in pos.legal_moves())))


# ---------------------------------------------------------------------- games
def random_game(rng, k):
    pos = Position(START)
    sans = []
    result = "*"
    for _ply in range(150):
        moves = pos.legal_moves()
        if not moves:
            if pos.board.is_check():
                result = "0-1" if pos.board.turn == chess.WHITE else "1-0"
            else:
                result = "1/2-1/2"
            break
        caps = [m for m in moves if not m.drop and pos.captured_type(m) is not None]
        drops = [m for m in moves if m.drop]
        if caps and rng.random() < 0.4:
            m = rng.choice(caps)
        elif drops and rng.random() < 0.3:
            m = rng.choice(drops)
        else:
            m = rng.choice(moves)
        sans.append(pos.san(m))
        pos.push(m)
    else:
        # 150 plies played: the game may still be over by mate/stalemate right now
        if pos.count_legal() == 0:
            if pos.board.is_check():
                result = "0-1" if pos.board.turn == chess.WHITE else "1-0"
            else:
                result = "1/2-1/2"
    tags = [("Event", f"hades reference game {k}"), ("Site", "?"), ("Date", "????.??.??"),
            ("Round", str(k)), ("White", "?"), ("Black", "?"), ("Result", result),
            ("Variant", "hades")]
    out = "".join(f'[{t} "{v}"]\n' for t, v in tags) + "\n"
    tokens = []
    for i, s in enumerate(sans):
        if i % 2 == 0:
            tokens.append(f"{i // 2 + 1}.")
        tokens.append(s)
    tokens.append(result)
    line = ""
    lines = []
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = f"{line} {t}" if line else t
    if line:
        lines.append(line)
    out += "\n".join(lines) + "\n\n"
    return out, result, pos


def run_games(n, seed, out_path):
    rng = random.Random(seed)
    texts = []
    stats = {}
    for k in range(1, n + 1):
        text, result, _ = random_game(rng, k)
        texts.append(text)
        stats[result] = stats.get(result, 0) + 1
    data = "".join(texts)
    if out_path:
        with open(out_path, "w") as f:
            f.write(data)
        print(f"wrote {n} games to {out_path}: " +
              ", ".join(f"{r}: {c}" for r, c in sorted(stats.items())), file=sys.stderr)
    else:
        sys.stdout.write(data)


# ------------------------------------------------------------------- selftest
def selftest():
    def res(pos):
        return pos.reserve_string()

    def mv(pos, text):
        for m in pos.legal_moves():
            if pos.move_text(m) == text:
                return m
        raise AssertionError(f"{text} not legal in {pos.fen()}: "
                             f"{sorted(pos.move_text(m) for m in pos.legal_moves())}")

    # FEN round trip, empty reserve written `[]`.
    assert Position(START).fen() == START
    f = "r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R[RNbp] w KQkq - 0 12"
    assert Position(f).fen() == f

    # The ladder: black rook d8 takes a white piece on d4; the captor gains nothing.
    for piece, back in [("Q", "R"), ("R", "B"), ("B", "N"), ("N", "P"), ("P", "")]:
        pos = Position(f"3rk3/8/8/8/3{piece}4/8/8/4K3[] b - - 0 1")
        pos.push(mv(pos, "d8d4"))
        assert res(pos) == back, (piece, res(pos))
        pos.pop()
        assert res(pos) == ""
    # Same for black pieces taken by White.
    for piece, back in [("q", "r"), ("r", "b"), ("b", "n"), ("n", "p"), ("p", "")]:
        pos = Position(f"4k3/8/8/3{piece}4/8/8/8/3RK3[] w - - 0 1")
        pos.push(mv(pos, "d1d5"))
        assert res(pos) == back, (piece, res(pos))

    # A piece that comes back and is captured again goes one step further down.
    pos = Position("3rk3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    pos.push(mv(pos, "N@d4"))
    assert res(pos) == ""
    pos.push(mv(pos, "d8d4"))
    assert res(pos) == "P"
    pos.push(mv(pos, "P@d2"))
    pos.push(mv(pos, "d4d2"))
    assert res(pos) == "", "a re-inserted pawn captured disappears"

    # A promoted queen captured comes back as a rook.
    pos = Position("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1")
    pos.push(mv(pos, "a7a8q"))
    pos.push(mv(pos, "b8a8"))
    assert res(pos) == "R", res(pos)
    # ... and an under-promoted knight comes back as a pawn.
    pos = Position("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1")
    pos.push(mv(pos, "a7b8n"))
    assert res(pos) == "b"  # the black rook came back as a bishop, to Black
    pos.push(mv(pos, "e8d8"))
    pos.push(mv(pos, "e1e2"))
    pos.push(mv(pos, "B@c7"))
    pos.push(mv(pos, "e2e3"))
    pos.push(mv(pos, "d8c8"))
    pos.push(mv(pos, "e3e4"))
    pos.push(mv(pos, "c8b8"))
    assert res(pos) == "P", res(pos)

    # En passant: the captured pawn disappears, nothing goes back, the captor gains nothing.
    pos = Position("4k3/8/8/3Pp3/8/8/8/4K3[] w - e6 0 2")
    pos.push(mv(pos, "d5e6"))
    assert res(pos) == "" and pos.board.piece_at(chess.E5) is None

    # Pawns re-inserted on ranks 2..7 only, for either side.
    pos = Position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    sq = [m.to_square for m in pos.drops()]
    assert len(sq) == 48 - 0 and all(1 <= chess.square_rank(s) <= 6 for s in sq), len(sq)
    pos = Position("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1")
    sq = [m.to_square for m in pos.drops()]
    assert len(sq) == 48 and all(1 <= chess.square_rank(s) <= 6 for s in sq)
    # Other pieces anywhere empty (62 empty squares).
    pos = Position("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    assert len(pos.drops()) == 62
    # A pawn re-inserted on its own second rank may make its double step ...
    pos = Position("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    pos.push(mv(pos, "P@c2"))
    pos.push(mv(pos, "e8d8"))
    pos.push(mv(pos, "c2c4"))
    assert pos.board.ep_square is None or pos.board.ep_square == chess.C3
    # ... and a black pawn re-inserted on rank 2 may promote next move.
    pos = Position("4k3/8/8/8/8/8/8/K7[p] b - - 0 1")
    pos.push(mv(pos, "P@h2"))
    pos.push(mv(pos, "a1b1"))
    pos.push(mv(pos, "h2h1q"))
    assert pos.board.piece_at(chess.H1) == chess.Piece(chess.QUEEN, chess.BLACK)

    # A re-insertion may block a check (and is the whole turn).
    pos = Position("4k3/8/8/8/8/8/8/r3K3[B] w - - 0 40")
    got = sorted(pos.move_text(m) for m in pos.legal_moves())
    assert got == ["B@b1", "B@c1", "B@d1", "e1d2", "e1e2", "e1f2"], got
    # ... but not a knight's check, nor a double check.
    pos = Position("4k3/8/8/8/8/5n2/8/4K3[R] w - - 0 1")
    assert pos.drops() == []
    pos = Position("4k3/8/8/8/8/3n4/8/r3K3[R] w - - 0 1")  # rook a1 and knight d3: double check
    assert pos.board.is_check() and chess.popcount(pos.board.checkers_mask()) == 2
    assert pos.drops() == []

    # Mate is rarer: a back-rank mate is no mate when the defender can block by re-inserting.
    pos = Position("6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1")
    assert pos.san(mv(pos, "a1a8")) == "Ra8#"
    pos = Position("6k1/5ppp/8/8/8/8/8/R5K1[n] w - - 0 1")
    assert pos.san(mv(pos, "a1a8")) == "Ra8+"
    pos.push(mv(pos, "a1a8"))
    got = sorted(pos.move_text(m) for m in pos.legal_moves())
    assert got == ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8"], got
    # A pawn cannot block on the eighth rank.
    pos = Position("6k1/5ppp/8/8/8/8/8/R5K1[p] w - - 0 1")
    assert pos.san(mv(pos, "a1a8")) == "Ra8#"

    # A re-insertion may give check and mate.
    pos = Position("6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1")
    assert pos.san(mv(pos, "R@a8")) == "R@a8#"
    assert pos.san(mv(pos, "R@e8")) == "R@e8#"
    assert pos.san(mv(pos, "R@b8")) == "R@b8#"
    pos = Position("6k1/5ppp/8/8/8/8/8/6K1[N] w - - 0 1")
    assert pos.san(mv(pos, "N@e7")) == "N@e7+"
    pos = Position("7k/8/6K1/8/8/8/8/8[P] w - - 0 1")
    assert pos.san(mv(pos, "P@g7")) == "P@g7+"

    # Stalemate only when no re-insertion either.
    pos = Position("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1")
    assert pos.is_stalemate()
    pos = Position("7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 1")
    assert not pos.is_stalemate() and pos.count_legal() == 61

    # Castling rights are not revived by a re-inserted rook.
    pos = Position("r3k3/8/8/8/8/8/8/R3K2R[] b KQq - 0 1")
    pos.push(mv(pos, "a8a1"))
    assert res(pos) == "B"
    assert not pos.board.has_queenside_castling_rights(chess.WHITE)

    # Insufficient material only with both reserves empty.
    assert Position("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_dead_material()
    assert not Position("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1").is_dead_material()

    # Counts and undo restore the position.
    pos = Position("r3k2r/ppp2ppp/2n5/3pp3/3PP3/2N5/PPP2PPP/R3K2R[RNbp] w KQkq - 0 12")
    before = pos.fen()
    n2 = perft(pos, 2)
    assert pos.fen() == before and perft(pos, 2) == n2
    assert perft(Position(START), 3) == 8902  # no capture before ply 3: orthodox

    # The fast re-insertion generator against a brute force (place the piece, test the king)
    # on the positions of a few random games.
    rng = random.Random(1)
    checked = 0
    for _ in range(20):
        pos = Position(START)
        for _ply in range(150):
            brute = []
            b = pos.board
            for pt in RESERVE_ORDER:
                if not pos.reserve[b.turn][pt]:
                    continue
                for sq in chess.SQUARES:
                    if b.piece_at(sq) is not None:
                        continue
                    if pt == chess.PAWN and chess.square_rank(sq) in (0, 7):
                        continue
                    c = b.copy(stack=False)
                    c.set_piece_at(sq, chess.Piece(pt, b.turn))
                    if not c.is_attacked_by(not b.turn, c.king(b.turn)):
                        brute.append((pt, sq))
            fast = [(m.drop, m.to_square) for m in pos.drops()]
            assert sorted(brute) == sorted(fast), pos.fen()
            assert pos.count_legal() == len(pos.legal_moves())
            checked += 1
            moves = pos.legal_moves()
            if not moves:
                break
            caps = [m for m in moves if pos.captured_type(m) is not None]
            drops = [m for m in moves if m.drop]
            if caps and rng.random() < 0.5:
                m = rng.choice(caps)
            elif drops and rng.random() < 0.3:
                m = rng.choice(drops)
            else:
                m = rng.choice(moves)
            before = pos.fen()
            pos.push(m)
            pos.pop()
            assert pos.fen() == before
            pos.push(m)
    assert checked > 1000
    print("selftest: ok")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--selftest":
        selftest()
        return 0
    if argv[0] == "--games":
        n, seed = int(argv[1]), int(argv[2])
        out = None
        if "--out" in argv:
            out = argv[argv.index("--out") + 1]
        run_games(n, seed, out)
        return 0
    show_list = "--list" in argv
    args = [a for a in argv if a != "--list"]
    fen, depth = args[0], int(args[1])
    run_perft(fen, depth, show_list)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
