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
// about a component (its stored refutations, "the nimber is not v" for v < 8):
//  - lower bound: when 0..L-1 are refuted, the candidates are {L..L+k} instead of {0..k} and
//    options are only asked about values >= L (proof at search_node);
//  - one value first: a component asked one value r above that bound first asks every option
//    only "are you r?" (Lemoine-Viennot's single question, which a single option answering yes
//    settles), and only then the wider Beling-Rogalski sets, without r (now refuted in each).
//
// Parallel search: T threads run the same root search on one shared table, each with its own
// order of equally promising moves (lazy SMP). The first to finish gives the answer; since every
// stored entry is an exact nimber, the answer is that of the single-threaded search.
#pragma once
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
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
  std::uint64_t refutation_repeat_nodes = 0;  // observe mode: nodes spent proving a stored refutation again
  std::uint64_t raised_lower = 0;  // searches whose candidates started above 0 (refuted 0..L-1)
  std::uint64_t single_first = 0;  // searches of one value that asked every option that value first
  std::array<std::uint64_t, 6> by_size{};  // questions by |R| (1..4, 5+ and index 0: a full nimber, |R| > 8)
  std::uint64_t table_replaced = 0;
  std::uint64_t refutation_entries = 0;
  struct Phase {
    int candidate = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
  };
  std::vector<Phase> phases;  // the outermost root's candidates, in order
};

template <NimberGame G, int KW>
  requires std::same_as<typename G::Key, std::array<std::uint64_t, KW>>
class LemoineViennot {
 public:
  using Position = typename G::Position;
  using Key = typename G::Key;
  using Table = NimberTable<KW>;

  struct Settings {
    int threads = 1;
    const std::atomic<bool>* interrupt = nullptr;  // set by the caller (Ctrl-C): stop, throw SearchStopped
    std::function<void(const NimberProgress&)> progress;  // called about once a second by thread 0
    std::function<void()> checkpoint;                      // called by thread 0 every checkpoint_seconds
    double checkpoint_seconds = 0;
    std::uint64_t max_nodes = 0;  // 0: no cap; else throw CapReached after about this many expansions
    // Refutations (Lemoine-Viennot keep the outcome of C + *n, not only nimbers): with a table
    // here, a question answered "not in R" stores which nimbers below 8 were proved impossible,
    // and later questions drop them (and are answered at once when nothing is left).
    // refutations_observe: store them, but only count what they would have saved.
    Table* refutations = nullptr;
    bool refutations_observe = false;
  };

  LemoineViennot(const G& game, Table& table, Settings settings = {})
      : game_(game), table_(table), settings_(std::move(settings)), refute_(settings_.refutations) {}

  // The nimber of any position (the nim-sum of its components').
  int nimber(const Position& p) {
    std::vector<Position> comps;
    game_.components(p, comps);
    // Largest last: the small ones are quick and fill the table for the big one.
    std::sort(comps.begin(), comps.end(),
              [&](const Position& a, const Position& b) { return game_.difficulty(a) < game_.difficulty(b); });
    int x = 0;
    for (const auto& c : comps) x ^= component_nimber(c);
    return x;
  }

