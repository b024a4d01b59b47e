#!/usr/bin/env python3
"""Calling overhead of the Python module: Game sum and comparison per call, and Domineering
through Python callbacks. Run: PYTHONPATH=build/python /usr/bin/python3 bench/python_overhead.py"""
import time
import timeit

import cgtlab
from cgtlab import Game


def per_call(stmt, env, number=200_000):
    best = min(timeit.repeat(stmt, globals=env, number=number, repeat=5))
    return best / number * 1e6


def domineering(rows, cols):
    cells = frozenset((r, c) for r in range(rows) for c in range(cols))

    def moves(free, dr, dc):
        return [free - {(r, c), (r + dr, c + dc)} for (r, c) in free if (r + dr, c + dc) in free]
    return cells, (lambda f: moves(f, 1, 0)), (lambda f: moves(f, 0, 1))


def main():
    a, b = Game("{2|-1}"), Game("{1|*}")
    x, y = Game("^*"), Game(3)
    a + b, a < b  # memoized in C++ from now on: what remains is the calling cost
    env = dict(a=a, b=b, x=x, y=y, cgtlab=cgtlab)
    print(f"empty python call (baseline): {per_call('abs(1)', env):.3f} us")
    print(f"Game sum, general (memoized):  {per_call('a + b', env):.3f} us")
    print(f"Game sum, x+n.^+*m:            {per_call('x + y', env):.3f} us")
    print(f"Game <, general (memoized):    {per_call('a < b', env):.3f} us")
    print(f"Game ==:                       {per_call('a == b', env):.3f} us")
    print(f"cgtlab.compare:                {per_call('cgtlab.compare(a, b)', env):.3f} us")
    for n in (3, 4):
        cells, left, right = domineering(n, n)
        t0 = time.perf_counter()
        v = cgtlab.canonical_form(cells, left=left, right=right)
        print(f"Domineering {n}x{n} through callbacks: {v}  {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
