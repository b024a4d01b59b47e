// graph::small_graph_code against nauty (graph::canonical_key): isomorphic graphs share their
// code, and graphs nauty tells apart get different codes.
#include "graph/small_graph_code.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <vector>

#include "graph/symmetry.h"

using namespace cgtlab;

namespace {

// A graph on vertices 0..n-1 as neighbour words.
struct Small {
  int n = 0;
  std::vector<std::uint64_t> nb;
};

// The connected component of vertex `start` in the induced subgraph of the r x c grid on the
// cells kept (each with probability keep), renumbered 0..n-1.
Small grid_piece(std::mt19937_64& rng, int r, int c, double keep) {
  std::bernoulli_distribution k(keep);
  std::vector<char> on(static_cast<std::size_t>(r * c));
  for (auto& x : on) x = k(rng) ? 1 : 0;
  const int start = static_cast<int>(rng() % static_cast<std::uint64_t>(r * c));
  on[static_cast<std::size_t>(start)] = 1;
  std::vector<int> id(on.size(), -1), stack{start};
  std::vector<int> cells;
  id[static_cast<std::size_t>(start)] = 0;
  cells.push_back(start);
  while (!stack.empty()) {
    const int v = stack.back();
    stack.pop_back();
    const int i = v / c, j = v % c;
    for (int u : {i > 0 ? v - c : -1, i + 1 < r ? v + c : -1, j > 0 ? v - 1 : -1, j + 1 < c ? v + 1 : -1})
      if (u >= 0 && on[static_cast<std::size_t>(u)] && id[static_cast<std::size_t>(u)] < 0) {
        id[static_cast<std::size_t>(u)] = static_cast<int>(cells.size());
        cells.push_back(u);
        stack.push_back(u);
      }
  }
  Small g;
  g.n = static_cast<int>(cells.size());
  g.nb.assign(static_cast<std::size_t>(g.n), 0);
  for (int a = 0; a < g.n; ++a) {
    const int v = cells[static_cast<std::size_t>(a)], i = v / c, j = v % c;
    for (int u : {i > 0 ? v - c : -1, i + 1 < r ? v + c : -1, j > 0 ? v - 1 : -1, j + 1 < c ? v + 1 : -1})
      if (u >= 0 && id[static_cast<std::size_t>(u)] >= 0) g.nb[static_cast<std::size_t>(a)] |= std::uint64_t{1} << id[static_cast<std::size_t>(u)];
  }
  return g;
}

// A random connected graph of degrees at most 4: a random tree plus random extra edges.
Small sparse_graph(std::mt19937_64& rng, int n, int extra) {
  Small g;
  g.n = n;
  g.nb.assign(static_cast<std::size_t>(n), 0);
  auto degree = [&](int v) { return std::popcount(g.nb[static_cast<std::size_t>(v)]); };
  auto add = [&](int u, int v) {
    g.nb[static_cast<std::size_t>(u)] |= std::uint64_t{1} << v;
    g.nb[static_cast<std::size_t>(v)] |= std::uint64_t{1} << u;
  };
  for (int v = 1; v < n; ++v) {
    int u = static_cast<int>(rng() % static_cast<std::uint64_t>(v));
    for (int tries = 0; degree(u) >= 4 && tries < 64; ++tries) u = static_cast<int>(rng() % static_cast<std::uint64_t>(v));
    if (degree(u) >= 4) u = v - 1;  // the last vertex has degree 1
    add(u, v);
  }
  for (int e = 0; e < extra; ++e) {
    const int u = static_cast<int>(rng() % static_cast<std::uint64_t>(n)), v = static_cast<int>(rng() % static_cast<std::uint64_t>(n));
    if (u != v && degree(u) < 4 && degree(v) < 4) add(u, v);
  }
  return g;
}

// The code of g placed on the vertex numbers place[0..n) of 0..63.
bool code_at(const Small& g, const std::vector<int>& place, graph::SmallGraphCode& code) {
  std::vector<std::uint64_t> nb(64, 0);
  std::uint64_t x = 0;
  for (int v = 0; v < g.n; ++v) {
    x |= std::uint64_t{1} << place[static_cast<std::size_t>(v)];
    for (std::uint64_t b = g.nb[static_cast<std::size_t>(v)]; b; b &= b - 1)
      nb[static_cast<std::size_t>(place[static_cast<std::size_t>(v)])] |= std::uint64_t{1} << place[static_cast<std::size_t>(std::countr_zero(b))];
  }
  nb[0] |= ~x;  // neighbours outside the vertex set are ignored
  return graph::small_graph_code(nb.data(), x, code);
}

std::vector<int> identity(int n) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  return p;
}

Small random_small(std::mt19937_64& rng, int i) {
  switch (i % 3) {
    case 0: return grid_piece(rng, 2 + static_cast<int>(rng() % 7), 2 + static_cast<int>(rng() % 7), 0.55 + 0.05 * static_cast<double>(rng() % 8));
    case 1: return sparse_graph(rng, 1 + static_cast<int>(rng() % 40), 0);
    default: return sparse_graph(rng, 2 + static_cast<int>(rng() % 40), static_cast<int>(rng() % 12));
  }
}

}  // namespace

