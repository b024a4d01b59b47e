#include "games/rooks/grundy.h"

#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_solver.h"

namespace cgtlab::games {

RookAnswer rook_grundy(const RookBoard& b, solve::SearchLimits limits) {
  WakSolver solver(limits);
  RookAnswer a;
  a.grundy = solver.grundy(rooks_to_wak(b));
  for (auto [r, c] : rook_moves(b))
    if (solver.grundy(rooks_to_wak(rook_play(b, r, c))) == 0) a.winning.push_back(square_name(r, c));
  return a;
}

}  // namespace cgtlab::games
