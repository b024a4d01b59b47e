// Endgame databases for Cram (Arc-Kayles on grids) and Node-Kayles on grids: the nimber of
// every connected component shape of at most `max_cells` cells that fits in `rows` rows, built
// once by the outcome search (games::kayles_nimber's engine) and loaded by a later search, which
// then knows those components without searching or storing them.
//
// Scope. A component of a grid rows x C with C >= rows is keyed by its shape (nimber_search.cpp,
// grid_key: the bounding box packed row after row, the least packing over the images under the
// symmetries of the square, transposed images only where they fit the board), and for C >= rows
// that key depends on `rows` only. So one database serves every board with that many rows and at
// least as many columns, and no other board (kayles_nimber refuses it). Arc-Kayles databases hold
// only the shapes the search can meet: those its star and bridge simplifications leave unchanged;
// Node-Kayles databases hold every connected shape. A shape is stored as its 64-bit shape key:
// the packed box in bits 0..49 and the row length in bits 50..55 (the search's key, for boards
// whose key is one word; the builder refuses sizes whose boxes need more than 50 bits).
//
// File format, version 1 (text header, then binary payload):
//   "cgtlab-endgame-db 1\n"
//   "game arckayles\n" or "game nodekayles\n"
//   "rows <R>\n"
//   "max-cells <S>\n"
//   "entries <N>\n"
//   "payload-bytes <B>\n"
//   "checksum <16 hex digits>\n"      partition::stable_hash of the B payload bytes (FNV-1a 64
//                                     with a splitmix64 finaliser, solve/layered_partitioned.h)
//   payload: the N entries in increasing key order, entry i as the word E_i = key_i << 8 | nimber_i,
//   written as the LEB128 varint of E_i - E_{i-1} (E_{-1} = 0; every difference is positive).
// The average cost is reported by build-db (bits per entry); in memory an entry takes 16 bytes
// (one 8-byte word E in an open-addressing table at most half full).
// Loading refuses (InputError, one line) a file that is not such a database, of another version,
// truncated, with a wrong checksum, or whose entries are out of order or out of range.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <absl/hash/hash.h>

#include "games/kayles/rules.h"

namespace cgtlab::games {

struct NimberSearchOptions;

class EndgameDb {
 public:
  struct Entry {
    std::uint64_t key = 0;  // shape key (see above)
    int nimber = 0;
  };

  EndgameDb() = default;
  EndgameDb(VertexGame game, int rows, int max_cells, const std::vector<Entry>& entries);

  VertexGame game() const { return game_; }
  int rows() const { return rows_; }
  int max_cells() const { return max_cells_; }
  std::uint64_t size() const { return entries_; }
  std::uint64_t memory_bytes() const { return slots_.size() * sizeof(std::uint64_t); }

  // The nimber of the shape with this key, or -1 when it is not stored.
  int get(std::uint64_t key) const {
    if (slots_.empty()) return -1;
    for (std::uint64_t i = mix(key) & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t s = slots_[i];
      if (s == 0) return -1;
      if ((s >> 8) == key) return static_cast<int>(s & 0xff);
    }
  }

  // Every entry, in increasing key order.
  std::vector<Entry> entries() const;

  // Writes the file (format above); returns its payload size in bytes. Throws InputError on an
  // I/O error.
  std::uint64_t save(const std::string& path) const;
  // Reads a file written by save(). Throws InputError (one line naming the file and the fault).
  static EndgameDb load(const std::string& path);

  // The cells of a shape key: row i of the box is bits i*w .. i*w+w-1 of the result's row i.
  // Returns the rows of the bounding box (each a bitmask of width `width`).
  static std::vector<std::uint64_t> shape_rows(std::uint64_t key, int& width);

  static const char* game_name(VertexGame g) { return g == VertexGame::ArcKayles ? "arckayles" : "nodekayles"; }

 private:
  static std::uint64_t mix(std::uint64_t x) { return absl::Hash<std::uint64_t>{}(x); }
  VertexGame game_ = VertexGame::ArcKayles;
  int rows_ = 0, max_cells_ = 0;
  std::uint64_t entries_ = 0, mask_ = 0;
  std::vector<std::uint64_t> slots_;  // key << 8 | nimber; 0 = empty
};

struct EndgameDbBuildStats {
  std::uint64_t shapes = 0;          // connected shapes enumerated (up to the 4 symmetries that keep rows)
  std::uint64_t reduced_shapes = 0;  // of them, those the search can meet (the reductions keep them)
  std::uint64_t positions = 0;       // positions the searches expanded
  std::uint64_t duplicate_keys = 0;  // shapes whose key another shape already had (the transposed images)
  std::vector<std::uint64_t> entries_by_cells;  // index n: entries of n cells
};

// Builds the database of game for `rows` rows and shapes of at most max_cells cells, computing
// every nimber with the outcome search (options: table size, interrupt, max_nodes). Throws
// InputError for sizes out of range (rows 1..8, rows * max(max_cells, rows) <= 64, every box at
// most 50 bits), CapReached when more than max_shapes shapes are met or a search cap is hit.
EndgameDb build_endgame_db(VertexGame game, int rows, int max_cells, const NimberSearchOptions& options,
                           std::uint64_t max_shapes, EndgameDbBuildStats* stats = nullptr,
                           const std::function<void(const std::string&)>& progress = {});

// The largest box area (bits) of a connected shape of at most max_cells cells in `rows` rows.
int endgame_db_max_area(int rows, int max_cells);

}  // namespace cgtlab::games
