// The polynomial algorithm of seed 004 (Theorem 1 of Section 5, with Lemmas 5 and 6): the
// outcome of WAK on a loopless tree of depth at most 2, for weights up to 2^64 - 1.
//
// Root the tree at a centre c. Leaves under the same vertex are false twins: merge them. A
// depth-2 leaf that is heavy goes, leaving a loop on its parent; the looped children of c are
// false twins: merge them into one looped vertex a. A depth-1 leaf x becomes a branch x-0.
// Lemma 6 then collapses the branches c - x_i - y_i (x_i > y_i) into one path
//   a(loop) - c - X - Y,   X = sum x_i,  Y = sum y_i   (same outcome),
// which reduces further to pieces of at most two vertices (Lemmas 1, 2) or is canonical and
// Lemma 5 applies: P iff a + X is even. Sums are exact (128-bit).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "cgt/nimber.h"
#include "graph/graph.h"
#include "util/int128.h"

namespace cgtlab::games {

struct Tree2Result {
  cgt::Outcome outcome = cgt::Outcome::P;
  std::optional<cgt::Grundy> grundy;  // when every step was a Grundy-exact reduction
  std::string reduced;                // the path or pieces the outcome was read from
};

// Whether the vertices of positive weight form one loopless tree of depth at most 2
// (an empty live part counts: no move).
bool is_depth2_tree(const graph::Graph& g, const std::vector<std::uint64_t>& weights);

// The outcome by Theorem 1; nullopt when the live part is not a loopless tree of depth <= 2.
std::optional<Tree2Result> depth2_tree_outcome(const graph::Graph& g, const std::vector<std::uint64_t>& weights);

// The path a(loop) - c - X - Y of Lemma 6 (a and Y may be 0), evaluated by reductions,
// Lemmas 1 and 2 on the pieces, or Lemma 5 when it is canonical.
Tree2Result looped_path_outcome(u128 a, u128 c, u128 x, u128 y);

}  // namespace cgtlab::games
