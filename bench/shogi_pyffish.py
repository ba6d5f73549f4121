#!/usr/bin/env python3
"""Checks arbiter's shogi against Fairy-Stockfish (its Python binding, pyffish).

arbiter is used as a black box, through its command line only; Fairy-Stockfish (FS) is the
reference for which moves are legal and when a game is over. Four checks:

1. perft: from the start, from hand-made positions (uchifuzume, nifu, pawns, lances and
   knights that must promote, drops refused on the last ranks, promotion into, within and
   out of the zone, checks answered by drops, no legal move) and from positions reached by
   seeded random play (pieces in hand, promoted pieces, checks), `arbiter perft --divide` at
   depth 2 (and depth 3 for a few) against counts made with pyffish.legal_moves: the move
   set at depth 1 (arbiter's `b2h8+b` read as FS's `b2h8+`) and the count below every move.
   FS lists a pawn drop that mates (uchifuzume) as a legal move and scores it as a loss for
   its player; JSA forbids it. The script counts FS's way, and also without those drops,
   and reports (kind perft-uchifuzume) where arbiter's count holds them.
2. random games: seeded random games played with FS's legal moves until FS says the game is
   over (mate, no legal move, fourfold repetition, perpetual check) or --max-plies, written
   in arbiter's SAN (made here from FS's moves: `Pc4`, `+Bxg8`, `Bxh8=+B`, `P@e5`, `+`/`#`)
   with the result FS gives (`*` where the game is not over). `arbiter validate` must accept
   every game without a diagnostic; `arbiter convert --to pgn` must write the same SAN,
   `--to lan` and `--to uci` the same moves as FS (promotions normalised), `--to fen` the
   same positions as FS's get_fen (board, hands, side to move), the conversions must read
   back, and `arbiter adjudicate` must give FS's verdict (result and ply) for every game,
   the facts of the final position FS's (legal moves, mate, no move) and no draw claim
   (shogi has no threefold or fifty-move claim).
3. illegal moves: legal prefixes (of the random games and of hand-made positions) followed
   by a move FS does not allow (nifu, uchifuzume, a drop on the last ranks, a move without
   the promotion it must make, a promotion outside the zone, a gold promoting, a drop from
   an empty hand): `arbiter validate` must refuse each, with an error at that move.
4. endings: fourfold repetitions (plain, every move of one side a check, checks broken by
   one quiet cycle, a quiet prefix before the first occurrence, the fourth occurrence reached
   by a check, by two different cycles, one ply short of the fourth, the board repeated with
   other hands) built by hand, and cycles found in the random games (plain, perpetual check,
   check every other move): `validate` and `adjudicate` as in 2, against FS's
   is_optional_game_end / is_immediate_game_end / game_result.

With --write-corpus, corpus/shogi/games.pgn is written again from the same seeds: twelve
games (checkmates of several lengths, unfinished games, a fourfold repetition, a perpetual
check lost by the checker), then validated and adjudicated.

Run (after `cargo build --release`), from anywhere:

    python3 bench/shogi_pyffish.py                  # all four checks, about two minutes
    python3 bench/shogi_pyffish.py --games 40 --positions 150 --depth3 8 -v
    python3 bench/shogi_pyffish.py --write-corpus   # (re)writes corpus/shogi/games.pgn too

Needs pyffish (`pip install pyffish`) and the standard library. Exit code 0 when everything
agreed, 1 on any disagreement (each printed, the first few of each kind unless -v), 2 when
arbiter or pyffish cannot be run.
"""

import argparse
import collections
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
    import pyffish as sf
except ImportError:  # pragma: no cover
    sys.stderr.write("shogi_pyffish: pyffish is not installed (pip install pyffish)\n")
    sys.exit(2)

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")
DEFAULT_CORPUS = os.path.join(CRATE, "corpus", "shogi", "games.pgn")
V = "shogi"
FILES = "abcdefghi"
DATE = "2026.11.27"
START = sf.start_fen(V)
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

# Hand-made positions: (what they test, FEN). Every one is legal for FS (the side not to
# move is not in check).
HAND_MADE = [
    ("uchifuzume: P@a8 would mate (silver c8, gold b7)",
     "k8/2S6/1G6p/9/9/9/9/9/8K[P] w - - 0 1"),
    ("uchifuzume for Black: P@i2 would mate",
     "k8/9/9/9/9/9/P6g1/6s2/8K[p] b - - 0 1"),
    ("no uchifuzume: a black gold on b9 can take a pawn on a8",
     "kg7/2S6/1G6p/9/9/9/9/9/8K[P] w - - 0 1"),
    ("no uchifuzume: the rook pinned on the e-file takes e8 along the pin",
     "3nkl3/3p1p3/4r4/3N5/9/9/9/9/4L3K[P] w - - 0 1"),
    ("uchifuzume: the gold that could take e8 is pinned by the bishop on h6",
     "3nkl3/3p1g3/9/3N3B1/9/9/9/9/8K[P] w - - 0 1"),
    ("no uchifuzume: the same without the bishop, the gold takes",
     "3nkl3/3p1g3/9/3N5/9/9/9/9/8K[P] w - - 0 1"),
    ("a pawn that moves (not dropped) may mate: a7a8",
     "k8/2S6/PG6p/9/9/9/9/9/8K w - - 0 1"),
    ("nifu: no pawn drop on the e-file (pawn e5); the d-file tokin does not count",
     "4k4/2p6/9/9/4P4/3+P5/6p2/9/4K4[PLNp] w - - 0 1"),
    ("nifu for Black: not on the c- or g-file",
     "4k4/2p6/9/9/4P4/3+P5/6p2/9/4K4[PLNp] b - - 0 1"),
    ("drops: P and L not on rank 9, N not on ranks 8-9",
     "4k4/9/9/9/9/9/9/9/4K4[PLNSGBRplnsgbr] w - - 0 1"),
    ("drops for Black: p and l not on rank 1, n not on ranks 1-2",
     "4k4/9/9/9/9/9/9/9/4K4[PLNSGBRplnsgbr] b - - 0 1"),
    ("must promote: pawn e8, lance c7 to c9, knights g7 and b6",
     "k8/4P4/2L3N2/1N7/9/9/9/9/4K4 w - - 0 1"),
    ("must promote, Black: pawn e2, lance g3 to g1, knights c3 and h4",
     "4k4/9/9/9/9/7n1/2n3l2/4p4/K8 b - - 0 1"),
    ("promotion into (rook c3), within and out of the zone (silver c7, bishop h7)",
     "4k4/9/2S4B1/9/9/9/2R6/9/4K4 w - - 0 1"),
    ("promoted pieces move as golds, dragon and horse; gold and king never promote",
     "4k4/9/1+P1+L1+N1+S1/2G6/9/9/1+B5+R1/9/4K4 w - - 0 1"),
    ("check by a dragon: king moves, captures, drops between",
     "4k4/9/9/9/4+R4/9/9/9/+B3K4[Gg] b - - 0 1"),
    ("no legal move, not in check (the side to move loses)",
     "k8/2S6/G8/9/9/9/9/9/8K b - - 0 1"),
    ("double check by a knight and a lance: only king moves",
     "4k4/9/3N5/9/9/9/9/9/K3L4[G] b - - 0 1"),
]

