#include "util/huge_pages.h"

#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <new>

namespace cgtlab::util {

bool huge_pages_wanted() {
  const char* v = std::getenv("CGTLAB_HUGE_PAGES");
  return v == nullptr || std::strcmp(v, "off") != 0;
}

namespace {
std::atomic<std::size_t> g_held{0}, g_peak{0};
}

std::size_t huge_page_bytes_held() { return g_held.load(std::memory_order_relaxed); }
std::size_t huge_page_bytes_peak() { return g_peak.load(std::memory_order_relaxed); }
void reset_huge_page_peak() { g_peak.store(g_held.load(std::memory_order_relaxed), std::memory_order_relaxed); }

void huge_page_free(void* p, std::size_t bytes) {
  if (p == nullptr) return;
  std::free(p);
  g_held.fetch_sub(bytes, std::memory_order_relaxed);
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
  const std::size_t held = g_held.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  std::size_t peak = g_peak.load(std::memory_order_relaxed);
  while (held > peak && !g_peak.compare_exchange_weak(peak, held, std::memory_order_relaxed)) {
  }
  return p;
}

}  // namespace cgtlab::util
