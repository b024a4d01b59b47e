#include "games/kayles/table_check.h"

#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <unordered_map>

#include "games/kayles/nimber_search.h"
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
// The local check holds the options of every sampled entry and of their unknown components (~20-45
// KB an entry on Cram 3x14): its sample is capped.
constexpr std::uint64_t kLocalSampleCap = 100000;
int stride_shift(int kw) { return 64 * kw - 14; }

struct Record {
  std::vector<std::uint64_t> words;  // the key, value byte cleared
  int value = 0;                     // the value byte: nimber + 1, or a refutation's bits
  // The values a refutation excludes (bit v: not v), its flag bits moved up by the file's base.
  unsigned excluded(int base) const { return static_cast<unsigned>(value) << base; }
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


std::string key_bytes(const std::vector<std::uint64_t>& words) {
  return std::string(reinterpret_cast<const char*>(words.data()), words.size() * sizeof(std::uint64_t));
}

// Opens the table file at path and reads its header into h (the file left at its first record);
// nullptr when the file cannot be opened; InputError (the file closed) on a bad header.
std::FILE* open_table(const std::string& path, solve::NimberTableHeader& h) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return nullptr;
  try {
    h = solve::read_nimber_table_header(f, path);
  } catch (...) {
    std::fclose(f);
    throw;
  }
  return f;
}

// One pass over the table file at path (its game line must be `game`, its keys kw words): the
// value byte of each record whose key is in `values` is stored there (nimber + 1, or a
// refutation's bits). Returns false when there is no such file.
bool look_up(const std::string& path, const std::string& game, int kw, std::unordered_map<std::string, int>& values,
             const std::function<void(const std::string&)>& progress) {
  solve::NimberTableHeader h;
  std::FILE* f = open_table(path, h);
  if (!f) return false;
  auto fail = [&](const std::string& why) {
    std::fclose(f);
    throw InputError("table file " + path + ": " + why);
  };
  if (h.game != game) fail("its game is '" + h.game + "', not '" + game + "'");
  if (h.key_words != kw) fail("its keys have " + std::to_string(h.key_words) + " words, not " + std::to_string(kw));
  std::vector<std::uint64_t> buf(static_cast<std::size_t>(kw) * 65536);
  std::string key(static_cast<std::size_t>(kw) * 8, '\0');
  for (std::uint64_t read = 0; read < h.entries;) {
    const std::uint64_t n = std::min<std::uint64_t>(65536, h.entries - read);
    if (std::fread(buf.data(), sizeof(std::uint64_t) * static_cast<std::size_t>(kw), n, f) != n) fail("truncated");
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t* e = &buf[i * static_cast<std::uint64_t>(kw)];
      const int value = static_cast<int>(e[kw - 1] >> kValueShift);
      if (value == 0) continue;
      e[kw - 1] &= ~(std::uint64_t{0xff} << kValueShift);
      std::memcpy(key.data(), e, key.size());
      if (auto it = values.find(key); it != values.end()) it->second = value;
    }
    read += n;
    if (progress && read % (std::uint64_t{1} << 24) < n)
      progress("looked up in " + path + ": " + std::to_string(read) + " of " + std::to_string(h.entries) + " entries");
  }
  std::fclose(f);
  return true;
}

// A table file as its header describes it (the game line names the key encoding).
struct TableFile {
  std::string path;
  std::string game;  // the game line
  int kw = 1;        // key words
  bool grid = false;  // grid-shape keys (else vertex sets of g)
  graph::Graph g;
  std::string graph_spec;  // g as the game line names it
  std::uint64_t stride_mask() const { return std::uint64_t{63} << (stride_shift(kw) - 64 * (kw - 1)); }
  // A key's set bits (a grid key's without its row-length field) and, for grid keys, that row length.
  std::vector<int> key_bits(const Record& rec, int& stride) const {
    std::vector<int> bits;
    for (int j = 0; j < kw; ++j)
      for (std::uint64_t x = rec.words[static_cast<std::size_t>(j)]; x; x &= x - 1) bits.push_back(64 * j + std::countr_zero(x));
    stride = 0;
    if (grid) {
      stride = static_cast<int>((rec.words[static_cast<std::size_t>(kw - 1)] & stride_mask()) >> (stride_shift(kw) - 64 * (kw - 1)));
      std::erase_if(bits, [&](int b) { return b >= stride_shift(kw); });
      if (stride == 0) throw InputError("table file " + path + ": a grid key without a row length");
    }
    return bits;
  }
};

