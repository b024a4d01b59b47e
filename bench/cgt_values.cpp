// Benchmarks of the value layer: canonical forms of sums of hot games, sums and
// comparisons of random games. Each sum benchmark computes in the process-wide store;
// the first iteration does the work and later ones measure the memoized lookups, so
// the "cold" figures use a fresh process (--benchmark_filter=... one at a time) and
// Iterations(1).
#include <benchmark/benchmark.h>

#include <random>

#include "cgt/game.h"

using cgtlab::cgt::Dyadic;
using cgtlab::cgt::Game;

namespace {

Game sw(const Dyadic& a, const Dyadic& b) { return Game::from_options({Game::number(a)}, {Game::number(b)}); }

// The canonical form of the sum of the switches {k | -k}, k = 1..n (CGSuite: 6.7 s for n = 20).
void BM_SumOfSwitches(benchmark::State& state) {
  long n = state.range(0);
  for (auto _ : state) {
    Game sum;
    for (long k = 1; k <= n; ++k) sum += sw(Dyadic(k), Dyadic(-k));
    benchmark::DoNotOptimize(sum.id());
    state.counters["birthday"] = static_cast<double>(sum.birthday());
    state.counters["left_options"] = static_cast<double>(sum.left_options().size());
  }
  state.counters["store"] = static_cast<double>(cgtlab::cgt::game_store_size());
}
BENCHMARK(BM_SumOfSwitches)->Arg(20)->Iterations(1)->Unit(benchmark::kMillisecond);

// Many different hot games: {k | -k} + {k + 1/2 | -k} + {k | -k - 1/4} ..., k = 1..n.
void BM_SumOfHotGames(benchmark::State& state) {
  long n = state.range(0);
  for (auto _ : state) {
    Game sum;
    for (long k = 1; k <= n; ++k) {
      Dyadic kk(k);
      sum += sw(kk + Dyadic(1).half(), -kk);
      sum += sw(kk, -kk - Dyadic(1).half().half());
    }
    benchmark::DoNotOptimize(sum.id());
    state.counters["left_options"] = static_cast<double>(sum.left_options().size());
  }
  state.counters["store"] = static_cast<double>(cgtlab::cgt::game_store_size());
}
BENCHMARK(BM_SumOfHotGames)->Arg(8)->Arg(12)->Iterations(1)->Unit(benchmark::kMillisecond);

// Sums of k + {0 | -k}-style games {k | {0 | -k}}, k = 1..n: hot games with tiny-like
// followers, many incomparable options.
void BM_SumOfHotTinies(benchmark::State& state) {
  long n = state.range(0);
  for (auto _ : state) {
    Game sum;
    for (long k = 1; k <= n; ++k) sum += Game::from_options({Game::integer(k)}, {sw(Dyadic(0), Dyadic(-k))});
    benchmark::DoNotOptimize(sum.id());
    state.counters["birthday"] = static_cast<double>(sum.birthday());
  }
  state.counters["store"] = static_cast<double>(cgtlab::cgt::game_store_size());
}
BENCHMARK(BM_SumOfHotTinies)->Arg(10)->Arg(12)->Iterations(1)->Unit(benchmark::kMillisecond);

std::vector<Game> random_games(unsigned seed, int per_day, int days) {
  std::mt19937 rng(seed);
  std::vector<Game> pool{Game()};
  for (int d = 1; d <= days; ++d) {
    std::vector<Game> next = pool;
    std::uniform_int_distribution<int> count(0, 3);
    for (int i = 0; i < per_day; ++i) {
      std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
      std::vector<Game> l, r;
      for (int k = count(rng); k > 0; --k) l.push_back(pool[pick(rng)]);
      for (int k = count(rng); k > 0; --k) r.push_back(pool[pick(rng)]);
      next.push_back(Game::from_options(l, r));
    }
    pool = std::move(next);
  }
  return pool;
}

// Sums of three random games of birthday <= 4 (fresh pairs each iteration, so most are
// computed, not looked up, until the sample repeats).
void BM_RandomSums(benchmark::State& state) {
  std::vector<Game> games = random_games(17, 300, 4);
  std::mt19937 rng(5);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (auto _ : state) {
    Game s = games[pick(rng)] + games[pick(rng)] + games[pick(rng)];
    benchmark::DoNotOptimize(s.id());
  }
  state.counters["store"] = static_cast<double>(cgtlab::cgt::game_store_size());
}
BENCHMARK(BM_RandomSums)->Iterations(20000);

void BM_RandomComparisons(benchmark::State& state) {
  std::vector<Game> games = random_games(19, 300, 4);
  std::vector<Game> sums;
  std::mt19937 rng(9);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (int i = 0; i < 2000; ++i) sums.push_back(games[pick(rng)] + games[pick(rng)]);
  std::uniform_int_distribution<std::size_t> pick_sum(0, sums.size() - 1);
  for (auto _ : state) {
    auto r = sums[pick_sum(rng)].compare(sums[pick_sum(rng)]);
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_RandomComparisons)->Iterations(100000);

}  // namespace
