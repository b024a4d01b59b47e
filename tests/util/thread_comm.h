// The ranks of an MPI run played by threads of one process: a util::Comm for tests of the code
// that spreads work over ranks (store/sweep.h, solve/layered_partitioned.h). Mailboxes for
// point-to-point messages and a collective that hands every rank every contribution; bytes are
// counted as the Open MPI implementation (src/mpi/comm.cpp) counts them.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "util/comm.h"

namespace cgtlab::test_support {

struct Hub {
  explicit Hub(int n) : size(n), inbox(static_cast<std::size_t>(n)) {}
  int size;
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::deque<std::tuple<int, int, std::string>>> inbox;  // (source, tag, bytes)
  std::vector<std::vector<std::string>> deposit, result;
  int arrived = 0, leaving = 0;
  long generation = 0;

  std::vector<std::vector<std::string>> gather(int rank, std::vector<std::string> mine) {
    std::unique_lock lock(m);
    cv.wait(lock, [&] { return leaving == 0; });  // the previous collective is over
    if (deposit.empty()) deposit.resize(static_cast<std::size_t>(size));
    deposit[static_cast<std::size_t>(rank)] = std::move(mine);
    const long gen = generation;
    if (++arrived == size) {
      result = std::move(deposit);
      deposit.clear();
      arrived = 0;
      leaving = size;
      ++generation;
      cv.notify_all();
    } else {
      cv.wait(lock, [&] { return generation != gen; });
    }
    auto out = result;
    if (--leaving == 0) cv.notify_all();
    return out;
  }
};

class ThreadComm final : public util::Comm {
 public:
  ThreadComm(Hub& hub, int rank) : hub_(hub), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return hub_.size; }
  void send(int to, int tag, const std::string& bytes) override {
    std::lock_guard lock(hub_.m);
    hub_.inbox[static_cast<std::size_t>(to)].emplace_back(rank_, tag, bytes);
    sent_ += bytes.size();
    hub_.cv.notify_all();
  }
  std::pair<int, std::string> recv(int tag) override {
    std::unique_lock lock(hub_.m);
    for (;;) {
      if (auto m = take(tag)) return *m;
      hub_.cv.wait(lock);
    }
  }
  std::optional<std::pair<int, std::string>> try_recv(int tag) override {
    std::lock_guard lock(hub_.m);
    return take(tag);
  }
  std::string broadcast(const std::string& bytes) override {
    if (rank_ == 0) sent_ += bytes.size() * static_cast<std::uint64_t>(hub_.size - 1);
    return hub_.gather(rank_, {bytes})[0][0];
  }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    sent_ += bytes.size() * static_cast<std::uint64_t>(hub_.size - 1);
    std::vector<std::string> out;
    for (auto& v : hub_.gather(rank_, {bytes})) out.push_back(v[0]);
    return out;
  }
  std::vector<std::string> exchange(const std::vector<std::string>& to_each) override {
    for (std::size_t r = 0; r < to_each.size(); ++r)
      if (static_cast<int>(r) != rank_) sent_ += to_each[r].size();
    std::vector<std::string> out;
    for (auto& v : hub_.gather(rank_, to_each)) out.push_back(v[static_cast<std::size_t>(rank_)]);
    return out;
  }
  std::uint64_t bytes_sent() const override { return sent_; }

 private:
  std::optional<std::pair<int, std::string>> take(int tag) {
    auto& box = hub_.inbox[static_cast<std::size_t>(rank_)];
    for (auto it = box.begin(); it != box.end(); ++it) {
      if (std::get<1>(*it) != tag) continue;
      std::pair<int, std::string> m{std::get<0>(*it), std::get<2>(*it)};
      box.erase(it);
      return m;
    }
    return std::nullopt;
  }
  Hub& hub_;
  int rank_;
  std::uint64_t sent_ = 0;
};

// Runs body(rank, comm) on `ranks` threads, one per rank, all joined to one hub.
inline void on_ranks(int ranks, const std::function<void(int, util::Comm&)>& body) {
  Hub hub(ranks);
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      ThreadComm comm(hub, r);
      body(r, comm);
    });
  }
  for (auto& t : threads) t.join();
}

}  // namespace cgtlab::test_support
