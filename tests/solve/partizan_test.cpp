// The partizan engine on games whose canonical forms are known by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "solve/impartial.h"
#include "solve/partizan.h"
#include "util/error.h"

using cgtlab::CapReached;
using cgtlab::InputError;
using cgtlab::cgt::Game;
using cgtlab::solve::ImpartialSolver;
using cgtlab::solve::PartizanSolver;
using cgtlab::solve::SearchLimits;

namespace {

// Blue-Red Hackenbush on disjoint stalks (strings of edges from the ground). A stalk is a
// string over {B, R} from the ground up; a move cuts an edge of one's colour, removing it
// and everything above. Each stalk is a component.
struct HackenbushStalks {
  using Position = std::vector<std::string>;
  using Key = std::vector<std::string>;
  Key key(const Position& p) const {
    Key k;
    for (const auto& s : p)
      if (!s.empty()) k.push_back(s);
    std::sort(k.begin(), k.end());
    return k;
  }
  std::vector<Position> cuts(const Position& p, char colour) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (std::size_t j = 0; j < p[i].size(); ++j)
        if (p[i][j] == colour) {
          Position q = p;
          q[i] = p[i].substr(0, j);
          out.push_back(q);
        }
    return out;
  }
  std::vector<Position> left_options(const Position& p) const { return cuts(p, 'B'); }
  std::vector<Position> right_options(const Position& p) const { return cuts(p, 'R'); }
};

struct SplitHackenbush : HackenbushStalks {
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (const auto& s : p)
      if (!s.empty()) out.push_back({s});
    return out;
  }
};

// Nim heaps as a partizan game (both players have the same moves): values are nimbers.
struct PartizanNim {
  using Position = int;
  using Key = int;
  Key key(int n) const { return n; }
  std::vector<int> left_options(int n) const {
    std::vector<int> out;
    for (int t = 0; t < n; ++t) out.push_back(t);
    return out;
  }
  std::vector<int> right_options(int n) const { return left_options(n); }
};

// Deep: Left moves n -> n-1 only; value n (an integer) after a chain of n positions.
struct LeftChain {
  using Position = std::int64_t;
  using Key = std::int64_t;
  Key key(Position n) const { return n; }
  std::vector<Position> left_options(Position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
  std::vector<Position> right_options(Position) const { return {}; }
};

// Domineering: Left places vertical dominoes, Right horizontal ones, on the free cells ('.').
struct Domineering {
  using Position = std::vector<std::string>;
  using Key = std::string;
  Key key(const Position& p) const {
    std::string k;
    for (const auto& row : p) k += row + "/";
    return k;
  }
  std::vector<Position> place(const Position& p, int dr, int dc) const {
    std::vector<Position> out;
    for (std::size_t r = 0; r + dr < p.size(); ++r)
      for (std::size_t c = 0; c + dc < p[r].size(); ++c)
        if (p[r][c] == '.' && p[r + dr][c + dc] == '.') {
          Position q = p;
          q[r][c] = q[r + dr][c + dc] = '#';
          out.push_back(q);
        }
    return out;
  }
  std::vector<Position> left_options(const Position& p) const { return place(p, 1, 0); }
  std::vector<Position> right_options(const Position& p) const { return place(p, 0, 1); }
};

}  // namespace

TEST(PartizanSolver, Domineering) {
  Domineering d;
  PartizanSolver solver(d);
  EXPECT_EQ(solver.value({".."}), Game::integer(-1));
  EXPECT_EQ(solver.value({".", "."}), Game::integer(1));
  EXPECT_EQ(solver.value({"..", ".."}), Game::parse("+-1"));
  EXPECT_EQ(solver.value({"..", ".."}).outcome(), cgtlab::cgt::Outcome::N);
  // A column of n cells: only Left moves, and the value is floor(n/2).
  for (int n = 1; n <= 12; ++n) EXPECT_EQ(solver.value(std::vector<std::string>(n, ".")), Game::integer(n / 2)) << n;
  // Transposing a board swaps the players, so a square board equals its own negative.
  EXPECT_EQ(solver.value({"...", "...", "..."}), -solver.value({"...", "...", "..."}));
}

