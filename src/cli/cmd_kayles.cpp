// cgtlab wak / arckayles / nodekayles / rooks: the games of seed 004 (Weighted Arc-Kayles).
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <filesystem>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "cgt/nimber.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/search_progress.h"
#include "cli/table.h"
#include "games/kayles/endgame_db.h"
#include "games/kayles/rules.h"
#include "games/kayles/nimber_search.h"
#include "games/kayles/solver.h"
#include "games/kayles/table_check.h"
#include "games/kayles/wak_analyze.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_reduce.h"
#include "games/kayles/wak_text.h"
#include "games/kayles/winning.h"
#include "games/rooks/grundy.h"
#include "games/rooks/rules.h"
#include "graph/graph.h"
#include "util/error.h"
#include "util/memory_line.h"

namespace cgtlab::cli {

namespace {

constexpr const char* kWakRules =
    "Weighted Arc-Kayles (WAK, seed 004): an undirected graph, loops allowed (u-u), with a number of "
    "counters on each vertex. A move chooses an edge whose two endpoints both hold a counter and "
    "removes one counter from each endpoint; a loop removes one counter from its vertex. Normal play: "
    "whoever cannot move loses. --weights: one number per vertex in vertex order (3,1,0,2) or name=value "
    "pairs (a=3,c=1; unnamed vertices hold 0). Moves are written a-b (the edge a-b) or a~ (the loop at a).";
constexpr const char* kArcRules =
    "Arc-Kayles: a move deletes an edge together with both its endpoints (and every edge touching "
    "them). Normal play: whoever cannot move loses. Loopless undirected graphs, up to 512 vertices.";
constexpr const char* kNodeRules =
    "Node-Kayles: a move deletes a vertex together with all its neighbours. Normal play: whoever "
    "cannot move loses. Loopless undirected graphs, up to 512 vertices.";
constexpr const char* kRookRules =
    "Non-attacking rooks (seed 004, Section 3): an R x C board with holes. Players alternately place a "
    "rook on a free square (not a hole, not occupied) that no rook already placed attacks; a rook "
    "attacks along its row and its column up to the nearest hole or the edge. Whoever cannot place a "
    "rook loses. Squares are named like chess: columns a, b, c, ... from the left, rows 1, 2, ... from "
    "the bottom; --board 6x8 means 6 rows (1..6) and 8 columns (a..h).";

nlohmann::json value_json(const games::WakValue& v) {
  nlohmann::json j;
  j["grundy"] = v.grundy ? nlohmann::json(*v.grundy) : nlohmann::json(nullptr);
  j["outcome"] = v.outcome ? nlohmann::json(games::outcome_name(*v.outcome)) : nlohmann::json(nullptr);
  return j;
}

// The text every impartial command prints: "value: *3 (Grundy value 3)" and "outcome: N (...)".
void print_impartial(std::optional<std::uint64_t> grundy, std::optional<std::string> outcome) {
  if (grundy) fmt::print("value:   {} (Grundy value {})\n", nimber_text(*grundy), *grundy);
  else fmt::print("value:   not determined (the outcome may be)\n");
  fmt::print("outcome: {}\n", outcome ? outcome_phrase(*outcome) : std::string("not determined"));
}

void print_winning(const std::vector<std::string>& winning, std::size_t limit, const char* extra = "") {
  std::string list;
  for (std::size_t i = 0; i < winning.size(); ++i) {
    if (limit != 0 && i == limit) {
      list += " " + limit_note(winning.size(), i);
      break;
    }
    list += (i ? ", " : "") + winning[i];
  }
  fmt::print("winning moves: {}{}\n", winning.empty() ? "none" : list, extra);
}

// A move with the value after it (a Grundy value, or an outcome only), for the tables.
struct MoveValueRow {
  std::string move;
  std::optional<std::uint64_t> grundy;
  std::optional<std::string> outcome;  // after the move: "P" means the move wins
};

// <game> grundy --format latex|markdown: the facts (the caller's rows, then value, outcome and the
// number of winning moves when asked), then the moves: every move with its value when known
// (`moves`), else the winning moves; at most `limit` rows, a cut table says so.
void print_impartial_tables(const std::string& format, FactsTable facts, std::optional<std::uint64_t> grundy,
                            const std::optional<std::string>& outcome, const std::vector<std::string>* winning,
                            bool winning_complete, const std::vector<MoveValueRow>& moves, std::size_t limit) {
  facts.add("value", grundy ? nimber_cell(*grundy) : text_cell("not determined"));
  facts.add("outcome", outcome ? outcome_cell(*outcome) : text_cell("not determined"));
  std::vector<Table> tables;
  Table list;
  if (winning) {
    facts.add("winning moves", winning_complete ? number_cell(std::to_string(winning->size()))
                                                : text_cell(fmt::format("{} (some options undetermined)", winning->size())));
    if (!moves.empty()) {
      list = {"llc", {text_cell("move"), text_cell("value after it"), text_cell("")}, {}, {"every move; wins: to a P-position"}};
      for (const auto& m : moves)
        list.rows.push_back({code_cell(m.move),
                             m.grundy ? nimber_cell(*m.grundy)
                                      : text_cell(m.outcome ? "outcome " + *m.outcome : std::string("not determined")),
                             text_cell(m.outcome == "P" ? "wins" : "")});
    } else {
      list = {"l", {text_cell("winning move")}, {}, {}};
      for (const auto& m : *winning) list.rows.push_back({code_cell(m)});
    }
    if (limit != 0 && list.rows.size() > limit) {
      list.comments.push_back(limit_note(list.rows.size(), limit));
      list.rows.resize(limit);
    }
  }
  tables.push_back(std::move(facts));
  if (!list.rows.empty()) tables.push_back(std::move(list));
  print_tables(format, tables);
}

nlohmann::json winning_json(const std::vector<std::string>& winning) {
  nlohmann::json arr = nlohmann::json::array();
  for (const auto& m : winning) arr.push_back({{"move", m}});
  return arr;
}

nlohmann::json wak_json(const games::WakGraph& p) {
  nlohmann::json vs = nlohmann::json::array();
  for (int v = 0; v < p.n; ++v) vs.push_back({{"name", p.names[v]}, {"weight", p.weight[v]}, {"loop", p.has_loop(v)}});
  return {{"result", {{"graph", p.n ? games::wak_graph(p).to_spec() : "K0"}, {"weights", games::wak_weights_text(p)}, {"counters", vs}}}};
}

struct WakOptions {
  std::string graph, weights;
  bool json = false;
  std::string format;
  std::uint64_t max_positions = 0, max_vertices = 512;
  std::size_t limit = 50;
};

void run_wak_grundy(const WakOptions& o) {
  auto g = graph::parse_graph(o.graph);
  auto w = games::parse_wak_weights(g, o.weights);
  const std::string format = output_format(o.format, o.json, kTableFormats);
  games::WakAnalyser a(search_limits(o.max_positions));
  auto ans = a.analyse(g, w, true);
  auto [winning, all_known] = games::wak_winning_moves(ans);
  if (format == "latex" || format == "markdown") {
    FactsTable facts;
    facts.comments = {"cgtlab wak grundy: Weighted Arc-Kayles (seed 004)"};
    facts.add("graph", code_cell(o.graph)).add("weights", code_cell(o.weights));
    std::vector<MoveValueRow> moves;
    for (const auto& m : ans.moves)
      moves.push_back({m.move, m.value.grundy ? std::optional<std::uint64_t>(*m.value.grundy) : std::nullopt,
                       m.value.outcome ? std::optional(games::outcome_name(*m.value.outcome)) : std::nullopt});
    for (const auto& m : ans.value.methods) facts.add("method", text_cell(m));
    print_impartial_tables(format, std::move(facts),
                           ans.value.grundy ? std::optional<std::uint64_t>(*ans.value.grundy) : std::nullopt,
                           ans.value.outcome ? std::optional(games::outcome_name(*ans.value.outcome)) : std::nullopt,
                           &winning, all_known, moves, o.limit);
    return;
  }
  if (format == "json") {
    nlohmann::json j = value_json(ans.value);
    j["graph"] = o.graph;
    j["winning_moves"] = winning_json(winning);
    j["winning_moves_complete"] = all_known;
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& m : ans.moves) {
      auto mj = value_json(m.value);
      mj["move"] = m.move;
      moves.push_back(mj);
    }
    j["moves"] = moves;
    j["methods"] = ans.value.methods;
    limit_json_list(j, "winning_moves", o.limit);
    limit_json_list(j, "moves", o.limit);
    print_json(j);
    return;
  }
  print_impartial(ans.value.grundy, ans.value.outcome ? std::optional(games::outcome_name(*ans.value.outcome)) : std::nullopt);
  print_winning(winning, o.limit, all_known ? "" : " (some options undetermined)");
  for (const auto& m : ans.value.methods) fmt::print("method: {}\n", m);
}

void run_wak_reduce(const WakOptions& o) {
  auto g = graph::parse_graph(o.graph);
  auto p = games::make_wak(g, games::parse_wak_weights(g, o.weights));
  std::vector<std::string> log;
  auto r = games::reduce_wak(p, &log);
  if (o.json) {
    auto j = wak_json(r);
    j["graph"] = o.graph;
    j["steps"] = log;
    j["canonical"] = games::is_canonical(r);
    print_json(j);
    return;
  }
  for (const auto& s : log) fmt::print("{}\n", s);
  if (log.empty()) fmt::print("already canonical\n");
  fmt::print("canonical graph: {}\nweights: {}\n", r.n ? games::wak_graph(r).to_spec() : "(empty)", games::wak_weights_text(r));
}

void run_wak_to_arc(const WakOptions& o) {
  auto g = graph::parse_graph(o.graph);
  auto p = games::make_wak(g, games::parse_wak_weights(g, o.weights));
  auto h = games::wak_to_arc_kayles(p, o.max_vertices);
  if (o.json) {
    print_json({{"graph", o.graph}, {"result", {{"graph", h.order() ? h.to_spec() : "K0"}, {"vertices", h.order()}, {"edges", h.edge_count()}}}});
    return;
  }
  fmt::print("Arc-Kayles graph ({} vertices, {} edges; Corollary 2, same Grundy value):\n{}\n", h.order(),
             h.edge_count(), h.to_spec());
}

struct KaylesOptions {
  std::string graph;
  std::optional<std::string> after;  // --after MOVES: played first
  bool json = false;
  std::string format;
  bool value_only = false;
  bool move_values = false;
  bool outcome_only = false;
  std::optional<int> is_nimber;  // --is-nimber V
  bool lookup_only = false;
  std::uint64_t max_positions = 0;
  int threads = 1;
  std::uint64_t table_mib = 1024;
  bool table_mib_given = false;
  std::string table_file;
  double checkpoint = 300;
  std::string trunk_file;
  std::uint64_t trunk_entries = 100000;
  std::string seed_file;
  std::size_t limit = 50;
  std::string refutations = "use";
  std::uint64_t refutation_mib = 0;  // --refutation-mib (0: absent)
  int refutation_values = 16;
  std::uint64_t budget = 0;
  int budget_depth = 0;
  std::string one_value = "ascending";
  int ascending_gap = 2;
  std::uint64_t race = 4096;
  std::uint64_t root_rounds = 0;
  std::string mirror_first = "on";
  std::string packed_entries = "on";
  int front_bits = 12;
  int iso_keys = 0;
  bool stats = false;
  std::string db_file;
  std::string db_mode = "lookup";
  double progress = 0;  // --progress SECONDS (0: absent)
};

nlohmann::json search_stats_json(const solve::NimberSearchStats& s) {
  nlohmann::json phases = nlohmann::json::array();
  for (const auto& p : s.phases)
    phases.push_back({{"candidate", p.candidate},
                      {"positions", p.nodes},
                      {"seconds", p.seconds},
                      {"root_options", p.root_options},
                      {"root_options_settled", p.settled},
                      {"option_of_this_value", p.option_has_it},
                      {"option", p.option},
                      {"option_move", p.move.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.move)},
                      {"rounds", p.rounds}});
  return {{"positions", s.nodes},
          {"seconds", s.seconds},
          {"questions", s.calls},
          {"table_hits", s.table_hits},
          {"refuted_by_move_count", s.refuted_moves},
          {"refuted_in_generation", s.refuted_expand},
          {"refuted_by_search", s.refuted_search},
          {"exact", s.exact},
          {"refutation_hits", s.refutation_hits},
          {"refutation_narrowed", s.refutation_shrinks},
          {"refutation_high", s.refutation_high},
          {"refutation_repeat_positions", s.refutation_repeat_nodes},
          {"refutation_entries", s.refutation_entries},
          {"raised_lower_bound", s.raised_lower},
          {"single_value_first", s.single_first},
          {"ascending", s.ascending},
          {"budget_abandoned", s.budget_spent},
          {"budget_abandoned_positions", s.budget_positions},
          {"budget_abandoned_in_parts", s.budget_in_parts},
          {"mirror_proofs", s.mirror_proofs},
          {"front_cache_hits", s.front_hits},
          {"table_replaced", s.table_replaced},
          {"questions_by_set_size", {{"1", s.by_size[1]}, {"2", s.by_size[2]}, {"3", s.by_size[3]}, {"4", s.by_size[4]},
                                     {"5-8", s.by_size[5]}, {"full", s.by_size[0]}}},
          {"root_options", s.root_options},
          {"root_candidates", phases},
          {"positions_by_thread", s.thread_positions},
          {"root_questions_shared", s.shared_questions},
          {"root_questions_helped", s.helped_questions},
          {"root_questions_cancelled", s.cancelled_questions}};
}

