// Graph specs (DESIGN.md "Inputs"): named families and explicit edge or arc lists.
//
// Families number their vertices from 0:
//   Kn        complete graph, n >= 1            Km,n     complete bipartite: part 0..m-1, part m..m+n-1
//   Cn        cycle 0-1-..-(n-1)-0, n >= 3      Pn       path on n vertices 0-1-..-(n-1), n >= 1
//   Sn        star: centre 0, leaves 1..n       Wn       wheel with n vertices in all (Wolfram's
//                                                        convention): hub 0, rim cycle 1..n-1, n >= 4
//   GridRxC   R rows, C columns; vertex r*C+c   Petersen outer cycle 0..4, spokes i-(i+5),
//                                                        inner pentagram 5+i - 5+(i+2)%5
//   Tn        transitive tournament: i>j for every i < j           DPn  directed path 0>1>..>(n-1)
//   OutStarn  arcs from centre 0 to leaves 1..n                    InStarn  arcs from leaves 1..n into 0
// K0 (also P0, T0, DP0) is the empty graph.
// Explicit lists: comma-separated tokens `u-v` (edge; `u-u` a loop), `u>v` (arc) or a lone
// name (an isolated vertex). Names are integers (no leading zeros, at most 9 digits) or
// identifiers that do not look like a family (K5, P, OutStar2 are refused). When every name is
// an integer the vertices are ordered numerically, otherwise by first appearance.
// G+H is the disjoint union: H's vertices follow G's, its integer names shifted past G's.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <optional>
#include <regex>

#include "graph/graph.h"
#include "util/error.h"

