// Fuzzes the dyadic-rational parser ("-3/8", "5", "1.25" where accepted).
// Property: what parses prints as text that parses back to the same number.
#include "cgt/dyadic.h"
#include "fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    cgt::Dyadic x = cgt::Dyadic::parse(text);
    std::string shown = x.str();
    fuzz::check(cgt::Dyadic::parse(shown) == x, "parse(str(x)) != x", shown);
  })
  return 0;
}
