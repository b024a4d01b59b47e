#include "games/pebbling/grundy.h"

#include "solve/impartial.h"

namespace cgtlab::games {

using games::Pebbling;

PebblingGrundy pebbling_grundy(const Pebbling& rules, const Pebbling::Position& p, const solve::SearchLimits& limits) {
  solve::ImpartialSolver<Pebbling> solver(rules, limits);
  PebblingGrundy out;
  out.grundy = solver.grundy(p);
  const auto moves = rules.moves(p);  // options(p)[i] is the result of moves(p)[i]
  for (std::size_t i : solver.winning_moves(p)) out.winning_moves.push_back(moves[i]);
  out.positions = solver.positions();
  return out;
}

struct PebblingOutcomeOracle::Impl {
  Impl(const Pebbling& r, const solve::SearchLimits& l) : solver(r, l) {}
  solve::ImpartialSolver<Pebbling> solver;
};

PebblingOutcomeOracle::PebblingOutcomeOracle(const Pebbling& rules, const solve::SearchLimits& limits)
    : impl_(std::make_unique<Impl>(rules, limits)) {}
PebblingOutcomeOracle::~PebblingOutcomeOracle() = default;
bool PebblingOutcomeOracle::is_p(const Pebbling::Position& p) { return impl_->solver.grundy(p) == 0; }
cgt::Grundy PebblingOutcomeOracle::grundy(const Pebbling::Position& p) { return impl_->solver.grundy(p); }

}  // namespace cgtlab::games
