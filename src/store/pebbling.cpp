#include "store/pebbling.h"

#include <chrono>

#include <fmt/format.h>

#include "games/pebbling/complete.h"
#include "graph/graph.h"
#include "util/error.h"

namespace cgtlab::store {

namespace {

using games::PebblingLayerStats;
using games::PebblingThreshold;
using games::Weight;
using nlohmann::json;

std::string weight_text(Weight w) { return fmt::format("{}", w); }

// A cap met by a search that knows how long it ran (resumed time included).
struct TimedCap : CapReached {
  TimedCap(const std::string& what, double s) : CapReached(what), seconds(s) {}
  double seconds;
};

Weight weight_of(const json& j) {
  std::string s = j.is_string() ? j.get<std::string>() : std::to_string(j.get<std::uint64_t>());
  if (s.empty() || s.size() > 39) throw InputError("store: bad count '" + s + "'");
  Weight w = 0;
  for (char c : s) {
    if (c < '0' || c > '9') throw InputError("store: bad count '" + s + "'");
    Weight next;
    if (__builtin_mul_overflow(w, Weight{10}, &next) || __builtin_add_overflow(next, Weight(c - '0'), &next)) {
      throw InputError("store: count out of range '" + s + "'");
    }
    w = next;
  }
  return w;
}

}  // namespace

Key pebbling_threshold_key(const std::string& graph, int k, const games::ThresholdOptions& options) {
  json params = {{"graph", graph}, {"k", k}, {"max_total", options.max_total}, {"confirm_layers", options.confirm_layers}};
  return {kPebblingThresholdCommand, params.dump(), kPebblingThresholdVersion};
}

json to_json(const PebblingThreshold& r) {
  json layers = json::array();
  for (const auto& l : r.layers) {
    json j = {{"total", l.total},
              {"positions", weight_text(l.positions)},
              {"p_labelled", weight_text(l.p_labelled)},
              {"stored", l.stored},
              {"stored_side", l.stored_p ? "P" : "N"}};
    if (l.p_classes) j["p_classes"] = weight_text(*l.p_classes);
    layers.push_back(j);
  }
  return {{"k", r.k},
          {"m", r.m ? json(*r.m) : json(nullptr)},
          {"bound", r.bound},
          {"searched_to", r.searched_to},
          {"consequence_holds", r.consequence_holds},
          {"consequence_failure", r.consequence_failure ? json(*r.consequence_failure) : json(nullptr)},
          {"layers", layers}};
}

PebblingThreshold threshold_from_json(const json& j) {
  try {
    PebblingThreshold r;
    r.k = j.at("k").get<int>();
    if (!j.at("m").is_null()) r.m = j.at("m").get<int>();
    r.bound = j.at("bound").get<int>();
    r.searched_to = j.at("searched_to").get<int>();
    r.consequence_holds = j.at("consequence_holds").get<bool>();
    if (!j.at("consequence_failure").is_null()) r.consequence_failure = j.at("consequence_failure").get<int>();
    for (const auto& l : j.at("layers")) {
      PebblingLayerStats s;
      s.total = l.at("total").get<int>();
      s.positions = weight_of(l.at("positions"));
      s.p_labelled = weight_of(l.at("p_labelled"));
      s.stored = l.at("stored").get<std::size_t>();
      s.stored_p = l.at("stored_side").get<std::string>() == "P";
      if (l.contains("p_classes")) s.p_classes = weight_of(l.at("p_classes"));
      r.layers.push_back(s);
    }
    return r;
  } catch (const json::exception& e) {
    throw InputError(std::string("store: malformed pebbling result (") + e.what() + ")");
  }
}

namespace {

// The search itself, resumed from the key's checkpoint and checkpointing into `store` when one
// is given; no lookup and no record (the callers do those).
StoredThreshold compute_threshold(const std::string& graph, int k, games::ThresholdOptions options, Store* store) {
  StoredThreshold out;
  options.comm = nullptr;  // one process's search (over ranks: stored_over_ranks)
  const Key key = pebbling_threshold_key(graph, k, options);
  games::Pebbling rules(graph::parse_graph(graph), k);
  double resumed_seconds = 0;
  if (store) {
    if (auto cp = store->load_checkpoint(key)) {
      auto resume = std::make_shared<games::ThresholdResume>();
      try {
        json state = json::parse(cp->state);
        resume->partial = threshold_from_json(state.at("partial"));
        resume->total = state.at("total").get<int>();
        resume->stored_p = state.at("stored_side").get<std::string>() == "P";
        resumed_seconds = state.at("seconds").get<double>();
      } catch (const json::exception& e) {
        throw InputError(store->path() + ": malformed checkpoint (" + e.what() + ")");
      }
      resume->ranks = decode_sorted(cp->bulk);
      options.resume = resume;
      out.resumed = true;
    }
  }
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return resumed_seconds + std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  if (store) {
    options.on_checkpoint = [&](const PebblingThreshold& partial, const games::CompleteLayer& layer) {
      Checkpoint c;
      c.key = key;
      c.state = json{{"partial", to_json(partial)},
                     {"total", layer.total},
                     {"stored_side", layer.stored == solve::Side::P ? "P" : "N"},
                     {"seconds", elapsed()}}
                    .dump();
      c.bulk = encode_sorted(layer.sorted_ranks());
      store->save_checkpoint(c);
    };
  }
  try {
    out.result = games::pebbling_threshold(rules, options);
  } catch (const CapReached& e) {
    throw TimedCap(e.what(), elapsed());
  }
  out.seconds = elapsed();
  out.status = out.result.m ? "found" : "none_within_bound";
  return out;
}

}  // namespace

namespace {

// Over several ranks: rank 0 alone holds the store (null elsewhere). It looks the key up and
// tells every rank (an answer ends the command everywhere); else every rank takes part in the
// partitioned search and rank 0 records the answer or the stop. No checkpoints.
StoredThreshold stored_over_ranks(const std::string& graph, int k, const games::ThresholdOptions& options,
                                  Store* store) {
  util::Comm& comm = *options.comm;
  const Key key = pebbling_threshold_key(graph, k, options);
  json found;
  if (comm.rank() == 0) {
    try {
      if (store) {
        if (auto rec = find_answer(*store, key)) {
          CellAnswer c = stored_cell(*store, *rec);
          threshold_from_json(c.answer);  // malformed: an error on every rank
          found = {{"answer", c.answer}, {"status", c.status}, {"seconds", c.seconds}};
        }
      }
    } catch (const std::exception& e) {
      found = {{"error", e.what()}, {"input", dynamic_cast<const InputError*>(&e) != nullptr}};
    }
  }
  json told = json::parse(comm.broadcast(comm.rank() == 0 ? found.dump() : ""));
  if (told.contains("error")) {
    if (told.at("input").get<bool>()) throw InputError(told.at("error").get<std::string>());
    throw std::runtime_error(told.at("error").get<std::string>());
  }
  StoredThreshold out;
  if (told.contains("answer")) {
    out.result = threshold_from_json(told.at("answer"));
    out.status = told.at("status").get<std::string>();
    out.seconds = told.at("seconds").get<double>();
    out.from_store = true;
    return out;
  }
  games::Pebbling rules(graph::parse_graph(graph), k);
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  try {
    out.result = games::pebbling_threshold(rules, options);
  } catch (const CapReached& e) {
    if (store) record_answer(*store, key, CellAnswer::capped(e.what(), elapsed()));
    throw;
  }
  out.seconds = elapsed();
  out.status = out.result.m ? "found" : "none_within_bound";
  if (store) record_answer(*store, key, CellAnswer::answered(out.status, to_json(out.result), out.seconds));
  return out;
}

}  // namespace

StoredThreshold pebbling_threshold_stored(const std::string& graph, int k, games::ThresholdOptions options,
                                          Store* store) {
  if (options.comm && options.comm->size() > 1) return stored_over_ranks(graph, k, options, store);
  const Key key = pebbling_threshold_key(graph, k, options);
  if (store) {
    if (auto rec = find_answer(*store, key)) {
      CellAnswer c = stored_cell(*store, *rec);
      StoredThreshold out;
      out.result = threshold_from_json(c.answer);
      out.status = c.status;
      out.from_store = true;
      out.seconds = c.seconds;
      return out;
    }
  }
  StoredThreshold out;
  try {
    out = compute_threshold(graph, k, std::move(options), store);
  } catch (const TimedCap& e) {
    if (store) record_answer(*store, key, CellAnswer::capped(e.what(), e.seconds));
    throw CapReached(e.what());
  }
  if (store) {
    record_answer(*store, key, CellAnswer::answered(out.status, to_json(out.result), out.seconds));
    store->drop_checkpoint(key);
  }
  return out;
}

std::vector<SweepCell> sweep_pebbling(const SweepOptions& o) {
  if (o.n_lo < 2 || o.n_hi < o.n_lo) throw InputError("--n must be a range A..B with 2 <= A <= B");
  if (o.k_lo < 1 || o.k_hi < o.k_lo) throw InputError("--k must be a range C..D with 1 <= C <= D");
  if (o.n_hi > 64) throw InputError("--n: at most 64 vertices");
  std::vector<std::pair<int, int>> nk;
  for (int n = o.n_lo; n <= o.n_hi; ++n)
    for (int k = o.k_lo; k <= o.k_hi; ++k) nk.emplace_back(n, k);
  auto graph = [&](std::size_t i) { return "K" + std::to_string(nk[i].first); };
  CellPlan plan;
  plan.cells = nk.size();
  plan.key = [&](std::size_t i) { return pebbling_threshold_key(graph(i), nk[i].second, o.threshold); };
  plan.compute = [&](std::size_t i, Store* store) {
    try {
      games::ThresholdOptions threshold = o.threshold;
      if (o.on_layer) {
        o.on_layer(nk[i].first, nk[i].second, -1, 0);
        threshold.on_layer = [&o, n = nk[i].first, k = nk[i].second](int t, std::size_t stored) { o.on_layer(n, k, t, stored); };
      }
      auto r = compute_threshold(graph(i), nk[i].second, std::move(threshold), store);
      return CellAnswer::answered(r.status, to_json(r.result), r.seconds);
    } catch (const TimedCap& e) {
      return CellAnswer::capped(e.what(), e.seconds);
    }
  };
  plan.recorded = [&](std::size_t i, Store& store) { store.drop_checkpoint(plan.key(i)); };
  plan.check_answer = [](const json& answer) { threshold_from_json(answer); };
  auto cell_of = [&](std::size_t i, const CellAnswer& a) {
    SweepCell c;
    c.n = nk[i].first;
    c.k = nk[i].second;
    if (a.status != "capped" && !a.answer.at("m").is_null()) c.m = a.answer.at("m").get<int>();
    c.report(a);
    return c;
  };
  return run_sweep_cells<SweepCell>(plan, o, cell_of);
}

json to_json(const SweepCell& c) {
  json j = {{"n", c.n},
            {"k", c.k},
            {"m", c.m ? json(*c.m) : json(nullptr)}};
  c.put(j);
  return j;
}

}  // namespace cgtlab::store
