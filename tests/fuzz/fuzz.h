// Shared by the fuzz harnesses (one per text input of cgtlab). Each harness defines
// LLVMFuzzerTestOneInput: it feeds the bytes to a parser, and bad input must end in InputError
// (or CapReached for a capped computation): what the CLI turns into one line and exit 2. Any
// other exception, a crash, a sanitizer report or a failed round trip is a finding. The same
// file builds with clang's libFuzzer (scripts/fuzz) and, with corpus_main.cpp, with any
// compiler as a ctest that replays tests/fuzz/corpus/<name>/.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.h"

namespace cgtlab::fuzz {

// The input as text, cut at newlines into at most `fields` parts (the last takes the rest).
inline std::vector<std::string_view> fields(const std::uint8_t* data, std::size_t size, std::size_t count) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> out;
  while (out.size() + 1 < count) {
    std::size_t nl = text.find('\n');
    if (nl == std::string_view::npos) break;
    out.push_back(text.substr(0, nl));
    text.remove_prefix(nl + 1);
  }
  out.push_back(text);
  while (out.size() < count) out.emplace_back();
  return out;
}

// A property the parser must keep (a round trip): report and abort so the fuzzer keeps the input.
inline void check(bool ok, const char* what, std::string_view detail) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace cgtlab::fuzz

// Runs `body`; the expected errors of bad input end the run quietly.
#define CGTLAB_FUZZ_EXPECTED_ERRORS(body)  \
  try {                                   \
    body                                  \
  } catch (const cgtlab::InputError&) {   \
  } catch (const cgtlab::CapReached&) {   \
  }
