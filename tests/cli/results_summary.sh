#!/usr/bin/env bash
# The "At a glance" tables of docs/results/cram.md and node-kayles.md are what their csv twins say
# (scripts/results-summary checks them; --write remakes them). A csv row changed without the table
# is caught: the check is run on a copy of docs/results with one nimber altered and must fail.
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }
scripts/results-summary || fail "a table is stale: run scripts/results-summary --write"
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/scripts" "$dir/docs"
cp scripts/results-summary "$dir/scripts/"
cp -r docs/results "$dir/docs/"
sed -i 's/^3,10,2,N,/3,10,5,N,/' "$dir/docs/results/cram.csv"
grep -q '^3,10,5,N,' "$dir/docs/results/cram.csv" || fail "the 3x10 row was not found to alter"
"$dir/scripts/results-summary" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "an altered csv should make the check fail with exit 1, got $rc"
"$dir/scripts/results-summary" --write >/dev/null || fail "--write"
"$dir/scripts/results-summary" || fail "the table written by --write does not check"
grep -q '| 3×n | 1\.\.[0-9]* | 1 1 0 1 1 4 1 3 1 5 ' "$dir/docs/results/cram.md" || fail "--write did not put the altered value in"
# The OEIS b-file of A316632 (Node-Kayles 3 x n) follows the csv too: an altered nimber makes the
# check fail and --write puts it in; a 3 x n row without a nimber ends the b-file before it.
[ -f docs/results/b316632.txt ] || fail "docs/results/b316632.txt is missing"
grep -q '^5 3$' "$dir/docs/results/b316632.txt" || fail "the b-file should give a(5) = 3 (the csv's 3x5 row)"
sed -i 's/^3,5,3,N,/3,5,4,N,/' "$dir/docs/results/node-kayles.csv"
grep -q '^3,5,4,N,' "$dir/docs/results/node-kayles.csv" || fail "the Node-Kayles 3x5 row was not found to alter"
"$dir/scripts/results-summary" >"$dir/out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q '^+5 4$' "$dir/out" || fail "an altered 3x5 nimber should make the b-file stale (exit 1, +5 4), got $rc"
"$dir/scripts/results-summary" --write >/dev/null || fail "--write (b-file)"
grep -q '^5 4$' "$dir/docs/results/b316632.txt" || fail "--write did not put a(5) = 4 in the b-file"
cp docs/results/b316632.txt "$dir/docs/results/"   # the tables are fresh now, the b-file alone is stale
"$dir/scripts/results-summary" >/dev/null 2>&1; rc=$?
[ $rc -eq 1 ] || fail "a stale b-file alone should make the check fail with exit 1, got $rc"
"$dir/scripts/results-summary" --write >/dev/null || fail "--write (the b-file alone)"
sed -i 's/^3,10,3,N,/3,10,,N,/' "$dir/docs/results/node-kayles.csv"
"$dir/scripts/results-summary" --write >/dev/null || fail "--write (3x10 without a nimber)"
[ "$(grep -vc '^#' "$dir/docs/results/b316632.txt")" -eq 9 ] && tail -1 "$dir/docs/results/b316632.txt" | grep -q '^9 2$' &&
  grep -q 'n = 1\.\.9$' "$dir/docs/results/b316632.txt" || fail "a 3x10 row without a nimber should end the b-file at n = 9"
# Bad input is one line on stderr and exit 2: a missing csv, an unknown argument.
rm "$dir/docs/results/node-kayles.csv"
"$dir/scripts/results-summary" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "node-kayles.csv" "$dir/err" || fail "a missing csv: exit $rc, $(cat "$dir/err")"
scripts/results-summary --bogus >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "an unknown argument: exit $rc, $(cat "$dir/err")"
echo "results_summary: both tables and the A316632 b-file match their csv"
