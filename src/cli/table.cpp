#include "cli/table.h"

#include <fmt/core.h>

#include <stdexcept>

#include "cgt/latex.h"
#include "util/latex.h"

namespace cgtlab::cli {

Cell text_cell(std::string text) { return {std::move(text), "", false}; }
Cell code_cell(std::string text) { return {std::move(text), "", true}; }
Cell math_cell(std::string text, const std::string& latex) { return {std::move(text), "$" + latex + "$", true}; }
Cell value_cell(const cgt::Game& g) { return math_cell(g.str(), cgt::latex_value(g)); }
Cell value_cell(const cgt::Dyadic& d) { return math_cell(d.str(), cgt::latex_number(d)); }
Cell number_cell(const std::string& digits) { return {digits, "$" + digits + "$", false}; }
Cell nimber_cell(std::uint64_t grundy) {
  return math_cell(grundy == 0 ? "0" : grundy == 1 ? "*" : fmt::format("*{}", grundy), latex_nimber(grundy));
}
Cell outcome_cell(const std::string& outcome) { return {outcome, "$\\mathcal{" + latex_escape(outcome) + "}$", false}; }

std::string latex_nimber(std::uint64_t grundy) {
  return grundy == 0 ? "0" : grundy == 1 ? "\\ast" : fmt::format("\\ast {}", grundy);
}

namespace {

std::string cell_latex(const Cell& c) {
  if (!c.latex.empty() || c.text.empty()) return c.latex;
  return c.code ? "\\texttt{" + latex_escape(c.text) + "}" : latex_escape(c.text);
}

// A cell of a pipe table: one line, '|' escaped (also inside code spans, as GitHub reads them).
std::string cell_markdown(const Cell& c) {
  std::string out;
  for (char ch : c.text) {
    if (ch == '\n' || ch == '\r') out += ' ';
    else if (ch == '|') out += "\\|";
    else if (!c.code && (ch == '\\' || ch == '*' || ch == '_' || ch == '`' || ch == '<' || ch == '[' || ch == ']'))
      out += std::string("\\") + ch;
    else out += ch;
  }
  if (!c.code || out.empty()) return out;
  return out.find('`') == std::string::npos ? "`" + out + "`" : "`` " + out + " ``";
}

}  // namespace

std::string latex_of(const Table& t) {
  std::vector<std::string> header;
  header.reserve(t.header.size());
  for (const auto& c : t.header) header.push_back(cell_latex(c));
  std::vector<std::vector<std::string>> rows;
  rows.reserve(t.rows.size());
  for (const auto& r : t.rows) {
    std::vector<std::string> row;
    row.reserve(r.size());
    for (const auto& c : r) row.push_back(cell_latex(c));
    rows.push_back(std::move(row));
  }
  return latex_table(t.align, header, rows, t.comments);
}

std::string markdown_of(const Table& t) {
  std::string s;
  for (const auto& c : t.comments) {
    std::string line;
    for (char ch : c) line += ch == '\n' ? ' ' : ch;
    for (std::size_t at; (at = line.find("--")) != std::string::npos;) line.replace(at, 2, "- -");  // no "--" in a comment
    s += "<!-- " + line + " -->\n";
  }
  auto row = [&](const std::vector<Cell>& cells) {
    if (cells.size() != t.align.size())
      throw std::invalid_argument(fmt::format("markdown_of: a row of {} cells for {} columns", cells.size(), t.align.size()));
    std::string line = "|";
    for (const auto& c : cells) line += " " + cell_markdown(c) + " |";
    return line + "\n";
  };
  s += row(t.header);
  s += "|";
  for (char a : t.align) s += a == 'r' ? " ---: |" : a == 'c' ? " :---: |" : " --- |";
  s += "\n";
  for (const auto& r : t.rows) s += row(r);
  return s;
}

void print_tables(const std::string& format, const std::vector<Table>& tables) {
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (format == "latex") fmt::print("{}", latex_of(tables[i]));
    else fmt::print("{}{}", i ? "\n" : "", markdown_of(tables[i]));
  }
}

}  // namespace cgtlab::cli
