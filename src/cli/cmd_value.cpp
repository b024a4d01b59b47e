// cgtlab value / cgtlab compare: canonical forms of game expressions in CGSuite notation.
#include <iostream>

#include "cgt/game.h"
#include "cgt/latex.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "util/error.h"
#include "util/large_stack.h"

namespace cgtlab::cli {

namespace {

constexpr const char* kNotationHelp =
    "Games in CGSuite's notation (docs/notation.md): numbers 5, -1/2; nimbers *, *8; ups ^, ^^, ^3, v, "
    "vv, v3, and sums like 73/16v9*8; uptimals ^<2> = {0|v*}, ^[2] = ^ + ^<2>; +-1 = {1|-1}; Tiny(2) = {0||0|-2}, Miny(2), 2Tiny(2); braces "
    "{L|R} with options separated by ',' and nesting marked by |, ||, |||; G+H, G-H, -G, ordinal sum "
    "G:H, parentheses. CGSuite's glyphs are read too: \u2191 (^), \u2193 (v), \u21d1 (^^), \u21d3 (vv), \u22c6 or \u2217 (*), "
    "\u2212 (-), \u00b1 (+-). Quote expressions with | or > for the shell; one that starts with '-' needs no '--' "
    "(cgtlab value \"-^\").";

// Default cap on new canonical forms plus memoized operations: some seconds of work.
constexpr std::uint64_t kDefaultMaxWork = 20'000'000;

struct ValueArgs {
  std::string expr;
  bool json = false;
  std::string format;
  std::uint64_t max_work = kDefaultMaxWork;
};

struct CompareArgs {
  std::string left, right;
  bool json = false;
  std::string format;
  std::uint64_t max_work = kDefaultMaxWork;
};

void add_work_cap(CLI::App* cmd, std::uint64_t& value) {
  cmd->add_option("--max-positions", value,
                  "stop with exit code 2 after this many game operations (new canonical forms, "
                  "comparisons, new sums; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62));
}

void run_value(const ValueArgs& a) {
  run_with_large_stack([&] {
    cgt::GameWorkLimit cap(a.max_work);
    const std::string format = output_format(a.format, a.json, {"text", "json", "latex"});
    cgt::Game g = cgt::Game::parse(ascii_expression(a.expr));
    if (format == "latex") {
      std::cout << latex_math(g) << '\n';
      return;
    }
    if (format == "text") {
      std::cout << g.str() << '\n';
      return;
    }
    nlohmann::json j;
    j["value"] = g.str();
    j["outcome"] = cgt::to_string(g.outcome());
    j["birthday"] = g.birthday();
    j["left_stop"] = g.left_stop().str();
    j["right_stop"] = g.right_stop().str();
    print_json(j);
  });
}

void run_compare(const CompareArgs& a) {
  run_with_large_stack([&] {
    cgt::GameWorkLimit cap(a.max_work);
    const std::string format = output_format(a.format, a.json, {"text", "json", "latex"});
    cgt::Game g = cgt::Game::parse(ascii_expression(a.left));
    cgt::Game h = cgt::Game::parse(ascii_expression(a.right));
    std::string rel = cgt::to_string(g.compare(h));
    if (format == "latex") {  // G and H in canonical form, confused as \parallel
      std::cout << "$" << cgt::latex_value(g) << (rel == "||" ? " \\parallel " : " " + rel + " ") << cgt::latex_value(h) << "$\n";
      return;
    }
    if (format == "text") {
      std::cout << rel << '\n';
      return;
    }
    nlohmann::json j;
    j["relation"] = rel;
    j["first"] = g.str();  // "left"/"right" name the players only (docs/json.md)
    j["second"] = h.str();
    print_json(j);
  });
}

}  // namespace

void add_value_commands(CLI::App& app) {
  auto value_args = std::make_shared<ValueArgs>();
  CLI::App* value = app.add_subcommand(
      "value", std::string("Print the canonical form of a short partizan game expression.\n") + kNotationHelp +
                   "\nExample: cgtlab value \"{1|*} + ^ + *2\"");
  value->add_option("expr", value_args->expr, "game expression, e.g. \"^+^+*\" or \"{0||0|-2}\"")->required();
  value->add_flag("--json", value_args->json,
                  "print {\"value\",\"outcome\",\"birthday\",\"left_stop\",\"right_stop\"} as JSON");
  add_format_option(value, value_args->format, {"text", "json", "latex"});
  add_work_cap(value, value_args->max_work);
  value->callback([value_args] { run_value(*value_args); });

  auto compare_args = std::make_shared<CompareArgs>();
  CLI::App* compare = app.add_subcommand(
      "compare", std::string("Compare two games G and H: prints '=', '<', '>' or '||' (confused).\n") +
                     kNotationHelp + "\nExample: cgtlab compare \"{0|*}\" \"^\"");
  compare->add_option("G", compare_args->left, "first game expression")->required();
  compare->add_option("H", compare_args->right, "second game expression")->required();
  compare->add_flag("--json", compare_args->json, "print {\"relation\",\"first\",\"second\"} as JSON");
  add_format_option(compare, compare_args->format, {"text", "json", "latex"});
  add_work_cap(compare, compare_args->max_work);
  compare->callback([compare_args] { run_compare(*compare_args); });
}

}  // namespace cgtlab::cli
