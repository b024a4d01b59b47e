// Memory for large tables read at random places: blocks of 2 MiB and more are aligned to 2 MiB
// and marked for transparent huge pages (madvise MADV_HUGEPAGE; a hint only, the memory works
// without it). With 4 KiB pages a random read of a table of gigabytes is a TLB miss as well as a
// cache miss, and the page walk's own reads miss the cache too (the page tables of an 8 GiB
// table are 16 MiB); with 2 MiB pages the TLB covers gigabytes (docs/PERFORMANCE.md, "Huge pages
// for the nimber tables"). This machine's kernel gives huge pages only to memory that asks
// (/sys/kernel/mm/transparent_hugepage/enabled: madvise).
#pragma once
#include <cstddef>
#include <cstdlib>
#include <vector>

namespace cgtlab::util {

// Throws std::bad_alloc; free with huge_page_free (the same byte count).
void* huge_page_alloc(std::size_t bytes);
void huge_page_free(void* p, std::size_t bytes);
// The bytes of huge_page_alloc blocks held now, and the most held at once since the last
// reset_huge_page_peak(): what a table's growth or load costs at its peak (tests).
std::size_t huge_page_bytes_held();
std::size_t huge_page_bytes_peak();
void reset_huge_page_peak();
// False when the environment sets CGTLAB_HUGE_PAGES=off (then blocks are still aligned, but
// left to the kernel's default pages: for measuring, or where huge-page compaction stalls).
bool huge_pages_wanted();

template <typename T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <typename U>
  HugePageAllocator(const HugePageAllocator<U>&) {}
  T* allocate(std::size_t n) { return static_cast<T*>(huge_page_alloc(n * sizeof(T))); }
  void deallocate(T* p, std::size_t n) { huge_page_free(p, n * sizeof(T)); }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace cgtlab::util
