// 双别杆 / 赖子花牌: 上大人 character cards, melds (对 招 紮 泛) and discards per seat,
// the discard being answered in the middle.

import { h, touchScreen } from "../dom.js";
import { bi } from "../i18n.js";
import { charCard } from "../cards/shangdaren.js";
import { cardBack } from "../cards/common.js";
import { cardRow, generic } from "./generic.js";

const PHASES = {
  qingtong: ["请统：要紮的现在紮", "请统: declare 紮 now"],
  turn: ["摸牌、打牌", "draw and discard"],
  after_dui: ["对了之后打一张", "discard after the 对"],
  window: ["有人打牌：对、招、胡还是过？", "a discard: 对, 招, 胡 or pass?"],
  over: ["本局结束", "the deal is over"],
};
const RIVER_SHOWN = 12;
const ENDS = { huang: ["黄庄：没人胡", "黄庄: nobody won"], hu: ["胡牌", "胡"] };

function meldCards(renderer, view, meld) {
  const height = renderer.sizes(view).table;
  if (meld.cards) return cardRow(renderer, view, renderer.tokens(meld.cards), height);
  const backs = Array.from({ length: meld.size }, () => h("span", { class: "mini-card" }, cardBack(46, 150, { height })));
  return h("div", { class: "card-row" }, backs);
}

