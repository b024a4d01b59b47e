// The registry itself: every claim is well formed, ids are unique, and every claim that
// reports a paper erratum points at an entry of docs/errata.md.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "claims/claim.h"

namespace cgtlab::claims {
namespace {

std::string read_errata() {
  std::ifstream in(std::string(CGTLAB_SOURCE_DIR) + "/docs/errata.md");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// GitHub-style anchor of a markdown heading: lower case, spaces to '-', punctuation dropped.
std::string anchor_of(const std::string& heading) {
  std::string a;
  for (char c : heading) {
    if (std::isalnum(static_cast<unsigned char>(c))) a += static_cast<char>(std::tolower(c));
    else if (c == ' ' || c == '-') a += '-';
    else if (c == '_') a += '_';
  }
  return a;
}

TEST(Registry, ClaimsAreWellFormedAndUnique) {
  const auto& claims = all_claims();
  ASSERT_FALSE(claims.empty());
  std::set<std::string> ids;
  const std::set<std::string> sources{"000", "001", "002", "003", "004"};
  for (const auto& c : claims) {
    EXPECT_TRUE(ids.insert(c.id).second) << "duplicate claim id " << c.id;
    EXPECT_TRUE(sources.count(c.source)) << c.id << " has unknown source " << c.source;
    EXPECT_FALSE(c.item.empty()) << c.id;
    EXPECT_FALSE(c.statement.empty()) << c.id;
    EXPECT_FALSE(c.range.empty()) << c.id;
    EXPECT_TRUE(static_cast<bool>(c.check)) << c.id << " has no check";
  }
}

TEST(Registry, EveryErratumHasAnEntry) {
  std::string errata = read_errata();
  std::set<std::string> anchors;
  std::istringstream lines(errata);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("## ", 0) == 0) anchors.insert(anchor_of(line.substr(3)));
  }
  for (const auto& c : all_claims()) {
    if (c.erratum.empty()) continue;
    EXPECT_TRUE(anchors.count(c.erratum)) << c.id << " cites docs/errata.md#" << c.erratum
                                          << " but no heading has that anchor";
  }
}

TEST(Registry, EveryErratumStatesAndChecksACorrection) {
  for (const auto& c : all_claims()) {
    if (c.erratum.empty()) {
      EXPECT_TRUE(c.correction.empty() && !c.check_correction) << c.id << " has a correction but no erratum";
      continue;
    }
    EXPECT_FALSE(c.correction.empty()) << c.id << " is an erratum but states no correction";
    EXPECT_TRUE(static_cast<bool>(c.check_correction)) << c.id << " does not check its correction";
  }
}

Finding holds(const RunOptions&) { return {true, "held"}; }
Finding fails(const RunOptions&) { return {false, "failed"}; }
[[noreturn]] Finding throws(const RunOptions&) { throw std::runtime_error("boom"); }

Claim plain_claim(Check check) { return Claim{"x", "000", "item", "s", "r", "", "", std::move(check)}; }
Claim erratum_claim(Check check, Check correction) {
  Claim c = plain_claim(std::move(check));
  c.erratum = "some-entry";
  c.correction = "what is right instead";
  c.check_correction = std::move(correction);
  return c;
}

TEST(Registry, StatusOfAPlainClaim) {
  EXPECT_EQ(evaluate(plain_claim(holds), {}).status, Status::Pass);
  EXPECT_EQ(evaluate(plain_claim(fails), {}).status, Status::Fail);
  auto e = evaluate(plain_claim(throws), {});
  EXPECT_EQ(e.statement, Verdict::Error);
  EXPECT_EQ(e.status, Status::Fail);
  EXPECT_NE(e.detail.find("boom"), std::string::npos) << e.detail;
}

TEST(Registry, ErratumOnlyWhenTheStatementFailsAndTheCorrectionHolds) {
  auto ok = evaluate(erratum_claim(fails, holds), {});
  EXPECT_EQ(ok.status, Status::Erratum);
  EXPECT_EQ(ok.correction, Verdict::Holds);
  // The statement held after all: the documented erratum is not reproduced.
  EXPECT_EQ(evaluate(erratum_claim(holds, holds), {}).status, Status::Fail);
  // A check that raises is a FAIL, never an ERRATUM.
  auto crashed = evaluate(erratum_claim(throws, holds), {});
  EXPECT_EQ(crashed.statement, Verdict::Error);
  EXPECT_EQ(crashed.status, Status::Fail);
  // A wrong correction is a FAIL.
  auto wrong = evaluate(erratum_claim(fails, fails), {});
  EXPECT_EQ(wrong.correction, Verdict::Fails);
  EXPECT_EQ(wrong.status, Status::Fail);
  // A correction check that raises is a FAIL.
  EXPECT_EQ(evaluate(erratum_claim(fails, throws), {}).status, Status::Fail);
  // An erratum claim without a correction check is a FAIL.
  Claim bare = plain_claim(fails);
  bare.erratum = "some-entry";
  EXPECT_EQ(evaluate(bare, {}).status, Status::Fail);
}

}  // namespace
}  // namespace cgtlab::claims
