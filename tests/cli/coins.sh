#!/usr/bin/env bash
# cgtlab coins as a user runs it: the chapter's examples, JSON shape, errors.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); trap 'rm -f "$err"' EXIT

out=$("$cgtlab" coins value 0101011111 1101100111 0110110110111) || fail "coins value exited $?"
echo "$out" | grep -q "^sum = 1/16$" || fail "closing question sum: $out"
echo "$out" | grep -q "string 1, coins 9 and 10 -> 01010111 (value 0)" || fail "winning move: $out"

json=$("$cgtlab" coins value 0101011111 1101100111 0110110110111 --json) || fail "--json exited $?"
for key in '"value":"1/16"' '"values":\["-11/16","3/4","0"\]' '"outcome":"L"' '"winning_moves"' '"method"'; do
  echo "$json" | grep -q "$key" || fail "JSON lacks $key: $json"
done
echo "$json" | grep -q '"coins":\[9,10\]' || fail "JSON winning move: $json"

long=$(printf '0111%.0s' $(seq 1 60))1
json=$("$cgtlab" coins value "$long" --json) || fail "long line exited $?"
echo "$json" | grep -q '"methods":\["algorithm"\]' || fail "a 241-coin line should use the algorithm: $json"

out=$("$cgtlab" coins algorithm 01001110110111011101 --trace) || fail "coins algorithm exited $?"
echo "$out" | grep -q "partition:   01(0101)(00011)(101)" || fail "partition: $out"
echo "$out" | grep -q "ordinal sum: ((-1 : 1/4) : 1/32) : 1" || fail "ordinal sum: $out"
echo "$out" | grep -q "value:       -893/1024" || fail "value: $out"
echo "$out" | grep -q "2(b) at coins 11..14" || fail "trace: $out"

"$cgtlab" coins algorithm 1001111011011101010011 --json | grep -q '"value":"10257/16384"' || fail "first example"

for bad in 10x2 "" 1-1; do
  "$cgtlab" coins value "$bad" >/dev/null 2>"$err"; rc=$?
  [ $rc -eq 2 ] || fail "malformed '$bad' should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "error should be one line: $(cat "$err")"
done
"$cgtlab" coins value 1111111111111111111111 --max-positions 10 >/dev/null 2>"$err"; rc=$?
[ $rc -eq 2 ] || fail "--max-positions should stop the search with exit 2, got $rc"
grep -q "max-positions" "$err" || fail "cap message: $(cat "$err")"
"$cgtlab" coins algorithm abc >/dev/null 2>&1; [ $? -eq 2 ] || fail "algorithm on a bad string should exit 2"
"$cgtlab" coins value --help | grep -q "Left chooses i < j" || fail "--help should state the rules"
echo "coins CLI: ok"
