// The printer: canonical forms in CGSuite's plain-text notation (docs/notation.md).
// It follows CGSuite's CanonicalShortGame output: numbers, nimbers and ups by name,
// switches {x|-x} as +-x, tinies and minies as Tiny(G) / Miny(G) after a number
// translation, uptimals as ^[...] / ^<n>, everything else in braces whose slash count
// marks the nesting depth (|, ||, |||; at four slashes the option is bracketed instead).
// The same printer writes LaTeX (latex_value, cgt/latex.h): one walk, two spellings of the
// tokens (\frac{3}{4}, \uparrow, \ast 2, \pm, \{a \mid b\}, \mid\mid for ||).
#include <absl/container/flat_hash_map.h>

#include <algorithm>
#include <mutex>

#include "cgt/analysis.h"
#include "cgt/game.h"
#include "cgt/latex.h"
#include "cgt/notation_internal.h"
#include "cgt/store.h"
#include "util/error.h"
#include "util/stack_guard.h"

namespace cgtlab::cgt {

using detail::Id;
using detail::Nus;
using detail::Store;

namespace {

constexpr int kMaxSlashes = 4;
// The longest canonical form printed (kMaxPrintedBytes, analysis.h): beyond it printing
// stops with CapReached.

// The LaTeX spelling of the printer's tokens (plain text: the token itself).
std::string number_name(const Dyadic& d, bool latex) {
  if (!latex || d.is_integer()) return d.str();
  mpz_class n = d.numerator();
  std::string s = n < 0 ? "-" : "";
  if (n < 0) n = -n;
  return s + "\\frac{" + n.get_str() + "}{" + d.denominator().get_str() + "}";
}

std::string nus_name(const Nus& v, bool latex) {
  std::string s;
  if (!v.number.is_zero() || (v.ups == 0 && v.star == 0)) s += number_name(v.number, latex);
  if (v.ups != 0 && latex) {
    unsigned long mag = v.ups < 0 ? 0UL - static_cast<unsigned long>(v.ups) : static_cast<unsigned long>(v.ups);
    // ^3 (three ups) is \uparrow{\times}3, not \uparrow^{3}: a superscript is the up-nth
    // (docs/notation.md, ^<n>; \uparrow^{\langle n\rangle} here).
    if (mag == 2) {
      s += v.ups > 0 ? "\\Uparrow" : "\\Downarrow";
    } else {
      s += v.ups > 0 ? "\\uparrow" : "\\downarrow";
      if (mag > 2) s += "{\\times}" + std::to_string(mag);
    }
  } else if (v.ups != 0) {
    unsigned long mag = v.ups < 0 ? 0UL - static_cast<unsigned long>(v.ups) : static_cast<unsigned long>(v.ups);
    const char* sym = v.ups > 0 ? "^" : "v";
    if (mag == 2) {
      s += sym;
      s += sym;
    } else {
      s += sym;
      if (mag > 2) s += std::to_string(mag);
    }
  }
  if (v.star != 0) {
    s += latex ? "\\ast" : "*";
    if (v.star > 1) {
      if (latex) s += ' ';
      s += std::to_string(v.star);
    }
  }
  return s;
}

// What the printer learns about a form depends only on the form, and records never change,
// so it is kept for the whole run and shared by every Printer: the value, its options, its
// followers and the incentives that `analyze` prints or measures share most of their
// subforms (measuring position 11's incentives three times, for the whole list, the Left and
// the Right ones, walked them three times). Used only under the store's mutex. A table that
// passes kMaxEntries is emptied (it is only a cache), so the memory stays bounded.
struct PrintMemo {
  static constexpr std::size_t kMaxEntries = std::size_t(1) << 22;
  // The plain-text length and returned slashes of (form, force_brackets, force_parens).
  absl::flat_hash_map<std::uint64_t, std::pair<std::size_t, int>> measured;
  absl::flat_hash_map<Id, int> slashes;
  absl::flat_hash_map<Id, bool> named;
  absl::flat_hash_map<std::uint64_t, bool> order;
  template <typename Map, typename Key, typename Value>
  static void put(Map& map, const Key& key, const Value& value) {
    if (map.size() >= kMaxEntries) map.clear();
    map.emplace(key, value);
  }
};

PrintMemo& print_memo() {
  static PrintMemo memo;
  return memo;
}

class Printer {
 public:
  explicit Printer(bool latex = false)
      : measured_(print_memo().measured),
        slashes_memo_(print_memo().slashes),
        named_memo_(print_memo().named),
        order_memo_(print_memo().order),
        s_(Store::get()),
        latex_(latex) {}

