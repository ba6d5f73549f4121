#!/usr/bin/env python3
"""Checks `arbiter validate` against python-chess on real games with planted errors.

Takes games from real archives (by default a few files of ../shared/corpus/orthodox, see
bench/README.md), writes a copy of them to a temporary folder in which about one game in
ten carries exactly one corruption of its main line, and keeps a manifest of what was
planted where. There are four kinds of corruption, each used equally often, and each is
checked with python-chess to be what it claims:

- `illegal`: a piece move is replaced by a move of the same kind of piece to a square
  that no piece of that kind can reach (`Nc5` becomes `Ng2`);
- `ambiguous`: a move whose SAN needs its disambiguation loses it (`Nbd2` becomes
  `Nd2` while the knight on f3 can go to d2 too);
- `promotion`: a promotion names a king (`e8=Q` becomes `e8=K`) or no piece (`e8`);
- `later`: a move is replaced by another legal move, so that a later move of the game
  becomes illegal or ambiguous. The error is expected at that later move.

Then it runs `arbiter validate --format json --quiet` on the corrupted file and compares
the first error arbiter reports for each game with the manifest: the move (`23.` for
White's 23rd move, `23...` for Black's) must be the one recorded. python-chess reads the
same file as the reference and is scored the same way.

Each game is written back as it was, except for its layout: text before the first tag of
a file (such as a BOM) is dropped, the tag section is followed by exactly one empty line,
empty lines inside the movetext are dropped, and each line is decoded as UTF-8, or as
ISO-8859-1 where it is not UTF-8, and written as UTF-8. This keeps python-chess, which
ends a game at an empty line, in step with arbiter. Line ends (CRLF or LF) are kept.
Only games that python-chess reads without error, that have at least one move and no
variations in the main line, and that are standard chess, are used.

`--self-test` needs no arbiter: it plants the corruptions (200 with the default settings)
and checks with python-chess that every corrupted game fails at the recorded move and
nowhere before, and that every untouched game reads without error.

Needs python-chess (`pip install chess`). The last line is `N passed, M failed`, counted
in games. Exits 0 when all games agree with the manifest, 1 when some do not, 2 on a
usage error or when arbiter cannot be run; skips (exit 0) when the default corpus is
absent.
"""

import argparse
import io
import json
import logging
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import chess
    import chess.pgn
except ImportError:  # pragma: no cover - depends on the machine
    sys.exit("compare_validate.py needs python-chess: pip install chess")

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.normpath(os.path.join(CRATE, "..", "shared", "corpus"))
DEFAULT_INPUTS = [
    os.path.join(CORPUS, "orthodox", "pgnmentor", "data_Fischer.pgn"),
    os.path.join(CORPUS, "orthodox", "pgnmentor", "data_Tal.pgn"),
    os.path.join(CORPUS, "orthodox", "pgnmentor", "data_Caruana.pgn"),
    os.path.join(CORPUS, "orthodox", "pgnmentor", "data_Navara.pgn"),
    os.path.join(CORPUS, "orthodox", "lichess"),
]
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")

KINDS = ["illegal", "ambiguous", "promotion", "later"]
# Kinds in the order they are handed out: the scarcest candidates first.
ASSIGN_ORDER = ["promotion", "ambiguous", "later", "illegal"]

# A whole line that is one tag pair.
TAG_LINE = re.compile(r'^\s*\[\s*[A-Za-z0-9_]+\s+"(?:[^"\\]|\\.)*"\s*\]\s*$')
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
MOVE_NUMBER = re.compile(r"^(\d+)\s*(\.\.\.|\.|…)?")
# What python-chess writes into its errors: `illegal san: 'Nxe5' in <fen>`.
PYCHESS_SAN = re.compile(r"san: '([^']*)'")
# Shown per group in the report.
SHOWN = 5


# ---------------------------------------------------------------------------------------
# Reading games


