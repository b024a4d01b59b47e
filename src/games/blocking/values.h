// Exact values of BLOCKING PEBBLES positions on one DAG: canonical forms through the
// partizan engine, and Grundy values through the impartial engine for green-only
// components (the fast path: green-only positions are impartial, so their value is a
// nimber). Both memo tables live as long as the analyzer, so a search or a table of many
// positions on the same graph reuses every value found before.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "games/blocking/rules.h"
#include "graph/graph.h"
#include "solve/impartial.h"
#include "solve/limits.h"
#include "solve/partizan.h"

namespace cgtlab::games {

// One option of a position, with its value, for `cgtlab blocking moves`.
struct BlockingOption {
  std::string move;                   // "pebble 0->2 (remove blue+blue, place blue)"
  games::BlockingPosition result;
  cgt::Game value;
  bool best = false;     // undominated among the player's options; winning when any option wins
  bool winning = false;  // wins moving first: G^L >= 0 for Left, G^R <= 0 for Right
};

struct BlockingMoves {
  cgt::Game value;
  std::vector<BlockingOption> left, right;
};

class BlockingAnalyzer {
 public:
  explicit BlockingAnalyzer(graph::Graph g, solve::SearchLimits limits = {});
  BlockingAnalyzer(const BlockingAnalyzer&) = delete;
  BlockingAnalyzer& operator=(const BlockingAnalyzer&) = delete;

  const games::BlockingPebbles& rules() const { return *rules_; }
  games::BlockingPosition parse(std::string_view spec) const { return rules_->parse(spec); }

  // Canonical value: the sum over the graph's weak components; a green-only component
  // is solved as an impartial game (a nimber), the others by the partizan engine.
  cgt::Game value(const games::BlockingPosition& p);
  // The value computed by the partizan engine alone (no green fast path): for checks.
  cgt::Game partizan_value(const games::BlockingPosition& p) { return partizan_.value(p); }

  BlockingMoves moves(const games::BlockingPosition& p);

  // Positions stored in the memo tables (partizan + impartial).
  std::size_t positions() const { return partizan_.positions() + impartial_.positions(); }

 private:
  std::unique_ptr<games::BlockingPebbles> rules_;  // stable address: the engines refer to it
  std::unique_ptr<games::GreenBlockingPebbles> green_;
  solve::PartizanSolver<games::BlockingPebbles> partizan_;
  solve::ImpartialSolver<games::GreenBlockingPebbles> impartial_;
};

// Papers' notation for blue/red positions: "[[0,0],[0,0],[1,k]]" lists [blue, red] per
// vertex in vertex order (T3: source a = 0, middle b = 1, sink c = 2).
games::BlockingPosition from_blue_red(const std::vector<std::pair<int, int>>& blue_red);

}  // namespace cgtlab::games
