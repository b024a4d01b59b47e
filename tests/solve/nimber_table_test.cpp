// solve::NimberTable: exact nimbers and, used as a flag table, merged refutation bits; growth
// and replacement keep every stored fact exact (a lost entry reads as absent, never as wrong).
#include "solve/nimber_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

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

// save(path, game, keep): the `keep` entries with the most key bits set (the largest positions),
// every one of them exact; none dropped has more bits than one kept.
TEST(NimberTable, SaveKeepsTheLargestEntries) {
  solve::NimberTable<2> t(std::uint64_t{1} << 22);
  std::map<std::array<std::uint64_t, 2>, int> truth;
  std::mt19937_64 rng(7);
  for (int i = 0; i < 5000; ++i) {
    const int bits = 1 + static_cast<int>(rng() % 60);
    std::uint64_t w = 0;
    for (int b = 0; b < bits; ++b) w |= std::uint64_t{1} << (rng() % 64);
    const std::array<std::uint64_t, 2> k{w, rng() % 4};
    const int v = static_cast<int>(rng() % 9);
    if (truth.emplace(k, v).second) t.put(k, v);
  }
  ASSERT_EQ(t.size(), truth.size());
  const std::string path = testing::TempDir() + "nimber_table_keep.tt";
  t.save(path, "test", 700);
  solve::NimberTable<2> u(std::uint64_t{1} << 22);
  EXPECT_EQ(u.load(path, "test"), 700u);
  EXPECT_EQ(u.size(), 700u);
  auto bits = [](const std::array<std::uint64_t, 2>& k) { return std::popcount(k[0]) + std::popcount(k[1]); };
  int least_kept = 128, most_dropped = 0;
  for (const auto& [k, v] : truth) {
    const int g = u.get(k);
    if (g >= 0) {
      EXPECT_EQ(g, v);
      least_kept = std::min(least_kept, bits(k));
    } else {
      most_dropped = std::max(most_dropped, bits(k));
    }
  }
  EXPECT_GE(least_kept, most_dropped);
  std::vector<int> sizes;
  sizes.reserve(truth.size());
  for (const auto& [k, v] : truth) sizes.push_back(bits(k));
  std::sort(sizes.rbegin(), sizes.rend());
  EXPECT_EQ(least_kept, sizes[699]);  // the 700th largest
  EXPECT_LT(sizes.back(), least_kept);
  t.save(path, "test", 100000);  // more room than entries: all of them
  solve::NimberTable<2> all(std::uint64_t{1} << 22);
  EXPECT_EQ(all.load(path, "test"), truth.size());
  std::remove(path.c_str());
}

// load() grows the table to the file's size before reading it: growing step by step on the way
// (from a small start, as every run starts) dropped the entries of buckets that overflowed at each
// half-full doubling (5.6 % of these 100 000); read at once into a table at most a quarter full,
// under 0.5 %.
TEST(NimberTable, LoadGrowsFirstAndKeepsNearlyAll) {
  solve::NimberTable<1> t(std::uint64_t{1} << 24);
  std::mt19937_64 rng(8);
  for (int i = 0; i < 100000; ++i) t.put({rng() & ((std::uint64_t{1} << 56) - 1)}, i % 5);
  const std::string path = testing::TempDir() + "nimber_table_presize.tt";
  t.save(path, "test");
  solve::NimberTable<1> u(std::uint64_t{1} << 24, std::uint64_t{1} << 12);  // starts at 4 KiB
  EXPECT_EQ(u.load(path, "test"), t.size());
  EXPECT_GE(u.capacity(), 4 * t.size());
  EXPECT_GT(u.size(), t.size() - t.size() / 200) << "lost " << t.size() - u.size();  // < 0.5 %
  std::remove(path.c_str());
}

// A table file whose entry count is not a number, or more than the file holds, is an InputError
// (one line, exit 2 at the CLI), found before the table grows for it.
TEST(NimberTable, BadEntryCountsAreInputErrors) {
  const std::string path = testing::TempDir() + "nimber_table_bad.tt";
  for (const std::string count : {"abc", "-1", "", "12x", "18446744073709551616", "2305843009213693952", "3"}) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    const std::string text = "cgtlab-nimber-table 1\nkey-words 1\ngame test\nentries " + count + "\n";
    std::fputs(text.c_str(), f);
    const std::uint64_t two[2] = {5, 7};  // two records where 3 are announced
    std::fwrite(two, sizeof two[0], 2, f);
    std::fclose(f);
    solve::NimberTable<1> t(std::uint64_t{1} << 30, std::uint64_t{1} << 12);
    const std::uint64_t before = t.capacity();
    EXPECT_THROW(t.load(path, "test"), cgtlab::InputError) << count;
    EXPECT_EQ(t.capacity(), before) << count;  // nothing allocated for a count the file cannot hold
  }
  std::remove(path.c_str());
}