def decode_lines(data):
    """Decodes each line as UTF-8, or as ISO-8859-1 where it is not UTF-8."""
    out = []
    for raw in data.splitlines(keepends=True):
        try:
            out.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            out.append(raw.decode("iso-8859-1"))
    if out and out[0].startswith("\ufeff"):
        out[0] = out[0][1:]
    return out


class Chunk:
    """One game's text: its tag lines and its movetext lines, without line ends."""

    def __init__(self, path, number, newline):
        self.path = path
        self.number = number
        self.newline = newline
        self.tags = []
        self.moves = []

    def movetext(self):
        return "\n".join(self.moves)

    def render(self, movetext=None):
        """The game as written to the corrupted file (see the module's docstring)."""
        if movetext is None:
            movetext = self.movetext()
        nl = self.newline
        return nl.join(self.tags) + nl + nl + movetext.replace("\n", nl) + nl + nl


def split_games(path):
    """Cuts a PGN file into games: a game starts at a tag line outside a comment that
    does not follow another tag line (empty lines between two tag lines keep the game)."""
    with open(path, "rb") as f:
        lines = decode_lines(f.read())
    chunks = []
    state = "before"  # before the first tag, in the tags, or in the movetext
    in_comment = False
    for line in lines:
        newline = "\r\n" if line.endswith("\r\n") else "\n"
        text = line.rstrip("\r\n")
        if not in_comment and TAG_LINE.match(text):
            if state != "tags":
                chunks.append(Chunk(path, len(chunks) + 1, newline))
                state = "tags"
            chunks[-1].tags.append(text.strip())
            continue
        if state == "before" or not text.strip():
            continue
        state = "moves"
        chunks[-1].moves.append(text)
        if text.startswith("%"):
            continue
        for ch in text:
            if in_comment:
                in_comment = ch != "}"
            elif ch == "{":
                in_comment = True
            elif ch == ";":
                break
    return chunks


def mainline_tokens(movetext):
    """The spans (start, end) of the main line's SAN tokens in the movetext, without
    move numbers and without `!`/`?` glyphs, up to the result."""
    spans = []
    depth = 0
    i, n = 0, len(movetext)
    line_start = True
    while i < n:
        ch = movetext[i]
        if ch == "\n":
            line_start = True
            i += 1
            continue
        if line_start and ch == "%":
            j = movetext.find("\n", i)
            i = n if j < 0 else j
            continue
        line_start = False
        if ch.isspace():
            i += 1
        elif ch == "{":
            j = movetext.find("}", i)
            i = n if j < 0 else j + 1
        elif ch == ";":
            j = movetext.find("\n", i)
            i = n if j < 0 else j
        elif ch == "(":
            depth += 1
            i += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
            i += 1
        else:
            j = i
            while j < n and not movetext[j].isspace() and movetext[j] not in "{}();":
                j += 1
            token = movetext[i:j]
            start = i
            i = j
            if depth:
                continue
            if token in RESULTS:
                break
            if token.startswith("$"):
                continue
            m = re.match(r"\d*\.+", token)
            if m:
                start += m.end()
                token = token[m.end():]
            elif token.isdigit():
                continue
            core = token.rstrip("!?")
            if not core:
                continue
            spans.append((start, start + len(core)))
    return spans


class Game:
    """A usable game: its chunk, the main line's moves and where each is written."""

    def __init__(self, chunk, game, spans):
        self.chunk = chunk
        self.headers = game.headers
        self.start = game.board()
        self.moves = list(game.mainline_moves())
        self.spans = spans
        self.movetext = chunk.movetext()

    def written(self, ply):
        """The SAN written for the ply (0-based), without glyphs."""
        a, b = self.spans[ply]
        return self.movetext[a:b]

    def board_before(self, ply):
        board = self.start.copy(stack=False)
        for move in self.moves[:ply]:
            board.push(move)
        return board


def quiet_read(text):
    """python-chess's read_game, without logging its errors."""
    logger = logging.getLogger("chess.pgn")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        return chess.pgn.read_game(io.StringIO(text))
    finally:
        logger.setLevel(level)


