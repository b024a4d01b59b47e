#!/usr/bin/env bash
# A long nimber search killed with SIGTERM (as `timeout` sends) or SIGINT saves its --table,
# exits 2 with one line saying so, and a rerun loads the table (resumes) and prints the value.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
for sig in TERM INT; do
  tt=$dir/t-$sig.tt
  # 4x12 takes minutes: the signal arrives long before the end.
  "$cgtlab" arckayles grundy --graph Grid4x12 --value-only --table "$tt" --json >"$dir/out" 2>"$dir/err" &
  pid=$!
  # Signal only once the tool has its handler (SigCgt in /proc): on a loaded machine or under
  # ASan, start-up can take longer than any fixed sleep, and the default action would kill it.
  num=$(kill -l "$sig")
  for _ in $(seq 600); do
    mask=$(awk '/^SigCgt/ {print $2}' "/proc/$pid/status" 2>/dev/null)
    [ -n "$mask" ] && (( (16#$mask >> (num - 1)) & 1 )) && break
    sleep 0.1
  done
  sleep 1
  kill -s $sig $pid
  wait $pid; rc=$?
  [ $rc -eq 2 ] || fail "SIG$sig: exit $rc, want 2: $(cat "$dir/err")"
  [ "$(wc -l < "$dir/err")" -eq 1 ] || fail "SIG$sig: one error line wanted: $(cat "$dir/err")"
  grep -q "saved to" "$dir/err" || fail "SIG$sig: should say the table was saved: $(cat "$dir/err")"
  # --json: stdout is the error object (docs/json.md), never a value
  ! grep -q '"grundy"' "$dir/out" && grep -q '"kind":"cap"' "$dir/out" && [ "$(wc -l < "$dir/out")" -eq 1 ] ||
    fail "SIG$sig: stdout should be only the error object: $(cat "$dir/out")"
  head -1 "$tt" | grep -q "cgtlab-nimber-table 1" || fail "SIG$sig: no table file"
done
# Resume on a small board: the second run loads the first run's table.
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --table "$dir/s.tt" --json >"$dir/a" || fail "3x9 first run"
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --table "$dir/s.tt" --json >"$dir/b" || fail "3x9 second run"
"$cgtlab" arckayles grundy --graph Grid3x9 --value-only --json >"$dir/c" || fail "3x9 without a table"
g() { grep -o '"grundy":[0-9]*' "$1"; }
[ -n "$(g "$dir/a")" ] && [ "$(g "$dir/a")" = "$(g "$dir/b")" ] && [ "$(g "$dir/a")" = "$(g "$dir/c")" ] ||
  fail "3x9: fresh, resumed and table-less runs differ: $(cat "$dir/a" "$dir/b" "$dir/c")"
echo ok