std::string vertex_text(const std::vector<int>& bits) {
  std::string text = "{";
  for (std::size_t a = 0; a < bits.size(); ++a) {
    if (a) text += ',';
    text += std::to_string(bits[a]);
  }
  return text + "}";
}

// The local check (table_check.h): every sampled entry expanded by the search's rules, its
// options' components looked up in the table and its refutations, the entry decided from them.
void local_check(const TableFile& t, const std::vector<Record>& entries, VertexGame game, const TableCheckOptions& o,
                 KaylesSolver& solver, TableCheckResult& res) {
  graph::Graph board;
  int rows = 0, cols = 0;
  if (t.grid) {
    if (o.board.empty())
      throw InputError("table file " + t.path + ": grid-shape keys do not name the board; give the graph of the run " +
                       "that wrote it (--graph GridRxC)");
    board = graph::parse_graph(o.board);
    const auto shape = grid_key_shape(board);
    if (!shape)
      throw InputError("--graph " + o.board + ": a grid-shape table needs its board, a grid GridRxC of at most 63 columns");
    rows = shape->first;
    cols = shape->second;
  } else {
    if (!o.board.empty()) throw InputError("a vertex-set table names its graph: --graph is for grid-shape tables");
    board = t.g;
  }
  res.board = t.grid ? o.board : t.graph_spec;
  const std::string suffix = ".refutations", word = " refutations", high = "-high";
  const std::string own_suffix = suffix + (res.refutation_base ? high : ""), own_word = word + (res.refutation_base ? high : "");
  if (res.refutations && (!t.path.ends_with(own_suffix) || !t.game.ends_with(own_word)))
    throw InputError("table file " + t.path + ": a refutation table not named FILE" + own_suffix + ", so its nimbers cannot be found");
  const std::string base = res.refutations ? t.path.substr(0, t.path.size() - own_suffix.size()) : t.path;
  const std::string nimber_game = res.refutations ? t.game.substr(0, t.game.size() - own_word.size()) : t.game;
  // refuted: a component's refutations of 0..7 (FILE.refutations) and 8..15 (FILE.refutations-high) as 16 bits.
  std::unordered_map<std::string, int> nimbers, refuted, refuted_high, solved;
  auto want = [&](const PositionForCheck& pos) {
    for (const auto& option : pos.options)
      for (const auto& c : option)
        if (c.immediate < 0) nimbers.try_emplace(key_bytes(c.key), 0);
  };
  // An option as the table knows it: its exact value, or the nim-sum of its known components
  // and its unknown components. Equal unknown components cancel in pairs
  // (G + G = 0 whatever G is); components missing from the table of at most solve_cells
  // vertices are solved by KaylesSolver.
  struct Option {
    int exact = -1, known = 0;
    std::vector<std::string> unknown;         // keys of the unknown components left (pairs cancelled)
    std::vector<std::vector<int>> cells;      // ... their vertices
  };
  auto summarize = [&](const PositionForCheck& pos) {
    std::vector<Option> out;
    for (const auto& option : pos.options) {
      Option s;
      std::vector<std::pair<std::string, const CheckComponent*>> unknown;
      for (const auto& c : option) {
        int v = c.immediate;
        std::string k = v < 0 ? key_bytes(c.key) : std::string();
        if (v < 0)
          if (const int stored = nimbers.at(k); stored > 0) v = stored - 1;
        if (v < 0 && static_cast<int>(c.cells.size()) <= o.solve_cells) {
          auto [it, fresh] = solved.try_emplace(k, 0);
          if (fresh) {
            it->second = static_cast<int>(solver.grundy(board.induced(c.cells)));
            ++res.components_solved;
          }
          v = it->second;
        }
        if (v >= 0) s.known ^= v;
        else unknown.emplace_back(std::move(k), &c);
      }
      std::sort(unknown.begin(), unknown.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      std::vector<std::pair<std::string, const CheckComponent*>> left;
      for (auto& u : unknown) {
        if (!left.empty() && left.back().first == u.first) left.pop_back();
        else left.push_back(std::move(u));
      }
      if (left.empty()) s.exact = s.known;
      for (auto& u : left) {
        s.unknown.push_back(std::move(u.first));
        s.cells.push_back(u.second->cells);
      }
      out.push_back(std::move(s));
    }
    return out;
  };

  // The sampled entries, turned back into positions and expanded.
  struct Expanded {
    const Record* rec;
    std::string text;
    PositionForCheck pos;
    std::vector<Option> options;
  };
  std::vector<Expanded> todo;
  for (const Record& rec : entries) {
    int stride = 0;
    std::vector<int> cells = t.key_bits(rec, stride);
    std::string text = t.grid ? shape_text(cells, stride) : vertex_text(cells);
    if (t.grid)
      for (int& b : cells) {
        if (b / stride >= rows || b % stride >= cols)
          throw InputError(fmt::format("table file {}: the shape {} does not fit the board {}", t.path, text, o.board));
        b = b / stride * cols + b % stride;
      }
    PositionForCheck pos = kayles_position_for_check(board, game, cells, t.kw, t.grid);
    if (pos.key != rec.words)
      throw InputError(fmt::format("table file {}: the key of {} recomputed on {} is not the stored one (not the board "
                                   "of the run that wrote the table?)",
                                   t.path, text, res.board));
    want(pos);
    todo.push_back({&rec, std::move(text), std::move(pos), {}});
  }
  if (todo.empty()) return;  // nothing sampled: no pass over the (possibly many-GiB) files
  if (!look_up(base, nimber_game, t.kw, nimbers, o.progress))
    throw InputError("table file " + base + " (the nimbers of this table) cannot be read");
  for (const auto& [k, v] : nimbers) refuted.emplace(k, 0);
  refuted_high = refuted;
  look_up(base + suffix, nimber_game + word, t.kw, refuted, o.progress);  // none: no refutations kept
  look_up(base + suffix + high, nimber_game + word + high, t.kw, refuted_high, o.progress);  // none: only below 8
  for (auto& [k, v] : refuted) v |= refuted_high.at(k) << 8;
  for (Expanded& e : todo) {
    e.options = summarize(e.pos);
    e.pos = {};  // only the summary is needed from here on
  }

  // One level deeper, for an option O = x + u1 + ... + uk (x known, the u unknown): "O is not t"
  // also holds when an option of O (a move in one of the u) has the exact value t, e.g. the
  // copying reply in a symmetric position, which the search proves 0 without storing O's nimber.
  // The unknown components of the entries not confirmed at the first level are expanded, the
  // keys of their options' components looked up in a second pass.
  std::unordered_map<std::string, std::vector<Option>> deeper;  // an unknown component's options
  auto option_not = [&](const Option& s, int t) {  // O shown not to have the value t (s not exact)
    if (s.unknown.size() == 1 && (t ^ s.known) < 16 && ((refuted.at(s.unknown[0]) >> (t ^ s.known)) & 1)) return true;
    for (std::size_t i = 0; i < s.unknown.size(); ++i) {
      const auto it = deeper.find(s.unknown[i]);
      if (it == deeper.end()) continue;
      for (const Option& q : it->second) {
        if ((s.known ^ q.known) != t) continue;
        // The option's unknown components: q's and the other u; all must cancel in pairs.
        std::vector<std::string> rest = q.unknown;
        for (std::size_t j = 0; j < s.unknown.size(); ++j)
          if (j != i) rest.push_back(s.unknown[j]);
        std::sort(rest.begin(), rest.end());
        bool cancel = rest.size() % 2 == 0;
        for (std::size_t j = 0; cancel && j < rest.size(); j += 2) cancel = rest[j] == rest[j + 1];
        if (cancel) return true;
      }
    }
    return false;
  };
  struct Verdict {
    std::string why;  // a contradiction
    bool ok = false, lower = true, notg = true;
    int mex = 0;
  };
  auto judge = [&](const Expanded& e) {
    const std::vector<Option>& opts = e.options;
    Verdict d;
    std::vector<bool> have;
    for (const Option& s : opts) {
      if (s.exact < 0) continue;
      if (static_cast<std::size_t>(s.exact) >= have.size()) have.resize(static_cast<std::size_t>(s.exact) + 1, false);
      have[static_cast<std::size_t>(s.exact)] = true;
    }
    auto has = [&](int v) { return static_cast<std::size_t>(v) < have.size() && have[static_cast<std::size_t>(v)]; };
    while (has(d.mex)) ++d.mex;
    // Every option shown not to have the value u (then the nimber is not u, nor anything above u
    // when u is missing: the mex is at most u).
    auto shown_not = [&](int u) {
      for (const Option& s : opts)
        if (s.exact >= 0 ? s.exact == u : !option_not(s, u)) return false;
      return true;
    };
    // The nimber is proved when every option is shown not to be the mex of the exact values.
    const bool proved = shown_not(d.mex);
    if (!res.refutations) {
      const int stored = e.rec->value - 1;
      if (proved && d.mex != stored) {
        d.why = "its options prove the nimber " + std::to_string(d.mex);
      } else if (has(stored)) {
        d.why = "an option has the exact value " + std::to_string(stored);
      } else {
        for (int v = 0; v < stored && d.lower; ++v) d.lower = has(v);
        d.notg = shown_not(stored);
        d.ok = d.lower && d.notg;
      }
      return d;
    }
    const unsigned excluded = e.rec->excluded(res.refutation_base);
    if (proved && d.mex < 16 && ((excluded >> d.mex) & 1)) {
      d.why = "its options prove the nimber " + std::to_string(d.mex) + ", a value it excludes";
      return d;
    }
    for (int v = 0; v < 16; ++v) {
      if (!((excluded >> v) & 1)) continue;
      bool shown = has(v);
      for (int u = 0; u < v && !shown; ++u) shown = !has(u) && shown_not(u);
      d.lower = d.lower && shown;
    }
    d.ok = d.lower;
    return d;
  };
  std::unordered_map<std::string, PositionForCheck> expanded;
  for (const Expanded& e : todo) {
    const Verdict d = judge(e);
    if (d.ok || !d.why.empty()) continue;
    for (const Option& s : e.options)
      for (std::size_t i = 0; i < s.unknown.size(); ++i)
        if (!expanded.contains(s.unknown[i])) {
          PositionForCheck pos = kayles_position_for_check(board, game, s.cells[i], t.kw, t.grid);
          want(pos);
          expanded.emplace(s.unknown[i], std::move(pos));
        }
  }
  if (!expanded.empty()) look_up(base, nimber_game, t.kw, nimbers, o.progress);
  for (auto& [k, pos] : expanded) {
    deeper.emplace(k, summarize(pos));
    pos = {};
  }

  auto last_line = std::chrono::steady_clock::now();
  for (const Expanded& e : todo) {
    const Verdict d = judge(e);
    res.options += e.options.size();
    ++res.checked;
    ++res.checked_by_cells[e.rec->cells];
    if (!d.why.empty()) {
      ++res.mismatched;
      if (res.mismatches.size() < 20)
        res.mismatches.push_back({e.text, res.refutations ? static_cast<int>(e.rec->excluded(res.refutation_base)) : e.rec->value - 1,
                                  static_cast<cgt::Grundy>(d.mex), d.why});
    } else if (d.ok) {
      ++res.confirmed;
    } else {
      ++res.incomplete;
      res.missing_lower += !d.lower;
      res.unresolved += !d.notg;
    }
    if (o.progress && std::chrono::steady_clock::now() - last_line > std::chrono::seconds(10)) {
      last_line = std::chrono::steady_clock::now();
      o.progress("checked " + std::to_string(res.checked) + " of " + std::to_string(todo.size()) + " entries locally, " +
                 std::to_string(res.confirmed) + " confirmed, " + std::to_string(res.mismatched) + " disagree");
    }
  }
}

}  // namespace

