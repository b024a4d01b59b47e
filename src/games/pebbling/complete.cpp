#include "games/pebbling/complete.h"

#include <absl/container/flat_hash_set.h>
#if !defined(__SSE2__)
#error "complete.cpp packs tuples into 16 bytes with SSE2 (x86-64 has it); this target has no __SSE2__"
#endif
#include <emmintrin.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <limits>
#include <mutex>

#include "util/error.h"

namespace cgtlab::games {

namespace {

using solve::Side;
using solve::Weight;

constexpr std::size_t kMaxTableEntries = std::size_t{8} << 20;  // 64 MiB of counts
constexpr std::uint64_t kMaxDenseClasses = std::uint64_t{1} << 30;  // bitset up to 128 MiB
constexpr std::size_t kParallelGrain = 4096;
constexpr int kMaxN = 64;

using Tuple = std::uint16_t[kMaxN];

// Calls f(q, rank of q) for one representative move per pair of value classes (from, to) of
// the descending tuple a of total `total`: from loses `take`, to gains `give` (a move: k+1,
// k; an un-move: k, k+1). The rank of q reuses the terms of a outside the entries the move
// and the re-sort touch: before them the rest is shifted by give - take, after them equal.
struct AcceptAll {
  bool operator()(const std::uint16_t*, int, int, int, int) const { return true; }
};

template <class F, class Accept = AcceptAll>
inline bool for_each_shift(const std::uint16_t* a, int n, int take, int give, int total,
                           const PartitionRanking& ranking, F&& f, Accept accept = {}) {
  if (a[0] < take) return true;
  const int delta = give - take;
  std::uint64_t pre[kMaxN + 1], suf[kMaxN + 1];
  int crest[kMaxN + 1];
  {
    int rest = total;
    int rests[kMaxN + 1];
    for (int p = 0; p < n; ++p) {
      rests[p] = rest;
      rest -= a[p];
    }
    suf[n] = 0;
    for (int p = n - 1; p >= 0; --p) suf[p] = suf[p + 1] + ranking.f(n - p, rests[p], a[p]);
    pre[0] = 0;
    for (int p = 0; p < n; ++p) {
      crest[p] = rests[p] + delta;
      if (crest[p] < 0) break;  // beyond every entry a move can touch
      pre[p + 1] = pre[p] + ranking.f(n - p, crest[p], a[p]);
    }
  }
  std::uint16_t q[kMaxN];
  for (int i = 0; i < n; ++i) {
    if (a[i] < take) break;
    if (i > 0 && a[i] == a[i - 1]) continue;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      int prev = j - 1 == i ? j - 2 : j - 1;
      if (prev >= 0 && a[prev] == a[j]) continue;
      if (!accept(a, n, i, j, delta)) continue;
      std::copy(a, a + n, q);
      q[i] = static_cast<std::uint16_t>(q[i] - take);
      q[j] = static_cast<std::uint16_t>(q[j] + give);
      // Re-sort (only the two changed entries are out of place), noting the span touched.
      int lo = std::min(i, j), hi = std::max(i, j);
      int up = j, x = i;
      while (x + 1 < n && q[x + 1] > q[x]) {
        std::swap(q[x], q[x + 1]);
        if (x + 1 == up) up = x;
        ++x;
      }
      hi = std::max(hi, x);
      for (int y = up; y > 0 && q[y - 1] < q[y]; --y) {
        std::swap(q[y - 1], q[y]);
        lo = std::min(lo, y - 1);
      }
      std::uint64_t r = pre[lo] + suf[hi + 1];
      int rest = crest[lo];
      for (int p = lo; p <= hi; ++p) {
        r += ranking.f(n - p, rest, q[p]);
        rest -= q[p];
      }
      if (!f(static_cast<const std::uint16_t*>(q), r)) return false;
    }
  }
  return true;
}

Weight checked_mul(Weight a, Weight b) {
  Weight r;
  if (__builtin_mul_overflow(a, b, &r)) throw CapReached("position counts exceed 128 bits");
  return r;
}

}  // namespace

// ---- ranking -----------------------------------------------------------------------------

bool PartitionRanking::fits(int n, int max_total) {
  if (n < 1 || n > kMaxN || max_total < 0) return false;
  const std::size_t entries =
      static_cast<std::size_t>(n + 1) * static_cast<std::size_t>(max_total + 1) * static_cast<std::size_t>(max_total + 2);
  return entries <= kMaxTableEntries;
}

PartitionRanking::PartitionRanking(int n, int max_total) : n_(n), max_total_(max_total) {
  if (!fits(n, max_total)) throw CapReached("partition ranking table too large");
  const int T = max_total;
  stride_ = static_cast<std::size_t>(T) + 2;
  table_.assign(static_cast<std::size_t>(n + 1) * (T + 1) * stride_, 0);
  auto at = [&](int len, int rest, int below) -> std::uint64_t& {
    return table_[(static_cast<std::size_t>(len) * (T + 1) + rest) * stride_ + below];
  };
  for (int b = 1; b <= T + 1; ++b) at(0, 0, b) = 1;
  for (int len = 1; len <= n; ++len) {
    for (int rest = 0; rest <= T; ++rest) {
      for (int b = 1; b <= T + 1; ++b) {
        const int c = b - 1;  // tuples whose first entry is exactly c
        std::uint64_t v = at(len, rest, b - 1);
        if (c <= rest) {
          if (__builtin_add_overflow(v, at(len - 1, rest - c, c + 1), &v)) {
            throw CapReached("partition counts exceed 64 bits");
          }
        }
        at(len, rest, b) = v;
      }
    }
  }
}

std::shared_ptr<const PartitionRanking> PartitionRanking::shared(int n, int max_total) {
  static std::mutex mutex;
  static std::vector<std::shared_ptr<const PartitionRanking>> kept;  // most recent last
  constexpr std::size_t kKeptEntries = std::size_t{4} << 20;         // 32 MiB of counts in all
  {
    std::lock_guard lock(mutex);
    for (std::size_t i = 0; i < kept.size(); ++i) {
      if (kept[i]->n() == n && kept[i]->max_total() == max_total) {
        auto found = kept[i];
        kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(i));
        kept.push_back(found);
        return found;
      }
    }
  }
  auto made = std::make_shared<const PartitionRanking>(n, max_total);
  std::lock_guard lock(mutex);
  kept.push_back(made);
  std::size_t entries = 0;
  for (const auto& r : kept) entries += r->table_.size();
  while (entries > kKeptEntries && kept.size() > 1) {
    entries -= kept.front()->table_.size();
    kept.erase(kept.begin());
  }
  return made;
}

