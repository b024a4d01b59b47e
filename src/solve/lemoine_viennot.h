// Nimbers of impartial games by outcome searches instead of full mex recursion.
//
// Lemoine and Viennot, "Nimbers are inevitable", Theoretical Computer Science 462 (2012) 70-79:
// the nimber of a component C is the least n for which C + *n is a P-position, and deciding
// that is a boolean search that needs one winning reply per node, not every option's value. A
// sum is handled by computing the nimbers of all components but one exactly (recursively,
// cached) and folding them into the heap: G + H + *n is P iff G + *(n ^ g(H)) is P.
// Beling and Rogalski, "On pruning search trees of impartial games", Artificial Intelligence
// 283 (2020) 103262: the question is generalised to "the nimber of C if it lies in the set R"
// (R = {n} is the Lemoine-Viennot question). A component with k options has its nimber in
// P = {0..k}; each option's value removes one candidate (its value, or the largest candidate),
// so an option need only be asked about the candidates that are still possible; the search
// stops as soon as P and R are disjoint. The root asks R = {0}, {1}, ... in turn (aspiration
// sets), as igs (beling/impartial-games) does for Cram.
// Only exact nimbers are stored (NimberTable), so tables are reusable across runs and threads.
// With a refutation table (Settings::refutations), two refinements use what is already proved
// about a component (its stored refutations, "the nimber is not v" for v < 8, and for v < 16 with
// Settings::refutation_high_mark):
//  - lower bound: when 0..L-1 are refuted, the candidates are {L..L+k} instead of {0..k} and
//    options are only asked about values >= L (proof at search_node);
//  - one value first: a component asked one value r above that bound first asks every option
//    only "are you r?" (Lemoine-Viennot's single question, which a single option answering yes
//    settles), and only then the wider Beling-Rogalski sets, without r (now refuted in each).
//  - ascending values (Settings::ascending_depth, ascending_gap): instead, one asked r >= L + 2 asks
//    its options "are you v?" for v = L, L+1, ... in turn and stops at the first value no option
//    has (its nimber, stored), looking for an option of value r only when every value below r
//    is found (igs's has_nimber). Proving "not r" of a component whose nimber is below r then
//    never asks any option about r; on Cram 3x16 (nimber 4) the root's last candidate needs
//    "not 4" of every option, and several of those have nimbers below 4. Optionally
//    (Settings::ascending_with_r_depth) each option is asked "are you v or r?": one of value r
//    refutes r at once, as in the r-first search, instead of after every value below r is found
//    or the nimber proved (a gain on some boards, a loss on others; off by default).
//  - race (Settings::race, the default): each root option asks its one-value questions in
//    rounds of growing budgets, r first and ascending in turn, so it pays about its cheaper order.
//  - budgets (Settings::budget): where one option answering yes settles a node, the options
//    are asked in rounds of growing position budgets, so a cheap yes comes before expensive
//    refutations; an abandoned question leaves only the facts of its completed sub-searches.
// The root asks each distinct option (same key, same nimber of known parts) once.
//
// Parallel search (Settings::threads > 1): the threads share the root's work (root_shared). The
// root decides "is the nimber r?" for r = 0, 1, ... by asking its options "are you r?"; these
// questions are independent, so the threads take the root's options from a shared cursor, one
// at a time. An option of value r settles the candidate: the threads still asking about r are
// cancelled (their questions abandoned, as a budget abandons one: only completed sub-searches
// stored anything) and all move to r + 1. When every option is taken and a thread has nothing
// left, it asks the same question as a thread still busy (with its own order of equally
// promising moves below, lazy SMP, over the shared tables); the first answer counts and cancels
// the other. The nimber is r when every option of the root answered "not r" (or has a known value
// other than r), exactly as with one thread; every stored entry and every option value is exact,
// so the answer is that of the single-threaded search (tested). The shared tables: NimberTable.
// The root's rounds (Settings::root_rounds) work there too: the shared list hands out (option,
// budget) pairs, the option of the smallest budget first; an abandoned question puts its option
// back with 4x the budget. The older root budgets (Settings::budget) are used by one thread only.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "solve/nimber_set.h"
#include "solve/nimber_table.h"
#include "util/error.h"

namespace cgtlab::solve {

// A game seen through its connected components.
//   Position: a component (or a sum, for components()).
//   key(c): the component's table key (equal for components of equal nimber, e.g. isomorphic
//           ones); the top byte of the last word must be zero.
//   trivial_nimber(c): the nimber when it is immediate (e.g. no move), else -1.
//   move_count(c): the number of moves of c (the options, counted with multiplicity).
//   options(c, comps, after): for each move of c, appends the components of its option to comps
//           and calls after(), which returns false to stop the generation (the engine then
//           needs no more options); after() may shrink comps back to any size >= its size
//           before that option's components were appended.
//   components(p, out): appends the components of any position.
//   difficulty(c): larger = more work to solve (orders moves: easy, split options first).
// Optional (Settings::mirror_first): mirror_p(c), true when the second player wins c by a copying
// strategy; mirror_replies(c, comps, after), for each move of c the components of the position
// after it and its copy (as options(); returns false when a copy is not a move). The engine lists
// such options first and proves such components 0 through the replies (mirror_zero).
template <class G>
concept NimberGame = requires(const G& g, const typename G::Position& p, std::vector<typename G::Position>& out,
                              bool (*after)()) {
  typename G::Position;
  typename G::Key;
  { g.key(p) } -> std::same_as<typename G::Key>;
  { g.trivial_nimber(p) } -> std::convertible_to<int>;
  { g.difficulty(p) } -> std::convertible_to<std::uint64_t>;
  { g.move_count(p) } -> std::convertible_to<int>;
  g.options(p, out, after);
  g.components(p, out);
};

// Thrown inside a search stopped by the interrupt flag (or by another thread finishing).
struct SearchStopped {};

struct NimberProgress {
  std::uint64_t nodes = 0;           // positions expanded (all threads)
  std::uint64_t table_entries = 0;   // entries in the table
  std::uint64_t table_capacity = 0;  // slots in the table
  int candidate = -1;                // root: the nimber being tested (the current lower bound)
  double seconds = 0;
  int root_options = 0;  // the root's distinct options (NimberStatus::root_progress), 0: not known
  int root_settled = 0;  // ... of them proved not to have the candidate's value
};

// A running search as any thread may read it (progress lines, the report of a stopped run):
// written by the search's threads, read with no lock (the witnesses under one). Everything in it
// is a count or a proved fact, never a guess.
struct NimberStatus {
  const std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::atomic<bool> engaged{false};             // an engine writes it (set by its constructor)
  std::atomic<std::uint64_t> positions{0};      // positions expanded, all threads (to within 1024 each)
  std::atomic<std::uint64_t> table_entries{0};  // nimbers in the table (at the last check)
  std::atomic<std::uint64_t> table_capacity{0};
  std::atomic<std::uint64_t> refutation_entries{0};  // the same for the refutation table (0, 0: none)
  std::atomic<std::uint64_t> refutation_capacity{0};
  // What each table may grow to, in bytes (set by the caller that sized them; 0: not given).
  std::atomic<std::uint64_t> nimber_bound_bytes{0}, refutation_bound_bytes{0};
  std::atomic<bool> refutation_bound_shared{false};  // it moves with the nimber table (shared_table_bound.h)
  // About the position of the first nimber() call (the one a command asks):
  std::atomic<int> components{0};       // its components the search must solve (no immediate nimber)
  std::atomic<int> components_done{0};  // ... solved; the last one is searched with the bounds below
  // Once the other components are solved (bounded): bit v set when the nimber is proved not to
  // be v (an option of that value exists), for v < 64; `asking` the candidate the root is
  // deciding ("is the nimber v?"; the largest of the threads'), -1 when none.
  std::atomic<bool> bounded{false};
  std::atomic<std::uint64_t> ruled_out{0};
  std::atomic<int> asking{-1};
  std::atomic<int> others_xor{0};  // the nim-sum of the other components (asking ^ it: the last's)
  std::atomic<int> nimber{-1};  // found
  // Set by the caller after the nimber is found, while it checks the moves (winning moves).
  std::atomic<int> moves_checked{0}, moves{0};
  // How far the root of that last component got with the candidate it asks (also the root of
  // an outcome-only question; LemoineViennot::expand_root says which options it counts): its
  // distinct options, and how many are proved not to have the candidate's value (an answer
  // "not v", or an exact value other than v; a question cancelled or stopped by a budget
  // proves nothing). Packed in one word so that a reader sees the counts of one candidate:
  // (candidate + 1) << 48 | settled << 24 | options; 0 before the root is expanded.
  std::atomic<std::uint64_t> root_count{0};
  // Per thread (the first 64): the option it is asking (1-based, in the root's order), about which
  // candidate, and since when (milliseconds after `started`): option << 48 | (candidate + 1) << 40 |
  // milliseconds; 0 when none.
  static constexpr int kThreadSlots = 64;
  std::array<std::atomic<std::uint64_t>, kThreadSlots> root_asked{};

  struct RootProgress {
    int candidate = -1;  // the candidate the counts are about (as `asking`), -1: none yet
    int options = 0;
    int settled = 0;
  };
  RootProgress root_progress() const {
    const std::uint64_t c = root_count.load();
    if (c == 0) return {};
    return {static_cast<int>(c >> 48) - 1, static_cast<int>(c & 0xffffff), static_cast<int>((c >> 24) & 0xffffff)};
  }
  struct AskedOption {
    int thread = 0;
    int option = 0;  // 1-based
    double seconds = 0;  // asked for this long
  };
  // The options the threads are asking about `candidate` (a thread stopped while asking about an
  // earlier candidate is left out).
  std::vector<AskedOption> asked_options(int candidate) const {
    std::vector<AskedOption> out;
    const double now =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    for (int t = 0; t < kThreadSlots; ++t) {
      const std::uint64_t a = root_asked[static_cast<std::size_t>(t)].load();
      if (a == 0 || static_cast<int>((a >> 40) & 0xff) != candidate + 1) continue;
      const double since = static_cast<double>(a & ((std::uint64_t{1} << 40) - 1)) / 1000.0;
      out.push_back({t, static_cast<int>(a >> 48), std::max(0.0, now - since)});
    }
    return out;
  }

  // Witnesses (set by the caller, which names the moves, when the search has ended or stopped):
  // for values the position is proved not to have, a move to an option of that value, its nimber
  // known exactly (LemoineViennot::known_nimber). Any thread may read them (witness_list).
  struct Witness {
    int value = 0;
    std::string move;
  };
  void set_witnesses(std::vector<Witness> w) {
    std::lock_guard lock(witness_mutex_);
    witnesses_ = std::move(w);
  }
  std::vector<Witness> witness_list() const {
    std::lock_guard lock(witness_mutex_);
    return witnesses_;
  }

  // The moves of the tracked root's listed options (set by the caller, which names moves, when
  // the root is expanded; Settings::root_options): option j (1-based, in the root's order) has the
  // name names[j - 1] (LemoineViennot::option_name) and is reached by the move moves[j - 1], the
  // first of the game's moves that leads to it ("" when none is known). Mirror images are one
  // option, so other moves may lead to it too.
  struct RootOption {
    std::uint64_t name = 0;
    std::string move;
  };
  void set_root_options(std::vector<RootOption> o) {
    std::lock_guard lock(witness_mutex_);
    root_options_ = std::move(o);
  }
  std::vector<RootOption> root_option_list() const {
    std::lock_guard lock(witness_mutex_);
    return root_options_;
  }
  // The move of option j (1-based), "" when none is known.
  std::string root_option_move(int option) const {
    std::lock_guard lock(witness_mutex_);
    return option >= 1 && static_cast<std::size_t>(option) <= root_options_.size()
               ? root_options_[static_cast<std::size_t>(option) - 1].move
               : std::string();
  }
  // The move of the option named `name`, "" when none is known.
  std::string root_option_move_named(std::uint64_t name) const {
    std::lock_guard lock(witness_mutex_);
    for (const auto& o : root_options_)
      if (o.name == name) return o.move;
    return {};
  }

