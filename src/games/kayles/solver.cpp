#include "games/kayles/solver.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <string>
#include <utility>

#include "graph/symmetry.h"
#include "games/kayles/rules.h"
#include "util/error.h"

namespace cgtlab::games {

using graph::CanonKey;
using graph::canonical_key;

namespace {

template <int W>
using Bits = VertexSet<W>;

}  // namespace

struct KaylesSolver::Impl {
  absl::flat_hash_map<CanonKey, std::uint32_t> canon;
  std::uint64_t key_bytes = 0;  // heap bytes of the canonical keys
  std::uint64_t labelled = 0;
  std::uint64_t nauty_calls = 0;
};

namespace {

template <int W>
class Run {
 public:
  Run(const graph::Graph& g, VertexGame game, const solve::SearchLimits& limits, KaylesSolver::Impl& shared)
      : n_(g.order()), game_(game), limits_(limits), shared_(shared), adj_(kayles_neighbourhoods<W>(g)) {
    for (int v = 0; v < n_; ++v) all_.set(v);
  }
  ~Run() { shared_.labelled = raw_.size(); }

  const Bits<W>& all() const { return all_; }
  const std::vector<Bits<W>>& adj() const { return adj_; }

  // Nim-sum of the components of s.
  cgt::Grundy solve_set(Bits<W> s) {
    cgt::Grundy x = 0;
    while (s.any()) {
      Bits<W> comp = component_of(s, s.first());
      s = s.andnot(comp);
      x ^= solve_component(comp);
    }
    return x;
  }

  // The positions left by each move from s (the rules' moves, in their order).
  template <typename F>
  void each_move(const Bits<W>& s, F&& f) const {
    each_kayles_move<W>(game_, adj_, s, std::forward<F>(f));
  }

 private:
  Bits<W> component_of(const Bits<W>& s, int start) const {
    Bits<W> comp, frontier;
    comp.set(start);
    frontier.set(start);
    while (frontier.any()) {
      Bits<W> next;
      frontier.each([&](int u) { next |= adj_[u]; });
      next = (next & s).andnot(comp);
      comp |= next;
      frontier = next;
    }
    return comp;
  }

  // Grundy value of a connected vertex set.
  cgt::Grundy solve_component(const Bits<W>& comp) {
    int k = comp.count();
    if (game_ == VertexGame::ArcKayles && k <= 1) return 0;   // no edge: no move
    if (game_ == VertexGame::NodeKayles && k <= 2) return 1;  // any move empties a connected pair
    if (auto it = raw_.find(comp); it != raw_.end()) return it->second;
    CanonKey key;
    if (k > kSmall) {
      key = canonical_key_of(comp, k);
      if (auto it = shared_.canon.find(key); it != shared_.canon.end()) {
        raw_.emplace(comp, it->second);
        return it->second;
      }
    }
    std::vector<cgt::Grundy> seen;
    each_move(comp, [&](const Bits<W>& rest, KaylesMoveAt) { seen.push_back(solve_set(rest)); });
    cgt::Grundy g = cgt::mex(std::move(seen));
    raw_.emplace(comp, static_cast<std::uint32_t>(g));
    if (k > kSmall) {
      shared_.key_bytes += key.capacity() * sizeof(std::uint64_t);
      shared_.canon.emplace(std::move(key), static_cast<std::uint32_t>(g));
    }
    // Memory: both tables' slots (key, value, control byte) and the canonical keys' heap.
    const std::uint64_t bytes = raw_.capacity() * (sizeof(Bits<W>) + 5) +
                                shared_.canon.capacity() * (sizeof(CanonKey) + 5) + shared_.key_bytes;
    limits_.check(raw_.size() + shared_.canon.size(), bytes);
    return g;
  }

  CanonKey canonical_key_of(const Bits<W>& comp, int k) {
    long long degree_sum = 0;
    comp.each([&](int v) { degree_sum += (adj_[v] & comp).count(); });
    if (degree_sum == 2LL * (k - 1)) return tree_key(comp, k);  // connected with k-1 edges: a tree
    ++shared_.nauty_calls;
    int index[64 * W];
    int local = 0;
    comp.each([&](int v) { index[v] = local++; });
    const int words = (k + 63) / 64;
    rows_.assign(static_cast<std::size_t>(k) * words, 0);
    local = 0;
    comp.each([&](int v) {
      (adj_[v] & comp).each([&](int u) {
        int j = index[u];
        rows_[static_cast<std::size_t>(local) * words + (j >> 6)] |= std::uint64_t{1} << (j & 63);
      });
      ++local;
    });
    return canonical_key(k, rows_, words);
  }

