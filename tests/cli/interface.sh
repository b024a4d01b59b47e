#!/usr/bin/env bash
# Issue 13 (one interface): the exact commands the issue quotes, as a user types them.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(mktemp); err=$(mktemp); trap 'rm -f "$out" "$err"' EXIT

run() { "$cgtlab" "$@" >"$out" 2>"$err"; }
expect_out() {  # expect_out '<text>' args...: exit 0 and the text on stdout
  local want=$1; shift
  run "$@" || fail "$* exited $?: $(cat "$err")"
  grep -qF -- "$want" "$out" || fail "$*: expected '$want' in: $(cat "$out")"
}
expect_error() {  # expect_error '<text>' args...: exit 2, one stderr line containing the text
  local want=$1; shift
  run "$@"; local rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc: $(cat "$out" "$err")"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
  grep -qF -- "$want" "$err" || fail "$*: expected '$want' in: $(cat "$err")"
}

# 1. Expressions as users type them: a leading '-' needs no '--'; CGSuite's glyphs.
expect_out "v*" value "-(^+*)"
expect_out "v" value "-^"
[ "$("$cgtlab" value "-^")" = "v" ] || fail "value -^ should print v"
[ "$("$cgtlab" compare "-1" "-^")" = "<" ] || fail "compare -1 -^ should print <"
[ "$("$cgtlab" value -- "-^")" = "v" ] || fail "value -- -^ still works"
[ "$("$cgtlab" value "-^" --json | grep -c '"value":"v"')" = 1 ] || fail "value -^ --json"
[ "$("$cgtlab" value "↑")" = "^" ] || fail "value ↑"
[ "$("$cgtlab" value "↓")" = "v" ] || fail "value ↓"
[ "$("$cgtlab" value "↑+⋆")" = "^*" ] || fail "value ↑+⋆"
[ "$("$cgtlab" value "∗2")" = "*2" ] || fail "value ∗2"
[ "$("$cgtlab" compare "↑" "{0|⋆}")" = "=" ] || fail "compare ↑ {0|⋆}"
expect_error "not in the notation" value "→"
expect_error "\\x" value $'\xe2'          # a lone byte of a UTF-8 sequence is escaped, not echoed
python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$err" || fail "a raw lone byte was echoed"
[ "$("$cgtlab" blocking search --graph T3 --max-pebbles 4 --value "-1" --json | grep -c '"value":"-1"')" = 1 ] \
  || fail "an option value that starts with '-' needs no '='"

# 2. Positions as the papers write them.
a=$("$cgtlab" blocking value --graph T3 --pebbles "[[0,0],[0,0],[1,4]]") || fail "papers' notation"
b=$("$cgtlab" blocking value --graph T3 --pebbles 2=1/4/0) || fail "name=b/r/g"
[ "$a" = "$b" ] || fail "[[0,0],[0,0],[1,4]] should equal 2=1/4/0: $a vs $b"
expect_out "value:   0" blocking value --graph T3
expect_error "one [blue,red] entry per vertex" blocking value --graph T3 --pebbles "[[0,0],[1,4]]"
expect_error "brackets" blocking value --graph T3 --pebbles "[[0,0],[0,0],[1,4]"
expect_out "vertices       1" graph info --graph a
expect_out "vertices       0" graph info --graph K0
expect_out "vertices       8" graph info --graph K5+K3
expect_out "components     2" graph info --graph K5+K3
expect_out "edges          13" graph info --graph K5+K3
expect_error "names a graph family" graph info --graph K5,K3
expect_error "reads as the family K of size -1" graph info --graph K-1
expect_error "leading zero" graph info --graph 01-1
expect_error "too large" graph info --graph 999999999999999999999999-0
expect_error "--total" pebbling ppositions --graph K3 --total ""
expect_error "--depth" blocking tree --graph T3 --pebbles 2=1/1/0 --depth ""
expect_error "decimal integer" pebbling grundy --graph K3 --position 1,0,0 --k 0x10
expect_error "at most 64 rows and 26 columns" rooks grundy --board 1x100000
for cmd in "graph info" "blocking value" "blocking search" "wak grundy" "value" "compare"; do
  # shellcheck disable=SC2086
  help=$("$cgtlab" $cmd --help) || fail "$cmd --help"
  echo "$help" | grep -qE "(^|[^'])a>b," && fail "$cmd --help has an unquoted spec with '>'"
  echo "$help" | grep -qE "cgtlab [a-z ]*\{[^\"]*\|" && fail "$cmd --help has an unquoted expression with '|'"