 private:
  mutable std::mutex witness_mutex_;
  std::vector<Witness> witnesses_;
  std::vector<RootOption> root_options_;
};

// Where a search spent its work (all threads), for measuring.
struct NimberSearchStats {
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint64_t calls = 0;           // in_set questions asked (not answered by a table lookup before)
  std::uint64_t table_hits = 0;      // ... answered by the nimber table on entry
  std::uint64_t refuted_moves = 0;   // ... refuted by the move count alone (k < min R)
  std::uint64_t refuted_expand = 0;  // ... refuted while generating options (known options)
  std::uint64_t refuted_search = 0;  // ... refuted after searching options
  std::uint64_t exact = 0;           // ... answered by an exact nimber (stored)
  std::uint64_t refutation_hits = 0;     // ... answered by a stored refutation
  std::uint64_t refutation_shrinks = 0;  // ... whose question a stored refutation narrowed
  std::uint64_t refutation_high = 0;     // ... of those two, by a refutation of a value 8..15
  std::uint64_t refutation_repeat_nodes = 0;  // observe mode: nodes spent proving a stored refutation again
  std::uint64_t raised_lower = 0;  // searches whose candidates started above 0 (refuted 0..L-1)
  std::uint64_t single_first = 0;  // searches of one value that asked every option that value first
  std::uint64_t ascending = 0;  // one-value searches that asked the values below it first (Settings::ascending_depth)
  std::uint64_t budget_spent = 0;  // questions abandoned when their budget ran out (asked again later)
  std::uint64_t budget_positions = 0;  // positions expanded by abandoned questions (outermost budgets only)
  // ... of them root questions abandoned while the option's other components were being solved
  // (ask_root_in_rounds: a root round's budget covers them too)
  std::uint64_t budget_in_parts = 0;
  std::array<std::uint64_t, 6> by_size{};  // questions by |R| (1..4, 5+ and index 0: a full nimber, |R| > 8)
  std::uint64_t table_replaced = 0;
  std::uint64_t refutation_entries = 0;
  std::uint64_t mirror_proofs = 0;  // components proved 0 by the copying strategy (LemoineViennot::mirror_zero)
  std::uint64_t front_hits = 0;     // components of generated options whose nimber the front cache gave
  struct Phase {
    int candidate = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int root_options = 0;  // the root's distinct options
    int settled = 0;       // ... proved not to be `candidate` when the candidate was decided
    bool option_has_it = false;  // decided by an option of value `candidate` (else the nimber)
    int option = 0;  // ... that option (1-based in the root's order), 0 when none
    int rounds = 0;  // with root rounds: the most times one option was asked about `candidate`
    std::uint64_t option_name = 0;  // ... its name (option_name), 0 when none
    std::string move;  // ... its move, set by the game layer (phases_of_tracked_root), else ""
  };
  std::vector<Phase> phases;  // the outermost root's candidates, in order
  // The phases are those of the tracked root (the whole position's last component, whose listed
  // options NimberStatus::root_option_move names), so a game layer may name `option` by its move.
  bool phases_of_tracked_root = false;
  int root_options = 0;       // that root's distinct options (LemoineViennot::expand_root)
  std::vector<std::uint64_t> thread_positions;  // positions expanded by each thread (index: thread)
  std::uint64_t shared_questions = 0;  // root questions taken from the shared cursor (threads > 1)
  std::uint64_t helped_questions = 0;  // ... asked again by an idle thread beside a busy one
  std::uint64_t cancelled_questions = 0;  // ... abandoned because another thread settled them
};

// Where the root rounds of the tracked root stood (Settings::root_rounds, any number of threads): the
// candidate being decided, and for each option not yet settled for it, the budget of its next
// question. An option is named by a hash of its unknown components' keys
// and the nim-sum of its known ones (LemoineViennot::option_name), not by its place in the
// root's order, which moves as the table grows. Saved beside a table file and read back
// (Settings::resume_rounds), so a resumed run asks each option within the budget it had reached
// instead of starting the rounds again. A schedule only: what is proved is in the tables.
struct RootRounds {
  int candidate = -1;  // -1: none
  std::vector<std::pair<std::uint64_t, std::uint64_t>> budgets;  // (option name, budget of its next question)
};

template <NimberGame G, int KW>
  requires std::same_as<typename G::Key, std::array<std::uint64_t, KW>>
class LemoineViennot {
 public:
  using Position = typename G::Position;
  using Key = typename G::Key;
  using Table = NimberTable<KW>;

  static constexpr int kDefaultFrontBits = 12;  // Settings::front_bits
  static constexpr int kMaxFrontBits = 24;
  struct Settings {
    int threads = 1;
    const std::atomic<bool>* interrupt = nullptr;  // set by the caller (Ctrl-C): stop, throw SearchStopped
    std::function<void(const NimberProgress&)> progress;  // called about once a second by thread 0
    NimberStatus* status = nullptr;  // kept up to date when set (else a status of the engine's own)
    std::function<void()> checkpoint;                      // called by thread 0 every checkpoint_seconds
    double checkpoint_seconds = 0;
    std::uint64_t max_nodes = 0;  // 0: no cap; else throw CapReached after about this many expansions
    // Refutations (Lemoine-Viennot keep the outcome of C + *n, not only nimbers): with a table
    // here, a question answered "not in R" stores which nimbers below 8 were proved impossible,
    // and later questions drop them (and are answered at once when nothing is left).
    // refutations_observe: store them, but only count what they would have saved.
    Table* refutations = nullptr;
    bool refutations_observe = false;
    // A key bit no position's key ever has (zero: none). With one, the refutations of the values
    // 8..15 are kept too, in the same table under the key with this bit set (its flag bit v - 8:
    // the nimber is not v): the questions "are you 9?" of a position known to be at least 9 ask
    // its components values 9 ^ x, mostly 8..15, whose refutations were otherwise proved again at
    // each repetition. Such a question probes the table twice (key, then key | mark).
    Key refutation_high_mark{};
    // Budgets (iterative widening): where one "yes" among the options settles a question (the
    // root's "is an option r?", and with refutations an inner "are you r?" asked of every
    // option), the options are asked in rounds, each question within `budget` positions, the
    // budget x4 each round, so a cheap option that answers yes is found before expensive
    // refutations. A question that spends its budget is abandoned; every fact it stored is a
    // completed sub-search (exact), and it is asked again in the next round. 0: no budgets.
    // budget_depth: inner nodes at depth <= budget_depth use them too (the root is depth 0).
    std::uint64_t budget = 0;
    int budget_depth = 0;
    // One value r asked of a component known to be at least L (stored refutations): ask its
    // options for the values L, L+1, ..., r-1 in turn, one "are you v?" at a time, and stop at
    // the first value no option has (that is the nimber), then look for an option of value r
    // (igs's has_nimber, beling/impartial-games igs/src/solver/lvb.rs), instead of asking every
    // option "are you r?" first.
    // Components at depth <= ascending_depth (the root's options are at depth 1); -1: none
    // (every one-value question asks r of every option first).
    int ascending_depth = std::numeric_limits<int>::max();
    // ... and only when r - L >= ascending_gap (1: every one-value question above the bound).
    // Measured (docs/PERFORMANCE.md, "Ascending values"): 2 is the best of 1..3 on 3x16 and
    // 4x11; "are you L+1?" is cheaper asked r first.
    int ascending_gap = 2;
    // ... components at depth <= ascending_with_r_depth asking each option "are you v or r?" (a
    // Beling-Rogalski set of two), not "are you v?": an option of value r then ends the question
    // at once, as r-first would, instead of after every value below r is found or the nimber
    // proved. -1 (default): never. Measured (docs/PERFORMANCE.md, "Ascending values, v or r"):
    // at depth 1 Cram 3x14 1.62 M -> 0.96 M positions (4x11, 5x8, 3x17 unchanged) but 3x16
    // (nimber 4) slower than 90 s CPU against 46 s; at every depth 3x17 4.08 M -> 7.04 M.
    int ascending_with_r_depth = -1;
    // Race at the root (0: off): a root option asked "are you q?" with q >= 2 (where the two
    // orders differ) is asked in rounds, first r-first within `race` positions, then ascending
    // within as many, the budget x4 each round, until one order answers. Each option then costs
    // at most a small factor more than its cheaper order: on Cram 3x14 ascending proves options of
    // nimber 1 exactly where r-first finds an option of value 3; on 3x16 ascending is the cheaper.
    // Abandoned questions keep only completed sub-searches (exact), as budgets do.
    std::uint64_t race = 4096;
    // Root rounds (0: off, the root asks each option to the end in its order): for the candidate r
    // the root asks every option not yet settled "are you r?" within root_rounds positions, in its
    // order, then those abandoned within 4x as many, and so on, until one option has the value r
    // or every option is shown "not r". The question asked is the one the root asks without
    // rounds (racing included); an abandoned one keeps only its completed sub-searches (exact).
    // One thread and the shared root alike (root_shared hands out (option, budget) pairs: the
    // option of the smallest budget not being asked, first in the root's order). Takes the place
    // of `budget` at the root (not below it) when both are set.
    std::uint64_t root_rounds = 0;
    // Root rounds carried over from an earlier run (RootRounds; root_rounds(), any number of threads):
    // when the tracked root reaches `candidate`, each option named there starts at its budget.
    RootRounds resume_rounds;
    // Mirror options first (games that have `mirror_p(c)`: the second player wins c by copying
    // every move through a symmetry of c): an option whose one unknown component has it is
    // likely of the value of its known components alone, so it is listed first, as a likely
    // winning move; and a component that has it is proved 0 through the copying replies
    // (mirror_zero). A move order and a proof, never an answer (everything is searched).
    // On boards with the half-turn strategy the proof then follows it: the position after each
    // reply is answered by the mirror move first. Measured (docs/PERFORMANCE.md, "Mirror moves
    // first"): Cram 4x10 1.81 M -> 36 k positions, 6x6 490 k -> 8.4 k, Node-Kayles 6x10 496 k ->
    // 25 k; 4x11 and 5x9 (no symmetric answer after the first move) within 2 %.
    bool mirror_first = true;
    // Front cache (0: none): each thread keeps the nimbers its option generations found in the
    // table in a small direct-mapped array of its own (2^front_bits entries of one key each, the
    // nimber in the key's free top byte; a new one replaces the one at its place), and asks it
    // before the table, whose bucket is then neither prefetched nor read. Nimbers are facts, so
    // an entry stays true after the table replaces it. Most lookups of known components are of a
    // few thousand small ones (Cram 4x11: 95 % of 18.3 M would hit a cache of 2^16 keys); in the
    // table each sits in its own cache line and its own page, so on a table of gigabytes each is
    // a TLB miss; here they share a few dozen lines' worth of L1/L2. Measured
    // (docs/PERFORMANCE.md, "A front cache per thread"): Node-Kayles 6x15 resumed on a 2 GiB
    // table -6 % CPU with 2^12 entries (-7 % without the load), Cram 5x9 on its own small table
    // unchanged within the noise.
    int front_bits = kDefaultFrontBits;
    // Called once the tracked root is expanded (on the thread that expanded it), with the names of
    // its listed options in the root's order (option_name; option j is names[j - 1]), so a caller
    // that knows the game's moves can name them (root_option_name, NimberStatus::set_root_options).
    std::function<void(const std::vector<std::uint64_t>&)> root_options;
  };

  LemoineViennot(const G& game, Table& table, Settings settings = {})
      : game_(game),
        table_(table),
        settings_(std::move(settings)),
        refute_(settings_.refutations),
        high_mark_(settings_.refutation_high_mark != Key{} ? std::optional<Key>(settings_.refutation_high_mark) : std::nullopt),
        status_(settings_.status != nullptr ? settings_.status : &own_status_) {
    store_table_sizes();
    status_->engaged.store(true);
  }

