// Game: a handle to a canonical form in the store (store.h). Thin wrappers only.
#include "cgt/game.h"

#include <mutex>

#include "cgt/store.h"
#include "util/error.h"

namespace cgtlab::cgt {

using detail::Id;
using detail::Store;

namespace {
// The store under its lock for one full expression: `locked_store()->add(g, h)` holds
// the lock until the call returns (the lock is recursive, so nesting is harmless).
class LockedStore {
 public:
  LockedStore() : lock_(Store::get().mutex()) {}
  Store* operator->() const { return &Store::get(); }
  Store& operator*() const { return Store::get(); }

 private:
  std::unique_lock<std::recursive_mutex> lock_;
};
LockedStore locked_store() { return {}; }
}  // namespace

std::string to_string(Outcome o) {
  switch (o) {
    case Outcome::L: return "L";
    case Outcome::R: return "R";
    case Outcome::N: return "N";
    case Outcome::P: return "P";
  }
  return "?";
}

std::string to_string(Relation r) {
  switch (r) {
    case Relation::Equal: return "=";
    case Relation::Less: return "<";
    case Relation::Greater: return ">";
    case Relation::Confused: return "||";
  }
  return "?";
}

Game::Game() : id_(detail::kZero) {}

Game Game::integer(long n) { return Game(locked_store()->number(Dyadic(n))); }
Game Game::number(const Dyadic& x) { return Game(locked_store()->number(x)); }
Game Game::nimber(Grundy n) { return Game(locked_store()->nus(Dyadic(0), 0, n)); }
Game Game::up(long n) { return Game(locked_store()->nus(Dyadic(0), n, 0)); }
Game Game::number_up_star(const Dyadic& x, long ups, Grundy star) {
  return Game(locked_store()->nus(x, ups, star));
}

Game Game::from_options(const std::vector<Game>& left, const std::vector<Game>& right) {
  std::vector<Id> l, r;
  l.reserve(left.size());
  r.reserve(right.size());
  for (Game g : left) l.push_back(g.id_);
  for (Game g : right) r.push_back(g.id_);
  return Game(locked_store()->from_options(std::move(l), std::move(r)));
}

std::vector<Game> Game::left_options() const {
  std::vector<Game> out;
  auto lock = locked_store();
  for (Id g : lock->left(id_)) out.push_back(Game(g));
  return out;
}

std::vector<Game> Game::right_options() const {
  std::vector<Game> out;
  auto lock = locked_store();
  for (Id g : lock->right(id_)) out.push_back(Game(g));
  return out;
}

bool Game::is_number() const { return locked_store()->is_number(id_); }

std::optional<Dyadic> Game::as_number() const {
  if (!is_number()) return std::nullopt;
  auto lock = locked_store();
  return lock->nus_of(id_).number;  // a copy, taken under the lock
}

bool Game::is_nimber() const { return locked_store()->is_nimber(id_); }

std::optional<Grundy> Game::as_nimber() const {
  if (!is_nimber()) return std::nullopt;
  return locked_store()->nus_of(id_).star;
}

bool Game::is_integer() const { return is_number() && locked_store()->nus_of(id_).number.is_integer(); }

// A canonical form is impartial (Left and Right options the same, recursively) exactly
// when it is a nimber.
bool Game::is_impartial() const { return is_nimber(); }

bool Game::is_nus() const { return locked_store()->is_nus(id_); }

std::optional<NumberUpStar> Game::as_number_up_star() const {
  auto lock = locked_store();
  Store& s = *lock;
  if (!s.is_nus(id_)) return std::nullopt;
  const detail::Nus& v = s.nus_of(id_);
  return NumberUpStar{v.number, v.ups, v.star};
}

Outcome Game::outcome() const {
  auto lock = locked_store();
  Store& s = *lock;
  bool geq0 = s.leq(detail::kZero, id_);
  bool leq0 = s.leq(id_, detail::kZero);
  if (geq0 && leq0) return Outcome::P;
  if (geq0) return Outcome::L;
  if (leq0) return Outcome::R;
  return Outcome::N;
}

Relation Game::compare(Game other) const {
  if (id_ == other.id_) return Relation::Equal;
  auto lock = locked_store();
  Store& s = *lock;
  bool le = s.leq(id_, other.id_);
  bool ge = s.leq(other.id_, id_);
  if (le && ge) return Relation::Equal;  // cannot happen for distinct canonical forms
  if (le) return Relation::Less;
  if (ge) return Relation::Greater;
  return Relation::Confused;
}

long Game::birthday() const { return locked_store()->birthday(id_); }
Dyadic Game::left_stop() const { return locked_store()->left_stop(id_); }
Dyadic Game::right_stop() const { return locked_store()->right_stop(id_); }

Game Game::operator-() const { return Game(locked_store()->neg(id_)); }
Game operator+(Game a, Game b) { return Game(locked_store()->add(a.id_, b.id_)); }
Game Game::ordinal_sum(Game h) const { return Game(locked_store()->ordinal_sum(id_, h.id_)); }

bool Game::operator>=(Game b) const { return locked_store()->leq(b.id_, id_); }
bool Game::operator<=(Game b) const { return locked_store()->leq(id_, b.id_); }
bool Game::operator>(Game b) const { return *this >= b && !(*this <= b); }
bool Game::operator<(Game b) const { return *this <= b && !(*this >= b); }
bool Game::confused_with(Game b) const { return !(*this >= b) && !(*this <= b); }

Game Game::from_id(std::uint32_t id) {
  if (id >= locked_store()->size()) throw InputError("no game with id " + std::to_string(id));
  return Game(id);
}

std::size_t game_store_size() { return locked_store()->size(); }
std::size_t game_store_bytes() { return locked_store()->bytes(); }
void set_game_memory_limit(std::uint64_t bytes) { locked_store()->set_memory_limit(bytes); }
std::uint64_t game_work_done() { return locked_store()->work(); }

GameWorkLimit::GameWorkLimit(std::uint64_t max_work) : previous_(locked_store()->work_limit()) {
  locked_store()->set_work_limit(max_work);
}

GameWorkLimit::~GameWorkLimit() { locked_store()->set_work_limit(previous_); }

}  // namespace cgtlab::cgt
