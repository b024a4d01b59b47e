// cgtlab <game> moves | tree | play: exploring every game the same way (games/explore.h).
// Same flags and the same JSON for every game (docs/json.md, "moves and tree").
#include <fmt/core.h>

#include <chrono>

#include <fstream>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "games/explore.h"
#include "util/error.h"

namespace cgtlab::cli {

namespace {

const char* const kGames[] = {"pebbling", "blocking", "coins", "wak", "arckayles", "nodekayles", "rooks"};

// The flags that give a position, per game.
struct PositionFlags {
  std::string game;
  std::string graph, pebbles = "empty", position, line, weights, board, holes, rooks;
  int k = 1;
  std::uint64_t max_positions = 0;
  bool json = false;
  std::string format = "text";  // moves: --format text|json|latex|markdown
  std::size_t limit = 50;  // moves: --limit (docs/json.md, "Lists and --limit")
};

void add_position_flags(CLI::App* cmd, PositionFlags& f) {
  const std::string& g = f.game;
  if (g == "pebbling") {
    cmd->add_option("--graph", f.graph, "the graph: K5, C4, P6, Petersen, 0-1,1-2, ...")->required();
    cmd->add_option("--k", f.k, "a move takes k+1 pebbles and adds k (k >= 1)")->capture_default_str();
    cmd->add_option("--position", f.position, "pebbles per vertex: 3,1,0,2 or v=3,w=1")->required();
  } else if (g == "blocking") {
    cmd->add_option("--graph", f.graph, "a DAG: T3, DP3, OutStar2, InStar3, or arcs like a>b,a>c,b>c")->required();
    cmd->add_option("--pebbles", f.pebbles, "pebbles, e.g. 2=1/3/0 (blue/red/green at vertex 2); default: empty");
  } else if (g == "coins") {
    cmd->add_option("line", f.line, "the line of coins, 1 = tails, e.g. 1011")->required();
  } else if (g == "wak") {
    cmd->add_option("--graph", f.graph, "graph: P5, C4, Grid3x4, or an edge list like a-b,b-c,c-c (c-c: a loop)")
        ->required();
    cmd->add_option("--weights", f.weights, "counters: 3,1,0 in vertex order, or a=3,b=1")->required();
  } else if (g == "arckayles" || g == "nodekayles") {
    cmd->add_option("--graph", f.graph, "the graph (what is left of it): P8, Grid3x4, 0-1,1-2,3 (3 isolated), K0 (empty)")
        ->required();
  } else if (g == "rooks") {
    cmd->add_option("--board", f.board,
                    "the board ROWSxCOLUMNS, e.g. 6x8, or a whole position like \"3x4 holes a1 rooks b3\"")
        ->required();
    cmd->add_option("--holes", f.holes, "holes, e.g. b3,c5 (column letter, row number)");
    cmd->add_option("--rooks", f.rooks, "rooks already placed, e.g. a1,d4");
  }
  add_max_positions_option(cmd, f.max_positions);
}

std::unique_ptr<games::Explorer> make_explorer(const PositionFlags& f) {
  const auto limits = search_limits(f.max_positions);
  const std::string& g = f.game;
  if (g == "pebbling") return games::pebbling_explorer(f.graph, f.k, f.position, limits);
  if (g == "blocking") return games::blocking_explorer(f.graph, f.pebbles, limits);
  if (g == "coins") return games::coins_explorer(f.line, limits);
  if (g == "wak") return games::wak_explorer(f.graph, f.weights, limits);
  if (g == "arckayles" || g == "nodekayles") return games::kayles_explorer(g == "arckayles", f.graph, limits);
  return games::rooks_explorer(f.board, f.holes, f.rooks, limits);
}

// ---- JSON (docs/json.md, "moves and tree") -------------------------------------------------

nlohmann::json args_json(const games::PositionArgs& a) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : a) j[k] = v;
  return j;
}