done

# 3. One JSON schema: see json.sh. verify --list --json is one object; errors are JSON too.
[ "$("$cgtlab" verify --list --json | wc -l)" = 1 ] || fail "verify --list --json: one line"
"$cgtlab" verify --list --json | grep -q '"claims":\[' || fail "verify --list --json lists claims"
run graph info --graph K5,K3 --json
grep -q '"kind":"input"' "$out" && grep -q '"exit":2' "$out" || fail "error as JSON: $(cat "$out")"
[ "$(wc -l < "$err")" -eq 1 ] || fail "the error line still goes to stderr"
run compare "{0|*}" "^" --json
grep -q '"first":"^"' "$out" || grep -q '"first":"' "$out" || fail "compare names its games first/second"
grep -q '"left"' "$out" && fail "compare must not use left/right (the players)"

# 4. Facts stated once: a P-position reports Grundy value 0.
expect_out "Grundy value 0" wak grundy --graph 0-1,0-2,2-3,0-4,4-5 --weights 1000,300,500,200,700,100
"$cgtlab" wak grundy --graph 0-1,0-2,2-3,0-4,4-5 --weights 1000,300,500,200,700,100 --json | grep -q '"grundy":0' \
  || fail "wak P-position: grundy 0 in JSON"
"$cgtlab" wak grundy --graph 0-1,0-2,2-3,0-4,4-5 --weights 1000,300,500,200,700,100 | grep -q "not determined" \
  && fail "wak P-position: 'not determined'"
expect_out "value:   *3 (Grundy value 3)" arckayles grundy --graph Grid3x8
expect_out "outcome: P (the player to move loses)" rooks grundy --board 6x8
expect_out "outcome: N (the player to move wins)" pebbling grundy --graph K3 --position 2,0,0
expect_out "outcome R (Right wins, whoever moves first)" coins value 0101011111
expect_out "a~ (the loop at a)" wak grundy --help

# 5. Progress on stderr when it is a terminal (script(1) gives the command one), nothing otherwise.
command -v script >/dev/null || fail "script(1) (bsdutils) is needed to test progress on a terminal"
long=(pebbling grundy --graph K3 --position 3000,0,0 --max-positions 3000000)
script -qec "$cgtlab ${long[*]}" /dev/null >"$out" 2>&1
grep -q "positions stored (.*/s), .* MiB" "$out" || fail "no progress line on a terminal: $(tr '\r' '\n' < "$out" | tail -3)"
run "${long[@]}"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$err")" -eq 1 ] && ! grep -q "positions stored" "$err" \
  || fail "stderr not a terminal: only the one cap line, got: $(cat "$err")"

# 5. Bounds on long output: --limit with a clear note.
ones=$(printf '1%.0s' $(seq 133))
expect_out "more (raise --limit; 0: all)" coins value "$ones"
[ "$(grep -c "coins" "$out")" -le 52 ] || fail "coins on 133 ones lists more than --limit moves"
run coins value "$ones" --json
grep -q '"truncated":{"winning_moves":8778}' "$out" || fail "JSON notes the cut: $(head -c 300 "$out")"
[ "$("$cgtlab" coins value "$ones" --limit 0 | grep -c "coins .* and")" = 8778 ] || fail "--limit 0 lists all"
expect_out "more (raise --limit" arckayles grundy --graph K11 --limit 3
expect_out "8728 more (raise --limit; 0: all)" coins moves "$ones"

# 6. Help that helps.
expect_error "did you mean 'value'?" coins vlaue
expect_error "--help" coins vlaue
expect_error "did you mean 'grundy'?" wak grundi --graph P2 --weights 1,1
expect_error "did you mean 'coins'?" cions value 01
expect_error "needs a command" coins
help=$("$cgtlab" coins --help)
[ "$(echo "$help" | grep -c "^  value ")" = 1 ] || fail "coins --help lists value on one line"
[ "$(echo "$help" | grep -c "Left chooses")" -le 1 ] || fail "coins --help repeats the rules"
"$cgtlab" --help | grep -q "max-memory.*6144" || fail "top-level help states the --max-memory default"

# Issue 12 item 8: errors that echo raw input are escaped onto one line.
expect_error '\n' graph info --graph $'0-1\n1-2'
expect_error '\x01' graph info --graph $'0-1\x01'
echo "interface: ok"
