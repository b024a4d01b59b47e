// Exploring a game: every move from a position with the value after it, the game tree to a
// depth, and an engine's move for play. One interface over every game (pebbling, blocking,
// coins, wak, arckayles, nodekayles, rooks), so that each front end (CLI, server, page)
// shows every game the same way. The games' own explorers are in games/<game>/explore.cpp;
// the rules stay in each game's rules.h.
//
// Every position has ONE text form, the one the CLI reads back (the game's flags, `args`):
//   pebbling   the pebbles per vertex "3,1,0,2"         (args: graph, k, position)
//   blocking   the pebbles "2=1/4/0" ("empty")          (args: graph, pebbles)
//   coins      the line "1011" ("0": no coin is tails)  (args: line)
//   wak        the counters "a=3,b=1"                   (args: graph, weights)
//   arckayles, nodekayles  the remaining graph "0-1,2" ("K0": nothing left)  (args: graph)
//   rooks      the board "3x4 holes a1 rooks b3"        (args: board)
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cgt/game.h"
#include "cgt/nimber.h"
#include "graph/graph.h"
#include "solve/limits.h"

namespace cgtlab::games {

// Who makes a move: Left or Right in a partizan game, Either in an impartial one.
enum class Side { Either, Left, Right };
std::string side_name(Side s);  // "left", "right", "" (impartial)

// The flags that reproduce a position, as (name, value): ("graph", "0-1,2"), ("k", "1"), ...
// The names are the CLI's long flags without "--" (a positional by its help name: "line").
using PositionArgs = std::vector<std::pair<std::string, std::string>>;

// A position's worth. Impartial games: grundy and the nimber *grundy as value (a WAK
// position with huge weights may be known by its outcome only). Partizan games: the
// canonical value and its outcome.
struct ExploreValue {
  std::optional<cgt::Game> value;
  std::optional<cgt::Grundy> grundy;
  std::optional<cgt::Outcome> outcome;
  std::string str() const;  // the value in CGSuite notation, "?" when undetermined
};

// One game's positions, as nodes numbered from 0 (node 0: the starting position). moves()
// adds the positions it reaches as new nodes.
class Explorer {
 public:
  struct Move {
    std::string move;  // as the game's commands write it: "a-b", "0->2", "3,5", "c3", "shift ..."
    Side side = Side::Either;
    int child = 0;     // the node of the position after the move
  };
  virtual ~Explorer() = default;
  virtual std::string game() const = 0;   // "pebbling", "blocking", "coins", "wak", ...
  virtual bool impartial() const = 0;
  virtual std::string position(int node) = 0;    // the one text form
  virtual PositionArgs args(int node) = 0;       // the flags that give this position
  virtual std::string drawing(int node) = 0;     // a picture in text (several lines) for play
  virtual ExploreValue value(int node) = 0;
  virtual std::vector<Move> moves(int node) = 0;
  // The number of nodes made so far (each a stored position).
  virtual int nodes() const = 0;
};

// The explorers. Each throws InputError on a bad position, and its searches stop with
// CapReached at the limits.
std::unique_ptr<Explorer> pebbling_explorer(const std::string& graph, int k, const std::string& position,
                                            solve::SearchLimits limits = {});
std::unique_ptr<Explorer> blocking_explorer(const std::string& graph, const std::string& pebbles,
                                            solve::SearchLimits limits = {});
std::unique_ptr<Explorer> coins_explorer(const std::string& line, solve::SearchLimits limits = {});
std::unique_ptr<Explorer> wak_explorer(const std::string& graph, const std::string& weights,
                                       solve::SearchLimits limits = {});
// arc = true: Arc-Kayles, false: Node-Kayles.
std::unique_ptr<Explorer> kayles_explorer(bool arc, const std::string& graph, solve::SearchLimits limits = {});
// board: "6x8", or the full form "6x8 holes b3 rooks a1"; holes and rooks add to it.
std::unique_ptr<Explorer> rooks_explorer(const std::string& board, const std::string& holes,
                                         const std::string& rooks, solve::SearchLimits limits = {});

// A Kayles position's graph: a graph spec, or "K0" for the empty graph.
graph::Graph parse_kayles_position(const std::string& spec);
std::string kayles_position_text(const graph::Graph& g);  // "K0" when empty

// ---- moves ------------------------------------------------------------------------------
struct MoveReport {
  std::string move;
  Side side = Side::Either;
  int child = 0;
  std::string result;   // the position after the move, in its one text form
  PositionArgs args;    // the flags that give it
  ExploreValue value;   // of the position after the move
  bool winning = false; // the mover wins by it: impartial, it leads to a P-position; Left,
                        // to a value >= 0; Right, to a value <= 0
};
struct MovesReport {
  std::string position;
  PositionArgs args;
  ExploreValue value;
  std::vector<MoveReport> moves;  // Left's then Right's (partizan), in the game's move order
};
MovesReport explore_moves(Explorer& e, int node);

// The move an engine plays for `side` (Either in an impartial game): the first winning move,
// else the first move; -1 when the side has no move.
int engine_move(const MovesReport& m, Side side);

// ---- trees ------------------------------------------------------------------------------
struct ExploreTreeOptions {
  int max_depth = 3;    // levels below the root
  int max_nodes = 200;  // nodes drawn, the root included
};
inline constexpr int kMaxTreeNodes = 100000;

struct ExploreTree {
  struct Node {
    int node = 0;          // the explorer's node
    int depth = 0;
    std::string move;      // the move that led here (empty at the root)
    Side side = Side::Either;
    bool winning = false;  // that move wins for its mover
    std::string position;
    PositionArgs args;
    ExploreValue value;
    std::vector<int> children;  // indices into nodes
    bool cut = false;           // has moves that were not drawn (depth or node cap)
  };
  std::vector<Node> nodes;      // breadth-first; nodes[0] is the root
  bool truncated = false;       // some node has moves not drawn
  bool impartial = false;
  std::string game;
};
// Breadth-first, so a capped tree shows its top levels completely.
ExploreTree explore_tree(Explorer& e, int node, const ExploreTreeOptions& o);

std::string tree_text(const ExploreTree& t);  // indented, one node a line
std::string tree_dot(const ExploreTree& t);   // Graphviz DOT
// A TikZ picture (\begin{tikzpicture} ... \end{tikzpicture}), laid out as a tidy tree:
// needs only \usepackage{tikz}.
std::string tree_tikz(const ExploreTree& t);

// Runs Graphviz `dot -Tsvg` on the DOT text and writes the SVG to path. Throws InputError
// when `dot` is not installed (Debian's graphviz) or fails, or the file cannot be written.
void write_svg(const std::string& dot, const std::string& path);

}  // namespace cgtlab::games
