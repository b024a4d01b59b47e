// Seed 000: Barker, DeStefano, Fiorini, Gohn, Miller, Roeder, Wong, "Generalized impartial
// two-player pebbling games on K_3 and C_4" (J. Integer Sequences 27, 2024), and the
// Fiorini-Lind-Woldar-Wong results it cites (Theorem 1). Every value below is computed by
// the layered search (solve/layered.h) or, for single positions, the impartial engine;
// the numbers written here are the paper's statements being checked.
#include <fmt/core.h>

#include <functional>
#include <map>
#include <optional>

#include "games/pebbling/c4.h"
#include "games/pebbling/grundy.h"
#include "games/pebbling/threshold.h"
#include "claims/claim.h"
#include "graph/graph.h"

namespace cgtlab::claims {

namespace {

using games::C4Counts;
using games::C4X;
using games::C4Y;
using games::PebblingOutcomes;
using games::Pebbling;

Pebbling complete(int n, int k) { return Pebbling(graph::parse_graph("K" + std::to_string(n)), k); }

std::optional<int> threshold(int n, int k, int bound) {
  games::ThresholdOptions o;
  o.max_total = bound;
  auto r = games::pebbling_threshold(complete(n, k), o);
  if (r.m && !r.consequence_holds) {
    throw std::runtime_error(fmt::format("K{} k={}: the alternation after m fails at total {}", n, k,
                                         *r.consequence_failure));
  }
  return r.m;
}

std::string show(std::optional<int> m) { return m ? std::to_string(*m) : std::string("none"); }

// Checks m(K_n) = expected(n, k) for the listed cells.
Finding thresholds_are(const std::vector<std::pair<int, int>>& cells, int bound,
                       const std::function<std::optional<int>(int, int)>& expected) {
  for (auto [n, k] : cells) {
    auto m = threshold(n, k, bound);
    if (m != expected(n, k)) {
      return {false, fmt::format("K{} k={}: computed {}, stated {} (searched to {})", n, k, show(m),
                                 show(expected(n, k)), bound)};
    }
  }
  return {true, fmt::format("{} cells computed, all as stated (each searched to total {} at least)", cells.size(), bound)};
}

// K_3 positions, sorted a1 >= a2 >= a3, of a given total.
template <class F>
void for_each_k3(int total, F&& f) {
  for (int a3 = 0; 3 * a3 <= total; ++a3)
    for (int a2 = a3; a2 + a2 + a3 <= total; ++a2) f(total - a2 - a3, a2, a3);
}

Pebbling::Position k3(int a1, int a2, int a3) { return Pebbling::Position{static_cast<Pebbling::Count>(a1),
                                                                          static_cast<Pebbling::Count>(a2),
                                                                          static_cast<Pebbling::Count>(a3)}; }

// Runs check(k, outcomes) for k = 1..max_k with the K_3 outcomes up to total 6k+1.
Finding for_k3(int max_k, const std::function<std::optional<std::string>(int, const Pebbling&, const PebblingOutcomes&)>& check,
               const std::string& what) {
  std::uint64_t k_checked = 0;
  for (int k = 1; k <= max_k; ++k) {
    Pebbling rules = complete(3, k);
    PebblingOutcomes outcomes(rules, 6 * k + 2);
    if (auto failure = check(k, rules, outcomes)) return {false, fmt::format("k={}: {}", k, *failure)};
    ++k_checked;
  }
  return {true, fmt::format("{} for k = 1..{}", what, k_checked)};
}

// C4 helpers: every labelled position of total <= max_total.
template <class F>
void for_each_c4(int max_total, F&& f) {
  for (int t = 0; t <= max_total; ++t)
    for (int a = 0; a <= t; ++a)
      for (int b = 0; a + b <= t; ++b)
        for (int c = 0; a + b + c <= t; ++c) f(C4Counts{a, b, c, t - a - b - c});
}

Pebbling::Position c4_position(const C4Counts& a) {
  return Pebbling::Position{static_cast<Pebbling::Count>(a[0]), static_cast<Pebbling::Count>(a[1]),
                            static_cast<Pebbling::Count>(a[2]), static_cast<Pebbling::Count>(a[3])};
}

C4Counts counts(const Pebbling::Position& p) { return {p[0], p[1], p[2], p[3]}; }

std::string show(const C4Counts& a) { return fmt::format("({},{},{},{})", a[0], a[1], a[2], a[3]); }

// Every C4 position of total <= T in `set` has outcome P (want_p) or N.
Finding c4_outcome_on(int max_total, const std::function<bool(const C4Counts&)>& in_set, bool want_p,
                      const std::function<bool(const C4Counts&)>& want_p_fn = nullptr) {
  Pebbling rules(graph::parse_graph("C4"), 1);
  PebblingOutcomes outcomes(rules, max_total);
  std::uint64_t n = 0;
  std::optional<std::string> failure;
  for_each_c4(max_total, [&](const C4Counts& a) {
    if (failure || !in_set(a)) return;
    ++n;
    bool expected = want_p_fn ? want_p_fn(a) : want_p;
    if (outcomes.is_p(c4_position(a)) != expected) {
      failure = fmt::format("{} is {}, stated {}", show(a), expected ? "N" : "P", expected ? "P" : "N");
    }
  });
  if (failure) return {false, *failure};
  return {true, fmt::format("{} positions of the set with total <= {} checked", n, max_total)};
}

bool in_any(const C4Counts& a, std::initializer_list<C4X> xs) {
  for (C4X x : xs)
    if (games::in_x(x, a)) return true;
  return false;
}

const std::initializer_list<C4X> kAbabAabcAaab = {C4X::ABAB, C4X::AABC, C4X::AAAB};
const std::initializer_list<C4X> kAabbAbac = {C4X::AABB_hat, C4X::ABAC};

// ---------------------------------------------------------------- complete graphs

// The paper's Table 1, rows n = 3..10, columns k = 1..6 (0: empty cell).
constexpr int kTable1[8][6] = {
    {7, 13, 19, 25, 31, 37},  {23, 21, 0, 35, 0, 49},  {7, 15, 21, 27, 33, 39}, {13, 21, 35, 37, 59, 53},
    {9, 17, 25, 33, 41, 51}, {15, 25, 41, 45, 61, 65}, {11, 21, 31, 41, 51, 61}, {17, 29, 45, 53, 71, 77},
};

Finding table1(const RunOptions& o) {
  games::ThresholdOptions opt;
  opt.max_total = o.deep ? 2000 : 120;
  auto table = games::complete_graph_thresholds(3, 10, 1, 6, opt);
  int agree = 0;
  for (int n = 3; n <= 10; ++n) {
    for (int k = 1; k <= 6; ++k) {
      const auto& c = table.at(n, k);
      std::optional<int> stated;
      if (kTable1[n - 3][k - 1] != 0) stated = kTable1[n - 3][k - 1];
      if (c.m != stated)
        return {false, fmt::format("n={} k={}: computed {}, Table 1 says {}", n, k, show(c.m), show(stated))};
      if (c.m && !c.consequence_holds)
        return {false, fmt::format("n={} k={}: alternation after m fails at {}", n, k, *c.consequence_failure)};
      ++agree;
    }
  }
  return {true, fmt::format("{} cells computed and equal to Table 1 (empty cells: no m up to {})", agree, opt.max_total)};
}

// The small cells again: every class up to total m+1 by the impartial engine, position by
// position, against the layered search; the first all-N total must be m.
Finding table1_brute(const RunOptions& o) {
  std::uint64_t checked = 0;
  for (int n = 3; n <= (o.deep ? 7 : 6); ++n) {
    for (int k = 1; k <= (o.deep ? 5 : 4); ++k) {
      auto m = threshold(n, k, 120);
      if (!m) continue;  // the empty cells have no finite range to check
      Pebbling rules = complete(n, k);
      PebblingOutcomes layered(rules, *m + 1);
      games::PebblingOutcomeOracle brute(rules);
      std::optional<int> first_all_n;
      for (int t = 0; t <= *m + 1; ++t) {
        bool any_p = false;
        std::optional<std::string> failure;
        rules.for_each_class(t, [&](const Pebbling::Position& p) {
          ++checked;
          bool is_p = brute.is_p(p);
          any_p = any_p || is_p;
          if (!failure && is_p != layered.is_p(p)) failure = rules.to_string(p);
        });
        if (failure) return {false, fmt::format("K{} k={}: the two methods disagree on {}", n, k, *failure)};
        if (!any_p && !first_all_n) first_all_n = t;
      }
      if (first_all_n != m)
        return {false, fmt::format("K{} k={}: Grundy values give m = {}, the layered search {}", n, k,
                                   show(first_all_n), *m)};
    }
  }
  return {true, fmt::format("{} classes: the impartial engine and the layered search agree, and give the same m", checked)};
}

Finding theorem1a(const RunOptions& o) {
  const int bound = o.deep ? 3000 : 200;
  Pebbling rules = complete(2, 1);
  PebblingOutcomes outcomes(rules, bound);
  for (int m = 0; m <= bound; ++m) {
    for (int a1 = 0; a1 <= m; ++a1) {
      int a2 = m - a1;
      bool same = (a1 - a2) % 3 == 0;
      bool stated_n = m % 2 == 0 ? !same : same;
      bool is_n = !outcomes.is_p(Pebbling::Position{static_cast<Pebbling::Count>(a1), static_cast<Pebbling::Count>(a2)});
      if (is_n != stated_n) return {false, fmt::format("({},{}) is {}", a1, a2, is_n ? "N" : "P")};
    }
  }
  if (auto m = threshold(2, 1, bound)) return {false, fmt::format("m(K_2) = {} found", *m)};
  return {true, fmt::format("every position of total <= {} as stated; no m up to {}", bound, bound)};
}

Finding theorem1b(const RunOptions&) { return thresholds_are({{3, 1}}, 120, [](int, int) { return 7; }); }
Finding theorem1c(const RunOptions&) { return thresholds_are({{4, 1}}, 120, [](int, int) { return 23; }); }

Finding theorem1d(const RunOptions& o) {
  std::vector<std::pair<int, int>> cells;
  for (int n = 5; n <= (o.deep ? 15 : 11); n += 2) cells.push_back({n, 1});
  return thresholds_are(cells, 120, [](int n, int) { return n + 2; });
}

Finding theorem1e(const RunOptions& o) {
  std::vector<std::pair<int, int>> cells;
  for (int n = 6; n <= (o.deep ? 16 : 12); n += 2) cells.push_back({n, 1});
  return thresholds_are(cells, 120, [](int n, int) { return n + 7; });
}

Finding theorem2(const RunOptions& o) {
  const int max_k = o.deep ? 40 : 12;
  std::vector<std::pair<int, int>> cells;
  for (int k = 1; k <= max_k; ++k) cells.push_back({3, k});
  return thresholds_are(cells, 6 * max_k + 10, [](int, int k) { return 6 * k + 1; });
}

Finding conjecture3(const RunOptions& o) {
  const int bound = o.deep ? 3000 : 600;
  const int max_k = o.deep ? 21 : 11;
  for (int k = 3; k <= max_k; k += 2)
    if (auto m = threshold(4, k, bound)) return {false, fmt::format("k={}: m(K_4) = {}", k, *m)};
  return {true, fmt::format("odd k = 3..{}: every total up to {} has a P-position (the conjecture holds that far; not "
                            "a proof)",
                            max_k, bound)};
}

// ---------------------------------------------------------------- K_3, Section 2
// Each check below runs for k = 1..8 (deep 1..24) on the K_3 outcomes up to total 6k+1 and
// returns the first failure for that k.
int k3_max(const RunOptions& o) { return o.deep ? 24 : 8; }

std::optional<std::string> p_set_6k_minus_1(int k, const Pebbling&, const PebblingOutcomes& out) {
  std::vector<std::string> ps;
  for_each_k3(6 * k - 1, [&](int a1, int a2, int a3) {
    if (out.is_p(k3(a1, a2, a3))) ps.push_back(fmt::format("{{{},{},{}}}", a1, a2, a3));
  });
  std::string stated = fmt::format("{{{},{},{}}}", 4 * k + 1, k - 1, k - 1);
  if (ps.size() == 1 && ps[0] == stated) return std::nullopt;
  std::string got;
  for (auto& s : ps) got += s + " ";
  return "P-set of total 6k-1 is " + got + "; stated " + stated;
}

std::optional<std::string> lemma4_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  if (!out.is_p(k3(2 * k + 3, 0, 0))) return fmt::format("{{{},0,0}} is N", 2 * k + 3);
  return std::nullopt;
}

std::optional<std::string> lemma5_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  for (int l = 0; l <= k - 1; ++l)
    for (int l1 = 0; 2 * l1 <= l; ++l1) {
      int l2 = l - l1;
      if (!out.is_p(k3(2 * k - 1 - l, k - l1, k - l2)))
        return fmt::format("{{{},{},{}}} is N", 2 * k - 1 - l, k - l1, k - l2);
    }
  return std::nullopt;
}

