#include "util/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace cgtlab;

namespace {

// The VmFlags line of the mapping of /proc/self/smaps that holds address p ("" if none).
std::string vm_flags_at(const void* p) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t lo = 0, hi = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> lo >> dash >> hi && dash == '-' && line.find(':') > line.find(' ')) {
      inside = lo <= a && a < hi;
      continue;
    }
    if (inside && line.rfind("VmFlags:", 0) == 0) return line;
  }
  return "";
}

bool has_flag(const std::string& flags, const std::string& f) { return (flags + " ").find(" " + f + " ") != std::string::npos; }

}  // namespace

// A block of 2 MiB or more is aligned to 2 MiB and its mapping is marked for huge pages (the "hg"
// VmFlag of madvise(MADV_HUGEPAGE)); CGTLAB_HUGE_PAGES=off leaves the mark off.
TEST(HugePages, LargeBlocksAreAlignedAndMarked) {
  constexpr std::size_t kBytes = std::size_t{8} << 20;
  void* p = util::huge_page_alloc(kBytes);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % (std::size_t{1} << 21), 0u);
  static_cast<char*>(p)[0] = 1;
  const std::string flags = vm_flags_at(static_cast<char*>(p) + (kBytes / 2));
  ASSERT_NE(flags, "") << "no mapping found in /proc/self/smaps";
  EXPECT_TRUE(has_flag(flags, "hg")) << flags;
  std::free(p);

  setenv("CGTLAB_HUGE_PAGES", "off", 1);
  EXPECT_FALSE(util::huge_pages_wanted());
  void* q = util::huge_page_alloc(kBytes);
  unsetenv("CGTLAB_HUGE_PAGES");
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q) % (std::size_t{1} << 21), 0u);
  EXPECT_FALSE(has_flag(vm_flags_at(static_cast<char*>(q) + (kBytes / 2)), "hg"));
  std::free(q);
  EXPECT_TRUE(util::huge_pages_wanted());
}

// Small blocks come from malloc and still work (no alignment promised).
TEST(HugePages, SmallBlocksAndTheAllocator) {
  util::HugeVector<std::uint64_t> v(1000, 7);
  EXPECT_EQ(v[999], 7u);
  util::HugeVector<std::uint64_t> big(std::size_t{1} << 19, 3);  // 4 MiB
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(big.data()) % (std::size_t{1} << 21), 0u);
  EXPECT_TRUE(has_flag(vm_flags_at(big.data() + big.size() / 2), "hg"));
}
