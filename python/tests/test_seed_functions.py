"""The seed games' functions (pebbling, blocking search/atlas, coins algorithm, kayles moves,
verify): the CLI's answers (same library code) and, where cheap, a second route through the
user-defined-game engine with the rules written here in Python."""
import itertools
import json
import os
import random
import subprocess
from fractions import Fraction

import pytest

import cgtlab
from cgtlab import Game

BUILD = os.path.join(os.path.dirname(cgtlab.__file__), "..", "..")
CLI = os.path.join(BUILD, "cgtlab")
needs_cli = pytest.mark.skipif(not os.path.exists(CLI), reason="needs the CLI in the build directory")


def cli_json(*args):
    p = subprocess.run([CLI, *args, "--json"], capture_output=True, text=True)
    assert p.returncode in (0, 1), p.stderr
    return json.loads(p.stdout)


# --- (k+1:k)-pebbling, written here from the rules of seed 000 ---------------------------------

def pebbling_rules(graph, k):
    g = cgtlab.as_graph(graph)
    nbrs = {v: set() for v in range(g.order)}
    for u, v in g.edges:
        nbrs[u].add(v)
        nbrs[v].add(u)

    def options(p):  # take k+1 pebbles from a vertex, put k on a neighbour
        out = []
        for u in range(len(p)):
            if p[u] >= k + 1:
                for v in nbrs[u]:
                    q = list(p)
                    q[u] -= k + 1
                    q[v] += k
                    out.append(tuple(q))
        return out
    return g, options


def compositions(total, parts):
    for cuts in itertools.combinations(range(total + parts - 1), parts - 1):
        prev, out = -1, []
        for c in cuts + (total + parts - 1,):
            out.append(c - prev - 1)
            prev = c
        yield tuple(out)


@needs_cli
def test_pebbling_grundy_matches_cli_and_callbacks():
    for graph, k, pos in [("K3", 2, [5, 1, 0]), ("C4", 1, [3, 0, 2, 1]), ("P4", 1, [4, 0, 0, 3]),
                          ("Petersen", 2, [3] + [0] * 8 + [4])]:
        text = ",".join(map(str, pos))
        want = cli_json("pebbling", "grundy", "--graph", graph, "--k", str(k), "--position", text)
        assert cgtlab.pebbling.grundy(graph, k, pos) == want["grundy"]
        assert cgtlab.pebbling.grundy(graph, k, text) == want["grundy"]
        moves = cgtlab.pebbling.winning_moves(graph, k, pos)
        assert [(a, b, ",".join(map(str, r))) for a, b, r in moves] == \
            [(m["from"], m["to"], m["result"]) for m in want["winning_moves"]]
        _, options = pebbling_rules(graph, k)
        assert cgtlab.grundy(tuple(pos), options=options) == want["grundy"]  # a second route
    assert cgtlab.pebbling.grundy("C4", 1, {"0": 3, "2": 1}) == cgtlab.pebbling.grundy("C4", 1, [3, 0, 1, 0])
    with pytest.raises(ValueError):
        cgtlab.pebbling.grundy("C4", 0, [1, 0, 0, 0])
    with pytest.raises(ValueError):
        cgtlab.pebbling.grundy("C4", 1, [1, 0])


def test_ppositions_by_brute_force():
    for graph, k, total in [("C4", 1, 6), ("P4", 1, 7), ("K4", 2, 9)]:
        g, options = pebbling_rules(graph, k)
        brute = {p for p in compositions(total, g.order) if cgtlab.grundy(p, options=options) == 0}
        assert set(cgtlab.pebbling.ppositions(graph, k, total, labelled=True)) == brute
        classes = cgtlab.pebbling.ppositions(graph, k, total)
        assert set(classes) <= brute and len(classes) <= len(brute)
        assert (len(classes) == 0) == (len(brute) == 0)


