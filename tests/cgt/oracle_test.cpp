// An independent oracle for the value layer: raw game trees, played by the definition.
// No canonical forms, no number avoidance, no stops, no packed numbers/ups/nimbers: a
// game is a node with lists of Left and Right options, a sum is a list of components, and
// "Left wins moving first" is decided by trying every move. Against it:
//  - every comparison G <= H of two canonical games of birthday <= 3 (all 1474^2 pairs),
//  - every sum G + H with G of birthday <= 2 and H of birthday <= 3, and a random sample
//    of sums of two birthday-3 games (G + H - S must be a second-player win),
//  - random games of birthday 4 (their canonical form equals the raw tree) and random
//    sums of two of them.
// The birthday-3 games are generated from antichains of the birthday-2 games (antichains
// found with the oracle's comparison) and must number 1474 in all.
#include <gtest/gtest.h>

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <random>
#include <unordered_map>
#include <vector>

#include "cgt/game.h"

using cgtlab::cgt::Game;

namespace {

// Raw trees in an arena, shared structurally (equal option lists, one node).
struct Node {
  std::vector<int> left, right;
};

class Oracle {
 public:
  int make(std::vector<int> l, std::vector<int> r) {
    std::sort(l.begin(), l.end());
    std::sort(r.begin(), r.end());
    auto key = std::make_pair(l, r);
    auto it = index_.find(key);
    if (it != index_.end()) return it->second;
    int id = static_cast<int>(nodes_.size());
    nodes_.push_back({l, r});
    index_.emplace(std::move(key), id);
    return id;
  }
  // The raw tree of a canonical form: its options as the store lists them, recursively.
  int from_game(Game g) {
    if (auto it = of_game_.find(g.id()); it != of_game_.end()) return it->second;
    std::vector<int> l, r;
    for (Game x : g.left_options()) l.push_back(from_game(x));
    for (Game x : g.right_options()) r.push_back(from_game(x));
    int id = make(std::move(l), std::move(r));
    of_game_.emplace(g.id(), id);
    return id;
  }
  int neg(int g) {
    if (neg_.size() <= static_cast<std::size_t>(g)) neg_.resize(nodes_.size() * 2 + 16, -1);
    if (neg_[g] >= 0) return neg_[g];
    std::vector<int> l, r;
    for (int x : nodes_[g].right) l.push_back(neg(x));
    for (int x : nodes_[g].left) r.push_back(neg(x));
    int n = make(std::move(l), std::move(r));
    if (neg_.size() <= static_cast<std::size_t>(std::max(g, n))) neg_.resize(nodes_.size() * 2 + 16, -1);
    neg_[g] = n;
    neg_[n] = g;
    return n;
  }

  // Does the player to move (Left if left_moves) win the sum of the components, moving
  // first? A move replaces one component by one of its options for that player.
  bool wins_first(std::array<int, 3> pos, int n, bool left_moves) {
    std::sort(pos.begin(), pos.begin() + n);
    std::uint64_t key = 0;
    for (int i = 0; i < 3; ++i) key = key * 2097152 + static_cast<std::uint64_t>(i < n ? pos[i] + 1 : 0);
    key = key * 2 + (left_moves ? 1 : 0);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool win = false;
    for (int i = 0; i < n && !win; ++i) {
      const std::vector<int>& opts = left_moves ? nodes_[pos[i]].left : nodes_[pos[i]].right;
      for (int o : opts) {
        std::array<int, 3> next = pos;
        next[i] = o;
        if (!wins_first(next, n, !left_moves)) {
          win = true;
          break;
        }
      }
    }
    memo_.emplace(key, win);
    return win;
  }
  // G <= H iff Right, moving first in H - G, loses.
  bool leq(int g, int h) { return !wins_first({h, neg(g), 0}, 2, false); }
  // a + b = c iff a + b - c is a second-player win.
  bool sum_is(int a, int b, int c) {
    int nc = neg(c);
    return !wins_first({a, b, nc}, 3, true) && !wins_first({a, b, nc}, 3, false);
  }
  std::size_t size() const { return nodes_.size(); }

