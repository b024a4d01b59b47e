#include "store/store.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <ctime>

#include "util/error.h"

namespace cgtlab::store {

namespace {

constexpr int kApplicationId = 0x6367746c;  // "cgtl"

const char* kSchema = R"sql(
CREATE TABLE results (
  id INTEGER PRIMARY KEY,
  command TEXT NOT NULL,
  params TEXT NOT NULL,
  algorithm_version INTEGER NOT NULL,
  status TEXT NOT NULL,
  answer TEXT NOT NULL,
  seconds REAL NOT NULL,
  peak_memory INTEGER NOT NULL,
  cgtlab_version TEXT NOT NULL,
  date TEXT NOT NULL,
  UNIQUE (command, params, algorithm_version)
);
CREATE TABLE checkpoints (
  command TEXT NOT NULL,
  params TEXT NOT NULL,
  algorithm_version INTEGER NOT NULL,
  state TEXT NOT NULL,
  bulk BLOB NOT NULL,
  date TEXT NOT NULL,
  PRIMARY KEY (command, params, algorithm_version)
);
)sql";

}  // namespace

struct Store::Db {
  sqlite3* db = nullptr;
  std::string path;
  ~Db() {
    if (db) sqlite3_close_v2(db);
  }
  [[noreturn]] void fail(const std::string& what) const {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    int code = db ? sqlite3_errcode(db) : SQLITE_NOMEM;
    if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT) {
      throw InputError(path + ": not a cgtlab store or a corrupt one (" + msg + ")");
    }
    throw InputError(path + ": store error while " + what + ": " + msg);
  }
  void exec(const char* sql, const std::string& what) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      sqlite3_free(err);
      fail(what);
    }
  }
  // SQLite does not call the busy handler while it changes the journal mode (it needs the file to
  // itself), so two processes opening a new store at once saw "database is locked": retry, with the
  // same 60 s patience the busy timeout gives every other statement.
  void exec_retrying_busy(const char* sql, const std::string& what) {
    for (int attempt = 0;; ++attempt) {
      char* err = nullptr;
      int rc = sqlite3_exec(db, sql, nullptr, nullptr, &err);
      sqlite3_free(err);
      if (rc == SQLITE_OK) return;
      if ((rc != SQLITE_BUSY && rc != SQLITE_LOCKED) || attempt >= 6000) fail(what);
      usleep(10000);
    }
  }
  int pragma_int(const char* sql) {
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) fail("reading the header");
    int v = 0;
    int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) {
      v = sqlite3_column_int(s, 0);
    } else if (rc != SQLITE_DONE) {
      sqlite3_finalize(s);
      fail("reading the header");
    }
    sqlite3_finalize(s);
    return v;
  }
};

