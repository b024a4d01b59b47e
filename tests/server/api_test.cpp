// The JSON API's mapping (server/api.h): request bodies to argv, child endings to HTTP.
#include "server/api.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace cgtlab::server {
namespace {

CommandSpec blocking_value() {
  CommandSpec c;
  c.path = "blocking/value";
  c.words = {"blocking", "value"};
  c.args = {{ArgSpec::Kind::Option, "graph", "graph", false, true, false, ""},
            {ArgSpec::Kind::Option, "pebbles", "pebbles", false, false, false, ""},
            {ArgSpec::Kind::Option, "max_positions", "max-positions", false, false, false, ""},
            {ArgSpec::Kind::Flag, "analyze", "analyze", false, false, false, ""},
            {ArgSpec::Kind::Option, "format", "format", false, false, false, ""}};
  return c;
}
CommandSpec coins_value() {
  CommandSpec c;
  c.path = "coins/value";
  c.words = {"coins", "value"};
  c.args = {{ArgSpec::Kind::Positional, "lines", "lines", true, true, false, ""}};
  return c;
}
CommandSpec compare() {
  CommandSpec c;
  c.path = "compare";
  c.words = {"compare"};
  c.args = {{ArgSpec::Kind::Positional, "a", "a", false, true, false, ""},
            {ArgSpec::Kind::Positional, "b", "b", false, true, false, ""}};
  return c;
}
CommandSpec analyze() {
  CommandSpec c;
  c.path = "analyze";
  c.words = {"analyze"};
  c.args = {{ArgSpec::Kind::Option, "thermograph_svg", "thermograph-svg", false, false, true, ""},
            {ArgSpec::Kind::Positional, "expr", "expr", false, true, false, ""}};
  return c;
}

std::string no_temp(const std::string&) {
  ADD_FAILURE() << "no output file expected";
  return "";
}

using V = std::vector<std::string>;

TEST(ServerApi, OptionsAreLongFlagsWithTheirValueAttached) {
  auto b = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","pebbles":"2=1/4/0"})"), {512}, no_temp);
  EXPECT_EQ(b.argv, (V{"cgtlab", "--max-memory", "512", "blocking", "value", "--json", "--graph=T3", "--pebbles=2=1/4/0"}));
}

TEST(ServerApi, AValueThatLooksLikeAFlagStaysAValue) {
  auto b = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"--store=/tmp/x"})"), {512}, no_temp);
  EXPECT_EQ(b.argv.back(), "--graph=--store=/tmp/x");
  auto c = build_argv(compare(), nlohmann::json::parse(R"({"a":"-1","b":"--help"})"), {512}, no_temp);
  EXPECT_EQ(c.argv, (V{"cgtlab", "--max-memory", "512", "compare", "--json", "--", "-1", "--help"}));
}

TEST(ServerApi, DashesAndUnderscoresBothNameAFlag) {
  auto a = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","max_positions":10,"analyze":true})"),
                      {512}, no_temp);
  auto b = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","max-positions":10,"analyze":true})"),
                      {512}, no_temp);
  EXPECT_EQ(a.argv, b.argv);
  EXPECT_NE(std::find(a.argv.begin(), a.argv.end(), "--graph=T3"), a.argv.end());
  EXPECT_NE(std::find(a.argv.begin(), a.argv.end(), "--max-positions=10"), a.argv.end());
  EXPECT_NE(std::find(a.argv.begin(), a.argv.end(), "--analyze"), a.argv.end());
  auto off = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","analyze":false})"), {512}, no_temp);
  EXPECT_EQ(off.argv.size(), 7u);
}

TEST(ServerApi, PositionalsInOrderAfterDoubleDash) {
  auto b = build_argv(coins_value(), nlohmann::json::parse(R"({"lines":["011101","1001"]})"), {512}, no_temp);
  EXPECT_EQ(b.argv, (V{"cgtlab", "--max-memory", "512", "coins", "value", "--json", "--", "011101", "1001"}));
  auto c = build_argv(compare(), nlohmann::json::parse(R"({"b":"^","a":"{0|*}"})"), {512}, no_temp);
  EXPECT_EQ(c.argv, (V{"cgtlab", "--max-memory", "512", "compare", "--json", "--", "{0|*}", "^"}));
}

