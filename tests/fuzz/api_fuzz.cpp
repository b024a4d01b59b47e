// Fuzzes the explorer server's JSON API without sockets (server/api.h): the bytes are a request
// body, parsed as `cgtlab serve` parses it, and turned into a child's argv by build_argv for a
// small catalogue with every kind of key (flag, option, several values, output file, positionals);
// the same bytes are also the stdout and stderr of a child whose ending response_for maps to HTTP.
// Properties: a refused body is an ApiError 400; an accepted one gives an argv of the shape the
// server promises (the memory cap within the server's, the command words, --json, options as
// --name=value of the command's own names, each at most once unless it takes several values,
// then "--" and the positionals; no NUL); every response is a JSON object (an error object unless
// 200) that serialises as the server sends it.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fuzz.h"
#include "server/api.h"

namespace {

using cgtlab::server::ArgSpec;
using cgtlab::server::CommandSpec;
using K = ArgSpec::Kind;

ArgSpec arg(K kind, const std::string& cli_name, bool multiple = false, bool required = false, bool output = false) {
  ArgSpec a;
  a.kind = kind;
  a.cli_name = cli_name;
  a.name = cli_name;
  std::replace(a.name.begin(), a.name.end(), '-', '_');
  a.multiple = multiple;
  a.required = required;
  a.output_file = output;
  return a;
}

CommandSpec command(const std::string& path, std::vector<ArgSpec> args) {
  CommandSpec c;
  c.path = path;
  for (std::size_t i = 0, j = 0; i <= path.size(); ++i)
    if (i == path.size() || path[i] == '/') c.words.push_back(path.substr(j, i - j)), j = i + 1;
  c.args = std::move(args);
  return c;
}

// The shapes of the real catalogue (cmd_serve.cpp reads it from the CLI).
const std::vector<CommandSpec>& catalogue() {
  static const std::vector<CommandSpec> c = {
      command("blocking/value", {arg(K::Option, "graph", false, true), arg(K::Option, "pebbles"),
                                 arg(K::Option, "max-positions"), arg(K::Flag, "analyze")}),
      command("coins/value", {arg(K::Positional, "strings", true, true)}),
      command("compare", {arg(K::Positional, "G", false, true), arg(K::Positional, "H", false, true)}),
      command("analyze", {arg(K::Option, "thermograph-svg", false, false, true), arg(K::Positional, "expr", false, true)}),
      command("rooks/value", {arg(K::Option, "board"), arg(K::Option, "holes", true), arg(K::Flag, "markdown")}),
  };
  return c;
}

constexpr unsigned kCap = 512;

void check_argv(const CommandSpec& cmd, const cgtlab::server::BuiltArgv& b, const std::string& body) {
  using cgtlab::fuzz::check;
  const auto& v = b.argv;
  check(v.size() >= 4 + cmd.words.size(), "argv too short", body);
  check(v[0] == "cgtlab" && v[1] == "--max-memory", "argv does not start with cgtlab --max-memory", body);
  check(!v[2].empty() && v[2].size() <= 10 && v[2].find_first_not_of("0123456789") == std::string::npos,
        "memory cap not a decimal", body);
  const unsigned long memory = std::stoul(v[2]);
  check(memory >= 1 && memory <= kCap, "memory cap outside 1..the server's", body);
  std::size_t i = 3;
  for (const auto& w : cmd.words) check(v[i++] == w, "command words", body);
  check(v[i++] == "--json", "--json missing", body);
  std::vector<int> seen(cmd.args.size(), 0);
  for (; i < v.size() && v[i] != "--"; ++i) {
    const std::string& o = v[i];
    check(o.rfind("--", 0) == 0, "an option without --", body);
    const std::size_t eq = o.find('=');
    const std::string name = o.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    std::size_t k = 0;
    while (k < cmd.args.size() && !(cmd.args[k].kind != K::Positional && cmd.args[k].cli_name == name)) ++k;
    check(k < cmd.args.size(), "an option the command does not have", body);
    // A flag never has a value. An option has one, or is bare when the body gave it true: the API
    // passes `true` on as `--name` for CLI11's boolean options (server/api.cpp), and the command
    // refuses a bare option that needs a value with exit 2, a 400 (found at execution 329 894 of the
    // fifth round: {"board":true}; the check was stricter than the API's rule).
    check(cmd.args[k].kind != K::Flag || eq == std::string::npos, "a flag with a value", body);
    check(++seen[k] == 1 || cmd.args[k].multiple, "a single-valued option given twice", body);
    if (cmd.args[k].output_file) {
      bool listed = false;
      for (const auto& f : b.outputs) listed = listed || o.substr(eq + 1) == f.path;
      check(listed, "an output file the response would not return", body);
    }
  }
  if (i < v.size()) {
    std::size_t positionals = 0, multiple = 0;
    for (const auto& a : cmd.args) positionals += a.kind == K::Positional, multiple += a.kind == K::Positional && a.multiple;
    check(v.size() - i - 1 >= 1, "-- without positionals", body);
    check(multiple > 0 || v.size() - i - 1 <= positionals, "more positionals than the command takes", body);
  }
  for (const auto& s : v) check(s.find('\0') == std::string::npos, "a NUL inside an argument", body);
}

// What the server sends: the response body as text (server.cpp send_json).
void check_response(int status, const nlohmann::json& j, const std::string& body) {
  using cgtlab::fuzz::check;
  check(status == 200 || status == 400 || status == 422 || status == 500, "an HTTP status outside the API's", body);
  check(j.is_object(), "a response that is not a JSON object", body);
  if (status != 200) {
    check(j.contains("error") && j["error"].is_string() && j.contains("kind") && j["kind"].is_string() &&
              j.contains("exit") && j["exit"].is_number_integer(),
          "an error response without error, kind and exit", body);
    const std::string kind = j["kind"].get<std::string>();
    check((kind == "input" && status == 400) || (kind == "cap" && status == 422) ||
              (kind == "internal" && status == 500),
          "an error kind that is not the status's", body);
    check(j["exit"] == (kind == "internal" ? 3 : 2), "an error exit code that is not its kind's", body);
  } else {
    check(!j.contains("error"), "a 200 response with an error", body);
  }
  (void)cgtlab::server::response_text(j);  // what server.cpp sends: must not throw
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab::server;
  if (size > 4096) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  // As server.cpp: an empty body is {}, anything not JSON is a 400 before build_argv.
  nlohmann::json body = text.empty() ? nlohmann::json::object() : nlohmann::json::parse(text, nullptr, false);
  if (!body.is_discarded()) {
    for (const auto& cmd : catalogue()) {
      try {
        auto b = build_argv(cmd, body, {kCap}, [](const std::string& key) { return "/tmp/cgtlab-fuzz/" + key; });
        check_argv(cmd, b, text);
      } catch (const ApiError& e) {
        cgtlab::fuzz::check(e.status == 400 && e.kind == "input" && !e.message.empty(), "not a 400 input error", text);
        check_response(e.status, error_json(e), text);
      }
    }
  }
  // The same bytes as what a child printed, for each way it can end.
  for (int exit_code : {0, 1, 2, 3, -1}) {
    ChildEnding e;
    e.exit_code = exit_code;
    e.out = text;
    e.err = text;
    e.time_limit_seconds = 2.5;
    auto [status, j] = response_for(e);
    check_response(status, j, text);
  }
  return 0;
}