std::optional<std::string> lemma6_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  if (!out.is_p(k3(4 * k + 1, k - 1, k - 1))) return std::string("{4k+1,k-1,k-1} is N");
  return std::nullopt;
}

std::optional<std::string> lemma7_k(int k, const Pebbling& rules, const PebblingOutcomes&) {
  std::optional<std::string> failure;
  for (int l = 0; l <= 2 * k - 1 && !failure; ++l) {
    for_each_k3(6 * k - 2 * l, [&](int a1, int a2, int a3) {
      if (failure || a1 < k + 1 || a1 > 3 * k - l) return;
      auto p = k3(a1, a2, a3);
      for (const auto& after_a : rules.options(p)) {
        bool reply = false;
        for (const auto& after_b : rules.options(after_a)) {
          int mx = std::max({after_b[0], after_b[1], after_b[2]});
          if (mx <= 3 * k - l - 1) reply = true;
        }
        if (!reply)
          failure = fmt::format("{{{},{},{}}} -> {}: no reply keeps the maximum <= {}", a1, a2, a3,
                                rules.to_string(after_a), 3 * k - l - 1);
      }
    });
  }
  return failure;
}

std::optional<std::string> lemma8_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  std::optional<std::string> failure;
  for (int l = 0; l <= 2 * k - 1; ++l)
    for_each_k3(6 * k - 2 * l, [&](int a1, int a2, int a3) {
      if (!failure && a1 <= 3 * k - l && !out.is_p(k3(a1, a2, a3))) failure = fmt::format("{{{},{},{}}} is N", a1, a2, a3);
    });
  return failure;
}