void PartitionRanking::unrank(int total, std::uint64_t r, std::uint16_t* a) const {
  int rest = total, prev = total;
  for (int i = 0; i < n_; ++i) {
    const int len = n_ - i;
    if (rest == 0) {
      a[i] = 0;
      continue;
    }
    int lo = (rest + len - 1) / len, hi = std::min(prev, rest);
    // The largest value v in [lo, hi] with f(len, rest, v) <= r.
    while (lo < hi) {
      int mid = (lo + hi + 1) / 2;
      if (f(len, rest, mid) <= r) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    a[i] = static_cast<std::uint16_t>(lo);
    r -= f(len, rest, lo);
    rest -= lo;
    prev = lo;
  }
}

// ---- search ------------------------------------------------------------------------------

namespace {

// The tuple a with entry i less `take` and entry j plus `give`, re-sorted into q: a merge of
// the other entries (already descending, copied in three spans) with the two new values.
inline void shifted(const std::uint16_t* a, int n, int i, int j, int take, int give, std::uint16_t* q) {
  const int vi = a[i] - take, vj = a[j] + give;
  int big = std::max(vi, vj), small = std::min(vi, vj);  // -1 once placed
  const int lo = std::min(i, j), hi = std::max(i, j);
  int w = 0;
  auto span = [&](int from, int to) {
    for (int p = from; p < to; ++p) {
      const int x = a[p];
      while (big >= x) {  // a new value goes before the entries it is not below
        q[w++] = static_cast<std::uint16_t>(big);
        big = small;
        small = -1;
      }
      q[w++] = static_cast<std::uint16_t>(x);
    }
  };
  span(0, lo);
  span(lo + 1, hi);
  span(hi + 1, n);
  if (big >= 0) q[w++] = static_cast<std::uint16_t>(big);
  if (small >= 0) q[w] = static_cast<std::uint16_t>(small);
}

// Tuples as 16 bytes (CompleteLayer::packed; n <= 16, counts < 255), with SSE2: a move's
// result is made by dropping two bytes and putting the two new values in place, and two
// tuples are compared in one instruction.
struct ByteMasks {
  alignas(16) std::uint8_t low[17][16];   // low[p]: bytes 0..p-1 set
  alignas(16) std::uint8_t every[256][16];  // every[v]: every byte v (SSE2 has no one-instruction broadcast)
};
constexpr ByteMasks make_byte_masks() {
  ByteMasks m{};
  for (int p = 0; p <= 16; ++p)
    for (int b = 0; b < 16; ++b) m.low[p][b] = b < p ? 0xFF : 0;
  for (int v = 0; v < 256; ++v)
    for (int b = 0; b < 16; ++b) m.every[v][b] = static_cast<std::uint8_t>(v);
  return m;
}
constexpr ByteMasks kByteMasks = make_byte_masks();

inline __m128i low_bytes(int p) { return _mm_load_si128(reinterpret_cast<const __m128i*>(kByteMasks.low[p])); }
inline __m128i every_byte(int v) { return _mm_load_si128(reinterpret_cast<const __m128i*>(kByteMasks.every[v])); }
// x without its byte p (the later bytes move down one place, a zero comes in at the top).
inline __m128i drop_byte(__m128i x, int p) {
  const __m128i m = low_bytes(p);
  return _mm_or_si128(_mm_and_si128(x, m), _mm_andnot_si128(m, _mm_srli_si128(x, 1)));
}
// x (descending entries, then zeros; at most 15 entries) with v put in its place, which is
// stored in *at when asked for (the entries of x from there on move up one place).
inline __m128i put_byte(__m128i x, int v, int* at = nullptr) {
  const __m128i above = _mm_cmpeq_epi8(_mm_max_epu8(x, every_byte(v + 1)), x);  // x[b] > v
  const int p = __builtin_ctz(~static_cast<unsigned>(_mm_movemask_epi8(above)));
  if (at != nullptr) *at = p;
  const __m128i m = low_bytes(p), m1 = low_bytes(p + 1);
  return _mm_or_si128(_mm_or_si128(_mm_and_si128(x, m), _mm_andnot_si128(m1, _mm_slli_si128(x, 1))),
                      _mm_and_si128(_mm_andnot_si128(m, m1), every_byte(v)));
}
// The tuple x with entries i != j replaced by vi and vj, re-sorted.
inline __m128i moved(__m128i x, int i, int j, int vi, int vj) {
  x = drop_byte(x, std::max(i, j));
  x = drop_byte(x, std::min(i, j));
  return put_byte(put_byte(x, vi), vj);
}
inline bool same(__m128i a, __m128i b) { return _mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) == 0xFFFF; }
inline __m128i load(const CompleteLayer::Packed& p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(&p)); }
// Bit p (0 < p < n) set when entry p of the packed tuple x equals entry p - 1.
inline unsigned equal_mask(__m128i x, int n) {
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_slli_si128(x, 1)))) & ((1u << n) - 2);
}
// The 16 entries of a packed tuple as counts (zeros past n): out holds 16.
inline void widen(__m128i q, std::uint16_t* out) {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi8(q, _mm_setzero_si128()));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 8), _mm_unpackhi_epi8(q, _mm_setzero_si128()));
}
inline __m128i pack_tuple(const std::uint16_t* a, int n) {
  alignas(16) std::uint8_t b[16] = {};
  for (int p = 0; p < n; ++p) b[p] = static_cast<std::uint8_t>(a[p]);
  return _mm_load_si128(reinterpret_cast<const __m128i*>(b));
}

// f(i, j, hash of the result) for one representative move per pair of value classes (from,
// to) of the descending tuple a (hash h): from loses `take`, to gains `give`; stops when f
// returns false (then the result is false).
template <class F>
inline bool for_each_hashed_shift(const std::uint16_t* a, std::uint64_t h, int n, int take, int give,
                                  const std::uint64_t* word, F&& f) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < take) break;
    if (i > 0 && a[i] == a[i - 1]) continue;
    const std::uint64_t hi = h - word[a[i]] + word[a[i] - take];
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      const int prev = j - 1 == i ? j - 2 : j - 1;
      if (prev >= 0 && a[prev] == a[j]) continue;
      if (!f(i, j, hi - word[a[j]] + word[a[j] + give])) return false;
    }
  }
  return true;
}

// Hashes and tuples, appended together.
struct Found {
  std::vector<std::uint64_t> hashes;
  std::vector<std::uint16_t> tuples;
  void clear() {
    hashes.clear();
    tuples.clear();
  }
  std::size_t capacity_bytes() const { return hashes.capacity() * 8 + tuples.capacity() * 2; }
};

// A descending tuple as runs of equal entries: the value, first entry and length of each.
struct Runs {
  int d = 0;
  int value[kMaxN], first[kMaxN], count[kMaxN];
  void of(const std::uint16_t* a, int n) {
    d = 0;
    for (int p = 0; p < n; ++p) {
      if (p > 0 && a[p] == a[p - 1]) {
        ++count[d - 1];
      } else {
        value[d] = a[p];
        first[d] = p;
        count[d++] = 1;
      }
    }
  }
  // The same from equal_mask(a): one step per run (a: the counts, or the packed bytes).
  template <class T>
  void of(const T* a, int n, unsigned equal) {  // n >= 1: entry 0 starts a run
    unsigned starts = ~equal & ((1u << n) - 2);
    value[0] = a[0];
    first[0] = 0;
    d = 1;
    while (starts != 0) {  // the run lengths in the same loop: one loop exit to predict, not two
      const int p = std::countr_zero(starts);
      starts &= starts - 1;
      count[d - 1] = p - first[d - 1];
      value[d] = a[p];
      first[d++] = p;
    }
    count[d - 1] = n - first[d - 1];
  }
  void add(int v, int c) {  // a run at the end (joined to the last one when equal)
    if (d > 0 && value[d - 1] == v) {
      count[d - 1] += c;
    } else {
      value[d] = v;
      count[d++] = c;
    }
  }
};

}  // namespace