def test_mvalue_by_brute_force():
    # m(G): the least total m such that every position of total m is an N-position; then totals
    # m + 2r are all N and m + 2r + 1 all P (seed 000, Section 1). Checked position by position.
    for graph, k in [("K3", 1), ("K3", 2), ("K2,2", 1)]:
        g, options = pebbling_rules(graph, k)
        m = cgtlab.pebbling.mvalue(graph, k, max_total=40)
        if m is None:  # then every total up to the bound has a P-position
            assert all(any(cgtlab.grundy(p, options=options) == 0 for p in compositions(t, g.order))
                       for t in range(13)), graph
            continue
        grundies = {t: [cgtlab.grundy(p, options=options) for p in compositions(t, g.order)] for t in range(m + 6)}
        all_n = {t: all(v != 0 for v in vs) for t, vs in grundies.items()}
        assert all_n[m] and not any(all_n[t] for t in range(m)), graph
        for t in range(m, m + 6):
            assert all_n[t] if (t - m) % 2 == 0 else all(v == 0 for v in grundies[t]), (graph, t)
        ev = cgtlab.pebbling.threshold(graph, k, max_total=40)
        assert ev["m"] == m and ev["consequence_holds"]


@needs_cli
def test_mvalue_and_table_match_cli():
    for graph, k, bound in [("K4", 1, 60), ("C5", 1, 24), ("K4", 3, 60)]:
        want = cli_json("pebbling", "mvalue", "--graph", graph, "--k", str(k), "--max-total", str(bound))["m"]
        assert cgtlab.pebbling.mvalue(graph, k, max_total=bound) == want
    table = cgtlab.pebbling.table(n=range(3, 8), k=range(1, 5))
    rows = cli_json("pebbling", "table", "--n", "3..7", "--k", "1..4")["rows"]
    assert {(r["n"], k): m for r in rows for k, m in zip(range(1, 5), r["m"])} == table
    # Table 1 of seed 000 is cgtlab verify's claim 000.Table1; the module's table is the same cells
    assert cgtlab.pebbling.table(n=(3, 4), k=2) == {(3, 2): table[(3, 2)], (4, 2): table[(4, 2)]}
    with pytest.raises(ValueError):
        cgtlab.pebbling.table(n=range(3, 10, 2))


def test_threshold_and_table_refuse_a_negative_bound():
    # Both go through one options helper (threshold_options in bindings.cpp), which checks the bound
    for call in (lambda: cgtlab.pebbling.threshold("K4", 1, max_total=-1),
                 lambda: cgtlab.pebbling.table(n=range(3, 5), k=range(1, 3), max_total=-1)):
        with pytest.raises(ValueError, match="max_total must be non-negative"):
            call()


@needs_cli
def test_classify_c4():
    c = cgtlab.pebbling.classify("C4", 1, max_total=14)
    want = cli_json("pebbling", "classify", "--graph", "C4", "--k", "1", "--max-total", "14")
    assert c["mismatches"] == want["mismatches"] == 0
    assert c["positions"] == want["positions"] == sum(1 for t in range(15) for _ in compositions(t, 4))
    assert [(x["y"], x["x"], x["table5"], x["positions"], x["p_positions"]) for x in c["cells"]] == \
        [(x["y"], x["x"], x["table5"], x["positions"], x["p_positions"]) for x in want["cells"]]
    assert sum(x["positions"] for x in c["cells"]) == c["positions"]
    with pytest.raises(ValueError):
        cgtlab.pebbling.classify("C5", 1, 10)


def test_outcomes_agree_with_grundy():
    out = cgtlab.pebbling.outcomes("C4", 1, 16)
    rng = random.Random(0)
    for _ in range(60):
        p = [rng.randint(0, 4) for _ in range(4)]
        assert out.is_p(p) == (cgtlab.pebbling.grundy("C4", 1, p) == 0), p
    with pytest.raises(ValueError):
        out.is_p([9, 9, 0, 0])  # beyond max_total


# --- BLOCKING PEBBLES ----------------------------------------------------------------------

@needs_cli
def test_blocking_search_and_atlas_match_cli():
    r = cgtlab.blocking.search("T3", "1/4", 6)
    want = cli_json("blocking", "search", "--graph", "T3", "--max-pebbles", "6", "--value", "1/4")
    assert r["pebbles"] == want["pebbles"] and r["examples"] == want["examples"]
    assert r["found"] == want["found"] and r["positions"] == want["positions"]
    for p in r["examples"]:  # a second look: each position found has the value
        assert cgtlab.blocking.value("T3", p) == Game("1/4")
    atlas = cgtlab.blocking.atlas("T3", 4)
    want = cli_json("blocking", "search", "--graph", "T3", "--max-pebbles", "4", "--atlas")["values"]
    assert [(str(e["value"]), e["count"], e["min_pebbles"], e["example"]) for e in atlas] == \
        [(e["value"], e["count"], e["min_pebbles"], e["example"]) for e in want]
    none = cgtlab.blocking.search("T3", "*7", 3)
    assert none["pebbles"] is None and none["examples"] == []