  void store_table_sizes() {
    status_->table_entries.store(table_.size(), std::memory_order_relaxed);
    status_->table_capacity.store(table_.capacity(), std::memory_order_relaxed);
    status_->refutation_entries.store(refute_ ? refute_->size() : 0, std::memory_order_relaxed);
    status_->refutation_capacity.store(refute_ ? refute_->capacity() : 0, std::memory_order_relaxed);
  }

  // The nimber of any position (the nim-sum of its components'). The first call keeps the
  // status's bounds (NimberStatus): what is proved about this position's nimber so far.
  int nimber(const Position& p) {
    const bool track = !tracked_;
    tracked_ = true;
    std::vector<Position> comps;
    game_.components(p, comps);
    // Largest last: the small ones are quick and fill the table for the big one.
    std::sort(comps.begin(), comps.end(),
              [&](const Position& a, const Position& b) { return game_.difficulty(a) < game_.difficulty(b); });
    int x = 0;
    if (track) {
      int searched = 0;
      for (const auto& c : comps) searched += game_.trivial_nimber(c) < 0 ? 1 : 0;
      status_->components.store(searched);
    }
    std::vector<std::pair<Key, int>> solved;  // the components searched, put again at the end
    for (std::size_t i = 0; i < comps.size(); ++i) {
      if (track && i + 1 == comps.size()) {
        // The others are solved: what the root proves about the last is proved about p (xor x).
        bound_xor_ = x;
        status_->others_xor.store(x);
        status_->bounded.store(true);
        tracking_ = true;
      }
      const bool searched = game_.trivial_nimber(comps[i]) < 0;
      int v;
      try {
        v = component_nimber(comps[i]);
      } catch (...) {
        tracking_ = false;
        put_again(solved);  // an interrupted search's table is saved to resume from
        throw;
      }
      x ^= v;
      if (searched) solved.emplace_back(game_.key(comps[i]), v);
      if (track && searched) status_->components_done.fetch_add(1);
    }
    tracking_ = false;
    put_again(solved);
    if (track) {
      status_->bounded.store(true);
      status_->nimber.store(x);
      status_->asking.store(-1);
    }
    return x;
  }

  // The nimber of p when it is already known, else -1: a lookup, nothing searched. Every
  // component must be trivial or in the table (an exact nimber), or cancel an equal one (G + G
  // = 0). For witnesses (a move to an option of a known value proves the parent is not that
  // value); call it when no search runs.
  int known_nimber(const Position& p) const {
    std::vector<Key> unknown;
    const int x = fold_known(p, unknown);
    return unknown.empty() ? x : -1;
  }

  // The table entries that make p's nimber known (known_nimber): each component that is not
  // trivial, by its key and nimber, appended to out (equal ones once each). False, and nothing
  // appended, when one is unknown. Any thread (a trunk saved at a checkpoint keeps the entries of
  // the root's witnesses this way).
  bool known_entries(const Position& p, std::vector<std::pair<Key, int>>& out) const {
    std::vector<Position> comps;
    game_.components(p, comps);
    std::vector<std::pair<Key, int>> found;
    for (const auto& c : comps) {
      if (game_.trivial_nimber(c) >= 0) continue;
      const Key key = game_.key(c);
      const int v = table_.get(key);
      if (v < 0) return false;
      found.emplace_back(key, v);
    }
    for (const auto& e : found)
      if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    return true;
  }

  // The name (option_name) that the tracked root gives its option p, p being the whole position
  // after a move: its components are looked up as known_nimber does (trivial, or in the table), equal
  // unknown ones cancel, and the nim-sum of the known ones is taken without the other components'
  // (the root's bound). 0 when every component is known (such options are not listed). The table
  // grows while a search runs, so an option named at its root's expansion may be named otherwise
  // later (a component found since): a caller names the options when the root is expanded.
  std::uint64_t root_option_name(const Position& p) const {
    std::vector<Key> unknown;
    const int x = fold_known(p, unknown);
    return unknown.empty() ? 0 : name_of(x ^ bound_xor_, unknown.data(), unknown.data() + unknown.size());
  }

  // The nim-sum of p's known components (trivial, or in the table); the keys of the others into
  // `unknown`, sorted, equal pairs cancelled (G + G = 0).
  int fold_known(const Position& p, std::vector<Key>& unknown) const {
    std::vector<Position> comps;
    game_.components(p, comps);
    int x = 0;
    unknown.clear();
    for (const auto& c : comps) {
      if (const int t = game_.trivial_nimber(c); t >= 0) {
        x ^= t;
        continue;
      }
      const Key key = game_.key(c);
      if (const int v = table_.get(key); v >= 0) x ^= v;
      else unknown.push_back(key);
    }
    std::sort(unknown.begin(), unknown.end());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < unknown.size(); ++i) {
      if (i + 1 < unknown.size() && unknown[i] == unknown[i + 1]) {
        ++i;
        continue;
      }
      unknown[kept++] = unknown[i];
    }
    unknown.resize(kept);
    return x;
  }

  // A live view of the search (any thread).
  const NimberStatus& status() const { return *status_; }

  // Where the tracked root's rounds stand (RootRounds): live while its root runs (from the
  // checkpoint callback too; one thread's root keeps them after every question), else as its last
  // root left them. Empty without root rounds or once the candidate is decided.
  RootRounds root_rounds() const {
    std::lock_guard lock(rounds_mutex_);
    if (live_root_ == nullptr) return rounds_;
    std::lock_guard root_lock(live_root_->mutex);
    return rounds_of(*live_root_);
  }

  // Whether p is a P-position (nimber 0) — the question a winning move asks of each option.
  // The nimbers of all components but the hardest are computed; the hardest is only asked "is
  // your nimber x?" (x their nim-sum), a set of one candidate, which Beling-Rogalski pruning
  // refutes far sooner than the full nimber is found. With Settings::threads > 1 and x = 0 the
  // threads share the last component's root (root_shared, candidate 0 alone); else one thread.
  // The engine's first question (nothing asked before; e.g. --outcome-only) with x = 0 is asked
  // at a root on one thread too (root, candidate 0 alone), which keeps the status's counts of
  // the root's options (NimberStatus::root_count) and its bounds (an option of value v proves p
  // is not v).
  bool is_p_position(const Position& p) { return nimber_if(p, 0) == 0; }

  // One question: is p's nimber v? (Lemoine-Viennot: is p + *v a P-position?) As is_p_position
  // (which is v = 0): the components but the hardest are computed, the hardest (nim-sum x of the
  // others) is asked "is your nimber v ^ x?". The engine's first question (nothing asked before,
  // e.g. --is-nimber) is asked at the last component's root for any v > 0, on Settings::threads
  // threads (root or root_shared), its candidates 0, 1, ... up to v ^ x in turn as nimber() asks
  // them, stopping after that one: each candidate below it has an option of its value or is the
  // component's nimber, so the status keeps its bounds and progress as for a full nimber, and the
  // question costs no more than the full nimber's search up to that candidate. Later questions
  // with v ^ x = 0 likewise on several threads; other ones ask the set {v ^ x} on one thread.
  // Returns p's nimber when the search found it (v, or a smaller one the root found on the way),
  // else -1: p's nimber is not v.
  int nimber_if(const Position& p, int v) {
    const bool track = !tracked_;
    tracked_ = true;
    std::vector<Position> comps;
    game_.components(p, comps);
    if (comps.empty()) return 0;
    std::sort(comps.begin(), comps.end(),
              [&](const Position& a, const Position& b) { return game_.difficulty(a) < game_.difficulty(b); });
    int x = 0;
    std::vector<std::pair<Key, int>> solved;  // the components searched, put again at the end
    for (std::size_t i = 0; i + 1 < comps.size(); ++i) {
      const int c = component_nimber(comps[i]);
      x ^= c;
      if (game_.trivial_nimber(comps[i]) < 0) solved.emplace_back(game_.key(comps[i]), c);
    }
    const Position& last = comps.back();
    const int t = v ^ x;
    Key key{};
    if (int known_value = known(last, key); known_value >= 0) return known_value ^ x;
    if (t > Table::kMaxNimber) return component_nimber(last) ^ x;
    // At the root: the first question (v = 0 only when t = 0 too: an outcome question of several
    // components keeps its one set {x}), or "is it 0?" on several threads (root_shared).
    if ((track && (v != 0 || t == 0)) || (t == 0 && settings_.threads > 1)) {
      tracking_ = track;
      bound_xor_ = x;
      if (track) {
        status_->others_xor.store(x);
        status_->bounded.store(true);
      }
      int found;
      try {
        found = search_root(last, key, std::max(1, settings_.threads), t);
      } catch (...) {
        tracking_ = false;
        put_again(solved);
        throw;
      }
      tracking_ = false;
      if (found != kNotInSet) solved.emplace_back(key, found);
      put_again(solved);
      if (found == kNotInSet) return -1;
      if (track) status_->nimber.store(found ^ x);
      return found ^ x;
    }
    start_ = std::chrono::steady_clock::now();
    last_report_ = last_checkpoint_ = 0;
    done_.store(false);
    Worker w;
    init_front(w);
    int found = kNotInSet;
    try {
      found = in_set(last, key, NimberSet::single(t), 0, w);
    } catch (...) {
      count_positions(w);
      add_stats(w);
      put_again(solved);
      throw;
    }
    count_positions(w);
    add_stats(w);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (found != kNotInSet) solved.emplace_back(key, found);
    put_again(solved);
    return found == kNotInSet ? -1 : found ^ x;
  }

  NimberSearchStats stats() const {
    std::lock_guard lock(stats_mutex_);
    NimberSearchStats s = totals_;
    s.nodes = nodes_.load();
    s.seconds = seconds_;
    s.table_replaced = table_.replaced();
    s.refutation_entries = refute_ ? refute_->size() : 0;
    return s;
  }

 private:
  static constexpr int kNotInSet = 255;
  static constexpr int kBudgetSpent = -2;
  struct BudgetSpent {};

  struct Option {
    std::uint32_t first = 0, len = 0;  // unknown components: comps[first .. first+len)
    int nimber = 0;                    // nim-sum of the known components
    std::uint32_t id = 0;              // the root's options: 1, 2, ... in the root's order (reports)
    std::uint64_t difficulty = 0;
    std::uint64_t tie = 0;
    bool settled = false;  // its value is already counted
    bool asked = false;    // refuted for the one value of a search's first phase
  };
  struct Frame {
    std::vector<Position> comps;
    std::vector<Key> keys;
    std::vector<Option> opts;
  };
  struct Worker {
    int id = 0;
    std::vector<std::unique_ptr<Frame>> frames;
    std::uint64_t nodes = 0;
    std::uint64_t limit = ~std::uint64_t{0};  // the innermost budget: positions expanded may not pass it
    std::vector<char> pending;                 // root: options still to ask in this candidate's rounds
    std::vector<std::uint64_t> root_budget;    // root: the budget of each option's next question
    NimberSearchStats stats;
    bool in_repeat = false;  // observe mode: inside a question a stored refutation answers
    bool r_first_at_1 = false;  // Settings::race: the root's option asks its options r first
    const std::atomic<bool>* cancel = nullptr;  // root_shared: set when this thread's question is settled elsewhere
    std::vector<Key> front;  // Settings::front_bits: keys with nimber + 1 in the top byte, as in the table
    Frame& frame(int depth) {
      while (static_cast<int>(frames.size()) <= depth) frames.push_back(std::make_unique<Frame>());
      return *frames[depth];
    }
  };

  // The other components of a position asked by nimber / nimber_if are solved first, and a full
  // table may replace their (smaller) entries while the last one is searched; put again, the
  // answer's every part is in the table it is saved with (and a trunk keeps them: its
  // --lookup-only reads the answer). Once missed: Node-Kayles 3x66 after option 5's moves, 99,
  // 181, a 13-cell part beside a 126-cell one (docs/results/node-kayles.md, thirty-sixth pass).
  void put_again(const std::vector<std::pair<Key, int>>& solved) {
    for (const auto& [key, v] : solved) table_.put(key, v);
  }

