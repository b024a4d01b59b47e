#include "games/blocking/search.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <algorithm>

#include "util/error.h"

namespace cgtlab::games {

std::uint64_t for_each_blocking_position(const games::BlockingPebbles& rules, int n, const std::string& colours,
                                         const std::function<void(const games::BlockingPosition&)>& f) {
  if (colours.empty() || colours.find_first_not_of("brg") != std::string::npos)
    throw InputError("colours '" + colours + "': use any of b (blue), r (red), g (green), e.g. br");
  if (n < 0) throw InputError("the number of pebbles must be non-negative");
  const int order = rules.graph().order();
  // Slots (vertex, colour) that may hold pebbles; the position fills them like a
  // composition of n into that many parts.
  std::vector<int*> slots;
  games::BlockingPosition p(order);
  for (int v = 0; v < order; ++v) {
    if (colours.find('b') != std::string::npos) slots.push_back(&p[v].blue);
    if (colours.find('r') != std::string::npos) slots.push_back(&p[v].red);
    if (colours.find('g') != std::string::npos) slots.push_back(&p[v].green);
  }
  absl::flat_hash_set<games::BlockingPebbles::Key> seen;
  std::uint64_t visited = 0;
  std::function<void(size_t, int)> fill = [&](size_t slot, int left) {
    if (slot + 1 == slots.size() || slots.empty()) {
      if (!slots.empty()) *slots[slot] = left;
      else if (left > 0) return;
      if (seen.insert(rules.key(p)).second) {
        ++visited;
        f(p);
      }
      if (!slots.empty()) *slots[slot] = 0;
      return;
    }
    for (int c = left; c >= 0; --c) {
      *slots[slot] = c;
      fill(slot + 1, left - c);
    }
    *slots[slot] = 0;
  };
  fill(0, n);
  return visited;
}

BlockingAtlas blocking_atlas(BlockingAnalyzer& a, const PositionSpace& space) {
  BlockingAtlas atlas;
  absl::flat_hash_map<std::uint32_t, std::size_t> index;  // by canonical-form id
  for (int n = 0; n <= space.max_pebbles; ++n) {
    atlas.positions += for_each_blocking_position(a.rules(), n, space.colours, [&](const games::BlockingPosition& p) {
      cgt::Game v = a.value(p);
      auto [it, fresh] = index.emplace(v.id(), atlas.entries.size());
      if (fresh) atlas.entries.push_back({v, 0, n, p});
      ++atlas.entries[it->second].count;
    });
  }
  std::stable_sort(atlas.entries.begin(), atlas.entries.end(), [](const AtlasEntry& x, const AtlasEntry& y) {
    auto nx = x.value.as_number(), ny = y.value.as_number();
    if (nx && ny) return *nx < *ny;
    if (nx || ny) return nx.has_value();
    if (x.min_pebbles != y.min_pebbles) return x.min_pebbles < y.min_pebbles;
    return x.value.str() < y.value.str();
  });
  return atlas;
}

ValueSearch blocking_search(BlockingAnalyzer& a, cgt::Game target, const PositionSpace& space, std::size_t limit) {
  ValueSearch s;
  for (int n = 0; n <= space.max_pebbles && !s.pebbles; ++n) {
    s.examined += for_each_blocking_position(a.rules(), n, space.colours, [&](const games::BlockingPosition& p) {
      if (a.value(p) != target) return;
      s.pebbles = n;
      ++s.found;
      if (s.positions.size() < limit) s.positions.push_back(p);
    });
  }
  return s;
}

}  // namespace cgtlab::games
