// The player's hand: cards fanned along the bottom. Tap / click selects, left-drag
// rearranges (drag a card up onto the table to play it), right-click plays — the seed's
// 左键拖动、右键出牌, and a phone's tap-to-select with the play button.
//
// A card takes pointers only on the part of it one sees (its `.hand-hit` strip, and the
// top of a lifted card), and on a touch screen the fan keeps its arc but does not tilt
// the cards. Chromium's touch adjustment picks, among the boxes under a finger, the one
// covering most of the touch area, and moves the touch toward the centre of a tilted box:
// with whole, tilted cards a tap on the left few pixels of a card's visible strip went to
// the card beneath it (whose box runs on under the strip) or, tilted, to a neighbour.

import { SIDEWAYS, h, touchScreen } from "./dom.js";

const DRAG_START_PX = 7;
// how far a selected card rises: less on a phone on its side, whose height is short
const lift = () => (SIDEWAYS.matches ? 14 : 24);
const ROW_SPLIT = 0.62;  // below this share of a card's width in view, use two rows
const ROW_OVERLAP = 0.5;  // the second row starts this far down a card's height

/** Ids for a list of tokens: the k-th copy of token T is "T#k". */
export function idsOf(tokens) {
  const seen = new Map();
  return tokens.map((tok) => {
    const k = seen.get(tok) ?? 0;
    seen.set(tok, k + 1);
    return `${tok}#${k}`;
  });
}

export function tokenOf(id) {
  return id.slice(0, id.lastIndexOf("#"));
}

export function copyOf(id) {
  return Number(id.slice(id.lastIndexOf("#") + 1));
}

/** Ids for `tokens` that keep the cards still held: a card's id (and so the suit a poker
 * card shows) does not change when another copy leaves. Where fewer copies of a token are
 * left, the ids in `leaving` (the cards just played) go first, then the highest; a new
 * copy takes the lowest free number. In the tokens' order, each token's ids ascending. */
export function keepIds(previous, tokens, leaving = new Set()) {
  const wanted = new Map();
  for (const tok of tokens) wanted.set(tok, (wanted.get(tok) ?? 0) + 1);
  const kept = new Map();
  for (const [tok, n] of wanted) {
    const had = previous.filter((id) => tokenOf(id) === tok).sort((a, b) => copyOf(a) - copyOf(b));
    const ids = [...had.filter((id) => !leaving.has(id)), ...had.filter((id) => leaving.has(id))].slice(0, n);
    for (let k = 0; ids.length < n; k++) if (!ids.includes(`${tok}#${k}`)) ids.push(`${tok}#${k}`);
    kept.set(tok, ids.sort((a, b) => copyOf(a) - copyOf(b)));
  }
  return tokens.map((tok) => kept.get(tok).shift());
}

/** Keep the player's arrangement for the cards still held; new cards go where they
 * fall in the natural (server) order. */
export function mergeOrder(previous, natural) {
  const now = new Set(natural);
  const kept = previous.filter((id) => now.has(id));
  const keptSet = new Set(kept);
  natural.forEach((id, i) => {
    if (!keptSet.has(id)) kept.splice(Math.min(i, kept.length), 0, id);
  });
  return kept;
}

const ALONG = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
let cardSeq = 0;  // the cards' element ids (the hand's aria-owns)

export class Hand {
  /** `on`: {select(ids), play(id), gesture(id)} callbacks, and `readOnly` (a replay's or
   * a spectator's hand). */
  constructor(on) {
    this.on = on;
    this.el = h("div", { class: "hand", "data-testid": "hand", role: "group" });
    this.order = [];
    this.natural = [];
    this.selected = new Set();
    this.played = new Set();  // a card played by right-click, Enter or a drag: it leaves first
    this.keep = undefined;
    this.cards = new Map();
    this.drag = null;
    this.height = 120;
    this.ratio = 0.3;
    this.enabled = false;
    this.pressed = null;
    this.storeKey = null;
    this.el.addEventListener("contextmenu", (e) => this.contextMenu(e));
    this.resize = new ResizeObserver(() => this.layout());
    this.resize.observe(this.el);
  }

