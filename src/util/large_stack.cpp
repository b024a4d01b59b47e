#include "util/large_stack.h"

#include <utility>

namespace cgtlab {

StackThread::StackThread(std::function<void()> work, std::size_t stack_bytes) : work_(std::move(work)) {
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_bytes);
  auto body = [](void* p) -> void* {
    auto* self = static_cast<StackThread*>(p);
    try {
      self->work_();
    } catch (...) {
      self->error_ = std::current_exception();
    }
    return nullptr;
  };
  started_ = pthread_create(&thread_, &attr, body, this) == 0;
  pthread_attr_destroy(&attr);
}

StackThread::~StackThread() {
  if (started_) pthread_join(thread_, nullptr);
}

void StackThread::join() {
  if (!started_) return;
  pthread_join(thread_, nullptr);
  started_ = false;
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

std::size_t current_stack_size() {
  pthread_attr_t attr;
  std::size_t size = 0;
  void* addr = nullptr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    if (pthread_attr_getstack(&attr, &addr, &size) != 0) size = 0;
    pthread_attr_destroy(&attr);
  }
  return size;
}

void run_with_large_stack(const std::function<void()>& work) {
  StackThread thread([&work] { work(); }, std::size_t(1) << 30);
  if (!thread.started()) {
    work();  // no thread available: run here
    return;
  }
  thread.join();
}

}  // namespace cgtlab
