// cgtlab: exact combinatorial game theory on graphs. Parses flags, calls the library,
// prints text or JSON (docs/json.md). Bad input or a cap: one line on stderr and exit code 2;
// a bug (an internal error): one line and exit code 3. Nothing reaching main aborts.
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/ranks.h"
#include "mpi/comm.h"
#include "util/error.h"
#include "util/large_stack.h"

int main(int argc, char** argv) {
  using namespace cgtlab;
  // Under mpirun: every rank runs the command; rank 0 alone prints (the library gives every rank
  // the same result or the same error), the others are silent. Destroyed last: MPI_Finalize.
  std::unique_ptr<util::Comm> comm;
  try {
    comm = mpi::start_if_launched(&argc, &argv);
  } catch (const InputError& e) {
    return cli::report_error(cli::ErrorKind::Input, e.what());
  }
  if (comm && comm->rank() != 0) {
    if (!std::freopen("/dev/null", "w", stdout) || !std::freopen("/dev/null", "w", stderr)) return 3;
  }
  cli::set_run_comm(comm.get());
  try {
    CLI::App app{"cgtlab: exact combinatorial game theory on graphs", "cgtlab"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "cgtlab 0.1.0");
    app.fallthrough();  // global options may follow the subcommand
    cli::setup_app(app);
    cli::add_value_commands(app);
    cli::add_graph_command(app);
    cli::add_verify_command(app);
    cli::add_pebbling_command(app);
    cli::add_blocking_command(app);
    cli::add_coins_command(app);
    cli::add_kayles_commands(app);
    cli::add_store_command(app);
    cli::add_sweep_command(app);
    cli::add_analyze_command(app);
    cli::add_explore_commands(app);
    cli::add_serve_command(app);
    cli::finish_app(app);
    // Every command runs on a 1 GiB-stack thread: recursion over a graph of 10^5 vertices or
    // a deep game fits; deeper recursion in the value layer stops with CapReached.
    int help_exit = -1;
    run_with_large_stack([&] {
      std::vector<std::string> args = cli::prepare_args(app, argc, argv);
      std::vector<char*> ptrs;
      ptrs.reserve(args.size());
      for (auto& a : args) ptrs.push_back(a.data());
      try {
        cli::start_ticker();
        app.parse(static_cast<int>(ptrs.size()), ptrs.data());
      } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() != 0) throw InputError(e.what());
        cli::stop_ticker();
        help_exit = app.exit(e);  // --help, --version
      }
    });
    if (help_exit >= 0) return help_exit;
  } catch (const InputError& e) {
    return cli::report_error(cli::ErrorKind::Input, e.what());
  } catch (const CapReached& e) {
    return cli::report_error(cli::ErrorKind::Cap, e.what());
  } catch (const std::bad_alloc&) {
    return cli::report_error(cli::ErrorKind::Cap, "out of memory");
  } catch (const std::exception& e) {  // logic_error, overflow_error, ...: a bug
    return cli::report_error(cli::ErrorKind::Internal, e.what());
  } catch (...) {
    return cli::report_error(cli::ErrorKind::Internal, "unknown exception");
  }
  cli::stop_ticker();
  return cli::exit_code();
}
