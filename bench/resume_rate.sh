#!/bin/bash
# Positions per CPU second of a search resumed from a saved table: the speed of a record run at
# the point where it stopped, which a search from nothing does not show (docs/PERFORMANCE.md,
# "Tall keys"). One thread (deterministic: binaries that key alike walk the same positions),
# killed by SIGKILL after SECONDS so the table file is never written; the rate is taken between
# the progress lines at 60 s (after the load) and the last. Alternate the binaries compared.
#   bench/resume_rate.sh BINARY GAME GRAPH TABLE [SECONDS] [TABLE_MIB REFUTATION_MIB]
#   bench/resume_rate.sh build/cgtlab nodekayles Grid66x3 /work/runs/nk-66x3.tt 150 16384 12288
set -u
if [ $# -lt 4 ]; then
  echo "usage: $0 BINARY GAME GRAPH TABLE [SECONDS] [TABLE_MIB REFUTATION_MIB]" >&2
  exit 2
fi
bin=$1 game=$2 graph=$3 table=$4 secs=${5:-150} mib=${6:-16384} rmib=${7:-12288}
[ -x "$bin" ] || { echo "resume_rate: $bin is not an executable" >&2; exit 2; }
[ -f "$table" ] || { echo "resume_rate: no table file $table" >&2; exit 2; }
[[ $secs =~ ^[0-9]+$ ]] && [ "$secs" -gt 70 ] || { echo "resume_rate: SECONDS must be a whole number over 70" >&2; exit 2; }
log=$(mktemp)
before=$(stat -c '%s %Y' "$table")
timeout -s KILL "$secs" "$bin" --max-memory $((mib * 4 / 3 + 512)) "$game" grundy --graph "$graph" --value-only --threads 1 --table-mib "$mib" \
  --refutation-mib "$rmib" --checkpoint 1000000 --progress 10 --table "$table" >/dev/null 2>"$log"
# (a search that ends before the kill was refused its arguments or table: bad input, exit 2)
[ $? -eq 137 ] || { echo "resume_rate: the search did not run to the kill: $(grep -v '^[0-9]\{4\}-' "$log" | head -1)" >&2; rm -f "$log"; exit 2; }
[ "$(stat -c '%s %Y' "$table")" = "$before" ] || echo "resume_rate: warning: $table changed" >&2
grep -E '^[0-9]{4}-' "$log" | sed -E 's/.*: ([0-9.]+) s \(CPU ([0-9.]+) s\), ([0-9]+) positions.*/\1 \2 \3/' |
  awk -v bin="$bin" '$1 >= 60 && !a { a = 1; c0 = $2; p0 = $3 } { c = $2; p = $3 }
    END { if (!a || c == c0) { print "resume_rate: no progress past 60 s" > "/dev/stderr"; exit 1 }
          printf "%s: %d positions in %.1f CPU s: %.0f positions per CPU second\n", bin, p - p0, c - c0, (p - p0) / (c - c0) }'
rc=$?
rm -f "$log"
exit $rc
