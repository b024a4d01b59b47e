#include "server/server.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <condition_variable>
#include <sstream>
#include <thread>

#include "server/child.h"
#include "util/error.h"
#include "web_assets.h"  // generated from web/ at build time (CMakeLists.txt)

namespace cgtlab::server {

namespace {

volatile std::sig_atomic_t g_stop_requested = 0;

// At most `jobs` children at a time; the others wait their turn.
class Slots {
 public:
  explicit Slots(unsigned n) : free_(n) {}
  void acquire() {
    std::unique_lock lock(m_);
    cv_.wait(lock, [&] { return free_ > 0; });
    --free_;
  }
  void release() {
    {
      std::lock_guard lock(m_);
      ++free_;
    }
    cv_.notify_one();
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned free_;
};

void send_json(httplib::Response& res, int status, const nlohmann::json& j) {
  res.status = status;
  // Invalid UTF-8 (in a command's text output or an echoed stderr line) is replaced, never thrown.
  res.set_content(response_text(j), "application/json");
}

void send_error(httplib::Response& res, const ApiError& e) { send_json(res, e.status, error_json(e)); }

// A private directory for the files one request asks a command to write.
class TempDir {
 public:
  TempDir() = default;
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    if (!path_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(path_, ec);
    }
  }
  std::string file(const std::string& key) {
    if (path_.empty()) {
      std::string tmpl = (std::filesystem::temp_directory_path() / "cgtlab-serve-XXXXXX").string();
      if (::mkdtemp(tmpl.data()) == nullptr) throw std::runtime_error("cannot create a temporary directory");
      path_ = tmpl;
    }
    return path_ + "/" + key;
  }

 private:
  std::string path_;
};

// Debian's cpp-httplib is built with a listen backlog of 5: under a burst of connections the
// kernel's accept queue overflows and clients see resets. Linux lets listen() be called again
// on a listening socket to raise the backlog: find ours (listening, bound to `port`) and do so.
void raise_listen_backlog(int port) {
  for (int fd = 0; fd < 1024; ++fd) {
    int listening = 0;
    socklen_t len = sizeof listening;
    if (::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &len) != 0 || !listening) continue;
    sockaddr_storage addr{};
    socklen_t alen = sizeof addr;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &alen) != 0) continue;
    int p = addr.ss_family == AF_INET    ? ntohs(reinterpret_cast<sockaddr_in*>(&addr)->sin_port)
            : addr.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&addr)->sin6_port)
                                         : -1;
    if (p == port) ::listen(fd, SOMAXCONN);
  }
}

std::string read_file(const std::string& path, std::size_t cap, bool& too_big) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::string s(cap + 1, '\0');
  in.read(s.data(), static_cast<std::streamsize>(s.size()));
  s.resize(static_cast<std::size_t>(in.gcount()));
  too_big = s.size() > cap;
  return s;
}

}  // namespace

