#include "cgt/dyadic.h"

#include <functional>

#include "util/error.h"
#include "util/int128.h"

namespace cgtlab::cgt {

Dyadic::Dyadic(const mpz_class& numerator, unsigned long exponent) : num_(numerator), exp_(exponent) {
  normalise();
}

void Dyadic::normalise() {
  if (num_ == 0) {
    exp_ = 0;
    return;
  }
  if (exp_ == 0) return;
  unsigned long twos = mpz_scan1(num_.get_mpz_t(), 0);
  unsigned long shift = twos < exp_ ? twos : exp_;
  if (shift > 0) {
    mpz_fdiv_q_2exp(num_.get_mpz_t(), num_.get_mpz_t(), shift);
    exp_ -= shift;
  }
}

static mpz_class shifted(const mpz_class& n, unsigned long bits) {
  mpz_class r;
  mpz_mul_2exp(r.get_mpz_t(), n.get_mpz_t(), bits);
  return r;
}

Dyadic Dyadic::parse(std::string_view text) {
  auto fail = [&]() -> Dyadic {
    throw InputError("not a dyadic rational: '" + std::string(text) + "'");
  };
  if (text.empty()) return fail();
  std::string_view body = text;
  bool negative = false;
  if (body.front() == '+' || body.front() == '-') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  auto slash = body.find('/');
  std::string_view top = body.substr(0, slash);
  std::string_view bottom = slash == std::string_view::npos ? std::string_view{} : body.substr(slash + 1);
  auto all_digits = [](std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
      if (c < '0' || c > '9') return false;
    return true;
  };
  if (!all_digits(top) || (slash != std::string_view::npos && !all_digits(bottom))) return fail();
  mpz_class n(std::string(top), 10);
  if (negative) n = -n;
  if (slash == std::string_view::npos) return Dyadic(n);
  mpz_class d(std::string(bottom), 10);
  if (d <= 0 || mpz_popcount(d.get_mpz_t()) != 1) {
    throw InputError("denominator of '" + std::string(text) + "' is not a power of two");
  }
  return Dyadic(n, mpz_scan1(d.get_mpz_t(), 0));
}

mpz_class Dyadic::denominator() const { return shifted(mpz_class(1), exp_); }

std::optional<long> Dyadic::to_long() const {
  if (exp_ != 0 || !num_.fits_slong_p()) return std::nullopt;
  return num_.get_si();
}

mpz_class Dyadic::floor() const {
  mpz_class r;
  mpz_fdiv_q_2exp(r.get_mpz_t(), num_.get_mpz_t(), exp_);
  return r;
}

mpz_class Dyadic::ceil() const {
  mpz_class r;
  mpz_cdiv_q_2exp(r.get_mpz_t(), num_.get_mpz_t(), exp_);
  return r;
}

Dyadic Dyadic::operator-() const {
  Dyadic r = *this;
  r.num_ = -r.num_;
  return r;
}

Dyadic operator+(const Dyadic& a, const Dyadic& b) {
  if (a.exp_ == b.exp_) return Dyadic(a.num_ + b.num_, a.exp_);
  if (a.exp_ > b.exp_) return Dyadic(a.num_ + shifted(b.num_, a.exp_ - b.exp_), a.exp_);
  return Dyadic(shifted(a.num_, b.exp_ - a.exp_) + b.num_, b.exp_);
}

Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + (-b); }

Dyadic operator*(const Dyadic& a, const Dyadic& b) { return Dyadic(a.num_ * b.num_, a.exp_ + b.exp_); }

