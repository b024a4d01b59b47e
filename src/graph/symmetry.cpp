// Graph symmetry through nauty, the one place in cgtlab that calls it (Debian's libnauty has
// dynamic MAXN and thread-local state, so callers may run in several threads). Graph objects go
// through sparse nauty (graphs of any order: P70000 never becomes a dense matrix); the bitset
// rows of the solvers' hot path go through dense nauty with thread-local scratch. nauty reports
// the group order as a double; we take the exact order as the product of the orbit lengths of
// the stabiliser chain that nauty walks (the `index` handed to userlevelproc at each level),
// multiplied in GMP.
#include "graph/symmetry.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>
#include <nauty/nausparse.h>
#include <nauty/nautinv.h>
#include <nauty/schreier.h>

#include <algorithm>
#include <array>
#include <optional>
#include <numeric>
#include <stdexcept>

#include "util/error.h"

namespace cgtlab::graph {

namespace {

// nauty calls plain function pointers; each thread collects into its own state.
thread_local std::vector<Permutation>* t_generators = nullptr;
thread_local mpz_class* t_order = nullptr;

void collect_automorphism(int, int* perm, int*, int, int, int n) {
  if (t_generators) t_generators->emplace_back(perm, perm + n);
}

void collect_level(int*, int*, int, int*, statsblk*, int, int index, int, int, int, int) {
  if (t_order) *t_order *= index;
}

// The graph in nauty's sparse form. Loops make nauty treat the graph as a digraph.
class SparseGraph {
 public:
  explicit SparseGraph(const Graph& g) {
    const int n = g.order();
    std::size_t nde = 0;
    for (int v = 0; v < n; ++v) nde += g.out_neighbors(v).size();
    v_.resize(n);
    d_.resize(n);
    e_.resize(std::max<std::size_t>(nde, 1));
    std::size_t at = 0;
    for (int v = 0; v < n; ++v) {
      v_[v] = at;
      d_[v] = static_cast<int>(g.out_neighbors(v).size());
      for (int w : g.out_neighbors(v)) e_[at++] = w;
    }
    sg_.nv = n;
    sg_.nde = nde;
    sg_.v = v_.data();
    sg_.d = d_.data();
    sg_.e = e_.data();
    sg_.w = nullptr;
    sg_.vlen = v_.size();
    sg_.dlen = d_.size();
    sg_.elen = e_.size();
    sg_.wlen = 0;
  }
  sparsegraph* get() { return &sg_; }

