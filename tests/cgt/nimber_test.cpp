#include "cgt/nimber.h"

#include <gtest/gtest.h>

using namespace cgtlab;

TEST(Nimber, Mex) {
  EXPECT_EQ(cgt::mex({}), 0u);
  EXPECT_EQ(cgt::mex({1, 2}), 0u);
  EXPECT_EQ(cgt::mex({3, 0, 1, 1, 0}), 2u);
  EXPECT_EQ(cgt::mex({0, 1, 2}), 3u);
}

TEST(Nimber, Names) {
  EXPECT_EQ(cgt::nimber_name(0), "0");
  EXPECT_EQ(cgt::nimber_name(1), "*");
  EXPECT_EQ(cgt::nimber_name(2), "*2");
  EXPECT_EQ(cgt::nimber_name(18446744073709551615u), "*18446744073709551615");
}
