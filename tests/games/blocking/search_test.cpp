// Searches over all positions of a graph (atlas, smallest position of a value), checked
// against direct computation.
#include <gtest/gtest.h>

#include "games/blocking/search.h"
#include "graph/graph.h"

namespace cgtlab::games {
namespace {

using cgt::Game;

TEST(BlockingSearch, EnumeratesEachOrbitOnce) {
  BlockingAnalyzer t3(graph::parse_graph("T3"));
  // No symmetry: compositions of n into 9 (vertex, colour) slots, C(n+8, 8).
  EXPECT_EQ(for_each_blocking_position(t3.rules(), 2, "brg", [](const auto&) {}), 45u);
  EXPECT_EQ(for_each_blocking_position(t3.rules(), 3, "br", [](const auto&) {}), 56u);  // C(3+5, 5)
  // OutStar2 swaps its leaves: one green pebble sits on the centre or on a leaf.
  BlockingAnalyzer star(graph::parse_graph("OutStar2"));
  EXPECT_EQ(for_each_blocking_position(star.rules(), 1, "g", [](const auto&) {}), 2u);
  EXPECT_EQ(for_each_blocking_position(star.rules(), 0, "brg", [](const auto&) {}), 1u);
}

TEST(BlockingSearch, SmallestPositionOfAValueIsReallySmallest) {
  BlockingAnalyzer a(graph::parse_graph("T3"));
  auto found = blocking_search(a, Game::parse("1/4"), {8, "br"}, 100);
  ASSERT_TRUE(found.pebbles.has_value());
  for (const auto& p : found.positions) {
    EXPECT_EQ(games::total_pebbles(p), *found.pebbles);
    EXPECT_EQ(a.value(p), Game::parse("1/4"));
  }
  // Nothing smaller has the value.
  for (int n = 0; n < *found.pebbles; ++n)
    for_each_blocking_position(a.rules(), n, "br", [&](const games::BlockingPosition& p) {
      EXPECT_NE(a.value(p), Game::parse("1/4")) << a.rules().format(p);
    });
  // The paper's [[1,0],[2,4],[0,0]] has 7 pebbles; the search may find smaller ones.
  EXPECT_LE(*found.pebbles, 7);
}

TEST(BlockingSearch, AtlasCountsEveryPosition) {
  BlockingAnalyzer a(graph::parse_graph("DP3"));
  auto atlas = blocking_atlas(a, {4, "br"});
  std::uint64_t total = 0;
  for (const auto& e : atlas.entries) {
    total += e.count;
    EXPECT_EQ(a.value(e.example), e.value);
    EXPECT_EQ(games::total_pebbles(e.example), e.min_pebbles);
  }
  EXPECT_EQ(total, atlas.positions);
  EXPECT_EQ(atlas.positions, 210u);  // C(4+6, 6): DP3 has no symmetry
  // Numbers come first, in increasing order.
  for (size_t i = 1; i < atlas.entries.size(); ++i) {
    auto x = atlas.entries[i - 1].value.as_number(), y = atlas.entries[i].value.as_number();
    if (x && y) EXPECT_LT(*x, *y);
    if (!x) EXPECT_FALSE(y.has_value());
  }
}

}  // namespace
}  // namespace cgtlab::games
