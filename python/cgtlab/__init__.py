"""cgtlab: combinatorial game theory on graphs, with the engines in C++.

Values::

    >>> import cgtlab
    >>> g = cgtlab.Game("{1|*} + ^ + *2")
    >>> cgtlab.compare("^", "*")
    '||'

Your own games (positions: any hashable objects; callbacks return iterables)::

    >>> cgtlab.grundy(5, options=lambda n: [n - k for k in (1, 2) if n >= k])
    2

Graphs are given as a spec string ("C4", "Grid3x4", "0-1,1-2"), a :class:`Graph`, or a
networkx graph. Bad input raises ValueError; a search that reaches its cap raises
:class:`CapReached`; Ctrl-C interrupts a long search with KeyboardInterrupt.
"""
import os
from fractions import Fraction
from types import SimpleNamespace as _NS

from . import _cgtlab
from ._cgtlab import CapReached, Game, Thermograph, Trajectory, compare, octal

__all__ = ["Game", "Graph", "Thermograph", "Trajectory", "CapReached", "compare", "ANALYSIS_KEYS", "grundy", "canonical_form", "as_graph",
           "arckayles", "nodekayles", "rooks", "wak", "coins", "blocking", "pebbling", "verify", "octal"]

DEFAULT_MAX_POSITIONS = 20_000_000

CapReached.__doc__ = ("A search or value computation reached its cap (max_positions, the work or memory cap); "
                      "no partial answer is returned. A subclass of RuntimeError.")

# --- the value analysis: the keys of `cgtlab analyze --json`, in its order ---------------------
ANALYSIS_KEYS = (
    "value", "outcome", "misere_outcome", "birthday", "left_stop", "right_stop", "stop_count", "mean",
    "temperature", "thermograph", "atomic_weight", "reduced_canonical_form", "companion", "freeze",
    "incentives", "left_incentives", "right_incentives", "left_options", "right_options", "follower_count",
    "followers", "uptimal_expansion", "is_number", "is_integer", "is_nimber", "is_uptimal", "is_infinitesimal",
    "is_all_small", "is_numberish", "is_number_tiny", "is_even", "is_odd", "is_even_tempered", "is_odd_tempered",
    "is_ordinal", "is_atomic", "is_zero")

#: ``Game.followers`` lists every follower up to this many; beyond, it raises CapReached
#: (use ``Game.followers_up_to(n)``, which lists the first n).
MAX_FOLLOWERS = 1_000_000


def _followers(self):
    """Every follower of the canonical form (G included) as a tuple of Game, in CGSuite's order.
    More than MAX_FOLLOWERS raises CapReached (follower_count counts them all)."""
    n = self.follower_count
    if n > MAX_FOLLOWERS:
        raise CapReached(f"{n} followers (more than cgtlab.MAX_FOLLOWERS = {MAX_FOLLOWERS}); "
                         "use followers_up_to(n)")
    return self.followers_up_to(n)


def _analysis(self, follower_limit=100):
    """Every property of the value analysis as a dict keyed as `cgtlab analyze --json` keys it
    (values as Game, counts as int, predicates as bool, sets as tuples of Game, the thermograph
    as a Thermograph); followers lists at most ``follower_limit`` (the CLI's --limit)."""
    out = {}
    for key in ANALYSIS_KEYS:
        out[key] = self.followers_up_to(follower_limit) if key == "followers" else getattr(self, key)
    return out


Game.followers = property(_followers)
Game.analysis = _analysis


def _wall_points(wall, top):
    ts = [t for t in wall.critical_points if t < top] + [Fraction(-1)]
    ts = [top] + ts
    return [(float(t), float(wall.value_at(t))) for t in ts]


def _thermograph_plot(self, ax=None, top=None, label=None, **style):
    """Draws the thermograph with matplotlib (temperature up, values growing to the LEFT, as in
    Winning Ways): both walls and the mast up to temperature ``top`` (default: the temperature + 1).
    Returns the Axes."""
    import matplotlib.pyplot as plt
    if ax is None:
        ax = plt.gca()
    if top is None:
        top = max(self.temperature, Fraction(0)) + 1
    top = Fraction(top)
    colour = style.pop("color", "black")
    for wall, ls in ((self.left_wall, "-"), (self.right_wall, "--")):
        pts = _wall_points(wall, top)
        ax.plot([v for _, v in pts], [t for t, _ in pts], ls, color=colour, **style)
    ax.set_xlabel("value (Left's side to the left)")
    ax.set_ylabel("temperature")
    if not ax.xaxis_inverted():
        ax.invert_xaxis()
    if label:
        ax.set_title(label)
    return ax


