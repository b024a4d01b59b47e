#include "games/pebbling/threshold.h"

#include <fmt/core.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <type_traits>
#include <functional>

#include "games/pebbling/complete.h"
#include "graph/graph.h"
#include "solve/layered_partitioned.h"
#include "util/error.h"

namespace cgtlab::games {

using games::Pebbling;

std::vector<int> PebblingThreshold::nonempty_p_totals() const {
  std::vector<int> out;
  for (const auto& l : layers)
    if (l.p_labelled != 0) out.push_back(l.total);
  return out;
}

namespace {

// What every layer type reports alike: its total, labelled positions and P-positions, stored count
// and side.
template <class L>
PebblingLayerStats common_stats(const L& layer, int total, std::uint64_t stored) {
  PebblingLayerStats s;
  s.total = total;
  s.positions = layer.all;
  s.p_labelled = layer.p_weight;
  s.stored = static_cast<std::size_t>(stored);
  s.stored_p = layer.stored == solve::Side::P;
  return s;
}

// A layered search's layer (of one process or of all ranks): P classes are the stored ones, or
// all classes but the stored ones when the rules can count classes.
template <class L>
PebblingLayerStats layered_stats(const Pebbling& rules, const L& layer, std::uint64_t stored) {
  PebblingLayerStats s = common_stats(layer, layer.measure, stored);
  if (layer.stored == solve::Side::P) {
    s.p_classes = stored;
  } else if (auto classes = rules.class_count(layer.measure)) {
    s.p_classes = *classes - stored;
  }
  return s;
}

PebblingLayerStats stats_of(const Pebbling& rules, const solve::LayeredSearch<Pebbling>::Layer& layer) {
  return layered_stats(rules, layer, layer.positions.size());
}

PebblingLayerStats stats_of(const Pebbling& rules, const solve::PartitionedLayeredSearch<Pebbling>::Layer& layer) {
  PebblingLayerStats s = layered_stats(rules, layer, layer.stored_count);
  s.bytes_exchanged = layer.bytes_exchanged;
  return s;
}

PebblingLayerStats stats_of(const PartitionedCompleteLayer& layer) {
  PebblingLayerStats s = common_stats(layer, layer.total, layer.stored_count);
  s.p_classes = layer.p_classes();
  s.bytes_exchanged = layer.bytes_exchanged;
  return s;
}

PebblingLayerStats stats_of(const CompleteLayer& layer) {
  PebblingLayerStats s = common_stats(layer, layer.total, layer.size());
  s.p_classes = layer.p_classes();
  return s;
}

// The threshold loop over either search (Search: advance() and layer(); Stats: a layer's stats).
template <class Search, class Stats>
PebblingThreshold threshold_loop(const Pebbling& rules, const ThresholdOptions& options, Search& search, Stats&& stats) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  auto last_checkpoint = started;
  PebblingThreshold result;
  int first = 1;
  if constexpr (std::is_same_v<Search, CompleteGraphSearch>) {
    if (options.resume) {
      const ThresholdResume& r = *options.resume;
      result = r.partial;
      search.restore(r.total, r.stored_p ? solve::Side::P : solve::Side::N, r.ranks);
      if (static_cast<int>(result.layers.size()) != r.total + 1) throw InputError("saved search state is inconsistent");
      first = r.total + 1;
    }
  }
  if (first == 1) {
    result.k = rules.k();
    result.layers.push_back(stats(search.layer()));
  }
  result.bound = options.max_total;
  int end = result.m ? std::max(options.max_total, *result.m + options.confirm_layers) : options.max_total;
  for (int t = first; t <= end; ++t) {
    const auto& layer = search.advance();
    PebblingLayerStats s = stats(layer);
    result.layers.push_back(s);
    if (options.on_layer) options.on_layer(t, s.stored);
    const bool all_n = s.p_labelled == 0, all_p = s.p_labelled == s.positions;
    if (!result.m && all_n) {
      result.m = t;
      end = std::max(end, t + options.confirm_layers);
    } else if (result.m && result.consequence_holds) {
      // The paper: totals m+2r are all N, totals m+2r+1 all P.
      bool expected_all_n = (t - *result.m) % 2 == 0;
      if (expected_all_n ? !all_n : !all_p) {
        result.consequence_holds = false;
        result.consequence_failure = t;
      }
    }
    const auto now = Clock::now();
    if constexpr (std::is_same_v<Search, CompleteGraphSearch>) {
      if (options.on_checkpoint && t < end &&
          std::chrono::duration<double>(now - last_checkpoint).count() >= options.checkpoint_seconds) {
        result.searched_to = t;
        options.on_checkpoint(result, layer);
        last_checkpoint = Clock::now();
      }
    }
    bool over_time = options.max_seconds > 0 && t < end &&
                     std::chrono::duration<double>(now - started).count() > options.max_seconds;
    // Over ranks, the clocks differ: every rank stops if any one is over.
    if constexpr (requires { search.any(over_time); }) {
      if (options.max_seconds > 0 && t < end) over_time = search.any(over_time);
    }
    if (over_time) {
      // As given (--cell-seconds 1.5 is 1.5 s, not 1 s).
      throw CapReached(fmt::format("time cap of {} s reached after total {}", options.max_seconds, t));
    }
  }
  result.searched_to = end;
  return result;
}

}  // namespace

