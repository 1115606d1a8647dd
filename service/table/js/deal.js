// The deal being built, as plain data: which game, its options, the players and their cards, the board, the
// money, the button and the events. It knows the game's card counts (from the variant document), says what
// is missing before a showdown can be asked for, turns itself into the API's request (with, for every JSON
// pointer of that request, the field of the page it came from), and into the URL fragment and back.

const NAMES = ["ann", "bob", "cy", "dan", "eve", "fay", "gus", "hal", "ivy", "jo", "kim", "lee"];
const MAX_OPEN_SLOTS = 8; // a count the document leaves unbounded still gets this many places on the page

function bound(count, fallback) {
  return count.max === null || count.max === undefined ? Math.max(count.min, fallback) : count.max;
}

/** The places cards go, for a variant document: each player's hole and up slots, and the board's. */
export function shapeOf(doc) {
  const layout = doc.board.kind === "layout";
  return {
    hole: bound(doc.cards.hole, doc.cards.hole.min + 2),
    up: bound(doc.cards.up, doc.cards.up.min),
    board: layout ? doc.board.positions.map((p) => p.name)
      : Array.from({ length: Math.min(bound(doc.board.count, doc.board.count.min), MAX_OPEN_SLOTS) }, (_, i) => String(i)),
    layout,
  };
}

function newPlayer(index, shape) {
  return { n: NAMES[index] || `p${index + 1}`, h: Array(shape.hole).fill(""), u: Array(shape.up).fill(""),
    f: false, d: "", w: "", c: "" };
}

/** A fresh deal of `doc`'s game: as many players as it needs (two at least), the default options, a pot. */
export function newDeal(doc) {
  const shape = shapeOf(doc);
  const seats = Math.max(2, doc.seats.min);
  return {
    v: doc.id,
    o: Object.fromEntries(doc.options.map((o) => [o.name, String(o.default)])),
    p: Array.from({ length: seats }, (_, i) => newPlayer(i, shape)),
    b: Object.fromEntries(shape.board.map((name) => [name, ""])),
    m: "pot", pot: "100", btn: "", e: {}, a: false,
  };
}

const text = (value, fallback = "") => (typeof value === "string" || typeof value === "number" ? String(value) : fallback);

/** `deal` (from a link: anything at all) made to fit `doc`: every list as long as the game's places, every value
 *  of the type the page keeps, what the game does not have left out. */
export function fitted(deal, doc) {
  const shape = shapeOf(doc);
  const sized = (list, n) => Array.from({ length: n }, (_, i) => (Array.isArray(list) ? text(list[i]) : ""));
  const fresh = newDeal(doc);
  const given = Array.isArray(deal.p) && deal.p.length ? deal.p.slice(0, doc.seats.max ?? 12) : fresh.p;
  const players = given.map((p, i) => {
    const seat = p && typeof p === "object" ? p : {};
    return { n: text(seat.n, newPlayer(i, shape).n), h: sized(seat.h, shape.hole), u: sized(seat.u, shape.up),
      f: seat.f === true, d: text(seat.d), w: text(seat.w), c: text(seat.c) };
  });
  const board = Object.fromEntries(shape.board.map((name) => [name, text(deal.b?.[name])]));
  const options = Object.fromEntries(doc.options.map((o) => [o.name, text(deal.o?.[o.name], fresh.o[o.name])]));
  const events = Object.fromEntries(doc.events.map((e) => [e.name, text(deal.e?.[e.name])]));
  return { v: doc.id, o: options, p: players, b: board, m: deal.m === "each" ? "each" : "pot",
    pot: text(deal.pot, fresh.pot), btn: text(deal.btn), e: events, a: deal.a === true };
}

/** The same table for the next hand: the players, their names and the money kept, every card taken back. */
export function withoutCards(deal) {
  return { ...deal, p: deal.p.map((p) => ({ ...p, h: p.h.map(() => ""), u: p.u.map(() => ""), f: false })),
    b: Object.fromEntries(Object.keys(deal.b).map((name) => [name, ""])), e: {}, a: false };
}

export function addPlayer(deal, doc) {
  deal.p.push(newPlayer(deal.p.length, shapeOf(doc)));
}

/** Every card placed anywhere, with the slot it is in. */
export function placedCards(deal) {
  const placed = new Map();
  deal.p.forEach((p, i) => {
    p.h.forEach((c, j) => c && placed.set(c, `p${i}.h${j}`));
    p.u.forEach((c, j) => c && placed.set(c, `p${i}.u${j}`));
  });
  for (const [name, c] of Object.entries(deal.b)) if (c) placed.set(c, `b.${name}`);
  return placed;
}

