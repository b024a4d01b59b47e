#include "mpi/comm.h"

#include <climits>
#include <cstdlib>
#include <list>
#include <string>
#include <vector>

#include "util/error.h"

#ifdef CGTLAB_WITH_MPI
// The C API only: Open MPI's mpi.h otherwise pulls in the deprecated C++ bindings (libmpi_cxx).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace cgtlab::mpi {

namespace {

bool launched_by_mpirun() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

#ifdef CGTLAB_WITH_MPI

int count_of(std::size_t n) {
  if (n > static_cast<std::size_t>(INT_MAX)) throw CapReached("a message of more than 2 GiB between ranks");
  return static_cast<int>(n);
}

class MpiComm final : public util::Comm {
 public:
  MpiComm(int* argc, char*** argv) {
    int provided = 0;
    // Commands run on a large-stack thread (cli/main.cpp), not the thread that starts MPI:
    // calls come from one thread at a time, but not always the main one.
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED) {
      MPI_Finalize();
      throw InputError("this Open MPI does not support MPI_THREAD_SERIALIZED");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiComm() override {
    for (auto& p : pending_) MPI_Wait(&p.request, MPI_STATUS_IGNORE);
    MPI_Finalize();
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void send(int to, int tag, const std::string& bytes) override {
    reap();
    pending_.push_back({bytes, MPI_REQUEST_NULL});
    auto& p = pending_.back();
    MPI_Isend(p.bytes.data(), count_of(p.bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD, &p.request);
    sent_ += bytes.size();
  }
  std::pair<int, std::string> recv(int tag) override {
    MPI_Status st;
    MPI_Probe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &st);
    return take(st, tag);
  }
  std::optional<std::pair<int, std::string>> try_recv(int tag) override {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &flag, &st);
    if (!flag) return std::nullopt;
    return take(st, tag);
  }
  std::string broadcast(const std::string& bytes) override {
    unsigned long long n = rank_ == 0 ? bytes.size() : 0;
    MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    std::string out = rank_ == 0 ? bytes : std::string(n, '\0');
    MPI_Bcast(out.data(), count_of(n), MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank_ == 0) sent_ += n * static_cast<unsigned long long>(size_ - 1);
    return out;
  }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    int mine = count_of(bytes.size());
    std::vector<int> counts(static_cast<std::size_t>(size_)), displs(static_cast<std::size_t>(size_));
    MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::size_t total = 0;
    for (int r = 0; r < size_; ++r) {
      displs[static_cast<std::size_t>(r)] = count_of(total);
      total += static_cast<std::size_t>(counts[static_cast<std::size_t>(r)]);
    }
    std::string all(total, '\0');
    MPI_Allgatherv(bytes.data(), mine, MPI_BYTE, all.data(), counts.data(), displs.data(), MPI_BYTE, MPI_COMM_WORLD);
    sent_ += bytes.size() * static_cast<std::size_t>(size_ - 1);
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(size_));
    for (int r = 0; r < size_; ++r)
      out.push_back(all.substr(static_cast<std::size_t>(displs[static_cast<std::size_t>(r)]),
                               static_cast<std::size_t>(counts[static_cast<std::size_t>(r)])));
    return out;
  }
  std::vector<std::string> exchange(const std::vector<std::string>& to_each) override {
    const auto n = static_cast<std::size_t>(size_);
    if (to_each.size() != n) throw std::logic_error("exchange: one message per rank");
    std::vector<int> send_counts(n), send_displs(n), recv_counts(n), recv_displs(n);
    std::string out_bytes;
    for (std::size_t r = 0; r < n; ++r) {
      send_displs[r] = count_of(out_bytes.size());
      send_counts[r] = count_of(to_each[r].size());
      out_bytes += to_each[r];
      if (r != static_cast<std::size_t>(rank_)) sent_ += to_each[r].size();
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    std::size_t total = 0;
    for (std::size_t r = 0; r < n; ++r) {
      recv_displs[r] = count_of(total);
      total += static_cast<std::size_t>(recv_counts[r]);
    }
    std::string in_bytes(total, '\0');
    MPI_Alltoallv(out_bytes.data(), send_counts.data(), send_displs.data(), MPI_BYTE, in_bytes.data(),
                  recv_counts.data(), recv_displs.data(), MPI_BYTE, MPI_COMM_WORLD);
    std::vector<std::string> out;
    out.reserve(n);
    for (std::size_t r = 0; r < n; ++r)
      out.push_back(in_bytes.substr(static_cast<std::size_t>(recv_displs[r]), static_cast<std::size_t>(recv_counts[r])));
    return out;
  }
  std::uint64_t bytes_sent() const override { return sent_; }

 private:
  struct Pending {
    std::string bytes;
    MPI_Request request;
  };
  void reap() {
    for (auto it = pending_.begin(); it != pending_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? pending_.erase(it) : std::next(it);
    }
  }
  std::pair<int, std::string> take(const MPI_Status& st, int tag) {
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    std::string bytes(static_cast<std::size_t>(n), '\0');
    MPI_Recv(bytes.data(), n, MPI_BYTE, st.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return {st.MPI_SOURCE, std::move(bytes)};
  }
  int rank_ = 0, size_ = 1;
  std::uint64_t sent_ = 0;
  std::list<Pending> pending_;  // list: the buffers of requests in flight never move
};

#endif

}  // namespace

std::unique_ptr<util::Comm> start_if_launched(int* argc, char*** argv) {
  if (!launched_by_mpirun()) return nullptr;
#ifdef CGTLAB_WITH_MPI
  return std::make_unique<MpiComm>(argc, argv);
#else
  (void)argc;
  (void)argv;
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (size && std::string(size) != "1")
    throw InputError("this cgtlab was built without MPI (-DCGTLAB_MPI=OFF): it cannot run under mpirun -np " + std::string(size));
  return nullptr;
#endif
}

}  // namespace cgtlab::mpi
