// Layer-by-layer outcome search for impartial games in which every move lowers a measure
// (a nonnegative integer: the pebble total, the number of tokens, ...) by exactly one.
//
// Layer t holds the positions of measure t. A position is P iff none of its options is P,
// and all its options lie in layer t-1, so layer t's P-set depends on layer t-1's alone.
// The search keeps one layer and never lists a whole layer. It stores, alternately, one
// side of each layer explicitly and knows the other as the complement:
//   P(t-1) stored  ->  N(t) = the predecessors of P(t-1)          (stored: N(t));
//   N(t-1) stored  ->  P(t) = terminals(t) plus those predecessors of N(t-1) whose every
//                      option lies in N(t-1)                      (stored: P(t)).
// Each step touches only the stored set's predecessors, never the (much larger) layer.
// Sizes of the sides are exact counts of labelled positions (class sizes summed), so an
// empty P-set is seen even when only N is stored. A side known to be empty is stored as
// the empty set, which keeps the alternation cheap past a threshold.
// Positions are canonical class representatives (symmetry is the ruleset's business).
#pragma once
#include <absl/container/flat_hash_set.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstring>
#include <type_traits>
#include <cstdint>
#include <string>
#include <vector>

#include "solve/limits.h"
#include "util/int128.h"

namespace cgtlab::solve {

// Exact count of labelled positions (128 bits; rulesets check their own overflow).
using Weight = u128;

template <class R>
concept LayeredRuleset = requires(const R& r, const typename R::Position& p, int t) {
  typename R::Position;  // a canonical representative: hashable (absl), ordered by <
  { r.measure(p) } -> std::convertible_to<int>;
  { r.class_size(p) } -> std::convertible_to<Weight>;  // labelled positions in p's class
  { r.layer_size(t) } -> std::convertible_to<Weight>;  // labelled positions of measure t
  // Each callback gets canonical representatives; repeats are allowed. The option
  // callback returns bool: false means stop (the ruleset may stop listing options).
  r.for_each_canonical_option(p, [](const typename R::Position&) { return true; });  // classes of options
  r.for_each_canonical_predecessor(p, [](const typename R::Position&) {});  // classes with an option in p's class
  r.for_each_terminal(t, [](const typename R::Position&) {});               // classes of measure t with no option
};

// Optional: every class of a measure (lets the search list a side that is not stored).
template <class R>
concept ClassEnumerable = requires(const R& r, int t) {
  r.for_each_class(t, [](const typename R::Position&) {});
};

// Optional: the number of classes of a measure, when known without listing them (an
// std::optional<Weight>). With it the search can switch to the smaller side of a layer.
template <class R>
concept ClassCountable = ClassEnumerable<R> && requires(const R& r, int t) {
  { *r.class_count(t) } -> std::convertible_to<Weight>;
};

enum class Side { P, N };

// The order the search keeps its sets in. Any strict order works (it is never shown);
// for a contiguous range of trivially copyable counts, comparing bytes (length first) is
// several times cheaper than a lexicographic comparison.
struct ByteOrder {
  template <class P>
  bool operator()(const P& a, const P& b) const {
    if constexpr (requires { a.data(); a.size(); } &&
                  std::is_trivially_copyable_v<std::remove_cvref_t<decltype(*a.data())>>) {
      if (a.size() != b.size()) return a.size() < b.size();
      return std::memcmp(a.data(), b.data(), a.size() * sizeof(*a.data())) < 0;
    } else {
      return a < b;
    }
  }
};

// The labelled positions the classes in v stand for (each class's size), with a cap when the sum
// exceeds 128 bits.
template <LayeredRuleset R>
Weight layer_weight(const R& rules, const std::vector<typename R::Position>& v) {
  Weight w = 0;
  for (const auto& p : v) {
    const Weight s = rules.class_size(p);
    if (__builtin_add_overflow(w, s, &w)) throw CapReached("position counts exceed 128 bits");
  }
  return w;
}

template <LayeredRuleset R>
class LayeredSearch {
 public:
  using Position = typename R::Position;

