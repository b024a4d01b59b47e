// A compact transposition table of exact nimbers with a memory bound, shared by threads, saved
// to and loaded from a plain file.
//
// Entry: KW 64-bit words (16 bytes for KW = 2). The key occupies every bit but the top byte of
// the last word; that byte holds nimber + 1 (0 marks an empty slot), so nimbers 0..254 fit and a
// key must leave the byte clear. Keys are exact (no hashing of the key itself, no false hits).
// Slots form buckets of 4 consecutive entries (one 64-byte cache line for KW = 2); a key lives
// in the bucket its hash selects. When a bucket is full, the entry with the fewest key bits set
// (the smallest position, for set-like keys: the cheapest to recompute) is replaced.
// Size: the table starts small and doubles while it is more than half full, up to its bound and
// below the process's memory line (grow(); util/memory_line.h).
// Built with TableSizes::kOrThreeTimes, a table of either layout may have 3 * 2^bb buckets where
// that is the larger within its bound (12 GiB instead of 8 under a 12 GiB bound); a wide entry's
// bucket is then its hash's low bb bits plus 2^bb times a third, (the hash's high 32 bits) * 3 >> 32.
// Memory: the slots ask for transparent huge pages (util/huge_pages.h): a probe of a table of
// gigabytes is then one cache miss instead of a TLB miss and a page walk as well (2 GiB table:
// 286 -> 178 ns per probe; Cram 3x22 resumed: +24 % positions/s; docs/PERFORMANCE.md).
// Packed entries (KW = 2; a layout of the key's bits, NimberKeyLayout, of at most 80 bits in all):
// each entry is one 64-bit word, buckets of 8 (one cache line), so the same memory holds twice
// the entries (Cram 7x8's 8 GiB table: 2^30 instead of 2^29). The key's fields are concatenated
// into z (z0: its low 64 bits, z1: the t <= 16 bits above), z0 is mixed by a bijection, m =
// mix(z0), the bucket is (m ^ spread(z1)) mod 2^bb (bb: log2 of the bucket count), and the entry
// holds, below the value byte, m >> bb and above it z1: the bucket's bits are the slot's place
// (igs's transposition table stores only the key bits its bucket does not imply). It needs
// 64 - bb + t <= 56, so a packed table has at least 2^(8+t) buckets. A packed table built with
// TableSizes::kOrThreeTimes may have 3 * 2^bb buckets (when that is the larger within its bound:
// 12 GiB instead of 8 under a 12 GiB bound): bucket (m ^ spread(z1)) mod 2^bb + 2^bb * s, with
// s = (the 32 bits of m above bit bb) * 3 >> 32 in 0..2; s is a function of the stored m >> bb,
// so the entry and unpacking are unchanged (unpacking reads only the bucket's low bb bits), and
// doubling keeps the factor 3. Unpacking (growth, saving,
// the replacement rule) inverts mix; the file format is the same in both layouts (full keys), so
// a table saved by one loads into the other. A key with a bit outside the layout cannot be in a
// packed table: get answers absent, put throws std::logic_error, load an InputError.
// Concurrency (set_concurrent): every stored fact is exact, so threads that share a table only
// gain from each other; what must never happen is a reader seeing a torn entry (the words of two
// different entries, which could pair a key with another key's value). So:
//  - A shared table never grows by itself: put/merge_flags skip the growth, and the threads that
//    share it call grow_if_needed() when none of them is inside the table (LemoineViennot's
//    rendezvous every 1024 positions). The slot array therefore never moves while shared, and no
//    lock guards it (the reader-writer lock of earlier versions cost 11 % of a two-thread run).
//  - Each group of buckets has a sequence counter (a seqlock; kLocks of them, a bucket uses
//    counter bucket % kLocks). A writer (insert, merge_flags) makes it odd by a compare-exchange
//    (other writers wait while it is odd), writes its words with atomic stores, and makes it
//    even again with a release store. A reader writes nothing: it loads the counter (acquire),
//    copies the bucket's entries word by word with relaxed atomic loads, issues an acquire fence
//    and loads the counter again; it keeps the copy only if the counter was even and unchanged.
//    Proof that a kept copy holds no torn entry: if the reader loaded any word stored by a
//    writer W, W's release fence (after making the counter odd, before its stores) and the
//    reader's acquire fence (after its loads) synchronize, so W's odd counter happens before the
//    reader's second load, which then differs from the first (the first was even, W's odd value
//    or later; counters only grow). So every kept copy saw, for each entry, the words of the last
//    writer before the first load and none of any later one: whole entries.
//  - Two threads may insert the same key into one bucket (each under the lock, one after the
//    other: the second finds it and stops), and a replacement may drop a fact another thread is
//    about to read: a lost entry reads as absent, which costs a recomputation, never a wrong
//    answer.
//  - Packed entries are one word each, so no copy can be torn: readers load the words with
//    relaxed atomic loads and no seqlock; writers claim a slot by compare-exchange (on a lost
//    race they scan the bucket again). Two threads may still store one key twice (each found the
//    bucket without it): both copies are exact, and a read ORs them (equal nimbers; flags that
//    were each merged in).
//
// File format (little-endian), version 1:
//   line 1  "cgtlab-nimber-table 1\n"
//   line 2  "key-words <KW>\n"
//   line 3  "game <free text identifying the game and key encoding>\n"
//   line 4  "entries <N>\n"
//   then N records of KW uint64 words each, in the entry layout above (empty slots omitted).
// Loading inserts every record (with the replacement rule when the table is smaller).
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "util/error.h"
#include "util/huge_pages.h"
#include "util/memory_line.h"

