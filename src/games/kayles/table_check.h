// A second method for a saved nimber table: a record run's value rests on a table that several
// runs (and builds) wrote, so a sample of its entries is solved again by another algorithm.
// Each entry of a table file (solve/nimber_table.h: `grundy --table`, `--trunk`, and the
// refutations beside them, FILE.refutations) is turned back into its position (a grid shape, or a
// vertex set of the graph the file names) and solved by KaylesSolver (solver.h: the exhaustive mex
// solver, with nauty keys and no simplifications, no outcome search), which must give the stored
// nimber, or for a refutation ("the nimber is not v" for the values v < 8 it lists) a nimber
// outside the values it excludes.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cgt/nimber.h"
#include "games/kayles/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

struct TableCheckOptions {
  std::uint64_t sample = 1000;  // entries checked: a uniform sample of those within the sizes
  int min_cells = 1;            // sizes (vertices) of the entries sampled
  int max_cells = 24;
  std::uint64_t seed = 1;  // the sample's random generator (std::mt19937_64)
  solve::SearchLimits limits;  // the exhaustive solver's caps (CapReached when one is reached)
  std::function<void(const std::string&)> progress;  // a line now and then (reading, solving)
};

struct TableCheckMismatch {
  std::string position;  // a grid shape as rows of # and . joined by /, or a vertex set {0,3,5}
  int stored = 0;        // the stored nimber, or for a refutation the bits of the excluded values
  cgt::Grundy computed = 0;
};

struct TableCheckResult {
  std::string game;      // the file's game line
  std::string key_kind;  // "grid shape" or "vertex set"
  bool refutations = false;  // a refutation table (FILE.refutations)
  std::uint64_t entries = 0;   // records in the file
  std::uint64_t eligible = 0;  // ... of a size within [min_cells, max_cells]
  std::uint64_t checked = 0;   // ... solved again (min(sample, eligible))
  std::uint64_t mismatched = 0;
  std::map<int, std::uint64_t> checked_by_cells;
  std::map<int, std::uint64_t> entries_by_cells;  // every record, by its size
  std::vector<TableCheckMismatch> mismatches;     // the first 20
  double seconds = 0;
};

// Checks the table file at path for the game (see the top of the file). Throws InputError when
// the file is not a table of this game, holds keys that are no positions (iso keys are graph
// codes: refused), or names a graph that does not parse; CapReached from the solver's limits.
TableCheckResult check_nimber_table(const std::string& path, VertexGame game, const TableCheckOptions& options);

}  // namespace cgtlab::games
