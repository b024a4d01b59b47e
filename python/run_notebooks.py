"""Executes every notebook in a directory headless (nbclient, Debian's python3-nbclient) and fails
when a cell fails. Used by ctest (test `notebooks`) and so by ./test.sh.

    PYTHONPATH=build/python python3 python/run_notebooks.py notebooks [--timeout 300]

The notebooks in the repository are stored without outputs; this never writes them back
(pass --output DIR to keep the executed copies)."""
import argparse
import os
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("directory")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per cell")
    ap.add_argument("--output", help="write the executed notebooks here")
    a = ap.parse_args()
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # the kernel runs in the notebook's directory: make PYTHONPATH absolute
    os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p)
    books = sorted(pathlib.Path(a.directory).glob("*.ipynb"))
    if not books:
        print(f"run_notebooks: no notebooks in {a.directory}", file=sys.stderr)
        return 2
    failed = 0
    for path in books:
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(nb, timeout=a.timeout, kernel_name="python3",
                                resources={"metadata": {"path": str(path.parent)}})
        t0 = time.monotonic()
        try:
            client.execute()
            status = "ok"
        except CellExecutionError as e:
            failed += 1
            status = "FAILED\n" + str(e)[-3000:]
        except Exception as e:  # a kernel that dies or a timeout
            failed += 1
            status = f"FAILED ({type(e).__name__}: {e})"
        print(f"{path.name}: {time.monotonic() - t0:.1f} s {status}", flush=True)
        if a.output:
            os.makedirs(a.output, exist_ok=True)
            nbformat.write(nb, os.path.join(a.output, path.name))
    print(f"{len(books)} notebooks, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
