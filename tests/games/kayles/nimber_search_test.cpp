// The outcome-search nimbers of Arc-Kayles and Node-Kayles against the exhaustive mex solver
// (KaylesSolver): every small grid, thousands of random graphs, both key kinds, 1 and 2 threads.
#include "games/kayles/nimber_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <tuple>

#include <unistd.h>

#include "games/kayles/solver.h"
#include "games/kayles/table_check.h"
#include "games/kayles/winning.h"
#include "graph/graph.h"
#include "util/error.h"
#include "../../util/sanitized.h"

using namespace cgtlab;
using games::VertexGame;

namespace {

graph::Graph grid(int r, int c) { return graph::parse_graph("Grid" + std::to_string(r) + "x" + std::to_string(c)); }

graph::Graph random_graph(std::mt19937_64& rng, int n, double p) {
  graph::Graph g(n, false);
  std::bernoulli_distribution edge(p);
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v)
      if (edge(rng)) g.add_edge(u, v);
  return g;
}

// Random induced subgraph of a grid: a Cram board with holes (vertex set renumbered).
graph::Graph holed_grid(std::mt19937_64& rng, int r, int c, double keep) {
  std::bernoulli_distribution k(keep);
  std::vector<int> id(static_cast<std::size_t>(r) * static_cast<std::size_t>(c), -1);
  int n = 0;
  for (int i = 0; i < r * c; ++i)
    if (k(rng)) id[i] = n++;
  graph::Graph g(n, false);
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j) {
      int v = id[i * c + j];
      if (v < 0) continue;
      if (j + 1 < c && id[i * c + j + 1] >= 0) g.add_edge(v, id[i * c + j + 1]);
      if (i + 1 < r && id[(i + 1) * c + j] >= 0) g.add_edge(v, id[(i + 1) * c + j]);
    }
  return g;
}

// Random small boards for the comparisons with the mex solver: holed 3x4..4x5 grids (even i) and
// random graphs of 4..15 vertices; fn(g, game, the mex solver's nimber, i) for both games.
template <class Fn>
void on_small_boards(std::uint64_t seed, int count, Fn&& fn) {
  std::mt19937_64 rng(seed);
  for (int i = 0; i < count; ++i) {
    const int n = 4 + static_cast<int>(rng() % 12);
    const double p = 0.15 + 0.05 * static_cast<double>(rng() % 6);
    auto g = i % 2 == 0 ? holed_grid(rng, 3 + static_cast<int>(rng() % 2), 4 + static_cast<int>(rng() % 2), 0.85)
                        : random_graph(rng, n, p);
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::KaylesSolver old(game);
      fn(g, game, old.grundy(g), i);
    }
  }
}

// Every grid up to 2x11, 3x7, 4x5, 5x5, both games: fn(g, game, the mex solver's nimber, a name).
// Returns the number of boards given to fn (29 grids, two games: 58).
template <class Fn>
int on_small_grids(Fn&& fn) {
  int boards = 0;
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
    for (int r = 1; r <= 5; ++r)
      for (int c = r; c <= (r <= 2 ? 11 : r == 3 ? 7 : 5); ++c) {
        auto g = grid(r, c);
        games::KaylesSolver old(game);
        fn(g, game, old.grundy(g),
           std::string(game == VertexGame::ArcKayles ? "Arc " : "Node ") + std::to_string(r) + "x" + std::to_string(c));
        ++boards;
      }
  return boards;
}

// The race at the root alone (no budgets): with rounds of 1 position nearly every root question
// is abandoned and asked again in the other order; the nimbers still agree with the mex solver,
// and the abandoned questions show the race was taken.
TEST(NimberSearch, RaceAloneKeepsTheNimber) {
  std::uint64_t abandoned = 0;
  for (int c = 6; c <= 10; ++c) {
    games::KaylesSolver old(VertexGame::ArcKayles);
    const auto expected = old.grundy(grid(3, c));
    games::NimberSearchOptions o;
    o.budget = 0;
    o.race = 1;
    const auto r = games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, o);
    EXPECT_EQ(r.nimber, expected) << c;
    abandoned += r.stats.budget_spent;
  }
  EXPECT_GT(abandoned, 0u);
}

}  // namespace

TEST(GridShape, RecognisesGridsOnly) {
  EXPECT_EQ(games::grid_shape(grid(3, 5)), std::make_pair(3, 5));
  EXPECT_EQ(games::grid_shape(grid(1, 4)), std::make_pair(1, 4));
  EXPECT_FALSE(games::grid_shape(graph::parse_graph("C4")).has_value());
  EXPECT_FALSE(games::grid_shape(graph::parse_graph("K2,3")).has_value());
}

TEST(NimberSearch, SmallGridsMatchTheMexSolver) {
  const int boards = on_small_grids([](const graph::Graph& g, VertexGame game, cgt::Grundy expected, const std::string& name) {
    for (bool grid_keys : {true, false})
      for (bool reductions : {true, false}) {
        games::NimberSearchOptions o;
        o.table_bytes = 1 << 20;
        o.grid_keys = grid_keys;
        o.reductions = reductions;
        EXPECT_EQ(games::kayles_nimber(g, game, o).nimber, expected)
            << name << " grid keys " << grid_keys << " reductions " << reductions;
      }
  });
  EXPECT_EQ(boards, 58);
}

TEST(NimberSearch, CramSymmetry) {
  // The symmetry strategy: even x even boards are P (nimber 0), even x odd boards are N.
  for (int r = 2; r <= 4; r += 2)
    for (int c = r; c <= 7; ++c) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 20;
      auto v = games::kayles_nimber(grid(r, c), VertexGame::ArcKayles, o).nimber;
      if (c % 2 == 0) EXPECT_EQ(v, 0u) << r << "x" << c;
      else EXPECT_NE(v, 0u) << r << "x" << c;
    }
}

// The outcome alone (one question "is the nimber 0?") against the mex solver: P exactly when the
// nimber is 0, the nimber known (0) only then; the winning moves are the options of nimber 0.
TEST(NimberSearch, OutcomeOnlyMatchesTheMexSolver) {
  int p_positions = 0, n_positions = 0;
  on_small_boards(4242, 600, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    games::NimberSearchOptions o;
    o.table_bytes = 1 << 20;
    o.outcome_only = true;
    o.winning_moves = i % 4 < 2;
    const auto r = games::kayles_nimber(g, game, o);
    EXPECT_EQ(r.p_position(), expected == 0) << g.to_spec();
    EXPECT_EQ(r.nimber_known, expected == 0) << g.to_spec();
    if (r.nimber_known) EXPECT_EQ(r.nimber, 0u);
    (expected == 0 ? p_positions : n_positions)++;
    if (o.winning_moves && expected != 0) {
      games::KaylesSolver old(game);
      const auto a = old.analyse(g);
      std::size_t winning = 0;
      for (const auto& m : a.moves) winning += m.option_grundy == 0;
      EXPECT_EQ(r.moves.size(), winning) << g.to_spec();
      for (const auto& m : r.moves) EXPECT_EQ(m.option_grundy, 0u);
    }
  });
  EXPECT_GT(p_positions, 50);
  EXPECT_GT(n_positions, 50);
  // Cram: an even x odd board is N, an even x even board P (the symmetry strategy, as a check).
  for (int c = 3; c <= 9; ++c) {
    games::NimberSearchOptions o;
    o.outcome_only = true;
    EXPECT_EQ(games::kayles_nimber(grid(2, c), VertexGame::ArcKayles, o).p_position(), c % 2 == 0) << c;
  }
}

// One question, "is the nimber v?" (NimberSearchOptions::is_nimber), for every v up to the nimber
// + 1 and one far above it, against the mex solver: yes exactly when v is the nimber; a nimber
// reported (v, or a smaller one the root met on the way) is the nimber; a "no" rules v out and
// never the nimber; the outcome it implies (0 ruled out) is right. One and two threads, tables
// small enough to replace entries; random graphs are often of several components, whose nim-sum
// x makes the last one be asked v ^ x.
TEST(NimberSearch, IsNimberMatchesTheMexSolver) {
  int yes = 0, met_smaller = 0, no = 0, no_outcome = 0;
  on_small_boards(777, 160, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    std::vector<int> asked;
    for (int v = 0; v <= static_cast<int>(expected) + 1; ++v) asked.push_back(v);
    asked.push_back(static_cast<int>(expected) + 5 + i % 7);
    for (const int v : asked) {
      games::NimberSearchOptions o;
      o.table_bytes = i % 3 == 0 ? 1 << 12 : 1 << 18;
      o.threads = 1 + (v + i) % 2;
      o.is_nimber = v;
      const auto r = games::kayles_nimber(g, game, o);
      const bool answer = r.nimber_known && r.nimber == static_cast<cgt::Grundy>(v);
      ASSERT_EQ(answer, static_cast<cgt::Grundy>(v) == expected) << g.to_spec() << " asked " << v;
      if (r.nimber_known) {
        ASSERT_EQ(r.nimber, expected) << g.to_spec() << " asked " << v;
        (answer ? yes : met_smaller)++;
        EXPECT_TRUE(r.moves.empty());
        continue;
      }
      ++no;
      EXPECT_TRUE((r.ruled_out >> v) & 1) << g.to_spec() << " asked " << v;
      if (expected < 64) EXPECT_FALSE((r.ruled_out >> expected) & 1) << g.to_spec() << " asked " << v;
      if (r.ruled_out & 1) {
        EXPECT_NE(expected, 0u);
        ++no_outcome;
      }
    }
  });
  EXPECT_GT(yes, 200);
  EXPECT_GT(met_smaller, 100);
  EXPECT_GT(no, 200);
  EXPECT_GT(no_outcome, 100);
}

TEST(NimberSearch, RandomGraphsMatchTheMexSolver) {
  std::mt19937_64 rng(17);
  int checked = 0;
  for (int i = 0; i < 1500; ++i) {
    const int n = 2 + static_cast<int>(rng() % 13);
    const double p = 0.1 + 0.05 * static_cast<double>(rng() % 8);
    auto g = i % 3 == 0 ? holed_grid(rng, 3 + static_cast<int>(rng() % 2), 5, 0.8) : random_graph(rng, n, p);
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::KaylesSolver old(game);
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 16;  // small: replacements happen
      ASSERT_EQ(games::kayles_nimber(g, game, o).nimber, old.grundy(g)) << g.to_spec();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3000);
}

// The front cache (NimberSearchOptions::front_bits): with none, 2 entries (nearly every new nimber
// replaces another, so colliding keys must be told apart by every word), 8 and 2^12, on both key
// kinds and packed entries, one and two threads, tables small enough to replace entries, every
// nimber is the mex solver's. And on Cram 4x9 and Node-Kayles 3x20 (fresh 1 GiB tables, no
// replacement) the positions stay the same, the cache answers more than two lookups per position,
// and without it it answers none.
TEST(NimberSearch, FrontCacheKeepsTheNimber) {
  int boards = 0;
  auto check = [&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, const std::string& name) {
    for (int bits : {0, 1, 3, 12}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 16;
      o.front_bits = bits;
      o.threads = 1 + boards % 2;
      o.grid_keys = boards % 3 != 1;
      o.wide_keys = boards % 4 == 2;
      ASSERT_EQ(games::kayles_nimber(g, game, o).nimber, truth) << name << " front bits " << bits;
    }
    ++boards;
  };
  on_small_grids([&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, const std::string& name) {
    check(g, game, truth, name);
  });
  on_small_boards(59, 150, [&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, int i) {
    check(g, game, truth, "board " + std::to_string(i) + " " + g.to_spec());
  });
  EXPECT_EQ(boards, 58 + 300);
  for (auto [game, r, c] : {std::tuple{VertexGame::ArcKayles, 4, 9}, {VertexGame::NodeKayles, 3, 20}}) {
    games::NimberSearchOptions o;
    o.front_bits = 0;
    const auto off = games::kayles_nimber(grid(r, c), game, o);
    o.front_bits = 12;
    const auto on = games::kayles_nimber(grid(r, c), game, o);
    EXPECT_EQ(off.stats.front_hits, 0u);
    EXPECT_EQ(on.nimber, off.nimber);
    EXPECT_EQ(on.nodes, off.nodes) << r << "x" << c;
    // Known components: each found once in the front or the table (table_hits counts only the
    // questions answered on entry, so compare with the positions: a few known per position).
    EXPECT_GT(on.stats.front_hits, 2 * on.nodes) << r << "x" << c;
  }
}

// Components keyed by their graph up to isomorphism (NimberSearchOptions::iso_keys): the nimbers
// of every small grid and of random graphs and holed grids against the mex solver, on 1 and 2
// threads and with a table small enough to replace entries; and the keys do merge entries (fewer
// positions on Cram 3x10 and 4x6, whose components come in many drawings of one graph).
TEST(NimberSearch, IsoKeysKeepTheNimber) {
  const int boards = on_small_grids([](const graph::Graph& g, VertexGame game, cgt::Grundy expected, const std::string& name) {
    for (int iso : {2, 6})
      for (bool grid_keys : {true, false}) {
        games::NimberSearchOptions o;
        o.table_bytes = 1 << 20;
        o.grid_keys = grid_keys;
        o.iso_keys = iso;
        EXPECT_EQ(games::kayles_nimber(g, game, o).nimber, expected) << name << " iso " << iso << " grid keys " << grid_keys;
      }
  });
  EXPECT_EQ(boards, 58);
  int checked = 0;
  on_small_boards(41, 600, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    games::NimberSearchOptions o;
    o.table_bytes = 1 << 16;
    o.iso_keys = 2 + i % 5;
    o.threads = 1 + i % 2;
    ASSERT_EQ(games::kayles_nimber(g, game, o).nimber, expected) << g.to_spec();
    ++checked;
  });
  EXPECT_EQ(checked, 1200);
  for (auto [r, c] : {std::pair{3, 10}, std::pair{4, 6}}) {
    games::NimberSearchOptions o;
    const auto plain = games::kayles_nimber(grid(r, c), VertexGame::ArcKayles, o);
    o.iso_keys = 8;
    const auto iso = games::kayles_nimber(grid(r, c), VertexGame::ArcKayles, o);
    EXPECT_EQ(iso.nimber, plain.nimber);
    EXPECT_LT(iso.nodes, plain.nodes) << r << "x" << c;
    EXPECT_LT(iso.table_entries, plain.table_entries) << r << "x" << c;
    EXPECT_NE(iso.key_kind.find("isomorphism"), std::string::npos);
  }
}

