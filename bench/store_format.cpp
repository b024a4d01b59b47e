// Bulk data of the result store: one layer of the K_n search (sorted 64-bit ranks) saved
// as a checkpoint: an SQLite blob of raw 8-byte ranks, an SQLite blob of delta varints
// (what store::Store does), and a flat file of delta varints written with fsync and an
// atomic rename (the big solvers' way). Counter: bytes per rank.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "games/pebbling/complete.h"
#include "graph/graph.h"
#include "store/store.h"

using namespace cgtlab;

namespace {

// The stored side of K_12, k = 8, total 70 (the N side: about 150 000 classes).
const std::vector<std::uint64_t>& layer() {
  static const std::vector<std::uint64_t> ranks = [] {
    games::Pebbling rules(graph::parse_graph("K12"), 8);
    games::CompleteGraphSearch search(rules, 80);
    while (search.layer().total < 70) search.advance();
    return search.layer().sorted_ranks();
  }();
  return ranks;
}

std::string temp(const char* name) { return "/tmp/cgtlab_bench_store_" + std::to_string(getpid()) + name; }

void save(benchmark::State& state, bool delta) {
  const auto& ranks = layer();
  const std::string path = temp(".db");
  std::remove(path.c_str());
  store::Store s(path);
  std::size_t bytes = 0;
  for (auto _ : state) {
    store::Checkpoint c;
    c.key = {"bench", "{}", 1};
    c.state = "{}";
    if (delta) {
      c.bulk = store::encode_sorted(ranks);
    } else {
      c.bulk.resize(ranks.size() * 8);
      std::memcpy(c.bulk.data(), ranks.data(), c.bulk.size());
    }
    bytes = c.bulk.size();
    s.save_checkpoint(c);
  }
  state.counters["bytes_per_rank"] = static_cast<double>(bytes) / static_cast<double>(ranks.size());
  state.counters["ranks"] = static_cast<double>(ranks.size());
  std::remove(path.c_str());
}

}  // namespace

static void BM_SQLiteBlob_Raw(benchmark::State& state) { save(state, false); }
BENCHMARK(BM_SQLiteBlob_Raw)->Unit(benchmark::kMillisecond);
static void BM_SQLiteBlob_DeltaVarint(benchmark::State& state) { save(state, true); }
BENCHMARK(BM_SQLiteBlob_DeltaVarint)->Unit(benchmark::kMillisecond);

static void BM_FlatFile_DeltaVarint(benchmark::State& state) {
  const auto& ranks = layer();
  const std::string path = temp(".bin");
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto data = store::encode_sorted(ranks);
    bytes = data.size();
    int fd = open((path + ".tmp").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (write(fd, data.data(), data.size()) != static_cast<ssize_t>(data.size())) state.SkipWithError("write");
    fsync(fd);
    close(fd);
    std::rename((path + ".tmp").c_str(), path.c_str());
  }
  state.counters["bytes_per_rank"] = static_cast<double>(bytes) / static_cast<double>(ranks.size());
  std::remove(path.c_str());
}
BENCHMARK(BM_FlatFile_DeltaVarint)->Unit(benchmark::kMillisecond);

static void BM_Load_SQLiteBlob_DeltaVarint(benchmark::State& state) {
  const auto& ranks = layer();
  const std::string path = temp("_load.db");
  std::remove(path.c_str());
  store::Store s(path);
  store::Checkpoint c;
  c.key = {"bench", "{}", 1};
  c.state = "{}";
  c.bulk = store::encode_sorted(ranks);
  s.save_checkpoint(c);
  for (auto _ : state) {
    auto back = s.load_checkpoint(c.key);
    auto decoded = store::decode_sorted(back->bulk);
    if (decoded.size() != ranks.size()) state.SkipWithError("round trip");
    benchmark::DoNotOptimize(decoded);
  }
  std::remove(path.c_str());
}
BENCHMARK(BM_Load_SQLiteBlob_DeltaVarint)->Unit(benchmark::kMillisecond);
