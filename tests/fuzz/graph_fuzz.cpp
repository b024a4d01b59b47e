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
    // Big families are valid; printing them and parsing the list back only costs time (K404, 81 406
    // edges, took over 10 s under ASan: the list parser's work per edge, not a hang).
    if (g.order() > 2000 || g.edge_count() > 4000) return 0;
    std::string spec = g.to_spec();
    fuzz::check(graph::parse_graph(spec).to_spec() == spec, "to_spec does not parse back", spec);
  })
  return 0;
}
