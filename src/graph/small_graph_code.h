// A canonical code of a small connected graph (at most 40 vertices, degrees at most 4) in 113
// bits, without nauty: two such graphs get one code iff they are isomorphic. For the
// transposition tables of the outcome searches (Cram/Arc-Kayles components are grid graphs:
// differently drawn components of one graph then share an entry; games/kayles/nimber_search.cpp).
//
// The code of a vertex order v_0 .. v_{n-1} that is a breadth-first order (each vertex's least
// earlier neighbour, its parent, comes before the parents of later vertices): n - 1 in 6 bits,
// then for p = 1 .. n-1 the step from v_{p-1}'s parent to v_p's parent in unary (that many 1s,
// then a 0) and v_p's other earlier neighbours in increasing order, each as a 1 followed by the
// Elias gamma code of its distance from the previous one (the parent first), a 0 after them. Bits
// are written from bit 0 of word 0 upwards. The code is prefix-free and gives back every edge
// (each once, from its later end), so it gives back the ordered graph.
//
// The orders tried: vertices are coloured by colour refinement (the degree and how many
// neighbours of each degree, then kRounds - 1 times a hash of the colour and of the multiset of
// the neighbours' colours — isomorphism-invariant), the
// roots are the vertices of the rarest colour (the least colour value among the rarest), and a
// processed vertex appends its undiscovered neighbours by increasing colour, every order of equal
// colours tried. This set of orders is defined by invariant colours and the edges alone, so an
// isomorphism maps it onto the other graph's set, and the least code (as a 128-bit number) over
// it is the same for isomorphic graphs; since each code gives back its graph, different graphs
// get different codes. A hash collision only merges colours, which costs more orders, never a
// wrong code. No code (false) when more than kMaxOrders orders would be tried (graphs with many
// symmetric branchings), when no order's code fits in 113 bits, when the graph has more than
// kMaxVertices vertices or a degree above 4, or when it is not connected: each decided by the same
// invariant set or by invariants, so isomorphic graphs agree.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace cgtlab::graph {

using SmallGraphCode = std::array<std::uint64_t, 2>;

namespace small_graph_code_detail {

constexpr int kBits = 113;
constexpr int kRounds = 2;
constexpr int kMaxOrders = 64;
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
  std::array<int, 64> order;  // the first n entries are written before they are read
  int orders = 0;
  bool have = false, abort = false;
  SmallGraphCode best{};
};

