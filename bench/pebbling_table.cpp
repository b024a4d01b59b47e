// Table 1 of seed 000: m^(k+1:k)(K_n) for n = 3..10, k = 1..6 (the empty n = 4 cells
// searched to total 120), side by side:
//  - the ranked layered search (games/pebbling/complete.h), cell after cell on one thread;
//  - the paper's Appendix A method ported to C++ (every class of every total listed, each
//    tested against the previous P-set through its options, hash sets), same cells, same bound.
// Both check their tables against each other once before timing. Single cells follow.
#include <absl/container/flat_hash_set.h>
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdio>
#include <cstdlib>
#include <optional>

#include "games/pebbling/threshold.h"
#include "graph/graph.h"

using namespace cgtlab;
using games::Pebbling;

namespace {

constexpr int kBound = 120;

// The paper's Appendix A method, in C++: list every class of total m, keep those with no
// option in P(m-1); stop at the first empty P(m), or after the bound.
std::optional<int> paper_method(const Pebbling& rules, int bound) {
  absl::flat_hash_set<Pebbling::Position> previous;
  rules.for_each_class(0, [&](const Pebbling::Position& p) { previous.insert(p); });
  for (int m = 1; m <= bound; ++m) {
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
  return std::nullopt;
}

std::optional<int> layered(const Pebbling& rules, bool ranked) {
  games::ThresholdOptions o;
  o.max_total = kBound;
  o.ranked = ranked;
  return games::pebbling_threshold(rules, o).m;
}

template <class F>
std::vector<std::optional<int>> table(F&& cell) {
  std::vector<std::optional<int>> out;
  for (int n = 3; n <= 10; ++n)
    for (int k = 1; k <= 6; ++k) out.push_back(cell(Pebbling(graph::parse_graph("K" + std::to_string(n)), k)));
  return out;
}

// One thread for everything: the comparison is CPU against CPU.
tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);

}  // namespace

static void BM_Table1_Ranked(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(table([](const Pebbling& r) { return layered(r, true); }));
}
BENCHMARK(BM_Table1_Ranked)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

static void BM_Table1_GenericLayered(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(table([](const Pebbling& r) { return layered(r, false); }));
}
BENCHMARK(BM_Table1_GenericLayered)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

static void BM_Table1_PaperMethod(benchmark::State& state) {
  static bool checked = false;
  for (auto _ : state) {
    auto paper = table([](const Pebbling& r) { return paper_method(r, kBound); });
    if (!checked) {
      state.PauseTiming();
      auto ours = table([](const Pebbling& r) { return layered(r, true); });
      if (ours != paper) {
        std::fprintf(stderr, "the two methods disagree on Table 1\n");
        std::exit(1);
      }
      checked = true;
      state.ResumeTiming();
    }
    benchmark::DoNotOptimize(paper);
  }
}
BENCHMARK(BM_Table1_PaperMethod)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->Iterations(1);

static void BM_Cell_Ranked(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(layered(rules, true));
}
BENCHMARK(BM_Cell_Ranked)->Args({10, 5})->Args({10, 6})->Args({8, 5})->Args({12, 8})->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();

// Every cell of Table 1 on its own (where the table's time goes): --benchmark_filter=Table1Cell.
static void BM_Table1Cell_Ranked(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(layered(rules, true));
}
BENCHMARK(BM_Table1Cell_Ranked)->ArgsProduct({benchmark::CreateDenseRange(3, 10, 1), benchmark::CreateDenseRange(1, 6, 1)})
    ->Unit(benchmark::kMicrosecond)->MeasureProcessCPUTime();

static void BM_Table1Cell_PaperMethod(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(paper_method(rules, kBound));
}
BENCHMARK(BM_Table1Cell_PaperMethod)->ArgsProduct({benchmark::CreateDenseRange(3, 10, 1), benchmark::CreateDenseRange(1, 6, 1)})
    ->Unit(benchmark::kMicrosecond)->MeasureProcessCPUTime();

static void BM_Cell_GenericLayered(benchmark::State& state) {
  Pebbling rules(graph::parse_graph("K" + std::to_string(state.range(0))), static_cast<int>(state.range(1)));
  for (auto _ : state) benchmark::DoNotOptimize(layered(rules, false));
}
BENCHMARK(BM_Cell_GenericLayered)->Args({10, 5})->Args({10, 6})->Args({8, 5})->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime();
