// The page: the games list, a game (table, moves, narration, comments,
// variations, scenario) and play against bots. Data only from /api/ (docs/API.md).
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const GLYPHS = ["", "!", "?", "!!", "??", "!?", "?!"];
const main = document.getElementById("main");
const state = {games: [], sort: "id", desc: false, game: null, ply: 0, variation: 0,
  viewpoint: "everything", branch: null, play: null, pos: null};

async function api(path, body) {
  const options = body === undefined ? {} : {method: "POST", body: JSON.stringify(body),
    headers: {"Content-Type": "application/json", "X-Angler-Token": TOKEN}};
  const res = await fetch(path, options);
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.status);
  return data;
}

function status(text, error) {
  const s = document.getElementById("status");
  s.textContent = text || "";
  s.className = error ? "error" : "";
}

function route() {
  const hash = location.hash || "#/games";
  const [path, query] = hash.slice(1).split("?");
  const q = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) {
    openGame(Number(parts[1]), Number(q.get("ply") || 0), Number(q.get("variation") || 0),
             q.get("viewpoint") || "everything");
  } else if (parts[0] === "play") {
    showPlayForm();
  } else {
    showGames();
  }
}

// ---- The games list ----

async function showGames() {
  state.game = null;
  main.innerHTML = `<div class="filters"><input id="filter" placeholder="filter: ruleset, player, result">
    <select id="rs"><option value="">every ruleset</option></select></div>
    <table class="games"><thead><tr>${["id", "ruleset", "players", "date", "plies", "result"]
      .map(k => `<th data-key="${k}">${k}</th>`).join("")}</tr></thead><tbody></tbody></table>`;
  try { state.games = await api("/api/games"); } catch (e) { status(e.message, true); return; }
  const names = [...new Set(state.games.map(g => g.ruleset))].sort();
  document.getElementById("rs").innerHTML += names.map(n => `<option>${esc(n)}</option>`).join("");
  document.getElementById("filter").oninput = drawGames;
  document.getElementById("rs").onchange = drawGames;
  for (const th of main.querySelectorAll("th")) {
    th.onclick = () => { state.desc = state.sort === th.dataset.key ? !state.desc : false;
      state.sort = th.dataset.key; drawGames(); };
  }
  drawGames();
}

function drawGames() {
  const text = document.getElementById("filter").value.toLowerCase();
  const rs = document.getElementById("rs").value;
  const key = state.sort, sign = state.desc ? -1 : 1;
  const rows = state.games
    .filter(g => (!rs || g.ruleset === rs) &&
      (g.ruleset + " " + g.players.join(" ") + " " + g.result).toLowerCase().includes(text))
    .sort((a, b) => {
      const x = key === "players" ? a.players.join() : a[key], y = key === "players" ? b.players.join() : b[key];
      return (x < y ? -1 : x > y ? 1 : 0) * sign;
    });
  main.querySelector("tbody").innerHTML = rows.map(g => `<tr data-id="${g.id}"><td>${g.id}</td>
    <td>${esc(g.ruleset)}</td><td>${esc(g.players.join(", "))}</td><td>${g.date.slice(0, 10)}</td>
    <td>${g.plies}</td><td>${esc(g.result)}</td></tr>`).join("");
  for (const tr of main.querySelectorAll("tbody tr")) tr.onclick = () => { location.hash = `#/game/${tr.dataset.id}`; };
}

// ---- A game ----

async function openGame(id, ply, variation, viewpoint) {
  try {
    if (!state.game || state.game.id !== id) state.game = await api(`/api/games/${id}`);
  } catch (e) { status(e.message, true); main.textContent = e.message; return; }
  state.variation = variation; state.viewpoint = viewpoint; state.branch = null;
  if (!main.querySelector(".game.replay")) layoutGame();
  await goTo(ply);
}

