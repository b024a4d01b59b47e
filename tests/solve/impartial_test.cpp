// The impartial engine on games whose Grundy values are known by hand: Nim, subtraction
// games, Kayles; sums by nim-sum; deep games; caps; cycles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "solve/impartial.h"
#include "util/error.h"

using cgtlab::CapReached;
using cgtlab::InputError;
using cgtlab::cgt::Grundy;
using cgtlab::cgt::Outcome;
using cgtlab::solve::ImpartialSolver;
using cgtlab::solve::SearchLimits;

namespace {

// Nim: take any positive number of counters from one heap. Solved as a whole (no components),
// so the engine has to find the nim-sum by search.
struct WholeNim {
  using Position = std::vector<int>;
  using Key = std::vector<int>;
  Key key(const Position& p) const {
    Key k = p;
    std::sort(k.begin(), k.end());
    k.erase(std::remove(k.begin(), k.end(), 0), k.end());
    return k;
  }
  std::vector<Position> options(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (int t = 0; t < p[i]; ++t) {
        Position q = p;
        q[i] = t;
        out.push_back(q);
      }
    return out;
  }
};

// The same Nim, split into its heaps: the engine nim-sums single heaps.
struct SplitNim : WholeNim {
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (int h : p)
      if (h > 0) out.push_back({h});
    return out;
  }
};

// Subtraction game: remove s counters from a heap, s in the subtraction set.
struct Subtraction {
  std::vector<int> set;
  using Position = int;
  using Key = std::uint64_t;
  Key key(int n) const { return static_cast<Key>(n); }
  std::vector<int> options(int n) const {
    std::vector<int> out;
    for (int s : set)
      if (s <= n) out.push_back(n - s);
    return out;
  }
};

// Kayles: a row of pins; knock down one pin or two adjacent ones. A position is a list of
// rows, split into rows by components.
struct Kayles {
  using Position = std::vector<int>;
  using Key = std::vector<int>;
  Key key(const Position& p) const { return WholeNim().key(p); }
  std::vector<Position> options(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t i = 0; i < p.size(); ++i)
      for (int take = 1; take <= 2; ++take)
        for (int left = 0; left + take <= p[i]; ++left) {
          Position q = p;
          q[i] = left;
          q.push_back(p[i] - left - take);
          out.push_back(q);
        }
    return out;
  }
  std::vector<Position> components(const Position& p) const { return SplitNim().components(p); }
};

// A single chain n -> n-1 -> ... -> 0, far deeper than any call stack allows.
struct Chain {
  using Position = std::int64_t;
  using Key = std::int64_t;
  Key key(Position n) const { return n; }
  std::vector<Position> options(Position n) const {
    if (n == 0) return {};
    return {n - 1};
  }
};

// A ruleset with a cycle 0 -> 1 -> 2 -> 0: not a short game.
struct Cyclic {
  using Position = int;
  using Key = int;
  Key key(int n) const { return n; }
  std::vector<int> options(int n) const { return {(n + 1) % 3}; }
};

// Positions and keys without default constructors must work (the engine never default-builds them).
struct Heap {
  explicit Heap(int n) : size(n) {}
  int size;
};
struct HeapKey {
  explicit HeapKey(int n) : size(n) {}
  int size;
  friend bool operator==(const HeapKey& a, const HeapKey& b) { return a.size == b.size; }
  template <class H>
  friend H AbslHashValue(H h, const HeapKey& k) {
    return H::combine(std::move(h), k.size);
  }
};
struct OddNim {  // take an odd number of counters
  using Position = Heap;
  using Key = HeapKey;
  Key key(const Heap& h) const { return HeapKey(h.size); }
  std::vector<Heap> options(const Heap& h) const {
    std::vector<Heap> out;
    for (int t = 1; t <= h.size; t += 2) out.emplace_back(h.size - t);
    return out;
  }
};

}  // namespace

TEST(ImpartialSolver, PositionsNeedNoDefaultConstructor) {
  OddNim rules;
  ImpartialSolver solver(rules);
  // Taking odd amounts: g(n) = n mod 2 (parity changes with every move).
  for (int n = 0; n <= 30; ++n) EXPECT_EQ(solver.grundy(Heap(n)), static_cast<Grundy>(n % 2)) << n;
}

TEST(ImpartialSolver, SingleNimHeapHasGrundyValueItsSize) {
  WholeNim nim;
  ImpartialSolver solver(nim);
  for (int h = 0; h <= 12; ++h) EXPECT_EQ(solver.grundy({h}), static_cast<Grundy>(h));
}

