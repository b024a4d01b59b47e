#include "cgt/latex.h"

#include <cctype>

namespace cgtlab::cgt {

namespace {
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
}  // namespace

std::string latex_notation(std::string_view s) {
  std::string out;
  size_t i = 0;
  const size_t n = s.size();
  auto digits_at = [&](size_t j) {
    size_t e = j;
    while (e < n && digit(s[e])) ++e;
    return e;
  };
  while (i < n) {
    const char c = s[i];
    if (digit(c)) {  // an integer, or a fraction a/b
      size_t e = digits_at(i);
      if (e + 1 < n && s[e] == '/' && digit(s[e + 1])) {
        size_t f = digits_at(e + 1);
        out += "\\frac{" + std::string(s.substr(i, e - i)) + "}{" + std::string(s.substr(e + 1, f - e - 1)) + "}";
        i = f;
      } else {
        out += s.substr(i, e - i);
        i = e;
      }
      continue;
    }
    if (c == '^' || c == 'v') {
      const bool up = c == '^';
      const char* one = up ? "\\uparrow" : "\\downarrow";
      const char* two = up ? "\\Uparrow" : "\\Downarrow";
      if (i + 1 < n && s[i + 1] == c) {  // ^^
        out += two;
        i += 2;
      } else if (i + 1 < n && (s[i + 1] == '[' || s[i + 1] == '<')) {  // uptimal ^[..] or ^<n>
        const char close = s[i + 1] == '[' ? ']' : '>';
        size_t e = s.find(close, i + 2);
        if (e == std::string_view::npos) e = n;
        std::string inner(s.substr(i + 2, e - i - 2));
        out += std::string(one) + (close == ']' ? "^{[" + inner + "]}" : "^{\\langle " + inner + "\\rangle}");
        i = e < n ? e + 1 : n;
      } else if (i + 1 < n && digit(s[i + 1])) {  // ^3: three ups
        size_t e = digits_at(i + 1);
        out += std::string(one) + "{\\times}" + std::string(s.substr(i + 1, e - i - 1));
        i = e;
      } else {
        out += one;
        ++i;
      }
      continue;
    }
    if (c == '*') {
      out += "\\ast";
      ++i;
      if (i < n && digit(s[i])) {
        size_t e = digits_at(i);
        out += " " + std::string(s.substr(i, e - i));
        i = e;
      }
      continue;
    }
    if (c == '+' && i + 1 < n && s[i + 1] == '-') {
      out += "\\pm ";
      i += 2;
      continue;
    }
    if (c == '|') {
      size_t e = i;
      while (e < n && s[e] == '|') ++e;
      out += " ";
      for (size_t k = i; k < e; ++k) out += "\\mid";
      out += " ";
      i = e;
      continue;
    }
    if (c == '{' || c == '}') {
      out += c == '{' ? "\\{" : "\\}";
      ++i;
      continue;
    }
    if (s.substr(i, 5) == "Tiny(" || s.substr(i, 5) == "Miny(") {
      if (i > 0 && digit(s[i - 1])) out += "+";  // 2Tiny(2): the number plus the tiny
      out += "\\mathrm{" + std::string(s.substr(i, 4)) + "}(";
      i += 5;
      continue;
    }
    if (c == ',') {
      out += ",\\,";
      ++i;
      continue;
    }
    if (c == '#' || c == '$' || c == '%' || c == '&' || c == '_' || c == '\\' || c == '~') {
      out += "\\";
      out += c == '\\' ? std::string("backslash ") : std::string(1, c);
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

}  // namespace cgtlab::cgt
