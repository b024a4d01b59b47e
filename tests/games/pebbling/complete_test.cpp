// The ranked search on K_n (games/pebbling/complete.h) against the generic layered search,
// layer by layer, and the partition ranking against enumeration.
#include "games/pebbling/complete.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "games/pebbling/threshold.h"
#include "graph/graph.h"

using namespace cgtlab;
using games::Pebbling;

TEST(PartitionRanking, RanksAreTheLexicographicIndex) {
  for (int n : {1, 2, 3, 5, 8}) {
    games::PartitionRanking ranking(n, 30);
    Pebbling rules(graph::parse_graph("K" + std::to_string(std::max(n, 2))), 1);
    for (int t = 0; t <= 30; ++t) {
      // Every descending n-tuple of total t, in lexicographic order.
      std::vector<std::vector<std::uint16_t>> all;
      std::vector<std::uint16_t> a(static_cast<std::size_t>(n), 0);
      auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
        if (i == n) {
          if (rest == 0) all.push_back(a);
          return;
        }
        for (int v = 0; v <= std::min(bound, rest); ++v) {
          a[i] = static_cast<std::uint16_t>(v);
          self(self, i + 1, v, rest - v);
        }
        a[i] = 0;
      };
      fill(fill, 0, t, t);
      ASSERT_EQ(ranking.count(t), all.size()) << "n=" << n << " t=" << t;
      std::vector<std::uint16_t> back(static_cast<std::size_t>(n));
      for (std::size_t r = 0; r < all.size(); ++r) {
        ASSERT_EQ(ranking.rank(all[r].data(), t), r);
        ranking.unrank(t, r, back.data());
        ASSERT_EQ(back, all[r]);
      }
    }
  }
}

// Both searches, every layer: same P-count (classes and labelled), same m.
void same_as_generic(int n, int k, int max_total) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(n)), k);
  games::ThresholdOptions ranked, generic;
  ranked.max_total = generic.max_total = max_total;
  generic.ranked = false;
  ASSERT_TRUE(games::CompleteGraphSearch::usable(rules, max_total + ranked.confirm_layers));
  auto a = games::pebbling_threshold(rules, ranked);
  auto b = games::pebbling_threshold(rules, generic);
  EXPECT_EQ(a.m, b.m) << "K" << n << " k=" << k;
  EXPECT_EQ(a.searched_to, b.searched_to);
  EXPECT_EQ(a.consequence_holds, b.consequence_holds);
  ASSERT_EQ(a.layers.size(), b.layers.size());
  for (std::size_t t = 0; t < a.layers.size(); ++t) {
    EXPECT_TRUE(a.layers[t].p_labelled == b.layers[t].p_labelled) << "K" << n << " k=" << k << " t=" << t;
    EXPECT_EQ(a.layers[t].p_classes, b.layers[t].p_classes) << "K" << n << " k=" << k << " t=" << t;
  }
}

TEST(CompleteGraphSearch, AgreesWithGenericSearchLayerByLayer) {
  same_as_generic(3, 1, 40);
  same_as_generic(4, 3, 80);   // no m: P-sets all the way
  same_as_generic(5, 2, 60);
  same_as_generic(6, 3, 60);
  same_as_generic(7, 2, 50);
  same_as_generic(8, 4, 70);
  same_as_generic(9, 3, 60);  // large layers: the parallel paths
}

// A bound of 255 or more: the tuples are packed as bytes for totals below 255 and not past
// them (complete.cpp's advance). K2 has P-classes with a count near the total at every total
// (280 = 278 + 2 with k = 1, 280 + 0 with k = 2) and K4 with k = 3 at every even total, so the
// search crosses from one path to the other with nonempty sides, counts over 255 on K2; K6
// k=2 and K8 k=4 (m = 21, 45) have their sides empty long before 255, with a bound that used
// to turn packing off.
TEST(CompleteGraphSearch, PackingStopsAtTotal255WithTheSameLayers) {
  same_as_generic(2, 1, 300);
  same_as_generic(2, 2, 300);
  same_as_generic(4, 3, 290);
  same_as_generic(6, 2, 300);
  same_as_generic(8, 4, 260);
}

TEST(CompleteGraphSearch, RefusesAGraphThatIsNotComplete) {
  games::Pebbling rules(graph::parse_graph("P4"), 1);
  EXPECT_THROW(games::CompleteGraphSearch(rules, 10), InputError);
}

TEST(CompleteGraphSearch, P_SetsAreTheGenericOnes) {
  // The P-classes of one layer as tuples, from both searches.
  Pebbling rules(graph::parse_graph("K6"), 2);
  games::CompleteGraphSearch ranked(rules, 40);
  games::PartitionRanking ranking(6, 40);
  for (int t = 1; t <= 30; ++t) {
    const auto& l = ranked.advance();
    auto generic = games::pebbling_p_positions(rules, t, false);
    std::vector<std::uint64_t> p;
    if (l.stored == solve::Side::P) {
      p = l.sorted_ranks();
    } else {
      auto sorted = l.sorted_ranks();
      for (std::uint64_t r = 0; r < l.classes; ++r)
        if (!std::binary_search(sorted.begin(), sorted.end(), r)) p.push_back(r);
    }
    std::vector<Pebbling::Position> mine;
    for (std::uint64_t r : p) {
      std::uint16_t a[6];
      ranking.unrank(t, r, a);
      mine.emplace_back(a, a + 6);
    }
    std::sort(mine.begin(), mine.end());
    std::sort(generic.begin(), generic.end());
    EXPECT_EQ(mine, generic) << "t=" << t;
  }
}
