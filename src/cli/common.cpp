#include "cli/common.h"

#include <fmt/core.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

#include "cgt/game.h"
#include "cgt/latex.h"
#include "util/error.h"
#include "util/memory_line.h"

namespace cgtlab::cli {

namespace {
int g_exit_code = 0;
std::uint64_t g_max_memory_mib = 6144;
bool g_json_mode = false;
bool g_json_printed = false;
std::string g_command;  // "coins value"
const auto g_started = std::chrono::steady_clock::now();

double seconds_elapsed() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - g_started).count();
}

// The game a command is about; null for commands about no single game.
nlohmann::json game_of(const std::string& command) {
  const std::string first = command.substr(0, command.find(' '));
  for (const char* g : {"wak", "arckayles", "nodekayles", "rooks", "coins", "blocking", "pebbling"})
    if (first == g) return first;
  return nullptr;
}

// ---- help ----
// A group's help lists each subcommand with the first sentence of its description.
class Formatter : public CLI::Formatter {
 public:
  std::string make_subcommand(const CLI::App* sub) const override {
    std::string d = sub->get_description();
    size_t end = d.find('\n');
    for (size_t i = 0; i + 1 < d.size() && i < end; ++i)
      if (d[i] == '.' && d[i + 1] == ' ') {
        end = i + 1;
        break;
      }
    if (end != std::string::npos) d.resize(end);
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_display_name(), d, column_width_);
    return out.str();
  }
};

bool is_help(const std::string& a) { return a == "-h" || a == "--help"; }

const CLI::Option* find_option(const CLI::App* app, const std::string& name) {
  for (const CLI::App* a = app; a != nullptr; a = a->get_parent()) {
    for (const CLI::Option* o : a->get_options())
      if (o->nonpositional() && o->check_name(name)) return o;
  }
  return nullptr;
}

CLI::App* find_subcommand(CLI::App* app, const std::string& name) {
  for (CLI::App* s : app->get_subcommands({}))
    if (s->check_name(name)) return s;
  return nullptr;
}

bool has_positionals(const CLI::App* app) {
  return !app->get_options([](const CLI::Option* o) { return o->get_positional(); }).empty();
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string path_of(const CLI::App* app) {
  std::string p;
  for (const CLI::App* a = app; a != nullptr; a = a->get_parent()) {
    if (!p.empty()) p.insert(p.begin(), ' ');
    p.insert(0, a->get_name());
  }
  return p;
}

[[noreturn]] void unknown_subcommand(CLI::App* app, const std::string& word) {
  std::vector<std::string> names;
  for (CLI::App* s : app->get_subcommands({})) names.push_back(s->get_name());
  std::size_t best = SIZE_MAX;
  for (const auto& n : names) best = std::min(best, edit_distance(word, n));
  std::vector<std::string> close;
  for (const auto& n : names)
    if (edit_distance(word, n) == best && best <= std::max<std::size_t>(2, word.size() / 3)) close.push_back(n);
  std::string list;
  for (const auto& n : (close.empty() ? names : close)) list += (list.empty() ? "'" : ", '") + n + "'";
  const std::string where = path_of(app);
  if (word.empty())
    throw InputError("'" + where + "' needs a command: " + list + " (see '" + where + " --help')");
  throw InputError("unknown command '" + word + "' for '" + where + "'; " +
                   (close.empty() ? "the commands are " : "did you mean ") + list + (close.empty() ? "" : "?") +
                   " (see '" + where + " --help')");
}

// ---- progress ----
std::mutex g_progress_mutex;
bool g_progress_line_open = false;
double g_command_progress_at = -10;  // when the command last printed its own progress line
std::thread g_ticker;
std::condition_variable g_ticker_cv;
bool g_ticker_stop = false;

double g_log_every = 0;  // --progress: seconds between the ticker's log lines (0: the terminal's line)
std::function<std::string()> g_log_line;
std::function<nlohmann::json()> g_stop_report;

void write_progress_line(const std::string& line) {
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  g_progress_line_open = true;
}

}  // namespace

