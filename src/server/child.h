// Runs one cgtlab command in a child process (posix_spawn, no shell) and collects what it
// prints, under a wall-clock limit and an output cap. The child is its own process group,
// so a timeout kills it with everything it started. Safe to call from many threads.
#pragma once
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace cgtlab::server {

struct ChildLimits {
  std::chrono::milliseconds time_limit{10'000};  // wall clock; then SIGKILL to the group
  std::size_t max_output = 8u << 20;             // bytes of stdout + stderr; then SIGKILL
};

struct ChildResult {
  int exit_code = -1;       // when the child exited normally
  int signal = 0;           // the signal that ended it (SIGKILL after a timeout or an output overflow)
  bool timed_out = false;
  bool output_overflow = false;
  std::string out, err;     // what it printed
  double seconds = 0;       // wall clock
};

// Runs `exe` with argv (argv[0] included) and the server's environment; stdin is /dev/null.
// Throws std::runtime_error when the process cannot be started (pipes, spawn).
ChildResult run_child(const std::string& exe, const std::vector<std::string>& argv, const ChildLimits& limits);

}  // namespace cgtlab::server
