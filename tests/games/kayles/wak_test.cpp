// WAK: the reduced, component-split, canonically memoized solver against a plain brute force.
#include <gtest/gtest.h>

#include <random>

#include "games/kayles/wak_reduce.h"
#include "games/kayles/wak_solver.h"
#include "games/kayles/rules.h"
#include "graph/graph.h"

using namespace cgtlab;
using games::WakGraph;

namespace {

WakGraph random_wak(int n, double p, int max_weight, std::mt19937_64& rng) {
  WakGraph g;
  std::bernoulli_distribution coin(p), loop(0.3);
  for (int v = 0; v < n; ++v) g.add_vertex(rng() % (max_weight + 1), loop(rng), std::to_string(v));
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      if (coin(rng)) g.add_edge(u, v);
  return g;
}

}  // namespace

TEST(Wak, MovesFollowTheRules) {
  // Figure 1 style: a loop at the middle vertex; an edge with an empty end cannot be played.
  auto g = games::make_wak(graph::parse_graph("0-1,1-1,1-2"), {2, 5, 0});
  auto moves = games::wak_moves(g);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0], (games::WakMove{0, 1}));
  EXPECT_EQ(moves[1], (games::WakMove{1, 1}));
  auto q = games::wak_play(g, moves[1]);
  EXPECT_EQ(q.weight, (std::vector<std::uint64_t>{2, 4, 0}));
  EXPECT_THROW(games::make_wak(graph::parse_graph("0-1"), {1}), InputError);
}

TEST(Wak, SolverAgreesWithPlainBruteForce) {
  std::mt19937_64 rng(11);
  games::WakSolver reduced, unreduced({}, false);
  for (int t = 0; t < 400; ++t) {
    auto g = random_wak(1 + static_cast<int>(rng() % 6), 0.45, 3, rng);
    auto plain = games::wak_grundy_plain(g);
    ASSERT_EQ(reduced.grundy(g), plain) << t;
    ASSERT_EQ(unreduced.grundy(g), plain) << t;
  }
}

TEST(Wak, EachReductionKeepsTheGrundyValue) {
  std::mt19937_64 rng(12);
  int applied = 0;
  for (int t = 0; t < 300; ++t) {
    auto g = random_wak(2 + static_cast<int>(rng() % 5), 0.4, 4, rng);
    auto value = games::wak_grundy_plain(g);
    for (const auto& r : games::applicable_reductions(g)) {
      ASSERT_EQ(games::wak_grundy_plain(games::apply_reduction(g, r)), value) << games::describe(g, r);
      ++applied;
    }
    auto canon = games::reduce_wak(g);
    EXPECT_TRUE(games::is_canonical(canon));
    EXPECT_EQ(games::wak_grundy_plain(canon), value);
  }
  EXPECT_GT(applied, 300);
}

TEST(Wak, StarReducesToOneEdge) {
  // Section 4: the leaves of a star are false twins; merging them leaves two vertices,
  // and then one is heavy: a single looped vertex remains.
  auto g = games::make_wak(graph::parse_graph("S4"), {3, 1, 1, 1, 1});
  std::vector<std::string> log;
  auto r = games::reduce_wak(g, &log);
  EXPECT_GE(log.size(), 3u);
  ASSERT_EQ(r.n, 1);
  EXPECT_TRUE(r.has_loop(0));
  EXPECT_EQ(r.weight[0], 3u);
}
