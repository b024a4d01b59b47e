// cgtlab: exact combinatorial game theory on graphs. Parses flags, calls the library,
// prints text or JSON. Bad input: one line on stderr and exit code 2.
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "cli/common.h"
#include "util/error.h"

int main(int argc, char** argv) {
  using namespace cgtlab;
  CLI::App app{"cgtlab: exact combinatorial game theory on graphs", "cgtlab"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "cgtlab 0.1.0");
  app.fallthrough();  // global options may follow the subcommand
  cli::add_max_memory_option(app);
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
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    cli::progress_done();
    std::cerr << "cgtlab: error: " << e.what() << '\n';
    return 2;
  } catch (const InputError& e) {
    cli::progress_done();
    std::cerr << "cgtlab: error: " << e.what() << '\n';
    return 2;
  } catch (const CapReached& e) {
    cli::progress_done();
    std::cerr << "cgtlab: stopped early: " << e.what() << '\n';
    return 2;
  } catch (const std::bad_alloc&) {
    cli::progress_done();
    std::cerr << "cgtlab: stopped early: out of memory\n";
    return 2;
  } catch (const std::exception& e) {  // a bug: exit 3, never an abort
    cli::progress_done();
    std::cerr << "cgtlab: internal error: " << e.what() << '\n';
    return 3;
  }
  cli::progress_done();
  return cli::exit_code();
}
