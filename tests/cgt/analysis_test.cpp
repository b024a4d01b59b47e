// Value analysis (cgt/analysis.h, cgt/thermograph.h): textbook values and identities on
// thousands of random games.
//
// Sources of the textbook values:
//  [WW]  Berlekamp, Conway, Guy, Winning Ways, 2nd ed., vol. 1, ch. 6 (cooling, thermographs)
//        and ch. 8 (atomic weight: ^ and ^* have atomic weight 1, * has 0).
//  [LIP] Albert, Nowakowski, Wolfe, Lessons in Play, ch. 6 ({3|1}: mean 2, temperature 1;
//        {3||2|1}: mean 9/4, temperature 3/4) and ch. 9 (atomic weight, reduced canonical form).
//  [CGS] CGSuite's own conventions (temperature of integers -1, of m/2^k -1/2^k; the text
//        form Thermograph(...) with *8 -> Thermograph(0,[0],[0,-1],0,[0],[0,1]) quoted in issue 14).
#include <gtest/gtest.h>

#include <random>

#include "cgt/analysis.h"
#include "cgt/thermograph.h"
#include "util/error.h"

using namespace cgtlab::cgt;

namespace {

Game P(const char* s) { return Game::parse(s); }
Dyadic D(const char* s) { return Dyadic::parse(s); }

// Random canonical games: day by day, up to three options each side drawn from earlier
// days, seeded with numbers, nimbers, ups and switches so that hot and tepid games occur.
std::vector<Game> random_games(unsigned seed, int count, int days = 3) {
  std::mt19937 rng(seed);
  std::vector<Game> pool = {P("0"), P("1"), P("-1"), P("1/2"), P("-3/2"), P("2"), P("*"),
                            P("^"), P("v"), P("*2"), P("+-1"), P("{2|-1}")};
  std::vector<Game> out;
  for (int d = 0; d < days; ++d) {
    std::vector<Game> next = pool;
    for (int i = 0; i < count / days; ++i) {
      std::uniform_int_distribution<int> n(1, 3), pick(0, static_cast<int>(pool.size()) - 1);
      std::vector<Game> l, r;
      int nl = n(rng), nr = n(rng);
      for (int k = 0; k < nl; ++k) l.push_back(pool[pick(rng)]);
      for (int k = 0; k < nr; ++k) r.push_back(pool[pick(rng)]);
      Game g = Game::from_options(l, r);
      if (g.birthday() > 6) continue;
      next.push_back(g);
      out.push_back(g);
    }
    pool = std::move(next);
  }
  return out;
}

}  // namespace

TEST(Thermograph, TextbookSwitches) {
  // [LIP]/[WW]: {3|1} has mean 2 and temperature 1; its walls are 3 - t and 1 + t.
  EXPECT_EQ(thermograph(P("{3|1}")).str(), "Thermograph(2,[1],[0,-1],2,[1],[0,1])");
  EXPECT_EQ(mean(P("{3|1}")), Dyadic(2));
  EXPECT_EQ(temperature(P("{3|1}")), Dyadic(1));
  // [LIP]: {3||2|1} has mean 9/4 and temperature 3/4; the right wall bends at 1/2.
  EXPECT_EQ(thermograph(P("{3||2|1}")).str(), "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])");
  EXPECT_EQ(mean(P("{3||2|1}")), D("9/4"));
  EXPECT_EQ(temperature(P("{3||2|1}")), D("3/4"));
  // [CGS] (issue 14): *8.
  EXPECT_EQ(thermograph(P("*8")).str(), "Thermograph(0,[0],[0,-1],0,[0],[0,1])");
  EXPECT_EQ(thermograph(P("*")).str(), "Thermograph(0,[0],[0,-1],0,[0],[0,1])");
  // ^ = {0|*}: the left wall leans below 0, the right wall is vertical.
  EXPECT_EQ(thermograph(P("^")).str(), "Thermograph(0,[0],[0,-1],0,[],[0])");
  EXPECT_EQ(thermograph(P("^^*")).str(), thermograph(P("^")).str());
  EXPECT_EQ(thermograph(P("v")).str(), "Thermograph(0,[],[0],0,[0],[0,1])");
}

