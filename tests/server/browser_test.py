"""The explorer page as a person uses it, in Debian's Chromium (headless, driven over the DevTools
protocol): from a running `cgtlab serve` it builds BLOCKING PEBBLES on T3 with the pebbles of seed
004's -9^ example by typing and clicking, reads the value off the page, checks the analysis (mean,
temperature) against `cgtlab analyze` and that the thermograph picture loaded, opens the game tree
(its children are the moves, winning ones marked) and a child, plays a winning move and checks the
new value against the CLI, undoes and redoes by keyboard, lets the engine move (one of Left's
options, a winning one if any); picks FLIPPING COINS from the menu by keyboard and plays a line;
draws a path for Arc-Kayles by clicks, then a grid, and plays a winning move to a P-position. All at
1280x800 and at a 390x844 phone viewport (no wider than the screen), with a screenshot of each.
usage: browser_test.py path/to/cgtlab [screenshot dir]
Missing Chromium or python3-websocket is a failure (scripts/install-deps installs them)."""
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from serve_common import Server, cli_json  # noqa: E402

cgtlab = os.path.abspath(sys.argv[1])
shots = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(cgtlab), "explorer-screenshots")
os.makedirs(shots, exist_ok=True)
try:
    import websocket  # python3-websocket
except ImportError:
    # Debian's module lives in the system Python; another python3 first on PATH (pyenv) lacks it.
    if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and os.path.exists("/usr/bin/python3"):
        os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
    sys.exit("FAIL: python3-websocket is not installed (scripts/install-deps installs it)")
browser = shutil.which("chromium") or shutil.which("chromium-browser")
if browser is None:
    sys.exit("FAIL: chromium is not installed (scripts/install-deps installs it)")


