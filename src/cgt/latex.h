// Values in LaTeX, for papers (math mode: the result goes between $...$).
//   latex_value(g): the canonical form, printed by the notation printer (notation_print.cpp) with
//     LaTeX tokens: 3/4 -> \frac{3}{4}, * -> \ast, *2 -> \ast 2, ^ -> \uparrow, ^^ -> \Uparrow,
//     ^3 -> \uparrow{\times}3 (three ups; a superscript would read as the up-nth), v -> \downarrow,
//     +-1 -> \pm 1, {a|b} -> \{a \mid b\}, {a||b|c} -> \{a \mid\mid b \mid c\},
//     ^<2> / ^[4] (uptimals) -> \uparrow^{\langle 2\rangle} / \uparrow^{[4]},
//     2Tiny(2) -> 2+\mathrm{Tiny}(2).
//   latex_number(d): a dyadic, -\frac{3}{8} or 5.
//   latex_notation(text): the same translation applied to CGSuite text that is already printed
//     (names of uptimals, values kept only as text).
#pragma once
#include <string>
#include <string_view>

#include "cgt/dyadic.h"
#include "cgt/game.h"

namespace cgtlab::cgt {

std::string latex_value(const Game& g);
std::string latex_number(const Dyadic& d);
std::string latex_notation(std::string_view cgsuite_text);

}  // namespace cgtlab::cgt