TEST(Thermograph, NumbersHaveSubZeroParts) {
  // [CGS]: an integer has no critical point, m/2^k one at -1/2^k.
  EXPECT_EQ(thermograph(P("5")).str(), "Thermograph(5,[],[0],5,[],[0])");
  EXPECT_EQ(thermograph(P("1/2")).str(), "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])");
  EXPECT_EQ(temperature(P("5")), Dyadic(-1));
  EXPECT_EQ(temperature(P("-7")), Dyadic(-1));
  EXPECT_EQ(temperature(P("1/2")), D("-1/2"));
  EXPECT_EQ(temperature(P("-3/8")), D("-1/8"));
  EXPECT_EQ(temperature(P("^*")), Dyadic(0));
  EXPECT_EQ(temperature(P("3/4*")), Dyadic(0));
  for (const char* x : {"3/4", "-5/8", "11/16", "7/2"}) {
    Game g = P(x);
    EXPECT_EQ(mean(g), *g.as_number()) << x;
    // The recursion over the options and the closed form agree.
    EXPECT_EQ(thermograph(g).temperature(), temperature(g)) << x;
  }
}

TEST(Thermograph, SwitchesMeanAndTemperature) {
  // A switch {a|b} with a > b: mean (a+b)/2, temperature (a-b)/2.
  std::vector<Dyadic> xs = {D("-3"), D("-1"), D("-1/2"), D("0"), D("1/4"), D("1"), D("5/2"), D("7")};
  for (const Dyadic& a : xs)
    for (const Dyadic& b : xs) {
      if (!(b < a)) continue;
      Game g = Game::from_options({Game::number(a)}, {Game::number(b)});
      if (g.is_number()) continue;
      EXPECT_EQ(mean(g), (a + b).half()) << g.str();
      EXPECT_EQ(temperature(g), (a - b).half()) << g.str();
    }
}

TEST(Thermograph, RandomIdentities) {
  std::vector<Game> games = random_games(14, 1500);
  ASSERT_GT(games.size(), 1000u);
  std::mt19937 rng(3);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  int hot = 0;
  for (int i = 0; i < 1500; ++i) {
    Game g = games[pick(rng)], h = games[pick(rng)];
    Game s = g + h;
    // Mean is additive; the temperature of a sum is at most the larger one.
    EXPECT_EQ(mean(s), mean(g) + mean(h)) << g.str() << " + " << h.str();
    Dyadic tg = temperature(g), th = temperature(h);
    EXPECT_LE(temperature(s), tg < th ? th : tg) << g.str() << " + " << h.str();
    // The walls: right <= left everywhere; the stops are the walls at temperature 0.
    const Thermograph& t = thermograph(g);
    if (!g.is_number() || g.is_integer()) {
      EXPECT_EQ(t.left_wall.value_at(Dyadic(0)), g.left_stop()) << g.str();
      EXPECT_EQ(t.right_wall.value_at(Dyadic(0)), g.right_stop()) << g.str();
    }
    EXPECT_EQ(t.mast(), mean(g));
    if (Dyadic(0) < tg) ++hot;
  }
  EXPECT_GT(hot, 100);
}

TEST(Cooling, CoolingByTheTemperatureFreezes) {
  // [WW]: {3|1} cooled by 1 is 2*, {3||2|1} cooled by 3/4 is infinitesimally close to 9/4.
  EXPECT_EQ(cool(P("{3|1}"), Dyadic(1)), P("2*"));
  EXPECT_EQ(cool(P("{3|1}"), D("1/2")), P("{5/2|3/2}"));
  EXPECT_EQ(cool(P("{3|1}"), Dyadic(2)), P("2"));
  EXPECT_EQ(freeze(P("{3|1}")), P("2*"));
  for (Game g : random_games(15, 1200)) {
    Game f = freeze(g);
    // The frozen game is a number plus an infinitesimal, at the mean.
    EXPECT_EQ(f.left_stop(), mean(g)) << g.str();
    EXPECT_EQ(f.right_stop(), mean(g)) << g.str();
    if (!g.is_number()) EXPECT_TRUE(is_infinitesimal(f - Game::number(mean(g)))) << g.str();
    // Cooling is additive up to the temperatures (a consequence of the definition we
    // check only for the mean): mean of the cooled game is the mean.
    EXPECT_EQ(mean(cool(g, D("1/2"))), mean(g)) << g.str();
  }
  EXPECT_THROW(cool(P("*"), Dyadic(-1)), cgtlab::InputError);
}