class CDP:
    """The DevTools protocol over one WebSocket: commands by id; page errors collected."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.errors = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        self.ws.send(json.dumps(msg))
        while True:
            m = json.loads(self.ws.recv())
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            if m.get("method") == "Runtime.exceptionThrown":
                self.errors.append(m["params"]["exceptionDetails"].get("exception", {}).get("description", str(m)))
            if m.get("method") == "Log.entryAdded" and m["params"]["entry"].get("level") == "error":
                self.errors.append(m["params"]["entry"].get("text"))


class Page:
    def __init__(self, cdp, session):
        self.cdp, self.session = cdp, session

    def send(self, method, params=None):
        return self.cdp.send(method, params, self.session)

    def js(self, expr):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait(self, expr, what, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self.js(expr):
                    return
            except RuntimeError:  # the page is between documents (navigating)
                pass
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what} ({expr}); status: {self.text('#status')!r}; "
                             f"analysis: {(self.text('#analysis') or '')[:300]!r}")

    def navigate(self, url):
        """Open url and wait until its first refresh is done (not the old document's)."""
        try:
            self.js("window.__old_document = true")
        except RuntimeError:
            pass
        self.send("Page.navigate", {"url": url})
        self.wait("!window.__old_document && " + LOADED, f"the page {url} to load")

    def ready_mark(self):
        return self.js("(document.body && document.body.dataset.ready) || ''")

    def wait_ready(self, before):
        """Until the page has finished the refresh started after `before` (and no newer one runs)."""
        self.wait(f"document.body && document.body.dataset.ready !== {json.dumps(before)} && "
                  "document.body.dataset.ready === String(seq)",
                  "the page to finish computing")

    def center(self, selector):
        xy = self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: 'center', inline: 'center'}});
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()""")
        if xy is None:
            raise AssertionError(f"no element {selector}")
        return xy

    def click_at(self, x, y):
        self.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.send("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1})
        self.send("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x, "y": y, "button": "left", "clickCount": 1})

    def click(self, selector):
        self.click_at(*self.center(selector))

    def key(self, key, code=None, vk=None, text=None):
        p = {"key": key, "code": code or key, "windowsVirtualKeyCode": vk or ord(key.upper()[0])}
        if text:
            p["text"] = text
        self.send("Input.dispatchKeyEvent", {"type": "keyDown", **p})
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", **p})

    def enter(self):
        self.key("Enter", "Enter", 13, "\r")

    def type_into(self, selector, text):
        """Click the field, select what it holds, type the text, press Enter."""
        self.click(selector)
        self.js(f"document.querySelector({json.dumps(selector)}).select()")
        self.send("Input.insertText", {"text": text})
        self.enter()

    def text(self, selector):
        return self.js(f"(document.querySelector({json.dumps(selector)}) || {{}}).textContent")

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))


# The page has loaded and finished its first refresh (document.body is null while a navigation starts).
LOADED = "document.body && document.body.dataset.ready && document.body.dataset.ready === String(seq)"


def check(cond, what):
    if not cond:
        raise AssertionError(what)


def args_of(page):
    return page.js("JSON.stringify(state.args)") and json.loads(page.js("JSON.stringify(state.args)"))


def grundy_on_page(page):
    m = re.search(r"Grundy (\d+)", page.text("#value") or "")
    return int(m.group(1)) if m else None


def first_winning(page, player=None):
    sel = "#moves tr.winning" + (f"[data-player={player}]" if player else "")
    info = page.js(f"""(() => {{ const r = document.querySelector({json.dumps(sel)}); if (!r) return null;
        r.querySelector('button.play').dataset.testTarget = '1';
        return {{move: r.dataset.move, after: r.querySelector('td.after').textContent}}; }})()""")
    check(info is not None, f"a winning move is highlighted ({sel})")
    return info


def play_marked(page):
    before = page.ready_mark()
    page.click("button.play[data-test-target='1']")
    page.wait_ready(before)


def blocking_flow(page, url, tag):
    page.navigate(url + "/?game=blocking&graph=DP3&pebbles=empty")
    before = page.ready_mark()
    page.type_into("#f-graph", "T3")
    page.wait_ready(before)
    check(page.js("model.names.length === 3 && model.edges.length === 3 && model.directed"), "T3 drawn: 3 vertices, 3 arcs")
    page.click("#canvas g.vertex[data-vertex='2']")
    page.wait("!document.getElementById('inspector').hidden", "the vertex inspector")
    for colour, n in (("blue", "1"), ("red", "4")):
        before = page.ready_mark()
        page.type_into(f"#pebble-{colour}", n)
        page.wait_ready(before)
    check(page.js("document.getElementById('f-pebbles').value") == "2=1/4/0",
          f"pebbles field reads 2=1/4/0, got {page.js('document.getElementById(`f-pebbles`).value')}")
    want = cli_json(cgtlab, "blocking", "value", "--graph", "T3", "--pebbles", "2=1/4/0")["value"]
    check(want == "-9^", f"the CLI gives -9^ (seed 004), got {want}")
    check(page.text("#value") == want, f"page value {page.text('#value')!r}, CLI {want!r}")
    check(page.text("#outcome").startswith("R"), f"outcome R, got {page.text('#outcome')}")
    # The analysis: the mean as `cgtlab analyze` gives it, and the thermograph drawn (an image that loaded).
    page.wait("(() => { const t = document.getElementById('thermograph'); "
              "return !!t && t.complete && t.naturalWidth > 100 && t.naturalHeight > 100; })()",
              "the thermograph picture")
    an = cli_json(cgtlab, "analyze", "--", want)
    check(page.text("#an-mean") == an["mean"] and page.text("#an-temperature") == an["temperature"],
          f"analysis: page mean {page.text('#an-mean')!r} temperature {page.text('#an-temperature')!r}, "
          f"CLI {an['mean']!r} {an['temperature']!r}")
    check(want in page.js("document.getElementById('thermograph').alt"), "the thermograph is of the value")
    check(page.js("decodeURIComponent(document.getElementById('thermograph').src).includes('<line')"),
          "the thermograph picture has lines")
    # The game tree: open the root, its children are the moves (winning ones marked); open a child.
    moves = json.loads(page.js("JSON.stringify(report.moves.map(m => [m.move, m.winning]))"))
    page.click("#tree > details > summary")
    page.wait(f"document.querySelectorAll('#tree > details > details').length === {len(moves)}",
              f"the tree root to open on its {len(moves)} moves")
    kids = json.loads(page.js("JSON.stringify([...document.querySelectorAll('#tree > details > details > summary')]"
                              ".map(s => [s.textContent, s.classList.contains('win')]))"))
    for (m, win), (label, marked) in zip(moves, kids):
        check(f" {m} " in f" {label} " and win == marked, f"tree child {label!r} (win {marked}) for move {m} (win {win})")
    page.click("#tree > details > details > summary")
    page.wait("document.querySelectorAll('#tree > details > details:first-of-type > details, "
              "#tree > details > details:first-of-type > div').length > 0", "a tree child to open")
    # Right wins (R): play Right's first winning move.
    move = first_winning(page, "right")
    play_marked(page)
    args = args_of(page)
    after = cli_json(cgtlab, "blocking", "value", "--graph", args["graph"], "--pebbles", args["pebbles"])["value"]
    check(page.text("#value") == move["after"] == after,
          f"after {move['move']}: page {page.text('#value')!r}, listed {move['after']!r}, CLI {after!r}")
    # Undo and redo from the keyboard.
    page.js("document.activeElement.blur()")
    before = page.ready_mark()
    page.key("u")
    page.wait_ready(before)
    check(page.text("#value") == want, f"undo gives back {want}, got {page.text('#value')}")
    before = page.ready_mark()
    page.key("r")
    page.wait_ready(before)
    check(page.text("#value") == after, f"redo gives {after}, got {page.text('#value')}")
    check("cgtlab blocking moves --graph" in page.text("#cli"), "the equivalent CLI command is shown")
    # Engine move: Left is to move now; the engine plays one of Left's moves (a winning one if any).
    check(page.text("#turn").startswith("Left"), f"Left to move after Right's move, page says {page.text('#turn')!r}")
    lefts = json.loads(page.js("JSON.stringify(report.moves.filter(m => m.player === 'left'))"))
    check(lefts, "Left has moves")
    before = page.ready_mark()
    page.click("#engine")
    page.wait_ready(before)
    args2 = args_of(page)
    after2 = cli_json(cgtlab, "blocking", "value", "--graph", args2["graph"], "--pebbles", args2["pebbles"])["value"]
    pick = next((m for m in lefts if m["args"] == args2), None)
    check(pick is not None, f"the engine's move leads to one of Left's options, got {args2}")
    check(pick["winning"] or not any(m["winning"] for m in lefts), f"the engine played {pick['move']}, not a winning move")
    check(page.text("#value") == pick["value"] == after2,
          f"after the engine's {pick['move']}: page {page.text('#value')!r}, listed {pick['value']!r}, CLI {after2!r}")
    page.screenshot(os.path.join(shots, f"blocking-{tag}.png"))
    return (f"blocking T3 2=1/4/0 = {want} (mean {an['mean']}, thermograph drawn, tree {len(moves)} moves); "
            f"Right plays {move['move']} -> {after}; undo/redo; engine (Left) plays {pick['move']} -> {after2}")


def coins_flow(page, url, tag):
    # Pick the game from the menu by keyboard (focus it, type the first letter), as a person would.
    page.navigate(url + "/")
    check(page.js("document.getElementById('game').value") == "blocking", "the page opens on BLOCKING PEBBLES")
    before = page.ready_mark()
    page.js("document.getElementById('game').focus()")
    page.key("f", "KeyF", 70, "f")
    page.wait_ready(before)
    check(page.js("state.game") == "coins" and page.js("!!document.getElementById('f-line')"),
          f"picking FLIPPING COINS in the menu gives the coins fields, state.game = {page.js('state.game')!r}")
    before = page.ready_mark()
    page.type_into("#f-line", "1011101")
    page.wait_ready(before)
    want = cli_json(cgtlab, "coins", "value", "1011101")["value"]
    check(page.text("#value") == want, f"coins 1011101: page {page.text('#value')!r}, CLI {want!r}")
    check(page.js("document.querySelectorAll('#coins .coin').length") == 7, "seven coins drawn")
    move = first_winning(page, "left")
    play_marked(page)
    line = args_of(page)["line"]
    after = cli_json(cgtlab, "coins", "value", line)["value"]
    check(page.text("#value") == move["after"] == after,
          f"after {move['move']}: page {page.text('#value')!r}, listed {move['after']!r}, CLI {after!r}")
    page.screenshot(os.path.join(shots, f"coins-{tag}.png"))
    return f"coins 1011101 = {want}; Left plays {move['move']} -> {line} = {after}"


def arckayles_flow(page, url, tag):
    page.navigate(url + "/?game=arckayles&graph=K0")
    # Draw the path 0-1-2-3 with the mouse: four clicks on empty canvas, then three edges.
    box = page.js("(() => { const c = document.getElementById('canvas'); c.scrollIntoView({block: 'center'}); "
                  "const r = c.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()")
    for i in range(4):
        before = page.ready_mark()
        page.click_at(box[0] + box[2] * (0.15 + 0.23 * i), box[1] + box[3] * (0.3 + 0.15 * (i % 2)))
        page.wait_ready(before)
    for u, v in ((0, 1), (1, 2), (2, 3)):
        page.click(f"#canvas g.vertex[data-vertex='{u}']")
        before = page.ready_mark()
        page.click(f"#canvas g.vertex[data-vertex='{v}']")
        page.wait_ready(before)
    spec = page.js("document.getElementById('f-graph').value")
    check(spec == "0-1,1-2,2-3", f"the drawn path's spec is 0-1,1-2,2-3, got {spec!r}")
    want = cli_json(cgtlab, "arckayles", "grundy", "--graph", spec)["grundy"]
    check(grundy_on_page(page) == want, f"P4 drawn: page {page.text('#value')!r}, CLI grundy {want}")
    # A grid typed in.
    before = page.ready_mark()
    page.type_into("#f-graph", "Grid3x4")
    page.wait_ready(before)
    want = cli_json(cgtlab, "arckayles", "grundy", "--graph", "Grid3x4")["grundy"]
    check(grundy_on_page(page) == want, f"Grid3x4: page {page.text('#value')!r}, CLI grundy {want}")
    move = first_winning(page)
    play_marked(page)
    graph = args_of(page)["graph"]
    after = cli_json(cgtlab, "arckayles", "grundy", "--graph", graph)["grundy"]
    check(after == 0 and grundy_on_page(page) == 0 and page.text("#outcome").startswith("P"),
          f"after the winning move {move['move']}: page {page.text('#value')!r}, CLI grundy {after} on {graph}")
    page.screenshot(os.path.join(shots, f"arckayles-{tag}.png"))
    return f"Arc-Kayles Grid3x4 = *{want}; plays {move['move']} -> grundy {after}"


srv = Server(cgtlab, "--quiet")
profile = tempfile.mkdtemp(prefix="cgtlab-chromium-")
chrome = subprocess.Popen([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                           "--no-first-run", "--no-default-browser-check", "--remote-debugging-port=0",
                           "--remote-allow-origins=*", f"--user-data-dir={profile}", "about:blank"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
failed = []
try:
    ws_url = None
    end = time.monotonic() + 60
    while time.monotonic() < end:
        line = chrome.stderr.readline()
        if not line and chrome.poll() is not None:
            break
        m = re.search(r"DevTools listening on (ws://\S+)", line)
        if m:
            ws_url = m.group(1)
            break
    if ws_url is None:
        sys.exit("FAIL: chromium did not start (no DevTools address)")
    cdp = CDP(ws_url)
    for width, height in ((1280, 800), (390, 844)):
        target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = cdp.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(cdp, session)
        page.send("Runtime.enable")
        page.send("Log.enable")
        page.send("Page.enable")
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
        tag = f"{width}x{height}"
        for flow in (blocking_flow, coins_flow, arckayles_flow):
            t0 = time.monotonic()
            try:
                print(f"{tag} {flow.__name__}: {flow(page, srv.url, tag)} ({time.monotonic() - t0:.1f} s)")
            except (AssertionError, RuntimeError) as e:
                failed.append(f"{tag} {flow.__name__}: {e}")
                print(f"FAIL: {tag} {flow.__name__}: {e}", file=sys.stderr)
                page.screenshot(os.path.join(shots, f"FAILED-{flow.__name__}-{tag}.png"))
        # On a phone a page wider than the screen is zoomed out (innerWidth grows with it), so
        # compare with the viewport's own width.
        wide = page.js("document.documentElement.scrollWidth")
        if wide > width:
            failed.append(f"{tag}: the page is {wide} px wide, wider than the {width} px viewport")
        cdp.send("Target.closeTarget", {"targetId": target})
    if cdp.errors:
        failed.append(f"JavaScript errors on the page: {cdp.errors[:5]}")
finally:
    chrome.terminate()
    try:
        chrome.wait(10)
    except subprocess.TimeoutExpired:
        chrome.kill()
        chrome.wait()
    shutil.rmtree(profile, ignore_errors=True)
    srv.stop()
if failed:
    print("\n".join(failed), file=sys.stderr)
    sys.exit(1)
print(f"browser test: OK (screenshots in {shots})")
