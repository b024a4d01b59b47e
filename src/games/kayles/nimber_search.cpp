#include "games/kayles/nimber_search.h"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cpuid.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <immintrin.h>
#include <optional>
#include <string>
#include <vector>

#include "games/kayles/endgame_db.h"
#include "games/kayles/rules.h"
#include "games/kayles/winning.h"
#include "graph/small_graph_code.h"
#include "solve/shared_table_bound.h"
#include "util/error.h"
#include "util/int128.h"

namespace cgtlab::games {

namespace {

// Positions are the rules' vertex sets (rules.h); the grid flood fill and keys also need these.
template <int W>
using Bits = VertexSet<W>;

template <int W>
Bits<W> operator|(const Bits<W>& a, const Bits<W>& b) {
  Bits<W> r;
  for (int i = 0; i < W; ++i) r.w[i] = a.w[i] | b.w[i];
  return r;
}
template <int W>
Bits<W> shl(const Bits<W>& a, int s) {  // 0 < s < 64
  Bits<W> r;
  for (int i = W - 1; i >= 0; --i) r.w[i] = (a.w[i] << s) | (i > 0 ? a.w[i - 1] >> (64 - s) : 0);
  return r;
}
template <int W>
Bits<W> shr(const Bits<W>& a, int s) {  // 0 < s < 64
  Bits<W> r;
  for (int i = 0; i < W; ++i) r.w[i] = (a.w[i] >> s) | (i + 1 < W ? a.w[i + 1] << (64 - s) : 0);
  return r;
}
template <int W>
Bits<W> operator^(const Bits<W>& a, const Bits<W>& b) {
  Bits<W> r;
  for (int i = 0; i < W; ++i) r.w[i] = a.w[i] ^ b.w[i];
  return r;
}
// a + b as one number of 64 W bits (the carry passes from word to word; the last one is lost).
template <int W>
Bits<W> add(const Bits<W>& a, const Bits<W>& b) {
  Bits<W> r;
  bool carry = false;
  for (int i = 0; i < W; ++i) {
    std::uint64_t out;
    carry = __builtin_add_overflow(a.w[i], b.w[i], &out) | __builtin_add_overflow(out, carry, &out);
    r.w[i] = out;
  }
  return r;
}
// `len` (<= 64) bits of a from bit `at`.
template <int W>
std::uint64_t extract(const Bits<W>& a, int at, int len) {
  const int i = at >> 6, b = at & 63;
  std::uint64_t x = a.w[i] >> b;
  if (b != 0 && b + len > 64 && i + 1 < W) x |= a.w[i + 1] << (64 - b);
  return len == 64 ? x : x & ((std::uint64_t{1} << len) - 1);
}

// The highest member of a (a not empty).
template <int W>
int last_bit(const Bits<W>& a) {
  for (int i = W - 1; i > 0; --i)
    if (a.w[i]) return i * 64 + 63 - std::countl_zero(a.w[i]);
  return 63 - std::countl_zero(a.w[0]);
}

std::uint64_t reverse_bits(std::uint64_t x, int len) {
  x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
  x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
  x = __builtin_bswap64(x);
  return x >> (64 - len);
}

// A switch for measuring, read from the environment: unset (nullopt), "on" or "off"; any other
// value is an InputError.
std::optional<bool> env_switch(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) return std::nullopt;
  const std::string s = v;
  if (s == "on" || s == "off") return s == "on";
  throw InputError(std::string(name) + " must be on or off, not '" + s + "'");
}

// Whether the grid keys gather bits with PEXT (BMI2). It is one fast instruction on Intel and on
// AMD from Zen 3 (family 19h), but microcode on the AMD cores before (Zen 1 and 2, Hygon): about
// one micro-op per bit of its mask, so gathering a 60-cell box costs hundreds of cycles; `perf` put
// 15 % of a Cram 5x12 run on one such instruction (docs/PERFORMANCE.md, "PEXT on AMD before
// Zen 3"). There the keys are gathered by shifts, row by row, and turned bit by bit: the same
// keys. CGTLAB_PEXT=on or off decides instead of the CPU (for measuring); other values are an error.
bool use_pext() {
  static const bool on = [] {
    if (const auto set = env_switch("CGTLAB_PEXT")) return *set;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return true;
    const bool amd = (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163)    // AuthenticAMD
                     || (b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975);  // HygonGenuine
    if (!amd || !__get_cpuid(1, &a, &b, &c, &d)) return true;
    const unsigned base = (a >> 8) & 0xf, family = base == 0xf ? base + ((a >> 20) & 0xff) : base;
    return family >= 0x19;
  }();
  return on;
}

// Whether tall grids of few columns find components column by column (KaylesBitGame::
// column_components): CGTLAB_COLUMN_FILL=on (the default) or off (for measuring); other values are
// an error.
bool use_column_fill() {
  static const bool on = env_switch("CGTLAB_COLUMN_FILL").value_or(true);
  return on;
}

// a shifted by s bits (towards higher bits when s > 0), any |s|.
template <int W>
Bits<W> shift(const Bits<W>& a, int s) {
  if (s == 0) return a;
  Bits<W> r;
  const int words = (s > 0 ? s : -s) >> 6, bits = (s > 0 ? s : -s) & 63;
  for (int i = 0; i < W; ++i) {
    const int from = s > 0 ? i - words : i + words;
    if (from >= 0 && from < W) r.w[i] = a.w[from];
  }
  if (bits == 0) return r;
  return s > 0 ? shl(r, bits) : shr(r, bits);
}

// The bounding box of a non-empty grid position c (cell r*cols+c, cols <= 64): first and last
// row, first and last column.
template <int W>
std::array<int, 4> grid_box(const Bits<W>& c, int cols) {
  const int r0 = c.first() / cols, r1 = last_bit(c) / cols;
  std::uint64_t colbits = 0;
  for (int r = r0; r <= r1; ++r) colbits |= extract(c, r * cols, cols);
  return {r0, r1, std::countr_zero(colbits), 63 - std::countl_zero(colbits)};
}

// Whether the second player wins the grid position c (rows x cols, cell r*cols+c) by mirroring,
// the strategy behind "even x even boards are P": c is invariant under the half-turn about the
// centre of its bounding box, and no cell of c is its own image or a neighbour of its image, so
// every move (Arc-Kayles: a domino; Node-Kayles: a cell and its neighbours) leaves its image
// playable and the position symmetric after the reply. Then c is a P-position of both games. The
// search uses it only to order moves (LemoineViennot::Settings::mirror_first), never as an answer.
template <int W>
bool half_turn_mirror(const Bits<W>& c, int rows, int cols) {
  if (cols > 64) return false;  // (a row must fit one word here)
  const int n = rows * cols;
  if (!c.any()) return false;
  const auto [r0, r1, c0, c1] = grid_box(c, cols);
  // The half-turn of the board (cell i -> n-1-i), then the translation taking its image of the
  // box back onto the box.
  Bits<W> rot;
  for (int i = 0; i < W; ++i) rot.w[W - 1 - i] = reverse_bits(c.w[i], 64);
  rot = shift(shift(rot, n - 64 * W), (r0 + r1 - (rows - 1)) * cols + (c0 + c1 - (cols - 1)));
  if (!(rot == c)) return false;
  const int sr = r0 + r1, sc = c0 + c1;
  if (sr % 2 == 1 && sc % 2 == 1) return true;  // the centre is a corner of cells: no cell near it
  // The centre is a cell (its own image) or the middle of an edge (two cells, each the other's
  // image and neighbour): either way that cell must be empty.
  return !c.test(sr / 2 * cols + sc / 2);
}

// Arc-Kayles or Node-Kayles on the vertex bitsets of one graph, as solve::NimberGame.
template <int W, int KW>
class KaylesBitGame {
 public:
  using Position = Bits<W>;
  using Key = std::array<std::uint64_t, KW>;
  static constexpr int kStrideShift = 64 * KW - 14;  // grid keys: the row length in 6 bits here
  // ... which is bits 50..55 of the last word, whatever KW: the field a narrower key's file moves
  // into the last word (solve::NimberTableLoad::widen_field).
  static constexpr std::uint64_t kLastWordField = std::uint64_t{63} << (kStrideShift - 64 * (KW - 1));

  KaylesBitGame(const graph::Graph& g, VertexGame game, std::optional<std::pair<int, int>> grid, bool reduce)
      : game_(game),
        n_(g.order()),
        adj_(kayles_neighbourhoods<W>(g)),
        reduce_(reduce && game == VertexGame::ArcKayles),
        pext_(use_pext()) {
    for (int v = 0; v < n_; ++v) all_.set(v);
    if (grid) {
      rows_ = grid->first;
      cols_ = grid->second;
      for (int r = 0; r < rows_; ++r) {
        left_.set(r * cols_);
        right_.set(r * cols_ + cols_ - 1);
      }
      if (cols_ < 64)  // one-word boards only use it: rows past bit 63 are never needed (nor shifted)
        for (int h = 1; h <= rows_ && (h - 1) * cols_ < 64; ++h) row_rep_[h] = row_rep_[h - 1] | (std::uint64_t{1} << ((h - 1) * cols_));
    }
    set_column_fill();
  }

  // column_components on boards of four words (129..256 cells; the ones tested), 2..kMaxFillColumns
  // columns and at most 127 rows, with PEXT (use_pext; without it the copies would cost more than
  // they save), unless CGTLAB_COLUMN_FILL=off (for measuring). On two words the old fill's passes
  // are cheap enough that the copies do not pay (docs/PERFORMANCE.md).
  void set_column_fill() {
    const bool wanted = use_column_fill();  // (a bad CGTLAB_COLUMN_FILL is an error on any board)
    colfill_ = wanted && W == 4 && rows_ > 0 && rows_ <= 127 && cols_ >= 2 && cols_ <= kMaxFillColumns && pext_;
    set_tall_keys();
    if (!colfill_) return;
    fill_steps_ = std::bit_width(static_cast<unsigned>(rows_));
  }

  // grid_key_tall on boards of several words and at most kTallKeyColumns columns, with PEXT: the
  // masks of each run of columns in each word, the cells selected in the words before, and the
  // cells of each residue modulo a row length in a key.
  void set_tall_keys() {
    tall_keys_ = W >= 2 && rows_ > 0 && cols_ <= kTallKeyColumns && pext_;
    if (!tall_keys_ || !tall_sel_.empty()) return;
    tall_sel_.assign(std::size_t{kTallKeyColumns} * kTallKeyColumns * W, 0);
    tall_off_.assign(tall_sel_.size(), 0);
    for (int c0 = 0; c0 < cols_; ++c0)
      for (int w = 1; c0 + w <= cols_; ++w) {
        const int at = (c0 * kTallKeyColumns + w - 1) * W;
        for (int v = 0; v < n_; ++v)
          if (v % cols_ >= c0 && v % cols_ < c0 + w) tall_sel_[at + v / 64] |= std::uint64_t{1} << (v % 64);
        for (int i = 1; i < W; ++i) tall_off_[at + i] = tall_off_[at + i - 1] + std::popcount(tall_sel_[at + i - 1]);
      }
    for (int w = 1; w <= kTallKeyColumns; ++w)
      for (int b = 0; b < 64 * KW; ++b) tall_residue_[w - 1][b % w].set(b);
  }

  // The root: every vertex of the graph, less those remove() deleted before the search.
  const Position& all() const { return all_; }
  void remove(int v) { all_.reset(v); }

  [[gnu::always_inline]] int trivial_nimber(const Position& c) const {
    const int k = c.count();
    if (game_ == VertexGame::ArcKayles) {
      if (k <= 3) return k <= 1 ? 0 : 1;  // connected: K2; P3 or K3
    } else if (k <= 2) {
      return k == 0 ? 0 : 1;  // any move empties K1, K2
    }
    if (db_ != nullptr && k <= db_->max_cells()) return db_->get(shape_key(shape_or_set_key(c)));
    return -1;
  }

  // Small components are then looked up in db (same game, rows_ rows, cols_ >= rows_: checked by
  // kayles_nimber), as if their nimbers were immediate.
  void use_endgame_db(const EndgameDb* db) { db_ = db; }

