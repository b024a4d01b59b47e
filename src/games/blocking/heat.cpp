#include "games/blocking/heat.h"

#include <absl/container/flat_hash_map.h>

#include "cgt/thermograph.h"

namespace cgtlab::games {

std::vector<HeatRow> blocking_heat(BlockingAnalyzer& a, const PositionSpace& space) {
  std::vector<HeatRow> rows;
  absl::flat_hash_map<std::uint32_t, cgt::Dyadic> temp;  // temperature by canonical-form id
  for (int n = 0; n <= space.max_pebbles; ++n) {
    HeatRow row;
    row.pebbles = n;
    bool first = true;
    row.positions = for_each_blocking_position(a.rules(), n, space.colours, [&](const games::BlockingPosition& p) {
      cgt::Game v = a.value(p);
      auto it = temp.find(v.id());
      if (it == temp.end()) it = temp.emplace(v.id(), cgt::temperature(v)).first;
      const cgt::Dyadic& t = it->second;
      if (t.sign() > 0) ++row.hot;
      if (first || row.hottest < t) {
        first = false;
        row.hottest = t;
        row.at_hottest = 0;
        row.value = v;
        row.example = p;
      }
      if (t == row.hottest) ++row.at_hottest;
    });
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace cgtlab::games