TEST(ServerApi, MemoryCapMayOnlyBeLowered) {
  auto b = build_argv(compare(), nlohmann::json::parse(R"({"a":"1","b":"2","max_memory":100})"), {512}, no_temp);
  EXPECT_EQ(b.argv[2], "100");
  EXPECT_THROW(build_argv(compare(), nlohmann::json::parse(R"({"a":"1","max_memory":513})"), {512}, no_temp), ApiError);
  EXPECT_THROW(build_argv(compare(), nlohmann::json::parse(R"({"a":"1","max_memory":0})"), {512}, no_temp), ApiError);
}

TEST(ServerApi, BadBodiesAreInputErrors) {
  const char* bad[] = {
      R"([1,2])",                              // not an object
      R"({"graph":"T3","colour":"blue"})",     // unknown key
      R"({"graph":["T3","K3"]})",              // array for a single option
      R"({"graph":1.5})",                      // a float: values are exact
      R"({"graph":{"a":1}})",                  // an object
      R"({"graph":"T3","analyze":"yes"})",     // a flag takes a boolean
      R"({"graph":"a\u0000b"})",               // NUL cannot be an argument
      R"({"help":true})",                      // not a key of the command
      R"({"json":false})",                     // JSON is always on
  };
  for (const char* body : bad) {
    try {
      build_argv(blocking_value(), nlohmann::json::parse(body), {512}, no_temp);
      ADD_FAILURE() << body << " was accepted";
    } catch (const ApiError& e) {
      EXPECT_EQ(e.status, 400) << body;
      EXPECT_EQ(e.kind, "input") << body;
      EXPECT_FALSE(e.message.empty());
    }
  }
  // A later positional without the earlier one would shift into its place.
  EXPECT_THROW(build_argv(compare(), nlohmann::json::parse(R"({"b":"1"})"), {512}, no_temp), ApiError);
}

TEST(ServerApi, OutputFilesGoToTheServersTemporaryPath) {
  auto b = build_argv(analyze(), nlohmann::json::parse(R"({"expr":"{1|-1}","thermograph_svg":true})"), {512},
                      [](const std::string& key) { return "/tmp/dir/" + key; });
  ASSERT_EQ(b.outputs.size(), 1u);
  EXPECT_EQ(b.outputs[0].key, "thermograph_svg");
  EXPECT_EQ(b.argv, (V{"cgtlab", "--max-memory", "512", "analyze", "--json",
                       "--thermograph-svg=/tmp/dir/thermograph_svg", "--", "{1|-1}"}));
  // An extension picks the format where the command reads it from the name (tree -o FILE.svg).
  auto svg = build_argv(analyze(), nlohmann::json::parse(R"({"expr":"1","thermograph_svg":"svg"})"), {512},
                        [](const std::string& name) { return "/tmp/dir/" + name; });
  EXPECT_EQ(svg.argv[5], "--thermograph-svg=/tmp/dir/thermograph_svg.svg");
  EXPECT_EQ(svg.outputs[0].key, "thermograph_svg");
  // The caller never names the file.
  for (const char* body : {R"({"expr":"1","thermograph_svg":"/etc/x"})", R"({"expr":"1","thermograph_svg":"../x"})",
                           R"({"expr":"1","thermograph_svg":"SVG"})", R"({"expr":"1","thermograph_svg":7})"})
    EXPECT_THROW(build_argv(analyze(), nlohmann::json::parse(body), {512}, no_temp), ApiError) << body;
}

// Found by the api fuzz harness: a child's stderr line with a byte that is not UTF-8 made the
// response's dump() throw (type_error 316), so the request got no JSON answer.
TEST(ServerApi, ResponsesWithInvalidUtf8StillSerialise) {
  ChildEnding e;
  e.exit_code = 2;
  e.err = "cgtlab: stopped early: --max-position\xa0s reached\n";
  auto [status, j] = response_for(e);
  EXPECT_EQ(status, 422);
  EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);
  std::string text = response_text(j);
  EXPECT_EQ(text.back(), '\n');
  auto back = nlohmann::json::parse(text);
  EXPECT_EQ(back["kind"], "cap");
  EXPECT_NE(back["error"].get<std::string>().find("\xef\xbf\xbd"), std::string::npos);  // U+FFFD
}