  // Grid keys gathered by PEXT (on) or by shifts (off): the same keys (use_pext; for tests).
  void use_pext_for_keys(bool on) {
    pext_ = on;
    set_column_fill();
  }

  // Arc-Kayles with reductions: also the 4-cycle rule (cut_edges on grids, split_four_cycles on
  // any other graph).
  void use_four_cycles(bool on) { cut_ = on && reduce_; }

  // The 64-bit shape key of an endgame database (endgame_db.h) from a grid key whose box has at
  // most 50 bits: the box bits are in word 0 and the row length at bit 50 of the last word.
  static std::uint64_t shape_key(const Key& k) {
    if constexpr (KW == 1) return k[0];
    else return k[0] | k[KW - 1];
  }

  std::uint64_t difficulty(const Position& c) const { return static_cast<std::uint64_t>(c.count()); }

  // A move-ordering hint, never an answer (half_turn_mirror).
  bool mirror_p(const Position& c) const { return rows_ && half_turn_mirror(c, rows_, cols_); }

  // For c with mirror_p: for each move of c, appends the components of the position after the
  // move and its image through the half-turn (the copying reply), then calls after() (false:
  // stop). Returns false when a reply is not a move there (never, when mirror_p holds). The
  // search then proves each of these positions 0 (LemoineViennot::mirror_zero).
  template <class After>
  bool mirror_replies(const Position& c, std::vector<Position>& comps, After&& after) const {
    const int C = cols_;
    if (!c.any()) return true;
    const auto [r0, r1, c0, c1] = grid_box(c, C);
    const int sr = r0 + r1, sc = c0 + c1;
    auto image = [&](int v) { return (sr - v / C) * C + (sc - v % C); };
    bool go = true, legal = true;
    each_kayles_move<W>(game_, adj_, c, [&](const Position& rest, KaylesMoveAt m) {
      if (!go) return;
      Position reply = rest;
      const int a = image(m.u);
      if (!rest.test(a)) {
        go = legal = false;
        return;
      }
      if (game_ == VertexGame::ArcKayles) {
        const int b = image(m.v);
        if (!rest.test(b) || !adj_[a].test(b)) {
          go = legal = false;
          return;
        }
        reply.reset(a);
        reply.reset(b);
      } else {
        reply = rest.andnot(adj_[a]);
        reply.reset(a);
      }
      components(reply, comps);
      go = after();
    });
    return legal;
  }


  // Components of at least min_vertices vertices (0: none) are keyed by their graph up to
  // isomorphism (iso_key) where its code fits; boards of at most 64 vertices and 2 key words.
  void use_iso_keys(int min_vertices) {
    static std::atomic<std::uint64_t> games{0};
    iso_owner_ = ++games;
    iso_min_ = min_vertices;
    adj_words_.clear();
    for (const Position& a : adj_) adj_words_.push_back(a.w[0]);
  }

  // A grid-shape key written on another board (a seed table's: its keys are this encoding, the
  // shape's box packed row after row, the row length in the stride field) keyed as this board keys
  // the shape. A box that fits only turned (a 3xN board's shapes on GridNx3) is placed turned and
  // keyed again, so a table of one orientation seeds the other. One that fits as it is keeps its
  // key unless this board would compare its turned images too (grid_key_box: both fit, and its
  // rows are not the shorter side), where a board of other rows may have chosen otherwise (3x4
  // boxes: row length 4 on Grid3xN, 3 on Grid4xN); a chain of boards of the same rows keys
  // almost nothing again. False when it fits neither way.
  bool rekey_grid(std::uint64_t* k) const {
    const int shift = kStrideShift - 64 * (KW - 1);
    const int stride = static_cast<int>((k[KW - 1] >> shift) & 63);
    if (stride == 0) return false;
    int last = -1;
    for (int i = KW - 1; i >= 0 && last < 0; --i) {
      const std::uint64_t x = i == KW - 1 ? k[i] & ~kLastWordField : k[i];
      if (x) last = 64 * i + 63 - std::countl_zero(x);
    }
    if (last < 0) return false;
    const int h = last / stride + 1;
    const bool as_is = h <= rows_ && stride <= cols_, turned = stride <= rows_ && h <= cols_;
    if (as_is && !(turned && h <= stride)) return true;
    if (!as_is && !turned) return false;
    Position p;
    for (int i = 0; i < KW; ++i)
      for (std::uint64_t x = i == KW - 1 ? k[i] & ~kLastWordField : k[i]; x; x &= x - 1) {
        const int b = 64 * i + std::countr_zero(x);
        p.set(as_is ? b / stride * cols_ + b % stride : (b % stride) * cols_ + b / stride);
      }
    const Key key = shape_or_set_key(p);
    for (int i = 0; i < KW; ++i) k[i] = key[i];
    return true;
  }

  // The bits its keys may have set, for packed table entries (solve::NimberKeyLayout, one word
  // per entry): boards of one word keyed in two (51..64 cells; 57..64 off grids) have the vertex
  // set or the shape's box (at most n cells) in word 0 and, on grids, the row length in its 6-bit
  // field of word 1. Boards of two words (65..128 vertices) keyed in two: the vertex set, or the
  // box's first 64 cells in word 0 and its other n - 64 in the low bits of word 1, below the row
  // length (the table packs layouts of at most 80 bits: grids of 65..74 cells, such as Cram 3x23,
  // 5x13, 6x11 and 7x10, and vertex sets of 65..80). None (the wide table) with iso keys (codes of
  // 114 bits) or keys wider than the board needs.
  solve::NimberKeyLayout<KW> key_layout() const {
    solve::NimberKeyLayout<KW> l;
    if constexpr (W == 1 && KW >= 2) {
      if (iso_min_ > 0) return l;
      l.width[0] = n_;
      if (rows_) {
        l.shift[KW - 1] = kStrideShift - 64 * (KW - 1);
        l.width[KW - 1] = 6;
      }
    } else if constexpr (W == 2 && KW == 2) {
      l.width[0] = 64;
      if (rows_) {
        l.low = n_ - 64;
        l.shift[1] = kStrideShift - 64;
        l.width[1] = 6;
      } else {
        l.width[1] = n_ - 64;
      }
    }
    return l;
  }

  Key key(const Position& c) const {
    if constexpr (W == 1 && KW == 2)
      if (iso_min_ > 0 && c.count() >= iso_min_) return iso_key(c);
    return shape_or_set_key(c);
  }

  void components(const Position& p, std::vector<Position>& out) const {
    Position two;  // graphs: the vertices of s with two neighbours (reduced_graph_step)
    Position s = reduce_ ? reduced(p, &two) : p;
    if (cut_) {
      if (rows_) {
        const Position cut = cut_edges(s);
        if (cut.any()) return split_cut(s, cut, out);
      } else if (may_have_four_cycle(s, two) && split_four_cycles(s, two, out)) {
        return;
      }
    }
    if (colfill_) {
      column_components(s, right_, [&](const Position& comp) {
        if (!(game_ == VertexGame::ArcKayles && comp.count() == 1)) out.push_back(comp);
      });
      return;
    }
    while (s.any()) {
      Position comp = component_of(s, s.first(), left_, right_);
      s = s.andnot(comp);
      if (!(game_ == VertexGame::ArcKayles && comp.count() == 1)) out.push_back(comp);
    }
  }

  int move_count(const Position& c) const {
    if (game_ == VertexGame::NodeKayles) return c.count();
    if constexpr (W == 1)
      if (rows_ && cols_ < 64) {
        const std::uint64_t p = c.w[0];
        return std::popcount(p & (p >> cols_)) + std::popcount(p & (p >> 1) & ~right_.w[0]);
      }
    int m = 0;
    c.each([&](int u) { m += (adj_[u] & c).count(); });
    return m / 2;
  }

  // The moves are those of the rules (each_kayles_move, rules.h); on one-word grids the same
  // dominoes enumerated by shifts: vertical ones, then horizontal ones.
  template <class After>
  void options(const Position& c, std::vector<Position>& comps, After&& after) const {
    if constexpr (W == 1)
      if (rows_ && cols_ < 64 && game_ == VertexGame::ArcKayles) {
        // Centre first (as igs's Cram2ColumnsMovesIterator): vertical dominoes from the
        // component's middle column outwards, then horizontal ones from its middle row.
        const std::uint64_t p = c.w[0];
        const int C = cols_;
        const std::uint64_t left = left_.w[0], right = right_.w[0];
        std::uint64_t colbits = 0;
        for (std::uint64_t x = p; x; x >>= C) colbits |= x;
        colbits &= (std::uint64_t{1} << C) - 1;
        const int mid_col = (std::countr_zero(colbits) + 63 - std::countl_zero(colbits)) / 2;
        const int mid_row = (std::countr_zero(p) / C + (63 - std::countl_zero(p)) / C) / 2;
        std::uint64_t vm = p & (p >> C), mask = row_rep_[rows_] << mid_col;
        while (vm) {
          std::uint64_t cur = vm & mask;
          while (!cur) {
            mask |= ((mask & ~right) << 1) | ((mask & ~left) >> 1);
            cur = vm & mask;
          }
          const std::uint64_t l = cur & (~cur + 1);
          vm ^= l;
          Position rest;
          rest.w[0] = p ^ l ^ (l << C);
          components(rest, comps);
          if (!after()) return;
        }
        std::uint64_t hm = p & (p >> 1) & ~right;
        mask = ((std::uint64_t{1} << C) - 1) << (mid_row * C);
        while (hm) {
          std::uint64_t cur = hm & mask;
          while (!cur) {
            mask |= (mask << C) | (mask >> C);
            cur = hm & mask;
          }
          const std::uint64_t l = cur & (~cur + 1);
          hm ^= l;
          Position rest;
          rest.w[0] = p ^ l ^ (l << 1);
          components(rest, comps);
          if (!after()) return;
        }
        return;
      }
    bool go = true;
    each_kayles_move<W>(game_, adj_, c, [&](const Position& rest, KaylesMoveAt) {
      if (!go) return;
      components(rest, comps);
      go = after();
    });
  }

  // Grids: the components of s found by the flood fill alone, the horizontal edges whose left
  // cell is in `cut` deleted (grid_components_for_test).
  void fill_components(const Position& s, const Position& cut, std::vector<Position>& out) const {
    const Position left = left_ | shl(cut, 1), right = right_ | cut;
    if (colfill_) return column_components(s, right, [&](const Position& comp) { out.push_back(comp); });
    for (Position rest = s; rest.any();) {
      const Position comp = component_of(rest, rest.first(), left, right);
      rest = rest.andnot(comp);
      out.push_back(comp);
    }
  }

  // Arc-Kayles on grids: the components of a reduced position s after deleting the horizontal
  // edges `cut` (cut_edges: their left cells); a component split off by them is reduced and
  // split again (the cut may leave tufts).
  void split_cut(const Position& s, const Position& cut, std::vector<Position>& out) const {
    const Position left = left_ | shl(cut, 1), right = right_ | cut;
    for (Position rest = s; rest.any();) {
      const Position comp = component_of(rest, rest.first(), left, right);
      rest = rest.andnot(comp);
      if (comp == s) {
        out.push_back(comp);  // nothing cut off (s is connected and not one cell)
        return;
      }
      components(comp, out);
    }
  }

  // Whether two vertices of `two` (those of s with two neighbours) may have the same two: a
  // collision in two filters of 64 bits on a hash of their neighbourhoods (no false negatives);
  // most positions of a graph without the pattern are then spared split_four_cycles.
  bool may_have_four_cycle(const Position& s, const Position& two) const {
    std::uint64_t f1 = 0, f2 = 0, hit = 0;
    two.each([&](int v) {
      const Position nv = adj_[v] & s;
      std::uint64_t h = 0;
      for (int i = 0; i < W; ++i) h = (h ^ nv.w[i]) * 0x9e3779b97f4a7c15ull;
      const std::uint64_t b1 = std::uint64_t{1} << (h >> 58), b2 = std::uint64_t{1} << ((h >> 52) & 63);
      hit |= (f1 & b1) != 0 && (f2 & b2) != 0;
      f1 |= b1;
      f2 |= b2;
    });
    return hit != 0;
  }

