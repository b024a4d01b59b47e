// cgtlab pebbling: the impartial (k+1:k)-pebbling game of seed 000 on any simple graph.
#include <fmt/core.h>

#include <chrono>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>

#include "games/pebbling/c4.h"
#include "games/pebbling/grundy.h"
#include "games/pebbling/pattern.h"
#include "games/pebbling/threshold.h"
#include "store/pebbling.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/ranks.h"
#include "cli/table.h"
#include "graph/graph.h"
#include "util/error.h"
#include "util/parse.h"

namespace cgtlab::cli {

namespace {

using games::Weight;
using games::Pebbling;

constexpr const char* kRules =
    "The (k+1:k)-pebbling game: a position puts pebbles on the vertices of a simple graph G. "
    "A move takes k+1 pebbles from one vertex and adds k pebbles to an adjacent vertex; the "
    "player with no move loses. Every move lowers the total by one. m^(k+1:k)(G) is the least "
    "total m such that every position with m pebbles is a first-player win (N); then totals "
    "m+2r are all N and totals m+2r+1 all P.";

struct Options {
  std::string graph = "K3";
  int k = 1;
  std::string position;
  int total = 0;
  bool labelled = false;
  int max_total = 120;
  std::string n_range = "3..10";
  std::string k_range = "1..6";
  std::string format = "text";
  bool json = false;
  std::uint64_t max_positions = 0;
  std::string store;  // result store file (--store)
  std::size_t limit = 50;
};

nlohmann::json weight_json(Weight w) {
  if (w <= static_cast<Weight>(UINT64_MAX)) return static_cast<std::uint64_t>(w);
  return fmt::format("{}", w);
}

std::pair<int, int> parse_range(const std::string& text, const char* flag) {
  auto number = [&](std::string_view s) {
    auto v = parse_integer<int>(s);
    if (!v) throw InputError(std::string(flag) + ": expected A..B or a single integer, got '" + text + "'");
    return *v;
  };
  auto dots = text.find("..");
  if (dots == std::string::npos) {
    int v = number(text);
    return {v, v};
  }
  return {number(std::string_view(text).substr(0, dots)), number(std::string_view(text).substr(dots + 2))};
}

Pebbling make_rules(const Options& o) { return Pebbling(graph::parse_graph(o.graph), o.k); }

std::string game_name(const Options& o) { return fmt::format("m^({}:{})({})", o.k + 1, o.k, o.graph); }

void run_grundy(const Options& o) {
  Pebbling rules = make_rules(o);
  Pebbling::Position p = rules.parse_position(o.position);
  const std::string format = output_format(o.format, o.json, kTableFormats);
  games::PebblingGrundy g = games::pebbling_grundy(rules, p, search_limits(o.max_positions));
  if (format == "latex" || format == "markdown") {
    FactsTable facts;
    facts.comments = {fmt::format("cgtlab pebbling grundy: position {} on {} with k={}", rules.to_string(p), escape_text(o.graph), o.k)};
    facts.add("graph", code_cell(o.graph)).add("k", number_cell(std::to_string(o.k))).add("position", code_cell(rules.to_string(p)));
    facts.add("value", nimber_cell(g.grundy)).add("outcome", outcome_cell(g.grundy == 0 ? "P" : "N"));
    facts.add("winning moves", number_cell(std::to_string(g.winning_moves.size())));
    std::vector<Table> tables{facts};
    if (!g.winning_moves.empty()) {
      Table moves{"ll", {text_cell("winning move"), text_cell("position after it")}, {}, {}};
      for (const auto& m : g.winning_moves) {
        if (o.limit != 0 && moves.rows.size() == o.limit) {
          moves.comments.push_back(limit_note(g.winning_moves.size(), moves.rows.size()));
          break;
        }
        moves.rows.push_back({code_cell(rules.graph().vertex_name(m.from) + "->" + rules.graph().vertex_name(m.to)),
                              code_cell(rules.to_string(rules.apply(p, m)))});
      }
      tables.push_back(std::move(moves));
    }
    print_tables(format, tables);
    return;
  }
  if (format == "json") {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : g.winning_moves) {
      const std::string from = rules.graph().vertex_name(m.from), to = rules.graph().vertex_name(m.to);
      moves.push_back({{"move", fmt::format("{}->{}", from, to)}, {"from", from}, {"to", to}, {"result", rules.to_string(rules.apply(p, m))}});
    }
    nlohmann::json j{{"graph", o.graph},
                     {"k", o.k},
                     {"position", rules.to_string(p)},
                     {"grundy", g.grundy},
                     {"outcome", g.grundy == 0 ? "P" : "N"},
                     {"winning_moves", moves},
                     {"positions", g.positions}};
    limit_json_list(j, "winning_moves", o.limit);
    print_json(j);
    return;
  }
  fmt::print("position {} on {} with k={}\n", rules.to_string(p), escape_text(o.graph), o.k);
  fmt::print("value:   {} (Grundy value {})\noutcome: {}\n", nimber_text(g.grundy), g.grundy,
             outcome_phrase(g.grundy == 0 ? "P" : "N"));
  std::size_t shown = 0;
  for (const auto& m : g.winning_moves) {
    if (o.limit != 0 && shown == o.limit) {
      fmt::print("  {}\n", limit_note(g.winning_moves.size(), shown));
      break;
    }
    ++shown;
    fmt::print("  winning move {} -> {}: {}\n", rules.graph().vertex_name(m.from), rules.graph().vertex_name(m.to),
               rules.to_string(rules.apply(p, m)));
  }
}

void run_ppositions(const Options& o) {
  Pebbling rules = make_rules(o);
  const std::string format = output_format(o.format, o.json, kTableFormats);
  auto ps = games::pebbling_p_positions(rules, o.total, o.labelled, search_limits(o.max_positions));
  if (format == "latex" || format == "markdown") {
    Table t{"rl", {text_cell("#"), text_cell("P-position")}, {}, {}};
    for (const auto& p : ps) t.rows.push_back({number_cell(std::to_string(t.rows.size() + 1)), code_cell(rules.to_string(p))});
    t.comments = {fmt::format("cgtlab pebbling ppositions: the P-positions of total {} on {} with k={} ({}): {}", o.total,
                              escape_text(o.graph), o.k, o.labelled ? "labelled" : "one per symmetry class", ps.size())};
    print_tables(format, {t});
    return;
  }
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& p : ps) list.push_back(std::vector<int>(p.begin(), p.end()));
    print_json({{"graph", o.graph},
                {"k", o.k},
                {"total", o.total},
                {"labelled", o.labelled},
                {"count", ps.size()},
                {"p_positions", list}});
    return;
  }
  fmt::print("# P-positions of total {} on {} with k={} ({}): {}\n", o.total, o.graph, o.k,
             o.labelled ? "labelled" : "one per symmetry class", ps.size());
  for (const auto& p : ps) fmt::print("{}\n", rules.to_string(p));
}

