#include "store/sweep.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "util/error.h"

namespace cgtlab::store {


namespace {

using nlohmann::json;

constexpr int kTagCell = 1;

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Computes cell i; a cap becomes a "capped" cell, and a cell the run's stop came before is not
// started. Other errors propagate.
CellAnswer compute_cell(const CellPlan& plan, std::size_t i, Store* store, const CellRun& run) {
  if (run.stop && run.stop->load()) return CellAnswer::not_started(run.stop_cause ? run.stop_cause() : "interrupted");
  CellAnswer c;
  const auto started = std::chrono::steady_clock::now();
  try {
    c = plan.compute(i, store);
  } catch (const CapReached& e) {
    c.status = "capped";
    c.stopped = e.what();
  }
  c.from_store = false;
  if (c.seconds <= 0) c.seconds = since(started);
  return c;
}

void record(const CellPlan& plan, std::size_t i, Store& store, const CellAnswer& c) {
  if (c.skipped) return;
  record_answer(store, plan.key(i), c);
  if (plan.recorded && c.status != "capped") plan.recorded(i, store);
}

json cell_message(std::size_t i, const CellAnswer& c) {
  return {{"i", i}, {"status", c.status}, {"answer", c.answer}, {"seconds", c.seconds}, {"stopped", c.stopped}, {"skipped", c.skipped}};
}

CellAnswer cell_of_message(const json& m) {
  CellAnswer c;
  c.status = m.at("status").get<std::string>();
  c.answer = m.at("answer");
  c.seconds = m.at("seconds").get<double>();
  c.stopped = m.at("stopped").get<std::string>();
  c.skipped = m.at("skipped").get<bool>();
  return c;
}

// An error met on some rank, raised on every rank after the cells are accounted for.
[[noreturn]] void raise(const json& error) {
  const std::string kind = error.at("kind").get<std::string>();
  const std::string what = error.at("what").get<std::string>();
  if (kind == "input") throw InputError(what);
  throw std::runtime_error(what);
}

json error_of(const std::exception& e) {
  return {{"kind", dynamic_cast<const InputError*>(&e) ? "input" : "internal"}, {"what", e.what()}};
}

std::vector<CellAnswer> run_distributed(const CellPlan& plan, const CellRun& run) {
  util::Comm& comm = *run.comm;
  const std::uint64_t sent_before = comm.bytes_sent();
  const int rank = comm.rank(), size = comm.size();
  std::vector<CellAnswer> cells(plan.cells);
  std::vector<bool> known(plan.cells, false);
  std::size_t done = 0;
  auto settle = [&](std::size_t i, CellAnswer c) {
    if (run.store && !c.from_store) record(plan, i, *run.store, c);
    cells[i] = std::move(c);
    known[i] = true;
    ++done;
    if (run.on_cell) run.on_cell(i, cells[i], done, plan.cells);
  };

  // Rank 0 looks every cell up; the others learn which cells are left (or the error).
  json left = json::array();
  json error;
  if (rank == 0) {
    try {
      for (std::size_t i = 0; i < plan.cells; ++i) {
        std::optional<Record> rec;
        if (run.store) rec = find_answer(*run.store, plan.key(i));
        if (rec) {
          CellAnswer c = stored_cell(*run.store, *rec);
          if (plan.check_answer) plan.check_answer(c.answer);
          settle(i, std::move(c));
        } else {
          left.push_back(i);
        }
      }
    } catch (const std::exception& e) {
      error = error_of(e);
    }
  }
  json plan_message = json::parse(comm.broadcast(rank == 0 ? json{{"left", left}, {"error", error}}.dump() : ""));
  if (!plan_message.at("error").is_null()) raise(plan_message.at("error"));
  left = plan_message.at("left");

  // Rank r computes left[r], left[r + size], ...; rank 0 records what arrives between its cells.
  json first_error;
  auto receive = [&](const std::string& bytes) {
    json m = json::parse(bytes);
    if (m.contains("error")) {
      if (first_error.is_null()) first_error = m.at("error");
      ++done;  // accounted for, not recorded
      return;
    }
    settle(m.at("i").get<std::size_t>(), cell_of_message(m));
  };
  for (std::size_t j = static_cast<std::size_t>(rank); j < left.size(); j += static_cast<std::size_t>(size)) {
    const std::size_t i = left[j].get<std::size_t>();
    json message;
    try {
      CellAnswer c = compute_cell(plan, i, rank == 0 ? run.store : nullptr, run);
      message = cell_message(i, c);
    } catch (const std::exception& e) {
      message = {{"i", i}, {"error", error_of(e)}};
    }
    if (rank == 0) {
      receive(message.dump());
      while (auto m = comm.try_recv(kTagCell)) receive(m->second);
    } else {
      comm.send(0, kTagCell, message.dump());
    }
  }
  if (rank == 0) {
    while (done < plan.cells) receive(comm.recv(kTagCell).second);
  }

  // Every rank returns the same cells (or raises the same error).
  json all = json::array();
  if (rank == 0 && first_error.is_null()) {
    for (std::size_t i = 0; i < plan.cells; ++i) {
      json m = cell_message(i, cells[i]);
      m["from_store"] = cells[i].from_store;
      all.push_back(m);
    }
  }
  json final_message =
      json::parse(comm.broadcast(rank == 0 ? json{{"cells", all}, {"error", first_error}}.dump() : ""));
  // What the sweep cost in messages, summed over the ranks (every rank takes part).
  std::uint64_t bytes = 0;
  for (const auto& b : comm.all_gather(std::to_string(comm.bytes_sent() - sent_before))) bytes += std::stoull(b);
  if (run.bytes_exchanged) *run.bytes_exchanged = bytes;
  if (!final_message.at("error").is_null()) raise(final_message.at("error"));
  if (rank != 0) {
    for (const auto& m : final_message.at("cells")) {
      CellAnswer c = cell_of_message(m);
      c.from_store = m.at("from_store").get<bool>();
      cells[m.at("i").get<std::size_t>()] = std::move(c);
    }
  }
  return cells;
}

}  // namespace

std::optional<Record> find_answer(const Store& store, const Key& key) {
  auto rec = store.find(key);
  if (rec && rec->status == "capped") return std::nullopt;
  return rec;
}

void record_answer(Store& store, const Key& key, const CellAnswer& cell) {
  Record rec;
  rec.key = key;
  rec.status = cell.status;
  rec.answer = cell.status == "capped" ? json{{"stopped", cell.stopped}}.dump() : cell.answer.dump();
  rec.seconds = cell.seconds;
  rec.peak_memory = peak_memory_bytes();
  store.put(rec);
}

CellAnswer stored_cell(const Store& store, const Record& rec) {
  CellAnswer c;
  try {
    c.answer = json::parse(rec.answer);
  } catch (const json::exception&) {
    throw InputError(store.path() + ": malformed answer in record " + std::to_string(rec.id));
  }
  c.status = rec.status;
  c.from_store = true;
  c.seconds = rec.seconds;
  return c;
}

void CellReport::put(nlohmann::json& j) const {
  j["status"] = status;
  j["from_store"] = from_store;
  j["seconds"] = std::round(seconds * 1000) / 1000;
  if (!stopped.empty()) j["stopped"] = stopped;
}

std::vector<CellAnswer> run_cells(const CellPlan& plan, const CellRun& run) {
  if (run.comm && run.comm->size() > 1) return run_distributed(plan, run);
  if (run.bytes_exchanged) *run.bytes_exchanged = 0;
  std::vector<CellAnswer> cells;
  cells.reserve(plan.cells);
  for (std::size_t i = 0; i < plan.cells; ++i) {
    CellAnswer c;
    std::optional<Record> rec;
    if (run.store) rec = find_answer(*run.store, plan.key(i));
    if (rec) {
      c = stored_cell(*run.store, *rec);
      if (plan.check_answer) plan.check_answer(c.answer);
    } else {
      c = compute_cell(plan, i, run.store, run);
      if (run.store) record(plan, i, *run.store, c);
    }
    cells.push_back(std::move(c));
    if (run.on_cell) run.on_cell(i, cells.back(), i + 1, plan.cells);
  }
  return cells;
}

std::unique_ptr<Store> open_on_rank0(const std::string& path, util::Comm* comm) {
  if (!comm || comm->size() == 1) return std::make_unique<Store>(path);
  std::unique_ptr<Store> st;
  std::string error;
  if (comm->rank() == 0) {
    try {
      st = std::make_unique<Store>(path);
    } catch (const InputError& e) {
      error = e.what();
    }
  }
  error = comm->broadcast(error);
  if (!error.empty()) throw InputError(error);
  return st;
}

}  // namespace cgtlab::store
