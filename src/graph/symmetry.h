// Graph symmetry through nauty: automorphism groups, and canonical labelling so that
// positions are reduced up to symmetry and memo tables key components up to isomorphism.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "graph/graph.h"

namespace cgtlab::graph {

// A permutation of the vertices: perm[v] is the image of v.
using Permutation = std::vector<int>;

struct AutomorphismGroup {
  std::vector<Permutation> generators;
  std::string order;  // exact group order in decimal ("120" for the Petersen graph)
  std::vector<int> orbits;  // orbits[v] = least vertex in the orbit of v
};

// Automorphisms of g that preserve the vertex colours (empty colours: all vertices alike).
AutomorphismGroup automorphisms(const Graph& g, const std::vector<int>& colours = {});

// Canonical form of a vertex-coloured graph: two coloured graphs are isomorphic (by a
// colour-preserving map) iff their keys are equal.
struct CanonicalForm {
  std::vector<int> labelling;        // labelling[i] = original vertex placed at canonical position i
  std::vector<std::uint64_t> key;    // order, directedness, colours in canonical order, adjacency
};
CanonicalForm canonical_form(const Graph& g, const std::vector<int>& colours = {});

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
  const std::string& group_order() const { return order_; }  // |Aut(g)|, exact, decimal

 private:
  Graph graph_;
  std::vector<Permutation> elements_;  // the whole group when listed
  std::string order_;
  std::vector<int> plain_labelling_;   // nauty's canonical labelling of g, uncoloured
};

}  // namespace cgtlab::graph
