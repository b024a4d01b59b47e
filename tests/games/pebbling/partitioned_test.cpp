// One pebbling search over ranks (threads sharing an in-process util::Comm): the ranked search
// on K_n partitioned (games/pebbling/complete.h PartitionedCompleteSearch) has every layer of
// CompleteGraphSearch, shares owned and disjoint; pebbling_threshold with ThresholdOptions::comm
// gives the one-process threshold and layer statistics (ranked on K_n, generic elsewhere).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "../../util/thread_comm.h"
#include "games/pebbling/complete.h"
#include "games/pebbling/threshold.h"
#include "graph/graph.h"

using namespace cgtlab;
using test_support::on_ranks;
using games::Pebbling;

TEST(PartitionedCompleteSearch, EveryLayerAsTheRankedSearch) {
  for (int n : {2, 3, 4, 6, 7}) {
    for (int k : {1, 2, 3}) {
      const int reach = 36;
      Pebbling rules(graph::parse_graph("K" + std::to_string(n)), k);
      const games::PartitionRanking ranking(n, reach);
      std::vector<games::CompleteLayer> single;
      {
        games::CompleteGraphSearch search(rules, reach);
        single.push_back(search.layer());
        while (search.layer().total < reach) single.push_back(search.advance());
      }
      for (int ranks : {1, 2, 3}) {
        SCOPED_TRACE("K" + std::to_string(n) + " k=" + std::to_string(k) + " ranks=" + std::to_string(ranks));
        std::vector<std::vector<games::PartitionedCompleteLayer>> shares(static_cast<std::size_t>(ranks));
        on_ranks(ranks, [&](int r, util::Comm& comm) {
          Pebbling mine(graph::parse_graph("K" + std::to_string(n)), k);
          games::PartitionedCompleteSearch search(mine, reach, comm);
          auto& out = shares[static_cast<std::size_t>(r)];
          out.push_back(search.layer());
          while (search.layer().total < reach) out.push_back(search.advance());
          for (const auto& l : out)
            for (std::uint64_t x : l.ranks) ASSERT_EQ(search.owner(x), r) << "a class on a rank that does not own it";
        });
        for (int t = 0; t <= reach; ++t) {
          const games::CompleteLayer& one = single[static_cast<std::size_t>(t)];
          std::vector<std::uint64_t> together;
          for (int r = 0; r < ranks; ++r) {
            const auto& l = shares[static_cast<std::size_t>(r)][static_cast<std::size_t>(t)];
            ASSERT_EQ(l.stored, one.stored) << "t=" << t;
            ASSERT_EQ(l.stored_count, one.size()) << "t=" << t;
            ASSERT_EQ(l.classes, one.classes) << "t=" << t;
            ASSERT_TRUE(l.all == one.all && l.p_weight == one.p_weight) << "t=" << t;
            ASSERT_EQ(l.p_classes(), one.p_classes()) << "t=" << t;
            ASSERT_EQ(l.tuples.size(), l.ranks.size() * static_cast<std::size_t>(n));
            std::vector<std::uint16_t> tuple(static_cast<std::size_t>(n));
            for (std::size_t x = 0; x < l.ranks.size(); ++x) {  // each tuple is its rank's
              ranking.unrank(t, l.ranks[x], tuple.data());
              ASSERT_TRUE(std::equal(tuple.begin(), tuple.end(), l.tuples.begin() + static_cast<long>(x) * n));
            }
            together.insert(together.end(), l.ranks.begin(), l.ranks.end());
          }
          std::sort(together.begin(), together.end());
          ASSERT_TRUE(std::adjacent_find(together.begin(), together.end()) == together.end()) << "t=" << t;
          ASSERT_EQ(together, one.sorted_ranks()) << "t=" << t;
        }
      }
    }
  }
}

// pebbling_threshold over ranks (ThresholdOptions::comm): on every rank the threshold and layer
// statistics of one process (the ranked search on K_n, the generic one elsewhere), and the
// generic search's m and P-counts.
TEST(PartitionedPebbling, ThresholdsAsOneProcess) {
  struct Case {
    const char* graph;
    int k, max_total;
  };
  for (const Case& c : {Case{"K4", 1, 40}, Case{"K5", 2, 40}, Case{"K7", 3, 60}, Case{"P4", 1, 30}, Case{"C5", 2, 30},
                        Case{"0-1,1-2,1-3,3-4", 1, 30}, Case{"S3", 2, 30}}) {
    SCOPED_TRACE(std::string(c.graph) + " k=" + std::to_string(c.k));
    Pebbling rules(graph::parse_graph(c.graph), c.k);
    games::ThresholdOptions opt;
    opt.max_total = c.max_total;
    opt.ranked = false;
    const games::PebblingThreshold one = games::pebbling_threshold(rules, opt);
    opt.ranked = true;  // the default: on K_n the ranked search, elsewhere the generic one
    const games::PebblingThreshold ranked = games::pebbling_threshold(rules, opt);
    for (int ranks : {2, 3}) {
      std::vector<games::PebblingThreshold> got(static_cast<std::size_t>(ranks));
      on_ranks(ranks, [&](int r, util::Comm& comm) {
        Pebbling mine(graph::parse_graph(c.graph), c.k);
        games::ThresholdOptions o = opt;
        o.comm = &comm;
        got[static_cast<std::size_t>(r)] = games::pebbling_threshold(mine, o);
      });
      for (const auto& g : got) {
        EXPECT_EQ(g.m, one.m);
        EXPECT_EQ(g.m, ranked.m);
        EXPECT_EQ(g.searched_to, one.searched_to);
        EXPECT_EQ(g.consequence_holds, one.consequence_holds);
        EXPECT_EQ(g.nonempty_p_totals(), one.nonempty_p_totals());
        EXPECT_EQ(g.ranks, ranks);
        EXPECT_GT(g.bytes_exchanged, 0u);
        ASSERT_EQ(g.layers.size(), one.layers.size());
        std::uint64_t per_layer = 0;
        for (std::size_t t = 0; t < g.layers.size(); ++t) {
          EXPECT_TRUE(g.layers[t].positions == one.layers[t].positions) << "t=" << t;
          EXPECT_TRUE(g.layers[t].p_labelled == one.layers[t].p_labelled) << "t=" << t;
          EXPECT_TRUE(g.layers[t].p_labelled == ranked.layers[t].p_labelled) << "t=" << t;
          EXPECT_EQ(g.layers[t].stored, ranked.layers[t].stored) << "t=" << t;
          EXPECT_EQ(g.layers[t].stored_p, ranked.layers[t].stored_p) << "t=" << t;
          EXPECT_TRUE(g.layers[t].p_classes == ranked.layers[t].p_classes) << "t=" << t;
          per_layer += g.layers[t].bytes_exchanged;
        }
        EXPECT_EQ(per_layer, g.bytes_exchanged);
      }
    }
  }
}