  // The 4-cycle rule (cut_edges) on any graph that is not a grid: in the reduced position s, a
  // vertex A whose only neighbours are a and x (a < x) and a second vertex B whose only neighbours
  // are the same two make the 4-cycle A-a-B-x; its edges A-a and x-B are deleted (A is left pendant
  // on x, B on a). Cycles are taken one after another, each on the graph with the earlier
  // deletions (so each deletion keeps that graph's nimber; the edges A-x and a-B, now at a vertex
  // of one neighbour, are never deleted later), then the components of what is left are found.
  // A component keeps, as a vertex set of the input graph, the deleted edges inside it: those of
  // the cycles whose four vertices it holds (a cycle's two deleted edges join A's part to B's, so
  // both are inside one component or both between two), which is the same graph with fewer of the
  // cycles applied, hence the same nimber. A component split off is reduced and split again.
  // `two`: the vertices of s with exactly two neighbours in s. Returns false when no cycle
  // applies (s is then split as usual).
  bool split_four_cycles(const Position& s, const Position& two, std::vector<Position>& out) const {
    // Deleted edges: ends[2i], ends[2i + 1]; two per cycle, and a cycle takes two vertices of `two`.
    std::array<int, std::size_t{2} * 64 * W> ends;
    int cut = 0;
    Position touched, pendant;  // ends of deleted edges; the A and B of the cycles taken
    auto nb = [&](int v) {      // v's neighbours in s after the deletions so far
      Position r = adj_[v] & s;
      if (touched.test(v))
        for (int i = 0; i < 2 * cut; ++i)
          if (ends[i] == v) r.reset(ends[i ^ 1]);
      return r;
    };
    two.each([&](int A) {
      if (pendant.test(A)) return;
      const Position na = nb(A);
      if (na.count() != 2) return;
      const int a = na.first();
      Position rest = na;
      rest.reset(a);
      const int x = rest.first();
      Position cand = (adj_[a] & adj_[x] & two).andnot(pendant);
      cand.reset(A);
      int B = -1;
      cand.each([&](int b) {
        if (B < 0 && nb(b) == na) B = b;
      });
      if (B < 0) return;
      ends[2 * cut] = A;
      ends[2 * cut + 1] = a;
      ends[2 * cut + 2] = x;
      ends[2 * cut + 3] = B;
      cut += 2;
      touched.set(A);
      touched.set(a);
      touched.set(x);
      touched.set(B);
      pendant.set(A);
      pendant.set(B);
    });
    if (cut == 0) return false;
    for (Position rest = s; rest.any();) {
      Position comp, frontier;
      comp.set(rest.first());
      frontier = comp;
      while (frontier.any()) {
        Position next = neighbours(frontier.andnot(touched));
        (frontier & touched).each([&](int u) { next |= nb(u); });
        next = (next & rest).andnot(comp);
        comp |= next;
        frontier = next;
      }
      rest = rest.andnot(comp);
      if (comp == s) {
        out.push_back(comp);  // nothing cut off (s is connected and not one vertex)
        return true;
      }
      // A part that holds both ends of every deleted edge it touches is a component of s
      // (reduced, as s is); only a part cut off by the deletions is reduced and split again.
      bool whole = true;
      if ((comp & touched).any())
        for (int i = 0; i < 2 * cut && whole; i += 2) whole = comp.test(ends[i]) == comp.test(ends[i + 1]);
      if (whole) out.push_back(comp);
      else components(comp, out);
    }
    return true;
  }

  // The 4-cycle rule (Beling's igs Cram solver, forbidden_horizontal_moves in
  // igs/src/games/cram/mod.rs): in a 4-cycle A-a-B-X of Arc-Kayles whose opposite vertices A and
  // B have no other neighbour, the edges A-a and X-B can be deleted without changing the nimber.
  // Proof (second player wins G + G', G' without those edges, by induction on the size): a move
  // A-X or a-B is copied; A-a in G is answered by a-B in G' and X-B in G by A-X in G' (the two
  // sides are then the same graph up to renaming the lone pendant A or B); a move elsewhere is
  // copied and keeps the hypothesis, except one taking a or X with an outer neighbour, after
  // which the side with the cycle has a vertex with the two tufts A and B (the star
  // simplification drops one) and is then the other side. On a grid the cycles are 2x2 blocks
  // whose corners A (top left) and B (bottom right) are free only inside the block, or A top
  // right and B bottom left. Returns the left cells of the deletable horizontal edges.
  Position cut_edges(const Position& p) const {
    const int C = cols_;
    const Position has_l = shl(p, 1).andnot(left_) & p, has_r = shr(p, 1).andnot(right_) & p;
    const Position has_u = shl(p, C) & p, has_d = shr(p, C) & p;
    const Position only_rd = (has_r & has_d).andnot(has_l | has_u), only_lu = (has_l & has_u).andnot(has_r | has_d);
    const Position only_ld = (has_l & has_d).andnot(has_r | has_u), only_ru = (has_r & has_u).andnot(has_l | has_d);
    // Top left cell of each block: A top left (B = A + C + 1), or A top right (A - 1; B = A + C - 1).
    const Position corner = (only_rd & shr(shr(only_lu, C), 1)) | (shr(only_ld, 1) & shr(only_ru, C));
    return corner | shl(corner, C);
  }

  // Arc-Kayles simplifications that keep the nimber (Beling's igs Cram solver, `reduced_stars`
  // in igs/src/games/cram/mod.rs, applied here to any graph), repeated until nothing changes:
  //  - star: a vertex c with two or more pendant neighbours (tufts) keeps one of them. The move
  //    c-l2 leaves exactly what c-l1 leaves (up to isolated, dead vertices), so G and G - l2
  //    have the same options up to that identification (mirror strategy on G + (G - l2)).
  //  - bridge: a vertex b, neither a tuft nor a tuft's neighbour, all of whose neighbours have a
  //    pendant neighbour, is deleted. Mirror strategy on G + (G - b): a move b-c in G is answered
  //    by c-l in G - b (l the pendant of c, which lives as long as c does), after which the
  //    two sides are equal up to the dead vertex l; every other move is copied.
  //  - isolated vertices (no move) are deleted.
  // On graphs other than one-word grids *two receives the vertices of the result with two
  // neighbours, found by the last step (reduced_graph_step), for the 4-cycle rule.
  Position reduced(const Position& p0, Position* two) const {
    Position p = p0;
    for (;;) {
      const Position r = rows_ && cols_ < 64 ? reduced_grid_step(p) : reduced_graph_step(p, *two);
      if (r == p) return p;
      p = r;
    }
  }

 private:
  Position reduced_grid_step(const Position& p) const {
    const int C = cols_;
    const Position down = shr(p, C) & p;                  // cells whose lower neighbour is in p
    const Position up = shl(p, C) & p;                    // ... upper neighbour
    const Position right = shr(p, 1).andnot(right_) & p;  // ... right neighbour
    const Position left = shl(p, 1).andnot(left_) & p;    // ... left neighbour
    Position any = down | up | right | left;
    const Position two = (down & up) | (right & left) | ((down | up) & (right | left));
    const Position tuft = any.andnot(two);
    // Centres, one direction at a time; a tuft whose centre already has one is dropped.
    const Position cd = shl(tuft & down, C);
    Position seen = cd, drop;
    const Position cr = shl(tuft & right, 1);
    drop |= shr(cr & seen, 1);
    seen |= cr;
    const Position cu = shr(tuft & up, C);
    drop |= shl(cu & seen, C);
    seen |= cu;
    const Position cl = shr(tuft & left, 1);
    drop |= shl(cl & seen, 1);
    seen |= cl;
    // Bridges: neither tufts nor centres, with no neighbour of that kind (all are centres).
    Position bridge = p.andnot(tuft).andnot(seen);
    const Position nb = shr(bridge, C) | shl(bridge, C) | shr(bridge, 1).andnot(right_) | shl(bridge, 1).andnot(left_);
    bridge = bridge.andnot(nb);
    return p.andnot(drop).andnot(bridge);
  }

  // two: the vertices of p with two neighbours. Without branches on the degree: with them (and
  // without may_have_four_cycle's filter) a random sparse graph took ~1.5x the CPU (loaded).
  Position reduced_graph_step(const Position& p, Position& two) const {
    Position tuft, seen, drop, bridge, deg2;
    p.each([&](int v) {
      const int d = (adj_[v] & p).count();
      tuft.w[v >> 6] |= static_cast<std::uint64_t>(d == 1) << (v & 63);
      deg2.w[v >> 6] |= static_cast<std::uint64_t>(d == 2) << (v & 63);
    });
    two = deg2;
    tuft.each([&](int v) {
      const int c = (adj_[v] & p).first();
      if (seen.test(c)) drop.set(v);
      else seen.set(c);
    });
    p.andnot(tuft).andnot(seen).each([&](int v) {
      if ((adj_[v] & p).andnot(seen).count() == 0) bridge.set(v);
    });
    return p.andnot(drop).andnot(bridge);
  }

  // One-word boards: horizontal runs filled at once by a carry (t + starts flips each run of t
  // from its start upwards), vertical and leftward steps by shifts. The fill ends at the first
  // pass whose rightward-closed set gains nothing from those steps (it is then closed), one pass
  // before a set equal to the last pass's.
  static std::uint64_t component_of_word(std::uint64_t s, std::uint64_t seed, std::uint64_t left, std::uint64_t right,
                                         int cols) {
    const std::uint64_t hs = s & ~left;
    std::uint64_t comp = seed;
    for (;;) {
      const std::uint64_t t = hs | comp;
      const std::uint64_t starts = comp & ~((comp & ~right) << 1);
      const std::uint64_t x = comp | (((t + starts) ^ t) & t);
      const std::uint64_t next = (x | ((x & ~left) >> 1) | (x << cols) | (x >> cols)) & s;
      if (next == x) return x;
      comp = next;
    }
  }

  // Boards of several words: the same fill, the carry passing from word to word (add).
  static Position component_of_words(const Position& s, const Position& seed, const Position& left,
                                     const Position& right, int cols) {
    const Position hs = s.andnot(left);
    Position comp = seed;
    for (;;) {
      const Position t = hs | comp;
      const Position starts = comp.andnot(shl(comp.andnot(right), 1));
      const Position x = comp | ((add(t, starts) ^ t) & t);
      const Position next = (x | shr(x.andnot(left), 1) | shl(x, cols) | shr(x, cols)) & s;
      if (next == x) return x;
      comp = next;
    }
  }

