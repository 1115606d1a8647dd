// The deal on the page: the game's options as controls, the board drawn from the document (a row for a flat
// board, the layout's positions where its x and y put them), each player's seat (name, hole and up slots, fold,
// declaration, personal wild rank, chips), the money, the button and the events. Every field carries a
// `data-field` naming it, which is where a problem of the service is shown.

import { cardFace, spokenCard } from "./cards.js";
import { dealOrder } from "./deal.js";
import { h } from "./dom.js";

let uid = 0;
const nextId = (stem) => `${stem}-${(uid += 1)}`;

/** A slot a card goes in: a button showing its card (or its name when empty), pressed when it is the one a tap
 *  of the picker fills; `marks` holds the slots used by a winning hand. */
function slot(key, card, label, ctx) {
  const classes = ["slot"];
  if (!card) classes.push("empty");
  if (ctx.marks.has(key)) classes.push("won");
  return h("button", {
    type: "button", class: classes.join(" "), "data-key": key, "data-field": `slot:${key}`,
    "aria-pressed": String(ctx.active === key),
    "aria-label": `${label}: ${card ? spokenCard(card) : "empty"}`, onclick: () => ctx.onSlot(key),
  }, card ? cardFace(card) : h("span", { class: "slot-name" }, label.replace(/^.* /, "")));
}

function labelled(text, control, field) {
  const id = control.id || (control.id = nextId("f"));
  return h("div", { class: "field", "data-field": field }, h("label", { for: id }, text), control);
}

function select(choices, value, onchange, key) {
  const el = h("select", { "data-key": key, onchange: (e) => onchange(e.target.value) },
    choices.map(([v, text]) => h("option", { value: v, text })));
  el.value = value;
  return el;
}

function options(ctx) {
  const { doc, deal } = ctx;
  if (!doc.options.length) return null;
  return h("fieldset", { class: "options" }, h("legend", { text: "House rules" }),
    doc.options.map((o) => {
      const control = select(o.values.map((v) => [v, v]), deal.o[o.name] ?? String(o.default),
        (v) => { deal.o[o.name] = v; ctx.onChange(false); }, `opt.${o.name}`);
      return h("div", {}, labelled(o.name.replaceAll("_", " "), control, `opt.${o.name}`),
        h("p", { class: "hint", text: o.description }));
    }));
}

function board(ctx) {
  const { doc, deal } = ctx;
  const names = Object.keys(deal.b);
  if (!names.length) return null;
  let area;
  if (doc.board.kind === "layout") {
    const xs = doc.board.positions.map((p) => p.x);
    const ys = doc.board.positions.map((p) => p.y);
    area = h("div", { class: "layout", role: "group", "aria-label": "Board layout" });
    area.style.setProperty("--cols", String(Math.max(...xs) - Math.min(...xs) + 1));
    area.style.setProperty("--rows", String(Math.max(...ys) - Math.min(...ys) + 1));
    for (const p of doc.board.positions) {
      const el = slot(`b.${p.name}`, deal.b[p.name], `Board position ${p.name}`, ctx);
      el.classList.add("at");
      el.style.setProperty("--x", String(p.x - Math.min(...xs)));
      el.style.setProperty("--y", String(p.y - Math.min(...ys)));
      area.append(el);
    }
  } else {
    area = h("div", { class: "slots board-row", role: "group", "aria-label": "Board" },
      names.map((name, n) => slot(`b.${name}`, deal.b[name], `Board card ${n + 1}`, ctx)));
  }
  return h("section", { class: "board", "data-field": "board", "aria-label": "Board" },
    h("h3", { text: doc.board.kind === "layout" ? "Layout" : "Board" }),
    doc.board.description ? h("p", { class: "hint", text: doc.board.description }) : null, area);
}