TEST(Cooling, HeatingUndoesCoolingOfSwitches) {
  // Heating by t is the inverse of cooling by t above the temperature's freezing point
  // for games whose options are numbers: int^1 ({3|1} cooled by 1/2) = {3|1}.
  EXPECT_EQ(heat(cool(P("{3|1}"), D("1/2")), P("1/2")), P("{3|1}"));
  EXPECT_EQ(heat(P("*"), P("1")), P("+-1"));
  EXPECT_EQ(heat(P("^"), P("1")), P("{1||0|-2}"));  // {0+1 | int(*) - 1}, int(*) = +-1
  EXPECT_EQ(heat(P("5/2"), P("7")), P("5/2"));
  // Overheating from 1 to 1 turns an integer n into n: {1|-1} at 0 ... [CGS] semantics.
  EXPECT_EQ(overheat(P("1"), P("*"), P("1")), P("*"));
  EXPECT_EQ(overheat(P("2"), P("^"), P("0")), P("^^"));
}

TEST(AtomicWeight, Textbook) {
  // [WW]/[LIP]: aw(^) = 1, aw(^*) = 1, aw(*) = 0, aw(^^) = 2, aw(v) = -1.
  EXPECT_EQ(atomic_weight(P("^")), P("1"));
  EXPECT_EQ(atomic_weight(P("^*")), P("1"));
  EXPECT_EQ(atomic_weight(P("*")), P("0"));
  EXPECT_EQ(atomic_weight(P("^^")), P("2"));
  EXPECT_EQ(atomic_weight(P("v")), P("-1"));
  EXPECT_EQ(atomic_weight(P("0")), P("0"));
  // Not infinitesimal: no atomic weight.
  EXPECT_FALSE(atomic_weight(P("1")).has_value());
  EXPECT_FALSE(atomic_weight(P("{3|1}")).has_value());
  // [LIP] ch. 9: {0|^^*}-style games; {0 | v*} = ^<2>-like up-seconds weigh 0... their
  // weight is what the calculus gives; it must be consistent with sums below.
  auto w = atomic_weight(P("{0|^^*}"));
  ASSERT_TRUE(w.has_value());
}

