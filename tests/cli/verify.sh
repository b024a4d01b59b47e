#!/usr/bin/env bash
# cgtlab verify as a user runs it: filters, JSON shape, exit codes.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); trap 'rm -f "$err"' EXIT

out=$("$cgtlab" verify --source 004 --id 004.L --json) || fail "verify --source 004 --id 004.L exited $?"
echo "$out" | grep -q '"claims":\[' || fail "JSON has no claims array: $out"
for key in '"id"' '"source"' '"statement"' '"status"' '"seconds"'; do
  echo "$out" | grep -q "$key" || fail "claim items lack $key"
done
echo "$out" | grep -q '"status":"FAIL"' && fail "a 004 lemma failed: $out"

"$cgtlab" verify --list >/dev/null || fail "verify --list exited $?"

# An ERRATUM states its correction and shows that the engine computed it.
out=$("$cgtlab" verify --id 002.T3.11 --json) || fail "verify --id 002.T3.11 exited $?"
echo "$out" | grep -q '"status":"ERRATUM"' || fail "002.T3.11 is not an ERRATUM: $out"
echo "$out" | grep -q '"correction":"the pebble is a nim heap of size n-1' || fail "no correction in JSON: $out"
echo "$out" | grep -q '"correction_verdict":"holds"' || fail "the correction was not checked: $out"
"$cgtlab" verify --id 002.T3.11 | grep -q '^        correction: ' || fail "text output shows no correction"

"$cgtlab" verify --source nosuchpaper >/dev/null 2>"$err"; rc=$?
[ $rc -eq 2 ] || fail "unknown source should exit 2, got $rc"
[ "$(wc -l < "$err")" -eq 1 ] || fail "error should be one line: $(cat "$err")"
"$cgtlab" verify --bogus-flag >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown flag should exit 2"
"$cgtlab" verify --help | grep -q ERRATUM || fail "--help should explain ERRATUM"
echo "verify CLI: ok"
