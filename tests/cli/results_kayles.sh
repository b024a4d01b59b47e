#!/usr/bin/env bash
# docs/results/cram.csv and node-kayles.csv stay reproducible: every recorded cell that took under
# 1 s is computed again by the command written beside it (without its --table/--checkpoint files)
# and must give the same nimber and outcome; the outcome column must agree with the nimber. A row
# with an empty nimber (an --outcome-only run) must compute a null nimber and the same outcome.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
checked=0
for csv in docs/results/cram.csv docs/results/node-kayles.csv; do
  [ -f "$csv" ] || fail "$csv missing (run from the source tree)"
  [ "$(head -1 "$csv")" = "rows,cols,nimber,outcome,seconds,peak_mib,command" ] || fail "$csv: unexpected header"
  while IFS=, read -r rows cols nimber outcome seconds peak command; do
    [ "$rows" = rows ] && continue
    if [ -n "$nimber" ]; then
      want=N; [ "$nimber" = 0 ] && want=P
      [ "$outcome" = "$want" ] || fail "$csv row ${rows}x$cols: nimber $nimber but outcome $outcome"
    fi
    # Every command runs as written: a --table-mib above 3/4 of --max-memory (default 6144) is an
    # input error since the bound is no longer lowered silently.
    python3 - "$command" <<'PY' || fail "$csv row ${rows}x$cols: --table-mib above 3/4 of --max-memory: $command"
import re, sys
c = sys.argv[1]
t, m = re.search(r"--table-mib (\d+)", c), re.search(r"--max-memory (\d+)", c)
memory = int(m.group(1)) if m else 6144
assert t is None or memory == 0 or int(t.group(1)) << 20 <= (memory << 20) // 4 * 3
PY
    awk -v s="$seconds" 'BEGIN { exit !(s < 1.0) }' || continue
    [[ $command == cgtlab\ * ]] || fail "$csv row ${rows}x$cols: command does not start with cgtlab"
    args=$(sed -e 's/^cgtlab //' -e 's/ --table [^ ]*//' -e 's/ --checkpoint [^ ]*//' <<<"$command")
    # shellcheck disable=SC2086  # the recorded command's words
    got=$("$cgtlab" $args | python3 -c 'import json,sys; d=json.load(sys.stdin); g=d["grundy"]; print("" if g is None else g, d["outcome"])') ||
      fail "$csv: cgtlab $args"
    [ "$got" = "$nimber $outcome" ] || fail "$csv row ${rows}x$cols: the CSV says '$nimber $outcome', the engine computes '$got'"
    checked=$((checked + 1))
  done <"$csv"
