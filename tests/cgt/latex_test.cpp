// Values in LaTeX (cgt/latex.h): the notation printer's LaTeX spelling, one expected string per
// kind of value, and the text translation agreeing with it.
#include <gtest/gtest.h>

#include "cgt/latex.h"

using cgtlab::cgt::Dyadic;
using cgtlab::cgt::Game;
using cgtlab::cgt::latex_notation;
using cgtlab::cgt::latex_number;
using cgtlab::cgt::latex_value;

namespace {
std::string L(const char* expr) { return latex_value(Game::parse(expr)); }
}  // namespace

TEST(Latex, Numbers) {
  EXPECT_EQ(L("0"), "0");
  EXPECT_EQ(L("5"), "5");
  EXPECT_EQ(L("-3"), "-3");
  EXPECT_EQ(L("3/4"), "\\frac{3}{4}");
  EXPECT_EQ(L("-3/8"), "-\\frac{3}{8}");
  EXPECT_EQ(L("73/16"), "\\frac{73}{16}");
  EXPECT_EQ(latex_number(Dyadic::parse("-5/2")), "-\\frac{5}{2}");
  EXPECT_EQ(latex_number(Dyadic(7)), "7");
}

TEST(Latex, NimbersAndUps) {
  EXPECT_EQ(L("*"), "\\ast");
  EXPECT_EQ(L("*2"), "\\ast 2");
  EXPECT_EQ(L("*8"), "\\ast 8");
  EXPECT_EQ(L("^"), "\\uparrow");
  EXPECT_EQ(L("v"), "\\downarrow");
  EXPECT_EQ(L("^*"), "\\uparrow\\ast");
  EXPECT_EQ(L("^^"), "\\Uparrow");
  EXPECT_EQ(L("vv*"), "\\Downarrow\\ast");
  EXPECT_EQ(L("^^^"), "\\uparrow{\\times}3");
  EXPECT_EQ(L("v3*2"), "\\downarrow{\\times}3\\ast 2");
  EXPECT_EQ(L("1*"), "1\\ast");
  EXPECT_EQ(L("73/16v9*8"), "\\frac{73}{16}\\downarrow{\\times}9\\ast 8");
}

TEST(Latex, SwitchesAndForms) {
  EXPECT_EQ(L("+-1"), "\\pm 1");
  EXPECT_EQ(L("{1|-1}"), "\\pm 1");
  EXPECT_EQ(L("+-1/2"), "\\pm \\frac{1}{2}");
  EXPECT_EQ(L("{3|1}"), "\\{3 \\mid 1\\}");
  EXPECT_EQ(L("{1|*}"), "\\{1 \\mid \\ast\\}");
  EXPECT_EQ(L("{3|1||-2}"), "\\{3 \\mid 1 \\mid\\mid -2\\}");
  EXPECT_EQ(L("{4|3||2|1}"), "\\{4 \\mid 3 \\mid\\mid 2 \\mid 1\\}");
  EXPECT_EQ(L("{5|4||3|||2}"), "\\{5 \\mid 4 \\mid\\mid 3 \\mid\\mid\\mid 2\\}");
  EXPECT_EQ(L("{2,{3|1}|-1}"), "\\{2, \\{3 \\mid 1\\} \\mid -1\\}");
}

TEST(Latex, TiniesAndUptimals) {
  EXPECT_EQ(L("{0||0|-2}"), "\\mathrm{Tiny}(2)");
  EXPECT_EQ(L("Miny(2)"), "\\mathrm{Miny}(2)");
  EXPECT_EQ(L("2+Tiny(2)"), "2+\\mathrm{Tiny}(2)");
  EXPECT_EQ(L("^<2>"), "\\uparrow^{\\langle 2\\rangle}");
  EXPECT_EQ(L("^[4]"), "\\uparrow^{[4]}");
  EXPECT_EQ(L("v[3]*"), "\\downarrow^{[3]}\\ast");
}

// The translation of printed text (for values held only as text) agrees with the printer.
TEST(Latex, TextTranslationAgrees) {
  for (const char* e : {"0", "-3/8", "*2", "^*", "^^", "v3*2", "73/16v9*8", "+-1", "{3|1||-2}", "{4|3||2|1}",
                        "{2,{3|1}|-1}", "{0||0|-2}", "2+Tiny(2)", "^<2>", "^[4]", "{1|*}"}) {
    Game g = Game::parse(e);
    std::string printed = latex_value(g), translated = latex_notation(g.str());
    // the translation spells "," as ",\," and puts spaces round every bar: compare without them
    auto squeeze = [](std::string s) {
      std::string out;
      for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.compare(i, 2, "\\,") == 0) { ++i; continue; }
        if (s[i] != ' ') out += s[i];
      }
      return out;
    };
    EXPECT_EQ(squeeze(translated), squeeze(printed)) << e << " printed as " << g.str();
  }
}
