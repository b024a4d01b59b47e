// BLOCKING PEBBLES on the transitive triple T3: values of 12-pebble positions (each
// iteration starts a fresh analyzer, so the position memo is cold; the process-wide store
// of canonical forms stays warm, as in a long research session) and the blue/red atlas.
#include <benchmark/benchmark.h>

#include "games/blocking/search.h"
#include "games/blocking/values.h"
#include "graph/graph.h"

namespace {

using cgtlab::games::BlockingAnalyzer;

// 12 pebbles each: blue/red only, and random mixes with green (seed 5, as in PERFORMANCE.md).
const char* kBlueRed[] = {"0=0/6/0,1=0/6/0,2=1/5/0", "0=3/3/0,1=2/2/0,2=1/1/0", "0=2/4/0,1=3/1/0,2=1/1/0"};
const char* kMixed[] = {"2/1/1,2/1/2,0/2/1", "1/2/2,2/1/0,3/0/1", "2/0/5,2/1/1,0/1/0", "1/0/3,3/1/1,2/0/1",
                        "1/2/0,0/4/4,0/1/0", "3/0/2,0/1/1,2/2/1", "2/1/1,2/0/2,1/2/1", "1/2/0,1/2/3,1/1/1",
                        "0/2/2,0/3/3,0/0/2", "2/1/2,1/2/1,1/1/1", "2/1/3,1/0/1,2/2/0", "1/0/4,0/1/1,2/2/1"};

void BM_T3_TwelveBlueRed(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(cgtlab::graph::parse_graph("T3"));
    benchmark::DoNotOptimize(a.value(a.parse(kBlueRed[state.range(0)])));
  }
}
BENCHMARK(BM_T3_TwelveBlueRed)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

void BM_T3_TwelveMixed(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(cgtlab::graph::parse_graph("T3"));
    benchmark::DoNotOptimize(a.value(a.parse(kMixed[state.range(0)])));
  }
}
BENCHMARK(BM_T3_TwelveMixed)->DenseRange(0, 11)->Unit(benchmark::kMillisecond);

void BM_T3_AtlasBlueRed(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(cgtlab::graph::parse_graph("T3"));
    benchmark::DoNotOptimize(cgtlab::games::blocking_atlas(a, {static_cast<int>(state.range(0)), "br"}));
  }
}
BENCHMARK(BM_T3_AtlasBlueRed)->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);

}  // namespace
