// Tables and values for papers and pages: `--format latex` (a booktabs tabular, util/latex.h)
// and `--format markdown` (a GitHub pipe table) from one description of the table. A command
// builds a Table once and prints it in the format asked for; its text output stays its own.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/game.h"

namespace cgtlab::cli {

// One cell: its text (Markdown; `code` cells in backticks) and, when not just the escaped text,
// its LaTeX.
struct Cell {
  std::string text = {};
  std::string latex = {};  // empty: latex_escape(text) (\texttt{...} for a code cell)
  bool code = false;  // a value, position, move or spec: `text` in Markdown, typewriter in LaTeX
};
Cell text_cell(std::string text);                    // words
Cell code_cell(std::string text);                    // a position, move, spec: `3,1,0` / \texttt{3,1,0}
Cell math_cell(std::string text, const std::string& latex); // `text` / $latex$
Cell value_cell(const cgt::Game& g);                 // `^*` / $\uparrow\ast$
Cell value_cell(const cgt::Dyadic& d);               // `-3/8` / $-\frac{3}{8}$
Cell number_cell(const std::string& digits);         // 12 / $12$ (an integer of any size)
Cell nimber_cell(std::uint64_t grundy);              // `*3` / $\ast 3$ (0: `0` / $0$)
Cell outcome_cell(const std::string& outcome);       // P / $\mathcal{P}$

// The LaTeX of a nimber *g in math mode, without the $: 0, \ast, \ast 3.
std::string latex_nimber(std::uint64_t grundy);

struct Table {
  std::string align = {};                   // one letter per column: l, c or r
  std::vector<Cell> header = {};
  std::vector<std::vector<Cell>> rows = {};  // every row has align.size() cells
  std::vector<std::string> comments = {};    // what the table is: LaTeX % lines, Markdown <!-- --> lines
};
// A two-column table "property | value", filled with add().
struct FactsTable : Table {
  FactsTable() {
    align = "ll";
    header = {text_cell("property"), text_cell("value")};
  }
  FactsTable& add(Cell property, Cell value) {
    rows.push_back({std::move(property), std::move(value)});
    return *this;
  }
  FactsTable& add(const std::string& property, Cell value) { return add(text_cell(property), std::move(value)); }
};

std::string latex_of(const Table& t);
std::string markdown_of(const Table& t);
// Prints the tables in `format` ("latex" or "markdown"; Markdown tables apart by a blank line).
void print_tables(const std::string& format, const std::vector<Table>& tables);

// The format names of a command that prints tables, and of one that prints a value.
inline const std::vector<std::string> kTableFormats{"text", "json", "latex", "markdown"};
inline const std::vector<std::string> kValueFormats{"text", "json", "latex"};

}  // namespace cgtlab::cli
