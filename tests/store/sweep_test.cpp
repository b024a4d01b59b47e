// Sweeps over ranks (store/sweep.h run_cells): with 1, 2 and 3 ranks (threads sharing an
// in-process util::Comm) every rank returns the cells one process computes; rank 0 records them;
// a rerun takes every cell from the store; an error on any rank reaches every rank.
#include "store/sweep.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>
#include <tuple>

#include "util/error.h"

using namespace cgtlab;

namespace {

std::string temp_path(const char* name) {
  std::string p = ::testing::TempDir() + "cgtlab_sweep_" + std::to_string(getpid()) + "_" + name;
  for (const char* ext : {"", "-wal", "-shm"}) std::remove((p + ext).c_str());
  return p;
}

// The ranks of one process: mailboxes and a collective that hands every rank every contribution.
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
  std::string broadcast(const std::string& bytes) override { return hub_.gather(rank_, {bytes})[0][0]; }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    std::vector<std::string> out;
    for (auto& v : hub_.gather(rank_, {bytes})) out.push_back(v[0]);
    return out;
  }
  std::vector<std::string> exchange(const std::vector<std::string>& to_each) override {
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

// Cells 0..10: cell 3 is stopped by a cap, the others have the answer {"v": i*i}.
store::CellPlan squares(std::vector<int>* computed = nullptr, std::mutex* m = nullptr) {
  store::CellPlan plan;
  plan.cells = 11;
  plan.key = [](std::size_t i) { return store::Key{"test square", "{\"i\":" + std::to_string(i) + "}", 1}; };
  plan.compute = [computed, m](std::size_t i, store::Store*) {
    if (computed) {
      std::lock_guard lock(*m);
      computed->push_back(static_cast<int>(i));
    }
    if (i == 3) throw CapReached("cap for the test");
    return store::CellAnswer::answered("found", {{"v", i * i}});
  };
  return plan;
}

// Runs the plan on `ranks` threads; rank 0 owns the store. Returns every rank's cells.
std::vector<std::vector<store::CellAnswer>> run_ranks(const store::CellPlan& plan, int ranks, store::Store* st,
                                                      std::vector<std::size_t>* order = nullptr) {
  Hub hub(ranks);
  std::vector<std::vector<store::CellAnswer>> out(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      ThreadComm comm(hub, r);
      store::CellRun run;
      run.comm = &comm;
      run.store = r == 0 ? st : nullptr;
      if (r == 0 && order) run.on_cell = [&](std::size_t i, const store::CellAnswer&, std::size_t, std::size_t) { order->push_back(i); };
      out[static_cast<std::size_t>(r)] = store::run_cells(plan, run);
    });
  }
  for (auto& t : threads) t.join();
  return out;
}

void expect_same(const std::vector<store::CellAnswer>& a, const std::vector<store::CellAnswer>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].status, b[i].status) << i;
    EXPECT_EQ(a[i].answer, b[i].answer) << i;
    EXPECT_EQ(a[i].stopped, b[i].stopped) << i;
  }
}

}  // namespace

TEST(Sweep, RanksGiveTheOneProcessCells) {
  const auto plan = squares();
  auto one = store::run_cells(plan, {});
  ASSERT_EQ(one.size(), 11u);
  EXPECT_EQ(one[3].status, "capped");
  EXPECT_EQ(one[4].answer["v"], 16);
  for (int ranks : {1, 2, 3}) {
    auto all = run_ranks(plan, ranks, nullptr);
    for (const auto& cells : all) expect_same(cells, one);
  }
}

TEST(Sweep, RankZeroRecordsAndARerunComesFromTheStore) {
  for (int ranks : {2, 3}) {
    auto path = temp_path(("ranks" + std::to_string(ranks) + ".db").c_str());
    store::Store st(path);
    std::vector<int> computed;
    std::mutex m;
    const auto plan = squares(&computed, &m);
    std::vector<std::size_t> order;
    auto first = run_ranks(plan, ranks, &st, &order);
    EXPECT_EQ(computed.size(), 11u);  // each cell once, on some rank
    EXPECT_EQ(order.size(), 11u);     // rank 0 saw every cell
    EXPECT_EQ(st.list().size(), 11u);
    EXPECT_EQ(st.find(plan.key(3))->status, "capped");  // a stop is recorded as a stop
    computed.clear();
    auto second = run_ranks(plan, ranks, &st);
    EXPECT_EQ(computed, std::vector<int>{3});  // only the capped cell is computed again
    for (const auto& cells : second) {
      expect_same(cells, first[0]);
      for (std::size_t i = 0; i < cells.size(); ++i) EXPECT_EQ(cells[i].from_store, i != 3) << i;
    }
  }
}

TEST(Sweep, AnErrorOnAnyRankReachesEveryRank) {
  auto plan = squares();
  auto compute = plan.compute;
  plan.compute = [compute](std::size_t i, store::Store* s) {
    if (i == 5) throw InputError("bad cell 5");
    return compute(i, s);
  };
  EXPECT_THROW(store::run_cells(plan, {}), InputError);
  for (int ranks : {2, 3}) {
    Hub hub(ranks);
    std::vector<std::string> errors(static_cast<std::size_t>(ranks));
    std::vector<std::thread> threads;
    for (int r = 0; r < ranks; ++r) {
      threads.emplace_back([&, r] {
        ThreadComm comm(hub, r);
        store::CellRun run;
        run.comm = &comm;
        try {
          store::run_cells(plan, run);
        } catch (const InputError& e) {
          errors[static_cast<std::size_t>(r)] = e.what();
        }
      });
    }
    for (auto& t : threads) t.join();
    for (const auto& e : errors) EXPECT_EQ(e, "bad cell 5");
  }
}
