// 秀山字牌 (麻雀福 · 黄六福 · 十八福): the 大小字 cards (cards/dazi.js), each seat's laid
// groups (a face-down 哨 / 龙灯 whose card was never shown is a row of backs) and
// discards, the shown 堂子头 card or the discard being answered in the middle with the
// flipped 将 card, what the viewer is forced to do, and its waits while its hand is one
// card short (the engine's `my_waits`: the calculator's, with the copies unseen).

import { h } from "../dom.js";
import { bi } from "../i18n.js";
import { itemValue } from "../settlement.js";
import { cardBack } from "../cards/common.js";
import { DAZI_SIZE, daziCard } from "../cards/dazi.js";
import { cardRow, narrowScreen, winHands, wonCards } from "./generic.js";
import { claimAsk, claimTable, discardPrompt, endBanner, passTip, shownLead } from "./claimtable.js";
import { abacusFor, boEventText, boFacts, owedPrompt, waitRefusal } from "./abacus.js";

const PHASES = {
  turn: ["打一张牌", "discard a card"],
  drawn: ["堂子头起牌，起牌的人先答", "a card turned up from the 堂子头: its drawer answers first"],
  window: ["有人打牌，各家答话", "a discard: each seat answers"],  // the prompt lists the viewer's own options
  over: ["本局结束", "the deal is over"],
  announce: ["报子，报出刚落地的组是几个钱", "报子 — announce the group just laid, in 钱"],
};
const ENDS = { huang: ["黄庄：没人和牌", "黄庄: nobody won"], hu: ["和牌", "和: the deal is won"] };
const GROUPS = { peng: "碰", kaizhao: "开召", ji: "鸡", shao: "哨", longdeng: "龙灯" }; // by action kind
const SAY_FORCED = { 哨: "撲哨", 龙灯: "撲龙灯" }; // "哨必须放到桌子上撲起" [S]

/** The group the viewer must make now, by its 汉字 name, if any: read from its legal
 * actions (the state message's `legal_info`, by kind) — a group with neither 过 nor 胡. */
export function forcedGroup(legal) {
  if (!Array.isArray(legal) || legal.some((a) => a.kind === "pass" || a.kind === "hu")) return null;
  const group = legal.find((a) => a.kind in GROUPS);
  return group ? GROUPS[group.kind] : null;
}

function waitsRow(renderer, view) {
  const waits = view.my_waits ?? [];
  if (!waits.length) return null;
  const height = renderer.sizes(view).wait;
  return h("div", { class: "xs-waits", "data-testid": "waits" },
    h("span", { class: "xs-waits-label" }, bi("听", "waits")),
    waits.map((w) => waitItem(renderer, view, w, height)));
}

/** What a wait is worth: on a discard, and self-drawn where that differs (十八福's 自摸 豆):
 * `3豆·自摸4`; a card that wins only self-drawn says so. `sep` joins the two. */
function worth(w, unit, sep, gap = "") {
  const u = `${gap}${unit}`;  // the title spaces "69 钱", the note does not
  if (w.score === null) return bi(`自摸${gap}${w.score_self_drawn}${u}`, `${w.score_self_drawn} ${unit} self-drawn only`);
  if (w.score_self_drawn !== null && w.score_self_drawn !== w.score) {
    return bi(`${w.score}${u}${sep}自摸${gap}${w.score_self_drawn}`, `${w.score} ${unit}${sep}self-drawn ${w.score_self_drawn}`);
  }
  return bi(`${w.score}${u}`, `${w.score} ${unit}`);
}

/** One wait: its card, value (钵福: 钱, 油子 × 翻; else 豆) and copies left, and in 钵福
 * why the 钵 does not let it win now (`refused`, games/abacus.js). */
function waitItem(renderer, view, w, height) {
  const unit = view.bo ? "钱" : "豆";
  const refused = view.bo ? waitRefusal(w, Boolean(view.bo.training)) : "";
  const why = refused ? bi(`，${refused}`, `, ${refused}`) : "";
  return h("span", { class: refused ? "xs-wait refused" : "xs-wait", "data-card": w.card,
                     title: bi(`${w.card}：${worth(w, unit, "，", " ")}，还剩 ${w.remaining} 张${why}`,
                               `${w.card}: ${worth(w, unit, ", ")}, ${w.remaining} left${why}`) },
    cardRow(renderer, view, [w.card], height),
    h("span", { class: "xs-wait-note" }, bi(`${worth(w, unit, "·")}·剩${w.remaining}`, `${worth(w, unit, " ·")} ·${w.remaining} left`)),
    refused ? h("span", { class: "xs-wait-note xs-wait-refused", "data-testid": "wait-refused" },
      refused) : null);
}

