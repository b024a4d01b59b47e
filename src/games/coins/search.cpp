#include "games/coins/search.h"

#include <cstdlib>
#include <cstring>
#include <string>

#include "util/error.h"

namespace cgtlab::games {

CoinsTable::CoinsTable(int max_length) : max_length_(max_length) {
  if (max_length < 0 || max_length > kMaxLength) {
    throw InputError("a table of all lines covers at most " + std::to_string(kMaxLength) + " coins, not " +
                     std::to_string(max_length));
  }
  const std::uint64_t count = std::uint64_t{1} << max_length;
  values_.assign(count, 0);
  auto lookup = [this](std::uint64_t o) -> std::optional<FixedDyadic> { return value(o); };
  // values_[0] = 0: the empty line. Options are smaller numbers, so increasing order works.
  for (std::uint64_t bits = 1; bits < count; ++bits) {
    CoinsNode n = evaluate_coins_node(bits, lookup);
    if (n.is_number) {
      values_[bits] = n.value.scaled();
    } else {
      values_[bits] = kNotNumber;
      if (non_numbers_++ == 0) first_non_number_ = bits;
    }
  }
}

CoinsNode CoinsTable::node(std::uint64_t bits) const {
  return evaluate_coins_node(bits, [this](std::uint64_t o) { return value(o); });
}

CoinsSearch::~CoinsSearch() { std::free(dense_); }

void CoinsSearch::grow_dense(int length) {
  const std::uint64_t size = std::uint64_t{1} << length;
  if (size <= dense_size_) return;
  // calloc of a large block maps zero pages lazily: untouched slots cost no memory.
  auto* bigger = static_cast<std::int64_t*>(std::calloc(size, sizeof(std::int64_t)));
  if (bigger == nullptr) throw CapReached("out of memory for the search table of " + std::to_string(length) + " coins");
  if (dense_size_ != 0) std::memcpy(bigger, dense_, dense_size_ * sizeof(std::int64_t));
  std::free(dense_);
  dense_ = bigger;
  dense_size_ = size;
}

std::optional<FixedDyadic> CoinsSearch::value(std::uint64_t bits) {
  const int length = games::FlippingCoins::length(bits);
  const bool dense = length <= kDenseLength;
  if (dense) {
    if (bits >= dense_size_) grow_dense(length);
    const std::int64_t slot = dense_[bits];
    if (slot == kNotNumber) return std::nullopt;
    if (slot != 0) return FixedDyadic::from_scaled(slot - kBias);
  } else if (auto it = memo_.find(bits); it != memo_.end()) {
    if (it->second == kNotNumber) return std::nullopt;
    return FixedDyadic::from_scaled(it->second);
  }
  CoinsNode n = node(bits);
  ++positions_;
  limits_.check(positions_);
  if (dense) {
    dense_[bits] = n.is_number ? n.value.scaled() + kBias : kNotNumber;
  } else {
    memo_.emplace(bits, n.is_number ? n.value.scaled() : kNotNumber);
  }
  if (!n.is_number) return std::nullopt;
  return n.value;
}

CoinsNode CoinsSearch::node(std::uint64_t bits) {
  // Recursion depth is at most the length of the game (each move lowers the sum of the
  // positions of the 1s), under 2,100 plies for 64 coins.
  return evaluate_coins_node(bits, [this](std::uint64_t o) { return value(o); });
}

}  // namespace cgtlab::games
