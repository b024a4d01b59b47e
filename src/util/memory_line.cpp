#include "util/memory_line.h"

#include <unistd.h>

#include <atomic>
#include <cstdio>

namespace cgtlab::util {

namespace {
std::atomic<std::uint64_t> g_line{0};
std::atomic<std::uint64_t> g_refusals{0};
}  // namespace

void set_memory_line(std::uint64_t bytes) { g_line.store(bytes); }
std::uint64_t memory_line() { return g_line.load(); }

std::uint64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (f == nullptr) return 0;
  unsigned long size = 0, resident = 0;
  const int got = std::fscanf(f, "%lu %lu", &size, &resident);
  std::fclose(f);
  if (got != 2) return 0;
  return static_cast<std::uint64_t>(resident) * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

bool memory_allows(std::uint64_t extra) {
  const std::uint64_t line = g_line.load();
  if (line == 0) return true;
  const std::uint64_t now = resident_bytes();
  if (now == 0 || (now <= line && extra <= line - now)) return true;
  g_refusals.fetch_add(1);
  return false;
}

std::uint64_t memory_line_refusals() { return g_refusals.load(); }

std::string save_line_stop_text(std::uint64_t resident_bytes, std::uint64_t line_bytes, bool line_given,
                                std::uint64_t max_memory_mib) {
  const std::uint64_t mib = std::uint64_t{1} << 20;
  std::string s = "stopped at the memory save line (resident " + std::to_string((resident_bytes + mib - 1) / mib) +
                  " MiB passed " + std::to_string(line_bytes / mib) + " MiB, ";
  s += line_given ? std::string("--save-line)") : "31/32 of --max-memory " + std::to_string(max_memory_mib) + ")";
  return s;
}

}  // namespace cgtlab::util
