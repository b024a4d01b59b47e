#!/usr/bin/env bash
# Every `build/cgtlab ...` command the README shows works as written (exit 0, some output).
# The one exception is `verify --deep`, which takes about two minutes; its time is recorded in
# docs/PERFORMANCE.md and its ranges are the same checks as the normal run, only longer. The plain
# `verify` is the test verify_all_claims (the same command, exit 0 required), so it is not run twice
# (under the sanitizers it cost 130 s).
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
count=0
while IFS= read -r line; do
  cmd=${line%%#*}                       # drop the trailing comment
  cmd=${cmd#build/cgtlab }
  case "$cmd" in *--deep*) continue ;; esac
  bare=${cmd%"${cmd##*[! ]}"}           # without trailing spaces
  if [ "$bare" = verify ]; then count=$((count + 1)); skipped_verify=1; continue; fi
  out=$(eval "\"$cgtlab\" $cmd" 2>&1) || fail "README command failed: build/cgtlab $cmd"$'\n'"$out"
  [ -n "$out" ] || fail "README command printed nothing: build/cgtlab $cmd"
  count=$((count + 1))
done < <(grep -E '^build/cgtlab ' README.md)
[ $count -ge 20 ] || fail "expected the README's 20+ example commands, found $count"
[ "${skipped_verify:-0}" = 1 ] || fail "the README's plain 'build/cgtlab verify' line is gone (verify_all_claims stands for it)"
echo "README commands: $count ok (verify: by the test verify_all_claims)"
# The Python section: every `PYTHONPATH=build/python /usr/bin/python3 ...` command line, the
# expected output when it has a trailing comment ("   # text": the output exactly), and the
# interactive ```python block, all against this build's module.
pydir=$(dirname "$cgtlab")/python
if [ ! -d "$pydir/cgtlab" ]; then
  echo "README Python commands: not checked (the module is not built: -DCGTLAB_PYTHON=OFF)"; exit 0
fi
pycount=0
while IFS= read -r line; do
  cmd=${line%%   #*}
  want=""; [ "$cmd" != "$line" ] && want=${line##*   # }
  cmd=${cmd#PYTHONPATH=build/python }
  out=$(eval "PYTHONPATH=\"$pydir\" $cmd" 2>&1) || fail "README command failed: $line"$'\n'"$out"
  [ -n "$out" ] || fail "README command printed nothing: $line"
  case "$want" in
    "") ;;
    *) [ "$out" = "$want" ] || fail "README command printed '$out', README says '$want': $line" ;;
  esac
  pycount=$((pycount + 1))
done < <(grep -E '^PYTHONPATH=build/python /usr/bin/python3 -' README.md)
[ $pycount -ge 3 ] || fail "expected the README's Python commands, found $pycount"
block=$(awk '/^```python$/{on=1; next} /^```$/{on=0} on' README.md)
[ -n "$block" ] || fail "the README's python block is missing"
out=$(PYTHONPATH="$pydir" /usr/bin/python3 -c "$block" 2>&1) || fail "the README's python block failed:"$'\n'"$out"
echo "README Python commands: $pycount ok, and the python block"
