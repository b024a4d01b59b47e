#!/usr/bin/env bash
# cgtlab wak / arckayles / nodekayles / rooks as a user runs them: values, JSON, exit codes.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
err=$(mktemp); trap 'rm -f "$err"' EXIT

expect_json() {  # expect_json '<substring>' args...
  local want=$1; shift
  local out
  out=$("$cgtlab" "$@" --json) || fail "$* exited $?"
  echo "$out" | grep -q -- "$want" || fail "$*: expected $want in $out"
}
expect_error() {  # exit 2 with one line on stderr
  "$cgtlab" "$@" >/dev/null 2>"$err"; local rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
}

# Lemma 2: looped pair (1, 1) has value 2; (3, 4): (7 mod 2) + 2 (3 mod 2) = 3.
expect_json '"grundy":2' wak grundy --graph 0-0,0-1,1-1 --weights 1,1
expect_json '"grundy":3' wak grundy --graph 0-0,0-1,1-1 --weights 3,4
expect_json '"outcome":"N"' wak grundy --graph a-b,b-b --weights a=2,b=5
# Theorem 1 at 10^18: P3 with ends 10^18, middle 10^18+1 reduces to a looped vertex of odd weight.
expect_json '"grundy":1' wak grundy --graph P3 --weights 1000000000000000000,1000000000000000001,1000000000000000000
# Periodicity: a huge weight on a looped vertex.
out=$("$cgtlab" wak grundy --graph 0-0,0-1,1-2,2-2 --weights 999999999999999999,2,1 --json) || fail "periodicity run"
echo "$out" | grep -q 'Section 6' || fail "periodicity method not reported: $out"
# Reductions: a star collapses to one looped vertex.
expect_json '"canonical":true' wak reduce --graph S4 --weights 3,1,1,1,1
"$cgtlab" wak reduce --graph S4 --weights 3,1,1,1,1 | grep -q "merge false twins" || fail "reduce should list steps"
expect_json '"vertices":4' wak to-arckayles --graph 0-0 --weights 2
# Its graph reads back as an Arc-Kayles graph with the WAK position's Grundy value (Corollary 2).
arc=$("$cgtlab" wak to-arckayles --graph 0-1,1-1,1-2 --weights 2,1,3 --json |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["result"]["graph"])') || fail "to-arckayles graph"
want=$("$cgtlab" wak grundy --graph 0-1,1-1,1-2 --weights 2,1,3 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["grundy"])')
expect_json "\"grundy\":$want," arckayles grundy --graph "$arc"
# Arc-Kayles on the 3x8 grid; P4 has one winning move (the middle edge).
expect_json '"grundy":3' arckayles grundy --graph Grid3x8
expect_json '"winning_moves":\[{"move":"1-2"}\]' arckayles grundy --graph P4
# Node-Kayles P3: an end leaves one vertex (*1), the middle leaves nothing (0): mex = 2.
expect_json '"graph":"P3","grundy":2,' nodekayles grundy --graph P3
# Winning moves by one-candidate outcome searches agree with the options' full nimbers
# (--move-values), on grids (shape keys) and on other graphs (vertex-set keys), both games.
for game_graph in "arckayles Grid3x6" "arckayles Grid4x4" "arckayles Petersen" "arckayles C9" \
                  "nodekayles Grid3x5" "nodekayles Petersen" "nodekayles P7"; do
  set -- $game_graph
  fast=$("$cgtlab" "$1" grundy --graph "$2" --json --limit 0) || fail "$1 $2 winning moves"
  full=$("$cgtlab" "$1" grundy --graph "$2" --json --limit 0 --move-values) || fail "$1 $2 --move-values"
  a=$(echo "$fast" | grep -o '"winning_moves":\[[^]]*\]')
  b=$(echo "$full" | python3 -c 'import json,sys; j=json.load(sys.stdin); print("\"winning_moves\":" + json.dumps([{"move": m["move"]} for m in j["moves"] if m["grundy"] == 0], separators=(",", ":")))')
  [ "$a" = "$b" ] || fail "$1 $2: winning moves $a, but the options of nimber 0 are $b"
  echo "$fast" | grep -q '"moves"' && fail "$1 $2: moves listed without --move-values"
