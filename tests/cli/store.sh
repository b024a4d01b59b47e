#!/usr/bin/env bash
# The result store from the command line: sweeps skip stored cells; kill -9 in the middle
# of a sweep loses no earlier result and leaves a sound file; two processes share a store;
# bad store files and bad ranges are one-line errors with exit code 2.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
db=$dir/s.db

count() { "$cgtlab" store list --json --store "$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["records"]))'; }
cells() { python3 -c 'import json,sys; print(";".join("%d,%d,%s,%s" % (c["n"], c["k"], c["m"], c["status"]) for c in json.load(sys.stdin)["cells"]))'; }
sound() {
  if command -v sqlite3 >/dev/null; then
    [ "$(sqlite3 "$1" 'PRAGMA integrity_check')" = ok ] || fail "integrity check of $1"
  fi
  "$cgtlab" store list --store "$1" >/dev/null || fail "store list after $2"
}

# Reference without a store.
ref=$("$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --json | cells)

# kill -9 while a sweep writes: earlier records survive, the file stays sound.
"$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --store "$db" --json >/dev/null 2>&1 &
pid=$!
seen=0
for _ in $(seq 1 200); do
  sleep 0.05
  seen=$(count "$db" 2>/dev/null || echo 0)
  [ "$seen" -ge 8 ] && break
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
[ "$seen" -ge 1 ] || fail "the sweep wrote nothing before the kill"
sound "$db" "kill -9"
after=$(count "$db")
[ "$after" -ge "$seen" ] || fail "records lost by kill -9: $seen before, $after after"
# Finishing the sweep: stored cells come from the store, all equal the reference.
out=$("$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --store "$db" --json)
[ "$(echo "$out" | cells)" = "$ref" ] || fail "resumed sweep differs from a fresh one"
echo "$out" | grep -q '"from_store":true' || fail "no cell came from the store"
again=$("$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --store "$db" --json)
echo "$again" | grep -q '"from_store":false' && fail "a stored cell was recomputed"

# Two processes, one store, overlapping ranges.
db2=$dir/shared.db
"$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --store "$db2" --json >"$dir/a" 2>"$dir/ea" &
a=$!
"$cgtlab" sweep pebbling --n 3..9 --k 1..5 --max-total 80 --store "$db2" --json >"$dir/b" 2>"$dir/eb" &
b=$!
wait $a || fail "first sharing process: $(cat "$dir/ea")"
wait $b || fail "second sharing process: $(cat "$dir/eb")"
sound "$db2" "two writers"
[ "$(cells < "$dir/a")" = "$ref" ] || fail "first sharing process differs"
[ "$(cells < "$dir/b")" = "$ref" ] || fail "second sharing process differs"
[ "$(count "$db2")" -eq 35 ] || fail "expected 35 records, got $(count "$db2")"

# mvalue --store answers from the store the second time, with the same answer.
"$cgtlab" pebbling mvalue --graph K7 --k 3 --max-total 80 --store "$db2" --json | grep -q '"from_store":true' || fail "mvalue did not use the store"
"$cgtlab" pebbling mvalue --graph K7 --k 3 --max-total 70 --store "$db2" --json | grep -q '"from_store":false' ||
  fail "mvalue answered from a store for other parameters"
"$cgtlab" store export --csv --store "$db2" | head -1 | grep -q '^id,command,params' || fail "export --csv header"
"$cgtlab" store export --json --store "$db2" | python3 -c 'import json,sys; json.load(sys.stdin)' || fail "export --json"

# --progress SECONDS: newline-terminated lines on stderr (a file here) with the cells known and the
# cell being computed: its K_n and k, and the last total its search finished (totals only grow,
# and the stopped cell's last line is at or below the total it reports). Both cells are stopped
# by --cell-seconds (K16 with k = 11, 12 take hours to total 300: docs/SCALING.md).
"$cgtlab" sweep pebbling --n 16 --k 11..12 --max-total 300 --cell-seconds 1.5 --progress 0.1 >"$dir/pout" 2>"$dir/perr" ||
  fail "sweep pebbling --progress: exit $?: $(cat "$dir/perr")"
python3 - "$dir/pout" "$dir/perr" <<'PY' || fail "sweep pebbling --progress lines: $(head -c 1500 "$dir/perr")"
import re, sys
out = open(sys.argv[1]).read()
lines = open(sys.argv[2]).read().splitlines()
pat = re.compile(r"^\S+Z cgtlab sweep pebbling: [0-9.]+ s \(CPU [0-9.]+ s\), sweep: (\d) of 2 cells known"
                 r"(?:; K16 k=(1[12]): (?:started|searched to total (\d+) \(bound 300\), \d+ classes stored at it))?"
                 r", RSS \d+ MiB$")
seen = [pat.match(l) for l in lines]
assert lines and all(seen), [l for l, m in zip(lines, seen) if not m]
totals = {"11": [], "12": []}
for m in seen:
    known, k, total = m.groups()
    if k:
        assert known == {"11": "0", "12": "1"}[k], m.group(0)
        if total:
            totals[k].append(int(total))
for k in totals:
    assert totals[k] and totals[k] == sorted(totals[k]), (k, totals[k])
    stop = re.search(r"^K16 k=%s: stopped: time cap of 1.5 s reached after total (\d+)" % k, out, re.M)
    assert stop and totals[k][-1] <= int(stop.group(1)), (k, totals[k][-1], out)
PY

# Bad input: one line, exit 2, the store untouched.
before=$(count "$db2")
err=$dir/err
check_error() {
  "$@" >/dev/null 2>"$err"; rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
}
echo "not a database at all, just some text that is long enough......................" > "$dir/bad.db"
check_error "$cgtlab" store list --store "$dir/bad.db"
check_error "$cgtlab" sweep pebbling --n 3..4 --k 1 --store "$dir/bad.db"
check_error "$cgtlab" store list --store "$dir/missing.db"
check_error "$cgtlab" sweep pebbling --n 9..3 --k 1..2 --store "$db2"
check_error "$cgtlab" sweep pebbling --n 3..4 --k 5..1 --store "$db2"
check_error "$cgtlab" store show 9999 --store "$db2"
check_error "$cgtlab" store export --store "$db2"
if command -v sqlite3 >/dev/null; then
  cp "$db2" "$dir/newer.db"; sqlite3 "$dir/newer.db" 'PRAGMA user_version=42'
  check_error "$cgtlab" store list --store "$dir/newer.db"
  check_error "$cgtlab" pebbling mvalue --graph K5 --k 2 --store "$dir/newer.db"
fi
[ "$(count "$db2")" -eq "$before" ] || fail "bad input changed the store"
echo "store: ok"
