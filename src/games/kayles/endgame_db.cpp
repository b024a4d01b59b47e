#include "games/kayles/endgame_db.h"

#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <stdexcept>

#include "games/kayles/nimber_search.h"
#include "solve/layered_partitioned.h"
#include "util/error.h"

namespace cgtlab::games {

namespace {

constexpr int kBoxBits = 50;  // shape keys: box bits 0..49, row length in bits 50..55
constexpr std::uint64_t kBoxMask = (std::uint64_t{1} << kBoxBits) - 1;

std::uint64_t checksum(const std::string& bytes) { return solve::partition::stable_hash(bytes.data(), bytes.size()); }

// Shapes during enumeration: cells of a box of R rows and B columns, bit r * B + c, moved to the
// top left (a cell in row 0 and one in column 0).
struct Box {
  int R, B;
  std::uint64_t all, col0, last;  // every cell; column 0; column B-1
  Box(int r, int b) : R(r), B(b) {
    all = r * b == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (r * b)) - 1;
    col0 = last = 0;
    for (int i = 0; i < r; ++i) {
      col0 |= std::uint64_t{1} << (i * b);
      last |= std::uint64_t{1} << (i * b + b - 1);
    }
  }
  std::uint64_t row_bits(std::uint64_t m, int i) const { return (m >> (i * B)) & ((std::uint64_t{1} << B) - 1); }
  int height(std::uint64_t m) const { return (63 - std::countl_zero(m)) / B + 1; }
  std::uint64_t cols(std::uint64_t m) const {
    std::uint64_t c = 0;
    for (int i = 0; i < R; ++i) c |= row_bits(m, i);
    return c;
  }
  int width(std::uint64_t m) const { return 64 - std::countl_zero(cols(m)); }
  std::uint64_t normal(std::uint64_t m) const {
    m >>= (std::countr_zero(m) / B) * B;
    return m >> std::countr_zero(cols(m));
  }
  std::uint64_t neighbours(std::uint64_t m) const {
    return (((m & ~last) << 1) | ((m & ~col0) >> 1) | (m << B) | (m >> B)) & all & ~m;
  }
  // The least of the four images that keep the rows horizontal (mirrors and the half turn).
  std::uint64_t canonical(std::uint64_t m) const {
    const int h = height(m), w = width(m);
    std::uint64_t flip_rows = 0, flip_cols = 0, both = 0;
    for (int i = 0; i < h; ++i) {
      const std::uint64_t x = row_bits(m, i);
      std::uint64_t rev = 0;
      for (int j = 0; j < w; ++j)
        if (x >> j & 1) rev |= std::uint64_t{1} << (w - 1 - j);
      flip_rows |= x << ((h - 1 - i) * B);
      flip_cols |= rev << (i * B);
      both |= rev << ((h - 1 - i) * B);
    }
    return std::min(std::min(m, flip_rows), std::min(flip_cols, both));
  }
};

int bit_width(std::uint64_t x) { return 64 - std::countl_zero(x); }

}  // namespace

int endgame_db_max_area(int rows, int max_cells) {
  // A connected shape of n cells with h rows and w columns has h + w - 1 <= n.
  int best = 0;
  for (int h = 1; h <= std::min(rows, max_cells); ++h) best = std::max(best, h * (max_cells + 1 - h));
  return best;
}

EndgameDb::EndgameDb(VertexGame game, int rows, int max_cells, const std::vector<Entry>& entries)
    : game_(game), rows_(rows), max_cells_(max_cells), entries_(entries.size()) {
  std::uint64_t cap = 16;
  while (cap < 2 * entries.size()) cap *= 2;
  slots_.assign(cap, 0);
  mask_ = cap - 1;
  for (const Entry& e : entries) {
    std::uint64_t i = mix(e.key) & mask_;
    while (slots_[i] != 0 && (slots_[i] >> 8) != e.key) i = (i + 1) & mask_;
    slots_[i] = e.key << 8 | static_cast<std::uint64_t>(e.nimber);
  }
}

std::vector<EndgameDb::Entry> EndgameDb::entries() const {
  std::vector<Entry> out;
  out.reserve(entries_);
  for (std::uint64_t s : slots_)
    if (s != 0) out.push_back({s >> 8, static_cast<int>(s & 0xff)});
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.key < b.key; });
  return out;
}

