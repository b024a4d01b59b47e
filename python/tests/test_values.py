"""The Game API: construction, notation round trip, arithmetic, order, errors, caps."""
from fractions import Fraction

import pytest

import cgtlab
from cgtlab import Game


def test_construction_and_str():
    assert str(Game("{1|*} + ^ + *2")) == str(Game("{1|*}") + Game("^") + Game("*2"))
    assert str(Game(3)) == "3"
    assert str(Game(Fraction(-3, 8))) == "-3/8"
    assert str(Game("{0|}")) == "1"
    assert Game() == Game(0)
    assert Game(10**30) - Game(10**30 - 1) == Game(1)


def test_repr_round_trips():
    for text in ["0", "*", "^*", "{0||0|-2}", "+-1", "3/4", "-5", "{1|*}", "^<2>"]:
        g = Game(text)
        assert eval(repr(g), {"cgtlab": cgtlab}) == g


def test_arithmetic():
    assert Game("*") + Game("*") == 0
    assert Game("^") - Game("^") == Game(0)
    assert -Game("^") == Game("v")
    assert Game(1) + 1 == Game(2)
    assert 1 + Game(Fraction(1, 2)) == Game(Fraction(3, 2))
    assert Game(Fraction(1, 2)) + Game(Fraction(1, 2)) == Game(1)
    assert Game("{1|-1}") + Game("{1|-1}") == 0


def test_order_and_confusion():
    up, star = Game("^"), Game("*")
    assert up > 0 and up >= 0 and not up < 0 and 0 < up
    # confused: both < and > false
    assert not (star < 0) and not (star > 0) and not (star <= 0) and not (star >= 0) and star != 0
    assert star.confused_with(0)
    assert cgtlab.compare(star, 0) == "||"
    assert cgtlab.compare(up, 0) == ">"
    assert cgtlab.compare("-1", "v") == "<"
    assert cgtlab.compare("*+*", 0) == "="
    assert Game("+-1") != 0 and cgtlab.compare("+-1", "*") == "||"


def test_hash_and_dict():
    d = {Game("*"): 1, Game("^"): 2}
    assert d[Game("*2") + Game("*3")] == 1
    assert d[Game("{0|*}")] == 2
    assert len({Game(1), Game("{0|}"), Game(Fraction(2, 2))}) == 1


def test_outcome_and_options():
    assert Game(0).outcome == "P"
    assert Game("*").outcome == "N"
    assert Game(1).outcome == "L"
    assert Game(-1).outcome == "R"
    g = Game("{1|-1}")
    assert g.left_options == (Game(1),)
    assert g.right_options == (Game(-1),)
    assert Game("*").left_options == (Game(0),)
    assert Game.from_options([1], [-1]) == g
    assert Game.from_options([0], []) == Game(1)


def test_properties():
    g = Game("{2|-1}")
    assert g.left_stop == 2 and g.right_stop == -1
    assert Game("*3").is_nimber and Game("*3").is_impartial
    assert Game(Fraction(5, 4)).is_number and not Game("^").is_number
    assert Game("{0||0|-2}").birthday == 4  # -2: 2, {0|-2}: 3


def test_ordinal_sum():
    assert Game(1).ordinal_sum(1) == Game(2)
    assert Game(1).ordinal_sum(-1) == Game(Fraction(1, 2))
    assert Game("*").ordinal_sum("*") == Game("*2")


def test_conversions():
    assert int(Game(7)) == 7
    assert int(Game("*5")) == 5
    assert Game(Fraction(-3, 8)).to_fraction() == Fraction(-3, 8)
    assert int(Game(-(10**25))) == -(10**25)
    with pytest.raises(ValueError):
        int(Game(Fraction(1, 2)))
    with pytest.raises(ValueError):
        int(Game("^"))
    with pytest.raises(ValueError):
        Game("^").to_fraction()


def test_bad_input():
    for bad in ["{1|", "**", "1/3", "", "{|}}", "hello"]:
        with pytest.raises(ValueError):
            Game(bad)
    with pytest.raises(ValueError):
        Game(Fraction(1, 3))
    with pytest.raises(TypeError):
        Game(0.5)
    with pytest.raises(TypeError):
        Game([1])
    with pytest.raises(ValueError):
        cgtlab.compare("{", "0")


def test_cap_reached_is_an_exception_class():
    assert issubclass(cgtlab.CapReached, Exception)
    with pytest.raises(cgtlab.CapReached):
        cgtlab.grundy(0, options=lambda n: [n + 1], max_positions=1000)