  // Boards of a few columns and many rows (set_column_fill; a 3xN board past N = 63 is searched
  // turned, as GridNx3): component_of_words crosses one row per pass there, and a component runs
  // along the columns (about 10 passes a fill on Grid36x3). So s is copied column by column (PEXT),
  // a column into one 128-bit number, row r at bit r. A pass fills the runs of each column that
  // gained cells (fill_column), then two sweeps across the columns pass cells sideways; the
  // passes end when the sweeps add nothing. Each component goes back to the board by PDEP. Calls
  // emit(component) by least cell, as the loop of component_of lists them. right: the cells not
  // joined to their right neighbour (right_, or more: fill_components' cut).
  using Column = u128;
  static constexpr int kMaxFillColumns = 4;
  // Word i's cells of column c on a board of C columns (masks) and the cells of c in the words
  // before i (offsets): constants, so the copies below are unrolled with constant shifts. (Bits
  // past the board's last cell are never set in a position.)
  template <int C>
  struct ColumnLayout {
    std::array<std::array<std::uint64_t, C>, W> mask{};
    std::array<std::array<int, C>, W> offset{};
    constexpr ColumnLayout() {
      for (int i = 0; i < W; ++i)
        for (int c = 0; c < C; ++c) {
          for (int b = 0; b < 64; ++b)
            if ((64 * i + b) % C == c) mask[i][c] |= std::uint64_t{1} << b;
          offset[i][c] = i == 0 ? 0 : offset[i - 1][c] + std::popcount(mask[i - 1][c]);
        }
    }
  };
  template <int C>
  static void to_columns(const Position& p, Column* out) {
    static constexpr ColumnLayout<C> L;
    for (int c = 0; c < C; ++c) {
      Column x = 0;
      for (int i = 0; i < W; ++i) x |= Column{_pext_u64(p.w[i], L.mask[i][c])} << L.offset[i][c];
      out[c] = x;
    }
  }
  template <int C>
  static Position from_columns(const Column* x) {
    static constexpr ColumnLayout<C> L;
    Position p;
    for (int i = 0; i < W; ++i) {
      std::uint64_t w = 0;
      for (int c = 0; c < C; ++c) w |= _pdep_u64(static_cast<std::uint64_t>(x[c] >> L.offset[i][c]), L.mask[i][c]);
      p.w[i] = w;
    }
    return p;
  }
  // The runs of s holding cells of x (x within s): up by a carry (as component_of_word along a
  // row); down by one shift, and only when that adds a cell (the fill starts at the lowest cell,
  // so most runs grow only upwards) by an occluded fill in `steps` doublings (2^steps > the rows).
  [[gnu::always_inline]] static Column fill_column(Column x, Column s, int steps) {
    const Column starts = x & ~(x << 1);
    x |= ((s + starts) ^ s) & s;
    if (!(s & (x >> 1) & ~x)) return x;
    Column p = s;
    for (int k = 0; k < steps; ++k) {
      x |= p & (x >> (1 << k));
      p &= p >> (1 << k);
    }
    return x;
  }
  template <class Emit>
  void column_components(const Position& s, const Position& right, Emit&& emit) const {
    switch (cols_) {
      case 2: return column_components<2>(s, right, emit);
      case 3: return column_components<3>(s, right, emit);
      default: return column_components<4>(s, right, emit);
    }
  }
  template <int C, class Emit>
  void column_components(const Position& s, const Position& right, Emit& emit) const {
    static_assert(C <= kMaxFillColumns);
    Column S[C], R[C] = {}, J[C] = {};
    to_columns<C>(s, S);
    if (!(right == right_)) to_columns<C>(right, R);
    for (int c = 0; c + 1 < C; ++c) J[c] = S[c] & S[c + 1] & ~R[c];  // rows where columns c, c+1 are joined
    for (Position rest = s; rest.any();) {
      const int start = rest.first();
      Column X[C] = {};
      X[start % C] = Column{1} << (start / C);
      // dirty: the columns given cells since their last fill (only they can grow by one)
      for (unsigned dirty = 1u << (start % C); dirty != 0;) {
        for (int c = 0; c < C; ++c)
          if (dirty >> c & 1) X[c] = fill_column(X[c], S[c], fill_steps_);
        dirty = 0;
        for (int c = 0; c + 1 < C; ++c) {
          const Column add = X[c] & J[c] & ~X[c + 1];
          if (add) X[c + 1] |= add, dirty |= 2u << c;
        }
        for (int c = C - 2; c >= 0; --c) {
          const Column add = X[c + 1] & J[c] & ~X[c];
          if (add) X[c] |= add, dirty |= 1u << c;
        }
      }
      const Position comp = from_columns<C>(X);
      rest = rest.andnot(comp);
      emit(comp);
    }
  }

  // The component of s holding vertex `start`; on grids a cell of `right` is not joined to its
  // right neighbour, one of `left` to its left neighbour (left_ and right_, or more: split_cut).
  Position component_of(const Position& s, int start, const Position& left, const Position& right) const {
    if constexpr (W == 1)
      if (rows_ && cols_ < 64) {
        Position r;
        r.w[0] = component_of_word(s.w[0], std::uint64_t{1} << start, left.w[0], right.w[0], cols_);
        return r;
      }
    Position comp;
    comp.set(start);
    if (rows_ && cols_ < 64) return component_of_words(s, comp, left, right, cols_);
    if (rows_) {  // grid: grow by shifts
      for (;;) {
        Position next = comp | shl(comp.andnot(right), 1) | shr(comp.andnot(left), 1);
        if (cols_ < 64) next = next | shl(comp, cols_) | shr(comp, cols_);
        else next = next | neighbours(comp);
        next = next & s;
        if (next == comp) return comp;
        comp = next;
      }
    }
    Position frontier = comp;
    while (frontier.any()) {
      Position next = neighbours(frontier) & s;
      next = next.andnot(comp);
      comp = comp | next;
      frontier = next;
    }
    return comp;
  }
  Position neighbours(const Position& s) const {
    Position r;
    s.each([&](int u) { r = r | adj_[u]; });
    return r;
  }

  // The key without iso keys: the shape on grids, else the vertex set.
  [[gnu::always_inline]] Key shape_or_set_key(const Position& c) const {
    if constexpr (W == 1)
      if (rows_ && cols_ < 64) return grid_key_word(c.w[0]);
    if (rows_ && cols_ < 64) return grid_key_words(c);
    return rows_ ? grid_key(c) : set_key(c);
  }

  // The key of component c by its graph up to isomorphism (graph::small_graph_code in bits 0..112,
  // bit 113 set: grid keys have a row length >= 1 in bits 114..119, these 0, and vertex-set keys of
  // one-word graphs leave the second word 0), or its shape (vertex-set) key when the graph has no
  // such code. The code is computed once per shape and thread: a direct-mapped cache of shape ->
  // key (each entry exact: the key is a function of the shape).
  Key iso_key(const Position& c) const {
    static_assert(W == 1 && KW == 2);
    const Key shape = shape_or_set_key(c);
    struct Slot {
      Key shape, key;
      std::uint64_t owner;  // the game (iso_owner_) that filled it: vertex sets mean other graphs in others
    };
    thread_local std::vector<Slot> cache(std::size_t{1} << kIsoCacheBits);
    const std::uint64_t h = (shape[0] ^ (shape[1] * 0x9E3779B97F4A7C15ULL)) * 0xbf58476d1ce4e5b9ULL;
    Slot& slot = cache[h >> (64 - kIsoCacheBits)];
    if (slot.owner == iso_owner_ && slot.shape[0] == shape[0] && slot.shape[1] == shape[1]) return slot.key;
    graph::SmallGraphCode code;
    Key k = shape;
    if (graph::small_graph_code(adj_words_.data(), c.w[0], code)) k = Key{code[0], code[1] | (std::uint64_t{1} << (113 - 64))};
    slot = {shape, k, iso_owner_};
    return k;
  }
  static constexpr int kIsoCacheBits = 20;  // 2^20 slots of 40 bytes per thread

  Key set_key(const Position& c) const {
    Key k{};
    for (int i = 0; i < std::min(W, KW); ++i) k[i] = c.w[i];  // (KW < W: the board's vertices fit KW words)
    return k;
  }

