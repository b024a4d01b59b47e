// BLOCKING PEBBLES: the statements of the journal paper (seed 002, Integers 21B), of the
// conference version (seed 001: the out-star, in-star and directed-P3 results it has in
// addition), and of the book chapter (seed 003, the journal text again, so its items are
// the 002 claims). Every check computes values with the engine (BlockingAnalyzer) and
// compares them with the value the paper states, built from the paper's formula.
//
// Notation: the papers write blue/red positions as [[b,r],[b,r],...] in vertex order. On
// the transitive triple T3 (arcs 0>1, 0>2, 1>2) that is source a = 0, middle b = 1, sink
// c = 2; on the out-star K_{1,2} (OutStar2: 0>1, 0>2) and in-star (InStar2: 1>0, 2>0) the
// centre comes first; on the directed path DP3 (0>1>2) left to right.
#include <fmt/core.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>

#include "games/blocking/green.h"
#include "games/blocking/rules.h"
#include "games/blocking/values.h"
#include "cgt/game.h"
#include "claims/claim.h"
#include "graph/graph.h"

namespace cgtlab::claims {

namespace {

using games::BlockingAnalyzer;
using cgt::Game;
using games::BlockingPosition;

// One analyzer per graph for the whole run: claims on the same graph share the memo.
BlockingAnalyzer& analyzer(const std::string& spec) {
  static std::map<std::string, std::unique_ptr<BlockingAnalyzer>> cache;
  auto& slot = cache[spec];
  if (!slot) slot = std::make_unique<BlockingAnalyzer>(graph::parse_graph(spec));
  return *slot;
}

BlockingPosition br(const std::vector<std::pair<int, int>>& blue_red) { return games::from_blue_red(blue_red); }
BlockingPosition green(const std::vector<int>& counts) {
  BlockingPosition p;
  for (int c : counts) p.push_back({0, 0, c});
  return p;
}

Game n(long k) { return Game::integer(k); }
Game sw(Game l, Game r) { return Game::from_options({l}, {r}); }  // {l | r}
Game sw(long l, long r) { return sw(n(l), n(r)); }
Game half(long numerator) { return Game::number(cgt::Dyadic(numerator, 1)); }  // numerator/2
long floor_half(long x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

// Counts the cases checked and keeps the first counterexample.
struct Tally {
  long checked = 0;
  long failed = 0;
  std::string first;
  void check(bool ok, const std::function<std::string()>& what) {
    ++checked;
    if (ok) return;
    if (failed++ == 0) first = what();
  }
  Finding finding(const std::string& what) const {
    if (failed == 0) return {true, fmt::format("{} cases checked: {}", checked, what)};
    return {false, fmt::format("{} of {} cases fail; first: {}", failed, checked, first)};
  }
};

// Compares the engine's value of p on graph spec with the paper's value.
void expect_value(Tally& t, const std::string& spec, const BlockingPosition& p, Game paper) {
  Game got = analyzer(spec).value(p);
  t.check(got == paper, [&] {
    return fmt::format("{} on {}: engine {}, paper {}", games::paper_notation(p), spec, got.str(), paper.str());
  });
}

// A pinned counterexample of docs/errata.md: the engine's value of p is the pinned value,
// and it differs from the paper's.
void expect_counterexample(Tally& t, const std::string& spec, const BlockingPosition& p, Game pinned, Game paper) {
  Game got = analyzer(spec).value(p);
  t.check(got == pinned && got != paper, [&] {
    return fmt::format("{} on {}: engine {}, pinned {}, paper {}", games::paper_notation(p), spec, got.str(),
                       pinned.str(), paper.str());
  });
}

// ---------------------------------------------------------------- Section 3, journal

Finding theorem31(const RunOptions& o) {
  Tally t;
  const int top = o.deep ? 150 : 30;
  expect_value(t, "u>v", br({{0, 0}, {0, 0}}), n(0));
  for (int k = 1; k <= top; ++k) {
    expect_value(t, "u>v", br({{2 * k, 1}, {0, 0}}), n(k));
    expect_value(t, "u>v", br({{1, 2 * k}, {0, 0}}), n(-k));
  }
  return t.finding("values k and -k");
}

// The down example: out-star, blue on v1, red and green on v2.
const BlockingPosition kDownExample{{0, 0, 0}, {1, 0, 0}, {0, 1, 1}};

Finding down_example(const RunOptions&) {
  Tally t;
  Game star = Game::nimber(1);
  expect_value(t, "OutStar2", kDownExample, Game::from_options({star}, {Game(), star}));
  expect_value(t, "OutStar2", kDownExample, Game::up(-1));
  return t.finding("value {*|0,*} and v");
}

Finding down_example_options(const RunOptions&) {
  Tally t;
  auto m = analyzer("OutStar2").moves(kDownExample);
  Game star = Game::nimber(1);
  for (const auto& o : m.left) t.check(o.value == star, [&] { return "Left " + o.move + " gives " + o.value.str(); });
  for (const auto& o : m.right) {
    // The paper: moving the green alone gives *, anything with the red gives 0.
    const bool red_moves = o.move.find("red") != std::string::npos;
    Game paper = red_moves ? Game() : star;
    t.check(o.value == paper, [&] { return "Right " + o.move + " gives " + o.value.str() + ", paper " + paper.str(); });
  }
  return t.finding("option values");
}

// The correction: Left's moves give *; Right's give * (green alone), * (red alone), 0 (red and green).
Finding down_example_options_corrected(const RunOptions&) {
  Tally t;
  auto m = analyzer("OutStar2").moves(kDownExample);
  Game star = Game::nimber(1);
  t.check(m.left.size() == 2 && m.right.size() == 3, [&] {
    return fmt::format("{} Left and {} Right moves, not 2 and 3", m.left.size(), m.right.size());
  });
  for (const auto& o : m.left) t.check(o.value == star, [&] { return "Left " + o.move + " gives " + o.value.str(); });
  for (const auto& o : m.right) {
    const bool both = o.move.find("red") != std::string::npos && o.move.find("green") != std::string::npos;
    Game corrected = both ? Game() : star;
    t.check(o.value == corrected,
            [&] { return "Right " + o.move + " gives " + o.value.str() + ", corrected " + corrected.str(); });
  }
  return t.finding("option values: Left *, *; Right * (green), * (red), 0 (red and green)");
}

// ---------------------------------------------------------------- Lemma 3.2, out-star K_{1,2}
// OutStar2, [(centre), [leaf 1], [leaf 2]].
const std::string kOutStar = "OutStar2";

Finding lemma32_1(const RunOptions&) {
  Tally stated, proof;
  for (int a = 1; a <= 6; ++a)
    for (int b = 0; b <= 6; ++b)
      for (int c = 1; c <= 3; ++c) {
        Game paper = a == 1 ? n(-floor_half(b)) : sw(floor_half(a) - 1, floor_half(a - b) + 1);
        expect_value(stated, kOutStar, br({{a, b}, {0, c}, {0, 0}}), paper);
        expect_value(proof, kOutStar, br({{a, b}, {c, 0}, {0, 0}}), paper);
      }
  Finding f = stated.finding("as stated");
  Finding p = proof.finding("as in the proof");
  return Finding{f.holds, "as stated: " + f.detail + ". Proof's reading [(a,b),[c,0],[0,0]]: " + p.detail};
}

Finding lemma32_2(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 3; ++c)
        for (int d = 1; d <= 3; ++d) expect_value(t, kOutStar, br({{a, b}, {c, 0}, {0, d}}), n(floor_half(a - b)));
  return t.finding("values floor((a-b)/2)");
}

Finding lemma32_1_counterexamples(const RunOptions&) {
  Tally t;
  const Game half_game = half(1);
  expect_counterexample(t, kOutStar, br({{3, 3}, {0, 1}, {0, 0}}), half(-1), half_game);
  expect_counterexample(t, kOutStar, br({{2, 2}, {0, 1}, {0, 0}}), n(-1), half_game);
  expect_counterexample(t, kOutStar, br({{1, 2}, {1, 0}, {0, 0}}), n(0), n(-1));
  expect_counterexample(t, kOutStar, br({{2, 1}, {1, 0}, {0, 0}}), n(1), half_game);
  return t.finding("pinned counterexamples, each differing from the formula");
}

Finding lemma32_2_counterexample(const RunOptions&) {
  Tally t;
  expect_counterexample(t, kOutStar, br({{1, 2}, {1, 0}, {0, 1}}), n(0), n(-1));
  return t.finding("pinned counterexample, differing from floor((a-b)/2) = -1");
}

Finding lemma32_3(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 3; ++c)
        for (int d = 1; d <= 3; ++d)
          for (int e = 1; e <= 3; ++e) expect_value(t, kOutStar, br({{a, b}, {c, 0}, {d, e}}), n(floor_half(a - 1)));
  return t.finding("values floor((a-1)/2)");
}

Finding lemma32_4(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 4; ++a)
    for (int b = 1; b <= 4; ++b)
      for (int c = 1; c <= 4; ++c)
        for (int d = 1; d <= 4; ++d)
          expect_value(t, kOutStar, br({{0, 0}, {a, b}, {c, d}}), sw(a + c - 1, -(b + d - 1)));
  return t.finding("switches");
}

