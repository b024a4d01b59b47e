// Nimbers: nim-sum and the minimum excludant (Sprague-Grundy).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cgtlab::cgt {

using Grundy = std::uint64_t;

inline Grundy nim_sum(Grundy a, Grundy b) { return a ^ b; }

// Least non-negative integer not among the values (any order, duplicates allowed).
Grundy mex(std::vector<Grundy> values);

// The nimber *g as text: "0", "*", "*2", ...
std::string nimber_name(Grundy g);

}  // namespace cgtlab::cgt