function layoutGame() {
  const g = state.game;
  main.innerHTML = `<div class="game replay"><div class="board" id="board"></div><div class="side">
    <div><b>game ${g.id}</b> · ${esc(g.ruleset)} · ${esc(g.players.join(", "))}<br>${esc(g.result)}</div>
    <div class="controls"><button id="first">|&lt;</button><button id="prev">&lt;</button>
      <button id="next">&gt;</button><button id="last">&gt;|</button>
      <select id="viewpoint"><option value="everything">all hands</option><option value="spectator">spectator</option>
      ${g.players.map(p => `<option value="seat:${esc(p)}">${esc(p)}'s view</option>`).join("")}</select></div>
    <div class="moves" id="moves"></div>
    <div class="narration" id="narration"></div>
    <div><textarea id="comment" rows="2" placeholder="comment on this move"></textarea>
      <select id="glyph">${GLYPHS.map(x => `<option>${x}</option>`).join("")}</select>
      <button id="save">save comment</button>
      <button id="branch">branch here</button> <button id="scenario">as scenario</button></div>
    <div class="legal" id="legal"></div><pre class="scenario" id="scenario-text" hidden></pre></div></div>`;
  document.getElementById("first").onclick = () => goTo(0);
  document.getElementById("prev").onclick = () => goTo(state.ply - 1);
  document.getElementById("next").onclick = () => goTo(state.ply + 1);
  document.getElementById("last").onclick = () => goTo(Infinity);
  document.getElementById("viewpoint").onchange = e => { state.viewpoint = e.target.value; goTo(state.ply); };
  document.getElementById("save").onclick = saveComment;
  document.getElementById("branch").onclick = startBranch;
  document.getElementById("scenario").onclick = showScenario;
  document.getElementById("board").onclick = e => {
    const card = e.target.closest(".card");
    if (card && state.branch) chooseMove(card.dataset.card);
  };
  drawMoves();
}

// The moves of a line: its parents' up to its branch (variations nest), then its own.
function lineOf(id = state.variation) {
  const v = state.game.variations.find(x => x.id === id);
  return v ? lineOf(v.parent).slice(0, v.ply).concat(v.moves) : state.game.moves;
}

// The line whose own move `ply` of the line shown is (0: the main line).
function ownerOf(ply, id = state.variation) {
  const v = state.game.variations.find(x => x.id === id);
  return !v || ply > v.ply ? (v ? v.id : 0) : ownerOf(ply, v.parent);
}

async function goTo(ply) {
  const plies = lineOf().length;
  ply = Math.max(0, Math.min(plies, ply));
  const q = `ply=${ply}&viewpoint=${encodeURIComponent(state.viewpoint)}` + (state.variation ? `&variation=${state.variation}` : "");
  let pos;
  try { pos = await api(`/api/games/${state.game.id}/view?${q}`); } catch (e) { status(e.message, true); return; }
  state.ply = ply; state.pos = pos;
  history.replaceState(null, "", `#/game/${state.game.id}?${q}`);
  document.getElementById("board").innerHTML = drawTable(pos);
  document.getElementById("viewpoint").value = state.viewpoint;
  document.getElementById("narration").textContent = pos.narration.join("\n") || (pos.result || "the start");
  document.getElementById("comment").value = pos.move ? pos.move.comment : state.game.comment;
  document.getElementById("glyph").value = pos.move ? pos.move.glyph : "";
  drawMoves();
  drawLegal();
  status("");
}

function moveHtml(m, variation) {
  const current = m.ply === state.ply && variation === state.variation ? " current" : "";
  return `<span class="move${current}" data-ply="${m.ply}" data-variation="${variation}">${m.ply}. ${esc(m.text)}` +
    (m.glyph ? ` <span class="glyph">${esc(m.glyph)}</span>` : "") +
    (m.comment ? ` <span class="comment">{${esc(m.comment)}}</span>` : "") + "</span> ";
}

// A line's moves, each variation under the move of it it branches after,
// its own variations nested inside it.
function lineHtml(moves, line) {
  let html = "";
  for (const m of moves) {
    html += moveHtml(m, line);
    for (const v of state.game.variations.filter(x => (x.parent || 0) === line && x.ply === m.ply)) {
      const note = v.comment ? `<span class="comment">{${esc(v.comment)}}</span> ` : "";
      html += `<div class="variation">${note}${lineHtml(v.moves, v.id)}</div>`;
    }
  }
  return html;
}

// The main line and the tree of variations.
function drawMoves() {
  const box = document.getElementById("moves");
  box.innerHTML = lineHtml(state.game.moves, 0);
  for (const el of box.querySelectorAll(".move")) {
    el.onclick = () => { state.variation = Number(el.dataset.variation); goTo(Number(el.dataset.ply)); };
  }
  const cur = box.querySelector(".current");
  if (cur) cur.scrollIntoView({block: "nearest"});
}

async function saveComment() {
  const body = {ply: state.ply, comment: document.getElementById("comment").value,
    glyph: document.getElementById("glyph").value};
  if (state.ply > 0 && ownerOf(state.ply)) body.variation = ownerOf(state.ply);
  try {
    await api(`/api/games/${state.game.id}/annotate`, body);
    state.game = await api(`/api/games/${state.game.id}`);
    status("saved");
    drawMoves();
  } catch (e) { status(e.message, true); }
}

// Branching: choose moves on the table (cards) or from the list, then store.
function startBranch() {
  state.branch = {ply: state.ply, moves: [], variation: state.variation};
  drawLegal();
}

function drawLegal() {
  const box = document.getElementById("legal");
  const d = state.pos && state.pos.view.decision;
  if (!state.branch || !d) { box.innerHTML = ""; return; }
  box.innerHTML = `<div>branch from ply ${state.branch.ply}: ${esc(state.branch.moves.join("; ")) || "choose a move"}
    <button id="store-branch">store variation</button></div>` +
    d.legal.map(m => `<button data-move="${esc(m)}">${esc(m)}</button>`).join("");
  for (const b of box.querySelectorAll("button[data-move]")) b.onclick = () => chooseMove(b.dataset.move);
  document.getElementById("store-branch").onclick = storeBranch;
}

