#!/usr/bin/env bash
# Every `build/cgtlab ...` command the README shows works as written (exit 0, some output).
# The one exception is `verify --deep`, which takes about two minutes; its time is recorded in
# docs/PERFORMANCE.md and its ranges are the same checks as the normal run, only longer.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
count=0
while IFS= read -r line; do
  cmd=${line%%#*}                       # drop the trailing comment
  cmd=${cmd#build/cgtlab }
  case "$cmd" in *--deep*) continue ;; esac
  out=$(eval "\"$cgtlab\" $cmd" 2>&1) || fail "README command failed: build/cgtlab $cmd"$'\n'"$out"
  [ -n "$out" ] || fail "README command printed nothing: build/cgtlab $cmd"
  count=$((count + 1))
done < <(grep -E '^build/cgtlab ' README.md)
[ $count -ge 20 ] || fail "expected the README's 20+ example commands, found $count"
echo "README commands: $count ok"
