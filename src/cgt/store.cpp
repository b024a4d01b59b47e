// The hash-consed store: records, option lists, nus recognition, birthday and stops.
// Arithmetic and canonicalisation are in canonical.cpp.
#include "cgt/store.h"

#include <absl/hash/hash.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>

#include "util/error.h"
#include "util/stack_guard.h"

namespace cgtlab::cgt::detail {

LeqMemo::~LeqMemo() {
  if (arena_ != nullptr) munmap(arena_, arena_size_ * sizeof(std::uint32_t));
}

std::uint64_t LeqMemo::allocate(std::uint32_t bits) {
  const std::size_t words = std::size_t(1) << bits;
  if (!free_[bits].empty()) {  // a released table: zeroed again
    std::uint64_t offset = free_[bits].back();
    free_[bits].pop_back();
    std::fill(arena_ + offset, arena_ + offset + words, kEmpty);
    return offset;
  }
  if (arena_used_ + words > arena_size_) {
    // Twice as large (at least 2 MiB); mremap moves the pages without copying them, and the
    // new pages of an anonymous mapping read as zero, so fresh space needs no filling.
    std::size_t n = std::max<std::size_t>(arena_size_ * 2, std::size_t(1) << 19);
    while (n < arena_used_ + words) n *= 2;
    const std::size_t bytes = n * sizeof(std::uint32_t);
    void* p = arena_ == nullptr ? mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                                : mremap(arena_, arena_size_ * sizeof(std::uint32_t), bytes, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) throw std::bad_alloc();
    if (util::huge_pages_wanted()) madvise(p, bytes, MADV_HUGEPAGE);  // a hint only
    arena_ = static_cast<std::uint32_t*>(p);
    arena_size_ = n;
  }
  const std::uint64_t offset = arena_used_;
  arena_used_ += words;
  return offset;
}

void LeqMemo::grow(Id hi) {
  Table old = tables_[hi];
  // 16 words (one cache line) first; the arena is 64-byte aligned and every table a
  // multiple of 16 words, so a table starts on a line.
  const std::uint32_t bits = old.count == 0 ? 4 : old.bits + 1;
  const std::uint64_t offset = allocate(bits);  // may move the arena
  const std::uint32_t mask = (std::uint32_t{1} << bits) - 1;
  std::uint32_t* w = arena_ + offset;
  if (old.count != 0) {
    const std::uint32_t* from = arena_ + old.offset;
    for (std::size_t k = 0, n = std::size_t(1) << old.bits; k < n; ++k) {
      std::uint32_t e = from[k];
      if (e == kEmpty) continue;
      std::uint32_t i = slot(e >> kCodeBits, bits);
      while (w[i] != kEmpty) i = (i + 1) & mask;
      w[i] = e;
    }
    free_[old.bits].push_back(old.offset);
  }
  tables_[hi] = {offset, old.count, bits};
}

Store& Store::get() {
  static Store store;
  return store;
}

Store::Store() : general_index_(0, KeyHash{this}, KeyEq{this}) {
  Id zero = nus(Dyadic(0), 0, 0);
  (void)zero;  // always id 0 (kZero)
}

std::size_t Store::KeyHash::operator()(const OptKey& k) const {
  return absl::HashOf(k.n_left, absl::MakeConstSpan(k.opts, k.n_left + k.n_right));
}

bool Store::KeyEq::same(const OptKey& a, const OptKey& b) {
  return a.n_left == b.n_left && a.n_right == b.n_right &&
         std::memcmp(a.opts, b.opts, sizeof(Id) * (a.n_left + a.n_right)) == 0;
}

void Store::throw_cap() const {
  throw CapReached("game computation stopped after " + std::to_string(t_work_limit_) +
                   " game operations (raise --max-positions, 0 = no cap)");
}

std::size_t Store::bytes() const {
  // flat_hash_* tables: one control byte per slot plus the slot.
  auto table = [](std::size_t capacity, std::size_t slot) { return capacity * (slot + 1); };
  return nodes_.capacity() * sizeof(Node) + nus_.capacity() * sizeof(Nus) +
         table(nus_index_.capacity(), sizeof(Nus) + sizeof(Id)) + table(general_index_.capacity(), sizeof(Id)) +
         chunk_bytes_ + neg_memo_.capacity() * sizeof(Id) + sum_of_.capacity() * sizeof(std::uint64_t) +
         table(add_memo_.capacity(), sizeof(std::uint64_t) + sizeof(Id)) +
         leq_memo_.bytes() +
         table(ordinal_memo_.capacity(), sizeof(std::uint64_t) + sizeof(Id)) +
         stops_.capacity() * sizeof(std::pair<Dyadic, Dyadic>) + fast_stops_.capacity() * sizeof(FastStops) +
         heights_.capacity() * sizeof(std::uint16_t);
}

void Store::check_memory() const {
  if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) throw CapReached("sums stopped by their owner");
  if (memory_limit_ == 0) return;
  std::size_t held = bytes();
  published_bytes_.store(held, std::memory_order_relaxed);
  if (owner_ != nullptr) held += owner_->published_bytes_.load(std::memory_order_relaxed);
  if (exchange_ != nullptr) held += exchange_bytes(*exchange_);
  if (held > memory_limit_)
    throw CapReached("the game store reached the memory cap of " + std::to_string(memory_limit_ >> 20) +
                     " MiB (raise --max-memory, 0 = no cap)");
}

