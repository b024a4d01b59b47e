// Fuzzes the game-expression parser (CGSuite notation, docs/notation.md): `cgtlab value TEXT`.
// Property: whatever parses prints a canonical form that parses back to the same game.
#include "cgt/game.h"
#include "fuzz.h"
#include "util/large_stack.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;  // long inputs only slow the search down
  std::string_view text(reinterpret_cast<const char*>(data), size);
  // As the CLI does: a large stack (deep games recurse once per level) and a cap on the work.
  run_with_large_stack([&] {
    cgt::GameWorkLimit cap(20000);
    CGTLAB_FUZZ_EXPECTED_ERRORS({
      cgt::Game g = cgt::Game::parse(text);
      std::string shown = g.str();
      cgt::Game back = cgt::Game::parse(shown);
      fuzz::check(back == g, "parse(print(g)) != g", shown);
    })
  });
  return 0;
}