std::optional<std::string> lemma9_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  std::optional<std::string> failure;
  for (int l = 1; l <= 2 * k - 1; ++l)
    for_each_k3(6 * k - 2 * l + 1, [&](int a1, int a2, int a3) {
      if (!failure && a1 <= 4 * k - l + 1 && a3 <= 2 * k - l && out.is_p(k3(a1, a2, a3)))
        failure = fmt::format("{{{},{},{}}} is P", a1, a2, a3);
    });
  return failure;
}

std::optional<std::string> corollary10_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  std::optional<std::string> failure;
  for_each_k3(6 * k - 1, [&](int a1, int a2, int a3) {
    if (!failure && a1 <= 4 * k && out.is_p(k3(a1, a2, a3))) failure = fmt::format("{{{},{},{}}} is P", a1, a2, a3);
  });
  return failure;
}

std::optional<std::string> lemma11_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  for (int l = 1; l <= k - 1; ++l) {
    int total = 6 * k - 2 * l + 1;
    for (int a2 = 0; a2 <= k; ++a2)
      if (out.is_p(k3(total - a2, a2, 0))) return fmt::format("{{{},{},0}} is P", total - a2, a2);
  }
  return std::nullopt;
}

std::optional<std::string> lemma12_k(int k, const Pebbling&, const PebblingOutcomes& out) {
  std::optional<std::string> failure;
  for_each_k3(6 * k - 1, [&](int a1, int a2, int a3) {
    bool excluded = a1 == 4 * k + 1 && a2 == k - 1 && a3 == k - 1;
    if (!failure && a1 >= 4 * k + 1 && !excluded && out.is_p(k3(a1, a2, a3)))
      failure = fmt::format("{{{},{},{}}} is P", a1, a2, a3);
  });
  return failure;
}