  /** Right-click plays the card it was pressed on (a long press on a phone does not). */
  contextMenu(e) {
    e.preventDefault();
    const pressed = this.pressed;
    this.pressed = null;
    const id = e.target.closest?.(".hand-card")?.dataset.id ?? pressed?.id;
    if (id && pressed?.type !== "touch" && this.cards.has(id)) this.playCard(id);
  }

  playCard(id) {
    this.played = new Set([id]);
    this.on.play(id);
  }

  destroy() {
    this.resize.disconnect();
  }

  /** Keep the player's arrangement under `key` (sessionStorage), so a reload restores it. */
  keepAs(key) {
    this.storeKey = key;
    this.order = [];
    if (!key) return;
    try {
      const kept = JSON.parse(sessionStorage.getItem(key) ?? "[]");
      if (Array.isArray(kept)) this.order = kept.filter((id) => typeof id === "string");
    } catch {
      this.order = [];
    }
  }

  saveOrder() {
    if (!this.storeKey) return;
    try {
      sessionStorage.setItem(this.storeKey, JSON.stringify(this.order));
    } catch {
      // storage full or disabled: the arrangement is kept for this page only
    }
  }

  /** The ids `tokens` get now (:func:`keepIds` from the cards shown; the cards selected or
   * just played by a right-click leave first), without showing them. */
  keptIds(tokens, keep) {
    if (keep !== this.keep) return idsOf(tokens);  // another deal
    return keepIds(this.natural, tokens, new Set([...this.selected, ...this.played]));
  }

  /** Show `tokens`; `draw(token, copy, height)` makes a card's SVG; `fresh`: the token of
   * the card just drawn (its new copy is marked); `keep`: the deal, whose cards keep their
   * ids (:func:`keepIds`) while it lasts; `signature`: a change redraws every card. */
  set(tokens, { draw, height, playable, enabled, fresh, signature, keep = null }) {
    this.height = height;
    const natural = this.keptIds(tokens, keep);
    this.keep = keep;
    const added = natural.filter((id) => !this.natural.includes(id));
    const freshId = fresh === null ? null
      : added.filter((id) => tokenOf(id) === fresh).at(-1) ?? natural.filter((id) => tokenOf(id) === fresh).at(-1) ?? null;
    this.played = new Set([...this.played].filter((id) => natural.includes(id)));  // until it leaves
    const changed = signature !== this.signature;
    this.signature = signature;
    this.natural = natural;
    this.order = mergeOrder(this.order, natural);
    for (const id of [...this.selected]) if (!natural.includes(id)) this.selected.delete(id);
    for (const [id, el] of this.cards) {
      if (!natural.includes(id) || changed) {
        el.remove();
        this.cards.delete(id);
      }
    }
    for (const id of this.order) if (!this.cards.has(id)) this.cards.set(id, this.makeCard(id, draw));
    this.enabled = enabled;
    for (const [id, el] of this.cards) {
      const tok = tokenOf(id);
      const dim = enabled && playable !== null && !playable.has(tok);
      el.classList.toggle("dim", dim);
      // said, not only shown by dimming: no legal play takes this card now (a keyboard play-test)
      el.setAttribute("aria-disabled", String(dim));
      el.classList.toggle("fresh", freshId === id);
    }
    this.el.classList.toggle("active", enabled);
    this.layout();
  }