export const xiushan = {
  /** What each word does, as its button's tooltip (玩法说明's 几种放子的说法). */
  wordTips: {
    hu: () => bi("和：用这张牌和牌（有的地方叫胡）", "和 (hú, also written 胡): win with this card"),
    peng: () => bi("碰：这张凑上手里的一对，三张放下", "碰 (pèng): this card and a pair in your hand, the three laid down"),
    shao: () => bi("哨：三张一样的扣着放下", "哨 (shào): three alike laid face down"),
    kaizhao: () => bi("开召：给扣着的哨（三六福是手里的坎）加上第四张", "开召: the fourth card onto your face-down 哨 (in 三六福 your 坎)"),
    ji: () => bi("鸡：给自己的碰加上翻开的第四张", "鸡 (jī): the turned-up fourth card onto your own 碰"),
    longdeng: () => bi("龙灯：四张一样的扣着放下", "龙灯: four alike laid face down"),
    pass: passTip,
  },

  ...claimTable,
  name: "xiushan",
  phases: PHASES,
  ends: ENDS,
  faceDownRow: "card-row face-down",

  backCard(height) {
    return cardBack(DAZI_SIZE.w, DAZI_SIZE.h, { height });
  },

  /** Laid groups (`table`) and discards (`river`, drawn as stubs: xiushan.css crops them
   * to their top character) big enough to read at a glance across the table — at 48 px
   * a 捌 or 壹 on an opponent's river was a blur (xiushan.css shrinks a three-seat
   * desktop table's seats to 0.75 of these); my waits (`wait`) likewise; the flipped 将
   * card (`flip`) sits in the crowded centre column and keeps its old size. */
  sizes() {
    const phone = narrowScreen();
    return phone ? { hand: 92, trick: 84, table: 52, river: 60, wait: 46, flip: 60, win: 64 }
      : { hand: 112, trick: 96, table: 64, river: 66, wait: 56, flip: 48, win: 72 };
  },

  handOverlap: 0.2,

  card(token, _view, opts) {
    return daziCard(token, opts);
  },

  tokens(text) {
    return [...String(text ?? "").replace(/\s+/g, "")];
  },

  freshCard(view) {
    return view.my_drawn ?? null;
  },

  /** The decision is the 报数 practice's own question (my 报子 owed): no 提示 for it. */
  practising(view) {
    return Boolean(view.my_owed);
  },

  seatBadges(view, seat) {
    const out = [];
    if (view.dealer === seat) out.push({ text: bi("庄", "dealer"), cls: "gold" });
    if (Array.isArray(view.active) && !view.active.includes(seat)) {
      // 麻雀福's fifth player is the 老爷 (two cards set aside, out of play), 钵福's the 巽家
      const who = { laoye: bi("老爷 · 不打", "老爷 · sits out"), xun: bi("巽家 · 不打", "巽家 · sits out") };
      out.push({ text: who[view.idle] ?? bi("不打", "sits out"), cls: "" });
    }
    return out;
  },

  /** The viewer's own groups come with their cards (``my_melds``), a face-down 哨 too. */
  seatMelds(view, seat, ctx) {
    return (seat === ctx.me ? view.my_melds : view.melds?.[seat]) ?? [];
  },

  /** The viewer's waits, then 钵福's 算盘 (games/abacus.js). */
  seatExtras(view, seat, ctx) {
    return [seat === ctx.me ? waitsRow(this, view) : null, abacusFor(view, seat)];
  },

  center(view, ctx) {
    const parts = [endBanner(this, view)];
    const offer = view.offer;
    if (offer) {
      const who = ctx.name(offer.seat);
      const what = offer.drawn ? bi(`${who} 堂子头起`, `${who} turns up`) : bi(`${who} 打出`, `${who} discards`);
      const height = this.sizes(view).trick;
      const card = offer.card ? cardRow(this, view, [offer.card], height) : h("div", { class: "card-row" }, h("span", { class: "mini-card" }, this.backCard(height)));
      parts.push(h("div", { class: "trick-play", "data-testid": "offer" }, h("div", { class: "trick-who" }, what), card));
    }
    const forced = forcedGroup(ctx?.legal);
    if (forced) {
      parts.push(h("div", { class: "xs-forced", "data-testid": "forced" },
        bi(`必须${SAY_FORCED[forced] ?? forced}`, `you must ${forced}`)));
    }
    const facts = [bi(`堂子余 ${view.stock ?? 0} 张`, `${view.stock ?? 0} in the stock`)];
    // 油子 in English: "18 胡 to win" read as 18 wins (胡 is the win's word too)
    if (view.threshold) facts.push(bi(`起胡 ${view.threshold} 胡`, `${view.threshold} 油子 (yóuzi: the hand's points) to win`));
    const line = [h("span", {}, facts.join(" · "))];
    if (view.jiang && view.flipped) {
      line.push(h("span", { class: "xs-flip", "data-testid": "flipped" },
        bi("翻", "flipped"), cardRow(this, view, [view.flipped], this.sizes(view).flip),
        // glossed where it is first seen (an English play-test met 将 explained only in
        // the settlement)
        bi(`将 ${view.jiang}`, `将 (jiàng: groups of it score more) ${view.jiang}`)));
    }
    parts.push(h("div", { class: "stock xs-facts" }, line));
    const bo = boFacts(view, ctx);
    if (bo) parts.push(bo);
    return h("div", { class: "bg-center" }, parts);
  },

  bubbles(events) {
    const out = [];
    for (const ev of events) {
      if (ev.kind === "laid" && !ev.hidden) out.push({ seat: ev.seat, text: `${ev.group}！`, cls: "gold" });
      if (ev.kind === "bakuai") out.push({ seat: ev.seat, text: bi("八块！", "八块 — no discard!"), cls: "gold" });
      if (ev.kind === "won") out.push({ seat: ev.seat, text: bi("和！", "和 — win!"), cls: "hot" });
      if (ev.kind === "announced" && ev.outcome === "baozi") out.push({ seat: ev.seat, text: baoziText(ev), cls: "hot" });
    }
    return out;
  },

  prompt(view, ctx) {
    const owed = owedPrompt(view);
    if (owed) return owed;
    const forced = forcedGroup(ctx?.legal);
    if (forced) return bi(`必须${SAY_FORCED[forced] ?? forced}：按“${forced}”`, `forced: press “${forced}”`);
    if (view.phase === "window") return claimAsk(ctx, shownLead(ctx, view.offer), ["有人打牌：和、碰、开召还是过？", "和, 碰, 开召 or pass?"]);
    if (view.phase === "drawn") return claimAsk(ctx, ["堂子头起的牌", "Your turned-up card"], ["堂子头起的牌：和、成组还是过？", "the turned-up card: 和, a group or pass?"]);
    return discardPrompt();
  },

  /** The server answers a shown card for this seat after its fixed pause when it has one
   * answer: a forced group (碰 / 开召 / 鸡 / 哨 / 龙灯), 过 on its own 堂子头 card that makes
   * nothing, or (the claim table's line) 过 on a discard it can do nothing with. */
  /** The winner's hand as cards, group by group (落地碰 三三三, 手里联子 八九十 …), each
   * with its 油子, from the settlement's items: a group's kind, cards and place are its
   * message's params. */
  settlementHands(settlement, name, view) {
    const items = (settlement?.items ?? []).filter((i) => i.code === "group");
    return winHands(this, view, items, this.sizes().win,
      (seat) => bi(`${name(seat)} 和牌`, `${name(seat)}'s winning hand`),
      (item) => {
        const params = item.label?.params ?? {};
        const kind = String(params.kind ?? "");
        return {
          tokens: this.tokens(params.cards),
          // a 坎 the winning discard made scores as a 碰: said, or its 油子 read as wrong
          kind: (params.laid ? bi(`落地${kind}`, `laid ${params.kind_en ?? kind}`)
            : params.as_peng ? bi(`手里${kind}（按碰算）`, `in hand ${params.kind_en ?? kind} (as a 碰)`)
            : bi(`手里${kind}`, `in hand ${params.kind_en ?? kind}`))
            + (params.jiang ? bi("（将）", " (将)") : ""),  // why it is worth more
          value: itemValue(item),
          cls: params.laid ? "laid" : "",
        };
      }, wonCards(this, settlement, bi("和", "won"), bi("和的那张", "the card it won on")));
  },

  autoText(view, ctx) {
    const forced = forcedGroup(ctx?.legal);
    if (forced) {
      const say = SAY_FORCED[forced] ?? forced;
      return bi(`必须${say}，稍候自动${say}`, `you must ${forced}: it is made for you in a moment`);
    }
    if (view.phase === "drawn") return bi("起的牌成不了组，稍候自动过", "Your card makes no group: you pass in a moment");
    return claimTable.autoText.call(this, view);
  },

  eventText(ev, ctx, view) {
    const who = typeof ev.seat === "number" ? ctx.name(ev.seat) : "";
    switch (ev.kind) {
      case "drew":
        if (!ev.card) return bi(`${who} 起了一张牌`, `${who} draws a card`);
        return bi(`${who} 堂子头起 ${ev.card}`, `${who} turns up ${ev.card}`);
      case "taken": return bi(`${who} 收进 ${ev.card}`, `${who} takes ${ev.card}`);
      case "laid": {
        const card = ev.card ? ` ${ev.card.repeat(ev.size)}` : "";
        const forced = !ev.hidden && forcedOn(ev, ctx, view);
        const how = ev.hidden ? "撲" : forced ? "必须的" : "";
        return bi(`${who} ${ev.group}${card}${how ? `（${how}）` : ""}`, laidEnglish(ev, who, card, forced));
      }
      case "bakuai": return bi(`${who} 八块，下家摸牌`, `${who}: 八块 (a second 4-set: no discard), the next seat draws`);
      case "won":
        if (view?.bo) return bi(`${who} 和！${ev.youzi} 油子`, `${who} wins: ${ev.youzi} 油子`);
        if (view?.youzi === false) return bi(`${who} 和！${ev.dou} 豆`, `${who} wins: ${ev.dou} 豆`);  // 麻雀福 不计油子
        return bi(`${who} 和！${ev.youzi} 油子，${ev.dou} 豆`, `${who} wins: ${ev.youzi} 油子, ${ev.dou} 豆`);
      // my forced 碰 / 开召 / 鸡 (必须碰) was answered for me: 你 答：碰 read as my press,
      // and the （必须的） line under it said it again (a play-test)
      case "answered":
        if (forcedMine(ev, ev.answer, ctx, view)) return null;
        return claimTable.eventText.call(this, ev, ctx);
      case "announced":
      case "abacus_win": return boEventText(ev, who);
      default: return claimTable.eventText.call(this, ev, ctx);
    }
  },
};

