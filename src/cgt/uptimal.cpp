// Uptimals (Conway's ^[n] = ^ + ^2 + ... + ^n and ^<n> = ^^n...): recognition for the printer.
#include "cgt/notation_internal.h"

namespace cgtlab::cgt::detail {

std::optional<std::string> uptimal_name(Id g) {
  (void)g;
  return std::nullopt;
}

}  // namespace cgtlab::cgt::detail
