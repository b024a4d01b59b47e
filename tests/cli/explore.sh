#!/usr/bin/env bash
# cgtlab <game> moves / tree / play for every game, as a user (and the explorer page) runs them:
# the seed papers' positions, values checked against the game's own value commands and against
# the definitions ({left options | right options}; mex of the options' Grundy values), the one
# JSON shape across games, each move's `args` reproducing its position, trees (text, DOT, TikZ,
# SVG; the TikZ picture is compiled by tests/cli/latex.sh when pdflatex is installed), and play
# driven through a pipe.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
err=$tmp/err

# ---- moves: values by the definitions ---------------------------------------------------------
# check.py CGTLAB: reads a moves JSON on stdin and checks it: keys, winning flags, value by the
# definition (partizan: `cgtlab value "{L|R}"`; impartial: mex), args reproducing each result.
cat > "$tmp/check.py" <<'PY'
import json, subprocess, sys
cgtlab = sys.argv[1]
doc = json.loads(sys.stdin.read())
def run(*args):
    out = subprocess.run([cgtlab, *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args)} exited {out.returncode}: {out.stderr}")
    return out.stdout
def argv(game, args):
    a = [game, "moves"]
    for k, v in args.items():
        a += [v] if k == "line" else [f"--{k}", v]
    return a + ["--json"]
game, imp = doc["game"], doc["impartial"]
top = {"command", "game", "seconds", "impartial", "position", "args", "value", "outcome", "moves",
       "winning_moves", "positions"} | ({"grundy"} if imp else set())
missing = top - set(doc)
if missing: sys.exit(f"FAIL: {game} moves lacks {missing}")
if doc["command"] != f"{game} moves": sys.exit(f"FAIL: command is {doc['command']}")
keys = {"move", "result", "args", "value", "outcome", "winning"} | ({"grundy"} if imp else {"player"})
for m in doc["moves"]:
    if set(m) != keys: sys.exit(f"FAIL: {game} move keys {sorted(m)} != {sorted(keys)}")
if doc["winning_moves"] != [m for m in doc["moves"] if m["winning"]]:
    sys.exit(f"FAIL: {game} winning_moves is not the winning moves")
if imp:
    gs = {m["grundy"] for m in doc["moves"]}
    mex = next(i for i in range(len(gs) + 1) if i not in gs)
    if doc["grundy"] != mex: sys.exit(f"FAIL: {game} {doc['position']}: grundy {doc['grundy']} != mex {mex}")
    for m in doc["moves"]:
        if m["winning"] != (m["grundy"] == 0): sys.exit(f"FAIL: {game} winning flag of {m['move']}")
else:
    L = [m["value"] for m in doc["moves"] if m["player"] == "left"]
    R = [m["value"] for m in doc["moves"] if m["player"] == "right"]
    expr = "{" + ",".join(L) + "|" + ",".join(R) + "}"
    v = json.loads(run("value", expr, "--json"))["value"]
    if v != doc["value"]: sys.exit(f"FAIL: {game} {doc['position']}: {expr} = {v}, moves says {doc['value']}")
    signs = {}
    for m in doc["moves"]:
        side = "left" if m["player"] == "left" else "right"
        if m["value"] not in signs: signs[m["value"]] = run("compare", m["value"], "0").strip().split()[0]
        c = signs[m["value"]]
        want = c in ((">", "=", ">=") if side == "left" else ("<", "=", "<="))
        if m["winning"] != want: sys.exit(f"FAIL: {game} winning flag of {m['move']} ({m['value']} {c} 0)")
# Each move's args give its result, with the same value (the first three moves).
for m in doc["moves"][:3]:
    back = json.loads(run(*argv(game, m["args"])))
    if back["position"] != m["result"] or back["value"] != m["value"]:
        sys.exit(f"FAIL: {game} args {m['args']} give {back['position']} = {back['value']}, "
                 f"expected {m['result']} = {m['value']}")
print(game, doc["position"], doc["value"], len(doc["moves"]), "moves: ok")
PY
moves_ok() {  # moves_ok GAME ARGS...: the moves JSON passes check.py
  "$cgtlab" "$1" moves "${@:2}" --json > "$tmp/m.json" 2>"$err" || fail "$* exited $?: $(cat "$err")"
  python3 "$tmp/check.py" "$cgtlab" < "$tmp/m.json" >/dev/null || fail "$1 moves ${*:2}"
}
# BLOCKING PEBBLES, journal paper: T3 with [[0,0],[0,0],[1,4]] = -9^; the down example on OutStar2.
moves_ok blocking --graph T3 --pebbles 2=1/4/0
moves_ok blocking --graph OutStar2 --pebbles 1=1/0/0,2=0/1/1
moves_ok blocking --graph T3 --pebbles 0=3/5/0,2=1/0/0
# FLIPPING COINS (seed 003): the strings of the closing question.
moves_ok coins 0101011111
moves_ok coins 1101100111
# Seed 004: Arc-Kayles P4 and the 2x3 grid; Node-Kayles; the rooks board 3x3 with a hole; WAK's looped pair.
moves_ok arckayles --graph P4
moves_ok arckayles --graph Grid2x3
moves_ok nodekayles --graph P5
moves_ok rooks --board 3x3 --holes b2
moves_ok rooks --board "3x4 holes a1 rooks b3"
moves_ok wak --graph 0-0,0-1,1-1 --weights 3,4
# Seed 000: the (2:1)-pebbling game on C4 and K4.
moves_ok pebbling --graph C4 --position 3,1,0,0
moves_ok pebbling --graph K4 --k 2 --position 5,2,0,0

