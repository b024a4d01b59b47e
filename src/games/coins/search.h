// Exact FLIPPING COINS values by search, using the number structure: the value of a
// position all of whose options are numbers, with best Left option a < best Right option b,
// is the simplest number strictly between a and b. Nothing here assumes Theorem 3.2
// (every position is a number): a position with an option that is not a number, or with
// a >= b, is recorded as NOT a number, and callers must then use the general engine
// (coins_general.h).
//
// Positions are packed (games::FlippingCoins::pack: bit i-1 = d_i). Every option of a
// line is a smaller number, so all lines of at most n coins fill a dense table indexed by
// the packed number, bottom-up in increasing order: no hashing, no recursion.
#pragma once
#include <absl/container/flat_hash_map.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "games/coins/fixed.h"
#include "games/coins/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

// The outcome of evaluating one position from its options' values.
struct CoinsNode {
  bool is_number = false;                 // false: an option is not a number, or best L >= best R
  FixedDyadic value;                      // when is_number
  std::optional<FixedDyadic> best_left;   // max over Left options (absent: no Left move)
  std::optional<FixedDyadic> best_right;  // min over Right options
};

// Evaluates a position given a lookup of its options' values (nullopt = not a number).
template <class Lookup>
CoinsNode evaluate_coins_node(std::uint64_t bits, Lookup&& lookup) {
  CoinsNode node;
  bool options_are_numbers = true;
  games::FlippingCoins::for_each_left_option(bits, [&](std::uint64_t o) {
    std::optional<FixedDyadic> v = lookup(o);
    if (!v) { options_are_numbers = false; return; }
    if (!node.best_left || *v > *node.best_left) node.best_left = v;
  });
  games::FlippingCoins::for_each_right_option(bits, [&](std::uint64_t o) {
    std::optional<FixedDyadic> v = lookup(o);
    if (!v) { options_are_numbers = false; return; }
    if (!node.best_right || *v < *node.best_right) node.best_right = v;
  });
  if (!options_are_numbers) return node;
  if (node.best_left && node.best_right && !(*node.best_left < *node.best_right)) return node;
  node.is_number = true;
  node.value = FixedDyadic::simplest_between(node.best_left, node.best_right);
  return node;
}

// Values of every line of at most max_length coins (max_length <= 28).
class CoinsTable {
 public:
  static constexpr int kMaxLength = 28;
  explicit CoinsTable(int max_length);

  int max_length() const { return max_length_; }
  std::uint64_t size() const { return values_.size(); }  // 2^max_length lines (trailing zeros dropped)
  bool contains(std::uint64_t bits) const { return bits < values_.size(); }
  // nullopt: not a number (see above). Requires contains(bits).
  std::optional<FixedDyadic> value(std::uint64_t bits) const {
    const std::int64_t v = values_[bits];
    if (v == kNotNumber) return std::nullopt;
    return FixedDyadic::from_scaled(v);
  }
  // The full evaluation (best options too), recomputed from the table.
  CoinsNode node(std::uint64_t bits) const;

  std::uint64_t non_numbers() const { return non_numbers_; }
  std::optional<std::uint64_t> first_non_number() const { return first_non_number_; }

 private:
  static constexpr std::int64_t kNotNumber = INT64_MIN;
  int max_length_;
  std::vector<std::int64_t> values_;
  std::uint64_t non_numbers_ = 0;
  std::optional<std::uint64_t> first_non_number_;
};

// Memoized search from one line of at most 64 coins; the memo lives across calls.
// Lines of at most kDenseLength coins are memoized in a flat array indexed by the packed
// line (allocated zeroed and grown on demand, so only pages the search reaches cost
// memory); longer lines use a hash map. The flat array is ~10x faster than hashing.
class CoinsSearch {
 public:
  static constexpr int kDenseLength = 26;
  explicit CoinsSearch(solve::SearchLimits limits = {}) : limits_(limits) {}
  ~CoinsSearch();
  CoinsSearch(const CoinsSearch&) = delete;
  CoinsSearch& operator=(const CoinsSearch&) = delete;

  // nullopt: not a number. Throws CapReached at the position cap, std::overflow_error when
  // a value needs more than 56 binary fraction digits (coins_fixed.h).
  std::optional<FixedDyadic> value(std::uint64_t bits);
  CoinsNode node(std::uint64_t bits);
  std::size_t positions() const { return positions_; }

 private:
  // Dense slots store scaled + kBias (never 0, so a zeroed slot means "not yet known").
  static constexpr std::int64_t kBias = std::int64_t{1} << 62;
  static constexpr std::int64_t kNotNumber = INT64_MIN;
  void grow_dense(int length);
  solve::SearchLimits limits_;
  std::int64_t* dense_ = nullptr;
  std::uint64_t dense_size_ = 0;
  absl::flat_hash_map<std::uint64_t, std::int64_t> memo_;
  std::size_t positions_ = 0;
};

}  // namespace cgtlab::games
