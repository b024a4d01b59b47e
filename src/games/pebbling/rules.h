// The impartial two-player (k+1:k)-pebbling game on a simple graph G (seed 000; Fiorini,
// Lind, Woldar and Wong for k = 1).
//
// Rules. A position puts a nonnegative number of pebbles on each vertex of G. A move takes
// k+1 pebbles from one vertex and puts k pebbles on an adjacent vertex. The player who
// cannot move loses (normal play). Every move lowers the total number of pebbles by exactly
// one, so the game always ends, and the total is the measure the layered search climbs.
//
// Positions are compared up to the automorphisms of G: on K_n a class is a sorted tuple
// (largest count first); on any other graph the class representative comes from
// graph::SymmetryReducer (nauty).
#pragma once
#include <absl/container/inlined_vector.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "graph/graph.h"
#include "util/int128.h"

namespace cgtlab::graph {
class SymmetryReducer;
}

namespace cgtlab::games {

class Pebbling {
 public:
  // Pebbles on one vertex. Totals are capped at kMaxTotal, so no count can overflow.
  using Count = std::uint16_t;
  static constexpr int kMaxTotal = 60000;
  // Pebble counts in vertex order (a labelled position), or a class representative.
  using Position = absl::InlinedVector<Count, 16>;
  using Key = Position;  // a class representative is its own key
  // Number of labelled positions in a set of classes: exact, 128 bits, overflow checked.
  using Weight = u128;

  struct Move {
    int from;  // loses k+1 pebbles
    int to;    // gains k pebbles
  };

  // Throws InputError unless g is an undirected graph without loops and k >= 1.
  Pebbling(graph::Graph g, int k);
  ~Pebbling();
  Pebbling(Pebbling&&) noexcept;
  Pebbling& operator=(Pebbling&&) noexcept;

  const graph::Graph& graph() const { return graph_; }
  int k() const { return k_; }
  int order() const { return graph_.order(); }
  bool complete() const { return complete_; }  // K_n: classes are sorted tuples

  // "3,1,0,2" in vertex order, or "v=3,w=1" by vertex name (unnamed vertices hold 0).
  Position parse_position(std::string_view text) const;
  std::string to_string(const Position& p) const;  // "3,1,0,2"

  static int total(const Position& p);
  int measure(const Position& p) const { return total(p); }

  // The rules: the legal moves of a labelled position and their results.
  std::vector<Move> moves(const Position& p) const;
  Position apply(const Position& p, Move m) const;
  std::vector<Position> options(const Position& p) const;  // one per legal move
  bool terminal(const Position& p) const;                   // no vertex holds k+1 pebbles

  // Up to symmetry: equal for positions in one orbit of Aut(G).
  Position canonical(const Position& p) const;
  Key key(const Position& p) const { return canonical(p); }
  Weight class_size(const Position& rep) const;  // labelled positions in the class
  Weight layer_size(int total) const;             // labelled positions with this total
  // Classes (orbits) with this total, when the ruleset can count them without listing.
  std::optional<Weight> class_count(int total) const;

  // What the layered search (solve/layered.h) asks of a ruleset. Each callback receives
  // canonical representatives; a class may be reported more than once.
  //  - every class of option of the class of rep;
  //  - every class of position that has an option in the class of rep ("un-moves": take k
  //    pebbles from a vertex, add k+1 to a neighbour);
  //  - every class of position of the given total without a move (all counts <= k);
  //  - every class of position of the given total.
  // The option callback may return bool: false stops the enumeration early.
  template <class F> void for_each_canonical_option(const Position& rep, F&& f) const;
  template <class F> void for_each_canonical_predecessor(const Position& rep, F&& f) const;
  template <class F> void for_each_terminal(int total, F&& f) const;
  template <class F> void for_each_class(int total, F&& f) const;
  // Every labelled position of the given total (vertex order), each once.
  template <class F> void for_each_labelled(int total, F&& f) const;

 private:
  // Restores descending order after a move or un-move lowered entry `down` and raised
  // entry `up` of a descending tuple (K_n).
  static void resort_descending(Position& p, int down, int up);
  template <class F> void for_each_bounded(int n, int total, int cap, F&& f) const;
  template <class F> void for_each_complete_transfer(const Position& rep, int take, int give, F& f) const;

