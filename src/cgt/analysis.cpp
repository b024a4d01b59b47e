// Value analysis of canonical short games (analysis.h). Each operation follows the
// definition CGSuite's kernel uses, written anew over our store; memo tables keyed by
// the game's id live for the run (the store's ids are never reused). Every memo miss
// charges one unit of the store's work cap, and recursion deeper than kMaxDepth stops
// with CapReached, so no input runs for hours or overflows the stack.
#include "cgt/analysis.h"

#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <functional>

#include "cgt/notation_internal.h"
#include "cgt/store.h"
#include "util/error.h"

namespace cgtlab::cgt {

using detail::Id;
using detail::Nus;
using detail::Store;

namespace {

constexpr int kMaxDepth = 200'000;

// Counts recursion depth; throws CapReached beyond kMaxDepth.
class DepthGuard {
 public:
  DepthGuard() {
    if (++depth_ > kMaxDepth) {
      --depth_;
      throw CapReached("game analysis recursed deeper than " + std::to_string(kMaxDepth) +
                       " levels (a game of too large a birthday)");
    }
  }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  static inline thread_local int depth_ = 0;
};

Store& S() { return Store::get(); }
bool is_integer_id(Id g) { return S().is_number(g) && S().nus_of(g).number.is_integer(); }
std::vector<Id> lefts(Id g) {
  auto v = S().left(g);
  return {v.begin(), v.end()};
}
std::vector<Id> rights(Id g) {
  auto v = S().right(g);
  return {v.begin(), v.end()};
}
Id sub(Id a, Id b) { return S().add(a, S().neg(b)); }

// A recursive map over the canonical tree: f(g) = leaf(g) when that is set, otherwise
// {left_option(f(G^L)) | right_option(f(G^R))}.
class TreeMap {
 public:
  using Leaf = std::function<std::optional<Id>(Id)>;
  using Option = std::function<Id(Id)>;
  TreeMap(Leaf leaf, Option left_option, Option right_option)
      : leaf_(std::move(leaf)), left_option_(std::move(left_option)), right_option_(std::move(right_option)) {}
  Id operator()(Id g) {
    if (auto it = memo_.find(g); it != memo_.end()) return it->second;
    DepthGuard depth;
    Id result;
    if (auto v = leaf_(g)) {
      result = *v;
    } else {
      std::vector<Id> l, r;
      for (Id gl : lefts(g)) l.push_back(left_option_((*this)(gl)));
      for (Id gr : rights(g)) r.push_back(right_option_((*this)(gr)));
      result = S().from_options(std::move(l), std::move(r));
      S().charge();
    }
    memo_.emplace(g, result);
    return result;
  }

