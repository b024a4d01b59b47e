// `cgtlab serve`: the HTTP server of the explorer page and the JSON API (cpp-httplib).
// Every API request runs the same binary as a child process (server/child.h) with the
// per-request caps, so one request cannot crash the server, starve it of memory, or keep
// memory after it ends; requests are served concurrently by a thread pool, at most `jobs`
// commands at a time.
#pragma once
#include <string>
#include <vector>

#include "server/api.h"

namespace cgtlab::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                  // 0: any free port (printed)
  unsigned max_memory_mib = 512;    // per request: the child's --max-memory
  double time_limit_seconds = 10;   // per request: wall clock, then the child is killed
  std::size_t max_body_bytes = 64 << 10;
  unsigned jobs = 0;                // commands running at once (0: the number of cores)
  unsigned threads = 16;            // HTTP worker threads
  bool log = true;                  // one line per API request on stderr
  std::string web_dir;              // when set, the page's files are read from here (developing web/)
};

// Serves until SIGINT or SIGTERM; returns the process exit code. Throws InputError when the
// address cannot be bound.
int serve(const ServeOptions& options, std::vector<CommandSpec> catalogue);

}  // namespace cgtlab::server