  // Trees (paths above all) skip nauty: the AHU encoding rooted at the centre (the smaller of
  // the two encodings when there are two centres) is a canonical form of a free tree. The key
  // starts with k and then ~0, which no nauty key has there (row 0 never contains vertex 0).
  CanonKey tree_key(const Bits<W>& comp, int k) {
    std::vector<int> vs;
    comp.each([&](int v) { vs.push_back(v); });
    int index[64 * W];
    for (int i = 0; i < k; ++i) index[vs[i]] = i;
    std::vector<std::vector<int>> nb(k);
    for (int i = 0; i < k; ++i) (adj_[vs[i]] & comp).each([&](int u) { nb[i].push_back(index[u]); });
    // Centres: peel leaves layer by layer.
    std::vector<int> degree(k), layer;
    for (int i = 0; i < k; ++i) {
      degree[i] = static_cast<int>(nb[i].size());
      if (degree[i] <= 1) layer.push_back(i);
    }
    int left = k;
    while (left > 2) {
      left -= static_cast<int>(layer.size());
      std::vector<int> next;
      for (int v : layer)
        for (int u : nb[v])
          if (--degree[u] == 1) next.push_back(u);
      layer = std::move(next);
    }
    std::string best;
    for (int centre : layer) {
      std::string e = encode(nb, centre, -1);
      if (best.empty() || e < best) best = std::move(e);
    }
    CanonKey key{static_cast<std::uint64_t>(k), ~std::uint64_t{0}};
    key.resize(2 + (best.size() + 63) / 64, 0);
    for (std::size_t i = 0; i < best.size(); ++i)
      if (best[i] == '(') key[2 + i / 64] |= std::uint64_t{1} << (i % 64);
    return key;
  }

  static std::string encode(const std::vector<std::vector<int>>& nb, int v, int parent) {
    std::vector<std::string> children;
    for (int u : nb[v])
      if (u != parent) children.push_back(encode(nb, u, v));
    std::sort(children.begin(), children.end());
    std::string e = "(";
    for (const auto& c : children) e += c;
    e += ")";
    return e;
  }

  // Components this small are cheaper to solve through their options (memoized by exact
  // vertex set) than to canonise: measured on 3xn and 4xn grids (4: 3x10 in 4.3 s, 12: 3.3 s).
  static constexpr int kSmall = 12;

  int n_;
  VertexGame game_;
  const solve::SearchLimits& limits_;
  KaylesSolver::Impl& shared_;
  std::vector<Bits<W>> adj_;
  Bits<W> all_;
  absl::flat_hash_map<Bits<W>, std::uint32_t> raw_;
  std::vector<std::uint64_t> rows_;
};

template <int W>
KaylesResult analyse_with(const graph::Graph& g, VertexGame game, bool with_moves, const solve::SearchLimits& limits,
                          KaylesSolver::Impl& shared) {
  Run<W> run(g, game, limits, shared);
  KaylesResult r;
  r.grundy = run.solve_set(run.all());
  if (with_moves) {
    run.each_move(run.all(), [&](const Bits<W>& rest, KaylesMoveAt m) {
      r.moves.push_back({kayles_deleted<W>(run.adj(), run.all(), m), run.solve_set(rest)});
    });
  }
  return r;
}

}  // namespace

KaylesSolver::KaylesSolver(VertexGame game, solve::SearchLimits limits)
    : game_(game), limits_(limits), impl_(std::make_unique<Impl>()) {}
KaylesSolver::~KaylesSolver() = default;

cgt::Grundy KaylesSolver::grundy(const graph::Graph& g) { return run(g, false).grundy; }

KaylesResult KaylesSolver::analyse(const graph::Graph& g) { return run(g, true); }

KaylesResult KaylesSolver::run(const graph::Graph& g, bool moves) {
  games::require_kayles_graph(g, game_ == VertexGame::ArcKayles ? "Arc-Kayles" : "Node-Kayles");
  const int n = g.order();
  if (n <= 64) return analyse_with<1>(g, game_, moves, limits_, *impl_);
  if (n <= 128) return analyse_with<2>(g, game_, moves, limits_, *impl_);
  if (n <= 256) return analyse_with<4>(g, game_, moves, limits_, *impl_);
  if (n <= 512) return analyse_with<8>(g, game_, moves, limits_, *impl_);
  throw InputError("Arc-Kayles and Node-Kayles are limited to 512 vertices (got " + std::to_string(n) + ")");
}

std::uint64_t KaylesSolver::canonical_positions() const { return impl_->canon.size(); }
std::uint64_t KaylesSolver::labelled_positions() const { return impl_->labelled; }
std::uint64_t KaylesSolver::nauty_calls() const { return impl_->nauty_calls; }

}  // namespace cgtlab::games
