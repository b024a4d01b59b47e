// cgtlab sweep: every cell of a range, each looked up in or added to a result store. The
// work is store::sweep_pebbling (src/store/pebbling.h) and store::sweep_grid_nimbers
// (src/store/kayles.h), both through store::run_cells (src/store/sweep.h); this file parses and
// prints.
#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "cli/ranks.h"
#include "cli/search_progress.h"
#include "store/kayles.h"
#include "store/pebbling.h"
#include "util/error.h"

namespace cgtlab::cli {

namespace {

struct SweepArgs {
  std::string n_range, k_range, store_file;
  int max_total = 120;
  double cell_seconds = 0;
  bool json = false;
  std::string format;
  std::uint64_t max_positions = 0;
  double progress = 0;  // --progress SECONDS (0: the terminal's line only)
  // sweep cram / nodekayles
  int rows = 0;
  std::string cols_range;
  int threads = 1;
  std::uint64_t table_mib = 1024;
  bool table_mib_given = false;
  std::string carry_table;  // --carry-table (empty: each cell a fresh table)
  double checkpoint = 300;  // --checkpoint SECONDS: saves of a cell's carried table
};

std::pair<int, int> range_of(const std::string& text, const char* flag) {
  auto number = [&](std::string_view s) {
    int v = 0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) {
      throw InputError(std::string(flag) + ": expected A..B or a single integer, got '" + text + "'");
    }
    return v;
  };
  auto dots = text.find("..");
  if (dots == std::string::npos) return {number(text), number(text)};
  auto r = std::pair{number(std::string_view(text).substr(0, dots)), number(std::string_view(text).substr(dots + 2))};
  if (r.second < r.first) throw InputError(std::string(flag) + ": the range " + text + " runs backwards");
  return r;
}

// What both sweeps share: --store opened on rank 0, the run's ranks, the byte count, and a
// progress line per cell ("sweep: 3 of 8 cells; " + what(cell), "(stored)" when looked up).
// Returns the store, which must outlive the sweep.
template <class Cell, class What>
std::unique_ptr<store::Store> attach_run(store::SweepRun<Cell>& o, const SweepArgs& a, std::uint64_t& bytes, What what) {
  std::unique_ptr<store::Store> st;
  if (!a.store_file.empty()) st = store::open_on_rank0(a.store_file, run_comm());
  o.store = st.get();
  o.comm = run_comm();
  o.bytes_exchanged = &bytes;
  o.on_cell = [what](const Cell& c, int done, int cells) {
    progress(fmt::format("sweep: {} of {} cells; {}{}", done, cells, what(c), c.from_store ? " (stored)" : ""));
  };
  // Ctrl-C, kill and the memory save line (StopScope, around the sweep) stop the cell being
  // computed (its search gets the same flag) and leave the cells after it not started.
  o.stop = stop_flag();
  o.stop_cause = stop_cause;
  return st;
}

// After a stopped sweep has printed its cells: one line on stderr and exit code 2, since the
// sweep is not complete. The cells finished before the stop are in the --store; so are a Cram or
// Node-Kayles cell's proofs in the --carry-table, from which the rerun's cell starts.
template <class Cell>
void raise_if_stopped(const std::vector<Cell>& cells, const SweepArgs& a) {
  if (!stop_flag()->load()) return;
  const auto open = std::count_if(cells.begin(), cells.end(), [](const Cell& c) { return c.status == "capped"; });
  throw CapReached(fmt::format("sweep {}: {} of {} cells not finished{}{}", stop_cause(), open, cells.size(),
                               a.store_file.empty() ? "" : "; a rerun with the same --store computes only those",
                               a.carry_table.empty() ? "" : "; what the stopped cell proved is in the --carry-table, where the rerun starts"));
}

// --progress SECONDS for the sweeps: a line every SECONDS on stderr (also to a file) with the cells
// known so far and what the cell being computed says of itself. The sweep's callbacks write a
// Watch (the cells known; the cell's state, which `clear` resets when a cell is known); the
// ticker's thread reads it, both under its mutex.
template <class State>
struct Watch {
  std::mutex m;
  int known = 0;
  State state;
};

template <class State, class Options>
std::shared_ptr<Watch<State>> watch_cells(Options& o) {
  auto watch = std::make_shared<Watch<State>>();
  o.on_cell = [watch, inner = o.on_cell](const auto& c, int done, int cells) {
    {
      std::lock_guard lock(watch->m);
      watch->known = done;
      watch->state.clear();
    }
    if (inner) inner(c, done, cells);
  };
  return watch;
}

// Reads the watch under its mutex: the head "sweep: K of N cells known", then `; ` and
// what(state) when that is not empty.
template <class State, class What>
void log_cells(const std::shared_ptr<Watch<State>>& watch, int cells, double seconds, What what) {
  start_progress_log(seconds, [watch, cells, what]() mutable {
    std::lock_guard lock(watch->m);
    const std::string head = fmt::format("sweep: {} of {} cells known", watch->known, cells);
    const std::string cell = what(watch->state);
    return cell.empty() ? head : head + "; " + cell;
  });
}

// A grid cell's state: its board's columns and its search's status (cli/search_progress.h).
struct GridState {
  int cols = 0;
  std::shared_ptr<solve::NimberStatus> status;
  void clear() {}  // the sweep's on_search(cols, nullptr) ends a search's status
};

void log_grid_cells(store::GridSweepOptions& o, double seconds) {
  auto watch = watch_cells<GridState>(o);
  o.on_search = [watch](int cols, std::shared_ptr<solve::NimberStatus> status) {
    std::lock_guard lock(watch->m);
    watch->state.status = std::move(status);
    watch->state.cols = cols;
  };
  log_cells(watch, o.cols_hi - o.cols_lo + 1, seconds,
            [rows = o.rows, line = SearchProgressLine(o.search.table_bytes >> 20)](const GridState& s) mutable {
              return s.status ? fmt::format("{}x{}: {}", rows, s.cols, line(*s.status)) : std::string();
            });
}

// A pebbling cell's state: K_n (n 0: no cell being computed), k, and the last total its search
// finished (-1: none yet).
struct PebblingState {
  int n = 0, k = 0, total = -1;
  std::size_t stored = 0;
  void clear() { *this = PebblingState{}; }
};

void log_pebbling_cells(store::SweepOptions& o, double seconds) {
  auto watch = watch_cells<PebblingState>(o);
  o.on_layer = [watch](int n, int k, int total, std::size_t stored) {
    std::lock_guard lock(watch->m);
    watch->state = PebblingState{n, k, total, stored};
  };
  const int cells = (o.n_hi - o.n_lo + 1) * (o.k_hi - o.k_lo + 1);
  log_cells(watch, cells, seconds, [bound = o.threshold.max_total](const PebblingState& s) {
    if (s.n == 0) return std::string();
    if (s.total < 0) return fmt::format("K{} k={}: started", s.n, s.k);
    return fmt::format("K{} k={}: searched to total {} (bound {}), {} classes stored at it", s.n, s.k, s.total, bound,
                       s.stored);
  });
}

void run_sweep_pebbling(const SweepArgs& a) {
  store::SweepOptions o;
  std::tie(o.n_lo, o.n_hi) = range_of(a.n_range, "--n");
  std::tie(o.k_lo, o.k_hi) = range_of(a.k_range, "--k");
  if (a.max_total < 0 || a.max_total > 60000) throw InputError("--max-total must be between 0 and 60000");
  if (a.cell_seconds < 0) throw InputError("--cell-seconds must be >= 0");
  const std::string format = output_format(a.format, a.json, kTableFormats);
  o.threshold.max_total = a.max_total;
  o.threshold.max_seconds = a.cell_seconds;
  o.threshold.limits = search_limits(a.max_positions);
  std::uint64_t bytes = 0;
  auto st = attach_run(o, a, bytes, [](const store::SweepCell& c) {
    return fmt::format("K{} k={}: {}", c.n, c.k, c.m ? std::to_string(*c.m) : c.status);
  });
  o.threshold.limits.interrupt = stop_flag();
  if (a.progress > 0) log_pebbling_cells(o, a.progress);
  std::vector<store::SweepCell> cells;
  {
    StopScope stops;
    cells = store::sweep_pebbling(o);
  }
  if (format == "latex" || format == "markdown") {  // one row per cell, in the sweep's order
    Table t{"lrr", {text_cell("graph"), Cell{"k", "$k$"}, Cell{"m(K_n)", "$m^{(k+1:k)}(K_n)$"}}, {},
            {fmt::format("cgtlab sweep pebbling --n {} --k {} --max-total {}: m^(k+1:k)(K_n) per cell; "
                         "none <= B: no m up to total B; stopped: a cap stopped the cell",
                         escape_text(a.n_range), escape_text(a.k_range), a.max_total)}};
    t.rows.reserve(cells.size());
    for (const auto& c : cells)
      t.rows.push_back({math_cell(fmt::format("K{}", c.n), fmt::format("K_{{{}}}", c.n)), number_cell(std::to_string(c.k)),
                        c.status == "found"               ? number_cell(std::to_string(*c.m))
                        : c.status == "none_within_bound" ? Cell{fmt::format("none <= {}", a.max_total),
                                                                 fmt::format("none $\\le {}$", a.max_total)}
                                                          : text_cell("stopped")});
    print_tables(format, {t});
    raise_if_stopped(cells, a);
    return;
  }
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : cells) list.push_back(store::to_json(c));
    print_json({{"game", "pebbling"}, {"family", "K_n"}, {"bound", a.max_total}, {"ranks", run_ranks()}, {"bytes_exchanged", bytes}, {"cells", list}});
    raise_if_stopped(cells, a);
    return;
  }
  for (const auto& c : cells) {
    std::string what = c.status == "found" ? "m = " + std::to_string(*c.m)
                       : c.status == "none_within_bound" ? "none up to " + std::to_string(a.max_total)
                                                         : "stopped: " + c.stopped;
    fmt::print("K{} k={}: {}  ({:.2f} s{})\n", c.n, c.k, what, c.seconds, c.from_store ? ", from the store" : "");
  }
  raise_if_stopped(cells, a);
}

