#include "games/blocking/green.h"

#include <array>

#include "util/error.h"

namespace cgtlab::games {

TreeReduction reduce_tree(const graph::Graph& tree) {
  if (!tree.directed()) throw InputError("D(T) needs an oriented tree");
  const int n = tree.order();
  // Breadth-first search over (vertex, parity of the path length) from every source.
  std::vector<std::array<bool, 2>> reached(n, {false, false});
  std::vector<std::pair<int, int>> queue;
  for (int v = 0; v < n; ++v)
    if (tree.in_neighbors(v).empty()) {
      reached[v][0] = true;
      queue.push_back({v, 0});
    }
  for (size_t i = 0; i < queue.size(); ++i) {
    auto [v, parity] = queue[i];
    for (int w : tree.out_neighbors(v))
      if (!reached[w][1 - parity]) {
        reached[w][1 - parity] = true;
        queue.push_back({w, 1 - parity});
      }
  }
  TreeReduction r;
  std::vector<int> index(n, -1);
  for (int v = 0; v < n; ++v)
    if (reached[v][1]) {
      index[v] = static_cast<int>(r.odd.size()) + 1;
      r.odd.push_back(v);
    }
  r.reduced = graph::Graph(static_cast<int>(r.odd.size()) + 1, true);
  r.reduced.set_vertex_name(0, "sigma");
  for (int v : r.odd) {
    r.reduced.set_vertex_name(index[v], tree.vertex_name(v));
    r.reduced.add_edge(0, index[v]);
  }
  for (auto [u, v] : tree.edges())
    if (index[u] > 0 && index[v] > 0) r.reduced.add_edge(index[u], index[v]);
  return r;
}

games::BlockingPosition reduce_position(const TreeReduction& r, const games::BlockingPosition& on_tree) {
  games::BlockingPosition p(r.odd.size() + 1);
  for (size_t i = 0; i < r.odd.size(); ++i) p[i + 1] = on_tree[r.odd[i]];
  return p;
}

}  // namespace cgtlab::games