// The classes of one side (a CompleteLayer's tuples) by hash: open addressing, the slot of a
// hash h found from its top bits, a slot holding a 16-bit tag of h (never 0: 0 marks an empty
// slot) and, apart, the class's place in the side. A lookup compares tuples, so classes with
// equal hashes are told apart; maybe() answers from tags alone (a small array), so its "no"
// is exact and its "yes" still needs contains().
class CompleteGraphSearch::Index {
 public:
  Index() { reset(0); }
  // Empties the index, with room for `expected` classes (at most half the slots in use).
  void reset(std::size_t expected) {
    int bits = 4;
    while ((std::size_t{1} << bits) < 2 * expected) ++bits;
    bits_ = bits;
    const std::size_t slots = std::size_t{1} << bits;
    if (tags_.size() < slots) {
      tags_.resize(slots);
      at_.resize(slots);
    }
    std::fill_n(tags_.begin(), slots, 0);
    count_ = 0;
  }
  // Indexes every class of a side.
  void build(const CompleteLayer& side) {
    reset(side.size());
    for (std::size_t x = 0; x < side.size(); ++x) place(side.hashes[x], x);
    count_ = side.size();
  }
  std::size_t capacity_bytes() const { return tags_.capacity() * 2 + at_.capacity() * 4 + filter_.capacity() * 8; }
  std::uint64_t bytes() const { return (std::uint64_t{1} << bits_) * 6 + filter_.size() * 8; }
  // A filter of the side's hashes (two bits of one word per class, at least 16 bits per
  // class): maybe(h) false means no class of the side has hash h. Built by filter(side).
  void filter(const CompleteLayer& side) {
    int bits = 1;
    while ((std::size_t{64} << bits) < 16 * side.size()) ++bits;
    filter_bits_ = bits;
    filter_.assign(std::size_t{1} << bits, 0);
    for (std::uint64_t h : side.hashes) filter_[h >> (64 - bits)] |= filter_word(h);
  }
  // Hints: the filter word of h, and the index slot where a lookup of h starts.
  void prefetch_filter(std::uint64_t h) const { __builtin_prefetch(&filter_[h >> (64 - filter_bits_)]); }
  void prefetch_slot(std::uint64_t h) const {
    const std::size_t s = h >> (64 - bits_);
    __builtin_prefetch(&tags_[s]);
    __builtin_prefetch(&at_[s]);
  }
  bool maybe(std::uint64_t h) const {
    const std::uint64_t want = filter_word(h);
    return (filter_[h >> (64 - filter_bits_)] & want) == want;
  }
  bool contains(std::uint64_t h, const std::uint16_t* q, const CompleteLayer& side) const {
    const std::uint16_t tag = tag_of(h);
    const std::size_t bytes = static_cast<std::size_t>(side.n) * 2;
    for (std::size_t s = h >> (64 - bits_); tags_[s] != 0; s = (s + 1) & mask())
      if (tags_[s] == tag && std::memcmp(&side.tuples[std::size_t{at_[s]} * side.n], q, bytes) == 0) return true;
    return false;
  }
  // The same for a side whose tuples are packed (CompleteLayer::packed).
  bool contains(std::uint64_t h, __m128i q, const CompleteLayer& side) const {
    const std::uint16_t tag = tag_of(h);
    for (std::size_t s = h >> (64 - bits_); tags_[s] != 0; s = (s + 1) & mask())
      if (tags_[s] == tag && same(load(side.packed[at_[s]]), q)) return true;
    return false;
  }
  // Adds q (hash h) to the side unless the side holds it; true if added.
  bool insert(std::uint64_t h, const std::uint16_t* q, CompleteLayer& side) {
    const std::size_t bytes = static_cast<std::size_t>(side.n) * 2;
    const std::size_t s = free_slot(h, side, [&](std::uint32_t at) {
      return std::memcmp(&side.tuples[std::size_t{at} * side.n], q, bytes) == 0;
    });
    if (s == kFound) return false;
    side.tuples.insert(side.tuples.end(), q, q + side.n);
    return true;
  }
  // The same for a packed side: q is appended to its packed tuples only (its tuples are made
  // from them when the side is complete: CompleteGraphSearch::unpack).
  bool insert(std::uint64_t h, __m128i q, CompleteLayer& side) {
    const std::size_t s = free_slot(h, side, [&](std::uint32_t at) { return same(load(side.packed[at]), q); });
    if (s == kFound) return false;
    side.packed.emplace_back();
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&side.packed.back()), q);
    return true;
  }

 private:
  static constexpr std::size_t kFound = ~std::size_t{0};
  // The slot a class of hash h goes to, now filled with it (its hash appended to the side), or
  // kFound when equal(place in the side) says a class with h's tag is the same class.
  template <class Equal>
  std::size_t free_slot(std::uint64_t h, CompleteLayer& side, Equal&& equal) {
    if (2 * (count_ + 1) > (std::size_t{1} << bits_)) {
      reset(2 * (count_ + 1));
      for (std::size_t x = 0; x < side.hashes.size(); ++x) place(side.hashes[x], x);
      count_ = side.hashes.size();
    }
    const std::uint16_t tag = tag_of(h);
    std::size_t s = h >> (64 - bits_);
    for (; tags_[s] != 0; s = (s + 1) & mask())
      if (tags_[s] == tag && equal(at_[s])) return kFound;
    if (count_ >= std::numeric_limits<std::uint32_t>::max()) throw CapReached("a layer of over 2^32 classes");
    tags_[s] = tag;
    at_[s] = static_cast<std::uint32_t>(count_++);
    side.hashes.push_back(h);
    return s;
  }
  static std::uint16_t tag_of(std::uint64_t h) { return static_cast<std::uint16_t>(h | 1); }
  static std::uint64_t filter_word(std::uint64_t h) { return (std::uint64_t{1} << (h & 63)) | (std::uint64_t{1} << ((h >> 6) & 63)); }
  std::size_t mask() const { return (std::size_t{1} << bits_) - 1; }
  void place(std::uint64_t h, std::size_t x) {
    std::size_t s = h >> (64 - bits_);
    while (tags_[s] != 0) s = (s + 1) & mask();
    tags_[s] = tag_of(h);
    at_[s] = static_cast<std::uint32_t>(x);
  }
  int bits_ = 4;
  std::size_t count_ = 0;
  std::vector<std::uint16_t> tags_;
  std::vector<std::uint32_t> at_;
  int filter_bits_ = 1;
  std::vector<std::uint64_t> filter_ = std::vector<std::uint64_t>(2, 0);
};

// Buffers kept across layers, so that large vectors are not allocated (and faulted in) anew.
struct CompleteGraphSearch::Scratch {
  CompleteLayer next, other;
  tbb::enumerable_thread_specific<Found> local;
  std::size_t capacity_bytes() const {
    std::size_t b = 0;
    for (const CompleteLayer* l : {&next, &other})
      b += l->hashes.capacity() * 8 + l->tuples.capacity() * 2 + l->packed.capacity() * sizeof(CompleteLayer::Packed);
    for (const Found& f : local) b += f.capacity_bytes();
    return b;
  }
};