 private:
  std::vector<std::size_t> v_;
  std::vector<int> d_, e_;
  sparsegraph sg_{};
};

// A canonical sparse graph that nauty allocates; freed on every path.
struct SparseCanon {
  SG_DECL(sg);
  SparseCanon() = default;
  SparseCanon(const SparseCanon&) = delete;
  SparseCanon& operator=(const SparseCanon&) = delete;
  ~SparseCanon() { SG_FREE(sg); }
};

// One nauty input, in one of its two forms: `sparse` set (any order), or `dense` rows of m
// setwords each (small graphs).
struct NautyGraph {
  int n = 0;
  bool digraph = false;
  sparsegraph* sparse = nullptr;
  sparsegraph* sparse_canon = nullptr;  // receives the canonical graph (sparse, when asked)
  ::graph* dense = nullptr;
  ::graph* dense_canon = nullptr;       // receives the canonical graph (dense, when asked)
  int m = 0;
};

// What a call computes besides the orbits.
struct Want {
  bool canonical = false;
  std::vector<Permutation>* generators = nullptr;  // collects the automorphisms nauty reports
  mpz_class* order = nullptr;                      // multiplied by |Aut| exactly
};

// The colour partition: lab lists the vertices by increasing colour (stable), ptn ends each
// cell with 0. less == nullptr: one cell.
template <typename Less>
void colour_partition(int n, std::vector<int>& lab, std::vector<int>& ptn, const Less* less) {
  lab.resize(n);
  ptn.resize(n);
  std::iota(lab.begin(), lab.end(), 0);
  if (less) std::stable_sort(lab.begin(), lab.end(), *less);
  for (int i = 0; i < n; ++i) ptn[i] = (i + 1 < n && (!less || !(*less)(lab[i], lab[i + 1]))) ? 1 : 0;
}

// nauty keeps its work arrays in thread-local statics (Debian builds it thread-safe) and frees
// them only when asked: each thread that called nauty frees them as it exits, so a finished
// worker thread leaves nothing behind (LeakSanitizer saw every worker's arrays as leaks).
struct NautyWorkspaceRelease {
  NautyWorkspaceRelease() = default;
  NautyWorkspaceRelease(const NautyWorkspaceRelease&) = delete;
  NautyWorkspaceRelease& operator=(const NautyWorkspaceRelease&) = delete;
  ~NautyWorkspaceRelease() {
    nauty_freedyn();
    nautil_freedyn();
    naugraph_freedyn();
    nausparse_freedyn();
    schreier_freedyn();
  }
};
thread_local NautyWorkspaceRelease t_nauty_workspace_release;

// The one call into nauty. lab/ptn hold the colour partition on entry and the canonical
// labelling on exit (lab[i] = vertex placed at canonical position i).
void call_nauty(const NautyGraph& g, int* lab, int* ptn, int* orbits, const Want& want) {
  statsblk stats;
  (void)&t_nauty_workspace_release;  // odr-use: this thread frees nauty's arrays when it exits
  t_generators = want.generators;
  t_order = want.order;
  if (g.sparse) {
    DEFAULTOPTIONS_SPARSEGRAPH(options);
    if (g.digraph) {
      DEFAULTOPTIONS_SPARSEDIGRAPH(directed_options);
      options = directed_options;
    }
    options.defaultptn = FALSE;
    options.getcanon = want.canonical ? TRUE : FALSE;
    if (want.generators) options.userautomproc = collect_automorphism;
    if (want.order) options.userlevelproc = collect_level;
    sparsenauty(g.sparse, lab, ptn, orbits, &options, &stats, want.canonical ? g.sparse_canon : nullptr);
  } else {
    DEFAULTOPTIONS_GRAPH(options);
    if (g.digraph) {
      DEFAULTOPTIONS_DIGRAPH(directed_options);
      options = directed_options;
    }
    options.defaultptn = FALSE;
    options.getcanon = want.canonical ? TRUE : FALSE;
    if (want.generators) options.userautomproc = collect_automorphism;
    if (want.order) options.userlevelproc = collect_level;
    densenauty(g.dense, lab, ptn, orbits, &options, &stats, g.m, g.n, want.canonical ? g.dense_canon : nullptr);
  }
  t_generators = nullptr;
  t_order = nullptr;
  if (stats.errstatus != 0) throw std::runtime_error("nauty failed with status " + std::to_string(stats.errstatus));
}

struct NautyResult {
  std::vector<int> lab;            // canonical position i holds original vertex lab[i]
  std::vector<int> orbits;         // orbits[v] = least vertex of v's orbit
  std::vector<Permutation> generators;
  mpz_class order = 1;
  std::vector<std::uint64_t> canonical_adjacency;  // filled when canonical
};

NautyResult run_nauty(const Graph& g, const std::vector<int>& colours, bool canonical, bool generators);

// The graph relabelled by lab (canonical position i holds vertex lab[i]), as key words: small
// graphs one bitmask row per vertex, larger ones degree then sorted neighbour list.
std::vector<std::uint64_t> relabelled_adjacency(const Graph& g, const std::vector<int>& lab) {
  const int n = g.order();
  std::vector<int> position(n);
  for (int i = 0; i < n; ++i) position[lab[i]] = i;
  std::vector<std::uint64_t> key;
  std::vector<int> nbrs;
  for (int i = 0; i < n; ++i) {
    nbrs.clear();
    for (int w : g.out_neighbors(lab[i])) nbrs.push_back(position[w]);
    std::sort(nbrs.begin(), nbrs.end());
    if (n <= 64) {
      std::uint64_t row = 0;
      for (int j : nbrs) row |= std::uint64_t{1} << j;
      key.push_back(row);
    } else {
      key.push_back(nbrs.size());
      for (int j : nbrs) key.push_back(static_cast<std::uint64_t>(j));
    }
  }
  return key;
}

// Twin classes. Vertices u, v are twins when they have the same colour and loop status and the
// same neighbourhoods apart from each other: false twins (equal open neighbourhoods, so not
// adjacent) or true twins (equal closed neighbourhoods, adjacent both ways); in a digraph both
// the out- and the in-neighbourhoods agree. Every permutation of a twin class is an
// automorphism, so Aut(g) is (the product of the classes' symmetric groups) extended by the
// automorphisms of the quotient: the graph induced on one representative per class, coloured
// by (colour, loop, kind, class size). A vertex lies in at most one nontrivial class of the two
// kinds. Stars, complete and complete multipartite graphs shrink to a few vertices; on them
// nauty's own search grows like n^3 (S2000 took 25 s, S4000 three minutes).
struct Twins {
  std::vector<int> cls;                   // cls[v] = class of v
  std::vector<std::vector<int>> members;  // each increasing; members[c][0] represents c
  std::vector<int> kind;                  // 0: a single vertex, 1: false twins, 2: true twins
};

Twins twin_classes(const Graph& g, const std::vector<int>& colours) {
  const int n = g.order();
  Twins t;
  t.cls.assign(n, -1);
  for (int closed = 0; closed < 2; ++closed) {
    absl::flat_hash_map<std::vector<int>, std::vector<int>> by_key;
    std::vector<int> key;
    for (int v = 0; v < n; ++v) {
      if (t.cls[v] >= 0) continue;
      key.clear();
      key.push_back(colours.empty() ? 0 : colours[v]);
      key.push_back(g.has_loop(v) ? 1 : 0);
      auto add = [&](const std::vector<int>& nbrs) {
        const std::size_t from = key.size();
        for (int w : nbrs)
          if (w != v) key.push_back(w);
        if (closed) key.push_back(v);
        std::sort(key.begin() + static_cast<std::ptrdiff_t>(from), key.end());
        key.push_back(-1);
      };
      add(g.out_neighbors(v));
      if (g.directed()) add(g.in_neighbors(v));
      by_key[key].push_back(v);
    }
    for (auto& [k, vs] : by_key) {
      if (vs.size() < 2) continue;
      std::sort(vs.begin(), vs.end());
      for (int v : vs) t.cls[v] = static_cast<int>(t.members.size());
      t.members.push_back(std::move(vs));
      t.kind.push_back(closed ? 2 : 1);
    }
  }
  for (int v = 0; v < n; ++v)
    if (t.cls[v] < 0) {
      t.cls[v] = static_cast<int>(t.members.size());
      t.members.push_back({v});
      t.kind.push_back(0);
    }
  return t;
}

// Aut(g) through the twin quotient (see Twins). Returns nothing when g has no twins.
std::optional<NautyResult> run_nauty_on_twin_quotient(const Graph& g, const std::vector<int>& colours,
                                                      bool canonical, bool generators) {
  const int n = g.order();
  Twins t = twin_classes(g, colours);
  const int classes = static_cast<int>(t.members.size());
  if (classes == n) return std::nullopt;
  // Quotient vertices in increasing order of their representatives.
  std::vector<int> order(classes);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return t.members[a][0] < t.members[b][0]; });
  std::vector<int> index(classes);  // class -> quotient vertex
  for (int i = 0; i < classes; ++i) index[order[i]] = i;
  Graph q(classes, g.directed());
  for (int i = 0; i < classes; ++i) {
    const int r = t.members[order[i]][0];
    for (int w : g.out_neighbors(r))
      if (t.cls[w] != order[i] && t.members[t.cls[w]][0] == w) q.add_edge(i, index[t.cls[w]]);
  }
  // Colours of the quotient: ranks of (colour, loop, kind, size), so equal tuples share a cell.
  using Tuple = std::array<long long, 4>;
  std::vector<Tuple> tuples(classes);
  for (int i = 0; i < classes; ++i) {
    const int c = order[i], r = t.members[c][0];
    tuples[i] = {colours.empty() ? 0 : colours[r], g.has_loop(r) ? 1 : 0, t.kind[c],
                 static_cast<long long>(t.members[c].size())};
  }
  std::vector<Tuple> distinct = tuples;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  std::vector<int> qcolours(classes);
  for (int i = 0; i < classes; ++i)
    qcolours[i] = static_cast<int>(std::lower_bound(distinct.begin(), distinct.end(), tuples[i]) - distinct.begin());

