#include "games/pebbling/c4.h"

#include <fmt/core.h>

#include "games/pebbling/threshold.h"
#include "util/error.h"

namespace cgtlab::games {

namespace {

constexpr std::array<C4X, 5> kXs = {C4X::AABB_hat, C4X::ABAC, C4X::ABAB, C4X::AABC, C4X::AAAB};
constexpr std::array<C4Y, 4> kYs = {C4Y::ABAB_hat, C4Y::ABAB_hat_c, C4Y::ABAC_hat, C4Y::AABC};

int md(int v, int q) { return ((v % q) + q) % q; }

// Residues of a_{i+d} (indices mod 4).
struct Residues {
  std::array<int, 4> r;
  int operator()(int i) const { return r[md(i, 4)]; }
};

Residues residues(const C4Counts& a, int q) { return {{md(a[0], q), md(a[1], q), md(a[2], q), md(a[3], q)}}; }

bool distinct3(int a, int b, int c) { return a != b && b != c && a != c; }

}  // namespace

std::string to_string(C4X x) {
  switch (x) {
    case C4X::AABB_hat: return "X^_aabb";
    case C4X::ABAC: return "X_abac";
    case C4X::ABAB: return "X_abab";
    case C4X::AABC: return "X_aabc";
    case C4X::AAAB: return "X_aaab";
  }
  return "?";
}

std::string to_string(C4Y y) {
  switch (y) {
    case C4Y::ABAB_hat: return "Y^_abab";
    case C4Y::ABAB_hat_c: return "(Y^_abab)^c";
    case C4Y::ABAC_hat: return "Y^_abac";
    case C4Y::AABC: return "Y_aabc";
  }
  return "?";
}

std::string to_latex(C4X x) {
  switch (x) {
    case C4X::AABB_hat: return "\\hat{X}_{aabb}";
    case C4X::ABAC: return "X_{abac}";
    case C4X::ABAB: return "X_{abab}";
    case C4X::AABC: return "X_{aabc}";
    case C4X::AAAB: return "X_{aaab}";
  }
  return "?";
}

std::string to_latex(C4Y y) {
  switch (y) {
    case C4Y::ABAB_hat: return "\\hat{Y}_{abab}";
    case C4Y::ABAB_hat_c: return "(\\hat{Y}_{abab})^{c}";
    case C4Y::ABAC_hat: return "\\hat{Y}_{abac}";
    case C4Y::AABC: return "Y_{aabc}";
  }
  return "?";
}

bool in_x(C4X x, const C4Counts& a) {
  const Residues r = residues(a, 3);
  switch (x) {
    case C4X::AAAB:  // a_i = a_{i+1} = a_{i+2} != a_{i-1}, some i in {0,1,2,3}
      for (int i = 0; i < 4; ++i)
        if (r(i) == r(i + 1) && r(i + 1) == r(i + 2) && r(i + 2) != r(i - 1)) return true;
      return false;
    case C4X::ABAB:  // (a_0 = a_2) != (a_1 = a_3)
      return r(0) == r(2) && r(1) == r(3) && r(0) != r(1);
    case C4X::AABC:  // a_i = a_{i+1}, and a_i, a_{i+2}, a_{i-1} distinct, some i in {0,1,2,3}
      for (int i = 0; i < 4; ++i)
        if (r(i) == r(i + 1) && distinct3(r(i), r(i + 2), r(i - 1))) return true;
      return false;
    case C4X::ABAC:  // a_i = a_{i+2}, and a_i, a_{i+1}, a_{i-1} distinct, some i in {0,1}
      for (int i = 0; i < 2; ++i)
        if (r(i) == r(i + 2) && distinct3(r(i), r(i + 1), r(i - 1))) return true;
      return false;
    case C4X::AABB_hat:  // a_i = a_{i+1} and a_{i+2} = a_{i-1}, some i in {0,1}
      for (int i = 0; i < 2; ++i)
        if (r(i) == r(i + 1) && r(i + 2) == r(i - 1)) return true;
      return false;
  }
  return false;
}

bool in_y(C4Y y, const C4Counts& a) {
  const Residues s = residues(a, 4);
  switch (y) {
    case C4Y::AABC:  // a_{i+2} = a_i + 2 and a_{i+1} = a_{i-1} + 1 (mod 4), some i
      for (int i = 0; i < 4; ++i)
        if (s(i + 2) == md(s(i) + 2, 4) && s(i + 1) == md(s(i - 1) + 1, 4)) return true;
      return false;
    case C4Y::ABAC_hat:  // a_i = a_{i+2} and a_{i+1} = a_{i-1} + 1 (mod 4), some i
      for (int i = 0; i < 4; ++i)
        if (s(i) == s(i + 2) && s(i + 1) == md(s(i - 1) + 1, 4)) return true;
      return false;
    case C4Y::ABAB_hat:  // a_0 = a_2 and a_1 = a_3 (mod 4)
      return s(0) == s(2) && s(1) == s(3);
    case C4Y::ABAB_hat_c:  // even total, not in Y^_abab
      return (a[0] + a[1] + a[2] + a[3]) % 2 == 0 && !in_y(C4Y::ABAB_hat, a);
  }
  return false;
}

std::optional<C4X> x_class(const C4Counts& a) {
  std::optional<C4X> found;
  for (C4X x : kXs) {
    if (!in_x(x, a)) continue;
    if (found) return std::nullopt;
    found = x;
  }
  return found;
}

std::optional<C4Y> y_class(const C4Counts& a) {
  std::optional<C4Y> found;
  for (C4Y y : kYs) {
    if (!in_y(y, a)) continue;
    if (found) return std::nullopt;
    found = y;
  }
  return found;
}

bool table5_says_p(C4Y y, C4X x) {
  // Table 5 of the paper, rows Y^_abab, (Y^_abab)^c, Y^_abac, Y_aabc;
  // columns X^_aabb, X_abac, X_abab, X_aabc, X_aaab.
  static constexpr bool kTable5[4][5] = {
      {true, true, true, true, true},
      {true, true, false, false, false},
      {false, false, true, true, true},
      {false, false, false, false, false},
  };
  return kTable5[static_cast<int>(y)][static_cast<int>(x)];
}

C4Classification classify_c4(const games::Pebbling& rules, int max_total, const solve::SearchLimits& limits) {
  const auto& g = rules.graph();
  bool cycle = g.order() == 4 && g.edge_count() == 4;
  for (int i = 0; cycle && i < 4; ++i) cycle = g.has_edge(i, (i + 1) % 4);
  if (!cycle) throw InputError("classify needs C4 with its vertices numbered around the cycle (--graph C4)");
  if (rules.k() != 1) throw InputError("classify: the residue classes of Table 5 are for the (2:1) game (--k 1)");
  if (max_total < 0 || max_total > 400) throw InputError("--max-total must be between 0 and 400 for classify");
  PebblingOutcomes outcomes(rules, max_total, limits);
  C4Classification out;
  out.max_total = max_total;
  for (C4Y y : kYs) {
    for (C4X x : kXs) {
      out.cells.push_back({y, x, to_string(y), to_string(x), table5_says_p(y, x), 0, 0, 0});
    }
  }
  for (int t = 0; t <= max_total; ++t) {
    rules.for_each_labelled(t, [&](const games::Pebbling::Position& p) {
      ++out.positions;
      C4Counts a = {p[0], p[1], p[2], p[3]};
      auto x = x_class(a);
      auto y = y_class(a);
      if (!x || !y) {
        ++out.partition_failures;
        if (!out.first_mismatch) out.first_mismatch = p;
        return;
      }
      C4Cell& cell = out.cells[static_cast<int>(*y) * 5 + static_cast<int>(*x)];
      ++cell.positions;
      bool p_pos = outcomes.is_p(p);
      if (p_pos) ++cell.p_positions;
      if (p_pos != cell.predicted_p) {
        ++cell.mismatches;
        ++out.mismatches;
        if (!out.first_mismatch) out.first_mismatch = p;
      }
    });
  }
  return out;
}

std::string format_c4_classification(const C4Classification& c) {
  std::string s = fmt::format("(2:1)-pebbling on C4, every labelled position of total 0..{} ({} positions)\n",
                              c.max_total, c.positions);
  s += "cell: Table 5's outcome, then P-positions/positions found by the search\n";
  s += fmt::format("{:<13}", "");
  for (int x = 0; x < 5; ++x) s += fmt::format("{:>16}", c.cells[x].x_name);
  s += '\n';
  for (std::size_t y = 0; y < 4; ++y) {
    s += fmt::format("{:<13}", c.cells[y * 5].y_name);
    for (std::size_t x = 0; x < 5; ++x) {
      const C4Cell& cell = c.cells[y * 5 + x];
      std::string v = fmt::format("{} {}/{}", cell.predicted_p ? "P" : "N", cell.p_positions, cell.positions);
      if (cell.mismatches) v += fmt::format(" !{}", cell.mismatches);
      s += fmt::format("{:>16}", v);
    }
    s += '\n';
  }
  if (c.mismatches == 0 && c.partition_failures == 0) {
    s += "Table 5 agrees with the search on every position.\n";
  } else {
    s += fmt::format("MISMATCHES: {} positions disagree with Table 5, {} outside the partition of Remark 13\n",
                     c.mismatches, c.partition_failures);
  }
  return s;
}

}  // namespace cgtlab::games