Finding lemma32_5(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 5; ++a)
    for (int b = 1; b <= 5; ++b)
      for (int c = 1; c <= 5; ++c)
        expect_value(t, kOutStar, br({{0, 0}, {a, b}, {0, c}}), sw(a - 1, -(3 * (b + c) - 5)));
  return t.finding("switches");
}

Finding lemma32_6(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) expect_value(t, kOutStar, br({{0, 0}, {a, b}, {0, 0}}), sw(3 * a - 5, -(3 * b - 5)));
  return t.finding("switches");
}

// The correction: {3a-5 | -(3b-5)} with Left's 3a-5 read as 0 when a = 1, Right's -(3b-5) as 0 when b = 1.
Finding lemma32_6_corrected(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      expect_value(t, kOutStar, br({{0, 0}, {a, b}, {0, 0}}), sw(a == 1 ? 0 : 3 * a - 5, b == 1 ? 0 : -(3 * b - 5)));
  return t.finding("switches {L | R}, L = 3a-5 (0 if a = 1), R = -(3b-5) (0 if b = 1)");
}

Finding lemma32_7(const RunOptions&) {
  Tally t;
  for (int b = 1; b <= 20; ++b) {
    expect_value(t, kOutStar, br({{1, 0}, {0, b}, {0, 0}}), n(0));
    expect_value(t, kOutStar, br({{2, 0}, {0, b}, {0, 0}}), n(0));
  }
  return t.finding("zero positions");
}

// ---------------------------------------------------------------- Lemma 3.4, Theorem 3.3: transitive triple T3
const std::string kTriple = "T3";

void triple(Tally& t, const std::vector<std::pair<int, int>>& p, Game paper) { expect_value(t, kTriple, br(p), paper); }

