#include "games/pebbling/rules.h"

#include <utility>

#include "graph/symmetry.h"
#include "util/error.h"
#include "util/parse.h"
#include "util/strings.h"

namespace cgtlab::games {

namespace {

using Weight = Pebbling::Weight;

Weight checked_mul(Weight a, Weight b) {
  Weight r;
  if (__builtin_mul_overflow(a, b, &r)) throw CapReached("position counts exceed 128 bits");
  return r;
}

// C(n, r) exactly; the running product C(n-r+i, i) is always an integer.
Weight binomial(long n, long r) {
  if (r < 0 || r > n) return 0;
  r = std::min(r, n - r);
  Weight c = 1;
  for (long i = 1; i <= r; ++i) {
    const long factor = n - r + i;  // at most n: no overflow in long
    c = checked_mul(c, static_cast<Weight>(factor));
    c /= static_cast<Weight>(i);
  }
  return c;
}

bool is_complete(const graph::Graph& g) {
  const long n = g.order();
  return g.edge_count() == n * (n - 1) / 2;
}

int parse_count(std::string_view s, std::string_view what) {
  auto v = parse_integer<int>(s);
  if (!v || *v < 0) {
    throw InputError("bad pebble count '" + std::string(s) + "' for " + std::string(what) +
                     " (expected a nonnegative integer)");
  }
  return *v;
}

}  // namespace

Pebbling::Pebbling(graph::Graph g, int k) : graph_(std::move(g)), k_(k) {
  if (k_ < 1) throw InputError("k must be at least 1 (a move takes k+1 pebbles and adds k)");
  if (graph_.directed()) throw InputError("the pebbling game is played on an undirected graph");
  if (graph_.loop_count() > 0) throw InputError("the pebbling game is played on a simple graph (no loops)");
  if (graph_.order() < 1) throw InputError("the graph has no vertices");
  complete_ = graph_.order() >= 2 && is_complete(graph_);  // K_1: nothing ever moves
  if (!complete_) {
    auto reducer = std::make_unique<graph::SymmetryReducer>(graph_);
    if (reducer->group_order() != 1 && reducer->reduces()) symmetry_ = std::move(reducer);
  }
}

Pebbling::~Pebbling() = default;
Pebbling::Pebbling(Pebbling&&) noexcept = default;
Pebbling& Pebbling::operator=(Pebbling&&) noexcept = default;

Pebbling::Position Pebbling::parse_position(std::string_view text) const {
  const int n = order();
  Position p(static_cast<std::size_t>(n), 0);
  const std::vector<std::string> items = cgtlab::split(text, ',');
  const bool named = text.find('=') != std::string_view::npos;
  if (!named) {
    if (static_cast<int>(items.size()) != n) {
      throw InputError("the position lists " + std::to_string(items.size()) + " counts but the graph has " +
                       std::to_string(n) + " vertices");
    }
    for (int v = 0; v < n; ++v) {
      p[v] = static_cast<Count>(std::min(parse_count(items[v], "vertex " + graph_.vertex_name(v)), kMaxTotal + 1));
    }
  } else {
    std::vector<bool> seen(static_cast<std::size_t>(n), false);
    for (std::string_view item : items) {
      std::size_t eq = item.find('=');
      if (eq == std::string_view::npos) throw InputError("expected name=count in the position, got '" + std::string(item) + "'");
      int v = graph_.vertex(item.substr(0, eq));
      if (seen[v]) throw InputError("vertex " + graph_.vertex_name(v) + " is given twice in the position");
      seen[v] = true;
      p[v] = static_cast<Count>(std::min(parse_count(item.substr(eq + 1), "vertex " + graph_.vertex_name(v)), kMaxTotal + 1));
    }
  }
  if (total(p) > kMaxTotal) throw InputError("at most " + std::to_string(kMaxTotal) + " pebbles in total are supported");
  return p;
}

std::string Pebbling::to_string(const Position& p) const {
  std::string s;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(p[i]);
  }
  return s;
}

int Pebbling::total(const Position& p) {
  int t = 0;
  for (Count c : p) t += c;
  return t;
}

std::vector<Pebbling::Move> Pebbling::moves(const Position& p) const {
  std::vector<Move> out;
  for (int v = 0; v < order(); ++v) {
    if (p[v] < k_ + 1) continue;
    for (int w : graph_.neighbors(v)) out.push_back({v, w});
  }
  return out;
}

Pebbling::Position Pebbling::apply(const Position& p, Move m) const {
  Position q = p;
  q[m.from] = static_cast<Count>(q[m.from] - (k_ + 1));
  q[m.to] = static_cast<Count>(q[m.to] + k_);
  return q;
}

std::vector<Pebbling::Position> Pebbling::options(const Position& p) const {
  std::vector<Position> out;
  for (const Move& m : moves(p)) out.push_back(apply(p, m));
  return out;
}

bool Pebbling::terminal(const Position& p) const {
  for (int v = 0; v < order(); ++v) {
    if (p[v] >= k_ + 1 && graph_.degree(v) > 0) return false;
  }
  return true;
}

void Pebbling::resort_descending(Position& p, int down, int up) {
  // Only two entries are out of place: sink the lowered one, then float the raised one.
  const int n = static_cast<int>(p.size());
  int i = down;
  while (i + 1 < n && p[i + 1] > p[i]) {
    std::swap(p[i], p[i + 1]);
    if (i + 1 == up) up = i;  // the raised entry moved one place left
    ++i;
  }
  int j = up;
  while (j > 0 && p[j - 1] < p[j]) {
    std::swap(p[j - 1], p[j]);
    --j;
  }
}

Pebbling::Position Pebbling::canonical(const Position& p) const {
  Position q = p;
  if (complete_) {
    std::sort(q.begin(), q.end(), [](Count a, Count b) { return a > b; });
  } else if (symmetry_) {
    std::vector<int> labels(p.begin(), p.end());
    std::vector<int> image = symmetry_->canonical(labels);
    for (std::size_t i = 0; i < image.size(); ++i) q[i] = static_cast<Count>(image[i]);
  }
  return q;
}

Pebbling::Weight Pebbling::class_size(const Position& rep) const {
  if (!complete_) return symmetry_ ? symmetry_->orbit_size(std::vector<int>(rep.begin(), rep.end())) : 1;
  // n! / prod(multiplicity!) as a product of binomials C(remaining, run length).
  Weight w = 1;
  long remaining = order();
  for (std::size_t i = 0; i < rep.size();) {
    std::size_t j = i;
    while (j < rep.size() && rep[j] == rep[i]) ++j;
    w = checked_mul(w, binomial(remaining, static_cast<long>(j - i)));
    remaining -= static_cast<long>(j - i);
    i = j;
  }
  return w;
}

std::optional<Pebbling::Weight> Pebbling::class_count(int total) const {
  if (symmetry_) return std::nullopt;  // orbits of Aut(G) are not counted without listing them
  if (!complete_) return layer_size(total);  // no symmetry: classes are positions
  // Partitions of total into at most n parts: q[s] over parts of size 1..n (conjugation).
  std::vector<Weight> q(static_cast<std::size_t>(total) + 1, 0);
  q[0] = 1;
  for (int part = 1; part <= order(); ++part) {
    for (int s = part; s <= total; ++s) {
      if (__builtin_add_overflow(q[s], q[s - part], &q[s])) throw CapReached("position counts exceed 128 bits");
    }
  }
  return q[total];
}

Pebbling::Weight Pebbling::layer_size(int total) const {
  // Weak compositions of total into n parts.
  return binomial(static_cast<long>(total) + order() - 1, order() - 1);
}

}  // namespace cgtlab::games
