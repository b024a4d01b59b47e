// Grundy values of Arc-Kayles and Node-Kayles: the fast specialised solver.
//
// A position is the set of surviving vertices of the input graph, as a bitset, and the moves
// are those of rules.h (each_kayles_move). Each position
// is split into connected components (nim-sum, Sprague-Grundy); a component is looked up first
// by its exact vertex set, then, for components of more than 12 vertices, by the nauty canonical
// form of the induced subgraph, so that isomorphic pieces (translates and mirror images on a
// grid, the same path anywhere) are solved once. The canonical memo is kept across calls.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "cgt/nimber.h"
#include "games/kayles/rules.h"
#include "graph/graph.h"
#include "solve/limits.h"

namespace cgtlab::games {

struct KaylesMove {
  std::vector<int> deleted;  // Arc-Kayles: the edge's ends u<v; Node-Kayles: the vertex, then its neighbours
  cgt::Grundy option_grundy = 0;
};

struct KaylesResult {
  cgt::Grundy grundy = 0;
  std::vector<KaylesMove> moves;  // every move with its option's Grundy value (when asked)
};

class KaylesSolver {
 public:
  explicit KaylesSolver(VertexGame game, solve::SearchLimits limits = {});
  ~KaylesSolver();
  KaylesSolver(const KaylesSolver&) = delete;
  KaylesSolver& operator=(const KaylesSolver&) = delete;

  // Grundy value of the game on g (loopless, undirected, at most 512 vertices).
  cgt::Grundy grundy(const graph::Graph& g);
  // Grundy value and the Grundy value of every option (a winning move leads to 0).
  KaylesResult analyse(const graph::Graph& g);

  std::uint64_t canonical_positions() const;  // iso classes of components stored
  std::uint64_t labelled_positions() const;   // exact vertex sets stored for the last graph
  std::uint64_t nauty_calls() const;

  struct Impl;

 private:
  KaylesResult run(const graph::Graph& g, bool with_moves);
  VertexGame game_;
  solve::SearchLimits limits_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cgtlab::games