  // Appends g; returns the number of slashes its text leaves unbracketed (0 when it
  // needs none, e.g. a name or a bracketed form).
  int append(Id g, std::string& out, bool force_brackets, bool force_parens) {
    check_stack();
    std::uint64_t measure_key = 0;
    std::size_t written_before = written_;
    if (measuring_) {
      // The text of g depends only on g and the two flags: each triple is walked once.
      measure_key = (std::uint64_t(g) << 2) | (force_brackets ? 2 : 0) | (force_parens ? 1 : 0);
      if (auto it = measured_.find(measure_key); it != measured_.end()) {
        count(it->second.first);
        return it->second.second;
      }
    }
    int slashes = append_text(g, out, force_brackets, force_parens);
    if (measuring_) PrintMemo::put(measured_, measure_key, std::make_pair(written_ - written_before, slashes));
    return slashes;
  }

  // Measure mode (plain text only): emit() only counts, nothing is written; stops with
  // CapReached once the text would exceed kMaxPrintedBytes.
  bool measuring_ = false;
  absl::flat_hash_map<std::uint64_t, std::pair<std::size_t, int>>& measured_;

  int append_text(Id g, std::string& out, bool force_brackets, bool force_parens) {
    s_.charge();  // each printed form is one unit of the work cap
    if (s_.is_nus(g)) {
      const Nus& v = s_.nus_of(g);
      bool pure = (v.ups == 0 && v.star == 0) || (v.number.is_zero() && (v.ups == 0 || v.star == 0));
      if (force_parens && !pure) emit(out, "(");
      emit(out, nus_name(v, latex_));
      if (force_parens && !pure) emit(out, ")");
      return 0;
    }
    std::vector<Id> lo = sorted(s_.left(g));
    std::vector<Id> ro = sorted(s_.right(g));
    if (is_switch(g)) {  // a switch {x | -x}, printed +-x
      emit(out, latex_ ? "\\pm " : "+-");
      if (lo.size() > 1) emit(out, open());
      for (std::size_t i = 0; i < lo.size(); ++i) {
        if (i > 0) emit(out, comma());
        append(lo[i], out, true, lo.size() == 1);
      }
      if (lo.size() > 1) emit(out, close());
      return 0;
    }
    if (auto t = tiny_or_miny(g, lo, ro)) {
      if (force_parens && !t->translation.is_zero()) emit(out, "(");
      if (!t->translation.is_zero()) emit(out, number_name(t->translation, latex_) + (latex_ ? "+" : ""));
      if (latex_) emit(out, t->tiny ? "\\mathrm{Tiny}(" : "\\mathrm{Miny}(");
      else emit(out, t->tiny ? "Tiny(" : "Miny(");
      append(t->subscript, out, true, false);
      emit(out, ")");
      if (force_parens && !t->translation.is_zero()) emit(out, ")");
      return 0;
    }
    if (auto u = uptimal_name(g)) {
      if (force_parens) emit(out, "(");
      emit(out, latex_ ? latex_notation(*u) : *u);
      if (force_parens) emit(out, ")");
      return 0;
    }
    // The slash count is known before printing (slashes_below), so the options are
    // written straight into out: no copy per nesting level (quadratic for deep forms).
    int slashes = slashes_below(g);
    bool bracket = force_brackets || slashes >= kMaxSlashes;
    if (bracket) emit(out, open());
    for (std::size_t i = 0; i < lo.size(); ++i) {
      if (i > 0) emit(out, comma());
      append(lo[i], out, lo.size() > 1, false);
    }
    if (latex_) {  // {a \mid b}, {a \mid\mid b}: spaced like CGSuite's LaTeX
      std::string bars;
      for (int k = 0; k < slashes; ++k) bars += "\\mid";
      emit(out, (lo.empty() ? "" : " ") + bars + (ro.empty() ? "" : " "));
    } else {
      emit(out, std::string(static_cast<std::size_t>(slashes), '|'));
    }
    for (std::size_t i = 0; i < ro.size(); ++i) {
      if (i > 0) emit(out, comma());
      append(ro[i], out, ro.size() > 1, false);
    }
    if (bracket) emit(out, close());
    return bracket ? 0 : slashes;
  }