 private:
  Leaf leaf_;
  Option left_option_, right_option_;
  absl::flat_hash_map<Id, Id> memo_;
};

TreeMap tree_map(TreeMap::Leaf leaf, TreeMap::Option l, TreeMap::Option r) {
  return TreeMap(std::move(leaf), std::move(l), std::move(r));
}

Id norton(Id g, Id u);

Id norton_integer(const mpz_class& n, Id u) {
  Id unit = n < 0 ? S().neg(u) : u;
  mpz_class m = abs(n);
  Id result = detail::kZero;
  Id power = unit;
  std::size_t bits = mpz_sizeinbase(m.get_mpz_t(), 2);
  for (std::size_t i = 0; i < bits; ++i) {
    if (i > 0) power = S().add(power, power);
    if (mpz_tstbit(m.get_mpz_t(), i)) result = S().add(result, power);
  }
  return result;
}

std::vector<Id> incentive_ids(Id g, bool left, bool right) {
  // G^L - G and G - G^R are independent sums: add_all may sum some on a second thread.
  std::vector<std::pair<Id, Id>> sums;
  if (left)
    for (Id gl : lefts(g)) sums.emplace_back(gl, S().neg(g));
  if (right)
    for (Id gr : rights(g)) sums.emplace_back(g, S().neg(gr));
  std::vector<Id> out = S().add_all(sums);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  // Keep the maximal ones. Distinct nimbers are pairwise confused: all stay (this keeps
  // the incentives of *65536 linear).
  if (std::all_of(out.begin(), out.end(), [](Id x) { return S().is_nimber(x); })) return out;
  std::vector<Id> kept;
  for (std::size_t i = 0; i < out.size(); ++i) {
    bool dominated = false;
    for (std::size_t j = 0; j < out.size() && !dominated; ++j)
      if (i != j && S().leq(out[i], out[j])) dominated = true;
    if (!dominated) kept.push_back(out[i]);
  }
  return kept;
}

Id norton(Id g, Id u) {
  static absl::flat_hash_map<std::uint64_t, Id> memo;
  std::uint64_t key = detail::pair_key(g, u);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  DepthGuard depth;
  Id result;
  if (is_integer_id(g)) {
    result = norton_integer(S().nus_of(g).number.numerator(), u);
  } else {
    std::vector<Id> plus;
    for (Id i : incentive_ids(u, true, true)) plus.push_back(S().add(u, i));
    std::vector<Id> l, r;
    for (Id gl : lefts(g)) {
      Id p = norton(gl, u);
      for (Id x : plus) l.push_back(S().add(p, x));
    }
    for (Id gr : rights(g)) {
      Id p = norton(gr, u);
      for (Id x : plus) r.push_back(sub(p, x));
    }
    result = S().from_options(std::move(l), std::move(r));
    S().charge();
  }
  memo.emplace(key, result);
  return result;
}

// CGSuite's farStar: one more than the largest nimber *m among the followers (at least 1).
long far_star(Id g) {
  static absl::flat_hash_map<Id, long> memo;
  if (S().is_nimber(g)) return static_cast<long>(S().nus_of(g).star) + 1;
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  long f = 1;
  if (S().is_nus(g) && S().nus_of(g).ups == 0) {
    // x*m with x != 0: its followers x*k and those of the number x hold no nimber but 0.
    f = 1;
  } else {
    for (Id o : lefts(g)) f = std::max(f, far_star(o));
    for (Id o : rights(g)) f = std::max(f, far_star(o));
  }
  memo.emplace(g, f);
  return f;
}

// CGSuite's naive atomic weight (exact for atomic games).
Id naive_atomic_weight(Id g) {
  static absl::flat_hash_map<Id, Id> memo;
  if (S().is_nus(g)) return S().number(Dyadic(S().nus_of(g).ups));
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  Id two = S().number(Dyadic(2)), minus_two = S().number(Dyadic(-2));
  std::vector<Id> l, r;
  for (Id gl : lefts(g)) l.push_back(S().add(naive_atomic_weight(gl), minus_two));
  for (Id gr : rights(g)) r.push_back(S().add(naive_atomic_weight(gr), two));
  Id g0 = S().from_options(l, r);
  Id result = g0;
  if (is_integer_id(g0)) {
    Id fs = S().nus(Dyadic(0), 0, static_cast<Grundy>(far_star(g)));
    bool leq_fs = S().leq(g, fs), geq_fs = S().leq(fs, g);
    if (leq_fs && !geq_fs) {
      if (l.empty()) {
        result = detail::kZero;
      } else {  // the least integer n with n |> every new Left option
        std::optional<mpz_class> best;
        for (Id x : l) {
          mpz_class n = S().right_stop(x).ceil();
          if (S().leq(S().number(Dyadic(n)), x)) n += 1;
          if (!best || *best < n) best = n;
        }
        result = S().number(Dyadic(*best));
      }
    } else if (geq_fs && !leq_fs) {
      if (r.empty()) {
        result = detail::kZero;
      } else {  // the greatest integer n with n <| every new Right option
        std::optional<mpz_class> best;
        for (Id x : r) {
          mpz_class n = S().left_stop(x).floor();
          if (S().leq(x, S().number(Dyadic(n)))) n -= 1;
          if (!best || n < *best) best = n;
        }
        result = S().number(Dyadic(*best));
      }
    }
  }
  S().charge();
  memo.emplace(g, result);
  return result;
}

bool all_small(Id g) {
  static absl::flat_hash_map<Id, bool> memo;
  if (S().is_nus(g)) return S().nus_of(g).number.is_zero();
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  bool r = true;
  for (Id o : lefts(g)) r = r && all_small(o);
  for (Id o : rights(g)) r = r && all_small(o);
  memo.emplace(g, r);
  return r;
}

// parity 0: even, 1: odd (Conway: even if every option is odd, odd if every option is
// even; an integer n has the parity of n, n* that of n + 1).
bool parity(Id g, int want) {
  static absl::flat_hash_map<std::uint64_t, bool> memo;
  if (S().is_nus(g)) {
    const Nus& v = S().nus_of(g);
    if (v.ups != 0 || v.star > 1 || !v.number.is_integer()) return false;
    int p = static_cast<int>(mpz_odd_p(v.number.numerator().get_mpz_t()) ? 1 : 0) ^ static_cast<int>(v.star);
    return p == want;
  }
  std::uint64_t key = (std::uint64_t(g) << 1) | static_cast<unsigned>(want);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  DepthGuard depth;
  bool r = true;
  for (Id o : lefts(g)) r = r && parity(o, 1 - want);
  for (Id o : rights(g)) r = r && parity(o, 1 - want);
  memo.emplace(key, r);
  return r;
}

// tempered 0: even-tempered, 1: odd-tempered.
bool tempered(Id g, int want) {
  static absl::flat_hash_map<std::uint64_t, bool> memo;
  if (S().is_nus(g)) {
    const Nus& v = S().nus_of(g);
    return v.ups == 0 && v.star == static_cast<Grundy>(want);
  }
  std::uint64_t key = (std::uint64_t(g) << 1) | static_cast<unsigned>(want);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  DepthGuard depth;
  bool r = true;
  for (Id o : lefts(g)) r = r && tempered(o, 1 - want);
  for (Id o : rights(g)) r = r && tempered(o, 1 - want);
  memo.emplace(key, r);
  return r;
}

mpz_class stops(Id g) {
  static absl::flat_hash_map<Id, mpz_class> memo;
  if (S().is_nus(g) && S().nus_of(g).ups == 0) {
    Grundy m = S().nus_of(g).star;
    if (m == 0) return 1;
    mpz_class p;
    mpz_ui_pow_ui(p.get_mpz_t(), 3, m - 1);
    return 2 * p;
  }
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  mpz_class c = 0;
  for (Id o : lefts(g)) c += stops(o);
  for (Id o : rights(g)) c += stops(o);
  S().charge();
  memo.emplace(g, c);
  return c;
}

// (Left wins moving first, Right wins moving first) in misère play of the tree.
std::pair<bool, bool> misere(Id g) {
  static absl::flat_hash_map<Id, std::pair<bool, bool>> memo;
  if (is_integer_id(g)) {
    int s = S().nus_of(g).number.sign();
    if (s > 0) return {false, true};
    if (s < 0) return {true, false};
    return {true, true};
  }
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  std::pair<bool, bool> r;
  if (S().is_nus(g) && S().nus_of(g).ups == 0 && S().nus_of(g).star >= 1) {
    // x*m: both players' options are x*k, k < m.
    Dyadic x = S().nus_of(g).number;
    Grundy m = S().nus_of(g).star;
    auto base = misere(S().number(x));
    bool some_not_rw = !base.second, some_not_lw = !base.first;
    for (Grundy k = 1; k <= m; ++k) {
      r = {some_not_rw, some_not_lw};
      some_not_rw = some_not_rw || !r.second;
      some_not_lw = some_not_lw || !r.first;
    }
  } else {
    auto lo = lefts(g), ro = rights(g);
    bool lw = lo.empty(), rw = ro.empty();
    for (Id o : lo)
      if (!lw && !misere(o).second) lw = true;
    for (Id o : ro)
      if (!rw && !misere(o).first) rw = true;
    r = {lw, rw};
  }
  S().charge();
  memo.emplace(g, r);
  return r;
}

// --- uptimal expansions ---
using UE = UptimalExpansion;

long coef(const UE& e, std::size_t n) { return n <= e.coefficients.size() ? e.coefficients[n - 1] : 0; }
std::size_t ue_len(const UE& e) { return e.coefficients.size(); }
UE make_ue(Dyadic x, Grundy m, std::vector<long> c) {
  while (!c.empty() && c.back() == 0) c.pop_back();
  return UE{std::move(x), m, std::move(c)};
}
UE increment(const UE& e, bool with_star, std::size_t to_length) {
  std::vector<long> c(std::max(to_length, ue_len(e)));
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = i < ue_len(e) ? e.coefficients[i] + (i < to_length ? 1 : 0) : 1;
  return make_ue(e.number, e.nimber ^ (with_star ? 1 : 0), std::move(c));
}
UE truncate_to(const UE& e, std::size_t n) {
  n = std::min(n, ue_len(e));
  return make_ue(e.number, e.nimber, std::vector<long>(e.coefficients.begin(), e.coefficients.begin() + static_cast<std::ptrdiff_t>(n)));
}
UE sharply_truncate_to(const UE& e, std::size_t n) {
  UE t = truncate_to(e, n);
  if (ue_len(t) == 0) t.nimber = 0;
  return t;
}
std::size_t rightmost_leq(const UE& e, long n) {
  for (std::size_t i = ue_len(e); i > 0; --i)
    if (e.coefficients[i - 1] <= n) return i;
  return 0;
}
bool is_confused(const UE& e) {
  if (e.nimber == 0) return false;
  if (ue_len(e) == 0 || e.coefficients[0] == 0) return true;
  if (e.nimber >= 2) return false;
  bool positive = e.coefficients[0] > 0;
  for (long c : e.coefficients) {
    if ((!positive && c < -1) || (positive && c > 1)) return false;
    if ((!positive && c > -1) || (positive && c < 1)) return true;
  }
  return true;
}
UE negate(const UE& e) {
  std::vector<long> c;
  for (long x : e.coefficients) c.push_back(-x);
  return make_ue(-e.number, e.nimber, std::move(c));
}

bool valid_expansion(const UE& exp, const std::vector<UE>& l, const UE& r) {
  int match = -1;
  std::size_t first_non_nimber = l.size();
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (first_non_nimber == l.size() && (ue_len(l[i]) > 0 || l[i].nimber != i)) first_non_nimber = i;
    if (l[i].nimber == r.nimber) {
      if (match >= 0) return false;  // only one Left option with the base's nimber
      match = static_cast<int>(i);
    }
  }
  long last_consecutive_nimber = static_cast<long>(first_non_nimber) - 1;
  std::size_t rightmost_negative = rightmost_leq(exp, -1), rightmost_nonpositive = rightmost_leq(exp, 0);
  std::size_t cut = coef(exp, ue_len(exp)) == 1 ? ue_len(exp) - 1 : rightmost_nonpositive;
  if (rightmost_negative >= 1) {
    if (l.size() != 2 || match < 0) return false;
    UE t = truncate_to(exp, rightmost_negative);
    UE e1 = increment(t, true, ue_len(t));
    UE e2 = truncate_to(exp, cut);
    return l[static_cast<std::size_t>(match)] == e1 && l[static_cast<std::size_t>(1 - match)] == e2;
  }
  if (coef(exp, 1) == 0) {
    return l.size() == exp.nimber + 1 && last_consecutive_nimber >= static_cast<long>(exp.nimber) - 1 &&
           l.back() == truncate_to(exp, cut);
  }
  if (coef(exp, 1) == 1 && is_confused(exp)) {
    return l.size() == 2 && l[0].nimber == 0 && ue_len(l[0]) == 0 && l[1] == truncate_to(exp, cut);
  }
  return l.size() == 1 && l[0] == sharply_truncate_to(exp, cut);
}

std::optional<UE> uptimal(Id g);

std::optional<UE> uptimal_positive(Id g) {
  auto ro = rights(g);
  if (ro.size() != 1) return std::nullopt;
  auto r = uptimal(ro[0]);
  if (!r) return std::nullopt;
  std::vector<UE> l;
  std::size_t max_len = 0;
  for (Id gl : lefts(g)) {
    auto e = uptimal(gl);
    if (!e || !(e->number == r->number)) return std::nullopt;
    max_len = std::max(max_len, ue_len(*e));
    l.push_back(*e);
  }
  // Nimbers first (by nimber), then the rest: the order the recognition expects.
  std::sort(l.begin(), l.end(), [](const UE& a, const UE& b) {
    if (ue_len(a) != ue_len(b)) return ue_len(a) < ue_len(b);
    if (a.nimber != b.nimber) return a.nimber < b.nimber;
    return a.coefficients < b.coefficients;
  });
  if (ue_len(*r) > 0 && coef(*r, ue_len(*r)) > 0) {
    UE p1 = increment(*r, true, ue_len(*r));
    if (valid_expansion(p1, l, *r)) return p1;
  }
  UE p2 = increment(*r, true, std::max(ue_len(*r), max_len) + 1);
  if (valid_expansion(p2, l, *r)) return p2;
  return std::nullopt;
}

std::optional<UE> uptimal(Id g) {
  static absl::flat_hash_map<Id, std::optional<UE>> memo;
  if (S().is_nus(g)) {
    const Nus& v = S().nus_of(g);
    return make_ue(v.number, v.star, v.ups == 0 ? std::vector<long>{} : std::vector<long>{v.ups});
  }
  if (auto it = memo.find(g); it != memo.end()) return it->second;
  DepthGuard depth;
  std::optional<UE> e = uptimal_positive(g);
  if (!e) {
    auto n = uptimal_positive(S().neg(g));
    if (n) e = negate(*n);
  }
  memo.emplace(g, e);
  return e;
}

}  // namespace

