// The generic game renderer: works for any game from its observe() view alone, and is
// the base every game renderer extends (a new game needs only the pieces it wants to
// draw differently). The contract is described in docs/web-client.md.

import { h } from "../dom.js";
import { bi, said } from "../i18n.js";
import { textCard } from "../cards/common.js";
import { copyOf, tokenOf } from "../hand.js";

/** Count of each token in a list. */
export function multiset(tokens) {
  const counts = new Map();
  for (const tok of tokens) counts.set(tok, (counts.get(tok) ?? 0) + 1);
  return counts;
}

/** Whether multiset `part` is contained in multiset `whole`. */
export function within(part, whole) {
  for (const [tok, n] of part) if ((whole.get(tok) ?? 0) < n) return false;
  return true;
}

export function sameMultiset(a, b) {
  if (a.size !== b.size) return false;
  for (const [tok, n] of a) if (b.get(tok) !== n) return false;
  return true;
}

// The copies of each card shown while one view is drawn (a deck whose suits come from the
// copy, 兰州's poker: one card's suit is shown once): the viewer's hand first, reserved by
// startDrawing, then every row in the order it is drawn takes the lowest copy still free.
// (A row drawn from the state before — the trick just taken, shown a moment longer — takes
// its copies from the drawing under way too.)
let drawing = null;
let hands = new Map();  // the hand's copies of each token in the drawing under way

/** Start drawing a view: the hand's cards (`ids`, "T#k": their copies) are taken. */
export function startDrawing(ids) {
  const taken = new Map();
  for (const id of ids) {
    const tok = tokenOf(id);
    if (!taken.has(tok)) taken.set(tok, new Set());
    taken.get(tok).add(copyOf(id));
  }
  drawing = taken;
  hands = new Map([...taken].map(([tok, copies]) => [tok, new Set(copies)]));
}

/** The drawing is over: rows drawn later number their own copies. */
export function endDrawing() {
  drawing = null;
}

function freeCopy(taken, tok, faces) {
  if (!taken.has(tok)) taken.set(tok, new Set());
  const used = taken.get(tok);
  let copy = 0;
  while (used.has(copy)) copy++;
  used.add(copy);
  if (!faces || copy < faces) return copy;
  // every face is out (the trick just taken shows beside its pile: the same cards twice):
  // repeat the faces the table shows in turn, never one of the hand's
  const hand = hands.get(tok) ?? new Set();
  const table = [...Array(faces).keys()].filter((k) => !hand.has(k));
  return table.length ? table[(copy - faces) % table.length] : copy;
}

/** Whether cards are drawn for a narrow (phone) screen: a game's `sizes` pick by it. */
export function narrowScreen() {
  return typeof window !== "undefined" && window.innerWidth < 640;
}

/** Draw `tokens` as a row of small cards (copies numbered so decks with suits vary: within
 * a drawing started by startDrawing, none the hand or an earlier row shows). */
export function cardRow(renderer, view, tokens, height, cls = "") {
  const seen = new Map();
  const taken = drawing;
  return h("div", { class: `card-row ${cls}` }, tokens.map((tok) => {
    const copy = taken ? freeCopy(taken, tok, renderer.faces?.(tok, view)) : seen.get(tok) ?? 0;
    seen.set(tok, copy + 1);
    return h("span", { class: "mini-card", "data-token": tok },
      renderer.card(tok, view, { height, copy }));
  }));
}

/** Winners' hands beside a settlement's breakdown: for each seat with `items` (a
 * settlement's items, each one group of cards), a title and the groups, each drawn as a
 * card row from `part(item)` = {tokens, kind, value, cls}; `wonOn`: seat → {token, tag},
 * the card the hand won on, marked with `tag` in its group. Null when no item is given. */
export function winHands(renderer, view, items, height, title, part, wonOn = new Map()) {
  const seats = [...new Set(items.map((i) => i.seat))].filter((s) => typeof s === "number")
    .sort((a, b) => a - b);  // by seat, as the breakdown beside it
  if (!seats.length) return null;
  const own = drawing === null;  // one drawing: a deck with suits shows each copy once
  if (own) startDrawing([]);
  try {
    return winHandsOf(renderer, view, items, height, title, part, seats, wonOn);
  } finally {
    if (own) endDrawing();
  }
}