std::vector<std::uint64_t> CompleteLayer::sorted_ranks() const {
  std::vector<std::uint64_t> out;
  if (ranking != nullptr && packed_only) {
    out.reserve(size());
    std::uint16_t a[16];
    for (std::size_t x = 0; x < size(); ++x) {
      widen(load(packed[x]), a);
      out.push_back(ranking->rank(a, total));
    }
  } else if (ranking != nullptr) {
    out.reserve(size());
    for (std::size_t x = 0; x < size(); ++x) out.push_back(ranking->rank(&tuples[x * n], total));
  } else {
    out = ranks;
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool CompleteGraphSearch::usable(const Pebbling& rules, int max_total) {
  return rules.complete() && rules.order() <= kMaxN && PartitionRanking::fits(rules.order(), max_total);
}

// Buffers of a finished search on this thread, taken by the next one: the cells of a table
// then reuse memory already faulted in instead of mapping it anew.
struct CompleteGraphSearch::Spare {
  std::unique_ptr<Index> out, prev;
  std::unique_ptr<Scratch> scratch;
};

CompleteGraphSearch::Spare& CompleteGraphSearch::spare() {
  static thread_local Spare s;
  return s;
}

CompleteGraphSearch::CompleteGraphSearch(const Pebbling& rules, int max_total, solve::SearchLimits limits)
    : rules_(rules),
      // The check comes first: ranking_ binds to the shared table, which exists only for K_n.
      shared_ranking_(rules.complete() ? PartitionRanking::shared(rules.order(), max_total)
                                       : throw InputError("CompleteGraphSearch needs a complete graph")),
      ranking_(*shared_ranking_),
      limits_(limits) {
  // The word of each count a class of total <= max_total can hold (splitmix64: fixed, so runs agree).
  word_.resize(static_cast<std::size_t>(max_total) + 2);
  for (std::size_t v = 0; v < word_.size(); ++v) {
    std::uint64_t x = v * 0x632be59bd9b4e019ull + 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    word_[v] = x ^ (x >> 31);
  }
  packable_ = rules.order() <= 16;  // packed_ is then set per total by advance()
  const int k = rules.k();
  const std::size_t values = word_.size();
  for (auto* table : {&move_from_, &move_to_, &unmove_from_, &unmove_to_}) table->assign(values, 0);
  for (std::size_t v = 0; v < values; ++v) {
    if (v >= static_cast<std::size_t>(k) + 1) move_from_[v] = word_[v - k - 1] - word_[v];
    if (v + k < values) move_to_[v] = word_[v + k] - word_[v];
    if (v >= static_cast<std::size_t>(k)) unmove_from_[v] = word_[v - k] - word_[v];
    if (v + k + 1 < values) unmove_to_[v] = word_[v + k + 1] - word_[v];
  }
  Spare& s = spare();
  out_index_ = s.out ? std::move(s.out) : std::make_unique<Index>();
  prev_index_ = s.prev ? std::move(s.prev) : std::make_unique<Index>();
  scratch_ = s.scratch ? std::move(s.scratch) : std::make_unique<Scratch>();
  restore(0, Side::P, {0});  // total 0: the empty position, P
}

CompleteGraphSearch::~CompleteGraphSearch() {
  // Keep moderate buffers for the next search on this thread (never a large search's memory).
  constexpr std::size_t kKeptBytes = std::size_t{16} << 20;
  if (out_index_->capacity_bytes() + prev_index_->capacity_bytes() + scratch_->capacity_bytes() > kKeptBytes) return;
  Spare& s = spare();
  s.out = std::move(out_index_);
  s.prev = std::move(prev_index_);
  s.scratch = std::move(scratch_);
}

void CompleteGraphSearch::unpack(CompleteLayer& layer) const {
  layer.packed_only = false;
  const std::size_t n = static_cast<std::size_t>(layer.n), count = layer.packed.size(), size = count * n;
  layer.tuples.resize(size);
  std::uint16_t* out = layer.tuples.data();
  const __m128i zero = _mm_setzero_si128();
  for (std::size_t x = 0; x < count; ++x) {
    const __m128i q = load(layer.packed[x]);
    alignas(16) std::uint16_t u[16];
    // 16 entries at once while they fit (the ones past n are written over by the next tuple).
    std::uint16_t* to = x * n + 16 <= size ? out + x * n : u;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to), _mm_unpacklo_epi8(q, zero));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(to + 8), _mm_unpackhi_epi8(q, zero));
    if (to == u) std::copy_n(u, n, out + x * n);
  }
}

void CompleteGraphSearch::pack(CompleteLayer& layer) const {
  layer.packed.resize(layer.size());
  for (std::size_t x = 0; x < layer.size(); ++x)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&layer.packed[x]), pack_tuple(&layer.tuples[x * layer.n], layer.n));
}

std::uint64_t CompleteGraphSearch::hash(const std::uint16_t* a) const {
  std::uint64_t h = 0;
  for (int p = 0; p < ranking_.n(); ++p) h += word_[a[p]];
  return h;
}

namespace {

// Labelled positions in the classes of a layer (n counts per class): n! / prod(multiplicity!)
// per class (a product of binomials past n = 20, where n! no longer fits 64 bits).
Weight tuples_weight(const CompleteLayer& layer, int n) {
  static thread_local std::vector<std::vector<Weight>> binom;
  if (binom.size() < static_cast<std::size_t>(n) + 1) {
    binom.assign(static_cast<std::size_t>(n) + 1, std::vector<Weight>(static_cast<std::size_t>(n) + 1, 0));
    for (int a = 0; a <= n; ++a) {
      binom[a][0] = 1;
      for (int b = 1; b <= a; ++b) binom[a][b] = binom[a - 1][b - 1] + (b <= a - 1 ? binom[a - 1][b] : 0);
    }
  }
  Weight w = 0;
  const std::size_t classes = layer.size();
  if (n <= 20) {  // n! / prod(multiplicity!) in 64 bits: n! < 2^64
    std::uint64_t factorial = 1;
    for (int i = 2; i <= n; ++i) factorial *= static_cast<std::uint64_t>(i);
    for (std::size_t x = 0; x < classes; ++x) {
      const std::uint16_t* a = &layer.tuples[x * n];
      std::uint64_t d = 1, run = 1;
      for (int i = 1; i < n; ++i) {
        run = a[i] == a[i - 1] ? run + 1 : 1;
        d *= run;
      }
      if (__builtin_add_overflow(w, Weight{factorial / d}, &w)) throw CapReached("position counts exceed 128 bits");
    }
    return w;
  }
  for (std::size_t x = 0; x < classes; ++x) {
    const std::uint16_t* a = &layer.tuples[x * n];
    Weight s = 1;
    int remaining = n;
    for (int i = 0; i < n;) {
      int j = i;
      while (j < n && a[j] == a[i]) ++j;
      if (j - i != remaining) s = checked_mul(s, binom[remaining][j - i]);
      remaining -= j - i;
      i = j;
    }
    if (__builtin_add_overflow(w, s, &w)) throw CapReached("position counts exceed 128 bits");
  }
  return w;
}

// n! / prod(multiplicity!) of a tuple of n <= 16 entries by its equal_mask (bit p: entry p
// equals entry p - 1), one table per n made on first use.
const std::vector<std::uint64_t>& weight_by_mask(int n) {
  static std::mutex mutex;
  static std::vector<std::uint64_t> tables[17];
  std::lock_guard lock(mutex);
  std::vector<std::uint64_t>& table = tables[n];
  if (table.empty()) {
    std::uint64_t factorial = 1;
    for (int i = 2; i <= n; ++i) factorial *= static_cast<std::uint64_t>(i);
    table.resize(std::size_t{1} << n);
    for (unsigned mask = 0; mask < (1u << n); mask += 2) {
      std::uint64_t d = 1, run = 1;
      for (int p = 1; p < n; ++p) {
        run = (mask >> p) & 1 ? run + 1 : 1;
        d *= run;
      }
      table[mask] = factorial / d;
    }
  }
  return table;
}

}  // namespace

Weight CompleteGraphSearch::weight(const CompleteLayer& layer) const {
  const int n = ranking_.n();
  if (!layer.packed_only && (!packed_ || layer.packed.size() != layer.size())) return tuples_weight(layer, n);
  const std::uint64_t* table = weight_by_mask(n).data();
  Weight w = 0;
  for (const CompleteLayer::Packed& p : layer.packed)
    if (__builtin_add_overflow(w, Weight{table[equal_mask(load(p), n)]}, &w)) throw CapReached("position counts exceed 128 bits");
  return w;
}

void CompleteGraphSearch::restore(int total, Side stored, const std::vector<std::uint64_t>& ranks) {
  if (total < 0 || total > ranking_.max_total()) throw InputError("saved layer beyond the search's bound");
  const int n = ranking_.n();
  CompleteLayer l;
  l.total = total;
  l.n = n;
  l.ranking = &ranking_;
  l.stored = stored;
  l.packed_only = false;
  l.classes = ranking_.count(total);
  l.tuples.resize(ranks.size() * n);
  l.hashes.resize(ranks.size());
  for (std::size_t x = 0; x < ranks.size(); ++x) {
    if (ranks[x] >= l.classes) throw InputError("saved layer holds a rank out of range");
    ranking_.unrank(total, ranks[x], &l.tuples[x * n]);
    l.hashes[x] = hash(&l.tuples[x * n]);
  }
  l.all = rules_.layer_size(total);
  Weight w = weight(l);
  l.p_weight = stored == Side::P ? w : l.all - w;
  layer_ = std::move(l);
  prev_indexed_ = false;
}

