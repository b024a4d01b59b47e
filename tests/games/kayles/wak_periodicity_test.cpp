// Section 6 periodicity and the WAK -> Arc-Kayles conversion (Corollary 2).
#include <gtest/gtest.h>

#include <random>

#include "games/kayles/octal.h"
#include "games/kayles/solver.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_periodicity.h"
#include "games/kayles/wak_solver.h"

using namespace cgtlab;
using games::WakGraph;

TEST(WakPeriodicity, ExtrapolationMatchesSearch) {
  std::mt19937_64 rng(21);
  games::WakSolver solver;
  int proven = 0;
  for (int t = 0; t < 60; ++t) {
    WakGraph p;
    int n = 2 + static_cast<int>(rng() % 3);
    for (int v = 0; v < n; ++v) p.add_vertex(rng() % 3, v == 0 || rng() % 3 == 0, std::to_string(v));
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v)
        if (rng() % 2) p.add_edge(u, v);
    for (std::uint64_t x : {30ULL, 31ULL, 40ULL}) {
      auto e = games::extrapolate_weight(p, 0, x, solver);
      WakGraph q = p;
      q.weight[0] = x;
      auto g = solver.grundy(q);
      EXPECT_EQ(e.outcome, g == 0 ? cgt::Outcome::P : cgt::Outcome::N);
      if (e.grundy) EXPECT_EQ(*e.grundy, g) << e.grundy_bound;
      proven += e.grundy.has_value();
    }
  }
  EXPECT_GT(proven, 120);  // the bound reaches weight 30 in most of the 180 cases
}

TEST(WakPeriodicity, HugeWeightOnALoop) {
  games::WakSolver solver;
  WakGraph p;
  p.add_vertex(0, true, "a");
  p.add_vertex(2, false, "b");
  p.add_vertex(1, true, "c");
  p.add_edge(0, 1);
  p.add_edge(1, 2);
  auto e = games::extrapolate_weight(p, 0, 1000000000000000001ULL, solver);
  EXPECT_TRUE(e.grundy.has_value()) << e.grundy_bound;
  EXPECT_FALSE(e.outcome_bound.empty());
}

TEST(WakToArcKayles, SameGrundyValue) {
  std::mt19937_64 rng(8);
  games::WakSolver wak;
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  for (int t = 0; t < 150; ++t) {
    WakGraph p;
    int n = 1 + static_cast<int>(rng() % 4);
    for (int v = 0; v < n; ++v) p.add_vertex(rng() % 3, rng() % 3 == 0, std::to_string(v));
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v)
        if (rng() % 2) p.add_edge(u, v);
    ASSERT_EQ(arc.grundy(games::wak_to_arc_kayles(p)), wak.grundy(p)) << t;
  }
}

TEST(Octal, DawsonsKaylesStart) {
  // 0.07 heaps 0..10 by the octal rule; Arc-Kayles on P_n by the solver.
  auto d = games::octal_grundy_sequence("0.07", 30);
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  for (int n = 1; n <= 30; ++n) {
    graph::Graph p(n, false);
    for (int i = 0; i + 1 < n; ++i) p.add_edge(i, i + 1);
    EXPECT_EQ(arc.grundy(p), d[n]) << n;
  }
  EXPECT_THROW(games::octal_grundy_sequence("0.08", 3), InputError);
}