Finding section2_p(const RunOptions& o) {
  return for_k3(k3_max(o), p_set_6k_minus_1, "P_{6k-1} is exactly the class {4k+1,k-1,k-1}");
}
Finding lemma4(const RunOptions& o) { return for_k3(k3_max(o), lemma4_k, "{2k+3,0,0} is P"); }
Finding lemma5(const RunOptions& o) { return for_k3(k3_max(o), lemma5_k, "every stated class is P"); }
Finding lemma6(const RunOptions& o) { return for_k3(k3_max(o), lemma6_k, "{4k+1,k-1,k-1} is P"); }
Finding lemma7(const RunOptions& o) { return for_k3(k3_max(o), lemma7_k, "every move has such a reply"); }
Finding lemma8(const RunOptions& o) { return for_k3(k3_max(o), lemma8_k, "every such position is P"); }
Finding lemma9(const RunOptions& o) { return for_k3(k3_max(o), lemma9_k, "every such position is N"); }
Finding corollary10(const RunOptions& o) { return for_k3(k3_max(o), corollary10_k, "every such position is N"); }
Finding lemma11(const RunOptions& o) { return for_k3(k3_max(o), lemma11_k, "every such position is N"); }
Finding lemma12(const RunOptions& o) { return for_k3(k3_max(o), lemma12_k, "every such position is N"); }

