// cgtlab serve: the explorer page and the JSON API over HTTP (src/server/). The API's
// catalogue is read from this very CLI: every command, its long flags and its positionals,
// so the API mirrors the CLI exactly and a new command or flag appears in both at once.
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/common.h"
#include "server/server.h"

namespace cgtlab::cli {

namespace {

// Not served: the server itself, and the commands that read or write files the caller names.
bool served(const std::string& path) {
  return path != "serve" && path.rfind("store", 0) != 0 && path.rfind("sweep", 0) != 0;
}
// Options that read or write a file of the caller's choosing are refused, except the output
// pictures, which the server writes to a private temporary file and returns inline.
bool refused_option(const std::string& name) { return name == "store" || name == "table" || name == "threads"; }
bool output_file_option(const std::string& name) {
  return name == "thermograph-svg" || name == "output" || name == "svg-file";
}

void collect(const CLI::App* app, const std::vector<std::string>& words, std::vector<server::CommandSpec>& out) {
  auto subs = app->get_subcommands([](const CLI::App*) { return true; });
  if (!words.empty() && subs.empty()) {
    server::CommandSpec c;
    c.words = words;
    for (const auto& w : words) c.path += (c.path.empty() ? "" : "/") + w;
    if (!served(c.path)) return;
    c.description = app->get_description();
    std::vector<server::ArgSpec> positionals;
    for (const CLI::Option* opt : app->get_options()) {
      server::ArgSpec a;
      a.description = opt->get_description();
      a.required = opt->get_required();
      a.multiple = opt->get_items_expected_max() > 1;
      if (opt->get_positional() && opt->get_lnames().empty()) {
        a.kind = server::ArgSpec::Kind::Positional;
        a.name = a.cli_name = opt->get_name(true);
        positionals.push_back(a);
        continue;
      }
      if (opt->get_lnames().empty()) continue;  // short-only: not part of the API
      a.cli_name = opt->get_lnames().front();
      if (a.cli_name == "help" || a.cli_name == "json" || refused_option(a.cli_name)) continue;
      a.name = a.cli_name;
      for (char& ch : a.name)
        if (ch == '-') ch = '_';
      a.kind = opt->get_type_size_max() == 0 ? server::ArgSpec::Kind::Flag : server::ArgSpec::Kind::Option;
      a.output_file = output_file_option(a.cli_name);
      c.args.push_back(a);
    }
    c.args.insert(c.args.end(), positionals.begin(), positionals.end());
    out.push_back(std::move(c));
    return;
  }
  for (const CLI::App* s : subs) {
    auto w = words;
    w.push_back(s->get_name());
    collect(s, w, out);
  }
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto o = std::make_shared<server::ServeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "The explorer page and the JSON API over HTTP, bound to 127.0.0.1 unless --host says otherwise.\n"
      "Open http://127.0.0.1:8080/ in a browser. The API mirrors the CLI: POST /api/<command path> with a JSON "
      "object of the command's long flags (without dashes, '-' as '_') and positional arguments by their help "
      "names returns what the command prints with --json, e.g.\n"
      "  curl -d '{\"graph\":\"T3\",\"pebbles\":\"2=1/4/0\"}' http://127.0.0.1:8080/api/blocking/value\n"
      "Errors: the error object {\"error\",\"kind\",\"exit\"} with HTTP 400 (input), 422 (a cap), 500 (internal). "
      "Each request runs the command in its own process under --request-memory and --request-seconds. "
      "GET /api lists the commands and their keys (docs/explorer.md).");
  cmd->add_option("--host", o->host, "address to listen on (0.0.0.0: every interface; think before you do)")
      ->capture_default_str();
  cmd->add_option("--port", o->port, "TCP port (0: any free port; the address is printed)")
      ->capture_default_str()
      ->check(CLI::Range(0, 65535));
  cmd->add_option("--request-memory", o->max_memory_mib, "memory cap of each request in MiB (its --max-memory)")
      ->capture_default_str()
      ->check(CLI::Range(16u, 1u << 20));
  cmd->add_option("--request-seconds", o->time_limit_seconds, "wall-clock cap of each request; then it is stopped")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--max-body", o->max_body_bytes, "largest request body in bytes (larger: HTTP 413)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{256}, std::size_t{1} << 20));
  cmd->add_option("--jobs", o->jobs, "requests computed at once (0: one per core); the others wait")
      ->capture_default_str()
      ->check(CLI::Range(0u, 256u));
  cmd->add_option("--threads", o->threads, "HTTP worker threads (connections served at once)")
      ->capture_default_str()
      ->check(CLI::Range(2u, 1024u));
  cmd->add_option("--web-dir", o->web_dir, "read the page's files (web/) from this directory instead of the "
                  "built-in copy: for developing the page without rebuilding");
  cmd->add_flag("--quiet", [o](std::int64_t) { o->log = false; }, "no log line per API request");
  cmd->callback([o, &app] {
    std::vector<server::CommandSpec> catalogue;
    collect(&app, {}, catalogue);
    set_exit_code(server::serve(*o, std::move(catalogue)));
  });
}

}  // namespace cgtlab::cli
