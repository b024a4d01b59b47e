// The comparison memo (cgt/store.h, LeqMemo): one word per unordered pair, in the table of
// its larger id, answers both directions; a known h <= g answers g <= h false; answers never
// change; ids of 2^29 and more go to the side map. Checked against a plain map of what was
// inserted.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

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

// Inserts through the hint of an earlier find, as leq makes them: between the find and the
// insert, nested comparisons insert other pairs (into the same table, growing it, or the
// same pair in either direction), so the hint is sometimes stale and must not be used.
// Every answer agrees with the map.
TEST(LeqMemo, HintedInsertsAgreeWithAMapWhenTablesChangeInBetween) {
  LeqMemo m;
  std::mt19937_64 rng(41);
  std::map<std::pair<Id, Id>, int> truth;
  auto rel = [](Id g, Id h) {  // consistent: lo < hi, hi < lo or incomparable
    Id lo = std::min(g, h), hi = std::max(g, h);
    int r = int((lo * 2654435761u + hi * 40503u) % 3);
    return g < h ? r == 0 : r == 1;
  };
  auto expected = [&](Id g, Id h) {
    if (auto it = truth.find({g, h}); it != truth.end()) return int(it->second);
    if (auto it = truth.find({h, g}); it != truth.end() && it->second) return 0;
    return -1;
  };
  std::vector<std::pair<Id, Id>> recent;
  auto compare = [&](auto& self, int depth) -> void {
    Id g, h;
    if (!recent.empty() && rng() % 8 == 0) {  // a pair asked before, maybe reversed
      std::tie(g, h) = recent[rng() % recent.size()];
      if (rng() & 1) std::swap(g, h);
    } else {
      g = Id(rng() % 3000), h = Id(rng() % 40);  // small his: few tables, many growths
      if (rng() & 1) std::swap(g, h);
      if (g == h) return;
    }
    LeqMemo::Hint hint;
    const int known = m.find(g, h, hint);
    ASSERT_EQ(known, expected(g, h)) << g << " " << h;
    if (known >= 0) return;
    if (depth < 4)
      for (int k = int(rng() % 4); k > 0; --k) self(self, depth + 1);
    m.insert(g, h, rel(g, h), hint);
    truth.emplace(std::pair{g, h}, rel(g, h));
    recent.emplace_back(g, h);
  };
  for (int i = 0; i < 40000; ++i) compare(compare, 0);
  for (auto& [key, value] : truth) {
    ASSERT_EQ(m.find(key.first, key.second), value) << key.first << " " << key.second;
    ASSERT_EQ(m.find(key.second, key.first), expected(key.second, key.first)) << key.second << " " << key.first;
  }
  for (Id g = 0; g < 3000; g += 7)
    for (Id h = 0; h < 40; ++h)
      if (g != h) ASSERT_EQ(m.find(g, h), expected(g, h)) << g << " " << h;
}

// A few games compared with very many (their tables grow from one line to 2^18 words, the
// arena moves, released tables are reused by others), with ids in runs and in strides that
// share low bits; every answer agrees with the map, and the tables of the others are intact.
TEST(LeqMemo, HubsGrowTheirTablesAndKeepEveryAnswer) {
  LeqMemo m;
  std::map<std::pair<Id, Id>, int> truth;
  auto rel = [](Id g, Id h) {  // consistent: lo < hi, hi < lo or incomparable
    Id lo = std::min(g, h), hi = std::max(g, h);
    int r = int((lo * 2654435761u + hi * 40503u) % 3);
    return g < h ? r == 0 : r == 1;
  };
  const Id hubs[] = {0, 1, 70000, 300000};
  std::mt19937_64 rng(29);
  for (int round = 0; round < 4; ++round) {
    for (Id hub : hubs) {
      for (Id k = 0; k < 25000; ++k) {
        Id other = round % 2 == 0 ? Id(2 + k + 25000 * round) : Id(1024 * k + round);  // runs, then strides
        if (other == hub) continue;
        bool forward = (rng() & 1) != 0;
        Id g = forward ? hub : other, h = forward ? other : hub;
        m.insert(g, h, rel(g, h));
        truth.emplace(std::pair{g, h}, rel(g, h));
      }
    }
    for (Id a = 0; a < 64; ++a)  // small tables between the hubs' growths
      for (Id b = a + 1; b < 64; b += 5) {
        m.insert(500000 + a, 500000 + b, rel(500000 + a, 500000 + b));
        truth.emplace(std::pair{Id(500000 + a), Id(500000 + b)}, rel(500000 + a, 500000 + b));
      }
  }
  auto expected = [&](Id g, Id h) {
    if (auto it = truth.find({g, h}); it != truth.end()) return int(it->second);
    if (auto it = truth.find({h, g}); it != truth.end() && it->second) return 0;
    return -1;
  };
  for (auto& [key, value] : truth) {
    ASSERT_EQ(m.find(key.first, key.second), value) << key.first << " " << key.second;
    ASSERT_EQ(m.find(key.second, key.first), expected(key.second, key.first)) << key.second << " " << key.first;
  }
  for (int i = 0; i < 20000; ++i) {  // pairs never inserted
    Id g = Id(rng() % 600000), h = Id(rng() % 600000);
    if (g != h) ASSERT_EQ(m.find(g, h), expected(g, h)) << g << " " << h;
  }
}

}  // namespace
