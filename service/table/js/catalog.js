// Finding a game in the catalog (GET /v1/variants): every word typed must appear in the game's name, id, one of
// its aliases or one of its tags; the names that start with the words come first.

import { h } from "./dom.js";

function haystack(v) {
  return [v.name, v.id, ...v.aliases, ...v.tags].join(" ").toLowerCase().replace(/['\u2019]/g, "");
}

/** The catalog entries matching `query`, best first. */
export function search(variants, query) {
  const words = query.toLowerCase().replace(/['\u2019]/g, "").split(/\s+/).filter(Boolean);
  const hits = variants.filter((v) => words.every((w) => haystack(v).includes(w)));
  const first = words[0] || "";
  const score = (v) => (v.name.toLowerCase().replace(/['\u2019]/g, "").startsWith(first) || v.id.startsWith(first) ? 0 : 1);
  return hits.sort((a, b) => score(a) - score(b) || a.name.localeCompare(b.name));
}

/** The list of matches, each a button choosing that game. */
export function results(matches, onChoose, limit = 12) {
  const shown = matches.slice(0, limit);
  return h("div", {},
    h("p", { class: "hint", "aria-live": "polite", text: `${matches.length} game${matches.length === 1 ? "" : "s"}${matches.length > limit ? `, the first ${limit} shown` : ""}` }),
    h("ul", { class: "matches" }, shown.map((v) => h("li", {},
      h("button", { type: "button", class: "match", "data-variant": v.id, onclick: () => onChoose(v.id) },
        h("strong", { text: v.name }), h("span", { class: "hint", text: ` ${v.tags.join(", ")}` }),
        h("span", { class: "desc", text: v.description }))))));
}

/** The game's few-line rules, from its document. */
export function rules(doc) {
  const lines = [doc.description, `Deck: ${doc.deck.description}.`, `Pot: ${doc.pot_division.description}`,
    ...doc.wild_cards.map((w) => `Wild: ${w}.`), ...doc.notes];
  return h("div", { class: "rules" }, h("h2", { text: doc.name }),
    doc.aliases.length ? h("p", { class: "hint", text: `also: ${doc.aliases.join(", ")}` }) : null,
    h("ul", {}, lines.map((line) => h("li", { text: line }))));
}
