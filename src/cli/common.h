// What every subcommand shares: how arguments are read, how results and errors are printed
// (docs/json.md) and how runs end.
#pragma once
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/game.h"
#include "solve/limits.h"

namespace cgtlab::cli {

// Sets the process exit code a subcommand's callback wants (0 success, 1 a failed check).
// Errors are not reported this way: throw InputError or CapReached (exit 2).
void set_exit_code(int code);
int exit_code();

// ---- Arguments ----------------------------------------------------------------------------
// Installs the shared help formatter (a group's help lists each subcommand on one line) and the
// global options; call before adding subcommands.
void setup_app(CLI::App& app);
// After every subcommand is added: strict decimal integers for every integer option (no "", no
// 0x10, no 1e3).
void finish_app(CLI::App& app);
// Rewrites argv so that arguments read as users type them: a positional that starts with '-'
// ("-^", "-1") needs no "--", an option value that starts with '-' is joined ("--value=-1"), and
// an unknown subcommand is an InputError naming the closest ones. Records the command path and
// whether --json was asked for (so that errors, too, are JSON).
std::vector<std::string> prepare_args(CLI::App& app, int argc, char** argv);

// ---- Output -------------------------------------------------------------------------------
// The one JSON object of a run on stdout (docs/json.md): adds "command", "game" and "seconds"
// when the result does not set them. Invalid UTF-8 in echoed input is replaced, never thrown.
void print_json(nlohmann::json j);
bool json_mode();

// Errors (docs/json.md): the one line on stderr ("cgtlab: error: ..."), and with --json also
// {"error", "kind", "exit"} on stdout. Returns the exit code (input, cap: 2; internal: 3). What the
// message echoes is escaped: control characters and invalid UTF-8 as \n, \xNN.
enum class ErrorKind { Input, Cap, Internal };
int report_error(ErrorKind kind, const std::string& message);
std::string escape_text(std::string_view raw);

// Expressions as users type them: CGSuite's glyphs (↑ ↓ ⋆ ∗ ½ ...) become ASCII; any other
// non-ASCII character is an InputError.
std::string ascii_expression(std::string_view text);

// One way to print facts in text output: CGSuite's nimbers (0, *, *3) and one outcome phrase.
std::string nimber_text(std::uint64_t grundy);
std::string outcome_phrase(cgt::Outcome o);       // "N (the player to move wins)"
std::string outcome_phrase(const std::string& o);  // "L", "R", "N" or "P"

// ---- Output formats ------------------------------------------------------------------------
// Adds `--format F` (F one of `names`, the first the default) to a command; its `--json` flag
// stays, the same as `--format json`.
void add_format_option(CLI::App* cmd, std::string& format, const std::vector<std::string>& names);
// The format a run prints: "json" with --json (InputError if --format names another); else
// --format, which must be one of `names` (InputError otherwise).
std::string output_format(const std::string& format, bool json, const std::vector<std::string>& names);
// A value for a paper: $...$ around cgt::latex_value (a number: cgt::latex_number).
std::string latex_math(cgt::Game g);
std::string latex_math(const cgt::Dyadic& d);

// ---- Lists --------------------------------------------------------------------------------
// Adds `--limit N` (default 50; 0: no limit) to a command whose output lists moves or followers.
void add_limit_option(CLI::App* cmd, std::size_t& value, const char* what);
// Cuts a JSON array to the limit; records in j["truncated"][name] the full length when cut.
void limit_json_list(nlohmann::json& j, const std::string& name, std::size_t limit);
// The note printed after a cut text list: "... 8728 more (raise --limit; 0: all)".
std::string limit_note(std::size_t total, std::size_t shown);

// ---- Progress -----------------------------------------------------------------------------
// Progress lines go to stderr, and only when stderr is a terminal. Every run gets a ticker (time,
// positions stored, rate, memory) after its first second; a command's own progress line wins.
bool progress_enabled();
void progress(const std::string& line);  // rewrites the current stderr line
void progress_done();                    // ends the progress line, if any
void start_ticker();
void stop_ticker();                      // also ends the progress line
// Adds `--progress SECONDS` to a command (0.01 to 86400; absent: 0, the terminal's line only).
void add_progress_option(CLI::App* cmd, double& seconds);
// --progress: from now on the ticker writes a line every `seconds` on stderr, terminal or not,
// each newline-terminated: "2026-11-24T19:31:02Z cgtlab <command>: 12.3 s, <line()>, RSS 812 MiB".
// line() is called on the ticker's thread (it reads atomics; no lock held by the command).
void start_progress_log(double seconds, std::function<std::string()> line);
std::uint64_t resident_mib();  // the process's resident set (/proc/self/statm)
// The process's user CPU seconds, all threads (getrusage: the figure `/usr/bin/time` prints as
// user), and its peak resident set in MiB; long runs report both themselves, so the figures
// survive a killed wrapper.
double cpu_seconds();
std::uint64_t peak_rss_mib();

// How far a stopped run got: a command whose search can be stopped registers a report while it
// runs, returning {"text": words, "fields": {...}} (or null: nothing to say). Every cap error then
// adds the fields to its JSON error object, and the memory watchdog's line (which the command
// never sees) also gets the text.
void set_stop_report(std::function<nlohmann::json()> report);

// Adds `--max-positions N` (0 = no cap) to a command.
void add_max_positions_option(CLI::App* cmd, std::uint64_t& value);

// Adds the global `--max-memory MIB` option (default 6144: well under this machine's share) and
// `--save-line MIB` (default 31/32 of it; 0: none), the resident memory at which a stoppable
// search stops cleanly (StopScope) instead of meeting the cap, which ends the process unsaved.
void add_max_memory_option(CLI::App& app);

// While one lives, Ctrl-C and kill (SIGTERM, as `timeout` sends) set stop_flag() instead of ending
// the process, and so does the memory watchdog when the resident memory passes --save-line: the
// search (given the flag as its interrupt) stops, says how far it got and saves what it keeps (a
// nimber search's --table), where --max-memory itself, the backstop, ends the process at once and
// unsaved. A table's doublings peak at 15/16 of --max-memory by design (search_table_bytes), so the
// default line, 31/32, is passed only by what the tables' estimates miss: in the forty-second
// pass the cap ended Node-Kayles 3x67 twice, 15 minutes of search after its last checkpoint
// (docs/PERFORMANCE.md). At the scope's end the handlers are restored and the progress line ends.
class StopScope {
 public:
  StopScope();
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  void (*int_)(int);
  void (*term_)(int);
};
const std::atomic<bool>* stop_flag();
// What set the flag, in the words of a stop's message: "interrupted" (a signal), or "stopped at
// the memory save line (resident N MiB passed --save-line L MiB)".
std::string stop_cause();
// The limits of a search: --max-positions of the command, --max-memory of the run.
solve::SearchLimits search_limits(std::uint64_t max_positions);
// A search's table bound in bytes: --table-mib, but at most three quarters of --max-memory,
// so the tables (a nimber search keeps a quarter of it for refutations) and the rest of the
// process (a table being loaded, stacks, the graph) stay under the cap. A bound equal to the
// cap stopped a resumed Cram 6x9 run at the cap while it loaded its 71 M-entry table. A bound
// the user gave (`given`: --table-mib on the command line) above that is an InputError, not
// silently lowered: a record run asked --table-mib 18432 under --max-memory 21846 and got 16384,
// so that its --refutation-mib 14336 left the nimbers half the memory they had held (the loaded
// table lost a quarter of its entries). The default (1024) is lowered quietly.
std::uint64_t search_table_bytes(std::uint64_t table_mib, bool given);
// Adds --table-mib to cmd (the bound of search_table_bytes); `given` is set when it is used.
void add_table_mib_option(CLI::App* cmd, std::uint64_t& table_mib, bool& given, const std::string& what);

}  // namespace cgtlab::cli
