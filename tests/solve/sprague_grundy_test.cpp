// Sprague-Grundy facts the seed papers rely on, tested on random impartial games (these were
// the `general.*` claims of `cgtlab verify`; they are engine properties, not paper claims).
// Every test compares the engines with a second method: a plain win/lose search that knows
// nothing of Grundy values, a search of the whole sum against the nim-sum of its parts, or
// the partizan engine's canonical form. Ranges as the normal verify run had them.
#include <gtest/gtest.h>
#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "cgt/game.h"
#include "cgt/nimber.h"
#include "solve/impartial.h"
#include "solve/partizan.h"

namespace cgtlab {
namespace {

// A random impartial game given by its game graph: node i's options are a random subset of
// the nodes below i (so every play ends). Node 0 is the terminal position.
struct RandomDag {
  std::vector<std::vector<int>> options;
};

RandomDag random_dag(std::mt19937_64& rng, int nodes, int percent) {
  RandomDag d;
  d.options.resize(nodes);
  for (int i = 1; i < nodes; ++i) {
    for (int j = 0; j < i; ++j)
      if (static_cast<int>(rng() % 100) < percent) d.options[i].push_back(j);
  }
  return d;
}

// A sum of games, each a node of its own DAG; a move moves in exactly one summand. Without
// `components`, so the engine must search the sum as one game.
struct DagSum {
  std::vector<const RandomDag*> dags;
  using Position = std::vector<int>;
  using Key = std::vector<int>;
  Key key(const Position& p) const { return p; }
  std::vector<Position> options(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t s = 0; s < p.size(); ++s)
      for (int o : dags[s]->options[p[s]]) {
        Position q = p;
        q[s] = o;
        out.push_back(std::move(q));
      }
    return out;
  }
  std::vector<Position> left_options(const Position& p) const { return options(p); }
  std::vector<Position> right_options(const Position& p) const { return options(p); }
};

// The same sum, declared as independent summands: the engine nim-sums them.
struct SplitDagSum : DagSum {
  std::vector<Position> components(const Position& p) const {
    std::vector<Position> out;
    for (std::size_t s = 0; s < p.size(); ++s) {
      Position q(p.size(), 0);  // node 0 is terminal: every other summand is over
      q[s] = p[s];
      out.push_back(std::move(q));
    }
    return out;
  }
};

// Who wins by plain search: true when the player to move wins (some option loses).
class WinLose {
 public:
  explicit WinLose(const DagSum& game) : game_(game) {}
  bool first_player_wins(const std::vector<int>& p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    bool wins = false;
    for (const auto& o : game_.options(p)) {
      if (!first_player_wins(o)) {
        wins = true;
        break;
      }
    }
    memo_[p] = wins;
    return wins;
  }

 private:
  const DagSum& game_;
  absl::flat_hash_map<std::vector<int>, bool> memo_;
};

// A Nim heap of size n as a DAG: node n has options 0..n-1.
RandomDag nim_heap_dag(int max_heap) {
  RandomDag d;
  d.options.resize(max_heap + 1);
  for (int n = 1; n <= max_heap; ++n)
    for (int t = 0; t < n; ++t) d.options[n].push_back(t);
  return d;
}

// The normal verify run's sizes: 150 games of 16 nodes.
constexpr int kGames = 150, kNodes = 16;

}  // namespace

// Sprague-Grundy: g(G + H + K) = g(G) xor g(H) xor g(K), the left side by searching the sum
// as one game, the right side from each game alone.
TEST(SpragueGrundy, SumIsNimSumOfParts) {
  std::mt19937_64 rng(20261122);
  long checked = 0;
  for (int t = 0; t < kGames; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 3; ++s) dags.push_back(random_dag(rng, kNodes, 15 + static_cast<int>(rng() % 50)));
    DagSum whole{{&dags[0], &dags[1], &dags[2]}};
    solve::ImpartialSolver sum_solver(whole);
    std::vector<std::vector<cgt::Grundy>> alone(3);
    for (int s = 0; s < 3; ++s) {
      DagSum single{{&dags[s]}};
      solve::ImpartialSolver solver(single);
      for (int v = 0; v < kNodes; ++v) alone[s].push_back(solver.grundy({v}));
    }
    for (int a = 0; a < kNodes; ++a)
      for (int b = 0; b < kNodes; b += 2)
        for (int c = 0; c < kNodes; c += 3) {
          ++checked;
          ASSERT_EQ(sum_solver.grundy({a, b, c}), alone[0][a] ^ alone[1][b] ^ alone[2][c])
              << "game set " << t << ": g(" << a << "," << b << "," << c << ") vs the nim-sum of the parts";
        }
  }
  EXPECT_EQ(checked, long{kGames} * kNodes * 8 * 6);
}

