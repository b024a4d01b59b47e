// Thermographs: walls as exact piecewise-linear trajectories (thermograph.h).
//
// For a game G that is not an integer, with scaffolds
//   LS(t) = max over G^L of RW(G^L)(t) - t,   RS(t) = min over G^R of LW(G^R)(t) + t,
// the walls of a short game have slopes 0 or -1 (left) and 0 or +1 (right), so LS - RS is
// non-increasing in t. The walls follow the scaffolds up to tau, the largest t >= -1 where
// LS(t) >= RS(t), and then rise as one vertical mast at LS(tau). If LS(-1) < RS(-1) the
// whole thermograph is a mast at the value of the scaffold nearest 0 (0 when it lies
// between them), as CGSuite's thermographic intersection does. Every crossing divides by
// a difference of slopes in {1, 2}, so all values stay dyadic.
#include "cgt/thermograph.h"

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <memory>
#include <cstdio>
#include <stdexcept>

#include "cgt/store.h"

namespace cgtlab::cgt {

using detail::Id;
using detail::Store;

namespace {

// x / d for a slope difference d (a power of two up to 4 in magnitude).
Dyadic div_small(const Dyadic& x, long d) {
  Dyadic r = d < 0 ? -x : x;
  long m = d < 0 ? -d : d;
  if (m == 1) return r;
  if (m == 2) return r.half();
  if (m == 4) return r.half().half();
  throw std::logic_error("thermograph: unexpected slope difference " + std::to_string(d));
}

Dyadic line_at(long slope, const Dyadic& intercept, const Dyadic& t) { return Dyadic(slope) * t + intercept; }

}  // namespace

Trajectory::Trajectory(const Dyadic& constant) : slopes_{0}, intercepts_{constant} {}

std::size_t Trajectory::segment_at(const Dyadic& t) const {
  std::size_t i = 0;
  while (i < cps_.size() && t < cps_[i]) ++i;
  return i;
}

Dyadic Trajectory::value_at(const Dyadic& t) const {
  std::size_t i = segment_at(t);
  return line_at(slopes_[i], intercepts_[i], t);
}

Dyadic Trajectory::mast_value() const {
  if (cps_.empty()) return intercepts_[0];
  return value_at(cps_[0]);
}

Trajectory Trajectory::tilted(long r) const {
  Trajectory out = *this;
  for (long& s : out.slopes_) s += r;
  return out;
}

Trajectory Trajectory::from_segments(std::vector<Dyadic> cps, std::vector<long> slopes, std::vector<Dyadic> intercepts) {
  const Dyadic minus_one(-1);
  // Drop critical points at or below -1 (and the segments under them).
  std::size_t keep = 0;
  while (keep < cps.size() && minus_one < cps[keep]) ++keep;
  cps.resize(keep);
  slopes.resize(keep + 1);
  intercepts.resize(keep + 1);
  Trajectory out;
  out.cps_.clear();
  out.slopes_ = {slopes[0]};
  out.intercepts_ = {intercepts[0]};
  for (std::size_t i = 0; i < cps.size(); ++i) {
    if (slopes[i + 1] == out.slopes_.back() && intercepts[i + 1] == out.intercepts_.back()) continue;  // same line
    out.cps_.push_back(cps[i]);
    out.slopes_.push_back(slopes[i + 1]);
    out.intercepts_.push_back(intercepts[i + 1]);
  }
  return out;
}

namespace {

// max (take_max) or min of two trajectories.
Trajectory extremum(const Trajectory& a, const Trajectory& b, bool take_max) {
  std::vector<Dyadic> pts;  // all critical points, decreasing
  pts.insert(pts.end(), a.critical_points().begin(), a.critical_points().end());
  pts.insert(pts.end(), b.critical_points().begin(), b.critical_points().end());
  std::sort(pts.begin(), pts.end(), [](const Dyadic& x, const Dyadic& y) { return y < x; });
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  auto count_geq = [](const std::vector<Dyadic>& cps, const Dyadic& t) {
    std::size_t n = 0;
    while (n < cps.size() && !(cps[n] < t)) ++n;
    return n;
  };
  std::vector<Dyadic> cps;
  std::vector<long> slopes;
  std::vector<Dyadic> intercepts;
  // Intervals top-down: (pts[0], oo), (pts[1], pts[0]), ..., (-1, pts.back()).
  for (std::size_t j = 0; j <= pts.size(); ++j) {
    std::size_t ia = j == 0 ? 0 : count_geq(a.critical_points(), pts[j - 1]);
    std::size_t ib = j == 0 ? 0 : count_geq(b.critical_points(), pts[j - 1]);
    long sa = a.slopes()[ia], sb = b.slopes()[ib];
    const Dyadic& ca = a.intercepts()[ia];
    const Dyadic& cb = b.intercepts()[ib];
    Dyadic lo = j < pts.size() ? pts[j] : Dyadic(-1);
    // Which dominates just below the top of the interval, and where they cross.
    std::vector<Dyadic> bounds;  // sub-interval lower ends, top-down
    if (sa != sb) {
      Dyadic x = div_small(cb - ca, sa - sb);
      bool below_top = j == 0 || x < pts[j - 1];
      if (lo < x && below_top) bounds.push_back(x);
    }
    bounds.push_back(lo);
    for (std::size_t k = 0; k < bounds.size(); ++k) {
      // Representative point of the sub-interval (bounds[k], top).
      bool a_wins;
      if (j == 0 && k == 0) {  // unbounded above
        if (sa != sb) a_wins = take_max ? sa > sb : sa < sb;
        else a_wins = take_max ? !(ca < cb) : !(cb < ca);
      } else {
        const Dyadic& top = k == 0 ? pts[j - 1] : bounds[k - 1];
        Dyadic mid = (top + bounds[k]).half();
        Dyadic va = line_at(sa, ca, mid), vb = line_at(sb, cb, mid);
        a_wins = take_max ? !(va < vb) : !(vb < va);
      }
      if (!(j == 0 && k == 0)) cps.push_back(k == 0 ? pts[j - 1] : bounds[k - 1]);
      slopes.push_back(a_wins ? sa : sb);
      intercepts.push_back(a_wins ? ca : cb);
    }
  }
  return Trajectory::from_segments(std::move(cps), std::move(slopes), std::move(intercepts));
}

}  // namespace

Trajectory Trajectory::max(const Trajectory& a, const Trajectory& b) { return extremum(a, b, true); }
Trajectory Trajectory::min(const Trajectory& a, const Trajectory& b) { return extremum(a, b, false); }

std::string Trajectory::str() const {
  std::string s = mast_value().str() + ",[";
  for (std::size_t i = 0; i < cps_.size(); ++i) {
    if (i > 0) s += ",";
    s += cps_[i].str();
  }
  s += "],[";
  for (std::size_t i = 0; i < slopes_.size(); ++i) {
    if (i > 0) s += ",";
    s += std::to_string(slopes_[i]);
  }
  return s + "]";
}

std::string Thermograph::str() const { return "Thermograph(" + left_wall.str() + "," + right_wall.str() + ")"; }

Dyadic Thermograph::temperature() const {
  Dyadic t(-1);
  if (!left_wall.critical_points().empty()) t = left_wall.critical_points()[0];
  if (!right_wall.critical_points().empty() && t < right_wall.critical_points()[0]) t = right_wall.critical_points()[0];
  return t;
}

Dyadic Thermograph::mast() const { return left_wall.value_at(temperature()); }

namespace {

Thermograph from_scaffolds(const Trajectory& ls, const Trajectory& rs) {
  const Dyadic minus_one(-1);
  Dyadic l1 = ls.value_at(minus_one), r1 = rs.value_at(minus_one);
  if (l1 < r1) {  // a cave from the base: one mast
    Dyadic v = Dyadic(0) < l1 ? l1 : r1 < Dyadic(0) ? r1 : Dyadic(0);
    return {Trajectory(v), Trajectory(v)};
  }
  // tau: the largest t with LS(t) >= RS(t); LS - RS is non-increasing.
  std::vector<Dyadic> pts;
  pts.insert(pts.end(), ls.critical_points().begin(), ls.critical_points().end());
  pts.insert(pts.end(), rs.critical_points().begin(), rs.critical_points().end());
  std::sort(pts.begin(), pts.end());
  pts.erase(std::unique(pts.begin(), pts.end()), pts.end());
  auto diff = [&](const Dyadic& t) { return ls.value_at(t) - rs.value_at(t); };
  Dyadic p = minus_one;  // D(p) >= 0
  std::size_t next = 0;
  while (next < pts.size() && diff(pts[next]).sign() >= 0) p = pts[next++];
  // On the segment above p (up to pts[next] or oo) D is linear and falls below 0.
  Dyadic probe = next < pts.size() ? (p + pts[next]).half() : p + Dyadic(1);
  auto seg_slope = [&](const Trajectory& tr) {
    std::size_t i = 0;
    while (i < tr.critical_points().size() && probe < tr.critical_points()[i]) ++i;
    return tr.slopes()[i];
  };
  long d_slope = seg_slope(ls) - seg_slope(rs);
  Dyadic dp = diff(p);
  Dyadic tau = p;
  if (dp.sign() > 0) {
    if (d_slope >= 0) throw std::logic_error("thermograph: scaffolds never meet");
    tau = p + div_small(dp, -d_slope);
  }
  Dyadic m = ls.value_at(tau);
  auto wall = [&](const Trajectory& sc) {
    std::vector<Dyadic> cps{tau};
    std::vector<long> slopes{0};
    std::vector<Dyadic> icp{m};
    std::size_t j = 0;
    while (j < sc.critical_points().size() && !(sc.critical_points()[j] < tau)) ++j;
    slopes.push_back(sc.slopes()[j]);
    icp.push_back(sc.intercepts()[j]);
    for (; j < sc.critical_points().size(); ++j) {
      cps.push_back(sc.critical_points()[j]);
      slopes.push_back(sc.slopes()[j + 1]);
      icp.push_back(sc.intercepts()[j + 1]);
    }
    return Trajectory::from_segments(std::move(cps), std::move(slopes), std::move(icp));
  };
  return {wall(ls), wall(rs)};
}

class ThermographCache {
 public:
  const Thermograph& get(Id g) {
    if (auto it = memo_.find(g); it != memo_.end()) return *it->second;
    Store& s = Store::get();
    Thermograph t;
    if (s.is_number(g) && s.nus_of(g).number.is_integer()) {
      t = {Trajectory(s.nus_of(g).number), Trajectory(s.nus_of(g).number)};
    } else if (s.is_nus(g) && !s.is_number(g)) {
      // x + n.^ + *m has the thermograph of x*, x^ or xv (CGSuite's reduction).
      detail::Nus v = s.nus_of(g);
      Id basic;
      if (v.ups == 0 || (v.star == 1 && (v.ups == 1 || v.ups == -1))) basic = s.nus(v.number, 0, 1);
      else basic = s.nus(v.number, v.ups > 0 ? 1 : -1, 0);
      t = basic == g ? compute(g) : get(basic);
    } else {
      t = compute(g);
    }
    auto [it, _] = memo_.emplace(g, std::make_unique<Thermograph>(std::move(t)));
    return *it->second;
  }

