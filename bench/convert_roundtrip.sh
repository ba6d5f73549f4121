#!/usr/bin/env bash
# Round-trips an archive through every conversion format with `arbiter convert --check`,
# which converts each game there and back and prints a diff wherever anything was lost.
#
#     bench/convert_roundtrip.sh [PATHS...]    (default: ../shared/corpus/orthodox)
#
# Prints, per format, the time and the summary line; exits 1 if any format lost anything
# (a game with an illegal move is reported, not counted as a loss).
set -u
cd "$(dirname "$0")/.."
cargo build --release --quiet || exit 2
paths=("$@")
[ ${#paths[@]} -eq 0 ] && paths=(../shared/corpus/orthodox)
if [ ! -e "${paths[0]}" ]; then
    echo "no archive at ${paths[0]}; nothing to do"
    exit 0
fi
lost=0
for format in pgn lan uci json yaml explicit; do
    start=$(date +%s.%N)
    diffs=$(./target/release/arbiter convert --to "$format" --check -q "${paths[@]}" 2>/tmp/convert_roundtrip.err | grep -c '^@@')
    end=$(date +%s.%N)
    summary=$(tail -1 /tmp/convert_roundtrip.err)
    printf '%-9s %7.1f s  %s hunks differ  %s\n' "$format" "$(echo "$end - $start" | bc)" "$diffs" "$summary"
    [ "$diffs" -gt 0 ] && lost=1
done
exit $lost
