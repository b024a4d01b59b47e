// The process's memory line: a resident size that a table's growth must not pass. The CLI sets
// it from --save-line (31/32 of --max-memory unless given; cli/common.h), where a stoppable
// search also stops and saves; above it is the cap, which ends the process unsaved. A table
// about to double asks memory_allows(what the doubling adds at its peak) and, refused, stays at
// its size and replaces entries as at its bound (solve/nimber_table.h, grow()): a search runs on
// in less memory instead of meeting the cap. A table's own bound (--table-mib) keeps its
// doublings under the line by design (search_table_bytes); the line catches the rest: a small cap
// beside the process's own 20 MiB, or the rest of a process grown past its share.
#pragma once
#include <cstdint>
#include <string>

namespace cgtlab::util {

// 0: no line (the default: library users and tests are never held).
void set_memory_line(std::uint64_t bytes);
std::uint64_t memory_line();
// The resident set in bytes (/proc/self/statm); 0 when unknown.
std::uint64_t resident_bytes();
// Whether `extra` more bytes fit under the line now (the resident set plus extra at most the
// line; always true with no line, or no /proc). Each refusal is counted.
bool memory_allows(std::uint64_t extra);
// How many times memory_allows refused (the growths held at the line), since the start.
std::uint64_t memory_line_refusals();
// The default line under a cap of cap_bytes (no --save-line): 31/32 of it, in bytes.
constexpr std::uint64_t default_memory_line(std::uint64_t cap_bytes) { return cap_bytes - cap_bytes / 32; }
// Why the line stopped a search, for its one error line: "stopped at the memory save line
// (resident R MiB passed L MiB, --save-line)", or ", 31/32 of --max-memory M)" where the line is
// the default one (not given). R is rounded up: a resident set just past the line reads as above
// it, never equal; L is rounded down.
std::string save_line_stop_text(std::uint64_t resident_bytes, std::uint64_t line_bytes, bool line_given,
                                std::uint64_t max_memory_mib);

}  // namespace cgtlab::util
