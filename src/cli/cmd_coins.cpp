// cgtlab coins value / coins algorithm: FLIPPING COINS (seed 003), values of lines and of
// sums with the winning moves, and the chapter's value algorithm step by step.
#include <fmt/core.h>

#include <iostream>

#include "games/coins/algorithm.h"
#include "games/coins/ordinal_sum.h"
#include "games/coins/values.h"
#include "cli/analysis_report.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "games/coins/rules.h"
#include "util/error.h"
#include "util/large_stack.h"

namespace cgtlab::cli {

namespace {

constexpr const char* kRules =
    "FLIPPING COINS (Bonato, Huggan, Nowakowski). A position is a line of coins d_1...d_n written as "
    "a 0-1 string, 1 = tails. Left chooses i < j with d_i = d_j = 1 and turns both to 0. Right chooses "
    "k < l with d_k = 0 and d_l = 1 and flips both (d_k becomes 1, d_l becomes 0). After every move the "
    "zeros after the last 1 are deleted. A player who cannot move loses. Coins are numbered from 1 at "
    "the left, as in the paper.";

struct ValueArgs {
  std::vector<std::string> lines;
  bool json = false;
  std::string format;
  bool analyze = false;  // add the value analysis of the sum (cgtlab analyze)
  // Coins of the lines valued (each line and each move's result): the default stops a
  // sum whose winning moves would take minutes (a line of 1000 ones has ~250000 moves).
  std::uint64_t max_positions = 100'000'000;
  std::size_t limit = 50;
};

struct AlgorithmArgs {
  std::string line;
  bool trace = false;
  bool json = false;
  std::string format;
};

nlohmann::json move_json(const games::CoinsSumMove& m, const char* player, bool several) {
  return {{"move", (several ? fmt::format("string {}: ", m.line + 1) : std::string()) + fmt::format("{},{}", m.first, m.second)},
          {"player", player},
          {"string", m.line + 1},
          {"coins", {m.first, m.second}},
          {"result", m.result},
          {"value", m.sum_after.str()}};
}

std::string move_text(const games::CoinsSumMove& m, bool several) {
  std::string where = several ? fmt::format("string {}, ", m.line + 1) : "";
  return fmt::format("{}coins {} and {} -> {} (value {})", where, m.first, m.second, m.result.empty() ? "(no coins)" : m.result,
                     m.sum_after.str());
}


// coins value --format latex|markdown: the sum, each line, the winning moves (at most --limit per player).
void print_value_tables(const ValueArgs& a, const std::string& format, const games::CoinsSumAnalysis& sum,
                        const std::string& method) {
  const bool several = sum.lines.size() > 1;
  FactsTable facts;
  facts.comments = {"cgtlab coins value: FLIPPING COINS (seed 003), coins numbered from 1 at the left"};
  facts.add(several ? "value of the sum" : "value", value_cell(sum.total)).add("outcome", outcome_cell(cgt::to_string(sum.outcome)));
  facts.add("method", text_cell(method));
  Table lines{"lll", {text_cell("string"), text_cell("value"), text_cell("method")}, {}, {}};
  for (std::size_t i = 0; i < sum.lines.size(); ++i)
    lines.rows.push_back({code_cell(sum.lines[i]), value_cell(sum.values[i].game), text_cell(games::to_string(sum.values[i].method))});
  Table moves{several ? "lrlll" : "llll", {text_cell("player")}, {}, {}};
  if (several) moves.header.push_back(text_cell("string"));
  for (const char* h : {"coins", "string after it", "value after it"}) moves.header.push_back(text_cell(h));
  for (auto [who, list] : {std::pair{"Left", &sum.left_winning}, std::pair{"Right", &sum.right_winning}}) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      if (a.limit != 0 && i == a.limit) {
        moves.comments.push_back(fmt::format("{}: {}", who, limit_note(list->size(), i)));
        break;
      }
      const auto& m = (*list)[i];
      std::vector<Cell> row{text_cell(who)};
      if (several) row.push_back(number_cell(std::to_string(m.line + 1)));
      row.insert(row.end(), {code_cell(fmt::format("{},{}", m.first, m.second)), code_cell(m.result), value_cell(m.sum_after)});
      moves.rows.push_back(std::move(row));
    }
  }
  moves.comments.insert(moves.comments.begin(), "the winning moves of each player");
  std::vector<Table> tables{facts, lines};
  if (!moves.rows.empty()) tables.push_back(std::move(moves));
  if (a.analyze)
    run_with_large_stack([&] { tables.push_back(analysis_table(sum.total, "cgtlab coins value --analyze: the sum")); });
  print_tables(format, tables);
}

