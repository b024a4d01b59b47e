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

// Throws std::bad_alloc; free with std::free.
void* huge_page_alloc(std::size_t bytes);
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
  void deallocate(T* p, std::size_t) { std::free(p); }
  template <typename U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};
template <typename T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace cgtlab::util
