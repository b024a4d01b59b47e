// The graph spec parser: every family, every list form, every error.
#include <gtest/gtest.h>

#include <set>

#include "graph/graph.h"
#include "util/error.h"

using cgtlab::InputError;
using cgtlab::graph::Graph;
using cgtlab::graph::parse_graph;

namespace {

// Degree multiset, a quick structural fingerprint.
std::multiset<int> degrees(const Graph& g) {
  std::multiset<int> d;
  for (int v = 0; v < g.order(); ++v) d.insert(g.degree(v));
  return d;
}

void expect_error(const std::string& spec, const std::string& fragment) {
  try {
    parse_graph(spec);
    ADD_FAILURE() << "spec '" << spec << "' parsed but should fail";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos)
        << "spec '" << spec << "': message '" << e.what() << "' lacks '" << fragment << "'";
  }
}

}  // namespace

TEST(GraphSpec, Complete) {
  Graph g = parse_graph("K5");
  EXPECT_EQ(g.order(), 5);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.edge_count(), 10);
  EXPECT_EQ(g.loop_count(), 0);
  for (int u = 0; u < 5; ++u)
    for (int v = 0; v < 5; ++v) EXPECT_EQ(g.has_edge(u, v), u != v);
  EXPECT_EQ(parse_graph("K1").edge_count(), 0);
}

TEST(GraphSpec, CycleAndPath) {
  Graph c = parse_graph("C4");
  EXPECT_EQ(c.order(), 4);
  EXPECT_EQ(c.edge_count(), 4);
  EXPECT_TRUE(c.has_edge(3, 0));
  EXPECT_FALSE(c.has_edge(0, 2));
  Graph p = parse_graph("P6");
  EXPECT_EQ(p.order(), 6);
  EXPECT_EQ(p.edge_count(), 5);
  EXPECT_TRUE(p.has_edge(4, 5));
  EXPECT_FALSE(p.has_edge(5, 0));
  EXPECT_EQ(parse_graph("P1").order(), 1);
}

TEST(GraphSpec, BipartiteStarWheel) {
  Graph k = parse_graph("K2,3");
  EXPECT_EQ(k.order(), 5);
  EXPECT_EQ(k.edge_count(), 6);
  EXPECT_FALSE(k.has_edge(0, 1));
  EXPECT_TRUE(k.has_edge(1, 4));
  EXPECT_FALSE(k.has_edge(2, 3));
  Graph s = parse_graph("S4");
  EXPECT_EQ(s.order(), 5);
  EXPECT_EQ(s.degree(0), 4);
  EXPECT_EQ(degrees(s), (std::multiset<int>{1, 1, 1, 1, 4}));
  // Wolfram convention: W5 has 5 vertices, hub 0 joined to the 4-cycle 1-2-3-4-1.
  Graph w = parse_graph("W5");
  EXPECT_EQ(w.order(), 5);
  EXPECT_EQ(w.edge_count(), 8);
  EXPECT_EQ(w.degree(0), 4);
  EXPECT_TRUE(w.has_edge(4, 1));
  EXPECT_FALSE(w.has_edge(1, 3));
  EXPECT_EQ(parse_graph("W4").edge_count(), 6);  // W4 = K4
}

TEST(GraphSpec, GridAndPetersen) {
  Graph g = parse_graph("Grid3x4");
  EXPECT_EQ(g.order(), 12);
  EXPECT_EQ(g.edge_count(), 3 * 3 + 2 * 4);
  EXPECT_TRUE(g.has_edge(1 * 4 + 2, 2 * 4 + 2));  // (1,2)-(2,2)
  EXPECT_TRUE(g.has_edge(5, 6));
  EXPECT_FALSE(g.has_edge(3, 4));  // row ends do not wrap
  Graph p = parse_graph("Petersen");
  EXPECT_EQ(p.order(), 10);
  EXPECT_EQ(p.edge_count(), 15);
  EXPECT_EQ(degrees(p), std::multiset<int>(std::initializer_list<int>{3, 3, 3, 3, 3, 3, 3, 3, 3, 3}));
  // Girth 5: no triangles and no 4-cycles.
  for (int u = 0; u < 10; ++u)
    for (int v = u + 1; v < 10; ++v) {
      int common = 0;
      for (int w = 0; w < 10; ++w) common += p.has_edge(u, w) && p.has_edge(v, w);
      EXPECT_EQ(common, p.has_edge(u, v) ? 0 : 1) << u << "," << v;
    }
}

