// Uptimals: Conway's up-nth ^<n> and the sums ^[n] = ^ + ^<2> + ... + ^<n>, built as
// CGSuite builds them from ^ = {0|*}:
//   ^[0] = 0,  ^[n] = {^[n-1] | *}            (the sum ^ + ^<2> + ... + ^<n>)
//   ^<1> = ^,  ^<n> = {0 | * - ^[n-1]}         (so ^<2> = {0|v*})
// The printer names a canonical form x + (+-)^<n> [+ *] or x + (+-)^[n] [+ *] by looking
// its infinitesimal part up in a table of these forms for 2 <= n <= kMaxNamedUptimal,
// built lazily for the n that the birthday allows.
#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <mutex>
#include <vector>

#include "cgt/notation_internal.h"

namespace cgtlab::cgt::detail {

namespace {
constexpr long kMaxNamedUptimal = 256;
}

Id up_to_nth(long n) {
  Store& s = Store::get();
  std::lock_guard lock(s.mutex());
  Id star = s.nus(Dyadic(0), 0, 1);
  Id g = kZero;
  for (long k = 1; k <= n; ++k) g = s.from_options({g}, {star});
  return g;
}

Id up_nth(long n) {
  Store& s = Store::get();
  std::lock_guard lock(s.mutex());
  if (n <= 1) return s.nus(Dyadic(0), 1, 0);
  Id star = s.nus(Dyadic(0), 0, 1);
  return s.from_options({kZero}, {s.add(star, s.neg(up_to_nth(n - 1)))});
}

// Whether g = x + h (x = LS(g) = RS(g)) can be x + one of the named forms h, from g's own
// options, without building x + ... - x: every named form h (^<n>, v<n>, ^[n], v[n] and each
// plus *, for every n from 2 to kMaxNamedUptimal) has at most two options on each side and
// three in all, one of them 0 or * (checked for every n by the test
// Uptimals.EveryNamedFormHasAFewOptionsOneOfThemZeroOrStar). For a number x and a canonical h not
// a number, x + h is {x + h^L | x + h^R} option for option (the proof is in Store::add),
// so g has as many options on each side as h, and x + 0 = x or x + * = x* among them.
// Building g - x instead made a translated copy of every form the printer asked about
// (the incentives that `analyze` measures: 5 % of position 11's run, all after the sums).
bool may_be_named_uptimal(Store& s, Id g, const Dyadic& x) {
  const auto l = s.left(g), r = s.right(g);
  if (l.size() > 2 || r.size() > 2 || l.size() + r.size() > 3) return false;
  auto x_or_x_star = [&](Id o) {
    if (!s.is_nus(o)) return false;
    const Nus& v = s.nus_of(o);
    return v.ups == 0 && v.star <= 1 && v.number == x;
  };
  return std::any_of(l.begin(), l.end(), x_or_x_star) || std::any_of(r.begin(), r.end(), x_or_x_star);
}

std::optional<std::string> uptimal_name(Id g) {
  // Names of ^<n>, v<n>, ^[n], v[n] and the same plus *, added per n on demand. Each of
  // them has birthday n + 1 or n + 2, so a game of birthday b needs n in b-2 .. b-1.
  static absl::flat_hash_map<Id, std::string> names;
  static std::vector<bool> built;
  Store& s = Store::get();
  std::lock_guard lock(s.mutex());  // also guards the two tables above
  if (s.is_nus(g)) return std::nullopt;
  Dyadic x = s.left_stop(g);
  if (!(x == s.right_stop(g))) return std::nullopt;
  if (!may_be_named_uptimal(s, g, x)) return std::nullopt;
  Id h = x.is_zero() ? g : s.add(g, s.number(-x));
  long b = s.birthday(h);
  Id star = s.nus(Dyadic(0), 0, 1);
  for (long n = std::max(2L, b - 2); n <= std::min(b - 1, kMaxNamedUptimal); ++n) {
    if (static_cast<std::size_t>(n) >= built.size()) built.resize(static_cast<std::size_t>(n) + 1, false);
    if (built[static_cast<std::size_t>(n)]) continue;
    built[static_cast<std::size_t>(n)] = true;
    std::string k = std::to_string(n);
    auto add = [&](Id v, const std::string& name) {
      names.emplace(v, name);
      names.emplace(s.add(v, star), name + "*");
    };
    Id nth = up_nth(n), to_nth = up_to_nth(n);
    add(nth, "^<" + k + ">");
    add(s.neg(nth), "v<" + k + ">");
    add(to_nth, "^[" + k + "]");
    add(s.neg(to_nth), "v[" + k + "]");
  }
  auto it = names.find(h);
  if (it == names.end()) return std::nullopt;
  return x.is_zero() ? it->second : x.str() + it->second;
}

}  // namespace cgtlab::cgt::detail
