// Canonical forms and the arithmetic of the store: sum, negation, comparison, ordinal sum,
// and reduction of {L | R} to canonical form (dominated options removed, reversible
// options bypassed), following the classical algorithm (Conway; Siegel, CGT III.1).
#include <absl/container/inlined_vector.h>

#include <algorithm>

#include "cgt/store.h"
#include "util/error.h"
#include "util/stack_guard.h"

namespace cgtlab::cgt::detail {

// Both are nus and g != h. Compare numbers, then ups; x + n.^ *a <= x + m.^ *b iff
// n <= m - 2, or n = m - 1 and a ^ b != 1 (e.g. 0 || ^*, but *2 < ^).
bool Store::leq_nus(Id g, Id h) const {
  const Nus& a = nus_of(g);
  const Nus& b = nus_of(h);
  auto c = a.number <=> b.number;
  if (c < 0) return true;
  if (c > 0) return false;
  if (a.ups + 1 < b.ups) return true;
  if (a.ups + 1 == b.ups) return (a.star ^ b.star) != 1;
  return false;
}

bool Store::leq(Id g, Id h) {
  if (g == h) return true;
  if (is_nus(g) && is_nus(h)) return leq_nus(g, h);
  check_stack();
  charge();
  // Stops decide many comparisons at once: G <= H implies LS(G) <= LS(H) and
  // RS(G) <= RS(H), and LS(G) < RS(H) implies G < H (the difference has a negative
  // left stop).
  if (rs_below_rs(h, g) || ls_below_ls(h, g)) return false;
  if (ls_below_rs(g, h)) return true;
  // The memo answers g <= h, and also answers it false from a known h <= g: canonical
  // forms are unique, so for g != h, h <= g implies not g <= h.
  LeqMemo::Hint hint;  // where the pair's word is, so the insert below need not probe again
  if (int known = leq_memo_.find(g, h, hint); known >= 0) return known != 0;
  // Cancellation: when both are recorded sums with a summand in common, a + b <= c + b
  // iff a <= c (the comparison of the smaller games is usually known already).
  // A summand may be born later than the sum (G^L + (-G) is near 0), so a cancellation
  // can lead to larger games; no second cancellation is made inside the comparison one
  // started, which keeps the recursion finite (outside cancellations, every step goes to
  // an option, so the sum of birthdays falls).
  static thread_local bool in_cancel = false;
  if (!in_cancel && g < sum_of_.size() && h < sum_of_.size() && sum_of_[g] != kNoSum && sum_of_[h] != kNoSum) {
    Id a = Id(sum_of_[g] >> 32), b = Id(sum_of_[g]), c = Id(sum_of_[h] >> 32), d = Id(sum_of_[h]);
    Id x = kNone, y = kNone;
    if (b == d) x = a, y = c;
    else if (a == c) x = b, y = d;
    else if (a == d) x = b, y = c;
    else if (b == c) x = a, y = d;
    if (x != kNone) {
      struct Flag {
        bool& f;
        explicit Flag(bool& b) : f(b) { f = true; }
        ~Flag() { f = false; }
      } flag(in_cancel);
      bool r = leq(x, y);
      leq_memo_.insert(g, h, r, hint);
      return r;
    }
  }
  // G <= H unless some G^L >= H or some H^R <= G. A number's own options never
  // matter against a non-number (number avoidance), so they are skipped.
  // First a cheap pass for a witness settled by stops or by the memo, which also sets
  // aside the comparisons it could not settle; then the full recursion on those only
  // (the answer is the same; the deep searches are often avoided, and a comparison
  // known to be false is looked up once, not twice).
  // One witness ends the search, so the likeliest is tried first: the open pair x <= y
  // with the most room between the stops (see witness_key), found while the pairs are set
  // aside; if it fails, the others are tried in that order too. The answer is the same in
  // any order; on BM_AnalyzeT3Twelve position 11 this order computes about 3.3 M
  // comparisons where the options' order computed 3.9 M.
  absl::InlinedVector<std::pair<Id, Id>, 16> open;
  std::size_t best = 0;
  WitnessKey best_key{};
  auto set_aside = [&](Id x, Id y) {
    WitnessKey key = witness_key(x, y);
    if (open.empty() || key < best_key) best = open.size(), best_key = key;
    open.emplace_back(x, y);
  };
  if (!is_number(g))
    for (Id gl : left(g)) leq_memo_.prefetch(h, gl);
  if (!is_number(h))
    for (Id hr : right(h)) leq_memo_.prefetch(hr, g);
  if (!is_number(g)) {
    for (Id gl : left(g)) {
      int k = quick_leq(h, gl);
      if (k == 1) {
        leq_memo_.insert(g, h, false, hint);
        return false;
      }
      if (k < 0) set_aside(h, gl);
    }
  }
  if (!is_number(h)) {
    for (Id hr : right(h)) {
      int k = quick_leq(hr, g);
      if (k == 1) {
        leq_memo_.insert(g, h, false, hint);
        return false;
      }
      if (k < 0) set_aside(hr, g);
    }
  }
  // The quick passes scan every option of g and h: charged one unit per 16 options (as
  // remove_dominated charges its comparisons), so a comparison of games with 10^5 options
  // counts for its work (`value '*65536 + {1|0}'` ran 164 s to the default cap without it).
  charge((left(g).size() + right(h).size()) / 16);
  if (best != 0) std::rotate(open.begin(), open.begin() + std::ptrdiff_t(best), open.begin() + std::ptrdiff_t(best) + 1);
  bool result = true;
  for (std::size_t k = 0; k < open.size(); ++k) {
    if (k == 1 && open.size() > 2) order_witnesses(open);  // the likeliest failed: order the rest
    if (leq(open[k].first, open[k].second)) {
      result = false;
      break;
    }
  }
  leq_memo_.insert(g, h, result, hint);
  return result;
}

// Sorts open[1..] likeliest witness first (witness_key, store.h: more room between the stops,
// then the smaller height); ties keep their order.
void Store::order_witnesses(absl::InlinedVector<std::pair<Id, Id>, 16>& open) const {
  struct Entry {
    WitnessKey key;
    std::uint32_t place;
    bool operator<(const Entry& o) const { return key < o.key || (!(o.key < key) && place < o.place); }
  };
  absl::InlinedVector<Entry, 16> e;
  e.reserve(open.size() - 1);
  for (std::size_t k = 1; k < open.size(); ++k)
    e.push_back({witness_key(open[k].first, open[k].second), static_cast<std::uint32_t>(k)});
  std::sort(e.begin(), e.end());
  absl::InlinedVector<std::pair<Id, Id>, 16> sorted;
  sorted.reserve(open.size());
  sorted.push_back(open[0]);
  for (const Entry& x : e) sorted.push_back(open[x.place]);
  open = std::move(sorted);
}

// Whether g <= h is settled without searching: 1 true, 0 false, -1 not known (equal,
// both nus, settled by stops, or in the memo).
int Store::quick_leq(Id g, Id h) const {
  if (g == h) return 1;
  if (is_nus(g) && is_nus(h)) return leq_nus(g, h);
  if (rs_below_rs(h, g) || ls_below_ls(h, g)) return 0;
  if (ls_below_rs(g, h)) return 1;
  return leq_memo_.find(g, h);  // also 0 from a known h <= g (h != g)
}

Id Store::neg(Id g) {
  if (is_nus(g)) {
    Nus v = nus_of(g);
    return nus(-v.number, -v.ups, v.star);
  }
  check_stack();
  if (g < neg_memo_.size() && neg_memo_[g] != kNone) return neg_memo_[g];
  std::vector<Id> left_opts, right_opts;
  for (Id gr : right(g)) left_opts.push_back(neg(gr));
  for (Id gl : left(g)) right_opts.push_back(neg(gl));
  Id result = from_canonical_options(std::move(left_opts), std::move(right_opts));
  if (neg_memo_.size() < nodes_.size()) neg_memo_.resize(nodes_.size() + nodes_.size() / 2, kNone);
  neg_memo_[g] = result;
  neg_memo_[result] = g;
  return result;
}

void Store::note_sum(Id result, std::uint64_t key) {
  if (is_nus(result)) return;
  if (sum_of_.size() < nodes_.size()) sum_of_.resize(nodes_.size() + nodes_.size() / 2, kNoSum);
  if (sum_of_[result] == kNoSum) sum_of_[result] = key;
}

Id Store::add(Id g, Id h) {
  if (g == kZero) return h;
  if (h == kZero) return g;
  check_stack();
  if (is_nus(g) && is_nus(h)) {
    const Nus& a = nus_of(g);
    const Nus& b = nus_of(h);
    long ups;
    if (__builtin_add_overflow(a.ups, b.ups, &ups)) throw CapReached("up multiple out of range");
    Dyadic x = a.number + b.number;
    Grundy star = a.star ^ b.star;
    return nus(x, ups, star);
  }
  std::uint64_t key = g < h ? pair_key(g, h) : pair_key(h, g);
  if (auto it = add_memo_.find(key); it != add_memo_.end()) return it->second;
  if (is_number(g) || is_number(h)) {
    // x + H for a number x and a canonical H not equal to a number (H is not nus: two
    // nus values were added above) is {x + H^L | x + H^R} with each option in canonical
    // form, already canonical: no comparison is needed.
    //  - Value: the number translation theorem (Siegel, CGT, ch. II).
    //  - No dominated option: adding x preserves order, and H has none.
    //  - No reversible option (induction on H): if H^L is not a number, the canonical
    //    x + H^L is {x + H^LL | x + H^LR}, and x + H^LR <= x + H iff H^LR <= H, which
    //    H's canonical form excludes. If H^L = y is a number, the Right options Y of the
    //    number z = x + y exceed z; Y <= x + H would give Y <= RS(x + H) = x + RS(H).
    //    But RS(H) <= y: H is not a number, so RS(H) <= LS(H) = max RS(H^L'), and a
    //    Left option with RS(H^L') > y would be > y, dominating y in H. So
    //    Y <= x + y = z < Y, a contradiction. Right options likewise.
    // Canonical forms are unique, so this is the canonical form of x + H.
    Id x = is_number(g) ? g : h;
    Id other = is_number(g) ? h : g;
    std::vector<Id> l, r;
    for (Id o : left(other)) l.push_back(add(x, o));
    for (Id o : right(other)) r.push_back(add(x, o));
    Id result = from_canonical_options(std::move(l), std::move(r));
    note_sum(result, key);
    return remember(add_memo_, key, result);
  }
  // During add_all's split the two threads share their sums (parallel_sums.cpp): one the
  // other thread has finished is taken from it; one it is summing is not reduced twice (its
  // options are summed here, shared the same way, then its result is taken).
  ExchangeClaim claim;
  if (exchange_ != nullptr) {
    if (Id known = exchange_begin(g, h, claim); known != kNone) {
      note_sum(known, key);
      return remember(add_memo_, key, known);
    }
  }
  // G + H = {G^L + H, G + H^L | G^R + H, G + H^R}; a number's options are skipped
  // (number translation: x + H = {x + H^L | x + H^R} when H is not a number).
  Options left_opts, right_opts;
  // Sized once (a few reallocations of three lists per side were a good part of the
  // allocations of a sum).
  left_opts.reserve((is_number(g) ? 0 : left(g).size()) + (is_number(h) ? 0 : left(h).size()));
  right_opts.reserve((is_number(g) ? 0 : right(g).size()) + (is_number(h) ? 0 : right(h).size()));
  if (!is_number(g)) {
    for (Id gl : left(g)) left_opts.push(add(gl, h), 1, pair_key(gl, h));
    for (Id gr : right(g)) right_opts.push(add(gr, h), 1, pair_key(gr, h));
  }
  if (!is_number(h)) {
    for (Id hl : left(h)) left_opts.push(add(g, hl), 2, pair_key(hl, g));
    for (Id hr : right(h)) right_opts.push(add(g, hr), 2, pair_key(hr, g));
  }
  if (claim.state == ExchangeClaim::kOthers) {
    if (Id known = exchange_settle(claim); known != kNone) {
      note_sum(known, key);
      return remember(add_memo_, key, known);
    }
  }
  Id result = reduce(std::move(left_opts), std::move(right_opts));
  if (exchange_ != nullptr) exchange_publish(claim, result);
  note_sum(result, key);
  return remember(add_memo_, key, result);
}

namespace {

// A number's sign expansion (its Hackenbush string) in runs of equal signs; lengths are
// exact, so 10^100 is one run. Positive x = a + m/2^k (0 < m/2^k < 1, m odd): a + 1 pluses,
// one minus, then the top k - 1 of the k bits of m (1: plus, 0: minus). Negative x: the
// same with the signs swapped.
struct SignRun {
  bool plus;
  mpz_class length;
};

void push_run(std::vector<SignRun>& runs, bool plus, const mpz_class& length) {
  if (length == 0) return;
  if (!runs.empty() && runs.back().plus == plus) {
    runs.back().length += length;
  } else {
    runs.push_back({plus, length});
  }
}

void append_sign_expansion(std::vector<SignRun>& runs, const Dyadic& x) {
  if (x.is_zero()) return;
  bool positive = x.sign() > 0;
  Dyadic ax = positive ? x : -x;
  if (ax.is_integer()) {
    push_run(runs, positive, ax.numerator());
    return;
  }
  mpz_class a = ax.floor();
  push_run(runs, positive, a + 1);
  push_run(runs, !positive, 1);
  mpz_class m = ax.numerator() - a * ax.denominator();  // odd, below 2^k
  unsigned long k = ax.exponent();
  for (unsigned long bit = k - 1; bit >= 1; --bit) {  // bits b_1 .. b_(k-1), top first
    bool one = mpz_tstbit(m.get_mpz_t(), bit) != 0;
    push_run(runs, one == positive, 1);
  }
}

// The number with the given sign expansion: the first run of length a is +-a, and each
// later sign moves by half the previous step (1/2, 1/4, ...), so a later run of sign t and
// length L turns n / 2^e into (n 2^L + t (2^L - 1)) / 2^(e+L).
Dyadic from_sign_expansion(const std::vector<SignRun>& runs) {
  if (runs.empty()) return Dyadic(0);
  mpz_class num = runs[0].plus ? mpz_class(runs[0].length) : mpz_class(-runs[0].length);
  unsigned long e = 0;
  // 2^-(2^20): 128 KiB per number. Every comparison with such a number costs time in its size but
  // one unit of the work cap; at 2^24 the game fuzzer's 10:{1|-8888881}+... (an 8.9-million-bit
  // denominator) compared for over a minute under a 20 000-unit cap.
  constexpr unsigned long kMaxExponent = 1UL << 20;
  for (std::size_t i = 1; i < runs.size(); ++i) {
    if (runs[i].length > kMaxExponent - e)
      throw CapReached("ordinal sum is a number with a denominator above 2^" + std::to_string(kMaxExponent));
    unsigned long len = runs[i].length.get_ui();
    mpz_class step;
    mpz_ui_pow_ui(step.get_mpz_t(), 2, len);
    mpz_class delta = step - 1;
    if (!runs[i].plus) delta = -delta;
    num = num * step + delta;
    e += len;
  }
  return Dyadic(num, e);
}

}  // namespace

// G:H. Numbers x:y concatenate sign expansions (no expansion into a game tree, so
// 1:100000000 is immediate); G:n for an integer n is built in a loop, n steps, each
// charged to the work cap; everything else recurses on H's options.
Id Store::ordinal_sum(Id g, Id h) {
  if (h == kZero) return g;
  check_stack();
  if (is_number(g) && is_number(h)) {
    std::vector<SignRun> runs;
    append_sign_expansion(runs, nus_of(g).number);
    append_sign_expansion(runs, nus_of(h).number);
    return number(from_sign_expansion(runs));
  }
  if (is_nus(g) && nus_of(g).ups == 0 && is_nimber(h)) {  // x*a : *b = x*(a+b)
    Nus a = nus_of(g);
    Grundy b = nus_of(h).star;
    if (a.star + b < a.star) throw CapReached("nimber out of range");
    return nus(a.number, 0, a.star + b);
  }
  std::uint64_t key = pair_key(g, h);
  if (auto it = ordinal_memo_.find(key); it != ordinal_memo_.end()) return it->second;
  if (is_number(h) && nus_of(h).number.is_integer()) {
    // G:n = {G^L, G:(n-1) | G^R} (n > 0), {G^L | G^R, G:(n+1)} (n < 0), G:0 = G.
    const mpz_class& n = nus_of(h).number.numerator();
    bool positive = n > 0;
    mpz_class steps = positive ? n : mpz_class(-n);
    Id cur = g;
    for (mpz_class k = 0; k < steps; ++k) {
      std::vector<Id> left_opts(left(g).begin(), left(g).end());
      std::vector<Id> right_opts(right(g).begin(), right(g).end());
      (positive ? left_opts : right_opts).push_back(cur);
      cur = from_options(std::move(left_opts), std::move(right_opts));
      charge();
    }
    ordinal_memo_.emplace(key, cur);
    return cur;
  }
  // G:H = {G^L, G:H^L | G^R, G:H^R}: the base G's own options, and moves in H that
  // keep G as the base.
  std::vector<Id> left_opts(left(g).begin(), left(g).end());
  std::vector<Id> right_opts(right(g).begin(), right(g).end());
  for (Id hl : left(h)) left_opts.push_back(ordinal_sum(g, hl));
  for (Id hr : right(h)) right_opts.push_back(ordinal_sum(g, hr));
  return remember(ordinal_memo_, key, from_options(std::move(left_opts), std::move(right_opts)));
}

// Whether x <= F (x >= F) for the form under reduction is known without searching:
// settled by the stop bounds or in the form memo. False means "not known".
bool Store::known_leq_form(Id x) const {
  if (!form_memo_) return false;
  const FormMemo& m = *form_memo_;
  if (m.bounded) {
    if (below_rs(m.fb, bound_b(m), x) || below_ls(m.fhi, bound_hi(m), x)) return false;
    if (ls_below(x, m.flo, bound_lo(m))) return true;
  }
  auto it = m.leq.find(x);
  return it != m.leq.end() && it->second;
}

bool Store::known_geq_form(Id x) const {
  if (!form_memo_) return false;
  const FormMemo& m = *form_memo_;
  if (m.bounded) {
    if (ls_below(x, m.fa, bound_a(m)) || rs_below(x, m.flo, bound_lo(m))) return false;
    if (below_rs(m.fhi, bound_hi(m), x)) return true;
  }
  auto it = m.geq.find(x);
  return it != m.geq.end() && it->second;
}

// x <= {L | R}: no G^R <= x and no x^L >= G.
bool Store::leq_form(Id x, const std::vector<Id>& L, const std::vector<Id>& R) {
  check_stack();
  if (form_memo_ && form_memo_->bounded) {
    // x <= F implies RS(x) <= RS(F) <= b and LS(x) <= LS(F) <= hi; LS(x) < lo <= RS(F)
    // implies x < F (as in leq).
    const FormMemo& m = *form_memo_;
    if (below_rs(m.fb, bound_b(m), x) || below_ls(m.fhi, bound_hi(m), x)) return false;
    if (ls_below(x, m.flo, bound_lo(m))) return true;
  }
  if (form_memo_)
    if (auto it = form_memo_->leq.find(x); it != form_memo_->leq.end()) return it->second;
  bool result = true;
  absl::InlinedVector<Id, 16> open;  // the R whose R <= x is not settled by the quick pass
  for (Id r : R) leq_memo_.prefetch(r, x);
  for (Id r : R) {
    int k = quick_leq(r, x);
    if (k == 1) {
      result = false;
      break;
    }
    if (k < 0) open.push_back(r);
  }
  if (result)
    for (Id xl : left(x))
      if (known_geq_form(xl)) {
        result = false;
        break;
      }
  if (result)
    for (Id r : open)
      if (leq(r, x)) {
        result = false;
        break;
      }
  if (result)
    for (Id xl : left(x))
      if (geq_form(xl, L, R)) {
        result = false;
        break;
      }
  if (form_memo_) form_memo_->leq.emplace(x, result);
  return result;
}

// x >= {L | R}: no x <= G^L and no x^R <= G.
bool Store::geq_form(Id x, const std::vector<Id>& L, const std::vector<Id>& R) {
  check_stack();
  if (form_memo_ && form_memo_->bounded) {
    // x >= F implies LS(x) >= LS(F) >= a and RS(x) >= RS(F) >= lo; RS(x) > hi >= LS(F)
    // implies x > F.
    const FormMemo& m = *form_memo_;
    if (ls_below(x, m.fa, bound_a(m)) || rs_below(x, m.flo, bound_lo(m))) return false;
    if (below_rs(m.fhi, bound_hi(m), x)) return true;
  }
  if (form_memo_)
    if (auto it = form_memo_->geq.find(x); it != form_memo_->geq.end()) return it->second;
  bool result = true;
  absl::InlinedVector<Id, 16> open;  // the L whose x <= L is not settled by the quick pass
  for (Id l : L) leq_memo_.prefetch(x, l);
  for (Id l : L) {
    int k = quick_leq(x, l);
    if (k == 1) {
      result = false;
      break;
    }
    if (k < 0) open.push_back(l);
  }
  if (result)
    for (Id xr : right(x))
      if (known_leq_form(xr)) {
        result = false;
        break;
      }
  if (result)
    for (Id l : open)
      if (leq(x, l)) {
        result = false;
        break;
      }
  if (result)
    for (Id xr : right(x))
      if (leq_form(xr, L, R)) {
        result = false;
        break;
      }
  if (form_memo_) form_memo_->geq.emplace(x, result);
  return result;
}

// Whether r is known to be the canonical form of a + b, found without creating a record
// (false: not a + b, or that sum is not known).
bool Store::is_sum_of(Id r, Id a, Id b) const {
  if (a == kZero) return r == b;
  if (b == kZero) return r == a;
  if (is_nus(a) && is_nus(b)) {
    if (!is_nus(r)) return false;
    const Nus &x = nus_of(a), &y = nus_of(b), &z = nus_of(r);
    long ups;
    if (__builtin_add_overflow(x.ups, y.ups, &ups)) return false;
    return z.ups == ups && z.star == (x.star ^ y.star) && z.number == x.number + y.number;
  }
  auto it = add_memo_.find(a < b ? pair_key(a, b) : pair_key(b, a));
  return it != add_memo_.end() && it->second == r;
}

// Whether r, an option of the option c + s (source = pair_key(c, s)) of F = X + s, is
// c' + s for an option c' of c on r's side (Right of a Left option c, Left of a Right
// one). Then r does not reverse the option: for a Left option c of X, c' + s <= X + s
// iff c' <= X, which would make c reversible in X, and X is canonical (a Right option
// likewise: c' + s >= X + s iff c' >= X). So the reversibility test of r is skipped; the
// result is the same canonical form, found with fewer comparisons. Options of a packed
// c not yet built are not built here (that would create records): false.
bool Store::same_summand_follower(Id r, std::uint64_t source, bool left_option) const {
  Id c = Id(source >> 32), s = Id(source);
  const Node& n = nodes_[c];
  if (n.opts == nullptr) return false;
  const Id* first = left_option ? n.opts + n.n_left : n.opts;
  const Id* last = left_option ? n.opts + n.n_left + n.n_right : n.opts + n.n_left;
  for (const Id* p = first; p != last; ++p)
    if (is_sum_of(r, *p, s)) return true;
  return false;
}

// A Left option G^L is reversible through G^LR when G^LR <= G; it is then replaced by
// the Left options of G^LR. Replacements get group 0 (compared with every option).
bool Store::bypass_reversible_left(Options& L, const Options& R) {
  bool changed = false;
  for (std::size_t i = 0; i < L.ids.size();) {
    Id gl = L.ids[i];
    bool bypassed = false;
    for (Id glr : right(gl)) {
      if (L.source[i] != kNoSum && same_summand_follower(glr, L.source[i], true)) continue;
      if (leq_form(glr, L.ids, R.ids)) {
        L.erase(i);
        for (Id x : left(glr))
          if (std::find(L.ids.begin(), L.ids.end(), x) == L.ids.end()) L.push(x, 0);
        bypassed = changed = true;
        break;
      }
    }
    if (!bypassed) ++i;
  }
  return changed;
}

bool Store::bypass_reversible_right(const Options& L, Options& R) {
  bool changed = false;
  for (std::size_t i = 0; i < R.ids.size();) {
    Id gr = R.ids[i];
    bool bypassed = false;
    for (Id grl : left(gr)) {
      if (R.source[i] != kNoSum && same_summand_follower(grl, R.source[i], false)) continue;
      if (geq_form(grl, L.ids, R.ids)) {
        R.erase(i);
        for (Id x : right(grl))
          if (std::find(R.ids.begin(), R.ids.end(), x) == R.ids.end()) R.push(x, 0);
        bypassed = changed = true;
        break;
      }
    }
    if (!bypassed) ++i;
  }
  return changed;
}

// Left keeps its maximal options, Right its minimal ones. The options are distinct
// canonical forms, so two of them are never equal and never remove each other. Two
// options of the same nonzero group are known to be incomparable and are not compared
// (in a sum, the options G^L_i + H of one summand are as incomparable as the G^L_i).
void Store::remove_dominated(Options& opts, bool left_side) {
  std::size_t n = opts.ids.size();
  if (n < 2) return;
  absl::InlinedVector<char, 64> dead(n, 0);
  // n^2 comparisons: those of numbers, ups and nimbers are not charged by leq, so every 16 of them
  // are one unit of the work cap here (a unit is ~0.3 us, docs/PERFORMANCE.md; *21100:5657 compared
  // 21101 nimbers pairwise once per step, 5657 steps, uncapped: over a minute under ASan).
  std::uint64_t compared = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j || dead[j]) continue;
      if (opts.group[i] != 0 && opts.group[i] == opts.group[j]) continue;
      if ((++compared & 15) == 0) charge();
      bool dominated = left_side ? leq(opts.ids[i], opts.ids[j]) : leq(opts.ids[j], opts.ids[i]);
      if (dominated) {
        dead[i] = 1;
        break;
      }
    }
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (dead[i]) continue;
    opts.ids[out] = opts.ids[i];
    opts.group[out] = opts.group[i];
    opts.source[out] = opts.source[i];
    ++out;
  }
  opts.ids.resize(out);
  opts.group.resize(out);
  opts.source.resize(out);
}

