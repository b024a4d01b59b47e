// Seed 003, chapter "The game of FLIPPING COINS" (Bonato, Huggan, Nowakowski): its theorems,
// lemmas, worked examples and closing question, each recomputed: values by exact search
// (games/coins/search.h), by the general canonical-form engine (solve/partizan.h) and by
// the chapter's algorithm (games/coins/algorithm.h), compared with what the paper prints.
#include <fmt/core.h>

#include <bit>
#include <cstring>
#include <gmpxx.h>
#include <chrono>
#include <memory>
#include <random>

#include "games/coins/algorithm.h"
#include "games/coins/ordinal_sum.h"
#include "games/coins/search.h"
#include "games/coins/values.h"
#include "cgt/game.h"
#include "claims/claim.h"
#include "games/coins/rules.h"
#include "solve/partizan.h"

namespace cgtlab::claims {

namespace {

using games::CoinsTable;
using games::FixedDyadic;
using cgt::Dyadic;
using games::FlippingCoins;

constexpr int kNormalLength = 22;  // all lines of at most 22 coins in a normal run (~2 s table)
constexpr int kDeepLength = 24;

int sweep_length(const RunOptions& o) { return o.deep ? kDeepLength : kNormalLength; }

// One table per process, grown when a deep run asks for more.
const CoinsTable& table(int length) {
  static std::unique_ptr<CoinsTable> t;
  if (!t || t->max_length() < length) t = std::make_unique<CoinsTable>(length);
  return *t;
}

// The searched value of a line (nullopt: not a number, or not in the table).
std::optional<Dyadic> searched(const std::string& line) {
  const std::string s = FlippingCoins::normalise(line);
  const CoinsTable& t = table(std::max<int>(static_cast<int>(s.size()), kNormalLength));
  auto v = t.value(FlippingCoins::pack(s));
  if (!v) return std::nullopt;
  return v->to_dyadic();
}

std::string show(const std::optional<Dyadic>& v) { return v ? v->str() : "not a number"; }

// Theorem 3.1 as printed: "an even number of 1s" includes none, so every line 0^n (value 0,
// a second-player win) is covered. Counts the covered lines that are not Left wins.
Finding theorem_3_1_as_printed(const RunOptions& o) {
  const int n = sweep_length(o);
  const CoinsTable& t = table(n);
  std::uint64_t covered = 0, not_left = 0;
  std::string first;
  for (std::uint64_t b = 0; b < (std::uint64_t{1} << n); ++b) {  // b = 0: the lines 0^n, no 1s
    const int ones = std::popcount(b);
    if (!((ones % 2 == 0) || ((b & 1) && ones >= 2))) continue;
    ++covered;
    auto v = t.value(b);
    if (!v) return {false, "not a number: " + FlippingCoins::unpack(b)};
    if (v->scaled() > 0) continue;
    if (not_left++ == 0)
      first = fmt::format("'{}' (the lines 0^n) = {}", FlippingCoins::unpack(b), v->to_dyadic().str());
  }
  if (not_left == 0)
    return {true, fmt::format("all {} lines of <= {} coins with an even number of 1s, or d_1 = 1 and >= 2 1s, are > 0",
                              covered, n)};
  return {false, fmt::format("{} of the {} lines of <= {} coins it covers are not Left wins: {}", not_left, covered, n,
                             first)};
}

// The reading the chapter's proof supports: a NONZERO even number of 1s (and the introduction's
// description of Right's wins).
Finding theorem_3_1(const RunOptions& o) {
  const int n = sweep_length(o);
  const CoinsTable& t = table(n);
  std::uint64_t covered = 0, right_wins = 0;
  for (std::uint64_t b = 1; b < (std::uint64_t{1} << n); ++b) {
    const int ones = std::popcount(b);
    auto v = t.value(b);
    if (!v) return {false, "not a number: " + FlippingCoins::unpack(b)};
    if (v->scaled() < 0) ++right_wins;
    if ((ones % 2 == 0) || ((b & 1) && ones >= 2)) {
      ++covered;
      if (v->scaled() <= 0)
        return {false, fmt::format("{} = {} is not a Left win", FlippingCoins::unpack(b), v->to_dyadic().str())};
    }
  }
  // The introduction: Right wins exactly when the algorithm ends at 0^r 1 with r >= 1.
  const int m = o.deep ? 20 : 18;
  for (std::uint64_t b = 1; b < (std::uint64_t{1} << m); ++b) {
    auto r = games::run_coins_algorithm(FlippingCoins::unpack(b), false);
    const bool ends_right = r.base_is_zeros_then_one && r.base_r >= 1;
    if (ends_right != (t.value(b)->scaled() < 0))
      return {false, "Right wins " + FlippingCoins::unpack(b) + " but the algorithm ends at " + r.base};
  }
  return {true, fmt::format("all {} lines of <= {} coins with a nonzero even number of 1s, or d_1 = 1 and >= 2 1s, "
                            "are > 0; Right wins {} lines in all, and (introduction) Right wins exactly when the "
                            "algorithm ends at 0^r 1, r >= 1, on all lines of <= {} coins",
                            covered, n, right_wins, m)};
}

Finding theorem_3_2(const RunOptions& o) {
  const int n = sweep_length(o);
  const CoinsTable& t = table(n);
  if (t.non_numbers() != 0)
    return {false, fmt::format("{} lines of <= {} coins are not numbers, first {}", t.non_numbers(), n,
                               FlippingCoins::unpack(*t.first_non_number()))};
  // Independently: the general canonical-form engine on every small line.
  const int m = o.deep ? 12 : 10;
  FlippingCoins rules;
  solve::PartizanSolver<FlippingCoins> solver(rules);
  for (std::uint64_t b = 0; b < (std::uint64_t{1} << m); ++b) {
    const std::string s = FlippingCoins::unpack(b);
    cgt::Game g = solver.value(s);
    if (!g.is_number()) return {false, s + " = " + g.str() + " (general engine) is not a number"};
    if (g != cgt::Game::number(t.value(b)->to_dyadic()))
      return {false, s + ": general engine " + g.str() + ", number search " + t.value(b)->to_dyadic().str()};
  }
  return {true, fmt::format("all 2^{} lines of <= {} coins: every option is a number and best Left < best Right; "
                            "the general canonical-form engine agrees on all lines of <= {} coins ({} positions)",
                            n, n, m, solver.positions())};
}

Finding theorem_3_3(const RunOptions& o) {
  const int n = sweep_length(o);
  const CoinsTable& t = table(n);
  for (std::uint64_t b = 1; b < (std::uint64_t{1} << n); ++b) {
    const std::string s = FlippingCoins::unpack(b);
    auto a = games::coins_algorithm_fixed_value(s);
    auto v = t.value(b);
    if (!a || !v || *a != *v)
      return {false, s + ": algorithm " + (a ? a->to_dyadic().str() : "?") + ", search " + (v ? v->to_dyadic().str() : "?")};
  }
  return {true, fmt::format("algorithm = search on all {} lines of <= {} coins", (std::uint64_t{1} << n) - 1, n)};
}

// Long lines: (a) the general engine on sparse lines long enough that the exponents pass
// 2^-56; (b) on random lines of hundreds of coins, the algorithm's values satisfy the
// defining recursion of a number: v(G) is the simplest number between the best of the
// algorithm's values of G's Left options and of its Right options (all O(n^2) of them).
Finding theorem_3_3_long(const RunOptions& o) {
  const int sparse = o.deep ? 48 : 36;
  FlippingCoins rules;
  solve::PartizanSolver<FlippingCoins> solver(rules);
  std::uint64_t lines = 0;
  for (int i = 0; i < sparse; ++i)
    for (int j = i + 1; j < sparse; ++j)
      for (int k = j + 1; k < sparse; ++k) {
        std::string s(static_cast<std::size_t>(k + 1), '0');
        s[i] = s[j] = s[k] = '1';
        cgt::Game g = solver.value(s);
        const Dyadic a = games::run_coins_algorithm(s, false).value;
        ++lines;
        if (g != cgt::Game::number(a)) return {false, s + ": general engine " + g.str() + ", algorithm " + a.str()};
      }
  std::mt19937_64 rng(3003);
  const int samples = o.deep ? 12 : 3;
  std::size_t longest = 0;
  for (int sample = 0; sample < samples; ++sample) {
    const std::size_t len = 100 + rng() % 201;
    std::string s(len, '0');
    for (auto& c : s) c = (rng() % 2) ? '1' : '0';
    s.back() = '1';
    longest = std::max(longest, s.size());
    std::optional<Dyadic> best_left, best_right;
    for (const auto& opt : rules.left_options(s)) {
      Dyadic v = games::run_coins_algorithm(opt, false).value;
      if (!best_left || v > *best_left) best_left = v;
    }
    for (const auto& opt : rules.right_options(s)) {
      Dyadic v = games::run_coins_algorithm(opt, false).value;
      if (!best_right || v < *best_right) best_right = v;
    }
    const Dyadic v = games::run_coins_algorithm(s, false).value;
    if ((best_left && best_right && !(*best_left < *best_right)) || Dyadic::simplest_between(best_left, best_right) != v)
      return {false, fmt::format("a line of {} coins: algorithm {}, but its options give {{{} | {}}}", s.size(), v.str(),
                                 show(best_left), show(best_right))};
  }
  return {true, fmt::format("general engine = algorithm on all {} lines of <= {} coins with three 1s (values down to "
                            "2^-{}); on {} random lines of 100..300 coins (longest {}) the algorithm's value is the "
                            "simplest number between its values of the best Left and Right options",
                            lines, sparse, 2 * sparse, samples, longest)};
}

Finding theorem_4_2(const RunOptions& o) {
  const int n = sweep_length(o);
  const CoinsTable& t = table(n);
  std::uint64_t checked = 0;
  for (std::uint64_t b = 1; b < (std::uint64_t{1} << n); ++b) {
    const int len = FlippingCoins::length(b);
    games::CoinsNode node = t.node(b);
    if (std::popcount(b) >= 2) {  // Left: the two rightmost 1s
      const std::uint64_t top = std::uint64_t{1} << (len - 1);
      const std::uint64_t rest = b ^ top;
      const std::uint64_t next = std::uint64_t{1} << (63 - std::countl_zero(rest));
      if (*t.value(b ^ top ^ next) != *node.best_left)
        return {false, "Left's best move in " + FlippingCoins::unpack(b) + " is not the two rightmost 1s"};
    }
    const std::uint64_t zeros = ~b & ((std::uint64_t{1} << len) - 1);
    if (zeros != 0) {  // Right: the rightmost 0 and the 1 after it
      const int s = 63 - std::countl_zero(zeros);
      if (*t.value(b ^ (std::uint64_t{3} << s)) != *node.best_right)
        return {false, "Right's best move in " + FlippingCoins::unpack(b) + " is not (d_s, d_s+1)"};
    }
    ++checked;
  }
  return {true, fmt::format("on all {} lines of <= {} coins, both moves attain the best option value", checked, n)};
}

// Every string of each length up to max_len, as 0-1 text.
template <class F>
bool for_each_string(int max_len, F&& f) {
  for (int len = 0; len <= max_len; ++len)
    for (std::uint64_t b = 0; b < (std::uint64_t{1} << len); ++b) {
      std::string s(static_cast<std::size_t>(len), '0');
      for (int i = 0; i < len; ++i)
        if ((b >> i) & 1) s[i] = '1';
      if (!f(s)) return false;
    }
  return true;
}

Finding lemma_4_3(const RunOptions& o) {
  const int n = o.deep ? 22 : 20;
  std::string bad;
  std::uint64_t count = 0;
  for_each_string(n - 4, [&](const std::string& alpha) {
    for (int a = 0; static_cast<int>(alpha.size()) + 4 + a <= n; ++a) {
      const std::string lhs = alpha + "0111" + std::string(a, '1'), rhs = alpha + "10" + std::string(a, '1');
      ++count;
      if (searched(lhs) != searched(rhs)) {
        bad = fmt::format("{} = {} but {} = {}", lhs, show(searched(lhs)), rhs, show(searched(rhs)));
        return false;
      }
    }
    return true;
  });
  if (!bad.empty()) return {false, bad};
  return {true, fmt::format("alpha 0111 1^a = alpha 10 1^a on all {} instances of <= {} coins", count, n)};
}

Finding lemma_4_4(const RunOptions& o) {
  const int n = o.deep ? 20 : 18;
  std::string bad;
  std::uint64_t count = 0, odd_differ = 0, odd = 0;
  for_each_string(n - 4, [&](const std::string& alpha) {
    return for_each_string(n - 4 - static_cast<int>(alpha.size()), [&](const std::string& beta) {
      const int ones = static_cast<int>(std::count(beta.begin(), beta.end(), '1'));
      const bool a = !beta.empty() && beta[0] == '1';
      const bool b = (beta.empty() || beta[0] == '0') && ones % 2 == 0;
      const std::string lhs = alpha + "0111" + beta, rhs = alpha + "10" + beta;
      if (!a && !b) {  // the excluded case: how often does the identity fail there?
        ++odd;
        if (searched(lhs) != searched(rhs)) ++odd_differ;
        return true;
      }
      ++count;
      if (searched(lhs) != searched(rhs)) {
        bad = lhs + " = " + show(searched(lhs)) + " but " + rhs + " = " + show(searched(rhs));
        return false;
      }
      return true;
    });
  });
  if (!bad.empty()) return {false, bad};
  return {true, fmt::format("alpha 0111 beta = alpha 10 beta on all {} instances of <= {} coins with beta starting "
                            "with 1 or (with 0 and) an even number of 1s; in the excluded case (beta starts with 0, "
                            "odd number of 1s) it fails on {} of {}",
                            count, n, odd_differ, odd)};
}

Finding lemma_4_5(const RunOptions& o) {
  const int n = o.deep ? 20 : 16;
  const CoinsTable& t = table(std::max(n, kNormalLength));
  std::string bad;
  std::uint64_t count = 0, canonical_differs = 0;
  for_each_string(n - 5, [&](const std::string& alpha) {
    const int room = n - static_cast<int>(alpha.size());
    for (int a = 1; a + 3 <= room; ++a)
      for (int p = 0; a + p + 3 <= room; ++p)
        for (int q = 0; a + p + q + 3 <= room; ++q) {
          if (p + q < 1) continue;
          const std::string base = alpha + "0" + std::string(a, '1');
          const std::string line = base + std::string(p, '0') + "1" + std::string(q, '0') + "1";
          // The base as the position it is: its best options, whatever its canonical form.
          games::CoinsNode node = t.node(FlippingCoins::pack(base));
          auto dy = [](const std::optional<FixedDyadic>& x) { return x ? std::optional<Dyadic>(x->to_dyadic()) : std::nullopt; };
          const Dyadic exponent = games::inverse_power_of_two(2 * p + q - 1);
          const Dyadic rhs = games::ordinal_sum_by_options(dy(node.best_left), dy(node.best_right), exponent);
          const Dyadic lhs = *searched(line);
          ++count;
          if (lhs != rhs) {
            bad = fmt::format("{} = {} but {} : {} = {}", line, lhs.str(), base, exponent.str(), rhs.str());
            return false;
          }
          if (games::ordinal_sum(*searched(base), exponent) != rhs) ++canonical_differs;
        }
    return true;
  });
  if (!bad.empty()) return {false, bad};
  return {true, fmt::format("alpha 0 1^a 0^p 1 0^q 1 = (alpha 0 1^a) : 1/2^(2p+q-1), the base taken as the position "
                            "(its own options), on all {} instances of <= {} coins; with the base's canonical form "
                            "instead the ordinal sum differs in {} of them",
                            count, n, canonical_differs)};
}

Finding lemma_4_6(const RunOptions& o) {
  const int n = sweep_length(o);
  std::uint64_t count = 0;
  for (int p = 0; p + 1 <= n; ++p) {
    const std::string line = std::string(p, '0') + "1";
    ++count;
    if (searched(line) != Dyadic(-p)) return {false, line + " = " + show(searched(line)) + ", not " + std::to_string(-p)};
  }
  for (int a = 0; a + 2 <= n; ++a)
    for (int p = 0; a + p + 2 <= n; ++p)
      for (int q = 0; a + p + q + 2 <= n; ++q) {
        const std::string line = std::string(a, '1') + std::string(p, '0') + "1" + std::string(q, '0') + "1";
        const Dyadic expected = Dyadic(a / 2) + games::inverse_power_of_two(2 * p + q);
        ++count;
        if (searched(line) != expected)
          return {false, line + " = " + show(searched(line)) + ", not " + expected.str()};
      }
  return {true, fmt::format("0^p 1 = -p and 1^a 0^p 1 0^q 1 = floor(a/2) + 1/2^(2p+q) on all {} lines of <= {} coins",
                            count, n)};
}

Finding counterexample(const RunOptions&) {
  const auto x = searched("011101"), y = searched("1001");
  const bool ok = x == Dyadic::parse("3/8") && y == Dyadic::parse("1/4") && x != y;
  return {ok, "search: 011101 = " + show(x) + ", 1001 = " + show(y) + " (Lemma 4.4 with beta = 01, odd number of 1s)"};
}

// ---- worked examples ----

Finding example_1011(const RunOptions&) {
  FlippingCoins rules;
  auto l = rules.left_options("1011"), r = rules.right_options("1011");
  std::sort(l.begin(), l.end());
  std::sort(r.begin(), r.end());
  const std::vector<std::string> pl = {"0001", "001", "1"}, pr = {"1101", "111"};
  std::vector<std::string> sl = pl, sr = pr;
  std::sort(sl.begin(), sl.end());
  std::sort(sr.begin(), sr.end());
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    return s;
  };
  return {l == sl && r == sr, "ruleset: 1011 = {" + join(l) + " | " + join(r) + "}"};
}

Finding example_numbers(const RunOptions&) {
  // Section 2: each {L | R} equals the printed number (simplicity rule, and the general engine).
  struct Case { const char *left, *right, *value; };
  const Case cases[] = {{"", "", "0"},        {"-9", "", "0"},          {"-1/2", "7/4", "0"},
                        {"", "-1", "-2"},      {"-5/2", "-31/16", "-2"}, {"0", "", "1"},
                        {"0", "100", "1"},     {"0", "1", "1/2"},        {"3/8", "17/32", "1/2"}};
  std::string detail;
  for (const auto& c : cases) {
    std::optional<Dyadic> l, r;
    if (*c.left) l = Dyadic::parse(c.left);
    if (*c.right) r = Dyadic::parse(c.right);
    const Dyadic v = Dyadic::simplest_between(l, r);
    std::vector<cgt::Game> gl, gr;
    if (l) gl.push_back(cgt::Game::number(*l));
    if (r) gr.push_back(cgt::Game::number(*r));
    const cgt::Game g = cgt::Game::from_options(gl, gr);
    if (v != Dyadic::parse(c.value) || g != cgt::Game::number(v))
      return {false, fmt::format("{{{} | {}}} = {} (engine {}), paper {}", c.left, c.right, v.str(), g.str(), c.value)};
    detail += fmt::format("{{{}|{}}}={} ", c.left, c.right, v.str());
  }
  return {true, detail};
}

Finding example_ordinal_sums(const RunOptions&) {
  struct Case { const char *base, *exponent, *value; };
  // (e) is (1 : -1) : 1/2, with 1 : -1 = 1/2 in canonical form.
  const Case cases[] = {{"1", "1", "2"}, {"1", "-1", "1/2"}, {"1", "1/2", "3/2"}, {"1/2", "1", "3/4"}, {"1/2", "1/2", "5/8"}};
  std::string detail;
  for (const auto& c : cases) {
    const Dyadic x = Dyadic::parse(c.base), y = Dyadic::parse(c.exponent);
    const Dyadic by_signs = games::ordinal_sum(x, y);
    auto [l, r] = games::canonical_options(x);
    const Dyadic by_definition = games::ordinal_sum_by_options(l, r, y);
    const cgt::Game engine = cgt::Game::number(x).ordinal_sum(cgt::Game::number(y));
    if (by_signs != Dyadic::parse(c.value) || by_definition != by_signs || engine != cgt::Game::number(by_signs))
      return {false, fmt::format("{} : {} = {} (definition {}, engine {}), paper {}", c.base, c.exponent, by_signs.str(),
                                 by_definition.str(), engine.str(), c.value)};
    detail += fmt::format("{}:{}={} ", c.base, c.exponent, by_signs.str());
  }
  const Dyadic one_minus_one = games::ordinal_sum(Dyadic(1), Dyadic(-1));
  detail += "(1:-1)=" + one_minus_one.str();
  return {true, detail};
}

// The algorithm's first worked example as printed: the start line reduces to 1010110001010011
// and its value is the printed 10257/16348 (compared as rationals: no dyadic number equals it,
// so the value part fails whatever is computed; the correction below carries the check).
Finding example_algorithm_1(const RunOptions& o) {
  const std::string start = "1001111011011011101110011";
  const auto r = games::run_coins_algorithm(start);
  std::string detail = fmt::format("the printed start {} ({} coins) = {} by the algorithm (reduced {}, partition {})",
                                   start, start.size(), r.value.str(), r.reduced, r.partition());
  if (o.deep) {
    games::CoinsSearch search;
    auto v = search.value(FlippingCoins::pack(start));
    detail += fmt::format(", = {} by search ({} positions)", v ? v->to_dyadic().str() : "not a number", search.positions());
  }
  const mpq_class printed(mpz_class(10257), mpz_class(16348));
  const mpq_class computed(r.value.numerator(), r.value.denominator());
  const bool value_as_printed = computed == printed;
  detail += value_as_printed ? "" : "; not the printed 10257/16348 (which no dyadic rational equals: 16348 is not a power of 2)";
  return {r.reduced == "1010110001010011" && value_as_printed, detail};
}

// The correction: ((1/2 : 1/2) : 1/64) : 1/8 = 10257/16384, the value of the chain from its third
// printed line on (claim 003.example.4.chain); the printed start line has value 2753/16384.
Finding example_algorithm_1_corrected(const RunOptions&) {
  const Dyadic half = Dyadic::parse("1/2");
  const Dyadic sum = games::ordinal_sum(games::ordinal_sum(games::ordinal_sum(half, half), Dyadic::parse("1/64")),
                                        Dyadic::parse("1/8"));
  const Dyadic third = games::run_coins_algorithm("1001111011011101010011").value;
  const auto start = games::run_coins_algorithm("1001111011011011101110011");
  const bool ok = sum == Dyadic::parse("10257/16384") && third == sum &&
                  searched("1001111011011101010011") == sum && start.value == Dyadic::parse("2753/16384");
  return {ok, fmt::format("((1/2:1/2):1/64):1/8 = {}; 1001111011011101010011 = {} (algorithm), {} (search); "
                          "1001111011011011101110011 = {} (algorithm, reduced {})",
                          sum.str(), third.str(), show(searched("1001111011011101010011")), start.value.str(),
                          start.reduced)};
}

// The same example from the chain's third printed line on, where it is right.
Finding example_algorithm_1_chain(const RunOptions&) {
  const char* chain[] = {"1001111011011101010011", "10011110111001010011", "100111110001010011", "1010110001010011"};
  const Dyadic expected = Dyadic::parse("10257/16384");
  std::string detail;
  for (const char* line : chain) {
    auto r = games::run_coins_algorithm(line);
    if (searched(line) != expected || r.value != expected || r.reduced != "1010110001010011" ||
        r.partition() != "101(011)(000101)(0011)" || r.ordinal_sum_text() != "((1/2 : 1/2) : 1/64) : 1/8")
      return {false, fmt::format("{}: search {}, algorithm {} ({}, {})", line, show(searched(line)), r.value.str(),
                                 r.partition(), r.ordinal_sum_text())};
  }
  return {true, "each of 1001111011011101010011, 10011110111001010011, 100111110001010011, 1010110001010011 = 10257/16384 "
                "by search and algorithm; partition 101(011)(000101)(0011), ordinal sum ((1/2 : 1/2) : 1/64) : 1/8"};
}

Finding example_algorithm_2(const RunOptions&) {
  const std::string h = "01001110110111011101";
  auto r = games::run_coins_algorithm(h);
  const Dyadic expected = Dyadic::parse("-893/1024");
  const bool ok = r.reduced == "01010100011101" && r.partition() == "01(0101)(00011)(101)" &&
                  r.ordinal_sum_text() == "((-1 : 1/4) : 1/32) : 1" && r.value == expected && searched(h) == expected;
  return {ok, fmt::format("H reduces to {}, partition {}, {} = {}; search {}", r.reduced, r.partition(),
                          r.ordinal_sum_text(), r.value.str(), show(searched(h)))};
}

// The second worked example's chain as printed: each line equals H. A reduction shortens the
// line by two coins, and every line must have H's value.
Finding example_algorithm_2_chain(const RunOptions&) {
  const char* chain[] = {"01001110110111011101", "010011101110011101", "010011100011101", "01010100011101"};
  const Dyadic expected = Dyadic::parse("-893/1024");
  std::string detail, bad;
  for (const char* line : chain) {
    const auto v = searched(line);
    detail += fmt::format("{}{} ({} coins) = {}", detail.empty() ? "" : ", ", line, std::strlen(line), show(v));
    if (v != expected && bad.empty()) bad = line;
  }
  return {bad.empty(), bad.empty() ? detail : "the printed line " + bad + " is not -893/1024: " + detail};
}

// The correction: the third line is 0100111100011101, the algorithm's 2(b) step from the second
// line; it has H's value, and reduces (2(a)) to the last printed line.
Finding example_algorithm_2_chain_corrected(const RunOptions&) {
  const std::string second = "010011101110011101", third = "0100111100011101", last = "01010100011101";
  const Dyadic expected = Dyadic::parse("-893/1024");
  const auto r = games::run_coins_algorithm("01001110110111011101");
  // The line 2(b) gives from the second line: its coins 8..11 0111 -> 10.
  const std::string step = second.substr(0, 7) + "10" + second.substr(11);
  const bool ok = step == third && searched(third) == expected && searched(second) == expected &&
                  games::run_coins_algorithm(third).reduced == last && r.reduced == last && r.value == expected;
  return {ok, fmt::format("{} with coins 8..11 0111 -> 10 gives {} = {} (search), which reduces to {}; H = {}",
                          second, step, show(searched(third)), games::run_coins_algorithm(third).reduced,
                          r.value.str())};
}

// Section 4.1's answer, with the strings the answer computes with.
Finding closing_answer(const RunOptions&) {
  const std::vector<std::string> lines = {"0101011111", "1101100111", "0110110110111"};
  games::CoinsValuer valuer;
  auto sum = games::analyse_coins_sum(lines, valuer);
  auto alg = [](const char* s) { return games::run_coins_algorithm(s); };
  const auto a1 = alg("0101011111"), a2 = alg("1101100111"), a3 = alg("0110110110111");
  const cgt::Game zero;
  // Best Left moves in the 2nd and 3rd summands (the highest sum after a move there).
  std::optional<cgt::Game> best2, best3;
  for (const auto& m : sum.left_moves) {
    auto& best = m.line == 1 ? best2 : best3;
    if (m.line == 0) continue;
    if (!best || m.sum_after > *best) best = m.sum_after;
  }
  const cgt::Game minus_sixteenth = cgt::Game::number(Dyadic::parse("-1/16"));
  const bool ok = sum.values[0].game == cgt::Game::number(Dyadic::parse("-11/16")) &&
                  sum.values[1].game == cgt::Game::number(Dyadic::parse("3/4")) && sum.values[2].game == zero &&
                  sum.total == cgt::Game::number(Dyadic::parse("1/16")) && sum.outcome == cgt::Outcome::L &&
                  sum.left_winning.size() == 1 && sum.left_winning[0].line == 0 && sum.left_winning[0].result == "01010111" &&
                  sum.left_winning[0].sum_after == zero && best2 == minus_sixteenth && best3 == minus_sixteenth &&
                  a1.reduced == "01011011" && a1.ordinal_sum_text() == "(-1 : 1/2) : 1/2" && a2.reduced == "1101101" &&
                  a2.ordinal_sum_text() == "1/2 : 1" && a3.value.is_zero();
  std::string winners;
  for (const auto& m : sum.left_winning) winners += fmt::format(" string {} coins {},{} -> {};", m.line + 1, m.first, m.second, m.result);
  return {ok, fmt::format("0101011111 = {} (reduced {}, {}), 1101100111 = {} ({}), 0110110110111 = {}; sum {}, outcome {}; "
                          "Left's winning moves:{} best Left move in the 2nd summand gives {}, in the 3rd {}",
                          sum.values[0].game.str(), a1.reduced, a1.ordinal_sum_text(), sum.values[1].game.str(),
                          a2.ordinal_sum_text(), sum.values[2].game.str(), sum.total.str(), cgt::to_string(sum.outcome),
                          winners, best2 ? best2->str() : "-", best3 ? best3->str() : "-")};
}

// The question as posed (Section 1: 0101011111 + 1101100111 + 011011011011; Section 4.1
// restates it with 010101111): does the answer (1/16, one winning move) hold for it?
Finding closing_question_as_posed(const RunOptions&) {
  games::CoinsValuer valuer;
  std::string detail;
  bool holds = true;
  for (const auto& lines : {std::vector<std::string>{"0101011111", "1101100111", "011011011011"},
                            std::vector<std::string>{"010101111", "1101100111", "011011011011"}}) {
    auto sum = games::analyse_coins_sum(lines, valuer);
    const bool same = sum.total == cgt::Game::number(Dyadic::parse("1/16")) && sum.left_winning.size() == 1;
    holds = holds && same;
    detail += fmt::format("{} + {} + {} = {} + {} + {} = {}, {} winning Left moves; ", lines[0], lines[1], lines[2],
                          sum.values[0].game.str(), sum.values[1].game.str(), sum.values[2].game.str(), sum.total.str(),
                          sum.left_winning.size());
  }
  return {holds, detail + "the answer uses 0110110110111 (= 0) as the third line"};
}

// The correction: the question's third line is the answer's 0110110110111 (sum 1/16, one winning
// Left move); as posed the sum is 101/256 with 49 winning Left moves, as restated 325/256 with 58.
Finding closing_question_corrected(const RunOptions&) {
  games::CoinsValuer valuer;
  struct Case { std::vector<std::string> lines; const char* total; std::size_t winning; };
  const Case cases[] = {{{"0101011111", "1101100111", "0110110110111"}, "1/16", 1},
                        {{"0101011111", "1101100111", "011011011011"}, "101/256", 49},
                        {{"010101111", "1101100111", "011011011011"}, "325/256", 58}};
  std::string detail;
  bool ok = true;
  for (const auto& c : cases) {
    auto sum = games::analyse_coins_sum(c.lines, valuer);
    ok = ok && sum.total == cgt::Game::number(Dyadic::parse(c.total)) && sum.left_winning.size() == c.winning;
    detail += fmt::format("{}{} + {} + {} = {}, {} winning Left moves", detail.empty() ? "" : "; ", c.lines[0],
                          c.lines[1], c.lines[2], sum.total.str(), sum.left_winning.size());
  }
  return {ok, detail};
}

}  // namespace