def plain(x):
    """A moves/tree result as the CLI's JSON prints it (Games as CGSuite text)."""
    if isinstance(x, Game):
        return str(x)
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    return x


EXPLORED = [
    ("pebbling", lambda: cgtlab.pebbling.moves("C4", 1, [3, 0, 2, 1]),
     lambda: cgtlab.pebbling.tree("C4", 1, [3, 0, 2, 1], format="dict"),
     ["--graph", "C4", "--k", "1", "--position", "3,0,2,1"]),
    ("blocking", lambda: cgtlab.blocking.moves("OutStar2", {"1": (1, 0, 0), "2": (0, 1, 1)}),
     lambda: cgtlab.blocking.tree("OutStar2", "1=1/0/0,2=0/1/1", format="dict"),
     ["--graph", "OutStar2", "--pebbles", "1=1/0/0,2=0/1/1"]),
    ("coins", lambda: cgtlab.coins.moves("1011"), lambda: cgtlab.coins.tree("1011", format="dict"), ["1011"]),
    ("wak", lambda: cgtlab.wak.moves("P4", [2, 1, 1, 3]), lambda: cgtlab.wak.tree("P4", "2,1,1,3", format="dict"),
     ["--graph", "P4", "--weights", "2,1,1,3"]),
    ("arckayles", lambda: cgtlab.arckayles.moves("Grid2x3"), lambda: cgtlab.arckayles.tree("Grid2x3", format="dict"),
     ["--graph", "Grid2x3"]),
    ("nodekayles", lambda: cgtlab.nodekayles.moves("P5"), lambda: cgtlab.nodekayles.tree("P5", format="dict"),
     ["--graph", "P5"]),
    ("rooks", lambda: cgtlab.rooks.moves("3x3", holes=["b2"]), lambda: cgtlab.rooks.tree("3x3", holes=["b2"], format="dict"),
     ["--board", "3x3", "--holes", "b2"]),
]


@needs_cli
@pytest.mark.parametrize("game,moves,tree,flags", EXPLORED, ids=[e[0] for e in EXPLORED])
def test_moves_and_tree_match_cli(game, moves, tree, flags):
    want = cli_json(game, "moves", *flags)
    got = plain(moves())
    for key in ("game", "impartial", "position", "args", "value", "outcome", "moves", "winning_moves"):
        assert got[key] == want[key], key
    assert got["moves"], "a position with moves"
    # the options' values give the position's value by the definition {L | R} (second look)
    if not got["impartial"]:
        m = moves()
        left = [x["value"] for x in m["moves"] if x["player"] == "left"]
        right = [x["value"] for x in m["moves"] if x["player"] == "right"]
        assert Game.from_options(left, right) == m["value"]
    else:
        values = {x["grundy"] for x in got["moves"]}
        assert got["grundy"] == min(set(range(len(values) + 1)) - values)  # mex
    want = cli_json(game, "tree", *flags)
    t = plain(tree())
    assert t["tree"] == want["tree"] and t["truncated"] == want["truncated"]
    dot = subprocess.run([CLI, game, "tree", *flags, "--dot"], capture_output=True, text=True, check=True).stdout
    assert getattr(cgtlab, game).tree(*_tree_args(game)) == dot


def _tree_args(game):
    return {"pebbling": ("C4", 1, [3, 0, 2, 1]), "blocking": ("OutStar2", "1=1/0/0,2=0/1/1"), "coins": ("1011",),
            "wak": ("P4", [2, 1, 1, 3]), "arckayles": ("Grid2x3",), "nodekayles": ("P5",),
            "rooks": ("3x3", ["b2"])}[game]


def test_tree_errors():
    with pytest.raises(ValueError):
        cgtlab.blocking.tree("T3", {"2": (1, 1, 0)}, max_nodes=0)
    with pytest.raises(ValueError):
        cgtlab.coins.tree("1011", format="png")


# --- FLIPPING COINS, Kayles, verify ----------------------------------------------------------

