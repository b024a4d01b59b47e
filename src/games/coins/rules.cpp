#include "games/coins/rules.h"

#include "util/error.h"

namespace cgtlab::games {

FlippingCoins::Position FlippingCoins::parse(std::string_view text) {
  if (text.empty()) throw InputError("empty coin string: give a line of coins such as 1011");
  for (char c : text) {
    if (c != '0' && c != '1') {
      throw InputError("not a coin string: '" + std::string(text) + "' (use only 0 = heads and 1 = tails)");
    }
  }
  return normalise(std::string(text));
}

FlippingCoins::Position FlippingCoins::normalise(std::string s) {
  auto last_one = s.find_last_of('1');
  s.resize(last_one == std::string::npos ? 0 : last_one + 1);
  return s;
}

std::vector<CoinMove> FlippingCoins::left_moves(const Position& p) const {
  std::vector<CoinMove> moves;
  const int n = static_cast<int>(p.size());
  for (int i = 0; i < n; ++i) {
    if (p[i] != '1') continue;
    for (int j = i + 1; j < n; ++j) {
      if (p[j] != '1') continue;
      std::string q = p;
      q[i] = q[j] = '0';
      moves.push_back({i + 1, j + 1, normalise(std::move(q))});
    }
  }
  return moves;
}

std::vector<CoinMove> FlippingCoins::right_moves(const Position& p) const {
  std::vector<CoinMove> moves;
  const int n = static_cast<int>(p.size());
  for (int k = 0; k < n; ++k) {
    if (p[k] != '0') continue;
    for (int l = k + 1; l < n; ++l) {
      if (p[l] != '1') continue;
      std::string q = p;
      q[k] = '1';
      q[l] = '0';
      moves.push_back({k + 1, l + 1, normalise(std::move(q))});
    }
  }
  return moves;
}

std::vector<FlippingCoins::Position> FlippingCoins::left_options(const Position& p) const {
  std::vector<Position> out;
  for (auto& m : left_moves(p)) out.push_back(std::move(m.result));
  return out;
}

std::vector<FlippingCoins::Position> FlippingCoins::right_options(const Position& p) const {
  std::vector<Position> out;
  for (auto& m : right_moves(p)) out.push_back(std::move(m.result));
  return out;
}

std::uint64_t FlippingCoins::pack(const Position& p) {
  const Position q = normalise(p);
  if (q.size() > kMaxPackedLength) {
    throw InputError("a line of " + std::to_string(q.size()) + " coins does not fit the packed form (at most 64)");
  }
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < q.size(); ++i)
    if (q[i] == '1') bits |= std::uint64_t{1} << i;
  return bits;
}

FlippingCoins::Position FlippingCoins::unpack(std::uint64_t bits) {
  std::string s(static_cast<std::size_t>(length(bits)), '0');
  for (std::size_t i = 0; i < s.size(); ++i)
    if ((bits >> i) & 1) s[i] = '1';
  return s;
}

}  // namespace cgtlab::games
