// Thresholds of the (k+1:k)-pebbling game: m^(k+1:k)(G) is the least total m such that
// every position with m pebbles is an N-position (seed 000, Section 1). Computed with the
// layered search (solve/layered.h): totals drop by exactly one per move.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/pebbling/rules.h"
#include "solve/layered.h"
#include "solve/limits.h"
#include "util/comm.h"

namespace cgtlab::games {

using solve::Weight;

struct PebblingLayerStats {
  int total = 0;
  Weight positions = 0;                 // labelled positions with this total
  Weight p_labelled = 0;                // labelled P-positions
  std::optional<Weight> p_classes;      // P-positions up to symmetry, when countable
  std::size_t stored = 0;               // classes the search stored for this layer (one side)
  bool stored_p = true;                 // the stored side: P (else N)
  std::uint64_t bytes_exchanged = 0;    // over ranks (ThresholdOptions::comm): payload bytes of this total
};

struct PebblingThreshold {
  int k = 0;
  std::optional<int> m;            // m^(k+1:k)(G), if it is at most the bound
  int bound = 0;                   // totals 0..bound searched for m
  int searched_to = 0;             // last total computed (>= bound once m is found: the check below)
  // The paper's consequence: totals m+2r all N and m+2r+1 all P. Checked for every total
  // from m to searched_to; false with the first failing total if it ever fails.
  bool consequence_holds = true;
  std::optional<int> consequence_failure;
  std::vector<PebblingLayerStats> layers;  // totals 0..searched_to
  int ranks = 1;                       // processes that shared the search (ThresholdOptions::comm)
  std::uint64_t bytes_exchanged = 0;   // payload bytes all ranks sent (0 in one process)
  std::vector<int> nonempty_p_totals() const;  // totals whose P-set is non-empty
};

struct CompleteLayer;

// Where a resumed search starts: the result so far (layers 0..total) and the stored side
// of layer `total` (ranks of games/pebbling/complete.h).
struct ThresholdResume {
  PebblingThreshold partial;
  int total = 0;
  bool stored_p = true;
  std::vector<std::uint64_t> ranks;
};

struct ThresholdOptions {
  int max_total = 120;      // search totals up to this bound for m
  int confirm_layers = 4;   // after m, check the alternation at least this many totals further
  solve::SearchLimits limits;
  // On K_n, search ranked partitions (games/pebbling/complete.h) when the ranking table
  // fits; false: the generic search of solve/layered.h (tests compare the two).
  bool ranked = true;
  double max_seconds = 0;  // stop (CapReached) after this much wall time; 0: no cap
  // Resumable state (ranked search only): called after a layer when checkpoint_seconds
  // have passed since the last call, and resume (if set) starts from a saved layer.
  double checkpoint_seconds = 60;
  std::function<void(const PebblingThreshold& partial, const CompleteLayer& layer)> on_checkpoint;
  std::shared_ptr<const ThresholdResume> resume;
  // Called after each total (for progress lines): total, positions stored in that layer.
  std::function<void(int, std::size_t)> on_layer;
  // Several ranks (mpirun): one search partitioned over them (solve/layered_partitioned.h),
  // every rank taking part and returning the same result. The generic search then serves K_n
  // too (no ranked search, no checkpoints); max_positions counts the classes of all ranks.
  util::Comm* comm = nullptr;
};

PebblingThreshold pebbling_threshold(const games::Pebbling& rules, const ThresholdOptions& options);

// m^(k+1:k)(K_n) for every n in [n_lo, n_hi] and k in [k_lo, k_hi], cells in parallel.
struct ThresholdTable {
  int n_lo = 0, n_hi = -1, k_lo = 0, k_hi = -1, bound = 0;
  std::vector<std::vector<PebblingThreshold>> cells;  // [n - n_lo][k - k_lo]
  const PebblingThreshold& at(int n, int k) const { return cells[n - n_lo][k - k_lo]; }
};
ThresholdTable complete_graph_thresholds(int n_lo, int n_hi, int k_lo, int k_hi, const ThresholdOptions& options);

// "0..57, 59, 61" style list of integers (sorted, distinct) with runs of consecutive
// values collapsed and runs of step 2 collapsed as "a, a+2, .., b".
std::string compress_totals(const std::vector<int>& totals);

// Outcomes of every position with total <= max_total, from the layered search: each
// layer's stored side is kept, so a lookup is one binary search.
class PebblingOutcomes {
 public:
  PebblingOutcomes(const games::Pebbling& rules, int max_total, const solve::SearchLimits& limits = {});
  int max_total() const { return static_cast<int>(layers_.size()) - 1; }
  bool is_p(const games::Pebbling::Position& p) const;  // any labelled position of total <= max_total
  const solve::LayeredSearch<games::Pebbling>::Layer& layer(int total) const { return layers_.at(total); }

 private:
  const games::Pebbling& rules_;
  std::vector<solve::LayeredSearch<games::Pebbling>::Layer> layers_;
};

// The P-positions with a given total: one per symmetry class, or every labelled one.
std::vector<games::Pebbling::Position> pebbling_p_positions(const games::Pebbling& rules, int total, bool labelled,
                                                            const solve::SearchLimits& limits = {});

}  // namespace cgtlab::games
