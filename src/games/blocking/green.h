// Green-only BLOCKING PEBBLES on oriented trees: Construction 3.8 of the journal paper
// (Construction 4.4 of the conference version), the digraph D(T) that Proposition 3.9
// claims has the same value as T.
#pragma once
#include <vector>

#include "games/blocking/rules.h"
#include "graph/graph.h"

namespace cgtlab::games {

struct TreeReduction {
  graph::Graph reduced;     // D(T): vertex 0 is sigma, then the vertices of O in increasing order
  std::vector<int> odd;     // O: vertices of T reachable from a source by a directed path of odd length
};

// D(T) = {sigma} + O, with the arcs of T inside O and an arc sigma -> theta for every theta in O.
TreeReduction reduce_tree(const graph::Graph& tree);

// The pebbles of a position on T carried to D(T): O keeps its pebbles, sigma holds none.
games::BlockingPosition reduce_position(const TreeReduction& r, const games::BlockingPosition& on_tree);

}  // namespace cgtlab::games