 private:
  std::vector<Node> nodes_;
  std::map<std::pair<std::vector<int>, std::vector<int>>, int> index_;
  std::vector<int> neg_;
  absl::flat_hash_map<std::uint32_t, int> of_game_;
  absl::flat_hash_map<std::uint64_t, bool> memo_;
};

// All antichains of `games` under the oracle's order (subsets with no two comparable).
std::vector<std::vector<int>> antichains(Oracle& o, const std::vector<int>& games) {
  std::vector<std::vector<int>> out{{}};
  std::vector<int> cur;
  std::function<void(std::size_t)> rec = [&](std::size_t from) {
    for (std::size_t i = from; i < games.size(); ++i) {
      bool ok = true;
      for (int c : cur)
        if (o.leq(c, games[i]) || o.leq(games[i], c)) ok = false;
      if (!ok) continue;
      cur.push_back(games[i]);
      out.push_back(cur);
      rec(i + 1);
      cur.pop_back();
    }
  };
  rec(0);
  return out;
}

struct Days {
  std::vector<Game> games;  // canonical forms of birthday <= 3, by birthday
  std::size_t day2_end = 0;  // games[0, day2_end) have birthday <= 2
};

// Games born by day 3: day d + 1 is every {L | R} with L, R antichains of day d.
Days make_days(Oracle& o) {
  std::vector<Game> day{Game()};
  std::size_t day2_end = 0;
  for (int d = 0; d < 3; ++d) {
    std::vector<int> raws;
    for (Game g : day) raws.push_back(o.from_game(g));
    auto chains = antichains(o, raws);
    std::vector<std::vector<Game>> as_games;
    for (const auto& c : chains) {
      std::vector<Game> v;
      for (int r : c)
        for (std::size_t i = 0; i < raws.size(); ++i)
          if (raws[i] == r) v.push_back(day[i]);
      as_games.push_back(std::move(v));
    }
    std::vector<Game> next;
    std::unordered_map<std::uint32_t, bool> seen;
    for (const auto& l : as_games)
      for (const auto& r : as_games) {
        Game g = Game::from_options(l, r);
        if (seen.emplace(g.id(), true).second) next.push_back(g);
      }
    std::stable_sort(next.begin(), next.end(), [](Game a, Game b) { return a.birthday() < b.birthday(); });
    if (d == 1) day2_end = next.size();
    day = std::move(next);
  }
  return {day, day2_end};
}

Oracle& oracle() {
  static Oracle o;
  return o;
}
const Days& days() {
  static Days d = make_days(oracle());
  return d;
}

}  // namespace

TEST(Oracle, GamesBornByDayThree) {
  const Days& d = days();
  EXPECT_EQ(d.day2_end, 22u);  // 1, 4, 22 games born by days 0, 1, 2
  EXPECT_EQ(d.games.size(), 1474u);  // the known number of games born by day 3
  for (std::size_t i = 0; i < d.games.size(); ++i) EXPECT_EQ(d.games[i].birthday() <= 2, i < d.day2_end);
}

TEST(Oracle, EveryComparisonOfBirthdayThreeGames) {
  const Days& d = days();
  Oracle& o = oracle();
  std::vector<int> raw;
  for (Game g : d.games) raw.push_back(o.from_game(g));
  std::size_t pairs = 0, leqs = 0, bad = 0;
  for (std::size_t i = 0; i < d.games.size(); ++i) {
    for (std::size_t j = 0; j < d.games.size(); ++j) {
      bool want = o.leq(raw[i], raw[j]);
      bool got = d.games[i] <= d.games[j];
      ++pairs;
      leqs += want;
      if (want != got && ++bad <= 10)
        ADD_FAILURE() << d.games[i].str() << " <= " << d.games[j].str() << ": store " << got << ", oracle " << want;
    }
  }
  EXPECT_EQ(bad, 0u);
  EXPECT_EQ(pairs, d.games.size() * d.games.size());
  // Distinct canonical forms are never equal: <= both ways only on the diagonal.
  EXPECT_GT(leqs, pairs / 10);
  EXPECT_LT(leqs, pairs);
}

