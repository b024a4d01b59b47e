// A compact exact number for the FLIPPING COINS search: a dyadic rational with at most
// 56 binary digits after the point and |x| < 64, stored as x * 2^56 in one int64.
// Lines of at most 64 coins have integer parts in [-63, 32], so only the fraction can run
// out of room; when it would, simplest_between throws (never a rounded answer). The
// search keeps millions of these in a dense table, where GMP numbers would be far slower.
#pragma once
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>

#include "cgt/dyadic.h"

namespace cgtlab::games {

class FixedDyadic {
 public:
  static constexpr int kFractionBits = 56;
  static constexpr std::int64_t kOne = std::int64_t{1} << kFractionBits;

  constexpr FixedDyadic() = default;
  static constexpr FixedDyadic integer(std::int64_t n) { return FixedDyadic(n * kOne); }
  static constexpr FixedDyadic from_scaled(std::int64_t scaled) { return FixedDyadic(scaled); }
  // Exact conversion; nullopt when x needs more than 56 fraction bits or |x| >= 64.
  static std::optional<FixedDyadic> from_dyadic(const cgt::Dyadic& x);

  constexpr std::int64_t scaled() const { return v_; }
  cgt::Dyadic to_dyadic() const;

  friend constexpr auto operator<=>(FixedDyadic a, FixedDyadic b) = default;

  // The simplest number strictly between lo and hi (absent bound = infinite), exactly as
  // cgt::Dyadic::simplest_between; throws std::overflow_error when it needs more than 56
  // fraction bits. Requires lo < hi.
  static FixedDyadic simplest_between(std::optional<FixedDyadic> lo, std::optional<FixedDyadic> hi);

 private:
  constexpr explicit FixedDyadic(std::int64_t scaled) : v_(scaled) {}
  std::int64_t v_ = 0;
};

inline FixedDyadic FixedDyadic::simplest_between(std::optional<FixedDyadic> lo, std::optional<FixedDyadic> hi) {
  // floor(x / 2^56) and ceil(x / 2^56): arithmetic shifts floor for negatives too.
  auto floor_int = [](std::int64_t x) { return x >> kFractionBits; };
  auto ceil_int = [](std::int64_t x) { return -((-x) >> kFractionBits); };
  if (!lo && !hi) return FixedDyadic(0);
  if (!hi) {
    std::int64_t f = floor_int(lo->v_) + 1;
    return integer(f > 0 ? f : 0);
  }
  if (!lo) {
    std::int64_t c = ceil_int(hi->v_) - 1;
    return integer(c < 0 ? c : 0);
  }
  if (lo->v_ < 0 && hi->v_ > 0) return FixedDyadic(0);
  const std::int64_t first = floor_int(lo->v_) + 1;  // least integer > lo
  const std::int64_t last = ceil_int(hi->v_) - 1;    // greatest integer < hi
  if (first <= last) return integer(hi->v_ <= 0 ? last : first);
  // No integer between: lo and hi lie in one unit interval, so a = lo+1 and b = hi-1 share
  // their sign and high bits. The number in [a, b] with the most trailing zero bits is b
  // cut after the highest bit where a and b differ (or a itself when a == b).
  const std::int64_t a = lo->v_ + 1, b = hi->v_ - 1;
  if (a > b) throw std::overflow_error("FLIPPING COINS value needs more than 56 binary fraction digits");
  std::int64_t x = a;
  if (a != b) {
    const int h = 63 - std::countl_zero(static_cast<std::uint64_t>(a ^ b));
    x = b & ~((std::int64_t{1} << h) - 1);
  }
  return FixedDyadic(x);
}

}  // namespace cgtlab::games