void Store::Options::sort_unique() {
  const std::size_t n = ids.size();
  bool sorted = true;  // often already sorted and distinct: nothing to do
  for (std::size_t i = 1; i < n && sorted; ++i) sorted = ids[i - 1] < ids[i];
  if (sorted) return;
  // Sorted through a permutation on the stack (no heap for up to 64 options); the lists are
  // rewritten in place.
  absl::InlinedVector<std::uint32_t, 64> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return ids[a] < ids[b]; });
  absl::InlinedVector<Id, 64> old_ids(ids.begin(), ids.end());
  absl::InlinedVector<std::uint8_t, 64> old_group(group.begin(), group.end());
  absl::InlinedVector<std::uint64_t, 64> old_source(source.begin(), source.end());
  std::size_t out = 0;
  for (std::uint32_t k : order) {
    if (out > 0 && ids[out - 1] == old_ids[k]) {
      if (group[out - 1] != old_group[k]) group[out - 1] = 0;  // in two groups: compare with all
      continue;  // either source is valid: both are sums equal to this option
    }
    ids[out] = old_ids[k];
    group[out] = old_group[k];
    source[out] = old_source[k];
    ++out;
  }
  ids.resize(out);
  group.resize(out);
  source.resize(out);
}

Id Store::from_options(std::vector<Id> L, std::vector<Id> R) {
  Options l, r;
  l.ids = std::move(L);
  l.group.assign(l.ids.size(), 0);
  l.source.assign(l.ids.size(), kNoSum);
  r.ids = std::move(R);
  r.group.assign(r.ids.size(), 0);
  r.source.assign(r.ids.size(), kNoSum);
  return reduce(std::move(l), std::move(r));
}

