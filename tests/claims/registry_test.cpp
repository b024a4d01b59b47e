// The registry itself: every claim is well formed, ids are unique, and every claim that
// reports a paper erratum points at an entry of docs/errata.md.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

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

TEST(Registry, StatusFollowsFindingAndErratum) {
  Claim plain{"x", "000", "item", "s", "r", "", "", nullptr};
  Claim wrong = plain;
  wrong.erratum = "some-entry";
  EXPECT_EQ(status_of(plain, {true, ""}), Status::Pass);
  EXPECT_EQ(status_of(plain, {false, ""}), Status::Fail);
  EXPECT_EQ(status_of(wrong, {false, ""}), Status::Erratum);
  EXPECT_EQ(status_of(wrong, {true, ""}), Status::Fail);
}

}  // namespace
}  // namespace cgtlab::claims
