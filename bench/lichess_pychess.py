#!/usr/bin/env python3
"""Differential replay of the lichess variants: arbiter against python-chess.

arbiter is used as a black box, through its command line only; python-chess (`chess` on
PyPI, used by this script alone, never by arbiter) is the reference for which moves are
legal, what position each move makes and when a game is over. For each variant (lichess's
Variant tag names: Chess960, Crazyhouse, Atomic, Antichess, Three-check, King of the Hill,
Horde, Racing Kings, and orthodox chess as the baseline, `Standard`, with no Variant tag):

1. random games: seeded random games played with python-chess's legal moves (its variant
   boards: chess.variant.AtomicBoard, AntichessBoard, ThreeCheckBoard, ...) until
   python-chess's board.outcome() ends them (checkmate, stalemate, a variant's win, loss or
   draw, insufficient material, the 75-move rule, fivefold repetition) or --max-plies.
   Some start from the variant's start (no FEN tag), some from a position reached by a few
   random moves (SetUp and FEN tags), some from such a position with a halfmove clock close
   to 150, so that the 75-move rule and the fifty-move claim come up; every Chess960 game
   has its start position in its FEN tag. Three-check FEN tags alternate between
   python-chess's check counters (`3+3`, checks remaining, before the move counters) and
   lichess's (`+0+0`, checks given, after them). Each game is written in python-chess's
   SAN with its result (`*` where the game is not over), all of a variant's games in one
   file, and then:
   - `arbiter validate --format json -j 1` must accept every game without a diagnostic;
   - `arbiter convert --to fen` must give python-chess's position after every ply, compared
     by parts (placement, pieces in hand and promoted marks, side to move, castling rights
     as rook squares, the en passant square where a capture could use it, both clocks, and
     Three-check's counters as checks remaining, whichever form each side writes);
   - `arbiter adjudicate --format json -j 1` must end the game where python-chess does
     (result and ply) with a verdict of the same nature (checkmate, stalemate, insufficient
     material, the 75-move rule, fivefold repetition, or a variant's own end), and, for the
     games still open, find the same draws to claim in the final position (threefold
     repetition and the fifty-move rule, on the board or by announcing a move) and the same
     checkmate, stalemate and insufficient material there.
2. illegal moves: legal prefixes of the random games followed by a move python-chess does
   not allow, written in SAN (a move that leaves or puts the own king in check, castling
   out of or through check, a promotion to a king; in Atomic a king that captures and a
   capture that blows up the own king; in Antichess a move that does not capture where a
   capture is forced, and castling; in Racing Kings a move that gives check; in Crazyhouse
   a drop of a piece not in hand, a pawn dropped on the first or last rank, a drop that
   leaves the king in check; a move after the game is over): python-chess must refuse it
   (parse_san) and `arbiter validate` must refuse it, with its error at that move (move
   number and SAN) and no other.
3. perft: positions of the random games (--perft, 200; a third in check where the game
   has one), `arbiter perft --variant V --fen FEN --depth 2 --divide` against python-chess's
   legal moves and the number of replies to each (none after a move that ends the game).
   A Chess960 castling is named as the king taking its rook (`g1h1`), by both.
4. cost: the time of `arbiter validate -q -j 1` on the file of random games (the best of
   --runs), and python-chess's time to read and replay the same file (chess.pgn.read_game,
   which plays every move on the variant's board), each divided by the number of moves.

A variant arbiter refuses (`unsupported-variant`, `unknown-variant`) is skipped, and said so.
Each disagreement is printed with the variant, the game, the ply, the move, both answers and
a FEN to reproduce it (the first --show of each kind per variant), and written to --out
(default /tmp/lichess-diff/VARIANT/KIND-gGAME-pPLY.pgn): the one move from the position
before it (SetUp/FEN), then the whole game, since repetitions need its history.

Run (after `cargo build --release`), from anywhere:

    python3 bench/lichess_pychess.py                      # every variant, 2000 games each
    python3 bench/lichess_pychess.py --variants chess960,crazyhouse --games 300
    python3 bench/lichess_pychess.py --variants atomic --games 5000 --show 20 --keep DIR

Needs python-chess (`pip install chess`) and the standard library. Exit code 0 when every
variant arbiter plays agreed, 1 on any disagreement, 2 when arbiter cannot be run or the
options are wrong.
"""

import argparse
import collections
import io
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

try:
    import chess
    import chess.pgn
    import chess.variant
except ImportError:  # pragma: no cover
    sys.stderr.write("lichess_pychess: python-chess is not installed (pip install chess)\n")
    sys.exit(2)

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")
DATE = "2026.11.27"
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

# key: (Variant tag or None for orthodox chess, python-chess board class, Chess960)
VARIANTS = collections.OrderedDict([
    ("standard", (None, chess.Board, False)),
    ("chess960", ("Chess960", chess.Board, True)),
    ("crazyhouse", ("Crazyhouse", chess.variant.CrazyhouseBoard, False)),
    ("atomic", ("Atomic", chess.variant.AtomicBoard, False)),
    ("antichess", ("Antichess", chess.variant.AntichessBoard, False)),
    ("three-check", ("Three-check", chess.variant.ThreeCheckBoard, False)),
    ("king-of-the-hill", ("King of the Hill", chess.variant.KingOfTheHillBoard, False)),
    ("horde", ("Horde", chess.variant.HordeBoard, False)),
    ("racing-kings", ("Racing Kings", chess.variant.RacingKingsBoard, False)),
])

# arbiter's verdict kinds of orthodox chess, and python-chess's terminations they answer.
ORTHODOX_KINDS = {
    "checkmate": "CHECKMATE",
    "stalemate": "STALEMATE",
    "insufficient-material": "INSUFFICIENT_MATERIAL",
    "seventy-five-moves": "SEVENTYFIVE_MOVES",
    "fivefold-repetition": "FIVEFOLD_REPETITION",
}


def new_board(key, fen=None):
    tag, cls, c960 = VARIANTS[key]
    if fen is None:
        return cls(chess960=c960) if cls is chess.Board else cls()
    return cls(fen, chess960=c960)


# ---------------------------------------------------------------------------------------
# Random games (python-chess)


