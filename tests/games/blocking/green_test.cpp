// Construction 3.8 (D(T)) and the green-only fast path on trees.
#include <gtest/gtest.h>

#include "games/blocking/green.h"
#include "games/blocking/values.h"
#include "graph/graph.h"

namespace cgtlab::games {
namespace {

TEST(BlockingGreen, PathReducesToAnOutStar) {
  // Journal: "when T is a directed path, D(T) is simply an out-star": O = the even vertices.
  auto r = reduce_tree(graph::parse_graph("DP5"));
  EXPECT_EQ(r.odd, (std::vector<int>{1, 3}));
  EXPECT_EQ(r.reduced.to_spec(), "sigma>1,sigma>3");
}

TEST(BlockingGreen, InStarReducesToOneArc) {
  auto r = reduce_tree(graph::parse_graph("InStar3"));
  EXPECT_EQ(r.odd, (std::vector<int>{0}));
  EXPECT_EQ(r.reduced.edge_count(), 1);
}

TEST(BlockingGreen, ReductionKeepsPebblesOfO) {
  auto r = reduce_tree(graph::parse_graph("0>1,1>2,2>3,4>2"));
  EXPECT_EQ(r.odd, (std::vector<int>{1, 2, 3}));  // 2 is reached from source 4 by one arc
  games::BlockingPosition p{{0, 0, 5}, {0, 0, 1}, {0, 0, 2}, {0, 0, 3}, {0, 0, 4}};
  auto q = reduce_position(r, p);
  ASSERT_EQ(q.size(), 4u);
  EXPECT_TRUE(q[0].empty());
  EXPECT_EQ(q[1].green, 1);
  EXPECT_EQ(q[3].green, 3);
}

TEST(BlockingGreen, SmallestCounterexampleToProposition39) {
  // One green pebble on 3 of 0>1>2>3, 4>2: value 0 on T (Grundy of 3 = mex{Grundy of 2 = 2}),
  // but * on D(T), where sigma is a second in-neighbour of 3.
  auto tree = graph::parse_graph("0>1,1>2,2>3,4>2");
  BlockingAnalyzer on_tree(tree);
  games::BlockingPosition p(5);
  p[3].green = 1;
  EXPECT_EQ(on_tree.value(p), cgt::Game());
  auto r = reduce_tree(tree);
  BlockingAnalyzer on_d(r.reduced);
  EXPECT_EQ(on_d.value(reduce_position(r, p)), cgt::Game::nimber(1));
}

}  // namespace
}  // namespace cgtlab::games