@needs_cli
def test_coins_algorithm_terms_match_cli():
    line = "1001111011011011101110011"  # the worked example of seed 003
    r = cgtlab.coins.algorithm(line, trace=True)
    want = cli_json("coins", "algorithm", line, "--trace")
    assert str(Game(r["value"])) == want["value"]
    assert [(t["Q"], t["p"], t["q"], str(Game(t["exponent"]))) for t in r["terms"]] == \
        [(t["Q"], t["p"], t["q"], t["exponent"]) for t in want["terms"]]
    assert r["value"] == cgtlab.coins.value(line)  # the search route agrees with the algorithm


def test_kayles_moves_are_the_options():
    for spec in ["P6", "C5", "Grid2x3"]:
        moves = cgtlab.nodekayles.moves(spec)["moves"]
        g = cgtlab.nodekayles.grundy(spec)
        values = {m["grundy"] for m in moves}
        assert g == min(set(range(len(values) + 1)) - values)  # mex of the options
        for m in moves:  # each option's value by the search engine on the graph left
            assert m["grundy"] == cgtlab.nodekayles.grundy(m["result"]) if m["result"] != "K0" else m["grundy"] == 0
        assert sorted(cgtlab.nodekayles.winning_moves(spec)) == sorted(m["move"] for m in moves if m["grundy"] == 0)


@needs_cli
def test_kayles_lookup_reads_what_a_saved_table_proves(tmp_path):
    # A run capped with root rounds leaves a table and FILE.rounds; the lookup gives what the CLI's
    # --lookup-only gives (nothing searched), and the rounds file's options, each named by a move.
    for game, name in ((cgtlab.arckayles, "arckayles"), (cgtlab.nodekayles, "nodekayles")):
        tt = str(tmp_path / (name + ".tt"))
        board = "Grid5x7" if name == "arckayles" else "Grid5x11"
        subprocess.run([CLI, name, "grundy", "--graph", board, "--value-only", "--root-rounds", "4096",
                        "--max-positions", "150000", "--table", tt], capture_output=True)
        assert os.path.exists(tt + ".rounds"), name
        want = cli_json(name, "grundy", "--graph", board, "--lookup-only", "--table", tt)
        got = game.lookup(board, table=tt)
        assert got["grundy"] is None and got["grundy"] == want["grundy"], (got, want)
        assert got["witnesses"] == {w["value"]: w["move"] for w in want["witnesses"]}, (got, want)
        assert got["rounds"] == want["rounds"] and got["loaded"] == want["loaded"]["nimbers"] > 0, (got, want)
        lines = open(tt + ".rounds").read().splitlines()
        assert len(got["rounds"]["options"]) == len(lines) - 2 >= 1, (got, lines)
        assert all(o["move"] for o in got["rounds"]["options"]), got
        # Finished: the table holds the nimber, the search's.
        subprocess.run([CLI, name, "grundy", "--graph", board, "--value-only", "--table", tt], capture_output=True, check=True)
        done = game.lookup(board, table=tt)
        assert done["grundy"] == game.grundy(board) and done["rounds"] is None, done
    with pytest.raises(ValueError):
        cgtlab.arckayles.lookup("Grid5x7", table=str(tmp_path / "none.tt"))
    with pytest.raises(ValueError):
        cgtlab.arckayles.lookup("Grid5x7")


def test_kayles_witnesses_are_moves_to_options_of_their_values():
    for game in (cgtlab.arckayles, cgtlab.nodekayles):
        for spec in ["Grid3x5", "Grid4x4", "C7", "Petersen"]:
            g = game.grundy(spec)
            w = game.witnesses(spec)
            assert set(range(g)) <= set(w) and g not in w, (spec, g, w)  # connected, unsimplified: all below
            values = {m["move"]: m["grundy"] for m in game.moves(spec)["moves"]}
            for value, move in w.items():
                assert values[move] == value, (spec, move, value)


@needs_cli
def test_verify_matches_cli():
    got = cgtlab.verify(source="004")
    want = cli_json("verify", "--source", "004")["claims"]
    assert [(c["id"], c["status"]) for c in got] == [(c["id"], c["status"]) for c in want]
    assert all(c["status"] in ("PASS", "ERRATUM") for c in got)
    assert [c["id"] for c in cgtlab.verify(id="000.T1a")] == ["000.T1a"]
    with pytest.raises(ValueError):
        cgtlab.verify(source="999")