function winHandsOf(renderer, view, items, height, title, part, seats, wonOn) {
  return h("div", { class: "win-hands", "data-testid": "win-hands" }, seats.map((seat) => {
    const parts = items.filter((i) => i.seat === seat).map(part);
    const won = wonOn.get(seat);
    const at = won ? wonGroup(parts, won.token) : -1;
    const groups = parts.map(({ tokens, kind, value, cls }, i) => {
      const row = tokens.length ? cardRow(renderer, view, tokens, height) : null;
      if (i === at) markWon(row, won);
      return h("div", { class: `win-group${cls ? ` ${cls}` : ""}`, "data-kind": kind, "data-cards": tokens.join(" ") },
        row,
        // a space between the kind and its value: "落地碰3 油子" read as one word
        h("div", { class: "win-kind" }, h("span", { class: "win-name" }, kind), " ", h("span", { class: "win-hu" }, value)));
    });
    return h("div", { class: "win-hand", "data-seat": seat },
      h("div", { class: "win-who" }, title(seat)),
      h("div", { class: "win-groups" }, groups));
  }));
}

/** The cards winners' hands won on, from a settlement's `won_on` items (their card is a
 * param): seat → {token, tag, title} for winHands. */
export function wonCards(renderer, settlement, tag, title) {
  const out = new Map();
  for (const item of settlement?.items ?? []) {
    const token = item.code === "won_on" ? renderer.tokens(item.label?.params?.card)[0] : null;
    if (token && typeof item.seat === "number") out.set(item.seat, { token, tag, title });
  }
  return out;
}

/** Which group shows the card the hand won on: one held in the hand (not laid before)
 * when there is one, else any with it; -1 when none has it. */
function wonGroup(parts, token) {
  const has = (p) => p.tokens.includes(token);
  const held = parts.findIndex((p) => has(p) && !String(p.cls).includes("laid"));
  return held >= 0 ? held : parts.findIndex(has);
}

/** The card the hand won on, marked in its group's row (the breakdown named it, but the
 * hand showed no which: a play-test), its tag (和 / 胡) on it for a phone without titles. */
function markWon(row, won) {
  const card = [...(row?.children ?? [])].find((el) => el.dataset.token === won.token);
  if (!card) return;
  card.classList.add("won-card");
  card.dataset.testid = "won-card";
  card.dataset.tag = won.tag;
  card.title = won.title;
}

export const generic = {
  name: "generic",
  /** Card heights in pixels: in the hand, in the trick, on the table (占牌, melds). */
  sizes() {
    return { hand: 120, trick: 90, table: 56 };
  },
  handOverlap: 0.15,

  tokens(text) {
    const s = String(text ?? "").trim();
    if (!s) return [];
    return s.includes(" ") ? s.split(/\s+/) : [...s];
  },

  card(token, _view, opts) {
    return textCard(token, opts);
  },

  handTokens(view) {
    return this.tokens(view.hand);
  },

  /** The legal actions (the server's `legal_info`: each action's describe_action) as
   * card plays, chosen by selecting their cards in the hand, and words (buttons). */
  actions(view, legal = []) {
    const hand = multiset(this.handTokens(view));
    const plays = [];
    const words = [];
    for (const info of legal) {
      const entry = { id: info.id, kind: info.kind, cards: info.cards ?? [], text: said(info.label, String(info.id)), style: info.style ?? "neutral" };
      if (info.group === "cards" && entry.cards.length && within(multiset(entry.cards), hand)) plays.push(entry);
      else words.push(entry);
    }
    return { plays, words };
  },

  playLabel() {
    return bi("出牌", "Play");
  },

  handSizes(view) {
    return view.hand_sizes ?? [];
  },

  seatBadges(view, seat) {
    const out = [];
    if (view.dealer === seat) out.push({ text: bi("庄", "dealer"), cls: "gold" });
    return out;
  },

  seatDetail(view, seat, ctx) {
    const hands = view.hands;
    if (Array.isArray(hands) && seat !== ctx.me && hands[seat]) {
      const sizes = this.sizes(view);
      const height = sizes.open ?? Math.round(sizes.table * 0.8);
      return cardRow(this, view, this.tokens(hands[seat]), height, "open-hand");
    }
    return null;
  },

  /** Table-centre memory kept across messages, updated from the events seen. */
  track(recent, events) {
    const lines = [...(recent?.lines ?? [])];
    for (const ev of events) lines.push(ev);
    return { lines: lines.slice(-4) };
  },

  center(_view, ctx, recent) {
    return h("div", { class: "center-lines" },
      (recent?.lines ?? []).map((ev) => h("div", {}, this.eventText(ev, ctx) ?? "")));
  },

  bubbles() {
    return [];
  },

  status(view) {
    return view.phase ? String(view.phase) : "";
  },

  prompt() {
    return bi("轮到你了", "Your turn");
  },

  eventText(ev, ctx) {
    const who = ev.seat === null || ev.seat === undefined ? "" : `${ctx.name(ev.seat)} `;
    const rest = Object.entries(ev).filter(([k]) => k !== "kind" && k !== "seat")
      .map(([k, v]) => `${k}=${typeof v === "object" ? JSON.stringify(v) : v}`).join(" ");
    return `${who}${ev.kind} ${rest}`.trim();
  },
};