  int component_nimber(const Position& c) {
    if (int t = game_.trivial_nimber(c); t >= 0) return t;
    const Key key = game_.key(c);
    if (int v = table_.get(key); v >= 0) return v;
    return search_root(c, key, std::max(1, settings_.threads));
  }

  // The root search of component c (not trivial, not in the table) on `threads` threads: its
  // nimber. With last_candidate >= 0 the candidates stop after it: c's nimber when it is at most
  // last_candidate, else kNotInSet (0 alone: whether c is a P-position).
  int search_root(const Position& c, const Key& key, int threads, int last_candidate = -1) {
    start_ = std::chrono::steady_clock::now();
    last_report_ = last_checkpoint_ = 0;
    done_.store(false);
    std::atomic<int> answer{-1};
    std::exception_ptr error;
    std::atomic<bool> have_error{false};
    std::unique_ptr<RootWork> work;
    if (threads > 1) {
      work = make_root_work(c, threads);
      work->last_candidate = last_candidate;
      if (tracking_) {
        std::lock_guard lock(rounds_mutex_);
        live_root_ = work.get();
      }
    }
    auto run = [&](int id) {
      Worker w;
      w.id = id;
      init_front(w);
      try {
        const int v = work ? root_shared(key, w, *work) : root(c, key, w, last_candidate);
        int expected = -1;
        answer.compare_exchange_strong(expected, v);
        done_.store(true);
      } catch (const SearchStopped&) {
      } catch (...) {
        bool expected = false;
        if (have_error.compare_exchange_strong(expected, true)) error = std::current_exception();
        done_.store(true);
      }
      count_positions(w);
      add_stats(w);
    };
    if (threads == 1) {
      run(0);
    } else {
      // Both tables are shared by the threads (seqlocks, NimberTable); they grow only at a
      // rendezvous of the threads (check, rendezvous).
      table_.set_concurrent(true);
      if (refute_) refute_->set_concurrent(true);
      {
        std::lock_guard lock(grow_mutex_);
        grow_active_ = threads;
        grow_waiting_ = 0;
      }
      shared_ = true;
      auto run_shared = [&](int id) {
        run(id);
        leave_rendezvous();
      };
      std::vector<std::thread> pool;
      for (int i = 1; i < threads; ++i) pool.emplace_back(run_shared, i);
      run_shared(0);
      for (auto& t : pool) t.join();
      if (tracking_) {
        std::lock_guard lock(rounds_mutex_);
        rounds_ = rounds_of(*work);
        live_root_ = nullptr;
      }
      shared_ = false;
      table_.set_concurrent(false);
      if (refute_) refute_->set_concurrent(false);
    }
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (answer.load() >= 0) return answer.load();
    if (error) std::rethrow_exception(error);
    throw SearchStopped{};
  }

  // A worker's positions into the totals when it ends (check() counted them 1024 at a time).
  void count_positions(const Worker& w) {
    nodes_.fetch_add(w.nodes);
    status_->positions.fetch_add(w.nodes & 1023);
    add_thread_positions(w.id, w.nodes);
  }

  void add_stats(const Worker& w) {
    std::lock_guard lock(stats_mutex_);
    const NimberSearchStats& a = w.stats;
    totals_.calls += a.calls;
    totals_.table_hits += a.table_hits;
    totals_.refuted_moves += a.refuted_moves;
    totals_.refuted_expand += a.refuted_expand;
    totals_.refuted_search += a.refuted_search;
    totals_.exact += a.exact;
    totals_.refutation_hits += a.refutation_hits;
    totals_.refutation_shrinks += a.refutation_shrinks;
    totals_.refutation_high += a.refutation_high;
    totals_.refutation_repeat_nodes += a.refutation_repeat_nodes;
    totals_.raised_lower += a.raised_lower;
    totals_.single_first += a.single_first;
    totals_.budget_spent += a.budget_spent;
    totals_.ascending += a.ascending;
    totals_.budget_positions += a.budget_positions;
    totals_.budget_in_parts += a.budget_in_parts;
    totals_.mirror_proofs += a.mirror_proofs;
    totals_.front_hits += a.front_hits;
    for (std::size_t i = 0; i < a.by_size.size(); ++i) totals_.by_size[i] += a.by_size[i];
    if (totals_.phases.empty()) {
      totals_.phases = a.phases;
      totals_.root_options = a.root_options;
      totals_.phases_of_tracked_root = a.phases_of_tracked_root;
    }
    totals_.shared_questions += a.shared_questions;
    totals_.helped_questions += a.helped_questions;
    totals_.cancelled_questions += a.cancelled_questions;
  }
  void add_thread_positions(int id, std::uint64_t nodes) {
    std::lock_guard lock(stats_mutex_);
    if (totals_.thread_positions.size() <= static_cast<std::size_t>(id)) totals_.thread_positions.resize(id + 1);
    totals_.thread_positions[id] += nodes;
  }

  // Stores that c's nimber is none of the values below 8 (below 16 with the high mark) in
  // upto \ p (p: the candidates left).
  void refuted(const Key& key, const NimberSet& upto, const NimberSet& p) { store_refuted(key, upto.low16() & ~p.low16()); }
  // Stores "the nimber is not v" for each bit v of m (v < 16): v < 8 under key, v in 8..15 under
  // key | mark (dropped without the mark).
  void store_refuted(const Key& key, unsigned m) {
    if (!refute_) return;
    check_unmarked(key);
    refute_->merge_flags(key, m & 0xffu);
    if (high_mark_ && (m >> 8) != 0) refute_->merge_flags(marked(key), (m >> 8) & 0xffu);
  }
  // The stored refutations of key as bits 0..15; those of 8..15 only when `high` (a second probe).
  unsigned stored_refuted(const Key& key, bool high) const {
    check_unmarked(key);
    unsigned m = refute_->flags(key);
    if (high && high_mark_) m |= refute_->flags(marked(key)) << 8;
    return m;
  }
  // A key with the mark's bit would read another key's high refutations as its own.
  void check_unmarked(const Key& key) const {
    if (!high_mark_) return;
    std::uint64_t x = 0;
    for (std::size_t i = 0; i < key.size(); ++i) x |= key[i] & (*high_mark_)[i];
    if (x != 0) throw std::logic_error("LemoineViennot: a key with the refutations' high mark");
  }
  Key marked(const Key& key) const {
    Key k = key;
    for (std::size_t i = 0; i < k.size(); ++i) k[i] |= (*high_mark_)[i];
    return k;
  }

  // Known nimber of a component (trivial or stored), or -1.
  int known(const Position& c, Key& key) const {
    if (int t = game_.trivial_nimber(c); t >= 0) return t;
    key = game_.key(c);
    return table_.get(key);
  }

  void tick(Worker& w) {
    // The checks every 1024 positions come first, so that none is skipped by a budget's end.
    if ((++w.nodes & 1023) == 0) check(w);
    if (w.nodes > w.limit) throw BudgetSpent{};
  }

  // Every 1024 positions of a thread: the stop flags, the cap, the status; thread 0 also reports
  // progress and saves checkpoints.
  void check(Worker& w) {
    // Every thread counts its positions into the status in steps of 1024 (the rest when it ends,
    // count_positions): the cap and the reports see the positions of all threads.
    const std::uint64_t all = status_->positions.fetch_add(1024, std::memory_order_relaxed) + 1024;
    if (done_.load(std::memory_order_relaxed) ||
        (settings_.interrupt && settings_.interrupt->load(std::memory_order_relaxed)))
      throw SearchStopped{};
    if (settings_.max_nodes != 0 && all > settings_.max_nodes)
      throw CapReached("--max-positions " + std::to_string(settings_.max_nodes) + " reached after " +
                       std::to_string(all) + " positions expanded");
    if (w.cancel != nullptr && w.cancel->load(std::memory_order_relaxed)) throw TaskCancelled{};
    if (shared_ && (table_.wants_growth() || (refute_ && refute_->wants_growth()))) rendezvous();
    if (w.id != 0) return;
    store_table_sizes();
    if (!settings_.progress && !settings_.checkpoint) return;
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (settings_.progress && t - last_report_ >= 1.0) {
      last_report_ = t;
      const NimberStatus::RootProgress rp = status_->root_progress();
      const bool same = rp.candidate >= 0 && rp.candidate == (root_candidate_.load() ^ bound_xor_);
      settings_.progress({nodes_.load() + w.nodes, table_.size(), table_.capacity(), root_candidate_.load(), t,
                          same ? rp.options : 0, same ? rp.settled : 0});
    }
    if (settings_.checkpoint && settings_.checkpoint_seconds > 0 && t - last_checkpoint_ >= settings_.checkpoint_seconds) {
      last_checkpoint_ = t;
      settings_.checkpoint();
    }
  }

  // Shared tables grow only while no thread is inside them: a thread that finds one wanting to
  // grow waits here (between two positions, holding nothing of the tables) until every thread
  // still searching has arrived; the last to arrive grows the tables and wakes the others. A
  // thread that ends its search leaves (leave_rendezvous), so the others never wait for it.
  void rendezvous() {
    std::unique_lock lock(grow_mutex_);
    const std::uint64_t round = grow_round_;
    if (++grow_waiting_ == grow_active_) {
      grow_tables();
      return;
    }
    grow_cv_.wait(lock, [&] { return grow_round_ != round; });
  }
  void leave_rendezvous() {
    std::lock_guard lock(grow_mutex_);
    --grow_active_;
    if (grow_waiting_ > 0 && grow_waiting_ == grow_active_) grow_tables();
  }
  // Under grow_mutex_, every other searching thread waiting in rendezvous.
  void grow_tables() {
    table_.grow_if_needed();
    if (refute_) refute_->grow_if_needed();
    grow_waiting_ = 0;
    ++grow_round_;
    grow_cv_.notify_all();
  }

