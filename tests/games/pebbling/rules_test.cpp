// The (k+1:k)-pebbling ruleset: moves, un-moves, symmetry classes and their sizes.
#include "games/pebbling/rules.h"

#include <gtest/gtest.h>

#include <set>

#include "graph/graph.h"
#include "util/error.h"

using cgtlab::games::Pebbling;
using cgtlab::graph::parse_graph;

namespace {

Pebbling::Position pos(std::initializer_list<int> v) {
  Pebbling::Position p;
  for (int x : v) p.push_back(static_cast<Pebbling::Count>(x));
  return p;
}

}  // namespace

TEST(Pebbling, MoveTakesKPlusOneAndAddsKToANeighbour) {
  Pebbling rules(parse_graph("P3"), 2);  // path 0-1-2
  auto p = pos({3, 0, 5});
  auto moves = rules.moves(p);
  ASSERT_EQ(moves.size(), 2u);  // 0->1 and 2->1 only: 0 and 2 are not adjacent
  EXPECT_EQ(rules.apply(p, moves[0]), pos({0, 2, 5}));
  EXPECT_EQ(rules.apply(p, moves[1]), pos({3, 2, 2}));
  EXPECT_FALSE(rules.terminal(p));
  EXPECT_TRUE(rules.terminal(pos({2, 2, 2})));
}

TEST(Pebbling, RejectsBadInput) {
  EXPECT_THROW(Pebbling(parse_graph("K3"), 0), cgtlab::InputError);
  EXPECT_THROW(Pebbling(parse_graph("0-0,0-1"), 1), cgtlab::InputError);
  EXPECT_THROW(Pebbling(parse_graph("T3"), 1), cgtlab::InputError);
  Pebbling rules(parse_graph("K3"), 1);
  EXPECT_THROW(rules.parse_position("1,2"), cgtlab::InputError);
  EXPECT_THROW(rules.parse_position("1,-2,0"), cgtlab::InputError);
  EXPECT_THROW(rules.parse_position("1,x,0"), cgtlab::InputError);
  EXPECT_THROW(rules.parse_position("99999,0,0"), cgtlab::InputError);
  EXPECT_EQ(rules.parse_position("2=4,0=1"), pos({1, 0, 4}));
}

// Over every position of small totals: the canonical options are exactly the classes of
// the labelled options, the canonical predecessors exactly the classes having an option in
// the class, and the class sizes add up to the number of labelled positions.
void check_consistency(const std::string& spec, int k, int max_total) {
  Pebbling rules(parse_graph(spec), k);
  for (int t = 0; t <= max_total; ++t) {
    std::set<Pebbling::Position> classes;
    rules.for_each_labelled(t, [&](const Pebbling::Position& p) { classes.insert(rules.canonical(p)); });
    std::set<Pebbling::Position> listed;
    rules.for_each_class(t, [&](const Pebbling::Position& p) { listed.insert(p); });
    EXPECT_EQ(classes, listed) << spec << " total " << t;
    Pebbling::Weight sum = 0;
    for (const auto& c : classes) sum += rules.class_size(c);
    EXPECT_TRUE(sum == rules.layer_size(t)) << spec << " total " << t;
    if (auto count = rules.class_count(t)) {
      EXPECT_TRUE(*count == classes.size()) << spec << " total " << t;
    }
    std::set<Pebbling::Position> terminals;
    rules.for_each_terminal(t, [&](const Pebbling::Position& p) { terminals.insert(p); });
    for (const auto& c : classes) {
      EXPECT_EQ(terminals.count(c) == 1, rules.terminal(c)) << spec << " " << rules.to_string(c);
      std::set<Pebbling::Position> want, got;
      for (const auto& q : rules.options(c)) want.insert(rules.canonical(q));
      rules.for_each_canonical_option(c, [&](const Pebbling::Position& q) {
        got.insert(q);
        return true;
      });
      EXPECT_EQ(want, got) << spec << " options of " << rules.to_string(c);
    }
    // Predecessors of the classes of total t-1: x has an option in class(y).
    if (t == 0) continue;
    std::set<Pebbling::Position> below;
    rules.for_each_class(t - 1, [&](const Pebbling::Position& p) { below.insert(p); });
    for (const auto& y : below) {
      std::set<Pebbling::Position> want, got;
      for (const auto& x : classes)
        for (const auto& q : rules.options(x))
          if (rules.canonical(q) == y) want.insert(x);
      rules.for_each_canonical_predecessor(y, [&](const Pebbling::Position& q) { got.insert(q); });
      EXPECT_EQ(want, got) << spec << " predecessors of " << rules.to_string(y);
    }
  }
}

TEST(Pebbling, CompleteGraphClassesAreSortedTuples) { check_consistency("K4", 2, 12); }
TEST(Pebbling, CompleteGraphK5) { check_consistency("K5", 1, 9); }
TEST(Pebbling, CycleUsesNautySymmetry) { check_consistency("C4", 1, 10); }
TEST(Pebbling, PathAndStar) {
  check_consistency("P4", 2, 9);
  check_consistency("S3", 1, 8);
}
TEST(Pebbling, IsolatedVertexNeverMoves) {
  check_consistency("0-1,2", 1, 8);
  Pebbling rules(parse_graph("0-1,2"), 1);
  EXPECT_TRUE(rules.terminal(pos({1, 0, 9})));
}