std::int64_t Store::fast_stop(const Dyadic& x) {
  if (x.exponent() > static_cast<unsigned long>(kFastStopBits) || !x.numerator().fits_slong_p()) return kNoFastStop;
  long n = x.numerator().get_si();
  constexpr long kLimit = 1L << 36;  // |n| * 2^24 stays far inside int64
  if (n >= kLimit || n <= -kLimit) return kNoFastStop;
  return static_cast<std::int64_t>(n) * (std::int64_t{1} << (kFastStopBits - static_cast<int>(x.exponent())));
}

void Store::set_fast_stops(Id g, const Dyadic& left, const Dyadic& right) {
  if (fast_stops_.size() <= g) fast_stops_.resize(std::size_t(g) + 1 + g / 2);
  fast_stops_[g] = {fast_stop(left), fast_stop(right)};
}

Id Store::new_node(Node n) {
  charge();
  if (nodes_.size() >= kNone - 1) throw CapReached("game store full (2^32 canonical forms)");
  nodes_.push_back(n);
  return static_cast<Id>(nodes_.size() - 1);
}

const Id* Store::store_options(const std::vector<Id>& left, const std::vector<Id>& right) {
  std::size_t n = left.size() + right.size();
  if (n == 0) return nullptr;
  if (chunks_.empty() || chunk_used_ + n > chunk_size_) {
    chunk_size_ = std::max<std::size_t>(n, std::size_t(1) << 20);
    chunks_.push_back(std::make_unique<Id[]>(chunk_size_));
    chunk_bytes_ += chunk_size_ * sizeof(Id);
    chunk_used_ = 0;
  }
  Id* out = chunks_.back().get() + chunk_used_;
  std::copy(left.begin(), left.end(), out);
  std::copy(right.begin(), right.end(), out + left.size());
  chunk_used_ += n;
  return out;
}

Id Store::nus(const Dyadic& x, long ups, Grundy star) {
  Nus key{x, ups, star};
  auto it = nus_index_.find(key);
  if (it != nus_index_.end()) return it->second;
  Node n;
  n.nus = static_cast<std::uint32_t>(nus_.size());
  nus_.push_back(key);
  Id id = new_node(n);
  set_fast_stops(id, key.number, key.number);
  nus_index_.emplace(std::move(key), id);
  return id;
}

