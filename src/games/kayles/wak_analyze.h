// The answer to "what is this WAK position worth?", choosing the method per component:
//  - weight-1 loopless components: the fast Arc-Kayles solver;
//  - few counters: search (reductions, components, canonical memo);
//  - a loopless tree of depth <= 2 with large weights: Theorem 1 (outcome);
//  - one large weight, the rest small: the periodicity of Section 6;
//  - otherwise search, within the caps.
// Components combine by nim-sum; a component known only by its outcome decides the sum's
// outcome when the others sum to 0.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/kayles/solver.h"
#include "games/kayles/wak_solver.h"
#include "cgt/game.h"
#include "graph/graph.h"

namespace cgtlab::games {

struct WakValue {
  std::optional<cgt::Grundy> grundy;
  std::optional<cgt::Outcome> outcome;  // P or N; empty when undetermined
  std::vector<std::string> methods;     // one line per component
};

struct WakMoveValue {
  std::string move;  // "a-b", or "a~" for the loop at a
  WakValue value;    // of the position after the move
};

struct WakAnswer {
  WakValue value;
  std::vector<WakMoveValue> moves;  // when asked
};

class WakAnalyser {
 public:
  explicit WakAnalyser(solve::SearchLimits limits = {});
  // Throws InputError on a directed graph or a weights count mismatch.
  WakAnswer analyse(const graph::Graph& g, const std::vector<std::uint64_t>& weights, bool with_moves);
  WakValue value(const graph::Graph& g, const std::vector<std::uint64_t>& weights);

 private:
  WakValue component_value(const graph::Graph& g, const std::vector<std::uint64_t>& weights);
  WakSolver wak_;
  KaylesSolver arc_;
};

// "P" / "N".
std::string outcome_name(cgt::Outcome o);

}  // namespace cgtlab::games