// Each part of Lemma 3.4 states the value of one family at (j, k, l); it checks the cases it covers.
void l34_1(Tally& t, int j, int k, int) {
  if (j >= 1 || k >= 1) triple(t, {{1, 0}, {0, j}, {0, k}}, n(-3 * k - 2 * j + 2));
}
void l34_2(Tally& t, int j, int k, int) {
  if (j >= 1 && k >= 1) triple(t, {{0, j}, {1, 0}, {0, k}}, n(-3 * k - 2 * j + 3));
}
void l34_3(Tally& t, int, int k, int) {
  if (k >= 1) triple(t, {{0, 0}, {1, 0}, {0, k}}, k >= 2 ? n(-3 * k + 3) : half(-1));
}
void l34_4(Tally& t, int j, int, int) {
  if (j >= 1) triple(t, {{0, j}, {1, 0}, {0, 0}}, j >= 2 ? n(-2 * j + 3) : n(0));
}
void l34_5(Tally& t, int j, int k, int) {
  if (j >= 1 && k >= 1) triple(t, {{0, j}, {0, k}, {1, 0}}, n(-3 * k - 2 * j + 4));
}
void l34_6(Tally& t, int j, int, int) {
  if (j >= 1) triple(t, {{0, j}, {0, 0}, {1, 0}}, j >= 2 ? n(-2 * j + 4) : n(1));
}
void l34_7(Tally& t, int, int k, int) {
  if (k >= 1) triple(t, {{0, 0}, {0, k}, {1, 0}}, k >= 2 ? sw(-2 * k + 2, -3 * k + 5) : half(1));
}
void l34_8(Tally& t, int j, int k, int) {
  if (j >= 1 && k >= 1)
    triple(t, {{0, 0}, {0, j}, {1, k}}, j >= 2 ? sw(-3 * k - 2 * j + 2, -4 * k - 3 * j + 5) : sw(-3L * k, -4 * k + 3));
}
void l34_9(Tally& t, int j, int k, int) {
  if (j >= 1 && k >= 1) triple(t, {{0, j}, {0, 0}, {1, k}}, sw(-3 * k - 2 * j + 3, -4 * k - 2 * j + 5));
}
void l34_10(Tally& t, int j, int k, int l) {
  if (j >= 1 && k >= 1 && l >= 1) triple(t, {{0, l}, {0, j}, {1, k}}, n(-4 * k - 3 * j - 2 * l + 4));
}

using L34Part = void (*)(Tally&, int, int, int);

// Runs a part over j, k = 0..12 (deep 0..24), or j, k, l = 0..8 (deep 0..12) when three.
template <L34Part part, bool three = false>
Finding lemma34(const RunOptions& o) {
  Tally t;
  const int top = three ? (o.deep ? 12 : 8) : (o.deep ? 24 : 12);
  for (int j = 0; j <= top; ++j)
    for (int k = 0; k <= top; ++k)
      for (int l = 0; l <= (three ? top : 0); ++l) part(t, j, k, l);
  return t.finding("values");
}

Finding theorem33(const RunOptions& o) {
  Tally t;
  const int top = o.deep ? 40 : 20;
  for (int k = 2; k <= top; ++k) {
    Game tiny = Game::from_options({Game()}, {Game::from_options({Game()}, {n(-(k - 4))})});
    triple(t, {{0, 0}, {0, 0}, {1, k}}, n(3 - 3 * k) + tiny);
  }
  return t.finding("values");
}

Game shifted(long x, long y) { return n(x) + sw(0, y); }  // x + {0 | y}

Finding theorem33_proof(const RunOptions&) {
  Tally t;
  auto& a = analyzer(kTriple);
  for (int k = 2; k <= 12; ++k) {
    auto m = a.moves(br({{0, 0}, {0, 0}, {1, k}}));
    for (const auto& o : m.left) {
      // The blue pebble goes to the source (-3k+2, Lemma 3.4 (1)) or the middle (-3k+3, (3)).
      Game paper = o.result[0].blue == 1 ? n(-3 * k + 2) : n(-3 * k + 3);
      t.check(o.value == paper,
              [&] { return fmt::format("k={} Left {}: engine {}, paper {}", k, o.move, o.value.str(), paper.str()); });
    }
    std::optional<Game> best_move;
    for (const auto& o : m.right) {
      const int l = o.result[0].red, j = o.result[1].red;
      Game paper = l > 0 ? (l < k ? shifted(-3 * k + l + 3, -k + l + 2) : n(-2 * k + 4))
                         : (j == 1 ? shifted(-3 * k + 3, -k + 4)
                                   : j < k ? shifted(-3 * k + j + 2, -k + 3) : shifted(-2 * k + 2, -k + 3));
      t.check(o.value == paper,
              [&] { return fmt::format("k={} Right {}: engine {}, paper {}", k, o.move, o.value.str(), paper.str()); });
      if (l == 0 && j == 1) best_move = o.value;
    }
    for (const auto& o : m.right)
      t.check(best_move && *best_move <= o.value, [&] {
        return fmt::format("k={}: Right's move to [[0,0],[0,1],[1,k-1]] is not <= {} ({})", k, o.move, o.value.str());
      });
  }
  return t.finding("options and Right's best move");
}

Finding value_table(const RunOptions&) {
  Tally t;
  expect_value(t, kTriple, br({{1, 0}, {2, 4}, {0, 0}}), Game::parse("1/4"));
  expect_value(t, kTriple, br({{3, 1}, {0, 0}, {0, 1}}), Game::parse("1/2"));
  expect_value(t, kTriple, br({{2, 3}, {0, 0}, {1, 0}}), Game::parse("3/4"));
  expect_value(t, kTriple, br({{4, 4}, {0, 0}, {0, 0}}), Game::parse("+-1/2"));
  expect_value(t, kTriple, br({{3, 5}, {0, 0}, {1, 0}}), Game::parse("^*"));
  expect_value(t, kTriple, br({{3, 5}, {2, 0}, {0, 0}}), Game::parse("^[2]*"));
  expect_value(t, "DP3", br({{0, 0}, {2, 2}, {0, 0}}), Game::parse("*2"));
  return t.finding("rows");
}