// The engine's component split (nim-sum of memoized summands) agrees with the whole search.
TEST(SpragueGrundy, ComponentSplitAgreesWithWholeSearch) {
  std::mt19937_64 rng(77);
  for (int t = 0; t < kGames; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 2; ++s) dags.push_back(random_dag(rng, kNodes, 20 + static_cast<int>(rng() % 40)));
    DagSum whole{{&dags[0], &dags[1]}};
    SplitDagSum split;
    split.dags = whole.dags;
    solve::ImpartialSolver a(whole);
    solve::ImpartialSolver b(split);
    for (int x = 0; x < kNodes; ++x)
      for (int y = 0; y < kNodes; ++y)
        ASSERT_EQ(a.grundy({x, y}), b.grundy({x, y})) << "game set " << t << ": (" << x << "," << y << ")";
  }
}

// The mex rule: g(G) = mex of the options' values is the one n with G + *n a P-position,
// where P-positions come from a plain win/lose search that knows nothing of Grundy values.
TEST(SpragueGrundy, MexRuleAgreesWithWinLoseSearch) {
  std::mt19937_64 rng(4242);
  const int max_heap = kNodes + 1;  // Grundy values of an n-node DAG are below n
  RandomDag heap = nim_heap_dag(max_heap);
  for (int t = 0; t < kGames; ++t) {
    RandomDag dag = random_dag(rng, kNodes, 10 + static_cast<int>(rng() % 60));
    DagSum single{{&dag}};
    solve::ImpartialSolver solver(single);
    DagSum with_heap{{&dag, &heap}};
    WinLose search(with_heap);
    for (int v = 0; v < kNodes; ++v) {
      cgt::Grundy g = solver.grundy({v});
      std::vector<cgt::Grundy> option_values;
      for (int o : dag.options[v]) option_values.push_back(solver.grundy({o}));
      ASSERT_EQ(g, cgt::mex(option_values)) << "game " << t << " node " << v;
      for (int n = 0; n <= max_heap; ++n)
        ASSERT_EQ(!search.first_player_wins({v, n}), static_cast<cgt::Grundy>(n) == g)
            << "game " << t << " node " << v << " (g = " << g << "): G + *" << n;
    }
  }
}

// Bouton: a Nim position is a second-player win iff the nim-sum of its heaps is 0; outcomes by
// plain search, and the engine's outcome() on the same positions.
TEST(SpragueGrundy, BoutonsTheorem) {
  const int max_heap = 6;
  RandomDag heap = nim_heap_dag(max_heap);
  DagSum nim{{&heap, &heap, &heap, &heap}};
  WinLose search(nim);
  solve::ImpartialSolver solver(nim);
  for (int a = 0; a <= max_heap; ++a)
    for (int b = 0; b <= max_heap; ++b)
      for (int c = 0; c <= max_heap; ++c)
        for (int d = 0; d <= max_heap; ++d) {
          const bool p_by_xor = (a ^ b ^ c ^ d) == 0;
          ASSERT_EQ(!search.first_player_wins({a, b, c, d}), p_by_xor) << "Nim " << a << b << c << d << " by search";
          ASSERT_EQ(solver.outcome({a, b, c, d}) == cgt::Outcome::P, p_by_xor) << "Nim " << a << b << c << d;
        }
}

// An impartial game's canonical form is the nimber *g(G): the partizan engine (canonical
// forms through the value layer) against the impartial engine (mex).
TEST(SpragueGrundy, ImpartialCanonicalFormIsANimber) {
  std::mt19937_64 rng(99);
  const int nodes = kNodes / 2 + 2;
  for (int t = 0; t < kGames; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 2; ++s) dags.push_back(random_dag(rng, nodes, 25 + static_cast<int>(rng() % 50)));
    DagSum sum{{&dags[0], &dags[1]}};
    solve::ImpartialSolver impartial(sum);
    solve::PartizanSolver partizan(sum);
    for (int x = 0; x < nodes; ++x)
      for (int y = 0; y < nodes; ++y) {
        cgt::Game value = partizan.value({x, y});
        ASSERT_EQ(value, cgt::Game::nimber(impartial.grundy({x, y})))
            << "game set " << t << ": (" << x << "," << y << ") has canonical form " << value.str();
      }
  }
}

}  // namespace cgtlab
