#!/usr/bin/env bash
# docs/json.md: every command's --json output is exactly one JSON object that validates against
# its schema in docs/schema/, and every error with --json is the error object (and one stderr line).
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(mktemp); err=$(mktemp); trap 'rm -f "$out" "$err"' EXIT
python3 -c 'import jsonschema' || fail "python3-jsonschema is missing (scripts/install-deps)"

validate() {  # validate SCHEMA FILE
  python3 - "$1" "$2" <<'PY' || exit 1
import json, sys, jsonschema
schema = json.load(open(f"docs/schema/{sys.argv[1]}.json"))
text = open(sys.argv[2]).read()
lines = text.splitlines()
if len(lines) != 1:
    sys.exit(f"FAIL: expected exactly one line of JSON on stdout, got {len(lines)}: {text[:300]}")
doc = json.loads(lines[0])
try:
    jsonschema.validate(doc, schema)
except jsonschema.ValidationError as e:
    sys.exit(f"FAIL: {sys.argv[1]}: {e.message} in {lines[0][:300]}")
PY
}
ok() {  # ok SCHEMA args...: exit 0 (or 1 for a failed check), one valid object
  local schema=$1; shift
  "$cgtlab" "$@" --json >"$out" 2>"$err"; local rc=$?
  [ $rc -le 1 ] || fail "$* exited $rc: $(cat "$err")"
  validate "$schema" "$out" || fail "$*"
  for field in '"command"' '"game"' '"seconds"'; do grep -q "$field" "$out" || fail "$*: no $field"; done
}
bad() {  # bad KIND args...: exit 2, one stderr line, the error object on stdout
  local kind=$1; shift
  "$cgtlab" "$@" --json >"$out" 2>"$err"; local rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: stderr should be one line: $(cat "$err")"
  validate error "$out" || fail "$*"
  grep -q "\"kind\":\"$kind\"" "$out" || fail "$*: expected kind $kind in $(cat "$out")"
}

