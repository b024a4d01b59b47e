// cgtlab verify: runs the papers' claims and reports PASS / FAIL / ERRATUM for each.
#include <chrono>
#include <cstdio>
#include <fmt/core.h>
#include <memory>

#include "claims/claim.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "util/error.h"

namespace cgtlab::cli {

namespace {

struct VerifyOptions {
  std::string source;
  std::string id_prefix;
  bool json = false;
  std::string format;
  bool deep = false;
  bool list = false;
};

bool selected(const claims::Claim& c, const VerifyOptions& o) {
  if (!o.source.empty() && c.source != o.source && c.id.rfind(o.source + ".", 0) != 0) return false;
  if (!o.id_prefix.empty() && c.id.rfind(o.id_prefix, 0) != 0) return false;
  return true;
}

void run_verify(const VerifyOptions& o) {
  const std::string format = output_format(o.format, o.json, kTableFormats);
  const bool table = format == "latex" || format == "markdown";
  std::vector<const claims::Claim*> chosen;
  for (const auto& c : claims::all_claims())
    if (selected(c, o)) chosen.push_back(&c);
  if (chosen.empty()) {
    throw InputError("no claim matches" + (o.source.empty() ? "" : " --source " + o.source) +
                     (o.id_prefix.empty() ? "" : " --id " + o.id_prefix));
  }
  if (o.list) {
    if (table) {
      Table t{"llll", {text_cell("claim"), text_cell("paper item"), text_cell("statement"), text_cell("range")}, {},
              {fmt::format("the claims of cgtlab verify{}{} ({} claims)", o.source.empty() ? "" : " --source " + o.source,
                           o.id_prefix.empty() ? "" : " --id " + o.id_prefix, chosen.size())}};
      for (const auto* c : chosen)
        t.rows.push_back({code_cell(c->id), text_cell(c->item), text_cell(c->statement),
                          text_cell(o.deep && !c->deep_range.empty() ? c->deep_range : c->range)});
      print_tables(format, {t});
      return;
    }
    if (format == "json") {
      nlohmann::json items = nlohmann::json::array();
      for (const auto* c : chosen) {
        nlohmann::json item{{"id", c->id}, {"source", c->source}, {"item", c->item}, {"statement", c->statement},
                            {"range", o.deep && !c->deep_range.empty() ? c->deep_range : c->range}, {"erratum", c->erratum}};
        if (!c->erratum.empty()) item["correction"] = c->correction;
        items.push_back(item);
      }
      print_json({{"claims", items}, {"deep", o.deep}});
      return;
    }
    for (const auto* c : chosen) {
      fmt::print("{}  {}: {}  [{}]\n", c->id, c->item, c->statement, c->range);
      if (!c->erratum.empty()) fmt::print("    erratum, correction: {}\n", c->correction);
    }
    return;
  }
  nlohmann::json items = nlohmann::json::array();
  Table t{"lllllr",
          {text_cell("claim"), text_cell("paper item"), text_cell("statement"), text_cell("range"), text_cell("status"),
           text_cell("seconds")},
          {},
          {}};
  int pass = 0, fail = 0, erratum = 0;
  claims::RunOptions run{o.deep};
  auto started = std::chrono::steady_clock::now();
  for (const auto* c : chosen) {
    progress(fmt::format("verify: {} ...", c->id));
    auto t0 = std::chrono::steady_clock::now();
    claims::Evaluation e = claims::evaluate(*c, run);
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    progress_done();
    const auto status = e.status;
    if (status == claims::Status::Pass) ++pass;
    else if (status == claims::Status::Fail) ++fail;
    else ++erratum;
    // Why an erratum claim failed, in words.
    std::string why;
    if (status == claims::Status::Fail && !c->erratum.empty()) {
      if (e.statement == claims::Verdict::Holds) why = "documented erratum not reproduced: the statement held. ";
      else if (e.correction == claims::Verdict::Fails) why = "the correction does not hold: ";
      else if (e.correction == claims::Verdict::Error) why = "the correction could not be checked: ";
    }
    const std::string& range = o.deep && !c->deep_range.empty() ? c->deep_range : c->range;
    if (table) {
      t.rows.push_back({code_cell(c->id), text_cell(c->item), text_cell(c->statement), text_cell(range),
                        text_cell(claims::to_string(status)), number_cell(fmt::format("{:.2f}", secs))});
    } else if (format == "json") {
      nlohmann::json item = {{"id", c->id},
                             {"source", c->source},
                             {"item", c->item},
                             {"statement", c->statement},
                             {"range", range},
                             {"status", claims::to_string(status)},
                             {"statement_verdict", claims::to_string(e.statement)},
                             {"detail", e.detail},
                             {"erratum", c->erratum},
                             {"correction", c->correction},
                             {"seconds", secs}};
      if (e.correction) {
        item["correction_verdict"] = claims::to_string(*e.correction);
        item["correction_detail"] = e.correction_detail;
      }
      items.push_back(std::move(item));
    } else {
      fmt::print("{:<7} {:<16} {:>7.2f}s  {}: {}  [{}]\n", claims::to_string(status), c->id, secs, c->item,
                 c->statement, range);
      if (status == claims::Status::Erratum) {
        fmt::print("        as printed: {}  (see docs/errata.md#{})\n", e.detail, c->erratum);
        fmt::print("        correction: {}\n        computed:   {}\n", c->correction, e.correction_detail);
      } else if (status == claims::Status::Fail) {
        fmt::print("        {}{}{}\n", e.statement == claims::Verdict::Error ? "ERROR: " : "", why,
                   e.correction && e.statement == claims::Verdict::Fails ? e.correction_detail : e.detail);
        if (e.correction && e.statement == claims::Verdict::Fails)
          fmt::print("        correction: {}\n        statement as printed: {}\n", c->correction, e.detail);
      }
      std::fflush(stdout);
    }
  }
  double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (table) {
    t.comments = {fmt::format("cgtlab verify{}{}{}: {} claims, {} PASS, {} ERRATUM, {} FAIL in {:.1f} s", o.deep ? " --deep" : "",
                              o.source.empty() ? "" : " --source " + o.source, o.id_prefix.empty() ? "" : " --id " + o.id_prefix,
                              chosen.size(), pass, erratum, fail, total),
                  "ERRATUM: the statement as printed fails and the correction in docs/errata.md holds"};
    print_tables(format, {t});
  } else if (format == "json") {
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
                                 "Check the seed papers' claims. Every theorem, lemma and table of the seed papers, with the engine.\n"
                                 "Prints each claim's id, status (PASS, FAIL, ERRATUM), time, statement and "
                                 "range.\nExit 1 when a claim fails. ERRATUM: the statement as printed fails and the correction in "
                                 "docs/errata.md,\ncomputed by the engine, holds. A check that raises an error is a FAIL.");
  cmd->add_option("--source", opts->source, "only the claims of one paper: 000, 001, 002, 003 or 004");
  cmd->add_option("--id", opts->id_prefix, "only the claims whose id starts with this");
  cmd->add_flag("--json", opts->json, "one JSON object with a claims array");
  add_format_option(cmd, opts->format, kTableFormats);
  cmd->add_flag("--deep", opts->deep, "run the long ranges (research use; can take hours)");
  cmd->add_flag("--list", opts->list, "list the claims without checking them");
  cmd->callback([opts] { run_verify(*opts); });
}

}  // namespace cgtlab::cli