std::uint64_t resident_mib() { return util::resident_bytes() >> 20; }

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) / 1e6;
}

std::uint64_t peak_rss_mib() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::uint64_t>(u.ru_maxrss) >> 10;  // Linux: KiB
}

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

// ---- arguments ----

void setup_app(CLI::App& app) {
  app.formatter(std::make_shared<Formatter>());
  add_max_memory_option(app);
}

void finish_app(CLI::App& app) {
  const CLI::Validator strict(
      [](std::string& s) -> std::string {
        std::string_view v = s;
        if (!v.empty() && v[0] == '-') v.remove_prefix(1);
        if (v.empty() || !std::all_of(v.begin(), v.end(), [](unsigned char c) { return std::isdigit(c); }))
          return "expected a decimal integer, got '" + escape_text(s) + "'";
        return "";
      },
      "", "strict integer");
  std::vector<CLI::App*> todo{&app};
  while (!todo.empty()) {
    CLI::App* a = todo.back();
    todo.pop_back();
    for (CLI::App* s : a->get_subcommands({})) todo.push_back(s);
    for (CLI::Option* o : a->get_options({})) {
      const std::string t = o->get_type_name();
      if (t.rfind("INT", 0) == 0 || t.rfind("UINT", 0) == 0) o->check(strict);
    }
  }
}

std::vector<std::string> prepare_args(CLI::App& app, int argc, char** argv) {
  std::vector<std::string> in(argv + 1, argv + argc), out{argv[0]};
  for (const auto& a : in) {
    if (a == "--") break;
    if (a == "--json" || a == "--format=json") g_json_mode = true;
  }
  for (std::size_t i = 0; i + 1 < in.size() && in[i] != "--"; ++i)
    if (in[i] == "--format" && in[i + 1] == "json") g_json_mode = true;
  if (std::any_of(in.begin(), in.end(), is_help)) {  // help: CLI11 prints it as asked
    out.insert(out.end(), in.begin(), in.end());
    return out;
  }
  CLI::App* current = &app;
  std::vector<std::string> positionals;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::string& a = in[i];
    if (a == "--") {
      positionals.insert(positionals.end(), in.begin() + static_cast<long>(i) + 1, in.end());
      break;
    }
    if (a.size() > 1 && a[0] == '-') {
      const bool long_form = a.rfind("--", 0) == 0;
      const std::string name = long_form ? a.substr(0, a.find('=')) : a.substr(0, 2);
      if (const CLI::Option* o = find_option(current, name)) {
        const bool takes_value = o->get_items_expected_max() > 0 && o->get_type_size_max() > 0;
        const bool inline_value = long_form ? a.find('=') != std::string::npos : a.size() > 2;
        if (takes_value && !inline_value && i + 1 < in.size()) {
          // The next word is this option's value, even when it starts with '-'.
          if (in[i + 1].size() > 1 && in[i + 1][0] == '-') {
            out.push_back(long_form ? a + "=" + in[i + 1] : a + in[i + 1]);
          } else {
            out.push_back(a);
            out.push_back(in[i + 1]);
          }
          ++i;
        } else {
          out.push_back(a);
        }
        continue;
      }
      if (long_form || a == "--version" || !has_positionals(current)) {
        out.push_back(a);  // CLI11 names the unknown option
        continue;
      }
      positionals.push_back(a);  // "-^", "-1": an expression
      continue;
    }
    if (positionals.empty()) {
      if (CLI::App* sub = find_subcommand(current, a)) {
        current = sub;
        out.push_back(a);
        continue;
      }
    }
    if (!has_positionals(current) && !current->get_subcommands({}).empty()) unknown_subcommand(current, a);
    positionals.push_back(a);
  }
  if (!current->get_subcommands({}).empty() && current->get_require_subcommand_min() > 0 &&
      std::find(in.begin(), in.end(), "--version") == in.end())
    unknown_subcommand(current, "");
  for (const CLI::App* a = current; a != nullptr && a != &app; a = a->get_parent()) {
    if (!g_command.empty()) g_command.insert(g_command.begin(), ' ');
    g_command.insert(0, a->get_name());
  }
  if (!positionals.empty()) {
    out.push_back("--");
    out.insert(out.end(), positionals.begin(), positionals.end());
  }
  return out;
}

