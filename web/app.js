// cgtlab explorer: the page talks only to the JSON API (POST /api/<command>), which runs the
// same commands as the CLI. Nothing here knows a game's rules: moves, values and winning
// moves come from `cgtlab <game> moves`; the page draws positions and edits their text forms.
'use strict';

const $ = (id) => document.getElementById(id);
const svgNS = 'http://www.w3.org/2000/svg';

// What the page needs to know about each game: which fields give a position (the command's
// flags, as the API names them) and how to draw it.
const GAMES = {
  blocking: { graph: true, directed: true, partizan: true,
    fields: [['graph', 'graph (a DAG)', 'T3, DP3, OutStar2, a>b,a>c,b>c'],
             ['pebbles', 'pebbles', 'vertex=blue/red/green, e.g. 2=1/4/0; empty']],
    example: { graph: 'T3', pebbles: '2=1/4/0' } },
  coins: { partizan: true, fields: [['line', 'line of coins', '0-1 string, 1 = tails, e.g. 011101']],
    example: { line: '011101' } },
  arckayles: { graph: true, fields: [['graph', 'graph', 'Grid3x4, P8, C5, 0-1,1-2,3 (K0: empty)']],
    example: { graph: 'Grid3x4' } },
  nodekayles: { graph: true, fields: [['graph', 'graph', 'P10, C7, Petersen, 0-1,1-2 (K0: empty)']],
    example: { graph: 'P8' } },
  wak: { graph: true, loops: true,
    fields: [['graph', 'graph', 'S4, P5, 0-1,1-2,2-2 (2-2: a loop)'],
             ['weights', 'counters', '3,1,0 in vertex order, or a=3,b=1']],
    example: { graph: 'S4', weights: '5,1,1,1,1' } },
  pebbling: { graph: true,
    fields: [['graph', 'graph', 'K4, C4, P5, Petersen'], ['k', 'k', 'a move takes k+1, adds k'],
             ['position', 'pebbles', '3,1,0,2 in vertex order, or v=3']],
    example: { graph: 'C4', k: '1', position: '3,1,0,2' } },
  rooks: { fields: [['board', 'board', '3x4, or "3x4 holes a1 rooks b3"'], ['holes', 'holes', 'b2,c3'],
                    ['rooks', 'rooks', 'a1']],
    example: { board: '3x4', holes: 'b2', rooks: '' } },
};

// ---- state, history -------------------------------------------------------------------------
let state = null;         // { game, args: {flag: text}, turn: 'left' | 'right' }
const past = [], future = [];
let report = null;        // the last `moves` result
let layout = {};          // vertex name -> {x, y}; kept while the graph is edited or played on
let layoutKey = '';       // the spec the layout was made for
let model = null;         // the drawn graph: { names: [...], edges: [[u, v]...], directed }
let selected = null;      // selected vertex name
let seq = 0;              // drops stale responses
const infoCache = new Map();

function clone(s) { return JSON.parse(JSON.stringify(s)); }

function setState(next, record = true) {
  if (record && state) { past.push(clone(state)); future.length = 0; }
  state = next;
  refresh();
}

function undo() { if (past.length) { future.push(clone(state)); state = past.pop(); refresh(); } }
function redo() { if (future.length) { past.push(clone(state)); state = future.pop(); refresh(); } }

// ---- the API ----------------------------------------------------------------------------------
async function api(path, body) {
  let res;
  try {
    res = await fetch('/api/' + path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                        body: JSON.stringify(body) });
  } catch (e) {
    return { ok: false, json: { error: 'cannot reach the server (' + e.message + ')', kind: 'internal' } };
  }
  let json;
  try { json = await res.json(); } catch (e) { json = { error: 'the server sent no JSON', kind: 'internal' }; }
  return { ok: res.ok, status: res.status, json };
}

function status(text, isError = false) {
  const s = $('status');
  s.textContent = text;
  s.classList.toggle('error', isError);
}

// ---- the position's text forms ----------------------------------------------------------------
function splitList(s) { return (s || '').split(',').map((x) => x.trim()).filter((x) => x !== ''); }

