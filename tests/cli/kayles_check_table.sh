#!/usr/bin/env bash
# `arckayles check-table` / `nodekayles check-table` as a user runs it on a saved table: tables of
# one- and two-word grid keys, of vertex-set keys and of refutations agree with the exhaustive
# solver; a table with one entry altered (a nimber, or a refutation that excludes the true value)
# is caught when the sample covers it (exit 1, the position named); a table of another game, of
# iso keys, a missing or foreign file, or bad sizes are one line on stderr, exit 2. The same for
# the local check (--local), which needs the board of a grid-shape table.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
err=$dir/err

expect_error() {  # expect_error '<substring of the message>' args...: exit 2 with one line on stderr
  local want=$1; shift
  "$cgtlab" "$@" >/dev/null 2>"$err"; local rc=$?
  [ $rc -eq 2 ] || fail "$* should exit 2, got $rc: $(cat "$err")"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "$*: error should be one line: $(cat "$err")"
  grep -q -- "$want" "$err" || fail "$*: expected '$want' in: $(cat "$err")"
}
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

# Tables written by the search (the refutations beside them), then checked whole (--sample covers
# every entry): every entry agrees.
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --table "$dir/a.tt" >/dev/null || fail "grundy 3x9"
"$cgtlab" arckayles grundy --graph Grid2x26 --value-only --table "$dir/w.tt" >/dev/null || fail "grundy 2x26"
"$cgtlab" arckayles grundy --graph Petersen --value-only --table "$dir/p.tt" >/dev/null || fail "grundy Petersen"
"$cgtlab" nodekayles grundy --graph Grid3x9 --value-only --table "$dir/n.tt" >/dev/null || fail "nodekayles 3x9"
sed -n 2p "$dir/w.tt" | grep -qx 'key-words 2' || fail "2x26 should have two-word keys"
for spec in "arckayles a.tt" "arckayles a.tt.refutations" "arckayles w.tt" "arckayles p.tt" "nodekayles n.tt"; do
  set -- $spec
  out=$("$cgtlab" "$1" check-table "$dir/$2" --sample 1000000 --max-cells 30 --json) || fail "$1 check-table $2: exit $?"
  checked=$(field checked <<<"$out") eligible=$(field eligible <<<"$out")
  [ "$checked" -gt 0 ] && [ "$checked" = "$eligible" ] || fail "$2: checked $checked of $eligible: $out"
  [ "$(field disagree <<<"$out")" = 0 ] || fail "$2: entries disagree: $out"
done
out=$("$cgtlab" arckayles check-table "$dir/a.tt" --sample 5) || fail "text output"
grep -q "5 sampled entries (seed 1), all agree" <<<"$out" || fail "text output: $out"
# The sample is uniform and seeded: two seeds, the same sizes counted, the same verdict.
a=$("$cgtlab" arckayles check-table "$dir/a.tt" --sample 20 --seed 7 --json | field checked_by_cells)
b=$("$cgtlab" arckayles check-table "$dir/a.tt" --sample 20 --seed 7 --json | field checked_by_cells)
[ "$a" = "$b" ] || fail "the same seed gave two samples: $a / $b"

# The local check (--local): every entry of these tables, whatever its size, is confirmed by its
# options' entries in the same table (no solver for components above 16 cells). The 2x26 table
# (symmetric positions proved 0 by the copying strategy, whose options' values the search does not
# keep) is partly incomplete, never wrong.
for spec in "arckayles a.tt Grid3x9" "arckayles a.tt.refutations Grid3x9" "arckayles p.tt -" "nodekayles n.tt Grid3x9" \
            "arckayles w.tt Grid2x26"; do
  set -- $spec
  board=(--graph "$3"); [ "$3" = - ] && board=()
  out=$("$cgtlab" "$1" check-table "$dir/$2" --local "${board[@]}" --sample 100000 --json) || fail "$1 check-table --local $2: exit $?"
  checked=$(field checked <<<"$out") eligible=$(field eligible <<<"$out") confirmed=$(field confirmed <<<"$out")
  [ "$checked" -gt 0 ] && [ "$checked" = "$eligible" ] || fail "--local $2: checked $checked of $eligible: $out"
  [ "$(field disagree <<<"$out")" = 0 ] || fail "--local $2: entries disagree: $out"
  if [ "$2" = w.tt ]; then
    [ "$confirmed" -gt $((checked / 2)) ] || fail "--local $2: only $confirmed of $checked confirmed: $out"
  else
    [ "$confirmed" = "$checked" ] || fail "--local $2: $confirmed of $checked confirmed: $out"
  fi
