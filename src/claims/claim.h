// A claim is one statement of a seed paper (a theorem, lemma, table or example) made
// executable: its check computes with the engine over a stated range and compares with
// what the paper states. `cgtlab verify` runs them all.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cgtlab::claims {

// What a check found. `holds` is whether the checked statement held on the whole range;
// `detail` gives the evidence (counts checked, or the first counterexample). A check that
// cannot compute throws; evaluate() turns that into Verdict::Error.
struct Finding {
  bool holds = false;
  std::string detail;
};

// Deep runs use the long ranges, for research use (`cgtlab verify --deep`).
struct RunOptions {
  bool deep = false;
};

using Check = std::function<Finding(const RunOptions&)>;

struct Claim {
  Claim() = default;
  // The table order; the correction and its check only for erratum claims.
  Claim(std::string id_, std::string source_, std::string item_, std::string statement_, std::string range_,
        std::string deep_range_, std::string erratum_, Check check_, std::string correction_ = "",
        Check check_correction_ = nullptr)
      : id(std::move(id_)), source(std::move(source_)), item(std::move(item_)), statement(std::move(statement_)),
        range(std::move(range_)), deep_range(std::move(deep_range_)), erratum(std::move(erratum_)),
        check(std::move(check_)), correction(std::move(correction_)), check_correction(std::move(check_correction_)) {}

  std::string id;          // "000.T2", "002.L3.4.8"
  std::string source;      // seed id "000".."004"
  std::string item;        // "Theorem 2", "Table 1", "Lemma 3.4 (8)"
  std::string statement;   // the paper's statement as printed, in one line
  std::string range;       // the parameter range of a normal run
  std::string deep_range;  // the parameter range of --deep (empty: same as range)
  // Non-empty when the paper is wrong here: the anchor of the entry in docs/errata.md.
  std::string erratum;
  Check check;  // checks `statement` as printed
  // Erratum claims only: the correction docs/errata.md states (or a pinned counterexample
  // with its computed value), and the check that computes it with the engine.
  std::string correction;
  Check check_correction;
};

// One check's result: the statement held, failed, or the check raised an error.
enum class Verdict { Holds, Fails, Error };
std::string to_string(Verdict v);  // "holds", "fails", "error"

enum class Status { Pass, Fail, Erratum };
std::string to_string(Status s);  // "PASS", "FAIL", "ERRATUM"

// PASS: a plain claim whose statement holds. ERRATUM: an erratum claim whose statement
// fails and whose correction holds. Everything else is FAIL: an error anywhere, a plain
// claim that fails, an erratum claim whose statement holds or whose correction fails or is
// missing.
Status status_of(const Claim& c, Verdict statement, std::optional<Verdict> correction);

struct Evaluation {
  Verdict statement = Verdict::Error;
  std::string detail;
  std::optional<Verdict> correction;  // set when the correction was checked
  std::string correction_detail;
  Status status = Status::Fail;
};

// Runs the claim's check and, when the claim is an erratum whose statement failed, its
// correction check; an exception in either is an Error (never an ERRATUM).
Evaluation evaluate(const Claim& c, const RunOptions& run);

// Every claim, in id order. One adder per source file of src/claims/.
const std::vector<Claim>& all_claims();

void add_claims_000(std::vector<Claim>& out);       // 000_pebbling.cpp
void add_claims_001_002(std::vector<Claim>& out);   // 002_blocking_pebbles.cpp (001, 002, 003 ch.)
void add_claims_003(std::vector<Claim>& out);       // 003_flipping_coins.cpp
void add_claims_004(std::vector<Claim>& out);       // 004_arc_kayles.cpp

}  // namespace cgtlab::claims
