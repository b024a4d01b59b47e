#include "cgt/nimber.h"

#include <algorithm>

namespace cgtlab::cgt {

Grundy mex(std::vector<Grundy> values) {
  std::sort(values.begin(), values.end());
  Grundy m = 0;
  for (Grundy v : values) {
    if (v == m) ++m;
    else if (v > m) break;
  }
  return m;
}

std::string nimber_name(Grundy g) { return g == 0 ? "0" : g == 1 ? "*" : "*" + std::to_string(g); }

}  // namespace cgtlab::cgt