const CompleteLayer& CompleteGraphSearch::advance() {
  const int t = layer_.total + 1;
  if (t > ranking_.max_total()) throw CapReached("the search went past its ranking bound");
  const int n = ranking_.n(), k = rules_.k();
  Scratch& sc = *scratch_;
  CompleteLayer& next = sc.next;
  next.total = t;
  next.n = n;
  next.ranking = &ranking_;
  next.classes = ranking_.count(t);
  next.all = rules_.layer_size(t);
  next.tuples.clear();
  next.hashes.clear();
  next.packed.clear();
  next.packed_only = false;
  // Packed while the counts fit a byte: a count of total t is at most t, so both layers (t-1
  // and t) fit when t < 255, whatever the search's bound (a sweep's bound of 300 used to turn
  // packing off for every total, though the sides past m, where totals pass 254, are empty).
  // Past 254 the u16 tuples serve, which every side keeps (unpack below), with the same hashes
  // and index: the search goes on where it stands.
  packed_ = packable_ && t < 255;
  if (packed_ && layer_.packed.size() != layer_.size()) pack(layer_);
  if (!packed_ && layer_.packed_only) unpack(layer_);
  // A stored class's counts: packed, widened from its bytes into `wide` (16 entries); else
  // from the stored tuples.
  auto counts = [&](std::size_t x, std::uint16_t* wide) -> const std::uint16_t* {
    if (!packed_) return layer_.tuples.data() + x * n;
    widen(load(layer_.packed[x]), wide);
    return wide;
  };
  Index& out = *out_index_;
  const std::size_t from = layer_.size();
  out.reset(from);
  const std::uint64_t* from_hashes = layer_.hashes.data();
  const std::uint64_t* word = word_.data();
  std::uint64_t generated = 0;

  if (layer_.stored == Side::P) {
    // N(t): the distinct predecessors of P(t-1) (an un-move: one entry loses k, another gains k+1).
    std::uint16_t q[kMaxN];
    Runs r;
    const std::uint64_t* from_value = unmove_from_.data();
    const std::uint64_t* to_value = unmove_to_.data();
    // A parent has at most one un-move per pair of its runs (n <= 16 when packed).
    std::uint64_t unmove_hash[16 * 16];
    __m128i unmove_bytes[16 * 16];
    std::uint16_t wide[16];
    for (std::size_t x = 0; x < from; ++x) {
      const std::uint16_t* a = counts(x, wide);
      if (packed_) {
        r.of(a, n, equal_mask(load(layer_.packed[x]), n));
      } else {
        r.of(a, n);
      }
      // One un-move per pair of runs (from, to), both runs when a run has two entries.
      // Packed: a parent's un-moves are made first, the index slots they go to prefetched, then
      // inserted in the same order (the misses overlap; the side is the same, in the same order).
      int made = 0;
      for (int ri = 0; ri < r.d && r.value[ri] >= k; ++ri) {
        const std::uint64_t hi = from_hashes[x] + from_value[r.value[ri]];
        const int i = r.first[ri];
        // Packed: the parent with entry i lowered, shared by the un-moves of this run; entry
        // j != i of the parent is then at j - (j > i), one place further from `at` on.
        int at = 0;
        const __m128i lowered = packed_ ? put_byte(drop_byte(load(layer_.packed[x]), i), a[i] - k, &at) : __m128i{};
        for (int rj = 0; rj < r.d; ++rj) {
          int j = r.first[rj];
          if (rj == ri) {
            if (r.count[ri] < 2) continue;
            ++j;
          }
          ++generated;
          if (packed_) {
            int jl = j - (j > i);
            jl += jl >= at;
            unmove_hash[made] = hi + to_value[r.value[rj]];
            out.prefetch_slot(unmove_hash[made]);
            unmove_bytes[made++] = put_byte(drop_byte(lowered, jl), a[j] + k + 1);
          } else {
            shifted(a, n, i, j, k, k + 1, q);
            out.insert(hi + to_value[r.value[rj]], q, next);
          }
        }
      }
      for (int y = 0; y < made; ++y) out.insert(unmove_hash[y], unmove_bytes[y], next);
    }
    next.stored = Side::N;
  } else {
    // P(t): terminals, and the candidates (predecessors of N(t-1) by a canonical un-move) whose
    // every option lies in N(t-1).
    if (t <= static_cast<long>(n) * k) {
      std::uint16_t a[kMaxN] = {};
      auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
        if (i == n) {
          if (rest == 0) {
            if (packed_) {
              out.insert(hash(a), pack_tuple(a, n), next);
            } else {
              out.insert(hash(a), a, next);
            }
          }
          return;
        }
        int lo = (rest + (n - i) - 1) / (n - i);
        for (int v = std::min(bound, rest); v >= lo; --v) {
          a[i] = static_cast<std::uint16_t>(v);
          self(self, i + 1, v, rest - v);
        }
        a[i] = 0;
      };
      fill(fill, 0, k, t);
    }
    Index& prev = *prev_index_;
    if (!prev_indexed_) prev.build(layer_);
    prev_indexed_ = true;
    prev.filter(layer_);
    // The candidates of parents [lo, hi) that are P: accept(tuple, hash) for each.
    //
    // The tests are lookups in the stored side's filter and index, most of them cache misses
    // on a large side; they are made in batches so that the misses overlap: the canonical
    // un-moves of a few parents are listed first (the quick test's filter word prefetched for
    // each), then decided in the same order; a candidate that passes the quick test has the
    // filter words of all its options prefetched before they are tested, and one that passes
    // the filter the index slots of all its options before they are looked up. Only the order
    // of memory accesses changes: the candidates, the tests and the accepted classes (and the
    // order they are inserted in) are the ones of the plain loop.
    struct Pending {
      std::size_t x;         // the parent
      int i, j, ri, rj;      // entry i (run ri) loses k, entry j (run rj) gains k+1
      std::uint64_t hc;      // the candidate's hash
      std::uint64_t quick;   // the quick test's option hash (when has_quick)
      bool has_quick;
    };
    constexpr int kBatch = 32;
    auto decide = [&](std::size_t lo, std::size_t hi, auto&& accept) {
      std::uint64_t count = 0;
      std::uint16_t c[kMaxN], o[kMaxN];
      Runs ra, rc;
      const std::uint64_t* move_from = move_from_.data();
      const std::uint64_t* move_to = move_to_.data();
      // A parent lists at most one candidate per pair of its runs, a candidate has at most one
      // option per pair of its runs.
      std::vector<Pending> pending(static_cast<std::size_t>(kBatch + n * n));
      std::vector<std::uint64_t> option_hash(static_cast<std::size_t>(n * n));
      int pending_count = 0;
      // Decides the listed candidates, in order.
      auto settle = [&] {
        for (int b = 0; b < pending_count; ++b) {
          const Pending& e = pending[b];
          if (e.has_quick && !prev.maybe(e.quick)) continue;
          std::uint16_t wide[16];
          const std::uint16_t* a = counts(e.x, wide);
          const int i = e.i, j = e.j;
          const int lowered = a[i] - k, raised = a[j] + k + 1;
          const std::uint64_t hc = e.hc;
          // The candidate's runs: packed, from its bytes and their equal-neighbour mask (the
          // candidate is the parent with entries i and j moved); else the raised entry, the
          // parent's others, the lowered entry.
          __m128i cp = _mm_setzero_si128();
          if (packed_) {
            cp = moved(load(layer_.packed[e.x]), i, j, lowered, raised);
            alignas(16) std::uint8_t bytes[16];
            _mm_store_si128(reinterpret_cast<__m128i*>(bytes), cp);
            rc.of(bytes, n, equal_mask(cp, n));
          } else {
            ra.of(a, n);
            rc.d = 0;
            rc.add(a[j] + k + 1, 1);
            for (int y = 0; y < ra.d; ++y) {
              const int left = ra.count[y] - (y == e.ri) - (y == e.rj);
              if (left > 0) rc.add(ra.value[y], left);
            }
            rc.add(a[i] - k, 1);
          }
          // Every option in N(t-1), first by hash (a miss is exact): one per pair of runs
          // (from, to); from the top run to the bottom one is the parent, in N(t-1). The
          // options' hashes are listed (and their filter words prefetched) first.
          int options = 0;
          for (int r1 = 0; r1 < rc.d && rc.value[r1] >= k + 1; ++r1) {
            const std::uint64_t h1 = hc + move_from[rc.value[r1]];
            for (int r2 = 0; r2 < rc.d; ++r2) {
              if ((r2 == r1 && rc.count[r1] < 2) || (r1 == 0 && r2 == rc.d - 1)) continue;
              option_hash[options] = h1 + move_to[rc.value[r2]];
              prev.prefetch_filter(option_hash[options++]);
            }
          }
          bool maybe_p = true;
          for (int y = 0; y < options; ++y) {
            if (!prev.maybe(option_hash[y])) {
              maybe_p = false;
              break;
            }
          }
          if (!maybe_p) continue;
          for (int y = 0; y < options; ++y) prev.prefetch_slot(option_hash[y]);
          // Then tuple by tuple. Packed: the same run pairs (in the same order as the hashes),
          // each option's bytes from the candidate's (its runs have their first entries).
          if (packed_) {
            bool all_n = true;
            int y = 0;
            for (int r1 = 0; all_n && r1 < rc.d && rc.value[r1] >= k + 1; ++r1) {
              for (int r2 = 0; r2 < rc.d; ++r2) {
                if ((r2 == r1 && rc.count[r1] < 2) || (r1 == 0 && r2 == rc.d - 1)) continue;
                const int j2 = rc.first[r2] + (r2 == r1);
                if (!prev.contains(option_hash[y++], moved(cp, rc.first[r1], j2, rc.value[r1] - k - 1, rc.value[r2] + k),
                                   layer_)) {
                  all_n = false;
                  break;
                }
              }
            }
            if (!all_n) continue;
          }
          // The candidate as a tuple: packed, its bytes widened (16 entries, zeros past n);
          // else the raised entry first, the parent's others, the lowered one last.
          if (packed_) {
            _mm_storeu_si128(reinterpret_cast<__m128i*>(c), _mm_unpacklo_epi8(cp, _mm_setzero_si128()));
            _mm_storeu_si128(reinterpret_cast<__m128i*>(c + 8), _mm_unpackhi_epi8(cp, _mm_setzero_si128()));
          } else {
            int w = 0;
            c[w++] = static_cast<std::uint16_t>(a[j] + k + 1);
            for (int p = 0; p < n; ++p)
              if (p != i && p != j) c[w++] = a[p];
            c[w] = static_cast<std::uint16_t>(a[i] - k);
            const std::uint16_t top = c[0], bottom = c[n - 1];
            if (!for_each_hashed_shift(c, hc, n, k + 1, k, word, [&](int i2, int j2, std::uint64_t h) {
                  if (c[i2] == top && c[j2] == bottom) return true;
                  shifted(c, n, i2, j2, k + 1, k, o);
                  return prev.contains(h, o, layer_);
                }))
              continue;
          }
          accept(static_cast<const std::uint16_t*>(c), hc, cp);
        }
        pending_count = 0;
      };
      std::uint16_t wide[16];
      for (std::size_t x = lo; x < hi; ++x) {
        const std::uint16_t* a = counts(x, wide);
        const std::uint64_t ha = from_hashes[x];
        // A canonical un-move raises an entry to a largest one and lowers one to a smallest
        // (n >= 3): the raised one ends at least a[2] (at least a[0] unless entry 0 is
        // lowered, which needs a[0] - k <= a[n-3]), the lowered one at most a[n-3] (at most
        // a[n-1] unless entry n-1 is raised, which needs a[n-1] + k + 1 >= a[1], or lowered).
        int most_i = std::numeric_limits<int>::max(), least_j = std::numeric_limits<int>::min();
        if (n >= 3) {
          most_i = a[n - 1] + k + 1 < a[1] ? a[n - 1] + k : a[n - 3] + k;
          least_j = a[0] - k > a[n - 3] ? a[0] - k - 1 : a[2] - k - 1;
        }
        if (packed_) {
          ra.of(a, n, equal_mask(load(layer_.packed[x]), n));
        } else {
          ra.of(a, n);
        }
        for (int ri = ra.d - 1; ri >= 0 && ra.value[ri] <= most_i; --ri) {
          if (ra.value[ri] < k) continue;
          for (int rj = 0; rj < ra.d && ra.value[rj] >= least_j; ++rj) {
            const int i = ra.first[ri];
            int j = ra.first[rj];
            if (rj == ri) {  // the same value: another entry of it, if any
              if (ra.count[ri] < 2) continue;
              ++j;
            }
            // The canonical option of a non-terminal class c: a largest entry gives k+1 pebbles
            // to a smallest one (one class whichever tied entries move). A non-terminal P-class
            // of total t has it in N(t-1), so the candidates for P(t) are the un-moves of N(t-1)
            // (entry i loses k, entry j gains k+1) whose raised entry ends largest and lowered
            // entry smallest (each found once per representative un-move).
            const int lowered = a[i] - k, raised = a[j] + k + 1;
            int first = 0, last = n - 1;  // the first and last entries of the others
            while (first == i || first == j) ++first;
            while (last == i || last == j) --last;
            if (first < n && (raised < a[first] || lowered > a[last])) continue;
            if (raised < lowered) continue;
            ++count;
            Pending& e = pending[pending_count++];
            e.x = x;
            e.i = i;
            e.j = j;
            e.ri = ri;
            e.rj = rj;
            e.hc = ha + unmove_from_[a[i]] + unmove_to_[a[j]];
            // A quick test first: the largest entry gives k to a middle one (the option that
            // most often leads out of N(t-1)).
            e.has_quick = false;
            if (n >= 3) {
              int mid = (2 * n) / 3;
              while (mid == i || mid == j) ++mid;
              if (mid < n) {
                e.has_quick = true;
                e.quick = e.hc + move_from[raised] + move_to[a[mid]];
                prev.prefetch_filter(e.quick);
              }
            }
          }
        }
        if (pending_count >= kBatch) settle();
      }
      settle();
      return count;
    };
    // One thread (tbb's limit or this arena's): the serial loop, which inserts each accepted
    // candidate's bytes at once instead of keeping its tuple aside and packing it again.
    const bool one_thread = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism) <= 1 ||
                            tbb::this_task_arena::max_concurrency() <= 1;
    if (from < kParallelGrain || one_thread) {
      generated = decide(0, from, [&](const std::uint16_t* c, std::uint64_t h, __m128i cp) {
        if (packed_) {
          out.insert(h, cp, next);
        } else {
          out.insert(h, c, next);
        }
      });
    } else {
      for (Found& mine : sc.local) mine.clear();
      std::atomic<std::uint64_t> count{0};
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from, kParallelGrain / 4),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          Found& mine = sc.local.local();
                          count += decide(r.begin(), r.end(), [&](const std::uint16_t* c, std::uint64_t h, __m128i) {
                            mine.hashes.push_back(h);
                            mine.tuples.insert(mine.tuples.end(), c, c + n);
                          });
                        });
      generated = count;
      for (const Found& mine : sc.local) {
        for (std::size_t x = 0; x < mine.hashes.size(); ++x) {
          if (packed_) {
            out.insert(mine.hashes[x], pack_tuple(&mine.tuples[x * n], n), next);
          } else {
            out.insert(mine.hashes[x], &mine.tuples[x * n], next);
          }
        }
      }
    }
    next.stored = Side::P;
  }
  next.packed_only = packed_;  // packed: the side's classes were appended as bytes alone
  generated_ += generated;
  const std::uint64_t bytes_per = 8 + (packed_ ? sizeof(CompleteLayer::Packed) : 2 * static_cast<std::uint64_t>(n));
  const std::uint64_t held = from + next.size();
  limits_.check(held, out.bytes() + (prev_indexed_ ? prev_index_->bytes() : 0) + bytes_per * held);
  const bool indexed = finish(next);
  std::swap(layer_, next);  // the old layer's buffers serve the next step
  // The index of the side just built serves the next step when that side was kept as built.
  if (indexed) std::swap(out_index_, prev_index_);
  prev_indexed_ = indexed;
  return layer_;
}

