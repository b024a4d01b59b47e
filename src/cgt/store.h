// The hash-consed store behind Game (internal to src/cgt/). Every canonical form has one
// 32-bit id. Two kinds of record:
//  - "nus" records x + n.^ + *m (numbers, nimbers, ups and their sums): packed as
//    (Dyadic, ups, star); their canonical option lists are built only on demand, so sums
//    and comparisons of nus values are arithmetic, and a number is never expanded when
//    added to or compared with another game (number avoidance / translation).
//  - general records: sorted canonical Left and Right option ids.
// Sum, negation, comparison, birthday, stops and ordinal sum are memoized in tables that
// are never evicted (they live as long as the store: the whole run).
//
// One store per process, shared by every thread under one recursive mutex (mutex()):
// Game's wrappers take it for each operation, code in src/cgt/ that uses the store
// directly holds it (add_all's worker thread sums in a private store of its own, never in
// this one). Records are never reclaimed, so an id stays valid for the whole run;
// memory is bounded by the memory cap instead (docs/ARCHITECTURE.md, "The value store
// and threads"). Work caps are per thread.
#pragma once
#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>
#include <absl/container/inlined_vector.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <span>
#include <utility>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/nimber.h"
#include "util/huge_pages.h"

namespace cgtlab::cgt::detail {

using Id = std::uint32_t;
inline constexpr Id kNone = 0xffffffffu;
inline constexpr Id kZero = 0;  // the store creates 0 first
inline std::uint64_t pair_key(Id a, Id b) { return (std::uint64_t(a) << 32) | b; }

// The store's tables are read at random ids: transparent huge pages (util/huge_pages.h).
using util::HugePageAllocator;
using util::HugeVector;

// The comparison memo: (g, h) -> g <= h, never evicted. One small open-addressing table
// per id: the unordered pair {lo, hi} (lo < hi) lives in the table of hi as one 32-bit
// word, lo and what is known of both lo <= hi and hi <= lo, so one probe answers both
// directions: a comparison and its reverse share a word, and a known h <= g (h != g)
// answers g <= h false without a second lookup. The comparisons of one reduction or one
// leq keep asking about a few games against many others, so grouping the pairs by one id
// keeps those words on a few cache lines (BM_AnalyzeT3Twelve position 11: 3.5 M pairs; a
// single table of 64-bit words, one random line per probe, was 64 MiB). The tables live
// in one arena (transparent huge pages), sizes are powers of two of at least one cache
// line, and a grown table's old space is reused by later tables of that size. The arena
// is an anonymous mapping grown by mremap, so its pages are never copied and are zeroed
// once, by the kernel. Pairs with an id of 2^29 or more go to a side map, one entry per
// direction.
class LeqMemo {
 public:
  LeqMemo() = default;
  LeqMemo(const LeqMemo&) = delete;
  LeqMemo& operator=(const LeqMemo&) = delete;
  ~LeqMemo();  // store.cpp
  // Where a find stopped: the word of the pair, or the empty word where it would go, in a
  // table of this shape. An insert of the same pair with the hint writes there without
  // probing again while the table has not changed since (same offset, size and count: no
  // word was added, so an empty word is still empty and still the pair's place).
  struct Hint {
    std::uint64_t offset = 0;
    std::uint32_t count = 0, bits = 0, index = kNoIndex;
    Id hi = 0;
    bool empty = false;  // index is the empty word where the pair would go
  };
  // Whether g <= h (g != h, both canonical): -1 not known, 0 false, 1 true.
  [[gnu::always_inline]] int find(Id g, Id h) const {
    Hint unused;
    return find(g, h, unused);
  }
  [[gnu::always_inline]] int find(Id g, Id h, Hint& hint) const {
    if ((g | h) >> kIdBits) return find_wide(g, h);
    const bool forward = g < h;  // asking lo <= hi
    const Id lo = forward ? g : h, hi = forward ? h : g;
    if (hi >= tables_.size()) return -1;
    const Table& t = tables_[hi];
    if (t.count == 0) return -1;
    const std::uint32_t* w = arena_ + t.offset;
    const std::uint32_t mask = (std::uint32_t{1} << t.bits) - 1;
    for (std::uint32_t i = slot(lo, t.bits);; i = (i + 1) & mask) {
      std::uint32_t e = w[i];
      if (e == kEmpty || (e >> kCodeBits) == lo) hint = {t.offset, t.count, t.bits, i, hi, e == kEmpty};
      if (e == kEmpty) return -1;
      if ((e >> kCodeBits) != lo) continue;
      return answer(e & kCodeMask, forward);
    }
  }
  // insert(g, h, value) after find(g, h, hint) of the same pair.
  void insert(Id g, Id h, bool value, const Hint& hint) {
    if (hint.index != kNoIndex) {
      Table& t = tables_[hint.hi];
      if (t.offset == hint.offset && t.bits == hint.bits && t.count == hint.count) {
        const bool forward = g < h;
        const Id lo = forward ? g : h;
        std::uint32_t& e = arena_[t.offset + hint.index];
        if (!hint.empty) {  // the pair's word (read again: a recursion may have added to it)
          e = (lo << kCodeBits) | merged(e & kCodeMask, forward, value);
          return;
        }
        if (4 * (std::size_t(t.count) + 1) <= 3 * (std::size_t(1) << t.bits)) {
          e = (lo << kCodeBits) | merged(kNoCode, forward, value);  // still empty: not read
          ++t.count;
          return;
        }
      }
    }
    insert(g, h, value);
  }
  // Records g <= h (g != h). A direction already known keeps its answer: answers never change.
  void insert(Id g, Id h, bool value) {
    if ((g | h) >> kIdBits) {
      wide_.emplace(pair_key(g, h), value);
      return;
    }
    const bool forward = g < h;
    const Id lo = forward ? g : h, hi = forward ? h : g;
    if (hi >= tables_.size()) tables_.resize(std::size_t(hi) + 1 + hi / 2);
    Table& t = tables_[hi];
    if (t.count == 0 || 4 * (std::size_t(t.count) + 1) > 3 * (std::size_t(1) << t.bits)) grow(hi);
    std::uint32_t* w = arena_ + t.offset;
    const std::uint32_t mask = (std::uint32_t{1} << t.bits) - 1;
    for (std::uint32_t i = slot(lo, t.bits);; i = (i + 1) & mask) {
      std::uint32_t e = w[i];
      if (e == kEmpty) {
        w[i] = (lo << kCodeBits) | merged(kNoCode, forward, value);
        ++t.count;
        return;
      }
      if ((e >> kCodeBits) != lo) continue;
      w[i] = (lo << kCodeBits) | merged(e & kCodeMask, forward, value);
      return;
    }
  }
  // Starts loading the word of {g, h} into the cache: a caller about to look up several
  // pairs asks for all of them first, so their cache misses overlap.
  void prefetch(Id g, Id h) const {
    if ((g | h) >> kIdBits) return;
    const Id lo = g < h ? g : h, hi = g < h ? h : g;
    if (hi >= tables_.size()) return;
    const Table& t = tables_[hi];
    if (t.count != 0) __builtin_prefetch(arena_ + t.offset + slot(lo, t.bits));
  }
  std::size_t bytes() const {
    return arena_size_ * sizeof(std::uint32_t) + tables_.capacity() * sizeof(Table) + wide_.capacity() * 10;
  }

