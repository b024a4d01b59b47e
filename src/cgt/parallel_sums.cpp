// Sums of independent pairs on two threads (Store::add_all). The store is not thread-safe,
// so a worker thread sums in a private store: the pairs' games are copied into it (children
// first; a canonical form is canonical in any store) while the caller waits. Then both
// threads sum every pair, the caller from the first, the worker from the last, and share
// their sums through an exchange (SumExchange, under one mutex): before summing g + h, a
// thread asks the exchange; a sum the other thread has finished is copied from there (only
// its records new to this store), one the other thread is summing is not reduced twice (its
// options are summed here, shared the same way, then its result is awaited), and an unknown
// one is claimed, summed and published. The caller thus ends with every sum; the worker is
// stopped then. Canonical forms are unique, so the results are the forms add() gives here.
//
// Why: the sums G^L - G and G - G^R of a game's incentives share most of their subsums (all
// are differences of two followers of G). In private stores without the exchange (the split
// before 2026-11-25: two pairs of four on each thread), each thread summed 70 % of the
// subsums the other summed too: BM_AnalyzeT3Twelve position 11, 38 971 sums in one store,
// 32 411 on the caller and 33 771 on the worker, 27 211 on both (64-71 % of each thread's
// time; counted by the forms' hashes). With the exchange each sum is reduced once (claims
// 18-22 k + 17-21 k = 38 971); what stays duplicated is comparisons, each store having its
// own memo (3.6 M computed comparisons on the two threads, 3.1 M in one store). Going
// through the pairs in opposite orders shares best (3.6 M, against 3.75 M for other orders).
// With one CPU (sched_getaffinity) everything stays on the calling thread.
#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <latch>
#include <mutex>
#include <memory>

#include "cgt/store.h"
#include "util/error.h"
#include "util/large_stack.h"
#include "util/stack_guard.h"

namespace cgtlab::cgt::detail {

namespace {

int available_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return 1;
  return CPU_COUNT(&set);
}

// Below this many followers (of both games) in two of the pairs, a thread and the copies
// cost more than they save.
constexpr std::size_t kMinFollowers = 64;

}  // namespace

// The number of general records reachable from g (g included), counted up to `limit`: a
// measure of what summing g costs.
std::size_t Store::follower_estimate(Id g, std::size_t limit) {
  absl::flat_hash_set<Id> seen;
  std::vector<Id> stack;
  if (!is_nus(g)) stack.push_back(g);
  while (!stack.empty() && seen.size() < limit) {
    Id x = stack.back();
    stack.pop_back();
    if (!seen.insert(x).second) continue;
    for (Id o : left(x))
      if (!is_nus(o)) stack.push_back(o);
    for (Id o : right(x))
      if (!is_nus(o)) stack.push_back(o);
  }
  return seen.size();
}

// Whether a worker thread is worth starting for these pairs: two CPUs available to the
// process and two pairs with 64 followers or more (else a thread and the copies cost more).
bool Store::worth_a_worker(const std::vector<std::pair<Id, Id>>& pairs) {
  if (sum_threads_ == SumThreads::kOff || pairs.size() < 2) return false;
  if (sum_threads_ == SumThreads::kAlways) return true;
  if (available_cpus() < 2) return false;
  std::size_t large = 0;
  for (auto [a, b] : pairs)
    if (follower_estimate(a, kMinFollowers) + follower_estimate(b, kMinFollowers) >= kMinFollowers) ++large;
  return large >= 2;
}

Id Store::import(Store& from, Id g, absl::flat_hash_map<Id, Id>& done) {
  if (from.is_nus(g)) {
    const Nus& v = from.nus_of(g);
    return nus(v.number, v.ups, v.star);
  }
  if (auto it = done.find(g); it != done.end()) return it->second;
  check_stack();
  std::vector<Id> l, r;
  for (Id o : from.left(g)) l.push_back(import(from, o, done));
  for (Id o : from.right(g)) r.push_back(import(from, o, done));
  Id result = from_canonical_options(std::move(l), std::move(r));
  done.emplace(g, result);
  return result;
}

