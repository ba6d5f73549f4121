#!/usr/bin/env python3
"""Checks independently that `arbiter fmt` keeps everything a game says.

For each PGN file, runs `arbiter fmt` on it, then reads both the original and arbiter's
output with python-chess (a reader that shares no code with arbiter) and compares them game
by game: all tags, the whole tree of moves (main line and every variation, in order) with
each node's move in UCI, its NAGs, its comment and its starting comment, and the game's
result. python-chess replays the moves, so only standard chess can be compared; the default
inputs are orthodox games from ../shared/corpus/ (see bench/README.md).

Needs python-chess (`pip install chess`) and a release build of arbiter
(`cargo build --release`). Exits 0 when every game compared equal, 1 when some differ,
2 on a usage error or when arbiter cannot be run; skips (exit 0) when the default corpus
is absent.
"""

import argparse
import difflib
import multiprocessing
import os
import re
import subprocess
import sys
import time

CRATE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.normpath(os.path.join(CRATE, "..", "shared", "corpus"))
DEFAULT_INPUTS = [
    os.path.join(CORPUS, "orthodox"),
    os.path.join(CORPUS, "quirks", "eco.pgn"),
    os.path.join(CORPUS, "quirks", "lichess-studies"),
]
DEFAULT_ARBITER = os.path.join(CRATE, "target", "release", "arbiter")

# What a missing tag of the seven tag roster stands for, in python-chess and in arbiter.
ROSTER_PLACEHOLDERS = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}

# `path:line:col: error: game N ...` as `arbiter fmt` prints it.
DIAGNOSTIC = re.compile(r":(\d+):(\d+): (warning|error): game (\d+)\b(.*)$")

# A game termination marker, as a token.
TERMINATION = re.compile(r"(?:^|\s)(?:1-0|0-1|1/2-1/2|\*)(?=\s|$)")

# How many differences are described per file.
SHOWN_DIFFERENCES = 5


def fold(text):
    """Trims and folds every run of white space to one space."""
    return " ".join(text.split())


def unescape_tag(value):
    r"""PGN escapes `"` and `\` in tag values with a backslash; python-chess keeps the
    escapes, so both sides are unescaped before comparing."""
    return re.sub(r'\\(["\\])', r"\1", value)


class LineReader:
    """A text handle over bytes for `chess.pgn.read_game`, which only calls readline().

    Each line is decoded as UTF-8, or as ISO-8859-1 when it is not UTF-8 (what the PGN
    standard prescribes, and what arbiter does per game); CRLF becomes LF, as text mode
    would make it (and CR alone too).

    python-chess finds the end of a game's tags and of its movetext by empty lines, where
    PGN has white space and tokens, and it drops `;` comments. So that it reads what a PGN
    reader does, the layout is mended (outside comments; each place counted in `mended`):
    empty lines after a tag are dropped (with two of them before the movetext, python-chess
    would read the tags as one game and the movetext as another); an empty line is put
    before a tag that follows movetext or a comment (without it, python-chess reads the new
    game's tags as moves of the previous game); empty lines inside movetext, before the
    termination marker, are dropped (python-chess would end the game there); and a `;`
    comment is written as a `{` comment. Both texts get the same treatment."""

    def __init__(self, data):
        self.latin1_lines = 0
        self.mended = 0
        self.lines = self._mend([self._decode(raw) for raw in data.splitlines(keepends=True)])
        self.index = 0

    def _decode(self, raw):
        # Any line end (LF, CRLF or CR; splitlines() cut at all three) becomes LF.
        raw = raw.rstrip(b"\r\n") + b"\n" if raw.endswith((b"\r", b"\n")) else raw
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            self.latin1_lines += 1
            return raw.decode("latin-1")

    def _mend(self, lines):
        out = []
        previous = None  # the kind of the last line that was not empty: "tag" or "other"
        ended = False  # whether that line ended a game with a termination marker
        blanks = []
        in_comment = False
        for line in lines:
            if in_comment:
                line, outside, in_comment = self._scan(line, True)
                out.append(line)
                ended = ended or bool(TERMINATION.search(outside))
                continue
            if line.isspace() or line == "":
                blanks.append(line)
                continue
            if line.startswith("%"):
                out.append(line)  # an escape line, which python-chess skips
                continue
            is_tag = line.startswith("[")
            if is_tag and previous == "other":
                if not blanks:
                    self.mended += 1
                out.append("\n")
            elif previous == "tag" and blanks:
                if not is_tag and len(blanks) > 1:
                    self.mended += 1
            elif previous == "other" and blanks and not ended:
                self.mended += 1
            else:
                out.extend(blanks)
            blanks = []
            if is_tag:
                previous, ended = "tag", False
            else:
                if previous != "other":
                    ended = False
                line, outside, in_comment = self._scan(line, False)
                ended = ended or bool(TERMINATION.search(outside))
                previous = "other"
            out.append(line)
        out.extend(blanks)
        return out

    def _scan(self, line, in_comment):
        """Reads a movetext line: returns it (with a `;` comment written as a `{` comment,
        since python-chess drops `;` comments), its text outside comments, and whether a `{`
        comment is still open at its end."""
        outside = []
        for i, c in enumerate(line):
            if in_comment:
                in_comment = c != "}"
            elif c == "{":
                in_comment = True
            elif c == ";":
                rest = line[i + 1:].rstrip("\n")
                if "}" not in rest:
                    self.mended += 1
                    line = line[:i] + "{" + rest + "}\n"
                break
            else:
                outside.append(c)
        return line, "".join(outside), in_comment

    def readline(self):
        if self.index >= len(self.lines):
            return ""
        self.index += 1
        return self.lines[self.index - 1]

    def skip_to_next_game(self):
        """After python-chess failed inside a game: on to the next line that starts with
        `[` after an empty line."""
        while self.index < len(self.lines):
            if self.lines[self.index].startswith("[") and (self.index == 0 or self.lines[self.index - 1].isspace()):
                return
            self.index += 1