/** The slots in the order a tap fills them: each player's hole then up cards, then the board. */
export function slotOrder(deal) {
  const keys = [];
  deal.p.forEach((p, i) => {
    p.h.forEach((_, j) => keys.push(`p${i}.h${j}`));
    p.u.forEach((_, j) => keys.push(`p${i}.u${j}`));
  });
  for (const name of Object.keys(deal.b)) keys.push(`b.${name}`);
  return keys;
}

export function cardAt(deal, key) {
  const m = /^p(\d+)\.([hu])(\d+)$/.exec(key);
  if (m) return deal.p[Number(m[1])]?.[m[2]]?.[Number(m[3])] ?? "";
  return key.startsWith("b.") ? deal.b[key.slice(2)] ?? "" : "";
}

export function setCard(deal, key, card) {
  const m = /^p(\d+)\.([hu])(\d+)$/.exec(key);
  if (m) deal.p[Number(m[1])][m[2]][Number(m[3])] = card;
  else if (key.startsWith("b.")) deal.b[key.slice(2)] = card;
}

const filled = (list) => list.filter(Boolean);

function boardCount(deal) {
  return filled(Object.values(deal.b)).length;
}

function outside(n, count) {
  return n < count.min || (count.max !== null && count.max !== undefined && n > count.max);
}

function between(count) {
  if (count.max === null || count.max === undefined) return `at least ${count.min}`;
  return count.min === count.max ? `${count.min}` : `${count.min} to ${count.max}`;
}

/** Whether a folded player's cards go in the request: only when they are a whole hand (a folded player may show
 *  none; half a hand would be refused). */
function showsCards(player, doc) {
  return !player.f || (!outside(filled(player.h).length, doc.cards.hole) && !outside(filled(player.u).length, doc.cards.up));
}

/** What stops the deal from being settled, each with the field it is about; empty when it can be asked. */
export function missing(deal, doc) {
  const problems = [];
  const board = boardCount(deal);
  deal.p.forEach((p, i) => {
    if (!p.n.trim()) problems.push({ field: `p${i}.name`, text: "a name is needed" });
    if (p.f && !filled(p.h).length && !filled(p.u).length) return;
    const hole = filled(p.h).length;
    const up = filled(p.u).length;
    if (outside(hole, doc.cards.hole)) problems.push({ field: `p${i}.hole`, text: `${between(doc.cards.hole)} hole cards (has ${hole})` });
    if (outside(up, doc.cards.up)) problems.push({ field: `p${i}.up`, text: `${between(doc.cards.up)} up cards (has ${up})` });
    const all = doc.cards.own_plus_board;
    if (all && outside(hole + up + board, all)) {
      problems.push({ field: `p${i}.hole`, text: `${between(all)} cards with the board's (has ${hole + up + board})` });
    }
  });
  if (deal.p.length < doc.seats.min) problems.push({ field: "players", text: `${doc.seats.min} players at least` });
  if (outside(board, doc.board.count)) problems.push({ field: "board", text: `${between(doc.board.count)} board cards (has ${board})` });
  if (doc.board.kind === "layout") {
    for (const pos of doc.board.positions) {
      if (!pos.optional && !deal.b[pos.name]) {
        problems.push({ field: "board", text: `position ${pos.name} needs a card` });
        break;
      }
    }
  }
  return problems;
}

/** The face-up cards in the order a stud deal gives them: round by round, each player in seat order. */
export function dealOrder(players) {
  const order = [];
  const rounds = Math.max(0, ...players.map((p) => p.up.length));
  for (let r = 0; r < rounds; r += 1) for (const p of players) if (p.up[r]) order.push(p.up[r]);
  return order;
}

function words(text) {
  return text.split(/[\s,]+/).filter(Boolean);
}

function eventValue(kind, text) {
  if (kind === "cards" || kind === "ranks") return words(text);
  if (kind === "chips" || kind === "index") return /^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim();
  return text.trim();
}

/** Which of a list's slots are sent: the filled ones, then (asking for odds) empty ones, as null, until there
 *  are `target`; in slot order. */
function sentSlots(list, target) {
  const full = list.map((_, j) => j).filter((j) => list[j]);
  const open = list.map((_, j) => j).filter((j) => !list[j]).slice(0, Math.max(0, target - full.length));
  return [...full, ...open].sort((a, b) => a - b);
}