TEST(AtomicWeight, AdditiveOnAtomicGames) {
  std::vector<Game> small;
  for (Game g : random_games(16, 2000, 3))
    if (is_infinitesimal(g) && atomic_weight(g)) small.push_back(g);
  ASSERT_GT(small.size(), 50u);
  std::mt19937 rng(5);
  std::uniform_int_distribution<std::size_t> pick(0, small.size() - 1);
  int checked = 0;
  for (int i = 0; i < 600; ++i) {
    Game g = small[pick(rng)], h = small[pick(rng)];
    auto wg = atomic_weight(g), wh = atomic_weight(h), ws = atomic_weight(g + h);
    if (!ws) continue;  // the sum of atomic games need not be atomic in general
    EXPECT_EQ(*ws, *wg + *wh) << g.str() << " + " << h.str();
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

TEST(ReducedCanonicalForm, TextbookAndInfinitesimalShifts) {
  // [LIP] ch. 9: rcf removes infinitesimals: ^* -> 0, 1^ -> 1, {3|1}+^ -> {3|1}.
  EXPECT_EQ(reduced_canonical_form(P("^*")), P("0"));
  EXPECT_EQ(reduced_canonical_form(P("1^")), P("1"));
  EXPECT_EQ(reduced_canonical_form(P("{3|1} + ^")), P("{3|1}"));
  EXPECT_EQ(reduced_canonical_form(P("{2|^}")), P("{2|0}"));
  std::vector<Game> eps = {P("^"), P("*"), P("^*"), P("v"), P("*2"), P("Tiny(1)"), P("{0|^^*}")};
  int i = 0;
  for (Game g : random_games(17, 900)) {
    Game r = reduced_canonical_form(g);
    Game e = eps[static_cast<std::size_t>(i++) % eps.size()];
    EXPECT_EQ(reduced_canonical_form(g + e), r) << g.str() << " + " << e.str();
    EXPECT_EQ(reduced_canonical_form(r), r) << g.str();
    EXPECT_TRUE(is_infinitesimal(g - r)) << g.str();
  }
}

TEST(Predicates, Basics) {
  EXPECT_TRUE(is_infinitesimal(P("^*")));
  EXPECT_TRUE(is_all_small(P("{0|^^*}")));
  EXPECT_FALSE(is_all_small(P("Tiny(2)")));
  EXPECT_TRUE(is_number_tiny(P("Tiny(2)")));
  EXPECT_TRUE(is_number_tiny(P("Miny(1/2)")));
  EXPECT_FALSE(is_number_tiny(P("^")));
  EXPECT_TRUE(is_numberish(P("3^*")));
  EXPECT_FALSE(is_numberish(P("{3|1}")));
  EXPECT_TRUE(is_even(P("0")));
  EXPECT_TRUE(is_odd(P("*")));
  EXPECT_TRUE(is_odd(P("-1")));
  EXPECT_TRUE(is_even(P("-2")));
  EXPECT_FALSE(is_even(P("*2")));
  EXPECT_FALSE(is_odd(P("*2")));
  EXPECT_TRUE(is_even_tempered(P("1/2")));
  EXPECT_TRUE(is_odd_tempered(P("{1|-1}")));
  EXPECT_TRUE(is_odd_tempered(P("1*")));
  EXPECT_FALSE(is_even_tempered(P("^")));
  EXPECT_TRUE(is_ordinal(P("3")));
  EXPECT_FALSE(is_ordinal(P("-3")));
  EXPECT_FALSE(is_ordinal(P("1/2")));
}

TEST(Analysis, CompanionIncentivesFollowersStops) {
  // Companions (CGSuite): * <-> 0 on nus, ^ <-> ^*.
  EXPECT_EQ(companion(P("0")), P("*"));
  EXPECT_EQ(companion(P("*")), P("0"));
  EXPECT_EQ(companion(P("^")), P("^*"));
  EXPECT_EQ(companion(P("*2")), P("*2"));
  EXPECT_EQ(companion(companion(P("{0|^^*}"))), P("{0|^^*}"));
  // Incentives of {3|1}: Left's 3 - {3|1} = {2|0}, Right's {3|1} - 1 = {2|0}.
  auto inc = incentives(P("{3|1}"), true, true);
  ASSERT_EQ(inc.size(), 1u);
  EXPECT_EQ(inc[0], P("{2|0}"));
  EXPECT_EQ(incentives(P("^"), true, true), std::vector<Game>{P("^*")});
  // Followers of *2: *2, *, 0; of 3: 0..3.
  EXPECT_EQ(follower_count(P("*2")), 3);
  EXPECT_EQ(follower_count(P("3")), 4);
  EXPECT_EQ(follower_count(P("{3|1}")), 5);
  EXPECT_EQ(followers(P("3"), 2).size(), 2u);
  EXPECT_EQ(follower_count(P("*65536")), 65537);
  // Stop counts (CGSuite): a number 1, *m 2*3^(m-1), {3|1} 2.
  EXPECT_EQ(stop_count(P("5/8")), 1);
  EXPECT_EQ(stop_count(P("*")), 2);
  EXPECT_EQ(stop_count(P("*3")), 18);
  EXPECT_EQ(stop_count(P("{3|1}")), 2);
  EXPECT_EQ(stop_count(P("^")), 3);
}

TEST(Analysis, MisereOutcomeOfTheTree) {
  // Misère: the player who cannot move wins. 0: whoever starts wins (N); * : P;
  // *2: N; a positive integer: Right (Left must move, Right never has to).
  EXPECT_EQ(misere_outcome(P("0")), Outcome::N);
  EXPECT_EQ(misere_outcome(P("*")), Outcome::P);
  EXPECT_EQ(misere_outcome(P("*2")), Outcome::N);
  EXPECT_EQ(misere_outcome(P("*65536")), Outcome::N);
  EXPECT_EQ(misere_outcome(P("3")), Outcome::R);
  EXPECT_EQ(misere_outcome(P("-2")), Outcome::L);
  // 1/2 = {0|1}: Left's move to 0 leaves Right without a move (Right wins); Right's move
  // to 1 forces Left to 0: R. Numbers recurse through their options.
  EXPECT_EQ(misere_outcome(P("1/2")), Outcome::R);
  EXPECT_EQ(misere_outcome(P("-1/8")), Outcome::L);
  EXPECT_EQ(misere_outcome(P("5/8*")), misere_outcome(Game::from_options({P("5/8")}, {P("5/8")})));
  // {3|1}: Left moves to 3 and then Right wins only by being unable... 3 is R-win, so
  // Left's only move loses; Right moves to 1 (R-win) and wins: R.
  EXPECT_EQ(misere_outcome(P("{3|1}")), Outcome::R);
  // Agreement of the nimber shortcut with the tree recursion: 1*3 = {1,1*,1*2|same}.
  EXPECT_EQ(misere_outcome(P("1*3")), misere_outcome(Game::from_options({P("1"), P("1*"), P("1*2")}, {P("1"), P("1*"), P("1*2")})));
}

TEST(Analysis, UptimalExpansions) {
  EXPECT_EQ(uptimal_expansion(P("^"))->str(), "0.1");
  EXPECT_EQ(uptimal_expansion(P("^*"))->str(), "*.1");
  EXPECT_EQ(uptimal_expansion(P("1/2v3*2"))->str(), "1/2*2.3-");
  EXPECT_EQ(uptimal_expansion(P("^<2>"))->str(), "0.01");
  EXPECT_EQ(uptimal_expansion(P("^[3]"))->str(), "0.111");
  EXPECT_EQ(uptimal_expansion(P("^ + ^<3>*"))->str(), "*.101");
  EXPECT_FALSE(uptimal_expansion(P("{3|1}")).has_value());
  EXPECT_FALSE(uptimal_expansion(P("Tiny(2)")).has_value());
  // Every expansion found rebuilds its game: x + *m + sum a_i ^<i>.
  std::vector<Game> ups = {P("^<2>"), P("^<3>"), P("^<4>")};
  for (Game g : random_games(18, 1500)) {
    auto e = uptimal_expansion(g);
    if (!e) continue;
    Game sum = Game::number_up_star(e->number, e->coefficients.empty() ? 0 : e->coefficients[0], e->nimber);
    bool rebuilt = true;
    for (std::size_t i = 1; i < e->coefficients.size(); ++i) {
      if (i - 1 >= ups.size()) {
        rebuilt = false;
        break;
      }
      for (long k = 0; k < std::abs(e->coefficients[i]); ++k) sum = e->coefficients[i] > 0 ? sum + ups[i - 1] : sum - ups[i - 1];
    }
    if (rebuilt) EXPECT_EQ(sum, g) << g.str() << " = " << e->str();
  }
}

TEST(Notation, MethodsInExpressions) {
  EXPECT_EQ(P("{3|1}.Cool(1)"), P("2*"));
  EXPECT_EQ(P("{3|1}.Mean"), P("2"));
  EXPECT_EQ(P("{3||2|1}.Temperature"), P("3/4"));
  EXPECT_EQ(P("{3|1}.Freeze"), P("2*"));
  EXPECT_EQ(P("*.Heat(1)"), P("+-1"));
  EXPECT_EQ(P("^*.AtomicWeight"), P("1"));
  EXPECT_EQ(P("({3|1}+^).ReducedCanonicalForm"), P("{3|1}"));
  EXPECT_EQ(P("2.Overheat(*, 1)"), P("0"));
  EXPECT_EQ(P("{3|1}.Cool(1) + 1"), P("3*"));
  EXPECT_THROW(P("{3|1}.Cool(*)"), cgtlab::InputError);
  EXPECT_THROW(P("{3|1}.Cool(-1)"), cgtlab::InputError);
  EXPECT_THROW(P("{3|1}.AtomicWeight"), cgtlab::InputError);
  EXPECT_THROW(P("{3|1}.Frobnicate"), cgtlab::InputError);
}

namespace {
// Misère play of the canonical tree by the definition, with no shortcut.
std::pair<bool, bool> naive_misere(Game g) {
  auto lo = g.left_options(), ro = g.right_options();
  bool lw = lo.empty(), rw = ro.empty();
  for (Game o : lo) lw = lw || !naive_misere(o).second;
  for (Game o : ro) rw = rw || !naive_misere(o).first;
  return {lw, rw};
}
}  // namespace

TEST(Analysis, EveryPartOnRandomGamesAndNumbers) {
  std::vector<Game> games = random_games(19, 600);
  for (const char* x : {"1/8", "-3/16", "7/4*", "1/2^", "*5", "2v3*2", "Tiny(1/2)", "Miny(3)", "^<3>*"})
    games.push_back(P(x));
  for (Game g : games) {
    auto [lw, rw] = naive_misere(g);
    Outcome want = lw && rw ? Outcome::N : lw ? Outcome::L : rw ? Outcome::R : Outcome::P;
    EXPECT_EQ(misere_outcome(g), want) << g.str();
    EXPECT_NO_THROW({
      (void)thermograph(g).str();
      (void)companion(g);
      (void)freeze(g);
      (void)reduced_canonical_form(g);
      (void)incentives(g, true, true);
      (void)follower_count(g);
      (void)stop_count(g);
      (void)uptimal_expansion(g);
      (void)atomic_weight(g);
    }) << g.str();
    EXPECT_EQ(followers(g, 1u << 20).size(), follower_count(g).get_ui()) << g.str();
  }
}
