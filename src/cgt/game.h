// Canonical short partizan games. Every canonical form lives once in a hash-consed store
// and a Game is a 32-bit handle to it, so equality is an id compare. Numbers, nimbers and
// ups (x + n.^ + *m) are a packed fast path: their sums and comparisons are arithmetic,
// a number is never expanded (number avoidance), and other nus values build their option
// lists only on demand (left_options(), or a sum with a general game). Sums, negation
// and comparison are memoized in non-lossy tables that live for the whole run.
//
// The store is process-wide and shared by all threads: every Game operation takes its
// (recursive) lock, ids are never reclaimed, so a Game stays valid for the whole run.
// Work caps (GameWorkLimit) are per thread; the memory cap is per process.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cgt/dyadic.h"
#include "cgt/nimber.h"

namespace cgtlab::cgt {

enum class Outcome { L, R, N, P };          // who wins: Left, Right, first player, second player
enum class Relation { Equal, Less, Greater, Confused };  // printed "=", "<", ">", "||"

std::string to_string(Outcome o);   // "L", "R", "N", "P"
std::string to_string(Relation r);  // "=", "<", ">", "||"

// x + n.^ + *m, the packed form of numbers, nimbers and ups.
struct NumberUpStar {
  Dyadic number;
  long ups = 0;
  Grundy star = 0;
};

class Game {
 public:
  Game();  // zero
  static Game integer(long n);
  static Game number(const Dyadic& x);
  static Game nimber(Grundy n);
  static Game up(long n);                                      // n.^ (n < 0: down)
  static Game number_up_star(const Dyadic& x, long ups, Grundy star);  // x + n.^ + *m
  // {left | right}, reduced to canonical form (dominated options removed, reversible bypassed).
  static Game from_options(const std::vector<Game>& left, const std::vector<Game>& right);
  // Parses CGSuite notation (docs/notation.md); throws InputError on malformed input.
  static Game parse(std::string_view text);

  std::uint32_t id() const { return id_; }
  // Options of the canonical form (built on demand for packed values).
  std::vector<Game> left_options() const;
  std::vector<Game> right_options() const;

  bool is_number() const;
  std::optional<Dyadic> as_number() const;
  bool is_nimber() const;                   // includes 0
  std::optional<Grundy> as_nimber() const;
  bool is_integer() const;
  bool is_impartial() const;
  bool is_nus() const;  // x + n.^ + *m
  std::optional<NumberUpStar> as_number_up_star() const;

  Outcome outcome() const;
  Relation compare(Game other) const;  // memoized
  long birthday() const;
  Dyadic left_stop() const;
  Dyadic right_stop() const;

  Game operator-() const;
  friend Game operator+(Game a, Game b);
  friend Game operator-(Game a, Game b) { return a + (-b); }
  Game& operator+=(Game b) { return *this = *this + b; }
  // Ordinal sum G:H (this is the base G).
  Game ordinal_sum(Game h) const;

  friend bool operator==(Game a, Game b) { return a.id_ == b.id_; }
  friend bool operator!=(Game a, Game b) { return a.id_ != b.id_; }
  bool operator>=(Game b) const;
  bool operator<=(Game b) const;
  bool operator>(Game b) const;
  bool operator<(Game b) const;
  bool confused_with(Game b) const;  // G || H

  // The canonical form in CGSuite's plain-text notation, simplest standard name first.
  std::string str() const;

  // The handle of an id obtained from id() in this run (throws InputError if unknown).
  static Game from_id(std::uint32_t id);

 private:
  explicit Game(std::uint32_t id) : id_(id) {}
  std::uint32_t id_;
  friend class GameStore;
};

// Number of distinct canonical forms in the store (for statistics and benchmarks).
std::size_t game_store_size();
// Work units done on this thread since its current GameWorkLimit was set (for calibration).
std::uint64_t game_work_done();
// Estimated bytes held by the store (records, option lists, memo tables).
std::size_t game_store_bytes();
// Caps the store's memory (0: no cap, the default): once game_store_bytes() exceeds it,
// game operations that would grow the store throw CapReached. Process-wide.
void set_game_memory_limit(std::uint64_t bytes);

// While alive, caps the work of the store on this thread: each new canonical form, each comparison of
// games that are not both x + n.^ + *m, and each new sum or ordinal sum counts one unit; beyond max_work (0: no cap) game
// operations throw CapReached. Restores the previous cap when destroyed.
class GameWorkLimit {
 public:
  explicit GameWorkLimit(std::uint64_t max_work);
  ~GameWorkLimit();
  GameWorkLimit(const GameWorkLimit&) = delete;
  GameWorkLimit& operator=(const GameWorkLimit&) = delete;

 private:
  std::uint64_t previous_;
};

}  // namespace cgtlab::cgt

template <>
struct std::hash<cgtlab::cgt::Game> {
  std::size_t operator()(cgtlab::cgt::Game g) const noexcept { return g.id(); }
};