Id Store::reduce(Options L, Options R) {
  L.sort_unique();
  R.sort_unique();
  // Options all nimbers with the same mex m on both sides: the game is *m.
  auto nim_mex = [&](const std::vector<Id>& v) -> std::optional<Grundy> {
    std::vector<Grundy> stars;
    for (Id g : v) {
      if (!is_nimber(g)) return std::nullopt;
      stars.push_back(nus_of(g).star);
    }
    return mex(std::move(stars));
  };
  if (auto ml = nim_mex(L.ids)) {
    if (auto mr = nim_mex(R.ids); mr && *ml == *mr) return nus(Dyadic(0), 0, *ml);
  }
  remove_dominated(L, true);
  remove_dominated(R, false);
  FormMemo memo;
  // Stop bounds of F = {L|R} (Siegel, CGT, ch. II: every game has LS >= RS; a game not
  // equal to a number has LS = max RS(G^L) and RS = min LS(G^R) in any of its forms).
  // With a = max RS(F^L), b = min LS(F^R): if F is not a number, LS(F) = a and
  // RS(F) = b <= a. If F equals a number x, then a <= x <= b: RS(F^L) > x would give
  // RS(F^L - x) > 0, so F^L > x = F, impossible for a Left option (and symmetrically).
  // Either way a <= LS(F) <= max(a, b) and min(a, b) <= RS(F) <= b. The value of F never
  // changes during the reduction, so the bounds hold throughout.
  if (!L.ids.empty() && !R.ids.empty()) {
    memo.bounded = true;
    Id a = L.ids[0], b = R.ids[0];
    for (Id o : L.ids)
      if (rs_below_rs(a, o)) a = o;
    for (Id o : R.ids)
      if (ls_below_ls(o, b)) b = o;
    memo.a_id = a;
    memo.b_id = b;
    memo.fa = fast_stops_[a].right;
    memo.fb = fast_stops_[b].left;
    memo.a_low = memo.fa != kNoFastStop && memo.fb != kNoFastStop ? memo.fa < memo.fb : right_stop(a) < left_stop(b);
    memo.flo = memo.a_low ? memo.fa : memo.fb;
    memo.fhi = memo.a_low ? memo.fb : memo.fa;
  }
  struct Scope {
    FormMemo*& slot;
    FormMemo* saved;
    ~Scope() { slot = saved; }
  } scope{form_memo_, form_memo_};
  form_memo_ = &memo;
  // A bypass always changes the list (the bypassed option is not among its replacements,
  // which are followers of it), so the flags say what comparing copies of the lists said.
  const bool bypassed_left = bypass_reversible_left(L, R);
  if (bypass_reversible_right(L, R) || bypassed_left) {
    remove_dominated(L, true);
    remove_dominated(R, false);
  }
  return from_canonical_options(std::move(L.ids), std::move(R.ids));
}

}  // namespace cgtlab::cgt::detail