void run_mvalue(const Options& o) {
  const std::string format = output_format(o.format, o.json, kTableFormats);
  Pebbling rules = make_rules(o);
  games::ThresholdOptions opt;
  opt.max_total = o.max_total;
  opt.limits = search_limits(o.max_positions);
  auto started = std::chrono::steady_clock::now();
  std::uint64_t handled = 0;
  opt.on_layer = [&](int t, std::size_t stored) {
    handled += stored;
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    progress(fmt::format("total {} / {}: {} classes stored, {:.0f} classes/s, {:.1f} s", t, o.max_total, stored,
                         s > 0 ? static_cast<double>(handled) / s : 0.0, s));
  };
  // Under mpirun -np N: one search partitioned over the ranks; rank 0 alone holds the store.
  opt.comm = run_comm();
  std::unique_ptr<store::Store> st;
  if (!o.store.empty()) st = store::open_on_rank0(o.store, opt.comm);
  auto stored = store::pebbling_threshold_stored(o.graph, o.k, opt, st.get());
  const auto& r = stored.result;
  progress_done();
  auto nonempty = r.nonempty_p_totals();
  std::optional<games::ResiduePattern> pattern;
  if (!r.m) pattern = games::find_residue_pattern(rules, o.max_total, search_limits(o.max_positions));
  if (format == "latex" || format == "markdown") {
    // The answer, then the layers: the evidence (--json's "layers").
    FactsTable facts;
    facts.comments = {fmt::format("cgtlab pebbling mvalue: {} searched to total {}", game_name(o), r.searched_to)};
    facts.add("graph", code_cell(o.graph)).add("k", number_cell(std::to_string(o.k)));
    facts.add("m", r.m ? number_cell(std::to_string(*r.m)) : text_cell(fmt::format("none up to {}", r.bound)));
    facts.add("searched to total", number_cell(std::to_string(r.searched_to)));
    facts.add("totals with a non-empty P-set", code_cell(games::compress_totals(nonempty)));
    if (r.m) facts.add("alternation after m", text_cell(r.consequence_holds ? "holds" : "fails"));
    if (pattern) facts.add("residue pattern", text_cell(pattern->description));
    Table layers{"rrrrcr",
                 {text_cell("total"), text_cell("positions"), text_cell("P-positions (labelled)"), text_cell("classes stored"),
                  text_cell("stored side"), text_cell("P classes")},
                 {},
                 {"a row per total searched: positions and P-positions counted labelled; the side of each total stored (P or N)"}};
    for (const auto& l : r.layers)
      layers.rows.push_back({number_cell(std::to_string(l.total)), number_cell(fmt::format("{}", l.positions)),
                             number_cell(fmt::format("{}", l.p_labelled)), number_cell(std::to_string(l.stored)),
                             outcome_cell(l.stored_p ? "P" : "N"),
                             l.p_classes ? number_cell(fmt::format("{}", *l.p_classes)) : text_cell("")});
    print_tables(format, {facts, layers});
    return;
  }
  if (format == "json") {
    nlohmann::json layers = nlohmann::json::array();
    for (const auto& l : r.layers) {
      nlohmann::json j = {{"total", l.total}, {"positions", weight_json(l.positions)}, {"p_labelled", weight_json(l.p_labelled)},
                          {"stored", l.stored}, {"stored_side", l.stored_p ? "P" : "N"}};
      if (l.p_classes) j["p_classes"] = weight_json(*l.p_classes);
      if (run_ranks() > 1 && !stored.from_store) j["bytes_exchanged"] = l.bytes_exchanged;
      layers.push_back(j);
    }
    nlohmann::json out = {{"graph", o.graph},
                          {"k", o.k},
                          {"m", r.m ? nlohmann::json(*r.m) : nlohmann::json(nullptr)},
                          {"searched_to", r.searched_to},
                          {"bound", r.bound},
                          {"nonempty_p_totals", nonempty},
                          {"consequence_holds", r.consequence_holds},
                          {"from_store", stored.from_store},
                          {"seconds", stored.seconds},
                          {"layers", layers}};
    if (run_ranks() > 1) {
      out["ranks"] = run_ranks();
      out["bytes_exchanged"] = r.bytes_exchanged;
    }
    if (pattern) out["residue_pattern"] = {{"modulus", pattern->modulus}, {"from_total", pattern->from_total},
                                           {"to_total", pattern->to_total}, {"description", pattern->description}};
    print_json(out);
    return;
  }
  if (r.m) {
    fmt::print("{} = {}\n", game_name(o), *r.m);
    if (r.consequence_holds) {
      fmt::print("checked: totals {}+2r all N and {}+2r+1 all P for every total up to {}\n", *r.m, *r.m, r.searched_to);
    } else {
      fmt::print("NOTE: the alternation after m fails at total {}\n", *r.consequence_failure);
    }
  } else {
    fmt::print("{}: none up to {}\n", game_name(o), r.bound);
    fmt::print("totals with a non-empty P-set: {}\n", games::compress_totals(nonempty));
    if (pattern) {
      fmt::print("residue pattern: {} (checked on every labelled position of total {}..{})\n", pattern->description,
                 pattern->from_total, pattern->to_total);
    }
  }
}