  // Generates c's options one at a time (Lemoine-Viennot's enhanced transposition cutoff):
  // an option whose components are all known (trivial or in the table) is passed to
  // on_known(nimber), and when that returns false the generation stops and expand returns
  // false: the rest of the options are never built. The other options are listed in f.opts,
  // easiest first, each with its hardest component first; equal components cancel.
  // A component's nimber is looked for in the thread's front cache first (Settings::front_bits),
  // when its key is computed. The table lookups of an option are made when the next option has
  // been generated, after prefetching its buckets: the memory latency of one option hides behind
  // the work of the next.
  template <class OnKnown>
  bool expand(const Position& c, Frame& f, Worker& w, OnKnown&& on_known) {
    f.comps.clear();
    f.opts.clear();
    bool stopped = false;
    // Looks up the option comps[s, e) (keys computed), lists it or passes it to on_known; returns
    // where its kept components end.
    auto finalize = [&](std::uint32_t s, std::uint32_t e, int nimber) -> std::uint32_t {
      Option o;
      o.first = s;
      o.nimber = nimber;
      std::uint32_t out = s;
      for (std::uint32_t i = s; i < e; ++i) {
        const Key key = f.keys[i];
        if (const int v = table_.get(key); v >= 0) {
          front_put(w, key, v);
          o.nimber ^= v;
          continue;
        }
        // G + G = 0: a component equal (same key) to one already listed cancels it.
        bool cancelled = false;
        for (std::uint32_t j = s; j < out; ++j)
          if (f.keys[j] == key) {
            --out;
            if (j != out) {
              f.comps[j] = f.comps[out];
              f.keys[j] = f.keys[out];
            }
            cancelled = true;
            break;
          }
        if (cancelled) continue;
        if (refute_) refute_->prefetch(key);  // asked later (in_set) unless a cutoff comes first
        if (out != i) {
          f.comps[out] = f.comps[i];
          f.keys[out] = key;
        }
        ++out;
      }
      o.len = out - s;
      if (o.len == 0) {
        if (!on_known(o.nimber)) stopped = true;
        return out;
      }
      std::uint64_t hardest = 0;
      for (std::uint32_t i = s; i < out; ++i) {
        const std::uint64_t d = game_.difficulty(f.comps[i]);
        o.difficulty += d * d;
        if (d > hardest) {
          hardest = d;
          if (i != s) {
            std::swap(f.comps[i], f.comps[s]);
            std::swap(f.keys[i], f.keys[s]);
          }
        }
      }
      if constexpr (requires { game_.mirror_p(f.comps[s]); })
        if (settings_.mirror_first && o.len == 1 && game_.mirror_p(f.comps[s])) o.difficulty = 0;
      o.tie = w.id == 0 ? 0 : mix(f.keys[s][0] ^ (0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(w.id)));
      f.opts.push_back(o);
      return out;
    };
    // The pending option: comps[ps, pe) with keys, pn the nim-sum of its trivial components.
    std::uint32_t ps = 0, pe = 0;
    int pn = 0;
    bool pending = false;
    game_.options(c, f.comps, [&]() -> bool {
      const std::uint32_t a = pe, end = static_cast<std::uint32_t>(f.comps.size());
      if (f.keys.size() < end) f.keys.resize(end + 64);
      int nimber = 0;
      std::uint32_t out = a;
      for (std::uint32_t i = a; i < end; ++i) {
        if (const int t = game_.trivial_nimber(f.comps[i]); t >= 0) {
          nimber ^= t;
          continue;
        }
        const Key key = game_.key(f.comps[i]);
        if (const int v = front_get(w, key); v >= 0) {
          ++w.stats.front_hits;
          nimber ^= v;
          continue;
        }
        table_.prefetch(key);
        if (out != i) f.comps[out] = f.comps[i];
        f.keys[out] = key;
        ++out;
      }
      std::uint32_t to = a;
      if (pending) {
        to = finalize(ps, pe, pn);
        if (stopped) return false;
        for (std::uint32_t i = a; i < out; ++i) {
          f.comps[to + (i - a)] = f.comps[i];
          f.keys[to + (i - a)] = f.keys[i];
        }
      }
      ps = to;
      pe = to + (out - a);
      pn = nimber;
      pending = true;
      f.comps.resize(pe);
      return true;
    });
    if (stopped) return false;
    if (pending) {
      f.comps.resize(finalize(ps, pe, pn));
      if (stopped) return false;
    }
    std::stable_sort(f.opts.begin(), f.opts.end(), [](const Option& a, const Option& b) {
      return a.difficulty != b.difficulty ? a.difficulty < b.difficulty : a.tie < b.tie;
    });
    return true;
  }

  // The front cache (Settings::front_bits): an entry is the key with nimber + 1 in the top byte of
  // its last word (which every key leaves clear); all zero is empty (no key has nimber + 1 = 0).
  void init_front(Worker& w) const {
    const int bits = std::min(settings_.front_bits, kMaxFrontBits);
    if (bits > 0) w.front.assign(std::size_t{1} << bits, Key{});
  }
  std::size_t front_slot(const Worker& w, const Key& key) const {
    std::uint64_t h = 0;
    for (const std::uint64_t word : key) h = mix(h ^ word);
    return static_cast<std::size_t>(h >> (64 - std::countr_zero(w.front.size())));
  }
  int front_get(const Worker& w, const Key& key) const {
    if (w.front.empty()) return -1;
    const Key& e = w.front[front_slot(w, key)];
    for (std::size_t q = 0; q + 1 < key.size(); ++q)
      if (e[q] != key[q]) return -1;
    if ((e.back() & ~kFrontValue) != key.back()) return -1;
    return static_cast<int>(e.back() >> kFrontShift) - 1;
  }
  void front_put(Worker& w, const Key& key, int v) const {
    if (w.front.empty()) return;
    Key e = key;
    e.back() |= static_cast<std::uint64_t>(v + 1) << kFrontShift;
    w.front[front_slot(w, key)] = e;
  }
  static constexpr int kFrontShift = 56;
  static constexpr std::uint64_t kFrontValue = std::uint64_t{0xff} << kFrontShift;

  // Whether options a and b of frame f ask the same question: the same keys of unknown components
  // (in any order: a move and its mirror image may split a board into the same parts, listed in
  // the other order), beside the same nimber of known components.
  static bool same_question(const Frame& f, const Option& a, const Option& b) {
    if (a.len != b.len || a.nimber != b.nimber) return false;
    if (a.len == 1) return f.keys[a.first] == f.keys[b.first];
    std::uint64_t used = 0;  // b's components matched so far (options of more than 64 are never merged)
    if (a.len > 64) return false;
    for (std::uint32_t i = a.first; i < a.first + a.len; ++i) {
      bool matched = false;
      for (std::uint32_t j = 0; j < b.len && !matched; ++j)
        if (((used >> j) & 1) == 0 && f.keys[b.first + j] == f.keys[i]) {
          used |= std::uint64_t{1} << j;
          matched = true;
        }
      if (!matched) return false;
    }
    return true;
  }

  // Folds every component of o but the first into o.nimber (exact nimbers).
  void reduce(Frame& f, Option& o, int depth, Worker& w) {
    while (o.len > 1) {
      const std::uint32_t i = o.first + o.len - 1;
      const int v = in_set(f.comps[i], f.keys[i], NimberSet::lowest(NimberSet::kBits), depth, w);
      if (v == kNotInSet) throw CapReached("a nimber above 254: beyond the table's range");
      o.nimber ^= v;
      --o.len;
    }
  }

  // in_set within `budget` more positions (0: no budget of its own), or kBudgetSpent when it ran
  // out. Only completed sub-searches store anything, so an abandoned one leaves exact facts.
  // An enclosing budget that runs out first is passed on (thrown again).
  int in_set_within(const Position& c, const Key& key, const NimberSet& asked, int depth, Worker& w,
                    std::uint64_t budget) {
    return within(w, budget, [&] { return in_set(c, key, asked, depth, w); });
  }
  // question() within `budget` more positions (0: no budget of its own), or kBudgetSpent.
  template <class Question>
  int within(Worker& w, std::uint64_t budget, Question&& question) {
    const std::uint64_t outer = w.limit;
    if (budget == 0 || w.nodes >= outer || budget >= outer - w.nodes) return question();  // no overflow
    const std::uint64_t before = w.nodes;
    w.limit = w.nodes + budget;
    try {
      const int v = question();
      w.limit = outer;
      return v;
    } catch (const BudgetSpent&) {
      w.limit = outer;
      ++w.stats.budget_spent;
      if (outer == ~std::uint64_t{0}) w.stats.budget_positions += w.nodes - before;
      return kBudgetSpent;
    } catch (...) {
      w.limit = outer;
      throw;
    }
  }

  // The nimber of the component c if it is in `requested` (or whenever it is found), else
  // kNotInSet, which proves the nimber is not in `requested` (Beling-Rogalski).
  int in_set(const Position& c, const Key& key, const NimberSet& asked, int depth, Worker& w) {
    // Values 8..15 asked: their refutations are under key | mark (a second probe).
    const bool high = high_mark_ && (asked.low16() >> 8) != 0;
    if (refute_) {
      refute_->prefetch(key);  // its load overlaps the nimber table's
      if (high) refute_->prefetch(marked(key));
    }
    if (int v = table_.get(key); v >= 0) {
      ++w.stats.table_hits;
      return v;
    }
    ++w.stats.calls;
    {
      const int n = asked.count_small();
      ++w.stats.by_size[n > 8 ? 0 : n >= 5 ? 5 : n];
    }
    NimberSet requested = asked;
    bool repeat = false;
    unsigned excluded = 0;  // values below 16 the nimber is known not to be (stored refutations)
    if (refute_) {
      // The nimber is none of the refuted values: asking about them is asking about nothing.
      const unsigned m = stored_refuted(key, high);
      if (!settings_.refutations_observe) excluded = m;
      if (m & asked.low16()) {
        const NimberSet narrowed = asked.without_low16(m);
        if ((m & asked.low16()) >> 8 != 0 && !settings_.refutations_observe) ++w.stats.refutation_high;
        if (settings_.refutations_observe) {
          repeat = narrowed.empty() && !w.in_repeat;
        } else {
          if (narrowed.empty()) {
            ++w.stats.refutation_hits;
            return kNotInSet;
          }
          ++w.stats.refutation_shrinks;
          requested = narrowed;
        }
      }
    }
    if (repeat) {
      ++w.stats.refutation_hits;
      w.in_repeat = true;
      const std::uint64_t before = w.nodes;
      try {
        const int v = search_node(c, key, requested, 0, depth, w);
        w.stats.refutation_repeat_nodes += w.nodes - before;
        w.in_repeat = false;
        return v;
      } catch (...) {
        w.in_repeat = false;
        throw;
      }
    }
    return search_node(c, key, requested, excluded, depth, w);
  }

  // `excluded`: values below 16 the nimber is known not to be. When they are 0..L-1 (the nimber
  // is at least L, every value below L is some option's), the candidates start at L:
  // p = {L, ..., L+k} for k options, and options are only asked about values >= L. The
  // Beling-Rogalski count still holds: the nimber n = mex is the least value >= L that no
  // option has; each of L..n-1 removes itself, and the k - (n - L) other options (values below
  // L, repeats, values above n, or answers "not in the set") each remove the largest candidate,
  // of which L + k - n lie above n. So with k = 0 candidates left, p = {n} when n <= max R.
  // Asking "are you L?" of a component known to be at least L thus asks each option only
  // "are you L?" (a single value), instead of every value up to L.
  int search_node(const Position& c, const Key& key, const NimberSet& asked, unsigned excluded, int depth,
                  Worker& w) {
    tick(w);
    Frame& f = w.frame(depth);
    const int k = game_.move_count(c);
    // The nimber is at most k: only requested values up to k can be answered yes.
    const NimberSet requested = asked & NimberSet::lowest(static_cast<std::uint32_t>(k) + 1);
    const int lower = std::countr_one(excluded & 0xffffu);
    if (lower > 0) ++w.stats.raised_lower;
    NimberSet p = NimberSet::lowest(static_cast<std::uint32_t>(k + lower) + 1).without_low16((1u << lower) - 1);
    if (p.disjoint(requested)) {
      ++w.stats.refuted_moves;
      return kNotInSet;
    }
    // Invariant: |p| = (options not yet counted) + 1, and the nimber, when it is at most
    // max(requested), is in p.
    if constexpr (requires { game_.mirror_replies(c, f.comps, [] { return true; }); })
      if (settings_.mirror_first && game_.mirror_p(c) && mirror_zero(c, f, depth, w)) {
        table_.put(key, 0);
        ++w.stats.mirror_proofs;
        ++w.stats.exact;
        return 0;
      }
    NimberSet seen;  // values of options known exactly
    if (!expand(c, f, w, [&](int v) {
          p.remove_or_max(v);
          if (v < NimberSet::kBits) seen.add(v);
          return !p.disjoint(requested);
        })) {
      ++w.stats.refuted_expand;
      refuted(key, requested.upto_max(), p);
      return kNotInSet;
    }
    const NimberSet upto = requested.upto_max();
    const bool budgeted = settings_.budget != 0 && depth <= settings_.budget_depth;
    if (!(depth == 1 && w.r_first_at_1) && depth <= settings_.ascending_depth && refute_ &&
        !settings_.refutations_observe && requested.count_small() == 1 &&
        requested.min() >= lower + std::max(1, settings_.ascending_gap))
      return ascending(key, requested.min(), lower, seen, f, depth, w, budgeted ? settings_.budget : 0);
    bool exact = true;
    // One value asked above the lower bound ("are you r?"): first ask every option only "are you
    // r?" (Lemoine-Viennot's question); one that is refutes at once. Options answered exactly
    // here count now; the others (proved not r) are asked the wider Beling-Rogalski set below,
    // where their stored refutation drops r.
    // With budgets at this depth also when r is the lower bound (the loop below would ask every
    // option "are you r?" too, but one at a time, without budgets).
    if (refute_ && !settings_.refutations_observe && requested.count_small() == 1 &&
        (requested.min() > lower || (budgeted && requested.min() == lower))) {
      ++w.stats.single_first;
      const int r = requested.min();
      // Rounds of growing budgets near the root (Settings::budget); one round without a budget
      // elsewhere.
      std::uint64_t budget = budgeted ? settings_.budget : 0;
      for (;;) {
        bool abandoned = false;
        std::size_t first_abandoned = f.opts.size();
        for (std::size_t j = 0; j < f.opts.size(); ++j) {
          Option& o = f.opts[j];
          if (o.settled || o.asked) continue;
          reduce(f, o, depth + 1, w);
          // The same question as one abandoned in this round would be abandoned too.
          if (budget != 0 && first_abandoned < j) {
            bool dup = false;
            for (std::size_t i = first_abandoned; i < j && !dup; ++i)
              dup = !f.opts[i].settled && !f.opts[i].asked && same_question(f, f.opts[i], o);
            if (dup) continue;
          }
          const int v =
              in_set_within(f.comps[o.first], f.keys[o.first], NimberSet::single(r ^ o.nimber), depth + 1, w, budget);
          if (v == kBudgetSpent) {
            abandoned = true;
            first_abandoned = std::min(first_abandoned, j);
            continue;
          }
          if (v == kNotInSet) {
            o.asked = true;
            continue;
          }
          o.settled = true;
          p.remove_or_max(v ^ o.nimber);
          if (p.disjoint(requested)) {
            ++w.stats.refuted_search;
            refuted(key, upto, p);
            return kNotInSet;
          }
        }
        if (!abandoned) break;
        budget = budget > (std::uint64_t{1} << 60) ? 0 : budget * 4;
      }
    }
    for (std::size_t j = 0; j < f.opts.size(); ++j) {
      if (p.disjoint(requested)) {
        ++w.stats.refuted_search;
        refuted(key, upto, p);
        return kNotInSet;
      }
      Option& o = f.opts[j];
      if (o.settled) continue;
      const NimberSet rest = p.without_max();
      reduce(f, o, depth + 1, w);
      const int v = in_set(f.comps[o.first], f.keys[o.first], (rest & upto).xored(o.nimber), depth + 1, w);
      if (v == kNotInSet) {
        p.remove_max();
        exact = false;
      } else {
        p.remove_or_max(v ^ o.nimber);
      }
    }
    if (exact || !p.disjoint(upto)) {
      const int v = p.min();
      if (v < 0) throw CapReached("a nimber above 254: beyond the table's range");
      table_.put(key, v);
      ++w.stats.exact;
      return v;
    }
    ++w.stats.refuted_search;
    refuted(key, upto, p);
    return kNotInSet;
  }