PebblingThreshold pebbling_threshold(const Pebbling& rules, const ThresholdOptions& options) {
  if (options.max_total < 0 || options.max_total > Pebbling::kMaxTotal - options.confirm_layers) {
    throw InputError("--max-total must be between 0 and " + std::to_string(Pebbling::kMaxTotal - options.confirm_layers));
  }
  const int reach = options.max_total + options.confirm_layers;
  if (options.comm && options.comm->size() > 1 && options.ranked && CompleteGraphSearch::usable(rules, reach)) {
    PartitionedCompleteSearch search(rules, reach, *options.comm, options.limits);
    PebblingThreshold r = threshold_loop(rules, options, search, [](const PartitionedCompleteLayer& l) { return stats_of(l); });
    r.ranks = search.ranks();
    r.bytes_exchanged = search.bytes_exchanged();
    return r;
  }
  if (options.comm && options.comm->size() > 1) {
    solve::PartitionedLayeredSearch<Pebbling> search(rules, *options.comm, options.limits);
    PebblingThreshold r = threshold_loop(rules, options, search, [&](const solve::PartitionedLayeredSearch<Pebbling>::Layer& l) {
      return stats_of(rules, l);
    });
    r.ranks = search.ranks();
    r.bytes_exchanged = search.bytes_exchanged();
    return r;
  }
  if (options.ranked && CompleteGraphSearch::usable(rules, reach)) {
    CompleteGraphSearch search(rules, reach, options.limits);
    return threshold_loop(rules, options, search, [](const CompleteLayer& l) { return stats_of(l); });
  }
  solve::LayeredSearch<Pebbling> search(rules, options.limits);
  return threshold_loop(rules, options, search,
                        [&](const solve::LayeredSearch<Pebbling>::Layer& l) { return stats_of(rules, l); });
}

ThresholdTable complete_graph_thresholds(int n_lo, int n_hi, int k_lo, int k_hi, const ThresholdOptions& options) {
  if (n_lo < 1 || n_hi < n_lo) throw InputError("--n must be a range A..B with 1 <= A <= B");
  if (k_lo < 1 || k_hi < k_lo) throw InputError("--k must be a range C..D with 1 <= C <= D");
  if (n_hi > 64) throw InputError("--n: at most 64 vertices");
  ThresholdTable table;
  table.n_lo = n_lo;
  table.n_hi = n_hi;
  table.k_lo = k_lo;
  table.k_hi = k_hi;
  table.bound = options.max_total;
  table.cells.assign(static_cast<std::size_t>(n_hi - n_lo) + 1,
                     std::vector<PebblingThreshold>(static_cast<std::size_t>(k_hi - k_lo) + 1));
  const int columns = k_hi - k_lo + 1;
  const int cells = (n_hi - n_lo + 1) * columns;
  ThresholdOptions cell_options = options;
  cell_options.on_layer = nullptr;  // cells run concurrently; progress is per cell below
  cell_options.comm = nullptr;      // each cell is one process's search
  std::atomic<int> done{0};
  // Largest cells first, so the two cores finish together.
  tbb::parallel_for(0, cells, 1, [&](int index) {
    int cell = cells - 1 - index;
    int n = n_lo + cell / columns, k = k_lo + cell % columns;
    Pebbling rules(graph::parse_graph("K" + std::to_string(n)), k);
    table.cells[n - n_lo][k - k_lo] = pebbling_threshold(rules, cell_options);
    int finished = ++done;
    if (options.on_layer) options.on_layer(finished, static_cast<std::size_t>(cells));
  });
  return table;
}

std::string compress_totals(const std::vector<int>& totals) {
  std::string out;
  std::size_t i = 0;
  auto emit = [&](const std::string& s) {
    if (!out.empty()) out += ", ";
    out += s;
  };
  while (i < totals.size()) {
    std::size_t j = i;
    while (j + 1 < totals.size() && totals[j + 1] == totals[j] + 1) ++j;
    if (j - i >= 2) {
      emit(std::to_string(totals[i]) + ".." + std::to_string(totals[j]));
      i = j + 1;
      continue;
    }
    j = i;
    while (j + 1 < totals.size() && totals[j + 1] == totals[j] + 2) ++j;
    if (j - i >= 3) {
      emit(std::to_string(totals[i]) + ", " + std::to_string(totals[i] + 2) + ", .., " + std::to_string(totals[j]));
      i = j + 1;
      continue;
    }
    emit(std::to_string(totals[i]));
    ++i;
  }
  return out;
}

PebblingOutcomes::PebblingOutcomes(const Pebbling& rules, int max_total, const solve::SearchLimits& limits)
    : rules_(rules) {
  if (max_total < 0 || max_total > Pebbling::kMaxTotal) {
    throw InputError("the total must be between 0 and " + std::to_string(Pebbling::kMaxTotal));
  }
  solve::LayeredSearch<Pebbling> search(rules, limits);
  layers_.push_back(search.layer());
  while (search.layer().measure < max_total) layers_.push_back(search.advance());
}

bool PebblingOutcomes::is_p(const Pebbling::Position& p) const {
  int t = Pebbling::total(p);
  if (t > max_total()) throw InputError("position beyond the searched total " + std::to_string(max_total()));
  return layers_[t].is_p(rules_.canonical(p));
}

std::vector<Pebbling::Position> pebbling_p_positions(const Pebbling& rules, int total, bool labelled,
                                                     const solve::SearchLimits& limits) {
  if (total < 0 || total > Pebbling::kMaxTotal) {
    throw InputError("--total must be between 0 and " + std::to_string(Pebbling::kMaxTotal));
  }
  solve::LayeredSearch<Pebbling> search(rules, limits);
  while (search.layer().measure < total) search.advance();
  if (!labelled) {
    auto out = search.p_positions();
    std::sort(out.begin(), out.end(), std::greater<>());  // for display: largest counts first
    return out;
  }
  std::vector<Pebbling::Position> out;
  const auto& layer = search.layer();
  rules.for_each_labelled(total, [&](const Pebbling::Position& p) {
    if (layer.is_p(rules.canonical(p))) out.push_back(p);
  });
  return out;
}

}  // namespace cgtlab::games
