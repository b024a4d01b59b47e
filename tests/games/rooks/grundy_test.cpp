// Rook winning squares through WAK, against Node-Kayles on the attack graph (an independent route).
#include "games/rooks/grundy.h"

#include <gtest/gtest.h>

#include "games/kayles/solver.h"

using namespace cgtlab;

namespace {

void expect_agrees_with_node_kayles(const games::RookBoard& b) {
  auto a = games::rook_grundy(b);
  games::KaylesSolver nk(games::VertexGame::NodeKayles);
  EXPECT_EQ(a.grundy, nk.grundy(games::rook_attack_graph(b))) << games::rook_board_spec(b);
  std::vector<std::string> expected;
  for (auto [r, c] : games::rook_moves(b))
    if (nk.grundy(games::rook_attack_graph(games::rook_play(b, r, c))) == 0) expected.push_back(games::square_name(r, c));
  EXPECT_EQ(a.winning, expected) << games::rook_board_spec(b);
  EXPECT_EQ(a.winning.empty(), a.grundy == 0);
}

}  // namespace

TEST(RookGrundy, AgreesWithNodeKaylesOnTheAttackGraph) {
  expect_agrees_with_node_kayles(games::parse_rook_board("3x3", ""));
  expect_agrees_with_node_kayles(games::parse_rook_board("4x5", "b3,c2"));
  expect_agrees_with_node_kayles(games::parse_rook_board("4x4", "b2,c3", "a1"));
  expect_agrees_with_node_kayles(games::parse_rook_board("1x5", "c1"));
}

TEST(RookGrundy, TwoByTwoIsAPPosition) {
  // Any rook attacks its row and column; the one square left is then taken: two moves.
  auto a = games::rook_grundy(games::parse_rook_board("2x2", ""));
  EXPECT_EQ(a.grundy, 0u);
  EXPECT_TRUE(a.winning.empty());
}