void run_value(const ValueArgs& a) {
  const std::string format = output_format(a.format, a.json, kTableFormats);
  std::vector<std::string> lines;
  for (const auto& s : a.lines) lines.push_back(games::FlippingCoins::parse(s));
  games::CoinsValuer valuer(games::kCoinsSearchMaxLength, search_limits(a.max_positions));
  auto sum = games::analyse_coins_sum(lines, valuer);
  const std::string method = games::coins_methods_text(sum);
  const bool several = lines.size() > 1;
  if (format == "latex" || format == "markdown") {
    print_value_tables(a, format, sum, method);
    return;
  }
  if (format == "json") {
    nlohmann::json values = nlohmann::json::array(), methods = nlohmann::json::array();
    for (const auto& v : sum.values) {
      values.push_back(v.game.str());
      methods.push_back(games::to_string(v.method));
    }
    nlohmann::json winning = nlohmann::json::array();
    for (const auto& m : sum.left_winning) winning.push_back(move_json(m, "left", several));
    for (const auto& m : sum.right_winning) winning.push_back(move_json(m, "right", several));
    nlohmann::json j{{"strings", sum.lines},
                     {"value", sum.total.str()},
                     {"values", values},
                     {"outcome", cgt::to_string(sum.outcome)},
                     {"winning_moves", winning},
                     {"method", method},
                     {"methods", methods}};
    if (a.analyze) run_with_large_stack([&] { j["analysis"] = analysis_json(sum.total); });
    limit_json_list(j, "winning_moves", a.limit);
    print_json(j);
    return;
  }
  for (std::size_t i = 0; i < sum.lines.size(); ++i) {
    fmt::print("{} = {}{}\n", a.lines[i], sum.values[i].game.str(),
               sum.values[i].method == games::CoinsMethod::Search ? "" : "  [" + games::to_string(sum.values[i].method) + "]");
  }
  if (several) fmt::print("sum = {}\n", sum.total.str());
  fmt::print("outcome {}\n", outcome_phrase(sum.outcome));
  auto list = [&](const char* who, const std::vector<games::CoinsSumMove>& moves) {
    if (moves.empty()) {
      fmt::print("{} to move: no winning move\n", who);
      return;
    }
    fmt::print("{} to move wins by ({}):\n", who, moves.size());
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (a.limit != 0 && i == a.limit) {
        fmt::print("  {}\n", limit_note(moves.size(), i));
        break;
      }
      fmt::print("  {}\n", move_text(moves[i], several));
    }
  };
  list("Left", sum.left_winning);
  list("Right", sum.right_winning);
  fmt::print("method: {}\n", method);
  if (a.analyze) run_with_large_stack([&] { fmt::print("\n{}", analysis_text(sum.total)); });
}