// The canonical options of x + n.^ + *m (as CGSuite builds them):
//   number: integer n > 0: {n-1|}; n < 0: {|n+1}; m/2^k: {x - 2^-k | x + 2^-k}
//   x*m:             {x, x*, ..., x*(m-1) | same}
//   x^* = {x, x* | x},   xv* = {x | x, x*}
//   x + n.^ *m, n>0: {x | x + (n-1).^ *(m^1)};  n<0: {x + (n+1).^ *(m^1) | x}
void Store::build_nus_options(Id g) {
  Nus v = nus_of(g);  // copy: building may grow nus_
  std::vector<Id> left, right;
  if (v.ups == 0 && v.star == 0) {
    if (v.number.is_integer()) {
      if (v.number.sign() > 0) left.push_back(number(v.number - Dyadic(1)));
      if (v.number.sign() < 0) right.push_back(number(v.number + Dyadic(1)));
    } else {
      Dyadic step(mpz_class(1), v.number.exponent());
      left.push_back(number(v.number - step));
      right.push_back(number(v.number + step));
    }
  } else if (v.ups == 0) {
    for (Grundy i = 0; i < v.star; ++i) left.push_back(nus(v.number, 0, i));
    right = left;
  } else if (v.ups == 1 && v.star == 1) {
    left = {number(v.number), nus(v.number, 0, 1)};
    right = {number(v.number)};
  } else if (v.ups == -1 && v.star == 1) {
    left = {number(v.number)};
    right = {number(v.number), nus(v.number, 0, 1)};
  } else if (v.ups > 0) {
    left = {number(v.number)};
    right = {nus(v.number, v.ups - 1, v.star ^ 1)};
  } else {
    left = {nus(v.number, v.ups + 1, v.star ^ 1)};
    right = {number(v.number)};
  }
  // Listing x*m's 2m options finds existing records, which new_node does not charge: one unit per
  // 16 listed (2:^*9999 lists 10^4 nimbers' options, 5*10^7 entries, and ran 5 s under a 20 000 cap).
  charge((left.size() + right.size()) / 16);
  std::sort(left.begin(), left.end());
  std::sort(right.begin(), right.end());
  Node& n = nodes_[g];
  n.opts = store_options(left, right);
  n.n_left = static_cast<std::uint32_t>(left.size());
  n.n_right = static_cast<std::uint32_t>(right.size());
  if (n.opts == nullptr) n.opts = reinterpret_cast<const Id*>(&kZero);  // {|}: built, empty
}

std::span<const Id> Store::options(Id g, bool left_side) {
  if (nodes_[g].opts == nullptr && is_nus(g)) build_nus_options(g);
  const Node& n = nodes_[g];
  if (left_side) return {n.opts, n.n_left};
  return {n.opts + n.n_left, n.n_right};
}

// Recognises canonical option lists that form a nus (the inverse of build_nus_options),
// so that a nus never also exists as a general record.
Id Store::recognise_nus(const std::vector<Id>& L, const std::vector<Id>& R) {
  auto num = [&](Id g) -> const Dyadic& { return nus_of(g).number; };
  if (L.empty() && R.empty()) return kZero;
  if (L.empty()) return number(num(R[0]) - Dyadic(1));  // canonical {|n} is an integer
  if (R.empty()) return number(num(L[0]) + Dyadic(1));
  for (Id g : L)
    if (!is_nus(g)) return kNone;
  for (Id g : R)
    if (!is_nus(g)) return kNone;
  if (L.size() == 1 && R.size() == 1) {
    Id l = L[0], r = R[0];
    if (is_number(l) && is_number(r) && num(l) < num(r)) return number((num(l) + num(r)).half());
    if (is_number(l) && !is_number(r) && num(l) == num(r) && nus_of(r).ups >= 0)
      return nus(num(l), nus_of(r).ups + 1, nus_of(r).star ^ 1);
    if (is_number(r) && !is_number(l) && num(l) == num(r) && nus_of(l).ups <= 0)
      return nus(num(r), nus_of(l).ups - 1, nus_of(l).star ^ 1);
  }
  auto is_x_and_xstar = [&](const std::vector<Id>& two, Id x) {
    if (two.size() != 2 || !is_number(x)) return false;
    Id a = two[0], b = two[1];
    if (b == x) std::swap(a, b);
    if (a != x) return false;
    const Nus& nb = nus_of(b);
    return nb.ups == 0 && nb.star == 1 && nb.number == num(x);
  };
  if (R.size() == 1 && is_x_and_xstar(L, R[0])) return nus(num(R[0]), 1, 1);
  if (L.size() == 1 && is_x_and_xstar(R, L[0])) return nus(num(L[0]), -1, 1);
  if (L == R) {  // x*m = {x, x*, ..., x*(m-1) | same}
    const Dyadic& x = num(L[0]);
    std::vector<bool> seen(L.size(), false);
    for (Id g : L) {
      const Nus& v = nus_of(g);
      if (v.ups != 0 || !(v.number == x) || v.star >= L.size() || seen[v.star]) return kNone;
      seen[v.star] = true;
    }
    return nus(x, 0, L.size());
  }
  return kNone;
}

