#!/usr/bin/env bash
# The tool under mpirun: `mpirun -np 2|3 cgtlab sweep ...` gives the cells one process gives,
# rank 0 alone prints and writes the store, and a rerun under mpirun answers from that store;
# `mpirun -np 2|3 cgtlab pebbling mvalue ...` partitions one search and gives one process's answer.
# Skipped (with a note) when the tool was built without MPI or mpirun is missing.
set -u
cgtlab=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
if ! command -v mpirun >/dev/null; then echo "mpi: skipped (no mpirun; scripts/install-deps installs openmpi-bin)"; exit 0; fi
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
# CI runs as root; Open MPI refuses that unless told twice. Containers often forbid the
# cross-process memory copy of the shared-memory transport: use plain copies.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1
run() { local np=$1; shift; timeout 300 mpirun --oversubscribe -np "$np" "$cgtlab" "$@"; }
if ! out=$(run 2 sweep cram --rows 2 --cols 1..2 --json 2>"$dir/err"); then
  grep -q "built without MPI" "$dir/err" && { echo "mpi: skipped (built with -DCGTLAB_MPI=OFF)"; exit 0; }
  fail "mpirun -np 2 sweep cram: $(cat "$dir/err")"
fi

cram() { python3 -c 'import json,sys; print(";".join("%d,%s,%s" % (c["cols"], c["nimber"], c["status"]) for c in json.load(sys.stdin)["cells"]))'; }
peb() { python3 -c 'import json,sys; print(";".join("%d,%d,%s,%s" % (c["n"], c["k"], c["m"], c["status"]) for c in json.load(sys.stdin)["cells"]))'; }
stored() { python3 -c 'import json,sys; print("".join("s" if c["from_store"] else "c" for c in json.load(sys.stdin)["cells"]))'; }
ranks() { python3 -c 'import json,sys; print(json.load(sys.stdin)["ranks"])'; }

