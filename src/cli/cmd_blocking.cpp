// cgtlab blocking: BLOCKING PEBBLES (seeds 001, 002, 003) on any DAG — values, options,
// game trees, and searches over all positions of a graph.
#include <fmt/core.h>

#include <iostream>
#include <memory>
#include <string>

#include "cgt/thermograph.h"
#include "games/blocking/heat.h"
#include "games/blocking/search.h"
#include "games/blocking/rules.h"
#include "games/blocking/values.h"
#include "cli/analysis_report.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "graph/graph.h"
#include "util/error.h"
#include "util/large_stack.h"
#include "util/latex.h"

namespace cgtlab::cli {

namespace {

constexpr const char* kRules =
    "BLOCKING PEBBLES: a directed acyclic graph; each vertex holds blue, red and green pebbles. "
    "Left moves blue and green pebbles, Right red and green. From a vertex v the mover may "
    "(1) shift a positive number of their own and/or green pebbles from v to ONE in-neighbour "
    "of v, at no cost, or (2) remove two of their own and/or green pebbles from v, place one of "
    "them on an out-neighbour of v and discard the other. No blue pebble may be placed on a "
    "vertex holding red pebbles, nor red on a vertex holding blue (green is never blocked). "
    "Every mix of colours is a separate option. Normal play: whoever cannot move loses. "
    "Green-only positions are impartial and are solved as such (their value is a nimber).\n"
    "Positions (--pebbles; none given: the empty position, value 0): name=blue/red/green per vertex, "
    "comma-separated, e.g. 2=1/3/0; unnamed vertices are empty. Or one b/r/g (or b/r) per vertex in "
    "vertex order. Or the papers' notation, one [blue,red] or [blue,red,green] entry per vertex in "
    "vertex order: on T3 (arcs 0>1, 0>2, 1>2) the source a = vertex 0, the middle b = 1 and the sink "
    "c = 2, so --graph T3 --pebbles \"[[0,0],[0,0],[1,4]]\" is --pebbles 2=1/4/0, or with the papers' "
    "names --graph 'a>b,a>c,b>c' --pebbles c=1/4/0 (quote '>' and brackets for the shell). DP3 is "
    "0>1>2; OutStar2 is 0>1, 0>2 (the out-star K_{1,2}, centre first); InStar2 is 1>0, 2>0.";

struct Common {
  std::string graph;
  std::string pebbles;
  bool json = false;
  std::string format;
  bool analyze = false;  // value: add the value analysis (cgtlab analyze)
  std::size_t limit = 50;
  std::uint64_t max_positions = 0;
};

void add_common(CLI::App* cmd, Common& c, bool with_pebbles) {
  cmd->add_option("--graph", c.graph, "a DAG: T3, DP3, OutStar2, InStar3, or arcs like 'a>b,a>c,b>c'")->required();
  if (with_pebbles)
    cmd->add_option("--pebbles", c.pebbles,
                    "pebbles, e.g. 2=1/3/0 (blue/red/green at vertex 2) or \"[[0,0],[0,0],[1,3]]\"; default: none");
  add_max_positions_option(cmd, c.max_positions);
}

std::string outcome_words(cgt::Outcome o) { return outcome_phrase(o); }

void run_value(const Common& c) {
  games::BlockingAnalyzer a(graph::parse_graph(c.graph), search_limits(c.max_positions));
  auto p = a.parse(c.pebbles);
  cgt::Game v = a.value(p);
  const std::string format = output_format(c.format, c.json, {"text", "json", "latex"});
  if (format == "latex") {  // the value; with --analyze, the analysis as a tabular after it
    fmt::print("{}\n", latex_math(v));
    if (c.analyze)
      run_with_large_stack([&] {
        fmt::print("{}", analysis_latex(v, "cgtlab blocking value --graph " + escape_text(c.graph) + " --pebbles " +
                                               escape_text(c.pebbles)));
      });
    return;
  }
  if (format == "json") {
    nlohmann::json j{{"graph", c.graph},
                     {"value", v.str()},
                     {"outcome", cgt::to_string(v.outcome())},
                     {"position", a.rules().format(p)},
                     {"green_only", games::is_green_only(p)},
                     {"positions", a.positions()}};
    if (c.analyze) run_with_large_stack([&] { j["analysis"] = analysis_json(v); });
    print_json(j);
    return;
  }
  fmt::print("value:   {}\noutcome: {}\n", v.str(), outcome_words(v.outcome()));
  if (c.analyze) run_with_large_stack([&] { fmt::print("\n{}", analysis_text(v)); });
}

struct SearchArgs {
  Common common;
  games::PositionSpace space;
  std::string value;
  bool atlas = false;
  bool markdown = false;
  std::size_t limit = 10;
};

void run_search(const SearchArgs& s) {
  const Common& c = s.common;
  if (s.atlas == !s.value.empty()) throw InputError("give exactly one of --value V and --atlas");
  if (c.analyze && !s.atlas) throw InputError("--analyze goes with --atlas");
  if (s.space.max_pebbles < 0) throw InputError("--max-pebbles must be non-negative");
  std::string format = output_format(c.format, c.json, {"text", "markdown", "json", "latex"});
  if (s.markdown && format != "text" && format != "markdown")
    throw InputError("--markdown and --format " + format + " ask for two outputs: give one");
  if (s.markdown) format = "markdown";
  if (!s.atlas && (format == "latex" || format == "markdown")) throw InputError("--format " + format + " goes with --atlas");
  games::BlockingAnalyzer a(graph::parse_graph(c.graph), search_limits(c.max_positions));
  const auto& r = a.rules();
  if (!s.atlas) {
    cgt::Game target = cgt::Game::parse(ascii_expression(s.value));
    auto found = games::blocking_search(a, target, s.space, s.limit);
    if (format == "json") {
      auto arr = nlohmann::json::array();
      for (const auto& p : found.positions) arr.push_back(r.format(p));
      nlohmann::json j{{"graph", c.graph},
                       {"value", target.str()},
                       {"found", found.found},
                       {"examples", arr},
                       {"positions", found.examined}};
      j["pebbles"] = found.pebbles ? nlohmann::json(*found.pebbles) : nlohmann::json(nullptr);
      print_json(j);
      return;
    }
    if (!found.pebbles) {
      fmt::print("no position on {} with at most {} pebbles (colours {}) has value {} ({} positions examined)\n",
                 c.graph, s.space.max_pebbles, s.space.colours, target.str(), found.examined);
      return;
    }
    fmt::print("value {}: {} position(s) with {} pebbles (fewest possible); {} examined\n", target.str(),
               found.found, *found.pebbles, found.examined);
    for (const auto& p : found.positions) fmt::print("  {}   {}\n", r.format(p), games::paper_notation(p));
    if (found.found > found.positions.size()) fmt::print("  {}\n", limit_note(found.found, found.positions.size()));
    return;
  }
  auto atlas = games::blocking_atlas(a, s.space);
  // --analyze: mean and temperature of every value, and the hottest positions per pebble count.
  std::vector<games::HeatRow> heat;
  if (c.analyze) heat = games::blocking_heat(a, s.space);
  auto mean_of = [](cgt::Game v) { return cgt::mean(v).str(); };
  auto temp_of = [](cgt::Game v) { return cgt::temperature(v).str(); };
  auto summary = fmt::format("{} distinct values over {} positions (up to symmetry) on {} with at most {} pebbles, colours {}",
                             atlas.entries.size(), atlas.positions, c.graph, s.space.max_pebbles, s.space.colours);
  if (format == "latex") {
    auto tt = [](const std::string& text) { return "\\texttt{" + latex_escape(text) + "}"; };
    std::vector<std::vector<std::string>> rows;
    for (const auto& e : atlas.entries) {
      std::vector<std::string> row{latex_math(e.value), std::to_string(e.count), std::to_string(e.min_pebbles),
                                   tt(r.format(e.example)), tt(games::paper_notation(e.example))};
      if (c.analyze) {
        row.push_back(latex_math(cgt::mean(e.value)));
        row.push_back(latex_math(cgt::temperature(e.value)));
      }
      rows.push_back(std::move(row));
    }
    std::vector<std::string> header{"value", "positions", "fewest pebbles", "smallest example", "papers' notation"};
    if (c.analyze) header.insert(header.end(), {"mean", "temperature"});
    fmt::print("{}", latex_table(c.analyze ? "lrrllrr" : "lrrll", header, rows,
                                 {"BLOCKING PEBBLES atlas (cgtlab blocking search --atlas): " + escape_text(summary)}));
    if (c.analyze) {
      rows.clear();
      for (const auto& h : heat)
        rows.push_back({std::to_string(h.pebbles), std::to_string(h.positions), std::to_string(h.hot), latex_math(h.hottest),
                        std::to_string(h.at_hottest), latex_math(h.value), tt(r.format(h.example)),
                        tt(games::paper_notation(h.example))});
      fmt::print("\n{}", latex_table("rrrrrlll",
                                     {"pebbles", "positions", "hot ($t > 0$)", "hottest temperature", "positions at it",
                                      "value", "example", "papers' notation"},
                                     rows, {"the hottest positions by number of pebbles"}));
    }
    return;
  }
  if (format == "json") {
    auto arr = nlohmann::json::array();
    for (const auto& e : atlas.entries) {
      nlohmann::json x{{"value", e.value.str()},
                       {"count", e.count},
                       {"min_pebbles", e.min_pebbles},
                       {"example", r.format(e.example)}};
      if (c.analyze) {
        x["mean"] = mean_of(e.value);
        x["temperature"] = temp_of(e.value);
      }
      arr.push_back(x);
    }
    nlohmann::json j{{"graph", c.graph},
                     {"max_pebbles", s.space.max_pebbles},
                     {"colours", s.space.colours},
                     {"positions", atlas.positions},
                     {"values", arr}};
    if (c.analyze) {
      auto rows = nlohmann::json::array();
      for (const auto& h : heat)
        rows.push_back({{"pebbles", h.pebbles},
                        {"positions", h.positions},
                        {"hot", h.hot},
                        {"temperature", h.hottest.str()},
                        {"at_temperature", h.at_hottest},
                        {"value", h.value.str()},
                        {"example", r.format(h.example)},
                        {"thermograph", cgt::thermograph(h.value).str()}});
      j["hottest"] = rows;
    }
    print_json(j);
    return;
  }
  if (format == "markdown") {  // the same tables as GitHub pipe tables, then the summary line
    Table values{c.analyze ? "lrrllrr" : "lrrll",
                 {text_cell("value"), text_cell("positions"), text_cell("fewest pebbles"), text_cell("smallest example"),
                  text_cell("papers' notation")},
                 {},
                 {}};
    if (c.analyze) values.header.insert(values.header.end(), {text_cell("mean"), text_cell("temperature")});
    for (const auto& e : atlas.entries) {
      std::vector<Cell> row{value_cell(e.value), text_cell(std::to_string(e.count)), text_cell(std::to_string(e.min_pebbles)),
                            code_cell(r.format(e.example)), code_cell(games::paper_notation(e.example))};
      if (c.analyze) row.insert(row.end(), {value_cell(cgt::mean(e.value)), value_cell(cgt::temperature(e.value))});
      values.rows.push_back(std::move(row));
    }
    std::vector<Table> tables{values};
    if (c.analyze) {
      Table hot{"rrrrrlll",
                {text_cell("pebbles"), text_cell("positions"), text_cell("hot (t > 0)"), text_cell("hottest temperature"),
                 text_cell("positions at it"), text_cell("value"), text_cell("example"), text_cell("papers' notation")},
                {},
                {}};
      for (const auto& h : heat)
        hot.rows.push_back({text_cell(std::to_string(h.pebbles)), text_cell(std::to_string(h.positions)),
                            text_cell(std::to_string(h.hot)), value_cell(h.hottest), text_cell(std::to_string(h.at_hottest)),
                            value_cell(h.value), code_cell(r.format(h.example)), code_cell(games::paper_notation(h.example))});
      tables.push_back(std::move(hot));
    }
    print_tables(format, tables);
    fmt::print("\n");  // the summary below is a paragraph, not a row of the table
  } else {
    for (const auto& e : atlas.entries)
      fmt::print("{:<24} {:>9} positions, fewest pebbles {:>2}: {}{}\n", e.value.str(), e.count, e.min_pebbles,
                 r.format(e.example),
                 c.analyze ? fmt::format("   mean {}, temperature {}", mean_of(e.value), temp_of(e.value)) : "");
    if (c.analyze) {
      fmt::print("hottest positions by number of pebbles:\n");
      for (const auto& h : heat)
        fmt::print("  {:>2} pebbles: temperature {:<8} ({} of {} positions; {} hot) e.g. {} = {}\n", h.pebbles,
                   h.hottest.str(), h.at_hottest, h.positions, h.hot, r.format(h.example), h.value.str());
    }
  }
  fmt::print("{}\n", summary);
}

}  // namespace

void add_blocking_command(CLI::App& app) {
  CLI::App* blocking = app.add_subcommand("blocking", std::string("BLOCKING PEBBLES on a DAG (seeds 001-003).\n") + kRules);
  blocking->require_subcommand(1);

  auto value_args = std::make_shared<Common>();
  CLI::App* value = blocking->add_subcommand(
      "value", std::string("Canonical value (CGSuite notation) and outcome of a position.\n") + kRules +
                   "\nExample: cgtlab blocking value --graph T3 --pebbles 2=1/4/0");
  add_common(value, *value_args, true);
  value->add_flag("--json", value_args->json, "print {\"value\",\"outcome\",...} as JSON");
  add_format_option(value, value_args->format, {"text", "json", "latex"});
  value->add_flag("--analyze", value_args->analyze,
                  "also analyse the value as `cgtlab analyze` does (JSON: key \"analysis\")");
  value->callback([value_args] { run_value(*value_args); });

  auto search_args = std::make_shared<SearchArgs>();
  CLI::App* search = blocking->add_subcommand(
      "search", std::string("Search all positions of a graph. At most --max-pebbles pebbles: --value V "
                            "finds the smallest positions of value V; --atlas lists every value reached.\n") +
                    kRules +
                    "\nExamples: cgtlab blocking search --graph T3 --max-pebbles 8 --value 1/8\n"
                    "          cgtlab blocking search --graph T3 --max-pebbles 8 --atlas --markdown");
  add_common(search, search_args->common, false);
  search->add_option("--max-pebbles", search_args->space.max_pebbles, "largest total number of pebbles")
      ->required();
  search->add_option("--value", search_args->value, "target value in CGSuite notation, e.g. 1/8 or ^*");
  search->add_flag("--atlas", search_args->atlas, "tabulate every value reached");
  search->add_option("--colours", search_args->space.colours, "colours that may appear: any of b, r, g")
      ->capture_default_str();
  search->add_option("--limit", search_args->limit, "positions to list for --value")->capture_default_str();
  search->add_flag("--markdown", search_args->markdown, "print the atlas as a Markdown table (--format markdown)");
  add_format_option(search, search_args->common.format, {"text", "markdown", "json", "latex"});
  search->add_flag("--analyze", search_args->common.analyze,
                   "with --atlas: the mean and temperature of every value, and the hottest positions per pebble count");
  search->add_flag("--json", search_args->common.json, "print the result as JSON");
  search->callback([search_args] { run_search(*search_args); });
}

}  // namespace cgtlab::cli