// ---- output ----

bool json_mode() { return g_json_mode; }

void print_json(nlohmann::json j) {
  if (!j.contains("command")) j["command"] = g_command;
  if (!j.contains("game")) j["game"] = game_of(g_command);
  if (!j.contains("seconds")) j["seconds"] = seconds_elapsed();
  std::cout << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  std::cout.flush();
  g_json_printed = true;
}

std::string escape_text(std::string_view raw) {
  std::string out;
  for (std::size_t i = 0; i < raw.size();) {
    const auto c = static_cast<unsigned char>(raw[i]);
    if (c == '\n') out += "\\n", ++i;
    else if (c == '\t') out += "\\t", ++i;
    else if (c == '\r') out += "\\r", ++i;
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c), ++i;
    else if (c < 0x80) out += static_cast<char>(c), ++i;
    else {
      // Keep a well-formed UTF-8 sequence, escape a stray byte.
      std::size_t len = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
      bool ok = len != 0 && i + len <= raw.size();
      for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(raw[i + k]) & 0xc0) == 0x80;
      if (ok) {
        out += raw.substr(i, len);
        i += len;
      } else {
        out += fmt::format("\\x{:02x}", c);
        ++i;
      }
    }
  }
  return out;
}

namespace {
// One error line per process: the memory watchdog's thread and the main thread can both reach
// an error at once (`--max-memory 1`: the resident set is over the cap from the start while the
// search refuses the cap as too small), and two lines would break the one-line promise.
std::mutex g_error_mutex;
bool g_error_reported = false;

// Prints the error line (and the JSON error object) unless one was printed already; says which.
// A cap error gets the fields of the command's stop report, and with with_report_text (the
// memory watchdog, whose message says nothing of the search) its text too.
bool emit_error(ErrorKind kind, const std::string& message, bool with_report_text = false) {
  std::lock_guard<std::mutex> lock(g_error_mutex);
  if (g_error_reported) return false;
  g_error_reported = true;
  stop_ticker();
  nlohmann::json report;
  if (kind == ErrorKind::Cap && g_stop_report) report = g_stop_report();
  const std::string text = report.is_object() ? report.value("text", std::string()) : std::string();
  const std::string line = escape_text(with_report_text && !text.empty() ? message + "; " + text : message);
  const int code = kind == ErrorKind::Internal ? 3 : 2;
  const char* prefix = kind == ErrorKind::Input ? "error" : kind == ErrorKind::Cap ? "stopped early" : "internal error";
  std::cerr << "cgtlab: " << prefix << ": " << line << '\n';
  if (g_json_mode && !g_json_printed) {
    nlohmann::json j{{"error", line},
                     {"kind", kind == ErrorKind::Input ? "input" : kind == ErrorKind::Cap ? "cap" : "internal"},
                     {"exit", code}};
    if (report.is_object() && report.contains("fields") && report["fields"].is_object())
      for (const auto& [k, v] : report["fields"].items()) j[k] = v;
    print_json(j);
  }
  return true;
}
}  // namespace

int report_error(ErrorKind kind, const std::string& message) {
  emit_error(kind, message);
  return kind == ErrorKind::Internal ? 3 : 2;
}

std::string ascii_expression(std::string_view text) {
  static const std::pair<std::string_view, std::string_view> glyphs[] = {
      {"\u2191", "^"}, {"\u2193", "v"}, {"\u21d1", "^^"}, {"\u21d3", "vv"}, {"\u22c6", "*"},
      {"\u2217", "*"}, {"\u2212", "-"}, {"\u00b1", "+-"}};
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    bool found = false;
    for (const auto& [from, to] : glyphs) {
      if (text.substr(i, from.size()) == from) {
        out += to;
        i += from.size();
        found = true;
        break;
      }
    }
    if (found) continue;
    std::size_t len = 1;
    while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xc0) == 0x80 && len < 4) ++len;
    throw InputError("'" + escape_text(text.substr(i, len)) + "' at byte " + std::to_string(i + 1) +
                     " is not in the notation (ASCII, or CGSuite's \u2191 \u2193 \u21d1 \u21d3 \u22c6 \u2217 \u2212 \u00b1)");
  }
  return out;
}