void add_value(nlohmann::json& j, const games::ExploreValue& v, bool impartial) {
  j["value"] = v.value ? nlohmann::json(v.value->str()) : nlohmann::json(nullptr);
  if (impartial) j["grundy"] = v.grundy ? nlohmann::json(*v.grundy) : nlohmann::json(nullptr);
  j["outcome"] = v.outcome ? nlohmann::json(cgt::to_string(*v.outcome)) : nlohmann::json(nullptr);
}

nlohmann::json move_json(const games::MoveReport& m, bool impartial) {
  nlohmann::json j{{"move", m.move}};
  if (!impartial) j["player"] = games::side_name(m.side);
  j["result"] = m.result;
  j["args"] = args_json(m.args);
  add_value(j, m.value, impartial);
  j["winning"] = m.winning;
  return j;
}

// The top of every result: the game, the position as given, and its value.
nlohmann::json head_json(const PositionFlags& f, const char* command, std::chrono::steady_clock::time_point t0,
                         games::Explorer& e, const std::string& position, const games::PositionArgs& args,
                         const games::ExploreValue& v) {
  nlohmann::json j{{"command", f.game + " " + command},
                   {"game", f.game},
                   {"seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()},
                   {"impartial", e.impartial()}};
  if (!f.graph.empty()) j["graph"] = f.graph;
  if (!f.board.empty()) j["board"] = f.board;
  j["position"] = position;
  j["args"] = args_json(args);
  add_value(j, v, e.impartial());
  return j;
}

std::string value_phrase(const games::ExploreValue& v, bool impartial) {
  if (impartial && v.grundy) return fmt::format("{} (Grundy value {})", v.str(), *v.grundy);
  return v.str();
}

std::string outcome_text(const games::ExploreValue& v) {
  if (!v.outcome) return "not determined";
  switch (*v.outcome) {
    case cgt::Outcome::L: return "L (Left wins, whoever moves first)";
    case cgt::Outcome::R: return "R (Right wins, whoever moves first)";
    case cgt::Outcome::N: return "N (the player to move wins)";
    case cgt::Outcome::P: return "P (the player to move loses)";
  }
  return "?";
}

// ---- moves --------------------------------------------------------------------------------

// A value for a paper or a page: the canonical form, else the nimber of a Grundy value.
Cell value_cell_of(const games::ExploreValue& v) {
  if (v.value) return value_cell(*v.value);
  if (v.grundy) return nimber_cell(*v.grundy);
  return text_cell(v.str());
}

// moves --format latex|markdown: one row per move (per player at most --limit, as in the text).
void print_moves_table(const std::string& format, const PositionFlags& f, const games::MovesReport& r, bool imp) {
  Table t{imp ? "lllc" : "llllc", {text_cell("move"), text_cell("position after it"), text_cell("value"), text_cell("")}, {},
          {fmt::format("cgtlab {} moves: every move from {} (value {})", f.game, escape_text(r.position),
                       escape_text(r.value.str()))}};
  if (!imp) t.header.insert(t.header.begin(), text_cell("player"));
  for (games::Side side : imp ? std::vector<games::Side>{games::Side::Either}
                              : std::vector<games::Side>{games::Side::Left, games::Side::Right}) {
    std::size_t count = 0, shown = 0;
    for (const auto& m : r.moves) {
      if (m.side != side) continue;
      ++count;
      if (f.limit != 0 && shown == f.limit) continue;
      ++shown;
      std::vector<Cell> row;
      if (!imp) row.push_back(text_cell(side == games::Side::Left ? "Left" : "Right"));
      row.insert(row.end(), {code_cell(m.move), code_cell(m.result), value_cell_of(m.value), text_cell(m.winning ? "wins" : "")});
      t.rows.push_back(std::move(row));
    }
    if (shown < count) t.comments.push_back((imp ? std::string() : games::side_name(side) + ": ") + limit_note(count, shown));
  }
  print_tables(format, {t});
}

void run_moves(const PositionFlags& f) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string format = output_format(f.format, f.json, kTableFormats);
  auto e = make_explorer(f);
  auto r = games::explore_moves(*e, 0);
  const bool imp = e->impartial();
  if (format == "latex" || format == "markdown") {
    print_moves_table(format, f, r, imp);
    return;
  }
  if (format == "json") {
    auto j = head_json(f, "moves", t0, *e, r.position, r.args, r.value);
    auto all = nlohmann::json::array(), win = nlohmann::json::array();
    for (const auto& m : r.moves) {
      auto mj = move_json(m, imp);
      all.push_back(mj);
      if (m.winning) win.push_back(mj);
    }
    j["moves"] = all;
    j["winning_moves"] = win;
    j["positions"] = e->nodes();
    limit_json_list(j, "moves", f.limit);
    limit_json_list(j, "winning_moves", f.limit);
    print_json(j);
    return;
  }
  fmt::print("position {}\nvalue:   {}\noutcome: {}\n", r.position, value_phrase(r.value, imp), outcome_text(r.value));
  size_t width = 0;
  for (const auto& m : r.moves) width = std::max(width, m.move.size());
  for (games::Side side : imp ? std::vector<games::Side>{games::Side::Either}
                              : std::vector<games::Side>{games::Side::Left, games::Side::Right}) {
    size_t count = 0;
    for (const auto& m : r.moves) count += m.side == side;
    fmt::print("{} ({}):\n", side == games::Side::Left    ? "Left's moves"
                             : side == games::Side::Right ? "Right's moves"
                                                          : "moves",
               count);
    if (count == 0) fmt::print("  (none)\n");
    size_t shown = 0;
    for (const auto& m : r.moves) {
      if (m.side != side) continue;
      if (f.limit != 0 && shown == f.limit) {
        fmt::print("  {}\n", limit_note(count, shown));
        break;
      }
      ++shown;
      fmt::print("  {:<{}}  => {}  = {}{}\n", m.move, width, m.result, value_phrase(m.value, imp),
                 m.winning ? "  (wins)" : "");
    }
  }
}