Game cool(Game g, const Dyadic& t) {
  if (!(Dyadic(-1) < t)) throw InputError("cooling temperature must be greater than -1, got " + t.str());
  if (t.is_zero()) return g;  // G_0 = G
  Id tid = S().number(t);
  auto map = tree_map(
      [&](Id x) -> std::optional<Id> {
        if (is_integer_id(x)) return x;
        if (temperature(Game::from_id(x)) < t) return S().number(mean(Game::from_id(x)));
        return std::nullopt;
      },
      [&](Id x) { return sub(x, tid); }, [&](Id x) { return S().add(x, tid); });
  return Game::from_id(map(g.id()));
}

Game heat(Game g, Game t) {
  Id tid = t.id();
  auto map = tree_map([&](Id x) -> std::optional<Id> { return S().is_number(x) ? std::optional<Id>(x) : std::nullopt; },
                      [&](Id x) { return S().add(x, tid); }, [&](Id x) { return sub(x, tid); });
  return Game::from_id(map(g.id()));
}

Game overheat(Game g, Game s, Game t) {
  Id sid = s.id(), tid = t.id();
  auto map = tree_map(
      [&](Id x) -> std::optional<Id> {
        if (is_integer_id(x)) return norton_integer(S().nus_of(x).number.numerator(), sid);
        return std::nullopt;
      },
      [&](Id x) { return S().add(x, tid); }, [&](Id x) { return sub(x, tid); });
  return Game::from_id(map(g.id()));
}

