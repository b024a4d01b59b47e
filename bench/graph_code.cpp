// graph::small_graph_code (the canonical code behind --iso-keys) on the components it meets:
// connected pieces of 18-30 cells of a 3x21 board (70 % of the cells kept), one code per item.
//   build/bench_graph_code
#include <benchmark/benchmark.h>

#include <bit>
#include <random>
#include <vector>

#include "graph/small_graph_code.h"

using namespace cgtlab;

static void BM_SmallGraphCode(benchmark::State& state) {
  const int rows = 3, cols = 21;
  std::vector<std::uint64_t> nb(64, 0);
  for (int v = 0; v < rows * cols; ++v) {
    const int r = v / cols, c = v % cols;
    if (c + 1 < cols) nb[v] |= std::uint64_t{1} << (v + 1), nb[v + 1] |= std::uint64_t{1} << v;
    if (r + 1 < rows) nb[v] |= std::uint64_t{1} << (v + cols), nb[v + cols] |= std::uint64_t{1} << v;
  }
  std::mt19937_64 rng(1);
  std::vector<std::uint64_t> pieces;
  while (pieces.size() < 20000) {
    std::uint64_t x = 0;
    for (int v = 0; v < rows * cols; ++v)
      if (rng() % 100 < 70) x |= std::uint64_t{1} << v;
    if (x == 0) continue;
    int s = 0;
    do s = static_cast<int>(rng() % (rows * cols));
    while (!(x >> s & 1));
    std::uint64_t comp = std::uint64_t{1} << s, frontier = comp;
    while (frontier) {
      std::uint64_t next = 0;
      for (std::uint64_t b = frontier; b; b &= b - 1) next |= nb[std::countr_zero(b)];
      next &= x & ~comp;
      comp |= next;
      frontier = next;
    }
    if (const int n = std::popcount(comp); n >= 18 && n <= 30) pieces.push_back(comp);
  }
  std::size_t i = 0, coded = 0;
  graph::SmallGraphCode code;
  for (auto _ : state) {
    coded += graph::small_graph_code(nb.data(), pieces[i], code) ? 1 : 0;
    benchmark::DoNotOptimize(code);
    if (++i == pieces.size()) i = 0;
  }
  state.counters["coded"] = benchmark::Counter(static_cast<double>(coded) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_SmallGraphCode);
