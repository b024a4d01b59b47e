// Weighted Arc-Kayles (WAK), Arc-Kayles and Node-Kayles (seed 004, Dailly, Gledel, Heinrich).
//
// WAK: an undirected graph, loops allowed, with a number of counters on each vertex. A move
// chooses an edge whose endpoints both hold a counter and removes one counter from each
// endpoint; a loop removes one counter from its vertex. A vertex without counters is dead.
// Arc-Kayles: every weight 1 and no loops, so a move deletes an edge and both endpoints.
// Node-Kayles: a move deletes a vertex and all its neighbours. Normal play throughout.
#pragma once
#include <cstdint>
#include <string>
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
// The position after the move (the counters decrease; the graph is unchanged).
WakGraph wak_play(const WakGraph& p, WakMove m);
// Connected components of the live part (vertices with counters), each renumbered from 0.
std::vector<WakGraph> wak_components(const WakGraph& p);
// "a-b" or "a~" (loop) for a move, using the vertex names.
std::string wak_move_name(const WakGraph& p, WakMove m);

// Arc-Kayles and Node-Kayles are played on loopless undirected graphs; throws InputError
// otherwise (WAK handles loops).
void require_kayles_graph(const graph::Graph& g, const std::string& game);
// Arc-Kayles moves: the edges u<v. Node-Kayles moves: the vertices.
std::vector<std::pair<int, int>> arc_kayles_moves(const graph::Graph& g);
// The vertices deleted by a Node-Kayles move at v: v and its neighbours.
std::vector<int> node_kayles_deleted(const graph::Graph& g, int v);

}  // namespace cgtlab::games
