#include "cli/commands.h"

namespace cgtlab::cli {

void add_coins_command(CLI::App& app) { (void)app; }

}  // namespace cgtlab::cli
