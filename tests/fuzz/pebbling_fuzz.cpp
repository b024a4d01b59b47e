// Fuzzes (k+1:k)-pebbling positions: input "GRAPH\nK\nPOSITION" as in
// `cgtlab pebbling grundy --graph GRAPH --k K --position POSITION`.
// Property: a parsed position prints as text that parses back to it.
#include "fuzz.h"
#include "games/pebbling/rules.h"
#include "graph/graph.h"
#include "util/parse.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  auto f = fuzz::fields(data, size, 3);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    graph::Graph g = graph::parse_graph(f[0]);
    if (g.order() > 200) return 0;
    auto k = parse_integer<int>(f[1]);
    games::Pebbling game(g, k ? *k : 1);
    auto p = game.parse_position(f[2]);
    std::string shown = game.to_string(p);
    fuzz::check(game.parse_position(shown) == p, "parse(to_string(p)) != p", shown);
  })
  return 0;
}
