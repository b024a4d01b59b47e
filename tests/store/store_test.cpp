// The result store: exact keys, versions, checkpoints, bad files; a pebbling threshold
// resumed from a checkpoint equals a fresh one.
#include "store/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "store/pebbling.h"
#include "util/error.h"

using namespace cgtlab;

namespace {

std::string temp_path(const char* name) {
  std::string p = ::testing::TempDir() + "cgtlab_store_" + std::to_string(getpid()) + "_" + name;
  std::remove(p.c_str());
  std::remove((p + "-wal").c_str());
  std::remove((p + "-shm").c_str());
  return p;
}

store::Record record(const std::string& params, int version, const std::string& answer) {
  store::Record r;
  r.key = {"test", params, version};
  r.status = "found";
  r.answer = answer;
  r.seconds = 1.5;
  return r;
}

}  // namespace

TEST(Store, FindsOnlyTheExactKey) {
  auto path = temp_path("keys.db");
  {
    store::Store s(path);
    s.put(record(R"({"a":1})", 2, "7"));
    EXPECT_EQ(s.find({"test", R"({"a":1})", 2})->answer, "7");
    EXPECT_FALSE(s.find({"test", R"({"a":2})", 2}));   // other parameters
    EXPECT_FALSE(s.find({"test", R"({"a":1})", 1}));   // another algorithm version
    EXPECT_FALSE(s.find({"other", R"({"a":1})", 2}));  // another command
    s.put(record(R"({"a":1})", 2, "8"));               // replaces
    EXPECT_EQ(s.list().size(), 1u);
  }
  store::Store again(path);  // persists
  auto r = again.find({"test", R"({"a":1})", 2});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->answer, "8");
  EXPECT_EQ(r->cgtlab_version, store::kCgtlabVersion);
  EXPECT_FALSE(r->date.empty());
  EXPECT_EQ(again.get(r->id)->answer, "8");
}

TEST(Store, RefusesForeignCorruptAndNewerFiles) {
  auto bad = temp_path("bad.db");
  std::ofstream(bad) << "this is not a database, just text long enough to be read as a header..........";
  EXPECT_THROW(store::Store{bad}, InputError);
  auto missing = temp_path("missing.db");
  EXPECT_THROW(store::Store(missing, false), InputError);

  auto foreign = temp_path("foreign.db");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(foreign.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "CREATE TABLE t(x)", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  EXPECT_THROW(store::Store{foreign}, InputError);

  auto newer = temp_path("newer.db");
  { store::Store s(newer); s.put(record("{}", 1, "1")); }
  ASSERT_EQ(sqlite3_open(newer.c_str(), &db), SQLITE_OK);
  sqlite3_exec(db, "PRAGMA user_version=99", nullptr, nullptr, nullptr);
  sqlite3_close(db);
  EXPECT_THROW(store::Store{newer}, InputError);
}

TEST(Store, SortedValuesRoundTrip) {
  std::vector<std::uint64_t> v = {0, 1, 2, 130, 1000000, (std::uint64_t{1} << 40) + 5, ~std::uint64_t{0}};
  EXPECT_EQ(store::decode_sorted(store::encode_sorted(v)), v);
  EXPECT_TRUE(store::decode_sorted({}).empty());
  EXPECT_THROW(store::decode_sorted({0x80}), InputError);  // truncated varint
}

TEST(Store, CheckpointsRoundTripAndDrop) {
  auto path = temp_path("cp.db");
  store::Store s(path);
  store::Checkpoint c;
  c.key = {"test", "{}", 1};
  c.state = R"({"total":3})";
  c.bulk = {1, 2, 3, 250};
  s.save_checkpoint(c);
  auto back = s.load_checkpoint(c.key);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->state, c.state);
  EXPECT_EQ(back->bulk, c.bulk);
  EXPECT_FALSE(s.load_checkpoint({"test", "{}", 2}));
  s.drop_checkpoint(c.key);
  EXPECT_EQ(s.checkpoint_count(), 0u);
}