void run_algorithm(const AlgorithmArgs& a) {
  const std::string line = games::FlippingCoins::parse(a.line);
  const std::string format = output_format(a.format, a.json, kTableFormats);
  auto r = games::run_coins_algorithm(line, true);
  if (format == "latex" || format == "markdown") {
    auto coins = [](const std::string& s) { return code_cell(s.empty() ? "(no coins)" : s); };
    FactsTable facts;
    facts.comments = {"cgtlab coins algorithm: the value algorithm of seed 003 (Theorem 3.3), step by step"};
    facts.add("string", coins(r.input)).add("reduced (Step 2)", coins(r.reduced)).add("partition (Step 3)", coins(r.partition()));
    facts.add(Cell{"base G_i", "base $G_i$"}, coins(r.base)).add("base value (Lemma 4.6)", value_cell(r.base_value));
    facts.add("ordinal sum", code_cell(r.ordinal_sum_text())).add("value", value_cell(r.value));
    facts.add("sign expansion", code_cell(r.signs));
    std::vector<Table> tables{facts};
    if (!r.reductions.empty()) {
      Table steps{"lrll", {text_cell("rule"), text_cell("at coin"), text_cell("before"), text_cell("after")}, {},
                  {"Step 2: 0111 -> 10 when followed by a 1 (a) or by an even number of 1s (b)"}};
      for (const auto& st : r.reductions)
        steps.rows.push_back({text_cell(std::string("2(") + st.rule + ")"), number_cell(std::to_string(st.position)),
                              coins(st.before), coins(st.after)});
      tables.push_back(std::move(steps));
    }
    if (!r.terms.empty()) {
      Table terms{"rlrrl", {text_cell("i"), text_cell("Q_i"), text_cell("p"), text_cell("q"), text_cell("exponent")}, {},
                  {"Step 3: Q_i = 0^p 1 0^q 1, exponent 1/2^(2p+q-1)"}};
      terms.header[1] = Cell{"Q_i", "$Q_i$"};
      for (std::size_t i = 0; i < r.terms.size(); ++i) {
        const auto& t = r.terms[i];
        terms.rows.push_back({number_cell(std::to_string(i)), code_cell(t.piece), number_cell(std::to_string(t.p)),
                              number_cell(std::to_string(t.q)), value_cell(games::inverse_power_of_two(t.exponent_power))});
      }
      tables.push_back(std::move(terms));
    }
    print_tables(format, tables);
    return;
  }
  if (format == "json") {
    nlohmann::json steps = nlohmann::json::array(), terms = nlohmann::json::array(), partial = nlohmann::json::array();
    for (const auto& s : r.reductions)
      steps.push_back({{"rule", std::string("2(") + s.rule + ")"}, {"position", s.position}, {"before", s.before}, {"after", s.after}});
    for (const auto& t : r.terms)
      terms.push_back({{"Q", t.piece}, {"p", t.p}, {"q", t.q}, {"exponent", games::inverse_power_of_two(t.exponent_power).str()}});
    for (const auto& v : r.partial_values) partial.push_back(v.str());
    print_json({{"string", r.input},
                {"reductions", steps},
                {"reduced", r.reduced},
                {"partition", r.partition()},
                {"terms", terms},
                {"base", r.base},
                {"base_value", r.base_value.str()},
                {"ordinal_sum", r.ordinal_sum_text()},
                {"partial_values", partial},
                {"sign_expansion", r.signs},
                {"value", r.value.str()}});
    return;
  }
  if (a.trace) {
    fmt::print("Step 2 (reductions: 0111 -> 10 when followed by a 1 (a) or by an even number of 1s (b)):\n");
    fmt::print("  {}\n", r.input);
    for (const auto& s : r.reductions)
      fmt::print("  = {}   2({}) at coins {}..{}: 0111 -> 10\n", s.after, s.rule, s.position, s.position + 3);
    if (r.reductions.empty()) fmt::print("  (no reduction applies)\n");
    fmt::print("Step 3 (cut off Q_i = 0^p 1 0^q 1 while G_i = alpha 0 1^a 0^p 1 0^q 1, a > 0, p + q >= 1):\n");
    std::string g = r.reduced;
    for (std::size_t i = 0; i < r.terms.size(); ++i) {
      const auto& t = r.terms[i];
      g.resize(g.size() - t.piece.size());
      fmt::print("  G_{} = {}: Q_{} = {} (p = {}, q = {}), exponent 1/2^(2p+q-1) = {}, G_{} = {}\n", i, g + t.piece, i,
                 t.piece, t.p, t.q, games::inverse_power_of_two(t.exponent_power).str(), i + 1, g);
    }
    const std::size_t i = r.terms.size();
    fmt::print("Step 5 (Lemma 4.6): G_{} = {} = {}\n", i, r.base.empty() ? "(no coins)" : r.base,
               r.base_is_zeros_then_one ? fmt::format("0^{} 1 = -{} = {}", r.base_r, r.base_r, r.base_value.str())
                                        : fmt::format("1^{} 0^{} 1 0^{} 1 = floor({}/2) + 1/2^{} = {}", r.base_a, r.base_p,
                                                      r.base_q, r.base_a, 2 * r.base_p + r.base_q, r.base_value.str()));
    fmt::print("Step 6 (v_j = v_(j+1) : 1/2^(2p_j+q_j-1)):\n");
    for (std::size_t k = 1; k < r.partial_values.size(); ++k) {
      const std::size_t j = i - k;
      fmt::print("  v_{} = {} : {} = {}\n", j, r.partial_values[k - 1].str(),
                 games::inverse_power_of_two(r.terms[j].exponent_power).str(), r.partial_values[k].str());
    }
  }
  fmt::print("reduced:     {}\n", r.reduced.empty() ? "(no coins)" : r.reduced);
  fmt::print("partition:   {}\n", r.partition().empty() ? "(no coins)" : r.partition());
  fmt::print("ordinal sum: {}\n", r.ordinal_sum_text());
  fmt::print("value:       {}\n", r.value.str());
}

}  // namespace

