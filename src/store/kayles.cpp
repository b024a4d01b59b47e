#include "store/kayles.h"

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "graph/graph.h"
#include "store/sweep.h"
#include "util/error.h"

namespace cgtlab::store {

namespace {

using nlohmann::json;

const char* command_of(games::VertexGame game) {
  return game == games::VertexGame::ArcKayles ? "arckayles grundy" : "nodekayles grundy";
}

// Stops a search after `seconds` of wall time (or when `outer` is set) by raising its interrupt
// flag; fired() tells a time stop from any other.
class Deadline {
 public:
  Deadline(double seconds, const std::atomic<bool>* outer) {
    if (seconds <= 0 && !outer) return;
    thread_ = std::thread([this, seconds, outer] {
      const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
      std::unique_lock lock(mutex_);
      while (!done_) {
        if (outer && outer->load()) {
          stop_.store(true);
          return;
        }
        if (seconds > 0 && std::chrono::steady_clock::now() >= end) {
          fired_ = true;
          stop_.store(true);
          return;
        }
        wake_.wait_for(lock, std::chrono::milliseconds(20));
      }
    });
  }
  ~Deadline() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  const std::atomic<bool>* flag() const { return &stop_; }
  bool fired() {
    std::lock_guard lock(mutex_);
    return fired_;
  }

 private:
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false, fired_ = false;
  std::thread thread_;
};

}  // namespace

Key kayles_nimber_key(games::VertexGame game, const std::string& graph) {
  return {command_of(game), json{{"graph", graph}}.dump(), kKaylesNimberVersion};
}

std::vector<GridCell> sweep_grid_nimbers(const GridSweepOptions& o) {
  if (o.rows < 1) throw InputError("--rows must be at least 1");
  if (o.cols_lo < 1 || o.cols_hi < o.cols_lo) throw InputError("--cols must be a range A..B with 1 <= A <= B");
  if (o.rows > 512 || o.cols_hi > 512 || o.rows * o.cols_hi > 512)
    throw InputError(fmt::format("--rows {} with --cols up to {}: at most 512 squares (the engine's limit)", o.rows, o.cols_hi));
  if (o.max_seconds < 0) throw InputError("--cell-seconds must be >= 0");
  auto spec = [&](std::size_t i) { return fmt::format("Grid{}x{}", o.rows, o.cols_lo + static_cast<int>(i)); };
  CellPlan plan;
  plan.cells = static_cast<std::size_t>(o.cols_hi - o.cols_lo) + 1;
  plan.key = [&](std::size_t i) { return kayles_nimber_key(o.game, spec(i)); };
  const std::string carry =
      o.carry_file.empty() || !o.comm || o.comm->size() == 1 ? o.carry_file : fmt::format("{}.rank{}", o.carry_file, o.comm->rank());
  plan.compute = [&](std::size_t i, Store*) {
    games::NimberSearchOptions search = o.search;
    search.winning_moves = false;
    search.with_moves = false;
    search.table_file.clear();
    search.seed_file.clear();
    // The carried table: read from `carry`, the cell's own written beside it (FILE.next, saved at
    // the end, at checkpoints and when the cell is stopped) and then put in its place, with its
    // refutations (FILE.refutations, FILE.refutations-high; a side file the cell did not write goes).
    const std::string next = carry + ".next";
    static constexpr std::array<const char*, 3> kSides{"", ".refutations", ".refutations-high"};
    auto carry_on = [&] {
      if (carry.empty() || !std::filesystem::exists(next)) return;
      std::error_code ec;
      for (const char* side : kSides) {
        if (std::filesystem::exists(next + side)) std::filesystem::rename(next + side, carry + side, ec);
        else std::filesystem::remove(carry + side, ec);
        if (ec) throw InputError("cannot replace the carried table " + carry + side + ": " + ec.message());
      }
    };
    if (!carry.empty()) {
      // A FILE.next here is a checkpoint (every checkpoint_seconds) of a cell whose sweep ended
      // without saving (kill -9, a reboot): the carried table and what that cell had proved. Its
      // entries are exact whatever board they came from, so it is carried on and this cell starts
      // from it (each file is written whole, by a rename).
      carry_on();
      std::error_code ec;  // a file that cannot go makes the search's save fail, with its own message
      for (const char* side : kSides) std::filesystem::remove(next + side, ec);
      std::filesystem::remove(next + ".rounds", ec);
      search.table_file = next;
      if (std::filesystem::exists(carry)) search.seed_file = carry;
    }
    Deadline deadline(o.max_seconds, o.search.interrupt);
    search.interrupt = deadline.flag();
    // The cell's search status, for o.on_search; told the search ended however it ends.
    const int cols = o.cols_lo + static_cast<int>(i);
    std::shared_ptr<solve::NimberStatus> status;
    if (o.on_search) {
      status = std::make_shared<solve::NimberStatus>();
      search.status = status.get();
      o.on_search(cols, status);
    }
    struct Ended {
      const GridSweepOptions& o;
      int cols;
      ~Ended() {
        if (o.on_search) o.on_search(cols, nullptr);
      }
    } ended{o, cols};
    games::NimberSearchResult r;
    try {
      r = games::kayles_nimber(graph::parse_graph(spec(i)), o.game, search);
    } catch (const CapReached& e) {
      carry_on();
      // The stop's message names the files the search saved, FILE.next..., now in FILE's place.
      std::string what = e.what();
      for (auto at = carry.empty() ? std::string::npos : what.find(next); at != std::string::npos;
           at = what.find(next, at + carry.size()))
        what.replace(at, next.size(), carry);
      if (deadline.fired()) throw CapReached(fmt::format("--cell-seconds {} reached ({})", o.max_seconds, what));
      throw CapReached(what);
    }
    carry_on();
    CellAnswer a;
    a.status = "found";
    a.answer = {{"nimber", r.nimber}, {"outcome", r.nimber == 0 ? "P" : "N"}, {"positions", r.nodes}, {"keys", r.key_kind}};
    return a;
  };
  plan.check_answer = [](const json& answer) {
    if (!answer.is_object() || !answer.contains("nimber") || !answer.at("nimber").is_number_unsigned())
      throw InputError("store: malformed nimber record");
  };
  auto cell_of = [&](std::size_t i, const CellAnswer& a) {
    GridCell c;
    c.rows = o.rows;
    c.cols = o.cols_lo + static_cast<int>(i);
    if (a.status == "found") {
      c.nimber = a.answer.at("nimber").get<int>();
      if (a.answer.contains("positions") && a.answer.at("positions").is_number_unsigned())
        c.positions = a.answer.at("positions").get<std::uint64_t>();
    }
    c.report(a);
    return c;
  };
  return run_sweep_cells<GridCell>(plan, o, cell_of);
}

json to_json(const GridCell& c) {
  json j = {{"rows", c.rows},
            {"cols", c.cols},
            {"nimber", c.nimber ? json(*c.nimber) : json(nullptr)},
            {"outcome", c.nimber ? json(*c.nimber == 0 ? "P" : "N") : json(nullptr)}};
  c.put(j);
  return j;
}

}  // namespace cgtlab::store
