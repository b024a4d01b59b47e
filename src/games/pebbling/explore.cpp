// The pebbling game as an Explorer (games/explore.h): positions "3,1,0,2" on a fixed graph.
#include <string>
#include <vector>

#include "games/explore.h"
#include "games/pebbling/grundy.h"
#include "games/pebbling/rules.h"
#include "graph/graph.h"

namespace cgtlab::games {

namespace {

class PebblingExplorer : public Explorer {
 public:
  PebblingExplorer(const std::string& graph, int k, const std::string& position, solve::SearchLimits limits)
      : spec_(graph), rules_(graph::parse_graph(graph), k), oracle_(rules_, limits) {
    nodes_.push_back(rules_.parse_position(position));
  }
  std::string game() const override { return "pebbling"; }
  bool impartial() const override { return true; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return rules_.to_string(nodes_[node]); }
  PositionArgs args(int node) override {
    return {{"graph", spec_}, {"k", std::to_string(rules_.k())}, {"position", position(node)}};
  }
  ExploreValue value(int node) override {
    ExploreValue v;
    v.grundy = oracle_.grundy(nodes_[node]);
    v.value = cgt::Game::nimber(*v.grundy);
    v.outcome = *v.grundy == 0 ? cgt::Outcome::P : cgt::Outcome::N;
    return v;
  }
  std::vector<Move> moves(int node) override {
    std::vector<Move> out;
    const auto p = nodes_[node];
    const auto& g = rules_.graph();
    for (auto m : rules_.moves(p)) {
      nodes_.push_back(rules_.apply(p, m));
      out.push_back({g.vertex_name(m.from) + "->" + g.vertex_name(m.to), Side::Either,
                     static_cast<int>(nodes_.size()) - 1});
    }
    return out;
  }
  std::string drawing(int node) override {
    const auto& p = nodes_[node];
    const auto& g = rules_.graph();
    std::string s = "a move takes " + std::to_string(rules_.k() + 1) + " pebbles from a vertex and puts " +
                    std::to_string(rules_.k()) + " on a neighbour\n";
    for (int v = 0; v < g.order(); ++v) {
      std::string nb;
      for (int u : g.neighbors(v)) nb += (nb.empty() ? "" : ",") + g.vertex_name(u);
      std::string bar(std::min<int>(p[v], 40), 'o');
      s += "  " + g.vertex_name(v) + ": " + std::to_string(p[v]) + " " + bar + (p[v] > 40 ? "..." : "") +
           "   (neighbours " + (nb.empty() ? "none" : nb) + ")\n";
    }
    return s;
  }

 private:
  std::string spec_;
  Pebbling rules_;
  PebblingOutcomeOracle oracle_;
  std::vector<Pebbling::Position> nodes_;
};

}  // namespace

std::unique_ptr<Explorer> pebbling_explorer(const std::string& graph, int k, const std::string& position,
                                            solve::SearchLimits limits) {
  return std::make_unique<PebblingExplorer>(graph, k, position, limits);
}

}  // namespace cgtlab::games
