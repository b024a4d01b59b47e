// One function per subcommand file: each adds its subcommand(s) to the app.
#pragma once
#include <CLI/CLI.hpp>

namespace cgtlab::cli {

void add_value_commands(CLI::App& app);     // cmd_value.cpp: value, compare
void add_graph_command(CLI::App& app);      // cmd_graph.cpp: graph info
void add_verify_command(CLI::App& app);     // cmd_verify.cpp: verify
void add_pebbling_command(CLI::App& app);   // cmd_pebbling.cpp
void add_blocking_command(CLI::App& app);   // cmd_blocking.cpp
void add_coins_command(CLI::App& app);      // cmd_coins.cpp
void add_kayles_commands(CLI::App& app);    // cmd_kayles.cpp: wak, arckayles, nodekayles, rooks
void add_analyze_command(CLI::App& app);    // cmd_analyze.cpp: analyze
void add_explore_commands(CLI::App& app);   // cmd_explore.cpp: <game> moves, tree, play (after the games)

void add_store_command(CLI::App& app);      // cmd_store.cpp: store list/show/export
void add_sweep_command(CLI::App& app);      // cmd_sweep.cpp: sweep pebbling
void add_serve_command(CLI::App& app);      // cmd_serve.cpp: serve (the explorer page and the JSON API)

}  // namespace cgtlab::cli
