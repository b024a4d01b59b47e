#!/usr/bin/env bash
# A long nimber search killed with SIGTERM (as `timeout` sends) or SIGINT saves its --table,
# exits 2 with one line saying so and how far it got, and a rerun loads the table (resumes) and
# prints the value. A run capped by --max-positions reports only what it proved (checked against
# the uncapped nimber); --progress SECONDS logs lines to a stderr that is not a terminal.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
. "$(dirname "$0")/lib/signals.sh"
for sig in TERM INT; do
  tt=$dir/t-$sig.tt
  # 5x10 takes an hour: the signal arrives long before the end.
  "$cgtlab" arckayles grundy --graph Grid5x10 --value-only --table "$tt" --json >"$dir/out" 2>"$dir/err" &
  pid=$!
  # Signal only once the tool has its handler (lib/signals.sh).
  wait_for_handler $pid $sig || fail "SIG$sig: the search never caught the signal"
  sleep 1
  kill -s $sig $pid
  wait $pid; rc=$?
  [ $rc -eq 2 ] || fail "SIG$sig: exit $rc, want 2: $(cat "$dir/err")"
  [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "SIG$sig: one error line wanted: $(cat "$dir/err")"
  grep -q "saved to" "$dir/err" || fail "SIG$sig: should say the table was saved: $(cat "$dir/err")"
  grep -q "positions expanded, [0-9]* nimbers in the table" "$dir/err" || fail "SIG$sig: should say how far it got: $(cat "$dir/err")"
  grep -q '"reached":{' "$dir/out" || fail "SIG$sig: JSON should say how far it got: $(cat "$dir/out")"
  # --json: stdout is the error object (docs/json.md), never a value
  ! grep -q '"grundy"' "$dir/out" && grep -q '"kind":"cap"' "$dir/out" && [ "$(wc -l < "$dir/out")" -eq 1 ] ||
    fail "SIG$sig: stdout should be only the error object: $(cat "$dir/out")"
  head -1 "$tt" | grep -q "cgtlab-nimber-table 1" || fail "SIG$sig: no table file"
done
# Resume on a small board: the second run loads the first run's table.
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --table "$dir/s.tt" --json >"$dir/a" || fail "3x9 first run"
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --table "$dir/s.tt" --json >"$dir/b" || fail "3x9 second run"
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --json >"$dir/c" || fail "3x9 without a table"
g() { grep -o '"grundy":[0-9]*' "$1"; }
[ -n "$(g "$dir/a")" ] && [ "$(g "$dir/a")" = "$(g "$dir/b")" ] && [ "$(g "$dir/a")" = "$(g "$dir/c")" ] ||
  fail "3x9: fresh, resumed and table-less runs differ: $(cat "$dir/a" "$dir/b" "$dir/c")"
# --trunk: the largest --trunk-entries positions of the table, saved beside it (or alone) at a
# stop and at the end; a run with no --table file resumes from it, with the same nimber. Cram 5x7
# stopped by --max-positions, then resumed from the trunk alone.
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --max-positions 20000 --trunk "$dir/t.tt" --trunk-entries 300 \
  --json >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && grep -q "the largest 300 of them saved to $dir/t.tt" "$dir/err" || fail "--trunk at a stop: exit $rc: $(cat "$dir/err")"
[ "$(sed -n 4p "$dir/t.tt")" = "entries 300" ] || fail "--trunk-entries 300: $(sed -n 1,4p "$dir/t.tt")"
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --trunk "$dir/t.tt" --trunk-entries 300 --json >"$dir/a" ||
  fail "5x7 resumed from the trunk"
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --json >"$dir/c" || fail "5x7 without a table"
[ -n "$(g "$dir/a")" ] && [ "$(g "$dir/a")" = "$(g "$dir/c")" ] || fail "5x7: resumed from the trunk: $(cat "$dir/a" "$dir/c")"
# ... and the trunk was used: the resumed run expands fewer positions than a fresh one (one thread).
ta=$(grep -o '"positions":[0-9]*' "$dir/a" | cut -d: -f2) tc=$(grep -o '"positions":[0-9]*' "$dir/c" | cut -d: -f2)
[ -n "$ta" ] && [ -n "$tc" ] && [ "$ta" -lt "$tc" ] || fail "5x7: resumed from the trunk in $ta positions, fresh $tc"
# At the end the root's witnesses are known: the entries behind them are kept too (below).
n=$(sed -n 4p "$dir/t.tt" | cut -d' ' -f2)
[ "$n" -ge 300 ] && [ "$n" -le 340 ] || fail "--trunk at the end: $(sed -n 1,4p "$dir/t.tt")"
# A trunk keeps, beside its largest entries, those behind the root's witnesses (the components of a
# first option of each value ruled out): read alone by --lookup-only it proves what the table
# proved about the root. Node-Kayles 5x9 stopped at 20 000 positions, a trunk of one entry: the
# same values ruled out, by the same moves, as from the whole table (0, 1, 2 and 3 when written;
# the largest entry alone rules out 1).
"$cgtlab" nodekayles grundy --graph Grid5x9 --value-only --max-positions 20000 --table "$dir/w.tt" --trunk "$dir/wt.tt" \
  --trunk-entries 1 --json >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "5x9 capped with a trunk: exit $rc: $(cat "$dir/err")"
wt=$("$cgtlab" nodekayles grundy --graph Grid5x9 --lookup-only --trunk "$dir/wt.tt" --json) || fail "5x9 trunk lookup"
wf=$("$cgtlab" nodekayles grundy --graph Grid5x9 --lookup-only --table "$dir/w.tt" --json) || fail "5x9 table lookup"
for field in ruled_out witnesses; do
  a=$(echo "$wt" | python3 -c "import json,sys; print(json.load(sys.stdin)['$field'])")
  b=$(echo "$wf" | python3 -c "import json,sys; print(json.load(sys.stdin)['$field'])")
  [ "$a" = "$b" ] || fail "5x9: the trunk's $field $a, the table's $b"
done
echo "$wt" | grep -q '"ruled_out":\[0,1,2,3\]' || fail "5x9: the trunk should rule out 0..3: $wt"
# The refutations go beside the table (FILE.refutations) and are loaded with it: resumed with
# them, Cram 5x7 stopped at 20 000 positions expands fewer positions than resumed from the table
# alone, with the fresh nimber; a sidecar that is not a refutation table is one error line.
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --max-positions 20000 --table "$dir/r.tt" --json >/dev/null \
  2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && grep -q "refutations saved to $dir/r.tt and $dir/r.tt.refutations" "$dir/err" ||
  fail "refutations at a stop: exit $rc: $(cat "$dir/err")"
[ "$(sed -n 3p "$dir/r.tt.refutations")" = "game arckayles grid-shape refutations" ] ||
  fail "refutation file: $(sed -n 1,4p "$dir/r.tt.refutations")"
cp "$dir/r.tt" "$dir/q.tt"
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --table "$dir/r.tt" --json >"$dir/a" || fail "5x7 resumed with refutations"
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --table "$dir/q.tt" --json >"$dir/b" || fail "5x7 resumed without"
[ "$(g "$dir/a")" = "$(g "$dir/c")" ] && [ "$(g "$dir/b")" = "$(g "$dir/c")" ] || fail "5x7 resumed: $(cat "$dir/a" "$dir/b")"
ra=$(grep -o '"positions":[0-9]*' "$dir/a" | cut -d: -f2) rb=$(grep -o '"positions":[0-9]*' "$dir/b" | cut -d: -f2)
[ -n "$ra" ] && [ -n "$rb" ] && [ "$ra" -lt "$rb" ] || fail "5x7: resumed with refutations in $ra positions, without $rb"
# ... and each says what it read: the stop's counts, refutations only where the sidecar was.
stopped=$(grep -o 'table of [0-9]* nimbers and [0-9]* refutations' "$dir/err" | tr -cd '0-9 ' | tr -s ' ')
read -r sn sr <<<"$stopped"
grep -q "\"loaded\":{\"nimbers\":$sn,\"refutations\":$sr}" "$dir/a" && [ "$sr" -gt 0 ] ||
  fail "5x7 resumed with refutations: 'loaded' should be $sn nimbers, $sr refutations: $(cat "$dir/a")"
grep -q "\"loaded\":{\"nimbers\":$sn,\"refutations\":0}" "$dir/b" || fail "5x7 resumed without: $(cat "$dir/b")"
! grep -q '"loaded"' "$dir/c" || fail "5x7 without a table should load nothing: $(cat "$dir/c")"
cp "$dir/r.tt" "$dir/r.tt.refutations"
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --table "$dir/r.tt" >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "not a nimber table" "$dir/err" ||
  fail "a nimber table as refutations: exit $rc: $(cat "$dir/err")"
for bad in 0 -1 abc 18446744073709551616; do
  "$cgtlab" arckayles grundy --graph P4 --trunk "$dir/u.tt" --trunk-entries "$bad" >/dev/null 2>"$dir/err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--trunk-entries $bad: exit $rc: $(cat "$dir/err")"
done
# --root-rounds: the root asks its options in rounds of growing budgets; the same nimber with 1
# and 2 threads, and the record of each candidate names the option of its value.
for threads in 1 2; do
  "$cgtlab" arckayles grundy --graph Grid3x9 --value-only --stats --threads $threads --root-rounds 64 --json >"$dir/d" ||
    fail "3x9 --root-rounds 64 threads $threads"
  [ "$(g "$dir/d")" = "$(g "$dir/c")" ] || fail "3x9 --root-rounds threads $threads: $(cat "$dir/d")"
  python3 -c '
import json, sys
for p in json.load(open(sys.argv[1]))["stats"]["root_candidates"]:
    assert (p["option"] > 0) == p["option_of_this_value"] and p["rounds"] >= 1, p' "$dir/d" ||
    fail "3x9 --root-rounds threads $threads: root_candidates: $(cat "$dir/d")"
done
# The record of each candidate names its option of that value by a move (`option_move`): on a
# one-component board, the move's value (`moves`) is the candidate; the nimber's record has none.
# On two components whose first root searched is not the whole position's last, none is named.
# Boards of nimber 1 or more, so at least one candidate is settled by an option.
for gb in arckayles:Grid4x5 arckayles:Grid3x7 nodekayles:Grid3x5 nodekayles:Grid3x7; do
  game=${gb%%:*} board=${gb#*:}
  "$cgtlab" $game moves --graph $board --json >"$dir/mv" || fail "$game moves $board"
  for flags in "--threads 1" "--threads 2" "--threads 2 --root-rounds 64"; do
    "$cgtlab" $game grundy --graph $board --value-only --stats $flags --json >"$dir/d" ||
      fail "$game $board $flags --stats"
    python3 -c '
import json, sys
j, mv = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
values = {m["move"]: m["grundy"] for m in mv["moves"]}
ph = j["stats"]["root_candidates"]
assert len(ph) >= 2 and ph[-1]["option_move"] is None, ph
for p in ph[:-1]:
  assert values[p["option_move"]] == p["candidate"], (p, values)' "$dir/d" "$dir/mv" ||
      fail "$game $board $flags: option_move: $(cat "$dir/d")"
  done
done
two="0-1,1-2,2-3,3-4,4-5,5-6,0-7,7-8,8-9,1-8,2-9,10-11,11-12,12-13,13-14,10-15,11-16,12-17,13-18,14-19,15-16,16-17,17-18,18-19,15-20,16-21,17-22,18-23,19-24,20-21,21-22,22-23,23-24"
"$cgtlab" arckayles grundy --graph "$two" --value-only --stats --json >"$dir/d" || fail "two components --stats"
python3 -c '
import json, sys
ph = json.load(open(sys.argv[1]))["stats"]["root_candidates"]
assert ph and any(p["option"] > 0 for p in ph) and all(p["option_move"] is None for p in ph), ph' "$dir/d" ||
  fail "two components: option_move: $(cat "$dir/d")"
"$cgtlab" arckayles grundy --graph Grid3x9 --root-rounds -1 >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--root-rounds -1: exit $rc: $(cat "$dir/err")"
# --mirror-first on|off: a move order only, the same nimber; Cram 4x8 (the half-turn strategy)
# needs far fewer positions with it; anything else is refused in one line.
p() { grep -o '"positions":[0-9]*' "$1" | cut -d: -f2; }
for m in on off; do
  "$cgtlab" arckayles grundy --graph Grid4x8 --value-only --mirror-first $m --json >"$dir/m$m" || fail "--mirror-first $m"
done
[ "$(g "$dir/mon")" = '"grundy":0' ] && [ "$(g "$dir/moff")" = '"grundy":0' ] &&
  [ $((4 * $(p "$dir/mon"))) -lt "$(p "$dir/moff")" ] || fail "--mirror-first: $(cat "$dir/mon" "$dir/moff")"
"$cgtlab" nodekayles grundy --graph Grid4x4 --mirror-first yes >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--mirror-first yes: exit $rc: $(cat "$dir/err")"
# Budgets past 2^60 (and numbers past 2^64, which CLI11 would otherwise saturate) are refused.
for opt in --root-rounds --race --budget; do
  "$cgtlab" arckayles grundy --graph Grid3x9 $opt 18446744073709551616 >/dev/null 2>"$dir/err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] && grep -q "not in range" "$dir/err" ||
    fail "$opt 2^64: exit $rc: $(cat "$dir/err")"
done

# --max-positions: the error line and the JSON say how far the search got; every value reported
# ruled out differs from the uncapped run's nimber, and every value below the one asked is ruled
# out. Grid5x7 (nimber found in about 340000 positions) rules out 0 within 250000. The root's
# options for the value asked: as many as the uncapped run's root has (--stats), fewer settled
# (all settled would decide it), the options asked among them; the uncapped run ends every
# candidate but the last with an option of that value and the last (the nimber) with all settled.
full=$("$cgtlab" arckayles grundy --graph Grid5x7 --value-only --stats --json) || fail "5x7 uncapped"
nimber=$(echo "$full" | grep -o '"grundy":[0-9]*' | cut -d: -f2)
root_options=$(echo "$full" | python3 -c '
import json, sys
j = json.load(sys.stdin)
s, n = j["stats"], j["grundy"]
ph = s["root_candidates"]
assert s["root_options"] > 1 and ph and ph[-1]["candidate"] == n, s
for p in ph:
    assert p["root_options"] == s["root_options"], p
    last = p is ph[-1]
    assert p["option_of_this_value"] == (not last), p
    assert (p["root_options_settled"] == p["root_options"]) == last and p["root_options_settled"] <= p["root_options"], p
print(s["root_options"])') || fail "5x7 --stats: the root's counts: $full"
bounded=0 counted=0
for threads in 1 2; do
  for cap in 100000 250000; do
    "$cgtlab" arckayles grundy --graph Grid5x7 --value-only --threads $threads --max-positions $cap --json \
      >"$dir/out" 2>"$dir/err"; rc=$?
    [ $rc -eq 2 ] || fail "5x7 cap $cap threads $threads: exit $rc, want 2"
    [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "5x7 cap $cap: one error line wanted: $(cat "$dir/err")"
    grep -q "max-positions $cap reached: after [0-9.]* s: [0-9]* positions expanded, [0-9]* nimbers in the table; " "$dir/err" ||
      fail "5x7 cap $cap: how far it got: $(cat "$dir/err")"
    verdict=$(python3 - "$dir/out" "$nimber" "$cap" "$root_options" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
nimber, cap, options = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
r = j["reached"]
assert j["kind"] == "cap" and j["exit"] == 2 and "grundy" not in j, j
assert r["positions"] > cap and r["table_entries"] > 0 and r["seconds"] > 0, r
assert nimber not in r["ruled_out"], ("the nimber is reported ruled out", r)
if r["asking"] is not None:
    assert r["asking"] <= nimber and all(v in r["ruled_out"] for v in range(r["asking"])), r
assert ("outcome" in r) == (0 in r["ruled_out"]), r
words = "the nimber is not " + " or ".join(str(v) for v in r["ruled_out"]) if len(r["ruled_out"]) == 1 else ""
assert words == "" or words in j["error"], (words, j["error"])
# Witnesses: a move to an option of each value ruled out (looked up at the stop), named in words.
for w in r["witnesses"]:
    assert w["value"] in r["ruled_out"] and w["value"] != nimber and "-" in w["move"], r
if r["witnesses"]:
    w = r["witnesses"][0]
    words = "the values ruled out have options: %d by the move %s" % (w["value"], w["move"])
    assert words in j["error"], (words, j["error"])
if "root_options" in r:
    assert r["asking"] is not None and r["root_options"] == options, r
    assert 0 <= r["root_options_settled"] < options, r
    asked = {a["option"] for a in r["root_options_asked"]}
    # Each option asked is named by a move (a full board: every option has one), in words too.
    for a in r["root_options_asked"]:
        assert "-" in a["move"] and "option %d (move %s) had been asked" % (a["option"], a["move"]) in j["error"], (a, j["error"])
    assert all(1 <= a <= options for a in asked) and r["root_options_settled"] + len(asked) <= options, r
    words = "%d was being asked: %d of %d root options shown not %d" % (r["asking"], r["root_options_settled"], options, r["asking"])
    assert words in j["error"], (words, j["error"])
    print("counted")
else:
    print("bounded" if r["ruled_out"] else "open")
PY
) || fail "5x7 cap $cap threads $threads: $(cat "$dir/out")"
    [ "$verdict" = counted ] && counted=$((counted + 1))
    grep -q '"ruled_out":\[0' "$dir/out" && bounded=$((bounded + 1))
  done
done
[ $bounded -ge 1 ] || fail "no capped 5x7 run ruled a value out"
[ $counted -ge 3 ] || fail "only $counted capped 5x7 runs counted the root's options"
# --outcome-only (one thread and two): the root's options for 0.
for threads in 1 2; do
  "$cgtlab" arckayles grundy --graph Grid5x7 --value-only --outcome-only --threads $threads --max-positions 100000 --json \
    >"$dir/out" 2>"$dir/err"
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["reached"]
assert r["asking"] == 0 and r["root_options"] == int(sys.argv[2]) and 0 <= r["root_options_settled"] < r["root_options"], r' \
    "$dir/out" "$root_options" || fail "--outcome-only threads $threads: the root's counts: $(cat "$dir/out")"
done

# Several components (Node-Kayles on P5 + Grid5x9, asked --is-nimber for the whole): the others are
# solved first and the root is the last one's, whose candidates 0, 1, ... are the position's
# values c ^ x (x the others' nim-sum, `others_nim_sum`, here P5's nimber as the engine computes
# it). A capped run has ruled out c ^ x for every candidate c below the one it asks, and its line
# names both values; one component has others_nim_sum 0. (Its own files: the check below reads the
# --outcome-only run's "$dir/out".)
p5=$("$cgtlab" nodekayles grundy --graph P5 --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
[ "$p5" -gt 0 ] || fail "P5's nimber should be above 0: $p5"
whole=$("$cgtlab" nodekayles grundy --graph P5+Grid5x9 --value-only --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
"$cgtlab" nodekayles grundy --graph P5+Grid5x9 --is-nimber "$whole" --max-positions 20000 --json >"$dir/comp" 2>"$dir/comp.err"
[ $? -eq 2 ] || fail "P5+Grid5x9 capped: exit 2 wanted: $(cat "$dir/comp.err")"
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["reached"]
x, err = int(sys.argv[2]), open(sys.argv[3]).read()
assert r["others_nim_sum"] == x and r["asking"] is not None, r
last = r["asking"] ^ x
assert last >= 1 and all(c ^ x in r["ruled_out"] for c in range(last)), r
want = "%d was being asked (its last component is asked %d; the others\x27 nim-sum is %d)" % (r["asking"], last, x)
assert want in err, (want, err)' "$dir/comp" "$p5" "$dir/comp.err" || fail "P5+Grid5x9: $(cat "$dir/comp" "$dir/comp.err")"
"$cgtlab" nodekayles grundy --graph Grid5x9 --is-nimber 7 --max-positions 20000 --json >"$dir/comp" 2>"$dir/comp.err"
grep -q '"others_nim_sum":0' "$dir/comp" && ! grep -q "its last component" "$dir/comp.err" ||
  fail "one component: others_nim_sum 0 and no last-component words: $(cat "$dir/comp" "$dir/comp.err")"

# The run's own CPU seconds and peak RSS, in a stopped run's `reached` and a finished run's object:
# a two-thread search of Cram 5x7 uses at least 0.1 s of CPU and some MiB.
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --threads 2 --json >"$dir/done" 2>/dev/null || fail "5x7 two threads"
python3 -c '
import json, sys
done = json.load(open(sys.argv[1]))
r = json.load(open(sys.argv[2]))["reached"]
for j in (done, r):
    assert j["cpu_seconds"] > 0.05 and j["peak_rss_mib"] >= 4, j
assert done["cpu_seconds"] > r["cpu_seconds"], (done, r)' "$dir/done" "$dir/out" ||
  fail "cpu_seconds / peak_rss_mib: $(cat "$dir/done" "$dir/out")"

# --progress 0.1 with stderr to a file: newline-terminated lines (no \r), each with a timestamp,
# elapsed seconds, the process's CPU seconds, positions, rate, table, RSS and the bounds; the answer
# is unchanged.
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --progress 0.1 --json >"$dir/out" 2>"$dir/err" ||
  fail "--progress run: exit $?: $(cat "$dir/err")"
[ "$(grep -o '"grundy":[0-9]*' "$dir/out")" = "\"grundy\":$nimber" ] || fail "--progress changed the answer: $(cat "$dir/out")"
! grep -q $'\r' "$dir/err" || fail "--progress lines should not use \\r"
lines=$(grep -cE '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z cgtlab arckayles grundy: [0-9.]+ s \(CPU [0-9.]+ s\), [0-9]+ positions \([0-9]+/s\), table [0-9]+ of [0-9]+ slots .*nimber.*, RSS [0-9]+ MiB$' "$dir/err")
[ "$lines" -ge 3 ] && [ "$lines" -eq "$(wc -l < "$dir/err")" ] || fail "--progress 0.1: $lines progress lines: $(cat "$dir/err")"
# The option asked is named by its move (the first in the game's order that leads to it).
grep -qE "asking [0-9]+: [0-9]+ of $root_options root options not [0-9]+, asking option [0-9]+ \(move [0-9]+-[0-9]+\) for [0-9.]+ s, RSS" "$dir/err" ||
  fail "--progress 0.1: no line counts the root's options: $(cat "$dir/err")"
# The refutation table's fill beside the nimbers' (some are stored once the root refutes 0).
grep -qE 'table [0-9]+ of [0-9]+ slots \([0-9.]+%, refutations [1-9][0-9]* of [0-9]+ \([0-9.]+%\), bound [0-9]+ MiB: nimbers [1-9][0-9]* MiB, refutations [1-9][0-9]* MiB now \(shared\)\)' "$dir/err" ||
  fail "--progress 0.1: no line gives the refutation table's fill: $(cat "$dir/err")"
# --lookup-only reads a table and searches nothing: after a capped run, the values its witnesses
# rule out (moves the capped run named too), exit 0, the file untouched; after a finished run, the
# nimber. Without a file to read: one line, exit 2.
tt=$dir/look.tt
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --max-positions 250000 --table "$tt" --json >"$dir/capped" 2>/dev/null
before=$(md5sum < "$tt")
"$cgtlab" arckayles grundy --graph Grid5x7 --lookup-only --table "$tt" --json >"$dir/out" 2>"$dir/err" ||
  fail "--lookup-only after a capped run: exit $?: $(cat "$dir/err")"
[ "$(md5sum < "$tt")" = "$before" ] || fail "--lookup-only wrote the table"
python3 - "$dir/capped" "$dir/out" "$nimber" <<'PY' || fail "--lookup-only after a capped run: $(cat "$dir/out")"
import json, sys
capped, look, nimber = json.load(open(sys.argv[1]))["reached"], json.load(open(sys.argv[2])), int(sys.argv[3])
assert look["grundy"] is None and look["positions"] == 0 and look["loaded"]["nimbers"] > 0, look
assert look["witnesses"] == capped["witnesses"] and capped["witnesses"], (look, capped)
assert look["ruled_out"] == [w["value"] for w in look["witnesses"]] and nimber not in look["ruled_out"], look
assert (look["outcome"] == "N") == (0 in look["ruled_out"]), look
PY
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --table "$tt" >/dev/null 2>&1 || fail "5x7 resumed to the end"
"$cgtlab" arckayles grundy --graph Grid5x7 --lookup-only --table "$tt" >"$dir/out" 2>"$dir/err" || fail "--lookup-only: exit $?"
head -1 "$dir/out" | grep -q "(Grundy value $nimber)" || fail "--lookup-only after the end: $(cat "$dir/out")"
grep -q "^options of known value: 0 by the move [0-9]*-[0-9]*" "$dir/out" || fail "--lookup-only witnesses: $(cat "$dir/out")"
# With --root-rounds the rounds file beside the table names each option's move in a comment, and
# --lookup-only lists them, by the budget of the next question: as many as the file has, each named.
tt=$dir/rounds.tt
"$cgtlab" arckayles grundy --graph Grid5x7 --value-only --root-rounds 4096 --max-positions 150000 --table "$tt" \
  >/dev/null 2>&1
[ "$(grep -c '^[0-9a-f]* [0-9]*  # move [0-9]*-[0-9]*$' "$tt.rounds")" -ge 2 ] &&
  [ "$(grep -vc '^[0-9a-f]* [0-9]*  # move [0-9]*-[0-9]*$' "$tt.rounds")" -eq 2 ] ||
  fail "--root-rounds: the rounds file should name every option's move: $(cat "$tt.rounds")"
"$cgtlab" arckayles grundy --graph Grid5x7 --lookup-only --table "$tt" --json >"$dir/out" 2>"$dir/err" ||
  fail "--lookup-only with rounds: exit $?: $(cat "$dir/err")"
python3 - "$dir/out" "$tt.rounds" <<'PY' || fail "--lookup-only with rounds: $(cat "$dir/out")"
import json, sys
look, lines = json.load(open(sys.argv[1])), open(sys.argv[2]).read().splitlines()
r = look["rounds"]
assert r["file"] == sys.argv[2] and lines[1] == "candidate %d" % r["candidate"], r
want = [(l.split()[4], int(l.split()[1])) for l in lines[2:]]
assert [(o["move"], o["budget"]) for o in r["options"]] == want, (r, want)
PY
"$cgtlab" arckayles grundy --graph Grid5x7 --lookup-only --table "$tt" >"$dir/out" 2>"$dir/err" || fail "--lookup-only with rounds"
grep -qE "^rounds:  [0-9]+ was being asked; $(($(wc -l < "$tt.rounds") - 2)) root options? not yet shown not" "$dir/out" &&
  grep -qE "^         [0-9]+ positions: [0-9]+-[0-9]+" "$dir/out" || fail "--lookup-only rounds text: $(cat "$dir/out")"
for args in "" "--table $dir/none.tt" "--trunk $tt --format latex"; do
  "$cgtlab" arckayles grundy --graph Grid5x7 --lookup-only $args >/dev/null 2>"$dir/err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--lookup-only $args: exit $rc: $(cat "$dir/err")"
done
# --seed-table: a missing file, another graph's vertex-set table, the other game's table, and beside
# --lookup-only: one line, exit 2 (tests/cli/sweep_grid.sh seeds one grid from another's table).
"$cgtlab" nodekayles grundy --graph Petersen --value-only --table "$dir/petersen.tt" >/dev/null || fail "Petersen --table"
"$cgtlab" arckayles grundy --graph Grid3x4 --value-only --table "$dir/cram.tt" >/dev/null || fail "Cram 3x4 --table"
for args in "--graph P6 --seed-table $dir/none.tt" "--graph C10 --seed-table $dir/petersen.tt" "--graph Grid3x5 --seed-table $dir/cram.tt" \
  "--graph Petersen --seed-table $dir/petersen.tt --lookup-only --table $dir/petersen.tt"; do
  "$cgtlab" nodekayles grundy $args >/dev/null 2>"$dir/err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "nodekayles grundy $args: exit $rc: $(cat "$dir/err")"
done
got=$("$cgtlab" nodekayles grundy --graph Petersen --value-only --seed-table "$dir/petersen.tt" --json) &&
  [ "$(echo "$got" | grep -o '"positions":[0-9]*')" = '"positions":0' ] || fail "Petersen seeded by its own table: $got"
# Bad values: one line on stderr, exit 2.
for bad in -1 abc 0 nan 1e9; do
  "$cgtlab" arckayles grundy --graph P4 --progress "$bad" >/dev/null 2>"$dir/err"; rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--progress $bad: exit $rc: $(cat "$dir/err")"
done
echo ok
