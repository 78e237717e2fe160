// 秀山字牌 (麻雀福 · 黄六福 · 十八福): 大小字 cards drawn as text (no card art yet), each
// seat's laid groups (a face-down 哨 / 龙灯 whose card was never shown is a row of backs)
// and discards, the shown 堂子头 card or the discard being answered in the middle.

import { h, touchScreen } from "../dom.js";
import { bi } from "../i18n.js";
import { cardBack } from "../cards/common.js";
import { cardRow, generic } from "./generic.js";

const PHASES = {
  turn: ["打一张牌", "discard a card"],
  drawn: ["堂子头起牌：胡、成组还是过？", "a card from the 堂子头: 胡, a group or pass?"],
  window: ["有人打牌：胡、碰、开召还是过？", "a discard: 胡, 碰, 开召 or pass?"],
  over: ["本局结束", "the deal is over"],
};
const ENDS = { huang: ["黄庄：没人和牌", "黄庄: nobody won"], hu: ["和牌", "和"] };
const RIVER_SHOWN = 12;

function groupCards(renderer, view, meld) {
  const height = renderer.sizes(view).table;
  if (meld.cards) return cardRow(renderer, view, renderer.tokens(meld.cards), height);
  const backs = Array.from({ length: meld.size },
    () => h("span", { class: "mini-card" }, cardBack(46, 120, { height })));
  return h("div", { class: "card-row" }, backs);
}

export const xiushan = {
  ...generic,
  name: "xiushan",
  sizes() {
    return { hand: 110, trick: 96, table: 54, river: 54 };
  },

  tokens(text) {
    return [...String(text ?? "").replace(/\s+/g, "")];
  },

  freshCard(view) {
    return view.my_drawn ?? null;
  },

  playLabel() {
    return bi("打出", "Discard");
  },

  seatBadges(view, seat) {
    const out = [];
    if (view.dealer === seat) out.push({ text: bi("庄", "dealer"), cls: "gold" });
    if (Array.isArray(view.active) && !view.active.includes(seat)) {
      out.push({ text: bi("不打", "sits out"), cls: "" });
    }
    return out;
  },

  seatDetail(view, seat, ctx) {
    const melds = (seat === ctx.me ? view.my_melds : view.melds?.[seat]) ?? [];
    const river = this.tokens(view.rivers?.[seat] ?? "");
    const parts = [];
    if (melds.length) {
      parts.push(h("div", { class: "melds" }, melds.map((m) => h("div", { class: "meld" },
        h("span", { class: "meld-kind" }, m.kind), groupCards(this, view, m)))));
    }
    if (river.length) {
      parts.push(h("div", { class: "river", title: bi("弃牌", "discards") },
        cardRow(this, view, river.slice(-RIVER_SHOWN), this.sizes(view).river)));
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
    const offer = view.offer;
    if (offer) {
      const who = ctx.name(offer.seat);
      const what = offer.drawn ? bi(`${who} 堂子头起`, `${who} turns up`) : bi(`${who} 打出`, `${who} discards`);
      const height = this.sizes(view).trick;
      const card = offer.card ? cardRow(this, view, [offer.card], height)
        : h("div", { class: "card-row" }, h("span", { class: "mini-card" }, cardBack(46, 120, { height })));
      parts.push(h("div", { class: "trick-play" }, h("div", { class: "trick-who" }, what), card));
    }
    const facts = [bi(`堂子余 ${view.stock ?? 0} 张`, `${view.stock ?? 0} in the stock`)];
    if (view.jiang) facts.push(bi(`翻 ${view.flipped} · 将 ${view.jiang}`, `flipped ${view.flipped} · 将 ${view.jiang}`));
    if (view.threshold) facts.push(bi(`起胡 ${view.threshold} 胡`, `${view.threshold} 胡 to win`));
    parts.push(h("div", { class: "stock" }, facts.join(" · ")));
    return h("div", { class: "bg-center" }, parts);
  },

  bubbles(events) {
    const out = [];
    for (const ev of events) {
      if (ev.kind === "laid" && !ev.hidden) out.push({ seat: ev.seat, text: `${ev.group}！`, cls: "gold" });
      if (ev.kind === "bakuai") out.push({ seat: ev.seat, text: bi("八块！", "八块!"), cls: "gold" });
      if (ev.kind === "won") out.push({ seat: ev.seat, text: bi("和！", "和!"), cls: "hot" });
    }
    return out;
  },

  status(view) {
    const pair = PHASES[view.phase];
    return pair ? bi(...pair) : String(view.phase ?? "");
  },

  prompt(view) {
    if (view.phase === "window") return bi("有人打牌：胡、碰、开召还是过？", "胡, 碰, 开召 or pass?");
    if (view.phase === "drawn") return bi("堂子头起的牌：胡、成组还是过？", "the turned-up card: 胡, a group or pass?");
    return touchScreen()
      ? bi("点一张牌，再按打出", "Tap a card, then press discard")
      : bi("选一张牌打出（右键直接打）", "Pick a card to discard (right-click discards)");
  },

  eventText(ev, ctx) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "drew":
        if (!ev.card) return bi(`${who} 起了一张牌`, `${who} draws a card`);
        return bi(`${who} 堂子头起 ${ev.card}`, `${who} turns up ${ev.card}`);
      case "taken": return bi(`${who} 收进 ${ev.card}`, `${who} takes ${ev.card}`);
      case "discarded": return bi(`${who} 打 ${ev.card}`, `${who} discards ${ev.card}`);
      case "laid": {
        const card = ev.card ? ` ${ev.card.repeat(ev.size)}` : "";
        const how = ev.hidden ? bi("撲", "face down") : "";
        return bi(`${who} ${ev.group}${card}${how ? `（${how}）` : ""}`, `${who} ${ev.group}${card}${how ? ` (${how})` : ""}`);
      }
      case "bakuai": return bi(`${who} 八块，下家摸牌`, `${who}: 八块, the next seat draws`);
      case "answered": return ev.answer ? bi(`${who} 答：${ev.answer}`, `${who} answers ${ev.answer}`) : null;
      case "won": return bi(`${who} 和！${ev.youzi} 油子，${ev.dou} 豆`, `${who} wins: ${ev.youzi} 油子, ${ev.dou} 豆`);
      case "deal_ended": return bi(...(ENDS[ev.reason] ?? [ev.reason, ev.reason]));
      default: return generic.eventText(ev, ctx);
    }
  },
};

export default xiushan;
