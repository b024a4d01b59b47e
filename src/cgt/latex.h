// Values in LaTeX, for papers: CGSuite's plain text (what the printer writes) as math-mode
// LaTeX: ^ -> \uparrow, ^^ -> \Uparrow, v -> \downarrow, * -> \ast, +- -> \pm,
// {a|b} -> \{a \mid b\}, || -> \mid\mid, 3/8 -> \frac{3}{8}, ^3 -> \uparrow{\times}3 (three ups),
// ^[4] / ^<2> (uptimals) -> \uparrow^{[4]} / \uparrow^{\langle 2\rangle}, Tiny(G) -> \mathrm{Tiny}(G).
// The result goes between $...$.
#pragma once
#include <string>
#include <string_view>

#include "cgt/game.h"

namespace cgtlab::cgt {

std::string latex_notation(std::string_view cgsuite_text);
inline std::string latex_value(const Game& g) { return latex_notation(g.str()); }

}  // namespace cgtlab::cgt