namespace cgtlab::solve {

// A spin-wait hint to the processor (x86 pause; nothing elsewhere).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// A table's possible bucket counts: powers of two, or (see the top of the file) three times a
// power of two as well, whichever is larger within the bound.
enum class TableSizes { kPowersOfTwo, kOrThreeTimes };

// The bits a table's keys may have set (for packed entries; see the top of the file): in word i,
// width[i] bits from bit shift[i] (width 0: the word is always 0). The fields lie within their
// words and, in the last word, below the value byte (bit 56).
// The last word may hold a second field, its `low` bits from bit 0 (below shift[KW - 1]): a grid
// shape of 65..114 cells keeps its box's last cells there and its row length at bit 50.
template <int KW>
struct NimberKeyLayout {
  std::array<int, KW> shift{}, width{};
  int low = 0;
  int bits() const {
    int b = low;
    for (int w : width) b += w;
    return b;
  }
  bool valid() const {
    for (int i = 0; i < KW; ++i)
      if (shift[i] < 0 || width[i] < 0 || shift[i] + width[i] > (i + 1 < KW ? 64 : 56)) return false;
    return low >= 0 && low <= shift[KW - 1] && (low == 0 || KW > 1);
  }
};

// A table file's header (the format at the top of this file): its key words, game line and entry count.
struct NimberTableHeader {
  int key_words = 0;
  std::string game;
  std::uint64_t entries = 0;
};

// Reads the header of a table file from f (opened on path; left at the first record; a line is
// read to at most 16 MiB, room for the game line of a dense 256-vertex graph). Throws
// InputError when f does not start with such a header or holds fewer records than it counts.
inline NimberTableHeader read_nimber_table_header(std::FILE* f, const std::string& path) {
  auto line = [&] {
    std::string s;
    for (int c; (c = std::fgetc(f)) != EOF && c != '\n' && s.size() < (std::size_t{1} << 24);) s.push_back(static_cast<char>(c));
    return s;
  };
  const std::string l1 = line(), l2 = line(), l3 = line(), l4 = line();
  auto number = [](const std::string& text, std::uint64_t& n) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
  };
  NimberTableHeader h;
  std::uint64_t kw = 0;
  if (l1 != "cgtlab-nimber-table 1" || l2.rfind("key-words ", 0) != 0 || !number(l2.substr(10), kw) || kw < 1 ||
      kw > 8 || l3.rfind("game ", 0) != 0 || l4.rfind("entries ", 0) != 0)
    throw InputError("table file " + path + " is not a nimber table");
  h.key_words = static_cast<int>(kw);
  h.game = l3.substr(5);
  // The entry count: digits only, and no more records than the file holds (checked before a
  // table grows for them).
  const std::string count = l4.substr(8);
  if (!number(count, h.entries)) throw InputError("table file " + path + " has a bad entry count '" + count + "'");
  const long start = std::ftell(f);
  const bool sized = start >= 0 && std::fseek(f, 0, SEEK_END) == 0;
  const long file_end = sized ? std::ftell(f) : -1;
  if (file_end < start || std::fseek(f, start, SEEK_SET) != 0 ||
      static_cast<std::uint64_t>(file_end - start) / (sizeof(std::uint64_t) * kw) < h.entries)
    throw InputError("table file " + path + " is truncated");
  return h;
}

// How NimberTable::load reads a file whose keys have another width than the table's. Right for key
// encodings whose only field above the key's bits sits at a fixed place below the value byte of
// the last word, whatever the width (the Kayles searches' grid keys: the row length in bits 50..55
// of the last word; games/kayles/nimber_search.cpp).
struct NimberTableLoad {
  // A file whose keys have one word more (KW + 1) is read too, each key's last two words folded
  // into one (ORed): a board keyed in four words before keys of three were chosen for it. A
  // record whose two words overlap, or whose folded word reaches the value byte, does not fold.
  bool fold_wider = false;
  // Nonzero: a file whose keys have fewer words is read too, each key padded with zero words and
  // these bits of its last word (the field) moved to the same place in the last word (a table of
  // a smaller board seeding a larger one's search).
  std::uint64_t widen_field = 0;
  // Records that do not fold, or whose key a packed table cannot hold, are skipped (counted in
  // *skipped when set) instead of being an InputError: a seed from another board, whose largest
  // shapes may not fit this one.
  bool skip_misfits = false;
  std::uint64_t* skipped = nullptr;
  // Set: each record's key (KW words, after folding or widening, the value byte cleared) is passed
  // through it before it is stored; it may rewrite the key in place (a grid-shape key written on
  // another board keyed again as this board keys that shape), or return false: a misfit.
  std::function<bool(std::uint64_t* key)> rekey;
};

template <int KW>
class NimberTable {
 public:
  using Key = std::array<std::uint64_t, KW>;
  static constexpr int kValueShift = 56;
  static constexpr std::uint64_t kValueMask = std::uint64_t{0xff} << kValueShift;
  static constexpr int kBucket = 4;
  static constexpr int kMaxNimber = 254;

  static constexpr int kPackedBucket = 8;  // packed entries: 8 words, one cache line
  static constexpr int kMaxPackedBits = 80;  // t <= 16: a table of at least 2^24 buckets (1 GiB)

