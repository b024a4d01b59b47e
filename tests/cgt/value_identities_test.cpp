// Identities of the value layer (Conway, ONAG; Berlekamp-Conway-Guy, Winning Ways; Siegel,
// Combinatorial Game Theory). These were the `general.values.*` claims of `cgtlab verify`;
// they are engine properties, not paper claims. Each test computes with the engine and
// compares with the expected canonical form, itself parsed from its standard name or built
// from options, so a wrong canonicalisation, sum or comparison fails. Ranges as the normal
// verify run had them. (Commutativity of + is not tested here: the sum memo is keyed by the
// unordered pair, so a + b == b + a cannot fail.)
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cgt/game.h"

namespace cgtlab::cgt {
namespace {

// Every pair (expression, expected canonical form) must parse to the same record.
void expect_identities(const std::vector<std::pair<std::string, std::string>>& pairs) {
  for (const auto& [expr, expected] : pairs)
    EXPECT_EQ(Game::parse(expr), Game::parse(expected)) << expr << " = " << Game::parse(expr).str() << ", expected "
                                                        << expected;
}

// Random canonical forms of birthday <= days: each day adds games whose options are up
// to three random games of earlier days.
std::vector<Game> random_games(unsigned seed, int days, int per_day) {
  std::mt19937 rng(seed);
  std::vector<Game> pool{Game()};
  std::uniform_int_distribution<int> count(0, 3);
  for (int d = 1; d <= days; ++d) {
    std::vector<Game> next = pool;
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    for (int i = 0; i < per_day; ++i) {
      std::vector<Game> l, r;
      for (int k = count(rng); k > 0; --k) l.push_back(pool[pick(rng)]);
      for (int k = count(rng); k > 0; --k) r.push_back(pool[pick(rng)]);
      next.push_back(Game::from_options(l, r));
    }
    pool = std::move(next);
  }
  return pool;
}

// ONAG ch. 0; Siegel I.3: numbers are the simplest between their options.
TEST(ValueIdentities, Numbers) {
  expect_identities({{"1/2 + 1/2", "1"}, {"{0|1}", "1/2"}, {"{|}", "0"}, {"{0|}", "1"}, {"{1/2|1}", "3/4"},
                     {"{-1|3}", "0"}, {"{1|4}", "2"}, {"{|-3}", "-4"}, {"{5/8|3/4}", "11/16"}});
}

// WW ch. 3.
TEST(ValueIdentities, Nimbers) {
  expect_identities({{"* + *", "0"}, {"*2 + *3", "*"}, {"{0,*|0,*}", "*2"}, {"{0,*2|0,*2}", "*"}, {"{0,*,*2|0,*,*2}", "*3"}});
}

// WW ch. 3.
TEST(ValueIdentities, UpSums) {
  expect_identities({{"{0|*}", "^"}, {"^ + ^ + *", "{0|^}"}, {"{0,*|0}", "^ + *"}, {"{0|^*}", "^ + ^"}, {"{*|0}", "-^"},
                     {"^^*", "{0|^}"}});
}

// WW ch. 2; Siegel II.5.
TEST(ValueIdentities, Switches) {
  expect_identities({{"{1|-1}", "+-1"}, {"+-1 + +-1", "0"}, {"+-2 + +-1", "{{3|1}|{-1|-3}}"}, {"{1/2|-1/2}", "+-1/2"},
                     {"+-1/2 - {1/2|-1/2}", "0"}});
}

// ONAG ch. 15; Siegel II.4.
TEST(ValueIdentities, OrdinalSums) {
  expect_identities({{"1:1", "2"}, {"1:-1", "1/2"}, {"1:*", "1 + *"}, {"*:1", "{0,*|0}"}, {"*:*", "*2"}});
}

// Siegel II.4 (uptimals).
TEST(ValueIdentities, Uptimals) {
  expect_identities({{"^<2>", "{0|v*}"}, {"^ + ^<2>", "{^|*}"}, {"^ + ^<2> + ^<3>", "{{^|*}|*}"},
                     {"^[3]", "^ + ^<2> + ^<3>"}});
}

// WW ch. 5; Siegel II.4: 0 < Tiny(x) < every positive number, Tiny(x) < ^, Tiny(x) + Miny(x) = 0.
TEST(ValueIdentities, TinyIsTiny) {
  for (int x = 1; x <= 8; ++x) {
    Game tiny = Game::parse("{0||0|-" + std::to_string(x) + "}");
    EXPECT_TRUE(tiny > Game()) << "Tiny(" << x << ") is not positive";
    EXPECT_TRUE(tiny < Game::parse("^")) << "Tiny(" << x << ") is not below ^";
    for (int k = 0; k <= 30; ++k)
      EXPECT_TRUE(tiny < Game::number(Dyadic(mpz_class(1), static_cast<unsigned long>(k))))
          << "Tiny(" << x << ") is not below 1/2^" << k;
    EXPECT_EQ(tiny.str(), "Tiny(" + std::to_string(x) + ")");
    EXPECT_EQ(tiny + Game::parse("{" + std::to_string(x) + "|0||0}"), Game()) << "Tiny(x) + Miny(x), x = " << x;
  }
}

// WW ch. 3 (Sprague-Grundy): *a + *b = *(a xor b), the right side built from options.
TEST(ValueIdentities, NimSums) {
  for (Grundy a = 0; a < 64; ++a)
    for (Grundy b = 0; b < 64; ++b) {
      Game sum = Game::parse("*" + std::to_string(a) + " + *" + std::to_string(b));
      std::vector<Game> opts;
      for (Grundy i = 0; i < (a ^ b); ++i) opts.push_back(Game::parse("*" + std::to_string(i)));
      ASSERT_EQ(sum, Game::from_options(opts, opts)) << "*" << a << " + *" << b << " = " << sum.str();
    }
}

// ONAG ch. 1: G - G = 0 and + is associative on canonical forms (600 random games of
// birthday <= 4, 3000 triples).
TEST(ValueIdentities, GroupLaws) {
  std::vector<Game> games = random_games(2026, 4, 600 / 4);
  std::mt19937 rng(1);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (Game g : games) ASSERT_EQ(g - g, Game()) << "G - G for G = " << g.str();
  for (int i = 0; i < 3000; ++i) {
    Game a = games[pick(rng)], b = games[pick(rng)], c = games[pick(rng)];
    ASSERT_EQ((a + b) + c, a + (b + c)) << a.str() << ", " << b.str() << ", " << c.str();
  }
}

// ONAG ch. 1: G >= H iff Left wins G - H moving second (compare agrees with the outcome of
// G - H); G = H iff the same canonical form (5000 random pairs, birthday <= 4).
TEST(ValueIdentities, ComparisonIsOutcomeOfDifference) {
  std::vector<Game> games = random_games(7, 4, 200);
  std::mt19937 rng(2);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  int counts[4] = {0, 0, 0, 0};
  for (int i = 0; i < 5000; ++i) {
    Game g = games[pick(rng)], h = games[pick(rng)];
    Relation r = g.compare(h);
    Outcome want = r == Relation::Equal     ? Outcome::P
                   : r == Relation::Greater ? Outcome::L
                   : r == Relation::Less    ? Outcome::R
                                            : Outcome::N;
    ASSERT_EQ((g - h).outcome(), want) << g.str() << " " << to_string(r) << " " << h.str();
    ASSERT_EQ(r == Relation::Equal, g == h) << g.str() << " and " << h.str();
    ++counts[static_cast<int>(r)];
  }
  // The sample meets every relation, so each branch above was exercised.
  for (int c : counts) EXPECT_GT(c, 0);
}

// Siegel II.5 (hot games): +-1 + ... + +-n = {n + H | -n + H}, H the sum below n, n <= 12.
TEST(ValueIdentities, SwitchSums) {
  Game sum;
  for (int k = 1; k <= 12; ++k) {
    Game expected = Game::from_options({Game::integer(k) + sum}, {Game::integer(-k) + sum});
    sum = sum + Game::parse("+-" + std::to_string(k));
    ASSERT_EQ(sum, expected) << "+-1 + ... + +-" << k;
  }
}

// Siegel, CGT ch. II (number translation): x + H = {x + H^L | x + H^R} for a number x and
// H not equal to a number. The store takes this form as canonical without comparing
// (canonical.cpp, Store::add), so it is checked against full reduction of the same
// options (a dominated or reversible option left in would give another record), against
// subtraction, and against the translated stops (random games of birthday <= 4, seven
// numbers), and on forms written out by hand.
TEST(ValueIdentities, NumberTranslation) {
  expect_identities({{"1/2 + {1|-1}", "{3/2|-1/2}"},
                     {"1 + {2|{1|0}}", "{3|{2|1}}"},
                     {"-3/4 + {0,*|-1}", "{-3/4,-3/4*|-7/4}"},
                     {"5 + {1|0||-1}", "{6|5||4}"}});
  std::vector<Game> games = random_games(11, 4, 150);
  const char* numbers[] = {"1", "-1", "1/2", "-3/4", "5/8", "100", "-7/16"};
  int translated = 0;
  for (Game h : games) {
    if (h.is_number()) continue;
    for (const char* text : numbers) {
      Game x = Game::parse(text);
      Game sum = x + h;
      std::vector<Game> l, r;
      for (Game o : h.left_options()) l.push_back(x + o);
      for (Game o : h.right_options()) r.push_back(x + o);
      ASSERT_EQ(sum, Game::from_options(l, r)) << text << " + " << h.str() << " = " << sum.str();
      ASSERT_EQ(sum - x, h) << text << " + " << h.str();
      ASSERT_EQ(sum.left_stop(), *x.as_number() + h.left_stop()) << text << " + " << h.str();
      ASSERT_EQ(sum.right_stop(), *x.as_number() + h.right_stop()) << text << " + " << h.str();
      ++translated;
    }
  }
  EXPECT_GT(translated, 1000);
}

// leq compares stops as 64-bit fixed-point copies when both fit (|x| < 2^36, denominator
// at most 2^24) and as exact numbers otherwise (store.h): comparisons on both sides of
// those limits. For 0 < a < b: {a|0} < {b|0} (Right's move to 0 answers Left's, and
// a < b = LS), and {a-1|a-2} < {b+1|b} is settled by LS < RS alone.
TEST(ValueIdentities, ComparisonsWithLargeAndFineStops) {
  mpz_class two36 = mpz_class(1) << 36, two70 = mpz_class(1) << 70;
  std::vector<std::pair<Dyadic, Dyadic>> pairs = {
      {Dyadic(two36 - 1), Dyadic(two36)},          {Dyadic(two36), Dyadic(two36 + 1)},
      {Dyadic(two70), Dyadic(two70 + 1)},          {Dyadic(mpz_class(1), 24), Dyadic(mpz_class(1), 23)},
      {Dyadic(mpz_class(1), 25), Dyadic(mpz_class(1), 24)}, {Dyadic(mpz_class(1), 30), Dyadic(mpz_class(3), 31)},
      {Dyadic(mpz_class(5), 3), Dyadic(two70)}};
  for (const auto& [a, b] : pairs) {
    Game ga = Game::from_options({Game::number(a)}, {Game()});
    Game gb = Game::from_options({Game::number(b)}, {Game()});
    EXPECT_TRUE(ga <= gb) << a.str() << " " << b.str();
    EXPECT_FALSE(gb <= ga) << a.str() << " " << b.str();
    EXPECT_EQ(ga.compare(gb), Relation::Less) << a.str() << " " << b.str();
    Game low = Game::from_options({Game::number(a - Dyadic(1))}, {Game::number(a - Dyadic(2))});
    Game high = Game::from_options({Game::number(b + Dyadic(1))}, {Game::number(b)});
    EXPECT_TRUE(low <= high) << a.str() << " " << b.str();
    EXPECT_FALSE(high <= low) << a.str() << " " << b.str();
    // Equal stops in different representations: a game compared with itself shifted by 0.
    EXPECT_EQ(ga.compare(ga + Game()), Relation::Equal);
  }
}

}  // namespace
}  // namespace cgtlab::cgt
