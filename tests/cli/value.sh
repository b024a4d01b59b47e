#!/usr/bin/env bash
# cgtlab value / compare as a user runs them: outputs, JSON and exit codes.
set -u
cgtlab=${1:?usage: value.sh /path/to/cgtlab}
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

expect_out() {  # expect_out EXPECTED ARGS...
  local want=$1; shift
  local got rc
  got=$("$cgtlab" "$@" 2>/dev/null); rc=$?
  if [[ $rc -ne 0 || "$got" != "$want" ]]; then
    echo "FAIL: cgtlab $* -> '$got' (exit $rc), want '$want' (exit 0)"; failures=$((failures + 1))
  fi
}

expect_exit2() {  # expect_exit2 ARGS...: one line on stderr, nothing on stdout, exit 2
  local out err rc
  err=$("$cgtlab" "$@" 2>&1 >/dev/null); rc=$?
  out=$("$cgtlab" "$@" 2>/dev/null)
  if [[ $rc -ne 2 || -n "$out" || $(printf '%s\n' "$err" | wc -l) -ne 1 ]]; then
    echo "FAIL: cgtlab $* -> exit $rc, stdout '$out', stderr '$err'; want exit 2 and one error line"
    failures=$((failures + 1))
  fi
}

expect_out '^^*' value '^+^+*'
expect_out 'Tiny(2)' value '{0||0|-2}'
expect_out 'Miny(2)' value '{2|0||0}'
expect_out '2Tiny(2)' value '2+{0||0|-2}'
expect_out '{1^*2|^*3}' value '{1|*} + ^ + *2'
expect_out '1' value '1/2+1/2'
expect_out '0' value '*+*'
expect_out '0' value '+-1 + +-1'
expect_out '+-1' value '{1|-1}'
expect_out '+-1/2' value '{1/2|-1/2}'
expect_out '{3|1||-2}' value '{3|1||-2}'
expect_out '73/16v9*8' value '73/16 + v9 + *8'
expect_out '-1/2^' value -- '-1/2+^'
expect_out '1*' value '1:*'
expect_out '=' compare '{0|*}' '^'
expect_out '<' compare '*2' '^'
expect_out '>' compare '1/2' '^'
expect_out '||' compare '*' '^'
expect_out '||' compare '+-1' '0'
strip() { sed -E 's/,"seconds":[0-9.e+-]+//'; }  # seconds vary
[ "$("$cgtlab" value --json '{3|1||-2}' | strip)" = '{"birthday":5,"command":"value","game":null,"left_stop":"1","outcome":"N","right_stop":"-2","value":"{3|1||-2}"}' ] || fail "value --json {3|1||-2}"
[ "$("$cgtlab" value --json '{0|*}' | strip)" = '{"birthday":2,"command":"value","game":null,"left_stop":"0","outcome":"L","right_stop":"0","value":"^"}' ] || fail "value --json {0|*}"
[ "$("$cgtlab" compare --json '{0|*}' '^' | strip)" = '{"command":"compare","first":"^","game":null,"relation":"=","second":"^"}' ] || fail "compare --json"

for bad in '{1|' '}' '' '1/3' '{1||2||3}' '*x' '^^ ^' '{1,|2}' 'Tiny(' '((((' '*99999999999' '1:' ; do
  expect_exit2 value "$bad"
done
expect_exit2 compare '{0|*}' '{'
# A computation beyond the work cap stops with exit 2 (never hangs); 0 lifts the cap.
switches='+-1+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}'
expect_exit2 value --max-positions 100 "$switches"
expect_exit2 value '*65536 + {1|0}'
# by hand: +-8 + H - 5 = {3 + H | -13 + H}, H = +-3 + H', H' = +-2 + +-1 = +-{3|1}
expect_out '{9|7||5|3|||+-{3|1}||||-7|-9||-11|-13|||-13|-15||-17|-19}' value --max-positions 0 '+-1 + +-2 + +-3 + {8|-8} + -5'
expect_exit2 compare '{0|*}'
expect_exit2 value

if ! "$cgtlab" value --help | grep -q 'Tiny'; then echo "FAIL: value --help lacks the notation"; failures=$((failures + 1)); fi

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "value.sh: all passed"
