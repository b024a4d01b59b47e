// Seed 004 (Dailly, Gledel, Heinrich: A generalization of Arc-Kayles): Weighted Arc-Kayles.
// Every check computes with the WAK / Arc-Kayles engines and compares with the paper.
#include <fmt/core.h>

#include <algorithm>
#include <random>
#include <set>

#include "games/kayles/octal.h"
#include "games/kayles/solver.h"
#include "games/kayles/wak_analyze.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_families.h"
#include "games/kayles/wak_periodicity.h"
#include "games/kayles/wak_reduce.h"
#include "games/kayles/wak_solver.h"
#include "games/kayles/wak_tree2.h"
#include "claims/claim.h"
#include "games/kayles/rules.h"
#include "games/rooks/rules.h"

namespace cgtlab::claims {

namespace {

using games::WakGraph;

WakGraph looped_vertex(std::uint64_t a) {
  WakGraph p;
  p.add_vertex(a, true, "a");
  return p;
}

WakGraph looped_pair(std::uint64_t a, std::uint64_t b) {
  WakGraph p;
  p.add_vertex(a, true, "a");
  p.add_vertex(b, true, "b");
  p.add_edge(0, 1);
  return p;
}

// a(loop) - b - c - d, the path of Lemma 5 (Figure 7's G2 with b = c, c = X, d = Y).
WakGraph looped_path(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
  WakGraph p;
  p.add_vertex(a, true, "a");
  p.add_vertex(b, false, "b");
  p.add_vertex(c, false, "c");
  p.add_vertex(d, false, "d");
  p.add_edge(0, 1);
  p.add_edge(1, 2);
  p.add_edge(2, 3);
  return p;
}

WakGraph random_wak(std::mt19937_64& rng, int max_n, int max_w, double p_edge, double p_loop) {
  WakGraph g;
  int n = 1 + static_cast<int>(rng() % max_n);
  std::bernoulli_distribution edge(p_edge), loop(p_loop);
  for (int v = 0; v < n; ++v) g.add_vertex(1 + rng() % max_w, loop(rng), std::to_string(v));
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      if (edge(rng)) g.add_edge(u, v);
  return g;
}

cgt::Grundy lemma2_formula(std::uint64_t a, std::uint64_t b) { return (a + b) % 2 + 2 * (std::min(a, b) % 2); }

Finding lemma1(const RunOptions& o) {
  games::WakSolver s;
  const std::uint64_t top = o.deep ? 2000 : 200;
  for (std::uint64_t a = 0; a <= top; ++a)
    if (s.grundy(looped_vertex(a)) != a % 2)
      return {false, fmt::format("a = {}: engine {} != a mod 2", a, s.grundy(looped_vertex(a)))};
  return {true, fmt::format("a = 0..{}", top)};
}

Finding lemma2(const RunOptions& o) {
  games::WakSolver s;
  const std::uint64_t top = o.deep ? 80 : 30;
  for (std::uint64_t a = 0; a <= top; ++a)
    for (std::uint64_t b = 0; b <= top; ++b) {
      auto g = s.grundy(looped_pair(a, b));
      if (g != lemma2_formula(a, b)) return {false, fmt::format("(a, b) = ({}, {}): engine {}", a, b, g)};
    }
  return {true, fmt::format("(a, b) in 0..{} squared", top)};
}

Finding figure6(const RunOptions&) {
  // The table under Lemma 2: value by the parities of m = min(a, b) and M = max(a, b):
  // m even: M even 0, M odd 1; m odd: M even 3, M odd 2. Figure 6 shows a, b = 0..5.
  const cgt::Grundy table[2][2] = {{0, 1}, {3, 2}};
  games::WakSolver s;
  std::string grid;
  for (std::uint64_t a = 0; a <= 5; ++a) {
    for (std::uint64_t b = 0; b <= 5; ++b) {
      auto g = s.grundy(looped_pair(a, b));
      std::uint64_t m = std::min(a, b), M = std::max(a, b);
      if (g != table[m % 2][M % 2]) return {false, fmt::format("(a, b) = ({}, {}): engine {}", a, b, g)};
      grid += std::to_string(g);
    }
    if (a < 5) grid += "/";
  }
  return {true, "a, b = 0..5, rows a: " + grid};
}

Finding remark3(const RunOptions& o) {
  games::WakSolver s;
  const std::uint64_t top = o.deep ? 24 : 12;
  int p_count = 0;
  for (std::uint64_t a = 0; a <= top; ++a)
    for (std::uint64_t b = 0; b <= top; ++b)
      for (std::uint64_t c = 0; c <= top; ++c) {
        WakGraph g;
        g.add_vertex(a, true, "a");
        g.add_vertex(b, true, "b");
        g.add_vertex(c, true, "c");
        g.add_edge(1, 2);
        bool p = s.grundy(g) == 0;
        bool stated = (a % 2 == 0 && b % 2 == 0 && c % 2 == 0) ||
                      (a % 2 == 1 && std::max(b, c) % 2 == 1 && std::min(b, c) % 2 == 0);
        if (p != stated) return {false, fmt::format("(a, b, c) = ({}, {}, {}): engine says {}", a, b, c, p ? "P" : "N")};
        p_count += p;
      }
  return {true, fmt::format("a, b, c in 0..{}: {} P-positions, all as stated", top, p_count)};
}

Finding proposition1(const RunOptions& o) {
  std::mt19937_64 rng(2004);
  const int graphs = o.deep ? 20000 : 2500;
  int steps = 0, kinds[4] = {0, 0, 0, 0};
  for (int t = 0; t < graphs; ++t) {
    auto g = random_wak(rng, 6, 4, 0.45, 0.3);
    auto value = games::wak_grundy_plain(g);
    for (const auto& r : games::applicable_reductions(g)) {
      auto h = games::apply_reduction(g, r);
      if (games::wak_grundy_plain(h) != value)
        return {false, "reduction changes the value: " + games::describe(g, r) + " on graph " +
                           games::wak_graph(g).to_spec()};
      ++steps;
      ++kinds[static_cast<int>(r.kind)];
    }
    auto canon = games::reduce_wak(g);
    if (!games::is_canonical(canon) || games::wak_grundy_plain(canon) != value)
      return {false, "full reduction changes the value on " + games::wak_graph(g).to_spec()};
  }
  return {true, fmt::format("{} random graphs (<= 6 vertices, weights 1..4, random loops), plain brute force: "
                            "{} single steps ({} useless, {} heavy, {} twin merges) and every full reduction",
                            graphs, steps, kinds[1], kinds[2], kinds[3])};
}

Finding corollary2(const RunOptions& o) {
  std::mt19937_64 rng(2);
  games::WakSolver wak;
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  const int graphs = o.deep ? 3000 : 400;
  for (int t = 0; t < graphs; ++t) {
    auto g = random_wak(rng, 4, 3, 0.5, 0.35);
    auto h = games::wak_to_arc_kayles(g);
    if (arc.grundy(h) != wak.grundy(g)) return {false, "differs on " + games::wak_graph(g).to_spec()};
  }
  return {true, fmt::format("{} random WAK positions (<= 4 vertices, weights 1..3, loops)", graphs)};
}

Finding rooks(const RunOptions& o) {
  games::WakSolver wak;
  games::KaylesSolver node(games::VertexGame::NodeKayles);
  // Figure 2: 6x8 without holes, every game lasts six moves: the second player wins.
  if (wak.grundy(games::rooks_to_wak(games::parse_rook_board("6x8", ""))) != 0) return {false, "6x8 is not P"};
  std::mt19937_64 rng(3);
  const int boards = o.deep ? 3000 : 300;
  for (int t = 0; t < boards; ++t) {
    auto b = games::random_rook_board(rng, 4, 5);
    auto direct = node.grundy(games::rook_attack_graph(b));
    if (wak.grundy(games::rooks_to_wak(b)) != direct)
      return {false, fmt::format("board {}: WAK differs from the rooks game", games::rook_board_spec(b))};
  }
  // Figure 4: a rectangular hole at the edge of the board gives a tree of depth 2 (five
  // areas, five edges), solved by Theorem 1.
  int figure4 = 0;
  for (int rows = 3; rows <= 5; ++rows)
    for (int cols = 3; cols <= 5; ++cols)
      for (int h = 1; h < rows; ++h)
        for (int c0 = 1; c0 + 1 < cols; ++c0)
          for (int c1 = c0; c1 + 1 < cols; ++c1) {
            std::string holes;
            for (int r = 0; r < h; ++r)
              for (int c = c0; c <= c1; ++c) holes += (holes.empty() ? "" : ",") + games::square_name(r, c);
            auto b = games::parse_rook_board(std::to_string(rows) + "x" + std::to_string(cols), holes);
            auto p = games::rooks_to_wak(b);
            auto g = games::wak_graph(p);
            auto r = games::depth2_tree_outcome(g, p.weight);
            if (!r || g.edge_count() != 5)
              return {false, fmt::format("{}x{} holes {}: not a 5-edge tree of depth 2", rows, cols, holes)};
            bool direct_p = node.grundy(games::rook_attack_graph(b)) == 0;
            if ((r->outcome == cgt::Outcome::P) != direct_p)
              return {false, fmt::format("{}x{} holes {}: Theorem 1 differs from the rooks game", rows, cols, holes)};
            ++figure4;
          }
  return {true, fmt::format("6x8 without holes is P; {} random boards up to 4x5 with holes: WAK of the rectangle "
                            "covers = the rooks game played directly; {} boards with a hole at the edge (Figure 4): "
                            "a 5-edge tree of depth 2 whose Theorem 1 outcome is the rooks game's",
                            boards, figure4)};
}

Finding lemma5(const RunOptions& o) {
  games::WakSolver s;
  const std::uint64_t top = o.deep ? 14 : 8;
  int canonical = 0;
  for (std::uint64_t a = 1; a <= top; ++a)
    for (std::uint64_t b = 1; b <= top; ++b)
      for (std::uint64_t c = 1; c <= top; ++c)
        for (std::uint64_t d = 1; d <= top; ++d) {
          auto p = looped_path(a, b, c, d);
          if (!games::is_canonical(p)) continue;
          ++canonical;
          bool is_p = s.grundy(p) == 0;
          if (is_p != ((a + c) % 2 == 0))
            return {false, fmt::format("canonical ({}, {}, {}, {}) is {} but a + c = {}", a, b, c, d, is_p ? "P" : "N",
                                       a + c)};
        }
  if (canonical == 0) return {false, "no canonical position in range"};
  return {true, fmt::format("weights 1..{}: all {} canonical positions", top, canonical)};
}

Finding lemma6(const RunOptions& o) {
  std::mt19937_64 rng(6);
  games::WakSolver s;
  const int cases = o.deep ? 4000 : 600;
  for (int t = 0; t < cases; ++t) {
    int k = 1 + static_cast<int>(rng() % 3);
    WakGraph g;
    std::uint64_t a = rng() % 4, c = 1 + rng() % 5, X = 0, Y = 0;
    g.add_vertex(c, false, "c");
    g.add_vertex(a, true, "a");
    g.add_edge(0, 1);
    for (int i = 0; i < k; ++i) {
      std::uint64_t y = rng() % 3, x = y + 1 + rng() % 3;
      int xv = g.add_vertex(x, false, "x" + std::to_string(i));
      int yv = g.add_vertex(y, false, "y" + std::to_string(i));
      g.add_edge(0, xv);
      g.add_edge(xv, yv);
      X += x;
      Y += y;
    }
    bool left = s.grundy(g) == 0, right = s.grundy(looped_path(a, c, X, Y)) == 0;
    if (left != right)
      return {false, fmt::format("k = {}, a = {}, c = {}, X = {}, Y = {}: outcomes differ", k, a, c, X, Y)};
  }
  return {true, fmt::format("{} random trees (1..3 branches, x_i > y_i >= 0, small weights)", cases)};
}

Finding theorem1(const RunOptions& o) {
  std::mt19937_64 rng(1);
  games::WakSolver s;
  const int trees = o.deep ? 10000 : 1200;
  int exact = 0;
  for (int t = 0; t < trees; ++t) {
    auto [g, w] = games::random_depth2_tree(rng, 6);
    auto r = games::depth2_tree_outcome(g, w);
    if (!r) return {false, "not recognised as a depth-2 tree: " + g.to_spec()};
    auto value = s.grundy(games::make_wak(g, w));
    if (r->outcome != (value == 0 ? cgt::Outcome::P : cgt::Outcome::N) || (r->grundy && *r->grundy != value))
      return {false, "algorithm differs from search on " + g.to_spec()};
    exact += r->grundy.has_value();
  }
  return {true, fmt::format("{} random loopless trees of depth <= 2 (weights 1..6) against search; {} also with the "
                            "exact Grundy value",
                            trees, exact)};
}

Finding periodicity(const RunOptions& o) {
  std::mt19937_64 rng(66);
  games::WakSolver s;
  const int graphs = o.deep ? 1500 : 150;
  int grundy_checked = 0;
  for (int t = 0; t < graphs; ++t) {
    WakGraph p = random_wak(rng, 4, 3, 0.5, 0.3);
    p.loops |= 1;  // the loop at v1
    std::uint64_t omega = 0;
    for (int v = 1; v < p.n; ++v) omega += p.weight[v];
    const std::uint64_t top = 2 * omega + 16;
    std::vector<cgt::Grundy> g;
    for (std::uint64_t x = 0; x <= top; ++x) {
      p.weight[0] = x;
      g.push_back(s.grundy(p));
    }
    for (std::uint64_t x = 2 * omega; x + 2 <= top; ++x)
      if ((g[x] == 0) != (g[x + 2] == 0))
        return {false, fmt::format("outcome not 2-periodic from 2*Omega = {} at x = {} on {}", 2 * omega, x,
                                   games::wak_graph(p).to_spec())};
    // Corollary 2: Grundy values 2-periodic from 2*Omega + c_k, c_k = 2 * weight of a position of value k.
    for (std::uint64_t x = 2 * omega; x + 2 <= top; ++x) {
      auto u = games::catalogue_weight(g[x], s);
      if (!u || x < 2 * (omega + *u)) continue;
      ++grundy_checked;
      if (g[x] != g[x + 2])
        return {false, fmt::format("Grundy value not 2-periodic from 2*(Omega + {}) at x = {}", *u, x)};
    }
  }
  return {true, fmt::format("{} random graphs (<= 4 vertices, loop at v1, other weights 1..3): outcomes 2-periodic "
                            "from 2*Omega; {} Grundy values checked past 2*Omega + c_k",
                            graphs, grundy_checked)};
}

// Grundy value of a WAK position by the WAK search alone (components of at most 64 vertices).
cgt::Grundy wak_search_value(const graph::Graph& g, const std::vector<std::uint64_t>& w, games::WakSolver& s) {
  cgt::Grundy x = 0;
  for (const auto& comp : g.components()) {
    std::vector<std::uint64_t> cw;
    cw.reserve(comp.size());
    for (int u : comp) cw.push_back(w[u]);
    x ^= s.grundy(games::make_wak(g.induced(comp), cw));
  }
  return x;
}

Finding theorem2(const RunOptions& o) {
  // Values by the analyser (weight 1 everywhere: Arc-Kayles with a pendant per loop, Corollary 2)
  // and, independently, by the WAK search on the looped graphs themselves.
  const int top = o.deep ? 6 : 5, wak_top = 5;
  games::WakAnalyser a;
  games::WakSolver s;
  std::vector<cgt::Grundy> values;
  std::string list;
  for (int n = 1; n <= top; ++n) {
    auto [g, w] = games::section7_graph(n);
    auto v = a.value(g, w);
    if (!v.grundy) return {false, fmt::format("G_{}: no Grundy value", n)};
    if (n <= wak_top && wak_search_value(g, w, s) != *v.grundy)
      return {false, fmt::format("G_{}: WAK search and Arc-Kayles form differ", n)};
    // (ii): playing the loop at u_n (vertex 0) leads to a P-position.
    auto after = w;
    after[0] = 0;
    auto loop = a.value(g, after);
    if (!loop.grundy || *loop.grundy != 0) return {false, fmt::format("G_{}: the loop at u_{} is not winning", n, n)};
    for (auto prev : values)
      if (prev == *v.grundy) return {false, fmt::format("G_{} repeats the value {}", n, prev)};
    values.push_back(*v.grundy);
    list += fmt::format("{}G_{} = {} ({} vertices)", n > 1 ? ", " : "", n, *v.grundy, g.order());
  }
  return {true, list + fmt::format("; pairwise distinct; the loop at u_n wins; WAK search = Arc-Kayles form "
                                   "(Corollary 2) up to G_{}",
                                   wak_top)};
}

Finding dawson(const RunOptions& o) {
  const int top = o.deep ? 400 : 200;
  auto d = games::octal_grundy_sequence("0.07", top);
  games::KaylesSolver arc(games::VertexGame::ArcKayles);
  graph::Graph p(top, false);
  for (int i = 0; i + 1 < top; ++i) p.add_edge(i, i + 1);
  if (arc.grundy(p) != d[top]) return {false, fmt::format("P_{} differs", top)};
  // Every shorter path was met as a component; ask for each (memo hits).
  for (int n = 1; n < top; ++n) {
    graph::Graph q(n, false);
    for (int i = 0; i + 1 < n; ++i) q.add_edge(i, i + 1);
    if (arc.grundy(q) != d[n])
      return {false, fmt::format("P_{}: Arc-Kayles {} but 0.07 gives {}", n, arc.grundy(q), d[n])};
  }
  return {true, fmt::format("P_1..P_{} (octal recursion for 0.07 computed separately)", top)};
}

}  // namespace

void add_claims_004(std::vector<Claim>& out) {
  out.push_back({"004.L1", "004", "Lemma 1", "a looped vertex of weight a has Grundy value a mod 2", "a = 0..200",
                 "a = 0..2000", "", lemma1});
  out.push_back({"004.L2", "004", "Lemma 2",
                 "two adjacent looped vertices a, b: Grundy value ((a+b) mod 2) + 2 (min(a,b) mod 2)",
                 "a, b = 0..30", "a, b = 0..80", "", lemma2});
  out.push_back({"004.Fig6", "004", "Lemma 2 table, Figure 6",
                 "value by parity of m = min, M = max: (even, even) 0, (even, odd) 1, (odd, even) 3, (odd, odd) 2",
                 "a, b = 0..5", "", "", figure6});
  out.push_back({"004.R3", "004", "Remark 3",
                 "a~ + (b~ - c~) is P iff a, b, c are even, or a and max(b,c) are odd and min(b,c) is even",
                 "a, b, c = 0..12", "a, b, c = 0..24", "", remark3});
  out.push_back({"004.P1", "004", "Proposition 1 (Section 4)",
                 "deleting useless or heavy vertices and merging false twins keeps the Grundy value",
                 "2500 random graphs", "20000 random graphs", "", proposition1});
  out.push_back({"004.C2", "004", "Corollary 2 (Section 4)",
                 "every WAK position has an Arc-Kayles position with the same Grundy value", "400 random positions",
                 "3000 random positions", "", corollary2});
  out.push_back({"004.rooks", "004", "Proposition 1 (Section 3), Figures 2 and 4",
                 "the rooks game is WAK on its rectangle covers; 6x8 without holes is P; a hole at the edge gives a depth-2 tree",
                 "300 random boards", "3000 random boards", "", rooks});
  out.push_back({"004.L5", "004", "Lemma 5", "a canonical path a~ - b - c - d has the outcome of a~ + c~: P iff a+c even",
                 "weights 1..8", "weights 1..14", "", lemma5});
  out.push_back({"004.L6", "004", "Lemma 6",
                 "branches c - x_i - y_i (x_i > y_i) collapse to c - X - Y with X = sum x_i, Y = sum y_i (outcome)",
                 "600 random trees", "4000 random trees", "", lemma6});
  out.push_back({"004.T1", "004", "Theorem 1 (Section 5)",
                 "polynomial algorithm for the outcome of WAK on loopless trees of depth <= 2", "1200 random trees",
                 "10000 random trees", "", theorem1});
  out.push_back({"004.periodicity", "004", "Theorem 1 and Corollary 2 (Section 6)",
                 "with a loop on v1, outcomes in x = w(v1) are 2-periodic from 2*Omega; Grundy values from 2*Omega + c_k",
                 "150 random graphs", "1500 random graphs", "", periodicity});
  out.push_back({"004.T2", "004", "Theorem 2, Corollary 1 (Section 7)",
                 "The Grundy values for the game WAK are unbounded (Corollary 1: also Arc-Kayles and Node-Kayles); "
                 "checked through the proof's graphs G_n: pairwise distinct values, and the loop at u_n wins",
                 "G_1..G_5 (81 vertices)", "G_1..G_6 (243 vertices)", "", theorem2});
  out.push_back({"004.dawson", "004", "Introduction",
                 "Arc-Kayles on a path is Dawson's Kayles, the octal game 0.07", "P_1..P_200", "P_1..P_400", "",
                 dawson});
}

}  // namespace cgtlab::claims