std::string nimber_text(std::uint64_t grundy) {
  if (grundy == 0) return "0";
  if (grundy == 1) return "*";
  return "*" + std::to_string(grundy);
}

std::string outcome_phrase(cgt::Outcome o) { return outcome_phrase(cgt::to_string(o)); }

std::string outcome_phrase(const std::string& o) {
  if (o == "L") return "L (Left wins, whoever moves first)";
  if (o == "R") return "R (Right wins, whoever moves first)";
  if (o == "N") return "N (the player to move wins)";
  if (o == "P") return "P (the player to move loses)";
  return o;
}

// ---- lists ----

void add_limit_option(CLI::App* cmd, std::size_t& value, const char* what) {
  cmd->add_option("--limit", value, std::string("list at most this many ") + what + " (0: all); a cut list says so")
      ->capture_default_str();
}

void limit_json_list(nlohmann::json& j, const std::string& name, std::size_t limit) {
  auto& list = j[name];
  if (limit == 0 || !list.is_array() || list.size() <= limit) return;
  j["truncated"][name] = list.size();
  list.erase(list.begin() + static_cast<long>(limit), list.end());
}

std::string limit_note(std::size_t total, std::size_t shown) {
  return fmt::format("... {} more (raise --limit; 0: all)", total - shown);
}

// ---- progress ----

bool progress_enabled() {
  static const bool enabled = isatty(STDERR_FILENO) == 1;
  return enabled;
}

void progress(const std::string& line) {
  if (!progress_enabled()) return;
  std::lock_guard lock(g_progress_mutex);
  g_command_progress_at = seconds_elapsed();
  write_progress_line(line);
}

void progress_done() {
  std::lock_guard lock(g_progress_mutex);
  if (!g_progress_line_open) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  g_progress_line_open = false;
}

void start_ticker() {
  if (!progress_enabled() || g_ticker.joinable()) return;
  g_ticker = std::thread([] {
    std::unique_lock lock(g_progress_mutex);
    std::uint64_t last_positions = 0;
    double last_at = 0;
    while (!g_ticker_cv.wait_for(lock, std::chrono::milliseconds(500), [] { return g_ticker_stop; })) {
      const double now = seconds_elapsed();
      if (now < 1.0 || now - g_command_progress_at < 2.0) continue;
      const std::uint64_t positions = solve::g_positions_stored.load(std::memory_order_relaxed);
      const double rate = now > last_at ? static_cast<double>(positions - std::min(positions, last_positions)) / (now - last_at) : 0;
      last_positions = positions;
      last_at = now;
      write_progress_line(fmt::format("cgtlab {}: {:.0f} s, {} positions stored ({:.0f}/s), {} MiB", g_command, now,
                                      positions, rate, resident_mib()));
    }
  });
}

