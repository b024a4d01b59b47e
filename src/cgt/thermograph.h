// Thermographs of canonical short games, exactly as CGSuite draws them (Berlekamp, Conway
// and Guy, Winning Ways ch. 6; Siegel, CGT II.5). A wall is a continuous piecewise-linear
// function of the temperature t on [-1, oo): its value at t is slope * t + intercept on each
// segment. Values grow to the Left, so the left wall is >= the right wall. Critical points
// are listed from the top down, as CGSuite lists them; slopes[i] is the slope above
// critical_points[i] (slopes[0] is the mast's, always 0 for a short game). The part
// between -1 and 0 is kept: a number m/2^k has a thermograph with a critical point at
// -1/2^k, and an integer has none.
#pragma once
#include <string>
#include <vector>

#include "cgt/game.h"

namespace cgtlab::cgt {

class Trajectory {
 public:
  Trajectory() = default;
  explicit Trajectory(const Dyadic& constant);  // a vertical line (no critical point)

  // The value at temperature t >= -1.
  Dyadic value_at(const Dyadic& t) const;
  // The value of the mast (above the highest critical point).
  Dyadic mast_value() const;
  const std::vector<Dyadic>& critical_points() const { return cps_; }
  const std::vector<long>& slopes() const { return slopes_; }
  const std::vector<Dyadic>& intercepts() const { return intercepts_; }

  // Adds r * t (r an integer slope).
  Trajectory tilted(long r) const;
  static Trajectory max(const Trajectory& a, const Trajectory& b);
  static Trajectory min(const Trajectory& a, const Trajectory& b);

  // CGSuite's text of a wall: "mast,[c1,c2,...],[s0,s1,...]".
  std::string str() const;

  friend bool operator==(const Trajectory& a, const Trajectory& b) {
    return a.cps_ == b.cps_ && a.slopes_ == b.slopes_ && a.intercepts_ == b.intercepts_;
  }

  // Builds from segments top-down (slopes and intercepts one longer than cps); merges
  // neighbouring segments on one line and drops critical points at or below -1.
  static Trajectory from_segments(std::vector<Dyadic> cps, std::vector<long> slopes, std::vector<Dyadic> intercepts);

 private:
  std::size_t segment_at(const Dyadic& t) const;  // the segment containing t (upper end wins)
  std::vector<Dyadic> cps_;            // strictly decreasing, all > -1
  std::vector<long> slopes_{0};        // size cps_.size() + 1
  std::vector<Dyadic> intercepts_{Dyadic(0)};  // size cps_.size() + 1
};

struct Thermograph {
  Trajectory left_wall, right_wall;
  // CGSuite's text: "Thermograph(" left wall "," right wall ")", e.g. *8 ->
  // Thermograph(0,[0],[0,-1],0,[0],[0,1]).
  std::string str() const;
  // The temperature at which the walls reach the mast (-1 when neither wall has a
  // critical point), and the mast value.
  Dyadic temperature() const;
  Dyadic mast() const;
};

// The thermograph of g (memoized for the run).
const Thermograph& thermograph(Game g);
// The mean value (mast) of g.
Dyadic mean(Game g);
// CGSuite's temperature: an integer -1, a number m/2^k (m odd) -1/2^k, a number plus a
// nonzero infinitesimal 0, otherwise the temperature of the thermograph.
Dyadic temperature(Game g);

// An SVG picture of the thermograph: both walls, the mast, axes with exact tick labels.
// Values grow to the left (Left's side), as in Winning Ways.
std::string thermograph_svg(const Thermograph& t, const std::string& title);

}  // namespace cgtlab::cgt
