// The non-attacking rooks game (seed 004, Section 3). An R x C board, some squares are holes.
// Players alternately place a rook on a free square (not a hole, not occupied) that is not
// attacked by a rook already placed; a rook attacks along its row and column up to the
// nearest hole (rooks do not see through holes). The player who cannot place a rook loses.
// Squares are named like chess: columns a, b, c, ... from the left, rows 1, 2, ... ("b3").
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "graph/graph.h"

namespace cgtlab::games {

struct RookBoard {
  int rows = 0, cols = 0;
  std::vector<char> hole;  // index (row-1)*cols + col
  std::vector<char> rook;
  int index(int row, int col) const { return row * cols + col; }  // 0-based row and column
  std::size_t squares() const { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols); }
};

std::string square_name(int row, int col);  // 0-based -> "b3"

// "6x8" (6 rows, 8 columns; at most 26 columns and 64 rows), holes and rooks as square lists
// "b3,c5". Throws InputError on a bad size, a bad or repeated square, or a rook on a hole or
// attacked by another rook.
RookBoard parse_rook_board(std::string_view size, std::string_view holes, std::string_view rooks = "");
// The board as parse_rook_board reads it: "3x4 holes a1,c2 rooks b3" (empty lists left out).
std::string rook_board_spec(const RookBoard& b);

// Whether a rook may be placed on the square (0-based row, col) in this position.
bool rook_can_play(const RookBoard& b, int row, int col);
// Squares where a rook may be placed, in row-major order, as (row, col).
std::vector<std::pair<int, int>> rook_moves(const RookBoard& b);
RookBoard rook_play(const RookBoard& b, int row, int col);

// The graph on the playable squares (named like "b3") where two squares are adjacent when a
// rook on one attacks the other: the rooks game is Node-Kayles on it.
graph::Graph rook_attack_graph(const RookBoard& b);

}  // namespace cgtlab::games

namespace cgtlab::games {
// The one text form of a rooks position, as rook_board_spec writes it: "3x4", then optional
// "holes a1,c2" and "rooks b3" (in either order). Throws InputError as parse_rook_board does.
RookBoard parse_rook_board_spec(std::string_view spec);
}  // namespace cgtlab::games