 private:
  static constexpr int kIdBits = 29;
  static constexpr int kCodeBits = 3;
  static constexpr std::uint32_t kCodeMask = 7;
  static constexpr std::uint32_t kNoIndex = ~std::uint32_t{0};
  static constexpr std::uint32_t kEmpty = 0;  // never a word: a stored word's code is not 0
  // What a word knows of (lo <= hi, hi <= lo). Distinct canonical forms are never both
  // <= each other, so a true direction makes the other false.
  static constexpr std::uint32_t kNoCode = 0, kLoLeqHi = 1, kHiLeqLo = 2, kNotLoLeqHi = 3, kNotHiLeqLo = 4,
                                 kNeither = 5;
  static int answer(std::uint32_t code, bool forward) {
    switch (code) {
      case kLoLeqHi: return forward ? 1 : 0;
      case kHiLeqLo: return forward ? 0 : 1;
      case kNotLoLeqHi: return forward ? 0 : -1;
      case kNotHiLeqLo: return forward ? -1 : 0;
      default: return 0;  // kNeither
    }
  }
  static std::uint32_t merged(std::uint32_t code, bool forward, bool value) {
    int a = code == kNoCode ? -1 : answer(code, true), b = code == kNoCode ? -1 : answer(code, false);
    int& mine = forward ? a : b;
    if (mine < 0) mine = value ? 1 : 0;
    if (a == 1) return kLoLeqHi;
    if (b == 1) return kHiLeqLo;
    if (a == 0 && b == 0) return kNeither;
    return a == 0 ? kNotLoLeqHi : kNotHiLeqLo;
  }
  // Fibonacci hashing of lo within hi's table of 2^bits words.
  static std::uint32_t slot(Id lo, std::uint32_t bits) { return std::uint32_t((lo * 0x9E3779B9u) >> (32 - bits)); }
  int find_wide(Id g, Id h) const {
    if (auto it = wide_.find(pair_key(g, h)); it != wide_.end()) return int(it->second);
    auto it = wide_.find(pair_key(h, g));
    return it != wide_.end() && it->second ? 0 : -1;
  }
  struct Table {
    std::uint64_t offset = 0;  // into arena_, in words
    std::uint32_t count = 0;
    std::uint32_t bits = 0;  // 2^bits words
  };
  void grow(Id hi);                    // store.cpp: a first table of one line, or twice the size
  std::uint64_t allocate(std::uint32_t bits);  // store.cpp: zeroed space for 2^bits words
  HugeVector<Table> tables_;
  std::uint32_t* arena_ = nullptr;
  std::size_t arena_size_ = 0, arena_used_ = 0;  // words
  std::vector<std::uint64_t> free_[32];  // offsets of released tables, by bits
  absl::flat_hash_map<std::uint64_t, bool> wide_;
};

class SumExchange;  // parallel_sums.cpp
std::size_t exchange_bytes(const SumExchange& exchange);

// A sum's standing in add_all's exchange between its two threads (see add_all): claimed by
// this thread (it sums it and publishes the result), or being summed by the other thread
// (this one sums the options, shared the same way, then takes the result). A claim not
// published when the frame ends (an exception) is given up, so a thread waiting for it sums
// it itself.
struct ExchangeClaim {
  enum State : std::uint8_t { kNone, kMine, kOthers };
  SumExchange* exchange = nullptr;
  std::uint64_t key = 0;  // the pair, as exchange ids
  int side = 0;           // 0: add_all's caller, 1: its worker
  State state = kNone;
  ExchangeClaim() = default;
  ExchangeClaim(const ExchangeClaim&) = delete;
  ExchangeClaim& operator=(const ExchangeClaim&) = delete;
  ~ExchangeClaim() {
    if (state == kMine) give_up();
  }
  void give_up() noexcept;
};

struct Nus {
  Dyadic number;
  long ups = 0;
  Grundy star = 0;
  friend bool operator==(const Nus& a, const Nus& b) {
    return a.ups == b.ups && a.star == b.star && a.number == b.number;
  }
  template <typename H>
  friend H AbslHashValue(H h, const Nus& n) {
    return H::combine(std::move(h), n.number.hash(), n.ups, n.star);
  }
};

class Store {
 public:
  static Store& get();

