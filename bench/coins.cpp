// FLIPPING COINS: the search of all lines up to n coins, the algorithm on every line up to
// n coins, the algorithm on single long lines, and the memoized search from one line.
#include <benchmark/benchmark.h>

#include <random>

#include "games/coins/algorithm.h"
#include "games/coins/search.h"
#include "games/coins/rules.h"

using namespace cgtlab;

// Values of all 2^n lines of at most n coins, bottom-up (one core).
static void BM_CoinsSearchAllLines(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    games::CoinsTable table(n);
    benchmark::DoNotOptimize(table.non_numbers());
  }
  state.counters["lines"] = static_cast<double>(std::uint64_t{1} << n);
}
BENCHMARK(BM_CoinsSearchAllLines)->Arg(16)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond)->Iterations(1);

// The algorithm (reductions, decomposition, exact value) on every line of at most n coins.
static void BM_CoinsAlgorithmAllLines(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  for (auto _ : state) {
    for (std::uint64_t b = 1; b < (std::uint64_t{1} << n); ++b)
      benchmark::DoNotOptimize(games::coins_algorithm_fixed_value(games::FlippingCoins::unpack(b)));
  }
  state.counters["lines"] = static_cast<double>(std::uint64_t{1} << n);
}
BENCHMARK(BM_CoinsAlgorithmAllLines)->Arg(16)->Arg(22)->Unit(benchmark::kMillisecond)->Iterations(1);

// The algorithm on one random line of n coins, exact GMP value (no trace / full trace).
static std::string random_line(std::size_t n) {
  std::mt19937_64 rng(n);
  std::string s(n, '0');
  for (auto& c : s) c = rng() % 2 ? '1' : '0';
  s.back() = '1';
  return s;
}
static void BM_CoinsAlgorithmLongLine(benchmark::State& state) {
  const std::string s = random_line(static_cast<std::size_t>(state.range(0)));
  const bool trace = state.range(1) != 0;
  for (auto _ : state) benchmark::DoNotOptimize(games::run_coins_algorithm(s, trace));
}
BENCHMARK(BM_CoinsAlgorithmLongLine)
    ->Args({100, 0})->Args({300, 0})->Args({1000, 0})->Args({3000, 0})->Args({300, 1})->Args({1000, 1})
    ->Unit(benchmark::kMicrosecond);

// Memoized search from the 22-coin line of the chapter's first example (third line).
static void BM_CoinsSearchOneLine(benchmark::State& state) {
  for (auto _ : state) {
    games::CoinsSearch search;
    benchmark::DoNotOptimize(search.value(games::FlippingCoins::pack("1001111011011101010011")));
    state.counters["positions"] = static_cast<double>(search.positions());
  }
}
BENCHMARK(BM_CoinsSearchOneLine)->Unit(benchmark::kMillisecond)->Iterations(1);
