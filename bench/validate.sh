#!/usr/bin/env bash
# Validation throughput on one archive: arbiter on one core and on all cores, pgn-extract,
# and python-chess, on the same bytes. Usage: bench/validate.sh [FILE.pgn]
# Without FILE, the orthodox games of ../shared/corpus are joined into one file in a temporary
# directory (never into the repository). Needs pgn-extract (Debian package) and python-chess
# (pip install chess) for the comparisons; what is missing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=../shared/corpus/orthodox
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file=${1:-}
if [ -z "$file" ]; then
    if [ ! -d "$corpus" ]; then
        echo "skipped: $corpus is absent"
        exit 0
    fi
    file=$work/orthodox.pgn
    find "$corpus" -name '*.pgn' | sort | xargs cat > "$file"
fi
cargo build --release --quiet
bytes=$(stat -c %s "$file")
echo "input: $file, $bytes bytes"

# Prints "NAME  SECONDS s  MB/s" for a command run once (the first run warms the cache).
measure() {
    local name=$1
    shift
    "$@" > /dev/null 2>&1 || true
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    awk -v n="$name" -v s="$start" -v e="$end" -v b="$bytes" \
        'BEGIN { t = e - s; printf "%-28s %7.2f s %8.1f MB/s\n", n, t, b / t / 1e6 }'
}

measure "arbiter validate -j 1" target/release/arbiter validate -q -j 1 "$file"
measure "arbiter validate (all cores)" target/release/arbiter validate -q "$file"
if command -v pgn-extract > /dev/null || [ -x /usr/games/pgn-extract ]; then
    pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
    measure "pgn-extract -s -r" "$pgn_extract" -s -r "$file"
fi
if python3 -c 'import chess' 2> /dev/null; then
    # python-chess is slow: time it on the first 2 MB (whole games) and scale.
    sample=$work/sample.pgn
    python3 - "$file" "$sample" << 'PY'
import sys
data = open(sys.argv[1], encoding="utf-8", errors="replace").read()
cut = data.find("\n[Event ", 2_000_000)
open(sys.argv[2], "w", encoding="utf-8").write(data[: cut if cut > 0 else len(data)])
PY
    sample_bytes=$(stat -c %s "$sample")
    start=$(date +%s.%N)
    python3 - "$sample" << 'PY'
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8") as handle:
    while chess.pgn.read_game(handle) is not None:
        pass
PY
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" -v b="$sample_bytes" \
        'BEGIN { t = e - s; printf "%-28s %7.2f s %8.1f MB/s (on %.1f MB)\n", "python-chess read_game", t, b / t / 1e6, b / 1e6 }'
fi
