// A program that uses the installed library: values and a seed game.
#include <iostream>

#include "cgt/game.h"
#include "games/coins/algorithm.h"

int main() {
  using cgtlab::cgt::Game;
  Game g = Game::parse("{1|*}") + Game::parse("^") + Game::parse("^");
  std::cout << g.str() << " " << cgtlab::cgt::to_string(Game::parse("*").compare(Game())) << " "
            << cgtlab::games::run_coins_algorithm("011101", false).value.str() << "\n";
  return 0;
}
