// Exact dyadic rationals n / 2^k of any size (GMP). These are the numbers of short games.
#pragma once
#include <gmpxx.h>

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cgtlab::cgt {

class Dyadic {
 public:
  Dyadic() = default;
  Dyadic(long n) : num_(n) {}  // NOLINT: integers convert implicitly
  explicit Dyadic(const mpz_class& n) : num_(n) {}
  // numerator / 2^exponent, normalised to lowest terms.
  Dyadic(const mpz_class& numerator, unsigned long exponent);

  // Parses "5", "-3/8", "+7/2" (denominator a power of two); throws InputError otherwise.
  static Dyadic parse(std::string_view text);

  const mpz_class& numerator() const { return num_; }
  unsigned long exponent() const { return exp_; }  // denominator is 2^exponent
  mpz_class denominator() const;
  bool is_integer() const { return exp_ == 0; }
  bool is_zero() const { return num_ == 0; }
  int sign() const { return sgn(num_); }
  // The integer value when it is an integer that fits in a long.
  std::optional<long> to_long() const;

  mpz_class floor() const;
  mpz_class ceil() const;
  Dyadic half() const { return Dyadic(num_, exp_ + 1); }

  Dyadic operator-() const;
  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator*(const Dyadic& a, const Dyadic& b);
  Dyadic& operator+=(const Dyadic& b) { return *this = *this + b; }
  Dyadic& operator-=(const Dyadic& b) { return *this = *this - b; }
  friend bool operator==(const Dyadic& a, const Dyadic& b) { return a.exp_ == b.exp_ && a.num_ == b.num_; }
  friend std::strong_ordering operator<=>(const Dyadic& a, const Dyadic& b);

  // "5", "-1/2", "25/16": CGSuite's notation.
  std::string str() const;
  std::size_t hash() const;

  // The simplest number x with lo < x < hi (Conway's simplicity rule); an absent bound
  // is infinite. Requires lo < hi when both are present.
  static Dyadic simplest_between(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi);
  // Birthday of the number as a game (0 -> 0, 1/2 -> 2, -3 -> 3, 3/4 -> 3).
  mpz_class birthday() const;

 private:
  void normalise();
  mpz_class num_ = 0;
  unsigned long exp_ = 0;
};

}  // namespace cgtlab::cgt

template <>
struct std::hash<cgtlab::cgt::Dyadic> {
  std::size_t operator()(const cgtlab::cgt::Dyadic& d) const { return d.hash(); }
};
