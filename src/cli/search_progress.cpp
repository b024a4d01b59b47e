#include "cli/search_progress.h"

#include <fmt/core.h>

#include <algorithm>

#include "games/kayles/nimber_search.h"
#include "util/memory_line.h"

namespace cgtlab::cli {

std::string SearchProgressLine::operator()(const solve::NimberStatus& status) {
  if (status.started != search_started_) {
    search_started_ = status.started;
    last_positions_ = 0;
    last_at_ = status.started;
  }
  const auto now = std::chrono::steady_clock::now();
  const std::uint64_t positions = status.positions.load();
  const double dt = std::chrono::duration<double>(now - last_at_).count();
  const double rate = dt > 0 ? static_cast<double>(positions - std::min(positions, last_positions_)) / dt : 0.0;
  last_positions_ = positions;
  last_at_ = now;
  const std::uint64_t entries = status.table_entries.load(), slots = status.table_capacity.load();
  const std::uint64_t refuted = status.refutation_entries.load(), refute_slots = status.refutation_capacity.load();
  auto percent = [](std::uint64_t part, std::uint64_t whole) {
    return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
  };
  const std::string refutations =
      refute_slots ? fmt::format(", refutations {} of {} ({:.1f}%)", refuted, refute_slots, percent(refuted, refute_slots))
                   : std::string();
  // The split of the bound, so that a run sized by mistake shows it from its first line.
  const std::uint64_t nimber_mib = status.nimber_bound_bytes.load() >> 20;
  const std::uint64_t refutation_mib = status.refutation_bound_bytes.load() >> 20;
  const std::string split =
      nimber_mib == 0 ? std::string()
      : refutation_mib == 0 ? fmt::format(": nimbers {} MiB", nimber_mib)
                            : fmt::format(": nimbers {} MiB, refutations {} MiB{}", nimber_mib, refutation_mib,
                                          status.refutation_bound_shared.load() ? " now (shared)" : "");
  const std::uint64_t held = util::memory_line_refusals();
  const std::string line =
      held == 0 ? std::string() : fmt::format("; growth held {} times at the memory line, {} MiB", held, util::memory_line() >> 20);
  return fmt::format("{} positions ({:.0f}/s), table {} of {} slots ({:.1f}%{}, bound {} MiB{}{}), {}", positions, rate,
                     entries, slots, percent(entries, slots), refutations, table_mib_, split, line,
                     games::search_bounds_text(status, false));
}

}  // namespace cgtlab::cli
