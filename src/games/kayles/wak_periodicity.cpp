#include "games/kayles/wak_periodicity.h"

#include <bit>

#include "util/error.h"
#include "util/int128.h"

namespace cgtlab::games {

using games::WakGraph;

std::optional<std::uint64_t> catalogue_weight(cgt::Grundy k, WakSolver& solver) {
  std::optional<std::uint64_t> best;
  // A looped vertex of weight a, and looped pairs a~ - b~, weights up to 4.
  for (std::uint64_t a = 0; a <= 4; ++a) {
    WakGraph one;
    one.add_vertex(a, true, "u");
    if (solver.grundy(one) == k && (!best || a < *best)) best = a;
    for (std::uint64_t b = 1; b <= 4; ++b) {
      WakGraph two;
      two.add_vertex(a, true, "u");
      two.add_vertex(b, true, "w");
      two.add_edge(0, 1);
      if (solver.grundy(two) == k && (!best || a + b < *best)) best = a + b;
    }
  }
  return best;
}

WeightExtrapolation extrapolate_weight(const WakGraph& p, int v, std::uint64_t x, WakSolver& solver,
                                       std::uint64_t max_computed) {
  WeightExtrapolation r;
  u128 omega128 = 0;
  for (int u = 0; u < p.n; ++u)
    if (u != v) omega128 += p.weight[u];
  if (omega128 > (1u << 20)) throw InputError("the other weights are too large to extrapolate (sum > 2^20)");
  const std::uint64_t omega = static_cast<std::uint64_t>(omega128);
  WakGraph q = p;
  auto g_at = [&](std::uint64_t y) {
    while (r.computed.size() <= y) {
      if (r.computed.size() >= max_computed)
        throw CapReached("periodicity: more than " + std::to_string(max_computed) + " weights needed");
      q.weight[v] = r.computed.size();
      r.computed.push_back(solver.grundy(q));
    }
    return r.computed[y];
  };
  auto outcome_of = [](cgt::Grundy g) { return g == 0 ? cgt::Outcome::P : cgt::Outcome::N; };

  if (!p.has_loop(v)) {
    // Heavy from the sum of the neighbours' weights on: the value is constant.
    std::uint64_t s = 0;
    for (std::uint64_t t = p.adj[v]; t; t &= t - 1) s += p.weight[std::countr_zero(t)];
    std::uint64_t y = x < s ? x : s;
    r.grundy = g_at(y);
    r.outcome = outcome_of(*r.grundy);
    r.outcome_bound = r.grundy_bound = x < s ? "computed by search"
                                             : "vertex is heavy from weight " + std::to_string(s) +
                                                   " (Proposition 1, Section 4): value at weight " + std::to_string(s);
    return r;
  }
  const std::uint64_t start = 2 * omega;
  if (x <= start + 1) {
    r.grundy = g_at(x);
    r.outcome = outcome_of(*r.grundy);
    r.outcome_bound = r.grundy_bound = "computed by search";
    return r;
  }
  // Outcome: Theorem 1 of Section 6, preperiod at most 2*Omega, period 2.
  std::uint64_t y = start + ((x - start) % 2);
  r.outcome = outcome_of(g_at(y));
  r.outcome_bound = "outcome 2-periodic from weight 2*Omega = " + std::to_string(start) +
                    " (Theorem 1, Section 6): outcome at weight " + std::to_string(y);
  // Grundy: find y = x mod 2, y >= 2*(Omega + u_k) with k = g(y).
  std::vector<std::optional<std::uint64_t>> first_seen;
  std::uint64_t scanned = 0;
  for (std::uint64_t z = y; z < max_computed && z <= x; z += 2) {
    for (; scanned <= z; ++scanned) {
      std::uint64_t i = scanned;
      cgt::Grundy gi = g_at(i);
      if (first_seen.size() <= gi) first_seen.resize(gi + 1);
      if (!first_seen[gi]) first_seen[gi] = i;
    }
    cgt::Grundy k = g_at(z);
    std::optional<std::uint64_t> u = catalogue_weight(k, solver);
    std::string source = u ? "a catalogue position" : "";
    std::uint64_t self = omega + *first_seen[k];
    if (!u || self < *u) {
      u = self;
      source = "the same graph at weight " + std::to_string(*first_seen[k]);
    }
    if (z >= 2 * (omega + *u)) {
      r.grundy = k;
      r.grundy_bound = "\"g = " + std::to_string(k) + "\" is 2-periodic from weight 2*(Omega + " + std::to_string(*u) +
                       ") = " + std::to_string(2 * (omega + *u)) + " (Theorem 1 of Section 6 on G + U, U = " + source +
                       " of Grundy value " + std::to_string(k) + "): value at weight " + std::to_string(z);
      return r;
    }
  }
  r.grundy_bound = "no proven bound reached within " + std::to_string(max_computed) + " computed weights";
  return r;
}

}  // namespace cgtlab::games