# The values agree with each game's own value command.
json() { "$cgtlab" "$@" --json 2>"$err" || fail "$* exited $?: $(cat "$err")"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
[ "$(json blocking moves --graph T3 --pebbles 2=1/4/0 | field '["value"]')" = "-9^" ] || fail "T3 2=1/4/0 should be -9^"
[ "$(json blocking value --graph T3 --pebbles 2=1/4/0 | field '["value"]')" = "-9^" ] || fail "blocking value"
[ "$(json arckayles moves --graph Grid3x4 | field '["grundy"]')" = "$(json arckayles grundy --graph Grid3x4 | field '["grundy"]')" ] ||
  fail "arckayles moves and grundy disagree on Grid3x4"
[ "$(json rooks moves --board 4x4 --holes b2,c3 | field '["grundy"]')" = "$(json rooks grundy --board 4x4 --holes b2,c3 | field '["grundy"]')" ] ||
  fail "rooks moves and grundy disagree"
[ "$(json coins moves 0110110110111 | field '["value"]')" = "0" ] || fail "coins 0110110110111 is 0 (seed 003)"
# Arc-Kayles P4: the one winning move is the middle edge.
[ "$(json arckayles moves --graph P4 | field '["winning_moves"][0]["move"]')" = "1-2" ] || fail "P4 winning move"
[ "$(json arckayles moves --graph P4 | field '["winning_moves"][0]["result"]')" = "0,3" ] || fail "P4 after 1-2"
# T3 -9^: every winning move is Right's (the value is negative).
[ "$(json blocking moves --graph T3 --pebbles 2=1/4/0 | field '["winning_moves"][0]["player"]')" = "right" ] ||
  fail "T3 -9^: Right's moves win"

# One shape: the same top-level keys for every game (grundy only in impartial games).
for g in "pebbling --graph C4 --position 2,1,0,0" "blocking --graph T3 --pebbles 2=1/1/0" "coins 1011" \
         "wak --graph P3 --weights 1,2,1" "arckayles --graph P3" "nodekayles --graph P3" "rooks --board 2x2"; do
  set -- $g
  json "$1" moves "${@:2}" | python3 -c '
import json, sys
d = json.load(sys.stdin)
keys = set(d) - {"graph", "board", "grundy"}
want = {"command", "game", "seconds", "impartial", "position", "args", "value", "outcome", "moves", "winning_moves", "positions"}
assert keys == want, (d["game"], sorted(keys ^ want))
assert ("grundy" in d) == d["impartial"], d["game"]
' || fail "$1 moves: not the common shape"
done

# Text output.
out=$("$cgtlab" blocking moves --graph T3 --pebbles 2=1/4/0) || fail "text moves"
echo "$out" | grep -q "^value: *-9^" || fail "text moves: $out"
echo "$out" | grep -q "Right's moves (8)" || fail "text moves: $out"
out=$("$cgtlab" nodekayles moves --graph P3) || fail "text moves"
echo "$out" | grep -q "^  1 *=> K0 *= 0 (Grundy value 0)  (wins)" || fail "Node-Kayles P3: the middle wins: $out"

# ---- tree -----------------------------------------------------------------------------------
json arckayles tree --graph P4 > "$tmp/t.json"
python3 - "$tmp/t.json" <<'PY' || fail "arckayles tree P4"
import json, sys
d = json.load(open(sys.argv[1]))
def walk(n, depth=0):
    yield n, depth
    for c in n["children"]: yield from walk(c, depth + 1)
nodes = list(walk(d["tree"]))
assert d["nodes"] == len(nodes) == 6, d["nodes"]      # P4: 3 moves, two of them to a P2
assert not d["truncated"]
for n, depth in nodes:                                # each Grundy value is the mex of its children's
    gs = {c["grundy"] for c in n["children"]}
    assert n["grundy"] == next(i for i in range(9) if i not in gs), n
    assert ("move" in n) == (depth > 0) and "player" not in n
assert d["tree"]["grundy"] == 2 and d["tree"]["value"] == "*2"
PY
json blocking tree --graph T3 --pebbles 2=1/4/0 --depth 2 --max-nodes 15 > "$tmp/t.json"
python3 - "$tmp/t.json" <<'PY' || fail "blocking tree T3"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["truncated"] and d["nodes"] == 15 and d["tree"]["value"] == "-9^", d
assert d["tree"]["cut"] is False and {c["player"] for c in d["tree"]["children"]} == {"left", "right"}
def walk(n):
    yield n
    for c in n["children"]: yield from walk(c)
assert any(n["cut"] for n in walk(d["tree"]))
PY
"$cgtlab" blocking tree --graph T3 --pebbles 2=1/1/0 --depth 1 >/dev/null 2>"$err" || fail "tree"
grep -q "truncated at --depth 1" "$err" || fail "a cut tree should say so on stderr: $(cat "$err")"
dot=$("$cgtlab" coins tree 1011 --depth 1 --dot 2>/dev/null) || fail "tree --dot"
echo "$dot" | grep -q "^digraph" || fail "--dot: $dot"
echo "$dot" | grep -q "color=blue" || fail "--dot: no Left edge"
echo "$dot" | grep -q "color=red" || fail "--dot: no Right edge"
for g in "pebbling --graph C4 --position 2,1,0,0" "wak --graph P3 --weights 1,2,1" "nodekayles --graph P3" "rooks --board 2x2"; do
  set -- $g
  "$cgtlab" "$1" tree "${@:2}" --depth 2 > "$tmp/tree.txt" || fail "$1 tree exited $?"
  [ -s "$tmp/tree.txt" ] || fail "$1 tree is empty"
done
if command -v dot >/dev/null; then
  "$cgtlab" rooks tree --board 2x3 --depth 2 -o "$tmp/rooks.svg" || fail "tree -o FILE.svg exited $?"
  grep -q "<svg" "$tmp/rooks.svg" || fail "tree -o FILE.svg is not SVG"
fi
# Without Graphviz: exit 2, one line naming the package.
PATH=/nonexistent "$cgtlab" rooks tree --board 2x2 -o "$tmp/x.svg" >/dev/null 2>"$err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$err")" -eq 1 ] && grep -q graphviz "$err" || fail "no dot: exit $rc, $(cat "$err")"
"$cgtlab" rooks tree --board 2x2 --max-nodes 0 >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "--max-nodes 0"
"$cgtlab" rooks tree --board 2x2 --max-nodes 100001 >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "--max-nodes cap"
"$cgtlab" arckayles moves --graph P12 --max-positions 2 >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "--max-positions"
"$cgtlab" rooks moves --board "3x3 holes" >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "bad board spec"
"$cgtlab" coins moves 10x >/dev/null 2>"$err"; [ $? -eq 2 ] || fail "bad line"