std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b) {
  // Fast path (no allocation): signs differ, or both numerators fit in a long and the
  // shifted one fits in 128 bits. Game comparisons compare stops on every call.
  const mpz_srcptr za = a.num_.get_mpz_t(), zb = b.num_.get_mpz_t();
  int sa = (za->_mp_size > 0) - (za->_mp_size < 0), sb = (zb->_mp_size > 0) - (zb->_mp_size < 0);
  if (sa != sb) return sa < sb ? std::strong_ordering::less : std::strong_ordering::greater;
  if (sa == 0) return std::strong_ordering::equal;
  // One limb each (|numerator| < 2^62): exact in 128 bits after a shift below 64.
  constexpr mp_limb_t kSmall = mp_limb_t(1) << 62;
  if ((za->_mp_size == 1 || za->_mp_size == -1) && (zb->_mp_size == 1 || zb->_mp_size == -1) &&
      za->_mp_d[0] < kSmall && zb->_mp_d[0] < kSmall) {
    unsigned long shift = a.exp_ > b.exp_ ? a.exp_ - b.exp_ : b.exp_ - a.exp_;
    if (shift < 64) {
      i128 x = static_cast<i128>(za->_mp_d[0]) * sa, y = static_cast<i128>(zb->_mp_d[0]) * sb;
      if (a.exp_ > b.exp_) y *= (i128(1) << shift);
      else x *= (i128(1) << shift);
      return x <=> y;
    }
  }
  int c;
  if (a.exp_ == b.exp_) {
    c = cmp(a.num_, b.num_);
  } else if (a.exp_ > b.exp_) {
    c = cmp(a.num_, shifted(b.num_, a.exp_ - b.exp_));
  } else {
    c = cmp(shifted(a.num_, b.exp_ - a.exp_), b.num_);
  }
  return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
}

std::string Dyadic::str() const {
  if (exp_ == 0) return num_.get_str();
  return num_.get_str() + "/" + denominator().get_str();
}

std::size_t Dyadic::hash() const {
  // Mix the limbs directly: hashing is on the hot path of the game store.
  const mpz_srcptr z = num_.get_mpz_t();
  std::size_t h = 0x9e3779b97f4a7c15ULL * (exp_ + 1) + static_cast<std::size_t>(z->_mp_size);
  const auto limbs = static_cast<mp_size_t>(mpz_size(z));
  for (mp_size_t i = 0; i < limbs; ++i) {
    h ^= static_cast<std::size_t>(mpz_getlimbn(z, i)) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  }
  return h;
}

Dyadic Dyadic::simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi) {
  if (!lo && !hi) return Dyadic(0);
  if (!hi) {  // the least integer above lo, but 0 if lo < 0
    mpz_class f = lo->floor() + 1;
    return f > 0 ? Dyadic(f) : Dyadic(0);
  }
  if (!lo) {
    mpz_class c = hi->ceil() - 1;
    return c < 0 ? Dyadic(c) : Dyadic(0);
  }
  // Both bounds: an integer in the open interval, if any, nearest to zero.
  if (lo->sign() < 0 && hi->sign() > 0) return Dyadic(0);
  mpz_class first = lo->floor() + 1;   // least integer > lo
  mpz_class last = hi->ceil() - 1;     // greatest integer < hi
  if (first <= last) return Dyadic(hi->sign() <= 0 ? last : first);
  // No integer strictly between: the dyadic with the smallest denominator in (lo, hi).
  for (unsigned long e = 1;; ++e) {
    mpz_class scaled_lo;  // least n with n / 2^e > lo
    // n > lo * 2^e  <=>  n > lo.num * 2^e / 2^lo.exp
    if (e >= lo->exp_) {
      scaled_lo = shifted(lo->num_, e - lo->exp_) + 1;
    } else {
      mpz_fdiv_q_2exp(scaled_lo.get_mpz_t(), lo->num_.get_mpz_t(), lo->exp_ - e);
      scaled_lo += 1;
    }
    Dyadic candidate(scaled_lo, e);
    if (candidate < *hi) return candidate;
  }
}

mpz_class Dyadic::birthday() const {
  // Integer part contributes |floor-ish| steps; each binary fraction digit adds one.
  if (exp_ == 0) return abs(num_);
  mpz_class whole = num_ > 0 ? floor() : ceil();
  mpz_class magnitude = abs(whole);
  return magnitude + 1 + exp_;
}

}  // namespace cgtlab::cgt
