// cgtlab graph info: parses a graph spec and describes the graph (order, edges, loops,
// directedness, exact automorphism group order).
#include <fmt/core.h>
#include <gmpxx.h>

#include <algorithm>
#include <memory>

#include "cli/commands.h"
#include "cli/common.h"
#include "graph/graph.h"
#include "graph/symmetry.h"

namespace cgtlab::cli {

namespace {

const char* kSpecHelp =
    "Graph specs (vertices numbered from 0):\n"
    "  Kn        complete graph              Km,n      complete bipartite (parts 0..m-1, m..m+n-1)\n"
    "  Cn        cycle, n >= 3               Pn        path on n vertices\n"
    "  Sn        star: centre 0, n leaves    Wn        wheel with n vertices in all (Wolfram):\n"
    "                                                  hub 0 and the rim cycle 1..n-1, n >= 4\n"
    "  GridRxC   R rows, C columns, vertex r*C+c       Petersen\n"
    "  Tn        transitive tournament i>j for i<j     DPn   directed path 0>1>..>n-1\n"
    "  OutStarn  arcs 0>1..0>n                         InStarn  arcs 1>0..n>0\n"
    "  K0        the empty graph (no vertices)\n"
    "  explicit lists: 0-1,1-2,2-2 (edges; u-u is a loop) or 'a>b,a>c' (arcs; quote '>' for the\n"
    "  shell); a lone name is an isolated vertex (a or 0-1,2). Names are integers without leading\n"
    "  zeros, at most 9 digits (ordered numerically), or identifiers (ordered by first appearance)\n"
    "  that do not look like a family (K5, P, OutStar2 are refused).\n"
    "  G+H       disjoint union, e.g. K5+K3: H's vertices follow G's (integer names shifted).\n"
    "  At most 100000 vertices and 1000000 edges.";

struct InfoOptions {
  std::string spec;
  bool json = false;
  bool edges = false;
};

void run_info(const InfoOptions& o) {
  graph::Graph g = graph::parse_graph(o.spec);
  const graph::AutomorphismGroup group = graph::automorphisms(g);
  const mpz_class& exact = group.order;
  const std::string order = exact.get_str();
  if (o.json) {
    nlohmann::json j = {{"graph", o.spec},
                        {"vertices", g.order()},
                        {"edges", g.edge_count()},
                        {"loops", g.loop_count()},
                        {"directed", g.directed()}};
    // A JSON number while it fits in 64 bits, else the exact decimal string.
    if (exact.fits_ulong_p()) j["automorphisms"] = static_cast<std::uint64_t>(exact.get_ui());
    else j["automorphisms"] = order;
    // --edges: the graph itself, by vertex names (what the explorer page draws).
    if (o.edges) {
      nlohmann::json names = nlohmann::json::array(), edges = nlohmann::json::array();
      for (int v = 0; v < g.order(); ++v) names.push_back(g.vertex_name(v));
      for (const auto& [u, v] : g.edges()) edges.push_back({g.vertex_name(u), g.vertex_name(v)});
      j["names"] = names;
      j["edge_list"] = edges;
    }
    print_json(j);
    return;
  }
  fmt::print("graph          {}\n", escape_text(o.spec));
  fmt::print("vertices       {}\n", g.order());
  fmt::print("{:<15}{}\n", g.directed() ? "arcs" : "edges", g.edge_count());
  fmt::print("loops          {}\n", g.loop_count());
  fmt::print("directed       {}\n", g.directed() ? "yes" : "no");
  fmt::print("components     {}\n", g.components().size());
  if (g.directed()) fmt::print("acyclic        {}\n", g.is_acyclic() ? "yes" : "no");
  fmt::print("automorphisms  {}\n", order);
  // Vertex orbits of Aut(g), each listed by vertex names.
  std::string orbits;
  for (const auto& cell : graph::orbit_cells(group)) {
    orbits += orbits.empty() ? "{" : " {";
    for (std::size_t i = 0; i < cell.size(); ++i) orbits += (i ? "," : "") + g.vertex_name(cell[i]);
    orbits += "}";
  }
  if (g.order() <= 200) fmt::print("vertex orbits  {}\n", orbits);
  else fmt::print("vertex orbits  {} (listed for graphs of at most 200 vertices)\n", std::count(orbits.begin(), orbits.end(), '{'));
}

}  // namespace

void add_graph_command(CLI::App& app) {
  auto* graph = app.add_subcommand("graph", "Graph tools: describe a graph given by a spec.");
  graph->require_subcommand(1);
  auto opts = std::make_shared<InfoOptions>();
  auto* info = graph->add_subcommand(
      "info", std::string("Describe a graph. Vertices, edges (loops not counted), loops, directedness and the exact "
                          "order of its automorphism group (nauty).\n") +
                  kSpecHelp);
  info->add_option("--graph", opts->spec, "graph spec, e.g. Petersen, K2,3, W5, K5+K3, 0-1,1-2,2-2, 'a>b,b>c'")->required();
  info->add_flag("--json", opts->json,
                 "one JSON object: {\"vertices\",\"edges\",\"loops\",\"directed\",\"automorphisms\"}");
  info->add_flag("--edges", opts->edges,
                 "with --json, also \"names\" (the vertices in order) and \"edge_list\" (each edge or arc as "
                 "[name, name]; loops as [v, v])");
  info->callback([opts] { run_info(*opts); });
}

}  // namespace cgtlab::cli