// The star and bridge simplifications (nimber_search.cpp) on shapes full of pendant cells:
// thin random trees and sparse random graphs, with and without the simplifications.
TEST(NimberSearch, StarAndBridgeReductionsKeepTheNimber) {
  std::mt19937_64 rng(1717);
  for (int i = 0; i < 1500; ++i) {
    const int n = 3 + static_cast<int>(rng() % 14);
    graph::Graph g(n, false);
    for (int v = 1; v < n; ++v) g.add_edge(v, static_cast<int>(rng() % v));  // a random tree
    if (i % 2)
      for (int e = 0; e < 2; ++e) {
        const int u = static_cast<int>(rng() % n), v = static_cast<int>(rng() % n);
        if (u != v && !g.has_edge(u, v)) g.add_edge(u, v);
      }
    games::KaylesSolver old(VertexGame::ArcKayles);
    const auto expected = old.grundy(g);
    for (bool reductions : {true, false}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 16;
      o.reductions = reductions;
      ASSERT_EQ(games::kayles_nimber(g, VertexGame::ArcKayles, o).nimber, expected) << g.to_spec() << " " << reductions;
    }
  }
  // Holed grids that are still recognised as grids use the grid (shift) form of the rules; the
  // whole board's search visits every kind of holed shape. Boards up to 3x8 against the mex solver.
  for (int c = 2; c <= 8; ++c) {
    games::KaylesSolver old(VertexGame::ArcKayles);
    games::NimberSearchOptions o;
    o.table_bytes = 1 << 20;
    EXPECT_EQ(games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, o).nimber, old.grundy(grid(3, c))) << c;
  }
}

// A random sparse graph (a random tree and `extra` more edges) on n vertices with `cycles` planted
// 4-cycles: two new vertices A and B joined to the same two vertices a and x (old or planted), so
// A-a-B-x is a 4-cycle whose A and B have no other neighbour, the 4-cycle rule's pattern (until a
// later cycle reuses A or B as its a or x). Vertex numbers are shuffled.
graph::Graph planted_four_cycles(std::mt19937_64& rng, int n, int extra, int cycles) {
  std::vector<std::pair<int, int>> edges;
  for (int v = 1; v < n; ++v) edges.emplace_back(v, static_cast<int>(rng() % v));
  for (int e = 0; e < extra; ++e) edges.emplace_back(static_cast<int>(rng() % n), static_cast<int>(rng() % n));
  int order = n;
  for (int c = 0; c < cycles; ++c) {
    const int a = static_cast<int>(rng() % order);
    int x = static_cast<int>(rng() % order);
    if (x == a) x = (a + 1) % order;
    for (int k = 0; k < 2; ++k) {
      edges.emplace_back(order, a);
      edges.emplace_back(order, x);
      ++order;
    }
  }
  std::vector<int> id(static_cast<std::size_t>(order));
  for (int v = 0; v < order; ++v) id[v] = v;
  std::shuffle(id.begin(), id.end(), rng);
  graph::Graph g(order, false);
  for (auto [u, v] : edges)
    if (u != v && !g.has_edge(id[u], id[v])) g.add_edge(id[u], id[v]);
  return g;
}

// The 4-cycle rule on graphs that are not grids (nimber_search.cpp, split_four_cycles): 800
// random sparse graphs with planted 4-cycles against the mex solver, searched with the rule and
// without it; the rule must change the search (other positions) on many of them. Then unions of
// such graphs of 65..128 vertices (two-word positions), against the nim-sum of the parts' mex
// nimbers.
TEST(FourCycleRule, GraphsKeepTheirNimbers) {
  std::mt19937_64 rng(4242);
  int changed = 0;
  for (int i = 0; i < 800; ++i) {
    const int cycles = 1 + static_cast<int>(rng() % 3);
    const int n = 3 + static_cast<int>(rng() % (14 - 2 * cycles));
    const auto g = planted_four_cycles(rng, n, static_cast<int>(rng() % 3), cycles);
    games::KaylesSolver old(VertexGame::ArcKayles);
    const auto expected = old.grundy(g);
    std::uint64_t nodes[2] = {0, 0};
    for (const bool rule : {false, true}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 16;
      o.four_cycles = rule;
      const auto r = games::kayles_nimber(g, VertexGame::ArcKayles, o);
      ASSERT_EQ(r.nimber, expected) << g.to_spec() << " rule " << rule;
      nodes[rule] = r.nodes;
    }
    changed += nodes[0] != nodes[1];
  }
  EXPECT_GT(changed, 100);
  for (int i = 0; i < 20; ++i) {
    std::vector<std::pair<int, int>> edges;
    int order = 0;
    cgt::Grundy expected = 0;
    while (order < 65 + static_cast<int>(rng() % 40)) {
      const auto part = planted_four_cycles(rng, 4 + static_cast<int>(rng() % 6), 1, 1 + static_cast<int>(rng() % 2));
      games::KaylesSolver old(VertexGame::ArcKayles);
      expected ^= old.grundy(part);
      for (auto [u, v] : part.edges()) edges.emplace_back(u + order, v + order);
      order += part.order();
    }
    graph::Graph g(order, false);
    for (auto [u, v] : edges) g.add_edge(u, v);
    for (const bool rule : {false, true}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 16;
      o.four_cycles = rule;
      EXPECT_EQ(games::kayles_nimber(g, VertexGame::ArcKayles, o).nimber, expected) << g.to_spec() << " rule " << rule;
    }
  }
}

// Boards large enough for both threads to fill the shared tables while the other reads them
// (3x13 crashed with two threads before the refutation table took the table's locks).
TEST(NimberSearch, TwoThreadsShareGrowingTables) {
  for (int c = 11; c <= 13; ++c) {
    games::NimberSearchOptions one, two;
    one.table_bytes = two.table_bytes = 1 << 20;
    two.threads = 2;
    EXPECT_EQ(games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, two).nimber,
              games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, one).nimber)
        << c;
  }
}

TEST(NimberSearch, TwoThreadsGiveTheSameNimbers) {
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
    for (int c = 4; c <= 9; ++c) {
      auto g = grid(3, c);
      games::NimberSearchOptions one, two;
      one.table_bytes = two.table_bytes = 1 << 20;
      two.threads = 2;
      EXPECT_EQ(games::kayles_nimber(g, game, one).nimber, games::kayles_nimber(g, game, two).nimber) << c;
    }
}

// The threads share the root's options (a shared cursor, idle threads helping busy ones, questions
// cancelled when another thread settles them) and the tables (seqlocks, growth at a rendezvous):
// every grid up to 2x12, 3x9, 4x6, 5x5 and 400 random graphs and holed grids, both games, with
// 2 and 3 threads, against the mex solver and one thread. The tables start at 4 KiB, so they
// grow many times while shared (the rendezvous), and the small bound makes entries be replaced.
// Under the sanitizers the first 100 random boards (with all 400 it took 346 s of an ASan run,
// docs/PERFORMANCE.md "Per-test times").
TEST(NimberSearch, SharedRootGivesTheNimbersOfOneThread) {
  std::vector<graph::Graph> boards;
  for (int r = 2; r <= 5; ++r)
    for (int c = r; c <= (r == 2 ? 12 : r == 3 ? 9 : r == 4 ? 6 : 5); ++c) boards.push_back(grid(r, c));
  std::mt19937_64 rng(31);
  const int randoms = test_support::sanitized_share(400, 4);
  for (int i = 0; i < randoms; ++i) {
    const int n = 12 + static_cast<int>(rng() % 9);
    boards.push_back(i % 2 == 0 ? holed_grid(rng, 3 + static_cast<int>(rng() % 2), 5 + static_cast<int>(rng() % 2), 0.85)
                                : random_graph(rng, n, 0.15 + 0.1 * static_cast<double>(rng() % 3)));
  }
  int searched = 0;
  for (std::size_t b = 0; b < boards.size(); ++b)
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      const auto& g = boards[b];
      games::KaylesSolver old(game);
      const auto truth = old.grundy(g);
      games::NimberSearchOptions one;
      one.table_bytes = 1 << 20;
      one.table_initial_bytes = 1 << 12;
      one.winning_moves = b % 2 == 0;  // each move's option asked "is it 0?" (shared when threads > 1)
      const auto single = games::kayles_nimber(g, game, one);
      ASSERT_EQ(single.nimber, truth) << g.to_spec();
      for (int threads : {2, 3}) {
        if (threads == 3 && b % 4 != 0) continue;
        games::NimberSearchOptions o = one;
        o.threads = threads;
        o.grid_keys = b % 3 != 0;
        const auto r = games::kayles_nimber(g, game, o);
        ASSERT_EQ(r.nimber, truth) << g.to_spec() << " threads " << threads;
        ASSERT_EQ(r.moves.size(), single.moves.size()) << g.to_spec() << " threads " << threads;
        for (std::size_t m = 0; m < r.moves.size(); ++m) EXPECT_EQ(r.moves[m].deleted, single.moves[m].deleted);
        // --outcome-only: candidate 0 alone, on the shared root.
        games::NimberSearchOptions out = o;
        out.outcome_only = true;
        out.winning_moves = false;
        const auto oc = games::kayles_nimber(g, game, out);
        ASSERT_EQ(oc.p_position(), truth == 0) << g.to_spec() << " threads " << threads << " outcome only";
        if (oc.nimber_known) EXPECT_EQ(oc.nimber, 0u);
        ASSERT_LE(r.stats.thread_positions.size(), static_cast<std::size_t>(threads));
        std::uint64_t sum = 0;
        for (auto p : r.stats.thread_positions) sum += p;
        EXPECT_EQ(sum, r.nodes) << g.to_spec();
        ++searched;
      }
    }
  EXPECT_GT(searched, test_support::sanitized_share(1000, 4));
}

// Big enough for the threads to share many root options: the answer of one thread, the table
// grown while shared, every thread's positions counted.
TEST(NimberSearch, SharedRootOnLargerBoards) {
  for (auto [r, c] : {std::pair{3, 12}, {4, 8}, {5, 6}})
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::NimberSearchOptions one;
      one.table_initial_bytes = 1 << 12;
      const auto single = games::kayles_nimber(grid(r, c), game, one);
      games::NimberSearchOptions two = one;
      two.threads = 2;
      const auto both = games::kayles_nimber(grid(r, c), game, two);
      EXPECT_EQ(both.nimber, single.nimber) << r << "x" << c;
      ASSERT_EQ(both.stats.thread_positions.size(), 2u);
      EXPECT_GT(both.stats.shared_questions, 0u) << r << "x" << c;
    }
}

TEST(NimberSearch, TableFileRoundTripAndResume) {
  const auto path = std::filesystem::temp_directory_path() / ("cgtlab_tt_test_" + std::to_string(::getpid()) + ".tt");
  std::filesystem::remove(path);
  games::NimberSearchOptions o;
  o.table_bytes = 1 << 20;
  o.table_file = path.string();
  auto first = games::kayles_nimber(grid(3, 7), VertexGame::ArcKayles, o);
  ASSERT_TRUE(std::filesystem::exists(path));
  auto second = games::kayles_nimber(grid(3, 7), VertexGame::ArcKayles, o);
  EXPECT_EQ(first.nimber, second.nimber);
  EXPECT_GT(second.loaded_entries, 0u);
  EXPECT_LT(second.nodes, first.nodes);  // resumed: the root is already in the table
  // An interrupted run throws CapReached and leaves a table to resume from.
  std::atomic<bool> stop{true};
  std::filesystem::remove(path);
  o.interrupt = &stop;
  EXPECT_THROW(games::kayles_nimber(grid(4, 7), VertexGame::ArcKayles, o), CapReached);  // 15 k positions
  std::filesystem::remove(path);
}

// Stored refutations ("the nimber is not v") narrow later questions: every mode (off, observe,
// use) against the mex solver on random graphs and holed grids, with tables so small that both
// the nimber table and the refutation table replace entries all the time.
TEST(NimberSearch, RefutationsKeepTheNimber) {
  // The paths that use refutations to narrow a search (candidates from a lower bound, one value
  // asked of every option first) must be exercised by these comparisons.
  std::uint64_t raised_lower = 0, single_first = 0;
  on_small_boards(1718, 1200, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    for (int mode = 0; mode < 3; ++mode) {
      games::NimberSearchOptions o;
      o.table_bytes = i % 3 == 0 ? 1 << 10 : 1 << 16;
      o.refutations = mode == 2;
      o.refutations_observe = mode == 1;
      if (i % 2) o.ascending_depth = -1;  // r of every option first (the search before ascending values)
      const auto r = games::kayles_nimber(g, game, o);
      ASSERT_EQ(r.nimber, expected) << g.to_spec() << " mode " << mode;
      raised_lower += r.stats.raised_lower;
      single_first += r.stats.single_first;
      if (mode != 2) EXPECT_EQ(r.stats.raised_lower + r.stats.single_first, 0u);
    }
  });
  EXPECT_GT(raised_lower, 0u);
  EXPECT_GT(single_first, 0u);
  // Whole boards (grid shape keys, every holed shape of the board visited) with 1 and 2 threads.
  for (int c = 3; c <= 8; ++c) {
    games::KaylesSolver old(VertexGame::ArcKayles);
    const auto expected = old.grundy(grid(3, c));
    for (int threads : {1, 2}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 14;
      o.threads = threads;
      EXPECT_EQ(games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, o).nimber, expected) << c << " " << threads;
    }
  }
}

// Refutations of the values 8..15 (kept under a spare key bit, NimberSearchOptions::
// refutation_values 16) answer the same as without them (8) and as the mex solver: random trees
// and paths of 20..44 vertices (sparse graphs of long components, where options of nimbers 8 and
// more are asked about) and holed 4x7 grids, both games, with tables so small that entries
// (high ones among them) are replaced all the time. The high refutations must answer some
// questions, and none without them.
TEST(NimberSearch, HighRefutationsKeepTheNimber) {
  std::mt19937_64 rng(4242);
  std::uint64_t high_hits = 0;
  for (int i = 0; i < 40; ++i) {
    const graph::Graph g = [&] {
      if (i % 4 == 3) return holed_grid(rng, 4, 7, 0.8);
      const int n = 20 + static_cast<int>(rng() % 25);
      graph::Graph t(n, false);
      for (int v = 1; v < n; ++v) t.add_edge(v, i % 4 == 0 ? v - 1 : static_cast<int>(rng() % static_cast<std::uint64_t>(v)));
      return t;
    }();
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::KaylesSolver old(game);
      const cgt::Grundy expected = old.grundy(g);
      for (int values : {8, 16}) {
        games::NimberSearchOptions o;
        o.table_bytes = i % 2 ? 1 << 12 : 1 << 16;
        o.refutation_values = values;
        const auto r = games::kayles_nimber(g, game, o);
        ASSERT_EQ(r.nimber, expected) << g.to_spec() << " values " << values;
        EXPECT_EQ(r.high_refutations, values == 16) << g.to_spec();
        if (values == 8) EXPECT_EQ(r.stats.refutation_high, 0u);
        high_hits += r.stats.refutation_high;
      }
    }
  }
  EXPECT_GT(high_hits, 0u);
}