TEST(StorePebbling, ResumedSearchEqualsFreshAndStoredAnswerIsReused) {
  auto path = temp_path("resume.db");
  store::Store s(path);
  games::ThresholdOptions o;
  o.max_total = 80;
  auto fresh = store::pebbling_threshold_stored("K8", 4, o, nullptr);
  ASSERT_EQ(fresh.result.m, 45);  // Table 1 of seed 000 (also checked by claim 000.Table1)

  // Interrupted: checkpoints after every layer, stopped by a time cap of (almost) nothing.
  games::ThresholdOptions cut = o;
  cut.checkpoint_seconds = 0;
  cut.max_seconds = 1e-9;
  EXPECT_THROW(store::pebbling_threshold_stored("K8", 4, cut, &s), CapReached);
  auto capped = s.find(store::pebbling_threshold_key("K8", 4, o));
  ASSERT_TRUE(capped);
  EXPECT_EQ(capped->status, "capped");  // a stop, never an answer
  EXPECT_EQ(s.checkpoint_count(), 1u);

  // Resumed: the same answer, layer by layer.
  auto resumed = store::pebbling_threshold_stored("K8", 4, o, &s);
  EXPECT_TRUE(resumed.resumed);
  EXPECT_FALSE(resumed.from_store);
  EXPECT_EQ(resumed.result.m, fresh.result.m);
  EXPECT_EQ(resumed.result.searched_to, fresh.result.searched_to);
  ASSERT_EQ(resumed.result.layers.size(), fresh.result.layers.size());
  for (std::size_t t = 0; t < fresh.result.layers.size(); ++t) {
    EXPECT_TRUE(resumed.result.layers[t].p_labelled == fresh.result.layers[t].p_labelled) << t;
  }
  EXPECT_EQ(s.checkpoint_count(), 0u);  // dropped once the answer is recorded

  auto stored = store::pebbling_threshold_stored("K8", 4, o, &s);
  EXPECT_TRUE(stored.from_store);
  EXPECT_EQ(stored.status, "found");
  EXPECT_EQ(stored.result.m, fresh.result.m);
  EXPECT_EQ(store::to_json(stored.result), store::to_json(fresh.result));

  // Other parameters are not answered from the store.
  games::ThresholdOptions other = o;
  other.max_total = 60;
  EXPECT_FALSE(store::pebbling_threshold_stored("K8", 4, other, &s).from_store);
}

TEST(StorePebbling, SweepSkipsStoredCellsAndReportsStops) {
  auto path = temp_path("sweep.db");
  store::Store s(path);
  store::SweepOptions o;
  o.n_lo = 3, o.n_hi = 6, o.k_lo = 1, o.k_hi = 3;
  o.threshold.max_total = 60;
  o.store = &s;
  auto first = store::sweep_pebbling(o);
  auto second = store::sweep_pebbling(o);
  ASSERT_EQ(first.size(), 12u);
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_FALSE(first[i].from_store);
    EXPECT_TRUE(second[i].from_store);
    EXPECT_EQ(first[i].m, second[i].m);
    EXPECT_EQ(first[i].status, second[i].status);
  }
  EXPECT_EQ(first[3 + 2].status, "none_within_bound");  // K4, k = 3
  EXPECT_FALSE(first[3 + 2].m);
  o.n_lo = 5, o.n_hi = 4;
  EXPECT_THROW(store::sweep_pebbling(o), InputError);
  o.n_lo = 9, o.n_hi = 9, o.k_lo = 6, o.k_hi = 6;
}

TEST(StorePebbling, CappedCellsAreStopsNotAnswers) {
  auto path = temp_path("capped.db");
  store::Store s(path);
  store::SweepOptions o;
  o.n_lo = o.n_hi = 9;
  o.k_lo = o.k_hi = 6;
  o.threshold.limits.max_positions = 50;
  o.store = &s;
  auto cells = store::sweep_pebbling(o);
  ASSERT_EQ(cells.size(), 1u);
  EXPECT_EQ(cells[0].status, "capped");
  EXPECT_FALSE(cells[0].m);
  EXPECT_FALSE(cells[0].stopped.empty());
  // The next run without the cap computes it.
  o.threshold.limits.max_positions = 0;
  cells = store::sweep_pebbling(o);
  EXPECT_EQ(cells[0].status, "found");
  EXPECT_FALSE(cells[0].from_store);
  EXPECT_EQ(cells[0].m, 61);  // Table 1 of seed 000
}