// The code of the order s.order (all n vertices) in k; false when it needs more than kBits bits.
inline bool order_code(const Search& s, SmallGraphCode& k) {
  std::array<std::uint8_t, 64> pos;  // written for every vertex of the order
  for (int p = 0; p < s.n; ++p) pos[static_cast<std::size_t>(s.order[static_cast<std::size_t>(p)])] = static_cast<std::uint8_t>(p);
  std::uint64_t w[2] = {0, 0};
  int bit = 0;
  auto one = [&] {
    w[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    ++bit;
  };
  auto put = [&](std::uint64_t value, int len) {  // len bits of value, its bit 0 first
    for (int j = 0; j < len; ++j, ++bit)
      if (value >> j & 1) w[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  };
  put(static_cast<std::uint64_t>(s.n - 1), 6);
  int last_parent = 0;
  for (int p = 1; p < s.n; ++p) {
    std::uint64_t earlier = 0;
    for (std::uint64_t b = s.nb[s.order[static_cast<std::size_t>(p)]]; b; b &= b - 1)
      if (const int q = pos[static_cast<std::size_t>(std::countr_zero(b))]; q < p) earlier |= std::uint64_t{1} << q;
    const int parent = std::countr_zero(earlier);
    if (bit + (parent - last_parent) + 2 > kBits) return false;
    for (int j = last_parent; j < parent; ++j) one();
    ++bit;  // 0: the parent is given
    last_parent = parent;
    int prev = parent;
    for (std::uint64_t b = earlier & (earlier - 1); b; b &= b - 1) {
      const int q = std::countr_zero(b);
      const auto gap = static_cast<std::uint64_t>(q - prev);
      const int len = static_cast<int>(std::bit_width(gap));
      if (bit + 2 * len + 1 > kBits) return false;
      one();           // another earlier neighbour
      bit += len - 1;  // Elias gamma: len - 1 zeros, then gap from its top bit down
      for (int j = len - 1; j >= 0; --j)
        if (gap >> j & 1) one();
        else ++bit;
      prev = q;
    }
    if (bit + 1 > kBits) return false;
    ++bit;  // 0: no more earlier neighbours
  }
  k = {w[0], w[1]};
  return true;
}

inline bool less(const SmallGraphCode& a, const SmallGraphCode& b) { return a[1] != b[1] ? a[1] < b[1] : a[0] < b[0]; }

// The breadth-first orders extending s.order[0..count), the vertices before head processed.
inline void orders(Search& s, int head, int count, std::uint64_t discovered) {
  while (head < count) {
    const int v = s.order[static_cast<std::size_t>(head++)];
    std::uint64_t fresh = s.nb[v] & ~discovered;
    if (!fresh) continue;
    discovered |= fresh;
    std::array<int, 4> ch{};
    int k = 0;
    for (; fresh; fresh &= fresh - 1) ch[static_cast<std::size_t>(k++)] = std::countr_zero(fresh);
    std::sort(ch.begin(), ch.begin() + k, [&](int a, int b) { return s.colour[a] < s.colour[b]; });
    auto colour_at = [&](const std::array<int, 4>& list, int i) { return s.colour[list[static_cast<std::size_t>(i)]]; };
    bool tie = false;
    for (int i = 0; i + 1 < k; ++i) tie |= colour_at(ch, i) == colour_at(ch, i + 1);
    if (!tie) {
      for (int i = 0; i < k; ++i) s.order[static_cast<std::size_t>(count++)] = ch[static_cast<std::size_t>(i)];
      continue;
    }
    // Every order of the new neighbours that keeps their colours increasing.
    std::array<int, 4> idx{0, 1, 2, 3};
    do {
      std::array<int, 4> perm{};
      for (int i = 0; i < k; ++i) perm[static_cast<std::size_t>(i)] = ch[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
      bool increasing = true;
      for (int i = 0; i + 1 < k; ++i) increasing &= colour_at(perm, i) <= colour_at(perm, i + 1);
      if (!increasing) continue;
      std::copy(perm.begin(), perm.begin() + k, s.order.begin() + count);
      orders(s, head, count + k, discovered);
      if (s.abort) return;
    } while (std::next_permutation(idx.begin(), idx.begin() + k));
    return;
  }
  if (count != s.n || ++s.orders > kMaxOrders) {
    s.abort = true;
    return;
  }
  SmallGraphCode k;
  if (order_code(s, k) && (!s.have || less(k, s.best))) s.best = k, s.have = true;
}

}  // namespace small_graph_code_detail

// The canonical code of the graph on the vertex set x (bit v: vertex v < 64) whose neighbours
// are nb[v] (only nb[v] & x is used), in code; false when there is none (see above). Bit 113 and
// up of the result are 0.
inline bool small_graph_code(const std::uint64_t* nb, std::uint64_t x, SmallGraphCode& code) {
  namespace d = small_graph_code_detail;
  const int n = std::popcount(x);
  if (n < 1 || n > d::kMaxVertices) return false;
  // Read only at the vertices of x (left uninitialised: this is a hot path).
  std::array<std::uint64_t, 64> within, colour, next;
  std::array<std::uint64_t, 64> degree_of;
  for (std::uint64_t y = x; y; y &= y - 1) {
    const auto v = static_cast<std::size_t>(std::countr_zero(y));
    within[v] = nb[v] & x & ~(std::uint64_t{1} << v);
    const int degree = std::popcount(within[v]);
    if (degree > 4) return false;
    degree_of[v] = static_cast<std::uint64_t>(degree);
  }
  // Every code has at least 6 + 2(n - 1) bits (a 0 after each parent step and after each vertex's
  // other earlier neighbours) and 2 more for each edge beyond a spanning tree: when that exceeds
  // kBits there is no code (decided by n and the edge count, so isomorphic graphs agree), and the
  // refinement and the orders are saved.
  {
    int edges2 = 0;
    for (std::uint64_t y = x; y; y &= y - 1) edges2 += static_cast<int>(degree_of[static_cast<std::size_t>(std::countr_zero(y))]);
    if (6 + 2 * (n - 1) + 2 * (edges2 / 2 - n + 1) > d::kBits) return false;
  }
  // Round 1, exact: the degree and the number of neighbours of each degree (3 bits each).
  for (std::uint64_t y = x; y; y &= y - 1) {
    const auto v = static_cast<std::size_t>(std::countr_zero(y));
    std::uint64_t c = degree_of[v];
    for (std::uint64_t b = within[v]; b; b &= b - 1) c += std::uint64_t{8} << (3 * degree_of[static_cast<std::size_t>(std::countr_zero(b))]);
    colour[v] = c;
  }
  // Later rounds hashed: the colour and the sum of a hash of each neighbour's colour.
  for (int round = 1; round < d::kRounds; ++round) {
    for (std::uint64_t y = x; y; y &= y - 1) {
      const auto v = static_cast<std::size_t>(std::countr_zero(y));
      std::uint64_t sum = 0;
      for (std::uint64_t b = within[v]; b; b &= b - 1) {
        const std::uint64_t u = colour[static_cast<std::size_t>(std::countr_zero(b))];
        sum += (u * 0x9E3779B97F4A7C15ULL) ^ (u >> 11);
      }
      next[v] = d::mix(colour[v] * 0xD6E8FEB86659FD93ULL + sum);
    }
    for (std::uint64_t y = x; y; y &= y - 1) {
      const auto v = static_cast<std::size_t>(std::countr_zero(y));
      colour[v] = next[v];
    }
  }
  // The rarest colour, the least value among the rarest: its vertices are the roots.
  std::array<std::uint64_t, 64> sorted;
  int i = 0;
  for (std::uint64_t y = x; y; y &= y - 1) sorted[static_cast<std::size_t>(i++)] = colour[static_cast<std::size_t>(std::countr_zero(y))];
  std::sort(sorted.begin(), sorted.begin() + n);
  std::uint64_t root_colour = 0;
  int rarest = 65;
  for (int a = 0; a < n;) {
    int b = a;
    while (b < n && sorted[static_cast<std::size_t>(b)] == sorted[static_cast<std::size_t>(a)]) ++b;
    if (b - a < rarest) rarest = b - a, root_colour = sorted[static_cast<std::size_t>(a)];
    a = b;
  }
  d::Search s;
  s.nb = within.data();
  s.colour = colour.data();
  s.n = n;
  for (std::uint64_t y = x; y && !s.abort; y &= y - 1) {
    const int v = std::countr_zero(y);
    if (colour[static_cast<std::size_t>(v)] != root_colour) continue;
    s.order[0] = v;
    d::orders(s, 0, 1, std::uint64_t{1} << v);
  }
  if (s.abort || !s.have) return false;
  code = s.best;
  return true;
}

}  // namespace cgtlab::graph