// ---------------------------------------------------------------- C4, Section 3
int c4_bound(const RunOptions& o) { return o.deep ? 100 : 40; }

Finding remark13(const RunOptions& o) {
  std::uint64_t n = 0;
  std::optional<std::string> failure;
  for_each_c4(c4_bound(o), [&](const C4Counts& a) {
    if (failure) return;
    ++n;
    int xs = 0;
    for (C4X x : {C4X::AABB_hat, C4X::ABAC, C4X::ABAB, C4X::AABC, C4X::AAAB}) xs += games::in_x(x, a);
    bool odd = (a[0] + a[1] + a[2] + a[3]) % 2 == 1;
    int odd_ys = games::in_y(C4Y::AABC, a) + games::in_y(C4Y::ABAC_hat, a);
    int even_ys = games::in_y(C4Y::ABAB_hat, a) + games::in_y(C4Y::ABAB_hat_c, a);
    int ys = odd ? odd_ys : even_ys;
    if (xs != 1 || ys != 1 || (odd ? even_ys : odd_ys) != 0)
      failure = fmt::format("{} lies in {} X sets and {} Y sets of its parity", show(a), xs, ys);
  });
  if (failure) return {false, *failure};
  return {true, fmt::format("{} positions, each in exactly one X set and one Y set", n)};
}

Finding lemma14(const RunOptions& o) {
  Pebbling rules(graph::parse_graph("C4"), 1);
  std::uint64_t n = 0;
  std::optional<std::string> failure;
  for_each_c4(c4_bound(o), [&](const C4Counts& a) {
    if (failure) return;
    auto x = games::x_class(a);
    for (const auto& m : rules.moves(c4_position(a))) {
      int j = m.from, eps = ((m.to - m.from) % 4 + 4) % 4 == 1 ? 1 : -1;
      auto after = rules.apply(c4_position(a), m);
      // Rotational symmetric: v_{j+2} -> v_{j-eps}; reflectional: v_{j-eps} -> v_{j+2}.
      int j2 = (j + 2) % 4, jm = ((j - eps) % 4 + 4) % 4;
      for (Pebbling::Move reply : {Pebbling::Move{j2, jm}, Pebbling::Move{jm, j2}}) {
        if (after[reply.from] < 2) continue;
        ++n;
        if (games::x_class(counts(rules.apply(after, reply))) != x)
          failure = fmt::format("{}: move {}->{}, reply {}->{} leaves its X set", show(a), m.from, m.to, reply.from,
                                reply.to);
      }
    }
  });
  if (failure) return {false, *failure};
  return {true, fmt::format("{} move-reply pairs checked", n)};
}

Finding lemma15(const RunOptions& o) {
  Pebbling rules(graph::parse_graph("C4"), 1);
  std::uint64_t n = 0;
  std::optional<std::string> failure;
  for_each_c4(c4_bound(o), [&](const C4Counts& a) {
    if (failure) return;
    bool first = in_any(a, kAabbAbac);
    for (const auto& q : rules.options(c4_position(a))) {
      ++n;
      if (in_any(counts(q), kAabbAbac) != first) failure = fmt::format("{} -> {} changes side", show(a), show(counts(q)));
    }
  });
  if (failure) return {false, *failure};
  return {true, fmt::format("{} moves checked", n)};
}

