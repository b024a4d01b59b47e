#include "games/blocking/tree.h"

#include <algorithm>
#include <deque>
#include <functional>

namespace cgtlab::games {

namespace {

struct Node {
  games::BlockingPosition position;
  cgt::Game value;
  int depth = 0;
  std::string move;              // the move that led here (empty at the root)
  bool by_left = false;
  std::vector<int> children;
  bool cut = false;              // has options that were not drawn
};

std::vector<Node> build_tree(BlockingAnalyzer& a, const games::BlockingPosition& root, const TreeOptions& o,
                             bool& truncated) {
  std::vector<Node> nodes;
  nodes.push_back({root, a.value(root), 0, "", false, {}, false});
  std::deque<int> queue{0};
  truncated = false;
  while (!queue.empty()) {
    int id = queue.front();
    queue.pop_front();
    auto moves = a.moves(nodes[id].position);
    const bool has_options = !moves.left.empty() || !moves.right.empty();
    if (nodes[id].depth >= o.max_depth) {
      nodes[id].cut = has_options;
      truncated = truncated || has_options;
      continue;
    }
    for (bool left : {true, false}) {
      for (const auto& opt : left ? moves.left : moves.right) {
        if (o.best_only && !opt.best) continue;
        if (static_cast<int>(nodes.size()) >= o.max_nodes) {
          nodes[id].cut = true;
          truncated = true;
          break;
        }
        nodes[id].children.push_back(static_cast<int>(nodes.size()));
        queue.push_back(static_cast<int>(nodes.size()));
        nodes.push_back({opt.result, opt.value, nodes[id].depth + 1, opt.move, left, {}, false});
      }
    }
  }
  return nodes;
}

std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string paper_notation(const games::BlockingPosition& p) {
  const bool green = std::any_of(p.begin(), p.end(), [](const games::Pebbles& q) { return q.green > 0; });
  std::string out = "[";
  for (size_t v = 0; v < p.size(); ++v) {
    if (v) out += ",";
    out += "[" + std::to_string(p[v].blue) + "," + std::to_string(p[v].red);
    if (green) out += "," + std::to_string(p[v].green);
    out += "]";
  }
  return out + "]";
}

GameTree blocking_tree_dot(BlockingAnalyzer& a, const games::BlockingPosition& root, const TreeOptions& o) {
  GameTree t;
  auto nodes = build_tree(a, root, o, t.truncated);
  t.nodes = static_cast<int>(nodes.size());
  std::string& s = t.text;
  s += "// BLOCKING PEBBLES game tree of " + a.rules().format(root) + " on " + a.rules().graph().to_spec() + "\n";
  s += "// Left's moves: blue edges (L); Right's moves: red edges (R). Nodes: pebbles [blue,red(,green)] per\n";
  s += "// vertex in vertex order, and the canonical value.";
  if (t.truncated) s += " Truncated: nodes marked ... have options not drawn.";
  s += "\ndigraph blocking_pebbles {\n  node [shape=box, fontname=\"monospace\"];\n";
  for (size_t i = 0; i < nodes.size(); ++i) {
    std::string label = paper_notation(nodes[i].position) + "\\n" + dot_escape(nodes[i].value.str());
    if (nodes[i].cut) label += "\\n...";
    s += "  n" + std::to_string(i) + " [label=\"" + label + "\"];\n";
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (int c : nodes[i].children) {
      const bool left = nodes[c].by_left;
      s += "  n" + std::to_string(i) + " -> n" + std::to_string(c) + " [color=" + (left ? "blue" : "red") +
           ", label=\"" + (left ? "L" : "R") + "\", tooltip=\"" + dot_escape(nodes[c].move) + "\"];\n";
    }
  }
  s += "}\n";
  return t;
}

GameTree blocking_tree_text(BlockingAnalyzer& a, const games::BlockingPosition& root, const TreeOptions& o) {
  GameTree t;
  auto nodes = build_tree(a, root, o, t.truncated);
  t.nodes = static_cast<int>(nodes.size());
  std::function<void(int)> print = [&](int id) {
    const Node& n = nodes[id];
    std::string indent(2 * static_cast<std::size_t>(n.depth), ' ');
    t.text += indent;
    if (n.depth > 0) t.text += std::string(n.by_left ? "L: " : "R: ") + n.move + " => ";
    t.text += a.rules().format(n.position) + "  = " + n.value.str() + (n.cut ? "  ..." : "") + "\n";
    for (int c : n.children) print(c);
  };
  print(0);
  return t;
}

}  // namespace cgtlab::games
