// Inputs no command-line argument can carry (an argument holds at most 128 KiB): the
// parser gets 10^6-deep nesting, 10^6-character lines and NUL bytes directly, and
// answers with InputError or CapReached, never a crash.
#include <gtest/gtest.h>

#include <string>

#include "cgt/game.h"
#include "util/error.h"
#include "util/large_stack.h"

using cgtlab::CapReached;
using cgtlab::InputError;
using cgtlab::cgt::Game;

namespace {
constexpr std::size_t kMillion = 1000000;

// "input" when Game::parse throws InputError, "cap" for CapReached, else the value. Parsed on a
// large stack, as the CLI does, so that the parser's own nesting limit answers (under
// AddressSanitizer 2000 levels of parentheses need more than a default 8 MiB stack, and the
// stack guard would answer "cap" first: also a clean stop, but not the check meant here).
std::string outcome(const std::string& text) {
  std::string result;
  cgtlab::run_with_large_stack([&] {
    try {
      result = Game::parse(text).str();
    } catch (const InputError&) {
      result = "input";
    } catch (const CapReached&) {
      result = "cap";
    }
  });
  return result;
}
}  // namespace

TEST(NotationAdversarial, MillionDeepNesting) {
  EXPECT_EQ(outcome(std::string(kMillion, '(') + "1" + std::string(kMillion, ')')), "input");
  EXPECT_EQ(outcome(std::string(kMillion, '{') + "|"), "input");
  EXPECT_EQ(outcome(std::string(kMillion, '-') + "1"), "input");
  EXPECT_EQ(outcome(std::string(kMillion, '+') + "1"), "input");
  std::string pm;
  for (std::size_t i = 0; i < kMillion / 2; ++i) pm += "+-";
  EXPECT_EQ(outcome(pm + "1"), "input");
  // Just under the limit still works.
  EXPECT_EQ(outcome(std::string(1999, '-') + "1"), "-1");
}

TEST(NotationAdversarial, MillionCharacterLines) {
  std::string big(kMillion, '9');
  EXPECT_EQ(outcome(big), big);  // a number of 10^6 digits is exact
  EXPECT_EQ(outcome(std::string(kMillion, 'x')), "input");
  std::string sum = "1";
  for (std::size_t i = 0; i < kMillion / 2 - 1; ++i) sum += "+1";
  EXPECT_EQ(outcome(sum), std::to_string(kMillion / 2));
}

TEST(NotationAdversarial, NulAndInvalidUtf8) {
  EXPECT_EQ(outcome(std::string("1\0+1", 4)), "input");
  EXPECT_EQ(outcome(std::string("\0", 1)), "input");
  EXPECT_EQ(outcome("\xff\xfe{1|0}"), "input");
  EXPECT_EQ(outcome("{1|0}\xc3"), "input");
  EXPECT_EQ(outcome(""), "input");
}

TEST(NotationAdversarial, HugeAndTinyNumbers) {
  EXPECT_EQ(outcome("1" + std::string(100, '0')), "1" + std::string(100, '0'));
  std::string two200 = "1606938044258990275541962092341162602522202993782792835301376";  // 2^200
  EXPECT_EQ(outcome("1/" + two200), "1/" + two200);
  EXPECT_EQ(outcome("1:1" + std::string(100, '0')), "1" + std::string(99, '0') + "1");
  EXPECT_EQ(outcome("1:100000000"), "100000001");
  EXPECT_EQ(outcome("1/2:1/2"), "5/8");  // +- then +-
  EXPECT_EQ(outcome("-3/4:5/8"), "-43/64");
}