// ---- tree ---------------------------------------------------------------------------------

struct TreeFlags {
  PositionFlags pos;
  games::ExploreTreeOptions tree;
  bool dot = false, tikz = false;
  std::string output;
};

nlohmann::json node_json(const games::ExploreTree& t, int id) {
  const auto& n = t.nodes[id];
  nlohmann::json j;
  if (n.depth > 0) {
    j["move"] = n.move;
    if (!t.impartial) j["player"] = games::side_name(n.side);
    j["winning"] = n.winning;
  }
  j["position"] = n.position;
  j["args"] = args_json(n.args);
  add_value(j, n.value, t.impartial);
  j["cut"] = n.cut;
  auto kids = nlohmann::json::array();
  for (int c : n.children) kids.push_back(node_json(t, c));
  j["children"] = kids;
  return j;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

void run_tree(const TreeFlags& f) {
  const auto t0 = std::chrono::steady_clock::now();
  if (f.dot && f.tikz) throw InputError("give at most one of --dot and --tikz");
  auto e = make_explorer(f.pos);
  auto t = games::explore_tree(*e, 0, f.tree);
  // What to write: -o FILE.svg is an SVG through Graphviz, FILE.dot / FILE.gv DOT, FILE.tex
  // TikZ; otherwise --dot, --tikz or the indented text.
  enum class Form { Text, Dot, Tikz, Svg } form = f.dot ? Form::Dot : f.tikz ? Form::Tikz : Form::Text;
  if (!f.output.empty()) {
    if (ends_with(f.output, ".svg")) form = Form::Svg;
    else if (ends_with(f.output, ".dot") || ends_with(f.output, ".gv")) form = Form::Dot;
    else if (ends_with(f.output, ".tex")) form = Form::Tikz;
  }
  std::string text = form == Form::Dot || form == Form::Svg ? games::tree_dot(t)
                     : form == Form::Tikz                   ? games::tree_tikz(t)
                                                            : games::tree_text(t);
  if (!f.output.empty()) {
    if (form == Form::Svg) {
      games::write_svg(text, f.output);
    } else {
      std::ofstream out(f.output);
      if (!out || !(out << text)) throw InputError("cannot write '" + f.output + "'");
    }
  }
  if (f.pos.json) {
    auto j = head_json(f.pos, "tree", t0, *e, t.nodes[0].position, t.nodes[0].args, t.nodes[0].value);
    j["depth"] = f.tree.max_depth;
    j["max_nodes"] = f.tree.max_nodes;
    j["nodes"] = t.nodes.size();
    j["truncated"] = t.truncated;
    j["tree"] = node_json(t, 0);
    if (f.dot) j["dot"] = text;
    if (f.tikz) j["tikz"] = text;
    if (!f.output.empty()) j["output"] = f.output;
    j["positions"] = e->nodes();
    print_json(j);
  } else if (f.output.empty()) {
    std::cout << text;
  }
  if (t.truncated)
    std::cerr << "cgtlab: note: tree truncated at --depth " << f.tree.max_depth << " / --max-nodes "
              << f.tree.max_nodes << " (" << t.nodes.size() << " nodes drawn; nodes marked ... have more moves)\n";
}

// ---- play ---------------------------------------------------------------------------------

struct PlayFlags {
  PositionFlags pos;
  std::string as = "left";
  bool engine_first = false;
};

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::string without_spaces(const std::string& s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

void run_play(const PlayFlags& f) {
  auto e = make_explorer(f.pos);
  const bool imp = e->impartial();
  using games::Side;
  if (f.as != "left" && f.as != "right") throw InputError("--as must be left or right");
  const Side you = imp ? Side::Either : f.as == "left" ? Side::Left : Side::Right;
  const Side engine = imp ? Side::Either : you == Side::Left ? Side::Right : Side::Left;
  auto who = [&](Side s) { return s == Side::Left ? std::string("Left") : std::string("Right"); };

  struct State {
    int node;
    bool your_turn;
  };
  std::vector<State> history{{0, !f.engine_first}};
  fmt::print("{} game. You play {}{}. Commands: a move (its name or number), moves, hint, undo, quit.\n",
             e->game(), imp ? "against the engine" : who(you), imp ? "" : " against the engine (" + who(engine) + ")");
  for (;;) {
    const State s = history.back();
    const Side mover = s.your_turn ? you : engine;
    auto r = games::explore_moves(*e, s.node);
    std::vector<int> legal;
    for (size_t i = 0; i < r.moves.size(); ++i)
      if (r.moves[i].side == mover) legal.push_back(static_cast<int>(i));
    fmt::print("\nposition {}   value {}\n{}", r.position, value_phrase(r.value, imp), e->drawing(s.node));
    const bool over = legal.empty();
    if (over)
      fmt::print("{} no move: {}. (undo, or quit)\n", s.your_turn ? "You have" : "The engine has",
                 s.your_turn ? "the engine wins" : "you win");
    if (!s.your_turn && !over) {
      int m = games::engine_move(r, mover);
      fmt::print("engine plays {}\n", r.moves[m].move);
      history.push_back({r.moves[m].child, true});
      continue;
    }
    for (;;) {
      fmt::print("{}: ", over ? "game over" : imp ? "your move" : "your move (" + who(you) + ")");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) {
        fmt::print("\n(end of input)\n");
        return;
      }
      line = trim(line);
      if (line.empty()) continue;
      if (line == "quit" || line == "q" || line == "exit") return;
      if (over && line != "undo") return;
      if (line == "moves" || line == "?" || line == "help") {
        for (size_t i = 0; i < legal.size(); ++i) fmt::print("  {}) {}\n", i + 1, r.moves[legal[i]].move);
        continue;
      }
      if (line == "hint") {
        int m = games::engine_move(r, mover);
        if (r.moves[m].winning)
          fmt::print("hint: {} wins (it leads to {} = {})\n", r.moves[m].move, r.moves[m].result,
                     value_phrase(r.moves[m].value, imp));
        else
          fmt::print("hint: no move wins against best play (value {}); try {}\n", value_phrase(r.value, imp),
                     r.moves[m].move);
        continue;
      }
      if (line == "undo") {
        // Back to the last position where it was your turn before this one.
        size_t back = history.size() - 1;
        while (back > 0 && !(history[back - 1].your_turn)) --back;
        if (back == 0) {
          fmt::print("nothing to undo\n");
          continue;
        }
        history.resize(back);  // history[back - 1] is your earlier turn
        break;
      }
      int chosen = -1;
      bool number = !line.empty() && line.find_first_not_of("0123456789") == std::string::npos && line.size() < 9;
      if (number) {
        int i = std::stoi(line);
        if (i >= 1 && i <= static_cast<int>(legal.size())) chosen = legal[i - 1];
      }
      if (chosen < 0)
        for (int i : legal)
          if (r.moves[i].move == line || without_spaces(r.moves[i].move) == without_spaces(line)) chosen = i;
      if (chosen < 0) {
        fmt::print("not a legal move: '{}' (type moves to list them)\n", line);
        continue;
      }
      fmt::print("you play {}\n", r.moves[chosen].move);
      history.push_back({r.moves[chosen].child, false});
      break;
    }
  }
}

}  // namespace

