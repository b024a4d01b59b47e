// The one graph type: undirected (loops allowed) or directed, vertices 0..n-1 with names.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cgtlab::graph {

class Graph {
 public:
  Graph() = default;
  Graph(int order, bool directed);

  int order() const { return static_cast<int>(names_.size()); }
  bool directed() const { return directed_; }

  // Adds the edge u-v (u == v: a loop; undirected only) or the arc u>v. Duplicates are
  // ignored. Throws InputError on a loop in a directed graph or a vertex out of range.
  void add_edge(int u, int v);
  bool has_edge(int u, int v) const;  // undirected: either way; directed: the arc u>v
  bool has_loop(int v) const;

  // Undirected: the neighbours of v (v itself when it has a loop). Directed: out-neighbours.
  const std::vector<int>& neighbors(int v) const { return out_[v]; }
  const std::vector<int>& out_neighbors(int v) const { return out_[v]; }
  const std::vector<int>& in_neighbors(int v) const { return directed_ ? in_[v] : out_[v]; }
  int degree(int v) const { return static_cast<int>(out_[v].size()); }

  int edge_count() const;  // edges or arcs, loops not counted
  int loop_count() const;
  // Each edge once (u <= v when undirected) or each arc, in vertex order.
  std::vector<std::pair<int, int>> edges() const;

  const std::string& vertex_name(int v) const { return names_[v]; }
  void set_vertex_name(int v, std::string name) { names_[v] = std::move(name); }
  std::optional<int> find_vertex(std::string_view name) const;
  // Like find_vertex, but throws InputError naming the vertex when it does not exist.
  int vertex(std::string_view name) const;

  bool is_acyclic() const;  // directed graphs; an undirected graph is never a DAG here
  // Throws InputError("... has a cycle through ...") unless the graph is a DAG.
  void require_dag() const;
  std::vector<int> topological_order() const;  // requires a DAG

  // The subgraph induced on the given vertices (in that order), names kept.
  Graph induced(const std::vector<int>& vertices) const;
  // Vertex sets of connected components (weak components when directed), each sorted.
  std::vector<std::vector<int>> components() const;

  // An explicit edge-list spec that parses back to this graph ("0-1,1-2" or "a>b"). Not for
  // an edgeless directed graph (it parses back undirected) or a lone identifier-named vertex.
  std::string to_spec() const;

 private:
  bool directed_ = false;
  std::vector<std::string> names_;
  std::vector<std::vector<int>> out_, in_;
};

// Parses a graph spec: families K5, C4, P6, K2,3, S4, W5, Grid3x4, Petersen, T3, DP3,
// OutStar3, InStar3, and explicit lists "0-1,1-2,2-2" (undirected, u-u a loop) or
// "a>b,a>c" (arcs); a lone name adds an isolated vertex. Throws InputError naming the problem.
// Conventions (spec.cpp has the full list): families number vertices from 0; Sn has centre 0
// and n leaves; Wn has n vertices in all (Wolfram): hub 0 and the rim cycle 1..n-1;
// GridRxC puts row r, column c at r*C+c. At most 100000 vertices and 10^6 edges.
Graph parse_graph(std::string_view spec);

}  // namespace cgtlab::graph
