// Runs work on a thread with a 1 GiB stack: canonical forms of deep games recurse once per
// level of birthday, and no valid input may overflow the stack. Exceptions reach the caller.
// When no thread can be made the work runs on the calling thread.
#pragma once
#include <functional>

namespace cgtlab {

void run_with_large_stack(const std::function<void()>& work);

}  // namespace cgtlab
