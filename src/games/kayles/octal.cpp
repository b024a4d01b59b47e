#include "games/kayles/octal.h"

#include <string>

#include "util/error.h"

namespace cgtlab::games {

std::vector<cgt::Grundy> octal_grundy_sequence(std::string_view code, int max_heap) {
  if (code.size() < 3 || code.substr(0, 2) != "0.")
    throw InputError("bad octal code '" + std::string(code) + "': expected 0.d1d2...");
  std::vector<int> digit{0};  // digit[k] for taking k tokens
  for (char ch : code.substr(2)) {
    if (ch < '0' || ch > '7') throw InputError("bad octal digit '" + std::string(1, ch) + "' in " + std::string(code));
    digit.push_back(ch - '0');
  }
  std::vector<cgt::Grundy> g(max_heap + 1, 0);
  for (int n = 1; n <= max_heap; ++n) {
    std::vector<cgt::Grundy> seen;
    for (int k = 1; k < static_cast<int>(digit.size()) && k <= n; ++k) {
      int d = digit[k], rest = n - k;
      if ((d & 1) && rest == 0) seen.push_back(0);
      if ((d & 2) && rest > 0) seen.push_back(g[rest]);
      if (d & 4)
        for (int a = 1; a + 1 <= rest; ++a) seen.push_back(g[a] ^ g[rest - a]);
    }
    g[n] = cgt::mex(seen);
  }
  return g;
}

}  // namespace cgtlab::games
