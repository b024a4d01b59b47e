// FLIPPING COINS rules: the string form against the paper's example, and the packed form
// against the string form on every line of up to 12 coins.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/coins/rules.h"
#include "util/error.h"

using cgtlab::games::FlippingCoins;

namespace {

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST(FlippingCoins, PaperExample1011) {
  FlippingCoins rules;
  // 1011 = {0001, 001, 1 | 1101, 111}
  EXPECT_EQ(sorted(rules.left_options("1011")), sorted({"0001", "001", "1"}));
  EXPECT_EQ(sorted(rules.right_options("1011")), sorted({"1101", "111"}));
}

TEST(FlippingCoins, MovesName1BasedCoins) {
  FlippingCoins rules;
  auto left = rules.left_moves("0101011111");
  auto it = std::find_if(left.begin(), left.end(), [](const auto& m) { return m.first == 9 && m.second == 10; });
  ASSERT_NE(it, left.end());
  EXPECT_EQ(it->result, "01010111");
  auto right = rules.right_moves("01");
  ASSERT_EQ(right.size(), 1u);
  EXPECT_EQ(right[0].first, 1);
  EXPECT_EQ(right[0].second, 2);
  EXPECT_EQ(right[0].result, "1");
}

TEST(FlippingCoins, EndsAndOneSidedPositions) {
  FlippingCoins rules;
  EXPECT_TRUE(rules.left_options("").empty());
  EXPECT_TRUE(rules.right_options("").empty());
  EXPECT_TRUE(rules.left_options("0001").empty());   // one 1: Left cannot move
  EXPECT_EQ(rules.right_options("0001").size(), 3u);
  EXPECT_TRUE(rules.right_options("1111").empty());  // no 0: Right cannot move
  EXPECT_EQ(rules.left_options("1111").size(), 6u);
}

TEST(FlippingCoins, ParseValidatesAndDeletesTrailingZeros) {
  EXPECT_EQ(FlippingCoins::parse("101000"), "101");
  EXPECT_EQ(FlippingCoins::parse("000"), "");
  EXPECT_THROW(FlippingCoins::parse(""), cgtlab::InputError);
  EXPECT_THROW(FlippingCoins::parse("10a1"), cgtlab::InputError);
  EXPECT_THROW(FlippingCoins::parse("1 1"), cgtlab::InputError);
  EXPECT_THROW(FlippingCoins::pack(std::string(65, '1')), cgtlab::InputError);
}

TEST(FlippingCoins, PackedFormAgreesWithStringForm) {
  FlippingCoins rules;
  for (std::uint64_t bits = 0; bits < (1u << 12); ++bits) {
    const std::string s = FlippingCoins::unpack(bits);
    ASSERT_EQ(FlippingCoins::pack(s), bits);
    std::vector<std::string> left, right;
    FlippingCoins::for_each_left_option(bits, [&](std::uint64_t o) { left.push_back(FlippingCoins::unpack(o)); });
    FlippingCoins::for_each_right_option(bits, [&](std::uint64_t o) { right.push_back(FlippingCoins::unpack(o)); });
    ASSERT_EQ(sorted(left), sorted(rules.left_options(s))) << s;
    ASSERT_EQ(sorted(right), sorted(rules.right_options(s))) << s;
    // every move lowers the associated binary number
    for (const auto& o : left) ASSERT_LT(FlippingCoins::pack(o), bits);
    for (const auto& o : right) ASSERT_LT(FlippingCoins::pack(o), bits);
  }
}
