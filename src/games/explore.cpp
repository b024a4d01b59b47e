#include "games/explore.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <functional>
#include <sstream>

#include "cgt/latex.h"
#include "util/error.h"
#include "util/latex.h"

extern char** environ;

namespace cgtlab::games {

std::string side_name(Side s) {
  switch (s) {
    case Side::Left: return "left";
    case Side::Right: return "right";
    case Side::Either: return "";
  }
  return "";
}

std::string ExploreValue::str() const {
  if (value) return value->str();
  if (outcome) return std::string(cgt::to_string(*outcome)) + "-position";
  return "?";
}

namespace {

// Whether the mover wins by moving to a position of this value.
bool wins_for(Side mover, const ExploreValue& after) {
  if (mover == Side::Either) {
    if (after.grundy) return *after.grundy == 0;
    return after.outcome && *after.outcome == cgt::Outcome::P;
  }
  if (!after.value) return false;
  return mover == Side::Left ? *after.value >= cgt::Game() : *after.value <= cgt::Game();
}

// A move with the position after it (its text, flags and value) and whether it wins: a row of
// `moves`, a child in a tree.
MoveReport report_move(Explorer& e, const Explorer::Move& m) {
  MoveReport x;
  x.move = m.move;
  x.side = m.side;
  x.child = m.child;
  x.result = e.position(m.child);
  x.args = e.args(m.child);
  x.value = e.value(m.child);
  x.winning = wins_for(m.side, x.value);
  return x;
}

}  // namespace

MovesReport explore_moves(Explorer& e, int node) {
  MovesReport r;
  r.position = e.position(node);
  r.args = e.args(node);
  r.value = e.value(node);
  for (const auto& m : e.moves(node)) r.moves.push_back(report_move(e, m));
  return r;
}

int engine_move(const MovesReport& m, Side side) {
  int first = -1;
  for (size_t i = 0; i < m.moves.size(); ++i) {
    if (m.moves[i].side != side) continue;
    if (m.moves[i].winning) return static_cast<int>(i);
    if (first < 0) first = static_cast<int>(i);
  }
  return first;
}

ExploreTree explore_tree(Explorer& e, int root, const ExploreTreeOptions& o) {
  if (o.max_depth < 0) throw InputError("--depth must be >= 0");
  if (o.max_nodes < 1 || o.max_nodes > kMaxTreeNodes)
    throw InputError("--max-nodes must be between 1 and " + std::to_string(kMaxTreeNodes));
  ExploreTree t;
  t.game = e.game();
  t.impartial = e.impartial();
  ExploreTree::Node r;
  r.node = root;
  r.position = e.position(root);
  r.args = e.args(root);
  r.value = e.value(root);
  t.nodes.push_back(std::move(r));
  std::deque<int> queue{0};
  while (!queue.empty()) {
    const int id = queue.front();
    queue.pop_front();
    auto moves = e.moves(t.nodes[id].node);
    if (moves.empty()) continue;
    if (t.nodes[id].depth >= o.max_depth) {
      t.nodes[id].cut = true;
      t.truncated = true;
      continue;
    }
    for (const auto& m : moves) {
      if (static_cast<int>(t.nodes.size()) >= o.max_nodes) {
        t.nodes[id].cut = true;
        t.truncated = true;
        break;
      }
      MoveReport x = report_move(e, m);
      ExploreTree::Node c;
      c.node = x.child;
      c.depth = t.nodes[id].depth + 1;
      c.move = std::move(x.move);
      c.side = x.side;
      c.winning = x.winning;
      c.position = std::move(x.result);
      c.args = std::move(x.args);
      c.value = x.value;
      const int cid = static_cast<int>(t.nodes.size());
      t.nodes[id].children.push_back(cid);
      t.nodes.push_back(std::move(c));
      queue.push_back(cid);
    }
  }
  return t;
}

std::string tree_text(const ExploreTree& t) {
  std::string out;
  std::function<void(int)> print = [&](int id) {
    const auto& n = t.nodes[id];
    out.append(2 * static_cast<std::size_t>(n.depth), ' ');
    if (n.depth > 0) {
      if (n.side == Side::Left) out += "L: ";
      if (n.side == Side::Right) out += "R: ";
      out += n.move + " => ";
    }
    out += n.position + "  = " + n.value.str();
    if (n.winning) out += "  (wins)";
    if (n.cut) out += "  ...";
    out += "\n";
    for (int c : n.children) print(c);
  };
  print(0);
  return out;
}

namespace {

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

}  // namespace

std::string tree_dot(const ExploreTree& t) {
  std::string s = "// " + t.game + " game tree: each node is a position (its text form) and its value";
  s += t.impartial ? " (a nimber: the Grundy value)." : "; Left's moves are blue edges (L), Right's red (R).";
  s += " Bold edges: winning moves.";
  if (t.truncated) s += " Truncated: nodes marked ... have moves not drawn.";
  s += "\ndigraph game_tree {\n  node [shape=box, fontname=\"monospace\"];\n";
  for (size_t i = 0; i < t.nodes.size(); ++i) {
    const auto& n = t.nodes[i];
    std::string label = dot_escape(n.position) + "\\n" + dot_escape(n.value.str());
    if (n.cut) label += "\\n...";
    s += "  n" + std::to_string(i) + " [label=\"" + label + "\"];\n";
  }
  for (size_t i = 0; i < t.nodes.size(); ++i) {
    for (int c : t.nodes[i].children) {
      const auto& n = t.nodes[c];
      std::string attrs;
      if (n.side == Side::Left) attrs = "color=blue, fontcolor=blue, label=\"L: " + dot_escape(n.move) + "\"";
      else if (n.side == Side::Right) attrs = "color=red, fontcolor=red, label=\"R: " + dot_escape(n.move) + "\"";
      else attrs = "label=\"" + dot_escape(n.move) + "\"";
      if (n.winning) attrs += ", penwidth=2.5";
      s += "  n" + std::to_string(i) + " -> n" + std::to_string(c) + " [" + attrs + "];\n";
    }
  }
  s += "}\n";
  return s;
}

std::string tree_tikz(const ExploreTree& t) {
  // Tidy layout: leaves get consecutive x positions, a parent sits over the middle of its
  // children; levels go down by a fixed step.
  std::vector<double> x(t.nodes.size(), 0);
  double next_leaf = 0;
  std::function<void(int)> place = [&](int id) {
    const auto& n = t.nodes[id];
    if (n.children.empty()) {
      x[id] = next_leaf;
      next_leaf += 1;
      return;
    }
    for (int c : n.children) place(c);
    x[id] = (x[n.children.front()] + x[n.children.back()]) / 2;
  };
  place(0);
  auto num = [](double v) {
    std::ostringstream o;
    o.precision(2);
    o << std::fixed << v;
    return o.str();
  };
  std::string s = "% " + t.game + " game tree, made by cgtlab (needs \\usepackage{tikz}).";
  if (t.truncated) s += " Truncated: nodes marked \\dots{} have moves not drawn.";
  s += "\n\\begin{tikzpicture}[x=2.6cm, y=1.8cm,\n"
       "  cgtnode/.style={draw, rounded corners, align=center, font=\\footnotesize},\n"
       "  cgtmove/.style={font=\\scriptsize, fill=white, inner sep=1pt}]\n";
  for (size_t i = 0; i < t.nodes.size(); ++i) {
    const auto& n = t.nodes[i];
    std::string label = "\\texttt{" + latex_escape(n.position) + "}\\\\$" +
                        (n.value.value ? cgt::latex_value(*n.value.value) : latex_escape(n.value.str())) + "$";
    if (n.cut) label += "\\\\\\dots";
    s += "  \\node[cgtnode] (n" + std::to_string(i) + ") at (" + num(x[i]) + "," + num(-n.depth) + ") {" + label + "};\n";
  }
  for (size_t i = 0; i < t.nodes.size(); ++i) {
    for (int c : t.nodes[i].children) {
      const auto& n = t.nodes[c];
      std::string style = n.side == Side::Left ? "blue" : n.side == Side::Right ? "red" : "black";
      if (n.winning) style += ", very thick";
      std::string who = n.side == Side::Left ? "L: " : n.side == Side::Right ? "R: " : "";
      s += "  \\draw[" + style + "] (n" + std::to_string(i) + ") -- node[cgtmove] {\\texttt{" + latex_escape(who + n.move) +
           "}} (n" + std::to_string(c) + ");\n";
    }
  }
  s += "\\end{tikzpicture}\n";
  return s;
}

namespace {

// The full path of an executable on PATH, or "".
std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string full = end > start ? dirs.substr(start, end - start) : ".";  // an empty entry is "."
    full += '/';
    full += name;
    if (access(full.c_str(), X_OK) == 0) return full;
    start = end + 1;
  }
  return "";
}

}  // namespace