  NautyResult rq = run_nauty(q, qcolours, canonical, generators);
  NautyResult r;
  r.order = rq.order;
  for (const auto& m : t.members) {
    mpz_class f;
    mpz_fac_ui(f.get_mpz_t(), m.size());
    r.order *= f;
  }
  r.orbits.resize(n);
  for (int v = 0; v < n; ++v) r.orbits[v] = t.members[order[rq.orbits[index[t.cls[v]]]]][0];
  r.lab.reserve(n);
  for (int i : rq.lab)
    for (int v : t.members[order[i]]) r.lab.push_back(v);
  if (generators) {
    // The quotient's automorphisms moved onto whole classes (k-th member to k-th member), and
    // a transposition and a cycle of each class: together they generate Aut(g).
    std::size_t count = rq.generators.size();
    for (const auto& m : t.members) count += m.size() >= 3 ? 2 : m.size() == 2 ? 1 : 0;
    if (count * static_cast<std::size_t>(n) <= (std::size_t{1} << 24)) {
      Permutation identity(n);
      std::iota(identity.begin(), identity.end(), 0);
      for (const Permutation& s : rq.generators) {
        Permutation p(n);
        for (int i = 0; i < classes; ++i) {
          const auto& from = t.members[order[i]];
          const auto& to = t.members[order[s[i]]];
          for (std::size_t k = 0; k < from.size(); ++k) p[from[k]] = to[k];
        }
        r.generators.push_back(std::move(p));
      }
      for (const auto& m : t.members) {
        if (m.size() < 2) continue;
        Permutation swap = identity;
        std::swap(swap[m[0]], swap[m[1]]);
        r.generators.push_back(std::move(swap));
        if (m.size() < 3) continue;
        Permutation cycle = identity;
        for (std::size_t k = 0; k < m.size(); ++k) cycle[m[k]] = m[(k + 1) % m.size()];
        r.generators.push_back(std::move(cycle));
      }
    }
  }
  if (canonical) r.canonical_adjacency = relabelled_adjacency(g, r.lab);
  return r;
}

