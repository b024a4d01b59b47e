#include "util/stack_guard.h"

#include <pthread.h>

#include <algorithm>
#include <cstddef>

#include "util/error.h"

namespace cgtlab::detail {

thread_local std::uintptr_t t_stack_floor = 0;

std::uintptr_t compute_stack_floor() {
  pthread_attr_t attr;
  void* addr = nullptr;
  std::size_t size = 0;
  std::uintptr_t floor = 1;  // unknown stack: never stop (the old behaviour)
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr != nullptr && size != 0) {
      // Keep an eighth of the stack, at least 256 KiB and at most 4 MiB, for the frames
      // between two checks, the exception unwinder and sanitizer instrumentation.
      std::size_t margin = std::clamp<std::size_t>(size / 8, std::size_t(256) << 10, std::size_t(4) << 20);
      margin = std::min(margin, size / 2);
      floor = reinterpret_cast<std::uintptr_t>(addr) + margin;
    }
    pthread_attr_destroy(&attr);
  }
  t_stack_floor = floor;
  return floor;
}

void throw_stack_exhausted() {
  throw CapReached("recursion too deep for the stack (the input nests too deeply)");
}

}  // namespace cgtlab::detail