done
expect_error arckayles grundy --graph P4 --value-only --move-values
# --outcome-only: one question "is the nimber 0?". Cram 3x11 is P (nimber 0, so known); 4x9 is N
# (its nimber, 1, is checked by the full search below) and is then left null, never guessed.
expect_json '"grundy":0,.*"outcome":"P"' arckayles grundy --graph Grid3x11 --value-only --outcome-only
expect_json '"grundy":null,.*"outcome":"N"' arckayles grundy --graph Grid4x9 --value-only --outcome-only
"$cgtlab" arckayles grundy --graph Grid4x9 --value-only --outcome-only | grep -q "not computed (--outcome-only)" \
  || fail "--outcome-only text should say the value is not computed"
expect_json '"grundy":1,.*"outcome":"N"' arckayles grundy --graph Grid4x9 --value-only
expect_error arckayles grundy --graph P4 --outcome-only --move-values
# --is-nimber V: one question. Node-Kayles 3x12's nimber is 5 (the full search finds it here):
# asked 5, yes; asked 7, no, with 5 met on the way and reported; asked 4, no, the nimber not
# computed, 0..4 ruled out, so N. Two threads share the root. Never both with --outcome-only.
full=$("$cgtlab" nodekayles grundy --graph Grid3x12 --value-only --json | grep -o '"grundy":[0-9]*')
[ "$full" = '"grundy":5' ] || fail "Node-Kayles 3x12's nimber: $full"
expect_json '"grundy":5,"is_nimber":{"answer":true,"asked":5},' nodekayles grundy --graph Grid3x12 --is-nimber 5 --threads 2
expect_json '"grundy":5,"is_nimber":{"answer":false,"asked":7},' nodekayles grundy --graph Grid3x12 --is-nimber 7
out=$("$cgtlab" nodekayles grundy --graph Grid3x12 --is-nimber 4 --threads 2 --json)
echo "$out" | grep -q '"grundy":null,"is_nimber":{"answer":false,"asked":4},.*"outcome":"N",.*"ruled_out":\[0,1,2,3,4' \
  || fail "--is-nimber 4 of 3x12: $out"
echo "$out" | grep -q '"winning_moves"' && fail "--is-nimber lists no winning moves"
"$cgtlab" nodekayles grundy --graph Grid3x12 --is-nimber 4 | grep -q "^is the nimber 4? no" \
  || fail "--is-nimber text should answer the question"
"$cgtlab" nodekayles grundy --graph Grid3x12 --is-nimber 4 --format markdown | grep -q "^| is the nimber 4? | no |" \
  || fail "--is-nimber markdown should answer the question"
expect_error nodekayles grundy --graph Grid3x12 --is-nimber 4 --outcome-only
expect_error nodekayles grundy --graph Grid3x12 --is-nimber 255
# Rooks: 6x8 without holes is P (Figure 2); a 1x5 strip with a hole at c1 is two strips.
expect_json '"outcome":"P"' rooks grundy --board 6x8
expect_json '"grundy":0' rooks grundy --board 1x5 --holes c1
"$cgtlab" rooks to-wak --board 3x3 --holes b2 | grep -q "c_a1_a3" || fail "rooks to-wak names rectangles"
"$cgtlab" rooks --help | grep -q "columns a" || fail "rooks --help should explain square names"

