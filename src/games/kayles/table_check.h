// A second method for a saved nimber table: a record run's value rests on a table that several
// runs (and builds) wrote, so a sample of its entries is solved again by another algorithm.
// Each entry of a table file (solve/nimber_table.h: `grundy --table`, `--trunk`, and the
// refutations beside them, FILE.refutations and FILE.refutations-high) is turned back into its position (a grid shape, or a
// vertex set of the graph the file names) and solved by KaylesSolver (solver.h: the exhaustive mex
// solver, with nauty keys and no simplifications, no outcome search), which must give the stored
// nimber, or for a refutation ("the nimber is not v" for the values v < 8 it lists; in
// FILE.refutations-high, game "... refutations-high", the values 8 + b for its bits b) a nimber
// outside the values it excludes.
//
// The exhaustive solver cannot reach the largest entries (past ~42 cells of Cram it needs more
// than 6 GiB), the root among them, so a second check looks at them locally (options.local):
// each sampled entry is expanded by the search's own rules (nimber_search.h,
// kayles_position_for_check), and its options' components are looked up in the same table and
// its refutations (small ones missing there are solved by KaylesSolver). A nimber g is confirmed
// when every value below g is the exact value of an option and every option is shown not to be g
// (its exact value; or its one unknown component u beside known ones of nim-sum x with the
// refutation "u is not g ^ x"; or, one level deeper, a move in one of its unknown components to a
// position of exact value g, e.g. a copying reply; equal unknown components cancel); a refutation
// "not v" when an option has the exact value v, or when some u < v is shown missing from the
// options. An entry is wrong (a disagreement) when an option's exact value is the stored nimber,
// or its options prove another value m (every value below m an option's exact value, every option
// shown not to be m; for a refutation: m a value it excludes). Anything else is incomplete:
// the table does not hold enough of the options to decide (counted, not claimed). So a confirmed
// entry is implied by other entries of the table; with the exhaustive check of the small entries,
// a sampled induction over the table (evidence, not a proof).
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
  bool local = false;  // the local check (above) instead of solving the entries again
  // The local check's board: a grid-shape table does not name it (its keys depend on the rows), so
  // the graph of the run that wrote it (GridRxC) is needed; a vertex-set table names its own.
  std::string board;
  int solve_cells = 16;  // the local check: components missing from the table of at most this many cells are solved
};

struct TableCheckMismatch {
  std::string position;  // a grid shape as rows of # and . joined by /, or a vertex set {0,3,5}
  int stored = 0;        // the stored nimber, or for a refutation the bits of the excluded values (bit v: not v)
  cgt::Grundy computed = 0;
  std::string why;  // the local check: what contradicts the entry
};

struct TableCheckResult {
  std::string game;      // the file's game line
  std::string key_kind;  // "grid shape" or "vertex set"
  bool refutations = false;  // a refutation table (FILE.refutations or FILE.refutations-high)
  int refutation_base = 0;   // ... whose flag bit b excludes the value refutation_base + b (8: -high)
  std::uint64_t entries = 0;   // records in the file
  std::uint64_t eligible = 0;  // ... of a size within [min_cells, max_cells]
  std::uint64_t checked = 0;   // ... solved again (min(sample, eligible))
  std::uint64_t mismatched = 0;
  std::map<int, std::uint64_t> checked_by_cells;
  std::map<int, std::uint64_t> entries_by_cells;  // every record, by its size
  std::vector<TableCheckMismatch> mismatches;     // the first 20
  // The local check: entries confirmed by their options, and those left undecided (incomplete)
  // because a value below the nimber has no option known to have it (missing_lower) or an option
  // is not shown to differ from it (unresolved); options looked up and components solved.
  std::uint64_t confirmed = 0, incomplete = 0, missing_lower = 0, unresolved = 0;
  std::uint64_t options = 0, components_solved = 0;
  std::string board;  // the graph the positions were placed on
  double seconds = 0;
};

// Checks the table file at path for the game (see the top of the file). Throws InputError when
// the file is not a table of this game, holds keys that are no positions (iso keys are graph
// codes: refused), or names a graph that does not parse; CapReached from the solver's limits.
TableCheckResult check_nimber_table(const std::string& path, VertexGame game, const TableCheckOptions& options);

}  // namespace cgtlab::games