def make_builder():
    import chess.pgn

    class Builder(chess.pgn.GameBuilder):
        """python-chess's own game builder, quiet, and keeping the termination markers."""

        def begin_game(self):
            super().begin_game()
            self.game.markers = []

        def visit_result(self, result):
            self.game.markers.append(result)
            super().visit_result(result)

        def handle_error(self, error):
            self.game.errors.append(error)

    return Builder


def read_games(reader, builder):
    """The games python-chess reads, in order; where it fails with an exception (it has
    bugs, for instance on some illegal moves in variations), the exception in place of the
    game, and reading goes on with the next game."""
    import chess.pgn

    games = []
    while True:
        try:
            game = chess.pgn.read_game(reader, Visitor=builder)
        except Exception as e:  # noqa: BLE001 (python-chess's bugs, whatever they raise)
            games.append(e)
            reader.skip_to_next_game()
            continue
        if game is None:
            return games
        games.append(game)


def summary(game):
    """What is compared: (tags, nodes, termination markers). Nodes are in pre-order (a
    node, then its continuations in order, main line first), each as (parent index, index
    among its siblings, ply, UCI move, sorted NAGs, comment, starting comment); the root
    comes first, with no move, holding the game's opening comment and NAGs."""
    tags = {name: unescape_tag(value) for name, value in game.headers.items()}
    for name, placeholder in ROSTER_PLACEHOLDERS.items():
        tags.setdefault(name, placeholder)
    nodes = []
    stack = [(game, -1, 0, 0)]
    while stack:
        node, parent, sibling, ply = stack.pop()
        index = len(nodes)
        nodes.append((
            parent,
            sibling,
            ply,
            node.move.uci() if getattr(node, "move", None) is not None else None,
            sorted(node.nags),
            fold(node.comment),
            fold(getattr(node, "starting_comment", "") or ""),
        ))
        for i, child in reversed(list(enumerate(node.variations))):
            stack.append((child, index, i, ply + 1))
    # A game without a termination marker ends as its Result tag says (arbiter writes that
    # marker; python-chess records none).
    markers = list(game.markers)
    if not markers:
        result = tags.get("Result")
        markers = [result if result in ("1-0", "0-1", "1/2-1/2", "*") else "*"]
    return tags, nodes, markers


def node_place(nodes, index):
    """The moves leading to node `index`, for messages."""
    moves = []
    i = index
    while i > 0:
        moves.append(nodes[i][3])
        i = nodes[i][0]
    moves.reverse()
    line = " ".join(moves[-8:])
    if len(moves) > 8:
        line = "... " + line
    return f"node {index} (ply {nodes[index][2]}: {line or 'start'})"