  makeCard(id, draw) {
    const tok = tokenOf(id);
    const svgEl = draw(tok, copyOf(id), this.height);
    this.ratio = svgEl.getAttribute("width") / svgEl.getAttribute("height");
    // named once, by the card's own name: the drawing's 字 were read again after it
    svgEl.setAttribute("aria-hidden", "true");
    const el = h("div", { class: "hand-card", "data-token": tok, "data-id": id, tabindex: -1,
                          id: `hand-card-${++cardSeq}`, "aria-label": svgEl.getAttribute("aria-label"),
                          // a replay's or a spectator's hand is looked at, not pressed
                          ...(this.on.readOnly ? { role: "img" } : { role: "button", "aria-pressed": "false" }) },
      svgEl,
      h("span", { class: "hand-hit" }), h("span", { class: "hand-hit lift" }));
    el.addEventListener("pointerdown", (e) => this.down(e, id));
    // a click must not focus (and so scroll) the card; the keyboard still can
    el.addEventListener("mousedown", (e) => e.preventDefault());
    el.addEventListener("keydown", (e) => {
      if (e.key === " " || e.key === "Enter") {
        e.preventDefault();
        if (e.key === "Enter") this.playCard(id);
        else this.toggle(id);
      } else if (ALONG.has(e.key)) {
        // along the hand as it lies (a dragged card's place, not the page's order); the
        // hand is one Tab stop (the card last focused): its cards were 25 Tab stops in a
        // row, 23–30 Tabs from the hand to 不掀 (an English keyboard play-test)
        e.preventDefault();
        const at = this.order.indexOf(id);
        const next = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: this.order.length - 1 }[e.key];
        this.cards.get(this.order[next])?.focus();
      }
    });
    el.addEventListener("focus", () => this.rove(id));
    this.el.append(el);
    return el;
  }

  // ------------------------------------------------------------------ selection
  toggle(id) {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.layout();
    this.on.select([...this.selected]);
  }

  select(ids) {
    this.selected = new Set(ids);
    this.layout();
    this.on.select([...this.selected]);
  }

  clear() {
    this.select([]);
  }

  selectedTokens() {
    return [...this.selected].map(tokenOf);
  }

  /** Ids in this hand for the given tokens (the first unused copies, in hand order). */
  idsFor(tokens) {
    const pool = [...this.order];
    const out = [];
    for (const tok of tokens) {
      const i = pool.findIndex((id) => tokenOf(id) === tok);
      if (i < 0) return null;
      out.push(pool[i]);
      pool.splice(i, 1);
    }
    return out;
  }

  // ------------------------------------------------------------------ layout
  /** Where the cards go: one fan, or two rows when one row would show less than
   * ROW_SPLIT of each card (a 25–26-card 双别杆 hand on a phone); the second row covers
   * the lower part of the first, whose cards keep their top face visible. */
  metrics() {
    const width = this.el.clientWidth || 800;
    const n = this.order.length;
    const cardW = this.height * this.ratio;
    const room = Math.max(0, width - cardW - 24);
    const fit = (count) => (count > 1 ? Math.min(cardW + 6, room / (count - 1)) : 0);
    const rows = n > 1 && fit(n) < cardW * ROW_SPLIT ? 2 : 1;
    const perRow = Math.ceil(n / rows);
    const step = fit(perRow);
    const start = (width - (cardW + step * Math.max(0, perRow - 1))) / 2;
    return { n, cardW, step, start, rows, perRow, rowGap: this.height * ROW_OVERLAP };
  }

  /** The part of card `i` no other card covers: its strip up to the next card in its
   * row (the whole width for a row's last), above the second row where one lies below
   * it; a lifted card also shows its top unless the next card is lifted too. */
  hitArea(i, { n, cardW, step, rows, perRow, rowGap }) {
    const row = Math.floor(i / perRow);
    const last = i === n - 1 || (i + 1) % perRow === 0;
    const covered = rows > 1 && row === 0 && i + perRow < n;
    const next = last ? null : this.order[i + 1];
    return { width: last ? cardW : Math.min(step, cardW), height: covered ? rowGap : null,
             lift: this.selected.has(this.order[i]) && !(next && this.selected.has(next)) };
  }

  layout() {
    const metrics = this.metrics();
    const { n, step, start, rows, perRow, rowGap } = metrics;
    const spread = rows > 1 ? 0 : Math.min(1.8, 22 / Math.max(1, n));
    const radius = this.height * 4.5;
    const arcOf = (deg) => radius * (1 - Math.cos((deg * Math.PI) / 180));
    const maxArc = arcOf(((n - 1) / 2) * spread);
    const extra = (rows - 1) * rowGap;
    this.el.style.height = `${Math.round(this.height + lift() + maxArc + extra + (SIDEWAYS.matches ? 4 : 10))}px`;
    this.el.classList.toggle("two-rows", rows > 1);
    this.rove(this.cards.has(this.tabStop) ? this.tabStop : this.order.find((id) => this.cards.has(id)));
    // a screen reader's reading order is the hand's as it lies (the arrow keys' order), not
    // the order the cards came into the page: pairs lay far apart (a screen-reader play-test)
    this.el.setAttribute("aria-owns", this.order.map((id) => this.cards.get(id)?.id).filter(Boolean).join(" "));
    this.order.forEach((id, i) => {
      const el = this.cards.get(id);
      if (!el) return;
      const row = Math.floor(i / perRow);
      const col = i - row * perRow;
      const angle = (i - (n - 1) / 2) * spread;
      const arc = arcOf(angle);
      const lifted = this.selected.has(id) ? -lift() : 0;
      el.classList.toggle("selected", this.selected.has(id));
      if (!this.on.readOnly) el.setAttribute("aria-pressed", String(this.selected.has(id)));
      el.style.zIndex = String(i + 1);
      el.style.setProperty("--i", String(i));
      const hit = this.hitArea(i, metrics);
      el.style.setProperty("--hit-w", `${hit.width}px`);
      el.style.setProperty("--hit-h", hit.height === null ? "100%" : `${hit.height}px`);
      el.classList.toggle("lift-open", hit.lift);
      if (this.drag?.id === id && this.drag.moving) return;
      const y = lift() + arc + lifted + row * rowGap;
      const tilt = touchScreen() ? 0 : angle;
      el.style.transform = `translate(${start + col * step}px, ${y}px) rotate(${tilt}deg)`;
    });
  }

  /** The hand's one Tab stop: card `id` (the last focused), the others by the arrows. */
  rove(id) {
    if (this.on.readOnly) return;  // (no Tab stop in a hand only looked at)
    this.tabStop = id;
    for (const [other, el] of this.cards) el.tabIndex = other === id ? 0 : -1;
  }

  /** The place in the order for a point of the hand (its row, then its column). */
  slotAt(x, y) {
    const { n, step, start, rows, perRow, rowGap } = this.metrics();
    const col = step ? Math.max(0, Math.min(perRow - 1, Math.round((x - start) / step))) : 0;
    const row = rows > 1 && y > lift() + rowGap / 2 ? 1 : 0;
    return Math.min(n - 1, row * perRow + col);
  }

  // ------------------------------------------------------------------ dragging
  down(e, id) {
    this.pressed = { id, type: e.pointerType };
    if (e.button !== 0) return;
    const el = this.cards.get(id);
    el.setPointerCapture(e.pointerId);
    const box = this.el.getBoundingClientRect();
    const { perRow, rowGap } = this.metrics();
    const rowY = Math.floor(this.order.indexOf(id) / perRow) * rowGap;
    this.drag = { id, el, x0: e.clientX, y0: e.clientY, left: box.left, top: box.top,
                  moving: false, dy: 0, rowY };
    const move = (ev) => this.move(ev);
    const up = (ev) => {
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      el.removeEventListener("pointercancel", up);
      this.up(ev);
    };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
  }

  move(e) {
    const d = this.drag;
    if (!d) return;
    const dx = e.clientX - d.x0;
    d.dy = e.clientY - d.y0;
    if (!d.moving && Math.hypot(dx, d.dy) < DRAG_START_PX) return;
    if (!d.moving) {
      d.moving = true;
      d.el.classList.add("dragging");
    }
    const { cardW } = this.metrics();
    const x = e.clientX - d.left - cardW / 2;
    const target = this.slotAt(x, e.clientY - d.top - this.height / 2);
    const from = this.order.indexOf(d.id);
    if (target !== from) {
      this.order.splice(from, 1);
      this.order.splice(target, 0, d.id);
      this.layout();
    }
    d.el.style.transform = `translate(${x}px, ${lift() + d.rowY + d.dy}px) rotate(0deg)`;
  }

  up() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    d.el.classList.remove("dragging");
    if (!d.moving) {
      this.toggle(d.id);
      return;
    }
    this.layout();
    this.saveOrder();
    if (d.dy < -this.height * 0.7) {
      this.played = new Set([d.id]);
      this.on.gesture(d.id);
    }
  }
}
