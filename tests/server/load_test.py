"""Load and abuse test of `cgtlab serve` (docs/explorer.md): 200 concurrent API requests of mixed
size, some stopped by the per-request caps (positions, memory, time), all answered with the right
status; answers equal what the CLI prints with --json; malformed JSON, unknown commands, oversized
bodies and path tricks get 4xx; the server stays up, leaves no child behind, and its memory
returns near its start.   usage: load_test.py path/to/cgtlab"""
import concurrent.futures
import json
import os
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from serve_common import Server, cli_json, without_seconds  # noqa: E402

cgtlab = sys.argv[1]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


# (path, body, expected status, CLI argv for the reference answer or None)
LIGHT = [
    ("value", {"expr": "^+^+*"}, 200, ["value", "--", "^+^+*"]),
    ("value", {"expr": "-1/2"}, 200, ["value", "--", "-1/2"]),
    ("value", {"expr": "{0||0|-2}"}, 200, ["value", "--", "{0||0|-2}"]),
    ("compare", {"G": "{0|*}", "H": "^"}, 200, ["compare", "--", "{0|*}", "^"]),
    ("blocking/value", {"graph": "T3", "pebbles": "2=1/4/0"}, 200,
     ["blocking", "value", "--graph", "T3", "--pebbles", "2=1/4/0"]),
    ("coins/value", {"strings": ["011101", "1001"]}, 200, ["coins", "value", "011101", "1001"]),
    ("arckayles/grundy", {"graph": "Grid3x4"}, 200, None),  # reports its own timing fields
    ("nodekayles/grundy", {"graph": "P12"}, 200, None),
    ("graph/info", {"graph": "Petersen"}, 200, ["graph", "info", "--graph", "Petersen"]),
    ("graph/info", {"graph": "T3", "edges": True}, 200, ["graph", "info", "--graph", "T3", "--edges"]),
    ("rooks/grundy", {"board": "3x4", "holes": "b2"}, 200, None),
    ("wak/grundy", {"graph": "S4", "weights": "5,1,1,1,1"}, 200, None),
    ("analyze", {"expr": "{3||2|1}"}, 200, ["analyze", "--", "{3||2|1}"]),
]
MEDIUM = [
    ("arckayles/grundy", {"graph": "Grid4x4"}, 200, None),
    ("blocking/value", {"graph": "T3", "pebbles": "2=3/3/1"}, 200, None),
    ("coins/value", {"strings": ["1101101110111"]}, 200, None),
]
POSITIONS_CAP = [("blocking/value", {"graph": "T4", "pebbles": "3=6/6/2", "max_positions": 200}, 422, None)]
# The memory cap (a request may lower the server's).
# (K12 k=6 to total 400 peaks near 40 MB; K7 k=5, 24 MB before 2aadbd2, fits in 24 MiB since.)
MEMORY_CAP = [("pebbling/mvalue", {"graph": "K12", "k": 6, "max_total": 400, "max_positions": 0, "max_memory": 16},
               422, None)]
SLOW = [("arckayles/grundy", {"graph": "Grid4x11"}, 422, None)]  # the server's time limit (7 s alone; 6x6, 0.06 s with mirror moves first, was used before)
BAD = [
    ("blocking/value", {"graph": "T3", "pebbles": "2=1/4/x"}, 400, None),
    ("blocking/value", {"graph": "C4", "pebbles": "0=1/0/0"}, 400, None),  # not a DAG
    ("value", {"expr": "{1|"}, 400, None),
    ("value", {"expr": "1", "colour": "red"}, 400, None),
    ("blocking/value", {"graph": 3.5}, 400, None),
    ("pebbling/mvalue", {"graph": "K4", "k": 2, "max_memory": 10 ** 9}, 400, None),
]

mix = MEDIUM * 6 + POSITIONS_CAP * 10 + MEMORY_CAP * 4 + SLOW * 2 + BAD * 3  # 18 + 10 + 4 + 2 + 18
mix += (LIGHT * 20)[:200 - len(mix)]
check(len(mix) == 200, f"200 requests in the mix, got {len(mix)}")

# A sanitized build runs several times slower: CMake scales the time cap (CGTLAB_TIME_SCALE).
request_seconds = 2 * int(os.environ.get("CGTLAB_TIME_SCALE", "1"))
srv = Server(cgtlab, "--quiet", "--jobs", "4", "--threads", "32", "--request-seconds", str(request_seconds),
             "--request-memory", "256", "--max-body", "16384")
