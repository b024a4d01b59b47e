#include "util/large_stack.h"

#include <pthread.h>

#include <cstddef>
#include <exception>

namespace cgtlab {

void run_with_large_stack(const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, std::size_t(1) << 30);
  pthread_t thread;
  auto body = [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  if (pthread_create(&thread, &attr, body, &job) != 0) {
    pthread_attr_destroy(&attr);
    work();  // no thread available: run here
    return;
  }
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace cgtlab
