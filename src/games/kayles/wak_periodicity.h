// Large weights on one vertex (seed 004, Section 6). Fix every weight but vertex v's, x:
//  - v without a loop: once x >= the sum of its neighbours' weights, v is heavy and the
//    Grundy value no longer changes (Proposition 1 of Section 4);
//  - v with a loop: the outcomes are 2-periodic from x = 2*Omega (Theorem 1 of Section 6,
//    Omega = the sum of the other weights). For Grundy values (Corollary 2) we apply that
//    theorem to G + U, U any position of Grundy value k of total weight u: "g(x) = k" is
//    2-periodic from x = 2*(Omega + u). U is taken from a small catalogue (a looped vertex,
//    looped pairs, weights computed by the engine) or is G itself at the first x with g(x) = k.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/kayles/wak_solver.h"
#include "cgt/game.h"
#include "games/kayles/rules.h"

namespace cgtlab::games {

struct WeightExtrapolation {
  cgt::Outcome outcome = cgt::Outcome::P;
  std::optional<cgt::Grundy> grundy;  // when a proven bound reaches it
  std::string outcome_bound;          // how the outcome was obtained
  std::string grundy_bound;           // how the Grundy value was obtained, or why not
  std::vector<cgt::Grundy> computed;  // g(0), g(1), ... as computed by search
};

// The value of p with vertex v's weight set to x (any 64-bit x), computing g(y) for small y
// by search (at most max_computed values) and extrapolating by the bounds above.
WeightExtrapolation extrapolate_weight(const games::WakGraph& p, int v, std::uint64_t x, WakSolver& solver,
                                       std::uint64_t max_computed = 4096);

// Weight of the lightest catalogue position of Grundy value k (a looped vertex, a looped
// pair), or nullopt; the values are computed by the solver, not assumed.
std::optional<std::uint64_t> catalogue_weight(cgt::Grundy k, WakSolver& solver);

}  // namespace cgtlab::games
