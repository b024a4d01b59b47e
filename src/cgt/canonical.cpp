// Canonical forms and the arithmetic of the store: sum, negation, comparison, ordinal sum,
// and reduction of {L | R} to canonical form (dominated options removed, reversible
// options bypassed), following the classical algorithm (Conway; Siegel, CGT III.1).
#include <algorithm>

#include "cgt/store.h"
#include "util/error.h"

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
  std::uint64_t key = pair_key(g, h);
  if (auto it = leq_memo_.find(key); it != leq_memo_.end()) return it->second;
  // G <= H unless some G^L >= H or some H^R <= G. A number's own options never
  // matter against a non-number (number avoidance), so they are skipped.
  bool result = true;
  if (!is_number(g)) {
    for (Id gl : left(g)) {
      if (leq(h, gl)) {
        result = false;
        break;
      }
    }
  }
  if (result && !is_number(h)) {
    for (Id hr : right(h)) {
      if (leq(hr, g)) {
        result = false;
        break;
      }
    }
  }
  leq_memo_.emplace(key, result);
  return result;
}

Id Store::neg(Id g) {
  if (is_nus(g)) {
    Nus v = nus_of(g);
    return nus(-v.number, -v.ups, v.star);
  }
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

Id Store::add(Id g, Id h) {
  if (g == kZero) return h;
  if (h == kZero) return g;
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
  // G + H = {G^L + H, G + H^L | G^R + H, G + H^R}; a number's options are skipped
  // (number translation: x + H = {x + H^L | x + H^R} when H is not a number).
  std::vector<Id> left_opts, right_opts;
  if (!is_number(g)) {
    for (Id gl : left(g)) left_opts.push_back(add(gl, h));
    for (Id gr : right(g)) right_opts.push_back(add(gr, h));
  }
  if (!is_number(h)) {
    for (Id hl : left(h)) left_opts.push_back(add(g, hl));
    for (Id hr : right(h)) right_opts.push_back(add(g, hr));
  }
  Id result = from_options(std::move(left_opts), std::move(right_opts));
  add_memo_.emplace(key, result);
  return result;
}

Id Store::ordinal_sum(Id g, Id h) {
  if (h == kZero) return g;
  if (is_nus(g) && nus_of(g).ups == 0 && is_nimber(h)) {  // x*a : *b = x*(a+b)
    Nus a = nus_of(g);
    Grundy b = nus_of(h).star;
    if (a.star + b < a.star) throw CapReached("nimber out of range");
    return nus(a.number, 0, a.star + b);
  }
  std::uint64_t key = pair_key(g, h);
  if (auto it = ordinal_memo_.find(key); it != ordinal_memo_.end()) return it->second;
  // G:H = {G^L, G:H^L | G^R, G:H^R}: the base G's own options, and moves in H that
  // keep G as the base.
  std::vector<Id> left_opts(left(g).begin(), left(g).end());
  std::vector<Id> right_opts(right(g).begin(), right(g).end());
  for (Id hl : left(h)) left_opts.push_back(ordinal_sum(g, hl));
  for (Id hr : right(h)) right_opts.push_back(ordinal_sum(g, hr));
  Id result = from_options(std::move(left_opts), std::move(right_opts));
  ordinal_memo_.emplace(key, result);
  return result;
}

// x <= {L | R}: no G^R <= x and no x^L >= G.
bool Store::leq_form(Id x, const std::vector<Id>& L, const std::vector<Id>& R) {
  for (Id r : R)
    if (leq(r, x)) return false;
  for (Id xl : left(x))
    if (geq_form(xl, L, R)) return false;
  return true;
}

// x >= {L | R}: no x <= G^L and no x^R <= G.
bool Store::geq_form(Id x, const std::vector<Id>& L, const std::vector<Id>& R) {
  for (Id l : L)
    if (leq(x, l)) return false;
  for (Id xr : right(x))
    if (leq_form(xr, L, R)) return false;
  return true;
}

// A Left option G^L is reversible through G^LR when G^LR <= G; it is then replaced by
// the Left options of G^LR.
void Store::bypass_reversible_left(std::vector<Id>& L, const std::vector<Id>& R) {
  for (std::size_t i = 0; i < L.size();) {
    Id gl = L[i];
    bool bypassed = false;
    for (Id glr : right(gl)) {
      if (leq_form(glr, L, R)) {
        L.erase(L.begin() + static_cast<std::ptrdiff_t>(i));
        for (Id x : left(glr))
          if (std::find(L.begin(), L.end(), x) == L.end()) L.push_back(x);
        bypassed = true;
        break;
      }
    }
    if (!bypassed) ++i;
  }
}

void Store::bypass_reversible_right(const std::vector<Id>& L, std::vector<Id>& R) {
  for (std::size_t i = 0; i < R.size();) {
    Id gr = R[i];
    bool bypassed = false;
    for (Id grl : left(gr)) {
      if (geq_form(grl, L, R)) {
        R.erase(R.begin() + static_cast<std::ptrdiff_t>(i));
        for (Id x : right(grl))
          if (std::find(R.begin(), R.end(), x) == R.end()) R.push_back(x);
        bypassed = true;
        break;
      }
    }
    if (!bypassed) ++i;
  }
}

// Left keeps its maximal options, Right its minimal ones. The options are distinct
// canonical forms, so two of them are never equal and never remove each other.
void Store::remove_dominated(std::vector<Id>& opts, bool left_side) {
  if (opts.size() < 2) return;
  std::vector<char> dead(opts.size(), 0);
  for (std::size_t i = 0; i < opts.size(); ++i) {
    for (std::size_t j = 0; j < opts.size(); ++j) {
      if (i == j || dead[j]) continue;
      bool dominated = left_side ? leq(opts[i], opts[j]) : leq(opts[j], opts[i]);
      if (dominated) {
        dead[i] = 1;
        break;
      }
    }
  }
  std::size_t out = 0;
  for (std::size_t i = 0; i < opts.size(); ++i)
    if (!dead[i]) opts[out++] = opts[i];
  opts.resize(out);
}

static void sort_unique(std::vector<Id>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

Id Store::from_options(std::vector<Id> L, std::vector<Id> R) {
  sort_unique(L);
  sort_unique(R);
  // Options all nimbers with the same mex m on both sides: the game is *m.
  auto nim_mex = [&](const std::vector<Id>& v) -> std::optional<Grundy> {
    std::vector<Grundy> stars;
    for (Id g : v) {
      if (!is_nimber(g)) return std::nullopt;
      stars.push_back(nus_of(g).star);
    }
    return mex(std::move(stars));
  };
  if (auto ml = nim_mex(L)) {
    if (auto mr = nim_mex(R); mr && *ml == *mr) return nus(Dyadic(0), 0, *ml);
  }
  remove_dominated(L, true);
  remove_dominated(R, false);
  std::size_t before = L.size() + R.size();
  std::vector<Id> old_l = L, old_r = R;
  bypass_reversible_left(L, R);
  bypass_reversible_right(L, R);
  if (L != old_l || R != old_r || L.size() + R.size() != before) {
    remove_dominated(L, true);
    remove_dominated(R, false);
  }
  return from_canonical_options(std::move(L), std::move(R));
}

}  // namespace cgtlab::cgt::detail