done
out=$("$cgtlab" arckayles check-table "$dir/a.tt" --local --graph Grid3x9 --min-cells 27) || fail "--local text output"
grep -q "1 sampled entries (seed 1), 1 confirmed, 0 incomplete, none disagree" <<<"$out" || fail "--local root: $out"
expect_error "give the graph of the run that wrote it" arckayles check-table "$dir/a.tt" --local
expect_error "is not the stored one" arckayles check-table "$dir/a.tt" --local --graph Grid4x9
expect_error "--graph is for grid-shape tables" arckayles check-table "$dir/p.tt" --local --graph Grid3x9
expect_error "--graph is for --local" arckayles check-table "$dir/a.tt" --graph Grid3x9
expect_error "--solve-cells is for --local" arckayles check-table "$dir/a.tt" --solve-cells 10
expect_error "a sample of at most 100000" arckayles check-table "$dir/a.tt" --local --graph Grid3x9 --sample 100001
expect_error "a grid GridRxC" arckayles check-table "$dir/a.tt" --local --graph Petersen

# One entry altered: the nimber record of the largest shape gets nimber + 1 (value byte + 1);
# the refutation record of the largest shape gets every value below 8 excluded (its true nimber,
# below 8 here, included). Records are the key words, the value in the last word's top byte.
cp "$dir/a.tt" "$dir/l.tt" && cp "$dir/a.tt.refutations" "$dir/l.tt.refutations" || fail "copying a.tt"
python3 - "$dir/l.tt" <<'EOF' || fail "altering the root of l.tt"
import sys
data = bytearray(open(sys.argv[1], "rb").read())
head = 0
for _ in range(4):
    head = data.index(b"\n", head) + 1
for at in range(head, len(data), 8):  # one-word keys: the 3x9 root is the one record of 27 cells
    if bin(int.from_bytes(data[at:at + 8], "little") & ((1 << 50) - 1)).count("1") == 27:
        data[at + 7] = 1  # the value byte: nimber + 1, so nimber 0
open(sys.argv[1], "wb").write(data)
# In l.tt.refutations, the largest position whose nimber n (< 8) the table holds gets n excluded too.
nimbers = {}
for at in range(head, len(data), 8):
    word = int.from_bytes(data[at:at + 8], "little")
    if word >> 56: nimbers[word & ((1 << 56) - 1)] = (word >> 56) - 1
ref = bytearray(open(sys.argv[1] + ".refutations", "rb").read())
head = 0
for _ in range(4):
    head = ref.index(b"\n", head) + 1
def cells(at): return bin(int.from_bytes(ref[at:at + 8], "little") & ((1 << 50) - 1)).count("1")
def key(at): return int.from_bytes(ref[at:at + 8], "little") & ((1 << 56) - 1)
fit = [at for at in range(head, len(ref), 8) if ref[at + 7] and nimbers.get(key(at), 99) < 8 and cells(at) < 27]
at = max(fit, key=cells)
ref[at + 7] |= 1 << nimbers[key(at)]
open(sys.argv[1] + ".refutations", "wb").write(ref)
EOF
python3 - "$dir/a.tt" "$dir/a.tt.refutations" <<'EOF' || fail "altering the tables"
import sys
for path, how in ((sys.argv[1], "plus"), (sys.argv[2], "all")):
    data = bytearray(open(path, "rb").read())
    head = 0
    for _ in range(4):
        head = data.index(b"\n", head) + 1
    kw = int(data.split(b"\n")[1].split()[1])
    size = 8 * kw
    recs = range(head, len(data), size)
    def cells(at):
        words = [int.from_bytes(data[at + 8 * i:at + 8 * i + 8], "little") for i in range(kw)]
        words[-1] &= (1 << 50) - 1  # below the row-length field (64*kw - 14 = 50 for one word)
        return sum(bin(w).count("1") for w in words)
    at = max(recs, key=cells)
    top = at + size - 1
    data[top] = data[top] + 1 if how == "plus" else 0xFF
    open(path, "wb").write(data)
EOF
for f in a.tt a.tt.refutations; do
  out=$("$cgtlab" arckayles check-table "$dir/$f" --sample 1000000 --max-cells 30 2>"$err"); rc=$?
  [ $rc -eq 1 ] || fail "$f altered: exit $rc, want 1: $out $(cat "$err")"
  grep -q "^DISAGREE [#./]*: stored" <<<"$out" || fail "$f altered: no DISAGREE line: $out"
  grep -q ", 1 disagree in" <<<"$out" || fail "$f altered: want exactly one disagreeing entry: $out"
