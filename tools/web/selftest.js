// Loaded only with ?selftest=1 (tools/browser_test.sh): drives the page as a
// person would, with key presses and clicks, and writes what happened into
// <pre id="selftest">: "PASS ..." or "FAIL: why".
"use strict";

function until(check, what, ms) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    (function poll() {
      let ok = false;
      try { ok = check(); } catch (e) { ok = false; }
      if (ok) resolve();
      else if (Date.now() - start > (ms || 8000)) reject(new Error("timed out: " + what));
      else setTimeout(poll, 20);
    })();
  });
}

function press(key) {
  document.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
}

async function selftest() {
  const log = [];
  // A game: step 10 plies with the arrow key.
  await until(() => document.querySelector("#board svg"), "the table");
  for (let i = 1; i <= 10; ++i) {
    press("ArrowRight");
    await until(() => state.ply === i && state.pos && state.pos.ply === i, "ply " + i);
  }
  const current = document.querySelector(".move.current");
  if (!current || !current.textContent.startsWith("10.")) throw new Error("move 10 not marked");
  log.push("stepped to ply 10: " + current.textContent.trim());
  press("Home");
  await until(() => state.ply === 0, "Home");
  press("End");
  await until(() => state.ply === state.game.moves.length, "End");
  await until(() => /final ranks: 1\. /.test(document.getElementById("board").textContent),
              "the final ranks at the end");
  log.push("the end shows " + [...document.querySelectorAll("#board text")]
    .map(t => t.textContent).find(t => t.startsWith("final ranks: ")));
  // A ruleset's place note stands beside the place the score does not tell.
  const noted = placesLine({players: ["Anne", "Paul"], places: [2, 1], ranks: [-98, 3],
                            shown: [{role: "score", values: ["0", "3"]}],
                            place_notes: ["out in round 2", ""]});
  if (noted !== "final ranks: 1. Paul 3 · 2. Anne 0 (out in round 2)")
    throw new Error("place notes: " + noted);
  log.push("a place note: " + noted);
  current.click();
  await until(() => state.ply === 10, "click on move 10");
  // A comment and a glyph on move 10.
  document.getElementById("comment").value = "seen in the browser";
  document.getElementById("glyph").value = "!?";
  document.getElementById("save").click();
  await until(() => document.getElementById("status").textContent === "saved", "saved");
  log.push("commented move 10");
  // A variation from ply 10: choose a move on the table, store it.
  document.getElementById("branch").click();
  await until(() => document.querySelector("#legal button[data-move]"), "the legal moves");
  const first = document.querySelector("#legal button[data-move]").dataset.move;
  const onTable = [...document.querySelectorAll("#board .card")].find(c => c.dataset.card === first);
  (onTable || document.querySelector("#legal button[data-move]")).dispatchEvent(new MouseEvent("click", {bubbles: true}));
  await until(() => state.branch && state.branch.moves.length === 1, "the branch's first move");
  document.getElementById("store-branch").click();
  await until(() => state.variation > 0 && state.game.variations.length === 1, "the stored variation");
  log.push("branched at ply 10 with " + first + ": variation " + state.variation);
  document.getElementById("scenario").click();
  await until(() => !document.getElementById("scenario-text").hidden &&
              document.getElementById("scenario-text").textContent.includes("ruleset"), "the scenario");
  log.push("wrote the position as a scenario");
  // Play against bots: start, then click cards or moves three times.
  location.hash = "#/play";
  await until(() => document.getElementById("p-start"), "the play form");
  document.getElementById("p-ruleset").value = "fishing";
  document.getElementById("p-players").value = "4";
  document.getElementById("p-seed").value = "3";
  document.getElementById("p-record").checked = false;
  document.getElementById("p-start").click();
  for (let i = 0; i < 3; ++i) {
    await until(() => state.play && document.querySelector("#legal button[data-move]"), "a legal move");
    const before = state.play;
    const move = document.querySelector("#legal button[data-move]").dataset.move;
    const card = [...document.querySelectorAll("#board .card")].find(c => c.dataset.card === move);
    (card || document.querySelector("#legal button[data-move]")).dispatchEvent(new MouseEvent("click", {bubbles: true}));
    await until(() => state.play !== before, "the answer to " + move);
    if (!state.play.narration.length) throw new Error("no narration after " + move);
    log.push("played " + move + (card ? " (card)" : " (button)") + ": " + state.play.narration[0]);
  }
  return log;
}

window.addEventListener("load", () => {
  const out = document.createElement("pre");
  out.id = "selftest";
  document.body.appendChild(out);
  selftest().then(log => { out.textContent = "PASS\n" + log.join("\n"); },
                  e => { out.textContent = "FAIL: " + e.message; });
});
