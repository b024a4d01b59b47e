// The ranks of an `mpirun -np N` run (null: one process, no mpirun). main() sets it; commands
// that spread work over ranks (sweeps) pass it to the library. Only rank 0 prints.
#pragma once
#include "util/comm.h"

namespace cgtlab::cli {

util::Comm* run_comm();
void set_run_comm(util::Comm* comm);
int run_ranks();  // 1 without mpirun

}  // namespace cgtlab::cli
