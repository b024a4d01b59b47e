// The value of a rooks position and its winning squares, through the equivalent WAK position
// (Proposition 1 of seed 004).
#pragma once
#include <string>
#include <vector>

#include "cgt/nimber.h"
#include "games/rooks/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

struct RookAnswer {
  cgt::Grundy grundy = 0;
  std::vector<std::string> winning;  // squares ("b3") whose rook leaves a P-position, row-major
};

// Throws CapReached when a search exceeds the limits.
RookAnswer rook_grundy(const RookBoard& b, solve::SearchLimits limits = {});

}  // namespace cgtlab::games
