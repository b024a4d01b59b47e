// The layered search of solve/layered.h spread over the ranks of a run (util/comm.h): each
// rank owns the classes whose canonical representative hashes to it, and each layer costs one
// exchange of positions plus one small reduction. The answer (every layer's side, counts and
// weights) is the one a single LayeredSearch gives; only where the positions live differs.
//
// Owner of a class: a fixed hash of its representative's bytes (the same in every process;
// absl's hash is seeded per process), modulo the number of ranks.
//
// One layer, from the stored side S(t-1) (each rank holds its owned part):
//  - S = P:  N(t) = the predecessors of P(t-1). Each rank lists the predecessors of its part,
//            sends each to its owner (deduplicated per destination), and keeps what it receives.
//  - S = N:  P(t) = terminals plus the candidates c (predecessors of N(t-1)) whose every option
//            lies in N(t-1). Each rank sends, with each candidate c, the number of distinct
//            classes x of its part of N(t-1) that are options of c. Each x has one owner, so the
//            owner of c sums the numbers to |options(c) ∩ N(t-1)|, and c is P exactly when that
//            equals the number of distinct option classes of c, which it lists itself. No second
//            round of questions and answers: one exchange per layer either way.
// The reduction (all_gather) sums the weights and counts of the new side, so every rank takes
// the same decisions the single search takes: store an empty side, switch to the smaller side
// (listing the layer's classes, each rank keeping its own), and report "all N" / "has P".
//
// Caps: --max-positions counts the classes stored by all ranks together, as one search stores
// them (checked exactly after each layer; each rank also checks its own share while a layer
// grows, which never fires early since a share is at most the whole). The memory estimate is
// per rank (the largest share): each process has its own memory.
// Errors (a cap, bad input, a bug) met on any rank are raised on every rank after the
// reduction, so no rank is left waiting in a collective.
#pragma once
#include <absl/container/flat_hash_map.h>
#include <absl/container/flat_hash_set.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "solve/layered.h"
#include "solve/limits.h"
#include "util/comm.h"
#include "util/error.h"

namespace cgtlab::solve {

// Positions that travel as bytes: a contiguous run of trivially copyable elements.
template <class P>
concept ByteCodable = requires(const P& p, std::size_t n) {
  p.data();
  p.size();
  P(n);
} && std::is_trivially_copyable_v<std::remove_cvref_t<decltype(*std::declval<const P&>().data())>>;

namespace partition {

// FNV-1a over the bytes, then a 64-bit finaliser (splitmix64): the same in every process.
inline std::uint64_t stable_hash(const void* data, std::size_t n) {
  const auto* b = static_cast<const unsigned char*>(data);
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= b[i];
    h *= 0x100000001b3ull;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// Reads what put_varint wrote; a truncated or oversized number is a bug (logic_error).
inline std::uint64_t get_varint(const std::string& in, std::size_t& at) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (at >= in.size()) throw std::logic_error("partitioned search: truncated message");
    const auto byte = static_cast<unsigned char>(in[at++]);
    v |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return v;
  }
  throw std::logic_error("partitioned search: malformed number in a message");
}

template <ByteCodable P>
void put_position(std::string& out, const P& p) {
  const std::size_t bytes = p.size() * sizeof(*p.data());
  put_varint(out, p.size());
  out.append(reinterpret_cast<const char*>(p.data()), bytes);
}

template <ByteCodable P>
P get_position(const std::string& in, std::size_t& at) {
  const std::uint64_t n = get_varint(in, at);
  using E = std::remove_cvref_t<decltype(*std::declval<const P&>().data())>;
  if (n > (in.size() - at) / sizeof(E)) throw std::logic_error("partitioned search: truncated position");
  P p(static_cast<std::size_t>(n));
  std::memcpy(static_cast<void*>(p.data()), in.data() + at, static_cast<std::size_t>(n) * sizeof(E));
  at += static_cast<std::size_t>(n) * sizeof(E);
  return p;
}

// An error met on this rank during a layer: raised on every rank once all have reported.
struct Failure {
  enum Kind : unsigned char { None = 0, Input = 1, Cap = 2, Internal = 3 };
  Kind kind = None;
  std::string what;