  // Settings::mirror_first, a component c the second player wins by copying (the game's
  // mirror_p): proves c = 0 by the strategy instead of searching its options: for every move of c
  // the game gives the position after it and the copying reply (mirror_replies), and each is
  // shown to be 0 (its components: known nimbers, equal pairs cancelled, all but one unknown
  // solved exactly, the last asked "are you the rest?"; a symmetric one comes back here). Then
  // every option of c has an option of value 0, so none is 0 and c's nimber is 0. False (nothing
  // concluded; the caller searches c as usual) when a reply fails; every fact met is stored.
  bool mirror_zero(const Position& c, Frame& f, int depth, Worker& w) {
    f.comps.clear();
    bool ok = true;
    const bool legal = game_.mirror_replies(c, f.comps, [&]() -> bool {
      const std::uint32_t end = static_cast<std::uint32_t>(f.comps.size());
      if (f.keys.size() < end) f.keys.resize(end + 64);
      int known = 0;
      std::uint32_t n = 0;
      for (std::uint32_t i = 0; i < end; ++i) {
        if (const int t = game_.trivial_nimber(f.comps[i]); t >= 0) {
          known ^= t;
          continue;
        }
        const Key key = game_.key(f.comps[i]);
        if (const int v = table_.get(key); v >= 0) {
          known ^= v;
          continue;
        }
        bool cancelled = false;  // G + G = 0
        for (std::uint32_t j = 0; j < n && !cancelled; ++j)
          if (f.keys[j] == key) {
            --n;
            f.comps[j] = f.comps[n];
            f.keys[j] = f.keys[n];
            cancelled = true;
          }
        if (cancelled) continue;
        f.comps[n] = f.comps[i];
        f.keys[n] = key;
        ++n;
      }
      while (n > 1) {
        --n;
        const int v = in_set(f.comps[n], f.keys[n], NimberSet::lowest(NimberSet::kBits), depth + 1, w);
        if (v == kNotInSet) throw CapReached("a nimber above 254: beyond the table's range");
        known ^= v;
      }
      if (n == 1) ok = known < NimberSet::kBits &&
                       in_set(f.comps[0], f.keys[0], NimberSet::single(known), depth + 1, w) == known;
      else ok = known == 0;
      f.comps.clear();
      return ok;
    });
    f.comps.clear();
    return legal && ok;
  }

  // Settings::ascending_depth: the component (key; options in f, `seen` the values of the known ones)
  // is asked "are you r?", its nimber is at least `lower`. For v = lower, ..., r-1 an option of
  // value v is looked for; when none has v, the nimber is v (every value below v is some
  // option's or refuted, no option is v): stored and returned. Then an option of value r is
  // looked for: one refutes r (the nimber is above r), none proves the nimber is r.
  int ascending(const Key& key, int r, int lower, NimberSet& seen, Frame& f, int depth, Worker& w,
                std::uint64_t budget) {
    ++w.stats.ascending;
    // An option of value r refutes r; every value below `below` is some option's or refuted.
    auto refute_r = [&](int below) {
      const unsigned mask = (below >= 16 ? 0xffffu : (1u << below) - 1) | (r < 16 ? 1u << r : 0u);
      store_refuted(key, mask);
      ++w.stats.refuted_search;
      return kNotInSet;
    };
    // With a budget: first one quick pass asking every option "are you r?" within the budget
    // (one that is refutes r at once, as the one-value-first search would), then the values
    // in increasing order.
    if (budget != 0 && lower < r)
      for (std::size_t j = 0; j < f.opts.size(); ++j) {
        Option& o = f.opts[j];
        if (o.settled) continue;
        reduce(f, o, depth + 1, w);
        const int x = in_set_within(f.comps[o.first], f.keys[o.first], NimberSet::single(r ^ o.nimber), depth + 1, w, budget);
        if (x == kBudgetSpent || x == kNotInSet) continue;
        o.settled = true;
        const int val = x ^ o.nimber;
        if (val == r) return refute_r(lower);
        if (val < NimberSet::kBits) seen.add(val);
      }
    for (int v = lower; v <= r; ++v) {
      if (seen.has(v)) {
        if (v == r) return refute_r(r);
        continue;
      }
      const int found = find_value(f, v, r, depth, w, budget, seen);
      if (found == r) return refute_r(v);
      if (found < 0) {  // no option has v: the nimber is v
        table_.put(key, v);
        ++w.stats.exact;
        return v;
      }
    }
    return refute_r(r);  // not reached: v = r either returns r or refutes it
  }

  // Looks among the unsettled options of f for one of value v (in rounds of growing budgets
  // when budget != 0), settling every option answered exactly (its value into `seen`). Returns
  // v when one has it, r when an option answered exactly r first, -1 when no option has v.
  // With Settings::ascending_with_r_depth each option is asked {v, r}: "not in the set" still
  // proves it is not v (and stores that it is not r either).
  int find_value(Frame& f, int v, int r, int depth, Worker& w, std::uint64_t budget, NimberSet& seen) {
    for (;;) {
      bool abandoned = false;
      std::size_t first_abandoned = f.opts.size();
      for (std::size_t j = 0; j < f.opts.size(); ++j) {
        Option& o = f.opts[j];
        if (o.settled) continue;
        reduce(f, o, depth + 1, w);
        if (budget != 0 && first_abandoned < j) {
          bool dup = false;
          for (std::size_t i = first_abandoned; i < j && !dup; ++i)
            dup = !f.opts[i].settled && same_question(f, f.opts[i], o);
          if (dup) continue;
        }
        NimberSet q = NimberSet::single(v ^ o.nimber);
        if (depth <= settings_.ascending_with_r_depth && v < r) q.add(r ^ o.nimber);
        const int x = in_set_within(f.comps[o.first], f.keys[o.first], q, depth + 1, w, budget);
        if (x == kBudgetSpent) {
          abandoned = true;
          first_abandoned = std::min(first_abandoned, j);
          continue;
        }
        if (x == kNotInSet) continue;
        o.settled = true;
        const int val = x ^ o.nimber;
        if (val < NimberSet::kBits) seen.add(val);
        if (val == v || val == r) return val;
      }
      if (!abandoned) return -1;
      budget = budget > (std::uint64_t{1} << 60) ? 0 : budget * 4;
    }
  }

  // Settings::race: the root's option c asked "are you q?", r-first and ascending in turn within
  // growing budgets, until one answers.
  int race(const Position& c, const Key& key, int q, Worker& w) {
    for (std::uint64_t budget = settings_.race;; budget = budget > (std::uint64_t{1} << 60) ? 0 : budget * 4) {
      w.r_first_at_1 = true;
      int v;
      try {
        v = in_set_within(c, key, NimberSet::single(q), 1, w, budget);
      } catch (...) {
        w.r_first_at_1 = false;
        throw;
      }
      w.r_first_at_1 = false;
      if (v != kBudgetSpent) return v;
      v = in_set_within(c, key, NimberSet::single(q), 1, w, budget);
      if (v != kBudgetSpent) return v;
    }
  }

  // A root option o of frame f asked "is your value r?" within `budget` positions (0: none), as
  // its round of root rounds: first its other components are solved exactly (reduce), then its
  // last one is asked r ^ (their nim-sum). The budget covers both: before 2026-12-07 it covered
  // the question alone, so an option whose other part was hard kept a thread for as long as that
  // part took (Node-Kayles 3x67 after the move 54: two threads over 2 000 s each in the exact
  // nimber of one side of a split, the other 187 options not asked). Abandoned within the
  // reduction, o keeps the components already solved (their nimbers folded in) and every finished
  // sub-search is in the table, so the next round goes on from there.
  int ask_root_in_rounds(Frame& f, Option& o, int r, Worker& w, std::uint64_t budget, bool racing) {
    return within(w, budget, [&] {
      try {
        reduce(f, o, 1, w);
      } catch (const BudgetSpent&) {
        ++w.stats.budget_in_parts;
        throw;
      }
      return ask_root_option(f.comps[o.first], f.keys[o.first], r ^ o.nimber, w, budget, racing);
    });
  }

  // The root's question to its option c (after reduce): "are you q?", raced (Settings::race) when
  // `racing` allows it and the two orders differ, within `budget` positions (0: none). Its value,
  // kNotInSet, or kBudgetSpent (abandoned: only completed sub-searches stored anything).
  int ask_root_option(const Position& c, const Key& key, int q, Worker& w, std::uint64_t budget, bool racing) {
    racing = racing && settings_.race != 0 && q >= 2 && settings_.ascending_depth >= 1 && refute_ &&
             !settings_.refutations_observe;
    if (!racing) return in_set_within(c, key, NimberSet::single(q), 1, w, budget);
    return within(w, budget, [&] { return race(c, key, q, w); });
  }
  static std::uint64_t next_round(std::uint64_t budget) {
    return budget == 0 || budget > (std::uint64_t{1} << 60) ? 0 : budget * 4;
  }