TEST(GraphSpec, DirectedFamilies) {
  Graph t = parse_graph("T3");
  EXPECT_TRUE(t.directed());
  EXPECT_EQ(t.edges(), (std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}}));
  EXPECT_TRUE(t.is_acyclic());
  Graph d = parse_graph("DP3");
  EXPECT_EQ(d.edges(), (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}}));
  EXPECT_FALSE(d.has_edge(1, 0));
  Graph o = parse_graph("OutStar3");
  EXPECT_EQ(o.order(), 4);
  EXPECT_EQ(o.out_neighbors(0), (std::vector<int>{1, 2, 3}));
  Graph i = parse_graph("InStar3");
  EXPECT_EQ(i.in_neighbors(0), (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(i.out_neighbors(0).empty());
  EXPECT_EQ(i.edge_count(), 3);
}

TEST(GraphSpec, UndirectedListWithLoop) {
  Graph g = parse_graph("0-1,1-2,2-2");
  EXPECT_EQ(g.order(), 3);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.edge_count(), 2);
  EXPECT_EQ(g.loop_count(), 1);
  EXPECT_TRUE(g.has_loop(2));
  EXPECT_FALSE(g.has_loop(1));
  EXPECT_EQ(g.to_spec(), "0-1,1-2,2-2");
}

TEST(GraphSpec, ArcListByFirstAppearance) {
  Graph g = parse_graph("a>b, a>c ,b>c");
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(g.order(), 3);
  EXPECT_EQ(g.vertex_name(0), "a");
  EXPECT_EQ(g.vertex_name(2), "c");
  EXPECT_EQ(g.vertex("b"), 1);
  EXPECT_TRUE(g.has_edge(0, 2));
  EXPECT_FALSE(g.has_edge(2, 0));
  EXPECT_TRUE(g.is_acyclic());
  EXPECT_EQ(g.topological_order(), (std::vector<int>{0, 1, 2}));
  EXPECT_THROW(g.vertex("z"), InputError);
  EXPECT_EQ(parse_graph(g.to_spec()).edges(), g.edges());
}

TEST(GraphSpec, IntegerNamesOrderedNumerically) {
  Graph g = parse_graph("10-2,2-7");
  EXPECT_EQ(g.order(), 3);
  EXPECT_EQ(g.vertex_name(0), "2");
  EXPECT_EQ(g.vertex_name(1), "7");
  EXPECT_EQ(g.vertex_name(2), "10");
  EXPECT_TRUE(g.has_edge(g.vertex("10"), g.vertex("2")));
  // Mixed names: first appearance.
  Graph m = parse_graph("x-3,1-x");
  EXPECT_EQ(m.vertex_name(0), "x");
  EXPECT_EQ(m.vertex_name(1), "3");
  EXPECT_EQ(m.vertex_name(2), "1");
}

TEST(GraphSpec, LoneNamesAreIsolatedVertices) {
  Graph g = parse_graph("0-1,3");
  EXPECT_EQ(g.order(), 3);
  EXPECT_EQ(g.vertex_name(2), "3");
  EXPECT_EQ(g.degree(2), 0);
  EXPECT_EQ(g.components().size(), 2u);
  Graph single = parse_graph("0");
  EXPECT_EQ(single.order(), 1);
  Graph three = parse_graph("0,1,2");
  EXPECT_EQ(three.order(), 3);
  EXPECT_EQ(three.edge_count(), 0);
}