class Game:
    """A game python-chess played: start FEN (None: the variant's start), SAN, FENs, end."""

    def __init__(self, key, number, seed):
        self.key = key
        self.number = number  # 1-based, its place in the variant's file
        self.seed = seed
        self.start = None
        self.start_tag = None  # the FEN tag as written (Three-check's counters vary)
        self.moves = []  # UCI
        self.sans = []
        self.fens = []  # python-chess's FEN before the first ply and after every ply
        self.termination = None  # chess.Termination name, or None: open
        self.result = "*"
        self.end_ply = None
        self.acceptable = set()  # arbiter verdict kinds that fit python-chess's end
        self.facts = {}  # open games: python-chess's facts of the final position
        self.policy = None
        self.start_kind = None

    @property
    def over(self):
        return self.end_ply is not None

    def pgn(self, event, extra_san=None, result=None, upto=None):
        result = self.result if result is None else result
        tag = VARIANTS[self.key][0]
        out = ['[Event "%s"]' % event, '[Site "bench/lichess_pychess.py"]',
               '[Date "%s"]' % DATE, '[Round "%d"]' % self.number,
               '[White "random"]', '[Black "random"]', '[Result "%s"]' % result]
        if tag:
            out.append('[Variant "%s"]' % tag)
        if self.start_tag:
            out.append('[SetUp "1"]')
            out.append('[FEN "%s"]' % self.start_tag)
        out.append("")
        sans = self.sans[:upto] if upto is not None else list(self.sans)
        if extra_san:
            sans.append(extra_san)
        out.append(movetext(self.fens[0], sans, result))
        out.append("")
        return "\n".join(out)


def movetext(fen, sans, result):
    fields = fen.split()
    side = fields[1]
    number = int(fields[-1]) if fields[-1].isdigit() else 1
    if "+" in fields[-1]:  # lichess three-check: the counters after the move number
        number = int(fields[-2])
    tokens = []
    for i, san in enumerate(sans):
        if side == "w":
            tokens.append("%d." % number)
        elif i == 0:
            tokens.append("%d..." % number)
        tokens.append(san)
        if side == "b":
            number += 1
        side = "b" if side == "w" else "w"
    tokens.append(result)
    lines, line = [], ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > 79:
            lines.append(line)
            line = t
        else:
            line = line + " " + t if line else t
    lines.append(line)
    return "\n".join(lines)


