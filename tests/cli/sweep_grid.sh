#!/usr/bin/env bash
# sweep cram / sweep nodekayles: every cell equals the nimber `arckayles|nodekayles grundy`
# computes; with a store, a rerun answers every cell from it with the same cells; a capped cell
# is a stop, never an answer; a signal stops the sweep (the cell saves its table, the rest are not
# started, exit 2); bad ranges are one-line errors with exit code 2.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
db=$dir/s.db

cells() { python3 -c 'import json,sys; print(";".join("%d,%d,%s,%s,%s" % (c["rows"], c["cols"], c["nimber"], c["outcome"], c["status"]) for c in json.load(sys.stdin)["cells"]))'; }
stored() { python3 -c 'import json,sys; print("".join("s" if c["from_store"] else "c" for c in json.load(sys.stdin)["cells"]))'; }

# Fresh cells equal the one-board command's nimbers.
ref=$("$cgtlab" sweep cram --rows 3 --cols 1..7 --json | cells) || fail "sweep cram"
want=""
for c in 1 2 3 4 5 6 7; do
  g=$("$cgtlab" arckayles grundy --graph Grid3x$c --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
  o=P; [ "$g" = 0 ] || o=N
  want="$want${want:+;}3,$c,$g,$o,found"
done
[ "$ref" = "$want" ] || fail "sweep cram differs from arckayles grundy: $ref vs $want"
nref=$("$cgtlab" sweep nodekayles --rows 2 --cols 1..6 --json | cells) || fail "sweep nodekayles"
g=$("$cgtlab" nodekayles grundy --graph Grid2x5 --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
echo "$nref" | grep -q "2,5,$g," || fail "sweep nodekayles 2x5 differs from nodekayles grundy ($g): $nref"

# Store vs fresh: the same cells; a rerun takes every cell from the store.
out=$("$cgtlab" sweep cram --rows 3 --cols 1..7 --store "$db" --json)
[ "$(echo "$out" | cells)" = "$ref" ] || fail "sweep with a store differs from a fresh one"
[ "$(echo "$out" | stored)" = ccccccc ] || fail "a new store answered a cell"
out=$("$cgtlab" sweep cram --rows 3 --cols 1..7 --store "$db" --json)
[ "$(echo "$out" | cells)" = "$ref" ] || fail "stored cells differ from fresh ones"
[ "$(echo "$out" | stored)" = sssssss ] || fail "a stored cell was recomputed"
# A wider range computes only the new cell; Node-Kayles is never answered by Cram's records.
out=$("$cgtlab" sweep cram --rows 3 --cols 6..8 --store "$db" --json)
[ "$(echo "$out" | stored)" = ssc ] || fail "extending the range: $(echo "$out" | stored)"
out=$("$cgtlab" sweep nodekayles --rows 2 --cols 1..6 --store "$db" --json)
[ "$(echo "$out" | cells)" = "$nref" ] || fail "sweep nodekayles with a store differs"
[ "$(echo "$out" | stored)" = cccccc ] || fail "Node-Kayles answered from another game's records"
"$cgtlab" sweep nodekayles --rows 2 --cols 1..6 --store "$db" --json | stored | grep -qx ssssss ||
  fail "Node-Kayles rerun recomputed a cell"
# The text form.
"$cgtlab" sweep cram --rows 3 --cols 2..3 --store "$db" | grep -q '^3x3: 0  (P)  (.*from the store)$' || fail "text output"

# A capped cell is reported and stored as a stop, then computed by a run without the cap.
out=$("$cgtlab" sweep cram --rows 4 --cols 9 --max-positions 100 --store "$db" --json)
echo "$out" | grep -q '"status":"capped"' || fail "a cell stopped by --max-positions is not capped: $out"
echo "$out" | grep -q '"nimber":null' || fail "a capped cell has a nimber"
out=$("$cgtlab" sweep cram --rows 4 --cols 9 --store "$db" --json)
echo "$out" | grep -q '"status":"found"' || fail "the capped cell was not computed later"
echo "$out" | grep -q '"from_store":false' || fail "a stop was taken as an answer"
out=$("$cgtlab" sweep cram --rows 4 --cols 8..9 --cell-seconds 0.000001 --json)
echo "$out" | grep -q '"stopped":"--cell-seconds' || fail "--cell-seconds did not stop a cell: $out"

# --carry-table: one table carried through the cells, each seeded by the table the last one left
# (across 50 cells its keys widen from one word to two): the same cells as fresh ones, in fewer
# positions in all (each cell's are in its store record); the file stays for the next sweep.
positions() { "$cgtlab" store export "$1" --json | python3 -c 'import json,sys; print(sum(r["answer"]["positions"] for r in json.load(sys.stdin)["records"]))'; }
fresh=$("$cgtlab" sweep nodekayles --rows 3 --cols 14..20 --table-mib 4 --store "$dir/fresh.db" --json | cells) || fail "sweep 3x14..20"
carried=$("$cgtlab" sweep nodekayles --rows 3 --cols 14..20 --table-mib 4 --carry-table "$dir/carry.tt" --store "$dir/carry.db" --json | cells) ||
  fail "sweep 3x14..20 --carry-table"
[ "$carried" = "$fresh" ] || fail "--carry-table changed the cells: $carried vs $fresh"
pf=$(positions "$dir/fresh.db") pc=$(positions "$dir/carry.db")
[ $((pc * 2)) -lt "$pf" ] || fail "--carry-table: $pc positions, fresh $pf"
[ -s "$dir/carry.tt" ] && [ -s "$dir/carry.tt.refutations" ] && [ ! -e "$dir/carry.tt.next" ] || fail "the carried table: $(ls "$dir")"
head -2 "$dir/carry.tt" | grep -qx "key-words 2" || fail "3x20's carried table should have keys of two words: $(head -3 "$dir/carry.tt")"
# ... and a seed of another board for one board: 3x21 from it, the nimber of a fresh search.
want=$("$cgtlab" nodekayles grundy --graph Grid3x21 --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
got=$("$cgtlab" nodekayles grundy --graph Grid3x21 --value-only --seed-table "$dir/carry.tt" --json)
echo "$got" | grep -q "\"grundy\":$want," && echo "$got" | grep -q '"seeded":{"file":"[^"]*","nimbers":[1-9][0-9]*,"refutations":[1-9]' ||
  fail "3x21 seeded by 3x20's table: $got (want $want)"
# Rows of more than 63 cells: Grid2x64 is keyed by vertex set, so 3x20's table is refused in one
# short line that names the board turned. Columns, not rows, bound a shape key: Grid64x2 (keyed
# by shape) seeds Grid65x2, which gets the nimber of a fresh search.
"$cgtlab" nodekayles grundy --graph Grid2x64 --value-only --seed-table "$dir/carry.tt" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && [ "$(wc -c < "$dir/err")" -lt 800 ] && grep -q "Grid64x2, the same board turned" "$dir/err" ||
  fail "Grid2x64 seeded by 3x20's table: exit $rc: $(head -c 1000 "$dir/err")"
"$cgtlab" nodekayles grundy --graph Grid64x2 --value-only --table "$dir/tall.tt" >/dev/null || fail "Grid64x2 --table"
want=$("$cgtlab" nodekayles grundy --graph Grid65x2 --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
got=$("$cgtlab" nodekayles grundy --graph Grid65x2 --value-only --seed-table "$dir/tall.tt" --json)
echo "$got" | grep -q "\"grundy\":$want," && echo "$got" | grep -q '"seeded":{"file":"[^"]*","nimbers":[1-9]' ||
  fail "65x2 seeded by 64x2's table: $got (want $want)"
# A table of one orientation seeds the other: Grid3x14's keys are turned into Grid15x3's as the
# seed is read (a 3xN board past 63 columns is computed as GridNx3, and a wide chain's table seeds
# it). Seeded, Grid15x3 gets the fresh nimber in under a third of the positions (raw keys, which
# never match a turned board's, saved 3 %), and its table's entries, seeded ones among them, are
# keyed as Grid15x3 keys them: check-table --local recomputes every key and finds none wrong.
"$cgtlab" nodekayles grundy --graph Grid3x14 --value-only --table "$dir/wide.tt" >/dev/null || fail "Grid3x14 --table"
fresh=$("$cgtlab" nodekayles grundy --graph Grid15x3 --value-only --json)
got=$("$cgtlab" nodekayles grundy --graph Grid15x3 --value-only --seed-table "$dir/wide.tt" --table "$dir/turned.tt" --json)
python3 - "$fresh" "$got" <<'PY' || fail "Grid15x3 seeded by Grid3x14's table: $got (fresh: $fresh)"
import json, sys
fresh, got = json.loads(sys.argv[1]), json.loads(sys.argv[2])
assert got["grundy"] == fresh["grundy"], (got["grundy"], fresh["grundy"])
assert got["seeded"]["nimbers"] > 0 and got["seeded"]["skipped"] == 0, got["seeded"]
assert got["positions"] * 3 < fresh["positions"], (got["positions"], fresh["positions"])
PY
chk=$("$cgtlab" nodekayles check-table --local --sample 100000 --graph Grid15x3 --json "$dir/turned.tt") ||
  fail "check-table --local on Grid15x3's seeded table: $chk"
echo "$chk" | python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["checked"] > 1000 and r["disagree"] == 0, r' ||
  fail "check-table --local on Grid15x3's seeded table: $(echo "$chk" | head -c 600)"
# A seed of other rows: Grid3x9 keys a 3x4 box by rows of 4, Grid4x7 by rows of 3. The seed's
# keys are keyed as Grid4x7 keys them, so check-table --local recomputes every key as stored.
"$cgtlab" nodekayles grundy --graph Grid3x9 --value-only --table "$dir/rows3.tt" >/dev/null || fail "Grid3x9 --table"
"$cgtlab" nodekayles grundy --graph Grid4x7 --value-only --seed-table "$dir/rows3.tt" --table "$dir/rows4.tt" >/dev/null ||
  fail "Grid4x7 seeded by Grid3x9's table"
chk=$("$cgtlab" nodekayles check-table --local --sample 100000 --graph Grid4x7 --json "$dir/rows4.tt") ||
  fail "check-table --local on Grid4x7's table seeded by Grid3x9's: $(echo "$chk" | head -c 600)"
# A sweep whose carried file cannot be written stops with one line.
"$cgtlab" sweep nodekayles --rows 3 --cols 5..6 --carry-table "$dir/no/such/dir/c.tt" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--carry-table in a missing directory: exit $rc: $(cat "$dir/err")"

# --progress SECONDS: newline-terminated lines on stderr (a file here) with the cells known and the
# board being computed with its search's line; each cell's search is its own (its positions start
# again). Both cells are stopped by --cell-seconds (4x30 takes about 30 s, 4x31 hours).
"$cgtlab" sweep nodekayles --rows 4 --cols 30..31 --table-mib 16 --cell-seconds 2 --progress 0.2 >"$dir/out" 2>"$dir/err" ||
  fail "sweep --progress: exit $?: $(cat "$dir/err")"
grep -q '^4x31: stopped: --cell-seconds 2 reached' "$dir/out" || fail "sweep --progress: $(cat "$dir/out")"
python3 - "$dir/err" <<'PY' || fail "sweep --progress lines: $(head -c 1500 "$dir/err")"
import re, sys
lines = open(sys.argv[1]).read().splitlines()
pat = re.compile(r"^\S+Z cgtlab sweep nodekayles: [0-9.]+ s \(CPU [0-9.]+ s\), sweep: (\d) of 2 cells known; 4x(3[01]): (\d+) positions .*asking \d.*, RSS \d+ MiB$")
seen = [m.groups() for m in map(pat.match, lines) if m]
assert ("0", "30") in {g[:2] for g in seen} and ("1", "31") in {g[:2] for g in seen}, lines
first31 = next(int(g[2]) for g in seen if g[1] == "31")
last30 = [int(g[2]) for g in seen if g[1] == "30"][-1]
assert first31 < last30, (first31, last30)  # 4x31's search counts from its own start
PY

# Ctrl-C or kill stops a sweep: the cell being computed stops, saving its table in the
# --carry-table (the message names that file, not FILE.next, and no FILE.next* is left), the cells
# after it are "not started" and not recorded (the store holds only the stop of the stopped cell),
# the cells are printed and the run exits 2 with one line. 4x31 (open: hours) takes far longer
# than the second waited; --cell-seconds only keeps a sweep that ignored the signal from hanging.
. "$(dirname "$0")/lib/signals.sh"
for sig in INT TERM; do
  sdb=$dir/stop-$sig.db stt=$dir/stop-$sig.tt
  "$cgtlab" sweep nodekayles --rows 4 --cols 31..33 --table-mib 16 --cell-seconds 100 --store "$sdb" --carry-table "$stt" \
    --json >"$dir/out" 2>"$dir/err" &
  pid=$!
  wait_for_handler $pid $sig || fail "SIG$sig: the sweep never caught the signal"
  sleep 1
  kill -s $sig $pid
  wait $pid; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] &&
    grep -q "stopped early: sweep interrupted: 3 of 3 cells not finished; a rerun with the same --store computes only those; what the stopped cell proved is in the --carry-table" "$dir/err" ||
    fail "SIG$sig stopping a sweep: exit $rc: $(cat "$dir/err")"
  python3 - "$dir/out" "$stt" <<'PY' || fail "SIG$sig: the stopped sweep's cells: $(head -c 1500 "$dir/out")"
import json, sys
cells, tt = json.load(open(sys.argv[1]))["cells"], sys.argv[2]
assert [c["status"] for c in cells] == ["capped"] * 3, cells
first = cells[0]["stopped"]
assert first.startswith("search interrupted before the nimber was found"), first
assert f"saved to {tt} and {tt}.refutations" in first and ".next" not in first, first
assert [c["stopped"] for c in cells[1:]] == ["not started (sweep interrupted)"] * 2, cells[1:]
PY
  ls "$dir" | grep -q "stop-$sig.tt.next" && fail "SIG$sig: FILE.next left: $(ls "$dir")"
  "$cgtlab" store export "$sdb" --json | python3 -c '
import json, sys
r = json.load(sys.stdin)["records"]
assert [(x["params"]["graph"], x["status"]) for x in r] == [("Grid4x31", "capped")], r' ||
    fail "SIG$sig: the store should hold only the stopped cell's stop: $("$cgtlab" store export "$sdb" --json | head -c 800)"
  # The carried table is 4x31's: every key recomputes to what it holds.
  chk=$("$cgtlab" nodekayles check-table --local --sample 2000 --graph Grid4x31 --json "$stt") &&
    echo "$chk" | python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["checked"] > 0 and r["disagree"] == 0, r' ||
    fail "SIG$sig: the carried table of the stopped 4x31: $(echo "$chk" | head -c 600)"
done
# A sweep ended without saving (kill -9, a reboot): the cell's last checkpoint (--checkpoint 1,
# FILE.next) is where the next sweep's cell starts; a rerun stopped at its first positions holds
# at least the checkpoint's nimbers, and no FILE.next is left.
kt=$dir/kill.tt
"$cgtlab" sweep nodekayles --rows 4 --cols 31 --table-mib 16 --carry-table "$kt" --checkpoint 1 --cell-seconds 100 \
  >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do [ -s "$kt.next" ] && break; sleep 0.1; done
{ kill -KILL $pid; wait $pid; } 2>/dev/null
n=$(sed -n 's/^entries //p' "$kt.next" 2>/dev/null)
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "no checkpoint of 4x31 in $kt.next: $(ls "$dir")"
"$cgtlab" sweep nodekayles --rows 4 --cols 31 --table-mib 16 --carry-table "$kt" --max-positions 1 --json >"$dir/out" ||
  fail "the sweep after kill -9: $(head -c 600 "$dir/out")"
m=$(sed -n 's/^entries //p' "$kt")
[ ! -e "$kt.next" ] && [ -n "$m" ] && [ "$m" -ge "$n" ] ||
  fail "after kill -9 the cell did not start from its checkpoint: $n entries checkpointed, $m after the rerun: $(ls "$dir")"
# The same for the pebbling sweep (its cells keep their checkpoints in the store): K8 with k = 20
# to a total of 6000 takes far longer than the second waited.
"$cgtlab" sweep pebbling --n 8 --k 20..21 --max-total 6000 --cell-seconds 100 --store "$dir/stop-peb.db" --json \
  >"$dir/out" 2>"$dir/err" &
pid=$!
wait_for_handler $pid INT || fail "the pebbling sweep never caught SIGINT"
sleep 1
kill -s INT $pid
wait $pid; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "stopped early: sweep interrupted: 2 of 2 cells not finished" "$dir/err" ||
  fail "SIGINT stopping a pebbling sweep: exit $rc: $(cat "$dir/err")"
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["cells"]
assert [x["status"] for x in c] == ["capped"] * 2 and c[0]["stopped"].startswith("interrupted after "), c
assert c[1]["stopped"] == "not started (sweep interrupted)", c' "$dir/out" ||
  fail "the stopped pebbling sweep's cells: $(head -c 800 "$dir/out")"
[ "$("$cgtlab" store export "$dir/stop-peb.db" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["records"]))')" = 1 ] ||
  fail "the stopped pebbling sweep recorded a cell it never started"

# Bad input: one line, exit 2.
err=$dir/err
check_error() {
  "$@" >/dev/null 2>"$err"; rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
}
check_error "$cgtlab" sweep cram --rows 0 --cols 1..3
check_error "$cgtlab" sweep cram --rows 3 --cols 7..2
check_error "$cgtlab" sweep nodekayles --rows 3 --cols 0..2
check_error "$cgtlab" sweep nodekayles --rows -1 --cols 1..2
check_error "$cgtlab" sweep cram --rows 3 --cols 1..x
check_error "$cgtlab" sweep cram --rows 30 --cols 1..30
check_error "$cgtlab" sweep cram --rows 3 --cols 1..3 --cell-seconds -1
echo "not a database at all, just some text that is long enough......................" > "$dir/bad.db"
check_error "$cgtlab" sweep cram --rows 3 --cols 1..3 --store "$dir/bad.db"
echo "sweep_grid: ok"
