// The value of a FLIPPING COINS line, by the method that fits its length, and of sums of
// lines with every winning move (which line, which pair of coins).
//
//  - Lines of at most kSearchMaxLength coins: exact search (a dense bottom-up CoinsTable of
//    all lines up to that length; ~2 s and 32 MiB at 22 coins). If the search meets a
//    position that is not a number (Theorem 3.2 says it never does), that line is valued
//    by the general canonical-form engine (solve::PartizanSolver) instead.
//  - Longer lines: the paper's algorithm (Theorem 3.3), exact at any length.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/coins/search.h"
#include "cgt/dyadic.h"
#include "cgt/game.h"
#include "solve/limits.h"

namespace cgtlab::games {

inline constexpr int kCoinsSearchMaxLength = 22;

enum class CoinsMethod { Search, GeneralEngine, Algorithm };
std::string to_string(CoinsMethod m);  // "search", "general-engine", "algorithm"

struct CoinsLineValue {
  cgt::Game game;                       // canonical form (a number unless Theorem 3.2 failed)
  std::optional<cgt::Dyadic> number;    // the value when it is a number
  CoinsMethod method = CoinsMethod::Search;
};

// Values lines (validated, trailing zeros deleted) and keeps the search table across calls.
class CoinsValuer {
 public:
  explicit CoinsValuer(int search_max_length = kCoinsSearchMaxLength, solve::SearchLimits limits = {});
  ~CoinsValuer();
  CoinsLineValue value(const std::string& line);
  int search_max_length() const { return search_max_length_; }

 private:
  int search_max_length_;
  solve::SearchLimits limits_;
  // Work so far, checked against limits_ on every call: coins of the lines valued (as
  // "positions") and bytes of those lines (callers keep the moves' result lines).
  std::uint64_t coins_valued_ = 0, line_bytes_ = 0;
  std::unique_ptr<CoinsTable> table_;
};

// The general engine's canonical form of one line (exponential: for small lines only).
cgt::Game coins_value_by_general_engine(const std::string& line, solve::SearchLimits limits = {});

struct CoinsSumMove {
  std::size_t line = 0;     // 0-based index into the sum
  int first = 0, second = 0;  // 1-based coin positions, as in the paper
  std::string result;       // the line after the move
  cgt::Game sum_after;      // value of the whole sum after the move
};

struct CoinsSumAnalysis {
  std::vector<std::string> lines;
  std::vector<CoinsLineValue> values;
  cgt::Game total;
  cgt::Outcome outcome = cgt::Outcome::P;
  std::vector<CoinsSumMove> left_winning;   // Left moves to a sum >= 0
  std::vector<CoinsSumMove> right_winning;  // Right moves to a sum <= 0
  std::vector<CoinsSumMove> left_moves;     // every Left move, with the sum after it
};

CoinsSumAnalysis analyse_coins_sum(const std::vector<std::string>& lines, CoinsValuer& valuer);

// How the sum's lines were valued, for the reader: "search (exact, lines of at most 22 coins)",
// joined by " + " with the general engine and the algorithm when they served.
std::string coins_methods_text(const CoinsSumAnalysis& sum);

}  // namespace cgtlab::games