/** The request for `POST /v1/showdowns` (or, with `odds`, `POST /v1/equities`: the cards still to come sent as
 *  null, as many as the game deals), and `fields`: for each JSON pointer of the body, the page field it names. */
export function request(deal, doc, { odds = false } = {}) {
  const fields = new Map([["/players", "players"], ["/events", "events"]]);
  const body = { variant: doc.id };
  if (doc.options.length) {
    body.options = { ...deal.o };
    for (const name of Object.keys(deal.o)) fields.set(`/options/${name}`, `opt.${name}`);
  }
  const names = Object.keys(deal.b);
  const values = names.map((name) => deal.b[name]);
  let boardSent = [];
  if (names.length) {
    if (doc.board.kind === "layout") {
      const required = new Set(doc.board.positions.filter((p) => !p.optional).map((p) => p.name));
      boardSent = names.map((_, j) => j).filter((j) => values[j] || (odds && required.has(names[j])));
      body.board = Object.fromEntries(boardSent.map((j) => [names[j], values[j] || null]));
      for (const name of names) fields.set(`/board/${name}`, `b.${name}`);
    } else {
      boardSent = sentSlots(values, odds ? doc.board.count.min : 0);
      body.board = boardSent.map((j) => values[j] || null);
      boardSent.forEach((j, n) => fields.set(`/board/${n}`, `b.${names[j]}`));
    }
    fields.set("/board", "board");
  }
  body.players = deal.p.map((p, i) => {
    const player = { id: p.n.trim() };
    fields.set(`/players/${i}`, `p${i}`);
    fields.set(`/players/${i}/id`, `p${i}.name`);
    const ask = odds && !p.f;
    if (showsCards(p, doc) && (!p.f || filled(p.h).length || filled(p.u).length)) {
      const up = sentSlots(p.u, ask ? doc.cards.up.min : 0);
      const all = doc.cards.own_plus_board;
      const holeTarget = ask ? Math.max(doc.cards.hole.min, all ? all.min - up.length - boardSent.length : 0) : 0;
      const hole = sentSlots(p.h, holeTarget);
      player.hole = hole.map((j) => p.h[j] || null);
      fields.set(`/players/${i}/hole`, `p${i}.hole`);
      hole.forEach((j, n) => fields.set(`/players/${i}/hole/${n}`, `p${i}.h${j}`));
      if (up.length) player.up = up.map((j) => p.u[j] || null);
      fields.set(`/players/${i}/up`, `p${i}.up`);
      up.forEach((j, n) => fields.set(`/players/${i}/up/${n}`, `p${i}.u${j}`));
    }
    if (p.f) player.folded = true;
    if (doc.pot_division.kind === "declare" && !p.f) {
      player.declare = p.d || "high";
      fields.set(`/players/${i}/declare`, `p${i}.declare`);
    }
    if (doc.player_facts.includes("wild_rank") && p.w) {
      player.wild_rank = p.w;
      fields.set(`/players/${i}/wild_rank`, `p${i}.wild`);
    }
    return player;
  });
  if (deal.m === "each") {
    body.contributions = Object.fromEntries(deal.p.map((p) => [p.n.trim(), Number.parseInt(p.c || "0", 10) || 0]));
    deal.p.forEach((p, i) => fields.set(`/contributions/${p.n.trim()}`, `p${i}.chips`));
    fields.set("/contributions", "money");
  } else {
    body.pot = Number.parseInt(deal.pot || "0", 10) || 0;
    fields.set("/pot", "pot");
  }
  if (deal.btn !== "" && deal.p[Number(deal.btn)]) {
    body.button = deal.p[Number(deal.btn)].n.trim();
    fields.set("/button", "button");
  }
  const events = {};
  for (const event of doc.events) {
    const text = deal.e[event.name] || "";
    fields.set(`/events/${event.name}`, `ev.${event.name}`);
    if (text.trim()) events[event.name] = eventValue(event.kind, text);
    else if (event.name === "up_order") events.up_order = dealOrder(body.players.map((p) => ({ up: p.up || [] })));
  }
  if (Object.keys(events).length) body.events = events;
  return { body, fields };
}

/** The deal as a URL fragment (JSON, percent-encoded), and back; a fragment that is not one is null. */
export function toFragment(deal) {
  return `#${encodeURIComponent(JSON.stringify(deal))}`;
}

export function fromFragment(hash) {
  if (!hash || hash.length < 2) return null;
  try {
    const deal = JSON.parse(decodeURIComponent(hash.slice(1)));
    return deal && typeof deal === "object" && typeof deal.v === "string" ? deal : null;
  } catch {
    return null;
  }
}
