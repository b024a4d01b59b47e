// The non-attacking rooks game: board parsing, moves, and Proposition 1 (rooks = WAK).
#include <gtest/gtest.h>

#include <random>

#include "games/kayles/solver.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_families.h"
#include "games/kayles/wak_solver.h"
#include "games/rooks/rules.h"

using namespace cgtlab;

TEST(Rooks, ParsesBoardsLikeChess) {
  auto b = games::parse_rook_board("6x8", "b3,c5");
  EXPECT_EQ(b.rows, 6);
  EXPECT_EQ(b.cols, 8);
  EXPECT_TRUE(b.hole[b.index(2, 1)]);  // b3: column b, row 3
  EXPECT_TRUE(b.hole[b.index(4, 2)]);
  EXPECT_EQ(games::square_name(2, 1), "b3");
  EXPECT_THROW(games::parse_rook_board("6x", ""), InputError);
  EXPECT_THROW(games::parse_rook_board("6x8", "i1"), InputError);
  EXPECT_THROW(games::parse_rook_board("6x8", "a7"), InputError);
  EXPECT_THROW(games::parse_rook_board("6x8", "a1,a1"), InputError);
  EXPECT_THROW(games::parse_rook_board("6x8", "", "a1,a5"), InputError);  // same column, no hole between
  EXPECT_NO_THROW(games::parse_rook_board("6x8", "a3", "a1,a5"));          // the hole blocks the attack
}

TEST(Rooks, SpecRoundTrips) {
  auto b = games::parse_rook_board("3x4", "a1,c2", "b3");
  EXPECT_EQ(games::rook_board_spec(b), "3x4 holes a1,c2 rooks b3");
  EXPECT_EQ(games::rook_board_spec(games::parse_rook_board("2x2", "")), "2x2");
}

TEST(Rooks, AttacksStopAtHoles) {
  auto b = games::parse_rook_board("1x5", "c1", "a1");
  auto moves = games::rook_moves(b);
  ASSERT_EQ(moves.size(), 2u);  // d1 and e1 are beyond the hole
  EXPECT_EQ(moves[0], (std::pair<int, int>{0, 3}));
}

TEST(Rooks, NoHolesGameLastsMinDimensionMoves) {
  // Figure 2: on a 6x8 board without holes every game lasts 6 moves: a P-position.
  games::WakSolver wak;
  EXPECT_EQ(wak.grundy(games::rooks_to_wak(games::parse_rook_board("6x8", ""))), 0u);
  EXPECT_NE(wak.grundy(games::rooks_to_wak(games::parse_rook_board("5x8", ""))), 0u);
}

TEST(Rooks, WakEqualsDirectGameOnRandomBoards) {
  std::mt19937_64 rng(3);
  games::WakSolver wak;
  games::KaylesSolver node(games::VertexGame::NodeKayles);
  for (int t = 0; t < 150; ++t) {
    auto b = games::random_rook_board(rng, 4, 4);
    auto direct = node.grundy(games::rook_attack_graph(b));
    ASSERT_EQ(wak.grundy(games::rooks_to_wak(b, false)), direct) << games::rook_board_spec(b);
    ASSERT_EQ(wak.grundy(games::rooks_to_wak(b, true)), direct) << games::rook_board_spec(b);
  }
}
