// Sets of nimbers for the nimber searches (Beling and Rogalski, "On pruning search trees of
// impartial games", Artificial Intelligence 283 (2020) 103262): the values 0..255 as a 256-bit
// set, plus a count of "bigger" values 256, 257, ... (the top of {0..k} for positions with more
// than 255 moves; such values are only ever removed as the largest element).
#pragma once
#include <array>
#include <bit>
#include <cstdint>

namespace cgtlab::solve {

class NimberSet {
 public:
  static constexpr int kBits = 256;

  // {0, 1, ..., n-1}.
  static NimberSet lowest(std::uint32_t n) {
    NimberSet s;
    for (int i = 0; i < 4; ++i) {
      const std::uint32_t lo = 64u * i;
      if (n >= lo + 64) s.w_[i] = ~std::uint64_t{0};
      else if (n > lo) s.w_[i] = (std::uint64_t{1} << (n - lo)) - 1;
    }
    s.bigger_ = n > kBits ? n - kBits : 0;
    return s;
  }
  static NimberSet single(int v) {
    NimberSet s;
    s.add(v);
    return s;
  }

  bool has(int v) const { return (w_[v >> 6] >> (v & 63)) & 1; }
  void add(int v) { w_[v >> 6] |= std::uint64_t{1} << (v & 63); }
  void remove(int v) { w_[v >> 6] &= ~(std::uint64_t{1} << (v & 63)); }
  bool empty() const { return bigger_ == 0 && (w_[0] | w_[1] | w_[2] | w_[3]) == 0; }
  // Least element (the set must hold one below 256).
  int min() const {
    for (int i = 0; i < 4; ++i)
      if (w_[i]) return 64 * i + std::countr_zero(w_[i]);
    return -1;
  }
  // Largest element below 256, or -1.
  int max_small() const {
    for (int i = 3; i >= 0; --i)
      if (w_[i]) return 64 * i + 63 - std::countl_zero(w_[i]);
    return -1;
  }
  // No common element (the bigger values never meet: requested sets hold none).
  bool disjoint(const NimberSet& o) const {
    return ((w_[0] & o.w_[0]) | (w_[1] & o.w_[1]) | (w_[2] & o.w_[2]) | (w_[3] & o.w_[3])) == 0 &&
           (bigger_ == 0 || o.bigger_ == 0);
  }
  NimberSet operator&(const NimberSet& o) const {
    NimberSet r;
    for (int i = 0; i < 4; ++i) r.w_[i] = w_[i] & o.w_[i];
    r.bigger_ = bigger_ < o.bigger_ ? bigger_ : o.bigger_;
    return r;
  }
  // The set without its largest element.
  NimberSet without_max() const {
    NimberSet r = *this;
    r.remove_max();
    return r;
  }
  void remove_max() {
    if (bigger_ != 0) {
      --bigger_;
      return;
    }
    const int m = max_small();
    if (m >= 0) remove(m);
  }
  // Removes exactly one element: v when present, else the largest.
  void remove_or_max(int v) {
    if (v < kBits && has(v)) remove(v);
    else remove_max();
  }
  // {0, ..., max}: every value up to the largest element (below 256).
  NimberSet upto_max() const {
    if (bigger_ != 0) return lowest(kBits + bigger_);
    return lowest(static_cast<std::uint32_t>(max_small() + 1));
  }
  // {v ^ x : v in the set} for x < 256 (the set must have no bigger values).
  NimberSet xored(int x) const {
    if (x == 0) return *this;
    NimberSet r;
    const int word_x = x >> 6, bit_x = x & 63;
    for (int i = 0; i < 4; ++i) r.w_[i ^ word_x] = permute(w_[i], bit_x);
    return r;
  }
  // The number of elements below 256.
  int count_small() const {
    return std::popcount(w_[0]) + std::popcount(w_[1]) + std::popcount(w_[2]) + std::popcount(w_[3]);
  }
  // The elements below 16 as bits (bit v: v is in the set), and the set without those whose bits
  // (below 16) are set in m: the values stored refutations can name (LemoineViennot).
  unsigned low16() const { return static_cast<unsigned>(w_[0] & 0xffff); }
  NimberSet without_low16(unsigned m) const {
    NimberSet r = *this;
    r.w_[0] &= ~static_cast<std::uint64_t>(m & 0xffff);
    return r;
  }
  bool operator==(const NimberSet&) const = default;

 private:
  // Moves bit b to bit b ^ x within one word.
  static std::uint64_t permute(std::uint64_t y, int x) {
    static constexpr std::uint64_t kMask[6] = {0x5555555555555555ull, 0x3333333333333333ull, 0x0f0f0f0f0f0f0f0full,
                                               0x00ff00ff00ff00ffull, 0x0000ffff0000ffffull, 0x00000000ffffffffull};
    for (int i = 0; i < 6; ++i)
      if ((x >> i) & 1) {
        const int s = 1 << i;
        y = ((y & kMask[i]) << s) | ((y >> s) & kMask[i]);
      }
    return y;
  }
  std::array<std::uint64_t, 4> w_{};
  std::uint32_t bigger_ = 0;
};

}  // namespace cgtlab::solve
