// The save line's stop wording (util/memory_line.h). tests/cli/memory_line.sh meets the given
// line (--save-line) in a real run; the default one (31/32 of --max-memory) cannot be met there
// without a cap just above the process's own size, so its wording is checked here.
#include "util/memory_line.h"

#include <gtest/gtest.h>

using namespace cgtlab;

namespace {
constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
}

TEST(MemoryLine, StopTextNamesTheGivenLine) {
  EXPECT_EQ(util::save_line_stop_text(30 * kMiB, 1 * kMiB, true, 6144),
            "stopped at the memory save line (resident 30 MiB passed 1 MiB, --save-line)");
}

TEST(MemoryLine, StopTextNamesTheDefaultLine) {
  // --max-memory 22016: the line is 22016 - 22016/32 = 21328 MiB.
  static_assert(util::default_memory_line(22016 * kMiB) == 21328 * kMiB);
  EXPECT_EQ(util::save_line_stop_text(21329 * kMiB, util::default_memory_line(22016 * kMiB), false, 22016),
            "stopped at the memory save line (resident 21329 MiB passed 21328 MiB, 31/32 of --max-memory 22016)");
  // A cap that is not a multiple of 32 MiB: the line in whole MiB is rounded down.
  EXPECT_EQ(util::default_memory_line(100 * kMiB), std::uint64_t{101580800});  // 96.875 MiB
  EXPECT_EQ(util::save_line_stop_text(97 * kMiB, util::default_memory_line(100 * kMiB), false, 100),
            "stopped at the memory save line (resident 97 MiB passed 96 MiB, 31/32 of --max-memory 100)");
}

TEST(MemoryLine, StopTextRoundsTheResidentSetUp) {
  // One byte past a line of 1 MiB reads as 2 MiB, never as equal to the line.
  EXPECT_EQ(util::save_line_stop_text(kMiB + 1, kMiB, true, 0),
            "stopped at the memory save line (resident 2 MiB passed 1 MiB, --save-line)");
  EXPECT_EQ(util::save_line_stop_text(kMiB, kMiB, true, 0),
            "stopped at the memory save line (resident 1 MiB passed 1 MiB, --save-line)");
}
