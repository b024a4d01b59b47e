// Grundy values of Weighted Arc-Kayles by search, on the impartial engine: every position is
// reduced (useless, heavy, false twins: Proposition 1 of seed 004 keeps the value), split into
// connected components (nim-sum), and each component is memoized on the nauty canonical form
// of the graph with (loop, weight) as vertex colours.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "graph/symmetry.h"
#include "cgt/nimber.h"
#include "games/kayles/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

// The WAK ruleset as the engine sees it: positions are reduced components.
struct ReducedWakRules {
  using Position = games::WakGraph;
  using Key = graph::CanonKey;
  bool use_reductions = true;
  Key key(const Position& p) const;
  std::vector<Position> options(const Position& p) const;
  std::vector<Position> components(const Position& p) const;
};

// Canonical key of a WAK position (graph, loops and weights), equal iff isomorphic.
graph::CanonKey wak_key(const games::WakGraph& p);

class WakSolver {
 public:
  explicit WakSolver(solve::SearchLimits limits = {}, bool use_reductions = true);
  ~WakSolver();
  cgt::Grundy grundy(const games::WakGraph& p);
  std::size_t positions() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A plain second method for checks: memo on the weight vector of the fixed graph, no
// reductions, no components, no symmetry. Exponential; for small positions only.
cgt::Grundy wak_grundy_plain(const games::WakGraph& p);

}  // namespace cgtlab::games
