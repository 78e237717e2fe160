// 双别杆 / 赖子花牌: 上大人 character cards, melds (对 招 紮 泛) and discards per seat,
// the discard being answered in the middle.

import { h } from "../dom.js";
import { bi } from "../i18n.js";
import { charCard, charFace } from "../cards/shangdaren.js";
import { cardBack } from "../cards/common.js";
import { cardRow, narrowScreen, winHands, wonCards } from "./generic.js";
import { claimAsk, claimTable, discardPrompt, endBanner, passTip, shownLead } from "./claimtable.js";

const PHASES = {
  qingtong: ["请统：要紮的现在紮", "请统 (the round for fours): lay any 紮 (four alike) now"],
  turn: ["打一张牌", "discard a card"],  // the draw is made for the seat (none on the dealer's first turn)
  after_dui: ["对了之后打一张", "discard after the 对"],
  window: ["有人打牌，各家答话", "a discard: each seat answers"],  // the prompt lists the viewer's own options
  over: ["本局结束", "the deal is over"],
};
const ENDS = { huang: ["黄庄：没人胡", "黄庄: nobody won"], hu: ["胡牌", "胡: the deal is won"] };

export const biegan = {
  /** What each word does, as its button's tooltip (a newcomer had to open 玩法说明). */
  wordTips: {
    hu: () => bi("胡：用这张牌胡牌", "胡 (hú): win with this card"),
    dui: () => bi("对：拿这张凑上手里的一对，三张亮出来", "对 (duì): this card and a pair in your hand, the three laid open"),
    zhao: () => bi("招：拿这张凑上手里的三张，四张亮出来", "招 (zhāo): this card and three alike in your hand, the four laid open"),
    zha: () => bi("紮：手里四张一样的放下", "紮 (zhā): lay down four alike from your hand"),
    kaifan: () => bi("开泛：给你的紮或招加上第五张，成泛", "开泛: add the fifth card to your 紮 or 招 (a 泛)"),
    fan: () => bi("泛：要来别人打出的第五张，给你的紮或招成泛", "泛 (fàn): claim the discarded fifth card for your 紮 or 招"),
    // (in 请统 过 lets the round for fours go by: "不要这张" named no card there)
    pass: (view) => (view.phase === "qingtong" ? bi("过：这一轮不紮", "pass (过): no 紮 this round") : passTip()),
  },

  ...claimTable,
  name: "biegan",
  phases: PHASES,
  ends: ENDS,

  backCard(height) {
    return cardBack(46, 150, { height });
  },

  /** `open`: a hand shown face up (a replay's 全部明牌): at the table's size a desktop drew
   * 25 long cards 11 px wide, unreadable (a play-test); a phone's narrow rows wrap them
   * at that size already. */
  sizes() {
    const phone = narrowScreen();
    return { hand: 118, trick: 104, table: 58, river: 72, win: 56, open: phone ? 46 : 72 };
  },

  handOverlap: 0.25,

  /** Cards as Chinese text says them: a flowered card 花三 where the notation writes 三*,
   * and a run holding one spaced card by card (化 花三 千; 六花七八 read as 六花 + 七八), as
   * the server's labels say them (cards.py said_zh), in English too (the game's term:
   * the notation's 乙* read as a stray mark in an English review — a play-test). */
  said(cards) {
    const text = String(cards ?? "");
    const tokens = text.match(/[^\s*]\*?/g) ?? [];
    if (!tokens.some((t) => t.endsWith("*"))) return text;
    return tokens.map((t) => (t.endsWith("*") ? `花${t[0]}` : t)).join(" ");
  },

  tokens(text) {
    return [...String(text ?? "").matchAll(/([^\s*])(\*?)/g)].map((m) => m[1] + m[2]);
  },

  /** A card, marked 精 when its face is one of the view's `jing` (the deal's reading:
   * 三五七, or 乙三五七九 with 五精); without a view (a settlement's hands) unmarked. */
  card(token, view, opts) {
    const jing = Array.isArray(view?.jing) && view.jing.includes(charFace(token).ch);
    return charCard(token, { ...opts, jing });
  },

  freshCard(view) {
    return view.drawn ?? null;
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

  center(view, ctx) {
    const parts = [endBanner(this, view)];
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
      if (ev.kind === "won") out.push({ seat: ev.seat, text: bi("胡！", "胡 — win!"), cls: "hot" });
      if (ev.kind === "zha") out.push({ seat: ev.seat, text: "紮", cls: "gold" });
    }
    return out;
  },

  prompt(view, ctx) {
    if (view.phase === "window") {
      const ask = claimAsk(ctx, shownLead(ctx, view.pending, (c) => this.said(c)), ["有人打牌：对、招、胡还是过？", "对, 招, 胡 or pass?"]);
      const limit = view.dui_limit;
      if (!view.dui_warn) return ask;  // the engine says when one more 对 binds 包
      return bi(`${ask}（你已对 ${limit} 次：再对，别家胡了你包）`,
        `${ask} (${limit} 对 made, the limit: one more and you pay the whole win if another seat wins)`);
    }
    if (view.phase === "qingtong") return bi("请统：要紮吗？", "请统 (the round for fours): lay a 紮 (four alike)?");
    return discardPrompt();
  },

  /** The winners' hands as cards, group by group (句 坎 紮 泛 对 招, then the 听头), from
   * the settlement's items: each unit item's kind and cards are its message's params. */
  settlementHands(settlement, name, view) {
    const items = (settlement?.items ?? []).filter((i) => i.code === "unit" || i.code === "tingtou");
    return winHands(this, view, items, this.sizes().win, (seat) => bi(`${name(seat)} 胡牌`, `${name(seat)}'s winning hand`),
      (item) => {
        const params = item.label?.params ?? {};
        return {
          tokens: this.tokens(params.cards),
          kind: item.code === "tingtou" ? "听头" : String(params.kind ?? ""),
          value: `${item.value} 胡`,  // as the breakdown beside it says it (2 hu / 2 胡: a play-test)
          cls: item.code === "tingtou" ? "tingtou" : "",
        };
      }, wonCards(this, settlement, bi("胡", "won"), bi("胡的那张", "the card it won on")));
  },

  /** 请统 with nothing to 紮: the server answers 不紮 for this seat after its fixed pause
   * (a discard with nothing to claim: the claim table's line). */
  autoText(view) {
    if (view.phase === "qingtong") return bi("请统：没有可紮的，稍候自动不紮", "请统 (the round for fours): no four alike to lay, you pass in a moment");
    return claimTable.autoText.call(this, view);
  },

  eventText(ev, ctx) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "drew": return ev.card ? bi(`${who} 摸到 ${this.said(ev.card)}`, `${who} draws ${this.said(ev.card)}`)
        : bi(`${who} 摸了一张`, `${who} draws`);
      // English keeps the game's words (对 / 招 …) but not as English verbs ("对s")
      case "claimed": return bi(`${who} ${ev.claim} ${this.said(ev.cards)}`, `${who} claims ${this.said(ev.cards)} (${ev.claim})`);
      case "zha": return bi(`${who} 紮${ev.cards ? ` ${this.said(ev.cards)}` : ""}`, `${who} lays a 紮${ev.cards ? ` ${this.said(ev.cards)}` : " face down"}`);
      case "kaifan": return bi(`${who} 开泛`, `${who} opens a 泛 (开泛)`);
      // (不紮了 read as a choice for a seat with no four: a play-test; the event is one)
      case "qingtong_passed": return bi(`${who} 请统完了`, `${who} is done with 请统`);
      case "won": return bi(`${who} 胡！${ev.hu} 胡`, `${who} wins: ${ev.hu} 胡`);
      default: return claimTable.eventText.call(this, ev, ctx);
    }
  },
};

export default biegan;
