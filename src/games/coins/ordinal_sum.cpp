#include "games/coins/ordinal_sum.h"

#include <functional>
#include <map>

#include "util/error.h"

namespace cgtlab::games {

using cgt::Dyadic;

std::string sign_expansion(const Dyadic& x) {
  std::string signs;
  if (x.is_zero()) return signs;
  const bool positive = x.sign() > 0;
  // The integer run: |x| rounded away from zero, all one sign, lands at or just past x.
  mpz_class run = positive ? x.ceil() : -x.floor();
  if (!run.fits_ulong_p()) throw InputError("number too large for a sign expansion: " + x.str());
  signs.assign(run.get_ui(), positive ? '+' : '-');
  Dyadic at(positive ? mpz_class(run) : mpz_class(-run));
  // Then binary search: each sign halves the step (1/2, 1/4, ...) toward x.
  unsigned long k = 1;
  while (at != x) {
    Dyadic step(mpz_class(1), k++);
    if (x < at) {
      signs.push_back('-');
      at -= step;
    } else {
      signs.push_back('+');
      at += step;
    }
  }
  return signs;
}

Dyadic from_sign_expansion(std::string_view signs) {
  for (char c : signs)
    if (c != '+' && c != '-') throw InputError("not a sign expansion: '" + std::string(signs) + "'");
  if (signs.empty()) return Dyadic(0);
  std::size_t run = 0;
  while (run < signs.size() && signs[run] == signs[0]) ++run;
  // value = +-run + sum_k s_k 2^-k over the later signs: keep numerator over 2^k.
  mpz_class num = signs[0] == '+' ? mpz_class(static_cast<unsigned long>(run)) : -mpz_class(static_cast<unsigned long>(run));
  unsigned long k = 0;
  for (std::size_t i = run; i < signs.size(); ++i, ++k) {
    num *= 2;
    num += signs[i] == '+' ? 1 : -1;
  }
  return Dyadic(num, k);
}

std::optional<FixedDyadic> fixed_from_sign_expansion(std::string_view signs) {
  if (signs.empty()) return FixedDyadic::integer(0);
  std::size_t run = 0;
  while (run < signs.size() && signs[run] == signs[0]) ++run;
  const std::size_t fraction = signs.size() - run;
  if (run >= 64 || fraction > static_cast<std::size_t>(FixedDyadic::kFractionBits)) return std::nullopt;
  std::int64_t v = static_cast<std::int64_t>(run) * FixedDyadic::kOne;
  if (signs[0] == '-') v = -v;
  for (std::size_t i = 0; i < fraction; ++i) {
    const std::int64_t step = FixedDyadic::kOne >> (i + 1);
    v += signs[run + i] == '+' ? step : -step;
  }
  return FixedDyadic::from_scaled(v);
}

Dyadic ordinal_sum(const Dyadic& x, const Dyadic& y) { return from_sign_expansion(sign_expansion(x) + sign_expansion(y)); }

std::pair<std::optional<Dyadic>, std::optional<Dyadic>> canonical_options(const Dyadic& x) {
  if (x.is_integer()) {
    if (x.is_zero()) return {std::nullopt, std::nullopt};
    if (x.sign() > 0) return {x - Dyadic(1), std::nullopt};
    return {std::nullopt, x + Dyadic(1)};
  }
  Dyadic ulp(mpz_class(1), x.exponent());
  return {x - ulp, x + ulp};
}

Dyadic ordinal_sum_by_options(const std::optional<Dyadic>& left, const std::optional<Dyadic>& right, const Dyadic& y) {
  // Memoized on the exponent: y's canonical options reach only its ancestors in the
  // tree of numbers, one or two per birthday.
  std::map<Dyadic, Dyadic> memo;
  std::function<Dyadic(const Dyadic&)> sum = [&](const Dyadic& e) -> Dyadic {
    if (auto it = memo.find(e); it != memo.end()) return it->second;
    auto [el, er] = canonical_options(e);
    std::optional<Dyadic> lo = left, hi = right;
    if (el) {
      Dyadic v = sum(*el);
      if (!lo || v > *lo) lo = v;
    }
    if (er) {
      Dyadic v = sum(*er);
      if (!hi || v < *hi) hi = v;
    }
    if (lo && hi && !(*lo < *hi)) {
      throw std::logic_error("ordinal sum of numbers is not a number: " + lo->str() + " >= " + hi->str());
    }
    Dyadic v = Dyadic::simplest_between(lo, hi);
    memo.emplace(e, v);
    return v;
  };
  return sum(y);
}

Dyadic inverse_power_of_two(unsigned long k) { return Dyadic(mpz_class(1), k); }

}  // namespace cgtlab::games