// The high refutations go to FILE.refutations-high (game "... refutations-high", the mark
// cleared) and come back on resuming: a resumed run reads as many refutations as were saved,
// and finds the nimber again at once. Boards with no spare key bit keep none.
TEST(NimberSearch, HighRefutationsAreSavedApartAndResumed) {
  const auto path = std::filesystem::temp_directory_path() / "cgtlab-high-refutations.tt";
  for (const char* suffix : {"", ".refutations", ".refutations-high"}) std::filesystem::remove(path.string() + suffix);
  const graph::Graph g = graph::parse_graph("P44");
  games::NimberSearchOptions o;
  o.table_file = path.string();
  const auto first = games::kayles_nimber(g, VertexGame::NodeKayles, o);
  ASSERT_TRUE(first.high_refutations);
  ASSERT_TRUE(std::filesystem::exists(path.string() + ".refutations-high"));
  {
    std::ifstream in(path.string() + ".refutations-high", std::ios::binary);
    std::string line;
    std::getline(in, line);
    std::getline(in, line);
    std::getline(in, line);
    EXPECT_EQ(line, "game nodekayles grid-shape refutations-high");  // (a path is the grid 1x44)
    std::getline(in, line);
    const std::uint64_t entries = std::stoull(line.substr(std::string("entries ").size()));
    EXPECT_GT(entries, 0u);
    // Every record's key is a shape of the path's cells (0..43; the row length at bits 50..55; the
    // mark, bit 49, cleared).
    std::vector<std::uint64_t> rec(static_cast<std::size_t>(first.table_entry_bytes / 8));
    for (std::uint64_t k = 0; k < entries; ++k) {
      in.read(reinterpret_cast<char*>(rec.data()), static_cast<std::streamsize>(rec.size() * 8));
      ASSERT_TRUE(in.good());
      const std::uint64_t last = rec.back() & ~(std::uint64_t{0xff} << 56);
      EXPECT_EQ((last >> 44) & 63, 0u) << k;
    }
  }
  const auto again = games::kayles_nimber(g, VertexGame::NodeKayles, o);
  EXPECT_EQ(again.nimber, first.nimber);
  EXPECT_GT(again.loaded_refutations, 0u);
  EXPECT_EQ(again.nodes, 0u);
  for (const char* suffix : {"", ".refutations", ".refutations-high"}) std::filesystem::remove(path.string() + suffix);
  // No spare bit: P52's keys of one word hold cells 0..51 (49 is a cell), P58's are packed (a
  // layout of 64 bits); P100's keys of two words have one.
  o.table_file.clear();
  EXPECT_FALSE(games::kayles_nimber(graph::parse_graph("P52"), VertexGame::NodeKayles, o).high_refutations);
  EXPECT_FALSE(games::kayles_nimber(graph::parse_graph("P58"), VertexGame::NodeKayles, o).high_refutations);
  EXPECT_TRUE(games::kayles_nimber(graph::parse_graph("P100"), VertexGame::NodeKayles, o).high_refutations);
}

// The refutations are used: on a board whose nimber is not 0 (3x10: *2, so the root refutes 0
// and 1 in every option before it proves 2) the search with them answers questions from the
// refutation table and expands fewer positions than without; observing them changes nothing.
// (One-value questions ask r of every option first here, the search the refutations were
// measured with.)
TEST(NimberSearch, RefutationsSaveWork) {
  auto g = grid(3, 10);
  games::NimberSearchOptions off, observe, use;
  use.ascending_depth = -1;
  off.refutations = false;
  observe.refutations = false;
  observe.refutations_observe = true;
  auto a = games::kayles_nimber(g, VertexGame::ArcKayles, off);
  auto b = games::kayles_nimber(g, VertexGame::ArcKayles, observe);
  auto c = games::kayles_nimber(g, VertexGame::ArcKayles, use);
  EXPECT_EQ(a.nimber, c.nimber);
  EXPECT_EQ(a.nimber, b.nimber);
  EXPECT_EQ(a.nodes, b.nodes);  // observing only counts
  EXPECT_GT(b.stats.refutation_hits, 0u);
  EXPECT_GT(c.stats.refutation_hits, 0u);
  EXPECT_LT(c.nodes, a.nodes);
  EXPECT_EQ(a.stats.refutation_hits, 0u);
  // The counters add up: every question is answered exactly one way.
  const auto& s = c.stats;
  EXPECT_EQ(s.calls, s.refutation_hits + s.refuted_moves + s.refuted_expand + s.refuted_search + s.exact);
  // The root's candidates are recorded in order, ending at the nimber.
  ASSERT_FALSE(s.phases.empty());
  EXPECT_EQ(s.phases.back().candidate, static_cast<int>(c.nimber));
}

// The two tables share the bound with nothing left between their powers of two: tables started at
// their bounds take all of a power-of-two bound (half each; a quarter of it lay unused when the
// refutations got a fixed quarter) and all of a bound of three powers of two (2 + 1), and never
// more than the bound, and all of five (2 + three times 1). The nimber is the mex solver's all the same.
TEST(NimberSearch, RefutationsTakeWhatTheNimbersLeave) {
  auto g = grid(3, 8);
  games::KaylesSolver old(VertexGame::ArcKayles);
  const auto expected = old.grundy(g);
  for (std::uint64_t bound : {std::uint64_t{1} << 16, std::uint64_t{3} << 14, std::uint64_t{5} << 14}) {
    games::NimberSearchOptions o;
    o.table_bytes = bound;
    o.table_initial_bytes = bound;
    const auto r = games::kayles_nimber(g, VertexGame::ArcKayles, o);
    EXPECT_EQ(r.nimber, expected) << bound;
    EXPECT_LE(r.table_bytes, bound);
    // 5 x 16 KiB: nimbers 32 KiB (a power of two within 60), refutations the 48 KiB left, three
    // times 16 (wide entries rounded it down to 32 until 2026-12-03; packed ones already took 48).
    EXPECT_EQ(r.table_bytes, bound) << bound;
  }
}

// Budget rounds (questions abandoned when their position budget runs out, asked again with x4)
// and ascending one-value questions (values below r first, igs's order) against the mex solver:
// random graphs and holed grids, both games, budgets of 1 position (almost every question is
// abandoned at least once) to 4096 and none, at the root only and down to depth 3; one-value
// questions r first, ascending at every depth, to depth 1, and to depth 2 with a gap of 2 (each
// of those with options asked "are you v or r?" at every depth, at depth 1 only, or never; the
// root's options racing r-first against ascending from budgets of 1 or 4096 positions, or not); with
// tables so small that entries are replaced all the time.
TEST(NimberSearch, BudgetsAndAscendingKeepTheNimber) {
  std::uint64_t abandoned = 0, ascending = 0;
  // 100 boards (7.8 s; 200 took 53 s: budgets abandon questions by throwing, and with budget 1 a
  // few larger boards cost seconds each, many times that under the sanitizers). The refutation test
  // above covers 1200 boards with the default search.
  on_small_boards(1719, 100, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    for (int mode = 0; mode < 6; ++mode) {
      games::NimberSearchOptions o;
      o.table_bytes = i % 3 == 0 ? 1 << 10 : 1 << 16;
      o.budget = mode % 3 == 0 ? 1 : mode % 3 == 1 ? 16 : 4096;
      if (i % 5 == 0) o.budget = 0;
      o.budget_depth = mode % 3 == 0 ? 3 : mode % 3 == 1 ? 1 : 0;
      o.ascending_depth = mode < 3 ? -1 : mode == 3 ? 64 : mode - 3;
      o.ascending_gap = mode == 5 ? 2 : 1;  // 2 is the default
      o.ascending_with_r_depth = i % 2 == 0 ? 64 : i % 4 == 1 ? -1 : 1;
      o.race = i % 3 == 1 ? 0 : i % 3 == 2 ? 1 : 4096;  // 1: nearly every root question abandoned
      const auto r = games::kayles_nimber(g, game, o);
      ASSERT_EQ(r.nimber, expected) << g.to_spec() << " mode " << mode;
      abandoned += r.stats.budget_spent;
      ascending += r.stats.ascending;
      if (o.ascending_depth < 0) EXPECT_EQ(r.stats.ascending, 0u);
    }
  });
  EXPECT_GT(abandoned, 0u);
  EXPECT_GT(ascending, 0u);
  // Whole boards (grid shape keys, every holed shape of the board visited) with 1 and 2 threads.
  for (int c = 3; c <= 8; ++c) {
    games::KaylesSolver old(VertexGame::ArcKayles);
    const auto expected = old.grundy(grid(3, c));
    for (int threads : {1, 2})
      for (int asc : {-1, 1, 64, 65}) {
        games::NimberSearchOptions o;
        o.table_bytes = 1 << 16;
        o.threads = threads;
        o.budget = 8;
        o.budget_depth = 2;
        o.ascending_depth = std::min(asc, 64);
        o.ascending_with_r_depth = asc == 65 ? -1 : 64;
        o.race = c % 2 == 0 ? 0 : 2;
        EXPECT_EQ(games::kayles_nimber(grid(3, c), VertexGame::ArcKayles, o).nimber, expected)
            << c << " " << threads << " " << asc;
      }
  }
}

// Root rounds (NimberSearchOptions::root_rounds): the root asks every option about the candidate
// within a budget of 1 or 16 positions, then 4x as many, ... so that nearly every root question is
// abandoned and asked again (only its completed sub-searches kept). One thread and the shared root
// (2 and 3 threads: (option, budget) pairs handed out, abandoned options put back), with and
// without the race, tables small enough to replace entries: the nimbers and outcomes of the mex
// solver, and each candidate's record names the option of its value and the rounds taken.
TEST(NimberSearch, RootRoundsKeepTheNimber) {
  std::uint64_t abandoned_one = 0, abandoned_shared = 0;
  int multi_round = 0;
  auto check = [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    for (int threads : {1, 2, 3}) {
      if (threads == 3 && i % 3 != 0) continue;
      games::NimberSearchOptions o;
      o.table_bytes = i % 3 == 0 ? 1 << 10 : 1 << 16;
      o.table_initial_bytes = 1 << 10;
      o.threads = threads;
      o.root_rounds = i % 2 == 0 ? 1 : 16;
      o.race = i % 4 < 2 ? 4096 : 1;
      o.winning_moves = i % 5 == 0;
      const auto r = games::kayles_nimber(g, game, o);
      ASSERT_EQ(r.nimber, expected) << g.to_spec() << " threads " << threads;
      (threads == 1 ? abandoned_one : abandoned_shared) += r.stats.budget_spent;
      for (const auto& ph : r.stats.phases) {
        EXPECT_EQ(ph.option > 0, ph.option_has_it) << g.to_spec() << " threads " << threads;
        EXPECT_LE(ph.option, ph.root_options) << g.to_spec();
        if (ph.rounds > 1) ++multi_round;
      }
      games::NimberSearchOptions out = o;
      out.outcome_only = true;
      out.winning_moves = false;
      ASSERT_EQ(games::kayles_nimber(g, game, out).p_position(), expected == 0)
          << g.to_spec() << " threads " << threads << " outcome only";
    }
  };
  on_small_boards(4111, 160, check);
  for (int r = 2; r <= 4; ++r)
    for (int c = r; c <= (r == 2 ? 10 : r == 3 ? 8 : 5); ++c) {
      games::KaylesSolver old(VertexGame::ArcKayles);
      check(grid(r, c), VertexGame::ArcKayles, old.grundy(grid(r, c)), c);
    }
  EXPECT_GT(abandoned_one, 100u);
  EXPECT_GT(abandoned_shared, 100u);
  EXPECT_GT(multi_round, 50);
}

// A root round's budget covers the whole question of an option: solving its other components
// exactly (reduce) as well as asking its last one. On Node-Kayles 3xn a move in the middle row
// splits the board in two, and one side's exact nimber costs far more than 16 positions, so at a
// budget of 16 some questions are abandoned inside that part (budget_in_parts) and asked again
// within 4x as many; the nimber is the one found without rounds. Before 2026-12-07 the part was
// solved outside the budget, whatever it cost (Node-Kayles 3x67 after the move 54: two threads
// held by two such options for over 2 000 s), and budget_in_parts stayed 0.
TEST(NimberSearch, RootRoundsBoundTheOptionsOtherComponents) {
  for (int cols : {12, 14})
    for (int threads : {1, 2}) {
      SCOPED_TRACE("3x" + std::to_string(cols) + ", threads " + std::to_string(threads));
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 24;
      o.threads = threads;
      o.winning_moves = false;
      const auto plain = games::kayles_nimber(grid(3, cols), VertexGame::NodeKayles, o);
      o.root_rounds = 16;
      const auto rounds = games::kayles_nimber(grid(3, cols), VertexGame::NodeKayles, o);
      EXPECT_EQ(rounds.nimber, plain.nimber);
      EXPECT_GT(rounds.stats.budget_in_parts, 0u);
      EXPECT_LE(rounds.stats.budget_in_parts, rounds.stats.budget_spent);
    }
}

namespace {

// The lines of a root rounds file, checked (the header, "candidate R", then "NAME BUDGET" lines,
// each budget at least 16); candidate: R; advanced: some budget is above 16 (a question was
// abandoned before the cap).
void check_rounds_lines(const std::vector<std::string>& v, int& candidate, bool& advanced) {
  ASSERT_GE(v.size(), 3u);
  EXPECT_EQ(v[0], "cgtlab root rounds 1 arckayles grid-shape");
  ASSERT_EQ(std::sscanf(v[1].c_str(), "candidate %d", &candidate), 1) << v[1];
  advanced = false;
  for (std::size_t i = 2; i < v.size(); ++i) {
    unsigned long long name = 0, budget = 0;
    ASSERT_EQ(std::sscanf(v[i].c_str(), "%llx %llu", &name, &budget), 2) << v[i];
    EXPECT_GE(budget, 16u);
    advanced = advanced || budget > 16;
  }
}

}  // namespace

