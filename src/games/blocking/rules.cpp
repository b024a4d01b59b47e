#include "games/blocking/rules.h"

#include <algorithm>
#include <cctype>

#include <fmt/core.h>

#include "util/error.h"
#include "util/parse.h"
#include "util/strings.h"

namespace cgtlab::games {

namespace {

// The mover's own colour and the colour that blocks it.
int& own_of(Pebbles& p, Player who) { return who == Player::Left ? p.blue : p.red; }
int own_of(const Pebbles& p, Player who) { return who == Player::Left ? p.blue : p.red; }
int blocker_of(const Pebbles& p, Player who) { return who == Player::Left ? p.red : p.blue; }
PebbleColour own_colour(Player who) { return who == Player::Left ? PebbleColour::Blue : PebbleColour::Red; }

std::string colour_name(PebbleColour c) {
  switch (c) {
    case PebbleColour::Blue: return "blue";
    case PebbleColour::Red: return "red";
    case PebbleColour::Green: return "green";
  }
  return "?";
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> split_trimmed(std::string_view s, char sep) {
  std::vector<std::string> parts = split(s, sep);
  for (auto& part : parts) part = trim(part);
  return parts;
}

int parse_count(const std::string& text, std::string_view spec) {
  if (!text.empty() && text[0] == '-')
    throw InputError("pebble spec '" + std::string(spec) + "': negative pebble count '" + text + "'");
  auto value = parse_integer<int>(text);
  if (!value) throw InputError("pebble spec '" + std::string(spec) + "': '" + text + "' is not a pebble count");
  return *value;
}

// "b/r/g"; "b/r" (no green) is accepted too, as in the papers' [blue, red] pairs.
Pebbles parse_triple(const std::string& text, std::string_view spec) {
  auto parts = split_trimmed(text, '/');
  if (parts.size() != 3 && parts.size() != 2)
    throw InputError("pebble spec '" + std::string(spec) + "': '" + text +
                     "' is not blue/red/green (e.g. 1/3/0)");
  Pebbles p;
  p.blue = parse_count(parts[0], spec);
  p.red = parse_count(parts[1], spec);
  p.green = parts.size() == 3 ? parse_count(parts[2], spec) : 0;
  return p;
}

}  // namespace

BlockingPebbles::BlockingPebbles(graph::Graph g) : graph_(std::move(g)), symmetry_(graph_) {
  if (!graph_.directed()) throw InputError("BLOCKING PEBBLES needs a directed acyclic graph (arcs a>b)");
  graph_.require_dag();
  asymmetric_ = symmetry_.group_order() == 1 || !symmetry_.reduces();  // the one nauty result, computed by symmetry_
  weak_components_ = graph_.components();
}

std::vector<BlockingMove> BlockingPebbles::moves(const Position& p, Player who) const {
  std::vector<BlockingMove> out;
  const PebbleColour own = own_colour(who);
  for (int v = 0; v < graph_.order(); ++v) {
    const int own_here = own_of(p[v], who);
    const int green_here = p[v].green;
    if (own_here + green_here == 0) continue;
    // (1) Shift x own and y green pebbles to one in-neighbour, free of charge.
    for (int w : graph_.in_neighbors(v)) {
      const bool own_blocked = blocker_of(p[w], who) > 0;
      for (int x = 0; x <= (own_blocked ? 0 : own_here); ++x)
        for (int y = 0; y <= green_here; ++y)
          if (x + y > 0) out.push_back({BlockingMove::Kind::Shift, v, w, x, y, PebbleColour::Green});
    }
    // (2) Remove two, place one of them on an out-neighbour, discard the other.
    if (own_here + green_here < 2) continue;
    for (int w : graph_.out_neighbors(v)) {
      const bool own_blocked = blocker_of(p[w], who) > 0;
      if (own_here >= 2 && !own_blocked) out.push_back({BlockingMove::Kind::Pebble, v, w, 2, 0, own});
      if (own_here >= 1 && green_here >= 1) {
        if (!own_blocked) out.push_back({BlockingMove::Kind::Pebble, v, w, 1, 1, own});
        out.push_back({BlockingMove::Kind::Pebble, v, w, 1, 1, PebbleColour::Green});
      }
      if (green_here >= 2) out.push_back({BlockingMove::Kind::Pebble, v, w, 0, 2, PebbleColour::Green});
    }
  }
  return out;
}

BlockingPosition BlockingPebbles::apply(const Position& p, const BlockingMove& m, Player who) const {
  Position q = p;
  own_of(q[m.from], who) -= m.own;
  q[m.from].green -= m.green;
  if (m.kind == BlockingMove::Kind::Shift) {
    own_of(q[m.to], who) += m.own;
    q[m.to].green += m.green;
  } else if (m.placed == PebbleColour::Green) {
    q[m.to].green += 1;
  } else {
    own_of(q[m.to], who) += 1;
  }
  return q;
}

std::vector<BlockingPosition> BlockingPebbles::options(const Position& p, Player who) const {
  std::vector<Position> out;
  for (const auto& m : moves(p, who)) out.push_back(apply(p, m, who));
  return out;
}

BlockingPebbles::Key BlockingPebbles::key(const Position& p) const {
  // 10 bits per colour; counts never grow past the position's colour totals, which parse
  // caps at kMaxPebblesPerColour.
  // The key is the canonical image of the packed labels under the automorphism group, so
  // positions that differ by a symmetry of the graph share one memo entry.
  std::vector<int> packed(p.size());
  for (size_t v = 0; v < p.size(); ++v) packed[v] = (p[v].blue << 20) | (p[v].red << 10) | p[v].green;
  if (!asymmetric_) packed = symmetry_.canonical(packed);
  return Key(packed.begin(), packed.end());
}

std::vector<BlockingPosition> BlockingPebbles::components(const Position& p) const {
  if (weak_components_.size() < 2) return {p};
  std::vector<Position> parts;
  for (const auto& comp : weak_components_) {
    Position part(p.size());
    bool any = false;
    for (int v : comp) {
      part[v] = p[v];
      any = any || !p[v].empty();
    }
    if (any) parts.push_back(std::move(part));
  }
  if (parts.size() < 2) return {p};
  return parts;
}

std::string BlockingPebbles::describe(const BlockingMove& m, Player who) const {
  const std::string own = colour_name(own_colour(who));
  const std::string& from = graph_.vertex_name(m.from);
  const std::string& to = graph_.vertex_name(m.to);
  if (m.kind == BlockingMove::Kind::Shift) {
    std::string what;
    if (m.own > 0) what = std::to_string(m.own) + " " + own;
    if (m.green > 0) what += (what.empty() ? "" : " + ") + std::to_string(m.green) + " green";
    return "shift " + what + " " + from + "->" + to;
  }
  std::string removed = m.own == 2 ? own + "+" + own : m.green == 2 ? "green+green" : own + "+green";
  return "pebble " + from + "->" + to + " (remove " + removed + ", place " + colour_name(m.placed) + ")";
}

BlockingPosition BlockingPebbles::parse(std::string_view spec) const {
  const int n = graph_.order();
  Position p(n);
  std::string text = trim(spec);
  if (text.empty() || text == "empty") return p;
  std::vector<std::string> entries;
  const bool paper = text.front() == '[';
  if (paper) {
    // The papers' notation: [[b,r],[b,r,g],...], one [blue, red(, green)] entry per vertex in
    // vertex order; read as the unnamed list "b/r,b/r/g,...".
    if (text.size() < 2 || text.back() != ']')
      throw InputError("pebble spec '" + text + "': the papers' notation is [[blue,red],...] (one [..] per vertex)");
    std::string inner = trim(std::string_view(text).substr(1, text.size() - 2));
    size_t i = 0;
    while (i < inner.size()) {
      if (inner[i] != '[')
        throw InputError("pebble spec '" + text + "': expected '[' at '" + inner.substr(i, 12) +
                         "' (write [[blue,red],[blue,red,green],...])");
      size_t close = inner.find(']', i);
      if (close == std::string::npos || inner.find('[', i + 1) < close)
        throw InputError("pebble spec '" + text + "': unbalanced brackets");
      std::string entry = inner.substr(i + 1, close - i - 1);
      for (char& c : entry)
        if (c == ',') c = '/';
      entries.push_back(trim(entry));
      i = close + 1;
      while (i < inner.size() && std::isspace(static_cast<unsigned char>(inner[i]))) ++i;
      if (i < inner.size()) {
        if (inner[i] != ',') throw InputError("pebble spec '" + text + "': entries are separated by ','");
        ++i;
        while (i < inner.size() && std::isspace(static_cast<unsigned char>(inner[i]))) ++i;
        if (i == inner.size()) throw InputError("pebble spec '" + text + "': a trailing ','");
      }
    }
  } else {
    entries = split_trimmed(text, ',');
  }
  const bool named = !paper && text.find('=') != std::string::npos;
  if (!named) {
    if (static_cast<int>(entries.size()) != n)
      throw InputError("pebble spec '" + text + "': " +
                       (paper ? std::string("the papers' notation needs one [blue,red] entry per vertex (")
                              : std::string("a list without names needs one b/r/g entry per vertex (")) +
                       std::to_string(n) + ", got " + std::to_string(entries.size()) + "), or use name=b/r/g pairs");
    for (int v = 0; v < n; ++v) p[v] = parse_triple(entries[v], text);
  } else {
    std::vector<bool> seen(n, false);
    for (const auto& e : entries) {
      auto eq = e.find('=');
      if (eq == std::string::npos)
        throw InputError(fmt::format("pebble spec '{}': '{}' is not name=blue/red/green", text, e));
      std::string name = trim(std::string_view(e).substr(0, eq));
      auto v = graph_.find_vertex(name);
      if (!v) throw InputError(fmt::format("pebble spec '{}': the graph has no vertex '{}'", text, name));
      if (seen[*v]) throw InputError(fmt::format("pebble spec '{}': vertex '{}' is given twice", text, name));
      seen[*v] = true;
      p[*v] = parse_triple(e.substr(eq + 1), text);
    }
  }
  long totals[3] = {0, 0, 0};
  for (const auto& q : p) totals[0] += q.blue, totals[1] += q.red, totals[2] += q.green;
  for (long t : totals)
    if (t > kMaxPebblesPerColour)
      throw InputError("pebble spec '" + text + "': at most " + std::to_string(kMaxPebblesPerColour) +
                       " pebbles of each colour");
  return p;
}

std::string BlockingPebbles::format(const Position& p) const {
  std::string out;
  for (int v = 0; v < graph_.order(); ++v) {
    if (p[v].empty()) continue;
    if (!out.empty()) out += ',';
    out += graph_.vertex_name(v) + "=" + std::to_string(p[v].blue) + "/" + std::to_string(p[v].red) + "/" +
           std::to_string(p[v].green);
  }
  return out.empty() ? "empty" : out;
}

bool is_green_only(const BlockingPosition& p) {
  return std::all_of(p.begin(), p.end(), [](const Pebbles& q) { return q.blue == 0 && q.red == 0; });
}

int total_pebbles(const BlockingPosition& p) {
  int t = 0;
  for (const auto& q : p) t += q.total();
  return t;
}

std::string paper_notation(const BlockingPosition& p) {
  const bool green = std::any_of(p.begin(), p.end(), [](const Pebbles& q) { return q.green > 0; });
  std::string out = "[";
  for (size_t v = 0; v < p.size(); ++v) {
    if (v) out += ",";
    out += "[" + std::to_string(p[v].blue) + "," + std::to_string(p[v].red);
    if (green) out += "," + std::to_string(p[v].green);
    out += "]";
  }
  return out + "]";
}

}  // namespace cgtlab::games
