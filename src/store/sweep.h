// Sweeps: every cell of a range, each looked up in a result store or computed and recorded.
// What a cell is (its store key, how it is computed) is the caller's (store/pebbling.h,
// store/kayles.h); this file owns the rest, once: the lookups, recording answers and stops,
// progress, and spreading the cells over the ranks of an MPI run (util/comm.h).
//
// Under several ranks: rank 0 alone opens the store. It looks every cell up and broadcasts the
// cells still to compute; rank r computes the r-th, (r+size)-th, ... of them (cells are listed
// in the order of their cost, so neighbours cost about the same) and sends each answer to rank 0
// as soon as it has it; rank 0 records each answer when it receives it (between its own cells),
// so a crash loses only cells in flight. Every rank returns the same cells.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "store/store.h"
#include "util/comm.h"

namespace cgtlab::store {

// bugprone-exception-escape is wrong here: the implicit default constructor is noexcept and builds
// the json member through basic_json(nullptr_t) noexcept -> json_value(value_t), whose only throw
// is in a branch unreachable for value_t::null (json.hpp marks that constructor with the same NOLINT).
// NOLINTNEXTLINE(bugprone-exception-escape)
struct CellAnswer {
  std::string status;     // "found", "none_within_bound" (pebbling) or "capped"
  nlohmann::json answer;  // what the store keeps for the cell (null when capped)
  bool from_store = false;
  double seconds = 0;     // of the computation (the stored one when from_store)
  std::string stopped;    // why a capped cell stopped
  bool skipped = false;   // never started: the sweep was stopped before it (never recorded)

  static CellAnswer answered(std::string status, nlohmann::json answer, double seconds = 0) {
    CellAnswer c;
    c.status = std::move(status);
    c.answer = std::move(answer);
    c.seconds = seconds;
    return c;
  }
  static CellAnswer capped(std::string stopped, double seconds = 0) {
    CellAnswer c;
    c.status = "capped";
    c.stopped = std::move(stopped);
    c.seconds = seconds;
    return c;
  }
  // A cell the sweep's stop came before: capped, not recorded (a stored stop stays as it was).
  static CellAnswer not_started(const std::string& cause) {
    CellAnswer c = capped("not started (sweep " + cause + ")");
    c.skipped = true;
    return c;
  }
};

// What every sweep's cell reports besides its coordinates and its answer (store/pebbling.h
// SweepCell, store/kayles.h GridCell derive from it): copied from the cell's CellAnswer, written
// as the shared JSON fields of a cell.
struct CellReport {
  std::string status;  // "found", "none_within_bound" (pebbling) or "capped"
  bool from_store = false;
  double seconds = 0;
  std::string stopped;  // why a capped cell stopped

  void report(const CellAnswer& a) {
    status = a.status;
    from_store = a.from_store;
    seconds = a.seconds;
    stopped = a.stopped;
  }
  // Adds status, from_store, seconds (to the millisecond) and, for a capped cell, stopped.
  void put(nlohmann::json& j) const;
};

struct CellPlan {
  std::size_t cells = 0;
  std::function<Key(std::size_t)> key;
  // Computes cell i: status and answer (and seconds, when the computation knows better than
  // the wall clock of this call: a resumed search). Throws CapReached when a cap stops it.
  // `store` is given only to the process that owns the store (for checkpoints), else null.
  std::function<CellAnswer(std::size_t, Store*)> compute;
  // Called after a computed answer of cell i is recorded (e.g. to drop the cell's checkpoint).
  std::function<void(std::size_t, Store&)> recorded;
  // A stored answer as a cell: throws InputError when the record is malformed.
  std::function<void(const nlohmann::json&)> check_answer;
};

struct CellRun {
  Store* store = nullptr;      // rank 0's (other ranks: ignored)
  util::Comm* comm = nullptr;  // null or one rank: every cell here, in order
  // Rank 0, after each cell is known (from the store or computed): cell i, cells known, cells.
  std::function<void(std::size_t, const CellAnswer&, std::size_t, std::size_t)> on_cell;
  // Out (when set): payload bytes every rank handed to the transport for the sweep (0 in one process).
  std::uint64_t* bytes_exchanged = nullptr;
  // When set and true (Ctrl-C, kill, the memory save line: cli::StopScope), the cells not yet
  // started are reported capped, "not started (sweep <stop_cause()>)", and not recorded; the cell
  // being computed is stopped by its own search's interrupt (the caller gives it the same flag).
  const std::atomic<bool>* stop = nullptr;
  std::function<std::string()> stop_cause;  // unset: "interrupted"
};

std::vector<CellAnswer> run_cells(const CellPlan& plan, const CellRun& run);

// What every sweep's options hold besides its range and its searches (store/pebbling.h
// SweepOptions, store/kayles.h GridSweepOptions): where answers are kept, the ranks, and what is
// reported. Cell is the sweep's cell type.
template <class Cell>
struct SweepRun {
  Store* store = nullptr;
  util::Comm* comm = nullptr;  // several ranks: the cells are spread over them
  std::uint64_t* bytes_exchanged = nullptr;  // out (when set): message bytes of all ranks
  std::function<void(const Cell& cell, int done, int cells)> on_cell;  // rank 0 only
  const std::atomic<bool>* stop = nullptr;     // CellRun::stop
  std::function<std::string()> stop_cause;     // CellRun::stop_cause
};

// run_cells for a sweep with its own cell type: `o` (a SweepRun) gives store, comm,
// bytes_exchanged and an optional on_cell(cell, done, cells); cell_of(i, answer) turns an answer
// into the sweep's cell.
template <class Cell, class Options, class CellOf>
std::vector<Cell> run_sweep_cells(const CellPlan& plan, const Options& o, const CellOf& cell_of) {
  CellRun run;
  run.store = o.store;
  run.comm = o.comm;
  run.bytes_exchanged = o.bytes_exchanged;
  run.stop = o.stop;
  run.stop_cause = o.stop_cause;
  if (o.on_cell)
    run.on_cell = [&](std::size_t i, const CellAnswer& a, std::size_t done, std::size_t cells) {
      o.on_cell(cell_of(i, a), static_cast<int>(done), static_cast<int>(cells));
    };
  auto answers = run_cells(plan, run);
  std::vector<Cell> out;
  out.reserve(answers.size());
  for (std::size_t i = 0; i < answers.size(); ++i) out.push_back(cell_of(i, answers[i]));
  return out;
}

// Opens the store file on rank 0 only (other ranks get null); an error opening it (a foreign or
// newer file) is raised as the same InputError on every rank. Without comm: Store(path).
std::unique_ptr<Store> open_on_rank0(const std::string& path, util::Comm* comm);

// The store's record of a key, unless it is a stop (a capped record is computed again).
std::optional<Record> find_answer(const Store& store, const Key& key);
// Records an answer, or a stop (status "capped", answer {"stopped": why}).
void record_answer(Store& store, const Key& key, const CellAnswer& cell);
// A stored record as a cell (from_store); InputError naming the store when the answer is malformed.
CellAnswer stored_cell(const Store& store, const Record& record);

}  // namespace cgtlab::store
