// Winning moves, named for printing: the moves to a P-position of WAK, Arc-Kayles and
// Node-Kayles analyses.
#pragma once
#include <string>
#include <vector>

#include "games/kayles/solver.h"
#include "games/kayles/wak_analyze.h"
#include "graph/graph.h"

namespace cgtlab::games {

struct WakWinningMoves {
  std::vector<std::string> moves;  // the moves whose result is known to be a P-position
  bool complete = true;            // false when some option's outcome is undetermined
};
// From an analysis made with_moves.
WakWinningMoves wak_winning_moves(const WakAnswer& answer);

// "a-b" for Arc-Kayles (the edge's ends), "a" for Node-Kayles (the vertex played).
std::string kayles_move_name(const graph::Graph& g, VertexGame game, const KaylesMove& m);
// The vertices deleted by the moves `moves` played in turn from the whole graph g, in the order
// deleted: the moves separated by commas, each named as kayles_move_name names it ("a-b" or "b-a"
// for Arc-Kayles, "a" for Node-Kayles) and legal where it is played (its vertices still there,
// an Arc-Kayles move's ends adjacent). Otherwise InputError naming the move and why.
std::vector<int> kayles_played(const graph::Graph& g, VertexGame game, const std::string& moves);
// The names of the moves to a position of Grundy value 0, in the result's order.
std::vector<std::string> kayles_winning_moves(const graph::Graph& g, VertexGame game, const KaylesResult& r);

}  // namespace cgtlab::games