  // --- construction ---
  Id nus(const Dyadic& x, long ups, Grundy star);
  Id number(const Dyadic& x) { return nus(x, 0, 0); }
  // {L | R} for arbitrary ids: reduced to canonical form.
  Id from_options(std::vector<Id> left, std::vector<Id> right);
  // {L | R} when L and R are already canonical (no dominated or reversible option).
  Id from_canonical_options(std::vector<Id> left, std::vector<Id> right);

  // --- inspection ---
  bool is_nus(Id g) const { return nodes_[g].nus != kNone; }
  const Nus& nus_of(Id g) const { return nus_[nodes_[g].nus]; }
  bool is_number(Id g) const {
    if (!is_nus(g)) return false;
    const Nus& n = nus_of(g);
    return n.ups == 0 && n.star == 0;
  }
  bool is_nimber(Id g) const {
    if (!is_nus(g)) return false;
    const Nus& n = nus_of(g);
    return n.ups == 0 && n.number.is_zero();
  }
  // Canonical options. The spans stay valid for the life of the store.
  std::span<const Id> left(Id g) { return options(g, true); }
  std::span<const Id> right(Id g) { return options(g, false); }
  std::size_t size() const { return nodes_.size(); }

  // --- arithmetic (memoized) ---
  Id add(Id g, Id h);
  Id neg(Id g);
  bool leq(Id g, Id h);
  Id ordinal_sum(Id g, Id h);
  // a_i + b_i for every pair, as add() gives them. When the pairs are large, there are two
  // or more, and two CPUs are available to the process (SumThreads::kAuto), a worker thread
  // sums them too, from the other end, in a private store, and the two threads share every
  // sum either finishes (parallel_sums.cpp). The results are the same canonical forms; the
  // worker's work is not charged to this thread's cap (it stops at the cap left when it
  // starts, and then this thread sums what it would have), and its store and the exchange
  // count toward the memory cap while they live.
  enum class SumThreads { kOff, kAuto, kAlways };  // kAlways: a worker whenever there are two pairs (tests)
  std::vector<Id> add_all(const std::vector<std::pair<Id, Id>>& pairs);
  void set_sum_threads(SumThreads mode) { sum_threads_ = mode; }
  // Sums this store took from a worker thread's results (for tests and measuring).
  std::uint64_t worker_sums() const { return worker_sums_; }
  // The last split of add_all (for tests and measuring): the sums each thread reduced
  // itself (0: this one, 1: the worker), each as the pair of its summands' ids in the
  // exchange (the same form has the same id for both threads).
  struct Split {
    std::array<std::vector<std::uint64_t>, 2> reduced;
  };
  const Split& last_split() const { return last_split_; }

