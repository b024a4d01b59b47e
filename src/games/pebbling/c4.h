// The (2:1)-pebbling game on the 4-cycle v0 v1 v2 v3 (seed 000, Section 3): the residue
// classes X (counts mod 3) and Y (counts mod 4) of the paper, taken literally from its
// definitions, and Table 5, which says which (Y, X) cells are P. classify_c4 compares
// Table 5 with the layered search on every labelled position up to a total.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/pebbling/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

using C4Counts = std::array<int, 4>;  // a_0..a_3, v_i adjacent to v_{i+1} (indices mod 4)

// Table 5's column order.
enum class C4X { AABB_hat, ABAC, ABAB, AABC, AAAB };
// Table 5's row order. ABAB_hat_c: even total and not in ABAB_hat.
enum class C4Y { ABAB_hat, ABAB_hat_c, ABAC_hat, AABC };
std::string to_string(C4X x);  // "X^_aabb", "X_abac", ...
std::string to_string(C4Y y);  // "Y^_abab", "(Y^_abab)^c", ...
// The paper's names in LaTeX math mode (without $): "\\hat{X}_{aabb}", "(\\hat{Y}_{abab})^{c}", ...
std::string to_latex(C4X x);
std::string to_latex(C4Y y);

// Membership in each set, straight from the definitions ("for some i").
bool in_x(C4X x, const C4Counts& a);
bool in_y(C4Y y, const C4Counts& a);
// The unique class (Remark 13: the X sets partition all positions, the Y sets partition
// each parity); nullopt if a position lies in none or in two (Remark 13 fails).
std::optional<C4X> x_class(const C4Counts& a);
std::optional<C4Y> y_class(const C4Counts& a);
// Table 5 of the paper: is the cell (y, x) a P cell?
bool table5_says_p(C4Y y, C4X x);

struct C4Cell {
  C4Y y;
  C4X x;
  std::string y_name, x_name;
  bool predicted_p = false;     // Table 5
  std::uint64_t positions = 0;  // labelled positions in the cell
  std::uint64_t p_positions = 0;
  std::uint64_t mismatches = 0;  // search disagrees with Table 5
};

struct C4Classification {
  int max_total = 0;
  std::uint64_t positions = 0;
  std::uint64_t mismatches = 0;
  std::uint64_t partition_failures = 0;  // positions not in exactly one X and one Y class
  std::optional<games::Pebbling::Position> first_mismatch;
  std::vector<C4Cell> cells;  // 20 cells, rows Y, columns X, in Table 5 order
};

// Throws InputError unless rules is the (2:1) game on C4 numbered around the cycle.
C4Classification classify_c4(const games::Pebbling& rules, int max_total, const solve::SearchLimits& limits = {});
std::string format_c4_classification(const C4Classification& c);

}  // namespace cgtlab::games