  // The root's options into f (the values of the known ones into skip, and ruled out). Options
  // that are the same question (unknown components of the same keys, in any order, and the same
  // nimber of known components; e.g. mirror images) are listed once: the root needs each value once. Returns the
  // root's distinct options as the reports count them (NimberStatus::root_count): the listed ones
  // (numbered 1, 2, ... in the order the root asks them), after the game's simplifications, its
  // keys (e.g. the symmetries of a grid) and the cancelling of equal components, plus one per
  // distinct value of the options whose value is known when the root is expanded (immediate, or
  // in the table: on a resumed run, more of them).
  int expand_root(const Position& c, Frame& f, Worker& w, NimberSet& skip) {
    expand(c, f, w, [&](int v) {
      if (v < NimberSet::kBits) skip.add(v);
      rule_out(v);
      return true;
    });
    std::size_t kept = 0;
    for (std::size_t j = 0; j < f.opts.size(); ++j) {
      bool dup = false;
      for (std::size_t i = 0; i < kept && !dup; ++i) dup = same_question(f, f.opts[i], f.opts[j]);
      if (!dup) f.opts[kept++] = f.opts[j];
    }
    f.opts.resize(kept);
    for (std::size_t j = 0; j < kept; ++j) f.opts[j].id = static_cast<std::uint32_t>(j + 1);
    if (tracking_ && settings_.root_options) {
      std::vector<std::uint64_t> names;
      for (const Option& o : f.opts) names.push_back(option_name(f, o));
      settings_.root_options(names);
    }
    return skip.count_small() + static_cast<int>(kept);
  }

