// Splitting text, by absl::StrSplit. (Debian's abseil has its own string_view, not
// std::string_view: this is the one place that converts.)
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cgtlab {

// Every piece between separators, empty ones kept: "a,,b" -> {"a", "", "b"}; "" -> {""}.
std::vector<std::string> split(std::string_view text, char sep);
// The same after deleting every space: "b3, c5" -> {"b3", "c5"}.
std::vector<std::string> split_without_spaces(std::string_view text, char sep);

}  // namespace cgtlab
