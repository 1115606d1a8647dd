// Finding a game in the catalog (GET /v1/variants): every word typed must appear in the game's name, id, one of
// its aliases or one of its tags; an exact id or alias comes first, then the names that start with the words.

import { h } from "./dom.js";

function haystack(v) {
  return [v.name, v.id, ...v.aliases, ...v.tags].join(" ").toLowerCase().replace(/['\u2019]/g, "");
}

/** The catalog entries matching `query`, best first: the game whose id or alias is the query, then those whose
 *  name or id starts with it, then the rest by name. */
export function search(variants, query) {
  const plain = (text) => text.toLowerCase().replace(/['\u2019]/g, "");
  const words = plain(query).split(/\s+/).filter(Boolean);
  const hits = variants.filter((v) => words.every((w) => haystack(v).includes(w)));
  const whole = words.join("-");
  const score = (v) => {
    if ([v.id, ...v.aliases].includes(whole)) return 0;
    return plain(v.name).startsWith(words.join(" ")) || v.id.startsWith(whole) ? 1 : 2;
  };
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