// A Graph (any order) with the partition given by colours (cells ordered by colour value).
// Twins are taken out first (run_nauty_on_twin_quotient); nauty sees the quotient.
NautyResult run_nauty(const Graph& g, const std::vector<int>& colours, bool canonical, bool generators) {
  const int n = g.order();
  if (!colours.empty() && static_cast<int>(colours.size()) != n) {
    throw InputError("vertex colouring has " + std::to_string(colours.size()) + " entries for a graph of order " +
                     std::to_string(n));
  }
  NautyResult r;
  if (n == 0) return r;
  if (auto reduced = run_nauty_on_twin_quotient(g, colours, canonical, generators)) return std::move(*reduced);
  bool loops = false;
  for (int v = 0; v < n && !loops; ++v) loops = g.has_loop(v);

  std::vector<int> lab, ptn, orbits(n);
  auto colour_less = [&](int a, int b) { return colours[a] < colours[b]; };
  colour_partition(n, lab, ptn, colours.empty() ? nullptr : &colour_less);
  SparseGraph sg(g);
  SparseCanon canon;
  NautyGraph input;
  input.n = n;
  input.digraph = g.directed() || loops;
  input.sparse = sg.get();
  input.sparse_canon = &canon.sg;
  call_nauty(input, lab.data(), ptn.data(), orbits.data(), {canonical, generators ? &r.generators : nullptr, &r.order});
  r.lab = std::move(lab);
  r.orbits = std::move(orbits);
  if (canonical) r.canonical_adjacency = relabelled_adjacency(g, r.lab);
  return r;
}