// Root rounds carried over (FILE.rounds beside the table, solve::RootRounds): a run on two threads
// (the shared root) or on one stopped by --max-positions leaves the candidate being decided and
// each unsettled option's next budget; a run resumed from it finds the nimber of a fresh run and
// removes the file. The budgets read back are used: with each raised to 2^40, no question of that
// candidate is abandoned, so no option is asked twice, where a fresh run at 16 positions a round
// asks some again. A file of another game or with a bad line is an InputError.
TEST(NimberSearch, RootRoundsResumeFromTheirFile) {
  const auto path =
      std::filesystem::temp_directory_path() / ("cgtlab_rounds_test_" + std::to_string(::getpid()) + ".tt");
  const std::string rounds = path.string() + ".rounds";
  auto clean = [&] {
    for (const char* s : {"", ".refutations", ".rounds"}) std::filesystem::remove(path.string() + s);
  };
  auto lines = [&] {
    std::ifstream in(rounds);
    std::vector<std::string> v;
    for (std::string l; std::getline(in, l);) v.push_back(l);
    return v;
  };
  auto write = [&](const std::vector<std::string>& v) {
    std::ofstream out(rounds);
    for (const auto& l : v) out << l << "\n";
  };
  const auto g = grid(3, 12);
  games::NimberSearchOptions o;
  o.table_bytes = 1 << 24;
  o.root_rounds = 16;
  o.winning_moves = false;
  for (int threads : {2, 1}) {
    o.threads = threads;
    o.table_file.clear();
    const auto fresh = games::kayles_nimber(g, VertexGame::ArcKayles, o);
    for (int run = 0; run < 3; ++run) {
      SCOPED_TRACE("threads " + std::to_string(threads));
      clean();
      o.table_file = path.string();
      o.max_nodes = 20000;
      EXPECT_THROW(games::kayles_nimber(g, VertexGame::ArcKayles, o), CapReached);
      auto v = lines();
      int candidate = -1;
      bool advanced = false;
      check_rounds_lines(v, candidate, advanced);
      if (HasFatalFailure()) return;
      for (std::size_t i = 2; i < v.size(); ++i) {
        // Each line names its option's move in a comment (a one-component board: every option has one).
        const auto comment = v[i].find("  # move ");
        EXPECT_NE(comment, std::string::npos) << v[i];
        v[i] = v[i].substr(0, v[i].find(' ')) + " " + std::to_string(std::uint64_t{1} << 40) +
               (run == 1 || comment == std::string::npos ? "" : v[i].substr(comment));
      }
      EXPECT_TRUE(advanced) << "run " << run;  // some question was abandoned before the cap
      write(v);
      o.max_nodes = 0;
      const auto resumed = games::kayles_nimber(g, VertexGame::ArcKayles, o);
      EXPECT_EQ(resumed.nimber, fresh.nimber);
      EXPECT_FALSE(std::filesystem::exists(rounds));
      bool seen = false;
      for (const auto& ph : resumed.stats.phases)
        if (ph.candidate == candidate) {
          seen = true;
          EXPECT_EQ(ph.rounds, 1) << "run " << run << ": an option of candidate " << candidate << " was asked again";
        }
      EXPECT_TRUE(seen) << "run " << run;
    }
    bool fresh_repeats = false;
    for (const auto& ph : fresh.stats.phases) fresh_repeats = fresh_repeats || ph.rounds > 1;
    EXPECT_TRUE(fresh_repeats) << "threads " << threads;
  }
  // Bad files: one InputError each, the table untouched.
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"cgtlab root rounds 1 nodekayles grid-shape", "candidate 1"},
        std::vector<std::string>{"cgtlab root rounds 1 arckayles grid-shape", "candidate x"},
        std::vector<std::string>{"cgtlab root rounds 1 arckayles grid-shape", "candidate 1", "12ab 0"},
        std::vector<std::string>{"cgtlab root rounds 1 arckayles grid-shape", "candidate 1", "zz 16"},
        std::vector<std::string>{"cgtlab root rounds 1 arckayles grid-shape", "candidate 1", "12ab 16 move 3-4"}}) {
    write(bad);
    EXPECT_THROW(games::kayles_nimber(g, VertexGame::ArcKayles, o), InputError) << bad.back();
  }
  clean();
}

// Root rounds carried by a trunk (TRUNK.rounds, 2026-12-07): a capped run saves the rounds beside
// its trunk as beside its table, and a run that starts from the trunk alone (no table file, or a
// table file not yet written) reads them: with each budget raised to 2^40, no option of the
// candidate being decided is asked twice. A run that finds the answer removes the trunk's file.
// (A new machine has only the committed trunk: Node-Kayles 3x67's last option started again at
// the smallest budget on 2026-12-07 because its rounds had stayed beside the lost table.)
TEST(NimberSearch, RootRoundsGoWithTheTrunk) {
  const auto base =
      std::filesystem::temp_directory_path() / ("cgtlab_trunk_rounds_" + std::to_string(::getpid()));
  const std::string trunk = base.string() + ".tt", copy = base.string() + "-copy.tt",
                    table = base.string() + "-table.tt";
  auto clean = [&] {
    for (const auto& f : {trunk, copy, table})
      for (const char* s : {"", ".refutations", ".rounds"}) std::filesystem::remove(f + s);
  };
  const auto g = grid(3, 12);
  games::NimberSearchOptions o;
  o.table_bytes = 1 << 24;
  o.root_rounds = 16;
  o.winning_moves = false;
  for (int threads : {2, 1})
    for (bool with_table : {false, true}) {
      SCOPED_TRACE("threads " + std::to_string(threads) + (with_table ? ", a new table file" : ", no table file"));
      clean();
      o.threads = threads;
      o.table_file.clear();
      o.trunk_file.clear();
      o.max_nodes = 0;
      const auto fresh = games::kayles_nimber(g, VertexGame::ArcKayles, o);
      o.trunk_file = trunk;
      o.max_nodes = 20000;
      EXPECT_THROW(games::kayles_nimber(g, VertexGame::ArcKayles, o), CapReached);
      ASSERT_TRUE(std::filesystem::exists(trunk + ".rounds"));
      std::vector<std::string> v;
      {
        std::ifstream in(trunk + ".rounds");
        for (std::string l; std::getline(in, l);) v.push_back(l);
      }
      int candidate = -1;
      bool advanced = false;
      check_rounds_lines(v, candidate, advanced);
      if (HasFatalFailure()) return;
      for (std::size_t i = 2; i < v.size(); ++i)
        v[i] = v[i].substr(0, v[i].find(' ')) + " " + std::to_string(std::uint64_t{1} << 40);
      EXPECT_TRUE(advanced);  // some question was abandoned before the cap
      // The committed trunk stays as it is: the next run starts from a copy.
      std::filesystem::copy_file(trunk, copy);
      {
        std::ofstream out(copy + ".rounds");
        for (const auto& l : v) out << l << "\n";
      }
      o.trunk_file = copy;
      if (with_table) o.table_file = table;
      o.max_nodes = 0;
      const auto resumed = games::kayles_nimber(g, VertexGame::ArcKayles, o);
      EXPECT_EQ(resumed.nimber, fresh.nimber);
      EXPECT_FALSE(std::filesystem::exists(copy + ".rounds"));  // the answer is known
      bool seen = false;
      for (const auto& ph : resumed.stats.phases)
        if (ph.candidate == candidate) {
          seen = true;
          EXPECT_EQ(ph.rounds, 1) << "an option of candidate " << candidate << " was asked again";
        }
      EXPECT_TRUE(seen);
    }
  clean();
}

namespace {

// Every move of g by its name (games::kayles_move_name) with its option's nimber, by the mex solver.
std::map<std::string, int> option_values(const graph::Graph& g, VertexGame game) {
  games::KaylesSolver old(game);
  std::map<std::string, int> out;
  for (const auto& m : old.analyse(g).moves) out[games::kayles_move_name(g, game, m)] = static_cast<int>(m.option_grundy);
  return out;
}

// Each witness names a move of g whose option has the witness's value (the mex solver's), the
// values increasing and none the nimber `truth`; returns how many.
int check_witnesses(const graph::Graph& g, VertexGame game, const std::vector<solve::NimberStatus::Witness>& w, int truth,
                    const std::string& where) {
  const auto values = option_values(g, game);
  for (std::size_t i = 0; i < w.size(); ++i) {
    const auto it = values.find(w[i].move);
    EXPECT_NE(it, values.end()) << where << ": no move " << w[i].move;
    if (it != values.end()) EXPECT_EQ(it->second, w[i].value) << where << ": move " << w[i].move;
    EXPECT_NE(w[i].value, truth) << where;
    if (i > 0) EXPECT_LT(w[i - 1].value, w[i].value) << where;
  }
  return static_cast<int>(w.size());
}

}  // namespace

// The witnesses of a finished search (NimberSearchResult::witnesses): each a move to an option of
// its value, by the mex solver; with a table that keeps everything (no replacement) every value
// below the nimber has one, as the root proved each by an option of that value. With small tables
// (replacements) and two threads they stay true, if fewer.
TEST(NimberSearch, WitnessesAreMovesToOptionsOfTheirValues) {
  int boards = 0, complete = 0, witnesses = 0;
  on_small_boards(515, 300, [&](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    games::NimberSearchOptions o;
    o.table_bytes = i % 3 == 2 ? 1 << 14 : 1 << 22;
    o.threads = 1 + i % 2;
    const auto r = games::kayles_nimber(g, game, o);
    ASSERT_EQ(r.nimber, expected) << g.to_spec();
    const std::string where = g.to_spec() + " table " + std::to_string(o.table_bytes) + " threads " + std::to_string(o.threads);
    witnesses += check_witnesses(g, game, r.witnesses, static_cast<int>(expected), where);
    ++boards;
    int below = 0;
    for (const auto& w : r.witnesses) below += w.value < static_cast<int>(expected);
    if (below == static_cast<int>(expected)) ++complete;
  });
  EXPECT_EQ(boards, 600);
  std::printf("boards %d, with a witness for every value below the nimber %d, witnesses %d\n", boards, complete, witnesses);
  EXPECT_GT(complete, 580);
  EXPECT_GT(witnesses, 400);
  // Cram 4x5 and 3x7 (nimbers 2 and 1): a witness for every value below the nimber, each checked.
  for (auto [rows, cols] : {std::pair{4, 5}, std::pair{3, 7}}) {
    const auto g = grid(rows, cols);
    const auto r = games::kayles_nimber(g, VertexGame::ArcKayles, {});
    check_witnesses(g, VertexGame::ArcKayles, r.witnesses, static_cast<int>(r.nimber), g.to_spec());
    ASSERT_GE(r.witnesses.size(), r.nimber) << g.to_spec();
    for (std::size_t v = 0; v < r.nimber; ++v) EXPECT_EQ(r.witnesses[v].value, static_cast<int>(v)) << g.to_spec();
  }
}

// A search stopped by --max-positions says how far it got (NimberSearchOptions::status): every
// value it reports as ruled out differs from the mex solver's nimber, a nimber it reports found is
// that nimber, and on one component every value below the one being asked is ruled out (so the
// nimber is at least that value). Caps at fractions of each board's full search, so that runs stop
// in every phase (other components, the root's candidates, the winning moves or every move's
// nimber, --outcome-only's one question); 1 and 2 threads.
//
// The counts of the root's options for the value asked (NimberStatus::root_count): at a stop,
// every option proved not to be that value is a fact, so fewer than all of them are (the root
// decides the value as soon as all are: the nimber, or an option of the value); the count of
// options is that of an uncapped run (stats.root_options) when the graph is one component; with
// budgets (questions abandoned, asked again) on some boards. An uncapped run ends each candidate
// of its root with an option of that value (fewer settled) or, at its nimber, with all settled.
TEST(NimberSearch, AStoppedSearchReportsOnlyProvedFacts) {
  std::mt19937_64 rng(23);
  std::vector<graph::Graph> boards{grid(3, 7), grid(4, 5), grid(5, 5), grid(2, 11)};
  for (int i = 0; i < 8; ++i) boards.push_back(random_graph(rng, 16 + static_cast<int>(rng() % 5), 0.2));
  int stops = 0, with_bounds = 0, found = 0, with_counts = 0, compared_counts = 0, stop_witnesses = 0;
  for (std::size_t b = 0; b < boards.size(); ++b)
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      const auto& g = boards[b];
      games::KaylesSolver old(game);
      const int truth = static_cast<int>(old.grundy(g));
      bool connected = true;  // one component (no simplifications in these runs)
      {
        std::vector<int> seen(static_cast<std::size_t>(g.order()), 0), stack{0};
        seen[0] = 1;
        while (!stack.empty()) {
          const int u = stack.back();
          stack.pop_back();
          for (int v = 0; v < g.order(); ++v)
            if (!seen[v] && g.has_edge(u, v)) seen[v] = 1, stack.push_back(v);
        }
        connected = std::count(seen.begin(), seen.end(), 1) == g.order();
      }
      for (int mode = 0; mode < 3; ++mode) {
      const bool with_moves = mode == 1;
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 20;
      o.winning_moves = true;
      o.with_moves = with_moves;  // every option's nimber after the nimber: stops in that phase
      o.outcome_only = mode == 2;  // only "is it 0?", then the winning moves
      o.reductions = o.four_cycles = o.grid_keys = false;  // larger searches: the caps bite
      o.budget = b % 3 == 1 ? 16 : 0;  // the root asks its options in rounds (abandoned questions)
      o.root_rounds = b % 3 == 2 ? 8 : 0;  // ... also with two threads
      const auto whole = games::kayles_nimber(g, game, o);
      const std::uint64_t full = whole.nodes;
      // Run to the end: each candidate of the root decided by an option of its value (fewer than
      // all settled) or, the last, by every option settled.
      const auto& ph = whole.stats.phases;
      if (connected && !ph.empty()) {
        EXPECT_GT(whole.stats.root_options, 0) << g.to_spec();
        for (std::size_t i = 0; i < ph.size(); ++i) {
          EXPECT_EQ(ph[i].root_options, whole.stats.root_options) << g.to_spec();
          const bool last = i + 1 == ph.size();
          EXPECT_EQ(ph[i].option > 0, ph[i].option_has_it) << g.to_spec() << " candidate " << ph[i].candidate;
          if (!last || ph[i].option_has_it) {
            EXPECT_TRUE(ph[i].option_has_it) << g.to_spec() << " candidate " << ph[i].candidate;
            EXPECT_LT(ph[i].settled, ph[i].root_options) << g.to_spec() << " candidate " << ph[i].candidate;
            EXPECT_NE(ph[i].candidate, truth) << g.to_spec();
          } else {
            EXPECT_EQ(ph[i].settled, ph[i].root_options) << g.to_spec() << " candidate " << ph[i].candidate;
            EXPECT_EQ(ph[i].candidate, truth) << g.to_spec();
          }
        }
        // An outcome-only run of an N-position ends at candidate 0 with an option of value 0.
        if (mode == 2) EXPECT_EQ(ph.back().option_has_it, truth != 0) << g.to_spec();
      }
      for (int threads : {1, 2})
        for (int eighths = 1; eighths < 8; ++eighths) {
          solve::NimberStatus status;
          o.status = &status;
          o.threads = threads;
          o.max_nodes = full * static_cast<std::uint64_t>(eighths) / 8;
          if (o.max_nodes == 0) continue;
          try {
            games::kayles_nimber(g, game, o);
            o.status = nullptr;
            continue;  // 2 threads may finish within the cap
          } catch (const CapReached& e) {
            EXPECT_NE(std::string(e.what()).find("positions expanded"), std::string::npos) << e.what();
          }
          o.status = nullptr;
          ++stops;
          const std::string where = g.to_spec() + (with_moves ? " with moves" : mode == 2 ? " outcome only" : "") + " threads " + std::to_string(threads) + " cap " +
                                    std::to_string(o.max_nodes) + ": " + games::search_status_text(status);
          EXPECT_GT(status.positions.load(), o.max_nodes) << where;
          if (status.nimber.load() >= 0) {
            ++found;
            EXPECT_EQ(status.nimber.load(), truth) << where;
            continue;
          }
          const std::vector<int> out = games::ruled_out_values(status);
          if (!out.empty()) ++with_bounds;
          for (int v : out) EXPECT_NE(v, truth) << where;
          // The witnesses (moves to options of known values, looked up at the stop) are true, and
          // the words name them. (The stop adds their values to the ruled-out ones, so the check
          // above that no ruled-out value is the nimber covers them too.)
          const auto w = status.witness_list();
          stop_witnesses += check_witnesses(g, game, w, truth, where);
          if (status.bounded.load() && !w.empty())
            EXPECT_NE(games::search_status_text(status).find("the values ruled out have options: " + std::to_string(w[0].value) +
                                                             " by the move " + w[0].move),
                      std::string::npos)
                << where;
          EXPECT_TRUE(status.bounded.load() || out.empty()) << where;
          const int asking = games::asking_value(status);
          if (status.components.load() == 1 && asking >= 0) {
            EXPECT_LE(asking, truth) << where;
            for (int v = 0; v < asking; ++v) EXPECT_TRUE(std::count(out.begin(), out.end(), v) == 1) << where << " " << v;
          }
          const auto rp = status.root_progress();
          if (asking >= 0 && rp.candidate == asking && rp.options > 0) {
            ++with_counts;
            EXPECT_GE(rp.settled, 0) << where;
            EXPECT_LT(rp.settled, rp.options) << where;
            if (connected) {
              ++compared_counts;
              EXPECT_EQ(rp.options, whole.stats.root_options) << where;
            }
            // An option asked is not settled (with two threads the helper may still ask one the
            // other answered, never two such): settled + asked (distinct) <= options.
            std::vector<int> asked;
            for (const auto& a : status.asked_options(asking)) {
              EXPECT_GE(a.option, 1) << where;
              EXPECT_LE(a.option, rp.options) << where;
              EXPECT_LT(a.thread, threads) << where;
              if (std::count(asked.begin(), asked.end(), a.option) == 0) asked.push_back(a.option);
            }
            EXPECT_LE(rp.settled + static_cast<int>(asked.size()), rp.options) << where;
            const std::string words = std::to_string(rp.settled) + " of " + std::to_string(rp.options) +
                                      " root options shown not " + std::to_string(asking);
            EXPECT_NE(games::search_status_text(status).find(words), std::string::npos) << where;
          }
        }
      }
    }
  EXPECT_GT(stops, 100);
  EXPECT_GT(with_bounds, 10);
  EXPECT_GT(found, 10);
  EXPECT_GT(with_counts, 50);
  EXPECT_GT(compared_counts, 20);
  EXPECT_GT(stop_witnesses, 10);
  std::printf("stops %d, with values ruled out %d, after the nimber was found %d, with the root's counts %d, witnesses %d\n",
              stops, with_bounds, found, with_counts, stop_witnesses);
}

