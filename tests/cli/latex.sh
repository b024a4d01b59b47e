#!/usr/bin/env bash
# LaTeX and Markdown output for papers and pages, as a user runs it: values (`value`, `compare`,
# `blocking value --format latex`), every table command's `--format latex` and `--format markdown`
# (analyze, verify, pebbling table, classify, grundy, ppositions and mvalue, the BLOCKING PEBBLES
# atlas with and without --analyze, the sweeps, <game> moves, <game> grundy, coins value and
# algorithm, store list and export) and `tree --tikz`.
# Always: structure (one booktabs tabular per table, balanced braces and $, every row as many
# cells as columns), row counts equal to the JSON output's, and each cell equal to what the JSON
# gives (values through `cgtlab value --format latex`, whose spelling is fixed here and in
# tests/cgt/latex_test.cpp). When pdflatex is installed (scripts/install-deps --with-latex), each
# output is also compiled in a minimal document with -halt-on-error; a broken document must fail
# to compile, so the compile check can fail.
set -u
cgtlab=${1:?usage: latex.sh /path/to/cgtlab}
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

run() {  # run NAME ARGS...: stdout into $tmp/NAME; a failure when the exit code is not 0
  local name=$1; shift
  "$cgtlab" "$@" >"$tmp/$name" 2>"$tmp/$name.err" || fail "cgtlab $* exited $?: $(head -c 300 "$tmp/$name.err")"
}

expect_out() {  # expect_out EXPECTED ARGS...
  local want=$1; shift
  local got rc
  got=$("$cgtlab" "$@" 2>/dev/null); rc=$?
  [[ $rc -eq 0 && "$got" == "$want" ]] || fail "cgtlab $* -> '$got' (exit $rc), want '$want'"
}

expect_exit2() {  # expect_exit2 ARGS...: one line on stderr, nothing on stdout, exit 2
  local out err rc
  err=$("$cgtlab" "$@" 2>&1 >/dev/null); rc=$?
  out=$("$cgtlab" "$@" 2>/dev/null)
  if [[ $rc -ne 2 || -n "$out" || $(printf '%s\n' "$err" | wc -l) -ne 1 ]]; then
    fail "cgtlab $* -> exit $rc, stdout '$out', stderr '$err'; want exit 2 and one error line"
  fi
}

# ---- values ---------------------------------------------------------------------------------
expect_out '$\ast$' value '*' --format latex
expect_out '$\ast 2$' value '*2' --format latex
expect_out '$\uparrow\ast$' value '^*' --format latex
expect_out '$\Uparrow$' value '^^' --format latex
expect_out '$\uparrow{\times}3$' value '^^^' --format latex
expect_out '$\pm 1$' value '{1|-1}' --format latex
expect_out '$\frac{3}{4}$' value '1/2+1/4' --format latex
expect_out '$-\frac{1}{2}\uparrow$' value '-1/2+^' --format latex
expect_out '$\{3 \mid 1 \mid\mid -2\}$' value '{3|1||-2}' --format latex
expect_out '$\{1\uparrow\ast 2 \mid \uparrow\ast 3\}$' value '{1|*} + ^ + *2' --format latex
expect_out '$\mathrm{Tiny}(2)$' value '{0||0|-2}' --format latex
expect_out '$\uparrow^{[4]}$' value '^ + ^<2> + ^<3> + ^<4>' --format latex
expect_out '$-9\uparrow$' blocking value --graph T3 --pebbles 2=1/4/0 --format latex
# --json is unchanged and the same as --format json
[[ "$("$cgtlab" value '^*' --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["value"], d["outcome"])')" == "^* N" ]] ||
  fail "value --json changed"
[[ "$("$cgtlab" value '^*' --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')" == "^*" ]] ||
  fail "value --format json"
expect_out '^*' value '^*' --format text