  struct Layer {
    int measure = 0;
    Side stored = Side::P;            // which side `positions` lists
    std::vector<Position> positions;  // canonical, distinct, sorted by ByteOrder
    Weight all = 0;                   // labelled positions of this measure
    Weight p_weight = 0;              // labelled P-positions of this measure
    bool all_n() const { return p_weight == 0; }
    bool all_p() const { return p_weight == all; }
    // Whether a canonical representative of this measure is a P-position.
    bool is_p(const Position& rep) const {
      bool listed = std::binary_search(positions.begin(), positions.end(), rep, ByteOrder{});
      return stored == Side::P ? listed : !listed;
    }
  };

  // Starts at measure 0, where nothing can move: every position is P.
  explicit LayeredSearch(const R& rules, SearchLimits limits = {}) : rules_(rules), limits_(limits) {
    layer_.measure = 0;
    layer_.stored = Side::P;
    rules_.for_each_terminal(0, [&](const Position& p) { layer_.positions.push_back(p); });
    dedupe(layer_.positions);
    layer_.all = rules_.layer_size(0);
    layer_.p_weight = weight(layer_.positions);
  }

  const Layer& layer() const { return layer_; }
  // Canonical positions generated so far (a measure of work, for progress and benches).
  std::uint64_t generated() const { return generated_; }

  // Computes the next layer from the current one.
  const Layer& advance() {
    const int t = layer_.measure + 1;
    Layer next;
    next.measure = t;
    next.all = rules_.layer_size(t);
    if (layer_.stored == Side::P) {
      // A position is N iff it is a predecessor of a P-position.
      next.stored = Side::N;
      next.positions = predecessors(layer_.positions);
      next.p_weight = next.all - weight(next.positions);
    } else {
      // P: no option at all, or every option in N(t-1); the latter are predecessors of N(t-1).
      next.stored = Side::P;
      std::vector<Position> candidates = predecessors(layer_.positions);
      const absl::flat_hash_set<Position> n_prev(layer_.positions.begin(), layer_.positions.end());
      next.positions = keep_if(candidates, [&](const Position& c) {
        bool all_n = true;
        rules_.for_each_canonical_option(c, [&](const Position& o) -> bool {
          if (!n_prev.contains(o)) all_n = false;
          return all_n;
        });
        return all_n;
      });
      std::size_t found = next.positions.size();
      // Terminal positions of a large graph are many (C1000, total 4: ~4e10 labelled): the
      // caps are checked as they are listed.
      rules_.for_each_terminal(t, [&](const Position& p) {
        next.positions.push_back(p);
        if ((next.positions.size() & 4095) == 0) {
          const std::uint64_t stored = layer_.positions.size() + next.positions.size();
          limits_.check(stored, stored * sizeof(Position));
        }
      });
      if (next.positions.size() != found) dedupe(next.positions);  // keep_if kept the order
      next.p_weight = weight(next.positions);
    }
    // Store an empty side when there is one: the next step then costs nothing.
    if (next.p_weight == 0 && next.stored == Side::N) {
      next.stored = Side::P;
      next.positions.clear();
    } else if (next.p_weight == next.all && next.stored == Side::P) {
      next.stored = Side::N;
      next.positions.clear();
    }
    if constexpr (ClassCountable<R>) switch_to_smaller_side(next);
    next.positions.shrink_to_fit();
    layer_ = std::move(next);
    return layer_;
  }

  // The P-positions of the current layer, one per class (in ByteOrder).
  std::vector<Position> p_positions() const requires ClassEnumerable<R> {
    if (layer_.stored == Side::P) return layer_.positions;
    return complement(layer_);
  }

 private:
  // Every class of the layer's measure not listed in the layer (sorted).
  std::vector<Position> complement(const Layer& layer) const requires ClassEnumerable<R> {
    std::vector<Position> all;
    rules_.for_each_class(layer.measure, [&](const Position& p) { all.push_back(p); });
    dedupe(all);
    std::vector<Position> out;
    std::set_difference(all.begin(), all.end(), layer.positions.begin(), layer.positions.end(),
                        std::back_inserter(out), ByteOrder{});
    return out;
  }

