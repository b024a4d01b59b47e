#include "util/huge_pages.h"

#include <sys/mman.h>

#include <atomic>
#include <cstdint>
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

namespace {
constexpr std::size_t kHuge = std::size_t(1) << 21;
std::size_t whole_huge_pages(std::size_t bytes) { return (bytes + kHuge - 1) & ~(kHuge - 1); }

// Blocks of 2 MiB and more are mapped directly, so that freeing one gives its pages back to the
// kernel at once and the resident set (what --max-memory and the memory line read) drops by its
// size. From malloc a freed block below glibc's mmap threshold (which rises to 32 MiB as blocks
// are freed) stayed in the heap, counted as resident, and a table could be held at the memory
// line a doubling early. Under AddressSanitizer, malloc's blocks keep their redzones.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMapDirectly = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kMapDirectly = false;
#else
constexpr bool kMapDirectly = true;
#endif
#else
constexpr bool kMapDirectly = true;
#endif

// A mapping of whole huge pages aligned to 2 MiB: one of 2 MiB more, its ends cut off.
void* map_aligned(std::size_t bytes) {
  const std::size_t len = whole_huge_pages(bytes);
  void* raw = mmap(nullptr, len + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  char* const base = static_cast<char*>(raw);
  const std::size_t lead = (kHuge - reinterpret_cast<std::uintptr_t>(raw) % kHuge) % kHuge;
  if (lead > 0) munmap(base, lead);
  if (kHuge > lead) munmap(base + lead + len, kHuge - lead);
  return base + lead;
}
}  // namespace

void huge_page_free(void* p, std::size_t bytes) {
  if (p == nullptr) return;
  if (kMapDirectly && bytes >= kHuge) munmap(p, whole_huge_pages(bytes));
  else std::free(p);
  g_held.fetch_sub(bytes, std::memory_order_relaxed);
}

void* huge_page_alloc(std::size_t bytes) {
  void* p = nullptr;
  if (bytes >= kHuge) {
    if (kMapDirectly) p = map_aligned(bytes);
    else if (posix_memalign(&p, kHuge, bytes) != 0) p = nullptr;
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
