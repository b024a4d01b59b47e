#include "games/kayles/table_check.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <random>

#include "games/kayles/solver.h"
#include "graph/graph.h"
#include "solve/nimber_table.h"
#include "util/error.h"
#include "util/strings.h"

namespace cgtlab::games {

namespace {

// The key encodings of nimber_search.cpp (KaylesBitGame): a grid key is a shape's bounding box
// (or an image of it under the square's symmetries) packed row after row, its row length in the
// 6 bits from bit 64 * KW - 14; a vertex-set key is the set itself, vertex v at bit v. The value
// byte is the last word's top byte (solve::NimberTable).
constexpr int kValueShift = 56;
int stride_shift(int kw) { return 64 * kw - 14; }

struct Record {
  std::vector<std::uint64_t> words;  // the key, value byte cleared
  int value = 0;                     // the value byte: nimber + 1, or a refutation's bits
  int cells = 0;
};

std::string shape_text(const std::vector<int>& cells, int stride) {
  const int rows = cells.empty() ? 0 : cells.back() / stride + 1;
  std::string s;
  for (int r = 0; r < rows; ++r) {
    if (r) s += '/';
    for (int c = 0; c < stride; ++c) s += std::binary_search(cells.begin(), cells.end(), r * stride + c) ? '#' : '.';
  }
  return s;
}

}  // namespace

TableCheckResult check_nimber_table(const std::string& path, VertexGame game, const TableCheckOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  if (o.min_cells < 1 || o.max_cells < o.min_cells)
    throw InputError("table check: the sizes must satisfy 1 <= min cells <= max cells");
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError("cannot read table file " + path);
  TableCheckResult r;
  solve::NimberTableHeader h;
  try {
    h = solve::read_nimber_table_header(f, path);
  } catch (...) {
    std::fclose(f);
    throw;
  }
  const int kw = h.key_words;
  r.game = h.game;
  r.entries = h.entries;

  // The game line: "arckayles grid-shape", "nodekayles vertex-set SPEC", then " refutations" for a
  // refutation table; iso keys (" iso-keys N code M") are canonical graph codes, not positions.
  auto fail = [&](const std::string& why) {
    std::fclose(f);
    throw InputError("table file " + path + ": " + why);
  };
  std::vector<std::string> words = split(h.game, ' ');
  const std::string want = game == VertexGame::ArcKayles ? "arckayles" : "nodekayles";
  if (words.empty() || words[0] != want)
    fail("a table of '" + (words.empty() ? std::string() : words[0]) + "', not of " + want);
  if (!words.empty() && words.back() == "refutations") {
    r.refutations = true;
    words.pop_back();
  }
  if (std::find(words.begin(), words.end(), "iso-keys") != words.end())
    fail("its keys are canonical graph codes (--iso-keys), which cannot be turned back into positions");
  const bool grid = words.size() == 2 && words[1] == "grid-shape";
  graph::Graph g;
  if (!grid) {
    if (words.size() != 3 || words[1] != "vertex-set") fail("unknown key encoding '" + h.game + "'");
    try {
      g = graph::parse_graph(words[2]);
    } catch (const InputError& e) {
      fail(std::string("its graph does not parse: ") + e.what());
    }
    if (g.order() > 64 * kw) fail("its graph has more vertices than its keys have bits");
  }
  r.key_kind = grid ? "grid shape" : "vertex set";

  // One pass over the records: sizes counted, a uniform sample kept (reservoir sampling,
  // Vitter's algorithm R) of those within the sizes.
  std::mt19937_64 rng(o.seed);
  std::vector<Record> sample;
  const std::uint64_t want_n = o.sample;
  std::vector<std::uint64_t> buf(static_cast<std::size_t>(kw) * 65536);
  std::uint64_t read = 0;
  const std::uint64_t stride_mask = std::uint64_t{63} << (stride_shift(kw) - 64 * (kw - 1));
  while (read < h.entries) {
    const std::uint64_t n = std::min<std::uint64_t>(65536, h.entries - read);
    if (std::fread(buf.data(), sizeof(std::uint64_t) * static_cast<std::size_t>(kw), n, f) != n) fail("truncated");
    for (std::uint64_t i = 0; i < n; ++i) {
      const std::uint64_t* e = &buf[i * static_cast<std::uint64_t>(kw)];
      const int value = static_cast<int>(e[kw - 1] >> kValueShift);
      if (value == 0) continue;  // a blank record (entries dropped while the table was saved)
      int cells = 0;
      for (int j = 0; j < kw; ++j) {
        std::uint64_t x = e[j];
        if (j == kw - 1) x &= ~(std::uint64_t{0xff} << kValueShift) & (grid ? ~stride_mask : ~std::uint64_t{0});
        cells += std::popcount(x);
      }
      ++r.entries_by_cells[cells];
      if (cells < o.min_cells || cells > o.max_cells) continue;
      const std::uint64_t k = r.eligible++;
      std::size_t slot = sample.size();
      if (k >= want_n) {
        slot = static_cast<std::size_t>(rng() % (k + 1));
        if (slot >= want_n) continue;
      } else {
        sample.emplace_back();
      }
      Record& rec = sample[slot];
      rec.words.assign(e, e + kw);
      rec.words[static_cast<std::size_t>(kw - 1)] &= ~(std::uint64_t{0xff} << kValueShift);
      rec.value = value;
      rec.cells = cells;
    }
    read += n;
    if (o.progress && read % (std::uint64_t{1} << 24) < n)
      o.progress("read " + std::to_string(read) + " of " + std::to_string(h.entries) + " entries");
  }
  std::fclose(f);

  // Solve the sample, smallest first (one solver: its memo of components serves the later ones).
  std::sort(sample.begin(), sample.end(), [](const Record& a, const Record& b) { return a.cells < b.cells; });
  KaylesSolver solver(game, o.limits);
  auto last = std::chrono::steady_clock::now();
  for (const Record& rec : sample) {
    std::vector<int> bits;
    for (int j = 0; j < kw; ++j)
      for (std::uint64_t x = rec.words[static_cast<std::size_t>(j)]; x; x &= x - 1) bits.push_back(64 * j + std::countr_zero(x));
    graph::Graph piece;
    std::string text;
    if (grid) {
      const int stride = static_cast<int>((rec.words[static_cast<std::size_t>(kw - 1)] & stride_mask) >>
                                          (stride_shift(kw) - 64 * (kw - 1)));
      std::erase_if(bits, [&](int b) { return b >= stride_shift(kw); });
      if (stride == 0) throw InputError("table file " + path + ": a grid key without a row length");
      piece = graph::Graph(static_cast<int>(bits.size()), false);
      for (std::size_t a = 0; a < bits.size(); ++a) {
        const int right = bits[a] % stride + 1 < stride ? bits[a] + 1 : -1;
        for (const int nb : {right, bits[a] + stride}) {
          const auto it = std::lower_bound(bits.begin(), bits.end(), nb);
          if (nb >= 0 && it != bits.end() && *it == nb) piece.add_edge(static_cast<int>(a), static_cast<int>(it - bits.begin()));
        }
      }
      text = shape_text(bits, stride);
    } else {
      for (int v : bits)
        if (v >= g.order()) throw InputError("table file " + path + ": a key with a vertex outside its graph");
      piece = g.induced(bits);
      text = "{";
      for (std::size_t a = 0; a < bits.size(); ++a) text += (a ? "," : "") + std::to_string(bits[a]);
      text += "}";
    }
    const cgt::Grundy computed = solver.grundy(piece);
    // A nimber entry holds nimber + 1; a refutation the bits of the values below 8 it excludes.
    const bool ok = r.refutations ? computed >= 8 || !((rec.value >> computed) & 1)
                                  : computed == static_cast<cgt::Grundy>(rec.value - 1);
    ++r.checked;
    ++r.checked_by_cells[rec.cells];
    if (!ok) {
      ++r.mismatched;
      if (r.mismatches.size() < 20) r.mismatches.push_back({text, r.refutations ? rec.value : rec.value - 1, computed});
    }
    if (o.progress && std::chrono::steady_clock::now() - last > std::chrono::seconds(10)) {
      last = std::chrono::steady_clock::now();
      o.progress("solved " + std::to_string(r.checked) + " of " + std::to_string(sample.size()) + " sampled entries (" +
                 std::to_string(rec.cells) + " cells), " + std::to_string(r.mismatched) + " disagree");
    }
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace cgtlab::games
