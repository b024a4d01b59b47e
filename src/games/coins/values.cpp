#include "games/coins/values.h"

#include <fmt/core.h>

#include "games/coins/algorithm.h"
#include "games/coins/rules.h"
#include "solve/partizan.h"

namespace cgtlab::games {

std::string to_string(CoinsMethod m) {
  switch (m) {
    case CoinsMethod::Search: return "search";
    case CoinsMethod::GeneralEngine: return "general-engine";
    case CoinsMethod::Algorithm: return "algorithm";
  }
  return "?";
}

CoinsValuer::CoinsValuer(int search_max_length, solve::SearchLimits limits)
    : search_max_length_(search_max_length), limits_(limits) {}
CoinsValuer::~CoinsValuer() = default;

cgt::Game coins_value_by_general_engine(const std::string& line, solve::SearchLimits limits) {
  games::FlippingCoins rules;
  solve::PartizanSolver<games::FlippingCoins> solver(rules, limits);
  return solver.value(games::FlippingCoins::normalise(line));
}

CoinsLineValue CoinsValuer::value(const std::string& raw) {
  const std::string line = games::FlippingCoins::normalise(raw);
  const int n = static_cast<int>(line.size());
  coins_valued_ += static_cast<std::uint64_t>(n) + 1;
  line_bytes_ += sizeof(std::string) + static_cast<std::uint64_t>(n) * 2;
  limits_.check(coins_valued_, line_bytes_ + (table_ ? (std::uint64_t{1} << table_->max_length()) * sizeof(std::int64_t) : 0));
  CoinsLineValue v;
  if (n > search_max_length_) {
    v.method = CoinsMethod::Algorithm;
    v.number = run_coins_algorithm(line, false).value;
    v.game = cgt::Game::number(*v.number);
    return v;
  }
  if (!table_ || table_->max_length() < n) {
    const std::uint64_t lines = std::uint64_t{1} << n;
    limits_.check(lines, lines * sizeof(std::int64_t));
    table_ = std::make_unique<CoinsTable>(n);
  }
  if (auto x = table_->value(games::FlippingCoins::pack(line))) {
    v.method = CoinsMethod::Search;
    v.number = x->to_dyadic();
    v.game = cgt::Game::number(*v.number);
  } else {  // not a number by the number search: the canonical form, whatever it is
    v.method = CoinsMethod::GeneralEngine;
    v.game = coins_value_by_general_engine(line, limits_);
    v.number = v.game.as_number();
  }
  return v;
}

CoinsSumAnalysis analyse_coins_sum(const std::vector<std::string>& lines, CoinsValuer& valuer) {
  CoinsSumAnalysis a;
  games::FlippingCoins rules;
  for (const auto& raw : lines) {
    a.lines.push_back(games::FlippingCoins::normalise(raw));
    a.values.push_back(valuer.value(a.lines.back()));
    a.total += a.values.back().game;
  }
  a.outcome = a.total.outcome();
  for (std::size_t i = 0; i < a.lines.size(); ++i) {
    const cgt::Game others = a.total - a.values[i].game;
    for (auto& m : rules.left_moves(a.lines[i])) {
      CoinsSumMove move{i, m.first, m.second, m.result, others + valuer.value(m.result).game};
      if (move.sum_after >= cgt::Game()) a.left_winning.push_back(move);
      a.left_moves.push_back(std::move(move));
    }
    for (auto& m : rules.right_moves(a.lines[i])) {
      CoinsSumMove move{i, m.first, m.second, m.result, others + valuer.value(m.result).game};
      if (move.sum_after <= cgt::Game()) a.right_winning.push_back(std::move(move));
    }
  }
  return a;
}

std::string coins_methods_text(const CoinsSumAnalysis& sum) {
  bool any_algorithm = false, any_search = false, any_general = false;
  for (const auto& v : sum.values) {
    any_algorithm |= v.method == CoinsMethod::Algorithm;
    any_search |= v.method == CoinsMethod::Search;
    any_general |= v.method == CoinsMethod::GeneralEngine;
  }
  std::string method;
  auto add = [&](const std::string& m) { method += (method.empty() ? "" : " + ") + m; };
  if (any_search) add(fmt::format("search (exact, lines of at most {} coins)", kCoinsSearchMaxLength));
  if (any_general) add("general-engine (the number search found a position that is not a number)");
  if (any_algorithm)
    add(fmt::format("algorithm (the value theorem, Theorem 3.3, for lines longer than the search cap of {} coins)",
                    kCoinsSearchMaxLength));
  return method;
}

}  // namespace cgtlab::games