Game freeze(Game g) {
  if (g.is_integer()) return g;
  return cool(g, temperature(g));
}

Game reduced_canonical_form(Game g) {
  if (auto v = g.as_number_up_star()) return Game::number(v->number);
  Game heated = heat(g, Game::nimber(1));
  auto map = tree_map(
      [&](Id x) -> std::optional<Id> {
        if (S().is_number(x)) return x;
        if (S().is_nus(x) && S().nus_of(x).ups == 0 && S().nus_of(x).star == 1) return S().number(S().nus_of(x).number);
        return std::nullopt;
      },
      [](Id x) { return x; }, [](Id x) { return x; });
  return Game::from_id(map(heated.id()));
}

Game companion(Game g) {
  static absl::flat_hash_map<Id, Id> memo;
  struct Rec {
    static Id run(Id x) {
      if (S().is_nus(x) && S().nus_of(x).number.is_zero()) {
        const Nus& v = S().nus_of(x);
        if (v.star >= 2) return x;
        return S().nus(Dyadic(0), v.ups, v.star ^ 1);
      }
      if (auto it = memo.find(x); it != memo.end()) return it->second;
      DepthGuard depth;
      bool leq0 = S().leq(x, detail::kZero), geq0 = S().leq(detail::kZero, x);
      std::vector<Id> l, r;
      for (Id o : lefts(x)) l.push_back(run(o));
      for (Id o : rights(x)) r.push_back(run(o));
      if (geq0) l.push_back(detail::kZero);
      if (leq0) r.push_back(detail::kZero);
      Id result = S().from_options(std::move(l), std::move(r));
      S().charge();
      memo.emplace(x, result);
      return result;
    }
  };
  return Game::from_id(Rec::run(g.id()));
}