# Bad input: exit 2, one line.
expect_error wak grundy --graph P3 --weights 1,2
expect_error wak grundy --graph P3 --weights 1,-2,3
expect_error wak grundy --graph P3 --weights a=1
expect_error wak grundy --graph P3 --weights 7=1
expect_error wak grundy --graph "a>b" --weights 1,1
expect_error arckayles grundy --graph 0-0,0-1
expect_error rooks grundy --board 6x
expect_error rooks grundy --board 6x8 --holes z9
expect_error rooks grundy --board 6x8 --rooks a1,a2
expect_error arckayles grundy --graph Grid5x7 --max-positions 100
# Stored refutations change no answer; --stats reports them and the root's candidates.
for mode in use off observe; do
  expect_json '"grundy":2' arckayles grundy --graph Grid3x10 --value-only --refutations $mode
done
out=$("$cgtlab" arckayles grundy --graph Grid3x10 --value-only --stats --json) || fail "--stats run"
echo "$out" | grep -q '"refutation_hits":[1-9]' || fail "--stats: no refutation hits on 3x10: $out"
echo "$out" | grep -q '"root_candidates":\[{"candidate":0' || fail "--stats: root candidates missing: $out"
expect_error arckayles grundy --graph Grid3x4 --refutations maybe
# Refutations of 8..15 (--refutation-values 16, the default where the keys leave a spare bit):
# 3x24 less the middle of an end row (Grid25x3 after 1) has nimber 9, so its options are asked
# 9 ^ x; they are saved apart in FILE.refutations-high, read back on resuming, and solved again by
# check-table (exhaustively and locally); --refutation-values 8 keeps none.
hdir=$(mktemp -d)
out=$("$cgtlab" nodekayles grundy --graph Grid25x3 --after 1 --value-only --stats --table "$hdir/h.tt" --json) || fail "3x24 less one run"
for want in '"grundy":9' '"refutation_values":16' '"refutation_high":[1-9]'; do
  echo "$out" | grep -q "$want" || fail "3x24 less one: expected $want in $(echo "$out" | head -c 600)"
done
head -3 "$hdir/h.tt.refutations-high" | grep -q '^game nodekayles grid-shape refutations-high$' || fail "no refutations-high file"
expect_json '"loaded":{"nimbers":[1-9][0-9]*,"refutations":[1-9]' nodekayles grundy --graph Grid25x3 --after 1 --value-only --table "$hdir/h.tt"
# Exhaustively every record of at most 30 cells (about 9 000; a build storing each refutation one
# value too high disagrees on over a thousand), locally a sample of any size.
for how in "--sample 100000 --max-cells 30" "--sample 200 --local --graph Grid25x3"; do
  out=$("$cgtlab" nodekayles check-table "$hdir/h.tt.refutations-high" $how --json) || fail "check-table -high $how"
  echo "$out" | grep -q '"disagree":0' && echo "$out" | grep -q '"checked":[1-9][0-9][0-9]' || fail "check-table -high $how: $(echo "$out" | head -c 600)"
done
echo "$out" | grep -q '"confirmed":[1-9]' || fail "check-table -high --local confirmed none: $out"
out=$("$cgtlab" nodekayles grundy --graph Grid25x3 --after 1 --value-only --stats --refutation-values 8 --table "$hdir/e.tt" --json) ||
  fail "--refutation-values 8 run"
echo "$out" | grep -q '"grundy":9' && echo "$out" | grep -q '"refutation_values":8' && echo "$out" | grep -q '"refutation_high":0,' ||
  fail "--refutation-values 8: $(echo "$out" | head -c 600)"