# ---- tables: each output next to its JSON ------------------------------------------------------
run analyze.tex analyze '{3||2|1}' --format latex
run analyze.json analyze '{3||2|1}' --json
run analyze_up.tex analyze '^*' --format latex
run analyze_up.json analyze '^*' --json
run table.tex pebbling table --n 3..6 --k 1..3 --max-total 40 --format latex
run table.json pebbling table --n 3..6 --k 1..3 --max-total 40 --json
run classify.tex pebbling classify --graph C4 --k 1 --max-total 10 --format latex
run classify.json pebbling classify --graph C4 --k 1 --max-total 10 --json
run atlas.tex blocking search --graph T3 --max-pebbles 2 --atlas --format latex
run atlas.json blocking search --graph T3 --max-pebbles 2 --atlas --json
run heat.tex blocking search --graph T3 --max-pebbles 2 --atlas --analyze --format latex
run heat.json blocking search --graph T3 --max-pebbles 2 --atlas --analyze --json
run sweep.tex sweep pebbling --n 3..5 --k 1..2 --max-total 30 --format latex
run sweep.json sweep pebbling --n 3..5 --k 1..2 --max-total 30 --json
run cram.tex sweep cram --rows 2 --cols 1..5 --format latex
run cram.json sweep cram --rows 2 --cols 1..5 --json
run tree.tex blocking tree --graph T3 --pebbles 2=1/1/0 --depth 2 --tikz
run moves.tex blocking moves --graph T3 --pebbles 2=1/4/0 --format latex
run moves.json blocking moves --graph T3 --pebbles 2=1/4/0 --json
run moves_imp.tex arckayles moves --graph P5 --format latex
run moves_imp.json arckayles moves --graph P5 --json
run value_analyze.tex blocking value --graph T3 --pebbles 2=1/4/0 --analyze --format latex
# Markdown of the tables above: the same tables (checked below against the LaTeX ones)
run analyze.md analyze '{3||2|1}' --format markdown
run table.md pebbling table --n 3..6 --k 1..3 --max-total 40 --format markdown
run classify.md pebbling classify --graph C4 --k 1 --max-total 10 --format markdown
run heat.md blocking search --graph T3 --max-pebbles 2 --atlas --analyze --format markdown
run sweep.md sweep pebbling --n 3..5 --k 1..2 --max-total 30 --format markdown
run cram.md sweep cram --rows 2 --cols 1..5 --format markdown
run moves.md blocking moves --graph T3 --pebbles 2=1/4/0 --format markdown
run moves_imp.md arckayles moves --graph P5 --format markdown
# every other command that prints a table: LaTeX and Markdown next to the JSON
both() {  # both STEM ARGS...: STEM.tex, STEM.md and STEM.json
  local stem=$1; shift
  run "$stem.tex" "$@" --format latex
  run "$stem.md" "$@" --format markdown
  run "$stem.json" "$@" --json
}
both verify verify --source 004 --id 004.L
both verify_list verify --list --source 002
both pgrundy pebbling grundy --graph K3 --k 1 --position 3,1,0
both ppos pebbling ppositions --graph C4 --k 1 --total 6
both mvalue pebbling mvalue --graph K4 --k 1 --max-total 40
both mvalue_none pebbling mvalue --graph C4 --k 1 --max-total 12
both coins coins value 011101 1001
both coins_alg coins algorithm 1001111011011011101110011
both wak wak grundy --graph 0-1,1-2,2-2 --weights 3,2,5
both arc arckayles grundy --graph P6 --move-values
both node nodekayles grundy --graph C7
both rooks rooks grundy --board 3x4 --holes b2
"$cgtlab" sweep pebbling --n 3..4 --k 1 --max-total 30 --store "$tmp/store.db" >/dev/null 2>&1 || fail "sweep --store"
both store_list store list --store "$tmp/store.db"
run store_export.tex store export --store "$tmp/store.db" --format latex
run store_export.md store export --store "$tmp/store.db" --format markdown
run store_export.json store export --store "$tmp/store.db" --json
expect_out '$\uparrow = \uparrow$' compare '{0|*}' '^' --format latex   # canonical forms
expect_out '$\pm 1 \parallel 0$' compare '{1|-1}' '0' --format latex
expect_out '$\ast \parallel 0$' compare '*' '0' --format latex
expect_out '$\frac{1}{2} > \uparrow$' compare '1/2' '^' --format latex
expect_out '$-1 < \ast$' compare '-1' '*' --format latex
expect_out '=' compare '{0|*}' '^' --format text
# --format json is --json on the commands that gained --format
for args in "rooks grundy --board 3x4" "pebbling grundy --graph K3 --position 3,1,0" "coins algorithm 10011" \
            "verify --list --source 001" "compare ^ 1/2"; do
  a=$("$cgtlab" $args --json | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("seconds",None); print(json.dumps(d))')
  b=$("$cgtlab" $args --format json | python3 -c 'import json,sys; d=json.load(sys.stdin); d.pop("seconds",None); print(json.dumps(d))')
  [[ -n "$a" && "$a" == "$b" ]] || fail "cgtlab $args: --format json differs from --json"
done

cat > "$tmp/check.py" <<'PY'
# check.py CGTLAB DIR: the structure of every table and its cells against the JSON.
import json, re, subprocess, sys
cgtlab, d = sys.argv[1], sys.argv[2]
failures = []
def fail(msg): failures.append(msg)

cache = {}
def latex_of(value):  # the engine's value, in LaTeX, through the value command
    if value in cache: return cache[value]
    out = subprocess.run([cgtlab, "value", value, "--format", "latex"], capture_output=True, text=True)
    if out.returncode != 0: fail(f"value {value!r} --format latex exited {out.returncode}")
    cache[value] = out.stdout.strip()
    return cache[value]

def balanced(text, where):
    plain = re.sub(r"\\(\\|[{}$%&#_])", "", text)  # \\ and escaped characters are not delimiters
    depth = 0
    for c in plain:
        depth += (c == "{") - (c == "}")
        if depth < 0: return fail(f"{where}: '}}' before its '{{' in {text!r}")
    if depth: fail(f"{where}: unbalanced braces in {text!r}")
    if plain.count("$") % 2: fail(f"{where}: odd number of $ in {text!r}")

def tables(name):
    """The tabulars of a file: [(columns, header cells, [row cells])]; checks their structure."""
    text = open(f"{d}/{name}").read()
    lines = [l for l in text.split("\n") if l and not l.startswith("%")]
    if text.count("\\begin{tabular}") != text.count("\\end{tabular}"): fail(f"{name}: begin/end tabular differ")
    out, i = [], 0
    while i < len(lines):
        m = re.fullmatch(r"\\begin\{tabular\}\{([lcr]+)\}", lines[i])
        if not m:
            fail(f"{name}: unexpected line {lines[i]!r}"); i += 1; continue
        cols = len(m.group(1))
        end = lines.index("\\end{tabular}", i)
        body = lines[i + 1:end]
        if body[:1] != ["\\toprule"] or body[2:3] != ["\\midrule"] or body[-1:] != ["\\bottomrule"]:
            fail(f"{name}: not toprule, header, midrule, rows, bottomrule: {body[:3]} ... {body[-1:]}")
        rows = []
        for l in [body[1]] + body[3:-1]:
            if not l.endswith(" \\\\"): fail(f"{name}: row without \\\\: {l!r}"); continue
            balanced(l, name)
            cells = [c.strip() for c in re.split(r"(?<!\\)&", l[:-3])]
            if len(cells) != cols: fail(f"{name}: {len(cells)} cells for {cols} columns: {l!r}")
            rows.append(cells)
        out.append((cols, rows[0] if rows else [], rows[1:]))
        i = end + 1
    return out

def load(name): return json.load(open(f"{d}/{name}"))
def math(s): return f"${s}$"

# analyze: a row per property; the values are the JSON's
for stem in ["analyze", "analyze_up"]:
    (t,) = tables(f"{stem}.tex")
    j = load(f"{stem}.json")
    cell = {r[0]: r[1] for r in t[2]}
    if len(t[2]) != 18: fail(f"{stem}: {len(t[2])} rows, want 18")
    for key, name in [("value", "value"), ("left_stop", "left stop"), ("right_stop", "right stop"), ("mean", "mean"),
                      ("temperature", "temperature"), ("reduced_canonical_form", "reduced canonical form"),
                      ("companion", "companion"), ("freeze", "freeze")]:
        if cell.get(name) != latex_of(j[key]): fail(f"{stem}: {name} {cell.get(name)!r} != {latex_of(j[key])!r} ({j[key]})")
    for key, name in [("left_options", "left options"), ("right_options", "right options")]:
        want = "$" + ",\\ ".join(latex_of(v)[1:-1] for v in j[key]) + "$" if j[key] else "---"
        if cell.get(name) != want: fail(f"{stem}: {name} {cell.get(name)!r} != {want!r}")
    if cell.get("outcome") != f"$\\mathcal{{{j['outcome']}}}$": fail(f"{stem}: outcome {cell.get('outcome')}")
    if cell.get("birthday") != math(j["birthday"]): fail(f"{stem}: birthday {cell.get('birthday')}")
    if cell.get("followers") != math(j["follower_count"]): fail(f"{stem}: followers {cell.get('followers')}")

# pebbling table: a row per n, a column per k, m or empty
(t,) = tables("table.tex")
j = load("table.json")
if len(t[2]) != len(j["rows"]): fail(f"table: {len(t[2])} rows, JSON {len(j['rows'])}")
if t[1][1:] != [math(k) for k in j["k_values"]]: fail(f"table: header {t[1]}")
for row, jr in zip(t[2], j["rows"]):
    want = [math(jr["n"])] + ["" if m is None else math(m) for m in jr["m"]]
    if row != want: fail(f"table: row {row} != {want}")
if not any(m is not None for jr in j["rows"] for m in jr["m"]): fail("table: no cell has a value (test too weak)")

# classify: Table 5's layout, 4 rows Y by 5 columns X
(t,) = tables("classify.tex")
j = load("classify.json")
ys = list(dict.fromkeys(c["y"] for c in j["cells"]))
if len(t[2]) != len(ys) or t[0] != 6: fail(f"classify: {len(t[2])} rows x {t[0]} columns, JSON {len(ys)} rows of Y")
for yi, row in enumerate(t[2]):
    for xi in range(5):
        c = j["cells"][yi * 5 + xi]
        want = f"$\\mathcal{{{c['table5']}}}$ ({c['p_positions']}/{c['positions']})"
        if row[1 + xi] != want: fail(f"classify: cell {c['y']},{c['x']}: {row[1 + xi]!r} != {want!r}")

# the atlas: a row per value; with --analyze, a second tabular per pebble count
def check_atlas(name, jname, analyze):
    ts = tables(name)
    j = load(jname)
    if len(ts) != (2 if analyze else 1): return fail(f"{name}: {len(ts)} tabulars")
    rows = ts[0][2]
    if len(rows) != len(j["values"]): fail(f"{name}: {len(rows)} rows, JSON {len(j['values'])}")
    if len(j["values"]) < 5: fail(f"{name}: only {len(j['values'])} values (test too weak)")
    for row, v in zip(rows, j["values"]):
        if row[0] != latex_of(v["value"]): fail(f"{name}: value {row[0]!r} != {latex_of(v['value'])!r} ({v['value']})")
        if row[1:3] != [str(v["count"]), str(v["min_pebbles"])]: fail(f"{name}: counts {row[1:3]} for {v}")
        if analyze and row[5:7] != [latex_of(v["mean"]), latex_of(v["temperature"])]: fail(f"{name}: mean/temperature {row[5:7]}")
    if analyze:
        hot = ts[1][2]
        if len(hot) != len(j["hottest"]): fail(f"{name}: {len(hot)} heat rows, JSON {len(j['hottest'])}")
        for row, h in zip(hot, j["hottest"]):
            if row[0] != str(h["pebbles"]) or row[5] != latex_of(h["value"]) or row[3] != latex_of(h["temperature"]):
                fail(f"{name}: heat row {row} for {h}")
check_atlas("atlas.tex", "atlas.json", False)
check_atlas("heat.tex", "heat.json", True)

# sweep: a row per cell
(t,) = tables("sweep.tex")
j = load("sweep.json")
if len(t[2]) != len(j["cells"]): fail(f"sweep: {len(t[2])} rows, JSON {len(j['cells'])}")
for row, c in zip(t[2], j["cells"]):
    want = [f"$K_{{{c['n']}}}$", math(c["k"]), math(c["m"]) if c.get("m") is not None else row[2]]
    if row != want: fail(f"sweep: row {row} != {want}")

# moves: a row per move (partizan: with the player), the values the JSON's
for stem, partizan in [("moves", True), ("moves_imp", False)]:
    (t,) = tables(f"{stem}.tex")
    j = load(f"{stem}.json")
    if len(t[2]) != len(j["moves"]) or len(j["moves"]) < 3: fail(f"{stem}: {len(t[2])} rows, JSON {len(j['moves'])}")
    for row, m in zip(t[2], j["moves"]):
        if partizan:
            want = [m["player"].capitalize(), "\\texttt{%s}" % m["move"], latex_of(m["value"]), "wins" if m["winning"] else ""]
            got = [row[0], row[1].replace("\\textgreater{}", ">"), row[3], row[4]]
        else:
            g = m["grundy"]
            want = [latex_of("*%d" % g) if g else "$0$", "wins" if m["winning"] else ""]
            got = [row[2], row[3]]
        if got != want: fail(f"{stem}: row {row} for {m}")

# sweep cram: a row per board, the nimbers the JSON's
(t,) = tables("cram.tex")
j = load("cram.json")
if len(t[2]) != len(j["cells"]): fail(f"cram: {len(t[2])} rows, JSON {len(j['cells'])}")
for row, c in zip(t[2], j["cells"]):
    g = c["nimber"]
    want = [f"${c['rows']} \\times {c['cols']}$", latex_of("*%d" % g), "$\\mathcal{%s}$" % ("P" if g == 0 else "N")]
    if row != want: fail(f"cram: row {row} != {want}")
if not any(c["nimber"] for c in j["cells"]) or all(c["nimber"] for c in j["cells"]): fail("cram: want both P and N boards")

# blocking value --analyze: the value, then the analysis tabular
text = open(f"{d}/value_analyze.tex").read().split("\n", 1)
if text[0] != "$-9\\uparrow$": fail(f"blocking value --analyze: first line {text[0]!r}")
open(f"{d}/value_analyze_table.tex", "w").write(text[1])
(t,) = tables("value_analyze_table.tex")
if t[2][0] != ["value", "$-9\\uparrow$"]: fail(f"blocking value --analyze: {t[2][0]}")

# ---- the other table commands, in LaTeX and in Markdown, against their JSON ------------------
def md_tables(name):
    """The pipe tables of a Markdown file: [(columns, header cells, [row cells])], cells with \\| as |."""
    text = open(f"{d}/{name}").read()
    out, cur = [], None
    for l in text.split("\n"):
        if l.startswith("<!-- "):
            if not l.endswith(" -->") or "--" in l[5:-4]: fail(f"{name}: bad comment {l!r}")
            continue
        if not l:
            cur = None
            continue
        if cur is None and not l.startswith("|"): continue  # a paragraph (after a blank line)
        if not (l.startswith("| ") and l.endswith(" |")): fail(f"{name}: not a table row: {l!r}"); continue
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", l[1:-1])]
        if cur is None:
            cur = [len(cells), cells, [], False]
            out.append(cur)
        elif not cur[3]:
            if not all(re.fullmatch(r"(---|---:|:---:)", c) for c in cells): fail(f"{name}: no delimiter row: {l!r}")
            cur[3] = True
        else:
            cur[2].append(cells)
        if len(cells) != cur[0]: fail(f"{name}: {len(cells)} cells for {cur[0]} columns: {l!r}")
    return [(c, h, r) for c, h, r, _ in out]

TEX_ESC = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&", "#": "\\#", "_": "\\_", "%": "\\%",
           "^": "\\textasciicircum{}", "~": "\\textasciitilde{}", "<": "\\textless{}", ">": "\\textgreater{}", "|": "\\textbar{}"}
