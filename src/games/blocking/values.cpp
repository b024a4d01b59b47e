#include "games/blocking/values.h"

namespace cgtlab::games {

BlockingAnalyzer::BlockingAnalyzer(graph::Graph g, solve::SearchLimits limits)
    : rules_(std::make_unique<games::BlockingPebbles>(std::move(g))),
      green_(std::make_unique<games::GreenBlockingPebbles>(*rules_)),
      partizan_(*rules_, limits),
      impartial_(*green_, limits) {}

cgt::Game BlockingAnalyzer::value(const games::BlockingPosition& p) {
  cgt::Game total;
  for (const auto& part : rules_->components(p)) {
    if (games::is_green_only(part)) {
      total += cgt::Game::nimber(impartial_.grundy(part));
    } else {
      total += partizan_.value(part);
    }
  }
  return total;
}

namespace {

// Best: the options no other option of the same player strictly improves on, and among
// those only the winning ones when the player has a winning move.
void mark_best(std::vector<BlockingOption>& options, bool left) {
  bool any_winning = false;
  for (auto& o : options) {
    o.winning = left ? o.value >= cgt::Game() : o.value <= cgt::Game();
    any_winning = any_winning || o.winning;
  }
  for (auto& o : options) {
    o.best = o.winning || !any_winning;
    for (const auto& other : options) {
      if (!o.best) break;
      if (left ? other.value > o.value : other.value < o.value) o.best = false;
    }
  }
}

}  // namespace

BlockingMoves BlockingAnalyzer::moves(const games::BlockingPosition& p) {
  BlockingMoves out;
  out.value = value(p);
  for (games::Player who : {games::Player::Left, games::Player::Right}) {
    auto& list = who == games::Player::Left ? out.left : out.right;
    for (const auto& m : rules_->moves(p, who)) {
      auto q = rules_->apply(p, m, who);
      list.push_back({rules_->describe(m, who), q, value(q)});
    }
    mark_best(list, who == games::Player::Left);
  }
  return out;
}

games::BlockingPosition from_blue_red(const std::vector<std::pair<int, int>>& blue_red) {
  games::BlockingPosition p;
  for (auto [b, r] : blue_red) p.push_back({b, r, 0});
  return p;
}

}  // namespace cgtlab::games
