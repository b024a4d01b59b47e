// Uptimals: Conway's up-nth ^<n> and the sums ^[n] = ^ + ^<2> + ... + ^<n>, built as
// CGSuite builds them from ^ = {0|*}:
//   ^[0] = 0,  ^[n] = {^[n-1] | *}            (the sum ^ + ^<2> + ... + ^<n>)
//   ^<1> = ^,  ^<n> = {0 | * - ^[n-1]}         (so ^<2> = {0|v*})
// The printer names a canonical form x + (+-)^<n> [+ *] or x + (+-)^[n] [+ *] by looking
// its infinitesimal part up in a table of these forms for 2 <= n <= kMaxNamedUptimal.
#include <absl/container/flat_hash_map.h>

#include "cgt/notation_internal.h"

namespace cgtlab::cgt::detail {

namespace {
constexpr long kMaxNamedUptimal = 32;
}

Id up_to_nth(long n) {
  Store& s = Store::get();
  Id star = s.nus(Dyadic(0), 0, 1);
  Id g = kZero;
  for (long k = 1; k <= n; ++k) g = s.from_options({g}, {star});
  return g;
}

Id up_nth(long n) {
  Store& s = Store::get();
  if (n <= 1) return s.nus(Dyadic(0), 1, 0);
  Id star = s.nus(Dyadic(0), 0, 1);
  return s.from_options({kZero}, {s.add(star, s.neg(up_to_nth(n - 1)))});
}

std::optional<std::string> uptimal_name(Id g) {
  static absl::flat_hash_map<Id, std::string> names;
  Store& s = Store::get();
  if (names.empty()) {
    Id star = s.nus(Dyadic(0), 0, 1);
    for (long n = 2; n <= kMaxNamedUptimal; ++n) {
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
  }
  if (s.is_nus(g)) return std::nullopt;
  Dyadic x = s.left_stop(g);
  if (!(x == s.right_stop(g))) return std::nullopt;
  Id h = x.is_zero() ? g : s.add(g, s.number(-x));
  auto it = names.find(h);
  if (it == names.end()) return std::nullopt;
  return x.is_zero() ? it->second : x.str() + it->second;
}

}  // namespace cgtlab::cgt::detail
