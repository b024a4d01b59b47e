#include "games/pebbling/complete.h"

#include <absl/container/flat_hash_set.h>
#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
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

// The canonical option of a non-terminal class c: a largest entry gives k+1 pebbles to a
// smallest one (one class whichever tied entries move). Accepts the un-move (entry i of a
// loses k, entry j gains k+1) exactly when it leads to a class c whose canonical option is a:
// the raised entry is then a largest entry of c and the lowered one a smallest. A non-terminal
// P-class of total t has its canonical option in N(t-1), so the predecessors of N(t-1) that pass
// are all the candidates for P(t) (each found once per representative un-move, not once per
// option in N(t-1)).
struct CanonicalUnmove {
  int k;
  bool operator()(const std::uint16_t* a, int n, int i, int j, int) const {
    const int lowered = a[i] - k, raised = a[j] + k + 1;
    // The largest and the smallest of the entries other than i and j (a is descending).
    int first = 0;
    while (first == i || first == j) ++first;
    int last = n - 1;
    while (last == i || last == j) --last;
    const int others_max = first < n ? std::max<int>(a[first], lowered) : lowered;
    const int others_min = last >= 0 ? std::min<int>(a[last], raised) : raised;
    return raised >= others_max && lowered <= others_min;
  }
};

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

// A set of ranks of one layer: a bitset (kept across layers, cleared rank by rank) when the
// layer is small enough, else a hash set.
class CompleteGraphSearch::Bits {
 public:
  void reset(std::uint64_t classes) {
    dense_ = classes <= kMaxDenseClasses;
    if (dense_ && words_.size() < (classes + 63) / 64) words_.resize((classes + 63) / 64, 0);
    hash_.clear();
  }
  bool dense() const { return dense_; }
  std::size_t capacity_bytes() const { return words_.capacity() * 8; }
  std::uint64_t bytes() const { return dense_ ? words_.size() * 8 : hash_.size() * 16; }
  bool insert(std::uint64_t r) {  // true if r was not in the set
    if (!dense_) return hash_.insert(r).second;
    std::uint64_t& w = words_[r >> 6];
    const std::uint64_t m = std::uint64_t{1} << (r & 63);
    const bool fresh = (w & m) == 0;
    w |= m;
    return fresh;
  }
  bool insert_atomic(std::uint64_t r) {  // dense only
    const std::uint64_t m = std::uint64_t{1} << (r & 63);
    return (std::atomic_ref<std::uint64_t>(words_[r >> 6]).fetch_or(m, std::memory_order_relaxed) & m) == 0;
  }
  bool contains(std::uint64_t r) const {
    if (!dense_) return hash_.contains(r);
    return (words_[r >> 6] >> (r & 63)) & 1;
  }
  void clear(const std::vector<std::uint64_t>& ranks) {
    if (!dense_) {
      hash_.clear();
      return;
    }
    for (std::uint64_t r : ranks) words_[r >> 6] = 0;
  }

 private:
  bool dense_ = true;
  std::vector<std::uint64_t> words_;
  absl::flat_hash_set<std::uint64_t> hash_;
};

namespace {

// Ranks and tuples, appended together.
struct Found {
  std::vector<std::uint64_t> ranks;
  std::vector<std::uint16_t> tuples;
  void add(std::uint64_t r, const std::uint16_t* q, int n) {
    ranks.push_back(r);
    tuples.insert(tuples.end(), q, q + n);
  }
};

}  // namespace

// Buffers kept across layers, so that large vectors are not allocated (and faulted in) anew.
struct CompleteGraphSearch::Scratch {
  Found found, kept;
  CompleteLayer next;
  std::vector<char> flag;
  tbb::enumerable_thread_specific<std::pair<Found, std::uint64_t>> local;
  void clear(Found& f) {
    f.ranks.clear();
    f.tuples.clear();
  }
  std::size_t capacity_bytes() const {
    std::size_t b = flag.capacity() + next.ranks.capacity() * 8 + next.tuples.capacity() * 2;
    for (const Found* f : {&found, &kept}) b += f->ranks.capacity() * 8 + f->tuples.capacity() * 2;
    for (const auto& [mine, count] : local) b += mine.ranks.capacity() * 8 + mine.tuples.capacity() * 2;
    return b;
  }
};

std::vector<std::uint64_t> CompleteLayer::sorted_ranks() const {
  std::vector<std::uint64_t> out = ranks;
  std::sort(out.begin(), out.end());
  return out;
}

bool CompleteGraphSearch::usable(const Pebbling& rules, int max_total) {
  return rules.complete() && rules.order() <= kMaxN && PartitionRanking::fits(rules.order(), max_total);
}