def usable(chunk):
    """A Game, or the reason why this chunk is not used."""
    if not chunk.moves:
        return "no movetext"
    try:
        game = quiet_read(chunk.render().replace("\r\n", "\n"))
    except Exception as error:  # a python-chess bug
        return "python-chess raised %s" % type(error).__name__
    if game is None:
        return "python-chess read no game"
    variant = game.headers.get("Variant", "standard").lower()
    if variant not in ("standard", "chess", "normal") or type(game.board()) is not chess.Board:
        return "not standard chess"
    if game.errors:
        return "python-chess reports errors"
    moves = list(game.mainline_moves())
    if not moves:
        return "no moves"
    if any(len(node.variations) > 1 for node in game.mainline()) or len(game.variations) > 1:
        return "has variations"
    movetext = chunk.movetext()
    spans = mainline_tokens(movetext)
    if len(spans) != len(moves):
        return "movetext not understood"
    board = game.board()
    for move, (a, b) in zip(moves, spans):
        try:
            if board.parse_san(movetext[a:b]) != move:
                return "movetext not understood"
        except ValueError:
            return "movetext not understood"
        board.push(move)
    return Game(chunk, game, spans)


def expand_inputs(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                files.extend(os.path.join(root, n) for n in sorted(names) if n.endswith(".pgn"))
        else:
            files.append(path)
    return files


def take_games(files, limit):
    """Up to `limit` usable games, an equal share from the start of each file (a file
    with fewer leaves its share to the others). Returns the games and the skip reasons."""
    pending = [split_games(path) for path in files]
    picked = [[] for _ in files]
    skipped = {}
    cursor = [0] * len(files)
    total = 0
    while total < limit:
        open_files = [i for i in range(len(files)) if cursor[i] < len(pending[i])]
        if not open_files:
            break
        share = max(1, math.ceil((limit - total) / len(open_files)))
        for i in open_files:
            want = min(share, limit - total)
            while want > 0 and cursor[i] < len(pending[i]):
                chunk = pending[i][cursor[i]]
                cursor[i] += 1
                game = usable(chunk)
                if isinstance(game, Game):
                    picked[i].append(game)
                    want -= 1
                    total += 1
                else:
                    skipped[game] = skipped.get(game, 0) + 1
    return [g for games in picked for g in games], skipped


# ---------------------------------------------------------------------------------------
# Planting corruptions


def move_label(board):
    """`23.` for White to move at move 23, `23...` for Black."""
    return "%d%s" % (board.fullmove_number, "." if board.turn == chess.WHITE else "...")


def parse_label(text):
    """(number, side) of a move label such as `23.` or `23...`, or None."""
    if not isinstance(text, str):
        return None
    m = MOVE_NUMBER.match(text.strip())
    if not m:
        return None
    return int(m.group(1)), "b" if m.group(2) in ("...", "…") else "w"


def check_suffix(san):
    return san[-1] if san and san[-1] in "+#" else ""


def bare(san):
    """The SAN without its check sign: python-chess drops it from its error messages."""
    return san.rstrip("+#") if isinstance(san, str) else san


def fails(board, san):
    """The python-chess error class name if `san` cannot be played on `board`."""
    try:
        board.parse_san(san)
    except ValueError as error:
        return type(error).__name__
    return None


def plant_illegal(game, rng):
    """A move of the same kind of piece to a square no piece of that kind can reach."""
    plies = list(range(len(game.moves)))
    rng.shuffle(plies)
    for ply in plies:
        board = game.board_before(ply)
        move = game.moves[ply]
        piece = board.piece_type_at(move.from_square)
        if piece == chess.PAWN or board.is_castling(move):
            continue
        reach = chess.SquareSet()
        for sq in board.pieces(piece, board.turn):
            reach |= board.attacks(sq)
        if piece == chess.KING:  # not a square castling could take the king to
            king = board.king(board.turn)
            for df in (-2, 2):
                f = chess.square_file(king) + df
                if 0 <= f < 8:
                    reach.add(chess.square(f, chess.square_rank(king)))
        targets = [sq for sq in chess.SQUARES
                   if sq not in reach and not board.color_at(sq) == board.turn]
        if not targets:
            continue
        to = rng.choice(targets)
        san = chess.piece_symbol(piece).upper()
        san += ("x" if board.piece_at(to) else "") + chess.square_name(to)
        if fails(board, san) != "IllegalMoveError":
            continue
        return ply, san, ply
    return None


def plant_ambiguous(game, rng):
    """The real move without the disambiguation it needs."""
    plies = list(range(len(game.moves)))
    rng.shuffle(plies)
    for ply in plies:
        board = game.board_before(ply)
        move = game.moves[ply]
        piece = board.piece_type_at(move.from_square)
        if piece in (chess.PAWN, chess.KING) or move.promotion:
            continue
        rivals = [m for m in board.legal_moves if m.to_square == move.to_square
                  and m.from_square != move.from_square
                  and board.piece_type_at(m.from_square) == piece]
        if not rivals:
            continue
        san = chess.piece_symbol(piece).upper()
        san += ("x" if board.is_capture(move) else "") + chess.square_name(move.to_square)
        san += check_suffix(board.san(move))
        if fails(board, san) != "AmbiguousMoveError":
            continue
        return ply, san, ply
    return None


def plant_promotion(game, rng):
    """A promotion to a king, or to no piece."""
    plies = [p for p, m in enumerate(game.moves) if m.promotion]
    rng.shuffle(plies)
    for ply in plies:
        board = game.board_before(ply)
        right = board.san(game.moves[ply])
        letter = "=" + chess.piece_symbol(game.moves[ply].promotion).upper()
        if rng.random() < 0.5:
            san = right.replace(letter, "=K")
        else:
            san = right.replace(letter, "")
        if san == right or fails(board, san) != "IllegalMoveError":
            continue
        return ply, san, ply
    return None


def replay_after(game, ply, move):
    """Plays `move` instead of the game's move at `ply`, then the written moves after it.
    Returns the first later ply whose written SAN cannot be played, or None when all can
    (or when a written move would be judged differently only by its check sign or its
    disambiguation, which a strict reader might report at another move)."""
    board = game.board_before(ply)
    board.push(move)
    for later in range(ply + 1, len(game.moves)):
        written = game.written(later)
        try:
            played = board.parse_san(written)
        except ValueError:
            return later
        canonical = board.san(played)
        was_canonical = written == game.board_before(later).san(game.moves[later])
        if was_canonical and written != canonical:
            return None
        if check_suffix(written) != check_suffix(canonical):
            return None
        board.push(played)
    return None


def plant_later(game, rng):
    """Another legal move in place of the real one, which makes a later move fail."""
    if len(game.moves) < 2:
        return None
    for _ in range(8):
        ply = rng.randrange(len(game.moves) - 1)
        board = game.board_before(ply)
        others = [m for m in board.legal_moves if m != game.moves[ply]]
        rng.shuffle(others)
        for move in others[:6]:
            later = replay_after(game, ply, move)
            if later is not None:
                return ply, board.san(move), later
    return None


PLANTERS = {
    "illegal": plant_illegal,
    "ambiguous": plant_ambiguous,
    "promotion": plant_promotion,
    "later": plant_later,
}


def could_be(kind, game):
    """A cheap test that a kind might be planted in the game."""
    if kind == "promotion":
        return any(m.promotion for m in game.moves)
    if kind == "ambiguous":
        board = game.start.copy(stack=False)
        for move in game.moves:
            piece = board.piece_type_at(move.from_square)
            if piece not in (chess.PAWN, chess.KING) and any(
                    m.to_square == move.to_square and m.from_square != move.from_square
                    and board.piece_type_at(m.from_square) == piece
                    for m in board.legal_moves):
                return True
            board.push(move)
        return False
    return True


def plant(games, count, rng):
    """Plants `count` corruptions, the kinds as equal as the games allow. Returns the
    manifest, keyed by 1-based game index, and the per-kind shortfall."""
    quota = {kind: count // len(KINDS) for kind in KINDS}
    for kind in rng.sample(KINDS, count % len(KINDS)):
        quota[kind] += 1
    order = list(range(len(games)))
    rng.shuffle(order)
    taken = set()
    manifest = {}
    shortfall = {}
    for kind in ASSIGN_ORDER:
        need = quota[kind]
        for index in order:
            if need == 0:
                break
            if index in taken or not could_be(kind, games[index]):
                continue
            game = games[index]
            found = PLANTERS[kind](game, rng)
            if found is None:
                continue
            ply, san, error_ply = found
            taken.add(index)
            need -= 1
            at = game.board_before(error_ply)
            manifest[index + 1] = {
                "game": index + 1,
                "kind": kind,
                "white": game.headers.get("White", "?"),
                "black": game.headers.get("Black", "?"),
                "source": os.path.basename(game.chunk.path),
                "source_game": game.chunk.number,
                "changed_move": move_label(game.board_before(ply)),
                "changed_from": game.written(ply),
                "changed_to": san,
                "changed_ply": ply,
                "move": move_label(at),
                "san": san if error_ply == ply else game.written(error_ply),
                "ply": error_ply,
            }
        if need:
            shortfall[kind] = need
    return manifest, shortfall


def public(entry):
    """A manifest entry as written to manifest.json: half-moves counted from 1."""
    out = {k: v for k, v in entry.items() if k not in ("ply", "changed_ply")}
    out["changed_halfmove"] = entry["changed_ply"] + 1
    out["halfmove"] = entry["ply"] + 1
    return out


def write_corrupted(games, manifest, path):
    with open(path, "w", encoding="utf-8", newline="") as out:
        for index, game in enumerate(games, 1):
            entry = manifest.get(index)
            movetext = game.movetext
            if entry:
                a, b = game.spans[entry["changed_ply"]]
                movetext = movetext[:a] + entry["changed_to"] + movetext[b:]
            out.write(game.chunk.render(movetext))


# ---------------------------------------------------------------------------------------
# Judging


class Verdict:
    """What one reader says about one game: flagged or not, and where first."""

    def __init__(self, flagged, move=None, san=None, message=None, names=None):
        self.flagged = flagged
        self.move = move
        self.san = san
        self.message = message
        self.names = names


def pychess_verdicts(path):
    verdicts = []
    with open(path, encoding="utf-8", newline=None) as f:
        logger = logging.getLogger("chess.pgn")
        level = logger.level
        logger.setLevel(logging.CRITICAL)
        try:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                names = (game.headers.get("White", "?"), game.headers.get("Black", "?"))
                if not game.errors:
                    verdicts.append(Verdict(False, names=names))
                    continue
                # The main line stops before the move that failed.
                board = game.end().board()
                message = str(game.errors[0])
                m = PYCHESS_SAN.search(message)
                verdicts.append(Verdict(True, move_label(board), m and m.group(1),
                                        "%s: %s" % (type(game.errors[0]).__name__, message),
                                        names))
        finally:
            logger.setLevel(level)
    return verdicts


def run_arbiter(arbiter, path):
    """Runs `arbiter validate` and reads its JSON lines. Returns (verdicts by game index,
    summary, number of lines that were not JSON), or exits 2 when arbiter cannot run."""
    command = [arbiter, "validate", "--format", "json", "--quiet", path]
    try:
        proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        print("cannot run %s: %s" % (arbiter, error), file=sys.stderr)
        sys.exit(2)
    verdicts = {}
    summary = None
    bad_lines = 0
    sequence = 0
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            bad_lines += 1
            continue
        if not isinstance(obj, dict):
            bad_lines += 1
            continue
        if "summary" in obj and "game" not in obj:
            summary = obj["summary"]
            continue
        sequence += 1
        index = obj.get("game", sequence)
        if not isinstance(index, int):
            index = sequence
        problems = obj.get("problems") or []
        errors = [p for p in problems if isinstance(p, dict)
                  and str(p.get("severity", "error")).lower() in ("error", "fatal")]
        names = None
        if "white" in obj or "black" in obj:
            names = (obj.get("white", "?"), obj.get("black", "?"))
        if errors:
            first = errors[0]
            verdicts[index] = Verdict(True, first.get("move"), first.get("san"),
                                      first.get("message"), names)
        else:
            verdicts[index] = Verdict(obj.get("valid") is False, None, None,
                                      "valid: false with no error" if obj.get("valid") is False
                                      else None, names)
    if not verdicts and proc.returncode not in (0, 1):
        print("`%s` exited with status %d and wrote no game:\n%s"
              % (" ".join(command), proc.returncode,
                 proc.stderr.decode("utf-8", "replace").strip()), file=sys.stderr)
        sys.exit(2)
    return verdicts, summary, bad_lines


def judge(games, manifest, verdicts):
    """Sorts each game into one group. `verdicts` maps 1-based index to a Verdict."""
    groups = {"caught": [], "wrong move": [], "missed": [], "false alarm": [],
              "clean": [], "no output": [], "misaligned": []}
    for index, game in enumerate(games, 1):
        verdict = verdicts.get(index)
        entry = manifest.get(index)
        if verdict is None:
            groups["no output"].append((index, entry, verdict))
            continue
        names = (game.headers.get("White", "?"), game.headers.get("Black", "?"))
        if verdict.names is not None and tuple(verdict.names) != names:
            groups["misaligned"].append((index, entry, verdict))
            continue
        if entry is None:
            groups["false alarm" if verdict.flagged else "clean"].append((index, entry, verdict))
        elif not verdict.flagged:
            groups["missed"].append((index, entry, verdict))
        elif parse_label(verdict.move) == parse_label(entry["move"]):
            groups["caught"].append((index, entry, verdict))
        else:
            groups["wrong move"].append((index, entry, verdict))
    return groups


def describe(index, entry, verdict):
    parts = ["game %d" % index]
    if entry:
        parts.append("%s: expected %s %s" % (entry["kind"], entry["move"], entry["san"]))
        if entry["kind"] == "later":
            parts.append("(after %s %s -> %s)" % (entry["changed_move"], entry["changed_from"],
                                                  entry["changed_to"]))
    if verdict is not None and verdict.flagged:
        parts.append("got %s %s: %s" % (verdict.move, verdict.san, verdict.message))
    elif verdict is not None and verdict.names is not None:
        parts.append("names %s - %s" % verdict.names)
    return "; ".join(str(p) for p in parts)


def report(title, games, manifest, groups):
    corrupted = len(manifest)
    print("\n%s" % title)
    print("  corrupted games flagged at the right move: %d of %d"
          % (len(groups["caught"]), corrupted))
    for kind in KINDS:
        total = sum(1 for e in manifest.values() if e["kind"] == kind)
        caught = sum(1 for _, e, _ in groups["caught"] if e["kind"] == kind)
        print("    %-10s %d of %d" % (kind, caught, total))
    print("  corrupted games flagged at another move:   %d" % len(groups["wrong move"]))
    print("  corrupted games not flagged:               %d" % len(groups["missed"]))
    print("  untouched games flagged (false alarms):    %d of %d"
          % (len(groups["false alarm"]), len(games) - corrupted))
    if groups["no output"]:
        print("  games with no output:                      %d" % len(groups["no output"]))
    if groups["misaligned"]:
        print("  games whose players differ (split out of step): %d"
              % len(groups["misaligned"]))
    for name in ("wrong move", "missed", "false alarm", "no output", "misaligned"):
        if groups[name]:
            print("  first %s:" % name)
            for item in groups[name][:SHOWN]:
                print("    " + describe(*item))


def build(files, limit, rate, rng):
    """Reads the games and plants the corruptions. Returns games, manifest, shortfall,
    skipped."""
    games, skipped = take_games(files, limit)
    count = int(round(len(games) * rate))
    manifest, shortfall = plant(games, count, rng)
    return games, manifest, shortfall, skipped


def print_input(files, games, manifest, shortfall, skipped):
    print("input: %d files, %d games used" % (len(files), len(games)))
    for reason, n in sorted(skipped.items()):
        print("  not used: %d (%s)" % (n, reason))
    per_kind = {k: sum(1 for e in manifest.values() if e["kind"] == k) for k in KINDS}
    print("corrupted: %d games (%s)"
          % (len(manifest), ", ".join("%d %s" % (per_kind[k], k) for k in KINDS)))
    for kind, n in shortfall.items():
        print("  warning: %d fewer %s corruptions than planned (no candidate)" % (n, kind))


def save(tmp, keep):
    if keep:
        os.makedirs(keep, exist_ok=True)
        for name in os.listdir(tmp):
            shutil.copy(os.path.join(tmp, name), os.path.join(keep, name))
        print("kept in %s" % keep)


def self_test(games, manifest, path):
    """Checks the planted corruptions with python-chess, independently of how they were
    chosen: each corrupted game fails at its recorded move with the recorded SAN and the
    expected kind of error, and nowhere before; each untouched game reads without error.
    Returns the problems found, as (game index or None, text)."""
    verdicts = pychess_verdicts(path)
    problems = []
    if len(verdicts) != len(games):
        problems.append((None, "python-chess reads %d games, %d were written"
                         % (len(verdicts), len(games))))
    expected_error = {"illegal": "IllegalMoveError", "ambiguous": "AmbiguousMoveError",
                      "promotion": "IllegalMoveError"}
    for index, (game, verdict) in enumerate(zip(games, verdicts), 1):
        entry = manifest.get(index)
        names = (game.headers.get("White", "?"), game.headers.get("Black", "?"))
        if verdict.names != names:
            problems.append((index, "players %s, expected %s" % (verdict.names, names)))
            continue
        if entry is None:
            if verdict.flagged:
                problems.append((index, "untouched, but %s" % verdict.message))
            continue
        if not verdict.flagged:
            problems.append((index, "%s: no error, expected at %s"
                             % (entry["kind"], entry["move"])))
            continue
        wrong = []
        if verdict.move != entry["move"]:
            wrong.append("error at %s, expected %s" % (verdict.move, entry["move"]))
        if bare(verdict.san) != bare(entry["san"]):
            wrong.append("error on %r, expected %r" % (verdict.san, entry["san"]))
        kind_error = expected_error.get(entry["kind"])
        if kind_error and not verdict.message.startswith(kind_error):
            wrong.append("%s, expected %s" % (verdict.message, kind_error))
        if wrong:
            problems.append((index, "%s: %s" % (entry["kind"], "; ".join(wrong))))
    # Replays each corrupted main line from its SANs: every move before the recorded one
    # must be playable, the recorded one must not.
    for index, entry in sorted(manifest.items()):
        game = games[index - 1]
        board = game.start.copy(stack=False)
        for ply in range(entry["ply"]):
            san = entry["changed_to"] if ply == entry["changed_ply"] else game.written(ply)
            try:
                board.push_san(san)
            except ValueError as error:
                problems.append((index, "%s: fails early, at ply %d: %s"
                                 % (entry["kind"], ply + 1, error)))
                break
        else:
            if move_label(board) != entry["move"]:
                problems.append((index, "the error is at %s, the manifest says %s"
                                 % (move_label(board), entry["move"])))
            if fails(board, entry["san"]) is None:
                problems.append((index, "%s: %s can be played at %s"
                                 % (entry["kind"], entry["san"], entry["move"])))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("inputs", nargs="*", help="PGN files or folders (default: %s)"
                        % ", ".join(os.path.relpath(p, CRATE) for p in DEFAULT_INPUTS))
    parser.add_argument("--games", type=int, default=2000, help="games to use (2000)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--rate", type=float, default=0.10,
                        help="share of games to corrupt (0.10)")
    parser.add_argument("--arbiter", default=DEFAULT_ARBITER,
                        help="the arbiter binary (target/release/arbiter)")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep the corrupted file and its manifest in DIR")
    parser.add_argument("--self-test", action="store_true",
                        help="check the corruptions with python-chess only; no arbiter")
    args = parser.parse_args()
    if args.games < 1 or not 0 <= args.rate <= 1:
        parser.error("--games must be positive and --rate between 0 and 1")

    inputs = args.inputs or DEFAULT_INPUTS
    if not args.inputs and not os.path.isdir(CORPUS):
        print("%s is absent: nothing to compare" % CORPUS)
        return 0
    files = expand_inputs(inputs)
    missing = [f for f in files if not os.path.isfile(f)]
    if missing or not files:
        print("no such PGN file: %s" % ", ".join(missing or inputs), file=sys.stderr)
        return 2
    if not args.self_test and not os.path.isfile(args.arbiter):
        print("%s does not exist: run `cargo build --release` first" % args.arbiter,
              file=sys.stderr)
        return 2

    rng = random.Random(args.seed)
    games, manifest, shortfall, skipped = build(files, args.games, args.rate, rng)
    print_input(files, games, manifest, shortfall, skipped)
    if not games:
        print("no usable game")
        return 2

    tmp = tempfile.mkdtemp(prefix="compare_validate.")
    try:
        path = os.path.join(tmp, "corrupted.pgn")
        write_corrupted(games, manifest, path)
        with open(os.path.join(tmp, "manifest.json"), "w", encoding="utf-8") as f:
            json.dump([public(manifest[i]) for i in sorted(manifest)], f, indent=1,
                      ensure_ascii=False)
            f.write("\n")
        save(tmp, args.keep)

        if args.self_test:
            problems = self_test(games, manifest, path)
            if shortfall:
                problems.append((None, "fewer corruptions than planned: %s" % shortfall))
            print("\nself-test with python-chess %s: %d corrupted and %d untouched games"
                  % (chess.__version__, len(manifest), len(games) - len(manifest)))
            for index, text in problems[:20]:
                print("  %s%s" % ("" if index is None else "game %d: " % index, text))
            if len(problems) > 20:
                print("  ... and %d more" % (len(problems) - 20))
            bad_games = {index for index, _ in problems}
            failed = len(bad_games)
            print("%d passed, %d failed" % (len(games) - len(bad_games - {None}), failed))
            return 1 if problems else 0

        reference = {i: v for i, v in enumerate(pychess_verdicts(path), 1)}
        report("python-chess %s (reference)" % chess.__version__, games, manifest,
               judge(games, manifest, reference))

        verdicts, summary, bad_lines = run_arbiter(args.arbiter, path)
        groups = judge(games, manifest, verdicts)
        report("arbiter validate", games, manifest, groups)
        extra = sorted(set(verdicts) - set(range(1, len(games) + 1)))
        if extra:
            print("  arbiter reported %d games more than were written" % len(extra))
        if bad_lines:
            print("  %d output lines were not JSON objects" % bad_lines)
        if summary is not None:
            print("  arbiter's summary: %s" % json.dumps(summary, ensure_ascii=False))
        san_differs = [(i, e, v) for i, e, v in groups["caught"]
                       if v.san is not None and bare(v.san) != bare(e["san"])]
        if san_differs:
            print("  caught at the right move but with another SAN: %d (first: %s)"
                  % (len(san_differs), describe(*san_differs[0])))
        passed = len(groups["caught"]) + len(groups["clean"])
        failed = len(games) - passed + len(extra)
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
