// The layered search of solve/layered.h specialised to K_n, where a class of positions is a
// partition: a descending tuple of n counts. A side of a layer is a list of tuples with an
// additive multiset hash each (the sum of a random word per count, so a move's result has its
// hash in O(1) from its parent's, without sorting), held in an open-addressing index. A hash
// only filters: a class is found in a side only when its tuple equals a stored one, so every
// answer is exact whatever the hashes do. Ranks (PartitionRanking: the index of a tuple in
// lexicographic order) are computed only for checkpoints and tests.
//
// Same alternation as solve/layered.h: from a stored P(t-1) the N(t) side is the set of
// predecessors; from a stored N(t-1) the P(t) side is the terminals plus the predecessors
// whose every option lies in N(t-1). At each step the search may also switch to the other
// side of the layer when that is smaller (listing the layer's classes once).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "games/pebbling/rules.h"
#include "solve/layered.h"
#include "solve/limits.h"
#include "solve/layered_partitioned.h"
#include "util/comm.h"

namespace cgtlab::games {

// Ranks descending n-tuples of a given total: rank = number of such tuples that are
// lexicographically smaller. Throws CapReached if a count exceeds 64 bits or the table
// would exceed its memory cap.
class PartitionRanking {
 public:
  PartitionRanking(int n, int max_total);
  static bool fits(int n, int max_total);  // the table fits its memory cap
  // One table per (n, bound) shared by the searches of a run (the cells of a table with the
  // same n use the same counts): built on first use; the most recently used tables stay in a
  // process-wide cache of at most 4 Mi counts (32 MiB), and a search holds its own alive.
  static std::shared_ptr<const PartitionRanking> shared(int n, int max_total);
  int n() const { return n_; }
  int max_total() const { return max_total_; }
  std::uint64_t count(int total) const { return f(n_, total, total + 1); }  // classes of that total
  std::uint64_t rank(const std::uint16_t* a, int total) const {
    std::uint64_t r = 0;
    int rest = total;
    for (int i = 0; i < n_ && rest > 0; ++i) {
      r += f(n_ - i, rest, a[i]);
      rest -= a[i];
    }
    return r;
  }
  void unrank(int total, std::uint64_t rank, std::uint16_t* a) const;

 // Descending tuples of length len, sum rest, every entry < below (rank's terms).
  std::uint64_t f(int len, int rest, int below) const {
    return table_[(static_cast<std::size_t>(len) * (max_total_ + 1) + rest) * stride_ + below];
  }

 private:
  int n_, max_total_;
  std::size_t stride_;
  std::vector<std::uint64_t> table_;
};

// One layer of the search: which side is stored and its tuples. CompleteGraphSearch keeps a
// hash per tuple; PartitionedCompleteSearch a rank per tuple (its share of the side).
struct CompleteLayer {
  int total = 0;
  int n = 0;  // counts per tuple
  solve::Side stored = solve::Side::P;
  std::vector<std::uint16_t> tuples;  // n counts per stored class (descending); empty when packed_only
  std::vector<std::uint64_t> hashes;  // CompleteGraphSearch: the multiset hash of each tuple
  std::vector<std::uint64_t> ranks;   // PartitionedCompleteSearch: the rank of each tuple
  // CompleteGraphSearch with n <= 16 and counts < 255: each tuple as 16 bytes (entry p in byte
  // p, zeros past n), compared in one instruction; empty when not (yet) made for this side.
  struct Packed {
    std::uint64_t lo = 0, hi = 0;
  };
  std::vector<Packed> packed;
  // The classes are held as packed tuples alone (CompleteGraphSearch's sides while packed: the
  // u16 tuples would take 2n more bytes per class).
  bool packed_only = false;
  const PartitionRanking* ranking = nullptr;  // CompleteGraphSearch: ranks the tuples
  std::uint64_t classes = 0;          // classes of this total
  solve::Weight all = 0;              // labelled positions of this total
  solve::Weight p_weight = 0;         // labelled P-positions
  std::size_t size() const {  // classes stored
    return packed_only ? packed.size() : n == 0 ? 0 : tuples.size() / static_cast<std::size_t>(n);
  }
  bool all_n() const { return p_weight == 0; }
  bool all_p() const { return p_weight == all; }
  std::uint64_t p_classes() const { return stored == solve::Side::P ? size() : classes - size(); }
  std::vector<std::uint64_t> sorted_ranks() const;  // the ranks of the stored classes, ascending
};

class CompleteGraphSearch {
 public:
  // Searches K_n (rules.complete()) up to max_total. Whether ranking fits: usable().
  CompleteGraphSearch(const Pebbling& rules, int max_total, solve::SearchLimits limits = {});
  ~CompleteGraphSearch();
  static bool usable(const Pebbling& rules, int max_total);
  const CompleteLayer& layer() const { return layer_; }
  const CompleteLayer& advance();
  std::uint64_t generated() const { return generated_; }
  // Resumes from a saved layer (its side and ranks); weights are recomputed.
  void restore(int total, solve::Side stored, const std::vector<std::uint64_t>& ranks);

