// Graph families of seed 004 used by its claims and the benchmarks.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "graph/graph.h"

namespace cgtlab::analysis {

// G_n of Section 7 (Theorem 2): G_1 is one vertex with a loop; G_{n+1} is a new looped vertex
// u_{n+1} joined to the vertex u_i of a copy G'_i of each G_i (i <= n), plus a second,
// separate copy G''_i of each G_i. Every weight is 1; 3^(n-1) vertices. u_n is vertex 0.
std::pair<graph::Graph, std::vector<std::uint64_t>> section7_graph(int n);

}  // namespace cgtlab::analysis