namespace {

// A prepared statement, finalized on scope exit.
class Stmt {
 public:
  Stmt(const Store::Db& db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db.db, sql, -1, &s_, nullptr) != SQLITE_OK) db.fail("preparing a query");
  }
  ~Stmt() { sqlite3_finalize(s_); }
  Stmt& text(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& integer(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Stmt& real(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  Stmt& blob(int i, const std::vector<std::uint8_t>& v) {
    sqlite3_bind_blob64(s_, i, v.data(), v.size(), SQLITE_TRANSIENT);
    return *this;
  }
  bool step() {
    int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_.fail("querying");
  }
  std::string col_text(int i) const {
    const unsigned char* t = sqlite3_column_text(s_, i);
    return t ? std::string(reinterpret_cast<const char*>(t), static_cast<std::size_t>(sqlite3_column_bytes(s_, i)))
             : std::string();
  }
  std::int64_t col_int(int i) const { return sqlite3_column_int64(s_, i); }
  double col_real(int i) const { return sqlite3_column_double(s_, i); }
  std::vector<std::uint8_t> col_blob(int i) const {
    const auto* p = static_cast<const std::uint8_t*>(sqlite3_column_blob(s_, i));
    return p ? std::vector<std::uint8_t>(p, p + sqlite3_column_bytes(s_, i)) : std::vector<std::uint8_t>();
  }

 private:
  const Store::Db& db_;
  sqlite3_stmt* s_ = nullptr;
};

Record record_from(const Stmt& s) {
  Record r;
  r.id = s.col_int(0);
  r.key.command = s.col_text(1);
  r.key.params = s.col_text(2);
  r.key.algorithm_version = static_cast<int>(s.col_int(3));
  r.status = s.col_text(4);
  r.answer = s.col_text(5);
  r.seconds = s.col_real(6);
  r.peak_memory = static_cast<std::uint64_t>(s.col_int(7));
  r.cgtlab_version = s.col_text(8);
  r.date = s.col_text(9);
  return r;
}

constexpr const char* kRecordColumns =
    "id, command, params, algorithm_version, status, answer, seconds, peak_memory, cgtlab_version, date";

}  // namespace

Store::Store(const std::string& path, bool create) : path_(path), db_(std::make_unique<Db>()) {
  db_->path = path;
  if (path.empty()) throw InputError("--store: empty file name");
  if (!create && access(path.c_str(), F_OK) != 0) throw InputError(path + ": no such store file");
  if (sqlite3_open_v2(path.c_str(), &db_->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    db_->fail("opening");
  }
  sqlite3_busy_timeout(db_->db, 60000);  // another process holds the write lock: wait
  sqlite3_extended_result_codes(db_->db, 0);
  // The header tells a cgtlab store from any other file; a non-database fails here.
  // Tables first: a creator commits its tables and the id together, so tables seen imply the id is
  // seen too (read in the other order, a race with a concurrent creator looked like a foreign file).
  int tables = db_->pragma_int("SELECT count(*) FROM sqlite_master");
  int app = db_->pragma_int("PRAGMA application_id");
  if (app != kApplicationId && (app != 0 || tables != 0)) {
    throw InputError(path + ": not a cgtlab store (an SQLite database of another application)");
  }
  db_->exec_retrying_busy("PRAGMA journal_mode=WAL", "setting the journal");
  db_->exec("PRAGMA synchronous=NORMAL", "setting the journal");
  if (app == 0) {
    // New file: create the schema once, even when two processes race to create it.
    db_->exec("BEGIN IMMEDIATE", "creating the store");
    if (db_->pragma_int("PRAGMA application_id") == 0) {
      db_->exec(kSchema, "creating the store");
      db_->exec(("PRAGMA application_id=" + std::to_string(kApplicationId)).c_str(), "creating the store");
      db_->exec(("PRAGMA user_version=" + std::to_string(kSchemaVersion)).c_str(), "creating the store");
    }
    db_->exec("COMMIT", "creating the store");
  }
  int version = db_->pragma_int("PRAGMA user_version");
  if (version > kSchemaVersion) {
    throw InputError(path + ": store written by a newer cgtlab (schema " + std::to_string(version) +
                     "; this one reads schema " + std::to_string(kSchemaVersion) + ")");
  }
  if (version < 1) throw InputError(path + ": not a cgtlab store (no schema version)");
}

Store::~Store() = default;

std::optional<Record> Store::find(const Key& key) const {
  Stmt s(*db_, (std::string("SELECT ") + kRecordColumns +
                " FROM results WHERE command=?1 AND params=?2 AND algorithm_version=?3").c_str());
  s.text(1, key.command).text(2, key.params).integer(3, key.algorithm_version);
  if (!s.step()) return std::nullopt;
  return record_from(s);
}

Record Store::put(Record r) {
  r.cgtlab_version = kCgtlabVersion;
  r.date = utc_now();
  Stmt s(*db_,
         "INSERT INTO results (command, params, algorithm_version, status, answer, seconds, peak_memory, "
         "cgtlab_version, date) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9) "
         "ON CONFLICT (command, params, algorithm_version) DO UPDATE SET status=excluded.status, "
         "answer=excluded.answer, seconds=excluded.seconds, peak_memory=excluded.peak_memory, "
         "cgtlab_version=excluded.cgtlab_version, date=excluded.date RETURNING id");
  s.text(1, r.key.command).text(2, r.key.params).integer(3, r.key.algorithm_version).text(4, r.status);
  s.text(5, r.answer).real(6, r.seconds).integer(7, static_cast<std::int64_t>(r.peak_memory));
  s.text(8, r.cgtlab_version).text(9, r.date);
  if (s.step()) r.id = s.col_int(0);
  while (s.step()) {
  }
  return r;
}

std::vector<Record> Store::list() const {
  Stmt s(*db_, (std::string("SELECT ") + kRecordColumns + " FROM results ORDER BY id").c_str());
  std::vector<Record> out;
  while (s.step()) out.push_back(record_from(s));
  return out;
}

std::optional<Record> Store::get(std::int64_t id) const {
  Stmt s(*db_, (std::string("SELECT ") + kRecordColumns + " FROM results WHERE id=?1").c_str());
  s.integer(1, id);
  if (!s.step()) return std::nullopt;
  return record_from(s);
}

void Store::save_checkpoint(const Checkpoint& c) {
  Stmt s(*db_,
         "INSERT OR REPLACE INTO checkpoints (command, params, algorithm_version, state, bulk, date) "
         "VALUES (?1,?2,?3,?4,?5,?6)");
  s.text(1, c.key.command).text(2, c.key.params).integer(3, c.key.algorithm_version);
  s.text(4, c.state).blob(5, c.bulk).text(6, utc_now());
  while (s.step()) {
  }
}

std::optional<Checkpoint> Store::load_checkpoint(const Key& key) const {
  Stmt s(*db_,
         "SELECT state, bulk, date FROM checkpoints WHERE command=?1 AND params=?2 AND algorithm_version=?3");
  s.text(1, key.command).text(2, key.params).integer(3, key.algorithm_version);
  if (!s.step()) return std::nullopt;
  Checkpoint c;
  c.key = key;
  c.state = s.col_text(0);
  c.bulk = s.col_blob(1);
  c.date = s.col_text(2);
  return c;
}

void Store::drop_checkpoint(const Key& key) {
  Stmt s(*db_, "DELETE FROM checkpoints WHERE command=?1 AND params=?2 AND algorithm_version=?3");
  s.text(1, key.command).text(2, key.params).integer(3, key.algorithm_version);
  while (s.step()) {
  }
}

std::size_t Store::checkpoint_count() const {
  Stmt s(*db_, "SELECT count(*) FROM checkpoints");
  s.step();
  return static_cast<std::size_t>(s.col_int(0));
}

std::uint64_t peak_memory_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<std::uint64_t>(u.ru_maxrss) * 1024;  // Linux: KiB
}

std::string utc_now() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::vector<std::uint8_t> encode_sorted(const std::vector<std::uint64_t>& values) {
  std::vector<std::uint8_t> out;
  out.reserve(values.size() * 2 + 8);
  std::uint64_t prev = 0;
  bool first = true;
  for (std::uint64_t v : values) {
    std::uint64_t d = first ? v : v - prev;
    first = false;
    prev = v;
    while (d >= 0x80) {
      out.push_back(static_cast<std::uint8_t>(d | 0x80));
      d >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(d));
  }
  return out;
}

std::vector<std::uint64_t> decode_sorted(const std::vector<std::uint8_t>& bytes) {
  std::vector<std::uint64_t> out;
  std::uint64_t prev = 0;
  std::size_t i = 0;
  while (i < bytes.size()) {
    std::uint64_t d = 0;
    int shift = 0;
    while (true) {
      if (i >= bytes.size() || shift > 63) throw InputError("store: damaged checkpoint data");
      std::uint8_t b = bytes[i++];
      d |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      shift += 7;
      if (!(b & 0x80)) break;
    }
    if (!out.empty() && d == 0) throw InputError("store: damaged checkpoint data");
    prev = out.empty() ? d : prev + d;
    out.push_back(prev);
  }
  return out;
}

}  // namespace cgtlab::store