TableCheckResult check_nimber_table(const std::string& path, VertexGame game, const TableCheckOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  if (o.min_cells < 1 || o.max_cells < o.min_cells)
    throw InputError("table check: the sizes must satisfy 1 <= min cells <= max cells");
  if (o.local && o.sample > kLocalSampleCap)
    throw InputError("table check: --local keeps every sampled entry's options in memory: a sample of at most " +
                     std::to_string(kLocalSampleCap) + " entries");
  solve::NimberTableHeader h;
  std::FILE* f = open_table(path, h);
  if (!f) throw InputError("cannot read table file " + path);
  TableCheckResult r;
  const int kw = h.key_words;
  r.game = h.game;
  r.entries = h.entries;

  // The game line: "arckayles grid-shape", "nodekayles vertex-set SPEC", then " refutations" for a
  // refutation table (" refutations-high": of the values 8..15); iso keys (" iso-keys N code M") are canonical graph codes, not positions.
  auto fail = [&](const std::string& why) {
    std::fclose(f);
    throw InputError("table file " + path + ": " + why);
  };
  std::vector<std::string> words = split(h.game, ' ');
  const std::string want = game == VertexGame::ArcKayles ? "arckayles" : "nodekayles";
  if (words.empty() || words[0] != want)
    fail("a table of '" + (words.empty() ? std::string() : words[0]) + "', not of " + want);
  if (!words.empty() && (words.back() == "refutations" || words.back() == "refutations-high")) {
    r.refutations = true;
    r.refutation_base = words.back() == "refutations" ? 0 : 8;
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
  TableFile t{path, h.game, kw, grid, g, grid ? std::string() : words[2]};

  // One pass over the records: sizes counted, a uniform sample kept (reservoir sampling,
  // Vitter's algorithm R) of those within the sizes.
  std::mt19937_64 rng(o.seed);
  std::vector<Record> sample;
  const std::uint64_t want_n = o.sample;
  std::vector<std::uint64_t> buf(static_cast<std::size_t>(kw) * 65536);
  std::uint64_t read = 0;
  const std::uint64_t stride_mask = t.stride_mask();
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
  if (o.local) {
    local_check(t, sample, game, o, solver, r);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }
  for (const Record& rec : sample) {
    int stride = 0;
    std::vector<int> bits = t.key_bits(rec, stride);
    graph::Graph piece;
    std::string text;
    if (grid) {
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
      text = vertex_text(bits);
    }
    const cgt::Grundy computed = solver.grundy(piece);
    // A nimber entry holds nimber + 1; a refutation the bits of the values below 8 it excludes
    // (of 8..15 in a -high file: excluded() moves them up).
    const bool ok = r.refutations ? computed >= 16 || !((rec.excluded(r.refutation_base) >> computed) & 1)
                                  : computed == static_cast<cgt::Grundy>(rec.value - 1);
    ++r.checked;
    ++r.checked_by_cells[rec.cells];
    if (!ok) {
      ++r.mismatched;
      if (r.mismatches.size() < 20)
        r.mismatches.push_back({text, r.refutations ? static_cast<int>(rec.excluded(r.refutation_base)) : rec.value - 1, computed, {}});
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
