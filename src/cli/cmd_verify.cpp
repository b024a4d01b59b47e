// cgtlab verify: runs the papers' claims and reports PASS / FAIL / ERRATUM for each.
#include <chrono>
#include <cstdio>
#include <fmt/core.h>
#include <memory>

#include "claims/claim.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "util/error.h"

namespace cgtlab::cli {

namespace {

struct VerifyOptions {
  std::string source;
  std::string id_prefix;
  bool json = false;
  bool deep = false;
  bool list = false;
};

bool selected(const claims::Claim& c, const VerifyOptions& o) {
  if (!o.source.empty() && c.source != o.source && c.id.rfind(o.source + ".", 0) != 0) return false;
  if (!o.id_prefix.empty() && c.id.rfind(o.id_prefix, 0) != 0) return false;
  return true;
}

void run_verify(const VerifyOptions& o) {
  std::vector<const claims::Claim*> chosen;
  for (const auto& c : claims::all_claims())
    if (selected(c, o)) chosen.push_back(&c);
  if (chosen.empty()) {
    throw InputError("no claim matches" + (o.source.empty() ? "" : " --source " + o.source) +
                     (o.id_prefix.empty() ? "" : " --id " + o.id_prefix));
  }
  if (o.list) {
    for (const auto* c : chosen) fmt::print("{}  {}: {}  [{}]\n", c->id, c->item, c->statement, c->range);
    return;
  }
  nlohmann::json items = nlohmann::json::array();
  int pass = 0, fail = 0, erratum = 0;
  claims::RunOptions run{o.deep};
  auto started = std::chrono::steady_clock::now();
  for (const auto* c : chosen) {
    progress(fmt::format("verify: {} ...", c->id));
    auto t0 = std::chrono::steady_clock::now();
    claims::Finding f;
    try {
      f = c->check(run);
    } catch (const std::exception& e) {  // a check that throws has failed, visibly
      f = {false, std::string("check raised: ") + e.what()};
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress_done();
    auto status = claims::status_of(*c, f);
    if (status == claims::Status::Pass) ++pass;
    else if (status == claims::Status::Fail) ++fail;
    else ++erratum;
    if (status == claims::Status::Fail && !c->erratum.empty() && f.holds) {
      f.detail = "documented erratum not reproduced: the statement held. " + f.detail;
    }
    const std::string& range = o.deep && !c->deep_range.empty() ? c->deep_range : c->range;
    if (o.json) {
      items.push_back({{"id", c->id},
                       {"source", c->source},
                       {"item", c->item},
                       {"statement", c->statement},
                       {"range", range},
                       {"status", claims::to_string(status)},
                       {"detail", f.detail},
                       {"erratum", c->erratum},
                       {"seconds", secs}});
    } else {
      fmt::print("{:<7} {:<16} {:>7.2f}s  {}: {}  [{}]\n", claims::to_string(status), c->id, secs, c->item,
                 c->statement, range);
      if (status != claims::Status::Pass || !f.detail.empty()) {
        if (status == claims::Status::Erratum)
          fmt::print("        {}  (see docs/errata.md#{})\n", f.detail, c->erratum);
        else if (status == claims::Status::Fail)
          fmt::print("        {}\n", f.detail);
      }
      std::fflush(stdout);
    }
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (o.json) {
    print_json({{"claims", items},
                {"passed", pass},
                {"failed", fail},
                {"errata", erratum},
                {"deep", o.deep},
                {"seconds", total}});
  } else {
    fmt::print("\n{} claims in {:.1f}s: {} PASS, {} ERRATUM, {} FAIL\n", chosen.size(), total, pass, erratum, fail);
  }
  set_exit_code(fail > 0 ? 1 : 0);
}

}  // namespace

void add_verify_command(CLI::App& app) {
  auto opts = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand("verify",
                                 "Check every theorem, lemma and table of the seed papers with the engine.\n"
                                 "Prints each claim's id, status (PASS, FAIL, ERRATUM), time, statement and "
                                 "range.\nExit 1 when a claim fails. ERRATUM: the paper is wrong; see docs/errata.md.");
  cmd->add_option("--source", opts->source, "only the claims of one paper: 000, 001, 002, 003 or 004");
  cmd->add_option("--id", opts->id_prefix, "only the claims whose id starts with this");
  cmd->add_flag("--json", opts->json, "one JSON object with a claims array");
  cmd->add_flag("--deep", opts->deep, "run the long ranges (research use; can take hours)");
  cmd->add_flag("--list", opts->list, "list the claims without checking them");
  cmd->callback([opts] { run_verify(*opts); });
}

}  // namespace cgtlab::cli