// The exchange of add_all's split: the canonical forms the two threads show each other, as
// hash-consed nodes under exchange ids (nus values as leaves; a general form as its sorted
// Left and Right option ids), and the state of every sum either thread asked: claimed by a
// thread, or done with its result. Each thread keeps the map of its store's ids to exchange
// ids and back, so a form is copied only where it is new. Everything is under one mutex.
class SumExchange {
 public:
  using Xid = std::uint32_t;
  static constexpr Xid kNoXid = 0xffffffffu;

  // Exchange id of g in `store` (thread `side`): its canonical form, added when new.
  Xid put(Store& store, int side, Id g) {
    Side& me = sides_[side];
    if (auto it = me.to_x.find(g); it != me.to_x.end()) return it->second;
    check_stack();
    Xid x;
    if (store.is_nus(g)) {
      const Nus& v = store.nus_of(g);
      auto [it, fresh] = nus_index_.try_emplace(v, Xid(nodes_.size()));
      if (fresh) {
        nodes_.push_back({Xid(nus_.size()), 0, 0, 0});
        nus_.push_back(v);
      }
      x = it->second;
    } else {
      std::vector<Xid> key;  // n_left, then the sorted Left and Right exchange ids
      std::span<const Id> l = store.left(g), r = store.right(g);
      key.reserve(1 + l.size() + r.size());
      key.push_back(Xid(l.size()));
      for (Id o : l) key.push_back(put(store, side, o));
      for (Id o : r) key.push_back(put(store, side, o));
      std::sort(key.begin() + 1, key.begin() + 1 + std::ptrdiff_t(l.size()));
      std::sort(key.begin() + 1 + std::ptrdiff_t(l.size()), key.end());
      auto [it, fresh] = index_.try_emplace(std::move(key), Xid(nodes_.size()));
      if (fresh) {
        const std::vector<Xid>& k = it->first;
        nodes_.push_back({kNoXid, Xid(options_.size()), k[0], Xid(k.size() - 1 - k[0])});
        options_.insert(options_.end(), k.begin() + 1, k.end());
        bytes_.store(bytes_.load(std::memory_order_relaxed) + 64 + 8 * k.size(), std::memory_order_relaxed);
      }
      x = it->second;
    }
    link(me, g, x);
    return x;
  }

  // The form of exchange id x in `store` (thread `side`), copied children first where new.
  Id get(Store& store, int side, Xid x) {
    Side& me = sides_[side];
    if (x < me.from_x.size() && me.from_x[x] != kNone) return me.from_x[x];
    check_stack();
    Node n = nodes_[x];
    Id g;
    if (n.nus != kNoXid) {
      const Nus& v = nus_[n.nus];
      g = store.nus(v.number, v.ups, v.star);
    } else {
      std::vector<Id> l, r;
      l.reserve(n.n_left);
      r.reserve(n.n_right);
      for (Xid i = 0; i < n.n_left; ++i) l.push_back(get(store, side, options_[n.begin + i]));
      for (Xid i = 0; i < n.n_right; ++i) r.push_back(get(store, side, options_[n.begin + n.n_left + i]));
      g = store.from_canonical_options(std::move(l), std::move(r));
      link(me, g, x);  // first: a summand may be a sum with g as a summand (x = a + b, a = x - b)
      if (auto it = sum_of_.find(x); it != sum_of_.end()) {
        // a sum there, so a sum here (leq cancels a common summand of two recorded sums)
        Id a = get(store, side, Xid(it->second >> 32)), b = get(store, side, Xid(it->second));
        store.note_sum(g, a < b ? pair_key(a, b) : pair_key(b, a));
      }
      return g;
    }
    link(me, g, x);
    return g;
  }
  // Records that x is the sum of the forms of `key` (a pair of exchange ids).
  void note_sum(Xid x, std::uint64_t key) {
    if (nodes_[x].nus == kNoXid) sum_of_.emplace(x, key);
  }

