#!/usr/bin/env bash
# cgtlab pebbling: Table 1, thresholds, P-positions, Grundy values, the C4 classification, errors.
set -u
cgtlab=$1
fail=0
check() {  # check <description> <expected substring> <command...>
  local what=$1 want=$2; shift 2
  local got; got=$("$@" 2>&1)
  if [[ "$got" != *"$want"* ]]; then echo "FAIL: $what: expected '$want' in: $got"; fail=1; fi
}
check_exit() {  # check_exit <description> <code> <command...>
  local what=$1 want=$2; shift 2
  "$@" >/dev/null 2>&1; local rc=$?
  if [[ $rc -ne $want ]]; then echo "FAIL: $what: exit $rc, expected $want"; fail=1; fi
}

csv=$("$cgtlab" pebbling table --n 3..10 --k 1..6 --format csv)
expected="n,1,2,3,4,5,6
3,7,13,19,25,31,37
4,23,21,,35,,49
5,7,15,21,27,33,39
6,13,21,35,37,59,53
7,9,17,25,33,41,51
8,15,25,41,45,61,65
9,11,21,31,41,51,61
10,17,29,45,53,71,77"
if [[ "$csv" != "$expected" ]]; then echo "FAIL: Table 1 as CSV:"; echo "$csv"; fail=1; fi
check "table text" "4     23   21        35        49" "$cgtlab" pebbling table --n 3..10 --k 1..6
check "table json" '"rows":[{"m":[7,13],"n":3}' "$cgtlab" pebbling table --n 3 --k 1..2 --json
check "mvalue K5 k=2" "m^(3:2)(K5) = 15" "$cgtlab" pebbling mvalue --graph K5 --k 2
check "mvalue json" '"m":15' "$cgtlab" pebbling mvalue --graph K5 --k 2 --json
check "mvalue json searched_to" '"searched_to":120' "$cgtlab" pebbling mvalue --graph K5 --k 2 --json
check "mvalue K4 k=3 none" "none up to 60" "$cgtlab" pebbling mvalue --graph K4 --k 3 --max-total 60
check "mvalue C4 pattern" "mod 12" "$cgtlab" pebbling mvalue --graph C4 --k 1 --max-total 30
check "mvalue null m" '"m":null' "$cgtlab" pebbling mvalue --graph C4 --k 1 --max-total 20 --json
check "ppositions K3" "9,1,1" "$cgtlab" pebbling ppositions --graph K3 --k 2 --total 11
check "ppositions labelled count" '"count":3' "$cgtlab" pebbling ppositions --graph K3 --k 2 --total 11 --labelled --json
check "grundy" "Grundy value 0" "$cgtlab" pebbling grundy --graph K3 --k 2 --position 9,1,1
check "grundy winning move" "winning move" "$cgtlab" pebbling grundy --graph K3 --k 1 --position 7,0,0
check "grundy json" '"outcome":"P"' "$cgtlab" pebbling grundy --graph C4 --k 1 --position 1,1,0,0 --json
check "classify" "Table 5 agrees with the search on every position" "$cgtlab" pebbling classify --graph C4 --k 1 --max-total 20
check "help states the rules" "takes k+1 pebbles" "$cgtlab" pebbling mvalue --help
check_exit "bad k" 2 "$cgtlab" pebbling mvalue --graph K3 --k 0
check_exit "bad graph" 2 "$cgtlab" pebbling mvalue --graph Q9 --k 1
check_exit "bad position" 2 "$cgtlab" pebbling grundy --graph K3 --k 1 --position 1,2
check_exit "bad range" 2 "$cgtlab" pebbling table --n 5..x
check_exit "bad format" 2 "$cgtlab" pebbling table --n 3 --k 1 --format xml
check_exit "classify needs C4" 2 "$cgtlab" pebbling classify --graph K4 --k 1
check "cap message" "stopped early: --max-positions" "$cgtlab" pebbling mvalue --graph K8 --k 3 --max-positions 100
check_exit "cap exit" 2 "$cgtlab" pebbling mvalue --graph K8 --k 3 --max-positions 100
exit $fail
