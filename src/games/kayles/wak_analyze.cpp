#include "games/kayles/wak_analyze.h"

#include "games/kayles/wak_periodicity.h"
#include "games/kayles/wak_tree2.h"
#include "util/error.h"

namespace cgtlab::games {

std::string outcome_name(cgt::Outcome o) { return o == cgt::Outcome::P ? "P" : "N"; }

namespace {

cgt::Outcome outcome_of(cgt::Grundy g) { return g == 0 ? cgt::Outcome::P : cgt::Outcome::N; }

// Number of weight vectors below p (a bound on the positions a plain search meets), capped.
double position_bound(const std::vector<std::uint64_t>& w) {
  double b = 1;
  for (auto x : w) b *= static_cast<double>(x) + 1;  // an estimate only: chooses a method
  return b;
}

constexpr double kSearchBound = 1 << 22;
constexpr std::uint64_t kLargeWeight = 64;

}  // namespace

WakAnalyser::WakAnalyser(solve::SearchLimits limits) : wak_(limits), arc_(VertexGame::ArcKayles, limits) {}

WakValue WakAnalyser::component_value(const graph::Graph& g, const std::vector<std::uint64_t>& w) {
  WakValue v;
  bool unit = true;
  for (auto x : w) unit &= x == 1;
  if (unit && g.order() + g.loop_count() <= 512) {
    // Weight 1 everywhere: Arc-Kayles, each loop replaced by a pendant vertex (Corollary 2;
    // the pendant is heavy and reduces back to the loop), on the fast bitset solver.
    graph::Graph h(g.order() + g.loop_count(), false);
    int pendant = g.order();
    for (auto [a, b] : g.edges()) h.add_edge(a, a == b ? pendant++ : b);
    v.grundy = arc_.grundy(h);
    v.methods.push_back("Arc-Kayles search (" + std::to_string(h.order()) + " vertices" +
                        (g.loop_count() ? ", loops as pendant vertices by Corollary 2)" : ")"));
  } else if ((position_bound(w) > kSearchBound || g.order() > games::WakGraph::kMaxVertices) &&
             is_depth2_tree(g, w)) {
    auto r = depth2_tree_outcome(g, w);
    v.grundy = r->grundy;
    v.outcome = r->outcome;
    v.methods.push_back("Theorem 1 (loopless tree of depth <= 2), reduced to " + r->reduced);
    if (!v.grundy && v.outcome == cgt::Outcome::P) v.grundy = 0;  // a P-position has Grundy value 0
    return v;
  } else if (g.order() > games::WakGraph::kMaxVertices) {
    throw InputError("WAK components are limited to 64 vertices unless every weight is 1 (got " +
                     std::to_string(g.order()) + ")");
  } else {
    auto p = games::make_wak(g, w);
    int large = -1, count = 0;
    std::vector<std::uint64_t> rest;
    for (int u = 0; u < p.n; ++u) {
      if (p.weight[u] > kLargeWeight) {
        large = u;
        ++count;
      } else {
        rest.push_back(p.weight[u]);
      }
    }
    if (count == 1 && position_bound(w) > kSearchBound && position_bound(rest) <= kSearchBound) {
      auto e = extrapolate_weight(p, large, p.weight[large], wak_);
      v.grundy = e.grundy;
      v.outcome = e.outcome;
      v.methods.push_back("Section 6 periodicity on vertex " + p.names[large] + ": outcome: " + e.outcome_bound +
                          "; Grundy value: " + e.grundy_bound);
      if (!v.grundy && v.outcome == cgt::Outcome::P) v.grundy = 0;  // a P-position has Grundy value 0
      return v;
    }
    v.grundy = wak_.grundy(p);
    v.methods.push_back("WAK search (" + std::to_string(p.n) + " vertices, " + std::to_string(wak_.positions()) +
                        " positions in memo)");
  }
  v.outcome = outcome_of(*v.grundy);
  return v;
}

WakValue WakAnalyser::value(const graph::Graph& g, const std::vector<std::uint64_t>& w) {
  if (g.directed()) throw InputError("WAK is played on undirected graphs");
  if (static_cast<int>(w.size()) != g.order())
    throw InputError("the graph has " + std::to_string(g.order()) + " vertices but " + std::to_string(w.size()) +
                     " weights were given");
  // Live components: vertices with counters.
  std::vector<int> live;
  for (int u = 0; u < g.order(); ++u)
    if (w[u] > 0) live.push_back(u);
  graph::Graph h = g.induced(live);
  WakValue total;
  cgt::Grundy exact_sum = 0;  // nim-sum of the components known exactly
  int outcome_only = 0, unknown = 0;
  std::optional<cgt::Outcome> piece_outcome;
  for (const auto& comp : h.components()) {
    graph::Graph c = h.induced(comp);
    std::vector<std::uint64_t> cw;
    cw.reserve(comp.size());
    for (int u : comp) cw.push_back(w[live[u]]);
    WakValue v = component_value(c, cw);
    for (auto& m : v.methods) total.methods.push_back(m);
    if (v.grundy) {
      exact_sum ^= *v.grundy;
    } else if (v.outcome) {
      ++outcome_only;
      piece_outcome = v.outcome;
    } else {
      ++unknown;
    }
  }
  if (unknown == 0 && outcome_only == 0) {
    total.grundy = exact_sum;
    total.outcome = outcome_of(exact_sum);
  } else if (unknown == 0 && outcome_only == 1) {
    // T + rest is P iff G(T) = G(rest): decided when G(rest) = 0, or when T is P and rest is not.
    if (exact_sum == 0) total.outcome = piece_outcome;
    else if (*piece_outcome == cgt::Outcome::P) total.outcome = cgt::Outcome::N;
  }
  if (!total.grundy && total.outcome == cgt::Outcome::P) total.grundy = 0;  // a P-position has Grundy value 0
  return total;
}

WakAnswer WakAnalyser::analyse(const graph::Graph& g, const std::vector<std::uint64_t>& w, bool with_moves) {
  WakAnswer a;
  a.value = value(g, w);
  if (!with_moves) return a;
  for (const auto& [u, v] : g.edges()) {
    if (w[u] == 0 || w[v] == 0) continue;
    auto after = w;
    --after[u];
    if (v != u) --after[v];
    WakMoveValue m;
    m.move = u == v ? g.vertex_name(u) + "~" : g.vertex_name(u) + "-" + g.vertex_name(v);
    m.value = value(g, after);
    a.moves.push_back(std::move(m));
  }
  return a;
}

}  // namespace cgtlab::games
