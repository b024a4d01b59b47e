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
# Bad input is one line on stderr and exit 2: a missing csv, an unknown argument.
rm "$dir/docs/results/node-kayles.csv"
"$dir/scripts/results-summary" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "node-kayles.csv" "$dir/err" || fail "a missing csv: exit $rc, $(cat "$dir/err")"
scripts/results-summary --bogus >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "an unknown argument: exit $rc, $(cat "$dir/err")"
echo "results_summary: both tables match their csv"
