#include "games/kayles/winning.h"

#include <fmt/core.h>

#include "games/kayles/rules.h"
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
  constexpr int kWords = 8;  // positions of up to 512 vertices, the games' limit
  if (g.order() > 64 * kWords) throw InputError("moves are played on graphs of at most 512 vertices");
  // The rules' own deletion (rules.h: kayles_deleted), move after move, from the whole graph.
  const auto adj = kayles_neighbourhoods<kWords>(g);
  VertexSet<kWords> s;
  for (int v = 0; v < g.order(); ++v) s.set(v);
  auto here = [&](const std::string& name, const std::string& move) {
    const auto v = g.find_vertex(name);
    if (!v) throw InputError(fmt::format("move '{}': no vertex '{}' in the graph", move, name));
    if (!s.test(*v)) throw InputError(fmt::format("move '{}': vertex {} is already deleted by an earlier move", move, name));
    return *v;
  };
  std::vector<int> out;
  for (const std::string& move : split(moves, ',')) {
    if (move.empty()) throw InputError(fmt::format("an empty move in the list '{}'", moves));
    KaylesMoveAt m;
    if (game == VertexGame::ArcKayles) {
      const std::size_t dash = move.find('-');
      if (dash == std::string::npos) throw InputError(fmt::format("move '{}': an Arc-Kayles move is an edge, like 0-1", move));
      const int u = here(move.substr(0, dash), move), v = here(move.substr(dash + 1), move);
      if (!adj[static_cast<std::size_t>(u)].test(v)) throw InputError(fmt::format("move '{}': no edge {} in the graph", move, move));
      m = {u, v};
    } else {
      m = {here(move, move), -1};
    }
    for (const int v : kayles_deleted<kWords>(adj, s, m)) {
      s.reset(v);
      out.push_back(v);
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
