// What every subcommand shares: how results are printed and how runs end.
#pragma once
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "solve/limits.h"

namespace cgtlab::cli {

// Sets the process exit code a subcommand's callback wants (0 success, 1 a failed check).
// Errors are not reported this way: throw InputError or CapReached (exit 2).
void set_exit_code(int code);
int exit_code();

// One JSON object on stdout, followed by a newline.
void print_json(const nlohmann::json& j);

// Progress lines go to stderr, and only when stderr is a terminal.
bool progress_enabled();
void progress(const std::string& line);  // rewrites the current stderr line
void progress_done();                    // ends the progress line, if any

// Adds `--max-positions N` (0 = no cap) to a command.
void add_max_positions_option(CLI::App* cmd, std::uint64_t& value);

// Adds the global `--max-memory MIB` option (default 6144: well under this machine's share).
void add_max_memory_option(CLI::App& app);
// The limits of a search: --max-positions of the command, --max-memory of the run.
solve::SearchLimits search_limits(std::uint64_t max_positions);

}  // namespace cgtlab::cli
