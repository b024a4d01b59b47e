// The graph type: sorted adjacency lists so that has_edge is a binary search and every
// traversal is deterministic (vertex order), which keeps memo keys and outputs stable.
#include "graph/graph.h"

#include <algorithm>
#include <deque>

#include "util/error.h"

namespace cgtlab::graph {

namespace {

// Inserts x into the sorted vector v unless present; returns whether it was inserted.
// Families add neighbours in increasing order, so the common case is an append.
bool insert_sorted(std::vector<int>& v, int x) {
  if (v.empty() || v.back() < x) {
    v.push_back(x);
    return true;
  }
  auto it = std::lower_bound(v.begin(), v.end(), x);
  if (it != v.end() && *it == x) return false;
  v.insert(it, x);
  return true;
}

}  // namespace

Graph::Graph(int order, bool directed) : directed_(directed) {
  if (order < 0) throw InputError("graph order must be non-negative, got " + std::to_string(order));
  names_.resize(order);
  for (int v = 0; v < order; ++v) names_[v] = std::to_string(v);
  out_.resize(order);
  if (directed) in_.resize(order);
}

void Graph::add_edge(int u, int v) {
  if (u < 0 || u >= order() || v < 0 || v >= order()) {
    throw InputError("edge " + std::to_string(u) + (directed_ ? ">" : "-") + std::to_string(v) +
                     " names a vertex outside 0.." + std::to_string(order() - 1));
  }
  if (directed_) {
    if (u == v) throw InputError("a directed graph cannot have the loop " + names_[u] + ">" + names_[u]);
    if (insert_sorted(out_[u], v)) insert_sorted(in_[v], u);
    return;
  }
  insert_sorted(out_[u], v);
  if (u != v) insert_sorted(out_[v], u);
}

bool Graph::has_edge(int u, int v) const {
  if (u < 0 || u >= order() || v < 0 || v >= order()) return false;
  return std::binary_search(out_[u].begin(), out_[u].end(), v);
}

bool Graph::has_loop(int v) const { return !directed_ && has_edge(v, v); }

int Graph::edge_count() const {
  long long count = 0;
  for (int v = 0; v < order(); ++v) {
    if (directed_) {
      count += static_cast<long long>(out_[v].size());
    } else {
      // Neighbours above v: each non-loop edge counted once.
      auto above = std::upper_bound(out_[v].begin(), out_[v].end(), v);
      count += out_[v].end() - above;
    }
  }
  return static_cast<int>(count);
}

int Graph::loop_count() const {
  int count = 0;
  for (int v = 0; v < order(); ++v) count += has_loop(v) ? 1 : 0;
  return count;
}

std::vector<std::pair<int, int>> Graph::edges() const {
  std::vector<std::pair<int, int>> result;
  for (int u = 0; u < order(); ++u) {
    for (int v : out_[u]) {
      if (directed_ || u <= v) result.emplace_back(u, v);
    }
  }
  return result;
}

std::optional<int> Graph::find_vertex(std::string_view name) const {
  for (int v = 0; v < order(); ++v) {
    if (names_[v] == name) return v;
  }
  return std::nullopt;
}

int Graph::vertex(std::string_view name) const {
  if (auto v = find_vertex(name)) return *v;
  throw InputError("the graph has no vertex named '" + std::string(name) + "'");
}

// Kahn's algorithm; the vertices it cannot remove lie on or behind a cycle.
static std::vector<int> kahn_order(const Graph& g) {
  std::vector<int> indegree(g.order());
  for (int v = 0; v < g.order(); ++v) indegree[v] = static_cast<int>(g.in_neighbors(v).size());
  std::deque<int> ready;
  for (int v = 0; v < g.order(); ++v)
    if (indegree[v] == 0) ready.push_back(v);
  std::vector<int> order;
  order.reserve(g.order());
  while (!ready.empty()) {
    int v = ready.front();
    ready.pop_front();
    order.push_back(v);
    for (int w : g.out_neighbors(v))
      if (--indegree[w] == 0) ready.push_back(w);
  }
  return order;
}

bool Graph::is_acyclic() const {
  if (!directed_) return false;
  return static_cast<int>(kahn_order(*this).size()) == order();
}

void Graph::require_dag() const {
  if (!directed_) throw InputError("a directed acyclic graph is required, but the spec is undirected (use u>v arcs)");
  auto sorted = kahn_order(*this);
  if (static_cast<int>(sorted.size()) == order()) return;
  // Every vertex Kahn left behind has an in-neighbour that was also left behind, so walking
  // backwards through those must revisit a vertex: that closes a cycle to report.
  std::vector<char> removed(order(), 0);
  for (int v : sorted) removed[v] = 1;
  int start = 0;
  while (start + 1 < order() && removed[start]) ++start;
  std::vector<int> position(order(), -1), walk;
  int v = start;
  while (position[v] < 0) {
    position[v] = static_cast<int>(walk.size());
    walk.push_back(v);
    for (int u : in_[v]) {
      if (!removed[u]) {
        v = u;
        break;
      }
    }
  }
  // walk[position[v]..] followed backwards is the cycle; print it forwards.
  std::vector<int> cycle(walk.begin() + position[v], walk.end());
  std::reverse(cycle.begin(), cycle.end());
  std::string text;
  for (int w : cycle) text += names_[w] + ">";
  text += names_[cycle.front()];
  throw InputError("the graph must be acyclic but has the cycle " + text);
}

std::vector<int> Graph::topological_order() const {
  require_dag();
  return kahn_order(*this);
}

Graph Graph::induced(const std::vector<int>& vertices) const {
  Graph sub(static_cast<int>(vertices.size()), directed_);
  std::vector<int> index(order(), -1);
  for (int i = 0; i < static_cast<int>(vertices.size()); ++i) {
    int v = vertices[i];
    if (v < 0 || v >= order() || index[v] >= 0)
      throw InputError("induced subgraph: vertex list has a repeated or out-of-range vertex");
    index[v] = i;
    sub.names_[i] = names_[v];
  }
  for (int i = 0; i < static_cast<int>(vertices.size()); ++i) {
    for (int w : out_[vertices[i]]) {
      if (index[w] >= 0) sub.add_edge(i, index[w]);
    }
  }
  return sub;
}

std::vector<std::vector<int>> Graph::components() const {
  std::vector<std::vector<int>> result;
  std::vector<char> seen(order(), 0);
  std::vector<int> stack;
  for (int s = 0; s < order(); ++s) {
    if (seen[s]) continue;
    std::vector<int> comp;
    seen[s] = 1;
    stack.push_back(s);
    while (!stack.empty()) {
      int v = stack.back();
      stack.pop_back();
      comp.push_back(v);
      auto visit = [&](int w) {
        if (!seen[w]) {
          seen[w] = 1;
          stack.push_back(w);
        }
      };
      for (int w : out_[v]) visit(w);
      if (directed_)
        for (int w : in_[v]) visit(w);
    }
    std::sort(comp.begin(), comp.end());
    result.push_back(std::move(comp));
  }
  return result;
}

std::string Graph::to_spec() const {
  if (order() == 0) return "";
  const char* sep = directed_ ? ">" : "-";
  std::string list;
  std::vector<char> used(order(), 0);
  for (auto [u, v] : edges()) {
    if (!list.empty()) list += ',';
    list += names_[u] + sep + names_[v];
    used[u] = used[v] = 1;
  }
  for (int v = 0; v < order(); ++v) {
    if (!used[v]) list += (list.empty() ? "" : ",") + names_[v];
  }
  // The parser orders vertices numerically or by first appearance; when that does not give
  // back our order (or an edgeless list would read as a family), list every name first.
  auto same_order = [&](const std::string& spec) {
    try {
      Graph back = parse_graph(spec);
      return back.names_ == names_ && back.directed_ == directed_;
    } catch (const InputError&) {
      return false;
    }
  };
  if (same_order(list)) return list;
  std::string prefixed;
  for (int v = 0; v < order(); ++v) prefixed += (v ? "," : "") + names_[v];
  for (auto [u, v] : edges()) prefixed += "," + names_[u] + sep + names_[v];
  return prefixed;
}

}  // namespace cgtlab::graph
