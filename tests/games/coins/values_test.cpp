// FLIPPING COINS values: the compact number type against GMP dyadics, ordinal sums by two
// methods and by the general engine, search against the general engine, algorithm against
// search, the paper's worked examples, sums and winning moves, long lines.
#include <gtest/gtest.h>

#include <random>

#include "games/coins/algorithm.h"
#include "games/coins/fixed.h"
#include "games/coins/ordinal_sum.h"
#include "games/coins/search.h"
#include "games/coins/values.h"
#include "cgt/game.h"
#include "games/coins/rules.h"
#include "solve/partizan.h"

using namespace cgtlab;
using games::FixedDyadic;
using cgt::Dyadic;
using games::FlippingCoins;

namespace {
Dyadic D(const char* s) { return Dyadic::parse(s); }
}  // namespace

TEST(CoinsFixed, SimplestBetweenMatchesDyadic) {
  std::mt19937_64 rng(7);
  for (int t = 0; t < 20000; ++t) {
    auto random_number = [&]() {
      const long num = static_cast<long>(rng() % 1001) - 500;
      return Dyadic(mpz_class(num), rng() % 12);
    };
    std::optional<Dyadic> lo = random_number(), hi = random_number();
    if (rng() % 10 == 0) lo.reset();
    if (rng() % 10 == 0) hi.reset();
    if (lo && hi && !(*lo < *hi)) continue;
    if ((lo && !FixedDyadic::from_dyadic(*lo)) || (hi && !FixedDyadic::from_dyadic(*hi))) continue;  // |x| >= 64
    auto f = [](const std::optional<Dyadic>& x) { return x ? FixedDyadic::from_dyadic(*x) : std::nullopt; };
    const FixedDyadic got = FixedDyadic::simplest_between(f(lo), f(hi));
    ASSERT_EQ(got.to_dyadic().str(), Dyadic::simplest_between(lo, hi).str())
        << (lo ? lo->str() : "-inf") << " .. " << (hi ? hi->str() : "inf");
  }
}

TEST(CoinsFixed, RefusesWhatDoesNotFit) {
  EXPECT_FALSE(FixedDyadic::from_dyadic(Dyadic(mpz_class(1), 57)).has_value());
  EXPECT_FALSE(FixedDyadic::from_dyadic(Dyadic(64)).has_value());
  const FixedDyadic a = FixedDyadic::from_scaled(0), b = FixedDyadic::from_scaled(1);
  EXPECT_THROW(FixedDyadic::simplest_between(a, b), std::overflow_error);  // nothing representable between
}

TEST(CoinsOrdinalSum, SignExpansionsRoundTrip) {
  for (const char* x : {"0", "1", "-3", "1/2", "-1/2", "3/4", "5/8", "-893/1024", "10257/16384", "41/16"}) {
    EXPECT_EQ(games::from_sign_expansion(games::sign_expansion(D(x))), D(x)) << x;
  }
  EXPECT_EQ(games::sign_expansion(D("3/4")), "+-+");
  EXPECT_EQ(games::sign_expansion(D("-1/2")), "-+");
}

TEST(CoinsOrdinalSum, ConcatenationEqualsDefinitionAndEngine) {
  std::vector<Dyadic> xs;
  for (long n = -3; n <= 3; ++n)
    for (unsigned long k = 0; k <= 3; ++k) xs.push_back(Dyadic(mpz_class(n * 3 + 1), k));
  for (const auto& x : xs)
    for (const auto& y : xs) {
      const Dyadic by_signs = games::ordinal_sum(x, y);
      auto [l, r] = games::canonical_options(x);
      ASSERT_EQ(games::ordinal_sum_by_options(l, r, y), by_signs) << x.str() << " : " << y.str();
      ASSERT_EQ(cgt::Game::number(x).ordinal_sum(cgt::Game::number(y)), cgt::Game::number(by_signs))
          << x.str() << " : " << y.str();
    }
  EXPECT_EQ(games::ordinal_sum(D("1/2"), D("1/2")), D("5/8"));  // the paper's example (e)
}