# Which hand-made positions get a perft at depth 3 too (all but the big-hand ones).
DEPTH3_HAND_MADE = {0, 1, 2, 3, 4, 6, 11, 12, 13, 14, 15, 16, 17}


# ---------------------------------------------------------------------------------------
# Fairy-Stockfish helpers


def legal(fen, moves=()):
    return sorted(sf.legal_moves(V, fen, list(moves)))


def fs_fen(fen, moves=()):
    return sf.get_fen(V, fen, list(moves))


def parse_fen(fen):
    """(board {square: '+P' | 'p' ...}, hand Counter of letters, side 'w' | 'b')."""
    fields = fen.split()
    placement = fields[0]
    hand = ""
    if "[" in placement:
        placement, hand = placement.split("[", 1)
        hand = hand.rstrip("]")
    board = {}
    for i, row in enumerate(placement.split("/")):
        rank = 9 - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            prom = ""
            if c == "+":
                prom = "+"
                j += 1
                c = row[j]
            board[FILES[f] + str(rank)] = prom + c
            f += 1
            j += 1
            while j < len(row) and row[j] in "~^!":
                j += 1
    counts = collections.Counter(c for c in hand if c.isalpha())
    return board, counts, fields[1]


def same_position(fen_a, fen_b):
    """Board, hands (as multisets) and side to move equal."""
    return parse_fen(fen_a) == parse_fen(fen_b)


def value_to_result(value, side_to_move):
    """FS's value, for the side to move, as a PGN result."""
    if value == 0:
        return "1/2-1/2"
    stm_wins = value > 0
    white_wins = stm_wins == (side_to_move == "w")
    return "1-0" if white_wins else "0-1"


def norm_uci(move):
    """arbiter's coordinates as FS writes them: `b2h8+b` -> `b2h8+`, `p@e5` -> `P@e5`."""
    m = re.match(r"^([a-i][1-9][a-i][1-9])\+[a-z]$", move)
    if m:
        return m.group(1) + "+"
    m = re.match(r"^([A-Za-z])@([a-i][1-9])$", move)
    if m:
        return m.group(1).upper() + "@" + m.group(2)
    return move


def san_of(board, move, legal_moves):
    """The SAN of a FS move (without check mark) in arbiter's dialect."""
    if "@" in move:
        return move[0].upper() + "@" + move[2:4]
    frm, to = move[0:2], move[2:4]
    piece = board[frm]
    letter = piece.upper()
    others = {m[0:2] for m in legal_moves
              if "@" not in m and m[2:4] == to and m[0:2] != frm and board.get(m[0:2]) == piece}
    dis = ""
    if others:
        if all(o[0] != frm[0] for o in others):
            dis = frm[0]
        elif all(o[1] != frm[1] for o in others):
            dis = frm[1]
        else:
            dis = frm
    cap = "x" if to in board else ""
    promo = "=+" + letter.lstrip("+") if move.endswith("+") else ""
    return letter + dis + cap + to + promo


class Game:
    """A game played move by move with FS: SAN, FENs, checks and FS's end of the game."""

    def __init__(self, fen=START):
        self.start = fs_fen(fen)
        self.moves = []
        self.sans = []
        self.fens = [self.start]
        self.checks = [sf.gives_check(V, self.start, [])]
        self.legal = legal(self.start)
        self.result = "*"
        self.termination = None  # 'checkmate', 'no legal move', 'fourfold', 'perpetual check'
        self.end_ply = None
        self.features = collections.Counter()
        self.comments = {}  # ply index -> comment before that ply
        self.seen = collections.Counter([" ".join(self.start.split()[:2])])

    @property
    def over(self):
        return self.end_ply is not None

    def push(self, move):
        assert not self.over, "the game is over"
        assert move in self.legal, "%s is not legal in %s" % (move, self.fens[-1])
        board, _, side = parse_fen(self.fens[-1])
        san = san_of(board, move, self.legal)
        before = self.fens[-1]
        # Legality, check and the next position depend only on the position, so FS is asked
        # from the FEN (a call replays every move it is given).
        check = sf.gives_check(V, before, [move])
        nxt = legal(before, [move])
        if check and not nxt:
            san += "#"
        elif check:
            san += "+"
        if "@" in move:
            self.features["drop"] += 1
        else:
            if move[2:4] in board:
                self.features["capture"] += 1
                if board[move[2:4]].startswith("+"):
                    self.features["capture of a promoted piece"] += 1
            if move.endswith("+"):
                self.features["promotion"] += 1
        self.moves.append(move)
        self.sans.append(san)
        fen = fs_fen(before, [move])
        self.fens.append(fen)
        key = " ".join(fen.split()[:2])
        self.seen[key] += 1
        self.checks.append(check)
        self.legal = nxt
        other = "b" if side == "w" else "w"
        if not nxt:
            self.result = value_to_result(sf.game_result(V, before, [move]), other)
            self.termination = "checkmate" if check else "no legal move"
            if check and move.startswith("P@") and self.result == {"w": "0-1", "b": "1-0"}[side]:
                self.termination = "uchifuzume (FS: the dropper loses)"
            self.end_ply = len(self.moves)
            return
        if self.seen[key] < 2:
            # With legal moves left, FS ends a shogi game only by repetition (fourfold,
            # perpetual check): a position seen for the first time ends nothing.
            return
        imm, value = sf.is_immediate_game_end(V, self.start, self.moves)
        opt = False
        if not imm:
            opt, value = sf.is_optional_game_end(V, self.start, self.moves)
        if imm or opt:
            self.result = value_to_result(value, other)
            self.termination = "fourfold" if value == 0 else "perpetual check"
            self.end_ply = len(self.moves)

    def pgn(self, tags, extra_sans=(), result=None):
        """The record: tags (list of pairs, the Result added), SAN movetext."""
        result = self.result if result is None else result
        out = []
        for name, value in tags:
            out.append('[%s "%s"]' % (name, value))
        if self.start != fs_fen(START):
            out.append('[SetUp "1"]')
            out.append('[FEN "%s"]' % self.start)
        out.append("")
        fields = self.start.split()
        number = int(fields[-1]) if fields[-1].isdigit() else 1
        side = fields[1]
        tokens = []
        sans = list(self.sans) + list(extra_sans)
        for i, san in enumerate(sans):
            if i in self.comments:
                tokens.append("{%s}" % self.comments[i])
            if side == "w":
                tokens.append("%d." % number)
            elif i == 0:
                tokens.append("%d..." % number)
            tokens.append(san)
            if side == "b":
                number += 1
            side = "b" if side == "w" else "w"
        tokens.append(result)
        line = ""
        for t in tokens:
            if line and len(line) + 1 + len(t) > 79:
                out.append(line)
                line = t
            else:
                line = line + " " + t if line else t
        out.append(line)
        out.append("")
        return "\n".join(out)


