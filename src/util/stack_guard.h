// Recursion that cannot overflow the stack: deep recursive code calls check_stack() on
// entry, which throws CapReached when less than a safety margin of the current thread's
// stack is left. Works on any thread (the main thread, a library caller's thread, a
// big-stack worker), so no entry point can crash with a stack overflow; a caller that
// wants deeper recursion runs the work on a thread with a larger stack.
#pragma once
#include <cstdint>

namespace cgtlab {

namespace detail {
// The lowest usable stack address of this thread plus the margin (0: not known yet).
extern thread_local std::uintptr_t t_stack_floor;
[[noreturn]] void throw_stack_exhausted();
std::uintptr_t compute_stack_floor();
}  // namespace detail

inline void check_stack() {
  // The address of a local is the current stack depth (stacks grow down on every
  // platform this builds on).
  char probe;
  auto here = reinterpret_cast<std::uintptr_t>(&probe);
  std::uintptr_t floor = detail::t_stack_floor;
  if (floor == 0) floor = detail::compute_stack_floor();
  if (here < floor) detail::throw_stack_exhausted();
}

}  // namespace cgtlab