function seat(ctx, player, i) {
  const { doc, deal } = ctx;
  const name = h("input", {
    type: "text", value: player.n, maxlength: "64", autocomplete: "off", "data-key": `p${i}.name`,
    oninput: (e) => { player.n = e.target.value; ctx.onChange(false); },
  });
  const who = player.n || `player ${i + 1}`;
  const parts = [labelled("Name", name, `p${i}.name`)];
  parts.push(h("div", { class: "slots", "data-field": `p${i}.hole`, role: "group", "aria-label": `${who}: hole cards` },
    h("span", { class: "row-label", text: "hole" }),
    player.h.map((c, j) => slot(`p${i}.h${j}`, c, `${who} hole card ${j + 1}`, ctx))));
  if (player.u.length) {
    parts.push(h("div", { class: "slots", "data-field": `p${i}.up`, role: "group", "aria-label": `${who}: up cards` },
      h("span", { class: "row-label", text: "up" }),
      player.u.map((c, j) => slot(`p${i}.u${j}`, c, `${who} up card ${j + 1}`, ctx))));
  }
  const fold = h("input", { type: "checkbox", checked: player.f, "data-key": `p${i}.fold`,
    onchange: (e) => { player.f = e.target.checked; ctx.onChange(true); } });
  const extras = [h("label", { class: "check", "data-field": `p${i}.folded` }, fold, " folded")];
  if (doc.pot_division.kind === "declare") {
    extras.push(labelled("declares", select([["high", "high"], ["low", "low"], ["both", "both"]], player.d || "high",
      (v) => { player.d = v; ctx.onChange(false); }, `p${i}.declare`), `p${i}.declare`));
  }
  if (doc.player_facts.includes("wild_rank")) {
    extras.push(labelled("wild rank", select([["", "none"], ...[..."23456789TJQKA"].map((r) => [r, r])], player.w,
      (v) => { player.w = v; ctx.onChange(false); }, `p${i}.wild`), `p${i}.wild`));
  }
  if (deal.m === "each") {
    extras.push(labelled("chips in", h("input", { type: "number", min: "0", step: "1", inputmode: "numeric",
      value: player.c, "data-key": `p${i}.chips`, oninput: (e) => { player.c = e.target.value; ctx.onChange(false); } }),
    `p${i}.chips`));
  }
  if (deal.p.length > Math.max(2, doc.seats.min)) {
    extras.push(h("button", { type: "button", class: "quiet", "data-key": `p${i}.remove`, text: "remove",
      "aria-label": `remove ${who}`, onclick: () => { deal.p.splice(i, 1); deal.btn = ""; ctx.onChange(true); } }));
  }
  parts.push(h("div", { class: "seat-extras" }, extras));
  const classes = ["seat"];
  if (player.f) classes.push("folded");
  if (ctx.winners.has(i)) classes.push("winner");
  return h("li", { class: classes.join(" "), "data-field": `p${i}`, "data-seat": String(i) }, parts);
}

function money(ctx) {
  const { deal } = ctx;
  const mode = select([["pot", "one pot"], ["each", "each player's chips (side pots)"]], deal.m,
    (v) => { deal.m = v; ctx.onChange(true); }, "money");
  const parts = [labelled("Money", mode, "money")];
  if (deal.m === "pot") {
    parts.push(labelled("Pot", h("input", { type: "number", min: "0", step: "1", inputmode: "numeric", value: deal.pot,
      "data-key": "pot", oninput: (e) => { deal.pot = e.target.value; ctx.onChange(false); } }), "pot"));
  }
  const button = select([["", "last player listed"], ...deal.p.map((p, i) => [String(i), p.n || `player ${i + 1}`])],
    deal.btn, (v) => { deal.btn = v; ctx.onChange(false); }, "button");
  parts.push(labelled("Button", button, "button"));
  return h("fieldset", { class: "money" }, h("legend", { text: "Money and button" }), parts);
}

function events(ctx) {
  const { doc, deal } = ctx;
  if (!doc.events.length) return null;
  return h("fieldset", { class: "events", "data-field": "events" }, h("legend", { text: "What happened in play" }),
    doc.events.map((event) => {
      const input = h("input", { type: "text", value: deal.e[event.name] || "", autocomplete: "off",
        "data-key": `ev.${event.name}`, oninput: (e) => { deal.e[event.name] = e.target.value; ctx.onChange(false); } });
      if (event.name === "up_order") input.placeholder = dealOrder(deal.p.map((p) => ({ up: p.u }))).join(" ") || "the up cards in deal order";
      return h("div", {}, labelled(`${event.name.replaceAll("_", " ")}${event.required ? "" : " (optional)"}`, input,
        `ev.${event.name}`), h("p", { class: "hint", text: event.name === "up_order"
        ? `${event.description}; left empty, the up cards are taken round by round in seat order` : event.description }));
    }));
}

/** The whole deal editor for `ctx` ({doc, deal, active, marks, winners, onSlot, onChange, onAdd}). */
export function editor(ctx) {
  const { doc, deal } = ctx;
  const seats = h("ol", { class: "seats", "data-field": "players", "aria-label": "Players, in seat order" },
    deal.p.map((p, i) => seat(ctx, p, i)));
  const add = deal.p.length < (doc.seats.max ?? 12)
    ? h("button", { type: "button", class: "quiet", "data-key": "add-player", text: "+ add a player", onclick: ctx.onAdd })
    : null;
  return h("div", { class: "editor" }, options(ctx), board(ctx),
    h("section", { "aria-label": "Players" }, h("h3", { text: "Players" }), seats, add), money(ctx), events(ctx));
}
