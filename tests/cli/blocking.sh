#!/usr/bin/env bash
# cgtlab blocking as a user runs it: values of the papers' examples, JSON shape, the
# option listing, the game tree, the searches, and exit code 2 with one line on bad input.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); trap 'rm -f "$err"' EXIT

value() { "$cgtlab" blocking value --graph "$1" --pebbles "$2" --json; }
expect_value() {  # graph pebbles value outcome
  out=$(value "$1" "$2") || fail "blocking value $1 $2 exited $?"
  echo "$out" | grep -q "\"value\":\"$3\"" || fail "$1 $2: expected value $3, got $out"
  echo "$out" | grep -q "\"outcome\":\"$4\"" || fail "$1 $2: expected outcome $4, got $out"
}
# Journal: the down example, Theorem 3.3 (k = 2, 4), the table of values, directed P3.
expect_value OutStar2 "1=1/0/0,2=0/1/1" "v" R
expect_value T3 "2=1/2/0" "-5/2" R
expect_value T3 "2=1/4/0" "-9^" R
expect_value T3 "0=1/0/0,1=2/4/0" "1/4" L
expect_value T3 "0=3/1/0,2=0/1/0" "1/2" L
expect_value T3 "2/3,0/0,1/0" "3/4" L
expect_value T3 "0=4/4/0" "+-1/2" N
expect_value T3 "0=3/5/0,2=1/0/0" "^\\*" N
expect_value T3 "0=3/5/0,1=2/0/0" "^\\[2\\]\\*" N
expect_value DP3 "1=2/2/0" "\\*2" N
# Green only: the Grundy fast path (Theorem 3.11 with the corrected heap size n-1).
expect_value T5 "4=0/0/1" "\\*4" N
out=$(value T5 "4=0/0/1"); echo "$out" | grep -q '"green_only":true' || fail "green-only flag missing: $out"

text=$("$cgtlab" blocking value --graph T3 --pebbles 2=1/1/0) || fail "text value exited $?"
echo "$text" | grep -q "^value: *0$" || fail "text value: $text"

moves=$("$cgtlab" blocking moves --graph OutStar2 --pebbles 1=1/0/0,2=0/1/1) || fail "moves exited $?"
echo "$moves" | grep -q "Left's moves (2)" || fail "moves: $moves"
echo "$moves" | grep -q "Right's moves (3)" || fail "moves: $moves"
echo "$moves" | grep -q 'shift 1 red + 1 green 2->0 .*(wins)' || fail "moves should mark Right's winning move: $moves"
"$cgtlab" blocking moves --graph OutStar2 --pebbles 1=1/0/0,2=0/1/1 --json | grep -q '"winning":true' || fail "moves --json"

dot=$("$cgtlab" blocking tree --graph T3 --pebbles 2=1/1/0 --dot) || fail "tree --dot exited $?"
echo "$dot" | grep -q "^digraph" || fail "tree --dot is not DOT: $dot"
echo "$dot" | grep -q "color=blue" || fail "tree --dot has no Left edge"
echo "$dot" | grep -q "color=red" || fail "tree --dot has no Right edge"
"$cgtlab" blocking tree --graph T3 --pebbles 2=2/3/1 --max-nodes 10 --json | grep -q '"truncated":true' ||
  fail "a capped tree should say it is truncated"

"$cgtlab" blocking search --graph T3 --max-pebbles 6 --value 1/8 --json | grep -q '"pebbles":6' ||
  fail "search: 1/8 first appears with 6 pebbles on T3"
"$cgtlab" blocking search --graph T3 --max-pebbles 3 --value 1/8 | grep -q "no position" ||
  fail "search should say when nothing is found"
"$cgtlab" blocking search --graph T3 --max-pebbles 4 --atlas --colours br --json | grep -q '"value":"1/2"' ||
  fail "atlas should list 1/2"

# Bad input: one line on stderr, exit code 2.
bad() {
  "$cgtlab" blocking "$@" >/dev/null 2>"$err"; rc=$?
  [ $rc -eq 2 ] || fail "blocking $* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "blocking $*: error should be one line: $(cat "$err")"
}
bad value --graph T3 --pebbles 9=1/0/0           # unknown vertex
bad value --graph T3 --pebbles 0=-1/0/0          # negative count
bad value --graph T3 --pebbles 0=1/x/0           # malformed
bad value --graph "a>b,b>a" --pebbles a=1/0/0    # not a DAG
bad value --graph K3 --pebbles 0=1/0/0           # undirected
bad value --graph T3 --pebbles 2=1/9/0 --max-positions 5   # cap reached
bad search --graph T3 --max-pebbles 3            # neither --value nor --atlas
bad search --graph T3 --max-pebbles 3 --atlas --colours xyz
bad tree --graph T3 --pebbles 2=1/1/0 --max-nodes 0
"$cgtlab" blocking value --help | grep -q "in-neighbour" || fail "--help should state the rules"
echo "blocking CLI: ok"
