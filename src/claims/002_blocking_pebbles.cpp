#include "claims/claim.h"

namespace cgtlab::claims {

void add_claims_001_002(std::vector<Claim>& out) { (void)out; }

}  // namespace cgtlab::claims
