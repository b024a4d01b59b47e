#include "util/strings.h"

#include <gtest/gtest.h>

using namespace cgtlab;
using V = std::vector<std::string>;

TEST(Strings, SplitKeepsEmptyPieces) {
  EXPECT_EQ(split("a,,b", ','), (V{"a", "", "b"}));
  EXPECT_EQ(split("", ','), (V{""}));
  EXPECT_EQ(split(" a / b", '/'), (V{" a ", " b"}));
  EXPECT_EQ(split("abc", ','), (V{"abc"}));
}

TEST(Strings, SplitWithoutSpaces) {
  EXPECT_EQ(split_without_spaces("b3, c5 ,d 1", ','), (V{"b3", "c5", "d1"}));
  EXPECT_EQ(split_without_spaces(" ", ','), (V{""}));
  EXPECT_EQ(split_without_spaces(",", ','), (V{"", ""}));
}