void add_progress_option(CLI::App* cmd, double& seconds) {
  cmd->add_option("--progress", seconds,
                  "a progress line on stderr every SECONDS, newline-terminated, also when stderr is a file "
                  "(time, positions, rate, table, memory, what is proved so far; absent: a line only on a terminal)")
      ->check([](const std::string& v) {
        std::size_t used = 0;
        double x = -1;
        try {
          x = std::stod(v, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != v.size() || !(x >= 0.01 && x <= 86400))
          return "expected seconds between 0.01 and 86400, got '" + escape_text(v) + "'";
        return std::string();
      });
}

void start_progress_log(double seconds, std::function<std::string()> line) {
  stop_ticker();  // the log replaces the terminal's line
  {
    std::lock_guard lock(g_progress_mutex);
    g_ticker_stop = false;
    g_log_every = seconds;
    g_log_line = std::move(line);
  }
  g_ticker = std::thread([] {
    std::unique_lock lock(g_progress_mutex);
    auto next = std::chrono::steady_clock::now();
    const auto every = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(g_log_every));
    for (;;) {
      next += every;
      if (g_ticker_cv.wait_until(lock, next, [] { return g_ticker_stop; })) return;
      const std::string what = g_log_line();
      const std::time_t now = std::time(nullptr);
      std::tm utc{};
      gmtime_r(&now, &utc);
      char stamp[32];
      std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
      std::fprintf(stderr, "%s cgtlab %s: %.1f s (CPU %.1f s), %s, RSS %llu MiB\n", stamp, g_command.c_str(),
                   seconds_elapsed(), cpu_seconds(), what.c_str(), static_cast<unsigned long long>(resident_mib()));
      std::fflush(stderr);
    }
  });
}

void set_stop_report(std::function<nlohmann::json()> report) {
  std::lock_guard<std::mutex> lock(g_error_mutex);
  g_stop_report = std::move(report);
}

void stop_ticker() {
  if (g_ticker.joinable()) {
    {
      std::lock_guard lock(g_progress_mutex);
      g_ticker_stop = true;
    }
    g_ticker_cv.notify_all();
    g_ticker.join();
  }
  progress_done();
}