  struct Sum {
    Xid result = kNoXid;  // kNoXid: being summed by `owner`
    int owner = 0;
  };
  std::mutex mutex;
  std::condition_variable changed;  // a sum done or given up
  Store::Split split;               // the sums each thread reduced
  int waiting = 0;                  // threads waiting on `changed`
  absl::flat_hash_map<std::uint64_t, Sum> sums;
  std::size_t bytes() const { return bytes_.load(std::memory_order_relaxed); }

 private:
  struct Node {
    Xid nus;  // index into nus_, or kNoXid for a general form
    Xid begin, n_left, n_right;  // its options in options_
  };
  struct Side {
    // A map, not a vector by id: the caller's store may hold millions of records, and a
    // vector as long as it would be allocated and cleared by every split.
    absl::flat_hash_map<Id, Xid> to_x;
    std::vector<Id> from_x;  // by exchange id; kNone: not in the thread's store yet
  };
  static void link(Side& me, Id g, Xid x) {
    me.to_x.emplace(g, x);
    if (x >= me.from_x.size()) me.from_x.resize(std::size_t(x) + 1 + x / 2, kNone);
    if (me.from_x[x] == kNone) me.from_x[x] = g;
  }
  std::vector<Node> nodes_;
  std::vector<Xid> options_;
  std::vector<Nus> nus_;
  absl::flat_hash_map<Nus, Xid> nus_index_;
  absl::flat_hash_map<std::vector<Xid>, Xid> index_;
  absl::flat_hash_map<Xid, std::uint64_t> sum_of_;  // a decomposition as a sum, when one is known
  Side sides_[2];
  std::atomic<std::size_t> bytes_{0};
};

std::size_t exchange_bytes(const SumExchange& exchange) { return exchange.bytes(); }

void ExchangeClaim::give_up() noexcept {
  std::lock_guard lock(exchange->mutex);
  exchange->sums.erase(key);
  state = kNone;
  if (exchange->waiting > 0) exchange->changed.notify_all();
}

Id Store::exchange_begin(Id g, Id h, ExchangeClaim& claim) {
  SumExchange& ex = *exchange_;
  std::unique_lock lock(ex.mutex);
  SumExchange::Xid a = ex.put(*this, exchange_side_, g), b = ex.put(*this, exchange_side_, h);
  claim.exchange = &ex;
  claim.side = exchange_side_;
  claim.key = a < b ? pair_key(a, b) : pair_key(b, a);
  auto [it, fresh] = ex.sums.try_emplace(claim.key, SumExchange::Sum{SumExchange::kNoXid, exchange_side_});
  if (fresh) {
    claim.state = ExchangeClaim::kMine;
    return kNone;
  }
  if (it->second.result != SumExchange::kNoXid) {
    if (exchange_side_ == 0) ++worker_sums_;
    return ex.get(*this, exchange_side_, it->second.result);
  }
  // Being summed by the other thread (a thread never meets its own claim: the sums it has
  // claimed and not finished are the ones it is inside, all larger than this one).
  claim.state = ExchangeClaim::kOthers;
  return kNone;
}

// Waiting cannot deadlock: a thread waits only for a sum that is an option's option ... of
// every sum it is inside (claimed or not), so two threads waiting for each other's claims
// would each be inside a sum smaller than the other's.
Id Store::exchange_settle(ExchangeClaim& claim) {
  SumExchange& ex = *exchange_;
  std::unique_lock lock(ex.mutex);
  for (;;) {
    auto it = ex.sums.find(claim.key);
    if (it == ex.sums.end()) {  // given up: summed here
      ex.sums.emplace(claim.key, SumExchange::Sum{SumExchange::kNoXid, exchange_side_});
      claim.state = ExchangeClaim::kMine;
      return kNone;
    }
    if (it->second.result != SumExchange::kNoXid) {
      claim.state = ExchangeClaim::kNone;
      if (exchange_side_ == 0) ++worker_sums_;
      return ex.get(*this, exchange_side_, it->second.result);
    }
    ++ex.waiting;
    ex.changed.wait(lock);
    --ex.waiting;
  }
}

