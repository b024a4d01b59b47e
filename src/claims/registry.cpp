#include <exception>

#include "claims/claim.h"

namespace cgtlab::claims {

std::string to_string(Verdict v) {
  switch (v) {
    case Verdict::Holds: return "holds";
    case Verdict::Fails: return "fails";
    case Verdict::Error: return "error";
  }
  return "?";
}

std::string to_string(Status s) {
  switch (s) {
    case Status::Pass: return "PASS";
    case Status::Fail: return "FAIL";
    case Status::Erratum: return "ERRATUM";
  }
  return "?";
}

Status status_of(const Claim& c, Verdict statement, std::optional<Verdict> correction) {
  if (statement == Verdict::Error) return Status::Fail;
  if (c.erratum.empty()) return statement == Verdict::Holds ? Status::Pass : Status::Fail;
  if (statement == Verdict::Holds) return Status::Fail;  // the documented erratum is not reproduced
  return correction == Verdict::Holds ? Status::Erratum : Status::Fail;
}

namespace {

// Runs one check; an exception is an Error with its message.
Verdict run_check(const Check& check, const RunOptions& run, std::string& detail) {
  if (!check) {
    detail = "no check";
    return Verdict::Error;
  }
  try {
    Finding f = check(run);
    detail = std::move(f.detail);
    return f.holds ? Verdict::Holds : Verdict::Fails;
  } catch (const std::exception& e) {
    detail = std::string("check raised: ") + e.what();
  } catch (...) {
    detail = "check raised a non-standard exception";
  }
  return Verdict::Error;
}

}  // namespace

Evaluation evaluate(const Claim& c, const RunOptions& run) {
  Evaluation e;
  e.statement = run_check(c.check, run, e.detail);
  if (!c.erratum.empty() && e.statement == Verdict::Fails) {
    if (c.correction.empty() || !c.check_correction) {
      e.correction = Verdict::Error;
      e.correction_detail = "the erratum claim states no correction to check";
    } else {
      e.correction = run_check(c.check_correction, run, e.correction_detail);
    }
  }
  e.status = status_of(c, e.statement, e.correction);
  return e;
}

const std::vector<Claim>& all_claims() {
  static const std::vector<Claim> claims = [] {
    std::vector<Claim> v;
    add_claims_000(v);
    add_claims_001_002(v);
    add_claims_003(v);
    add_claims_004(v);
    return v;
  }();
  return claims;
}

}  // namespace cgtlab::claims
