#include "cli/ranks.h"

namespace cgtlab::cli {

namespace {
util::Comm* g_run_comm = nullptr;
}  // namespace

util::Comm* run_comm() { return g_run_comm; }
void set_run_comm(util::Comm* comm) { g_run_comm = comm; }
int run_ranks() { return g_run_comm ? g_run_comm->size() : 1; }

}  // namespace cgtlab::cli
