#include "util/latex.h"

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
                        const std::vector<std::vector<std::string>>& rows) {
  auto row = [](const std::vector<std::string>& cells) {
    std::string s = " ";
    for (size_t i = 0; i < cells.size(); ++i) s += (i ? " & " : "") + cells[i];
    return s + " \\\\\n";
  };
  std::string s = "\\begin{tabular}{" + align + "}\n\\hline\n" + row(header) + "\\hline\n";
  for (const auto& r : rows) s += row(r);
  s += "\\hline\n\\end{tabular}\n";
  return s;
}

}  // namespace cgtlab
