// FLIPPING COINS (Bonato, Huggan, Nowakowski; seed 003, chapter "The game of FLIPPING COINS").
//
// A position is a line of coins d_1 d_2 ... d_n, written as a 0-1 string (1 = tails).
//  - Left chooses i < j with d_i = d_j = 1 and turns both coins to 0.
//  - Right chooses k < l with d_k = 0 and d_l = 1 and flips both (d_k becomes 1, d_l becomes 0).
//  - After every move the zeros after the last 1 are deleted.
// Normal play: a player who cannot move loses. With the line we associate the binary number
// sum d_i 2^(i-1); every move lowers it, so the game ends.
//
// Two equivalent forms of a position:
//  - the string ("1011"), for any length; this is what the user and the paper see;
//  - the packed form, that binary number (bit i-1 = d_i) in a uint64, for lines of at most
//    64 coins. Deleting trailing zeros is free there, and every option is a smaller number,
//    which is what lets a search fill a table bottom-up. Both forms implement the same rules
//    (tests/games/test_flipping_coins.cpp checks they agree).
#pragma once
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cgtlab::games {

// One move: the pair of coins (1-based positions i < j, as in the paper) and the result.
struct CoinMove {
  int first = 0;
  int second = 0;
  std::string result;
};

class FlippingCoins {
 public:
  using Position = std::string;  // 0-1 string without trailing zeros ("" is the end)
  using Key = std::string;

  // Checks the text is a non-empty 0-1 string (else InputError) and deletes trailing zeros.
  static Position parse(std::string_view text);
  // Deletes the zeros after the last 1.
  static Position normalise(std::string s);

  Key key(const Position& p) const { return p; }

  // Left: any two 1s become 0s. Right: a 0 followed (anywhere later) by a 1 swap states.
  std::vector<CoinMove> left_moves(const Position& p) const;
  std::vector<CoinMove> right_moves(const Position& p) const;
  std::vector<Position> left_options(const Position& p) const;
  std::vector<Position> right_options(const Position& p) const;

  // ---- packed form (at most 64 coins) ----
  static constexpr int kMaxPackedLength = 64;
  // Throws InputError when the string is longer than 64 coins.
  static std::uint64_t pack(const Position& p);
  static Position unpack(std::uint64_t bits);
  static int length(std::uint64_t bits) { return bits == 0 ? 0 : 64 - std::countl_zero(bits); }

  // Calls f(option) for every Left option: clear two set bits i < j.
  template <class F>
  static void for_each_left_option(std::uint64_t bits, F&& f) {
    for (std::uint64_t rest_j = bits; rest_j != 0; rest_j &= rest_j - 1) {
      const std::uint64_t bj = rest_j & -rest_j;
      for (std::uint64_t rest_i = bits & (bj - 1); rest_i != 0; rest_i &= rest_i - 1) {
        f(bits ^ bj ^ (rest_i & -rest_i));
      }
    }
  }
  // Calls f(option) for every Right option: a clear bit k below a set bit l; set k, clear l.
  // Trailing zeros vanish by themselves (they are leading zero bits of the number).
  template <class F>
  static void for_each_right_option(std::uint64_t bits, F&& f) {
    for (std::uint64_t rest_l = bits; rest_l != 0; rest_l &= rest_l - 1) {
      const std::uint64_t bl = rest_l & -rest_l;
      for (std::uint64_t zeros = ~bits & (bl - 1); zeros != 0; zeros &= zeros - 1) {
        f(bits ^ bl ^ (zeros & -zeros));
      }
    }
  }
};

}  // namespace cgtlab::games
