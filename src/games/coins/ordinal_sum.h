// Ordinal sums of numbers, exactly, for the FLIPPING COINS value algorithm.
//
// G : H = {G^L, G:H^L | G^R, G:H^R}: moving in the base G wipes out the exponent H.
// For numbers in canonical form, x : y is the number whose sign expansion is x's followed
// by y's (Conway, ONAG; Berlekamp's rule for Hackenbush strings): 1/2 = "+-", so
// 1/2 : 1/2 = "+-+-" = 5/8. That makes ordinal sums of hundreds of terms linear in the
// number of signs. ordinal_sum_by_options computes the same thing straight from the
// definition, for any base given by its best options, and serves both as a cross-check and
// for bases that are positions rather than canonical forms (Lemma 4.5).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "games/coins/fixed.h"
#include "cgt/dyadic.h"

namespace cgtlab::games {

// "+" and "-" signs: 0 = "", 2 = "++", -1/2 = "-+", 3/4 = "+-+".
std::string sign_expansion(const cgt::Dyadic& x);
// The number with these signs (InputError on a character other than + or -).
cgt::Dyadic from_sign_expansion(std::string_view signs);
// The same, in the compact form; nullopt when it does not fit (see coins_fixed.h).
std::optional<FixedDyadic> fixed_from_sign_expansion(std::string_view signs);

// x : y with x and y in canonical form, by concatenating sign expansions.
cgt::Dyadic ordinal_sum(const cgt::Dyadic& x, const cgt::Dyadic& y);

// The Left and Right options of the canonical form of x (absent when there is none):
// n > 0 -> {n-1 |}, n < 0 -> {| n+1}, 0 -> {|}, m/2^k -> {x - 2^-k | x + 2^-k}.
std::pair<std::optional<cgt::Dyadic>, std::optional<cgt::Dyadic>> canonical_options(const cgt::Dyadic& x);

// G : y by the definition, where G is a game whose options are numbers with best Left
// option `left` < best Right option `right`, and y is a number in canonical form.
cgt::Dyadic ordinal_sum_by_options(const std::optional<cgt::Dyadic>& left, const std::optional<cgt::Dyadic>& right,
                                   const cgt::Dyadic& y);

// 2^-k, the exponents of the algorithm's ordinal sums.
cgt::Dyadic inverse_power_of_two(unsigned long k);

}  // namespace cgtlab::games
