// Sums of independent pairs on two threads (Store::add_all). The store is not thread-safe,
// so the worker thread sums its share in a private store: the pairs' games are copied into
// it (children first; a canonical form is canonical in any store), summed there, and the
// results are copied back and recorded in this store's sum memo. Canonical forms are
// unique, so the results are the same forms as add() gives here, in any split.
//
// Cost: the private store starts cold (none of this store's memos), and sums that share
// subsums (G^L1 - G and G^L2 - G) no longer share them across the threads. The four
// incentives of BM_AnalyzeT3Twelve position 11 cost 1.0 s of CPU in one store and about
// 0.7 s + 0.7 s split in two, so the split pays only with a second CPU: with one
// (sched_getaffinity) everything stays on the calling thread.
#include <sched.h>

#include <algorithm>
#include <latch>
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

// The pairs the worker sums, dealt as in a snake draft over the list (here, worker,
// worker, here, here, ...): G's Left incentives come first and its Right ones after, so
// each thread gets Left and Right incentives alike (the two kinds differ in cost: on
// BM_AnalyzeT3Twelve position 11 the split {G^L1 - G, G - G^R2} / {G^L2 - G, G - G^R1}
// costs 0.70 / 0.71 s, Left / Right 0.65 / 0.75-0.86 s, alternating 0.68 / 0.77 s).
// None when the two largest pairs are small: a thread and the copies would cost more.
std::vector<std::size_t> Store::worker_share(const std::vector<std::pair<Id, Id>>& pairs) {
  if (sum_threads_ == SumThreads::kOff || pairs.size() < 2) return {};
  if (sum_threads_ == SumThreads::kAuto) {
    if (available_cpus() < 2) return {};
    std::size_t large = 0;
    for (auto [a, b] : pairs)
      if (follower_estimate(a, kMinFollowers) + follower_estimate(b, kMinFollowers) >= kMinFollowers) ++large;
    if (large < 2) return {};
  }
  std::vector<std::size_t> share;
  for (std::size_t i = 0; i < pairs.size(); ++i)
    if (i % 4 == 1 || i % 4 == 2) share.push_back(i);
  return share;
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

void Store::remember_sum(Id a, Id b, Id result) {
  if (a == kZero || b == kZero || (is_nus(a) && is_nus(b))) return;  // add() needs no memo
  std::uint64_t key = a < b ? pair_key(a, b) : pair_key(b, a);
  if (add_memo_.emplace(key, result).second) note_sum(result, key);
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
  std::vector<std::size_t> share = worker_share(open);
  if (share.empty()) {
    for (std::size_t i : open_at) out[i] = add(pairs[i].first, pairs[i].second);
    return out;
  }
  for (std::size_t& k : share) k = open_at[k];  // indices into pairs
  std::vector<char> theirs(pairs.size(), 0);
  for (std::size_t i : share) theirs[i] = 1;
  // The worker's cap: what is left of this thread's (0: none).
  const std::uint64_t limit = t_work_limit_, budget = limit == 0 ? 0 : limit > t_work_ ? limit - t_work_ : 1;
  published_bytes_.store(bytes(), std::memory_order_relaxed);
  std::unique_ptr<Store> worker;
  std::vector<Id> results;  // the worker's, in its store
  std::atomic<bool> cancel{false};
  std::latch copied(1);
  // The worker copies its pairs from this store while this thread waits (this store is not
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
        mine.reserve(share.size());
        for (std::size_t i : share)
          mine.emplace_back(worker->import(*this, pairs[i].first, done), worker->import(*this, pairs[i].second, done));
        release();
        for (auto [a, b] : mine) results.push_back(worker->add(a, b));
      },
      std::max(current_stack_size(), std::size_t(8) << 20));
  if (!thread.started()) {
    for (std::size_t i = 0; i < pairs.size(); ++i) out[i] = add(pairs[i].first, pairs[i].second);
    return out;
  }
  copied.wait();
  {
    struct Stop {  // if a sum here throws, the worker stops at its next check before the join
      std::atomic<bool>& cancel;
      bool armed = true;
      ~Stop() {
        if (armed) cancel.store(true, std::memory_order_relaxed);
      }
    } stop{cancel};
    for (std::size_t i : open_at)
      if (!theirs[i]) out[i] = add(pairs[i].first, pairs[i].second);
    stop.armed = false;
  }
  bool done = true;
  try {
    thread.join();
  } catch (...) {  // its cap, its memory, or a failure: its share is summed here, as without it
    done = false;
  }
  absl::flat_hash_map<Id, Id> copied_back;
  for (std::size_t k = 0; k < share.size(); ++k) {
    std::size_t i = share[k];
    if (done) {
      out[i] = import(*worker, results[k], copied_back);
      remember_sum(pairs[i].first, pairs[i].second, out[i]);
      ++worker_sums_;
    } else {
      out[i] = add(pairs[i].first, pairs[i].second);
    }
  }
  return out;
}

}  // namespace cgtlab::cgt::detail
