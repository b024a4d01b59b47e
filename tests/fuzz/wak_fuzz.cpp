// Fuzzes Weighted Arc-Kayles weights: input "GRAPH\nWEIGHTS" as in
// `cgtlab wak grundy --graph GRAPH --weights WEIGHTS`.
// Property: one weight per vertex.
#include "fuzz.h"
#include "games/kayles/wak_text.h"
#include "graph/graph.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  auto f = fuzz::fields(data, size, 2);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    graph::Graph g = graph::parse_graph(f[0]);
    if (g.order() > 200) return 0;
    auto w = games::parse_wak_weights(g, f[1]);
    fuzz::check(w.size() == static_cast<std::size_t>(g.order()), "weights != vertices", f[1]);
  })
  return 0;
}
