#include "util/large_stack.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace cgtlab;

namespace {
// Deep enough to overflow an 8 MiB default stack (about 1 KiB a frame).
int depth(int n) {
  volatile char pad[1024];
  pad[0] = static_cast<char>(n);
  return n == 0 ? pad[0] : 1 + depth(n - 1);
}
}  // namespace

TEST(LargeStack, RunsDeepRecursion) {
  int r = -1;
  run_with_large_stack([&] { r = depth(100000); });
  EXPECT_EQ(r, 100000);
}

TEST(LargeStack, PassesExceptionsToTheCaller) {
  EXPECT_THROW(run_with_large_stack([] { throw std::runtime_error("x"); }), std::runtime_error);
}