def tex_escape(s): return "".join(TEX_ESC.get(c, c) for c in s)
def md_escape(s): return "".join("\\" + c if c in "\\*_`<[]" else c for c in s)

class Fmt:  # the expected cell of a kind, in one format
    def __init__(self, tex): self.tex = tex
    def value(self, v): return latex_of(v) if self.tex else f"`{v}`"
    def nimber(self, g): return self.value("*%d" % g if g > 1 else "*" if g == 1 else "0")
    def code(self, s): return ("\\texttt{%s}" % tex_escape(s) if s else "") if self.tex else (f"`{s}`" if s else "")
    def num(self, n): return f"${n}$" if self.tex else str(n)
    def text(self, s): return tex_escape(s) if self.tex else md_escape(s)
    def outcome(self, o): return "$\\mathcal{%s}$" % o if self.tex else o

def formats(stem):
    for ext, f in [("tex", Fmt(True)), ("md", Fmt(False))]:
        ts = tables(f"{stem}.tex") if f.tex else md_tables(f"{stem}.md")
        yield f, ts, f"{stem}.{ext}"

def facts(t, name):
    if t[1] != ["property", "value"]: fail(f"{name}: facts header {t[1]}")
    return {r[0]: r[1] for r in t[2]}

def expect(name, got, want):
    if got != want: fail(f"{name}: {got!r} != {want!r}")