export default xiushan;

/** My 碰 / 开召 / 鸡 of another seat's card where the rules force it (必须碰): the card was
 * taken for me without a question, and only the log said so (a play-test, the terminal's
 * （必须的） too). */
function forcedOn(ev, ctx, view) {
  return typeof ev.from_seat === "number" && forcedMine(ev, ev.group, ctx, view);
}

/** Whether `claim` (碰 / 开召 / 鸡) in `ev` is mine, and one the rules make for me. */
function forcedMine(ev, claim, ctx, view) {
  return view?.forced_claims === true && ctx.me !== null && ev.seat === ctx.me && FORCED_CLAIMS.has(claim);
}

const FORCED_CLAIMS = new Set(["碰", "开召", "鸡"]);

/** A laid group in English with a verb, as 双别杆's log says a claim (阿甲 碰 九九九 told an
 * English reader nothing, not even that it was a claim: a play-test): another seat's card
 * is claimed, one's own draw or deal laid. */
function laidEnglish(ev, who, card, forced) {
  if (ev.hidden) return `${who} lays a ${ev.group} face down`;
  const verb = typeof ev.from_seat === "number" ? "claims" : "lays";
  return `${who} ${verb}${card} (${ev.group}${forced ? ", forced" : ""})`;
}

/** 钵福: a wrong 报子 said over the seat at once (the log alone was easy to miss), with
 * what it should have been where the viewer may know it. */
function baoziText(ev) {
  const known = ev.correct !== null && ev.correct !== undefined;
  return known ? bi(`吃包子！应报 ${ev.correct}`, `吃包子! It was ${ev.correct}`) : bi("吃包子！", "吃包子!");
}
