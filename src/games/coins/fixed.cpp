#include "games/coins/fixed.h"

namespace cgtlab::games {

std::optional<FixedDyadic> FixedDyadic::from_dyadic(const cgt::Dyadic& x) {
  if (x.exponent() > static_cast<unsigned long>(kFractionBits)) return std::nullopt;
  mpz_class scaled;
  mpz_mul_2exp(scaled.get_mpz_t(), x.numerator().get_mpz_t(), kFractionBits - x.exponent());
  // |x| < 64 keeps |scaled| < 2^62, well inside int64.
  if (abs(scaled) >= (mpz_class(1) << 62) || !scaled.fits_slong_p()) return std::nullopt;
  return FixedDyadic(scaled.get_si());
}

cgt::Dyadic FixedDyadic::to_dyadic() const { return cgt::Dyadic(mpz_class(static_cast<long>(v_)), kFractionBits); }

}  // namespace cgtlab::games
