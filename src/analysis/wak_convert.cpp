#include "analysis/wak_convert.h"

#include "analysis/wak_reduce.h"
#include "util/error.h"

namespace cgtlab::analysis {

using games::WakGraph;

graph::Graph wak_to_arc_kayles(const WakGraph& p, std::uint64_t max_vertices) {
  unsigned __int128 total = 0;
  for (int u = 0; u < p.n; ++u) total += static_cast<unsigned __int128>(p.weight[u]) * (p.has_loop(u) ? 2 : 1);
  if (total > max_vertices)
    throw InputError("the Arc-Kayles graph of Corollary 2 would have more than " + std::to_string(max_vertices) +
                     " vertices (one per counter, two per counter on a looped vertex)");
  std::vector<std::vector<int>> copies(p.n);
  std::vector<std::pair<int, int>> edges;
  std::vector<std::string> names;
  for (int u = 0; u < p.n; ++u)
    for (std::uint64_t i = 1; i <= p.weight[u]; ++i) {
      copies[u].push_back(static_cast<int>(names.size()));
      names.push_back(p.names[u] + "_" + std::to_string(i));
    }
  for (int u = 0; u < p.n; ++u) {
    for (int v = u + 1; v < p.n; ++v)
      if (p.adjacent(u, v))
        for (int a : copies[u])
          for (int b : copies[v]) edges.emplace_back(a, b);
    if (p.has_loop(u))
      for (int a : copies[u]) {
        edges.emplace_back(a, static_cast<int>(names.size()));
        names.push_back(names[a] + "_loop");
      }
  }
  graph::Graph g(static_cast<int>(names.size()), false);
  for (std::size_t i = 0; i < names.size(); ++i) g.set_vertex_name(static_cast<int>(i), names[i]);
  for (auto [a, b] : edges) g.add_edge(a, b);
  return g;
}

WakGraph rooks_to_wak(const games::RookBoard& b, bool merge_rectangles) {
  // Segment ids: for each square, its maximal column segment and row segment.
  std::vector<int> col_seg(b.rows * b.cols, -1), row_seg(b.rows * b.cols, -1);
  WakGraph p;
  auto add_segments = [&](bool vertical) {
    int outer = vertical ? b.cols : b.rows, inner = vertical ? b.rows : b.cols;
    for (int o = 0; o < outer; ++o) {
      for (int i = 0; i < inner;) {
        auto sq = [&](int k) { return vertical ? b.index(k, o) : b.index(o, k); };
        if (b.hole[sq(i)]) {
          ++i;
          continue;
        }
        int j = i;
        bool has_rook = false;
        while (j < inner && !b.hole[sq(j)]) has_rook |= b.rook[sq(j++)] != 0;
        auto name_of = [&](int k) { return vertical ? games::square_name(k, o) : games::square_name(o, k); };
        std::string name = std::string(vertical ? "c_" : "r_") + name_of(i) + (j - i == 1 ? "" : "_" + name_of(j - 1));
        int v = p.add_vertex(has_rook ? 0 : 1, false, name);
        for (int k = i; k < j; ++k) (vertical ? col_seg : row_seg)[sq(k)] = v;
        i = j;
      }
    }
  };
  add_segments(true);
  add_segments(false);
  for (int i = 0; i < b.rows * b.cols; ++i)
    if (!b.hole[i]) p.add_edge(col_seg[i], row_seg[i]);
  if (!merge_rectangles) return p;
  // Dead segments go; segments crossing the same segments merge into rectangles.
  for (;;) {
    bool changed = false;
    for (const auto& r : applicable_reductions(p))
      if (r.kind == ReductionKind::Dead || r.kind == ReductionKind::Twins) {
        p = apply_reduction(p, r);
        changed = true;
        break;
      }
    if (!changed) return p;
  }
}

}  // namespace cgtlab::analysis
