// Arc-Kayles and Node-Kayles: the fast solver against a plain brute force, and known values.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "games/kayles/solver.h"
#include "cgt/nimber.h"
#include "games/kayles/rules.h"
#include "graph/graph.h"

using namespace cgtlab;

namespace {

// Brute force without components or symmetry: memo on the surviving vertex set only.
cgt::Grundy brute(const graph::Graph& g, bool arc, std::uint64_t alive, std::map<std::uint64_t, cgt::Grundy>& memo) {
  if (auto it = memo.find(alive); it != memo.end()) return it->second;
  std::vector<cgt::Grundy> seen;
  for (int u = 0; u < g.order(); ++u) {
    if (!((alive >> u) & 1)) continue;
    if (arc) {
      for (int v : g.neighbors(u))
        if (v > u && ((alive >> v) & 1)) seen.push_back(brute(g, arc, alive & ~(1ULL << u) & ~(1ULL << v), memo));
    } else {
      std::uint64_t rest = alive & ~(1ULL << u);
      for (int v : g.neighbors(u)) rest &= ~(1ULL << v);
      seen.push_back(brute(g, arc, rest, memo));
    }
  }
  cgt::Grundy r = cgt::mex(seen);
  memo[alive] = r;
  return r;
}

cgt::Grundy brute(const graph::Graph& g, bool arc) {
  std::map<std::uint64_t, cgt::Grundy> memo;
  return brute(g, arc, (g.order() == 64 ? ~0ULL : (1ULL << g.order()) - 1), memo);
}

graph::Graph random_graph(int n, double p, std::mt19937_64& rng) {
  graph::Graph g(n, false);
  std::bernoulli_distribution coin(p);
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      if (coin(rng)) g.add_edge(u, v);
  return g;
}

}  // namespace

TEST(ArcKayles, SolverMatchesBruteForceOnRandomGraphs) {
  std::mt19937_64 rng(7);
  games::KaylesSolver arc(games::VertexGame::ArcKayles), node(games::VertexGame::NodeKayles);
  for (int t = 0; t < 300; ++t) {
    int n = 1 + static_cast<int>(rng() % 11);
    double p = 0.15 + 0.6 * static_cast<double>(rng() % 100) / 100.0;
    auto g = random_graph(n, p, rng);
    ASSERT_EQ(arc.grundy(g), brute(g, true)) << g.to_spec();
    ASSERT_EQ(node.grundy(g), brute(g, false)) << g.to_spec();
  }
}

TEST(ArcKayles, SmallKnownValues) {
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  // P2: one move to the empty graph; P4: end edge -> P2 (*1), middle edge -> nothing (0).
  EXPECT_EQ(arc.grundy(graph::parse_graph("P2")), 1u);
  EXPECT_EQ(arc.grundy(graph::parse_graph("P4")), 2u);
  // K4: every move leaves one edge, so the only option is *1 and K4 is a P-position.
  EXPECT_EQ(arc.grundy(graph::parse_graph("K4")), 0u);
  // Two disjoint P4 cancel (nim-sum).
  EXPECT_EQ(arc.grundy(graph::parse_graph("0-1,1-2,2-3,4-5,5-6,6-7")), 0u);
}

TEST(ArcKayles, WinningMovesLeadToZero) {
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  auto r = arc.analyse(graph::parse_graph("P4"));
  ASSERT_EQ(r.moves.size(), 3u);
  int winning = 0;
  for (auto& m : r.moves) winning += m.option_grundy == 0;
  EXPECT_EQ(winning, 1);
  EXPECT_EQ(r.moves[1].deleted, (std::vector<int>{1, 2}));
  EXPECT_EQ(r.moves[1].option_grundy, 0u);
}

TEST(ArcKayles, RejectsLoopsAndDirectedGraphs) {
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  EXPECT_THROW(arc.grundy(graph::parse_graph("0-1,1-1")), InputError);
  EXPECT_THROW(arc.grundy(graph::parse_graph("a>b")), InputError);
}