// A lookup in a saved table (NimberSearchOptions::lookup_only) searches nothing, writes nothing,
// and tells what the table proves: after a finished search, its nimber and its witnesses; after a
// stopped one, the witnesses the stop reported (the same table) and no nimber.
namespace {

// The symmetry class of a move of the game on the grid rows x cols (a vertex "v" or an edge "a-b",
// vertex r * cols + c): the smallest of its images under the board's symmetries, as sorted vertices.
std::vector<int> move_class(const std::string& move, int rows, int cols) {
  std::vector<int> vs;
  std::size_t at = 0;
  for (std::size_t dash; (dash = move.find('-', at)) != std::string::npos; at = dash + 1)
    vs.push_back(std::stoi(move.substr(at, dash - at)));
  vs.push_back(std::stoi(move.substr(at)));
  std::vector<int> best;
  for (int t = 0; t < (rows == cols ? 8 : 4); ++t) {
    std::vector<int> image;
    for (const int v : vs) {
      int r = v / cols, c = v % cols;
      if (t & 1) r = rows - 1 - r;
      if (t & 2) c = cols - 1 - c;
      if (t & 4) std::swap(r, c);
      image.push_back(r * cols + c);
    }
    std::sort(image.begin(), image.end());
    if (best.empty() || image < best) best = image;
  }
  return best;
}

}  // namespace

// The moves of the root's options (NimberStatus::root_option_list, named when the root is
// expanded): on a full grid, the root's options are its moves up to the board's symmetries, so
// the named moves must be one per symmetry class, each the first of its class in the game's order,
// and on Arc-Kayles every class named (no move of these boards leaves a position of known value, so
// every class is a listed option). Checked by the board's geometry, not by the names: one and two threads, both
// games, square and oblong boards, the root's rounds on and off.
TEST(NimberSearch, RootOptionsAreNamedByTheirMoves) {
  int boards = 0;
  for (auto [rows, cols] : {std::pair{3, 7}, std::pair{4, 4}, std::pair{4, 5}, std::pair{5, 5}, std::pair{3, 10}})
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
      for (int threads : {1, 2}) {
        const auto g = grid(rows, cols);
        const std::string where = g.to_spec() + (game == VertexGame::ArcKayles ? " arc" : " node") + " threads " +
                                  std::to_string(threads);
        // Every move's class, in the game's order (--move-values lists them in that order).
        games::NimberSearchOptions all;
        all.with_moves = true;
        all.table_bytes = 1 << 22;
        const auto full = games::kayles_nimber(g, game, all);
        std::vector<std::vector<int>> classes;
        std::vector<std::string> first;
        for (const auto& m : full.moves) {
          const auto k = move_class(games::kayles_move_name(g, game, m), rows, cols);
          if (std::find(classes.begin(), classes.end(), k) != classes.end()) continue;
          classes.push_back(k);
          first.push_back(games::kayles_move_name(g, game, m));
        }
        solve::NimberStatus status;
        games::NimberSearchOptions o;
        o.status = &status;
        o.threads = threads;
        o.table_bytes = 1 << 22;
        o.winning_moves = false;
        o.root_rounds = threads == 2 ? 16 : 0;
        o.max_nodes = std::max<std::uint64_t>(full.nodes / 4, 1);
        try {
          games::kayles_nimber(g, game, o);
        } catch (const CapReached&) {
        }
        const auto named = status.root_option_list();
        // Every one of these roots is expanded before the cap (4x4's too: its copying proof searches
        // the root's moves), so every one names its options.
        ASSERT_FALSE(named.empty()) << where << ": no option named";
        ++boards;
        std::vector<std::vector<int>> seen;
        for (const auto& opt : named) {
          ASSERT_FALSE(opt.move.empty()) << where;
          const auto k = move_class(opt.move, rows, cols);
          EXPECT_EQ(std::count(seen.begin(), seen.end(), k), 0) << where << ": two options named by one class, " << opt.move;
          seen.push_back(k);
          const auto at = std::find(classes.begin(), classes.end(), k);
          ASSERT_NE(at, classes.end()) << where << ": not a move, " << opt.move;
          EXPECT_EQ(opt.move, first[static_cast<std::size_t>(at - classes.begin())]) << where;
        }
        // A Node-Kayles move may split the board into two equal halves (they cancel: an option of
        // known value 0, not listed); an Arc-Kayles move on these boards leaves one component.
        if (game == VertexGame::ArcKayles) EXPECT_EQ(named.size(), classes.size()) << where;
        else EXPECT_LE(named.size(), classes.size()) << where;
        for (std::size_t j = 0; j < named.size(); ++j)
          EXPECT_EQ(status.root_option_move(static_cast<int>(j + 1)), named[j].move) << where;
        // The options are numbered in the root's order, which lists a mirror option first: on a board
        // of even by odd cells, option 1 is the central domino, its own image by the half-turn.
        if (game == VertexGame::ArcKayles && (rows + cols) % 2 == 1) {
          const auto k = move_class(named[0].move, rows, cols);
          ASSERT_EQ(k.size(), 2u) << where;
          EXPECT_EQ(rows * cols - 1 - k[0], k[1]) << where << ": option 1 is " << named[0].move;
        }
      }
  EXPECT_EQ(boards, 20);
}

TEST(NimberSearch, LookupOnlyReadsWhatTheTableProves) {
  const auto path = std::filesystem::temp_directory_path() / ("cgtlab_lookup_test_" + std::to_string(::getpid()) + ".tt");
  int stopped_with_witnesses = 0;
  for (auto [rows, cols] : {std::pair{4, 5}, std::pair{3, 7}, std::pair{5, 5}, std::pair{4, 7}})
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      const auto g = grid(rows, cols);
      const std::string where = g.to_spec() + (game == VertexGame::ArcKayles ? " arc" : " node");
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 22;
      o.table_file = path.string();
      std::filesystem::remove(path);
      const auto full = games::kayles_nimber(g, game, o);
      games::NimberSearchOptions look = o;
      look.lookup_only = true;
      const auto size = std::filesystem::file_size(path);
      const auto time = std::filesystem::last_write_time(path);
      const auto r = games::kayles_nimber(g, game, look);
      EXPECT_EQ(std::filesystem::file_size(path), size) << where;
      EXPECT_EQ(std::filesystem::last_write_time(path), time) << where;
      EXPECT_EQ(r.nodes, 0u) << where;
      EXPECT_TRUE(r.nimber_known) << where;
      EXPECT_EQ(r.nimber, full.nimber) << where;
      ASSERT_EQ(r.witnesses.size(), full.witnesses.size()) << where;
      for (std::size_t i = 0; i < r.witnesses.size(); ++i) {
        EXPECT_EQ(r.witnesses[i].value, full.witnesses[i].value) << where;
        EXPECT_EQ(r.witnesses[i].move, full.witnesses[i].move) << where;
      }
      // Stopped half-way: the lookup gives the stop's witnesses, and no nimber.
      std::filesystem::remove(path);
      std::filesystem::remove(path.string() + ".refutations");
      solve::NimberStatus status;
      o.status = &status;
      o.max_nodes = std::max<std::uint64_t>(full.nodes / 2, 1);
      o.reductions = false;
      try {
        games::kayles_nimber(g, game, o);
        continue;
      } catch (const CapReached&) {
      }
      look.reductions = false;
      const auto half = games::kayles_nimber(g, game, look);
      const auto stop = status.witness_list();
      EXPECT_FALSE(half.nimber_known) << where;
      ASSERT_EQ(half.witnesses.size(), stop.size()) << where;
      for (std::size_t i = 0; i < stop.size(); ++i) EXPECT_EQ(half.witnesses[i].move, stop[i].move) << where;
      check_witnesses(g, game, half.witnesses, static_cast<int>(full.nimber), where);
      stopped_with_witnesses += !stop.empty();
    }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + ".refutations");
  EXPECT_GE(stopped_with_witnesses, 2);
  // No file to read: the table is empty, so nothing is known and nothing is searched (the CLI
  // refuses this case with an input error: cli_kayles_resume).
  games::NimberSearchOptions none;
  none.lookup_only = true;
  none.table_file = path.string();
  const auto empty = games::kayles_nimber(grid(3, 4), VertexGame::ArcKayles, none);
  EXPECT_FALSE(empty.nimber_known);
  EXPECT_TRUE(empty.witnesses.empty());
}

// A position of several components: the small ones are solved first, and a full table may
// replace their entries while the largest is searched. The answer's every part is put again at
// the end, so the table saved, and a trunk of a few entries, still prove it (--lookup-only). A
// grid cut by a removed column: two columns (solved first) beside a block.
TEST(NimberSearch, ALookupReadsEveryComponentOfTheAnswer) {
  const auto base = std::filesystem::temp_directory_path() / ("cgtlab_parts_test_" + std::to_string(::getpid()));
  const std::string table = base.string() + ".tt", trunk = base.string() + ".trunk.tt";
  int checked = 0;
  using Board = std::tuple<int, int, int>;  // rows, cols, the column removed
  const std::vector<Board> arc{{3, 9, 2}, {4, 8, 5}, {5, 8, 2}, {6, 6, 2}}, node{{5, 6, 2}, {5, 8, 2}, {6, 6, 2}, {3, 14, 2}};
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
    for (auto [rows, cols, cut] : game == VertexGame::ArcKayles ? arc : node)
      for (bool ask : {false, true}) {
        const auto g = grid(rows, cols);
        const std::string where = g.to_spec() + (game == VertexGame::ArcKayles ? " arc" : " node") +
                                  (ask ? " is-nimber" : " nimber");
        std::vector<int> gone;
        for (int r = 0; r < rows; ++r) gone.push_back(r * cols + cut);
        std::vector<int> left;
        for (int v = 0; v < g.order(); ++v)
          if (std::find(gone.begin(), gone.end(), v) == gone.end()) left.push_back(v);
        const int expected = games::KaylesSolver(game).grundy(g.induced(left));
        for (const auto& f : {table, trunk, table + ".refutations"}) std::filesystem::remove(f);
        games::NimberSearchOptions o;
        o.removed = gone;
        o.table_bytes = game == VertexGame::ArcKayles ? 1 << 10 : 1 << 7;  // tiny: entries replaced
        o.refutations = false;
        o.table_file = table;
        o.trunk_file = trunk;
        o.trunk_entries = 1;  // the largest: the block, not the two columns
        if (ask) o.is_nimber = expected;
        const auto full = games::kayles_nimber(g, game, o);
        ASSERT_TRUE(full.nimber_known) << where;
        ASSERT_EQ(full.nimber, static_cast<std::uint64_t>(expected)) << where;
        EXPECT_GT(full.stats.table_replaced, 0u) << where;  // the table was full
        for (bool from_trunk : {false, true}) {
          games::NimberSearchOptions look;
          look.removed = gone;
          look.lookup_only = true;
          look.table_bytes = 1 << 16;
          if (from_trunk) look.trunk_file = trunk;  // read alone: no table file
          else look.table_file = table;
          const auto r = games::kayles_nimber(g, game, look);
          EXPECT_EQ(r.nodes, 0u) << where;
          EXPECT_TRUE(r.nimber_known) << where << (from_trunk ? " trunk" : " table");
          EXPECT_EQ(r.nimber, full.nimber) << where << (from_trunk ? " trunk" : " table");
        }
        ++checked;
      }
  for (const auto& f : {table, trunk, table + ".refutations"}) std::filesystem::remove(f);
  EXPECT_EQ(checked, 16);
}

