// The impartial engine: Grundy values by the mex rule, memoized on the ruleset's canonical
// keys across calls, evaluated with an explicit stack (no recursion depth limit). Sums of
// independent components are evaluated by nim-sum (Sprague-Grundy), each component
// memoized on its own key, when the ruleset offers `components(p)`.
#pragma once
#include <concepts>
#include <cstddef>
#include <vector>

#include "cgt/game.h"
#include "cgt/nimber.h"
#include "solve/limits.h"
#include "solve/memo_dfs.h"

namespace cgtlab::solve {

// Key: hashable with absl::Hash (std::string, std::vector<int>, std::uint64_t, ...), equal
// for positions of equal value (up to symmetry where the ruleset can).
template <class R>
concept ImpartialRuleset = requires(const R& r, const typename R::Position& p) {
  typename R::Position;
  typename R::Key;
  { r.key(p) } -> std::convertible_to<typename R::Key>;
  { r.options(p) } -> std::convertible_to<std::vector<typename R::Position>>;
};

namespace detail {

template <class R>
struct GrundyAlgebra {
  using Value = cgt::Grundy;
  static Value zero() { return 0; }
  static Value add(Value a, Value b) { return cgt::nim_sum(a, b); }
  static Value combine(const std::vector<Value>& options, std::size_t) { return cgt::mex(options); }
  static void expand(const R& r, const typename R::Position& p, std::vector<typename R::Position>& options,
                     std::size_t& left_count) {
    options = r.options(p);
    left_count = options.size();
  }
};

}  // namespace detail

template <ImpartialRuleset R>
class ImpartialSolver {
 public:
  using Position = typename R::Position;

  // The solver keeps a reference to rules: the ruleset must outlive it.
  explicit ImpartialSolver(const R& rules, SearchLimits limits = {}) : rules_(rules), search_(rules, limits) {}
  ImpartialSolver(R&&, SearchLimits = {}) = delete;  // a temporary ruleset would dangle

  // Grundy value; the nim-sum of the components' values when the ruleset splits positions.
  // Throws CapReached at a cap, InputError when the ruleset has a cycle.
  cgt::Grundy grundy(const Position& p) { return search_.value(p); }

  // P (previous player wins) iff the Grundy value is 0, else N.
  cgt::Outcome outcome(const Position& p) { return grundy(p) == 0 ? cgt::Outcome::P : cgt::Outcome::N; }

  // Indices into rules.options(p) of the options of Grundy value 0: the winning moves.
  std::vector<std::size_t> winning_moves(const Position& p) {
    std::vector<std::size_t> moves;
    auto options = rules_.options(p);
    for (std::size_t i = 0; i < options.size(); ++i)
      if (grundy(options[i]) == 0) moves.push_back(i);
    return moves;
  }

  std::size_t positions() const { return search_.positions(); }  // memo size

 private:
  const R& rules_;
  detail::MemoDfs<R, detail::GrundyAlgebra<R>> search_;
};

}  // namespace cgtlab::solve