# ---- Markdown: the same tables as the LaTeX, values and positions as code ------------------
for stem in ["analyze", "table", "classify", "heat", "sweep", "cram", "moves", "moves_imp"]:
    tex, md = tables(f"{stem}.tex"), md_tables(f"{stem}.md")
    if [(t[0], len(t[2])) for t in tex] != [(t[0], len(t[2])) for t in md]:
        fail(f"{stem}.md: tables {[(t[0], len(t[2])) for t in md]} != LaTeX {[(t[0], len(t[2])) for t in tex]}")
for stem in ["moves", "moves_imp"]:  # the values are the JSON's, as code
    j = load(f"{stem}.json")
    (t,) = md_tables(f"{stem}.md")
    col = 3 if stem == "moves" else 2
    want = [f"`{m['value']}`" for m in j["moves"]]
    if [r[col] for r in t[2]] != want: fail(f"{stem}.md: values {[r[col] for r in t[2]]} != {want}")
(t,) = md_tables("table.md")
j = load("table.json")
want = [[str(jr["n"])] + ["" if m is None else str(m) for m in jr["m"]] for jr in j["rows"]]
if t[2] != want: fail(f"table.md: {t[2]} != {want}")
j = load("heat.json")
ts = md_tables("heat.md")
if [r[0] for r in ts[0][2]] != [f"`{v['value']}`" for v in j["values"]]: fail(f"heat.md: values {[r[0] for r in ts[0][2]]}")

