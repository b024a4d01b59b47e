// The game tree of a BLOCKING PEBBLES position (as Figure 4 of the journal paper draws it),
// as Graphviz DOT or as indented text, with each node's canonical value. Trees grow fast,
// so the drawing stops at a depth and a node count and says where it stopped.
#pragma once
#include <string>

#include "games/blocking/values.h"

namespace cgtlab::games {

struct TreeOptions {
  int max_depth = 6;
  int max_nodes = 200;
  bool best_only = false;  // draw only each player's best options (BlockingOption::best)
};

struct GameTree {
  std::string text;        // DOT or indented text
  int nodes = 0;
  bool truncated = false;  // some node had options that were not drawn
};

// Breadth-first, so a capped tree shows the top levels completely. Left's moves are blue
// edges labelled L, Right's red edges labelled R; nodes show pebbles per vertex and value.
GameTree blocking_tree_dot(BlockingAnalyzer& a, const games::BlockingPosition& root, const TreeOptions& o);
GameTree blocking_tree_text(BlockingAnalyzer& a, const games::BlockingPosition& root, const TreeOptions& o);

// Pebbles per vertex in the papers' style: [[b,r],...] when there is no green pebble,
// [[b,r,g],...] otherwise, in vertex order.
std::string paper_notation(const games::BlockingPosition& p);

}  // namespace cgtlab::games
