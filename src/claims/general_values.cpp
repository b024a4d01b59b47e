#include "claims/claim.h"

namespace cgtlab::claims {

void add_value_claims(std::vector<Claim>& out) { (void)out; }

}  // namespace cgtlab::claims