// ---------------------------------------------------------------- Section 3.1: green only
std::uint64_t nim_sum_of(const std::vector<int>& heaps, size_t from, size_t step) {
  std::uint64_t x = 0;
  for (size_t i = from; i < heaps.size(); i += step) x ^= static_cast<std::uint64_t>(heaps[i]);
  return x;
}

// Calls f on every vector of `len` counts, each in 0..max, with sum <= max_total.
void for_each_counts(int len, int max, int max_total, const std::function<void(const std::vector<int>&)>& f) {
  std::vector<int> c(len, 0);
  std::function<void(int, int)> rec = [&](int i, int left) {
    if (i == len) {
      f(c);
      return;
    }
    for (c[i] = 0; c[i] <= std::min(max, left); ++c[i]) rec(i + 1, left - c[i]);
    c[i] = 0;
  };
  rec(0, max_total);
}

// A random oriented tree on n vertices: vertex v attaches to a random earlier vertex,
// the arc pointing either way.
graph::Graph random_oriented_tree(int n, std::mt19937& rng) {
  graph::Graph t(n, true);
  for (int v = 1; v < n; ++v) {
    int u = static_cast<int>(rng() % static_cast<unsigned>(v));
    if (rng() % 2) t.add_edge(u, v);
    else t.add_edge(v, u);
  }
  return t;
}


Finding theorem35(const RunOptions&) {
  Tally t;
  for (int leaves = 1; leaves <= 4; ++leaves) {
    std::string spec = fmt::format("InStar{}", leaves);
    for_each_counts(leaves + 1, 5, 10, [&](const std::vector<int>& g) {
      expect_value(t, spec, green(g), Game::nimber(static_cast<cgt::Grundy>(g[0])));
    });
  }
  return t.finding("nimbers");
}

Finding theorem36(const RunOptions&) {
  Tally t;
  for (int leaves = 1; leaves <= 4; ++leaves) {
    std::string spec = fmt::format("OutStar{}", leaves);
    for_each_counts(leaves + 1, 5, 10,
                    [&](const std::vector<int>& g) { expect_value(t, spec, green(g), Game::nimber(nim_sum_of(g, 1, 1))); });
  }
  return t.finding("nimbers");
}

Finding theorem37(const RunOptions&) {
  Tally t;
  for (int len = 1; len <= 7; ++len) {
    std::string spec = fmt::format("DP{}", len);
    for_each_counts(len, 4, 9,
                    [&](const std::vector<int>& g) { expect_value(t, spec, green(g), Game::nimber(nim_sum_of(g, 1, 2))); });
  }
  return t.finding("nimbers");
}

// The value of green pebbles p on the tree T and on D(T) (Construction 3.8).
void compare_tree_and_d(Tally& t, const graph::Graph& tree, const BlockingPosition& p) {
  auto red = games::reduce_tree(tree);
  BlockingAnalyzer on_tree(tree);
  BlockingAnalyzer on_d(red.reduced);
  Game vt = on_tree.value(p), vd = on_d.value(games::reduce_position(red, p));
  t.check(vt == vd, [&] {
    return fmt::format("T = {} with pebbles {}: value {} on T but {} on D(T) = {}", tree.to_spec(),
                       on_tree.rules().format(p), vt.str(), vd.str(), red.reduced.to_spec());
  });
}

Finding proposition39(const RunOptions& o) {
  Tally t;
  compare_tree_and_d(t, graph::parse_graph("0>1,1>2,2>3,4>2"), green({0, 0, 0, 1, 0}));
  std::mt19937 rng(2026);
  const int trees = o.deep ? 2000 : 300;
  for (int i = 0; i < trees; ++i) {
    int size = 2 + static_cast<int>(rng() % 6);
    auto tree = random_oriented_tree(size, rng);
    for (int j = 0; j < 4; ++j) {
      std::vector<int> g(size, 0);
      int total = static_cast<int>(rng() % 7);
      for (int k = 0; k < total; ++k) ++g[rng() % static_cast<unsigned>(size)];
      compare_tree_and_d(t, tree, green(g));
    }
  }
  return t.finding("trees");
}

// The pinned counterexample: T = 0>1>2>3, 4>2 with one green pebble on 3 is 0 on T and * on D(T).
Finding proposition39_counterexample(const RunOptions&) {
  const auto tree = graph::parse_graph("0>1,1>2,2>3,4>2");
  const auto p = green({0, 0, 0, 1, 0});
  auto red = games::reduce_tree(tree);
  Game on_tree = BlockingAnalyzer(tree).value(p);
  Game on_d = BlockingAnalyzer(red.reduced).value(games::reduce_position(red, p));
  return {on_tree == Game() && on_d == Game::nimber(1),
          fmt::format("value {} on T, {} on D(T) = {}", on_tree.str(), on_d.str(), red.reduced.to_spec())};
}

Finding theorem310(const RunOptions&) {
  Tally t;
  auto& a = analyzer(kTriple);
  for_each_counts(3, 10, 18, [&](const std::vector<int>& g) {
    bool p = a.value(green(g)).outcome() == cgt::Outcome::P;
    t.check(p == (g[1] == g[2]),
            [&] { return fmt::format("({},{},{}): engine says {}a P-position", g[0], g[1], g[2], p ? "" : "not "); });
  });
  return t.finding("positions");
}