bool in_aabb_abac(const C4Counts& a) { return in_any(a, kAabbAbac); }
bool even_total(const C4Counts& a) { return (a[0] + a[1] + a[2] + a[3]) % 2 == 0; }
bool in_y_abab_hat(const C4Counts& a) { return games::in_y(C4Y::ABAB_hat, a); }
bool in_y_aabc(const C4Counts& a) { return games::in_y(C4Y::AABC, a); }
bool in_theorem18_set(const C4Counts& a) { return in_any(a, kAbabAabcAaab) && games::in_y(C4Y::ABAC_hat, a); }
bool in_theorem20_set(const C4Counts& a) { return in_any(a, kAbabAabcAaab) && games::in_y(C4Y::ABAB_hat_c, a); }

Finding theorem16(const RunOptions& o) { return c4_outcome_on(c4_bound(o), in_aabb_abac, true, even_total); }
Finding theorem17(const RunOptions& o) { return c4_outcome_on(c4_bound(o), in_y_abab_hat, true); }
Finding theorem18(const RunOptions& o) { return c4_outcome_on(c4_bound(o), in_theorem18_set, true); }
Finding theorem19(const RunOptions& o) { return c4_outcome_on(c4_bound(o), in_y_aabc, false); }
Finding theorem20(const RunOptions& o) { return c4_outcome_on(c4_bound(o), in_theorem20_set, false); }

Finding table5(const RunOptions& o) {
  Pebbling rules(graph::parse_graph("C4"), 1);
  auto c = games::classify_c4(rules, c4_bound(o));
  if (c.mismatches || c.partition_failures)
    return {false, fmt::format("{} positions disagree with Table 5, {} outside the partition; first {}", c.mismatches,
                               c.partition_failures, rules.to_string(*c.first_mismatch))};
  games::ThresholdOptions opt;
  opt.max_total = c4_bound(o);
  if (auto m = games::pebbling_threshold(rules, opt).m) return {false, fmt::format("m(C4) = {}", *m)};
  return {true, fmt::format("{} positions, all 20 cells as in Table 5; no m up to {}", c.positions, c4_bound(o))};
}

}  // namespace

