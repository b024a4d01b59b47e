// Sums of independent pairs on two threads (Store::add_all, cgt/parallel_sums.cpp): the
// worker sums in a private store and the threads share their sums through an exchange.
// Each result r of a + b is checked by sums never asked before, made on this thread: r - b
// must be a and r - a must be b (canonical forms are unique, so a wrong copy or a wrong sum
// fails). The work
// cap must stop a split whose work exceeds it, whichever thread reaches it.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "cgt/game.h"
#include "cgt/store.h"
#include "util/error.h"

using cgtlab::CapReached;
using cgtlab::cgt::Game;
using cgtlab::cgt::detail::Id;
using cgtlab::cgt::detail::Store;

namespace {

// Random canonical games built day by day from earlier ones (as analysis_test does), so
// that hot, tepid and infinitesimal games occur.
std::vector<Id> random_games(unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::vector<Game> pool = {Game::parse("0"),  Game::parse("1"), Game::parse("-1"),  Game::parse("1/2"),
                            Game::parse("*"),  Game::parse("^"), Game::parse("+-1"), Game::parse("{2|-1}"),
                            Game::parse("*2"), Game::parse("v")};
  std::vector<Id> out;
  for (int d = 0; d < 3; ++d) {
    std::vector<Game> next = pool;
    for (int i = 0; i < count / 3; ++i) {
      std::uniform_int_distribution<int> n(1, 3), pick(0, static_cast<int>(pool.size()) - 1);
      std::vector<Game> l, r;
      for (int k = n(rng); k > 0; --k) l.push_back(pool[pick(rng)]);
      for (int k = n(rng); k > 0; --k) r.push_back(pool[pick(rng)]);
      Game g = Game::from_options(l, r);
      next.push_back(g);
      out.push_back(g.id());
    }
    pool = std::move(next);
  }
  return out;
}

void expect_sums(Store& s, const std::vector<std::pair<Id, Id>>& pairs, const std::vector<Id>& out) {
  ASSERT_EQ(out.size(), pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    auto [a, b] = pairs[i];
    EXPECT_EQ(s.add(out[i], s.neg(b)), a) << "pair " << i;
    EXPECT_EQ(s.add(out[i], s.neg(a)), b) << "pair " << i;
  }
}

// G^L - G and G - G^R for every option of g.
std::vector<std::pair<Id, Id>> incentive_pairs(Store& s, Id g) {
  std::vector<std::pair<Id, Id>> pairs;
  for (Id gl : s.left(g)) pairs.emplace_back(gl, s.neg(g));
  for (Id gr : s.right(g)) pairs.emplace_back(g, s.neg(gr));
  return pairs;
}

struct Mode {
  explicit Mode(Store::SumThreads m) { Store::get().set_sum_threads(m); }
  ~Mode() { Store::get().set_sum_threads(Store::SumThreads::kAuto); }
};

}  // namespace

// Incentive-like sums G^L - G and G - G^R of sums of three random games, split between the
// threads: every result is the sum.
TEST(ParallelSums, TheWorkersResultsAreTheSums) {
  Store& s = Store::get();
  Mode mode(Store::SumThreads::kAlways);
  std::vector<Id> games = random_games(21, 240);
  std::mt19937 rng(7);
  const std::uint64_t from_worker = s.worker_sums();
  for (int round = 0; round < 12; ++round) {
    std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
    Id g = s.add(s.add(games[pick(rng)], games[pick(rng)]), games[pick(rng)]);
    if (s.is_nus(g)) continue;
    std::vector<std::pair<Id, Id>> pairs = incentive_pairs(s, g);
    // and sums of random pairs, some with a number or a nimber
    for (int k = 0; k < 5; ++k) pairs.emplace_back(games[pick(rng)], games[pick(rng)]);
    pairs.emplace_back(s.number(cgtlab::cgt::Dyadic(3)), g);
    std::vector<Id> out = s.add_all(pairs);
    expect_sums(s, pairs, out);
    // asked again, the memo answers with the same ids (on this thread: known sums are not sent)
    const std::uint64_t before = s.worker_sums();
    EXPECT_EQ(s.add_all(pairs), out);
    EXPECT_EQ(s.worker_sums(), before);
  }
  // the worker did sum some of them (add_all did not fall back to this thread for all)
  EXPECT_GT(s.worker_sums(), from_worker);
}