  // What append(g, ..., force_brackets, ...) returns, without printing (memoized).
  int returned_slashes(Id g, bool force_brackets) {
    if (named(g)) return 0;
    int slashes = slashes_below(g);
    return force_brackets || slashes >= kMaxSlashes ? 0 : slashes;
  }
  // The slashes between the option lists of a form printed in braces.
  int slashes_below(Id g) {
    if (auto it = slashes_memo_.find(g); it != slashes_memo_.end()) return it->second;
    check_stack();
    int slashes = 1;
    auto lo = s_.left(g), ro = s_.right(g);
    for (Id x : lo) slashes = std::max(slashes, returned_slashes(x, lo.size() > 1) + 1);
    for (Id x : ro) slashes = std::max(slashes, returned_slashes(x, ro.size() > 1) + 1);
    PrintMemo::put(slashes_memo_, g, slashes);
    return slashes;
  }
  // Printed by name, not in braces: nus values, switches, tinies and minies, uptimals
  // (the same tests, in the same order, as append).
  bool named(Id g) {
    if (s_.is_nus(g)) return true;
    if (auto it = named_memo_.find(g); it != named_memo_.end()) return it->second;
    std::vector<Id> lo(s_.left(g).begin(), s_.left(g).end()), ro(s_.right(g).begin(), s_.right(g).end());
    bool r = is_switch(g) || tiny_or_miny(g, lo, ro).has_value() || uptimal_name(g).has_value();
    PrintMemo::put(named_memo_, g, r);
    return r;
  }
  // Whether g (not a nus) equals -g, printed +-x. The stops of -g are -RS(g) and -LS(g), and
  // the Left options of -g are the negatives of g's Right ones, one for one; so g = -g only if
  // LS(g) = -RS(g) and g has as many Left as Right options. Those are checked first: the
  // negative is a copy of g's whole form, built only for the few games that pass.
  bool is_switch(Id g) {
    const Dyadic &l = s_.left_stop(g), &r = s_.right_stop(g);
    if (l.exponent() != r.exponent() || l.sign() != -r.sign() ||
        mpz_cmpabs(l.numerator().get_mpz_t(), r.numerator().get_mpz_t()) != 0)
      return false;
    if (s_.left(g).size() != s_.right(g).size()) return false;
    return s_.neg(g) == g;
  }
  absl::flat_hash_map<Id, int>& slashes_memo_;
  absl::flat_hash_map<Id, bool>& named_memo_;

  std::string_view open() const { return latex_ ? "\\{" : "{"; }
  std::string_view close() const { return latex_ ? "\\}" : "}"; }
  std::string_view comma() const { return latex_ ? ", " : ","; }

  // Every character is written once, through emit: written_ is the length so far.
  void emit(std::string& out, std::string_view text) {
    count(text.size());
    if (!measuring_) out.append(text);
  }
  void count(std::size_t bytes) {
    written_ += bytes;
    if (written_ > kMaxPrintedBytes)
      throw CapReached("printed form longer than " + std::to_string(kMaxPrintedBytes >> 20) + " MiB");
  }
  std::size_t written() const { return written_; }

 private:
  struct TinyName {
    bool tiny;
    Dyadic translation;
    Id subscript;
  };

  // x + Tiny(G) = {x || x | x - G} and x + Miny(G) = {x + G | x || x}, recognised as
  // CGSuite does, with a stop instead of the mean: the far option lies strictly on the
  // far side of x (its left stop below x for a tiny, its right stop above x for a miny).
  std::optional<TinyName> tiny_or_miny(Id g, const std::vector<Id>& lo, const std::vector<Id>& ro) {
    if (lo.size() != 1 || ro.size() != 1) return std::nullopt;
    if (s_.is_number(lo[0]) && !s_.is_number(ro[0])) {
      Id x = lo[0], r = ro[0];
      auto rl = s_.left(r), rr = s_.right(r);
      if (rl.size() == 1 && rr.size() == 1 && rl[0] == x) {
        Dyadic xv = s_.nus_of(x).number;
        if (s_.left_stop(rr[0]) < xv) return TinyName{true, xv, s_.add(x, s_.neg(rr[0]))};
      }
    }
    if (s_.is_number(ro[0]) && !s_.is_number(lo[0])) {
      Id x = ro[0], l = lo[0];
      auto ll = s_.left(l), lr = s_.right(l);
      if (ll.size() == 1 && lr.size() == 1 && lr[0] == x) {
        Dyadic xv = s_.nus_of(x).number;
        if (xv < s_.right_stop(ll[0])) return TinyName{false, xv, s_.add(ll[0], s_.neg(x))};
      }
    }
    (void)g;
    return std::nullopt;
  }

