#include "games/rooks/rules.h"

#include <regex>

#include "util/error.h"
#include "util/strings.h"

namespace cgtlab::games {

std::string square_name(int row, int col) { return std::string(1, static_cast<char>('a' + col)) + std::to_string(row + 1); }

namespace {

std::pair<int, int> parse_square(const RookBoard& b, const std::string& s) {
  static const std::regex sq(R"(^([a-z])([0-9]{1,3})$)");
  std::smatch m;
  if (!std::regex_match(s, m, sq)) throw InputError("bad square '" + s + "': expected a column letter and a row number, like b3");
  int col = m[1].str()[0] - 'a';
  int row = std::stoi(m[2].str()) - 1;
  if (col >= b.cols || row < 0 || row >= b.rows)
    throw InputError("square " + s + " is off the " + std::to_string(b.rows) + "x" + std::to_string(b.cols) + " board");
  return {row, col};
}

// "b3, c5" -> {"b3", "c5"}: spaces ignored; no squares at all -> {}.
std::vector<std::string> split_list(std::string_view text) {
  auto items = split_without_spaces(text, ',');
  if (items.size() == 1 && items[0].empty()) return {};
  return items;
}

// Calls f(index) for each square a rook at (row, col) attacks: along its row and column up to
// the nearest hole or edge.
template <typename F>
void each_attacked(const RookBoard& b, int row, int col, F&& f) {
  const int dr[4] = {0, 0, 1, -1}, dc[4] = {1, -1, 0, 0};
  for (int d = 0; d < 4; ++d) {
    for (int r = row + dr[d], c = col + dc[d]; r >= 0 && r < b.rows && c >= 0 && c < b.cols; r += dr[d], c += dc[d]) {
      if (b.hole[b.index(r, c)]) break;
      f(b.index(r, c));
    }
  }
}

}  // namespace

RookBoard parse_rook_board(std::string_view size, std::string_view holes, std::string_view rooks) {
  static const std::regex dims(R"(^([0-9]{1,3})x([0-9]{1,3})$)");
  static const std::regex any_dims(R"(^[0-9]+x[0-9]+$)");
  std::string s(size);
  std::smatch m;
  if (!std::regex_match(s, m, dims)) {
    if (std::regex_match(s, any_dims))
      throw InputError("bad board '" + s + "': too large; at most 64 rows and 26 columns (a..z)");
    throw InputError("bad board '" + s + "': expected ROWSxCOLUMNS, like 6x8");
  }
  RookBoard b;
  b.rows = std::stoi(m[1].str());
  b.cols = std::stoi(m[2].str());
  if (b.rows < 1 || b.cols < 1 || b.rows > 64 || b.cols > 26)
    throw InputError("bad board '" + s + "': 1 to 64 rows and 1 to 26 columns (a..z)");
  b.hole.assign(b.squares(), 0);
  b.rook.assign(b.squares(), 0);
  for (const auto& h : split_list(holes)) {
    auto [r, c] = parse_square(b, h);
    if (b.hole[b.index(r, c)]) throw InputError("hole " + h + " is listed twice");
    b.hole[b.index(r, c)] = 1;
  }
  for (const auto& q : split_list(rooks)) {
    auto [r, c] = parse_square(b, q);
    if (b.hole[b.index(r, c)]) throw InputError("rook " + q + " stands on a hole");
    if (!rook_can_play(b, r, c)) throw InputError("rook " + q + " is attacked by another rook or repeated");
    b.rook[b.index(r, c)] = 1;
  }
  return b;
}

bool rook_can_play(const RookBoard& b, int row, int col) {
  int i = b.index(row, col);
  if (b.hole[i] || b.rook[i]) return false;
  bool attacked = false;
  each_attacked(b, row, col, [&](int j) { attacked |= b.rook[j] != 0; });
  return !attacked;
}

std::vector<std::pair<int, int>> rook_moves(const RookBoard& b) {
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c)
      if (rook_can_play(b, r, c)) out.emplace_back(r, c);
  return out;
}

RookBoard rook_play(const RookBoard& b, int row, int col) {
  RookBoard q = b;
  q.rook[q.index(row, col)] = 1;
  return q;
}

graph::Graph rook_attack_graph(const RookBoard& b) {
  auto squares = rook_moves(b);
  std::vector<int> vertex(b.squares(), -1);
  graph::Graph g(static_cast<int>(squares.size()), false);
  for (std::size_t i = 0; i < squares.size(); ++i) {
    auto [r, c] = squares[i];
    vertex[b.index(r, c)] = static_cast<int>(i);
    g.set_vertex_name(static_cast<int>(i), square_name(r, c));
  }
  for (std::size_t i = 0; i < squares.size(); ++i) {
    auto [r, c] = squares[i];
    each_attacked(b, r, c, [&](int j) {
      if (vertex[j] > static_cast<int>(i)) g.add_edge(static_cast<int>(i), vertex[j]);
    });
  }
  return g;
}

std::string rook_board_spec(const RookBoard& b) {
  std::string holes, rooks;
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c) {
      if (b.hole[b.index(r, c)]) holes += (holes.empty() ? "" : ",") + square_name(r, c);
      if (b.rook[b.index(r, c)]) rooks += (rooks.empty() ? "" : ",") + square_name(r, c);
    }
  std::string spec = std::to_string(b.rows) + "x" + std::to_string(b.cols);
  if (!holes.empty()) spec += " holes " + holes;
  if (!rooks.empty()) spec += " rooks " + rooks;
  return spec;
}

}  // namespace cgtlab::games

namespace cgtlab::games {
RookBoard parse_rook_board_spec(std::string_view spec) {
  std::vector<std::string> words;
  std::string word;
  for (char c : spec) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  if (words.empty()) throw InputError("empty rooks board (expected ROWSxCOLUMNS, like 6x8, then holes/rooks lists)");
  std::string holes, rooks;
  bool seen_holes = false, seen_rooks = false;
  for (size_t i = 1; i < words.size(); i += 2) {
    if (i + 1 >= words.size() || (words[i] != "holes" && words[i] != "rooks"))
      throw InputError("bad rooks board '" + std::string(spec) +
                       "': expected ROWSxCOLUMNS [holes a1,b2] [rooks c3], like 3x4 holes a1 rooks b3");
    bool& seen = words[i] == "holes" ? seen_holes : seen_rooks;
    if (seen) throw InputError("bad rooks board '" + std::string(spec) + "': '" + words[i] + "' given twice");
    seen = true;
    (words[i] == "holes" ? holes : rooks) = words[i + 1];
  }
  return parse_rook_board(words[0], holes, rooks);
}
}  // namespace cgtlab::games
