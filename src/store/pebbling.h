// Pebbling thresholds through the result store: look up, resume from a checkpoint, compute,
// record; and sweeps of m^(k+1:k)(K_n) over ranges of n and k.
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "games/pebbling/threshold.h"
#include "store/store.h"
#include "store/sweep.h"
#include "util/comm.h"

namespace cgtlab::store {

// Version of the threshold computation as the store sees it: raise it whenever a result or
// a checkpoint of an older version must no longer be used. 2: the ranked search on K_n
// (checkpoints hold ranks of games/pebbling/complete.h).
inline constexpr int kPebblingThresholdVersion = 2;
inline constexpr const char* kPebblingThresholdCommand = "pebbling mvalue";

Key pebbling_threshold_key(const std::string& graph, int k, const games::ThresholdOptions& options);

nlohmann::json to_json(const games::PebblingThreshold& r);
games::PebblingThreshold threshold_from_json(const nlohmann::json& j);  // InputError if malformed

struct StoredThreshold {
  games::PebblingThreshold result;
  std::string status;     // "found" or "none_within_bound"
  bool from_store = false;
  bool resumed = false;   // continued from a checkpoint
  double seconds = 0;     // of the computation (the stored one when from_store)
};

// m^(k+1:k)(graph) as pebbling_threshold computes it. With a store: a stored answer for the
// same key is returned as is; otherwise a checkpoint of the key is resumed, checkpoints are
// written every options.checkpoint_seconds, and the answer is recorded. A CapReached stop
// is recorded as status "capped" (with its message) and rethrown.
StoredThreshold pebbling_threshold_stored(const std::string& graph, int k, games::ThresholdOptions options,
                                          Store* store);

struct SweepCell : CellReport {
  int n = 0, k = 0;
  std::optional<int> m;
};

// The range and the per-cell search; store, comm, bytes_exchanged, on_cell: store/sweep.h.
struct SweepOptions : SweepRun<SweepCell> {
  int n_lo = 3, n_hi = 3, k_lo = 1, k_hi = 1;
  games::ThresholdOptions threshold;  // max_total, limits, max_seconds (per cell)
  // For progress lines: called with the cell's n and k when its search starts (total -1, stored
  // 0), then after each total it finishes (threshold.on_layer's total and classes stored there);
  // never for a cell from the store.
  std::function<void(int n, int k, int total, std::size_t stored)> on_layer;
};

// Every cell m^(k+1:k)(K_n), n in [n_lo, n_hi], k in [k_lo, k_hi], one after another (each
// search uses every core), or spread over the ranks of options.comm (store/sweep.h: run_cells).
// Throws InputError for empty or backward ranges.
std::vector<SweepCell> sweep_pebbling(const SweepOptions& options);
nlohmann::json to_json(const SweepCell& c);

}  // namespace cgtlab::store
