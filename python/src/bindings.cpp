// The Python module cgtlab._cgtlab: thin pybind11 bindings over the library. No game logic
// lives here: every function calls the code the CLI calls (src/cli/cmd_*.cpp). The Python
// package (python/cgtlab/__init__.py) adds the graph coercions and the docs.
//
// Threads: the value store (cgt/store.h) is single-threaded, so every operation on games
// runs with the GIL held. Long searches that do not touch the store (Kayles, WAK, rooks,
// pebbling) release the GIL, run on a worker thread and are stopped on Ctrl-C
// (SearchLimits::interrupt); the caller then gets KeyboardInterrupt.
#include <filesystem>
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "cgt/analysis.h"
#include "cgt/dyadic.h"
#include "cgt/thermograph.h"
#include "cgt/game.h"
#include "games/blocking/search.h"
#include "games/blocking/rules.h"
#include "games/blocking/values.h"
#include "claims/claim.h"
#include "games/coins/algorithm.h"
#include "games/coins/ordinal_sum.h"
#include "games/coins/rules.h"
#include "games/coins/values.h"
#include "games/explore.h"
#include "games/kayles/nimber_search.h"
#include "games/kayles/octal.h"
#include "games/kayles/rules.h"
#include "games/kayles/solver.h"
#include "games/kayles/wak_analyze.h"
#include "games/kayles/wak_convert.h"
#include "games/kayles/wak_reduce.h"
#include "games/kayles/wak_text.h"
#include "games/kayles/winning.h"
#include "games/pebbling/c4.h"
#include "games/pebbling/grundy.h"
#include "games/pebbling/threshold.h"
#include "games/rooks/grundy.h"
#include "games/rooks/rules.h"
#include "graph/graph.h"
#include "solve/impartial.h"
#include "solve/limits.h"
#include "solve/partizan.h"
#include "store/pebbling.h"
#include "util/error.h"
#include "util/large_stack.h"

namespace py = pybind11;
using cgtlab::cgt::Dyadic;
using cgtlab::cgt::Game;

namespace {

// Default caps of the module's searches (a caller passes max_positions=0 for none).
constexpr std::uint64_t kDefaultMaxPositions = 20'000'000;
constexpr std::uint64_t kDefaultMaxMemory = std::uint64_t{6} << 30;

cgtlab::solve::SearchLimits limits(std::uint64_t max_positions) {
  cgtlab::solve::SearchLimits l;
  l.max_positions = max_positions;
  l.max_memory_bytes = kDefaultMaxMemory;
  return l;
}

// Runs a search on a large-stack worker with the GIL released (the value store is shared
// under its own lock); polls for signals every 50 ms and, when a handler raises (Ctrl-C),
// sets `stop` (the search's interrupt flag), waits for the worker and re-raises the Python
// error: the caller gets KeyboardInterrupt.
template <class F>
auto interruptible_with(std::atomic<bool>& stop, F&& work) -> decltype(work()) {
  using R = decltype(work());
  stop = false;
  std::promise<R> promise;
  auto result = promise.get_future();
  std::thread worker;
  {
    py::gil_scoped_release release;
    worker = std::thread([&] {
      try {
        if constexpr (std::is_void_v<R>) {
          cgtlab::run_with_large_stack([&] { work(); });
          promise.set_value();
        } else {
          cgtlab::run_with_large_stack([&] { promise.set_value(work()); });
        }
      } catch (...) {
        promise.set_exception(std::current_exception());
      }
    });
    while (result.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        stop = true;
        {
          py::gil_scoped_release again;
          worker.join();
        }
        throw py::error_already_set();
      }
    }
    worker.join();
  }
  return result.get();
}

template <class F>
auto interruptible(cgtlab::solve::SearchLimits& l, F&& work) -> decltype(work()) {
  std::atomic<bool> stop{false};
  l.interrupt = &stop;
  return interruptible_with(stop, std::forward<F>(work));
}

// The options of a pebbling threshold search: totals up to max_total (checked), the module's caps.
cgtlab::games::ThresholdOptions threshold_options(int max_total, std::uint64_t max_positions) {
  if (max_total < 0) throw cgtlab::InputError("max_total must be non-negative");
  cgtlab::games::ThresholdOptions opt;
  opt.max_total = max_total;
  opt.limits = limits(max_positions);
  return opt;
}

// Runs value work on a 1 GiB stack (canonical forms recurse once per birthday level), GIL held.
template <class F>
auto deep(F&& work) -> decltype(work()) {
  using R = decltype(work());
  if constexpr (std::is_void_v<R>) {
    cgtlab::run_with_large_stack(work);
  } else {
    std::optional<R> out;
    cgtlab::run_with_large_stack([&] { out.emplace(work()); });
    return std::move(*out);
  }
}

// A list of records: one dict per item, filled by fill(dict, item).
template <class Items, class Fill>
py::list dict_list(const Items& items, Fill fill) {
  py::list out;
  for (const auto& x : items) {
    py::dict d;
    fill(d, x);
    out.append(d);
  }
  return out;
}

std::string fmt_u128(cgtlab::games::Pebbling::Weight w) {
  if (w == 0) return "0";
  std::string out;
  while (w != 0) {
    out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(w % 10)));
    w /= 10;
  }
  return out;
}

// --- numbers ---------------------------------------------------------------------------

py::object fraction_type() {
  static py::object f = py::module_::import("fractions").attr("Fraction");
  return f;
}

py::object dyadic_to_python(const Dyadic& d) {
  py::object num = py::reinterpret_steal<py::object>(PyLong_FromString(d.numerator().get_str().c_str(), nullptr, 10));
  if (d.is_integer()) return num;
  py::object den = py::int_(1).attr("__lshift__")(py::int_(d.exponent()));
  return fraction_type()(num, den);
}

Dyadic dyadic_from_python(const py::handle& x) {
  py::object num = x.attr("numerator"), den = x.attr("denominator");
  std::string ns = py::str(num), ds = py::str(den);
  mpz_class d(ds);
  if (d <= 0 || (d & (d - 1)) != 0) {
    throw cgtlab::InputError("not a dyadic rational (the denominator must be a power of two): " +
                             std::string(py::str(x)));
  }
  unsigned long exponent = mpz_sizeinbase(d.get_mpz_t(), 2) - 1;
  return Dyadic(mpz_class(ns), exponent);
}

Game game_from_python(const py::handle& x) {
  if (py::isinstance<Game>(x)) return x.cast<Game>();
  if (py::isinstance<py::bool_>(x)) throw py::type_error("cgtlab.Game(x): x must be a str, int, Fraction or Game, not bool");
  if (py::isinstance<py::str>(x)) {
    std::string s = x.cast<std::string>();
    return deep([&] { return Game::parse(s); });
  }
  if (py::isinstance<py::int_>(x)) return Game::number(Dyadic(mpz_class(std::string(py::str(x)))));
  if (py::isinstance(x, fraction_type())) return Game::number(dyadic_from_python(x));
  throw py::type_error("cgtlab.Game(x): x must be a str, int, Fraction or Game, not " +
                       std::string(py::str(x.get_type().attr("__name__"))));
}

