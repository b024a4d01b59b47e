// Fuzzes the graph-spec parser (families K5, Grid3x4, T3, ... and edge/arc lists): `--graph TEXT`.
// Property: a parsed graph's spec parses back to a graph with the same spec.
#include "fuzz.h"
#include "graph/graph.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    graph::Graph g = graph::parse_graph(text);
    if (g.order() > 2000) return 0;  // big families are valid; printing them only costs time
    std::string spec = g.to_spec();
    fuzz::check(graph::parse_graph(spec).to_spec() == spec, "to_spec does not parse back", spec);
  })
  return 0;
}