// Found by the api fuzz harness: a child's stdout with "error" and a string "kind" was passed on
// as the error object whatever its other fields ({"error":"bag size: K0","kind":"in","utxpeit":4}
// with exit code 2: no "exit", an unknown kind). Only cgtlab's own shape is passed on now; any
// other object with "error" is a 500 internal error of the server's shape.
TEST(ServerApi, MalformedChildErrorObjectsAreInternalErrors) {
  auto ending = [](int code, const std::string& out) {
    ChildEnding e;
    e.exit_code = code;
    e.out = out;
    e.err = "cgtlab: error: bag size: K0\n";
    e.time_limit_seconds = 10;
    return e;
  };
  for (const auto& [code, out] : std::vector<std::pair<int, std::string>>{
           {2, R"({"error":"bag size: K0","kind":"in","utxpeit":4})"},
           {2, R"({"error":"x","kind":"input"})"},                 // no exit
           {2, R"({"error":"x","kind":"input","exit":"2"})"},      // exit not an integer
           {2, R"({"error":"x","kind":"input","exit":2.5})"},
           {2, R"({"error":"x","kind":"input","exit":3})"},        // not the child's exit code
           {3, R"({"error":"x","kind":"input","exit":3})"},        // input errors exit 2
           {2, R"({"error":"x","kind":"internal","exit":2})"},     // internal errors exit 3
           {2, R"({"error":7,"kind":"input","exit":2})"},          // error not a string
           {2, R"({"error":null,"kind":"cap","exit":2})"},
           {2, R"({"error":"x","kind":["input"],"exit":2})"},
           {2, R"({"error":"x","exit":2})"},                       // no kind
           {-1, R"({"error":"x","kind":"input","exit":2})"}}) {
    auto [status, j] = response_for(ending(code, out));
    EXPECT_EQ(status, 500) << out;
    EXPECT_EQ(j["kind"], "internal") << out;
    EXPECT_EQ(j["exit"], 3) << out;
    ASSERT_TRUE(j["error"].is_string()) << out;
    EXPECT_NE(j["error"].get<std::string>().find("malformed error object"), std::string::npos) << out;
    const std::string text = response_text(j);
    EXPECT_EQ(text.find('\n'), text.size() - 1) << out;  // one line
  }
  // cgtlab's own shape still passes on unchanged, with its extra fields.
  for (const auto& [code, out, status] : std::vector<std::tuple<int, std::string, int>>{
           {2, R"({"error":"x","kind":"input","exit":2,"command":"coins value"})", 400},
           {2, R"({"error":"x","kind":"cap","exit":2})", 422},
           {3, R"({"error":"x","kind":"internal","exit":3})", 500}}) {
    auto [s, j] = response_for(ending(code, out));
    EXPECT_EQ(s, status) << out;
    EXPECT_EQ(j, nlohmann::json::parse(out)) << out;
  }
  // A child whose stdout is not an error object at all is still read from its stderr line.
  auto [s, j] = response_for(ending(2, R"({"value":"1"})"));
  EXPECT_EQ(s, 400);
  EXPECT_EQ(j["error"], "bag size: K0");
}

TEST(ServerApi, FindCommandMatchesWholePathsOnly) {
  std::vector<CommandSpec> cat = {blocking_value(), compare()};
  EXPECT_EQ(find_command(cat, "blocking/value"), &cat[0]);
  EXPECT_EQ(find_command(cat, "compare"), &cat[1]);
  for (const char* p : {"blocking", "blocking/value/", "../blocking/value", "blocking/../compare", "", "blocking//value",
                        "serve", "BLOCKING/VALUE"})
    EXPECT_EQ(find_command(cat, p), nullptr) << p;
}

