// Draws a position view (docs/VIEW.md, as /api/.../view answers it) as SVG.
// Nothing here knows a game: zones are placed by their role (trick, rows,
// hand) and drawn as cards, backs or counted stacks; colours come from the
// ruleset's display section; a search card is drawn from its picture data.
"use strict";

const CSS_COLOURS = {
  blue: "#2b6cd4", yellow: "#e0b500", red: "#d33", green: "#2a9d4a", purple: "#8a4fc8",
  pink: "#e67fb0", orange: "#f08a24", black: "#222", white: "#ddd", cyan: "#19b3c4",
  magenta: "#c3c", grey: "#888", gray: "#888", brown: "#8b5a2b",
};
const CARD_W = 42, CARD_H = 60, WIDTH = 960;

function cssColour(name) {
  if (!name) return "#777";
  return CSS_COLOURS[name] || name;
}

function esc(text) {
  return String(text).replace(/[&<>"]/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[c]));
}

// The card's face: its last short word big ("7"), the rest small ("yellow").
function cardFace(name) {
  const m = /^(.*) (\S{1,3})$/.exec(name);
  if (m) return {big: m[2], small: m[1]};
  return {big: name.slice(0, 3), small: name};
}

function smallLines(text) {
  const words = text.replace(/"/g, "").split(" ");
  const lines = [];
  for (const w of words) {
    const last = lines.length - 1;
    if (last >= 0 && (lines[last] + " " + w).length <= 8) lines[last] += " " + w;
    else lines.push(w.slice(0, 9));
  }
  return lines.slice(0, 3);
}

function drawCard(card, x, y, extra) {
  extra = extra || {};
  if (!card.name) {  // only its back is seen
    const back = cssColour(card.back);
    return `<g class="back"><rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4"
      fill="${back}" stroke="#fff" stroke-width="1.5"/><rect x="${x + 5}" y="${y + 5}"
      width="${CARD_W - 10}" height="${CARD_H - 10}" rx="3" fill="none" stroke="#fff8"/></g>`;
  }
  const colour = cssColour(card.colour);
  const face = cardFace(card.name);
  const lines = smallLines(face.small).map((l, i) =>
    `<text x="${x + CARD_W / 2}" y="${y + 40 + i * 9}" font-size="8" text-anchor="middle" fill="#333">${esc(l)}</text>`).join("");
  const mark = extra.highlight ? ` stroke="#ff0" stroke-width="3"` : ` stroke="${colour}" stroke-width="2"`;
  return `<g class="card" data-card="${esc(card.name)}"><title>${esc(card.name)}</title>
    <rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#fffdf6"${mark}/>
    <rect x="${x + 2}" y="${y + 2}" width="${CARD_W - 4}" height="10" rx="2" fill="${colour}"/>
    <text x="${x + CARD_W / 2}" y="${y + 31}" font-size="17" font-weight="bold" text-anchor="middle"
      fill="${colour === "#e0b500" ? "#a07800" : colour}">${esc(face.big)}</text>${lines}</g>`;
}

// A line of cards from x, overlapped to fit `room`.
function drawCardRow(cards, x, y, room, extra) {
  const step = cards.length > 1 ? Math.min(CARD_W + 4, (room - CARD_W) / (cards.length - 1)) : 0;
  return cards.map((c, i) => drawCard(c, x + i * step, y, extra)).join("");
}

function drawStack(zone, x, y) {
  const layers = Math.min(zone.count, 4);
  let out = "";
  for (let i = layers - 1; i >= 1; --i) {
    out += `<rect x="${x + i * 2}" y="${y - i * 2}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#cfc7b4" stroke="#555"/>`;
  }
  const top = zone.visible && zone.cards.length ? zone.cards[zone.cards.length - 1] : null;
  if (top) out += drawCard(top, x, y);
  else if (zone.count > 0) out += `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="#8a7f68" stroke="#555"/>`;
  else out += `<rect x="${x}" y="${y}" width="${CARD_W}" height="${CARD_H}" rx="4" fill="none" stroke="#fff6" stroke-dasharray="4 3"/>`;
  out += `<text x="${x + CARD_W / 2}" y="${y + CARD_H + 12}" font-size="10" fill="#fff" text-anchor="middle">${esc(zone.label)}</text>`;
  out += `<text x="${x + CARD_W / 2}" y="${y + CARD_H + 24}" font-size="10" fill="#ffd" text-anchor="middle">${zone.count}</text>`;
  return out;
}

function label(x, y, text, size, colour) {
  return `<text x="${x}" y="${y}" font-size="${size || 12}" fill="${colour || "#fff"}">${esc(text)}</text>`;
}

// The search card: each fish at its grid place, turned as the card lies.
function drawPicture(picture, search, x, y) {
  const fish = picture.fish;
  const maxX = Math.max(...fish.map(f => f.x)), maxY = Math.max(...fish.map(f => f.y));
  const cell = 34, w = (maxX + 1) * cell + 20, h = (maxY + 1) * cell + 20;
  const size = Math.max(w, h);
  const marked = {};
  for (const seat of (search && search.seats) || []) {
    for (const m of seat.marks || []) (marked[m] = marked[m] || []).push(seat.name);
  }
  let out = `<g class="picture" transform="rotate(${picture.quarter_turns * 90} ${x + size / 2} ${y + size / 2})">`;
  out += `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="8" fill="#e9f6fb" stroke="#fff" stroke-width="2"/>`;
  for (const f of fish) {
    const cx = x + 10 + (size - w) / 2 + f.x * cell + cell / 2, cy = y + 10 + (size - h) / 2 + f.y * cell + cell / 2;
    const dir = f.right ? 1 : -1, c = cssColour(f.colour);
    out += `<ellipse cx="${cx}" cy="${cy}" rx="11" ry="7" fill="${c}"/>`;
    out += `<polygon points="${cx - dir * 10},${cy} ${cx - dir * 17},${cy - 6} ${cx - dir * 17},${cy + 6}" fill="${c}"/>`;
    out += `<circle cx="${cx + dir * 5}" cy="${cy - 2}" r="1.6" fill="#fff"/>`;
    out += `<text x="${cx}" y="${cy + 16}" font-size="8" text-anchor="middle" fill="#333">${f.number}</text>`;
    if (marked[f.number]) out += `<circle cx="${cx}" cy="${cy}" r="15" fill="none" stroke="#d00" stroke-width="2"><title>${esc(marked[f.number].join(", "))}</title></circle>`;
  }
  out += "</g>";
  return {svg: out, height: size};
}

function statusLine(view) {
  const parts = [`round ${view.round}`];
  if (view.tricks) parts.push(`trick ${view.trick_number} of ${view.tricks}`);
  for (const v of view.shown) if (v.role === "status") parts.push(`${v.name} ${v.values.join(", ")}`);
  return parts.join(" · ");
}

// Seat i's score as text (a score is per player); without one, its rank.
function scoreOf(view, i) {
  const score = view.shown.find(v => v.role === "score");
  return score ? score.values[i] : view.ranks[i];
}

function scoreLine(view) {
  return view.players.map((p, i) => `${p} ${scoreOf(view, i)}`).join("   ");
}

// Once over: the seats by place, equal ranks sharing one (view.places), with
// the ruleset's note where the score does not tell the place (view.place_notes).
function placesLine(view) {
  const seats = view.players.map((p, i) => i).sort((a, b) => view.places[a] - view.places[b]);
  const notes = view.place_notes || [];
  const note = i => (notes[i] ? ` (${notes[i]})` : "");
  return "final ranks: " +
    seats.map(i => `${view.places[i]}. ${view.players[i]} ${scoreOf(view, i)}${note(i)}`)
      .join(" · ");
}

// data: {view, picture}; returns the SVG text.
function drawTable(data) {
  const view = data.view;
  let y = 22, out = "";
  out += label(12, y, statusLine(view), 14);
  y += 18;
  out += label(12, y, scoreLine(view), 13, "#ffd");
  y += 14;
  if (view.over) {
    y += 16;
    const reason = view.end_reason ? ": " + view.end_reason : "";
    const who = view.winners.length > 1 ? " · winners " : " · winner ";
    const winners = view.winners.length ? who + view.winners.join(", ") : "";
    out += label(12, y, "game over" + reason + winners, 14, "#fc8");
    if (view.places.length) { y += 16; out += label(12, y, placesLine(view), 13, "#fc8"); }
  }
  const trickZone = view.zones.find(z => z.role === "trick");
  if (trickZone || view.trick.length) {
    y += 14;
    out += label(12, y + 4, trickZone ? trickZone.label : "trick", 12);
    view.trick.forEach((t, i) => {
      const x = 90 + i * (CARD_W + 14);
      out += drawCard(t.card, x, y - 8);
      out += `<text x="${x + CARD_W / 2}" y="${y + CARD_H + 4}" font-size="10" fill="#ffd" text-anchor="middle">${esc(t.player || "")}</text>`;
    });
    y += CARD_H + 10;
  }
  const rows = view.zones.filter(z => z.role === "rows");
  for (const r of rows) {
    y += 8;
    out += label(12, y + 30, `${r.label} (${r.count})`, 12);
    out += drawCardRow(r.cards, 90, y, WIDTH - 110);
    y += CARD_H + 4;
  }
  if (data.picture) {
    y += 10;
    out += label(12, y + 12, "searching " + data.picture.card, 12, "#ffd");
    const p = drawPicture(data.picture, view.search, 150, y);
    out += p.svg;
    y += p.height + 6;
  }
  const hands = view.zones.filter(z => z.role === "hand");
  for (const h of hands) {
    y += 10;
    out += label(12, y + 30, `${h.label} (${h.count})`, 12, h.visible ? "#fff" : "#cde");
    if (h.cards.length) out += drawCardRow(h.cards, 90, y, WIDTH - 110);
    else if (h.count) out += drawStack({label: "", count: h.count, visible: false, cards: []}, 90, y);
    y += CARD_H + 4;
  }
  const piles = view.zones.filter(z => !["hand", "trick", "rows"].includes(z.role));
  let x = 12;
  y += 16;
  for (const p of piles) {
    if (x + CARD_W + 30 > WIDTH) { x = 12; y += CARD_H + 40; }
    out += drawStack(p, x, y);
    x += CARD_W + 44;
  }
  y += CARD_H + 48;
  if (view.decision) {
    // A choice of several cards: the picks so far (backs where unseen).
    const d = view.decision, chosen = (d.chosen || []).map(c => c.name || "a card");
    const text = chosen.length ? `${d.text}; chosen: ${chosen.join(", ")}; ${d.remaining} more` : d.text;
    out += label(12, y, text, 13, "#ffd");
    y += 10;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${y + 10}" width="${WIDTH}" height="${y + 10}">${out}</svg>`;
}