ok value value "{1|*} + ^ + *2"
ok value value "-^"
ok compare compare "-1" "-^"
ok graph-info graph info --graph Petersen
ok graph-info graph info --graph K5+K3
ok verify verify --list
ok verify verify --id 003.
ok pebbling-grundy pebbling grundy --graph C4 --position 2,1,0,0
ok pebbling-ppositions pebbling ppositions --graph C4 --total 3
ok pebbling-mvalue pebbling mvalue --graph K3 --max-total 20
ok pebbling-table pebbling table --n 3..4 --k 1..2 --max-total 30
ok pebbling-classify pebbling classify --graph C4 --max-total 6
ok blocking-value blocking value --graph T3 --pebbles "[[0,0],[0,0],[1,4]]"
ok blocking-value blocking value --graph T3
# <game> moves / tree (the explorer, docs/json-moves-tree.md), every game
ok blocking-moves blocking moves --graph OutStar2 --pebbles 1=1/0/0,2=0/1/1
ok pebbling-moves pebbling moves --graph C4 --position 2,1,0,0
ok coins-moves coins moves 0101011111
ok coins-moves coins moves "$(printf '1%.0s' $(seq 40))" --limit 3
grep -q '"truncated":{"moves":' "$out" || fail "coins moves --limit 3: truncated object"
ok wak-moves wak moves --graph P3 --weights 1,2,1
ok arckayles-moves arckayles moves --graph P5
ok nodekayles-moves nodekayles moves --graph C5
ok rooks-moves rooks moves --board 3x3
ok pebbling-tree pebbling tree --graph K3 --position 2,1,0
ok coins-tree coins tree 0110
ok wak-tree wak tree --graph P2 --weights 1,1
ok arckayles-tree arckayles tree --graph P4
ok nodekayles-tree nodekayles tree --graph P3 --depth 1
ok rooks-tree rooks tree --board 2x2
ok blocking-tree blocking tree --graph T3 --pebbles 2=1/1/0
ok blocking-search blocking search --graph T3 --max-pebbles 4 --value 1/2
ok blocking-search blocking search --graph T3 --max-pebbles 3 --atlas
ok coins-value coins value 0101011111 1101100111
ok coins-algorithm coins algorithm 0101011111
ok wak-grundy wak grundy --graph 0-1,0-2,2-3,0-4,4-5 --weights 1000,300,500,200,700,100
ok wak-grundy wak grundy --graph 0-0,0-1,1-1 --weights 3,4
ok wak-reduce wak reduce --graph S4 --weights 3,1,1,1,1
ok wak-to-arckayles wak to-arckayles --graph 0-0 --weights 2
ok arckayles-grundy arckayles grundy --graph P4
ok nodekayles-grundy nodekayles grundy --graph P3
ok arckayles-grundy arckayles grundy --graph Grid3x4 --value-only
db=$(mktemp -d); trap 'rm -f "$out" "$err"; rm -rf "$db"' EXIT
ok arckayles-build-db arckayles build-db --rows 3 --max-cells 6 --out "$db/a.db"
ok nodekayles-build-db nodekayles build-db --rows 2 --max-cells 5 --out "$db/n.db"
ok arckayles-grundy arckayles grundy --graph Grid3x5 --db "$db/a.db"
"$cgtlab" arckayles grundy --graph Grid3x6 --value-only --table "$db/c.tt" >/dev/null || fail "table for check-table"
"$cgtlab" nodekayles grundy --graph Petersen --value-only --table "$db/n.tt" >/dev/null || fail "table for check-table"
ok arckayles-check-table arckayles check-table "$db/c.tt"
ok arckayles-check-table arckayles check-table "$db/c.tt.refutations" --sample 5
ok arckayles-check-table arckayles check-table "$db/c.tt" --local --graph Grid3x6
ok nodekayles-check-table nodekayles check-table "$db/n.tt"
ok nodekayles-check-table nodekayles check-table "$db/n.tt" --local
ok arckayles-grundy arckayles grundy --graph Grid3x6 --lookup-only --table "$db/c.tt"
ok nodekayles-grundy nodekayles grundy --graph Petersen --lookup-only --table "$db/n.tt"
ok nodekayles-grundy nodekayles grundy --graph Grid4x3 --after 4,9
ok arckayles-grundy arckayles grundy --graph Grid3x6 --after 0-1 --lookup-only --table "$db/c.tt"
ok rooks-grundy rooks grundy --board 3x3
ok rooks-to-wak rooks to-wak --board 3x3 --holes b2
ok analyze analyze "{3||2|1}"
ok analyze analyze "-^" --limit 1
ok blocking-value blocking value --graph T3 --pebbles 2=1/1/0 --analyze
ok coins-value coins value 0110 0101011111 --analyze
ok blocking-search blocking search --graph T3 --max-pebbles 2 --atlas --analyze
db=$(mktemp -u --suffix=.db); trap 'rm -f "$out" "$err" "$db"*' EXIT
ok pebbling-mvalue pebbling mvalue --graph K3 --max-total 12 --store "$db"
ok sweep-pebbling sweep pebbling --n 3..4 --k 1 --max-total 12 --store "$db"
ok sweep-pebbling sweep pebbling --n 3 --k 1..2 --max-total 12
ok sweep-cram sweep cram --rows 2 --cols 1..3 --store "$db"
ok sweep-cram sweep cram --rows 4 --cols 9 --max-positions 100
ok sweep-nodekayles sweep nodekayles --rows 2 --cols 2..4
ok store-list store list --store "$db"
ok store-show store show 1 --store "$db"
ok store-export store export --store "$db"
grep -q '"command":"store export"' "$out" || fail "store export: command is the store command"
"$cgtlab" store show 1 --store "$db" --json | grep -q '"command":"store show"' || fail "store show: command"
"$cgtlab" analyze "^" --json | grep -q '"game":null' || fail "analyze: game is null (an expression)"

bad input value "{1|"
bad input graph info --graph K5,K3
bad input coins vlaue 0101
bad input pebbling ppositions --graph K3 --total ""
bad input rooks grundy --board 1x100000
bad input verify --list --id nosuchclaim
bad input analyze "{1|"
bad input store show 99 --store "$db"
bad input sweep pebbling --n 4..3 --k 1
bad input sweep cram --rows 0 --cols 1..3
bad cap arckayles grundy --graph Grid5x5 --max-positions 2
# How far a stopped nimber search got: the `reached` object (values ruled out, or the nimber found
# and the moves checked when it stopped in the winning moves) validates too.
bad cap arckayles grundy --graph Grid5x7 --value-only --max-positions 250000
grep -q '"reached":{.*"ruled_out":\[' "$out" || fail "Grid5x7 capped: no reached.ruled_out in $(cat "$out")"
bad cap arckayles grundy --graph Grid3x12 --move-values --max-positions 200000
grep -q '"reached":{.*"nimber":' "$out" || fail "Grid3x12 --move-values capped: no reached.nimber in $(cat "$out")"
echo "json: all commands validate"