void add_max_positions_option(CLI::App* cmd, std::uint64_t& value) {
  cmd->add_option("--max-positions", value,
                  "stop with exit code 2 after this many positions are stored (0: no cap)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62));
}

namespace {
// Set by a signal or by the save line while a StopScope lives; why, for stop_cause().
std::atomic<bool> g_stop{false};
std::atomic<int> g_stop_scopes{0};
std::atomic<std::uint64_t> g_stop_resident{0};  // nonzero: the save line set g_stop at this RSS
std::optional<std::uint64_t> g_save_line_mib;   // --save-line; unset: 31/32 of --max-memory
std::uint64_t g_save_line_bytes = 0;             // in force (0: none)
extern "C" void on_stop_signal(int) { g_stop.store(true); }

// The backstop of --max-memory: searches and the game store estimate their own tables
// and stop cleanly, but any allocation the estimates miss is caught here. A thread reads
// the resident set size every 20 ms; beyond the cap it prints the one cap line and ends
// the process with exit code 2 (no partial answer is printed after it). Before that, at the
// save line, it sets the stop flag of a live StopScope: the search there stops and saves.
void start_memory_watchdog(std::uint64_t limit_bytes, std::uint64_t save_line_bytes) {
  if (limit_bytes == 0 && save_line_bytes == 0) return;
  std::thread([limit_bytes, save_line_bytes] {
    for (;;) {
      const std::uint64_t bytes = util::resident_bytes();
      if (bytes == 0) return;  // no /proc: the estimates alone
      if (save_line_bytes != 0 && bytes > save_line_bytes && g_stop_scopes.load() > 0 && !g_stop.load()) {
        g_stop_resident.store(bytes);
        g_stop.store(true);
      }
      if (limit_bytes != 0 && bytes > limit_bytes) {
        std::fflush(stdout);
        // If the main thread has already reported its own error it is exiting with it: leave it.
        if (!emit_error(ErrorKind::Cap,
                        "memory cap of " + std::to_string(limit_bytes >> 20) +
                            " MiB reached (resident memory; raise --max-memory, 0 = no cap)",
                        true))
          return;
        std::_Exit(2);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }).detach();
}
}  // namespace

StopScope::StopScope() : int_(std::signal(SIGINT, on_stop_signal)), term_(std::signal(SIGTERM, on_stop_signal)) {
  g_stop_scopes.fetch_add(1);
}

StopScope::~StopScope() {
  g_stop_scopes.fetch_sub(1);
  std::signal(SIGINT, int_);
  std::signal(SIGTERM, term_);
  progress_done();
}

const std::atomic<bool>* stop_flag() { return &g_stop; }

std::string stop_cause() {
  const std::uint64_t resident = g_stop_resident.load();
  if (resident == 0) return "interrupted";
  return util::save_line_stop_text(resident, g_save_line_bytes, g_save_line_mib.has_value(), g_max_memory_mib);
}

void add_max_memory_option(CLI::App& app) {
  // The canonical-form store counts toward the cap too (set before any command runs).
  app.parse_complete_callback([] {
    const std::uint64_t cap = g_max_memory_mib << 20;
    if (g_save_line_mib && cap != 0 && *g_save_line_mib >= g_max_memory_mib)
      throw InputError(fmt::format("--save-line {} must be below --max-memory {} (0: no save line)", *g_save_line_mib,
                                   g_max_memory_mib));
    g_save_line_bytes = g_save_line_mib ? *g_save_line_mib << 20 : util::default_memory_line(cap);
    util::set_memory_line(g_save_line_bytes);  // tables hold their growth below it
    cgt::set_game_memory_limit(cap);
    start_memory_watchdog(cap, g_save_line_bytes);
  });
  app.add_option("--max-memory", g_max_memory_mib,
                 "stop a search with exit code 2 when its tables would exceed this many MiB (0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
  app.add_option("--save-line", g_save_line_mib,
                 "the memory line in MiB (default 31/32 of --max-memory; 0: none): no nimber table doubles past it, "
                 "and a nimber search whose resident memory passes it stops, reports and saves its --table")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
}

solve::SearchLimits search_limits(std::uint64_t max_positions) {
  solve::SearchLimits l;
  l.max_positions = max_positions;
  l.max_memory_bytes = g_max_memory_mib << 20;
  return l;
}

std::uint64_t search_table_bytes(std::uint64_t table_mib, bool given) {
  const std::uint64_t memory = search_limits(0).max_memory_bytes;
  if (memory != 0 && memory < (std::uint64_t{4} << 20))
    throw CapReached(fmt::format("memory cap of {} MiB is below the search's minimum of 4 MiB", memory >> 20));
  if (given && memory != 0 && (table_mib << 20) > memory / 4 * 3)
    throw InputError(fmt::format("--table-mib {} is above 3/4 of --max-memory {} ({} MiB): raise --max-memory or lower "
                                 "--table-mib",
                                 table_mib, memory >> 20, (memory / 4 * 3) >> 20));
  return memory != 0 ? std::min(table_mib << 20, memory / 4 * 3) : table_mib << 20;
}

void add_table_mib_option(CLI::App* cmd, std::uint64_t& table_mib, bool& given, const std::string& what) {
  cmd->add_option("--table-mib", table_mib,
                  "transposition table bound" + what + " in MiB (default 1024, at most 3/4 of --max-memory: above "
                  "that an error when given, lowered when the default)")
      ->check(CLI::Range(1, 1 << 20))
      ->each([&given](const std::string&) { given = true; });
}

}  // namespace cgtlab::cli

namespace cgtlab::cli {

namespace {
std::string joined_names(const std::vector<std::string>& names) {
  std::string s;
  for (std::size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return s;
}
}  // namespace

void add_format_option(CLI::App* cmd, std::string& format, const std::vector<std::string>& names) {
  format = names.front();
  cmd->add_option("--format", format, "output: " + joined_names(names) + " (latex: a tabular or $value$ for a paper)")
      ->capture_default_str();
}

std::string output_format(const std::string& format, bool json, const std::vector<std::string>& names) {
  if (std::find(names.begin(), names.end(), format) == names.end())
    throw InputError("--format must be " + joined_names(names) + " (got '" + escape_text(format) + "')");
  if (json && format != names.front() && format != "json")
    throw InputError("--json and --format " + format + " ask for two outputs: give one");
  return json ? "json" : format;
}

std::string latex_math(cgt::Game g) { return "$" + cgt::latex_value(g) + "$"; }
std::string latex_math(const cgt::Dyadic& d) { return "$" + cgt::latex_number(d) + "$"; }

}  // namespace cgtlab::cli