done
# The local check finds a refutation that excludes its position's nimber contradicted by its
# options (which prove that nimber), and a root entry given another value (0; the root of 3x9 has
# a winning move).
out=$("$cgtlab" arckayles check-table "$dir/l.tt.refutations" --local --graph Grid3x9 --sample 100000 2>"$err"); rc=$?
[ $rc -eq 1 ] || fail "refutation altered, --local: exit $rc, want 1: $out $(cat "$err")"
grep -q "^DISAGREE [#./]*: stored not-bits [0-9]*: its options prove the nimber [0-7], a value it excludes" <<<"$out" ||
  fail "refutation altered, --local: $out"
grep -q ", 1 disagree in" <<<"$out" || fail "refutation altered, --local: want one disagreeing entry: $out"
out=$("$cgtlab" arckayles check-table "$dir/l.tt" --local --graph Grid3x9 --sample 100000 2>"$err"); rc=$?
[ $rc -eq 1 ] || fail "root altered, --local: exit $rc, want 1: $out $(cat "$err")"
grep -q "^DISAGREE ###*/###*/###*: stored 0: its options prove the nimber [1-9]" <<<"$out" || fail "root altered, --local: $out"

# A board of more than 63 rows (keyed by shape since its columns fit the key's row length:
# Node-Kayles 3x64.. are computed as 64x3..): --local turns its keys back into positions of the
# tall board and confirms the root; the root altered (its nimber 1 stored as 0) is caught, and
# the board given the other way round (71 columns: vertex-set keys) is refused.
"$cgtlab" nodekayles grundy --graph Grid71x2 --value-only --table "$dir/t.tt" >/dev/null || fail "Grid71x2 --table"
out=$("$cgtlab" nodekayles check-table "$dir/t.tt" --local --graph Grid71x2 --min-cells 142) || fail "--local on 71x2: $out"
grep -q "1 sampled entries (seed 1), 1 confirmed, 0 incomplete, none disagree" <<<"$out" || fail "--local 71x2 root: $out"
out=$("$cgtlab" nodekayles check-table "$dir/t.tt" --local --graph Grid71x2 --sample 100000) || fail "--local on 71x2: $out"
grep -q " [1-9][0-9]* confirmed, [0-9]* incomplete, none disagree" <<<"$out" || fail "--local 71x2: $out"
python3 - "$dir/t.tt" <<'EOF2' || fail "altering the root of t.tt"
import sys
data = bytearray(open(sys.argv[1], "rb").read())
head = 0
for _ in range(4):
    head = data.index(b"\n", head) + 1
kw, found = 3, 0  # 142 cells: keys of three words, the row length at bit 50 of the last
for at in range(head, len(data), 8 * kw):
    words = [int.from_bytes(data[at + 8 * i:at + 8 * i + 8], "little") for i in range(kw)]
    if sum(bin(w).count("1") for w in words[:-1]) + bin(words[-1] & ((1 << 50) - 1)).count("1") == 142:
        assert data[at + 8 * kw - 1] == 2  # nimber 1 (value byte = nimber + 1)
        data[at + 8 * kw - 1] = 1
        found += 1
assert found == 1, found
open(sys.argv[1], "wb").write(data)
EOF2
out=$("$cgtlab" nodekayles check-table "$dir/t.tt" --local --graph Grid71x2 --min-cells 142 2>"$err"); rc=$?
[ $rc -eq 1 ] && grep -q "^DISAGREE [#/]*: stored 0: an option has the exact value 0" <<<"$out" ||
  fail "71x2 root altered, --local: exit $rc: $out $(cat "$err")"
expect_error "a grid GridRxC of at most 63 columns" nodekayles check-table "$dir/t.tt" --local --graph Grid2x71

# Bad input: one line, exit 2.
expect_error "a table of 'nodekayles', not of arckayles" arckayles check-table "$dir/n.tt"
"$cgtlab" arckayles grundy --graph Grid3x6 --iso-keys 8 --value-only --table "$dir/iso.tt" >/dev/null || fail "iso table"
expect_error "canonical graph codes" arckayles check-table "$dir/iso.tt"
expect_error "cannot read table file" arckayles check-table "$dir/none.tt"
echo "not a table" >"$dir/junk.tt"
expect_error "is not a nimber table" arckayles check-table "$dir/junk.tt"
head -c 200 "$dir/w.tt" >"$dir/short.tt"
expect_error "is truncated" arckayles check-table "$dir/short.tt"
expect_error "min cells <= max cells" arckayles check-table "$dir/p.tt" --min-cells 9 --max-cells 3
expect_error "--sample" arckayles check-table "$dir/p.tt" --sample 0
echo "kayles_check_table: ok"
