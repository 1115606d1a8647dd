// The service's answers as a person reads them: the summary line; each player's hands, the cards as played
// (a wild card shown as what it became) and the player's own cards with those the hand used highlighted; each
// pot with its shares, winners, odd chips and what carries over. And the odds of POST /v1/equities.

import { cardFace } from "./cards.js";
import { h } from "./dom.js";

/** The cards a hand played, each wild one with the card it stands for. */
function played(hand) {
  const wilds = [...(hand.wilds || [])];
  return hand.cards.map((card) => {
    const w = wilds.findIndex((x) => x.as === card);
    if (w < 0) return h("span", { class: "played" }, cardFace(card));
    const [wild] = wilds.splice(w, 1);
    return h("span", { class: "played wild", title: `${wild.card} played as ${wild.as}` },
      cardFace(card), h("span", { class: "as" }, `(${wild.card})`));
  });
}

/** The player's own cards and the board's, those `hand` used highlighted. */
function used(hand, player, board) {
  const own = [...player.hole.filter(Boolean).map((c) => [c, hand.hole.includes(c)]),
    ...(player.up || []).filter(Boolean).map((c) => [c, (hand.up || []).includes(c)])];
  const handBoard = Array.isArray(hand.board) ? hand.board : Object.values(hand.board || {});
  const shared = board.map((c) => [c, handBoard.includes(c)]);
  const row = (cards, label) => h("span", { class: "cards", "aria-label": label },
    cards.map(([c, on]) => {
      const el = cardFace(c);
      if (on) {
        el.classList.add("used");
        el.setAttribute("aria-label", `${el.title}, used`);
      }
      return el;
    }));
  return h("p", { class: "from" }, row(own, "own cards"), shared.length ? " + " : null,
    shared.length ? row(shared, "board") : null);
}

function playerAnswer(result, request, p, i) {
  const sent = request.players[i];
  const paid = result.payouts[p.id] ?? 0;
  const board = request.board ? (Array.isArray(request.board) ? request.board : Object.values(request.board)) : [];
  const hands = Object.entries(p.hands || {}).map(([kind, hand]) => h("div", { class: "hand", "data-hand": kind },
    h("p", {}, h("strong", { text: `${kind}: ` }), hand.qualifies ? hand.description : `no hand (${hand.reason || "does not qualify"})`,
      hand.board_group ? h("span", { class: "hint", text: ` \u2014 ${hand.board_group}` }) : null),
    hand.cards.length ? h("p", { class: "cards as-played", "aria-label": "as played" }, played(hand)) : null,
    hand.cards.length ? used(hand, sent, board) : null));
  return h("li", { class: paid > 0 ? "result winner" : "result", "data-player": p.id },
    h("p", { class: "who" }, h("strong", { text: p.id }), p.folded ? " (folded)" : null,
      h("span", { class: "paid", text: paid > 0 ? `+${paid}` : "0" })), hands);
}

function potAnswer(pot, n) {
  const name = n === 0 ? "Main pot" : `Side pot ${n}`;
  return h("li", { class: "pot", "data-pot": String(n) },
    h("p", {}, h("strong", { text: `${name}: ${pot.amount}` }), h("span", { class: "hint", text: ` (${pot.eligible.join(", ")})` })),
    h("ul", {}, pot.awards.map((award) => h("li", { class: "award", "data-share": award.share },
      `${award.share}: ${award.amount} to ${award.winners.length ? award.winners.join(", ") : "nobody"}`,
      Object.keys(award.payouts || {}).length > 1
        ? ` (${Object.entries(award.payouts).map(([who, chips]) => `${who} ${chips}`).join(", ")})` : null,
      ...(award.odd_chips || []).map((odd) => h("span", { class: "odd", text: ` odd chip: ${odd.player} +${odd.chips} (${odd.reason})` })),
      award.note ? h("span", { class: "hint", text: ` ${award.note}` }) : null))),
    pot.carried_over ? h("p", { class: "carry", text: `carried over: ${pot.carried_over}` }) : null,
    Object.keys(pot.owes || {}).length
      ? h("p", { class: "carry", text: `owed: ${Object.entries(pot.owes).map(([who, chips]) => `${who} ${chips}`).join(", ")}` }) : null);
}

/** The answer of POST /v1/showdowns to `request`. */
export function showdownAnswer(result, request) {
  return h("div", { class: "answer" },
    h("p", { class: "summary", "data-key": "summary", text: result.summary }),
    ...(result.wild?.reasons || []).filter((reason) => !result.summary.includes(reason))
      .map((reason) => h("p", { class: "hint", text: reason })),
    h("ol", { class: "results" }, result.players.map((p, i) => playerAnswer(result, request, p, i))),
    h("h3", { text: "Pots" }),
    h("ol", { class: "pots" }, result.pots.map(potAnswer)));
}

const percent = (x) => `${(100 * x).toFixed(1)}%`;

/** The answer of POST /v1/equities: each player's equity (a fraction of the pot) or, failing one, how often he
 *  wins the main pot outright. */
export function oddsAnswer(result) {
  return h("div", { class: "odds" }, h("p", { class: "summary", text: result.summary }),
    h("ul", {}, result.players.map((p) => {
      const share = typeof p.equity === "number" ? `${percent(p.equity)} of the pot`
        : `wins ${percent(p.pots[0]?.scoop ?? 0)}`;
      const bar = h("span", { class: "bar" });
      bar.style.setProperty("--share", String(typeof p.equity === "number" ? p.equity : p.pots[0]?.scoop ?? 0));
      return h("li", { "data-player": p.id }, h("strong", { text: p.id }), ` ${share}`, bar);
    })));
}

/** The cards each winner's winning hands used, as the editor's slot keys. */
export function winningSlots(result, request, fields) {
  const marks = new Set();
  const winners = new Set(result.pots.flatMap((pot) => pot.awards.flatMap((a) => a.winners)));
  result.players.forEach((p, i) => {
    if (!winners.has(p.id)) return;
    for (const hand of Object.values(p.hands || {})) {
      const sent = request.players[i];
      (sent.hole || []).forEach((c, n) => hand.hole?.includes(c) && marks.add(fields.get(`/players/${i}/hole/${n}`)));
      (sent.up || []).forEach((c, n) => hand.up?.includes(c) && marks.add(fields.get(`/players/${i}/up/${n}`)));
      if (Array.isArray(hand.board)) {
        (request.board || []).forEach((c, n) => hand.board.includes(c) && marks.add(fields.get(`/board/${n}`)));
      } else {
        for (const name of Object.keys(hand.board || {})) marks.add(fields.get(`/board/${name}`));
      }
    }
  });
  marks.delete(undefined);
  return { marks: new Set([...marks].map((f) => f.replace(/^slot:/, ""))), winners };
}