// A run that starts from a trunk saves a trunk that still proves what the loaded one did: the
// entries behind the root's witnesses at the start are kept even when the table replaced them
// meanwhile (Node-Kayles 3x66, 2026-12-06: an option of value 6 whose small component was replaced
// in a full table; the trunk saved at the stop no longer ruled 6 out). A capped run leaves a trunk
// of one entry plus its witnesses' entries; a second run from that trunk, with a table of 8 slots,
// is capped again, and its trunk must rule out every value the first one did.
TEST(NimberSearch, ATrunkKeepsTheWitnessesItStartedWith) {
  const auto base = std::filesystem::temp_directory_path() / ("cgtlab_witness_test_" + std::to_string(::getpid()));
  const std::string trunk = base.string() + ".trunk.tt";
  auto ruled_out = [&](const graph::Graph& g, VertexGame game) {
    games::NimberSearchOptions look;
    look.lookup_only = true;
    look.table_bytes = 1 << 16;
    look.trunk_file = trunk;
    std::vector<int> out;
    for (const auto& w : games::kayles_nimber(g, game, look).witnesses) out.push_back(w.value);
    return out;
  };
  int runs = 0, with_witnesses = 0;
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
    for (const std::string& spec : game == VertexGame::ArcKayles ? std::vector<std::string>{"Grid3x12", "Grid4x7", "Grid5x6"}
                                                                 : std::vector<std::string>{"Grid3x24", "Grid3x29", "Grid3x33", "Grid5x9", "Grid4x13"})
      for (std::uint64_t cap : {20000, 60000}) {
        const auto g = graph::parse_graph(spec);
        const std::string where = spec + (game == VertexGame::ArcKayles ? " arc" : " node") + " cap " + std::to_string(cap);
        std::filesystem::remove(trunk);
        games::NimberSearchOptions o;
        o.winning_moves = false;
        o.table_bytes = 1 << 20;
        o.trunk_file = trunk;
        o.trunk_entries = 1;
        o.max_nodes = cap;
        bool capped = false;
        try {
          games::kayles_nimber(g, game, o);
        } catch (const CapReached&) {
          capped = true;
        }
        if (!capped) continue;  // finished: the root's own entry is in the trunk, nothing to keep
        const auto first = ruled_out(g, game);
        // 8 slots: entries are replaced, the witnesses' among them (without the kept start entries,
        // Node-Kayles 3x33 at 60 000 positions loses its witness of 14: the case that fails then).
        o.table_bytes = 1 << 7;
        try {
          games::kayles_nimber(g, game, o);
        } catch (const CapReached&) {
        }
        const auto second = ruled_out(g, game);
        for (const int v : first)
          EXPECT_NE(std::find(second.begin(), second.end(), v), second.end())
              << where << ": " << v << " ruled out by the first trunk, not by the second";
        ++runs;
        with_witnesses += !first.empty();
      }
  std::filesystem::remove(trunk);
  std::printf("capped runs resumed %d, with witnesses %d\n", runs, with_witnesses);
  EXPECT_GE(with_witnesses, 6);
}

namespace {

// The induced subgraph of the grid rows x cols on `cells`, for the mex solver.
graph::Graph grid_cells(int rows, int cols, const std::vector<int>& cells) {
  std::vector<int> id(static_cast<std::size_t>(rows * cols), -1);
  int n = 0;
  for (int v : cells) id[static_cast<std::size_t>(v)] = n++;
  graph::Graph g(n, false);
  const auto at = [&id](int v) { return id[static_cast<std::size_t>(v)]; };
  for (int v : cells) {
    const int r = v / cols, c = v % cols, right = v + 1, below = v + cols;
    if (c + 1 < cols && at(right) >= 0) g.add_edge(at(v), at(right));
    if (r + 1 < rows && at(below) >= 0) g.add_edge(at(v), at(below));
  }
  return g;
}

std::vector<int> all_cells(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
  return v;
}

}  // namespace

// The mirror test behind mirror_first: every position it accepts is a P-position of both games
// (by the mex solver), on random positions of small grids, half of them made symmetric about the
// board's centre or a smaller box's, so that many are accepted; and the boards it must refuse.
TEST(MirrorStrategy, PositionsItAcceptsArePOfBothGames) {
  EXPECT_TRUE(games::grid_mirror_strategy(4, 4, all_cells(16)));
  EXPECT_TRUE(games::grid_mirror_strategy(2, 6, all_cells(12)));
  EXPECT_FALSE(games::grid_mirror_strategy(3, 3, all_cells(9)));   // the centre is a cell
  EXPECT_FALSE(games::grid_mirror_strategy(4, 5, all_cells(20)));  // ... the middle of an edge
  EXPECT_FALSE(games::grid_mirror_strategy(3, 4, all_cells(12)));
  EXPECT_TRUE(games::grid_mirror_strategy(5, 6, {9, 10, 15, 16}));  // a 2x2 block away from the centre
  EXPECT_FALSE(games::grid_mirror_strategy(5, 6, {9, 10, 15}));
  EXPECT_FALSE(games::grid_mirror_strategy(5, 6, {}));
  EXPECT_THROW(games::grid_mirror_strategy(20, 20, {0}), InputError);
  EXPECT_THROW(games::grid_mirror_strategy(3, 3, {9}), InputError);
  std::mt19937_64 rng(20261125);
  int accepted = 0, refused = 0;
  for (int i = 0; i < 3000; ++i) {
    const int rows = 2 + static_cast<int>(rng() % 3), cols = 2 + static_cast<int>(rng() % 5);
    const int n = rows * cols;
    // A box inside the board (symmetric positions are made about its centre).
    const int r0 = static_cast<int>(rng() % 2) * static_cast<int>(rng() % static_cast<unsigned>(rows));
    const int c0 = static_cast<int>(rng() % 2) * static_cast<int>(rng() % static_cast<unsigned>(cols));
    const int r1 = r0 + static_cast<int>(rng() % static_cast<unsigned>(rows - r0));
    const int c1 = c0 + static_cast<int>(rng() % static_cast<unsigned>(cols - c0));
    std::vector<char> in(static_cast<std::size_t>(n), 0);
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c)
        if (rng() % 3 != 0) {
          const int cell = r * cols + c, image = (r0 + r1 - r) * cols + (c0 + c1 - c);
          in[static_cast<std::size_t>(cell)] = 1;
          if (i % 2 == 0) in[static_cast<std::size_t>(image)] = 1;
        }
    std::vector<int> cells;
    for (int v = 0; v < n; ++v)
      if (in[static_cast<std::size_t>(v)]) cells.push_back(v);
    if (!games::grid_mirror_strategy(rows, cols, cells)) {
      ++refused;
      continue;
    }
    ++accepted;
    const auto g = grid_cells(rows, cols, cells);
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::KaylesSolver mex(game);
      EXPECT_EQ(mex.grundy(g), 0u) << rows << "x" << cols << " position " << i;
    }
  }
  EXPECT_GT(accepted, 300);
  EXPECT_GT(refused, 1000);
}

// Mirror options first is a move order, and a component the second player wins by copying is
// proved 0 through the copying replies (LemoineViennot::mirror_zero): the nimbers agree with the
// mex solver either way, and on boards with the half-turn strategy the proof follows it (far
// fewer positions, components proved by it).
TEST(NimberSearch, MirrorFirstKeepsTheNimberAndFollowsTheStrategy) {
  on_small_boards(77, 200, [](const graph::Graph& g, VertexGame game, cgt::Grundy expected, int i) {
    for (bool mirror : {true, false}) {
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 20;
      o.mirror_first = mirror;
      EXPECT_EQ(games::kayles_nimber(g, game, o).nimber, expected) << i << " mirror " << mirror;
    }
  });
  for (auto [game, r, c] : {std::tuple{VertexGame::ArcKayles, 4, 8}, std::tuple{VertexGame::NodeKayles, 6, 8},
                            std::tuple{VertexGame::ArcKayles, 3, 6}}) {
    std::uint64_t positions[2], proofs[2];
    cgt::Grundy nimbers[2];
    for (bool mirror : {true, false}) {
      games::NimberSearchOptions o;
      o.mirror_first = mirror;
      const auto res = games::kayles_nimber(grid(r, c), game, o);
      positions[mirror] = res.nodes;
      proofs[mirror] = res.stats.mirror_proofs;
      nimbers[mirror] = res.nimber;
    }
    EXPECT_EQ(nimbers[0], nimbers[1]);
    if (r % 2 == 0 && c % 2 == 0) {
      EXPECT_LT(4 * positions[1], positions[0]) << r << "x" << c;
      EXPECT_GT(proofs[1], 0u) << r << "x" << c;  // symmetric components proved 0 by the strategy
      // ... by searching the copying replies, not by trusting the strategy: a mutant whose proof
      // returns at once expands 23-30 positions on these boards, the search 412 (Cram 4x8) and
      // 355 (Node-Kayles 6x8).
      EXPECT_GT(positions[1], 200u) << r << "x" << c;
    }
    EXPECT_EQ(proofs[0], 0u);
  }
}

namespace {

// A plain reference for the grid routines: components by breadth-first search over the grid's
// edges (a horizontal edge whose left cell is in `cut` deleted), by least cell.
std::vector<std::vector<int>> reference_components(int rows, int cols, const std::vector<int>& cells,
                                                   const std::vector<int>& cut) {
  std::vector<char> in(static_cast<std::size_t>(rows * cols), 0), cutc(in.size(), 0), seen(in.size(), 0);
  for (int v : cells) in[v] = 1;
  for (int v : cut) cutc[v] = 1;
  std::vector<std::vector<int>> out;
  for (int s = 0; s < rows * cols; ++s) {
    if (!in[s] || seen[s]) continue;
    std::vector<int> comp{s}, queue{s};
    seen[s] = 1;
    while (!queue.empty()) {
      const int v = queue.back();
      queue.pop_back();
      const int r = v / cols, c = v % cols;
      const int nb[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& [nr, nc] : nb) {
        if (nr < 0 || nr >= rows || nc < 0 || nc >= cols) continue;
        const int u = nr * cols + nc;
        if (!in[u] || seen[u]) continue;
        if (nr == r && cutc[std::min(u, v)]) continue;  // the deleted edge between u and v
        seen[u] = 1;
        comp.push_back(u);
        queue.push_back(u);
      }
    }
    std::sort(comp.begin(), comp.end());
    out.push_back(comp);
  }
  return out;
}

// The grid key by its definition: the shape's eight images in its bounding box (the four turned a
// quarter only when they fit the board turned: box width <= rows, height <= cols), each packed row
// after row into kw words with the row length at bit 64 kw - 14; the least as a number.
std::vector<std::uint64_t> reference_key(int rows, int cols, int kw, const std::vector<int>& comp) {
  int r0 = rows, r1 = -1, c0 = cols, c1 = -1;
  for (int v : comp) {
    r0 = std::min(r0, v / cols), r1 = std::max(r1, v / cols);
    c0 = std::min(c0, v % cols), c1 = std::max(c1, v % cols);
  }
  const int h = r1 - r0 + 1, w = c1 - c0 + 1;
  std::vector<std::uint64_t> best;
  for (int t = 0; t < 8; ++t) {
    const bool transposed = t >= 4;
    if (transposed && !(w <= rows && h <= cols)) continue;
    const int hh = transposed ? w : h, ww = transposed ? h : w;
    std::vector<std::uint64_t> k(static_cast<std::size_t>(kw), 0);
    for (int v : comp) {
      int i = v / cols - r0, j = v % cols - c0;
      if (transposed) std::swap(i, j);
      if (t & 1) i = hh - 1 - i;
      if (t & 2) j = ww - 1 - j;
      const int bit = i * ww + j;
      k[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
    const int stride_bit = 64 * kw - 14;
    k[stride_bit / 64] |= static_cast<std::uint64_t>(ww) << (stride_bit % 64);
    if (best.empty() || std::lexicographical_compare(k.rbegin(), k.rend(), best.rbegin(), best.rend())) best = k;
  }
  return best;
}

}  // namespace

// The search's grid flood fill (a carry along rows; across words on boards of more than 64
// cells) and its grid keys (PEXT on one-word boards, rows gathered one by one on larger ones, the
// plain image loop for boxes of more than 64 cells, word by word (grid_key_tall) on boards of at
// most 8 columns; the boxes gathered and turned by PEXT and, as on AMD cores before Zen 3, by
// shifts) against the references above, on thousands of random boards of every word count (1, 2
// and 4 words; keys of 1 to 5 words), with random deleted horizontal edges as split_cut makes them.
TEST(GridRoutines, FloodFillAndKeysMatchPlainReferences) {
  const std::pair<int, int> sizes[] = {{1, 40}, {3, 5},  {2, 25}, {4, 11}, {5, 12}, {7, 9},   {4, 15}, {5, 13}, {5, 14},
                                       {6, 11}, {7, 8}, {9, 14}, {10, 12}, {8, 16}, {2, 63}, {9, 20}, {16, 16}, {4, 63},
                                       // rows past 63 (the row length, not the rows, is what the key's field bounds)
                                       {64, 3}, {85, 3}, {100, 2},
                                       // few columns over more than two words: column_components
                                       {43, 3}, {50, 3}, {60, 4}, {127, 2},
                                       // few columns over two words, keys of two and three words: grid_key_tall
                                       {40, 3}, {20, 5}, {12, 8}, {21, 6}};
  std::mt19937_64 rng(20261125);
  int boards = 0, components = 0, big_boxes = 0, tall_boxes = 0;
  for (int round = 0; round < 250; ++round)
    for (const auto& [rows, cols] : sizes) {
      const int n = rows * cols;
      // the search's key width: the fewest words holding n cells and 14 bits (3 for 129..178 cells)
      const int kw = (n + 14 + 63) / 64;
      const double keep = 0.3 + 0.05 * static_cast<double>(rng() % 14);
      std::bernoulli_distribution in(keep), cut_edge(round % 3 == 0 ? 0.0 : 0.15);
      std::vector<int> cells, cut;
      for (int v = 0; v < n; ++v) {
        if (in(rng)) cells.push_back(v);
        if (v % cols != cols - 1 && cut_edge(rng)) cut.push_back(v);
      }
      const auto got = games::grid_components_for_test(rows, cols, cells, cut, true);
      const auto shifts = games::grid_components_for_test(rows, cols, cells, cut, false);
      const auto want = reference_components(rows, cols, cells, cut);
      ++boards;
      ASSERT_EQ(got.size(), want.size()) << rows << "x" << cols << " round " << round;
      ASSERT_EQ(shifts.size(), want.size()) << rows << "x" << cols << " round " << round;
      for (std::size_t i = 0; i < want.size(); ++i) {
        ASSERT_EQ(got[i].cells, want[i]) << rows << "x" << cols << " round " << round << " component " << i;
        const auto key = reference_key(rows, cols, kw, want[i]);
        ASSERT_EQ(got[i].key, key) << rows << "x" << cols << " round " << round << " component " << i;
        ASSERT_EQ(shifts[i].key, key) << "by shifts: " << rows << "x" << cols << " round " << round << " component " << i;
        ++components;
        int r0 = rows, r1 = -1, c0 = cols, c1 = -1;
        for (int v : want[i]) {
          r0 = std::min(r0, v / cols), r1 = std::max(r1, v / cols);
          c0 = std::min(c0, v % cols), c1 = std::max(c1, v % cols);
        }
        if ((r1 - r0 + 1) * (c1 - c0 + 1) > 64) ++big_boxes;
        if (n > 64 && cols <= 8 && (r1 - r0 + 1) * cols > 64) ++tall_boxes;  // (grid_key_tall's)
      }
    }
  EXPECT_EQ(boards, 250 * 29);
  EXPECT_GT(components, 30000);
  EXPECT_GT(big_boxes, 500) << components;  // the plain key loop was compared too
  EXPECT_GT(tall_boxes, 800) << components;
}

// Tall boards of a few columns (column_components fills a column's run downwards by doubling
// shifts): serpentines whose columns are joined only at alternate ends, so the one component runs
// the full height downwards and upwards again; each must come back whole, as one component.
TEST(GridRoutines, SerpentinesOfTallBoardsAreOneComponent) {
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{127, 2}, {85, 3}, {64, 4}, {33, 4}, {66, 3}, {44, 3}}) {
    std::vector<int> cells, cut;
    for (int v = 0; v < rows * cols; ++v) cells.push_back(v);
    for (int c = 0; c + 1 < cols; ++c)
      for (int r = 0; r < rows; ++r)
        if (r != (c % 2 == 0 ? rows - 1 : 0)) cut.push_back(r * cols + c);  // joined at the top, then the bottom
    for (bool pext : {true, false}) {
      const auto got = games::grid_components_for_test(rows, cols, cells, cut, pext);
      ASSERT_EQ(got.size(), 1u) << rows << "x" << cols << " pext " << pext;
      EXPECT_EQ(got[0].cells, cells) << rows << "x" << cols << " pext " << pext;
    }
  }
}

