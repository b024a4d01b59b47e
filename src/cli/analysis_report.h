// The value analysis of one canonical form (cgt/analysis.h) as JSON and as text; shared by
// `cgtlab analyze` and the `--analyze` flag of commands that compute a partizan value.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "cgt/game.h"

namespace cgtlab::cli {

// Followers listed by default (the count is always complete).
constexpr std::size_t kDefaultFollowerLimit = 100;

// One object with the keys of issue 14 (value, outcome, misere_outcome, ..., is_zero).
nlohmann::json analysis_json(cgt::Game g, std::size_t follower_limit = kDefaultFollowerLimit);
// The same for people, one "name: value" line each.
std::string analysis_text(cgt::Game g, std::size_t follower_limit = kDefaultFollowerLimit);
// The same for a paper: a two-column booktabs tabular (property, value in math mode); the
// thermograph, the followers' list and the predicates stay in the text and JSON outputs.
std::string analysis_latex(cgt::Game g, const std::string& title);
// An outcome class as papers write it: $\mathcal{N}$.
std::string latex_outcome(cgt::Outcome o);

}  // namespace cgtlab::cli