TEST(ArcKayles, LargePathUsesWideBitsets) {
  // Arc-Kayles on P_n is Dawson's Kayles; 150 vertices need three words per set.
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  graph::Graph p(150, false);
  for (int i = 0; i + 1 < 150; ++i) p.add_edge(i, i + 1);
  auto g = arc.grundy(p);
  // Compare with the octal recursion: G(n) = mex{G(a)^G(b) : a+b = n-2}.
  std::vector<cgt::Grundy> d(151, 0);
  for (int n = 2; n <= 150; ++n) {
    std::vector<cgt::Grundy> s;
    for (int a = 0; a <= n - 2; ++a) s.push_back(d[a] ^ d[n - 2 - a]);
    d[n] = cgt::mex(s);
  }
  EXPECT_EQ(g, d[150]);
}

TEST(ArcKayles, CapsStopTheSearch) {
  solve::SearchLimits positions;
  positions.max_positions = 50;
  games::KaylesSolver a(games::VertexGame::ArcKayles, positions);
  EXPECT_THROW(a.grundy(graph::parse_graph("Grid4x5")), CapReached);
  solve::SearchLimits memory;
  memory.max_memory_bytes = 4096;
  games::KaylesSolver b(games::VertexGame::ArcKayles, memory);
  EXPECT_THROW(b.grundy(graph::parse_graph("Grid4x5")), CapReached);
}

TEST(ArcKayles, CanonicalKeysOnLargerComponents) {
  // Components above 12 vertices are keyed by nauty, trees by their AHU encoding: compare with
  // the plain brute force on random trees and sparse graphs of 13..20 vertices, with one solver
  // (so that keys from different graphs meet in the shared memo).
  std::mt19937_64 rng(99);
  games::KaylesSolver arc(games::VertexGame::ArcKayles), node(games::VertexGame::NodeKayles);
  for (int t = 0; t < 60; ++t) {
    int n = 13 + static_cast<int>(rng() % 8);
    graph::Graph g(n, false);
    for (int v = 1; v < n; ++v) g.add_edge(v, static_cast<int>(rng() % v));  // a random tree
    if (t % 2 == 1)  // a few extra edges: cycles, so nauty keys these
      for (int e = 0; e < 3; ++e) {
        int u = static_cast<int>(rng() % n), v = static_cast<int>(rng() % n);
        if (u != v) g.add_edge(u, v);
      }
    ASSERT_EQ(arc.grundy(g), brute(g, true)) << g.to_spec();
    ASSERT_EQ(node.grundy(g), brute(g, false)) << g.to_spec();
  }
  EXPECT_GT(arc.canonical_positions(), 100u);
}

TEST(KaylesRules, MovesOnABitsetPosition) {
  // P4 = 0-1-2-3. Arc-Kayles deletes an edge's ends; Node-Kayles a vertex and its neighbours.
  auto g = graph::parse_graph("P4");
  auto adj = games::kayles_neighbourhoods<1>(g);
  games::VertexSet<1> all;
  for (int v = 0; v < 4; ++v) all.set(v);
  using Moves = std::vector<std::pair<std::uint64_t, std::vector<int>>>;
  auto moves = [&](games::VertexGame game, const games::VertexSet<1>& s) {
    Moves out;
    games::each_kayles_move<1>(game, adj, s, [&](const games::VertexSet<1>& rest, games::KaylesMoveAt m) {
      out.push_back({rest.w[0], games::kayles_deleted<1>(adj, s, m)});
    });
    return out;
  };
  EXPECT_EQ(moves(games::VertexGame::ArcKayles, all), (Moves{{0b1100, {0, 1}}, {0b1001, {1, 2}}, {0b0011, {2, 3}}}));
  EXPECT_EQ(moves(games::VertexGame::NodeKayles, all),
            (Moves{{0b1100, {0, 1}}, {0b1000, {1, 0, 2}}, {0b0001, {2, 1, 3}}, {0b0011, {3, 2}}}));
  // On the position {0, 1, 3}: vertex 2 is gone, so neither rule touches it.
  games::VertexSet<1> s;
  for (int v : {0, 1, 3}) s.set(v);
  EXPECT_EQ(moves(games::VertexGame::ArcKayles, s), (Moves{{0b1000, {0, 1}}}));
  EXPECT_EQ(moves(games::VertexGame::NodeKayles, s), (Moves{{0b1000, {0, 1}}, {0b1000, {1, 0}}, {0b0011, {3}}}));
}
