// Research searches over all BLOCKING PEBBLES positions on one graph: which values occur
// with at most N pebbles (the atlas), and the smallest positions of a given value (the
// papers ask which dyadic rationals occur). Positions are enumerated by total pebble
// count, once per orbit of the graph's automorphisms, and valued with one analyzer so the
// memo carries over from each position to the next.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "games/blocking/values.h"

namespace cgtlab::games {

struct PositionSpace {
  int max_pebbles = 0;
  std::string colours = "brg";  // which colours may appear: any of b, r, g
};

// Calls f(position) for every position with exactly n pebbles of the allowed colours,
// one per orbit of the automorphism group; returns how many were visited. Throws
// InputError on bad colours.
std::uint64_t for_each_blocking_position(const games::BlockingPebbles& rules, int n, const std::string& colours,
                                         const std::function<void(const games::BlockingPosition&)>& f);

struct AtlasEntry {
  cgt::Game value;
  std::uint64_t count = 0;             // positions (up to symmetry) with this value
  int min_pebbles = 0;                 // fewest pebbles of a position with this value
  games::BlockingPosition example;     // the first such position found with min_pebbles
};

struct BlockingAtlas {
  std::vector<AtlasEntry> entries;  // numbers in increasing order first, then the rest by (pebbles, name)
  std::uint64_t positions = 0;      // positions enumerated, up to symmetry
};

BlockingAtlas blocking_atlas(BlockingAnalyzer& a, const PositionSpace& space);

struct ValueSearch {
  std::optional<int> pebbles;                      // the fewest pebbles reaching the value, if any
  std::vector<games::BlockingPosition> positions;  // positions of that size with the value (up to limit)
  std::uint64_t found = 0;                         // how many positions of that size have the value
  std::uint64_t examined = 0;                      // positions valued, up to symmetry
};

// The smallest positions (fewest pebbles) whose value equals target.
ValueSearch blocking_search(BlockingAnalyzer& a, cgt::Game target, const PositionSpace& space,
                            std::size_t limit);

}  // namespace cgtlab::games
