// Endgame databases (games/kayles/endgame_db.h): every entry of the small sizes against the
// exhaustive mex solver (KaylesSolver), the database against an independent enumeration of
// shapes, searches with and without it on every small grid, and its file checks.
#include "games/kayles/endgame_db.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <string>

#include <unistd.h>

#include "games/kayles/nimber_search.h"
#include "games/kayles/solver.h"
#include "graph/graph.h"
#include "util/error.h"

using namespace cgtlab;
using games::EndgameDb;
using games::VertexGame;

namespace {

graph::Graph grid(int r, int c) { return graph::parse_graph("Grid" + std::to_string(r) + "x" + std::to_string(c)); }

// The grid graph induced by the cells of box rows (row i: bit j = cell (i, j)).
graph::Graph shape_graph(const std::vector<std::uint64_t>& rows, int width) {
  std::vector<int> id(rows.size() * width, -1);
  int n = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int j = 0; j < width; ++j)
      if (rows[i] >> j & 1) id[i * width + j] = n++;
  graph::Graph g(n, false);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (int j = 0; j < width; ++j) {
      const int v = id[i * width + j];
      if (v < 0) continue;
      if (j + 1 < width && id[i * width + j + 1] >= 0) g.add_edge(v, id[i * width + j + 1]);
      if (i + 1 < rows.size() && id[(i + 1) * width + j] >= 0) g.add_edge(v, id[(i + 1) * width + j]);
    }
  return g;
}

bool connected(std::uint64_t m, int width) {
  if (m == 0) return false;
  std::uint64_t comp = m & (~m + 1);
  for (;;) {
    std::uint64_t next = comp | (comp << width) | (comp >> width);
    std::uint64_t left = 0, right = 0;
    for (std::uint64_t x = comp; x; x &= x - 1) {
      const int b = std::countr_zero(x);
      if (b % width + 1 < width) right |= std::uint64_t{1} << (b + 1);
      if (b % width > 0) left |= std::uint64_t{1} << (b - 1);
    }
    next = (next | left | right) & m;
    if (next == comp) return comp == m;
    comp = next;
  }
}

EndgameDb build(VertexGame game, int rows, int cells) {
  games::NimberSearchOptions o;
  o.table_bytes = 16 << 20;
  return games::build_endgame_db(game, rows, cells, o, 10'000'000);
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("cgtlab-egdb-" + std::to_string(::getpid()) + "-" + name)).string();
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void write_all(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

}  // namespace

// Every entry is a connected shape within the database's rows and cells whose nimber the
// exhaustive mex solver confirms.
TEST(EndgameDb, EveryEntryMatchesTheMexSolver) {
  struct Size {
    VertexGame game;
    int rows, cells;
  };
  for (const Size s : {Size{VertexGame::ArcKayles, 1, 14}, Size{VertexGame::ArcKayles, 2, 12},
                       Size{VertexGame::ArcKayles, 3, 10}, Size{VertexGame::ArcKayles, 4, 9},
                       Size{VertexGame::ArcKayles, 5, 8}, Size{VertexGame::NodeKayles, 3, 9},
                       Size{VertexGame::NodeKayles, 4, 8}}) {
    const EndgameDb db = build(s.game, s.rows, s.cells);
    ASSERT_GT(db.size(), 0u);
    games::KaylesSolver mex(s.game);
    for (const auto& e : db.entries()) {
      int width = 0;
      const auto rows = EndgameDb::shape_rows(e.key, width);
      ASSERT_FALSE(rows.empty());
      ASSERT_LE(static_cast<int>(rows.size()), s.rows);
      std::uint64_t packed = 0;
      for (std::size_t i = 0; i < rows.size(); ++i) packed |= rows[i] << (i * width);
      ASSERT_TRUE(connected(packed, width)) << e.key;
      ASSERT_LE(std::popcount(packed), s.cells);
      EXPECT_EQ(db.get(e.key), e.nimber);
      EXPECT_EQ(static_cast<int>(mex.grundy(shape_graph(rows, width))), e.nimber)
          << (s.game == VertexGame::ArcKayles ? "Arc" : "Node") << " rows " << s.rows << " key " << e.key;
    }
  }
}

// The database against an independent enumeration: every connected subset of a 3x7 box of at
// most 10 cells (all 2^21 subsets tried) that the search can meet is in the 3-row, 10-cell
// database with the nimber the search gives it; and the database has nothing else of that box.
TEST(EndgameDb, HoldsEveryShapeTheSearchMeets) {
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles}) {
    const int R = 3, W = 7, S = 10;
    const EndgameDb db = build(game, R, S);
    std::vector<std::uint64_t> shapes;
    for (std::uint64_t m = 1; m < (std::uint64_t{1} << (R * W)); ++m)
      if (std::popcount(m) <= S && connected(m, W)) shapes.push_back(m);
    games::NimberSearchOptions o;
    o.table_bytes = 16 << 20;
    const auto found = games::grid_shape_nimbers(game, R, W, W, shapes, o);
    std::set<std::uint64_t> keys;
    for (const auto& f : found) {
      if (f.nimber < 0) continue;
      keys.insert(f.key);
      EXPECT_EQ(db.get(f.key), f.nimber) << "key " << f.key;
    }
    EXPECT_GT(keys.size(), 500u);
    // Conversely every entry whose stored image fits the box (it does when any image with at
    // most 3 rows does: the stored one has the least row length) was met.
    std::size_t in_box = 0;
    for (const auto& e : db.entries()) {
      int width = 0;
      EndgameDb::shape_rows(e.key, width);
      if (width <= W) ++in_box;
    }
    EXPECT_EQ(in_box, keys.size()) << (game == VertexGame::ArcKayles ? "Arc" : "Node");
  }
}

