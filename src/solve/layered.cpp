#include "solve/layered.h"

namespace cgtlab::solve {

std::string to_string(Weight w) {
  if (w == 0) return "0";
  std::string s;
  while (w != 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(w % 10)));
    w /= 10;
  }
  return {s.rbegin(), s.rend()};
}

}  // namespace cgtlab::solve
