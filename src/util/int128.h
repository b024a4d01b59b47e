// The 128-bit integers of the library: one alias each, here. fmt prints them natively
// (fmt::format("{}", x)), so there is no hand-written printer.
#pragma once

namespace cgtlab {

using u128 = unsigned __int128;
using i128 = __int128;

}  // namespace cgtlab
