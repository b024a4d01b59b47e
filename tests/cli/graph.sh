#!/usr/bin/env bash
# cgtlab graph info as a user runs it: JSON for every family, text output, exit codes.
set -u
cgtlab=${1:?usage: graph.sh /path/to/cgtlab}
failures=0

expect_out() {  # expect_out EXPECTED ARGS...
  local want=$1; shift
  local got rc
  got=$("$cgtlab" "$@" 2>/dev/null); rc=$?
  # The fields every JSON result has (docs/json.md) are checked in json.sh.
  got=$(printf '%s' "$got" | sed -E 's/"(command|game|graph)":("[^"]*"|null),//g; s/,"seconds":[0-9.e+-]+//')
  if [[ $rc -ne 0 || "$got" != "$want" ]]; then
    echo "FAIL: cgtlab $* -> '$got' (exit $rc), want '$want' (exit 0)"; failures=$((failures + 1))
  fi
}

expect_exit2() {  # expect_exit2 FRAGMENT ARGS...: one stderr line containing FRAGMENT, no stdout, exit 2
  local fragment=$1; shift
  local out err rc
  err=$("$cgtlab" "$@" 2>&1 >/dev/null); rc=$?
  out=$("$cgtlab" "$@" 2>/dev/null)
  if [[ $rc -ne 2 || -n "$out" || $(printf '%s\n' "$err" | wc -l) -ne 1 || "$err" != *"$fragment"* ]]; then
    echo "FAIL: cgtlab $* -> exit $rc, stdout '$out', stderr '$err'; want exit 2 and one line with '$fragment'"
    failures=$((failures + 1))
  fi
}

expect_out '{"automorphisms":120,"directed":false,"edges":15,"loops":0,"vertices":10}' graph info --graph Petersen --json
expect_out '{"automorphisms":120,"directed":false,"edges":10,"loops":0,"vertices":5}' graph info --graph K5 --json
expect_out '{"automorphisms":8,"directed":false,"edges":4,"loops":0,"vertices":4}' graph info --graph C4 --json
expect_out '{"automorphisms":2,"directed":false,"edges":5,"loops":0,"vertices":6}' graph info --graph P6 --json
expect_out '{"automorphisms":12,"directed":false,"edges":6,"loops":0,"vertices":5}' graph info --graph K2,3 --json
expect_out '{"automorphisms":24,"directed":false,"edges":4,"loops":0,"vertices":5}' graph info --graph S4 --json
# W5: Wolfram's convention, 5 vertices in all (hub and a 4-cycle).
expect_out '{"automorphisms":8,"directed":false,"edges":8,"loops":0,"vertices":5}' graph info --graph W5 --json
expect_out '{"automorphisms":4,"directed":false,"edges":17,"loops":0,"vertices":12}' graph info --graph Grid3x4 --json
expect_out '{"automorphisms":1,"directed":true,"edges":3,"loops":0,"vertices":3}' graph info --graph T3 --json
expect_out '{"automorphisms":1,"directed":true,"edges":2,"loops":0,"vertices":3}' graph info --graph DP3 --json
expect_out '{"automorphisms":6,"directed":true,"edges":3,"loops":0,"vertices":4}' graph info --graph OutStar3 --json
expect_out '{"automorphisms":6,"directed":true,"edges":3,"loops":0,"vertices":4}' graph info --graph InStar3 --json
expect_out '{"automorphisms":1,"directed":false,"edges":2,"loops":1,"vertices":3}' graph info --graph 0-1,1-2,2-2 --json
expect_out '{"automorphisms":1,"directed":true,"edges":3,"loops":0,"vertices":3}' graph info --graph 'a>b,a>c,b>c' --json
expect_out '{"automorphisms":2,"directed":false,"edges":1,"loops":0,"vertices":3}' graph info --graph 0-1,5 --json
# Beyond 64 bits the order is an exact decimal string: |Aut(K21)| = 21!.
expect_out '{"automorphisms":"51090942171709440000","directed":false,"edges":210,"loops":0,"vertices":21}' \
  graph info --graph K21 --json
expect_out '{"automorphisms":2432902008176640000,"directed":false,"edges":190,"loops":0,"vertices":20}' \
  graph info --graph K20 --json

# Text form.
text=$("$cgtlab" graph info --graph Petersen)
for line in 'vertices       10' 'edges          15' 'loops          0' 'directed       no' 'automorphisms  120'; do
  if [[ "$text" != *"$line"* ]]; then echo "FAIL: graph info text lacks '$line':"; echo "$text"; failures=$((failures + 1)); fi
done
text=$("$cgtlab" graph info --graph P4)
if [[ "$text" != *"vertex orbits  {0,3} {1,2}"* ]]; then echo "FAIL: P4 orbits:"; echo "$text"; failures=$((failures + 1)); fi
text=$("$cgtlab" graph info --graph 'x-y,y-z')
if [[ "$text" != *"vertex orbits  {x,z} {y}"* ]]; then echo "FAIL: x-y,y-z orbits:"; echo "$text"; failures=$((failures + 1)); fi
text=$("$cgtlab" graph info --graph 'a>b,b>c,c>a')
if [[ "$text" != *"acyclic        no"* ]]; then echo "FAIL: a 3-cycle of arcs is not reported cyclic"; failures=$((failures + 1)); fi

# --help states the spec grammar, including the wheel convention.
help=$("$cgtlab" graph info --help)
if [[ $? -ne 0 || "$help" != *"Wn"*"n vertices in all"* ]]; then echo "FAIL: graph info --help lacks the wheel convention"; failures=$((failures + 1)); fi

# Malformed specs: exit 2 and a message that names the problem.
expect_exit2 'unknown graph family' graph info --graph Q3
expect_exit2 'empty graph spec' graph info --graph ''
expect_exit2 'bad size' graph info --graph C2
expect_exit2 'bad token' graph info --graph '0-1-2'
expect_exit2 'bad token' graph info --graph '0-1,x$'
expect_exit2 'empty token' graph info --graph '0-1,,2-3'
expect_exit2 'mixes' graph info --graph '0-1,1>2'
expect_exit2 'self-loop' graph info --graph 'a>a'
expect_exit2 'exceeds the cap' graph info --graph P200000
expect_exit2 'edges exceed the cap' graph info --graph K2000
expect_exit2 '--graph' graph info
expect_exit2 '' graph

if [[ $failures -ne 0 ]]; then echo "$failures failure(s)"; exit 1; fi
echo "graph.sh: all passed"