Game norton_product(Game g, Game u) { return Game::from_id(norton(g.id(), u.id())); }

std::optional<Game> atomic_weight(Game g) {
  if (!is_infinitesimal(g)) return std::nullopt;
  Id w = naive_atomic_weight(g.id());
  bool atomic = is_all_small(g);
  if (!atomic) {
    Id up = S().nus(Dyadic(0), 1, 0);
    Id difference = sub(g.id(), norton(w, up));
    long fs = far_star(g.id());
    long pow2 = 2;
    while (pow2 < fs) pow2 <<= 1;
    Id red_kite = S().ordinal_sum(S().nus(Dyadic(0), 0, static_cast<Grundy>(pow2)), S().number(Dyadic(-1)));
    Id epsilon = S().add(S().nus(Dyadic(0), 1, 1), red_kite);
    atomic = S().leq(difference, epsilon) && S().leq(S().neg(epsilon), difference);
  }
  if (!atomic) return std::nullopt;
  return Game::from_id(w);
}

std::vector<Game> incentives(Game g, bool left, bool right) {
  std::vector<Game> out;
  for (Id x : incentive_ids(g.id(), left, right)) out.push_back(Game::from_id(x));
  return cgsuite_sorted(std::move(out));
}

mpz_class stop_count(Game g) { return stops(g.id()); }