TEST(Oracle, SumsOfBirthdayTwoAndThreeGames) {
  const Days& d = days();
  Oracle& o = oracle();
  std::size_t checked = 0, bad = 0;
  auto check = [&](Game a, Game b) {
    Game s = a + b;
    ++checked;
    if (!o.sum_is(o.from_game(a), o.from_game(b), o.from_game(s)) && ++bad <= 10)
      ADD_FAILURE() << a.str() << " + " << b.str() << " is not " << s.str();
  };
  for (std::size_t i = 0; i < d.day2_end; ++i)
    for (Game h : d.games) check(d.games[i], h);
  std::mt19937 rng(12);
  std::uniform_int_distribution<std::size_t> pick(d.day2_end, d.games.size() - 1);
  for (int k = 0; k < 3000; ++k) check(d.games[pick(rng)], d.games[pick(rng)]);
  EXPECT_EQ(bad, 0u);
  EXPECT_EQ(checked, d.day2_end * d.games.size() + 3000);
}

TEST(Oracle, RandomBirthdayFourGamesAndTheirSums) {
  const Days& d = days();
  Oracle& o = oracle();
  std::mt19937 rng(2026);
  std::uniform_int_distribution<std::size_t> pick(0, d.games.size() - 1);
  std::uniform_int_distribution<int> count(1, 3);
  struct Four {
    int raw;  // the unreduced tree {L | R}
    Game value;
  };
  std::vector<Four> fours;
  std::size_t bad = 0;
  for (int k = 0; k < 400; ++k) {
    std::vector<Game> l, r;
    std::vector<int> rl, rr;
    for (int n = count(rng); n > 0; --n) l.push_back(d.games[pick(rng)]);
    for (int n = count(rng); n > 0; --n) r.push_back(d.games[pick(rng)]);
    for (Game g : l) rl.push_back(o.from_game(g));
    for (Game g : r) rr.push_back(o.from_game(g));
    Game v = Game::from_options(l, r);
    int raw = o.make(rl, rr);
    int canon = o.from_game(v);
    if (!(o.leq(raw, canon) && o.leq(canon, raw)) && ++bad <= 10) ADD_FAILURE() << "canonical form " << v.str();
    fours.push_back({raw, v});
  }
  std::uniform_int_distribution<std::size_t> pick4(0, fours.size() - 1);
  for (int k = 0; k < 300; ++k) {
    const Four& a = fours[pick4(rng)];
    const Four& b = fours[pick4(rng)];
    Game s = a.value + b.value;
    if (!o.sum_is(a.raw, b.raw, o.from_game(s)) && ++bad <= 10)
      ADD_FAILURE() << a.value.str() << " + " << b.value.str() << " is not " << s.str();
  }
  EXPECT_EQ(bad, 0u);
}

// The oracle itself can fail: a wrong answer is caught.
TEST(Oracle, DetectsAWrongAnswer) {
  Oracle& o = oracle();
  Game up = Game::parse("^"), star = Game::parse("*");
  int ru = o.from_game(up), rs = o.from_game(star);
  EXPECT_FALSE(o.sum_is(ru, ru, o.from_game(Game::parse("^^*"))));
  EXPECT_TRUE(o.sum_is(ru, rs, o.from_game(Game::parse("^*"))));
  EXPECT_FALSE(o.leq(ru, rs));
  EXPECT_FALSE(o.leq(rs, ru));
  EXPECT_TRUE(o.leq(o.from_game(Game()), ru));
}

// Ordinal sums by the definition G:H = {G^L, G:H^L | G^R, G:H^R}, built with from_options
// on the canonical options, against the store's shortcuts (sign expansions for numbers,
// a loop for integers).
namespace {
Game ordinal_by_definition(Game g, Game h) {
  std::vector<Game> l = g.left_options(), r = g.right_options();
  for (Game hl : h.left_options()) l.push_back(ordinal_by_definition(g, hl));
  for (Game hr : h.right_options()) r.push_back(ordinal_by_definition(g, hr));
  return Game::from_options(l, r);
}
}  // namespace

TEST(Oracle, OrdinalSums) {
  std::vector<Game> bases, exponents;
  for (const char* s : {"0", "1", "-1", "2", "1/2", "-3/4", "5/8", "7/2", "-9/4", "*", "^", "v*", "{1|*}", "+-1", "{2|1/2}"})
    bases.push_back(Game::parse(s));
  for (const char* s : {"0", "1", "-1", "3", "-4", "1/2", "-1/4", "3/8", "11/4", "-13/8", "*", "^", "{1|-1}"})
    exponents.push_back(Game::parse(s));
  for (Game g : bases)
    for (Game h : exponents) EXPECT_EQ(g.ordinal_sum(h), ordinal_by_definition(g, h)) << g.str() << ":" << h.str();
}
