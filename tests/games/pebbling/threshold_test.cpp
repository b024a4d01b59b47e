// The layered search against a second method (the impartial engine, position by position),
// and thresholds against the paper's statements.
#include "games/pebbling/threshold.h"

#include <gtest/gtest.h>

#include "games/pebbling/c4.h"
#include "games/pebbling/grundy.h"
#include "games/pebbling/pattern.h"
#include "graph/graph.h"

using namespace cgtlab;
using games::Pebbling;

namespace {

// Every labelled position up to max_total: P by the layered search iff Grundy value 0.
void agree_with_brute_force(const std::string& spec, int k, int max_total) {
  Pebbling rules(graph::parse_graph(spec), k);
  games::PebblingOutcomes layered(rules, max_total);
  games::PebblingOutcomeOracle brute(rules);
  int checked = 0;
  for (int t = 0; t <= max_total; ++t) {
    rules.for_each_labelled(t, [&](const Pebbling::Position& p) {
      ++checked;
      ASSERT_EQ(layered.is_p(p), brute.is_p(p)) << spec << " k=" << k << " " << rules.to_string(p);
    });
  }
  EXPECT_GT(checked, 0);
}

}  // namespace

TEST(PebblingLayered, AgreesWithImpartialEngineOnCompleteGraphs) {
  agree_with_brute_force("K3", 1, 20);
  agree_with_brute_force("K3", 3, 24);
  agree_with_brute_force("K4", 1, 16);
  agree_with_brute_force("K4", 3, 18);
  agree_with_brute_force("K5", 2, 14);
}

TEST(PebblingLayered, AgreesWithImpartialEngineOnOtherGraphs) {
  agree_with_brute_force("C4", 1, 18);
  agree_with_brute_force("P4", 2, 14);
  agree_with_brute_force("S3", 1, 14);
  agree_with_brute_force("C5", 1, 12);
  agree_with_brute_force("0-1,1-2,2-0,2-3", 1, 12);
}

TEST(PebblingThreshold, SmallTable1Cells) {
  // Seed 000, Table 1 and Theorem 1.
  games::ThresholdOptions o;
  o.max_total = 120;
  auto m = [&](int n, int k) { return games::pebbling_threshold(Pebbling(graph::parse_graph("K" + std::to_string(n)), k), o).m; };
  EXPECT_EQ(m(3, 1), 7);
  EXPECT_EQ(m(4, 1), 23);
  EXPECT_EQ(m(4, 2), 21);
  EXPECT_EQ(m(5, 3), 21);
  EXPECT_EQ(m(6, 5), 59);
  EXPECT_EQ(m(4, 3), std::nullopt);
  EXPECT_EQ(m(2, 1), std::nullopt);
}

TEST(PebblingThreshold, ThresholdIsFirstAllNLayerAndAlternates) {
  games::ThresholdOptions o;
  o.max_total = 60;
  auto r = games::pebbling_threshold(Pebbling(graph::parse_graph("K5"), 2), o);
  ASSERT_EQ(r.m, 15);
  EXPECT_TRUE(r.consequence_holds);
  for (const auto& l : r.layers) {
    if (l.total < 15) EXPECT_NE(l.p_labelled, 0u) << l.total;
    if (l.total >= 15) EXPECT_EQ(l.p_labelled == 0, (l.total - 15) % 2 == 0) << l.total;
    if (l.total >= 15 && (l.total - 15) % 2 == 1) EXPECT_TRUE(l.p_labelled == l.positions);
  }
}

TEST(PebblingThreshold, CapStopsTheSearch) {
  games::ThresholdOptions o;
  o.max_total = 80;
  o.limits.max_positions = 20;  // the ranked search holds 30-39 classes at its largest layer
  EXPECT_THROW(games::pebbling_threshold(Pebbling(graph::parse_graph("K6"), 2), o), CapReached);
}

