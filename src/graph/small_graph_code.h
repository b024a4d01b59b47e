// A canonical code of a small connected graph (at most 40 vertices, degrees at most 4) in 113
// bits, without nauty: two such graphs get one code iff they are isomorphic. For the
// transposition tables of the outcome searches (Cram/Arc-Kayles components are grid graphs:
// differently drawn components of one graph then share an entry; games/kayles/nimber_search.cpp).
//
// The code of a vertex order v_0 .. v_{n-1} that is a breadth-first order (each vertex's least
// earlier neighbour, its parent, comes before the parents of later vertices): n - 1 in 6 bits,
// then for p = 1 .. n-1 the step from v_{p-1}'s parent to v_p's parent in unary (that many 1s,
// then a 0) and v_p's other earlier neighbours in increasing order, each as a 1 followed by the
// Elias gamma code of its distance from the previous one (the parent first), a 0 after them. The
// bits are read most significant first: the first bit written is bit 112 of the result. The code
// is prefix-free and gives back every edge (each once, from its later end), so it gives back the
// ordered graph.
//
// The orders tried: vertices are coloured by colour refinement (from the degree, kRounds times a
// hash of the colour and of the multiset of the neighbours' colours — isomorphism-invariant), the
// roots are the vertices of the rarest colour (the least colour value among the rarest), and a
// processed vertex appends its undiscovered neighbours by increasing colour, every order of equal
// colours tried. This set of
// orders is defined by invariant colours and the edges alone, so an isomorphism maps it onto the
// other graph's set, and the least code (as a 113-bit number) over it is the same for isomorphic
// graphs; since each code gives back its graph, different graphs get different codes. A hash
// collision only merges colours, which costs more orders, never a wrong code.
//
// The search for the least code (McKay's canonical labelling idea, on breadth-first orders): the
// code is written while the order grows, most significant bit first, so an order is dropped as
// soon as its code so far exceeds the best one's first bits; of two equal-coloured new neighbours
// that are twins (the same neighbours besides each other; swapping them is an automorphism that
// keeps everything else in place) only the order with the lower vertex number first is tried,
// and of twin roots only the lower.
//
// No code (false) when the graph has more than kMaxVertices vertices or a degree above 4, when it
// is not connected, or when no order's code fits in 113 bits (all decided by invariants or by the
// whole invariant set, so isomorphic graphs agree); and when the search passes kMaxSteps appended
// vertices (graphs with many symmetric branchings). That last cap depends on the order of the
// search, so in principle one drawing of a graph could get a code and another none: a caller then
// keys the two differently (its fallback key, e.g. the shape), which costs a table entry, never a
// wrong answer, since equal codes still mean isomorphic graphs.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "util/int128.h"

