#include "cli/commands.h"

namespace cgtlab::cli {

void add_kayles_commands(CLI::App& app) { (void)app; }

}  // namespace cgtlab::cli