  // The shape of c up to translation and the dihedral group: its bounding box rows, each of the
  // images packed row after row (row length in the stride field), the least packing wins.
  Key grid_key(const Position& c) const {
    std::uint64_t row[256];  // (a board's rows: at most 256 of one cell or more)
    int h = 0, rmin = -1;
    std::uint64_t colmask = 0;
    for (int r = 0; r < rows_; ++r) {
      const std::uint64_t x = extract(c, r * cols_, cols_);
      if (x) {
        if (rmin < 0) rmin = r;
        h = r - rmin + 1;
        colmask |= x;
      }
      if (rmin >= 0) row[r - rmin] = x;
    }
    if (rmin < 0) return Key{};
    const int cmin = std::countr_zero(colmask);
    const int w = 64 - std::countl_zero(colmask) - cmin;
    for (int i = 0; i < h; ++i) row[i] >>= cmin;
    Key best{};
    bool have = false;
    auto consider = [&](const std::uint64_t* rs, int hh, int ww) {
      for (int flip = 0; flip < 4; ++flip) {
        Key k{};
        for (int i = 0; i < hh; ++i) {
          std::uint64_t x = rs[(flip & 1) ? hh - 1 - i : i];
          if (flip & 2) x = reverse_bits(x, ww);
          put_bits(k, i * ww, x);
        }
        k[KW - 1] |= static_cast<std::uint64_t>(ww) << (kStrideShift - 64 * (KW - 1));
        if (!have || less(k, best)) best = k, have = true;
      }
    };
    consider(row, h, w);
    // The transposed images only where they fit on the board: any image is a correct key (same
    // shape, same nimber); this choice keeps one key per shape among the shapes of this board.
    // (Then h <= cols_ < 64: each column of the box fits a word.)
    if (w <= rows_ && h <= cols_) {
      std::uint64_t col[64];
      for (int j = 0; j < w; ++j) col[j] = 0;
      for (int i = 0; i < h; ++i)
        for (std::uint64_t x = row[i]; x; x &= x - 1) col[std::countr_zero(x)] |= std::uint64_t{1} << i;
      consider(col, w, h);
    }
    return best;
  }
  // grid_key for one-word boards, the same key: the bounding box gathered by PEXT, the four
  // images (identity, mirrors, half turn) by reversing rows and bits; transposed images only for
  // shapes that fit the board turned.
  Key grid_key_word(std::uint64_t c) const {
    if (c == 0) return Key{};
    const int C = cols_;
    const int rmin = std::countr_zero(c) / C;
    const int h = (63 - std::countl_zero(c)) / C - rmin + 1;
    const std::uint64_t x = c >> (rmin * C);
    const std::uint64_t rowmask = (std::uint64_t{1} << C) - 1;
    std::uint64_t colmask = x;  // the rows ORed into row 0: rows 0..2s-1 after the step of s
    for (int s = 1; s < h; s *= 2) colmask |= colmask >> (s * C);
    colmask &= rowmask;
    const int cmin = std::countr_zero(colmask);
    const int w = 64 - std::countl_zero(colmask) - cmin;
    const std::uint64_t m = w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
    return grid_key_box(gather_box(x >> cmin, h, w, m), h, w);
  }
  // The box of h rows of w cells (mask m) from x, its first row at bit 0 and the rows cols_ apart,
  // packed row after row (use_pext).
  [[gnu::always_inline]] std::uint64_t gather_box(std::uint64_t x, int h, int w, std::uint64_t m) const {
    if (pext_) return _pext_u64(x, row_rep_[h] * m);
    std::uint64_t k = 0;
    for (int i = 0; i < h; ++i) k |= ((x >> (i * cols_)) & m) << (i * w);
    return k;
  }
  // The box k0 (h rows of w cells, packed row after row) turned: column j becomes row j, of h cells.
  [[gnu::always_inline]] std::uint64_t transpose_box(std::uint64_t k0, int h, int w) const {
    std::uint64_t t = 0;
    if (pext_) {
      std::uint64_t rep = 0;  // bit 0 of each of the h rows of width w
      for (int i = 0; i < h; ++i) rep |= std::uint64_t{1} << (i * w);
      for (int j = 0; j < w; ++j) t |= _pext_u64(k0 >> j, rep) << (j * h);
      return t;
    }
    const std::uint64_t mm = w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
    for (int i = 0; i < h; ++i)
      for (std::uint64_t r = (k0 >> (i * w)) & mm; r; r &= r - 1) t |= std::uint64_t{1} << (std::countr_zero(r) * h + i);
    return t;
  }
  // grid_key for boards of several words (rows of fewer than 64 cells), the same key: the
  // bounding box's rows gathered one by one when the box has at most 64 cells, else grid_key.
  Key grid_key_words(const Position& c) const {
    const int first = c.first();
    if (first < 0) return Key{};
    const int C = cols_;
    const int rmin = first / C;
    const int h = last_bit(c) / C - rmin + 1;
    // The box's rows in one word (as grid_key_word): one extract, not 2h. (One row: two extracts,
    // as below, are as cheap.)
    if (h > 1 && h * C <= 64) {
      const std::uint64_t x = extract(c, rmin * C, h * C);
      const std::uint64_t row = C == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << C) - 1;
      std::uint64_t colmask = 0;
      for (int i = 0; i < h; ++i) colmask |= (x >> (i * C)) & row;
      const int cmin = std::countr_zero(colmask);
      const int w = 64 - std::countl_zero(colmask) - cmin;
      const std::uint64_t m = w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
      return grid_key_box(gather_box(x >> cmin, h, w, m), h, w);
    }
    if (tall_keys_) return grid_key_tall(c, rmin, h);
    std::uint64_t colmask = 0;
    for (int i = 0; i < h; ++i) colmask |= extract(c, (rmin + i) * C, C);
    const int cmin = std::countr_zero(colmask);
    const int w = 64 - std::countl_zero(colmask) - cmin;
    if (h * w > 64) return grid_key(c);
    std::uint64_t k0 = 0;
    for (int i = 0; i < h; ++i) k0 |= extract(c, (rmin + i) * C + cmin, w) << (i * w);
    return grid_key_box(k0, h, w);
  }
  // grid_key_words on boards of at most kTallKeyColumns columns (the tall boards searched turned,
  // GridNx3) for boxes of rows rmin.. rmin+h-1 with h * cols_ > 64: the same key, word by word. The
  // box's cells row after row are the box's columns in each word, gathered by PEXT and put one
  // after the other (tall_sel_, tall_off_), less the rows above the box. Boxes of at most 64 cells
  // go on to grid_key_box. Larger ones (they are never turned: h > 64 / cols_ >= cols_) have four
  // images: the box, its rows reversed each (shifts of the cells of each residue modulo the row
  // length, tall_residue_), the half turn (all the box's bits reversed) and that reversed each.
  // grid_key's loop costs h extracts and 4h puts; on the record run 3x66 it took a third of the
  // CPU (docs/PERFORMANCE.md, "Tall keys").
  Key grid_key_tall(const Position& c, int rmin, int h) const {
    using KeyBits = VertexSet<KW>;
    unsigned used = 0;  // the box's columns
    for (int j = 0; j < cols_; ++j) {
      const std::uint64_t* col = &tall_sel_[static_cast<std::size_t>(j) * kTallKeyColumns * W];
      std::uint64_t any = 0;
      for (int i = 0; i < W; ++i) any |= c.w[i] & col[i];
      used |= unsigned{any != 0} << j;
    }
    const int cmin = std::countr_zero(used), w = static_cast<int>(std::bit_width(used)) - cmin;
    const std::size_t at = (static_cast<std::size_t>(cmin) * kTallKeyColumns + static_cast<std::size_t>(w - 1)) * W;
    const int drop = rmin * w;  // the cells of the rows above the box (none in c)
    KeyBits a;
    for (int i = 0; i < W; ++i) {
      std::uint64_t x = _pext_u64(c.w[i], tall_sel_[at + i]);
      int to = tall_off_[at + i] - drop;
      if (x == 0 || to <= -64) continue;
      if (to < 0) x >>= -to, to = 0;
      const int k = to >> 6, b = to & 63;
      a.w[k] |= x << b;
      if (b != 0 && k + 1 < KW) a.w[k + 1] |= x >> (64 - b);
    }
    const int n = h * w;
    if (n <= 64) return grid_key_box(a.w[0], h, w);
    auto each_row_reversed = [&](const KeyBits& x) {
      if (w == 1) return x;
      KeyBits r;
      for (int j = 0; j < w; ++j) r = r | shift(x & tall_residue_[w - 1][j], w - 1 - 2 * j);
      return r;
    };
    KeyBits t;  // the half turn
    for (int i = 0; i < KW; ++i) t.w[KW - 1 - i] = reverse_bits(a.w[i], 64);
    t = shift(t, n - 64 * KW);
    Key k = a.w;
    for (const KeyBits& image : {each_row_reversed(a), t, each_row_reversed(t)})
      if (less(image.w, k)) k = image.w;
    k[KW - 1] |= static_cast<std::uint64_t>(w) << (kStrideShift - 64 * (KW - 1));
    return k;
  }
  // The key of a shape whose bounding box (h rows of w cells, h * w <= 64) is packed row after
  // row in k0 (row 0 at bit 0): the least of its images, the transposed ones only where they fit.
  Key grid_key_box(std::uint64_t k0, int h, int w) const {
    const int n = h * w;
    // Always inlined, as trivial_nimber and NimberTable::get/stored_byte: left to the compiler, they
    // stopped being inlined into expand when split_four_cycles was added to this file (Cram 4x9
    // +3.7 % instructions; docs/PERFORMANCE.md, "Counts after the 4-cycle rule").
    auto best4 = [n](std::uint64_t a, int hh, int ww) __attribute__((always_inline)) {
      const std::uint64_t mm = ww == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ww) - 1;
      std::uint64_t v = 0;
      for (int i = 0; i < hh; ++i) v |= ((a >> (i * ww)) & mm) << ((hh - 1 - i) * ww);
      return std::min(std::min(a, v), std::min(reverse_bits(a, n), reverse_bits(v, n)));
    };
    // The row length is the key's most significant field, so the least key has the least row
    // length: when the images turned a quarter fit the board (row length h), they alone are
    // compared if h < w, the others (row length w) alone if h > w, both only for a square box.
    const bool turn = w <= rows_ && h <= cols_;
    std::uint64_t best = 0;
    int stride = w;
    if (!turn || h >= w) best = best4(k0, h, w);
    if (turn && h <= w) {
      const std::uint64_t tb = best4(transpose_box(k0, h, w), w, h);
      if (h < w || tb < best) best = tb, stride = h;
    }
    Key k{};
    k[0] = best;
    k[KW - 1] |= static_cast<std::uint64_t>(stride) << (kStrideShift - 64 * (KW - 1));
    return k;
  }

  static void put_bits(Key& k, int at, std::uint64_t x) {
    const int i = at >> 6, b = at & 63;
    k[i] |= x << b;
    if (b != 0 && i + 1 < KW) k[i + 1] |= x >> (64 - b);
  }
  static bool less(const Key& a, const Key& b) {
    for (int i = KW - 1; i >= 0; --i)
      if (a[i] != b[i]) return a[i] < b[i];
    return false;
  }

  VertexGame game_;
  int n_;
  std::vector<Position> adj_;
  Position all_, left_, right_;
  int rows_ = 0, cols_ = 0;
  std::array<std::uint64_t, 65> row_rep_{};  // one-word grids: bit 0 of each of the first h rows
  bool reduce_ = true;
  bool pext_ = true;  // grid keys gathered by PEXT (use_pext)
  bool colfill_ = false;  // components by column_components (set_column_fill)
  int fill_steps_ = 0;    // ... the occluded fill's doublings: 2^fill_steps_ > rows_
  static constexpr int kTallKeyColumns = 8;
  bool tall_keys_ = false;  // boxes over 64 cells keyed by grid_key_tall (set_tall_keys)
  std::vector<std::uint64_t> tall_sel_;  // [first column][columns - 1][word]: the cells of those columns
  std::vector<int> tall_off_;            // ... and how many of them are in the words before
  std::array<std::array<VertexSet<KW>, kTallKeyColumns>, kTallKeyColumns> tall_residue_{};  // [w - 1][j]: bits j mod w
  bool cut_ = false;  // components split by the 4-cycle rule (grids, Arc-Kayles, reductions on)
  const EndgameDb* db_ = nullptr;
  int iso_min_ = 0;
  std::uint64_t iso_owner_ = 0;
  std::vector<std::uint64_t> adj_words_;  // one-word graphs with iso keys: adj_ as words
};

// The root rounds file beside a table file (FILE.rounds): a text file, the line "cgtlab root
// rounds 1 GAME" (GAME: the table's game line), the line "candidate R", then one line per option,
// "NAME BUDGET" (solve::RootRounds: the option's name in hex, the budget of its next question).
// Written with the table while the tracked root has a candidate, removed when the search ends
// with its answer; read when a run resumes with --root-rounds. A file of another game or a line that
// does not parse is an InputError.
std::string rounds_path(const std::string& table_file) { return table_file + ".rounds"; }

solve::RootRounds read_root_rounds(const std::string& path, const std::string& game) {
  std::ifstream in(path);
  std::string line;
  auto bad = [&](const std::string& why) { return InputError("root rounds file " + path + ": " + why); };
  if (!std::getline(in, line)) throw bad("empty");
  if (line != "cgtlab root rounds 1 " + game) throw bad("not of this game (" + game + "): '" + line + "'");
  solve::RootRounds r;
  if (!std::getline(in, line) || std::sscanf(line.c_str(), "candidate %d", &r.candidate) != 1 || r.candidate < 0 ||
      r.candidate > 254)
    throw bad("the second line must be 'candidate R' (0..254), not '" + line + "'");
  while (std::getline(in, line)) {
    unsigned long long name = 0, budget = 0;
    int used = 0;
    const bool parsed = std::sscanf(line.c_str(), "%llx %llu%n", &name, &budget, &used) == 2;
    const auto rest = parsed ? line.find_first_not_of(" \t", static_cast<std::size_t>(used)) : std::string::npos;
    if (!parsed || budget == 0 || (rest != std::string::npos && line[rest] != '#'))
      throw bad("an option's line must be 'NAME BUDGET' (hex, positive), then only a '#' comment, not '" + line + "'");
    r.budgets.emplace_back(name, budget);
  }
  return r;
}

// With `move_of`, each option's line ends with the comment "# move M", M the first move that leads
// to it (NimberStatus::root_option_move_named), for the reader; the reader skips it.
void write_root_rounds(const std::string& path, const std::string& game, const solve::RootRounds& r,
                       const std::function<std::string(std::uint64_t)>& move_of) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    out << "cgtlab root rounds 1 " << game << "\ncandidate " << r.candidate << "\n";
    for (const auto& [name, budget] : r.budgets) {
      const std::string move = move_of ? move_of(name) : std::string();
      out << fmt::format("{:016x} {}{}\n", name, budget, move.empty() ? "" : "  # move " + move);
    }
    if (!out.flush()) throw InputError("cannot write root rounds file " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw InputError("cannot write root rounds file " + path);
}

