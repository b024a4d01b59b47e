// The reductions of seed 004, Section 4 (Definitions 1 and 2): each keeps the Grundy value
// (Proposition 1 of Section 4), and a graph with none left is "canonical".
//   useless vertex: no loop, and every neighbour has a loop  -> delete it;
//   heavy vertex:   no loop, and weight >= the sum of its neighbours' weights
//                   -> delete it and put a loop on each neighbour;
//   false twins:    non-adjacent, same neighbours (other than themselves), same loop flag
//                   -> merge them into one vertex carrying both weights.
// Vertices without counters are dead and are deleted first (they take part in no move).
#pragma once
#include <string>
#include <vector>

#include "games/kayles/rules.h"

namespace cgtlab::games {

enum class ReductionKind { Dead, Useless, Heavy, Twins };

struct Reduction {
  ReductionKind kind;
  int u = 0, v = 0;  // the vertex (Dead, Useless, Heavy) or the twins u<v (Twins, v merges into u)
};

std::string describe(const games::WakGraph& p, const Reduction& r);

// Every reduction applicable to p, in vertex order.
std::vector<Reduction> applicable_reductions(const games::WakGraph& p);
// p after one reduction (vertices renumbered, names kept; merged twins are named "a+b").
// Throws InputError when merged weights would overflow 64 bits.
games::WakGraph apply_reduction(const games::WakGraph& p, const Reduction& r);
// True when no reduction applies (no dead, useless or heavy vertex, no false twins).
bool is_canonical(const games::WakGraph& p);
// Applies reductions until the graph is canonical; log receives each step when given.
games::WakGraph reduce_wak(const games::WakGraph& p, std::vector<std::string>* log = nullptr);

}  // namespace cgtlab::games