std::vector<std::uint64_t> EndgameDb::shape_rows(std::uint64_t key, int& width) {
  width = static_cast<int>(key >> kBoxBits) & 63;
  const std::uint64_t box = key & kBoxMask;
  std::vector<std::uint64_t> rows;
  if (width == 0 || box == 0) return rows;
  const int h = (bit_width(box) + width - 1) / width;
  for (int i = 0; i < h; ++i) rows.push_back((box >> (i * width)) & ((std::uint64_t{1} << width) - 1));
  return rows;
}

std::uint64_t EndgameDb::save(const std::string& path) const {
  std::string payload;
  std::uint64_t prev = 0;
  for (const Entry& e : entries()) {
    const std::uint64_t word = e.key << 8 | static_cast<std::uint64_t>(e.nimber);
    solve::partition::put_varint(payload, word - prev);
    prev = word;
  }
  char sum[17];
  std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(checksum(payload)));
  const std::string header = std::string("cgtlab-endgame-db 1\ngame ") + game_name(game_) + "\nrows " +
                             std::to_string(rows_) + "\nmax-cells " + std::to_string(max_cells_) + "\nentries " +
                             std::to_string(entries_) + "\npayload-bytes " + std::to_string(payload.size()) +
                             "\nchecksum " + sum + "\n";
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw InputError("cannot write endgame database " + tmp);
  bool ok = std::fwrite(header.data(), 1, header.size(), f) == header.size() &&
            std::fwrite(payload.data(), 1, payload.size(), f) == payload.size();
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) throw InputError("cannot write endgame database " + path);
  return payload.size();
}

EndgameDb EndgameDb::load(const std::string& path) {
  auto fail = [&](const std::string& why) -> InputError { return InputError("endgame database " + path + ": " + why); };
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw fail("cannot be read");
  struct Closer {
    std::FILE* f;
    ~Closer() { std::fclose(f); }
  } closer{f};
  auto line = [&](std::string& s) {
    s.clear();
    for (int c; (c = std::fgetc(f)) != EOF;) {
      if (c == '\n') return true;
      if (s.size() >= 64) return false;
      s.push_back(static_cast<char>(c));
    }
    return false;
  };
  // "<name> <number>" with a number in [lo, hi].
  auto number = [&](const std::string& name, std::uint64_t lo, std::uint64_t hi) {
    std::string s;
    if (!line(s) || s.rfind(name + " ", 0) != 0) throw fail("not an endgame database (no \"" + name + "\" line)");
    const std::string v = s.substr(name.size() + 1);
    if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
      throw fail("bad \"" + name + "\" line");
    const std::uint64_t x = std::stoull(v);
    if (x < lo || x > hi) throw fail(name + " " + v + " out of range");
    return x;
  };
  std::string s;
  if (!line(s) || s.rfind("cgtlab-endgame-db ", 0) != 0) throw fail("not an endgame database");
  if (s != "cgtlab-endgame-db 1") throw fail("format " + s.substr(18) + ", this cgtlab reads format 1");
  if (!line(s) || (s != "game arckayles" && s != "game nodekayles")) throw fail("not an endgame database (bad game line)");
  const VertexGame game = s == "game arckayles" ? VertexGame::ArcKayles : VertexGame::NodeKayles;
  const int rows = static_cast<int>(number("rows", 1, 8));
  const int max_cells = static_cast<int>(number("max-cells", 1, 64));
  if (rows * std::max(rows, max_cells) > 64 || endgame_db_max_area(rows, max_cells) > kBoxBits)
    throw fail("rows " + std::to_string(rows) + " and max-cells " + std::to_string(max_cells) + " out of range");
  const std::uint64_t n = number("entries", 0, std::uint64_t{1} << 32);
  const std::uint64_t bytes = number("payload-bytes", n, 10 * n);
  if (!line(s) || s.rfind("checksum ", 0) != 0 || s.size() != 25 ||
      s.find_first_not_of("0123456789abcdef", 9) != std::string::npos)
    throw fail("not an endgame database (bad checksum line)");
  const std::uint64_t sum = std::stoull(s.substr(9), nullptr, 16);
  std::string payload(bytes, '\0');
  if (std::fread(payload.data(), 1, bytes, f) != bytes) throw fail("truncated");
  if (std::fgetc(f) != EOF) throw fail("corrupt (bytes after the payload)");
  if (checksum(payload) != sum) throw fail("corrupt (checksum mismatch)");
  std::vector<Entry> entries;
  entries.reserve(n);
  std::uint64_t prev = 0;
  std::size_t at = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t d = 0;
    try {
      d = solve::partition::get_varint(payload, at);
    } catch (const std::logic_error&) {
      throw fail("corrupt (bad entry " + std::to_string(i) + ")");
    }
    if (d == 0 || prev + d < prev) throw fail("corrupt (entries out of order)");
    prev += d;
    const std::uint64_t key = prev >> 8;
    const int nimber = static_cast<int>(prev & 0xff);
    int width = 0;
    const auto shape = shape_rows(key, width);
    const int cells = std::popcount(key & kBoxMask);
    if (shape.empty() || (key >> (kBoxBits + 6)) != 0 || static_cast<int>(shape.size()) > rows || cells > max_cells ||
        nimber > cells)
      throw fail("corrupt (entry " + std::to_string(i) + " out of range)");
    entries.push_back({key, nimber});
  }
  if (at != payload.size()) throw fail("corrupt (payload longer than its entries)");
  return EndgameDb(game, rows, max_cells, entries);
}

