// A compact transposition table of exact nimbers with a memory bound, shared by threads, saved
// to and loaded from a plain file.
//
// Entry: KW 64-bit words (16 bytes for KW = 2). The key occupies every bit but the top byte of
// the last word; that byte holds nimber + 1 (0 marks an empty slot), so nimbers 0..254 fit and a
// key must leave the byte clear. Keys are exact (no hashing of the key itself, no false hits).
// Slots form buckets of 4 consecutive entries (one 64-byte cache line for KW = 2); a key lives
// in the bucket its hash selects. When a bucket is full, the entry with the fewest key bits set
// (the smallest position, for set-like keys: the cheapest to recompute) is replaced.
// Size: the table starts small and doubles while it is more than half full, up to its bound.
// Concurrency (set_concurrent): one spin lock per group of buckets and a reader-writer lock for
// growing; every stored fact is exact, so threads that share a table only gain from each other.
//
// File format (little-endian), version 1:
//   line 1  "cgtlab-nimber-table 1\n"
//   line 2  "key-words <KW>\n"
//   line 3  "game <free text identifying the game and key encoding>\n"
//   line 4  "entries <N>\n"
//   then N records of KW uint64 words each, in the entry layout above (empty slots omitted).
// Loading inserts every record (with the replacement rule when the table is smaller).
#pragma once
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "util/error.h"

namespace cgtlab::solve {

template <int KW>
class NimberTable {
 public:
  using Key = std::array<std::uint64_t, KW>;
  static constexpr int kValueShift = 56;
  static constexpr std::uint64_t kValueMask = std::uint64_t{0xff} << kValueShift;
  static constexpr int kBucket = 4;
  static constexpr int kMaxNimber = 254;

  // A table of at most `bytes` bytes (a power of two of buckets, at least one). It starts at
  // most 4 MiB and doubles (rehashing) when more than half full, up to the bound; from then on
  // entries are replaced.
  explicit NimberTable(std::uint64_t bytes) {
    max_buckets_ = 1;
    while (max_buckets_ * 2 * kBucket * sizeof(Key) <= bytes) max_buckets_ *= 2;
    buckets_ = 1;
    while (buckets_ < max_buckets_ && buckets_ * 2 * kBucket * sizeof(Key) <= (std::uint64_t{4} << 20)) buckets_ *= 2;
    slots_.assign(buckets_ * kBucket, Key{});
    locks_ = std::make_unique<std::atomic<std::uint8_t>[]>(kLocks);
    for (std::size_t i = 0; i < kLocks; ++i) locks_[i].store(0, std::memory_order_relaxed);
  }

  // Threads other than the caller will use the table at the same time (locks on).
  void set_concurrent(bool on) { concurrent_ = on; }
  std::uint64_t max_bytes() const { return max_buckets_ * kBucket * sizeof(Key); }

  std::uint64_t capacity() const { return buckets_ * kBucket; }
  std::uint64_t bytes() const { return capacity() * sizeof(Key); }
  std::uint64_t size() const { return size_.load(std::memory_order_relaxed); }
  std::uint64_t replaced() const { return replaced_.load(std::memory_order_relaxed); }

  // The stored nimber of key, or -1.
  [[gnu::always_inline]] int get(const Key& key) const { return static_cast<int>(stored_byte(key)) - 1; }

  // Starts loading the bucket of key into the cache (a later get is then cheap).
  void prefetch(const Key& key) const {
    std::shared_lock resize_guard(resize_, std::defer_lock);
    if (concurrent_) resize_guard.lock();
    __builtin_prefetch(&slots_[bucket_of(key) * kBucket]);
  }

  void put(const Key& key, int nimber) {
    if (nimber < 0 || nimber > kMaxNimber)
      throw CapReached("nimber " + std::to_string(nimber) + " is beyond the table's range 0..254");
    Key e = key;
    e[KW - 1] |= static_cast<std::uint64_t>(nimber + 1) << kValueShift;
    if (buckets_ < max_buckets_ && size() * 2 > capacity()) grow();
    std::shared_lock resize_guard(resize_, std::defer_lock);
    if (concurrent_) resize_guard.lock();
    insert(e, key);
  }

