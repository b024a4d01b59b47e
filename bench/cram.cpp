// The record searches of issue 17: Cram (Arc-Kayles on grids) and Node-Kayles on 3xn grids by
// the outcome-search engine (games/kayles/nimber_search.h), one cold search per iteration, with
// 1 and 2 threads. The targets: Cram 3x16 < 60 s, 4x11 < 3 min, 2x30 < 60 s (idle 2-core machine).
//   build/bench_cram --benchmark_filter='Cram/3/16'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include <unistd.h>

#include "games/kayles/nimber_search.h"
#include "graph/graph.h"
#include "solve/nimber_table.h"
#include "store/kayles.h"

using namespace cgtlab;

static void run(benchmark::State& state, games::VertexGame game, int iso_keys = 0) {
  auto g = graph::parse_graph("Grid" + std::to_string(state.range(0)) + "x" + std::to_string(state.range(1)));
  games::NimberSearchOptions o;
  o.threads = static_cast<int>(state.range(2));
  o.iso_keys = iso_keys;
  o.table_bytes = std::uint64_t{2048} << 20;
  for (auto _ : state) {
    auto r = games::kayles_nimber(g, game, o);
    state.counters["nimber"] = static_cast<double>(r.nimber);
    state.counters["positions"] = static_cast<double>(r.nodes);
    state.counters["table"] = static_cast<double>(r.table_entries);
  }
}

static void BM_Cram(benchmark::State& state) { run(state, games::VertexGame::ArcKayles); }
BENCHMARK(BM_Cram)
    ->ArgNames({"rows", "cols", "threads"})
    ->Args({3, 12, 1})->Args({3, 12, 2})->Args({3, 14, 2})->Args({3, 16, 2})
    ->Args({4, 9, 2})->Args({4, 11, 2})->Args({2, 30, 2})->Args({5, 9, 2})
    ->Unit(benchmark::kSecond)->Iterations(1);

static void BM_NodeKayles3xn(benchmark::State& state) { run(state, games::VertexGame::NodeKayles); }
BENCHMARK(BM_NodeKayles3xn)
    ->ArgNames({"rows", "cols", "threads"})
    ->Args({3, 16, 1})->Args({3, 20, 2})->Args({3, 30, 2})
    // 3x44 and the same board turned (four words, 3 columns: found column by column unless
    // CGTLAB_COLUMN_FILL=off), as a 3xN board past N = 63 must be searched
    ->Args({3, 44, 1})->Args({44, 3, 1})
    ->Unit(benchmark::kSecond)->Iterations(1);

// A sweep's cells one after another (store/kayles.h sweep_grid_nimbers, no store, one thread), each
// on a fresh table (carry 0) or seeded by the table the cell before it left (carry 1:
// --carry-table, a file in the temporary directory, removed before each iteration). Counter
// positions: summed over the cells. game 0: Node-Kayles, 1: Cram.
static void BM_SweepCarry(benchmark::State& state) {
  store::GridSweepOptions o;
  o.game = state.range(0) ? games::VertexGame::ArcKayles : games::VertexGame::NodeKayles;
  o.rows = static_cast<int>(state.range(1));
  o.cols_lo = static_cast<int>(state.range(2));
  o.cols_hi = static_cast<int>(state.range(3));
  o.search.table_bytes = std::uint64_t{1024} << 20;
  const std::string file = (std::filesystem::temp_directory_path() / "cgtlab_bench_carry.tt").string();
  if (state.range(4)) o.carry_file = file;
  for (auto _ : state) {
    for (const char* ext : {"", ".refutations"}) std::filesystem::remove(file + ext);
    std::uint64_t positions = 0;
    for (const auto& c : store::sweep_grid_nimbers(o)) positions += c.positions;
    state.counters["positions"] = static_cast<double>(positions);
  }
  for (const char* ext : {"", ".refutations"}) std::filesystem::remove(file + ext);
}
BENCHMARK(BM_SweepCarry)
    ->ArgNames({"cram", "rows", "from", "to", "carry"})
    ->Args({0, 3, 31, 40, 0})->Args({0, 3, 31, 40, 1})->Args({1, 3, 13, 15, 0})->Args({1, 3, 13, 15, 1})
    ->Args({0, 5, 1, 15, 0})->Args({0, 5, 1, 15, 1})
    ->Unit(benchmark::kSecond)->Iterations(1);