Permutation compose(const Permutation& a, const Permutation& b) {  // a after b
  Permutation c(b.size());
  for (std::size_t v = 0; v < b.size(); ++v) c[v] = a[b[v]];
  return c;
}

constexpr std::uint64_t kListLimit = 5040;  // list the group when |Aut| <= 7!

}  // namespace

std::vector<std::vector<int>> orbit_cells(const AutomorphismGroup& group) {
  const int n = static_cast<int>(group.orbits.size());
  std::vector<std::vector<int>> cells(n);
  for (int v = 0; v < n; ++v) cells[group.orbits[v]].push_back(v);
  std::erase_if(cells, [](const std::vector<int>& c) { return c.empty(); });
  return cells;
}

AutomorphismGroup automorphisms(const Graph& g, const std::vector<int>& colours) {
  NautyResult r = run_nauty(g, colours, false, true);
  AutomorphismGroup group;
  group.generators = std::move(r.generators);
  group.order = std::move(r.order);
  group.orbits = std::move(r.orbits);
  return group;
}

CanonicalForm canonical_form(const Graph& g, const std::vector<int>& colours) {
  NautyResult r = run_nauty(g, colours, true, false);
  CanonicalForm form;
  const int n = g.order();
  form.key.reserve(2 + n + r.canonical_adjacency.size());
  form.key.push_back(static_cast<std::uint64_t>(n));
  form.key.push_back(g.directed() ? 1 : 0);
  for (int i = 0; i < n; ++i)
    form.key.push_back(colours.empty() ? 0 : static_cast<std::uint64_t>(static_cast<std::int64_t>(colours[r.lab[i]])));
  form.key.insert(form.key.end(), r.canonical_adjacency.begin(), r.canonical_adjacency.end());
  form.labelling = std::move(r.lab);
  return form;
}

SymmetryReducer::SymmetryReducer(const Graph& g) : graph_(g) {
  NautyResult r = run_nauty(g, {}, true, true);
  order_ = r.order;
  plain_labelling_ = std::move(r.lab);
  if (r.order > kListLimit) {
    reduces_ = g.order() <= kCanonicalOrderLimit;
    return;
  }
  // Close the generators under composition (at most 5040 elements).
  const int n = g.order();
  Permutation identity(n);
  std::iota(identity.begin(), identity.end(), 0);
  absl::flat_hash_set<Permutation> seen{identity};
  elements_.push_back(identity);
  for (std::size_t i = 0; i < elements_.size(); ++i) {
    for (const Permutation& gen : r.generators) {
      Permutation p = compose(gen, elements_[i]);
      if (seen.insert(p).second) elements_.push_back(std::move(p));
    }
  }
  if (elements_.size() != r.order.get_ui()) {
    throw std::logic_error("symmetry: listed " + std::to_string(elements_.size()) + " automorphisms, nauty says " +
                           order_.get_str());
  }
}

CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words) {
  return canonical_key(k, rows, words, colours, colour_words, nullptr);
}

CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words, std::vector<int>* labelling) {
  CanonKey key;
  key.push_back(static_cast<std::uint64_t>(k));
  if (k == 0) return key;
  // Vertices ordered by their colours (colour_words words each, compared lexicographically).
  auto colour_less = [&](int a, int b) {
    const auto x = colours.subspan(static_cast<std::size_t>(a) * colour_words, colour_words);
    const auto y = colours.subspan(static_cast<std::size_t>(b) * colour_words, colour_words);
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  };
  // A complete graph (Arc-Kayles on K_n stays complete): vertices by colour, all rows full.
  // nauty's search on K_n grows like n^3 (K512: seconds per call), the test is linear.
  bool complete = true;
  for (int i = 0; i < k && complete; ++i) {
    int degree = 0;
    for (int w = 0; w < words; ++w) degree += __builtin_popcountll(rows[static_cast<std::size_t>(i) * words + w]);
    complete = degree == k - 1;
  }
  if (complete && k > 2) {
    std::vector<int> lab(k);
    std::iota(lab.begin(), lab.end(), 0);
    if (colour_words > 0) std::stable_sort(lab.begin(), lab.end(), colour_less);
    for (int i = 0; i < k; ++i)
      for (int c = 0; c < colour_words; ++c) key.push_back(colours[lab[i] * colour_words + c]);
    const int out_words = (k + 63) / 64;
    const std::size_t base = key.size();
    key.resize(base + static_cast<std::size_t>(k) * out_words, 0);
    for (int i = 0; i < k; ++i)
      for (int j = 0; j < k; ++j)
        if (i != j) key[base + static_cast<std::size_t>(i) * out_words + j / 64] |= std::uint64_t{1} << (j % 64);
    if (labelling) *labelling = std::move(lab);
    return key;
  }
  const int m = SETWORDSNEEDED(k);
  // Thread-local scratch: the solvers call this millions of times.
  thread_local std::vector<::graph> g, canong;
  thread_local std::vector<int> lab, ptn, orbits;
  g.assign(static_cast<std::size_t>(k) * m, 0);
  canong.assign(static_cast<std::size_t>(k) * m, 0);
  orbits.resize(k);
  for (int i = 0; i < k; ++i) {
    set* gi = GRAPHROW(g.data(), i, m);
    for (int w = 0; w < words; ++w)
      for (std::uint64_t b = rows[static_cast<std::size_t>(i) * words + w]; b; b &= b - 1) {
        int j = w * 64 + __builtin_ctzll(b);
        ADDELEMENT(gi, j);
      }
  }
  // Colour classes in increasing colour order: the key then also records the colours.
  colour_partition(k, lab, ptn, colour_words > 0 ? &colour_less : nullptr);
  NautyGraph input;
  input.n = k;
  input.dense = g.data();
  input.dense_canon = canong.data();
  input.m = m;
  call_nauty(input, lab.data(), ptn.data(), orbits.data(), {true, nullptr, nullptr});
  if (colour_words > 0)
    for (int i = 0; i < k; ++i)
      for (int c = 0; c < colour_words; ++c) key.push_back(colours[lab[i] * colour_words + c]);
  // The canonical rows in our own bit order, ceil(k/64) words each.
  const int out_words = (k + 63) / 64;
  const std::size_t base = key.size();
  key.resize(base + static_cast<std::size_t>(k) * out_words, 0);
  for (int i = 0; i < k; ++i) {
    set* ci = GRAPHROW(canong.data(), i, m);
    std::uint64_t* row = key.data() + base + static_cast<std::size_t>(i) * out_words;
    for (int j = -1; (j = nextelement(ci, m, j)) >= 0;) row[j / 64] |= std::uint64_t{1} << (j % 64);
  }
  if (labelling) labelling->assign(lab.begin(), lab.end());
  return key;
}

std::optional<SymmetryReducer::Sparse> SymmetryReducer::sparse_support(const std::vector<int>& labels) {
  // The majority label (Boyer-Moore vote), when all but at most an eighth of the vertices carry it.
  const int n = static_cast<int>(labels.size());
  int candidate = 0, votes = 0;
  for (int l : labels) {
    if (votes == 0) candidate = l;
    votes += l == candidate ? 1 : -1;
  }
  Sparse sparse{candidate, {}};
  for (int v = 0; v < n; ++v)
    if (labels[v] != candidate) {
      if (static_cast<int>(sparse.support.size()) * 8 >= n) return std::nullopt;
      sparse.support.push_back(v);
    }
  return sparse;
}

// Over the listed group, the images labels∘σ are exactly the labellings v -> labels[τ⁻¹(v)] for
// τ in the group; such an image is the background except label labels[u] at τ(u) for u in the
// support. So each image costs O(k log k) for k labels off the background, not O(n): a few
// pebbles on C1000 (2000 automorphisms) went from 2000 lazy comparisons over mostly equal
// zeros to 2000 sorts of a few pairs.
std::vector<int> SymmetryReducer::canonical_sparse(const std::vector<int>& labels, const Sparse& sparse) const {
  const std::size_t k = sparse.support.size();
  std::vector<std::pair<int, int>> best, image(k);  // (position, label), by position
  // Whether image a is lexicographically less than image b as full labellings.
  auto less = [bg = sparse.background](const std::vector<std::pair<int, int>>& a,
                                       const std::vector<std::pair<int, int>>& b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].first < b[i].first) return a[i].second < bg;  // b has the background there
      if (b[i].first < a[i].first) return bg < b[i].second;
      if (a[i].second != b[i].second) return a[i].second < b[i].second;
    }
    return false;
  };
  for (const Permutation& t : elements_) {
    for (std::size_t i = 0; i < k; ++i) image[i] = {t[sparse.support[i]], labels[sparse.support[i]]};
    std::sort(image.begin(), image.end());
    if (best.empty() || less(image, best)) best = image;
  }
  std::vector<int> out(labels.size(), sparse.background);
  for (auto [v, l] : best) out[v] = l;
  return out;
}