// The r x c grid's nimber with packed entries (which it must get) and with 16-byte ones: equal.
static void expect_packed_as_wide(VertexGame game, int r, int c, std::uint64_t table_bytes, int threads) {
  games::NimberSearchOptions packed, wide;
  packed.table_bytes = wide.table_bytes = table_bytes;
  packed.threads = wide.threads = threads;
  wide.packed_entries = false;
  const auto a = games::kayles_nimber(grid(r, c), game, packed);
  const auto b = games::kayles_nimber(grid(r, c), game, wide);
  EXPECT_EQ(a.nimber, b.nimber) << r << "x" << c << " threads " << threads;
  EXPECT_EQ(a.table_entry_bytes, 8) << r << "x" << c;
  EXPECT_EQ(b.table_entry_bytes, 16) << r << "x" << c;
}

// Packed table entries (one word each, solve::NimberTable "Packed entries"; boards of 51..64
// cells): small boards with keys one word wider take the same path (wide_keys) against the mex
// solver, in tables small enough to replace entries, with 1 and 2 threads (every other board with
// refutation_bytes: 768 buckets of refutations, three times a power of two, solve::TableSizes);
// then grids of 51..64 cells against the 16-byte table.
TEST(NimberSearch, PackedEntriesKeepTheNimber) {
  int boards = 0;
  auto check = [&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, const std::string& name) {
    for (int threads : {1, 2}) {
      games::NimberSearchOptions o;
      o.wide_keys = true;
      o.table_bytes = 1 << 17;  // 1024 buckets of 8 for nimbers, 1024 (or 768) for refutations
      o.table_initial_bytes = 1 << 12;  // raised to the 256 buckets a packed table needs
      o.threads = threads;
      o.grid_keys = boards % 3 != 1;
      if (boards % 2 == 1) o.refutation_bytes = std::uint64_t{3} << 14;  // nimbers: the 80 KiB left, 64 KiB
      const auto r = games::kayles_nimber(g, game, o);
      ASSERT_EQ(r.nimber, truth) << name << " threads " << threads;
      ASSERT_EQ(r.table_entry_bytes, 8) << name;
      ASSERT_EQ(r.refutation_bound_bytes, boards % 2 == 1 ? std::uint64_t{3} << 14 : std::uint64_t{1} << 16) << name;
      ASSERT_EQ(r.nimber_bound_bytes, std::uint64_t{1} << 16) << name;
    }
    ++boards;
  };
  on_small_grids([&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, const std::string& name) {
    check(g, game, truth, name);
  });
  on_small_boards(41, 150, [&](const graph::Graph& g, VertexGame game, cgt::Grundy truth, int i) {
    check(g, game, truth, "board " + std::to_string(i) + " " + g.to_spec());
  });
  EXPECT_EQ(boards, 58 + 300);
  // Boards of 51..64 cells: packed by default, the same nimbers as 16-byte entries.
  for (auto [game, r, c] : {std::tuple{VertexGame::NodeKayles, 3, 17}, {VertexGame::NodeKayles, 4, 16},
                            {VertexGame::NodeKayles, 5, 11}, {VertexGame::NodeKayles, 3, 21}, {VertexGame::NodeKayles, 8, 8},
                            {VertexGame::ArcKayles, 2, 26}, {VertexGame::ArcKayles, 2, 32}}) {  // 8x8, 2x32: 70-bit keys
    expect_packed_as_wide(game, r, c, 1 << 22, 1);  // 64 cells: 70-bit keys, 2^14 buckets at least
  }
}

// A graph of `order` vertices: three random pieces of 4..11 vertices placed at random, the rest
// isolated; its nimber is the nim-sum of the mex solver's on each piece (and *1 per isolated vertex
// in Node-Kayles). Keys of such boards have bits in every word.
struct PiecesBoard {
  graph::Graph g;
  std::vector<graph::Graph> pieces;
  int isolated = 0;
  cgt::Grundy nimber(VertexGame game) const {
    cgt::Grundy x = game == VertexGame::NodeKayles ? static_cast<cgt::Grundy>(isolated % 2) : 0;
    for (const graph::Graph& piece : pieces) x ^= games::KaylesSolver(game).grundy(piece);
    return x;
  }
};
PiecesBoard pieces_board(std::mt19937_64& rng, int order) {
  std::vector<int> place(static_cast<std::size_t>(order));
  for (int v = 0; v < order; ++v) place[static_cast<std::size_t>(v)] = v;
  std::shuffle(place.begin(), place.end(), rng);
  PiecesBoard b{graph::Graph(order, false), {}, 0};
  std::size_t used = 0;
  for (int k = 0; k < 3; ++k) {
    b.pieces.push_back(random_graph(rng, 4 + static_cast<int>(rng() % 8), 0.3));
    const graph::Graph& piece = b.pieces.back();
    for (int u = 0; u < piece.order(); ++u)
      for (int v = u + 1; v < piece.order(); ++v)
        if (piece.has_edge(u, v)) b.g.add_edge(place[used + static_cast<std::size_t>(u)], place[used + static_cast<std::size_t>(v)]);
    used += static_cast<std::size_t>(piece.order());
  }
  b.isolated = order - static_cast<int>(used);
  return b;
}

// `count` boards of `order` vertices (pieces_board, seed `seed`), both games, one thread and two in
// turn: the search's nimber is the pieces' nim-sum, in table entries of `entry_bytes`. Returns
// the searches that agreed.
int expect_pieces_boards(std::uint64_t seed, int count, int order, std::uint64_t table_bytes, int entry_bytes) {
  std::mt19937_64 rng(seed);
  int agreed = 0;
  for (int i = 0; i < count; ++i) {
    const PiecesBoard b = pieces_board(rng, order);
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      games::NimberSearchOptions o;
      o.table_bytes = table_bytes;
      o.threads = 1 + i % 2;
      const auto r = games::kayles_nimber(b.g, game, o);
      EXPECT_EQ(r.nimber, b.nimber(game)) << b.g.to_spec();
      EXPECT_EQ(r.table_entry_bytes, entry_bytes) << b.g.to_spec();
      agreed += r.nimber == b.nimber(game) && r.table_entry_bytes == entry_bytes;
    }
  }
  return agreed;
}

// Boards of two words (65..128 vertices) keyed in two: packed too where the layout has at most
// 80 bits (solve::NimberTable, "Packed entries"): grids of 65..74 cells (the box's last cells in
// the low bits of word 1, below the row length) against the 16-byte table, one and two threads;
// and 70-vertex graphs (tables that replace) of a few random pieces scattered among
// isolated vertices (keys with bits in both words) against the mex solver on each piece (their
// nim-sum, with *1 per isolated vertex in Node-Kayles).
TEST(NimberSearch, TwoWordBoardsPackTheirEntries) {
  for (auto [game, r, c] : {std::tuple{VertexGame::ArcKayles, 2, 33}, {VertexGame::ArcKayles, 2, 34},
                            {VertexGame::ArcKayles, 1, 70}, {VertexGame::NodeKayles, 1, 70},
                            {VertexGame::NodeKayles, 2, 34}, {VertexGame::NodeKayles, 3, 23}}) {
    for (int threads : {1, 2}) expect_packed_as_wide(game, r, c, std::uint64_t{1} << 26, threads);  // 3x23: 75 bits, 2^19 buckets
  }
  // 70 vertices: 70-bit keys, 2^14 buckets (1 MiB) at least.
  EXPECT_EQ(expect_pieces_boards(70, 40, 70, std::uint64_t{1} << 21, 8), 80);
}

// kayles_position_for_check (check-table --local) lists the options as the search expands them,
// simplifications applied: on small boards the nim-sum of each option's components (the immediate
// nimber where it gives one, else the mex solver's) has the mex of the whole board's nimber.
TEST(NimberSearch, PositionForCheckHasTheBoardsOptions) {
  int boards = 0;
  auto check = [&](const graph::Graph& g, VertexGame game, cgt::Grundy want, const std::string& what) {
    std::vector<int> all(static_cast<std::size_t>(g.order()));
    for (int v = 0; v < g.order(); ++v) all[static_cast<std::size_t>(v)] = v;
    const int kw = 1;  // boards of at most 50 cells: one-word keys
    const games::PositionForCheck pos = games::kayles_position_for_check(g, game, all, kw);
    EXPECT_EQ(pos.key.size(), static_cast<std::size_t>(kw)) << what;
    games::KaylesSolver solver(game);
    std::vector<bool> have;
    for (const auto& option : pos.options) {
      cgt::Grundy x = 0;
      for (const auto& c : option) {
        const cgt::Grundy v = solver.grundy(g.induced(c.cells));
        if (c.immediate >= 0) EXPECT_EQ(static_cast<cgt::Grundy>(c.immediate), v) << what;
        x ^= v;
      }
      if (x >= have.size()) have.resize(x + 1, false);
      have[x] = true;
    }
    cgt::Grundy mex = 0;
    while (mex < have.size() && have[mex]) ++mex;
    EXPECT_EQ(mex, want) << what;
    ++boards;
  };
  on_small_grids([&](const graph::Graph& g, VertexGame game, cgt::Grundy want, const std::string& name) {
    check(g, game, want, name);
  });
  on_small_boards(31, 200, [&](const graph::Graph& g, VertexGame game, cgt::Grundy want, int i) {
    check(g, game, want, "board " + std::to_string(i));
  });
  EXPECT_GT(boards, 400);
  // A key width the search never uses for the graph is refused.
  EXPECT_THROW(games::kayles_position_for_check(grid(3, 4), VertexGame::ArcKayles, {0, 1}, 3), InputError);
}

// Tall boards (more than 63 rows, at most 63 columns) are keyed by shape: the key's 6-bit field
// holds a row length, never more than the columns. The nimbers are those of the vertex-set keys,
// on boards of two and four words; a board of 64 columns or more falls back to vertex sets.
TEST(NimberSearch, TallGridsAreKeyedByShape) {
  const std::pair<int, int> boards[] = {{65, 2}, {71, 2}, {21, 3}, {64, 1}};
  for (const auto& [rows, cols] : boards) {
    games::NimberSearchOptions shape, set;
    set.grid_keys = false;
    const auto a = games::kayles_nimber(grid(rows, cols), VertexGame::NodeKayles, shape);
    const auto b = games::kayles_nimber(grid(rows, cols), VertexGame::NodeKayles, set);
    EXPECT_EQ(a.nimber, b.nimber) << rows << "x" << cols;
    EXPECT_EQ(b.key_kind, "vertex set");
    // (Nx1 is found as the path 1xN: N columns, so vertex sets past 63.)
    EXPECT_EQ(a.key_kind, cols == 1 ? "vertex set" : "grid shape") << rows << "x" << cols;
  }
  // (3x66: an open board; only its keying is checked.)
  EXPECT_EQ(games::grid_key_shape(grid(66, 3)), std::make_optional(std::make_pair(66, 3)));
  EXPECT_EQ(games::grid_key_shape(grid(3, 66)), std::nullopt);
  EXPECT_EQ(games::grid_key_shape(grid(3, 63)), std::make_optional(std::make_pair(3, 63)));
}

// check-table --local (table_check.h) on a vertex-set table of a grid (grid keys off): positions
// are keyed by vertex set as the table says, not by shape; every entry agrees with its options.
TEST(NimberSearch, LocalCheckOfAVertexSetTableOfAGrid) {
  const auto path = std::filesystem::temp_directory_path() / ("cgtlab_lc_test_" + std::to_string(::getpid()) + ".tt");
  games::NimberSearchOptions o;
  o.table_file = path.string();
  o.grid_keys = false;
  games::kayles_nimber(grid(3, 6), VertexGame::ArcKayles, o);
  games::TableCheckOptions c;
  c.local = true;
  c.max_cells = 512;
  const games::TableCheckResult r = games::check_nimber_table(path.string(), VertexGame::ArcKayles, c);
  EXPECT_EQ(r.key_kind, "vertex set");
  EXPECT_GT(r.checked, 10u);
  EXPECT_EQ(r.checked, r.eligible);
  EXPECT_EQ(r.confirmed, r.checked);
  EXPECT_EQ(r.mismatched, 0u);
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + ".refutations");
}

// The default split shares the bound (solve/shared_table_bound.h): with a bound of three powers of
// two (96 KiB: nimbers up to 64, refutations 32 fixed), the refutations take 64 KiB while the
// nimber table is small and are halved back before it doubles to 64. The nimber is the fixed
// split's and the mex solver's, with one thread and two; the JSON's halvings count them.
TEST(NimberSearch, SharedBoundKeepsTheNimber) {
  std::uint64_t halvings = 0;
  int grew = 0;
  for (auto [game, r, c] : {std::tuple{VertexGame::ArcKayles, 3, 9}, {VertexGame::ArcKayles, 4, 7},
                            {VertexGame::NodeKayles, 3, 14}, {VertexGame::NodeKayles, 6, 7}}) {
    const auto g = grid(r, c);
    games::KaylesSolver old(game);
    const auto expected = old.grundy(g);
    for (int threads : {1, 2}) {
      for (const bool fixed : {false, true}) {
        games::NimberSearchOptions o;
        o.table_bytes = std::uint64_t{3} << 15;
        o.table_initial_bytes = 1 << 12;
        o.threads = threads;
        if (fixed) o.refutation_bytes = std::uint64_t{1} << 15;
        const auto res = games::kayles_nimber(g, game, o);
        const std::string name = std::to_string(r) + "x" + std::to_string(c) + " threads " + std::to_string(threads);
        ASSERT_EQ(res.nimber, expected) << name << (fixed ? " fixed" : " shared");
        EXPECT_EQ(res.shared_bound, !fixed) << name;
        EXPECT_EQ(res.nimber_bound_bytes, std::uint64_t{1} << 16) << name;
        EXPECT_LE(res.table_bytes, o.table_bytes) << name;
        EXPECT_GE(res.refutation_bound_bytes, std::uint64_t{1} << 15) << name;
        if (fixed) EXPECT_EQ(res.refutation_halvings, 0u) << name;
        halvings += res.refutation_halvings;
        grew += !fixed && res.refutation_bound_bytes > (std::uint64_t{1} << 15);
      }
    }
  }
  EXPECT_GT(halvings, 0u);  // some board's nimber table grew past 32 KiB with the refutations at 64
  EXPECT_GT(grew, 0);       // and some ended with the refutations above the fixed share
}

