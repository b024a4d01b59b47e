#include "server/api.h"

#include <algorithm>
#include <csignal>
#include <cstring>
#include <string_view>

#include <fmt/core.h>

namespace cgtlab::server {

namespace {

ApiError bad(const std::string& message) { return ApiError{400, "input", message}; }

std::string key_list(const CommandSpec& cmd) {
  std::string s;
  for (const auto& a : cmd.args) s += (s.empty() ? "" : ", ") + a.name;
  return s.empty() ? "none" : s;
}

std::string command_words(const CommandSpec& cmd) {
  std::string s;
  for (const auto& w : cmd.words) s += (s.empty() ? "" : " ") + w;
  return s;
}

// A JSON scalar as one command-line word: strings as they are, integers in decimal.
std::string scalar(const nlohmann::json& v, const std::string& key) {
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (s.find('\0') != std::string::npos) throw bad("'" + key + "' holds a NUL character");
    return s;
  }
  if (v.is_number_integer()) return v.dump();
  if (v.is_number_float())
    throw bad("'" + key + "' must be an integer or a string (write fractions and values as strings, e.g. \"1/2\")");
  throw bad("'" + key + "' must be a string or an integer, not " + std::string(v.type_name()));
}

std::vector<std::string> values_of(const nlohmann::json& v, const ArgSpec& a) {
  std::vector<std::string> out;
  if (v.is_array()) {
    if (!a.multiple) throw bad("'" + a.name + "' takes one value, not an array");
    for (const auto& e : v) out.push_back(scalar(e, a.name));
  } else {
    out.push_back(scalar(v, a.name));
  }
  return out;
}

std::string normalise_key(std::string k) {
  for (char& c : k)
    if (c == '-') c = '_';
  return k;
}

}  // namespace

const CommandSpec* find_command(const std::vector<CommandSpec>& catalogue, const std::string& path) {
  for (const auto& c : catalogue)
    if (c.path == path) return &c;
  return nullptr;
}

BuiltArgv build_argv(const CommandSpec& cmd, const nlohmann::json& body, const RequestCaps& caps,
                     const std::function<std::string(const std::string&)>& make_temp_path) {
  if (!body.is_object()) throw bad("the request body must be a JSON object of the command's flags and arguments");
  BuiltArgv b;
  unsigned memory = caps.max_memory_mib;
  std::vector<std::string> options;
  std::vector<std::pair<const ArgSpec*, const nlohmann::json*>> positionals;
  for (const auto& [raw_key, v] : body.items()) {
    const std::string key = normalise_key(raw_key);
    if (key == "json") {
      if (v != true) throw bad("'json' is always true over HTTP");
      continue;
    }
    if (key == "format" && v.is_string() && v.get_ref<const std::string&>() != "json") {
      // Another output than JSON (LaTeX, Markdown, the text): the command's own --format, which
      // says when it does not have that one; a command without --format has no key "format".
      if (std::none_of(cmd.args.begin(), cmd.args.end(), [](const ArgSpec& a) { return a.name == "format"; }))
        throw bad("unknown key '" + raw_key + "' for '" + command_words(cmd) + "' (it takes: " + key_list(cmd) + ")");
      b.text_format = scalar(v, key);
      if (b.text_format.empty()) throw bad("'format' must name a format (json, text, latex, ...)");
      options.push_back("--format=" + b.text_format);
      continue;
    }
    if (key == "format" && v == "json") continue;  // what the API returns anyway
    if (key == "max_memory") {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0 || v.get<std::uint64_t>() > caps.max_memory_mib)
        throw bad("'max_memory' must be an integer from 1 to " + std::to_string(caps.max_memory_mib) +
                  " (the server's per-request cap in MiB)");
      memory = v.get<unsigned>();
      continue;
    }
    const ArgSpec* spec = nullptr;
    for (const auto& a : cmd.args)
      if (a.name == key) spec = &a;
    if (spec == nullptr)
      throw bad("unknown key '" + raw_key + "' for '" + command_words(cmd) + "' (it takes: " + key_list(cmd) + ")");
    if (v.is_null()) continue;
    switch (spec->kind) {
      case ArgSpec::Kind::Flag:
        if (!v.is_boolean()) throw bad("'" + key + "' is a flag: true or false");
        if (v == true) options.push_back("--" + spec->cli_name);
        break;
      case ArgSpec::Kind::Option:
        if (spec->output_file) {
          // true, or the file's extension when the command chooses the format by it ("svg").
          bool is_extension = v.is_string() && !v.get_ref<const std::string&>().empty() &&
                              v.get_ref<const std::string&>().size() <= 8 &&
                              v.get_ref<const std::string&>().find_first_not_of("abcdefghijklmnopqrstuvwxyz") ==
                                  std::string::npos;
          if (!v.is_boolean() && !is_extension)
            throw bad(fmt::format("'{0}' names an output file: over HTTP pass true (or its extension, e.g. \"svg\"), "
                                  "and its content comes back under '{0}'",
                                  key));
          if (v != false) {
            std::string path = make_temp_path(is_extension ? key + "." + v.get<std::string>() : key);
            b.outputs.push_back({key, path});
            options.push_back("--" + spec->cli_name + "=" + path);
          }
          break;
        }
        if (v.is_boolean()) {  // a flag CLI11 does not report as one (a bool flag): true adds it
          if (v == true) options.push_back("--" + spec->cli_name);
          break;
        }
        for (const auto& s : values_of(v, *spec)) options.push_back("--" + spec->cli_name + "=" + s);
        break;
      case ArgSpec::Kind::Positional:
        positionals.emplace_back(spec, &v);
        break;
    }
  }
  b.argv = {"cgtlab", "--max-memory", std::to_string(memory)};
  for (const auto& w : cmd.words) b.argv.push_back(w);
  if (b.text_format.empty()) b.argv.push_back("--json");
  b.argv.insert(b.argv.end(), options.begin(), options.end());
  // Positionals in the command's order; one given after a missing one would shift into its place.
  std::vector<std::string> tail;
  bool missing = false;
  std::string missing_name;
  for (const auto& a : cmd.args) {
    if (a.kind != ArgSpec::Kind::Positional) continue;
    const nlohmann::json* v = nullptr;
    for (const auto& [s, j] : positionals)
      if (s == &a) v = j;
    if (v == nullptr) {
      if (!missing) missing_name = a.name;
      missing = true;
      continue;
    }
    if (missing) throw bad("'" + a.name + "' is given but '" + missing_name + "' before it is not");
    for (const auto& s : values_of(*v, a)) tail.push_back(s);
  }
  if (!tail.empty()) {
    b.argv.push_back("--");  // what follows is positional, even "-1"
    b.argv.insert(b.argv.end(), tail.begin(), tail.end());
  }
  return b;
}

