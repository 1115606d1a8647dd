// Cards as the service spells them ("As", "Td", jokers "X1"...), the deck a variant's document describes,
// and a card drawn as an element (its rank, its suit's symbol and colour, a spoken name).

import { h } from "./dom.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "shdc";
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const SUIT_SYMBOLS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const RANK_NAMES = { T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };

/** The deck of a variant document: its ranks (lowest first), suits and number of jokers, from the deck's id
 *  ("52", "36", "32", "20", "52+2": how many cards, and how many jokers after a plus). */
export function deckOf(documentDeck) {
  const [base, jokers] = String(documentDeck.id).split("+");
  const size = Number.parseInt(base, 10) || documentDeck.size || 52;
  const rankCount = Math.max(1, Math.min(13, Math.round(size / 4)));
  return { ranks: RANKS.slice(13 - rankCount), suits: SUITS, jokers: Number.parseInt(jokers || "0", 10) || 0 };
}

/** Every card of a deck, in the picker's order (suit by suit, ranks high to low; then the jokers). */
export function deckCards(deck) {
  const cards = [];
  for (const suit of deck.suits) for (const rank of [...deck.ranks].reverse()) cards.push(rank + suit);
  for (let i = 1; i <= deck.jokers; i += 1) cards.push(`X${i}`);
  return cards;
}

export function isJoker(card) {
  return card.startsWith("X");
}

/** How a card is said aloud: "ace of spades", "joker 1". */
export function spokenCard(card) {
  if (isJoker(card)) return `joker ${card.slice(1)}`;
  const rank = card[0];
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[card[1]]}`;
}

/** The card as an element: rank and suit symbol, coloured by suit (four colours, readable without colour too). */
export function cardFace(card, className = "card") {
  if (isJoker(card)) {
    return h("span", { class: `${className} joker`, title: spokenCard(card) }, "\u2605", card.slice(1));
  }
  const rank = card[0] === "T" ? "10" : card[0];
  return h("span", { class: `${className} suit-${card[1]}`, title: spokenCard(card) }, rank, SUIT_SYMBOLS[card[1]]);
}