[ ! -e "$hdir/e.tt.refutations-high" ] || fail "--refutation-values 8 wrote FILE.refutations-high"
rm -rf "$hdir"
expect_error nodekayles grundy --graph Grid3x4 --refutation-values 12
# Root rounds on two threads and on one: a stopped run leaves FILE.rounds beside its table, a
# resumed run reads it, finds the nimber and removes it.
rdir=$(mktemp -d)
for threads in 2 1; do
  rm -f "$rdir"/t.tt*
  "$cgtlab" arckayles grundy --graph Grid3x12 --value-only --threads $threads --root-rounds 16 --max-positions 20000 --table "$rdir/t.tt" 2>"$err" >/dev/null
  [ $? -eq 2 ] || fail "--root-rounds with --max-positions should stop with exit 2 ($threads threads)"
  grep -q "root's rounds to $rdir/t.tt.rounds" "$err" || fail "the stop report should name the rounds file ($threads threads): $(cat "$err")"
  head -1 "$rdir/t.tt.rounds" | grep -q '^cgtlab root rounds 1 arckayles grid-shape$' || fail "rounds file header ($threads threads): $(head -1 "$rdir/t.tt.rounds")"
  expect_json '"grundy":1' arckayles grundy --graph Grid3x12 --value-only --threads $threads --root-rounds 16 --table "$rdir/t.tt"
  [ ! -e "$rdir/t.tt.rounds" ] || fail "the rounds file should be removed when the nimber is found ($threads threads)"
done
printf 'cgtlab root rounds 1 arckayles grid-shape\ncandidate 1\nzz 16\n' > "$rdir/t.tt.rounds"
expect_error arckayles grundy --graph Grid3x12 --value-only --threads 2 --root-rounds 16 --table "$rdir/t.tt"
grep -q "root rounds file" "$err" || fail "a bad rounds file should be named in the error: $(cat "$err")"
# ... and beside the trunk: a run stopped with --trunk leaves TRUNK.rounds too, named in its
# report; a run started from the trunk alone reads them (a bad file is an error) and removes them
# when it finds the nimber.
rm -f "$rdir"/t.tt*
"$cgtlab" arckayles grundy --graph Grid3x12 --value-only --root-rounds 16 --max-positions 20000 --trunk "$rdir/tr.tt" 2>"$err" >/dev/null
[ $? -eq 2 ] && grep -q "(its rounds to $rdir/tr.tt.rounds)" "$err" && [ -s "$rdir/tr.tt.rounds" ] ||
  fail "the stop report should name the trunk's rounds file: $(cat "$err")"
cp "$rdir/tr.tt.rounds" "$rdir/good.rounds"
printf 'cgtlab root rounds 1 arckayles grid-shape\ncandidate 1\nzz 16\n' > "$rdir/tr.tt.rounds"
expect_error arckayles grundy --graph Grid3x12 --value-only --root-rounds 16 --trunk "$rdir/tr.tt"
grep -q "root rounds file $rdir/tr.tt.rounds" "$err" || fail "a bad trunk rounds file should be named in the error: $(cat "$err")"
mv "$rdir/good.rounds" "$rdir/tr.tt.rounds"
expect_json '"grundy":1' arckayles grundy --graph Grid3x12 --value-only --root-rounds 16 --trunk "$rdir/tr.tt"
[ ! -e "$rdir/tr.tt.rounds" ] || fail "the trunk's rounds file should be removed when the nimber is found"
rm -rf "$rdir"
# Grid keys gathered by PEXT or by shifts (CGTLAB_PEXT; the CPU decides when unset): the same
# search, so the same nimber and the same count of positions.
on=$(CGTLAB_PEXT=on "$cgtlab" arckayles grundy --graph Grid4x7 --value-only --json) || fail "CGTLAB_PEXT=on run"
off=$(CGTLAB_PEXT=off "$cgtlab" arckayles grundy --graph Grid4x7 --value-only --json) || fail "CGTLAB_PEXT=off run"
[ "$(echo "$on" | grep -o '"positions":[0-9]*')" = "$(echo "$off" | grep -o '"positions":[0-9]*')" ] || fail "CGTLAB_PEXT: $on vs $off"
# 4x7 = 3: Beling's README table (beling/impartial-games); the engine's value agrees (docs/results/cram.md).
echo "$off" | grep -q '"grundy":3' || fail "CGTLAB_PEXT=off: 4x7 should be 3: $off"
CGTLAB_PEXT=sometimes expect_error arckayles grundy --graph Grid3x4
# Components found column by column on tall boards of few columns over four words (Grid44x3, 132
# cells: a 3xN board turned, as past N = 63) or row by row (CGTLAB_COLUMN_FILL=off): one thread
# searches the same 200 704 positions either way and saves byte for byte the same table (44 441
# nimbers). (Both fills are also compared cell by cell with a plain reference in
# nimber_search_test.cpp, GridRoutines.)
cdir=$(mktemp -d)
for f in on off; do
  CGTLAB_COLUMN_FILL=$f "$cgtlab" nodekayles grundy --graph Grid44x3 --value-only --threads 1 --max-positions 200000 \
    --table "$cdir/$f.tt" --json >"$cdir/$f.json" 2>/dev/null
  [ $? -eq 2 ] && grep -q '"positions":2' "$cdir/$f.json" || fail "CGTLAB_COLUMN_FILL=$f: $(head -c 400 "$cdir/$f.json")"
