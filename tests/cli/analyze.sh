#!/usr/bin/env bash
# cgtlab analyze and --analyze as a user runs them: text, JSON keys, the SVG, exit codes.
set -u
cgtlab=${1:?usage: analyze.sh /path/to/cgtlab}
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

json_field() {  # json_field KEY ARGS...: the value of KEY in the JSON object printed
  local key=$1; shift
  "$cgtlab" "$@" 2>/dev/null | python3 -c "import json,sys; v=json.load(sys.stdin)['$key']; print(json.dumps(v) if not isinstance(v,str) else v)"
}

expect_field() {  # expect_field KEY WANT ARGS...
  local key=$1 want=$2; shift 2
  local got
  got=$(json_field "$key" "$@")
  [[ "$got" == "$want" ]] || fail "cgtlab $* : $key = '$got', want '$want'"
}

expect_exit2() {  # one line on stderr, nothing on stdout, exit 2
  local out err rc
  err=$("$cgtlab" "$@" 2>&1 >/dev/null); rc=$?
  out=$("$cgtlab" "$@" 2>/dev/null)
  if [[ $rc -ne 2 || -n "$out" || $(printf '%s\n' "$err" | wc -l) -ne 1 ]]; then
    fail "cgtlab $* -> exit $rc, stdout '$out', stderr '$err'; want exit 2 and one error line"
  fi
}

# Textbook values (Lessons in Play ch. 6; Winning Ways ch. 6) and CGSuite's text forms.
expect_field thermograph 'Thermograph(0,[0],[0,-1],0,[0],[0,1])' analyze --json '*8'
expect_field thermograph 'Thermograph(2,[1],[0,-1],2,[1],[0,1])' analyze --json '{3|1}'
expect_field mean '9/4' analyze --json '{3||2|1}'
expect_field temperature '3/4' analyze --json '{3||2|1}'
expect_field temperature '-1' analyze --json '5'
expect_field temperature '-1/8' analyze --json '3/8'
expect_field atomic_weight '1' analyze --json '^*'
expect_field atomic_weight 'null' analyze --json '{3|1}'
expect_field is_atomic 'false' analyze --json '{3|1}'
expect_field reduced_canonical_form '{3|1}' analyze --json '{3|1}+^'
expect_field freeze '2*' analyze --json '{3|1}'
expect_field uptimal_expansion '0.01' analyze --json '^<2>'
expect_field uptimal_expansion 'null' analyze --json '{3|1}'
expect_field follower_count '65537' analyze --json '*65536'
expect_field followers '["0", "1"]' analyze --json --limit 2 '7'
expect_field misere_outcome 'P' analyze --json '*'
expect_field left_options '["0", "*"]' analyze --json '^*'
expect_field expression '{3|1}+^' analyze --json '{3|1}+^'
expect_field game 'null' analyze --json '{3|1}+^'  # docs/json.md: game names a game of the papers

# Exactly the keys of issue 14, plus expression and docs/json.md's command, game, seconds.
keys=$("$cgtlab" analyze --json '{3|1}' | python3 -c "import json,sys; print(' '.join(sorted(json.load(sys.stdin))))")
want="atomic_weight birthday command companion expression follower_count followers freeze game incentives is_all_small is_atomic is_even is_even_tempered is_infinitesimal is_integer is_nimber is_number is_number_tiny is_numberish is_odd is_odd_tempered is_ordinal is_uptimal is_zero left_incentives left_options left_stop mean misere_outcome outcome reduced_canonical_form right_incentives right_options right_stop seconds stop_count temperature thermograph uptimal_expansion value"
[[ "$keys" == "$want" ]] || fail "JSON keys: $keys"

# Methods in expressions (CGSuite syntax).
[[ $("$cgtlab" value '{3|1}.Cool(1)') == '2*' ]] || fail "{3|1}.Cool(1)"
[[ $("$cgtlab" value '{3||2|1}.Mean') == '9/4' ]] || fail "{3||2|1}.Mean"
[[ $("$cgtlab" value '*.Heat(1)') == '+-1' ]] || fail "*.Heat(1)"