export const biegan = {
  ...generic,
  name: "biegan",

  sizes() {
    return { hand: 118, trick: 104, table: 58, river: 72, win: 56 };
  },

  handOverlap: 0.25,

  tokens(text) {
    return [...String(text ?? "").matchAll(/([^\s*])(\*?)/g)].map((m) => m[1] + m[2]);
  },

  card(token, _view, opts) {
    return charCard(token, opts);
  },

  freshCard(view) {
    return view.drawn ?? null;
  },

  playLabel() {
    return bi("打出", "Discard");
  },

  seatBadges(view, seat) {
    const out = [];
    if (view.dealer === seat) out.push({ text: bi("庄", "dealer"), cls: "gold" });
    const duis = view.duis?.[seat] ?? 0;
    if (duis) {
      const over = duis > (view.dui_limit ?? 99);
      out.push({ text: bi(`对 ${duis}`, `对 ${duis}`), cls: over ? "hot" : "" });
    }
    return out;
  },

  seatDetail(view, seat, ctx) {
    const melds = view.melds?.[seat] ?? [];
    const river = this.tokens(view.rivers?.[seat] ?? "");
    const parts = [];
    if (melds.length) {
      parts.push(h("div", { class: "melds" }, melds.map((m) => h("div", { class: "meld" },
        h("span", { class: "meld-kind" }, m.kind), meldCards(this, view, m)))));
    }
    if (river.length) {
      // long cards cropped to their top half: the 汉字 (and a 花) stay big enough to read
      parts.push(h("div", { class: "river", title: bi("弃牌", "discards") },
        cardRow(this, view, river.slice(-RIVER_SHOWN), this.sizes(view).river, "stubs")));
    }
    const open = generic.seatDetail.call(this, view, seat, ctx);
    if (open) parts.push(open);
    return parts.length ? h("div", { class: "bg-detail" }, parts) : null;
  },

  track(_recent, events) {
    return { events: events.slice(-3) };
  },

  center(view, ctx) {
    const parts = [];
    if (view.phase === "over") {
      const pair = ENDS[view.end] ?? [String(view.end), String(view.end)];
      parts.push(h("div", { class: "center-banner" }, bi(...pair)));
    }
    if (view.pending) {
      parts.push(h("div", { class: "trick-play" },
        h("div", { class: "trick-who" }, bi(`${ctx.name(view.pending.seat)} 打出`, `${ctx.name(view.pending.seat)} discards`)),
        cardRow(this, view, [view.pending.card], this.sizes(view).trick)));
    }
    parts.push(h("div", { class: "stock" }, bi(`牌墩余 ${view.stock ?? 0} 张`, `${view.stock ?? 0} in the stock`)));
    return h("div", { class: "bg-center" }, parts);
  },

  bubbles(events) {
    const out = [];
    for (const ev of events) {
      if (ev.kind === "claimed") out.push({ seat: ev.seat, text: `${ev.claim}！`, cls: "gold" });
      if (ev.kind === "won") out.push({ seat: ev.seat, text: bi("胡！", "胡!"), cls: "hot" });
      if (ev.kind === "zha") out.push({ seat: ev.seat, text: "紮", cls: "gold" });
    }
    return out;
  },

  status(view) {
    const pair = PHASES[view.phase];
    return pair ? bi(...pair) : String(view.phase ?? "");
  },

  prompt(view) {
    if (view.phase === "window") return bi("有人打牌：对、招、胡还是过？", "对, 招, 胡 or pass?");
    if (view.phase === "qingtong") return bi("请统：要紮吗？", "请统: 紮 now?");
    return touchScreen()
      ? bi("点一张牌，再按打出", "Tap a card, then press discard")
      : bi("选一张牌打出（右键直接打）", "Pick a card to discard (right-click discards)");
  },

  /** The winners' hands as cards, group by group (句 坎 紮 泛 对 招, then the 听头), from
   * the settlement's items: each unit item's kind and cards are its message's params. */
  settlementHands(settlement, name) {
    const items = (settlement?.items ?? []).filter((i) => i.code === "unit" || i.code === "tingtou");
    const seats = [...new Set(items.map((i) => i.seat))].filter((s) => typeof s === "number");
    if (!seats.length) return null;
    const height = this.sizes().win;
    return h("div", { class: "win-hands", "data-testid": "win-hands" }, seats.map((seat) => {
      const groups = items.filter((i) => i.seat === seat).map((item) => {
        const params = item.label?.params ?? {};
        const kind = item.code === "tingtou" ? "听头" : String(params.kind ?? "");
        const cards = this.tokens(params.cards);
        return h("div", { class: `win-group${item.code === "tingtou" ? " tingtou" : ""}`,
                          "data-kind": kind, "data-cards": cards.join(" ") },
          cards.length ? cardRow(this, {}, cards, height) : null,
          h("div", { class: "win-kind" }, kind, h("span", { class: "win-hu" }, bi(`${item.value} 胡`, `${item.value} hu`))));
      });
      return h("div", { class: "win-hand", "data-seat": seat },
        h("div", { class: "win-who" }, bi(`${name(seat)} 胡牌`, `${name(seat)}'s winning hand`)),
        h("div", { class: "win-groups" }, groups));
    }));
  },

  /** 请统 with nothing to 紮: the server says 不紮 for this seat after its fixed pause. */
  autoText(view) {
    return view.phase === "qingtong"
      ? bi("请统：没有可紮的，稍候自动不紮", "请统: nothing to 紮, you pass in a moment")
      : null;
  },

  eventText(ev, ctx) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "drew": return ev.card ? bi(`${who} 摸到 ${ev.card}`, `${who} draws ${ev.card}`)
        : bi(`${who} 摸了一张`, `${who} draws`);
      case "discarded": return bi(`${who} 打 ${ev.card}`, `${who} discards ${ev.card}`);
      case "claimed": return bi(`${who} ${ev.claim} ${ev.cards}`, `${who} ${ev.claim}s ${ev.cards}`);
      case "zha": return bi(`${who} 紮${ev.cards ? ` ${ev.cards}` : ""}`, `${who} 紮${ev.cards ? ` ${ev.cards}` : ""}`);
      case "kaifan": return bi(`${who} 开泛`, `${who} 开泛`);
      case "answered": return ev.answer ? bi(`${who} 答：${ev.answer}`, `${who} answers ${ev.answer}`) : null;
      case "qingtong_passed": return bi(`${who} 不紮`, `${who} passes 请统`);
      case "won": return bi(`${who} 胡！${ev.hu} 胡`, `${who} wins: ${ev.hu} 胡`);
      case "deal_ended": return bi(...(ENDS[ev.reason] ?? [ev.reason, ev.reason]));
      default: return generic.eventText(ev, ctx);
    }
  },
};

export default biegan;