// Boards of 129..192 vertices whose keys fit three words (grids of at most 178 cells, other graphs
// of at most 184 vertices) key in three (24-byte entries; positions still of four words): the same
// nimbers as the wide keys (five words, 40 bytes), one thread and two, on grids and on a path; the
// nimber of 150-vertex graphs of random pieces among isolated vertices is the nim-sum of the mex
// solver's on each piece (keys with bits in all three words). A 179-cell grid keys in four.
TEST(NimberSearch, FourWordBoardsKeyInThreeWords) {
  for (auto [game, spec] : {std::pair{VertexGame::NodeKayles, "Grid2x65"}, {VertexGame::NodeKayles, "P150"},
                            {VertexGame::ArcKayles, "C140"}}) {
    const graph::Graph g = graph::parse_graph(spec);
    for (int threads : {1, 2}) {
      games::NimberSearchOptions three, wide;
      three.table_bytes = wide.table_bytes = std::uint64_t{1} << 20;  // small: entries are replaced
      three.threads = wide.threads = threads;
      wide.wide_keys = true;
      const auto a = games::kayles_nimber(g, game, three);
      const auto b = games::kayles_nimber(g, game, wide);
      EXPECT_EQ(a.nimber, b.nimber) << spec << " threads " << threads;
      EXPECT_EQ(a.table_entry_bytes, 24) << spec;
      EXPECT_EQ(b.table_entry_bytes, 40) << spec;
    }
  }
  {
    games::NimberSearchOptions o;
    EXPECT_EQ(games::kayles_nimber(graph::parse_graph("Grid2x89"), VertexGame::NodeKayles, o).table_entry_bytes, 24);
    for (int order : {184, 185}) {  // vertex-set keys: 184 vertices and the value byte fill three words
      graph::Graph g(order, false);
      int pairs = 0;
      for (int v = 0; v + 1 < order; v += 3) g.add_edge(v, v + 1), ++pairs;
      const auto r = games::kayles_nimber(g, VertexGame::NodeKayles, o);
      EXPECT_EQ(r.table_entry_bytes, order == 184 ? 24 : 32) << order;
      EXPECT_EQ(r.nimber, static_cast<cgt::Grundy>((order - pairs) % 2)) << order;  // *1 per P2 and per K1
    }
  }
  EXPECT_EQ(expect_pieces_boards(150, 8, 150, std::uint64_t{1} << 16, 24), 16);
}

// A table saved with keys of four words (before three were chosen for these boards) loads into a
// search keyed in three by folding each key's last word into the one below it
// (solve::NimberTable::load, fold_wider): right because the key of a position in three words is
// its key in four with word 3 ORed into word 2, on grids (the row length sits 14 bits below the top
// of the last word, whatever the width) and other graphs (word 3 is empty). Checked on random
// positions of grids of 130 and 177 cells and a 184-vertex path. (tests/cli/results_kayles.sh
// reads the committed four-word trunk of Node-Kayles 3x43 with it.)
TEST(NimberSearch, FourWordKeysFoldIntoThree) {
  std::mt19937_64 rng(4);
  int checked = 0;
  for (auto [game, spec] : {std::pair{VertexGame::NodeKayles, "Grid2x65"}, {VertexGame::ArcKayles, "Grid3x59"},
                            {VertexGame::NodeKayles, "Grid3x59"}, {VertexGame::ArcKayles, "P184"}}) {
    const graph::Graph g = graph::parse_graph(spec);
    for (int i = 0; i < 30; ++i) {
      std::vector<int> cells;
      const int start = static_cast<int>(rng() % static_cast<std::uint64_t>(g.order()));
      const int len = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(g.order() - start));
      for (int v = start; v < start + len; ++v)
        if (rng() % 8 != 0) cells.push_back(v);  // a band with holes: boxes of every width
      if (cells.empty()) continue;
      const auto four = games::kayles_position_for_check(g, game, cells, 4).key;
      const auto three = games::kayles_position_for_check(g, game, cells, 3).key;
      ASSERT_EQ(four.size(), 4u);
      ASSERT_EQ(three.size(), 3u);
      EXPECT_EQ(three[0], four[0]) << spec;
      EXPECT_EQ(three[1], four[1]) << spec;
      EXPECT_EQ(four[2] & four[3], 0u) << spec;
      EXPECT_EQ(three[2], four[2] | four[3]) << spec;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
  // Three words are refused where the keys do not fit them (a grid of 180 cells, a path of 185).
  EXPECT_THROW(games::kayles_position_for_check(graph::parse_graph("Grid3x60"), VertexGame::NodeKayles, {0}, 3),
               InputError);
  EXPECT_THROW(games::kayles_position_for_check(graph::parse_graph("P185"), VertexGame::NodeKayles, {0}, 3), InputError);
}

// --seed-table (NimberSearchOptions::seed_file): a search seeded by another board's saved table (grid-
// shape keys do not name the board) gives the mex solver's nimber. The chain of boards changes rows
// and columns, and alternates keys one word wider (wide_keys, packed entries), so a seed is read
// with keys widened (1 -> 2 words), folded (2 -> 1) and as they are; shapes a packed board cannot
// hold are skipped. Seeded, the chain expands fewer positions than fresh searches.
TEST(NimberSearch, SeedsFromOtherBoardsKeepTheNimber) {
  const std::string dir = std::filesystem::temp_directory_path() / ("cgtlab_seed_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  struct Board {
    int r, c;
    bool wide;
  };
  const std::vector<std::pair<VertexGame, std::vector<Board>>> chains{
      {VertexGame::NodeKayles, {{2, 9, false}, {3, 9, true}, {3, 10, false}, {3, 12, true}, {4, 8, false}, {3, 14, true}, {3, 13, false}}},
      {VertexGame::ArcKayles, {{2, 8, false}, {3, 6, true}, {3, 7, false}, {4, 5, true}, {3, 8, false}, {4, 6, true}, {3, 9, true}, {4, 7, false}}}};
  int widened = 0, folded = 0, fit_neither = 0;
  std::uint64_t skipped = 0;
  for (const auto& [game, boards] : chains) {
    std::uint64_t fresh_nodes = 0, seeded_nodes = 0;
    std::string previous;
    bool previous_wide = false;
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const auto [r, c, wide] = boards[i];
      SCOPED_TRACE(std::to_string(r) + "x" + std::to_string(c) + (wide ? " wide" : "") + " seeded by " + previous);
      const auto g = grid(r, c);
      const auto expected = games::KaylesSolver(game).grundy(g);
      games::NimberSearchOptions o;
      o.table_bytes = 1 << 20;
      o.wide_keys = wide;
      const auto fresh = games::kayles_nimber(g, game, o);
      ASSERT_EQ(fresh.nimber, expected) << r << "x" << c;
      o.table_file = dir + (game == VertexGame::ArcKayles ? "/arc" : "/node") + std::to_string(i) + ".tt";
      o.seed_file = previous;
      const auto seeded = games::kayles_nimber(g, game, o);
      ASSERT_EQ(seeded.nimber, expected) << r << "x" << c << " seeded by " << previous;
      if (!previous.empty()) {
        EXPECT_GT(seeded.seed_entries, 0u) << r << "x" << c;
        EXPECT_GT(seeded.seed_refutations, 0u) << r << "x" << c;
        // Some of a seed is read; what is skipped fits this board neither as it is nor turned (a
        // larger board's long shapes: 3x12's boxes of 9..12 columns on 4x8). (seed_skipped counts
        // the refutations' records too.)
        EXPECT_LT(seeded.seed_skipped, seeded.seed_entries + seeded.seed_refutations) << r << "x" << c;
        // A board that holds the last one, as it is or turned, skips nothing of its seed.
        const Board& p = boards[i - 1];
        if ((p.r <= r && p.c <= c) || (p.r <= c && p.c <= r)) EXPECT_EQ(seeded.seed_skipped, 0u) << r << "x" << c;
        else ++fit_neither;
        widened += wide && !previous_wide;
        folded += !wide && previous_wide;
        skipped += seeded.seed_skipped;
        fresh_nodes += fresh.nodes;
        seeded_nodes += seeded.nodes;
      }
      previous = o.table_file;
      previous_wide = wide;
    }
    EXPECT_LT(seeded_nodes, fresh_nodes) << (game == VertexGame::ArcKayles ? "Arc-Kayles" : "Node-Kayles");
  }
  EXPECT_GE(widened, 4);
  EXPECT_GE(folded, 4);
  EXPECT_GT(skipped, 0u);  // e.g. 4x5's seed (3x7's table): shapes of 3 rows and 6 or 7 columns
  EXPECT_GE(fit_neither, 4);  // the chains step to boards that do not hold the last one
  // A sweep's boards one column apart, each seeded by the last (across 50 cells: 1 -> 2 words):
  // the same nimbers as fresh searches; the seeded ones (3x15..3x20) in a third of the positions
  // or less (1.8 k of 12.8 k).
  std::uint64_t fresh_nodes = 0, seeded_nodes = 0;
  std::string previous;
  for (int c = 14; c <= 20; ++c) {
    SCOPED_TRACE("Node-Kayles 3x" + std::to_string(c));
    games::NimberSearchOptions o;
    o.table_bytes = 1 << 22;
    const auto fresh = games::kayles_nimber(grid(3, c), VertexGame::NodeKayles, o);
    o.table_file = dir + "/sweep" + std::to_string(c) + ".tt";
    o.seed_file = previous;
    const auto seeded = games::kayles_nimber(grid(3, c), VertexGame::NodeKayles, o);
    EXPECT_EQ(seeded.nimber, fresh.nimber);
    if (!previous.empty()) {
      fresh_nodes += fresh.nodes;
      seeded_nodes += seeded.nodes;
    }
    previous = o.table_file;
  }
  EXPECT_LT(seeded_nodes * 3, fresh_nodes);
  // A seed that is not a table of this game (here: the other game's) is refused; so is a missing file.
  games::NimberSearchOptions o;
  o.seed_file = dir + "/arc0.tt";
  EXPECT_THROW(games::kayles_nimber(grid(3, 5), VertexGame::NodeKayles, o), InputError);
  o.seed_file = dir + "/none.tt";
  EXPECT_THROW(games::kayles_nimber(grid(3, 5), VertexGame::NodeKayles, o), InputError);
  std::filesystem::remove_all(dir);
}

// --after (NimberSearchOptions::removed): the position after random moves on small grids, searched
// on the board's shape keys, has the mex solver's nimber of the induced subgraph that is left, and
// its witnesses are moves of that position (never of a deleted vertex). kayles_played plays the moves
// by the names the winning moves are given.
TEST(NimberSearch, PositionsAfterMovesMatchTheMexSolver) {
  std::mt19937_64 rng(17);
  int checked = 0;
  for (int i = 0; i < 60; ++i) {
    const int r = 2 + static_cast<int>(rng() % 3), c = 3 + static_cast<int>(rng() % 4);
    const auto g = grid(r, c);
    for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
      // One or two moves, chosen among the legal ones by name.
      std::vector<char> gone(static_cast<std::size_t>(g.order()), 0);
      std::string moves;
      const int count = 1 + static_cast<int>(rng() % 2);
      for (int k = 0; k < count; ++k) {
        std::vector<std::string> legal;
        for (int u = 0; u < g.order(); ++u) {
          if (gone[u]) continue;
          if (game == VertexGame::NodeKayles) legal.push_back(g.vertex_name(u));
          else
            for (int v = u + 1; v < g.order(); ++v)
              if (!gone[v] && g.has_edge(u, v)) legal.push_back(g.vertex_name(u) + "-" + g.vertex_name(v));
        }
        if (legal.empty()) break;
        const std::string m = legal[rng() % legal.size()];
        moves += (moves.empty() ? "" : ",") + m;
        for (int v : games::kayles_played(g, game, moves)) gone[v] = 1;
      }
      if (moves.empty()) continue;
      games::NimberSearchOptions o;
      o.removed = games::kayles_played(g, game, moves);
      std::vector<int> left;
      for (int v = 0; v < g.order(); ++v)
        if (std::find(o.removed.begin(), o.removed.end(), v) == o.removed.end()) left.push_back(v);
      const auto rest = g.induced(left);
      games::KaylesSolver old(game);
      const auto res = games::kayles_nimber(g, game, o);
      EXPECT_EQ(res.nimber, old.grundy(rest)) << "Grid" << r << "x" << c << " after " << moves;
      for (const auto& w : res.witnesses) {
        const std::string first = w.move.substr(0, w.move.find('-'));
        EXPECT_EQ(std::find(o.removed.begin(), o.removed.end(), g.vertex(first)), o.removed.end())
            << "witness " << w.move << " plays a deleted vertex after " << moves;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(KaylesPlayed, DeletesWhatEachMoveDeletesAndRefusesIllegalMoves) {
  const auto g = grid(3, 3);  // 0 1 2 / 3 4 5 / 6 7 8
  auto sorted = [](std::vector<int> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  EXPECT_EQ(sorted(games::kayles_played(g, VertexGame::NodeKayles, "4")), (std::vector<int>{1, 3, 4, 5, 7}));
  EXPECT_EQ(sorted(games::kayles_played(g, VertexGame::NodeKayles, "4,0")), (std::vector<int>{0, 1, 3, 4, 5, 7}));
  EXPECT_EQ(sorted(games::kayles_played(g, VertexGame::ArcKayles, "1-0,4-7")), (std::vector<int>{0, 1, 4, 7}));
  for (const char* bad : {"", "4,1", "4,,0", "9", "x"})
    EXPECT_THROW(games::kayles_played(g, VertexGame::NodeKayles, bad), InputError) << bad;
  for (const char* bad : {"0-4", "0-1,1-2", "0", "0-9"})
    EXPECT_THROW(games::kayles_played(g, VertexGame::ArcKayles, bad), InputError) << bad;
}