# verify: a row per claim, in the JSON's order
j = load("verify.json")
if len(j["claims"]) < 3: fail(f"verify: only {len(j['claims'])} claims (test too weak)")
for f, ts, name in formats("verify"):
    (t,) = ts
    expect(f"{name} rows", len(t[2]), len(j["claims"]))
    for row, c in zip(t[2], j["claims"]):
        expect(name, row[:5], [f.code(c["id"]), f.text(c["item"]), f.text(c["statement"]), f.text(c["range"]), f.text(c["status"])])
j = load("verify_list.json")
for f, ts, name in formats("verify_list"):
    (t,) = ts
    expect(f"{name} rows", len(t[2]), len(j["claims"]))
    for row, c in zip(t[2], j["claims"]):
        expect(name, row, [f.code(c["id"]), f.text(c["item"]), f.text(c["statement"]), f.text(c["range"])])

# pebbling grundy: the facts, then the winning moves
j = load("pgrundy.json")
if not j["winning_moves"]: fail("pgrundy: no winning move (test too weak)")
for f, ts, name in formats("pgrundy"):
    if len(ts) != 2: fail(f"{name}: {len(ts)} tables"); continue
    x = facts(ts[0], name)
    expect(name, [x.get("position"), x.get("value"), x.get("outcome"), x.get("winning moves")],
           [f.code(j["position"]), f.nimber(j["grundy"]), f.outcome(j["outcome"]), f.num(len(j["winning_moves"]))])
    expect(name, ts[1][2], [[f.code(m["move"]), f.code(m["result"])] for m in j["winning_moves"]])