void run_sweep_grid(const SweepArgs& a, games::VertexGame game) {
  const bool cram = game == games::VertexGame::ArcKayles;
  const std::string format = output_format(a.format, a.json, kTableFormats);
  store::GridSweepOptions o;
  o.game = game;
  o.rows = a.rows;
  std::tie(o.cols_lo, o.cols_hi) = range_of(a.cols_range, "--cols");
  o.max_seconds = a.cell_seconds;
  // Each cell's table is its memory: bounded by --table-mib and by --max-memory.
  o.search.table_bytes = search_table_bytes(a.table_mib, a.table_mib_given);
  o.search.threads = a.threads;
  o.search.max_nodes = a.max_positions;
  o.carry_file = a.carry_table;
  if (!(a.checkpoint >= 0)) throw InputError("--checkpoint must be >= 0 (0: no saves before a cell ends)");
  o.search.checkpoint_seconds = a.checkpoint;
  std::uint64_t bytes = 0;
  auto st = attach_run(o, a, bytes, [](const store::GridCell& c) {
    return fmt::format("{}x{}: {}", c.rows, c.cols, c.nimber ? nimber_text(static_cast<std::uint64_t>(*c.nimber)) : c.status);
  });
  o.search.interrupt = stop_flag();
  o.search.interrupt_cause = stop_cause;
  if (a.progress > 0) log_grid_cells(o, a.progress);
  std::vector<store::GridCell> cells;
  {
    StopScope stops;
    cells = store::sweep_grid_nimbers(o);
  }
  if (format == "latex" || format == "markdown") {  // one row per board: its nimber and outcome
    Table t{"lll", {text_cell("board"), text_cell("value"), text_cell("outcome")}, {},
            {fmt::format("cgtlab sweep {} --rows {} --cols {}: the nimber of {} on each board; stopped: a "
                         "cap stopped the cell",
                         cram ? "cram" : "nodekayles", a.rows, escape_text(a.cols_range), cram ? "Cram" : "Node-Kayles")}};
    t.rows.reserve(cells.size());
    for (const auto& c : cells) {
      Cell board = math_cell(fmt::format("{}x{}", c.rows, c.cols), fmt::format("{} \\times {}", c.rows, c.cols));
      if (c.nimber)
        t.rows.push_back({board, nimber_cell(static_cast<std::uint64_t>(*c.nimber)), outcome_cell(*c.nimber == 0 ? "P" : "N")});
      else
        t.rows.push_back({board, text_cell("stopped"), text_cell("")});
    }
    print_tables(format, {t});
    raise_if_stopped(cells, a);
    return;
  }
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& c : cells) list.push_back(store::to_json(c));
    print_json({{"game", cram ? "arckayles" : "nodekayles"}, {"family", "GridRxC"}, {"rows", a.rows}, {"ranks", run_ranks()}, {"bytes_exchanged", bytes}, {"cells", list}});
    raise_if_stopped(cells, a);
    return;
  }
  for (const auto& c : cells) {
    std::string what = c.nimber ? fmt::format("{}  ({})", nimber_text(static_cast<std::uint64_t>(*c.nimber)),
                                              *c.nimber == 0 ? "P" : "N")
                                : "stopped: " + c.stopped;
    fmt::print("{}x{}: {}  ({:.2f} s{})\n", c.rows, c.cols, what, c.seconds, c.from_store ? ", from the store" : "");
  }
  raise_if_stopped(cells, a);
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  auto* sw = app.add_subcommand("sweep", "Compute every cell of a range, skipping cells already in a --store.");
  sw->require_subcommand(1);
  auto a = std::make_shared<SweepArgs>();
  auto* peb = sw->add_subcommand("pebbling", "m^(k+1:k)(K_n) for every n and k of the ranges (seed 000).");
  peb->add_option("--n", a->n_range, "range of n, A..B")->required();
  peb->add_option("--k", a->k_range, "range of k, C..D")->required();
  peb->add_option("--max-total", a->max_total, "search each cell to this total")->capture_default_str();
  peb->add_option("--store", a->store_file, "result store (SQLite file): stored cells are not recomputed");
  peb->add_option("--cell-seconds", a->cell_seconds, "stop a cell after this many seconds (0: no cap); it is reported as capped");
  peb->add_flag("--json", a->json, "one JSON object on stdout");
  add_format_option(peb, a->format, kTableFormats);
  add_max_positions_option(peb, a->max_positions);
  add_progress_option(peb, a->progress);
  peb->callback([a] { run_sweep_pebbling(*a); });
  for (auto game : {games::VertexGame::ArcKayles, games::VertexGame::NodeKayles}) {
    const bool cram = game == games::VertexGame::ArcKayles;
    auto* g = sw->add_subcommand(
        cram ? "cram" : "nodekayles",
        cram ? "Nimbers of Cram on R x C boards (Arc-Kayles on GridRxC) for every C of the range."
             : "Nimbers of Node-Kayles on GridRxC for every C of the range.");
    g->add_option("--rows", a->rows, "rows R of the grid")->required();
    g->add_option("--cols", a->cols_range, "range of columns, A..B")->required();
    g->add_option("--store", a->store_file, "result store (SQLite file): stored cells are not recomputed");
    g->add_option("--cell-seconds", a->cell_seconds, "stop a cell after this many seconds (0: no cap); it is reported as capped");
    g->add_option("--threads", a->threads, "search threads per cell (default 1; the answer does not depend on it)")
        ->check(CLI::Range(1, 64));
    add_table_mib_option(g, a->table_mib, a->table_mib_given, " per cell");
    add_progress_option(g, a->progress);
    g->add_option("--carry-table", a->carry_table,
                  "carry one table through the sweep in this file: each computed cell starts from the table the "
                  "last computed cell left there (with FILE.refutations) and leaves its own (grid-shape keys do not "
                  "name the board, so each board starts from what the boards before it proved; docs/PERFORMANCE.md); "
                  "it is kept after the sweep, for the next one; the nimbers do not depend on it");
    g->add_option("--checkpoint", a->checkpoint,
                  "seconds between saves of the cell's table beside the --carry-table (FILE.next; default 300, 0: none): "
                  "a sweep ended without saving (kill -9, a reboot) starts its next cell from the last save");
    g->add_flag("--json", a->json, "one JSON object on stdout");
    add_format_option(g, a->format, kTableFormats);
    add_max_positions_option(g, a->max_positions);
    g->callback([a, game] { run_sweep_grid(*a, game); });
  }
}

}  // namespace cgtlab::cli
