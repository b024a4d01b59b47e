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

}  // namespace cgtlab::util