// Operations on two games: the packed x + n.^ + *m values are arithmetic (no recursion);
// others may recurse by birthday, so they run on the large stack.
// Games of small birthday (found once per game on the large stack, then remembered by id)
// are safe on the caller's stack too: no thread per call for them.
bool shallow(Game g) {
  static std::vector<signed char> known;  // by id: 0 unknown, 1 shallow, -1 deep
  if (g.is_nus()) return true;
  if (g.id() >= known.size()) known.resize(g.id() + 1024, 0);
  signed char& k = known[g.id()];
  if (k == 0) k = deep([&] { return g.birthday(); }) <= 256 ? 1 : -1;
  return k > 0;
}

template <class F>
auto binary(Game a, Game b, F&& f) -> decltype(f(a, b)) {
  if (shallow(a) && shallow(b)) return f(a, b);
  return deep([&] { return f(a, b); });
}

// Work on one game: on the caller's stack when its birthday is small, else on the large stack.
template <class F>
auto unary(Game g, F&& f) -> decltype(f()) {
  if (shallow(g)) return f();
  return deep(std::forward<F>(f));
}

py::object mpz_to_python(const mpz_class& n) {
  return py::reinterpret_steal<py::object>(PyLong_FromString(n.get_str().c_str(), nullptr, 10));
}

py::tuple game_tuple(const std::vector<Game>& gs) { return py::tuple(py::cast(gs)); }

Dyadic number_from_python(const py::handle& x, const char* what) {
  if (py::isinstance<py::int_>(x) && !py::isinstance<py::bool_>(x)) return Dyadic(mpz_class(std::string(py::str(x))));
  if (py::isinstance(x, fraction_type())) return dyadic_from_python(x);
  if (py::isinstance<Game>(x) || py::isinstance<py::str>(x)) {
    Game g = game_from_python(x);
    if (auto n = g.as_number()) return *n;
    throw cgtlab::InputError(std::string(what) + " must be a number, not " + g.str());
  }
  throw py::type_error(std::string(what) + " must be an int, a dyadic Fraction or a number Game");
}

std::vector<Game> games_from_python(const py::iterable& xs) {
  std::vector<Game> out;
  for (auto x : xs) out.push_back(game_from_python(x));
  return out;
}

// --- user-defined games ------------------------------------------------------------------

// Positions are Python objects; keys are hash-consed ids (a dict from position to id), so
// the engines' memo holds small integers and Python's == and hash decide equal positions.
struct PyRulesBase {
  using Position = py::object;
  using Key = std::uint32_t;
  py::object components_fn;  // None: no splitting
  mutable py::dict ids;
  mutable std::uint32_t next = 0;

  Key key(const py::object& p) const {
    PyObject* found = PyDict_GetItemWithError(ids.ptr(), p.ptr());
    if (found != nullptr) return static_cast<Key>(PyLong_AsUnsignedLong(found));
    if (PyErr_Occurred()) throw py::error_already_set();
    Key k = next++;
    if (PyDict_SetItem(ids.ptr(), p.ptr(), py::int_(k).ptr()) != 0) throw py::error_already_set();
    return k;
  }
  static std::vector<py::object> listed(const py::object& fn, const py::object& p, const char* what) {
    py::object r = fn(p);
    std::vector<py::object> out;
    if (r.is_none()) return out;
    if (!py::isinstance<py::iterable>(r)) {
      throw py::type_error(std::string(what) + " must return an iterable of positions, not " +
                           std::string(py::str(r.get_type().attr("__name__"))));
    }
    for (auto x : r) out.push_back(py::reinterpret_borrow<py::object>(x));
    return out;
  }
};

struct PyImpartial : PyRulesBase {
  py::object options_fn;
  std::vector<py::object> options(const py::object& p) const { return listed(options_fn, p, "options"); }
};
struct PyImpartialSplit : PyImpartial {
  std::vector<py::object> components(const py::object& p) const { return listed(components_fn, p, "components"); }
};

struct PyPartizan : PyRulesBase {
  py::object left_fn, right_fn;
  std::vector<py::object> left_options(const py::object& p) const { return listed(left_fn, p, "left"); }
  std::vector<py::object> right_options(const py::object& p) const { return listed(right_fn, p, "right"); }
};
struct PyPartizanSplit : PyPartizan {
  std::vector<py::object> components(const py::object& p) const { return listed(components_fn, p, "components"); }
};

// run(rules) on the rules without components (the user gave none) or with them (Split).
template <class Plain, class Split, class Run>
auto with_rules(const py::object& components, const Run& run) {
  if (components.is_none()) {
    Plain r;
    return run(r);
  }
  Split r;
  return run(r);
}

std::uint64_t user_grundy(const py::object& position, const py::object& options, const py::object& components,
                          std::uint64_t max_positions) {
  auto run = [&](auto& rules) {
    rules.options_fn = options;
    rules.components_fn = components;
    cgtlab::solve::ImpartialSolver solver(rules, limits(max_positions));
    return solver.grundy(position);
  };
  return with_rules<PyImpartial, PyImpartialSplit>(components, run);
}

Game user_canonical_form(const py::object& position, const py::object& left, const py::object& right,
                         const py::object& components, std::uint64_t max_positions) {
  auto run = [&](auto& rules) {
    rules.left_fn = left;
    rules.right_fn = right;
    rules.components_fn = components;
    cgtlab::solve::PartizanSolver solver(rules, limits(max_positions));
    return solver.value(position);
  };
  return with_rules<PyPartizan, PyPartizanSplit>(components, run);
}

// --- graphs ----------------------------------------------------------------------------

cgtlab::graph::Graph graph_from_parts(const std::vector<std::string>& names,
                                      const std::vector<std::pair<int, int>>& edges, bool directed) {
  cgtlab::graph::Graph g(static_cast<int>(names.size()), directed);
  for (std::size_t v = 0; v < names.size(); ++v) g.set_vertex_name(static_cast<int>(v), names[v]);
  for (auto [u, v] : edges) {
    if (u < 0 || v < 0 || u >= g.order() || v >= g.order()) throw cgtlab::InputError("edge endpoint out of range");
    g.add_edge(u, v);
  }
  return g;
}

std::vector<std::string> vertex_names(const cgtlab::graph::Graph& g) {
  std::vector<std::string> out;
  for (int v = 0; v < g.order(); ++v) out.push_back(g.vertex_name(v));
  return out;
}

}  // namespace

