// Canonical keys of small vertex-coloured graphs given as bitset rows, through nauty: the memo
// keys of the Kayles-family solvers, so that isomorphic components are solved once.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace cgtlab::graph {

using CanonKey = std::vector<std::uint64_t>;

// rows: k rows of `words` words each; bit j of row i (word j/64, bit j%64) set iff i-j is an
// edge (no self bits). colours: empty, or k * colour_words words (vertex i's colour is the
// tuple colours[i*colour_words ...]). Two inputs give equal keys iff the coloured graphs are
// isomorphic by a colour-preserving map.
CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours = {}, int colour_words = 0);

// Same, also returning the labelling: labelling[i] = input vertex at canonical position i.
CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words, std::vector<int>* labelling);

}  // namespace cgtlab::graph