TEST(CoinsSearch, TableAgreesWithGeneralEngineAndMemoSearch) {
  games::CoinsTable table(10);
  EXPECT_EQ(table.non_numbers(), 0u);
  FlippingCoins rules;
  solve::PartizanSolver<FlippingCoins> engine(rules);
  games::CoinsSearch search;
  for (std::uint64_t b = 0; b < table.size(); ++b) {
    const Dyadic v = table.value(b)->to_dyadic();
    ASSERT_EQ(engine.value(FlippingCoins::unpack(b)), cgt::Game::number(v)) << FlippingCoins::unpack(b);
    ASSERT_EQ(search.value(b)->to_dyadic(), v);
  }
}

TEST(CoinsSearch, CapStopsTheSearch) {
  games::CoinsSearch search(solve::SearchLimits{100, 0});
  EXPECT_THROW(search.value(FlippingCoins::pack("0000001111111111")), CapReached);
}

TEST(CoinsAlgorithm, AgreesWithSearchUpTo16Coins) {
  games::CoinsTable table(16);
  for (std::uint64_t b = 1; b < table.size(); ++b) {
    const std::string s = FlippingCoins::unpack(b);
    ASSERT_EQ(games::coins_algorithm_fixed_value(s), table.value(b)) << s;
    if (b % 97 == 0) ASSERT_EQ(games::run_coins_algorithm(s).value, table.value(b)->to_dyadic()) << s;
  }
}

TEST(CoinsAlgorithm, SecondWorkedExample) {
  auto r = games::run_coins_algorithm("01001110110111011101");
  EXPECT_EQ(r.reduced, "01010100011101");
  EXPECT_EQ(r.partition(), "01(0101)(00011)(101)");
  EXPECT_EQ(r.ordinal_sum_text(), "((-1 : 1/4) : 1/32) : 1");
  EXPECT_EQ(r.value, D("-893/1024"));
  ASSERT_EQ(r.partial_values.size(), 4u);
  EXPECT_EQ(r.partial_values[1], D("-7/8"));
}

TEST(CoinsAlgorithm, FirstWorkedExampleFromItsThirdLine) {
  auto r = games::run_coins_algorithm("1001111011011101010011");
  EXPECT_EQ(r.reduced, "1010110001010011");
  EXPECT_EQ(r.partition(), "101(011)(000101)(0011)");
  EXPECT_EQ(r.value, D("10257/16384"));  // the paper prints 10257/16348 (docs/errata.md)
  ASSERT_EQ(r.terms.size(), 3u);
  EXPECT_EQ(r.terms[1].p, 3);
  EXPECT_EQ(r.terms[1].q, 1);
}

TEST(CoinsAlgorithm, ReductionsAreThePapersRules) {
  std::vector<games::CoinsReduction> steps;
  EXPECT_EQ(games::reduce_coins("0101011111", &steps), "01011011");  // 2(a), j = 2
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].rule, 'a');
  EXPECT_EQ(games::reduce_coins("011101"), "011101");  // beta = 01: odd, starts with 0
  EXPECT_EQ(games::reduce_coins("01110011"), "100011");  // 2(b), beta = 0011
  EXPECT_EQ(games::reduce_coins("0111"), "1");
}

TEST(CoinsAlgorithm, LongLinesSatisfyTheNumberRecursion) {
  // On a line of 300 coins: the algorithm's value is the simplest number between its values
  // of the best Left and best Right options.
  std::mt19937_64 rng(11);
  std::string s(300, '0');
  for (auto& c : s) c = rng() % 2 ? '1' : '0';
  s.back() = '1';
  FlippingCoins rules;
  std::optional<Dyadic> bl, br;
  for (const auto& o : rules.left_options(s)) {
    Dyadic v = games::run_coins_algorithm(o, false).value;
    if (!bl || v > *bl) bl = v;
  }
  for (const auto& o : rules.right_options(s)) {
    Dyadic v = games::run_coins_algorithm(o, false).value;
    if (!br || v < *br) br = v;
  }
  ASSERT_TRUE(bl && br && *bl < *br);
  EXPECT_EQ(games::run_coins_algorithm(s).value, Dyadic::simplest_between(bl, br));
}