one=$("$cgtlab" sweep cram --rows 3 --cols 1..9 --json) || fail "one process"
[ "$(echo "$one" | ranks)" = 1 ] || fail "one process reports ranks $(echo "$one" | ranks)"
onep=$("$cgtlab" sweep pebbling --n 3..6 --k 1..3 --max-total 60 --json) || fail "one process, pebbling"
onen=$("$cgtlab" sweep nodekayles --rows 2 --cols 1..7 --json) || fail "one process, nodekayles"
for np in 2 3; do
  out=$(run $np sweep cram --rows 3 --cols 1..9 --json) || fail "mpirun -np $np sweep cram"
  [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "-np $np: more than rank 0 printed: $out"
  [ "$(echo "$out" | ranks)" = $np ] || fail "-np $np reports ranks $(echo "$out" | ranks)"
  [ "$(echo "$out" | cram)" = "$(echo "$one" | cram)" ] || fail "-np $np: cram cells differ from one process"
  out=$(run $np sweep pebbling --n 3..6 --k 1..3 --max-total 60 --json) || fail "mpirun -np $np sweep pebbling"
  [ "$(echo "$out" | peb)" = "$(echo "$onep" | peb)" ] || fail "-np $np: pebbling cells differ from one process"
  out=$(run $np sweep nodekayles --rows 2 --cols 1..7 --json) || fail "mpirun -np $np sweep nodekayles"
  [ "$(echo "$out" | cram)" = "$(echo "$onen" | cram)" ] || fail "-np $np: nodekayles cells differ from one process"
  # --carry-table: each rank carries its own table (FILE.rankR), the same cells.
  out=$(run $np sweep nodekayles --rows 2 --cols 1..7 --carry-table "$dir/carry$np.tt" --json) || fail "-np $np --carry-table"
  [ "$(echo "$out" | cram)" = "$(echo "$onen" | cram)" ] || fail "-np $np --carry-table: cells differ from one process"
  for r in $(seq 0 $((np - 1))); do [ -s "$dir/carry$np.tt.rank$r" ] || fail "-np $np: no carried table of rank $r: $(ls "$dir")"; done

  # Rank 0 writes the store: a rerun (one process or -np N) answers every cell from it.
  db=$dir/s$np.db
  out=$(run $np sweep cram --rows 3 --cols 1..9 --store "$db" --json) || fail "-np $np with a store"
  [ "$(echo "$out" | stored)" = ccccccccc ] || fail "-np $np: a new store answered a cell"
  [ "$(echo "$out" | cram)" = "$(echo "$one" | cram)" ] || fail "-np $np with a store: cells differ"
  out=$("$cgtlab" sweep cram --rows 3 --cols 1..10 --store "$db" --json) || fail "rerun of the -np $np store"
  [ "$(echo "$out" | stored)" = sssssssssc ] || fail "-np $np store: one process recomputed stored cells"
  out=$(run $np sweep cram --rows 3 --cols 1..10 --store "$db" --json) || fail "-np $np rerun"
  [ "$(echo "$out" | stored)" = ssssssssss ] || fail "-np $np rerun recomputed stored cells"
  [ "$("$cgtlab" store list --store "$db" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["records"]))')" = 10 ] ||
    fail "-np $np: the store should hold 10 records"
  # A capped cell under mpirun is a stop, reported by rank 0.
  out=$(run $np sweep cram --rows 4 --cols 9..10 --max-positions 100 --json) || fail "-np $np capped"
  [ "$(echo "$out" | cram)" = "9,None,capped;10,None,capped" ] || fail "-np $np: caps: $(echo "$out" | cram)"
done

# One layered search partitioned over the ranks: `pebbling mvalue` under mpirun gives the answer
# of one process (m, the searched totals, every layer's statistics: the ranked search on K_n,
# the generic one elsewhere), reports ranks and bytes exchanged (per total too), and stops by a
# cap where one process stops.
mv_answer() { python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["m"], "found" if j["m"] is not None else "none_within_bound", j["searched_to"], j["nonempty_p_totals"], j["consequence_holds"], [l["p_labelled"] for l in j["layers"]])'; }
mv_layers() { python3 -c 'import json,sys; print([{k: v for k, v in l.items() if k != "bytes_exchanged"} for l in json.load(sys.stdin)["layers"]])'; }
mv_bytes() { python3 -c '
import json,sys
j=json.load(sys.stdin)
assert j["ranks"] == int(sys.argv[1]), j["ranks"]
assert j["bytes_exchanged"] > 0 and j["bytes_exchanged"] == sum(l["bytes_exchanged"] for l in j["layers"]), "bytes"
print("ok")' "$1"; }
# Each case under one rank count (alternating -np 2 and -np 3; mpirun start-up dominates here).
mv_cases=("K5 1 30 2" "K6 2 40 3" "P6 1 30 3" "C6 2 30 2" "0-1,1-2,1-3,3-4,3-5 1 30 2" "0-1,1-2,1-3,3-4,3-5 2 30 3")
for c in "${mv_cases[@]}"; do
  read -r g k mt np <<<"$c"
  one=$("$cgtlab" pebbling mvalue --graph "$g" --k "$k" --max-total "$mt" --json) || fail "one process: mvalue $c"
  echo "$one" | python3 -c 'import json,sys; j=json.load(sys.stdin); assert "ranks" not in j and "bytes_exchanged" not in j' ||
    fail "one process mvalue $c reports ranks"
  out=$(run $np pebbling mvalue --graph "$g" --k "$k" --max-total "$mt" --json) || fail "mpirun -np $np mvalue $c"
  [ "$(echo "$out" | wc -l)" -eq 1 ] || fail "-np $np mvalue $c: more than rank 0 printed"
  [ "$(echo "$out" | mv_answer)" = "$(echo "$one" | mv_answer)" ] ||
    fail "-np $np mvalue $c: $(echo "$out" | mv_answer) but one process: $(echo "$one" | mv_answer)"
  [ "$(echo "$out" | mv_bytes $np)" = ok ] || fail "-np $np mvalue $c: ranks or bytes_exchanged"
  [ "$(echo "$out" | mv_layers)" = "$(echo "$one" | mv_layers)" ] || fail "-np $np mvalue $c: layers differ"
done
# The text output (rank 0 prints it once), on a graph with no m within the bound.
[ "$(run 3 pebbling mvalue --graph P2 --k 1 --max-total 30)" = "$("$cgtlab" pebbling mvalue --graph P2 --k 1 --max-total 30)" ] ||
  fail "-np 3 mvalue P2: text differs from one process"
# A cap: --max-positions counts the classes of all ranks together, so the stop is where one
# process stops (exit 2, one line), and a cap one process passes is passed under mpirun too.
"$cgtlab" pebbling mvalue --graph C7 --k 1 --max-total 20 --max-positions 200 >/dev/null 2>&1; rc1=$?
[ $rc1 -eq 2 ] || fail "one process: C7 with --max-positions 200 should stop (exit 2), got $rc1"
"$cgtlab" pebbling mvalue --graph C7 --k 1 --max-total 20 --max-positions 100000 >/dev/null 2>&1 || fail "one process: C7 under a large cap"
run 3 pebbling mvalue --graph C7 --k 1 --max-total 20 --max-positions 200 --json >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "-np 3: C7 with --max-positions 200 should stop with exit 2, got $rc"
[ "$(grep -c 'stopped early: --max-positions 200' "$dir/err")" -eq 1 ] || fail "-np 3: the cap should be reported once: $(cat "$dir/err")"
run 2 pebbling mvalue --graph C7 --k 1 --max-total 20 --max-positions 100000 >/dev/null || fail "-np 2: C7 under a large cap"
# With a store: rank 0 records the answer; one process and mpirun then answer from the store.
db=$dir/mv.db
out=$(run 2 pebbling mvalue --graph C6 --k 2 --max-total 30 --store "$db" --json) || fail "-np 2 mvalue with a store"
[ "$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["from_store"])')" = False ] || fail "-np 2: a new store answered"
one=$("$cgtlab" pebbling mvalue --graph C6 --k 2 --max-total 30 --store "$db" --json) || fail "one process on the -np 2 store"
[ "$(echo "$one" | python3 -c 'import json,sys; print(json.load(sys.stdin)["from_store"])')" = True ] || fail "one process recomputed the stored mvalue"
[ "$(echo "$one" | mv_answer)" = "$(echo "$out" | mv_answer)" ] || fail "the stored mvalue differs"
out=$(run 3 pebbling mvalue --graph C6 --k 2 --max-total 30 --store "$db" --json) || fail "-np 3 mvalue from the store"
[ "$(echo "$out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["from_store"])')" = True ] || fail "-np 3 recomputed the stored mvalue"
run 2 pebbling mvalue --graph K0 --k 1 >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "mpirun -np 2 mvalue --graph K0 should exit 2, got $rc"
[ "$(grep -c 'cgtlab: error' "$dir/err")" -eq 1 ] || fail "the mvalue error should be printed once: $(cat "$dir/err")"

# Bad input under mpirun: an error (exit 2), printed once.
run 2 sweep cram --rows 0 --cols 1..3 >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "mpirun -np 2 with --rows 0 should exit 2, got $rc"
[ "$(grep -c 'cgtlab: error' "$dir/err")" -eq 1 ] || fail "the error should be printed once: $(cat "$dir/err")"
echo "mpi: ok"
