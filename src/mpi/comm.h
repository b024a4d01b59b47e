// Open MPI behind util::Comm: the only code of cgtlab that names MPI (src/mpi/comm.cpp, built
// into the command-line tool only; the library and the Python module never link MPI).
#pragma once
#include <memory>

#include "util/comm.h"

namespace cgtlab::mpi {

// The ranks of this run when the process was started by mpirun (Open MPI's launcher sets
// OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers set PMIX_RANK / PMI_SIZE): MPI is initialized
// here and finalized when the returned object is destroyed. Without a launcher: null, and MPI is
// never touched (the tool runs as one process). A build without MPI (-DCGTLAB_MPI=OFF) started by
// mpirun with more than one rank throws InputError.
std::unique_ptr<util::Comm> start_if_launched(int* argc, char*** argv);

}  // namespace cgtlab::mpi
