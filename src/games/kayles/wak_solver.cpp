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
    colours[2 * v] = p.has_loop(v);
    colours[2 * v + 1] = p.weight[v];
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
cgt::Grundy plain(const WakGraph& p, std::vector<std::uint64_t>& w,
                  absl::flat_hash_map<std::vector<std::uint64_t>, cgt::Grundy>& memo) {
  if (auto it = memo.find(w); it != memo.end()) return it->second;
  std::vector<cgt::Grundy> seen;
  for (int u = 0; u < p.n; ++u) {
    if (w[u] == 0) continue;
    for (int v = u; v < p.n; ++v) {
      bool edge = u == v ? p.has_loop(u) : p.adjacent(u, v);
      if (!edge || w[v] == 0) continue;
      --w[u];
      if (v != u) --w[v];
      seen.push_back(plain(p, w, memo));
      ++w[u];
      if (v != u) ++w[v];
    }
  }
  cgt::Grundy g = cgt::mex(seen);
  memo.emplace(w, g);
  return g;
}
}  // namespace

cgt::Grundy wak_grundy_plain(const WakGraph& p) {
  absl::flat_hash_map<std::vector<std::uint64_t>, cgt::Grundy> memo;
  std::vector<std::uint64_t> w = p.weight;
  return plain(p, w, memo);
}

}  // namespace cgtlab::games