// Buffers of a finished search on this thread (bitsets all zero), taken by the next one: the
// cells of a table then reuse memory already faulted in instead of mapping it anew.
struct CompleteGraphSearch::Spare {
  std::unique_ptr<Bits> out, prev;
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
  Spare& s = spare();
  out_bits_ = s.out ? std::move(s.out) : std::make_unique<Bits>();
  prev_bits_ = s.prev ? std::move(s.prev) : std::make_unique<Bits>();
  scratch_ = s.scratch ? std::move(s.scratch) : std::make_unique<Scratch>();
  restore(0, Side::P, {0});  // total 0: the empty position, P
}

CompleteGraphSearch::~CompleteGraphSearch() {
  // Keep moderate buffers for the next search on this thread (never a large search's memory).
  constexpr std::size_t kKeptBytes = std::size_t{16} << 20;
  if (!clean_ || out_bits_->capacity_bytes() + prev_bits_->capacity_bytes() + scratch_->capacity_bytes() > kKeptBytes) return;
  Spare& s = spare();
  s.out = std::move(out_bits_);
  s.prev = std::move(prev_bits_);
  s.scratch = std::move(scratch_);
}

namespace {

// Labelled positions in the classes of a layer (n counts per class).
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
  for (std::size_t x = 0; x < layer.ranks.size(); ++x) {
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

}  // namespace

Weight CompleteGraphSearch::weight(const CompleteLayer& layer) const { return tuples_weight(layer, ranking_.n()); }

void CompleteGraphSearch::restore(int total, Side stored, const std::vector<std::uint64_t>& ranks) {
  if (total < 0 || total > ranking_.max_total()) throw InputError("saved layer beyond the search's bound");
  const int n = ranking_.n();
  CompleteLayer l;
  l.total = total;
  l.stored = stored;
  l.classes = ranking_.count(total);
  l.ranks = ranks;
  l.tuples.resize(ranks.size() * n);
  for (std::size_t x = 0; x < ranks.size(); ++x) {
    if (ranks[x] >= l.classes) throw InputError("saved layer holds a rank out of range");
    ranking_.unrank(total, ranks[x], &l.tuples[x * n]);
  }
  l.all = rules_.layer_size(total);
  Weight w = weight(l);
  l.p_weight = stored == Side::P ? w : l.all - w;
  layer_ = std::move(l);
}

const CompleteLayer& CompleteGraphSearch::advance() {
  const int t = layer_.total + 1;
  if (t > ranking_.max_total()) throw CapReached("the search went past its ranking bound");
  const int n = ranking_.n(), k = rules_.k();
  Scratch& sc = *scratch_;
  CompleteLayer& next = sc.next;
  next.total = t;
  next.classes = ranking_.count(t);
  next.all = rules_.layer_size(t);
  next.ranks.clear();
  next.tuples.clear();
  Bits& out = *out_bits_;
  const std::size_t from = layer_.ranks.size();
  const bool terminals = layer_.stored == Side::N && t <= static_cast<long>(n) * k;
  // An empty stored side and no terminals (every total past m): nothing to mark.
  if (from > 0 || terminals) out.reset(next.classes);
  clean_ = false;
  const std::uint16_t* from_tuples = layer_.tuples.data();

  // The distinct predecessors of every stored class of the previous layer.
  Found& found = sc.found;
  sc.clear(found);
  std::uint64_t generated = 0;
  // From a stored N(t-1): only the candidates for P(t) (CanonicalUnmove).
  const bool from_n = layer_.stored == Side::N;
  auto generate = [&](std::size_t lo, std::size_t hi, Found& into, auto&& insert) {
    std::uint64_t count = 0;
    auto add = [&](const std::uint16_t* q, std::uint64_t r) {
      ++count;
      if (insert(r)) into.add(r, q, n);
      return true;
    };
    for (std::size_t x = lo; x < hi; ++x) {
      if (from_n) {
        for_each_shift(from_tuples + x * n, n, k, k + 1, t - 1, ranking_, add, CanonicalUnmove{k});
      } else {
        for_each_shift(from_tuples + x * n, n, k, k + 1, t - 1, ranking_, add);
      }
    }
    return count;
  };
  if (from < kParallelGrain) {
    generated = generate(0, from, found, [&](std::uint64_t r) { return out.insert(r); });
  } else {
    auto& local = sc.local;
    for (auto& [mine, count] : local) {
      sc.clear(mine);
      count = 0;
    }
    const bool dense = out.dense();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, from, kParallelGrain / 4),
                      [&](const tbb::blocked_range<std::size_t>& r) {
                        auto& [mine, count] = local.local();
                        if (dense) {
                          count += generate(r.begin(), r.end(), mine, [&](std::uint64_t x) { return out.insert_atomic(x); });
                        } else {
                          absl::flat_hash_set<std::uint64_t> seen;
                          count += generate(r.begin(), r.end(), mine, [&](std::uint64_t x) { return seen.insert(x).second; });
                        }
                      });
    for (auto& [mine, count] : local) {
      generated += count;
      if (dense) {
        found.ranks.insert(found.ranks.end(), mine.ranks.begin(), mine.ranks.end());
        found.tuples.insert(found.tuples.end(), mine.tuples.begin(), mine.tuples.end());
      } else {
        for (std::size_t x = 0; x < mine.ranks.size(); ++x)
          if (out.insert(mine.ranks[x])) found.add(mine.ranks[x], &mine.tuples[x * n], n);
      }
    }
  }
  generated_ += generated;
  const std::uint64_t bytes_per = 8 + 2 * static_cast<std::uint64_t>(n);
  limits_.check(from + found.ranks.size(), out.bytes() + bytes_per * (from + found.ranks.size()));

  if (layer_.stored == Side::P) {
    // N(t): the predecessors of P(t-1).
    out.clear(found.ranks);
    next.stored = Side::N;
    std::swap(next.ranks, found.ranks);
    std::swap(next.tuples, found.tuples);
  } else {
    // P(t): terminals, and the candidates (predecessors of N(t-1) by a canonical un-move) whose
    // every option lies in N(t-1).
    if (terminals) {
      std::uint16_t a[kMaxN] = {};
      auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
        if (i == n) {
          if (rest == 0) {
            const std::uint64_t r = ranking_.rank(a, t);
            if (out.insert(r)) found.add(r, a, n);
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
    out.clear(found.ranks);
    Bits& prev = *prev_bits_;
    if (from > 0) {
      prev.reset(layer_.classes);
      for (std::uint64_t r : layer_.ranks) prev.insert(r);
    }
    auto keep = [&](std::size_t c) {
      return for_each_shift(&found.tuples[c * n], n, k + 1, k, t, ranking_,
                            [&](const std::uint16_t*, std::uint64_t r) { return prev.contains(r); });
    };
    const std::size_t candidates = found.ranks.size();
    std::vector<char>& flag = sc.flag;
    flag.assign(candidates, 0);
    if (candidates < kParallelGrain) {
      for (std::size_t c = 0; c < candidates; ++c) flag[c] = keep(c) ? 1 : 0;
    } else {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, candidates, kParallelGrain / 4),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          for (std::size_t c = r.begin(); c != r.end(); ++c) flag[c] = keep(c) ? 1 : 0;
                        });
    }
    if (from > 0) prev.clear(layer_.ranks);
    for (std::size_t c = 0; c < candidates; ++c) {
      if (flag[c]) {
        next.ranks.push_back(found.ranks[c]);
        next.tuples.insert(next.tuples.end(), &found.tuples[c * n], &found.tuples[c * n] + n);
      }
    }
    next.stored = Side::P;
  }
  finish(next);
  clean_ = true;
  std::swap(layer_, next);  // the old layer's buffers serve the next step
  return layer_;
}