void add_explore_commands(CLI::App& app) {
  for (const char* name : kGames) {
    CLI::App* parent = app.get_subcommand(name);
    const std::string game = name;
    const std::string rules = parent->get_description();

    auto mf = std::make_shared<PositionFlags>();
    mf->game = game;
    CLI::App* moves = parent->add_subcommand(
        "moves", "Every move from a position, with the value after it (a Grundy value in an impartial game) and "
                 "whether it wins.\n" + rules);
    add_position_flags(moves, *mf);
    moves->add_flag("--json", mf->json, "one JSON object on stdout (docs/json.md, \"moves and tree\")");
    add_format_option(moves, mf->format, kTableFormats);
    add_limit_option(moves, mf->limit, "moves per player");
    moves->callback([mf] { run_moves(*mf); });

    auto tf = std::make_shared<TreeFlags>();
    tf->pos.game = game;
    CLI::App* tree = parent->add_subcommand(
        "tree", "The game tree to a depth, each position with its value: indented text, Graphviz DOT (--dot), "
                "TikZ (--tikz) or an SVG picture (-o FILE.svg, through Graphviz).\n" + rules);
    add_position_flags(tree, tf->pos);
    tree->add_option("--depth", tf->tree.max_depth, "levels below the root")->capture_default_str();
    tree->add_option("--max-nodes", tf->tree.max_nodes, "stop after this many nodes (at most 100000)")
        ->capture_default_str();
    tree->add_flag("--dot", tf->dot, "Graphviz DOT (partizan: Left's moves blue, Right's red; winning moves bold)");
    tree->add_flag("--tikz", tf->tikz, "a TikZ picture for LaTeX (\\usepackage{tikz})");
    tree->add_option("-o,--output", tf->output,
                     "write to a file: FILE.svg (an SVG through Graphviz's dot), FILE.dot, FILE.tex (TikZ), else as "
                     "the flags say");
    tree->add_flag("--json", tf->pos.json, "the tree as nested JSON (docs/json.md, \"moves and tree\")");
    tree->callback([tf] { run_tree(*tf); });

    auto pf = std::make_shared<PlayFlags>();
    pf->pos.game = game;
    const bool partizan = game == "blocking" || game == "coins";
    CLI::App* play = parent->add_subcommand(
        "play", "Play against the engine in the terminal: type a move (its name or its number in `moves`), `hint`, "
                "`undo` (your last move and the engine's reply), `moves` or `quit`. Reads standard input, so a "
                "script can pipe moves in.\n" + rules);
    add_position_flags(play, pf->pos);
    if (partizan) play->add_option("--as", pf->as, "your side: left or right")->capture_default_str();
    play->add_flag("--engine-first", pf->engine_first, "the engine makes the first move");
    play->callback([pf] { run_play(*pf); });
  }
}

}  // namespace cgtlab::cli
