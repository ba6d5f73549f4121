#!/usr/bin/env python3
"""Chess960 castling against python-chess: does `arbiter validate` allow exactly the castlings
python-chess allows?

Positions: a Chess960 start (python-chess's from_chess960_pos), most back-rank pieces but
kings and rooks taken away, one black piece (rook, queen, bishop or knight) put on a random
empty cell of White's first three ranks, so that castling paths are open and often attacked,
also behind the castling rook. Each position with a White right becomes two one-move games,
`1. O-O *` and `1. O-O-O *`; python-chess (`chess` on PyPI, used by this script only) says
which are legal. Prints the disagreements (at most three) and their count; exit 1 on any.

    python3 bench/compare_castling960.py [ARBITER] [GAMES]
"""
import sys
ARBITER = sys.argv[1] if len(sys.argv) > 1 else "target/release/arbiter"
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
import chess, random, subprocess, json, tempfile, os
random.seed(5)
games, expect = [], []
while len(games) < COUNT:
    b = chess.Board.from_chess960_pos(random.randrange(960)); b.chess960 = True
    # empty some back-rank cells (not king, not rooks), both sides
    for sq in list(chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_8)):
        p = b.piece_at(sq)
        if p and p.piece_type not in (chess.KING, chess.ROOK) and random.random() < 0.8:
            b.remove_piece_at(sq)
    # an enemy slider on White's back rank or above
    empties = [sq for sq in chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3) if b.piece_at(sq) is None]
    sq = random.choice(empties)
    b.set_piece_at(sq, chess.Piece(random.choice([chess.ROOK, chess.QUEEN, chess.BISHOP, chess.KNIGHT]), chess.BLACK))
    if b.is_check() or not b.is_valid(): continue
    b.castling_rights = b.clean_castling_rights()
    if not b.castling_rights & chess.BB_RANK_1: continue
    for san in ("O-O", "O-O-O"):
        try:
            m = b.parse_san(san); ok = b.is_castling(m)
        except Exception: ok = False
        games.append(f'[Variant "Chess960"]\n[SetUp "1"]\n[FEN "{b.fen()}"]\n\n1. {san} *\n')
        expect.append(ok)
path = os.path.join(tempfile.mkdtemp(), "castling960.pgn")
open(path, 'w').write("\n".join(games))
out = subprocess.run([ARBITER, "validate", "--format", "json", path], capture_output=True, text=True).stdout.splitlines()[:-1]
bad = 0
for line in out:
    d = json.loads(line); legal = not any(p["kind"] == "illegal-move" for p in d["problems"])
    if legal != expect[d["game"] - 1]:
        bad += 1
        if bad < 4: print("DISAGREE", d["game"], expect[d["game"]-1], d["problems"][:1], games[d["game"]-1])
print(len(out), "games;", sum(expect), "legal castlings;", bad, "disagreements")
sys.exit(1 if bad or len(out) != len(games) else 0)
