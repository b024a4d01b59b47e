#include "claims/claim.h"

namespace cgtlab::claims {

void add_general_claims(std::vector<Claim>& out) { (void)out; }

}  // namespace cgtlab::claims
