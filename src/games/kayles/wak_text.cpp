#include "games/kayles/wak_text.h"

#include "util/error.h"
#include "util/parse.h"
#include "util/strings.h"

namespace cgtlab::games {

namespace {

std::uint64_t parse_weight(std::string_view s) {
  auto x = parse_integer<std::uint64_t>(s);
  if (!x) throw InputError("bad weight '" + std::string(s) + "': expected a number of counters from 0 to 2^64-1");
  return *x;
}

}  // namespace

std::vector<std::uint64_t> parse_wak_weights(const graph::Graph& g, std::string_view text) {
  const std::vector<std::string> items = split_without_spaces(text, ',');
  std::vector<std::uint64_t> w;
  if (text.find('=') != std::string_view::npos) {
    w.assign(g.order(), 0);
    std::vector<char> seen(g.order(), 0);
    for (const auto& item : items) {
      auto eq = item.find('=');
      if (eq == std::string::npos) throw InputError("bad weight '" + item + "': expected name=value");
      int v = g.vertex(item.substr(0, eq));
      if (seen[v]) throw InputError("vertex " + item.substr(0, eq) + " is given two weights");
      seen[v] = 1;
      w[v] = parse_weight(std::string_view(item).substr(eq + 1));
    }
    return w;
  }
  for (const auto& item : items) w.push_back(parse_weight(item));
  if (static_cast<int>(w.size()) != g.order())
    throw InputError("the graph has " + std::to_string(g.order()) + " vertices but " + std::to_string(w.size()) +
                     " weights were given");
  return w;
}

std::string wak_weights_text(const WakGraph& p) {
  std::string s;
  for (int v = 0; v < p.n; ++v) s += (v ? "," : "") + p.names[v] + "=" + std::to_string(p.weight[v]);
  return s;
}

}  // namespace cgtlab::games
