"""User-defined games through callbacks, checked against independent routes."""
import itertools
import random
from fractions import Fraction

import pytest

import cgtlab
from cgtlab import Game


# --- Kayles: heaps of pins; a move removes one or two adjacent pins ------------------------

def kayles_options(heaps):
    out = []
    for i, n in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for take in (1, 2):
            for left in range(0, n - take + 1):
                right = n - take - left
                out.append(tuple(sorted(rest + tuple(h for h in (left, right) if h))))
    return out


def test_kayles_heaps_through_callbacks():
    got = [cgtlab.grundy((n,), options=kayles_options) for n in range(1, 13)]
    # A second route: Kayles is the octal game 0.77, solved by the library's octal engine.
    assert got == cgtlab.octal("0.77", 12)[1:]
    # The published values: Winning Ways (Berlekamp, Conway, Guy), ch. 4, Kayles; OEIS A002186.
    assert got == [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]


def test_octal_games():
    # Dawson's Kayles 0.07 is Arc-Kayles on paths with one more vertex (seed 004): the built-in
    # Arc-Kayles search is a second route.
    assert cgtlab.octal("0.07", 20)[1:] == [cgtlab.arckayles.grundy(f"P{n}") for n in range(1, 21)]
    with pytest.raises(ValueError):
        cgtlab.octal("0.7x", 5)


def test_kayles_components_agree():
    split = lambda heaps: [(h,) for h in heaps]
    for heaps in [(3, 5), (1, 2, 7), (4, 4, 6)]:
        assert (cgtlab.grundy(heaps, options=kayles_options, components=split)
                == cgtlab.grundy(heaps, options=kayles_options))


def test_subtraction_game_and_deep_chain():
    # S = {1, 2, 3}: Grundy value n mod 4; a depth of 20000 needs no recursion.
    opts = lambda n: [n - k for k in (1, 2, 3) if n >= k]
    assert [cgtlab.grundy(n, options=opts) for n in range(12)] == [n % 4 for n in range(12)]
    assert cgtlab.grundy(20000, options=opts) == 0


def test_cycle_is_value_error():
    with pytest.raises(ValueError, match="cycle"):
        cgtlab.grundy("a", options=lambda p: ["b"] if p == "a" else ["a"])
    with pytest.raises(ValueError, match="cycle"):
        cgtlab.canonical_form(0, left=lambda p: [1 - p], right=lambda p: [])


def test_callback_errors_propagate():
    def bad(p):
        raise KeyError("boom")
    with pytest.raises(KeyError):
        cgtlab.grundy(0, options=bad)
    with pytest.raises(TypeError):
        cgtlab.grundy(0, options=lambda p: 5)
    with pytest.raises(TypeError):  # unhashable position
        cgtlab.grundy([1], options=lambda p: [])


# --- Domineering: Left places vertical dominoes, Right horizontal ones ---------------------

def domineering(rows, cols):
    cells = frozenset((r, c) for r in range(rows) for c in range(cols))

    def moves(free, dr, dc):
        return [free - {(r, c), (r + dr, c + dc)} for (r, c) in free if (r + dr, c + dc) in free]
    return cells, (lambda f: moves(f, 1, 0)), (lambda f: moves(f, 0, 1))


def brute_force_canonical(free, left, right, memo):
    """An independent route: {L | R} built bottom-up in Python by Game.from_options."""
    if free in memo:
        return memo[free]
    g = Game.from_options([brute_force_canonical(o, left, right, memo) for o in left(free)],
                          [brute_force_canonical(o, left, right, memo) for o in right(free)])
    memo[free] = g
    return g


def test_domineering_2x2():
    cells, left, right = domineering(2, 2)
    assert cgtlab.canonical_form(cells, left=left, right=right) == Game("+-1")


@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)])
def test_domineering_against_brute_force(rows, cols):
    cells, left, right = domineering(rows, cols)
    engine = cgtlab.canonical_form(cells, left=left, right=right)
    assert engine == brute_force_canonical(cells, left, right, {})


def test_domineering_known_small_values():
    # 1xn rows give Right (horizontal) floor(n/2) moves... as a number: -(n // 2) is not exact in
    # general, but 1x2 = -1 and 2x1 = 1 are.
    c, l, r = domineering(1, 2)
    assert cgtlab.canonical_form(c, left=l, right=r) == -1
    c, l, r = domineering(2, 1)
    assert cgtlab.canonical_form(c, left=l, right=r) == 1


def test_partizan_components():
    # Two independent copies of {1 | -1} added by the engine: 0 after splitting.
    def comps(p):
        return [("g", i) for i in range(p[1])] if p[0] == "sum" else [p]
    left = lambda p: [1] if p == ("g", 0) or p == ("g", 1) else ([] if isinstance(p, int) else [])
    def left(p):
        return [("n", 1)] if p[0] == "g" else ([("n", p[1] - 1)] if p[0] == "n" and p[1] > 0 else [])
    def right(p):
        return [("n", -1)] if p[0] == "g" else ([("n", p[1] + 1)] if p[0] == "n" and p[1] < 0 else [])
    assert cgtlab.canonical_form(("g", 0), left=left, right=right) == Game("+-1")
    assert cgtlab.canonical_form(("sum", 2), left=left, right=right, components=comps) == 0
    assert cgtlab.canonical_form(("sum", 3), left=left, right=right, components=comps) == Game("+-1")


# --- Arc-Kayles through callbacks = the built-in solver ------------------------------------

def arc_kayles_options(edges):
    out = []
    for (u, v) in edges:
        out.append(frozenset(e for e in edges if u not in e and v not in e))
    return out


def test_arc_kayles_callbacks_match_builtin():
    rng = random.Random(15)
    for _ in range(25):
        n = rng.randint(2, 8)
        edges = frozenset((u, v) for u, v in itertools.combinations(range(n), 2) if rng.random() < 0.4)
        if not edges:
            continue
        spec = ",".join(f"{u}-{v}" for u, v in sorted(edges))
        assert cgtlab.grundy(edges, options=arc_kayles_options) == cgtlab.arckayles.grundy(spec), spec


def test_user_game_cap():
    with pytest.raises(cgtlab.CapReached):
        cgtlab.grundy((12,), options=kayles_options, max_positions=5)
