// One memory bound shared by a search's two tables: the nimbers' (NimberTable of exact values,
// whose own bound stays as set) and the refutations' (the same table as a map of flags: "the
// nimber is not v"), which may use what the nimber table leaves of the bound, and gives it back
// when the nimber table grows.
//
// Why: a fixed split leaves memory idle. Node-Kayles 4x29 (--table-mib 4096, the default split:
// nimbers 3072 MiB, refutations 768) had its refutation table full for half the run while the
// nimbers used 512 MiB (docs/results/node-kayles.md, fourteenth pass).
//
// The rule. B: the whole bound; Nmax: the nimber table's bound; Rmin: the refutations' bound of
// the fixed split (B - Nmax). T = B + Nmax / 2 is the most the fixed split holds at once (while
// the nimber table doubles to Nmax: the old half, the new table and the refutations' share), so
// no step below goes above it:
//  - with the nimber table at N bytes, the refutation table may take R(N): the largest of its
//    sizes S with N + S <= B and N + 3S/2 <= T (its doubling from S/2 holds both copies), and
//    never less than Rmin;
//  - before the nimber table doubles to 2N, the refutation table is halved until it fits R(2N)
//    (halving holds N + 3R/2 <= T; the doubling then N + 2N + R(2N) <= T). A halving keeps what
//    fits by the replacement rule; the entries dropped are facts lost, never wrong ones.
// Growth (and so halving) happens only where no other thread is inside either table (NimberTable:
// a shared table grows at the search's rendezvous).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>

namespace cgtlab::solve {

template <class Table>
class SharedTableBound {
 public:
  // on_change: called after each change of the refutations' bound (for progress displays).
  SharedTableBound(Table& nimbers, Table& refutations, std::uint64_t total_bytes, std::function<void()> on_change = {})
      : nimbers_(nimbers),
        refutations_(refutations),
        total_(total_bytes),
        floor_(refutations.max_bytes()),
        peak_(total_bytes + nimbers.max_bytes() / 2),
        on_change_(std::move(on_change)) {
    nimbers_.set_before_growth([this](std::uint64_t new_bytes) { make_room(new_bytes); });
    make_room(nimbers_.bytes());
  }
  ~SharedTableBound() { nimbers_.set_before_growth({}); }
  SharedTableBound(const SharedTableBound&) = delete;
  SharedTableBound& operator=(const SharedTableBound&) = delete;

  // R(n): the refutations' room beside a nimber table of n bytes (see the top of the file).
  std::uint64_t refutation_room(std::uint64_t n) const {
    std::uint64_t s = refutations_.fitting_bytes(total_ > n ? total_ - n : 0);
    while (s > floor_ && n + s / 2 * 3 > peak_) s = refutations_.fitting_bytes(s / 2);
    return std::max(s, floor_);
  }
  // Halvings of the refutation table so far.
  std::uint64_t halvings() const { return refutations_.shrinks(); }

 private:
  void make_room(std::uint64_t nimber_bytes) {
    const std::uint64_t room = refutation_room(nimber_bytes);
    while (refutations_.bytes() > room && refutations_.shrink()) {
    }
    refutations_.set_max_bytes(room);
    if (on_change_) on_change_();
  }

  Table& nimbers_;
  Table& refutations_;
  std::uint64_t total_, floor_, peak_;
  std::function<void()> on_change_;
};

}  // namespace cgtlab::solve