int status_for_kind(const std::string& kind) {
  if (kind == "input") return 400;
  if (kind == "cap") return 422;
  return 500;
}

std::string response_text(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

nlohmann::json error_json(const ApiError& e) {
  return {{"error", e.message}, {"kind", e.kind}, {"exit", e.kind == "internal" ? 3 : 2}};
}

std::pair<int, nlohmann::json> response_for(const ChildEnding& e) {
  auto err = [](int status, const std::string& kind, const std::string& message) {
    return std::pair<int, nlohmann::json>{status, error_json({status, kind, message})};
  };
  if (e.timed_out) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g", e.time_limit_seconds);
    return err(422, "cap", std::string("time limit of ") + buf + " s reached (the server's per-request cap)");
  }
  if (e.output_overflow) return err(422, "cap", "the command's output exceeded the server's cap");
  if (e.signal != 0)
    return err(500, "internal", std::string("the command was ended by signal ") + std::to_string(e.signal) + " (" +
                                    strsignal(e.signal) + ")");
  nlohmann::json out = nlohmann::json::parse(e.out, nullptr, /*allow_exceptions=*/false);
  if ((e.exit_code == 0 || e.exit_code == 1) && !e.text_format.empty())
    return {200, nlohmann::json{{"format", e.text_format}, {"output", e.out}}};
  if (e.exit_code == 0 || e.exit_code == 1) {
    if (out.is_object() && !out.contains("error")) return {200, out};
    return err(500, "internal", "the command printed no JSON object");
  }
  // The child's own error object (common.cpp emit_error) is passed on only as cgtlab prints it: a
  // string error, a kind of the API's and the exit code that kind has, the one the child ended with.
  // An object with "error" that is not of that shape is a malformed answer: an internal error.
  if (out.is_object() && out.contains("error")) {
    const auto kind = out.find("kind");
    const auto exit = out.find("exit");
    const bool known_kind = kind != out.end() && kind->is_string() &&
                            (*kind == "input" || *kind == "cap" || *kind == "internal");
    if (out["error"].is_string() && known_kind && exit != out.end() && exit->is_number_integer() &&
        *exit == e.exit_code && e.exit_code == (*kind == "internal" ? 3 : 2))
      return {status_for_kind(kind->get<std::string>()), out};
    return err(500, "internal",
               "the command printed a malformed error object (exit code " + std::to_string(e.exit_code) + ")");
  }
  // The one stderr line: "cgtlab: error: ...", "cgtlab: stopped early: ...", "cgtlab: internal error: ...".
  // Its prefix names the kind only where it agrees with the exit code (2: input or cap, 3: internal);
  // a line that contradicts its exit code is a malformed answer, an internal error. The error object's
  // "exit" is always its kind's (error_json), so kind and exit never disagree.
  std::string line = e.err.substr(0, e.err.find('\n'));
  std::string kind = e.exit_code == 2 ? "input" : "internal";
  for (auto [prefix, k] : {std::pair<const char*, const char*>{"cgtlab: error: ", "input"},
                           {"cgtlab: stopped early: ", "cap"},
                           {"cgtlab: internal error: ", "internal"}}) {
    if (line.rfind(prefix, 0) != 0) continue;
    line = line.substr(std::strlen(prefix));
    const bool agrees = (std::string_view(k) == "internal" ? 3 : 2) == e.exit_code;
    kind = agrees ? k : "internal";
    if (!agrees) line = fmt::format("the command's message does not match its exit code {}: {}", e.exit_code, line);
  }
  if (e.exit_code != 2 && e.exit_code != 3) kind = "internal";
  if (line.empty()) line = "the command ended with exit code " + std::to_string(e.exit_code);
  return err(status_for_kind(kind), kind, line);
}

nlohmann::json catalogue_json(const std::vector<CommandSpec>& catalogue) {
  nlohmann::json cmds = nlohmann::json::array();
  for (const auto& c : catalogue) {
    nlohmann::json args = nlohmann::json::array();
    for (const auto& a : c.args) {
      nlohmann::json j = {{"name", a.name},
                          {"kind", a.kind == ArgSpec::Kind::Flag     ? "flag"
                                   : a.kind == ArgSpec::Kind::Option ? "option"
                                                                     : "positional"},
                          {"description", a.description}};
      if (a.multiple) j["multiple"] = true;
      if (a.required) j["required"] = true;
      if (a.output_file) j["output_file"] = true;
      args.push_back(j);
    }
    cmds.push_back({{"path", c.path}, {"description", c.description}, {"args", args}});
  }
  return {{"commands", cmds}};
}

}  // namespace cgtlab::server