bool CompleteGraphSearch::finish(CompleteLayer& next) {
  const int n = ranking_.n();
  bool indexed = true;  // out_index_ indexes next's tuples
  // Switch to the smaller side when the complement can be listed.
  if (next.size() > next.classes - next.size() && next.classes <= kMaxDenseClasses) {
    const Index& in = *out_index_;
    CompleteLayer& other = scratch_->other;
    other.tuples.clear();
    other.hashes.clear();
    std::uint16_t a[kMaxN] = {};
    auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
      if (i == n) {
        if (rest == 0) {
          const std::uint64_t h = hash(a);
          if (!(next.packed_only ? in.contains(h, pack_tuple(a, n), next) : in.contains(h, a, next))) {
            other.hashes.push_back(h);
            other.tuples.insert(other.tuples.end(), a, a + n);
          }
        }
        return;
      }
      const int lo = (rest + (n - i) - 1) / (n - i);
      for (int v = lo; v <= std::min(bound, rest); ++v) {
        a[i] = static_cast<std::uint16_t>(v);
        self(self, i + 1, v, rest - v);
      }
      a[i] = 0;
    };
    fill(fill, 0, next.total, next.total);
    std::swap(next.tuples, other.tuples);
    std::swap(next.hashes, other.hashes);
    next.packed.clear();
    next.packed_only = false;
    if (packed_) {  // the complement packed, its tuples dropped (their buffer kept for the next listing)
      pack(next);
      next.tuples.clear();
      next.packed_only = true;
    }
    next.stored = next.stored == Side::P ? Side::N : Side::P;
    indexed = false;
  }
  Weight w = weight(next);
  next.p_weight = next.stored == Side::P ? w : next.all - w;
  // Store an empty side when there is one: the next step then costs nothing.
  if ((next.p_weight == 0 && next.stored == Side::N) || (next.p_weight == next.all && next.stored == Side::P)) {
    next.stored = next.stored == Side::P ? Side::N : Side::P;
    next.tuples.clear();
    next.hashes.clear();
    next.packed.clear();
    indexed = false;
  }
  return indexed;
}

