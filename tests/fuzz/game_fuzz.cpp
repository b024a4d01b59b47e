// Fuzzes the game-expression parser (CGSuite notation, docs/notation.md): `cgtlab value TEXT`.
// Property: whatever parses prints a canonical form that parses back to the same game.
#include "cgt/game.h"
#include "fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;  // long inputs only slow the search down
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // A cap on the work, as the CLI has, but small: 2000 units reach the same coverage as 20 000
  // (2569 vs 2567 edges from the same corpus) at ~6x the executions per second, and an input
  // whose work the cap does not see (uncharged loops) still shows as a slow unit. The input runs on the fuzzer's own thread (8 MiB stack),
  // not on the CLI's 1 GiB one: deep games must then end in the stack guard's CapReached, which is
  // itself a property under test (no entry point overflows the stack). A 1 GiB thread per input
  // made most of this harness's time system time (13.5 of 20.8 CPU s, docs/RELIABILITY.md).
  cgt::GameWorkLimit cap(2000);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    cgt::Game g = cgt::Game::parse(text);
    std::string shown = g.str();
    cgt::Game back = cgt::Game::parse(shown);
    fuzz::check(back == g, "parse(print(g)) != g", shown);
  })
  return 0;
}
