// Property tests over thousands of random games of birthday <= 4: group laws, agreement
// of comparison with outcomes, uniqueness of canonical forms, printer/parser round trip,
// and agreement with a second, naive method on raw (unreduced) game trees.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "cgt/game.h"

using cgtlab::cgt::Game;
using cgtlab::cgt::Outcome;
using cgtlab::cgt::Relation;

namespace {

// A raw game tree, never reduced: the second method compares these by the definition.
struct Raw {
  std::vector<std::shared_ptr<Raw>> left, right;
};
using RawPtr = std::shared_ptr<Raw>;

// G <= H by the definition: no G^L >= H and no H^R <= G.
bool raw_leq(const RawPtr& g, const RawPtr& h) {
  for (const auto& gl : g->left)
    if (raw_leq(h, gl)) return false;
  for (const auto& hr : h->right)
    if (raw_leq(hr, g)) return false;
  return true;
}

Game value(const RawPtr& g) {
  std::vector<Game> l, r;
  for (const auto& x : g->left) l.push_back(value(x));
  for (const auto& x : g->right) r.push_back(value(x));
  return Game::from_options(l, r);
}

// Random games by birthday: day d picks up to three Left and three Right options among
// the games of earlier days.
struct Pools {
  std::vector<std::vector<RawPtr>> raw;   // raw[d]: raw trees born on day <= d
  std::vector<Game> games;                // canonical forms of birthday <= 4
};

std::vector<RawPtr> random_raw(std::mt19937& rng, int days, int per_day) {
  std::vector<RawPtr> pool{std::make_shared<Raw>()};
  for (int d = 1; d <= days; ++d) {
    std::vector<RawPtr> next = pool;
    for (int i = 0; i < per_day; ++i) {
      auto g = std::make_shared<Raw>();
      std::uniform_int_distribution<int> count(0, 3), pick(0, static_cast<int>(pool.size()) - 1);
      int nl = count(rng), nr = count(rng);
      for (int k = 0; k < nl; ++k) g->left.push_back(pool[pick(rng)]);
      for (int k = 0; k < nr; ++k) g->right.push_back(pool[pick(rng)]);
      next.push_back(g);
    }
    pool = std::move(next);
  }
  return pool;
}

std::vector<Game> random_games(unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::vector<Game> games;
  for (const RawPtr& r : random_raw(rng, 4, count / 4)) games.push_back(value(r));
  return games;
}

}  // namespace

TEST(Properties, NegationAndSumLaws) {
  std::vector<Game> games = random_games(1, 2000);
  std::mt19937 rng(7);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (Game g : games) {
    EXPECT_EQ(g - g, Game()) << g.str();
    EXPECT_EQ(-(-g), g) << g.str();
    EXPECT_LE(g.birthday(), 4) << g.str();
  }
  for (int i = 0; i < 3000; ++i) {
    Game a = games[pick(rng)], b = games[pick(rng)], c = games[pick(rng)];
    EXPECT_EQ((a + b) + c, a + (b + c)) << a.str() << ", " << b.str() << ", " << c.str();
    EXPECT_EQ(-(a + b), (-a) + (-b));
  }
}

TEST(Properties, ComparisonAgreesWithOutcomeOfDifference) {
  std::vector<Game> games = random_games(2, 2000);
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  int equal = 0, less = 0, greater = 0, confused = 0;
  for (int i = 0; i < 5000; ++i) {
    Game g = games[pick(rng)], h = games[pick(rng)];
    Relation r = g.compare(h);
    Outcome o = (g - h).outcome();
    switch (r) {
      case Relation::Equal: EXPECT_EQ(o, Outcome::P); EXPECT_EQ(g.id(), h.id()); ++equal; break;
      case Relation::Greater: EXPECT_EQ(o, Outcome::L); EXPECT_TRUE(g > h); ++greater; break;
      case Relation::Less: EXPECT_EQ(o, Outcome::R); EXPECT_TRUE(g < h); ++less; break;
      case Relation::Confused: EXPECT_EQ(o, Outcome::N); EXPECT_TRUE(g.confused_with(h)); ++confused; break;
    }
    EXPECT_EQ(g == h, (g - h) == Game());
  }
  // The sample must exercise every relation, or the test proves little.
  EXPECT_GT(equal, 0);
  EXPECT_GT(less, 100);
  EXPECT_GT(greater, 100);
  EXPECT_GT(confused, 100);
}

TEST(Properties, AgreesWithNaiveComparisonOfRawTrees) {
  std::mt19937 rng(3);
  std::vector<RawPtr> raws = random_raw(rng, 3, 150);
  std::vector<Game> vals;
  for (const auto& r : raws) vals.push_back(value(r));
  std::uniform_int_distribution<std::size_t> pick(0, raws.size() - 1);
  for (int i = 0; i < 4000; ++i) {
    std::size_t a = pick(rng), b = pick(rng);
    EXPECT_EQ(raw_leq(raws[a], raws[b]), vals[a] <= vals[b]) << vals[a].str() << " <= " << vals[b].str();
  }
}

