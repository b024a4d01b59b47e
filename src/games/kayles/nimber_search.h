// Nimbers of Arc-Kayles (Cram on grids) and Node-Kayles by the outcome-search engine
// (solve/lemoine_viennot.h): positions are vertex bitsets of the input graph, split into
// connected components. Keys: on a grid (vertex r*C+c, as GridRxC numbers them) a component is
// keyed by its shape up to translation and the 8 symmetries of the square; on any other graph
// by its exact vertex set. Graphs of more than 256 vertices go to KaylesSolver.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cgt/nimber.h"
#include "games/kayles/solver.h"
#include "graph/graph.h"
#include "solve/lemoine_viennot.h"

namespace cgtlab::games {

class EndgameDb;  // games/kayles/endgame_db.h

struct NimberSearchOptions {
  std::uint64_t table_bytes = std::uint64_t{256} << 20;  // transposition table size (the memory bound)
  std::uint64_t table_initial_bytes = std::uint64_t{4} << 20;  // ... its size at the start (it doubles while half full)
  int threads = 1;  // > 1: the threads share the root's options (solve::LemoineViennot, "Parallel search")
  // When set: loaded first if the file exists, saved at the end, every checkpoint_seconds and
  // when the search is interrupted, so an interrupted run resumes from what it had proved; the
  // refutations (when kept) beside it in table_file + ".refutations".
  std::string table_file;
  double checkpoint_seconds = 300;
  // When set: saved with the table (at the end, every checkpoint_seconds, when interrupted) with
  // only the trunk_entries entries of the largest positions (most key bits; solve::NimberTable::
  // save), a small file that survives where the full table cannot (a new machine, a commit); read
  // at the start when there is no table_file to resume from.
  std::string trunk_file;
  std::uint64_t trunk_entries = 100000;
  // When set (and there is no table_file to resume from): a table file of another run of the same
  // game, read first and never written, its refutations too (seed_file + ".refutations", when
  // there). On grids it may be another board's: grid-shape keys do not name the board, so the
  // shapes it proved are facts here too (keys of fewer words are widened, of one more folded; the
  // shapes that fit this board only turned are keyed again turned, so a 3xN board's table seeds
  // GridNx3; those that fit neither way are skipped, NimberSearchResult::seed_skipped). Node-Kayles
  // 3x53 seeded by 3x52's finished table took 37 positions (docs/results/node-kayles.md).
  std::string seed_file;
  const std::atomic<bool>* interrupt = nullptr;  // set it (e.g. on SIGINT) to stop the search
  // When set, names what set `interrupt`, in the words of the stop's message ("search <cause>
  // before the nimber was found"); unset: "interrupted" (Ctrl-C, kill). The CLI's memory save
  // line sets the flag too (cli/common.h, StopScope).
  std::function<std::string()> interrupt_cause;
  std::function<void(const solve::NimberProgress&)> progress;
  // When set, kept up to date while the search runs (positions, table, what is proved about the
  // nimber; solve::NimberStatus), for progress lines and the report of a stopped run; any thread
  // may read it. The message of a stop says the same (search_status_text).
  solve::NimberStatus* status = nullptr;
  bool grid_keys = true;  // key grid components by shape (false: by vertex set; for measuring)
  bool reductions = true;  // Arc-Kayles: star and bridge simplifications (false: for measuring/tests)
  // ... and the 4-cycle rule: in a 4-cycle A-a-B-x whose opposite vertices A and B have no other
  // neighbour, the edges A-a and x-B are deleted, which splits components (nimber_search.cpp: on
  // grids of any size cut_edges, the horizontal edges of such 2x2 blocks; on every other graph
  // split_four_cycles); false: for measuring/tests.
  bool four_cycles = true;
  bool with_moves = false;      // also the nimber of every option (same search, same table)
  // Only the winning moves (options that are P-positions), each found by a one-candidate
  // outcome search instead of the option's full nimber; ignored when with_moves is set.
  bool winning_moves = false;
  // Only the outcome: one question, "is the nimber 0?" (solve::LemoineViennot::is_p_position;
  // with threads > 1 and one component left to search, its root's options shared by the threads,
  // else on one thread). A P-position's nimber is 0 (known); an N-position's nimber is not computed
  // (NimberSearchResult::nimber_known false). Ignored when with_moves is set.
  bool outcome_only = false;
  // One question: is the nimber this value? (solve::LemoineViennot::nimber_if; -1: not asked.) The
  // last component's root decides its candidates in turn up to the one that answers it, on all
  // threads, and stops there: the answer is the nimber when it is this value or a smaller one the
  // root met on the way (NimberSearchResult::nimber_known), else "not this value"
  // (NimberSearchResult::ruled_out; the outcome is known only when 0 is ruled out too). No winning
  // moves; ignored when with_moves or outcome_only is set. 0 is outcome_only.
  int is_nimber = -1;
  // Nothing searched: only what the loaded table (table_file, else trunk_file) already holds,
  // the nimber when it holds the whole position's (NimberSearchResult::nimber_known) and the
  // witnesses; no file is written. A table file's refutations are not read. The root's rounds
  // beside the file read (FILE.rounds), when there are some, are listed with their options' moves
  // (NimberSearchResult::rounds).
  bool lookup_only = false;
  std::uint64_t max_nodes = 0;  // cap on positions expanded (0: none); CapReached when reached
  // Vertices already deleted (kayles_played: the moves played before): the position searched is
  // the graph less these, on the whole graph's keys, so on a grid its components are keyed by shape
  // as the board's are and --table, --seed-table and --trunk files of the board serve it. Its
  // witnesses and moves are those of that position.
  std::vector<int> removed;
  // Keep refutations ("the nimber of C is not v", v < 8) in a second table, so a question is never
  // proved twice (Lemoine-Viennot keep outcomes of C + *n). The nimber table gets the largest power
  // of two of buckets within 3/4 of table_bytes, the refutations the rest (half of a power-of-two
  // bound). Saved beside table_file, in table_file + ".refutations".
  bool refutations = true;
  // The refutation table's bound within table_bytes (0: the default split above; else below
  // table_bytes, and the nimbers get the rest). Packed, it may be three times a power of two of
  // buckets (solve::TableSizes), so a 16 GiB bound can give 12 GiB to refutations, 4 to nimbers.
  std::uint64_t refutation_bytes = 0;
  bool refutations_observe = false;  // keep them but do not use them: counts what they would save
  // Keep the refutations of the values 8..15 too (16; 8: only below 8), in the same table under
  // the key with a spare bit set (solve::LemoineViennot::Settings::refutation_high_mark): where
  // the keys leave one (boards of at most 64 KW - 15 cells, keys not packed, no iso keys; else
  // only below 8). Saved beside table_file in table_file + ".refutations-high" (the marked
  // records, the mark cleared, game "... refutations-high"; the flag bit v - 8 of a record: not v).
  int refutation_values = 16;
  // Nimbers of small grid components known in advance (games/kayles/endgame_db.h): for the same
  // game on a grid with the database's number of rows and at least as many columns (kayles_nimber
  // refuses any other graph). A component of at most its max_cells cells is looked up there.
  const EndgameDb* endgame_db = nullptr;
  // Put its entries into the transposition table before the search instead (for measuring).
  bool endgame_db_preload = false;
  // Questions where one option answering yes settles the node are asked in rounds of growing
  // position budgets (solve::LemoineViennot::Settings::budget): at the root, and at inner
  // nodes up to budget_depth. 0: no budgets.
  std::uint64_t budget = 0;
  int budget_depth = 0;
  // A one-value question asks the options for the values below it first, in increasing order
  // (solve::LemoineViennot::Settings::ascending_depth, ascending_gap).
  // -1: never (r of every option first); else at inner nodes up to this depth (root options: 1).
  int ascending_depth = std::numeric_limits<int>::max();
  int ascending_gap = 2;  // ... for questions "are you r?" with r - L >= ascending_gap (L: the lower bound)
  // ... by components at depth <= this asking each option "are you v or r?", not "are you v?"
  // (-1: never; solve::LemoineViennot::Settings::ascending_with_r_depth).
  int ascending_with_r_depth = -1;
  // The root's options race r-first against ascending within growing budgets, this many
  // positions first (solve::LemoineViennot::Settings::race); 0: ascending only.
  std::uint64_t race = 4096;
  // The root asks its options about each candidate in rounds of growing budgets, this many
  // positions first, x4 each round (solve::LemoineViennot::Settings::root_rounds); 0: each option
  // to the end, in the root's order.
  std::uint64_t root_rounds = 0;
  // Options the second player wins by mirroring (a grid component symmetric under a half-turn,
  // beside known components) are asked first, and such a component is proved 0 through the
  // copying replies (solve::LemoineViennot::Settings::mirror_first).
  bool mirror_first = true;
  // Components of at least this many vertices are keyed by their graph up to isomorphism
  // (graph::small_graph_code, an exact canonical code) where the code exists; graphs of at most 64
  // vertices (others: no effect). Half the positions and entries on Cram, 2.0-2.4x the CPU
  // (docs/PERFORMANCE.md, "Graph-isomorphism keys"). 0: never.
  int iso_keys = 0;
  // Table entries of one word where the keys' bits allow (grids of 51..74 cells, other graphs of
  // 57..80 vertices, not iso keys):
  // twice the entries in the same memory (solve::NimberTable, "Packed entries"). false: 16 bytes
  // (for measuring).
  bool packed_entries = true;
  // Each search thread's front cache of 2^front_bits nimbers found in the table, asked before it
  // (solve::LemoineViennot::Settings::front_bits); 0: none.
  int front_bits = 12;
  // Keys one word wider than the board needs (for tests: small boards then take the paths of
  // 51..64-cell boards, packed entries included).
  bool wide_keys = false;
};

struct NimberSearchResult {
  cgt::Grundy nimber = 0;
  // false only for an outcome-only search of an N-position (then nimber is not computed: it is
  // at least 1, and only the outcome is known) and for a lookup-only one where the table does
  // not hold the nimber (then only the witnesses are known).
  // (also for an is_nimber search answered "no").
  bool nimber_known = true;
  bool p_position() const { return nimber_known && nimber == 0; }
  // When the nimber is not known: the values 0..63 proved not to be it (bit v), by the search and
  // by the witnesses. The outcome is N when bit 0 is set, else unknown.
  std::uint64_t ruled_out = 0;
  std::uint64_t nodes = 0;           // positions expanded
  std::uint64_t table_entries = 0;   // nimbers stored at the end
  std::uint64_t table_capacity = 0;  // slots
  std::uint64_t table_bytes = 0;
  // The two tables' bounds (what each may grow to; the refutations' 0 without them).
  std::uint64_t nimber_bound_bytes = 0, refutation_bound_bytes = 0;
  // Whether the refutations' bound moved with the nimber table's size (the default; fixed by
  // refutation_bytes: solve/shared_table_bound.h), and how often their table was halved.
  bool shared_bound = false;
  std::uint64_t refutation_halvings = 0;
  int table_entry_bytes = 0;  // 8 for one-word keys and packed entries, else 8 per key word
  std::uint64_t loaded_entries = 0;      // read from table_file (or trunk_file)
  std::uint64_t loaded_refutations = 0;  // read from table_file + ".refutations"
  bool high_refutations = false;  // the refutations of 8..15 kept too (refutation_values)
  // Read from seed_file and seed_file + ".refutations" (records, skipped ones included), and the
  // records skipped there (shapes this board cannot hold).
  std::uint64_t seed_entries = 0, seed_refutations = 0, seed_skipped = 0;
  std::string key_kind;              // "grid shape" or "vertex set" (or "KaylesSolver")
  std::vector<KaylesMove> moves;     // with_moves: every move and its option's nimber;
                                     // winning_moves: the winning moves (option nimber 0)
  solve::NimberSearchStats stats;    // where the work went (counters, root candidates)
  // For each value some option of the position is known to have when the search ends (an exact
  // nimber from the table, nothing searched for it), the first move to one, by value: the
  // nimber is none of these values, and each is checkable by itself (the option's nimber).
  std::vector<solve::NimberStatus::Witness> witnesses;
  // lookup_only: the root's rounds saved beside the file read (FILE.rounds; --root-rounds), where a
  // stopped run left them: the candidate being decided, and each option not yet shown not to have
  // it, with the budget of its next question and the first move that leads to it ("" when none of
  // the position's moves does, as the file's names are computed: a position of one component, or
  // whose other components' nimbers are 0). rounds_candidate -1: no rounds file.
  struct RoundsOption {
    std::string move;
    std::uint64_t budget = 0;
  };
  int rounds_candidate = -1;
  std::string rounds_file;
  std::vector<RoundsOption> rounds;
};

// "0, 1 or 3" (the values in their order; "" when none).
std::string or_list(const std::vector<int>& values);

// The nimber of the game on g (loopless, undirected). Throws InputError on a bad graph,
// CapReached when the search is interrupted or capped (after saving the table when there is a
// file), its message saying how far the search got (search_status_text).
NimberSearchResult kayles_nimber(const graph::Graph& g, VertexGame game, const NimberSearchOptions& options = {});

// How far a stopped search got, from its status, in words: "after 12.3 s: 3456789 positions
// expanded, 315090 nimbers in the table; the nimber is not 0 or 1 (outcome N), 2 was being asked:
// 14 of 25 root options shown not 2, option 15 had been asked for 312 s".
std::string search_status_text(const solve::NimberStatus& status);
// ... its last part, what is proved about the nimber: only proved facts, the values ruled out (an
// option has each), the outcome N when 0 is one of them, the nimber once found, and for the value
// being asked how many of the root's distinct options are proved not to have it (root_text).
// stopped: "the nimber is not 0 or 1 (outcome N), 2 was being asked: 14 of 25 root options shown
// not 2, option 15 had been asked for 312 s"; else (progress lines) "nimber not 0 or 1 (outcome N),
// asking 2: 14 of 25 root options not 2, asking option 15 for 312 s" (two threads: "asking option
// 15 for 312 s and option 17 for 20 s").
std::string search_bounds_text(const solve::NimberStatus& status, bool stopped);
// ... the part about the root's options (solve::NimberStatus::root_count, root_asked) for the value
// `asking`: "" when the counts are about another value (or not yet known).
std::string root_text(const solve::NimberStatus& status, int asking, bool stopped);
// ... the values ruled out, in increasing order (solve::NimberStatus::ruled_out), and the value
// being asked (-1: none, or one already ruled out).
std::vector<int> ruled_out_values(const solve::NimberStatus& status);
int asking_value(const solve::NimberStatus& status);

// For building endgame databases (endgame_db.cpp). Each shape is a set of cells of a box of
// `rows` rows and `width` columns (cell (r, c) at bit r * width + c), placed at the top left of the
// grid rows x cols (cols >= width, cols >= rows). For a shape the search can meet as a component
// (connected, left unchanged by the game's simplifications, not of an immediate nimber) the result
// holds its 64-bit shape key (endgame_db.h) and its nimber, computed by the outcome search over one
// table (options: table_bytes, interrupt, max_nodes, reductions); for any other shape, key 0 and
// nimber -1. *positions receives the positions expanded. Throws InputError on a bad size,
// CapReached when stopped.
struct GridShapeNimber {
  std::uint64_t key = 0;
  int nimber = -1;
};
std::vector<GridShapeNimber> grid_shape_nimbers(VertexGame game, int rows, int cols, int width,
                                                const std::vector<std::uint64_t>& shapes,
                                                const NimberSearchOptions& options, std::uint64_t* positions = nullptr);

// Whether the second player wins the position `cells` of the grid rows x cols (cell r*cols+c) by
// copying every move through the half-turn about the centre of the cells' bounding box: the
// cells are invariant under it and none is its own image or a neighbour of it. Such a position
// is a P-position of both Arc-Kayles and Node-Kayles. The search asks options with this property
// first (NimberSearchOptions::mirror_first); exposed for tests. InputError on a bad size or cell.
bool grid_mirror_strategy(int rows, int cols, const std::vector<int>& cells);

// For the tests of the grid routines (nimber_search_test.cpp): the components of the cells `cells`
// (cell (r, c) is r * cols + c) of the grid rows x cols (cols <= 63, rows * cols <= 256) found by
// the search's flood fill alone (no simplifications), the horizontal edges whose left cell is in
// `cut` deleted; by least cell, as the search lists them. Each with its grid key (the key's words,
// lowest first) computed as the search computes it, its bits gathered by PEXT or by shifts (pext;
// the search picks one by the CPU, see CGTLAB_PEXT in nimber_search.cpp). With pext, boards of 2
// to 4 columns and 129 to 256 cells are filled column by column (CGTLAB_COLUMN_FILL), without it
// row by row. The key has the search's width: the fewest words that hold the board's cells and the
// 14 bits above them (so three words for 129..178 cells, beside positions of four).
struct GridComponentForTest {
  std::vector<int> cells;
  std::vector<std::uint64_t> key;
};
std::vector<GridComponentForTest> grid_components_for_test(int rows, int cols, const std::vector<int>& cells,
                                                           const std::vector<int>& cut, bool pext = true);

// For check-table's local check (table_check.h): a position as the search sees it, with the
// search's own rules (simplifications and the 4-cycle rule on, as by default; no endgame
// database): its key, whether it is one component the search keys (its components are itself),
// and for each of its moves, in the search's order, the components of the option (after the
// simplifications) with their keys, vertices, and nimbers when immediate (-1: looked up in the
// table). key_words: the keys' width in words (the table file's), the search's for this graph
// (w for graphs of at most 64w vertices) or one more (wide keys); InputError otherwise. grid_keys:
// a grid (as grid_shape finds it) keyed by shape, as the search keys it (false: by vertex set, as
// in a table whose game line says vertex-set).
struct CheckComponent {
  std::vector<std::uint64_t> key;
  std::vector<int> cells;
  int immediate = -1;
};
struct PositionForCheck {
  std::vector<std::uint64_t> key;
  bool one_component = false;
  std::vector<std::vector<CheckComponent>> options;
};
PositionForCheck kayles_position_for_check(const graph::Graph& g, VertexGame game, const std::vector<int>& cells,
                                           int key_words, bool grid_keys = true);

// (rows, columns) when g is the grid graph GridRxC with vertex r*C+c (rows <= columns is not
// required), else nothing. A path is reported as 1xN.
std::optional<std::pair<int, int>> grid_shape(const graph::Graph& g);

// grid_shape when the search can key g by shape: a row length (the key's 6-bit stride field: the
// box's width, or its height when turned, which is then at most the columns) of at most 63
// cells; the rows are any number. A 3xN board of N > 63 is keyed by shape as GridNx3.
std::optional<std::pair<int, int>> grid_key_shape(const graph::Graph& g);

}  // namespace cgtlab::games
