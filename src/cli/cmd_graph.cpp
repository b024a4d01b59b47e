#include "cli/commands.h"

namespace cgtlab::cli {

void add_graph_command(CLI::App& app) { (void)app; }

}  // namespace cgtlab::cli
