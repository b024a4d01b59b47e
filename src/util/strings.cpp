#include "util/strings.h"

#include <absl/strings/str_replace.h>
#include <absl/strings/str_split.h>

namespace cgtlab {

std::vector<std::string> split(std::string_view text, char sep) {
  return absl::StrSplit(absl::string_view(text.data(), text.size()), sep);
}

std::vector<std::string> split_without_spaces(std::string_view text, char sep) {
  return absl::StrSplit(absl::StrReplaceAll(absl::string_view(text.data(), text.size()), {{" ", ""}}), sep);
}

}  // namespace cgtlab