done
cmp -s "$cdir/on.tt" "$cdir/off.tt" && cmp -s "$cdir/on.tt.refutations" "$cdir/off.tt.refutations" ||
  fail "CGTLAB_COLUMN_FILL on and off saved different tables"
[ "$(grep -o '"positions":[0-9]*' "$cdir/on.json")" = "$(grep -o '"positions":[0-9]*' "$cdir/off.json")" ] ||
  fail "CGTLAB_COLUMN_FILL: $(cat "$cdir/on.json") vs $(cat "$cdir/off.json")"
rm -rf "$cdir"
CGTLAB_COLUMN_FILL=sometimes expect_error nodekayles grundy --graph Grid3x4
# The order of one-value questions and budget rounds change no answer either.
for args in "--one-value ascending" "--one-value ascending-r" "--one-value r-first" "--race 0" "--race 1" "--budget 16 --budget-depth 2" "--one-value r-first --budget 1"; do
  # shellcheck disable=SC2086
  expect_json '"grundy":2' arckayles grundy --graph Grid3x10 --value-only $args
done
out=$("$cgtlab" arckayles grundy --graph Grid3x10 --value-only --stats --json --budget 16) || fail "--budget run"
echo "$out" | grep -q '"budget_abandoned":[1-9]' || fail "--stats: no abandoned question under --budget 16: $out"
expect_error arckayles grundy --graph Grid3x4 --one-value sideways
expect_error arckayles grundy --graph Grid3x4 --budget-depth -1
expect_error arckayles grundy --graph Grid3x4 --budget -1
expect_error arckayles grundy --graph Grid3x4 --race -1
# Iso keys (components keyed by their graph up to isomorphism) change no answer; their tables are
# their own (a table of shape keys is refused, one line, exit 2).
expect_json '"grundy":2' arckayles grundy --graph Grid3x10 --value-only --iso-keys 8
expect_json '"grundy":1' nodekayles grundy --graph Petersen --value-only --iso-keys 2
expect_json 'isomorphism from 8 vertices' arckayles grundy --graph Grid3x10 --value-only --iso-keys 8
expect_error arckayles grundy --graph Grid3x4 --iso-keys 65
expect_error arckayles grundy --graph Grid3x4 --iso-keys -1
expect_error arckayles grundy --graph Grid3x4 --iso-keys many
isodir=$(mktemp -d)
"$cgtlab" arckayles grundy --graph Grid3x8 --value-only --table "$isodir/t.tt" >/dev/null || fail "3x8 with a table"
expect_error arckayles grundy --graph Grid3x8 --value-only --iso-keys 8 --table "$isodir/t.tt"
# A table of older codes (its game line as written before graph::kSmallGraphCodeVersion 2) is
# refused too: an old code may name another graph.
"$cgtlab" arckayles grundy --graph Grid3x8 --value-only --iso-keys 8 --table "$isodir/iso.tt" >/dev/null ||
  fail "3x8 with iso keys and a table"
