#!/usr/bin/env bash
# Long searches stop at --max-positions / --max-memory with one line and exit 2, never a partial answer.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); out=$(mktemp); trap 'rm -f "$err" "$out"' EXIT

check_stop() {
  "$@" >"$out" 2>"$err"; rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
  grep -q "stopped early" "$err" || fail "$*: should say it stopped early: $(cat "$err")"
  [ ! -s "$out" ] || fail "$*: printed a result although it stopped: $(cat "$out")"
}
check_stop "$cgtlab" arckayles grundy --graph Grid3x10 --max-memory 1
check_stop "$cgtlab" arckayles grundy --graph Grid3x10 --max-positions 100
check_stop "$cgtlab" pebbling mvalue --graph K4 --k 3 --max-total 300 --max-positions 1000
check_stop "$cgtlab" blocking value --graph T3 --pebbles 0=4/4/4 --max-positions 10
"$cgtlab" arckayles grundy --graph C5 --max-positions -1 >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "negative cap should exit 2"
echo "caps: ok"
