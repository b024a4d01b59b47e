// Sprague-Grundy facts the seed papers rely on, checked on random impartial games. Every
// check compares the engines with a second method: a plain win/lose search that knows
// nothing of Grundy values, a search of the whole sum against the nim-sum of its parts, or
// the partizan engine's canonical form.
#include <fmt/core.h>

#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <random>

#include "cgt/game.h"
#include "cgt/nimber.h"
#include "claims/claim.h"
#include "solve/impartial.h"
#include "solve/partizan.h"

namespace cgtlab::claims {

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

struct Sizes {
  int games, nodes;
};
Sizes sizes(const RunOptions& run) { return run.deep ? Sizes{1000, 24} : Sizes{150, 16}; }

// Sprague-Grundy: g(G + H + K) = g(G) xor g(H) xor g(K), the left side by searching the sum
// as one game, the right side from each game alone.
Finding sg_sum(const RunOptions& run) {
  auto [games, nodes] = sizes(run);
  std::mt19937_64 rng(20261122);
  long checked = 0;
  for (int t = 0; t < games; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 3; ++s) dags.push_back(random_dag(rng, nodes, 15 + static_cast<int>(rng() % 50)));
    DagSum whole{{&dags[0], &dags[1], &dags[2]}};
    solve::ImpartialSolver sum_solver(whole);
    std::vector<std::vector<cgt::Grundy>> alone(3);
    for (int s = 0; s < 3; ++s) {
      DagSum single{{&dags[s]}};
      solve::ImpartialSolver solver(single);
      for (int v = 0; v < nodes; ++v) alone[s].push_back(solver.grundy({v}));
    }
    for (int a = 0; a < nodes; ++a)
      for (int b = 0; b < nodes; b += 2)
        for (int c = 0; c < nodes; c += 3) {
          cgt::Grundy g = sum_solver.grundy({a, b, c});
          cgt::Grundy want = alone[0][a] ^ alone[1][b] ^ alone[2][c];
          ++checked;
          if (g != want)
            return {false, fmt::format("game set {}: g({},{},{}) = {} but nim-sum of parts = {}", t, a, b, c, g, want)};
        }
  }
  return {true, fmt::format("{} sums of three random game DAGs ({} nodes each): whole search = nim-sum", checked, nodes)};
}

// The engine's component split (nim-sum of memoized summands) agrees with the whole search.
Finding component_split(const RunOptions& run) {
  auto [games, nodes] = sizes(run);
  std::mt19937_64 rng(77);
  long checked = 0;
  for (int t = 0; t < games; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 2; ++s) dags.push_back(random_dag(rng, nodes, 20 + static_cast<int>(rng() % 40)));
    DagSum whole{{&dags[0], &dags[1]}};
    SplitDagSum split;
    split.dags = whole.dags;
    solve::ImpartialSolver a(whole);
    solve::ImpartialSolver b(split);
    for (int x = 0; x < nodes; ++x)
      for (int y = 0; y < nodes; ++y) {
        ++checked;
        if (a.grundy({x, y}) != b.grundy({x, y}))
          return {false, fmt::format("game set {}: ({},{}) whole {} split {}", t, x, y, a.grundy({x, y}), b.grundy({x, y}))};
      }
  }
  return {true, fmt::format("{} positions of sums of two random game DAGs", checked)};
}

// The mex rule: g(G) = mex of the options' values is the one n with G + *n a P-position,
// where P-positions come from a plain win/lose search that knows nothing of Grundy values.
Finding mex_rule(const RunOptions& run) {
  auto [games, nodes] = sizes(run);
  std::mt19937_64 rng(4242);
  const int max_heap = nodes + 1;  // Grundy values of an n-node DAG are below n
  RandomDag heap = nim_heap_dag(max_heap);
  long checked = 0;
  for (int t = 0; t < games; ++t) {
    RandomDag dag = random_dag(rng, nodes, 10 + static_cast<int>(rng() % 60));
    DagSum single{{&dag}};
    solve::ImpartialSolver solver(single);
    DagSum with_heap{{&dag, &heap}};
    WinLose search(with_heap);
    for (int v = 0; v < nodes; ++v) {
      cgt::Grundy g = solver.grundy({v});
      std::vector<cgt::Grundy> option_values;
      for (int o : dag.options[v]) option_values.push_back(solver.grundy({o}));
      if (g != cgt::mex(option_values))
        return {false, fmt::format("game {} node {}: engine {} but mex of options {}", t, v, g, cgt::mex(option_values))};
      for (int n = 0; n <= max_heap; ++n) {
        ++checked;
        bool p_position = !search.first_player_wins({v, n});
        if (p_position != (static_cast<cgt::Grundy>(n) == g))
          return {false, fmt::format("game {} node {} (g = {}): G + *{} is {} by search", t, v, g, n,
                                     p_position ? "P" : "N")};
      }
    }
  }
  return {true, fmt::format("{} sums G + *n over random game DAGs: P exactly when n = mex value", checked)};
}