namespace cgtlab::graph {

using SmallGraphCode = std::array<std::uint64_t, 2>;
// Which code this is: raised whenever a graph's code changes (another hash, order or encoding), so
// a table saved under older codes, where one code may name another graph, is refused, not read.
// 1: least-significant-bit-first codes of every order; 2: most significant bit first, pruned.
constexpr int kSmallGraphCodeVersion = 2;

namespace small_graph_code_detail {

constexpr int kBits = 113;
constexpr int kRounds = 2;  // of colour refinement
constexpr int kMaxSteps = 1 << 16;
// Larger graphs get no code: on Cram boards none of them fits (3x15: none of 15 000 components of
// 34-45 cells had a code of 113 bits), and trying costs the refinement and the orders.
constexpr int kMaxVertices = 40;

inline std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

struct Search {
  const std::uint64_t* nb;  // neighbours, by vertex (only the graph's vertices are read)
  const std::uint64_t* colour;
  int n = 0;
  int steps = 0;
  bool have = false, abort = false;
  u128 best = 0;  // the least code of a complete order so far, its first bit at bit 127
};

// A breadth-first order being built and its code so far.
struct Walk {
  u128 code = 0;  // the bits written, the first at bit 127
  int bits = 0;
  int head = 0, count = 0;  // order[head] is being processed; order[0..count) are discovered
  int last_parent = 0;
  std::uint64_t discovered = 0;
  std::array<std::uint8_t, 64> order, pos;  // read only where written (order[0..count), pos of discovered)
};

// Appends value's len low bits, most significant first; false past kBits.
inline bool put(Walk& w, u128 value, int len) {
  if (w.bits + len > kBits) return false;
  w.code |= value << (128 - w.bits - len);
  w.bits += len;
  return true;
}

// Appends vertex v, a new neighbour of order[head], to the order and its code; false when the
// order has no code (too long) or cannot beat the best one, or the search is over its cap.
inline bool append(Search& s, Walk& w, int v) {
  if (++s.steps > kMaxSteps) {
    s.abort = true;
    return false;
  }
  const int step = w.head - w.last_parent;
  if (!put(w, ((u128{1} << step) - 1) << 1, step + 1)) return false;
  w.last_parent = w.head;
  // The other earlier neighbours, by position (all after the parent: BFS).
  std::uint64_t others = s.nb[v] & w.discovered & ~(std::uint64_t{1} << w.order[static_cast<std::size_t>(w.head)]);
  if (others) {
    std::array<int, 4> q{};
    int k = 0;
    for (; others; others &= others - 1) {
      const int p = w.pos[static_cast<std::size_t>(std::countr_zero(others))];
      int i = k++;
      for (; i > 0 && q[static_cast<std::size_t>(i) - 1] > p; --i) q[static_cast<std::size_t>(i)] = q[static_cast<std::size_t>(i) - 1];
      q[static_cast<std::size_t>(i)] = p;
    }
    int prev = w.head;
    for (int i = 0; i < k; ++i) {
      const auto gap = static_cast<unsigned>(q[static_cast<std::size_t>(i)] - prev);
      const int len = static_cast<int>(std::bit_width(gap));
      // A 1, then Elias gamma: len - 1 zeros and the gap's len bits.
      if (!put(w, (u128{1} << (2 * len - 1)) | gap, 2 * len)) return false;
      prev = q[static_cast<std::size_t>(i)];
    }
  }
  if (!put(w, 0, 1)) return false;
  w.pos[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(w.count);
  w.order[static_cast<std::size_t>(w.count++)] = static_cast<std::uint8_t>(v);
  w.discovered |= std::uint64_t{1} << v;
  // (Compared every time: a flag "already below" would go stale when a sibling order lowers the best.)
  return !s.have || w.code <= (s.best & (~u128{0} << (128 - w.bits)));
}

// Completes the breadth-first orders extending w (every order of equal-coloured new neighbours).
inline void complete(Search& s, Walk w) {
  for (; w.head < w.count; ++w.head) {
    const int v = w.order[static_cast<std::size_t>(w.head)];
    std::uint64_t fresh = s.nb[v] & ~w.discovered;
    if (!fresh) continue;
    std::array<int, 4> ch{};
    int k = 0;
    for (; fresh; fresh &= fresh - 1) {  // by increasing colour
      const int u = std::countr_zero(fresh);
      int i = k++;
      for (; i > 0 && s.colour[ch[static_cast<std::size_t>(i) - 1]] > s.colour[u]; --i) ch[static_cast<std::size_t>(i)] = ch[static_cast<std::size_t>(i) - 1];
      ch[static_cast<std::size_t>(i)] = u;
    }
    bool tie = false;
    for (int i = 0; i + 1 < k; ++i) tie |= s.colour[ch[static_cast<std::size_t>(i)]] == s.colour[ch[static_cast<std::size_t>(i) + 1]];
    if (!tie) {
      for (int i = 0; i < k; ++i)
        if (!append(s, w, ch[static_cast<std::size_t>(i)])) return;
      continue;
    }
    // Every order that keeps the colours increasing and twins by vertex number.
    std::array<int, 4> idx{0, 1, 2, 3};
    do {
      std::array<int, 4> perm{};
      bool keep = true;
      for (int i = 0; i < k; ++i) perm[static_cast<std::size_t>(i)] = ch[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
      for (int i = 0; i < k && keep; ++i)
        for (int j = i + 1; j < k && keep; ++j) {
          const int a = perm[static_cast<std::size_t>(i)], b = perm[static_cast<std::size_t>(j)];
          if (s.colour[a] != s.colour[b]) {
            keep = s.colour[a] < s.colour[b];
            continue;
          }
          const std::uint64_t ab = (std::uint64_t{1} << a) | (std::uint64_t{1} << b);
          keep = a < b || (s.nb[a] & ~ab) != (s.nb[b] & ~ab);
        }
      if (!keep) continue;
      Walk c = w;
      bool ok = true;
      for (int i = 0; i < k && ok; ++i) ok = append(s, c, perm[static_cast<std::size_t>(i)]);
      if (ok) {
        ++c.head;
        complete(s, c);
      }
      if (s.abort) return;
    } while (std::next_permutation(idx.begin(), idx.begin() + k));
    return;
  }
  if (w.count != s.n) {  // not connected
    s.abort = true;
    return;
  }
  if (!s.have || w.code < s.best) s.best = w.code, s.have = true;
}

}  // namespace small_graph_code_detail

// The canonical code of the graph on the vertex set x (bit v: vertex v < 64) whose neighbours
// are nb[v] (only nb[v] & x is used), in code; false when there is none (see above). Bit 113 and
// up of the result are 0.
inline bool small_graph_code(const std::uint64_t* nb, std::uint64_t x, SmallGraphCode& code) {
  namespace d = small_graph_code_detail;
  const int n = std::popcount(x);
  if (n < 1 || n > d::kMaxVertices) return false;
  // Read only at the vertices of x and at 64, the "no neighbour" (left uninitialised: this is a
  // hot path; the loops below have no data-dependent branches but their ends).
  std::array<std::uint64_t, 64> within;
  std::array<std::array<std::uint8_t, 4>, 64> list;  // the neighbours of each vertex, then 64s
  std::array<std::uint64_t, 65> colour, weight;
  int edges2 = 0;
  for (std::uint64_t y = x; y; y &= y - 1) {
    const auto v = static_cast<std::size_t>(std::countr_zero(y));
    std::uint64_t b = nb[v] & x & ~(std::uint64_t{1} << v);
    within[v] = b;
    const int degree = std::popcount(b);
    edges2 += degree;
    colour[v] = static_cast<std::uint64_t>(degree);
    for (std::size_t k = 0; k < 4; ++k, b &= b - 1) list[v][k] = static_cast<std::uint8_t>(std::countr_zero(b));  // 64 when none
    if (b) return false;  // a degree above 4
  }
  // Every code has at least 6 + 2(n - 1) bits (a 0 after each parent step and after each vertex's
  // other earlier neighbours) and 2 more for each edge beyond a spanning tree: when that exceeds
  // kBits there is no code (decided by n and the edge count, so isomorphic graphs agree), and the
  // refinement and the orders are saved.
  if (6 + 2 * (n - 1) + 2 * (edges2 / 2 - n + 1) > d::kBits) return false;
  // Colour refinement from the degrees, hashed: a colour and the sum of a weight of each
  // neighbour's colour (the "no neighbour" 64 weighs 0).
  weight[64] = 0;
  for (int round = 0; round < d::kRounds; ++round) {
    for (std::uint64_t y = x; y; y &= y - 1) {
      const auto v = static_cast<std::size_t>(std::countr_zero(y));
      weight[v] = (colour[v] * 0x9E3779B97F4A7C15ULL) ^ (colour[v] >> 11);
    }
    for (std::uint64_t y = x; y; y &= y - 1) {
      const auto v = static_cast<std::size_t>(std::countr_zero(y));
      const auto& l = list[v];
      colour[v] = d::mix(colour[v] * 0xD6E8FEB86659FD93ULL + weight[l[0]] + weight[l[1]] + weight[l[2]] + weight[l[3]]);
    }
  }
  // The rarest colour, the least value among the rarest: its vertices are the roots. Colours are
  // counted in a small open-addressing table (0 marks a free slot: colours are made odd, which
  // merges at most two colours — more orders, never a wrong code).
  std::array<std::uint64_t, 128> seen{};
  std::array<std::uint8_t, 128> times{};
  std::array<std::uint8_t, 64> used;  // the slots filled, [0, distinct)
  int distinct = 0;
  for (std::uint64_t y = x; y; y &= y - 1) {
    const auto v = static_cast<std::size_t>(std::countr_zero(y));
    const std::uint64_t c = colour[v] |= 1;
    auto slot = static_cast<std::size_t>(c >> 57);
    while (seen[slot] != 0 && seen[slot] != c) slot = (slot + 1) & 127;
    if (seen[slot] == 0) used[static_cast<std::size_t>(distinct++)] = static_cast<std::uint8_t>(slot);
    seen[slot] = c;
    ++times[slot];
  }
  std::uint64_t root_colour = 0;
  int rarest = 65;
  for (int j = 0; j < distinct; ++j) {
    const std::size_t slot = used[static_cast<std::size_t>(j)];
    if (times[slot] < rarest || (times[slot] == rarest && seen[slot] < root_colour)) rarest = times[slot], root_colour = seen[slot];
  }
  d::Search s;
  s.nb = within.data();
  s.colour = colour.data();
  s.n = n;
  const std::uint64_t roots = [&] {
    std::uint64_t r = 0;
    for (std::uint64_t y = x; y; y &= y - 1)
      if (const int v = std::countr_zero(y); colour[static_cast<std::size_t>(v)] == root_colour) r |= std::uint64_t{1} << v;
    return r;
  }();
  for (std::uint64_t y = roots; y && !s.abort; y &= y - 1) {
    const int v = std::countr_zero(y);
    bool twin_below = false;  // a lower root with the same neighbours gives the same codes
    for (std::uint64_t z = roots & ((std::uint64_t{1} << v) - 1); z && !twin_below; z &= z - 1) {
      const int u = std::countr_zero(z);
      const std::uint64_t uv = (std::uint64_t{1} << u) | (std::uint64_t{1} << v);
      twin_below = (within[static_cast<std::size_t>(u)] & ~uv) == (within[static_cast<std::size_t>(v)] & ~uv);
    }
    if (twin_below) continue;
    d::Walk w;
    w.order[0] = static_cast<std::uint8_t>(v);
    w.pos[static_cast<std::size_t>(v)] = 0;
    w.count = 1;
    w.discovered = std::uint64_t{1} << v;
    d::put(w, static_cast<u128>(n - 1), 6);  // the same first bits for every root
    d::complete(s, w);
  }
  if (s.abort || !s.have) return false;
  s.best >>= 128 - d::kBits;
  code = {static_cast<std::uint64_t>(s.best), static_cast<std::uint64_t>(s.best >> 64)};
  return true;
}

}  // namespace cgtlab::graph
