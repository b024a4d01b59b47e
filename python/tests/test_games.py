"""Graphs and the seed games: the module gives the CLI's answers (same library code)."""
import json
import os
import subprocess
from fractions import Fraction

import pytest

import cgtlab
from cgtlab import Game

BUILD = os.path.join(os.path.dirname(cgtlab.__file__), "..", "..")
CLI = os.path.join(BUILD, "cgtlab")


def cli_json(*args):
    out = subprocess.run([CLI, *args, "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def test_graph_spec_and_bad_spec():
    g = cgtlab.Graph("C4")
    assert g.order == 4 and len(g.edges) == 4 and not g.directed
    assert cgtlab.Graph("T3").directed
    assert cgtlab.Graph(g.to_spec()).edges == g.edges
    with pytest.raises(ValueError):
        cgtlab.Graph("K5,K3")  # a family is not a vertex name (the union is K5+K3)
    assert cgtlab.Graph("K5+K3").order == 8


def test_networkx_round_trip():
    nx = pytest.importorskip("networkx")
    for h in [nx.petersen_graph(), nx.grid_2d_graph(2, 3), nx.path_graph(5), nx.DiGraph([(0, 1), (1, 2), (0, 2)])]:
        g = cgtlab.Graph.from_networkx(h)
        back = g.to_networkx()
        assert back.is_directed() == h.is_directed()
        relabel = {v: str(v) for v in h.nodes()}
        want = nx.relabel_nodes(h, relabel)
        assert set(back.nodes()) == set(want.nodes())
        norm = (lambda es: {tuple(e) for e in es}) if h.is_directed() else (lambda es: {frozenset(e) for e in es})
        assert norm(back.edges()) == norm(want.edges())
    assert cgtlab.Graph("Petersen").to_networkx().number_of_edges() == 15


def test_graph_arguments_three_ways():
    nx = pytest.importorskip("networkx")
    spec = "Grid2x4"
    a = cgtlab.arckayles.grundy(spec)
    assert cgtlab.arckayles.grundy(cgtlab.Graph(spec)) == a
    assert cgtlab.arckayles.grundy(nx.grid_2d_graph(2, 4)) == a


@pytest.mark.skipif(not os.path.exists(CLI), reason="needs the CLI in the build directory")
def test_kayles_and_rooks_match_cli():
    for spec in ["P7", "C9", "Grid3x3", "Petersen", "K2,3"]:
        assert cgtlab.arckayles.grundy(spec) == cli_json("arckayles", "grundy", "--graph", spec)["grundy"]
        assert cgtlab.nodekayles.grundy(spec) == cli_json("nodekayles", "grundy", "--graph", spec)["grundy"]
    assert cgtlab.rooks.grundy("3x4", holes=["b2"]) == cli_json("rooks", "grundy", "--board", "3x4", "--holes", "b2")["grundy"]
    assert cgtlab.wak.grundy("P4", [2, 1, 1, 3]) == cli_json("wak", "grundy", "--graph", "P4", "--weights", "2,1,1,3")["grundy"]


def test_kayles_values():
    # Node-Kayles on a path = Kayles on a heap after the first move...: P1 = *1, P2 = *1, P3 = *2.
    assert [cgtlab.nodekayles.grundy(f"P{n}") for n in (1, 2, 3)] == [1, 1, 2]
    with pytest.raises(ValueError):
        cgtlab.arckayles.grundy("a>b")
    with pytest.raises(cgtlab.CapReached):
        cgtlab.arckayles.grundy("Grid4x7", max_positions=10)


@pytest.mark.skipif(not os.path.exists(CLI), reason="needs the CLI in the build directory")
def test_coins_and_blocking_match_cli():
    for line in ["1", "11", "0111", "1011001", "110101101"]:
        v = cgtlab.coins.value(line)
        assert isinstance(v, Fraction)
        assert Game(v) == Game(cli_json("coins", "value", line)["value"])
        assert cgtlab.coins.algorithm(line)["value"] == v
    with pytest.raises(ValueError):
        cgtlab.coins.value("10a1")
    for pos, spec in [({"0": (1, 0, 0), "2": (0, 2, 0)}, "0=1/0/0,2=0/2/0"), ({"2": (1, 4, 0)}, "2=1/4/0"),
                      ({"1": (2, 0, 1), "0": (0, 1, 0)}, "1=2/0/1,0=0/1/0")]:
        v = cgtlab.blocking.value("T3", pebbles=pos)
        assert isinstance(v, Game)
        assert v == Game(cli_json("blocking", "value", "--graph", "T3", "--pebbles", spec)["value"])
        assert cgtlab.blocking.value("T3", pebbles=spec) == v
        moves = cgtlab.blocking.moves("T3", pos)
        assert moves["value"] == v
        assert Game.from_options([m["value"] for m in moves["moves"] if m["player"] == "left"],
                                 [m["value"] for m in moves["moves"] if m["player"] == "right"]) == v
    assert "digraph" in cgtlab.blocking.tree("T3", {"2": (1, 1, 0)})
    with pytest.raises(ValueError):
        cgtlab.blocking.value("C4", pebbles={"0": (1, 0, 0)})  # not a DAG


def _interrupted(code):
    """Runs code in a child python, sends SIGINT 1 s after the child says it is about to start the
    long call (so a slow import on a loaded machine is never what gets interrupted); returns
    (exit code, stderr, seconds from the signal to the exit)."""
    import signal
    import sys
    import time
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    p = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    t0 = time.monotonic()
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=30)
    return p.returncode, err, time.monotonic() - t0


def test_ctrl_c_stops_a_builtin_search():
    code = ("import cgtlab\n"
            "print('ready', flush=True)\n"
            "try:\n    cgtlab.arckayles.grundy('Grid7x7', max_positions=None)\n"
            "except KeyboardInterrupt:\n    raise SystemExit(42)\n"
            "raise SystemExit(1)\n")
    rc, err, seconds = _interrupted(code)
    assert rc == 42, err
    assert seconds < 10


def test_ctrl_c_stops_a_user_game():
    code = ("import cgtlab\n"
            "print('ready', flush=True)\n"
            "try:\n    cgtlab.grundy(0, options=lambda n: [n + 1, n + 2], max_positions=None)\n"
            "except KeyboardInterrupt:\n    raise SystemExit(42)\n"
            "raise SystemExit(1)\n")
    rc, err, seconds = _interrupted(code)
    assert rc == 42, err