  // --- work cap: new records, comparisons of non-nus games, and memoized sums and
  // ordinal sums each count one unit; beyond the limit (0: none) operations throw CapReached. The store
  // stays consistent (every stored record and memo entry is complete and correct).
  // The work cap and count belong to the calling thread.
  void set_work_limit(std::uint64_t limit) {
    t_work_limit_ = limit;
    t_work_ = 0;
  }
  std::uint64_t work_limit() const { return t_work_limit_; }
  std::uint64_t work() const { return t_work_; }
  void charge(std::uint64_t units = 1) {
    const std::uint64_t before = t_work_;
    t_work_ += units;
    if (t_work_limit_ != 0 && t_work_ > t_work_limit_) throw_cap();
    if (((before ^ t_work_) >> 10) != 0 && (memory_limit_ != 0 || cancel_ != nullptr))
      check_memory();  // crossed a multiple of 1024
  }

  // --- memory cap (bytes; 0: none), checked every 1024 work units against bytes() ---
  void set_memory_limit(std::uint64_t bytes) { memory_limit_ = bytes; }
  // Estimated bytes held: records, option chunks, indexes and memo tables.
  std::size_t bytes() const;

  std::recursive_mutex& mutex() { return mutex_; }

  // --- properties (memoized) ---
  long birthday(Id g);
  // Stops, stored for every record when it is created.
  const Dyadic& left_stop(Id g) const { return is_nus(g) ? nus_of(g).number : stops_[g].first; }
  const Dyadic& right_stop(Id g) const { return is_nus(g) ? nus_of(g).number : stops_[g].second; }
  // LS(g) < RS(h), LS(g) < LS(h), ...: on the fixed-point copies when both fit, else exact.
  bool ls_below_rs(Id g, Id h) const {
    std::int64_t a = fast_stops_[g].left, b = fast_stops_[h].right;
    if (a != kNoFastStop && b != kNoFastStop) return a < b;
    return left_stop(g) < right_stop(h);
  }
  bool ls_below_ls(Id g, Id h) const {
    std::int64_t a = fast_stops_[g].left, b = fast_stops_[h].left;
    if (a != kNoFastStop && b != kNoFastStop) return a < b;
    return left_stop(g) < left_stop(h);
  }
  bool rs_below_rs(Id g, Id h) const {
    std::int64_t a = fast_stops_[g].right, b = fast_stops_[h].right;
    if (a != kNoFastStop && b != kNoFastStop) return a < b;
    return right_stop(g) < right_stop(h);
  }