TEST(CoinsAlgorithm, SparseLongLinesAgreeWithGeneralEngine) {
  FlippingCoins rules;
  solve::PartizanSolver<FlippingCoins> engine(rules);
  for (const char* s : {"0000000000000000000000000000000000000001000000000000000000000000000000001",
                        "1110000000000000000000000000000100000000000000000000000000000000000000000001",
                        "00000000000000000000000000000000000000000000000000000000000000000000000000001"}) {
    EXPECT_EQ(engine.value(FlippingCoins::normalise(s)), cgt::Game::number(games::run_coins_algorithm(s).value)) << s;
  }
}

TEST(CoinsSums, ClosingQuestionAnswer) {
  games::CoinsValuer valuer;
  auto sum = games::analyse_coins_sum({"0101011111", "1101100111", "0110110110111"}, valuer);
  EXPECT_EQ(sum.total, cgt::Game::number(D("1/16")));
  EXPECT_EQ(sum.outcome, cgt::Outcome::L);
  ASSERT_EQ(sum.left_winning.size(), 1u);
  EXPECT_EQ(sum.left_winning[0].line, 0u);
  EXPECT_EQ(sum.left_winning[0].first, 9);
  EXPECT_EQ(sum.left_winning[0].second, 10);
  EXPECT_TRUE(sum.right_winning.empty());
}

TEST(CoinsSums, LongLinesUseTheAlgorithm) {
  games::CoinsValuer valuer(12);
  auto v = valuer.value("0111011010011011101");
  EXPECT_EQ(v.method, games::CoinsMethod::Algorithm);
  games::CoinsValuer searcher(20);
  EXPECT_EQ(searcher.value("0111011010011011101").game, v.game);
}

TEST(CoinsSums, GeneralEngineFallbackAgreesWithSearch) {
  // The fallback the valuer uses when the number search meets a non-number (never, by
  // Theorem 3.2) must give the same canonical forms.
  games::CoinsValuer valuer;
  for (const char* s : {"1011", "011101", "1001", "0101011111", "0111011", "000001"}) {
    EXPECT_EQ(games::coins_value_by_general_engine(s), valuer.value(s).game) << s;
  }
}

TEST(CoinsSums, EveryWinningMoveIsWinningAndNoOtherIs) {
  games::CoinsValuer valuer;
  auto sum = games::analyse_coins_sum({"011101", "1001", "0001"}, valuer);
  // 3/8 + 1/4 - 3 < 0: Right wins whoever starts, so Left has no winning move.
  EXPECT_EQ(sum.outcome, cgt::Outcome::R);
  EXPECT_TRUE(sum.left_winning.empty());
  for (const auto& m : sum.right_winning) EXPECT_TRUE(m.sum_after <= cgt::Game());
  EXPECT_FALSE(sum.right_winning.empty());
}

TEST(CoinsValues, MethodsTextNamesEveryMethodUsed) {
  games::CoinsValuer valuer;
  auto short_sum = games::analyse_coins_sum({"1101"}, valuer);
  EXPECT_EQ(games::coins_methods_text(short_sum), "search (exact, lines of at most 22 coins)");
  auto mixed = games::analyse_coins_sum({"1101", std::string(30, '1')}, valuer);
  const auto text = games::coins_methods_text(mixed);
  EXPECT_EQ(text.rfind("search (exact", 0), 0u) << text;
  EXPECT_NE(text.find(" + algorithm (the value theorem"), std::string::npos) << text;
}
