// Values of BLOCKING PEBBLES positions: the papers' worked examples, the green fast path
// against the partizan engine, and every outcome against an independent brute force.
#include <gtest/gtest.h>

#include <functional>
#include <map>

#include "games/blocking/values.h"
#include "graph/graph.h"

namespace cgtlab::games {
namespace {

using cgt::Game;
using games::BlockingPosition;
using games::Player;

Game value_of(const char* graph, const char* pebbles) {
  BlockingAnalyzer a(graph::parse_graph(graph));
  return a.value(a.parse(pebbles));
}

TEST(BlockingValues, DownOnTheOutStar) {
  // Section 3: v1 holds a blue pebble, v2 one red and one green: {* | 0, *} = v.
  EXPECT_EQ(value_of("OutStar2", "1=1/0/0,2=0/1/1").str(), "v");
}

TEST(BlockingValues, Figure4BaseCaseIsZero) {
  // [[0,0],[0,0],[1,1]] on the transitive triple (Figure 4).
  EXPECT_EQ(value_of("T3", "2=1/1/0"), Game());
}

TEST(BlockingValues, Theorem33SmallCases) {
  // (3 - 3k) + {0 | {0 | -(k - 4)}} for k = 2..6.
  BlockingAnalyzer a(graph::parse_graph("T3"));
  for (int k = 2; k <= 6; ++k) {
    Game tiny = Game::from_options({Game()}, {Game::from_options({Game()}, {Game::integer(-(k - 4))})});
    EXPECT_EQ(a.value(from_blue_red({{0, 0}, {0, 0}, {1, k}})), Game::integer(3 - 3 * k) + tiny) << "k=" << k;
  }
}

TEST(BlockingValues, TableOfValues) {
  EXPECT_EQ(value_of("T3", "1/0,2/4,0/0"), Game::parse("1/4"));
  EXPECT_EQ(value_of("T3", "3/1,0/0,0/1"), Game::parse("1/2"));
  EXPECT_EQ(value_of("T3", "2/3,0/0,1/0"), Game::parse("3/4"));
  EXPECT_EQ(value_of("T3", "4/4,0/0,0/0"), Game::parse("+-1/2"));
  EXPECT_EQ(value_of("T3", "3/5,0/0,1/0"), Game::parse("^*"));
  EXPECT_EQ(value_of("DP3", "0/0,2/2,0/0"), Game::parse("*2"));
}

TEST(BlockingValues, IntegersOfTheorem31) {
  for (int k = 1; k <= 5; ++k) {
    BlockingAnalyzer a(graph::parse_graph("u>v"));
    EXPECT_EQ(a.value(from_blue_red({{2 * k, 1}, {0, 0}})), Game::integer(k));
    EXPECT_EQ(a.value(from_blue_red({{1, 2 * k}, {0, 0}})), Game::integer(-k));
  }
}

TEST(BlockingValues, DisjointGraphsAdd) {
  // Two copies of the down position on disjoint out-stars: v + v = vv.
  EXPECT_EQ(value_of("u>a,u>b,w>c,w>d", "a=1/0/0,b=0/1/1,c=1/0/0,d=0/1/1").str(), "vv");
}

// Every position with at most `max_total` pebbles on the graph, in a fixed order.
void for_each_position(int order, int max_total, const std::function<void(const BlockingPosition&)>& f) {
  BlockingPosition p(order);
  std::function<void(int, int)> rec = [&](int slot, int left) {
    if (slot == 3 * order) {
      f(p);
      return;
    }
    int& c = slot % 3 == 0 ? p[slot / 3].blue : slot % 3 == 1 ? p[slot / 3].red : p[slot / 3].green;
    for (c = 0; c <= left; ++c) rec(slot + 1, left - c);
    c = 0;
  };
  rec(0, max_total);
}

TEST(BlockingValues, GreenFastPathAgreesWithThePartizanEngine) {
  BlockingAnalyzer a(graph::parse_graph("T3"));
  int checked = 0;
  for_each_position(3, 7, [&](const BlockingPosition& p) {
    if (!games::is_green_only(p)) return;
    Game fast = a.value(p);
    EXPECT_TRUE(fast.is_nimber());
    EXPECT_EQ(fast, a.partizan_value(p)) << a.rules().format(p);
    ++checked;
  });
  EXPECT_EQ(checked, 120);  // C(7+3, 3)
}

// Independent brute force: who wins moving first, by plain minimax over the move
// generator (no canonical forms, no engine, no symmetry reduction).
class Minimax {
 public:
  explicit Minimax(const games::BlockingPebbles& r) : rules_(r) {}
  bool wins_moving_first(const BlockingPosition& p, Player who) {
    std::vector<int> raw;  // the plain position, not the ruleset's symmetric key
    for (const auto& q : p) raw.insert(raw.end(), {q.blue, q.red, q.green});
    auto key = std::make_pair(raw, who);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Player other = who == Player::Left ? Player::Right : Player::Left;
    bool win = false;
    for (const auto& q : rules_.options(p, who))
      if (!wins_moving_first(q, other)) {
        win = true;
        break;
      }
    memo_[key] = win;
    return win;
  }
  cgt::Outcome outcome(const BlockingPosition& p) {
    bool l = wins_moving_first(p, Player::Left), r = wins_moving_first(p, Player::Right);
    return l && r ? cgt::Outcome::N : l ? cgt::Outcome::L : r ? cgt::Outcome::R : cgt::Outcome::P;
  }

 private:
  const games::BlockingPebbles& rules_;
  std::map<std::pair<std::vector<int>, Player>, bool> memo_;
};

TEST(BlockingValues, OutcomesMatchABruteForce) {
  for (const char* g : {"T3", "OutStar2", "InStar2", "DP3", "a>b,c>d"}) {
    BlockingAnalyzer a(graph::parse_graph(g));
    Minimax brute(a.rules());
    int checked = 0;
    const int order = a.rules().graph().order();
    for_each_position(order, order == 3 ? 5 : 4, [&](const BlockingPosition& p) {
      EXPECT_EQ(a.value(p).outcome(), brute.outcome(p)) << g << " " << a.rules().format(p);
      ++checked;
    });
    EXPECT_EQ(checked, order == 3 ? 2002 : 1820);  // C(5+9, 9), C(4+12, 12)
  }
}

TEST(BlockingValues, MovesMarkTheBestOptions) {
  BlockingAnalyzer a(graph::parse_graph("OutStar2"));
  auto m = a.moves(a.parse("1=1/0/0,2=0/1/1"));
  EXPECT_EQ(m.value.str(), "v");
  ASSERT_EQ(m.left.size(), 2u);
  ASSERT_EQ(m.right.size(), 3u);
  for (const auto& o : m.left) EXPECT_EQ(o.value, Game::nimber(1));
  int best_right = 0;
  for (const auto& o : m.right) {
    if (o.best) {
      ++best_right;
      EXPECT_EQ(o.value, Game());
      EXPECT_TRUE(o.winning);
    }
  }
  // Only moving red and green together reaches 0; red alone gives * (the journal's text
  // says 0 there, but the value v it states is right either way).
  EXPECT_EQ(best_right, 1);
}

}  // namespace
}  // namespace cgtlab::games
