#include "games/pebbling/pattern.h"

#include <absl/container/flat_hash_map.h>
#include <fmt/core.h>

#include <vector>

#include "games/pebbling/threshold.h"

namespace cgtlab::games {

using games::Pebbling;

std::optional<ResiduePattern> find_residue_pattern(const Pebbling& rules, int max_total,
                                                   const solve::SearchLimits& limits, int max_modulus) {
  const int n = rules.order();
  if (n > 6 || max_total < 1) return std::nullopt;
  // Stop reading layers at about two million labelled positions.
  int to = 0;
  Weight read = 0;
  while (to < max_total && read + rules.layer_size(to + 1) <= 2'000'000) read += rules.layer_size(++to);
  if (to < 8) return std::nullopt;
  PebblingOutcomes outcomes(rules, to, limits);
  struct Seen {
    Pebbling::Position p;
    bool is_p;
  };
  std::vector<Seen> all;
  for (int t = 0; t <= to; ++t) {
    rules.for_each_labelled(t, [&](const Pebbling::Position& p) { all.push_back({p, outcomes.is_p(p)}); });
  }
  for (int from : {0, to / 2}) {
    for (int q = 1; q <= max_modulus; ++q) {
      absl::flat_hash_map<std::uint64_t, bool> status;
      bool fits = true;
      for (const Seen& s : all) {
        int total = Pebbling::total(s.p);
        if (total < from) continue;
        std::uint64_t key = static_cast<std::uint64_t>(total % 2);
        for (int i = 0; i < n; ++i) key = key * static_cast<std::uint64_t>(q) + s.p[i] % q;
        auto [it, inserted] = status.try_emplace(key, s.is_p);
        if (!inserted && it->second != s.is_p) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      ResiduePattern r;
      r.modulus = q;
      r.from_total = from;
      r.to_total = to;
      std::size_t p_cells = 0;
      for (const auto& [key, is_p] : status) p_cells += is_p;
      r.description = fmt::format(
          "from total {} on, a position is P iff its vector of counts mod {} (with the parity of the total) lies in "
          "one of {} P classes out of {} seen",
          from, q, p_cells, status.size());
      return r;
    }
  }
  return std::nullopt;
}

}  // namespace cgtlab::games
