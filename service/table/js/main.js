// The table page: pick a game, deal it by tapping, settle it. It holds what is on screen (the catalog, the game's
// document, the deal, the slot a tap fills, the last answer and problems) and draws it again after each change;
// the deal goes in the URL fragment when a game is chosen and when a hand is settled, so a link reopens it
// settled and back/forward step through them.

import { ApiProblem, getJson, postJson, postPicture } from "./api.js";
import { deckOf, spokenCard } from "./cards.js";
import { results, rules, search } from "./catalog.js";
import { addPlayer, cardAt, fitted, fromFragment, missing, newDeal, placedCards, request, setCard, slotOrder,
  toFragment, withoutCards } from "./deal.js";
import { append, fill, h } from "./dom.js";
import { editor } from "./editor.js";
import { oddsAnswer, showdownAnswer, winningSlots } from "./answer.js";
import { picker } from "./picker.js";

const $ = (id) => document.getElementById(id);
const view = {
  query: $("query"), matches: $("matches"), game: $("game"), rules: $("rules"), table: $("table"),
  picker: $("picker"), actions: $("actions"), answer: $("answer"), odds: $("odds"), picture: $("picture"),
};
const app = { variants: [], docs: new Map(), doc: null, deal: null, active: null, settled: null, problems: [],
  sentFields: new Map() };

async function documentOf(id) {
  if (!app.docs.has(id)) app.docs.set(id, await getJson(`/v1/variants/${encodeURIComponent(id)}`));
  return app.docs.get(id);
}

function slotLabel(key) {
  const el = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
  return el ? el.getAttribute("aria-label").replace(/:.*$/, "") : key;
}

function advance(from) {
  const order = slotOrder(app.deal);
  const start = order.indexOf(from);
  for (let n = 1; n <= order.length; n += 1) {
    const key = order[(start + n) % order.length];
    if (!cardAt(app.deal, key)) return key;
  }
  return null;
}

function pick(card) {
  const key = app.active ?? advance(null);
  if (!key) return;
  setCard(app.deal, key, card);
  app.active = advance(key);
  changed(true);
}

function clearActive() {
  if (app.active) setCard(app.deal, app.active, "");
  changed(true);
}

function changed(structural) {
  app.settled = app.settled && { ...app.settled, stale: true };
  if (structural) draw();
  else drawActions();
}

function context() {
  const marks = app.settled && !app.settled.stale ? app.settled.marks : new Set();
  const winners = new Set();
  if (app.settled && !app.settled.stale) {
    app.deal.p.forEach((p, i) => app.settled.winners.has(p.n.trim()) && winners.add(i));
  }
  return { doc: app.doc, deal: app.deal, active: app.active, marks, winners,
    onSlot: (key) => {
      app.active = key;
      draw();
      // the picker is the next thing a keyboard needs, wherever the slot is on the page
      view.picker.querySelector("button.pick:not([disabled])")?.focus({ preventScroll: true });
    },
    onChange: changed,
    onAdd: () => { addPlayer(app.deal, app.doc); changed(true); } };
}

function drawPicker() {
  if (!app.active) {
    fill(view.picker);
    view.picker.hidden = true;
    return;
  }
  view.picker.hidden = false;
  const current = cardAt(app.deal, app.active);
  const label = `Tap a card for ${slotLabel(app.active)}${current ? ` (now ${spokenCard(current)})` : ""}`;
  fill(view.picker, picker(deckOf(app.doc.deck), placedCards(app.deal), pick, label),
    h("div", { class: "picker-actions" },
      current ? h("button", { type: "button", "data-key": "clear-card", text: "clear this card", onclick: clearActive }) : null,
      h("button", { type: "button", "data-key": "close-picker", text: "done", onclick: () => { app.active = null; draw(); } })));
}

function drawActions() {
  const gaps = missing(app.deal, app.doc);
  const settleButton = h("button", { type: "button", class: "primary", "data-key": "settle", disabled: gaps.length > 0,
    "aria-describedby": gaps.length ? "still-missing" : null, text: "Settle the hand", onclick: () => settle(true) });
  const odds = h("button", { type: "button", "data-key": "odds", text: "Odds", onclick: askOdds });
  const clear = h("button", { type: "button", class: "quiet", "data-key": "new-hand", text: "new hand",
    onclick: () => { app.deal = withoutCards(app.deal); app.active = null; app.settled = null; app.problems = []; draw(); drawAnswer(); } });
  fill(view.actions, h("div", { class: "buttons" }, settleButton, odds, clear),
    gaps.length ? h("ul", { id: "still-missing", class: "hint missing" },
      gaps.map((g) => h("li", { text: `${fieldName(g.field)}: ${g.text}` }))) : null);
}

function fieldName(field) {
  const m = /^p(\d+)/.exec(field);
  return m ? app.deal.p[Number(m[1])]?.n || `player ${Number(m[1]) + 1}` : field;
}

/** The page field a problem's JSON pointer names: the pointer itself, or its nearest parent that has one. */
function fieldOf(pointer) {
  let at = pointer;
  while (at) {
    if (app.sentFields.has(at)) return app.sentFields.get(at);
    at = at.slice(0, Math.max(0, at.lastIndexOf("/")));
  }
  return null;
}

