// LaTeX for papers: text escaped for LaTeX, and tables as a tabular environment.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cgtlab {

// Text with LaTeX's special characters escaped (\ { } $ & # ^ _ % ~ and <, >, |), for text mode.
std::string latex_escape(std::string_view text);

// A table for a paper, to \input: comment lines ("% " + each of `comments`, then one naming the
// packages: booktabs), \begin{tabular}{align}, \toprule, the header row, \midrule, one line per
// row, \bottomrule, \end{tabular}. Cells are LaTeX already (escape text cells with latex_escape;
// values with cgt::latex_value inside $...$). align: one letter per column, e.g. "lrr"; every
// row has that many cells (std::invalid_argument otherwise: a bug of the caller).
std::string latex_table(const std::string& align, const std::vector<std::string>& header,
                        const std::vector<std::vector<std::string>>& rows,
                        const std::vector<std::string>& comments = {});

}  // namespace cgtlab