 private:
  Thermograph compute(Id g) {
    Store& s = Store::get();
    auto lo = s.left(g);
    auto ro = s.right(g);
    std::vector<Id> left(lo.begin(), lo.end()), right(ro.begin(), ro.end());
    if (left.empty() || right.empty()) throw std::logic_error("thermograph: a non-integer without options");
    Trajectory ls = get(left[0]).right_wall;
    for (std::size_t i = 1; i < left.size(); ++i) ls = Trajectory::max(ls, get(left[i]).right_wall);
    Trajectory rs = get(right[0]).left_wall;
    for (std::size_t i = 1; i < right.size(); ++i) rs = Trajectory::min(rs, get(right[i]).left_wall);
    return from_scaffolds(ls.tilted(-1), rs.tilted(1));
  }
  absl::flat_hash_map<Id, std::unique_ptr<Thermograph>> memo_;
};

ThermographCache& cache() {
  static ThermographCache c;
  return c;
}

}  // namespace

const Thermograph& thermograph(Game g) { return cache().get(g.id()); }

Dyadic mean(Game g) {
  if (auto v = g.as_number_up_star()) return v->number;
  return thermograph(g).mast();
}

Dyadic temperature(Game g) {
  if (auto v = g.as_number_up_star()) {
    if (v->ups == 0 && v->star == 0) return -Dyadic(mpz_class(1), v->number.exponent());
    return Dyadic(0);
  }
  return thermograph(g).temperature();
}

}  // namespace cgtlab::cgt

