"""The value analysis on Game: the properties named as `cgtlab analyze --json` names them, the
same answers as the CLI (same library code), and checks by a second route (sums and stops)."""
import json
import os
import subprocess
from fractions import Fraction

import pytest

import cgtlab
from cgtlab import Game

BUILD = os.path.join(os.path.dirname(cgtlab.__file__), "..", "..")
CLI = os.path.join(BUILD, "cgtlab")

GAMES = ["0", "*", "^", "^*", "{0||0|-2}", "+-1", "3/4", "-5", "{1|*}", "^<2>", "{3|1||-2}", "{2|1}",
         "{5|{3|1}}", "+-{2|0}", "*3+^^", "{1/2|-1/4}", "{0,*|0}", "{^|v}"]


def as_json(v):
    """A Python analysis value as the CLI's JSON prints it."""
    if isinstance(v, (Game, cgtlab.Thermograph)):
        return str(v)
    if isinstance(v, tuple):
        return [as_json(x) for x in v]
    return v


@pytest.mark.skipif(not os.path.exists(CLI), reason="needs the CLI in the build directory")
@pytest.mark.parametrize("text", GAMES)
def test_every_property_equals_the_cli(text):
    cli = json.loads(subprocess.run([CLI, "analyze", text, "--json"], check=True, capture_output=True,
                                    text=True).stdout)
    assert cli.pop("command") == "analyze" and cli.pop("expression") == text
    cli.pop("game")
    cli.pop("seconds")
    assert set(cli) == set(cgtlab.ANALYSIS_KEYS)  # the same names, none missing
    mine = Game(text).analysis()
    for key in cgtlab.ANALYSIS_KEYS:
        assert as_json(mine[key]) == cli[key], key


def test_types():
    g = Game("{3|1||-2}")
    assert isinstance(g.mean, Game) and isinstance(g.temperature, Game)
    assert isinstance(g.stop_count, int) and isinstance(g.follower_count, int)
    assert isinstance(g.is_odd, bool)
    assert isinstance(g.incentives, tuple) and all(isinstance(x, Game) for x in g.incentives)
    assert g.atomic_weight is None and not g.is_atomic
    assert Game("^").atomic_weight == 1 and Game("^").is_atomic
    assert Game("^^*").uptimal_expansion is not None and Game("+-1").uptimal_expansion is None
    assert len(g.followers) == g.follower_count
    assert g.value is not None and g.value == g


def test_mean_and_temperature_by_a_second_route():
    # Mean value theorem (Winning Ways ch. 6; Siegel, CGT, Thm II.5.x): for every n,
    # n.m(G) - t(G) <= R(nG) <= L(nG) <= n.m(G) + t(G) -- sums and stops only, no thermograph.
    for text in ["{3|1||-2}", "+-1", "{5|{3|1}}", "{1/2|-1/4}", "{2|1}", "{1|*}"]:
        g = Game(text)
        m, t = g.mean.to_fraction(), g.temperature.to_fraction()
        total = Game(0)
        for n in range(1, 7):
            total = total + g
            assert n * m - max(t, 0) <= total.right_stop.to_fraction() <= total.left_stop.to_fraction() \
                <= n * m + max(t, 0), (text, n)


def test_cooling_freezing_and_switches():
    for x in [1, Fraction(1, 2), 3]:
        sw = Game("+-" + str(x))
        assert sw.temperature == Game(x)
        assert sw.mean == 0
        assert sw.cool(x) == Game("*") and sw.freeze == Game("*")  # +-x cooled by x is {0|0}
    for text in ["{3|1||-2}", "{5|{3|1}}", "{1/2|-1/4}"]:
        g = Game(text)
        assert g.cool(g.temperature) == g.freeze
    assert Game(5).temperature == -1 and Game(Fraction(3, 4)).temperature == Game(Fraction(-1, 4))
    assert Game("^*").temperature == 0
    assert Game(2).heat("*") == Game(2)
    with pytest.raises(ValueError):
        Game("+-1").cool(-2)


def test_thermograph_object():
    t = Game("{3|1||-2}").thermograph
    assert str(t) == "Thermograph(0,[2,1],[0,-1,0],0,[2],[0,1])"  # CGSuite's text, as the CLI prints
    assert t.temperature == 2 and t.mast == 0
    left, right = t.left_wall, t.right_wall
    assert left.critical_points == (2, 1) and left.slopes == (0, -1, 0)
    # at temperature 0 the walls are the stops; below 0 they run on to t = -1
    assert left.value_at(0) == 1 and right.value_at(0) == -2 and right.value_at(-1) == -3
    assert left.value_at(Fraction(3, 2)) == Fraction(1, 2)
    assert left.value_at(10) == right.value_at(10) == 0
    assert "<svg" in t.svg("title")
    with pytest.raises(ValueError):
        left.value_at(-2)
    # the walls at t = 0 are the stops, for every game
    for text in GAMES:
        g = Game(text)
        th = g.thermograph
        assert th.left_wall.value_at(0) == g.left_stop.to_fraction(), text
        assert th.right_wall.value_at(0) == g.right_stop.to_fraction(), text
        assert th.left_wall.mast == th.right_wall.mast == g.mean.to_fraction()


def test_followers_cap():
    g = Game("{3|1||-2}")
    assert g.followers_up_to(3) == g.followers[:3]


def test_thermograph_plot_headless():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    Game("{3|1||-2}").thermograph.plot(ax=ax)
    xs = [x for line in ax.get_lines() for x in line.get_xdata()]
    assert min(xs) == -3 and max(xs) == 1  # the walls run from the stops (t = 0) on to t = -1
    plt.close(fig)