void run_table(const Options& o) {
  auto [n_lo, n_hi] = parse_range(o.n_range, "--n");
  auto [k_lo, k_hi] = parse_range(o.k_range, "--k");
  // A move takes k+1 pebbles, so k beyond the largest total changes nothing; the cap
  // also bounds the table (at most 64 rows, --n's cap).
  if (k_hi > 256)
    throw InputError("--k: at most 256 (got " + std::to_string(k_hi) + ")");
  const std::string format = output_format(o.format, o.json, {"text", "csv", "json", "latex", "markdown"});
  games::ThresholdOptions opt;
  opt.max_total = o.max_total;
  opt.limits = search_limits(o.max_positions);
  std::mutex m;
  opt.on_layer = [&](int done, std::size_t cells) {
    std::lock_guard lock(m);
    progress(fmt::format("table: {} of {} cells done", done, cells));
  };
  // With a store: cell after cell through it (stored cells are not recomputed).
  games::ThresholdTable table;
  if (!o.store.empty()) {
    store::Store st(o.store);
    store::SweepOptions so;
    so.n_lo = n_lo, so.n_hi = n_hi, so.k_lo = k_lo, so.k_hi = k_hi;
    so.threshold = opt;
    so.threshold.on_layer = nullptr;
    so.store = &st;
    so.on_cell = [&](const store::SweepCell&, int done, int cells) { opt.on_layer(done, static_cast<std::size_t>(cells)); };
    auto cells = store::sweep_pebbling(so);
    table.n_lo = n_lo, table.n_hi = n_hi, table.k_lo = k_lo, table.k_hi = k_hi, table.bound = o.max_total;
    table.cells.assign(static_cast<std::size_t>(n_hi - n_lo) + 1, std::vector<games::PebblingThreshold>(static_cast<std::size_t>(k_hi - k_lo) + 1));
    for (const auto& c : cells) {
      if (c.status == "capped") throw CapReached(fmt::format("K{} k={}: {}", c.n, c.k, c.stopped));
      table.cells[c.n - n_lo][c.k - k_lo].m = c.m;
    }
  } else {
    table = games::complete_graph_thresholds(n_lo, n_hi, k_lo, k_hi, opt);
  }
  progress_done();
  if (format == "json") {
    nlohmann::json rows = nlohmann::json::array();
    for (int n = n_lo; n <= n_hi; ++n) {
      nlohmann::json ms = nlohmann::json::array();
      for (int k = k_lo; k <= k_hi; ++k) {
        const auto& c = table.at(n, k);
        ms.push_back(c.m ? nlohmann::json(*c.m) : nlohmann::json(nullptr));
      }
      rows.push_back({{"n", n}, {"m", ms}});
    }
    std::vector<int> ks;
    for (int k = k_lo; k <= k_hi; ++k) ks.push_back(k);
    print_json({{"graph", "K_n"}, {"n_range", {n_lo, n_hi}}, {"k_range", {k_lo, k_hi}}, {"k_values", ks}, {"bound", o.max_total}, {"rows", rows}});
    return;
  }
  if (format == "latex" || format == "markdown") {
    Table t{"r", {Cell{"n\\k", "$n \\backslash k$"}}, {},
            {fmt::format("m^(k+1:k)(K_n), n = {}..{}, k = {}..{} (cgtlab pebbling table)", n_lo, n_hi, k_lo, k_hi),
             fmt::format("an empty cell: no m up to total {}", o.max_total)}};
    for (int k = k_lo; k <= k_hi; ++k) {
      t.align += 'r';
      t.header.push_back(number_cell(std::to_string(k)));
    }
    for (int n = n_lo; n <= n_hi; ++n) {
      std::vector<Cell> row{number_cell(std::to_string(n))};
      for (int k = k_lo; k <= k_hi; ++k) {
        const auto& c = table.at(n, k);
        row.push_back(c.m ? number_cell(std::to_string(*c.m)) : text_cell(""));
      }
      t.rows.push_back(std::move(row));
    }
    print_tables(format, {t});
    return;
  }
  if (format == "csv") {
    std::string header = "n";
    for (int k = k_lo; k <= k_hi; ++k) header += "," + std::to_string(k);
    fmt::print("{}\n", header);
    for (int n = n_lo; n <= n_hi; ++n) {
      std::string line = std::to_string(n);
      for (int k = k_lo; k <= k_hi; ++k) {
        const auto& c = table.at(n, k);
        line += "," + (c.m ? std::to_string(*c.m) : std::string());
      }
      fmt::print("{}\n", line);
    }
    return;
  }
  std::string header = "n\\k";
  for (int k = k_lo; k <= k_hi; ++k) header += fmt::format("{:>5}", k);
  fmt::print("{}\n", header);
  bool any_empty = false;
  for (int n = n_lo; n <= n_hi; ++n) {
    std::string line = fmt::format("{:<3}", n);
    for (int k = k_lo; k <= k_hi; ++k) {
      const auto& c = table.at(n, k);
      if (!c.m) any_empty = true;
      line += fmt::format("{:>5}", c.m ? std::to_string(*c.m) : std::string());
    }
    fmt::print("{}\n", line);
  }
  fmt::print("Values of m^(k+1:k)(K_n); an empty cell: no m up to total {}.\n", o.max_total);
  (void)any_empty;
}