namespace cgtlab::cgt {

namespace {
double approx(const Dyadic& d) { return mpq_class(d.numerator(), d.denominator()).get_d(); }
std::string xml_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '&') o += "&amp;";
    else if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else if (c == '"') o += "&quot;";
    else o += c;
  }
  return o;
}
}  // namespace

// Pixel positions are doubles (drawing only); every label is the exact dyadic value.
std::string thermograph_svg(const Thermograph& th, const std::string& title) {
  const Dyadic minus_one(-1);
  Dyadic temp = th.temperature();
  Dyadic top = (temp < Dyadic(0) ? Dyadic(0) : temp) + Dyadic(1);
  std::vector<Dyadic> temps{minus_one, Dyadic(0), top};
  for (const Trajectory* w : {&th.left_wall, &th.right_wall})
    for (const Dyadic& c : w->critical_points()) temps.push_back(c);
  std::sort(temps.begin(), temps.end());
  temps.erase(std::unique(temps.begin(), temps.end()), temps.end());
  std::vector<Dyadic> values;
  for (const Dyadic& t : temps) {
    values.push_back(th.left_wall.value_at(t));
    values.push_back(th.right_wall.value_at(t));
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  double vmin = approx(values.front()), vmax = approx(values.back());
  double tmin = -1, tmax = approx(top);
  double span = std::max(vmax - vmin, tmax - tmin);
  if (span <= 0) span = 1;
  const double size = 420, margin = 70, min_width = 360;
  double scale = size / span;
  // A thin thermograph (a number, a small switch) still gets room for the caption line below it.
  double hmargin = std::max(margin, (min_width - (vmax - vmin) * scale) / 2);
  double width = (vmax - vmin) * scale + 2 * hmargin, height = (tmax - tmin) * scale + 2 * margin;
  auto X = [&](const Dyadic& v) { return hmargin + (vmax - approx(v)) * scale; };
  auto Y = [&](const Dyadic& t) { return margin + (tmax - approx(t)) * scale; };
  auto num = [](double d) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", d);
    return std::string(buf);
  };
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height + 20) +
                  "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s += "<title>" + xml_escape(title) + "</title>\n";
  s += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  s += "<text x=\"" + num(width / 2) + "\" y=\"16\" text-anchor=\"middle\" font-size=\"13\">" + xml_escape(title) +
       "</text>\n";
  // Axes: the value axis at t = 0, the temperature axis at the left edge.
  double x0 = hmargin - 20, x1 = width - hmargin + 20;
  s += "<line x1=\"" + num(x0) + "\" y1=\"" + num(Y(0)) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(Y(0)) +
       "\" stroke=\"#888\"/>\n";
  s += "<line x1=\"" + num(x1) + "\" y1=\"" + num(Y(minus_one)) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(Y(top)) +
       "\" stroke=\"#888\"/>\n";
  s += "<text x=\"" + num(x1 + 4) + "\" y=\"" + num(Y(top) - 6) + "\" font-style=\"italic\">t</text>\n";
  for (const Dyadic& t : temps) {
    if (t == top) continue;
    s += "<line x1=\"" + num(x1 - 3) + "\" y1=\"" + num(Y(t)) + "\" x2=\"" + num(x1 + 3) + "\" y2=\"" + num(Y(t)) +
         "\" stroke=\"#888\"/>\n";
    s += "<text x=\"" + num(x1 + 6) + "\" y=\"" + num(Y(t) + 4) + "\">" + t.str() + "</text>\n";
  }
  double label_y = height + 4;
  for (const Dyadic& v : values) {
    s += "<line x1=\"" + num(X(v)) + "\" y1=\"" + num(Y(minus_one)) + "\" x2=\"" + num(X(v)) + "\" y2=\"" +
         num(Y(minus_one) + 4) + "\" stroke=\"#888\"/>\n";
    s += "<text x=\"" + num(X(v)) + "\" y=\"" + num(label_y - margin + 30) + "\" text-anchor=\"middle\">" + v.str() +
         "</text>\n";
  }
  // Walls: Left's in blue, Right's in red; the mast (where they coincide) in black.
  auto wall = [&](const Trajectory& w, const char* colour) {
    std::string pts;
    for (const Dyadic& t : temps) {
      if (temp < t) break;
      pts += num(X(w.value_at(t))) + "," + num(Y(t)) + " ";
    }
    if (!(Dyadic(-1) < temp)) pts += num(X(w.value_at(minus_one))) + "," + num(Y(minus_one)) + " ";
    s += "<polyline fill=\"none\" stroke=\"" + std::string(colour) + "\" stroke-width=\"2\" points=\"" + pts + "\"/>\n";
  };
  wall(th.left_wall, "#1f4fd0");
  wall(th.right_wall, "#d0301f");
  Dyadic m = th.mast();
  s += "<line x1=\"" + num(X(m)) + "\" y1=\"" + num(Y(temp)) + "\" x2=\"" + num(X(m)) + "\" y2=\"" + num(Y(top)) +
       "\" stroke=\"black\" stroke-width=\"2.5\"/>\n";
  // The caption goes under the picture, centred: beside the mast it ran off the right edge.
  s += "<text x=\"" + num(width / 2) + "\" y=\"" + num(height + 12) + "\" text-anchor=\"middle\">mean " + m.str() +
       ", temperature " + temp.str() + "</text>\n";
  s += "</svg>\n";
  return s;
}

}  // namespace cgtlab::cgt
