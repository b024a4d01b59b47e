// WAK weights as typed by a user and as printed.
#include "games/kayles/wak_text.h"

#include <gtest/gtest.h>

#include "util/error.h"

using namespace cgtlab;

TEST(WakText, ParsesWeightsInVertexOrder) {
  auto g = graph::parse_graph("P4");
  EXPECT_EQ(games::parse_wak_weights(g, "3,1,0,2"), (std::vector<std::uint64_t>{3, 1, 0, 2}));
  EXPECT_EQ(games::parse_wak_weights(g, "3, 1 ,0,2"), (std::vector<std::uint64_t>{3, 1, 0, 2}));
  EXPECT_EQ(games::parse_wak_weights(g, "18446744073709551615,0,0,1"),
            (std::vector<std::uint64_t>{UINT64_MAX, 0, 0, 1}));
}

TEST(WakText, ParsesNamedWeightsAndLeavesTheRestEmpty) {
  auto g = graph::parse_graph("a-b,b-c,c-c");
  EXPECT_EQ(games::parse_wak_weights(g, "c=5,a=2"), (std::vector<std::uint64_t>{2, 0, 5}));
}

TEST(WakText, RejectsBadWeights) {
  auto g = graph::parse_graph("P4");
  EXPECT_THROW(games::parse_wak_weights(g, "3,1,0"), InputError);                  // too few
  EXPECT_THROW(games::parse_wak_weights(g, "3,1,0,x"), InputError);                // not a number
  EXPECT_THROW(games::parse_wak_weights(g, "3,1,0,-1"), InputError);               // negative
  EXPECT_THROW(games::parse_wak_weights(g, "18446744073709551616,1,1,1"), InputError);  // 2^64
  EXPECT_THROW(games::parse_wak_weights(g, "0=1,0=2"), InputError);                // twice
  EXPECT_THROW(games::parse_wak_weights(g, "0=1,q"), InputError);                  // no '='
  EXPECT_THROW(games::parse_wak_weights(g, "9=1"), InputError);                    // no such vertex
  EXPECT_THROW(games::parse_wak_weights(g, ""), InputError);
}

TEST(WakText, PrintedWeightsParseBack) {
  auto g = graph::parse_graph("b-a,a-c,c-c");
  auto w = games::parse_wak_weights(g, "4,7,1");
  auto p = games::make_wak(g, w);
  auto text = games::wak_weights_text(p);
  EXPECT_EQ(text, "b=4,a=7,c=1");
  EXPECT_EQ(games::parse_wak_weights(g, text), w);
}
