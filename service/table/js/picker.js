// The card picker: the variant's deck as a grid of buttons (a row per suit, ranks high to low, then the jokers
// where the deck has them). A card already placed is greyed out and cannot be picked again.

import { deckCards, cardFace, spokenCard } from "./cards.js";
import { h } from "./dom.js";

/** The picker for `deck`; `placed` maps each placed card to its slot; `onPick(card)` is called on a tap. */
export function picker(deck, placed, onPick, targetLabel) {
  const grid = h("div", { class: "picker-grid", role: "group", "aria-label": "Cards" });
  let row = null;
  let suit = null;
  for (const card of deckCards(deck)) {
    const rowKey = card.startsWith("X") ? "X" : card[1];
    if (rowKey !== suit) {
      suit = rowKey;
      row = h("div", { class: "picker-row" });
      grid.append(row);
    }
    const used = placed.has(card);
    row.append(h("button", {
      type: "button", class: "pick", "data-key": `pick.${card}`, "data-card": card, disabled: used,
      "aria-label": `${spokenCard(card)}${used ? " (placed)" : ""}`, onclick: () => onPick(card),
    }, cardFace(card, "face")));
  }
  return h("section", { class: "picker", "aria-label": "Card picker" },
    h("p", { class: "picker-target", "aria-live": "polite" }, targetLabel), grid);
}