PYBIND11_MODULE(_cgtlab, m) {
  m.doc() = "cgtlab: combinatorial game theory on graphs (C++ engines).";

  static py::exception<cgtlab::CapReached> cap_reached(m, "CapReached", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const cgtlab::CapReached& e) {
      cap_reached(e.what());
    } catch (const cgtlab::InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  // --- thermographs ------------------------------------------------------------------
  using cgtlab::cgt::Thermograph;
  using cgtlab::cgt::Trajectory;
  auto fractions = [](const std::vector<Dyadic>& ds) {
    py::list out;
    for (const auto& d : ds) out.append(fraction_type()(dyadic_to_python(d)));
    return py::tuple(out);
  };
  py::class_<Trajectory>(m, "Trajectory",
                         "A wall of a thermograph: a piecewise-linear function of the temperature t >= -1 "
                         "(value slope*t + intercept on each segment), critical points listed from the top down.")
      .def_property_readonly("critical_points", [fractions](const Trajectory& w) { return fractions(w.critical_points()); },
                             "Critical temperatures, top down, as Fractions.")
      .def_property_readonly("slopes", [](const Trajectory& w) { return py::tuple(py::cast(w.slopes())); },
                             "Slope (int) of each segment; slopes[i] is the slope above critical_points[i].")
      .def_property_readonly("intercepts", [fractions](const Trajectory& w) { return fractions(w.intercepts()); },
                             "Intercept (Fraction) of each segment.")
      .def_property_readonly("mast", [](const Trajectory& w) { return fraction_type()(dyadic_to_python(w.mast_value())); },
                             "The value above the highest critical point (Fraction).")
      .def("value_at", [](const Trajectory& w, const py::object& t) {
            Dyadic d = number_from_python(t, "value_at(t): t");
            if (d < Dyadic(-1)) throw cgtlab::InputError("value_at(t): t must be >= -1");
            return fraction_type()(dyadic_to_python(w.value_at(d)));
          }, py::arg("t"), "The wall's value (Fraction) at temperature t >= -1 (an int or dyadic Fraction).")
      .def("__str__", &Trajectory::str)
      .def("__repr__", [](const Trajectory& w) { return "<cgtlab.Trajectory " + w.str() + ">"; })
      .def("__eq__", [](const Trajectory& a, const Trajectory& b) { return a == b; });
  py::class_<Thermograph>(m, "Thermograph",
                          "The thermograph of a game, as CGSuite computes it; str() is CGSuite's text "
                          "Thermograph(left wall, right wall).")
      .def_readonly("left_wall", &Thermograph::left_wall, "Left's wall (a Trajectory; values grow to the Left).")
      .def_readonly("right_wall", &Thermograph::right_wall, "Right's wall (a Trajectory).")
      .def_property_readonly("temperature", [](const Thermograph& t) { return fraction_type()(dyadic_to_python(t.temperature())); },
                             "Where the walls meet the mast (Fraction; -1 when neither wall has a critical point).")
      .def_property_readonly("mast", [](const Thermograph& t) { return fraction_type()(dyadic_to_python(t.mast())); },
                             "The mast value, the mean (Fraction).")
      .def("svg", [](const Thermograph& t, const std::string& title) { return cgtlab::cgt::thermograph_svg(t, title); },
           py::arg("title") = "", "An SVG picture of the thermograph (the CLI's analyze --thermograph-svg).")
      .def("__str__", &Thermograph::str)
      .def("__repr__", [](const Thermograph& t) { return "<cgtlab." + t.str() + ">"; })
      .def("__eq__", [](const Thermograph& a, const Thermograph& b) {
        return a.left_wall == b.left_wall && a.right_wall == b.right_wall;
      });

  // --- Game --------------------------------------------------------------------------
  py::class_<Game> game(m, "Game", "A short partizan game in canonical form (a handle into the value store).");
  game.def(py::init([](const py::object& x) { return game_from_python(x); }), py::arg("x") = py::int_(0),
           "Game(x): from CGSuite notation (str), an int, a dyadic fractions.Fraction, or a Game.")
      .def_static("from_options", [](const py::iterable& l, const py::iterable& r) {
            auto left = games_from_python(l), right = games_from_python(r);
            return deep([&] { return Game::from_options(left, right); });
          }, py::arg("left"), py::arg("right"), "The canonical form of {left | right}.")
      .def_static("nimber", [](std::uint64_t n) { return Game::nimber(n); }, py::arg("n"), "The nimber *n.")
      .def_static("up", [](long n) { return Game::up(n); }, py::arg("n") = 1, "n.^ (negative n: down).")
      .def("__str__", [](Game g) { return deep([&] { return g.str(); }); })
      .def("__repr__", [](Game g) { return "cgtlab.Game('" + deep([&] { return g.str(); }) + "')"; })
      .def("__hash__", [](Game g) { return static_cast<std::size_t>(g.id()); })
      .def("__add__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x + y; }); })
      .def("__radd__", [](Game a, const py::object& b) { return binary(game_from_python(b), a, [](Game x, Game y) { return x + y; }); })
      .def("__sub__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x - y; }); })
      .def("__rsub__", [](Game a, const py::object& b) { return binary(game_from_python(b), a, [](Game x, Game y) { return x - y; }); })
      .def("__neg__", [](Game a) { return a.is_nus() ? -a : deep([&] { return -a; }); })
      .def("__pos__", [](Game a) { return a; })
      .def("__eq__", [](Game a, const py::object& b) -> py::object {
            if (!py::isinstance<Game>(b) && !py::isinstance<py::str>(b) && !py::isinstance<py::int_>(b) &&
                !py::isinstance(b, fraction_type()))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a == game_from_python(b));
          })
      .def("__ne__", [](Game a, const py::object& b) -> py::object {
            if (!py::isinstance<Game>(b) && !py::isinstance<py::str>(b) && !py::isinstance<py::int_>(b) &&
                !py::isinstance(b, fraction_type()))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            return py::bool_(a != game_from_python(b));
          })
      .def("__lt__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x < y; }); })
      .def("__le__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x <= y; }); })
      .def("__gt__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x > y; }); })
      .def("__ge__", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x >= y; }); })
      .def("confused_with", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x.confused_with(y); }); },
           py::arg("other"), "G || H: neither G <= H nor G >= H.")
      .def("ordinal_sum", [](Game a, const py::object& b) { return binary(a, game_from_python(b), [](Game x, Game y) { return x.ordinal_sum(y); }); },
           py::arg("h"), "The ordinal sum G:H (this game is the base G).")
      .def("__int__", [](Game g) -> py::object {
            if (auto n = g.as_number(); n && n->is_integer()) return dyadic_to_python(*n);
            if (auto s = g.as_nimber()) return py::int_(*s);
            throw py::value_error("int(G): " + deep([&] { return g.str(); }) + " is neither an integer nor a nimber");
          })
      .def("to_fraction", [](Game g) -> py::object {
            auto n = g.as_number();
            if (!n) throw py::value_error("to_fraction(): " + deep([&] { return g.str(); }) + " is not a number");
            return fraction_type()(dyadic_to_python(*n));
          }, "The number as a fractions.Fraction (ValueError unless G is a number).")
      .def("__bool__", [](Game g) { return g != Game(); })
      .def_property_readonly("outcome", [](Game g) { return deep([&] { return cgtlab::cgt::to_string(g.outcome()); }); },
                             "'L', 'R', 'N' or 'P': who wins.")
      .def_property_readonly("left_options", [](Game g) { return game_tuple(unary(g, [&] { return cgtlab::cgt::cgsuite_sorted(g.left_options()); })); },
                             "Left's options of the canonical form, as a tuple of Game (in CGSuite's order).")
      .def_property_readonly("right_options", [](Game g) { return game_tuple(unary(g, [&] { return cgtlab::cgt::cgsuite_sorted(g.right_options()); })); },
                             "Right's options of the canonical form, as a tuple of Game (in CGSuite's order).")
      .def_property_readonly("is_number", &Game::is_number, "True when G is a (dyadic) number.")
      .def_property_readonly("is_nimber", &Game::is_nimber, "True when G is a nimber (0 included).")
      .def_property_readonly("is_integer", &Game::is_integer, "True when G is an integer.")
      .def_property_readonly("is_impartial", &Game::is_impartial, "True when G is impartial.")
      .def_property_readonly("birthday", [](Game g) { return deep([&] { return g.birthday(); }); }, "The birthday (int).")
      .def_property_readonly("left_stop", [](Game g) { return Game::number(deep([&] { return g.left_stop(); })); },
                             "Left stop (a number, as Game).")
      .def_property_readonly("right_stop", [](Game g) { return Game::number(deep([&] { return g.right_stop(); })); },
                             "Right stop (a number, as Game).")
      // The value analysis (cgt/analysis.h, cgt/thermograph.h), named as `cgtlab analyze --json` names it.
      .def_property_readonly("value", [](Game g) { return g; }, "The canonical form itself (analyze's 'value').")
      .def_property_readonly("misere_outcome", [](Game g) { return unary(g, [&] { return cgtlab::cgt::to_string(cgtlab::cgt::misere_outcome(g)); }); },
                             "'L', 'R', 'N' or 'P' in misere play of the canonical form's game tree (a position's own misere play may differ).")
      .def_property_readonly("stop_count", [](Game g) { return mpz_to_python(unary(g, [&] { return cgtlab::cgt::stop_count(g); })); },
                             "The number of stops of the canonical game tree (int).")
      .def_property_readonly("mean", [](Game g) { return Game::number(unary(g, [&] { return cgtlab::cgt::mean(g); })); },
                             "The mean value (the thermograph's mast), a number Game.")
      .def_property_readonly("temperature", [](Game g) { return Game::number(unary(g, [&] { return cgtlab::cgt::temperature(g); })); },
                             "CGSuite's temperature, a number Game (an integer: -1; m/2^k: -1/2^k; number + infinitesimal: 0).")
      .def_property_readonly("thermograph", [](Game g) { return unary(g, [&] { return cgtlab::cgt::thermograph(g); }); },
                             "The thermograph (a Thermograph: str() is CGSuite's text; left_wall, right_wall).")
      .def_property_readonly("atomic_weight", [](Game g) -> py::object {
            auto aw = unary(g, [&] { return cgtlab::cgt::atomic_weight(g); });
            return aw ? py::cast(*aw) : py::none();
          }, "The atomic weight (Game), or None when G is not atomic.")
      .def_property_readonly("reduced_canonical_form", [](Game g) { return unary(g, [&] { return cgtlab::cgt::reduced_canonical_form(g); }); },
                             "The reduced canonical form (CGSuite's rcf), a Game.")
      .def_property_readonly("companion", [](Game g) { return unary(g, [&] { return cgtlab::cgt::companion(g); }); },
                             "The companion (CGSuite's Companion), a Game.")
      .def_property_readonly("freeze", [](Game g) { return unary(g, [&] { return cgtlab::cgt::freeze(g); }); },
                             "G cooled by its temperature (CGSuite's Freeze), a Game.")
      .def_property_readonly("incentives", [](Game g) { return game_tuple(unary(g, [&] { return cgtlab::cgt::incentives(g, true, true); })); },
                             "The undominated incentives, Left's and Right's, as a tuple of Game.")
      .def_property_readonly("left_incentives", [](Game g) { return game_tuple(unary(g, [&] { return cgtlab::cgt::incentives(g, true, false); })); },
                             "Left's undominated incentives G^L - G, as a tuple of Game.")
      .def_property_readonly("right_incentives", [](Game g) { return game_tuple(unary(g, [&] { return cgtlab::cgt::incentives(g, false, true); })); },
                             "Right's undominated incentives G - G^R, as a tuple of Game.")
      .def_property_readonly("follower_count", [](Game g) { return mpz_to_python(unary(g, [&] { return cgtlab::cgt::follower_count(g); })); },
                             "The number of followers of the canonical form, G included (int).")
      .def("followers_up_to", [](Game g, std::size_t limit) { return game_tuple(unary(g, [&] { return cgtlab::cgt::followers(g, limit); })); },
           py::arg("limit"), "At most `limit` followers (G included), in CGSuite's order, as a tuple of Game.")
      .def_property_readonly("uptimal_expansion", [](Game g) -> py::object {
            auto ue = unary(g, [&] { return cgtlab::cgt::uptimal_expansion(g); });
            return ue ? py::object(py::str(ue->str())) : py::object(py::none());
          }, "CGSuite's UptimalExpansion text 'x*m.a1a2...', or None when G is not uptimal.")
      .def_property_readonly("is_uptimal", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_uptimal(g); }); }, "A number plus a nimber plus uptimals.")
      .def_property_readonly("is_infinitesimal", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_infinitesimal(g); }); }, "Both stops 0.")
      .def_property_readonly("is_all_small", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_all_small(g); }); }, "Every follower with a Left option has a Right option and vice versa.")
      .def_property_readonly("is_numberish", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_numberish(g); }); }, "Equal stops (a number plus an infinitesimal).")
      .def_property_readonly("is_number_tiny", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_number_tiny(g); }); }, "A number plus a tiny (CGSuite's IsNumberTiny).")
      .def_property_readonly("is_even", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_even(g); }); }, "Every option odd (CGSuite's IsEven).")
      .def_property_readonly("is_odd", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_odd(g); }); }, "Not even, and every option even (CGSuite's IsOdd).")
      .def_property_readonly("is_even_tempered", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_even_tempered(g); }); }, "CGSuite's IsEvenTempered.")
      .def_property_readonly("is_odd_tempered", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_odd_tempered(g); }); }, "CGSuite's IsOddTempered.")
      .def_property_readonly("is_ordinal", [](Game g) { return unary(g, [&] { return cgtlab::cgt::is_ordinal(g); }); }, "A non-negative integer.")
      .def_property_readonly("is_atomic", [](Game g) { return unary(g, [&] { return cgtlab::cgt::atomic_weight(g).has_value(); }); }, "G has an atomic weight.")
      .def_property_readonly("is_zero", [](Game g) { return g == Game(); }, "G = 0.")
      .def("cool", [](Game g, const py::object& t) {
            Dyadic d = number_from_python(t, "cool(t): t");
            return deep([&] { return cgtlab::cgt::cool(g, d); });
          }, py::arg("t"), "G cooled by the number t > -1 (CGSuite's G.Cool(t)).")
      .def("heat", [](Game g, const py::object& t) {
            Game h = game_from_python(t);
            return deep([&] { return cgtlab::cgt::heat(g, h); });
          }, py::arg("t"), "G heated by the game t (CGSuite's G.Heat(t)).")
      .def("overheat", [](Game g, const py::object& s0, const py::object& t) {
            Game a = game_from_python(s0), b = game_from_python(t);
            return deep([&] { return cgtlab::cgt::overheat(g, a, b); });
          }, py::arg("s"), py::arg("t"), "G overheated from s to t (CGSuite's G.Overheat(s, t)).")
      .def("norton_product", [](Game g, const py::object& u) {
            Game h = game_from_python(u);
            return deep([&] { return cgtlab::cgt::norton_product(g, h); });
          }, py::arg("u"), "The Norton product G.U.")
      .def(py::pickle([](Game g) { return deep([&] { return g.str(); }); },
                      [](const std::string& s) { return deep([&] { return Game::parse(s); }); }));

  m.def("compare", [](const py::object& a, const py::object& b) {
          Game x = game_from_python(a), y = game_from_python(b);
          return binary(x, y, [](Game p, Game q) { return cgtlab::cgt::to_string(p.compare(q)); });
        }, py::arg("g"), py::arg("h"), "'<', '=', '>' or '||' (confused).");
  // For bench/python_overhead.py: the C++ cost of one operation, timed in a C++ loop (ns per call).
  m.def("_bench_cpp", [](Game a, Game b, const std::string& op, std::uint64_t n) {
          if (n == 0) throw cgtlab::InputError("n must be positive");
          volatile std::uint64_t sink = 0;
          auto t0 = std::chrono::steady_clock::now();
          if (op == "add") {
            for (std::uint64_t i = 0; i < n; ++i) sink = sink + (a + b).id();
          } else if (op == "lt") {
            for (std::uint64_t i = 0; i < n; ++i) sink = sink + (a < b);
          } else if (op == "compare") {
            for (std::uint64_t i = 0; i < n; ++i) sink = sink + static_cast<int>(a.compare(b));
          } else if (op == "eq") {
            for (std::uint64_t i = 0; i < n; ++i) sink = sink + (a == b);
          } else {
            throw cgtlab::InputError("op: add, lt, compare or eq");
          }
          return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() /
                 static_cast<double>(n);
        }, py::arg("a"), py::arg("b"), py::arg("op"), py::arg("n"));
  m.def("_set_max_work", [](std::uint64_t n) {
          static std::unique_ptr<cgtlab::cgt::GameWorkLimit> cap;
          cap.reset();
          if (n) cap = std::make_unique<cgtlab::cgt::GameWorkLimit>(n);
        }, py::arg("n"));

  // --- user-defined games -------------------------------------------------------------
  m.def("_grundy", &user_grundy, py::arg("position"), py::arg("options"), py::arg("components"),
        py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_canonical_form", [](const py::object& p, const py::object& l, const py::object& r, const py::object& c,
                              std::uint64_t maxp) { return user_canonical_form(p, l, r, c, maxp); },
        py::arg("position"), py::arg("left"), py::arg("right"), py::arg("components"),
        py::arg("max_positions") = kDefaultMaxPositions);

  // --- graphs --------------------------------------------------------------------------
  py::class_<cgtlab::graph::Graph>(m, "Graph", "A graph: undirected (loops allowed) or directed, named vertices.")
      .def(py::init([](const std::string& spec) { return cgtlab::graph::parse_graph(spec); }), py::arg("spec"),
           "Graph(spec): K5, C4, P6, K2,3, Grid3x4, Petersen, T3, DP3, '0-1,1-2', 'a>b', ...")
      .def_static("_from_parts", &graph_from_parts, py::arg("names"), py::arg("edges"), py::arg("directed"))
      .def_property_readonly("order", &cgtlab::graph::Graph::order, "Number of vertices.")
      .def_property_readonly("directed", &cgtlab::graph::Graph::directed, "True for a directed graph (arcs).")
      .def_property_readonly("vertices", &vertex_names, "Vertex names in vertex order.")
      .def_property_readonly("edges", &cgtlab::graph::Graph::edges, "Edges (u <= v) or arcs as index pairs, loops included.")
      .def("to_spec", &cgtlab::graph::Graph::to_spec, "An edge-list spec that parses back to this graph.")
      .def("__repr__", [](const cgtlab::graph::Graph& g) {
        return "cgtlab.Graph('" + (g.order() ? g.to_spec() : std::string()) + "')";
      });

  // --- seed games ----------------------------------------------------------------------
  using cgtlab::graph::Graph;
  // Arc-/Node-Kayles: the CLI's engine (the outcome search of games/kayles/nimber_search.h).
  m.def("_kayles", [](const Graph& g, bool arc, bool with_moves, std::uint64_t maxp) {
          auto game = arc ? cgtlab::games::VertexGame::ArcKayles : cgtlab::games::VertexGame::NodeKayles;
          cgtlab::games::NimberSearchOptions opt;
          opt.table_bytes = std::uint64_t{256} << 20;
          opt.with_moves = with_moves;
          opt.max_nodes = maxp;
          std::atomic<bool> stop{false};
          opt.interrupt = &stop;
          auto r = interruptible_with(stop, [&] { return cgtlab::games::kayles_nimber(g, game, opt); });
          py::list moves;
          std::vector<std::string> winning;
          if (with_moves) {
            for (const auto& mv : r.moves) moves.append(py::make_tuple(cgtlab::games::kayles_move_name(g, game, mv), mv.option_grundy));
            winning = cgtlab::games::kayles_winning_moves(g, game, cgtlab::games::KaylesResult{r.nimber, r.moves});
          }
          py::list witnesses;  // (value, move): a move to an option of each value known (nimber_search.h)
          for (const auto& w : r.witnesses) witnesses.append(py::make_tuple(w.value, w.move));
          return py::make_tuple(r.nimber, winning, moves, witnesses);
        }, py::arg("graph"), py::arg("arc"), py::arg("with_moves"), py::arg("max_positions") = kDefaultMaxPositions);
  // What a saved table file (or trunk) proves, nothing searched (NimberSearchOptions::lookup_only):
  // (nimber or None, witnesses [(value, move)], rounds None or (candidate, file, [(move or None, budget)]),
  // nimbers loaded).
  m.def("_kayles_lookup", [](const Graph& g, bool arc, const std::string& table, const std::string& trunk,
                             std::uint64_t table_mib) {
          if (table.empty() == trunk.empty()) throw cgtlab::InputError("give one of table= and trunk= (a file to read)");
          const std::string& file = table.empty() ? trunk : table;
          if (!std::filesystem::exists(file)) throw cgtlab::InputError("no such table file: " + file);
          if (table_mib < 1 || table_mib > (std::uint64_t{1} << 20)) throw cgtlab::InputError("table_mib must be 1..1048576");
          cgtlab::games::NimberSearchOptions opt;
          opt.table_bytes = table_mib << 20;
          opt.lookup_only = true;
          opt.table_file = table;
          opt.trunk_file = trunk;
          auto r = cgtlab::games::kayles_nimber(g, arc ? cgtlab::games::VertexGame::ArcKayles
                                                       : cgtlab::games::VertexGame::NodeKayles, opt);
          py::list witnesses;
          for (const auto& w : r.witnesses) witnesses.append(py::make_tuple(w.value, w.move));
          py::object rounds = py::none();
          if (r.rounds_candidate >= 0) {
            py::list options;
            for (const auto& x : r.rounds)
              options.append(py::make_tuple(x.move.empty() ? py::object(py::none()) : py::object(py::str(x.move)), x.budget));
            rounds = py::make_tuple(r.rounds_candidate, r.rounds_file, options);
          }
          py::object nimber = r.nimber_known ? py::object(py::int_(r.nimber)) : py::object(py::none());
          return py::make_tuple(nimber, witnesses, rounds, r.loaded_entries);
        }, py::arg("graph"), py::arg("arc"), py::arg("table"), py::arg("trunk"), py::arg("table_mib"));
  m.def("_rooks_grundy", [](const std::string& board, const std::string& holes, const std::string& rooks,
                            std::uint64_t maxp) {
          auto b = cgtlab::games::parse_rook_board(board, holes, rooks);
          auto l = limits(maxp);
          auto r = interruptible(l, [&] { return cgtlab::games::rook_grundy(b, l); });
          return py::make_tuple(r.grundy, r.winning);
        }, py::arg("board"), py::arg("holes"), py::arg("rooks"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_wak_grundy", [](const Graph& g, const std::string& weights, std::uint64_t maxp) {
          auto w = cgtlab::games::parse_wak_weights(g, weights);
          auto l = limits(maxp);
          auto v = interruptible(l, [&] {
            cgtlab::games::WakAnalyser a(l);
            return a.value(g, w);
          });
          py::object grundy = v.grundy ? py::object(py::int_(*v.grundy)) : py::object(py::none());
          py::object outcome = v.outcome ? py::object(py::str(cgtlab::games::outcome_name(*v.outcome))) : py::object(py::none());
          return py::make_tuple(grundy, outcome, v.methods);
        }, py::arg("graph"), py::arg("weights"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_wak_reduce", [](const Graph& g, const std::string& weights) {
          auto p = cgtlab::games::make_wak(g, cgtlab::games::parse_wak_weights(g, weights));
          std::vector<std::string> log;
          auto r = cgtlab::games::reduce_wak(p, &log);
          Graph h = r.n ? cgtlab::games::wak_graph(r) : Graph(0, false);
          return py::make_tuple(h, cgtlab::games::wak_weights_text(r), log);
        }, py::arg("graph"), py::arg("weights"));

  m.def("_coins_value", [](const std::vector<std::string>& lines, std::uint64_t maxp) {
          std::vector<std::string> parsed;
          for (const auto& s : lines) parsed.push_back(cgtlab::games::FlippingCoins::parse(s));
          auto l = limits(maxp);
          return interruptible(l, [&] {
            cgtlab::games::CoinsValuer valuer(cgtlab::games::kCoinsSearchMaxLength, l);
            auto sum = cgtlab::games::analyse_coins_sum(parsed, valuer);
            return sum;
          });
        }, py::arg("lines"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_coins_values", [](const std::vector<std::string>& lines, std::uint64_t maxp) {
          std::vector<std::string> parsed;
          for (const auto& s : lines) parsed.push_back(cgtlab::games::FlippingCoins::parse(s));
          auto l = limits(maxp);
          auto values = interruptible(l, [&] {
            cgtlab::games::CoinsValuer valuer(cgtlab::games::kCoinsSearchMaxLength, l);
            std::vector<cgtlab::games::CoinsLineValue> out;
            for (const auto& s : parsed) out.push_back(valuer.value(s));
            return out;
          });
          py::list out;
          for (const auto& v : values)
            out.append(v.number ? fraction_type()(dyadic_to_python(*v.number)) : py::cast(v.game));
          return out;
        }, py::arg("lines"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("octal", [](const std::string& code, int max_heap) {
          if (max_heap < 0 || max_heap > 1000000) throw cgtlab::InputError("max_heap: 0..1000000");
          return cgtlab::games::octal_grundy_sequence(code, max_heap);
        }, py::arg("code"), py::arg("max_heap"),
        "Grundy values of heaps 0..max_heap of the octal game with this code ('0.77' is Kayles, '0.07' "
        "Dawson's Kayles), as a list of int.");
  py::class_<cgtlab::games::CoinsSumMove>(m, "_CoinsSumMove")
      .def_readonly("line", &cgtlab::games::CoinsSumMove::line)
      .def_readonly("first", &cgtlab::games::CoinsSumMove::first)
      .def_readonly("second", &cgtlab::games::CoinsSumMove::second)
      .def_readonly("result", &cgtlab::games::CoinsSumMove::result)
      .def_readonly("sum_after", &cgtlab::games::CoinsSumMove::sum_after);
  py::class_<cgtlab::games::CoinsSumAnalysis>(m, "_CoinsSumAnalysis")
      .def_readonly("lines", &cgtlab::games::CoinsSumAnalysis::lines)
      .def_property_readonly("values", [](const cgtlab::games::CoinsSumAnalysis& s) {
        std::vector<Game> v;
        for (const auto& x : s.values) v.push_back(x.game);
        return v;
      })
      .def_readonly("total", &cgtlab::games::CoinsSumAnalysis::total)
      .def_readonly("left_winning", &cgtlab::games::CoinsSumAnalysis::left_winning)
      .def_readonly("right_winning", &cgtlab::games::CoinsSumAnalysis::right_winning)
      .def_property_readonly("methods", [](const cgtlab::games::CoinsSumAnalysis& s) { return cgtlab::games::coins_methods_text(s); });
  m.def("_coins_algorithm", [](const std::string& line, bool trace) {
          auto r = cgtlab::games::run_coins_algorithm(cgtlab::games::FlippingCoins::parse(line), trace);
          py::dict d;
          d["input"] = r.input;
          d["reduced"] = r.reduced;
          d["base"] = r.base;
          d["partition"] = r.partition();
          d["ordinal_sum"] = r.ordinal_sum_text();
          d["signs"] = r.signs;
          d["value"] = fraction_type()(dyadic_to_python(r.value));
          py::list steps;
          for (const auto& s : r.reductions) steps.append(py::make_tuple(std::string(1, s.rule), s.before, s.after));
          d["reductions"] = steps;
          py::list partial;
          for (const auto& v : r.partial_values) partial.append(fraction_type()(dyadic_to_python(v)));
          d["partial_values"] = partial;
          d["base_value"] = fraction_type()(dyadic_to_python(r.base_value));
          d["terms"] = dict_list(r.terms, [](py::dict& e, const auto& t) {
            e["Q"] = t.piece;
            e["p"] = t.p;
            e["q"] = t.q;
            e["exponent"] = fraction_type()(dyadic_to_python(cgtlab::games::inverse_power_of_two(t.exponent_power)));
          });
          return d;
        }, py::arg("line"), py::arg("trace") = false,
        "The value algorithm of seed 003 on one line: a dict with 'input', 'reduced', 'base', 'partition', "
        "'ordinal_sum', 'signs', 'value' (Fraction), 'base_value', 'terms' [{'Q', 'p', 'q', 'exponent'}], and "
        "with trace=True the 'reductions' [(rule, before, after)] and 'partial_values'.");

  // BLOCKING PEBBLES: one analyzer per call (the memo carries over within the call), run on a
  // worker so Ctrl-C stops it through the analyzer's interrupt flag.
  struct PyBlocking {
    std::atomic<bool> stop{false};
    std::unique_ptr<cgtlab::games::BlockingAnalyzer> a;
  };
  py::class_<PyBlocking>(m, "_Blocking")
      .def(py::init([](const Graph& g, std::uint64_t maxp) {
             auto b = std::make_unique<PyBlocking>();
             auto l = limits(maxp);
             l.interrupt = &b->stop;
             b->a = std::make_unique<cgtlab::games::BlockingAnalyzer>(g, l);
             return b;
           }), py::arg("graph"), py::arg("max_positions") = kDefaultMaxPositions)
      .def("format", [](PyBlocking& b, const std::string& spec) { return b.a->rules().format(b.a->parse(spec)); })
      .def("value", [](PyBlocking& b, const std::string& spec) {
        auto p = b.a->parse(spec);
        return interruptible_with(b.stop, [&] { return b.a->value(p); });
      })
      .def("search", [](PyBlocking& b, const py::object& target, int max_pebbles, const std::string& colours,
                        std::size_t limit) {
        if (max_pebbles < 0) throw cgtlab::InputError("max_pebbles must be non-negative");
        Game t = game_from_python(target);
        cgtlab::games::PositionSpace space;
        space.max_pebbles = max_pebbles;
        space.colours = colours;
        auto r = interruptible_with(b.stop, [&] { return cgtlab::games::blocking_search(*b.a, t, space, limit); });
        py::dict d;
        d["value"] = t;
        d["pebbles"] = r.pebbles ? py::object(py::int_(*r.pebbles)) : py::object(py::none());
        py::list ps, paper;
        for (const auto& p : r.positions) {
          ps.append(b.a->rules().format(p));
          paper.append(cgtlab::games::paper_notation(p));
        }
        d["examples"] = ps;
        d["papers_notation"] = paper;
        d["found"] = r.found;
        d["positions"] = r.examined;
        return d;
      })
      .def("atlas", [](PyBlocking& b, int max_pebbles, const std::string& colours) {
        if (max_pebbles < 0) throw cgtlab::InputError("max_pebbles must be non-negative");
        cgtlab::games::PositionSpace space;
        space.max_pebbles = max_pebbles;
        space.colours = colours;
        auto r = interruptible_with(b.stop, [&] { return cgtlab::games::blocking_atlas(*b.a, space); });
        auto out = dict_list(r.entries, [&](py::dict& d, const auto& e) {
          d["value"] = e.value;
          d["count"] = e.count;
          d["min_pebbles"] = e.min_pebbles;
          d["example"] = b.a->rules().format(e.example);
        });
        return py::make_tuple(out, r.positions);
      });

  // --- pebbling (seed 000) -----------------------------------------------------------------
  using cgtlab::games::Pebbling;
  auto pebbling_tuple = [](const Pebbling::Position& p) {
    py::list l;
    for (auto c : p) l.append(static_cast<int>(c));
    return py::tuple(l);
  };
  m.def("_pebbling_grundy", [pebbling_tuple](const Graph& g, int k, const std::string& position, std::uint64_t maxp) {
          Pebbling rules(g, k);
          auto p = rules.parse_position(position);
          auto l = limits(maxp);
          auto r = interruptible(l, [&] { return cgtlab::games::pebbling_grundy(rules, p, l); });
          py::list moves;
          for (const auto& mv : r.winning_moves)
            moves.append(py::make_tuple(rules.graph().vertex_name(mv.from), rules.graph().vertex_name(mv.to),
                                        pebbling_tuple(rules.apply(p, mv))));
          return py::make_tuple(r.grundy, moves, pebbling_tuple(p));
        }, py::arg("graph"), py::arg("k"), py::arg("position"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_pebbling_ppositions", [pebbling_tuple](const Graph& g, int k, int total, bool labelled, std::uint64_t maxp) {
          if (total < 0) throw cgtlab::InputError("total must be non-negative");
          Pebbling rules(g, k);
          auto l = limits(maxp);
          auto ps = interruptible(l, [&] { return cgtlab::games::pebbling_p_positions(rules, total, labelled, l); });
          py::list out;
          for (const auto& p : ps) out.append(pebbling_tuple(p));
          return out;
        }, py::arg("graph"), py::arg("k"), py::arg("total"), py::arg("labelled"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_pebbling_threshold", [](const std::string& spec, int k, int max_total, std::uint64_t maxp) {
          auto opt = threshold_options(max_total, maxp);
          auto stored = interruptible(opt.limits, [&] { return cgtlab::store::pebbling_threshold_stored(spec, k, opt, nullptr); });
          const auto& r = stored.result;
          py::dict d;
          d["m"] = r.m ? py::object(py::int_(*r.m)) : py::object(py::none());
          d["bound"] = r.bound;
          d["searched_to"] = r.searched_to;
          d["consequence_holds"] = r.consequence_holds;
          d["nonempty_p_totals"] = r.nonempty_p_totals();
          d["layers"] = dict_list(r.layers, [](py::dict& e, const auto& x) {
            e["total"] = x.total;
            e["positions"] = py::int_(py::str(fmt_u128(x.positions)));
            e["p_labelled"] = py::int_(py::str(fmt_u128(x.p_labelled)));
            e["p_classes"] = x.p_classes ? py::object(py::int_(py::str(fmt_u128(*x.p_classes)))) : py::object(py::none());
          });
          return d;
        }, py::arg("graph"), py::arg("k"), py::arg("max_total"), py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_pebbling_table", [](int n_lo, int n_hi, int k_lo, int k_hi, int max_total, std::uint64_t maxp) {
          if (n_lo < 1 || n_hi < n_lo || n_hi > 64) throw cgtlab::InputError("n: a range within 1..64");
          if (k_lo < 1 || k_hi < k_lo || k_hi > 256) throw cgtlab::InputError("k: a range within 1..256");
          auto opt = threshold_options(max_total, maxp);
          auto t = interruptible(opt.limits, [&] { return cgtlab::games::complete_graph_thresholds(n_lo, n_hi, k_lo, k_hi, opt); });
          py::dict out;
          for (int n = n_lo; n <= n_hi; ++n)
            for (int k = k_lo; k <= k_hi; ++k) {
              const auto& c = t.at(n, k);
              out[py::make_tuple(n, k)] = c.m ? py::object(py::int_(*c.m)) : py::object(py::none());
            }
          return out;
        }, py::arg("n_lo"), py::arg("n_hi"), py::arg("k_lo"), py::arg("k_hi"), py::arg("max_total"),
        py::arg("max_positions") = kDefaultMaxPositions);
  m.def("_pebbling_classify", [pebbling_tuple](const Graph& g, int k, int max_total, std::uint64_t maxp) {
          Pebbling rules(g, k);
          auto l = limits(maxp);
          auto r = interruptible(l, [&] { return cgtlab::games::classify_c4(rules, max_total, l); });
          py::dict d;
          d["max_total"] = r.max_total;
          d["positions"] = r.positions;
          d["mismatches"] = r.mismatches;
          d["partition_failures"] = r.partition_failures;
          d["first_mismatch"] = r.first_mismatch ? py::object(pebbling_tuple(*r.first_mismatch)) : py::object(py::none());
          d["cells"] = dict_list(r.cells, [](py::dict& e, const auto& c) {
            e["y"] = c.y_name;
            e["x"] = c.x_name;
            e["table5"] = c.predicted_p ? "P" : "N";
            e["positions"] = c.positions;
            e["p_positions"] = c.p_positions;
            e["mismatches"] = c.mismatches;
          });
          d["text"] = cgtlab::games::format_c4_classification(r);
          return d;
        }, py::arg("graph"), py::arg("k"), py::arg("max_total"), py::arg("max_positions") = kDefaultMaxPositions);
  // Outcomes of every position up to a total, from one layered search (for pictures of P-sets).
  struct PyPebblingOutcomes {
    std::unique_ptr<Pebbling> rules;
    std::unique_ptr<cgtlab::games::PebblingOutcomes> outcomes;
  };
  py::class_<PyPebblingOutcomes>(m, "_PebblingOutcomes")
      .def(py::init([](const Graph& g, int k, int max_total, std::uint64_t maxp) {
             if (max_total < 0) throw cgtlab::InputError("max_total must be non-negative");
             auto o = std::make_unique<PyPebblingOutcomes>();
             o->rules = std::make_unique<Pebbling>(g, k);
             auto l = limits(maxp);
             o->outcomes = interruptible(l, [&] {
               return std::make_unique<cgtlab::games::PebblingOutcomes>(*o->rules, max_total, l);
             });
             return o;
           }), py::arg("graph"), py::arg("k"), py::arg("max_total"), py::arg("max_positions") = kDefaultMaxPositions)
      .def_property_readonly("max_total", [](const PyPebblingOutcomes& o) { return o.outcomes->max_total(); })
      .def("is_p", [](const PyPebblingOutcomes& o, const std::vector<int>& counts) {
        if (static_cast<int>(counts.size()) != o.rules->order())
          throw cgtlab::InputError("a position lists one count per vertex (" + std::to_string(o.rules->order()) + ")");
        Pebbling::Position p;
        long total = 0;
        for (int c : counts) {
          if (c < 0) throw cgtlab::InputError("pebble counts must be non-negative");
          total += c;
          p.push_back(static_cast<Pebbling::Count>(std::min(c, 65535)));
        }
        if (total > o.outcomes->max_total())
          throw cgtlab::InputError("total " + std::to_string(total) + " exceeds max_total " + std::to_string(o.outcomes->max_total()));
        return o.outcomes->is_p(p);
      }, py::arg("position"));

  // --- exploring every game the same way (games/explore.h; the CLI's `<game> moves|tree`) ---
  struct PyExplorer {
    std::atomic<bool> stop{false};
    std::unique_ptr<cgtlab::games::Explorer> e;
  };
  auto args_dict = [](const cgtlab::games::PositionArgs& a) {
    py::dict d;
    for (const auto& [k, v] : a) d[py::str(k)] = v;
    return d;
  };
  auto put_value = [](py::dict& d, const cgtlab::games::ExploreValue& v, bool impartial) {
    d["value"] = v.value ? py::cast(*v.value) : py::none();
    if (impartial) d["grundy"] = v.grundy ? py::object(py::int_(*v.grundy)) : py::object(py::none());
    d["outcome"] = v.outcome ? py::object(py::str(cgtlab::cgt::to_string(*v.outcome))) : py::object(py::none());
  };
  py::class_<PyExplorer>(m, "_Explorer")
      .def(py::init([](const std::string& game, const py::dict& a, std::uint64_t maxp) {
             auto get = [&](const char* key, const char* fallback) {
               return a.contains(key) ? py::str(a[key]).cast<std::string>() : std::string(fallback);
             };
             auto x = std::make_unique<PyExplorer>();
             auto l = limits(maxp);
             l.interrupt = &x->stop;
             if (game == "pebbling") {
               int k = std::stoi(get("k", "1"));
               x->e = cgtlab::games::pebbling_explorer(get("graph", ""), k, get("position", ""), l);
             } else if (game == "blocking") {
               x->e = cgtlab::games::blocking_explorer(get("graph", ""), get("pebbles", "empty"), l);
             } else if (game == "coins") {
               x->e = cgtlab::games::coins_explorer(get("line", ""), l);
             } else if (game == "wak") {
               x->e = cgtlab::games::wak_explorer(get("graph", ""), get("weights", ""), l);
             } else if (game == "arckayles" || game == "nodekayles") {
               x->e = cgtlab::games::kayles_explorer(game == "arckayles", get("graph", ""), l);
             } else if (game == "rooks") {
               x->e = cgtlab::games::rooks_explorer(get("board", ""), get("holes", ""), get("rooks", ""), l);
             } else {
               throw cgtlab::InputError("no explorer for the game '" + game + "'");
             }
             return x;
           }), py::arg("game"), py::arg("args"), py::arg("max_positions") = kDefaultMaxPositions)
      .def("moves", [args_dict, put_value](PyExplorer& x) {
        auto r = interruptible_with(x.stop, [&] { return cgtlab::games::explore_moves(*x.e, 0); });
        const bool imp = x.e->impartial();
        py::dict d;
        d["game"] = x.e->game();
        d["impartial"] = imp;
        d["position"] = r.position;
        d["args"] = args_dict(r.args);
        put_value(d, r.value, imp);
        py::list all, win;
        for (const auto& mv : r.moves) {
          py::dict j;
          j["move"] = mv.move;
          if (!imp) j["player"] = cgtlab::games::side_name(mv.side);
          j["result"] = mv.result;
          j["args"] = args_dict(mv.args);
          put_value(j, mv.value, imp);
          j["winning"] = mv.winning;
          all.append(j);
          if (mv.winning) win.append(j);
        }
        d["moves"] = all;
        d["winning_moves"] = win;
        d["positions"] = x.e->nodes();
        return d;
      })
      .def("tree", [args_dict, put_value](PyExplorer& x, int depth, int max_nodes, const std::string& form) {
        if (depth < 0) throw cgtlab::InputError("depth must be >= 0");
        if (max_nodes < 1 || max_nodes > cgtlab::games::kMaxTreeNodes)
          throw cgtlab::InputError("max_nodes must be 1.." + std::to_string(cgtlab::games::kMaxTreeNodes));
        if (form != "dot" && form != "text" && form != "tikz" && form != "dict")
          throw cgtlab::InputError("format must be dot, text, tikz or dict");
        cgtlab::games::ExploreTreeOptions o;
        o.max_depth = depth;
        o.max_nodes = max_nodes;
        auto t = interruptible_with(x.stop, [&] { return cgtlab::games::explore_tree(*x.e, 0, o); });
        if (form == "dot") return py::object(py::str(cgtlab::games::tree_dot(t)));
        if (form == "text") return py::object(py::str(cgtlab::games::tree_text(t)));
        if (form == "tikz") return py::object(py::str(cgtlab::games::tree_tikz(t)));
        std::function<py::dict(int)> node = [&](int id) {
          const auto& n = t.nodes[id];
          py::dict j;
          if (n.depth > 0) {
            j["move"] = n.move;
            if (!t.impartial) j["player"] = cgtlab::games::side_name(n.side);
            j["winning"] = n.winning;
          }
          j["position"] = n.position;
          j["args"] = args_dict(n.args);
          put_value(j, n.value, t.impartial);
          j["cut"] = n.cut;
          py::list kids;
          for (int c : n.children) kids.append(node(c));
          j["children"] = kids;
          return j;
        };
        py::dict d;
        d["game"] = t.game;
        d["impartial"] = t.impartial;
        d["nodes"] = t.nodes.size();
        d["truncated"] = t.truncated;
        d["tree"] = node(0);
        return py::object(d);
      }, py::arg("depth"), py::arg("max_nodes"), py::arg("format"));

  // --- verify --------------------------------------------------------------------------
  m.def("_verify", [](const std::string& source, const std::string& id_prefix, bool deep_run) {
          std::vector<const cgtlab::claims::Claim*> chosen;
          for (const auto& c : cgtlab::claims::all_claims()) {
            if (!source.empty() && c.source != source && c.id.rfind(source + ".", 0) != 0) continue;
            if (!id_prefix.empty() && c.id.rfind(id_prefix, 0) != 0) continue;
            chosen.push_back(&c);
          }
          if (chosen.empty()) throw cgtlab::InputError("no claim matches" + (source.empty() ? "" : " source " + source) +
                                                       (id_prefix.empty() ? "" : " id " + id_prefix));
          py::list out;
          cgtlab::claims::RunOptions run{deep_run};
          for (const auto* c : chosen) {
            std::atomic<bool> stop{false};  // a claim runs to its end; Ctrl-C stops before the next
            auto t0 = std::chrono::steady_clock::now();
            auto e = interruptible_with(stop, [&] { return cgtlab::claims::evaluate(*c, run); });
            double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            py::dict d;
            d["id"] = c->id;
            d["source"] = c->source;
            d["item"] = c->item;
            d["statement"] = c->statement;
            d["range"] = deep_run && !c->deep_range.empty() ? c->deep_range : c->range;
            d["status"] = cgtlab::claims::to_string(e.status);
            d["statement_verdict"] = cgtlab::claims::to_string(e.statement);
            d["detail"] = e.detail;
            d["erratum"] = c->erratum;
            d["correction"] = c->correction;
            if (e.correction) {
              d["correction_verdict"] = cgtlab::claims::to_string(*e.correction);
              d["correction_detail"] = e.correction_detail;
            }
            d["seconds"] = secs;
            out.append(d);
          }
          return out;
        }, py::arg("source"), py::arg("id"), py::arg("deep"));
}
