// Conversions between the games of seed 004.
#pragma once
#include <cstdint>

#include "games/kayles/rules.h"
#include "games/rooks/rules.h"
#include "graph/graph.h"

namespace cgtlab::games {

// Corollary 2 (Section 4): an Arc-Kayles graph with the Grundy value of the WAK position p.
// Each vertex u of weight w becomes w false twins u_1..u_w (each with u's neighbours), and
// each twin of a looped vertex gets a pendant vertex u_i_loop (heavy, it stands for the loop).
// Reducing the result (heavy pendants, then twins) gives p back. Throws InputError when the
// result would have more than max_vertices vertices.
graph::Graph wak_to_arc_kayles(const games::WakGraph& p, std::uint64_t max_vertices = 512);

// Proposition 1 (Section 3): the WAK position of a rooks position. Vertices: the maximal
// column segments (named c_a1_a6) and row segments (r_a3_h3) between holes (weight 1, or 0 once a rook sits in it),
// an edge when they cross at a square. merge_rectangles merges false twins (segments
// crossing the same segments), which yields the paper's rectangle covers.
games::WakGraph rooks_to_wak(const games::RookBoard& board, bool merge_rectangles = true);

}  // namespace cgtlab::games