# ---- play -----------------------------------------------------------------------------------
# Arc-Kayles P4: take the middle edge and the engine has no move.
out=$(printf '1-2\n' | "$cgtlab" arckayles play --graph P4) || fail "play exited $?"
echo "$out" | grep -q "you play 1-2" || fail "play: $out"
echo "$out" | grep -q "you win" || fail "play: $out"
# hint names the winning move; a bad move is refused; undo goes back; the engine answers.
out=$(printf 'hint\nnonsense\n1\nundo\n2\n' | "$cgtlab" arckayles play --graph P4) || fail "play exited $?"
echo "$out" | grep -q "hint: 1-2 wins" || fail "hint: $out"
echo "$out" | grep -q "not a legal move: 'nonsense'" || fail "bad move: $out"
echo "$out" | grep -q "engine plays 2-3" || fail "engine reply: $out"
echo "$out" | grep -q "you win" || fail "after undo, 1-2 wins: $out"
[ "$(echo "$out" | grep -c "^position 0-1,1-2,2-3")" -eq 2 ] || fail "undo should show the start again: $out"
# T3 with 2=1/4/0 = -9^: Right wins; as Left against the engine, Left loses whatever it plays.
out=$(yes 1 | head -50 | "$cgtlab" blocking play --graph T3 --pebbles 2=1/4/0 --as left) || fail "blocking play"
echo "$out" | grep -q "the engine wins" || fail "-9^ as Left should lose: $out"
# As Right, following the hints wins.
out=$(printf 'undo\nquit\n' | "$cgtlab" blocking play --graph T3 --pebbles 2=1/4/0 --as right --engine-first) ||
  fail "blocking play --engine-first"
echo "$out" | grep -q "engine plays shift" || fail "the engine moves first: $out"
# Rooks: the board is drawn.
out=$(printf 'quit\n' | "$cgtlab" rooks play --board 2x3 --holes b1) || fail "rooks play"
echo "$out" | grep -q "  1  . # ." || fail "rooks board drawing: $out"
out=$(printf 'quit\n' | "$cgtlab" coins play 1011) || fail "coins play"
echo "$out" | grep -q "coin: T H T T" || fail "coins drawing: $out"
echo "explore CLI: ok"
