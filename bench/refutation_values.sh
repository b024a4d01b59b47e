#!/bin/bash
# Refutations kept for the values below 16 or only below 8 (--refutation-values): one position
# searched from nothing with each in turn, ROUNDS times alternated, wall and CPU seconds, positions
# and the questions the refutations of 8..15 answered (docs/PERFORMANCE.md, "Refutations of
# 8..15"). Take it on an idle machine.
#   bench/refutation_values.sh BINARY [ROUNDS] [GAME GRAPH AFTER THREADS]
#   bench/refutation_values.sh build/cgtlab 2 nodekayles Grid45x3 1 2    (3x44 less an end row's middle: nimber 6)
set -u
if [ $# -lt 1 ]; then
  echo "usage: $0 BINARY [ROUNDS] [GAME GRAPH AFTER THREADS]" >&2
  exit 2
fi
bin=$1 rounds=${2:-2} game=${3:-nodekayles} graph=${4:-Grid45x3} after=${5:-1} threads=${6:-2}
[ -x "$bin" ] || { echo "refutation_values: $bin is not an executable" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "refutation_values: ROUNDS must be a positive whole number" >&2; exit 2; }
args=(--graph "$graph" --value-only --stats --json --threads "$threads" --table-mib 4096)
[ "$after" = none ] || args+=(--after "$after")
for ((i = 1; i <= rounds; ++i)); do
  for values in 16 8; do
    t=$(mktemp)
    out=$(/usr/bin/time -f '%e %U %S' -o "$t" "$bin" "$game" grundy "${args[@]}" --refutation-values "$values") ||
      { echo "refutation_values: the search failed: $(echo "$out" | head -c 300)" >&2; rm -f "$t"; exit 2; }
    read -r wall user sys < "$t"
    rm -f "$t"
    echo "$out" | python3 -c '
import json, sys
d = json.load(sys.stdin); s = d["stats"]
print("values %s: nimber %s, %s positions, %.1f s wall, %.1f s CPU, %d questions answered by refutations of 8..15" %
      (sys.argv[1], d["grundy"], d["positions"], float(sys.argv[2]), float(sys.argv[3]) + float(sys.argv[4]), s["refutation_high"]))' \
      "$values" "$wall" "$user" "$sys"
  done
done