 private:
  Store();
  struct Node {
    const Id* opts = nullptr;  // Left options then Right options (sorted each); null: not built yet
    std::uint32_t n_left = 0;
    std::uint32_t n_right = 0;
    std::uint32_t nus = kNone;  // index into nus_, or kNone for a general record
    std::int32_t birthday = -1;
  };
  struct OptKey {
    const Id* opts;
    std::uint32_t n_left, n_right;
  };
  struct KeyHash {
    using is_transparent = void;
    const Store* store;
    std::size_t operator()(const OptKey& k) const;
    std::size_t operator()(Id g) const { return (*this)(store->key_of(g)); }
  };
  struct KeyEq {
    using is_transparent = void;
    const Store* store;
    static bool same(const OptKey& a, const OptKey& b);
    bool operator()(Id a, Id b) const { return a == b; }
    bool operator()(Id a, const OptKey& b) const { return same(store->key_of(a), b); }
    bool operator()(const OptKey& a, Id b) const { return same(a, store->key_of(b)); }
  };

  OptKey key_of(Id g) const { return {nodes_[g].opts, nodes_[g].n_left, nodes_[g].n_right}; }
  std::span<const Id> options(Id g, bool left_side);
  void build_nus_options(Id g);
  const Id* store_options(const std::vector<Id>& left, const std::vector<Id>& right);
  Id recognise_nus(const std::vector<Id>& left, const std::vector<Id>& right);
  Id new_node(Node n);

  // A new result of a memoized operation (add, ordinal_sum): counted against the work cap,
  // remembered under its key, returned.
  template <typename Map>
  Id remember(Map& memo, std::uint64_t key, Id result) {
    charge();
    memo.emplace(key, result);
    return result;
  }

