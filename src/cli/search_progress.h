// The progress log line of a nimber search (`--progress SECONDS`: cli/common.h start_progress_log
// writes it with the time, CPU and RSS): positions and their rate since the last line, the
// tables' fill and how the bound is split, the memory line's holds, and what the search has
// proved so far (games::search_bounds_text). Used by `arckayles|nodekayles grundy` and by the
// sweeps, whose line names the cell being computed.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

#include "solve/lemoine_viennot.h"

namespace cgtlab::cli {

class SearchProgressLine {
 public:
  explicit SearchProgressLine(std::uint64_t table_mib) : table_mib_(table_mib) {}
  // The line for `status`; the rate counts from the last line about the same search (a status
  // started at another time is another search, e.g. the next cell of a sweep: from its start).
  std::string operator()(const solve::NimberStatus& status);

 private:
  std::uint64_t table_mib_;
  std::chrono::steady_clock::time_point search_started_{};
  std::uint64_t last_positions_ = 0;
  std::chrono::steady_clock::time_point last_at_{};
};

}  // namespace cgtlab::cli
