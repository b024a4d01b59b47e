// BLOCKING PEBBLES (Fisher-Tennenhouse; Burke, Ferland, Fisher, Gledel, Tennenhouse).
//
// A directed acyclic graph; each vertex holds (blue, red, green) pebbles. Left moves blue
// and green pebbles, Right red and green. From a vertex v, the mover may
//   (1) SHIFT: move a positive number of their own and/or green pebbles from v to ONE
//       in-neighbour of v, at no cost; or
//   (2) PEBBLE: remove two of their own and/or green pebbles from v, place one of the two
//       removed pebbles on one out-neighbour of v and discard the other.
// Blocking: no blue pebble may be placed on a vertex that holds red pebbles, and no red
// pebble on a vertex that holds blue pebbles (green pebbles are never blocked).
// With mixed colours every legal choice (how many of each colour shift; which two are
// removed and which of them lands) is a separate option; the canonical form discards the
// dominated ones. Normal play: whoever cannot move loses.
//
// Choices where the papers are silent (checked against all their examples):
//   - pebbles placed by a PEBBLE move obey the same blocking rule as shifted ones;
//   - shifting blue and green together onto a vertex with red is illegal (the blue would
//     land there); shifting only the green is a separate, legal option.
//
// A position lists (blue, red, green) per vertex, in the graph's vertex order. On the
// graph family T3 (arcs 0>1, 0>2, 1>2) the papers' [[b,r],[b,r],[b,r]] lists the source a
// = vertex 0, the middle vertex b = 1, and the sink c = 2, each as [blue, red].
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph.h"
#include "graph/symmetry.h"

namespace cgtlab::games {

enum class PebbleColour { Blue, Red, Green };
enum class Player { Left, Right };

struct Pebbles {
  int blue = 0, red = 0, green = 0;
  int total() const { return blue + red + green; }
  bool empty() const { return total() == 0; }
  friend bool operator==(const Pebbles&, const Pebbles&) = default;
};

using BlockingPosition = std::vector<Pebbles>;  // one entry per vertex

// One move, described by what it does (for listings and game trees).
struct BlockingMove {
  enum class Kind { Shift, Pebble };
  Kind kind = Kind::Shift;
  int from = 0, to = 0;
  int own = 0;    // pebbles of the mover's colour taken from `from`
  int green = 0;  // green pebbles taken from `from`
  PebbleColour placed = PebbleColour::Green;  // Pebble: the colour that lands on `to`
};

class BlockingPebbles {
 public:
  using Position = BlockingPosition;
  using Key = std::vector<std::uint32_t>;

  // The graph must be a DAG (throws InputError otherwise).
  explicit BlockingPebbles(graph::Graph g);

  const graph::Graph& graph() const { return graph_; }

  // Each player's moves in a fixed order, and the positions they lead to.
  std::vector<BlockingMove> moves(const Position& p, Player who) const;
  Position apply(const Position& p, const BlockingMove& m, Player who) const;
  std::vector<Position> left_options(const Position& p) const { return options(p, Player::Left); }
  std::vector<Position> right_options(const Position& p) const { return options(p, Player::Right); }
  std::vector<Position> options(const Position& p, Player who) const;

  // Canonical key up to the graph's automorphisms.
  Key key(const Position& p) const;
  // Independent summands: the pebbles of each weak component of the graph holding any,
  // each as a position on the whole graph; {p} itself when there is nothing to split.
  std::vector<Position> components(const Position& p) const;

  // "a -> b: shift 2 blue + 1 green" and the like, with vertex names.
  std::string describe(const BlockingMove& m, Player who) const;

  // Parses a position: "c=1/3/0,a=2/0/0" (blue/red/green per named vertex, unnamed
  // vertices empty), or a list of all vertices in order "1/0/0,2/4/0,0/0/0". An empty
  // string or "empty" is the empty position. Throws InputError on unknown vertices,
  // negative or too large counts, a vertex named twice, or malformed text.
  Position parse(std::string_view spec) const;
  // The inverse of parse: non-empty vertices as "name=b/r/g" pairs; "empty" when none.
  std::string format(const Position& p) const;

  static constexpr int kMaxPebblesPerColour = 1023;  // keys pack 10 bits per colour

 private:
  graph::Graph graph_;
  graph::SymmetryReducer symmetry_;
  bool asymmetric_ = true;  // trivial automorphism group: the packed labels are the key
  std::vector<std::vector<int>> weak_components_;
};

bool is_green_only(const BlockingPosition& p);
int total_pebbles(const BlockingPosition& p);
// Pebbles per vertex in the papers' style: [[b,r],...] when there is no green pebble,
// [[b,r,g],...] otherwise, in vertex order.
std::string paper_notation(const BlockingPosition& p);

// Green-only positions are impartial: both players have the same options, and green-only
// positions only lead to green-only positions. This view of the same rules is what the
// Grundy engine solves (the fast path used whenever no blue or red pebble is present).
class GreenBlockingPebbles {
 public:
  using Position = BlockingPosition;
  using Key = BlockingPebbles::Key;
  explicit GreenBlockingPebbles(const BlockingPebbles& rules) : rules_(&rules) {}
  Key key(const Position& p) const { return rules_->key(p); }
  std::vector<Position> options(const Position& p) const { return rules_->left_options(p); }
  std::vector<Position> components(const Position& p) const { return rules_->components(p); }

 private:
  const BlockingPebbles* rules_;
};

}  // namespace cgtlab::games