 private:
  class Index;
  struct Scratch;
  struct Spare;
  static Spare& spare();  // this thread's buffers left by the last search, for the next one
  bool finish(CompleteLayer& next);  // true: next is the side out_index_ indexes
  void pack(CompleteLayer& layer) const;    // layer.packed from its tuples, when packed_
  void unpack(CompleteLayer& layer) const;  // layer.tuples from its packed tuples (no longer packed_only)
  std::uint64_t hash(const std::uint16_t* a) const;
  solve::Weight weight(const CompleteLayer& layer) const;

  const Pebbling& rules_;
  std::shared_ptr<const PartitionRanking> shared_ranking_;
  const PartitionRanking& ranking_;
  solve::SearchLimits limits_;
  CompleteLayer layer_;
  std::uint64_t generated_ = 0;
  bool packable_ = false;            // n <= 16
  bool packed_ = false;              // packable_ and this step's counts < 255: tuples also compared as bytes (CompleteLayer::packed)
  std::vector<std::uint64_t> word_;  // the hash word of each count value (a tuple's hash is their sum)
  // What a count v adds to a hash when it loses k+1 (a move), gains k, loses k (an un-move), gains k+1.
  std::vector<std::uint64_t> move_from_, move_to_, unmove_from_, unmove_to_;
  std::unique_ptr<Index> out_index_, prev_index_;  // of the side being built, of the stored side
  bool prev_indexed_ = false;                      // prev_index_ indexes layer_
  std::unique_ptr<Scratch> scratch_;               // buffers reused across layers
};

// The ranked search spread over the ranks of a run, as solve/layered_partitioned.h spreads the
// generic one: a class belongs to the rank its (hashed) rank number lands on; per layer each
// rank lists the predecessors of its share and sends each to its owner in one exchange (rank
// numbers, sorted and delta-coded; from a stored N side each with the number of its options in
// the sender's share of N(t-1)); a reduction sums weights and counts. Every layer is the one
// CompleteGraphSearch computes (same side, same counts); max_positions counts all ranks'
// classes, the memory estimate is per rank. No checkpoints.
struct PartitionedCompleteLayer : CompleteLayer {
  std::uint64_t stored_count = 0;     // classes of the stored side on all ranks (ranks: this rank's share)
  std::uint64_t bytes_exchanged = 0;  // payload bytes all ranks sent for this layer
  std::uint64_t p_classes() const { return stored == solve::Side::P ? stored_count : classes - stored_count; }
};

class PartitionedCompleteSearch {
 public:
  PartitionedCompleteSearch(const Pebbling& rules, int max_total, util::Comm& comm, solve::SearchLimits limits = {});
  const PartitionedCompleteLayer& layer() const { return layer_; }
  const PartitionedCompleteLayer& advance();
  std::uint64_t bytes_exchanged() const { return bytes_; }
  int ranks() const { return comm_.size(); }
  int owner(std::uint64_t rank) const;
  bool any(bool mine);  // whether any rank says yes (a collective; not counted in bytes)

 private:
  solve::partition::Totals reduce(solve::partition::Failure& failure, const CompleteLayer& mine,
                                  std::uint64_t exchanged, std::uint64_t peak);
  solve::Weight weight(const CompleteLayer& layer) const;

  const Pebbling& rules_;
  PartitionRanking ranking_;
  util::Comm& comm_;
  solve::SearchLimits limits_;
  PartitionedCompleteLayer layer_;
  std::uint64_t bytes_ = 0;
};

}  // namespace cgtlab::games
