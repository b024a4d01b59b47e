// Winning moves of WAK, Arc-Kayles and Node-Kayles, checked against the solver move by move.
#include "games/kayles/winning.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/kayles/rules.h"
#include "games/kayles/wak_solver.h"

using namespace cgtlab;

TEST(KaylesWinning, NodeKaylesOnAPathOfThreePlaysTheMiddle) {
  auto g = graph::parse_graph("a-b,b-c");
  games::KaylesSolver s(games::VertexGame::NodeKayles);
  auto r = s.analyse(g);
  EXPECT_EQ(games::kayles_winning_moves(g, games::VertexGame::NodeKayles, r), std::vector<std::string>{"b"});
}

TEST(KaylesWinning, ArcKayles) {
  auto g = graph::parse_graph("a-b,b-c");  // either edge leaves one vertex: a P-position
  games::KaylesSolver s(games::VertexGame::ArcKayles);
  auto r = s.analyse(g);
  auto w = games::kayles_winning_moves(g, games::VertexGame::ArcKayles, r);
  std::sort(w.begin(), w.end());
  EXPECT_EQ(w, (std::vector<std::string>{"a-b", "b-c"}));
  // P4: the middle edge leaves two isolated vertices (P); an end edge leaves an edge (N).
  auto p4 = graph::parse_graph("P4");
  auto r4 = s.analyse(p4);
  EXPECT_EQ(games::kayles_winning_moves(p4, games::VertexGame::ArcKayles, r4), std::vector<std::string>{"1-2"});
}

TEST(KaylesWinning, WakMovesToPPositionsAgreeWithTheSolver) {
  auto g = graph::parse_graph("a-b,b-c,c-c,c-d");
  const std::vector<std::uint64_t> w{2, 3, 2, 1};
  games::WakAnalyser a;
  auto ans = a.analyse(g, w, true);
  auto win = games::wak_winning_moves(ans);
  EXPECT_TRUE(win.complete);
  auto p = games::make_wak(g, w);
  games::WakSolver solver;
  std::vector<std::string> expected;
  for (auto m : games::wak_moves(p))
    if (solver.grundy(games::wak_play(p, m)) == 0) expected.push_back(games::wak_move_name(p, m));
  auto got = win.moves;
  std::sort(got.begin(), got.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(got, expected);
  EXPECT_EQ(got.empty(), solver.grundy(p) == 0);
}

TEST(KaylesWinning, UndeterminedOptionsMakeTheListIncomplete) {
  games::WakAnswer ans;
  ans.moves.push_back({"a-b", {std::nullopt, cgt::Outcome::P, {}}});
  ans.moves.push_back({"b~", {std::nullopt, std::nullopt, {}}});
  auto win = games::wak_winning_moves(ans);
  EXPECT_FALSE(win.complete);
  EXPECT_EQ(win.moves, std::vector<std::string>{"a-b"});
}
