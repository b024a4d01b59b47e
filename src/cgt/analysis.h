// Value analysis of canonical short games, as CGSuite's CanonicalShortGame gives it
// (Siegel, Combinatorial Game Theory, 2013; Albert, Nowakowski and Wolfe, Lessons in Play;
// Berlekamp, Conway and Guy, Winning Ways): cooling, heating, overheating, freezing, the
// reduced canonical form, the companion, atomic weight, incentives, followers, stop count,
// the misère outcome of the canonical form's game tree, uptimal expansions and CGSuite's
// predicates. Thermographs, mean and temperature are in thermograph.h.
//
// Every operation works through the game store and counts against its work cap
// (GameWorkLimit): a huge analysis throws CapReached instead of running for hours.
#pragma once
#include <gmpxx.h>

#include <optional>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "cgt/thermograph.h"

namespace cgtlab::cgt {

// G cooled by t (CGSuite's G.Cool(t)): an integer stays; if t exceeds G's temperature the
// mean; otherwise {G^L_t - t | G^R_t + t}. Requires t > -1 (InputError otherwise).
Game cool(Game g, const Dyadic& t);
// G heated by the game t (CGSuite's G.Heat(t), the integral of G): a number stays;
// otherwise {int G^L + t | int G^R - t}.
Game heat(Game g, Game t);
// G overheated from s to t (CGSuite's G.Overheat(s, t)): an integer n becomes n.s (n
// copies of s); otherwise {G^L + t | G^R - t} of the overheated options.
Game overheat(Game g, Game s, Game t);
// G cooled by its temperature (CGSuite's G.Freeze); an integer is its own freeze.
Game freeze(Game g);
// The reduced canonical form (CGSuite's rcf: the star projection of G heated by *).
Game reduced_canonical_form(Game g);
// The companion of G (CGSuite's G.Companion).
Game companion(Game g);
// Norton product G.U for a game U (an integer G: G copies of U).
Game norton_product(Game g, Game u);
// The atomic weight of G, or nullopt when G is not atomic (CGSuite's AtomicWeight).
std::optional<Game> atomic_weight(Game g);
// Left incentives G^L - G, Right incentives G - G^R, or both; dominated ones removed.
std::vector<Game> incentives(Game g, bool left, bool right);
// The number of stops of G's canonical game tree (CGSuite's StopCount).
mpz_class stop_count(Game g);
// The followers of G's canonical form (G itself included): how many, and at most
// `limit` of them (in CGSuite's order of printing: numbers, nimbers, the rest).
mpz_class follower_count(Game g);
std::vector<Game> followers(Game g, std::size_t limit);
// The misère outcome of the game tree of G's canonical form (CGSuite's
// MisereOutcomeClass on the canonical form). A position's own misère play may differ:
// misère play is not determined by the normal-play value.
Outcome misere_outcome(Game g);

// x + *m + a_1.^ + a_2.^<2> + ...: CGSuite's UptimalExpansion, printed as
// "x*m.a1a2..." (digits 10..35 as letters, a negative coefficient followed by '-').
struct UptimalExpansion {
  Dyadic number;
  Grundy nimber = 0;
  std::vector<long> coefficients;  // a_1, a_2, ... (no trailing zero)
  std::string str() const;
  friend bool operator==(const UptimalExpansion&, const UptimalExpansion&) = default;
};
std::optional<UptimalExpansion> uptimal_expansion(Game g);

// CGSuite's predicates.
bool is_infinitesimal(Game g);  // both stops 0
bool is_all_small(Game g);
bool is_numberish(Game g);      // equal stops
bool is_number_tiny(Game g);
bool is_even(Game g);
bool is_odd(Game g);
bool is_even_tempered(Game g);
bool is_odd_tempered(Game g);
bool is_ordinal(Game g);        // a non-negative integer
bool is_uptimal(Game g);

// The CGSuite order of printing options (numbers ascending, nimbers, ups, the rest).
std::vector<Game> cgsuite_sorted(std::vector<Game> games);

// The printer's cap: Game::str() throws CapReached beyond this many bytes of text.
inline constexpr std::size_t kMaxPrintedBytes = std::size_t(64) << 20;
// The length in bytes of g.str(), without building the text (each form is measured once
// per printing context, so a form whose text is exponentially longer than its number of
// subpositions is measured quickly); nullopt when the text would exceed kMaxPrintedBytes.
// (notation_print.cpp)
std::optional<std::size_t> printed_size(Game g);

}  // namespace cgtlab::cgt
