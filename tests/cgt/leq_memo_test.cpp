// The comparison memo (cgt/store.h, LeqMemo): one word per unordered pair answers both
// directions; a known h <= g answers g <= h false; answers never change; ids of 2^29 and
// more go to the side map. Checked against a plain map of what was inserted.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "cgt/store.h"

using cgtlab::cgt::detail::Id;
using cgtlab::cgt::detail::LeqMemo;

namespace {

TEST(LeqMemo, BothDirectionsFromOneAnswer) {
  LeqMemo m;
  EXPECT_EQ(m.find(3, 7), -1);
  m.insert(3, 7, true);
  EXPECT_EQ(m.find(3, 7), 1);
  EXPECT_EQ(m.find(7, 3), 0);  // 3 <= 7 and 3 != 7: not 7 <= 3
  m.insert(9, 4, false);
  EXPECT_EQ(m.find(9, 4), 0);
  EXPECT_EQ(m.find(4, 9), -1);  // a false answer says nothing of the reverse
  m.insert(4, 9, true);
  EXPECT_EQ(m.find(4, 9), 1);
  EXPECT_EQ(m.find(9, 4), 0);
  m.insert(3, 7, false);  // a known answer is kept
  EXPECT_EQ(m.find(3, 7), 1);
}

TEST(LeqMemo, WideIdsGoToTheSideMap) {
  LeqMemo m;
  const Id big = Id(1) << 29, bigger = 0xfffffff0u;
  m.insert(big, 5, true);
  EXPECT_EQ(m.find(big, 5), 1);
  EXPECT_EQ(m.find(5, big), 0);
  m.insert(bigger, big, false);
  EXPECT_EQ(m.find(bigger, big), 0);
  EXPECT_EQ(m.find(big, bigger), -1);
  EXPECT_EQ(m.find(5, 6), -1);
}

// Random relations between random pairs (below and above 2^29), inserted one direction at a
// time in random order through many growths of the table; every lookup agrees with what the
// inserted answers imply.
TEST(LeqMemo, AgreesWithAMapThroughGrowth) {
  LeqMemo m;
  std::mt19937_64 rng(14);
  std::map<std::pair<Id, Id>, int> truth;  // (g, h) -> g <= h as inserted
  std::vector<std::pair<Id, Id>> asked;
  for (int i = 0; i < 120000; ++i) {
    Id g = Id(rng() % 50000), h = Id(rng() % 50000);
    if (i % 1000 == 0) g |= Id(1) << 30;
    if (g == h) continue;
    // A consistent relation for the unordered pair: g < h, h < g or incomparable.
    std::pair<Id, Id> key{std::min(g, h), std::max(g, h)};
    int rel = int((key.first * 2654435761u + key.second) % 3);  // 0: lo < hi, 1: hi < lo, 2: ||
    bool value = (g < h) ? rel == 0 : rel == 1;
    m.insert(g, h, value);
    truth.emplace(std::pair{g, h}, value);
    asked.emplace_back(g, h);
  }
  auto expected = [&](Id g, Id h) {
    if (auto it = truth.find({g, h}); it != truth.end()) return int(it->second);
    if (auto it = truth.find({h, g}); it != truth.end() && it->second) return 0;
    return -1;
  };
  for (auto [g, h] : asked) {
    ASSERT_EQ(m.find(g, h), expected(g, h)) << g << " " << h;
    ASSERT_EQ(m.find(h, g), expected(h, g)) << h << " " << g;
  }
  for (int i = 0; i < 50000; ++i) {
    Id g = Id(rng() % 60000), h = Id(rng() % 60000);
    if (g == h) continue;
    ASSERT_EQ(m.find(g, h), expected(g, h)) << g << " " << h;
  }
}

}  // namespace
