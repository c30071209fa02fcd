// The playtest page: draws what the server sends this seat (its table as
// SVG, its legal moves, its log), lets it pick a move one parameter at a
// time as the studio's Play panel does (preview/pick.go: the values of a
// parameter are those of the legal moves agreeing with the values picked
// before; a "choose k" parameter is k elements in any order), by clicking
// the table or the buttons (keyboard: Tab, Enter), and posts it with the
// step it was chosen at. The link's fragment holds the match and the token;
// the token goes only in the Authorization header.
"use strict";

const link = new URLSearchParams(location.hash.slice(1));
const matchID = link.get("m"), token = link.get("t");
const $ = (id) => document.getElementById(id);
let state = null;     // the last state read
let picking = null;   // {a: index of the action, picks: [[value index...] per parameter]}
let logStep = -1;     // the newest step whose events are shown
let busy = false;
let posts = 0;        // moves posted by this page (tests read it)
let clockFrom = null; // performance.now() when the clocks the state shows last counted (Clock-Age)

async function api(path, init = {}) {
  init.headers = Object.assign({"Authorization": "Bearer " + token}, init.headers || {});
  return fetch("/api/matches/" + matchID + "/" + path, init);
}

// refresh reads the state again; calls are queued, so that an answer read
// before another can never be drawn after it.
let queue = Promise.resolve();
function refresh() {
  queue = queue.then(readState, readState);
  return queue;
}

async function readState() {
  const resp = await api("state");
  if (resp.status === 403) { $("status").textContent = "This link opens no seat: ask the designer for yours."; return; }
  if (!resp.ok) { $("status").textContent = "The server answered " + resp.status + "."; return; }
  const age = resp.headers.get("Clock-Age"); // absent: no clock runs
  const readAt = performance.now();
  const st = await resp.json();
  for (const a of st.actions) for (const p of a.params) p.choose = p.choose || 0; // omitted when 0
  if (state && st.step < state.step) return; // an answer older than what is shown
  if (!state || st.step !== state.step) picking = null;
  state = st;
  clockFrom = age === null ? null : readAt - Number(age);
  draw();
  await readLog();
}

// --- the pick model ---
function agrees(a, mv, picks, n) {
  for (let i = 0; i < n && i < picks.length; i++) {
    const p = picks[i];
    if (a.params[i].choose > 0) { if (!p.every((v) => mv.values[i].includes(v))) return false; }
    else if (p.length > 0 && mv.values[i][0] !== p[0]) return false;
  }
  return true;
}
function consistent(a, picks, n) { return a.moves.filter((mv) => agrees(a, mv, picks, n)); }
function current(a, picks) {
  for (let i = 0; i < a.params.length; i++) {
    if (!picks[i] || picks[i].length < Math.max(a.params[i].choose, 1)) return i;
  }
  return a.params.length;
}
// options returns the value indexes offered for parameter i: {v, chosen, open}.
function options(a, picks, i) {
  const moves = consistent(a, picks, i), mine = picks[i] || [], seen = new Set(), out = [];
  const k = a.params[i].choose;
  for (const mv of moves) {
    for (const v of mv.values[i]) {
      if (seen.has(v)) continue;
      seen.add(v);
      const chosen = mine.includes(v);
      let open = chosen || k === 0;
      if (!open && mine.length < k) {
        const want = mine.concat([v]);
        open = moves.some((m) => want.every((w) => m.values[i].includes(w)));
      }
      out.push({v, chosen, open});
    }
  }
  return out;
}
function choose(ai, i, v) {
  if (busy) return;
  const a = state.actions[ai];
  if (!picking || picking.a !== ai) picking = {a: ai, picks: []};
  const picks = picking.picks.slice(0, i + 1);
  while (picks.length <= i) picks.push([]);
  if (a.params[i].choose === 0) picks[i] = [v];
  else picks[i] = picks[i].includes(v) ? picks[i].filter((w) => w !== v) : picks[i].concat([v]);
  picking.picks = picks;
  if (a.params[i].choose === 0 && current(a, picks) === a.params.length) take();
  else draw();
}
function completeMove() {
  if (!picking) return null;
  const a = state.actions[picking.a];
  if (current(a, picking.picks) < a.params.length) return null;
  return consistent(a, picking.picks, a.params.length)[0] || null;
}
async function take(ai) {
  if (busy) return;
  let a, mv;
  if (ai !== undefined) { a = state.actions[ai]; mv = a.moves[0]; }
  else { a = state.actions[picking.a]; mv = completeMove(); }
  if (!mv) return;
  busy = true; // until the state after the move is drawn: no click meanwhile
  posts++;
  try {
    const resp = await api("move", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({step: state.step, action: a.action, args: mv.args})});
    picking = null;
    $("message").textContent = resp.ok ? "" : (await resp.text()).trim();
    await refresh();
  } finally {
    busy = false;
  }
}

