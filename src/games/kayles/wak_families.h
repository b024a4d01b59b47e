// Graph families of seed 004 used by its claims and the benchmarks.
#pragma once
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "games/rooks/rules.h"
#include "graph/graph.h"

namespace cgtlab::games {

// G_n of Section 7 (Theorem 2): G_1 is one vertex with a loop; G_{n+1} is a new looped vertex
// u_{n+1} joined to the vertex u_i of a copy G'_i of each G_i (i <= n), plus a second,
// separate copy G''_i of each G_i. Every weight is 1; 3^(n-1) vertices. u_n is vertex 0.
std::pair<graph::Graph, std::vector<std::uint64_t>> section7_graph(int n);

// A random loopless tree of depth <= 2 rooted at 0 (1..4 children, 0..2 leaves under each),
// with weights in [1, max_weight]: the inputs of Theorem 1's checks.
std::pair<graph::Graph, std::vector<std::uint64_t>> random_depth2_tree(std::mt19937_64& rng,
                                                                       std::uint64_t max_weight);

// A random board of 1..max_rows x 1..max_cols squares, each a hole with probability 1/4:
// the inputs of the checks that the rooks game is WAK on its rectangle cover (Proposition 1).
games::RookBoard random_rook_board(std::mt19937_64& rng, int max_rows, int max_cols);

}  // namespace cgtlab::games