# pebbling ppositions: a row per P-position
j = load("ppos.json")
if j["count"] < 2: fail("ppos: fewer than 2 P-positions (test too weak)")
for f, ts, name in formats("ppos"):
    (t,) = ts
    expect(name, [r[1] for r in t[2]], [f.code(",".join(map(str, p))) for p in j["p_positions"]])
    expect(name, [r[0] for r in t[2]], [f.num(i + 1) for i in range(j["count"])])

# pebbling mvalue: m (or none), then a row per layer
for stem in ["mvalue", "mvalue_none"]:
    j = load(f"{stem}.json")
    for f, ts, name in formats(stem):
        if len(ts) != 2: fail(f"{name}: {len(ts)} tables"); continue
        x = facts(ts[0], name)
        expect(name, x.get("m"), f.num(j["m"]) if j["m"] is not None else f.text(f"none up to {j['bound']}"))
        expect(name, x.get("searched to total"), f.num(j["searched_to"]))
        expect(f"{name} layers", len(ts[1][2]), len(j["layers"]))
        for row, l in zip(ts[1][2], j["layers"]):
            expect(name, row[:5], [f.num(l["total"]), f.num(l["positions"]), f.num(l["p_labelled"]), f.num(l["stored"]),
                                   f.outcome(l["stored_side"])])