  // The alternation keeps whichever side it starts with; when that side is the larger
  // one, the search would drag the large side along forever. Listing the layer costs at
  // most twice the stored side then, and flips the phase to the small sides.
  void switch_to_smaller_side(Layer& layer) const requires ClassCountable<R> {
    auto classes = rules_.class_count(layer.measure);
    if (!classes) return;
    const Weight stored = layer.positions.size();
    if (stored <= *classes - stored) return;
    layer.positions = complement(layer);
    layer.stored = layer.stored == Side::P ? Side::N : Side::P;
  }

  static constexpr std::size_t kParallelGrain = 2048;

  // The distinct canonical predecessors of the given classes, sorted. Duplicates are
  // dropped by hashing as they come (most predecessors are found many times over), so
  // only the distinct ones are sorted.
  std::vector<Position> predecessors(const std::vector<Position>& from) {
    using Set = absl::flat_hash_set<Position>;
    Set merged;
    std::uint64_t found = 0;
    // The caps are checked while the layer grows (every 4096 new positions), not only at its
    // end: one layer can be far larger than the cap.
    const std::uint64_t before = layer_.positions.size();
    // In parallel each thread dedupes its own set, so a position counts at most once per
    // thread: the count divided by the thread count is a lower bound (a cap never fires early).
    const bool parallel = from.size() >= kParallelGrain;
    const std::uint64_t threads = parallel ? static_cast<std::uint64_t>(tbb::this_task_arena::max_concurrency()) : 1;
    std::atomic<std::uint64_t> added{0};
    auto count_new = [&](bool inserted) {
      if (!inserted) return;
      const std::uint64_t n = added.fetch_add(1, std::memory_order_relaxed) + 1;
      if ((n & 4095) == 0) limits_.check(before + n / threads, (before + n / threads) * sizeof(Position));
    };
    if (!parallel) {
      for (const Position& p : from) rules_.for_each_canonical_predecessor(p, [&](const Position& q) {
        ++found;
        count_new(merged.insert(q).second);
      });
    } else {
      tbb::enumerable_thread_specific<std::pair<Set, std::uint64_t>> local;
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from.size(), kParallelGrain / 4),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          // Not a structured binding: clang 14 cannot capture one in the lambda below.
                          auto& slot = local.local();
                          Set& mine = slot.first;
                          std::uint64_t& count = slot.second;
                          for (std::size_t i = r.begin(); i != r.end(); ++i) {
                            rules_.for_each_canonical_predecessor(from[i], [&](const Position& q) {
                              ++count;
                              count_new(mine.insert(q).second);
                            });
                          }
                        });
      for (auto& [mine, count] : local) {
        found += count;
        if (merged.empty()) {
          merged = std::move(mine);
        } else {
          merged.insert(mine.begin(), mine.end());
        }
      }
    }
    generated_ += found;
    // Stored at once: this layer's side and the candidates for the next one.
    const std::uint64_t stored = layer_.positions.size() + merged.size();
    limits_.check(stored, stored * sizeof(Position));
    std::vector<Position> out(merged.begin(), merged.end());
    sort(out);
    return out;
  }

  template <class Pred>
  std::vector<Position> keep_if(const std::vector<Position>& in, Pred&& keep) const {
    std::vector<Position> out;
    if (in.size() < kParallelGrain) {
      for (const Position& p : in)
        if (keep(p)) out.push_back(p);
      return out;
    }
    std::vector<char> flag(in.size(), 0);
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, in.size(), kParallelGrain / 4),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        for (std::size_t i = r.begin(); i != r.end(); ++i) flag[i] = keep(in[i]) ? 1 : 0;
                      });
    for (std::size_t i = 0; i < in.size(); ++i)
      if (flag[i]) out.push_back(in[i]);
    return out;
  }

  static void sort(std::vector<Position>& v) {
    if (v.size() < kParallelGrain) {
      std::sort(v.begin(), v.end(), ByteOrder{});
    } else {
      tbb::parallel_sort(v.begin(), v.end(), ByteOrder{});
    }
  }

  static void dedupe(std::vector<Position>& v) {
    sort(v);
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }

  Weight weight(const std::vector<Position>& v) const { return layer_weight(rules_, v); }

  const R& rules_;
  SearchLimits limits_;
  Layer layer_;
  std::uint64_t generated_ = 0;
};

}  // namespace cgtlab::solve
