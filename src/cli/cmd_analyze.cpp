// cgtlab analyze EXPR: CGSuite's value analysis of a game expression (cgt/analysis.h,
// cgt/thermograph.h): stops, mean, temperature, thermograph, atomic weight, reduced
// canonical form, companion, incentives, followers, misère outcome, uptimal expansion and
// the predicates; --json prints one object, --thermograph-svg draws the thermograph.
#include <fmt/core.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include "cgt/analysis.h"
#include "cgt/latex.h"
#include "cgt/thermograph.h"
#include "cli/analysis_report.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "util/error.h"
#include "util/large_stack.h"

namespace cgtlab::cli {

namespace {

constexpr std::uint64_t kDefaultMaxWork = 20'000'000;

struct AnalyzeArgs {
  std::string expr;
  bool json = false;
  std::string format;
  std::string svg;
  std::size_t limit = kDefaultFollowerLimit;
  std::uint64_t max_work = kDefaultMaxWork;
};

nlohmann::json strings(const std::vector<cgt::Game>& games) {
  nlohmann::json a = nlohmann::json::array();
  for (cgt::Game g : games) a.push_back(g.str());
  return a;
}

// A count as a JSON number when it fits, else as its decimal string.
nlohmann::json count(const mpz_class& n) {
  if (n.fits_slong_p()) return n.get_si();
  return n.get_str();
}

// Whether every game's printed form fits under the printer's cap (measured without printing).
bool printable(const std::vector<cgt::Game>& games) {
  for (cgt::Game g : games)
    if (!cgt::printed_size(g)) return false;
  return true;
}

std::string too_large_text() {
  return fmt::format("the printed form of one exceeds {} MiB", cgt::kMaxPrintedBytes >> 20);
}

// A list of values whose printed forms may exceed the printer's cap (the incentives of
// some hot games): the strings, or null with the reason recorded under `capped`.
nlohmann::json capped_strings(const std::vector<cgt::Game>& games, const char* field, nlohmann::json& capped) {
  if (printable(games)) return strings(games);
  capped[field] = fmt::format("{} values, too large to print: {}", games.size(), too_large_text());
  return nullptr;
}

std::string list_text(const std::vector<cgt::Game>& games) {
  std::string s;
  for (std::size_t i = 0; i < games.size(); ++i) s += (i ? ", " : "") + games[i].str();
  return s.empty() ? "(none)" : s;
}

void run_analyze(const AnalyzeArgs& a) {
  run_with_large_stack([&] {
    cgt::GameWorkLimit cap(a.max_work);
    const std::string format = output_format(a.format, a.json, kTableFormats);
    cgt::Game g = cgt::Game::parse(a.expr);
    if (!a.svg.empty()) {
      std::string svg = cgt::thermograph_svg(cgt::thermograph(g), "Thermograph of " + g.str());
      std::ofstream out(a.svg);
      if (!out) throw InputError("cannot write '" + a.svg + "'");
      out << svg;
      if (!out) throw InputError("cannot write '" + a.svg + "'");
    }
    if (format == "latex" || format == "markdown") {
      print_tables(format, {analysis_table(g, "cgtlab analyze " + escape_text(a.expr))});
    } else if (format == "json") {
      nlohmann::json j = analysis_json(g, a.limit);
      j["expression"] = a.expr;
      print_json(j);  // adds command, game (null: an expression, no game of the papers), seconds
    } else {
      std::cout << analysis_text(g, a.limit);
    }
  });
}

}  // namespace

nlohmann::json analysis_json(cgt::Game g, std::size_t limit) {
  nlohmann::json j;
  j["value"] = g.str();
  j["outcome"] = cgt::to_string(g.outcome());
  j["misere_outcome"] = cgt::to_string(cgt::misere_outcome(g));
  j["birthday"] = g.birthday();
  j["left_stop"] = g.left_stop().str();
  j["right_stop"] = g.right_stop().str();
  j["stop_count"] = count(cgt::stop_count(g));
  j["mean"] = cgt::mean(g).str();
  j["temperature"] = cgt::temperature(g).str();
  j["thermograph"] = cgt::thermograph(g).str();
  auto aw = cgt::atomic_weight(g);
  j["atomic_weight"] = aw ? nlohmann::json(aw->str()) : nlohmann::json(nullptr);
  j["reduced_canonical_form"] = cgt::reduced_canonical_form(g).str();
  j["companion"] = cgt::companion(g).str();
  j["freeze"] = cgt::freeze(g).str();
  // The incentives of a hot game can be canonical forms with few subpositions whose
  // printed text is exponentially long: such a list is null and named under `capped`
  // (docs/json.md), the rest of the analysis stays.
  nlohmann::json capped = nlohmann::json::object();
  j["incentives"] = capped_strings(cgt::incentives(g, true, true), "incentives", capped);
  j["left_incentives"] = capped_strings(cgt::incentives(g, true, false), "left_incentives", capped);
  j["right_incentives"] = capped_strings(cgt::incentives(g, false, true), "right_incentives", capped);
  if (!capped.empty()) j["capped"] = capped;
  j["left_options"] = strings(cgt::cgsuite_sorted(g.left_options()));
  j["right_options"] = strings(cgt::cgsuite_sorted(g.right_options()));
  j["follower_count"] = count(cgt::follower_count(g));
  j["followers"] = strings(cgt::followers(g, limit));
  auto ue = cgt::uptimal_expansion(g);
  j["uptimal_expansion"] = ue ? nlohmann::json(ue->str()) : nlohmann::json(nullptr);
  j["is_number"] = g.is_number();
  j["is_integer"] = g.is_integer();
  j["is_nimber"] = g.is_nimber();
  j["is_uptimal"] = ue.has_value();
  j["is_infinitesimal"] = cgt::is_infinitesimal(g);
  j["is_all_small"] = cgt::is_all_small(g);
  j["is_numberish"] = cgt::is_numberish(g);
  j["is_number_tiny"] = cgt::is_number_tiny(g);
  j["is_even"] = cgt::is_even(g);
  j["is_odd"] = cgt::is_odd(g);
  j["is_even_tempered"] = cgt::is_even_tempered(g);
  j["is_odd_tempered"] = cgt::is_odd_tempered(g);
  j["is_ordinal"] = cgt::is_ordinal(g);
  j["is_atomic"] = aw.has_value();
  j["is_zero"] = g == cgt::Game();
  return j;
}

std::string analysis_text(cgt::Game g, std::size_t limit) {
  std::string s;
  auto line = [&](const std::string& name, const std::string& value) { s += fmt::format("{:<23} {}\n", name + ":", value); };
  line("value", g.str());
  line("outcome", cgt::to_string(g.outcome()));
  line("misere outcome", cgt::to_string(cgt::misere_outcome(g)) +
                             " (of the canonical form's game tree; a position's own misere play may differ)");
  line("birthday", std::to_string(g.birthday()));
  line("stops", "left " + g.left_stop().str() + ", right " + g.right_stop().str() + " (stop count " +
                    cgt::stop_count(g).get_str() + ")");
  line("mean", cgt::mean(g).str());
  line("temperature", cgt::temperature(g).str());
  line("thermograph", cgt::thermograph(g).str());
  auto aw = cgt::atomic_weight(g);
  line("atomic weight", aw ? aw->str() : "not atomic");
  line("reduced canonical form", cgt::reduced_canonical_form(g).str());
  line("companion", cgt::companion(g).str());
  line("freeze", cgt::freeze(g).str());
  line("left options", list_text(cgt::cgsuite_sorted(g.left_options())));
  line("right options", list_text(cgt::cgsuite_sorted(g.right_options())));
  auto incentive_line = [&](const std::string& name, const std::vector<cgt::Game>& games) {
    line(name, printable(games) ? list_text(games)
                                : fmt::format("({} values, too large to print: {})", games.size(), too_large_text()));
  };
  incentive_line("left incentives", cgt::incentives(g, true, false));
  incentive_line("right incentives", cgt::incentives(g, false, true));
  incentive_line("incentives", cgt::incentives(g, true, true));
  mpz_class fc = cgt::follower_count(g);
  auto fl = cgt::followers(g, limit);
  std::string more = fc > fl.size() ? fmt::format(" ... ({} more; raise --limit)", mpz_class(fc - fl.size()).get_str()) : "";
  line("followers", fc.get_str() + ": " + list_text(fl) + more);
  auto ue = cgt::uptimal_expansion(g);
  line("uptimal expansion", ue ? ue->str() : "not uptimal");
  std::vector<std::pair<const char*, bool>> preds = {
      {"number", g.is_number()},
      {"integer", g.is_integer()},
      {"nimber", g.is_nimber()},
      {"uptimal", ue.has_value()},
      {"infinitesimal", cgt::is_infinitesimal(g)},
      {"all-small", cgt::is_all_small(g)},
      {"numberish", cgt::is_numberish(g)},
      {"number-tiny", cgt::is_number_tiny(g)},
      {"even", cgt::is_even(g)},
      {"odd", cgt::is_odd(g)},
      {"even-tempered", cgt::is_even_tempered(g)},
      {"odd-tempered", cgt::is_odd_tempered(g)},
      {"ordinal", cgt::is_ordinal(g)},
      {"atomic", aw.has_value()},
      {"zero", g == cgt::Game()}};
  std::string yes, no;
  for (auto& [name, v] : preds) {
    std::string& to = v ? yes : no;
    to += (to.empty() ? "" : ", ") + std::string(name);
  }
  line("is", yes.empty() ? "(none)" : yes);
  line("is not", no.empty() ? "(none)" : no);
  return s;
}

Table analysis_table(cgt::Game g, const std::string& title) {
  auto list = [](const std::vector<cgt::Game>& games) {
    if (games.empty()) return Cell{"---", "---"};
    if (!printable(games)) return text_cell(fmt::format("{} values, too large to print", games.size()));
    std::string latex;
    for (std::size_t i = 0; i < games.size(); ++i) latex += (i ? ",\\ " : "") + cgt::latex_value(games[i]);
    return math_cell(list_text(games), latex);
  };
  FactsTable t;
  t.comments = {title};
  t.add("value", value_cell(g));
  t.add("outcome", outcome_cell(cgt::to_string(g.outcome())));
  t.add(Cell{"misere outcome", "mis\\`ere outcome"}, outcome_cell(cgt::to_string(cgt::misere_outcome(g))));
  t.add("birthday", number_cell(std::to_string(g.birthday())));
  t.add("left stop", value_cell(g.left_stop()));
  t.add("right stop", value_cell(g.right_stop()));
  t.add("mean", value_cell(cgt::mean(g)));
  t.add("temperature", value_cell(cgt::temperature(g)));
  auto aw = cgt::atomic_weight(g);
  t.add("atomic weight", aw ? value_cell(*aw) : text_cell("not atomic"));
  t.add("reduced canonical form", value_cell(cgt::reduced_canonical_form(g)));
  t.add("companion", value_cell(cgt::companion(g)));
  t.add("freeze", value_cell(cgt::freeze(g)));
  t.add("left options", list(cgt::cgsuite_sorted(g.left_options())));
  t.add("right options", list(cgt::cgsuite_sorted(g.right_options())));
  t.add("left incentives", list(cgt::incentives(g, true, false)));
  t.add("right incentives", list(cgt::incentives(g, false, true)));
  t.add("followers", number_cell(cgt::follower_count(g).get_str()));
  auto ue = cgt::uptimal_expansion(g);
  t.add("uptimal expansion", ue ? code_cell(ue->str()) : text_cell("not uptimal"));
  return t;
}

std::string analysis_latex(cgt::Game g, const std::string& title) { return latex_of(analysis_table(g, title)); }

void add_analyze_command(CLI::App& app) {
  auto args = std::make_shared<AnalyzeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "analyze",
      "CGSuite's value analysis of a short game expression (docs/notation.md): stops, mean, temperature, "
      "thermograph, atomic weight, reduced canonical form, companion, freeze, incentives, options, followers, "
      "misere outcome of the canonical tree, uptimal expansion and predicates. The expression may use "
      "G.Cool(t), G.Heat(t), G.Overheat(s,t), G.Freeze, G.Mean, G.Temperature, G.AtomicWeight, "
      "G.ReducedCanonicalForm.\nExample: cgtlab analyze \"{3||2|1}\" --thermograph-svg t.svg");
  cmd->add_option("expr", args->expr, "game expression, e.g. \"{3|1}\" or \"^*\"")->required();
  cmd->add_flag("--json", args->json, "one JSON object on stdout (docs/json.md; keys: expression, value, outcome, ..., is_zero)");
  add_format_option(cmd, args->format, kTableFormats);
  cmd->add_option("--thermograph-svg", args->svg, "also draw the thermograph as SVG into this file");
  cmd->add_option("--limit", args->limit, "followers to list (their count is always complete)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 30));
  cmd->add_option("--max-positions", args->max_work,
                  "stop with exit code 2 after this many game operations (new canonical forms, comparisons, "
                  "new sums; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62));
  cmd->callback([args] { run_analyze(*args); });
}

}  // namespace cgtlab::cli