def tags_for(event, round_, result):
    return [("Event", event), ("Site", "bench/shogi_pyffish.py"), ("Date", DATE),
            ("Round", str(round_)), ("White", "random"), ("Black", "random"),
            ("Result", result), ("Variant", "shogi")]


def dist(a, b):
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1])))


def choose(rng, game, policy):
    moves = game.legal
    if policy == "uniform":
        return rng.choice(moves)
    board, _, side = parse_fen(game.fens[-1])
    king = "k" if side == "w" else "K"
    ksq = next((s for s, p in board.items() if p == king), None)
    if ksq is not None and rng.random() < 0.9:
        near = [m for m in moves if dist(m[2:4], ksq) <= 1]
        rng.shuffle(near)
        for m in near[:10]:
            if not m.startswith("P@") and not sf.legal_moves(V, game.fens[-1], [m]):
                return m
    captures = [m for m in moves if "@" not in m and m[2:4] in board]
    if captures and rng.random() < 0.6:
        return rng.choice(captures)
    promotions = [m for m in moves if m.endswith("+")]
    if promotions and rng.random() < 0.3:
        return rng.choice(promotions)
    return rng.choice(moves)


def random_game(args):
    seed, max_plies, policy = args
    rng = random.Random(seed)
    game = Game()
    while not game.over and len(game.moves) < max_plies:
        move = choose(rng, game, policy)
        if move.startswith("P@") and not sf.legal_moves(V, game.fens[-1], [move]) \
                and sf.gives_check(V, game.fens[-1], [move]):
            game.legal = [m for m in game.legal if m != move]  # uchifuzume: JSA forbids it
            continue
        game.push(move)
    game.seed = seed
    game.policy = policy
    return game


def reverse(move):
    return move[2:4] + move[0:2]


def find_cycle(game_start, prefix, kind, rng, tries=60):
    """Four moves m1 r1 m2 r2 back to the position after prefix: kind 'plain' (no move gives
    check), 'perpetual' (both moves of the side to move give check, no reply does) or
    'mixed' (m1 gives check, m2 does not, no reply does)."""
    fen = fs_fen(game_start, prefix)
    board = parse_fen(fen)[0]
    cands = [m for m in legal(game_start, prefix)
             if "@" not in m and not m.endswith("+") and m[2:4] not in board]
    rng.shuffle(cands)
    want1 = kind in ("perpetual", "mixed")
    want2 = kind == "perpetual"
    for m1 in cands[:tries]:
        h1 = prefix + [m1]
        if sf.gives_check(V, game_start, h1) != want1:
            continue
        b1 = parse_fen(fs_fen(game_start, h1))[0]
        replies = [r for r in legal(game_start, h1)
                   if "@" not in r and not r.endswith("+") and r[2:4] not in b1]
        rng.shuffle(replies)
        for r1 in replies[:8]:
            h2 = h1 + [r1]
            if sf.gives_check(V, game_start, h2):
                continue
            m2 = reverse(m1)
            if m2 not in sf.legal_moves(V, game_start, h2):
                continue
            h3 = h2 + [m2]
            if sf.gives_check(V, game_start, h3) != want2:
                continue
            r2 = reverse(r1)
            if r2 not in sf.legal_moves(V, game_start, h3):
                continue
            if sf.gives_check(V, game_start, h3 + [r2]):
                continue
            return [m1, r1, m2, r2]
    return None


# ---------------------------------------------------------------------------------------
# arbiter helpers


class Runner:
    def __init__(self, arbiter, tmp):
        self.arbiter = arbiter
        self.tmp = tmp
        self.count = 0

    def run(self, args):
        proc = subprocess.run([self.arbiter] + args, capture_output=True, text=True)
        return proc.returncode, proc.stdout, proc.stderr

    def write(self, name, text):
        self.count += 1
        path = os.path.join(self.tmp, "%02d-%s" % (self.count, name))
        with open(path, "w") as f:
            f.write(text)
        return path


def split_games(text):
    """Games of a PGN text as (tags dict, movetext tokens without numbers or comments)."""
    games = []
    tags, body = None, []

    def flush():
        if tags is not None:
            movetext = re.sub(r"\{[^}]*\}", " ", " ".join(body))
            toks = [t for t in movetext.split() if not re.match(r"^\d+\.(\.\.)?$", t)]
            games.append((tags, toks))

    for line in text.splitlines():
        m = re.match(r'^\[(\w+) "(.*)"\]\s*$', line)
        if m:
            if body or tags is None:
                flush()
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line)
    flush()
    return games


def perft_divide(runner, fen, depth):
    rc, out, err = runner.run(["perft", "--variant", V, "--fen", fen, "--depth", str(depth),
                               "--divide"])
    if rc != 0:
        return None, "exit %d: %s" % (rc, (err or out).strip()[:300])
    div = {}
    for line in out.splitlines():
        m = re.match(r"^(\S+): (\d+)$", line.strip())
        if m:
            div[norm_uci(m.group(1))] = div.get(norm_uci(m.group(1)), 0) + int(m.group(2))
    m = re.search(r"perft (\d+) = (\d+)", err + out)
    total = int(m.group(2)) if m else None
    return (div, total), None


def apply(state, move):
    """The position after a FS move, computed here (board, hand, side): only used to find
    where a pawn dropped in front of the enemy king would stand."""
    board, hand, side = state
    board = dict(board)
    hand = collections.Counter(hand)
    own = str.upper if side == "w" else str.lower
    if "@" in move:
        hand[own(move[0])] -= 1
        board[move[2:4]] = own(move[0])
    else:
        piece = board.pop(move[0:2])
        if move[2:4] in board:
            hand[own(board[move[2:4]].lstrip("+"))] += 1
        board[move[2:4]] = ("+" + piece) if move.endswith("+") else piece
    return board, hand, ("b" if side == "w" else "w")


def pawn_drop_mate(fen, moves, state, legal_moves):
    """The drop of a pawn in front of the enemy king that FS lists but that mates (FS lets
    it be played and makes its player lose; JSA forbids it: uchifuzume), or None."""
    board, hand, side = state
    king = "k" if side == "w" else "K"
    ksq = next((sq for sq, p in board.items() if p == king), None)
    if ksq is None:
        return None
    rank = int(ksq[1]) + (-1 if side == "w" else 1)
    if not 1 <= rank <= 9:
        return None
    drop = "P@" + ksq[0] + str(rank)
    if drop in legal_moves and not sf.legal_moves(V, fen, list(moves) + [drop]):
        return drop
    return None


