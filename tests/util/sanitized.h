// Whether the tests run under AddressSanitizer (scripts/test-asan, CI's build-asan/): there the
// searches run 6-25x slower (docs/PERFORMANCE.md, "Sanitizer build"), so the longest tests take a
// smaller share of their random boards. Every kind of board is still checked; the release build
// (./test.sh) takes them all.
#pragma once

namespace cgtlab::test_support {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#else
inline constexpr bool kSanitized = false;
#endif

// n in the release build, n / divisor (at least 1) under the sanitizers.
constexpr int sanitized_share(int n, int divisor) { return kSanitized ? (n / divisor > 0 ? n / divisor : 1) : n; }

}  // namespace cgtlab::test_support
