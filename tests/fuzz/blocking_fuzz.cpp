// Fuzzes BLOCKING PEBBLES pebble specs: input "GRAPH\nPEBBLES" as in
// `cgtlab blocking value --graph GRAPH --pebbles PEBBLES` (vertex=blue/red/green).
// Property: a parsed position formats as text that parses back to it.
#include "fuzz.h"
#include "games/blocking/rules.h"
#include "graph/graph.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  auto f = fuzz::fields(data, size, 2);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    graph::Graph g = graph::parse_graph(f[0]);
    if (g.order() > 200) return 0;
    games::BlockingPebbles game(g);
    auto p = game.parse(f[1]);
    std::string shown = game.format(p);
    fuzz::check(game.parse(shown) == p, "parse(format(p)) != p", shown);
  })
  return 0;
}
