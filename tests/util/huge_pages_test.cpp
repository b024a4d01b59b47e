#include "util/huge_pages.h"
#include "util/memory_line.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
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
  util::huge_page_free(p, kBytes);

  setenv("CGTLAB_HUGE_PAGES", "off", 1);
  EXPECT_FALSE(util::huge_pages_wanted());
  void* q = util::huge_page_alloc(kBytes);
  unsetenv("CGTLAB_HUGE_PAGES");
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(q) % (std::size_t{1} << 21), 0u);
  EXPECT_FALSE(has_flag(vm_flags_at(static_cast<char*>(q) + (kBytes / 2)), "hg"));
  util::huge_page_free(q, kBytes);
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

// A freed block of 2 MiB or more leaves the resident set at once (it is mapped directly), so the
// memory line and --max-memory read what the tables hold. From malloc, after a 16 MiB block was
// freed (glibc's mmap threshold then rises to its size), an 8 MiB block came from the heap and
// stayed resident when freed: a table could be held at the line a doubling early. Under
// AddressSanitizer the blocks are malloc's (redzones; freed ones sit in its quarantine), so there
// only the alignment and the contents are checked.
TEST(HugePages, AFreedLargeBlockLeavesTheResidentSet) {
  constexpr std::size_t kLarge = std::size_t{16} << 20, kBytes = std::size_t{8} << 20;
  void* first = util::huge_page_alloc(kLarge);
  std::memset(first, 1, kLarge);
  util::huge_page_free(first, kLarge);
  for (std::size_t bytes : {kBytes, kBytes + 12345}) {  // also a size that is not whole huge pages
    auto* p = static_cast<unsigned char*>(util::huge_page_alloc(bytes));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % (std::size_t{1} << 21), 0u);
    std::memset(p, 0xab, bytes);
    EXPECT_EQ(p[bytes - 1], 0xab);
    const std::uint64_t held = util::resident_bytes();
    util::huge_page_free(p, bytes);
    const std::uint64_t after = util::resident_bytes();
#if defined(__SANITIZE_ADDRESS__)
    (void)held, (void)after;
#else
    ASSERT_GT(held, 0u) << "no /proc/self/statm";
    EXPECT_GE(held - std::min(held, after), bytes - (std::size_t{1} << 20)) << "resident " << held << " -> " << after;
#endif
  }
}