// After every reduction made while the exchange is on (claimed or not, for last_split).
void Store::exchange_publish(ExchangeClaim& claim, Id result) {
  SumExchange& ex = *exchange_;
  std::lock_guard lock(ex.mutex);
  ex.split.reduced[exchange_side_].push_back(claim.key);
  if (claim.state != ExchangeClaim::kMine) return;
  SumExchange::Xid x = ex.put(*this, exchange_side_, result);
  ex.sums[claim.key].result = x;
  ex.note_sum(x, claim.key);
  claim.state = ExchangeClaim::kNone;
  if (ex.waiting > 0) ex.changed.notify_all();
}

std::vector<Id> Store::add_all(const std::vector<std::pair<Id, Id>>& pairs) {
  std::vector<Id> out(pairs.size(), kNone);
  // Sums already known (the memo) or without a memo (zero, two nus values) are answered here
  // first: only the others are worth a thread. Without this, asking the same incentives again
  // (analyze asks all, then the Left and the Right ones) summed the worker's share anew in an
  // empty store each time: `blocking value --analyze` of position 11 took 1.7 s instead of 1.0 s.
  std::vector<std::pair<Id, Id>> open;
  std::vector<std::size_t> open_at;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    auto [a, b] = pairs[i];
    if (a == kZero || b == kZero || (is_nus(a) && is_nus(b)) ||
        add_memo_.contains(a < b ? pair_key(a, b) : pair_key(b, a))) {
      out[i] = add(a, b);
    } else {
      open.push_back(pairs[i]);
      open_at.push_back(i);
    }
  }
  if (!worth_a_worker(open)) {
    for (std::size_t i : open_at) out[i] = add(pairs[i].first, pairs[i].second);
    return out;
  }
  // The worker's cap: what is left of this thread's (0: none).
  const std::uint64_t limit = t_work_limit_, budget = limit == 0 ? 0 : limit > t_work_ ? limit - t_work_ : 1;
  published_bytes_.store(bytes(), std::memory_order_relaxed);
  SumExchange exchange;  // outlives the worker (declared before its thread)
  std::unique_ptr<Store> worker;
  std::atomic<bool> cancel{false};
  std::latch copied(1);
  // The worker copies the pairs from this store while this thread waits (this store is not
  // read after that), then sums them; every record it makes is charged to its own thread.
  StackThread thread(
      [&] {
        struct Release {
          std::latch& latch;
          bool done = false;
          void operator()() {
            if (!done) latch.count_down();
            done = true;
          }
          ~Release() { (*this)(); }
        } release{copied};
        worker.reset(new Store());
        worker->owner_ = this;
        worker->cancel_ = &cancel;
        worker->memory_limit_ = memory_limit_;
        worker->set_work_limit(budget);
        absl::flat_hash_map<Id, Id> done;
        std::vector<std::pair<Id, Id>> mine;
        mine.reserve(open.size());
        for (std::size_t k = open.size(); k-- > 0;)  // the last pair first
          mine.emplace_back(worker->import(*this, open[k].first, done), worker->import(*this, open[k].second, done));
        release();
        worker->exchange_ = &exchange;
        worker->exchange_side_ = 1;
        for (auto [a, b] : mine) worker->add(a, b);
      },
      std::max(current_stack_size(), std::size_t(8) << 20));
  if (!thread.started()) {
    for (std::size_t i : open_at) out[i] = add(pairs[i].first, pairs[i].second);
    return out;
  }
  copied.wait();
  {
    struct Stop {  // the worker stops at its next check once this thread has every sum or throws
      std::atomic<bool>& cancel;
      Store& store;
      ~Stop() {
        cancel.store(true, std::memory_order_relaxed);
        store.exchange_ = nullptr;
      }
    } stop{cancel, *this};
    exchange_ = &exchange;
    exchange_side_ = 0;
    for (std::size_t k = 0; k < open.size(); ++k) out[open_at[k]] = add(open[k].first, open[k].second);
  }
  try {
    thread.join();
  } catch (...) {  // stopped, its cap, its memory, or a failure: this thread has every sum
  }
  last_split_ = std::move(exchange.split);
  return out;
}

}  // namespace cgtlab::cgt::detail