TEST(PebblingPPositions, ClassesAndLabelled) {
  Pebbling rules(graph::parse_graph("K3"), 2);
  // P_{6k-1} = {4k+1, k-1, k-1}: k = 2 gives total 11, the class {9,1,1} (3 labellings).
  auto classes = games::pebbling_p_positions(rules, 11, false);
  ASSERT_EQ(classes.size(), 1u);
  EXPECT_EQ(rules.to_string(classes[0]), "9,1,1");
  EXPECT_EQ(games::pebbling_p_positions(rules, 11, true).size(), 3u);
}

TEST(PebblingGrundy, WinningMovesLeadToPPositions) {
  Pebbling rules(graph::parse_graph("K3"), 1);
  auto p = rules.parse_position("7,0,0");  // total 7 = m(K_3): an N-position
  auto g = games::pebbling_grundy(rules, p);
  EXPECT_NE(g.grundy, 0u);
  ASSERT_FALSE(g.winning_moves.empty());
  for (const auto& m : g.winning_moves) EXPECT_EQ(games::pebbling_grundy(rules, rules.apply(p, m)).grundy, 0u);
}

TEST(PebblingC4, Table5HoldsAndPatternIsModulo12) {
  Pebbling rules(graph::parse_graph("C4"), 1);
  auto c = games::classify_c4(rules, 24);
  EXPECT_EQ(c.mismatches, 0u);
  EXPECT_EQ(c.partition_failures, 0u);
  EXPECT_GT(c.positions, 20000u);
  auto pattern = games::find_residue_pattern(rules, 30);
  ASSERT_TRUE(pattern.has_value());
  EXPECT_EQ(pattern->modulus, 12);
  EXPECT_THROW(games::classify_c4(Pebbling(graph::parse_graph("K4"), 1), 10), InputError);
}

TEST(PebblingC4, ClassesFromTheDefinitions) {
  using games::C4X;
  using games::C4Y;
  // (0,0,0,1): residues aaab mod 3; mod 4: a0 = a2, a1 = a3 + ... (0,0,0,1) has a_1 = 0 = a_3 - 1.
  EXPECT_EQ(games::x_class({0, 0, 0, 1}), C4X::AAAB);
  EXPECT_EQ(games::x_class({1, 2, 1, 2}), C4X::ABAB);
  EXPECT_EQ(games::x_class({1, 1, 2, 0}), C4X::AABC);
  EXPECT_EQ(games::x_class({1, 2, 1, 0}), C4X::ABAC);
  EXPECT_EQ(games::x_class({1, 1, 2, 2}), C4X::AABB_hat);
  EXPECT_EQ(games::x_class({5, 5, 5, 5}), C4X::AABB_hat);
  EXPECT_EQ(games::y_class({1, 2, 1, 2}), C4Y::ABAB_hat);
  EXPECT_EQ(games::y_class({1, 1, 2, 2}), C4Y::ABAB_hat_c);
  EXPECT_EQ(games::y_class({0, 1, 0, 0}), C4Y::ABAC_hat);
  EXPECT_EQ(games::y_class({0, 1, 2, 0}), C4Y::AABC);
}

TEST(PebblingTotals, Compression) {
  EXPECT_EQ(games::compress_totals({0, 1, 2, 3, 5, 7, 9, 11, 20}), "0..3, 5, 7, .., 11, 20");
  EXPECT_EQ(games::compress_totals({}), "");
}

// Found by the search (docs/results/pebbling-thresholds.md): on K_4 with k = 3 the P-set of
// every even total above 32 is exactly the paired classes {a, a, b, b}.
TEST(PebblingThreshold, K4OddKEvenTotalsArePairs) {
  Pebbling rules(graph::parse_graph("K4"), 3);
  games::PebblingOutcomes outcomes(rules, 80);
  for (int t = 34; t <= 80; t += 2) {
    auto ps = games::pebbling_p_positions(rules, t, false);
    EXPECT_EQ(ps.size(), static_cast<std::size_t>(t / 4 + 1)) << t;
    for (const auto& p : ps) EXPECT_TRUE(p[0] == p[1] && p[2] == p[3]) << rules.to_string(p);
  }
}
