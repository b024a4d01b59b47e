#!/usr/bin/env bash
# The tool under mpirun: `mpirun -np 2|3 cgtlab sweep ...` gives the cells one process gives,
# rank 0 alone prints and writes the store, and a rerun under mpirun answers from that store.
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
  out=$(run $np sweep cram --rows 4 --cols 8..9 --max-positions 100 --json) || fail "-np $np capped"
  [ "$(echo "$out" | cram)" = "8,None,capped;9,None,capped" ] || fail "-np $np: caps: $(echo "$out" | cram)"
done

# Bad input under mpirun: an error (exit 2), printed once.
run 2 sweep cram --rows 0 --cols 1..3 >"$dir/out" 2>"$dir/err"; rc=$?
[ $rc -eq 2 ] || fail "mpirun -np 2 with --rows 0 should exit 2, got $rc"
[ "$(grep -c 'cgtlab: error' "$dir/err")" -eq 1 ] || fail "the error should be printed once: $(cat "$dir/err")"
echo "mpi: ok"
