#include "util/latex.h"

#include <stdexcept>

namespace cgtlab {

std::string latex_escape(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '\\': out += "\\textbackslash{}"; break;
      case '{': out += "\\{"; break;
      case '}': out += "\\}"; break;
      case '$': out += "\\$"; break;
      case '&': out += "\\&"; break;
      case '#': out += "\\#"; break;
      case '_': out += "\\_"; break;
      case '%': out += "\\%"; break;
      case '^': out += "\\textasciicircum{}"; break;
      case '~': out += "\\textasciitilde{}"; break;
      case '<': out += "\\textless{}"; break;
      case '>': out += "\\textgreater{}"; break;
      case '|': out += "\\textbar{}"; break;
      default: out += c;
    }
  }
  return out;
}

std::string latex_table(const std::string& align, const std::vector<std::string>& header,
                        const std::vector<std::vector<std::string>>& rows, const std::vector<std::string>& comments) {
  auto row = [&](const std::vector<std::string>& cells) {
    if (cells.size() != align.size())
      throw std::invalid_argument("latex_table: a row of " + std::to_string(cells.size()) + " cells for " +
                                  std::to_string(align.size()) + " columns");
    std::string s = " ";
    for (size_t i = 0; i < cells.size(); ++i) s += (i ? " & " : "") + cells[i];
    return s + " \\\\\n";
  };
  std::string s;
  for (const auto& c : comments) {  // one comment line per line of c
    std::size_t from = 0;
    while (from <= c.size()) {
      std::size_t to = c.find('\n', from);
      if (to == std::string::npos) to = c.size();
      s += "% " + c.substr(from, to - from) + "\n";
      from = to + 1;
    }
  }
  s += "% needs \\usepackage{booktabs}\n";
  s += "\\begin{tabular}{" + align + "}\n\\toprule\n" + row(header) + "\\midrule\n";
  for (const auto& r : rows) s += row(r);
  s += "\\bottomrule\n\\end{tabular}\n";
  return s;
}

}  // namespace cgtlab