def move_label(fen, ply):
    """arbiter's name of the move at ply (1-based) from fen: `12.` or `12...`."""
    parts = split_fen(fen)
    number = int(parts["fullmove"]) if (parts["fullmove"] or "").isdigit() else 1
    black_first = parts["side"] == "b"
    k = ply - 1 + (1 if black_first else 0)
    return "%d%s" % (number + k // 2, "..." if k % 2 else ".")


def lichess_three_check(fen):
    """python-chess's `... - 3+3 0 1` as lichess writes it: `... - 0 1 +0+0` (given)."""
    f = fen.split()
    w, b = (int(x) for x in f[4].split("+"))
    return " ".join(f[:4] + f[5:7] + ["+%d+%d" % (3 - w, 3 - b)])


def goal_distance(key, board, move):
    """How much a king move brings its king nearer its goal (KOTH centre, Racing Kings' 8th
    rank); 0 for other moves."""
    if board.piece_type_at(move.from_square) != chess.KING:
        return 0
    if key == "racing-kings":
        return chess.square_rank(move.to_square) - chess.square_rank(move.from_square)

    def d(sq):
        f, r = chess.square_file(sq), chess.square_rank(sq)
        return max(max(3 - f, f - 4, 0), max(3 - r, r - 4, 0))
    return d(move.from_square) - d(move.to_square)


def choose(key, board, legal, rng, policy):
    if policy == "uniform" or len(legal) == 1:
        return rng.choice(legal)
    if policy == "quiet" and rng.random() < 0.95:
        quiet = [m for m in legal if not board.is_zeroing(m)]
        if quiet:
            return rng.choice(quiet)
    if key in ("king-of-the-hill", "racing-kings") and rng.random() < 0.5:
        best = [m for m in legal if goal_distance(key, board, m) > 0]
        if best:
            return rng.choice(best)
    if rng.random() < 0.35:
        sample = rng.sample(legal, min(8, len(legal)))
        checks = [m for m in sample if board.gives_check(m)]
        if checks:
            return rng.choice(checks)
    captures = [m for m in legal if board.is_capture(m)]
    if captures and rng.random() < 0.6:
        return rng.choice(captures)
    drops = [m for m in legal if m.drop]
    if drops and rng.random() < 0.3:
        return rng.choice(drops)
    return rng.choice(legal)


def acceptable_kinds(key, board, outcome):
    """The verdict kinds of arbiter that describe python-chess's end of the game."""
    name = outcome.termination.name
    kinds = {k for k, v in ORTHODOX_KINDS.items() if v == name}
    if name.startswith("VARIANT_"):
        kinds.add("<variant>")  # any kind of arbiter's that orthodox chess does not have
        if key not in ("antichess",) and board.is_check() and not any(board.generate_legal_moves()):
            kinds.add("checkmate")
        if not board.is_check() and not any(chess.Board.generate_legal_moves(board)):
            kinds.update({"stalemate", "no-legal-move"})
    if name == "CHECKMATE" and key == "three-check":
        kinds.add("<variant>")
    if outcome.winner is None and not name.startswith("VARIANT_"):
        # Draws that hold together (python-chess names the first it tests, arbiter the first
        # in its own order): stalemate with dead material, the 75th move making a fifth
        # occurrence.
        for kind, holds in (("stalemate", board.is_stalemate),
                            ("insufficient-material", board.is_insufficient_material),
                            ("seventy-five-moves", board.is_seventyfive_moves),
                            ("fivefold-repetition", board.is_fivefold_repetition)):
            if holds():
                kinds.add(kind)
    return kinds


def random_start(key, rng, kind):
    """A start: the variant's own (None), or a position a few random moves in."""
    if key == "chess960":
        board = chess.Board.from_chess960_pos(rng.randrange(960))
    else:
        board = new_board(key)
    if kind == "start":
        return None if key != "chess960" else board.fen()
    while True:
        b = board.copy()
        for _ in range(rng.randint(2, 12)):
            legal = list(b.legal_moves)
            if not legal or b.outcome() is not None:
                break
            b.push(rng.choice(legal))
        if b.outcome() is None and any(b.legal_moves):
            break
    b = new_board(key, b.fen())  # no history: the game starts here
    if kind == "late-clock":
        b.halfmove_clock = rng.randint(100, 148)
        b.fullmove_number = rng.randint(60, 120)
    return b.fen()


def play(job):
    key, number, seed, max_plies, policy, start_kind = job
    rng = random.Random(seed)
    g = Game(key, number, seed)
    g.policy, g.start_kind = policy, start_kind
    fen = random_start(key, rng, start_kind)
    board = new_board(key, fen)
    g.start = fen
    if fen is not None:
        g.start_tag = fen
        if key == "three-check" and (number // 6) % 2 == 0:  # every kind of start both ways
            g.start_tag = lichess_three_check(fen)
    g.fens.append(board.fen())
    outcome = board.outcome()
    while outcome is None and len(g.moves) < max_plies:
        legal = list(board.legal_moves)
        move = choose(key, board, legal, rng, policy)
        g.sans.append(board.san(move))
        g.moves.append(move.uci())
        board.push(move)
        g.fens.append(board.fen())
        outcome = board.outcome()
    if outcome is not None:
        g.termination = outcome.termination.name
        g.result = outcome.result()
        g.end_ply = len(g.moves)
        g.acceptable = acceptable_kinds(key, board, outcome)
    else:
        f = g.facts
        f["checkmate"] = board.is_checkmate()
        f["stalemate"] = board.is_stalemate()
        f["insufficient_material"] = board.is_insufficient_material()
        f["threefold"] = board.is_repetition(3)
        f["threefold_claim"] = board.can_claim_threefold_repetition()
        f["fifty_moves"] = board.is_fifty_moves()
        f["fifty_claim"] = board.can_claim_fifty_moves()
        f["legal_moves"] = board.legal_moves.count()
    g.illegal = illegal_cases(key, g, board, rng)
    return g


# ---------------------------------------------------------------------------------------
# Illegal moves


def loose_san(board, move, pseudo):
    """SAN for a move python-chess may refuse: disambiguated against every pseudo-legal move
    (orthodox reach) and legal move of the same kind of piece to the same square."""
    if move.drop:
        return chess.piece_symbol(move.drop).upper() + "@" + chess.square_name(move.to_square)
    piece = board.piece_type_at(move.from_square)
    if board.is_castling(move):
        return "O-O" if move.to_square > move.from_square else "O-O-O"
    capture = board.color_at(move.to_square) == (not board.turn) or board.is_en_passant(move)
    to = chess.square_name(move.to_square)
    promo = "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    if piece == chess.PAWN:
        frm = chess.square_name(move.from_square)
        return (frm[0] + "x" + to if capture else to) + promo
    others = {m.from_square for m in pseudo if m.to_square == move.to_square
              and m.from_square != move.from_square and not m.drop
              and board.piece_type_at(m.from_square) == piece}
    frm = chess.square_name(move.from_square)
    dis = ""
    if others:
        if all(chess.square_file(o) != chess.square_file(move.from_square) for o in others):
            dis = frm[0]
        elif all(chess.square_rank(o) != chess.square_rank(move.from_square) for o in others):
            dis = frm[1]
        else:
            dis = frm
    return chess.piece_symbol(piece).upper() + dis + ("x" if capture else "") + to + promo


def san_matches(board, san, move):
    """Whether a legal move fits the SAN (so that the SAN would not name an illegal move)."""
    if san.startswith("O-O"):
        return board.is_castling(move) and (
            (san == "O-O") == (chess.square_file(move.to_square) > chess.square_file(move.from_square)))
    if "@" in san:
        return bool(move.drop) and chess.square_name(move.to_square) == san[-2:]
    if move.drop or board.is_castling(move):
        return False
    m = re.match(r"^([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(=([NBRQK]))?$", san)
    piece = chess.PIECE_SYMBOLS.index(m.group(1).lower()) if m.group(1) else chess.PAWN
    if board.piece_type_at(move.from_square) != piece:
        return False
    if chess.square_name(move.to_square) != m.group(4):
        return False
    frm = chess.square_name(move.from_square)
    if m.group(2) and frm[0] != m.group(2) or m.group(3) and frm[1] != m.group(3):
        return False
    promo = chess.PIECE_SYMBOLS.index(m.group(6).lower()) if m.group(6) else None
    return move.promotion == promo


def illegal_kind(key, board, move):
    if board.is_castling(move):
        return "castling out of, through or into check"
    if move.promotion == chess.KING:
        return "promotion to a king"
    capture = board.is_capture(move)
    piece = board.piece_type_at(move.from_square)
    if key == "atomic" and capture:
        if piece == chess.KING:
            return "a king that captures (Atomic)"
        own = board.king(board.turn)
        if own is not None and chess.square_distance(own, move.to_square) <= 1:
            return "a capture that blows up its own king (Atomic)"
    if key == "antichess":
        return "a move that does not capture where a capture is forced (Antichess)"
    if key == "racing-kings" and not board.is_into_check(move) and board.gives_check(move):
        return "a move that gives check (Racing Kings)"
    return "a move that leaves the king in check"


def candidates(key, board, rng):
    """Moves python-chess refuses in board, by kind: [(kind, san)]."""
    legal = list(board.legal_moves)
    lset = set(legal)
    pseudo = list(chess.Board.generate_pseudo_legal_moves(board))
    out = []
    if board.outcome() is not None:
        # After the end: any move orthodox chess would let the side to move make.
        moves = [m for m in pseudo if not board.is_castling(m)]
        if moves:
            m = rng.choice(moves)
            out.append(("a move after the game is over (%s)" % board.outcome().termination.name,
                        m))
        return finish(board, out, legal, pseudo)
    refused = [m for m in pseudo if m not in lset and m.promotion in (None, chess.QUEEN)]
    rng.shuffle(refused)
    by_kind = collections.OrderedDict()
    for m in refused:
        by_kind.setdefault(illegal_kind(key, board, m), []).append(m)
    for kind, ms in by_kind.items():
        out.append((kind, ms[0]))
    # Castling with the right to, but out of, through or into check, or blocked.
    king = board.king(board.turn)
    rights = board.clean_castling_rights() & board.occupied_co[board.turn]
    for rook in chess.scan_forward(rights):
        if king is None:
            break
        if board.chess960:
            m = chess.Move(king, rook)
        else:
            m = chess.Move(king, chess.square(6 if rook > king else 2, chess.square_rank(king)))
        if m not in lset:
            out.append(("castling out of check" if board.is_check() else
                        "castling through or into check, or blocked", m))
    # Promotion to a king (Antichess allows it).
    if key != "antichess":
        promos = [m for m in legal if m.promotion == chess.QUEEN]
        if promos:
            m = rng.choice(promos)
            out.append(("promotion to a king",
                        chess.Move(m.from_square, m.to_square, chess.KING)))
    # Castling in Antichess, which has none: the king and rook on their squares, the path
    # clear.
    if key == "antichess":
        rank = 0 if board.turn == chess.WHITE else 7
        king = chess.square(4, rank)
        if board.piece_at(king) == chess.Piece(chess.KING, board.turn):
            for rook_file, path in ((7, (5, 6)), (0, (1, 2, 3))):
                rook = chess.square(rook_file, rank)
                if board.piece_at(rook) == chess.Piece(chess.ROOK, board.turn) and \
                        not any(board.piece_at(chess.square(f, rank)) for f in path):
                    out.append(("castling (Antichess has none)", chess.Move(king, rook)))
    # Crazyhouse drops.
    if key == "crazyhouse":
        empty = [s for s in chess.SQUARES if not board.piece_at(s)]
        pocket = board.pockets[board.turn]
        absent = [p for p in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
                  if not pocket.count(p)]
        if absent and empty:
            sq = rng.choice([s for s in empty if chess.square_rank(s) not in (0, 7)] or empty)
            p = rng.choice(absent)
            if not (p == chess.PAWN and chess.square_rank(sq) in (0, 7)):
                out.append(("a drop of a piece not in hand",
                            chess.Move(sq, sq, drop=p)))
        if pocket.count(chess.PAWN):
            back = [s for s in empty if chess.square_rank(s) in (0, 7)]
            if back:
                sq = rng.choice(back)
                out.append(("a pawn dropped on the first or last rank",
                            chess.Move(sq, sq, drop=chess.PAWN)))
        if board.is_check():
            kinds = [p for p in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
                     if pocket.count(p)]
            far = [s for s in empty if chess.square_rank(s) not in (0, 7)]
            if kinds and far:
                p = rng.choice(kinds)
                moves = [chess.Move(s, s, drop=p) for s in far]
                moves = [m for m in moves if m not in lset]
                if moves:
                    out.append(("a drop that leaves the king in check", rng.choice(moves)))
    return finish(board, out, legal, pseudo)


def finish(board, out, legal, pseudo):
    """The candidates as SAN, keeping those that no legal move fits and that python-chess's
    parse_san refuses."""
    done = []
    for kind, m in out:
        if m in legal:
            continue
        san = loose_san(board, m, pseudo + legal)
        if any(san_matches(board, san, lm) for lm in legal):
            continue
        try:
            board.parse_san(san)
            continue  # python-chess reads it as a legal move: not a fair test
        except ValueError:
            pass
        done.append((kind, san, m.uci()))
    return done


GENERIC_KINDS = ("a move that leaves the king in check",
                 "castling through or into check, or blocked")


def illegal_cases(key, g, final_board, rng, tries=8):
    """Illegal moves for this game: one of a rarer kind (the variant's own, a drop, castling
    out of check, a promotion to a king) where one of up to `tries` random plies has one, one
    of any kind at another, and one after the end of a game that ended by mate, stalemate or
    a variant's rule."""
    cases = []
    if g.moves:
        plies = sorted(rng.sample(range(len(g.moves)), min(tries, len(g.moves))))
        board = new_board(key, g.fens[0])
        done = 0
        rare = collections.defaultdict(list)  # kind: cases at the plies looked at
        generic = None
        for ply in plies:
            for u in g.moves[done:ply]:
                board.push(chess.Move.from_uci(u))
            done = ply
            cands = candidates(key, board, rng)
            for c in cands:
                if c[0] not in GENERIC_KINDS:
                    rare[c[0]].append((ply,) + c + (board.fen(),))
            if generic is None and cands:
                generic = (ply,) + rng.choice(cands) + (board.fen(),)
        special = None
        if rare:  # a kind at random among those found, so that the rarest come up too
            special = rng.choice(rare[rng.choice(sorted(rare))])
        cases += [c for c in (special, generic) if c]
    if g.over and g.termination not in ("SEVENTYFIVE_MOVES", "FIVEFOLD_REPETITION",
                                        "INSUFFICIENT_MATERIAL"):
        cands = candidates(key, final_board, rng)
        if cands:
            kind, san, uci = cands[0]
            cases.append((len(g.moves), kind, san, uci, final_board.fen()))
    return cases


# ---------------------------------------------------------------------------------------
# FEN by parts


def castling_set(placement_rows, field):
    """Castling rights as a set of (colour, rook file), for KQkq, Shredder and X-FEN."""
    out = set()
    if field == "-":
        return out
    for c in field:
        white = c.isupper()
        row = placement_rows[7 if white else 0]
        king = "K" if white else "k"
        rook = "R" if white else "r"
        kf = row.find(king)
        if c in "KQkq":
            if c.upper() == "K":
                files = [f for f in range(7, kf, -1) if row[f] == rook] if kf >= 0 else []
                out.add((white, files[0] if files else 7))
            else:
                files = [f for f in range(0, kf) if row[f] == rook] if kf >= 0 else []
                out.add((white, files[0] if files else 0))
        else:
            out.add((white, ord(c.lower()) - ord("a")))
    return out


def split_fen(fen):
    """(placement rows of 8 cells, promoted squares, hand, side, castling set, ep, half,
    full, checks remaining or None) of a FEN in python-chess's or arbiter's form."""
    f = fen.split()
    checks = None
    rest = []
    for x in f[1:]:
        m = re.match(r"^(\d+)\+(\d+)$", x)
        m2 = re.match(r"^\+(\d+)\+(\d+)$", x)
        if m:
            checks = (int(m.group(1)), int(m.group(2)))
        elif m2:
            checks = (3 - int(m2.group(1)), 3 - int(m2.group(2)))
        else:
            rest.append(x)
    placement = f[0]
    hand = ""
    m = re.match(r"^(.*?)\[(.*)\]$", placement)
    if m:
        placement, hand = m.group(1), m.group(2)
    rows = placement.split("/")
    if len(rows) == 9:  # python-chess's other crazyhouse form: the pocket as a ninth row
        hand = rows.pop()
    cells, promoted = [], set()
    for r, row in enumerate(rows):
        line = ""
        for c in row:
            if c.isdigit():
                line += "." * int(c)
            elif c == "~":
                promoted.add((r, len(line) - 1))
            else:
                line += c
        cells.append(line)
    side = rest[0] if rest else "?"
    castling = rest[1] if len(rest) > 1 else "-"
    ep = rest[2] if len(rest) > 2 else "-"
    half = rest[3] if len(rest) > 3 else None
    full = rest[4] if len(rest) > 4 else None
    return {"placement": cells, "promoted": promoted, "hand": "".join(sorted(hand)),
            "side": side, "castling": castling_set(cells, castling), "ep": ep,
            "halfmove": half, "fullmove": full, "checks": checks}


def ep_equivalent(key, pc_fen, ep_a, ep_b):
    """Two en passant fields are the same where python-chess finds no legal capture that
    could use either (FEN writers differ on writing the square after every double step)."""
    if ep_a == ep_b:
        return True
    for ep in (ep_a, ep_b):
        if ep == "-":
            continue
        b = new_board(key, pc_fen)
        try:
            b.ep_square = chess.parse_square(ep)
        except ValueError:
            return False
        if b.has_legal_en_passant():
            return False
    return True


def fen_difference(key, arb, pc):
    """None where arbiter's FEN is python-chess's position, else what differs."""
    a, p = split_fen(arb), split_fen(pc)
    diffs = []
    for part in ("placement", "side", "castling", "halfmove", "fullmove"):
        if a[part] != p[part]:
            diffs.append(part)
    if key == "crazyhouse" and (a["hand"] != p["hand"] or a["promoted"] != p["promoted"]):
        diffs.append("pieces in hand or promoted marks")
    if key == "three-check" and a["checks"] != p["checks"]:
        diffs.append("checks remaining (arbiter %s, python-chess %s)" % (a["checks"],
                                                                          p["checks"]))
    if "placement" not in diffs and not ep_equivalent(key, pc, a["ep"], p["ep"]):
        diffs.append("en passant")
    return ", ".join(diffs) or None


# ---------------------------------------------------------------------------------------
# arbiter


class Runner:
    def __init__(self, arbiter, tmp):
        self.arbiter = arbiter
        self.tmp = tmp

    def run(self, args):
        proc = subprocess.run([self.arbiter] + args, capture_output=True, text=True)
        return proc.returncode, proc.stdout, proc.stderr

    def timed(self, args, runs):
        best = None
        for _ in range(runs):
            t = time.perf_counter()
            subprocess.run([self.arbiter] + args, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            e = time.perf_counter() - t
            best = e if best is None else min(best, e)
        return best

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path


def json_lines(out):
    for line in out.splitlines():
        line = line.strip()
        if line.startswith("{"):
            yield json.loads(line)


def refused_variant(runner, key):
    """arbiter's refusal of the variant (a message), or None where it plays it."""
    tag = VARIANTS[key][0]
    if tag is None:
        return None
    g = Game(key, 1, 0)
    g.fens = [new_board(key).fen()]
    if key == "chess960":
        g.start_tag = g.fens[0]
    path = runner.write("probe-%s.pgn" % key, g.pgn("probe"))
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    for d in json_lines(out):
        for p in d.get("problems", []):
            if p.get("kind") in ("unsupported-variant", "unknown-variant"):
                return p["message"]
    if rc == 2:
        return "arbiter exits 2: %s" % err.strip()[:200]
    return None


class Report:
    """Disagreements of one variant: printed (the first --show of each kind) and saved."""

    def __init__(self, key, show, out_dir):
        self.key = key
        self.show = show
        self.out_dir = out_dir
        self.kinds = collections.OrderedDict()

    def bad(self, kind, game, ply, move, text, fen=None, minimal=None):
        items = self.kinds.setdefault(kind, [])
        items.append(text)
        n = len(items)
        where = "game %d (seed %d)" % (game.number, game.seed) if game else "-"
        line = "%s %s, ply %s, %s: %s" % (self.key, where, ply if ply is not None else "-",
                                          move or "-", text)
        if fen:
            line += "\n      FEN %s" % fen
        if n <= self.show:
            print("  DISAGREE [%s] %s" % (kind, line))
            if self.out_dir and game is not None:
                path = self.save(kind, game, ply, line, minimal)
                print("      reproduce: %s" % path)
        elif n == self.show + 1:
            print("  DISAGREE [%s] ... (more like it counted below; --show raises the limit)"
                  % kind)

    def save(self, kind, game, ply, line, minimal):
        d = os.path.join(self.out_dir, self.key)
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, "%s-g%d-p%s.pgn" % (
            re.sub(r"[^a-z0-9]+", "-", kind.lower()).strip("-"), game.number,
            ply if ply is not None else "x"))
        text = "".join("; %s\n" % l for l in line.splitlines())
        if minimal:
            text += minimal + "\n"
        text += game.pgn("whole game %d (seed %d)" % (game.number, game.seed)) + "\n"
        with open(path, "w") as f:
            f.write(text)
        return path

    def total(self):
        return sum(len(v) for v in self.kinds.values())


def one_move_game(key, game, fen_before, san, result="*", note=""):
    """A game of one move from fen_before (SetUp/FEN), for a reproducer."""
    g = Game(key, game.number, game.seed)
    g.fens = [fen_before]
    g.start_tag = fen_before
    g.sans = [san] if san else []
    return g.pgn("reproducer: %s" % note, result=result)


def check_validate(runner, rep, games, path):
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    clean = 0
    seen = 0
    for d in json_lines(out):
        if "summary" in d:
            continue
        seen += 1
        g = games[d["game"] - 1]
        if d["valid"] and not d["problems"]:
            clean += 1
            continue
        for p in d["problems"][:3]:
            ply = ply_of(g.fens[0], p.get("move"))
            fen_before = g.fens[ply - 1] if ply and ply <= len(g.fens) else None
            rep.bad("validate %s[%s]" % (p["severity"], p.get("kind")), g, ply, p.get("san"),
                    "arbiter %s[%s]: %s; python-chess plays it%s" % (
                        p["severity"], p.get("kind"), p["message"],
                        " (%s)" % g.moves[ply - 1] if ply and ply <= len(g.moves) else ""),
                    fen=fen_before,
                    minimal=one_move_game(rep.key, g, fen_before, g.sans[ply - 1],
                                          note=p["message"][:60])
                    if fen_before and ply <= len(g.sans) else None)
    if seen != len(games):
        rep.bad("validate", None, None, None, "%d reports for %d games (exit %d): %s" % (
            seen, len(games), rc, err.strip()[:300]))
    print("  validate: %d of %d games valid without a diagnostic (exit %d)" % (
        clean, len(games), rc))


def ply_of(start_fen, label):
    """The ply (1-based) of arbiter's move label (`12.`, `12...`) from start_fen."""
    if not label:
        return None
    m = re.match(r"^(\d+)(\.\.\.|\.)$", label)
    if not m:
        return None
    parts = split_fen(start_fen)
    number = int(parts["fullmove"]) if (parts["fullmove"] or "").isdigit() else 1
    k = (int(m.group(1)) - number) * 2 + (1 if m.group(2) == "..." else 0)
    if parts["side"] == "b":
        k -= 1
    return k + 1


def check_fens(runner, rep, games, path):
    """Every position against python-chess's. A game's first difference of each kind (the
    parts that differ) is reported, so that a clock off by one does not hide a wrong board
    later in the same game."""
    rc, out, err = runner.run(["convert", "--to", "fen", "-q", path])
    blocks = [b for b in out.strip("\n").split("\n\n")] if out.strip() else []
    ok = 0
    plies = 0
    for g, block in zip(games, blocks):
        lines = [l.strip() for l in block.split("\n") if l.strip()]
        good = len(lines) == len(g.fens)
        seen = set()
        for i, (a, p) in enumerate(zip(lines, g.fens)):
            plies += 1
            diff = fen_difference(g.key, a, p)
            if not diff:
                continue
            good = False
            parts = re.sub(r" \(.*?\)", "", diff)
            if parts in seen:
                continue
            seen.add(parts)
            move = g.sans[i - 1] if i else None
            rep.bad("fen: " + parts, g, i, move, "%s differ: arbiter %s, python-chess %s" % (
                diff, a, p), fen=g.fens[i - 1] if i else None,
                minimal=one_move_game(g.key, g, g.fens[i - 1], move, note="FEN after " + move)
                if i else None)
        if good:
            ok += 1
        elif len(lines) != len(g.fens):
            rep.bad("fen: count", g, len(lines), None, "arbiter writes %d positions, "
                    "python-chess has %d" % (len(lines), len(g.fens)))
    if len(blocks) != len(games):
        rep.bad("fen: games", None, None, None, "convert --to fen: %d games for %d (exit "
                "%d): %s" % (len(blocks), len(games), rc, err.strip()[:300]))
    print("  convert --to fen: %d of %d games position for position python-chess's "
          "(%d positions compared; exit %d)" % (ok, len(games), plies, rc))


def arbiter_kind_fits(kind, acceptable):
    if kind in acceptable:
        return True
    return "<variant>" in acceptable and kind not in ORTHODOX_KINDS


def check_adjudicate(runner, rep, games, path, pairs):
    rc, out, err = runner.run(["adjudicate", "--format", "json", "-j", "1", path])
    agreed = 0
    seen = 0
    for d in json_lines(out):
        if "summary" in d:
            continue
        seen += 1
        g = games[d["game"] - 1]
        v = d.get("verdict") or {}
        at = (v.get("at") or {}).get("ply")
        kind = v.get("kind")
        pairs[(g.termination or "open", kind if v.get("decided") else "open")] += 1
        problems = []
        if g.over:
            if not v.get("decided") or v.get("result") != g.result or at != g.end_ply:
                problems.append(("adjudicate-end", g.end_ply,
                                 "python-chess: %s %s after ply %d; arbiter: %s %s at ply %s "
                                 "(%s)" % (g.termination, g.result, g.end_ply, kind,
                                           v.get("result"), at, v.get("headline"))))
            elif not arbiter_kind_fits(kind, g.acceptable):
                problems.append(("adjudicate-kind", g.end_ply,
                                 "python-chess: %s; arbiter: %s (%s)" % (
                                     g.termination, kind, v.get("headline"))))
        elif v.get("decided"):
            problems.append(("adjudicate-end", at,
                             "python-chess: not over after %d plies; arbiter: %s %s at ply "
                             "%s (%s)" % (len(g.moves), kind, v.get("result"), at,
                                          v.get("headline"))))
        else:
            final = d.get("final") or {}
            f = g.facts
            wrong = []
            for name, mine, theirs in (
                    ("checkmate", f["checkmate"], final.get("checkmate")),
                    ("stalemate", f["stalemate"], final.get("stalemate")),
                    ("insufficient material", f["insufficient_material"],
                     final.get("insufficient_material")),
                    ("threefold on the board", f["threefold"], final.get("threefold")),
                    ("threefold claimable", f["threefold_claim"],
                     bool(final.get("threefold")) or final.get("threefold_by_move") is not None),
                    ("fifty moves on the board", f["fifty_moves"], final.get("fifty_moves")),
                    ("fifty moves claimable", f["fifty_claim"],
                     bool(final.get("fifty_moves")) or
                     final.get("fifty_moves_by_move") is not None),
                    ("legal moves", f["legal_moves"], final.get("legal_moves"))):
                if bool(mine) != bool(theirs) if name != "legal moves" else mine != theirs:
                    wrong.append("%s: python-chess %s, arbiter %s" % (name, mine, theirs))
            if wrong:
                problems.append(("adjudicate-final", len(g.moves),
                                 "open after %d plies; %s" % (len(g.moves), "; ".join(wrong))))
        for p in d.get("problems", []):
            if p["severity"] == "error":
                problems.append(("adjudicate-error", ply_of(g.fens[0], p.get("move")),
                                 "arbiter error: %s" % p["message"]))
        for kind_, ply, text in problems:
            fen_before = g.fens[ply - 1] if ply and 0 < ply <= len(g.fens) else None
            move = g.sans[ply - 1] if ply and 0 < ply <= len(g.sans) else None
            minimal = None
            if fen_before and move and kind_ == "adjudicate-end" and \
                    g.termination not in ("FIVEFOLD_REPETITION",):
                minimal = one_move_game(g.key, g, fen_before, move,
                                        result=g.result if g.end_ply == ply else "*",
                                        note=g.termination or "open")
            rep.bad(kind_, g, ply, move, text, fen=fen_before or g.fens[-1], minimal=minimal)
        if not problems:
            agreed += 1
    if seen != len(games):
        rep.bad("adjudicate", None, None, None, "%d verdicts for %d games (exit %d): %s" % (
            seen, len(games), rc, err.strip()[:300]))
    print("  adjudicate: %d of %d verdicts agree with python-chess (exit %d)" % (
        agreed, len(games), rc))


def check_illegal(runner, rep, games, tmp):
    cases = []
    texts = []
    for g in games:
        for ply, kind, san, uci, fen in g.illegal:
            cases.append((g, ply, kind, san, uci, fen))
            texts.append(g.pgn("illegal %d: %s" % (len(cases), kind), extra_san=san,
                               result="*", upto=ply))
    path = runner.write("%s-illegal.pgn" % rep.key, "\n".join(texts))
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    refused = collections.Counter()
    total = collections.Counter(c[2].split(" (")[0] if "after the game" in c[2] else c[2]
                                for c in cases)
    seen = 0
    for d in json_lines(out):
        if "summary" in d:
            continue
        seen += 1
        g, ply, kind, san, uci, fen = cases[d["game"] - 1]
        label = move_label(g.fens[0], ply + 1)
        errors = [p for p in d["problems"] if p["severity"] == "error"]
        named = [p for p in errors if p.get("move") == label and p.get("san") == san]
        short = kind.split(" (")[0] if "after the game" in kind else kind
        minimal = one_move_game(g.key, g, fen, san, note=kind)
        if d["valid"] or not named:
            rep.bad("illegal", g, ply + 1, san, "%s: python-chess refuses %s (%s); arbiter %s"
                    % (kind, san, uci, "accepts it" if d["valid"] else "refuses the game "
                       "elsewhere: " + "; ".join("%s %s: %s" % (p.get("move"), p.get("san"),
                                                                 p["message"])
                                                 for p in errors)),
                    fen=fen, minimal=minimal)
        elif len(errors) != len(named):
            rep.bad("illegal", g, ply + 1, san, "%s: errors besides the one at %s %s: %s" % (
                kind, label, san, "; ".join(p["message"] for p in errors if p not in named)),
                fen=fen, minimal=minimal)
        else:
            refused[short] += 1
    if seen != len(cases):
        rep.bad("illegal", None, None, None, "%d reports for %d games (exit %d): %s" % (
            seen, len(cases), rc, err.strip()[:300]))
    print("  illegal moves: %d of %d refused at their move (exit %d)" % (
        sum(refused.values()), len(cases), rc))
    for kind in sorted(total):
        print("    %4d of %4d  %s" % (refused[kind], total[kind], kind))


def pc_divide(job):
    """python-chess's perft 2 below every legal move of fen: {uci: count}."""
    key, fen = job
    board = new_board(key, fen)
    out = collections.Counter()
    for m in list(board.legal_moves):
        # A Chess960 castling: the king taking its rook, as arbiter's perft --divide and
        # `convert --to uci` write it, and python-chess's board in Chess960 mode.
        name = m.uci()
        board.push(m)
        out[name] += board.legal_moves.count()
        board.pop()
    return dict(out)


def perft_positions(games, count, rng):
    """Positions of the random games, not over: one a game, at a random ply, a third of
    them where the side to move is in check where there is one."""
    out, seen = [], set()
    pool = list(games)
    rng.shuffle(pool)
    for g in pool:
        if len(out) >= count:
            break
        last = g.end_ply if g.over else len(g.moves) + 1
        plies = list(range(0, last))
        if not plies:
            continue
        checks = [i for i in plies if "+" in (g.sans[i - 1] if i else "")]
        ply = rng.choice(checks) if checks and len(out) % 3 == 0 else rng.choice(plies)
        fen = g.fens[ply]
        if fen.split(" ")[0] + fen.split(" ")[1] in seen:
            continue
        seen.add(fen.split(" ")[0] + fen.split(" ")[1])
        out.append((g, ply, fen))
    return out


def check_perft(runner, rep, pool, key, games, count, rng):
    """arbiter perft --divide at depth 2 against python-chess's legal moves."""
    positions = perft_positions(games, count, rng)
    theirs = pool.map(pc_divide, [(key, fen) for _, _, fen in positions], chunksize=4)
    variant = {"standard": "orthodox"}.get(key, VARIANTS[key][0])
    agreed = nodes = 0
    for (g, ply, fen), pc in zip(positions, theirs):
        nodes += sum(pc.values())
        rc, out, err = runner.run(["perft", "--variant", variant, "--fen", fen, "--depth", "2",
                                   "--divide"])
        div = {}
        for line in out.splitlines():
            m = re.match(r"^(\S+): (\d+)$", line.strip())
            if m:  # a name twice (a Chess960 castling written like a king's step) adds up
                div[m.group(1)] = div.get(m.group(1), 0) + int(m.group(2))
        problems = []
        if rc != 0:
            problems.append("exit %d: %s" % (rc, (err or out).strip()[:200]))
        only_a = sorted(set(div) - set(pc))
        only_p = sorted(set(pc) - set(div))
        if only_a:
            problems.append("moves only arbiter makes: %s" % " ".join(only_a[:12]))
        if only_p:
            problems.append("moves only python-chess makes: %s" % " ".join(only_p[:12]))
        diff = [m for m in sorted(set(div) & set(pc)) if div[m] != pc[m]]
        if diff:
            problems.append("replies (arbiter/python-chess): %s" % ", ".join(
                "%s %d/%d" % (m, div[m], pc[m]) for m in diff[:8]))
        if problems:
            rep.bad("perft", g, ply, None, "arbiter perft --variant '%s' --fen '%s' --depth 2 "
                    "--divide: %s" % (variant, fen, "; ".join(problems)), fen=fen,
                    minimal=one_move_game(key, g, fen, None, note="perft 2"))
        else:
            agreed += 1
    print("  perft 2: %d of %d positions with python-chess's moves and replies (%d nodes)" % (
        agreed, len(positions), nodes))


def python_chess_time(path):
    """Seconds python-chess takes to read and replay every game of path, and its moves."""
    moves = 0
    t = time.perf_counter()
    with open(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            if game.errors:
                raise RuntimeError("python-chess cannot read its own game: %s" % game.errors)
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                moves += 1
    return time.perf_counter() - t, moves


# ---------------------------------------------------------------------------------------


def parse_variants(text):
    if text == "all":
        return list(VARIANTS)
    keys = []
    for name in text.split(","):
        name = name.strip().lower()
        match = [k for k, (tag, _, _) in VARIANTS.items()
                 if name in (k, (tag or "standard").lower(), k.replace("-", ""))]
        if not match and name in ("koth", "kingofthehill"):
            match = ["king-of-the-hill"]
        if not match and name in ("3check", "threecheck"):
            match = ["three-check"]
        if not match and name in ("racingkings",):
            match = ["racing-kings"]
        if not match:
            raise ValueError("unknown variant %r (one of: %s)" % (name, ", ".join(VARIANTS)))
        keys.extend(match)
    return keys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arbiter", default=DEFAULT_ARBITER)
    ap.add_argument("--variants", default="all",
                    help="comma-separated: %s (default all)" % ",".join(VARIANTS))
    ap.add_argument("--games", type=int, default=2000, help="games per variant (2000)")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1, help="first random seed (1)")
    ap.add_argument("--runs", type=int, default=3,
                    help="timed runs of arbiter validate; the best is kept (3)")
    ap.add_argument("--no-timing", action="store_true", help="skip the per-move costs")
    ap.add_argument("--perft", type=int, default=200, metavar="N",
                    help="positions of the random games checked by perft 2 (200; 0: none)")
    ap.add_argument("--show", type=int, default=5,
                    help="disagreements printed and saved per kind and variant (5)")
    ap.add_argument("--out", default="/tmp/lichess-diff",
                    help="where reproducers are written (/tmp/lichess-diff; '' for none)")
    ap.add_argument("--keep", metavar="DIR", help="keep the PGN files written in DIR")
    ap.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="python-chess processes (2)")
    args = ap.parse_args()
    try:
        keys = parse_variants(args.variants)
    except ValueError as e:
        sys.stderr.write("lichess_pychess: %s\n" % e)
        return 2
    if args.games < 1 or args.max_plies < 1 or args.runs < 1 or args.jobs < 1 or args.perft < 0:
        sys.stderr.write("lichess_pychess: --games, --max-plies, --runs and -j must be "
                         "positive\n")
        return 2
    if not os.access(args.arbiter, os.X_OK):
        sys.stderr.write("lichess_pychess: no arbiter at %s (cargo build --release)\n"
                         % args.arbiter)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        tmp = tempfile.mkdtemp(prefix="lichess_pychess.")
    runner = Runner(args.arbiter, tmp)
    t0 = time.time()
    totals = collections.OrderedDict()
    costs = collections.OrderedDict()
    skipped = collections.OrderedDict()
    rc, out, err = runner.run(["--version"])
    print("arbiter: %s (%s); python-chess %s" % (args.arbiter, out.strip(), chess.__version__))
    with multiprocessing.Pool(args.jobs) as pool:
        for key in keys:
            tag = VARIANTS[key][0] or "Standard"
            refusal = refused_variant(runner, key)
            if refusal:
                print("== %s: skipped, arbiter refuses it: %s" % (tag, refusal))
                skipped[key] = refusal
                continue
            print("== %s" % tag)
            t1 = time.time()
            jobs = []
            for i in range(args.games):
                start = ("start", "start", "start", "random", "random", "late-clock")[i % 6]
                policy = "uniform" if i % 3 == 0 else "aggressive"
                if start == "late-clock" and i % 12 == 5:
                    policy = "quiet"  # no capture or pawn move, mostly: the 75-move rule
                seed = args.seed * 1000003 + i * 7919 + sum(map(ord, key))
                jobs.append((key, i + 1, seed, args.max_plies, policy, start))
            games = pool.map(play, jobs, chunksize=8)
            plies = sum(len(g.moves) for g in games)
            ends = collections.Counter(g.termination or "open (max plies)" for g in games)
            print("  %d games, %d plies, played by python-chess in %.0f s; ends: %s" % (
                len(games), plies, time.time() - t1, ", ".join(
                    "%s %d" % kv for kv in sorted(ends.items()))))
            text = "\n".join(g.pgn("random game %d" % g.number) for g in games)
            path = runner.write("%s-games.pgn" % key, text)
            print("  file: %s" % path)
            rep = Report(key, args.show, args.out)
            pairs = collections.Counter()
            check_validate(runner, rep, games, path)
            check_fens(runner, rep, games, path)
            check_adjudicate(runner, rep, games, path, pairs)
            print("  ends (python-chess -> arbiter): %s" % ", ".join(
                "%s -> %s %d" % (a, b, n) for (a, b), n in sorted(pairs.items(),
                                                                  key=lambda kv: -kv[1])))
            check_illegal(runner, rep, games, tmp)
            if args.perft:
                check_perft(runner, rep, pool, key, games, args.perft,
                            random.Random(args.seed + len(key)))
            if not args.no_timing:
                empty = runner.write("%s-empty.pgn" % key, "")
                t_start = runner.timed(["validate", "-q", "-j", "1", empty], args.runs)
                t_arb = runner.timed(["validate", "-q", "-j", "1", path], args.runs)
                t_pc, pc_moves = python_chess_time(path)
                if pc_moves != plies:
                    rep.bad("timing", None, None, None, "python-chess reads %d moves back, "
                            "played %d" % (pc_moves, plies))
                costs[key] = (plies, t_arb, t_start, t_pc)
                print("  cost per move: arbiter %.2f us (%.3f s for %d moves; %.2f us without "
                      "the %.3f s of start-up), python-chess %.1f us (%.2f s): %.0f times "
                      "arbiter's" % (1e6 * t_arb / plies, t_arb, plies,
                                     1e6 * (t_arb - t_start) / plies, t_start,
                                     1e6 * t_pc / plies, t_pc, t_pc / t_arb))
            totals[key] = (len(games), plies, rep)
            print("  %d disagreement(s)%s (%.0f s)" % (rep.total(), "".join(
                "; %s %d" % (k, len(v)) for k, v in rep.kinds.items()), time.time() - t1))

    print("== summary (%.0f s)" % (time.time() - t0))
    print("| variant | games | moves | disagreements | arbiter us/move | (without start-up) "
          "| python-chess us/move | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key, (n, plies, rep) in totals.items():
        c = costs.get(key)
        print("| %s | %d | %d | %d | %s | %s | %s | %s |" % (
            VARIANTS[key][0] or "Standard", n, plies, rep.total(),
            "%.2f" % (1e6 * c[1] / plies) if c else "-",
            "%.2f" % (1e6 * (c[1] - c[2]) / plies) if c else "-",
            "%.1f" % (1e6 * c[3] / plies) if c else "-",
            "%.0f" % (c[3] / c[1]) if c else "-"))
    for key, why in skipped.items():
        print("| %s | skipped: %s | | | | | | |" % (VARIANTS[key][0], why))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    if any(rep.total() for _, _, rep in totals.values()):
        return 1
    print("  every variant arbiter plays agreed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