void add_coins_command(CLI::App& app) {
  auto* coins = app.add_subcommand("coins", std::string("FLIPPING COINS (seed 003).\n") + kRules);
  coins->require_subcommand(1);

  auto value_args = std::make_shared<ValueArgs>();
  auto* value = coins->add_subcommand(
      "value", std::string("Exact values of lines of coins and of their sum. The outcome and every winning move "
                           "(which string, which pair of coins). Lines of at most ") +
                   std::to_string(games::kCoinsSearchMaxLength) +
                   " coins are searched; longer lines are valued by the chapter's algorithm (Theorem 3.3). " + kRules);
  value->add_option("strings", value_args->lines, "0-1 strings, e.g. 0101011111 1101100111")->required();
  value->add_flag("--json", value_args->json, "one JSON object: value, values, outcome, winning_moves, method");
  value->add_flag("--analyze", value_args->analyze,
                  "also analyse the value of the sum as `cgtlab analyze` does (JSON: key \"analysis\")");
  value->add_option("--max-positions", value_args->max_positions,
                    "stop with exit code 2 after valuing lines of this many coins in all (every move's "
                    "result is valued; 0: no cap)")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 62));
  add_limit_option(value, value_args->limit, "winning moves");
  add_format_option(value, value_args->format, kTableFormats);
  value->callback([value_args] { run_value(*value_args); });

  auto alg_args = std::make_shared<AlgorithmArgs>();
  auto* alg = coins->add_subcommand(
      "algorithm", std::string("The chapter's value algorithm, step by step. Reductions 2(a)/2(b), the partition into Q_0 ... "
                               "Q_(i-1), G_i, the ordinal sum and the value; exact at any length. ") +
                       kRules);
  alg->add_option("string", alg_args->line, "a 0-1 string")->required();
  alg->add_flag("--trace", alg_args->trace, "print every step as in the paper's worked examples");
  alg->add_flag("--json", alg_args->json, "one JSON object with every step");
  add_format_option(alg, alg_args->format, kTableFormats);
  alg->callback([alg_args] { run_algorithm(*alg_args); });
}

}  // namespace cgtlab::cli