TEST(ImpartialSolver, NimSumWholeSearchAgreesWithXor) {
  WholeNim nim;
  ImpartialSolver solver(nim);
  for (int a = 0; a <= 5; ++a)
    for (int b = 0; b <= 6; ++b)
      for (int c = 0; c <= 7; ++c)
        EXPECT_EQ(solver.grundy({a, b, c}), static_cast<Grundy>(a ^ b ^ c)) << a << "," << b << "," << c;
  EXPECT_EQ(solver.outcome({1, 2, 3}), Outcome::P);
  EXPECT_EQ(solver.outcome({1, 2, 4}), Outcome::N);
}

TEST(ImpartialSolver, ComponentsAreNimSummedAndMemoizedSeparately) {
  SplitNim nim;
  ImpartialSolver solver(nim);
  EXPECT_EQ(solver.grundy({9, 14, 3, 30}), static_cast<Grundy>(9 ^ 14 ^ 3 ^ 30));
  // Only single heaps 0..30 are stored, not multi-heap positions.
  EXPECT_LE(solver.positions(), 31u);
  EXPECT_EQ(solver.grundy({}), 0u);
}

TEST(ImpartialSolver, WinningMovesLeadToZero) {
  WholeNim nim;
  ImpartialSolver solver(nim);
  // 3 ^ 4 ^ 5 = 2: the only winning move takes heap 3 down to 1.
  auto moves = solver.winning_moves({3, 4, 5});
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(nim.options({3, 4, 5})[moves[0]], (std::vector<int>{1, 4, 5}));
  EXPECT_TRUE(solver.winning_moves({1, 2, 3}).empty());  // a P-position has none
  EXPECT_EQ(solver.winning_moves({2, 2, 5}).size(), 1u);
}

TEST(ImpartialSolver, SubtractionGames) {
  Subtraction s123{{1, 2, 3}};
  ImpartialSolver a(s123);
  for (int n = 0; n <= 100; ++n) EXPECT_EQ(a.grundy(n), static_cast<Grundy>(n % 4)) << n;
  // Subtraction set {1,3,4}: Grundy values 0 1 0 1 2 3 2 with period 7 (Winning Ways).
  Subtraction s134{{1, 3, 4}};
  ImpartialSolver b(s134);
  const Grundy period[7] = {0, 1, 0, 1, 2, 3, 2};
  for (int n = 0; n <= 200; ++n) EXPECT_EQ(b.grundy(n), period[n % 7]) << n;
  // From 5 (value 3): moves to 4 (2), 2 (0), 1 (1); only 5-3 = 2 wins.
  EXPECT_EQ(b.winning_moves(5), (std::vector<std::size_t>{1}));
}

TEST(ImpartialSolver, KaylesRows) {
  Kayles k;
  ImpartialSolver solver(k);
  const Grundy expected[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7};
  for (int n = 0; n < static_cast<int>(std::size(expected)); ++n) EXPECT_EQ(solver.grundy({n}), expected[n]) << n;
  EXPECT_EQ(solver.grundy({5, 11}), 4u ^ 6u);
}

TEST(ImpartialSolver, DepthIsNotLimitedByTheCallStack) {
  Chain chain;
  ImpartialSolver solver(chain);
  EXPECT_EQ(solver.grundy(1000001), 1u);
  EXPECT_EQ(solver.positions(), 1000002u);
  EXPECT_EQ(solver.grundy(1000000), 0u);
}

TEST(ImpartialSolver, PositionCapThrowsAndLeavesTheMemoUsable) {
  Chain chain;
  ImpartialSolver solver(chain, SearchLimits{100, 0});
  EXPECT_THROW(solver.grundy(1000), CapReached);
  EXPECT_EQ(solver.positions(), 0u);  // nothing half-evaluated is kept
  EXPECT_EQ(solver.grundy(50), 0u);
  EXPECT_EQ(solver.grundy(51), 1u);
}

TEST(ImpartialSolver, MemoryCapThrows) {
  Chain chain;
  ImpartialSolver solver(chain, SearchLimits{0, 4096});
  EXPECT_THROW(solver.grundy(100000), CapReached);
}

TEST(ImpartialSolver, CycleIsAnInputError) {
  Cyclic c;
  ImpartialSolver solver(c);
  EXPECT_THROW(solver.grundy(0), InputError);
  EXPECT_EQ(solver.positions(), 0u);
}