"$cgtlab" arckayles grundy --graph Grid3x8 --value-only --iso-keys 8 --table "$isodir/iso.tt" >/dev/null ||
  fail "3x8 with iso keys resumed from its own table"
sed -i 's/^game arckayles grid-shape iso-keys 8 code 2$/game arckayles grid-shape iso-keys 8/' "$isodir/iso.tt"
grep -aq '^game arckayles grid-shape iso-keys 8$' "$isodir/iso.tt" || fail "the old game line was not written"
expect_error arckayles grundy --graph Grid3x8 --value-only --iso-keys 8 --table "$isodir/iso.tt"
# Packed entries (51..64 cells): 8 bytes each, 16 with --packed-entries off or --iso-keys; the table
# file is the same, so a run resumes from it in the other layout.
expect_json '"table_entry_bytes":8' arckayles grundy --graph Grid2x26 --value-only
expect_json '"table_entry_bytes":16' arckayles grundy --graph Grid2x26 --value-only --packed-entries off
expect_json '"table_entry_bytes":16' arckayles grundy --graph Grid2x26 --value-only --iso-keys 8
expect_error arckayles grundy --graph Grid2x26 --packed-entries maybe
"$cgtlab" nodekayles grundy --graph Grid5x11 --value-only --table "$isodir/p.tt" >/dev/null || fail "5x11 with a packed table"
out=$("$cgtlab" nodekayles grundy --graph Grid5x11 --value-only --table "$isodir/p.tt" --packed-entries off --json) ||
  fail "5x11 resumed in 16-byte entries"
echo "$out" | grep -q '"grundy":3' || fail "5x11 resumed in 16-byte entries: $out"
echo "$out" | grep -q '"loaded":{"nimbers":[1-9]' || fail "5x11: nothing loaded from the packed table's file: $out"
# Two-word boards of 65..74 cells are packed too (the box's last cells below the row length);
# Node-Kayles 3x23 (69 cells, 75-bit keys) saved packed, resumed in 16 bytes and packed again.
expect_json '"table_entry_bytes":8' arckayles grundy --graph Grid2x33 --value-only
expect_json '"table_entry_bytes":16' arckayles grundy --graph Grid2x33 --value-only --packed-entries off
first=$("$cgtlab" nodekayles grundy --graph Grid3x23 --value-only --table "$isodir/w.tt" --json) || fail "3x23 packed"
echo "$first" | grep -q '"table_entry_bytes":8' || fail "3x23 not packed: $first"
nimber=$(echo "$first" | grep -o '"grundy":[0-9]*')
for layout in off on; do
  out=$("$cgtlab" nodekayles grundy --graph Grid3x23 --value-only --table "$isodir/w.tt" --packed-entries $layout --json) ||
    fail "3x23 resumed with --packed-entries $layout"
  echo "$out" | grep -q "$nimber," || fail "3x23 resumed with --packed-entries $layout: $out (first: $nimber)"
  echo "$out" | grep -q '"loaded":{"nimbers":[1-9]' || fail "3x23: nothing loaded with --packed-entries $layout: $out"
done
# --refutation-mib moves memory from nimbers to refutations: 96 of 128 MiB is three times a power
# of two of packed buckets; the same table file resumes into it.
out=$("$cgtlab" nodekayles grundy --graph Grid3x23 --value-only --table "$isodir/w.tt" --table-mib 128 --refutation-mib 96 --json) ||
  fail "3x23 resumed with --refutation-mib 96"