  // The reports of the tracked root (NimberStatus::root_count, root_asked): for candidate r,
  // `settled` of `options` proved not r; thread `id` asks its option `option` (0: none) from now.
  void publish_root(int r, int settled, int options) {
    if (!tracking_) return;
    status_->root_count.store((static_cast<std::uint64_t>(r ^ bound_xor_) + 1) << 48 |
                              static_cast<std::uint64_t>(settled) << 24 | static_cast<std::uint64_t>(options));
  }
  void publish_asked(int id, std::uint32_t option, int r = 0) {
    if (!tracking_ || id >= NimberStatus::kThreadSlots) return;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                           status_->started).count();
    const int cand = (r ^ bound_xor_) + 1;
    status_->root_asked[static_cast<std::size_t>(id)].store(
        option == 0 || option > 0xffff || cand > 0xff
            ? 0
            : static_cast<std::uint64_t>(option) << 48 | static_cast<std::uint64_t>(cand) << 40 |
                  (static_cast<std::uint64_t>(ms) & ((std::uint64_t{1} << 40) - 1)));
  }

  // The root on one thread: is the nimber 0? 1? ... (aspiration sets {r}), one option at a time.
  // (Several threads: root_shared.) last_candidate >= 0: the candidates up to it only (c's nimber
  // when it is at most last_candidate, else kNotInSet).
  int root(const Position& c, const Key& key, Worker& w, int last_candidate = -1) {
    Frame& f = w.frame(0);
    const int k = game_.move_count(c);
    NimberSet skip;
    const int options = expand_root(c, f, w, skip);
    const int known = options - static_cast<int>(f.opts.size());  // the known values, each counted once
    int answered = 0;  // options answered exactly (each settles every later candidate)
    const bool record = w.id == 0 && !phases_taken_;  // thread 0 only: the first root's candidates
    std::vector<std::uint64_t> names;  // the options' names as listed (ids are 1-based places here)
    if (record) {
      phases_taken_ = true;
      w.stats.root_options = options;
      w.stats.phases_of_tracked_root = tracking_;
      for (const Option& o : f.opts) names.push_back(option_name(f, o));
    }
    auto phase_start = std::chrono::steady_clock::now();
    std::uint64_t phase_nodes = w.nodes;
    auto end_phase = [&](int r, int settled, bool found, int option, int rounds) {
      if (!record) return;
      const auto now = std::chrono::steady_clock::now();
      const std::uint64_t name = option >= 1 && static_cast<std::size_t>(option) <= names.size()
                                     ? names[static_cast<std::size_t>(option) - 1]
                                     : 0;
      w.stats.phases.push_back({r, w.nodes - phase_nodes, std::chrono::duration<double>(now - phase_start).count(),
                                options, settled, found, option, rounds, name, {}});
      phase_start = now;
      phase_nodes = w.nodes;
    };
    for (int r = 0; r < k; ++r) {
      if (last_candidate >= 0 && r > last_candidate) return kNotInSet;
      if (w.id == 0) root_candidate_.store(r);
      if ((r < NimberSet::kBits && skip.has(r)) || ruled_out(r)) continue;
      ask(r);
      // Proved not r: the known values and the options answered exactly (none is r), then each
      // option answered "not r" or a value other than r.
      int settled = known + answered;
      publish_root(r, settled, options);
      // Options not yet asked r in this candidate's rounds (all of them when there is no budget).
      bool found = false;
      int found_option = 0, rounds = 0;
      std::vector<char>& pending = w.pending;
      pending.assign(f.opts.size(), 1);
      // Root rounds (Settings::root_rounds) race inside their budgets; the older `budget` rounds
      // ask r-first. Each option has the budget of its next question: equal in a fresh run, read
      // back from an earlier run's (Settings::resume_rounds) at the tracked root, whose rounds are
      // kept for root_rounds() (carry) after every question.
      const bool rounds_on = settings_.root_rounds != 0, carry = rounds_on && tracking_;
      std::vector<std::uint64_t>& budget = w.root_budget;
      budget.assign(f.opts.size(), rounds_on ? settings_.root_rounds : settings_.budget);
      if (carry && r == settings_.resume_rounds.candidate) resume_budgets(f, budget);
      auto keep_rounds = [&] {
        if (!carry) return;
        RootRounds now;
        now.candidate = r;
        for (std::size_t j = 0; j < f.opts.size(); ++j)
          if (pending[j]) now.budgets.emplace_back(option_name(f, f.opts[j]), budget[j]);
        std::lock_guard lock(rounds_mutex_);
        rounds_ = std::move(now);
      };
      keep_rounds();
      while (!found) {
        bool abandoned = false;
        ++rounds;
        for (std::size_t j = 0; j < f.opts.size() && !found;) {
          if (!pending[j]) {
            ++j;
            continue;
          }
          Option& o = f.opts[j];
          publish_asked(w.id, o.id, r);
          if (r > Table::kMaxNimber) throw CapReached("a nimber above 254: beyond the table's range");
          int v = ask_root_in_rounds(f, o, r, w, budget[j], rounds_on || budget[j] == 0);
          if (v == kBudgetSpent) {
            abandoned = true;
            budget[j] = next_round(budget[j]);
            ++j;
          } else if (v != kNotInSet) {
            v ^= o.nimber;
            const int id = static_cast<int>(o.id);
            f.opts.erase(f.opts.begin() + static_cast<std::ptrdiff_t>(j));
            pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(j));
            budget.erase(budget.begin() + static_cast<std::ptrdiff_t>(j));
            if (v < NimberSet::kBits) skip.add(v);
            rule_out(v);
            ++answered;
            if (v == r) {
              found = true;
              found_option = id;
            } else {
              publish_root(r, ++settled, options);
            }
          } else {
            pending[j] = 0;
            publish_root(r, ++settled, options);
            ++j;
          }
          keep_rounds();
        }
        if (!abandoned) break;
      }
      if (carry) {
        std::lock_guard lock(rounds_mutex_);
        rounds_ = RootRounds{};  // decided: its rounds are over
      }
      publish_asked(w.id, 0);
      end_phase(r, settled, found, found_option, rounds_on ? rounds : 0);
      if (!found) {
        table_.put(key, r);
        return r;
      }
    }
    table_.put(key, k);
    return k;
  }

  // Thrown in a thread whose root question another thread settled (Worker::cancel).
  struct TaskCancelled {};

  // The root's work shared by the threads (root_shared): its options, listed once, and what is
  // known of them, under `mutex`.
  struct RootWork {
    Frame frame;  // the options (read only once built; each thread reduces its own copy)
    int moves = 0;
    int options = 0;  // distinct options as the reports count them (expand_root)
    int known = 0;    // ... of a value known when the root was expanded (not listed in frame)
    std::mutex mutex;
    std::condition_variable wake;
    NimberSet skip;                 // values some option has (candidates settled at once)
    std::vector<int> value;         // per option: its exact value once known, else -1
    std::vector<char> state;        // per option, for candidate r: 0 not taken, 1 being asked, 2 answered
    std::vector<int> askers;        // per option: threads asking it now
    std::vector<std::uint64_t> budget;  // per option: the budget of its next question about r (0: none)
    std::vector<int> asks;          // per option: times asked about r (not counting helpers)
    int found_option = 0;           // the option of value r (its id), when found
    std::vector<int> working;       // per thread: the option it asks, or -1
    std::unique_ptr<std::atomic<bool>[]> cancel;  // per thread: its question was settled elsewhere
    int r = -1;                     // the candidate being decided
    bool found = false;             // an option of value r is known
    int last_candidate = -1;        // >= 0: decide the candidates up to it only (then kNotInSet)
    int answer = -1;
    std::chrono::steady_clock::time_point phase_start;
    std::uint64_t phase_positions = 0;
    std::vector<typename NimberSearchStats::Phase> phases;
  };

  // Expands the root once (the same options for every thread, in thread 0's order).
  std::unique_ptr<RootWork> make_root_work(const Position& c, int threads) {
    auto work = std::make_unique<RootWork>();
    RootWork& rw = *work;
    Worker w0;
    rw.moves = game_.move_count(c);
    rw.options = expand_root(c, rw.frame, w0, rw.skip);
    const std::size_t kept = rw.frame.opts.size();
    rw.known = rw.options - static_cast<int>(kept);
    rw.value.assign(kept, -1);
    rw.state.assign(kept, 0);
    rw.askers.assign(kept, 0);
    rw.budget.assign(kept, settings_.root_rounds);
    rw.asks.assign(kept, 0);
    rw.working.assign(static_cast<std::size_t>(threads), -1);
    rw.cancel = std::make_unique<std::atomic<bool>[]>(static_cast<std::size_t>(threads));
    for (int i = 0; i < threads; ++i) rw.cancel[i].store(false);
    rw.phase_start = std::chrono::steady_clock::now();
    return work;
  }

  // Under rw.mutex: moves to the next candidate that no known option settles; sets rw.answer when
  // there is none below the move count (the nimber is then the move count, as in root).
  void next_candidate(RootWork& rw, const Key& key) {
    if (rw.r >= 0) {
      const auto now = std::chrono::steady_clock::now();
      const std::uint64_t all = status_->positions.load();
      if (!phases_taken_)
        rw.phases.push_back({rw.r, all - rw.phase_positions, std::chrono::duration<double>(now - rw.phase_start).count(),
                             rw.options, settled(rw), true, rw.found_option, most_asks(rw),
                             rw.found_option > 0 ? option_name(rw.frame, rw.frame.opts[
                                                       static_cast<std::size_t>(rw.found_option) - 1])
                                                 : 0,
                             {}});
      rw.phase_start = now;
      rw.phase_positions = all;
    }
    if (rw.last_candidate >= 0 && rw.r >= rw.last_candidate) {  // an option has the last candidate's value
      rw.answer = kNotInSet;
      return;
    }
    for (;;) {
      ++rw.r;
      if (rw.last_candidate >= 0 && rw.r > rw.last_candidate) {  // the last one is a known option's value
        rw.answer = kNotInSet;
        return;
      }
      if (rw.r >= rw.moves) {
        rw.answer = rw.moves;
        break;
      }
      if ((rw.r < NimberSet::kBits && rw.skip.has(rw.r)) || ruled_out(rw.r)) continue;
      if (rw.r > Table::kMaxNimber) throw CapReached("a nimber above 254: beyond the table's range");
      break;
    }
    rw.found = false;
    rw.found_option = 0;
    std::fill(rw.state.begin(), rw.state.end(), 0);
    std::fill(rw.budget.begin(), rw.budget.end(), settings_.root_rounds);
    std::fill(rw.asks.begin(), rw.asks.end(), 0);
    if (tracking_ && settings_.root_rounds != 0 && rw.r == settings_.resume_rounds.candidate)
      resume_budgets(rw.frame, rw.budget);
    if (rw.answer >= 0) {
      table_.put(key, rw.answer);
      return;
    }
    root_candidate_.store(rw.r);
    ask(rw.r);
    publish_root(rw.r, settled(rw), rw.options);
  }

  // Each option of the root frame f starts at the budget an earlier run saved for it
  // (Settings::resume_rounds) when that is larger than the fresh one in `budget`.
  void resume_budgets(const Frame& f, std::vector<std::uint64_t>& budget) const {
    for (std::size_t j = 0; j < budget.size(); ++j) {
      const std::uint64_t name = option_name(f, f.opts[j]);
      for (const auto& [n, b] : settings_.resume_rounds.budgets)
        if (n == name && b > budget[j]) budget[j] = b;
    }
  }

  // The name of a root option (RootRounds): a hash of its unknown components' keys, in any order,
  // and the nim-sum of its known ones.
  static std::uint64_t option_name(const Frame& f, const Option& o) {
    return name_of(o.nimber, f.keys.data() + o.first, f.keys.data() + o.first + o.len);
  }
  static std::uint64_t name_of(int nimber, const Key* first, const Key* last) {
    std::uint64_t h = mix(0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(nimber));
    for (const Key* key = first; key != last; ++key) {
      std::uint64_t k = 0;
      for (const std::uint64_t word : *key) k = mix(k ^ word) + 0x632be59bd9b4e019ull;
      h += mix(k);
    }
    return mix(h);
  }
  // Under rw.mutex: its rounds (RootRounds).
  RootRounds rounds_of(const RootWork& rw) const {
    RootRounds out;
    if (settings_.root_rounds == 0 || rw.r < 0 || rw.answer >= 0) return out;
    out.candidate = rw.r;
    for (std::size_t j = 0; j < rw.budget.size(); ++j)
      if (rw.value[j] < 0 && rw.state[j] != 2 && rw.budget[j] != 0)
        out.budgets.emplace_back(option_name(rw.frame, rw.frame.opts[j]), rw.budget[j]);
    return out;
  }

  // Under rw.mutex: with root rounds, the most times one option was asked about rw.r; else 0.
  int most_asks(const RootWork& rw) const {
    return settings_.root_rounds == 0 || rw.asks.empty() ? 0 : *std::max_element(rw.asks.begin(), rw.asks.end());
  }

  // Under rw.mutex: the options proved not to have the value rw.r (see root).
  static int settled(const RootWork& rw) {
    int n = rw.known;
    for (std::size_t j = 0; j < rw.state.size(); ++j)
      if (rw.value[j] >= 0 ? rw.value[j] != rw.r : rw.state[j] == 2) ++n;
    return n;
  }

  // Under rw.mutex: the candidate is decided when an option has value r (found) or every option
  // not of a known value answered "not r".
  void settle_candidate(RootWork& rw, const Key& key) {
    while (rw.answer < 0) {
      if (!rw.found) {
        for (std::size_t j = 0; j < rw.state.size(); ++j)
          if (rw.value[j] < 0 && rw.state[j] != 2) return;
        // No option has value r: the nimber is r.
        if (!phases_taken_) {
          const auto now = std::chrono::steady_clock::now();
          rw.phases.push_back({rw.r, status_->positions.load() - rw.phase_positions,
                               std::chrono::duration<double>(now - rw.phase_start).count(), rw.options, settled(rw),
                               false, 0, most_asks(rw), 0, {}});
        }
        rw.answer = rw.r;
        table_.put(key, rw.r);
        return;
      }
      next_candidate(rw, key);
    }
  }

  // Under rw.mutex: a result for option j, asked about candidate `asked` by thread id: v its
  // value, or kNotInSet (not asked ^ nimber). Cancels the threads asking a question it settles.
  void record(RootWork& rw, const Key& key, std::size_t j, int asked, int v, int id) {
    if (v != kNotInSet) {
      if (rw.value[j] < 0) {
        rw.value[j] = v;
        if (v < NimberSet::kBits) rw.skip.add(v);
        rule_out(v);
      }
      if (v == rw.r && !rw.found) {
        rw.found = true;
        rw.found_option = static_cast<int>(rw.frame.opts[j].id);
      }
    }
    if (asked == rw.r && rw.state[j] == 1) rw.state[j] = 2;
    // A thread stopped (cap, error) while asking option j keeps it in its report slot; j is now
    // settled, so it is no longer being asked (the report counts settled + asked <= options).
    for (std::size_t t = 0; t < rw.working.size() && t < NimberStatus::kThreadSlots; ++t)
      if (static_cast<int>(t) != id && rw.working[t] < 0 &&
          status_->root_asked[t].load() >> 48 == rw.frame.opts[j].id)
        publish_asked(static_cast<int>(t), 0);
    if (!rw.found) publish_root(rw.r, settled(rw), rw.options);
    for (std::size_t t = 0; t < rw.working.size(); ++t) {
      if (static_cast<int>(t) == id || rw.working[t] < 0) continue;
      // Another thread asks the same option (now settled for r), or anything while r is found.
      if (rw.working[t] == static_cast<int>(j) || rw.found) rw.cancel[t].store(true);
    }
    settle_candidate(rw, key);
    rw.wake.notify_all();
  }

  // The root with the threads sharing its options (see the top of the file).
  int root_shared(const Key& key, Worker& w, RootWork& rw) {
    const std::size_t me = static_cast<std::size_t>(w.id);
    Frame& f = w.frame(0);
    std::unique_lock lock(rw.mutex);
    if (rw.r < 0) {
      next_candidate(rw, key);
      settle_candidate(rw, key);
    }
    for (;;) {
      if (rw.answer >= 0) {
        if (!phases_taken_) {
          phases_taken_ = true;
          w.stats.phases = rw.phases;
          w.stats.root_options = rw.options;
          w.stats.phases_of_tracked_root = tracking_;
        }
        return rw.answer;
      }
      // An option not being asked about r (with root rounds: of the smallest budget; first in the
      // root's order), else one being asked by the fewest threads.
      std::size_t pick = rw.state.size();
      bool helping = false;
      for (std::size_t j = 0; j < rw.state.size(); ++j)
        if (rw.value[j] < 0 && rw.state[j] == 0 &&
            (pick == rw.state.size() || (rw.budget[j] != 0 && (rw.budget[pick] == 0 || rw.budget[j] < rw.budget[pick]))))
          pick = j;
      if (pick == rw.state.size()) {
        int fewest = std::numeric_limits<int>::max();
        for (std::size_t j = 0; j < rw.state.size(); ++j)
          if (rw.value[j] < 0 && rw.state[j] == 1 && rw.askers[j] < fewest) fewest = rw.askers[j], pick = j;
        helping = true;
      }
      if (pick == rw.state.size()) {  // nothing to ask: wait for the others (and stop with them)
        // Outside the tables here: a thread waiting to grow them must not wait for this one.
        if (table_.wants_growth() || (refute_ && refute_->wants_growth())) {
          lock.unlock();
          rendezvous();
          lock.lock();
          continue;
        }
        rw.wake.wait_for(lock, std::chrono::milliseconds(1));
        if (done_.load() || (settings_.interrupt && settings_.interrupt->load())) throw SearchStopped{};
        continue;
      }
      const int r = rw.r;
      const std::uint64_t budget = rw.budget[pick];  // a helper asks within the same budget
      if (!helping) ++rw.asks[pick];
      rw.state[pick] = 1;
      ++rw.askers[pick];
      rw.working[me] = static_cast<int>(pick);
      rw.cancel[me].store(false);
      publish_asked(w.id, rw.frame.opts[pick].id, r);
      ++(helping ? w.stats.helped_questions : w.stats.shared_questions);
      // This thread's copy of the option (reduced here: the other components' nimbers are exact).
      const Option& src = rw.frame.opts[pick];
      f.comps.assign(rw.frame.comps.begin() + src.first, rw.frame.comps.begin() + src.first + src.len);
      f.keys.assign(rw.frame.keys.begin() + src.first, rw.frame.keys.begin() + src.first + src.len);
      Option o = src;
      o.first = 0;
      lock.unlock();
      int v = kNotInSet;
      bool cancelled = false;
      w.cancel = &rw.cancel[me];
      try {
        v = ask_root_in_rounds(f, o, r, w, budget, true);
        if (v != kNotInSet && v != kBudgetSpent) v ^= o.nimber;
      } catch (const TaskCancelled&) {
        cancelled = true;
        ++w.stats.cancelled_questions;
      } catch (...) {
        w.cancel = nullptr;
        lock.lock();
        --rw.askers[pick];
        rw.working[me] = -1;
        rw.wake.notify_all();
        throw;
      }
      w.cancel = nullptr;
      publish_asked(w.id, 0);
      lock.lock();
      --rw.askers[pick];
      rw.working[me] = -1;
      if (cancelled) {
        // Settled elsewhere, or r found: nothing learned. Asked again if still needed.
        if (r == rw.r && rw.state[pick] == 1 && rw.askers[pick] == 0 && rw.value[pick] < 0) rw.state[pick] = 0;
        continue;
      }
      if (v == kBudgetSpent) {
        // Abandoned (root rounds): nothing proved; asked again within 4x the budget, when no
        // thread is asking it any more.
        if (r == rw.r && rw.state[pick] == 1 && rw.value[pick] < 0) {
          const std::uint64_t next = next_round(budget);
          if (rw.budget[pick] != 0 && (next == 0 || rw.budget[pick] < next)) rw.budget[pick] = next;
          if (rw.askers[pick] == 0) rw.state[pick] = 0;
        }
        rw.wake.notify_all();
        continue;
      }
      record(rw, key, pick, r, v, w.id);
    }
  }

  // The status's bounds, while the root of the tracked position's last component runs
  // (tracking_; bound_xor_ the nim-sum of the other components): an option of value v proves the
  // position's nimber is not v ^ bound_xor_; the threads share these proofs.
  void rule_out(int v) {
    if (!tracking_ || (v ^ bound_xor_) >= 64) return;
    status_->ruled_out.fetch_or(std::uint64_t{1} << (v ^ bound_xor_));
  }
  bool ruled_out(int r) const {
    return tracking_ && (r ^ bound_xor_) < 64 && ((status_->ruled_out.load() >> (r ^ bound_xor_)) & 1) != 0;
  }
  // The root is deciding "is the nimber r?": the status shows the largest r of the threads.
  void ask(int r) {
    if (!tracking_) return;
    int cur = asking_r_.load();
    while (cur < r && !asking_r_.compare_exchange_weak(cur, r)) {
    }
    status_->asking.store(asking_r_.load() ^ bound_xor_);
  }

  static std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    return x;
  }

  const G& game_;
  Table& table_;
  Settings settings_;
  std::atomic<bool> done_{false};
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<int> root_candidate_{-1};
  Table* refute_ = nullptr;
  std::optional<Key> high_mark_;  // Settings::refutation_high_mark, when set
  NimberStatus own_status_;
  NimberStatus* status_;
  bool tracked_ = false;   // the first nimber() or is_p_position() call has begun (it alone keeps the bounds)
  bool tracking_ = false;  // its last component's root is running
  int bound_xor_ = 0;
  std::atomic<int> asking_r_{-1};
  bool phases_taken_ = false;
  // The tracked root's rounds (root_rounds()): its shared root while it runs, else as it left them.
  mutable std::mutex rounds_mutex_;
  RootWork* live_root_ = nullptr;
  RootRounds rounds_;
  // The growth rendezvous of shared tables (rendezvous); shared_: several threads are searching.
  std::atomic<bool> shared_{false};
  std::mutex grow_mutex_;
  std::condition_variable grow_cv_;
  int grow_active_ = 0, grow_waiting_ = 0;
  std::uint64_t grow_round_ = 0;
  mutable std::mutex stats_mutex_;
  NimberSearchStats totals_;
  std::chrono::steady_clock::time_point start_;
  double last_report_ = 0, last_checkpoint_ = 0;
  double seconds_ = 0;
};

}  // namespace cgtlab::solve
