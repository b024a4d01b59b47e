#include "graph/canonical_bitset.h"

#include <algorithm>
#include <numeric>

#include <nauty.h>

namespace cgtlab::graph {

CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words) {
  return canonical_key(k, rows, words, colours, colour_words, nullptr);
}

CanonKey canonical_key(int k, std::span<const std::uint64_t> rows, int words,
                       std::span<const std::uint64_t> colours, int colour_words, std::vector<int>* labelling) {
  CanonKey key;
  key.push_back(static_cast<std::uint64_t>(k));
  if (k == 0) return key;
  const int m = SETWORDSNEEDED(k);
  // Thread-local scratch: the solvers call this millions of times.
  thread_local std::vector<::graph> g, canong;
  thread_local std::vector<int> lab, ptn, orbits;
  g.assign(static_cast<std::size_t>(k) * m, 0);
  canong.assign(static_cast<std::size_t>(k) * m, 0);
  lab.resize(k);
  ptn.resize(k);
  orbits.resize(k);
  for (int i = 0; i < k; ++i) {
    set* gi = GRAPHROW(g.data(), i, m);
    for (int w = 0; w < words; ++w)
      for (std::uint64_t b = rows[static_cast<std::size_t>(i) * words + w]; b; b &= b - 1) {
        int j = w * 64 + __builtin_ctzll(b);
        ADDELEMENT(gi, j);
      }
  }
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  statsblk stats;
  std::iota(lab.begin(), lab.end(), 0);
  if (colour_words > 0) {
    // Colour classes in increasing colour order: the key then also records the colours.
    auto colour_less = [&](int a, int b) {
      return std::lexicographical_compare(colours.begin() + a * colour_words, colours.begin() + (a + 1) * colour_words,
                                          colours.begin() + b * colour_words, colours.begin() + (b + 1) * colour_words);
    };
    std::stable_sort(lab.begin(), lab.end(), colour_less);
    for (int i = 0; i < k; ++i) ptn[i] = (i + 1 < k && !colour_less(lab[i], lab[i + 1])) ? 1 : 0;
    options.defaultptn = FALSE;
  }
  densenauty(g.data(), lab.data(), ptn.data(), orbits.data(), &options, &stats, m, k, canong.data());
  if (colour_words > 0)
    for (int i = 0; i < k; ++i)
      for (int c = 0; c < colour_words; ++c) key.push_back(colours[lab[i] * colour_words + c]);
  // The canonical rows in our own bit order, ceil(k/64) words each.
  const int out_words = (k + 63) / 64;
  const std::size_t base = key.size();
  key.resize(base + static_cast<std::size_t>(k) * out_words, 0);
  for (int i = 0; i < k; ++i) {
    set* ci = GRAPHROW(canong.data(), i, m);
    std::uint64_t* row = key.data() + base + static_cast<std::size_t>(i) * out_words;
    for (int j = -1; (j = nextelement(ci, m, j)) >= 0;) row[j / 64] |= std::uint64_t{1} << (j % 64);
  }
  if (labelling) labelling->assign(lab.begin(), lab.end());
  return key;
}

}  // namespace cgtlab::graph
