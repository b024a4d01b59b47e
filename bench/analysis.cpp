// Value analysis (issue 14): the full CGSuite-style analysis (thermograph, mean,
// temperature, atomic weight, reduced canonical form, companion, freeze, incentives,
// followers, stop count, misère outcome, uptimal expansion, predicates) of the values of
// 12-pebble BLOCKING PEBBLES positions on T3, and the blue/red atlas with mean and
// temperature of every value and the hottest position per pebble count.
// The analysis memo tables are process-wide: run with --benchmark_repetitions=1; each
// benchmark runs one iteration, so its figure is the cold analysis of those values (the
// values themselves are computed inside the timing too).
#include <benchmark/benchmark.h>

#include "cgt/analysis.h"
#include "cgt/thermograph.h"
#include "games/blocking/heat.h"
#include "games/blocking/search.h"
#include "games/blocking/values.h"
#include "graph/graph.h"

namespace {

using namespace cgtlab;
using games::BlockingAnalyzer;

const char* kPositions[] = {"0=0/6/0,1=0/6/0,2=1/5/0", "0=3/3/0,1=2/2/0,2=1/1/0", "0=2/4/0,1=3/1/0,2=1/1/0",
                            "2/1/1,2/1/2,0/2/1", "1/2/2,2/1/0,3/0/1", "2/0/5,2/1/1,0/1/0", "1/0/3,3/1/1,2/0/1",
                            "1/2/0,0/4/4,0/1/0", "3/0/2,0/1/1,2/2/1", "2/1/1,2/0/2,1/2/1", "1/2/0,1/2/3,1/1/1",
                            "0/2/2,0/3/3,0/0/2", "2/1/2,1/2/1,1/1/1", "2/1/3,1/0/1,2/2/0", "1/0/4,0/1/1,2/2/1"};

void analyse(cgt::Game g) {
  benchmark::DoNotOptimize(cgt::thermograph(g).str());
  benchmark::DoNotOptimize(cgt::mean(g));
  benchmark::DoNotOptimize(cgt::temperature(g));
  benchmark::DoNotOptimize(cgt::atomic_weight(g));
  benchmark::DoNotOptimize(cgt::reduced_canonical_form(g));
  benchmark::DoNotOptimize(cgt::companion(g));
  benchmark::DoNotOptimize(cgt::freeze(g));
  benchmark::DoNotOptimize(cgt::incentives(g, true, true));
  benchmark::DoNotOptimize(cgt::follower_count(g));
  benchmark::DoNotOptimize(cgt::followers(g, 100));
  benchmark::DoNotOptimize(cgt::stop_count(g));
  benchmark::DoNotOptimize(cgt::misere_outcome(g));
  benchmark::DoNotOptimize(cgt::uptimal_expansion(g));
  benchmark::DoNotOptimize(cgt::is_even(g) || cgt::is_odd(g) || cgt::is_even_tempered(g) || cgt::is_odd_tempered(g) ||
                           cgt::is_all_small(g) || cgt::is_number_tiny(g));
  benchmark::DoNotOptimize(g.str());
}

void BM_AnalyzeT3Twelve(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(graph::parse_graph("T3"));
    cgt::Game v = a.value(a.parse(kPositions[state.range(0)]));
    analyse(v);
  }
}
// The incentives may be summed on two threads (Store::add_all): CPU is the process's, over
// both threads; Time is wall time (one iteration).
BENCHMARK(BM_AnalyzeT3Twelve)->DenseRange(0, 14)->Iterations(1)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

// The hottest 12-pebble blue/red position on T3 and its analysis.
void BM_AnalyzeT3TwelveHottest(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(graph::parse_graph("T3"));
    auto rows = games::blocking_heat(a, {12, "br"});
    analyse(rows.back().value);
  }
}
BENCHMARK(BM_AnalyzeT3TwelveHottest)->Iterations(1)->Unit(benchmark::kMillisecond);

// cgtlab blocking search --graph T3 --atlas --analyze --colours br --max-pebbles N.
void BM_AtlasAnalyze(benchmark::State& state) {
  for (auto _ : state) {
    BlockingAnalyzer a(graph::parse_graph("T3"));
    games::PositionSpace space{static_cast<int>(state.range(0)), "br"};
    auto atlas = games::blocking_atlas(a, space);
    for (const auto& e : atlas.entries) {
      benchmark::DoNotOptimize(cgt::mean(e.value));
      benchmark::DoNotOptimize(cgt::temperature(e.value));
    }
    benchmark::DoNotOptimize(games::blocking_heat(a, space));
  }
}
BENCHMARK(BM_AtlasAnalyze)->Arg(10)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
