#!/usr/bin/env bash
# docs/results/pebbling-thresholds.csv stays reproducible: every recorded cell that took under
# 1.5 s is computed again by `pebbling mvalue` (the one-cell command, not the sweep that wrote it)
# with the bound of its recorded command, and must give the same m. The cheap cells are the
# k = 2 column to n = 40 and the K_5 row to k = 30 (about 30 cells, seconds in all).
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
csv=docs/results/pebbling-thresholds.csv
[ -f "$csv" ] || fail "$csv missing (run from the source tree)"
checked=0
while IFS=, read -r n k m seconds command; do
  [ "$n" = n ] && continue
  [ -n "$seconds" ] || continue
  awk -v s="$seconds" 'BEGIN { exit !(s < 1.5) }' || continue
  bound=$(sed -n 's/.*--max-total \([0-9]*\).*/\1/p' <<<"$command")
  [ -n "$bound" ] || fail "row $n,$k: no --max-total in '$command'"
  got=$("$cgtlab" pebbling mvalue --graph "K$n" --k "$k" --max-total "$bound" --json |
    python3 -c 'import json,sys; m=json.load(sys.stdin)["m"]; print("" if m is None else m)') ||
    fail "pebbling mvalue --graph K$n --k $k --max-total $bound"
  [ "$got" = "$m" ] || fail "K$n k=$k: the CSV says m = '$m', the engine computes '$got'"
  checked=$((checked + 1))
done <"$csv"
[ "$checked" -ge 25 ] || fail "only $checked cheap cells found in $csv (expected the k = 2 column and the K_5 row)"
echo "results_pebbling: $checked recorded cells recomputed, all equal"
