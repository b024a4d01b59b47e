// The layered search partitioned over ranks (solve/layered_partitioned.h), the ranks played by
// threads sharing an in-process util::Comm: with 1, 2 and 3 ranks every layer has the side,
// counts and weights of one LayeredSearch, the ranks' shares are disjoint, owned and together
// the single search's stored set; a cap stops every rank exactly where one search stops.
// (pebbling_threshold over ranks: tests/games/pebbling/partitioned_test.cpp.)
#include "solve/layered_partitioned.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "../util/thread_comm.h"
#include "games/pebbling/rules.h"
#include "graph/graph.h"
#include "util/error.h"

using namespace cgtlab;
using test_support::on_ranks;
using games::Pebbling;
using Position = Pebbling::Position;
using Single = solve::LayeredSearch<Pebbling>;
using Parted = solve::PartitionedLayeredSearch<Pebbling>;

namespace {

struct Snapshot {
  solve::Side stored;
  std::uint64_t stored_count;
  solve::Weight all, p_weight;
  std::vector<Position> positions;  // this rank's share
  std::uint64_t bytes;
};

// Graphs with and without symmetry; a complete graph, a path, a cycle, a star, a small tree.
const char* kGraphs[] = {"K4", "K5", "P5", "C5", "S3", "0-1,1-2,1-3,3-4,3-5", "Petersen"};

void same_layers(const std::string& spec, int k, int max_measure, int ranks) {
  SCOPED_TRACE(spec + " k=" + std::to_string(k) + " ranks=" + std::to_string(ranks));
  Pebbling rules(graph::parse_graph(spec), k);
  std::vector<Single::Layer> single;
  {
    Single search(rules);
    single.push_back(search.layer());
    while (search.layer().measure < max_measure) single.push_back(search.advance());
  }
  // shares[rank][measure]
  std::vector<std::vector<Snapshot>> shares(static_cast<std::size_t>(ranks));
  on_ranks(ranks, [&](int r, util::Comm& comm) {
    Pebbling mine(graph::parse_graph(spec), k);  // each rank its own rules, as separate processes
    Parted search(mine, comm);
    auto snap = [&](const Parted::Layer& l) {
      shares[static_cast<std::size_t>(r)].push_back(
          {l.stored, l.stored_count, l.all, l.p_weight, l.positions, l.bytes_exchanged});
    };
    snap(search.layer());
    while (search.layer().measure < max_measure) snap(search.advance());
  });
  for (int t = 0; t <= max_measure; ++t) {
    const Single::Layer& one = single[static_cast<std::size_t>(t)];
    std::vector<Position> together;
    for (int r = 0; r < ranks; ++r) {
      const Snapshot& s = shares[static_cast<std::size_t>(r)][static_cast<std::size_t>(t)];
      ASSERT_EQ(s.stored, one.stored) << "t=" << t;
      ASSERT_EQ(s.stored_count, one.positions.size()) << "t=" << t;
      ASSERT_TRUE(s.all == one.all) << "t=" << t;
      ASSERT_TRUE(s.p_weight == one.p_weight) << "t=" << t;
      // Every rank reports the same bytes for the layer; one rank sends nothing.
      ASSERT_EQ(s.bytes, shares[0][static_cast<std::size_t>(t)].bytes) << "t=" << t;
      if (ranks == 1) ASSERT_EQ(s.bytes, 0u);
      for (const Position& p : s.positions) {
        ASSERT_EQ(solve::partition::stable_hash(p.data(), p.size() * sizeof(p[0])) % static_cast<std::uint64_t>(ranks),
                  static_cast<std::uint64_t>(r))
            << "t=" << t << ": a class held by a rank that does not own it";
        together.push_back(p);
      }
    }
    std::sort(together.begin(), together.end(), solve::ByteOrder{});
    ASSERT_TRUE(std::adjacent_find(together.begin(), together.end()) == together.end()) << "t=" << t << ": a class on two ranks";
    ASSERT_EQ(together, one.positions) << "t=" << t;
  }
}

}  // namespace

TEST(PartitionedLayeredSearch, EveryLayerAsOneSearch) {
  for (const char* g : kGraphs) {
    for (int k : {1, 2}) {
      const int reach = std::string(g) == "Petersen" ? 10 : 16;
      for (int ranks : {1, 2, 3}) same_layers(g, k, reach, ranks);
    }
  }
}

TEST(PartitionedLayeredSearch, MessagesRoundTrip) {
  std::string m;
  Position a{3, 0, 65535, 7}, b{};
  solve::partition::put_position(m, a);
  solve::partition::put_varint(m, 300);
  solve::partition::put_position(m, b);
  solve::partition::put_varint(m, ~std::uint64_t{0});
  std::size_t at = 0;
  EXPECT_EQ(solve::partition::get_position<Position>(m, at), a);
  EXPECT_EQ(solve::partition::get_varint(m, at), 300u);
  EXPECT_EQ(solve::partition::get_position<Position>(m, at), b);
  EXPECT_EQ(solve::partition::get_varint(m, at), ~std::uint64_t{0});
  EXPECT_EQ(at, m.size());
  // A cut message is a bug reported as such, never a read past the end.
  std::string cut = m.substr(0, 5);
  at = 0;
  EXPECT_THROW(solve::partition::get_position<Position>(cut, at), std::logic_error);
}

// The cap counts the classes of all ranks together: for every cap, the partitioned search stops
// (on every rank, with CapReached) exactly when one search stops.
TEST(PartitionedLayeredSearch, CapsStopEveryRankAsOneSearch) {
  for (const char* spec : {"K5", "C5", "0-1,1-2,1-3,3-4,3-5"}) {
    const int k = 1, reach = 14;
    Pebbling rules(graph::parse_graph(spec), k);
    int stops = 0, passes = 0;  // the caps below must include both
    for (std::uint64_t cap : {1, 3, 5, 8, 12, 20, 30, 45, 60, 90, 150, 400, 100000}) {
      solve::SearchLimits limits;
      limits.max_positions = cap;
      std::optional<int> single_stop;
      try {
        Single search(rules, limits);
        while (search.layer().measure < reach) search.advance();
      } catch (const CapReached&) {
        single_stop = 1;
      }
      ++(single_stop ? stops : passes);
      for (int ranks : {2, 3}) {
        std::vector<int> stopped(static_cast<std::size_t>(ranks), 0);
        std::vector<int> reached(static_cast<std::size_t>(ranks), -1);
        on_ranks(ranks, [&](int r, util::Comm& comm) {
          Pebbling mine(graph::parse_graph(spec), k);
          try {
            Parted search(mine, comm, limits);
            while (search.layer().measure < reach) search.advance();
            reached[static_cast<std::size_t>(r)] = search.layer().measure;
          } catch (const CapReached&) {
            stopped[static_cast<std::size_t>(r)] = 1;
          }
        });
        for (int r = 0; r < ranks; ++r) {
          EXPECT_EQ(stopped[static_cast<std::size_t>(r)], single_stop ? 1 : 0)
              << spec << " cap " << cap << " ranks " << ranks << " rank " << r;
        }
      }
    }
    EXPECT_GT(stops, 0) << spec;
    EXPECT_GT(passes, 0) << spec;
  }
}
