// Shared between the printer, the parser and recognisers (internal to src/cgt/).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "cgt/store.h"

namespace cgtlab::cgt::detail {

// The uptimal name of g (e.g. "^[4]", "^<2>", "v[2]"), when g is an uptimal that is
// not a nus; nullopt otherwise (uptimal.cpp).
std::optional<std::string> uptimal_name(Id g);
// ^<n> (up-nth) and ^[n] = ^ + ^<2> + ... + ^<n> (uptimal.cpp).
Id up_nth(long n);
Id up_to_nth(long n);
// Sorts ids in the order the printer lists options (notation_print.cpp).
void sort_in_print_order(std::vector<Id>& ids);

}  // namespace cgtlab::cgt::detail