TEST(SmallGraphCode, IsomorphicGraphsShareTheirCode) {
  std::mt19937_64 rng(2026);
  int with_code = 0;
  for (int i = 0; i < 4000; ++i) {
    const Small g = random_small(rng, i);
    graph::SmallGraphCode a{}, b{};
    const bool has = code_at(g, identity(g.n), a);
    std::vector<int> all = identity(64);
    std::shuffle(all.begin(), all.end(), rng);
    all.resize(static_cast<std::size_t>(g.n));
    ASSERT_EQ(code_at(g, all, b), has) << "graph " << i << " of " << g.n << " vertices";
    if (!has) continue;
    ++with_code;
    EXPECT_EQ(a, b) << "graph " << i << " of " << g.n << " vertices";
    EXPECT_EQ(a[1] >> (113 - 64), 0u);
  }
  EXPECT_GT(with_code, 3000);  // most of them have a code: the test is not empty
}

TEST(SmallGraphCode, DenseGridPiecesShareTheirCodeUnderEveryRelabelling) {
  // Dense pieces of larger grids (many ties between equal colours, many orders compared with the
  // best so far): each relabelled four times. A stale "below the best" flag once let a sibling
  // order replace a lower best (here piece 374 then differed; the other tests passed with it).
  std::mt19937_64 rng(5);
  int with_code = 0;
  for (int i = 0; i < 6000; ++i) {
    const Small g = grid_piece(rng, 3 + static_cast<int>(rng() % 5), 4 + static_cast<int>(rng() % 6), 0.75);
    graph::SmallGraphCode a{};
    const bool has = code_at(g, identity(g.n), a);
    for (int t = 0; t < 4; ++t) {
      graph::SmallGraphCode b{};
      std::vector<int> place = identity(64);
      std::shuffle(place.begin(), place.end(), rng);
      place.resize(static_cast<std::size_t>(g.n));
      ASSERT_EQ(code_at(g, place, b), has) << "piece " << i << " of " << g.n << " vertices";
      if (has) ASSERT_EQ(a, b) << "piece " << i << " of " << g.n << " vertices, relabelling " << t;
    }
    with_code += has ? 1 : 0;
  }
  EXPECT_GT(with_code, 4000);
}

TEST(SmallGraphCode, CodesSeparateWhatNautySeparates) {
  // Many small graphs, with many isomorphic repeats (grid pieces of few cells): the code and
  // nauty's canonical form must determine each other.
  std::mt19937_64 rng(7);
  std::map<graph::CanonKey, graph::SmallGraphCode> by_nauty;
  std::map<graph::SmallGraphCode, graph::CanonKey> by_code;
  int classes_with_repeats = 0;
  for (int i = 0; i < 20000; ++i) {
    const Small g = i % 2 == 0 ? grid_piece(rng, 3 + static_cast<int>(rng() % 3), 3 + static_cast<int>(rng() % 4), 0.6)
                               : sparse_graph(rng, 2 + static_cast<int>(rng() % 10), static_cast<int>(rng() % 5));
    graph::SmallGraphCode code{};
    std::vector<int> place = identity(64);
    std::shuffle(place.begin(), place.end(), rng);
    place.resize(static_cast<std::size_t>(g.n));
    if (!code_at(g, place, code)) continue;
    const graph::CanonKey canon = graph::canonical_key(g.n, g.nb, 1);
    auto [it, fresh] = by_nauty.emplace(canon, code);
    if (!fresh) {
      ++classes_with_repeats;
      ASSERT_EQ(it->second, code) << "isomorphic graphs of " << g.n << " vertices got different codes";
    }
    auto [jt, fresh_code] = by_code.emplace(code, canon);
    if (!fresh_code) ASSERT_EQ(jt->second, canon) << "non-isomorphic graphs of " << g.n << " vertices share a code";
  }
  EXPECT_EQ(by_nauty.size(), by_code.size());
  EXPECT_GT(by_nauty.size(), 1000u);
  EXPECT_GT(classes_with_repeats, 5000);
}

TEST(SmallGraphCode, NoCodeForLargeDegreesOrDisconnectedGraphs) {
  graph::SmallGraphCode code{};
  std::vector<std::uint64_t> nb(64, 0);
  // A star with 5 leaves: degree 5.
  for (int v = 1; v <= 5; ++v) {
    nb[0] |= std::uint64_t{1} << v;
    nb[static_cast<std::size_t>(v)] |= 1;
  }
  EXPECT_FALSE(graph::small_graph_code(nb.data(), 0x3f, code));
  // With 4 leaves it has one; leaving out the centre disconnects them.
  EXPECT_TRUE(graph::small_graph_code(nb.data(), 0x1f, code));
  EXPECT_FALSE(graph::small_graph_code(nb.data(), 0x1e, code));
  // One vertex; none.
  EXPECT_TRUE(graph::small_graph_code(nb.data(), 0x2, code));
  EXPECT_FALSE(graph::small_graph_code(nb.data(), 0, code));
  // Paths: the code of P_n differs from that of P_m.
  std::vector<std::uint64_t> path(64, 0);
  for (int v = 0; v + 1 < 64; ++v) {
    path[static_cast<std::size_t>(v)] |= std::uint64_t{1} << (v + 1);
    path[static_cast<std::size_t>(v + 1)] |= std::uint64_t{1} << v;
  }
  graph::SmallGraphCode p9{}, p10{};
  ASSERT_TRUE(graph::small_graph_code(path.data(), 0x1ff, p9));
  ASSERT_TRUE(graph::small_graph_code(path.data(), 0x3ff << 20, p10));
  EXPECT_NE(p9, p10);
}