if load("mvalue.json")["m"] is None or load("mvalue_none.json")["m"] is not None: fail("mvalue: want one m and one none")

# coins value: the sum, each string, the winning moves
j = load("coins.json")
if not j["winning_moves"]: fail("coins: no winning move (test too weak)")
for f, ts, name in formats("coins"):
    if len(ts) != 3: fail(f"{name}: {len(ts)} tables"); continue
    x = facts(ts[0], name)
    expect(name, [x.get("value of the sum"), x.get("outcome")], [f.value(j["value"]), f.outcome(j["outcome"])])
    expect(name, [r[:2] for r in ts[1][2]], [[f.code(s), f.value(v)] for s, v in zip(j["strings"], j["values"])])
    expect(name, ts[2][2], [[f.text(m["player"].capitalize()), f.num(m["string"]), f.code("%d,%d" % tuple(m["coins"])),
                             f.code(m["result"]), f.value(m["value"])] for m in j["winning_moves"]])

# coins algorithm: the facts, the reductions, the terms
j = load("coins_alg.json")
if not j["reductions"] or not j["terms"]: fail("coins_alg: no reduction or term (test too weak)")
for f, ts, name in formats("coins_alg"):
    if len(ts) != 3: fail(f"{name}: {len(ts)} tables"); continue
    x = facts(ts[0], name)
    expect(name, [x.get("string"), x.get("reduced (Step 2)"), x.get("partition (Step 3)"), x.get("value"), x.get("ordinal sum")],
           [f.code(j["string"]), f.code(j["reduced"]), f.code(j["partition"]), f.value(j["value"]), f.code(j["ordinal_sum"])])
    expect(name, ts[1][2], [[f.text(s["rule"]), f.num(s["position"]), f.code(s["before"]), f.code(s["after"])] for s in j["reductions"]])
    expect(name, ts[2][2], [[f.num(i), f.code(t["Q"]), f.num(t["p"]), f.num(t["q"]), f.value(t["exponent"])]
                            for i, t in enumerate(j["terms"])])

# <game> grundy: value, outcome, the moves (with values: wak, --move-values) or the winning moves
for stem, with_values in [("wak", True), ("arc", True), ("node", False), ("rooks", False)]:
    j = load(f"{stem}.json")
    if not j["winning_moves"]: fail(f"{stem}: no winning move (test too weak)")
    for f, ts, name in formats(stem):
        if len(ts) != 2: fail(f"{name}: {len(ts)} tables"); continue
        x = facts(ts[0], name)
        expect(name, [x.get("value"), x.get("outcome"), x.get("winning moves")],
               [f.nimber(j["grundy"]), f.outcome(j["outcome"]), f.num(len(j["winning_moves"]))])
        if with_values:
            expect(name, ts[1][2], [[f.code(m["move"]), f.nimber(m["grundy"]), f.text("wins" if m["grundy"] == 0 else "")]
                                    for m in j["moves"]])
            wins = [m["move"] for m in j["moves"] if m["grundy"] == 0]
            expect(f"{name} wins", wins, [m["move"] for m in j["winning_moves"]])
        else:
            expect(name, ts[1][2], [[f.code(m["move"])] for m in j["winning_moves"]])

# store list and export: a row per record
j = load("store_list.json")
if len(j["records"]) < 2: fail("store: fewer than 2 records (test too weak)")
for f, ts, name in formats("store_list"):
    (t,) = ts
    expect(name, [r[:3] + r[4:5] for r in t[2]],
           [[f.num(r["id"]), f.code(r["command"]), f.code(json.dumps(r["params"], separators=(",", ":"))), f.text(r["status"])]
            for r in j["records"]])