void write_svg(const std::string& dot, const std::string& path) {
  const std::string exe = find_on_path("dot");
  if (exe.empty())
    throw InputError("Graphviz 'dot' is not installed, so no SVG (install Debian's graphviz: scripts/install-deps; "
                     "or write DOT with --dot)");
  // dot reads the DOT text from a temporary file and writes the SVG itself.
  std::string tmpl = "/tmp/cgtlab-tree-XXXXXX";
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = mkstemp(name.data());
  if (fd < 0) throw InputError("cannot create a temporary file for dot");
  const std::string in(name.data());
  {
    std::ofstream f(in);
    f << dot;
    if (!f) {
      close(fd);
      unlink(in.c_str());
      throw InputError("cannot write a temporary file for dot");
    }
  }
  close(fd);
  std::string out_arg = "-o" + path;
  std::vector<std::string> argv_s{exe, "-Tsvg", out_arg, in};
  std::vector<char*> argv;
  argv.reserve(argv_s.size() + 1);
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ);
  int status = 0;
  if (rc == 0) {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  unlink(in.c_str());
  if (rc != 0) throw InputError("cannot run Graphviz 'dot' (" + exe + ")");
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw InputError("Graphviz 'dot' failed writing '" + path + "' (exit " +
                     std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")");
}

}  // namespace cgtlab::games