  graph::Graph graph_;
  int k_;
  bool complete_;
  std::unique_ptr<graph::SymmetryReducer> symmetry_;  // null on K_n
};

// ---- templates -------------------------------------------------------------------------

namespace detail {
// Calls f(p); a callback returning bool asks to go on (true) or stop (false).
template <class F, class P>
bool keep_going(F& f, const P& p) {
  if constexpr (std::is_same_v<std::invoke_result_t<F&, const P&>, bool>) {
    return f(p);
  } else {
    f(p);
    return true;
  }
}
}  // namespace detail
using detail::keep_going;

// K_n: rep is sorted (descending), so one transfer per pair of value classes is enough: `take`
// pebbles leave a vertex i holding at least `take`, `give` arrive at another vertex j; f gets the
// result sorted again (and may stop the walk by returning false).
template <class F>
void Pebbling::for_each_complete_transfer(const Position& rep, int take, int give, F& f) const {
  const int n = order();
  for (int i = 0; i < n; ++i) {
    if (rep[i] < take) break;
    if (i > 0 && rep[i] == rep[i - 1]) continue;
    for (int j = 0; j < n; ++j) {
      if (j == i) continue;
      int prev = j - 1 == i ? j - 2 : j - 1;
      if (prev >= 0 && rep[prev] == rep[j]) continue;
      Position q = rep;
      q[i] = static_cast<Count>(q[i] - take);
      q[j] = static_cast<Count>(q[j] + give);
      resort_descending(q, i, j);
      if (!keep_going(f, q)) return;
    }
  }
}

template <class F>
void Pebbling::for_each_canonical_option(const Position& rep, F&& f) const {
  if (complete_) {
    for_each_complete_transfer(rep, k_ + 1, k_, f);  // a move: k + 1 leave i, k arrive at j
    return;
  }
  for (const Move& m : moves(rep))
    if (!keep_going(f, canonical(apply(rep, m)))) return;
}

template <class F>
void Pebbling::for_each_canonical_predecessor(const Position& rep, F&& f) const {
  const int n = order();
  if (total(rep) + 1 > kMaxTotal) return;  // the search never climbs that far
  if (complete_) {
    for_each_complete_transfer(rep, k_, k_ + 1, f);  // an undone move from j to i: i held >= k
    return;
  }
  for (int i = 0; i < n; ++i) {
    if (rep[i] < k_) continue;
    for (int j : graph_.neighbors(i)) {
      Position q = rep;
      q[i] = static_cast<Count>(q[i] - k_);
      q[j] = static_cast<Count>(q[j] + k_ + 1);
      f(canonical(q));
    }
  }
}

// Calls f on every descending tuple of n counts, each <= cap, summing to total (as a
// Position of length order(), zero-padded).
template <class F>
void Pebbling::for_each_bounded(int n, int total, int cap, F&& f) const {
  Position p(static_cast<std::size_t>(order()), 0);
  // Recursive fill of position i with values <= bound, remaining sum rest.
  auto fill = [&](auto&& self, int i, int bound, int rest) -> void {
    if (i == n) {
      if (rest == 0) f(static_cast<const Position&>(p));
      return;
    }
    // The remaining n-i entries are each <= v, so v must be at least ceil(rest/(n-i)).
    int lo = (rest + (n - i) - 1) / (n - i);
    for (int v = std::min(bound, rest); v >= lo; --v) {
      p[i] = static_cast<Count>(v);
      self(self, i + 1, v, rest - v);
    }
    p[i] = 0;
  };
  fill(fill, 0, cap, total);
}

template <class F>
void Pebbling::for_each_labelled(int total, F&& f) const {
  const int n = order();
  Position p(static_cast<std::size_t>(n), 0);
  if (n == 0) {
    if (total == 0) f(static_cast<const Position&>(p));
    return;
  }
  auto fill = [&](auto&& self, int i, int rest) -> void {
    if (i == n - 1) {
      p[i] = static_cast<Count>(rest);
      f(static_cast<const Position&>(p));
      return;
    }
    for (int v = 0; v <= rest; ++v) {
      p[i] = static_cast<Count>(v);
      self(self, i + 1, rest - v);
    }
  };
  fill(fill, 0, total);
}

template <class F>
void Pebbling::for_each_terminal(int total, F&& f) const {
  if (complete_) {
    for_each_bounded(order(), total, k_, f);
    return;
  }
  for_each_labelled(total, [&](const Position& p) {
    if (terminal(p)) f(canonical(p));
  });
}

template <class F>
void Pebbling::for_each_class(int total, F&& f) const {
  if (complete_) {
    for_each_bounded(order(), total, total, f);
    return;
  }
  for_each_labelled(total, [&](const Position& p) { f(canonical(p)); });
}

}  // namespace cgtlab::games