Thermograph.plot = _thermograph_plot
Thermograph._repr_svg_ = lambda self: self.svg(str(self))

Graph = _cgtlab.Graph
Graph.__doc__ = ("A graph: Graph(spec) for every spec the CLI takes (K5, C4, P6, K2,3, S4, W5, Grid3x4, "
                 "Petersen, T3, DP3, OutStar3, InStar3, '0-1,1-2,2-2', 'a>b,a>c').")


def _from_networkx(g):
    """A cgtlab.Graph from a networkx Graph or DiGraph (vertex names are str(node))."""
    nodes = list(g.nodes())
    index = {v: i for i, v in enumerate(nodes)}
    names = [str(v) for v in nodes]
    if len(set(names)) != len(names):
        raise ValueError("from_networkx: two vertices have the same str() name")
    edges = [(index[u], index[v]) for u, v in g.edges()]
    return Graph._from_parts(names, edges, bool(g.is_directed()))


def _to_networkx(self):
    """A networkx Graph (or DiGraph) with the vertex names as nodes, in vertex order."""
    import networkx as nx
    h = nx.DiGraph() if self.directed else nx.Graph()
    names = self.vertices
    h.add_nodes_from(names)
    h.add_edges_from((names[u], names[v]) for u, v in self.edges)
    return h


Graph.from_networkx = staticmethod(_from_networkx)
Graph.to_networkx = _to_networkx


def as_graph(g):
    """A cgtlab.Graph from a spec string, a Graph, or a networkx graph."""
    if isinstance(g, Graph):
        return g
    if isinstance(g, str):
        return Graph(g)
    if hasattr(g, "nodes") and hasattr(g, "edges") and hasattr(g, "is_directed"):
        return _from_networkx(g)
    raise TypeError(f"expected a graph spec string, cgtlab.Graph or networkx graph, not {type(g).__name__}")


def _spec(g):
    """A graph as the CLI's spec text (a spec string stays as it is)."""
    if isinstance(g, str):
        return g
    h = as_graph(g)
    return h.to_spec() if h.order else "K0"


def _cap(max_positions):
    if max_positions is None:
        return 0
    if max_positions < 0:
        raise ValueError("max_positions must be >= 0")
    return int(max_positions)


def grundy(position, options, components=None, max_positions=DEFAULT_MAX_POSITIONS):
    """Grundy value (int) of an impartial game you define.

    ``options(p)`` returns an iterable of the positions reachable from ``p``; positions are any
    hashable objects (equal positions share one memo entry). ``components(p)``, if given, splits
    ``p`` into independent summands (their values are nim-added). The C++ engine memoizes and
    walks iteratively (no recursion limit). A cycle raises ValueError; more than
    ``max_positions`` stored positions raises CapReached (None: no cap).
    """
    return _cgtlab._grundy(position, options, components, _cap(max_positions))


def canonical_form(position, left, right, components=None, max_positions=DEFAULT_MAX_POSITIONS):
    """Canonical form (Game) of a partizan game you define: ``left(p)`` and ``right(p)`` return
    each player's options; ``components(p)`` optionally splits ``p`` into a sum. See grundy()."""
    return _cgtlab._canonical_form(position, left, right, components, _cap(max_positions))


# --- moves and trees: every game the same way (the CLI's `<game> moves|tree`, games/explore.h) ---

def _explore_moves(game, args, max_positions):
    return _cgtlab._Explorer(game, {k: str(v) for k, v in args.items()}, _cap(max_positions)).moves()


def _explore_tree(game, args, depth, max_nodes, format, max_positions):
    return _cgtlab._Explorer(game, {k: str(v) for k, v in args.items()}, _cap(max_positions)).tree(
        int(depth), int(max_nodes), format)


_MOVES_DOC = """Every move from the position with the value after it, as `cgtlab {game} moves --json` gives it:
    a dict with 'game', 'impartial', 'position' (its one text form), 'args' (the flags that give it), 'value'
    (Game; None when only the outcome is known), {grundy}'outcome', 'moves' and 'winning_moves' (each move a dict
    with 'move', {player}'result', 'args', 'value', 'outcome', 'winning'), 'positions'."""