  // A table of at most `bytes` bytes (a power of two of buckets, at least one; with sizes
  // kOrThreeTimes, three times a power of two where that is larger). It starts
  // at most `initial` bytes (4 MiB; smaller in tests, to make it grow) and doubles (rehashing)
  // when more than half full, up to the bound; from then on entries are replaced. With a layout of
  // 1..80 bits (KW = 2) and room for 2^(8+t) buckets, entries are packed into one word each.
  explicit NimberTable(std::uint64_t bytes, std::uint64_t initial = std::uint64_t{4} << 20,
                       const NimberKeyLayout<KW>& layout = {}, TableSizes sizes = TableSizes::kPowersOfTwo)
      : layout_(layout) {
    const int k = layout.bits();
    const int min_bb = 8 + std::max(0, k - 64);
    if (layout.valid()) {
      for (int i = 0; i < KW; ++i)
        field_mask_[i] = (layout.width[i] >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << layout.width[i]) - 1)
                         << layout.shift[i];
      high_mask_ = field_mask_[KW - 1];
      low_mask_ = (std::uint64_t{1} << layout.low) - 1;
      field_mask_[KW - 1] |= low_mask_;
    }
    // Bucket counts mul * 2^j (mul 1, or 3 when allowed and larger within the bound).
    auto size = [&](std::uint64_t bucket_bytes, bool three) {
      std::uint64_t pow2 = 1;
      while (pow2 * 2 * bucket_bytes <= bytes) pow2 *= 2;
      mul_ = three && pow2 % 2 == 0 && pow2 / 2 * 3 * bucket_bytes <= bytes ? 3 : 1;
      max_buckets_ = mul_ == 3 ? pow2 / 2 * 3 : pow2;
      buckets_ = mul_;
      while (buckets_ < max_buckets_ && buckets_ * 2 * bucket_bytes <= initial) buckets_ *= 2;
    };
    packed_ = KW == 2 && k > 0 && k <= kMaxPackedBits && layout.valid();
    // concat: word 1's fields (its low bits, then the field at shift[1] above them) go above field
    // 0's w0 bits (none of them in z0 when w0 = 64, none in z1 when w0 = 0).
    low_keep_ = layout.width[0] >= 64 ? 0 : ~std::uint64_t{0};
    high_keep_ = layout.width[0] == 0 ? 0 : ~std::uint64_t{0};
    if (packed_) {
      size(kPackedBucket * sizeof(std::uint64_t), sizes == TableSizes::kOrThreeTimes);
      if (max_buckets_ < (mul_ << min_bb)) size(kPackedBucket * sizeof(std::uint64_t), false);
      packed_ = max_buckets_ >= (mul_ << min_bb);
      buckets_ = std::max(buckets_, mul_ << min_bb);
      if (packed_) min_buckets_ = mul_ << min_bb;
    }
    if (packed_) {
      words_.assign(buckets_ * kPackedBucket, 0);
    } else {
      size(kBucket * sizeof(Key), sizes == TableSizes::kOrThreeTimes);
      min_buckets_ = mul_;
      slots_.assign(buckets_ * kBucket, Key{});
    }
    bb_ = std::countr_zero(buckets_);
    locks_ = std::make_unique<std::atomic<std::uint32_t>[]>(kLocks);
    for (std::size_t i = 0; i < kLocks; ++i) locks_[i].store(0, std::memory_order_relaxed);
  }

  // Threads other than the caller will use the table at the same time (seqlocks on, growth only
  // by grow_if_needed). Called while no other thread uses the table.
  void set_concurrent(bool on) { concurrent_ = on; }
  // Whether the table would grow now (more than half full, below its bound); any thread.
  bool wants_growth() const { return buckets_ < max_buckets_ && size() * 2 > capacity(); }
  // Grows when wants_growth(); the caller guarantees that no other thread uses the table meanwhile.
  void grow_if_needed() {
    if (wants_growth()) grow();
  }
  std::uint64_t max_bytes() const { return max_buckets_ * bucket_bytes(); }
  // The largest size this table may take within `bytes` (its sizes: mul_ * 2^j buckets, at least
  // its smallest), in bytes.
  std::uint64_t fitting_bytes(std::uint64_t bytes) const { return fitting_buckets(bytes) * bucket_bytes(); }
  // Moves the bound to fitting_bytes(bytes) (a table that shares one memory bound with another:
  // solve/shared_table_bound.h). Never below the table's size: shrink() it first.
  void set_max_bytes(std::uint64_t bytes) { max_buckets_ = std::max(fitting_buckets(bytes), buckets_); }
  // Halves the table (no other thread in it, as for growth), keeping what fits by the replacement
  // rule (the entries with the most key bits in each bucket); the dropped ones are lost facts, never
  // wrong ones. False (nothing done) at the smallest size.
  bool shrink() {
    if (buckets_ <= min_buckets_) return false;
    rehash(false);
    ++shrinks_;
    return true;
  }
  std::uint64_t shrinks() const { return shrinks_; }
  // Doublings held at the process's memory line (grow()); the table stayed at its size.
  std::uint64_t growths_held() const { return held_; }
  // Called by grow() with the size about to be taken, before the new slots are allocated (a shared
  // bound makes room there; see solve/shared_table_bound.h).
  void set_before_growth(std::function<void(std::uint64_t new_bytes)> f) { before_growth_ = std::move(f); }
  // The bucket count's odd factor: 1 (a power of two) or 3 (TableSizes::kOrThreeTimes).
  int size_factor() const { return static_cast<int>(mul_); }
  // Whether entries are packed into one word (a layout was given and fits; see the top of the file).
  bool packed() const { return packed_; }

  std::uint64_t capacity() const { return buckets_ * (packed_ ? kPackedBucket : kBucket); }
  std::uint64_t bytes() const { return buckets_ * bucket_bytes(); }
  std::uint64_t size() const { return size_.load(std::memory_order_relaxed); }
  std::uint64_t replaced() const { return replaced_.load(std::memory_order_relaxed); }

  // The stored nimber of key, or -1.
  [[gnu::always_inline]] int get(const Key& key) const { return static_cast<int>(stored_byte(key)) - 1; }

  // Starts loading the bucket of key into the cache (a later get is then cheap).
  void prefetch(const Key& key) const {
    if (packed_) __builtin_prefetch(&words_[pack(key).bucket * kPackedBucket]);
    else __builtin_prefetch(&slots_[bucket_of(key) * kBucket]);
  }

  void put(const Key& key, int nimber) {
    if (nimber < 0 || nimber > kMaxNimber)
      throw CapReached("nimber " + std::to_string(nimber) + " is beyond the table's range 0..254");
    if (packed_) {
      if (!fits(key)) throw std::logic_error("NimberTable: a key outside the table's layout");
      if (!concurrent_) grow_if_needed();
      insert_packed(pack(key), static_cast<std::uint64_t>(nimber + 1) << kValueShift, false);
      return;
    }
    if (key[KW - 1] & kValueMask) throw std::logic_error("NimberTable: a key in the value's byte");
    Key e = key;
    e[KW - 1] |= static_cast<std::uint64_t>(nimber + 1) << kValueShift;
    if (!concurrent_) grow_if_needed();
    insert(e, key);
  }

  // The same table used as a map from keys to 8 flag bits (never mixed with get/put on one
  // table): flags() reads them (0 when absent), merge_flags() ORs bits in. The outcome search
  // keeps its refutations so (bit v: the nimber is proved not to be v).
  unsigned flags(const Key& key) const { return stored_byte(key); }
  void merge_flags(const Key& key, unsigned bits) {
    bits &= 0xff;
    if (bits == 0) return;
    if (packed_ && !fits(key)) throw std::logic_error("NimberTable: a key outside the table's layout");
    if (!packed_ && (key[KW - 1] & kValueMask)) throw std::logic_error("NimberTable: a key in the value's byte");
    if (!concurrent_) grow_if_needed();
    if (packed_) {
      insert_packed(pack(key), static_cast<std::uint64_t>(bits) << kValueShift, true);
      return;
    }
    const std::uint64_t b = bucket_of(key);
    {
      Guard g(*this, b);
      Key* s = &slots_[b * kBucket];
      for (int i = 0; i < kBucket; ++i)
        if (same_key(s[i], key) && (s[i][KW - 1] & kValueMask)) {
          store_word(s[i][KW - 1], s[i][KW - 1] | static_cast<std::uint64_t>(bits) << kValueShift);
          return;
        }
    }
    // Not found: insert (another thread may insert the key in between; its bits then win and
    // these are dropped — a lost fact, never a wrong one).
    Key e = key;
    e[KW - 1] |= static_cast<std::uint64_t>(bits) << kValueShift;
    insert(e, key);
  }

 private:
  struct Packed {  // a key's place in a packed table
    std::uint64_t bucket, rest;  // rest: the entry's 56 bits below the value byte
  };
  // The value byte stored with key (nimber + 1, or the flag bits), 0 when key is absent. Always
  // inlined, as get (the search's hottest lookup; see grid_key_word's best4 in nimber_search.cpp).
  [[gnu::always_inline]] unsigned stored_byte(const Key& key) const {
    if (packed_) return stored_byte_packed(key);
    const std::uint64_t b = bucket_of(key);
    if (concurrent_) return stored_byte_shared(b, key);
    const Key* s = &slots_[b * kBucket];
    for (int i = 0; i < kBucket; ++i)
      if (same_key(s[i], key) && (s[i][KW - 1] & kValueMask)) return static_cast<unsigned>(s[i][KW - 1] >> kValueShift);
    return 0;
  }
  // stored_byte while other threads may write (the seqlock read, proof at the top of the file).
  [[gnu::noinline]] unsigned stored_byte_shared(std::uint64_t b, const Key& key) const {
    Bucket copy;
    read_bucket(b, copy);
    for (int i = 0; i < kBucket; ++i)
      if (same_key(copy[i], key) && (copy[i][KW - 1] & kValueMask))
        return static_cast<unsigned>(copy[i][KW - 1] >> kValueShift);
    return 0;
  }
  // stored_byte for packed entries: one word per entry, so no seqlock (see the top of the file).
  [[gnu::always_inline]] unsigned stored_byte_packed(const Key& key) const {
    if (!fits(key)) return 0;  // never stored
    const Packed p = pack(key);
    const std::uint64_t* s = &words_[p.bucket * kPackedBucket];
    std::uint64_t hit = 0;  // (no early exit: no branch to mispredict; a key stored twice has one value)
    for (int i = 0; i < kPackedBucket; ++i) {
      const std::uint64_t e = load_word(s[i]);
      hit |= (e & ~kValueMask) == p.rest ? e : 0;
    }
    return static_cast<unsigned>(hit >> kValueShift);
  }
  using Bucket = std::array<Key, kBucket>;
  // A consistent copy of bucket b (whole entries; seqlock when shared).
  void read_bucket(std::uint64_t b, Bucket& out) const {
    const Key* s = &slots_[b * kBucket];
    if (!concurrent_) {
      for (int i = 0; i < kBucket; ++i) out[i] = s[i];
      return;
    }
    const std::atomic<std::uint32_t>& seq = locks_[b & (kLocks - 1)];
    for (;;) {
      const std::uint32_t before = seq.load(std::memory_order_acquire);
      if (before & 1) {
        cpu_relax();
        continue;
      }
      for (int i = 0; i < kBucket; ++i)
        for (int w = 0; w < KW; ++w) out[i][w] = __atomic_load_n(&s[i][w], __ATOMIC_RELAXED);
      std::atomic_thread_fence(std::memory_order_acquire);
      if (seq.load(std::memory_order_relaxed) == before) return;
    }
  }
  // A word of a slot written while readers may copy it (an atomic store when shared).
  void store_word(std::uint64_t& w, std::uint64_t v) {
    if (concurrent_)
      __atomic_store_n(&w, v, __ATOMIC_RELAXED);
    else
      w = v;
  }
  void store_entry(Key& slot, const Key& e) {
    for (int w = 0; w < KW; ++w) store_word(slot[w], e[w]);
  }
  void insert(const Key& e, const Key& key) {
    const std::uint64_t b = bucket_of(key);
    Guard g(*this, b);
    Key* s = &slots_[b * kBucket];
    int victim = -1, victim_bits = 1 << 30;
    for (int i = 0; i < kBucket; ++i) {
      if ((s[i][KW - 1] & kValueMask) == 0) {
        store_entry(s[i], e);
        size_.fetch_add(1, std::memory_order_relaxed);
        return;
      }
      if (same_key(s[i], key)) return;  // already known (values are exact: equal)
      const int bits = popcount(s[i]);
      if (bits < victim_bits) victim_bits = bits, victim = i;
    }
    store_entry(s[victim], e);
    replaced_.fetch_add(1, std::memory_order_relaxed);
  }

  // insert for packed entries: value (the value byte in place) stored for p, or ORed into the
  // value of p's entry (merge). Lock-free: a slot is claimed by compare-exchange from the word
  // last read, and a lost race scans the bucket again. When the bucket is full, the entry with
  // the fewest key bits is replaced (the rule of the wide layout).
  void insert_packed(const Packed& p, std::uint64_t value, bool merge) {
    std::uint64_t* s = &words_[p.bucket * kPackedBucket];
    for (;;) {
      int slot = -1;
      std::uint64_t seen = 0;
      bool raced = false;
      for (int i = 0; i < kPackedBucket; ++i) {
        const std::uint64_t e = load_word(s[i]);
        if (e == 0) {
          slot = i;
          break;
        }
        if ((e & ~kValueMask) != p.rest) continue;
        if (!merge || (e | value) == e || claim(s[i], e, e | value)) return;  // known (exact), or merged
        raced = true;
        break;
      }
      if (raced) continue;
      const bool replace = slot < 0;
      if (replace) {
        int least = 1 << 30;
        for (int i = 0; i < kPackedBucket; ++i) {
          const std::uint64_t e = load_word(s[i]);
          if (const int bits = packed_key_bits(p.bucket, e); bits < least) least = bits, slot = i, seen = e;
        }
      }
      if (claim(s[slot], seen, p.rest | value)) {
        (replace ? replaced_ : size_).fetch_add(1, std::memory_order_relaxed);
        return;
      }
    }
  }
  std::uint64_t load_word(const std::uint64_t& w) const { return __atomic_load_n(&w, __ATOMIC_RELAXED); }
  // Writes desired over expected (a compare-exchange when shared); false when the word changed.
  bool claim(std::uint64_t& w, std::uint64_t expected, std::uint64_t desired) {
    if (!concurrent_) {
      w = desired;
      return true;
    }
    return __atomic_compare_exchange_n(&w, &expected, desired, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  }

  // Doubles the table (no other thread in it: see set_concurrent); rehashes without the seqlocks.
  // Held at the process's memory line (util/memory_line.h) when what the doubling adds at its
  // peak (the new room less the old, and the gathered entries: rehash) does not fit under it: the
  // table then stays at its size and replaces entries, as at its bound.
  void grow() {
    const std::uint64_t gathered = packed_ ? size() * sizeof(std::uint64_t) + buckets_ : size() * sizeof(Key);
    if (!util::memory_allows(bytes() + gathered)) {
      max_buckets_ = buckets_;
      ++held_;
      return;
    }
    if (before_growth_) before_growth_(bytes() * 2);
    rehash(true);
  }
  // Doubles (up) or halves the bucket count, re-inserting every entry (a halving keeps what fits).
  void rehash(bool up) {
    const bool shared = concurrent_;
    concurrent_ = false;
    const auto resize = [&] {
      if (up) buckets_ *= 2, ++bb_;
      else buckets_ /= 2, --bb_;
    };
    if (size() == 0) {  // nothing to rehash (a table about to load a file): the old room is freed first
      resize();
      // (Assigning a new vector frees the old storage; `= {}` would keep it: an empty list.)
      if (packed_) {
        words_ = util::HugeVector<std::uint64_t>();
        words_.assign(buckets_ * kPackedBucket, 0);
      } else {
        slots_ = util::HugeVector<Key>();
        slots_.assign(buckets_ * kBucket, Key{});
      }
      concurrent_ = shared;
      return;
    }
    // The entries are gathered first and the old slots freed before the new ones are taken, so a
    // doubling's peak is the new room and the entries (about a quarter of it: a table grows when
    // half full), not the old room and the new (half more). Node-Kayles 3x67 on a fresh table
    // (--table-mib 16384 --refutation-mib 12288 --max-memory 22016) was ended by the memory cap
    // as its refutation table doubled from 6 to 12 GiB: 4 + 6 + 12 GiB at once (2026-12-07).
    // A packed entry's key is completed by its bucket's place, so the packed gathering keeps each
    // old bucket's count (one byte per 8 words) beside its live words.
    if (packed_) {
      const int old_bb = bb_;
      std::vector<std::uint64_t> live;
      std::vector<std::uint8_t> count(buckets_, 0);
      live.reserve(size());
      for (std::uint64_t j = 0; j < words_.size(); ++j)
        if (const std::uint64_t e = words_[j]; e & kValueMask) live.push_back(e), ++count[j / kPackedBucket];
      words_ = util::HugeVector<std::uint64_t>();  // frees the old room (see the empty case above)
      resize();
      words_.assign(buckets_ * kPackedBucket, 0);
      size_.store(0);
      std::uint64_t next = 0;
      for (std::uint64_t b = 0; b < count.size(); ++b)
        for (std::uint8_t i = 0; i < count[b]; ++i, ++next)
          insert_packed(pack(unpack(b, live[next] & ~kValueMask, old_bb)), live[next] & kValueMask, false);
    } else {
      std::vector<Key> live;
      live.reserve(size());
      for (const Key& e : slots_)
        if (e[KW - 1] & kValueMask) live.push_back(e);
      slots_ = util::HugeVector<Key>();  // frees the old room (see the empty case above)
      resize();
      slots_.assign(buckets_ * kBucket, Key{});
      size_.store(0);
      for (const Key& e : live) {
        Key key = e;
        key[KW - 1] &= ~kValueMask;
        insert(e, key);
      }
    }
    concurrent_ = shared;
  }
  // The largest bucket count mul_ * 2^j (at least min_buckets_) of at most `bytes` bytes.
  std::uint64_t fitting_buckets(std::uint64_t bytes) const {
    std::uint64_t b = min_buckets_;
    while ((b * 2) * bucket_bytes() <= bytes) b *= 2;
    return b;
  }

 public:

  // Writes the table to path (see the format above); throws InputError on an I/O error.
  // Other threads may write meanwhile (a shared table): each bucket is copied whole (seqlock), so
  // the file holds whole entries; entries inserted during the save may be missing from it.
  // keep > 0: at most `keep` entries, those with the most key bits set (the largest positions,
  // the costliest to recompute; the replacement rule's measure, reversed): a small file of the
  // search's trunk that a later run can resume from when the full table is lost.
  // extra: entries written first, whatever their size (a trunk keeps the entries behind the
  // root's witnesses so: each key at most once in the file), counted beside `keep`.
  // split: a table of refutations with a high mark (LemoineViennot's refutation_high_mark, a key
  // bit no position's key has): only the records without the mark (high = false), or only those
  // with it, written with the mark cleared (high = true), each kind to its own file.
  struct Split {
    Key mark{};
    bool high = false;
  };
  void save(const std::string& path, const std::string& game, std::uint64_t keep = 0,
            const std::vector<std::pair<Key, int>>& extra = {}, const std::optional<Split>& split = std::nullopt) const {
    auto skipped = [&](const Key& e) {
      if (!split) return false;
      bool has = false;
      for (int i = 0; i < KW; ++i) has = has || (e[i] & split->mark[i]) != 0;
      return has != split->high;
    };
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) throw InputError("cannot write table file " + tmp);
    // The count first, then at most that many records (blanks when entries were dropped meanwhile).
    // With keep: entries of more than `least` key bits, then of exactly `least` bits while room is
    // left (`least` chosen from a count of the entries by key bits).
    std::uint64_t n = 0;
    std::array<std::uint64_t, 64 * KW + 1> by_bits{};
    each_record([&](const Key& e) {
      if (skipped(e)) return true;
      ++n;
      ++by_bits[static_cast<std::size_t>(popcount(e))];
      return true;
    });
    int least = 0;
    std::uint64_t room_at_least = n;  // entries of exactly `least` bits still to write
    if (keep != 0 && n > keep) {
      std::uint64_t above = 0;
      least = 64 * KW;
      while (least > 0 && above + by_bits[static_cast<std::size_t>(least)] < keep)
        above += by_bits[static_cast<std::size_t>(least--)];
      room_at_least = keep - above;
      n = keep;
    }
    std::vector<Key> extra_keys;
    for (const auto& [k, v] : extra)
      if (v >= 0 && v <= kMaxNimber && std::find(extra_keys.begin(), extra_keys.end(), k) == extra_keys.end())
        extra_keys.push_back(k);
    std::sort(extra_keys.begin(), extra_keys.end());
    std::string header = "cgtlab-nimber-table 1\nkey-words " + std::to_string(KW) + "\ngame " + game +
                         "\nentries " + std::to_string(n + extra_keys.size()) + "\n";
    bool ok = std::fwrite(header.data(), 1, header.size(), f) == header.size();
    for (const Key& k : extra_keys) {
      const auto it = std::find_if(extra.begin(), extra.end(), [&](const auto& e) { return e.first == k; });
      Key e = k;
      e[KW - 1] |= static_cast<std::uint64_t>(it->second + 1) << kValueShift;
      ok = ok && std::fwrite(e.data(), sizeof(std::uint64_t), KW, f) == static_cast<std::size_t>(KW);
    }
    std::uint64_t written = 0;
    const Key none{};
    if (n != 0)
      each_record([&](const Key& e) {
        if (skipped(e)) return true;
        if (const int bits = popcount(e); bits < least || (bits == least && room_at_least == 0)) return true;
        else if (bits == least) --room_at_least;
        Key k = e;  // written above: a blank here keeps the count
        k[KW - 1] &= ~kValueMask;
        const bool again = !extra_keys.empty() && std::binary_search(extra_keys.begin(), extra_keys.end(), k);
        Key out = e;
        if (split && split->high)
          for (int i = 0; i < KW; ++i) out[i] &= ~split->mark[i];
        ok = std::fwrite(again ? none.data() : out.data(), sizeof(std::uint64_t), KW, f) == static_cast<std::size_t>(KW);
        return ok && ++written < n;
      });
    const Key blank{};  // (entries dropped by other threads since the count)
    for (; ok && written < n; ++written)
      ok = std::fwrite(blank.data(), sizeof(std::uint64_t), KW, f) == static_cast<std::size_t>(KW);
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) throw InputError("cannot write table file " + path);
  }

  // Reads a table file written by save() for the same game; returns the entries read (records
  // read, skipped ones included). Throws InputError when the file is not such a table.
  // fold_wider: load(path, game, NimberTableLoad{.fold_wider = true}).
  std::uint64_t load(const std::string& path, const std::string& game, bool fold_wider = false) {
    NimberTableLoad how;
    how.fold_wider = fold_wider;
    return load(path, game, how);
  }
  // ... with keys of another width where `how` allows it (NimberTableLoad).
  std::uint64_t load(const std::string& path, const std::string& game, const NimberTableLoad& how) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw InputError("cannot read table file " + path);
    NimberTableHeader h;
    try {
      h = read_nimber_table_header(f, path);
    } catch (...) {
      std::fclose(f);
      throw;
    }
    const bool fold = how.fold_wider && h.key_words == KW + 1;
    const bool widen = how.widen_field != 0 && h.key_words < KW;
    if ((h.key_words != KW && !fold && !widen) || h.game != game) {
      std::fclose(f);
      // (A vertex-set game names its graph's edges: thousands of characters, clipped here.)
      auto clip = [](const std::string& s) {
        return s.size() <= 120 ? s : s.substr(0, 100) + "... (" + std::to_string(s.size()) + " characters)";
      };
      throw InputError("table file " + path + " is not a nimber table for " + clip(game) +
                       (h.game == game ? " with keys of " + std::to_string(KW) + " words"
                                       : " (its game: " + clip(h.game) + ")"));
    }
    const std::uint64_t n = h.entries;
    // Grow once, before reading, to at most a quarter full (within the bound): growing step by
    // step while reading drops the entries of buckets that overflow at each half-full doubling
    // (100 000 entries read from a 4 KiB start: 5.6 % lost; at a final load of 38 %: 1.5 %; of
    // a quarter: under 0.5 %). The run fills the rest, so the room is not wasted.
    while (buckets_ < max_buckets_ && (size() + n) * 4 > capacity()) grow();
    // Records are read in blocks and each block's buckets are prefetched a few records ahead of
    // their insertion: a large table is inserted into at random, so a load waits on memory more
    // than on the file (1.5-1.9x faster than record by record; two threads, each inserting a share
    // of the file, were slower: docs/PERFORMANCE.md, "Loading a table").
    const std::size_t words = static_cast<std::size_t>(h.key_words);
    const std::size_t record_bytes = words * sizeof(std::uint64_t);
    std::vector<std::uint64_t> buf(kLoadBlock * words);
    std::vector<Key> keys(kLoadBlock);
    std::vector<int> values(kLoadBlock);
    std::string error;
    for (std::uint64_t at = 0; at < n;) {
      const std::size_t m = static_cast<std::size_t>(std::min<std::uint64_t>(kLoadBlock, n - at));
      if (std::fread(buf.data(), record_bytes, m, f) != m) {
        error = " is truncated";
        break;
      }
      at += m;
      std::size_t k = 0;
      for (std::size_t r = 0; r < m && error.empty(); ++r) {
        const Record got = decode_record(&buf[r * words], h.key_words, fold, widen, how.widen_field, how.rekey, keys[k], values[k], error);
        if (got == Record::kKept) ++k;
        else if (got == Record::kMisfit && how.skip_misfits) {
          error.clear();
          if (how.skipped) ++*how.skipped;
        }
      }
      if (!error.empty()) break;
      constexpr std::size_t kAhead = 8;
      for (std::size_t i = 0; i < std::min(k, kAhead); ++i) prefetch(keys[i]);
      for (std::size_t i = 0; i < k; ++i) {
        if (i + kAhead < k) prefetch(keys[i + kAhead]);
        put(keys[i], values[i]);
      }
    }
    std::fclose(f);
    if (!error.empty()) throw InputError("table file " + path + error);
    return n;
  }

 private:
  static constexpr std::size_t kLoadBlock = 1 << 12;  // records read and inserted at a time
  enum class Record { kKept, kBlank, kMisfit };
  // One file record (`words` words at r) as a key e and its value v (kKept), a blank record, or a
  // misfit: a key that does not fold, or that a packed table cannot hold (why: the reason, to
  // follow the file's name in an error).
  Record decode_record(const std::uint64_t* r, int words, bool fold, bool widen, std::uint64_t widen_field,
                       const std::function<bool(std::uint64_t*)>& rekey, Key& e, int& v, std::string& why) const {
    const int last = words - 1;
    if (fold) {
      const std::uint64_t top = r[KW] & ~kValueMask;
      if ((r[KW - 1] & (top | kValueMask)) != 0) {
        why = " has keys of " + std::to_string(KW + 1) + " words that do not fold into " + std::to_string(KW);
        return Record::kMisfit;
      }
      for (int i = 0; i < KW; ++i) e[i] = r[i];
      e[KW - 1] |= top | (r[KW] & kValueMask);
    } else if (widen) {
      // The field and the value byte move from the file's last word to ours; the rest keeps its place.
      e = Key{};
      for (int i = 0; i < last; ++i) e[i] = r[i];
      e[last] = r[last] & ~(widen_field | kValueMask);
      e[KW - 1] |= r[last] & (widen_field | kValueMask);
    } else {
      for (int i = 0; i < KW; ++i) e[i] = r[i];
    }
    if (!(e[KW - 1] & kValueMask)) return Record::kBlank;
    v = value_of(e);
    e[KW - 1] &= ~kValueMask;
    if (rekey && !rekey(e.data())) {
      why = " holds a shape that does not fit this board";
      return Record::kMisfit;
    }
    if (packed_ && !fits(e)) {
      why = " holds a key outside this game's key encoding";
      return Record::kMisfit;
    }
    return Record::kKept;
  }

  // Every stored entry as a file record (the key, the value byte in the last word's top byte),
  // each bucket read whole; f returns false to stop.
  template <typename F>
  void each_record(F f) const {
    if (packed_) {
      for (std::uint64_t j = 0; j < buckets_ * kPackedBucket; ++j)
        if (const std::uint64_t e = load_word(words_[j]); e & kValueMask) {
          Key r = unpack(j / kPackedBucket, e & ~kValueMask, bb_);
          r[KW - 1] |= e & kValueMask;
          if (!f(static_cast<const Key&>(r))) return;
        }
      return;
    }
    Bucket copy;
    for (std::uint64_t b = 0; b < buckets_; ++b) {
      read_bucket(b, copy);
      for (const Key& e : copy)
        if ((e[KW - 1] & kValueMask) != 0 && !f(e)) return;
    }
  }

  static constexpr std::size_t kLocks = 1 << 12;
  // A writer's hold on a bucket's sequence counter (odd while held; see the top of the file).
  struct Guard {
    Guard(const NimberTable& t, std::uint64_t bucket) : seq(t.locks_[bucket & (kLocks - 1)]), on(t.concurrent_) {
      if (!on) return;
      std::uint32_t s = seq.load(std::memory_order_relaxed);
      for (;;) {
        if ((s & 1) == 0 && seq.compare_exchange_weak(s, s + 1, std::memory_order_acquire, std::memory_order_relaxed))
          break;
        if (s & 1) {
          cpu_relax();
          s = seq.load(std::memory_order_relaxed);
        }
      }
      held = s + 1;
      std::atomic_thread_fence(std::memory_order_release);
    }
    ~Guard() {
      if (on) seq.store(held + 1, std::memory_order_release);
    }
    std::atomic<std::uint32_t>& seq;
    bool on;
    std::uint32_t held = 0;
  };

  static bool same_key(const Key& slot, const Key& key) {
    for (int i = 0; i + 1 < KW; ++i)
      if (slot[i] != key[i]) return false;
    return (slot[KW - 1] & ~kValueMask) == key[KW - 1];
  }
  static int value_of(const Key& slot) { return static_cast<int>(slot[KW - 1] >> kValueShift) - 1; }
  static int popcount(const Key& slot) {
    int c = 0;
    for (int i = 0; i < KW; ++i) c += std::popcount(i + 1 < KW ? slot[i] : slot[i] & ~kValueMask);
    return c;
  }
  std::uint64_t bucket_bytes() const { return packed_ ? kPackedBucket * sizeof(std::uint64_t) : kBucket * sizeof(Key); }

  // Packed entries (see the top of the file). mix is a bijection of 64-bit words (xor-shifts by
  // 32 are their own inverse; odd multipliers are invertible mod 2^64), so no key bit is lost.
  static constexpr std::uint64_t kMixMul = 0xd6e8feb86659fd93ull;
  static constexpr std::uint64_t inverse(std::uint64_t a) {
    std::uint64_t x = a;  // Newton's iteration: correct bits double each step (3 at the start)
    for (int i = 0; i < 6; ++i) x *= 2 - a * x;
    return x;
  }
  static constexpr std::uint64_t kMixInv = inverse(kMixMul);
  static_assert(kMixMul * kMixInv == 1);
  // x -> s(m(s(m(s(x))))) with s: x ^ x >> 32 and m: x * mul; with mul's inverse it undoes itself.
  static std::uint64_t xor_mul_rounds(std::uint64_t x, std::uint64_t mul) {
    x ^= x >> 32;
    x *= mul;
    x ^= x >> 32;
    x *= mul;
    return x ^ (x >> 32);
  }
  static std::uint64_t mix(std::uint64_t x) { return xor_mul_rounds(x, kMixMul); }
  static std::uint64_t unmix(std::uint64_t x) { return xor_mul_rounds(x, kMixInv); }
  static std::uint64_t spread(std::uint64_t z1) { return z1 * 0x9e3779b97f4a7c15ull; }
  bool fits(const Key& key) const {
    std::uint64_t outside = 0;
    for (int i = 0; i < KW; ++i) outside |= key[i] & ~field_mask_[i];
    return outside == 0;
  }
  // The key's two fields concatenated (packed tables have KW = 2): z0 its low 64 bits, z1 the
  // bits above. Straight-line (shifts of 64 avoided by masks), as it is on every probe.
  void concat(const Key& key, std::uint64_t& z0, std::uint64_t& z1) const {
    if constexpr (KW == 2) {
      const std::uint64_t f0 = (key[0] & field_mask_[0]) >> layout_.shift[0];
      const std::uint64_t f1 = (key[1] & low_mask_) | ((key[1] & high_mask_) >> (layout_.shift[1] - layout_.low));
      const int w0 = layout_.width[0];
      z0 = f0 | ((f1 << (w0 & 63)) & low_keep_);
      z1 = ((f1 >> ((64 - w0) & 63)) & high_keep_);
    } else {
      z0 = z1 = 0;
    }
  }
  Key split(std::uint64_t z0, std::uint64_t z1) const {
    Key k{};
    if constexpr (KW == 2) {
      const int w0 = layout_.width[0];
      const std::uint64_t m0 = field_mask_[0] >> layout_.shift[0];
      const std::uint64_t f1 = w0 == 64 ? z1 : (z0 >> w0) | (w0 == 0 ? 0 : z1 << (64 - w0));
      k[0] = (z0 & m0) << layout_.shift[0];
      k[1] = (f1 & low_mask_) | (((f1 >> layout_.low) << layout_.shift[1]) & high_mask_);
    }
    return k;
  }
  [[gnu::always_inline]] Packed pack(const Key& key) const {
    std::uint64_t z0, z1;
    concat(key, z0, z1);
    const std::uint64_t m = mix(z0);
    const std::uint64_t third = (((m >> bb_) & 0xffffffffu) * mul_) >> 32;  // 0 when mul_ is 1
    return {((m ^ spread(z1)) & ((std::uint64_t{1} << bb_) - 1)) | (third << bb_), (m >> bb_) | (z1 << (64 - bb_))};
  }
  // The key of the entry whose 56 bits are rest, in bucket b of a table of 2^bb buckets (or 3 * 2^bb:
  // only b's low bb bits are read).
  Key unpack(std::uint64_t b, std::uint64_t rest, int bb) const {
    const std::uint64_t z1 = rest >> (64 - bb);
    const std::uint64_t low = (std::uint64_t{1} << (64 - bb)) - 1;
    const std::uint64_t m = ((rest & low) << bb) | ((b ^ spread(z1)) & ((std::uint64_t{1} << bb) - 1));
    return split(unmix(m), z1);
  }
  // The key bits of entry e of bucket b (the replacement rule's measure, as in the wide layout).
  int packed_key_bits(std::uint64_t b, std::uint64_t e) const { return popcount(unpack(b, e & ~kValueMask, bb_)); }

  std::uint64_t bucket_of(const Key& key) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < KW; ++i) {
      h ^= key[i];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebull;
    h ^= h >> 29;
    // 2^bb buckets: the low bb bits. 3 * 2^bb: those, plus 2^bb times a third in 0..2 taken from
    // the high 32 bits (independent of the low bits while bb <= 32: tables under 768 GiB).
    const std::uint64_t third = ((h >> 32) * mul_) >> 32;  // 0 when mul_ is 1
    return (h & ((std::uint64_t{1} << bb_) - 1)) | (third << bb_);
  }

  std::uint64_t buckets_ = 0, max_buckets_ = 0;
  std::uint64_t min_buckets_ = 1;  // the smallest size (packed: mul_ << min_bb; else mul_ buckets)
  std::uint64_t shrinks_ = 0;
  std::uint64_t held_ = 0;
  std::function<void(std::uint64_t)> before_growth_;
  std::uint64_t mul_ = 1;  // buckets_ is mul_ * 2^bb_ (mul_ 3 only with TableSizes::kOrThreeTimes)
  int bb_ = 0;  // log2(buckets_ / mul_)
  bool concurrent_ = false;
  bool packed_ = false;
  NimberKeyLayout<KW> layout_;
  std::array<std::uint64_t, KW> field_mask_{};  // every bit of the layout, word by word
  std::uint64_t high_mask_ = 0, low_mask_ = 0;    // the last word's two fields (at shift, and low)
  std::uint64_t low_keep_ = 0, high_keep_ = 0;  // concat's masks
  util::HugeVector<Key> slots_;  // huge pages: every probe is at a random bucket
  util::HugeVector<std::uint64_t> words_;  // packed entries
  std::unique_ptr<std::atomic<std::uint32_t>[]> locks_;
  std::atomic<std::uint64_t> size_{0};
  std::atomic<std::uint64_t> replaced_{0};
};

}  // namespace cgtlab::solve