// Per-vertex numbers from "3,1,0" (vertex order) or "a=3,b=1".
function parseCounts(text, names) {
  const out = {};
  if (!text || text === 'empty') return out;
  splitList(text).forEach((item, i) => {
    const eq = item.lastIndexOf('=');
    if (eq >= 0) out[item.slice(0, eq)] = item.slice(eq + 1);
    else if (i < names.length) out[names[i]] = item;
  });
  return out;
}
function countsText(counts, names, zero) {
  const parts = names.filter((n) => counts[n] && counts[n] !== zero).map((n) => n + '=' + counts[n]);
  return parts.length ? parts.join(',') : null;
}
// BLOCKING PEBBLES: vertex -> [blue, red, green].
function parsePebbles(text, names) {
  const raw = parseCounts(text, names), out = {};
  for (const [v, t] of Object.entries(raw)) {
    const p = t.split('/').map((x) => parseInt(x, 10) || 0);
    out[v] = [p[0] || 0, p[1] || 0, p[2] || 0];
  }
  return out;
}
function pebblesText(p, names) {
  const parts = names.filter((n) => p[n] && (p[n][0] || p[n][1] || p[n][2])).map((n) => n + '=' + p[n].join('/'));
  return parts.length ? parts.join(',') : 'empty';
}

// The graph drawn as an explicit spec the CLI reads back.
function modelSpec(m) {
  const touched = new Set();
  const parts = m.edges.map(([u, v]) => { touched.add(u); touched.add(v); return u + (m.directed ? '>' : '-') + v; });
  for (const n of m.names) if (!touched.has(n)) parts.push(n);
  if (!parts.length) return 'K0';
  return parts.join(',');
}