// The keys do not depend on the board the shapes are placed on: one word (3x12), two key words
// (3x17: 51 cells + the row length's 14 bits), several position words (3x63, the multi-word key).
TEST(EndgameDb, KeysAreTheSameOnEveryBoardOfTheRows) {
  const EndgameDb db = build(VertexGame::ArcKayles, 3, 12);
  std::vector<std::uint64_t> shapes;
  for (std::uint64_t m = 1; m < (std::uint64_t{1} << 18); ++m)
    if (std::popcount(m) <= 12 && connected(m, 6)) shapes.push_back(m);
  games::NimberSearchOptions o;
  o.table_bytes = 16 << 20;
  const auto a = games::grid_shape_nimbers(VertexGame::ArcKayles, 3, 12, 6, shapes, o);
  for (int cols : {6, 17, 63}) {
    const auto b = games::grid_shape_nimbers(VertexGame::ArcKayles, 3, cols, 6, shapes, o);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].key, b[i].key) << "cols " << cols << " shape " << shapes[i];
      EXPECT_EQ(a[i].nimber, b[i].nimber);
      if (a[i].nimber >= 0) EXPECT_EQ(db.get(a[i].key), a[i].nimber);
    }
  }
}

// The same nimbers with and without a database on every grid the nimber_search tests use (and
// a few larger), for databases of several sizes; the database never answers for another game,
// another row count, a board narrower than tall, or a graph that is not a grid.
TEST(EndgameDb, SearchesWithAndWithoutTheDatabaseAgree) {
  for (auto game : {VertexGame::ArcKayles, VertexGame::NodeKayles})
    for (int r = 1; r <= 5; ++r) {
      const int max_cols = r <= 2 ? 11 : r == 3 ? 9 : r == 4 ? 6 : 5;
      const int cells_max = std::min(r == 1 ? 14 : r == 2 ? 12 : r == 3 ? 12 : r == 4 ? 9 : 8, 64 / r);
      for (int cells : {4, cells_max}) {
        const EndgameDb db = build(game, r, cells);
        for (int c = r; c <= max_cols; ++c) {
          games::NimberSearchOptions o;
          o.table_bytes = 1 << 20;
          const auto plain = games::kayles_nimber(grid(r, c), game, o);
          o.endgame_db = &db;
          const auto with = games::kayles_nimber(grid(r, c), game, o);
          EXPECT_EQ(with.nimber, plain.nimber) << r << "x" << c << " db cells " << cells;
          o.endgame_db_preload = true;
          EXPECT_EQ(games::kayles_nimber(grid(r, c), game, o).nimber, plain.nimber) << r << "x" << c << " preloaded";
          o.endgame_db_preload = false;
          o.winning_moves = true;
          const auto moves = games::kayles_nimber(grid(r, c), game, o);
          o.endgame_db = nullptr;
          const auto moves_plain = games::kayles_nimber(grid(r, c), game, o);
          ASSERT_EQ(moves.moves.size(), moves_plain.moves.size()) << r << "x" << c;
          for (std::size_t i = 0; i < moves.moves.size(); ++i) EXPECT_EQ(moves.moves[i].deleted, moves_plain.moves[i].deleted);
        }
      }
    }
  const EndgameDb db3 = build(VertexGame::ArcKayles, 3, 8);
  games::NimberSearchOptions o;
  o.endgame_db = &db3;
  EXPECT_THROW(games::kayles_nimber(grid(3, 5), VertexGame::NodeKayles, o), InputError);
  EXPECT_THROW(games::kayles_nimber(grid(4, 5), VertexGame::ArcKayles, o), InputError);
  EXPECT_THROW(games::kayles_nimber(grid(5, 3), VertexGame::ArcKayles, o), InputError);
  EXPECT_THROW(games::kayles_nimber(graph::parse_graph("C6"), VertexGame::ArcKayles, o), InputError);
  o.grid_keys = false;
  EXPECT_THROW(games::kayles_nimber(grid(3, 5), VertexGame::ArcKayles, o), InputError);
}

