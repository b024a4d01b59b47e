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
// A necessary condition, from g's options alone, for g (not a nus, LS(g) = RS(g) = x) to be
// x plus a form uptimal_name names (uptimal.cpp has the proof).
bool may_be_named_uptimal(Store& s, Id g, const Dyadic& x);
// ^<n> (up-nth) and ^[n] = ^ + ^<2> + ... + ^<n> (uptimal.cpp).
Id up_nth(long n);
Id up_to_nth(long n);
// Sorts ids in the order the printer lists options (notation_print.cpp).
void sort_in_print_order(std::vector<Id>& ids);

}  // namespace cgtlab::cgt::detail
