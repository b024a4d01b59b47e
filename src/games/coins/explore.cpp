// FLIPPING COINS as an Explorer (games/explore.h): positions are lines "1011" ("0": no tails).
#include <string>
#include <vector>

#include "games/coins/rules.h"
#include "games/coins/values.h"
#include "games/explore.h"

namespace cgtlab::games {

namespace {

class CoinsExplorer : public Explorer {
 public:
  CoinsExplorer(const std::string& line, solve::SearchLimits limits)
      : valuer_(kCoinsSearchMaxLength, limits) {
    nodes_.push_back(FlippingCoins::parse(line));
  }
  std::string game() const override { return "coins"; }
  bool impartial() const override { return false; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return nodes_[node].empty() ? "0" : nodes_[node]; }
  PositionArgs args(int node) override { return {{"line", position(node)}}; }
  ExploreValue value(int node) override {
    ExploreValue v;
    v.value = valuer_.value(position(node)).game;
    v.outcome = v.value->outcome();
    return v;
  }
  std::vector<Move> moves(int node) override {
    const auto p = nodes_[node];
    std::vector<Move> out;
    for (bool left : {true, false}) {
      for (auto& m : left ? rules_.left_moves(p) : rules_.right_moves(p)) {
        nodes_.push_back(m.result);
        out.push_back({std::to_string(m.first) + "," + std::to_string(m.second), left ? Side::Left : Side::Right,
                       static_cast<int>(nodes_.size()) - 1});
      }
    }
    return out;
  }
  std::string drawing(int node) override {
    const auto& p = nodes_[node];
    if (p.empty()) return "  (no coin shows tails: the line is empty)\n";
    std::string coins = "  coin: ", index = "  #:    ";
    for (size_t i = 0; i < p.size(); ++i) {
      std::string num = std::to_string(i + 1);
      std::string cell = p[i] == '1' ? "T" : "H";
      coins += cell + std::string(num.size() + 1 - cell.size(), ' ');
      index += num + " ";
    }
    return "  T = tails (1), H = heads (0). Left turns two T to H; Right turns an H and a later T over.\n" + coins +
           "\n" + index + "\n";
  }

 private:
  FlippingCoins rules_;
  CoinsValuer valuer_;
  std::vector<std::string> nodes_;
};

}  // namespace

std::unique_ptr<Explorer> coins_explorer(const std::string& line, solve::SearchLimits limits) {
  return std::make_unique<CoinsExplorer>(line, limits);
}

}  // namespace cgtlab::games
