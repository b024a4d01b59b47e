// A claim is one statement of a seed paper (a theorem, lemma, table or example) made
// executable: its check computes with the engine over a stated range and compares with
// what the paper states. `cgtlab verify` runs them all.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace cgtlab::claims {

// What a check found. `holds` is whether the paper's statement held on the whole range;
// `detail` gives the evidence (counts checked, or the first counterexample).
struct Finding {
  bool holds = false;
  std::string detail;
};

// Deep runs use the long ranges, for research use (`cgtlab verify --deep`).
struct RunOptions {
  bool deep = false;
};

struct Claim {
  std::string id;          // "000.T2", "002.L3.4.8"
  std::string source;      // seed id "000".."004"
  std::string item;        // "Theorem 2", "Table 1", "Lemma 3.4 (8)"
  std::string statement;   // the paper's statement in one line
  std::string range;       // the parameter range of a normal run
  std::string deep_range;  // the parameter range of --deep (empty: same as range)
  // Non-empty when the paper is wrong here: the anchor of the entry in docs/errata.md.
  // Such a claim's check must find that the statement fails (status ERRATUM);
  // if the statement holds after all, the claim is a FAIL.
  std::string erratum;
  std::function<Finding(const RunOptions&)> check;
};

enum class Status { Pass, Fail, Erratum };
std::string to_string(Status s);  // "PASS", "FAIL", "ERRATUM"

inline Status status_of(const Claim& c, const Finding& f) {
  if (c.erratum.empty()) return f.holds ? Status::Pass : Status::Fail;
  return f.holds ? Status::Fail : Status::Erratum;
}

// Every claim, in id order. One adder per source file of src/claims/.
const std::vector<Claim>& all_claims();

void add_claims_000(std::vector<Claim>& out);       // 000_pebbling.cpp
void add_claims_001_002(std::vector<Claim>& out);   // 002_blocking_pebbles.cpp (001, 002, 003 ch.)
void add_claims_003(std::vector<Claim>& out);       // 003_flipping_coins.cpp
void add_claims_004(std::vector<Claim>& out);       // 004_arc_kayles.cpp

}  // namespace cgtlab::claims