  // Whether p is a P-position (nimber 0) — the question a winning move asks of each option.
  // The nimbers of all components but the hardest are computed; the hardest is only asked "is
  // your nimber x?" (x their nim-sum), a set of one candidate, which Beling-Rogalski pruning
  // refutes far sooner than the full nimber is found. One thread.
  bool is_p_position(const Position& p) {
    std::vector<Position> comps;
    game_.components(p, comps);
    if (comps.empty()) return true;
    std::sort(comps.begin(), comps.end(),
              [&](const Position& a, const Position& b) { return game_.difficulty(a) < game_.difficulty(b); });
    int x = 0;
    for (std::size_t i = 0; i + 1 < comps.size(); ++i) x ^= component_nimber(comps[i]);
    const Position& last = comps.back();
    Key key{};
    if (int v = known(last, key); v >= 0) return v == x;
    if (x > Table::kMaxNimber) return component_nimber(last) == x;
    start_ = std::chrono::steady_clock::now();
    last_report_ = last_checkpoint_ = 0;
    done_.store(false);
    Worker w;
    int v = kNotInSet;
    try {
      v = in_set(last, key, NimberSet::single(x), 0, w);
    } catch (...) {
      nodes_.fetch_add(w.nodes);
      add_stats(w);
      throw;
    }
    nodes_.fetch_add(w.nodes);
    add_stats(w);
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    return v == x;
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

  struct Option {
    std::uint32_t first = 0, len = 0;  // unknown components: comps[first .. first+len)
    int nimber = 0;                    // nim-sum of the known components
    std::uint64_t difficulty = 0;
    std::uint64_t tie = 0;
    bool settled = false;  // its value is already counted
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
    NimberSearchStats stats;
    bool in_repeat = false;  // observe mode: inside a question a stored refutation answers
    Frame& frame(int depth) {
      while (static_cast<int>(frames.size()) <= depth) frames.push_back(std::make_unique<Frame>());
      return *frames[depth];
    }
  };

  int component_nimber(const Position& c) {
    if (int t = game_.trivial_nimber(c); t >= 0) return t;
    const Key key = game_.key(c);
    if (int v = table_.get(key); v >= 0) return v;
    const int threads = std::max(1, settings_.threads);
    start_ = std::chrono::steady_clock::now();
    last_report_ = last_checkpoint_ = 0;
    done_.store(false);
    std::atomic<int> answer{-1};
    std::exception_ptr error;
    std::atomic<bool> have_error{false};
    auto run = [&](int id) {
      Worker w;
      w.id = id;
      try {
        const int v = root(c, key, w);
        int expected = -1;
        answer.compare_exchange_strong(expected, v);
        done_.store(true);
      } catch (const SearchStopped&) {
      } catch (...) {
        bool expected = false;
        if (have_error.compare_exchange_strong(expected, true)) error = std::current_exception();
        done_.store(true);
      }
      nodes_.fetch_add(w.nodes);
      add_stats(w);
    };
    if (threads == 1) {
      run(0);
    } else {
      table_.set_concurrent(true);
      std::vector<std::thread> pool;
      for (int i = 1; i < threads; ++i) pool.emplace_back(run, i);
      run(0);
      for (auto& t : pool) t.join();
      table_.set_concurrent(false);
    }
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (answer.load() >= 0) return answer.load();
    if (error) std::rethrow_exception(error);
    throw SearchStopped{};
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
    totals_.refutation_repeat_nodes += a.refutation_repeat_nodes;
    totals_.raised_lower += a.raised_lower;
    totals_.single_first += a.single_first;
    for (std::size_t i = 0; i < a.by_size.size(); ++i) totals_.by_size[i] += a.by_size[i];
    if (totals_.phases.empty()) totals_.phases = a.phases;
  }

  // Stores that c's nimber is none of the values below 8 in upto \ p (p: the candidates left).
  void refuted(const Key& key, const NimberSet& upto, const NimberSet& p) {
    if (refute_) refute_->merge_flags(key, upto.low8() & ~p.low8());
  }

  // Known nimber of a component (trivial or stored), or -1.
  int known(const Position& c, Key& key) const {
    if (int t = game_.trivial_nimber(c); t >= 0) return t;
    key = game_.key(c);
    return table_.get(key);
  }

  void tick(Worker& w) {
    if ((++w.nodes & 1023) != 0) return;
    if (done_.load(std::memory_order_relaxed) ||
        (settings_.interrupt && settings_.interrupt->load(std::memory_order_relaxed)))
      throw SearchStopped{};
    if (settings_.max_nodes != 0 && nodes_.load(std::memory_order_relaxed) + w.nodes > settings_.max_nodes)
      throw CapReached("--max-positions " + std::to_string(settings_.max_nodes) + " reached after " +
                       std::to_string(nodes_.load() + w.nodes) + " positions expanded");
    if (w.id != 0 || (!settings_.progress && !settings_.checkpoint)) return;
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (settings_.progress && t - last_report_ >= 1.0) {
      last_report_ = t;
      settings_.progress({nodes_.load() + w.nodes, table_.size(), table_.capacity(), root_candidate_.load(), t});
    }
    if (settings_.checkpoint && settings_.checkpoint_seconds > 0 && t - last_checkpoint_ >= settings_.checkpoint_seconds) {
      last_checkpoint_ = t;
      settings_.checkpoint();
    }
  }

  // Generates c's options one at a time (Lemoine-Viennot's enhanced transposition cutoff):
  // an option whose components are all known (trivial or in the table) is passed to
  // on_known(nimber), and when that returns false the generation stops and expand returns
  // false: the rest of the options are never built. The other options are listed in f.opts,
  // easiest first, each with its hardest component first; equal components cancel.
  // The table lookups of an option are made when the next option has been generated, after
  // prefetching its buckets: the memory latency of one option hides behind the work of the next.
  template <class OnKnown>
  bool expand(const Position& c, Frame& f, const Worker& w, OnKnown&& on_known) {
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

  // The nimber of the component c if it is in `requested` (or whenever it is found), else
  // kNotInSet, which proves the nimber is not in `requested` (Beling-Rogalski).
  int in_set(const Position& c, const Key& key, const NimberSet& asked, int depth, Worker& w) {
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
    unsigned excluded = 0;  // values below 8 the nimber is known not to be (stored refutations)
    if (refute_) {
      // The nimber is none of the refuted values: asking about them is asking about nothing.
      const unsigned m = refute_->flags(key);
      if (!settings_.refutations_observe) excluded = m;
      if (m & asked.low8()) {
        const NimberSet narrowed = asked.without_low8(m);
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

  // `excluded`: values below 8 the nimber is known not to be. When they are 0..L-1 (the nimber
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
    const int lower = std::countr_one(excluded & 0xffu);
    if (lower > 0) ++w.stats.raised_lower;
    NimberSet p = NimberSet::lowest(static_cast<std::uint32_t>(k + lower) + 1).without_low8((1u << lower) - 1);
    if (p.disjoint(requested)) {
      ++w.stats.refuted_moves;
      return kNotInSet;
    }
    // Invariant: |p| = (options not yet counted) + 1, and the nimber, when it is at most
    // max(requested), is in p.
    if (!expand(c, f, w, [&](int v) {
          p.remove_or_max(v);
          return !p.disjoint(requested);
        })) {
      ++w.stats.refuted_expand;
      refuted(key, requested.upto_max(), p);
      return kNotInSet;
    }
    const NimberSet upto = requested.upto_max();
    bool exact = true;
    // One value asked above the lower bound ("are you r?"): first ask every option only "are you
    // r?" (Lemoine-Viennot's question); one that is refutes at once. Options answered exactly
    // here count now; the others (proved not r) are asked the wider Beling-Rogalski set below,
    // where their stored refutation drops r.
    if (refute_ && !settings_.refutations_observe && requested.count_small() == 1 && requested.min() > lower) {
      ++w.stats.single_first;
      const int r = requested.min();
      for (std::size_t j = 0; j < f.opts.size(); ++j) {
        Option& o = f.opts[j];
        reduce(f, o, depth + 1, w);
        const int v = in_set(f.comps[o.first], f.keys[o.first], NimberSet::single(r ^ o.nimber), depth + 1, w);
        if (v == kNotInSet) continue;
        o.settled = true;
        p.remove_or_max(v ^ o.nimber);
        if (p.disjoint(requested)) {
          ++w.stats.refuted_search;
          refuted(key, upto, p);
          return kNotInSet;
        }
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

  // The root: is the nimber 0? 1? ... (aspiration sets {r}), one option at a time.
  int root(const Position& c, const Key& key, Worker& w) {
    Frame& f = w.frame(0);
    const int k = game_.move_count(c);
    NimberSet skip;
    expand(c, f, w, [&](int v) {
      if (v < NimberSet::kBits) skip.add(v);
      return true;
    });
    if (w.id != 0) std::reverse(f.opts.begin(), f.opts.end());
    const bool record = w.id == 0 && !phases_taken_;  // thread 0 only: the first root's candidates
    if (record) phases_taken_ = true;
    auto phase_start = std::chrono::steady_clock::now();
    std::uint64_t phase_nodes = w.nodes;
    auto end_phase = [&](int r) {
      if (!record) return;
      const auto now = std::chrono::steady_clock::now();
      w.stats.phases.push_back({r, w.nodes - phase_nodes, std::chrono::duration<double>(now - phase_start).count()});
      phase_start = now;
      phase_nodes = w.nodes;
    };
    for (int r = 0; r < k; ++r) {
      if (w.id == 0) root_candidate_.store(r);
      if (r < NimberSet::kBits && skip.has(r)) continue;
      bool found = false;
      for (std::size_t j = 0; j < f.opts.size();) {
        Option& o = f.opts[j];
        reduce(f, o, 1, w);
        if (r > Table::kMaxNimber) throw CapReached("a nimber above 254: beyond the table's range");
        int v = in_set(f.comps[o.first], f.keys[o.first], NimberSet::single(r ^ o.nimber), 1, w);
        if (v != kNotInSet) {
          v ^= o.nimber;
          f.opts.erase(f.opts.begin() + static_cast<std::ptrdiff_t>(j));
          if (v < NimberSet::kBits) skip.add(v);
          if (v == r) {
            found = true;
            break;
          }
        } else {
          ++j;
        }
      }
      end_phase(r);
      if (!found) {
        table_.put(key, r);
        return r;
      }
    }
    table_.put(key, k);
    return k;
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
  bool phases_taken_ = false;
  mutable std::mutex stats_mutex_;
  NimberSearchStats totals_;
  std::chrono::steady_clock::time_point start_;
  double last_report_ = 0, last_checkpoint_ = 0;
  double seconds_ = 0;
};

}  // namespace cgtlab::solve
