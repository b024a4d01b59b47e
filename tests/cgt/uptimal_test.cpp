// Uptimal names (cgt/uptimal.cpp): the printer names x + h for h = ^<n>, v<n>, ^[n], v[n]
// and each plus *, 2 <= n <= 256. uptimal_name first asks may_be_named_uptimal, a condition
// on g's own options (no translated copy of g is built); these tests check the fact it rests
// on for every n the table can hold, and that the names found are those of a plain lookup.
#include <absl/container/flat_hash_set.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "cgt/game.h"
#include "cgt/notation_internal.h"
#include "cgt/store.h"

using cgtlab::cgt::Dyadic;
using cgtlab::cgt::Game;
using cgtlab::cgt::detail::Id;
using cgtlab::cgt::detail::Store;

namespace {

// The named forms h (at 0), in the order uptimal_name builds them.
std::vector<Id> named_forms(long max_n) {
  Store& s = Store::get();
  Id star = s.nus(Dyadic(0), 0, 1);
  std::vector<Id> out;
  for (long n = 2; n <= max_n; ++n) {
    Id nth = cgtlab::cgt::detail::up_nth(n), to_nth = cgtlab::cgt::detail::up_to_nth(n);
    for (Id h : {nth, s.neg(nth), to_nth, s.neg(to_nth)}) {
      out.push_back(h);
      out.push_back(s.add(h, star));
    }
  }
  return out;
}

TEST(Uptimals, EveryNamedFormHasAFewOptionsOneOfThemZeroOrStar) {
  Store& s = Store::get();
  std::lock_guard lock(s.mutex());
  for (Id h : named_forms(256)) {
    ASSERT_FALSE(s.is_nus(h));
    ASSERT_TRUE(s.left_stop(h).is_zero() && s.right_stop(h).is_zero());
    auto l = s.left(h), r = s.right(h);
    EXPECT_LE(l.size(), 2u);
    EXPECT_LE(r.size(), 2u);
    EXPECT_LE(l.size() + r.size(), 3u);
    bool zero_or_star = false;
    for (auto side : {l, r})
      for (Id o : side)
        if (s.is_nimber(o) && s.nus_of(o).star <= 1) zero_or_star = true;
    EXPECT_TRUE(zero_or_star);
    EXPECT_TRUE(cgtlab::cgt::detail::may_be_named_uptimal(s, h, Dyadic(0)));
    // Translated: the condition and the name hold at x as at 0.
    for (const Dyadic& x : {Dyadic(3), Dyadic(-23), Dyadic(mpz_class(-5), 3)}) {
      Id g = s.add(h, s.number(x));
      EXPECT_TRUE(cgtlab::cgt::detail::may_be_named_uptimal(s, g, x));
      EXPECT_TRUE(cgtlab::cgt::detail::uptimal_name(g).has_value());
    }
  }
}

// On thousands of games near the named ones (translated, plus small games, as options of
// small forms), uptimal_name names exactly those whose translation to 0 is a named form.
TEST(Uptimals, NamesAgreeWithAPlainLookup) {
  Store& s = Store::get();
  std::lock_guard lock(s.mutex());
  std::vector<Id> all = named_forms(256), forms = named_forms(12);
  absl::flat_hash_set<Id> named(all.begin(), all.end());
  std::vector<Id> small;
  for (const char* t : {"0", "*", "^", "v", "^*", "*2", "1", "-1", "1/2", "{1|0}", "{0|-1}", "{0||0|-1}", "^<2>"})
    small.push_back(Game::parse(t).id());
  std::mt19937 rng(20261124);
  auto pick = [&](const std::vector<Id>& v) { return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)]; };
  int games = 0, names = 0;
  for (int k = 0; k < 6000; ++k) {
    Id g;
    switch (k % 4) {
      case 0: g = s.add(pick(forms), pick(small)); break;
      case 1: g = s.add(pick(forms), s.number(Dyadic(std::uniform_int_distribution<long>(-30, 30)(rng)))); break;
      case 2: g = s.from_options({pick(forms), pick(small)}, {pick(small)}); break;
      default: g = s.from_options({pick(small)}, {pick(forms), pick(small)}); break;
    }
    if (s.is_nus(g)) continue;
    ++games;
    bool expected = false;
    if (s.left_stop(g) == s.right_stop(g)) {
      Dyadic x = s.left_stop(g);
      expected = named.contains(s.add(g, s.number(-x)));
    }
    bool found = cgtlab::cgt::detail::uptimal_name(g).has_value();
    EXPECT_EQ(found, expected) << Game::from_id(g).str();
    names += found;
  }
  EXPECT_GT(games, 4000);
  EXPECT_GT(names, 1000);  // the named ones are really asked about
}

}  // namespace

namespace {

// The printer writes g as +-x exactly when g = -g (it first asks LS(g) = -RS(g) and as many
// Left as Right options, and builds -g only then): checked on thousands of games, switches
// {a | -a} among them, against -g = g.
TEST(Printer, SwitchesAreTheGamesEqualToTheirNegatives) {
  std::vector<Game> small;
  for (const char* t : {"0", "*", "^", "1", "-1", "1/2", "3", "{1|0}", "{2|-1}", "^<2>", "{0||0|-1}", "+-1", "*2", "-7/4"})
    small.push_back(Game::parse(t));
  std::mt19937 rng(1124);
  auto pick = [&] { return small[std::uniform_int_distribution<std::size_t>(0, small.size() - 1)(rng)]; };
  int switches = 0, games = 0;
  for (int k = 0; k < 4000; ++k) {
    Game a = pick(), b = pick();
    Game g;
    switch (k % 4) {
      case 0: g = Game::from_options({a}, {-a}); break;
      case 1: g = Game::from_options({a, b}, {-a, -b}); break;
      case 2: g = Game::from_options({a}, {b}) + pick(); break;
      default: g = Game::from_options({a + b}, {-a - b, pick()}); break;
    }
    if (g.is_number() || g.is_nimber()) continue;
    ++games;
    const std::string text = g.str();
    const bool printed_as_switch = text.rfind("+-", 0) == 0;
    EXPECT_EQ(printed_as_switch, -g == g) << text;
    switches += printed_as_switch;
  }
  EXPECT_GT(games, 1500);
  EXPECT_GT(switches, 500);
}

}  // namespace
