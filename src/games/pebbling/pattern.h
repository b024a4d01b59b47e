// Periodicity evidence for pebbling P-sets: the least modulus q such that, on every
// labelled position with total in a range, being a P-position depends only on the counts
// mod q (and the parity of the total). On C4 with k = 1 this finds q = 12: Table 5 of
// seed 000 classifies by counts mod 3 and mod 4.
#pragma once
#include <optional>
#include <string>

#include "games/pebbling/rules.h"
#include "solve/limits.h"

namespace cgtlab::games {

struct ResiduePattern {
  int modulus = 0;
  int from_total = 0, to_total = 0;  // checked on every labelled position with these totals
  std::string description;
};

// Tries q = 1..max_modulus on totals from 0 (then from half the range: an eventual
// pattern) up to max_total, capped so that at most ~2 million labelled positions are read.
// Graphs of at most 6 vertices only (nullopt otherwise, or when no modulus fits).
std::optional<ResiduePattern> find_residue_pattern(const games::Pebbling& rules, int max_total,
                                                   const solve::SearchLimits& limits = {}, int max_modulus = 24);

}  // namespace cgtlab::games