FIELDS = ["parent", "index among siblings", "ply", "move", "NAGs", "comment", "starting comment"]


def shorten(value, width=120):
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def describe_difference(original, output):
    """What differs between two summaries, or None when they are equal."""
    (tags_a, nodes_a, markers_a), (tags_b, nodes_b, markers_b) = original, output
    problems = []
    if tags_a != tags_b:
        for name in sorted(set(tags_a) | set(tags_b)):
            a, b = tags_a.get(name), tags_b.get(name)
            if a != b:
                problems.append(f"tag {name}: {shorten(a)} became {shorten(b)}")
    if nodes_a != nodes_b:
        for i in range(min(len(nodes_a), len(nodes_b))):
            if nodes_a[i] != nodes_b[i]:
                fields = [
                    f"{FIELDS[k]} {shorten(nodes_a[i][k])} became {shorten(nodes_b[i][k])}"
                    for k in range(len(FIELDS))
                    if nodes_a[i][k] != nodes_b[i][k]
                ]
                problems.append(f"first at {node_place(nodes_a, i)}: " + "; ".join(fields))
                break
        else:
            problems.append("the tree is cut short")
        if len(nodes_a) != len(nodes_b):
            problems.append(f"{len(nodes_a) - 1} moves became {len(nodes_b) - 1}")
    if markers_a != markers_b:
        problems.append(f"result {shorten(markers_a)} became {shorten(markers_b)}")
    return problems or None


