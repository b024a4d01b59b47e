#include "games/kayles/winning.h"

#include <fmt/core.h>

#include "util/error.h"
#include "util/strings.h"

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

std::vector<int> kayles_played(const graph::Graph& g, VertexGame game, const std::string& moves) {
  if (moves.empty()) throw InputError("no moves given (a list like " + std::string(game == VertexGame::ArcKayles ? "0-1,4-5" : "3,17") + ")");
  std::vector<char> gone(static_cast<std::size_t>(g.order()), 0);
  std::vector<int> out;
  auto here = [&](const std::string& name, const std::string& move) {
    const auto v = g.find_vertex(name);
    if (!v) throw InputError(fmt::format("move '{}': no vertex '{}' in the graph", move, name));
    if (gone[static_cast<std::size_t>(*v)]) throw InputError(fmt::format("move '{}': vertex {} is already deleted by an earlier move", move, name));
    return *v;
  };
  auto take = [&](int v) {
    gone[static_cast<std::size_t>(v)] = 1;
    out.push_back(v);
  };
  for (const std::string& move : split(moves, ',')) {
    if (move.empty()) throw InputError(fmt::format("an empty move in the list '{}'", moves));
    if (game == VertexGame::ArcKayles) {
      const std::size_t dash = move.find('-');
      if (dash == std::string::npos) throw InputError(fmt::format("move '{}': an Arc-Kayles move is an edge, like 0-1", move));
      const int u = here(move.substr(0, dash), move), v = here(move.substr(dash + 1), move);
      if (!g.has_edge(u, v)) throw InputError(fmt::format("move '{}': no edge {} in the graph", move, move));
      take(u);
      take(v);
    } else {
      const int v = here(move, move);
      take(v);
      for (int u = 0; u < g.order(); ++u)
        if (u != v && !gone[static_cast<std::size_t>(u)] && g.has_edge(u, v)) take(u);
    }
  }
  return out;
}

std::vector<std::string> kayles_winning_moves(const graph::Graph& g, VertexGame game, const KaylesResult& r) {
  std::vector<std::string> out;
  for (const auto& m : r.moves)
    if (m.option_grundy == 0) out.push_back(kayles_move_name(g, game, m));
  return out;
}

}  // namespace cgtlab::games
