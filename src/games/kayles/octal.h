// Octal games on heaps (Guy and Smith), for checking Arc-Kayles on paths against Dawson's
// Kayles, the octal game 0.07. Code "0.d1d2d3...": digit dk says whether k tokens may be
// taken from a heap leaving no heap (bit 1: only when the heap has exactly k tokens), one
// heap (bit 2) or two non-empty heaps (bit 4).
#pragma once
#include <string_view>
#include <vector>

#include "cgt/nimber.h"

namespace cgtlab::games {

// Grundy values of heaps 0..max_heap. Throws InputError on a malformed code.
std::vector<cgt::Grundy> octal_grundy_sequence(std::string_view code, int max_heap);

}  // namespace cgtlab::games
