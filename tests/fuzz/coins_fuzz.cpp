// Fuzzes FLIPPING COINS lines: `cgtlab coins value LINE`.
// Property: a parsed line is a 0-1 string without trailing zeros that parses back to itself.
#include "fuzz.h"
#include "games/coins/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    auto p = games::FlippingCoins::parse(text);
    fuzz::check(p.find_first_not_of("01") == std::string::npos, "not a 0-1 string", p);
    fuzz::check(p.empty() || p.back() == '1', "trailing zero", p);
    if (!p.empty()) fuzz::check(games::FlippingCoins::parse(p) == p, "parse(p) != p", p);
  })
  return 0;
}