Finding theorem311(const RunOptions&) {
  Tally t;
  for (int size = 1; size <= 9; ++size) {
    BlockingPosition p(size);
    p[size - 1].green = 1;
    expect_value(t, fmt::format("T{}", size), p, Game::nimber(static_cast<cgt::Grundy>(size)));
  }
  return t.finding("tournaments");
}

// The correction: the heap has size n-1.
Finding theorem311_corrected(const RunOptions&) {
  Tally t;
  for (int size = 1; size <= 9; ++size) {
    BlockingPosition p(size);
    p[size - 1].green = 1;
    expect_value(t, fmt::format("T{}", size), p, Game::nimber(static_cast<cgt::Grundy>(size - 1)));
  }
  return t.finding("tournaments T1..T9: *(n-1)");
}

// ---------------------------------------------------------------- seed 001 (conference)
// The out-star results (Theorem 3.2) on out-stars with 2 and 3 leaves.
struct Star {
  int bc, rc;
  std::vector<std::pair<int, int>> leaves;
  int bl() const {
    int s = 0;
    for (auto [b, r] : leaves) s += b;
    return s;
  }
  int rl() const {
    int s = 0;
    for (auto [b, r] : leaves) s += r;
    return s;
  }
  bool disjoint() const {  // no leaf holds both colours
    for (auto [b, r] : leaves)
      if (b > 0 && r > 0) return false;
    return true;
  }
  BlockingPosition position() const {
    BlockingPosition p{{bc, rc, 0}};
    for (auto [b, r] : leaves) p.push_back({b, r, 0});
    return p;
  }
};

// Each part of Theorem 3.2: the paper's value of a star, or nullopt when the part does not cover it.
std::optional<Game> t32_1(const Star& s) {  // only blue pebbles (at least one)
  if (s.rc || s.rl() || s.bc + s.bl() == 0) return std::nullopt;
  return n(3 * s.bl() - 2 + 2 * s.bc);
}
std::optional<Game> t32_2(const Star& s) {  // blue, no red, on the centre; blue and red on different leaves
  if (s.bc < 1 || s.rc || s.bl() < 1 || s.rl() < 1 || !s.disjoint()) return std::nullopt;
  return n(3 * s.bl() - 2 + 2 * (s.bc - 1));
}
std::optional<Game> t32_3(const Star& s) {  // empty centre, one blue and one red on the leaves
  if (s.bc || s.rc || s.bl() != 1 || s.rl() != 1) return std::nullopt;
  return Game::nimber(1);
}
std::optional<Game> t32_4(const Star& s) {  // empty centre, >= 2 blue, exactly one red on another leaf
  if (s.bc || s.rc || s.bl() < 2 || s.rl() != 1 || !s.disjoint()) return std::nullopt;
  return sw(3 * (s.bl() - 1) - 2, 0);
}
std::optional<Game> t32_5(const Star& s) {  // empty centre, >= 2 blue and >= 2 red on different leaves
  if (s.bc || s.rc || s.bl() < 2 || s.rl() < 2 || !s.disjoint()) return std::nullopt;
  return sw(3 * (s.bl() - 1) - 2, -(3 * (s.rl() - 1) - 2));
}

using StarFormula = std::optional<Game> (*)(const Star&);

// Every blue/red out-star position with 2 or 3 leaves and at most 7 pebbles that the part covers.
template <StarFormula paper>
Finding theorem32(const RunOptions&) {
  Tally t;
  for (int leaves = 2; leaves <= 3; ++leaves) {
    std::string spec = fmt::format("OutStar{}", leaves);
    for_each_counts(2 * (leaves + 1), 7, 7, [&](const std::vector<int>& c) {
      Star s{c[0], c[1], {}};
      for (std::size_t i = 2; i < c.size(); i += 2) s.leaves.push_back({c[i], c[i + 1]});  // after the centre's pair, one per leaf
      if (auto v = paper(s)) expect_value(t, spec, s.position(), *v);
    });
  }
  return t.finding("positions");
}

const std::string kInStar = "InStar2";  // [(centre), [leaf 1], [leaf 2]]

Finding theorem34_1(const RunOptions&) {
  Tally t;
  for (int leaves = 2; leaves <= 3; ++leaves) {
    std::string spec = fmt::format("InStar{}", leaves);
    for_each_counts(leaves + 1, 5, 9, [&](const std::vector<int>& b) {
      int bl = 0;
      for (int i = 1; i <= leaves; ++i) bl += b[i];
      if (b[0] < 1 || bl < 1) return;
      BlockingPosition p;
      for (int x : b) p.push_back({x, 0, 0});
      expect_value(t, spec, p, n(3 * b[0] + 2 * bl - 2));
    });
  }
  return t.finding("positions");
}

Finding theorem34_2(const RunOptions&) {
  Tally t;
  expect_value(t, kInStar, br({{0, 0}, {0, 1}, {1, 0}}), n(0));
  expect_value(t, kInStar, br({{0, 0}, {0, 2}, {2, 0}}), Game::nimber(1));
  return t.finding("positions");
}

Finding theorem34_3(const RunOptions&) {
  Tally t;
  for (int a = 2; a <= 14; ++a) expect_value(t, kInStar, br({{0, 0}, {a, 0}, {0, 1}}), n(2 * a - 2));
  return t.finding("values");
}