async function chooseMove(text) {
  const d = state.pos.view.decision;
  const move = d && (d.legal.find(m => m === text) || d.legal.find(m => m.startsWith(text)));
  if (!move) { status(`${text} is not a legal move here`, true); return; }
  state.branch.moves.push(move);
  // Show the position the chosen moves lead to, without storing them yet.
  try {
    const r = await api(`/api/games/${state.game.id}/branch?dry_run=1`, {ply: state.branch.ply, moves: state.branch.moves, variation: state.branch.variation, dry_run: true});
    state.pos = r.position;
    document.getElementById("board").innerHTML = drawTable(r.position);
    document.getElementById("narration").textContent = r.position.narration.join("\n");
    drawLegal();
  } catch (e) { state.branch.moves.pop(); status(e.message, true); }
}

async function storeBranch() {
  if (!state.branch.moves.length) return;
  try {
    const r = await api(`/api/games/${state.game.id}/branch`, {ply: state.branch.ply, moves: state.branch.moves, variation: state.branch.variation});
    state.game = await api(`/api/games/${state.game.id}`);
    state.variation = r.variation; state.branch = null;
    await goTo(r.moves.length ? state.ply + r.moves.length : state.ply);
  } catch (e) { status(e.message, true); }
}

async function showScenario() {
  try {
    const r = await api(`/api/games/${state.game.id}/scenario?ply=${state.ply}`);
    const pre = document.getElementById("scenario-text");
    pre.hidden = false;
    pre.textContent = r.text;
    const old = document.getElementById("scenario-file");
    if (old) old.remove();
    const link = document.createElement("a");  // the file, to save
    link.id = "scenario-file";
    link.href = URL.createObjectURL(new Blob([r.text], {type: "text/plain"}));
    link.download = `${state.game.ruleset}-game${state.game.id}-ply${state.ply}.scn`;
    link.textContent = "save " + link.download;
    pre.before(link);
  } catch (e) { status(e.message, true); }
}

document.addEventListener("keydown", e => {
  if (!state.game || !main.querySelector(".game.replay") || e.target.tagName === "TEXTAREA") return;
  const to = {ArrowRight: state.ply + 1, ArrowLeft: state.ply - 1, Home: 0, End: Infinity}[e.key];
  if (to !== undefined) { e.preventDefault(); goTo(to); }
});

// ---- Play against bots ----

async function showPlayForm() {
  state.game = null;
  let rulesets = {shipped: ["fishing"]};
  try { rulesets = await api("/api/rulesets"); } catch (e) { status(e.message, true); }
  main.innerHTML = `<div class="filters">ruleset <select id="p-ruleset">${rulesets.shipped.map(n => `<option>${esc(n)}</option>`).join("")}</select>
    players <input id="p-players" type="number" value="4" min="1" max="8" style="width:4em">
    bots <input id="p-bots" placeholder="greedy">
    seed <input id="p-seed" placeholder="random" style="width:8em">
    <label><input id="p-record" type="checkbox" checked> record</label>
    <button id="p-start">start</button></div><div id="play"></div>`;
  document.getElementById("p-start").onclick = startPlay;
}

async function startPlay() {
  const body = {ruleset: document.getElementById("p-ruleset").value,
    players: Number(document.getElementById("p-players").value), seat: 0,
    record: document.getElementById("p-record").checked};
  const bots = document.getElementById("p-bots").value, seed = document.getElementById("p-seed").value;
  if (bots) body.bots = bots;
  if (seed) body.seed = Number(seed);
  try { showPlay(await api("/api/play", body)); } catch (e) { status(e.message, true); }
}

function showPlay(s) {
  state.play = s;
  const d = s.view.decision;
  const mine = d && (d.player === s.players[s.seat] || d.player === null);
  const box = document.getElementById("play");
  box.innerHTML = `<div class="game"><div class="board" id="board">${drawTable(s)}</div><div class="side">
    <div>you are ${esc(s.players[s.seat])} · seed ${s.seed}</div>
    <div class="narration" id="narration">${esc(s.narration.join("\n"))}</div>
    <div class="legal" id="legal">${s.over ? `<b>${esc(s.result)}</b>` + (s.recorded ? ` <a href="#/game/${s.recorded}">recorded as game ${s.recorded}</a>` : "") :
      (mine ? d.legal.filter(m => d.player !== null || m.startsWith(s.players[s.seat] + " ")).map(m => `<button data-move="${esc(m)}">${esc(m)}</button>`).join("") : "") +
      (d && d.player === null ? `<button id="wait">let the others move</button>` : "")}</div></div></div>`;
  for (const b of box.querySelectorAll("button[data-move]")) b.onclick = () => playMove(b.dataset.move);
  const wait = document.getElementById("wait");
  if (wait) wait.onclick = () => playMove(null);
  document.getElementById("board").onclick = e => {
    const card = e.target.closest(".card");
    if (card && mine) playMove(card.dataset.card);
  };
}

async function playMove(move) {
  try {
    showPlay(await api(`/api/play/${state.play.session}/move`, move === null ? {wait: true} : {move}));
    status("");
  } catch (e) { status(e.message, true); }
}


window.addEventListener("hashchange", route);
route();