template <int W, int KW>
NimberSearchResult search(const graph::Graph& g, VertexGame game, std::optional<std::pair<int, int>> grid,
                          const NimberSearchOptions& o) {
  using Game = KaylesBitGame<W, KW>;
  Game rules(g, game, grid, o.reductions);
  for (const int v : o.removed) rules.remove(v);
  rules.use_four_cycles(o.four_cycles);
  if constexpr (W == 1 && KW == 2) rules.use_iso_keys(o.iso_keys);
  if (!o.endgame_db_preload) rules.use_endgame_db(o.endgame_db);
  const bool refute = (o.refutations || o.refutations_observe) && !o.lookup_only;
  const solve::NimberKeyLayout<KW> layout = o.packed_entries ? rules.key_layout() : solve::NimberKeyLayout<KW>{};
  // The nimbers get at most 3/4 of the bound, the refutations what the nimber table's power of
  // two leaves (at least a quarter; half when the bound is a power of two, where a quarter of it
  // used to lie unused between the two tables' powers of two). With refutation_bytes, the
  // refutations get that and the nimbers the rest, each up to three times a power of two of buckets
  // (solve::TableSizes; --table-mib 15360 --refutation-mib 12288: 3 and 12 GiB, where powers of
  // two gave 2 and 8). In the default split the refutations may take three times a power of two
  // too, so 12 of 16 GiB; the nimbers keep a power of two.
  if (refute && o.refutation_bytes >= o.table_bytes)
    throw InputError("the refutation table's bound must be below the table bound (" +
                     std::to_string(o.refutation_bytes >> 20) + " MiB of " + std::to_string(o.table_bytes >> 20) + " MiB)");
  const std::uint64_t nimber_bytes =
      !refute ? o.table_bytes : o.refutation_bytes != 0 ? o.table_bytes - o.refutation_bytes : o.table_bytes / 4 * 3;
  solve::NimberTable<KW> table(nimber_bytes, o.table_initial_bytes, layout,
                               refute && o.refutation_bytes != 0 ? solve::TableSizes::kOrThreeTimes
                                                                 : solve::TableSizes::kPowersOfTwo);
  const std::uint64_t refute_bytes =
      !refute ? 0
      : o.refutation_bytes != 0
          ? o.refutation_bytes
          : std::max(o.table_bytes / 4, o.table_bytes - std::min(o.table_bytes, table.max_bytes()));
  std::optional<solve::NimberTable<KW>> refutations;
  if (refute) refutations.emplace(refute_bytes, o.table_initial_bytes, layout, solve::TableSizes::kOrThreeTimes);
  solve::NimberStatus own_status;
  solve::NimberStatus& status = o.status != nullptr ? *o.status : own_status;
  // The default split is a floor: the refutations may use what the nimber table leaves of the
  // bound, and give it back as it grows (solve/shared_table_bound.h). --refutation-mib fixes it.
  std::optional<solve::SharedTableBound<solve::NimberTable<KW>>> shared_bound;
  status.refutation_bound_shared.store(refutations && o.refutation_bytes == 0);
  if (refutations && o.refutation_bytes == 0)
    shared_bound.emplace(table, *refutations, o.table_bytes,
                         [&] { status.refutation_bound_bytes.store(refutations->max_bytes()); });
  // Iso keys are another key encoding: their tables are not mixed with the others'.
  const bool iso = W == 1 && KW == 2 && o.iso_keys > 0;
  const std::string iso_name =
      iso ? " iso-keys " + std::to_string(o.iso_keys) + " code " + std::to_string(graph::kSmallGraphCodeVersion)
          : std::string();
  const std::string name = std::string(game == VertexGame::ArcKayles ? "arckayles" : "nodekayles") +
                           (grid ? " grid-shape" : " vertex-set " + g.to_spec()) + iso_name;
  NimberSearchResult r;
  // The refutations ("the nimber is not v", exact facts like the nimbers) go beside the table file,
  // in FILE.refutations (the same format, game "... refutations"), so a resumed run does not prove
  // them again.
  const std::string refutations_name = name + " refutations";
  auto side = [](const std::string& path) { return path + ".refutations"; };
  // The refutations of 8..15 (NimberSearchOptions::refutation_values): under the key with bit 49 of
  // its last word set (bit 64 KW - 15), which no key has when the board's cells (or vertices) are
  // at most 64 KW - 15: vertex v is at bit v, a grid key's row length at bits 50..55 of the last
  // word. Packed tables hold only their layout's bits, iso keys are graph codes: none there.
  // Saved apart, the mark cleared, so FILE.refutations keeps its meaning (values below 8).
  const int cells = grid ? grid->first * grid->second : g.order();
  const bool high = refutations && !refutations->packed() && !iso && o.refutation_values == 16 && cells <= 64 * KW - 15;
  r.high_refutations = high;
  typename Game::Key high_mark{};
  if (high) high_mark[KW - 1] = std::uint64_t{1} << 49;
  const std::string high_name = name + " refutations-high";
  auto side_high = [](const std::string& path) { return path + ".refutations-high"; };
  auto load_high = [&](const std::string& path, solve::NimberTableLoad how_high) {
    if (!high || !std::filesystem::exists(side_high(path))) return std::uint64_t{0};
    auto rekey = how_high.rekey;
    how_high.rekey = [rekey, &high_mark](std::uint64_t* k) {
      if (rekey && !rekey(k)) return false;
      k[KW - 1] |= high_mark[KW - 1];
      return true;
    };
    return refutations->load(side_high(path), high_name, how_high);
  };
  // Files of keys one word wider fold (a board keyed in four words before keys of three were
  // chosen for it); grid-shape files of fewer words widen (another, smaller board's: the row
  // length moves to the last word, Game::kLastWordField).
  solve::NimberTableLoad how;
  how.fold_wider = true;
  if (grid && !iso) how.widen_field = Game::kLastWordField;
  auto load_from = [&](const std::string& path) {
    r.loaded_entries = table.load(path, name, how);
    if (refutations && std::filesystem::exists(side(path)))
      r.loaded_refutations = refutations->load(side(path), refutations_name, how);
    r.loaded_refutations += load_high(path, how);
  };
  const bool resume = !o.table_file.empty() && std::filesystem::exists(o.table_file);
  if (resume) load_from(o.table_file);
  if (!resume && !o.seed_file.empty()) {
    if (!std::filesystem::exists(o.seed_file)) throw InputError("no seed table file " + o.seed_file);
    solve::NimberTableLoad seed = how;
    seed.skip_misfits = true;
    seed.skipped = &r.seed_skipped;
    if (grid && !iso) seed.rekey = [&rules](std::uint64_t* k) { return rules.rekey_grid(k); };
    try {
      r.seed_entries = table.load(o.seed_file, name, seed);
    } catch (const InputError& e) {
      const auto shape = grid_shape(g);
      if (!o.grid_keys || grid || !shape || shape->first > 63) throw;
      // A grid keyed by vertex set for its rows of more than 63 cells: say which board is not.
      const std::string rs = std::to_string(shape->first), cs = std::to_string(shape->second);
      throw InputError(std::string(e.what()) + "; Grid" + rs + "x" + cs + " has rows of more than 63 cells, so it is " +
                       "keyed by vertex set and only its own tables seed it: Grid" + cs + "x" + rs +
                       ", the same board turned, is keyed by shape and takes other boards' tables");
    }
    if (refutations && std::filesystem::exists(side(o.seed_file)))
      r.seed_refutations = refutations->load(side(o.seed_file), refutations_name, seed);
    r.seed_refutations += load_high(o.seed_file, seed);
  }
  const bool from_trunk = !resume && !o.trunk_file.empty() && std::filesystem::exists(o.trunk_file);
  if (from_trunk) r.loaded_entries = table.load(o.trunk_file, name, how);
  // Where the root's rounds stood (--root-rounds, any number of threads) go beside the table file
  // and beside the trunk, in FILE.rounds (root_rounds_file), so a resumed run goes on with each
  // option's budget: a run that resumes its table reads the table's, one that starts from a trunk
  // reads the trunk's (a committed trunk carries its rounds to the next machine).
  solve::RootRounds resume_rounds;
  if (o.root_rounds != 0) {
    if (!o.table_file.empty() && std::filesystem::exists(rounds_path(o.table_file)))
      resume_rounds = read_root_rounds(rounds_path(o.table_file), name);
    else if (from_trunk && std::filesystem::exists(rounds_path(o.trunk_file)))
      resume_rounds = read_root_rounds(rounds_path(o.trunk_file), name);
  }
  solve::LemoineViennot<Game, KW>* running = nullptr;  // the engine, once built
  bool finished = false;                                // ... and its search ended with the answer
  // The table and its trunk, where asked for (at checkpoints, at a stop, at the end).
  const std::uint64_t trunk_keep = std::max<std::uint64_t>(o.trunk_entries, 1);
  // The entries behind the root's witnesses when the search starts (the trunk or table loaded):
  // the table may replace them while the search runs (3x66's option of value 6, 2026-12-06), and a
  // trunk saved later must still prove what the loaded one did.
  std::vector<std::pair<typename Game::Key, int>> start_behind;
  // The root's witnesses as the table holds them now: f(rest, move, v) for the first option (in the
  // game's order) of each value v known, looked up, never searched.
  auto each_witness = [&](auto&& f) {
    const auto adj = kayles_neighbourhoods<W>(g);
    std::vector<char> seen;
    each_kayles_move<W>(game, adj, rules.all(), [&](const VertexSet<W>& rest, KaylesMoveAt m) {
      const int v = running->known_nimber(rest);
      if (v < 0) return;
      if (static_cast<std::size_t>(v) >= seen.size()) seen.resize(static_cast<std::size_t>(v) + 1, 0);
      if (seen[static_cast<std::size_t>(v)]) return;
      seen[static_cast<std::size_t>(v)] = 1;
      f(rest, kayles_deleted<W>(adj, rules.all(), m), v);
    });
  };
  // The entries behind the root's witnesses (their options' components), appended to out.
  auto witness_entries = [&](std::vector<std::pair<typename Game::Key, int>>& out) {
    each_witness([&](const VertexSet<W>& rest, const auto&, int) { running->known_entries(rest, out); });
  };
  // The root's rounds beside the table or trunk file `path`: removed when the answer is known.
  auto save_rounds = [&](const std::string& path) {
    if (finished) {
      std::error_code ec;
      std::filesystem::remove(rounds_path(path), ec);
    } else if (running != nullptr && o.root_rounds != 0) {
      const solve::RootRounds now = running->root_rounds();
      if (now.candidate >= 0)
        write_root_rounds(rounds_path(path), name, now, [&](std::uint64_t n) { return status.root_option_move_named(n); });
    }
  };
  auto save = [&] {
    if (!o.table_file.empty()) {
      table.save(o.table_file, name);
      if (refutations && !high) refutations->save(side(o.table_file), refutations_name);
      if (high) {
        refutations->save(side(o.table_file), refutations_name, 0, {}, typename solve::NimberTable<KW>::Split{high_mark, false});
        refutations->save(side_high(o.table_file), high_name, 0, {}, typename solve::NimberTable<KW>::Split{high_mark, true});
      }
      save_rounds(o.table_file);
    }
    // Not the refutations: the largest 100 000 of Cram 5x9's 4.08 M saved nothing on resuming
    // (8.864 M positions with them, 8.871 M without; docs/PERFORMANCE.md, "Refutations saved").
    // With the root's own components' entries (when all are known) and the entries behind the
    // root's witnesses (the components of a first option of each value ruled out), so that the
    // trunk alone proves what the table proved about the root.
    if (!o.trunk_file.empty()) {
      std::vector<std::pair<typename Game::Key, int>> behind;
      if (running != nullptr) {
        running->known_entries(rules.all(), behind);  // the root's own parts, when its answer is known
        witness_entries(behind);
      }
      for (const auto& e : start_behind)
        if (std::find(behind.begin(), behind.end(), e) == behind.end()) behind.push_back(e);
      table.save(o.trunk_file, name, trunk_keep, behind);
      save_rounds(o.trunk_file);
    }
  };
  if (o.endgame_db && o.endgame_db_preload)
    for (const auto& e : o.endgame_db->entries()) {
      typename Game::Key k{};
      k[0] = e.key & ((std::uint64_t{1} << 50) - 1);
      k[KW - 1] |= e.key >> 50 << 50;
      table.put(k, e.nimber);
    }
  status.nimber_bound_bytes.store(table.max_bytes());
  status.refutation_bound_bytes.store(refutations ? refutations->max_bytes() : 0);
  typename solve::LemoineViennot<Game, KW>::Settings s;
  s.threads = o.threads;
  s.interrupt = o.interrupt;
  s.progress = o.progress;
  s.status = &status;
  s.max_nodes = o.max_nodes;
  if (refutations) s.refutations = &*refutations;
  s.refutations_observe = o.refutations_observe;
  s.refutation_high_mark = high_mark;
  s.budget = o.budget;
  s.budget_depth = o.budget_depth;
  s.ascending_depth = o.ascending_depth;
  s.ascending_gap = o.ascending_gap;
  s.ascending_with_r_depth = o.ascending_with_r_depth;
  s.race = o.race;
  s.root_rounds = o.root_rounds;
  s.resume_rounds = resume_rounds;
  s.mirror_first = o.mirror_first;
  s.front_bits = o.front_bits;
  if (!o.table_file.empty() || !o.trunk_file.empty()) {
    s.checkpoint = save;
    s.checkpoint_seconds = o.checkpoint_seconds;
  }
  const auto adj = kayles_neighbourhoods<W>(g);
  // The moves of the tracked root's options (NimberStatus::root_options), named when the root is
  // expanded: each move of the whole position in the game's order, its option named as the root
  // names it; the first move of each name is kept.
  s.root_options = [&](const std::vector<std::uint64_t>& names) {
    std::vector<std::pair<std::uint64_t, std::string>> first;
    each_kayles_move<W>(game, adj, rules.all(), [&](const VertexSet<W>& rest, KaylesMoveAt m) {
      const std::uint64_t n = running->root_option_name(rest);
      if (n == 0 || std::find(names.begin(), names.end(), n) == names.end()) return;
      for (const auto& f : first)
        if (f.first == n) return;
      first.emplace_back(n, kayles_move_name(g, game, {kayles_deleted<W>(adj, rules.all(), m), 0}));
    });
    std::vector<solve::NimberStatus::RootOption> out;
    for (const std::uint64_t n : names) {
      auto f = std::find_if(first.begin(), first.end(), [&](const auto& x) { return x.first == n; });
      out.push_back({n, f == first.end() ? std::string() : f->second});
    }
    status.set_root_options(std::move(out));
  };
  solve::LemoineViennot<Game, KW> engine(rules, table, s);
  running = &engine;
  if (!o.trunk_file.empty()) witness_entries(start_behind);
  // The witnesses (NimberSearchResult::witnesses): the moves of the whole position in the game's
  // order, each option's nimber looked up, never searched.
  auto witnesses = [&] {
    std::vector<solve::NimberStatus::Witness> out;
    each_witness([&](const VertexSet<W>&, const auto& deleted, int v) {
      out.push_back({v, kayles_move_name(g, game, {deleted, 0})});
      if (v < 64) status.ruled_out.fetch_or(std::uint64_t{1} << v);  // proved: an option has it
    });
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
    status.set_witnesses(out);
    return out;
  };
  if (o.lookup_only) {  // what the table holds, nothing searched, nothing saved
    r.witnesses = witnesses();
    const std::string read = rounds_path(!o.table_file.empty() ? o.table_file : o.trunk_file);
    if (std::filesystem::exists(read)) {
      const solve::RootRounds rounds = read_root_rounds(read, name);
      std::vector<std::uint64_t> names;
      for (const auto& [n, budget] : rounds.budgets) names.push_back(n);
      s.root_options(names);  // names the options' moves in the status, as a search's root does
      r.rounds_candidate = rounds.candidate;
      r.rounds_file = read;
      for (const auto& [n, budget] : rounds.budgets) r.rounds.push_back({status.root_option_move_named(n), budget});
    }
    const int v = engine.known_nimber(rules.all());
    r.nimber_known = v >= 0;
    r.nimber = static_cast<cgt::Grundy>(std::max(v, 0));
    r.table_entries = table.size();
    r.table_capacity = table.capacity();
    r.table_bytes = table.bytes();
    r.nimber_bound_bytes = table.max_bytes();
    r.table_entry_bytes = table.packed() ? 8 : static_cast<int>(sizeof(typename Game::Key));
    r.key_kind = grid ? "grid shape" : "vertex set";
    return r;
  }
  // A stop (signal, deadline, --max-positions, a nimber beyond the table): the table is saved
  // when there is a file, and the message says why, how far the search got and what it proved.
  auto stopped = [&](const std::string& why) {
    status.table_entries.store(table.size());
    witnesses();
    std::string where;
    save();
    const std::string with_refutations =
        refutations ? " and " + std::to_string(refutations->size()) + " refutations" : std::string();
    if (!o.table_file.empty())
      where = "; table of " + std::to_string(table.size()) + " nimbers" + with_refutations + " saved to " + o.table_file +
              (refutations ? " and " + side(o.table_file) : std::string()) +
              (high ? " and " + side_high(o.table_file) : std::string()) +
              (o.root_rounds != 0 && std::filesystem::exists(rounds_path(o.table_file))
                   ? ", and the root's rounds to " + rounds_path(o.table_file)
                   : std::string()) +
              " (run again to resume)";
    if (!o.trunk_file.empty())
      where += "; the largest " + std::to_string(std::min<std::uint64_t>(table.size(), trunk_keep)) + " of them saved to " +
               o.trunk_file +
               (o.root_rounds != 0 && std::filesystem::exists(rounds_path(o.trunk_file))
                    ? " (its rounds to " + rounds_path(o.trunk_file) + ")"
                    : std::string());
    return CapReached(why + ": " + search_status_text(status) + where);
  };
  try {
    if ((o.outcome_only || o.is_nimber >= 0) && !o.with_moves) {
      // One question, "is the nimber v?" (outcome only: v = 0): the nimber when the root met it,
      // else it stays unknown and v is ruled out.
      const int asked = o.outcome_only ? 0 : o.is_nimber;
      status.bounded.store(true);
      status.asking.store(asked);
      int found = engine.nimber_if(rules.all(), asked);
      if (o.outcome_only && found > 0) found = -1;  // an N-position: its nimber stays unknown
      r.nimber_known = found >= 0;
      r.nimber = static_cast<cgt::Grundy>(std::max(found, 0));
      status.asking.store(-1);
      if (found >= 0) status.nimber.store(found);
      else if (asked < 64) status.ruled_out.fetch_or(std::uint64_t{1} << asked);
    } else {
      r.nimber = static_cast<cgt::Grundy>(engine.nimber(rules.all()));
    }
    if (o.with_moves || (o.winning_moves && o.is_nimber < 0 && !r.p_position())) {
      int moves = 0;
      each_kayles_move<W>(game, adj, rules.all(), [&](const VertexSet<W>&, KaylesMoveAt) { ++moves; });
      status.moves.store(moves);
      each_kayles_move<W>(game, adj, rules.all(), [&](const VertexSet<W>& rest, KaylesMoveAt m) {
        if (o.with_moves)
          r.moves.push_back({kayles_deleted<W>(adj, rules.all(), m), static_cast<cgt::Grundy>(engine.nimber(rest))});
        else if (engine.is_p_position(rest))
          r.moves.push_back({kayles_deleted<W>(adj, rules.all(), m), 0});
        status.moves_checked.fetch_add(1);
      });
    }
  } catch (const solve::SearchStopped&) {
    const std::string cause = o.interrupt_cause ? o.interrupt_cause() : std::string("interrupted");
    throw stopped("search " + cause + (status.nimber.load() >= 0 ? " after" : " before") + " the nimber was found");
  } catch (const CapReached& e) {
    if (o.max_nodes != 0 && status.positions.load() > o.max_nodes)
      throw stopped("--max-positions " + std::to_string(o.max_nodes) + " reached");
    throw stopped(e.what());
  }
  finished = true;
  save();
  r.witnesses = witnesses();
  if (!r.nimber_known) r.ruled_out = status.ruled_out.load();
  r.stats = engine.stats();
  if (r.stats.phases_of_tracked_root)  // name each candidate's option of its value by a move
    for (auto& ph : r.stats.phases)
      if (ph.option_name != 0) ph.move = status.root_option_move_named(ph.option_name);
  r.nodes = r.stats.nodes;
  r.table_entries = table.size();
  r.table_capacity = table.capacity();
  r.table_bytes = table.bytes() + (refutations ? refutations->bytes() : 0);
  r.nimber_bound_bytes = table.max_bytes();
  r.refutation_bound_bytes = refutations ? refutations->max_bytes() : 0;
  r.shared_bound = shared_bound.has_value();
  r.refutation_halvings = refutations ? refutations->shrinks() : 0;
  r.table_entry_bytes = table.packed() ? 8 : static_cast<int>(sizeof(typename Game::Key));
  r.key_kind = std::string(grid ? "grid shape" : "vertex set") +
               (iso ? ", graph up to isomorphism from " + std::to_string(o.iso_keys) + " vertices" : "");
  return r;
}