namespace cgtlab::graph {

namespace {

constexpr long long kMaxOrder = 100000;
constexpr long long kMaxEdges = 1000000;  // keeps nauty on the densest allowed graph (K1414) to seconds

const char* kFamilies =
    "K5, C4, P6, K2,3, S4, W5, Grid3x4, Petersen, T3, DP3, OutStar3, InStar3, K0 (empty), a list like 0-1,1-2 or "
    "a>b,b>c, or a disjoint union K5+K3";

[[noreturn]] void fail(std::string_view spec, const std::string& why) {
  throw InputError("graph spec '" + std::string(spec) + "': " + why);
}

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

bool is_integer_name(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

// A family parameter: decimal digits, bounded so that no arithmetic below can overflow.
long long parse_size(std::string_view spec, const std::string& digits) {
  if (digits.size() > 9) fail(spec, "size " + digits + " is too large (the order is capped at " + std::to_string(kMaxOrder) + ")");
  return std::stoll(digits);
}

void check_size(std::string_view spec, long long order, long long edges) {
  if (order > kMaxOrder)
    fail(spec, "order " + std::to_string(order) + " exceeds the cap of " + std::to_string(kMaxOrder) + " vertices");
  if (edges > kMaxEdges)
    fail(spec, std::to_string(edges) + " edges exceed the cap of " + std::to_string(kMaxEdges));
}

void require_at_least(std::string_view spec, const std::string& family, long long n, long long least,
                      const std::string& why) {
  if (n < least) fail(spec, "bad size: " + family + " needs " + why + " (got " + std::to_string(n) + ")");
}

// Builds a family graph, or returns nullopt when the spec is not a family name.
std::optional<Graph> parse_family(std::string_view spec, const std::string& s) {
  static const std::regex one(R"(^(K|C|P|S|W|T|DP|OutStar|InStar)(\d+)$)");
  static const std::regex bipartite(R"(^K(\d+),(\d+)$)");
  static const std::regex grid(R"(^Grid(\d+)x(\d+)$)");
  std::smatch m;
  if (s == "Petersen") {
    Graph g(10, false);
    for (int i = 0; i < 5; ++i) {
      g.add_edge(i, (i + 1) % 5);
      g.add_edge(i, i + 5);
      g.add_edge(5 + i, 5 + (i + 2) % 5);
    }
    return g;
  }
  if (std::regex_match(s, m, bipartite)) {
    long long a = parse_size(spec, m[1]), b = parse_size(spec, m[2]);
    require_at_least(spec, "K" + std::string(m[1]) + "," + std::string(m[2]), std::min(a, b), 1, "both parts non-empty");
    check_size(spec, a + b, a * b);
    Graph g(static_cast<int>(a + b), false);
    for (int i = 0; i < a; ++i)
      for (int j = 0; j < b; ++j) g.add_edge(i, static_cast<int>(a) + j);
    return g;
  }
  if (std::regex_match(s, m, grid)) {
    long long r = parse_size(spec, m[1]), c = parse_size(spec, m[2]);
    require_at_least(spec, "Grid", std::min(r, c), 1, "at least 1 row and 1 column");
    check_size(spec, r * c, 2 * r * c);
    Graph g(static_cast<int>(r * c), false);
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < c; ++j) {
        int v = static_cast<int>(i * c + j);
        if (j + 1 < c) g.add_edge(v, v + 1);
        if (i + 1 < r) g.add_edge(v, v + static_cast<int>(c));
      }
    return g;
  }
  if (!std::regex_match(s, m, one)) return std::nullopt;
  const std::string family = m[1];
  const long long n = parse_size(spec, m[2]);
  const std::string name = family + std::string(m[2]);
  if (family == "K" || family == "T") {
    require_at_least(spec, name, n, 0, "at least 0 vertices");
    check_size(spec, n, n * (n - 1) / 2);
    Graph g(static_cast<int>(n), family == "T");
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) g.add_edge(i, j);
    return g;
  }
  if (family == "C") {
    require_at_least(spec, name, n, 3, "at least 3 vertices");
    check_size(spec, n, n);
    Graph g(static_cast<int>(n), false);
    for (int i = 0; i < n; ++i) g.add_edge(i, static_cast<int>((i + 1) % n));
    return g;
  }
  if (family == "P" || family == "DP") {
    require_at_least(spec, name, n, 0, "at least 0 vertices");
    check_size(spec, n, std::max(0LL, n - 1));
    Graph g(static_cast<int>(n), family == "DP");
    for (int i = 0; i + 1 < n; ++i) g.add_edge(i, i + 1);
    return g;
  }
  if (family == "S" || family == "OutStar" || family == "InStar") {
    require_at_least(spec, name, n, 1, "at least 1 leaf");
    check_size(spec, n + 1, n);
    Graph g(static_cast<int>(n + 1), family != "S");
    for (int i = 1; i <= n; ++i) {
      if (family == "InStar") g.add_edge(i, 0);
      else g.add_edge(0, i);
    }
    return g;
  }
  // family == "W": Wolfram's convention, n vertices in all.
  require_at_least(spec, name, n, 4, "at least 4 vertices (hub 0 and a rim cycle 1..n-1; W4 = K4)");
  check_size(spec, n, 2 * (n - 1));
  Graph g(static_cast<int>(n), false);
  for (int i = 1; i < n; ++i) {
    g.add_edge(0, i);
    g.add_edge(i, i + 1 < n ? i + 1 : 1);
  }
  return g;
}

// A family's name without its size: a fine vertex name alone (the papers' figures name vertices
// A, B, C, ...), but "K-1" reads as the family K of size -1.
bool is_family_stem(const std::string& name) {
  static const std::regex stem(R"(^(K|C|P|S|W|T|DP|OutStar|InStar|Grid)$)");
  return std::regex_match(name, stem);
}

// A vertex name: an integer without leading zeros (at most 9 digits) or an identifier that does
// not read as a graph family (K5, C4, Grid3x4, OutStar2, Petersen), so that a mistyped spec is
// not silently a list of isolated vertices.
void check_name(std::string_view spec, const std::string& tok, const std::string& name) {
  static const std::regex family_word(R"(^(K|C|P|S|W|T|DP|OutStar|InStar|Grid)[0-9].*$|^Petersen$)");
  if (is_integer_name(name)) {
    if (name.size() > 1 && name[0] == '0')
      fail(spec, "vertex number '" + name + "' has a leading zero (write " + name.substr(name.find_first_not_of('0') == std::string::npos ? name.size() - 1 : name.find_first_not_of('0')) + ")");
    if (name.size() > 9) fail(spec, "vertex number '" + name + "' is too large (at most 9 digits)");
    return;
  }
  // A compound name such as 0_1 or 1_1_loop (digits, then '_' and letters or digits): what
  // `wak to-arckayles` prints for the vertices it makes, so its graph reads back as it is.
  const bool compound = std::isdigit(static_cast<unsigned char>(name[0])) && name.find('_') != std::string::npos &&
                        name.back() != '_' &&
                        std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
  if (!is_identifier(name) && !compound)
    fail(spec, "bad token '" + tok + "': vertex names are integers, identifiers or compound names like 0_1, not '" +
                   name + "'");
  if (std::regex_match(name, family_word))
    fail(spec, "'" + name + "' names a graph family, not a vertex (a family stands alone; a disjoint union is G+H, e.g. K5+K3)");
}

// Integer names compare by value; "007" and "7" are one vertex, named "7".
std::string normalise_name(const std::string& name) {
  if (!is_integer_name(name)) return name;
  size_t first = name.find_first_not_of('0');
  return first == std::string::npos ? "0" : name.substr(first);
}

Graph parse_list(std::string_view spec, const std::string& s) {
  struct Token {
    std::string a, b;  // b empty: a lone vertex
  };
  std::vector<Token> tokens;
  std::optional<char> kind;  // '-' or '>' once an edge has been seen
  size_t start = 0;
  while (true) {
    size_t comma = s.find(',', start);
    std::string tok = trim(std::string_view(s).substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (tok.empty()) fail(spec, "empty token (a stray or doubled comma)");
    size_t op = tok.find_first_of("->");
    Token t;
    if (op == std::string::npos) {
      t.a = tok;
    } else {
      char c = tok[op];
      if (kind && *kind != c) fail(spec, "mixes undirected edges (u-v) and arcs (u>v)");
      kind = c;
      t.a = trim(std::string_view(tok).substr(0, op));
      t.b = trim(std::string_view(tok).substr(op + 1));
      if (t.b.find_first_of("->") != std::string::npos)
        fail(spec, "bad token '" + tok + "' (one edge per token: write 0-1,1-2, not 0-1-2)");
      if (t.a.empty() || t.b.empty()) fail(spec, "bad token '" + tok + "' (an edge needs two vertex names)");
    }
    for (const std::string* name : {&t.a, &t.b}) {
      if (name->empty()) continue;
      check_name(spec, tok, *name);
    }
    if (kind == '-' && is_family_stem(t.a) && is_integer_name(t.b))
      fail(spec, "'" + tok + "' reads as the family " + t.a + " of size -" + t.b +
                     " (sizes are >= 0); for an edge to vertex " + t.b + " name the other vertex differently");
    t.a = normalise_name(t.a);
    if (!t.b.empty()) t.b = normalise_name(t.b);
    tokens.push_back(std::move(t));
    if (tokens.size() > static_cast<size_t>(kMaxEdges)) fail(spec, "more than " + std::to_string(kMaxEdges) + " tokens");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  const bool directed = kind == '>';

  // Vertex order: numeric when every name is an integer, else first appearance.
  std::vector<std::string> names;
  std::map<std::string, int> index;
  bool all_integers = true;
  for (const auto& t : tokens) {
    for (const std::string* name : {&t.a, &t.b}) {
      if (name->empty() || index.count(*name)) continue;
      index.emplace(*name, static_cast<int>(names.size()));
      names.push_back(*name);
      all_integers = all_integers && is_integer_name(*name);
    }
  }
  check_size(spec, static_cast<long long>(names.size()), 0);
  if (all_integers) {
    std::stable_sort(names.begin(), names.end(), [](const std::string& x, const std::string& y) {
      return x.size() != y.size() ? x.size() < y.size() : x < y;  // normalised: no leading zeros
    });
    for (int i = 0; i < static_cast<int>(names.size()); ++i) index[names[i]] = i;
  }
  Graph g(static_cast<int>(names.size()), directed);
  for (int i = 0; i < static_cast<int>(names.size()); ++i) g.set_vertex_name(i, names[i]);
  for (const auto& t : tokens) {
    if (t.b.empty()) continue;
    if (directed && t.a == t.b) fail(spec, "self-loop " + t.a + ">" + t.b + " in a directed list (loops are undirected: u-u)");
    g.add_edge(index[t.a], index[t.b]);
  }
  return g;
}

Graph parse_part(std::string_view spec, const std::string& s);

// G+H+...: the disjoint union, parts in order; integer names of a later part are shifted past the
// largest integer name so far, identifiers must not repeat.
Graph parse_union(std::string_view spec, const std::string& s) {
  std::vector<Graph> parts;
  size_t start = 0;
  while (true) {
    size_t plus = s.find('+', start);
    std::string part = trim(std::string_view(s).substr(start, plus == std::string::npos ? std::string::npos : plus - start));
    if (part.empty()) fail(spec, "empty part in a disjoint union (write G+H, e.g. K5+K3)");
    parts.push_back(parse_part(spec, part));
    if (plus == std::string::npos) break;
    start = plus + 1;
  }
  std::optional<bool> directed;
  long long order = 0, edges = 0;
  for (const auto& g : parts) {
    order += g.order();
    edges += g.edge_count() + g.loop_count();
    if (g.edge_count() + g.loop_count() == 0) continue;
    if (directed && *directed != g.directed()) fail(spec, "mixes directed and undirected parts");
    directed = g.directed();
  }
  check_size(spec, order, edges);
  Graph u(static_cast<int>(order), directed.value_or(false));
  std::map<std::string, int> seen;
  long long shift = 0, next_shift = 0;
  int base = 0;
  for (const auto& g : parts) {
    for (int v = 0; v < g.order(); ++v) {
      std::string name = g.vertex_name(v);
      if (is_integer_name(name)) {
        long long x = std::stoll(name) + shift;
        next_shift = std::max(next_shift, x + 1);
        name = std::to_string(x);
      }
      if (!seen.emplace(name, base + v).second) fail(spec, "vertex '" + name + "' appears in two parts of the union");
      u.set_vertex_name(base + v, name);
    }
    for (auto [a, b] : g.edges()) u.add_edge(base + a, base + b);
    base += g.order();
    shift = next_shift;
  }
  return u;
}

}  // namespace

Graph parse_graph(std::string_view spec) {
  const std::string s = trim(spec);
  if (s.empty()) throw InputError(std::string("empty graph spec (expected ") + kFamilies + ")");
  if (s.find('+') != std::string::npos) return parse_union(spec, s);
  return parse_part(spec, s);
}

namespace {

Graph parse_part(std::string_view spec, const std::string& s) {
  if (auto g = parse_family(spec, s)) return std::move(*g);
  const bool has_edges = s.find_first_of("->") != std::string::npos;
  if (!has_edges) {
    // Without any edge this is either a family name or a list of isolated vertices. A
    // family-looking word such as "Q3" or "K2,3,4" must not silently become isolated vertices.
    static const std::regex family_like(R"(^[A-Za-z]+[0-9]+(x[0-9]+)?(,[0-9]+)*$)");
    const bool single = s.find(',') == std::string::npos;  // a lone identifier is one vertex
    if (std::regex_match(s, family_like) || (single && !is_integer_name(s) && !is_identifier(s)))
      fail(spec, std::string("unknown graph family (expected ") + kFamilies + ")");
  }
  return parse_list(spec, s);
}

}  // namespace

}  // namespace cgtlab::graph