  std::optional<std::string> uptimal_name(Id g) { return detail::uptimal_name(g); }

 public:
  void sort(std::vector<Id>& v) {
    std::sort(v.begin(), v.end(), [this](Id a, Id b) { return less(a, b); });
  }

 private:

  // CGSuite's deterministic order: numbers (ascending), nimbers, other nus values, then
  // general forms by their sorted option lists.
  int kind(Id g) const {
    if (s_.is_number(g)) return 0;
    if (s_.is_nimber(g)) return 1;
    if (s_.is_nus(g)) return 2;
    if (detail::uptimal_name(g)) return 3;
    return 4;
  }
  int order(Id a, Id b) {
    if (a == b) return 0;
    int ka = kind(a), kb = kind(b);
    if (ka != kb) return ka < kb ? -1 : 1;
    if (ka == 3) return a < b ? -1 : 1;  // named uptimals: a fixed order
    if (ka < 3) {
      const Nus& x = s_.nus_of(a);
      const Nus& y = s_.nus_of(b);
      if (auto c = x.number <=> y.number; c != 0) return c < 0 ? -1 : 1;
      if (x.ups != y.ups) return x.ups < y.ups ? -1 : 1;
      if (x.star != y.star) return x.star < y.star ? -1 : 1;
      return 0;
    }
    if (int c = order_lists(sorted(s_.left(a)), sorted(s_.left(b))); c != 0) return c;
    return order_lists(sorted(s_.right(a)), sorted(s_.right(b)));
  }
  int order_lists(const std::vector<Id>& a, const std::vector<Id>& b) {
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
      if (a[i] != b[i]) return less(a[i], b[i]) ? -1 : 1;
    }
    if (a.size() == b.size()) return 0;
    return a.size() < b.size() ? -1 : 1;
  }
  std::vector<Id> sorted(std::span<const Id> opts) {
    std::vector<Id> v(opts.begin(), opts.end());
    std::sort(v.begin(), v.end(), [this](Id a, Id b) { return less(a, b); });
    return v;
  }
  bool less(Id a, Id b) {
    if (a == b) return false;
    check_stack();
    auto key = detail::pair_key(a, b);
    if (auto it = order_memo_.find(key); it != order_memo_.end()) return it->second;
    bool r = order(a, b) < 0;
    PrintMemo::put(order_memo_, key, r);
    return r;
  }
  absl::flat_hash_map<std::uint64_t, bool>& order_memo_;
  std::size_t written_ = 0;

  Store& s_;
  bool latex_;
};

}  // namespace

void detail::sort_in_print_order(std::vector<Id>& ids) {
  std::lock_guard lock(Store::get().mutex());
  Printer().sort(ids);
}

std::optional<std::size_t> printed_size(Game g) {
  std::lock_guard lock(Store::get().mutex());
  std::string unused;
  Printer p;
  p.measuring_ = true;
  try {
    p.append(g.id(), unused, true, false);
  } catch (const CapReached&) {
    // The work cap stops measuring like any other operation; only the length cap
    // answers "too long".
    if (p.written() <= kMaxPrintedBytes) throw;
    return std::nullopt;
  }
  return p.written();
}

std::string Game::str() const {
  std::lock_guard lock(Store::get().mutex());
  std::string out;
  Printer().append(id_, out, true, false);
  return out;
}

std::string latex_value(const Game& g) {
  std::lock_guard lock(Store::get().mutex());
  std::string out;
  Printer(true).append(g.id(), out, true, false);
  return out;
}

std::string latex_number(const Dyadic& d) { return number_name(d, true); }

}  // namespace cgtlab::cgt