TEST(Properties, CanonicalFormsHaveNoDominatedOrReversibleOptions) {
  for (Game g : random_games(4, 1200)) {
    auto lo = g.left_options(), ro = g.right_options();
    for (std::size_t i = 0; i < lo.size(); ++i) {
      for (std::size_t j = 0; j < lo.size(); ++j)
        if (i != j) EXPECT_FALSE(lo[i] <= lo[j]) << g.str();
      for (Game glr : lo[i].right_options()) EXPECT_FALSE(glr <= g) << g.str();
    }
    for (std::size_t i = 0; i < ro.size(); ++i) {
      for (std::size_t j = 0; j < ro.size(); ++j)
        if (i != j) EXPECT_FALSE(ro[i] >= ro[j]) << g.str();
      for (Game grl : ro[i].left_options()) EXPECT_FALSE(grl >= g) << g.str();
    }
    // Rebuilding from the canonical options gives the same record.
    EXPECT_EQ(Game::from_options(lo, ro), g) << g.str();
  }
}

TEST(Properties, PrinterParserRoundTrip) {
  std::vector<Game> games = random_games(5, 2000);
  std::mt19937 rng(13);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (int i = 0; i < 500; ++i) games.push_back(games[pick(rng)] + games[pick(rng)]);
  for (Game g : games) {
    std::string s = g.str();
    Game back = Game::parse(s);
    EXPECT_EQ(back, g) << s << " reparsed as " << back.str();
    EXPECT_EQ(back.str(), s);
  }
}

TEST(Properties, StopsAndOutcomes) {
  for (Game g : random_games(6, 1200)) {
    EXPECT_GE(g.left_stop(), g.right_stop()) << g.str();
    // A positive left stop means Left moving first wins; a negative right stop, Right.
    Outcome o = g.outcome();
    if (g.left_stop() > 0) EXPECT_TRUE(o == Outcome::L || o == Outcome::N) << g.str();
    if (g.right_stop() < 0) EXPECT_TRUE(o == Outcome::R || o == Outcome::N) << g.str();
    if (g.right_stop() > 0) EXPECT_EQ(o, Outcome::L) << g.str();
    if (g.left_stop() < 0) EXPECT_EQ(o, Outcome::R) << g.str();
  }
}

TEST(Properties, RoundTripOfNamedGamesAndTheirSums) {
  std::vector<Game> named;
  for (const char* s : {"Tiny(2)", "Miny(1/2)", "2Tiny(1)", "^<3>", "v[2]", "^[3]*", "+-1", "+-{2,{3|1}}", "1/2*",
                        "{3|1||-2}", "^*6", "-3/4v3*2", "Tiny({3|1})", "+-(1/2*)", "1:*", "{1|*}"})
    named.push_back(Game::parse(s));
  for (Game a : named) {
    for (Game b : named) {
      Game g = a + b;
      std::string s = g.str();
      EXPECT_EQ(Game::parse(s), g) << a.str() << " + " << b.str() << " printed " << s;
      EXPECT_EQ(Game::parse((-g).str()), -g) << s;
    }
  }
}

// A second method for sums: the disjunctive sum of two raw trees, played out by the
// definition, must have the outcome of the canonical sum.
namespace {
RawPtr raw_sum(const RawPtr& a, const RawPtr& b) {
  auto s = std::make_shared<Raw>();
  for (const auto& x : a->left) s->left.push_back(raw_sum(x, b));
  for (const auto& x : b->left) s->left.push_back(raw_sum(a, x));
  for (const auto& x : a->right) s->right.push_back(raw_sum(x, b));
  for (const auto& x : b->right) s->right.push_back(raw_sum(a, x));
  return s;
}
Outcome raw_outcome(const RawPtr& g) {
  auto zero = std::make_shared<Raw>();
  bool geq = raw_leq(zero, g), leq = raw_leq(g, zero);
  return geq && leq ? Outcome::P : geq ? Outcome::L : leq ? Outcome::R : Outcome::N;
}
}  // namespace

TEST(Properties, SumsAgreeWithRawDisjunctiveSums) {
  std::mt19937 rng(21);
  std::vector<RawPtr> raws = random_raw(rng, 2, 40);
  std::uniform_int_distribution<std::size_t> pick(0, raws.size() - 1);
  int kinds[4] = {0, 0, 0, 0};
  for (int i = 0; i < 400; ++i) {
    RawPtr a = raws[pick(rng)], b = raws[pick(rng)];
    Game sum = value(a) + value(b);
    Outcome o = raw_outcome(raw_sum(a, b));
    EXPECT_EQ(sum.outcome(), o) << value(a).str() << " + " << value(b).str();
    ++kinds[static_cast<int>(o)];
  }
  for (int k : kinds) EXPECT_GT(k, 10);  // every outcome class occurs
}
