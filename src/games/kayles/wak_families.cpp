#include "games/kayles/wak_families.h"

#include <string>

#include "util/error.h"

namespace cgtlab::games {

namespace {

// Appends a copy of G_n (edges as index pairs, u_n first) at offset `base`; returns its size.
int append_section7(int n, int base, std::vector<std::pair<int, int>>& edges) {
  int u = base, next = base + 1;
  edges.emplace_back(u, u);  // the loop at u_n
  for (int i = 1; i < n; ++i) {
    int attached = next;
    next += append_section7(i, next, edges);  // G'_i, its u'_i joined to u_n
    edges.emplace_back(u, attached);
    next += append_section7(i, next, edges);  // G''_i, separate
  }
  return next - base;
}

}  // namespace

std::pair<graph::Graph, std::vector<std::uint64_t>> section7_graph(int n) {
  if (n < 1 || n > 9) throw InputError("G_n of Section 7 is built for 1 <= n <= 9 (3^(n-1) vertices)");
  std::vector<std::pair<int, int>> edges;
  int order = append_section7(n, 0, edges);
  graph::Graph g(order, false);
  for (auto [a, b] : edges) g.add_edge(a, b);
  return {g, std::vector<std::uint64_t>(order, 1)};
}

std::pair<graph::Graph, std::vector<std::uint64_t>> random_depth2_tree(std::mt19937_64& rng,
                                                                       std::uint64_t max_weight) {
  int children = 1 + static_cast<int>(rng() % 4);
  std::vector<std::pair<int, int>> edges;
  int n = 1;
  for (int i = 0; i < children; ++i) {
    int x = n++;
    edges.emplace_back(0, x);
    int leaves = static_cast<int>(rng() % 3);
    for (int j = 0; j < leaves; ++j) edges.emplace_back(x, n++);
  }
  graph::Graph g(n, false);
  for (auto [u, v] : edges) g.add_edge(u, v);
  std::vector<std::uint64_t> w(n);
  for (auto& x : w) x = 1 + rng() % max_weight;
  return {g, w};
}

games::RookBoard random_rook_board(std::mt19937_64& rng, int max_rows, int max_cols) {
  int rows = 1 + static_cast<int>(rng() % max_rows), cols = 1 + static_cast<int>(rng() % max_cols);
  std::string holes;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (rng() % 4 == 0) holes += (holes.empty() ? "" : ",") + games::square_name(r, c);
  return games::parse_rook_board(std::to_string(rows) + "x" + std::to_string(cols), holes);
}

}  // namespace cgtlab::games