done
# The trunk files kept for long runs (docs/results/trunks/GAME-RxC.tt) load into this build: a
# run resumed from a copy stops at --max-positions 1 with the usual report (or answers at once,
# when the trunk holds the board's nimber), not a format error.
# trunk_names TRUNK: $game, $board and $after (the --after words, or none) from its name.
trunk_names() {
  # GAME-RxC.tt, or GAME-RxC-LABEL.tt for a position after moves, listed in FILE.after beside it.
  local name label
  name=$(basename "$1" .tt)
  game=${name%%-*} board=${name#*-}
  label=${board#*-} board=${board%%-*}
  [[ $game =~ ^(arckayles|nodekayles)$ && $board =~ ^[0-9]+x[0-9]+$ ]] || fail "$1: not named GAME-RxC.tt"
  after=()
  if [ "$label" != "$board" ]; then
    [ -f "$1.after" ] || fail "$1: named GAME-RxC-LABEL.tt without the moves in $1.after"
    after=(--after "$(cat "$1.after")")
  fi
}
for trunk in docs/results/trunks/*.tt; do
  [ -f "$trunk" ] || continue
  trunk_names "$trunk"
  tmp=$(mktemp)
  cp "$trunk" "$tmp"
  "$cgtlab" "$game" grundy --graph "Grid$board" "${after[@]}" --value-only --trunk "$tmp" --max-positions 1 --json >/dev/null 2>"$tmp.err"
  rc=$?
  [ $rc -eq 0 ] || { [ $rc -eq 2 ] && grep -q "max-positions 1 reached" "$tmp.err"; } ||
    fail "$trunk does not load: exit $rc: $(cat "$tmp.err")"
  rm -f "$tmp" "$tmp.err"
done
# The root rounds kept beside a trunk (TRUNK.rounds: the candidate being decided and each open
# option's next budget; a run started from the trunk goes on from them) are read with it:
# --lookup-only names every open option by its move, with the budget the file gives it.
for rounds in docs/results/trunks/*.tt.rounds; do
  [ -f "$rounds" ] || continue
  trunk=${rounds%.rounds}
  [ -f "$trunk" ] || fail "$rounds: no trunk $trunk beside it"
  trunk_names "$trunk"
  tmp=$(mktemp)
  cp "$trunk" "$tmp"
  cp "$rounds" "$tmp.rounds"
  "$cgtlab" "$game" grundy --graph "Grid$board" "${after[@]}" --lookup-only --trunk "$tmp" --json >"$tmp.out" 2>&1 ||
    fail "$rounds: lookup failed: $(cat "$tmp.out")"
  python3 - "$tmp.out" "$rounds" <<'PY' || fail "$rounds: the lookup does not read it: $(cat "$tmp.out")"
import json, sys
look = json.load(open(sys.argv[1]))
lines = [l.split() for l in open(sys.argv[2]).read().splitlines()]
r = look["rounds"]
assert r is not None and r["candidate"] == int(lines[1][1]), r
assert [o["budget"] for o in r["options"]] == [int(l[1]) for l in lines[2:]], r
assert all(o["move"] for o in r["options"]), r
assert r["candidate"] not in look["ruled_out"] and look["grundy"] is None, look
PY
  # The text names the count of open options, "option" in the singular for one (3x67 has one).
  open=$(($(wc -l < "$rounds") - 2)) candidate=$(sed -n 2p "$rounds" | cut -d' ' -f2)
  word=options; [ "$open" -eq 1 ] && word=option
  "$cgtlab" "$game" grundy --graph "Grid$board" "${after[@]}" --lookup-only --trunk "$tmp" >"$tmp.out" 2>&1 &&
    grep -qx "rounds:  $candidate was being asked; $open root $word not yet shown not $candidate ($tmp.rounds), by the budget of their next question:" "$tmp.out" ||
    fail "$rounds: the lookup's rounds line: $(cat "$tmp.out")"
  rm -f "$tmp" "$tmp.rounds" "$tmp.out"
done
# The committed trunks prove, by --lookup-only alone, the lower bounds node-kayles.md states for
# them (its witness table). Trunks of four key words (boards of 129..178 cells, saved before their
# keys took three) are read by folding each key's last word into the one below
# (solve::NimberTable::load): 3x43's first trunk (2026-12-01, kept in tests/cli/data since the
# forty-ninth pass replaced it) still proves what it proved when written (the witnesses the build
# before the change read from it: 0, 1 and 3), so no key was misread.
tmp=$(mktemp)
trunk=tests/cli/data/nodekayles-3x43-keys4.tt
grep -aq "^key-words 4$" "$trunk" || fail "$trunk: no longer of four key words (this check is then moot)"
cp "$trunk" "$tmp"
out=$("$cgtlab" nodekayles grundy --graph Grid3x43 --lookup-only --trunk "$tmp" --json) || fail "$trunk: lookup failed"
echo "$out" | grep -q '"ruled_out":\[0,1,3\]' || fail "$trunk: lookup should rule out 0, 1 and 3: $out"
rm -f "$tmp"
# 3x66's option 5 (move 46) is L + R, L the 3x15 part (nimber 9: computed here) and R the 3x50
# part, which the moves in the trunk's .after file leave alone on Grid66x3 (46, then moves that
# empty L). Its trunk proved R has options of values 0..8 (and 12), so R >= 9: option 5 is 0 exactly
# when no option of R has value 9 (docs/results/node-kayles.md, "Thirty-fourth pass"). Since the
# fortieth pass it holds R's nimber, 9: none of R's options is 9 (its option 177, D, is 8, below).
trunk=docs/results/trunks/nodekayles-66x3-option5.tt
moves=$(cat "$trunk.after")
[ "${moves%%,*}" = 46 ] || fail "$trunk.after: not after move 46: $moves"
small=$("$cgtlab" nodekayles grundy --graph Grid16x3 --after 46 --value-only --json | grep -o '"grundy":[0-9]*') ||
  fail "3x66 option 5's small part"
[ "$small" = '"grundy":9' ] || fail "3x66 option 5's small part (Grid16x3 after 46): $small, the docs say 9"
tmp=$(mktemp)
cp "$trunk" "$tmp"
out=$("$cgtlab" nodekayles grundy --graph Grid66x3 --after "$moves" --lookup-only --trunk "$tmp" --json) || fail "$trunk: lookup failed"
echo "$out" | grep -q '"ruled_out":\[0,1,2,3,4,5,6,7,8,12,15\]' || fail "$trunk: lookup should rule out 0..8, 12 and 15: $out"
echo "$out" | grep -q '"grundy":9,' || fail "$trunk: R should be read as 9 (fortieth pass): $out"
cells=$(python3 -c "
import sys
gone=set()
for m in sys.argv[1].split(','):
    v=int(m); r,c=divmod(v,3)
    assert (r,c) not in gone
    gone|={(r,c),(r-1,c),(r+1,c),(r,c-1),(r,c+1)}
left={(r,c) for r in range(66) for c in range(3)}-gone
want={(r,c) for r in range(16,66) for c in range(3)}-{(16,1)}
print('R' if left==want else 'other')" "$moves") || fail "$trunk.after: not a list of moves"
[ "$cells" = R ] || fail "$trunk.after does not leave exactly the 3x50 part of option 5"
rm -f "$tmp"
# lookup_after TRUNK MOVES [GRAPH]: what TRUNK (a copy: a lookup never writes it, but a failure
# must not touch the committed file) proves about GRAPH (default Grid66x3) after MOVES, as JSON in
# $out.
lookup_after() {
  cp "$1" "$tmp"
  rm -f "$tmp.rounds"
  [ ! -e "$1.rounds" ] || cp "$1.rounds" "$tmp.rounds"
  out=$("$cgtlab" nodekayles grundy --graph "${3:-Grid66x3}" --after "$2" --lookup-only --trunk "$tmp" --json) || fail "$1: lookup failed"
}
# So option 5 is L + R = 9 ^ 9 = 0 and 3x66 is N: from R's trunk alone, an outcome search of the
# whole board finds the move 46 (and its mirror image 151) in about 535 k positions, 3 s
# (node-kayles.md, "Fortieth pass"). Without the trunk it does not end within the cap.
cp "$trunk" "$tmp"
out=$("$cgtlab" nodekayles grundy --graph Grid66x3 --outcome-only --trunk "$tmp" --max-positions 10000000 --json) ||
  fail "3x66 from R's trunk: the outcome search did not end within 10 M positions"
echo "$out" | grep -q '"outcome":"N",' || fail "3x66 from R's trunk: outcome should be N: $out"
echo "$out" | grep -q '"winning_moves":\[{"move":"46"}' || fail "3x66 from R's trunk: 46 should win: $out"
echo "$out" | grep -q '{"move":"46","value":0}' || fail "3x66 from R's trunk: the move 46 should lead to 0: $out"
# R's option 99 (one component C, R less cell (33,0)): its trunk proves C has an option of value 9
# (move 181, whose nimber 9 it holds with witnesses of 0..8), so C is not 9 and option 99 of R is
# not 9 (docs/results/node-kayles.md, "Thirty-sixth pass").
trunk=docs/results/trunks/nodekayles-66x3-option5-99.tt
[ "$(cat "$trunk.after")" = "$moves,99" ] || fail "$trunk.after: not option 5's moves and then 99"
lookup_after "$trunk" "$moves,99"
echo "$out" | grep -q '"ruled_out":\[[0-9,]*\b9\b' || fail "$trunk: lookup should rule out 9: $out"
echo "$out" | grep -q '{"move":"181","value":9}' || fail "$trunk: 9 should be ruled out by the move 181: $out"
lookup_after "$trunk" "$moves,99,181"
echo "$out" | grep -q '"grundy":9,' || fail "$trunk: R after 99 and 181 should be read as 9: $out"
echo "$out" | grep -q '"ruled_out":\[0,1,2,3,4,5,6,7,8,' || fail "$trunk: after 181, options of 0..8 should be read: $out"
# R's option 177, D (one 145-cell component, R less cell (59,0)), the last of R's options not shown
# not 9: 3x66 = 0 exactly when D = 9. Its trunk (fortieth pass) holds D's nimber, 8: D has options
# of values 0..7 (and 11, option 190, below) and none of value 8, so D is not 9 and 3x66 is N
# (docs/results/node-kayles.md, "Fortieth pass"). A finished run leaves no rounds file.
trunk=docs/results/trunks/nodekayles-66x3-option5-177.tt
[ "$(cat "$trunk.after")" = "$moves,177" ] || fail "$trunk.after: not option 5's moves and then 177"
[ ! -e "$trunk.rounds" ] || fail "$trunk.rounds: D is settled, its rounds file should be gone"
lookup_after "$trunk" "$moves,177"
echo "$out" | grep -q '"ruled_out":\[0,1,2,3,4,5,6,7,11\]' || fail "$trunk: lookup should rule out 0..7 and 11: $out"
echo "$out" | grep -q '"grundy":8,' || fail "$trunk: D should be read as 8: $out"
echo "$out" | grep -q '"outcome":"N",' || fail "$trunk: D's outcome should be N: $out"
# D's option 190 (a 5-cell path, nimber 3, and a 135-cell body B): its trunk holds its nimber,
# 11 (B = 8), with options of 0..10, so D's option 190 is not 8 (node-kayles.md, "Thirty-eighth
# pass").
trunk=docs/results/trunks/nodekayles-66x3-option5-177-190.tt
[ "$(cat "$trunk.after")" = "$moves,177,190" ] || fail "$trunk.after: not option 5's moves and then 177, 190"
lookup_after "$trunk" "$moves,177,190"
echo "$out" | grep -q '"grundy":11,' || fail "$trunk: D after 190 should be read as 11: $out"
echo "$out" | grep -q '"ruled_out":\[0,1,2,3,4,5,6,7,8,9,10,' || fail "$trunk: options of 0..10 should be read: $out"
rm -f "$tmp" "$tmp.rounds"
# The trunks of root options asked alone (GAME-RxC-optionM.tt, M in .after; settled, so no rounds
# beside them), each read without a search: its nimber (null: not known) and exactly the values it
# rules out (node-kayles.md, "Forty-eighth pass" and "Forty-ninth pass").
option_trunk() {  # BOARD MOVE NIMBER RULED_OUT
  trunk=docs/results/trunks/nodekayles-$1-option$2.tt
  [ "$(cat "$trunk.after")" = "$2" ] || fail "$trunk.after: not the move $2"
  [ ! -e "$trunk.rounds" ] || fail "$trunk.rounds: the option is settled, no rounds should be left"
  lookup_after "$trunk" "$2" "Grid$1"
  echo "$out" | grep -q "\"grundy\":$3," || fail "$trunk: the option of the move $2 should be read as $3: $out"
  echo "$out" | grep -q "\"ruled_out\":\[$4\]" || fail "$trunk: $4 should be ruled out: $out"
}
tmp=$(mktemp)
# 3x43's last two root options for candidate 10, the moves 3 (cell (0,3)) and 0 (the corner), are
# both 9, so 3x43 = 10.
option_trunk 3x43 3 9 0,1,2,3,4,5,6,7,8,11,13
option_trunk 3x43 0 9 0,1,2,3,4,5,6,7,8,12,15
# 3x63's last root option for candidate 2, the move 21 (cell (0,21)), has an option of value 2 (the
# move 113), so it is not 2 and 3x63 = 2; its own nimber stays unknown.
option_trunk 3x63 21 null 0,1,2,3,4,5,7,9,12
echo "$out" | grep -q '{"move":"113","value":2}' || fail "$trunk: the move 113 should be the option of value 2: $out"
# 3x59's root options of the moves 74 (cell (1,15); its parts are 9 and 8) and 25 (cell (0,25)),
# two of its last three for candidate 5, are 1 and 2: neither is 5.
option_trunk 3x59 74 1 0,2,4,7,8,9,10,11,12,13,14,15
option_trunk 3x59 25 2 0,1,3,9,10,11,15
rm -f "$tmp" "$tmp.rounds"
for pair in 3x43:0,1,2,3,4,5,6,7,8,9,11 3x59:0,1,2,3,4,6,7,8,11 3x63:0,1,3,4,6,8,11 64x3:0,2,4,6,7,8,11 65x3:0,2,5,7,9 66x3:0,1,2,3,5,6,7,9,10 67x3:0,1,3,5,6,10,13,14 5x19:0,1,2,3,4 5x20:0 5x21:0,1,2,3; do
  board=${pair%%:*} want=${pair#*:}
  trunk=docs/results/trunks/nodekayles-$board.tt
  tmp=$(mktemp)
  cp "$trunk" "$tmp"
  out=$("$cgtlab" nodekayles grundy --graph "Grid$board" --lookup-only --trunk "$tmp" --json) || fail "$trunk: lookup failed"
  echo "$out" | grep -q "\"ruled_out\":\[$want\]" || fail "$trunk: lookup should rule out $want: $out"
  rm -f "$tmp"
  # The trunk and the csv row agree on the root: a trunk written when its search finished (3x43,
  # 3x63, 5x19, 5x20) holds the root's nimber, the one the row records; a row without a nimber
  # (3x59, 5x21) has a trunk without the root.
  # (A board of more than 63 columns is computed turned, as Nx3, and recorded as its csv row 3,N.)
  nimber=$(awk -F, -v r="${board%x*}" -v c="${board#*x}" '($1 == r && $2 == c) || ($1 == c && $2 == r) { print $3 }' docs/results/node-kayles.csv)
  # A board whose outcome is not known yet (none now; 3x66 until the fortieth pass) has no csv row
  # (a row records an outcome): its trunk must not know the outcome either.
  if ! grep -q "^${board%x*},${board#*x},\|^${board#*x},${board%x*}," docs/results/node-kayles.csv; then
    echo "$out" | grep -q '"outcome":null,' || fail "node-kayles.csv: no row for $board, whose trunk knows the outcome: $out"
  fi
  echo "$out" | grep -q "\"grundy\":${nimber:-null}," ||
    fail "$trunk: the root's stored nimber should be ${nimber:-absent (null)}, as the csv row says: $out"
done
[ "$checked" -ge 40 ] || fail "only $checked cheap cells found (expected the small Cram and Node-Kayles boards)"
echo "results_kayles: $checked recorded cells recomputed, all equal"