_TREE_DOC = """The game tree to ``depth`` levels and at most ``max_nodes`` nodes, breadth-first (the CLI's
    `cgtlab {game} tree`): format 'dot' (Graphviz source), 'text', 'tikz', or 'dict' (the JSON tree: nested nodes
    with 'position', 'value', 'outcome', 'cut', 'children', and 'move', 'winning' below the root)."""


def _document(fn, template, game, impartial):
    fn.__doc__ = template.format(game=game, grundy="'grundy' (int), " if impartial else "",
                                 player="" if impartial else "'player' ('left'/'right'), ")
    return fn


def _kayles(arc):
    name = "Arc-Kayles" if arc else "Node-Kayles"
    move = "an edge: delete both ends" if arc else "a vertex: delete it and its neighbours"

    def grundy_(graph, max_positions=DEFAULT_MAX_POSITIONS):
        return _cgtlab._kayles(as_graph(graph), arc, False, _cap(max_positions))[0]

    def winning_moves(graph, max_positions=DEFAULT_MAX_POSITIONS):
        return _cgtlab._kayles(as_graph(graph), arc, True, _cap(max_positions))[1]

    def witnesses(graph, max_positions=DEFAULT_MAX_POSITIONS):
        return dict(_cgtlab._kayles(as_graph(graph), arc, False, _cap(max_positions))[3])

    def lookup(graph, table=None, trunk=None, table_mib=256):
        nimber, wit, rounds, loaded = _cgtlab._kayles_lookup(as_graph(graph), arc, os.fspath(table or ""),
                                                             os.fspath(trunk or ""), table_mib)
        out = {"grundy": nimber, "witnesses": dict(wit), "rounds": None, "loaded": loaded}
        if rounds is not None:
            out["rounds"] = {"candidate": rounds[0], "file": rounds[1],
                             "options": [{"move": m, "budget": b} for m, b in rounds[2]]}
        return out

    game = "arckayles" if arc else "nodekayles"

    def moves(graph, max_positions=DEFAULT_MAX_POSITIONS):
        return _explore_moves(game, {"graph": _spec(graph)}, max_positions)

    def tree(graph, depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
        return _explore_tree(game, {"graph": _spec(graph)}, depth, max_nodes, format, max_positions)

    grundy_.__doc__ = (f"Grundy value (int) of {name} on a loopless undirected graph (a move picks {move}); "
                       "the CLI's outcome search. More than max_positions expanded positions raises CapReached.")
    winning_moves.__doc__ = f"The winning moves of {name}, named as the CLI names them (list of str)."
    witnesses.__doc__ = (f"Witnesses of the {name} nimber's lower bound: {{value: move}}, for each value some option "
                         "is known to have once the search ends, the first move to one (named as the CLI names "
                         "moves); the option's nimber is looked up in the search's table, not searched for. On a "
                         "connected graph the search leaves unsimplified (a full grid) every value below the "
                         "nimber has one (unless a full table replaced the entry).")
    lookup.__doc__ = (f"What a saved {name} table proves about the graph, nothing searched (the CLI's "
                      "--lookup-only): give table= (a --table file; its refutations are not read) or trunk= (a "
                      "--trunk file), read into a table of table_mib MiB (a larger file keeps its largest "
                      "entries). Returns {'grundy': int or None (not in the file), 'witnesses': {value: move}, "
                      "'rounds': None or {'candidate', 'file', 'options': [{'move', 'budget'}]} (the root's "
                      "rounds beside the file, FILE.rounds, each option with the first move that leads to it), "
                      "'loaded': nimbers read}. A missing file raises ValueError.")
    _document(moves, _MOVES_DOC, game, True)
    _document(tree, _TREE_DOC, game, True)
    grundy_.__name__ = "grundy"
    return _NS(grundy=grundy_, winning_moves=winning_moves, witnesses=witnesses, lookup=lookup, moves=moves, tree=tree,
               __doc__=f"{name} (seed 004).")


arckayles = _kayles(True)
nodekayles = _kayles(False)


def _rooks_grundy(board, holes=(), rooks=(), max_positions=DEFAULT_MAX_POSITIONS):
    """Grundy value (int) of the non-attacking rooks game on a board "RxC" (e.g. "6x8") with
    holes and rooks given as chess squares ("b3")."""
    g, _ = _cgtlab._rooks_grundy(board, ",".join(holes), ",".join(rooks), _cap(max_positions))
    return g


def _rooks_winning_moves(board, holes=(), rooks=(), max_positions=DEFAULT_MAX_POSITIONS):
    """Squares whose rook leaves a P-position."""
    return _cgtlab._rooks_grundy(board, ",".join(holes), ",".join(rooks), _cap(max_positions))[1]


def _rooks_args(board, holes, rooks):
    return {"board": board, "holes": ",".join(holes), "rooks": ",".join(rooks)}


def _rooks_moves(board, holes=(), rooks=(), max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_moves("rooks", _rooks_args(board, holes, rooks), max_positions)


def _rooks_tree(board, holes=(), rooks=(), depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_tree("rooks", _rooks_args(board, holes, rooks), depth, max_nodes, format, max_positions)


_document(_rooks_moves, _MOVES_DOC, "rooks", True)
_document(_rooks_tree, _TREE_DOC, "rooks", True)
rooks = _NS(grundy=_rooks_grundy, winning_moves=_rooks_winning_moves, moves=_rooks_moves, tree=_rooks_tree,
            __doc__="Non-attacking rooks (seed 004).")


def _weights_text(graph, weights):
    if isinstance(weights, str):
        return weights
    if isinstance(weights, dict):
        return ",".join(f"{k}={int(v)}" for k, v in weights.items())
    return ",".join(str(int(w)) for w in weights)


def _wak_grundy(graph, weights, max_positions=DEFAULT_MAX_POSITIONS):
    """Grundy value of Weighted Arc-Kayles: an int, or None when only the outcome is known."""
    return _cgtlab._wak_grundy(as_graph(graph), _weights_text(graph, weights), _cap(max_positions))[0]


def _wak_analyze(graph, weights, max_positions=DEFAULT_MAX_POSITIONS):
    """(grundy or None, outcome 'P'/'N' or None, methods): the CLI's answer."""
    return _cgtlab._wak_grundy(as_graph(graph), _weights_text(graph, weights), _cap(max_positions))


def _wak_reduce(graph, weights):
    """The reductions of seed 004 Section 4: (canonical Graph, weights text, steps)."""
    g = as_graph(graph)
    return _cgtlab._wak_reduce(g, _weights_text(g, weights))


def _wak_moves(graph, weights, max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_moves("wak", {"graph": _spec(graph), "weights": _weights_text(graph, weights)}, max_positions)


def _wak_tree(graph, weights, depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_tree("wak", {"graph": _spec(graph), "weights": _weights_text(graph, weights)}, depth, max_nodes,
                         format, max_positions)


_document(_wak_moves, _MOVES_DOC, "wak", True)
_document(_wak_tree, _TREE_DOC, "wak", True)
wak = _NS(grundy=_wak_grundy, analyze=_wak_analyze, reduce=_wak_reduce, moves=_wak_moves, tree=_wak_tree,
          __doc__="Weighted Arc-Kayles (seed 004).")


def _coins_value(line, max_positions=DEFAULT_MAX_POSITIONS):
    """Value of a FLIPPING COINS line ("0110...") or a list of lines (their sum): a Fraction."""
    lines = [line] if isinstance(line, str) else list(line)
    total = _cgtlab._coins_value(lines, _cap(max_positions)).total
    return total.to_fraction() if total.is_number else total


def _coins_winning_moves(lines, max_positions=DEFAULT_MAX_POSITIONS):
    """{'left': [...], 'right': [...]}: winning moves of a sum of lines, each
    (line index, first coin, second coin, resulting line, value of the sum after)."""
    lines = [lines] if isinstance(lines, str) else list(lines)
    s = _cgtlab._coins_value(lines, _cap(max_positions))

    def conv(ms):
        return [(m.line, m.first, m.second, m.result, m.sum_after) for m in ms]
    return {"left": conv(s.left_winning), "right": conv(s.right_winning)}


def _coins_values(lines, max_positions=DEFAULT_MAX_POSITIONS):
    """The value of each line (a list; Fractions -- every line is a number, Theorem 3.2 of seed 003),
    with one search table for all of them: the fast way to value many lines."""
    return _cgtlab._coins_values(list(lines), _cap(max_positions))


def _coins_moves(line, max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_moves("coins", {"line": line}, max_positions)


def _coins_tree(line, depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_tree("coins", {"line": line}, depth, max_nodes, format, max_positions)


_document(_coins_moves, _MOVES_DOC, "coins", False)
_document(_coins_tree, _TREE_DOC, "coins", False)
coins = _NS(value=_coins_value, values=_coins_values, algorithm=_cgtlab._coins_algorithm,
            winning_moves=_coins_winning_moves, moves=_coins_moves, tree=_coins_tree,
            __doc__="FLIPPING COINS (seed 003).")


def _pebbles_spec(pebbles):
    if pebbles is None:
        return ""
    if isinstance(pebbles, str):
        return pebbles
    return ",".join(f"{v}={b}/{r}/{g}" for v, (b, r, g) in pebbles.items())


def _blocking(graph, max_positions):
    g = as_graph(graph)
    return _cgtlab._Blocking(g, _cap(max_positions))


def _blocking_value(graph, pebbles, max_positions=DEFAULT_MAX_POSITIONS):
    """Canonical value (Game) of a BLOCKING PEBBLES position on a DAG: pebbles =
    {vertex: (blue, red, green)} or the CLI's spec "c=1/3/0,a=2/0/0"."""
    return _blocking(graph, max_positions).value(_pebbles_spec(pebbles))


def _blocking_args(graph, pebbles):
    spec = _pebbles_spec(pebbles)
    return {"graph": _spec(graph), "pebbles": spec or "empty"}


def _blocking_moves(graph, pebbles, max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_moves("blocking", _blocking_args(graph, pebbles), max_positions)


def _blocking_tree(graph, pebbles, depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_tree("blocking", _blocking_args(graph, pebbles), depth, max_nodes, format, max_positions)


_document(_blocking_moves, _MOVES_DOC, "blocking", False)
_document(_blocking_tree, _TREE_DOC, "blocking", False)


def _blocking_search(graph, value, max_pebbles, colours="brg", limit=10, max_positions=DEFAULT_MAX_POSITIONS):
    """The smallest positions (fewest pebbles, at most ``max_pebbles``, colours among ``colours``) whose value
    is ``value``: {'value', 'pebbles' (None: not found), 'examples', 'papers_notation', 'found', 'positions'
    (the number examined)}, with the names of the CLI's `blocking search --value --json`."""
    return _blocking(graph, max_positions).search(value, int(max_pebbles), colours, int(limit))


def _blocking_atlas(graph, max_pebbles, colours="brg", max_positions=DEFAULT_MAX_POSITIONS):
    """Every value reached with at most ``max_pebbles`` pebbles: a list of {'value', 'count', 'min_pebbles',
    'example'} (numbers ascending first), as `blocking search --atlas` lists them."""
    entries, _ = _blocking(graph, max_positions).atlas(int(max_pebbles), colours)
    return entries


blocking = _NS(value=_blocking_value, moves=_blocking_moves, tree=_blocking_tree, search=_blocking_search,
               atlas=_blocking_atlas, __doc__="BLOCKING PEBBLES (seeds 001, 002, 003): Left moves blue and green "
               "pebbles, Right red and green, on a DAG.")


# --- pebbling (seed 000) ----------------------------------------------------------------------

def _position_text(position):
    if isinstance(position, str):
        return position
    if isinstance(position, dict):
        return ",".join(f"{v}={int(c)}" for v, c in position.items())
    return ",".join(str(int(c)) for c in position)


def _pebbling_grundy(graph, k, position, max_positions=DEFAULT_MAX_POSITIONS):
    """Grundy value (int) of a (k+1:k)-pebbling position: counts in vertex order (a list), {vertex: count},
    or the CLI's text "3,1,0" / "v=3,w=1"."""
    return _cgtlab._pebbling_grundy(as_graph(graph), int(k), _position_text(position), _cap(max_positions))[0]


def _pebbling_winning_moves(graph, k, position, max_positions=DEFAULT_MAX_POSITIONS):
    """The moves to a P-position: [(from vertex, to vertex, resulting counts)]."""
    return _cgtlab._pebbling_grundy(as_graph(graph), int(k), _position_text(position), _cap(max_positions))[1]


def _pebbling_mvalue(graph, k, max_total=120, max_positions=DEFAULT_MAX_POSITIONS):
    """m^(k+1:k)(G), the least total from which every position is an N-position: an int, or None when there
    is none up to ``max_total`` (the CLI's `pebbling mvalue`)."""
    return _pebbling_threshold(graph, k, max_total, max_positions)["m"]


def _pebbling_threshold(graph, k, max_total=120, max_positions=DEFAULT_MAX_POSITIONS):
    """The evidence behind mvalue: {'m', 'bound', 'searched_to', 'consequence_holds' (totals m+2r all N,
    m+2r+1 all P, checked), 'nonempty_p_totals', 'layers': [{'total', 'positions', 'p_labelled',
    'p_classes'}]}."""
    spec = graph.to_spec() if isinstance(graph, Graph) else graph if isinstance(graph, str) else as_graph(graph).to_spec()
    return _cgtlab._pebbling_threshold(spec, int(k), int(max_total), _cap(max_positions))


def _pebbling_ppositions(graph, k, total, labelled=False, max_positions=DEFAULT_MAX_POSITIONS):
    """The P-positions with ``total`` pebbles, as tuples of counts in vertex order: one per symmetry
    class, or every labelled one (labelled=True)."""
    return _cgtlab._pebbling_ppositions(as_graph(graph), int(k), int(total), bool(labelled), _cap(max_positions))


def _range(r, name):
    if isinstance(r, int):
        return r, r
    if isinstance(r, range):
        if r.step != 1 or len(r) == 0:
            raise ValueError(f"{name}: a non-empty range with step 1")
        return r.start, r.stop - 1
    lo, hi = r
    return int(lo), int(hi)


def _pebbling_table(n=range(3, 11), k=range(1, 7), max_total=120, max_positions=DEFAULT_MAX_POSITIONS):
    """m^(k+1:k)(K_n) for every n and k (ranges, (lo, hi) pairs inclusive, or ints): a dict {(n, k): m or
    None} -- Table 1 of seed 000 with the defaults (the CLI's `pebbling table`)."""
    n_lo, n_hi = _range(n, "n")
    k_lo, k_hi = _range(k, "k")
    return _cgtlab._pebbling_table(n_lo, n_hi, k_lo, k_hi, int(max_total), _cap(max_positions))


def _pebbling_classify(graph="C4", k=1, max_total=20, max_positions=DEFAULT_MAX_POSITIONS):
    """The (2:1) game on C4 by the residue classes of Table 5 of seed 000, checked against the search on every
    position up to ``max_total``: {'positions', 'mismatches', 'partition_failures', 'first_mismatch',
    'cells': [{'y', 'x', 'table5', 'positions', 'p_positions', 'mismatches'}], 'text'}."""
    return _cgtlab._pebbling_classify(as_graph(graph), int(k), int(max_total), _cap(max_positions))


def _pebbling_outcomes(graph, k, max_total, max_positions=DEFAULT_MAX_POSITIONS):
    """Outcomes of every position with at most ``max_total`` pebbles from one layered search: an object
    whose ``is_p(counts)`` answers at once (for pictures of P-positions)."""
    return _cgtlab._PebblingOutcomes(as_graph(graph), int(k), int(max_total), _cap(max_positions))


def _pebbling_moves(graph, k, position, max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_moves("pebbling", {"graph": _spec(graph), "k": int(k), "position": _position_text(position)},
                          max_positions)


def _pebbling_tree(graph, k, position, depth=3, max_nodes=200, format="dot", max_positions=DEFAULT_MAX_POSITIONS):
    return _explore_tree("pebbling", {"graph": _spec(graph), "k": int(k), "position": _position_text(position)},
                         depth, max_nodes, format, max_positions)


_document(_pebbling_moves, _MOVES_DOC, "pebbling", True)
_document(_pebbling_tree, _TREE_DOC, "pebbling", True)
pebbling = _NS(grundy=_pebbling_grundy, moves=_pebbling_moves, tree=_pebbling_tree, winning_moves=_pebbling_winning_moves, mvalue=_pebbling_mvalue,
               threshold=_pebbling_threshold, ppositions=_pebbling_ppositions, table=_pebbling_table,
               classify=_pebbling_classify, outcomes=_pebbling_outcomes,
               __doc__="The (k+1:k)-pebbling game (seed 000): a move takes k+1 pebbles from a vertex and puts k "
               "on a neighbour.")


def verify(source=None, id=None, deep=False):
    """Runs the seed papers' claims (`cgtlab verify`): a list of dicts with 'id', 'source', 'item',
    'statement', 'range', 'status' ('PASS', 'FAIL' or 'ERRATUM'), 'detail', 'seconds', ... ``source``:
    '000'..'004'; ``id``: a prefix of claim ids. Ctrl-C stops after the running claim."""
    return _cgtlab._verify(source or "", id or "", bool(deep))
