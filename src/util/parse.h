// The one strict parser for the counts and numbers a user types (weights, pebble counts,
// ranges): the whole text must be one decimal integer of type T, in range. No spaces, no '+',
// no sign for an unsigned T. Returns nullopt otherwise; each caller words its own error.
#pragma once
#include <charconv>
#include <concepts>
#include <optional>
#include <string_view>

namespace cgtlab {

template <std::integral T>
std::optional<T> parse_integer(std::string_view s) {
  T v{};
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace cgtlab