try:
    # Warm up (thread pool, first allocations), then the memory at rest.
    for path, body, _, _ in LIGHT:
        srv.post("/api/" + path, body)
    rss_start = srv.rss_kib()

    # The answers are what the CLI prints with --json.
    for path, body, status, argv in LIGHT:
        if argv is None:
            continue
        got_status, got = srv.post("/api/" + path, body)
        want = cli_json(cgtlab, *argv)
        check(got_status == 200 and without_seconds(got) == without_seconds(want),
              f"{path} {body}: API {got_status} {got} != CLI {want}")
    status, j = srv.post("/api/blocking/value", {"graph": "T3", "pebbles": "2=1/4/0"})
    check(j.get("value") == "-9^", f"blocking value T3 2=1/4/0 is -9^ (seed 004), got {j}")
    status, j = srv.post("/api/graph/info", {"graph": "T3", "edges": True})
    check(j.get("edge_list") == [["0", "1"], ["0", "2"], ["1", "2"]] and j.get("names") == ["0", "1", "2"],
          f"graph info --edges on T3 lists the arcs 0>1, 0>2, 1>2: {j}")
    # "format": the command's text output (LaTeX, Markdown, text) as {"format", "output"}, equal to the CLI's.
    for path, body, argv in [
        ("blocking/value", {"graph": "T3", "pebbles": "2=1/4/0", "format": "latex"},
         ["blocking", "value", "--graph", "T3", "--pebbles", "2=1/4/0", "--format", "latex"]),
        ("rooks/grundy", {"board": "2x3", "format": "markdown"}, ["rooks", "grundy", "--board", "2x3", "--format", "markdown"]),
        ("value", {"expr": "^*", "format": "text"}, ["value", "--format", "text", "--", "^*"]),
    ]:
        status, j = srv.post("/api/" + path, body)
        want = subprocess.run([cgtlab, *argv], capture_output=True, text=True, timeout=60).stdout
        check(status == 200 and j == {"format": body["format"], "output": want} and want,
              f"{path} {body}: {status} {j}, CLI {want!r}")
    status, j = srv.post("/api/value", {"expr": "^", "format": "tex"})
    check(status == 400 and j.get("kind") == "input", f"value format tex: {status} {j}")
    status, j = srv.post("/api/graph/info", {"graph": "T3", "format": "latex"})
    check(status == 400 and "unknown key 'format'" in j.get("error", ""), f"graph info has no --format: {status} {j}")

    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=200) as pool:
        futures = [(req, pool.submit(srv.post, "/api/" + req[0], req[1], timeout=120)) for req in mix]
        results = []
        for req, f in futures:
            try:
                results.append((req, f.result()))
            except Exception as e:  # a connection error is a failure, not an answer
                results.append((req, (None, {"exception": repr(e)})))
    elapsed = time.monotonic() - t0
    counts = {}
    for (path, body, want_status, _), (status, j) in results:
        counts[status] = counts.get(status, 0) + 1
        check(status == want_status, f"{path} {body}: status {status}, want {want_status}: {str(j)[:200]}")
        if status is not None and status >= 400:
            check(set(j) >= {"error", "kind", "exit"}, f"{path}: error object {j}")
            check(j.get("kind") == ("cap" if status == 422 else "input"), f"{path}: kind {j.get('kind')} for {status}")
    print(f"200 concurrent requests answered in {elapsed:.1f} s: statuses {counts}")

    # Malformed requests, unknown commands, oversized bodies, path tricks: 4xx, never a crash.
    abuse = [
        ("POST", "/api/value", b"{not json", 400),
        ("POST", "/api/value", b"[1,2,3]", 400),
        ("POST", "/api/value", b"\xff\xfe\x00garbage", 400),
        ("POST", "/api/value", json.dumps({"expr": "1" * 20000}).encode(), 413),
        ("POST", "/api/nosuchcommand", b"{}", 404),
        ("POST", "/api/blocking", b"{}", 404),
        ("POST", "/api/serve", b"{}", 404),
        ("POST", "/api/store/list", b"{}", 404),
        ("POST", "/api/sweep/pebbling", b"{}", 404),
        ("POST", "/api/../../etc/passwd", b"{}", 404),
        ("POST", "/api/%2e%2e/%2e%2e/etc/passwd", b"{}", 404),
        ("POST", "/api/blocking/../value", b"{}", 404),
        ("POST", "/api/value%00", b"{}", 404),
        ("POST", "/api//value", b"{}", 404),
        ("GET", "/../../etc/passwd", None, 404),
        ("GET", "/%2e%2e/%2e%2e/etc/passwd", None, 404),
        ("GET", "/..%2fCMakeLists.txt", None, 404),
        ("GET", "/api/value", None, 404),
        ("DELETE", "/api/value", None, 405),
        ("PUT", "/api/value", b"{}", 405),
        ("POST", "/api/arckayles/grundy", json.dumps({"graph": "K3", "table": "/tmp/x"}).encode(), 400),
        ("POST", "/api/analyze", json.dumps({"expr": "1", "thermograph_svg": "/tmp/x.svg"}).encode(), 400),
        ("POST", "/api/blocking/value", json.dumps({"graph": "--store=/tmp/x"}).encode(), 400),
    ]
    for method, path, raw, want in abuse:
        status, text = srv.request(method, path, raw=raw)
        check(status == want, f"{method} {path}: {status}, want {want}: {text[:150]}")
        check(400 <= status < 500, f"{method} {path}: not 4xx")
    # Bytes that are not HTTP at all.
    s = socket.create_connection((srv.host, srv.port), timeout=10)
    s.sendall(b"\x00\x01GARBAGE / HTTP/9\r\n\r\n")
    reply = s.recv(100)
    s.close()
    check(reply.startswith(b"HTTP/1.1 4"), f"garbage request: {reply!r}")

    # Still alive and correct; no child left; memory back near its start.
    check(srv.alive(), "the server is still running")
    status, j = srv.post("/api/value", {"expr": "^+^+*"})
    check(status == 200 and j.get("value") == "^^*", f"after the load: {status} {j}")
    time.sleep(0.5)
    check(srv.children() == [], f"children left behind: {srv.children()}")
    rss_end = srv.rss_kib()
    print(f"server RSS: {rss_start} KiB at rest before, {rss_end} KiB after")
    check(rss_end <= rss_start + 32 * 1024, f"RSS grew from {rss_start} to {rss_end} KiB")
finally:
    code = srv.stop()
check(code == 0, f"SIGTERM stops the server with exit 0, got {code}")
if failures:
    print(f"{len(failures)} failures", file=sys.stderr)
    sys.exit(1)
print("load test: OK")