void run_classify(const Options& o) {
  Pebbling rules = make_rules(o);
  const std::string format = output_format(o.format, o.json, kTableFormats);
  auto r = games::classify_c4(rules, o.max_total, search_limits(o.max_positions));
  if (format == "latex" || format == "markdown") {
    // Table 5's layout: rows Y, columns X; a cell: Table 5's outcome, then P-positions/positions
    // found by the search, and the mismatches when there are any.
    Table t{"lccccc", {text_cell("")}, {},
            {fmt::format("Table 5 of seed 000: the (2:1) game on C4, every labelled position of total 0..{} "
                         "({} positions; cgtlab pebbling classify)", r.max_total, r.positions),
             "a cell: Table 5's outcome, then P-positions/positions found by the search",
             r.mismatches == 0 && r.partition_failures == 0
                 ? std::string("Table 5 agrees with the search on every position")
                 : fmt::format("MISMATCHES: {} positions disagree with Table 5, {} outside the partition", r.mismatches,
                               r.partition_failures)}};
    for (std::size_t x = 0; x < 5; ++x) t.header.push_back(math_cell(r.cells[x].x_name, games::to_latex(r.cells[x].x)));
    for (std::size_t y = 0; y < 4; ++y) {
      std::vector<Cell> row{math_cell(r.cells[y * 5].y_name, games::to_latex(r.cells[y * 5].y))};
      for (std::size_t x = 0; x < 5; ++x) {
        const games::C4Cell& c = r.cells[y * 5 + x];
        const char* p = c.predicted_p ? "P" : "N";
        Cell v{fmt::format("{} ({}/{})", p, c.p_positions, c.positions),
               fmt::format("$\\mathcal{{{}}}$ ({}/{})", p, c.p_positions, c.positions)};
        if (c.mismatches) {
          v.text += fmt::format(" ({} mismatches)", c.mismatches);
          v.latex += fmt::format(" \\textbf{{{} mismatches}}", c.mismatches);
        }
        row.push_back(std::move(v));
      }
      t.rows.push_back(std::move(row));
    }
    print_tables(format, {t});
  } else if (format == "json") {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : r.cells) {
      cells.push_back({{"y", c.y_name},
                       {"x", c.x_name},
                       {"table5", c.predicted_p ? "P" : "N"},
                       {"positions", c.positions},
                       {"p_positions", c.p_positions},
                       {"mismatches", c.mismatches}});
    }
    print_json({{"graph", o.graph}, {"k", o.k}, {"max_total", o.max_total}, {"positions", r.positions},
                {"mismatches", r.mismatches}, {"cells", cells},
                {"first_mismatch", r.first_mismatch ? rules.to_string(*r.first_mismatch) : std::string()}});
  } else {
    fmt::print("{}", games::format_c4_classification(r));
  }
  if (r.mismatches != 0) set_exit_code(1);
}

}  // namespace

