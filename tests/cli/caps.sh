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
# Two threads reach an error here at once (the resident-memory watchdog and the search refusing a
# cap below its 4 MiB minimum); one of them printed a second line now and then: try it often.
for _ in $(seq 20); do check_stop "$cgtlab" arckayles grundy --graph Grid3x10 --max-memory 1; done
check_stop "$cgtlab" arckayles grundy --graph Grid3x10 --max-positions 100
# (the search holds 300-399 classes at once to total 300: P(t) candidates are checked, not stored: 200)
check_stop "$cgtlab" pebbling mvalue --graph K4 --k 3 --max-total 300 --max-positions 200
check_stop "$cgtlab" blocking value --graph T3 --pebbles 0=4/4/4 --max-positions 10
"$cgtlab" arckayles grundy --graph C5 --max-positions -1 >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "negative cap should exit 2"
# --max-memory holds even where a search's own estimate misses (the resident-memory
# backstop): these reached 1.24 GB and 920 MB under --max-memory 100.
check_stop timeout 120 "$cgtlab" --max-memory 100 pebbling mvalue --graph P40 --max-total 20
check_stop timeout 120 "$cgtlab" --max-memory 100 blocking value --graph T3 --pebbles 2=100/100/100
# coins: 1000 ones ignored --max-positions
check_stop "$cgtlab" coins value "$(printf '1%.0s' $(seq 1000))" --max-positions 10
# A table bound given above 3/4 of --max-memory is an input error (one line, exit 2), never
# lowered silently; the default bound (1024) is lowered quietly under a small cap.
for cmd in "arckayles grundy --graph P6" "nodekayles grundy --graph P6" "sweep cram --rows 2 --cols 1..2" \
           "arckayles build-db --rows 2 --max-cells 4 --out /tmp/cgtlab-caps-$$.db"; do
  # shellcheck disable=SC2086  # the command's words
  "$cgtlab" --max-memory 1000 $cmd --table-mib 751 >/dev/null 2>"$err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$err")" -eq 1 ] && grep -q "table-mib 751 is above 3/4 of --max-memory 1000 (750 MiB)" "$err" ||
    fail "$cmd --table-mib 751 under --max-memory 1000: exit $rc: $(cat "$err")"
  # shellcheck disable=SC2086
  "$cgtlab" --max-memory 1000 $cmd --table-mib 750 >/dev/null 2>"$err" || fail "$cmd --table-mib 750: $(cat "$err")"
  # shellcheck disable=SC2086
  "$cgtlab" --max-memory 1000 $cmd >/dev/null 2>"$err" || fail "$cmd under --max-memory 1000: $(cat "$err")"
done
rm -f "/tmp/cgtlab-caps-$$.db"
echo "caps: ok"
