#!/usr/bin/env bash
# Endgame databases as a user runs them: `arckayles build-db` / `nodekayles build-db`, then
# `grundy --db FILE` gives the same nimbers as without; a corrupt, truncated, foreign or
# wrong-version file, or a database of another game or row count, is one line on stderr, exit 2.
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
g() { grep -o '"grundy":[0-9]*' <<<"$1"; }

out=$("$cgtlab" arckayles build-db --rows 3 --max-cells 12 --out "$dir/a3.db" --json) || fail "build-db 3 rows"
grep -q '"entries":[1-9]' <<<"$out" || fail "build-db: no entries: $out"
head -1 "$dir/a3.db" | grep -qx 'cgtlab-endgame-db 1' || fail "build-db: no database file"
"$cgtlab" arckayles build-db --rows 4 --max-cells 10 --out "$dir/a4.db" >/dev/null || fail "build-db 4 rows"
"$cgtlab" nodekayles build-db --rows 3 --max-cells 10 --out "$dir/n3.db" >/dev/null || fail "nodekayles build-db"

for spec in "3 3 a3" "3 8 a3" "3 11 a3" "4 4 a4" "4 7 a4"; do
  set -- $spec
  a=$("$cgtlab" arckayles grundy --graph "Grid$1x$2" --json) || fail "Grid$1x$2 without the database"
  b=$("$cgtlab" arckayles grundy --graph "Grid$1x$2" --db "$dir/$3.db" --json) || fail "Grid$1x$2 with the database"
  [ -n "$(g "$a")" ] && [ "$(g "$a")" = "$(g "$b")" ] || fail "Grid$1x$2: $a vs $b"
  [ "$(grep -o '"winning_moves":\[[^]]*\]' <<<"$a")" = "$(grep -o '"winning_moves":\[[^]]*\]' <<<"$b")" ] ||
    fail "Grid$1x$2: winning moves differ: $a vs $b"
  grep -q '"endgame_db"' <<<"$b" || fail "Grid$1x$2: the JSON does not say the database was used: $b"
done
a=$("$cgtlab" arckayles grundy --graph Grid3x10 --value-only --json) || fail "3x10"
b=$("$cgtlab" arckayles grundy --graph Grid3x10 --value-only --db "$dir/a3.db" --db-mode preload --json) || fail "preload"
[ -n "$(g "$a")" ] && [ "$(g "$a")" = "$(g "$b")" ] || fail "3x10 with the database preloaded: $a vs $b"
a=$("$cgtlab" nodekayles grundy --graph Grid3x9 --value-only --json) || fail "nodekayles 3x9"
b=$("$cgtlab" nodekayles grundy --graph Grid3x9 --value-only --db "$dir/n3.db" --json) || fail "nodekayles 3x9 --db"
[ -n "$(g "$a")" ] && [ "$(g "$a")" = "$(g "$b")" ] || fail "nodekayles 3x9: $a vs $b"

# Never for another game, row count, a board narrower than tall, or a graph that is not a grid.
expect_error "for arckayles, not nodekayles" nodekayles grundy --graph Grid3x6 --db "$dir/a3.db"
expect_error "grids of 3 rows" arckayles grundy --graph Grid4x6 --db "$dir/a3.db"
expect_error "grids of 3 rows" arckayles grundy --graph Grid6x3 --db "$dir/a3.db"
expect_error "grids of 3 rows" arckayles grundy --graph C8 --db "$dir/a3.db"
# Bad files.
expect_error "cannot be read" arckayles grundy --graph Grid3x5 --db "$dir/missing.db"
head -c 120 "$dir/a3.db" >"$dir/trunc.db"
expect_error "truncated" arckayles grundy --graph Grid3x5 --db "$dir/trunc.db"
cp "$dir/a3.db" "$dir/corrupt.db"
size=$(stat -c %s "$dir/corrupt.db")
printf '\x55' | dd of="$dir/corrupt.db" bs=1 seek=$((size - 10)) conv=notrunc 2>/dev/null
expect_error "corrupt" arckayles grundy --graph Grid3x5 --db "$dir/corrupt.db"
"$cgtlab" arckayles grundy --graph Grid3x5 --value-only --table "$dir/t.tt" >/dev/null || fail "table file"
expect_error "not an endgame database" arckayles grundy --graph Grid3x5 --db "$dir/t.tt"
sed '1s/ 1$/ 7/' "$dir/a3.db" >"$dir/v7.db"
expect_error "format 7" arckayles grundy --graph Grid3x5 --db "$dir/v7.db"
# Sizes beyond the keys and caps.
expect_error "beyond the 64-bit shape keys" arckayles build-db --rows 4 --max-cells 16 --out "$dir/x.db"
expect_error "max-shapes" arckayles build-db --rows 3 --max-cells 14 --max-shapes 1000 --out "$dir/x.db"
[ ! -e "$dir/x.db" ] || fail "a stopped build-db left a database"
echo ok
