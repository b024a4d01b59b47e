#!/usr/bin/env bash
# Adversarial inputs (docs/RELIABILITY.md, "Adversarial inputs"): every case exits 0 with
# a correct answer or 2 with one line on stderr; never a crash, an abort, a hang or an
# unbounded allocation. Each run is under `timeout` and a 4 GiB address-space limit.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); out=$(mktemp); trap 'rm -f "$err" "$out"' EXIT

# AddressSanitizer reserves terabytes of address space for its shadow memory and cannot start
# under `ulimit -v`: a sanitized binary (scripts/test-asan) runs without the address-space limit,
# its memory bounded by the caps under test themselves (--max-memory, the 6 GiB default).
vlimit=4194304
if ldd "$cgtlab" 2>/dev/null | grep -q libasan; then vlimit=unlimited; fi
run() {  # run SECONDS ARGS...: sets rc
  local secs=$1; shift
  (ulimit -v "$vlimit"; timeout "$secs" "$cgtlab" "$@") >"$out" 2>"$err"
  rc=$?
}
# expect2 ARGS...: exit 2, one line on stderr, nothing on stdout.
expect2() {
  run 60 "$@"
  [ $rc -eq 2 ] || fail "$(printf '%.200s' "$*") should exit 2, got $rc: $(head -c 300 "$err")"
  [ "$(wc -l <"$err")" -eq 1 ] || fail "$(printf '%.200s' "$*"): stderr should be one line: $(head -c 300 "$err")"
  [ ! -s "$out" ] || fail "$(printf '%.200s' "$*"): printed a result: $(head -c 200 "$out")"
}
# expect0 WANT ARGS...: exit 0 and some line of stdout is WANT.
expect0() {
  local want=$1; shift
  run 60 "$@"
  [ $rc -eq 0 ] || fail "$(printf '%.200s' "$*") should exit 0, got $rc: $(head -c 300 "$err")"
  grep -qxF -- "$want" "$out" || fail "$(printf '%.200s' "$*"): got '$(head -c 200 "$out")', want '$want'"
}
# expect02 ARGS...: exit 0, or exit 2 with one line on stderr (either is a correct ending).
expect02() {
  run 60 "$@"
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "$(printf '%.200s' "$*") should exit 0 or 2, got $rc: $(head -c 300 "$err")"
  [ $rc -eq 0 ] || [ "$(wc -l <"$err")" -eq 1 ] || fail "$(printf '%.200s' "$*"): stderr should be one line"
}
rep() { python3 -c "import sys; print(sys.argv[1] * int(sys.argv[2]) + sys.argv[3])" "$@"; }

# --- deep nesting (one argument holds at most 128 KiB; 10^6 levels: tests/cgt/notation_adversarial_test.cpp)
expect2 value -- "$(rep '(' 60000 '1')$(rep ')' 60000 '')"
expect2 value -- "$(rep '{' 60000 '|')"
expect2 value -- "$(rep '-' 100000 '1')"
expect2 value -- "$(rep '+' 100000 '1')"
expect2 value -- "$(rep '+-' 60000 '1')"
expect0 "-1" value -- "$(rep '-' 1999 '1')"

# --- huge and tiny numbers
expect0 "1$(rep 0 100 '')" value "1$(rep 0 100 '')"
expect0 "1/1606938044258990275541962092341162602522202993782792835301376" value "1/1606938044258990275541962092341162602522202993782792835301376"
expect2 value "1/3"
expect0 "100000001" value "1:100000000"
expect0 "1$(rep 0 100 '')" value "0:1$(rep 0 100 '')"
expect2 value -- "v3:1844644073709551617" --max-positions 100000
expect2 value -- "*:100000000" --max-positions 100000
# a wide base: 21 101 nimber options compared pairwise at every step (charged to the work cap)
expect2 value -- "*21100:5657" --max-positions 2000000
# ordinal sums of numbers: sign expansions concatenated, the denominator capped at 2^(2^20)
expect2 value -- "10:-8888881"
expect0 "1/8" value -- "1:-3"
expect2 value -- "{1|^}:100000000" --max-positions 0 --max-memory 1
# printing: a form too long to print is a cap, not gigabytes of output
expect2 value "$(python3 -c "print('+'.join('+-%d' % k for k in range(1, 51)))")" --max-positions 200000
# values beyond int64
expect0 "18446744073709551617" value "18446744073709551616 + 1"
expect2 value "^$(rep 9 30 '')"
expect2 value "*$(rep 9 30 '')"

# --- long lines, NUL-free control bytes and invalid UTF-8
expect2 value "$(rep 'x' 120000 '')"
expect2 value "$(printf '1\001\002')"
expect2 value "$(printf '\xff\xfe{1|0}')"
expect02 value "$(printf '{1|0}\n+1')"  # a newline is white space
expect2 coins value "$(rep 2 100000 '')"
expect2 coins value "$(printf '01\xff1')"
expect2 graph info --graph "$(printf '0-1\xff,1-2')"
expect02 graph info --graph "$(rep '0-1,' 30000 '1-2')" --json

# --- zero, negative and degenerate sizes
# K0 and P0 are the empty graph (issue 13: the empty graph has a spelling), so they are not in this list.
for spec in C2 C0 Grid0x5 Grid5x0 K0,3 S0 W2 OutStar0 Grid-1x2 K99999999999999999999; do
  expect2 graph info --graph "$spec"
done
expect2 pebbling grundy --graph K3 --k 0 --position 1,1,1
expect2 pebbling grundy --graph K3 --k -1 --position 1,1,1
expect2 pebbling grundy --graph K3 --k 2 --position 1,-1,1
expect2 pebbling table --n 3..3 --k 3..100000
expect2 coins value ""
expect2 rooks grundy --board 0x5
expect2 rooks grundy --board -1x5

# "K-1" reads as a family of size -1 (issue 13): an error, not silently the edge K-1
expect2 graph info --graph K-1
expect2 graph info --graph P-3
expect0 "vertices       0" graph info --graph K0
expect0 "vertices       0" graph info --graph P0
expect0 "arcs           3" graph info --graph "A>B,A>C,C>D"

# --- loops, multi-edges, colliding names
expect0 "vertices       2" graph info --graph 0-1,0-1
expect0 "vertices       2" graph info --graph 0-0,0-1
expect2 graph info --graph "a-b,b-a,a>b"
expect2 graph info --graph "01-1,1-01"  # issue 13: a leading zero is an error, not silently vertex 1
# --- the second campaign's unbounded runs (issue 12 item 8): nauty on stars grew like n^3
# (S3000 50 s, OutStar99999 never ended); twins are now taken out before nauty.
expect0 "automorphisms  $(python3 -c 'import math, sys; getattr(sys, "set_int_max_str_digits", lambda n: None)(0); print(math.factorial(3000))')" graph info --graph S3000
run 60 blocking value --graph OutStar3 --pebbles 0=1/1/0; small=$(cat "$out")
run 60 blocking value --graph OutStar99999 --pebbles 0=1/1/0
[ $rc -eq 0 ] && [ "$(cat "$out")" = "$small" ] || fail "OutStar99999 should equal OutStar3 ($small), got rc $rc: $(head -c 200 "$out")"
expect2 arckayles grundy --graph K512 --max-positions 100000   # complete graphs keyed without nauty
expect2 pebbling mvalue --graph C1000 --max-total 4 --max-positions 1000  # caps checked as a layer grows
echo "adversarial: ok"
