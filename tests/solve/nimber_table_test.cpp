// solve::NimberTable: exact nimbers and, used as a flag table, merged refutation bits; growth
// and replacement keep every stored fact exact (a lost entry reads as absent, never as wrong).
#include "solve/nimber_table.h"

#include <gtest/gtest.h>

#include <map>
#include <random>

using namespace cgtlab;

TEST(NimberTable, GetPutAndGrowth) {
  solve::NimberTable<1> t(std::uint64_t{1} << 24);
  std::map<std::uint64_t, int> truth;
  std::mt19937_64 rng(5);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t k = rng() & ((std::uint64_t{1} << 56) - 1);
    const int v = static_cast<int>(k % 7);
    t.put({k}, v);
    truth[k] = v;
  }
  int found = 0;
  for (const auto& [k, v] : truth) {
    const int g = t.get({k});
    if (g >= 0) {
      ASSERT_EQ(g, v);
      ++found;
    }
  }
  EXPECT_GT(found, 90000);  // 16 MiB holds all of them but a few replaced ones
  EXPECT_EQ(t.get({std::uint64_t{1} << 55}) >= 0, truth.count(std::uint64_t{1} << 55) > 0);
}

TEST(NimberTable, FlagsMergeAndSurviveReplacement) {
  solve::NimberTable<1> t(1 << 12);  // 64 buckets of 4: replacements
  std::map<std::uint64_t, unsigned> truth;
  std::mt19937_64 rng(6);
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t k = rng() % 300;  // keys repeat: bits are merged
    const unsigned bits = 1u << (rng() % 8);
    t.merge_flags({k}, bits);
    truth[k] |= bits;
  }
  int present = 0;
  for (const auto& [k, bits] : truth) {
    const unsigned f = t.flags({k});
    EXPECT_EQ(f & ~bits, 0u) << k;  // never a bit that was not merged in
    if (f == bits) ++present;
  }
  EXPECT_GT(present, 100);
  EXPECT_EQ(t.flags({std::uint64_t{1} << 40}), 0u);
  t.merge_flags({7}, 0);  // no bits: nothing stored
  solve::NimberTable<1> u(1 << 12);
  u.merge_flags({7}, 0);
  EXPECT_EQ(u.size(), 0u);
  u.merge_flags({7}, 0x05);
  u.merge_flags({7}, 0x30);
  EXPECT_EQ(u.flags({7}), 0x35u);
  EXPECT_EQ(u.size(), 1u);
}