void add_claims_000(std::vector<Claim>& out) {
  const std::string k3 = "k = 1..8", k3_deep = "k = 1..24";
  const std::string c4 = "every C4 position of total <= 40", c4_deep = "total <= 100";
  out.insert(out.end(), {
      // id, source, item, statement, range, deep range, erratum, check
      {"000.Table1", "000", "Table 1",
       "m^(k+1:k)(K_n) for 3<=n<=10, 1<=k<=6 is as tabulated; the n=4, k=3 and k=5 cells are empty",
       "all 48 cells, empty cells searched to total 120", "same, empty cells to total 2000", "", table1},
      {"000.Table1.brute", "000", "Table 1 (second method)",
       "the small cells of Table 1 again, by the impartial engine position by position",
       "n = 3..6, k = 1..4: every class up to total m+1 by Grundy values", "n = 3..7, k = 1..5", "", table1_brute},
      {"000.T1a", "000", "Theorem 1 (a)",
       "on K_2 (k=1) a position of even total is N iff a1 != a2 (mod 3), of odd total N iff a1 = a2 (mod 3); hence "
       "m(K_2) does not exist",
       "every position of total <= 200", "total <= 3000", "", theorem1a},
      {"000.T1b", "000", "Theorem 1 (b)", "m^(2:1)(K_3) = 7", "K_3", "", "", theorem1b},
      {"000.T1c", "000", "Theorem 1 (c)", "m^(2:1)(K_4) = 23", "K_4", "", "", theorem1c},
      {"000.T1d", "000", "Theorem 1 (d)", "m^(2:1)(K_n) = n+2 for every odd n >= 5", "odd n = 5..11", "odd n = 5..15", "",
       theorem1d},
      {"000.T1e", "000", "Theorem 1 (e)", "m^(2:1)(K_n) = n+7 for every even n >= 6", "even n = 6..12",
       "even n = 6..16", "", theorem1e},
      {"000.T2", "000", "Theorem 2", "m^(k+1:k)(K_3) = 6k+1 for every k >= 1", "k = 1..12", "k = 1..40", "", theorem2},
      {"000.C3", "000", "Conjecture 3", "m^(k+1:k)(K_4) does not exist for odd k >= 3",
       "odd k = 3..11, no m up to total 600", "odd k = 3..21, no m up to total 3000", "", conjecture3},

      {"000.S2.P", "000", "Section 2 (proof of Theorem 2)", "P_{6k-1} = Gamma{4k+1, k-1, k-1} on K_3", k3, k3_deep, "",
       section2_p},
      {"000.L4", "000", "Lemma 4", "Gamma{2k+3, 0, 0} is a P-game on K_3", k3, k3_deep, "", lemma4},
      {"000.L5", "000", "Lemma 5", "Gamma{2k-1-l, k-l1, k-l2} is P for 0 <= l <= k-1, l1 <= l2, l1+l2 = l (K_3)", k3,
       k3_deep, "", lemma5},
      {"000.L6", "000", "Lemma 6", "Gamma{4k+1, k-1, k-1} is a P-game on K_3", k3, k3_deep, "", lemma6},
      {"000.L7", "000", "Lemma 7",
       "total 6k-2l (0<=l<=2k-1), k+1 <= a1 <= 3k-l: after any move, B has a reply leaving every vertex <= 3k-l-1 (K_3)",
       k3, k3_deep, "", lemma7},
      {"000.L8", "000", "Lemma 8", "total 6k-2l (0<=l<=2k-1) and a1 <= 3k-l: a P-game (K_3)", k3, k3_deep, "", lemma8},
      {"000.L9", "000", "Lemma 9", "total 6k-2l+1 (1<=l<=2k-1), a1 <= 4k-l+1, a3 <= 2k-l: an N-game (K_3)", k3, k3_deep,
       "", lemma9},
      {"000.C10", "000", "Corollary 10", "total 6k-1 and a1 <= 4k: an N-game (K_3)", k3, k3_deep, "", corollary10},
      {"000.L11", "000", "Lemma 11", "Gamma{a1, a2, 0} of total 6k-2l+1 (1<=l<=k-1) with a2 <= k: an N-game (K_3)", k3,
       k3_deep, "", lemma11},
      {"000.L12", "000", "Lemma 12", "total 6k-1, a1 >= 4k+1, not Gamma{4k+1,k-1,k-1}: an N-game (K_3)", k3, k3_deep, "",
       lemma12},

      {"000.R13", "000", "Remark 13",
       "the five X sets partition all C4 positions; Y_aabc, Y^_abac partition odd totals and Y^_abab, (Y^_abab)^c even "
       "totals",
       c4, c4_deep, "", remark13},
      {"000.L14", "000", "Lemma 14",
       "each X set is invariant under a move followed by a rotational symmetric or reflectional reply (C4)", c4, c4_deep,
       "", lemma14},
      {"000.L15", "000", "Lemma 15",
       "X^_aabb u X_abac and X_aaab u X_abab u X_aabc are each closed under pebbling moves (C4)", c4, c4_deep, "",
       lemma15},
      {"000.T16", "000", "Theorem 16", "on C4 (k=1), a position in X^_aabb u X_abac is P iff its total is even", c4,
       c4_deep, "", theorem16},
      {"000.T17", "000", "Theorem 17", "on C4 (k=1), every position in Y^_abab is P", c4, c4_deep, "", theorem17},
      {"000.T18", "000", "Theorem 18", "on C4 (k=1), every position in (X_abab u X_aabc u X_aaab) n Y^_abac is P", c4,
       c4_deep, "", theorem18},
      {"000.T19", "000", "Theorem 19", "on C4 (k=1), every position in Y_aabc is N", c4, c4_deep, "", theorem19},
      {"000.T20", "000", "Theorem 20", "on C4 (k=1), every position in (X_abab u X_aabc u X_aaab) n (Y^_abab)^c is N",
       c4, c4_deep, "", theorem20},
      {"000.Table5", "000", "Table 5",
       "the (2:1) game on C4 is classified by the X (mod 3) and Y (mod 4) classes as in Table 5; hence m^(2:1)(C4) does "
       "not exist",
       c4, c4_deep, "", table5},
  });
}

}  // namespace cgtlab::claims
