// Arc-Kayles on grids, paths and the Section 7 graphs; WAK and rooks. Each iteration starts
// from an empty memo, so the times are those of one cold `cgtlab ... grundy` call.
#include <benchmark/benchmark.h>

#include "games/kayles/solver.h"
#include "games/kayles/wak_analyze.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_families.h"
#include "games/kayles/wak_solver.h"
#include "games/rooks/rules.h"
#include "graph/graph.h"

using namespace cgtlab;

static void BM_ArcKaylesGrid(benchmark::State& state) {
  auto g = graph::parse_graph("Grid" + std::to_string(state.range(0)) + "x" + std::to_string(state.range(1)));
  for (auto _ : state) {
    games::KaylesSolver s(games::VertexGame::ArcKayles);
    benchmark::DoNotOptimize(s.grundy(g));
    state.counters["canonical"] = static_cast<double>(s.canonical_positions());
  }
}
BENCHMARK(BM_ArcKaylesGrid)->Args({3, 6})->Args({3, 8})->Args({4, 5})->Args({4, 6})->Unit(benchmark::kMillisecond);

static void BM_ArcKaylesPath(benchmark::State& state) {
  graph::Graph p(static_cast<int>(state.range(0)), false);
  for (int i = 0; i + 1 < state.range(0); ++i) p.add_edge(i, i + 1);
  for (auto _ : state) {
    games::KaylesSolver s(games::VertexGame::ArcKayles);
    benchmark::DoNotOptimize(s.grundy(p));
  }
}
BENCHMARK(BM_ArcKaylesPath)->Arg(100)->Arg(200)->Unit(benchmark::kMillisecond);

static void BM_NodeKaylesCycle(benchmark::State& state) {
  auto g = graph::parse_graph("C" + std::to_string(state.range(0)));
  for (auto _ : state) {
    games::KaylesSolver s(games::VertexGame::NodeKayles);
    benchmark::DoNotOptimize(s.grundy(g));
  }
}
BENCHMARK(BM_NodeKaylesCycle)->Arg(40)->Unit(benchmark::kMillisecond);

static void BM_WakSection7(benchmark::State& state) {
  auto [g, w] = games::section7_graph(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    games::WakAnalyser a;
    benchmark::DoNotOptimize(a.value(g, w));
  }
}
BENCHMARK(BM_WakSection7)->Arg(4)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

static void BM_Rooks(benchmark::State& state) {
  auto b = games::parse_rook_board("6x8", "b3,c5,f2,g6");
  for (auto _ : state) {
    games::WakSolver s;
    benchmark::DoNotOptimize(s.grundy(games::rooks_to_wak(b)));
  }
}
BENCHMARK(BM_Rooks)->Unit(benchmark::kMillisecond);
