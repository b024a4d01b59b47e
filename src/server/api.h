// The JSON API mirrors the CLI: POST /api/<command path> with a JSON object whose keys are the
// command's long flags without the dashes ('-' as '_') and its positional arguments by their
// help names. This file turns such a request into the argv of the same command (run by the
// server in a child process) and the child's ending into an HTTP status and a JSON body.
// No HTTP library here: the mapping is plain functions, tested on their own.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cgtlab::server {

// One argument a command takes, as the CLI declares it.
struct ArgSpec {
  enum class Kind { Flag, Option, Positional };
  Kind kind = Kind::Option;
  std::string name;         // the JSON key: long flag without dashes, '-' -> '_'; or the positional's name
  std::string cli_name;     // the long flag as the CLI spells it (without dashes), or the positional's name
  bool multiple = false;    // takes several values (a JSON array)
  bool required = false;
  bool output_file = false; // names a file the command writes: over HTTP, true returns its content inline
  std::string description;
};

struct CommandSpec {
  std::string path;                // "blocking/value", "value"
  std::vector<std::string> words;  // {"blocking", "value"}
  std::string description;
  std::vector<ArgSpec> args;       // options and flags, then positionals in their order
};

// Per-request settings fixed by `cgtlab serve`.
struct RequestCaps {
  unsigned max_memory_mib = 512;  // passed to the child as --max-memory (a request may ask for less)
};

// An error the server reports itself (before or instead of running a command).
struct ApiError {
  int status;           // HTTP status
  std::string kind;     // "input", "cap", "internal"
  std::string message;
};

// The command at `path` (the URL after /api/), or nullptr. Only a path made of the catalogue's
// words matches: no dots, no empty segments, no percent tricks survive this.
const CommandSpec* find_command(const std::vector<CommandSpec>& catalogue, const std::string& path);

// One output file a request asked for: the child writes it to `path` (a private temporary
// file of the server), and the response carries its content under `key`.
struct OutputFile {
  std::string key;
  std::string path;
};

// The child's argv (argv[0] is "cgtlab"): global --max-memory, the command words, --json (unless
// the body asks for another output with "format": then --format=F and text_format = F),
// every option as --name=value (so no value is ever read as a flag), then "--" and the
// positionals. Output-file options set to true get a path from `make_temp_path(key)`; set to
// an extension ("svg": the command picks the format by the name) from `make_temp_path(key.svg)`.
// Throws ApiError (status 400) on an unknown key, a wrong JSON type, a missing required
// positional, a non-integer number, or a refused option.
struct BuiltArgv {
  std::vector<std::string> argv;
  std::vector<OutputFile> outputs;
  std::string text_format = {};  // "latex", "markdown", "text", "csv": the command prints text, not JSON
};
BuiltArgv build_argv(const CommandSpec& cmd, const nlohmann::json& body, const RequestCaps& caps,
                     const std::function<std::string(const std::string&)>& make_temp_path);

// How the child ended, as the HTTP response: status and the JSON body. A result (exit 0 or 1)
// is the command's JSON, unchanged, with 200 (with a text_format: {"format": F, "output": its
// stdout}); an error is the error object
// {"error", "kind", "exit", ...} with 400 (input), 422 (cap, a timeout, too much output) or
// 500 (internal, a crash). When the child printed its own error object it is passed on if it has
// cgtlab's shape (a string error, kind input/cap/internal, an integer exit equal to the child's exit
// code and to its kind's); an object with "error" of any other shape is a 500 internal error.
struct ChildEnding {
  int exit_code = -1;
  int signal = 0;
  bool timed_out = false;
  bool output_overflow = false;
  std::string out, err;
  double time_limit_seconds = 0;
  std::string text_format = {};  // BuiltArgv::text_format: out is text, not JSON
};
std::pair<int, nlohmann::json> response_for(const ChildEnding& e);

// The response body as sent: the JSON text and a newline. A child's stderr line is echoed into
// the error object as it is, and may hold bytes that are not UTF-8: they become U+FFFD instead of
// a throw (which would leave the request without a JSON answer).
std::string response_text(const nlohmann::json& j);

// The error object for an ApiError.
nlohmann::json error_json(const ApiError& e);
int status_for_kind(const std::string& kind);

// The catalogue as JSON (GET /api): every command with its keys.
nlohmann::json catalogue_json(const std::vector<CommandSpec>& catalogue);

}  // namespace cgtlab::server
