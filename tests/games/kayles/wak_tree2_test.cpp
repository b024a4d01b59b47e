// Theorem 1 (depth <= 2 trees) against the WAK search, and exactness at 10^18.
#include <gtest/gtest.h>

#include <random>

#include "games/kayles/wak_families.h"
#include "games/kayles/wak_solver.h"
#include "games/kayles/wak_tree2.h"
#include "games/kayles/rules.h"

using namespace cgtlab;

TEST(Tree2, MatchesSearchOnRandomTrees) {
  std::mt19937_64 rng(5);
  games::WakSolver solver;
  for (int t = 0; t < 600; ++t) {
    auto [g, w] = games::random_depth2_tree(rng, 5);
    auto r = games::depth2_tree_outcome(g, w);
    ASSERT_TRUE(r.has_value());
    auto value = solver.grundy(games::make_wak(g, w));
    ASSERT_EQ(r->outcome, value == 0 ? cgt::Outcome::P : cgt::Outcome::N) << g.to_spec() << " " << t;
    if (r->grundy) ASSERT_EQ(*r->grundy, value) << g.to_spec();
  }
}

TEST(Tree2, RecognisesDepth) {
  EXPECT_TRUE(games::is_depth2_tree(graph::parse_graph("P5"), {1, 1, 1, 1, 1}));
  EXPECT_FALSE(games::is_depth2_tree(graph::parse_graph("P6"), {1, 1, 1, 1, 1, 1}));
  // A dead vertex can cut a long path into a short one... but then it is not one tree.
  EXPECT_FALSE(games::is_depth2_tree(graph::parse_graph("P6"), {1, 1, 0, 1, 1, 1}));
  EXPECT_TRUE(games::is_depth2_tree(graph::parse_graph("P6"), {0, 1, 1, 1, 1, 1}));
  EXPECT_FALSE(games::is_depth2_tree(graph::parse_graph("C4"), {1, 1, 1, 1}));
  EXPECT_FALSE(games::is_depth2_tree(graph::parse_graph("0-1,1-1"), {1, 1}));
}

TEST(Tree2, HugeWeightsAreExact) {
  // P3 with weights (10^18, 10^18 + 1, 10^18): the middle is heavy (no: 10^18+1 < 2*10^18),
  // the ends are false twins: merged 2*10^18 >= 10^18+1 is heavy: a looped middle remains,
  // Grundy (10^18 + 1) mod 2 = 1.
  const std::uint64_t e18 = 1000000000000000000ULL;
  auto r = games::depth2_tree_outcome(graph::parse_graph("P3"), {e18, e18 + 1, e18});
  ASSERT_TRUE(r.has_value());
  ASSERT_TRUE(r->grundy.has_value());
  EXPECT_EQ(*r->grundy, 1u);
  // Sums beyond 64 bits stay exact: 20 branches of 10^18 each.
  graph::Graph g(41, false);
  std::vector<std::uint64_t> w(41, e18);
  for (int i = 0; i < 20; ++i) {
    g.add_edge(0, 1 + 2 * i);
    g.add_edge(1 + 2 * i, 2 + 2 * i);
    w[2 + 2 * i] = e18 - 1;
  }
  EXPECT_TRUE(games::depth2_tree_outcome(g, w).has_value());
}
