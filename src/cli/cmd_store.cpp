// cgtlab store: what a result store (--store FILE) holds. The store is src/store/.
#include <fmt/core.h>

#include <string>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/table.h"
#include "store/store.h"
#include "util/error.h"

namespace cgtlab::cli {

namespace {

struct StoreOptions {
  std::string file;
  std::int64_t id = 0;
  bool csv = false;
  bool json = false;
  std::string format;         // store list: text, json, latex or markdown
  std::string export_format;  // store export: "" (then --csv or --json) or csv, json, latex, markdown
};

nlohmann::json record_json(const store::Record& r, bool with_answer) {
  nlohmann::json j = {{"id", r.id},
                      {"command", r.key.command},
                      {"params", nlohmann::json::parse(r.key.params, nullptr, false)},
                      {"algorithm_version", r.key.algorithm_version},
                      {"status", r.status},
                      {"seconds", r.seconds},
                      {"peak_memory", r.peak_memory},
                      {"cgtlab_version", r.cgtlab_version},
                      {"date", r.date}};
  if (with_answer) j["answer"] = nlohmann::json::parse(r.answer, nullptr, false);
  return j;
}

// The short answer of a record: m for a threshold, or the stop message.
std::string summary(const store::Record& r) {
  auto a = nlohmann::json::parse(r.answer, nullptr, false);
  if (a.is_object() && a.contains("m")) return a["m"].is_null() ? "none" : a["m"].dump();
  if (a.is_object() && a.contains("stopped")) return a["stopped"].get<std::string>();
  return r.answer.size() > 60 ? r.answer.substr(0, 57) + "..." : r.answer;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// The records as a table (store list: the short answer; store export: every column of the CSV).
Table records_table(const std::vector<store::Record>& records, const std::string& file, std::size_t checkpoints, bool all) {
  Table t;
  t.align = all ? "rlllllrrll" : "rlllllr";
  for (const char* h : {"id", "command", "params", "algorithm version", "status", "answer", "seconds"}) t.header.push_back(text_cell(h));
  if (all)
    for (const char* h : {"peak memory", "cgtlab version", "date"}) t.header.push_back(text_cell(h));
  for (const auto& r : records) {
    std::vector<Cell> row{number_cell(std::to_string(r.id)), code_cell(r.key.command), code_cell(r.key.params),
                          text_cell(std::to_string(r.key.algorithm_version)), text_cell(r.status), code_cell(summary(r)),
                          number_cell(all ? fmt::format("{:.3f}", r.seconds) : fmt::format("{:.2f}", r.seconds))};
    if (all) row.insert(row.end(), {number_cell(std::to_string(r.peak_memory)), text_cell(r.cgtlab_version), text_cell(r.date)});
    t.rows.push_back(std::move(row));
  }
  t.comments = {fmt::format("{} records, {} checkpoints in the result store {} (cgtlab store {})", records.size(), checkpoints,
                            escape_text(file), all ? "export" : "list")};
  return t;
}

void run_list(const StoreOptions& o) {
  const std::string format = output_format(o.format, o.json, kTableFormats);
  store::Store s(o.file, false);
  auto records = s.list();
  if (format == "latex" || format == "markdown") {
    print_tables(format, {records_table(records, o.file, s.checkpoint_count(), false)});
    return;
  }
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : records) list.push_back(record_json(r, false));
    print_json({{"store", o.file}, {"records", list}, {"checkpoints", s.checkpoint_count()}});
    return;
  }
  for (const auto& r : records) {
    fmt::print("{:>4}  {}  {}  v{}  {}  {}  {:.2f} s\n", r.id, r.key.command, r.key.params, r.key.algorithm_version,
               r.status, summary(r), r.seconds);
  }
  fmt::print("{} records, {} checkpoints in {}\n", records.size(), s.checkpoint_count(), o.file);
}

void run_show(const StoreOptions& o) {
  store::Store s(o.file, false);
  auto r = s.get(o.id);
  if (!r) throw InputError("no record " + std::to_string(o.id) + " in " + o.file);
  if (o.json) {
    print_json({{"store", o.file}, {"record", record_json(*r, true)}});  // "command" is the store command's
    return;
  }
  fmt::print("record {}\ncommand: {}\nparams: {}\nalgorithm version: {}\nstatus: {}\nanswer: {}\nseconds: {:.3f}\n"
             "peak memory: {} bytes\ncgtlab version: {}\ndate: {}\n",
             r->id, r->key.command, r->key.params, r->key.algorithm_version, r->status, r->answer, r->seconds,
             r->peak_memory, r->cgtlab_version, r->date);
}

void run_export(const StoreOptions& o) {
  // One output: --csv, --json or --format F (which may repeat --csv or --json).
  std::string format = o.export_format;
  if (!format.empty() && format != "csv" && format != "json" && format != "latex" && format != "markdown")
    throw InputError("--format must be csv, json, latex or markdown (got '" + escape_text(format) + "')");
  for (auto [flag, name] : {std::pair{o.csv, "csv"}, std::pair{o.json, "json"}}) {
    if (!flag) continue;
    if (!format.empty() && format != name)
      throw InputError(fmt::format("store export: --{} and --format {} ask for two outputs: give one", name, format));
    format = name;
  }
  if (format.empty() || (o.csv && o.json))
    throw InputError("store export: give exactly one of --csv, --json and --format F");
  store::Store s(o.file, false);
  auto records = s.list();
  if (format == "latex" || format == "markdown") {
    print_tables(format, {records_table(records, o.file, s.checkpoint_count(), true)});
    return;
  }
  if (format == "json") {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : records) list.push_back(record_json(r, true));
    print_json({{"store", o.file}, {"records", list}});
    return;
  }
  fmt::print("id,command,params,algorithm_version,status,answer,seconds,peak_memory,cgtlab_version,date\n");
  for (const auto& r : records) {
    fmt::print("{},{},{},{},{},{},{:.3f},{},{},{}\n", r.id, csv_field(r.key.command), csv_field(r.key.params),
               r.key.algorithm_version, r.status, csv_field(summary(r)), r.seconds, r.peak_memory, r.cgtlab_version,
               r.date);
  }
}

}  // namespace

void add_store_command(CLI::App& app) {
  auto* st = app.add_subcommand("store", "Inspect a result store (an SQLite file written by --store FILE).");
  st->require_subcommand(1);
  auto opts = std::make_shared<StoreOptions>();
  auto file = [&](CLI::App* c) { c->add_option("--store,file", opts->file, "the store file")->required(); };

  auto* list = st->add_subcommand("list", "One line per stored result.");
  file(list);
  list->add_flag("--json", opts->json, "one JSON object on stdout");
  add_format_option(list, opts->format, kTableFormats);
  list->callback([opts] { run_list(*opts); });

  auto* show = st->add_subcommand("show", "One stored result in full.");
  show->add_option("id", opts->id, "record id (from store list)")->required();
  show->add_option("--store", opts->file, "the store file")->required();
  show->add_flag("--json", opts->json, "one JSON object on stdout");
  show->callback([opts] { run_show(*opts); });

  auto* ex = st->add_subcommand("export",
                                "Every stored result as CSV, LaTeX or Markdown (short answer) or JSON (full answer).");
  file(ex);
  ex->add_flag("--csv", opts->csv, "CSV on stdout (--format csv)");
  ex->add_flag("--json", opts->json, "one JSON object on stdout (--format json)");
  ex->add_option("--format", opts->export_format, "output: csv, json, latex (a booktabs tabular) or markdown; give one of --csv, --json, --format");
  ex->callback([opts] { run_export(*opts); });
}

}  // namespace cgtlab::cli
