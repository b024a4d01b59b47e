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

// How a run that did not complete ends. Input: bad input (exit 2); Cap: a cap or out of
// memory stopped it (exit 2); Internal: a bug, e.g. a logic_error (exit 3).
enum class ErrorKind { Input, Cap, Internal };
// The one place that reports an error reaching main: ends the progress line, prints one
// line on stderr ("cgtlab: error: ...", "cgtlab: stopped early: ...", "cgtlab: internal
// error: ..."; line breaks in the message are flattened) and returns the exit code.
int report_error(ErrorKind kind, const std::string& message);

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