// The 4-cycle rule (nimber_search.cpp, cut_edges): random shapes of 4x5 and 5x5 boxes searched on
// the grid, whose positions the rule cuts wherever a 2x2 block has two opposite corners free only
// inside it, against the mex solver on each shape's own graph, with the rule and without it. A
// shape the rule splits is not one component for the search (nimber -1) when the rule is on.
TEST(FourCycleRule, ShapesKeepTheirNimbers) {
  std::mt19937_64 rng(4444);
  std::bernoulli_distribution keep(0.8);
  for (const int R : {4, 5}) {
    const int W = 5;
    std::vector<std::uint64_t> shapes;
    while (shapes.size() < 150) {
      std::uint64_t m = 0;
      for (int b = 0; b < R * W; ++b)
        if (keep(rng)) m |= std::uint64_t{1} << b;
      if (connected(m, W)) shapes.push_back(m);
    }
    std::vector<int> without, truth(shapes.size(), -1);  // the mex solver's, once per shape
    for (const bool rule : {false, true}) {
      games::NimberSearchOptions o;
      o.table_bytes = 4 << 20;
      o.four_cycles = rule;
      const auto found = games::grid_shape_nimbers(VertexGame::ArcKayles, R, W, W, shapes, o);
      int compared = 0, split = 0;
      for (std::size_t i = 0; i < shapes.size(); ++i) {
        if (!rule) without.push_back(found[i].nimber);
        if (found[i].nimber < 0) {
          split += rule && without[i] >= 0;
          continue;
        }
        if (truth[i] < 0) {
          std::vector<std::uint64_t> rows;
          rows.reserve(static_cast<std::size_t>(R));
          for (int r = 0; r < R; ++r) rows.push_back(shapes[i] >> (r * W) & ((std::uint64_t{1} << W) - 1));
          games::KaylesSolver mex(VertexGame::ArcKayles);
          truth[i] = static_cast<int>(mex.grundy(shape_graph(rows, W)));
        }
        EXPECT_EQ(truth[i], found[i].nimber)
            << R << "x" << W << " shape " << shapes[i] << " rule " << rule;
        ++compared;
      }
      EXPECT_GT(compared, 100) << R << " rule " << rule;
      if (rule) EXPECT_GT(split, 0) << R;
    }
  }
}

TEST(EndgameDb, SizesBeyondTheKeysAreRefused) {
  games::NimberSearchOptions o;
  EXPECT_THROW(games::build_endgame_db(VertexGame::ArcKayles, 3, 19, o, 1000), InputError);
  EXPECT_THROW(games::build_endgame_db(VertexGame::ArcKayles, 4, 16, o, 1000), InputError);
  EXPECT_THROW(games::build_endgame_db(VertexGame::ArcKayles, 5, 13, o, 1000), InputError);
  EXPECT_THROW(games::build_endgame_db(VertexGame::ArcKayles, 9, 5, o, 1000), InputError);
  EXPECT_THROW(games::build_endgame_db(VertexGame::ArcKayles, 3, 12, o, 100), CapReached);
}

TEST(EndgameDb, FileRoundTripAndBadFiles) {
  const EndgameDb db = build(VertexGame::ArcKayles, 3, 9);
  const std::string path = temp_path("a.db");
  db.save(path);
  const EndgameDb back = EndgameDb::load(path);
  EXPECT_EQ(back.game(), VertexGame::ArcKayles);
  EXPECT_EQ(back.rows(), 3);
  EXPECT_EQ(back.max_cells(), 9);
  ASSERT_EQ(back.size(), db.size());
  const auto a = db.entries(), b = back.entries();
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].key, b[i].key);
    EXPECT_EQ(a[i].nimber, b[i].nimber);
  }
  const std::string good = read_all(path);
  const std::string bad = temp_path("bad.db");
  auto refused = [&](const std::string& bytes, const std::string& what) {
    write_all(bad, bytes);
    try {
      EndgameDb::load(bad);
      ADD_FAILURE() << what << ": loaded";
    } catch (const InputError& e) {
      const std::string m = e.what();
      EXPECT_EQ(m.find('\n'), std::string::npos) << what;
      EXPECT_NE(m.find(bad), std::string::npos) << what << ": " << m;
    }
  };
  std::string flipped = good;
  flipped[flipped.size() - 3] ^= 0x10;
  refused(flipped, "a payload byte changed");
  refused(good.substr(0, good.size() - 5), "truncated payload");
  refused(good.substr(0, 30), "truncated header");
  refused(good + "x", "a byte appended");
  refused("", "empty file");
  refused("cgtlab-nimber-table 1\nkey-words 1\ngame arckayles grid-shape\nentries 0\n", "a nimber table");
  std::string v2 = good;
  v2.replace(v2.find(" 1\n"), 3, " 2\n");
  refused(v2, "format 2");
  std::string rows = good;
  rows.replace(rows.find("rows 3"), 6, "rows 9");
  refused(rows, "rows out of range");
  std::string cells = good;
  cells.replace(cells.find("max-cells 9"), 11, "max-cells 8");
  refused(cells, "an entry larger than max-cells");
  EXPECT_THROW(EndgameDb::load(temp_path("missing.db")), InputError);
  std::filesystem::remove(path);
  std::filesystem::remove(bad);
}