  // Canonicalisation helpers (canonical.cpp).
  bool leq_form(Id x, const std::vector<Id>& left, const std::vector<Id>& right);  // x <= {L|R}
  bool geq_form(Id x, const std::vector<Id>& left, const std::vector<Id>& right);  // x >= {L|R}
  // The answers of leq_form/geq_form during one reduce(), keyed by x: removing dominated
  // options and bypassing reversible ones keep the value of {L|R}, so they stay valid
  // for the whole reduction (without them the check walks x's tree path by path).
  struct FormMemo {
    absl::flat_hash_map<Id, bool> leq, geq;
    // Bounds on the stops of F = {L|R} from its options (set when both sides have
    // options): a = max RS(F^L), b = min LS(F^R), lo = min(a, b), hi = max(a, b).
    // Whether or not F equals a number, a <= LS(F) <= hi and lo <= RS(F) <= b
    // (reduce() has the proof), so many x <= F and x >= F are settled by x's stops.
    // a and b are the stops of two options, named by id (a = RS(a_id), b = LS(b_id): no
    // copy of a GMP number per reduction); lo is a when a_low, else b.
    bool bounded = false;
    Id a_id = kNone, b_id = kNone;
    bool a_low = false;
    // The same bounds as fixed-point integers when they fit (else kNoFastStop), so that
    // most tests against a stop compare two int64 (as leq does), not two GMP numbers.
    std::int64_t fa = kNoFastStop, fb = kNoFastStop, flo = kNoFastStop, fhi = kNoFastStop;
  };
  const Dyadic& bound_a(const FormMemo& m) const { return right_stop(m.a_id); }
  const Dyadic& bound_b(const FormMemo& m) const { return left_stop(m.b_id); }
  const Dyadic& bound_lo(const FormMemo& m) const { return m.a_low ? bound_a(m) : bound_b(m); }
  const Dyadic& bound_hi(const FormMemo& m) const { return m.a_low ? bound_b(m) : bound_a(m); }
  // v < RS(x), v < LS(x), LS(x) < v, RS(x) < v for a bound v of a FormMemo and its
  // fixed-point copy fv.
  bool below_rs(std::int64_t fv, const Dyadic& v, Id x) const {
    std::int64_t s = fast_stops_[x].right;
    return fv != kNoFastStop && s != kNoFastStop ? fv < s : v < right_stop(x);
  }
  bool below_ls(std::int64_t fv, const Dyadic& v, Id x) const {
    std::int64_t s = fast_stops_[x].left;
    return fv != kNoFastStop && s != kNoFastStop ? fv < s : v < left_stop(x);
  }
  bool ls_below(Id x, std::int64_t fv, const Dyadic& v) const {
    std::int64_t s = fast_stops_[x].left;
    return fv != kNoFastStop && s != kNoFastStop ? s < fv : left_stop(x) < v;
  }
  bool rs_below(Id x, std::int64_t fv, const Dyadic& v) const {
    std::int64_t s = fast_stops_[x].right;
    return fv != kNoFastStop && s != kNoFastStop ? s < fv : right_stop(x) < v;
  }
  FormMemo* form_memo_ = nullptr;
  static constexpr std::uint64_t kNoSum = ~std::uint64_t{0};
  // Options under reduction; group[i] != 0 marks options known to be pairwise
  // incomparable within their group (e.g. G^L_i + H in a sum). source[i] is
  // pair_key(c, s) when the option is c + s for an option c of a canonical summand X of
  // F = X + s (the form under reduction), else kNoSum. An option c' + s of such an option,
  // c' an option of c, never reverses it (same_summand_follower has the proof), so that
  // test is skipped.
  struct Options {
    std::vector<Id> ids;
    std::vector<std::uint8_t> group;
    std::vector<std::uint64_t> source;
    void reserve(std::size_t n) {
      ids.reserve(n);
      group.reserve(n);
      source.reserve(n);
    }
    void push(Id g, std::uint8_t grp, std::uint64_t src = kNoSum) {
      ids.push_back(g);
      group.push_back(grp);
      source.push_back(src);
    }
    void erase(std::size_t i) {
      ids.erase(ids.begin() + static_cast<std::ptrdiff_t>(i));
      group.erase(group.begin() + static_cast<std::ptrdiff_t>(i));
      source.erase(source.begin() + static_cast<std::ptrdiff_t>(i));
    }
    void sort_unique();
  };
  bool is_sum_of(Id r, Id a, Id b) const;
  bool same_summand_follower(Id r, std::uint64_t source, bool left_option) const;
  Id reduce(Options left, Options right);
  // Each returns whether it bypassed an option (the list then changed).
  bool bypass_reversible_left(Options& left, const Options& right);
  bool bypass_reversible_right(const Options& left, Options& right);
  void remove_dominated(Options& opts, bool left_side);
  bool leq_nus(Id g, Id h) const;
  int quick_leq(Id g, Id h) const;
  // How likely x <= y is to hold, for leq's order of witnesses (smaller first): more room
  // between the stops first (LS(y) - LS(x) + RS(y) - RS(x), on the fixed-point copies; 0
  // when one does not fit), then the smaller games (height(x) + height(y)).
  struct WitnessKey {
    std::int64_t room = 0;
    std::uint32_t height = 0;
    bool operator<(const WitnessKey& o) const { return room != o.room ? room > o.room : height < o.height; }
  };
  WitnessKey witness_key(Id x, Id y) const {
    const FastStops &a = fast_stops_[x], &b = fast_stops_[y];
    std::int64_t room = 0;  // each stop below 2^60 in magnitude: no overflow
    if (a.left != kNoFastStop && a.right != kNoFastStop && b.left != kNoFastStop && b.right != kNoFastStop)
      room = (b.left - a.left) + (b.right - a.right);
    return {room, height(x) + height(y)};
  }
  // Sorts leq's open pairs (x, y), each asking x <= y, but the first by witness_key.
  void order_witnesses(absl::InlinedVector<std::pair<Id, Id>, 16>& open) const;
  // The height of a record's tree counting numbers, ups and nimbers as 0 (not the birthday:
  // cheap, set when the record is made, never throws): a proxy for a comparison's cost.
  std::uint32_t height(Id g) const { return g < heights_.size() ? heights_[g] : 0; }
  void note_sum(Id result, std::uint64_t key);
  bool known_leq_form(Id x) const;
  bool known_geq_form(Id x) const;