  // The same table used as a map from keys to 8 flag bits (never mixed with get/put on one
  // table): flags() reads them (0 when absent), merge_flags() ORs bits in. The outcome search
  // keeps its refutations so (bit v: the nimber is proved not to be v).
  unsigned flags(const Key& key) const { return stored_byte(key); }
  void merge_flags(const Key& key, unsigned bits) {
    bits &= 0xff;
    if (bits == 0) return;
    if (buckets_ < max_buckets_ && size() * 2 > capacity()) grow();
    std::shared_lock resize_guard(resize_, std::defer_lock);
    if (concurrent_) resize_guard.lock();
    const std::uint64_t b = bucket_of(key);
    {
      Guard g(*this, b);
      Key* s = &slots_[b * kBucket];
      for (int i = 0; i < kBucket; ++i)
        if (same_key(s[i], key) && (s[i][KW - 1] & kValueMask)) {
          s[i][KW - 1] |= static_cast<std::uint64_t>(bits) << kValueShift;
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
  // The value byte stored with key (nimber + 1, or the flag bits), 0 when key is absent. Always
  // inlined, as get (the search's hottest lookup; see grid_key_word's best4 in nimber_search.cpp).
  [[gnu::always_inline]] unsigned stored_byte(const Key& key) const {
    std::shared_lock resize_guard(resize_, std::defer_lock);
    if (concurrent_) resize_guard.lock();
    const std::uint64_t b = bucket_of(key);
    Guard g(*this, b);
    const Key* s = &slots_[b * kBucket];
    for (int i = 0; i < kBucket; ++i)
      if (same_key(s[i], key) && (s[i][KW - 1] & kValueMask)) return static_cast<unsigned>(s[i][KW - 1] >> kValueShift);
    return 0;
  }
  void insert(const Key& e, const Key& key) {
    const std::uint64_t b = bucket_of(key);
    Guard g(*this, b);
    Key* s = &slots_[b * kBucket];
    int victim = -1, victim_bits = 1 << 30;
    for (int i = 0; i < kBucket; ++i) {
      if ((s[i][KW - 1] & kValueMask) == 0) {
        s[i] = e;
        size_.fetch_add(1, std::memory_order_relaxed);
        return;
      }
      if (same_key(s[i], key)) return;  // already known (values are exact: equal)
      const int bits = popcount(s[i]);
      if (bits < victim_bits) victim_bits = bits, victim = i;
    }
    s[victim] = e;
    replaced_.fetch_add(1, std::memory_order_relaxed);
  }

  void grow() {
    std::unique_lock lock(resize_, std::defer_lock);
    if (concurrent_) lock.lock();
    if (buckets_ >= max_buckets_ || size() * 2 <= capacity()) return;  // another thread grew it
    std::vector<Key> old = std::move(slots_);
    buckets_ *= 2;
    slots_.assign(buckets_ * kBucket, Key{});
    size_.store(0);
    for (const Key& e : old) {
      if (!(e[KW - 1] & kValueMask)) continue;
      Key key = e;
      key[KW - 1] &= ~kValueMask;
      insert(e, key);
    }
  }

 public:

  // Writes the table to path (see the format above); throws InputError on an I/O error.
  void save(const std::string& path, const std::string& game) const {
    std::shared_lock resize_guard(resize_, std::defer_lock);
    if (concurrent_) resize_guard.lock();
    const std::string tmp = path + ".tmp";
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f) throw InputError("cannot write table file " + tmp);
    std::uint64_t n = 0;
    for (std::uint64_t i = 0; i < capacity(); ++i)
      if (slots_[i][KW - 1] & kValueMask) ++n;
    std::string header = "cgtlab-nimber-table 1\nkey-words " + std::to_string(KW) + "\ngame " + game +
                         "\nentries " + std::to_string(n) + "\n";
    bool ok = std::fwrite(header.data(), 1, header.size(), f) == header.size();
    for (std::uint64_t i = 0; ok && i < capacity(); ++i) {
      if (!(slots_[i][KW - 1] & kValueMask)) continue;
      Key e;
      {
        Guard g(*this, i / kBucket);
        e = slots_[i];
      }
      if (!(e[KW - 1] & kValueMask)) e = Key{};  // emptied meanwhile: keep the count, write a blank
      ok = std::fwrite(e.data(), sizeof(std::uint64_t), KW, f) == static_cast<std::size_t>(KW);
    }
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) throw InputError("cannot write table file " + path);
  }

  // Reads a table file written by save() for the same game; returns the entries read. Throws
  // InputError when the file is not such a table.
  std::uint64_t load(const std::string& path, const std::string& game) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw InputError("cannot read table file " + path);
    auto line = [&] {
      std::string s;
      for (int c; (c = std::fgetc(f)) != EOF && c != '\n';) s.push_back(static_cast<char>(c));
      return s;
    };
    const std::string l1 = line(), l2 = line(), l3 = line(), l4 = line();
    if (l1 != "cgtlab-nimber-table 1" || l2 != "key-words " + std::to_string(KW) || l3 != "game " + game ||
        l4.rfind("entries ", 0) != 0) {
      std::fclose(f);
      throw InputError("table file " + path + " is not a nimber table for " + game);
    }
    const std::uint64_t n = std::stoull(l4.substr(8));
    std::uint64_t read = 0;
    Key e;
    for (; read < n && std::fread(e.data(), sizeof(std::uint64_t), KW, f) == static_cast<std::size_t>(KW); ++read) {
      if (!(e[KW - 1] & kValueMask)) continue;
      const int v = value_of(e);
      e[KW - 1] &= ~kValueMask;
      put(e, v);
    }
    std::fclose(f);
    if (read != n) throw InputError("table file " + path + " is truncated");
    return read;
  }

 private:
  static constexpr std::size_t kLocks = 1 << 14;
  struct Guard {
    Guard(const NimberTable& t, std::uint64_t bucket)
        : lock(t.locks_[bucket & (kLocks - 1)]), on(t.concurrent_) {
      if (!on) return;
      while (lock.exchange(1, std::memory_order_acquire)) {
        while (lock.load(std::memory_order_relaxed)) {
        }
      }
    }
    ~Guard() {
      if (on) lock.store(0, std::memory_order_release);
    }
    std::atomic<std::uint8_t>& lock;
    bool on;
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
  std::uint64_t bucket_of(const Key& key) const {
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < KW; ++i) {
      h ^= key[i];
      h *= 0xbf58476d1ce4e5b9ull;
      h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebull;
    h ^= h >> 29;
    return h & (buckets_ - 1);
  }

  std::uint64_t buckets_ = 0, max_buckets_ = 0;
  bool concurrent_ = false;
  mutable std::shared_mutex resize_;
  std::vector<Key> slots_;
  std::unique_ptr<std::atomic<std::uint8_t>[]> locks_;
  std::atomic<std::uint64_t> size_{0};
  std::atomic<std::uint64_t> replaced_{0};
};

}  // namespace cgtlab::solve