TEST(ServerApi, EndingsMapToStatuses) {
  ChildEnding ok{0, 0, false, false, R"({"value":"-9^"})" "\n", "", 10};
  auto [s, j] = response_for(ok);
  EXPECT_EQ(s, 200);
  EXPECT_EQ(j["value"], "-9^");

  ChildEnding input{2, 0, false, false, "", "cgtlab: error: unknown vertex 'x'\n", 10};
  auto [s2, j2] = response_for(input);
  EXPECT_EQ(s2, 400);
  EXPECT_EQ(j2["kind"], "input");
  EXPECT_EQ(j2["error"], "unknown vertex 'x'");
  EXPECT_EQ(j2["exit"], 2);

  ChildEnding cap{2, 0, false, false, "", "cgtlab: stopped early: 10 positions\n", 10};
  EXPECT_EQ(response_for(cap).first, 422);
  EXPECT_EQ(response_for(cap).second["kind"], "cap");

  // The child's own error object (docs/json.md) is passed on with the status of its kind.
  ChildEnding own{2, 0, false, false, R"({"error":"x","kind":"cap","exit":2,"command":"coins value"})", "", 10};
  EXPECT_EQ(response_for(own).first, 422);
  EXPECT_EQ(response_for(own).second["command"], "coins value");

  ChildEnding internal{3, 0, false, false, "", "cgtlab: internal error: oops\n", 10};
  EXPECT_EQ(response_for(internal).first, 500);
  EXPECT_EQ(response_for(internal).second["exit"], 3);

  // A stderr line whose prefix contradicts the exit code is malformed: internal, and exit is the kind's.
  for (auto [code, line] : {std::pair<int, const char*>{2, "cgtlab: internal error: oops\n"},
                            {3, "cgtlab: error: unknown vertex 'x'\n"},
                            {3, "cgtlab: stopped early: 10 positions\n"}}) {
    auto [status, j] = response_for(ChildEnding{code, 0, false, false, "", line, 10});
    EXPECT_EQ(status, 500) << line;
    EXPECT_EQ(j["kind"], "internal") << line;
    EXPECT_EQ(j["exit"], 3) << line;
    EXPECT_NE(j["error"].get<std::string>().find("does not match its exit code"), std::string::npos) << line;
  }

  ChildEnding timeout{-1, 9, true, false, "", "", 2.5};
  EXPECT_EQ(response_for(timeout).first, 422);
  EXPECT_NE(response_for(timeout).second["error"].get<std::string>().find("2.5 s"), std::string::npos);

  ChildEnding crash{-1, 11, false, false, "", "", 10};
  EXPECT_EQ(response_for(crash).first, 500);
  ChildEnding overflow{-1, 9, false, true, "", "", 10};
  EXPECT_EQ(response_for(overflow).first, 422);
  ChildEnding garbage{0, 0, false, false, "not json", "", 10};
  EXPECT_EQ(response_for(garbage).first, 500);
}

TEST(ServerApi, FormatOtherThanJsonAsksForTheCommandsText) {
  auto b = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","format":"latex"})"), {512}, no_temp);
  EXPECT_EQ(b.argv, (V{"cgtlab", "--max-memory", "512", "blocking", "value", "--format=latex", "--graph=T3"}));
  EXPECT_EQ(b.text_format, "latex");
  auto j = build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","format":"json"})"), {512}, no_temp);
  EXPECT_EQ(j.argv, (V{"cgtlab", "--max-memory", "512", "blocking", "value", "--json", "--graph=T3"}));
  EXPECT_EQ(j.text_format, "");
  // A command without --format has no key "format"; an empty format names none.
  EXPECT_THROW(build_argv(compare(), nlohmann::json::parse(R"({"a":"1","b":"2","format":"latex"})"), {512}, no_temp), ApiError);
  EXPECT_THROW(build_argv(blocking_value(), nlohmann::json::parse(R"({"graph":"T3","format":""})"), {512}, no_temp), ApiError);

  // The text comes back as {"format", "output"}; errors are the error object as with JSON.
  ChildEnding ok{0, 0, false, false, "$-9\\uparrow$\n", "", 10, "latex"};
  auto [s, out] = response_for(ok);
  EXPECT_EQ(s, 200);
  EXPECT_EQ(out, (nlohmann::json{{"format", "latex"}, {"output", "$-9\\uparrow$\n"}}));
  ChildEnding bad{2, 0, false, false, "", "cgtlab: error: --format must be text, json or latex (got 'x')\n", 10, "x"};
  EXPECT_EQ(response_for(bad).first, 400);
  EXPECT_EQ(response_for(bad).second["kind"], "input");
}

}  // namespace
}  // namespace cgtlab::server
