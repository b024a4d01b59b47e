// Identities of the value layer (Conway, ONAG; Berlekamp-Conway-Guy, Winning Ways;
// Siegel, Combinatorial Game Theory) as claims. Each check computes with the engine and
// compares with the expected canonical form, itself parsed from its standard name or
// built from options, so a wrong canonicalisation, sum or comparison makes it FAIL.
#include <fmt/core.h>

#include <random>

#include "cgt/game.h"
#include "claims/claim.h"

namespace cgtlab::claims {

namespace {

using cgt::Game;

// Every pair (expression, expected canonical form) must parse to the same record.
Finding equalities(const std::vector<std::pair<std::string, std::string>>& pairs) {
  for (const auto& [expr, expected] : pairs) {
    Game got = Game::parse(expr);
    Game want = Game::parse(expected);
    if (got != want) return {false, fmt::format("{} = {}, expected {}", expr, got.str(), expected)};
  }
  return {true, fmt::format("{} identities hold", pairs.size())};
}

Claim identity(std::string id, std::string item, std::string statement,
               std::vector<std::pair<std::string, std::string>> pairs) {
  std::string range = fmt::format("{} expressions", pairs.size());
  return Claim{std::move(id), "general", std::move(item), std::move(statement), range, "", "",
               [pairs = std::move(pairs)](const RunOptions&) { return equalities(pairs); }};
}

// Random canonical forms of birthday <= days: each day adds games whose options are up
// to three random games of earlier days.
std::vector<Game> random_games(unsigned seed, int days, int per_day) {
  std::mt19937 rng(seed);
  std::vector<Game> pool{Game()};
  std::uniform_int_distribution<int> count(0, 3);
  for (int d = 1; d <= days; ++d) {
    std::vector<Game> next = pool;
    std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
    for (int i = 0; i < per_day; ++i) {
      std::vector<Game> l, r;
      for (int k = count(rng); k > 0; --k) l.push_back(pool[pick(rng)]);
      for (int k = count(rng); k > 0; --k) r.push_back(pool[pick(rng)]);
      next.push_back(Game::from_options(l, r));
    }
    pool = std::move(next);
  }
  return pool;
}

Finding group_laws(const RunOptions& run) {
  int n = run.deep ? 4000 : 600;
  std::vector<Game> games = random_games(2026, 4, n / 4);
  std::mt19937 rng(1);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  for (Game g : games)
    if (g - g != Game()) return {false, fmt::format("G - G != 0 for G = {}", g.str())};
  int triples = run.deep ? 20000 : 3000;
  for (int i = 0; i < triples; ++i) {
    Game a = games[pick(rng)], b = games[pick(rng)], c = games[pick(rng)];
    if (a + b != b + a) return {false, fmt::format("{} + {} is not commutative", a.str(), b.str())};
    if ((a + b) + c != a + (b + c))
      return {false, fmt::format("({} + {}) + {} != {} + ({} + {})", a.str(), b.str(), c.str(), a.str(), b.str(), c.str())};
  }
  return {true, fmt::format("{} games: G - G = 0; {} triples commutative and associative", games.size(), triples)};
}

// G >= H iff Left wins G - H moving second, and so on: compare() against outcome(G - H).
Finding comparison_is_outcome(const RunOptions& run) {
  std::vector<Game> games = random_games(7, 4, run.deep ? 1000 : 200);
  std::mt19937 rng(2);
  std::uniform_int_distribution<std::size_t> pick(0, games.size() - 1);
  int pairs = run.deep ? 50000 : 5000;
  int counts[4] = {0, 0, 0, 0};
  for (int i = 0; i < pairs; ++i) {
    Game g = games[pick(rng)], h = games[pick(rng)];
    cgt::Relation r = g.compare(h);
    cgt::Outcome o = (g - h).outcome();
    cgt::Outcome want = r == cgt::Relation::Equal     ? cgt::Outcome::P
                        : r == cgt::Relation::Greater ? cgt::Outcome::L
                        : r == cgt::Relation::Less    ? cgt::Outcome::R
                                                      : cgt::Outcome::N;
    if (o != want)
      return {false, fmt::format("{} {} {} but G - H has outcome {}", g.str(), cgt::to_string(r), h.str(), cgt::to_string(o))};
    if ((r == cgt::Relation::Equal) != (g == h))
      return {false, fmt::format("{} and {} compare equal but have different records", g.str(), h.str())};
    ++counts[static_cast<int>(r)];
  }
  return {true, fmt::format("{} pairs (= {}, < {}, > {}, || {})", pairs, counts[0], counts[1], counts[2], counts[3])};
}

Finding nim_sums(const RunOptions&) {
  for (cgt::Grundy a = 0; a < 64; ++a)
    for (cgt::Grundy b = 0; b < 64; ++b) {
      Game sum = Game::parse(fmt::format("*{} + *{}", a, b));
      // The expected nimber, built as {*0..*(k-1) | *0..*(k-1)} from options.
      cgt::Grundy k = a ^ b;
      std::vector<Game> opts;
      for (cgt::Grundy i = 0; i < k; ++i) opts.push_back(Game::parse(fmt::format("*{}", i)));
      if (sum != Game::from_options(opts, opts)) return {false, fmt::format("*{} + *{} = {}", a, b, sum.str())};
    }
  return {true, "*a + *b = *(a xor b) for 0 <= a, b < 64"};
}

// 0 < Tiny(x) < every positive number and Tiny(x) < ^ (tinies are smaller than up).
Finding tiny_is_tiny(const RunOptions&) {
  for (int x = 1; x <= 8; ++x) {
    Game tiny = Game::parse(fmt::format("{{0||0|-{}}}", x));
    Game up = Game::parse("^");
    if (!(tiny > Game())) return {false, fmt::format("Tiny({}) is not positive", x)};
    if (!(tiny < up)) return {false, fmt::format("Tiny({}) is not below ^", x)};
    for (int k = 0; k <= 30; ++k) {
      Game eps = Game::number(cgt::Dyadic(mpz_class(1), static_cast<unsigned long>(k)));
      if (!(tiny < eps)) return {false, fmt::format("Tiny({}) is not below 1/2^{}", x, k)};
    }
    if (tiny.str() != fmt::format("Tiny({})", x)) return {false, fmt::format("{{0||0|-{}}} prints as {}", x, tiny.str())};
    if (tiny + Game::parse(fmt::format("{{{}|0||0}}", x)) != Game())
      return {false, fmt::format("Tiny({0}) + Miny({0}) != 0", x)};
  }
  return {true, "x = 1..8: 0 < Tiny(x) < 1/2^k (k <= 30), Tiny(x) < ^, Tiny(x) + Miny(x) = 0, printed Tiny(x)"};
}

// The canonical form of the sum of the switches +-1 ... +-n, checked against the
// hand-derived recursion: if a > every temperature in H, then +-a + H = {a + H | -a + H}.
Finding switch_sums(const RunOptions& run) {
  int n = run.deep ? 20 : 12;
  Game sum;
  for (int k = 1; k <= n; ++k) {
    Game expected = Game::from_options({Game::integer(k) + sum}, {Game::integer(-k) + sum});
    sum = sum + Game::parse(fmt::format("+-{}", k));
    if (sum != expected) return {false, fmt::format("+-1 + ... + +-{0} is not {{{0} + H | -{0} + H}}", k)};
  }
  return {true, fmt::format("+-1 + ... + +-k = {{k + H | -k + H}} (H the sum below k), k <= {}", n)};
}

}  // namespace

void add_value_claims(std::vector<Claim>& out) {
  out.push_back(identity("general.values.numbers", "ONAG ch. 0; Siegel I.3", "1/2 + 1/2 = 1, {0|1} = 1/2, {|} = 0, {0|} = 1, and numbers are the simplest between their options",
                         {{"1/2 + 1/2", "1"}, {"{0|1}", "1/2"}, {"{|}", "0"}, {"{0|}", "1"}, {"{1/2|1}", "3/4"}, {"{-1|3}", "0"}, {"{1|4}", "2"}, {"{|-3}", "-4"}, {"{5/8|3/4}", "11/16"}}));
  out.push_back(identity("general.values.nimbers", "WW ch. 3", "* + * = 0, *2 + *3 = *, {0,*|0,*} = *2, {0,*2|0,*2} = *",
                         {{"* + *", "0"}, {"*2 + *3", "*"}, {"{0,*|0,*}", "*2"}, {"{0,*2|0,*2}", "*"}, {"{0,*,*2|0,*,*2}", "*3"}}));
  out.push_back(identity("general.values.up-sum", "WW ch. 3", "{0|*} = ^, ^ + ^ + * = ^^*, ^* = {0,*|0}, ^^ = {0|^*}, v = {*|0}",
                         {{"{0|*}", "^"}, {"^ + ^ + *", "{0|^}"}, {"{0,*|0}", "^ + *"}, {"{0|^*}", "^ + ^"}, {"{*|0}", "-^"}, {"^^*", "{0|^}"}}));
  out.push_back(identity("general.values.switches", "WW ch. 2; Siegel II.5", "{1|-1} = +-1, +-1 + +-1 = 0, +-2 + +-1 = {3|1||-1|-3}",
                         {{"{1|-1}", "+-1"}, {"+-1 + +-1", "0"}, {"+-2 + +-1", "{{3|1}|{-1|-3}}"}, {"{1/2|-1/2}", "+-1/2"}, {"+-1/2 - {1/2|-1/2}", "0"}}));
  out.push_back(identity("general.values.ordinal-sums", "ONAG ch. 15; Siegel II.4", "1:1 = 2, 1:-1 = 1/2, 1:* = 1*, *:1 = ^*, *:* = *2",
                         {{"1:1", "2"}, {"1:-1", "1/2"}, {"1:*", "1 + *"}, {"*:1", "{0,*|0}"}, {"*:*", "*2"}}));
  out.push_back(identity("general.values.uptimals", "Siegel II.4 (uptimals)", "^<2> = {0|v*}, ^ + ^<2> = {^|*} = ^[2]",
                         {{"^<2>", "{0|v*}"}, {"^ + ^<2>", "{^|*}"}, {"^ + ^<2> + ^<3>", "{{^|*}|*}"}, {"^[3]", "^ + ^<2> + ^<3>"}}));
  out.push_back(Claim{"general.values.tiny", "general", "WW ch. 5; Siegel II.4", "Tiny(x) = {0||0|-x} is a positive infinitesimal below ^; Tiny(x) + Miny(x) = 0",
                      "x = 1..8", "", "", tiny_is_tiny});
  out.push_back(Claim{"general.values.nim-sum", "general", "WW ch. 3 (Sprague-Grundy)", "*a + *b = *(a xor b)",
                      "0 <= a, b < 64", "", "", nim_sums});
  out.push_back(Claim{"general.values.group-laws", "general", "ONAG ch. 1", "G - G = 0; + is commutative and associative on canonical forms",
                      "600 random games of birthday <= 4, 3000 triples", "4000 games, 20000 triples", "", group_laws});
  out.push_back(Claim{"general.values.compare-outcome", "general", "ONAG ch. 1", "G >= H iff Left wins G - H moving second (compare agrees with outcome of G - H); G = H iff same canonical form",
                      "5000 random pairs, birthday <= 4", "50000 pairs", "", comparison_is_outcome});
  out.push_back(Claim{"general.values.switch-sum", "general", "Siegel II.5 (hot games)", "+-1 + +-2 + ... + +-n = {n + H | -n + H} with H = +-1 + ... + +-(n-1)",
                      "n <= 12", "n <= 20", "", switch_sums});
}

}  // namespace cgtlab::claims
