// The processes of one run, as the library sees them: a rank, a size, and messages of bytes.
// One process (no mpirun) has no Comm at all (a null pointer); under `mpirun -np N` the
// command-line tool passes the Open MPI implementation (src/mpi/, the only code that names MPI).
// The library never sees an MPI type: sweeps (store/sweep.h) and the partitioned layered search
// speak only this interface, so they can be tested with any implementation.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cgtlab::util {

class Comm {
 public:
  virtual ~Comm() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Point to point: send returns at once (the bytes are copied); recv blocks until a message
  // with the tag arrives from any rank; try_recv returns nothing when none is waiting.
  virtual void send(int to, int tag, const std::string& bytes) = 0;
  virtual std::pair<int, std::string> recv(int tag) = 0;  // (source rank, bytes)
  virtual std::optional<std::pair<int, std::string>> try_recv(int tag) = 0;
  // Collectives (every rank calls them in the same order): rank 0's bytes to every rank; every
  // rank's bytes to every rank (gathered, indexed by rank); to_each[r] to rank r, returning what
  // each rank sent to this one (indexed by source).
  virtual std::string broadcast(const std::string& bytes) = 0;
  virtual std::vector<std::string> all_gather(const std::string& bytes) = 0;
  virtual std::vector<std::string> exchange(const std::vector<std::string>& to_each) = 0;
  // Bytes this rank has handed to the transport so far (payloads, all operations).
  virtual std::uint64_t bytes_sent() const = 0;
};

}  // namespace cgtlab::util