  template <class F>
  void guard(F&& f) {
    if (kind != None) return;
    try {
      f();
    } catch (const CapReached& e) {
      *this = {Cap, e.what()};
    } catch (const InputError& e) {
      *this = {Input, e.what()};
    } catch (const std::bad_alloc&) {
      *this = {Cap, "out of memory"};
    } catch (const std::exception& e) {
      *this = {Internal, e.what()};
    }
  }
  [[noreturn]] void raise() const {
    if (kind == Input) throw InputError(what);
    if (kind == Cap) throw CapReached(what);
    throw std::runtime_error(what);
  }
};

// What the ranks together hold after a layer: the reduction of every rank's share.
struct Totals {
  Weight weight = 0;             // of the stored side's classes, all ranks
  std::uint64_t count = 0;       // classes of the stored side, all ranks
  std::uint64_t bytes = 0;       // payload all ranks sent for the layer (the reduction included)
  std::uint64_t peak = 0;        // stored classes and candidates, summed over ranks
  std::uint64_t peak_bytes = 0;  // the largest share's estimated bytes
};

// Every rank's weight w and count of stored classes, its bytes `exchanged` for the layer, its
// `peak` of held classes (each about `bytes_per_held` bytes) and its error to every rank; an error
// anywhere is raised here on every rank (the lowest rank's, so all raise the same).
inline Totals reduce(util::Comm& comm, const Failure& failure, Weight w, std::uint64_t count,
                     std::uint64_t exchanged, std::uint64_t peak, std::uint64_t bytes_per_held) {
  std::string msg;
  msg.push_back(static_cast<char>(failure.kind));
  put_varint(msg, static_cast<std::uint64_t>(w >> 64));
  put_varint(msg, static_cast<std::uint64_t>(w));
  put_varint(msg, count);
  put_varint(msg, exchanged);
  put_varint(msg, peak);
  msg += failure.what;
  Totals sum;
  std::uint64_t gathered = 0;
  for (const std::string& m : comm.all_gather(msg)) {
    std::size_t at = 1;
    const auto kind = static_cast<Failure::Kind>(m.at(0));
    const std::uint64_t hi = get_varint(m, at), lo = get_varint(m, at);
    const std::uint64_t n = get_varint(m, at), bytes = get_varint(m, at), held = get_varint(m, at);
    if (kind != Failure::None) Failure{kind, m.substr(at)}.raise();
    const Weight x = (static_cast<Weight>(hi) << 64) | lo;
    if (__builtin_add_overflow(sum.weight, x, &sum.weight)) throw CapReached("position counts exceed 128 bits");
    sum.count += n;
    sum.bytes += bytes;
    sum.peak += held;
    sum.peak_bytes = std::max(sum.peak_bytes, held * bytes_per_held);
    gathered += m.size();
  }
  sum.bytes += gathered * static_cast<std::uint64_t>(comm.size() - 1);  // the reduction itself
  return sum;
}

// The layer's global counts from the reduction (its `stored` side and `all` already set); the
// search's byte counter `bytes` grows by the layer's.
template <class L>
void take_totals(L& layer, const Totals& sum, std::uint64_t& bytes) {
  layer.stored_count = sum.count;
  layer.p_weight = layer.stored == Side::P ? sum.weight : layer.all - sum.weight;
  layer.bytes_exchanged = sum.bytes;
  bytes += sum.bytes;
}

}  // namespace partition

template <LayeredRuleset R>
  requires ByteCodable<typename R::Position>
class PartitionedLayeredSearch {
 public:
  using Position = typename R::Position;

  struct Layer {
    int measure = 0;
    Side stored = Side::P;
    std::vector<Position> positions;  // this rank's share of the stored side (ByteOrder, distinct)
    std::uint64_t stored_count = 0;   // classes of the stored side on all ranks together
    Weight all = 0;                   // labelled positions of this measure
    Weight p_weight = 0;              // labelled P-positions of this measure
    std::uint64_t bytes_exchanged = 0;  // payload bytes all ranks sent for this layer
    bool all_n() const { return p_weight == 0; }
    bool all_p() const { return p_weight == all; }
  };

  PartitionedLayeredSearch(const R& rules, util::Comm& comm, SearchLimits limits = {})
      : rules_(rules), comm_(comm), limits_(limits) {
    partition::Failure failure;
    Layer first;
    first.measure = 0;
    first.stored = Side::P;
    failure.guard([&] {
      first.all = rules_.layer_size(0);
      rules_.for_each_terminal(0, [&](const Position& p) {
        if (owner(p) == comm_.rank()) first.positions.push_back(p);
      });
      dedupe(first.positions);
    });
    partition::take_totals(first, reduce(failure, first, 0, 0), bytes_);
    layer_ = std::move(first);
  }