TEST(GraphSpec, StrictNamesEmptyGraphAndUnion) {
  // A lone identifier is one isolated vertex; K0 (P0, T0, DP0) the empty graph.
  EXPECT_EQ(parse_graph("a").order(), 1);
  for (const char* empty : {"K0", "P0", "T0", "DP0"}) EXPECT_EQ(parse_graph(empty).order(), 0) << empty;
  // Names that read as families or malformed numbers are errors, not vertices.
  expect_error("K5,K3", "names a graph family");
  expect_error("K-1", "reads as the family K of size -1");
  expect_error("P-3", "reads as the family P of size -3");
  expect_error("Petersen,a", "names a graph family");
  // A family's stem alone is a vertex name (the papers' figures name vertices A, B, C, ...).
  EXPECT_EQ(parse_graph("P,a").order(), 2);
  EXPECT_EQ(parse_graph("A>B,A>C,C>D").order(), 4);
  EXPECT_EQ(parse_graph("1-K").edge_count(), 1);
  // Compound names (what `wak to-arckayles` prints) read back as they are.
  Graph c = parse_graph("0_1,0_2,1_1,1_1_loop,0_1-1_1,0_2-1_1,1_1-1_1_loop");
  EXPECT_EQ(c.order(), 4);
  EXPECT_EQ(c.edge_count(), 3);
  EXPECT_TRUE(c.has_edge(c.vertex("1_1"), c.vertex("1_1_loop")));
  expect_error("0_-1", "bad token");
  expect_error("0_1$-2", "bad token");
  expect_error("01-1", "leading zero");
  expect_error("2-007", "leading zero");
  expect_error("999999999999999999999999-0", "too large");
  // G+H: the disjoint union, H's vertices after G's.
  Graph u = parse_graph("K5+K3");
  EXPECT_EQ(u.order(), 8);
  EXPECT_EQ(u.edge_count(), 13);
  EXPECT_EQ(u.components().size(), 2u);
  EXPECT_TRUE(u.has_edge(u.vertex("5"), u.vertex("7")));
  EXPECT_FALSE(u.has_edge(u.vertex("4"), u.vertex("5")));
  Graph d = parse_graph("T3+a>b");
  EXPECT_TRUE(d.directed());
  EXPECT_EQ(d.order(), 5);
  expect_error("T3+C3", "mixes directed and undirected");
  expect_error("a-b+a-c", "appears in two parts");
  expect_error("K5+", "empty part");
}

TEST(GraphSpec, ComponentsAndInduced) {
  Graph g = parse_graph("0-1,1-2,3-4,5");
  EXPECT_EQ(g.components(), (std::vector<std::vector<int>>{{0, 1, 2}, {3, 4}, {5}}));
  Graph sub = g.induced({2, 1, 4});
  EXPECT_EQ(sub.order(), 3);
  EXPECT_EQ(sub.vertex_name(0), "2");
  EXPECT_TRUE(sub.has_edge(0, 1));
  EXPECT_EQ(sub.edge_count(), 1);
  // Weak components of a directed graph.
  EXPECT_EQ(parse_graph("a>b,c>b,d>e").components().size(), 2u);
}

TEST(GraphSpec, Errors) {
  expect_error("", "empty graph spec");
  expect_error("   ", "empty graph spec");
  expect_error("Q3", "unknown graph family");
  expect_error("Hypercube4", "unknown graph family");
  expect_error("K2,3,4", "unknown graph family");
  expect_error("C2", "bad size");
  expect_error("W3", "bad size");
  expect_error("K0,3", "bad size");
  expect_error("Grid0x3", "bad size");
  expect_error("S0", "bad size");
  expect_error("K100001", "exceeds the cap");
  expect_error("P99999999999", "too large");
  expect_error("K5000", "edges exceed the cap");
  expect_error("K1500", "edges exceed the cap");
  expect_error("0-1,,1-2", "empty token");
  expect_error("0-1,", "empty token");
  expect_error("0-1-2", "bad token");
  expect_error("0-", "bad token");
  expect_error(">b", "bad token");
  expect_error("a-b$", "bad token");
  expect_error("0-1,1>2", "mixes");
  expect_error("a>a", "self-loop");
}

TEST(GraphSpec, RequireDag) {
  EXPECT_NO_THROW(parse_graph("T3").require_dag());
  try {
    parse_graph("a>b,b>c,c>a,c>d").require_dag();
    ADD_FAILURE() << "a cycle passed require_dag";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("a>b"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_graph("C4").require_dag(), InputError);
  EXPECT_FALSE(parse_graph("a>b,b>a").is_acyclic());
}

TEST(GraphSpec, ToSpecRoundTrips) {
  for (const char* spec : {"K5", "C4", "P6", "K2,3", "S4", "W5", "Grid3x4", "Petersen", "T3", "DP3", "OutStar3",
                           "InStar3", "0-1,1-2,2-2", "a>b,a>c,b>c", "0-1,5", "K1", "0,1,2", "x-3,1-x", "c-a,b"}) {
    Graph g = parse_graph(spec);
    Graph back = parse_graph(g.to_spec());
    EXPECT_EQ(back.order(), g.order()) << spec << " -> " << g.to_spec();
    EXPECT_EQ(back.directed(), g.directed()) << spec;
    EXPECT_EQ(back.edges(), g.edges()) << spec << " -> " << g.to_spec();
    for (int v = 0; v < g.order(); ++v) EXPECT_EQ(back.vertex_name(v), g.vertex_name(v)) << spec;
  }
}