void add_pebbling_command(CLI::App& app) {
  auto* peb = app.add_subcommand("pebbling", std::string("(k+1:k)-pebbling games (seed 000).\n") + kRules);
  peb->require_subcommand(1);
  auto opts = std::make_shared<Options>();

  auto graph_opts = [&](CLI::App* c) {
    c->add_option("--graph", opts->graph, "the graph: K5, C4, P6, Petersen, 0-1,1-2, ...")->capture_default_str();
    c->add_option("--k", opts->k, "a move takes k+1 pebbles and adds k (k >= 1)")->capture_default_str();
    c->add_flag("--json", opts->json, "one JSON object on stdout");
    add_max_positions_option(c, opts->max_positions);
  };

  auto* grundy = peb->add_subcommand("grundy", std::string("Grundy value, outcome and winning moves of a position. ") + kRules);
  graph_opts(grundy);
  grundy->add_option("--position", opts->position, "pebbles per vertex: 3,1,0,2 or v=3,w=1")->required();
  add_format_option(grundy, opts->format, kTableFormats);
  add_limit_option(grundy, opts->limit, "winning moves");
  grundy->callback([opts] { run_grundy(*opts); });

  auto* pp = peb->add_subcommand("ppositions", std::string("The P-positions with a given total. ") + kRules);
  graph_opts(pp);
  pp->add_option("--total", opts->total, "total number of pebbles")->required();
  pp->add_flag("--labelled", opts->labelled, "every labelled position, not one per symmetry class");
  add_format_option(pp, opts->format, kTableFormats);
  pp->callback([opts] { run_ppositions(*opts); });

  auto* mv = peb->add_subcommand("mvalue", std::string("m^(k+1:k)(G). Or none up to the bound, with the evidence. ") + kRules);
  graph_opts(mv);
  mv->add_option("--max-total", opts->max_total, "search totals up to this bound")->capture_default_str();
  add_format_option(mv, opts->format, kTableFormats);
  mv->add_option("--store", opts->store,
                 "result store (SQLite file): answer from it when stored, else compute (resuming a checkpoint) and record");
  mv->callback([opts] { run_mvalue(*opts); });

  auto* table = peb->add_subcommand("table", std::string("The table of m^(k+1:k)(K_n) (Table 1 of seed 000). ") + kRules);
  table->add_option("--n", opts->n_range, "range of n, A..B")->capture_default_str();
  table->add_option("--k", opts->k_range, "range of k, C..D")->capture_default_str();
  table->add_option("--max-total", opts->max_total, "search each cell to this total; empty cell: none up to it")
      ->capture_default_str();
  table->add_option("--format", opts->format, "text, csv, json, latex (a booktabs tabular for a paper) or markdown")
      ->capture_default_str();
  table->add_option("--store", opts->store, "result store (SQLite file): stored cells are not recomputed");
  table->add_flag("--json", opts->json, "one JSON object on stdout (same as --format json)");
  add_max_positions_option(table, opts->max_positions);
  table->callback([opts] { run_table(*opts); });

  auto* cl = peb->add_subcommand(
      "classify",
      std::string("The (2:1) game on C4 by Table 5's residue classes. Table 5 of seed 000 (X classes mod 3, Y classes "
                  "mod 4), checked against the search on every position up to a total. ") +
          kRules);
  graph_opts(cl);
  cl->add_option("--max-total", opts->max_total, "check every position up to this total")->capture_default_str();
  cl->add_option("--format", opts->format, "text, json, latex (Table 5's layout as a booktabs tabular) or markdown")
      ->capture_default_str();
  cl->callback([opts] { run_classify(*opts); });
}

}  // namespace cgtlab::cli
