// The value analysis of one canonical form (cgt/analysis.h) as JSON and as text; shared by
// `cgtlab analyze` and the `--analyze` flag of commands that compute a partizan value.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "cgt/game.h"
#include "cli/table.h"

namespace cgtlab::cli {

// Followers listed by default (the count is always complete).
constexpr std::size_t kDefaultFollowerLimit = 100;

// One object with the keys of issue 14 (value, outcome, misere_outcome, ..., is_zero).
nlohmann::json analysis_json(cgt::Game g, std::size_t follower_limit = kDefaultFollowerLimit);
// The same for people, one "name: value" line each.
std::string analysis_text(cgt::Game g, std::size_t follower_limit = kDefaultFollowerLimit);
// The same for a paper or a page: a two-column table (property, value; cli/table.h); the
// thermograph, the followers' list and the predicates stay in the text and JSON outputs.
Table analysis_table(cgt::Game g, const std::string& title);
// analysis_table as a booktabs tabular.
std::string analysis_latex(cgt::Game g, const std::string& title);

}  // namespace cgtlab::cli