void CompleteGraphSearch::finish(CompleteLayer& next) {
  const int n = ranking_.n();
  // Switch to the smaller side when the complement can be listed (a bitset's worth).
  if (next.ranks.size() > next.classes - next.ranks.size() && next.classes <= kMaxDenseClasses) {
    Bits& mark = *out_bits_;
    mark.reset(next.classes);
    for (std::uint64_t r : next.ranks) mark.insert(r);
    Found other;
    // Every class of the total in rank order (lexicographic), with its rank.
    std::uint16_t a[kMaxN] = {};
    std::uint64_t r = 0;
    auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
      if (i == n) {
        if (rest == 0) {
          if (!mark.contains(r)) other.add(r, a, n);
          ++r;
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
    mark.clear(next.ranks);
    next.ranks = std::move(other.ranks);
    next.tuples = std::move(other.tuples);
    next.stored = next.stored == Side::P ? Side::N : Side::P;
  }
  Weight w = weight(next);
  next.p_weight = next.stored == Side::P ? w : next.all - w;
  // Store an empty side when there is one: the next step then costs nothing.
  if ((next.p_weight == 0 && next.stored == Side::N) || (next.p_weight == next.all && next.stored == Side::P)) {
    next.stored = next.stored == Side::P ? Side::N : Side::P;
    next.ranks.clear();
    next.tuples.clear();
  }
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