echo "$out" | grep -q '"table_bounds_mib":{"nimbers":32,"refutations":96}' || fail "3x23 --refutation-mib 96 bounds: $out"
echo "$out" | grep -q '"refutation_bound":{"halvings":0,"shared":false}' || fail "3x23 --refutation-mib 96 is a fixed split: $out"
echo "$out" | grep -q "$nimber," || fail "3x23 resumed with --refutation-mib 96: $out (first: $nimber)"
echo "$out" | grep -q '"loaded":{"nimbers":[1-9][0-9]*,"refutations":[1-9]' || fail "3x23: nothing loaded with --refutation-mib: $out"
expect_json '"table_bounds_mib":{"nimbers":64,"refutations":64}' nodekayles grundy --graph Grid3x23 --value-only --table-mib 128
# By default the refutations share the bound: at 3 x 2^k MiB, while the nimber table is small,
# they take 64 of 96 MiB instead of the 32 the nimbers' 64 leave (solve/shared_table_bound.h).
expect_json '"refutation_bound":{"halvings":0,"shared":true}' nodekayles grundy --graph Grid3x23 --value-only --table-mib 96
expect_json '"table_bounds_mib":{"nimbers":64,"refutations":64}' nodekayles grundy --graph Grid3x23 --value-only --table-mib 96
expect_json '"table_bounds_mib":{"nimbers":64,"refutations":32}' nodekayles grundy --graph Grid3x23 --value-only --table-mib 96 --refutation-mib 32
expect_error nodekayles grundy --graph Grid3x23 --table-mib 128 --refutation-mib 128
expect_error nodekayles grundy --graph Grid3x23 --refutation-mib 64 --refutations off
expect_error nodekayles grundy --graph Grid3x23 --refutation-mib 0
rm -rf "$isodir"
# --after: the position after moves. Grid16x3 after 46 (the middle of the last row, which takes
# its row and the cell above) is the 3x15 board less the middle of its last row, given here as an
# edge list: the same nimber, and the board's grid keys are kept.
small=$(python3 -c '
cells=[(r,c) for r in range(15) for c in range(3) if (r,c)!=(14,1)]
ix={x:i for i,x in enumerate(cells)}
print(",".join(f"{ix[(r,c)]}-{ix[n]}" for (r,c) in cells for n in ((r+1,c),(r,c+1)) if n in ix))') || fail "L edge list"
want=$("$cgtlab" nodekayles grundy --graph "$small" --value-only --json | grep -o '"grundy":[0-9]*') || fail "L as an edge list"
out=$("$cgtlab" nodekayles grundy --graph Grid16x3 --after 46 --value-only --json) || fail "Grid16x3 --after 46"
echo "$out" | grep -q "$want," || fail "Grid16x3 after 46: $out, the edge list gives $want"
echo "$out" | grep -q '"after":"46"' || fail "Grid16x3 after 46 does not say so: $out"
echo "$out" | grep -q '"keys":"grid shape"' || fail "Grid16x3 after 46 lost its grid keys: $out"
"$cgtlab" nodekayles grundy --graph Grid16x3 --after 46 --value-only | grep -q "^position: Grid16x3 after the moves 46$" ||
  fail "the text output does not name the position"
# The board's table serves the position after a move: every option's nimber of Grid4x3, then each
# option looked up (nothing searched) in that table after its move.
afterdir=$(mktemp -d)
all=$("$cgtlab" arckayles grundy --graph Grid4x3 --move-values --limit 0 --table "$afterdir/a.tt" --json) || fail "Grid4x3 move values"
for m in 0-1 1-4 4-5 4-7; do
  v=$(echo "$all" | python3 -c "import json,sys; print([x['grundy'] for x in json.load(sys.stdin)['moves'] if x['move']=='$m'][0])") ||
    fail "Grid4x3: no move $m in $all"
  expect_json "\"grundy\":$v," arckayles grundy --graph Grid4x3 --after "$m" --lookup-only --table "$afterdir/a.tt"
done
rm -rf "$afterdir"
for bad in 46,46 46,43 x 46,,3 "" 48; do expect_error nodekayles grundy --graph Grid16x3 --after "$bad"; done
expect_error arckayles grundy --graph Grid3x4 --after 0-5
expect_error arckayles grundy --graph Grid3x4 --after 0-1,1-2
expect_error nodekayles grundy --graph P300 --after 3
echo "kayles CLI: ok"
