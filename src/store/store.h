// A result store: one SQLite file (WAL journal) holding
//  - a catalogue of results: command, parameters (canonical JSON), the algorithm and its
//    version, status, answer (JSON), seconds, peak memory, cgtlab version, date;
//  - resumable partial state of long computations (checkpoints): a JSON state and one bulk
//    blob (for the layered search: the last completed layer's stored side, as sorted ranks,
//    delta-varint encoded; see docs/PERFORMANCE.md "Result store" for the measurements).
//
// A result is found only under the same command, the same parameters and the same
// algorithm version: a store never answers for other parameters or an older algorithm.
// Writes are transactions (crash-safe under kill -9); several processes may share a file
// (SQLite locking, busy timeout). A file that is not a cgtlab store, or was written by a
// newer schema, is refused with InputError.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cgtlab::store {

inline constexpr const char* kCgtlabVersion = "0.1.0";
inline constexpr int kSchemaVersion = 1;

struct Key {
  std::string command;     // "pebbling mvalue"
  std::string params;      // canonical JSON of the parameters (sorted keys)
  int algorithm_version = 1;
};

struct Record {
  std::int64_t id = 0;
  Key key;
  std::string status;  // "found", "none_within_bound", "capped", ...
  std::string answer;  // JSON
  double seconds = 0;
  std::uint64_t peak_memory = 0;  // bytes (peak resident set of the process)
  std::string cgtlab_version;
  std::string date;  // UTC, ISO 8601
};

struct Checkpoint {
  Key key;
  std::string state;              // JSON
  std::vector<std::uint8_t> bulk;  // opaque
  std::string date;
};

class Store {
 public:
  // Opens (creating if absent) a store file. Throws InputError for a file that is not a
  // cgtlab store, a corrupt file or a newer schema.
  // create = false: a missing file is an error (for commands that only read a store).
  explicit Store(const std::string& path, bool create = true);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const { return path_; }

  std::optional<Record> find(const Key& key) const;
  // Adds or replaces the record of the key; fills id, cgtlab_version and date.
  Record put(Record record);
  std::vector<Record> list() const;
  std::optional<Record> get(std::int64_t id) const;

  void save_checkpoint(const Checkpoint& c);  // replaces the key's checkpoint
  std::optional<Checkpoint> load_checkpoint(const Key& key) const;
  void drop_checkpoint(const Key& key);
  std::size_t checkpoint_count() const;

 struct Db;  // the SQLite connection (store.cpp)

 private:
  std::string path_;
  std::unique_ptr<Db> db_;
};

// Peak resident memory of this process so far, in bytes.
std::uint64_t peak_memory_bytes();
// Now, UTC, "2026-11-23T06:30:00Z".
std::string utc_now();

// Sorted distinct 64-bit values as delta varints (and back). Throws InputError on bad data.
std::vector<std::uint8_t> encode_sorted(const std::vector<std::uint64_t>& values);
std::vector<std::uint64_t> decode_sorted(const std::vector<std::uint8_t>& bytes);

}  // namespace cgtlab::store