template <int W>
NimberSearchResult search_w(const graph::Graph& g, VertexGame game, std::optional<std::pair<int, int>> grid,
                            const NimberSearchOptions& o) {
  const int bits = grid ? grid->first * grid->second + 14 : g.order() + 8;
  // Boards of 129..192 vertices: positions of four words, keys of three where they fit (24-byte
  // table entries instead of 32: Node-Kayles 3x43..3x59, 4x33..4x44, 6x22..6x29).
  if constexpr (W == 4)
    if (bits <= 192 && !o.wide_keys) return search<4, 3>(g, game, grid, o);
  if (bits <= 64 * W && !(W == 1 && o.iso_keys > 0) && !o.wide_keys) return search<W, W>(g, game, grid, o);
  return search<W, W + 1>(g, game, grid, o);
}

template <int W, int KW>
std::vector<GridShapeNimber> shape_nimbers(VertexGame game, int rows, int cols, int width,
                                           const std::vector<std::uint64_t>& shapes, const NimberSearchOptions& o,
                                           std::uint64_t* positions) {
  using Game = KaylesBitGame<W, KW>;
  const graph::Graph g = graph::parse_graph("Grid" + std::to_string(rows) + "x" + std::to_string(cols));
  Game rules(g, game, std::make_pair(rows, cols), o.reductions);
  rules.use_four_cycles(o.four_cycles);
  solve::NimberTable<KW> table(o.table_bytes);
  typename solve::LemoineViennot<Game, KW>::Settings s;
  s.interrupt = o.interrupt;
  s.max_nodes = o.max_nodes;
  solve::LemoineViennot<Game, KW> engine(rules, table, s);
  std::vector<GridShapeNimber> out(shapes.size());
  std::vector<Bits<W>> comps;
  try {
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      Bits<W> p;
      for (std::uint64_t x = shapes[i]; x; x &= x - 1) {
        const int b = std::countr_zero(x);
        p.set((b / width) * cols + b % width);
      }
      comps.clear();
      rules.components(p, comps);
      if (comps.size() != 1 || !(comps[0] == p) || rules.trivial_nimber(p) >= 0) continue;
      const auto key = rules.key(p);
      bool fits = KW == 1 || ((key[0] >> 50) == 0 && (key[KW - 1] & ~(std::uint64_t{63} << 50)) == 0);
      for (int w = 1; w + 1 < KW; ++w) fits = fits && key[w] == 0;
      if (!fits) throw std::logic_error("endgame database: a shape's box needs more than 50 bits");
      const std::uint64_t k = Game::shape_key(key);
      out[i] = {k, engine.nimber(p)};
    }
  } catch (const solve::SearchStopped&) {
    throw CapReached("endgame database: the build was " +
                     (o.interrupt_cause ? o.interrupt_cause() : std::string("interrupted")));
  }
  if (positions) *positions = engine.stats().nodes;
  return out;
}

template <int W, int KW>
std::vector<GridComponentForTest> components_for_test(int rows, int cols, const std::vector<int>& cells,
                                                      const std::vector<int>& cut, bool pext) {
  const graph::Graph g = graph::parse_graph("Grid" + std::to_string(rows) + "x" + std::to_string(cols));
  KaylesBitGame<W, KW> rules(g, VertexGame::NodeKayles, std::make_pair(rows, cols), false);
  rules.use_pext_for_keys(pext);
  Bits<W> s, c;
  for (int v : cells) s.set(v);
  for (int v : cut) c.set(v);
  std::vector<Bits<W>> comps;
  rules.fill_components(s, c, comps);
  std::vector<GridComponentForTest> out;
  for (const auto& comp : comps) {
    GridComponentForTest t;
    comp.each([&](int v) { t.cells.push_back(v); });
    const auto key = rules.key(comp);
    t.key.assign(key.begin(), key.end());
    out.push_back(std::move(t));
  }
  return out;
}

template <int W, int KW>
PositionForCheck position_for_check(const graph::Graph& g, VertexGame game, std::optional<std::pair<int, int>> grid,
                                    const std::vector<int>& cells) {
  using Game = KaylesBitGame<W, KW>;
  Game rules(g, game, grid, true);
  rules.use_four_cycles(true);
  Bits<W> p;
  for (int v : cells) p.set(v);
  auto words = [](const typename Game::Key& k) { return std::vector<std::uint64_t>(k.begin(), k.end()); };
  auto describe = [&](const Bits<W>& c) {
    CheckComponent out;
    out.key = words(rules.key(c));
    c.each([&](int v) { out.cells.push_back(v); });
    out.immediate = rules.trivial_nimber(c);
    return out;
  };
  PositionForCheck r;
  r.key = words(rules.key(p));
  std::vector<Bits<W>> comps;
  rules.components(p, comps);
  r.one_component = comps.size() == 1 && comps[0] == p;
  comps.clear();
  rules.options(p, comps, [&] {
    std::vector<CheckComponent> option;
    option.reserve(comps.size());
    for (const auto& c : comps) option.push_back(describe(c));
    r.options.push_back(std::move(option));
    comps.clear();
    return true;
  });
  return r;
}

}  // namespace

std::vector<GridComponentForTest> grid_components_for_test(int rows, int cols, const std::vector<int>& cells,
                                                           const std::vector<int>& cut, bool pext) {
  if (rows < 1 || cols < 1 || cols > 63 || rows * cols > 256)
    throw InputError("grid_components_for_test: board out of range");
  for (const auto* list : {&cells, &cut})
    for (int v : *list)
      if (v < 0 || v >= rows * cols) throw InputError("grid_components_for_test: cell out of range");
  const int n = rows * cols;
  if (n <= 64) return n + 14 <= 64 ? components_for_test<1, 1>(rows, cols, cells, cut, pext)
                                   : components_for_test<1, 2>(rows, cols, cells, cut, pext);
  if (n <= 128) return n + 14 <= 128 ? components_for_test<2, 2>(rows, cols, cells, cut, pext)
                                     : components_for_test<2, 3>(rows, cols, cells, cut, pext);
  if (n + 14 <= 192) return components_for_test<4, 3>(rows, cols, cells, cut, pext);
  return n + 14 <= 256 ? components_for_test<4, 4>(rows, cols, cells, cut, pext)
                       : components_for_test<4, 5>(rows, cols, cells, cut, pext);
}