namespace {

// The followers of g: non-integer ones in `set`, integers as the range [lo, hi].
struct FollowerSet {
  absl::flat_hash_set<Id> set;
  mpz_class lo = 0, hi = 0;
  bool any_integer = false;
  void integer(const mpz_class& n) {
    if (!any_integer) lo = hi = 0;
    any_integer = true;
    if (n < lo) lo = n;
    if (hi < n) hi = n;
  }
  void visit(Id g) {
    if (is_integer_id(g)) {
      integer(S().nus_of(g).number.numerator());
      return;
    }
    if (!set.insert(g).second) return;
    DepthGuard depth;
    S().charge();
    if (S().is_nus(g) && S().nus_of(g).ups == 0 && S().nus_of(g).star >= 1) {
      const Nus v = S().nus_of(g);
      for (Grundy k = 1; k < v.star; ++k) set.insert(S().nus(v.number, 0, k));
      visit(S().number(v.number));
      return;
    }
    for (Id o : lefts(g)) visit(o);
    for (Id o : rights(g)) visit(o);
  }
};

}  // namespace

mpz_class follower_count(Game g) {
  FollowerSet f;
  f.visit(g.id());
  mpz_class n = static_cast<unsigned long>(f.set.size());
  if (f.any_integer) n += f.hi - f.lo + 1;
  return n;
}

