// The value algorithm of the FLIPPING COINS chapter (seed 003, Section 3), implemented
// separately from the search so that each checks the other (Theorem 3.3).
//
//  Step 2, reductions (Lemmas 4.3, 4.4): replace 0111 by 10 when
//    (a) it is followed by a 1:  alpha 0 1^(3+j) beta -> alpha 1 0 1^j beta, j >= 1;
//    (b) it is followed by beta with an even number of 1s (beta may be empty);
//    repeat until neither applies (we always rewrite the rightmost applicable 0111).
//  Step 3, ordinal-sum decomposition (Lemma 4.5): while G_i = alpha 0 1^a 0^p 1 0^q 1 with
//    a > 0, p + q >= 1, cut off Q_i = 0^p 1 0^q 1 and continue with G_(i+1) = alpha 0 1^a.
//  Step 5, the base (Lemma 4.6): 0^r 1 = -r;  1^a 0^p 1 0^q 1 = floor(a/2) + 1/2^(2p+q).
//  Step 6: v_j = v_(j+1) : 1/2^(2p_j + q_j - 1), down to v_0, the value of G.
// Ordinal sums are of numbers in canonical form (coins_ordinal_sum.h), exact at any length:
// the whole computation is O(n^2) string work plus O(n) sign manipulations.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "games/coins/fixed.h"
#include "cgt/dyadic.h"

namespace cgtlab::games {

struct CoinsReduction {
  char rule = 'a';      // 'a' or 'b' (Step 2(a) or 2(b))
  int position = 0;     // 1-based position of the 0 of the rewritten 0111
  std::string before;   // the line before the step
  std::string after;    // and after it (trailing zeros deleted)
};

// One cut of Step 3: Q_i = 0^p 1 0^q 1, exponent 1/2^(2p+q-1).
struct CoinsOrdinalTerm {
  std::string piece;   // Q_i
  int p = 0, q = 0;
  int a = 0;           // the run 1^a left at the end of G_(i+1)
  unsigned long exponent_power = 0;  // 2p + q - 1
};

struct CoinsAlgorithmResult {
  std::string input;                       // after deleting trailing zeros
  std::vector<CoinsReduction> reductions;  // Step 2 (only when traced)
  std::string reduced;                     // G_0 after Step 2
  std::vector<CoinsOrdinalTerm> terms;     // Q_0, Q_1, ..., Q_(i-1)
  std::string base;                        // G_i
  bool base_is_zeros_then_one = false;     // 0^r 1 (else 1^a 0^p 1 0^q 1)
  int base_r = 0, base_a = 0, base_p = 0, base_q = 0;
  std::string signs;                       // sign expansion of v_0
  // Filled when traced: v_i (the base), v_(i-1), ..., v_0.
  std::vector<cgt::Dyadic> partial_values;
  cgt::Dyadic base_value;
  cgt::Dyadic value;                       // v_0

  // "101(011)(000101)(0011)": G_i then Q_(i-1) ... Q_0, as in the paper.
  std::string partition() const;
  // "((1/2 : 1/2) : 1/64) : 1/8".
  std::string ordinal_sum_text() const;
};

// Runs the algorithm on a 0-1 string (validated by games::FlippingCoins::parse).
// With trace = false it skips recording the steps and the partial values.
// Throws std::logic_error if Step 3 meets a line the paper says cannot occur
// (alpha 0 1^a 11 after the reductions).
CoinsAlgorithmResult run_coins_algorithm(const std::string& coins, bool trace = true);

// Step 2 alone.
std::string reduce_coins(const std::string& coins, std::vector<CoinsReduction>* steps = nullptr);

// Only the value, in the compact form, for sweeps over millions of lines
// (nullopt when it does not fit the compact form).
std::optional<FixedDyadic> coins_algorithm_fixed_value(const std::string& coins);

}  // namespace cgtlab::games