Finding theorem34_4(const RunOptions&) {
  Tally t;
  for (int a = 3; a <= 14; ++a) expect_value(t, kInStar, br({{0, 0}, {a, 0}, {0, 2}}), sw(2 * a - 6, 0));
  return t.finding("values");
}

Finding theorem34_5(const RunOptions&) {
  Tally t;
  for (int a = 3; a <= 9; ++a)
    for (int b = 3; b <= 9; ++b) expect_value(t, kInStar, br({{0, 0}, {a, 0}, {0, b}}), sw(2 * a - 6, -2 * b + 6));
  return t.finding("values");
}

Finding theorem34_6(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 5; ++a)
    for (int b = 1; b <= 5; ++b)
      for (int c = 2; c <= 6; ++c) expect_value(t, kInStar, br({{a, 0}, {b, 0}, {0, c}}), n(3 * a + 2 * b - 5));
  return t.finding("values");
}

const std::string kPath = "DP3";

Finding theorem35_1(const RunOptions&) {
  Tally t;
  for (int a = 0; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 1; c <= 6; ++c)
        expect_value(t, kPath, br({{a, 0}, {b, 0}, {0, c}}), a == 0 && b == 1 ? n(0) : n(2 * a + 3 * b - 5));
  return t.finding("values");
}

Finding theorem35_2(const RunOptions&) {
  Tally t;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b)
      for (int c = 0; c <= 6; ++c) {
        Game paper = b == 1 && c == 0 ? n(0) : a == 1 ? n(-2 * b - 3 * c + 2) : n(-2 * b - 3 * c + 4);
        expect_value(t, kPath, br({{a, 0}, {0, b}, {0, c}}), paper);
      }
  return t.finding("values");
}

Finding theorem35_3(const RunOptions&) {
  Tally t;
  for (int b = 1; b <= 9; ++b)
    for (int a = 1; a <= b; ++a) {
      Game paper = a == 1 ? n(-3 * b + 2) : a == 2 ? sw(0, -3 * b + 5) : sw(2 * a - 6, -3 * b + 5);
      expect_value(t, kPath, br({{a, 0}, {0, 0}, {0, b}}), paper);
    }
  return t.finding("values");
}

}  // namespace