// ---- partitioned over ranks ---------------------------------------------------------------

namespace {

using solve::partition::Failure;
using solve::partition::get_varint;
using solve::partition::put_varint;

// Every descending n-tuple of the total with entries <= cap, in lexicographic order when
// ascending (the rank order: the r-th call has rank r), else in the reverse order.
template <class F>
void for_each_tuple(int n, int total, int cap, bool ascending, F&& f) {
  std::uint16_t a[kMaxN] = {};
  auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
    if (i == n) {
      if (rest == 0) f(static_cast<const std::uint16_t*>(a));
      return;
    }
    const int lo = (rest + (n - i) - 1) / (n - i), hi = std::min(bound, rest);
    if (ascending) {
      for (int v = lo; v <= hi; ++v) {
        a[i] = static_cast<std::uint16_t>(v);
        self(self, i + 1, v, rest - v);
      }
    } else {
      for (int v = hi; v >= lo; --v) {
        a[i] = static_cast<std::uint16_t>(v);
        self(self, i + 1, v, rest - v);
      }
    }
    a[i] = 0;
  };
  fill(fill, 0, cap, total);
}

// Rank numbers, sorted, as delta varints.
void put_ranks(std::string& out, std::vector<std::uint64_t>& ranks) {
  std::sort(ranks.begin(), ranks.end());
  std::uint64_t prev = 0;
  for (std::uint64_t r : ranks) {
    put_varint(out, r - prev);
    prev = r;
  }
}

}  // namespace

int PartitionedCompleteSearch::owner(std::uint64_t rank) const {
  std::uint64_t h = rank + 0x9e3779b97f4a7c15ull;  // splitmix64: the same in every process
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
  h ^= h >> 31;
  return static_cast<int>(h % static_cast<std::uint64_t>(comm_.size()));
}

bool PartitionedCompleteSearch::any(bool mine) {
  for (const std::string& s : comm_.all_gather(std::string(1, mine ? '1' : '0')))
    if (s == "1") return true;
  return false;
}

Weight PartitionedCompleteSearch::weight(const CompleteLayer& layer) const { return tuples_weight(layer, ranking_.n()); }

PartitionedCompleteSearch::PartitionedCompleteSearch(const Pebbling& rules, int max_total, util::Comm& comm,
                                                     solve::SearchLimits limits)
    : rules_(rules), ranking_(rules.order(), max_total), comm_(comm), limits_(limits) {
  if (!rules.complete()) throw InputError("PartitionedCompleteSearch needs a complete graph");
  Failure failure;
  PartitionedCompleteLayer first;
  first.total = 0;
  first.n = ranking_.n();
  first.stored = Side::P;
  first.classes = 1;
  failure.guard([&] {
    first.all = rules_.layer_size(0);
    if (owner(0) == comm_.rank()) {  // total 0: the empty position, P
      first.ranks.push_back(0);
      first.tuples.assign(static_cast<std::size_t>(ranking_.n()), 0);
    }
  });
  solve::partition::take_totals(first, reduce(failure, first, 0, 0), bytes_);
  layer_ = std::move(first);
}

solve::partition::Totals PartitionedCompleteSearch::reduce(Failure& failure, const CompleteLayer& mine,
                                                           std::uint64_t exchanged, std::uint64_t peak) {
  Weight w = 0;
  failure.guard([&] { w = weight(mine); });
  const std::uint64_t bytes_per = 8 + 2 * static_cast<std::uint64_t>(ranking_.n());
  return solve::partition::reduce(comm_, failure, w, mine.ranks.size(), exchanged, peak, bytes_per);
}