// [{"value": 0, "move": "12-13"}, ...] (docs/json.md, "witnesses").
nlohmann::json witnesses_json(const std::vector<solve::NimberStatus::Witness>& witnesses) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& w : witnesses) out.push_back({{"value", w.value}, {"move", w.move}});
  return out;
}

// How far a search got, as the fields of a stopped run's JSON error object (docs/json.md,
// "reached"): counts, and only what is proved about the nimber.
nlohmann::json reached_json(const solve::NimberStatus& st) {
  nlohmann::json j{{"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - st.started).count()},
                   {"cpu_seconds", cpu_seconds()},
                   {"peak_rss_mib", peak_rss_mib()},
                   {"positions", st.positions.load()},
                   {"table_entries", st.table_entries.load()}};
  if (const std::uint64_t held = util::memory_line_refusals(); held != 0) j["table_growths_held"] = held;
  if (st.moves.load() > 0) {
    j["moves_checked"] = st.moves_checked.load();
    j["moves"] = st.moves.load();
  }
  if (const int v = st.nimber.load(); v >= 0) {
    j["nimber"] = v;
    return j;
  }
  if (!st.bounded.load()) {
    j["components_solved"] = st.components_done.load();
    j["components"] = st.components.load();
  }
  const std::vector<int> out = games::ruled_out_values(st);
  j["ruled_out"] = out;
  j["witnesses"] = witnesses_json(st.witness_list());
  if (!out.empty() && out.front() == 0) j["outcome"] = "N";
  const int asking = games::asking_value(st);
  j["asking"] = asking >= 0 ? nlohmann::json(asking) : nlohmann::json(nullptr);
  // Several components: the root asks its last component for asking ^ others_nim_sum.
  j["others_nim_sum"] = st.others_xor.load();
  // The root's options for the value asked: how many, how many proved not to have it, and the
  // ones the threads were asking (1-based, in the root's order) with how long each had been asked.
  if (const auto rp = st.root_progress(); asking >= 0 && rp.candidate == asking && rp.options > 0) {
    j["root_options"] = rp.options;
    j["root_options_settled"] = rp.settled;
    nlohmann::json asked = nlohmann::json::array();
    for (const auto& a : st.asked_options(asking)) {
      const std::string move = st.root_option_move(a.option);
      asked.push_back({{"thread", a.thread},
                       {"option", a.option},
                       {"move", move.empty() ? nlohmann::json(nullptr) : nlohmann::json(move)},
                       {"seconds", a.seconds}});
    }
    j["root_options_asked"] = asked;
  }
  return j;
}

// Progress (--progress SECONDS, else the terminal's line) and the report of a stop for a nimber
// search about to run with `opt`: the status it keeps is read by the ticker's thread and by the
// error report, which may come from the memory watchdog's thread while the search runs.
void report_search(games::NimberSearchOptions& opt, double progress_seconds) {
  auto status = std::make_shared<solve::NimberStatus>();
  opt.status = status.get();
  set_stop_report([status]() -> nlohmann::json {
    if (!status->engaged.load()) return nullptr;
    return {{"text", games::search_status_text(*status)}, {"fields", {{"reached", reached_json(*status)}}}};
  });
  if (progress_seconds > 0) {
    start_progress_log(progress_seconds, [status, line = SearchProgressLine(opt.table_bytes >> 20)]() mutable {
      return line(*status);
    });
  } else if (progress_enabled()) {
    opt.progress = [](const solve::NimberProgress& p) {
      const std::string root =
          p.root_options > 0 ? fmt::format(" ({} of {} root options not it)", p.root_settled, p.root_options) : "";
      progress(fmt::format("{} positions, {:.0f}/s, table {}/{} ({:.0f}%), testing nimber {}{}, {:.0f} s", p.nodes,
                           p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds : 0.0, p.table_entries,
                           p.table_capacity, 100.0 * static_cast<double>(p.table_entries) / static_cast<double>(p.table_capacity),
                           p.candidate, root, p.seconds));
    };
  }
}

// The lookup's rounds (NimberSearchResult::rounds): {candidate, file, options: [{move, budget}]}, or null.
nlohmann::json rounds_json(const games::NimberSearchResult& r) {
  if (r.rounds_candidate < 0) return nullptr;
  nlohmann::json options = nlohmann::json::array();
  for (const auto& x : r.rounds)
    options.push_back({{"move", x.move.empty() ? nlohmann::json(nullptr) : nlohmann::json(x.move)}, {"budget", x.budget}});
  return {{"candidate", r.rounds_candidate}, {"file", r.rounds_file}, {"options", options}};
}

// --lookup-only: what a saved table proves about the graph's nimber, nothing searched: the nimber
// when the table holds it, else the values ruled out by the witnesses (moves to options of them),
// and the options of a rounds file beside the table, by move.
void print_lookup(const KaylesOptions& o, const games::NimberSearchResult& r, bool json) {
  std::vector<int> ruled_out;
  for (const auto& w : r.witnesses) ruled_out.push_back(w.value);  // an option has it: not the nimber
  const bool zero_out = !ruled_out.empty() && ruled_out.front() == 0;
  const std::optional<std::string> outcome =
      r.nimber_known ? std::optional<std::string>(r.nimber == 0 ? "P" : "N")
                     : zero_out ? std::optional<std::string>("N") : std::nullopt;
  if (json) {
    nlohmann::json j{{"graph", o.graph},
                     {"after", o.after ? nlohmann::json(*o.after) : nlohmann::json(nullptr)},
                     {"grundy", r.nimber_known ? nlohmann::json(r.nimber) : nlohmann::json(nullptr)},
                     {"outcome", outcome ? nlohmann::json(*outcome) : nlohmann::json(nullptr)},
                     {"method", "lookup in a saved table, nothing searched"},
                     {"keys", r.key_kind},
                     {"positions", 0},
                     {"table_entries", r.table_entries},
                     {"loaded", {{"nimbers", r.loaded_entries}, {"refutations", 0}}},
                     {"ruled_out", ruled_out},
                     {"witnesses", witnesses_json(r.witnesses)},
                     {"rounds", rounds_json(r)},
                     {"cpu_seconds", cpu_seconds()},
                     {"peak_rss_mib", peak_rss_mib()}};
    print_json(j);
    return;
  }
  if (o.after) fmt::print("position: {} after the moves {}\n", o.graph, *o.after);
  if (r.nimber_known) print_impartial(r.nimber, outcome);
  else
    fmt::print("value:   not in the table (--lookup-only: nothing searched)\noutcome: {}\n",
               outcome ? outcome_phrase(*outcome) : std::string("not in the table"));
  std::string list;
  for (const auto& w : r.witnesses)
    list += fmt::format("{}{} by the move {}", list.empty() ? "" : ", ", w.value, w.move);
  fmt::print("options of known value: {}\n", list.empty() ? "none in the table" : list);
  if (!r.nimber_known && !ruled_out.empty()) fmt::print("so the nimber is not {}\n", games::or_list(ruled_out));
  fmt::print("table:   {} nimbers loaded from {}\n", r.loaded_entries, !o.table_file.empty() ? o.table_file : o.trunk_file);
  if (r.rounds_candidate < 0) return;
  // The root's rounds: the options not yet shown "not r", grouped by the budget of their next question.
  fmt::print("rounds:  {} was being asked; {} root option{} not yet shown not {} ({}), by the budget of their "
             "next question:\n",
             r.rounds_candidate, r.rounds.size(), r.rounds.size() == 1 ? "" : "s", r.rounds_candidate, r.rounds_file);
  std::vector<std::uint64_t> budgets;
  for (const auto& x : r.rounds)
    if (std::find(budgets.begin(), budgets.end(), x.budget) == budgets.end()) budgets.push_back(x.budget);
  std::sort(budgets.rbegin(), budgets.rend());
  for (const std::uint64_t b : budgets) {
    std::string moves;
    int unnamed = 0;
    for (const auto& x : r.rounds) {
      if (x.budget != b) continue;
      if (x.move.empty()) ++unnamed;
      else moves += (moves.empty() ? "" : ", ") + x.move;
    }
    if (unnamed > 0) moves += fmt::format("{}{} option{} no move leads to", moves.empty() ? "" : ", ", unnamed, unnamed == 1 ? "" : "s");
    fmt::print("         {} positions: {}\n", b, moves);
  }
}

void run_kayles(const KaylesOptions& o, games::VertexGame game) {
  const std::string format = output_format(o.format, o.json, kTableFormats);
  auto g = graph::parse_graph(o.graph);
  games::NimberSearchOptions opt;
  opt.table_bytes = search_table_bytes(o.table_mib, o.table_mib_given);
  opt.threads = o.threads;
  opt.table_file = o.table_file;
  opt.checkpoint_seconds = o.checkpoint;
  opt.trunk_file = o.trunk_file;
  opt.trunk_entries = o.trunk_entries;
  opt.seed_file = o.seed_file;
  if (o.after) opt.removed = games::kayles_played(g, game, *o.after);
  opt.with_moves = o.move_values;
  opt.winning_moves = !o.value_only;
  opt.outcome_only = o.outcome_only;
  if (o.is_nimber) opt.is_nimber = *o.is_nimber;
  opt.lookup_only = o.lookup_only;
  opt.max_nodes = o.max_positions;
  opt.refutations = o.refutations == "use";
  opt.refutations_observe = o.refutations == "observe";
  if (o.refutation_mib != 0) {
    if (o.refutations == "off") throw InputError("--refutation-mib needs refutations (--refutations use or observe)");
    if (o.refutation_mib >= o.table_mib)
      throw InputError(fmt::format("--refutation-mib {} must be below --table-mib {}", o.refutation_mib, o.table_mib));
    opt.refutation_bytes = o.refutation_mib << 20;
  }
  opt.refutation_values = o.refutation_values;
  opt.budget = o.budget;
  opt.budget_depth = o.budget_depth;
  opt.ascending_depth = o.one_value == "r-first" ? -1 : std::numeric_limits<int>::max();
  if (o.one_value == "ascending-r") opt.ascending_with_r_depth = 1;
  opt.ascending_gap = o.ascending_gap;
  opt.race = o.race;
  opt.root_rounds = o.root_rounds;
  opt.mirror_first = o.mirror_first == "on";
  opt.iso_keys = o.iso_keys;
  opt.packed_entries = o.packed_entries == "on";
  opt.front_bits = o.front_bits;
  opt.interrupt = stop_flag();
  opt.interrupt_cause = stop_cause;
  games::EndgameDb db;
  if (!o.db_file.empty()) {
    db = games::EndgameDb::load(o.db_file);
    opt.endgame_db = &db;
    opt.endgame_db_preload = o.db_mode == "preload";
  }
  if (o.lookup_only) {
    const std::string& file = !o.table_file.empty() ? o.table_file : o.trunk_file;
    if (file.empty()) throw InputError("--lookup-only reads a saved table: give --table FILE or --trunk FILE");
    if (!std::filesystem::exists(file)) throw InputError("--lookup-only: no table file " + file);
    if (format == "latex" || format == "markdown") throw InputError("--lookup-only prints text or JSON");
    return print_lookup(o, games::kayles_nimber(g, game, opt), format == "json");
  }
  report_search(opt, o.progress);
  // Ctrl-C, kill and the memory save line stop the search, which saves --table.
  games::NimberSearchResult r;
  {
    StopScope stops;
    r = games::kayles_nimber(g, game, opt);
  }
  // An outcome-only search of an N-position leaves the nimber unknown (at least 1); an --is-nimber
  // search answered "no" leaves it unknown too, and the outcome unless 0 is ruled out.
  const auto grundy = r.nimber_known ? std::optional<std::uint64_t>(r.nimber) : std::nullopt;
  std::vector<int> ruled_out;
  for (std::uint64_t m = r.ruled_out; m != 0; m &= m - 1) ruled_out.push_back(std::countr_zero(m));
  const bool outcome_known = r.nimber_known || (r.ruled_out & 1) != 0;
  const char* outcome = r.p_position() ? "P" : "N";
  const bool value_only = o.value_only || o.is_nimber.has_value();  // --is-nimber: no winning moves
  // --is-nimber V's answer: yes exactly when the nimber is known and is V.
  const bool answer = o.is_nimber && r.nimber_known && r.nimber == static_cast<cgt::Grundy>(*o.is_nimber);
  games::KaylesResult kr{r.nimber, r.moves};
  std::vector<std::string> winning;
  nlohmann::json moves = nlohmann::json::array();
  if (!value_only) {
    winning = games::kayles_winning_moves(g, game, kr);
    if (o.move_values)
      for (const auto& m : r.moves)
        moves.push_back({{"move", games::kayles_move_name(g, game, m)}, {"grundy", m.option_grundy}});
  }
  if (format == "latex" || format == "markdown") {
    FactsTable facts;
    facts.comments = {fmt::format("cgtlab {} grundy", game == games::VertexGame::ArcKayles ? "arckayles" : "nodekayles")};
    facts.add("graph", code_cell(o.graph));
    if (o.after) facts.add("after the moves", code_cell(*o.after));
    std::vector<MoveValueRow> rows;
    if (o.move_values)
      for (const auto& m : r.moves)
        rows.push_back({games::kayles_move_name(g, game, m), m.option_grundy, m.option_grundy == 0 ? "P" : "N"});
    if (o.is_nimber)
      facts.add(fmt::format("is the nimber {}?", *o.is_nimber), text_cell(answer ? "yes" : "no"));
    if (!r.nimber_known && !ruled_out.empty()) facts.add("the nimber is not", text_cell(games::or_list(ruled_out)));
    print_impartial_tables(format, std::move(facts), grundy,
                           outcome_known ? std::optional<std::string>(outcome) : std::nullopt, value_only ? nullptr : &winning, true,
                           rows, o.limit);
    return;
  }
  if (format == "json") {
    nlohmann::json j{{"graph", o.graph},
                     {"after", o.after ? nlohmann::json(*o.after) : nlohmann::json(nullptr)},
                     {"grundy", grundy ? nlohmann::json(*grundy) : nlohmann::json(nullptr)},
                     {"outcome", outcome_known ? nlohmann::json(outcome) : nlohmann::json(nullptr)},
                     {"method", "Lemoine-Viennot outcome search with Beling-Rogalski pruning"},
                     {"keys", r.key_kind},
                     {"positions", r.nodes},
                     {"table_entries", r.table_entries},
                     {"table_mib", r.table_bytes >> 20},
                     {"table_bounds_mib", {{"nimbers", r.nimber_bound_bytes >> 20}, {"refutations", r.refutation_bound_bytes >> 20}}},
                     {"table_entry_bytes", r.table_entry_bytes},
                     {"refutation_values", r.high_refutations ? 16 : r.refutation_bound_bytes != 0 ? 8 : 0},
                     {"threads", o.threads},
                     {"cpu_seconds", cpu_seconds()},
                     {"peak_rss_mib", peak_rss_mib()},
                     {"memory_line_mib", util::memory_line() >> 20},
                     {"table_growths_held", util::memory_line_refusals()}};
    if (r.refutation_bound_bytes != 0)
      j["refutation_bound"] = {{"shared", r.shared_bound}, {"halvings", r.refutation_halvings}};
    if (!o.db_file.empty())
      j["endgame_db"] = {{"file", o.db_file}, {"rows", db.rows()}, {"max_cells", db.max_cells()}, {"entries", db.size()}};
    if (r.loaded_entries != 0 || r.loaded_refutations != 0)
      j["loaded"] = {{"nimbers", r.loaded_entries}, {"refutations", r.loaded_refutations}};
    if (!o.seed_file.empty())
      j["seeded"] = {{"file", o.seed_file}, {"nimbers", r.seed_entries}, {"refutations", r.seed_refutations}, {"skipped", r.seed_skipped}};
    if (o.stats) j["stats"] = search_stats_json(r.stats);
    if (o.is_nimber)
      j["is_nimber"] = {{"asked", *o.is_nimber}, {"answer", answer}};
    if (!r.nimber_known) j["ruled_out"] = ruled_out;
    j["witnesses"] = witnesses_json(r.witnesses);
    if (!value_only) {
      j["winning_moves"] = winning_json(winning);
      limit_json_list(j, "winning_moves", o.limit);
      if (o.move_values) {
        j["moves"] = moves;
        limit_json_list(j, "moves", o.limit);
      }
    }
    print_json(j);
    return;
  }
  if (o.after) fmt::print("position: {} after the moves {}\n", o.graph, *o.after);
  if (o.is_nimber)
    fmt::print("is the nimber {}? {}\n", *o.is_nimber, answer ? "yes" : "no");
  if (grundy) print_impartial(grundy, std::string(outcome));
  else if (o.is_nimber)
    fmt::print("value:   not computed (--is-nimber {}: one question): not {}\noutcome: {}\n", *o.is_nimber,
               games::or_list(ruled_out), outcome_known ? outcome_phrase(outcome) : std::string("not determined"));
  else fmt::print("value:   not computed (--outcome-only): an N-position, so *k for some k >= 1\noutcome: {}\n",
                  outcome_phrase(outcome));
  if (o.stats) fmt::print("stats: {}\n", search_stats_json(r.stats).dump());
  if (!value_only) print_winning(winning, o.limit);
}

struct BuildDbOptions {
  int rows = 3;
  int max_cells = 12;
  std::string out;
  std::uint64_t table_mib = 1024;
  bool table_mib_given = false;
  std::uint64_t max_positions = 0;
  std::uint64_t max_shapes = 20'000'000;
  bool json = false;
};

void run_build_db(const BuildDbOptions& o, games::VertexGame game) {
  games::NimberSearchOptions opt;
  opt.table_bytes = search_table_bytes(o.table_mib, o.table_mib_given);
  opt.max_nodes = o.max_positions;
  opt.interrupt = stop_flag();
  opt.interrupt_cause = stop_cause;
  games::EndgameDbBuildStats st;
  games::EndgameDb db;
  const auto start = std::chrono::steady_clock::now();
  {
    StopScope stops;
    std::function<void(const std::string&)> report;
    if (progress_enabled()) report = [](const std::string& line) { progress(line); };
    db = games::build_endgame_db(game, o.rows, o.max_cells, opt, o.max_shapes, &st, report);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t payload = db.save(o.out);
  const double bits = db.size() ? 8.0 * static_cast<double>(payload) / static_cast<double>(db.size()) : 0.0;
  if (o.json) {
    print_json({{"file", o.out},
                {"game", games::EndgameDb::game_name(game)},
                {"rows", o.rows},
                {"max_cells", o.max_cells},
                {"entries", db.size()},
                {"entries_by_cells", st.entries_by_cells},
                {"shapes", st.shapes},
                {"shapes_kept", st.reduced_shapes},
                {"positions", st.positions},
                {"payload_bytes", payload},
                {"bits_per_entry", bits},
                {"memory_bytes", db.memory_bytes()},
                {"seconds", seconds}});
    return;
  }
  fmt::print("endgame database {}: {} entries ({} rows, shapes of at most {} cells), {:.1f} bits per entry on disk\n",
             o.out, db.size(), o.rows, o.max_cells, bits);
  fmt::print("shapes enumerated {}, kept {}, positions searched {}, {:.2f} s\n", st.shapes, st.reduced_shapes,
             st.positions, seconds);
}

struct CheckTableOptions {
  std::string file;
  std::uint64_t sample = 1000;
  int min_cells = 1;
  int max_cells = 24;
  std::uint64_t seed = 1;
  std::uint64_t max_positions = 0;
  bool json = false;
  bool local = false;
  bool max_cells_given = false;
  bool solve_cells_given = false;
  std::string graph;
  int solve_cells = 16;
};

void run_check_table(const CheckTableOptions& o, games::VertexGame game) {
  games::TableCheckOptions opt;
  opt.sample = o.sample;
  opt.min_cells = o.min_cells;
  opt.max_cells = o.local && !o.max_cells_given ? 512 : o.max_cells;
  opt.seed = o.seed;
  opt.limits = search_limits(o.max_positions);
  opt.local = o.local;
  opt.board = o.graph;
  opt.solve_cells = o.solve_cells;
  if (!o.local && !o.graph.empty()) throw InputError("--graph is for --local (the exhaustive check needs no board)");
  if (!o.local && o.solve_cells_given) throw InputError("--solve-cells is for --local (the exhaustive check solves every entry)");
  if (progress_enabled()) opt.progress = [](const std::string& line) { progress(line); };
  const games::TableCheckResult r = games::check_nimber_table(o.file, game, opt);
  progress_done();
  set_exit_code(r.mismatched > 0 ? 1 : 0);
  auto by_cells = [](const std::map<int, std::uint64_t>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [cells, n] : m) j[std::to_string(cells)] = n;
    return j;
  };
  const char* what = r.refutations ? "refutations" : "nimbers";
  if (o.json) {
    nlohmann::json mismatches = nlohmann::json::array();
    for (const auto& m : r.mismatches) {
      nlohmann::json one{{"position", m.position}, {r.refutations ? "excluded_bits" : "stored", m.stored}};
      if (o.local) one["why"] = m.why;
      else one["computed"] = m.computed;
      mismatches.push_back(one);
    }
    nlohmann::json j{{"file", o.file},
                     {"table_game", r.game},
                     {"keys", r.key_kind},
                     {"holds", what},
                     {"method", o.local ? "local: each entry's options, by the search's rules, looked up in the same table"
                                        : "KaylesSolver (exhaustive mex search, nauty keys, no simplifications)"},
                     {"entries", r.entries},
                     {"min_cells", o.min_cells},
                     {"max_cells", opt.max_cells},
                     {"eligible", r.eligible},
                     {"sample", o.sample},
                     {"seed", o.seed},
                     {"checked", r.checked},
                     {"disagree", r.mismatched},
                     {"mismatches", mismatches},
                     {"checked_by_cells", by_cells(r.checked_by_cells)},
                     {"entries_by_cells", by_cells(r.entries_by_cells)},
                     {"seconds", r.seconds}};
    if (o.local) {
      j["board"] = r.board;
      j["confirmed"] = r.confirmed;
      j["incomplete"] = r.incomplete;
      j["incomplete_missing_lower"] = r.missing_lower;
      j["incomplete_unresolved"] = r.unresolved;
      j["options"] = r.options;
      j["components_solved"] = r.components_solved;
      j["solve_cells"] = o.solve_cells;
    }
    print_json(j);
    return;
  }
  fmt::print("table {}: {} of {} ({} keys), {} entries, {} of {}..{} cells{}\n", o.file, what, r.game, r.key_kind,
             r.entries, r.eligible, o.min_cells, opt.max_cells, o.local ? ", positions on " + r.board : std::string());
  const std::string verdict = r.mismatched == 0 ? std::string(o.local ? "none disagree" : "all agree")
                                                : std::to_string(r.mismatched) + " disagree";
  if (o.local) {
    fmt::print("checked locally (options looked up in the table): {} sampled entries (seed {}), {} confirmed, {} incomplete, {} "
               "in {:.2f} s\n",
               r.checked, o.seed, r.confirmed, r.incomplete, verdict, r.seconds);
    if (r.incomplete > 0)
      fmt::print("incomplete (not enough of their options in the table; nothing claimed): {} lack an option of a lower "
                 "value, {} an option shown not of their value\n",
                 r.missing_lower, r.unresolved);
  } else {
    fmt::print("solved again by KaylesSolver (exhaustive mex search): {} sampled entries (seed {}), {} in {:.2f} s\n",
               r.checked, o.seed, verdict, r.seconds);
  }
  std::string sizes;
  for (const auto& [cells, n] : r.checked_by_cells) sizes += fmt::format("{}{}:{}", sizes.empty() ? "" : " ", cells, n);
  if (!sizes.empty()) fmt::print("checked by cells: {}\n", sizes);
  for (const auto& m : r.mismatches) {
    const std::string against = o.local ? ": " + m.why : ", computed " + std::to_string(m.computed);
    fmt::print("DISAGREE {}: stored {}{}{}\n", m.position, r.refutations ? "not-bits " : "", m.stored, against);
  }
  if (r.mismatched > r.mismatches.size()) fmt::print("(first {} of {} listed)\n", r.mismatches.size(), r.mismatched);
}

struct RookOptions {
  std::string board, holes, rooks;
  bool json = false;
  std::string format;
  std::uint64_t max_positions = 0;
  std::size_t limit = 50;
};

void run_rooks_grundy(const RookOptions& o) {
  const std::string format = output_format(o.format, o.json, kTableFormats);
  auto b = games::parse_rook_board(o.board, o.holes, o.rooks);
  auto [g, winning] = games::rook_grundy(b, search_limits(o.max_positions));
  if (format == "latex" || format == "markdown") {
    FactsTable facts;
    facts.comments = {"cgtlab rooks grundy: the non-attacking rooks game (seed 004)"};
    facts.add("board", code_cell(o.board));
    if (!o.holes.empty()) facts.add("holes", code_cell(o.holes));
    if (!o.rooks.empty()) facts.add("rooks", code_cell(o.rooks));
    print_impartial_tables(format, std::move(facts), g, std::string(g == 0 ? "P" : "N"), &winning, true, {}, o.limit);
    return;
  }
  if (format == "json") {
    nlohmann::json j{{"board", o.board}, {"grundy", g}, {"outcome", g == 0 ? "P" : "N"}, {"winning_moves", winning_json(winning)}};
    limit_json_list(j, "winning_moves", o.limit);
    print_json(j);
    return;
  }
  print_impartial(g, std::string(g == 0 ? "P" : "N"));
  print_winning(winning, o.limit);
}

void run_rooks_to_wak(const RookOptions& o) {
  auto b = games::parse_rook_board(o.board, o.holes, o.rooks);
  auto p = games::rooks_to_wak(b);
  if (o.json) {
    auto j = wak_json(p);
    j["board"] = o.board;
    print_json(j);
    return;
  }
  fmt::print("WAK position (Proposition 1; c_ = column rectangle, r_ = row rectangle):\ngraph: {}\nweights: {}\n",
             p.n ? games::wak_graph(p).to_spec() : "(empty)", games::wak_weights_text(p));
}

void add_wak_options(CLI::App* cmd, WakOptions& o) {
  cmd->add_option("--graph", o.graph, "graph: P5, C4, Grid3x4, or an edge list like a-b,b-c,c-c (c-c: a loop)")
      ->required();
  cmd->add_option("--limit", o.limit, "list at most this many moves (0: all); a cut list says so")->capture_default_str();
  cmd->add_option("--weights", o.weights, "counters: 3,1,0 in vertex order, or a=3,b=1")->required();
  cmd->add_flag("--json", o.json, "one JSON object on stdout");
}

// CLI11 wraps a negative number into an unsigned option, so such options are checked as text.
std::string not_negative(const std::string& v) { return v.starts_with('-') ? std::string("must be 0 or more") : std::string(); }
// Budgets in positions: beyond 2^60 a budget means nothing (no search gets there) and x4 rounds
// would overflow; larger numbers, even past 2^64, are refused with the range in the error.
CLI::Range budget_range() { return CLI::Range(std::uint64_t{0}, std::uint64_t{1} << 60); }
// A budget option (positions): not negative, at most 2^60.
void add_budget_option(CLI::App* g, const std::string& name, std::uint64_t& value, const std::string& help) {
  g->add_option(name, value, help)->check(not_negative)->check(budget_range());
}

}  // namespace

