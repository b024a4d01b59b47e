// The parser: CGSuite's plain-text notation (grammar in docs/notation.md).
// Recursive descent over the text; every game is reduced to canonical form as soon as
// it is built. Malformed input throws InputError with a one-line message.
#include <cctype>
#include <optional>

#include "cgt/analysis.h"
#include "cgt/game.h"
#include "cgt/thermograph.h"
#include "cgt/notation_internal.h"
#include "util/stack_guard.h"
#include "util/error.h"

namespace cgtlab::cgt {

namespace {

// Up multiples and nimbers written in the text are bounded so that no expression can
// ask for an unbounded computation (their canonical forms have that many levels).
constexpr unsigned long kMaxLiteralMultiple = 1UL << 16;
constexpr int kMaxNesting = 2000;
constexpr unsigned long kMaxUptimalIndex = 256;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Game parse() {
    skip_space();
    if (at_end()) fail("empty expression");
    Game g = expr();
    skip_space();
    if (!at_end()) fail(std::string("unexpected '") + peek() + "'");
    return g;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    std::string shown(text_.substr(0, 200));
    for (char& c : shown)
      if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    throw InputError("cannot parse game '" + shown + "' at column " + std::to_string(pos_ + 1) + ": " + what);
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) ++pos_;
  }
  bool accept(char c) {
    skip_space();
    if (peek() == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }
  bool accept_word(std::string_view w) {
    if (text_.substr(pos_, w.size()) == w) {
      pos_ += w.size();
      return true;
    }
    return false;
  }

  // expr := ordinal (('+' | '-') ordinal)*
  Game expr() {
    Game g = ordinal();
    for (;;) {
      skip_space();
      if (peek() == '+') {
        ++pos_;
        g = g + ordinal();
      } else if (peek() == '-') {
        ++pos_;
        g = g - ordinal();
      } else {
        return g;
      }
    }
  }

  // ordinal := unary (':' unary)*   (left-associative: G:H:K = (G:H):K)
  Game ordinal() {
    Game g = unary();
    while (accept(':')) g = g.ordinal_sum(unary());
    return g;
  }

  // unary := '-' unary | '+-' pm_operand | '+' unary | primary
  // Each prefix sign counts one level of nesting, like a pair of parentheses.
  Game unary() {
    skip_space();
    check_stack();
    if (peek() == '+' && peek(1) == '-') {
      pos_ += 2;
      enter();
      Game g = plus_minus();
      --depth_;
      return g;
    }
    if (peek() == '+') {
      ++pos_;
      enter();
      Game g = unary();
      --depth_;
      return g;
    }
    if (peek() == '-') {
      if (std::isdigit(static_cast<unsigned char>(peek(1)))) return literal();  // -1/2, -1^*
      ++pos_;
      enter();
      Game g = -unary();
      --depth_;
      return g;
    }
    return primary();
  }

  void enter() {
    if (++depth_ > kMaxNesting) fail("nesting deeper than " + std::to_string(kMaxNesting));
  }

  // +-G = {G | -G}; +-{a,b} = {a,b | -a,-b}.
  Game plus_minus() {
    skip_space();
    std::vector<Game> opts;
    if (peek() == '{') {
      Body body = braces();
      if (body.seps.empty()) {
        opts = body.lists[0];
        if (opts.empty()) fail("'+-{}' needs at least one option");
      } else {
        opts.push_back(build(body, 0, body.seps.size()));
      }
    } else {
      opts.push_back(unary());
    }
    std::vector<Game> negs;
    negs.reserve(opts.size());
    for (Game g : opts) negs.push_back(-g);
    return Game::from_options(opts, negs);
  }

  // primary := '(' expr ')' | '{' body '}' | Tiny(expr) | Miny(expr) | literal
  Game primary() {
    skip_space();
    if (++depth_ > kMaxNesting) fail("nesting deeper than " + std::to_string(kMaxNesting));
    Game g;
    char c = peek();
    if (c == '(') {
      ++pos_;
      skip_space();
      g = expr();
      expect(')');
    } else if (c == '{') {
      Body body = braces();
      if (body.seps.empty()) fail("expected '|' in braces");
      g = build(body, 0, body.seps.size());
    } else if (c == 'T' || c == 'M') {
      g = tiny_miny();
    } else if (c == '\0') {
      fail("unexpected end of expression");
    } else {
      g = literal();
    }
    g = methods(g);
    --depth_;
    return g;
  }

  // Postfix methods in CGSuite's syntax: G.Cool(t), G.Heat(t), G.Overheat(s, t),
  // G.Freeze, G.Mean, G.Temperature, G.AtomicWeight, G.ReducedCanonicalForm,
  // G.Companion, G.LeftStop, G.RightStop (analysis.h, thermograph.h).
  Game methods(Game g) {
    while (peek() == '.' && std::isalpha(static_cast<unsigned char>(peek(1)))) {
      ++pos_;
      std::size_t start = pos_;
      while (std::isalpha(static_cast<unsigned char>(peek()))) ++pos_;
      std::string name(text_.substr(start, pos_ - start));
      auto args = [&](std::size_t n) {
        std::vector<Game> a;
        expect('(');
        for (std::size_t i = 0; i < n; ++i) {
          if (i > 0) expect(',');
          skip_space();
          a.push_back(expr());
        }
        expect(')');
        return a;
      };
      if (name == "Cool") {
        std::size_t at = pos_;
        Game t = args(1)[0];
        auto x = t.as_number();
        if (!x) {
          pos_ = at;
          fail("Cool needs a number temperature, got " + t.str());
        }
        if (!(Dyadic(-1) < *x)) {
          pos_ = at;
          fail("Cool needs a temperature greater than -1, got " + x->str());
        }
        g = cool(g, *x);
      } else if (name == "Heat") {
        g = heat(g, args(1)[0]);
      } else if (name == "Overheat") {
        auto a = args(2);
        g = overheat(g, a[0], a[1]);
      } else if (name == "Freeze") {
        g = freeze(g);
      } else if (name == "Mean") {
        g = Game::number(mean(g));
      } else if (name == "Temperature") {
        g = Game::number(temperature(g));
      } else if (name == "AtomicWeight") {
        auto w = atomic_weight(g);
        if (!w) {
          pos_ = start;
          fail(g.str() + " is not atomic (it has no atomic weight)");
        }
        g = *w;
      } else if (name == "ReducedCanonicalForm") {
        g = reduced_canonical_form(g);
      } else if (name == "Companion") {
        g = companion(g);
      } else if (name == "LeftStop") {
        g = Game::number(g.left_stop());
      } else if (name == "RightStop") {
        g = Game::number(g.right_stop());
      } else {
        pos_ = start;
        fail("unknown method '" + name + "'");
      }
    }
    return g;
  }

  // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}.
  Game tiny_miny() {
    bool tiny;
    if (accept_word("Tiny")) tiny = true;
    else if (accept_word("Miny")) tiny = false;
    else fail("unknown name");
    expect('(');
    skip_space();
    Game sub = expr();
    expect(')');
    Game zero;
    if (tiny) return Game::from_options({zero}, {Game::from_options({zero}, {-sub})});
    return Game::from_options({Game::from_options({sub}, {zero})}, {zero});
  }

  unsigned long digits_value(const char* what) {
    std::size_t start = pos_;
    while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
    if (start == pos_) fail(std::string("expected digits after ") + what);
    std::string_view d = text_.substr(start, pos_ - start);
    if (d.size() > 9) fail(std::string(what) + " multiple too large");
    unsigned long v = std::stoul(std::string(d));
    if (v > kMaxLiteralMultiple) fail(std::string(what) + " multiple above " + std::to_string(kMaxLiteralMultiple));
    return v;
  }

  // literal := ['-'] [number] [ups] [star] [Tiny(..) | Miny(..)], at least one part.
  //   number := digits ['/' digits]; ups := '^'+ | '^' digits | 'v'+ | 'v' digits;
  //   star := '*' [digits]. The sign belongs to the number: -1^ is (-1) + ^.
  Game literal() {
    std::size_t start = pos_;
    bool any = false;
    Dyadic number(0);
    std::size_t num_start = pos_;
    if (peek() == '-') ++pos_;
    if (std::isdigit(static_cast<unsigned char>(peek()))) {
      while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
      if (peek() == '/' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
        ++pos_;
        while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
      }
      std::string_view n = text_.substr(num_start, pos_ - num_start);
      try {
        number = Dyadic::parse(n);
      } catch (const InputError&) {
        pos_ = num_start;
        fail("'" + std::string(n) + "' is not a dyadic rational");
      }
      any = true;
    } else {
      pos_ = num_start;
    }
    long ups = 0;
    std::optional<Game> uptimal;
    if (peek() == '^' || peek() == 'v') {
      char sym = peek();
      long sign = sym == '^' ? 1 : -1;
      ++pos_;
      unsigned long mag = 1;
      if (peek() == '<' || peek() == '[') {  // ^<n> up-nth, ^[n] = ^ + ^<2> + ... + ^<n>
        char open = peek();
        ++pos_;
        unsigned long n = digits_value(open == '<' ? "'^<'" : "'^['");
        if (n == 0) fail("uptimal index must be at least 1");
        if (n > kMaxUptimalIndex) fail("uptimal index above " + std::to_string(kMaxUptimalIndex));
        if (peek() != (open == '<' ? '>' : ']')) fail(open == '<' ? "expected '>'" : "expected ']'");
        ++pos_;
        Game u = Game::from_id(open == '<' ? detail::up_nth(static_cast<long>(n)) : detail::up_to_nth(static_cast<long>(n)));
        uptimal = sign > 0 ? u : -u;
        mag = 0;
      } else if (std::isdigit(static_cast<unsigned char>(peek()))) {
        mag = digits_value(sym == '^' ? "'^'" : "'v'");
      } else {
        while (peek() == sym) {
          ++pos_;
          if (++mag > kMaxLiteralMultiple) fail("up multiple too large");
        }
      }
      ups = sign * static_cast<long>(mag);
      any = true;
    }
    Grundy star = 0;
    if (peek() == '*') {
      ++pos_;
      star = std::isdigit(static_cast<unsigned char>(peek())) ? digits_value("'*'") : 1;
      any = true;
    }
    if (!any) {
      pos_ = start;
      fail(std::string("expected a game, found '") + peek() + "'");
    }
    Game g = Game::number_up_star(number, ups, star);
    if (uptimal) g = g + *uptimal;
    if (peek() == 'T' || peek() == 'M') g = g + tiny_miny();
    return g;
  }

  // The inside of braces: option lists separated by runs of slashes.
  struct Body {
    std::vector<std::vector<Game>> lists;
    std::vector<std::size_t> seps;  // seps[i] separates lists[i] and lists[i+1]
  };

  Body braces() {
    expect('{');
    if (++depth_ > kMaxNesting) fail("nesting deeper than " + std::to_string(kMaxNesting));
    Body body;
    body.lists.push_back(option_list());
    for (;;) {
      skip_space();
      if (peek() != '|') break;
      std::size_t n = 0;
      while (peek() == '|') {
        ++pos_;
        ++n;
      }
      body.seps.push_back(n);
      body.lists.push_back(option_list());
    }
    expect('}');
    --depth_;
    return body;
  }

  std::vector<Game> option_list() {
    std::vector<Game> opts;
    skip_space();
    if (peek() == '|' || peek() == '}') return opts;
    for (;;) {
      skip_space();
      opts.push_back(expr());
      if (!accept(',')) break;
    }
    skip_space();
    if (peek() != '|' && peek() != '}') fail("expected ',', '|' or '}'");
    return opts;
  }

  // The game of lists[a..b] (b > a: at least one separator). The longest run of slashes
  // splits it; each side is an option list, or a game when it still holds slashes.
  Game build(const Body& body, std::size_t a, std::size_t b) {
    std::size_t best = a;
    for (std::size_t i = a; i < b; ++i)
      if (body.seps[i] > body.seps[best]) best = i;
    for (std::size_t i = a; i < b; ++i)
      if (i != best && body.seps[i] == body.seps[best])
        fail("ambiguous slashes: two runs of " + std::to_string(body.seps[best]) + " at the same level");
    auto side = [&](std::size_t from, std::size_t to) -> std::vector<Game> {
      if (from == to) return body.lists[from];
      return {build(body, from, to)};
    };
    return Game::from_options(side(a, best), side(best + 1, b));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

Game Game::parse(std::string_view text) { return Parser(text).parse(); }

}  // namespace cgtlab::cgt
