#include "server/child.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace cgtlab::server {

namespace {

struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  void reset() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

void make_pipe(Fd& read_end, Fd& write_end) {
  int p[2];
  // O_CLOEXEC: a child spawned concurrently by another request thread must not inherit them.
  if (::pipe2(p, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  read_end.fd = p[0];
  write_end.fd = p[1];
}

struct SpawnAttrs {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnAttrs() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnAttrs() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
};

}  // namespace

ChildResult run_child(const std::string& exe, const std::vector<std::string>& argv, const ChildLimits& limits) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  Fd out_r, out_w, err_r, err_w;
  make_pipe(out_r, out_w);
  make_pipe(err_r, err_w);

  SpawnAttrs sa;
  posix_spawn_file_actions_addopen(&sa.actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&sa.actions, out_w.fd, 1);  // dup2 clears O_CLOEXEC on 1 and 2
  posix_spawn_file_actions_adddup2(&sa.actions, err_w.fd, 2);
  // Its own process group (killed as one); default signal dispositions, nothing blocked.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setpgroup(&sa.attr, 0);
  posix_spawnattr_setsigmask(&sa.attr, &none);
  posix_spawnattr_setsigdefault(&sa.attr, &defaults);
  posix_spawnattr_setflags(&sa.attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> cargv;
  cargv.reserve(argv.size() + 1);
  for (const auto& a : argv) cargv.push_back(const_cast<char*>(a.c_str()));
  cargv.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, exe.c_str(), &sa.actions, &sa.attr, cargv.data(), environ);
  if (rc != 0) throw std::runtime_error("cannot start " + exe + ": " + std::strerror(rc));
  out_w.reset();
  err_w.reset();

  ChildResult r;
  bool killed = false;
  auto kill_group = [&] {
    if (!killed) {
      ::kill(-pid, SIGKILL);
      killed = true;
    }
  };
  const auto deadline = start + limits.time_limit;
  char buf[65536];
  while (out_r.fd >= 0 || err_r.fd >= 0) {
    auto now = clock::now();
    if (now >= deadline && !killed) {
      r.timed_out = true;
      kill_group();
    }
    pollfd fds[2];
    int n = 0;
    if (out_r.fd >= 0) fds[n++] = {out_r.fd, POLLIN, 0};
    if (err_r.fd >= 0) fds[n++] = {err_r.fd, POLLIN, 0};
    int wait_ms = killed ? 1000 : static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    int got = ::poll(fds, static_cast<nfds_t>(n), wait_ms);
    if (got < 0) {
      if (errno == EINTR) continue;
      kill_group();
      break;
    }
    if (got == 0) {
      if (killed) break;  // killed, yet a grandchild keeps a pipe open: stop reading
      continue;
    }
    for (int i = 0; i < n; ++i) {
      if (fds[i].revents == 0) continue;
      Fd& fd = fds[i].fd == out_r.fd ? out_r : err_r;
      std::string& sink = &fd == &out_r ? r.out : r.err;
      ssize_t k = ::read(fd.fd, buf, sizeof buf);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) {
        fd.reset();
        continue;
      }
      if (r.out.size() + r.err.size() + static_cast<std::size_t>(k) > limits.max_output) {
        r.output_overflow = true;
        kill_group();
        fd.reset();
        continue;
      }
      sink.append(buf, static_cast<std::size_t>(k));
    }
  }
  out_r.reset();
  err_r.reset();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) break;
  }
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return r;
}

}  // namespace cgtlab::server
