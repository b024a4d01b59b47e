// The moves of BLOCKING PEBBLES, checked one by one against the rules and the papers'
// worked examples (Figure 2, the down example of Section 3, the discovered move).
#include <gtest/gtest.h>

#include <algorithm>

#include "games/blocking/rules.h"
#include "graph/graph.h"
#include "util/error.h"

namespace cgtlab::games {
namespace {

BlockingPebbles rules(const char* spec) { return BlockingPebbles(graph::parse_graph(spec)); }

bool contains(const std::vector<BlockingPosition>& v, const BlockingPosition& p) {
  return std::find(v.begin(), v.end(), p) != v.end();
}

std::vector<std::string> formatted(const BlockingPebbles& r, const std::vector<BlockingPosition>& v) {
  std::vector<std::string> out;
  for (const auto& p : v) out.push_back(r.format(p));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(BlockingPebbles, ParsesNamedAndPositionalSpecs) {
  auto r = rules("T3");
  auto p = r.parse("2=1/3/0");
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[2], (Pebbles{1, 3, 0}));
  EXPECT_TRUE(p[0].empty() && p[1].empty());
  EXPECT_EQ(r.parse("1/0/0,2/4/0,0/0/0"), r.parse("0=1/0/0,1=2/4/0"));
  EXPECT_EQ(r.parse("1/0,2/4,0/0"), r.parse("0=1/0/0,1=2/4/0"));  // the papers' [blue, red] pairs
  EXPECT_EQ(r.format(r.parse("0=1/0/0,1=2/4/0")), "0=1/0/0,1=2/4/0");
  EXPECT_EQ(r.format(r.parse("")), "empty");
  EXPECT_EQ(r.parse("empty"), BlockingPosition(3));
  // The papers' notation: one [blue, red] or [blue, red, green] entry per vertex, in vertex order.
  EXPECT_EQ(r.parse("[[0,0],[0,0],[1,4]]"), r.parse("2=1/4/0"));
  EXPECT_EQ(r.parse("[[1,0], [2,4,1], [0,0]]"), r.parse("0=1/0/0,1=2/4/1"));
  EXPECT_THROW(r.parse("[[0,0],[1,4]]"), InputError);         // two entries on three vertices
  EXPECT_THROW(r.parse("[[0,0],[0,0],[1,4]"), InputError);    // unbalanced
  EXPECT_THROW(r.parse("[[0,0],[0,0],[1,4],]"), InputError);  // trailing comma
  EXPECT_THROW(r.parse("[[0,0][0,0],[1,4]]"), InputError);    // missing comma
}

TEST(BlockingPebbles, RejectsBadInput) {
  auto r = rules("T3");
  EXPECT_THROW(r.parse("7=1/0/0"), InputError);        // unknown vertex
  EXPECT_THROW(r.parse("0=-1/0/0"), InputError);       // negative count
  EXPECT_THROW(r.parse("0=1/0/0,0=1/0/0"), InputError);  // named twice
  EXPECT_THROW(r.parse("0=1/x/0"), InputError);        // not a number
  EXPECT_THROW(r.parse("0=1/0/0/4"), InputError);      // four colours
  EXPECT_THROW(r.parse("1/0/0,0/0/0"), InputError);    // positional list of the wrong length
  EXPECT_THROW(r.parse("0=2000/0/0"), InputError);     // beyond the key's packing
  EXPECT_THROW(rules("a>b,b>c,c>a"), InputError);      // a cycle
  EXPECT_THROW(rules("0-1"), InputError);              // undirected
}

// Journal, Section 3: out-star u -> v1, v2; v1 holds a blue pebble, v2 one red and one
// green. Left can move the blue or the green pebble to u; Right the green, the red, or both.
TEST(BlockingPebbles, DownExampleOptions) {
  auto r = rules("OutStar2");
  auto p = r.parse("1=1/0/0,2=0/1/1");
  EXPECT_EQ(formatted(r, r.left_options(p)), (std::vector<std::string>{"0=0/0/1,1=1/0/0,2=0/1/0", "0=1/0/0,2=0/1/1"}));
  EXPECT_EQ(formatted(r, r.right_options(p)),
            (std::vector<std::string>{"0=0/0/1,1=1/0/0,2=0/1/0", "0=0/1/0,1=1/0/0,2=0/0/1", "0=0/1/1,1=1/0/0"}));
}

// Figure 2 (conference version, which prints the pebbles): A=(2,0,0), B=(0,1,1), C empty,
// D=(0,1,1). Left cannot move blue from A to B (B holds red), can pebble a blue from A to C,
// and can move D's green pebble to C. The arcs are not printed; A>B, A>C, C>D fit the text.
TEST(BlockingPebbles, Figure2LeftOptions) {
  auto r = rules("A>B,A>C,C>D");
  auto p = r.parse("A=2/0/0,B=0/1/1,D=0/1/1");
  auto left = r.left_options(p);
  EXPECT_TRUE(contains(left, r.parse("B=0/1/1,C=1/0/0,D=0/1/1")));
  EXPECT_TRUE(contains(left, r.parse("A=2/0/0,B=0/1/1,C=0/0/1,D=0/1/0")));
  for (const auto& q : left) EXPECT_EQ(q[r.graph().vertex("B")].blue, 0) << r.format(q);
  // Left: pebble A->C (blue), green D->C, green B->A (blue may not go to B). Nothing else.
  EXPECT_EQ(left.size(), 3u);
}

// The discovered move: out-star with two red pebbles on the source and one blue on a sink.
TEST(BlockingPebbles, DiscoveredMove) {
  auto r = rules("OutStar2");
  auto p = r.parse("0=0/2/0,1=1/0/0");
  EXPECT_TRUE(r.left_options(p).empty());
  auto right = r.right_options(p);
  ASSERT_EQ(right.size(), 1u);  // the red pebble can only land on the empty leaf 2
  EXPECT_EQ(r.format(right[0]), "1=1/0/0,2=0/1/0");
  EXPECT_EQ(r.left_options(right[0]).size(), 1u);  // now the blue pebble may move to the source
}

TEST(BlockingPebbles, ShiftsEveryMixOfColoursToEachInNeighbour) {
  auto r = rules("T3");
  auto p = r.parse("2=2/0/1");
  // Sink 2 has in-neighbours 0 and 1: (3*2-1) mixes each; no out-neighbours, so no pebbling.
  EXPECT_EQ(r.left_options(p).size(), 10u);
  // Right may move only the green pebble, to either in-neighbour.
  EXPECT_EQ(formatted(r, r.right_options(p)), (std::vector<std::string>{"0=0/0/1,2=2/0/0", "1=0/0/1,2=2/0/0"}));
}

TEST(BlockingPebbles, BlockedShiftStillAllowsGreen) {
  auto r = rules("0>1");
  auto p = r.parse("0=0/1/0,1=1/0/2");
  // Blue may not join the red pebble on 0, but 1 or 2 green pebbles may go.
  EXPECT_EQ(formatted(r, r.left_options(p)), (std::vector<std::string>{"0=0/1/1,1=1/0/1", "0=0/1/2,1=1/0/0"}));
}

TEST(BlockingPebbles, PebblingPlacesOneOfTheTwoRemoved) {
  auto r = rules("0>1");
  auto p = r.parse("0=2/0/2");
  auto left = formatted(r, r.left_options(p));
  // remove blue+blue place blue; blue+green place blue or green; green+green place green.
  EXPECT_EQ(left, (std::vector<std::string>{"0=0/0/2,1=1/0/0", "0=1/0/1,1=0/0/1", "0=1/0/1,1=1/0/0",
                                            "0=2/0/0,1=0/0/1"}));
  // A red pebble on 1 blocks the blue landings only.
  auto q = r.parse("0=2/0/2,1=0/1/0");
  EXPECT_EQ(formatted(r, r.left_options(q)), (std::vector<std::string>{"0=1/0/1,1=0/1/1", "0=2/0/0,1=0/1/1"}));
  // Right has only green pebbles there: green+green, placing green (red on 1 is no obstacle).
  EXPECT_EQ(formatted(r, r.right_options(q)), (std::vector<std::string>{"0=2/0/0,1=0/1/1"}));
}

TEST(BlockingPebbles, GreenOnlyPositionsAreImpartial) {
  auto r = rules("T3");
  auto p = r.parse("0=0/0/2,1=0/0/1,2=0/0/3");
  EXPECT_TRUE(is_green_only(p));
  EXPECT_EQ(r.left_options(p), r.right_options(p));
  for (const auto& q : r.left_options(p)) EXPECT_TRUE(is_green_only(q));
}

TEST(BlockingPebbles, MovesNeverCreatePebbles) {
  auto r = rules("T3");
  auto p = r.parse("0=1/2/1,1=2/0/2,2=0/1/3");
  const int before = total_pebbles(p);
  for (Player who : {Player::Left, Player::Right})
    for (const auto& m : r.moves(p, who)) {
      auto q = r.apply(p, m, who);
      int after = total_pebbles(q);
      EXPECT_EQ(after, m.kind == BlockingMove::Kind::Shift ? before : before - 1) << r.describe(m, who);
      for (const auto& c : q) EXPECT_TRUE(c.blue >= 0 && c.red >= 0 && c.green >= 0);
      // Blocking: the mover's own colour only lands where the other colour is absent.
      const bool own_lands = m.kind == BlockingMove::Kind::Shift ? m.own > 0 : m.placed != PebbleColour::Green;
      if (own_lands) {
        EXPECT_EQ(who == Player::Left ? p[m.to].red : p[m.to].blue, 0) << r.describe(m, who);
      }
    }
}

TEST(BlockingPebbles, DescribesMoves) {
  auto r = rules("a>b");
  auto p = r.parse("a=2/0/0,b=1/0/1");
  std::vector<std::string> d;
  for (const auto& m : r.moves(p, Player::Left)) d.push_back(r.describe(m, Player::Left));
  EXPECT_NE(std::find(d.begin(), d.end(), "pebble a->b (remove blue+blue, place blue)"), d.end());
  EXPECT_NE(std::find(d.begin(), d.end(), "shift 1 blue + 1 green b->a"), d.end());
}

TEST(BlockingPebbles, KeysAreEqualExactlyUpToSymmetry) {
  auto star = rules("OutStar3");  // the three leaves are interchangeable
  EXPECT_EQ(star.key(star.parse("1=1/0/0,2=0/2/1")), star.key(star.parse("3=1/0/0,1=0/2/1")));
  EXPECT_NE(star.key(star.parse("1=1/0/0,2=0/2/1")), star.key(star.parse("1=0/2/1,2=1/0/0,0=1/0/0")));
  EXPECT_NE(star.key(star.parse("0=1/0/0")), star.key(star.parse("1=1/0/0")));  // centre vs leaf
  auto t3 = rules("T3");  // no symmetry: every position is its own key
  EXPECT_NE(t3.key(t3.parse("1=1/0/0")), t3.key(t3.parse("2=1/0/0")));
  EXPECT_NE(t3.key(t3.parse("2=1/0/0")), t3.key(t3.parse("2=0/1/0")));
  EXPECT_NE(t3.key(t3.parse("2=1/0/0")), t3.key(t3.parse("2=0/0/1")));
}

TEST(BlockingPebbles, ComponentsSplitDisjointSubgraphs) {
  auto r = rules("a>b,c>d,e");
  auto p = r.parse("a=1/0/0,d=0/2/0");
  auto parts = r.components(p);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(r.format(parts[0]), "a=1/0/0");
  EXPECT_EQ(r.format(parts[1]), "d=0/2/0");
  auto single = r.parse("a=1/0/0");
  EXPECT_EQ(r.components(single), std::vector<BlockingPosition>{single});
  EXPECT_EQ(rules("T3").components(BlockingPosition(3)), std::vector<BlockingPosition>{BlockingPosition(3)});
}

}  // namespace
}  // namespace cgtlab::games
