// How the ranked search on K_n (games/pebbling/complete.h) grows with the total, one thread:
// for one cell, per total, the side stored and its classes, the work of the step that made it
// (generated: un-moves of a stored P side, or canonical candidates of a stored N side), the
// step's thread CPU time and the process's resident memory after it. The table goes to stderr
// (once per benchmark, from its first iteration); the counters are the whole cell's.
//
//   nice -n 19 build/bench_pebbling_layers --benchmark_filter='BM_Layers/12/10'
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <unistd.h>

#include "games/pebbling/complete.h"
#include "graph/graph.h"

using namespace cgtlab;

namespace {

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double resident_mib() {
  long pages = 0, resident = 0;
  if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Args: n, k. The search goes to 4 totals past m (as a sweep confirms), at most to 250.
void BM_Layers(benchmark::State& state) {
  tbb::global_control one(tbb::global_control::max_allowed_parallelism, 1);
  const int n = static_cast<int>(state.range(0)), k = static_cast<int>(state.range(1));
  std::string name = "K";  // appended, not "K" + ...: GCC 12 warns (-Wrestrict) on that temporary here
  name += std::to_string(n);
  games::Pebbling rules(graph::parse_graph(name), k);
  bool print = true;
  double stored_sum = 0, generated = 0, largest = 0;
  for (auto _ : state) {
    games::CompleteGraphSearch search(rules, 254);
    int end = 250;
    stored_sum = 0;
    largest = 0;
    if (print) std::fprintf(stderr, "K%d k=%d: total side stored generated cpu_ms rss_mib\n", n, k);
    for (int t = 1; t <= end; ++t) {
      const std::uint64_t before = search.generated();
      const double cpu = thread_cpu_seconds();
      const auto& l = search.advance();
      const double ms = (thread_cpu_seconds() - cpu) * 1e3;
      stored_sum += static_cast<double>(l.size());
      if (static_cast<double>(l.size()) > largest) largest = static_cast<double>(l.size());
      if (print && (ms >= 1 || t % 10 == 0)) {
        std::fprintf(stderr, "%d %c %zu %llu %.1f %.0f\n", t, l.stored == solve::Side::P ? 'P' : 'N', l.size(),
                     static_cast<unsigned long long>(search.generated() - before), ms, resident_mib());
      }
      if (l.all_n() && end == 250) end = t + 4;
    }
    generated = static_cast<double>(search.generated());
    print = false;
  }
  state.counters["stored_classes"] = stored_sum;
  state.counters["largest_side"] = largest;
  state.counters["generated"] = generated;
  state.counters["rss_mib"] = resident_mib();
}
BENCHMARK(BM_Layers)->Args({10, 6})->Args({12, 8})->Args({12, 9})->Args({12, 10})->Args({13, 10})->Args({14, 9})
    ->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->Iterations(1);

}  // namespace