  const Layer& layer() const { return layer_; }
  std::uint64_t generated() const { return generated_; }  // canonical positions listed by this rank
  std::uint64_t bytes_exchanged() const { return bytes_; }  // all ranks, every layer so far
  int ranks() const { return comm_.size(); }

  int owner(const Position& p) const {
    const std::uint64_t h = partition::stable_hash(p.data(), p.size() * sizeof(*p.data()));
    return static_cast<int>(h % static_cast<std::uint64_t>(comm_.size()));
  }

  // Whether any rank says yes (a collective: every rank calls it at the same point; its byte
  // per rank is not counted in bytes_exchanged).
  bool any(bool mine) {
    for (const std::string& s : comm_.all_gather(std::string(1, mine ? '1' : '0')))
      if (s == "1") return true;
    return false;
  }

  const Layer& advance() {
    const int t = layer_.measure + 1;
    const int size = comm_.size(), me = comm_.rank();
    const bool from_p = layer_.stored == Side::P;
    const std::uint64_t sent_before = comm_.bytes_sent();
    const std::uint64_t before = layer_.positions.size();
    partition::Failure failure;
    Layer next;
    next.measure = t;
    // This rank's share of what one search would hold after listing the candidates (its
    // stored classes and the candidates it owns): summed over ranks, exactly what a single
    // LayeredSearch checks against the cap.
    std::uint64_t peak = 0;

    // 1. List the predecessors of this rank's share, bucketed by owner.
    std::vector<std::string> out(static_cast<std::size_t>(size));
    failure.guard([&] {
      next.all = rules_.layer_size(t);
      std::uint64_t held = 0;
      auto count_new = [&] {
        if ((++held & 4095) == 0) limits_.check(before + held, (before + held) * sizeof(Position));
      };
      if (from_p) {
        std::vector<absl::flat_hash_set<Position>> to(static_cast<std::size_t>(size));
        for (const Position& x : layer_.positions) {
          rules_.for_each_canonical_predecessor(x, [&](const Position& c) {
            ++generated_;
            if (to[static_cast<std::size_t>(owner(c))].insert(c).second) count_new();
          });
        }
        for (int r = 0; r < size; ++r) {
          std::string& m = out[static_cast<std::size_t>(r)];
          for (const Position& c : to[static_cast<std::size_t>(r)]) partition::put_position(m, c);
        }
      } else {
        std::vector<absl::flat_hash_map<Position, std::uint64_t>> to(static_cast<std::size_t>(size));
        absl::flat_hash_set<Position> of_x;  // the distinct predecessors of one x
        for (const Position& x : layer_.positions) {
          of_x.clear();
          rules_.for_each_canonical_predecessor(x, [&](const Position& c) {
            ++generated_;
            if (!of_x.insert(c).second) return;
            auto [it, fresh] = to[static_cast<std::size_t>(owner(c))].try_emplace(c, 0);
            ++it->second;
            if (fresh) count_new();
          });
        }
        for (int r = 0; r < size; ++r) {
          std::string& m = out[static_cast<std::size_t>(r)];
          for (const auto& [c, n] : to[static_cast<std::size_t>(r)]) {
            partition::put_position(m, c);
            partition::put_varint(m, n);
          }
        }
      }
    });

    // 2. One exchange: every rank receives the candidates it owns.
    std::vector<std::string> in = comm_.exchange(out);
    out = {};
    const std::uint64_t exchanged = comm_.bytes_sent() - sent_before;

    // 3. Decide the owned candidates.
    failure.guard([&] {
      if (from_p) {
        absl::flat_hash_set<Position> merged;
        for (const std::string& m : in) {
          for (std::size_t at = 0; at < m.size();) merged.insert(partition::get_position<Position>(m, at));
        }
        in = {};
        peak = before + merged.size();
        limits_.check(before + merged.size(), (before + merged.size()) * sizeof(Position));
        next.stored = Side::N;
        next.positions.assign(merged.begin(), merged.end());
        std::sort(next.positions.begin(), next.positions.end(), ByteOrder{});
      } else {
        absl::flat_hash_map<Position, std::uint64_t> in_n;  // candidate -> |options ∩ N(t-1)|
        for (const std::string& m : in) {
          for (std::size_t at = 0; at < m.size();) {
            Position c = partition::get_position<Position>(m, at);
            in_n[c] += partition::get_varint(m, at);
          }
        }
        in = {};
        peak = before + in_n.size();
        limits_.check(before + in_n.size(), (before + in_n.size()) * sizeof(Position));
        absl::flat_hash_set<Position> options;
        for (const auto& entry : in_n) {  // not a structured binding: clang 14 cannot capture one
          const Position& c = entry.first;
          const std::uint64_t in_n_count = entry.second;
          options.clear();
          bool more = false;
          rules_.for_each_canonical_option(c, [&](const Position& o) -> bool {
            if (options.insert(o).second && options.size() > in_n_count) more = true;
            return !more;
          });
          if (!more && options.size() < in_n_count) {
            throw std::logic_error("partitioned search: a class has more options in N than options");
          }
          if (!more) next.positions.push_back(c);
        }
        rules_.for_each_terminal(t, [&](const Position& p) {
          if (owner(p) != me) return;
          next.positions.push_back(p);
          if ((next.positions.size() & 4095) == 0) {
            const std::uint64_t stored = before + next.positions.size();
            limits_.check(stored, stored * sizeof(Position));
          }
        });
        dedupe(next.positions);
        next.stored = Side::P;
      }
    });

    // 4. The reduction: weights and counts of the new side, the cap on all ranks together.
    const partition::Totals sum = reduce(failure, next, exchanged, peak);
    partition::take_totals(next, sum, bytes_);
    limits_.check(sum.peak, sum.peak_bytes);  // the same on every rank: all throw or none

    // Store an empty side when there is one, then the smaller side (as LayeredSearch does).
    if (next.p_weight == 0 && next.stored == Side::N) {
      next.stored = Side::P;
      next.positions.clear();
      next.stored_count = 0;
    } else if (next.p_weight == next.all && next.stored == Side::P) {
      next.stored = Side::N;
      next.positions.clear();
      next.stored_count = 0;
    }
    if constexpr (ClassCountable<R>) switch_to_smaller_side(next);
    next.positions.shrink_to_fit();
    layer_ = std::move(next);
    return layer_;
  }