void add_kayles_commands(CLI::App& app) {
  {
    auto o = std::make_shared<WakOptions>();
    auto* wak = app.add_subcommand("wak", std::string("Weighted Arc-Kayles (seed 004).\n") + kWakRules);
    wak->require_subcommand(1);
    auto* g = wak->add_subcommand(
        "grundy", std::string("Grundy value, outcome and winning moves. ") + kWakRules +
                      "\nMethod per component (reported): weight 1 everywhere: Arc-Kayles search (loops as pendant "
                      "vertices, Corollary 2); few counters: search with the reductions, components and a nauty-keyed "
                      "memo; large weights on a loopless tree of depth <= 2: Theorem 1 (outcome only when branches "
                      "merge); one large weight: the periodicity of Section 6 (outcome, and the Grundy value when a "
                      "proven bound reaches it).");
    add_wak_options(g, *o);
    add_max_positions_option(g, o->max_positions);
    add_format_option(g, o->format, kTableFormats);
    g->callback([o] { run_wak_grundy(*o); });
    auto* r = wak->add_subcommand(
        "reduce",
        "Reduce to the canonical graph. Apply the reductions of seed 004 Section 4 (delete useless vertices; delete heavy vertices and loop "
        "their neighbours; merge false twins) until the graph is canonical, and print it. The Grundy value "
        "does not change (Proposition 1).");
    add_wak_options(r, *o);
    r->callback([o] { run_wak_reduce(*o); });
    auto* t = wak->add_subcommand("to-arckayles",
                                  "An Arc-Kayles graph with the same Grundy value (Corollary 2). Each counter "
                                  "becomes a vertex, each loop a pendant vertex.");
    add_wak_options(t, *o);
    t->add_option("--max-vertices", o->max_vertices, "refuse larger results (default 512)");
    t->callback([o] { run_wak_to_arc(*o); });
  }
  for (auto game : {games::VertexGame::ArcKayles, games::VertexGame::NodeKayles}) {
    bool arc = game == games::VertexGame::ArcKayles;
    auto o = std::make_shared<KaylesOptions>();
    auto* cmd = app.add_subcommand(arc ? "arckayles" : "nodekayles",
                                   std::string(arc ? "Arc-Kayles (seed 004).\n" : "Node-Kayles.\n") + (arc ? kArcRules : kNodeRules));
    cmd->require_subcommand(1);
    auto* g = cmd->add_subcommand("grundy", std::string("Grundy value, outcome and winning moves. ") +
                                                (arc ? kArcRules : kNodeRules));
    g->add_option("--graph", o->graph, "graph: P8, C10, Grid3x8, Petersen, or an edge list like 0-1,1-2")->required();
    g->add_option("--after", o->after,
                  std::string("play these moves first and analyse the position they leave: a comma list, each move named as "
                              "the winning moves are (") +
                      (arc ? "0-1,4-5: an edge" : "3,17: a vertex") +
                      "), legal where it is played; the board's keys are kept, so on a grid --table, --seed-table and "
                      "--trunk files of the board serve it");
    g->add_flag("--json", o->json, "one JSON object on stdout");
    g->add_flag("--value-only", o->value_only, "only the nimber, no winning moves");
    g->add_flag("--move-values", o->move_values,
                "also every move's option nimber (JSON \"moves\"; a full search per option, much slower than the "
                "winning moves alone, which are found by one-candidate outcome searches)")
        ->excludes("--value-only");
    g->add_flag("--outcome-only", o->outcome_only,
                "only the outcome: one question \"is the nimber 0?\" (cheaper than the nimber; shared by --threads when the board is one component). A "
                "P-position's nimber is 0; an N-position's nimber is left undetermined (JSON \"grundy\": null)")
        ->excludes("--move-values");
    g->add_option("--is-nimber", o->is_nimber,
                  "one question: is the nimber this value? The root decides its candidates 0, 1, ... in turn as the full "
                  "search does, on all --threads, and stops after this one (never asking the larger ones): prints yes "
                  "and the nimber, or no and the values ruled out (the nimber itself when a smaller one was met on the "
                  "way); no winning moves. For a value a long search is stuck on, with progress for it alone. With "
                  "several components the others are solved first and the root is the last one's: its candidates in "
                  "turn are the values v ^ x of the position (x the others' nim-sum), as the progress line says")
        ->check(CLI::Range(0, 254))
        ->excludes("--move-values")
        ->excludes("--outcome-only");
    g->add_flag("--lookup-only", o->lookup_only,
                "search nothing: read --table (its nimbers, not its refutations) or --trunk and print what it "
                "proves: the nimber when it holds it, and a move to an option of each value it knows (such a "
                "value is ruled out); no file is written")
        ->excludes("--move-values")
        ->excludes("--outcome-only")
        ->excludes("--is-nimber");
    g->add_option("--threads", o->threads, "search threads sharing the root's options and one table (default 1; the answer does not depend on it)")
        ->check(CLI::Range(1, 64));
    add_table_mib_option(g, o->table_mib, o->table_mib_given, "");
    g->add_option("--table", o->table_file,
                  "table file: loaded when it exists, saved at the end, every --checkpoint seconds and on Ctrl-C "
                  "(an interrupted run resumes from it); the refutations go beside it in FILE.refutations (those of 8..15 in FILE.refutations-high)");
    g->add_option("--checkpoint", o->checkpoint, "seconds between saves of --table and --trunk (default 300)");
    g->add_option("--trunk", o->trunk_file,
                  "trunk file: saved with the table (a table file of only the --trunk-entries largest positions, "
                  "the costliest to recompute, small enough to keep or commit, and the entries behind the root's "
                  "witnesses, so that --lookup-only reads from it alone what the table proved about the root) and "
                  "loaded at the start when there is no --table file to resume from");
    g->add_option("--seed-table", o->seed_file,
                  "seed table file: another run's --table file of this game, read at the start (with its "
                  "FILE.refutations) when there is no --table file to resume from, and never written. On grids it "
                  "may be another board's (grid-shape keys do not name the board; shapes that fit this board only "
                  "turned are keyed turned, so a 3xN table seeds GridNx3, and those that fit neither way are "
                  "skipped, JSON \"seeded\"): a sweep's next board starts from what the last one proved")
        ->excludes("--lookup-only");
    g->add_option("--trunk-entries", o->trunk_entries, "largest entries kept in --trunk (default 100000; 8 bytes per key word: on grids 8 up to 50 cells, 16 to 114, 24 to 178, 32 to 242)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    g->add_option("--refutations", o->refutations,
                  "keep proved refutations (\"the nimber is not v\") in a second table (by default at least what the nimbers' bound leaves of --table-mib, and more while the nimber table is small: it gives the room back as that grows; or --refutation-mib): use (default), off, "
                  "or observe (keep, do not use, count what they would save; for measuring)")
        ->check(CLI::IsMember({"use", "off", "observe"}));
    g->add_option("--refutation-mib", o->refutation_mib,
                  "a fixed part of --table-mib for the refutation table, in MiB (default: shared, see --refutations); "
                  "the nimbers get the rest. Each table takes the largest power of two of buckets, or three times one, "
                  "within its part: --table-mib 16384 --refutation-mib 12288 gives 12 GiB to refutations, 4 to nimbers")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 20));
    g->add_option("--refutation-values", o->refutation_values,
                  "refutations are kept for the values below this: 16 (default; 8..15 in the same table under a spare "
                  "key bit, saved in FILE.refutations-high, where the keys leave one: boards of at most 64 x (key words) - "
                  "15 cells whose keys are not packed, e.g. grids of 75..113 and 115..241 cells) or 8")
        ->check(CLI::IsMember({8, 16}));
    add_budget_option(g, "--budget", o->budget,
                      "positions per question in the first round where one option answering yes settles a node "
                      "(root, and inner nodes to --budget-depth); x4 each round; 0: no budgets");
    g->add_option("--budget-depth", o->budget_depth, "deepest inner node asked in budget rounds (default 0: the root only)")
        ->check(CLI::Range(0, 64));
    g->add_option("--one-value", o->one_value,
                  "how a component asked \"are you r?\" asks its options: ascending (default; the values v below r "
                  "first, one at a time, stopping at the first value no option has, as igs does), ascending-r (the same, "
                  "but the root's options ask theirs \"are you v or r?\", so that one of value r ends the question; "
                  "faster on some boards, slower on others) or r-first (every option \"are you r?\" first; the "
                  "search before 2026-11-24)")
        ->check(CLI::IsMember({"ascending", "ascending-r", "r-first"}));
    add_budget_option(g, "--race", o->race,
                      "with --one-value ascending: each of the root's options asks its one-value questions in rounds, "
                      "r first within this many positions, then ascending within as many, x4 each round, until one "
                      "order answers (default 4096; 0: ascending only, the search before 2026-11-24 11:00 UTC)");
    add_budget_option(g, "--root-rounds", o->root_rounds,
                      "the root asks its options about each value in rounds: every option not yet settled within "
                      "this many positions, then the abandoned ones within 4x as many, and so on, until one has the "
                      "value or all are shown not to (1 or more threads; default 0: each option to the end, in the "
                      "root's order); with --table, where the rounds stood is saved with the table in FILE.rounds and "
                      "a resumed run goes on from it; with --trunk, also beside the trunk, read by a run that starts "
                      "from the trunk");
    g->add_option("--iso-keys", o->iso_keys,
                  "components of at least this many vertices are stored under their graph up to isomorphism "
                  "(an exact canonical code, graph/small_graph_code.h) where the code fits the key, so differently drawn "
                  "components of one graph share an entry: about half the positions and table entries on Cram, but "
                  "2.0-2.4x the CPU (docs/PERFORMANCE.md); graphs of at most 64 vertices; default 0: never")
        ->check(CLI::Range(0, 64));
    g->add_option("--packed-entries", o->packed_entries,
                  "on (default): boards of 51 to 74 cells (grids; other graphs 57 to 80 vertices) store each table "
                  "entry in 8 bytes instead of 16 (the bits its bucket implies are not stored), so the same "
                  "--table-mib holds twice the entries (over 64 cells when each table has room for it: 32 MiB at 69 "
                  "cells, 1 GiB at 74); the table files are the same; off: 16 bytes (for measuring); no effect "
                  "with --iso-keys")
        ->check(CLI::IsMember({"on", "off"}));
    g->add_option("--front-cache", o->front_bits,
                  "each search thread keeps the nimbers it finds in the table in a cache of its own of 2^BITS "
                  "keys (8 or 16 bytes each), asked first: on a table of gigabytes most "
                  "lookups are of a few thousand small components, each a cache and TLB miss there "
                  "(docs/PERFORMANCE.md); default 12; 0: none (for measuring)")
        ->check(CLI::Range(0, 20));
    g->add_option("--mirror-first", o->mirror_first,
                  "on (default): an option whose unknown part is a grid component symmetric under a half-turn (the "
                  "second player wins it by copying) is asked first, as a likely winning move, and such a component "
                  "is proved 0 by searching each move and its copy; every value is still searched; off: the search "
                  "before 2026-11-25")
        ->check(CLI::IsMember({"on", "off"}));
    g->add_option("--ascending-gap", o->ascending_gap,
                  "with --one-value ascending, only questions \"are you r?\" at least this far above the component's "
                  "lower bound are asked in ascending order (default 2; 1: all)")
        ->check(CLI::Range(1, 255));
    g->add_flag("--stats", o->stats, "also where the search spent its work (JSON \"stats\")");
    g->add_option("--db", o->db_file,
                  std::string("endgame database from `cgtlab ") + (arc ? "arckayles" : "nodekayles") +
                      " build-db` (grids with its number of rows and at least as many columns): components of at most "
                      "its cells are looked up there instead of searched");
    g->add_option("--db-mode", o->db_mode,
                  "lookup (default: the database is asked before the table) or preload (its entries are put into the "
                  "table first; for measuring)")
        ->check(CLI::IsMember({"lookup", "preload"}));
    add_limit_option(g, o->limit, "moves");
    add_max_positions_option(g, o->max_positions);
    add_progress_option(g, o->progress);
    add_format_option(g, o->format, kTableFormats);
    g->callback([o, game] { run_kayles(*o, game); });
    auto b = std::make_shared<BuildDbOptions>();
    auto* bd = cmd->add_subcommand(
        "build-db", std::string("Build an endgame database: the nimber of every connected component shape of at most "
                                "--max-cells cells on --rows rows (") +
                        (arc ? "those the search's star and bridge simplifications keep" : "every connected shape") +
                        "), computed by the outcome search, saved compactly to --out (format in "
                        "src/games/kayles/endgame_db.h). `grundy --db FILE` then looks those components up. " +
                        (arc ? kArcRules : kNodeRules));
    bd->add_option("--rows", b->rows, "rows of the boards it serves (1..8)")->required()->check(CLI::Range(1, 8));
    bd->add_option("--max-cells", b->max_cells,
                   "largest component in cells (the 64-bit keys allow 18 for 3 rows, 15 for 4, 12 for 5)")
        ->required()
        ->check(CLI::Range(1, 64));
    bd->add_option("--out", b->out, "database file to write")->required();
    add_table_mib_option(bd, b->table_mib, b->table_mib_given, "");
    bd->add_option("--max-shapes", b->max_shapes, "stop (exit 2) when more shapes than this are enumerated (default 20000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    add_max_positions_option(bd, b->max_positions);
    bd->add_flag("--json", b->json, "one JSON object on stdout");
    bd->callback([b, game] { run_build_db(*b, game); });
    auto c = std::make_shared<CheckTableOptions>();
    auto* ct = cmd->add_subcommand(
        "check-table",
        std::string("Check a saved table by a second method: a uniform sample of its entries (a `grundy --table` or "
                    "`--trunk` file, or FILE.refutations or FILE.refutations-high beside one), each turned back into its position and solved "
                    "again by the exhaustive mex solver, must give the stored nimber (a refutation: a nimber outside "
                    "the values it excludes); with --local, each entry is checked against its options' entries in the "
                    "same table instead (the largest entries too). Exit 1 when one disagrees. ") +
            (arc ? kArcRules : kNodeRules));
    ct->add_option("file", c->file, "the table file")->required();
    ct->add_option("--sample", c->sample, "entries to check (default 1000; at most 1000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1000000}));
    ct->add_option("--min-cells", c->min_cells, "smallest entry sampled, in vertices (default 1)")->check(CLI::Range(1, 512));
    ct->add_option("--max-cells", c->max_cells,
                   "largest entry sampled, in vertices (default 24, with --local every size; the exhaustive solver's "
                   "time grows fast past 30)")
        ->check(CLI::Range(1, 512))
        ->each([c](const std::string&) { c->max_cells_given = true; });
    ct->add_flag("--local", c->local,
                 "check each sampled entry by its options instead (any size, the largest too): expanded by the "
                 "search's rules, their components looked up in the same table and its refutations; an entry is "
                 "confirmed, wrong (exit 1) or incomplete (the table lacks options to decide it)");
    ct->add_option("--graph", c->graph,
                   "with --local, for a grid-shape table: the board of the run that wrote it (GridRxC; its keys depend "
                   "on the rows)");
    ct->add_option("--solve-cells", c->solve_cells,
                   "with --local: components missing from the table of at most this many vertices are solved by the "
                   "exhaustive solver (default 16)")
        ->check(CLI::Range(0, 30))
        ->each([c](const std::string&) { c->solve_cells_given = true; });
    ct->add_option("--seed", c->seed, "the sample's random seed (default 1)")->check(not_negative);
    add_max_positions_option(ct, c->max_positions);
    ct->add_flag("--json", c->json, "one JSON object on stdout");
    ct->callback([c, game] { run_check_table(*c, game); });
  }
  {
    auto o = std::make_shared<RookOptions>();
    auto* rooks = app.add_subcommand("rooks", std::string("The non-attacking rooks game (seed 004).\n") + kRookRules);
    rooks->require_subcommand(1);
    auto add = [&](CLI::App* c) {
      c->add_option("--board", o->board, "board size ROWSxCOLUMNS, e.g. 6x8 (6 rows 1..6, 8 columns a..h)")->required();
      c->add_option("--holes", o->holes, "holes, e.g. b3,c5 (column letter, row number)");
      c->add_option("--rooks", o->rooks, "rooks already placed, e.g. a1,d4");
      c->add_flag("--json", o->json, "one JSON object on stdout");
    };
    auto* g = rooks->add_subcommand("grundy", std::string("Grundy value, outcome and winning squares. ") + kRookRules);
    add(g);
    add_limit_option(g, o->limit, "winning squares");
    add_max_positions_option(g, o->max_positions);
    add_format_option(g, o->format, kTableFormats);
    g->callback([o] { run_rooks_grundy(*o); });
    auto* t = rooks->add_subcommand("to-wak",
                                    "The equivalent WAK position (Proposition 1). A vertex per rectangle of the "
                                    "column and row covers, weight = its free columns (rows), an edge where two "
                                    "rectangles cross.");
    add(t);
    t->callback([o] { run_rooks_to_wak(*o); });
  }
}

}  // namespace cgtlab::cli