// Graph-isomorphism keys (--iso-keys N; docs/PERFORMANCE.md "Graph-isomorphism keys"): half the
// positions, more CPU. One thread, N = 0 (off) against N = 10.
static void BM_CramIsoKeys(benchmark::State& state) {
  run(state, games::VertexGame::ArcKayles, static_cast<int>(state.range(3)));
}
BENCHMARK(BM_CramIsoKeys)
    ->ArgNames({"rows", "cols", "threads", "iso"})
    ->Args({4, 11, 1, 0})->Args({4, 11, 1, 10})->Args({3, 17, 1, 0})->Args({3, 17, 1, 10})
    ->Unit(benchmark::kSecond)->Iterations(1);

// Random probes into a large nimber table (solve/nimber_table.h), as the record searches make
// them: a table of `mib` MiB filled to 40 % of its slots with random keys of Cram 7x8's layout
// (a 56-cell box, a 6-bit row length), then get() on random keys (half stored). huge = 1: the
// table's memory asks for transparent huge pages (util/huge_pages.h, the default); 0:
// CGTLAB_HUGE_PAGES=off, 4 KiB pages. packed = 1: entries of one word (the default for boards of
// 51..64 cells; twice the slots in the same memory), 0: 16 bytes. ns per probe = 1e9 /
// items_per_second.
static void BM_NimberTableProbe(benchmark::State& state) {
  using Table = solve::NimberTable<2>;
  const std::uint64_t bytes = static_cast<std::uint64_t>(state.range(0)) << 20;
  if (state.range(1) == 0) setenv("CGTLAB_HUGE_PAGES", "off", 1);
  solve::NimberKeyLayout<2> layout;
  if (state.range(2) != 0) {
    layout.width = {56, 6};
    layout.shift = {0, 50};
  }
  Table table(bytes, bytes, layout);
  unsetenv("CGTLAB_HUGE_PAGES");
  auto key = [](std::mt19937_64& rng) {
    const std::uint64_t box = rng() >> 8;
    return Table::Key{box, (rng() >> 58) << 50};
  };
  std::mt19937_64 rng(17);
  const std::uint64_t fill = table.capacity() * 2 / 5;
  for (std::uint64_t i = 0; i < fill; ++i) table.put(key(rng), static_cast<int>(i % 5));
  std::mt19937_64 again(17);  // replays the stored keys for the hits
  std::int64_t found = 0;
  for (auto _ : state) {
    for (int i = 0; i < 4096; ++i) found += table.get(key((i & 1) ? again : rng)) >= 0;
  }
  state.SetItemsProcessed(state.iterations() * 4096);
  state.counters["found"] = static_cast<double>(found) / static_cast<double>(state.iterations() * 4096);
}
BENCHMARK(BM_NimberTableProbe)
    ->ArgNames({"mib", "huge", "packed"})
    ->Args({64, 0, 0})->Args({64, 1, 0})->Args({2048, 0, 0})->Args({2048, 1, 0})
    ->Args({64, 1, 1})->Args({2048, 1, 1})
    ->Unit(benchmark::kNanosecond);

// Loading a saved table (solve/nimber_table.h, load), as a resumed or seeded record run does: a
// table of `mib` MiB filled to 40 % with random keys of Cram 7x8's layout, saved once, then read
// into a fresh table of the same bound (it grows to its size first, inside the timing). packed as
// in BM_NimberTableProbe. Items: entries read.
static void BM_NimberTableLoad(benchmark::State& state) {
  using Table = solve::NimberTable<2>;
  const std::uint64_t bytes = static_cast<std::uint64_t>(state.range(0)) << 20;
  solve::NimberKeyLayout<2> layout;
  if (state.range(1) != 0) {
    layout.width = {56, 6};
    layout.shift = {0, 50};
  }
  const std::string path =
      (std::filesystem::temp_directory_path() / ("cgtlab-bench-load-" + std::to_string(getpid()) + ".tt")).string();
  std::uint64_t n = 0;
  {
    Table table(bytes, bytes, layout);
    std::mt19937_64 rng(19);
    const std::uint64_t fill = table.capacity() * 2 / 5;
    for (std::uint64_t i = 0; i < fill; ++i)
      table.put(Table::Key{rng() >> 8, (rng() >> 58) << 50}, static_cast<int>(i % 5));
    table.save(path, "bench");
    n = table.size();
  }
  for (auto _ : state) {
    state.PauseTiming();
    auto table = std::make_unique<Table>(bytes, std::uint64_t{4} << 20, layout);
    state.ResumeTiming();
    benchmark::DoNotOptimize(table->load(path, "bench"));
    state.PauseTiming();
    state.counters["kept"] = static_cast<double>(table->size()) / static_cast<double>(n);
    table.reset();
    state.ResumeTiming();
  }
  std::filesystem::remove(path);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}
BENCHMARK(BM_NimberTableLoad)
    ->ArgNames({"mib", "packed"})
    ->Args({1024, 1})->Args({1024, 0})
    ->Unit(benchmark::kSecond)->Iterations(3);
