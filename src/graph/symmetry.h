// Graph symmetry through nauty: automorphism groups, and canonical labelling so that
// positions are reduced up to symmetry and memo tables key components up to isomorphism.
// symmetry.cpp is the one place that calls nauty: sparse nauty for Graph objects (any order),
// dense nauty for the bitset rows of the solvers' hot path (canonical_key).
#pragma once
#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "graph/graph.h"

namespace cgtlab::graph {

// A permutation of the vertices: perm[v] is the image of v.
using Permutation = std::vector<int>;

struct AutomorphismGroup {
  // Generators of the group. Left empty when writing them out would take more than 2^24
  // entries (a star on 10^5 vertices: 10^5 permutations of 10^5 points); order and orbits are
  // always exact.
  std::vector<Permutation> generators;
  mpz_class order;  // exact group order (120 for the Petersen graph)
  std::vector<int> orbits;  // orbits[v] = least vertex in the orbit of v
};

// Automorphisms of g that preserve the vertex colours (empty colours: all vertices alike).
AutomorphismGroup automorphisms(const Graph& g, const std::vector<int>& colours = {});
// The orbits as lists of vertices, each increasing, ordered by their least vertex.
std::vector<std::vector<int>> orbit_cells(const AutomorphismGroup& group);

// Canonical form of a vertex-coloured graph: two coloured graphs are isomorphic (by a
// colour-preserving map) iff their keys are equal.
struct CanonicalForm {
  std::vector<int> labelling;        // labelling[i] = original vertex placed at canonical position i
  std::vector<std::uint64_t> key;    // order, directedness, colours in canonical order, adjacency
};
CanonicalForm canonical_form(const Graph& g, const std::vector<int>& colours = {});

// The fast entry point (memo keys of the Kayles-family solvers; no Graph objects): a
// vertex-coloured graph on k vertices given as bitset rows. rows: k rows of `words` words
// each; bit j of row i (word j/64, bit j%64) set iff i-j is an edge (no self bits). colours:
// empty, or k * colour_words words (vertex i's colour is the tuple colours[i*colour_words ...]).
// Two inputs give equal keys iff the coloured graphs are isomorphic by a colour-preserving map.
// Dense nauty: meant for small k (the solvers' components, at most 512 vertices).
using CanonKey = std::vector<std::uint64_t>;
CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours = {}, int colour_words = 0);
// Same, also returning the labelling: labelling[i] = input vertex at canonical position i.
CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words, std::vector<int>* labelling);

// Reduces vertex labellings (a number per vertex: pebbles, weights, ...) to one
// representative per orbit of Aut(g). Lists the whole group when it is small and falls
// back to nauty's canonical labelling of the coloured graph when it is not.
class SymmetryReducer {
 public:
  explicit SymmetryReducer(const Graph& g);
  // The lexicographically least image of labels under Aut(g) (exact group listing), or
  // a canonical image (nauty) for large groups; equal for labellings in one orbit.
  std::vector<int> canonical(const std::vector<int>& labels) const;
  // Number of labellings in the orbit of labels.
  std::uint64_t orbit_size(const std::vector<int>& labels) const;
  bool group_listed() const { return !elements_.empty(); }
  // False when the group is too large to list and the graph too large for two nauty calls per
  // labelling (more than kCanonicalOrderLimit vertices): canonical() then returns the labels
  // unchanged and orbit_size() 1, i.e. the reduction uses the trivial subgroup (still exact:
  // counts by orbit sizes stay right, only fewer positions are merged).
  bool reduces() const { return reduces_; }
  static constexpr int kCanonicalOrderLimit = 1000;
  const mpz_class& group_order() const { return order_; }  // |Aut(g)|, exact

 private:
  Graph graph_;
  std::vector<Permutation> elements_;  // the whole group when listed
  mpz_class order_;
  bool reduces_ = true;
  std::vector<int> plain_labelling_;   // nauty's canonical labelling of g, uncoloured

  // A labelling that is one label (the background) on all but at most an eighth of the vertices:
  // the others, in increasing order.
  struct Sparse {
    int background;
    std::vector<int> support;
  };
  static std::optional<Sparse> sparse_support(const std::vector<int>& labels);
  std::vector<int> canonical_sparse(const std::vector<int>& labels, const Sparse& sparse) const;
};

}  // namespace cgtlab::graph
