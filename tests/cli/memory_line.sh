#!/usr/bin/env bash
# The memory line (--save-line; default 31/32 of --max-memory): a nimber search's tables stop
# doubling below it and replace entries instead (the search runs on in less memory rather than
# meet the cap), and a search whose resident memory passes it anyway stops as if interrupted:
# one line saying why and how far it got, exit 2, its --table saved to resume from. Only the cap
# itself ends the process unsaved.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
# The process's own resident memory (libraries, the binary; more under the sanitizers).
base=$("$cgtlab" nodekayles grundy --graph P6 --json | grep -o '"peak_rss_mib":[0-9]*' | cut -d: -f2)
[ -n "$base" ] && [ "$base" -gt 0 ] || fail "no peak_rss_mib in a search's JSON"

# A line the process is above from the start: the search stops at its first check and saves.
timeout -s KILL 300 "$cgtlab" --save-line 1 arckayles grundy --graph Grid5x10 --value-only --table "$dir/a.tt" \
  --json >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "--save-line 1: exit $rc, want 2: $(cat "$dir/err")"
[ "$(wc -l < "$dir/err")" -eq 1 ] || fail "--save-line 1: one error line wanted: $(cat "$dir/err")"
grep -q "search stopped at the memory save line (resident [0-9]* MiB passed 1 MiB, --save-line) before the nimber" \
  "$dir/err" || fail "--save-line 1: should say the save line stopped it: $(cat "$dir/err")"
grep -q "saved to $dir/a.tt" "$dir/err" || fail "--save-line 1: should save the table: $(cat "$dir/err")"
head -1 "$dir/a.tt" | grep -q "cgtlab-nimber-table 1" || fail "--save-line 1: no table file"
grep -q '"kind":"cap"' "$dir/out" && grep -q '"reached":{' "$dir/out" || fail "--save-line 1: JSON: $(cat "$dir/out")"
# The table it saved is read back.
"$cgtlab" arckayles grundy --graph Grid5x10 --value-only --table "$dir/a.tt" --lookup-only >"$dir/out" 2>"$dir/err" &&
  grep -q "nimbers loaded from $dir/a.tt" "$dir/out" || fail "--save-line 1: the saved table: $(cat "$dir/out" "$dir/err")"

# A line 24 MiB above the process: without the hold, Arc-Kayles 5x10's process reaches about 97 MiB
# within these 4 M positions (one thread; measured 2026-12-07, docs/PERFORMANCE.md). Held, they stay below, and the search runs to its
# --max-positions. Under the sanitizers (scripts/test-asan) memory is counted otherwise (freed
# blocks kept in ASan's quarantine, the shadow of each new one: neither in a doubling's estimate),
# so the line may be passed there before any growth is held: the save line then stops the search.
line=$((base + 24))
sanitized=no; grep -qa __asan_report "$cgtlab" && sanitized=yes
timeout -s KILL 600 "$cgtlab" --max-memory 0 --save-line $line arckayles grundy --graph Grid5x10 --value-only \
  --max-positions 4000000 --table "$dir/b.tt" --json --progress 0.2 >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "--save-line $line: exit $rc, want 2: $(cat "$dir/err")"
held=$(grep -o '"table_growths_held":[0-9]*' "$dir/out" | cut -d: -f2)
if [ $sanitized = yes ] && grep -q "stopped at the memory save line" "$dir/err"; then :
else
  grep -q -e "--max-positions 4000000 reached" "$dir/err" || fail "--save-line $line: stopped for another reason: $(cat "$dir/err")"
  [ -n "$held" ] && [ "$held" -ge 1 ] || fail "--save-line $line: no table growth was held: $(cat "$dir/out")"
  # The progress lines say so once it has happened (the first hold comes at about a third of the run).
  grep -q "growth held [0-9]* times at the memory line, $line MiB" "$dir/err" ||
    fail "--save-line $line: no progress line says the growth was held: $(tail -2 "$dir/err")"
fi
grep -q "saved to $dir/b.tt" "$dir/err" || fail "--save-line $line: should save the table: $(cat "$dir/err")"
# ... and a finished search says so in its JSON (here none held: no line).
"$cgtlab" --max-memory 0 arckayles grundy --graph Grid3x5 --value-only --json >"$dir/out" || fail "3x5"
grep -q '"memory_line_mib":0,' "$dir/out" && grep -q '"table_growths_held":0' "$dir/out" ||
  fail "3x5 without a line: $(cat "$dir/out")"
# The default line: 31/32 of --max-memory (6144: 5952 MiB).
"$cgtlab" arckayles grundy --graph Grid3x5 --value-only --json >"$dir/out" || fail "3x5 default"
grep -q '"memory_line_mib":5952,' "$dir/out" || fail "3x5: the default line: $(cat "$dir/out")"

# A line at or above the cap is refused (one line, exit 2).
"$cgtlab" --max-memory 100 --save-line 100 arckayles grundy --graph P6 >/dev/null 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$dir/err")" -eq 1 ] &&
  grep -q -- "--save-line 100 must be below --max-memory 100" "$dir/err" || fail "--save-line 100 under 100: $rc $(cat "$dir/err")"
echo "memory_line: ok"
