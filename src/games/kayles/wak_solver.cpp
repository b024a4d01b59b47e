#include "games/kayles/wak_solver.h"

#include <absl/container/flat_hash_map.h>

#include "games/kayles/wak_reduce.h"
#include "solve/impartial.h"

namespace cgtlab::games {

using graph::CanonKey;
using graph::canonical_key;

using games::WakGraph;

CanonKey wak_key(const WakGraph& p) {
  std::vector<std::uint64_t> colours(static_cast<std::size_t>(p.n) * 2);
  for (int v = 0; v < p.n; ++v) {
    colours[2 * static_cast<std::size_t>(v)] = p.has_loop(v);
    colours[2 * static_cast<std::size_t>(v) + 1] = p.weight[v];
  }
  return canonical_key(p.n, p.adj, 1, colours, 2);
}

ReducedWakRules::Key ReducedWakRules::key(const Position& p) const { return wak_key(p); }

std::vector<WakGraph> ReducedWakRules::options(const Position& p) const {
  std::vector<WakGraph> out;
  for (auto m : games::wak_moves(p)) out.push_back(games::wak_play(p, m));
  return out;
}

std::vector<WakGraph> ReducedWakRules::components(const Position& p) const {
  if (!use_reductions) return games::wak_components(p);
  // Reducing can split a component (a deleted vertex was a cut vertex), and splitting can
  // expose nothing new to reduce: reduce once, then split.
  return games::wak_components(reduce_wak(p));
}

struct WakSolver::Impl {
  ReducedWakRules rules;
  solve::ImpartialSolver<ReducedWakRules> solver;
  Impl(solve::SearchLimits limits, bool use_reductions) : rules{use_reductions}, solver(rules, limits) {}
};

WakSolver::WakSolver(solve::SearchLimits limits, bool use_reductions)
    : impl_(std::make_unique<Impl>(limits, use_reductions)) {}
WakSolver::~WakSolver() = default;

cgt::Grundy WakSolver::grundy(const WakGraph& p) { return impl_->solver.grundy(p); }
std::size_t WakSolver::positions() const { return impl_->solver.positions(); }

namespace {
// q: the fixed graph with the current counters; the moves are the rules' (wak_moves, wak_take).
cgt::Grundy plain(WakGraph& q, absl::flat_hash_map<std::vector<std::uint64_t>, cgt::Grundy>& memo) {
  if (auto it = memo.find(q.weight); it != memo.end()) return it->second;
  std::vector<cgt::Grundy> seen;
  for (WakMove m : games::wak_moves(q)) {
    const std::vector<std::uint64_t> before = q.weight;
    games::wak_take(q.weight, m);
    seen.push_back(plain(q, memo));
    q.weight = before;
  }
  cgt::Grundy g = cgt::mex(seen);
  memo.emplace(q.weight, g);
  return g;
}
}  // namespace

cgt::Grundy wak_grundy_plain(const WakGraph& p) {
  absl::flat_hash_map<std::vector<std::uint64_t>, cgt::Grundy> memo;
  WakGraph q = p;
  return plain(q, memo);
}

}  // namespace cgtlab::games