j = load("store_export.json")
for f, ts, name in formats("store_export"):
    (t,) = ts
    expect(f"{name} rows", [r[0] for r in t[2]], [f.num(r["id"]) for r in j["records"]])
    expect(f"{name} columns", t[0], 10)
    expect(name, [r[5] for r in t[2]], [f.code(str(r["answer"]["m"])) for r in j["records"]])

# the TikZ tree: one picture, balanced, every node's value in math mode
tz = open(f"{d}/tree.tex").read()
if tz.count("\\begin{tikzpicture}") != 1 or tz.count("\\end{tikzpicture}") != 1: fail("tree: not one tikzpicture")
for l in tz.split("\n"):
    if not l.startswith("%"): balanced(l, "tree.tex")

for f in failures: print("FAIL:", f)
sys.exit(1 if failures else 0)
PY
python3 "$tmp/check.py" "$cgtlab" "$tmp" || failures=$((failures + 1))

# ---- compiled, when pdflatex is installed ------------------------------------------------------
compile() {  # compile NAME FILE...: the files \input in one minimal document; 0 when it compiles
  local name=$1; shift
  {
    printf '%s\n' '\documentclass{article}' '\usepackage{booktabs}' '\usepackage{tikz}' '\begin{document}'
    for f in "$@"; do printf '\\input{%s}\n\n' "$f"; done
    printf '%s\n' '\end{document}'
  } >"$tmp/$name.doc.tex"
  (cd "$tmp" && pdflatex -halt-on-error -interaction=nonstopmode "$name.doc.tex" >"$name.log" 2>&1) && [[ -s "$tmp/$name.doc.pdf" ]]
}
if command -v pdflatex >/dev/null; then
  for e in '*2' '^*' '^^^' '{1|-1}' '-1/2+^' '{3|1||-2}' '{0||0|-2}' '^ + ^<2>' '{1|*} + ^ + *2'; do
    "$cgtlab" value "$e" --format latex; echo
  done >"$tmp/value.tex"
  for e in "{0|*} ^" "{1|-1} 0" "1/2 ^"; do "$cgtlab" compare $e --format latex; echo; done >"$tmp/compare.tex"
  # one document for all (TikZ loads once); its log names the file of an error
  files=(value.tex analyze.tex table.tex classify.tex atlas.tex heat.tex sweep.tex cram.tex moves.tex moves_imp.tex tree.tex
         value_analyze.tex verify.tex verify_list.tex pgrundy.tex ppos.tex mvalue.tex mvalue_none.tex coins.tex coins_alg.tex
         wak.tex arc.tex node.tex rooks.tex store_list.tex store_export.tex compare.tex)
  compile all "${files[@]}" || fail "pdflatex did not compile the outputs: $(grep -m3 -A2 '^!' "$tmp/all.log")"
  for f in "${files[@]}"; do grep -qF "(./$f" "$tmp/all.log" || fail "pdflatex did not read $f"; done
  printf '%s\n' '\begin{tabular}{ll}' '$\{1 \mid$ & x \\' >"$tmp/broken.tex"  # unclosed: must fail
  compile broken broken.tex && fail "pdflatex compiled a broken table: the compile check cannot fail"
else
  echo "note: pdflatex not installed (scripts/install-deps --with-latex): LaTeX checked structurally only" >&2
fi

# ---- bad input: one line, exit 2 ---------------------------------------------------------------
expect_exit2 value '^' --format tex
expect_exit2 analyze '^' --format csv
expect_exit2 pebbling table --n 3..4 --k 1 --format html
expect_exit2 pebbling classify --graph C4 --max-total 4 --format csv
expect_exit2 blocking search --graph T3 --max-pebbles 2 --value 1 --format latex
expect_exit2 blocking search --graph T3 --max-pebbles 2 --atlas --markdown --format latex
# with --json, the error is also the JSON error object on stdout
for args in "value ^ --json --format latex" "sweep pebbling --n 3 --k 1 --format latex --json"; do
  out=$("$cgtlab" $args 2>/dev/null); rc=$?
  [[ $rc -eq 2 && $out == *'"kind":"input"'* ]] || fail "cgtlab $args -> exit $rc, '$out'; want exit 2 and an input error"
done

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
echo "latex.sh: all passed"