def fs_divide(job):
    """FS's counts below every move: (raw, jsa, examples). raw counts what legal_moves
    lists; jsa leaves out the pawn drops that mate (uchifuzume), which FS lists."""
    fen, depth = job
    root = parse_fen(fen)
    raw, jsa, examples = {}, {}, []
    for m in legal(fen):
        s1 = apply(root, m)
        l2 = sf.legal_moves(V, fen, [m])
        if depth == 1:
            raw[m] = jsa[m] = 1
            continue
        mate_drop = m.startswith("P@") and not l2
        if depth == 2:
            raw[m] = len(l2)
            u = pawn_drop_mate(fen, [m], s1, l2)
            jsa[m] = raw[m] - (u is not None)
            if u:
                examples.append("%s %s" % (m, u))
        else:
            raw[m] = jsa[m] = 0
            for r in l2:
                s2 = apply(s1, r)
                l3 = sf.legal_moves(V, fen, [m, r])
                raw[m] += len(l3)
                u = pawn_drop_mate(fen, [m, r], s2, l3)
                jsa[m] += len(l3) - (u is not None)
                if u:
                    examples.append("%s %s %s" % (m, r, u))
        if mate_drop and sf.gives_check(V, fen, [m]):
            del jsa[m]
            examples.append(m)
    return raw, jsa, examples


# ---------------------------------------------------------------------------------------


class Report:
    def __init__(self, verbose):
        self.verbose = verbose
        self.kinds = collections.OrderedDict()

    def bad(self, kind, text):
        self.kinds.setdefault(kind, []).append(text)
        n = len(self.kinds[kind])
        if self.verbose or n <= 4:
            print("  DISAGREE [%s] %s" % (kind, text))
        elif n == 5:
            print("  DISAGREE [%s] ... (more like it counted below; -v prints them)" % kind)

    def total(self):
        return sum(len(v) for v in self.kinds.values())


def part_perft(runner, rep, positions, depth3, pool):
    print("== 1. perft: arbiter perft --divide against pyffish.legal_moves")
    jobs = [(fen, 2) for _, fen in positions] + [(fen, 3) for _, fen in depth3]
    fs_results = pool.map(fs_divide, jobs, chunksize=1)
    nodes = collections.Counter()
    agreed = 0
    uchi = 0
    for (label, fen), (_, depth), (raw, jsa, examples) in zip(positions + depth3, jobs,
                                                              fs_results):
        got, err = perft_divide(runner, fen, depth)
        if err:
            rep.bad("perft", "%s: %s: arbiter perft failed: %s" % (label, fen, err))
            continue
        div, total = got
        nodes[depth] += sum(raw.values())
        # arbiter leaves out the pawn drops that mate (uchifuzume), which FS lists: it is
        # held to FS's counts without them.
        problems = compare_divide(div, total, jsa, depth)
        if raw != jsa:
            uchi += 1
        if problems:
            rep.bad("perft", "%s: --fen '%s' --depth %d: %s" % (label, fen, depth,
                                                              "; ".join(problems)))
            continue
        agreed += 1
    print("  %d of %d perft runs agreed with FS's counts (depth 2: %d positions, %d nodes; "
          "depth 3: %d positions, %d nodes); in %d of them FS's count also has pawn drops that "
          "mate, which the rules forbid and arbiter leaves out" % (
              agreed, len(jobs), len(positions), nodes[2], len(depth3), nodes[3], uchi))


def compare_divide(div, total, fsd, depth):
    problems = []
    only_arb = sorted(set(div) - set(fsd))
    only_fs = sorted(set(fsd) - set(div))
    if only_arb:
        problems.append("moves only arbiter makes: %s" % " ".join(only_arb[:12]))
    if only_fs:
        problems.append("moves only FS makes: %s" % " ".join(only_fs[:12]))
    diff = [m for m in sorted(set(div) & set(fsd)) if div[m] != fsd[m]]
    if diff:
        problems.append("counts below (arbiter/FS): %s" % ", ".join(
            "%s %d/%d" % (m, div[m], fsd[m]) for m in diff[:8]))
    fs_total = sum(fsd.values())
    if total != fs_total:
        problems.append("perft %d: arbiter %s, FS %d" % (depth, total, fs_total))
    return problems