std::vector<Game> followers(Game g, std::size_t limit) {
  FollowerSet f;
  f.visit(g.id());
  std::vector<Game> out;
  if (f.any_integer) {
    for (mpz_class n = f.lo; n <= f.hi && out.size() < limit; ++n) out.push_back(Game::number(Dyadic(n)));
  }
  std::vector<Game> rest;
  for (Id x : f.set) rest.push_back(Game::from_id(x));
  rest = cgsuite_sorted(std::move(rest));
  for (Game x : rest) {
    if (out.size() >= limit) break;
    out.push_back(x);
  }
  return cgsuite_sorted(std::move(out));
}

Outcome misere_outcome(Game g) {
  auto [lw, rw] = misere(g.id());
  if (lw && rw) return Outcome::N;
  if (lw) return Outcome::L;
  if (rw) return Outcome::R;
  return Outcome::P;
}

std::string UptimalExpansion::str() const {
  std::string s;
  if (nimber == 0 || !number.is_zero()) s += number.str();
  if (nimber != 0) {
    s += "*";
    if (nimber >= 2) s += std::to_string(nimber);
  }
  s += ".";
  if (coefficients.empty()) s += "0";
  for (long c : coefficients) {
    long d = c < 0 ? -c : c;
    if (d < 10) s += static_cast<char>('0' + d);
    else if (d < 36) s += static_cast<char>('A' + (d - 10));
    else s += "(" + std::to_string(d) + ")";
    if (c < 0) s += "-";
  }
  return s;
}

std::optional<UptimalExpansion> uptimal_expansion(Game g) { return uptimal(g.id()); }

bool is_infinitesimal(Game g) { return g.left_stop().is_zero() && g.right_stop().is_zero(); }
bool is_all_small(Game g) { return all_small(g.id()); }
bool is_numberish(Game g) { return g.left_stop() == g.right_stop(); }

bool is_number_tiny(Game g) {
  auto lo = g.left_options(), ro = g.right_options();
  if (lo.size() != 1 || ro.size() != 1) return false;
  if (lo[0].is_number()) {
    auto rlo = ro[0].left_options(), rro = ro[0].right_options();
    if (rlo.size() == 1 && rro.size() == 1 && rlo[0] == lo[0] && mean(rro[0]) < mean(lo[0])) return true;
  }
  if (ro[0].is_number()) {
    auto llo = lo[0].left_options(), lro = lo[0].right_options();
    if (lro.size() == 1 && llo.size() == 1 && lro[0] == ro[0] && mean(ro[0]) < mean(llo[0])) return true;
  }
  return false;
}

bool is_even(Game g) { return parity(g.id(), 0); }
bool is_odd(Game g) { return parity(g.id(), 1); }
bool is_even_tempered(Game g) { return tempered(g.id(), 0); }
bool is_odd_tempered(Game g) { return tempered(g.id(), 1); }
bool is_ordinal(Game g) { return g.is_integer() && g.as_number()->sign() >= 0; }
bool is_uptimal(Game g) { return uptimal_expansion(g).has_value(); }

std::vector<Game> cgsuite_sorted(std::vector<Game> games) {
  std::vector<Id> ids;
  ids.reserve(games.size());
  for (Game x : games) ids.push_back(x.id());
  detail::sort_in_print_order(ids);
  for (std::size_t i = 0; i < ids.size(); ++i) games[i] = Game::from_id(ids[i]);
  return games;
}

}  // namespace cgtlab::cgt