std::vector<GridShapeNimber> grid_shape_nimbers(VertexGame game, int rows, int cols, int width,
                                                const std::vector<std::uint64_t>& shapes, const NimberSearchOptions& o,
                                                std::uint64_t* positions) {
  if (rows < 1 || cols < rows || cols > 63 || width < 1 || width > cols || rows * width > 64 || rows * cols > 256)
    throw InputError("endgame database: board " + std::to_string(rows) + "x" + std::to_string(cols) + " (box width " +
                     std::to_string(width) + ") out of range");
  const int n = rows * cols;
  if (n <= 64) return n + 14 <= 64 ? shape_nimbers<1, 1>(game, rows, cols, width, shapes, o, positions)
                                   : shape_nimbers<1, 2>(game, rows, cols, width, shapes, o, positions);
  if (n <= 128) return n + 14 <= 128 ? shape_nimbers<2, 2>(game, rows, cols, width, shapes, o, positions)
                                     : shape_nimbers<2, 3>(game, rows, cols, width, shapes, o, positions);
  return n + 14 <= 256 ? shape_nimbers<4, 4>(game, rows, cols, width, shapes, o, positions)
                       : shape_nimbers<4, 5>(game, rows, cols, width, shapes, o, positions);
}

PositionForCheck kayles_position_for_check(const graph::Graph& g, VertexGame game, const std::vector<int>& cells,
                                           int key_words, bool grid_keys) {
  require_kayles_graph(g, game == VertexGame::ArcKayles ? "Arc-Kayles" : "Node-Kayles");
  const int n = g.order();
  if (n > 256) throw InputError("the search keys graphs of at most 256 vertices, not " + std::to_string(n));
  for (int v : cells)
    if (v < 0 || v >= n) throw InputError("no vertex " + std::to_string(v) + " in a graph of " + std::to_string(n));
  std::optional<std::pair<int, int>> grid = grid_key_shape(g);
  if (!grid_keys) grid.reset();
  const int w = n <= 64 ? 1 : n <= 128 ? 2 : 4;
  const bool three = w == 4 && (grid ? n + 14 : n + 8) <= 192;  // keys of three words fit (search_w)
  if (key_words != w && key_words != w + 1 && !(three && key_words == 3))
    throw InputError("keys of " + std::to_string(key_words) + " words: the search keys this graph (" +
                     std::to_string(n) + " vertices) in " + (three ? "3, " : "") + std::to_string(w) + " or " +
                     std::to_string(w + 1));
  switch (w * 10 + key_words - w) {
    case 39: return position_for_check<4, 3>(g, game, grid, cells);
    case 10: return position_for_check<1, 1>(g, game, grid, cells);
    case 11: return position_for_check<1, 2>(g, game, grid, cells);
    case 20: return position_for_check<2, 2>(g, game, grid, cells);
    case 21: return position_for_check<2, 3>(g, game, grid, cells);
    case 40: return position_for_check<4, 4>(g, game, grid, cells);
    default: return position_for_check<4, 5>(g, game, grid, cells);
  }
}

bool grid_mirror_strategy(int rows, int cols, const std::vector<int>& cells) {
  if (rows < 1 || cols < 1 || static_cast<long long>(rows) * cols > 256)
    throw InputError("grid_mirror_strategy: a grid of 1 to 256 cells, not " + std::to_string(rows) + "x" +
                     std::to_string(cols));
  Bits<4> c;
  for (int v : cells) {
    if (v < 0 || v >= rows * cols) throw InputError("grid_mirror_strategy: no cell " + std::to_string(v));
    c.set(v);
  }
  return half_turn_mirror(c, rows, cols);
}

std::optional<std::pair<int, int>> grid_shape(const graph::Graph& g) {
  const int n = g.order();
  if (n == 0 || g.directed()) return std::nullopt;
  const int edges = g.edge_count();
  for (int rows = 1; rows <= n; ++rows) {
    if (n % rows) continue;
    const int cols = n / rows;
    if (rows * (cols - 1) + cols * (rows - 1) != edges || g.loop_count() != 0) continue;
    bool ok = true;
    for (int r = 0; r < rows && ok; ++r)
      for (int c = 0; c < cols && ok; ++c) {
        const int v = r * cols + c;
        if (c + 1 < cols && !g.has_edge(v, v + 1)) ok = false;
        if (r + 1 < rows && !g.has_edge(v, v + cols)) ok = false;
      }
    if (ok) return std::make_pair(rows, cols);
  }
  return std::nullopt;
}

std::optional<std::pair<int, int>> grid_key_shape(const graph::Graph& g) {
  auto grid = grid_shape(g);
  if (grid && grid->second > 63) grid.reset();
  return grid;
}

std::string or_list(const std::vector<int>& values) {
  std::string list;
  for (std::size_t i = 0; i < values.size(); ++i)
    list += (i == 0 ? "" : i + 1 == values.size() ? " or " : ", ") + std::to_string(values[i]);
  return list;
}

std::vector<int> ruled_out_values(const solve::NimberStatus& status) {
  std::vector<int> out;
  for (std::uint64_t m = status.ruled_out.load(); m != 0; m &= m - 1) out.push_back(std::countr_zero(m));
  return out;
}

int asking_value(const solve::NimberStatus& status) {
  const int a = status.asking.load();
  if (a < 0 || status.nimber.load() >= 0 || (a < 64 && ((status.ruled_out.load() >> a) & 1) != 0)) return -1;
  return a;
}

namespace {
// The winning moves (or --move-values) after the value: ", 5 of 57 moves checked so far".
std::string moves_text(const solve::NimberStatus& status, bool stopped) {
  const int m = status.moves.load();
  if (m == 0) return "";
  return fmt::format(", {} of {} moves checked {}", status.moves_checked.load(), m, stopped ? "when it stopped" : "so far");
}
}  // namespace

std::string root_text(const solve::NimberStatus& status, int asking, bool stopped) {
  const auto rp = status.root_progress();
  if (rp.candidate != asking || rp.options == 0) return "";
  std::string t = fmt::format(": {} of {} root options {}not {}", rp.settled, rp.options, stopped ? "shown " : "", asking);
  // Each option once (two threads may ask the same one), with the longest time.
  std::vector<solve::NimberStatus::AskedOption> asked;
  for (const auto& a : status.asked_options(asking)) {
    auto same = std::find_if(asked.begin(), asked.end(), [&](const auto& b) { return b.option == a.option; });
    if (same == asked.end()) asked.push_back(a);
    else same->seconds = std::max(same->seconds, a.seconds);
  }
  for (std::size_t i = 0; i < asked.size(); ++i) {
    const std::string move = status.root_option_move(asked[i].option);
    t += fmt::format("{}option {}{} {} {:.1f} s", i == 0 ? (stopped ? ", " : ", asking ") : " and ", asked[i].option,
                     move.empty() ? "" : " (move " + move + ")", stopped ? "had been asked for" : "for",
                     asked[i].seconds);
  }
  return t;
}

std::string search_status_text(const solve::NimberStatus& status) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - status.started).count();
  return fmt::format("after {:.1f} s: {} positions expanded, {} nimbers in the table; {}", seconds,
                     status.positions.load(), status.table_entries.load(), search_bounds_text(status, true));
}

namespace {

// "; the values ruled out have options: 0 by the move 12-13, 1 by 3-8" (witnesses of the values
// ruled out; "" when none has one).
std::string witness_text(const std::vector<solve::NimberStatus::Witness>& witnesses, const std::vector<int>& ruled_out) {
  std::string list;
  std::vector<int> without;
  for (const int v : ruled_out) {
    const auto w = std::find_if(witnesses.begin(), witnesses.end(), [&](const auto& x) { return x.value == v; });
    if (w == witnesses.end()) {
      without.push_back(v);
      continue;
    }
    list += fmt::format("{}{} by {}", list.empty() ? "" : ", ", v, list.empty() ? "the move " + w->move : w->move);
  }
  if (list.empty()) return "";
  std::string rest;
  for (const int v : without) rest += (rest.empty() ? "" : ", ") + std::to_string(v);
  return "; the values ruled out have options: " + list +
         (rest.empty() ? "" : " (no such move known for " + rest + ")");
}

}  // namespace

std::string search_bounds_text(const solve::NimberStatus& status, bool stopped) {
  std::string t;
  if (const int v = status.nimber.load(); v >= 0) {
    t += (stopped ? "the nimber is " : "nimber ") + std::to_string(v) + (stopped ? " (found)" : " found");
    return t + moves_text(status, stopped);
  }
  if (!status.bounded.load()) {
    return t + fmt::format("nothing proved about the nimber yet ({} of its {} components solved{})",
                           status.components_done.load(), status.components.load(),
                           stopped ? "" : ", the last is searched for the nimber");
  }
  const std::vector<int> out = ruled_out_values(status);
  const int asking = asking_value(status);
  if (out.empty()) {
    t += stopped ? "nothing proved about the nimber yet" : "nimber: nothing proved yet";
  } else {
    t += (stopped ? "the nimber is not " : "nimber not ") + or_list(out) + (out.front() == 0 ? " (outcome N)" : "");
  }
  if (asking >= 0) {
    t += stopped ? fmt::format(", {} was being asked", asking) : fmt::format(", asking {}", asking);
    // Several components: the root's candidates are its last component's, 0, 1, ... in turn, so
    // the position's values are met in the order v ^ x (x the others' nim-sum), not ascending.
    if (const int x = status.others_xor.load(); x != 0)
      t += fmt::format(" (its last component is asked {}; the others' nim-sum is {})", asking ^ x, x);
    t += root_text(status, asking, stopped);
  }
  if (stopped) t += witness_text(status.witness_list(), out);
  return t + moves_text(status, stopped);
}

NimberSearchResult kayles_nimber(const graph::Graph& g, VertexGame game, const NimberSearchOptions& o) {
  require_kayles_graph(g, game == VertexGame::ArcKayles ? "Arc-Kayles" : "Node-Kayles");
  if (o.threads < 1 || o.threads > 64) throw InputError("threads must be between 1 and 64");
  auto grid = grid_key_shape(g);
  if (!o.grid_keys) grid.reset();
  if (const EndgameDb* db = o.endgame_db) {
    const char* name = EndgameDb::game_name(game);
    if (db->game() != game)
      throw InputError(std::string("the endgame database is for ") + EndgameDb::game_name(db->game()) + ", not " + name);
    if (!grid || grid->first != db->rows() || grid->second < grid->first)
      throw InputError("the endgame database is for grids of " + std::to_string(db->rows()) +
                       " rows and at least as many columns (grid keys on); this graph is not one");
  }
  const int n = g.order();
  if (n <= 64) return search_w<1>(g, game, grid, o);
  if (n <= 128) return search_w<2>(g, game, grid, o);
  if (n <= 256) return search_w<4>(g, game, grid, o);
  if (o.lookup_only) throw InputError("a lookup in a table needs a graph of at most 256 vertices (the outcome search's)");
  if (!o.removed.empty()) throw InputError("moves played first (--after) need a graph of at most 256 vertices (the outcome search's)");
  solve::SearchLimits limits;
  limits.max_positions = o.max_nodes;
  limits.max_memory_bytes = o.table_bytes;
  KaylesSolver old(game, limits);
  NimberSearchResult r;
  auto a = o.with_moves || o.winning_moves ? old.analyse(g) : KaylesResult{old.grundy(g), {}};
  r.nimber = a.grundy;
  r.moves = std::move(a.moves);
  if (!o.with_moves) std::erase_if(r.moves, [](const KaylesMove& m) { return m.option_grundy != 0; });
  r.key_kind = "KaylesSolver";
  return r;
}

}  // namespace cgtlab::games
