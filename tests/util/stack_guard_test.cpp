// Deep recursion in the value layer stops with CapReached on any thread, whatever its
// stack size, instead of overflowing the stack.
#include "util/stack_guard.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>

#include "cgt/game.h"
#include "util/error.h"

using cgtlab::CapReached;
using cgtlab::cgt::Game;

namespace {

// Runs work on a fresh thread with the given stack size; returns what it threw ("" if nothing).
std::string on_thread(std::size_t stack, const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
    std::string error;
  } job{&work, ""};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack);
  pthread_t t;
  auto body = [](void* p) -> void* {
    auto* j = static_cast<Job*>(p);
    try {
      (*j->work)();
    } catch (const CapReached& e) {
      j->error = std::string("cap: ") + e.what();
    } catch (const std::exception& e) {
      j->error = std::string("other: ") + e.what();
    }
    return nullptr;
  };
  EXPECT_EQ(pthread_create(&t, &attr, body, &job), 0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
  return job.error;
}

// A volatile frame read after the call keeps the compiler from turning this into a loop.
__attribute__((noinline)) int depth(int n) {
  cgtlab::check_stack();
  volatile char frame[64];
  frame[0] = 0;
  int r = n == 0 ? 0 : 1 + depth(n - 1);
  return r + frame[0];
}

}  // namespace

TEST(StackGuard, StopsUnboundedRecursion) {
  std::string e = on_thread(std::size_t(1) << 20, [] { depth(100000000); });
  EXPECT_NE(e.find("cap: recursion too deep"), std::string::npos) << e;
  // Shallow recursion is untouched.
  EXPECT_EQ(on_thread(std::size_t(1) << 20, [] { EXPECT_EQ(depth(1000), 1000); }), "");
}

TEST(StackGuard, DeepGamesOnASmallStack) {
  // A tower {n | {n-1 | ... {1 | 0}}} of depth 200000, built one level at a time (each
  // step is shallow: its stops are cached).
  std::string e = on_thread(std::size_t(4) << 20, [] {
    Game g;
    Game star = Game::parse("*");
    for (int i = 1; i <= 200000; ++i) g = Game::from_options({Game::integer(i)}, {g});
    std::string how;
    for (auto step : std::initializer_list<std::function<void()>>{
             [&] { (void)g.birthday(); }, [&] { (void)(-g); }, [&] { (void)(g + star); }, [&] { (void)(g <= -g); },
             [&] { (void)g.str(); }}) {
      try {
        step();
        how += "ok ";
      } catch (const CapReached&) {
        how += "cap ";
      }
    }
    // Every operation either finishes or stops cleanly; the deep ones stop.
    EXPECT_NE(how.find("cap"), std::string::npos) << how;
  });
  EXPECT_EQ(e, "");
}
