#include "games/kayles/rules.h"

#include <bit>

#include "util/error.h"

namespace cgtlab::games {

int WakGraph::add_vertex(std::uint64_t w, bool loop, std::string name) {
  if (n >= kMaxVertices) throw InputError("WAK positions are limited to 64 vertices per component");
  adj.push_back(0);
  weight.push_back(w);
  names.push_back(std::move(name));
  if (loop) loops |= std::uint64_t{1} << n;
  return n++;
}

void WakGraph::add_edge(int u, int v) {
  if (u == v) {
    loops |= std::uint64_t{1} << u;
    return;
  }
  adj[u] |= std::uint64_t{1} << v;
  adj[v] |= std::uint64_t{1} << u;
}

WakGraph make_wak(const graph::Graph& g, const std::vector<std::uint64_t>& weights) {
  if (g.directed()) throw InputError("WAK is played on undirected graphs");
  if (static_cast<int>(weights.size()) != g.order()) {
    throw InputError("the graph has " + std::to_string(g.order()) + " vertices but " +
                     std::to_string(weights.size()) + " weights were given");
  }
  if (g.order() > WakGraph::kMaxVertices) {
    throw InputError("WAK positions are limited to 64 vertices (got " + std::to_string(g.order()) + ")");
  }
  WakGraph p;
  for (int v = 0; v < g.order(); ++v) p.add_vertex(weights[v], g.has_loop(v), g.vertex_name(v));
  for (auto [u, v] : g.edges()) p.add_edge(u, v);
  return p;
}

graph::Graph wak_graph(const WakGraph& p) {
  graph::Graph g(p.n, false);
  for (int v = 0; v < p.n; ++v) g.set_vertex_name(v, p.names[v]);
  for (int u = 0; u < p.n; ++u) {
    if (p.has_loop(u)) g.add_edge(u, u);
    for (int v = u + 1; v < p.n; ++v)
      if (p.adjacent(u, v)) g.add_edge(u, v);
  }
  return g;
}

std::vector<WakMove> wak_moves(const WakGraph& p) {
  std::vector<WakMove> moves;
  for (int u = 0; u < p.n; ++u) {
    if (p.weight[u] == 0) continue;
    for (std::uint64_t rest = p.adj[u] >> u >> 1; rest; rest &= rest - 1) {
      int v = u + 1 + std::countr_zero(rest);
      if (p.weight[v] > 0) moves.push_back({u, v});
    }
  }
  for (int u = 0; u < p.n; ++u)
    if (p.has_loop(u) && p.weight[u] > 0) moves.push_back({u, u});
  return moves;
}

WakGraph wak_play(const WakGraph& p, WakMove m) {
  WakGraph q = p;
  wak_take(q.weight, m);
  return q;
}

std::vector<WakGraph> wak_components(const WakGraph& p) {
  std::uint64_t live = 0;
  for (int v = 0; v < p.n; ++v)
    if (p.weight[v] > 0) live |= std::uint64_t{1} << v;
  std::vector<WakGraph> out;
  while (live) {
    std::uint64_t comp = live & -live, frontier = comp;
    while (frontier) {
      std::uint64_t next = 0;
      for (std::uint64_t f = frontier; f; f &= f - 1) next |= p.adj[std::countr_zero(f)];
      next &= live & ~comp;
      comp |= next;
      frontier = next;
    }
    live &= ~comp;
    WakGraph c;
    int index[64];
    for (std::uint64_t s = comp; s; s &= s - 1) {
      int v = std::countr_zero(s);
      index[v] = c.add_vertex(p.weight[v], p.has_loop(v), p.names[v]);
    }
    for (std::uint64_t s = comp; s; s &= s - 1) {
      int v = std::countr_zero(s);
      for (std::uint64_t t = p.adj[v] & comp; t; t &= t - 1) c.adj[index[v]] |= std::uint64_t{1} << index[std::countr_zero(t)];
    }
    out.push_back(std::move(c));
  }
  return out;
}

std::string wak_move_name(const WakGraph& p, WakMove m) {
  if (m.u == m.v) return p.names[m.u] + "~";
  return p.names[m.u] + "-" + p.names[m.v];
}

void require_kayles_graph(const graph::Graph& g, const std::string& game) {
  if (g.directed()) throw InputError(game + " is played on undirected graphs");
  if (g.loop_count() > 0) throw InputError(game + " is played on loopless graphs (use `cgtlab wak` for loops)");
}

}  // namespace cgtlab::games
