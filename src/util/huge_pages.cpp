#include "util/huge_pages.h"

#include <sys/mman.h>

#include <cstring>
#include <new>

namespace cgtlab::util {

bool huge_pages_wanted() {
  const char* v = std::getenv("CGTLAB_HUGE_PAGES");
  return v == nullptr || std::strcmp(v, "off") != 0;
}

void* huge_page_alloc(std::size_t bytes) {
  constexpr std::size_t kHuge = std::size_t(1) << 21;
  void* p = nullptr;
  if (bytes >= kHuge) {
    if (posix_memalign(&p, kHuge, bytes) != 0) p = nullptr;
    if (p && huge_pages_wanted()) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without it the memory still works
  } else {
    p = std::malloc(bytes == 0 ? 1 : bytes);
  }
  if (!p) throw std::bad_alloc();
  return p;
}

}  // namespace cgtlab::util
