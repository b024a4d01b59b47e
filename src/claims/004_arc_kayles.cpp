#include "claims/claim.h"

namespace cgtlab::claims {

void add_claims_004(std::vector<Claim>& out) { (void)out; }

}  // namespace cgtlab::claims