Id Store::from_canonical_options(std::vector<Id> left, std::vector<Id> right) {
  std::sort(left.begin(), left.end());
  std::sort(right.begin(), right.end());
  Id known = recognise_nus(left, right);
  if (known != kNone) return known;
  OptKey probe;
  absl::InlinedVector<Id, 64> joined;
  joined.reserve(left.size() + right.size());
  joined.insert(joined.end(), left.begin(), left.end());
  joined.insert(joined.end(), right.begin(), right.end());
  probe.opts = joined.data();
  probe.n_left = static_cast<std::uint32_t>(left.size());
  probe.n_right = static_cast<std::uint32_t>(right.size());
  auto it = general_index_.find(probe);
  if (it != general_index_.end()) return *it;
  // A general canonical form is not a number, so both sides have options.
  Dyadic ls = right_stop(left[0]), rs = left_stop(right[0]);
  for (Id o : left)
    if (ls < right_stop(o)) ls = right_stop(o);
  for (Id o : right)
    if (left_stop(o) < rs) rs = left_stop(o);
  Node n;
  n.opts = store_options(left, right);
  n.n_left = probe.n_left;
  n.n_right = probe.n_right;
  Id id = new_node(n);
  if (stops_.size() < nodes_.size()) stops_.resize(nodes_.size() + nodes_.size() / 2);
  set_fast_stops(id, ls, rs);
  stops_[id] = {std::move(ls), std::move(rs)};
  std::uint32_t h = 0;
  for (Id o : left) h = std::max(h, height(o));
  for (Id o : right) h = std::max(h, height(o));
  if (heights_.size() <= id) heights_.resize(std::size_t(id) + 1 + id / 2);
  heights_[id] = static_cast<std::uint16_t>(std::min<std::uint32_t>(h + 1, 65535));
  general_index_.insert(id);
  return id;
}

long Store::birthday(Id g) {
  if (is_nus(g)) {
    const Nus& v = nus_of(g);
    mpz_class b = v.number.birthday();
    long up_mag = v.ups < 0 ? -v.ups : v.ups;
    mpz_class up_star;  // birthday of n.^ *m (CGSuite's formula)
    if (up_mag > 0 && v.star == 0) {
      up_star = mpz_class(up_mag) + 1;
    } else if ((up_mag & 1) == 1 && v.star != 1) {
      up_star = mpz_class(up_mag) + mpz_class(std::to_string(v.star ^ 1));
    } else {
      up_star = mpz_class(up_mag) + mpz_class(std::to_string(v.star));
    }
    b += up_star;
    if (!b.fits_slong_p()) throw CapReached("birthday exceeds the range of a long");
    return b.get_si();
  }
  if (nodes_[g].birthday >= 0) return nodes_[g].birthday;
  check_stack();
  long b = 0;
  for (Id o : left(g)) b = std::max(b, birthday(o) + 1);
  for (Id o : right(g)) b = std::max(b, birthday(o) + 1);
  nodes_[g].birthday = static_cast<std::int32_t>(std::min<long>(b, 0x7fffffff));
  return b;
}

}  // namespace cgtlab::cgt::detail