 private:
  partition::Totals reduce(partition::Failure& failure, const Layer& mine, std::uint64_t exchanged,
                           std::uint64_t peak) {
    Weight w = 0;
    failure.guard([&] { w = layer_weight(rules_, mine.positions); });
    return partition::reduce(comm_, failure, w, mine.positions.size(), exchanged, peak, sizeof(Position));
  }

  // As LayeredSearch: when the stored side is the larger one, list the layer and store the other.
  // Every rank takes the decision from the global count, and lists the classes it owns.
  void switch_to_smaller_side(Layer& layer) requires ClassCountable<R> {
    auto classes = rules_.class_count(layer.measure);
    if (!classes) return;
    const Weight stored = layer.stored_count;
    if (stored <= *classes - stored) return;
    partition::Failure failure;
    failure.guard([&] {
      std::vector<Position> all;
      rules_.for_each_class(layer.measure, [&](const Position& p) {
        if (owner(p) == comm_.rank()) all.push_back(p);
      });
      dedupe(all);
      std::vector<Position> other;
      std::set_difference(all.begin(), all.end(), layer.positions.begin(), layer.positions.end(),
                          std::back_inserter(other), ByteOrder{});
      layer.positions = std::move(other);
    });
    // Rare (a side larger than half the layer): one more small collective, so an error here
    // reaches every rank too.
    std::string msg(1, static_cast<char>(failure.kind));
    msg += failure.what;
    std::uint64_t gathered = 0;
    for (const std::string& m : comm_.all_gather(msg)) {
      const auto kind = static_cast<partition::Failure::Kind>(m.at(0));
      if (kind != partition::Failure::None) partition::Failure{kind, m.substr(1)}.raise();
      gathered += m.size();
    }
    gathered *= static_cast<std::uint64_t>(comm_.size() - 1);
    layer.bytes_exchanged += gathered;
    bytes_ += gathered;
    layer.stored_count = static_cast<std::uint64_t>(*classes - stored);
    layer.stored = layer.stored == Side::P ? Side::N : Side::P;
  }

  static void dedupe(std::vector<Position>& v) {
    std::sort(v.begin(), v.end(), ByteOrder{});
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }

  const R& rules_;
  util::Comm& comm_;
  SearchLimits limits_;
  Layer layer_;
  std::uint64_t generated_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace cgtlab::solve