function shellQuote(s) { return /^[A-Za-z0-9_./=:,+-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'"; }

// ---- fields -------------------------------------------------------------------------------------
function buildFields() {
  const g = GAMES[state.game], form = $('fields');
  form.replaceChildren();
  for (const [key, label, hint] of g.fields) {
    const id = 'f-' + key;
    const l = document.createElement('label');
    l.htmlFor = id; l.textContent = label;
    const input = document.createElement('input');
    input.id = id; input.name = key; input.placeholder = hint; input.title = hint;
    input.spellcheck = false;
    input.addEventListener('change', applyFields);
    const b = document.createElement('button');
    b.type = 'submit'; b.textContent = 'Apply'; b.id = 'apply-' + key;
    form.append(l, input, b);
  }
}
function fillFields() {
  for (const [key] of GAMES[state.game].fields) {
    const input = $('f-' + key);
    if (input && document.activeElement !== input) input.value = state.args[key] ?? '';
  }
}
function applyFields(ev) {
  if (ev) ev.preventDefault();
  const args = {};
  for (const [key] of GAMES[state.game].fields) {
    const v = $('f-' + key).value.trim();
    if (v !== '') args[key] = v;
  }
  if (JSON.stringify(args) === JSON.stringify(state.args)) return;
  if (args.graph !== state.args.graph) layoutKey = '';  // a new graph: lay it out afresh
  setState({ game: state.game, args, turn: state.turn });
}

// ---- the graph canvas ---------------------------------------------------------------------------
const W = 600, H = 340;

function makeLayout(spec, names) {
  const pos = {};
  const grid = /^Grid(\d+)x(\d+)$/.exec(spec || '');
  if (grid) {
    const r = +grid[1], c = +grid[2];
    const dx = Math.min(70, (W - 80) / Math.max(1, c - 1)), dy = Math.min(70, (H - 80) / Math.max(1, r - 1));
    names.forEach((n, i) => { pos[n] = { x: 40 + (i % c) * dx, y: 40 + Math.floor(i / c) * dy }; });
    return pos;
  }
  const k = names.length, rad = Math.min(W, H) / 2 - 40;
  names.forEach((n, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(1, k);
    pos[n] = { x: W / 2 + (k > 1 ? rad * Math.cos(a) : 0), y: H / 2 + (k > 1 ? rad * Math.sin(a) : 0) };
  });
  return pos;
}

async function graphInfo(spec) {
  if (infoCache.has(spec)) return infoCache.get(spec);
  if (spec === 'K0') return { names: [], edge_list: [], directed: false };
  const r = await api('graph/info', { graph: spec, edges: true });
  if (!r.ok) throw new Error(r.json.error || 'bad graph');
  infoCache.set(spec, r.json);
  return r.json;
}

function tokensOf(name) {
  const g = state.game, names = model.names;
  if (g === 'blocking') {
    const p = parsePebbles(state.args.pebbles, names)[name];
    return p ? [['b', p[0]], ['r', p[1]], ['g', p[2]]].filter((t) => t[1] > 0) : [];
  }
  if (g === 'wak') { const c = parseCounts(state.args.weights, names)[name]; return c && c !== '0' ? [['', c]] : []; }
  if (g === 'pebbling') { const c = parseCounts(state.args.position, names)[name]; return c && c !== '0' ? [['', c]] : []; }
  return [];
}

function drawCanvas() {
  const svg = $('canvas');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const defs = document.createElementNS(svgNS, 'defs');
  defs.innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker>';
  svg.append(defs);
  for (const [u, v] of model.edges) {
    const a = layout[u], b = layout[v];
    if (!a || !b) continue;
    let el;
    if (u === v) {
      el = document.createElementNS(svgNS, 'path');
      el.setAttribute('d', `M${a.x - 8},${a.y - 16} C${a.x - 30},${a.y - 60} ${a.x + 30},${a.y - 60} ${a.x + 8},${a.y - 16}`);
      el.setAttribute('fill', 'none');
    } else {
      el = document.createElementNS(svgNS, 'line');
      const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1, r = 19;
      el.setAttribute('x1', a.x + (dx / len) * r); el.setAttribute('y1', a.y + (dy / len) * r);
      el.setAttribute('x2', b.x - (dx / len) * r); el.setAttribute('y2', b.y - (dy / len) * r);
      if (model.directed) el.setAttribute('marker-end', 'url(#arrow)');
    }
    el.classList.add('edge');
    el.dataset.edge = u + (model.directed ? '>' : '-') + v;
    const title = document.createElementNS(svgNS, 'title');
    title.textContent = `${u}${model.directed ? '>' : '-'}${v} (click to delete)`;
    el.append(title);
    el.addEventListener('click', (ev) => { ev.stopPropagation(); deleteEdge(u, v); });
    svg.append(el);
  }
  for (const n of model.names) {
    const p = layout[n];
    const g = document.createElementNS(svgNS, 'g');
    g.classList.add('vertex');
    if (n === selected) g.classList.add('selected');
    g.dataset.vertex = n;
    g.setAttribute('transform', `translate(${p.x},${p.y})`);
    const c = document.createElementNS(svgNS, 'circle');
    c.setAttribute('r', 18);
    const t = document.createElementNS(svgNS, 'text');
    t.classList.add('name');
    const toks = tokensOf(n);
    t.setAttribute('y', toks.length ? -3 : 4);
    t.textContent = n;
    g.append(c, t);
    if (toks.length) {
      const tt = document.createElementNS(svgNS, 'text');
      tt.setAttribute('y', 11);
      for (const [cls, num] of toks) {
        const s = document.createElementNS(svgNS, 'tspan');
        if (cls) s.classList.add('tok-' + cls);
        s.textContent = (tt.childNodes.length ? ' ' : '') + num;
        tt.append(s);
      }
      g.append(tt);
    }
    g.addEventListener('pointerdown', (ev) => startDrag(ev, n));
    svg.append(g);
  }
}

function svgPoint(ev) {
  const svg = $('canvas'), pt = svg.createSVGPoint();
  pt.x = ev.clientX; pt.y = ev.clientY;
  return pt.matrixTransform(svg.getScreenCTM().inverse());
}

let drag = null;
function startDrag(ev, name) {
  ev.stopPropagation();
  ev.preventDefault();
  const p = svgPoint(ev);
  drag = { name, dx: layout[name].x - p.x, dy: layout[name].y - p.y, moved: false, x0: ev.clientX, y0: ev.clientY };
  $('canvas').setPointerCapture(ev.pointerId);
}
function onPointerMove(ev) {
  if (!drag) return;
  if (Math.hypot(ev.clientX - drag.x0, ev.clientY - drag.y0) > 4) drag.moved = true;
  if (!drag.moved) return;
  const p = svgPoint(ev);
  layout[drag.name] = { x: Math.max(20, Math.min(W - 20, p.x + drag.dx)), y: Math.max(20, Math.min(H - 20, p.y + drag.dy)) };
  drawCanvas();
}
function onPointerUp(ev) {
  if (!drag) return;
  const d = drag;
  drag = null;
  lastVertexUp = performance.now();  // the click that follows (on the canvas, which captured the pointer) is this one
  if (!d.moved) clickVertex(d.name);
}
let lastVertexUp = -1e9;
function onCanvasClick(ev) {
  if (performance.now() - lastVertexUp < 300) return;
  if (ev.target.closest && (ev.target.closest('.vertex') || ev.target.classList.contains('edge'))) return;
  if (selected !== null) { selected = null; drawCanvas(); showInspector(); return; }
  const p = svgPoint(ev);
  addVertex(p.x, p.y);
}

function freshName() {
  let i = 0;
  const used = new Set(model.names);
  while (used.has(String(i))) i++;
  return String(i);
}

// Graph edits: the drawn graph becomes the graph flag (an explicit list), the position keeps
// its per-vertex values by name.
function commitGraph(m) {
  const spec = modelSpec(m);
  const g = GAMES[state.game];
  const args = { ...state.args, graph: spec };
  const oldNames = model.names;
  if (state.game === 'blocking') args.pebbles = pebblesText(parsePebbles(state.args.pebbles, oldNames), m.names);
  if (state.game === 'wak') args.weights = countsText(parseCounts(state.args.weights, oldNames), m.names, '0') || (m.names[0] ? m.names[0] + '=0' : '');
  if (state.game === 'pebbling') args.position = countsText(parseCounts(state.args.position, oldNames), m.names, '0') || (m.names[0] ? m.names[0] + '=0' : '');
  model = m;
  layoutKey = spec;
  if (!g.graph) return;
  setState({ game: state.game, args, turn: state.turn });
}
function addVertex(x, y) {
  const n = freshName();
  layout[n] = { x, y };
  const m = clone(model);
  m.names.push(n);
  selected = null;
  commitGraph(m);
}
function clickVertex(n) {
  if (selected === null || selected === n) {
    selected = selected === n ? null : n;
    drawCanvas(); showInspector();
    return;
  }
  const u = selected;
  selected = null;
  const m = clone(model);
  const exists = m.edges.some(([a, b]) => (a === u && b === n) || (!m.directed && a === n && b === u));
  if (!exists) m.edges.push([u, n]);
  commitGraph(m);
}
function deleteEdge(u, v) {
  const m = clone(model);
  m.edges = m.edges.filter(([a, b]) => !(a === u && b === v));
  commitGraph(m);
}
function deleteVertex(n) {
  const m = clone(model);
  m.names = m.names.filter((x) => x !== n);
  m.edges = m.edges.filter(([a, b]) => a !== n && b !== n);
  selected = null;
  commitGraph(m);
}
function toggleLoop(n) {
  const m = clone(model);
  const has = m.edges.some(([a, b]) => a === n && b === n);
  m.edges = has ? m.edges.filter(([a, b]) => !(a === n && b === n)) : [...m.edges, [n, n]];
  commitGraph(m);
}

// The selected vertex: its pebbles, counters or weight, and graph edits.
function showInspector() {
  const box = $('inspector');
  box.replaceChildren();
  if (selected === null || !model.names.includes(selected)) { box.hidden = true; return; }
  box.hidden = false;
  const title = document.createElement('strong');
  title.textContent = 'vertex ' + selected;
  box.append(title);
  const names = model.names, g = state.game;
  const numberInput = (label, id, value, onset) => {
    const l = document.createElement('label');
    l.textContent = label;
    const i = document.createElement('input');
    i.type = 'number'; i.min = '0'; i.id = id; i.value = value;
    i.addEventListener('change', () => onset(String(Math.max(0, parseInt(i.value, 10) || 0))));
    i.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') { ev.preventDefault(); i.blur(); } });
    l.append(i);
    box.append(l);
  };
  if (g === 'blocking') {
    const p = parsePebbles(state.args.pebbles, names);
    const cur = p[selected] || [0, 0, 0];
    ['blue', 'red', 'green'].forEach((colour, k) => numberInput(colour, 'pebble-' + colour, cur[k], (v) => {
      const q = parsePebbles(state.args.pebbles, names);
      q[selected] = [...(q[selected] || [0, 0, 0])];
      q[selected][k] = +v;
      setState({ game: g, args: { ...state.args, pebbles: pebblesText(q, names) }, turn: state.turn });
    }));
  } else if (g === 'wak' || g === 'pebbling') {
    const key = g === 'wak' ? 'weights' : 'position';
    const c = parseCounts(state.args[key], names);
    numberInput(g === 'wak' ? 'counters' : 'pebbles', 'count', c[selected] || 0, (v) => {
      const q = parseCounts(state.args[key], names);
      q[selected] = v;
      setState({ game: g, args: { ...state.args, [key]: countsText(q, names, '0') || names[0] + '=0' }, turn: state.turn });
    });
  }
  if (GAMES[g].loops) {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = 'loop on/off';
    b.addEventListener('click', () => toggleLoop(selected));
    box.append(b);
  }
  const del = document.createElement('button');
  del.type = 'button'; del.textContent = 'delete vertex'; del.id = 'delete-vertex';
  del.addEventListener('click', () => deleteVertex(selected));
  box.append(del);
}

async function updateGraph() {
  const spec = state.args.graph || '';
  let info;
  try {
    info = await graphInfo(spec);
  } catch (e) {
    model = { names: [], edges: [], directed: !!GAMES[state.game].directed };
    drawCanvas();
    return;
  }
  model = { names: info.names.map(String), edges: info.edge_list.map(([u, v]) => [String(u), String(v)]),
            directed: !!info.directed || (!!GAMES[state.game].directed && info.edge_list.length === 0) };
  if (layoutKey === '' ) { layout = makeLayout(spec, model.names); }
  for (const n of model.names) if (!layout[n]) Object.assign(layout, { [n]: makeLayout('', [n])[n] });
  layoutKey = spec;
  if (selected !== null && !model.names.includes(selected)) selected = null;
  drawCanvas();
  showInspector();
}

// ---- coins and rooks -------------------------------------------------------------------------
function drawCoins() {
  const box = $('coins'), line = state.args.line || '';
  box.replaceChildren();
  [...line].forEach((ch, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'coin' + (ch === '1' ? ' tails' : '');
    b.title = `coin ${i + 1}: ${ch === '1' ? 'tails' : 'heads'} (click to flip)`;
    b.dataset.coin = i + 1;
    b.innerHTML = `${ch === '1' ? 'T' : 'H'}<span class="idx">${i + 1}</span>`;
    b.addEventListener('click', () => {
      const s = [...line];
      s[i] = s[i] === '1' ? '0' : '1';
      setState({ game: 'coins', args: { line: s.join('') }, turn: state.turn });
    });
    box.append(b);
  });
  const add = document.createElement('button');
  add.type = 'button'; add.textContent = '+'; add.title = 'add a coin (tails) at the right';
  add.addEventListener('click', () => setState({ game: 'coins', args: { line: line + '1' }, turn: state.turn }));
  box.append(add);
}

// The rooks board from its text form "RxC holes a1,b2 rooks c3" plus the holes and rooks flags.
function parseBoard(args) {
  const m = /^\s*(\d+)\s*x\s*(\d+)(.*)$/.exec(args.board || '');
  if (!m) return null;
  const b = { rows: +m[1], cols: +m[2], holes: new Set(), rooks: new Set() };
  const rest = m[3];
  const grab = (word) => { const r = new RegExp(word + '\\s+([a-z]+\\d+(?:\\s*,\\s*[a-z]+\\d+)*)').exec(rest); return r ? splitList(r[1].replace(/\s/g, '')) : []; };
  grab('holes').forEach((s) => b.holes.add(s));
  grab('rooks').forEach((s) => b.rooks.add(s));
  splitList(args.holes).forEach((s) => b.holes.add(s));
  splitList(args.rooks).forEach((s) => b.rooks.add(s));
  return b;
}
function colName(c) { let s = ''; c += 1; while (c > 0) { const r = (c - 1) % 26; s = String.fromCharCode(97 + r) + s; c = Math.floor((c - 1) / 26); } return s; }
function drawRooks() {
  const box = $('rookboard');
  box.replaceChildren();
  const b = parseBoard(state.args);
  if (!b || b.rows * b.cols > 400) return;
  const wins = new Set((report && report.moves || []).filter((m) => m.winning).map((m) => m.move));
  const table = document.createElement('table');
  for (let r = b.rows; r >= 1; r--) {
    const tr = document.createElement('tr');
    const th = document.createElement('th'); th.textContent = r; tr.append(th);
    for (let c = 0; c < b.cols; c++) {
      const sq = colName(c) + r, td = document.createElement('td');
      if (b.holes.has(sq)) td.className = 'hole';
      else if (wins.has(sq)) td.className = 'win';
      const btn = document.createElement('button');
      btn.type = 'button'; btn.dataset.square = sq;
      btn.textContent = b.rooks.has(sq) ? '♜' : '';
      btn.title = sq + (b.holes.has(sq) ? ' (hole: click to fill)' : b.rooks.has(sq) ? ' (rook)' : ' (click to make a hole)');
      btn.addEventListener('click', () => {
        if (b.rooks.has(sq)) return;
        b.holes.has(sq) ? b.holes.delete(sq) : b.holes.add(sq);
        const rooks = [...b.rooks].join(',');
        setState({ game: 'rooks', args: { board: `${b.rows}x${b.cols}`, holes: [...b.holes].join(','), ...(rooks ? { rooks } : {}) }, turn: state.turn });
      });
      td.append(btn); tr.append(td);
    }
    table.append(tr);
  }
  const foot = document.createElement('tr');
  foot.append(document.createElement('th'));
  for (let c = 0; c < b.cols; c++) { const th = document.createElement('th'); th.textContent = colName(c); foot.append(th); }
  table.append(foot);
  box.append(table);
}

// ---- results ----------------------------------------------------------------------------------
function valueText(v, imp) {
  if (imp && v.grundy !== undefined && v.grundy !== null) return `${v.value ?? '?'} (Grundy ${v.grundy})`;
  return v.value ?? '?';
}
const OUTCOME = { L: 'L (Left wins, whoever moves first)', R: 'R (Right wins, whoever moves first)',
                  N: 'N (the player to move wins)', P: 'P (the player to move loses)' };

function showReport(r) {
  report = r;
  const imp = !!r.impartial;
  $('value').textContent = valueText(r, imp);
  $('outcome').textContent = OUTCOME[r.outcome] || 'not determined';
  $('turn').textContent = imp ? 'either player (impartial)' : (state.turn === 'left' ? 'Left (blue)' : 'Right (red)');
  const tbody = $('moves').querySelector('tbody');
  tbody.replaceChildren();
  const moves = r.moves || [];
  $('move-count').textContent = `(${moves.length}${r.truncated ? ', list cut' : ''})`;
  moves.forEach((m, i) => {
    const tr = document.createElement('tr');
    if (m.winning) tr.classList.add('winning');
    tr.dataset.move = m.move;
    tr.dataset.winning = m.winning ? '1' : '0';
    if (m.player) tr.dataset.player = m.player;
    const cells = [String(i + 1), m.move, imp ? '–' : (m.player === 'left' ? 'Left' : 'Right'), valueText(m, imp)];
    cells.forEach((text, k) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (k === 2 && !imp) td.className = m.player;
      if (k === 3) td.className = 'after';
      tr.append(td);
    });
    const td = document.createElement('td');
    const b = document.createElement('button');
    b.type = 'button'; b.className = 'play'; b.textContent = m.winning ? 'play (wins)' : 'play';
    b.setAttribute('aria-label', `play ${m.move}${m.winning ? ', a winning move' : ''}`);
    b.addEventListener('click', () => play(m));
    td.append(b); tr.append(td);
    tbody.append(tr);
  });
  if (!moves.length) {
    const tr = document.createElement('tr'), td = document.createElement('td');
    td.colSpan = 5; td.textContent = 'no moves: the player to move loses';
    tr.append(td); tbody.append(tr);
  }
  if (state.game === 'rooks') drawRooks();
}

function play(m) {
  const next = m.player === 'left' ? 'right' : m.player === 'right' ? 'left' : state.turn;
  layoutKey = layoutKey || 'kept';
  setState({ game: state.game, args: { ...m.args }, turn: next });
}

function engineMove() {
  if (!report) return;
  const imp = !!report.impartial;
  const mine = (report.moves || []).filter((m) => imp || m.player === state.turn);
  if (!mine.length) { status(`${imp ? 'The player to move' : state.turn === 'left' ? 'Left' : 'Right'} has no move and loses.`); return; }
  const pick = mine.find((m) => m.winning) || mine[0];
  status(`engine plays ${pick.move}${pick.winning ? ' (a winning move)' : ' (no winning move)'}`);
  play(pick);
}

async function showAnalysis(r, token) {
  const box = $('analysis');
  box.replaceChildren();
  if (r.impartial || !r.value) {
    const p = document.createElement('p');
    p.className = 'hint';
    p.textContent = r.impartial ? `Impartial: the value is the nimber *${r.grundy ?? '?'}; ${r.outcome === 'P' ? 'a P-position (the mover loses).' : 'the mover wins by moving to a P-position (the highlighted moves).'}` : '';
    box.append(p);
    return;
  }
  const a = await api('analyze', { expr: r.value, thermograph_svg: true });
  if (token !== seq) return;
  if (!a.ok) { box.textContent = 'analysis: ' + a.json.error; return; }
  const j = a.json, dl = document.createElement('dl');
  for (const [k, label] of [['mean', 'mean'], ['temperature', 'temperature'], ['left_stop', 'left stop'],
    ['right_stop', 'right stop'], ['reduced_canonical_form', 'reduced canonical form'], ['atomic_weight', 'atomic weight'],
    ['birthday', 'birthday'], ['thermograph', 'thermograph']]) {
    if (j[k] === undefined || j[k] === null) continue;
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = label; dd.textContent = String(j[k]); dd.id = 'an-' + k;
    dl.append(dt, dd);
  }
  box.append(dl);
  if (j.thermograph_svg) {
    const img = document.createElement('img');
    img.alt = 'thermograph of ' + r.value;
    img.id = 'thermograph';
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(j.thermograph_svg);
    box.append(img);
  }
}

// The game tree: each node opens to its moves, fetched when opened.
function treeNode(label, args, win) {
  const d = document.createElement('details');
  const s = document.createElement('summary');
  s.textContent = label;
  if (win) s.classList.add('win');
  d.append(s);
  let loaded = false;
  d.addEventListener('toggle', async () => {
    if (!d.open || loaded) return;
    loaded = true;
    const r = await api(state.game + '/moves', args);
    if (!r.ok) { const e = document.createElement('div'); e.textContent = r.json.error; d.append(e); return; }
    const imp = !!r.json.impartial;
    const ms = r.json.moves || [];
    if (!ms.length) { const e = document.createElement('div'); e.textContent = '(no moves)'; d.append(e); }
    for (const m of ms.slice(0, 200)) {
      const who = imp ? '' : (m.player === 'left' ? 'L ' : 'R ');
      d.append(treeNode(`${who}${m.move} → ${valueText(m, imp)}${m.winning ? '  (wins)' : ''}`, m.args, m.winning));
    }
  });
  return d;
}
function showTree(r) {
  const box = $('tree');
  box.replaceChildren(treeNode(`${r.position} = ${valueText(r, !!r.impartial)}`, { ...state.args }, false));
}

function showShare() {
  const params = new URLSearchParams({ game: state.game, ...state.args });
  const url = location.origin + location.pathname + '?' + params.toString();
  history.replaceState(null, '', url);
  $('link').href = url;
  $('link').textContent = url;
  const flags = GAMES[state.game].fields.map(([k]) => k).filter((k) => state.args[k] !== undefined && k !== 'line')
    .map((k) => `--${k} ${shellQuote(state.args[k])}`);
  const line = state.args.line !== undefined ? ' ' + shellQuote(state.args.line) : '';
  $('cli').textContent = `cgtlab ${state.game} moves ${flags.join(' ')}${line}`.replace(/ +/g, ' ').trim();
}

async function refresh() {
  const token = ++seq;
  const g = GAMES[state.game];
  if ($('game').value !== state.game) $('game').value = state.game;
  if (!$('f-' + g.fields[0][0])) buildFields();
  fillFields();
  $('undo').disabled = !past.length;
  $('redo').disabled = !future.length;
  $('canvas-wrap').hidden = !g.graph;
  $('coins').hidden = state.game !== 'coins';
  $('rookboard').hidden = state.game !== 'rooks';
  $('analysis-wrap').hidden = false;
  showShare();
  if (g.graph) await updateGraph();
  if (token !== seq) return;
  if (state.game === 'coins') drawCoins();
  if (state.game === 'rooks') drawRooks();
  status('computing…');
  $('value').textContent = '…';
  const r = await api(state.game + '/moves', state.args);
  if (token !== seq) return;
  if (!r.ok) {
    status(`${r.json.kind === 'cap' ? 'stopped by a cap' : 'error'}: ${r.json.error}`, true);
    $('value').textContent = '–'; $('outcome').textContent = '–';
    $('moves').querySelector('tbody').replaceChildren();
    $('analysis').replaceChildren(); $('tree').replaceChildren();
    report = null;
    return;
  }
  status(`${(r.json.moves || []).length} moves`);
  showReport(r.json);
  showTree(r.json);
  await showAnalysis(r.json, token);
  if (token === seq) document.body.dataset.ready = String(token);
}

async function loadRules() {
  const r = await fetch('/api');
  if (!r.ok) return;
  const cat = await r.json();
  const c = cat.commands.find((x) => x.path === state.game + '/moves');
  $('rules').textContent = c ? c.description : '';
}

function selectGame(game) {
  past.length = 0; future.length = 0;
  layoutKey = ''; selected = null;
  state = { game, args: clone(GAMES[game].example), turn: 'left' };
  buildFields();
  loadRules();
  refresh();
}

// ---- start ---------------------------------------------------------------------------------------
function init() {
  const q = new URLSearchParams(location.search);
  const game = GAMES[q.get('game')] ? q.get('game') : 'blocking';
  let args = {};
  for (const [k] of GAMES[game].fields) if (q.has(k)) args[k] = q.get(k);
  if (!Object.keys(args).length) args = clone(GAMES[game].example);
  state = { game, args, turn: q.get('turn') === 'right' ? 'right' : 'left' };
  buildFields();
  loadRules();
  $('game').addEventListener('change', () => selectGame($('game').value));
  $('fields').addEventListener('submit', applyFields);
  $('engine').addEventListener('click', engineMove);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('turn').addEventListener('click', () => { if (report && !report.impartial) { state.turn = state.turn === 'left' ? 'right' : 'left'; showReport(report); } });
  const svg = $('canvas');
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('click', onCanvasClick);
  svg.addEventListener('keydown', (ev) => {
    if ((ev.key === 'Delete' || ev.key === 'Backspace') && selected !== null) { ev.preventDefault(); deleteVertex(selected); }
    if (ev.key === 'Escape') { selected = null; drawCanvas(); showInspector(); }
  });
  $('canvas-hint').textContent = 'Click empty space: add a vertex. Click a vertex, then another: add an edge (an arc in a DAG). Drag: move. Click an edge: delete it. A selected vertex: its pebbles or counters below; Delete removes it.';
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, select, textarea') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'u') undo();
    else if (ev.key === 'r') redo();
    else if (ev.key === 'e') engineMove();
    else if (/^[1-9]$/.test(ev.key) && report && report.moves && report.moves[+ev.key - 1]) play(report.moves[+ev.key - 1]);
  });
  refresh();
}

init();
