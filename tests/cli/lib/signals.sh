# Sourced by the CLI tests that stop a run with a signal (not a test itself: tests/cli/*.sh are).
# wait_for_handler PID SIG: waits up to 60 s until process PID catches SIG (SigCgt in /proc), so
# the signal meets the tool's handler: on a loaded machine or under ASan start-up can take longer
# than any fixed sleep, and the default action (for a script's background job SIGINT is ignored)
# would decide instead. Returns 1 if it never does.
wait_for_handler() {
  local pid=$1 num mask
  num=$(kill -l "$2")
  for _ in $(seq 600); do
    mask=$(awk '/^SigCgt/ {print $2}' "/proc/$pid/status" 2>/dev/null)
    [ -n "$mask" ] && (( (16#$mask >> (num - 1)) & 1 )) && return 0
    sleep 0.1
  done
  return 1
}