EndgameDb build_endgame_db(VertexGame game, int rows, int max_cells, const NimberSearchOptions& options,
                           std::uint64_t max_shapes, EndgameDbBuildStats* stats,
                           const std::function<void(const std::string&)>& progress) {
  if (rows < 1 || rows > 8) throw InputError("endgame database: rows must be between 1 and 8");
  if (max_cells < 1) throw InputError("endgame database: max-cells must be at least 1");
  const int B = std::max(rows, max_cells);
  if (rows * B > 64 || endgame_db_max_area(rows, max_cells) > kBoxBits)
    throw InputError("endgame database: " + std::to_string(rows) + " rows and " + std::to_string(max_cells) +
                     " cells is beyond the 64-bit shape keys (3 rows: at most 18 cells, 4 rows: 15, 5 rows: 12)");
  EndgameDbBuildStats st;
  st.entries_by_cells.assign(max_cells + 1, 0);
  const Box box(rows, B);
  // Every connected shape, up to the four symmetries that keep rows horizontal, one size at a
  // time: each shape of n + 1 cells is one of n cells plus a neighbouring cell (remove a leaf of a
  // spanning tree), and an image of a grown shape grows from the same image of the smaller one.
  std::vector<std::uint64_t> all;
  std::vector<std::uint64_t> level{1};  // one cell
  for (int n = 1;; ++n) {
    all.insert(all.end(), level.begin(), level.end());
    if (all.size() > max_shapes)
      throw CapReached("endgame database: more than " + std::to_string(max_shapes) + " shapes (--max-shapes)");
    if (progress) progress("cells " + std::to_string(n) + ": " + std::to_string(level.size()) + " shapes");
    if (n == max_cells) break;
    absl::flat_hash_set<std::uint64_t> next;
    for (const std::uint64_t m : level) {
      const bool wide = box.width(m) < B, tall = box.height(m) < rows;
      for (int v = 0; v < 4; ++v) {
        if (((v & 1) && !wide) || ((v & 2) && !tall)) continue;
        const std::uint64_t shifted = (v & 1 ? m << 1 : m) << (v & 2 ? B : 0);
        for (std::uint64_t nb = box.neighbours(shifted); nb; nb &= nb - 1)
          next.insert(box.canonical(box.normal(shifted | (nb & (~nb + 1)))));
      }
      if (all.size() + next.size() > max_shapes)
        throw CapReached("endgame database: more than " + std::to_string(max_shapes) + " shapes (--max-shapes)");
    }
    level.assign(next.begin(), next.end());
    std::sort(level.begin(), level.end());
  }
  st.shapes = all.size();
  // One search over one table, smallest shapes first (they are the larger ones' options).
  const auto found = grid_shape_nimbers(game, rows, B, B, all, options, &st.positions);
  std::vector<EndgameDb::Entry> entries;
  for (const auto& x : found)
    if (x.nimber >= 0) {
      ++st.reduced_shapes;
      entries.push_back({x.key, x.nimber});
    }
  // Shapes with the same key (a shape and its transposed image) must have the same nimber.
  std::sort(entries.begin(), entries.end(),
            [](const EndgameDb::Entry& a, const EndgameDb::Entry& b) {
              return a.key != b.key ? a.key < b.key : a.nimber < b.nimber;
            });
  std::vector<EndgameDb::Entry> unique;
  for (const EndgameDb::Entry& e : entries) {
    if (!unique.empty() && unique.back().key == e.key) {
      if (unique.back().nimber != e.nimber)
        throw std::logic_error("endgame database: two images of one shape have different nimbers");
      ++st.duplicate_keys;
      continue;
    }
    unique.push_back(e);
    ++st.entries_by_cells[std::popcount(e.key & kBoxMask)];
  }
  if (stats) *stats = st;
  return EndgameDb(game, rows, max_cells, unique);
}

}  // namespace cgtlab::games
