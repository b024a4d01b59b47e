#include "claims/claim.h"

namespace cgtlab::claims {

void add_claims_003(std::vector<Claim>& out) { (void)out; }

}  // namespace cgtlab::claims
