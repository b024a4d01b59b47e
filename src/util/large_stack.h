// Threads with a stack of a chosen size. run_with_large_stack runs work on a thread with a
// 1 GiB stack: canonical forms of deep games recurse once per level of birthday, and no
// valid input may overflow the stack. Exceptions reach the caller. When no thread can be
// made the work runs on the calling thread.
#pragma once
#include <pthread.h>

#include <cstddef>
#include <exception>
#include <functional>

namespace cgtlab {

void run_with_large_stack(const std::function<void()>& work);

// The stack size of the calling thread in bytes (0 when not known).
std::size_t current_stack_size();

// Starts `work` on a new thread with a stack of `stack_bytes`. started() is false when no
// thread could be made (then nothing runs); join() waits for the work and rethrows its
// exception. The destructor joins a thread not yet joined (dropping its exception).
class StackThread {
 public:
  StackThread(std::function<void()> work, std::size_t stack_bytes);
  ~StackThread();
  StackThread(const StackThread&) = delete;
  StackThread& operator=(const StackThread&) = delete;
  bool started() const { return started_; }
  void join();

 private:
  std::function<void()> work_;
  std::exception_ptr error_;
  pthread_t thread_{};
  bool started_ = false;
};

}  // namespace cgtlab
