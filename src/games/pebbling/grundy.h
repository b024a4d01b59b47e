// Grundy values of single pebbling positions, by the impartial engine (solve/impartial.h):
// a second method, independent of the layered search, and the source of winning moves.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "cgt/nimber.h"
#include "games/pebbling/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

struct PebblingGrundy {
  cgt::Grundy grundy = 0;
  std::vector<games::Pebbling::Move> winning_moves;  // moves to a position of Grundy value 0
  std::size_t positions = 0;                         // memo size (classes up to symmetry)
};

PebblingGrundy pebbling_grundy(const games::Pebbling& rules, const games::Pebbling::Position& p,
                               const solve::SearchLimits& limits = {});

// Outcomes of many positions with one memo (brute force for cross-checks): true = P.
class PebblingOutcomeOracle {
 public:
  explicit PebblingOutcomeOracle(const games::Pebbling& rules, const solve::SearchLimits& limits = {});
  ~PebblingOutcomeOracle();
  bool is_p(const games::Pebbling::Position& p);
  cgt::Grundy grundy(const games::Pebbling::Position& p);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cgtlab::games
