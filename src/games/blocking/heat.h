// How hot BLOCKING PEBBLES gets (issue 14): for every pebble count n, the hottest positions
// with exactly n pebbles on one graph (temperature as CGSuite defines it, cgt/thermograph.h).
#pragma once
#include <cstdint>
#include <vector>

#include "cgt/game.h"
#include "games/blocking/search.h"

namespace cgtlab::games {

struct HeatRow {
  int pebbles = 0;
  std::uint64_t positions = 0;         // positions with exactly `pebbles` pebbles (up to symmetry)
  std::uint64_t hot = 0;               // of them, with temperature > 0
  cgt::Dyadic hottest;                 // the largest temperature among them
  std::uint64_t at_hottest = 0;        // positions reaching it
  cgt::Game value;                     // the value of the first position reaching it
  games::BlockingPosition example;     // that position
};

// One row per n = 0 .. space.max_pebbles.
std::vector<HeatRow> blocking_heat(BlockingAnalyzer& a, const PositionSpace& space);

}  // namespace cgtlab::games
