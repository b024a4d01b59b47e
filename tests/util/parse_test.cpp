#include "util/parse.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace cgtlab {
namespace {

TEST(ParseInteger, AcceptsWholeDecimalNumbers) {
  EXPECT_EQ(parse_integer<int>("0"), 0);
  EXPECT_EQ(parse_integer<int>("42"), 42);
  EXPECT_EQ(parse_integer<int>("-3"), -3);
  EXPECT_EQ(parse_integer<std::uint64_t>("18446744073709551615"), UINT64_MAX);
}

TEST(ParseInteger, RejectsAnythingElse) {
  EXPECT_FALSE(parse_integer<int>(""));
  EXPECT_FALSE(parse_integer<int>("x"));
  EXPECT_FALSE(parse_integer<int>("3x"));
  EXPECT_FALSE(parse_integer<int>(" 3"));
  EXPECT_FALSE(parse_integer<int>("+3"));
  EXPECT_FALSE(parse_integer<std::uint64_t>("-1"));
  EXPECT_FALSE(parse_integer<std::uint64_t>("18446744073709551616"));  // 2^64: out of range
  EXPECT_FALSE(parse_integer<int>("2147483648"));
}

}  // namespace
}  // namespace cgtlab