void add_claims_003(std::vector<Claim>& out) {
  const std::string n = std::to_string(kNormalLength), d = std::to_string(kDeepLength);
  const std::string all_n = "all lines of <= " + n + " coins", all_d = "all lines of <= " + d + " coins";
  out.push_back({"003.T3.1", "003", "Theorem 3.1",
                 "If d_1 d_2 ... d_n contains an even number of 1s, or if d_1 = 1 and there are at least two 1s, then "
                 "Left wins G",
                 all_n + " (algorithm part <= 18)", all_d + " (algorithm part <= 20)", "coins-theorem-31-no-1s",
                 theorem_3_1_as_printed,
                 "a NONZERO even number of 1s (0^n = 0 is a second-player win); and (introduction) Right wins exactly "
                 "when the algorithm ends at 0^r 1, r >= 1",
                 theorem_3_1});
  out.push_back({"003.T3.2", "003", "Theorem 3.2", "every FLIPPING COINS position is a number",
                 all_n + "; general engine on <= 10 coins", all_d + "; general engine on <= 12", "", theorem_3_2});
  out.push_back({"003.T3.3", "003", "Theorem 3.3", "the algorithm's value v_0 equals the value of the line", all_n,
                 all_d, "", theorem_3_3});
  out.push_back({"003.T3.3.long", "003", "Theorem 3.3 (long lines)",
                 "the algorithm is right on long lines (cross-checked where a search is feasible)",
                 "three 1s in <= 36 coins by the general engine; 3 random lines of 100..300 coins",
                 "three 1s in <= 48 coins; 12 random lines", "", theorem_3_3_long});
  out.push_back({"003.T4.2", "003", "Theorem 4.2",
                 "Left's best move flips the two rightmost 1s; Right's flips the rightmost 0 and the 1 after it", all_n,
                 all_d, "", theorem_4_2});
  out.push_back({"003.L4.3", "003", "Lemma 4.3", "alpha 0111 1^a = alpha 10 1^a (a >= 0)", "all alpha, a, <= 20 coins",
                 "<= 22 coins", "", lemma_4_3});
  out.push_back({"003.L4.4", "003", "Lemma 4.4",
                 "alpha 0111 beta = alpha 10 beta if beta starts with 1, or starts with 0 and has an even number of 1s",
                 "all alpha, beta, <= 18 coins", "<= 20 coins", "", lemma_4_4});
  out.push_back({"003.L4.5", "003", "Lemma 4.5", "alpha 0 1^a 0^p 1 0^q 1 = alpha 0 1^a : 1/2^(2p+q-1) (a >= 1, p+q >= 1)",
                 "all alpha, a, p, q, <= 16 coins", "<= 20 coins", "", lemma_4_5});
  out.push_back({"003.L4.6", "003", "Lemma 4.6", "0^p 1 = -p and 1^a 0^p 1 0^q 1 = floor(a/2) + 1/2^(2p+q)",
                 "all a, p, q, <= " + n + " coins", "<= " + d + " coins", "", lemma_4_6});
  out.push_back({"003.counterexample", "003", "after Lemma 4.4", "3/8 = 011101 != 1001 = 1/4 (Lemma 4.4's conditions are needed)",
                 "the two lines", "", "", counterexample});
  out.push_back({"003.example.1", "003", "Section 1", "1011 = {0001, 001, 1 | 1101, 111}", "the example", "", "",
                 example_1011});
  out.push_back({"003.example.2", "003", "Section 2, numbers (a)-(d)",
                 "0 = {|} = {-9|} = {-1/2|7/4}; -2 = {|-1} = {-5/2|-31/16}; 1 = {0|} = {0|100}; 1/2 = {0|1} = {3/8|17/32}",
                 "the nine forms", "", "", example_numbers});
  out.push_back({"003.example.3", "003", "Section 2, ordinal sums (a)-(e)",
                 "1:1 = 2, 1:-1 = 1/2, 1:1/2 = 3/2, 1/2:1 = 3/4, (1:-1):1/2 = 5/8", "the five sums", "", "",
                 example_ordinal_sums});
  out.push_back({"003.example.4", "003", "Section 3, first worked example",
                 "1001111011011011101110011 reduces to 1010110001010011 = ((1/2:1/2):1/64):1/8 = 10257/16348",
                 "the example (--deep: also by search, ~11M positions)", "", "coins-worked-example-1", example_algorithm_1,
                 "((1/2:1/2):1/64):1/8 = 10257/16384, the value of the chain from its third line "
                 "1001111011011101010011 on; the printed start line 1001111011011011101110011 is 2753/16384",
                 example_algorithm_1_corrected});
  out.push_back({"003.example.4.chain", "003", "Section 3, first worked example (lines 3-6)",
                 "1001111011011101010011 = ... = 1010110001010011 = 101(011)(000101)(0011) = ((1/2:1/2):1/64):1/8",
                 "the four printed lines", "", "", example_algorithm_1_chain});
  out.push_back({"003.example.5", "003", "Section 3, second worked example",
                 "01001110110111011101 = 01010100011101 = 01(0101)(00011)(101) = ((-1:1/4):1/32):1 = -893/1024",
                 "the example", "", "", example_algorithm_2});
  out.push_back({"003.example.5.chain", "003", "Section 3, second worked example (its chain)",
                 "01001110110111011101 = 010011101110011101 = 010011100011101 = 01010100011101",
                 "the four printed lines, by search", "", "coins-worked-example-2", example_algorithm_2_chain,
                 "the third line is 0100111100011101 (2(b) on coins 8..11 of the second line), = -893/1024",
                 example_algorithm_2_chain_corrected});
  out.push_back({"003.closing-question", "003", "Section 4.1, answer to the closing question",
                 "0101011111 + 1101100111 + 0110110110111 = -11/16 + 3/4 + 0 = 1/16: Left wins; her only winning move "
                 "is to 01010111 (sum 0); her best moves in the 2nd and 3rd summands give -1/16",
                 "the three lines, every move", "", "", closing_answer});
  out.push_back({"003.closing-question.as-posed", "003", "Sections 1 and 4.1, the closing question as posed",
                 "Who wins 0101011111 + 1101100111 + 011011011011 (restated as 010101111 + ...)? Answer: 1/16, one "
                 "winning Left move",
                 "both posed sums, every move", "", "coins-closing-question", closing_question_as_posed,
                 "the third line is 0110110110111 (sum 1/16, one winning Left move); as posed the sum is 101/256 with "
                 "49 winning Left moves, as restated (010101111 + ...) 325/256 with 58",
                 closing_question_corrected});
}

}  // namespace cgtlab::claims
