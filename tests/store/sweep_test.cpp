// Sweeps over ranks (store/sweep.h run_cells): with 1, 2 and 3 ranks (threads sharing an
// in-process util::Comm) every rank returns the cells one process computes; rank 0 records them;
// a rerun takes every cell from the store; an error on any rank reaches every rank.
#include "store/sweep.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <tuple>

#include "util/error.h"
#include "../util/thread_comm.h"

using namespace cgtlab;

namespace {

std::string temp_path(const char* name) {
  std::string p = ::testing::TempDir() + "cgtlab_sweep_" + std::to_string(getpid()) + "_" + name;
  for (const char* ext : {"", "-wal", "-shm"}) std::remove((p + ext).c_str());
  return p;
}

using test_support::Hub;
using test_support::ThreadComm;

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

// Runs the plan on `ranks` threads; rank 0 owns the store; `setup` (when set) adds to each rank's
// run. Returns every rank's cells.
std::vector<std::vector<store::CellAnswer>> run_ranks(const store::CellPlan& plan, int ranks, store::Store* st,
                                                      std::vector<std::size_t>* order = nullptr,
                                                      const std::function<void(store::CellRun&)>& setup = {}) {
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
      if (setup) setup(run);
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

// A stop (cli::StopScope's flag: Ctrl-C, kill, the memory save line) during cell 5: that cell is
// stopped by its own search (here it throws as one would), the cells after it are not started,
// reported "not started (sweep <cause>)" and never recorded; a rerun computes exactly the cells
// without an answer. Over ranks, each rank starts no cell after the flag, every rank returns the
// same cells, and rank 0 records only the cells that ran.
TEST(Sweep, AStopLeavesTheLaterCellsNotStartedAndUnrecorded) {
  for (int ranks : {1, 2, 3}) {
    std::atomic<bool> stop{false};
    auto plan = squares();
    auto compute = plan.compute;
    plan.compute = [compute, &stop](std::size_t i, store::Store* s) {
      if (i == 5) {
        stop.store(true);
        throw CapReached("search interrupted (for the test)");
      }
      return compute(i, s);
    };
    auto path = temp_path(("stop" + std::to_string(ranks) + ".db").c_str());
    store::Store st(path);
    // One rank runs the cells in one process (run_cells without messages).
    const auto all = run_ranks(plan, ranks, &st, nullptr, [&stop](store::CellRun& run) {
      run.stop = &stop;
      run.stop_cause = [] { return std::string("stopped for the test"); };
    });
    const auto& cells = all[0];
    for (const auto& c : all) expect_same(c, cells);
    ASSERT_EQ(cells.size(), 11u);
    EXPECT_EQ(cells[5].stopped, "search interrupted (for the test)");
    std::size_t not_started = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const bool skipped = cells[i].stopped == "not started (sweep stopped for the test)";
      EXPECT_EQ(cells[i].skipped, skipped) << i;
      if (skipped) {
        ++not_started;
        EXPECT_EQ(cells[i].status, "capped") << i;
        EXPECT_FALSE(st.find(plan.key(i))) << "a cell never started was recorded: " << i;
      } else {
        EXPECT_TRUE(st.find(plan.key(i))) << i;
        if (i != 3 && i != 5) EXPECT_EQ(cells[i].answer["v"], i * i) << i;
      }
      // One process: every cell after the stopped one is not started, none before it.
      if (ranks == 1) EXPECT_EQ(skipped, i > 5) << i;
    }
    EXPECT_GE(not_started, ranks == 1 ? 5u : 1u) << ranks;
    // A rerun without a stop computes exactly the cells without an answer: 3, 5 and those not started.
    std::vector<int> computed;
    std::mutex m;
    const auto again = squares(&computed, &m);
    auto rerun = store::CellRun{};
    rerun.store = &st;
    auto second = store::run_cells(again, rerun);
    std::vector<int> want;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (cells[i].status == "capped") want.push_back(static_cast<int>(i));
    EXPECT_EQ(computed, want) << ranks;
    EXPECT_EQ(second[6].answer["v"], 36);
  }
}
