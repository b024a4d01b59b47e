// Known identities of the value layer, computed by the engine and compared with the
// canonical form parsed from its standard name.
#include <gtest/gtest.h>

#include "cgt/game.h"
#include "util/error.h"

using cgtlab::cgt::Game;
using cgtlab::cgt::Outcome;
using cgtlab::cgt::Relation;

namespace {
Game P(const char* s) { return Game::parse(s); }
}  // namespace

TEST(Identities, Numbers) {
  EXPECT_EQ(P("1/2") + P("1/2"), Game::integer(1));
  EXPECT_EQ(P("{0|1}"), P("1/2"));
  EXPECT_EQ(P("{0|}"), Game::integer(1));
  EXPECT_EQ(P("{|}"), Game());
  EXPECT_EQ(P("{1/2|1}"), P("3/4"));
  EXPECT_EQ(P("{-1|3}"), Game());
  EXPECT_EQ(P("{1|3}"), Game::integer(2));
  EXPECT_EQ(P("{|-3}").str(), "-4");
  EXPECT_EQ(P("3/4").str(), "3/4");
  EXPECT_EQ(P("-5/8").str(), "-5/8");
  EXPECT_TRUE(P("{0|1}").is_number());
}

TEST(Identities, NimbersAndUps) {
  EXPECT_EQ(P("*") + P("*"), Game());
  EXPECT_EQ(P("*2") + P("*3"), P("*"));
  EXPECT_EQ(P("{0,*|0,*}"), P("*2"));
  EXPECT_EQ(P("{0|*}"), P("^"));
  EXPECT_EQ(P("{0|*}").str(), "^");
  EXPECT_EQ(P("^+^+*").str(), "^^*");
  EXPECT_EQ(P("{0,*|0}").str(), "^*");
  EXPECT_EQ(P("{*|0}").str(), "v");
  EXPECT_EQ(P("^+^+^").str(), "^3");
  EXPECT_EQ(P("v+v").str(), "vv");
  EXPECT_EQ(P("v+v+v+*8+73/16-v-v-v-v-v-v").str(), "73/16^3*8");
  EXPECT_EQ(P("{0|^*}"), P("^^"));
  EXPECT_EQ(P("{0|*3}"), P("^*2"));
  EXPECT_EQ(P("9/8+*").str(), "9/8*");
  EXPECT_EQ(P("6+^+*").str(), "6^*");
  EXPECT_EQ(P("^*6").str(), "^*6");
  EXPECT_EQ(P("*") .compare(P("^")), Relation::Confused);
  EXPECT_EQ(P("*2").compare(P("^")), Relation::Less);
  EXPECT_EQ(P("0").compare(P("^*")), Relation::Confused);
}

TEST(Identities, HotGames) {
  EXPECT_EQ(P("{1|-1}"), P("+-1"));
  EXPECT_EQ(P("{1|-1}").str(), "+-1");
  EXPECT_EQ(P("+-1 + +-1"), Game());
  EXPECT_EQ(P("+-1/2").str(), "+-1/2");
  EXPECT_EQ(P("{1/2|-1/2}"), P("+-1/2"));
  EXPECT_EQ(P("{3|1||-2}").str(), "{3|1||-2}");
  EXPECT_EQ(P("{1|*}").str(), "{1|*}");
  EXPECT_EQ(P("{0||0|-2}").str(), "Tiny(2)");
  EXPECT_EQ(P("{2|0||0}").str(), "Miny(2)");
  EXPECT_EQ(P("2 + {0||0|-2}").str(), "2Tiny(2)");
  EXPECT_EQ(P("{0||0|-2}").outcome(), Outcome::L);
  EXPECT_EQ(P("+-1").outcome(), Outcome::N);
  EXPECT_EQ(P("{1|*}").outcome(), Outcome::L);
}

TEST(Identities, MalformedInputThrows) {
  for (const char* bad : {"", "{", "{1|", "1/3", "{1,|2}", "^^ ^", "{1||2||3}", "Tinyx(2)", "*x", "()", "1+", "}"}) {
    EXPECT_THROW(P(bad), cgtlab::InputError) << bad;
  }
}

TEST(Identities, Uptimals) {
  // ^<2> = {0|v*}; ^ + ^<2> + ... + ^<n> = ^[n] = {^[n-1] | *}.
  EXPECT_EQ(P("{0|v*}").str(), "^<2>");
  EXPECT_EQ(P("^<2>"), P("{0|v*}"));
  EXPECT_EQ(P("^ + ^<2>"), P("{^|*}"));
  EXPECT_EQ(P("{^|*}").str(), "^[2]");
  EXPECT_EQ(P("^+^<2>+^<3>+^<4>").str(), "^[4]");
  EXPECT_EQ(P("-^[2]").str(), "v[2]");
  EXPECT_EQ(P("-^<3>").str(), "v<3>");
  EXPECT_EQ(P("1/2 + ^<3>").str(), "1/2^<3>");
  EXPECT_EQ(P("^<2> + *").str(), "^<2>*");
  EXPECT_EQ(P("^<1>"), P("^"));
  EXPECT_EQ(P("^[1]"), P("^"));
  EXPECT_TRUE(P("^<2>") > Game());
  EXPECT_TRUE(P("^<2>") < P("^"));
}

TEST(Identities, OrdinalSums) {
  EXPECT_EQ(P("1:1"), P("2"));
  EXPECT_EQ(P("1:-1"), P("1/2"));
  EXPECT_EQ(P("1:*"), P("1*"));
  EXPECT_EQ(P("*:1"), P("^*"));  // {0,* | 0}
  EXPECT_EQ(P("{1|-1}:1"), P("{1,{1|-1}|-1}"));  // G:1 = {G^L, G | G^R}
  EXPECT_EQ(P("*:*"), P("*2"));
  EXPECT_EQ(P("2:1:1"), P("(2:1):1"));
}
