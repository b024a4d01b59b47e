#include "games/kayles/wak_tree2.h"

#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <queue>
#include <stdexcept>

namespace cgtlab::games {

namespace {

// A WAK graph on at most 4 vertices with 128-bit weights: the end of Theorem 1's reduction.
struct Tiny {
  int n = 0;
  unsigned adj[4] = {0, 0, 0, 0};
  unsigned loops = 0;
  u128 w[4] = {0, 0, 0, 0};
  unsigned alive = 0;
  bool loop(int v) const { return loops >> v & 1; }
};

// Applies one reduction (dead, useless, heavy, twins); false when the graph is canonical.
bool reduce_once(Tiny& t) {
  for (int v = 0; v < t.n; ++v)
    if ((t.alive >> v & 1) && t.w[v] == 0) {
      t.alive &= ~(1u << v);
      return true;
    }
  for (int v = 0; v < t.n; ++v) {
    if (!(t.alive >> v & 1) || t.loop(v)) continue;
    unsigned nb = t.adj[v] & t.alive;
    if ((nb & ~t.loops) == 0) {  // useless
      t.alive &= ~(1u << v);
      return true;
    }
    u128 s = 0;
    for (int u = 0; u < t.n; ++u)
      if (nb >> u & 1) s += t.w[u];
    if (t.w[v] >= s) {  // heavy
      t.loops |= nb;
      t.alive &= ~(1u << v);
      return true;
    }
  }
  for (int u = 0; u < t.n; ++u)
    for (int v = u + 1; v < t.n; ++v) {
      if (!(t.alive >> u & 1) || !(t.alive >> v & 1) || (t.adj[u] >> v & 1)) continue;
      if (t.loop(u) == t.loop(v) && (t.adj[u] & t.alive) == (t.adj[v] & t.alive)) {
        t.w[u] += t.w[v];
        t.alive &= ~(1u << v);
        return true;
      }
    }
  return false;
}

struct PieceValue {
  std::optional<cgt::Grundy> grundy;
  std::optional<cgt::Outcome> outcome;
  std::string text;
};

// A canonical connected piece of the reduced path.
PieceValue piece_value(const Tiny& t, unsigned comp) {
  std::vector<int> vs;
  for (int v = 0; v < t.n; ++v)
    if (comp >> v & 1) vs.push_back(v);
  PieceValue r;
  if (vs.size() == 1) {
    int v = vs[0];
    // Lemma 1: a looped vertex of weight a has Grundy value a mod 2 (an unlooped one has no move).
    r.grundy = t.loop(v) ? static_cast<cgt::Grundy>(t.w[v] % 2) : 0;
    r.text = fmt::format("{}", t.w[v]) + (t.loop(v) ? "~" : "");
    return r;
  }
  if (vs.size() == 2 && t.loop(vs[0]) && t.loop(vs[1])) {
    // Lemma 2: ((a + b) mod 2) + 2 (min(a, b) mod 2).
    u128 a = t.w[vs[0]], b = t.w[vs[1]];
    r.grundy = static_cast<cgt::Grundy>((a + b) % 2 + 2 * (std::min(a, b) % 2));
    r.text = fmt::format("{}", a) + "~ - " + fmt::format("{}", b) + "~";
    return r;
  }
  // Lemma 5: a canonical path p0(loop) - p1 - p2 (- p3): P iff w(p0) + w(p2) is even. Without
  // the looped end (weight 0 there), the path p1 - p2 - p3: P iff w(p2) is even.
  std::vector<int> order;
  int ends = 0;
  for (int v : vs) {
    int d = std::popcount(t.adj[v] & comp);
    if (d == 1) ++ends;
    if (d > 2) return r;
  }
  if (ends != 2) return r;
  int looped = -1;
  for (int v : vs)
    if (t.loop(v)) {
      if (looped >= 0) return r;
      looped = v;
    }
  int start = looped;
  if (start < 0) {
    for (int v : vs)
      if (std::popcount(t.adj[v] & comp) == 1) {
        start = v;
        break;
      }
  } else if (std::popcount(t.adj[start] & comp) != 1) {
    return r;
  }
  order.push_back(start);
  while (order.size() < vs.size()) {
    unsigned nb = t.adj[order.back()] & comp;
    for (int v : order) nb &= ~(1u << v);
    order.push_back(std::countr_zero(nb));
  }
  u128 parity;
  if (looped >= 0 && (order.size() == 3 || order.size() == 4)) {
    parity = t.w[order[0]] + t.w[order[2]];
  } else if (looped < 0 && order.size() == 3) {
    parity = t.w[order[1]];
  } else {
    return r;
  }
  r.outcome = parity % 2 == 0 ? cgt::Outcome::P : cgt::Outcome::N;
  for (std::size_t i = 0; i < order.size(); ++i)
    r.text += (i ? " - " : "") + fmt::format("{}", t.w[order[i]]) + (t.loop(order[i]) ? "~" : "");
  r.text += " (Lemma 5)";
  return r;
}

}  // namespace

Tree2Result looped_path_outcome(u128 a, u128 c, u128 x, u128 y) {
  Tiny t;
  t.n = 4;
  t.w[0] = a;
  t.w[1] = c;
  t.w[2] = x;
  t.w[3] = y;
  t.loops = 1;
  t.adj[0] = 0b0010;
  t.adj[1] = 0b0101;
  t.adj[2] = 0b1010;
  t.adj[3] = 0b0100;
  t.alive = 0b1111;
  while (reduce_once(t)) {
  }
  // Split into components and combine: exact Grundy values nim-sum; one outcome-only piece
  // decides when the others sum to 0.
  Tree2Result out;
  cgt::Grundy sum = 0;
  std::optional<cgt::Outcome> outcome_only;
  unsigned left = t.alive;
  while (left) {
    unsigned comp = left & -left, frontier = comp;
    while (frontier) {
      unsigned next = 0;
      for (int v = 0; v < 4; ++v)
        if (frontier >> v & 1) next |= t.adj[v];
      next &= left & ~comp;
      comp |= next;
      frontier = next;
    }
    left &= ~comp;
    PieceValue pv = piece_value(t, comp);
    if (!out.reduced.empty()) out.reduced += " + ";
    out.reduced += pv.text;
    if (pv.grundy) {
      sum ^= *pv.grundy;
    } else if (pv.outcome && !outcome_only) {
      outcome_only = pv.outcome;
    } else {
      throw std::logic_error("Theorem 1: the reduced path " + out.reduced + " is neither small nor a Lemma 5 path");
    }
  }
  if (out.reduced.empty()) out.reduced = "empty";
  if (outcome_only) {
    if (sum != 0) throw std::logic_error("Theorem 1: a Lemma 5 path next to other pieces");
    out.outcome = *outcome_only;
  } else {
    out.grundy = sum;
    out.outcome = sum == 0 ? cgt::Outcome::P : cgt::Outcome::N;
  }
  return out;
}

namespace {

struct LiveTree {
  std::vector<int> vertices;  // live vertices
  int centre = -1;
};

// BFS distances from s over live vertices.
std::vector<int> distances(const graph::Graph& g, const std::vector<char>& live, int s) {
  std::vector<int> d(g.order(), -1);
  std::queue<int> q;
  d[s] = 0;
  q.push(s);
  while (!q.empty()) {
    int u = q.front();
    q.pop();
    for (int v : g.neighbors(u))
      if (v != u && live[v] && d[v] < 0) {
        d[v] = d[u] + 1;
        q.push(v);
      }
  }
  return d;
}

std::optional<LiveTree> live_depth2_tree(const graph::Graph& g, const std::vector<std::uint64_t>& w) {
  if (g.directed() || static_cast<int>(w.size()) != g.order()) return std::nullopt;
  std::vector<char> live(g.order());
  LiveTree t;
  for (int v = 0; v < g.order(); ++v)
    if (w[v] > 0) {
      live[v] = 1;
      t.vertices.push_back(v);
      if (g.has_loop(v)) return std::nullopt;
    }
  if (t.vertices.empty()) return t;
  long long edges = 0;
  for (auto [u, v] : g.edges())
    if (u != v && live[u] && live[v]) ++edges;
  if (edges != static_cast<long long>(t.vertices.size()) - 1) return std::nullopt;
  auto d0 = distances(g, live, t.vertices[0]);
  int far = t.vertices[0];
  for (int v : t.vertices) {
    if (d0[v] < 0) return std::nullopt;  // not connected
    if (d0[v] > d0[far]) far = v;
  }
  auto d1 = distances(g, live, far);
  int other = far;
  for (int v : t.vertices)
    if (d1[v] > d1[other]) other = v;
  int diameter = d1[other];
  if (diameter > 4) return std::nullopt;
  // The centre: the vertex on a diameter path at distance ceil(diameter/2) from `far`.
  auto d2 = distances(g, live, other);
  for (int v : t.vertices)
    if (d1[v] + d2[v] == diameter && d1[v] == (diameter + 1) / 2) {
      t.centre = v;
      break;
    }
  return t;
}

}  // namespace

bool is_depth2_tree(const graph::Graph& g, const std::vector<std::uint64_t>& weights) {
  return live_depth2_tree(g, weights).has_value();
}

std::optional<Tree2Result> depth2_tree_outcome(const graph::Graph& g, const std::vector<std::uint64_t>& w) {
  auto tree = live_depth2_tree(g, w);
  if (!tree) return std::nullopt;
  if (tree->vertices.empty()) return Tree2Result{cgt::Outcome::P, 0, "empty"};
  const int c = tree->centre;
  u128 a = 0, depth1_leaves = 0, x_sum = 0, y_sum = 0;
  int branches = 0;
  for (int x : g.neighbors(c)) {
    if (x == c || w[x] == 0) continue;
    u128 leaves = 0;
    bool has_children = false;
    for (int y : g.neighbors(x))
      if (y != x && y != c && w[y] > 0) {
        leaves += w[y];  // false twins: merged
        has_children = true;
      }
    if (!has_children) {
      depth1_leaves += w[x];  // the depth-1 leaves are false twins too
    } else if (leaves >= w[x]) {
      a += w[x];  // the merged leaf is heavy: x gets a loop, and the looped x are merged into a
    } else {
      x_sum += w[x];
      y_sum += leaves;
      ++branches;
    }
  }
  if (depth1_leaves > 0) {  // a branch depth1_leaves - 0
    x_sum += depth1_leaves;
    ++branches;
  }
  if (branches == 0) {
    // a(loop) - c: c is useless, leaving a looped vertex of weight a (Lemma 1). Exact.
    Tree2Result r = looped_path_outcome(a, w[c], 0, 0);
    return r;
  }
  Tree2Result r = looped_path_outcome(a, w[c], x_sum, y_sum);
  // Lemma 6 keeps only the outcome when it merges two or more branches.
  if (branches > 1) r.grundy.reset();
  return r;
}

}  // namespace cgtlab::games
