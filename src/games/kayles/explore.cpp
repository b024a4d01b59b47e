// Weighted Arc-Kayles, Arc-Kayles and Node-Kayles as Explorers (games/explore.h). A WAK
// position is the counters on a fixed graph ("a=3,b=1"); an Arc-/Node-Kayles position is the
// remaining graph ("0-1,2"; "K0" when nothing is left), so that it reads back as --graph.
#include <string>
#include <vector>

#include "games/explore.h"
#include "games/kayles/rules.h"
#include "games/kayles/solver.h"
#include "games/kayles/wak_analyze.h"
#include "games/kayles/wak_text.h"
#include "graph/graph.h"
#include "util/error.h"

namespace cgtlab::games {

graph::Graph parse_kayles_position(const std::string& spec) {
  if (spec == "K0") return graph::Graph(0, false);
  return graph::parse_graph(spec);
}

std::string kayles_position_text(const graph::Graph& g) { return g.order() == 0 ? "K0" : g.to_spec(); }

namespace {

ExploreValue impartial_value(cgt::Grundy g) {
  ExploreValue v;
  v.grundy = g;
  v.value = cgt::Game::nimber(g);
  v.outcome = g == 0 ? cgt::Outcome::P : cgt::Outcome::N;
  return v;
}

class WakExplorer : public Explorer {
 public:
  WakExplorer(const std::string& graph, const std::string& weights, solve::SearchLimits limits)
      : spec_(graph), graph_(graph::parse_graph(graph)), analyser_(limits) {
    WakGraph p = make_wak(graph_, parse_wak_weights(graph_, weights));
    nodes_.push_back(p);
  }
  std::string game() const override { return "wak"; }
  bool impartial() const override { return true; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return wak_weights_text(nodes_[node]); }
  PositionArgs args(int node) override { return {{"graph", spec_}, {"weights", position(node)}}; }
  ExploreValue value(int node) override {
    auto w = analyser_.value(graph_, nodes_[node].weight);
    ExploreValue v;
    v.grundy = w.grundy;
    if (w.grundy) v.value = cgt::Game::nimber(*w.grundy);
    v.outcome = w.outcome;
    return v;
  }
  std::vector<Move> moves(int node) override {
    const WakGraph p = nodes_[node];
    std::vector<Move> out;
    for (auto m : wak_moves(p)) {
      nodes_.push_back(wak_play(p, m));
      out.push_back({wak_move_name(p, m), Side::Either, static_cast<int>(nodes_.size()) - 1});
    }
    return out;
  }
  std::string drawing(int node) override {
    const WakGraph& p = nodes_[node];
    std::string s = "vertex: counters (a move takes one from each end of an edge, or one at a loop ~)\n";
    for (int v = 0; v < p.n; ++v) {
      std::string nb;
      for (int u = 0; u < p.n; ++u)
        if (p.adjacent(v, u)) nb += (nb.empty() ? "" : ",") + p.names[u];
      s += "  " + p.names[v] + (p.has_loop(v) ? "~" : "") + ": " + std::to_string(p.weight[v]) + " " +
           std::string(std::min<std::uint64_t>(p.weight[v], 30), 'o') + (p.weight[v] > 30 ? "..." : "") +
           "   (neighbours " + (nb.empty() ? "none" : nb) + ")\n";
    }
    return s;
  }

 private:
  std::string spec_;
  graph::Graph graph_;
  WakAnalyser analyser_;
  std::vector<WakGraph> nodes_;
};

// Positions: the surviving vertices of the starting graph (rules.h: each_kayles_move).
constexpr int kWords = 8;  // 512 vertices
using Set = VertexSet<kWords>;

class KaylesExplorer : public Explorer {
 public:
  KaylesExplorer(bool arc, const std::string& graph, solve::SearchLimits limits)
      : game_(arc ? VertexGame::ArcKayles : VertexGame::NodeKayles),
        graph_(parse_kayles_position(graph)),
        solver_(game_, limits) {
    require_kayles_graph(graph_, arc ? "Arc-Kayles" : "Node-Kayles");
    if (graph_.order() > 64 * kWords)
      throw InputError("graph has " + std::to_string(graph_.order()) + " vertices; at most " +
                       std::to_string(64 * kWords));
    adj_ = kayles_neighbourhoods<kWords>(graph_);
    Set all;
    for (int v = 0; v < graph_.order(); ++v) all.set(v);
    nodes_.push_back(all);
  }
  std::string game() const override { return game_ == VertexGame::ArcKayles ? "arckayles" : "nodekayles"; }
  bool impartial() const override { return true; }
  int nodes() const override { return static_cast<int>(nodes_.size()); }
  std::string position(int node) override { return kayles_position_text(subgraph(node)); }
  PositionArgs args(int node) override { return {{"graph", position(node)}}; }
  ExploreValue value(int node) override { return impartial_value(solver_.grundy(subgraph(node))); }
  std::vector<Move> moves(int node) override {
    const Set s = nodes_[node];
    std::vector<Move> out;
    each_kayles_move(game_, adj_, s, [&](const Set& rest, KaylesMoveAt m) {
      nodes_.push_back(rest);
      std::string name = graph_.vertex_name(m.u);
      if (m.v >= 0) name += "-" + graph_.vertex_name(m.v);
      out.push_back({name, Side::Either, static_cast<int>(nodes_.size()) - 1});
    });
    return out;
  }
  std::string drawing(int node) override {
    const Set& s = nodes_[node];
    if (!s.any()) return "  (no vertex left)\n";
    std::string out = game_ == VertexGame::ArcKayles
                          ? "vertex: neighbours (a move deletes an edge's two ends)\n"
                          : "vertex: neighbours (a move deletes a vertex and its neighbours)\n";
    s.each([&](int v) {
      std::string nb;
      (adj_[v] & s).each([&](int u) { nb += (nb.empty() ? "" : ",") + graph_.vertex_name(u); });
      out += "  " + graph_.vertex_name(v) + ": " + (nb.empty() ? "(isolated)" : nb) + "\n";
    });
    return out;
  }

 private:
  graph::Graph subgraph(int node) const {
    std::vector<int> keep;
    nodes_[node].each([&](int v) { keep.push_back(v); });
    return graph_.induced(keep);
  }
  VertexGame game_;
  graph::Graph graph_;
  KaylesSolver solver_;
  std::vector<Set> adj_;
  std::vector<Set> nodes_;
};

}  // namespace

std::unique_ptr<Explorer> wak_explorer(const std::string& graph, const std::string& weights,
                                       solve::SearchLimits limits) {
  return std::make_unique<WakExplorer>(graph, weights, limits);
}

std::unique_ptr<Explorer> kayles_explorer(bool arc, const std::string& graph, solve::SearchLimits limits) {
  return std::make_unique<KaylesExplorer>(arc, graph, limits);
}

}  // namespace cgtlab::games
