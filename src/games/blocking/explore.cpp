// BLOCKING PEBBLES as an Explorer (games/explore.h): positions "2=1/4/0" on a fixed DAG.
#include <string>
#include <vector>

#include "games/blocking/values.h"
#include "games/explore.h"
#include "graph/graph.h"

namespace cgtlab::games {

namespace {

class BlockingExplorer : public Explorer {
 public:
  BlockingExplorer(const std::string& graph, const std::string& pebbles, solve::SearchLimits limits)
      : spec_(graph), a_(graph::parse_graph(graph), limits) {
    nodes_.push_back(a_.parse(pebbles));
  }
  std::string game() const override { return "blocking"; }
  bool impartial() const override { return false; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return a_.rules().format(nodes_[node]); }
  PositionArgs args(int node) override { return {{"graph", spec_}, {"pebbles", position(node)}}; }
  ExploreValue value(int node) override {
    ExploreValue v;
    v.value = a_.value(nodes_[node]);
    v.outcome = v.value->outcome();
    return v;
  }
  std::vector<Move> moves(int node) override {
    const auto p = nodes_[node];
    auto m = a_.moves(p);
    std::vector<Move> out;
    for (bool left : {true, false}) {
      for (auto& o : left ? m.left : m.right) {
        nodes_.push_back(o.result);
        out.push_back({o.move, left ? Side::Left : Side::Right, static_cast<int>(nodes_.size()) - 1});
      }
    }
    return out;
  }
  std::string drawing(int node) override {
    const auto& p = nodes_[node];
    const auto& g = a_.rules().graph();
    std::string s = "vertex: blue (Left) / red (Right) / green (both) pebbles; arcs\n";
    for (int v = 0; v < g.order(); ++v) {
      std::string arcs;
      for (int u : g.out_neighbors(v)) arcs += (arcs.empty() ? "" : ",") + g.vertex_name(v) + ">" + g.vertex_name(u);
      s += "  " + g.vertex_name(v) + ": " + std::to_string(p[v].blue) + "/" + std::to_string(p[v].red) + "/" +
           std::to_string(p[v].green) + "  " + std::string(std::min(p[v].blue, 20), 'B') +
           std::string(std::min(p[v].red, 20), 'R') + std::string(std::min(p[v].green, 20), 'G') +
           (arcs.empty() ? "" : "   " + arcs) + "\n";
    }
    return s;
  }

 private:
  std::string spec_;
  BlockingAnalyzer a_;
  std::vector<BlockingPosition> nodes_;
};

}  // namespace

std::unique_ptr<Explorer> blocking_explorer(const std::string& graph, const std::string& pebbles,
                                            solve::SearchLimits limits) {
  return std::make_unique<BlockingExplorer>(graph, pebbles, limits);
}

}  // namespace cgtlab::games