// --- drawing ---
function seatName(n) {
  const area = state.scene.areas.find((x) => x.seat === n);
  return area && area.name ? area.name : "Player " + n;
}
function drawStatus() {
  const sc = state.scene;
  let line = sc.description || sc.state;
  if (state.over) {
    line = "The match is over. " + (sc.winners && sc.winners.length ? "Won by " + sc.winners.map(seatName).join(", ") + "." : "");
  } else if (state.error) {
    line = state.error;
  } else if (state.paused) {
    line = "The designer has paused the match: wait until they go on. " + line;
  } else if (state.actions.length > 0) {
    line = "Your move: " + line;
  } else if (sc.turn && sc.turn.length) {
    line = "Waiting for " + sc.turn.map(seatName).join(", ") + ". " + line;
  }
  $("status").textContent = line;
  const who = state.seat ? "You are " + seatName(state.seat) : "You are watching (what every player sees)";
  $("who").textContent = who + " · match " + state.match + " · step " + state.step + clockText();
}
// clockText is the seat's clock while it must act, counted down from the
// server's time (the state's clock less the Clock-Age and the time since).
function clockText() {
  const area = state && state.seat ? state.scene.areas.find((x) => x.seat === state.seat) : null;
  if (!area || area.clock_ms == null || clockFrom === null || state.actions.length === 0) return "";
  const left = Math.max(0, area.clock_ms - (performance.now() - clockFrom));
  const s = Math.ceil(left / 1000);
  return " · your clock " + Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
}
setInterval(() => { if (state) $("who").textContent = $("who").textContent.replace(/ · your clock .*$/, "") + clockText(); }, 500);
// clickable returns, per scene id, what a click on it chooses: [action, param, value, chosen].
function clickable() {
  const out = new Map();
  const add = (ai, a, picks) => {
    if (a.params.length === 0) return;
    const i = Math.min(current(a, picks), a.params.length - 1);
    for (const o of options(a, picks, i)) {
      if (!o.open) continue;
      for (const id of a.values[o.v].targets || []) if (!out.has(id)) out.set(id, [ai, i, o.v, o.chosen]);
    }
  };
  if (picking) add(picking.a, state.actions[picking.a], picking.picks);
  else state.actions.forEach((a, ai) => add(ai, a, []));
  return out;
}
// The images the display hints name, which the picture links under the
// API: each fetched once with the token and put in the SVG as a data: URI
// (an SVG drawn as an <img> loads nothing itself). By address, a promise
// of the data: URI, "" when it could not be read.
const images = new Map();
function imageData(href) {
  if (!images.has(href)) {
    images.set(href, fetch(href, {headers: {"Authorization": "Bearer " + token}})
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => !b ? "" : new Promise((done) => {
        const fr = new FileReader();
        fr.onload = () => done(fr.result);
        fr.onerror = () => done("");
        fr.readAsDataURL(b);
      }))
      .catch(() => ""));
  }
  return images.get(href);
}
async function withImages(svg) {
  const links = new Set(Array.from(svg.matchAll(/href="(\/api\/matches\/\d+\/images\/[^"]+)"/g), (m) => m[1]));
  for (const href of links) {
    svg = svg.split('href="' + href + '"').join('href="' + (await imageData(href)) + '"');
  }
  return svg;
}
let drawn = 0; // the pictures asked for: only the newest is shown
function drawTable() {
  const pic = state.picture;
  const img = $("picture");
  const n = ++drawn;
  withImages(pic.svg).then((svg) => {
    if (n === drawn) img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  });
  img.alt = "The table at step " + state.step;
  const hits = $("hits");
  hits.replaceChildren();
  const click = clickable();
  const pct = (x, of) => (100 * x / of) + "%";
  const boxes = pic.boxes.slice();
  boxes.forEach((b, k) => {
    const what = click.get(b.id);
    if (!what) return;
    const next = boxes[k + 1]; // a fanned card shows only its strip left of the next
    let w = b.w;
    if (next && next.y === b.y && next.x > b.x && next.x < b.x + b.w && next.id.startsWith(b.id.slice(0, b.id.lastIndexOf(":") + 1))) w = next.x - b.x;
    const btn = document.createElement("button");
    const a = state.actions[what[0]];
    btn.title = a.action + ": " + a.values[what[2]].label;
    btn.setAttribute("aria-label", btn.title);
    btn.style.left = pct(b.x, pic.width); btn.style.top = pct(b.y, pic.height);
    btn.style.width = pct(w, pic.width); btn.style.height = pct(b.h, pic.height);
    if (what[3]) btn.classList.add("chosen");
    btn.onclick = () => choose(what[0], what[1], what[2]);
    hits.appendChild(btn);
  });
}
function button(text, onclick, cls) {
  const b = document.createElement("button");
  b.textContent = text;
  if (onclick) b.onclick = onclick; else b.disabled = true;
  if (cls) b.classList.add(cls);
  return b;
}
function drawMoves() {
  const box = $("actions");
  box.replaceChildren();
  if (!picking) {
    state.actions.forEach((a, ai) => {
      if (a.params.length === 0) box.appendChild(button(a.action, () => take(ai)));
      else box.appendChild(button(a.action + "…", () => { picking = {a: ai, picks: []}; draw(); }));
    });
    if (state.actions.length === 1 && state.actions[0].params.length > 0) { picking = {a: 0, picks: []}; return drawMoves(); }
    return;
  }
  const a = state.actions[picking.a];
  const cur = current(a, picking.picks);
  for (let i = 0; i <= Math.min(cur, a.params.length - 1); i++) {
    const p = a.params[i];
    const head = document.createElement("div");
    head.className = "param";
    head.textContent = a.action + ": " + p.name + (p.choose ? " (choose " + p.choose + ")" : "");
    box.appendChild(head);
    for (const o of options(a, picking.picks, i)) {
      box.appendChild(button(a.values[o.v].label, o.open ? () => choose(picking.a, i, o.v) : null, o.chosen ? "chosen" : ""));
    }
  }
  const row = document.createElement("div");
  if (completeMove() && a.params.some((p) => p.choose > 0)) row.appendChild(button("Take", () => take()));
  if (state.actions.length > 1 || picking.picks.length) row.appendChild(button("Cancel", () => { picking = null; draw(); }));
  box.appendChild(row);
}
// drawBarred lists the seat's actions it cannot take now, in the
// designer's words (the state's "barred").
function drawBarred() {
  const list = $("barred");
  list.replaceChildren();
  for (const b of state.barred || []) {
    const li = document.createElement("li");
    li.textContent = "Not now: " + b.action + " (" + b.said + ")";
    li.title = b.rule + (b.line ? ", line " + b.line : "");
    list.appendChild(li);
  }
}
function draw() {
  drawStatus();
  drawTable();
  drawMoves();
  drawBarred();
}

// --- the log ---
async function readLog() {
  const resp = await api("log?since=" + logStep);
  if (!resp.ok) return;
  const lg = await resp.json();
  const list = $("log");
  for (const e of lg.events) {
    // The engine's workings (states entered and left, variables, procedures run) are the
    // debugger's; a player's log is what was played and said.
    if (["state_entered", "state_left", "variable_changed", "procedure_run"].includes(e.kind)) continue;
    const li = document.createElement("li");
    li.textContent = (e.step + 1) + " · " + e.text; // the server words it, cards as the table names them
    list.prepend(li);
  }
  while (list.children.length > 300) list.lastChild.remove();
  logStep = lg.step;
}

// --- live updates: server-sent events read through fetch (EventSource cannot send a header) ---
async function follow() {
  for (;;) {
    try {
      const resp = await api("updates");
      if (!resp.ok) throw new Error(String(resp.status));
      const reader = resp.body.getReader(), dec = new TextDecoder();
      let buf = "";
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buf += dec.decode(value, {stream: true});
        let at;
        while ((at = buf.indexOf("\n\n")) >= 0) {
          const msg = buf.slice(0, at);
          buf = buf.slice(at + 2);
          const data = msg.split("\n").find((l) => l.startsWith("data: "));
          if (data && (!state || JSON.parse(data.slice(6)).step !== state.step)) await refresh();
        }
      }
    } catch (err) {
      $("status").textContent = "Reconnecting…";
    }
    await new Promise((r) => setTimeout(r, 1000));
    await refresh().catch(() => {});
  }
}

if (!matchID || !token) {
  $("status").textContent = "This page needs the link the designer sent you.";
} else {
  refresh().catch(() => {}).then(follow);
}
