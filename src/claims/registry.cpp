#include <algorithm>

#include "claims/claim.h"

namespace cgtlab::claims {

std::string to_string(Status s) {
  switch (s) {
    case Status::Pass: return "PASS";
    case Status::Fail: return "FAIL";
    case Status::Erratum: return "ERRATUM";
  }
  return "?";
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
