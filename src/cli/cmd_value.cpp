#include "cli/commands.h"

namespace cgtlab::cli {

void add_value_commands(CLI::App& app) { (void)app; }

}  // namespace cgtlab::cli
