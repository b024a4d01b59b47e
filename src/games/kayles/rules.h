// Weighted Arc-Kayles (WAK), Arc-Kayles and Node-Kayles (seed 004, Dailly, Gledel, Heinrich).
//
// WAK: an undirected graph, loops allowed, with a number of counters on each vertex. A move
// chooses an edge whose endpoints both hold a counter and removes one counter from each
// endpoint; a loop removes one counter from its vertex. A vertex without counters is dead.
// Arc-Kayles: every weight 1 and no loops, so a move deletes an edge and both endpoints.
// Node-Kayles: a move deletes a vertex and all its neighbours. Normal play throughout.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph.h"

namespace cgtlab::games {

// A WAK position on at most 64 vertices, as bitmasks: the form every WAK procedure works on.
struct WakGraph {
  static constexpr int kMaxVertices = 64;
  int n = 0;
  std::vector<std::uint64_t> adj;     // adj[v]: bit u set iff u-v is an edge, u != v
  std::uint64_t loops = 0;            // bit v: a loop at v
  std::vector<std::uint64_t> weight;  // counters on each vertex
  std::vector<std::string> names;     // vertex names (merged twins are named "a_b")

  bool has_loop(int v) const { return (loops >> v) & 1; }
  bool adjacent(int u, int v) const { return (adj[u] >> v) & 1; }
  int add_vertex(std::uint64_t w, bool loop, std::string name);
  void add_edge(int u, int v);  // u == v: a loop
};

// The position (g, weights); throws InputError when the weights do not match the vertices,
// when g is directed, or when g has more than 64 vertices.
WakGraph make_wak(const graph::Graph& g, const std::vector<std::uint64_t>& weights);
// Back to a graph (names kept) and its weights, for printing.
graph::Graph wak_graph(const WakGraph& p);

struct WakMove {
  int u = 0, v = 0;  // u == v: the loop at u
  bool operator==(const WakMove&) const = default;
};
// Legal moves: each edge u<v with counters on both ends, then each loop with a counter.
std::vector<WakMove> wak_moves(const WakGraph& p);
// The counters a move takes: one from each end of the edge, one from u for the loop at u.
inline void wak_take(std::vector<std::uint64_t>& weight, WakMove m) {
  --weight[m.u];
  if (m.v != m.u) --weight[m.v];
}
// The position after the move (the counters decrease; the graph is unchanged).
WakGraph wak_play(const WakGraph& p, WakMove m);
// Connected components of the live part (vertices with counters), each renumbered from 0.
std::vector<WakGraph> wak_components(const WakGraph& p);
// "a-b" or "a~" (loop) for a move, using the vertex names.
std::string wak_move_name(const WakGraph& p, WakMove m);

// Arc-Kayles and Node-Kayles are played on loopless undirected graphs; throws InputError
// otherwise (WAK handles loops).
void require_kayles_graph(const graph::Graph& g, const std::string& game);

enum class VertexGame { ArcKayles, NodeKayles };

// An Arc-/Node-Kayles position on a fixed graph: the set of surviving vertices, as a bitset of
// at most 64*W vertices. The graph is given by the neighbourhoods adj[v] (v itself not in adj[v]).
template <int W>
struct VertexSet {
  std::array<std::uint64_t, W> w{};
  bool test(int i) const { return (w[i >> 6] >> (i & 63)) & 1; }
  void set(int i) { w[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(int i) { w[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  bool any() const {
    for (auto x : w)
      if (x) return true;
    return false;
  }
  int count() const {
    int c = 0;
    for (auto x : w) c += std::popcount(x);
    return c;
  }
  int first() const {
    for (int i = 0; i < W; ++i)
      if (w[i]) return i * 64 + std::countr_zero(w[i]);
    return -1;
  }
  VertexSet& operator|=(const VertexSet& o) {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  VertexSet operator&(const VertexSet& o) const {
    VertexSet r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  VertexSet andnot(const VertexSet& o) const {
    VertexSet r;
    for (int i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  bool operator==(const VertexSet&) const = default;
  template <typename H>
  friend H AbslHashValue(H h, const VertexSet& b) {
    return H::combine_contiguous(std::move(h), b.w.data(), W);
  }
  // Calls f(i) for each member in increasing order.
  template <typename F>
  void each(F&& f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t x = w[i]; x; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
};

// A move: Arc-Kayles takes the edge u-v (u < v); Node-Kayles takes the vertex u (v = -1).
struct KaylesMoveAt {
  int u = 0, v = -1;
};

// The rules of Arc-Kayles and Node-Kayles, once: calls f(rest, move) for every move from the
// position s, where rest is the position it leads to. Arc-Kayles deletes both ends of an edge
// of s; Node-Kayles deletes a vertex of s and its neighbours. Order: Arc-Kayles the edges u<v
// by increasing (u, v); Node-Kayles the vertices by increasing v.
template <int W, typename F>
void each_kayles_move(VertexGame game, const std::vector<VertexSet<W>>& adj, const VertexSet<W>& s, F&& f) {
  if (game == VertexGame::ArcKayles) {
    s.each([&](int u) {
      (adj[u] & s).each([&](int v) {
        if (v <= u) return;
        VertexSet<W> rest = s;
        rest.reset(u);
        rest.reset(v);
        f(rest, KaylesMoveAt{u, v});
      });
    });
  } else {
    s.each([&](int v) {
      VertexSet<W> rest = s.andnot(adj[v]);
      rest.reset(v);
      f(rest, KaylesMoveAt{v, -1});
    });
  }
}

// The vertices the move m deletes from s: Arc-Kayles u, v; Node-Kayles v, then its neighbours
// in s in increasing order.
template <int W>
std::vector<int> kayles_deleted(const std::vector<VertexSet<W>>& adj, const VertexSet<W>& s, KaylesMoveAt m) {
  std::vector<int> deleted{m.u};
  if (m.v >= 0) deleted.push_back(m.v);
  else (adj[m.u] & s).each([&](int x) { deleted.push_back(x); });
  return deleted;
}

// The graph g (loopless, undirected, at most 64*W vertices) as neighbourhoods, and all its
// vertices as the starting position.
template <int W>
std::vector<VertexSet<W>> kayles_neighbourhoods(const graph::Graph& g) {
  std::vector<VertexSet<W>> adj(g.order());
  for (auto [u, v] : g.edges()) {
    adj[u].set(v);
    adj[v].set(u);
  }
  return adj;
}

}  // namespace cgtlab::games