// Bouton: a Nim position is a second-player win iff the nim-sum of its heaps is 0; outcomes by
// plain search, and the engine's outcome() on the same positions.
Finding bouton(const RunOptions& run) {
  const int max_heap = run.deep ? 9 : 6;
  RandomDag heap = nim_heap_dag(max_heap);
  DagSum nim{{&heap, &heap, &heap, &heap}};
  WinLose search(nim);
  solve::ImpartialSolver solver(nim);
  long checked = 0;
  for (int a = 0; a <= max_heap; ++a)
    for (int b = 0; b <= max_heap; ++b)
      for (int c = 0; c <= max_heap; ++c)
        for (int d = 0; d <= max_heap; ++d) {
          ++checked;
          bool p_by_search = !search.first_player_wins({a, b, c, d});
          bool p_by_xor = (a ^ b ^ c ^ d) == 0;
          bool p_by_engine = solver.outcome({a, b, c, d}) == cgt::Outcome::P;
          if (p_by_search != p_by_xor || p_by_engine != p_by_xor)
            return {false, fmt::format("Nim {},{},{},{}: search {}, xor {}, engine {}", a, b, c, d, p_by_search,
                                       p_by_xor, p_by_engine)};
        }
  return {true, fmt::format("all {} Nim positions with 4 heaps of at most {}", checked, max_heap)};
}

// An impartial game's canonical form is the nimber *g(G): the partizan engine (canonical
// forms through the value layer) against the impartial engine (mex).
Finding nimber_form(const RunOptions& run) {
  auto [games, nodes] = sizes(run);
  std::mt19937_64 rng(99);
  long checked = 0;
  for (int t = 0; t < games; ++t) {
    std::vector<RandomDag> dags;
    for (int s = 0; s < 2; ++s) dags.push_back(random_dag(rng, nodes / 2 + 2, 25 + static_cast<int>(rng() % 50)));
    DagSum sum{{&dags[0], &dags[1]}};
    solve::ImpartialSolver impartial(sum);
    solve::PartizanSolver partizan(sum);
    for (int x = 0; x < nodes / 2 + 2; ++x)
      for (int y = 0; y < nodes / 2 + 2; ++y) {
        ++checked;
        cgt::Game value = partizan.value({x, y});
        cgt::Grundy g = impartial.grundy({x, y});
        if (value != cgt::Game::nimber(g))
          return {false, fmt::format("game set {}: ({},{}) has canonical form {} but Grundy value {}", t, x, y,
                                     value.str(), g)};
      }
  }
  return {true, fmt::format("{} sums of two random game DAGs: canonical form = *g", checked)};
}

}  // namespace

void add_general_claims(std::vector<Claim>& out) {
  out.push_back({"general.sg-sum", "general", "Sprague-Grundy theorem",
                 "the Grundy value of a sum of impartial games is the nim-sum of the summands' values",
                 "150 triples of random game DAGs on 16 nodes, 1/6 of the positions each",
                 "1000 triples on 24 nodes", "", sg_sum});
  out.push_back({"general.components", "general", "Sprague-Grundy theorem (engine's component split)",
                 "solving a sum by nim-summing separately memoized components gives the whole-sum Grundy value",
                 "150 pairs of random game DAGs on 16 nodes, every position", "1000 pairs on 24 nodes", "",
                 component_split});
  out.push_back({"general.mex", "general", "mex rule",
                 "g(G) = mex{g(G') : G' an option of G}, and G + *n is a P-position exactly when n = g(G)",
                 "150 random game DAGs on 16 nodes, n = 0..17, outcomes by plain win/lose search",
                 "1000 DAGs on 24 nodes, n = 0..25", "", mex_rule});
  out.push_back({"general.bouton", "general", "Bouton's theorem",
                 "a Nim position is a P-position iff the nim-sum of its heaps is 0",
                 "every 4-heap position with heaps <= 6", "heaps <= 9", "", bouton});
  out.push_back({"general.nimber-form", "general", "impartial games are nimbers",
                 "the canonical form of an impartial game G is the nimber *g(G)",
                 "150 sums of two random game DAGs on 10 nodes", "1000 sums on 14 nodes", "", nimber_form});
}

}  // namespace cgtlab::claims
