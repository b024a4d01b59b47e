// Table 1 of seed 000: m^(k+1:k)(K_n) for n = 3..10, k = 1..6 (the empty n = 4 cells
// searched to total 120), by the layered search; and, for comparison, the paper's method
// (every class of every total listed, each tested against the previous P-set through its
// options) on single cells.
#include <absl/container/flat_hash_set.h>
#include <benchmark/benchmark.h>

#include "games/pebbling/threshold.h"
#include "graph/graph.h"

using namespace cgtlab;
using games::Pebbling;

static void BM_Table1_Layered(benchmark::State& state) {
  games::ThresholdOptions o;
  o.max_total = 120;
  for (auto _ : state) {
    auto t = games::complete_graph_thresholds(3, 10, 1, 6, o);
    benchmark::DoNotOptimize(t);
  }
}
BENCHMARK(BM_Table1_Layered)->Unit(benchmark::kMillisecond)->UseRealTime();

static void BM_Cell_Layered(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  games::ThresholdOptions o;
  o.max_total = 120;
  for (auto _ : state) benchmark::DoNotOptimize(games::pebbling_threshold(rules, o));
}
BENCHMARK(BM_Cell_Layered)->Args({10, 5})->Args({10, 6})->Args({8, 5})->Unit(benchmark::kMillisecond)->UseRealTime();

// The paper's Appendix A method, in C++: list every class of total m, keep those with no
// option in P(m-1); stop at the first empty P(m).
static int paper_method(const Pebbling& rules) {
  absl::flat_hash_set<Pebbling::Position> previous;
  rules.for_each_class(0, [&](const Pebbling::Position& p) { previous.insert(p); });
  for (int m = 1;; ++m) {
    absl::flat_hash_set<Pebbling::Position> current;
    rules.for_each_class(m, [&](const Pebbling::Position& p) {
      bool has_p_option = false;
      rules.for_each_canonical_option(p, [&](const Pebbling::Position& q) {
        if (previous.contains(q)) has_p_option = true;
        return !has_p_option;
      });
      if (!has_p_option) current.insert(p);
    });
    if (current.empty()) return m;
    previous = std::move(current);
  }
}

static void BM_Cell_PaperMethod(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(paper_method(rules));
}
BENCHMARK(BM_Cell_PaperMethod)->Args({8, 5})->Args({10, 5})->Args({10, 6})->Unit(benchmark::kMillisecond)->Iterations(1);
