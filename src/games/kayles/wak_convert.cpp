#include "games/kayles/wak_convert.h"

#include <algorithm>
#include <string>

#include "games/kayles/wak_reduce.h"
#include "util/error.h"
#include "util/int128.h"

namespace cgtlab::games {

using games::WakGraph;

graph::Graph wak_to_arc_kayles(const WakGraph& p, std::uint64_t max_vertices) {
  u128 total = 0;
  for (int u = 0; u < p.n; ++u) total += static_cast<u128>(p.weight[u]) * (p.has_loop(u) ? 2 : 1);
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
  // Maximal column segments, then maximal row segments, with their squares' bounding boxes.
  struct Segment {
    bool vertical;
    int r0, c0, r1, c1;
  };
  std::vector<Segment> segs;
  std::vector<int> col_seg(b.squares(), -1), row_seg(b.squares(), -1);
  WakGraph p;
  for (int vertical = 1; vertical >= 0; --vertical) {
    int outer = vertical ? b.cols : b.rows, inner = vertical ? b.rows : b.cols;
    for (int o = 0; o < outer; ++o) {
      auto sq = [&](int k) { return vertical ? b.index(k, o) : b.index(o, k); };
      for (int i = 0; i < inner;) {
        if (b.hole[sq(i)]) {
          ++i;
          continue;
        }
        int j = i;
        bool has_rook = false;
        while (j < inner && !b.hole[sq(j)]) has_rook |= b.rook[sq(j++)] != 0;
        // Temporary names: the segment's index, so that merged vertices ("3_7") can be traced.
        int v = p.add_vertex(has_rook ? 0 : 1, false, std::to_string(segs.size()));
        segs.push_back(vertical ? Segment{true, i, o, j - 1, o} : Segment{false, o, i, o, j - 1});
        for (int k = i; k < j; ++k) (vertical ? col_seg : row_seg)[sq(k)] = v;
        i = j;
      }
    }
  }
  for (int i = 0; i < b.rows * b.cols; ++i)
    if (!b.hole[i]) p.add_edge(col_seg[i], row_seg[i]);
  if (merge_rectangles) {
    // Dead segments go; segments crossing the same segments merge into rectangles.
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& r : applicable_reductions(p))
        if (r.kind == ReductionKind::Dead || r.kind == ReductionKind::Twins) {
          p = apply_reduction(p, r);
          changed = true;
          break;
        }
    }
  }
  // Names: c_a1_b6 is the column rectangle with corners a1 and b6, r_a3_h3 a row rectangle;
  // twins that do not form one rectangle keep each piece's name, joined by "__".
  for (auto& name : p.names) {
    std::vector<int> parts;
    std::size_t start = 0;
    for (std::size_t k = 0; k <= name.size(); ++k)
      if (k == name.size() || name[k] == '_') {
        parts.push_back(std::stoi(name.substr(start, k - start)));
        start = k + 1;
      }
    auto piece = [&](const Segment& g) {
      std::string n = std::string(g.vertical ? "c_" : "r_") + games::square_name(g.r0, g.c0);
      if (g.r0 != g.r1 || g.c0 != g.c1) n += "_" + games::square_name(g.r1, g.c1);
      return n;
    };
    Segment box = segs[parts[0]];
    long long area = 0;
    for (int i : parts) {
      const Segment& g = segs[i];
      box = {box.vertical, std::min(box.r0, g.r0), std::min(box.c0, g.c0), std::max(box.r1, g.r1), std::max(box.c1, g.c1)};
      area += static_cast<long long>(g.r1 - g.r0 + 1) * (g.c1 - g.c0 + 1);
    }
    if (area == static_cast<long long>(box.r1 - box.r0 + 1) * (box.c1 - box.c0 + 1)) {
      name = piece(box);
    } else {
      name.clear();
      for (int i : parts) name += (name.empty() ? "" : "__") + piece(segs[i]);
    }
  }
  return p;
}

}  // namespace cgtlab::games
