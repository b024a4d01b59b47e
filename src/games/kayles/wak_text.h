// WAK weights as text: what a user types after --weights, and how a position's weights print.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/kayles/rules.h"
#include "graph/graph.h"

namespace cgtlab::games {

// "3,1,0,2": one number of counters per vertex in vertex order; or "a=3,c=1": name=value
// pairs, unnamed vertices hold 0. Spaces are ignored. Throws InputError on a bad number, an
// unknown or repeated vertex, or a count that does not match the graph's order.
std::vector<std::uint64_t> parse_wak_weights(const graph::Graph& g, std::string_view text);

// "a=3,b=1,...": name=value pairs in the position's vertex order; they parse back with
// parse_wak_weights whatever order a graph spec lists the vertices in.
std::string wak_weights_text(const WakGraph& p);

}  // namespace cgtlab::games