int serve(const ServeOptions& o, std::vector<CommandSpec> catalogue) {
  // SIGINT/SIGTERM set a flag (the handler does nothing else); a watcher thread stops the
  // server. A closed client socket must not kill us.
  struct sigaction sa {};
  sa.sa_handler = [](int) { g_stop_requested = 1; };
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  ::signal(SIGPIPE, SIG_IGN);

  const unsigned jobs = o.jobs != 0 ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  Slots slots(jobs);
  std::mutex log_mutex;
  const std::vector<CommandSpec> commands = std::move(catalogue);

  httplib::Server svr;
  const unsigned threads = std::max(o.threads, 2u);
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  svr.set_payload_max_length(o.max_body_bytes);
  svr.set_keep_alive_timeout(5);
  svr.set_read_timeout(10);
  svr.set_write_timeout(10);

  svr.Get("/api", [&](const httplib::Request&, httplib::Response& res) {
    nlohmann::json j = catalogue_json(commands);
    j["caps"] = {{"max_memory_mib", o.max_memory_mib},
                 {"time_limit_seconds", o.time_limit_seconds},
                 {"max_body_bytes", o.max_body_bytes},
                 {"jobs", jobs}};
    send_json(res, 200, j);
  });
  // The page: embedded assets only (no file system access).
  svr.Get(R"(/[A-Za-z0-9_.\-]*)", [&o](const httplib::Request& req, httplib::Response& res) {
    std::string name = req.path == "/" ? "/index.html" : req.path;
    for (const auto& a : web::kAssets) {
      if (name == a.path) {
        bool too_big = false;
        if (!o.web_dir.empty())  // only the built-in file names: no other path is ever read
          res.set_content(read_file(o.web_dir + a.path, 16u << 20, too_big), a.content_type);
        else
          res.set_content(reinterpret_cast<const char*>(a.data), a.size, a.content_type);
        res.set_header("Cache-Control", "no-cache");
        res.set_header("X-Content-Type-Options", "nosniff");
        return;
      }
    }
    res.status = 404;
    res.set_content("not found\n", "text/plain");
  });
  svr.Post(R"(/api/(.*))", [&](const httplib::Request& req, httplib::Response& res) {
    const std::string path = req.matches[1];
    const CommandSpec* cmd = find_command(commands, path);
    if (cmd == nullptr) {
      send_error(res, {404, "input", "unknown command '" + path.substr(0, 200) + "' (GET /api lists the commands)"});
      return;
    }
    nlohmann::json body = req.body.empty() ? nlohmann::json::object()
                                           : nlohmann::json::parse(req.body, nullptr, /*allow_exceptions=*/false);
    if (body.is_discarded()) {
      send_error(res, {400, "input", "the request body is not valid JSON"});
      return;
    }
    TempDir tmp;
    BuiltArgv built;
    try {
      built = build_argv(*cmd, body, {o.max_memory_mib}, [&](const std::string& key) { return tmp.file(key); });
    } catch (const ApiError& e) {
      send_error(res, e);
      return;
    }
    ChildLimits limits;
    limits.time_limit = std::chrono::milliseconds(static_cast<long long>(o.time_limit_seconds * 1000));
    ChildResult r;
    slots.acquire();
    try {
      r = run_child("/proc/self/exe", built.argv, limits);
    } catch (const std::exception& e) {
      slots.release();
      send_error(res, {500, "internal", e.what()});
      return;
    }
    slots.release();
    ChildEnding ending{r.exit_code, r.signal, r.timed_out, r.output_overflow, std::move(r.out), std::move(r.err),
                       o.time_limit_seconds, built.text_format};
    auto [status, j] = response_for(ending);
    if (status == 200) {
      for (const auto& f : built.outputs) {
        bool too_big = false;
        std::string content = read_file(f.path, limits.max_output, too_big);
        if (too_big) {
          status = 422;
          j = error_json({422, "cap", "the file '" + f.key + "' exceeded the server's output cap"});
          break;
        }
        j[f.key] = content;
      }
    }
    send_json(res, status, j);
    if (o.log) {
      std::lock_guard lock(log_mutex);
      std::fprintf(stderr, "POST /api/%s %d %.3fs\n", path.c_str(), status, r.seconds);
    }
  });
  // Anything else under /api, and any other method: JSON errors.
  auto not_allowed = [](const httplib::Request& req, httplib::Response& res) {
    send_error(res, {405, "input", "use POST for /api/<command> and GET for the page (" + req.method + " " +
                                       req.path.substr(0, 200) + ")"});
  };
  svr.Put(".*", not_allowed);
  svr.Delete(".*", not_allowed);
  svr.Patch(".*", not_allowed);
  svr.Post(".*", [](const httplib::Request& req, httplib::Response& res) {
    send_error(res, {404, "input", "no such endpoint '" + req.path.substr(0, 200) + "' (POST /api/<command>)"});
  });
  svr.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string what = res.status == 413 ? "the request body is larger than the server's cap"
                       : res.status == 404 ? "not found: " + req.path.substr(0, 200)
                                           : "HTTP error " + std::to_string(res.status);
    send_json(res, res.status, error_json({res.status, res.status >= 500 ? "internal" : "input", what}));
  });
  svr.set_exception_handler([](const httplib::Request&, httplib::Response& res, const std::exception_ptr& ep) {
    std::string what = "unknown exception";
    try {
      if (ep) std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_json(res, 500, error_json({500, "internal", what}));
  });

  int port = o.port;
  if (port == 0) {
    port = svr.bind_to_any_port(o.host);
    if (port < 0) throw InputError("cannot bind to " + o.host + " on any port");
  } else if (!svr.bind_to_port(o.host, port)) {
    throw InputError("cannot bind to " + o.host + ":" + std::to_string(port) + " (in use, or not an address here)");
  }
  raise_listen_backlog(port);
  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    while (!finished.load()) {
      if (g_stop_requested) {
        svr.stop();
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  std::string host = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  std::printf("cgtlab serve: http://%s:%d/ (API: POST /api/<command>; %u jobs at a time, %u MiB and %g s per request; Ctrl-C stops)\n",
              host.c_str(), port, jobs, o.max_memory_mib, o.time_limit_seconds);
  std::fflush(stdout);
  bool ok = svr.listen_after_bind();
  finished = true;
  stopper.join();
  return ok ? 0 : 3;
}

}  // namespace cgtlab::server
