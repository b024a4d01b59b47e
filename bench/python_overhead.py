"""Python calling overhead of cgtlab (issue 15, Speed), and a user-defined game solved through callbacks.

    PYTHONPATH=build/python python3 bench/python_overhead.py

For each operation on Game (sum, <, compare, ==) it times the call from Python (timeit, best of 5)
and the same operation in a C++ loop inside the module (cgtlab._cgtlab._bench_cpp), and prints the
difference: the cost of crossing from Python into C++ (the bar: at most 2 us per call). Then it
solves Domineering 4x4 written in Python (callbacks) and prints the time (the bar: under 10 s).
Figures from a shared machine vary; take the best of several runs."""
import sys
import time
import timeit

import cgtlab
from cgtlab import Game

N = 200_000


def best(stmt, number):
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number * 1e9  # ns per call


def overhead():
    pairs = {
        "small (nus)": (Game("^*"), Game("*3")),
        "general": (Game("{3|1||-2}"), Game("{1|*}") + Game("^")),
    }
    ops = {
        "add": lambda a, b: a + b,
        "lt": lambda a, b: a < b,
        "compare": lambda a, b: cgtlab.compare(a, b),
        "eq": lambda a, b: a == b,
    }
    rows = []
    for kind, (a, b) in pairs.items():
        for op, fn in ops.items():
            fn(a, b)  # memoize first: the figure is the call, not the first computation
            py = best(lambda: fn(a, b), N // 10)
            cpp = min(cgtlab._cgtlab._bench_cpp(a, b, op, N) for _ in range(5))
            rows.append((kind, op, py, cpp, py - cpp))
    print(f"{'games':12} {'op':8} {'Python ns':>10} {'C++ ns':>8} {'overhead ns':>12}")
    for kind, op, py, cpp, over in rows:
        print(f"{kind:12} {op:8} {py:10.0f} {cpp:8.0f} {over:12.0f}")
    worst = max(r[4] for r in rows)
    print(f"worst overhead: {worst / 1000:.2f} us per call (bar: 2 us)")
    return worst


def domineering(rows, cols):
    board = frozenset((r, c) for r in range(rows) for c in range(cols))

    def moves(free, dr, dc):
        return [free - {(r, c), (r + dr, c + dc)} for (r, c) in free if (r + dr, c + dc) in free]
    return board, (lambda f: moves(f, 1, 0)), (lambda f: moves(f, 0, 1))


def pieces(free):
    free, out = set(free), []
    while free:
        stack = [free.pop()]
        comp = set(stack)
        while stack:
            r, c = stack.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in free:
                    free.remove(q)
                    comp.add(q)
                    stack.append(q)
        out.append(frozenset(comp))
    return out


def domineering_4x4():
    print()
    times = {}
    for label, comps in (("callbacks, no components", None), ("callbacks, components=regions", pieces)):
        board, left, right = domineering(4, 4)
        t0 = time.perf_counter()
        g = cgtlab.canonical_form(board, left=left, right=right, components=comps)
        times[label] = time.perf_counter() - t0
        print(f"Domineering 4x4 ({label}): {g}   {times[label]:.2f} s")
    print("(bar: under 10 s; no C++ Domineering ruleset in the library to compare with)")
    return max(times.values())


if __name__ == "__main__":
    worst = overhead()
    slowest = domineering_4x4()
    sys.exit(0 if worst <= 2000 and slowest < 10 else 1)
