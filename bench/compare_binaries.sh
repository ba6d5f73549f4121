#!/usr/bin/env bash
# Two arbiter binaries, the same reports: a refactoring that must not change behaviour is held
# to the binary from before it.
#
#     bench/compare_binaries.sh BEFORE AFTER [GAMES]
#
# Runs `validate --format json`, `validate -q`, `adjudicate --format json` and `adjudicate -q
# --as-of 2030-01-01` (each with its exit code) with both binaries on: corpus/; every file of
# ../shared/corpus (where present); random legal games of every catalogue variant (GAMES of
# each, 300 by default; target/bench/random-VARIANT-N.pgn, made by examples/random_game where
# absent, or the suite's 1000-game files where they exist); and the
# same random games with one move of each game changed (so that refusals, with the position and
# the legal alternatives they print, are compared too). Prints a diff for each input whose
# reports differ and exits 1 if any does, 0 if all agree, 2 on a usage error.
set -u
if [ $# -lt 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: $0 BEFORE AFTER [GAMES]  (two arbiter binaries)" >&2
    exit 2
fi
BEFORE=$(realpath "$1")
AFTER=$(realpath "$2")
GAMES=${3:-300}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK="$ROOT/target/bench/compare"
mkdir -p "$WORK"
SHARED="$ROOT/../shared/corpus"
RANDOM_GAME="$ROOT/target/release/examples/random_game"

inputs=("$ROOT/corpus")
if [ -d "$SHARED" ]; then
    while IFS= read -r -d '' f; do inputs+=("$f"); done < <(find "$SHARED" -type f -print0 | sort -z)
fi

# Random games of every variant, and a mutated copy of each file.
(cd "$ROOT" && cargo build --release --quiet --example random_game) || exit 2
# (Chess960 twice: from the orthodox start, and from a Chess960 start position each game.)
for entry in $(for yaml in "$ROOT"/notation/variants/*.yaml; do basename "$yaml" .yaml; done) chess960:shuffled; do
    variant=${entry%:shuffled}
    shuffle=()
    suffix=""
    if [ "$entry" != "$variant" ]; then
        shuffle=(--shuffle)
        suffix="-shuffled"
    fi
    # A variant the binary from before does not know is new: nothing to compare it with.
    if ! "$BEFORE" variants show "$variant" >/dev/null 2>&1; then
        echo "new since BEFORE, not compared: $variant"
        continue
    fi
    file="$ROOT/target/bench/random-$variant$suffix-1000.pgn"
    if [ ! -f "$file" ]; then
        file="$WORK/random-$variant$suffix-$GAMES.pgn"
        if [ ! -f "$file" ]; then
            "$RANDOM_GAME" --games "$GAMES" "${shuffle[@]}" "$variant" 1 150 > "$file" || exit 2
        fi
    fi
    mutated="$WORK/mutated-$variant$suffix.pgn"
    python3 - "$file" "$mutated" <<'EOF'
import re, sys
# In each game, one SAN move (the n-th of game n, counting round) gets another destination:
# its rank digit moves by one. Deterministic, so both binaries read the same bytes.
text = open(sys.argv[1], encoding="utf-8").read()
games = re.split(r"\n(?=\[Event )", text)
out = []
for n, game in enumerate(games):
    head, sep, moves = game.partition("\n\n")
    tokens = moves.split(" ")
    sans = [i for i, t in enumerate(tokens) if re.fullmatch(r"[KQRBNP]?[a-h]?[1-8]?x?[a-z][1-9][0-9]?(=[A-Z])?[+#]?", t)]
    if sans:
        i = sans[n % len(sans)]
        tokens[i] = re.sub(r"([a-z])([1-9])(?=(=[A-Z])?[+#]?$)", lambda m: m.group(1) + str(int(m.group(2)) % 8 + 1), tokens[i])
    out.append(head + sep + " ".join(tokens))
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out))
EOF
    inputs+=("$file" "$mutated")
done

# The only bytes allowed to differ: the run's own timing (seconds and rates in the summary).
normalise() {
    sed -E -e 's/"(games_per_second|megabytes_per_second|seconds)":[0-9.eE+-]+/"\1":_/g' \
        -e 's/; [0-9.]+ s, [0-9.]+ [KMG]?B\/s, [0-9.]+ games\/s$/; (time)/'
}

status=0
compared=0
for input in "${inputs[@]}"; do
    for mode in "validate json" "validate text" "adjudicate json" "adjudicate text"; do
        case "$mode" in
            "validate json") args=(validate --format json -j 1) ;;
            "validate text") args=(validate -q -j 1) ;;
            "adjudicate json") args=(adjudicate --format json -j 1) ;;
            *) args=(adjudicate -q --as-of 2030-01-01 -j 1) ;;
        esac
        a=$("$BEFORE" "${args[@]}" "$input" 2>&1 | normalise; echo "exit ${PIPESTATUS[0]}")
        b=$("$AFTER" "${args[@]}" "$input" 2>&1 | normalise; echo "exit ${PIPESTATUS[0]}")
        compared=$((compared + 1))
        if [ "$a" != "$b" ]; then
            echo "DIFFERENT: $mode: $input"
            diff <(printf '%s\n' "$a") <(printf '%s\n' "$b") | head -40
            status=1
        fi
    done
done
echo "$compared runs compared on ${#inputs[@]} inputs: $([ $status = 0 ] && echo 'no difference' || echo 'DIFFERENCES')"
exit $status
