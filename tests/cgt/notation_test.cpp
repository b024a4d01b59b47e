// The parser and printer on the forms CGSuite prints, stops and birthdays of named games.
#include <gtest/gtest.h>

#include "cgt/analysis.h"
#include "cgt/game.h"
#include "util/error.h"

using cgtlab::cgt::Dyadic;
using cgtlab::cgt::Game;

namespace {
Game P(const char* s) { return Game::parse(s); }
std::string canon(const char* s) { return Game::parse(s).str(); }
}  // namespace

TEST(Notation, SpacesParenthesesAndSigns) {
  EXPECT_EQ(P(" { 1 | * } + ^ "), P("{1|*}+^"));
  EXPECT_EQ(P("-(1/2)"), P("-1/2"));
  EXPECT_EQ(P("--1"), P("1"));
  EXPECT_EQ(P("-1^"), Game::number_up_star(Dyadic(-1), 1, 0));  // the sign belongs to the number
  EXPECT_EQ(P("-(1^)"), Game::number_up_star(Dyadic(-1), -1, 0));
  EXPECT_EQ(P("1+-1"), Game());  // after an operand, + then -1
  EXPECT_EQ(P("2 - 1^"), Game::number_up_star(Dyadic(1), -1, 0));
  EXPECT_EQ(P("+1"), P("1"));
  EXPECT_EQ(P("((*))"), P("*"));
  EXPECT_EQ(P("^^^"), P("^3"));
  EXPECT_EQ(P("vvv*2"), Game::number_up_star(Dyadic(0), -3, 2));
}

TEST(Notation, Slashes) {
  EXPECT_EQ(P("{3|1||-2}"), Game::from_options({P("{3|1}")}, {P("-2")}));
  EXPECT_EQ(P("{0||0|-2}"), Game::from_options({P("0")}, {P("{0|-2}")}));
  EXPECT_EQ(P("{4|3||2|1}"), Game::from_options({P("{4|3}")}, {P("{2|1}")}));
  EXPECT_EQ(P("{5|4||3|||2}"), Game::from_options({P("{5|4||3}")}, {P("2")}));
  EXPECT_EQ(P("{|}"), Game());
  EXPECT_THROW(P("{1||2||3}"), cgtlab::InputError);
  EXPECT_THROW(P("{1}"), cgtlab::InputError);
  EXPECT_THROW(P("{1|2"), cgtlab::InputError);
}

TEST(Notation, PlusMinus) {
  EXPECT_EQ(P("+-{2,{3|1}}"), Game::from_options({P("2"), P("{3|1}")}, {P("-2"), P("{-1|-3}")}));
  EXPECT_EQ(P("+-{3|1}"), Game::from_options({P("{3|1}")}, {P("{-1|-3}")}));
  EXPECT_EQ(canon("{1/2*|-1/2*}"), "+-(1/2*)");
  EXPECT_EQ(P("+-(1/2*)"), P("{1/2*|-1/2*}"));
  EXPECT_EQ(canon("+-^"), "*");  // {^|v}: both options reverse through * to 0
  EXPECT_EQ(canon("+-(1^)"), "+-(1^)");
  EXPECT_EQ(canon("+-^^"), "+-^^");
  EXPECT_EQ(canon("2 + +-1"), "{3|1}");
}

TEST(Notation, TiniesAndMinies) {
  EXPECT_EQ(canon("Tiny(3/2)"), "Tiny(3/2)");
  EXPECT_EQ(canon("{0||0|{-1|-3}}"), "Tiny({3|1})");
  EXPECT_EQ(canon("-1/2 + Miny(1)"), "-1/2Miny(1)");
  EXPECT_EQ(P("-1/2Miny(1)"), P("-1/2") + P("Miny(1)"));
  EXPECT_EQ(P("2Tiny(2)"), P("2") + P("{0||0|-2}"));
  EXPECT_EQ(P("Tiny(2)") + P("Miny(2)"), Game());
}

TEST(Notation, NumbersUpsNimbers) {
  EXPECT_EQ(canon("73/16 + v9 + *8"), "73/16v9*8");
  EXPECT_EQ(canon("25/16"), "25/16");
  EXPECT_EQ(canon("*8"), "*8");
  EXPECT_EQ(canon("v*"), "v*");
  EXPECT_EQ(canon("{0|0,*}"), "v*");
  EXPECT_EQ(canon("^^*"), "^^*");
  EXPECT_EQ(canon("1/1024"), "1/1024");
  EXPECT_THROW(P("1/3"), cgtlab::InputError);
  EXPECT_THROW(P("*99999999999"), cgtlab::InputError);
}

TEST(Notation, StopsAndBirthdays) {
  Game g = P("{3|1||-2}");
  EXPECT_EQ(g.left_stop(), Dyadic(1));
  EXPECT_EQ(g.right_stop(), Dyadic(-2));
  EXPECT_EQ(g.birthday(), 5);  // {3|1} has birthday 4
  EXPECT_EQ(P("^").birthday(), 2);
  EXPECT_EQ(P("^*").birthday(), 2);
  EXPECT_EQ(P("^^").birthday(), 3);
  EXPECT_EQ(P("*3").birthday(), 3);
  EXPECT_EQ(P("3/4").birthday(), 3);
  EXPECT_EQ(P("-3").birthday(), 3);
  EXPECT_EQ(P("+-1").birthday(), 2);
  EXPECT_EQ(P("Tiny(2)").birthday(), 4);
  EXPECT_EQ(P("+-1").left_stop(), Dyadic(1));
  EXPECT_EQ(P("+-1").right_stop(), Dyadic(-1));
  EXPECT_EQ(P("5/2*").left_stop(), Dyadic(5).half());
  // Birthdays of packed values agree with the birthdays of their option trees.
  for (const char* s : {"^3*", "v4", "^*5", "^^*2", "v3*3", "7/8^*", "*6", "-9/4v*"}) {
    Game v = P(s);
    long b = 0;
    for (Game o : v.left_options()) b = std::max(b, o.birthday() + 1);
    for (Game o : v.right_options()) b = std::max(b, o.birthday() + 1);
    EXPECT_EQ(v.birthday(), b) << s;
    EXPECT_EQ(Game::from_options(v.left_options(), v.right_options()), v) << s;
  }
}

// printed_size measures str() without building the text: the same length, and nullopt
// beyond the cap. S_n = +-1 + ... + +-n = {n + S_(n-1) | -n + S_(n-1)} (Siegel II.5)
// prints S_(n-1) twice over (as +-{...}), so its text about doubles with each n while it has
// polynomially many subpositions: S_26 is measured at once, and str() stops with
// CapReached (docs/RELIABILITY.md: sums too big to print).
TEST(Notation, PrintedSize) {
  for (const char* s : {"0", "-7/16", "^*", "*5", "{3||2|1}", "+-{1|0}", "{1|0,*||-1}", "Tiny(2)", "^<3>*"})
    EXPECT_EQ(cgtlab::cgt::printed_size(P(s)), P(s).str().size()) << s;
  Game sum;
  std::size_t previous = 0;
  for (int n = 1; n <= 26; ++n) {
    sum = sum + P(("+-" + std::to_string(n)).c_str());
    if (n <= 12) {
      std::string text = sum.str();
      EXPECT_EQ(cgtlab::cgt::printed_size(sum), text.size()) << n;
      EXPECT_GT(text.size(), previous + previous / 2) << n << ": " << text;
      previous = text.size();
    }
  }
  EXPECT_EQ(cgtlab::cgt::printed_size(sum), std::nullopt);
  EXPECT_THROW((void)sum.str(), cgtlab::CapReached);
}
