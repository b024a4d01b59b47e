// The non-attacking rooks game as an Explorer (games/explore.h): a position is the board
// with its holes and rooks, "3x4 holes a1 rooks b3", which reads back as --board.
#include <string>
#include <vector>

#include "games/explore.h"
#include "games/rooks/grundy.h"
#include "games/rooks/rules.h"

namespace cgtlab::games {

namespace {

class RooksExplorer : public Explorer {
 public:
  RooksExplorer(const std::string& board, const std::string& holes, const std::string& rooks,
                solve::SearchLimits limits)
      : limits_(limits) {
    RookBoard b = parse_rook_board_spec(board);
    // --holes and --rooks add to what the board spec lists.
    std::string spec = rook_board_spec(b);
    if (!holes.empty() || !rooks.empty()) {
      std::string h, r;
      for (int i = 0; i < b.rows * b.cols; ++i) {
        std::string sq = square_name(i / b.cols, i % b.cols);
        if (b.hole[i]) h += (h.empty() ? "" : ",") + sq;
        if (b.rook[i]) r += (r.empty() ? "" : ",") + sq;
      }
      if (!holes.empty()) h += (h.empty() ? "" : ",") + holes;
      if (!rooks.empty()) r += (r.empty() ? "" : ",") + rooks;
      b = parse_rook_board(std::to_string(b.rows) + "x" + std::to_string(b.cols), h, r);
    }
    nodes_.push_back(b);
  }
  std::string game() const override { return "rooks"; }
  bool impartial() const override { return true; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return rook_board_spec(nodes_[node]); }
  PositionArgs args(int node) override { return {{"board", position(node)}}; }
  ExploreValue value(int node) override {
    ExploreValue v;
    v.grundy = rook_grundy(nodes_[node], limits_).grundy;
    v.value = cgt::Game::nimber(*v.grundy);
    v.outcome = *v.grundy == 0 ? cgt::Outcome::P : cgt::Outcome::N;
    return v;
  }
  std::vector<Move> moves(int node) override {
    const RookBoard b = nodes_[node];
    std::vector<Move> out;
    for (auto [r, c] : rook_moves(b)) {
      nodes_.push_back(rook_play(b, r, c));
      out.push_back({square_name(r, c), Side::Either, static_cast<int>(nodes_.size()) - 1});
    }
    return out;
  }
  std::string drawing(int node) override {
    const RookBoard& b = nodes_[node];
    std::string s = "R rook, # hole, . free, x attacked\n";
    for (int r = b.rows - 1; r >= 0; --r) {
      std::string num = std::to_string(r + 1);
      s += std::string(3 - std::min<size_t>(3, num.size()), ' ') + num + " ";
      for (int c = 0; c < b.cols; ++c) {
        const int i = b.index(r, c);
        s += b.rook[i] ? " R" : b.hole[i] ? " #" : rook_can_play(b, r, c) ? " ." : " x";
      }
      s += "\n";
    }
    s += "    ";
    for (int c = 0; c < b.cols; ++c) s += std::string(" ") + static_cast<char>('a' + c);
    return s + "\n";
  }

 private:
  solve::SearchLimits limits_;
  std::vector<RookBoard> nodes_;
};

}  // namespace

std::unique_ptr<Explorer> rooks_explorer(const std::string& board, const std::string& holes, const std::string& rooks,
                                         solve::SearchLimits limits) {
  return std::make_unique<RooksExplorer>(board, holes, rooks, limits);
}

}  // namespace cgtlab::games
