// The partizan engine: canonical forms through the value layer (cgt::Game), memoized on the
// ruleset's canonical position keys across calls, evaluated with an explicit stack. When the
// ruleset offers `components(p)`, a position's value is the sum of its components' values,
// each memoized on its own key.
#pragma once
#include <concepts>
#include <cstddef>
#include <vector>

#include "cgt/game.h"
#include "solve/limits.h"
#include "solve/memo_dfs.h"

namespace cgtlab::solve {

template <class R>
concept PartizanRuleset = requires(const R& r, const typename R::Position& p) {
  typename R::Position;
  typename R::Key;
  { r.key(p) } -> std::convertible_to<typename R::Key>;
  { r.left_options(p) } -> std::convertible_to<std::vector<typename R::Position>>;
  { r.right_options(p) } -> std::convertible_to<std::vector<typename R::Position>>;
};

namespace detail {

template <class R>
struct CanonicalAlgebra {
  using Value = cgt::Game;
  static Value zero() { return cgt::Game(); }
  static Value add(Value a, Value b) { return a + b; }
  static Value combine(const std::vector<Value>& options, std::size_t left_count) {
    std::vector<Value> left(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(left_count));
    std::vector<Value> right(options.begin() + static_cast<std::ptrdiff_t>(left_count), options.end());
    return cgt::Game::from_options(left, right);
  }
  static void expand(const R& r, const typename R::Position& p, std::vector<typename R::Position>& options,
                     std::size_t& left_count) {
    options = r.left_options(p);
    left_count = options.size();
    auto right = r.right_options(p);
    options.insert(options.end(), std::make_move_iterator(right.begin()), std::make_move_iterator(right.end()));
  }
};

}  // namespace detail

template <PartizanRuleset R>
class PartizanSolver {
 public:
  using Position = typename R::Position;

  // The solver keeps a reference to rules: the ruleset must outlive it.
  explicit PartizanSolver(const R& rules, SearchLimits limits = {}) : rules_(rules), search_(rules, limits) {}
  PartizanSolver(R&&, SearchLimits = {}) = delete;  // a temporary ruleset would dangle

  // Canonical form of p. Throws CapReached at a cap, InputError when the ruleset has a cycle.
  cgt::Game value(const Position& p) { return search_.value(p); }

  // Indices into rules.left_options(p) of the moves that win for Left moving first: G^L >= 0.
  std::vector<std::size_t> left_winning_moves(const Position& p) {
    std::vector<std::size_t> moves;
    auto options = rules_.left_options(p);
    for (std::size_t i = 0; i < options.size(); ++i)
      if (value(options[i]) >= cgt::Game()) moves.push_back(i);
    return moves;
  }

  // Indices into rules.right_options(p) of the moves that win for Right moving first: G^R <= 0.
  std::vector<std::size_t> right_winning_moves(const Position& p) {
    std::vector<std::size_t> moves;
    auto options = rules_.right_options(p);
    for (std::size_t i = 0; i < options.size(); ++i)
      if (value(options[i]) <= cgt::Game()) moves.push_back(i);
    return moves;
  }

  std::size_t positions() const { return search_.positions(); }  // memo size

 private:
  const R& rules_;
  detail::MemoDfs<R, detail::CanonicalAlgebra<R>> search_;
};

}  // namespace cgtlab::solve
