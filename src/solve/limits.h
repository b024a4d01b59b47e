// Caps on a search: a search that reaches one throws CapReached (exit code 2 in the CLI),
// never returning a partial answer as complete.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

#include "util/error.h"

namespace cgtlab::solve {

// The positions the running search reported at its last check(), for progress displays only.
inline std::atomic<std::uint64_t> g_positions_stored{0};

struct SearchLimits {
  std::uint64_t max_positions = 0;     // stored positions; 0 = no cap
  std::uint64_t max_memory_bytes = 0;  // estimated memo size; 0 = no cap
  // When set and true, the next check throws CapReached("interrupted"): another thread stops
  // the search this way (the Python module on Ctrl-C).
  const std::atomic<bool>* interrupt = nullptr;

  void check(std::uint64_t positions, std::uint64_t memory_bytes = 0) const {
    if (interrupt != nullptr && interrupt->load(std::memory_order_relaxed)) {
      throw CapReached("interrupted after " + std::to_string(positions) + " positions");
    }
    g_positions_stored.store(positions, std::memory_order_relaxed);
    if (max_positions != 0 && positions > max_positions) {
      throw CapReached("--max-positions " + std::to_string(max_positions) + " reached after " +
                       std::to_string(positions) + " positions");
    }
    if (max_memory_bytes != 0 && memory_bytes > max_memory_bytes) {
      throw CapReached("memory cap of " + std::to_string(max_memory_bytes >> 20) + " MiB reached after " +
                       std::to_string(positions) + " positions");
    }
  }
};

}  // namespace cgtlab::solve
