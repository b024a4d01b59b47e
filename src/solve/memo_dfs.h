// The search both engines share: a memoized depth-first evaluation of a game tree with an
// explicit stack, so the depth of a game is limited by memory, never by the call stack.
//
// A node is a position treated as one summand. Its options are split into independent
// components (the ruleset's optional `components`), each component is a node of its own
// (memoized on its own key), and an option's value is the sum of its components' values.
// The node's value combines its options' values (mex for impartial games; {L | R} in
// canonical form for partizan ones). The combining rule comes from a small Algebra:
//   using Value;  static Value zero();  static Value add(Value, Value);
//   static Value combine(const std::vector<Value>& option_values, std::size_t left_count);
//   static void expand(const R&, const Position&, std::vector<Position>& options, std::size_t& left_count);
#pragma once
#include <absl/container/flat_hash_map.h>

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "solve/limits.h"
#include "util/error.h"

namespace cgtlab::solve {

// A ruleset that can split a position into independent summands.
template <class R>
concept HasComponents = requires(const R& r, const typename R::Position& p) {
  { r.components(p) } -> std::convertible_to<std::vector<typename R::Position>>;
};

namespace detail {

template <class R>
std::vector<typename R::Position> split_components(const R& rules, const typename R::Position& p) {
  if constexpr (HasComponents<R>) {
    return rules.components(p);
  } else {
    return {p};
  }
}

// Heap bytes a key owns beyond its slot (strings, vectors); 0 for plain values.
template <class Key>
std::size_t key_heap_bytes(const Key& key) {
  if constexpr (requires { key.capacity(); typename Key::value_type; }) {
    return key.capacity() * sizeof(typename Key::value_type);
  } else {
    return 0;
  }
}

template <class R, class Algebra>
class MemoDfs {
 public:
  using Position = typename R::Position;
  using Key = typename R::Key;
  using Value = typename Algebra::Value;

  MemoDfs(const R& rules, SearchLimits limits) : rules_(rules), limits_(limits) {}

  // The value of any position: the sum of its components' values.
  Value value(const Position& p) {
    Value total = Algebra::zero();
    for (const Position& c : split_components(rules_, p)) total = Algebra::add(total, summand(c));
    return total;
  }

  // The value of a position taken as one summand (not split), memoized on rules.key(p).
  Value summand(const Position& p) {
    Key key = rules_.key(p);
    if (auto it = memo_.find(key); it != memo_.end()) return known(it->second);
    const Key root = key;
    try {
      open(p, std::move(key));
      while (!frames_.empty()) {
        if (advance()) close();  // else a child was opened: evaluate it first
      }
    } catch (...) {
      // Nodes still open have no value: forget them so that a later call starts clean.
      for (const Frame& f : frames_) memo_.erase(f.key);
      frames_.clear();
      items_.clear();
      item_keys_.clear();
      values_.clear();
      option_ends_.clear();
      throw;
    }
    return *memo_.find(root)->second;
  }

  std::size_t positions() const { return memo_.size(); }

 private:
  // An open node. Its items (the components of every option, option after option) live in
  // the shared arenas items_/item_keys_/values_ at [item_begin, item_end), and option i's
  // items end at option_ends_[end_begin + i]: arenas grow and shrink like the stack, so a
  // deep game costs no allocation per node.
  struct Frame {
    Key key;
    std::size_t item_begin, item_end;
    std::size_t end_begin, end_end;
    std::size_t left_count;  // options [0, left_count) are Left's (impartial: all)
    std::size_t next;        // items before next have their values in values_
  };

  static const Value& known(const std::optional<Value>& v) {
    if (!v) {
      throw InputError(
          "the game has a cycle (a position can recur), so it is not a short game; the engines need finite "
          "acyclic rulesets");
    }
    return *v;
  }

  void open(const Position& p, Key key) {
    std::vector<Position> options;
    std::size_t left_count = 0;
    Algebra::expand(rules_, p, options, left_count);
    const std::size_t item_begin = items_.size(), end_begin = option_ends_.size();
    for (const Position& o : options) {
      for (Position& c : split_components(rules_, o)) {
        item_keys_.push_back(rules_.key(c));
        items_.push_back(std::move(c));
      }
      option_ends_.push_back(items_.size());
    }
    values_.resize(items_.size());
    heap_bytes_ += key_heap_bytes(key);
    memo_.emplace(key, std::nullopt);  // open: a repeat of this key below it is a cycle
    frames_.push_back(Frame{std::move(key), item_begin, items_.size(), end_begin, option_ends_.size(), left_count,
                            item_begin});
    limits_.check(memo_.size(), memory_bytes());
  }

  // Collects the values of the top frame's items; opens the first unknown one as a new
  // frame and returns false, or returns true when every item is known.
  bool advance() {
    std::size_t top = frames_.size() - 1;
    while (frames_[top].next < frames_[top].item_end) {
      std::size_t i = frames_[top].next;
      auto it = memo_.find(item_keys_[i]);
      if (it == memo_.end()) {
        Position child = std::move(items_[i]);
        open(child, Key(item_keys_[i]));
        return false;
      }
      values_[i] = known(it->second);
      ++frames_[top].next;
    }
    return true;
  }

  // Every item of the top frame is known: combine, store, and pop it with its arenas.
  void close() {
    Frame& f = frames_.back();
    std::vector<Value> option_values;
    option_values.reserve(f.end_end - f.end_begin);
    std::size_t item = f.item_begin;
    for (std::size_t e = f.end_begin; e < f.end_end; ++e) {
      Value sum = Algebra::zero();
      for (; item < option_ends_[e]; ++item) sum = Algebra::add(sum, values_[item]);
      option_values.push_back(std::move(sum));
    }
    memo_[f.key] = Algebra::combine(option_values, f.left_count);
    // erase, not resize: positions and keys need not be default-constructible.
    items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(f.item_begin), items_.end());
    item_keys_.erase(item_keys_.begin() + static_cast<std::ptrdiff_t>(f.item_begin), item_keys_.end());
    values_.erase(values_.begin() + static_cast<std::ptrdiff_t>(f.item_begin), values_.end());
    option_ends_.resize(f.end_begin);
    frames_.pop_back();
  }

  std::uint64_t memory_bytes() const {
    using Slot = std::pair<const Key, std::optional<Value>>;
    return static_cast<std::uint64_t>(memo_.capacity()) * (sizeof(Slot) + 1) + heap_bytes_;
  }

  const R& rules_;
  SearchLimits limits_;
  absl::flat_hash_map<Key, std::optional<Value>> memo_;
  std::vector<Frame> frames_;
  std::vector<Position> items_;
  std::vector<Key> item_keys_;
  std::vector<Value> values_;
  std::vector<std::size_t> option_ends_;
  std::uint64_t heap_bytes_ = 0;
};

}  // namespace detail
}  // namespace cgtlab::solve