const PartitionedCompleteLayer& PartitionedCompleteSearch::advance() {
  const int t = layer_.total + 1;
  if (t > ranking_.max_total()) throw CapReached("the search went past its ranking bound");
  const int n = ranking_.n(), k = rules_.k(), size = comm_.size(), me = comm_.rank();
  const bool from_p = layer_.stored == Side::P;
  const std::uint64_t sent_before = comm_.bytes_sent();
  const std::uint64_t before = layer_.ranks.size();
  const std::uint64_t bytes_per = 8 + 2 * static_cast<std::uint64_t>(n);
  Failure failure;
  PartitionedCompleteLayer next;
  next.total = t;
  next.n = n;
  next.classes = ranking_.count(t);
  std::uint64_t peak = 0;

  // 1. The predecessors of this rank's share, by owner: rank numbers (from N: with counts).
  std::vector<std::string> out(static_cast<std::size_t>(size));
  failure.guard([&] {
    next.all = rules_.layer_size(t);
    std::uint64_t held = 0;
    auto count_new = [&] {
      if ((++held & 4095) == 0) limits_.check(before + held, (before + held) * bytes_per);
    };
    const std::uint16_t* from = layer_.tuples.data();
    if (from_p) {
      std::vector<absl::flat_hash_set<std::uint64_t>> to(static_cast<std::size_t>(size));
      for (std::size_t x = 0; x < layer_.ranks.size(); ++x) {
        for_each_shift(from + x * n, n, k, k + 1, t - 1, ranking_, [&](const std::uint16_t*, std::uint64_t r) {
          if (to[static_cast<std::size_t>(owner(r))].insert(r).second) count_new();
          return true;
        });
      }
      for (int d = 0; d < size; ++d) {
        auto& set = to[static_cast<std::size_t>(d)];
        std::vector<std::uint64_t> ranks(set.begin(), set.end());
        set = {};
        put_ranks(out[static_cast<std::size_t>(d)], ranks);
      }
    } else {
      std::vector<absl::flat_hash_map<std::uint64_t, std::uint64_t>> to(static_cast<std::size_t>(size));
      absl::flat_hash_set<std::uint64_t> of_x;
      for (std::size_t x = 0; x < layer_.ranks.size(); ++x) {
        of_x.clear();
        for_each_shift(from + x * n, n, k, k + 1, t - 1, ranking_, [&](const std::uint16_t*, std::uint64_t r) {
          if (!of_x.insert(r).second) return true;
          auto [it, fresh] = to[static_cast<std::size_t>(owner(r))].try_emplace(r, 0);
          ++it->second;
          if (fresh) count_new();
          return true;
        });
      }
      for (int d = 0; d < size; ++d) {
        auto& map = to[static_cast<std::size_t>(d)];
        std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs(map.begin(), map.end());
        map = {};
        std::sort(pairs.begin(), pairs.end());
        std::string& m = out[static_cast<std::size_t>(d)];
        std::uint64_t prev = 0;
        for (const auto& [r, c] : pairs) {
          put_varint(m, r - prev);
          put_varint(m, c);
          prev = r;
        }
      }
    }
  });

  // 2. One exchange.
  std::vector<std::string> in = comm_.exchange(out);
  out = {};
  const std::uint64_t exchanged = comm_.bytes_sent() - sent_before;

  // 3. Decide the owned candidates.
  failure.guard([&] {
    auto add = [&](std::uint64_t r) {
      next.ranks.push_back(r);
      next.tuples.resize(next.tuples.size() + static_cast<std::size_t>(n));
      ranking_.unrank(t, r, &next.tuples[next.tuples.size() - static_cast<std::size_t>(n)]);
    };
    if (from_p) {
      std::vector<std::uint64_t> got;
      for (const std::string& m : in) {
        std::uint64_t r = 0;
        for (std::size_t at = 0; at < m.size();) got.push_back(r += get_varint(m, at));
      }
      in = {};
      std::sort(got.begin(), got.end());
      got.erase(std::unique(got.begin(), got.end()), got.end());
      peak = before + got.size();
      limits_.check(peak, peak * bytes_per);
      next.ranks.reserve(got.size());
      next.tuples.reserve(got.size() * static_cast<std::size_t>(n));
      for (std::uint64_t r : got) add(r);
      next.stored = Side::N;
    } else {
      std::vector<std::pair<std::uint64_t, std::uint64_t>> got;  // (rank, options in N(t-1) on one sender)
      for (const std::string& m : in) {
        std::uint64_t r = 0;
        for (std::size_t at = 0; at < m.size();) {
          r += get_varint(m, at);
          got.emplace_back(r, get_varint(m, at));
        }
      }
      in = {};
      std::sort(got.begin(), got.end());
      std::uint64_t distinct = 0;
      for (std::size_t i = 0; i < got.size(); ++i) distinct += i == 0 || got[i].first != got[i - 1].first;
      peak = before + distinct;
      limits_.check(peak, peak * bytes_per);
      std::uint16_t c[kMaxN];
      absl::flat_hash_set<std::uint64_t> options;
      for (std::size_t i = 0; i < got.size();) {
        const std::uint64_t r = got[i].first;
        std::uint64_t in_n = 0;
        for (; i < got.size() && got[i].first == r; ++i) in_n += got[i].second;
        ranking_.unrank(t, r, c);
        options.clear();
        bool more = false;
        for_each_shift(c, n, k + 1, k, t, ranking_, [&](const std::uint16_t*, std::uint64_t o) {
          if (options.insert(o).second && options.size() > in_n) more = true;
          return !more;
        });
        if (!more && options.size() < in_n) throw std::logic_error("partitioned search: more options in N than options");
        if (!more) {
          next.ranks.push_back(r);
          next.tuples.insert(next.tuples.end(), c, c + n);
        }
      }
      // Terminals (no entry above k): never candidates, which have an option.
      if (t <= static_cast<long>(n) * k) {
        for_each_tuple(n, t, k, false, [&](const std::uint16_t* a) {
          const std::uint64_t r = ranking_.rank(a, t);
          if (owner(r) != me) return;
          next.ranks.push_back(r);
          next.tuples.insert(next.tuples.end(), a, a + n);
        });
      }
      next.stored = Side::P;
    }
  });

  // 4. The reduction, then the decisions of CompleteGraphSearch::finish on the global counts.
  const solve::partition::Totals sum = reduce(failure, next, exchanged, peak);
  solve::partition::take_totals(next, sum, bytes_);
  limits_.check(sum.peak, sum.peak_bytes);
  auto set_empty = [&](Side side) {
    next.stored = side;
    next.ranks.clear();
    next.tuples.clear();
    next.stored_count = 0;
  };
  if (next.p_weight == 0) {
    set_empty(Side::P);
  } else if (next.p_weight == next.all) {
    set_empty(Side::N);
  } else if (next.stored_count > next.classes - next.stored_count && next.classes <= kMaxDenseClasses) {
    // The smaller side: every rank lists the layer's classes and keeps its own not stored.
    Failure listing;
    listing.guard([&] {
      absl::flat_hash_set<std::uint64_t> mine(next.ranks.begin(), next.ranks.end());
      std::vector<std::uint64_t> ranks;
      std::vector<std::uint16_t> tuples;
      std::uint64_t r = 0;
      for_each_tuple(n, t, t, true, [&](const std::uint16_t* a) {
        if (owner(r) == me && !mine.contains(r)) {
          ranks.push_back(r);
          tuples.insert(tuples.end(), a, a + n);
        }
        ++r;
      });
      next.ranks = std::move(ranks);
      next.tuples = std::move(tuples);
    });
    std::string msg(1, static_cast<char>(listing.kind));
    msg += listing.what;
    std::uint64_t gathered = 0;
    for (const std::string& m : comm_.all_gather(msg)) {
      const auto kind = static_cast<Failure::Kind>(m.at(0));
      if (kind != Failure::None) Failure{kind, m.substr(1)}.raise();
      gathered += m.size();
    }
    gathered *= static_cast<std::uint64_t>(size - 1);
    next.bytes_exchanged += gathered;
    bytes_ += gathered;
    next.stored_count = next.classes - next.stored_count;
    next.stored = next.stored == Side::P ? Side::N : Side::P;
  }
  next.ranks.shrink_to_fit();
  next.tuples.shrink_to_fit();
  layer_ = std::move(next);
  return layer_;
}

}  // namespace cgtlab::games