function drawProblems() {
  const loose = [];
  let count = 0;
  for (const problem of app.problems) {
    const field = fieldOf(problem.pointer || "");
    let el = field && (document.querySelector(`[data-field="${CSS.escape(field)}"]`)
      || document.querySelector(`[data-field="slot:${CSS.escape(field)}"]`));
    if (!el) {
      loose.push(problem);
      continue;
    }
    el.setAttribute("aria-invalid", "true");
    el.classList.add("invalid");
    if (el.classList.contains("slot")) el = el.parentElement;
    const note = h("p", { class: "problem", role: "alert", "data-pointer": problem.pointer || "", text: problem.detail });
    el.after(note);
    const control = el.querySelector?.("input, select");
    if (control) control.setAttribute("aria-describedby", (note.id = `problem-${(count += 1)}`));
  }
  if (loose.length) {
    append(view.actions, h("ul", { class: "problems", role: "alert" },
      loose.map((p) => h("li", { class: "problem", "data-pointer": p.pointer || "", text: p.detail || p.title }))));
  }
}

function draw() {
  const focused = document.activeElement?.dataset?.key;
  fill(view.table, editor(context()));
  drawPicker();
  drawActions();
  drawProblems();
  if (focused) {
    const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
    else if (focused.startsWith("pick.") && app.active) view.picker.querySelector("button.pick:not([disabled])")?.focus();
  }
}

function drawAnswer() {
  fill(view.picture);
  if (!app.settled) {
    fill(view.answer);
    return;
  }
  const { result, body } = app.settled;
  const link = h("button", { type: "button", class: "quiet", "data-key": "copy-link", text: "copy the link to this hand",
    onclick: async () => { try { await navigator.clipboard.writeText(location.href); link.textContent = "link copied"; } catch { link.textContent = "copy the address bar"; } } });
  const pictureButton = (format) => h("button", { type: "button", "data-key": `picture-${format}`, text: `picture (${format.toUpperCase()})`,
    onclick: () => picture(body, format) });
  fill(view.answer, h("h2", { text: "The answer" }), showdownAnswer(result, body),
    h("div", { class: "buttons" }, pictureButton("png"), pictureButton("svg"), link));
}

async function picture(body, format) {
  fill(view.picture, h("progress", { "aria-label": "drawing the picture" }));
  try {
    const url = URL.createObjectURL(await postPicture("/v1/showdowns/render", body, format));
    fill(view.picture, h("img", { src: url, alt: app.settled?.result.summary || "the showdown", class: "shot" }),
      h("a", { href: url, download: `showdown.${format}`, "data-key": "download", text: `download showdown.${format}` }));
  } catch (error) {
    fill(view.picture, h("p", { class: "problem", text: error.message }));
  }
}

async function settle(push) {
  const { body, fields } = request(app.deal, app.doc);
  app.sentFields = fields;
  view.answer.setAttribute("aria-busy", "true");
  try {
    const result = await postJson("/v1/showdowns", body);
    app.settled = { result, body, ...winningSlots(result, body, fields) };
    app.problems = [];
    app.active = null;
    if (push) history.pushState(null, "", toFragment({ ...app.deal, a: true }));
  } catch (error) {
    app.settled = null;
    app.problems = error instanceof ApiProblem && error.errors.length ? error.errors : [{ pointer: "", detail: error.message }];
  }
  view.answer.removeAttribute("aria-busy");
  draw();
  drawAnswer();
  if (app.settled) view.answer.querySelector(".summary")?.scrollIntoView({ block: "nearest" });
}

async function askOdds() {
  const { body, fields } = request(app.deal, app.doc, { odds: true });
  app.sentFields = fields;
  fill(view.odds, h("p", {}, "Working out the odds\u2026 ", h("progress", { "aria-label": "odds in progress" })));
  view.odds.setAttribute("aria-busy", "true");
  try {
    const result = await postJson("/v1/equities", body);
    app.problems = [];
    fill(view.odds, h("h2", { text: "Odds" }), oddsAnswer(result));
  } catch (error) {
    app.problems = error instanceof ApiProblem && error.errors.length ? error.errors : [{ pointer: "", detail: error.message }];
    fill(view.odds);
  }
  view.odds.removeAttribute("aria-busy");
  draw();
}

async function openGame(id, deal) {
  const doc = await documentOf(id);
  app.doc = doc;
  app.deal = deal ? fitted(deal, doc) : newDeal(doc);
  app.deal.a = false;
  app.active = null;
  app.settled = null;
  app.problems = [];
  view.game.hidden = false;
  fill(view.rules, rules(doc));
  fill(view.odds);
  draw();
  drawAnswer();
}

async function chooseGame(id) {
  await openGame(id);
  history.pushState(null, "", toFragment(app.deal));
  view.rules.querySelector("h2")?.scrollIntoView({ block: "start" });
}

async function openFromUrl() {
  const deal = fromFragment(location.hash);
  if (!deal) {
    view.game.hidden = true;
    app.doc = null;
    return;
  }
  try {
    await openGame(deal.v, deal);
    if (deal.a) await settle(false);
  } catch (error) {
    fill(view.matches, h("p", { class: "problem", role: "alert", text: `That link's game could not be opened: ${error.message}` }));
  }
}

function drawMatches() {
  const query = view.query.value;
  fill(view.matches, query.trim() ? results(search(app.variants, query), chooseGame) : null);
}

async function start() {
  view.query.addEventListener("input", drawMatches);
  window.addEventListener("popstate", openFromUrl);
  try {
    app.variants = (await getJson("/v1/variants")).variants;
  } catch (error) {
    fill(view.matches, h("p", { class: "problem", role: "alert", text: `The catalog could not be loaded: ${error.message}` }));
  }
  drawMatches();
  await openFromUrl();
  document.body.dataset.ready = "true";
}

start();
