#include "games/kayles/winning.h"

namespace cgtlab::games {

WakWinningMoves wak_winning_moves(const WakAnswer& answer) {
  WakWinningMoves w;
  for (const auto& m : answer.moves) {
    if (!m.value.outcome) w.complete = false;
    else if (*m.value.outcome == cgt::Outcome::P) w.moves.push_back(m.move);
  }
  return w;
}

std::string kayles_move_name(const graph::Graph& g, VertexGame game, const KaylesMove& m) {
  return game == VertexGame::ArcKayles ? g.vertex_name(m.deleted[0]) + "-" + g.vertex_name(m.deleted[1])
                                       : g.vertex_name(m.deleted[0]);
}

std::vector<std::string> kayles_winning_moves(const graph::Graph& g, VertexGame game, const KaylesResult& r) {
  std::vector<std::string> out;
  for (const auto& m : r.moves)
    if (m.option_grundy == 0) out.push_back(kayles_move_name(g, game, m));
  return out;
}

}  // namespace cgtlab::games