def pair_games(a, b):
    """Pairs of indexes (i in a, j in b) to compare, in order; None where a game has no
    counterpart. When both texts hold as many games they pair one to one; otherwise the
    games are matched by content first, so that one game read differently does not make
    all the games after it differ."""
    if len(a) == len(b):
        return list(zip(range(len(a)), range(len(b))))
    keys_a = [key_of(s) for s in a]
    keys_b = [key_of(s) for s in b]
    pairs = []
    matcher = difflib.SequenceMatcher(None, keys_a, keys_b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        n = min(i2 - i1, j2 - j1) if tag == "replace" else (i2 - i1 if tag == "equal" else 0)
        pairs.extend(zip(range(i1, i1 + n), range(j1, j1 + n)))
        pairs.extend((i, None) for i in range(i1 + n, i2))
        pairs.extend((None, j) for j in range(j1 + n, j2))
    return pairs


def key_of(summary):
    if isinstance(summary, Exception):
        return ("exception", str(summary))
    tags, nodes, markers = summary
    return repr((sorted(tags.items()), nodes, markers))


def cut(data, limit):
    """The data up to the first game that starts at or after `limit` bytes."""
    if limit is None or len(data) <= limit:
        return data
    pattern = re.compile(rb"\n[ \t]*\r?\n(?:[ \t]*\r?\n)*(?=\[)")
    match = pattern.search(data, max(limit - 1, 0))
    return data if match is None else data[: match.end()]


def compare_file(job):
    path, arbiter, limit = job
    import chess.pgn  # noqa: F401  (imported in the worker)

    started = time.monotonic()
    result = {"path": path, "errors": [], "differences": [], "pychess_errors": [], "arbiter_errors": {},
              "crashes": []}
    with open(path, "rb") as f:
        data = cut(f.read(), limit)
    result["bytes"] = len(data)
    proc = subprocess.run([arbiter, "fmt", "-q", "-"], input=data, capture_output=True)
    if proc.returncode not in (0, 1):
        result["errors"].append(f"arbiter fmt exited with {proc.returncode}: {proc.stderr.decode(errors='replace')[-500:]}")
    stderr = proc.stderr.decode("utf-8", errors="replace")
    for line in stderr.splitlines():
        m = DIAGNOSTIC.search(line)
        if m and m.group(3) == "error":
            result["arbiter_errors"].setdefault(int(m.group(4)), line.split(": ", 1)[-1])
    try:
        output = proc.stdout.decode("utf-8")
    except UnicodeDecodeError as e:
        result["errors"].append(f"arbiter's output is not UTF-8: {e}")
        output = proc.stdout.decode("utf-8", errors="replace")

    builder = make_builder()
    reader = LineReader(data)
    output_reader = LineReader(output.encode("utf-8"))
    originals = read_games(reader, builder)
    outputs = read_games(output_reader, builder)
    result["latin1_lines"] = reader.latin1_lines
    result["mended"] = (reader.mended, output_reader.mended)
    result["games"] = len(originals)
    result["output_games"] = len(outputs)
    if len(originals) != len(outputs):
        result["errors"].append(
            f"python-chess reads {len(originals)} games in the original but {len(outputs)} in arbiter's output"
        )

    summaries_a = [g if isinstance(g, Exception) else summary(g) for g in originals]
    summaries_b = [g if isinstance(g, Exception) else summary(g) for g in outputs]
    compared = equal = 0
    for i, j in pair_games(summaries_a, summaries_b):
        if i is None or j is None:
            # A game python-chess finds in only one of the two texts.
            compared += 1
            k, games, side = (j, outputs, "arbiter's output") if i is None else (i, originals, "the original")
            game = games[k]
            players = "?" if isinstance(game, Exception) else f"{game.headers.get('White', '?')} - {game.headers.get('Black', '?')}"
            label = f"{k + 1} of {side}" if i is None else k + 1
            result["differences"].append((label, players, [f"found only in {side}"], False))
            continue
        number = i + 1 if i == j else f"{i + 1} (output {j + 1})"
        a, b = originals[i], outputs[j]
        if isinstance(a, Exception) or isinstance(b, Exception):
            if isinstance(a, Exception) and isinstance(b, Exception):
                result["crashes"].append((number, f"{type(a).__name__}: {a}"))
                continue
            crash, game = (a, b) if isinstance(a, Exception) else (b, a)
            side = "original" if crash is a else "output"
            players = f"{game.headers.get('White', '?')} - {game.headers.get('Black', '?')}"
            result["differences"].append(
                (number, players, [f"python-chess fails on the {side} only: {type(crash).__name__}: {crash}"], False)
            )
            compared += 1
            continue
        compared += 1
        if a.errors:
            result["pychess_errors"].append((number, str(a.errors[0]), len(a.errors)))
        problems = describe_difference(summaries_a[i], summaries_b[j])
        if problems is None and len(b.errors) != len(a.errors):
            problems = [f"python-chess reports {len(a.errors)} errors in the original but {len(b.errors)} in the output: "
                        f"{shorten(str((b.errors or a.errors)[0]))}"]
        if problems is None:
            equal += 1
        else:
            white = a.headers.get("White", "?")
            black = a.headers.get("Black", "?")
            result["differences"].append((number, f"{white} - {black}", problems, bool(a.errors)))
    result["compared"] = compared
    result["equal"] = equal
    result["seconds"] = time.monotonic() - started
    return result


def expand(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs.sort()
                files.extend(os.path.join(root, n) for n in sorted(names) if n.lower().endswith(".pgn"))
        elif os.path.isfile(path):
            files.append(path)
        else:
            raise FileNotFoundError(path)
    return files


def print_result(r, out):
    name = os.path.relpath(r["path"], CORPUS) if r["path"].startswith(CORPUS + os.sep) else r["path"]
    failed = r["compared"] - r["equal"]
    status = "ok" if failed == 0 and not r["errors"] else "DIFFERS"
    print(
        f"{name}: {r['compared']} games compared, {r['equal']} equal"
        f" ({r['bytes'] / 1e6:.2f} MB, {r['seconds']:.1f} s) {status}",
        file=out,
    )
    for message in r["errors"]:
        print(f"  ! {message}", file=out)
    if any(r["mended"]):
        print(f"  note: empty lines mended for python-chess in {r['mended'][0]} places of the original "
              f"and {r['mended'][1]} of arbiter's output", file=out)
    if r["latin1_lines"]:
        print(f"  note: {r['latin1_lines']} lines are not UTF-8 and were read as ISO-8859-1", file=out)
    for number, message in sorted(r["arbiter_errors"].items())[:SHOWN_DIFFERENCES]:
        print(f"  note: arbiter could not parse game {number} (passed through as written): {message}", file=out)
    if len(r["arbiter_errors"]) > SHOWN_DIFFERENCES:
        print(f"  note: ... {len(r['arbiter_errors'])} games arbiter could not parse in all", file=out)
    for number, players, problems, pychess_error in r["differences"][:SHOWN_DIFFERENCES]:
        blame = " (python-chess reported errors in the original)" if pychess_error else ""
        print(f"  game {number} ({players}) differs{blame}:", file=out)
        for p in problems:
            print(f"    {p}", file=out)
    if len(r["differences"]) > SHOWN_DIFFERENCES:
        print(f"  ... and {len(r['differences']) - SHOWN_DIFFERENCES} more differing games", file=out)
    if r["pychess_errors"]:
        shown = ", ".join(f"{n} ({msg}{'' if k == 1 else f'; {k} errors'})" for n, msg, k in r["pychess_errors"][:SHOWN_DIFFERENCES])
        more = "" if len(r["pychess_errors"]) <= SHOWN_DIFFERENCES else f", ... ({len(r['pychess_errors'])} in all)"
        print(
            f"  python-chess itself reports errors in the original (not arbiter's doing) for game {shown}{more}",
            file=out,
        )
    if r["crashes"]:
        shown = ", ".join(f"{n} ({msg})" for n, msg in r["crashes"][:SHOWN_DIFFERENCES])
        print(f"  not compared: python-chess itself fails with an exception on both texts of game {shown}", file=out)
    out.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="PGN files or directories (default: the orthodox games, "
                        "quirks/eco.pgn and quirks/lichess-studies from ../shared/corpus)")
    parser.add_argument("--arbiter", default=DEFAULT_ARBITER, help="the arbiter binary (default: %(default)s)")
    parser.add_argument("--limit-bytes", type=int, default=None, metavar="N",
                        help="read only about the first N bytes of each file (up to the next game)")
    parser.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="files compared in parallel (default: %(default)s)")
    args = parser.parse_args()

    try:
        import chess.pgn  # noqa: F401
    except ImportError:
        print("python-chess is missing: pip install chess", file=sys.stderr)
        return 2
    if args.paths:
        paths = args.paths
    else:
        if not os.path.isdir(CORPUS):
            print(f"compare_pychess: skipped, no corpus at {CORPUS} (see bench/README.md)")
            return 0
        paths = [p for p in DEFAULT_INPUTS if os.path.exists(p)]
    try:
        files = expand(paths)
    except FileNotFoundError as e:
        print(f"compare_pychess: no such file or directory: {e}", file=sys.stderr)
        return 2
    if not (os.path.isfile(args.arbiter) and os.access(args.arbiter, os.X_OK)):
        print(f"compare_pychess: no arbiter binary at {args.arbiter}; run `cargo build --release` "
              "or pass --arbiter", file=sys.stderr)
        return 2

    started = time.monotonic()
    jobs = [(f, args.arbiter, args.limit_bytes) for f in files]
    # Largest files first, so that the parallel runs end together; results print in order.
    order = sorted(range(len(jobs)), key=lambda i: -os.path.getsize(files[i]))
    results = [None] * len(jobs)
    total = {"compared": 0, "equal": 0, "bytes": 0, "pychess": 0, "arbiter": 0, "file_errors": 0, "crashes": 0}
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        next_to_print = 0
        for i, r in zip(order, pool.imap(compare_file, [jobs[i] for i in order])):
            results[i] = r
            while next_to_print < len(results) and results[next_to_print] is not None:
                print_result(results[next_to_print], sys.stdout)
                next_to_print += 1
    for r in results:
        total["compared"] += r["compared"]
        total["equal"] += r["equal"]
        total["bytes"] += r["bytes"]
        total["pychess"] += len(r["pychess_errors"])
        total["arbiter"] += len(r["arbiter_errors"])
        total["file_errors"] += len(r["errors"])
        total["crashes"] += len(r["crashes"])
    failed = total["compared"] - total["equal"]
    print(
        f"{len(files)} files, {total['bytes'] / 1e6:.1f} MB in {time.monotonic() - started:.0f} s; "
        f"python-chess reported errors in {total['pychess']} original games (not arbiter's doing) "
        f"and failed with an exception on {total['crashes']} more (not compared); "
        f"arbiter could not parse {total['arbiter']} games (passed through as written)"
    )
    print(f"{total['equal']} passed, {failed} failed")
    return 1 if failed or total["file_errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