// The two threads share their sums: no sum is reduced on both (each is claimed by one thread
// and the other takes its result or waits for it), both threads reduce some, and the caller
// takes some of the worker's. The sums are the incentives of sums of four random games, so
// that they share many subsums (all are differences of followers of G).
TEST(ParallelSums, NoSumIsReducedOnBothThreads) {
  Mode mode(Store::SumThreads::kAlways);
  Store& s = Store::get();
  const std::uint64_t from_worker = s.worker_sums();
  const std::vector<Id> games = random_games(24, 240);
  std::size_t reduced[2] = {0, 0};
  std::mt19937 rng(11);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (int round = 0; round < 10; ++round) {
    Id g = s.add(s.add(games[pick(rng)], games[pick(rng)]), s.add(games[pick(rng)], games[pick(rng)]));
    if (s.is_nus(g)) continue;
    std::vector<std::pair<Id, Id>> pairs = incentive_pairs(s, g);
    std::vector<Id> out = s.add_all(pairs);
    expect_sums(s, pairs, out);
    const Store::Split& split = s.last_split();
    std::set<std::uint64_t> here(split.reduced[0].begin(), split.reduced[0].end());
    std::set<std::uint64_t> there(split.reduced[1].begin(), split.reduced[1].end());
    EXPECT_EQ(here.size(), split.reduced[0].size()) << "a sum reduced twice on the caller, round " << round;
    EXPECT_EQ(there.size(), split.reduced[1].size()) << "a sum reduced twice on the worker, round " << round;
    std::size_t both = 0;
    for (std::uint64_t k : there) both += here.count(k);
    EXPECT_EQ(both, 0u) << "sums reduced on both threads, round " << round;
    reduced[0] += here.size();
    reduced[1] += there.size();
  }
  EXPECT_GT(reduced[0], 0u);
  EXPECT_GT(reduced[1], 0u);
  EXPECT_GT(s.worker_sums(), from_worker);
}

// With one pair, or with the threads off, add_all is add.
TEST(ParallelSums, OnePairOrNoThreadsIsAdd) {
  Store& s = Store::get();
  std::vector<Id> games = random_games(22, 60);
  std::vector<std::pair<Id, Id>> one = {{games[10], games[40]}};
  EXPECT_EQ(s.add_all(one), std::vector<Id>{s.add(games[10], games[40])});
  Mode mode(Store::SumThreads::kOff);
  std::vector<std::pair<Id, Id>> pairs = {{games[11], games[41]}, {games[12], games[42]}, {games[13], games[43]}};
  std::vector<Id> out = s.add_all(pairs);
  expect_sums(s, pairs, out);
}

// A cap below the work of the sums stops add_all with CapReached whether the pairs the
// worker sums or those summed here are the large ones; a generous cap does not.
TEST(ParallelSums, TheWorkCapHoldsAcrossThreads) {
  Store& s = Store::get();
  Mode mode(Store::SumThreads::kAlways);
  std::vector<Id> games = random_games(23, 30);
  // G^L - G for a sum G of hot games: about 25 000 units of work each.
  const char* hot[] = {"{3|1}+{5|{2|-2}}+{{4|2}|-1}+^+*2+{1|{0|-3}}", "{3|1}+{5|{2|-2}}+{{4|2}|-1}+^*+*3+{1|{0|-4}}"};
  for (int worker_large = 0; worker_large < 2; ++worker_large) {
    Id g = Game::parse(hot[worker_large]).id();
    ASSERT_FALSE(s.is_nus(g));
    Id small = s.add(games[0], games[1]);
    std::pair<Id, Id> large_pair{s.left(g)[0], s.neg(g)}, small_pair{small, games[2]};
    // The snake split gives the worker the pair at index 1.
    std::vector<std::pair<Id, Id>> pairs =
        worker_large ? std::vector{small_pair, large_pair} : std::vector{large_pair, small_pair};
    s.set_work_limit(2000);
    EXPECT_THROW(s.add_all(pairs), CapReached) << "large pair on the worker: " << worker_large;
    s.set_work_limit(0);
    std::vector<Id> out = s.add_all(pairs);
    expect_sums(s, pairs, out);
  }
}