# Text output names every part.
text=$("$cgtlab" analyze '{3||2|1}')
for part in 'mean:                   9/4' 'temperature:            3/4' 'atomic weight:          not atomic' 'thermograph:'; do
  grep -qF "$part" <<<"$text" || fail "text output lacks '$part'"
done

# The SVG: both walls and exact labels.
"$cgtlab" analyze '{3||2|1}' --thermograph-svg "$tmp/t.svg" >/dev/null || fail "--thermograph-svg exit"
grep -q '<svg' "$tmp/t.svg" && grep -q '>9/4<\|mean 9/4' "$tmp/t.svg" && grep -q '>3/4<' "$tmp/t.svg" || fail "SVG content"
[[ $(grep -c '<polyline' "$tmp/t.svg") -eq 2 ]] || fail "SVG walls"

# --analyze on games' values.
expect_field value '{3|1}' analyze --json '{3|1}'
got=$("$cgtlab" coins value --analyze --json 0101 | python3 -c "import json,sys; j=json.load(sys.stdin); print(j['analysis']['value']==j['value'], 'temperature' in j['analysis'])")
[[ "$got" == "True True" ]] || fail "coins value --analyze: $got"
got=$("$cgtlab" blocking value --graph T3 --pebbles 2=1/1/0 --analyze --json | python3 -c "import json,sys; j=json.load(sys.stdin); print(j['analysis']['value']==j['value'], 'thermograph' in j['analysis'])")
[[ "$got" == "True True" ]] || fail "blocking value --analyze: $got"
"$cgtlab" blocking value --graph T3 --pebbles 2=1/1/0 --analyze | grep -q '^temperature:' || fail "blocking value --analyze text"

# Incentives too large to print (docs/json.md, `capped`): 0/2/2,0/3/3,0/0/2 on T3 has four
# incentives of ~15,000 subpositions each whose printed forms exceed 64 MiB. The rest of
# the analysis is complete, the lists are null and named under `capped`, exit 0; the text
# says so on each incentives line.
out=$("$cgtlab" blocking value --graph T3 --pebbles 0/2/2,0/3/3,0/0/2 --analyze --json); rc=$?
got=$(printf '%s' "$out" | python3 -c "import json,sys; a=json.load(sys.stdin)['analysis']; print(a['incentives'], a['left_incentives'], a['right_incentives'], sorted(a['capped']), a['capped']['incentives'], a['temperature'], a['thermograph'])")
want="None None None ['incentives', 'left_incentives', 'right_incentives'] 4 values, too large to print: the printed form of one exceeds 64 MiB 1/2 Thermograph(-47/2,[1/2],[0,-1],-47/2,[1/2,0],[0,1,0])"
[[ $rc -eq 0 && "$got" == "$want" ]] || fail "blocking value --analyze with huge incentives: exit $rc, '$got'"
got=$("$cgtlab" blocking value --graph T3 --pebbles 0/2/2,0/3/3,0/0/2 --analyze | grep 'incentives:')
want="left incentives:        (2 values, too large to print: the printed form of one exceeds 64 MiB)
right incentives:       (2 values, too large to print: the printed form of one exceeds 64 MiB)
incentives:             (4 values, too large to print: the printed form of one exceeds 64 MiB)"
[[ "$got" == "$want" ]] || fail "blocking value --analyze text with huge incentives: '$got'"
# Small incentives are printed as before, with no capped field (3 - {3|1} = {3|1} - 1 = {2|0}).
expect_field incentives '["{2|0}"]' analyze --json '{3|1}'
"$cgtlab" analyze --json '{3|1}' | grep -q '"capped"' && fail "analyze {3|1}: unexpected capped field"

# Bad input and caps: one line, exit 2.
expect_exit2 analyze '{1|'
expect_exit2 analyze '{3|1}.Cool(*)'
expect_exit2 analyze '{3|1}.Cool(-1)'
expect_exit2 analyze '{3|1}.AtomicWeight'
expect_exit2 analyze '{3|1}.Nope'
expect_exit2 analyze --max-positions 100000 '*65536 + {1|0}'
expect_exit2 analyze '{3|1}' --thermograph-svg /nonexistent-dir/t.svg

if [[ $failures -gt 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "all analyze CLI checks passed"