def perft_positions(games, count):
    """Positions from the random games: in check first, then with promoted pieces and hands."""
    seen = set()
    checks, rich, other = [], [], []
    for g in games:
        for ply in range(4, len(g.moves) + 1, 7):
            fen = g.fens[ply]
            if ply == g.end_ply or not legal(g.fens[ply]):
                continue
            key = fen.split()[0] + fen.split()[1]
            if key in seen:
                continue
            seen.add(key)
            board, hand, _ = parse_fen(fen)
            label = "random game seed %d ply %d" % (g.seed, ply)
            if g.checks[ply]:
                checks.append((label, fen))
            elif sum(hand.values()) >= 3 and any(p.startswith("+") for p in board.values()):
                rich.append((label, fen))
            else:
                other.append((label, fen))
    out = checks[:count // 3]
    out += rich[:count - len(out) - count // 4]
    out += other[:count - len(out)]
    return out[:count]


def part_games(runner, rep, games):
    print("== 2. random games: validate, convert (pgn, lan, uci, fen) and adjudicate")
    text = "\n".join(g.pgn(tags_for("random game %d" % g.seed, i + 1, g.result))
                     for i, g in enumerate(games))
    path = runner.write("random-games.pgn", text)
    plies = sum(len(g.moves) for g in games)
    ends = collections.Counter(g.termination or "open (max plies)" for g in games)
    feats = collections.Counter()
    for g in games:
        feats.update(g.features)
    print("  %d games, %d plies (%s); %s" % (len(games), plies, ", ".join(
        "%s %d" % kv for kv in sorted(ends.items())), ", ".join(
        "%s %d" % kv for kv in sorted(feats.items()))))
    print("  file: %s" % path)

    # validate: every game valid, no diagnostic at all.
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    clean = 0
    for line in out.splitlines():
        d = json.loads(line)
        if "summary" in d:
            continue
        g = games[d["game"] - 1]
        if not d["valid"] or d["problems"]:
            for p in d["problems"]:
                rep.bad("validate", "seed %d (game %d) %s %s at %s %s: %s%s" % (
                    g.seed, d["game"], p["severity"], p.get("kind"), p.get("move", ""),
                    p.get("san", ""), p["message"],
                    ("; position " + p["fen"]) if p.get("fen") else ""))
        else:
            clean += 1
    if rc != 0:
        rep.bad("validate", "arbiter validate exited %d on %s" % (rc, path))
    print("  validate: %d of %d games valid without a diagnostic (exit %d)" % (
        clean, len(games), rc))

    # convert --to pgn: the same SAN.
    rc, out, err = runner.run(["convert", "--to", "pgn", "-q", path])
    conv = split_games(out)
    same = 0
    for g, (tags, toks) in zip(games, conv):
        mine = g.sans
        theirs = toks[:-1] if toks and toks[-1] in RESULTS else toks
        if theirs != mine:
            i = next((k for k in range(min(len(mine), len(theirs))) if mine[k] != theirs[k]),
                     min(len(mine), len(theirs)))
            rep.bad("convert-pgn", "seed %d ply %d: arbiter writes %s, the script %s (FEN %s, "
                    "move %s)" % (g.seed, i + 1, theirs[i] if i < len(theirs) else "(end)",
                                  mine[i] if i < len(mine) else "(end)", g.fens[i],
                                  g.moves[i] if i < len(g.moves) else "-"))
        else:
            same += 1
    if len(conv) != len(games) or rc != 0:
        rep.bad("convert-pgn", "convert --to pgn: exit %d, %d games for %d" % (
            rc, len(conv), len(games)))
    print("  convert --to pgn: %d of %d games in the same SAN" % (same, len(games)))

    # convert --to lan and --to uci: FS's moves; read back to the same SAN.
    for fmt in ("lan", "uci"):
        rc, out, err = runner.run(["convert", "--to", fmt, "-q", path])
        conv = split_games(out)
        same = 0
        for g, (tags, toks) in zip(games, conv):
            toks = toks[:-1] if toks and toks[-1] in RESULTS else toks
            ok = len(toks) == len(g.moves)
            for i, (t, m) in enumerate(zip(toks, g.moves)):
                got = read_coordinates(t, fmt)
                if got != m:
                    ok = False
                    rep.bad("convert-" + fmt, "seed %d ply %d: arbiter writes %r for FS's %s "
                            "(SAN %s, FEN %s)" % (g.seed, i + 1, t, m, g.sans[i], g.fens[i]))
            if len(toks) != len(g.moves):
                rep.bad("convert-" + fmt, "seed %d: %d moves written for %d" % (
                    g.seed, len(toks), len(g.moves)))
            same += ok
        if rc != 0:
            rep.bad("convert-" + fmt, "convert --to %s exited %d: %s" % (
                fmt, rc, err.strip()[:300]))
        print("  convert --to %s: %d of %d games move for move FS's (exit %d)" % (
            fmt, same, len(games), rc))
        back = runner.write("random-games.%s.pgn" % fmt, out)
        rc2, out2, err2 = runner.run(["validate", "-q", "--format", "json", back])
        invalid = [json.loads(l) for l in out2.splitlines()]
        invalid = [d for d in invalid if "summary" not in d and not d["valid"]]
        for d in invalid:
            p = next((p for p in d["problems"] if p["severity"] == "error"), {})
            rep.bad("readback-" + fmt, "game %d (seed %d) of the %s conversion is refused: "
                    "%s %s" % (d["game"], games[d["game"] - 1].seed, fmt, p.get("kind"),
                               p.get("message")))
        rc3, out3, err3 = runner.run(["convert", "--to", "pgn", "-q", back])
        back_sans = split_games(out3)
        same = sum(1 for g, (t, toks) in zip(games, back_sans)
                   if [x for x in toks if x not in RESULTS] == g.sans)
        if same != len(games):
            rep.bad("readback-" + fmt, "%d of %d games read back from --to %s to other SAN"
                    % (len(games) - same, len(games), fmt))
        print("  %s read back: validate exit %d, %d invalid; %d of %d games back to the same "
              "SAN" % (fmt, rc2, len(invalid), same, len(games)))

    # The script's own board arithmetic (used to find pawn-drop mates in perft) against FS.
    for g in games:
        state = parse_fen(g.fens[0])
        for i, m in enumerate(g.moves):
            state = apply(state, m)
            b, h, side = parse_fen(g.fens[i + 1])
            if (state[0], +state[1], state[2]) != (b, +h, side):
                rep.bad("script", "seed %d ply %d: apply() differs from FS's %s" % (
                    g.seed, i + 1, g.fens[i + 1]))
                break

    # convert --to fen: FS's positions.
    rc, out, err = runner.run(["convert", "--to", "fen", "-q", path])
    blocks = [b.split("\n") for b in out.strip("\n").split("\n\n")]
    fen_ok = 0
    for g, block in zip(games, blocks):
        block = [l for l in block if l.strip()]
        ok = len(block) == len(g.fens)
        for i, (a, f) in enumerate(zip(block, g.fens)):
            if not same_position(a, f):
                ok = False
                rep.bad("convert-fen", "seed %d after ply %d: arbiter %s, FS %s" % (
                    g.seed, i, a, f))
                break
        fen_ok += ok
    print("  convert --to fen: %d of %d games position for position FS's" % (
        fen_ok, len(games)))

    compare_adjudicate(runner, rep, games, path, "random games")


def read_coordinates(token, fmt):
    """A LAN or UCI token as FS's UCI, or None."""
    t = token.rstrip("+#") if fmt == "lan" else token
    m = re.match(r"^([A-Z])@([a-i][1-9])$", t)
    if m:
        return m.group(1) + "@" + m.group(2)
    if fmt == "lan":
        m = re.match(r"^\+?[A-Z]([a-i][1-9])x?([a-i][1-9])(=\+[A-Z])?$", t)
        if m:
            return m.group(1) + m.group(2) + ("+" if m.group(3) else "")
        return None
    m = re.match(r"^([a-i][1-9])([a-i][1-9])(\+[a-z])?$", t)
    if m:
        return m.group(1) + m.group(2) + ("+" if m.group(3) else "")
    return None


def compare_adjudicate(runner, rep, games, path, what):
    rc, out, err = runner.run(["adjudicate", "--format", "json", "-j", "1", path])
    agreed = 0
    seen = 0
    for line in out.splitlines():
        d = json.loads(line)
        if "summary" in d:
            continue
        seen += 1
        g = games[d["game"] - 1]
        v = d.get("verdict") or {}
        label = getattr(g, "label", "seed %s" % getattr(g, "seed", "?"))
        problems = []
        if g.over:
            at = (v.get("at") or {}).get("ply")
            if not v.get("decided") or v.get("result") != g.result or at != g.end_ply:
                problems.append("FS: %s %s after ply %d; arbiter: %s %s at ply %s (%s)" % (
                    g.termination, g.result, g.end_ply, v.get("kind"), v.get("result"), at,
                    v.get("headline")))
        else:
            if v.get("decided"):
                problems.append("FS: not over after %d plies; arbiter: %s %s at ply %s (%s)"
                                % (len(g.moves), v.get("kind"), v.get("result"),
                                   (v.get("at") or {}).get("ply"), v.get("headline")))
        errors = [p for p in d.get("problems", []) if p["severity"] == "error"]
        for p in errors:
            problems.append("error: %s" % p["message"])
        # The facts of the final position: FS's legal moves there (the game may be over by
        # repetition, which leaves the moves legal: it is neither mate nor a position without
        # moves), and no draw claims (shogi has no threefold or fifty-move claim).
        final = d.get("final") or {}
        in_check, moves = g.checks[-1], len(g.legal)
        # (A game ended by a fourth repetition is over: arbiter counts no legal move there,
        # where FS still lists them; it is neither mate nor a position without moves.)
        kind = (d.get("verdict") or {}).get("kind")
        if kind in ("sennichite", "perpetual-check"):
            moves = 0
        facts = {"legal_moves": moves, "checkmate": in_check and not moves and kind != "perpetual-check"
                 and kind != "sennichite",
                 "stalemate": False}
        wrong = ["%s %s (FS %s)" % (k, final.get(k), v) for k, v in facts.items()
                 if final.get(k) != v]
        if wrong:
            rep.bad("adjudicate-final", "%s (%s game %d, %s %s after ply %d): final position "
                    "%s: %s" % (label, what, d["game"], g.termination or "open", g.result,
                                len(g.moves), g.fens[-1], ", ".join(wrong)))
        claims = [c for c in d.get("claims", [])]
        claims += [k for k in ("threefold", "threefold_by_move", "fifty_moves",
                               "fifty_moves_by_move", "fivefold", "seventy_five_moves")
                   if final.get(k)]
        if claims:
            rep.bad("adjudicate-claims", "%s (%s game %d): draw claims that shogi does not "
                    "have: %s" % (label, what, d["game"], "; ".join(
                        c if isinstance(c, str) else "%s by %s after %s %s (%s)" % (
                            c.get("claim"), c.get("by"), c.get("after", {}).get("move"),
                            c.get("after", {}).get("san"), c.get("way")) for c in claims)))
        if problems:
            rep.bad("adjudicate", "%s (%s game %d): %s" % (label, what, d["game"],
                                                         "; ".join(problems)))
        else:
            agreed += 1
    if seen != len(games):
        rep.bad("adjudicate", "%s: %d verdicts for %d games (exit %d) %s" % (
            what, seen, len(games), rc, err.strip()[:200]))
    print("  adjudicate (%s): %d of %d verdicts agree with FS (exit %d)" % (
        what, agreed, len(games), rc))
    return out


def illegal_candidates(fen, legal_moves, rng, limit=2):
    """Moves FS refuses in fen, by kind: [(kind, uci)]."""
    board, hand, side = parse_fen(fen)
    lset = set(legal_moves)
    out = []
    forced = [m[:-1] for m in legal_moves if m.endswith("+") and m[:-1] not in lset]
    rng.shuffle(forced)
    out += [("no promotion where it is forced", m) for m in forced[:limit]]
    outside = [m + "+" for m in legal_moves if "@" not in m and not m.endswith("+")
               and m + "+" not in lset and not board[m[0:2]].startswith("+")
               and board[m[0:2]].upper() not in ("G", "K")]
    rng.shuffle(outside)
    out += [("promotion outside the zone", m) for m in outside[:limit]]
    golds = [m + "+" for m in legal_moves if "@" not in m and board[m[0:2]].upper() == "G"]
    rng.shuffle(golds)
    out += [("a gold promoting", m) for m in golds[:1]]
    own = (lambda c: c.isupper()) if side == "w" else (lambda c: c.islower())
    letters = {c.upper() for c in hand if own(c) and hand[c]}
    empties = [f + str(r) for f in FILES for r in range(1, 10) if f + str(r) not in board]
    last = {"w": (9, 8), "b": (1, 2)}[side]
    if "P" in letters:
        pawn = "P" if side == "w" else "p"
        files = {s[0] for s, p in board.items() if p == pawn}
        nifu = [s for s in empties if s[0] in files and int(s[1]) != last[0]]
        rng.shuffle(nifu)
        out += [("nifu", "P@" + s) for s in nifu[:limit]]
    for letter, ranks in (("P", last[:1]), ("L", last[:1]), ("N", last)):
        if letter in letters:
            squares = [s for s in empties if int(s[1]) in ranks]
            rng.shuffle(squares)
            out += [("%s dropped on a last rank" % letter, letter + "@" + s)
                    for s in squares[:1]]
    absent = [c for c in "RBGSNLP" if c not in letters]
    if absent and empties:
        out.append(("a drop from an empty hand", absent[0] + "@" + rng.choice(empties)))
    return [(k, m) for k, m in out if m not in lset]


def part_illegal(runner, rep, games, rng, per_game):
    print("== 3. illegal moves: arbiter validate must refuse each")
    cases = []  # (label, Game prefix, uci)
    for i, (label, fen) in enumerate(HAND_MADE):
        g = Game(fen)
        for kind, m in illegal_candidates(g.start, g.legal, rng, limit=3):
            cases.append(("hand-made %d (%s): %s" % (i, label, kind), g, 0, m))
    # Hand-picked ones that must be among them.
    musts = [(0, "P@a8"), (1, "P@i2"), (4, "P@e8"), (7, "P@e4"), (8, "P@c4"), (9, "N@d8"),
             (9, "L@d9"), (10, "P@d1"), (11, "e8e9"), (11, "c7c9"), (11, "g7f9"),
             (12, "h4g2"), (13, "c3c4+"), (14, "c6c7+")]
    for idx, m in musts:
        g = Game(HAND_MADE[idx][1])
        if m in g.legal and m.startswith("P@") and not legal(g.start, [m]) \
                and sf.game_result(V, g.start, [m]) > 0:
            kind = "uchifuzume (FS lists the drop and makes its player lose)"
            cases.append(("hand-made %d (%s): %s, %s" % (idx, HAND_MADE[idx][0], m, kind),
                          g, 0, m))
            continue
        if m in g.legal:
            rep.bad("illegal", "FS allows %s in hand-made %d (%s): the script's premise is "
                    "wrong" % (m, idx, HAND_MADE[idx][0]))
            continue
        cases.append(("hand-made %d (%s): %s" % (idx, HAND_MADE[idx][0], m), g, 0, m))
    for g in games:
        plies = list(range(1, len(g.moves)))
        rng.shuffle(plies)
        taken = 0
        for ply in plies:
            if taken >= per_game:
                break
            lm = sorted(legal(g.fens[ply]))
            cands = illegal_candidates(g.fens[ply], lm, rng, limit=1)
            if not cands:
                continue
            kind, m = rng.choice(cands)
            cases.append(("seed %d ply %d: %s" % (g.seed, ply, kind), g, ply, m))
            taken += 1
    texts = []
    expect = []
    for n, (label, g, ply, m) in enumerate(cases):
        board = parse_fen(g.fens[ply])[0]
        lm = g.legal if ply == len(g.moves) else legal(g.fens[ply])
        san = san_of(board, m, lm) if ("@" in m or m[0:2] in board) else m
        sub = Game.__new__(Game)
        sub.__dict__.update(g.__dict__)
        sub.sans = g.sans[:ply]
        sub.comments = {}
        texts.append(sub.pgn(tags_for("illegal %d: %s" % (n + 1, label), n + 1, "*"),
                             extra_sans=[san], result="*"))
        expect.append((label, san, ply, g.fens[ply], m))
    path = runner.write("illegal.pgn", "\n".join(texts))
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    refused = 0
    kinds = collections.Counter()
    for line in out.splitlines():
        d = json.loads(line)
        if "summary" in d:
            continue
        label, san, ply, fen, m = expect[d["game"] - 1]
        errors = [p for p in d["problems"] if p["severity"] == "error"]
        named = [p for p in errors if p.get("san") == san or san in p["message"]]
        kinds.update(p.get("kind") for p in named[:1])
        if d["valid"] or not named:
            rep.bad("illegal", "%s: arbiter %s %s (FS: %s is not legal) in %s; problems: %s"
                    % (label, "accepts" if d["valid"] else "refuses, not naming", san, m, fen,
                       "; ".join(p["message"] for p in d["problems"]) or "none"))
        elif len(errors) != len(named):
            rep.bad("illegal", "%s: errors besides the one at %s: %s" % (
                label, san, "; ".join(p["message"] for p in errors if p not in named)))
        else:
            refused += 1
    print("  %d of %d illegal moves refused by name (%s); validate exit %d" % (
        refused, len(cases), ", ".join("%s %d" % kv for kv in kinds.items()), rc))
    print("  file: %s" % path)


def scripted(label, fen, prefix, cycle, repeats, extra=()):
    """A game of the moves given; where FS ends it before the last, it ends there."""
    g = Game(fen)
    g.label = label
    for m in list(prefix) + list(cycle) * repeats + list(extra):
        if g.over:
            g.label += " (FS ended it %d plies early)" % (
                len(prefix) + len(cycle) * repeats + len(extra) - len(g.moves))
            break
        g.push(m)
    return g


def part_endings(runner, rep, games, rng):
    print("== 4. endings: fourfold repetition and perpetual check, adjudicate against FS")
    cases = []
    rook = "4k4/9/9/9/3R5/9/9/9/K8 w - - 0 1"
    cases.append(scripted("start: rooks shuffle, no check", START, [],
                          ["h2g2", "b8c8", "g2h2", "c8b8"], 3))
    cases.append(scripted("start: one ply short of the fourth occurrence", START, [],
                          ["h2g2", "b8c8", "g2h2", "c8b8"], 2, ["h2g2", "b8c8", "g2h2"]))
    cases.append(scripted("rook checks every move (White loses)", rook, [],
                          ["d5e5", "e9d9", "e5d5", "d9e9"], 3))
    cases.append(scripted("rook checks every other move (draw)", rook, [],
                          ["d5e5", "e9f9", "e5d5", "f9e9"], 3))
    cases.append(scripted("kings shuffle beside the rook (draw)", rook, [],
                          ["a1a2", "e9f9", "a2a1", "f9e9"], 3))
    cases.append(scripted("a quiet move, then checks from the first occurrence (White loses)",
                          "5k3/9/9/9/9/3R5/9/9/K8 w - - 0 1", ["d4d5", "f9e9"],
                          ["d5e5", "e9d9", "e5d5", "d9e9"], 3))
    cases.append(scripted("the fourth occurrence reached by a check (White loses)",
                          "4k4/9/9/9/4R4/9/9/9/K8 b - - 0 1", [],
                          ["e9d9", "e5d5", "d9e9", "d5e5"], 3))
    cases.append(scripted("Black's rook checks every move (Black loses)",
                          "4k4/9/9/9/3r5/9/9/9/4K4 b - - 0 1", [],
                          ["d5e5", "e1d1", "e5d5", "d1e1"], 3))
    quiet = ["a1a2", "e9f9", "a2a1", "f9e9"]
    checks = ["d5e5", "e9d9", "e5d5", "d9e9"]
    cases.append(scripted("a quiet cycle, then two of checks (draw)", rook, [],
                          quiet + checks * 2, 1))
    cases.append(scripted("checks, a quiet cycle, checks (draw)", rook, [],
                          checks + quiet + checks, 1))
    cases.append(scripted("two cycles of checks, then a quiet one (draw)", rook, [],
                          checks * 2 + quiet, 1))
    cases.append(scripted("start: the fourth occurrence by two different cycles", START, [],
                          ["h2g2", "b8c8", "g2h2", "c8b8", "h2f2", "b8d8", "f2h2", "d8b8"] +
                          ["h2g2", "b8c8", "g2h2", "c8b8"], 1))
    cases.append(scripted("the board five times, the hands different each time (open)",
                          "8k/9/4g4/9/9/9/9/9/K8[PPPPPPPP] w - - 0 1", [],
                          ["P@e6", "e7e6", "a1a2", "e6e7", "P@e6", "e7e6", "a2a1", "e6e7"], 4))
    cases.append(scripted("perpetual check with pieces in hand",
                          "4k4/9/9/9/3R5/9/9/9/K8[GSgs] w - - 0 1", [],
                          ["d5e5", "e9d9", "e5d5", "d9e9"], 3))
    # Cycles found in the random games.
    found = collections.Counter()
    for kind in ("plain", "perpetual", "mixed"):
        want = 3 if kind != "perpetual" else 4
        for g in games:
            if found[kind] >= want:
                break
            for ply in range(len(g.moves) - 1, 10, -9):
                if ply >= (g.end_ply or 10 ** 9):
                    continue
                cyc = find_cycle(g.start, g.moves[:ply], kind, rng, tries=40)
                if cyc:
                    try:
                        c = scripted("seed %d ply %d, %s cycle %s" % (g.seed, ply, kind,
                                                                     " ".join(cyc)),
                                     g.start, g.moves[:ply], cyc, 3)
                    except RuntimeError as e:
                        print("  (skipped: %s)" % e)
                        continue
                    c.seed = g.seed
                    cases.append(c)
                    found[kind] += 1
                    break
    print("  cycles found in the random games: %s" % ", ".join(
        "%s %d" % kv for kv in sorted(found.items())))
    for c in cases:
        print("  FS: %-70s %s %s" % (c.label[:70], c.termination or "not over",
                                     c.result if c.over else ""))
    text = "\n".join(c.pgn(tags_for("ending %d: %s" % (i + 1, c.label), i + 1, c.result))
                     for i, c in enumerate(cases))
    path = runner.write("endings.pgn", text)
    rc, out, err = runner.run(["validate", "--format", "json", "-j", "1", path])
    for line in out.splitlines():
        d = json.loads(line)
        if "summary" not in d and (not d["valid"] or d["problems"]):
            rep.bad("validate", "%s: %s" % (cases[d["game"] - 1].label, "; ".join(
                p["message"] for p in d["problems"])))
    compare_adjudicate(runner, rep, cases, path, "endings")
    print("  file: %s" % path)
    return cases


def truncated(g, n):
    """The first n plies of a game, as an unfinished game (FS did not end it there)."""
    t = Game.__new__(Game)
    t.__dict__.update(g.__dict__)
    t.moves, t.sans, t.fens = g.moves[:n], g.sans[:n], g.fens[:n + 1]
    t.result, t.termination, t.end_ply = "*", None, None
    t.features = collections.Counter()
    for san in t.sans:
        t.features["drop"] += "@" in san
        t.features["capture"] += "x" in san
        t.features["promotion"] += "=+" in san
    return t


def write_corpus(path, games, endings):
    """About twelve games: random games (checkmates of several lengths, unfinished games of
    several lengths, one rich in promotions, drops and captures of promoted pieces) and
    random games ended by a cycle found by the script (fourfold repetition, perpetual check
    lost by the checker, a cycle with checks on every other move)."""
    picked = []
    cycles = [e for e in endings if e.label.startswith("seed ") and e.over]
    for kind in ("plain", "perpetual", "mixed"):
        e = next((e for e in cycles if ", %s cycle" % kind in e.label
                  and all(p.seed != e.seed for p in picked)), None)
        if e is not None:
            picked.append(e)
    chosen = [g for g in games if any(p.seed == g.seed for p in picked)]  # left out below

    def take(pred, key=None, n=1):
        pool = [g for g in games if g not in chosen and pred(g)]
        if key:
            pool.sort(key=key)
        chosen.extend(pool[:n])

    left_out = len(chosen)
    mates = lambda g: g.termination == "checkmate"
    take(mates, key=lambda g: len(g.moves))
    take(mates, key=lambda g: -len(g.moves))
    take(lambda g: mates(g) and 40 <= len(g.moves) <= 140, key=lambda g: g.seed, n=3)
    take(lambda g: True, key=lambda g: (-g.features["capture of a promoted piece"],
                                        -g.features["drop"], g.seed))
    take(lambda g: not g.over, key=lambda g: g.seed)
    rest = [g for g in games if g not in chosen]
    uniform = [g for g in rest if g.policy == "uniform"]
    aggressive = [g for g in rest if g.policy != "uniform"]
    for g, n in ((uniform[0] if uniform else None, 24), (aggressive[0] if aggressive
                                                         else None, 70)):
        if g is not None and len(g.moves) > n:
            chosen.append(truncated(g, n))
    chosen = chosen[left_out:]
    out = []
    for n, g in enumerate(chosen + picked):
        if g in picked:
            m = re.match(r"seed (\d+) ply (\d+), (\w+) cycle", g.label)
            seed, ply = int(m.group(1)), int(m.group(2))
            g.comments = {ply: "From here the same four moves three times (found by "
                               "bench/shogi_pyffish.py): %s." % g.termination}
        else:
            seed = g.seed
            g.comments = {}
        event = "arbiter shogi corpus: random game %d (Fairy-Stockfish legal moves)" % seed
        out.append(g.pgn(tags_for(event, n + 1, g.result)))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out))
    print("== corpus: %d games written to %s" % (len(out), path))
    for n, g in enumerate(chosen + picked):
        print("  %2d. %3d plies  %-16s %-7s  %s" % (
            n + 1, len(g.moves), g.termination or "unfinished", g.result, ", ".join(
                "%s %d" % kv for kv in sorted(g.features.items()))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--arbiter", default=DEFAULT_ARBITER)
    ap.add_argument("--seed", type=int, default=1, help="first random seed (default 1)")
    ap.add_argument("--games", type=int, default=24, help="random games (default 24)")
    ap.add_argument("--max-plies", type=int, default=200)
    ap.add_argument("--positions", type=int, default=60,
                    help="random positions for perft at depth 2 (default 60)")
    ap.add_argument("--depth3", type=int, default=4,
                    help="random positions (in check, fewest moves) also at depth 3")
    ap.add_argument("--illegal-per-game", type=int, default=2)
    ap.add_argument("--write-corpus", action="store_true",
                    help="(re)write the corpus file from the random games")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS)
    ap.add_argument("--keep", metavar="DIR", help="keep the PGN files written in DIR")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-v", "--verbose", action="store_true", help="print every disagreement")
    args = ap.parse_args()

    if not os.access(args.arbiter, os.X_OK):
        sys.stderr.write("shogi_pyffish: no arbiter at %s (cargo build --release)\n"
                         % args.arbiter)
        return 2
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        tmp = tempfile.mkdtemp(prefix="shogi_pyffish.")
    runner = Runner(args.arbiter, tmp)
    rep = Report(args.verbose)
    rng = random.Random(args.seed * 7919)

    t0 = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        jobs = [(args.seed + i, args.max_plies, "uniform" if i % 3 == 0 else "aggressive")
                for i in range(args.games)]
        games = pool.map(random_game, jobs, chunksize=1)
        print("(%d random games played in %.0f s)" % (len(games), time.time() - t0))
        positions = [("start", START)]
        positions += [("hand-made %d (%s)" % (i, label), fs_fen(fen))
                      for i, (label, fen) in enumerate(HAND_MADE)]
        positions += perft_positions(games, args.positions)
        depth3 = [("start", START)]
        depth3 += [("hand-made %d (%s)" % (i, HAND_MADE[i][0]), fs_fen(HAND_MADE[i][1]))
                   for i in sorted(DEPTH3_HAND_MADE)]
        in_check = sorted((len(legal(fen)), label, fen) for label, fen in positions
                          if label.startswith("random") and sf.gives_check(V, fen, []))
        depth3 += [(label, fen) for _, label, fen in in_check[:args.depth3]]
        part_perft(runner, rep, positions, depth3, pool)
    print("(%.0f s)" % (time.time() - t0))
    part_games(runner, rep, games)
    print("(%.0f s)" % (time.time() - t0))
    part_illegal(runner, rep, games, rng, args.illegal_per_game)
    print("(%.0f s)" % (time.time() - t0))
    endings = part_endings(runner, rep, games, rng)
    if args.write_corpus:
        write_corpus(args.corpus, games, endings)
        rc, out, err = runner.run(["validate", "--format", "json", args.corpus])
        for line in out.splitlines():
            d = json.loads(line)
            if "summary" not in d and (not d["valid"] or d["problems"]):
                rep.bad("corpus", "arbiter validate on %s, game %d: %s" % (
                    args.corpus, d["game"], "; ".join("%s %s %s" % (
                        p.get("move", ""), p.get("san", ""), p["message"])
                        for p in d["problems"])))
        if rc != 0:
            rep.bad("corpus", "arbiter validate exits %d on %s" % (rc, args.corpus))
        rc, out, err = runner.run(["adjudicate", "-q", args.corpus])
        if rc != 0:
            rep.bad("corpus", "arbiter adjudicate disagrees on %s: %s" % (args.corpus,
                                                                         out + err))

    print("== summary (%.0f s)" % (time.time() - t0))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    if rep.total():
        for kind, items in rep.kinds.items():
            print("  %s: %d disagreement(s)" % (kind, len(items)))
        return 1
    print("  everything agreed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
