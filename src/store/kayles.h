// Nimbers of Arc-Kayles (Cram) and Node-Kayles on grids through the result store: sweeps of
// GridRxC over a range of columns, each cell by games::kayles_nimber (the engine of
// `arckayles grundy --value-only` and `nodekayles grundy --value-only`).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "games/kayles/nimber_search.h"
#include "games/kayles/rules.h"
#include "store/store.h"
#include "store/sweep.h"
#include "util/comm.h"

namespace cgtlab::store {

// Version of the nimber search as the store sees it: raise it whenever a stored nimber of an
// older version must no longer be used.
inline constexpr int kKaylesNimberVersion = 1;

// "arckayles grundy" / "nodekayles grundy" with parameters {"graph": spec}: the nimber does not
// depend on the search's settings (table size, threads), so they are not part of the key.
Key kayles_nimber_key(games::VertexGame game, const std::string& graph);

struct GridCell : CellReport {  // status "found" or "capped"
  int rows = 0, cols = 0;
  std::optional<int> nimber;  // null when capped
  std::uint64_t positions = 0;  // expanded by the computation (stored: the stored run's); 0 when capped
};

// The boards and the per-cell search; store, comm, bytes_exchanged, on_cell: store/sweep.h.
struct GridSweepOptions : SweepRun<GridCell> {
  games::VertexGame game = games::VertexGame::ArcKayles;
  int rows = 1, cols_lo = 1, cols_hi = 1;
  // Per cell: table_bytes (the memory bound), threads, max_nodes (--max-positions).
  games::NimberSearchOptions search;
  double max_seconds = 0;  // per cell wall time; 0: no cap
  // When set: each computed cell's search is seeded by the table the last computed cell left in
  // this file (with its refutations, FILE.refutations), and leaves its own there (NimberSearchOptions::
  // seed_file: grid-shape keys do not name the board, so a board's search starts from what the
  // smaller boards before it proved). Under several ranks each rank has its own, FILE.rankR. The
  // nimbers do not depend on it. The cell's table is saved to FILE.next (at the end, every
  // search.checkpoint_seconds, when stopped), then moved to FILE; a FILE.next left by a sweep that
  // ended unsaved is carried on before the next cell starts, so that cell starts from it.
  std::string carry_file;
  // When set: called as each computed cell's search starts, with the cell's columns and the status
  // that search writes (a progress log reads it from its own thread, holding the pointer), and
  // with the columns and null when it ends.
  std::function<void(int cols, std::shared_ptr<solve::NimberStatus>)> on_search;
};

// The nimber of GridRxC for C in [cols_lo, cols_hi]. Throws InputError for rows < 1, an empty
// or backward range, or a grid beyond the engine's 512 vertices.
std::vector<GridCell> sweep_grid_nimbers(const GridSweepOptions& options);
nlohmann::json to_json(const GridCell& c);

}  // namespace cgtlab::store
