#include "games/coins/algorithm.h"

#include <stdexcept>

#include "games/coins/ordinal_sum.h"
#include "games/coins/rules.h"

namespace cgtlab::games {

using cgt::Dyadic;

namespace {

// The rightmost 0111 that Step 2 may rewrite, or npos.
std::size_t rightmost_reducible(const std::string& s) {
  int ones_after = 0;  // 1s strictly after index i + 3
  for (std::size_t i = s.size(); i-- > 0;) {
    if (i + 4 <= s.size() && s.compare(i, 4, "0111") == 0) {
      const bool followed_by_one = i + 4 < s.size() && s[i + 4] == '1';
      if (followed_by_one || ones_after % 2 == 0) return i;
    }
    if (i + 4 < s.size() && s[i + 4] == '1') ++ones_after;
  }
  return std::string::npos;
}

}  // namespace

std::string reduce_coins(const std::string& coins, std::vector<CoinsReduction>* steps) {
  std::string s = games::FlippingCoins::normalise(coins);
  for (std::size_t i; (i = rightmost_reducible(s)) != std::string::npos;) {
    const char rule = i + 4 < s.size() && s[i + 4] == '1' ? 'a' : 'b';
    std::string next(s, 0, i);
    next.append("10").append(s, i + 4, std::string::npos);
    next = games::FlippingCoins::normalise(std::move(next));
    if (steps) steps->push_back({rule, static_cast<int>(i) + 1, s, next});
    s = std::move(next);
  }
  return s;
}

namespace {

// Step 3 and Step 5 on a reduced line: fills terms, base and its parameters.
void decompose(CoinsAlgorithmResult& r) {
  std::string g = r.reduced;
  for (;;) {
    const std::size_t n = g.size();
    const std::size_t last = g.find_last_of('1');
    if (last == std::string::npos) {  // the empty line (no coins left): value 0, no step applies
      r.base = g;
      r.base_is_zeros_then_one = false;
      return;
    }
    const std::size_t second = last == 0 ? std::string::npos : g.find_last_of('1', last - 1);
    if (second == std::string::npos) {  // 0^r 1
      r.base = g;
      r.base_is_zeros_then_one = true;
      r.base_r = static_cast<int>(n) - 1;
      return;
    }
    const int q = static_cast<int>(last - second - 1);
    std::size_t i = second;  // walk left over 0^p, then 1^a
    int p = 0;
    while (i > 0 && g[i - 1] == '0') --i, ++p;
    int a = 0;
    while (i > 0 && g[i - 1] == '1') --i, ++a;
    if (i == 0) {  // 1^a 0^p 1 0^q 1 (this also covers a = 0 with leading zeros p)
      r.base = g;
      r.base_a = a, r.base_p = p, r.base_q = q;
      return;
    }
    // g = alpha 0 1^a 0^p 1 0^q 1 with a > 0 (a = 0 would have let p absorb the 0).
    if (p + q < 1) {
      throw std::logic_error("Step 3 reached alpha 0 1^a 11 (" + g + "), which Theorem 3.3's proof rules out");
    }
    const std::size_t cut = second - static_cast<std::size_t>(p);
    r.terms.push_back({g.substr(cut), p, q, a, static_cast<unsigned long>(2 * p + q - 1)});
    g.resize(cut);
  }
}

std::string base_signs(const CoinsAlgorithmResult& r) {
  if (r.base.empty()) return "";
  if (r.base_is_zeros_then_one) return std::string(static_cast<std::size_t>(r.base_r), '-');
  // floor(a/2) + 1/2^(2p+q): floor(a/2) + 1 pluses, then 2p+q minuses.
  return std::string(static_cast<std::size_t>(r.base_a / 2 + 1), '+') +
         std::string(static_cast<std::size_t>(2 * r.base_p + r.base_q), '-');
}

}  // namespace

CoinsAlgorithmResult run_coins_algorithm(const std::string& coins, bool trace) {
  CoinsAlgorithmResult r;
  r.input = games::FlippingCoins::normalise(coins);
  r.reduced = reduce_coins(r.input, trace ? &r.reductions : nullptr);
  decompose(r);
  // The base value by Lemma 4.6's formula, in exact arithmetic (not via its signs).
  if (r.base.empty()) {
    r.base_value = Dyadic(0);
  } else if (r.base_is_zeros_then_one) {
    r.base_value = Dyadic(-r.base_r);
  } else {
    r.base_value = Dyadic(r.base_a / 2) + inverse_power_of_two(2 * r.base_p + r.base_q);
  }
  // Step 6 as sign expansions: v_j's signs = v_(j+1)'s signs then those of 1/2^k = "+-...-".
  r.signs = sign_expansion(r.base_value);
  if (trace) r.partial_values.push_back(r.base_value);
  for (std::size_t j = r.terms.size(); j-- > 0;) {
    r.signs += '+';
    r.signs.append(r.terms[j].exponent_power, '-');
    if (trace) {
      // The trace computes each v_j from the definition of G : H on canonical forms, a
      // second method next to the sign expansions; the two must agree.
      auto [left, right] = canonical_options(r.partial_values.back());
      r.partial_values.push_back(ordinal_sum_by_options(left, right, inverse_power_of_two(r.terms[j].exponent_power)));
    }
  }
  r.value = from_sign_expansion(r.signs);
  if (trace && r.partial_values.back() != r.value) {
    throw std::logic_error("ordinal sums disagree on " + r.input + ": " + r.partial_values.back().str() + " by definition, " +
                           r.value.str() + " by sign expansions");
  }
  return r;
}

std::optional<FixedDyadic> coins_algorithm_fixed_value(const std::string& coins) {
  CoinsAlgorithmResult r;
  r.input = games::FlippingCoins::normalise(coins);
  r.reduced = reduce_coins(r.input);
  decompose(r);
  std::string signs = base_signs(r);
  for (std::size_t j = r.terms.size(); j-- > 0;) {
    signs += '+';
    signs.append(r.terms[j].exponent_power, '-');
  }
  return fixed_from_sign_expansion(signs);
}

std::string CoinsAlgorithmResult::partition() const {
  std::string s = base;
  for (std::size_t j = terms.size(); j-- > 0;) s += "(" + terms[j].piece + ")";
  return s;
}

std::string CoinsAlgorithmResult::ordinal_sum_text() const {
  std::string s = base_value.str();
  for (std::size_t j = terms.size(); j-- > 0;) {
    if (j + 1 < terms.size()) {
      s.insert(s.begin(), '(');
      s += ')';
    }
    s += " : " + inverse_power_of_two(terms[j].exponent_power).str();
  }
  return s;
}

}  // namespace cgtlab::games