std::vector<int> SymmetryReducer::canonical(const std::vector<int>& labels) const {
  const int n = graph_.order();
  if (static_cast<int>(labels.size()) != n) {
    throw InputError("labelling has " + std::to_string(labels.size()) + " entries for a graph of order " +
                     std::to_string(n));
  }
  if (!reduces_) return labels;
  if (group_listed()) {
    if (auto sparse = sparse_support(labels)) return canonical_sparse(labels, *sparse);
    // The least labels∘σ over the group, comparing lazily so most elements stop early.
    const Permutation* best = &elements_.front();
    for (const Permutation& s : elements_) {
      for (int v = 0; v < n; ++v) {
        int a = labels[s[v]], b = labels[(*best)[v]];
        if (a != b) {
          if (a < b) best = &s;
          break;
        }
      }
    }
    std::vector<int> image(n);
    for (int v = 0; v < n; ++v) image[v] = labels[(*best)[v]];
    return image;
  }
  // Large group. Let H be the canonical form of (g, labels): equal for labellings in one orbit.
  // H is isomorphic to g as a plain graph; an isomorphism H -> g found through the canonical
  // form of plain g carries H's colours back to a labelling of g in the orbit of labels.
  NautyResult coloured = run_nauty(graph_, labels, true, false);
  Graph h(n, graph_.directed());
  std::vector<int> position(n);
  for (int i = 0; i < n; ++i) position[coloured.lab[i]] = i;
  for (auto [u, v] : graph_.edges()) h.add_edge(position[u], position[v]);
  NautyResult plain_h = run_nauty(h, {}, true, false);
  std::vector<int> image(n);
  for (int i = 0; i < n; ++i) image[plain_labelling_[i]] = labels[coloured.lab[plain_h.lab[i]]];
  return image;
}

std::uint64_t SymmetryReducer::orbit_size(const std::vector<int>& labels) const {
  const int n = graph_.order();
  if (static_cast<int>(labels.size()) != n) {
    throw InputError("labelling has " + std::to_string(labels.size()) + " entries for a graph of order " +
                     std::to_string(n));
  }
  if (!reduces_) return 1;
  if (group_listed()) {
    std::uint64_t stabiliser = 0;
    if (auto sparse = sparse_support(labels)) {
      // σ fixes labels iff it keeps every label off the background (a bijection that maps the
      // support into itself maps the rest into the rest).
      for (const Permutation& s : elements_) {
        bool fixes = true;
        for (std::size_t i = 0; i < sparse->support.size() && fixes; ++i)
          fixes = labels[s[sparse->support[i]]] == labels[sparse->support[i]];
        stabiliser += fixes ? 1 : 0;
      }
      return elements_.size() / stabiliser;
    }
    for (const Permutation& s : elements_) {
      bool fixes = true;
      for (int v = 0; v < n && fixes; ++v) fixes = labels[s[v]] == labels[v];
      stabiliser += fixes ? 1 : 0;
    }
    return elements_.size() / stabiliser;
  }
  // |orbit| = |Aut(g)| / |Aut(g, labels)| (orbit-stabiliser), exactly.
  mpz_class orbit = order_ / run_nauty(graph_, labels, false, false).order;
  if (!orbit.fits_ulong_p()) throw InputError("orbit size " + orbit.get_str() + " does not fit in 64 bits");
  return orbit.get_ui();
}

}  // namespace cgtlab::graph