  [[noreturn]] void throw_cap() const;
  // Throws CapReached beyond the memory cap (a worker's store counts its owner's bytes as
  // last published, see add_all) or when a worker's owner has cancelled it.
  void check_memory() const;
  // add_all's parts (parallel_sums.cpp): whether a worker thread is worth starting, and a
  // structural copy of `from`'s canonical form g into this store (`done` maps from's ids).
  bool worth_a_worker(const std::vector<std::pair<Id, Id>>& pairs);
  std::size_t follower_estimate(Id g, std::size_t limit);
  Id import(Store& from, Id g, absl::flat_hash_map<Id, Id>& done);
  // add()'s use of the exchange of add_all's split (null outside it; parallel_sums.cpp): the
  // result of g + h when the other thread has it (else kNone, and `claim` says who sums it),
  // the result once the other thread has it (kNone: it gave up, the sum is now claimed here),
  // and, after each reduction made here, its record in last_split and, if claimed, its result
  // published.
  Id exchange_begin(Id g, Id h, ExchangeClaim& claim);
  Id exchange_settle(ExchangeClaim& claim);
  void exchange_publish(ExchangeClaim& claim, Id result);
  friend class SumExchange;
  SumExchange* exchange_ = nullptr;
  int exchange_side_ = 0;
  Split last_split_;
  SumThreads sum_threads_ = SumThreads::kAuto;
  std::uint64_t worker_sums_ = 0;
  // A worker's store: the store it sums for (whose published bytes count toward the
  // memory cap) and the flag that stops it; both null for the process's store.
  const Store* owner_ = nullptr;
  const std::atomic<bool>* cancel_ = nullptr;
  mutable std::atomic<std::size_t> published_bytes_{0};  // bytes() at the last check_memory
  // Defined here with their constant initialisers: code outside the library (tests) then reads
  // them directly, without the TLS wrapper that UBSan (GCC) reported as a store to a null pointer.
  static inline thread_local std::uint64_t t_work_ = 0, t_work_limit_ = 0;
  std::uint64_t memory_limit_ = 0;
  std::recursive_mutex mutex_;
  std::size_t chunk_bytes_ = 0;

  HugeVector<Node> nodes_;
  std::vector<Nus> nus_;
  absl::flat_hash_map<Nus, Id> nus_index_;
  absl::flat_hash_set<Id, KeyHash, KeyEq> general_index_;
  // Option lists live in chunks that never move, so spans into them stay valid.
  std::vector<std::unique_ptr<Id[]>> chunks_;
  std::size_t chunk_used_ = 0, chunk_size_ = 0;

  HugeVector<Id> neg_memo_;
  // For a general record that was computed as a sum g + h (neither a number): pair_key(g, h)
  // of one such decomposition, else kNoSum. leq cancels a common summand.
  HugeVector<std::uint64_t> sum_of_;
  absl::flat_hash_map<std::uint64_t, Id, absl::Hash<std::uint64_t>, std::equal_to<std::uint64_t>,
                      HugePageAllocator<std::pair<const std::uint64_t, Id>>>
      add_memo_;
  LeqMemo leq_memo_;
  absl::flat_hash_map<std::uint64_t, Id> ordinal_memo_;
  std::vector<std::pair<Dyadic, Dyadic>> stops_;  // (left, right) stops of general records
  // Both stops of every record as exact fixed-point integers (value * 2^kFastStopBits)
  // when they fit, else kNoFastStop: leq compares stops first, and comparing two int64
  // is much cheaper than comparing two GMP numbers (each behind a pointer).
  static constexpr int kFastStopBits = 24;
  static constexpr std::int64_t kNoFastStop = INT64_MIN;
  struct FastStops {
    std::int64_t left = kNoFastStop, right = kNoFastStop;
  };
  static std::int64_t fast_stop(const Dyadic& x);
  void set_fast_stops(Id g, const Dyadic& left, const Dyadic& right);
  HugeVector<FastStops> fast_stops_;
  HugeVector<std::uint16_t> heights_;  // see height(); saturates at 65535, 0 for nus records
};

}  // namespace cgtlab::cgt::detail
