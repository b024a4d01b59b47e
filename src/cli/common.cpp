#include "cli/common.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <iostream>

#include "cgt/game.h"

namespace cgtlab::cli {

namespace {
int g_exit_code = 0;
std::uint64_t g_max_memory_mib = 6144;
bool g_progress_line_open = false;
}  // namespace

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

int report_error(ErrorKind kind, const std::string& message) {
  progress_done();
  std::string line = message;
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  const char* prefix = kind == ErrorKind::Input ? "cgtlab: error: "
                       : kind == ErrorKind::Cap ? "cgtlab: stopped early: "
                                                : "cgtlab: internal error: ";
  std::cerr << prefix << line << '\n';
  return kind == ErrorKind::Internal ? 3 : 2;
}

void print_json(const nlohmann::json& j) { std::cout << j.dump() << '\n'; }

bool progress_enabled() {
  static const bool enabled = isatty(STDERR_FILENO) == 1;
  return enabled;
}

void progress(const std::string& line) {
  if (!progress_enabled()) return;
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
  g_progress_line_open = true;
}

void progress_done() {
  if (!g_progress_line_open) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  g_progress_line_open = false;
}

void add_max_positions_option(CLI::App* cmd, std::uint64_t& value) {
  cmd->add_option("--max-positions", value,
                  "stop with exit code 2 after this many positions are stored (0: no cap)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62));
}

namespace {
// The backstop of --max-memory: searches and the game store estimate their own tables
// and stop cleanly, but any allocation the estimates miss is caught here. A thread reads
// the resident set size every 20 ms; beyond the cap it prints the one cap line and ends
// the process with exit code 2 (no partial answer is printed after it).
void start_memory_watchdog(std::uint64_t limit_bytes) {
  if (limit_bytes == 0) return;
  std::thread([limit_bytes] {
    const long page = sysconf(_SC_PAGESIZE);
    for (;;) {
      std::FILE* f = std::fopen("/proc/self/statm", "r");
      if (f == nullptr) return;  // no /proc: the estimates alone
      unsigned long size = 0, resident = 0;
      int got = std::fscanf(f, "%lu %lu", &size, &resident);
      std::fclose(f);
      if (got != 2) return;
      if (static_cast<std::uint64_t>(resident) * static_cast<std::uint64_t>(page) > limit_bytes) {
        std::fflush(stdout);
        report_error(ErrorKind::Cap, "memory cap of " + std::to_string(limit_bytes >> 20) +
                                         " MiB reached (resident memory; raise --max-memory, 0 = no cap)");
        std::_Exit(2);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }).detach();
}
}  // namespace

void add_max_memory_option(CLI::App& app) {
  // The canonical-form store counts toward the cap too (set before any command runs).
  app.parse_complete_callback([] {
    cgt::set_game_memory_limit(g_max_memory_mib << 20);
    start_memory_watchdog(g_max_memory_mib << 20);
  });
  app.add_option("--max-memory", g_max_memory_mib,
                 "stop a search with exit code 2 when its tables would exceed this many MiB (0: no cap)")
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 40));
}

solve::SearchLimits search_limits(std::uint64_t max_positions) {
  solve::SearchLimits l;
  l.max_positions = max_positions;
  l.max_memory_bytes = g_max_memory_mib << 20;
  return l;
}

}  // namespace cgtlab::cli
