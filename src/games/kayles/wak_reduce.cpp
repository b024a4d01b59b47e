#include "games/kayles/wak_reduce.h"

#include <bit>
#include <optional>

#include "util/error.h"
#include "util/int128.h"

namespace cgtlab::games {

using games::WakGraph;

namespace {

constexpr std::uint64_t bit(int v) { return std::uint64_t{1} << v; }

u128 neighbour_weight(const WakGraph& p, int v, std::uint64_t alive) {
  u128 s = 0;
  for (std::uint64_t t = p.adj[v] & alive; t; t &= t - 1) s += p.weight[std::countr_zero(t)];
  return s;
}

// The first reduction of each kind found in vertex order, or all of them.
template <typename F>
void scan(const WakGraph& p, std::uint64_t alive, F&& found) {
  for (int v = 0; v < p.n; ++v)
    if ((alive >> v & 1) && p.weight[v] == 0) found(Reduction{ReductionKind::Dead, v, v});
  for (int v = 0; v < p.n; ++v) {
    if (!(alive >> v & 1) || p.weight[v] == 0 || p.has_loop(v)) continue;
    std::uint64_t nb = p.adj[v] & alive;
    if ((nb & ~p.loops) == 0) found(Reduction{ReductionKind::Useless, v, v});
    else if (p.weight[v] >= neighbour_weight(p, v, alive)) found(Reduction{ReductionKind::Heavy, v, v});
  }
  for (int u = 0; u < p.n; ++u) {
    if (!(alive >> u & 1) || p.weight[u] == 0) continue;
    for (int v = u + 1; v < p.n; ++v) {
      if (!(alive >> v & 1) || p.weight[v] == 0 || p.adjacent(u, v)) continue;
      if (p.has_loop(u) == p.has_loop(v) && (p.adj[u] & alive) == (p.adj[v] & alive))
        found(Reduction{ReductionKind::Twins, u, v});
    }
  }
}

std::uint64_t all_vertices(const WakGraph& p) { return p.n == 64 ? ~std::uint64_t{0} : bit(p.n) - 1; }

// The subgraph on the vertices of `alive`, renumbered in order.
WakGraph compact(const WakGraph& p, std::uint64_t alive) {
  WakGraph q;
  int index[64];
  for (int v = 0; v < p.n; ++v)
    if (alive >> v & 1) index[v] = q.add_vertex(p.weight[v], p.has_loop(v), p.names[v]);
  for (int v = 0; v < p.n; ++v) {
    if (!(alive >> v & 1)) continue;
    for (std::uint64_t t = p.adj[v] & alive; t; t &= t - 1) q.adj[index[v]] |= bit(index[std::countr_zero(t)]);
  }
  return q;
}

// Applies r in place on p restricted to alive (no renumbering).
void apply_in_place(WakGraph& p, std::uint64_t& alive, const Reduction& r) {
  switch (r.kind) {
    case ReductionKind::Dead:
    case ReductionKind::Useless:
      alive &= ~bit(r.u);
      break;
    case ReductionKind::Heavy:
      p.loops |= p.adj[r.u] & alive;
      alive &= ~bit(r.u);
      break;
    case ReductionKind::Twins: {
      if (p.weight[r.u] > UINT64_MAX - p.weight[r.v])
        throw InputError("merging twin vertices " + p.names[r.u] + " and " + p.names[r.v] +
                         " overflows 64-bit weights");
      p.weight[r.u] += p.weight[r.v];
      p.names[r.u] += "_" + p.names[r.v];
      alive &= ~bit(r.v);
      break;
    }
  }
}

}  // namespace

std::string describe(const WakGraph& p, const Reduction& r) {
  switch (r.kind) {
    case ReductionKind::Dead: return "delete " + p.names[r.u] + " (no counters left)";
    case ReductionKind::Useless: return "delete useless vertex " + p.names[r.u];
    case ReductionKind::Heavy: return "delete heavy vertex " + p.names[r.u] + ", loops on its neighbours";
    case ReductionKind::Twins: return "merge false twins " + p.names[r.u] + " and " + p.names[r.v];
  }
  return "";
}

std::vector<Reduction> applicable_reductions(const WakGraph& p) {
  std::vector<Reduction> out;
  scan(p, all_vertices(p), [&](const Reduction& r) { out.push_back(r); });
  return out;
}

WakGraph apply_reduction(const WakGraph& p, const Reduction& r) {
  WakGraph q = p;
  std::uint64_t alive = all_vertices(p);
  apply_in_place(q, alive, r);
  return compact(q, alive);
}

bool is_canonical(const WakGraph& p) {
  bool any = false;
  scan(p, all_vertices(p), [&](const Reduction&) { any = true; });
  return !any;
}

WakGraph reduce_wak(const WakGraph& p, std::vector<std::string>* log) {
  WakGraph q = p;
  std::uint64_t alive = all_vertices(p);
  for (;;) {
    // One reduction at a time: each changes what else applies.
    std::optional<Reduction> next;
    scan(q, alive, [&](const Reduction& r) {
      if (!next) next = r;
    });
    if (!next) break;
    if (log) log->push_back(describe(q, *next));
    apply_in_place(q, alive, *next);
  }
  return compact(q, alive);
}

}  // namespace cgtlab::games