void add_claims_001_002(std::vector<Claim>& out) {
  const std::string jk = "j, k = 0..12", jk_deep = "j, k = 0..24";
  const std::string star = "out-stars with 2 and 3 leaves, at most 7 pebbles";
  out.insert(out.end(), {
      // id, source, item, statement, range, deep range, erratum, check[, correction, its check]
      {"002.T3.1", "002", "Theorem 3.1",
       "For every k in Z there is a position in BLOCKING PEBBLES with value k (checked through the proof's witness: "
       "on one arc u>v, 2k blue and 1 red pebble on u is k, colours swapped -k)",
       "k = 0..30", "k = 0..150", "", theorem31},
      {"002.S3.down", "002", "Section 3, down example",
       "out-star u>v1, u>v2 with a blue pebble on v1, a red and a green on v2 has value {* | 0, *} = v",
       "that position", "", "", down_example},
      {"002.S3.down.options", "002", "Section 3, down example (options)",
       "there, Left's two moves give *, and Right's moves give * (green to u), 0 (red to u), 0 (red and green to u)",
       "that position", "", "002-section-3-down-example-the-red-pebble-alone", down_example_options,
       "Right's move of the red pebble alone to u gives *, not 0: Right's options are * (green), * (red), 0 (red and "
       "green); Left's two moves give *",
       down_example_options_corrected},

      {"002.L3.2.1", "002", "Lemma 3.2 (1)",
       "for c >= 1, [(a,b),[0,c],[0,0]] is -floor(b/2) if a = 1 and {floor(a/2)-1 | floor((a-b)/2)+1} if a >= 2",
       "a = 1..6, b = 0..6, c = 1..3 (also the proof's reading [(a,b),[c,0],[0,0]])", "",
       "002-lemma-32-1-and-2-discovered-moves", lemma32_1,
       "counterexamples: [(3,3),[0,1],[0,0]] = -1/2 and [(2,2),[0,1],[0,0]] = -1 (formula 1/2); in the proof's "
       "reading [(1,2),[1,0],[0,0]] = 0 (formula -1) and [(2,1),[1,0],[0,0]] = 1 (formula 1/2)",
       lemma32_1_counterexamples},
      {"002.L3.2.2", "002", "Lemma 3.2 (2)", "for a,b,c,d >= 1, [(a,b),[c,0],[0,d]] has value floor((a-b)/2)",
       "a, b = 1..6, c, d = 1..3", "", "002-lemma-32-1-and-2-discovered-moves", lemma32_2,
       "counterexample: [(1,2),[1,0],[0,1]] = 0 (formula floor((a-b)/2) = -1)", lemma32_2_counterexample},
      {"002.L3.2.3", "002", "Lemma 3.2 (3)", "for a,b,c,d,e >= 1, [(a,b),[c,0],[d,e]] has value floor((a-1)/2)",
       "a, b = 1..6, c, d, e = 1..3", "", "", lemma32_3},
      {"002.L3.2.4", "002", "Lemma 3.2 (4)", "for a,b,c,d >= 1, [(0,0),[a,b],[c,d]] has value {a+c-1 | -(b+d-1)}",
       "a, b, c, d = 1..4", "", "", lemma32_4},
      {"002.L3.2.5", "002", "Lemma 3.2 (5)", "for a,b,c >= 1, [(0,0),[a,b],[0,c]] has value {a-1 | -(3(b+c)-5)}",
       "a, b, c = 1..5", "", "", lemma32_5},
      {"002.L3.2.6", "002", "Lemma 3.2 (6)", "for a,b >= 1, [(0,0),[a,b],[0,0]] has value {3a-5 | -(3b-5)}",
       "a, b = 1..6", "", "002-lemma-32-6-fails-when-a-or-b-is-1", lemma32_6,
       "for a,b >= 1, [(0,0),[a,b],[0,0]] = {L | R} with L = 3a-5 if a >= 2, 0 if a = 1, and R = -(3b-5) if b >= 2, "
       "0 if b = 1",
       lemma32_6_corrected},
      {"002.L3.2.7", "002", "Lemma 3.2 (7)", "for b >= 1, [(1,0),[0,b],[0,0]] and [(2,0),[0,b],[0,0]] are 0",
       "b = 1..20", "", "", lemma32_7},

      {"002.L3.4.1", "002", "Lemma 3.4 (1)", "on the transitive triple, [[1,0],[0,j],[0,k]] has value -3k-2j+2 if j or k >= 1",
       jk, jk_deep, "", lemma34<l34_1>},
      {"002.L3.4.2", "002", "Lemma 3.4 (2)", "on the transitive triple, [[0,j],[1,0],[0,k]] has value -3k-2j+3 if j,k >= 1",
       jk, jk_deep, "", lemma34<l34_2>},
      {"002.L3.4.3", "002", "Lemma 3.4 (3)",
       "on the transitive triple, [[0,0],[1,0],[0,k]] has value -3k+3 if k >= 2 and -1/2 if k = 1", jk, jk_deep, "",
       lemma34<l34_3>},
      {"002.L3.4.4", "002", "Lemma 3.4 (4)",
       "on the transitive triple, [[0,j],[1,0],[0,0]] has value -2j+3 if j >= 2 and 0 if j = 1", jk, jk_deep, "",
       lemma34<l34_4>},
      {"002.L3.4.5", "002", "Lemma 3.4 (5)", "on the transitive triple, [[0,j],[0,k],[1,0]] has value -3k-2j+4 if j,k >= 1",
       jk, jk_deep, "", lemma34<l34_5>},
      {"002.L3.4.6", "002", "Lemma 3.4 (6)",
       "on the transitive triple, [[0,j],[0,0],[1,0]] has value -2j+4 if j >= 2 and 1 if j = 1", jk, jk_deep, "",
       lemma34<l34_6>},
      {"002.L3.4.7", "002", "Lemma 3.4 (7)",
       "on the transitive triple, [[0,0],[0,k],[1,0]] has value {-2k+2 | -3k+5} if k >= 2 and 1/2 if k = 1", jk,
       jk_deep, "", lemma34<l34_7>},
      {"002.L3.4.8", "002", "Lemma 3.4 (8)",
       "on the transitive triple, [[0,0],[0,j],[1,k]] has value {-3k-2j+2 | -4k-3j+5} if j >= 2, k >= 1, and "
       "{-3k | -4k+3} if j = 1, k >= 1",
       jk, jk_deep, "", lemma34<l34_8>},
      {"002.L3.4.9", "002", "Lemma 3.4 (9)",
       "on the transitive triple, [[0,j],[0,0],[1,k]] has value {-3k-2j+3 | -4k-2j+5} if j,k >= 1", jk, jk_deep, "",
       lemma34<l34_9>},
      {"002.L3.4.10", "002", "Lemma 3.4 (10)",
       "on the transitive triple, [[0,l],[0,j],[1,k]] has value -4k-3j-2l+4 if j,k,l >= 1", "j, k, l = 0..8",
       "j, k, l = 0..12", "", lemma34<l34_10, true>},
      {"002.T3.3", "002", "Theorem 3.3",
       "for k > 1, [[0,0],[0,0],[1,k]] on the transitive triple has value (3-3k) +_(k-4) = (3-3k) + {0 | {0 | -(k-4)}}",
       "k = 2..20", "k = 2..40", "", theorem33},
      {"002.T3.3.proof", "002", "Theorem 3.3 (the options in its proof)",
       "from [[0,0],[0,0],[1,k]]: Left's options are -3k+2 and -3k+3; Right's are [[0,l],[0,0],[1,k-l]] = "
       "(-3k+l+3)+{0|-k+l+2} (l<k), [[0,k],[0,0],[1,0]] = -2k+4, [[0,0],[0,j],[1,k-j]] = (-3k+j+2)+{0|-k+3} "
       "(1<j<k), (-3k+3)+{0|-k+4} (j=1), (-2k+2)+{0|-k+3} (j=k); the j=1 move is Right's best",
       "k = 2..12", "", "", theorem33_proof},
      {"002.table", "002", "Table of values (Section 3)",
       "T3: [[1,0],[2,4],[0,0]] = 1/4, [[3,1],[0,0],[0,1]] = 1/2, [[2,3],[0,0],[1,0]] = 3/4, [[4,4],[0,0],[0,0]] = "
       "+-1/2, [[3,5],[0,0],[1,0]] = ^*, [[3,5],[2,0],[0,0]] = ^[2]*; directed P3: [[0,0],[2,2],[0,0]] = *2",
       "the seven rows", "", "", value_table},

      {"002.T3.5", "002", "Theorem 3.5", "green in-star >g0, g1..gn< (g0 on the centre) has value *g0",
       "n = 1..4 leaves, each g_i <= 5, total <= 10", "", "", theorem35},
      {"002.T3.6", "002", "Theorem 3.6",
       "green out-star <g0, g1..gn> has value *(g1 xor ... xor gn), the nim-sum of the leaves",
       "n = 1..4 leaves, each g_i <= 5, total <= 10", "", "", theorem36},
      {"002.T3.7", "002", "Theorem 3.7", "green pebbles (g1..gn) on a path directed left to right: value *(g2 xor g4 xor ...)",
       "n = 1..7 vertices, each g_i <= 4, total <= 9", "", "", theorem37},
      {"002.P3.9", "002", "Proposition 3.9 (Construction 3.8)",
       "for any oriented tree T with green pebbles, the value on T equals the value on D(T) (sigma -> every vertex of O, "
       "O = vertices reached from a source by an odd directed path, arcs of T inside O)",
       "the 5-vertex tree 0>1>2>3, 4>2 with one pebble on 3; 300 random oriented trees on 2..7 vertices, 4 random "
       "positions each with <= 6 pebbles (seed 2026)",
       "also 2000 random trees", "002-proposition-39-dt-changes-the-value", proposition39,
       "counterexample: T = 0>1>2>3, 4>2 with one green pebble on 3 has value 0 on T and * on D(T)",
       proposition39_counterexample},
      {"002.T3.10", "002", "Theorem 3.10",
       "green pebbles g1 (source), g2 (middle), g3 (sink) on the transitive triple: a P-position iff g2 = g3",
       "each g_i <= 10, total <= 18", "", "", theorem310},
      {"002.T3.11", "002", "Theorem 3.11",
       "a single green pebble on the sink of the transitive tournament on n vertices is a nim heap of size n (*n)",
       "n = 1..9", "", "002-theorem-311-the-heap-has-size-n-1", theorem311,
       "the pebble is a nim heap of size n-1 (*(n-1); 0 for n = 1)", theorem311_corrected},

      {"001.T3.2.1", "001", "Theorem 3.2 (1) (out-stars)",
       "blue/red out-star: only blue pebbles (at least one): value 3 b_l - 2 + 2 b_c", star, "", "", theorem32<t32_1>},
      {"001.T3.2.2", "001", "Theorem 3.2 (2) (out-stars)",
       "blue/red out-star: blue but no red on the centre, blue on some leaves, red on other leaves: value 3 b_l - 2 + "
       "2(b_c - 1)",
       star, "", "", theorem32<t32_2>},
      {"001.T3.2.3", "001", "Theorem 3.2 (3) (out-stars)",
       "blue/red out-star: empty centre, exactly one blue and one red pebble on the leaves: value *", star, "", "",
       theorem32<t32_3>},
      {"001.T3.2.4", "001", "Theorem 3.2 (4) (out-stars)",
       "blue/red out-star: empty centre, >= 2 blue on some leaves, exactly one red on another leaf: value "
       "{3(b_l-1)-2 | 0}",
       star, "", "", theorem32<t32_4>},
      {"001.T3.2.5", "001", "Theorem 3.2 (5) (out-stars)",
       "blue/red out-star: empty centre, >= 2 blue and >= 2 red on different leaves: value {3(b_l-1)-2 | -(3(r_l-1)-2)}",
       star, "", "", theorem32<t32_5>},
      {"001.T3.4.1", "001", "Theorem 3.4 (1) (in-stars)",
       "in-star with >= 1 blue on the leaves, >= 1 blue on the centre, no red: value 3 b_c + 2 b_l - 2",
       "InStar2 and InStar3, each count <= 5", "", "", theorem34_1},
      {"001.T3.4.2", "001", "Theorem 3.4 (2) (in-stars)", "[(0,0),[0,1],[1,0]] = 0 and [(0,0),[0,2],[2,0]] = *",
       "those two positions", "", "", theorem34_2},
      {"001.T3.4.3", "001", "Theorem 3.4 (3) (in-stars)", "for a >= 2, [(0,0),[a,0],[0,1]] has value 2a-2", "a = 2..14",
       "", "", theorem34_3},
      {"001.T3.4.4", "001", "Theorem 3.4 (4) (in-stars)", "for a >= 3, [(0,0),[a,0],[0,2]] has value {2a-6 | 0}",
       "a = 3..14", "", "", theorem34_4},
      {"001.T3.4.5", "001", "Theorem 3.4 (5) (in-stars)", "for a, b >= 3, [(0,0),[a,0],[0,b]] has value {2a-6 | -2b+6}",
       "a, b = 3..9", "", "", theorem34_5},
      {"001.T3.4.6", "001", "Theorem 3.4 (6) (in-stars)", "for a, b >= 1, c >= 2, [(a,0),[b,0],[0,c]] has value 3a+2b-5",
       "a, b = 1..5, c = 2..6", "", "", theorem34_6},
      {"001.T3.5.1", "001", "Theorem 3.5 (1) (directed P3)",
       "for a >= 0, b, c >= 1, [[a,0],[b,0],[0,c]] is 0 if a = 0 and b = 1, else 2a+3b-5", "a = 0..6, b, c = 1..6", "",
       "", theorem35_1},
      {"001.T3.5.2", "001", "Theorem 3.5 (2) (directed P3)",
       "for a, b >= 1, c >= 0, [[a,0],[0,b],[0,c]] is 0 if b = 1 and c = 0, -2b-3c+2 if a = 1, else -2b-3c+4",
       "a, b = 1..6, c = 0..6", "", "", theorem35_2},
      {"001.T3.5.3", "001", "Theorem 3.5 (3) (directed P3)",
       "for b >= a >= 1, [[a,0],[0,0],[0,b]] is -3b+2 if a = 1, {0 | -3b+5} if a = 2, {2a-6 | -3b+5} otherwise",
       "1 <= a <= b <= 9", "", "", theorem35_3},
  });
}

}  // namespace cgtlab::claims