TEST(PartizanSolver, HackenbushStalksAreNumbers) {
  HackenbushStalks h;
  PartizanSolver solver(h);
  EXPECT_EQ(solver.value({}), Game());
  EXPECT_EQ(solver.value({"B"}), Game::integer(1));
  EXPECT_EQ(solver.value({"R"}), Game::integer(-1));
  EXPECT_EQ(solver.value({"BBB"}), Game::integer(3));
  EXPECT_EQ(solver.value({"BR"}), Game::parse("1/2"));
  EXPECT_EQ(solver.value({"BRR"}), Game::parse("1/4"));
  EXPECT_EQ(solver.value({"BRB"}), Game::parse("3/4"));
  EXPECT_EQ(solver.value({"B", "R"}), Game());
  EXPECT_EQ(solver.value({"BR", "BR", "R"}), Game());  // 1/2 + 1/2 - 1 = 0
}

TEST(PartizanSolver, ComponentsAreSummed) {
  HackenbushStalks whole;
  SplitHackenbush split;
  PartizanSolver a(whole);
  PartizanSolver b(split);
  std::vector<std::vector<std::string>> positions = {{"BRB", "RB"}, {"BBR", "RRB", "B"}, {"BR", "RBB", "RR"}};
  for (const auto& p : positions) EXPECT_EQ(a.value(p), b.value(p)) << a.value(p).str();
}

TEST(PartizanSolver, NimHeapsAreNimbersAndAgreeWithTheImpartialEngine) {
  PartizanNim nim;
  PartizanSolver solver(nim);
  for (int n = 0; n <= 8; ++n) EXPECT_EQ(solver.value(n), Game::nimber(static_cast<cgtlab::cgt::Grundy>(n))) << n;
  // Subtraction {1,3,4} played partizan-style must give *g with g its Grundy value.
  struct Sub134 {
    using Position = int;
    using Key = int;
    Key key(int n) const { return n; }
    std::vector<int> options(int n) const {
      std::vector<int> out;
      for (int s : {1, 3, 4})
        if (s <= n) out.push_back(n - s);
      return out;
    }
    std::vector<int> left_options(int n) const { return options(n); }
    std::vector<int> right_options(int n) const { return options(n); }
  } sub;
  PartizanSolver partizan(sub);
  ImpartialSolver impartial(sub);
  for (int n = 0; n <= 40; ++n) EXPECT_EQ(partizan.value(n), Game::nimber(impartial.grundy(n))) << n;
}

TEST(PartizanSolver, WinningMoves) {
  HackenbushStalks h;
  PartizanSolver solver(h);
  // G = {"B", "R"} = 0: every first move loses.
  EXPECT_TRUE(solver.left_winning_moves({"B", "R"}).empty());
  EXPECT_TRUE(solver.right_winning_moves({"B", "R"}).empty());
  // G = {"BR", "R"} = -1/2: Left's only cut (the B of BR) leaves -1 < 0; Right cutting the R of
  // BR leaves 1 - 1 = 0 (wins), cutting the R stalk leaves 1/2 > 0 (loses).
  EXPECT_TRUE(solver.left_winning_moves({"BR", "R"}).empty());
  auto right = solver.right_winning_moves({"BR", "R"});
  ASSERT_EQ(right.size(), 1u);
  EXPECT_EQ(h.right_options({"BR", "R"})[right[0]], (std::vector<std::string>{"B", "R"}));
}

TEST(PartizanSolver, DeepChainAndCap) {
  LeftChain chain;
  PartizanSolver solver(chain);
  EXPECT_EQ(solver.value(200000), Game::integer(200000));
  PartizanSolver capped(chain, SearchLimits{1000, 0});
  EXPECT_THROW(capped.value(5000), CapReached);
  EXPECT_EQ(capped.positions(), 0u);
  EXPECT_EQ(capped.value(10), Game::integer(10));
}
